/* One clock from statics to dynamics (issue 20 item 6): a static pre-solve
 * at the model's time t0 with full loads, then dynamics from t0, must
 * neither advance nor jerk a prescribed motion, a motion callback or a
 * driven body.
 *
 * The rig: a winch W at the origin (x, y, z held) pays a rope out, its
 * material coordinate prescribed (s_W(t) = s_0 + delta t, delta < 0: rope
 * leaves the drum), to a hook P that carries a body of mass M (only its
 * height free) L below; one axial element, rope of EA = 1e6 N and 0.1 kg/m.
 * In statics the element's (mean) tension is M g and half the rope's weight.
 *
 * What is checked, and why it can fail:
 *  - after the pre-solve the winch stands at the motion's value at t0
 *    (exact: a linear constraint, Newton drives it to round-off; 1e-12 m);
 *    0.2 evaluated it at the load factor 1 (delta = -0.2 m/s there: 0.2 m
 *    paid out at t0 = 0, 0.4 m short at t0 = 2);
 *  - the integrator starts at t0, and its state there (pulled before a
 *    step) is the static one: the same tension and a winch multiplier
 *    (from the consistent accelerations) equal to the static one to 1e-6
 *    relative: the equilibrium with the motion's acceleration zero has
 *    a = 0, so the multipliers agree to the Newton tolerance (~1e-10);
 *  - after the first step the winch stands at the motion's value at
 *    t0 + h (1e-12 m), and the tension moved by what one step of the
 *    motion does: a smooth start (rate and acceleration 0 at t0: a cubic
 *    c (t - t0)^3, c = 0.1 m/s^3, which stands elsewhere at t = 1) pays
 *    c h^3 = 1e-10 m in h = 1e-3 s, a tension change ~ EA/L c h^3 =
 *    1e-4 N, checked at 1e-6 of M g = 9.9e-4 N; a constant rate starting
 *    at t0 (alecable_prescribe) is a velocity step the rope takes as an
 *    impulse growing with the step, EA |delta| h / L: a first step of
 *    1e-9 s moves the tension by ~2e-4 N, checked at 1e-6 of M g too, and
 *    a whole step after it by at most 2 EA |delta| h / L = 400 N (0.2's
 *    reel-back of 0.2 m gave 5.2e5 N);
 *  - a body driven by the host (alecable_body_prescribe), the winch's
 *    drum lifted by the same cubic: its height after
 *    the pre-solve and after the first step, as for the winch. */
#include "suites.h"

#include <alecable.h>
#include <math.h>
#include <stddef.h>
#include <string.h>

enum { RIG_PRESCRIBE = 0, RIG_CALLBACK = 1, RIG_DRIVEN = 2 };

#define L_ROPE 1.0
#define MASS 100.8
#define G 9.81
#define EA 1e6
#define DELTA (-0.2) /* m/s: the winch's rate (alecable_prescribe) */
#define CUBIC 0.1    /* m/s^3: the smooth start of the callbacks */
#define H 1e-3
#define H_SHORT 1e-9 /* s: the constant-rate winch's first step */

typedef struct rig {
    alecable_model *m;
    alecable_node *W, *P;
    alecable_element *el;
    alecable_constraint *winch; /* the winch's constraint (prescribe, callback) */
    alecable_body *drum, *load;
    double t0;                  /* where the callbacks' smooth start is */
} rig;

/* paid out by the callback: c (t - t0)^3, s_W = -paid (at rest at t0, and
 * elsewhere before it: 0.2's statics at the load factor 1 would find the
 * winch at +c (t0 - 1)^3) */
static int cubic_winch(void *user, double t, double *value, double *rate, double *accel)
{
    const rig *r = (const rig *)user;
    double d = t - r->t0;
    *value = -CUBIC * d * d * d;
    *rate = -3.0 * CUBIC * d * d;
    *accel = -6.0 * CUBIC * d;
    return 0;
}

/* the drum's frame: lifted by c (t - t0)^3, not turning */
static int lifted_drum(void *user, double t, double x[3], double R[9], double v[3], double w[3], double a[3],
                       double al[3])
{
    const rig *r = (const rig *)user;
    double d = t - r->t0;
    memset(R, 0, 9 * sizeof *R);
    R[0] = R[4] = R[8] = 1.0;
    x[0] = x[2] = v[0] = v[2] = a[0] = a[2] = 0.0;
    x[1] = CUBIC * d * d * d;
    v[1] = 3.0 * CUBIC * d * d;
    a[1] = 6.0 * CUBIC * d;
    w[0] = w[1] = w[2] = al[0] = al[1] = al[2] = 0.0;
    return 0;
}

static void build(rig *r, int kind, double t0)
{
    alecable_section sec;
    alecable_cable *c;
    alecable_body_params bp;
    alecable_node *bn;
    double g[3] = {0, -G, 0}, xw[3] = {0, 0, 0}, xp[3] = {0, -L_ROPE, 0}, zero[3] = {0, 0, 0};
    int k;
    memset(r, 0, sizeof *r);
    r->t0 = t0;
    ck_assert_int_eq(alecable_model_create(&r->m, NULL), 0);
    ck_assert_int_eq(alecable_model_set_gravity(r->m, g), 0);
    alecable_section_init(&sec);
    sec.A = 1e-4;
    sec.E = EA / sec.A;
    sec.rho = 1000.0; /* 0.1 kg/m */
    ck_assert_int_eq(alecable_cable_create(&c, r->m, ALECABLE_ELEMENT_AXIAL, &sec), 0);
    ck_assert_int_eq(alecable_cable_add_node(&r->W, c, xw, 0.0), 0);
    ck_assert_int_eq(alecable_cable_add_node(&r->P, c, xp, L_ROPE), 0);
    ck_assert_int_eq(alecable_cable_element(&r->el, c, 0), 0);
    if (kind == RIG_DRIVEN) { /* W on a drum the host lifts; no flow at W */
        alecable_body_params_init(&bp);
        ck_assert_int_eq(alecable_body_create(&r->drum, r->m, &bp), 0);
        ck_assert_int_eq(alecable_body_prescribe(NULL, r->m, r->drum, lifted_drum, r), 0);
        ck_assert_int_eq(alecable_attach(NULL, r->m, r->W, r->drum, zero, 1), 0);
    } else {
        for (k = 0; k < 3; k++) ck_assert_int_eq(alecable_fix(NULL, r->m, r->W, k), 0);
        if (kind == RIG_PRESCRIBE)
            ck_assert_int_eq(alecable_prescribe(&r->winch, r->m, r->W, ALECABLE_DOF_S, DELTA), 0);
        else
            ck_assert_int_eq(alecable_prescribe_motion(&r->winch, r->m, r->W, ALECABLE_DOF_S, cubic_winch, r), 0);
    }
    alecable_body_params_init(&bp);
    bp.position[1] = -L_ROPE;
    bp.mass = MASS;
    bp.inertia[0] = bp.inertia[4] = bp.inertia[8] = 1.0;
    ck_assert_int_eq(alecable_body_create(&r->load, r->m, &bp), 0);
    ck_assert_int_eq(alecable_attach(NULL, r->m, r->P, r->load, zero, 1), 0);
    ck_assert_int_eq(alecable_body_node(&bn, r->load), 0);
    ck_assert_int_eq(alecable_fix(NULL, r->m, bn, ALECABLE_DOF_X), 0);
    ck_assert_int_eq(alecable_fix(NULL, r->m, bn, ALECABLE_DOF_Z), 0);
    ck_assert_int_eq(alecable_fix(NULL, r->m, bn, ALECABLE_DOF_RX), 0);
    ck_assert_int_eq(alecable_fix(NULL, r->m, bn, ALECABLE_DOF_RY), 0);
    ck_assert_int_eq(alecable_fix(NULL, r->m, bn, ALECABLE_DOF_RZ), 0);
}

/* where the winch (s_W) or the drum (y_W) stands at time t by its motion */
static double motion_at(int kind, double t0, double t)
{
    double d = t - t0;
    if (kind == RIG_PRESCRIBE) return DELTA * t;
    if (kind == RIG_CALLBACK) return -CUBIC * d * d * d;
    return CUBIC * d * d * d;
}

static double where(const rig *r, int kind)
{
    double s, x[3];
    if (kind == RIG_DRIVEN) {
        ck_assert_int_eq(alecable_node_position(r->W, x), 0);
        return x[1];
    }
    ck_assert_int_eq(alecable_node_material(r->W, &s), 0);
    return s;
}

static double tension(const rig *r)
{
    double N;
    ck_assert_int_eq(alecable_element_axial_force(r->el, &N), 0);
    return N;
}

/* the multiplier that carries the rope at the winch: the prescribe's, or
 * the tension itself where the drum carries it */
static double winch_force(const rig *r)
{
    double lam;
    if (!r->winch) return tension(r);
    ck_assert_int_eq(alecable_constraint_multiplier(r->winch, &lam), 0);
    return lam;
}

static void presolve(rig *r, double t0)
{
    alecable_quasistatic_options o;
    double t;
    ck_assert_int_eq(alecable_model_set_time(r->m, t0), 0);
    alecable_quasistatic_options_init(&o);
    o.load_steps = 2;
    ck_assert_msg(alecable_solve_quasistatic(r->m, &o, NULL) == 0, "%s", alecable_model_errmsg(r->m));
    ck_assert_int_eq(alecable_model_time(r->m, &t), 0);
    ck_assert_msg(t == t0, "the solve moved the clock: %.17g", t);
}

/* pre-solve at t0, dynamics from t0: the hand-off */
static void hand_off(int kind, double t0)
{
    rig r;
    alecable_integrator *it;
    alecable_dynamic_options o;
    double N_s, lam_s, N, lam, t, x, x_ref, h1, wg = MASS * G;
    build(&r, kind, t0);
    presolve(&r, t0);
    x = where(&r, kind);
    x_ref = motion_at(kind, t0, t0);
    ck_assert_msg(fabs(x - x_ref) <= 1e-12, "kind %d t0 %g: after statics the winch stands at %.15g, the motion at t0 "
                  "at %.15g", kind, t0, x, x_ref);
    N_s = tension(&r);
    lam_s = winch_force(&r);
    { /* the element's mean tension: M g and half the rope's weight */
        double sw;
        ck_assert_int_eq(alecable_node_material(r.W, &sw), 0);
        wg += 0.5 * 0.1 * G * (L_ROPE - sw);
    }
    ck_assert_msg(fabs(N_s - wg) <= 1e-9 * wg, "static tension %.12g, M g + half the rope's weight = %.12g", N_s, wg);

    alecable_dynamic_options_init(&o);
    o.method = ALECABLE_METHOD_HHT;
    o.h = H;
    ck_assert_msg(alecable_model_integrator(&it, r.m, &o) == 0, "%s", alecable_model_errmsg(r.m));
    ck_assert_int_eq(alecable_integrator_get_state(it, &t, NULL, NULL, NULL, NULL), 0);
    ck_assert_msg(t == t0, "the integrator starts at %.17g, not at the model's time %.17g", t, t0);
    ck_assert_int_eq(alecable_model_pull_state(r.m, it), 0);
    N = tension(&r);
    lam = winch_force(&r);
    ck_assert_msg(fabs(N - N_s) <= 1e-6 * fabs(N_s) && fabs(lam - lam_s) <= 1e-6 * fabs(lam_s),
                  "kind %d: at t0+ tension %.12g (static %.12g), winch multiplier %.12g (static %.12g)", kind, N, N_s,
                  lam, lam_s);

    /* the first step: a constant rate from t0 is a velocity step, so the
     * winch's first step is short (the rope's response grows with it) */
    h1 = kind == RIG_PRESCRIBE ? H_SHORT : H;
    ck_assert_msg(alecable_integrator_step(it, h1) == 0, "%s", alecable_integrator_errmsg(it));
    ck_assert_int_eq(alecable_model_pull_state(r.m, it), 0);
    ck_assert_int_eq(alecable_model_time(r.m, &t), 0);
    ck_assert_msg(fabs(t - (t0 + h1)) <= 1e-15 * (1.0 + t0), "model time after a step %.17g", t);
    x = where(&r, kind);
    x_ref = motion_at(kind, t0, t0 + h1);
    ck_assert_msg(fabs(x - x_ref) <= 1e-12, "kind %d: after the first step the winch stands at %.15g, the motion at "
                  "t0 + h at %.15g", kind, x, x_ref);
    N = tension(&r);
    ck_assert_msg(fabs(N - N_s) <= 1e-6 * N_s, "kind %d: first step: tension %.15g against %.15g in statics", kind, N,
                  N_s);
    if (kind == RIG_PRESCRIBE) { /* then a whole step: the impulse's bound */
        ck_assert_msg(alecable_integrator_step(it, H) == 0, "%s", alecable_integrator_errmsg(it));
        ck_assert_int_eq(alecable_model_pull_state(r.m, it), 0);
        x = where(&r, kind);
        x_ref = motion_at(kind, t0, t0 + h1 + H);
        ck_assert_msg(fabs(x - x_ref) <= 1e-12, "second step: the winch at %.15g, the motion at %.15g", x, x_ref);
        N = tension(&r);
        ck_assert_msg(fabs(N - N_s) <= 2.0 * EA * fabs(DELTA) * (h1 + H) / L_ROPE,
                      "second step: tension %.12g against %.12g in statics", N, N_s);
    }
    alecable_integrator_destroy(it);
    alecable_model_destroy(r.m);
}

START_TEST(prescribe_at_zero) { hand_off(RIG_PRESCRIBE, 0.0); }
END_TEST

START_TEST(prescribe_at_t0) { hand_off(RIG_PRESCRIBE, 2.0); }
END_TEST

START_TEST(callback_at_t0) { hand_off(RIG_CALLBACK, 2.0); }
END_TEST

START_TEST(driven_body_at_t0) { hand_off(RIG_DRIVEN, 2.0); }
END_TEST

/* A quasistatic pull (ALECABLE_CLOCK_LOAD_FACTOR) moves the motion with the
 * load factor and leaves the clock there: dynamics go on from the pulled
 * state without a jerk.  A 0.2 caller's shorter struct gets 0.2's statics
 * (the motion at the load factor) and its clock untouched. */
START_TEST(pull_then_dynamics)
{
    rig r;
    alecable_quasistatic_options o;
    alecable_integrator *it;
    alecable_dynamic_options d;
    double t, x, N_s;
    build(&r, RIG_PRESCRIBE, 0.0);
    alecable_quasistatic_options_init(&o);
    o.clock = ALECABLE_CLOCK_LOAD_FACTOR;
    o.load_steps = 4;
    ck_assert_msg(alecable_solve_quasistatic(r.m, &o, NULL) == 0, "%s", alecable_model_errmsg(r.m));
    ck_assert_int_eq(alecable_model_time(r.m, &t), 0);
    ck_assert(t == 1.0);
    x = where(&r, RIG_PRESCRIBE);
    ck_assert_msg(fabs(x - DELTA) <= 1e-12, "pulled to %.15g", x);
    N_s = tension(&r);
    alecable_dynamic_options_init(&d);
    d.method = ALECABLE_METHOD_HHT;
    d.h = H;
    ck_assert_int_eq(alecable_model_integrator(&it, r.m, &d), 0);
    ck_assert_int_eq(alecable_integrator_step(it, H), 0);
    ck_assert_int_eq(alecable_model_pull_state(r.m, it), 0);
    x = where(&r, RIG_PRESCRIBE);
    ck_assert_msg(fabs(x - DELTA * (1.0 + H)) <= 1e-12, "first step from the pull: %.15g", x);
    ck_assert_msg(fabs(tension(&r) - N_s) <= 2.0 * EA * fabs(DELTA) * H / L_ROPE, "jerk: %.12g against %.12g",
                  tension(&r), N_s);
    alecable_integrator_destroy(it);
    alecable_model_destroy(r.m);

    /* 0.2's struct: the motion at the load factor, the clock at 0 */
    build(&r, RIG_PRESCRIBE, 0.0);
    alecable_quasistatic_options_init(&o);
    o.struct_size = offsetof(alecable_quasistatic_options, ptc_shift) + sizeof o.ptc_shift;
    o.clock = 12345; /* beyond the caller's struct: not read */
    ck_assert_msg(alecable_solve_quasistatic(r.m, &o, NULL) == 0, "%s", alecable_model_errmsg(r.m));
    ck_assert_msg(fabs(where(&r, RIG_PRESCRIBE) - DELTA) <= 1e-12, "0.2 struct: %.15g", where(&r, RIG_PRESCRIBE));
    ck_assert_int_eq(alecable_model_time(r.m, &t), 0);
    ck_assert(t == 0.0);
    alecable_model_destroy(r.m);
}
END_TEST

/* the clock's API: bad input refused with the time unchanged, a bad
 * options.clock refused before anything moves, NULL options = the default */
START_TEST(clock_api)
{
    rig r;
    alecable_quasistatic_options o;
    double t, s;
    ck_assert_int_eq(alecable_model_time(NULL, &t), ALECABLE_ENULL);
    ck_assert_int_eq(alecable_model_set_time(NULL, 1.0), ALECABLE_ENULL);
    build(&r, RIG_PRESCRIBE, 0.0);
    ck_assert_int_eq(alecable_model_time(r.m, NULL), ALECABLE_ENULL);
    ck_assert_int_eq(alecable_model_set_time(r.m, 3.0), 0);
    ck_assert_int_eq(alecable_model_set_time(r.m, NAN), ALECABLE_EINVAL);
    ck_assert_int_eq(alecable_model_set_time(r.m, INFINITY), ALECABLE_EINVAL);
    ck_assert_int_eq(alecable_model_time(r.m, &t), 0);
    ck_assert(t == 3.0);
    alecable_quasistatic_options_init(&o);
    ck_assert_int_eq(o.clock, ALECABLE_CLOCK_HOLD);
    o.clock = 7;
    ck_assert_int_eq(alecable_solve_quasistatic(r.m, &o, NULL), ALECABLE_EINVAL);
    ck_assert_msg(strstr(alecable_model_errmsg(r.m), "options.clock") != NULL, "%s", alecable_model_errmsg(r.m));
    ck_assert_int_eq(alecable_node_material(r.W, &s), 0);
    ck_assert(s == 0.0);
    ck_assert_msg(alecable_solve_quasistatic(r.m, NULL, NULL) == 0, "%s", alecable_model_errmsg(r.m));
    ck_assert_int_eq(alecable_node_material(r.W, &s), 0);
    ck_assert_msg(fabs(s - 3.0 * DELTA) <= 1e-12, "NULL options: s_W = %.15g", s);
    alecable_model_destroy(r.m);
}
END_TEST

Suite *suite_clock(void)
{
    Suite *s = suite_create("clock");
    TCase *tc = tcase_create("hand-off");
    tcase_add_test(tc, prescribe_at_zero);
    tcase_add_test(tc, prescribe_at_t0);
    tcase_add_test(tc, callback_at_t0);
    tcase_add_test(tc, driven_body_at_t0);
    tcase_add_test(tc, pull_then_dynamics);
    tcase_add_test(tc, clock_api);
    suite_add_tcase(s, tc);
    return s;
}
