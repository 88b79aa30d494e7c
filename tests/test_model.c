/* The assembled model through the problem interface: residual = gradient of
 * the total potential (conservative loads), Jacobian = derivative of the
 * residual (every load and constraint, including the non-symmetric
 * configurational force of a node load), pattern holds every entry. */
#include "suites.h"
#include "fd.h"
#include "problem_fd.h"

#include <alecable.h>
#include <stdlib.h>
#include <string.h>

typedef struct fixture {
    alecable_model *m;
    alecable_cable *c;
    alecable_problem p;
    int n;
} fixture;

/* A 3D cable of 5 elements, perturbed off its straight line, loaded by gravity,
 * a distributed load and a material-point load; with_nodal adds a node load
 * at an interior node with free s and some constraints. */
static void build(fixture *f, int with_nodal)
{
    alecable_section sec;
    unsigned st = 3u;
    int i;
    double g[3] = {0.3, -9.81, 0.5}, b[3] = {20, -5, 3}, fp[3] = {7, 11, -4};
    ck_assert_int_eq(alecable_model_create(&f->m, NULL), 0);
    alecable_section_init(&sec);
    sec.E = 2e9;
    sec.A = 1e-6;
    sec.rho = 7800;
    ck_assert_int_eq(alecable_cable_create(&f->c, f->m, ALECABLE_ELEMENT_AXIAL, &sec), 0);
    for (i = 0; i <= 5; i++) {
        double x[3] = {0.21 * i + 0.01 * fd_rand(&st), 0.02 * fd_rand(&st), 0.02 * fd_rand(&st)};
        ck_assert_int_eq(alecable_cable_add_node(NULL, f->c, x, 0.2 * i + 0.01 * fd_rand(&st)), 0);
    }
    ck_assert_int_eq(alecable_model_set_gravity(f->m, g), 0);
    ck_assert_int_eq(alecable_load_distributed(NULL, f->m, f->c, b), 0);
    ck_assert_int_eq(alecable_load_material_point(NULL, f->m, f->c, 0.47, fp), 0);
    if (with_nodal) {
        alecable_node *n0, *n3, *n5;
        alecable_node *nodes[2];
        int dofs[2] = {ALECABLE_DOF_X, ALECABLE_DOF_S};
        double coef[2] = {1.0, -0.5}, fn[3] = {3, -8, 2};
        alecable_cable_node(&n0, f->c, 0);
        alecable_cable_node(&n3, f->c, 3);
        alecable_cable_node(&n5, f->c, 5);
        ck_assert_int_eq(alecable_load_node(NULL, f->m, n3, fn), 0);
        ck_assert_int_eq(alecable_load_node(NULL, f->m, n5, fn), 0); /* end node: one element */
        ck_assert_int_eq(alecable_fix(NULL, f->m, n0, ALECABLE_DOF_Y), 0);
        ck_assert_int_eq(alecable_prescribe(NULL, f->m, n5, ALECABLE_DOF_X, 0.01), 0);
        nodes[0] = n0;
        nodes[1] = n5;
        ck_assert_int_eq(alecable_linear_constraint(NULL, f->m, 2, nodes, dofs, coef, 0.1, 0.2), 0);
    }
    ck_assert_int_eq(alecable_model_finalize(f->m), 0);
    ck_assert_int_eq(alecable_model_problem(&f->p, f->m), 0);
    f->n = f->p.nq + f->p.nlam;
}

static double energy_at(fixture *f, const double *q, double t)
{
    double wi, we, lam0 = 0;
    (void)lam0;
    ck_assert_int_eq(alecable_model_set_state(f->m, q, NULL, t), 0);
    ck_assert_int_eq(alecable_model_energy(f->m, &wi, &we), 0);
    return wi + we;
}

START_TEST(residual_is_energy_gradient)
{
    fixture f;
    double *q, *lam, *r, *g, t = 0.7;
    int i;
    build(&f, 0);
    q = calloc((size_t)f.p.nq, sizeof *q);
    lam = calloc((size_t)f.p.nlam + 1, sizeof *lam);
    r = calloc((size_t)f.n, sizeof *r);
    g = calloc((size_t)f.p.nq, sizeof *g);
    ck_assert_int_eq(alecable_model_get_state(f.m, q, NULL, NULL), 0);
    ck_assert_int_eq(f.p.residual(f.p.ctx, t, q, NULL, NULL, lam, r), 0);
    for (i = 0; i < f.p.nq; i++) {
        double qi = q[i], h = 1e-6 * (1 + fabs(qi)), wp, wm;
        q[i] = qi + h;
        wp = energy_at(&f, q, t);
        q[i] = qi - h;
        wm = energy_at(&f, q, t);
        q[i] = qi;
        g[i] = (wp - wm) / (2 * h);
    }
    ck_assert_double_le(fd_relerr(r, g, f.p.nq, 1e-9), 1e-6);
    free(q);
    free(lam);
    free(r);
    free(g);
    alecable_model_destroy(f.m);
}
END_TEST

START_TEST(jacobian_is_residual_derivative)
{
    fixture f;
    double *q, *lam, *r0, *rp, *rm, *vals, *J, *Jfd, t = 0.6;
    unsigned st = 77u;
    int i, j, k, n;
    build(&f, 1);
    n = f.n;
    q = calloc((size_t)f.p.nq, sizeof *q);
    lam = calloc((size_t)f.p.nlam, sizeof *lam);
    r0 = calloc((size_t)n, sizeof *r0);
    rp = calloc((size_t)n, sizeof *rp);
    rm = calloc((size_t)n, sizeof *rm);
    vals = calloc((size_t)f.p.nnz, sizeof *vals);
    J = calloc((size_t)n * n, sizeof *J);
    Jfd = calloc((size_t)n * n, sizeof *Jfd);
    ck_assert_int_eq(alecable_model_get_state(f.m, q, NULL, NULL), 0);
    for (i = 0; i < f.p.nlam; i++) lam[i] = 100 * fd_rand(&st);
    ck_assert_int_eq(f.p.jacobian(f.p.ctx, t, q, NULL, NULL, lam, 1, 0, 0, ALECABLE_JAC_FULL, vals), 0);
    for (j = 0; j < n; j++)
        for (k = f.p.colptr[j]; k < f.p.colptr[j + 1]; k++) J[f.p.rowidx[k] * n + j] = vals[k];
    for (j = 0; j < n; j++) {
        double *z = j < f.p.nq ? &q[j] : &lam[j - f.p.nq];
        double z0 = *z, h = 1e-6 * (1 + fabs(z0));
        *z = z0 + h;
        f.p.residual(f.p.ctx, t, q, NULL, NULL, lam, rp);
        *z = z0 - h;
        f.p.residual(f.p.ctx, t, q, NULL, NULL, lam, rm);
        *z = z0;
        for (i = 0; i < n; i++) Jfd[i * n + j] = (rp[i] - rm[i]) / (2 * h);
    }
    /* every entry outside the pattern must be zero in the FD Jacobian too */
    ck_assert_double_le(fd_relerr(J, Jfd, n * n, 1e-9), 1e-6);
    /* weighted Jacobian: the q-blocks scale with cq, G blocks do not */
    ck_assert_int_eq(f.p.jacobian(f.p.ctx, t, q, NULL, NULL, lam, 2.0, 0, 0, ALECABLE_JAC_FULL, vals), 0);
    for (j = 0; j < f.p.nq; j++)
        for (k = f.p.colptr[j]; k < f.p.colptr[j + 1]; k++) {
            int row = f.p.rowidx[k];
            double expect = row < f.p.nq ? 2.0 * J[row * n + j] : J[row * n + j];
            ck_assert_double_eq_tol(vals[k], expect, 1e-12 * (1 + fabs(expect)));
        }
    free(q);
    free(lam);
    free(r0);
    free(rp);
    free(rm);
    free(vals);
    free(J);
    free(Jfd);
    alecable_model_destroy(f.m);
}
END_TEST

START_TEST(pattern_has_diagonal_and_sorted_rows)
{
    fixture f;
    int j, k;
    build(&f, 1);
    for (j = 0; j < f.n; j++) {
        int has = 0;
        for (k = f.p.colptr[j]; k < f.p.colptr[j + 1]; k++) {
            if (f.p.rowidx[k] == j) has = 1;
            if (k > f.p.colptr[j]) ck_assert_int_lt(f.p.rowidx[k - 1], f.p.rowidx[k]);
        }
        ck_assert(has);
    }
    alecable_model_destroy(f.m);
}
END_TEST

Suite *suite_model(void)
{
    Suite *s = suite_create("model assembly");
    TCase *tc = tcase_create("finite differences");
    tcase_add_test(tc, residual_is_energy_gradient);
    tcase_add_test(tc, jacobian_is_residual_derivative);
    tcase_add_test(tc, pattern_has_diagonal_and_sorted_rows);
    suite_add_tcase(s, tc);
    return s;
}

/* An ANCF cable in dynamics with hydrodynamics and plane friction, with free
 * material coordinates (material flow), or Lagrangian */
static alecable_model *field_model(alecable_problem *p, int lagrangian)
{
    alecable_model *m;
    alecable_cable *c;
    alecable_section sec;
    double g[3] = {0, 0, -9.81}, x0[3] = {0, 0, 0.001}, x1[3] = {0.6, 0.1, 0.001};
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    alecable_section_init(&sec);
    sec.E = 1e7;
    sec.A = 1e-4;
    sec.rho = 1200;
    sec.I = 1e-9;
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_ANCF, &sec), 0);
    ck_assert_int_eq(alecable_cable_line(c, x0, x1, 0.0, 0.6, 3), 0);
    ck_assert_int_eq(alecable_cable_set_lagrangian(c, lagrangian), 0);
    ck_assert_int_eq(alecable_model_set_gravity(m, g), 0);
    pfd_add_field_loads(m, c);
    ck_assert_int_eq(alecable_model_finalize(m), 0);
    ck_assert_int_eq(alecable_model_problem(p, m), 0);
    return m;
}

/* The model's weighted Jacobian against finite differences of its residual
 * in q, v and a (inertia, added mass, drag, friction, material flow; and on
 * a Lagrangian cable). */
START_TEST(dynamic_jacobian_with_field_loads)
{
    const double w[3] = {1.3, 0.7, 0.9}; /* cq, cv, ca */
    int lagrangian;
    for (lagrangian = 0; lagrangian < 2; lagrangian++) {
        alecable_problem p;
        alecable_model *m = field_model(&p, lagrangian);
        double *q = calloc((size_t)p.nq, sizeof *q), *v = calloc((size_t)p.nq, sizeof *v);
        double *a = calloc((size_t)p.nq, sizeof *a), *lam = calloc((size_t)p.nlam + 1, sizeof *lam);
        pfd_perturbed_state(m, p.nq, 5u, q, v, a);
        ck_assert_double_le(pfd_weighted_jacobian_error(&p, 1.0, q, v, a, lam, w), 1e-5);
        free(q);
        free(v);
        free(a);
        free(lam);
        alecable_model_destroy(m);
    }
}
END_TEST

/* The problem's inertia callback is the part of the residual linear in a:
 * M a with M the Jacobian at weights (0, 0, 1), and r(q, 0, a) - r(q, 0, 0)
 * (inertia, added mass, material flow; drag and friction cancel). */
START_TEST(inertia_callback_is_mass_times_acceleration)
{
    alecable_problem p;
    alecable_model *m = field_model(&p, 0);
    unsigned st = 9u;
    double *q, *v, *a, *z, *lam, *vals, *ri, *ra, *r0, *ma, scale = 0.0;
    int n, i, j, k;
    ck_assert(p.inertia != NULL);
    ck_assert_double_gt(p.flops_inertia, 0.0);
    n = p.nq + p.nlam;
    q = calloc((size_t)p.nq, sizeof *q);
    v = calloc((size_t)p.nq, sizeof *v);
    a = calloc((size_t)p.nq, sizeof *a);
    z = calloc((size_t)p.nq, sizeof *z);
    lam = calloc((size_t)p.nlam + 1, sizeof *lam);
    vals = calloc((size_t)p.nnz, sizeof *vals);
    ri = calloc((size_t)p.nq, sizeof *ri);
    ma = calloc((size_t)p.nq, sizeof *ma);
    ra = calloc((size_t)n, sizeof *ra);
    r0 = calloc((size_t)n, sizeof *r0);
    pfd_perturbed_state(m, p.nq, st, q, v, a);
    ck_assert_int_eq(p.inertia(p.ctx, 1.0, q, v, a, ri), 0);
    ck_assert_int_eq(p.jacobian(p.ctx, 1.0, q, z, a, lam, 0.0, 0.0, 1.0, ALECABLE_JAC_FULL, vals), 0);
    for (j = 0; j < p.nq; j++)
        for (k = p.colptr[j]; k < p.colptr[j + 1]; k++)
            if (p.rowidx[k] < p.nq) ma[p.rowidx[k]] += vals[k] * a[j];
    ck_assert_int_eq(p.residual(p.ctx, 1.0, q, z, a, lam, ra), 0);
    ck_assert_int_eq(p.residual(p.ctx, 1.0, q, z, z, lam, r0), 0);
    for (i = 0; i < p.nq; i++) scale = fmax(scale, fabs(ri[i]));
    ck_assert_double_gt(scale, 0.0);
    for (i = 0; i < p.nq; i++) {
        ck_assert_double_eq_tol(ri[i], ma[i], 1e-11 * scale);
        ck_assert_double_eq_tol(ri[i], ra[i] - r0[i], 1e-11 * scale);
    }
    free(q);
    free(v);
    free(a);
    free(z);
    free(lam);
    free(vals);
    free(ri);
    free(ma);
    free(ra);
    free(r0);
    alecable_model_destroy(m);
}
END_TEST

/* The fused residual_jacobian gives what the residual and Jacobian
 * callbacks give at the same point, to the bit (element force and tangent
 * from one quadrature pass; loads, constraints and weights unchanged): with
 * material flow, and on a Lagrangian cable with IMEX's flag. */
START_TEST(residual_jacobian_equals_the_two_calls)
{
    int variant;
    for (variant = 0; variant < 2; variant++) {
        alecable_problem p;
        alecable_model *m = field_model(&p, variant);
        unsigned st = 13u;
        double *q, *v, *a, *lam, *r1, *r2, *v1, *v2;
        int n, i, flags = variant ? ALECABLE_JAC_STIFF_ONLY : ALECABLE_JAC_FULL;
        ck_assert(p.residual_jacobian != NULL);
        n = p.nq + p.nlam;
        q = calloc((size_t)p.nq, sizeof *q);
        v = calloc((size_t)p.nq, sizeof *v);
        a = calloc((size_t)p.nq, sizeof *a);
        lam = calloc((size_t)p.nlam + 1, sizeof *lam);
        r1 = calloc((size_t)n, sizeof *r1);
        r2 = calloc((size_t)n, sizeof *r2);
        v1 = calloc((size_t)p.nnz, sizeof *v1);
        v2 = calloc((size_t)p.nnz, sizeof *v2);
        pfd_perturbed_state(m, p.nq, st, q, v, a);
        ck_assert_int_eq(p.residual_jacobian(p.ctx, 0.7, q, v, a, lam, 1.3, 0.7, 0.9, flags, r1, v1), 0);
        ck_assert_int_eq(p.residual(p.ctx, 0.7, q, v, a, lam, r2), 0);
        ck_assert_int_eq(p.jacobian(p.ctx, 0.7, q, v, a, lam, 1.3, 0.7, 0.9, flags, v2), 0);
        for (i = 0; i < n; i++) ck_assert_double_eq(r1[i], r2[i]);
        for (i = 0; i < p.nnz; i++) ck_assert_double_eq(v1[i], v2[i]);
        free(q);
        free(v);
        free(a);
        free(lam);
        free(r1);
        free(r2);
        free(v1);
        free(v2);
        alecable_model_destroy(m);
    }
}
END_TEST

Suite *suite_model_dynamic(void)
{
    Suite *s = suite_create("model assembly, dynamics");
    TCase *tc = tcase_create("finite differences");
    tcase_add_test(tc, dynamic_jacobian_with_field_loads);
    tcase_add_test(tc, inertia_callback_is_mass_times_acceleration);
    tcase_add_test(tc, residual_jacobian_equals_the_two_calls);
    suite_add_tcase(s, tc);
    return s;
}
