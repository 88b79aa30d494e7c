/* Statics from the starts a user writes (issue 12): a cable laid straight
 * and unstressed, laid straight but slack (compressed between its pins),
 * or far from its shape; every element kind; an ALE mesh with every
 * interior material coordinate free.  The references are the elastic
 * catenary (Irvine) and the Lagrangian mesh of the same node count. */
#include "suites.h"
#include "alecable.h"

#include <math.h>
#include <stdio.h>
#include <stddef.h>
#include <string.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

enum { START_STRAIGHT, START_SLACK, START_FAR };

#define W_LINE 10.0 /* weight per unstretched length [N/m] */
#define EA 1e4      /* [N] */
#define SPAN 1.0    /* pins 1 m apart */

typedef struct statics_case {
    alecable_model *m;
    alecable_cable *c;
    int n;
} statics_case;

/* A cable of length L (1.2 m; 1 m for the straight unstressed start)
 * pinned at (0, 0, 0) and (1, 0, 0) under gravity, its n + 1 nodes laid
 * out as the start says; free = 1: every interior s free (no flow at the
 * ends), 0: a Lagrangian cable. */
static statics_case build(int kind, int n, int start, int free_s)
{
    statics_case k;
    alecable_section sec;
    alecable_node *nd, *a, *b;
    double g[3] = {0, 0, -9.81}, L = start == START_STRAIGHT ? SPAN : 1.2;
    int i, d;
    k.n = n;
    ck_assert_int_eq(alecable_model_create(&k.m, NULL), 0);
    ck_assert_int_eq(alecable_model_set_gravity(k.m, g), 0);
    alecable_section_init(&sec);
    sec.E = EA;
    sec.A = 1.0;
    sec.rho = W_LINE / 9.81;
    sec.I = kind == ALECABLE_ELEMENT_AXIAL ? 0.0 : 1e-6; /* EI = 0.01 N m^2: a cable that bends a little */
    ck_assert_int_eq(alecable_cable_create(&k.c, k.m, kind, &sec), 0);
    if (kind == ALECABLE_ELEMENT_KIRCHHOFF) {
        alecable_beam_params bp;
        alecable_beam_params_init(&bp);
        bp.GJ = 1e-2;
        ck_assert_int_eq(alecable_cable_set_beam(k.c, &bp), 0);
    }
    if (!free_s) ck_assert_int_eq(alecable_cable_set_lagrangian(k.c, 1), 0);
    for (i = 0; i <= n; i++) {
        double s = L * i / n, x[3] = {SPAN * s / L, 0.0, 0.0};
        if (start == START_FAR) { /* above the pins and out of their plane */
            x[1] = 0.3 * sin(2.0 * M_PI * s / L);
            x[2] = 0.5 * sin(M_PI * s / L);
        }
        ck_assert_int_eq(alecable_cable_add_node(&nd, k.c, x, s), 0);
    }
    ck_assert_int_eq(alecable_cable_node(&a, k.c, 0), 0);
    ck_assert_int_eq(alecable_cable_node(&b, k.c, n), 0);
    for (d = 0; d < 3; d++) {
        ck_assert_int_eq(alecable_fix(NULL, k.m, a, d), 0);
        ck_assert_int_eq(alecable_fix(NULL, k.m, b, d), 0);
    }
    if (kind == ALECABLE_ELEMENT_KIRCHHOFF) ck_assert_int_eq(alecable_fix(NULL, k.m, a, ALECABLE_DOF_ROLL), 0);
    if (free_s) {
        ck_assert_int_eq(alecable_fix(NULL, k.m, a, ALECABLE_DOF_S), 0);
        ck_assert_int_eq(alecable_fix(NULL, k.m, b, ALECABLE_DOF_S), 0);
    }
    return k;
}

static int solve(statics_case *k, int steps, double alpha, alecable_solve_report *rep)
{
    alecable_quasistatic_options o;
    alecable_quasistatic_options_init(&o);
    o.load_steps = steps;
    o.alpha = alpha;
    alecable_solve_report_init(rep);
    return alecable_solve_quasistatic(k->m, &o, rep);
}

static double energy(statics_case *k)
{
    double wi, we;
    ck_assert_int_eq(alecable_model_energy(k->m, &wi, &we), 0);
    return wi + we;
}

/* the lowest point of the cable (sag below the pins, > 0) */
static double sag(statics_case *k)
{
    double z = 0.0, x[3];
    int i;
    for (i = 0; i <= k->n; i++) {
        alecable_node *nd;
        ck_assert_int_eq(alecable_cable_node(&nd, k->c, i), 0);
        ck_assert_int_eq(alecable_node_position(nd, x), 0);
        if (x[2] < z) z = x[2];
    }
    return -z;
}

/* every element keeps a positive material length */
static void mesh_is_ordered(statics_case *k)
{
    int i;
    for (i = 0; i < k->n; i++) {
        alecable_element *e;
        double sa, sb;
        ck_assert_int_eq(alecable_cable_element(&e, k->c, i), 0);
        ck_assert_int_eq(alecable_element_interval(e, &sa, &sb), 0);
        ck_assert_double_gt(sb - sa, 0.0);
    }
}

/* Irvine's elastic catenary between pins at equal height: the horizontal
 * tension H from the span, then the sag at mid-length. */
static double catenary_sag(double L)
{
    double lo = 1e-3, hi = 1e5, w = W_LINE, V = 0.5 * W_LINE * L;
    int it;
    for (it = 0; it < 200; it++) {
        double H = sqrt(lo * hi), span = H * L / EA + 2.0 * H / w * asinh(V / H);
        if (span > SPAN) hi = H;
        else lo = H;
    }
    {
        double H = sqrt(lo * hi);
        return H / w * (sqrt(1.0 + (V / H) * (V / H)) - 1.0) + w * L * L / (8.0 * EA);
    }
}

/* Issue 12's case: 1.2 m between pins 1 m apart, laid straight between
 * them, 25 or 50 axial elements with every interior s free, alpha from 1
 * to 1e4, 1 or 20 load steps.  It converges with the default options to
 * one mesh whatever alpha and the steps (energy to 1e-9 relative), the
 * mesh stays ordered, its energy is at or below the Lagrangian mesh's of
 * the same node count, and both approach the elastic catenary at second
 * order (halving the elements cuts the sag's error by more than 3). */
START_TEST(all_material_free_converges_to_the_optimal_mesh)
{
    double exact = catenary_sag(1.2), err[2][2];
    int r;
    for (r = 0; r < 2; r++) {
        int n = r ? 50 : 25, v;
        double w_ale = 0.0, w_lag;
        statics_case lag = build(ALECABLE_ELEMENT_AXIAL, n, START_SLACK, 0);
        alecable_solve_report rep;
        ck_assert_msg(solve(&lag, 1, 1.0, &rep) == 0, "%s", alecable_model_errmsg(lag.m));
        w_lag = energy(&lag);
        err[r][0] = fabs(sag(&lag) - exact);
        for (v = 0; v < 4; v++) {
            double alpha = v & 1 ? 1e4 : 1.0;
            int steps = v & 2 ? 20 : 1;
            statics_case ale = build(ALECABLE_ELEMENT_AXIAL, n, START_SLACK, 1);
            ck_assert_msg(solve(&ale, steps, alpha, &rep) == 0, "n %d alpha %g steps %d: %s", n, alpha, steps,
                          alecable_model_errmsg(ale.m));
            ck_assert_int_eq(rep.steps_completed, steps);
            mesh_is_ordered(&ale);
            if (v == 0) {
                w_ale = energy(&ale);
                err[r][1] = fabs(sag(&ale) - exact);
            } else {
                ck_assert_msg(fabs(energy(&ale) - w_ale) <= 1e-9 * fabs(w_ale), "n %d alpha %g steps %d: W %.12g vs %.12g",
                              n, alpha, steps, energy(&ale), w_ale);
            }
            alecable_model_destroy(ale.m);
        }
        ck_assert_msg(w_ale <= w_lag, "n %d: ALE W %.12g above the Lagrangian %.12g", n, w_ale, w_lag);
        alecable_model_destroy(lag.m);
    }
    ck_assert_msg(err[1][0] * 3.0 < err[0][0], "Lagrangian sag errors %g, %g", err[0][0], err[1][0]);
    ck_assert_msg(err[1][1] * 3.0 < err[0][1], "ALE sag errors %g, %g", err[0][1], err[1][1]);
}
END_TEST

/* The ANCF cable of issue 12 with every interior s free, default options:
 * stage 2 wanders on the nearly flat mesh energy, and the mesh's trust
 * region (quasistatic.c) finishes from the stage-1 solution.  For 25 and
 * 50 elements, and with alpha = 1e4 for 25, it converges, the mesh stays
 * ordered, and its energy is at or below the Lagrangian mesh's of the same
 * nodes (measured: -2.2109840418 J against -2.2109837023 J for 25). */
START_TEST(ancf_all_material_free_converges)
{
    int v;
    for (v = 0; v < 3; v++) {
        int n = v == 1 ? 50 : 25;
        double alpha = v == 2 ? 1e4 : 1.0, w_lag;
        statics_case lag = build(ALECABLE_ELEMENT_ANCF, n, START_SLACK, 0);
        statics_case ale = build(ALECABLE_ELEMENT_ANCF, n, START_SLACK, 1);
        alecable_solve_report rep;
        ck_assert_msg(solve(&lag, 1, 1.0, &rep) == 0, "%s", alecable_model_errmsg(lag.m));
        w_lag = energy(&lag);
        ck_assert_msg(solve(&ale, 1, alpha, &rep) == 0, "n %d alpha %g: %s", n, alpha, alecable_model_errmsg(ale.m));
        ck_assert_int_eq(rep.steps_completed, 1);
        mesh_is_ordered(&ale);
        ck_assert_msg(energy(&ale) <= w_lag, "n %d alpha %g: ALE W %.12g above the Lagrangian %.12g", n, alpha,
                      energy(&ale), w_lag);
        ck_assert_msg(fabs(sag(&ale) / catenary_sag(1.2) - 1.0) < 0.01, "n %d: sag %g", n, sag(&ale));
        alecable_model_destroy(ale.m);
        alecable_model_destroy(lag.m);
    }
}
END_TEST

/* Every element kind, Lagrangian, default options: the straight unstressed
 * cable (1 m between the pins: no transverse stiffness at the start), the
 * slack one laid straight (compressed: negative transverse stiffness) and
 * the one started far (above the pins, out of plane) converge; the slack
 * and far starts reach the same hanging equilibrium (energy to 1e-9
 * relative, sag within 1 % of the elastic catenary), below the pins. */
START_TEST(every_kind_from_straight_slack_and_far_starts)
{
    int kind;
    for (kind = 0; kind < 3; kind++) {
        double w[3], s[3];
        int start;
        for (start = 0; start < 3; start++) {
            statics_case k = build(kind, 25, start, 0);
            alecable_solve_report rep;
            ck_assert_msg(solve(&k, 1, 1.0, &rep) == 0, "kind %d start %d: %s", kind, start,
                          alecable_model_errmsg(k.m));
            w[start] = energy(&k);
            s[start] = sag(&k);
            alecable_model_destroy(k.m);
        }
        ck_assert_double_gt(s[START_STRAIGHT], 0.0);
        ck_assert_msg(fabs(s[START_STRAIGHT] / catenary_sag(1.0) - 1.0) < 0.01, "kind %d: sag %g vs %g", kind,
                      s[START_STRAIGHT], catenary_sag(1.0));
        ck_assert_msg(fabs(w[START_SLACK] - w[START_FAR]) <= 1e-9 * fabs(w[START_SLACK]), "kind %d: W %.12g vs %.12g",
                      kind, w[START_SLACK], w[START_FAR]);
        ck_assert_msg(fabs(s[START_SLACK] / catenary_sag(1.2) - 1.0) < 0.01, "kind %d: sag %g vs %g", kind,
                      s[START_SLACK], catenary_sag(1.2));
    }
}
END_TEST

/* Why a step must descend: from the slack start laid straight, paper 000's
 * plain Newton (globalization NONE) converges in a few iterations to the
 * straight compressed state, an equilibrium of maximal energy; the default
 * globalization shifts the ascending steps and finds the hanging cable. */
START_TEST(slack_start_finds_the_stable_equilibrium)
{
    statics_case k = build(ALECABLE_ELEMENT_AXIAL, 25, START_SLACK, 0);
    alecable_quasistatic_options o;
    alecable_solve_report rep;
    alecable_quasistatic_options_init(&o);
    o.globalization = ALECABLE_GLOBAL_NONE;
    o.stability = ALECABLE_STABILITY_OFF; /* 0.2: the maximum is returned */
    alecable_solve_report_init(&rep);
    ck_assert_int_eq(alecable_solve_quasistatic(k.m, &o, &rep), 0);
    ck_assert_double_gt(energy(&k), 0.0); /* compressed: strain energy, no sag */
    ck_assert_double_lt(sag(&k), 1e-6);
    alecable_model_destroy(k.m);
    /* since 0.3 the stability check (default: FOLLOW) leaves it: hanging */
    k = build(ALECABLE_ELEMENT_AXIAL, 25, START_SLACK, 0);
    o.stability = ALECABLE_STABILITY_FOLLOW;
    ck_assert_msg(alecable_solve_quasistatic(k.m, &o, &rep) == 0, "%s", alecable_model_errmsg(k.m));
    ck_assert_double_lt(energy(&k), 0.0);
    ck_assert_int_ge(rep.unstable_followed, 1);
    ck_assert_int_eq(rep.stability, ALECABLE_EQUILIBRIUM_STABLE);
    alecable_model_destroy(k.m);
    k = build(ALECABLE_ELEMENT_AXIAL, 25, START_SLACK, 0);
    o.globalization = ALECABLE_GLOBAL_AUTO;
    ck_assert_int_eq(alecable_solve_quasistatic(k.m, &o, &rep), 0);
    ck_assert_double_lt(energy(&k), 0.0);
    ck_assert_int_gt(rep.shifted_iterations, 0);
    ck_assert_double_ge(rep.max_shift, o.ptc_shift);
    /* PTC from the first iteration reaches the same state */
    {
        statics_case p = build(ALECABLE_ELEMENT_AXIAL, 25, START_SLACK, 0);
        double wa = energy(&k);
        o.globalization = ALECABLE_GLOBAL_PTC;
        ck_assert_int_eq(alecable_solve_quasistatic(p.m, &o, &rep), 0);
        ck_assert_double_eq_tol(energy(&p), wa, 1e-9 * fabs(wa));
        alecable_model_destroy(p.m);
    }
    alecable_model_destroy(k.m);
}
END_TEST

/* The straight unstressed start with paper 000's plain Newton: singular,
 * and the message says which option helps; the state is unchanged. */
START_TEST(plain_newton_names_the_option)
{
    statics_case k = build(ALECABLE_ELEMENT_AXIAL, 10, START_STRAIGHT, 0);
    alecable_quasistatic_options o;
    alecable_solve_report rep;
    double q0[64], q1[64];
    int nq, nl;
    ck_assert_int_eq(alecable_model_finalize(k.m), 0);
    ck_assert_int_eq(alecable_model_sizes(k.m, &nq, &nl), 0);
    ck_assert_int_le(nq, 64);
    ck_assert_int_eq(alecable_model_get_state(k.m, q0, NULL, NULL), 0);
    alecable_quasistatic_options_init(&o);
    o.globalization = ALECABLE_GLOBAL_NONE;
    alecable_solve_report_init(&rep);
    ck_assert_int_eq(alecable_solve_quasistatic(k.m, &o, &rep), ALECABLE_ESINGULAR);
    ck_assert_msg(strstr(alecable_model_errmsg(k.m), "globalization") != NULL, "%s", alecable_model_errmsg(k.m));
    /* and names a transverse dof of an interior node */
    {
        const char *e = strstr(alecable_model_errmsg(k.m), "unrestrained: cable 0 node ");
        int node = -1;
        char dof = 0;
        ck_assert_msg(e != NULL, "%s", alecable_model_errmsg(k.m));
        ck_assert_int_eq(sscanf(e, "unrestrained: cable 0 node %d dof %c", &node, &dof), 2);
        ck_assert_int_gt(node, 0);
        ck_assert_int_lt(node, 10);
        ck_assert_msg(dof == 'y' || dof == 'z', "%s", e);
    }
    ck_assert_int_eq(alecable_model_get_state(k.m, q1, NULL, NULL), 0);
    ck_assert_mem_eq(q0, q1, (size_t)nq * sizeof(double));
    alecable_model_destroy(k.m);
}
END_TEST

/* A body that nothing holds, under gravity: the energy has no bottom.  The
 * default solver fails and says which dof falls, and the state stays. */
START_TEST(failure_names_the_falling_body)
{
    alecable_model *m;
    alecable_body *b;
    alecable_body_params bp;
    alecable_solve_report rep;
    double g[3] = {0, 0, -9.81}, q0[12], q1[12];
    const char *e;
    int st;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    ck_assert_int_eq(alecable_model_set_gravity(m, g), 0);
    { /* a model has a cable: one held at both ends, apart from the body */
        alecable_section sec;
        alecable_cable *c;
        alecable_node *n[2];
        double x[2][3] = {{0, 0, 1}, {1, 0, 1}};
        int i, d;
        alecable_section_init(&sec);
        sec.E = EA;
        sec.A = 1.0;
        sec.rho = 1.0;
        ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_AXIAL, &sec), 0);
        ck_assert_int_eq(alecable_cable_set_lagrangian(c, 1), 0);
        for (i = 0; i < 2; i++) {
            ck_assert_int_eq(alecable_cable_add_node(&n[i], c, x[i], (double)i), 0);
            for (d = 0; d < 3; d++) ck_assert_int_eq(alecable_fix(NULL, m, n[i], d), 0);
        }
    }
    alecable_body_params_init(&bp);
    bp.mass = 2.0;
    ck_assert_int_eq(alecable_body_create(&b, m, &bp), 0);
    ck_assert_int_eq(alecable_model_finalize(m), 0);
    ck_assert_int_eq(alecable_model_get_state(m, q0, NULL, NULL), 0);
    alecable_solve_report_init(&rep);
    st = alecable_solve_quasistatic(m, NULL, &rep);
    ck_assert_int_lt(st, 0);
    e = alecable_model_errmsg(m);
    ck_assert_msg(strstr(e, "unrestrained: body 0 dof z") != NULL, "%s", e);
    ck_assert_int_eq(alecable_model_get_state(m, q1, NULL, NULL), 0);
    ck_assert_mem_eq(q0, q1, sizeof q0);
    alecable_model_destroy(m);
}
END_TEST

/* 0.1's shorter structs: options of that size get the new defaults, a
 * report of that size is written no further; bad new fields are named. */
START_TEST(release_0_1_structs_and_bad_options)
{
    statics_case k = build(ALECABLE_ELEMENT_AXIAL, 10, START_STRAIGHT, 0);
    alecable_quasistatic_options o;
    union {
        alecable_solve_report r;
        unsigned char b[sizeof(alecable_solve_report)];
    } u;
    size_t v1 = offsetof(alecable_solve_report, min_rcond) + sizeof(double), i;
    alecable_quasistatic_options_init(&o);
    /* 0.1's sizeof: linear_solver, then the tail padding to a double's
     * alignment, where globalization now lies (garbage in a 0.1 caller's
     * struct: never read) */
    o.struct_size = (offsetof(alecable_quasistatic_options, linear_solver) + sizeof(int) + sizeof(double) - 1) /
                    sizeof(double) * sizeof(double);
    ck_assert_uint_gt(o.struct_size, offsetof(alecable_quasistatic_options, globalization));
    o.globalization = 99;
    memset(u.b, 0xA5, sizeof u.b);
    u.r.struct_size = v1;
    ck_assert_msg(alecable_solve_quasistatic(k.m, &o, &u.r) == 0, "%s", alecable_model_errmsg(k.m));
    ck_assert_int_eq(u.r.status, 0);
    ck_assert(u.r.struct_size == v1);
    for (i = v1; i < sizeof u.b; i++) ck_assert_int_eq(u.b[i], 0xA5);
    alecable_quasistatic_options_init(&o);
    o.globalization = 99;
    ck_assert_int_eq(alecable_solve_quasistatic(k.m, &o, NULL), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(k.m), "globalization"));
    alecable_quasistatic_options_init(&o);
    o.ptc_shift = NAN;
    ck_assert_int_eq(alecable_solve_quasistatic(k.m, &o, NULL), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(k.m), "ptc_shift"));
    o.ptc_shift = 0.0;
    ck_assert_int_eq(alecable_solve_quasistatic(k.m, &o, NULL), ALECABLE_EINVAL);
    o.struct_size = 8;
    ck_assert_int_eq(alecable_solve_quasistatic(k.m, &o, NULL), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(k.m), "struct_size"));
    alecable_model_destroy(k.m);
}
END_TEST

Suite *suite_statics(void)
{
    Suite *s = suite_create("robust statics");
    TCase *tc = tcase_create("starts");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, all_material_free_converges_to_the_optimal_mesh);
    tcase_add_test(tc, ancf_all_material_free_converges);
    tcase_add_test(tc, every_kind_from_straight_slack_and_far_starts);
    tcase_add_test(tc, slack_start_finds_the_stable_equilibrium);
    tcase_add_test(tc, plain_newton_names_the_option);
    tcase_add_test(tc, failure_names_the_falling_body);
    tcase_add_test(tc, release_0_1_structs_and_bad_options);
    suite_add_tcase(s, tc);
    return s;
}
