/* The Kirchhoff beam element (lib/elements/kirchhoff.c): force = gradient of
 * the energy and tangent = Hessian by central finite differences on random
 * curved, stretched and twisted 3D elements, with isotropic and with
 * anisotropic, naturally curved and twisted sections, with s free (ALE) and
 * fixed; and physical checks: a straight element in pure torsion, a circular
 * arc, rigid motions (objectivity), the independence of the energy from the
 * nodes' roll charts.
 *
 * Tolerances: central differences with steps 1e-6 (1 + |q|) have O(h^2)
 * truncation and O(eps/h) rounding; over these cases the largest error is
 * below 1e-8 in the scaled max-norm of fd.h, checked at 1e-6.  Identities
 * without differencing are checked to 1e-12 relative. */
#include "suites.h"
#include "fd.h"
#include "elements/element.h"

#include <string.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

#define ND 16
#define TA 6
#define SA 7
#define TB 14
#define SB 15

static const el_ops *ops(void) { return el_ops_get(2); }

static void unit3(double *d)
{
    double n = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
    d[0] /= n;
    d[1] /= n;
    d[2] /= n;
}

static void cross(const double a[3], const double b[3], double c[3])
{
    c[0] = a[1] * b[2] - a[2] * b[1];
    c[1] = a[2] * b[0] - a[0] * b[2];
    c[2] = a[0] * b[1] - a[1] * b[0];
}

/* a chart (t1_ref, t2_ref) tilted by up to ~35 degrees from the slope d */
static void random_chart(unsigned *st, const double d[3], double chart[6])
{
    double x[3], t[3];
    int i;
    for (i = 0; i < 3; i++) chart[i] = d[i] + 0.35 * fd_rand(st);
    unit3(chart);
    for (i = 0; i < 3; i++) x[i] = fd_rand(st);
    cross(chart, x, t);
    unit3(t);
    memcpy(chart + 3, t, sizeof t);
}

/* random curved element (chord (1 +- 0.3) l, slopes of length 1 +- 0.2 tilted
 * from the chord, rolls in [-1, 1], s_A in [0, 1), l in [0.5, 1.5)) with charts */
static void random_element(unsigned *st, double *qe, double ca[6], double cb[6])
{
    double dir[3], l, len;
    int i, e;
    for (i = 0; i < 3; i++) dir[i] = fd_rand(st);
    unit3(dir);
    l = 1.0 + 0.5 * fd_rand(st);
    len = l * (1.0 + 0.3 * fd_rand(st));
    for (i = 0; i < 3; i++) {
        qe[i] = 0.1 * fd_rand(st);
        qe[8 + i] = qe[i] + len * dir[i];
    }
    for (e = 0; e < 2; e++) {
        double d[3], n;
        for (i = 0; i < 3; i++) d[i] = dir[i] + 0.4 * fd_rand(st);
        unit3(d);
        n = 1.0 + 0.2 * fd_rand(st);
        for (i = 0; i < 3; i++) qe[8 * e + 3 + i] = n * d[i];
        qe[8 * e + 6] = fd_rand(st);
        random_chart(st, d, e ? cb : ca);
    }
    qe[SA] = 0.5 + 0.5 * fd_rand(st);
    qe[SB] = qe[SA] + l;
}

static el_params params(int aniso, const double *ca, const double *cb)
{
    el_params p;
    memset(&p, 0, sizeof p);
    p.EA = 200.0;
    p.rhoA = 1.5;
    p.ref_len = 1.0;
    p.EI = 3.0;
    p.EI3 = aniso ? 7.0 : 3.0;
    p.GJ = 2.0;
    if (aniso) {
        p.k0[0] = 0.4;
        p.k0[1] = -0.25;
        p.k0[2] = 0.3;
    }
    p.chart_a = ca;
    p.chart_b = cb;
    return p;
}

static double step(double x) { return 1e-6 * (1.0 + fabs(x)); }

/* max error of the force against differences of the energy, and of the
 * tangent against differences of the force */
static void fd_errors(const el_params *p, const double *qe0, double *err_f, double *err_k)
{
    double qe[ND], f[ND], fd[ND], k[ND * ND], kd[ND * ND], fp[ND], fm[ND];
    int i, j, nfree = p->fixed_s ? 0 : 1;
    memcpy(qe, qe0, sizeof qe);
    ops()->force(p, qe, f);
    ops()->tangent(p, qe, k);
    for (i = 0; i < ND; i++) {
        double h = step(qe[i]), wp, wm;
        if (!nfree && (i == SA || i == SB)) {
            fd[i] = f[i];
            for (j = 0; j < ND; j++) kd[j * ND + i] = k[j * ND + i];
            continue;
        }
        qe[i] = qe0[i] + h;
        wp = ops()->energy(p, qe);
        ops()->force(p, qe, fp);
        qe[i] = qe0[i] - h;
        wm = ops()->energy(p, qe);
        ops()->force(p, qe, fm);
        qe[i] = qe0[i];
        fd[i] = (wp - wm) / (2.0 * h);
        for (j = 0; j < ND; j++) kd[j * ND + i] = (fp[j] - fm[j]) / (2.0 * h);
    }
    *err_f = fd_relerr(f, fd, ND, 1e-3);
    *err_k = fd_relerr(k, kd, ND * ND, 1e-3);
}

static void check_fd(int aniso, int fixed_s)
{
    unsigned st = 12345u + 77u * (unsigned)aniso + 13u * (unsigned)fixed_s;
    int trial;
    for (trial = 0; trial < 20; trial++) {
        double qe[ND], ca[6], cb[6], ef, ek;
        el_params p;
        random_element(&st, qe, ca, cb);
        p = params(aniso, ca, cb);
        p.fixed_s = fixed_s;
        fd_errors(&p, qe, &ef, &ek);
        ck_assert_msg(ef < 1e-6, "trial %d: force vs energy differences: %.3g", trial, ef);
        ck_assert_msg(ek < 1e-6, "trial %d: tangent vs force differences: %.3g", trial, ek);
    }
}

START_TEST(fd_isotropic_ale) { check_fd(0, 0); }
END_TEST

START_TEST(fd_isotropic_lagrangian) { check_fd(0, 1); }
END_TEST

START_TEST(fd_anisotropic_ale) { check_fd(1, 0); }
END_TEST

START_TEST(fd_anisotropic_lagrangian) { check_fd(1, 1); }
END_TEST

/* the fused kernel is the two separate ones */
START_TEST(fused_equals_separate)
{
    unsigned st = 99u;
    double qe[ND], ca[6], cb[6], f1[ND], f2[ND], k1[ND * ND], k2[ND * ND];
    el_params p;
    int i;
    random_element(&st, qe, ca, cb);
    p = params(1, ca, cb);
    ops()->force(&p, qe, f1);
    ops()->tangent(&p, qe, k1);
    memset(k2, 0, sizeof k2);
    ops()->force_tangent_acc(&p, qe, f2, 1.0, k2);
    for (i = 0; i < ND; i++) ck_assert_double_eq_tol(f1[i], f2[i], 1e-13 * (1.0 + fabs(f1[i])));
    for (i = 0; i < ND * ND; i++) ck_assert_double_eq_tol(k1[i], k2[i], 1e-13 * (1.0 + fabs(k1[i])));
}
END_TEST

/* The inertia Jacobian of a Lagrangian element with s fixed, formed on the
 * element's own dofs (kirchhoff.c's kh_lag_mass_acc), is ANCF's kernel's on
 * the packed coordinates added onto the element's rows, to the bit; with a
 * material rate (the ALE path through ANCF) and with s free as well.  Each
 * accumulates onto nonzero values.  Fails if one mass entry moves by 1 ulp.
 * The kinetic energy (kh_lag_kinetic without material rates) and the
 * uniform load's force (kh_dist_force) likewise. */
START_TEST(lagrangian_mass_bits)
{
    static const int anc[14] = {0, 1, 2, 3, 4, 5, SA, 8, 9, 10, 11, 12, 13, SB};
    const el_ops *ko = ops(), *ao = el_ops_get(1);
    unsigned st = 4242u;
    int trial, n = 0;
    for (trial = 0; trial < 12; trial++) {
        double qe[ND], ca[6], cb[6], ve[ND], ae[ND], y[14], v[14], a[14], k14[14 * 14], k1[ND * ND], k2[ND * ND];
        const double cq = 0.3 + 0.1 * trial, cv = 0.6, cacc = 1.0 + 0.25 * trial;
        el_params p;
        int i, j;
        random_element(&st, qe, ca, cb);
        p = params(trial % 3 == 2, ca, cb);
        p.fixed_s = trial % 4 != 3;
        for (i = 0; i < ND; i++) {
            ve[i] = fd_rand(&st);
            ae[i] = fd_rand(&st);
        }
        if (trial % 2 == 0) ve[SA] = ve[SB] = ae[SA] = ae[SB] = 0.0; /* Lagrangian */
        for (i = 0; i < 14; i++) {
            y[i] = qe[anc[i]];
            v[i] = ve[anc[i]];
            a[i] = ae[anc[i]];
        }
        for (i = 0; i < ND * ND; i++) k1[i] = k2[i] = 0.01 * (double)(i % 17) - 0.05;
        memset(k14, 0, sizeof k14);
        ao->inertia_jac_acc(&p, y, v, a, cq, cv, cacc, k14);
        for (i = 0; i < 14; i++)
            for (j = 0; j < 14; j++) k2[anc[i] * ND + anc[j]] += k14[14 * i + j];
        ko->inertia_jac_acc(&p, qe, ve, ae, cq, cv, cacc, k1);
        { /* the uniform load's force: ANCF's on the packed coordinates, to the bit */
            const double grav[3] = {0.3 * trial - 1.0, 0.7, -9.81};
            double fk[ND], fa[14];
            ko->dist_force(grav, qe, fk);
            ao->dist_force(grav, y, fa);
            for (i = 0; i < 14; i++)
                ck_assert_msg(memcmp(fk + anc[i], fa + i, sizeof(double)) == 0, "trial %d: load force %d differs",
                              trial, i);
            ck_assert(fk[TA] == 0.0 && fk[TB] == 0.0);
        }
        { /* the kinetic energy: ANCF's on the packed rates, to the bit */
            const double t1 = ko->kinetic(&p, qe, ve), t2 = ao->kinetic(&p, y, v);
            ck_assert_msg(memcmp(&t1, &t2, sizeof t1) == 0 && t1 > 0.0, "trial %d: kinetic %.17g, ANCF's %.17g",
                          trial, t1, t2);
        }
        for (i = 0; i < ND * ND; i++)
            ck_assert_msg(memcmp(k1 + i, k2 + i, sizeof(double)) == 0, "trial %d: entry %d: %.17g, ANCF's %.17g",
                          trial, i, k1[i], k2[i]);
        ck_assert(k1[0] != 0.01 * 0.0 - 0.05); /* the mass was added */
        n++;
    }
    ck_assert_int_eq(n, 12);
}
END_TEST

/* straight element along a random axis, unit slopes, roll difference phi:
 * twist phi/l, W = GJ phi^2 / (2 l) exactly, torque in the roll rows */
START_TEST(pure_torsion)
{
    double qe[ND], ca[6], cb[6], dir[3] = {0.3, -0.5, 0.8}, x[3] = {0.2, 0.9, -0.1}, f[ND], l = 0.7, phi = 0.9;
    el_params p;
    int i;
    unit3(dir);
    memset(qe, 0, sizeof qe);
    for (i = 0; i < 3; i++) {
        qe[8 + i] = l * dir[i];
        qe[3 + i] = qe[11 + i] = dir[i];
    }
    qe[SA] = 2.0;
    qe[SB] = 2.0 + l;
    qe[TA] = 0.25;
    qe[TB] = 0.25 + phi;
    memcpy(ca, dir, sizeof dir);
    cross(dir, x, ca + 3);
    unit3(ca + 3);
    memcpy(cb, ca, sizeof ca);
    p = params(0, ca, cb);
    ck_assert_double_eq_tol(ops()->energy(&p, qe), p.GJ * phi * phi / (2.0 * l), 1e-13);
    ops()->force(&p, qe, f);
    ck_assert_double_eq_tol(f[TB], p.GJ * phi / l, 1e-12);
    ck_assert_double_eq_tol(f[TA], -p.GJ * phi / l, 1e-12);
    for (i = 0; i < 6; i++) ck_assert_double_eq_tol(f[i], 0.0, 1e-12);
}
END_TEST

/* a quarter circle of radius R in a plane, zero roll: bending energy
 * EI l / (2 R^2) to the Hermite interpolation's error, no torsion */
START_TEST(circular_arc)
{
    double qe[ND], ca[6], cb[6], R = 0.8, th = M_PI / 8, l = R * th, W;
    el_params p;
    memset(qe, 0, sizeof qe);
    qe[0] = R;
    qe[8] = R * cos(th);
    qe[9] = R * sin(th);
    qe[3] = 0.0;
    qe[4] = 1.0;
    qe[11] = -sin(th);
    qe[12] = cos(th);
    qe[SB] = l;
    /* t2 along the binormal e3 at both ends: the plane's frame is untwisted */
    ca[0] = 0, ca[1] = 1, ca[2] = 0, ca[3] = 0, ca[4] = 0, ca[5] = 1;
    cb[0] = -sin(th), cb[1] = cos(th), cb[2] = 0, cb[3] = 0, cb[4] = 0, cb[5] = 1;
    p = params(0, ca, cb);
    p.EA = 0.0;
    W = ops()->energy(&p, qe);
    ck_assert_double_eq_tol(W, p.EI * l / (2 * R * R), 2e-4 * p.EI * l / (2 * R * R));
    /* a ring in its plane has no twist: only bending remains with GJ */
    p.EI = 0.0;
    p.EI3 = 0.0;
    ck_assert_double_eq_tol(ops()->energy(&p, qe), 0.0, 1e-14);
}
END_TEST

static void rotate(const double Q[9], double *v)
{
    double w[3];
    int i;
    for (i = 0; i < 3; i++) w[i] = Q[3 * i] * v[0] + Q[3 * i + 1] * v[1] + Q[3 * i + 2] * v[2];
    memcpy(v, w, sizeof w);
}

/* a rigid rotation and translation of everything (positions, slopes, charts)
 * leaves the energy unchanged and rotates the force */
START_TEST(objectivity)
{
    unsigned st = 7u;
    double qe[ND], q2[ND], ca[6], cb[6], ca2[6], cb2[6], f[ND], f2[ND], Q[9];
    double c = cos(0.7), s = sin(0.7), n[3] = {0.6, 0.0, 0.8};
    el_params p, p2;
    int i, k;
    /* Rodrigues about n */
    for (i = 0; i < 3; i++)
        for (k = 0; k < 3; k++) Q[3 * i + k] = (i == k ? c : 0.0) + (1.0 - c) * n[i] * n[k];
    Q[1] -= s * n[2];
    Q[2] += s * n[1];
    Q[3] += s * n[2];
    Q[5] -= s * n[0];
    Q[6] -= s * n[1];
    Q[7] += s * n[0];
    random_element(&st, qe, ca, cb);
    p = params(1, ca, cb);
    memcpy(q2, qe, sizeof qe);
    memcpy(ca2, ca, sizeof ca);
    memcpy(cb2, cb, sizeof cb);
    for (k = 0; k < 4; k++) rotate(Q, q2 + (k < 2 ? 0 : 8) + 3 * (k % 2));
    for (i = 0; i < 3; i++) {
        q2[i] += 0.3;
        q2[8 + i] += 0.3;
    }
    rotate(Q, ca2);
    rotate(Q, ca2 + 3);
    rotate(Q, cb2);
    rotate(Q, cb2 + 3);
    p2 = params(1, ca2, cb2);
    ck_assert_double_eq_tol(ops()->energy(&p2, q2), ops()->energy(&p, qe), 1e-12 * ops()->energy(&p, qe));
    ops()->force(&p, qe, f);
    ops()->force(&p2, q2, f2);
    for (k = 0; k < 4; k++) rotate(Q, f + (k < 2 ? 0 : 8) + 3 * (k % 2));
    ck_assert(fd_relerr(f2, f, ND, 1e-3) < 1e-12);
}
END_TEST

/* Re-basing a node's chart at the current slope (t1_ref = t1, t2_ref = the
 * zero-roll axis there) keeps its frame, and the energy, at every roll */
START_TEST(energy_independent_of_charts)
{
    unsigned st = 31u;
    double qe[ND], ca[6], cb[6], ca2[6], cb2[6], W1, W2;
    el_params p, p2;
    int e;
    random_element(&st, qe, ca, cb);
    p = params(1, ca, cb);
    W1 = ops()->energy(&p, qe);
    for (e = 0; e < 2; e++) {
        hd_ctx c = hd_context(0, 0);
        hd rp[3], th, t1[3], b[3];
        double *dst = e ? cb2 : ca2;
        int i;
        for (i = 0; i < 3; i++) hd_const(&c, &rp[i], qe[8 * e + 3 + i]);
        hd_const(&c, &th, 0.0);
        el_kirchhoff_node_frame(&c, rp, &th, e ? cb : ca, t1, b);
        for (i = 0; i < 3; i++) {
            dst[i] = t1[i].v;
            dst[3 + i] = b[i].v;
        }
    }
    p2 = params(1, ca2, cb2);
    W2 = ops()->energy(&p2, qe);
    ck_assert_double_eq_tol(W2, W1, 1e-12 * W1);
}
END_TEST

Suite *suite_kirchhoff(void)
{
    Suite *s = suite_create("Kirchhoff beam element");
    TCase *tc = tcase_create("element");
    tcase_add_test(tc, fd_isotropic_ale);
    tcase_add_test(tc, fd_isotropic_lagrangian);
    tcase_add_test(tc, fd_anisotropic_ale);
    tcase_add_test(tc, fd_anisotropic_lagrangian);
    tcase_add_test(tc, fused_equals_separate);
    tcase_add_test(tc, lagrangian_mass_bits);
    tcase_add_test(tc, pure_torsion);
    tcase_add_test(tc, circular_arc);
    tcase_add_test(tc, objectivity);
    tcase_add_test(tc, energy_independent_of_charts);
    suite_add_tcase(s, tc);
    return s;
}
