/* The axial ALE element: force = gradient of the energy, tangent = Hessian,
 * checked by central finite differences on random 3D configurations; the
 * distributed-load, material-point-load and end-gradient pieces likewise;
 * and the closed forms of paper 000 (eq. 66, eq. 79). */
#include "suites.h"
#include "fd.h"
#include "elements/element.h"

#include <string.h>

#define ND 8

static const el_ops *ops(void) { return el_ops_get(0); }

/* random element: x_A near the origin, u of length ~ (1 +- 0.3) d in a random
 * direction, s_A in [0, 1), d in [0.5, 1.5) */
static void random_qe(unsigned *st, double *qe)
{
    double dir[3], nrm, d, len;
    int i;
    for (i = 0; i < 3; i++) dir[i] = fd_rand(st);
    nrm = sqrt(dir[0] * dir[0] + dir[1] * dir[1] + dir[2] * dir[2]) + 1e-3;
    d = 1.0 + 0.5 * fd_rand(st);
    len = d * (1.0 + 0.3 * fd_rand(st));
    for (i = 0; i < 3; i++) {
        qe[i] = 0.1 * fd_rand(st);
        qe[4 + i] = qe[i] + len * dir[i] / nrm;
    }
    qe[3] = 0.5 + 0.5 * fd_rand(st);
    qe[7] = qe[3] + d;
}

/* gradient of a scalar function by central differences */
typedef double (*scalar_fn)(const void *ctx, const double *qe);
typedef void (*vector_fn)(const void *ctx, const double *qe, double *fe);

static void fd_grad(scalar_fn f, const void *ctx, const double *qe, double *g)
{
    double q[ND];
    int a;
    for (a = 0; a < ND; a++) {
        double h = 1e-6 * (1.0 + fabs(qe[a]));
        memcpy(q, qe, sizeof q);
        q[a] = qe[a] + h;
        g[a] = f(ctx, q);
        q[a] = qe[a] - h;
        g[a] = (g[a] - f(ctx, q)) / (2 * h);
    }
}

static void fd_jac(vector_fn f, const void *ctx, const double *qe, double *k)
{
    double q[ND], fp[ND], fm[ND];
    int a, b;
    for (b = 0; b < ND; b++) {
        double h = 1e-6 * (1.0 + fabs(qe[b]));
        memcpy(q, qe, sizeof q);
        q[b] = qe[b] + h;
        f(ctx, q, fp);
        q[b] = qe[b] - h;
        f(ctx, q, fm);
        for (a = 0; a < ND; a++) k[a * ND + b] = (fp[a] - fm[a]) / (2 * h);
    }
}

static const el_params PAR = {.EA = 3.0e3, .rhoA = 0.0, .ref_len = 1.0, .EI = 0.0, .fixed_s = 0};

static double f_energy(const void *c, const double *qe) { (void)c; return ops()->energy(&PAR, qe); }
static void f_force(const void *c, const double *qe, double *fe) { (void)c; ops()->force(&PAR, qe, fe); }

START_TEST(internal_force_is_energy_gradient)
{
    unsigned st = 11u + (unsigned)_i;
    double qe[ND], f[ND], g[ND];
    random_qe(&st, qe);
    ops()->force(&PAR, qe, f);
    fd_grad(f_energy, NULL, qe, g);
    /* O(h^2) truncation and rounding of a central difference: 1e-6 relative */
    ck_assert_double_le(fd_relerr(f, g, ND, 1e-12), 1e-6);
}
END_TEST

START_TEST(tangent_is_force_jacobian)
{
    unsigned st = 101u + (unsigned)_i;
    double qe[ND], k[ND * ND], kfd[ND * ND];
    int a, b;
    random_qe(&st, qe);
    ops()->tangent(&PAR, qe, k);
    fd_jac(f_force, NULL, qe, kfd);
    ck_assert_double_le(fd_relerr(k, kfd, ND * ND, 1e-12), 1e-6);
    for (a = 0; a < ND; a++)
        for (b = 0; b < a; b++) ck_assert_double_eq_tol(k[a * ND + b], k[b * ND + a], 1e-12 * fabs(k[a * ND + b]) + 1e-300);
}
END_TEST

/* eq. (66): f_mat = 1/2 EA B_s^T (eps^2 - 2 F^2 eps) L, f_x = EA B_x^T B_x q_x eps L/(B_s q_s) */
START_TEST(force_matches_paper_eq66)
{
    double qe[ND] = {0.1, 0.2, -0.1, 1.0, 1.4, 0.5, 0.3, 2.2};
    double f[ND], u[3], d = qe[7] - qe[3], F2, eps, fmat;
    int i;
    for (i = 0; i < 3; i++) u[i] = qe[4 + i] - qe[i];
    F2 = (u[0] * u[0] + u[1] * u[1] + u[2] * u[2]) / (d * d);
    eps = 0.5 * (F2 - 1);
    ops()->force(&PAR, qe, f);
    fmat = 0.5 * PAR.EA * (eps * eps - 2 * F2 * eps);
    ck_assert_double_eq_tol(f[7], fmat, 1e-12 * fabs(fmat));
    ck_assert_double_eq_tol(f[3], -fmat, 1e-12 * fabs(fmat));
    for (i = 0; i < 3; i++) {
        ck_assert_double_eq_tol(f[4 + i], PAR.EA * eps * u[i] / d, 1e-12 * PAR.EA);
        ck_assert_double_eq_tol(f[i], -PAR.EA * eps * u[i] / d, 1e-12 * PAR.EA);
    }
}
END_TEST

START_TEST(undeformed_element_is_stress_free_and_singular_in_flow)
{
    double qe[ND] = {0, 0, 0, 2.0, 1.5, 0, 0, 3.5}, f[ND], k[ND * ND], v[ND] = {1, 0, 0, 1, 1, 0, 0, 1}, kv;
    int a, b;
    ops()->force(&PAR, qe, f);
    for (a = 0; a < ND; a++) ck_assert_double_eq_tol(f[a], 0.0, 1e-12);
    /* moving mesh and material together along the axis costs nothing:
     * the ALE redundancy the regularization removes */
    ops()->tangent(&PAR, qe, k);
    for (a = 0; a < ND; a++) {
        kv = 0;
        for (b = 0; b < ND; b++) kv += k[a * ND + b] * v[b];
        ck_assert_double_eq_tol(kv, 0.0, 1e-9);
    }
}
END_TEST

typedef struct { double b[3]; double s; } load_ctx;
static double d_energy(const void *c, const double *qe) { return ops()->dist_energy(((const load_ctx *)c)->b, qe); }
static void d_force(const void *c, const double *qe, double *fe) { ops()->dist_force(((const load_ctx *)c)->b, qe, fe); }
static double p_energy(const void *c, const double *qe)
{
    const load_ctx *l = (const load_ctx *)c;
    return ops()->point_energy(l->b, l->s, qe);
}
static void p_force(const void *c, const double *qe, double *fe)
{
    const load_ctx *l = (const load_ctx *)c;
    ops()->point_force(l->b, l->s, qe, fe);
}

START_TEST(distributed_load_derivatives)
{
    unsigned st = 7u + (unsigned)_i;
    load_ctx c = {{fd_rand(&st), fd_rand(&st), fd_rand(&st)}, 0};
    double qe[ND], f[ND], g[ND], k[ND * ND], kfd[ND * ND];
    random_qe(&st, qe);
    ops()->dist_force(c.b, qe, f);
    fd_grad(d_energy, &c, qe, g);
    ck_assert_double_le(fd_relerr(f, g, ND, 1e-12), 1e-7);
    ops()->dist_tangent(c.b, qe, k);
    fd_jac(d_force, &c, qe, kfd);
    ck_assert_double_le(fd_relerr(k, kfd, ND * ND, 1e-12), 1e-7);
}
END_TEST

START_TEST(material_point_load_derivatives)
{
    unsigned st = 29u + (unsigned)_i;
    load_ctx c;
    double qe[ND], f[ND], g[ND], k[ND * ND], kfd[ND * ND];
    random_qe(&st, qe);
    c.b[0] = fd_rand(&st);
    c.b[1] = fd_rand(&st);
    c.b[2] = fd_rand(&st);
    c.s = qe[3] + (0.5 + 0.4 * fd_rand(&st)) * (qe[7] - qe[3]);
    ops()->point_force(c.b, c.s, qe, f);
    fd_grad(p_energy, &c, qe, g);
    ck_assert_double_le(fd_relerr(f, g, ND, 1e-12), 1e-7);
    ops()->point_tangent(c.b, c.s, qe, k);
    fd_jac(p_force, &c, qe, kfd);
    ck_assert_double_le(fd_relerr(k, kfd, ND * ND, 1e-12), 1e-6);
}
END_TEST

static void eg_g(const void *c, const double *qe, double *out)
{
    double g[3], j;
    (void)c;
    ops()->end_gradient(&PAR, qe, 1, g, &j, NULL, NULL);
    memset(out, 0, ND * sizeof *out);
    out[0] = g[0];
    out[1] = g[1];
    out[2] = g[2];
    out[3] = j;
}

START_TEST(end_gradient_derivatives)
{
    unsigned st = 5u + (unsigned)_i;
    double qe[ND], g[3], j, dg[3 * ND], dj[ND], k[ND * ND], kfd[ND * ND];
    int a, b;
    random_qe(&st, qe);
    ops()->end_gradient(&PAR, qe, 1, g, &j, dg, dj);
    memset(k, 0, sizeof k);
    for (b = 0; b < ND; b++) {
        for (a = 0; a < 3; a++) k[a * ND + b] = dg[a * ND + b];
        k[3 * ND + b] = dj[b];
    }
    fd_jac(eg_g, NULL, qe, kfd);
    ck_assert_double_le(fd_relerr(k, kfd, ND * ND, 1e-12), 1e-7);
}
END_TEST

Suite *suite_axial(void)
{
    Suite *s = suite_create("axial element");
    TCase *tc = tcase_create("finite differences");
    tcase_add_loop_test(tc, internal_force_is_energy_gradient, 0, 20);
    tcase_add_loop_test(tc, tangent_is_force_jacobian, 0, 20);
    tcase_add_loop_test(tc, distributed_load_derivatives, 0, 5);
    tcase_add_loop_test(tc, material_point_load_derivatives, 0, 10);
    tcase_add_loop_test(tc, end_gradient_derivatives, 0, 3);
    tcase_add_test(tc, force_matches_paper_eq66);
    tcase_add_test(tc, undeformed_element_is_stress_free_and_singular_in_flow);
    suite_add_tcase(s, tc);
    return s;
}
