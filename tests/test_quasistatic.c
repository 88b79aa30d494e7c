/* The quasistatic solver: regularization stage 2 and its rank detection, the
 * problem interface driven by a host's own equations, restoring the state
 * after a failure, and load kinds that must agree with each other. */
#include "suites.h"
#include "cases.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A cable stretched by its end: uniform strain makes the interior node's
 * material coordinate arbitrary (paper 000 sec. 3.4 and 4.3.1).  Stage 2 must
 * find that dependent line and keep the node at its initial s. */
START_TEST(stage2_finds_dependent_line_and_keeps_material_coordinate)
{
    alecable_model *m;
    alecable_cable *c;
    alecable_section sec;
    alecable_node *n[4];
    alecable_quasistatic_options o;
    alecable_solve_report rep;
    const int *lines;
    double s1, s2, eps[3];
    int i, count, idx1, idx2, k, found1 = 0, found2 = 0;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    alecable_section_init(&sec);
    sec.E = 3e9;
    sec.A = 7.069e-6;
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_AXIAL, &sec), 0);
    for (i = 0; i < 4; i++) {
        double s = i == 0 ? 0 : i == 1 ? 0.03 : i == 2 ? 0.17 : 0.3, x[3] = {s, 0, 0};
        ck_assert_int_eq(alecable_cable_add_node(&n[i], c, x, s), 0);
        alecable_fix(NULL, m, n[i], ALECABLE_DOF_Y);
        alecable_fix(NULL, m, n[i], ALECABLE_DOF_Z);
    }
    alecable_fix(NULL, m, n[0], ALECABLE_DOF_X);
    alecable_fix(NULL, m, n[0], ALECABLE_DOF_S);
    alecable_fix(NULL, m, n[3], ALECABLE_DOF_S);
    alecable_prescribe(NULL, m, n[3], ALECABLE_DOF_X, 0.02);
    alecable_quasistatic_options_init(&o);
    o.clock = ALECABLE_CLOCK_LOAD_FACTOR; /* the motion goes with the load steps */
    o.load_steps = 20;
    o.alpha = 1;
    alecable_solve_report_init(&rep);
    ck_assert_int_eq(alecable_solve_quasistatic(m, &o, &rep), 0);
    alecable_node_material(n[1], &s1);
    alecable_node_material(n[2], &s2);
    /* non-unique solution: the regularization keeps the initial material coordinates */
    ck_assert_double_eq_tol(s1, 0.03, 1e-12);
    ck_assert_double_eq_tol(s2, 0.17, 1e-12);
    for (i = 0; i < 3; i++) {
        alecable_element *e;
        alecable_cable_element(&e, c, i);
        alecable_element_strain(e, &eps[i]);
    }
    ck_assert_double_eq_tol(eps[0], eps[2], 1e-10 * eps[0]);
    ck_assert_double_eq_tol(eps[1], eps[2], 1e-10 * eps[0]);
    /* both free material lines were found dependent at the last step */
    ck_assert_int_ge(rep.dependent_max, 1);
    ck_assert_int_eq(alecable_report_dependent(m, 19, &lines, &count), 0);
    ck_assert_int_ge(count, 1);
    ck_assert_int_eq(alecable_node_dof_index(n[1], ALECABLE_DOF_S, &idx1), 0);
    ck_assert_int_eq(alecable_node_dof_index(n[2], ALECABLE_DOF_S, &idx2), 0);
    for (k = 0; k < count; k++) {
        if (lines[k] == idx1) found1 = 1;
        if (lines[k] == idx2) found2 = 1;
        /* only material lines are ever regularized */
        ck_assert(lines[k] == idx1 || lines[k] == idx2);
    }
    ck_assert(found1 || found2);
    ck_assert_int_eq(alecable_report_dependent(m, 20, &lines, &count), ALECABLE_ERANGE);
    alecable_model_destroy(m);
}
END_TEST

/* A host code's own problem: W = k/2 (q0 - 1)^2 + c/4 q1^4, g = q0 - q1 - t d. */
typedef struct host { double k, c, d; } host;
static const int H_COLPTR[4] = {0, 2, 4, 7};
static const int H_ROWIDX[7] = {0, 2, 1, 2, 0, 1, 2};

static int h_res(void *ctx, double t, const double *q, const double *v, const double *a, const double *lam, double *r)
{
    const host *h = (const host *)ctx;
    (void)v;
    (void)a;
    r[0] = h->k * (q[0] - 1) + lam[0];
    r[1] = h->c * q[1] * q[1] * q[1] - lam[0];
    r[2] = q[0] - q[1] - t * h->d;
    return 0;
}

static int h_jac(void *ctx, double t, const double *q, const double *v, const double *a, const double *lam, double cq,
                 double cv, double ca, int flags, double *vals)
{
    const host *h = (const host *)ctx;
    (void)t;
    (void)v;
    (void)a;
    (void)lam;
    (void)cv;
    (void)ca;
    (void)flags;
    vals[0] = cq * h->k;
    vals[1] = 1;
    vals[2] = cq * 3 * h->c * q[1] * q[1];
    vals[3] = -1;
    vals[4] = 1;
    vals[5] = -1;
    vals[6] = 0;
    return 0;
}

START_TEST(host_problem_runs_through_the_same_solver)
{
    host h = {10, 2, 0.5};
    alecable_problem p;
    alecable_quasistatic_options o;
    alecable_solve_report rep;
    double q[2] = {0, 0}, lam[1] = {0};
    memset(&p, 0, sizeof p);
    p.struct_size = sizeof p;
    p.ctx = &h;
    p.nq = 2;
    p.nlam = 1;
    p.nnz = 7;
    p.colptr = H_COLPTR;
    p.rowidx = H_ROWIDX;
    p.residual = h_res;
    p.jacobian = h_jac;
    alecable_quasistatic_options_init(&o);
    o.regularization = ALECABLE_REG_NONE;
    o.load_steps = 5;
    alecable_solve_report_init(&rep);
    ck_assert_int_eq(alecable_problem_solve_quasistatic(&p, &o, NULL, q, lam, &rep), 0);
    ck_assert_int_eq(rep.steps_completed, 5);
    /* stationarity: k (q0 - 1) + c q1^3 = 0 with q0 = q1 + 0.5 */
    ck_assert_double_eq_tol(q[0] - q[1], 0.5, 1e-12);
    ck_assert_double_eq_tol(h.k * (q[0] - 1) + h.c * q[1] * q[1] * q[1], 0.0, 1e-9);
    ck_assert_double_eq_tol(lam[0], -h.k * (q[0] - 1), 1e-9);
    /* a pattern without its diagonal is refused */
    p.nnz = 6;
    ck_assert_int_eq(alecable_problem_solve_quasistatic(&p, &o, NULL, q, lam, &rep), ALECABLE_EINVAL);
}
END_TEST

/* A Newton stall whatever the linear solver: a host whose Jacobian (1e20) is
 * far too stiff for its residual (a constant 5e7) gets increments of 5e-13,
 * below tol_increment, while the residual stays 3.5 times above the
 * roundoff floor's stall limit (10 * 64 eps * 1e20).  That is an error
 * (ALECABLE_ENOCONV at the first check), never a converged step.  The
 * finger's SPQR stall (test_finger.c) shows the same with a real solver in
 * the default build; this one also runs in the GPL-free build. */
static int stall_res(void *ctx, double t, const double *q, const double *v, const double *a, const double *lam,
                     double *r)
{
    (void)ctx;
    (void)t;
    (void)q;
    (void)v;
    (void)a;
    (void)lam;
    r[0] = 5e7;
    return 0;
}

static int stall_jac(void *ctx, double t, const double *q, const double *v, const double *a, const double *lam,
                     double cq, double cv, double ca, int flags, double *vals)
{
    (void)ctx;
    (void)t;
    (void)q;
    (void)v;
    (void)a;
    (void)lam;
    (void)cv;
    (void)ca;
    (void)flags;
    vals[0] = cq * 1e20;
    return 0;
}

START_TEST(stalled_newton_is_an_error_whatever_the_solver)
{
    static const int colptr[2] = {0, 1}, rowidx[1] = {0};
    static const int solvers[3] = {ALECABLE_LINSOLVE_UMFPACK, ALECABLE_LINSOLVE_KLU, ALECABLE_LINSOLVE_SPQR};
    alecable_problem p;
    alecable_quasistatic_options o;
    alecable_solve_report rep;
    int k;
    memset(&p, 0, sizeof p);
    p.struct_size = sizeof p;
    p.nq = 1;
    p.nnz = 1;
    p.colptr = colptr;
    p.rowidx = rowidx;
    p.residual = stall_res;
    p.jacobian = stall_jac;
    for (k = 0; k < 3; k++) {
        double q[1] = {0};
        alecable_quasistatic_options_init(&o);
        o.regularization = ALECABLE_REG_NONE;
        o.globalization = ALECABLE_GLOBAL_NONE; /* no retry: the first verdict counts */
        o.linear_solver = solvers[k];
        alecable_solve_report_init(&rep);
        ck_assert_int_eq(alecable_problem_solve_quasistatic(&p, &o, NULL, q, NULL, &rep), ALECABLE_ENOCONV);
        ck_assert_int_eq(rep.steps_completed, 0);
        /* stopped by the stall test after one increment, not by max_iterations */
        ck_assert_int_eq(rep.iterations_stage1, 1);
        ck_assert_double_eq(q[0], 0.0); /* the start is given back */
    }
}
END_TEST

/* A solve of zero length (t0 = t1) whose step fails is a failure even with
 * step cutting on: a zero-length step has no sub-steps to cut into (0.3
 * returned ALECABLE_OK there with the start given back, the equations
 * unmet; found by the reeving example's hauls) */
START_TEST(failed_zero_length_step_fails)
{
    static const int colptr[2] = {0, 1}, rowidx[1] = {0};
    alecable_problem p;
    alecable_quasistatic_options o;
    alecable_solve_report rep;
    double q[1] = {0};
    memset(&p, 0, sizeof p);
    p.struct_size = sizeof p;
    p.nq = 1;
    p.nnz = 1;
    p.colptr = colptr;
    p.rowidx = rowidx;
    p.residual = stall_res;
    p.jacobian = stall_jac;
    alecable_quasistatic_options_init(&o);
    o.regularization = ALECABLE_REG_NONE;
    o.t0 = o.t1 = 1.0;
    o.load_steps = 1;
    alecable_solve_report_init(&rep);
    ck_assert_int_ne(alecable_problem_solve_quasistatic(&p, &o, NULL, q, NULL, &rep), ALECABLE_OK);
    ck_assert_int_eq(rep.steps_completed, 0);
    ck_assert_double_eq(q[0], 0.0);
}
END_TEST

#ifdef ALECABLE_NO_GPL
/* Live blocks of a model's allocator. */
static void *live_malloc(void *user, size_t size)
{
    void *p = malloc(size);
    if (p) ++*(long *)user;
    return p;
}
static void *live_realloc(void *user, void *ptr, size_t size)
{
    void *p = realloc(ptr, size);
    if (p && !ptr) ++*(long *)user;
    return p;
}
static void live_free(void *user, void *ptr)
{
    if (ptr) --*(long *)user;
    free(ptr);
}

/* The GPL-free build's rank detection takes a cable's tangent the banded
 * way (lapack_qr.c), whatever its size: a 4100-element Lagrangian bar
 * solves with the two-stage regularization as with plain Newton, and its
 * allocator gets every block back. */
START_TEST(gplfree_rank_detection_scales_with_the_band)
{
    alecable_allocator al;
    alecable_solve_report rep;
    alecable_model *m;
    alecable_cable *c;
    alecable_node *nd;
    double x2[3], x0[3];
    long live = 0;
    alecable_allocator_init(&al);
    al.malloc_fn = live_malloc;
    al.realloc_fn = live_realloc;
    al.free_fn = live_free;
    al.user = &live;
    m = case_clamped(4100, 0.0, 1, &al, &c);
    ck_assert_int_eq(case_solve(m, 1, 1, &rep), ALECABLE_OK);
    ck_assert_int_eq(rep.dependent_lines, 0);
    ck_assert_int_eq(alecable_cable_node(&nd, c, 1025), ALECABLE_OK);
    ck_assert_int_eq(alecable_node_position(nd, x2), ALECABLE_OK);
    alecable_model_destroy(m);
    m = case_clamped(4100, 0.0, 1, &al, &c);
    ck_assert_int_eq(case_solve(m, 0, 1, &rep), ALECABLE_OK);
    ck_assert_int_eq(alecable_cable_node(&nd, c, 1025), ALECABLE_OK);
    ck_assert_int_eq(alecable_node_position(nd, x0), ALECABLE_OK);
    alecable_model_destroy(m);
    ck_assert_double_eq_tol(x2[0], x0[0], 1e-12 * fabs(x0[0]));
    ck_assert_double_gt(fabs(x2[0] - 0.01 * 1025 / 4100), 1e-9); /* the load moved it */
    ck_assert_int_eq(live, 0);
}
END_TEST

/* A wide band (b = 680 >= n/6) over 4001 unknowns, material coordinates
 * (so that stage 2 needs the rank detection; a problem without them does
 * without it since 0.3), is neither banded nor dense enough for the GPL-free
 * rank detection: refused with ALECABLE_EINVAL before any evaluation,
 * nothing left allocated. */
static int wide_res(void *ctx, double t, const double *q, const double *v, const double *a, const double *lam,
                    double *r)
{
    (void)ctx;
    (void)t;
    (void)v;
    (void)a;
    (void)lam;
    r[0] = q[0];
    ck_abort_msg("the residual of a refused problem was evaluated");
    return 0;
}

static int wide_jac(void *ctx, double t, const double *q, const double *v, const double *a, const double *lam,
                    double cq, double cv, double ca, int flags, double *vals)
{
    (void)ctx;
    (void)t;
    (void)q;
    (void)v;
    (void)a;
    (void)lam;
    (void)cq;
    (void)cv;
    (void)ca;
    (void)flags;
    (void)vals;
    ck_abort_msg("the Jacobian of a refused problem was evaluated");
    return 0;
}

START_TEST(gplfree_rank_detection_refuses_a_wide_large_tangent)
{
    enum { N = 4001, B = 680 };
    alecable_allocator al;
    alecable_problem p;
    alecable_quasistatic_options o;
    alecable_solve_report rep;
    int *colptr = malloc((N + 1) * sizeof(int)), *rowidx, *cls = malloc(N * sizeof(int)), i, j, k = 0;
    double *q = calloc(N, sizeof(double));
    long live = 0;
    ck_assert_ptr_nonnull(colptr);
    ck_assert_ptr_nonnull(cls);
    for (i = 0; i < N; i++) cls[i] = ALECABLE_PROBLEM_DOF_MATERIAL;
    ck_assert_ptr_nonnull(q);
    rowidx = malloc((size_t)N * (2 * B + 1) * sizeof(int));
    ck_assert_ptr_nonnull(rowidx);
    for (j = 0; j < N; j++) {
        colptr[j] = k;
        for (i = j - B; i <= j + B; i++)
            if (i >= 0 && i < N) rowidx[k++] = i;
    }
    colptr[N] = k;
    memset(&p, 0, sizeof p);
    p.struct_size = sizeof p;
    p.nq = N;
    p.nnz = k;
    p.colptr = colptr;
    p.rowidx = rowidx;
    p.residual = wide_res;
    p.jacobian = wide_jac;
    p.dof_class = cls;
    alecable_allocator_init(&al);
    al.malloc_fn = live_malloc;
    al.realloc_fn = live_realloc;
    al.free_fn = live_free;
    al.user = &live;
    alecable_quasistatic_options_init(&o);
    alecable_solve_report_init(&rep);
    ck_assert_int_eq(alecable_problem_solve_quasistatic(&p, &o, &al, q, NULL, &rep), ALECABLE_EINVAL);
    ck_assert_int_eq(rep.status, ALECABLE_EINVAL);
    ck_assert_int_eq(live, 0);
    free(colptr);
    free(rowidx);
    free(q);
    free(cls);
}
END_TEST
#endif

/* A Newton failure leaves the state of the last converged step. */
START_TEST(failed_step_restores_last_converged_state)
{
    alecable_cable *c;
    alecable_model *m = case_clamped(2, 0, 0, NULL, &c);
    alecable_quasistatic_options o;
    alecable_solve_report rep;
    double q0[12], q1[12], t;
    alecable_quasistatic_options_init(&o);
    o.alpha = 100;
    o.load_steps = 4;
    alecable_solve_report_init(&rep);
    ck_assert_int_eq(alecable_solve_quasistatic(m, &o, &rep), 0);
    ck_assert_int_eq(alecable_model_get_state(m, q0, NULL, &t), 0);
    ck_assert_double_eq(t, 1.0);
    /* a harder second solve (load doubled) with too few iterations allowed */
    o.t0 = 1.0;
    o.t1 = 3.0;
    o.load_steps = 1;
    o.max_iterations = 1;
    ck_assert_int_eq(alecable_solve_quasistatic(m, &o, &rep), ALECABLE_ENOCONV);
    ck_assert_int_eq(rep.steps_completed, 0);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "no convergence"));
    ck_assert_int_eq(alecable_model_get_state(m, q1, NULL, &t), 0);
    ck_assert_mem_eq(q0, q1, sizeof q0);
    ck_assert_double_eq(t, 1.0);
    alecable_model_destroy(m);
}
END_TEST

/* On a Lagrangian mesh a load at the material point of a node equals a load at
 * that node. */
START_TEST(material_point_load_at_a_node_equals_node_load)
{
    double xs[2][3];
    int k;
    for (k = 0; k < 2; k++) {
        alecable_cable *c;
        alecable_node *n;
        alecable_solve_report rep;
        alecable_model *m = case_clamped(4, 0, 1, NULL, &c);
        double f[3] = {-300, 0, 0};
        ck_assert_int_eq(alecable_cable_node(&n, c, 1), 0);
        if (k == 0) ck_assert_int_eq(alecable_load_node(NULL, m, n, f), 0);
        else ck_assert_int_eq(alecable_load_material_point(NULL, m, c, 0.0025, f), 0);
        ck_assert_int_eq(case_solve(m, 0, 5, &rep), 0);
        for (int i = 1; i <= 3; i++) {
            alecable_node *ni;
            double x[3];
            alecable_cable_node(&ni, c, i);
            alecable_node_position(ni, x);
            xs[k][i - 1] = x[0];
        }
        alecable_model_destroy(m);
    }
    for (k = 0; k < 3; k++) ck_assert_double_eq_tol(xs[0][k], xs[1][k], 1e-15);
}
END_TEST

Suite *suite_quasistatic(void)
{
    Suite *s = suite_create("quasistatic solver");
    TCase *tc = tcase_create("regularization and interface");
    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, stage2_finds_dependent_line_and_keeps_material_coordinate);
    tcase_add_test(tc, host_problem_runs_through_the_same_solver);
    tcase_add_test(tc, stalled_newton_is_an_error_whatever_the_solver);
    tcase_add_test(tc, failed_zero_length_step_fails);
#ifdef ALECABLE_NO_GPL
    tcase_add_test(tc, gplfree_rank_detection_scales_with_the_band);
    tcase_add_test(tc, gplfree_rank_detection_refuses_a_wide_large_tangent);
#endif
    tcase_add_test(tc, failed_step_restores_last_converged_state);
    tcase_add_test(tc, material_point_load_at_a_node_equals_node_load);
    suite_add_tcase(s, tc);
    return s;
}
