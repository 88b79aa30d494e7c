/* Lagrangian cables (alecable_cable_set_lagrangian): the material
 * coordinates are constants, not unknowns.  The model's residual is the
 * gradient of its energy and its weighted Jacobian the derivative of its
 * residual (finite differences, every load kind that can act on such a
 * cable); the motion and the equilibrium are those of the same cable with
 * every s held by a fix; what needs s unknowns is refused. */
#include "suites.h"
#include "fd.h"
#include "problem_fd.h"

#include <alecable.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define NEL 4

/* A 3D ANCF (or axial) cable of NEL elements, pulled 0.1 % longer than its
 * material length between two pins (pins first: multipliers 0..5 are the
 * same in both variants), under gravity, a distributed load, a
 * material-point load and a node load.  lagrangian = 0 holds every s with a
 * fix instead. */
static alecable_model *taut(int kind, int lagrangian, alecable_cable **cable, alecable_node **mid)
{
    alecable_model *m;
    alecable_cable *c;
    alecable_section sec;
    alecable_node *n;
    double x0[3] = {0, 0, 0}, x1[3] = {0.8008, 0.0, 0.0}, g[3] = {0.3, 0.2, -9.81};
    double b[3] = {0.5, -0.2, 0.1}, fp[3] = {0.2, 0.4, -0.3}, fn[3] = {-0.1, 0.3, -0.5};
    int i, d;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    alecable_section_init(&sec);
    sec.E = 1e7;
    sec.A = 1e-4;
    sec.rho = 1200;
    sec.I = 1e-9;
    ck_assert_int_eq(alecable_cable_create(&c, m, kind, &sec), 0);
    ck_assert_int_eq(alecable_cable_line(c, x0, x1, 0.0, 0.8, NEL), 0);
    if (lagrangian) ck_assert_int_eq(alecable_cable_set_lagrangian(c, 1), 0);
    for (i = 0; i <= NEL; i += NEL) {
        ck_assert_int_eq(alecable_cable_node(&n, c, i), 0);
        for (d = ALECABLE_DOF_X; d <= ALECABLE_DOF_Z; d++) ck_assert_int_eq(alecable_fix(NULL, m, n, d), 0);
    }
    for (i = 0; i <= NEL && !lagrangian; i++) {
        ck_assert_int_eq(alecable_cable_node(&n, c, i), 0);
        ck_assert_int_eq(alecable_fix(NULL, m, n, ALECABLE_DOF_S), 0);
    }
    ck_assert_int_eq(alecable_model_set_gravity(m, g), 0);
    ck_assert_int_eq(alecable_load_distributed(NULL, m, c, b), 0);
    ck_assert_int_eq(alecable_load_material_point(NULL, m, c, 0.47, fp), 0);
    ck_assert_int_eq(alecable_cable_node(&n, c, NEL / 2), 0);
    ck_assert_int_eq(alecable_load_node(NULL, m, n, fn), 0);
    if (cable) *cable = c;
    if (mid) *mid = n;
    return m;
}

START_TEST(state_has_no_material_coordinates)
{
    static const int kinds[2] = {ALECABLE_ELEMENT_ANCF, ALECABLE_ELEMENT_AXIAL};
    static const int per_node[2] = {6, 3};
    int k;
    for (k = 0; k < 2; k++) {
        alecable_cable *c;
        alecable_node *n;
        alecable_model *m = taut(kinds[k], 1, &c, &n);
        int nq, nlam, idx, i;
        double s;
        ck_assert_int_eq(alecable_model_finalize(m), 0);
        ck_assert_int_eq(alecable_model_sizes(m, &nq, &nlam), 0);
        ck_assert_int_eq(nq, per_node[k] * (NEL + 1));
        ck_assert_int_eq(nlam, 6);
        ck_assert_int_eq(alecable_node_dof_index(n, ALECABLE_DOF_S, &idx), ALECABLE_ERANGE);
        ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "Lagrangian"));
        for (i = 0; i <= NEL; i++) { /* positions are consecutive, node after node */
            ck_assert_int_eq(alecable_cable_node(&n, c, i), 0);
            ck_assert_int_eq(alecable_node_dof_index(n, ALECABLE_DOF_Y, &idx), 0);
            ck_assert_int_eq(idx, per_node[k] * i + 1);
            ck_assert_int_eq(alecable_node_material(n, &s), 0);
            ck_assert_double_eq_tol(s, 0.2 * i, 1e-15);
        }
        /* switching back makes s unknowns again */
        ck_assert_int_eq(alecable_cable_set_lagrangian(c, 0), 0);
        ck_assert_int_eq(alecable_model_finalize(m), 0);
        ck_assert_int_eq(alecable_model_sizes(m, &nq, NULL), 0);
        ck_assert_int_eq(nq, (per_node[k] + 1) * (NEL + 1));
        alecable_model_destroy(m);
    }
}
END_TEST

static double energy_at(alecable_model *m, const double *q)
{
    double wi, we;
    ck_assert_int_eq(alecable_model_set_state(m, q, NULL, 1.0), 0);
    ck_assert_int_eq(alecable_model_energy(m, &wi, &we), 0);
    return wi + we;
}

/* Static residual = gradient of the energy: every load on a Lagrangian
 * cable is conservative (a node load has no configurational part). */
START_TEST(residual_is_energy_gradient)
{
    static const int kinds[2] = {ALECABLE_ELEMENT_ANCF, ALECABLE_ELEMENT_AXIAL};
    int k;
    for (k = 0; k < 2; k++) {
        alecable_model *m = taut(kinds[k], 1, NULL, NULL);
        alecable_problem p;
        unsigned st = 11u;
        double *q, *r, *g, *lam;
        int i;
        ck_assert_int_eq(alecable_model_problem(&p, m), 0);
        q = calloc((size_t)p.nq, sizeof *q);
        g = calloc((size_t)p.nq, sizeof *g);
        r = calloc((size_t)(p.nq + p.nlam), sizeof *r);
        lam = calloc((size_t)p.nlam, sizeof *lam);
        ck_assert_int_eq(alecable_model_get_state(m, q, NULL, NULL), 0);
        for (i = 0; i < p.nq; i++) q[i] += 0.01 * fd_rand(&st);
        ck_assert_int_eq(p.residual(p.ctx, 1.0, q, NULL, NULL, lam, r), 0);
        for (i = 0; i < p.nq; i++) {
            double qi = q[i], h = 1e-6 * (1 + fabs(qi)), wp, wm;
            q[i] = qi + h;
            wp = energy_at(m, q);
            q[i] = qi - h;
            wm = energy_at(m, q);
            q[i] = qi;
            g[i] = (wp - wm) / (2 * h);
        }
        ck_assert_double_le(fd_relerr(r, g, p.nq, 1e-9), 1e-6);
        free(q);
        free(g);
        free(r);
        free(lam);
        alecable_model_destroy(m);
    }
}
END_TEST

/* The weighted Jacobian cq dr/dq + cv dr/dv + ca dr/da against central
 * differences of the residual, with hydrodynamics and plane friction on top
 * of taut()'s loads, inertia, and multipliers. */
START_TEST(dynamic_jacobian_is_residual_derivative)
{
    static const int kinds[2] = {ALECABLE_ELEMENT_ANCF, ALECABLE_ELEMENT_AXIAL};
    const double w[3] = {1.3, 0.7, 0.9};
    int kk;
    for (kk = 0; kk < 2; kk++) {
        alecable_cable *c;
        alecable_model *m = taut(kinds[kk], 1, &c, NULL);
        alecable_problem p;
        unsigned st = 5u;
        double *q, *v, *a, *lam;
        int i;
        pfd_add_field_loads(m, c);
        ck_assert_int_eq(alecable_model_problem(&p, m), 0);
        q = calloc((size_t)p.nq, sizeof *q);
        v = calloc((size_t)p.nq, sizeof *v);
        a = calloc((size_t)p.nq, sizeof *a);
        lam = calloc((size_t)p.nlam, sizeof *lam);
        pfd_perturbed_state(m, p.nq, st, q, v, a);
        for (i = 0; i < p.nlam; i++) lam[i] = 3.0 * fd_rand(&st);
        ck_assert_msg(pfd_weighted_jacobian_error(&p, 1.0, q, v, a, lam, w) <= 1e-5, "element kind %d", kinds[kk]);
        free(q);
        free(v);
        free(a);
        free(lam);
        alecable_model_destroy(m);
    }
}
END_TEST

/* Tip-to-pin pendulum of 6 ANCF elements released horizontally. */
static alecable_model *pendulum6(int lagrangian, alecable_node **tip)
{
    alecable_model *m;
    alecable_cable *c;
    alecable_section sec;
    alecable_node *n = NULL;
    double x0[3] = {0, 0, 0}, x1[3] = {1, 0, 0}, g[3] = {0, -9.81, 0};
    int i, d;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    alecable_section_init(&sec);
    sec.E = 1e8;
    sec.A = 7.853981633974483e-5;
    sec.rho = 5000;
    sec.I = 1e-8;
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_ANCF, &sec), 0);
    ck_assert_int_eq(alecable_cable_line(c, x0, x1, 0.0, 1.0, 6), 0);
    if (lagrangian) ck_assert_int_eq(alecable_cable_set_lagrangian(c, 1), 0);
    ck_assert_int_eq(alecable_cable_node(&n, c, 0), 0);
    for (d = ALECABLE_DOF_X; d <= ALECABLE_DOF_Z; d++) ck_assert_int_eq(alecable_fix(NULL, m, n, d), 0);
    for (i = 0; i <= 6; i++) {
        ck_assert_int_eq(alecable_cable_node(&n, c, i), 0);
        if (!lagrangian) ck_assert_int_eq(alecable_fix(NULL, m, n, ALECABLE_DOF_S), 0);
    }
    ck_assert_int_eq(alecable_model_set_gravity(m, g), 0);
    *tip = n;
    return m;
}

/* tip position and pin reaction after t_end */
static void swing(int lagrangian, int method, double x[3], double pin[3])
{
    alecable_node *tip;
    alecable_model *m = pendulum6(lagrangian, &tip);
    alecable_integrator *it;
    alecable_dynamic_options o;
    double *q, *lam;
    int nq, nlam, i, idx;
    alecable_dynamic_options_init(&o);
    o.method = method;
    o.h = 1e-3;
    ck_assert_int_eq(alecable_model_integrator(&it, m, &o), 0);
    ck_assert_int_eq(alecable_integrator_advance(it, 0.3), 0);
    ck_assert_int_eq(alecable_model_sizes(m, &nq, &nlam), 0);
    q = calloc((size_t)nq, sizeof *q);
    lam = calloc((size_t)nlam, sizeof *lam);
    ck_assert_int_eq(alecable_integrator_get_state(it, NULL, q, NULL, NULL, lam), 0);
    for (i = 0; i < 3; i++) {
        ck_assert_int_eq(alecable_node_dof_index(tip, ALECABLE_DOF_X + i, &idx), 0);
        x[i] = q[idx];
        pin[i] = lam[i];
    }
    free(q);
    free(lam);
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
}

/* The same motion and pin reaction as the cable whose every s is held by a
 * fix, semi-implicit and implicit, to rounding (the position equations are
 * the same; only the order of some sums differs). */
START_TEST(moves_like_the_cable_with_every_s_fixed)
{
    static const int methods[2] = {ALECABLE_METHOD_SI_HHT, ALECABLE_METHOD_HHT};
    int k, i;
    for (k = 0; k < 2; k++) {
        double xl[3], xf[3], pl[3], pf[3];
        swing(1, methods[k], xl, pl);
        swing(0, methods[k], xf, pf);
        ck_assert_double_lt(xl[1], -0.1); /* it has swung down */
        for (i = 0; i < 3; i++) {
            ck_assert_double_eq_tol(xl[i], xf[i], 1e-10);
            ck_assert_double_eq_tol(pl[i], pf[i], 1e-8 * (1.0 + fabs(pf[i])));
        }
    }
}
END_TEST

/* Quasistatic equilibrium: the same positions and pin reactions as with
 * every s fixed, for both element kinds. */
START_TEST(rests_like_the_cable_with_every_s_fixed)
{
    static const int kinds[2] = {ALECABLE_ELEMENT_ANCF, ALECABLE_ELEMENT_AXIAL};
    int k, v, i, j;
    for (k = 0; k < 2; k++) {
        double x[2][NEL + 1][3], lam[2][6];
        for (v = 0; v < 2; v++) {
            alecable_cable *c;
            alecable_model *m = taut(kinds[k], v, &c, NULL);
            alecable_quasistatic_options o;
            alecable_solve_report rep;
            double *lm;
            int nlam;
            alecable_quasistatic_options_init(&o);
            o.load_steps = 4;
            o.regularization = ALECABLE_REG_NONE;
            alecable_solve_report_init(&rep);
            ck_assert_int_eq(alecable_solve_quasistatic(m, &o, &rep), 0);
            for (i = 0; i <= NEL; i++) {
                alecable_node *n;
                ck_assert_int_eq(alecable_cable_node(&n, c, i), 0);
                ck_assert_int_eq(alecable_node_position(n, x[v][i]), 0);
            }
            ck_assert_int_eq(alecable_model_sizes(m, NULL, &nlam), 0);
            lm = calloc((size_t)nlam, sizeof *lm);
            ck_assert_int_eq(alecable_model_get_state(m, NULL, lm, NULL), 0);
            for (i = 0; i < 6; i++) lam[v][i] = lm[i];
            free(lm);
            alecable_model_destroy(m);
        }
        ck_assert_double_lt(x[0][NEL / 2][2], -1e-4); /* it sags */
        for (i = 0; i <= NEL; i++)
            for (j = 0; j < 3; j++) ck_assert_double_eq_tol(x[0][i][j], x[1][i][j], 1e-11);
        for (i = 0; i < 6; i++) ck_assert_double_eq_tol(lam[0][i], lam[1][i], 1e-8 * (1.0 + fabs(lam[1][i])));
    }
}
END_TEST

START_TEST(what_needs_s_unknowns_is_refused)
{
    alecable_cable *c;
    alecable_node *n, *wn[3];
    alecable_model *m = taut(ALECABLE_ELEMENT_AXIAL, 0, &c, &n);
    alecable_body *b;
    alecable_body_params bp;
    alecable_pulley_params pp;
    alecable_joint *wrap;
    double ang[3] = {0.5, 0.0, -0.5};
    int nq0, nq;
    /* arguments */
    ck_assert_int_eq(alecable_cable_set_lagrangian(NULL, 1), ALECABLE_ENULL);
    ck_assert_int_eq(alecable_cable_set_lagrangian((alecable_cable *)n, 1), ALECABLE_EHANDLE);
    ck_assert_int_eq(alecable_cable_set_lagrangian(c, 2), ALECABLE_EINVAL);
    ck_assert_int_eq(alecable_model_finalize(m), 0); /* on = 2 changed nothing */
    ck_assert_int_eq(alecable_model_sizes(m, &nq0, NULL), 0);
    ck_assert_int_eq(nq0, 4 * (NEL + 1));
    /* taut(.., 0) holds every s with a fix: refused once Lagrangian, and
     * nothing is lost: switching back finalizes as before */
    ck_assert_int_eq(alecable_cable_set_lagrangian(c, 1), 0);
    ck_assert_int_eq(alecable_model_finalize(m), ALECABLE_ESTATE);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "Lagrangian"));
    ck_assert_int_eq(alecable_cable_set_lagrangian(c, 0), 0);
    ck_assert_int_eq(alecable_model_finalize(m), 0);
    ck_assert_int_eq(alecable_model_sizes(m, &nq, NULL), 0);
    ck_assert_int_eq(nq, nq0);
    alecable_model_destroy(m);

    /* pulley friction acts on the material equations */
    m = taut(ALECABLE_ELEMENT_AXIAL, 1, &c, NULL);
    alecable_body_params_init(&bp);
    ck_assert_int_eq(alecable_body_create(&b, m, &bp), 0);
    ck_assert_int_eq(alecable_body_fix(m, b), 0);
    alecable_pulley_params_init(&pp);
    pp.radius = 0.1;
    ck_assert_int_eq(alecable_cable_node(&wn[0], c, 1), 0);
    ck_assert_int_eq(alecable_cable_node(&wn[1], c, 2), 0);
    ck_assert_int_eq(alecable_cable_node(&wn[2], c, 3), 0);
    ck_assert_int_eq(alecable_pulley_wrap(&wrap, m, b, &pp, 3, wn, ang), 0);
    ck_assert_int_eq(alecable_model_finalize(m), 0); /* a wrap alone holds positions only */
    ck_assert_int_eq(alecable_pulley_friction(NULL, m, wrap, 0.3, +1), 0);
    ck_assert_int_eq(alecable_model_finalize(m), ALECABLE_ESTATE);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "Lagrangian"));
    alecable_model_destroy(m);
}
END_TEST

Suite *suite_lagrangian(void)
{
    Suite *s = suite_create("Lagrangian cables");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, state_has_no_material_coordinates);
    tcase_add_test(tc, residual_is_energy_gradient);
    tcase_add_test(tc, dynamic_jacobian_is_residual_derivative);
    tcase_add_test(tc, moves_like_the_cable_with_every_s_fixed);
    tcase_add_test(tc, rests_like_the_cable_with_every_s_fixed);
    tcase_add_test(tc, what_needs_s_unknowns_is_refused);
    suite_add_tcase(s, tc);
    return s;
}
