/* The SE(3) beam element (lib/elements/se3.c): force = gradient of the
 * energy and tangent = Hessian by central finite differences at random
 * states (random charts, rotation vectors, shears, relative rotations up to
 * ~2 rad, s free and fixed); the strain measures against an independent
 * SE(3) exponential; the energy's independence of the charts and of rigid
 * motions; and the roll-up closed form, solved by Newton on a small mesh.
 *
 * Rotations change by composition, R <- R exp(d^) (se3.c): the differences
 * of the rotation dofs are taken along it.
 *
 * Tolerances: central differences with steps 1e-6 (1 + |q|) have O(h^2)
 * truncation and O(eps/h) rounding: checked at 1e-6 in fd.h's scaled
 * max-norm, as for the Kirchhoff element.  Identities without differencing
 * are checked to 1e-12 relative; the roll-up, a constant-strain state that
 * the element represents exactly, to 1e-10 of the length. */
#include "suites.h"
#include "fd.h"
#include "elements/element.h"
#include "bodies/rotation.h"

#include <string.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

#define ND 14
#define SA 6
#define SB 13

extern const el_ops el_se3_ops;
static const el_ops *ops(void) { return &el_se3_ops; }

static void unit3(double *d)
{
    double n = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
    d[0] /= n;
    d[1] /= n;
    d[2] /= n;
}

/* row-major R (columns t1, t2, t3) <-> chart (t1, t2) */
static void chart_of(const double R[9], double chart[6])
{
    int i;
    for (i = 0; i < 3; i++) {
        chart[i] = R[3 * i];
        chart[3 + i] = R[3 * i + 1];
    }
}

static void random_rotation(unsigned *st, double scale, double R[9])
{
    double v[3];
    int i;
    for (i = 0; i < 3; i++) v[i] = scale * fd_rand(st);
    rot_exp(v, R);
}

/* The SE(3) exponential, independently of se3.c: R = exp(phi^), p = V u,
 * V = I + (1 - cos t)/t^2 phi^ + (t - sin t)/t^3 phi^2 (t = |phi| > 0; the
 * series' first terms below 1e-4) */
static void se3_exp(const double u[3], const double phi[3], double R[9], double p[3])
{
    double t = sqrt(dot3v(phi, phi)), a, b, c1[3], c2[3];
    int i;
    rot_exp(phi, R);
    if (t < 1e-4) {
        a = 0.5 - t * t / 24.0;
        b = 1.0 / 6.0 - t * t / 120.0;
    } else {
        a = (1.0 - cos(t)) / (t * t);
        b = (t - sin(t)) / (t * t * t);
    }
    cross3(phi, u, c1);
    cross3(phi, c1, c2);
    for (i = 0; i < 3; i++) p[i] = u[i] + a * c1[i] + b * c2[i];
}

/* An element whose relative transformation is exp(l (e + e1, k)): node A
 * with chart R_refA and rotation vector psi_A, node B with chart R_refB and
 * psi_B so that R_refB exp(psi_B) = R_A exp(l k) */
static void element_from_strain(unsigned *st, const double e[3], const double k[3], double l, double *qe,
                                double ca[6], double cb[6])
{
    double RrA[9], RA[9], E[9], RB[9], RrB[9], u[3], phi[3], pl[3], dx[3], psiB[3];
    int i;
    random_rotation(st, 2.0, RrA);
    for (i = 0; i < 3; i++) qe[3 + i] = 0.5 * fd_rand(st);
    rot_exp(qe + 3, E);
    mat3_mul(RrA, E, RA);
    for (i = 0; i < 3; i++) {
        u[i] = l * (e[i] + (i == 0));
        phi[i] = l * k[i];
        qe[i] = fd_rand(st);
    }
    se3_exp(u, phi, E, pl);
    mat3_mul(RA, E, RB);
    rot_mul(RA, pl, dx);
    for (i = 0; i < 3; i++) qe[7 + i] = qe[i] + dx[i];
    /* a chart for B near R_B: R_refB = R_B exp(-w), psi_B = w */
    for (i = 0; i < 3; i++) psiB[i] = 0.5 * fd_rand(st);
    for (i = 0; i < 3; i++) phi[i] = -psiB[i];
    rot_exp(phi, E);
    mat3_mul(RB, E, RrB);
    for (i = 0; i < 3; i++) qe[10 + i] = psiB[i];
    chart_of(RrA, ca);
    chart_of(RrB, cb);
    qe[SA] = fd_rand(st);
    qe[SB] = qe[SA] + l;
}

static el_params params(const double *ca, const double *cb)
{
    el_params p;
    memset(&p, 0, sizeof p);
    p.EA = 200.0;
    p.GA[0] = 80.0;
    p.GA[1] = 120.0;
    p.GJ = 2.0;
    p.EI = 3.0;
    p.EI3 = 7.0;
    p.k0[0] = 0.4;
    p.k0[1] = -0.25;
    p.k0[2] = 0.3;
    p.rhoA = 1.5;
    p.ref_len = 1.0;
    p.chart_a = ca;
    p.chart_b = cb;
    return p;
}

/* a random element: strains up to 0.3, curvatures up to kmax / l */
static void random_element(unsigned *st, double kmax, double *qe, double ca[6], double cb[6])
{
    double e[3], k[3], l = 1.0 + 0.5 * fd_rand(st);
    int i;
    for (i = 0; i < 3; i++) {
        e[i] = 0.3 * fd_rand(st);
        k[i] = kmax / l * fd_rand(st) / sqrt(3.0);
    }
    element_from_strain(st, e, k, l, qe, ca, cb);
}

static double step(double x) { return 1e-6 * (1.0 + fabs(x)); }

static int is_rotation_dof(int i) { return (i >= 3 && i < 6) || (i >= 10 && i < 13); }

/* qe (+) h e_i: addition, or composition R <- R exp(h e_i^) for a rotation
 * dof (the element's update, se3.c) */
static void perturb(const double *qe0, int i, double h, double *qe)
{
    memcpy(qe, qe0, ND * sizeof(double));
    if (is_rotation_dof(i)) {
        int r0 = i < 7 ? 3 : 10;
        double d[3] = {0, 0, 0};
        d[i - r0] = h;
        rot_compose(qe + r0, d);
    } else
        qe[i] += h;
}

static void fd_errors(const el_params *p, const double *qe0, double *err_f, double *err_k)
{
    double qe[ND], f[ND], fd[ND], k[ND * ND], kd[ND * ND], fp[ND], fm[ND];
    int i, j;
    ops()->force(p, qe0, f);
    ops()->tangent(p, qe0, k);
    for (i = 0; i < ND; i++) {
        double h = is_rotation_dof(i) ? 1e-6 : step(qe0[i]), wp, wm;
        if (p->fixed_s && (i == SA || i == SB)) {
            fd[i] = f[i];
            for (j = 0; j < ND; j++) kd[j * ND + i] = k[j * ND + i];
            continue;
        }
        perturb(qe0, i, h, qe);
        wp = ops()->energy(p, qe);
        ops()->force(p, qe, fp);
        perturb(qe0, i, -h, qe);
        wm = ops()->energy(p, qe);
        ops()->force(p, qe, fm);
        fd[i] = (wp - wm) / (2.0 * h);
        for (j = 0; j < ND; j++) kd[j * ND + i] = (fp[j] - fm[j]) / (2.0 * h);
    }
    *err_f = fd_relerr(f, fd, ND, 1e-3);
    *err_k = fd_relerr(k, kd, ND * ND, 1e-3);
}

static void check_fd(int fixed_s, double kmax)
{
    unsigned st = 4242u + 31u * (unsigned)fixed_s + (unsigned)(1000.0 * kmax);
    int trial;
    for (trial = 0; trial < 20; trial++) {
        double qe[ND], ca[6], cb[6], ef, ek;
        el_params p;
        random_element(&st, kmax, qe, ca, cb);
        p = params(ca, cb);
        p.fixed_s = fixed_s;
        fd_errors(&p, qe, &ef, &ek);
        ck_assert_msg(ef < 1e-6, "trial %d: force vs energy differences: %.3g", trial, ef);
        ck_assert_msg(ek < 1e-6, "trial %d: tangent vs force differences: %.3g", trial, ek);
        if (fixed_s) {
            double f[ND];
            ops()->force(&p, qe, f);
            ck_assert(f[SA] == 0.0 && f[SB] == 0.0);
        }
    }
}

/* relative rotations below 0.7 rad (the series of se3.c), up to 2 rad (the
 * closed forms) */
START_TEST(fd_ale_small) { check_fd(0, 0.7); }
END_TEST

START_TEST(fd_ale_large) { check_fd(0, 2.0); }
END_TEST

START_TEST(fd_lagrangian) { check_fd(1, 2.0); }
END_TEST

/* a straight unstrained element at psi = 0 (every series at its centre):
 * zero force, and the tangent against differences of the force */
START_TEST(fd_straight)
{
    double qe[ND], e[3] = {0, 0, 0}, k[3] = {0, 0, 0}, ca[6], cb[6], ef, ek;
    unsigned st = 7u;
    el_params p;
    int i;
    element_from_strain(&st, e, k, 0.8, qe, ca, cb);
    memset(qe + 3, 0, 3 * sizeof(double));
    memset(qe + 10, 0, 3 * sizeof(double));
    memcpy(cb, ca, 6 * sizeof(double));
    for (i = 0; i < 3; i++) qe[7 + i] = qe[i] + 0.8 * ca[i];
    p = params(ca, cb);
    memset(p.k0, 0, sizeof p.k0);
    fd_errors(&p, qe, &ef, &ek);
    ck_assert_msg(ef < 1e-6 && ek < 1e-6, "straight element: %.3g %.3g", ef, ek);
    ck_assert_double_eq_tol(ops()->energy(&p, qe), 0.0, 1e-20);
}
END_TEST

/* the strain measures are those the element was built from, and the energy
 * is l/2 of the diagonal quadratic form, at relative rotations across the
 * series' bounds (|phi|^2 = 1/2, tan^2(|phi|/2) = 1/4) */
START_TEST(strains_exact)
{
    static const double angles[] = {0.0, 1e-6, 1e-3, 0.3, 0.7, 0.7072, 0.9, 0.9273, 0.93, 1.5, 2.5, 3.0};
    unsigned st = 99u;
    size_t a;
    for (a = 0; a < sizeof angles / sizeof angles[0]; a++) {
        double e[3], k[3], dir[3], l = 0.6 + 0.3 * fd_rand(&st), qe[ND], ca[6], cb[6], e2[3], k2[3], W = 0.0;
        double cu[3], ck[3], k0[3];
        el_params p;
        int i;
        for (i = 0; i < 3; i++) {
            e[i] = 0.2 * fd_rand(&st);
            dir[i] = fd_rand(&st);
        }
        unit3(dir);
        for (i = 0; i < 3; i++) k[i] = angles[a] / l * dir[i];
        element_from_strain(&st, e, k, l, qe, ca, cb);
        p = params(ca, cb);
        el_se3_strains(&p, qe, e2, k2);
        for (i = 0; i < 3; i++) {
            ck_assert_msg(fabs(e2[i] - e[i]) < 1e-12, "angle %g: e[%d] = %.17g, built %.17g", angles[a], i, e2[i],
                          e[i]);
            ck_assert_msg(fabs(k2[i] - k[i]) < 1e-12 / l, "angle %g: k[%d] = %.17g, built %.17g", angles[a], i,
                          k2[i], k[i]);
        }
        cu[0] = p.EA, cu[1] = p.GA[0], cu[2] = p.GA[1];
        ck[0] = p.GJ, ck[1] = p.EI, ck[2] = p.EI3;
        k0[0] = p.k0[2], k0[1] = p.k0[0], k0[2] = p.k0[1];
        for (i = 0; i < 3; i++) W += 0.5 * l * (cu[i] * e[i] * e[i] + ck[i] * (k[i] - k0[i]) * (k[i] - k0[i]));
        ck_assert_double_eq_tol(ops()->energy(&p, qe), W, 1e-12 * W);
    }
}
END_TEST

/* the same frames in other charts (R_ref exp(psi) unchanged), and a rigid
 * motion of both nodes: the same energy */
START_TEST(charts_and_objectivity)
{
    unsigned st = 2024u;
    int trial;
    for (trial = 0; trial < 10; trial++) {
        double qe[ND], q2[ND], ca[6], cb[6], ca2[6], cb2[6], W, R[9], Q[9], E[9], Rr[9], RrN[9], w[3], x[3];
        el_params p, p2;
        int n, i;
        random_element(&st, 2.0, qe, ca, cb);
        p = params(ca, cb);
        W = ops()->energy(&p, qe);
        memcpy(q2, qe, sizeof q2);
        /* another chart at each node: R_ref' = R exp(-w), psi' = w */
        for (n = 0; n < 2; n++) {
            const double *c = n ? cb : ca;
            for (i = 0; i < 3; i++) {
                Rr[3 * i] = c[i];
                Rr[3 * i + 1] = c[3 + i];
            }
            Rr[2] = c[1] * c[5] - c[2] * c[4];
            Rr[5] = c[2] * c[3] - c[0] * c[5];
            Rr[8] = c[0] * c[4] - c[1] * c[3];
            rot_exp(qe + 7 * n + 3, E);
            mat3_mul(Rr, E, R);
            for (i = 0; i < 3; i++) w[i] = 0.8 * fd_rand(&st);
            for (i = 0; i < 3; i++) x[i] = -w[i];
            rot_exp(x, E);
            mat3_mul(R, E, RrN);
            chart_of(RrN, n ? cb2 : ca2);
            memcpy(q2 + 7 * n + 3, w, sizeof w);
        }
        p2 = params(ca2, cb2);
        ck_assert_double_eq_tol(ops()->energy(&p2, q2), W, 1e-12 * W);
        /* rigid motion: x <- Q x + c, R_ref <- Q R_ref */
        random_rotation(&st, 3.0, Q);
        for (n = 0; n < 2; n++) {
            double *c = n ? cb2 : ca2, y[3];
            rot_mul(Q, q2 + 7 * n, y);
            for (i = 0; i < 3; i++) q2[7 * n + i] = y[i] + 0.7 * i;
            rot_mul(Q, c, y);
            memcpy(c, y, sizeof y);
            rot_mul(Q, c + 3, y);
            memcpy(c + 3, y, sizeof y);
        }
        ck_assert_double_eq_tol(ops()->energy(&p2, q2), W, 1e-12 * W);
    }
}
END_TEST

/* the section's helix ends at node B's frame and position, starts at A's */
START_TEST(section_ends)
{
    unsigned st = 31u;
    int trial;
    for (trial = 0; trial < 10; trial++) {
        double qe[ND], ca[6], cb[6], R[9], E[9], Rr[9];
        el_section s0, s1;
        el_params p;
        int i, n;
        random_element(&st, 2.0, qe, ca, cb);
        p = params(ca, cb);
        ops()->section(&p, qe, 0.0, &s0);
        ops()->section(&p, qe, 1.0, &s1);
        for (n = 0; n < 2; n++) {
            const double *c = n ? cb : ca;
            const el_section *s = n ? &s1 : &s0;
            for (i = 0; i < 3; i++) {
                Rr[3 * i] = c[i];
                Rr[3 * i + 1] = c[3 + i];
            }
            Rr[2] = c[1] * c[5] - c[2] * c[4];
            Rr[5] = c[2] * c[3] - c[0] * c[5];
            Rr[8] = c[0] * c[4] - c[1] * c[3];
            rot_exp(qe + 7 * n + 3, E);
            mat3_mul(Rr, E, R);
            for (i = 0; i < 3; i++) ck_assert_double_eq_tol(s->x[i], qe[7 * n + i], 1e-12);
            for (i = 0; i < 9; i++) ck_assert_double_eq_tol(s->frame[i], R[i], 1e-12);
        }
    }
}
END_TEST

/* the fused kernel is the two separate ones */
START_TEST(fused_equals_separate)
{
    unsigned st = 5u;
    double qe[ND], ca[6], cb[6], f1[ND], f2[ND], k1[ND * ND], k2[ND * ND];
    el_params p;
    int i;
    random_element(&st, 1.0, qe, ca, cb);
    p = params(ca, cb);
    ops()->force(&p, qe, f1);
    ops()->tangent(&p, qe, k1);
    memset(k2, 0, sizeof k2);
    ops()->force_tangent_acc(&p, qe, f2, 1.0, k2);
    for (i = 0; i < ND; i++) ck_assert_double_eq_tol(f1[i], f2[i], 1e-13 * (1.0 + fabs(f1[i])));
    for (i = 0; i < ND * ND; i++) ck_assert_double_eq_tol(k1[i], k2[i], 1e-13 * (1.0 + fabs(k1[i])));
}
END_TEST

/* ---------------------------------------------------------------------------
 * Roll-up: a cantilever of length L, clamped at s = 0, under an end moment
 * M = 2 pi EI / L about e3 rolls up into a circle of radius L / (2 pi): the
 * curvature M / EI is constant, so the constant-strain element carries it
 * exactly on any mesh, and the nodes lie on the circle to rounding. */

enum { NEL = 8, NU = 6 * NEL };

/* solves A x = b (n x n, row-major) by Gauss elimination with partial
 * pivoting; A and b are overwritten */
static void dense_solve(int n, double *A, double *b)
{
    int i, j, k;
    for (k = 0; k < n; k++) {
        int piv = k;
        for (i = k + 1; i < n; i++)
            if (fabs(A[i * n + k]) > fabs(A[piv * n + k])) piv = i;
        if (piv != k) {
            double t;
            for (j = 0; j < n; j++) {
                t = A[k * n + j];
                A[k * n + j] = A[piv * n + j];
                A[piv * n + j] = t;
            }
            t = b[k];
            b[k] = b[piv];
            b[piv] = t;
        }
        for (i = k + 1; i < n; i++) {
            double f = A[i * n + k] / A[k * n + k];
            for (j = k; j < n; j++) A[i * n + j] -= f * A[k * n + j];
            b[i] -= f * b[k];
        }
    }
    for (i = n - 1; i >= 0; i--) {
        for (j = i + 1; j < n; j++) b[i] -= A[i * n + j] * b[j];
        b[i] /= A[i * n + i];
    }
}

/* residual and Jacobian of the clamped mesh (nodes 1..NEL free, 6 dofs
 * each: x, psi; s fixed) under an end moment m e3 */
static double rollup_residual(const el_params *p, const double *q, double m, double *r, double *K)
{
    double norm = 0.0;
    int e, i, j;
    memset(r, 0, NU * sizeof(double));
    memset(K, 0, NU * NU * sizeof(double));
    for (e = 0; e < NEL; e++) {
        double qe[ND], fe[ND], ke[ND * ND];
        int map[ND];
        for (i = 0; i < ND; i++) {
            int node = e + i / 7, d = i % 7;
            qe[i] = q[7 * node + d];
            map[i] = (node == 0 || d == 6) ? -1 : 6 * (node - 1) + d;
        }
        memset(ke, 0, sizeof ke);
        ops()->force_tangent_acc(p, qe, fe, 1.0, ke);
        for (i = 0; i < ND; i++) {
            if (map[i] < 0) continue;
            r[map[i]] += fe[i];
            for (j = 0; j < ND; j++)
                if (map[j] >= 0) K[map[i] * NU + map[j]] += ke[i * ND + j];
        }
    }
    r[NU - 1] -= m;
    for (i = 0; i < NU; i++)
        if (fabs(r[i]) > norm) norm = fabs(r[i]);
    return norm;
}

START_TEST(rollup_circle)
{
    const double L = 2.0, EI = 3.0, M = 2.0 * M_PI * EI / L, R = L / (2.0 * M_PI);
    static double K[NU * NU];
    double q[7 * (NEL + 1)], r[NU];
    el_params p;
    int step, it, i;
    memset(&p, 0, sizeof p);
    p.EA = 1e4;
    p.GA[0] = p.GA[1] = 5e3;
    p.GJ = 2.0;
    p.EI = p.EI3 = EI;
    p.fixed_s = 1;
    memset(q, 0, sizeof q);
    for (i = 0; i <= NEL; i++) q[7 * i] = q[7 * i + 6] = L * i / NEL;
    for (step = 1; step <= 10; step++) {
        double m = M * step / 10.0;
        for (it = 0; it < 30; it++) {
            if (rollup_residual(&p, q, m, r, K) < 1e-11 * M) break;
            dense_solve(NU, K, r);
            for (i = 0; i < NU; i += 6) { /* x additive, the rotation composed */
                double *qn = q + 7 * (1 + i / 6), d[3] = {-r[i + 3], -r[i + 4], -r[i + 5]};
                qn[0] -= r[i];
                qn[1] -= r[i + 1];
                qn[2] -= r[i + 2];
                rot_compose(qn + 3, d);
            }
        }
        ck_assert_msg(it < 30, "step %d: Newton did not converge", step);
    }
    for (i = 0; i <= NEL; i++) {
        double th = 2.0 * M_PI * i / NEL;
        ck_assert_msg(fabs(q[7 * i] - R * sin(th)) < 1e-10 * L && fabs(q[7 * i + 1] - R * (1.0 - cos(th))) < 1e-10 * L &&
                          fabs(q[7 * i + 2]) < 1e-10 * L,
                      "node %d at (%.17g, %.17g, %.3g), circle (%.17g, %.17g)", i, q[7 * i], q[7 * i + 1],
                      q[7 * i + 2], R * sin(th), R * (1.0 - cos(th)));
        ck_assert_double_eq_tol(q[7 * i + 5], remainder(th, 2.0 * M_PI), 1e-10); /* |psi| <= pi */
    }
}
END_TEST

Suite *suite_se3(void)
{
    Suite *s = suite_create("se3");
    TCase *tc = tcase_create("element");
    tcase_add_test(tc, fd_ale_small);
    tcase_add_test(tc, fd_ale_large);
    tcase_add_test(tc, fd_lagrangian);
    tcase_add_test(tc, fd_straight);
    tcase_add_test(tc, strains_exact);
    tcase_add_test(tc, charts_and_objectivity);
    tcase_add_test(tc, fused_equals_separate);
    tcase_add_test(tc, section_ends);
    suite_add_tcase(s, tc);
    tc = tcase_create("rollup");
    tcase_add_test(tc, rollup_circle);
    suite_add_tcase(s, tc);
    return s;
}
