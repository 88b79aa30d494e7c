/* Strings in statics (lib/core/slack.c): the quasistatic solver refuses a
 * converged state with a compressed element of a cable without bending
 * stiffness, and alecable_cable_lay_slack() starts such a cable slack.
 *
 *  - the mooring line (110 m, EI = 0, anchor on a penalty seabed,
 *    fairlead 90 m away and 28 m up; examples/mooring_line.c's defaults,
 *    100 elements): from the straight start (the chord, compressed) with
 *    500 Newton iterations statics ends on a Z-fold on the bottom (one
 *    element reversed and compressed by H, H some 40 % high), which is now
 *    ALECABLE_EUNSTABLE with the element named, the start kept (OFF: the
 *    fold, UNCHECKED); laid slack from that straight start, it gives the
 *    same H and V as the slack start written out by hand (the example's:
 *    along the bottom to x = a = (L^2 - X^2 - Z^2) / (2 (L - X)), then
 *    straight up) for 1, 10 and 50 load steps: checked at 1e-9 relative
 *    (the same discrete equilibrium; measured 2.2e-16);
 *  - a fold made on purpose in two elements on a penalty seabed: refused;
 *    the same held in its line by fixes (a bar): OK;
 *  - the laid shape against closed forms: the slack start's node positions
 *    (1e-9 m), a V between two ends at one height without a plane (its
 *    vertex sqrt(L^2 - d^2) / 2 below the chord, 1e-12 relative; ANCF
 *    slopes along its legs), the plane-cut V (legs from the ends to the
 *    plane, 1e-9 m), a taut cable on its chord;
 *  - bad arguments: each refused with its status, nothing moved. */
#include "suites.h"
#include "alecable.h"
#include "mooring_rig.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

Suite *suite_slack_start(void);

static const double L = 110.0, X = 90.0, Z = 28.0, W = 1000.0, EA = 1e8, K = 1e8;
#define N 100

enum { START_STRAIGHT = MR_STRAIGHT, START_SLACK = MR_SLACK, START_LAID = MR_LAID };

typedef mooring_rig line;

/* the line (mooring_rig.c), N elements, from the given start */
static void line_build(line *ln, int start)
{
    mooring_rig_init(ln);
    ln->L = L;
    ln->X = X;
    ln->Z = Z;
    ln->w = W;
    ln->EA = EA;
    ln->k = K;
    ln->n = N;
    ln->start = start;
    mooring_rig_build(ln);
}

static int line_solve(line *ln, int steps, int maxit, double *H, double *V, alecable_solve_report *rep)
{
    alecable_quasistatic_options o;
    alecable_quasistatic_options_init(&o);
    o.load_steps = steps;
    o.max_iterations = maxit;
    return mooring_rig_solve(ln, &o, H, V, rep);
}

/* laid slack from the straight start = the slack start by hand, node by node */
START_TEST(laid_shape_is_the_slack_start)
{
    line a, b;
    int i;
    line_build(&a, START_SLACK);
    line_build(&b, START_LAID);
    for (i = 0; i <= N; i++) {
        alecable_node *na, *nb;
        double xa[3], xb[3];
        ck_assert_int_eq(alecable_cable_node(&na, a.c, i), 0);
        ck_assert_int_eq(alecable_cable_node(&nb, b.c, i), 0);
        ck_assert_int_eq(alecable_node_position(na, xa), 0);
        ck_assert_int_eq(alecable_node_position(nb, xb), 0);
        ck_assert_double_le(fabs(xa[0] - xb[0]) + fabs(xa[1] - xb[1]) + fabs(xa[2] - xb[2]), 1e-9);
    }
    alecable_model_destroy(a.m);
    alecable_model_destroy(b.m);
}
END_TEST

/* _i: 0, 1, 2 for 1, 10, 50 load steps */
START_TEST(laid_straight_start_matches_slack_start)
{
    static const int steps[3] = {1, 10, 50};
    line a, b;
    alecable_solve_report ra, rb;
    double Ha, Va, Hb, Vb;
    line_build(&a, START_SLACK);
    line_build(&b, START_LAID);
    ck_assert_int_eq(line_solve(&a, steps[_i], 50, &Ha, &Va, &ra), ALECABLE_OK);
    ck_assert_int_eq(line_solve(&b, steps[_i], 50, &Hb, &Vb, &rb), ALECABLE_OK);
    if (getenv("ALECABLE_TEST_FIGURES"))
        printf("slack_start: %d steps: slack H %.17g V %.17g; laid H %.17g V %.17g (rel %.2e %.2e)\n", steps[_i], Ha,
               Va, Hb, Vb, Hb / Ha - 1.0, Vb / Va - 1.0);
    ck_assert_double_le(fabs(Hb / Ha - 1.0), 1e-9);
    ck_assert_double_le(fabs(Vb / Va - 1.0), 1e-9);
    /* a catenary's H, not a fold's: its grounded part's weight is not in V */
    ck_assert_double_gt(Ha, 0.1 * W * L * 0.3);
    ck_assert_double_lt(Va, W * L);
    alecable_model_destroy(a.m);
    alecable_model_destroy(b.m);
}
END_TEST

/* The straight start ends on the fold: refused, the element named, the
 * start kept (one load step: the last converged state is the start).
 * 500 iterations: the "larger max_iterations" (the default 50
 * stops before the fold, ALECABLE_ENOCONV). */
START_TEST(folded_line_is_refused)
{
    line a;
    alecable_solve_report r;
    double H, V, x0[3 * (N + 1)];
    int i;
    line_build(&a, START_STRAIGHT);
    for (i = 0; i <= N; i++) {
        alecable_node *nd;
        ck_assert_int_eq(alecable_cable_node(&nd, a.c, i), 0);
        ck_assert_int_eq(alecable_node_position(nd, x0 + 3 * i), 0);
    }
    ck_assert_int_eq(line_solve(&a, 1, 500, &H, &V, &r), ALECABLE_EUNSTABLE);
    ck_assert_int_eq(r.status, ALECABLE_EUNSTABLE);
    ck_assert_int_eq(r.stability, ALECABLE_EQUILIBRIUM_UNSTABLE);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(a.m), "compressed"));
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(a.m), "alecable_cable_lay_slack"));
    for (i = 0; i <= N; i++) {
        alecable_node *nd;
        double x[3];
        ck_assert_int_eq(alecable_cable_node(&nd, a.c, i), 0);
        ck_assert_int_eq(alecable_node_position(nd, x), 0);
        ck_assert_double_eq(x[0], x0[3 * i]);
        ck_assert_double_eq(x[2], x0[3 * i + 2]);
    }
    /* stability = OFF asks for no judgement: the fold comes back, UNCHECKED */
    {
        alecable_quasistatic_options o;
        alecable_quasistatic_options_init(&o);
        o.stability = ALECABLE_STABILITY_OFF;
        o.max_iterations = 500;
        alecable_solve_report_init(&r);
        ck_assert_int_eq(alecable_solve_quasistatic(a.m, &o, &r), ALECABLE_OK);
        ck_assert_int_eq(r.stability, ALECABLE_EQUILIBRIUM_UNCHECKED);
    }
    /* laid slack where it stands, the same model solves */
    {
        double p0[3] = {0, 0, 0}, up[3] = {0, 0, 1};
        ck_assert_int_eq(alecable_cable_lay_slack(a.c, p0, up), 0);
        ck_assert_int_eq(line_solve(&a, 1, 50, &H, &V, &r), ALECABLE_OK);
    }
    alecable_model_destroy(a.m);
}
END_TEST

/* A fold made on purpose, the mechanism in two elements: a string
 * of 2 m between held ends 1.8 m apart on a penalty seabed, the middle node
 * free along and across (z): compressed, and its negative transverse
 * stiffness 2 P / l is held by the penalty's k l (the discrete stability
 * check passes): refused, element 0 named, the start kept.  _i = 1: the
 * middle node held in z too, a bar in its line (paper 000's clamped bar):
 * its compression is legitimate, OK.  _i = 2: an ANCF cable with bending
 * stiffness: no string, not refused as one. */
START_TEST(compressed_string_is_refused_bar_is_not)
{
    alecable_model *m;
    alecable_cable *c;
    alecable_section sec;
    alecable_seabed_params sp;
    alecable_node *nd[3];
    double g[3] = {0, 0, -9.81}, x1[3];
    int i, d, st, kind = _i == 2 ? ALECABLE_ELEMENT_ANCF : ALECABLE_ELEMENT_AXIAL;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    ck_assert_int_eq(alecable_model_set_gravity(m, g), 0);
    alecable_section_init(&sec);
    sec.E = 1e3;
    sec.A = 1.0;
    sec.rho = 1.0;
    sec.I = _i == 2 ? 1e-4 : 0.0;
    ck_assert_int_eq(alecable_cable_create(&c, m, kind, &sec), 0);
    ck_assert_int_eq(alecable_cable_set_lagrangian(c, 1), 0);
    for (i = 0; i < 3; i++) {
        double x[3] = {0.9 * i, 0, 0};
        ck_assert_int_eq(alecable_cable_add_node(&nd[i], c, x, 1.0 * i), 0);
    }
    for (i = 0; i < 3; i++)
        for (d = 0; d < 3; d++)
            if (i != 1 || d == 1 || (d == 2 && _i == 1)) ck_assert_int_eq(alecable_fix(NULL, m, nd[i], d), 0);
    alecable_seabed_params_init(&sp);
    sp.stiffness = 1e6;
    ck_assert_int_eq(alecable_load_seabed(NULL, m, c, &sp), 0);
    st = alecable_solve_quasistatic(m, NULL, NULL);
    if (_i == 0) {
        ck_assert_msg(st == ALECABLE_EUNSTABLE, "%d %s", st, alecable_model_errmsg(m));
        ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "element 0"));
        ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "compressed"));
        ck_assert_int_eq(alecable_node_position(nd[1], x1), 0);
        ck_assert(x1[0] == 0.9 && x1[2] == 0.0); /* the start, bit for bit */
    } else if (_i == 1)
        ck_assert_msg(st == ALECABLE_OK, "%s", alecable_model_errmsg(m));
    else
        ck_assert(st == ALECABLE_OK || !strstr(alecable_model_errmsg(m), "compressed"));
    alecable_model_destroy(m);
}
END_TEST

static alecable_model *pair_model(alecable_cable **c, int kind, const double *xb, double Lm, int n)
{
    alecable_model *m;
    alecable_section sec;
    alecable_node *nd;
    double g[3] = {0, 0, -9.81};
    int i;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    ck_assert_int_eq(alecable_model_set_gravity(m, g), 0);
    alecable_section_init(&sec);
    sec.E = 1e6;
    sec.A = 1.0;
    sec.rho = 1.0;
    ck_assert_int_eq(alecable_cable_create(c, m, kind, &sec), 0);
    for (i = 0; i <= n; i++) {
        double x[3] = {xb[0] * i / n, xb[1] * i / n, xb[2] * i / n};
        ck_assert_int_eq(alecable_cable_add_node(&nd, *c, x, Lm * i / n), 0);
    }
    return m;
}

static void node_x(alecable_cable *c, int i, double x[3])
{
    alecable_node *nd;
    ck_assert_int_eq(alecable_cable_node(&nd, c, i), 0);
    ck_assert_int_eq(alecable_node_position(nd, x), 0);
}

START_TEST(laid_shapes_closed_forms)
{
    alecable_model *m;
    alecable_cable *c;
    double xb[3] = {6, 0, 0}, x[3], dep = 0.5 * sqrt(10.0 * 10.0 - 6.0 * 6.0), t[3], tl;
    alecable_node *nd;
    /* a V: ends at one height 6 m apart, 10 m of cable: vertex 4 m below */
    m = pair_model(&c, ALECABLE_ELEMENT_ANCF, xb, 10.0, 10);
    ck_assert_int_eq(alecable_cable_lay_slack(c, NULL, NULL), 0);
    node_x(c, 5, x);
    ck_assert_double_le(fabs(x[0] - 3.0) + fabs(x[1]) + fabs(x[2] + dep), 1e-12 * 10.0);
    node_x(c, 2, x); /* 2 m down the first leg (5 m long) */
    ck_assert_double_le(fabs(x[0] - 0.4 * 3.0) + fabs(x[2] + 0.4 * dep), 1e-12 * 10.0);
    ck_assert_int_eq(alecable_cable_node(&nd, c, 2), 0);
    ck_assert_int_eq(alecable_node_slope(nd, t), 0);
    tl = sqrt(3.0 * 3.0 + dep * dep);
    ck_assert_double_le(fabs(t[0] - 3.0 / tl) + fabs(t[2] + dep / tl), 1e-12);
    /* a plane 3 m below the ends: legs of 3.25 m (2 sqrt(9 + e^2) + 6 - 2 e
     * = 10: e = 1.25 m across), 3.5 m along it */
    {
        double p0[3] = {0, 0, -3}, up[3] = {0, 0, 2};
        ck_assert_int_eq(alecable_cable_lay_slack(c, p0, up), 0);
        node_x(c, 5, x);
        ck_assert_double_le(fabs(x[0] - 3.0) + fabs(x[2] + 3.0), 1e-9);
        node_x(c, 2, x);
        ck_assert_double_le(fabs(x[0] - 1.25 * 2.0 / 3.25) + fabs(x[2] + 3.0 * 2.0 / 3.25), 1e-9);
    }
    alecable_model_destroy(m);
    /* taut: 5 m of cable over 6 m, on the chord */
    m = pair_model(&c, ALECABLE_ELEMENT_AXIAL, xb, 5.0, 4);
    ck_assert_int_eq(alecable_cable_lay_slack(c, NULL, NULL), 0);
    node_x(c, 1, x);
    ck_assert_double_le(fabs(x[0] - 1.5) + fabs(x[2]), 1e-15);
    alecable_model_destroy(m);
}
END_TEST

START_TEST(lay_slack_bad_arguments_change_nothing)
{
    alecable_model *m;
    alecable_cable *c, *k;
    alecable_section sec;
    alecable_node *nd;
    double xb[3] = {1, 0, 0}, x[3], p0[3] = {0, 0, -1}, up[3] = {0, 0, 1}, zero[3] = {0, 0, 0}, g0[3] = {0, 0, 0};
    double nan3[3] = {NAN, 0, 0}, x0[3], x1[3];
    m = pair_model(&c, ALECABLE_ELEMENT_AXIAL, xb, 10.0, 4);
    node_x(c, 1, x0);
    ck_assert_int_eq(alecable_cable_lay_slack(NULL, p0, up), ALECABLE_ENULL);
    ck_assert_int_eq(alecable_cable_lay_slack((alecable_cable *)(void *)m, p0, up), ALECABLE_EHANDLE);
    ck_assert_int_eq(alecable_cable_lay_slack(c, p0, NULL), ALECABLE_ENULL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "normal"));
    ck_assert_int_eq(alecable_cable_lay_slack(c, NULL, up), ALECABLE_ENULL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "point"));
    ck_assert_int_eq(alecable_cable_lay_slack(c, p0, zero), ALECABLE_EINVAL);
    ck_assert_int_eq(alecable_cable_lay_slack(c, nan3, up), ALECABLE_EINVAL);
    /* 10 m of cable, ends 1 m above the plane and 1 m apart: 3 m reach */
    ck_assert_int_eq(alecable_cable_lay_slack(c, p0, up), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "material length"));
    ck_assert_int_eq(alecable_model_set_gravity(m, g0), 0);
    ck_assert_int_eq(alecable_cable_lay_slack(c, NULL, NULL), ALECABLE_ESTATE);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "gravity"));
    node_x(c, 1, x1);
    ck_assert_double_eq(x0[0], x1[0]);
    ck_assert_double_eq(x0[2], x1[2]);
    alecable_section_init(&sec);
    sec.E = 1e6;
    sec.A = 1.0;
    ck_assert_int_eq(alecable_cable_create(&k, m, ALECABLE_ELEMENT_KIRCHHOFF, &sec), 0);
    x[0] = x[1] = x[2] = 0.0;
    ck_assert_int_eq(alecable_cable_add_node(&nd, k, x, 0.0), 0);
    x[0] = 1.0;
    ck_assert_int_eq(alecable_cable_add_node(&nd, k, x, 2.0), 0);
    ck_assert_int_eq(alecable_cable_lay_slack(k, NULL, NULL), ALECABLE_ERANGE);
    ck_assert_int_eq(alecable_cable_create(&k, m, ALECABLE_ELEMENT_AXIAL, &sec), 0);
    ck_assert_int_eq(alecable_cable_lay_slack(k, NULL, NULL), ALECABLE_ESTATE);
    alecable_model_destroy(m);
}
END_TEST

/* An ANCF cable without bending stiffness is a string too: laid slack between
 * two fixed ends it hangs in tension and statics accepts it.  Its elements
 * are allocated without the beam parameters (ac_element_bytes): the check
 * once read EI3 past the last one (the fuzzer's heap overflow under ASan). */
START_TEST(ancf_string_hangs_and_is_accepted)
{
    alecable_model *m;
    alecable_cable *c;
    alecable_node *nd;
    alecable_solve_report rep;
    double xb[3] = {6, 0, 0}, x[3];
    int i, d, n = 10;
    m = pair_model(&c, ALECABLE_ELEMENT_ANCF, xb, 10.0, n);
    ck_assert_int_eq(alecable_cable_set_lagrangian(c, 1), 0);
    ck_assert_int_eq(alecable_cable_lay_slack(c, NULL, NULL), 0);
    for (i = 0; i <= n; i += n) {
        ck_assert_int_eq(alecable_cable_node(&nd, c, i), 0);
        for (d = 0; d < 3; d++) ck_assert_int_eq(alecable_fix(NULL, m, nd, d), 0);
    }
    for (i = 1; i < n; i++) { /* a plane problem (the ends are held) */
        ck_assert_int_eq(alecable_cable_node(&nd, c, i), 0);
        ck_assert_int_eq(alecable_fix(NULL, m, nd, ALECABLE_DOF_Y), 0);
    }
    alecable_solve_report_init(&rep);
    ck_assert_msg(alecable_solve_quasistatic(m, NULL, &rep) == ALECABLE_OK, "%s", alecable_model_errmsg(m));
    node_x(c, n / 2, x);
    ck_assert_double_lt(x[2], -3.0); /* hanging near the V's 4 m depth, stretched a little */
    alecable_model_destroy(m);
}
END_TEST

Suite *suite_slack_start(void)
{
    Suite *s = suite_create("slack_start");
    TCase *t = tcase_create("statics");
    tcase_add_test(t, laid_shape_is_the_slack_start);
    tcase_add_loop_test(t, laid_straight_start_matches_slack_start, 0, 3);
    tcase_add_test(t, folded_line_is_refused);
    tcase_add_loop_test(t, compressed_string_is_refused_bar_is_not, 0, 3);
    tcase_add_test(t, laid_shapes_closed_forms);
    tcase_add_test(t, ancf_string_hangs_and_is_accepted);
    tcase_add_test(t, lay_slack_bad_arguments_change_nothing);
    suite_add_tcase(s, t);
    return s;
}
