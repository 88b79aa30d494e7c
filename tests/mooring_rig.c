#include "mooring_rig.h"

#include <check.h>
#include <math.h>
#include <stddef.h>

void mooring_rig_init(mooring_rig *r)
{
    r->L = 110.0;
    r->X = 90.0;
    r->Z = 28.0;
    r->w = 1000.0;
    r->EA = 1e8;
    r->k = 1e8;
    r->sink = 0.0;
    r->n = 100;
    r->start = MR_SLACK;
    r->m = NULL;
    r->c = NULL;
    r->fx = r->fz = NULL;
    r->sb = NULL;
}

void mooring_rig_build(mooring_rig *r)
{
    alecable_section sec;
    alecable_node *nd;
    double g[3] = {0, 0, -9.81}, a = (r->L * r->L - r->X * r->X - r->Z * r->Z) / (2.0 * (r->L - r->X));
    int i;
    ck_assert_int_eq(alecable_model_create(&r->m, NULL), 0);
    ck_assert_int_eq(alecable_model_set_gravity(r->m, g), 0);
    alecable_section_init(&sec);
    sec.E = r->EA;
    sec.A = 1.0;
    sec.rho = r->w / 9.81;
    ck_assert_int_eq(alecable_cable_create(&r->c, r->m, ALECABLE_ELEMENT_AXIAL, &sec), 0);
    ck_assert_int_eq(alecable_cable_set_lagrangian(r->c, 1), 0);
    for (i = 0; i <= r->n; i++) {
        double s = r->L * i / r->n, x[3] = {r->X * s / r->L, 0, r->Z * s / r->L - r->sink};
        if (r->start == MR_SLACK) { /* along the bottom to x = a, then straight up: a + |(X - a, Z)| = L */
            double f = fmax(s - a, 0.0) / (r->L - a);
            x[0] = fmin(s, a) + f * (r->X - a);
            x[2] = f * r->Z - r->sink;
        }
        ck_assert_int_eq(alecable_cable_add_node(&nd, r->c, x, s), 0);
    }
    if (r->start == MR_LAID) {
        double p0[3] = {0, 0, -r->sink}, up[3] = {0, 0, 1};
        ck_assert_int_eq(alecable_cable_lay_slack(r->c, p0, up), 0);
    }
    for (i = 0; i <= r->n; i++) { /* a plane problem; the anchor held */
        ck_assert_int_eq(alecable_cable_node(&nd, r->c, i), 0);
        ck_assert_int_eq(alecable_fix(NULL, r->m, nd, ALECABLE_DOF_Y), 0);
        if (i == 0) {
            ck_assert_int_eq(alecable_fix(NULL, r->m, nd, ALECABLE_DOF_X), 0);
            ck_assert_int_eq(alecable_fix(NULL, r->m, nd, ALECABLE_DOF_Z), 0);
        }
    }
    ck_assert_int_eq(alecable_fix(&r->fx, r->m, nd, ALECABLE_DOF_X), 0);
    ck_assert_int_eq(alecable_fix(&r->fz, r->m, nd, ALECABLE_DOF_Z), 0);
    r->sb = NULL;
    if (r->k > 0.0) {
        alecable_seabed_params sp;
        alecable_seabed_params_init(&sp);
        sp.stiffness = r->k;
        ck_assert_int_eq(alecable_load_seabed(&r->sb, r->m, r->c, &sp), 0);
    }
}

int mooring_rig_solve(mooring_rig *r, const alecable_quasistatic_options *o, double *H, double *V,
                      alecable_solve_report *rep)
{
    double lam;
    int st;
    if (rep) alecable_solve_report_init(rep);
    st = alecable_solve_quasistatic(r->m, o, rep);
    ck_assert_int_eq(alecable_constraint_multiplier(r->fx, &lam), 0);
    if (H) *H = -lam;
    ck_assert_int_eq(alecable_constraint_multiplier(r->fz, &lam), 0);
    if (V) *V = -lam;
    return st;
}
