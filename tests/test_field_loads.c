/* Field loads (lib/loads/field_loads.h): Morison hydrodynamics and
 * regularized Coulomb friction on a support plane, for both element kinds.
 *
 *  - Jacobian blocks dr/dq, dr/dv, dr/da against central differences of the
 *    residual, on random 3D elements (strains up to +-30 %, curved ANCF
 *    slopes) with moving material coordinates (sdot, sddot != 0), and the
 *    weighted Jacobian against the weighted sum of the blocks;
 *  - the residual against an independent evaluation: positions from the
 *    paper's own shape functions (paper 001 eq. 8, linear for the axial
 *    element), particle velocity, acceleration, tangent and virtual
 *    displacement S = dr/dq (fixed s) all by finite differences, the force
 *    laws written out again, the same 5-point Gauss rule;
 *  - physical checks on straight multi-element cables: buoyancy, normal and
 *    tangential drag (mesh motion and pure material flow give the same
 *    force), current = cable moving against it, added mass, friction of a
 *    sliding cable with its eps -> 0 limit, weight and contact band;
 *  - the particle kinematics against the elements' own inertia residual;
 *  - the terms mask of the hydrodynamic load (the parts add up to the whole),
 *    NULL outputs and rates, an element kind without kinematics.
 *
 * Tolerances: Jacobian differences with steps 1e-6 (1 + |x|); the largest
 * scaled error measured (fd.h's max-norm) is below 1e-8, checked at 1e-6.
 * The independent residual uses second differences in time (step 1e-4):
 * measured below 3e-8, checked at 1e-6.  Closed forms without differencing
 * are checked at 1e-12 relative. */
#include "suites.h"
#include "fd.h"
#include "elements/element.h"
#include "loads/field_loads.h"

#include <string.h>

Suite *suite_field_loads(void);

#define NDM 14
static const double PI = 3.14159265358979323846;

static const el_ops *kops(int kind) { return el_ops_get(kind); }
static int kndof(int kind) { return el_ndof(kops(kind)); }
static int sa_of(int kind) { return kind ? 6 : 3; }
static int sb_of(int kind) { return kind ? 13 : 7; }
static double dot3(const double a[3], const double b[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

/* ------------------------------------------------------------------------ */
/* random elements and states                                                */

/* r_A near the origin, chord (1 +- 0.3) l in a random direction, s_A in
 * [0, 1), l in [0.5, 1.5); ANCF slopes = chord/l + 0.3 random */
static void random_qe(unsigned *st, int kind, double *qe)
{
    double dir[3], nrm, l, len, sA;
    int i, sa = sa_of(kind), sb = sb_of(kind), xb = kind ? 7 : 4;
    for (i = 0; i < 3; i++) dir[i] = fd_rand(st);
    nrm = sqrt(dot3(dir, dir)) + 1e-3;
    l = 1.0 + 0.5 * fd_rand(st);
    len = l * (1.0 + 0.3 * fd_rand(st));
    sA = 0.5 + 0.5 * fd_rand(st);
    for (i = 0; i < 3; i++) {
        qe[i] = 0.1 * fd_rand(st);
        qe[xb + i] = qe[i] + len * dir[i] / nrm;
    }
    if (kind)
        for (i = 0; i < 3; i++) {
            qe[3 + i] = len / l * dir[i] / nrm + 0.3 * fd_rand(st);
            qe[10 + i] = len / l * dir[i] / nrm + 0.3 * fd_rand(st);
        }
    qe[sa] = sA;
    qe[sb] = sA + l;
}

static void random_vec(unsigned *st, int kind, double *v, double scale, int fixed_s)
{
    int a;
    for (a = 0; a < kndof(kind); a++) v[a] = scale * fd_rand(st);
    if (fixed_s) v[sa_of(kind)] = v[sb_of(kind)] = 0.0;
}

/* ------------------------------------------------------------------------ */
/* finite differences of the element residual                                */

typedef struct eval_ctx {
    int kind, load; /* load: 0 hydro, 1 friction */
    hydro_params hp;
    friction_params fp;
    el_params par;
    double q[NDM], v[NDM], a[NDM];
} eval_ctx;

static void eval(const eval_ctx *c, const double *q, const double *v, const double *a, double *re, double cq,
                 double cv, double ca, double *ke)
{
    int st = c->load ? friction_element(&c->fp, kops(c->kind), &c->par, q, v, a, re, cq, cv, ca, ke)
                     : hydro_element(&c->hp, kops(c->kind), &c->par, q, v, a, re, cq, cv, ca, ke);
    ck_assert_int_eq(st, 0);
}

/* block 0: d/dq, 1: d/dv, 2: d/da */
static void fd_block(const eval_ctx *c, int which, double *k)
{
    int nd = kndof(c->kind), a, b;
    for (b = 0; b < nd; b++) {
        double x[3][NDM], rp[NDM], rm[NDM], h;
        memcpy(x[0], c->q, sizeof x[0]);
        memcpy(x[1], c->v, sizeof x[1]);
        memcpy(x[2], c->a, sizeof x[2]);
        h = 1e-6 * (1.0 + fabs(x[which][b]));
        x[which][b] += h;
        eval(c, x[0], x[1], x[2], rp, 0, 0, 0, NULL);
        x[which][b] -= 2.0 * h;
        eval(c, x[0], x[1], x[2], rm, 0, 0, 0, NULL);
        for (a = 0; a < nd; a++) k[a * nd + b] = (rp[a] - rm[a]) / (2.0 * h);
    }
}

/* every block against differences, the weighted Jacobian against the blocks;
 * returns the largest scaled error of the blocks */
static double check_jacobian(const eval_ctx *c)
{
    int nd = kndof(c->kind), w, k;
    double kb[3][NDM * NDM], kfd[NDM * NDM], kw[NDM * NDM], ksum[NDM * NDM], r0[NDM], r1[NDM], err = 0.0;
    const double cw[3] = {0.37, 1.9, -2.3};
    for (w = 0; w < 3; w++) {
        double e;
        eval(c, c->q, c->v, c->a, r0, w == 0, w == 1, w == 2, kb[w]);
        fd_block(c, w, kfd);
        e = fd_relerr(kb[w], kfd, nd * nd, 1e-10);
        if (e > err) err = e;
        ck_assert_double_le(e, 1e-6);
    }
    eval(c, c->q, c->v, c->a, r1, cw[0], cw[1], cw[2], kw);
    for (k = 0; k < nd * nd; k++) ksum[k] = cw[0] * kb[0][k] + cw[1] * kb[1][k] + cw[2] * kb[2][k];
    ck_assert_double_le(fd_relerr(kw, ksum, nd * nd, 1e-10), 1e-12);
    /* the residual does not depend on the weights, nor on whether ke is asked */
    eval(c, c->q, c->v, c->a, r1, 0, 0, 0, NULL);
    ck_assert_double_le(fd_relerr(r0, r1, nd, 1e-300), 0.0);
    return err;
}

static void hydro_random(unsigned *st, hydro_params *hp)
{
    int i;
    hydro_params_init(hp);
    hp->rho_f = 1000.0 * (1.0 + 0.1 * fd_rand(st));
    hp->d = 0.05 * (1.0 + 0.5 * fd_rand(st));
    hp->C_dn = 1.2 + 0.3 * fd_rand(st);
    hp->C_dt = 0.02 + 0.01 * fd_rand(st);
    hp->C_an = 1.0 + 0.2 * fd_rand(st);
    for (i = 0; i < 3; i++) {
        hp->U[i] = 0.8 * fd_rand(st);
        hp->g[i] = 5.0 * fd_rand(st);
    }
}

START_TEST(hydro_jacobian_blocks)
{
    unsigned st = 301u + 17u * (unsigned)_i;
    eval_ctx c;
    memset(&c, 0, sizeof c);
    c.kind = _i % 2;
    c.load = 0;
    c.par.rhoA = 2.0;
    hydro_random(&st, &c.hp);
    random_qe(&st, c.kind, c.q);
    random_vec(&st, c.kind, c.v, 1.0, _i % 4 >= 2);
    random_vec(&st, c.kind, c.a, 2.0, _i % 4 >= 2);
    check_jacobian(&c);
}
END_TEST

static void friction_random(unsigned *st, friction_params *fp, int law, double eps)
{
    double n[3];
    int i;
    friction_params_init(fp);
    for (i = 0; i < 3; i++) {
        n[i] = fd_rand(st);
        fp->point[i] = 0.1 * fd_rand(st);
    }
    n[2] += 2.0;
    for (i = 0; i < 3; i++) fp->normal[i] = n[i]; /* not unit: normalized inside */
    fp->g[0] = 0.5;
    fp->g[1] = -0.3;
    fp->g[2] = -9.81;
    fp->mu = 0.4;
    fp->eps = eps;
    fp->law = law;
    fp->normal_load = 0.7;
    fp->gap = fp->depth = HUGE_VAL; /* always in contact: no switching */
}

/* loops: kind, law, regime (|v_t| >> eps or << eps), s moving or fixed */
START_TEST(friction_jacobian_blocks)
{
    unsigned st = 907u + 13u * (unsigned)_i;
    int law = (_i / 2) % 2, slow = (_i / 4) % 2;
    eval_ctx c;
    memset(&c, 0, sizeof c);
    c.kind = _i % 2;
    c.load = 1;
    c.par.rhoA = 2.5;
    friction_random(&st, &c.fp, law, slow ? 50.0 : 1e-3);
    random_qe(&st, c.kind, c.q);
    random_vec(&st, c.kind, c.v, 1.0, _i >= 8);
    random_vec(&st, c.kind, c.a, 1.0, 0);
    check_jacobian(&c);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* independent residual                                                      */

/* position of the particle s: linear (axial) or the paper's eq. 8 (ANCF) */
static void ref_pos(int kind, double s, const double *q, double r[3])
{
    int i;
    if (kind == 0) {
        double xi = (s - q[3]) / (q[7] - q[3]);
        for (i = 0; i < 3; i++) r[i] = (1.0 - xi) * q[i] + xi * q[4 + i];
    } else {
        double p1 = q[6], p2 = q[13], p = s;
        double S1 = (p - p2) * (p - p2) * (2 * p - 3 * p1 + p2) / ((p2 - p1) * (p2 - p1) * (p2 - p1));
        double S2 = (p - p1) * (p - p2) * (p - p2) / ((p1 - p2) * (p1 - p2));
        double S3 = (p - p1) * (p - p1) * (2 * p + p1 - 3 * p2) / ((p1 - p2) * (p1 - p2) * (p1 - p2));
        double S4 = (p - p2) * (p - p1) * (p - p1) / ((p1 - p2) * (p1 - p2));
        for (i = 0; i < 3; i++) r[i] = S1 * q[i] + S2 * q[3 + i] + S3 * q[7 + i] + S4 * q[10 + i];
    }
}

typedef struct ref_point {
    double r[3], t[3], u[3], acc[3], S[3][NDM];
} ref_point;

static void ref_kinematics(int kind, double s, const double *q, const double *v, const double *a, ref_point *P)
{
    int nd = kndof(kind), i, b;
    double x[NDM], rp[3], rm[3], r0[3], h = 1e-5, h2 = 1e-4, n;
    ref_pos(kind, s, q, r0);
    memcpy(P->r, r0, sizeof r0);
    ref_pos(kind, s + h, q, rp);
    ref_pos(kind, s - h, q, rm);
    for (i = 0; i < 3; i++) P->t[i] = rp[i] - rm[i];
    n = sqrt(dot3(P->t, P->t));
    for (i = 0; i < 3; i++) P->t[i] /= n;
    /* u = d/dtau r(s; q + tau v), acc = d2/dtau2 r(s; q + tau v + tau^2/2 a) */
    for (b = 0; b < nd; b++) x[b] = q[b] + h * v[b];
    ref_pos(kind, s, x, rp);
    for (b = 0; b < nd; b++) x[b] = q[b] - h * v[b];
    ref_pos(kind, s, x, rm);
    for (i = 0; i < 3; i++) P->u[i] = (rp[i] - rm[i]) / (2 * h);
    for (b = 0; b < nd; b++) x[b] = q[b] + h2 * v[b] + 0.5 * h2 * h2 * a[b];
    ref_pos(kind, s, x, rp);
    for (b = 0; b < nd; b++) x[b] = q[b] - h2 * v[b] + 0.5 * h2 * h2 * a[b];
    ref_pos(kind, s, x, rm);
    for (i = 0; i < 3; i++) P->acc[i] = (rp[i] - 2 * r0[i] + rm[i]) / (h2 * h2);
    /* S = dr/dq at fixed s */
    for (b = 0; b < nd; b++) {
        memcpy(x, q, sizeof x);
        x[b] += h;
        ref_pos(kind, s, x, rp);
        x[b] -= 2 * h;
        ref_pos(kind, s, x, rm);
        for (i = 0; i < 3; i++) P->S[i][b] = (rp[i] - rm[i]) / (2 * h);
    }
}

static void ref_hydro_force(const hydro_params *hp, const ref_point *P, double f[3])
{
    double w[3], wt, wn[3], nwn, Ad = PI * hp->d * hp->d / 4, an;
    int i;
    for (i = 0; i < 3; i++) w[i] = hp->U[i] - P->u[i];
    wt = dot3(w, P->t);
    for (i = 0; i < 3; i++) wn[i] = w[i] - wt * P->t[i];
    nwn = sqrt(dot3(wn, wn));
    an = dot3(P->acc, P->t);
    for (i = 0; i < 3; i++)
        f[i] = 0.5 * hp->rho_f * hp->d * (hp->C_dn * nwn * wn[i] + PI * hp->C_dt * fabs(wt) * wt * P->t[i]) -
               hp->rho_f * Ad * hp->g[i] - hp->C_an * hp->rho_f * Ad * (P->acc[i] - an * P->t[i]);
}

static void ref_friction_force(const friction_params *fp, double rhoA, const ref_point *P, double f[3])
{
    double n[3], nn = sqrt(dot3(fp->normal, fp->normal)), vt[3], un, nv, N, den;
    int i;
    for (i = 0; i < 3; i++) n[i] = fp->normal[i] / nn;
    un = dot3(P->u, n);
    for (i = 0; i < 3; i++) vt[i] = P->u[i] - un * n[i];
    nv = sqrt(dot3(vt, vt));
    N = rhoA * fmax(0.0, -dot3(fp->g, n)) + fp->normal_load;
    den = fp->law == FRICTION_LAW_SQRT ? sqrt(nv * nv + fp->eps * fp->eps) : fmax(nv, fp->eps);
    for (i = 0; i < 3; i++) f[i] = -fp->mu * N * vt[i] / den;
}

static double ref_residual(const eval_ctx *c, double *re)
{
    int nd = kndof(c->kind), g, b, i;
    double l = c->q[sb_of(c->kind)] - c->q[sa_of(c->kind)];
    for (b = 0; b < nd; b++) re[b] = 0.0;
    for (g = 0; g < FL_NGAUSS; g++) {
        ref_point P;
        double f[3];
        ref_kinematics(c->kind, c->q[sa_of(c->kind)] + fl_gauss_xi[g] * l, c->q, c->v, c->a, &P);
        if (c->load) ref_friction_force(&c->fp, c->par.rhoA, &P, f);
        else ref_hydro_force(&c->hp, &P, f);
        for (b = 0; b < nd; b++)
            for (i = 0; i < 3; i++) re[b] -= fl_gauss_w[g] * l * f[i] * P.S[i][b];
    }
    return l;
}

START_TEST(hydro_residual_is_independent_morison)
{
    unsigned st = 71u + 7u * (unsigned)_i;
    eval_ctx c;
    double re[NDM], rr[NDM];
    memset(&c, 0, sizeof c);
    c.kind = _i % 2;
    hydro_random(&st, &c.hp);
    random_qe(&st, c.kind, c.q);
    random_vec(&st, c.kind, c.v, 1.0, 0);
    random_vec(&st, c.kind, c.a, 2.0, 0);
    eval(&c, c.q, c.v, c.a, re, 0, 0, 0, NULL);
    ref_residual(&c, rr);
    ck_assert_double_le(fd_relerr(re, rr, kndof(c.kind), 1e-10), 1e-6);
}
END_TEST

START_TEST(friction_residual_is_independent_coulomb)
{
    unsigned st = 571u + 7u * (unsigned)_i;
    eval_ctx c;
    double re[NDM], rr[NDM];
    memset(&c, 0, sizeof c);
    c.kind = _i % 2;
    c.load = 1;
    c.par.rhoA = 1.5;
    friction_random(&st, &c.fp, (_i / 2) % 2, (_i / 4) % 2 ? 20.0 : 1e-3);
    random_qe(&st, c.kind, c.q);
    random_vec(&st, c.kind, c.v, 1.0, 0);
    eval(&c, c.q, c.v, c.a, re, 0, 0, 0, NULL);
    ref_residual(&c, rr);
    ck_assert_double_le(fd_relerr(re, rr, kndof(c.kind), 1e-10), 1e-6);
}
END_TEST

/* The kinematics helper gives the particle acceleration the element's inertia
 * uses: rhoA int S^T acc ds plus the momentum flux through the ends (the
 * formulas at the top of ancf.c and axial.c) is the element's inertia
 * residual.  Both quadratures are exact (polynomial integrands). */
START_TEST(kinematics_match_element_inertia)
{
    unsigned st = 777u + 5u * (unsigned)_i;
    int kind = _i % 2, nd = kndof(kind), g, b, i, e;
    el_params par = {.EA = 1.0, .rhoA = 2.7, .ref_len = 1.0, .EI = 0.0, .fixed_s = 0};
    double q[NDM], v[NDM], a[NDM], rin[NDM], r[NDM] = {0};
    random_qe(&st, kind, q);
    random_vec(&st, kind, v, 1.0, 0);
    random_vec(&st, kind, a, 1.0, 0);
    for (g = 0; g < FL_NGAUSS; g++) {
        fl_point P;
        ck_assert_int_eq(fl_point_eval(kops(kind), fl_gauss_xi[g], q, v, a, 0, &P), 0);
        for (b = 0; b < nd; b++)
            for (i = 0; i < 3; i++) r[b] += par.rhoA * fl_gauss_w[g] * P.l * P.J[i * nd + b] * P.acc[i];
    }
    for (e = 0; e < 2; e++) {
        int pos = e ? (kind ? 7 : 4) : 0, sdof = e ? sb_of(kind) : sa_of(kind);
        double t[3], u[3], sd = v[sdof], c = (e ? 1.0 : -1.0) * par.rhoA, l = q[sb_of(kind)] - q[sa_of(kind)];
        for (i = 0; i < 3; i++) {
            t[i] = kind ? q[pos + 3 + i] : (q[4 + i] - q[i]) / l;
            u[i] = v[pos + i] - sd * t[i];
            r[pos + i] += c * sd * u[i];
        }
        r[sdof] -= c * (sd * dot3(u, t) + 0.5 * dot3(u, u));
    }
    kops(kind)->inertia(&par, q, v, a, rin);
    ck_assert_double_le(fd_relerr(r, rin, nd, 1e-300), 1e-12);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* straight cables                                                           */

#define NEL 4

/* straight unstretched cable of NEL elements from x0 along the unit vector e,
 * material coordinates s0 .. s0 + L; element k in qe[k] */
static void straight_cable(int kind, const double x0[3], const double e[3], double s0, double L,
                           double qe[NEL][NDM])
{
    int k, i, sa = sa_of(kind), sb = sb_of(kind), xb = kind ? 7 : 4;
    double h = L / NEL;
    for (k = 0; k < NEL; k++) {
        memset(qe[k], 0, sizeof qe[k]);
        for (i = 0; i < 3; i++) {
            qe[k][i] = x0[i] + k * h * e[i];
            qe[k][xb + i] = x0[i] + (k + 1) * h * e[i];
            if (kind) qe[k][3 + i] = qe[k][10 + i] = e[i];
        }
        qe[k][sa] = s0 + k * h;
        qe[k][sb] = s0 + (k + 1) * h;
    }
}

/* rigid translation rate c of the positions, and a common material rate sd */
static void rigid_rate(int kind, const double c[3], double sd, double *v)
{
    int i, xb = kind ? 7 : 4;
    memset(v, 0, NDM * sizeof *v);
    for (i = 0; i < 3; i++) v[i] = v[xb + i] = c[i];
    v[sa_of(kind)] = v[sb_of(kind)] = sd;
}

/* total applied force -sum of the position rows (the position shape
 * functions sum to one), with the same rates on every element */
static void total_force(const eval_ctx *c, double qe[NEL][NDM], const double *v, const double *a, double F[3])
{
    int k, i, xb = c->kind ? 7 : 4;
    double re[NDM];
    F[0] = F[1] = F[2] = 0.0;
    for (k = 0; k < NEL; k++) {
        eval(c, qe[k], v, a, re, 0, 0, 0, NULL);
        for (i = 0; i < 3; i++) F[i] -= re[i] + re[xb + i];
    }
}

static void assert_vec_eq(const double a[3], const double b[3], double tol)
{
    double sc = sqrt(dot3(b, b)), d[3] = {a[0] - b[0], a[1] - b[1], a[2] - b[2]};
    ck_assert_double_le(sqrt(dot3(d, d)), tol * (sc > 0 ? sc : 1.0));
}

static const double E_DIR[3] = {2.0 / 3.0, 1.0 / 3.0, 2.0 / 3.0};
static const double N_DIR[3] = {1.0 / 3.0, 2.0 / 3.0, -2.0 / 3.0}; /* unit, normal to E_DIR */
static const double X0[3] = {0.3, -0.2, 0.1};

static void hydro_fixed(eval_ctx *c, int kind)
{
    memset(c, 0, sizeof *c);
    c->kind = kind;
    hydro_params_init(&c->hp);
    c->hp.rho_f = 1025.0;
    c->hp.d = 0.01;
    c->hp.C_dn = 1.3;
    c->hp.C_dt = 0.01;
    c->hp.C_an = 1.1;
}

START_TEST(hydro_still_water_buoyancy)
{
    eval_ctx c;
    double qe[NEL][NDM], z[NDM] = {0}, F[3], Fx[3], L = 2.0, Ad, re[NDM];
    int k, b;
    hydro_fixed(&c, _i);
    c.hp.g[2] = -9.81;
    Ad = PI * c.hp.d * c.hp.d / 4;
    straight_cable(_i, X0, E_DIR, 0.4, L, qe);
    total_force(&c, qe, z, z, F);
    Fx[0] = Fx[1] = 0.0;
    Fx[2] = c.hp.rho_f * 9.81 * Ad * L; /* rho_f g V, upwards */
    assert_vec_eq(F, Fx, 1e-12);
    /* ve = ae = NULL means still */
    for (k = 0; k < NEL; k++) {
        double r1[NDM];
        eval(&c, qe[k], z, z, re, 0, 0, 0, NULL);
        eval(&c, qe[k], NULL, NULL, r1, 0, 0, 0, NULL);
        ck_assert_double_le(fd_relerr(r1, re, kndof(_i), 1e-300), 0.0);
    }
    /* no gravity: drag and added mass vanish at rest */
    c.hp.g[2] = 0.0;
    for (k = 0; k < NEL; k++) {
        eval(&c, qe[k], z, z, re, 0, 0, 0, NULL);
        for (b = 0; b < kndof(_i); b++) ck_assert_double_eq(re[b], 0.0);
    }
}
END_TEST

START_TEST(hydro_normal_drag)
{
    eval_ctx c;
    double qe[NEL][NDM], v[NDM], z[NDM] = {0}, F[3], Fx[3], L = 1.7, V = 0.7, cvel[3];
    int i;
    hydro_fixed(&c, _i);
    straight_cable(_i, X0, E_DIR, -0.3, L, qe);
    for (i = 0; i < 3; i++) cvel[i] = V * N_DIR[i];
    rigid_rate(_i, cvel, 0.0, v);
    total_force(&c, qe, v, z, F);
    for (i = 0; i < 3; i++) Fx[i] = -0.5 * c.hp.rho_f * c.hp.d * c.hp.C_dn * V * V * L * N_DIR[i];
    assert_vec_eq(F, Fx, 1e-12);
}
END_TEST

START_TEST(hydro_tangential_drag_mesh_or_material_motion)
{
    eval_ctx c;
    double qe[NEL][NDM], v[NDM], z[NDM] = {0}, F[3], G[3], Fx[3], L = 1.3, V = 0.9, cvel[3];
    int i;
    hydro_fixed(&c, _i);
    straight_cable(_i, X0, E_DIR, 0.25, L, qe);
    /* the mesh and the material move along the cable together */
    for (i = 0; i < 3; i++) cvel[i] = V * E_DIR[i];
    rigid_rate(_i, cvel, 0.0, v);
    total_force(&c, qe, v, z, F);
    for (i = 0; i < 3; i++) Fx[i] = -0.5 * c.hp.rho_f * PI * c.hp.d * c.hp.C_dt * V * V * L * E_DIR[i];
    assert_vec_eq(F, Fx, 1e-12);
    /* the mesh at rest, the material flows through it: u = -sdot r_s */
    rigid_rate(_i, z, -V, v);
    total_force(&c, qe, v, z, G);
    assert_vec_eq(G, Fx, 1e-12);
}
END_TEST

START_TEST(current_on_still_cable_is_cable_moving_against_it)
{
    unsigned st = 1234u + (unsigned)_i;
    eval_ctx c1, c2;
    double q[NDM], v[NDM], z[NDM] = {0}, a[NDM], r1[NDM], r2[NDM], k1[NDM * NDM], k2[NDM * NDM], U[3], mU[3];
    int i, kind = _i % 2, nd = kndof(kind);
    memset(&c1, 0, sizeof c1);
    c1.kind = kind;
    hydro_random(&st, &c1.hp);
    for (i = 0; i < 3; i++) {
        U[i] = c1.hp.U[i];
        mU[i] = -U[i];
    }
    c2 = c1;
    c2.hp.U[0] = c2.hp.U[1] = c2.hp.U[2] = 0.0;
    random_qe(&st, kind, q);
    random_vec(&st, kind, a, 1.0, 0);
    rigid_rate(kind, mU, 0.0, v);
    eval(&c1, q, z, a, r1, 0.3, 1.7, 0.9, k1);
    eval(&c2, q, v, a, r2, 0.3, 1.7, 0.9, k2);
    ck_assert_double_le(fd_relerr(r1, r2, nd, 1e-300), 1e-12);
    ck_assert_double_le(fd_relerr(k1, k2, nd * nd, 1e-300), 1e-12);
}
END_TEST

START_TEST(hydro_added_mass)
{
    eval_ctx c;
    double qe[NEL][NDM], z[NDM] = {0}, a[NDM], F[3], Fx[3], L = 1.1, A = 2.3, acc[3], Ad, ma;
    int i, k, b, xb = _i ? 7 : 4, nd = kndof(_i);
    hydro_fixed(&c, _i);
    Ad = PI * c.hp.d * c.hp.d / 4;
    ma = c.hp.C_an * c.hp.rho_f * Ad;
    straight_cable(_i, X0, E_DIR, 0.0, L, qe);
    /* normal rigid acceleration: -C_an rho_f A_d L a */
    for (i = 0; i < 3; i++) acc[i] = A * N_DIR[i];
    rigid_rate(_i, acc, 0.0, a);
    total_force(&c, qe, z, a, F);
    for (i = 0; i < 3; i++) Fx[i] = -ma * L * acc[i];
    assert_vec_eq(F, Fx, 1e-12);
    /* tangential: none */
    for (i = 0; i < 3; i++) acc[i] = A * E_DIR[i];
    rigid_rate(_i, acc, 0.0, a);
    total_force(&c, qe, z, a, F);
    ck_assert_double_le(sqrt(dot3(F, F)), 1e-12 * ma * L * A);
    /* dr/da applied to a unit translation along x, summed over the position
     * rows: the added-mass matrix of the cable, ma L (I - e e^T) */
    {
        double one[3] = {1, 0, 0}, T[NDM], ke[NDM * NDM], Mx[3] = {0, 0, 0}, Mex[3];
        rigid_rate(_i, one, 0.0, T);
        for (k = 0; k < NEL; k++) {
            eval(&c, qe[k], z, z, NULL, 0, 0, 1, ke);
            for (i = 0; i < 3; i++)
                for (b = 0; b < nd; b++) Mx[i] += (ke[i * nd + b] + ke[(xb + i) * nd + b]) * T[b];
        }
        for (i = 0; i < 3; i++) Mex[i] = ma * L * ((i == 0) - E_DIR[i] * E_DIR[0]);
        assert_vec_eq(Mx, Mex, 1e-12);
    }
}
END_TEST

/* ------------------------------------------------------------------------ */
/* friction on a plane                                                       */

static const double T_DIR[3] = {0.6, 0.8, 0.0};  /* in the plane z = 0 */
static const double T_PERP[3] = {-0.8, 0.6, 0.0};
static const double ORIGIN[3] = {0.0, 0.0, 0.0};

static void friction_fixed(eval_ctx *c, int kind, int law, double eps)
{
    memset(c, 0, sizeof *c);
    c->kind = kind;
    c->load = 1;
    c->par.rhoA = 2.5;
    friction_params_init(&c->fp);
    c->fp.g[2] = -9.81;
    c->fp.mu = 0.4;
    c->fp.eps = eps;
    c->fp.law = law;
}

/* |F| of a cable sliding at V along dir, with material rate sd and an extra
 * velocity vz normal to the plane; checks that F opposes the sliding */
static double sliding_force(const eval_ctx *c, double qe[NEL][NDM], const double dir[3], double V, double sd,
                            double vz)
{
    double v[NDM], z[NDM] = {0}, F[3], cvel[3], nF;
    int i;
    for (i = 0; i < 3; i++) cvel[i] = V * dir[i];
    cvel[2] += vz;
    rigid_rate(c->kind, cvel, sd, v);
    total_force(c, qe, v, z, F);
    nF = sqrt(dot3(F, F));
    if (nF > 0.0) {
        /* direction: -u_t/|u_t|, u_t = V dir - sd e (material flow along T_DIR) */
        double ut[3], nu;
        for (i = 0; i < 3; i++) ut[i] = V * dir[i] - sd * T_DIR[i];
        ut[2] = 0.0;
        nu = sqrt(dot3(ut, ut));
        for (i = 0; i < 3; i++) ck_assert_double_eq_tol(F[i] / nF, -ut[i] / nu, 1e-12);
    }
    return nF;
}

START_TEST(friction_sliding_cable_sqrt_law_and_eps_limit)
{
    eval_ctx c;
    double qe[NEL][NDM], L = 0.5, V = 0.2, N, eps, prev = 1.0;
    int k;
    friction_fixed(&c, _i, FRICTION_LAW_SQRT, 1e-3);
    N = c.par.rhoA * 9.81;
    straight_cable(_i, ORIGIN, T_DIR, 0.5, L, qe);
    for (k = 1; k <= 8; k++) {
        double F, Fx, err;
        eps = pow(10.0, -k) * V * 5.0;
        c.fp.eps = eps;
        F = sliding_force(&c, qe, T_DIR, V, 0.0, 0.0);
        Fx = c.fp.mu * N * L * V / sqrt(V * V + eps * eps);
        ck_assert_double_eq_tol(F, Fx, 1e-12 * Fx);
        /* the limit eps -> 0 is Coulomb's mu N L, error ~ eps^2/(2 V^2) */
        err = fabs(F / (c.fp.mu * N * L) - 1.0);
        ck_assert_double_le(err, 0.5 * (eps / V) * (eps / V) + 1e-14);
        ck_assert_double_le(err, prev);
        prev = err;
        /* sliding sideways in the plane, and with a velocity normal to it */
        ck_assert_double_eq_tol(sliding_force(&c, qe, T_PERP, V, 0.0, 0.0), Fx, 1e-12 * Fx);
        ck_assert_double_eq_tol(sliding_force(&c, qe, T_DIR, V, 0.0, 0.37), Fx, 1e-12 * Fx);
    }
    ck_assert_double_le(prev, 1e-14);
}
END_TEST

START_TEST(friction_sliding_cable_paper_law)
{
    eval_ctx c;
    double qe[NEL][NDM], L = 0.5, N, F;
    friction_fixed(&c, _i, FRICTION_LAW_SATURATED, 1e-3);
    N = c.par.rhoA * 9.81;
    straight_cable(_i, ORIGIN, T_DIR, 0.5, L, qe);
    /* |v| > eps: Coulomb's mu N L exactly */
    F = sliding_force(&c, qe, T_DIR, 0.2, 0.0, 0.0);
    ck_assert_double_eq_tol(F, c.fp.mu * N * L, 1e-12 * F);
    /* |v| <= eps: viscous mu N L v/eps */
    F = sliding_force(&c, qe, T_PERP, 4e-4, 0.0, 0.0);
    ck_assert_double_eq_tol(F, c.fp.mu * N * L * 0.4, 1e-12 * F);
    /* the mesh at rest, the material slides through it: same force */
    F = sliding_force(&c, qe, ORIGIN, 0.0, -0.2, 0.0);
    ck_assert_double_eq_tol(F, c.fp.mu * N * L, 1e-12 * F);
    F = sliding_force(&c, qe, ORIGIN, 0.0, 5e-4, 0.0);
    ck_assert_double_eq_tol(F, c.fp.mu * N * L * 0.5, 1e-12 * F);
    /* at rest: none */
    ck_assert_double_eq(sliding_force(&c, qe, T_DIR, 0.0, 0.0, 0.0), 0.0);
}
END_TEST

START_TEST(friction_normal_load_and_contact_band)
{
    eval_ctx c;
    double qe[NEL][NDM], up[3] = {0, 0, 1e-3}, down[3] = {0, 0, -0.5}, L = 0.8, V = 0.3, F, re[NDM], z[NDM] = {0};
    int k, b;
    friction_fixed(&c, _i, FRICTION_LAW_SATURATED, 1e-3);
    straight_cable(_i, ORIGIN, T_DIR, 0.0, L, qe);
    /* tilted gravity: only its component into the plane presses */
    c.fp.g[0] = 3.0;
    c.fp.g[2] = -8.0;
    F = sliding_force(&c, qe, T_DIR, V, 0.0, 0.0);
    ck_assert_double_eq_tol(F, c.fp.mu * c.par.rhoA * 8.0 * L, 1e-12 * F);
    /* plus a constant normal load */
    c.fp.normal_load = 1.5;
    F = sliding_force(&c, qe, T_DIR, V, 0.0, 0.0);
    ck_assert_double_eq_tol(F, c.fp.mu * (c.par.rhoA * 8.0 + 1.5) * L, 1e-12 * F);
    /* gravity pulling away from the support: the constant load only */
    c.fp.g[2] = 8.0;
    F = sliding_force(&c, qe, T_DIR, V, 0.0, 0.0);
    ck_assert_double_eq_tol(F, c.fp.mu * 1.5 * L, 1e-12 * F);
    c.fp.normal_load = 0.0;
    c.fp.g[2] = -8.0;
    /* lifted by more than gap: no contact */
    straight_cable(_i, up, T_DIR, 0.0, L, qe);
    ck_assert_double_eq(sliding_force(&c, qe, T_DIR, V, 0.0, 0.0), 0.0);
    /* deeper than depth below the plane: not on this support */
    c.fp.depth = 0.1;
    straight_cable(_i, down, T_DIR, 0.0, L, qe);
    ck_assert_double_eq(sliding_force(&c, qe, T_DIR, V, 0.0, 0.0), 0.0);
    /* the half space (default depth) holds it */
    c.fp.depth = HUGE_VAL;
    F = sliding_force(&c, qe, T_DIR, V, 0.0, 0.0);
    ck_assert_double_eq_tol(F, c.fp.mu * c.par.rhoA * 8.0 * L, 1e-12 * F);
    /* no velocity given: no friction */
    for (k = 0; k < NEL; k++) {
        eval(&c, qe[k], NULL, NULL, re, 0, 0, 0, NULL);
        for (b = 0; b < kndof(_i); b++) ck_assert_double_eq(re[b], 0.0);
        eval(&c, qe[k], z, z, re, 0, 0, 0, NULL);
        for (b = 0; b < kndof(_i); b++) ck_assert_double_eq(re[b], 0.0);
    }
}
END_TEST

/* the terms mask splits the load: drag + buoyancy + added mass = all */
START_TEST(hydro_terms_add_up)
{
    unsigned st = 4242u + (unsigned)_i;
    eval_ctx c;
    double r[NDM], k[NDM * NDM], rs[NDM] = {0}, ks[NDM * NDM] = {0}, r1[NDM], k1[NDM * NDM];
    const int parts[3] = {HYDRO_DRAG, HYDRO_BUOYANCY, HYDRO_ADDED_MASS};
    int p, b, nd;
    memset(&c, 0, sizeof c);
    c.kind = _i % 2;
    nd = kndof(c.kind);
    hydro_random(&st, &c.hp);
    random_qe(&st, c.kind, c.q);
    random_vec(&st, c.kind, c.v, 1.0, 0);
    random_vec(&st, c.kind, c.a, 1.0, 0);
    eval(&c, c.q, c.v, c.a, r, 0.7, 1.3, 2.1, k);
    for (p = 0; p < 3; p++) {
        c.hp.terms = parts[p];
        eval(&c, c.q, c.v, c.a, r1, 0.7, 1.3, 2.1, k1);
        for (b = 0; b < nd; b++) rs[b] += r1[b];
        for (b = 0; b < nd * nd; b++) ks[b] += k1[b];
    }
    ck_assert_double_le(fd_relerr(rs, r, nd, 1e-300), 1e-13);
    ck_assert_double_le(fd_relerr(ks, k, nd * nd, 1e-300), 1e-13);
}
END_TEST

START_TEST(unknown_element_kind_and_null_outputs)
{
    el_ops fake;
    hydro_params hp;
    friction_params fp;
    el_params par = {.EA = 1, .rhoA = 1, .ref_len = 1, .EI = 0, .fixed_s = 0};
    double q[NDM] = {0}, re[NDM], ke[NDM * NDM], r2[NDM], k2[NDM * NDM], v[NDM];
    unsigned st = 99u;
    int kind;
    memcpy(&fake, kops(0), sizeof fake);
    fake.kind = 7;
    hydro_params_init(&hp);
    friction_params_init(&fp);
    ck_assert_int_eq(hydro_element(&hp, &fake, &par, q, NULL, NULL, re, 1, 0, 0, ke), -1);
    ck_assert_int_eq(friction_element(&fp, &fake, &par, q, NULL, NULL, re, 1, 0, 0, ke), -1);
    /* re only, ke only, both */
    for (kind = 0; kind < 2; kind++) {
        int nd = kndof(kind);
        hydro_random(&st, &hp);
        random_qe(&st, kind, q);
        random_vec(&st, kind, v, 1.0, 0);
        ck_assert_int_eq(hydro_element(&hp, kops(kind), &par, q, v, v, re, 1, 2, 3, ke), 0);
        ck_assert_int_eq(hydro_element(&hp, kops(kind), &par, q, v, v, r2, 0, 0, 0, NULL), 0);
        ck_assert_int_eq(hydro_element(&hp, kops(kind), &par, q, v, v, NULL, 1, 2, 3, k2), 0);
        ck_assert_double_le(fd_relerr(r2, re, nd, 1e-300), 0.0);
        ck_assert_double_le(fd_relerr(k2, ke, nd * nd, 1e-300), 0.0);
    }
}
END_TEST

Suite *suite_field_loads(void)
{
    Suite *s = suite_create("field loads");
    TCase *th = tcase_create("hydrodynamics");
    TCase *tf = tcase_create("friction");
    tcase_add_loop_test(th, hydro_jacobian_blocks, 0, 16);
    tcase_add_loop_test(th, hydro_residual_is_independent_morison, 0, 8);
    tcase_add_loop_test(th, kinematics_match_element_inertia, 0, 6);
    tcase_add_loop_test(th, hydro_still_water_buoyancy, 0, 2);
    tcase_add_loop_test(th, hydro_normal_drag, 0, 2);
    tcase_add_loop_test(th, hydro_tangential_drag_mesh_or_material_motion, 0, 2);
    tcase_add_loop_test(th, current_on_still_cable_is_cable_moving_against_it, 0, 6);
    tcase_add_loop_test(th, hydro_added_mass, 0, 2);
    tcase_add_loop_test(th, hydro_terms_add_up, 0, 2);
    tcase_add_test(th, unknown_element_kind_and_null_outputs);
    suite_add_tcase(s, th);
    tcase_add_loop_test(tf, friction_jacobian_blocks, 0, 16);
    tcase_add_loop_test(tf, friction_residual_is_independent_coulomb, 0, 8);
    tcase_add_loop_test(tf, friction_sliding_cable_sqrt_law_and_eps_limit, 0, 2);
    tcase_add_loop_test(tf, friction_sliding_cable_paper_law, 0, 2);
    tcase_add_loop_test(tf, friction_normal_load_and_contact_band, 0, 2);
    suite_add_tcase(s, tf);
    return s;
}
