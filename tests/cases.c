#include "cases.h"

#include <check.h>
#include <stddef.h>

alecable_model *case_clamped(int n_el, double s_mid, int lagrangian, const alecable_allocator *al,
                             alecable_cable **cable)
{
    alecable_model *m;
    alecable_cable *c;
    alecable_section sec;
    double L = 0.01, b[3] = {1e5, 0, 0};
    int i;
    ck_assert_int_eq(alecable_model_create(&m, al), 0);
    alecable_section_init(&sec);
    sec.E = 1e9;
    sec.A = 3.14159265358979323846e-6;
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_AXIAL, &sec), 0);
    for (i = 0; i <= n_el; i++) {
        double s = (n_el == 2 && i == 1 && s_mid > 0) ? s_mid : L * i / n_el;
        double x[3] = {s, 0, 0};
        alecable_node *nd;
        ck_assert_int_eq(alecable_cable_add_node(&nd, c, x, s), 0);
        if (i == 0 || i == n_el || lagrangian) ck_assert_int_eq(alecable_fix(NULL, m, nd, ALECABLE_DOF_S), 0);
        if (i == 0 || i == n_el) ck_assert_int_eq(alecable_fix(NULL, m, nd, ALECABLE_DOF_X), 0);
        ck_assert_int_eq(alecable_fix(NULL, m, nd, ALECABLE_DOF_Y), 0);
        ck_assert_int_eq(alecable_fix(NULL, m, nd, ALECABLE_DOF_Z), 0);
    }
    ck_assert_int_eq(alecable_load_distributed(NULL, m, c, b), 0);
    if (cable) *cable = c;
    return m;
}

int case_solve(alecable_model *m, int regularize, int steps, alecable_solve_report *rep)
{
    alecable_quasistatic_options o;
    alecable_quasistatic_options_init(&o);
    o.clock = ALECABLE_CLOCK_LOAD_FACTOR; /* the papers' prescribed ends move with the load factor */
    o.load_steps = steps;
    o.alpha = 100;
    o.regularization = regularize ? ALECABLE_REG_TWO_STAGE : ALECABLE_REG_NONE;
    alecable_solve_report_init(rep);
    return alecable_solve_quasistatic(m, &o, rep);
}
