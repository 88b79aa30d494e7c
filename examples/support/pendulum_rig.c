/* The benchmarks' flexible pendulum: pendulum_rig.h */
#include "pendulum_rig.h"
#include "rig.h"

static int build(alecable_model *m, alecable_cable **cable, int kind, int elements, double E, int ale)
{
    alecable_cable *c;
    alecable_section sec;
    alecable_node *n;
    const double a[3] = {0, 0, 0}, b[3] = {1, 0, 0}, g[3] = {0, -9.81, 0};
    int i;
    alecable_section_init(&sec);
    sec.E = E;
    sec.A = M_PI * 0.25 * 0.01 * 0.01;
    sec.rho = 5000;
    sec.I = 1e-8;
    RIG_TRY(alecable_cable_create(&c, m, kind, &sec));
    RIG_TRY(alecable_cable_line(c, a, b, 0, 1, elements));
    if (kind == ALECABLE_ELEMENT_KIRCHHOFF) {
        alecable_beam_params bp;
        alecable_beam_params_init(&bp);
        bp.GJ = 1e-3 * E * sec.I;
        RIG_TRY(alecable_cable_set_beam(c, &bp));
        RIG_TRY(alecable_cable_node(&n, c, 0));
        RIG_TRY(alecable_fix(NULL, m, n, ALECABLE_DOF_ROLL));
    }
    if (!ale) RIG_TRY(alecable_cable_set_lagrangian(c, 1));
    for (i = 0; i <= elements; i++) {
        RIG_TRY(alecable_cable_node(&n, c, i));
        if (ale) RIG_TRY(alecable_fix(NULL, m, n, ALECABLE_DOF_S));
        if (i == 0) {
            RIG_TRY(alecable_fix(NULL, m, n, ALECABLE_DOF_X));
            RIG_TRY(alecable_fix(NULL, m, n, ALECABLE_DOF_Y));
            RIG_TRY(alecable_fix(NULL, m, n, ALECABLE_DOF_Z));
        }
    }
    RIG_TRY(alecable_model_set_gravity(m, g));
    if (cable) *cable = c;
    return ALECABLE_OK;
}

int pendulum_rig(alecable_model **out, alecable_cable **cable, int kind, int elements, double E, int ale)
{
    alecable_model *m;
    int st;
    *out = NULL;
    if (cable) *cable = NULL;
    if ((st = alecable_model_create(&m, NULL)) != ALECABLE_OK) return st;
    if ((st = build(m, cable, kind, elements, E, ale)) != ALECABLE_OK) {
        alecable_model_destroy(m);
        if (cable) *cable = NULL;
        return st;
    }
    *out = m;
    return ALECABLE_OK;
}
