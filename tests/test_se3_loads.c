/* Field loads (Morison hydrodynamics, friction on a plane; lib/loads/
 * field_loads.h) on SE(3) cables (ALECABLE_ELEMENT_SE3).  They act on the
 * element's chord, linear in xi between the nodes' x with s at dofs 6 and
 * 13, as the element's own distributed loads and translational inertia do;
 * the rotations do not enter.
 *
 * - element_jacobian: the element's field-load Jacobian blocks dr/dq,
 *   dr/dv, dr/da against central differences of its residual, at random
 *   states (moving s, turned frames, slow and fast friction), and the
 *   rotations' rows and columns exactly zero.  Steps 1e-6 (1 + |z|):
 *   checked at 1e-6 in fd.h's scaled norm, as the field-load suite does.
 * - kinematics_match_inertia: the particles' acceleration the loads see
 *   gives the element's own translational inertia (1e-12).
 * - element_is_axial_chord: the same loads on the axial element built on
 *   the same chord (x_A, s_A, x_B, s_B): the same forces on x and s and the
 *   same Jacobian, to round-off (checked at 1e-14 relative).
 * - model_is_axial_chord: through the whole model: the residual of an
 *   SE(3) cable with the loads minus the one without equals the same
 *   difference on an axial cable with the same nodes and state (1e-12 of
 *   the residual's scale, the elastic parts cancelling in each difference).
 * - model_jacobian: the assembled problem's Jacobian of an ALE SE(3) cable
 *   with both loads (stiff) against differences: d/dq through the composed
 *   update (fourth order, 1e-6) and d/dv, d/da (central, 1e-6).
 * - taut_line: a straight line held at every node in a current at 30
 *   degrees to it, under gravity: each node's fix reactions are the
 *   closed-form loads on its tributary length h: normal drag
 *   1/2 rho_f d C_dn U_n^2, tangential 1/2 rho_f pi d C_dt U_t^2 and
 *   buoyancy rho_f pi d^2 / 4 g (1e-12 relative).
 * - terminal_velocity: a free horizontal SE(3) cable sinking in still water
 *   (dynamics) reaches V = sqrt((rho - rho_f) A g / (1/2 rho_f d C_dn))
 *   (1e-9 relative), staying straight.
 * - sliding: an SE(3) cable dragged along the friction plane by an end
 *   force F, sliding at v > eps: its centre of mass moves with the constant
 *   acceleration F / (rho A L) - mu g (Coulomb's mu N per unit length; the
 *   trapezoidal rule carries a constant total force exactly), 1e-9. */
#include "suites.h"
#include "fd.h"
#include "problem_fd.h"
#include "elements/element.h"
#include "loads/field_loads.h"

#include <alecable.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

#define ND 14
#define NA 8

/* the measured figures, on stderr when ALECABLE_TEST_FIGURES is set */
static void figure(const char *fmt, ...)
{
    va_list ap;
    if (!getenv("ALECABLE_TEST_FIGURES")) return;
    va_start(ap, fmt);
    fprintf(stderr, "se3 loads: ");
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

/* the axial element's dofs (x_A, s_A, x_B, s_B) inside the SE(3) element's */
static const int ax2se[NA] = {0, 1, 2, 6, 7, 8, 9, 13};

static int is_rotation(int k) { return (k >= 3 && k <= 5) || (k >= 10 && k <= 12); }

/* ---- element level ---- */

typedef struct ectx {
    int load; /* 0 hydro, 1 friction */
    hydro_params hp;
    friction_params fp;
    el_params par;
    double q[ND], v[ND], a[ND];
} ectx;

static void eval(const ectx *c, const el_ops *ops, const double *q, const double *v, const double *a, double *re,
                 double cq, double cv, double ca, double *ke)
{
    int st = c->load ? friction_element(&c->fp, ops, &c->par, q, v, a, re, cq, cv, ca, ke)
                     : hydro_element(&c->hp, ops, &c->par, q, v, a, re, cq, cv, ca, ke);
    ck_assert_int_eq(st, 0);
}

/* a random SE(3) element: chord (1 +- 0.3) l in a random direction, frames
 * turned by up to 1 rad (they must not matter), s_A in [0, 1), l in [0.5, 1.5) */
static void random_state(unsigned *st, ectx *c, int fixed_s)
{
    double dir[3], nrm, l, len;
    int i;
    memset(c->q, 0, sizeof c->q);
    for (i = 0; i < 3; i++) dir[i] = fd_rand(st);
    nrm = sqrt(dir[0] * dir[0] + dir[1] * dir[1] + dir[2] * dir[2]) + 1e-3;
    l = 1.0 + 0.5 * fd_rand(st);
    len = l * (1.0 + 0.3 * fd_rand(st));
    for (i = 0; i < 3; i++) {
        c->q[i] = 0.1 * fd_rand(st);
        c->q[7 + i] = c->q[i] + len * dir[i] / nrm;
        c->q[3 + i] = 0.6 * fd_rand(st);
        c->q[10 + i] = 0.6 * fd_rand(st);
    }
    c->q[6] = 0.5 + 0.5 * fd_rand(st);
    c->q[13] = c->q[6] + l;
    for (i = 0; i < ND; i++) {
        c->v[i] = fd_rand(st);
        c->a[i] = 2.0 * fd_rand(st);
    }
    if (fixed_s) c->v[6] = c->v[13] = c->a[6] = c->a[13] = 0.0;
}

static void random_loads(unsigned *st, ectx *c)
{
    double n[3];
    int i;
    hydro_params_init(&c->hp);
    c->hp.rho_f = 1000.0 * (1.0 + 0.1 * fd_rand(st));
    c->hp.d = 0.05 * (1.0 + 0.5 * fd_rand(st));
    c->hp.C_dn = 1.2 + 0.3 * fd_rand(st);
    c->hp.C_dt = 0.02 + 0.01 * fd_rand(st);
    c->hp.C_an = 1.0 + 0.2 * fd_rand(st);
    for (i = 0; i < 3; i++) {
        c->hp.U[i] = 0.8 * fd_rand(st);
        c->hp.g[i] = 5.0 * fd_rand(st);
    }
    friction_params_init(&c->fp);
    for (i = 0; i < 3; i++) {
        n[i] = fd_rand(st);
        c->fp.point[i] = 0.1 * fd_rand(st);
    }
    n[2] += 2.0;
    memcpy(c->fp.normal, n, sizeof n);
    c->fp.g[2] = -9.81;
    c->fp.mu = 0.4;
    c->fp.eps = 1e-3;
    c->fp.normal_load = 0.7;
    c->fp.gap = c->fp.depth = HUGE_VAL;
    c->par.rhoA = 2.0;
}

/* loops: hydro / friction, s moving / fixed, friction law, |v_t| above / below eps */
START_TEST(element_jacobian)
{
    const el_ops *ops = el_ops_get(ALECABLE_ELEMENT_SE3);
    unsigned st = 4242u + 31u * (unsigned)_i;
    ectx c;
    double kb[ND * ND], kf[ND * ND], r0[ND], rp[ND], rm[ND], worst = 0.0;
    int w, a, b;
    memset(&c, 0, sizeof c);
    c.load = _i % 2;
    random_loads(&st, &c);
    c.fp.law = (_i / 4) % 2 ? FRICTION_LAW_SQRT : FRICTION_LAW_SATURATED;
    if (_i >= 8) c.fp.eps = 50.0; /* |v_t| < eps: the linear branch */
    random_state(&st, &c, (_i / 2) % 2);
    ck_assert_int_eq(fl_ndof(ops), ND);
    for (w = 0; w < 3; w++) {
        double e;
        eval(&c, ops, c.q, c.v, c.a, r0, w == 0, w == 1, w == 2, kb);
        for (b = 0; b < ND; b++) {
            double x[3][ND], h;
            memcpy(x[0], c.q, sizeof x[0]);
            memcpy(x[1], c.v, sizeof x[1]);
            memcpy(x[2], c.a, sizeof x[2]);
            h = 1e-6 * (1.0 + fabs(x[w][b]));
            x[w][b] += h;
            eval(&c, ops, x[0], x[1], x[2], rp, 0, 0, 0, NULL);
            x[w][b] -= 2.0 * h;
            eval(&c, ops, x[0], x[1], x[2], rm, 0, 0, 0, NULL);
            for (a = 0; a < ND; a++) kf[a * ND + b] = (rp[a] - rm[a]) / (2.0 * h);
        }
        e = fd_relerr(kb, kf, ND * ND, 1e-10);
        worst = fmax(worst, e);
        ck_assert_msg(e < 1e-6, "load %d, block %d: Jacobian vs differences %.3g", c.load, w, e);
        /* the rotations: no force, no dependence */
        for (a = 0; a < ND; a++) {
            if (is_rotation(a)) ck_assert_msg(r0[a] == 0.0, "rotation row %d: %g", a, r0[a]);
            for (b = 0; b < ND; b++)
                if (is_rotation(a) || is_rotation(b))
                    ck_assert_msg(kb[a * ND + b] == 0.0, "block %d (%d, %d) = %g", w, a, b, kb[a * ND + b]);
        }
    }
    figure("element %d (%s): Jacobian vs differences %.3g", _i, c.load ? "friction" : "hydro", worst);
}
END_TEST

/* the SE(3) element's loads are the axial element's on the same chord */
START_TEST(element_is_axial_chord)
{
    const el_ops *se3 = el_ops_get(ALECABLE_ELEMENT_SE3), *ax = el_ops_get(ALECABLE_ELEMENT_AXIAL);
    unsigned st = 977u + 13u * (unsigned)_i;
    ectx c;
    double rs[ND], ks[ND * ND], ra[NA], ka[NA * NA], qa[NA], va[NA], aa[NA], scale = 0.0, kscale = 0.0;
    const double cw[3] = {0.7, 1.3, -0.4};
    int i, j;
    memset(&c, 0, sizeof c);
    c.load = _i % 2;
    random_loads(&st, &c);
    random_state(&st, &c, (_i / 2) % 2);
    for (i = 0; i < NA; i++) {
        qa[i] = c.q[ax2se[i]];
        va[i] = c.v[ax2se[i]];
        aa[i] = c.a[ax2se[i]];
    }
    eval(&c, se3, c.q, c.v, c.a, rs, cw[0], cw[1], cw[2], ks);
    eval(&c, ax, qa, va, aa, ra, cw[0], cw[1], cw[2], ka);
    for (i = 0; i < NA; i++) scale = fmax(scale, fabs(ra[i]));
    for (i = 0; i < NA * NA; i++) kscale = fmax(kscale, fabs(ka[i]));
    ck_assert(scale > 0.0 && kscale > 0.0);
    for (i = 0; i < NA; i++) {
        ck_assert_msg(fabs(rs[ax2se[i]] - ra[i]) <= 1e-14 * scale, "dof %d: SE(3) %.17g, axial %.17g", i,
                      rs[ax2se[i]], ra[i]);
        for (j = 0; j < NA; j++)
            ck_assert_msg(fabs(ks[ax2se[i] * ND + ax2se[j]] - ka[i * NA + j]) <= 1e-14 * kscale,
                          "(%d, %d): SE(3) %.17g, axial %.17g", i, j, ks[ax2se[i] * ND + ax2se[j]], ka[i * NA + j]);
    }
    for (i = 0; i < ND; i++) {
        if (is_rotation(i)) ck_assert(rs[i] == 0.0);
        for (j = 0; j < ND; j++)
            if (is_rotation(i) || is_rotation(j)) ck_assert(ks[i * ND + j] == 0.0);
    }
}
END_TEST

/* The particle kinematics the loads use (fl_point_eval on the SE(3)
 * layout) give the element's own translational inertia: rhoA int S^T acc ds
 * plus the momentum flux through the ends (as the field-load suite checks
 * for the axial and ANCF elements; axial.c's formulas with the chord's
 * tangent), the rotary inertia off (rhoJ = 0).  Both quadratures are exact:
 * 1e-12 relative. */
START_TEST(kinematics_match_inertia)
{
    const el_ops *ops = el_ops_get(ALECABLE_ELEMENT_SE3);
    unsigned st = 313u + 7u * (unsigned)_i;
    ectx c;
    el_params par;
    double rin[ND], r[ND], l;
    int g, b, i, e;
    memset(&c, 0, sizeof c);
    memset(&par, 0, sizeof par);
    memset(r, 0, sizeof r);
    par.EA = 1.0;
    par.rhoA = 2.7;
    par.ref_len = 1.0;
    par.fixed_s = _i % 2;
    random_state(&st, &c, par.fixed_s);
    for (g = 0; g < FL_NGAUSS; g++) {
        fl_point P;
        ck_assert_int_eq(fl_point_eval(ops, fl_gauss_xi[g], c.q, c.v, c.a, 0, &P), 0);
        for (b = 0; b < ND; b++)
            for (i = 0; i < 3; i++) r[b] += par.rhoA * fl_gauss_w[g] * P.l * P.J[i * ND + b] * P.acc[i];
    }
    l = c.q[13] - c.q[6];
    for (e = 0; e < 2; e++) {
        int pos = e ? 7 : 0, sdof = e ? 13 : 6;
        double t[3], u[3], sd = c.v[sdof], cf = (e ? 1.0 : -1.0) * par.rhoA;
        for (i = 0; i < 3; i++) {
            t[i] = (c.q[7 + i] - c.q[i]) / l;
            u[i] = c.v[pos + i] - sd * t[i];
            r[pos + i] += cf * sd * u[i];
        }
        r[sdof] -= cf * (sd * (u[0] * t[0] + u[1] * t[1] + u[2] * t[2]) + 0.5 * (u[0] * u[0] + u[1] * u[1] + u[2] * u[2]));
    }
    ops->inertia(&par, c.q, c.v, c.a, rin);
    ck_assert_msg(fd_relerr(r, rin, ND, 1e-300) <= 1e-12, "kinematics vs the element's inertia: %.3g",
                  fd_relerr(r, rin, ND, 1e-300));
}
END_TEST

/* ---- models ---- */

static alecable_node *node(alecable_cable *c, int i)
{
    alecable_node *n;
    ck_assert_int_eq(alecable_cable_node(&n, c, i), 0);
    return n;
}

static int dof(alecable_cable *c, int i, int d)
{
    int k;
    ck_assert_int_eq(alecable_node_dof_index(node(c, i), d, &k), 0);
    return k;
}

/* a straight cable from a to b, n elements, s from 0 to |b - a| */
static alecable_cable *line(alecable_model *m, int kind, int n, const double a[3], const double b[3], double rho,
                            double d)
{
    alecable_cable *c;
    alecable_section sec;
    double L = sqrt((b[0] - a[0]) * (b[0] - a[0]) + (b[1] - a[1]) * (b[1] - a[1]) + (b[2] - a[2]) * (b[2] - a[2]));
    alecable_section_init(&sec);
    sec.A = 0.25 * M_PI * d * d;
    sec.E = 1e4 / sec.A;
    sec.I = 2.0 / sec.E;
    sec.rho = rho;
    ck_assert_int_eq(alecable_cable_create(&c, m, kind, &sec), 0);
    ck_assert_int_eq(alecable_cable_line(c, a, b, 0.0, L, n), 0);
    if (kind == ALECABLE_ELEMENT_SE3) {
        alecable_beam_params bp;
        alecable_beam_params_init(&bp);
        bp.GJ = 1.5;
        ck_assert_int_eq(alecable_cable_set_beam(c, &bp), 0);
        ck_assert_int_eq(alecable_cable_set_shear(c, 5e3, 5e3), 0);
    }
    return c;
}

static void add_loads(alecable_model *m, alecable_cable *c, int stiff)
{
    alecable_hydro_params hp;
    alecable_friction_plane_params fp;
    double g[3] = {0.3, -0.2, -9.81};
    ck_assert_int_eq(alecable_model_set_gravity(m, g), 0);
    alecable_hydro_params_init(&hp);
    hp.diameter = 0.05;
    hp.current[0] = 0.4;
    hp.current[1] = -0.3;
    hp.current[2] = 0.1;
    hp.C_dt = 0.03;
    hp.stiff = stiff;
    ck_assert_int_eq(alecable_load_hydro(NULL, m, c, &hp), 0);
    alecable_friction_plane_params_init(&fp);
    fp.mu = 0.4;
    fp.eps = 0.05;
    fp.law = ALECABLE_FRICTION_SQRT;
    fp.gap = 10.0; /* every particle in contact: no switching */
    fp.stiff = stiff;
    ck_assert_int_eq(alecable_load_friction_plane(NULL, m, c, &fp), 0);
}

/* The residual of a cable of kind over a fixed 4-element mesh at a given
 * positional state (x, s per node; SE(3) rotations turned by rot), with or
 * without the field loads: r[node][0..3] = (the x rows, the s row) */
static void model_rows(int kind, int loads, double (*xs)[4], double (*vs)[4], double (*as)[4], double (*rot)[3],
                       double (*r)[4], double *scale)
{
    const int n = 4;
    const double a[3] = {0, 0, 0}, b[3] = {2, 0, 0};
    alecable_model *m;
    alecable_cable *c;
    alecable_problem p;
    double *q, *v, *ac, *lam, *res, *sc;
    int nq, nl, i, k;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    c = line(m, kind, n, a, b, 800.0, 0.05);
    if (kind == ALECABLE_ELEMENT_SE3)
        for (k = ALECABLE_DOF_RX; k <= ALECABLE_DOF_RZ; k++) ck_assert_int_eq(alecable_fix(NULL, m, node(c, 0), k), 0);
    ck_assert_int_eq(alecable_fix(NULL, m, node(c, 0), ALECABLE_DOF_S), 0);
    ck_assert_int_eq(alecable_fix(NULL, m, node(c, n), ALECABLE_DOF_S), 0);
    if (loads) add_loads(m, c, 1);
    else {
        double g[3] = {0.3, -0.2, -9.81};
        ck_assert_int_eq(alecable_model_set_gravity(m, g), 0);
    }
    ck_assert_int_eq(alecable_model_set_load_ramp(m, 0), 0);
    ck_assert_int_eq(alecable_model_finalize(m), 0);
    ck_assert_int_eq(alecable_model_sizes(m, &nq, &nl), 0);
    ck_assert_int_eq(alecable_model_problem(&p, m), 0);
    q = calloc((size_t)nq, sizeof *q);
    v = calloc((size_t)nq, sizeof *v);
    ac = calloc((size_t)nq, sizeof *ac);
    lam = calloc((size_t)(nl + 1), sizeof *lam);
    res = calloc((size_t)(nq + nl), sizeof *res);
    sc = calloc((size_t)(nq + nl), sizeof *sc);
    ck_assert(q && v && ac && lam && res && sc);
    for (i = 0; i <= n; i++) {
        for (k = 0; k < 3; k++) {
            int d = dof(c, i, ALECABLE_DOF_X + k);
            q[d] = xs[i][k];
            v[d] = vs[i][k];
            ac[d] = as[i][k];
        }
        k = dof(c, i, ALECABLE_DOF_S);
        q[k] = xs[i][3];
        v[k] = vs[i][3];
        ac[k] = as[i][3];
        if (kind == ALECABLE_ELEMENT_SE3)
            for (k = 0; k < 3; k++) q[dof(c, i, ALECABLE_DOF_RX + k)] = rot[i][k];
    }
    ck_assert_int_eq(p.residual(p.ctx, 1.0, q, v, ac, lam, res), 0);
    if (p.residual_scale) {
        ck_assert_int_eq(p.residual_scale(p.ctx, 1.0, q, v, ac, lam, sc), 0);
        for (i = 0; i < nq; i++) *scale = fmax(*scale, sc[i]);
    }
    for (i = 0; i <= n; i++) {
        for (k = 0; k < 3; k++) r[i][k] = res[dof(c, i, ALECABLE_DOF_X + k)];
        r[i][3] = res[dof(c, i, ALECABLE_DOF_S)];
    }
    free(q);
    free(v);
    free(ac);
    free(lam);
    free(res);
    free(sc);
    alecable_model_destroy(m);
}

/* The field loads' share of the assembled residual: SE(3) = axial on the
 * same chords (each kind's loads-on minus loads-off) */
START_TEST(model_is_axial_chord)
{
    double xs[5][4], vs[5][4], as[5][4], rot[5][3], r[4][5][4], scale = 0.0, err = 0.0, fmag = 0.0;
    unsigned st = 555u;
    int i, k;
    for (i = 0; i < 5; i++) {
        xs[i][0] = 0.5 * i + 0.05 * fd_rand(&st);
        xs[i][1] = 0.1 * fd_rand(&st);
        xs[i][2] = 0.1 * fd_rand(&st);
        xs[i][3] = 0.5 * i + 0.03 * fd_rand(&st);
        for (k = 0; k < 4; k++) {
            vs[i][k] = 0.5 * fd_rand(&st);
            as[i][k] = 2.0 * fd_rand(&st);
        }
        for (k = 0; k < 3; k++) rot[i][k] = i ? 0.3 * fd_rand(&st) : 0.0;
    }
    xs[0][3] = 0.0;
    xs[4][3] = 2.0;
    vs[0][3] = vs[4][3] = as[0][3] = as[4][3] = 0.0;
    model_rows(ALECABLE_ELEMENT_SE3, 1, xs, vs, as, rot, r[0], &scale);
    model_rows(ALECABLE_ELEMENT_SE3, 0, xs, vs, as, rot, r[1], &scale);
    model_rows(ALECABLE_ELEMENT_AXIAL, 1, xs, vs, as, rot, r[2], &scale);
    model_rows(ALECABLE_ELEMENT_AXIAL, 0, xs, vs, as, rot, r[3], &scale);
    for (i = 0; i < 5; i++)
        for (k = 0; k < 4; k++) {
            double fs = r[0][i][k] - r[1][i][k], fa = r[2][i][k] - r[3][i][k];
            err = fmax(err, fabs(fs - fa));
            fmag = fmax(fmag, fabs(fa));
        }
    figure("model: SE(3) field loads vs axial %.3g (loads up to %.3g, residual scale %.3g)", err, fmag, scale);
    ck_assert(fmag > 1.0);
    ck_assert_msg(err <= 1e-12 * scale, "field loads: SE(3) and axial differ by %.3g, scale %.3g", err, scale);
}
END_TEST

/* the assembled Jacobian of an ALE SE(3) cable with both field loads */
START_TEST(model_jacobian)
{
    const int n = 4;
    const double a[3] = {0, 0, 0}, b[3] = {2, 0, 0}, wv[3] = {0, 1, 0}, wa[3] = {0, 0, 1};
    alecable_model *m;
    alecable_cable *c;
    alecable_problem p;
    double *q, *v, *ac, *lam, eq, ev, ea;
    unsigned seed = 91u;
    int nq, nl, i, k;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    c = line(m, ALECABLE_ELEMENT_SE3, n, a, b, 800.0, 0.05);
    for (k = ALECABLE_DOF_RX; k <= ALECABLE_DOF_RZ; k++) ck_assert_int_eq(alecable_fix(NULL, m, node(c, 0), k), 0);
    for (k = ALECABLE_DOF_X; k <= ALECABLE_DOF_Z; k++) ck_assert_int_eq(alecable_fix(NULL, m, node(c, 0), k), 0);
    ck_assert_int_eq(alecable_fix(NULL, m, node(c, 0), ALECABLE_DOF_S), 0);
    add_loads(m, c, 1);
    ck_assert_int_eq(alecable_model_set_load_ramp(m, 0), 0);
    ck_assert_int_eq(alecable_model_finalize(m), 0);
    ck_assert_int_eq(alecable_model_sizes(m, &nq, &nl), 0);
    ck_assert_int_eq(alecable_model_problem(&p, m), 0);
    q = calloc((size_t)nq, sizeof *q);
    v = calloc((size_t)nq, sizeof *v);
    ac = calloc((size_t)nq, sizeof *ac);
    lam = calloc((size_t)(nl + 1), sizeof *lam);
    ck_assert(q && v && ac && lam);
    pfd_perturbed_state(m, nq, seed, q, v, ac);
    for (k = ALECABLE_DOF_RX; k <= ALECABLE_DOF_RZ; k++) q[dof(c, 0, k)] = 0.0; /* the fixes hold psi at 0 */
    for (i = 0; i < nl; i++) lam[i] = fd_rand(&seed);
    /* d/dq at v = a = 0 (statics: drag of the current, buoyancy), through the update */
    eq = pfd_full_jacobian_error(&p, 1.0, q, lam, 1e-4);
    /* d/dv, d/da with the flow's rates (v's rotation entries are angular velocities, which nothing here reads) */
    ev = pfd_weighted_jacobian_error(&p, 1.0, q, v, ac, lam, wv);
    ea = pfd_weighted_jacobian_error(&p, 1.0, q, v, ac, lam, wa);
    figure("model Jacobian vs differences: dq %.3g, dv %.3g, da %.3g", eq, ev, ea);
    ck_assert_msg(eq < 1e-6 && ev < 1e-6 && ea < 1e-6, "Jacobian vs differences: dq %.3g, dv %.3g, da %.3g", eq, ev,
                  ea);
    free(q);
    free(v);
    free(ac);
    free(lam);
    alecable_model_destroy(m);
}
END_TEST

/* A straight SE(3) line along x held at every node, in a current U at 30
 * degrees to it in the x-y plane, under gravity -z: the fixes' reactions at
 * node i are the loads on its tributary length (h / 2 at the ends, h
 * inside; the chord's consistent load vector of a uniform load), with
 *     normal drag      1/2 rho_f d C_dn (U sin a)^2   along y,
 *     tangential drag  1/2 rho_f pi d C_dt (U cos a)^2  along x,
 *     buoyancy         rho_f pi d^2 / 4 g0            along z. */
START_TEST(taut_line)
{
    const int n = 5;
    const double L = 3.0, d = 0.04, rho_f = 1025.0, C_dn = 1.1, C_dt = 0.02, U = 1.5, al = M_PI / 6.0, g0 = 9.81;
    const double a[3] = {0, 0, 0}, b[3] = {L, 0, 0}, h = L / n;
    const double fcf[3] = {0.5 * rho_f * M_PI * d * C_dt * pow(U * cos(al), 2), 0.5 * rho_f * d * C_dn * pow(U * sin(al), 2),
                           rho_f * 0.25 * M_PI * d * d * g0};
    alecable_model *m;
    alecable_cable *c;
    alecable_constraint *fx[6][3];
    alecable_hydro_params hp;
    double g[3] = {0, 0, -g0}, worst = 0.0;
    int i, k;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    c = line(m, ALECABLE_ELEMENT_SE3, n, a, b, 0.0, d);
    ck_assert_int_eq(alecable_cable_set_lagrangian(c, 1), 0);
    for (k = ALECABLE_DOF_RX; k <= ALECABLE_DOF_RZ; k++) ck_assert_int_eq(alecable_fix(NULL, m, node(c, 0), k), 0);
    for (i = 0; i <= n; i++)
        for (k = 0; k < 3; k++) ck_assert_int_eq(alecable_fix(&fx[i][k], m, node(c, i), ALECABLE_DOF_X + k), 0);
    ck_assert_int_eq(alecable_model_set_gravity(m, g), 0);
    alecable_hydro_params_init(&hp);
    hp.diameter = d;
    hp.rho_f = rho_f;
    hp.C_dn = C_dn;
    hp.C_dt = C_dt;
    hp.current[0] = U * cos(al);
    hp.current[1] = U * sin(al);
    ck_assert_int_eq(alecable_load_hydro(NULL, m, c, &hp), 0);
    {
        alecable_quasistatic_options o;
        alecable_quasistatic_options_init(&o);
        ck_assert_msg(alecable_solve_quasistatic(m, &o, NULL) == 0, "solve: %s", alecable_model_errmsg(m));
    }
    for (i = 0; i <= n; i++) {
        double share = (i == 0 || i == n ? 0.5 : 1.0) * h;
        for (k = 0; k < 3; k++) {
            double lam, want = share * fcf[k];
            ck_assert_int_eq(alecable_constraint_multiplier(fx[i][k], &lam), 0);
            /* r = f_int - f_ext + G^T lambda = 0: the reaction holds the load, lambda = f_ext */
            worst = fmax(worst, fabs(lam - want) / fcf[1]);
            ck_assert_msg(fabs(lam - want) <= 1e-12 * h * fcf[1], "node %d, axis %d: reaction %.15g, load %.15g", i, k,
                          lam, want);
        }
    }
    figure("taut line: loads per length %.6g (tangential), %.6g (normal), %.6g (buoyancy); worst %.3g", fcf[0],
           fcf[1], fcf[2], worst);
    alecable_model_destroy(m);
}
END_TEST

typedef struct run {
    alecable_model *m;
    alecable_cable *c;
    alecable_integrator *it;
    double *q, *v;
    int nq;
} run;

static void run_start(run *r, int method, double h)
{
    alecable_dynamic_options o;
    ck_assert_msg(alecable_model_finalize(r->m) == 0, "finalize: %s", alecable_model_errmsg(r->m));
    ck_assert_int_eq(alecable_model_sizes(r->m, &r->nq, NULL), 0);
    r->q = calloc((size_t)r->nq, sizeof(double));
    r->v = calloc((size_t)r->nq, sizeof(double));
    ck_assert(r->q && r->v);
    alecable_dynamic_options_init(&o);
    o.method = method;
    o.h = h;
    o.tol_residual = 1e-12;
    ck_assert_msg(alecable_model_integrator(&r->it, r->m, &o) == 0, "integrator: %s", alecable_model_errmsg(r->m));
    ck_assert_int_eq(alecable_model_get_state(r->m, r->q, NULL, NULL), 0);
}

static void run_set_velocity(run *r)
{
    ck_assert_msg(alecable_integrator_set_state(r->it, 0.0, r->q, r->v, NULL, NULL) == 0, "set_state: %s",
                  alecable_integrator_errmsg(r->it));
}

static void run_step(run *r, double h)
{
    double t;
    ck_assert_msg(alecable_integrator_step(r->it, h) == 0, "step: %s", alecable_integrator_errmsg(r->it));
    ck_assert_int_eq(alecable_model_pull_state(r->m, r->it), 0);
    ck_assert_int_eq(alecable_integrator_get_state(r->it, &t, r->q, r->v, NULL, NULL), 0);
}

static void run_finish(run *r)
{
    alecable_integrator_destroy(r->it);
    alecable_model_destroy(r->m);
    free(r->q);
    free(r->v);
}

/* A free horizontal SE(3) cable (Lagrangian, its rotation free: it has
 * rotary inertia) sinking in still water from rest: weight less buoyancy
 * (rho - rho_f) A g against the normal drag 1/2 rho_f d C_dn V^2 gives the
 * terminal velocity; the added mass changes only the way there (time
 * constant some 0.09 s; 3 s run). */
START_TEST(terminal_velocity)
{
    const int n = 4;
    const double L = 2.0, d = 0.02, rho = 7850.0, rho_f = 1025.0, C_dn = 1.2, g0 = 9.81, h = 0.01;
    const double A = 0.25 * M_PI * d * d, V = sqrt((rho - rho_f) * A * g0 / (0.5 * rho_f * d * C_dn));
    const double a[3] = {0, 0, 0}, b[3] = {L, 0, 0};
    double g[3] = {0, 0, -g0}, vz = 0.0;
    alecable_hydro_params hp;
    run r;
    int i, k;
    ck_assert_int_eq(alecable_model_create(&r.m, NULL), 0);
    r.c = line(r.m, ALECABLE_ELEMENT_SE3, n, a, b, rho, d);
    ck_assert_int_eq(alecable_cable_set_lagrangian(r.c, 1), 0);
    ck_assert_int_eq(alecable_model_set_gravity(r.m, g), 0);
    alecable_hydro_params_init(&hp);
    hp.diameter = d;
    hp.rho_f = rho_f;
    hp.C_dn = C_dn;
    ck_assert_int_eq(alecable_load_hydro(NULL, r.m, r.c, &hp), 0);
    run_start(&r, ALECABLE_METHOD_HHT, h);
    for (k = 0; k < 300; k++) run_step(&r, h);
    for (i = 0; i <= n; i++) {
        double x[3];
        vz = r.v[dof(r.c, i, ALECABLE_DOF_Z)];
        ck_assert_msg(fabs(vz + V) < 1e-9 * V, "node %d: v_z %.15g, terminal velocity %.15g", i, vz, -V);
        ck_assert_msg(fabs(r.v[dof(r.c, i, ALECABLE_DOF_X)]) < 1e-9 * V && fabs(r.v[dof(r.c, i, ALECABLE_DOF_Y)]) < 1e-9 * V,
                      "node %d moves sideways", i);
        ck_assert_int_eq(alecable_node_position(node(r.c, i), x), 0);
        ck_assert_double_eq_tol(x[0], L * i / n, 1e-9 * L); /* straight, unstrained */
    }
    figure("terminal velocity %.15g, closed form %.15g", -vz, V);
    run_finish(&r);
}
END_TEST

/* The centre of mass of the chords' consistent mass: sum over elements of
 * l (x_A + x_B) / 2, over L */
static double centre_x(alecable_cable *c, int n, double L)
{
    double xc = 0.0, xa[3], xb[3];
    int i;
    for (i = 0; i < n; i++) {
        ck_assert_int_eq(alecable_node_position(node(c, i), xa), 0);
        ck_assert_int_eq(alecable_node_position(node(c, i + 1), xb), 0);
        xc += 0.5 * (L / n) * (xa[0] + xb[0]);
    }
    return xc / L;
}

/* An SE(3) cable lying on the plane z = 0 (its nodes' z held), sliding
 * along x at v0 = 1 m/s >> eps, pulled by F at its end: every particle
 * feels Coulomb's mu rho A g against its motion, so the centre of mass
 * accelerates at F / (rho A L) - mu g exactly (the trapezoidal rule
 * integrates a constant total force exactly; the axial waves the pull
 * starts leave the particles' velocities above eps). */
START_TEST(sliding)
{
    const int n = 5;
    const double L = 1.0, d = 0.02, g0 = 9.81, mu = 0.3, F = 5.0, v0 = 1.0, h = 2e-3;
    const double a[3] = {0, 0, 0}, b[3] = {L, 0, 0};
    double g[3] = {0, 0, -g0}, f[3] = {F, 0, 0}, rhoA, acc, x0, t, vmin = v0;
    alecable_friction_plane_params fp;
    run r;
    int i, k;
    ck_assert_int_eq(alecable_model_create(&r.m, NULL), 0);
    rhoA = 1.0;
    r.c = line(r.m, ALECABLE_ELEMENT_SE3, n, a, b, rhoA / (0.25 * M_PI * d * d), d);
    acc = F / (rhoA * L) - mu * g0;
    ck_assert_int_eq(alecable_cable_set_lagrangian(r.c, 1), 0);
    for (i = 0; i <= n; i++) ck_assert_int_eq(alecable_fix(NULL, r.m, node(r.c, i), ALECABLE_DOF_Z), 0);
    ck_assert_int_eq(alecable_model_set_gravity(r.m, g), 0);
    ck_assert_int_eq(alecable_load_node(NULL, r.m, node(r.c, n), f), 0);
    alecable_friction_plane_params_init(&fp);
    fp.mu = mu;
    fp.eps = 1e-3;
    ck_assert_int_eq(alecable_load_friction_plane(NULL, r.m, r.c, &fp), 0);
    run_start(&r, ALECABLE_METHOD_NEWMARK, h);
    for (i = 0; i <= n; i++) r.v[dof(r.c, i, ALECABLE_DOF_X)] = v0;
    run_set_velocity(&r);
    x0 = centre_x(r.c, n, L);
    for (k = 1; k <= 250; k++) {
        run_step(&r, h);
        for (i = 0; i <= n; i++) vmin = fmin(vmin, r.v[dof(r.c, i, ALECABLE_DOF_X)]);
    }
    t = 250 * h;
    {
        double xc = centre_x(r.c, n, L), want = x0 + v0 * t + 0.5 * acc * t * t;
        figure("sliding: centre moved %.15g, closed form %.15g (slowest node %.4g m/s)", xc - x0, want - x0, vmin);
        ck_assert_msg(vmin > 10.0 * fp.eps, "a node slowed to %g m/s", vmin);
        ck_assert_msg(fabs(xc - want) < 1e-9 * (want - x0), "centre moved %.15g, closed form %.15g", xc - x0,
                      want - x0);
    }
    run_finish(&r);
}
END_TEST

Suite *suite_se3_loads(void)
{
    Suite *s = suite_create("se3_loads");
    TCase *tc = tcase_create("field loads");
    tcase_set_timeout(tc, 30);
    tcase_add_loop_test(tc, element_jacobian, 0, 16);
    tcase_add_loop_test(tc, element_is_axial_chord, 0, 4);
    tcase_add_loop_test(tc, kinematics_match_inertia, 0, 4);
    tcase_add_test(tc, model_is_axial_chord);
    tcase_add_test(tc, model_jacobian);
    tcase_add_test(tc, taut_line);
    tcase_add_test(tc, terminal_velocity);
    tcase_add_test(tc, sliding);
    suite_add_tcase(s, tc);
    return s;
}
