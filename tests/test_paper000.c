/* Regression against paper 000 (sections 4.1 and 4.2) and analytic limits. */
#include "suites.h"
#include "cases.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void node_xs(alecable_cable *c, int i, double *x, double *s)
{
    alecable_node *n;
    double p[3];
    ck_assert_int_eq(alecable_cable_node(&n, c, i), 0);
    ck_assert_int_eq(alecable_node_position(n, p), 0);
    ck_assert_int_eq(alecable_node_material(n, s), 0);
    *x = p[0];
}

/* sec. 4.1: both ends translated by 1 mm in one step, middle node held in
 * space: its material coordinate goes from 5 to 4 mm (to 1e-9 mm). */
START_TEST(bar_flow_moves_material_by_translation)
{
    alecable_model *m;
    alecable_cable *c;
    alecable_section sec;
    alecable_node *nd[3];
    alecable_solve_report rep;
    double s;
    int i;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    alecable_section_init(&sec);
    sec.E = 1e9;
    sec.A = 1e-6;
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_AXIAL, &sec), 0);
    for (i = 0; i < 3; i++) {
        double x[3] = {0.005 * i, 0, 0};
        ck_assert_int_eq(alecable_cable_add_node(&nd[i], c, x, 0.005 * i), 0);
        alecable_fix(NULL, m, nd[i], ALECABLE_DOF_Y);
        alecable_fix(NULL, m, nd[i], ALECABLE_DOF_Z);
    }
    alecable_prescribe(NULL, m, nd[0], ALECABLE_DOF_X, 0.001);
    alecable_prescribe(NULL, m, nd[2], ALECABLE_DOF_X, 0.001);
    alecable_fix(NULL, m, nd[0], ALECABLE_DOF_S);
    alecable_fix(NULL, m, nd[2], ALECABLE_DOF_S);
    alecable_fix(NULL, m, nd[1], ALECABLE_DOF_X);
    ck_assert_int_eq(case_solve(m, 0, 1, &rep), 0);
    ck_assert_int_eq(alecable_node_material(nd[1], &s), 0);
    ck_assert_double_eq_tol(s, 0.004, 1e-12); /* 1e-9 mm */
    alecable_model_destroy(m);
}
END_TEST

/* sec. 4.2: s = 5.41 mm, x = 5.81 mm (paper, 2 decimals) from both starts */
START_TEST(clamped_axial_matches_paper_from_both_starts)
{
    double start[2] = {0.005, 0.002}, x[2], s[2];
    int k;
    for (k = 0; k < 2; k++) {
        alecable_cable *c;
        alecable_solve_report rep;
        alecable_model *m = case_clamped(2, start[k], 0, NULL, &c);
        ck_assert_int_eq(case_solve(m, 1, 40, &rep), 0);
        ck_assert_int_eq(rep.steps_completed, 40);
        ck_assert(rep.avg_iterations_stage1 >= 1.0);
        node_xs(c, 1, &x[k], &s[k]);
        ck_assert_double_eq_tol(s[k] * 1e3, 5.41, 0.005);
        ck_assert_double_eq_tol(x[k] * 1e3, 5.81, 0.005);
        alecable_model_destroy(m);
    }
    /* one solution whatever the start */
    ck_assert_double_eq_tol(s[0], s[1], 1e-12);
    ck_assert_double_eq_tol(x[0], x[1], 1e-12);
}
END_TEST

static double lagrangian_energy(double s_mid)
{
    alecable_solve_report rep;
    double wi, we;
    alecable_model *m = case_clamped(2, s_mid, 1, NULL, NULL);
    ck_assert_int_eq(case_solve(m, 0, 10, &rep), 0);
    ck_assert_int_eq(alecable_model_energy(m, &wi, &we), 0);
    alecable_model_destroy(m);
    return wi + we;
}

/* Fig. 9: the ALE mesh minimizes the energy over all Lagrangian 2-element meshes */
START_TEST(clamped_axial_ale_mesh_is_energy_optimal)
{
    alecable_cable *c;
    alecable_solve_report rep;
    double w_ale, wi, we, wmin = INFINITY, x, s;
    int k;
    alecable_model *m = case_clamped(2, 0, 0, NULL, &c);
    ck_assert_int_eq(case_solve(m, 1, 40, &rep), 0);
    ck_assert_int_eq(alecable_model_energy(m, &wi, &we), 0);
    w_ale = wi + we;
    node_xs(c, 1, &x, &s);
    for (k = 1; k < 100; k++) {
        double w = lagrangian_energy(1e-4 * k);
        /* 1e-12 relative: rounding of the energy sums */
        ck_assert_double_ge(w, w_ale - 1e-12 * fabs(w_ale));
        if (w < wmin) wmin = w;
    }
    /* and the Lagrangian mesh placed at the ALE node reproduces its energy */
    ck_assert_double_eq_tol(lagrangian_energy(s), w_ale, 1e-12 * fabs(w_ale));
    alecable_model_destroy(m);
}
END_TEST

/* Fig. 8: more ALE elements approach the 800-element Lagrangian solution */
START_TEST(clamped_axial_converges_with_elements)
{
    alecable_cable *cref;
    alecable_solve_report rep;
    alecable_model *ref = case_clamped(800, 0, 1, NULL, &cref);
    double prev = INFINITY;
    int n;
    ck_assert_int_eq(case_solve(ref, 0, 10, &rep), 0);
    for (n = 2; n <= 16; n *= 2) {
        alecable_cable *c;
        alecable_model *m = case_clamped(n, 0, 0, NULL, &c);
        double err = 0, *s = malloc(sizeof(double) * (size_t)(n + 1)), *x = malloc(sizeof(double) * (size_t)(n + 1));
        int i, j = 0;
        ck_assert_int_eq(case_solve(m, 1, 40, &rep), 0);
        for (i = 0; i <= n; i++) node_xs(c, i, &x[i], &s[i]);
        for (i = 0; i <= 800; i++) {
            double xr, sr, w, u;
            node_xs(cref, i, &xr, &sr);
            while (j < n - 1 && sr > s[j + 1]) j++;
            w = (sr - s[j]) / (s[j + 1] - s[j]);
            u = (1 - w) * (x[j] - s[j]) + w * (x[j + 1] - s[j + 1]);
            if (fabs(u - (xr - sr)) > err) err = fabs(u - (xr - sr));
        }
        ck_assert_double_lt(err, prev);
        prev = err;
        free(s);
        free(x);
        alecable_model_destroy(m);
    }
    /* 16 elements: within 1 % of the peak displacement (0.40 mm) */
    ck_assert_double_lt(prev, 0.004e-3);
    alecable_model_destroy(ref);
}
END_TEST

/* small load: the Lagrangian solution tends to the linear one b0 s (L-s)/(2EA) */
START_TEST(clamped_axial_small_load_matches_linear_theory)
{
    alecable_cable *c;
    alecable_solve_report rep;
    alecable_model *m = case_clamped(20, 0, 1, NULL, &c);
    alecable_load *ld = NULL;
    double b[3] = {100.0, 0, 0}, EA = 1e9 * 3.14159265358979323846e-6, L = 0.01;
    int i;
    /* replace the paper's load by a 1000 times smaller one: strain ~ 1.6e-4 */
    ck_assert_int_eq(alecable_load_distributed(&ld, m, c, b), 0);
    b[0] = -1e5;
    ck_assert_int_eq(alecable_load_distributed(NULL, m, c, b), 0);
    ck_assert_int_eq(case_solve(m, 0, 1, &rep), 0);
    for (i = 0; i <= 20; i++) {
        double x, s, u_lin;
        node_xs(c, i, &x, &s);
        u_lin = 100.0 * s * (L - s) / (2 * EA);
        /* geometric nonlinearity is O(strain): 1e-3 relative of the peak */
        ck_assert_double_eq_tol(x - s, u_lin, 1e-3 * 100.0 * L * L / (8 * EA));
    }
    alecable_model_destroy(m);
}
END_TEST

/* undeformed start: singular tangent.  Regularized: converges.  Plain
 * Newton (globalization NONE, release 0.1's solver): ALECABLE_ESINGULAR
 * and the state is left as it was.  Unregularized with the default
 * globalization: the shift carries Newton past the redundant lines. */
START_TEST(singular_start_needs_regularization)
{
    alecable_quasistatic_options o;
    alecable_solve_report rep;
    alecable_model *m = case_clamped(2, 0, 0, NULL, NULL);
    double q0[12], q1[12], l0[10], l1[10], t0, t1;
    int nq, nl, st;
    ck_assert_int_eq(alecable_model_finalize(m), 0);
    ck_assert_int_eq(alecable_model_sizes(m, &nq, &nl), 0);
    ck_assert_int_eq(nq, 12);
    ck_assert_int_eq(nl, 10);
    ck_assert_int_eq(alecable_model_get_state(m, q0, l0, &t0), 0);
    alecable_quasistatic_options_init(&o);
    o.load_steps = 40;
    o.regularization = ALECABLE_REG_NONE;
    o.globalization = ALECABLE_GLOBAL_NONE;
    alecable_solve_report_init(&rep);
    st = alecable_solve_quasistatic(m, &o, &rep);
    ck_assert_int_eq(st, ALECABLE_ESINGULAR);
    ck_assert_int_eq(rep.status, ALECABLE_ESINGULAR);
    ck_assert_int_eq(rep.steps_completed, 0);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "singular"));
    ck_assert_int_eq(alecable_model_get_state(m, q1, l1, &t1), 0);
    ck_assert_mem_eq(q0, q1, sizeof q0);
    ck_assert_mem_eq(l0, l1, sizeof l0);
    ck_assert_double_eq(t0, t1);
    ck_assert_int_eq(case_solve(m, 1, 40, &rep), 0);
    ck_assert_int_eq(alecable_model_set_state(m, q0, l0, t0), 0);
    o.globalization = ALECABLE_GLOBAL_AUTO;
    ck_assert_int_eq(alecable_solve_quasistatic(m, &o, &rep), 0);
    ck_assert_int_gt(rep.shifted_iterations, 0);
    alecable_model_destroy(m);
}
END_TEST

Suite *suite_paper000(void)
{
    Suite *s = suite_create("paper 000 regression");
    TCase *tc = tcase_create("sections 4.1-4.2");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, bar_flow_moves_material_by_translation);
    tcase_add_test(tc, clamped_axial_matches_paper_from_both_starts);
    tcase_add_test(tc, clamped_axial_ale_mesh_is_energy_optimal);
    tcase_add_test(tc, clamped_axial_converges_with_elements);
    tcase_add_test(tc, clamped_axial_small_load_matches_linear_theory);
    tcase_add_test(tc, singular_start_needs_regularization);
    suite_add_tcase(s, tc);
    return s;
}
