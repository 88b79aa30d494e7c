/* The public API's promises: version, status names, handle and argument
 * checks that leave the model unchanged, state round trips, the host
 * allocator, and no allocation inside Newton iterations after the first. */
#include "suites.h"
#include "cases.h"
#include "core/model.h"
#include "integrators/problem.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

START_TEST(version_agrees_with_macros)
{
    char buf[32];
    snprintf(buf, sizeof buf, "%d.%d.%d", ALECABLE_VERSION_MAJOR, ALECABLE_VERSION_MINOR, ALECABLE_VERSION_PATCH);
    ck_assert_str_eq(alecable_version(), buf);
    ck_assert_int_eq(alecable_version_number(), ALECABLE_VERSION_NUMBER);
}
END_TEST

START_TEST(every_status_has_a_name)
{
    int c;
    for (c = -10; c <= 1; c++) ck_assert_ptr_nonnull(strstr(alecable_strerror(c), "ALECABLE_"));
    ck_assert_str_eq(alecable_strerror(12345), "unknown status code");
}
END_TEST

/* a model with one 2-element cable, for the bad-input tests */
static alecable_model *small(alecable_cable **c, alecable_node **n)
{
    alecable_model *m;
    alecable_section sec;
    double x0[3] = {0, 0, 0}, x1[3] = {1, 0, 0};
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    alecable_section_init(&sec);
    sec.E = 1e9;
    sec.A = 1e-6;
    ck_assert_int_eq(alecable_cable_create(c, m, ALECABLE_ELEMENT_AXIAL, &sec), 0);
    ck_assert_int_eq(alecable_cable_line(*c, x0, x1, 0, 1, 2), 0);
    ck_assert_int_eq(alecable_cable_node(n, *c, 1), 0);
    return m;
}

static void assert_counts(alecable_model *m, alecable_cable *c, int nodes, int nq, int nlam)
{
    int nn, ne, q, l;
    ck_assert_int_eq(alecable_cable_counts(c, &nn, &ne), 0);
    ck_assert_int_eq(nn, nodes);
    ck_assert_int_eq(ne, nodes - 1);
    ck_assert_int_eq(alecable_model_finalize(m), 0);
    ck_assert_int_eq(alecable_model_sizes(m, &q, &l), 0);
    ck_assert_int_eq(q, nq);
    ck_assert_int_eq(l, nlam);
}

START_TEST(null_and_wrong_handles_are_refused)
{
    alecable_cable *c;
    alecable_node *n;
    alecable_model *m = small(&c, &n), *m2;
    alecable_constraint *k = (alecable_constraint *)1;
    alecable_section sec;
    double x[3] = {0, 0, 0};
    ck_assert_int_eq(alecable_model_create(NULL, NULL), ALECABLE_ENULL);
    {
        alecable_allocator bad;
        alecable_allocator_init(&bad);
        bad.free_fn = NULL;
        ck_assert_int_eq(alecable_model_create(&m2, &bad), ALECABLE_EINVAL);
        ck_assert_ptr_null(m2);
    }
    ck_assert_int_eq(alecable_cable_create(&c, NULL, ALECABLE_ELEMENT_AXIAL, &sec), ALECABLE_ENULL);
    ck_assert_int_eq(alecable_fix(&k, m, NULL, 0), ALECABLE_ENULL);
    ck_assert_ptr_null(k);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "node"));
    /* a cable passed where a node is expected */
    ck_assert_int_eq(alecable_fix(NULL, m, (alecable_node *)(void *)c, 0), ALECABLE_EHANDLE);
    ck_assert_int_eq(alecable_fix(NULL, (alecable_model *)(void *)c, n, 0), ALECABLE_EHANDLE);
    ck_assert_int_eq(alecable_node_position(NULL, x), ALECABLE_ENULL);
    ck_assert_int_eq(alecable_solve_quasistatic(NULL, NULL, NULL), ALECABLE_ENULL);
    /* a node of another model */
    ck_assert_int_eq(alecable_model_create(&m2, NULL), 0);
    ck_assert_int_eq(alecable_fix(NULL, m2, n, ALECABLE_DOF_X), ALECABLE_EHANDLE);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m2), "another model"));
    ck_assert_int_eq(alecable_load_distributed(NULL, m2, c, x), ALECABLE_EHANDLE);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m2), "cable"));
    alecable_model_destroy(m2);
    assert_counts(m, c, 3, 12, 0);
    alecable_model_destroy(m);
    alecable_model_destroy(NULL);
}
END_TEST

START_TEST(bad_section_is_refused)
{
    alecable_model *m;
    alecable_cable *c = (alecable_cable *)1;
    alecable_section sec;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    alecable_section_init(&sec);
    sec.E = NAN;
    sec.A = 1e-6;
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_AXIAL, &sec), ALECABLE_EINVAL);
    ck_assert_ptr_null(c);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "section.E"));
    sec.E = -1e9;
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_AXIAL, &sec), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "section.E"));
    sec.E = 1e9;
    sec.A = 0;
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_AXIAL, &sec), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "section.A"));
    sec.A = 1e-6;
    sec.rho = -1;
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_AXIAL, &sec), ALECABLE_EINVAL);
    sec.rho = 0;
    ck_assert_int_eq(alecable_cable_create(&c, m, 99, &sec), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "element_kind"));
    sec.struct_size = 0;
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_AXIAL, &sec), ALECABLE_EINVAL);
    /* nothing was added */
    ck_assert_int_eq(alecable_model_finalize(m), ALECABLE_ESTATE);
    alecable_model_destroy(m);
}
END_TEST

START_TEST(bad_elements_and_dofs_are_refused)
{
    alecable_cable *c;
    alecable_node *n;
    alecable_model *m = small(&c, &n);
    double x[3] = {2, 0, 0}, xn[3] = {NAN, 0, 0}, f[3] = {0, INFINITY, 0};
    ck_assert_int_eq(alecable_cable_add_node(NULL, c, x, 1.0), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "zero-length"));
    ck_assert_int_eq(alecable_cable_add_node(NULL, c, x, 0.5), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "inverted"));
    ck_assert_int_eq(alecable_cable_add_node(NULL, c, xn, 2.0), ALECABLE_EINVAL);
    ck_assert_int_eq(alecable_cable_add_node(NULL, c, x, NAN), ALECABLE_EINVAL);
    ck_assert_int_eq(alecable_cable_line(c, x, x, 3.0, 2.0, 2), ALECABLE_EINVAL);
    ck_assert_int_eq(alecable_cable_line(c, x, x, 2.0, 3.0, 0), ALECABLE_EINVAL);
    ck_assert_int_eq(alecable_fix(NULL, m, n, 4), ALECABLE_ERANGE);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "dof"));
    ck_assert_int_eq(alecable_fix(NULL, m, n, -1), ALECABLE_ERANGE);
    ck_assert_int_eq(alecable_prescribe(NULL, m, n, 0, NAN), ALECABLE_EINVAL);
    ck_assert_int_eq(alecable_load_node(NULL, m, n, f), ALECABLE_EINVAL);
    ck_assert_int_eq(alecable_load_material_point(NULL, m, c, 5.0, x), ALECABLE_ERANGE);
    {
        alecable_node *nodes[1] = {n};
        int dofs[1] = {7};
        double coef[1] = {1};
        ck_assert_int_eq(alecable_linear_constraint(NULL, m, 1, nodes, dofs, coef, 0, 0), ALECABLE_ERANGE);
        ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "dofs[0]"));
        dofs[0] = 0;
        coef[0] = 0;
        ck_assert_int_eq(alecable_linear_constraint(NULL, m, 1, nodes, dofs, coef, 0, 0), ALECABLE_EINVAL);
    }
    {
        alecable_element *e;
        ck_assert_int_eq(alecable_cable_element(&e, c, 2), ALECABLE_ERANGE);
        ck_assert_int_eq(alecable_cable_node(&n, c, -1), ALECABLE_ERANGE);
    }
    assert_counts(m, c, 3, 12, 0);
    alecable_model_destroy(m);
}
END_TEST

START_TEST(bad_options_are_refused)
{
    alecable_cable *c;
    alecable_node *n;
    alecable_model *m = small(&c, &n);
    alecable_quasistatic_options o;
    alecable_quasistatic_options_init(&o);
    o.load_steps = 0;
    ck_assert_int_eq(alecable_solve_quasistatic(m, &o, NULL), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "load_steps"));
    alecable_quasistatic_options_init(&o);
    o.alpha = -1;
    ck_assert_int_eq(alecable_solve_quasistatic(m, &o, NULL), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "alpha"));
    alecable_quasistatic_options_init(&o);
    o.tol_residual = NAN;
    ck_assert_int_eq(alecable_solve_quasistatic(m, &o, NULL), ALECABLE_EINVAL);
    o.struct_size = 3;
    ck_assert_int_eq(alecable_solve_quasistatic(m, &o, NULL), ALECABLE_EINVAL);
    alecable_model_destroy(m);
}
END_TEST

START_TEST(state_round_trip_and_refusal)
{
    alecable_cable *c;
    alecable_node *n;
    alecable_model *m = small(&c, &n);
    double q[12], q2[12], t, x[3];
    int idx;
    ck_assert_int_eq(alecable_model_finalize(m), 0);
    ck_assert_int_eq(alecable_model_get_state(m, q, NULL, &t), 0);
    ck_assert_int_eq(alecable_node_dof_index(n, ALECABLE_DOF_S, &idx), 0);
    ck_assert_double_eq(q[idx], 0.5);
    q[idx - 3] = 0.55;
    ck_assert_int_eq(alecable_model_set_state(m, q, NULL, 0.25), 0);
    ck_assert_int_eq(alecable_node_position(n, x), 0);
    ck_assert_double_eq(x[0], 0.55);
    q[idx] = 1.5; /* would invert the second element */
    ck_assert_int_eq(alecable_model_set_state(m, q, NULL, 0.25), ALECABLE_EINVAL);
    ck_assert_int_eq(alecable_model_get_state(m, q2, NULL, &t), 0);
    ck_assert_double_eq(q2[idx], 0.5);
    ck_assert_double_eq(t, 0.25);
    alecable_model_destroy(m);
}
END_TEST

/* a host allocator that counts */
typedef struct counter {
    long live, mallocs;
} counter;
static void *c_malloc(void *u, size_t n)
{
    ((counter *)u)->live++;
    ((counter *)u)->mallocs++;
    return malloc(n);
}
static void *c_realloc(void *u, void *p, size_t n)
{
    if (!p) {
        ((counter *)u)->live++;
        ((counter *)u)->mallocs++;
    }
    return realloc(p, n);
}
static void c_free(void *u, void *p)
{
    if (p) ((counter *)u)->live--;
    free(p);
}

START_TEST(host_allocator_is_used_and_no_allocation_per_iteration)
{
    counter cnt = {0, 0};
    alecable_allocator al;
    alecable_alloc_stats s1, s2;
    alecable_solve_report rep;
    alecable_model *m;
    alecable_allocator_init(&al);
    al.malloc_fn = c_malloc;
    al.realloc_fn = c_realloc;
    al.free_fn = c_free;
    al.user = &cnt;
    m = case_clamped(2, 0, 0, &al, NULL);
    ck_assert_int_gt(cnt.mallocs, 0);
    ck_assert_int_eq(case_solve(m, 1, 40, &rep), 0);
    ck_assert_int_gt(rep.iterations_stage1 + rep.iterations_stage2, 40);
    /* within the solve: nothing after the first Newton iteration */
    ck_assert_uint_eq(qs_allocs_after_first_iteration((const qs_ws *)m->qs), 0);
    /* a second solve on the same model allocates nothing at all */
    alecable_alloc_stats_init(&s1);
    alecable_alloc_stats_init(&s2);
    ck_assert_int_eq(alecable_model_alloc_stats(m, &s1), 0);
    ck_assert_int_eq(case_solve(m, 1, 40, &rep), 0);
    ck_assert_int_eq(alecable_model_alloc_stats(m, &s2), 0);
    ck_assert_uint_eq(s2.n_malloc + s2.n_realloc, s1.n_malloc + s1.n_realloc);
    alecable_model_destroy(m);
    ck_assert_int_eq(cnt.live, 0);
}
END_TEST

START_TEST(model_changed_after_solve_is_refinalized)
{
    alecable_cable *c;
    alecable_node *n, *n0;
    alecable_model *m = small(&c, &n);
    alecable_solve_report rep;
    alecable_quasistatic_options o;
    double f[3] = {1000, 0, 0}, x[3];
    alecable_node *n2;
    int i;
    alecable_cable_node(&n0, c, 0);
    alecable_cable_node(&n2, c, 2);
    for (i = 0; i < 4; i++) alecable_fix(NULL, m, n0, i);
    for (i = 1; i < 4; i++) alecable_fix(NULL, m, n2, i);
    for (i = 1; i < 4; i++) alecable_fix(NULL, m, n, i);
    ck_assert_int_eq(alecable_load_node(NULL, m, n2, f), 0);
    alecable_quasistatic_options_init(&o);
    o.regularization = ALECABLE_REG_NONE;
    alecable_solve_report_init(&rep);
    ck_assert_int_eq(alecable_solve_quasistatic(m, &o, &rep), 0);
    ck_assert_int_eq(alecable_node_position(n2, x), 0);
    /* N = EA eps F = 1000 N with eps = (F^2-1)/2 */
    {
        alecable_element *e;
        double N;
        alecable_cable_element(&e, c, 1);
        alecable_element_axial_force(e, &N);
        ck_assert_double_eq_tol(N, 1000.0, 1e-8 * 1000.0);
    }
    /* adding a constraint later: the model re-finalizes, the state is kept */
    ck_assert_int_eq(alecable_fix(NULL, m, n, ALECABLE_DOF_X), 0);
    ck_assert_int_eq(alecable_solve_quasistatic(m, &o, &rep), 0);
    ck_assert_int_eq(alecable_node_position(n2, f), 0);
    ck_assert_double_eq_tol(f[0], x[0], 1e-12);
    alecable_model_destroy(m);
}
END_TEST

Suite *suite_api(void)
{
    Suite *s = suite_create("public API");
    TCase *tc = tcase_create("conventions and bad input");
    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, version_agrees_with_macros);
    tcase_add_test(tc, every_status_has_a_name);
    tcase_add_test(tc, null_and_wrong_handles_are_refused);
    tcase_add_test(tc, bad_section_is_refused);
    tcase_add_test(tc, bad_elements_and_dofs_are_refused);
    tcase_add_test(tc, bad_options_are_refused);
    tcase_add_test(tc, state_round_trip_and_refusal);
    tcase_add_test(tc, host_allocator_is_used_and_no_allocation_per_iteration);
    tcase_add_test(tc, model_changed_after_solve_is_refinalized);
    suite_add_tcase(s, tc);
    return s;
}
