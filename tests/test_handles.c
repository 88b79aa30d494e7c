/* Handles that belong together and states that match (issue 20, items 5
 * and 7): an integrator pulled into another model, an integrator or a
 * problem used after its model changed, a Kirchhoff cable read after it
 * grew, sizes that overflow, and every two-handle call given a handle of
 * another model.  Each of these corrupted memory or returned a wrong OK in
 * 0.2; run under ASan (make SAN=1) they show it. */
#define _POSIX_C_SOURCE 200809L /* getpid */
#include "suites.h"

#include <alecable.h>
#include <check.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A hanging axial rope: n elements along x from the origin, node 0 held,
 * Lagrangian, under gravity */
static alecable_model *rope(int n, alecable_cable **cable)
{
    alecable_model *m;
    alecable_cable *c;
    alecable_node *n0;
    alecable_section sec;
    const double a[3] = {0, 0, 0}, b[3] = {1, 0, 0}, g[3] = {0, 0, -9.81};
    int d;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    alecable_section_init(&sec);
    sec.E = 1e7;
    sec.A = 1e-4;
    sec.rho = 1000.0;
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_AXIAL, &sec), 0);
    ck_assert_int_eq(alecable_cable_set_lagrangian(c, 1), 0);
    ck_assert_int_eq(alecable_cable_line(c, a, b, 0.0, 1.0, n), 0);
    ck_assert_int_eq(alecable_cable_node(&n0, c, 0), 0);
    for (d = ALECABLE_DOF_X; d <= ALECABLE_DOF_Z; d++) ck_assert_int_eq(alecable_fix(NULL, m, n0, d), 0);
    ck_assert_int_eq(alecable_model_set_gravity(m, g), 0);
    if (cable) *cable = c;
    return m;
}

static int has(const char *msg, const char *word) { return msg && strstr(msg, word) != NULL; }

/* a model's integrator with the default options */
static int integrator(alecable_integrator **it, alecable_model *m)
{
    alecable_dynamic_options o;
    alecable_dynamic_options_init(&o);
    return alecable_model_integrator(it, m, &o);
}

/* Row 5 of the issue: it made on another model (8 elements against 4): a
 * heap-buffer-overflow, then "double free or corruption". */
START_TEST(pull_state_from_another_models_integrator)
{
    alecable_model *m1 = rope(4, NULL), *m2 = rope(8, NULL);
    alecable_integrator *it2, *host;
    alecable_problem p;
    double x[3];
    alecable_node *n;
    alecable_cable *c;
    ck_assert_int_eq(alecable_model_finalize(m1), 0);
    ck_assert_int_eq(integrator(&it2, m2), 0);
    ck_assert_int_eq(alecable_integrator_step(it2, 1e-3), 0);
    ck_assert_int_eq(alecable_model_pull_state(m1, it2), ALECABLE_EHANDLE);
    ck_assert_msg(has(alecable_model_errmsg(m1), "another model"), "%s", alecable_model_errmsg(m1));
    /* its own model takes it */
    ck_assert_int_eq(alecable_model_pull_state(m2, it2), 0);
    /* an integrator on m2's problem, made by hand, is m2's too, not m1's */
    ck_assert_int_eq(alecable_model_problem(&p, m2), 0);
    ck_assert_int_eq(alecable_integrator_create(&host, &p, NULL, NULL), 0);
    ck_assert_int_eq(alecable_model_pull_state(m1, host), ALECABLE_EHANDLE);
    ck_assert_int_eq(alecable_model_sizes(m1, NULL, NULL), 0);
    /* m1 unchanged: its node 4 still at x = 1 */
    ck_assert_int_eq(alecable_model_get_state(m1, NULL, NULL, NULL), 0);
    ck_assert_int_eq(alecable_model_problem(&p, m1), 0);
    ck_assert_int_eq(alecable_model_pull_state(m1, host), ALECABLE_EHANDLE);
    (void)x;
    (void)n;
    (void)c;
    alecable_integrator_destroy(host);
    alecable_integrator_destroy(it2);
    alecable_model_destroy(m1);
    alecable_model_destroy(m2);
}
END_TEST

enum { CH_FIX, CH_CABLE, CH_LOAD, CH_CLAMP, CH_BODY, CH_NODE, CH_JOINT, CH_FINALIZE, CH_N };

/* One change of the model; returns the words the messages must hold */
static const char *change(alecable_model *m, alecable_cable *c, int which)
{
    alecable_section sec;
    alecable_body_params bp;
    alecable_clamp_params cp;
    alecable_node *tip, *n;
    alecable_cable *c2;
    alecable_body *b;
    const double f[3] = {0, 0, -50}, x[3] = {2, 0, 0}, y[3] = {0, 1, 0}, z[3] = {0, 0, 1};
    ck_assert_int_eq(alecable_cable_node(&tip, c, 4), 0);
    switch (which) {
    case CH_FIX:
        ck_assert_int_eq(alecable_fix(NULL, m, tip, ALECABLE_DOF_Z), 0);
        return "a fix was added";
    case CH_CABLE:
        alecable_section_init(&sec);
        sec.E = 1e7;
        sec.A = 1e-4;
        sec.rho = 1000.0;
        ck_assert_int_eq(alecable_cable_create(&c2, m, ALECABLE_ELEMENT_AXIAL, &sec), 0);
        ck_assert_int_eq(alecable_cable_set_lagrangian(c2, 1), 0);
        ck_assert_int_eq(alecable_cable_line(c2, y, z, 0.0, 1.5, 3), 0);
        ck_assert_int_eq(alecable_cable_node(&n, c2, 0), 0);
        ck_assert_int_eq(alecable_fix(NULL, m, n, ALECABLE_DOF_X), 0);
        ck_assert_int_eq(alecable_fix(NULL, m, n, ALECABLE_DOF_Y), 0);
        ck_assert_int_eq(alecable_fix(NULL, m, n, ALECABLE_DOF_Z), 0);
        return "a cable was added";
    case CH_LOAD:
        ck_assert_int_eq(alecable_load_node(NULL, m, tip, f), 0);
        return "a load was added";
    case CH_CLAMP:
        alecable_clamp_params_init(&cp);
        cp.hold = ALECABLE_CLAMP_POSITION;
        ck_assert_int_eq(alecable_clamp(NULL, m, tip, &cp), 0);
        return "a clamp was added";
    case CH_BODY:
        alecable_body_params_init(&bp);
        bp.mass = 1.0;
        ck_assert_int_eq(alecable_body_create(&b, m, &bp), 0);
        ck_assert_int_eq(alecable_body_fix(m, b), 0);
        return "a body was added";
    case CH_NODE:
        ck_assert_int_eq(alecable_cable_add_node(NULL, c, x, 2.0), 0);
        return "a node was added";
    case CH_JOINT:
        alecable_body_params_init(&bp);
        ck_assert_int_eq(alecable_body_create(&b, m, &bp), 0);
        ck_assert_int_eq(alecable_body_fix(m, b), 0);
        ck_assert_int_eq(alecable_attach(NULL, m, tip, b, x, 0), 0);
        return "a"; /* body or joint, both are named */
    default:
        ck_assert_int_eq(alecable_model_finalize(m), 0);
        return "finalized again";
    }
}

/* Row 6: an integrator stepped after its model gained a fix, a cable, a
 * load, a clamp or a body read past the new objects' arrays (ASan:
 * heap-buffer-overflow in constraints.c, clamp.c, body.c), crashed, or
 * ignored the load.  Every integrator call now refuses, naming the change,
 * in the integrator's message and the model's; finalizing the model again
 * (which frees the pattern the integrator holds) changes nothing; a new
 * integrator runs. */
START_TEST(integrator_after_the_model_changed)
{
    int which = _i;
    alecable_cable *c;
    alecable_model *m = rope(4, &c);
    alecable_integrator *it, *it2;
    const char *what;
    double q[64], v[64];
    int round;
    ck_assert_int_eq(integrator(&it, m), 0);
    ck_assert_int_eq(alecable_integrator_step(it, 1e-3), 0);
    ck_assert_int_eq(alecable_integrator_get_state(it, NULL, q, v, NULL, NULL), 0);
    what = change(m, c, which);
    for (round = 0; round < 2; round++) {
        ck_assert_int_eq(alecable_integrator_step(it, 1e-3), ALECABLE_ESTATE);
        ck_assert_msg(has(alecable_integrator_errmsg(it), what) && has(alecable_integrator_errmsg(it), "changed"),
                      "change %d: \"%s\"", which, alecable_integrator_errmsg(it));
        ck_assert_msg(has(alecable_model_errmsg(m), what), "change %d: \"%s\"", which, alecable_model_errmsg(m));
        ck_assert_int_eq(alecable_integrator_advance(it, 0.01), ALECABLE_ESTATE);
        ck_assert_int_eq(alecable_integrator_undo(it), ALECABLE_ESTATE);
        ck_assert_int_eq(alecable_integrator_set_state(it, 0.0, q, v, NULL, NULL), ALECABLE_ESTATE);
        ck_assert_int_eq(alecable_model_pull_state(m, it), ALECABLE_ESTATE);
        ck_assert_msg(has(alecable_model_errmsg(m), what), "change %d: \"%s\"", which, alecable_model_errmsg(m));
        /* the model finalized again: the integrator's pattern is gone */
        ck_assert_int_eq(alecable_model_finalize(m), 0);
    }
    ck_assert_msg(integrator(&it2, m) == 0, "%s", alecable_model_errmsg(m));
    ck_assert_msg(alecable_integrator_step(it2, 1e-3) == 0, "%s", alecable_integrator_errmsg(it2));
    ck_assert_int_eq(alecable_model_pull_state(m, it2), 0);
    alecable_integrator_destroy(it2);
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
}
END_TEST

/* The same for a problem handed to the quasistatic solver */
START_TEST(problem_after_the_model_changed)
{
    alecable_cable *c;
    alecable_model *m = rope(4, &c);
    alecable_problem p;
    alecable_node *tip;
    const double f[3] = {0, 0, -50};
    double q[64], lam[64];
    int nq, nl;
    ck_assert_int_eq(alecable_model_problem(&p, m), 0);
    ck_assert_int_eq(alecable_model_sizes(m, &nq, &nl), 0);
    ck_assert_int_eq(alecable_model_get_state(m, q, lam, NULL), 0);
    ck_assert_int_eq(alecable_cable_node(&tip, c, 4), 0);
    ck_assert_int_eq(alecable_load_node(NULL, m, tip, f), 0);
    ck_assert_int_eq(alecable_problem_solve_quasistatic(&p, NULL, NULL, q, lam, NULL), ALECABLE_ESTATE);
    ck_assert_msg(has(alecable_model_errmsg(m), "a load was added"), "%s", alecable_model_errmsg(m));
    ck_assert_int_eq(p.residual(p.ctx, 1.0, q, NULL, NULL, lam, q), ALECABLE_ESTATE);
    ck_assert_int_eq(alecable_model_finalize(m), 0);
    ck_assert_int_eq(alecable_problem_solve_quasistatic(&p, NULL, NULL, q, lam, NULL), ALECABLE_ESTATE);
    ck_assert_int_eq(alecable_integrator_create(NULL, &p, NULL, NULL), ALECABLE_ENULL);
    {
        alecable_integrator *it = NULL;
        ck_assert_int_eq(alecable_integrator_create(&it, &p, NULL, NULL), ALECABLE_ESTATE);
        ck_assert_ptr_null(it);
    }
    /* a problem made now solves (the load hangs at the tip) */
    ck_assert_int_eq(alecable_model_problem(&p, m), 0);
    ck_assert_int_eq(alecable_model_get_state(m, q, lam, NULL), 0);
    ck_assert_int_eq(alecable_problem_solve_quasistatic(&p, NULL, NULL, q, lam, NULL), 0);
    (void)nq;
    (void)nl;
    alecable_model_destroy(m);
}
END_TEST

/* Row 7 (found by fuzzing): a Kirchhoff cable grown after finalize has a
 * node without a section frame: alecable_element_section and the CSV writer
 * segfaulted.  The new element is refused as before the first finalize. */
START_TEST(kirchhoff_grown_after_finalize)
{
    alecable_model *m;
    alecable_cable *c;
    alecable_section sec;
    alecable_beam_params bp;
    alecable_beam_section_state s;
    alecable_element *e;
    alecable_node *n0;
    const double a[3] = {0, 0, 0}, b[3] = {1, 0, 0}, x[3] = {1.5, 0, 0};
    char path[64];
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    alecable_section_init(&sec);
    sec.E = 1e9;
    sec.A = 1e-4;
    sec.I = 1e-9;
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_KIRCHHOFF, &sec), 0);
    alecable_beam_params_init(&bp);
    bp.GJ = 1.0;
    ck_assert_int_eq(alecable_cable_set_beam(c, &bp), 0);
    ck_assert_int_eq(alecable_cable_line(c, a, b, 0.0, 1.0, 2), 0);
    ck_assert_int_eq(alecable_cable_node(&n0, c, 0), 0);
    ck_assert_int_eq(alecable_fix(NULL, m, n0, ALECABLE_DOF_ROLL), 0);
    ck_assert_int_eq(alecable_model_finalize(m), 0);
    ck_assert_int_eq(alecable_cable_add_node(NULL, c, x, 1.5), 0);
    ck_assert_int_eq(alecable_cable_element(&e, c, 2), 0);
    alecable_beam_section_state_init(&s);
    ck_assert_int_eq(alecable_element_section(e, 0.5, &s), ALECABLE_ESTATE);
    ck_assert_msg(has(alecable_model_errmsg(m), "finalize"), "%s", alecable_model_errmsg(m));
    snprintf(path, sizeof path, "/tmp/alecable_handles_%d.csv", (int)getpid());
    ck_assert_int_eq(alecable_write_cable_csv(c, path), 0);
    ck_assert_int_eq(alecable_cable_element(&e, c, 0), 0);
    ck_assert_int_eq(alecable_element_section(e, 0.5, &s), 0);
    ck_assert_int_eq(alecable_model_finalize(m), 0);
    ck_assert_int_eq(alecable_cable_element(&e, c, 2), 0);
    ck_assert_int_eq(alecable_element_section(e, 0.5, &s), 0);
    ck_assert(fabs(s.position[0] - 1.25) < 1e-12);
    remove(path);
    alecable_model_destroy(m);
}
END_TEST

/* Row 8: n_elements = INT_MAX overflowed n_elements + 1 and then hung in
 * the growth loop; every count from the user is checked before any
 * arithmetic, and the model is left as it was. */
START_TEST(sizes_out_of_range)
{
    alecable_cable *c;
    alecable_model *m = rope(4, &c);
    const double a[3] = {1, 0, 0}, b[3] = {2, 0, 0};
    int nn, ne, k;
    const int bad[] = {INT_MAX, INT_MAX - 1, INT_MAX / 2 + 1, 1 << 28};
    for (k = 0; k < (int)(sizeof bad / sizeof bad[0]); k++) {
        int st = alecable_cable_line(c, a, b, 1.0, 2.0, bad[k]);
        ck_assert_msg(st == ALECABLE_EINVAL || st == ALECABLE_ENOMEM, "n_elements = %d: status %d", bad[k], st);
        ck_assert_msg(has(alecable_model_errmsg(m), "n_elements"), "%s", alecable_model_errmsg(m));
        ck_assert_int_eq(alecable_cable_counts(c, &nn, &ne), 0);
        ck_assert_int_eq(nn, 5);
        ck_assert_int_eq(ne, 4);
    }
    ck_assert_int_eq(alecable_cable_line(c, a, b, 1.0, 2.0, 3), 0);
    ck_assert_int_eq(alecable_cable_counts(c, &nn, &ne), 0);
    ck_assert_int_eq(ne, 7);
    alecable_model_destroy(m);
}
END_TEST

Suite *suite_handles(void)
{
    Suite *s = suite_create("handles");
    TCase *tc = tcase_create("handles");
    tcase_add_test(tc, pull_state_from_another_models_integrator);
    tcase_add_loop_test(tc, integrator_after_the_model_changed, 0, CH_N);
    tcase_add_test(tc, problem_after_the_model_changed);
    tcase_add_test(tc, kirchhoff_grown_after_finalize);
    tcase_add_test(tc, sizes_out_of_range);
    suite_add_tcase(s, tc);
    return s;
}
