/* The ALE-ANCF element: force = gradient of the energy, tangent = Hessian,
 * load and end-gradient derivatives, checked by central finite differences on
 * random curved 3D elements (strains up to +-30 %, slopes of random length and
 * direction, every s varied); inertia checked against Lagrange's equations
 * built from finite differences of the kinetic energy alone; and physical
 * checks (stress-free straight element, rigid motions, circular arc, mass,
 * the classical ANCF mass matrix, a cable sliding through the mesh).
 *
 * Tolerances: central differences with steps 1e-6 (1 + |q|) have O(h^2)
 * truncation and O(eps_mach/h) rounding; the largest error measured over these
 * cases is 3.6e-10 (scaled max-norm of fd.h), so every finite-difference check
 * uses 1e-7.  Identities that involve no differencing are checked to 1e-12
 * relative or tighter. */
#include "suites.h"
#include "fd.h"
#include "inertia_checks.h"
#include "elements/element.h"

#include <string.h>

#define ND 14
#define SA 6
#define SB 13

static const el_ops *ops(void) { return el_ops_get(1); }

/* EA and EI chosen so both terms matter at the random configurations */
static const el_params PAR = {.EA = 3.0e3, .rhoA = 2.5, .ref_len = 1.1, .EI = 40.0, .fixed_s = 0};
static const el_params BEND = {.EA = 0.0, .rhoA = 2.5, .ref_len = 1.1, .EI = 1.0, .fixed_s = 0}; /* bending energy alone */

static void unit_rand(unsigned *st, double *d)
{
    double n;
    d[0] = fd_rand(st);
    d[1] = fd_rand(st);
    d[2] = fd_rand(st);
    n = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
    if (n < 1e-3) { /* improbable; keeps the direction well defined */
        d[0] = n = 1.0;
        d[1] = d[2] = 0.0;
    }
    d[0] /= n;
    d[1] /= n;
    d[2] /= n;
}

/* random curved element: chord of length (1 +- 0.3) l in a random direction,
 * slopes of length 1 +- 0.3 tilted from the chord, s_A in [0, 1), l in [0.5, 1.5) */
static void random_qe(unsigned *st, double *qe)
{
    double dir[3], t[3], l, len;
    int i, e;
    unit_rand(st, dir);
    l = 1.0 + 0.5 * fd_rand(st);
    len = l * (1.0 + 0.3 * fd_rand(st));
    for (i = 0; i < 3; i++) {
        qe[i] = 0.1 * fd_rand(st);
        qe[7 + i] = qe[i] + len * dir[i];
    }
    for (e = 0; e < 2; e++) {
        double sc = 1.0 + 0.3 * fd_rand(st), n;
        unit_rand(st, t);
        for (i = 0; i < 3; i++) t[i] = dir[i] + 0.4 * t[i];
        n = sqrt(t[0] * t[0] + t[1] * t[1] + t[2] * t[2]);
        for (i = 0; i < 3; i++) qe[(e ? 10 : 3) + i] = sc * t[i] / n;
    }
    qe[SA] = 0.5 + 0.5 * fd_rand(st);
    qe[SB] = qe[SA] + l;
}

/* random velocity (or acceleration); material rates zero if fixed_s */
static void random_v(unsigned *st, double *v, int fixed_s)
{
    int a;
    for (a = 0; a < ND; a++) v[a] = fd_rand(st);
    if (fixed_s) v[SA] = v[SB] = 0.0;
    else {
        v[SA] *= 0.5;
        v[SB] *= 0.5;
    }
}

typedef double (*scalar_fn)(const void *ctx, const double *x);
typedef void (*vector_fn)(const void *ctx, const double *x, double *f);

static double step(double x) { return 1e-6 * (1.0 + fabs(x)); }

static void fd_grad(scalar_fn f, const void *ctx, const double *x0, double *g)
{
    double x[ND];
    int a;
    for (a = 0; a < ND; a++) {
        double h = step(x0[a]);
        memcpy(x, x0, sizeof x);
        x[a] = x0[a] + h;
        g[a] = f(ctx, x);
        x[a] = x0[a] - h;
        g[a] = (g[a] - f(ctx, x)) / (2 * h);
    }
}

static void fd_jac(vector_fn f, const void *ctx, const double *x0, double *k)
{
    double x[ND], fp[ND], fm[ND];
    int a, b;
    for (b = 0; b < ND; b++) {
        double h = step(x0[b]);
        memcpy(x, x0, sizeof x);
        x[b] = x0[b] + h;
        f(ctx, x, fp);
        x[b] = x0[b] - h;
        f(ctx, x, fm);
        for (a = 0; a < ND; a++) k[a * ND + b] = (fp[a] - fm[a]) / (2 * h);
    }
}

static double max_asym(const double *k)
{
    double m = 0.0, s = 0.0;
    int a, b;
    for (a = 0; a < ND * ND; a++)
        if (fabs(k[a]) > s) s = fabs(k[a]);
    for (a = 0; a < ND; a++)
        for (b = 0; b < a; b++)
            if (fabs(k[a * ND + b] - k[b * ND + a]) > m) m = fabs(k[a * ND + b] - k[b * ND + a]);
    return m / s;
}

/* ---------------------------------------------------------------------------
 * Strain energy */

static double f_energy(const void *c, const double *qe) { return ops()->energy((const el_params *)c, qe); }
static void f_force(const void *c, const double *qe, double *fe) { ops()->force((const el_params *)c, qe, fe); }

START_TEST(internal_force_is_energy_gradient)
{
    unsigned st = 11u + (unsigned)_i;
    const el_params *p = _i % 2 ? &BEND : &PAR; /* odd: the curvature term alone */
    double qe[ND], f[ND], g[ND];
    random_qe(&st, qe);
    ops()->force(p, qe, f);
    fd_grad(f_energy, p, qe, g);
    ck_assert_double_le(fd_relerr(f, g, ND, 1e-12), 1e-7);
}
END_TEST

START_TEST(tangent_is_force_jacobian_and_symmetric)
{
    unsigned st = 101u + (unsigned)_i;
    const el_params *p = _i % 2 ? &BEND : &PAR;
    double qe[ND], k[ND * ND], kfd[ND * ND];
    random_qe(&st, qe);
    ops()->tangent(p, qe, k);
    fd_jac(f_force, p, qe, kfd);
    ck_assert_double_le(fd_relerr(k, kfd, ND * ND, 1e-12), 1e-7);
    ck_assert_double_le(max_asym(k), 1e-13);
}
END_TEST

START_TEST(straight_element_is_stress_free)
{
    /* r' = unit tangent, chord = l: eps = 0 and kappa = 0 everywhere */
    double e[3] = {0.48, -0.6, 0.64}, qe[ND], f[ND], eps, F, N;
    const double l = 1.7;
    int i;
    for (i = 0; i < 3; i++) {
        qe[i] = 0.3 * (i + 1);
        qe[3 + i] = qe[10 + i] = e[i];
        qe[7 + i] = qe[i] + l * e[i];
    }
    qe[SA] = 2.0;
    qe[SB] = 2.0 + l;
    ops()->force(&PAR, qe, f);
    for (i = 0; i < ND; i++) ck_assert_double_eq_tol(f[i], 0.0, 1e-12 * PAR.EA);
    ck_assert_double_eq_tol(ops()->energy(&PAR, qe), 0.0, 1e-20 * PAR.EA);
    ck_assert_double_eq_tol(ops()->energy(&BEND, qe), 0.0, 1e-24); /* zero curvature */
    ops()->strain(&PAR, qe, &eps, &F, &N);
    ck_assert_double_eq_tol(eps, 0.0, 1e-15);
    ck_assert_double_eq_tol(F, 1.0, 1e-15);
}
END_TEST

/* rotation about axis n by angle t (Rodrigues) */
static void rotate(const double n[3], double t, const double x[3], double y[3])
{
    double c = cos(t), s = sin(t), nx = n[0] * x[0] + n[1] * x[1] + n[2] * x[2];
    y[0] = c * x[0] + s * (n[1] * x[2] - n[2] * x[1]) + (1 - c) * nx * n[0];
    y[1] = c * x[1] + s * (n[2] * x[0] - n[0] * x[2]) + (1 - c) * nx * n[1];
    y[2] = c * x[2] + s * (n[0] * x[1] - n[1] * x[0]) + (1 - c) * nx * n[2];
}

START_TEST(rigid_motions_cost_nothing)
{
    unsigned st = 77u + (unsigned)_i;
    double qe[ND], q2[ND], n[3], w0, w, ang;
    int i, b;
    random_qe(&st, qe);
    w0 = ops()->energy(&PAR, qe);
    ck_assert_double_gt(w0, 0.0);
    /* translation of every position (slopes unchanged) */
    memcpy(q2, qe, sizeof q2);
    for (i = 0; i < 3; i++) {
        q2[i] += 3.0 * (i - 1);
        q2[7 + i] += 3.0 * (i - 1);
    }
    w = ops()->energy(&PAR, q2);
    ck_assert_double_eq_tol(w, w0, 1e-12 * w0);
    /* one finite rotation of positions and slopes */
    unit_rand(&st, n);
    ang = 1.0 + fd_rand(&st);
    memcpy(q2, qe, sizeof q2);
    for (b = 0; b < 4; b++) rotate(n, ang, qe + (b < 2 ? 3 * b : 3 * b + 1), q2 + (b < 2 ? 3 * b : 3 * b + 1));
    w = ops()->energy(&PAR, q2);
    ck_assert_double_eq_tol(w, w0, 1e-12 * w0);
    /* shift of the material interval: only l matters */
    memcpy(q2, qe, sizeof q2);
    q2[SA] += 5.0;
    q2[SB] += 5.0;
    w = ops()->energy(&PAR, q2);
    ck_assert_double_eq_tol(w, w0, 1e-12 * w0);
}
END_TEST

/* Arc of radius R and angle th = l/R, nodes and unit slopes on the circle, in
 * a random plane.  The cubic Hermite arc is not a circle: the relative error
 * of its bending energy against EI l/(2 R^2) falls as th^4 (measured 6.7e-6,
 * 1.06e-4, 1.6e-3 at th = 0.2, 0.4, 0.8, 5-point quadrature included) and its
 * midpoint strain is -1.3e-5 at th = 0.4.  At th = 0.4: energy to 2e-4
 * relative, rms curvature to 1e-4 relative, |eps| < 2e-5. */
START_TEST(circular_arc_curvature)
{
    unsigned st = 3u + (unsigned)_i;
    const double R = 2.5, th = 0.4, l = R * th;
    double e1[3], e2[3], n, qe[ND], wb, kap, eps, F, N;
    int i;
    unit_rand(&st, e1);
    unit_rand(&st, e2);
    n = e1[0] * e2[0] + e1[1] * e2[1] + e1[2] * e2[2];
    for (i = 0; i < 3; i++) e2[i] -= n * e1[i];
    n = sqrt(e2[0] * e2[0] + e2[1] * e2[1] + e2[2] * e2[2]);
    for (i = 0; i < 3; i++) e2[i] /= n;
    /* r(phi) = R (cos phi e1 + sin phi e2), phi from -th/2 to th/2 */
    for (i = 0; i < 3; i++) {
        qe[i] = R * (cos(-th / 2) * e1[i] + sin(-th / 2) * e2[i]);
        qe[3 + i] = -sin(-th / 2) * e1[i] + cos(-th / 2) * e2[i];
        qe[7 + i] = R * (cos(th / 2) * e1[i] + sin(th / 2) * e2[i]);
        qe[10 + i] = -sin(th / 2) * e1[i] + cos(th / 2) * e2[i];
    }
    qe[SA] = 0.7;
    qe[SB] = 0.7 + l;
    wb = ops()->energy(&BEND, qe);
    ck_assert_double_eq_tol(wb, BEND.EI * l / (2 * R * R), 2e-4 * BEND.EI * l / (2 * R * R));
    kap = sqrt(2.0 * wb / (BEND.EI * l)); /* root-mean-square curvature */
    ck_assert_double_eq_tol(kap, 1.0 / R, 1e-4 / R);
    ops()->strain(&PAR, qe, &eps, &F, &N);
    ck_assert_double_le(fabs(eps), 2e-5);
    ck_assert_double_eq_tol(F, 1.0, 2e-5);
}
END_TEST

/* ---------------------------------------------------------------------------
 * Loads and end gradient */

typedef struct { double b[3]; double s; } load_ctx;
static double d_energy(const void *c, const double *qe) { return ops()->dist_energy(((const load_ctx *)c)->b, qe); }
static void d_force(const void *c, const double *qe, double *fe) { ops()->dist_force(((const load_ctx *)c)->b, qe, fe); }
static double p_energy(const void *c, const double *qe)
{
    const load_ctx *l = (const load_ctx *)c;
    return ops()->point_energy(l->b, l->s, qe);
}
static void p_force(const void *c, const double *qe, double *fe)
{
    const load_ctx *l = (const load_ctx *)c;
    ops()->point_force(l->b, l->s, qe, fe);
}

START_TEST(distributed_load_derivatives)
{
    unsigned st = 7u + (unsigned)_i;
    load_ctx c = {{fd_rand(&st), fd_rand(&st), fd_rand(&st)}, 0};
    double qe[ND], f[ND], g[ND], k[ND * ND], kfd[ND * ND];
    random_qe(&st, qe);
    ops()->dist_force(c.b, qe, f);
    fd_grad(d_energy, &c, qe, g);
    ck_assert_double_le(fd_relerr(f, g, ND, 1e-12), 1e-7);
    ops()->dist_tangent(c.b, qe, k);
    fd_jac(d_force, &c, qe, kfd);
    ck_assert_double_le(fd_relerr(k, kfd, ND * ND, 1e-12), 1e-7);
    ck_assert_double_le(max_asym(k), 1e-14);
}
END_TEST

/* the load of a uniform b equals the integral of point loads b ds (Simpson's
 * rule is exact: the integrand is cubic in s) */
START_TEST(distributed_load_is_integral_of_point_loads)
{
    unsigned st = 17u;
    double qe[ND], b[3] = {0.3, -1.1, 0.7}, l, w;
    random_qe(&st, qe);
    l = qe[SB] - qe[SA];
    w = l / 6.0 * (ops()->point_energy(b, qe[SA], qe) + 4.0 * ops()->point_energy(b, qe[SA] + 0.5 * l, qe) +
                   ops()->point_energy(b, qe[SB], qe));
    ck_assert_double_eq_tol(ops()->dist_energy(b, qe), w, 1e-13);
}
END_TEST

START_TEST(material_point_load_derivatives)
{
    unsigned st = 29u + (unsigned)_i;
    load_ctx c;
    double qe[ND], f[ND], g[ND], k[ND * ND], kfd[ND * ND], x;
    random_qe(&st, qe);
    c.b[0] = fd_rand(&st);
    c.b[1] = fd_rand(&st);
    c.b[2] = fd_rand(&st);
    /* interior particles, and both ends (loops 0 and 1) */
    x = _i == 0 ? 0.0 : _i == 1 ? 1.0 : 0.5 + 0.45 * fd_rand(&st);
    c.s = qe[SA] + x * (qe[SB] - qe[SA]);
    ops()->point_force(c.b, c.s, qe, f);
    fd_grad(p_energy, &c, qe, g);
    ck_assert_double_le(fd_relerr(f, g, ND, 1e-12), 1e-7);
    ops()->point_tangent(c.b, c.s, qe, k);
    fd_jac(p_force, &c, qe, kfd);
    ck_assert_double_le(fd_relerr(k, kfd, ND * ND, 1e-12), 1e-7);
    ck_assert_double_le(max_asym(k), 1e-14);
}
END_TEST

static void eg_g(const void *c, const double *qe, double *out)
{
    double g[3], j;
    ops()->end_gradient(&PAR, qe, *(const int *)c, g, &j, NULL, NULL);
    memset(out, 0, ND * sizeof *out);
    out[0] = g[0];
    out[1] = g[1];
    out[2] = g[2];
    out[3] = j;
}

START_TEST(end_gradient_derivatives)
{
    unsigned st = 5u + (unsigned)_i;
    int end = _i % 2, a, b;
    double qe[ND], g[3], j, dg[3 * ND], dj[ND], k[ND * ND], kfd[ND * ND], l;
    random_qe(&st, qe);
    ops()->end_gradient(&PAR, qe, end, g, &j, dg, dj);
    /* the values: slope times l/L, and L/l */
    l = qe[SB] - qe[SA];
    for (a = 0; a < 3; a++) ck_assert_double_eq_tol(g[a], qe[(end ? 10 : 3) + a] * l / PAR.ref_len, 1e-15);
    ck_assert_double_eq_tol(j, PAR.ref_len / l, 1e-15);
    memset(k, 0, sizeof k);
    for (b = 0; b < ND; b++) {
        for (a = 0; a < 3; a++) k[a * ND + b] = dg[a * ND + b];
        k[3 * ND + b] = dj[b];
    }
    fd_jac(eg_g, &end, qe, kfd);
    ck_assert_double_le(fd_relerr(k, kfd, ND * ND, 1e-12), 1e-7);
}
END_TEST

/* ---------------------------------------------------------------------------
 * Inertia */

START_TEST(mass_matrix_is_symmetric_psd_and_gives_kinetic_energy)
{
    unsigned st = 41u + (unsigned)_i;
    double qe[ND], v[ND], a[ND];
    random_qe(&st, qe);
    random_v(&st, v, _i % 2);
    random_v(&st, a, _i % 2);
    ic_check_mass(ops(), &PAR, qe, v, a, ND);
}
END_TEST

/* Lagrange's d/dt(dT/dv) - dT/dq from kinetic() alone:
 * d/dt dT/dv = (d2T/dv dq) v + (d2T/dv2) a = d/de [dT/dv(q + e v, v)] + dT/dv(q, a) */
START_TEST(inertia_is_lagrange_of_kinetic_energy)
{
    unsigned st = 53u + (unsigned)_i;
    double qe[ND], v[ND], a[ND];
    random_qe(&st, qe);
    random_v(&st, v, _i % 2);
    random_v(&st, a, _i % 2);
    ic_check_lagrange(ops(), &PAR, qe, v, a, ND);
}
END_TEST

START_TEST(inertia_jacobian_is_inertia_derivative)
{
    unsigned st = 61u + (unsigned)_i;
    double qe[ND], v[ND], a[ND];
    random_qe(&st, qe);
    random_v(&st, v, _i % 2);
    random_v(&st, a, _i % 2);
    ic_check_jacobian(ops(), &PAR, qe, v, a, ND);
}
END_TEST

/* The Lagrangian path (no material flow: closed-form integrals) against the
 * quadrature path, reached by a material rate of 1e-300 that changes no
 * digit of the result. */
START_TEST(lagrangian_fast_path_equals_quadrature)
{
    unsigned st = 71u + (unsigned)_i;
    double qe[ND], v[ND], a[ND], v2[ND], a2[ND], r1[ND], r2[ND], k1[ND * ND], k2[ND * ND], nr = 0, nk = 0;
    const double w[3] = {0.37, 1.9, 1.0};
    int k;
    random_qe(&st, qe);
    random_v(&st, v, 1);
    random_v(&st, a, 1);
    memcpy(v2, v, sizeof v);
    memcpy(a2, a, sizeof a);
    v2[SA] = 1e-300;
    ops()->inertia(&PAR, qe, v, a, r1);
    ops()->inertia(&PAR, qe, v2, a2, r2);
    ops()->inertia_jac(&PAR, qe, v, a, w[0], w[1], w[2], k1);
    ops()->inertia_jac(&PAR, qe, v2, a2, w[0], w[1], w[2], k2);
    for (k = 0; k < ND; k++) nr = fmax(nr, fabs(r2[k]));
    for (k = 0; k < ND * ND; k++) nk = fmax(nk, fabs(k2[k]));
    for (k = 0; k < ND; k++) ck_assert_double_eq_tol(r1[k], r2[k], 1e-13 * nr);
    for (k = 0; k < ND * ND; k++) ck_assert_double_eq_tol(k1[k], k2[k], 1e-13 * nk);
}
END_TEST

/* fixed_s (a Lagrangian cable's elements): every entry outside the material
 * rows and columns equals the full kernel's, and those rows and columns are
 * zero (assembly drops them). */
START_TEST(fixed_s_kernels_equal_full_ones_off_the_material_rows)
{
    unsigned st = 97u + (unsigned)_i;
    el_params fx = PAR;
    double qe[ND], v[ND], a[ND], f0[ND], f1[ND], k0[ND * ND], k1[ND * ND], nf = 0, nk = 0;
    const double w[3] = {0.37, 1.9, 1.0};
    int k, pass;
    fx.fixed_s = 1;
    random_qe(&st, qe);
    random_v(&st, v, 1);
    random_v(&st, a, 1);
    for (pass = 0; pass < 4; pass++) {
        memset(k0, 0, sizeof k0);
        memset(k1, 0, sizeof k1);
        if (pass == 0) {
            ops()->force(&PAR, qe, f0);
            ops()->force(&fx, qe, f1);
        } else if (pass == 1) {
            ops()->tangent_acc(&PAR, qe, 1.0, k0);
            ops()->tangent_acc(&fx, qe, 1.0, k1);
        } else if (pass == 2) {
            ops()->inertia(&PAR, qe, v, a, f0);
            ops()->inertia(&fx, qe, v, a, f1);
        } else {
            ops()->inertia_jac_acc(&PAR, qe, v, a, w[0], w[1], w[2], k0);
            ops()->inertia_jac_acc(&fx, qe, v, a, w[0], w[1], w[2], k1);
        }
        if (pass % 2 == 0) {
            for (k = 0; k < ND; k++) nf = fmax(nf, fabs(f0[k]));
            for (k = 0; k < ND; k++)
                if (k == SA || k == SB) ck_assert_double_eq(f1[k], 0.0);
                else ck_assert_double_eq_tol(f1[k], f0[k], 1e-13 * nf);
        } else {
            for (k = 0; k < ND * ND; k++) nk = fmax(nk, fabs(k0[k]));
            for (k = 0; k < ND * ND; k++) {
                int r = k / ND, c = k % ND;
                if (r == SA || r == SB || c == SA || c == SB) ck_assert_double_eq(k1[k], 0.0);
                else ck_assert_double_eq_tol(k1[k], k0[k], 1e-13 * nk);
            }
        }
    }
}
END_TEST

/* The accumulating forms add w times the plain ones to what is there. */
START_TEST(accumulating_forms_add)
{
    unsigned st = 83u + (unsigned)_i;
    double qe[ND], v[ND], a[ND], base[ND * ND], k0[ND * ND], k1[ND * ND], b[3] = {0.3, -1.2, 0.7};
    const double w = -2.5;
    int k;
    random_qe(&st, qe);
    random_v(&st, v, _i % 2);
    random_v(&st, a, _i % 2);
    for (k = 0; k < ND * ND; k++) base[k] = fd_rand(&st);
    memcpy(k1, base, sizeof base);
    ops()->tangent(&PAR, qe, k0);
    ops()->tangent_acc(&PAR, qe, w, k1);
    for (k = 0; k < ND * ND; k++) ck_assert_double_eq_tol(k1[k], base[k] + w * k0[k], 1e-12 * (1.0 + fabs(k0[k])));
    memcpy(k1, base, sizeof base);
    ops()->dist_tangent(b, qe, k0);
    ops()->dist_tangent_acc(b, qe, w, k1);
    for (k = 0; k < ND * ND; k++) ck_assert_double_eq_tol(k1[k], base[k] + w * k0[k], 1e-13 * (1.0 + fabs(k0[k])));
    memcpy(k1, base, sizeof base);
    ops()->inertia_jac(&PAR, qe, v, a, 0.3, 0.7, 1.1, k0);
    ops()->inertia_jac_acc(&PAR, qe, v, a, 0.3, 0.7, 1.1, k1);
    for (k = 0; k < ND * ND; k++) ck_assert_double_eq_tol(k1[k], base[k] + k0[k], 1e-13 * (1.0 + fabs(k0[k])));
}
END_TEST

START_TEST(mass_of_a_translation_is_rhoA_l)
{
    unsigned st = 71u + (unsigned)_i;
    double qe[ND], m[ND * ND], v[ND], l;
    int i, j;
    random_qe(&st, qe);
    l = qe[SB] - qe[SA];
    ic_mass(ops(), &PAR, qe, ND, m);
    for (j = 0; j < 3; j++) {
        memset(v, 0, sizeof v);
        v[j] = v[7 + j] = 1.0; /* both node positions, slopes and s fixed */
        for (i = 0; i < 3; i++) {
            double mij = 0.0;
            int a, b;
            double w[ND] = {0};
            w[i] = w[7 + i] = 1.0;
            for (a = 0; a < ND; a++)
                for (b = 0; b < ND; b++) mij += w[a] * m[a * ND + b] * v[b];
            ck_assert_double_eq_tol(mij, i == j ? PAR.rhoA * l : 0.0, 1e-13 * PAR.rhoA * l);
        }
    }
}
END_TEST

/* With every s fixed, M on the 12 spatial dofs is the constant ANCF mass
 * matrix rhoA l int S^T S dxi, S = [h1 I, l h2 I, h3 I, l h4 I]. */
START_TEST(fixed_s_mass_is_classical_ancf)
{
    unsigned st = 83u;
    static const int off[4] = {0, 3, 7, 10};
    double qe[ND], m[ND * ND], l, c[4][4];
    int b, d, i, j;
    random_qe(&st, qe);
    l = qe[SB] - qe[SA];
    c[0][0] = c[2][2] = 13.0 / 35.0;
    c[1][1] = c[3][3] = l * l / 105.0;
    c[0][1] = 11.0 * l / 210.0;
    c[0][2] = 9.0 / 70.0;
    c[0][3] = -13.0 * l / 420.0;
    c[1][2] = 13.0 * l / 420.0;
    c[1][3] = -l * l / 140.0;
    c[2][3] = -11.0 * l / 210.0;
    for (b = 0; b < 4; b++)
        for (d = 0; d < b; d++) c[b][d] = c[d][b];
    ic_mass(ops(), &PAR, qe, ND, m);
    for (b = 0; b < 4; b++)
        for (d = 0; d < 4; d++)
            for (i = 0; i < 3; i++)
                for (j = 0; j < 3; j++)
                    ck_assert_double_eq_tol(m[(off[b] + i) * ND + off[d] + j], i == j ? PAR.rhoA * l * c[b][d] : 0.0,
                                            1e-14 * PAR.rhoA * l);
}
END_TEST

/* A cable whose centerline is the cubic r0(s), translating rigidly with V,
 * seen through nodes that slide along it with arbitrary sdot_A, sdot_B:
 * r_e = r0(s_e) + V t, r'_e = r0'(s_e), so rdot_e = V + r0'(s_e) sdot_e and
 * r'dot_e = r0''(s_e) sdot_e.  The Hermite cubic reproduces r0, every particle
 * moves with V and T = 1/2 rhoA l |V|^2; with V = 0 the velocity is a null
 * vector of M (mesh motion along the material). */
START_TEST(cable_sliding_through_mesh)
{
    unsigned st = 97u + (unsigned)_i;
    double c1[3], c2[3], c3[3], V[3], qe[ND], v[ND], m[ND * ND], mv, t, vv, l;
    int e, i, a;
    for (i = 0; i < 3; i++) {
        c1[i] = fd_rand(&st);
        c2[i] = 0.3 * fd_rand(&st);
        c3[i] = 0.2 * fd_rand(&st);
        V[i] = _i ? fd_rand(&st) : 0.0;
    }
    qe[SA] = 0.2 + 0.1 * fd_rand(&st);
    qe[SB] = qe[SA] + 1.0 + 0.3 * fd_rand(&st);
    v[SA] = fd_rand(&st);
    v[SB] = fd_rand(&st);
    for (e = 0; e < 2; e++) {
        int s = e ? SB : SA, p = e ? 7 : 0;
        double x = qe[s];
        for (i = 0; i < 3; i++) {
            qe[p + i] = c1[i] * x + c2[i] * x * x + c3[i] * x * x * x;
            qe[p + 3 + i] = c1[i] + 2 * c2[i] * x + 3 * c3[i] * x * x;
            v[p + i] = V[i] + qe[p + 3 + i] * v[s];
            v[p + 3 + i] = (2 * c2[i] + 6 * c3[i] * x) * v[s];
        }
    }
    l = qe[SB] - qe[SA];
    vv = V[0] * V[0] + V[1] * V[1] + V[2] * V[2];
    t = ops()->kinetic(&PAR, qe, v);
    ck_assert_double_eq_tol(t, 0.5 * PAR.rhoA * l * vv, 1e-12 * PAR.rhoA * l);
    if (_i == 0) {
        ic_mass(ops(), &PAR, qe, ND, m);
        for (a = 0; a < ND; a++) {
            int b;
            mv = 0.0;
            for (b = 0; b < ND; b++) mv += m[a * ND + b] * v[b];
            ck_assert_double_eq_tol(mv, 0.0, 1e-12 * PAR.rhoA * l);
        }
    }
}
END_TEST

Suite *suite_ancf(void)
{
    Suite *s = suite_create("ANCF element");
    TCase *tc = tcase_create("energy and loads");
    TCase *ti = tcase_create("inertia");
    tcase_add_loop_test(tc, internal_force_is_energy_gradient, 0, 20);
    tcase_add_loop_test(tc, tangent_is_force_jacobian_and_symmetric, 0, 20);
    tcase_add_test(tc, straight_element_is_stress_free);
    tcase_add_loop_test(tc, rigid_motions_cost_nothing, 0, 5);
    tcase_add_loop_test(tc, circular_arc_curvature, 0, 3);
    tcase_add_loop_test(tc, distributed_load_derivatives, 0, 5);
    tcase_add_test(tc, distributed_load_is_integral_of_point_loads);
    tcase_add_loop_test(tc, material_point_load_derivatives, 0, 10);
    tcase_add_loop_test(tc, end_gradient_derivatives, 0, 4);
    suite_add_tcase(s, tc);
    tcase_add_loop_test(ti, mass_matrix_is_symmetric_psd_and_gives_kinetic_energy, 0, 10);
    tcase_add_loop_test(ti, inertia_is_lagrange_of_kinetic_energy, 0, 10);
    tcase_add_loop_test(ti, inertia_jacobian_is_inertia_derivative, 0, 10);
    tcase_add_loop_test(ti, mass_of_a_translation_is_rhoA_l, 0, 3);
    tcase_add_loop_test(ti, lagrangian_fast_path_equals_quadrature, 0, 10);
    tcase_add_loop_test(ti, accumulating_forms_add, 0, 6);
    tcase_add_loop_test(ti, fixed_s_kernels_equal_full_ones_off_the_material_rows, 0, 6);
    tcase_add_test(ti, fixed_s_mass_is_classical_ancf);
    tcase_add_loop_test(ti, cable_sliding_through_mesh, 0, 4);
    suite_add_tcase(s, ti);
    return s;
}
