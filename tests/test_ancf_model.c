/* ANCF cables through the model and the quasistatic solver, against beam
 * theory: small-deflection cantilever (P L^3 / 3EI) and the large-deflection
 * elastica of a cantilever under a vertical tip load (Bisshopp & Drucker
 * 1945: for P L^2/EI = 1 the tip moves 0.30172 L down and 0.05643 L back). */
#include "suites.h"

#include <alecable.h>
#include <math.h>

static alecable_model *cantilever(int n_el, double EI, double P, alecable_node **tip, alecable_cable **cable)
{
    alecable_model *m;
    alecable_cable *c;
    alecable_section sec;
    alecable_node *n = NULL;
    double a[3] = {0, 0, 0}, b[3] = {1, 0, 0}, f[3] = {0, -P, 0};
    int i, d;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    alecable_section_init(&sec);
    sec.E = 2e11;
    sec.I = EI / sec.E;
    sec.A = 1e-2; /* EA / P ~ 1e9: inextensible for the comparison */
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_ANCF, &sec), 0);
    ck_assert_int_eq(alecable_cable_line(c, a, b, 0, 1, n_el), 0);
    for (i = 0; i <= n_el; i++) {
        ck_assert_int_eq(alecable_cable_node(&n, c, i), 0);
        ck_assert_int_eq(alecable_fix(NULL, m, n, ALECABLE_DOF_S), 0);
        if (i == 0)
            for (d = 0; d < 7; d++)
                if (d != ALECABLE_DOF_S) ck_assert_int_eq(alecable_fix(NULL, m, n, d), 0);
    }
    ck_assert_int_eq(alecable_load_node(NULL, m, n, f), 0);
    *tip = n;
    if (cable) *cable = c;
    return m;
}

START_TEST(ancf_slopes_start_on_the_chord)
{
    alecable_node *tip, *n;
    alecable_cable *c;
    alecable_model *m = cantilever(4, 1.0, 0.0, &tip, &c);
    double d[3], wi, we;
    ck_assert_int_eq(alecable_cable_node(&n, c, 2), 0);
    ck_assert_int_eq(alecable_node_slope(n, d), 0);
    ck_assert_double_eq_tol(d[0], 1.0, 1e-15);
    ck_assert_double_eq_tol(d[1], 0.0, 1e-15);
    /* a straight cable built by cable_line is stress free */
    ck_assert_int_eq(alecable_model_energy(m, &wi, &we), 0);
    ck_assert_double_eq_tol(wi, 0.0, 1e-20);
    alecable_model_destroy(m);
}
END_TEST

START_TEST(ancf_cantilever_small_deflection)
{
    alecable_node *tip;
    alecable_quasistatic_options o;
    alecable_solve_report r;
    double x[3], EI = 2e3, P = 1e-3;
    alecable_model *m = cantilever(10, EI, P, &tip, NULL);
    alecable_quasistatic_options_init(&o);
    alecable_solve_report_init(&r);
    ck_assert_int_eq(alecable_solve_quasistatic(m, &o, &r), 0);
    ck_assert_int_eq(alecable_node_position(tip, x), 0);
    /* cubic Hermite elements reproduce the cubic deflection exactly; the
     * remainder is geometric nonlinearity O((P L^2/EI)^2) ~ 1e-13 */
    ck_assert_double_eq_tol(x[1], -P / (3 * EI), 1e-9 * P / (3 * EI));
    alecable_model_destroy(m);
}
END_TEST

START_TEST(ancf_cantilever_elastica)
{
    alecable_node *tip;
    alecable_quasistatic_options o;
    alecable_solve_report r;
    double x[3];
    alecable_model *m = cantilever(20, 1.0, 1.0, &tip, NULL);
    alecable_quasistatic_options_init(&o);
    o.load_steps = 10;
    alecable_solve_report_init(&r);
    ck_assert_int_eq(alecable_solve_quasistatic(m, &o, &r), 0);
    ck_assert_int_eq(alecable_node_position(tip, x), 0);
    /* the published values carry 5 digits; 20 elements agree to 2e-4 L */
    ck_assert_double_eq_tol(-x[1], 0.30172, 2e-4);
    ck_assert_double_eq_tol(1.0 - x[0], 0.05643, 2e-4);
    alecable_model_destroy(m);
}
END_TEST

Suite *suite_ancf_model(void)
{
    Suite *s = suite_create("ANCF model");
    TCase *tc = tcase_create("beam theory");
    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, ancf_slopes_start_on_the_chord);
    tcase_add_test(tc, ancf_cantilever_small_deflection);
    tcase_add_test(tc, ancf_cantilever_elastica);
    suite_add_tcase(s, tc);
    return s;
}
