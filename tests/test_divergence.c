/* The integrators' divergence watch and stop test (issue 20): runs that
 * 0.2 returned as ALECABLE_OK with a wrong answer now give the right
 * answer or ALECABLE_DIVERGING, with the state of the last accepted step
 * kept bit for bit.  Each case is checked by a verdict of its own (the
 * pendulum's length, its energy, a refined or damped-method reference), not
 * by the status alone. */
#include "suites.h"

#include <alecable.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../lib/core/isa.h"
#include "../lib/elements/element.h"

#include "../lib/integrators/dynamic_internal.h"

#if AC_HAVE_ISA_V3
extern const el_ops el_ancf_ops, el_ancf_ops_v3;
#endif

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

/* ---- paper 001 sec. 4.1's ANCF pendulum: 1 m, d = 10 mm, rho = 5000,
 * E = 1e8, I = 1e-8, pinned at the origin, horizontal at rest ---- */
static alecable_model *pendulum(int elements, alecable_node **tip)
{
    alecable_model *m;
    alecable_cable *c;
    alecable_section sec;
    alecable_node *n = NULL;
    double a[3] = {0, 0, 0}, b[3] = {1, 0, 0}, g[3] = {0, -9.81, 0};
    int i;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    alecable_section_init(&sec);
    sec.E = 1e8;
    sec.A = M_PI * 0.25 * 1e-4;
    sec.rho = 5000.0;
    sec.I = 1e-8;
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_ANCF, &sec), 0);
    ck_assert_int_eq(alecable_cable_line(c, a, b, 0, 1, elements), 0);
    for (i = 0; i <= elements; i++) {
        ck_assert_int_eq(alecable_cable_node(&n, c, i), 0);
        ck_assert_int_eq(alecable_fix(NULL, m, n, ALECABLE_DOF_S), 0);
        if (i == 0) {
            ck_assert_int_eq(alecable_fix(NULL, m, n, ALECABLE_DOF_X), 0);
            ck_assert_int_eq(alecable_fix(NULL, m, n, ALECABLE_DOF_Y), 0);
            ck_assert_int_eq(alecable_fix(NULL, m, n, ALECABLE_DOF_Z), 0);
        }
    }
    ck_assert_int_eq(alecable_model_set_gravity(m, g), 0);
    *tip = n;
    return m;
}

/* total energy (strain, gravity, kinetic) at the integrator's state */
static double energy(alecable_model *m, const alecable_integrator *it)
{
    double wi, we, T;
    ck_assert_int_eq(alecable_model_pull_state(m, it), 0);
    ck_assert_int_eq(alecable_model_energy(m, &wi, &we), 0);
    ck_assert_int_eq(alecable_model_kinetic_energy(m, &T), 0);
    return wi + we + T;
}

/* Steps of h up to t_end, one at a time, keeping a copy of the state
 * before each: a refused step must leave exactly that state.  Returns the
 * status of the last step; *t_out the time reached. */
static int step_to(alecable_integrator *it, int nq, int nlam, double h, double t_end, double *t_out)
{
    double *q0 = malloc((size_t)nq * sizeof *q0), *v0 = malloc((size_t)nq * sizeof *v0);
    double *q1 = malloc((size_t)nq * sizeof *q1), *v1 = malloc((size_t)nq * sizeof *v1);
    double *l0 = malloc((size_t)(nlam + 1) * sizeof *l0), *l1 = malloc((size_t)(nlam + 1) * sizeof *l1);
    double t0 = 0.0, t1 = 0.0;
    int st = ALECABLE_OK;
    ck_assert(q0 && v0 && q1 && v1 && l0 && l1);
    for (;;) {
        ck_assert_int_eq(alecable_integrator_get_state(it, &t0, q0, v0, NULL, l0), 0);
        if (t0 >= t_end - 1e-12) break;
        st = alecable_integrator_step(it, h);
        if (st != ALECABLE_OK) {
            ck_assert_int_eq(alecable_integrator_get_state(it, &t1, q1, v1, NULL, l1), 0);
            ck_assert(t1 == t0);
            ck_assert(memcmp(q0, q1, (size_t)nq * sizeof *q0) == 0);
            ck_assert(memcmp(v0, v1, (size_t)nq * sizeof *v0) == 0);
            ck_assert(memcmp(l0, l1, (size_t)nlam * sizeof *l0) == 0);
            break;
        }
    }
    *t_out = t0;
    free(q0);
    free(v0);
    free(q1);
    free(v1);
    free(l0);
    free(l1);
    return st;
}

/* A refusal by the watch names it, the indicator's threshold and the cure. */
static void says_diverging(const alecable_integrator *it)
{
    const char *e = alecable_integrator_errmsg(it);
    ck_assert_msg(strstr(e, "divergence watch") && strstr(e, "watch_") && strstr(e, "cut h"), "%s", e);
}

/* Issue 20's row: 1000 elements, SI-HHT, h = 1e-3 to 0.02 s returned OK
 * with the tip of the 1 m pendulum 2.9 m from the pin (h must be below
 * about 0.3 s / N for its one linearization per step).  Now: OK only with
 * the tip within the pendulum's reach and no energy created; otherwise
 * DIVERGING with the last accepted state.  SI-BE and HHT, the campaign's
 * other energy-creating methods, under the same verdict. */
START_TEST(long_pendulum_semi_implicit_diverges)
{
    static const int methods[] = {ALECABLE_METHOD_SI_HHT, ALECABLE_METHOD_SI_BE, ALECABLE_METHOD_HHT};
    int k;
    for (k = 0; k < 3; k++) {
        alecable_node *tip;
        alecable_model *m = pendulum(1000, &tip);
        alecable_integrator *it;
        alecable_dynamic_options o;
        double x[3], e0, e1, t, scale = 5000.0 * M_PI * 0.25e-4 * 9.81; /* m g L */
        int nq, nl, st;
        alecable_dynamic_options_init(&o);
        o.method = methods[k];
        o.h = 1e-3;
        ck_assert_int_eq(alecable_model_integrator(&it, m, &o), 0);
        ck_assert_int_eq(alecable_model_sizes(m, &nq, &nl), 0);
        e0 = energy(m, it);
        st = step_to(it, nq, nl, 1e-3, 0.02, &t);
        e1 = energy(m, it);
        ck_assert_int_eq(alecable_node_position(tip, x), 0);
        if (st == ALECABLE_OK) {
            ck_assert_msg(hypot(x[0], x[1]) < 1.01, "method %d: OK with the tip at %g, %g", methods[k], x[0], x[1]);
            ck_assert_msg(e1 - e0 < 1e-3 * scale, "method %d: OK with %g J created", methods[k], e1 - e0);
        } else {
            ck_assert_msg(st == ALECABLE_DIVERGING, "method %d: %d %s", methods[k], st,
                          alecable_integrator_errmsg(it));
            says_diverging(it);
        }
        alecable_integrator_destroy(it);
        alecable_model_destroy(m);
    }
}
END_TEST

/* The same run with the watch off is 0.2's (the switch works). */
START_TEST(watch_can_be_switched_off)
{
    alecable_node *tip;
    alecable_model *m = pendulum(1000, &tip);
    alecable_integrator *it;
    alecable_dynamic_options o;
    double x[3];
    alecable_dynamic_options_init(&o);
    o.method = ALECABLE_METHOD_SI_HHT;
    o.h = 1e-3;
    o.watch = -1;
    ck_assert_int_eq(alecable_model_integrator(&it, m, &o), 0);
    ck_assert_int_eq(alecable_integrator_advance(it, 0.02), ALECABLE_OK);
    ck_assert_int_eq(alecable_model_pull_state(m, it), 0);
    ck_assert_int_eq(alecable_node_position(tip, x), 0);
    ck_assert_double_gt(hypot(x[0], x[1]), 2.0); /* the wrong answer the watch exists for */
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
}
END_TEST

/* A pendulum hauled in by a winch: a 1 kg body on a stiff axial rope
 * (EA = 2e9 N) whose material runs into a winch at the pin, l = 1 - 0.1 t,
 * released at theta0 = 0.01.  0.2's default, trapezoidal Newmark, keeps the
 * rope's index-3 oscillation undamped and its Newton stop test, relative to
 * the step's largest residual, took unconverged steps: at t = 2.7 s the body
 * stood above the winch (each step OK) before Newton failed.  Now the
 * default (HHT) agrees with generalized-alpha to 1e-6 rad at 5 s (the
 * amplitude grows as l^-3/4), and trapezoidal Newmark, with the stop test
 * against the forces' scale, does too, or stops with DIVERGING. */
static alecable_model *winch(alecable_body **load)
{
    alecable_model *m;
    alecable_cable *c;
    alecable_section sec;
    alecable_node *W, *T, *bn;
    alecable_body_params bp;
    double th0 = 0.01, x0[3] = {0, 0, 0}, x1[3] = {sin(th0), -cos(th0), 0}, g[3] = {0, -9.81, 0}, p0[3] = {0, 0, 0};
    int k;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    ck_assert_int_eq(alecable_model_set_gravity(m, g), 0);
    alecable_section_init(&sec);
    sec.E = 2e14;
    sec.A = 1e-5;
    sec.rho = 1.0;
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_AXIAL, &sec), 0);
    ck_assert_int_eq(alecable_cable_add_node(&W, c, x0, 0.0), 0);
    ck_assert_int_eq(alecable_cable_add_node(&T, c, x1, 1.0), 0);
    for (k = ALECABLE_DOF_X; k <= ALECABLE_DOF_Z; k++) ck_assert_int_eq(alecable_fix(NULL, m, W, k), 0);
    ck_assert_int_eq(alecable_prescribe(NULL, m, W, ALECABLE_DOF_S, 0.1), 0);
    alecable_body_params_init(&bp);
    bp.position[0] = x1[0];
    bp.position[1] = x1[1];
    bp.mass = 1.0;
    ck_assert_int_eq(alecable_body_create(load, m, &bp), 0);
    ck_assert_int_eq(alecable_body_node(&bn, *load), 0);
    ck_assert_int_eq(alecable_fix(NULL, m, bn, ALECABLE_DOF_Z), 0);
    for (k = ALECABLE_DOF_RX; k <= ALECABLE_DOF_RZ; k++) ck_assert_int_eq(alecable_fix(NULL, m, bn, k), 0);
    ck_assert_int_eq(alecable_attach(NULL, m, T, *load, p0, 1), 0);
    return m;
}

/* theta(5 s) with method (-1: the default options), or NAN after a refusal
 * (*st its status) */
static double winch_theta(int method, int *st)
{
    alecable_body *b;
    alecable_model *m = winch(&b);
    alecable_integrator *it;
    alecable_dynamic_options o;
    double x[3], th = NAN;
    alecable_dynamic_options_init(&o);
    if (method >= 0) o.method = method;
    ck_assert_int_eq(alecable_model_integrator(&it, m, &o), 0);
    *st = alecable_integrator_advance(it, 5.0);
    if (*st == ALECABLE_OK) {
        ck_assert_int_eq(alecable_model_pull_state(m, it), 0);
        ck_assert_int_eq(alecable_body_pose(b, x, NULL), 0);
        th = atan2(x[0], -x[1]);
        ck_assert_double_lt(fabs(x[1] + 0.5), 1e-3); /* hauled in to l = 0.5 */
    } else {
        ck_assert_int_eq(*st, ALECABLE_DIVERGING);
        says_diverging(it);
    }
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
    return th;
}

START_TEST(winch_pendulum_default_is_right)
{
    int st;
    double ref = winch_theta(ALECABLE_METHOD_GENALPHA, &st), th;
    ck_assert_int_eq(st, ALECABLE_OK);
    ck_assert_double_gt(fabs(ref), 0.014); /* l^-3/4 growth of 0.01, at a swing's peak */
    ck_assert_double_lt(fabs(ref), 0.016);
    th = winch_theta(-1, &st);
    ck_assert_int_eq(st, ALECABLE_OK);
    ck_assert_msg(fabs(th - ref) < 1e-6, "default %.9g, generalized-alpha %.9g", th, ref);
    th = winch_theta(ALECABLE_METHOD_NEWMARK, &st);
    ck_assert_msg(st == ALECABLE_DIVERGING || fabs(th - ref) < 1e-5, "Newmark: %.9g against %.9g", th, ref);
}
END_TEST

/* A 1e300 N force on a free 1 kg body (beside a held rope, as a model needs
 * a cable): 0.2's semi-implicit and implicit steps returned OK with the
 * body 1e294 m away.  Every method now refuses the step, keeping the state,
 * and names the coordinate that ran away. */
static alecable_model *shot_body(void)
{
    alecable_model *m;
    alecable_body *b;
    alecable_body_params bp;
    alecable_cable *c;
    alecable_section sec;
    alecable_node *n0, *n1;
    double f[3] = {0, 1e300, 0}, p0[3] = {0, 0, 0}, a[3] = {-1, 0, 0};
    int k;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    alecable_body_params_init(&bp);
    bp.mass = 1.0;
    bp.inertia[0] = bp.inertia[4] = bp.inertia[8] = 1.0;
    ck_assert_int_eq(alecable_body_create(&b, m, &bp), 0);
    ck_assert_int_eq(alecable_load_body_force(NULL, m, b, p0, f), 0);
    alecable_section_init(&sec);
    sec.E = 1e9;
    sec.A = 1e-6;
    sec.rho = 1000.0;
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_AXIAL, &sec), 0);
    ck_assert_int_eq(alecable_cable_add_node(&n0, c, a, 0.0), 0);
    ck_assert_int_eq(alecable_cable_add_node(&n1, c, p0, 1.0), 0);
    for (k = ALECABLE_DOF_X; k <= ALECABLE_DOF_S; k++) {
        ck_assert_int_eq(alecable_fix(NULL, m, n0, k), 0);
        ck_assert_int_eq(alecable_fix(NULL, m, n1, k), 0);
    }
    return m;
}

START_TEST(absurd_load_is_refused)
{
    static const int methods[] = {ALECABLE_METHOD_SI_BE, ALECABLE_METHOD_SI_BDF2, ALECABLE_METHOD_SI_NEWMARK,
                                  ALECABLE_METHOD_SI_HHT, ALECABLE_METHOD_HHT, ALECABLE_METHOD_NEWMARK};
    int k;
    for (k = 0; k < 6; k++) {
        alecable_model *m = shot_body();
        alecable_integrator *it;
        alecable_dynamic_options o;
        double t;
        int nq, nl, st;
        alecable_dynamic_options_init(&o);
        o.method = methods[k];
        ck_assert_int_eq(alecable_model_integrator(&it, m, &o), 0);
        ck_assert_int_eq(alecable_model_sizes(m, &nq, &nl), 0);
        st = step_to(it, nq, nl, 1e-3, 1e-3, &t);
        ck_assert_msg(st == ALECABLE_DIVERGING, "method %d: %d %s", methods[k], st, alecable_integrator_errmsg(it));
        ck_assert_msg(strstr(alecable_integrator_errmsg(it), "watch_displacement"), "%s",
                      alecable_integrator_errmsg(it));
        ck_assert_double_eq(t, 0.0);
        alecable_integrator_destroy(it);
        alecable_model_destroy(m);
    }
}
END_TEST

/* Each indicator, tripped on purpose by a tight threshold on a correct run,
 * names itself (not the drift: the pendulum's constraints are linear, its g
 * stays 0); a threshold left 0 is the default, and nonsense options
 * are refused naming the field. */
START_TEST(each_indicator_names_itself)
{
    static const char *names[] = {"watch_energy", "watch_error", "watch_displacement", "watch_error"};
    int k;
    for (k = 0; k < 4; k++) {
        alecable_node *tip;
        alecable_model *m = pendulum(10, &tip);
        alecable_integrator *it;
        alecable_dynamic_options o;
        double t;
        int nq, nl, st;
        alecable_dynamic_options_init(&o);
        o.method = k == 3 ? ALECABLE_METHOD_SI_HHT : ALECABLE_METHOD_HHT;
        if (k == 0) o.watch_energy = 1e-9;
        if (k == 1) o.watch_error = 1e-12;
        if (k == 2) o.watch_displacement = 0.5;
        if (k == 3) o.watch_error = 1e-12; /* the semi-implicit estimate */
        ck_assert_int_eq(alecable_model_integrator(&it, m, &o), 0);
        ck_assert_int_eq(alecable_model_sizes(m, &nq, &nl), 0);
        st = step_to(it, nq, nl, 1e-3, 0.05, &t);
        ck_assert_msg(st == ALECABLE_DIVERGING, "%s: %d %s", names[k], st, alecable_integrator_errmsg(it));
        ck_assert_msg(strstr(alecable_integrator_errmsg(it), names[k]), "%s", alecable_integrator_errmsg(it));
        alecable_integrator_destroy(it);
        alecable_model_destroy(m);
    }
    {
        alecable_node *tip;
        alecable_model *m = pendulum(2, &tip);
        alecable_integrator *it = NULL;
        alecable_dynamic_options o;
        alecable_dynamic_options_init(&o);
        o.watch = 2;
        ck_assert_int_eq(alecable_model_integrator(&it, m, &o), ALECABLE_EINVAL);
        ck_assert(strstr(alecable_model_errmsg(m), "watch") != NULL);
        alecable_dynamic_options_init(&o);
        o.watch_energy = NAN;
        ck_assert_int_eq(alecable_model_integrator(&it, m, &o), ALECABLE_EINVAL);
        ck_assert(strstr(alecable_model_errmsg(m), "watch_energy") != NULL);
        alecable_dynamic_options_init(&o);
        o.watch_length = -1.0;
        ck_assert_int_eq(alecable_model_integrator(&it, m, &o), ALECABLE_EINVAL);
        ck_assert(strstr(alecable_model_errmsg(m), "watch_length") != NULL);
        alecable_model_destroy(m);
    }
}
END_TEST

/* The stop test against physical scales reports what it used: the problem's
 * residual_scale when it has one (a model's, once the library gives it),
 * else the forces of the step's initial state (a wrapper with a scale of 1e-30 N: no step converges to
 * it by residual, and only the increment test, at roundoff, stops Newton). */
static alecable_problem inner;
static int scale_calls;
static int tiny_scale(void *ctx, double t, const double *q, const double *v, const double *a, const double *lambda,
                      double *scale)
{
    int i;
    (void)ctx;
    (void)t;
    (void)q;
    (void)v;
    (void)a;
    (void)lambda;
    scale_calls++;
    for (i = 0; i < inner.nq + inner.nlam; i++) scale[i] = 1e-30;
    return 0;
}

START_TEST(stop_test_reports_its_scale)
{
    alecable_node *tip;
    alecable_model *m = pendulum(4, &tip);
    alecable_integrator *it;
    alecable_dynamic_options o;
    alecable_step_stats st;
    alecable_problem p;
    double *q, *v;
    int k;
    alecable_dynamic_options_init(&o);
    ck_assert_int_eq(alecable_model_integrator(&it, m, &o), 0);
    for (k = 0; k < 10; k++) ck_assert_int_eq(alecable_integrator_step(it, 1e-3), 0);
    alecable_step_stats_init(&st);
    ck_assert_int_eq(alecable_integrator_stats(it, &st), 0);
    alecable_integrator_destroy(it);
    ck_assert_int_eq(alecable_model_problem(&inner, m), 0);
    ck_assert_int_eq(st.residual_scale_source, inner.residual_scale != NULL);
    /* below tol_residual, or stopped by the increment test at roundoff */
    ck_assert_double_lt(st.last_scaled_residual, 1e-6);
    p = inner;
    p.residual_scale = tiny_scale;
    q = calloc((size_t)p.nq, sizeof *q);
    v = calloc((size_t)p.nq, sizeof *v);
    ck_assert_int_eq(alecable_model_get_state(m, q, NULL, NULL), 0);
    scale_calls = 0;
    o.tol_increment = 0.0; /* no way out but the residual: the step fails */
    ck_assert_int_eq(alecable_integrator_create(&it, &p, &o, NULL), 0);
    ck_assert_int_eq(alecable_integrator_set_state(it, 0.0, q, v, NULL, NULL), 0);
    ck_assert_int_eq(alecable_integrator_step(it, 1e-3), ALECABLE_STEP_TOO_LARGE);
    ck_assert_int_gt(scale_calls, 0);
    ck_assert(strstr(alecable_integrator_errmsg(it), "residual_scale") != NULL);
    alecable_integrator_destroy(it);
    free(q);
    free(v);
    alecable_model_destroy(m);
}
END_TEST

/* Adaptive stepping treats a tripped watch as a rejected step: h is halved
 * down to h_min, then DIVERGING says so (a threshold no step can meet). */
START_TEST(adaptive_cuts_h_before_refusing)
{
    alecable_node *tip;
    alecable_model *m = pendulum(10, &tip);
    alecable_integrator *it;
    alecable_dynamic_options o;
    alecable_step_stats st;
    alecable_dynamic_options_init(&o);
    o.adaptive = 1;
    o.h_min = 1e-9;
    o.watch_displacement = 0.5; /* the pin to tip length is 1 */
    ck_assert_int_eq(alecable_model_integrator(&it, m, &o), 0);
    ck_assert_int_eq(alecable_integrator_step(it, 1e-3), ALECABLE_DIVERGING);
    ck_assert_msg(strstr(alecable_integrator_errmsg(it), "h_min"), "%s", alecable_integrator_errmsg(it));
    alecable_step_stats_init(&st);
    ck_assert_int_eq(alecable_integrator_stats(it, &st), 0);
    ck_assert_int_eq(st.steps, 0);
    ck_assert_int_ge(st.rejected, 19); /* 1e-3 halved to 1e-9 */
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
}
END_TEST

/* ---- a rigid pendulum in Cartesian coordinates (host problem):
 * m a + G^T lambda = m g, g(q) = (x^2 + y^2 - L^2) / 2 = 0 ---- */
static const int RP_COLPTR[4] = {0, 2, 4, 7};
static const int RP_ROWIDX[7] = {0, 2, 1, 2, 0, 1, 2};

static int rp_res(void *ctx, double t, const double *q, const double *v, const double *a, const double *lam,
                  double *r)
{
    (void)ctx;
    (void)t;
    (void)v;
    r[0] = a[0] + q[0] * lam[0];
    r[1] = a[1] + 9.81 + q[1] * lam[0];
    r[2] = 0.5 * (q[0] * q[0] + q[1] * q[1] - 1.0);
    return 0;
}

static int rp_jac(void *ctx, double t, const double *q, const double *v, const double *a, const double *lam,
                  double cq, double cv, double ca, int flags, double *x)
{
    (void)ctx;
    (void)t;
    (void)v;
    (void)a;
    (void)cv;
    (void)flags;
    x[0] = ca + cq * lam[0];
    x[1] = q[0];
    x[2] = ca + cq * lam[0];
    x[3] = q[1];
    x[4] = q[0];
    x[5] = q[1];
    x[6] = 0.0;
    return 0;
}

static int rp_rates(void *ctx, double t, const double *q, const double *v, double *gdot, double *gamma)
{
    (void)ctx;
    (void)t;
    gdot[0] = q[0] * v[0] + q[1] * v[1];
    gamma[0] = v[0] * v[0] + v[1] * v[1];
    return 0;
}

static int rp_inertia(void *ctx, double t, const double *q, const double *v, const double *a, double *r)
{
    (void)ctx;
    (void)t;
    (void)q;
    (void)v;
    r[0] = a[0];
    r[1] = a[1];
    return 0;
}

static void rigid_pendulum(alecable_problem *p)
{
    alecable_problem_init(p);
    p->nq = 2;
    p->nlam = 1;
    p->nnz = 7;
    p->colptr = RP_COLPTR;
    p->rowidx = RP_ROWIDX;
    p->residual = rp_res;
    p->jacobian = rp_jac;
    p->constraint_rates = rp_rates;
    p->inertia = rp_inertia;
}

/* The semi-implicit drift indicator on a nonlinear constraint: SI-BE
 * released horizontally drifts off the circle by O(h^2) per step, which a
 * tight watch_drift refuses and the default accepts (|q| stays 1 to 1e-2). */
START_TEST(drift_names_itself)
{
    alecable_problem p;
    alecable_integrator *it;
    alecable_dynamic_options o;
    double q[2] = {1, 0}, v[2] = {0, 0}, t;
    int st;
    rigid_pendulum(&p);
    alecable_dynamic_options_init(&o);
    o.method = ALECABLE_METHOD_SI_BE;
    ck_assert_int_eq(alecable_integrator_create(&it, &p, &o, NULL), 0);
    ck_assert_int_eq(alecable_integrator_set_state(it, 0.0, q, v, NULL, NULL), 0);
    ck_assert_int_eq(alecable_integrator_advance(it, 1.0), ALECABLE_OK);
    ck_assert_int_eq(alecable_integrator_get_state(it, NULL, q, NULL, NULL, NULL), 0);
    ck_assert_double_lt(fabs(hypot(q[0], q[1]) - 1.0), 1e-2);
    alecable_integrator_destroy(it);
    o.watch_drift = 1e-9;
    ck_assert_int_eq(alecable_integrator_create(&it, &p, &o, NULL), 0);
    q[0] = 1.0;
    q[1] = 0.0;
    ck_assert_int_eq(alecable_integrator_set_state(it, 0.0, q, v, NULL, NULL), 0);
    st = step_to(it, 2, 1, 1e-3, 1.0, &t);
    ck_assert_int_eq(st, ALECABLE_DIVERGING);
    ck_assert_msg(strstr(alecable_integrator_errmsg(it), "watch_drift"), "%s", alecable_integrator_errmsg(it));
    alecable_integrator_destroy(it);
}
END_TEST

/* Paper 004's beam in a sleeve (Kirchhoff, 8 elements, radius 2 mm,
 * E = 3 GPa, rho = 1000, p = 22500 N/m, mu = 0.3) pulled by 4500 N and
 * solved in statics: contacts 4..8 slip at |lambda_T| = mu p l.  Dynamics
 * from that equilibrium must stay at rest.  0.2's consistent start dropped
 * the slip law's constant (lambda_T = 0 for the slipping contacts): a0 of
 * 1.5e7 m/s^2, and HHT at h = 1e-3 returned OK with the beam moving at
 * 106 m/s after 5 steps (the campaign's ENAN at h = 1e-3).  Now |a0| is
 * the statics' residual over the node masses and nothing moves. */
START_TEST(dynamics_from_a_slipping_equilibrium)
{
    static const int methods[] = {ALECABLE_METHOD_HHT, ALECABLE_METHOD_GENALPHA, ALECABLE_METHOD_NEWMARK};
    int k;
    for (k = 0; k < 3; k++) {
        alecable_model *m;
        alecable_cable *c;
        alecable_section sec;
        alecable_beam_params bp;
        alecable_clamp_params cp;
        alecable_sleeve_params sp;
        alecable_joint *sl;
        alecable_node *nd[9];
        alecable_quasistatic_options qo;
        alecable_dynamic_options o;
        alecable_integrator *it;
        double r = 2e-3, E = 3e9, a[3] = {0, 0, 0}, b[3] = {1, 0, 0}, f[3] = {4500, 0, 0};
        double *q0, *q1, *a0, amax = 0.0, dmax = 0.0;
        int i, nq, nl, nslip = 0;
        ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
        alecable_section_init(&sec);
        sec.E = E;
        sec.A = M_PI * r * r;
        sec.I = 0.25 * M_PI * pow(r, 4);
        sec.rho = 1000.0;
        ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_KIRCHHOFF, &sec), 0);
        ck_assert_int_eq(alecable_cable_line(c, a, b, 0.0, 1.0, 8), 0);
        alecable_beam_params_init(&bp);
        bp.GJ = E / 2.6 * 2.0 * sec.I;
        ck_assert_int_eq(alecable_cable_set_beam(c, &bp), 0);
        for (i = 0; i <= 8; i++) ck_assert_int_eq(alecable_cable_node(&nd[i], c, i), 0);
        alecable_clamp_params_init(&cp);
        ck_assert_int_eq(alecable_clamp(NULL, m, nd[0], &cp), 0);
        ck_assert_int_eq(alecable_fix(NULL, m, nd[0], ALECABLE_DOF_S), 0);
        ck_assert_int_eq(alecable_fix(NULL, m, nd[8], ALECABLE_DOF_S), 0);
        ck_assert_int_eq(alecable_load_node(NULL, m, nd[8], f), 0);
        alecable_sleeve_params_init(&sp);
        sp.pressure = 22500.0;
        sp.friction.mu = 0.3;
        ck_assert_int_eq(alecable_sleeve(&sl, m, &sp, 7, nd + 1), 0);
        alecable_quasistatic_options_init(&qo);
        qo.load_steps = 10;
        ck_assert_msg(alecable_solve_quasistatic(m, &qo, NULL) == 0, "%s", alecable_model_errmsg(m));
        for (i = 0; i < 7; i++) {
            alecable_contact ct;
            alecable_contact_init(&ct);
            ck_assert_int_eq(alecable_friction_contact(sl, i, &ct), 0);
            nslip += ct.state == ALECABLE_CONTACT_SLIP;
        }
        ck_assert_int_eq(nslip, 5);
        alecable_dynamic_options_init(&o);
        o.method = methods[k];
        ck_assert_msg(alecable_model_integrator(&it, m, &o) == 0, "%s", alecable_model_errmsg(m));
        ck_assert_int_eq(alecable_model_sizes(m, &nq, &nl), 0);
        q0 = malloc((size_t)nq * sizeof *q0);
        q1 = malloc((size_t)nq * sizeof *q1);
        a0 = malloc((size_t)nq * sizeof *a0);
        ck_assert(q0 && q1 && a0);
        ck_assert_int_eq(alecable_integrator_get_state(it, NULL, q0, NULL, a0, NULL), 0);
        ck_assert_msg(alecable_integrator_advance(it, 5e-3) == 0, "%s", alecable_integrator_errmsg(it));
        ck_assert_int_eq(alecable_integrator_get_state(it, NULL, q1, NULL, NULL, NULL), 0);
        for (i = 0; i < nq; i++) {
            amax = fmax(amax, fabs(a0[i]));
            dmax = fmax(dmax, fabs(q1[i] - q0[i]));
        }
        ck_assert_msg(amax < 1.0, "method %d: |a0| = %g", methods[k], amax);
        ck_assert_msg(dmax < 1e-9, "method %d: moved by %g", methods[k], dmax);
        free(q0);
        free(q1);
        free(a0);
        alecable_integrator_destroy(it);
        alecable_model_destroy(m);
    }
}
END_TEST

/* A small campaign on the pendulum (10 and 200 elements, h = 3e-3 and
 * 1e-2, 0.2 s, every method): OK means the tip within the pendulum's reach
 * and no energy created (1 % of m g L), judged independently of the status.
 * 0.2 returned 7 of these 32 runs OK and wrong (SI methods at 200 elements:
 * up to 1.2e42 J created, the tip 9e7 m away).  The
 * implicit methods are right on all of them and must stay OK: the watch
 * may not trip on a correct run. */
START_TEST(campaign_ok_means_right)
{
    static const int methods[] = {ALECABLE_METHOD_NEWMARK, ALECABLE_METHOD_HHT,     ALECABLE_METHOD_BOSSAK,
                                  ALECABLE_METHOD_GENALPHA, ALECABLE_METHOD_SI_BE,  ALECABLE_METHOD_SI_BDF2,
                                  ALECABLE_METHOD_SI_NEWMARK, ALECABLE_METHOD_SI_HHT};
    static const int Ns[] = {10, 200};
    static const double hs[] = {3e-3, 1e-2};
    double scale = 5000.0 * M_PI * 0.25e-4 * 9.81;
    int a, b, k, n_div = 0;
    for (a = 0; a < 2; a++)
        for (b = 0; b < 2; b++)
            for (k = 0; k < 8; k++) {
                alecable_node *tip;
                alecable_model *m = pendulum(Ns[a], &tip);
                alecable_integrator *it;
                alecable_dynamic_options o;
                double x[3], e0, e1;
                int st;
                alecable_dynamic_options_init(&o);
                o.method = methods[k];
                o.h = hs[b];
                ck_assert_int_eq(alecable_model_integrator(&it, m, &o), 0);
                e0 = energy(m, it);
                st = alecable_integrator_advance(it, 0.2);
                e1 = energy(m, it);
                ck_assert_int_eq(alecable_node_position(tip, x), 0);
                if (st == ALECABLE_OK) {
                    ck_assert_msg(hypot(x[0], x[1]) < 1.02 && e1 - e0 < 0.01 * scale,
                                  "N %d h %g method %d: OK with the tip at %g m, %g J created", Ns[a], hs[b],
                                  methods[k], hypot(x[0], x[1]), e1 - e0);
                } else {
                    ck_assert_msg(st == ALECABLE_DIVERGING && methods[k] >= ALECABLE_METHOD_SI_BE,
                                  "N %d h %g method %d: %d %s", Ns[a], hs[b], methods[k], st,
                                  alecable_integrator_errmsg(it));
                    n_div++;
                }
                alecable_integrator_destroy(it);
                alecable_model_destroy(m);
            }
    ck_assert_int_gt(n_div, 0);
}
END_TEST

/* A free 2 kg mass at rest, pushed from t = 0.02 s by F = 1000 (t - 0.02)^3 N
 * (no force at t = 0, so no energy scale, and 20 steps without motion):
 * its kinetic energy grows as (t - 0.02)^8, by 256 in the second step
 * that moves it; the watch must let this correct run through.
 * q = 1000 (t - 0.02)^5 / 40 at t = 0.1 s to 1e-3 relative. */
static const int FM_COLPTR[2] = {0, 1};
static const int FM_ROWIDX[1] = {0};

static int fm_res(void *ctx, double t, const double *q, const double *v, const double *a, const double *lam,
                  double *r)
{
    (void)ctx;
    (void)q;
    (void)v;
    (void)lam;
    t = t > 0.02 ? t - 0.02 : 0.0;
    r[0] = 2.0 * a[0] - 1000.0 * t * t * t;
    return 0;
}

static int fm_jac(void *ctx, double t, const double *q, const double *v, const double *a, const double *lam,
                  double cq, double cv, double ca, int flags, double *x)
{
    (void)ctx;
    (void)t;
    (void)q;
    (void)v;
    (void)a;
    (void)lam;
    (void)cq;
    (void)cv;
    (void)flags;
    x[0] = 2.0 * ca;
    return 0;
}

static int fm_inertia(void *ctx, double t, const double *q, const double *v, const double *a, double *r)
{
    (void)ctx;
    (void)t;
    (void)q;
    (void)v;
    r[0] = 2.0 * a[0];
    return 0;
}

START_TEST(a_start_without_forces_is_not_diverging)
{
    static const int methods[] = {ALECABLE_METHOD_HHT, ALECABLE_METHOD_NEWMARK, ALECABLE_METHOD_SI_HHT};
    alecable_problem p;
    int k;
    alecable_problem_init(&p);
    p.nq = 1;
    p.nnz = 1;
    p.colptr = FM_COLPTR;
    p.rowidx = FM_ROWIDX;
    p.residual = fm_res;
    p.jacobian = fm_jac;
    p.inertia = fm_inertia;
    for (k = 0; k < 3; k++) {
        alecable_integrator *it;
        alecable_dynamic_options o;
        double q = 0.0, v = 0.0, exact = 1000.0 * pow(0.08, 5) / 40.0;
        alecable_dynamic_options_init(&o);
        o.method = methods[k];
        ck_assert_int_eq(alecable_integrator_create(&it, &p, &o, NULL), 0);
        ck_assert_int_eq(alecable_integrator_set_state(it, 0.0, &q, &v, NULL, NULL), 0);
        ck_assert_msg(alecable_integrator_advance(it, 0.1) == 0, "method %d: %s", methods[k],
                      alecable_integrator_errmsg(it));
        ck_assert_int_eq(alecable_integrator_get_state(it, NULL, &q, NULL, NULL, NULL), 0);
        ck_assert_msg(fabs(q / exact - 1.0) < 1e-3, "method %d: q = %.9g, exact %.9g", methods[k], q, exact);
        alecable_integrator_destroy(it);
    }
}
END_TEST

/* A refusal keeps the problem's history too, bit for bit: a Kirchhoff
 * cantilever (roll frames in its history) under gravity, HHT, a watch_error
 * no step can meet (it trips at the second step, the first with the
 * three-sample estimate: set_state's v counts as one): the history in force
 * after the refusal is that of the last accepted step, and undo still steps
 * back from it. */
START_TEST(refusal_keeps_the_history)
{
    alecable_model *m;
    alecable_cable *c;
    alecable_section sec;
    alecable_beam_params bp;
    alecable_clamp_params cp;
    alecable_node *n0;
    alecable_problem p;
    alecable_integrator *it;
    alecable_dynamic_options o;
    const double a[3] = {0, 0, 0}, b[3] = {1, 0, 0}, g[3] = {0, -9.81, 0};
    double *h0, *h1, t;
    int st, n = 0;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    ck_assert_int_eq(alecable_model_set_gravity(m, g), 0);
    alecable_section_init(&sec);
    sec.E = 1e9;
    sec.A = 1e-4;
    sec.I = 1e-9;
    sec.rho = 1000.0;
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_KIRCHHOFF, &sec), 0);
    ck_assert_int_eq(alecable_cable_line(c, a, b, 0.0, 1.0, 6), 0);
    alecable_beam_params_init(&bp);
    bp.GJ = 0.7;
    ck_assert_int_eq(alecable_cable_set_beam(c, &bp), 0);
    ck_assert_int_eq(alecable_cable_set_lagrangian(c, 1), 0);
    ck_assert_int_eq(alecable_cable_node(&n0, c, 0), 0);
    alecable_clamp_params_init(&cp);
    ck_assert_int_eq(alecable_clamp(NULL, m, n0, &cp), 0);
    alecable_dynamic_options_init(&o);
    o.watch_error = 1e-30;
    ck_assert_int_eq(alecable_model_integrator(&it, m, &o), 0);
    ck_assert_int_eq(alecable_model_problem(&p, m), 0);
    ck_assert_int_gt(p.nhist, 0);
    h0 = calloc((size_t)p.nhist, sizeof *h0);
    h1 = calloc((size_t)p.nhist, sizeof *h1);
    ck_assert(h0 && h1);
    for (;;) {
        ck_assert_int_eq(p.history_get(p.ctx, h0), 0);
        ck_assert_int_eq(alecable_integrator_get_state(it, &t, NULL, NULL, NULL, NULL), 0);
        if ((st = alecable_integrator_step(it, 1e-3)) != ALECABLE_OK) break;
        ck_assert_int_lt(++n, 10);
    }
    ck_assert_int_eq(st, ALECABLE_DIVERGING);
    /* the implicit estimate speaks from the third step: three samples of
     * steps of similar size (set_state's counts as one) */
    ck_assert_int_eq(n, 2);
    ck_assert_int_eq(p.history_get(p.ctx, h1), 0);
    ck_assert(memcmp(h0, h1, (size_t)p.nhist * sizeof *h0) == 0);
    ck_assert_int_eq(alecable_integrator_undo(it), 0);
    free(h0);
    free(h1);
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
}
END_TEST

/* The watch's kinetic energy of a model of ANCF cables comes from the
 * elements' kinetic() in one pass (lib/core), a host's problem's from
 * v . inertia(q, a = v) / 2.  A rigid rotation about the pin of the straight
 * Lagrangian pendulum has T = rho A w^2 L^3 / 6 (the cubic interpolation
 * holds it exactly); a host that wraps the model's inertia takes the other
 * path: the same steps to the bit (the watch only reads), and the same
 * energy balance to rounding. */
static int wrapped_inertia(void *ctx, double t, const double *q, const double *v, const double *a, double *r)
{
    return inner.inertia(ctx, t, q, v, a, r);
}

static int wrapped_energy(void *ctx, double t, const double *q, double *w_int, double *w_ext)
{
    return inner.energy(ctx, t, q, w_int, w_ext);
}

static void watch_paths_agree(alecable_model *m, int method, const double *v0)
{
    alecable_integrator *a, *b, *c;
    alecable_dynamic_options o;
    alecable_step_stats sa, sb, sc;
    alecable_problem p, pe;
    double *q, *v, *qa, *va, *qb, *vb, ta, tb;
    int k, nq, nlam;
    ck_assert_int_eq(alecable_model_finalize(m), 0);
    ck_assert_int_eq(alecable_model_sizes(m, &nq, &nlam), 0);
    q = calloc((size_t)nq, sizeof *q);
    v = calloc((size_t)nq, sizeof *v);
    qa = calloc((size_t)nq, sizeof *qa);
    va = calloc((size_t)nq, sizeof *va);
    qb = calloc((size_t)nq, sizeof *qb);
    vb = calloc((size_t)nq, sizeof *vb);
    ck_assert(q && v && qa && va && qb && vb);
    ck_assert_int_eq(alecable_model_get_state(m, q, NULL, NULL), 0);
    if (v0) memcpy(v, v0, (size_t)nq * sizeof *v);
    alecable_dynamic_options_init(&o);
    o.method = method;
    ck_assert_int_eq(alecable_model_integrator(&a, m, &o), 0);
    ck_assert_int_eq(alecable_model_problem(&inner, m), 0);
    p = inner;
    p.inertia = wrapped_inertia;
    ck_assert_int_eq(alecable_integrator_create(&b, &p, &o, NULL), 0);
    /* the energy callback wrapped alone: the kinetic pass without the energies */
    pe = inner;
    pe.energy = wrapped_energy;
    ck_assert(inner.energy != NULL);
    ck_assert_int_eq(alecable_integrator_create(&c, &pe, &o, NULL), 0);
    ck_assert_int_eq(alecable_integrator_set_state(a, 0.0, q, v, NULL, NULL), 0);
    ck_assert_int_eq(alecable_integrator_set_state(b, 0.0, q, v, NULL, NULL), 0);
    ck_assert_int_eq(alecable_integrator_set_state(c, 0.0, q, v, NULL, NULL), 0);
    for (k = 0; k < 200; k++) {
        ck_assert_int_eq(alecable_integrator_step(a, 1e-3), 0);
        ck_assert_int_eq(alecable_integrator_step(b, 1e-3), 0);
        ck_assert_int_eq(alecable_integrator_step(c, 1e-3), 0);
    }
    ck_assert_int_eq(alecable_integrator_get_state(a, &ta, qa, va, NULL, NULL), 0);
    ck_assert_int_eq(alecable_integrator_get_state(b, &tb, qb, vb, NULL, NULL), 0);
    ck_assert(ta == tb);
    ck_assert(memcmp(qa, qb, (size_t)nq * sizeof *qa) == 0);
    ck_assert(memcmp(va, vb, (size_t)nq * sizeof *va) == 0);
    alecable_step_stats_init(&sa);
    alecable_step_stats_init(&sb);
    ck_assert_int_eq(alecable_integrator_stats(a, &sa), 0);
    ck_assert_int_eq(alecable_integrator_stats(b, &sb), 0);
    /* the balance moves energy of order sa.energy_exchanged; T differs by roundoff */
    ck_assert_double_gt(sa.energy_exchanged, 0.0);
    ck_assert_double_le(fabs(sa.energy_exchanged - sb.energy_exchanged), 1e-12 * sa.energy_exchanged);
    ck_assert_double_le(fabs(sa.energy_created - sb.energy_created), 1e-12 * sa.energy_exchanged);
    /* the model's pass gives the energy callback's values to the bit */
    alecable_step_stats_init(&sc);
    ck_assert_int_eq(alecable_integrator_stats(c, &sc), 0);
    ck_assert(sa.energy_created == sc.energy_created && sa.energy_exchanged == sc.energy_exchanged);
    ck_assert_int_eq(alecable_integrator_get_state(c, &tb, qb, vb, NULL, NULL), 0);
    ck_assert(memcmp(qa, qb, (size_t)nq * sizeof *qa) == 0);
    alecable_integrator_destroy(a);
    alecable_integrator_destroy(b);
    alecable_integrator_destroy(c);
    free(q);
    free(v);
    free(qa);
    free(va);
    free(qb);
    free(vb);
}

START_TEST(watch_kinetic_energy_of_a_model)
{
    const double w = 2.0, rhoA = 5000.0 * M_PI * 0.25 * 1e-4;
    double a[3] = {0, 0, 0}, b[3] = {1, 0, 0}, g[3] = {0, -9.81, 0};
    alecable_node *n;
    alecable_model *m = pendulum(10, &n);
    alecable_cable *c;
    alecable_section sec;
    alecable_integrator *it;
    alecable_dynamic_options o;
    double *q, *v, T;
    int k, nq, nlam;
    /* ALE cable, s held by fixes */
    watch_paths_agree(m, ALECABLE_METHOD_SI_HHT, NULL);
    watch_paths_agree(m, ALECABLE_METHOD_HHT, NULL);
    alecable_model_destroy(m);
    /* Lagrangian: q holds each node's position and slope, triples */
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    alecable_section_init(&sec);
    sec.E = 1e8;
    sec.A = M_PI * 0.25 * 1e-4;
    sec.rho = 5000.0;
    sec.I = 1e-8;
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_ANCF, &sec), 0);
    ck_assert_int_eq(alecable_cable_line(c, a, b, 0, 1, 10), 0);
    ck_assert_int_eq(alecable_cable_set_lagrangian(c, 1), 0);
    ck_assert_int_eq(alecable_cable_node(&n, c, 0), 0);
    ck_assert_int_eq(alecable_fix(NULL, m, n, ALECABLE_DOF_X), 0);
    ck_assert_int_eq(alecable_fix(NULL, m, n, ALECABLE_DOF_Y), 0);
    ck_assert_int_eq(alecable_fix(NULL, m, n, ALECABLE_DOF_Z), 0);
    ck_assert_int_eq(alecable_model_set_gravity(m, g), 0);
    ck_assert_int_eq(alecable_model_finalize(m), 0);
    ck_assert_int_eq(alecable_model_sizes(m, &nq, &nlam), 0);
    ck_assert_int_eq(nq, 6 * 11);
    q = calloc((size_t)nq, sizeof *q);
    v = calloc((size_t)nq, sizeof *v);
    ck_assert(q && v);
    ck_assert_int_eq(alecable_model_get_state(m, q, NULL, NULL), 0);
    for (k = 0; k < nq; k += 3) { /* v = w e_z x r, r' likewise */
        v[k] = -w * q[k + 1];
        v[k + 1] = w * q[k];
    }
    alecable_dynamic_options_init(&o);
    ck_assert_int_eq(alecable_model_integrator(&it, m, &o), 0);
    ck_assert_int_eq(alecable_integrator_set_state(it, 0.0, q, v, NULL, NULL), 0);
    ck_assert_int_eq(alecable_model_pull_state(m, it), 0);
    ck_assert_int_eq(alecable_model_kinetic_energy(m, &T), 0);
    ck_assert_double_le(fabs(T - rhoA * w * w / 6.0), 1e-13 * T);
    alecable_integrator_destroy(it);
    watch_paths_agree(m, ALECABLE_METHOD_SI_HHT, v);
    watch_paths_agree(m, ALECABLE_METHOD_NEWMARK, v);
    free(q);
    free(v);
    alecable_model_destroy(m);
}
END_TEST

/* The watch's kinetic energy of an element at fixed s (ANCF's bilinear form
 * of the mass matrix): the baseline and AVX2 copies give the same bits, and
 * 1/2 v . M v from the element's inertia (a = v, at rest) to 1e-14. */
START_TEST(element_kinetic_energy_in_both_copies)
{
#if AC_HAVE_ISA_V3
    unsigned seed = 2711u;
    int trial, k;
    if (!ac_isa_v3_available()) return;
    for (trial = 0; trial < 40; trial++) {
        const el_ops *o[2] = {&el_ancf_ops, &el_ancf_ops_v3};
        double qe[14], ve[14], zero[14] = {0}, r[14], T[2], mv = 0.0;
        el_params p;
        memset(&p, 0, sizeof p);
        p.rhoA = 0.3;
        p.fixed_s = trial % 2;
        for (k = 0; k < 14; k++) {
            seed = seed * 1103515245u + 12345u;
            qe[k] = (double)((seed >> 8) % 2000001u) / 1e6 - 1.0;
            seed = seed * 1103515245u + 12345u;
            ve[k] = (double)((seed >> 8) % 2000001u) / 1e6 - 1.0;
        }
        qe[6] = 0.0;
        qe[13] = 0.05 + 0.1 * fabs(qe[13]); /* l in [0.05, 0.15] */
        ve[6] = ve[13] = 0.0;
        T[0] = o[0]->kinetic(&p, qe, ve);
        T[1] = o[1]->kinetic(&p, qe, ve);
        ck_assert_msg(memcmp(&T[0], &T[1], sizeof T[0]) == 0, "trial %d: %.17g != %.17g", trial, T[0], T[1]);
        o[0]->inertia(&p, qe, zero, ve, r);
        for (k = 0; k < 14; k++) mv += ve[k] * r[k];
        ck_assert_double_gt(T[0], 0.0);
        ck_assert_double_le(fabs(T[0] - 0.5 * mv), 1e-14 * T[0]);
    }
#endif
}
END_TEST

/* The watch's and the finiteness tests' infinity norm (pairs in SSE2 where
 * it is built so; dyn_norm: fours in the AVX2 copy that it->v3 chooses):
 * max |x_i| exactly, and a NaN anywhere returned as the first NaN, against
 * the plain loop; lengths 0-17 (the four-wide loop and every tail),
 * infinities, signed zeros, sums that overflow. */
START_TEST(norm_inf_matches_the_plain_loop)
{
    const double special[7] = {-0.0, 0.0, INFINITY, -INFINITY, NAN, -NAN, DBL_MAX};
    static alecable_integrator it; /* dyn_norm reads only v3 */
    unsigned seed = 977u;
    double x[17], ref, got[3];
    int trial, n, k, i, c;
    for (trial = 0; trial < 8000; trial++) {
        n = trial % 18;
        for (k = 0; k < n; k++) {
            seed = seed * 1103515245u + 12345u;
            x[k] = ((double)((seed >> 8) % 2000001u) / 1e6 - 1.0) * 1e3;
            if ((seed >> 4) % 7 == 0) x[k] = special[(seed >> 12) % 7];
        }
        ref = 0.0;
        for (i = 0; i < n; i++) {
            if (x[i] != x[i]) {
                ref = x[i];
                break;
            }
            if (fabs(x[i]) > ref) ref = fabs(x[i]);
        }
        got[0] = dyn_norm_inf(x, n);
        it.v3 = 0;
        got[1] = dyn_norm(&it, x, n);
        it.v3 = ac_isa_v3_available();
        got[2] = dyn_norm(&it, x, n);
        for (c = 0; c < 3; c++)
            ck_assert_msg(memcmp(&got[c], &ref, sizeof ref) == 0, "trial %d n %d copy %d: %g != %g", trial, n, c,
                          got[c], ref);
    }
}
END_TEST


/* ---- the fused callbacks of a model's problem (alecable_problem.
 * residual_with_scale and kinetic_energy, since 0.3) ---- */

/* a host's wrapper of a model's problem: a copy of the struct with its own
 * ctx and every callback the integrators call with ctx wrapped, the fused
 * members left as the model set them (a host written before them) */
typedef struct fused_wrap {
    alecable_problem in;
    long residual_calls, inertia_calls, energy_calls, scale_calls;
} fused_wrap;

static int fw_residual(void *ctx, double t, const double *q, const double *v, const double *a, const double *lam,
                       double *r)
{
    fused_wrap *w = (fused_wrap *)ctx;
    w->residual_calls++;
    return w->in.residual(w->in.ctx, t, q, v, a, lam, r);
}

static int fw_jacobian(void *ctx, double t, const double *q, const double *v, const double *a, const double *lam,
                       double cq, double cv, double ca, int flags, double *values)
{
    fused_wrap *w = (fused_wrap *)ctx;
    return w->in.jacobian(w->in.ctx, t, q, v, a, lam, cq, cv, ca, flags, values);
}

static int fw_scale(void *ctx, double t, const double *q, const double *v, const double *a, const double *lam,
                    double *scale)
{
    fused_wrap *w = (fused_wrap *)ctx;
    w->scale_calls++;
    return w->in.residual_scale(w->in.ctx, t, q, v, a, lam, scale);
}

static int fw_inertia(void *ctx, double t, const double *q, const double *v, const double *a, double *r)
{
    fused_wrap *w = (fused_wrap *)ctx;
    w->inertia_calls++;
    return w->in.inertia(w->in.ctx, t, q, v, a, r);
}

static int fw_energy(void *ctx, double t, const double *q, double *w_int, double *w_ext)
{
    fused_wrap *w = (fused_wrap *)ctx;
    w->energy_calls++;
    return w->in.energy(w->in.ctx, t, q, w_int, w_ext);
}

static int fw_rates(void *ctx, double t, const double *q, const double *v, double *gdot, double *gamma)
{
    fused_wrap *w = (fused_wrap *)ctx;
    return w->in.constraint_rates(w->in.ctx, t, q, v, gdot, gamma);
}

static int fw_step_limit(void *ctx, const double *q, const double *dq, double *a_max)
{
    fused_wrap *w = (fused_wrap *)ctx;
    return w->in.step_limit(w->in.ctx, q, dq, a_max);
}

/* steps of 1e-3 s of p by method from the model's state at rest; the
 * final state into t, q, v, a, lam and the statistics into st */
static void fused_run(const alecable_problem *p, alecable_model *m, int method, int steps, double *t, double *q,
                      double *v, double *a, double *lam, alecable_step_stats *st)
{
    alecable_integrator *it;
    alecable_dynamic_options o;
    int k;
    alecable_dynamic_options_init(&o);
    o.method = method;
    ck_assert_int_eq(alecable_model_get_state(m, q, NULL, NULL), 0);
    memset(v, 0, (size_t)p->nq * sizeof *v);
    ck_assert_int_eq(alecable_integrator_create(&it, p, &o, NULL), 0);
    ck_assert_int_eq(alecable_integrator_set_state(it, 0.0, q, v, NULL, NULL), 0);
    for (k = 0; k < steps; k++) ck_assert_int_eq(alecable_integrator_step(it, 1e-3), 0);
    ck_assert_int_eq(alecable_integrator_get_state(it, t, q, v, a, lam), 0);
    alecable_step_stats_init(st);
    ck_assert_int_eq(alecable_integrator_stats(it, st), 0);
    alecable_integrator_destroy(it);
}

/* The model's problem sets both fused callbacks on a pendulum of ANCF
 * elements: the same trajectory to the bit as a copy with them NULL (the
 * integrators' other path: residual and residual_scale, inertia and energy
 * called apart), by an implicit and a semi-implicit method; at the final
 * state residual_with_scale gives the two callbacks' values to the bit and
 * kinetic_energy T to the header's rounding bound against
 * v . inertia(q, a = v) / 2 and the energy callback's values to the bit.
 * A host's wrapper (its own ctx, the fused members the model's) gets its
 * callbacks called, every residual the integrator counts through its own.
 * A cable of Kirchhoff elements: T from its elements too (its inertia is
 * the curve's), within the bound. */
START_TEST(model_fused_callbacks_agree)
{
    const int methods[2] = {ALECABLE_METHOD_HHT, ALECABLE_METHOD_SI_HHT};
    alecable_node *tip;
    alecable_model *m = pendulum(10, &tip);
    alecable_problem p, p0, pw, pr;
    alecable_step_stats st[2];
    fused_wrap w;
    double *q[2], *v[2], *a[2], *lam[2], *r[2], *sc[2], *mv, t[2], T, T_ref = 0.0, T_abs = 0.0, wi[2], we[2];
    int nq, nlam, n, k, f, i, ss;
    alecable_cable *c;
    alecable_section sec;
    ck_assert_int_eq(alecable_model_set_load_ramp(m, 0), 0); /* as alecable_model_integrator() */
    ck_assert_int_eq(alecable_model_problem(&p, m), 0);
    ck_assert(p.residual_with_scale != NULL && p.kinetic_energy != NULL && p.energy != NULL);
    p0 = p;
    p0.residual_with_scale = NULL;
    p0.kinetic_energy = NULL;
    nq = p.nq;
    nlam = p.nlam;
    n = nq + nlam;
    for (f = 0; f < 2; f++) {
        q[f] = calloc((size_t)nq, sizeof *q[f]);
        v[f] = calloc((size_t)nq, sizeof *v[f]);
        a[f] = calloc((size_t)nq, sizeof *a[f]);
        lam[f] = calloc((size_t)nlam + 1, sizeof *lam[f]);
        r[f] = calloc((size_t)n, sizeof *r[f]);
        sc[f] = calloc((size_t)n, sizeof *sc[f]);
        ck_assert(q[f] && v[f] && a[f] && lam[f] && r[f] && sc[f]);
    }
    mv = calloc((size_t)nq, sizeof *mv);
    ck_assert(mv);
    for (k = 0; k < 2; k++) {
        fused_run(&p0, m, methods[k], 300, &t[0], q[0], v[0], a[0], lam[0], &st[0]);
        fused_run(&p, m, methods[k], 300, &t[1], q[1], v[1], a[1], lam[1], &st[1]);
        ck_assert(t[0] == t[1]);
        ck_assert(memcmp(q[0], q[1], (size_t)nq * sizeof *q[0]) == 0);
        ck_assert(memcmp(v[0], v[1], (size_t)nq * sizeof *v[0]) == 0);
        ck_assert(memcmp(lam[0], lam[1], (size_t)nlam * sizeof *lam[0]) == 0);
        ck_assert_int_eq((int)st[0].residual_evals, (int)st[1].residual_evals);
        ck_assert_double_gt(st[0].energy_exchanged, 0.0); /* the balance ran; its T differs by rounding */
        ck_assert_double_le(fabs(st[0].energy_created - st[1].energy_created), 1e-12 * st[0].energy_exchanged);
    }
    /* at the swinging pendulum's final state (v, a and lambda not zero) */
    ck_assert_int_eq(p.residual(p.ctx, t[1], q[1], v[1], a[1], lam[1], r[0]), 0);
    ck_assert_int_eq(p.residual_scale(p.ctx, t[1], q[1], v[1], a[1], lam[1], sc[0]), 0);
    ck_assert_int_eq(p.residual_with_scale(&p, t[1], q[1], v[1], a[1], lam[1], r[1], sc[1], &ss), 0);
    ck_assert_int_eq(ss, 0);
    ck_assert(memcmp(r[0], r[1], (size_t)n * sizeof *r[0]) == 0);
    ck_assert(memcmp(sc[0], sc[1], (size_t)n * sizeof *sc[0]) == 0);
    ck_assert_int_eq(p.inertia(p.ctx, t[1], q[1], v[1], v[1], mv), 0);
    for (i = 0; i < nq; i++) {
        T_ref += v[1][i] * mv[i];
        T_abs += fabs(v[1][i] * mv[i]);
    }
    T_ref *= 0.5;
    T_abs *= 0.5;
    ck_assert_double_gt(T_ref, 1e-3); /* 1 m of 0.39 kg/m swinging at about 1 m/s */
    ck_assert_int_eq(p.kinetic_energy(&p, t[1], q[1], v[1], r[0], &T, NULL, NULL), 0);
    ck_assert_msg(fabs(T - T_ref) <= (nq + 1000) * DBL_EPSILON * T_abs, "T %.17g, v.Mv/2 %.17g", T, T_ref);
    ck_assert_int_eq(p.energy(p.ctx, t[1], q[1], &wi[0], &we[0]), 0);
    ck_assert_int_eq(p.kinetic_energy(&p, t[1], q[1], v[1], r[0], &T, &wi[1], &we[1]), 0);
    ck_assert(wi[0] == wi[1] && we[0] == we[1]);
    ck_assert_double_le(fabs(T - T_ref), (nq + 1000) * DBL_EPSILON * T_abs);
    /* a host's wrapper: its callbacks called, the same steps to the bit as
     * the model's problem without the combined residual and Jacobian (which
     * the wrapper does not wrap) */
    memset(&w, 0, sizeof w);
    w.in = p;
    ck_assert(p.update == NULL && p.nhist == 0 && p.reaction_power == NULL);
    pw = p;
    pw.ctx = &w;
    pw.residual = fw_residual;
    pw.jacobian = fw_jacobian;
    pw.residual_scale = fw_scale;
    pw.inertia = fw_inertia;
    pw.energy = fw_energy;
    pw.constraint_rates = fw_rates;
    pw.step_limit = fw_step_limit;
    pw.residual_jacobian = NULL;
    pr = p;
    pr.residual_jacobian = NULL;
    fused_run(&pr, m, ALECABLE_METHOD_HHT, 100, &t[0], q[0], v[0], a[0], lam[0], &st[0]);
    fused_run(&pw, m, ALECABLE_METHOD_HHT, 100, &t[1], q[1], v[1], a[1], lam[1], &st[1]);
    ck_assert(t[0] == t[1]);
    ck_assert(memcmp(q[0], q[1], (size_t)nq * sizeof *q[0]) == 0);
    ck_assert(memcmp(v[0], v[1], (size_t)nq * sizeof *v[0]) == 0);
    ck_assert_int_eq((int)w.residual_calls, (int)st[1].residual_evals);
    ck_assert_int_ge((int)w.scale_calls, 100); /* every step's first iterate */
    ck_assert_int_ge((int)w.inertia_calls, 100); /* every step's watch */
    ck_assert_int_ge((int)w.energy_calls, 100);
    for (f = 0; f < 2; f++) {
        free(q[f]);
        free(v[f]);
        free(a[f]);
        free(lam[f]);
        free(r[f]);
        free(sc[f]);
    }
    free(mv);
    alecable_model_destroy(m);
    /* Kirchhoff elements */
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    alecable_section_init(&sec);
    sec.E = 1e8;
    sec.A = 1e-4;
    sec.rho = 5000.0;
    sec.I = 1e-8;
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_KIRCHHOFF, &sec), 0);
    {
        double xa[3] = {0, 0, 0}, xb[3] = {1, 0, 0};
        alecable_beam_params bp;
        ck_assert_int_eq(alecable_cable_line(c, xa, xb, 0, 1, 4), 0);
        alecable_beam_params_init(&bp);
        bp.GJ = 1.0;
        ck_assert_int_eq(alecable_cable_set_beam(c, &bp), 0);
        ck_assert_int_eq(alecable_cable_set_lagrangian(c, 1), 0);
        ck_assert_int_eq(alecable_cable_node(&tip, c, 0), 0);
        ck_assert_int_eq(alecable_fix(NULL, m, tip, ALECABLE_DOF_ROLL), 0);
    }
    ck_assert_msg(alecable_model_problem(&p, m) == 0, "%s", alecable_model_errmsg(m));
    ck_assert(p.residual_with_scale != NULL && p.kinetic_energy != NULL);
    {
        /* its inertia is the curve's (ANCF's on r, r'; none on the roll):
         * T from the elements within the bound of v . M v / 2 at a random
         * velocity of a bent, stretched state */
        unsigned seed = 977u;
        double *qk, *vk, *mk, *wk, Tk, Tr = 0.0, Ta = 0.0;
        int nk;
        nk = p.nq;
        qk = calloc((size_t)(nk + p.nlam), sizeof *qk);
        vk = calloc((size_t)nk, sizeof *vk);
        mk = calloc((size_t)nk, sizeof *mk);
        wk = calloc((size_t)nk, sizeof *wk);
        ck_assert(qk && vk && mk && wk);
        ck_assert_int_eq(alecable_model_get_state(m, qk, qk + nk, NULL), 0);
        for (i = 0; i < nk; i++) {
            seed = seed * 1103515245u + 12345u;
            vk[i] = (double)(seed >> 8) / 16777216.0 - 0.5;
            qk[i] += 0.01 * vk[i];
        }
        ck_assert_int_eq(p.inertia(p.ctx, 0.0, qk, vk, vk, mk), 0);
        for (i = 0; i < nk; i++) {
            Tr += vk[i] * mk[i];
            Ta += fabs(vk[i] * mk[i]);
        }
        Tr *= 0.5;
        Ta *= 0.5;
        ck_assert_double_gt(Tr, 0.0);
        ck_assert_int_eq(p.kinetic_energy(&p, 0.0, qk, vk, wk, &Tk, NULL, NULL), 0);
        ck_assert_msg(fabs(Tk - Tr) <= (nk + 1000) * DBL_EPSILON * Ta, "T %.17g, v.Mv/2 %.17g", Tk, Tr);
        free(qk);
        free(vk);
        free(mk);
        free(wk);
    }
    alecable_model_destroy(m);
}
END_TEST

Suite *suite_divergence(void)
{
    Suite *s = suite_create("divergence");
    TCase *tc = tcase_create("watch and stop test");
    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, long_pendulum_semi_implicit_diverges);
    tcase_add_test(tc, watch_can_be_switched_off);
    tcase_add_test(tc, winch_pendulum_default_is_right);
    tcase_add_test(tc, absurd_load_is_refused);
    tcase_add_test(tc, each_indicator_names_itself);
    tcase_add_test(tc, stop_test_reports_its_scale);
    tcase_add_test(tc, adaptive_cuts_h_before_refusing);
    tcase_add_test(tc, drift_names_itself);
    tcase_add_test(tc, dynamics_from_a_slipping_equilibrium);
    tcase_add_test(tc, campaign_ok_means_right);
    tcase_add_test(tc, a_start_without_forces_is_not_diverging);
    tcase_add_test(tc, refusal_keeps_the_history);
    tcase_add_test(tc, watch_kinetic_energy_of_a_model);
    tcase_add_test(tc, element_kinetic_energy_in_both_copies);
    tcase_add_test(tc, norm_inf_matches_the_plain_loop);
    suite_add_tcase(s, tc);
    tc = tcase_create("fused callbacks");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, model_fused_callbacks_agree);
    suite_add_tcase(s, tc);
    return s;
}
