/* Time integrators on host problems defined here (not cable models):
 * a linear oscillator m a + c v + k q = F and a rigid pendulum in Cartesian
 * coordinates (x^2 + y^2 - L^2 = 0, gravity). */
#include "suites.h"
#include "integrators/dynamic_internal.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#define PI 3.14159265358979323846

/* ---- linear oscillator: r = m a + c v + k q - F; damping is "non-stiff" ---- */
typedef struct osc {
    double m, c, k, F;
    int last_flags;
    int fail_residual; /* residual returns this code when nonzero */
} osc;

static const int OSC_COLPTR[2] = {0, 1};
static const int OSC_ROWIDX[1] = {0};

static int osc_res(void *ctx, double t, const double *q, const double *v, const double *a, const double *lam,
                   double *r)
{
    const osc *o = (const osc *)ctx;
    (void)t;
    (void)lam;
    if (o->fail_residual) return o->fail_residual;
    r[0] = o->m * a[0] + o->c * v[0] + o->k * q[0] - o->F;
    return 0;
}

static int osc_jac(void *ctx, double t, const double *q, const double *v, const double *a, const double *lam,
                   double cq, double cv, double ca, int flags, double *vals)
{
    osc *o = (osc *)ctx;
    (void)t;
    (void)q;
    (void)v;
    (void)a;
    (void)lam;
    o->last_flags = flags;
    vals[0] = cq * o->k + (flags & ALECABLE_JAC_STIFF_ONLY ? 0.0 : cv * o->c) + ca * o->m;
    return 0;
}

static void osc_problem(alecable_problem *p, osc *o)
{
    alecable_problem_init(p);
    ck_assert_int_eq((int)p->struct_size, (int)sizeof *p);
    ck_assert(p->inertia == NULL && p->residual == NULL && p->flops_inertia == 0.0);
    p->ctx = o;
    p->nq = 1;
    p->nlam = 0;
    p->nnz = 1;
    p->colptr = OSC_COLPTR;
    p->rowidx = OSC_ROWIDX;
    p->residual = osc_res;
    p->jacobian = osc_jac;
}

/* ---- pendulum: q = (x, y), r_q = m a + (0, m g) + 2 q lambda, g = |q|^2 - L^2 ---- */
typedef struct pend {
    double m, L, g;
} pend;

static const int P_COLPTR[4] = {0, 3, 6, 9};
static const int P_ROWIDX[9] = {0, 1, 2, 0, 1, 2, 0, 1, 2};

static int pend_res(void *ctx, double t, const double *q, const double *v, const double *a, const double *lam,
                    double *r)
{
    const pend *P = (const pend *)ctx;
    (void)t;
    (void)v;
    r[0] = P->m * a[0] + 2.0 * q[0] * lam[0];
    r[1] = P->m * a[1] + P->m * P->g + 2.0 * q[1] * lam[0];
    r[2] = q[0] * q[0] + q[1] * q[1] - P->L * P->L;
    return 0;
}

static int pend_jac(void *ctx, double t, const double *q, const double *v, const double *a, const double *lam,
                    double cq, double cv, double ca, int flags, double *vals)
{
    const pend *P = (const pend *)ctx;
    (void)t;
    (void)v;
    (void)a;
    (void)cv;
    (void)flags;
    vals[0] = cq * 2.0 * lam[0] + ca * P->m; /* column x */
    vals[1] = 0.0;
    vals[2] = 2.0 * q[0];
    vals[3] = 0.0; /* column y */
    vals[4] = cq * 2.0 * lam[0] + ca * P->m;
    vals[5] = 2.0 * q[1];
    vals[6] = 2.0 * q[0]; /* column lambda: G^T */
    vals[7] = 2.0 * q[1];
    vals[8] = 0.0;
    return 0;
}

static int pend_rates(void *ctx, double t, const double *q, const double *v, double *gdot, double *gamma)
{
    (void)ctx;
    (void)t;
    gdot[0] = 2.0 * (q[0] * v[0] + q[1] * v[1]);
    gamma[0] = 2.0 * (v[0] * v[0] + v[1] * v[1]);
    return 0;
}

static void pend_problem(alecable_problem *p, pend *P)
{
    memset(p, 0, sizeof *p);
    p->struct_size = sizeof *p;
    p->ctx = P;
    p->nq = 2;
    p->nlam = 1;
    p->nnz = 9;
    p->colptr = P_COLPTR;
    p->rowidx = P_ROWIDX;
    p->residual = pend_res;
    p->jacobian = pend_jac;
    p->constraint_rates = pend_rates;
}

static double pend_energy(const pend *P, const double *q, const double *v)
{
    return 0.5 * P->m * (v[0] * v[0] + v[1] * v[1]) + P->m * P->g * q[1];
}

/* Large-amplitude period 4 sqrt(L/g) K(sin(theta0/2)), K(k) = pi / (2 AGM(1, sqrt(1 - k^2))). */
static double pend_period(const pend *P, double theta0)
{
    double k = sin(0.5 * theta0), a = 1.0, b = sqrt(1.0 - k * k);
    int i;
    for (i = 0; i < 40 && fabs(a - b) > 1e-16 * a; i++) {
        double an = 0.5 * (a + b);
        b = sqrt(a * b);
        a = an;
    }
    return 4.0 * sqrt(P->L / P->g) * PI / (2.0 * a);
}

/* ---- helpers ---- */
static alecable_integrator *make(const alecable_problem *p, const alecable_dynamic_options *o)
{
    alecable_integrator *it = NULL;
    ck_assert_int_eq(alecable_integrator_create(&it, p, o, NULL), ALECABLE_OK);
    ck_assert_ptr_nonnull(it);
    return it;
}

static alecable_dynamic_options opts(int method, double h)
{
    alecable_dynamic_options o;
    alecable_dynamic_options_init(&o);
    o.method = method;
    o.h = h;
    return o;
}

/* q(1) - cos(2) for m = 1, k = 4, q0 = 1, v0 = 0, fixed step h. */
static double osc_error_at_1(int method, double h)
{
    osc O = {1.0, 0.0, 4.0, 0.0, 0, 0};
    alecable_problem p;
    alecable_dynamic_options o = opts(method, h);
    alecable_integrator *it;
    double q = 1.0, v = 0.0, t;
    osc_problem(&p, &O);
    it = make(&p, &o);
    ck_assert_int_eq(alecable_integrator_set_state(it, 0.0, &q, &v, NULL, NULL), ALECABLE_OK);
    ck_assert_int_eq(alecable_integrator_advance(it, 1.0), ALECABLE_OK);
    ck_assert_int_eq(alecable_integrator_get_state(it, &t, &q, NULL, NULL, NULL), ALECABLE_OK);
    ck_assert(t == 1.0);
    alecable_integrator_destroy(it);
    return fabs(q - cos(2.0));
}

static void assert_order(int method, double lo, double hi)
{
    double e1 = osc_error_at_1(method, 0.01), e2 = osc_error_at_1(method, 0.005), e4 = osc_error_at_1(method, 0.0025);
    double p1 = log2(e1 / e2), p2 = log2(e2 / e4);
    if (!(p1 >= lo && p1 <= hi && p2 >= lo && p2 <= hi))
        ck_abort_msg("method %d: errors %.3e %.3e %.3e, observed orders %.3f %.3f outside [%g, %g]", method, e1, e2,
                     e4, p1, p2, lo, hi);
}

/* ---- (a) linear oscillator ---- */

/* Trapezoidal Newmark conserves the energy of a linear system and is the
 * Cayley transform of its flow: q_n = cos(n Omega h), tan(Omega h / 2) = omega h / 2,
 * a period elongation of (omega h)^2 / 12 to leading order. */
START_TEST(newmark_trapezoidal_conserves_energy_and_elongates_period)
{
    osc O = {1.0, 0.0, 4.0, 0.0, 0, 0};
    alecable_problem p;
    alecable_dynamic_options o = opts(ALECABLE_METHOD_NEWMARK, 0.05);
    alecable_integrator *it;
    double q = 1.0, v = 0.0, w = 2.0, h = 0.05, e0, Om, elong;
    int n;
    osc_problem(&p, &O);
    it = make(&p, &o);
    ck_assert_int_eq(alecable_integrator_set_state(it, 0.0, &q, &v, NULL, NULL), ALECABLE_OK);
    e0 = 0.5 * O.m * v * v + 0.5 * O.k * q * q;
    for (n = 0; n < 1000; n++) ck_assert_int_eq(alecable_integrator_step(it, h), ALECABLE_OK);
    ck_assert_int_eq(alecable_integrator_get_state(it, NULL, &q, &v, NULL, NULL), ALECABLE_OK);
    ck_assert_double_le(fabs(0.5 * O.m * v * v + 0.5 * O.k * q * q - e0), 1e-12 * e0);
    Om = 2.0 / h * atan(0.5 * w * h);
    ck_assert_double_le(fabs(q - cos(1000.0 * Om * h)), 1e-10);
    elong = w / Om - 1.0;
    ck_assert_double_le(fabs(elong / (w * w * h * h / 12.0) - 1.0), 1e-2);
    alecable_integrator_destroy(it);
}
END_TEST

/* HHT, Bossak and generalized-alpha dissipate: the largest energy of each
 * period decreases from period to period (omega = 1, omega h = 0.1 and 0.5,
 * 20 periods), where trapezoidal Newmark keeps it.  Step by step the
 * physical energy 1/2 (v^2 + q^2) is not monotone for these methods: they
 * decrease a modified quadratic form that differs from it by O(alpha h^2),
 * more than the per-step loss at small omega h. */
static double period_max_energy_ratio(int method, double h, int *monotone)
{
    osc O = {1.0, 0.0, 1.0, 0.0, 0, 0};
    alecable_problem p;
    alecable_dynamic_options o = opts(method, h);
    alecable_integrator *it;
    double q = 1.0, v = 0.0, t = 0.0, prev = INFINITY, cur = 0.0, first = 0.0;
    int k = 0;
    osc_problem(&p, &O);
    it = make(&p, &o);
    ck_assert_int_eq(alecable_integrator_set_state(it, 0.0, &q, &v, NULL, NULL), ALECABLE_OK);
    *monotone = 1;
    while (k < 20) {
        double e;
        ck_assert_int_eq(alecable_integrator_step(it, h), ALECABLE_OK);
        alecable_integrator_get_state(it, &t, &q, &v, NULL, NULL);
        e = 0.5 * v * v + 0.5 * q * q;
        if (t > 2.0 * PI * (k + 1)) {
            if (!(cur < prev)) *monotone = 0;
            if (k == 0) first = cur;
            prev = cur;
            cur = 0.0;
            k++;
        }
        if (e > cur) cur = e;
    }
    alecable_integrator_destroy(it);
    return prev / first;
}

START_TEST(dissipative_methods_lose_energy_period_by_period)
{
    const int methods[3] = {ALECABLE_METHOD_HHT, ALECABLE_METHOD_BOSSAK, ALECABLE_METHOD_GENALPHA};
    const double hs[2] = {0.1, 0.5};
    int k, j, mono;
    double ratio;
    for (k = 0; k < 3; k++)
        for (j = 0; j < 2; j++) {
            ratio = period_max_energy_ratio(methods[k], hs[j], &mono);
            if (!mono || !(ratio < 1.0 - 1e-4))
                ck_abort_msg("method %d h %g: monotone %d, energy ratio %.9f", methods[k], hs[j], mono, ratio);
        }
    ratio = period_max_energy_ratio(ALECABLE_METHOD_NEWMARK, 0.5, &mono);
    ck_assert_double_eq_tol(ratio, 1.0, 1e-12);
}
END_TEST

START_TEST(implicit_methods_are_second_order)
{
    assert_order(ALECABLE_METHOD_NEWMARK, 1.9, 2.1);
    assert_order(ALECABLE_METHOD_HHT, 1.9, 2.1);
    assert_order(ALECABLE_METHOD_BOSSAK, 1.9, 2.1);
    assert_order(ALECABLE_METHOD_GENALPHA, 1.9, 2.1);
}
END_TEST

START_TEST(semi_implicit_orders)
{
    assert_order(ALECABLE_METHOD_SI_BE, 0.9, 1.1);
    assert_order(ALECABLE_METHOD_SI_BDF2, 1.9, 2.1);
    assert_order(ALECABLE_METHOD_SI_NEWMARK, 1.9, 2.1);
    assert_order(ALECABLE_METHOD_SI_HHT, 1.9, 2.1);
}
END_TEST

/* |q(1) - cos 2| with steps alternating 1.4 h, 0.6 h (the last one cut to land on 1). */
static double osc_error_alternating(int method, double h)
{
    osc O = {1.0, 0.0, 4.0, 0.0, 0, 0};
    alecable_problem p;
    alecable_dynamic_options o = opts(method, h);
    alecable_integrator *it;
    double q = 1.0, v = 0.0, t = 0.0;
    int n = 0;
    osc_problem(&p, &O);
    it = make(&p, &o);
    ck_assert_int_eq(alecable_integrator_set_state(it, 0.0, &q, &v, NULL, NULL), ALECABLE_OK);
    while (t < 1.0 - 1e-12) {
        double hs = (n++ % 2 ? 0.6 : 1.4) * h;
        ck_assert_int_eq(alecable_integrator_step(it, t + hs > 1.0 ? 1.0 - t : hs), ALECABLE_OK);
        alecable_integrator_get_state(it, &t, &q, NULL, NULL, NULL);
    }
    alecable_integrator_destroy(it);
    return fabs(q - cos(2.0 * t));
}

/* SI-BDF2 uses the variable-step BDF2 coefficients and Newmark is a one-step
 * method: both stay second order when h changes at every step.  (The
 * alpha-methods assume a constant h in their shifted accelerations and drop
 * towards first order under such steps; adaptive steps change h smoothly.) */
START_TEST(variable_steps_keep_second_order)
{
    const int methods[2] = {ALECABLE_METHOD_SI_BDF2, ALECABLE_METHOD_NEWMARK};
    int k;
    for (k = 0; k < 2; k++) {
        double e1 = osc_error_alternating(methods[k], 0.01), e2 = osc_error_alternating(methods[k], 0.005);
        double e4 = osc_error_alternating(methods[k], 0.0025), p1 = log2(e1 / e2), p2 = log2(e2 / e4);
        if (!(p1 >= 1.9 && p1 <= 2.1 && p2 >= 1.9 && p2 <= 2.1))
            ck_abort_msg("method %d: orders %.3f %.3f", methods[k], p1, p2);
    }
}
END_TEST

/* On a linear problem the linearization is exact: SI-Newmark and SI-HHT are
 * their implicit methods, step for step. */
START_TEST(semi_implicit_equals_implicit_on_linear_problem)
{
    const int pairs[2][2] = {{ALECABLE_METHOD_NEWMARK, ALECABLE_METHOD_SI_NEWMARK},
                             {ALECABLE_METHOD_HHT, ALECABLE_METHOD_SI_HHT}};
    int k, n, j;
    for (k = 0; k < 2; k++) {
        osc O = {2.0, 0.3, 5.0, 1.0, 0, 0};
        alecable_problem p;
        alecable_integrator *it[2];
        double q[2], v[2], a[2];
        osc_problem(&p, &O);
        for (j = 0; j < 2; j++) {
            alecable_dynamic_options o = opts(pairs[k][j], 0.02);
            double q0 = 0.5, v0 = -1.0;
            it[j] = make(&p, &o);
            ck_assert_int_eq(alecable_integrator_set_state(it[j], 0.0, &q0, &v0, NULL, NULL), ALECABLE_OK);
        }
        for (n = 0; n < 300; n++)
            for (j = 0; j < 2; j++) ck_assert_int_eq(alecable_integrator_step(it[j], 0.02), ALECABLE_OK);
        for (j = 0; j < 2; j++) alecable_integrator_get_state(it[j], NULL, &q[j], &v[j], &a[j], NULL);
        ck_assert_double_eq_tol(q[0], q[1], 1e-12);
        ck_assert_double_eq_tol(v[0], v[1], 1e-12);
        ck_assert_double_eq_tol(a[0], a[1], 1e-11);
        for (j = 0; j < 2; j++) alecable_integrator_destroy(it[j]);
    }
}
END_TEST

/* IMEX asks for the stiff Jacobian only and stays first order in the
 * explicit damping; the full Jacobian recovers the implicit method. */
START_TEST(imex_uses_the_stiff_jacobian)
{
    osc O = {1.0, 0.5, 4.0, 0.0, 0, 0};
    alecable_problem p;
    alecable_dynamic_options o = opts(ALECABLE_METHOD_SI_HHT, 0.01);
    alecable_integrator *it;
    double q = 1.0, v = 0.0;
    o.imex = 1;
    osc_problem(&p, &O);
    it = make(&p, &o);
    ck_assert_int_eq(alecable_integrator_set_state(it, 0.0, &q, &v, NULL, NULL), ALECABLE_OK);
    ck_assert_int_eq(alecable_integrator_advance(it, 1.0), ALECABLE_OK);
    ck_assert_int_eq(O.last_flags, ALECABLE_JAC_STIFF_ONLY);
    alecable_integrator_get_state(it, NULL, &q, NULL, NULL, NULL);
    {
        /* underdamped exact solution */
        double wd = sqrt(4.0 - 0.0625), ex = exp(-0.25) * (cos(wd) + 0.25 / wd * sin(wd));
        ck_assert_double_eq_tol(q, ex, 1e-3);
    }
    alecable_integrator_destroy(it);
}
END_TEST

/* ---- (b) pendulum ---- */

static void pend_start(const pend *P, double theta0, double *q, double *v)
{
    q[0] = P->L * sin(theta0);
    q[1] = -P->L * cos(theta0);
    v[0] = v[1] = 0.0;
}

/* Consistent start at rest: a is g sin(theta0) along the tangent and
 * lambda = m g cos(theta0) / (2 L) (rod tension m g cos(theta0) = 2 L lambda). */
START_TEST(set_state_computes_consistent_accelerations)
{
    pend P = {2.0, 1.5, 9.81};
    alecable_problem p;
    int solver;
    pend_problem(&p, &P);
    for (solver = 0; solver < 2; solver++) {
        alecable_dynamic_options o = opts(ALECABLE_METHOD_NEWMARK, 1e-3);
        alecable_integrator *it;
        double th = 1.0, q[2], v[2], a[2], lam, at = P.g * sin(th);
        o.linear_solver = solver ? ALECABLE_LINSOLVE_SPQR : ALECABLE_LINSOLVE_UMFPACK;
        it = make(&p, &o);
        pend_start(&P, th, q, v);
        ck_assert_int_eq(alecable_integrator_set_state(it, 0.0, q, v, NULL, NULL), ALECABLE_OK);
        ck_assert_int_eq(alecable_integrator_get_state(it, NULL, NULL, NULL, a, &lam), ALECABLE_OK);
        ck_assert_double_eq_tol(a[0], -at * cos(th), 1e-13);
        ck_assert_double_eq_tol(a[1], -at * sin(th), 1e-13);
        ck_assert_double_eq_tol(lam, P.m * P.g * cos(th) / (2.0 * P.L), 1e-13);
        ck_assert_int_eq(alecable_integrator_step(it, 1e-3), ALECABLE_OK);
        alecable_integrator_destroy(it);
    }
}
END_TEST

/* Time where x changes sign between two steps (cubic Hermite on x, vx). */
static int crossing(double t0, double x0, double v0, double t1, double x1, double v1, double *tc)
{
    double h = t1 - t0, lo = 0.0, hi = 1.0;
    int i;
    if ((x0 > 0.0) == (x1 > 0.0)) return 0;
    for (i = 0; i < 60; i++) {
        double s = 0.5 * (lo + hi), s2 = s * s, s3 = s2 * s;
        double x = (2 * s3 - 3 * s2 + 1) * x0 + (s3 - 2 * s2 + s) * h * v0 + (-2 * s3 + 3 * s2) * x1 +
                   (s3 - s2) * h * v1;
        if ((x > 0.0) == (x0 > 0.0)) lo = s;
        else hi = s;
    }
    *tc = t0 + 0.5 * (lo + hi) * h;
    return 1;
}

/* Index-3 trapezoidal Newmark over 2.5 periods (h = 1e-3, 60 degrees): the
 * constraint holds to Newton tolerance (|g| <= 1e-12; measured 4e-16), the
 * energy error stays below 1e-5 m g L (measured 2e-6 m g L; it is O(h^2) and
 * does not drift) and the period, from the zero crossings of x, matches
 * 4 sqrt(L/g) K(sin(theta0/2)) within 1e-5 (measured 1.9e-6, the method's
 * O(h^2) elongation).  The horizon is a few periods because the multiplier
 * oscillation of trapezoidal index-3 grows later (next test). */
START_TEST(pendulum_newmark_energy_constraint_period)
{
    pend P = {1.0, 1.0, 9.81};
    alecable_problem p;
    alecable_dynamic_options o = opts(ALECABLE_METHOD_NEWMARK, 1e-3);
    alecable_integrator *it;
    double th = PI / 3.0, q[2], v[2], t = 0.0, e0, de = 0.0, gmax = 0.0, T = pend_period(&P, th);
    double tc[8] = {0}, qo, vo, to;
    int nc = 0, n, steps = (int)(2.5 * T / 1e-3);
    pend_problem(&p, &P);
    it = make(&p, &o);
    pend_start(&P, th, q, v);
    e0 = pend_energy(&P, q, v);
    ck_assert_int_eq(alecable_integrator_set_state(it, 0.0, q, v, NULL, NULL), ALECABLE_OK);
    for (n = 0; n < steps; n++) {
        to = t;
        qo = q[0];
        vo = v[0];
        ck_assert_int_eq(alecable_integrator_step(it, 1e-3), ALECABLE_OK);
        alecable_integrator_get_state(it, &t, q, v, NULL, NULL);
        if (fabs(pend_energy(&P, q, v) - e0) > de) de = fabs(pend_energy(&P, q, v) - e0);
        if (fabs(q[0] * q[0] + q[1] * q[1] - 1.0) > gmax) gmax = fabs(q[0] * q[0] + q[1] * q[1] - 1.0);
        if (nc < 8 && crossing(to, qo, vo, t, q[0], v[0], &tc[nc])) nc++;
    }
    ck_assert_int_ge(nc, 4); /* two crossings per period */
    ck_assert_double_le(gmax, 1e-12);
    ck_assert_double_le(de, 1e-5 * P.m * P.g * P.L);
    ck_assert_double_le(fabs(2.0 * (tc[nc - 1] - tc[0]) / (nc - 1) / T - 1.0), 1e-5);
    alecable_integrator_destroy(it);
}
END_TEST

/* Index-3 trapezoidal Newmark does not damp the oscillation of a and lambda
 * (Cardona & Geradin 1989): on this pendulum it grows after a few periods
 * (lambda ~ 60 instead of 9.81 by t = 7.5 s at h = 1e-3).  HHT and
 * generalized-alpha damp it: over 20 s at h = 1e-2 lambda never exceeds the
 * exact maximum m g (3 - 2 cos theta0) / (2 L) = 9.81 by more than 0.1 %. */
START_TEST(pendulum_damped_methods_keep_multiplier_bounded)
{
    const int methods[3] = {ALECABLE_METHOD_HHT, ALECABLE_METHOD_GENALPHA, ALECABLE_METHOD_BOSSAK};
    int k, n;
    for (k = 0; k < 3; k++) {
        pend P = {1.0, 1.0, 9.81};
        alecable_problem p;
        alecable_dynamic_options o = opts(methods[k], 1e-2);
        alecable_integrator *it;
        double q[2], v[2], lam, lmax = 0.0, lexact = P.m * P.g * (3.0 - 2.0 * cos(PI / 3.0)) / (2.0 * P.L);
        pend_problem(&p, &P);
        it = make(&p, &o);
        pend_start(&P, PI / 3.0, q, v);
        ck_assert_int_eq(alecable_integrator_set_state(it, 0.0, q, v, NULL, NULL), ALECABLE_OK);
        for (n = 0; n < 2000; n++) {
            ck_assert_int_eq(alecable_integrator_step(it, 1e-2), ALECABLE_OK);
            alecable_integrator_get_state(it, NULL, NULL, NULL, NULL, &lam);
            if (lam > lmax) lmax = lam;
        }
        if (!(lmax <= lexact * 1.001 && lmax >= lexact * 0.99))
            ck_abort_msg("method %d: max lambda %.6f, exact %.6f", methods[k], lmax, lexact);
        alecable_integrator_destroy(it);
    }
}
END_TEST

/* With Baumgarte (default a1 = a2 = 1/h) the semi-implicit methods keep the
 * constraint residual bounded over 6 s (h = 1e-3): no growth from the first
 * to the second half, below 1e-4 for first-order SI-BE (measured 1.9e-5) and
 * 1e-6 for the second-order methods (measured <= 6e-8); without it (a1, a2
 * tiny) the residual drifts at least 10 times further. */
START_TEST(pendulum_semi_implicit_drift_bounded)
{
    const int methods[4] = {ALECABLE_METHOD_SI_BE, ALECABLE_METHOD_SI_BDF2, ALECABLE_METHOD_SI_NEWMARK,
                            ALECABLE_METHOD_SI_HHT};
    int k, n, b;
    for (k = 0; k < 4; k++) {
        double drift[2], bound = k == 0 ? 1e-4 : 1e-6;
        for (b = 0; b < 2; b++) {
            pend P = {1.0, 1.0, 9.81};
            alecable_problem p;
            alecable_dynamic_options o = opts(methods[k], 1e-3);
            alecable_integrator *it;
            double q[2], v[2], g1 = 0.0, g2 = 0.0;
            if (b) o.baumgarte_a1 = o.baumgarte_a2 = 1e-9;
            pend_problem(&p, &P);
            it = make(&p, &o);
            pend_start(&P, PI / 3.0, q, v);
            ck_assert_int_eq(alecable_integrator_set_state(it, 0.0, q, v, NULL, NULL), ALECABLE_OK);
            for (n = 0; n < 6000; n++) {
                double g;
                ck_assert_int_eq(alecable_integrator_step(it, 1e-3), ALECABLE_OK);
                alecable_integrator_get_state(it, NULL, q, v, NULL, NULL);
                g = fabs(q[0] * q[0] + q[1] * q[1] - 1.0);
                if (n < 3000 && g > g1) g1 = g;
                if (n >= 3000 && g > g2) g2 = g;
            }
            drift[b] = g2;
            if (!b && !(g2 <= bound && g2 <= 1.5 * g1 + 1e-12))
                ck_abort_msg("method %d: constraint residual %.3e then %.3e (bound %.0e)", methods[k], g1, g2, bound);
            alecable_integrator_destroy(it);
        }
        if (!(drift[1] > 10.0 * drift[0]))
            ck_abort_msg("method %d: drift %.3e with Baumgarte, %.3e without", methods[k], drift[0], drift[1]);
    }
}
END_TEST

/* ---- (c) adaptive ---- */

/* Pendulum from 60 degrees to t_end: adaptive Newmark with tolerance atol,
 * or fixed steps h when atol == 0. */
static void pend_run(double atol, double h, double t_end, double *q, double *v, alecable_step_stats *s)
{
    pend P = {1.0, 1.0, 9.81};
    alecable_problem p;
    alecable_dynamic_options o = opts(ALECABLE_METHOD_NEWMARK, h);
    alecable_integrator *it;
    o.adaptive = atol > 0.0;
    o.atol = atol > 0.0 ? atol : 1e-6;
    pend_problem(&p, &P);
    it = make(&p, &o);
    pend_start(&P, PI / 3.0, q, v);
    ck_assert_int_eq(alecable_integrator_set_state(it, 0.0, q, v, NULL, NULL), ALECABLE_OK);
    ck_assert_int_eq(alecable_integrator_advance(it, t_end), ALECABLE_OK);
    alecable_integrator_get_state(it, NULL, q, v, NULL, NULL);
    alecable_step_stats_init(s);
    ck_assert_int_eq(alecable_integrator_stats(it, s), ALECABLE_OK);
    alecable_integrator_destroy(it);
}

START_TEST(adaptive_newmark_rejects_grows_and_is_accurate)
{
    pend P = {1.0, 1.0, 9.81};
    alecable_problem p;
    alecable_dynamic_options o = opts(ALECABLE_METHOD_NEWMARK, 0.2);
    alecable_integrator *it;
    alecable_step_stats s;
    double q[2], v[2], qr[2], vr[2], hmin = 1e9, hmax = 0.0, t = 0.0, err6, err7;
    long n6;
    int n = 0;
    o.adaptive = 1;
    o.atol = 1e-6;
    pend_problem(&p, &P);
    it = make(&p, &o);
    pend_start(&P, PI / 3.0, q, v);
    ck_assert_int_eq(alecable_integrator_set_state(it, 0.0, q, v, NULL, NULL), ALECABLE_OK);
    alecable_step_stats_init(&s);
    while (t < 2.0) {
        /* step(h) takes one accepted step of size <= h */
        ck_assert_int_eq(alecable_integrator_step(it, 0.05), ALECABLE_OK);
        alecable_integrator_stats(it, &s);
        ck_assert_double_le(s.last_h, 0.05);
        if (s.last_h < hmin) hmin = s.last_h;
        if (s.last_h > hmax) hmax = s.last_h;
        alecable_integrator_get_state(it, &t, NULL, NULL, NULL, NULL);
        n++;
    }
    ck_assert_int_gt(s.rejected, 0);       /* the initial 0.2 is far too large */
    ck_assert_double_gt(hmax, 2.0 * hmin); /* steps grow again near the turning points */
    ck_assert_int_eq(s.steps, n);
    alecable_integrator_destroy(it);

    /* advance to t = 2 exactly against a fixed-step reference (h = 1e-4,
     * error ~ 1e-8): the local error per step is held at atol, so the global
     * error stays below 2 N atol for N steps (measured 0.64 N atol), and it
     * falls with atol (expected atol^(2/3): 4.6 times per decade, measured 5.8) */
    pend_run(1e-6, 0.2, 2.0, q, v, &s);
    n6 = s.steps;
    pend_run(0.0, 1e-4, 2.0, qr, vr, &s);
    err6 = fmax(fabs(q[0] - qr[0]), fabs(q[1] - qr[1]));
    ck_assert_double_le(err6, 2.0 * (double)n6 * 1e-6);
    pend_run(1e-7, 0.2, 2.0, q, v, &s);
    err7 = fmax(fabs(q[0] - qr[0]), fabs(q[1] - qr[1]));
    ck_assert_double_le(err7, err6 / 3.0);
}
END_TEST

/* ---- (d) undo ---- */

/* t, q, v, a of the one-dof oscillator */
static void snap(const alecable_integrator *it, double *buf)
{
    alecable_integrator_get_state(it, &buf[0], buf + 1, buf + 2, buf + 3, NULL);
}

/* undo + step reproduces the state bit for bit; after undo a changed problem
 * (the host's fluid load) gives the result of that problem (fluid-structure
 * sub-iterations). */
START_TEST(undo_and_retry)
{
    const int methods[5] = {ALECABLE_METHOD_NEWMARK, ALECABLE_METHOD_HHT, ALECABLE_METHOD_GENALPHA,
                            ALECABLE_METHOD_SI_BDF2, ALECABLE_METHOD_NEWMARK};
    int k, n;
    for (k = 0; k < 5; k++) {
        osc O1 = {1.0, 0.1, 3.0, 0.5, 0, 0}, O2 = O1;
        alecable_problem p1, p2;
        alecable_dynamic_options o = opts(methods[k], 0.05);
        alecable_integrator *it, *ref;
        double q = 1.0, v = 0.0, s0[4], s1[4], s2[4], s3[4];
        o.adaptive = k == 4;
        o.atol = 1e-7;
        osc_problem(&p1, &O1);
        osc_problem(&p2, &O2);
        it = make(&p1, &o);
        ref = make(&p2, &o);
        ck_assert_int_eq(alecable_integrator_undo(it), ALECABLE_ESTATE); /* no state yet */
        ck_assert_int_eq(alecable_integrator_set_state(it, 0.0, &q, &v, NULL, NULL), ALECABLE_OK);
        ck_assert_int_eq(alecable_integrator_set_state(ref, 0.0, &q, &v, NULL, NULL), ALECABLE_OK);
        ck_assert_int_eq(alecable_integrator_undo(it), ALECABLE_ESTATE); /* nothing to undo */
        for (n = 0; n < 5; n++) {
            ck_assert_int_eq(alecable_integrator_step(it, 0.05), ALECABLE_OK);
            ck_assert_int_eq(alecable_integrator_step(ref, 0.05), ALECABLE_OK);
        }
        snap(it, s0);
        ck_assert_int_eq(alecable_integrator_step(it, 0.05), ALECABLE_OK);
        snap(it, s1);
        ck_assert_int_eq(alecable_integrator_undo(it), ALECABLE_OK);
        snap(it, s2);
        ck_assert_mem_eq(s0, s2, sizeof s0);
        ck_assert_int_eq(alecable_integrator_undo(it), ALECABLE_ESTATE); /* one level */
        ck_assert_int_eq(alecable_integrator_step(it, 0.05), ALECABLE_OK);
        snap(it, s2);
        ck_assert_mem_eq(s1, s2, sizeof s1);
        /* the host changes its load and retries the step */
        ck_assert_int_eq(alecable_integrator_undo(it), ALECABLE_OK);
        O1.F = 2.0;
        O2.F = 2.0;
        ck_assert_int_eq(alecable_integrator_step(it, 0.05), ALECABLE_OK);
        ck_assert_int_eq(alecable_integrator_step(ref, 0.05), ALECABLE_OK);
        snap(it, s2);
        snap(ref, s3);
        ck_assert_mem_eq(s2, s3, sizeof s2);
        ck_assert(s2[1] != s1[1]);
        alecable_integrator_destroy(it);
        alecable_integrator_destroy(ref);
    }
}
END_TEST

/* ---- (e) allocations ---- */

START_TEST(no_allocation_inside_steps_after_the_first)
{
    const int methods[9] = {ALECABLE_METHOD_NEWMARK,   ALECABLE_METHOD_HHT,     ALECABLE_METHOD_BOSSAK,
                            ALECABLE_METHOD_GENALPHA,  ALECABLE_METHOD_SI_BE,   ALECABLE_METHOD_SI_BDF2,
                            ALECABLE_METHOD_SI_NEWMARK, ALECABLE_METHOD_SI_HHT, ALECABLE_METHOD_NEWMARK};
    int k, n;
    for (k = 0; k < 9; k++) {
        pend P = {1.0, 1.0, 9.81};
        alecable_problem p;
        alecable_dynamic_options o = opts(methods[k], 1e-3);
        alecable_integrator *it;
        double q[2], v[2];
        o.adaptive = k == 8;
        pend_problem(&p, &P);
        it = make(&p, &o);
        pend_start(&P, 0.5, q, v);
        ck_assert_int_eq(alecable_integrator_set_state(it, 0.0, q, v, NULL, NULL), ALECABLE_OK);
        ck_assert_int_eq(alecable_integrator_step(it, 1e-3), ALECABLE_OK);
        for (n = 0; n < 20; n++) {
            ck_assert_int_eq(alecable_integrator_step(it, 1e-3), ALECABLE_OK);
            ck_assert_uint_eq(dyn_allocs_last_step(it), 0);
        }
        ck_assert_int_eq(alecable_integrator_undo(it), ALECABLE_OK);
        ck_assert_int_eq(alecable_integrator_advance(it, 0.1), ALECABLE_OK);
        ck_assert_uint_eq(dyn_allocs_last_step(it), 0);
        alecable_integrator_destroy(it);
    }
}
END_TEST

/* ---- (f) bad input and failures ---- */

static void expect_bad(alecable_dynamic_options o, const char *field)
{
    osc O = {1.0, 0.0, 1.0, 0.0, 0, 0};
    alecable_problem p;
    alecable_integrator *it = (alecable_integrator *)&O; /* must come back NULL */
    char msg[256];
    osc_problem(&p, &O);
    ck_assert_int_eq(dyn_check_options(&o, msg, sizeof msg), ALECABLE_EINVAL);
    if (!strstr(msg, field)) ck_abort_msg("message \"%s\" does not name %s", msg, field);
    ck_assert_int_eq(alecable_integrator_create(&it, &p, &o, NULL), ALECABLE_EINVAL);
    ck_assert_ptr_null(it);
}

START_TEST(bad_options_name_the_field)
{
    alecable_dynamic_options o = opts(ALECABLE_METHOD_NEWMARK, 1e-3);
    osc O = {1.0, 0.0, 1.0, 0.0, 0, 0};
    pend P = {1.0, 1.0, 9.81};
    alecable_problem p, pp;
    alecable_integrator *it = NULL;
    char msg[256];
    double q = 0.0, v = 0.0;
    ck_assert_int_eq(dyn_check_options(&o, msg, sizeof msg), ALECABLE_OK);
    o.h = 0.0;
    expect_bad(o, "options.h");
    o.h = -1.0;
    expect_bad(o, "options.h");
    o.h = NAN;
    expect_bad(o, "options.h");
    o = opts(99, 1e-3);
    expect_bad(o, "options.method");
    o = opts(ALECABLE_METHOD_HHT, 1e-3);
    o.alpha = -0.5;
    expect_bad(o, "options.alpha");
    o.alpha = 0.1;
    expect_bad(o, "options.alpha");
    o = opts(ALECABLE_METHOD_BOSSAK, 1e-3);
    o.alpha = 0.2;
    expect_bad(o, "options.alpha");
    o = opts(ALECABLE_METHOD_GENALPHA, 1e-3);
    o.rho_inf = 1.5;
    expect_bad(o, "options.rho_inf");
    o = opts(ALECABLE_METHOD_NEWMARK, 1e-3);
    o.gamma = 0.3;
    expect_bad(o, "options.gamma");
    o = opts(ALECABLE_METHOD_SI_BE, 1e-3);
    o.adaptive = 1;
    expect_bad(o, "options.adaptive");
    o = opts(ALECABLE_METHOD_NEWMARK, 1e-3);
    o.imex = 1;
    expect_bad(o, "options.imex");
    o = opts(ALECABLE_METHOD_NEWMARK, 1e-3);
    o.max_iterations = 0;
    expect_bad(o, "options.max_iterations");
    o = opts(ALECABLE_METHOD_SI_HHT, 1e-3);
    o.hht_history = 2;
    expect_bad(o, "options.hht_history");
    o = opts(ALECABLE_METHOD_NEWMARK, 1e-3);
    o.struct_size = 8;
    expect_bad(o, "struct_size");

    /* NULL and invalid problems */
    o = opts(ALECABLE_METHOD_NEWMARK, 1e-3);
    osc_problem(&p, &O);
    ck_assert_int_eq(alecable_integrator_create(&it, NULL, &o, NULL), ALECABLE_ENULL);
    ck_assert_int_eq(alecable_integrator_create(NULL, &p, &o, NULL), ALECABLE_ENULL);
    p.residual = NULL;
    ck_assert_int_eq(alecable_integrator_create(&it, &p, &o, NULL), ALECABLE_EINVAL);
    /* Baumgarte needs the constraint rates */
    pend_problem(&pp, &P);
    pp.constraint_rates = NULL;
    o = opts(ALECABLE_METHOD_SI_HHT, 1e-3);
    ck_assert_int_eq(alecable_integrator_create(&it, &pp, &o, NULL), ALECABLE_EINVAL);

    /* arguments of the stepping calls */
    osc_problem(&p, &O);
    it = make(&p, NULL);
    ck_assert_int_eq(alecable_integrator_step(it, 1e-3), ALECABLE_ESTATE);
    ck_assert_ptr_nonnull(strstr(alecable_integrator_errmsg(it), "set_state"));
    ck_assert_int_eq(alecable_integrator_set_state(it, 0.0, NULL, &v, NULL, NULL), ALECABLE_ENULL);
    q = NAN;
    ck_assert_int_eq(alecable_integrator_set_state(it, 0.0, &q, &v, NULL, NULL), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_integrator_errmsg(it), "q[0]"));
    q = 1.0;
    ck_assert_int_eq(alecable_integrator_set_state(it, 0.0, &q, &v, NULL, NULL), ALECABLE_OK);
    ck_assert_int_eq(alecable_integrator_step(it, 0.0), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_integrator_errmsg(it), "h = "));
    ck_assert_int_eq(alecable_integrator_step(it, -1.0), ALECABLE_EINVAL);
    ck_assert_int_eq(alecable_integrator_advance(it, -1.0), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_integrator_errmsg(it), "t_end"));
    ck_assert_int_eq(alecable_integrator_step(it, 1e-3), ALECABLE_OK);
    ck_assert_str_eq(alecable_integrator_errmsg(it), "");
    ck_assert_int_eq(alecable_integrator_step(NULL, 1e-3), ALECABLE_ENULL);
    alecable_integrator_destroy(it);
    alecable_integrator_destroy(NULL);
}
END_TEST

/* A Newton failure (one iteration allowed on a nonlinear problem) and a
 * failing callback leave the state exactly as it was. */
START_TEST(failures_leave_the_state_unchanged)
{
    pend P = {1.0, 1.0, 9.81};
    osc O = {1.0, 0.0, 1.0, 0.0, 0, 0};
    alecable_problem p;
    alecable_dynamic_options o = opts(ALECABLE_METHOD_NEWMARK, 0.1);
    alecable_integrator *it;
    alecable_step_stats s;
    double q[2], v[2], before[8], after[8];
    o.max_iterations = 1;
    pend_problem(&p, &P);
    it = make(&p, &o);
    pend_start(&P, PI / 3.0, q, v);
    ck_assert_int_eq(alecable_integrator_set_state(it, 0.0, q, v, NULL, NULL), ALECABLE_OK);
    alecable_integrator_get_state(it, &before[0], before + 1, before + 3, before + 5, before + 7);
    ck_assert_int_eq(alecable_integrator_step(it, 0.1), ALECABLE_STEP_TOO_LARGE);
    ck_assert_ptr_nonnull(strstr(alecable_integrator_errmsg(it), "Newton did not converge"));
    alecable_integrator_get_state(it, &after[0], after + 1, after + 3, after + 5, after + 7);
    ck_assert_mem_eq(before, after, sizeof before);
    alecable_step_stats_init(&s);
    alecable_integrator_stats(it, &s);
    ck_assert_int_eq(s.steps, 0);
    ck_assert_int_eq(s.rejected, 1);
    ck_assert_int_eq(alecable_integrator_undo(it), ALECABLE_ESTATE);
    alecable_integrator_destroy(it);

    /* the adaptive method halves the step instead */
    o.adaptive = 1;
    o.max_iterations = 3;
    it = make(&p, &o);
    ck_assert_int_eq(alecable_integrator_set_state(it, 0.0, q, v, NULL, NULL), ALECABLE_OK);
    ck_assert_int_eq(alecable_integrator_step(it, 0.1), ALECABLE_OK);
    alecable_integrator_stats(it, &s);
    ck_assert_int_gt(s.rejected, 0);
    ck_assert_double_lt(s.last_h, 0.1);
    alecable_integrator_destroy(it);

    /* a callback error is passed through */
    {
        alecable_problem po;
        double qo = 1.0, vo = 0.0, b[4], c[4];
        o = opts(ALECABLE_METHOD_HHT, 0.1);
        osc_problem(&po, &O);
        it = make(&po, &o);
        ck_assert_int_eq(alecable_integrator_set_state(it, 0.0, &qo, &vo, NULL, NULL), ALECABLE_OK);
        ck_assert_int_eq(alecable_integrator_step(it, 0.1), ALECABLE_OK);
        alecable_integrator_get_state(it, &b[0], b + 1, b + 2, b + 3, NULL);
        O.fail_residual = ALECABLE_ERANGE;
        ck_assert_int_eq(alecable_integrator_step(it, 0.1), ALECABLE_ERANGE);
        ck_assert_ptr_nonnull(strstr(alecable_integrator_errmsg(it), "residual"));
        alecable_integrator_get_state(it, &c[0], c + 1, c + 2, c + 3, NULL);
        ck_assert_mem_eq(b, c, sizeof b);
        /* undo still refers to the last successful step */
        O.fail_residual = 0;
        ck_assert_int_eq(alecable_integrator_undo(it), ALECABLE_OK);
        alecable_integrator_get_state(it, &c[0], NULL, NULL, NULL, NULL);
        ck_assert(c[0] == 0.0);
        alecable_integrator_destroy(it);
    }
}
END_TEST

/* advance lands on t_end exactly, shortening the last step. */
START_TEST(advance_lands_on_t_end)
{
    osc O = {1.0, 0.0, 1.0, 0.0, 0, 0};
    alecable_problem p;
    alecable_dynamic_options o = opts(ALECABLE_METHOD_SI_BDF2, 0.03);
    alecable_integrator *it;
    alecable_step_stats s;
    double q = 1.0, v = 0.0, t;
    osc_problem(&p, &O);
    it = make(&p, &o);
    ck_assert_int_eq(alecable_integrator_set_state(it, 0.0, &q, &v, NULL, NULL), ALECABLE_OK);
    ck_assert_int_eq(alecable_integrator_advance(it, 0.1), ALECABLE_OK);
    alecable_integrator_get_state(it, &t, NULL, NULL, NULL, NULL);
    ck_assert(t == 0.1);
    alecable_step_stats_init(&s);
    alecable_integrator_stats(it, &s);
    ck_assert_int_eq(s.steps, 4);
    ck_assert_double_eq_tol(s.last_h, 0.01, 1e-15);
    ck_assert_int_eq(alecable_integrator_advance(it, 0.1), ALECABLE_OK); /* nothing left */
    alecable_integrator_stats(it, &s);
    ck_assert_int_eq(s.steps, 4);
    ck_assert_int_eq(s.linear_solves, 5); /* 4 steps + consistent start */
    ck_assert_double_ge(s.wall_time, 0.0);
    alecable_integrator_destroy(it);
}
END_TEST


/* ---- the fused callbacks (alecable_problem.residual_with_scale and
 * kinetic_energy, since 0.3) of a host's problem: the pendulum above with
 * its scale, inertia and energy, each callback counting its calls ---- */
typedef struct fused_host {
    pend P; /* first: pend_res and pend_jac read ctx as a pend */
    long scale_calls, inertia_calls, energy_calls, fused_residual_calls, fused_kinetic_calls;
} fused_host;

static void fh_scale_of(const pend *P, const double *q, const double *a, const double *lam, double *scale)
{
    scale[0] = fabs(P->m * a[0]) + fabs(2.0 * q[0] * lam[0]);
    scale[1] = fabs(P->m * a[1]) + fabs(P->m * P->g) + fabs(2.0 * q[1] * lam[0]);
    scale[2] = P->L * P->L;
}

static int fh_scale(void *ctx, double t, const double *q, const double *v, const double *a, const double *lam,
                    double *scale)
{
    fused_host *h = (fused_host *)ctx;
    (void)t;
    (void)v;
    h->scale_calls++;
    fh_scale_of(&h->P, q, a, lam, scale);
    return 0;
}

static int fh_inertia(void *ctx, double t, const double *q, const double *v, const double *a, double *r)
{
    fused_host *h = (fused_host *)ctx;
    (void)t;
    (void)q;
    (void)v;
    h->inertia_calls++;
    r[0] = h->P.m * a[0];
    r[1] = h->P.m * a[1];
    return 0;
}

static void fh_energy_of(const pend *P, const double *q, double *w_int, double *w_ext)
{
    *w_int = 0.0;
    *w_ext = P->m * P->g * q[1];
}

static int fh_energy(void *ctx, double t, const double *q, double *w_int, double *w_ext)
{
    fused_host *h = (fused_host *)ctx;
    (void)t;
    h->energy_calls++;
    fh_energy_of(&h->P, q, w_int, w_ext);
    return 0;
}

/* what p's residual and residual_scale give, from one call where they are
 * this host's own (the header's rule: a wrapper's are called through p) */
static int fh_residual_with_scale(const alecable_problem *p, double t, const double *q, const double *v,
                                  const double *a, const double *lam, double *r, double *scale, int *scale_st)
{
    fused_host *h = (fused_host *)p->ctx;
    int st;
    if (p->residual != pend_res || p->residual_scale != fh_scale) {
        *scale_st = ALECABLE_ESTATE;
        if ((st = p->residual(p->ctx, t, q, v, a, lam, r))) return st;
        *scale_st = p->residual_scale(p->ctx, t, q, v, a, lam, scale);
        return 0;
    }
    h->fused_residual_calls++;
    st = pend_res(p->ctx, t, q, v, a, lam, r);
    fh_scale_of(&h->P, q, a, lam, scale);
    *scale_st = 0;
    return st;
}

/* T summed as the integrators sum v . inertia(q, a = v) / 2: the same bits */
static int fh_kinetic_energy(const alecable_problem *p, double t, const double *q, const double *v, double *work,
                             double *T, double *w_int, double *w_ext)
{
    fused_host *h = (fused_host *)p->ctx;
    double e = 0.0;
    (void)t;
    (void)work;
    if (p->inertia != fh_inertia || (w_int && p->energy != fh_energy)) return ALECABLE_EINVAL; /* not wrapped here */
    h->fused_kinetic_calls++;
    e += v[0] * (h->P.m * v[0]);
    e += v[1] * (h->P.m * v[1]);
    *T = 0.5 * e;
    if (w_int) fh_energy_of(&h->P, q, w_int, w_ext);
    return 0;
}

/* A host's problem that provides the fused callbacks gets them used: the
 * implicit step's first iterate asks residual_with_scale (one call per step)
 * instead of residual and residual_scale, the divergence watch asks
 * kinetic_energy (with the energy balance's V) instead of inertia and
 * energy.  The same problem without them gives the same steps, multipliers
 * and energy balance to the bit.  A struct whose struct_size ends before
 * them (a host built before the members, or against 0.2) never has them
 * called: the integrators' copy holds NULL beyond the caller's size. */
START_TEST(host_fused_callbacks_are_used)
{
    const int methods[2] = {ALECABLE_METHOD_HHT, ALECABLE_METHOD_SI_HHT};
    int k, n, f, steps = 300;
    for (k = 0; k < 2; k++) {
        fused_host h[4];
        alecable_step_stats st[4];
        double q[4][2], v[4][2], lam[4], t[4];
        /* f = 0: without the fused callbacks; 1: with them; 2: with them
         * beyond struct_size; 3: 0.2's struct_size (no scale, no energy) */
        for (f = 0; f < 4; f++) {
            alecable_problem p;
            alecable_dynamic_options o = opts(methods[k], 1e-2);
            alecable_integrator *it;
            memset(&h[f], 0, sizeof h[f]);
            h[f].P.m = 1.0;
            h[f].P.L = 1.0;
            h[f].P.g = 9.81;
            pend_problem(&p, &h[f].P);
            p.residual_scale = fh_scale;
            p.inertia = fh_inertia;
            p.energy = fh_energy;
            ck_assert(p.residual_with_scale == NULL && p.kinetic_energy == NULL);
            if (f) {
                p.residual_with_scale = fh_residual_with_scale;
                p.kinetic_energy = fh_kinetic_energy;
            }
            if (f == 2) p.struct_size = offsetof(alecable_problem, residual_with_scale);
            if (f == 3) p.struct_size = offsetof(alecable_problem, residual_scale);
            it = make(&p, &o);
            pend_start(&h[f].P, PI / 3.0, q[f], v[f]);
            ck_assert_int_eq(alecable_integrator_set_state(it, 0.0, q[f], v[f], NULL, NULL), ALECABLE_OK);
            for (n = 0; n < steps; n++) ck_assert_int_eq(alecable_integrator_step(it, 1e-2), ALECABLE_OK);
            ck_assert_int_eq(alecable_integrator_get_state(it, &t[f], q[f], v[f], NULL, &lam[f]), ALECABLE_OK);
            alecable_step_stats_init(&st[f]);
            ck_assert_int_eq(alecable_integrator_stats(it, &st[f]), ALECABLE_OK);
            alecable_integrator_destroy(it);
            if (f != 1) ck_assert(h[f].fused_residual_calls == 0 && h[f].fused_kinetic_calls == 0);
        }
        for (f = 1; f < 3; f++) {
            ck_assert(t[0] == t[f] && lam[0] == lam[f]);
            ck_assert(memcmp(q[0], q[f], sizeof q[0]) == 0 && memcmp(v[0], v[f], sizeof v[0]) == 0);
            ck_assert(st[0].energy_created == st[f].energy_created &&
                      st[0].energy_exchanged == st[f].energy_exchanged);
        }
        ck_assert_double_gt(st[0].energy_exchanged, 0.0); /* the balance ran */
        ck_assert(t[3] == t[0] && h[3].scale_calls == 0 && h[3].energy_calls == 0);
        /* the watch: every step's kinetic energy and V from the fused pass */
        ck_assert_int_ge(h[1].fused_kinetic_calls, steps);
        ck_assert_int_le(h[1].inertia_calls, h[0].inertia_calls - steps);
        ck_assert_int_le(h[1].energy_calls, h[0].energy_calls - steps);
        if (methods[k] == ALECABLE_METHOD_HHT) { /* the first iterate's residual and scale */
            ck_assert_int_ge(h[1].fused_residual_calls, steps);
            ck_assert_int_le(h[1].scale_calls, h[0].scale_calls - steps);
        } else { /* the semi-implicit methods have no Newton iterates */
            ck_assert_int_eq(h[1].fused_residual_calls, 0);
        }
    }
}
END_TEST

Suite *suite_dynamic(void)
{
    Suite *s = suite_create("time integrators");
    TCase *tc = tcase_create("oscillator and pendulum");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, newmark_trapezoidal_conserves_energy_and_elongates_period);
    tcase_add_test(tc, dissipative_methods_lose_energy_period_by_period);
    tcase_add_test(tc, implicit_methods_are_second_order);
    tcase_add_test(tc, semi_implicit_orders);
    tcase_add_test(tc, variable_steps_keep_second_order);
    tcase_add_test(tc, semi_implicit_equals_implicit_on_linear_problem);
    tcase_add_test(tc, imex_uses_the_stiff_jacobian);
    tcase_add_test(tc, set_state_computes_consistent_accelerations);
    tcase_add_test(tc, pendulum_newmark_energy_constraint_period);
    tcase_add_test(tc, pendulum_damped_methods_keep_multiplier_bounded);
    tcase_add_test(tc, pendulum_semi_implicit_drift_bounded);
    tcase_add_test(tc, adaptive_newmark_rejects_grows_and_is_accurate);
    tcase_add_test(tc, undo_and_retry);
    tcase_add_test(tc, no_allocation_inside_steps_after_the_first);
    tcase_add_test(tc, bad_options_name_the_field);
    tcase_add_test(tc, failures_leave_the_state_unchanged);
    tcase_add_test(tc, advance_lands_on_t_end);
    suite_add_tcase(s, tc);
    tc = tcase_create("fused callbacks");
    tcase_add_test(tc, host_fused_callbacks_are_used);
    suite_add_tcase(s, tc);
    return s;
}
