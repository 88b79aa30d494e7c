/* Regression against paper 001, benchmark 1 (flexible pendulum, sec. 4.1),
 * on a shortened horizon so the suite stays fast: energy conservation of
 * trapezoidal Newmark, dissipation of SI-BE against SI-HHT, and SI-HHT
 * against the adaptive implicit reference. */
#include "suites.h"
#include "counting_alloc.h"

#include <alecable.h>
#include <math.h>
#include <stdlib.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

#define PEND_L 1.0
#define PEND_D 0.01
#define PEND_RHO 5000.0

/* lagrangian: a Lagrangian cable instead of every s held by a fix */
static alecable_model *pendulum_alloc(double E, alecable_node **tip, const alecable_allocator *al, int lagrangian)
{
    alecable_model *m;
    alecable_cable *c;
    alecable_section sec;
    alecable_node *n = NULL;
    double a[3] = {0, 0, 0}, b[3] = {PEND_L, 0, 0}, g[3] = {0, -9.81, 0};
    int i;
    ck_assert_int_eq(alecable_model_create(&m, al), 0);
    alecable_section_init(&sec);
    sec.E = E;
    sec.A = M_PI * 0.25 * PEND_D * PEND_D;
    sec.rho = PEND_RHO;
    sec.I = 1e-8;
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_ANCF, &sec), 0);
    ck_assert_int_eq(alecable_cable_line(c, a, b, 0, PEND_L, 10), 0);
    if (lagrangian) ck_assert_int_eq(alecable_cable_set_lagrangian(c, 1), 0);
    for (i = 0; i <= 10; i++) {
        ck_assert_int_eq(alecable_cable_node(&n, c, i), 0);
        if (!lagrangian) ck_assert_int_eq(alecable_fix(NULL, m, n, ALECABLE_DOF_S), 0);
        if (i == 0) {
            ck_assert_int_eq(alecable_fix(NULL, m, n, ALECABLE_DOF_X), 0);
            ck_assert_int_eq(alecable_fix(NULL, m, n, ALECABLE_DOF_Y), 0);
            ck_assert_int_eq(alecable_fix(NULL, m, n, ALECABLE_DOF_Z), 0);
        }
    }
    ck_assert_int_eq(alecable_model_set_gravity(m, g), 0);
    *tip = n;
    return m;
}

static alecable_model *pendulum(double E, alecable_node **tip) { return pendulum_alloc(E, tip, NULL, 0); }

typedef struct trace {
    int n;
    double y[201];        /* tip height every 0.01 s */
    double e_min, e_max;  /* total energy extremes */
} trace;

static void simulate(int method, double h, int adaptive, double t_end, trace *tr)
{
    alecable_node *tip;
    alecable_model *m = pendulum(1e8, &tip);
    alecable_integrator *it;
    alecable_dynamic_options o;
    double x[3], wi, we, T;
    int k;
    alecable_dynamic_options_init(&o);
    o.method = method;
    o.h = h;
    o.adaptive = adaptive;
    o.atol = 1e-6;
    ck_assert_int_eq(alecable_model_integrator(&it, m, &o), 0);
    tr->n = (int)(t_end / 0.01 + 0.5);
    ck_assert_int_le(tr->n, 200);
    tr->e_min = INFINITY;
    tr->e_max = -INFINITY;
    for (k = 0; k <= tr->n; k++) {
        double e;
        if (k > 0) ck_assert_int_eq(alecable_integrator_advance(it, 0.01 * k), 0);
        ck_assert_int_eq(alecable_model_pull_state(m, it), 0);
        ck_assert_int_eq(alecable_node_position(tip, x), 0);
        tr->y[k] = x[1];
        ck_assert_int_eq(alecable_model_energy(m, &wi, &we), 0);
        ck_assert_int_eq(alecable_model_kinetic_energy(m, &T), 0);
        e = wi + we + T;
        if (e < tr->e_min) tr->e_min = e;
        if (e > tr->e_max) tr->e_max = e;
    }
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
}

/* energy scale: the potential-energy drop of the centre of mass, m g L / 2 */
static double energy_scale(void) { return 0.5 * PEND_RHO * M_PI * 0.25 * PEND_D * PEND_D * PEND_L * 9.81 * PEND_L; }

START_TEST(newmark_conserves_pendulum_energy)
{
    trace tr;
    simulate(ALECABLE_METHOD_NEWMARK, 1e-3, 0, 1.0, &tr);
    /* the issue asks 1e-3 at h = 1e-4 over 10 s; at h = 1e-3 over 1 s the
     * trapezoidal rule already keeps 1e-4 */
    ck_assert_double_le((tr.e_max - tr.e_min) / energy_scale(), 1e-4);
    /* the pendulum has swung down */
    ck_assert_double_lt(tr.y[50], -0.5);
}
END_TEST

START_TEST(si_be_dissipates_more_than_si_hht)
{
    trace be, hht;
    simulate(ALECABLE_METHOD_SI_BE, 1e-3, 0, 2.0, &be);
    simulate(ALECABLE_METHOD_SI_HHT, 1e-3, 0, 2.0, &hht);
    ck_assert_double_ge(be.e_max - be.e_min, 10.0 * (hht.e_max - hht.e_min));
}
END_TEST

START_TEST(si_hht_matches_adaptive_reference)
{
    trace ref, si;
    double mae = 0;
    int k;
    simulate(ALECABLE_METHOD_NEWMARK, 1e-3, 1, 1.0, &ref);
    simulate(ALECABLE_METHOD_SI_HHT, 1e-3, 0, 1.0, &si);
    for (k = 0; k <= si.n; k++) mae += fabs(si.y[k] - ref.y[k]);
    mae /= si.n + 1;
    /* paper Table 4 (E = 1e8, h = 1e-3): 4.98 mm over 10 s; the issue: <= 10 mm */
    ck_assert_double_le(mae, 10e-3);
}
END_TEST


/* Benchmark 3 (sec. 4.3): 1 m tether, 0.5 m on a table, 0.5 m hanging; the
 * node at the edge is fixed in space with a free material coordinate.  Same
 * set-up as examples/sliding_tether.c (1 table and 5 hanging elements). */
static alecable_model *tether(double mu, int hold, alecable_node **first)
{
    alecable_model *m;
    alecable_cable *c;
    alecable_section sec;
    alecable_node *n;
    double end[3] = {-0.5, 0, 0}, edge[3] = {0, 0, 0}, bottom[3] = {0, -0.5, 0}, w[3] = {0, 0, 0};
    double corner[3] = {0.70710678118654752, -0.70710678118654752, 0};
    int i;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    alecable_section_init(&sec);
    sec.E = 1e7;
    sec.A = M_PI * 0.25 * PEND_D * PEND_D;
    sec.rho = PEND_RHO;
    sec.I = 1e-8;
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_ANCF, &sec), 0);
    ck_assert_int_eq(alecable_cable_line(c, end, edge, 0.0, 0.5, 1), 0);
    ck_assert_int_eq(alecable_cable_line(c, edge, bottom, 0.5, 1.0, 5), 0);
    for (i = 0; i < 7; i++) {
        ck_assert_int_eq(alecable_cable_node(&n, c, i), 0);
        alecable_fix(NULL, m, n, ALECABLE_DOF_Z);
        alecable_fix(NULL, m, n, ALECABLE_DOF_DZ);
        if (i == 0) {
            alecable_fix(NULL, m, n, ALECABLE_DOF_Y);
            alecable_fix(NULL, m, n, ALECABLE_DOF_DY);
            if (hold) alecable_fix(NULL, m, n, ALECABLE_DOF_X);
            *first = n;
        }
        if (i == 1) {
            ck_assert_int_eq(alecable_node_set_slope(n, corner), 0);
            alecable_fix(NULL, m, n, ALECABLE_DOF_X);
            alecable_fix(NULL, m, n, ALECABLE_DOF_Y);
        } else {
            alecable_fix(NULL, m, n, ALECABLE_DOF_S);
        }
    }
    w[1] = -9.81 * sec.rho * sec.A;
    ck_assert_int_eq(alecable_load_distributed_range(NULL, m, c, 1, 5, w), 0);
    if (mu > 0) {
        alecable_friction_plane_params fp;
        alecable_friction_plane_params_init(&fp);
        fp.normal[1] = 1;
        fp.normal[2] = 0;
        fp.mu = mu;
        fp.eps = 1e-3;
        fp.weight = 0;
        fp.normal_load = -w[1];
        fp.gap = 1.0;
        fp.n_elements = 1;
        ck_assert_int_eq(alecable_load_friction_plane(NULL, m, c, &fp), 0);
    }
    return m;
}

/* displacement of the first node every 1 ms, released from the static
 * equilibrium with that node held */
static void slide(double mu, int method, double h, int adaptive, double t_end, double *u, double *e_range)
{
    alecable_node *first;
    alecable_model *held = tether(mu, 1, &first), *m;
    alecable_integrator *it;
    alecable_dynamic_options o;
    alecable_quasistatic_options qo;
    alecable_solve_report rep;
    double q[100], x[3], x0, wi, we, T, emin = INFINITY, emax = -INFINITY;
    int nq, k, n = (int)(t_end / 1e-3 + 0.5);
    alecable_quasistatic_options_init(&qo);
    qo.load_steps = 10;
    alecable_solve_report_init(&rep);
    ck_assert_int_eq(alecable_solve_quasistatic(held, &qo, &rep), 0);
    ck_assert_int_eq(alecable_model_sizes(held, &nq, NULL), 0);
    ck_assert_int_le(nq, 100);
    ck_assert_int_eq(alecable_model_get_state(held, q, NULL, NULL), 0);
    alecable_model_destroy(held);
    m = tether(mu, 0, &first);
    ck_assert_int_eq(alecable_model_finalize(m), 0);
    ck_assert_int_eq(alecable_model_set_state(m, q, NULL, 0.0), 0);
    alecable_node_position(first, x);
    x0 = x[0];
    alecable_dynamic_options_init(&o);
    o.method = method;
    o.h = h;
    o.adaptive = adaptive;
    o.atol = 1e-6;
    ck_assert_int_eq(alecable_model_integrator(&it, m, &o), 0);
    for (k = 0; k <= n; k++) {
        if (k > 0) ck_assert_int_eq(alecable_integrator_advance(it, 1e-3 * k), 0);
        ck_assert_int_eq(alecable_model_pull_state(m, it), 0);
        alecable_node_position(first, x);
        u[k] = x[0] - x0;
        alecable_model_energy(m, &wi, &we);
        alecable_model_kinetic_energy(m, &T);
        if (wi + we + T < emin) emin = wi + we + T;
        if (wi + we + T > emax) emax = wi + we + T;
    }
    *e_range = emax - emin;
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
}

START_TEST(sliding_tether_conserves_energy_without_friction)
{
    double u[401], range, scale = PEND_RHO * M_PI * 0.25 * PEND_D * PEND_D * 9.81 * 0.25;
    slide(0.0, ALECABLE_METHOD_NEWMARK, 1e-4, 0, 0.4, u, &range);
    /* the issue: 0.5 % (this checks the ALE inertia); measured ~1e-7 */
    ck_assert_double_le(range / scale, 5e-3);
    ck_assert_double_gt(u[400], 0.1); /* the tether slid */
}
END_TEST

START_TEST(sliding_tether_si_hht_matches_reference)
{
    static const double mu[2] = {0.0, 0.4}, table7_h1e3[2] = {2.52e-3, 3.03e-3};
    double u[601], ref[601], range;
    int c, k, n;
    for (c = 0; c < 2; c++) {
        double mae = 0, t_end = c ? 0.6 : 0.4;
        n = (int)(t_end / 1e-3 + 0.5);
        slide(mu[c], ALECABLE_METHOD_NEWMARK, 1e-3, 1, t_end, ref, &range);
        slide(mu[c], ALECABLE_METHOD_SI_HHT, 1e-3, 0, t_end, u, &range);
        for (k = 0; k <= n; k++) mae += fabs(u[k] - ref[k]);
        mae /= n + 1;
        /* paper Table 7, h = 1e-3: 2.52 mm (mu = 0) and 3.03 mm (mu = 0.4) */
        ck_assert_double_le(mae, table7_h1e3[c]);
    }
}
END_TEST

/* A host allocator that counts every call (model and integrator alike). */
/* No allocation in a step after the first on a cable model, where the
 * default solver condenses the held dofs and factors a band: SI-HHT (one
 * factorization per step) and implicit Newmark (several), with every s held
 * by a fix and on a Lagrangian cable. */
START_TEST(no_allocation_per_step_on_the_pendulum)
{
    static const int methods[2] = {ALECABLE_METHOD_SI_HHT, ALECABLE_METHOD_NEWMARK};
    alecable_allocator al;
    int k, n;
    counting_alloc_init(&al);
    for (k = 0; k < 4; k++) {
        alecable_node *tip;
        alecable_model *m = pendulum_alloc(1e8, &tip, &al, k / 2);
        alecable_integrator *it;
        alecable_dynamic_options o;
        long c0;
        alecable_dynamic_options_init(&o);
        o.method = methods[k % 2];
        o.h = 1e-3;
        counting_alloc_calls = 0;
        ck_assert_int_eq(alecable_model_integrator(&it, m, &o), 0);
        ck_assert_int_eq(alecable_integrator_step(it, 1e-3), 0);
        ck_assert_int_gt(counting_alloc_calls, 0); /* the counter sees the integrator's workspaces */
        c0 = counting_alloc_calls;
        for (n = 0; n < 50; n++) ck_assert_int_eq(alecable_integrator_step(it, 1e-3), 0);
        ck_assert_int_eq(counting_alloc_calls, c0);
        alecable_integrator_destroy(it);
        alecable_model_destroy(m);
    }
}
END_TEST

/* SI-HHT carries its force history F_n through the problem's inertia
 * callback (one residual per step); without the callback it evaluates F_n
 * (two).  The two differ by the linearization error of a step about a
 * predictor that is already close to the new state, and the recursion damps
 * it by alpha/(1 + alpha): on the pendulum the states agree to 1e-14 m after
 * 500 steps (asserted: 1e-10 m). */
START_TEST(si_hht_carried_force_history_equals_evaluated)
{
    alecable_integrator *it;
    alecable_dynamic_options o;
    alecable_problem p[3];
    alecable_step_stats st[3];
    alecable_node *tip;
    alecable_model *m = pendulum_alloc(1e8, &tip, NULL, 1);
    double *q[3], dmax = 0.0;
    int nq, k, i, steps = 500;
    ck_assert_int_eq(alecable_model_problem(&p[0], m), 0);
    p[1] = p[0];
    p[1].inertia = NULL;
    p[2] = p[0];
    nq = p[0].nq;
    for (k = 0; k < 3; k++) { /* carried; evaluated (no callback); evaluated (asked) */
        double *v = calloc((size_t)nq, sizeof *v);
        alecable_dynamic_options_init(&o);
        o.method = ALECABLE_METHOD_SI_HHT;
        o.h = 1e-3;
        if (k == 2) o.hht_history = ALECABLE_HHT_HISTORY_EVALUATE;
        q[k] = calloc((size_t)nq, sizeof *q[k]);
        ck_assert_int_eq(alecable_model_get_state(m, q[k], NULL, NULL), 0);
        ck_assert_int_eq(alecable_integrator_create(&it, &p[k], &o, NULL), 0);
        ck_assert_int_eq(alecable_integrator_set_state(it, 0.0, q[k], v, NULL, NULL), 0);
        for (i = 0; i < steps; i++) ck_assert_int_eq(alecable_integrator_step(it, 1e-3), 0);
        ck_assert_int_eq(alecable_integrator_get_state(it, NULL, q[k], NULL, NULL, NULL), 0);
        alecable_step_stats_init(&st[k]);
        ck_assert_int_eq(alecable_integrator_stats(it, &st[k]), 0);
        alecable_integrator_destroy(it);
        free(v);
    }
    /* the consistent start and F_0 once, then r(l) per step */
    ck_assert_int_eq(st[0].residual_evals, steps + 2);
    ck_assert_int_eq(st[1].residual_evals, 2 * steps + 1);
    ck_assert_int_eq(st[2].residual_evals, 2 * steps + 1);
    for (i = 0; i < nq; i++) {
        dmax = fmax(dmax, fabs(q[0][i] - q[1][i]));
        ck_assert_double_eq(q[2][i], q[1][i]);
    }
    ck_assert_double_lt(dmax, 1e-10);
    ck_assert_int_eq(alecable_node_dof_index(tip, ALECABLE_DOF_Y, &i), 0);
    ck_assert_double_lt(q[0][i], -0.2); /* it has swung down */
    for (k = 0; k < 3; k++) free(q[k]);
    alecable_model_destroy(m);
}
END_TEST

/* State after 100 steps of h = 1e-3 from the model's initial state. */
static void run_with_solver(alecable_model *m, int method, int solver, double *q, double *lam, int *nq, int *nlam,
                            alecable_step_stats *st)
{
    alecable_integrator *it;
    alecable_dynamic_options o;
    alecable_dynamic_options_init(&o);
    o.method = method;
    o.h = 1e-3;
    o.linear_solver = solver;
    ck_assert_int_eq(alecable_model_integrator(&it, m, &o), 0);
    ck_assert_int_eq(alecable_integrator_advance(it, 0.1), 0);
    ck_assert_int_eq(alecable_model_sizes(m, nq, nlam), 0);
    ck_assert_int_eq(alecable_integrator_get_state(it, NULL, q, NULL, NULL, lam), 0);
    alecable_step_stats_init(st);
    ck_assert_int_eq(alecable_integrator_stats(it, st), 0);
    alecable_integrator_destroy(it);
}

/* Every linear solver gives the same motion and multipliers: the band
 * solver's LDL^T (pendulum: all constraints condensed, symmetric matrix),
 * its LU (tether: a free material coordinate and friction, unsymmetric),
 * KLU and UMFPACK; the band solver counts its flops, the model its kernels'. */
START_TEST(linear_solvers_agree_on_cable_models)
{
    static const int solvers[3] = {ALECABLE_LINSOLVE_KLU, ALECABLE_LINSOLVE_BAND, ALECABLE_LINSOLVE_AUTO};
    static const int methods[2] = {ALECABLE_METHOD_SI_HHT, ALECABLE_METHOD_HHT};
    int c, k, mi, i;
    for (c = 0; c < 2; c++)
        for (mi = 0; mi < 2; mi++) {
            double q0[100], l0[100], q[100], l[100], qn = 0, ln = 0;
            int nq, nlam;
            alecable_step_stats st;
            alecable_node *nd;
            alecable_model *m = c ? tether(0.4, 0, &nd) : pendulum(1e8, &nd);
            run_with_solver(m, methods[mi], ALECABLE_LINSOLVE_UMFPACK, q0, l0, &nq, &nlam, &st);
            ck_assert_int_le(nq, 100);
            ck_assert_int_le(nlam, 100);
            for (i = 0; i < nq; i++) qn = fmax(qn, fabs(q0[i]));
            for (i = 0; i < nlam; i++) ln = fmax(ln, fabs(l0[i]));
            for (k = 0; k < 3; k++) {
                run_with_solver(m, methods[mi], solvers[k], q, l, &nq, &nlam, &st);
                for (i = 0; i < nq; i++) ck_assert_double_eq_tol(q[i], q0[i], 1e-10 * qn);
                for (i = 0; i < nlam; i++) ck_assert_double_eq_tol(l[i], l0[i], 1e-8 * ln);
                ck_assert_double_gt(st.model_flops, 0.0);
                if (solvers[k] != ALECABLE_LINSOLVE_KLU) ck_assert_double_gt(st.linear_flops, 0.0);
                else ck_assert_double_eq(st.linear_flops, 0.0);
            }
            alecable_model_destroy(m);
        }
}
END_TEST

/* Morison drag in dynamics: a horizontal cable sinking in still water reaches
 * the terminal velocity where normal drag balances weight minus buoyancy,
 * 1/2 rho_f d C_dn V^2 = (rho - rho_f) A g. */
START_TEST(sinking_cable_reaches_terminal_velocity)
{
    alecable_model *m;
    alecable_cable *c;
    alecable_section sec;
    alecable_hydro_params hp;
    alecable_integrator *it;
    alecable_dynamic_options o;
    alecable_node *n;
    double a[3] = {0, 0, 0}, b[3] = {1, 0, 0}, g[3] = {0, -9.81, 0}, q[100], v[100], t, V;
    double A = M_PI * 0.25 * PEND_D * PEND_D, rho = 2000, rho_f = 1000, cdn = 1.2;
    int i, nq, iy;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    alecable_section_init(&sec);
    sec.E = 1e8;
    sec.A = A;
    sec.rho = rho;
    sec.I = 1e-8;
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_ANCF, &sec), 0);
    ck_assert_int_eq(alecable_cable_line(c, a, b, 0, 1, 4), 0);
    for (i = 0; i <= 4; i++) {
        ck_assert_int_eq(alecable_cable_node(&n, c, i), 0);
        ck_assert_int_eq(alecable_fix(NULL, m, n, ALECABLE_DOF_S), 0);
    }
    ck_assert_int_eq(alecable_model_set_gravity(m, g), 0);
    alecable_hydro_params_init(&hp);
    hp.rho_f = rho_f;
    hp.diameter = PEND_D;
    hp.C_dn = cdn;
    hp.stiff = 1;
    ck_assert_int_eq(alecable_load_hydro(NULL, m, c, &hp), 0);
    alecable_dynamic_options_init(&o);
    o.method = ALECABLE_METHOD_HHT;
    o.h = 1e-3;
    ck_assert_int_eq(alecable_model_integrator(&it, m, &o), 0);
    ck_assert_int_eq(alecable_integrator_advance(it, 3.0), 0);
    ck_assert_int_eq(alecable_integrator_get_state(it, &t, q, v, NULL, NULL), 0);
    ck_assert_int_eq(alecable_model_sizes(m, &nq, NULL), 0);
    ck_assert_int_le(nq, 100);
    ck_assert_int_eq(alecable_cable_node(&n, c, 2), 0);
    ck_assert_int_eq(alecable_node_dof_index(n, ALECABLE_DOF_Y, &iy), 0);
    V = sqrt(2 * (rho - rho_f) * A * 9.81 / (rho_f * PEND_D * cdn));
    /* after 3 s (~20 time constants) the approach is complete to 1e-6 */
    ck_assert_double_eq_tol(-v[iy], V, 1e-4 * V);
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
}
END_TEST

Suite *suite_paper001(void)
{
    Suite *s = suite_create("paper 001 regression");
    TCase *tc = tcase_create("flexible pendulum");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, newmark_conserves_pendulum_energy);
    tcase_add_test(tc, si_be_dissipates_more_than_si_hht);
    tcase_add_test(tc, si_hht_matches_adaptive_reference);
    tcase_add_test(tc, sliding_tether_conserves_energy_without_friction);
    tcase_add_test(tc, sliding_tether_si_hht_matches_reference);
    tcase_add_test(tc, sinking_cable_reaches_terminal_velocity);
    tcase_add_test(tc, linear_solvers_agree_on_cable_models);
    tcase_add_test(tc, no_allocation_per_step_on_the_pendulum);
    tcase_add_test(tc, si_hht_carried_force_history_equals_evaluated);
    suite_add_tcase(s, tc);
    return s;
}
