/* Point loads at mesh nodes of ALE cables in statics, and the stability
 * check where a body's turn has no stiffness of its own.
 *
 * Paper 000 eq. 47 gives a load at a mesh node a configurational force on the
 * node's material coordinate.  Where the node's s and position are both free,
 * statics has nothing but the regularization to place the mesh, and the
 * discrete equilibria form a family (truth seeds 2628, 3664 ended 1 cm apart
 * after one or twenty load steps): the solve refuses.  A held s makes the
 * load pull a particle (a potential, -f.x: the tangent symmetric, the
 * equilibrium checked); a node held in space keeps eq. 47, a force on the
 * material that passes there. */
#include "suites.h"

#include <alecable.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define EA 1000.0 /* E A of every cable here [N] */

static alecable_model *line_model(int kind, int n, double span, double L, alecable_cable **c, alecable_node **nodes)
{
    alecable_model *m;
    alecable_section sec;
    double a[3] = {0, 0, 0}, b[3] = {span, 0, 0};
    int i;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    alecable_section_init(&sec);
    sec.A = 1e-6;
    sec.E = EA / sec.A;
    sec.rho = 0.0;
    ck_assert_int_eq(alecable_cable_create(c, m, kind, &sec), 0);
    ck_assert_int_eq(alecable_cable_line(*c, a, b, 0.0, L, n), 0);
    for (i = 0; i <= n; i++) ck_assert_int_eq(alecable_cable_node(&nodes[i], *c, i), 0);
    for (i = 0; i <= n; i += n) {
        int d;
        for (d = ALECABLE_DOF_X; d <= ALECABLE_DOF_Z; d++) ck_assert_int_eq(alecable_fix(NULL, m, nodes[i], d), 0);
        ck_assert_int_eq(alecable_fix(NULL, m, nodes[i], ALECABLE_DOF_S), 0);
    }
    return m;
}

/* The axial element's law (lib/elements/axial.c): Green-Lagrange strain,
 * W = EA E^2 / 2 a unit of material length, E = (lam^2 - 1) / 2: tension
 * T = dW/dlam = EA lam (lam^2 - 1) / 2 and Eshelby's C = W - lam T */
static double tension(double lam) { return EA * lam * (lam * lam - 1.0) / 2.0; }
static double eshelby(double lam)
{
    double e = 0.5 * (lam * lam - 1.0);
    return 0.5 * EA * e * e - lam * tension(lam);
}

/* The elastic V: a weightless string of length L between (0,0,0) and
 * (2a,0,0), a force P down at its middle particle.  Each half: stretch lam,
 * length l = lam L / 2, angle th with cos th = a / l, and 2 T sin th = P;
 * solved for lam by bisection.  Returns the sag. */
static double v_sag(double L, double a, double P)
{
    double lo = 2.0 * a / L, hi = 2.0, lam = 1.0, l;
    int k;
    for (k = 0; k < 200; k++) {
        lam = 0.5 * (lo + hi);
        l = 0.5 * lam * L;
        if (2.0 * tension(lam) * sqrt(1.0 - (a / l) * (a / l)) > P) hi = lam;
        else lo = lam;
    }
    l = 0.5 * lam * L;
    return sqrt(l * l - a * a);
}

/* A load on a node whose s and x are free: refused, with the cable and the
 * node named, the state untouched */
START_TEST(load_on_free_node_is_refused)
{
    alecable_cable *c;
    alecable_node *nd[11];
    alecable_model *m = line_model(ALECABLE_ELEMENT_AXIAL, 10, 1.0, 1.0, &c, nd);
    double f[3] = {0, 0, -10}, q0[64], q1[64];
    int nq, st;
    ck_assert_int_eq(alecable_load_node(NULL, m, nd[4], f), 0);
    ck_assert_int_eq(alecable_model_finalize(m), 0);
    ck_assert_int_eq(alecable_model_sizes(m, &nq, NULL), 0);
    ck_assert_int_le(nq, 64);
    ck_assert_int_eq(alecable_model_get_state(m, q0, NULL, NULL), 0);
    st = alecable_solve_quasistatic(m, NULL, NULL);
    ck_assert_int_eq(st, ALECABLE_ESTATE);
    ck_assert_msg(strstr(alecable_model_errmsg(m), "cable 0 node 4") != NULL, "%s", alecable_model_errmsg(m));
    ck_assert_msg(strstr(alecable_model_errmsg(m), "ALECABLE_DOF_S") != NULL, "%s", alecable_model_errmsg(m));
    ck_assert_int_eq(alecable_model_get_state(m, q1, NULL, NULL), 0);
    ck_assert_int_eq(memcmp(q0, q1, (size_t)nq * sizeof(double)), 0);
    /* holding the node's s places the load: the solve goes on */
    ck_assert_int_eq(alecable_fix(NULL, m, nd[4], ALECABLE_DOF_S), 0);
    st = alecable_solve_quasistatic(m, NULL, NULL);
    ck_assert_msg(st == ALECABLE_OK, "%s", alecable_model_errmsg(m));
    alecable_model_destroy(m);
}
END_TEST

/* With the node's s held the load has a potential: the equilibrium is
 * checked (STABLE, not UNCHECKED as with eq. 47's asymmetric Jacobian on a
 * held s) and is the elastic V of the closed form, ALE and Lagrangian alike */
START_TEST(load_on_held_particle_is_the_elastic_v)
{
    int ale;
    for (ale = 0; ale < 2; ale++) {
        alecable_cable *c;
        alecable_node *nd[21];
        alecable_model *m = line_model(ALECABLE_ELEMENT_AXIAL, 20, 1.0, 1.02, &c, nd);
        alecable_quasistatic_options o;
        alecable_solve_report rep;
        double P = 25.0, f[3] = {0, 0, -P}, x[3], sag = v_sag(1.02, 0.5, P);
        int st;
        if (!ale) { /* the Lagrangian twin: every s held */
            int i;
            for (i = 1; i < 20; i++)
                if (i != 10) ck_assert_int_eq(alecable_fix(NULL, m, nd[i], ALECABLE_DOF_S), 0);
        }
        ck_assert_int_eq(alecable_load_node(NULL, m, nd[10], f), 0);
        ck_assert_int_eq(alecable_fix(NULL, m, nd[10], ALECABLE_DOF_S), 0);
        alecable_quasistatic_options_init(&o);
        o.load_steps = 10;
        alecable_solve_report_init(&rep);
        st = alecable_solve_quasistatic(m, &o, &rep);
        ck_assert_msg(st == ALECABLE_OK, "%s", alecable_model_errmsg(m));
        ck_assert_int_eq(rep.stability, ALECABLE_EQUILIBRIUM_STABLE);
        ck_assert_int_eq(alecable_node_position(nd[10], x), 0);
        /* straight halves: the discretization is exact, the tolerance is the solve's */
        ck_assert_msg(fabs(-x[2] - sag) < 1e-9 * sag, "ale %d: sag %.12g, closed form %.12g", ale, -x[2], sag);
        ck_assert_double_eq_tol(x[0], 0.5, 1e-12);
        alecable_model_destroy(m);
    }
}
END_TEST

/* A node held in space with its s free: eq. 47 makes the load a force on the
 * material that passes there.  Along a straight taut cable (span 2, length
 * 1.9, the middle node held at x = 1), a force F along +x on that material
 * moves material to the right until the left part pulls harder.  The
 * material equation of the node, C(lam1) - C(lam2) + F (lam1 + lam2) / 2 = 0
 * (the elements' Eshelby stresses, and eq. 70 with the two elements' mean
 * stretch, lam_i = 1 / ds_i), holds to the solve's tolerance; the force
 * balance of the material there, T1 - T2 = F, to the trapezoid rule's
 * error in the jump of C (O(dlam^2): 3e-4 here) */
START_TEST(load_on_spatially_held_node_drives_the_flow)
{
    alecable_cable *c;
    alecable_node *nd[3];
    alecable_model *m = line_model(ALECABLE_ELEMENT_AXIAL, 2, 2.0, 1.9, &c, nd);
    double F = 30.0, f[3] = {F, 0, 0}, s, l1, l2, mat;
    int d, st;
    for (d = ALECABLE_DOF_X; d <= ALECABLE_DOF_Z; d++) ck_assert_int_eq(alecable_fix(NULL, m, nd[1], d), 0);
    ck_assert_int_eq(alecable_load_node(NULL, m, nd[1], f), 0);
    st = alecable_solve_quasistatic(m, NULL, NULL);
    ck_assert_msg(st == ALECABLE_OK, "%s", alecable_model_errmsg(m));
    ck_assert_int_eq(alecable_node_material(nd[1], &s), 0);
    l1 = 1.0 / s;
    l2 = 1.0 / (1.9 - s);
    mat = eshelby(l1) - eshelby(l2) + F * 0.5 * (l1 + l2);
    ck_assert_msg(fabs(mat) < 1e-9 * F, "material equation off by %g N (s = %.12g)", mat, s);
    ck_assert_msg(fabs(tension(l1) - tension(l2) - F) < 1e-3 * F, "T1 - T2 = %.12g, F = %g", tension(l1) - tension(l2),
                  F);
    ck_assert_double_lt(s, 0.95); /* the particle there came from the left: the flow went along +x */
    alecable_model_destroy(m);
}
END_TEST

/* A body hung from a cable by a point above its centre of mass: its turn
 * about the vertical has no stiffness, and the stability check's LDL^T met
 * a zero pivot there (UNCHECKED before 0.3).  Now: STABLE, with the centre
 * below the cable's point. */
START_TEST(body_on_a_cable_is_checked)
{
    alecable_model *m;
    alecable_section sec;
    alecable_cable *c;
    alecable_node *n0, *n1;
    alecable_body *b;
    alecable_body_params bp;
    alecable_quasistatic_options o;
    alecable_solve_report rep;
    double a[3] = {0, 0, 0}, e[3] = {0, 0, -1}, g[3] = {0, 0, -9.81}, p[3] = {0, 0, 0.2}, x[3], R[9], com[3];
    int d, st;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    ck_assert_int_eq(alecable_model_set_gravity(m, g), 0);
    alecable_section_init(&sec);
    sec.A = 1e-4;
    sec.E = 1e9;
    sec.rho = 0.0;
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_AXIAL, &sec), 0);
    ck_assert_int_eq(alecable_cable_line(c, a, e, 0.0, 1.0, 4), 0);
    ck_assert_int_eq(alecable_cable_node(&n0, c, 0), 0);
    ck_assert_int_eq(alecable_cable_node(&n1, c, 4), 0);
    for (d = ALECABLE_DOF_X; d <= ALECABLE_DOF_Z; d++) ck_assert_int_eq(alecable_fix(NULL, m, n0, d), 0);
    ck_assert_int_eq(alecable_fix(NULL, m, n0, ALECABLE_DOF_S), 0);
    alecable_body_params_init(&bp);
    bp.position[2] = -1.2; /* the body frame's origin is its centre of mass */
    bp.mass = 5.0;
    bp.inertia[0] = bp.inertia[4] = bp.inertia[8] = 0.1;
    ck_assert_int_eq(alecable_body_create(&b, m, &bp), 0);
    ck_assert_int_eq(alecable_attach(NULL, m, n1, b, p, 1), 0);
    alecable_quasistatic_options_init(&o);
    o.load_steps = 4;
    alecable_solve_report_init(&rep);
    st = alecable_solve_quasistatic(m, &o, &rep);
    ck_assert_msg(st == ALECABLE_OK, "%s", alecable_model_errmsg(m));
    ck_assert_int_eq(rep.stability, ALECABLE_EQUILIBRIUM_STABLE);
    ck_assert_int_eq(alecable_body_pose(b, com, R), 0);
    ck_assert_int_eq(alecable_body_point(b, p, x), 0);
    ck_assert_msg(com[2] < x[2] - 0.19, "centre at z %g, the cable's point at %g", com[2], x[2]);
    alecable_model_destroy(m);
}
END_TEST

Suite *suite_point_loads(void)
{
    Suite *s = suite_create("point loads and body turns in statics");
    TCase *tc = tcase_create("point_loads");
    tcase_add_test(tc, load_on_free_node_is_refused);
    tcase_add_test(tc, load_on_held_particle_is_the_elastic_v);
    tcase_add_test(tc, load_on_spatially_held_node_drives_the_flow);
    tcase_add_test(tc, body_on_a_cable_is_checked);
    suite_add_tcase(s, tc);
    return s;
}
