/* The Kirchhoff element's closed-form kernel (lib/elements/kirchhoff_kernel.c)
 * against its oracle, the hyper-dual path of kirchhoff.c (the same discrete
 * energy differentiated by core/hd.h), on random curved, stretched and
 * twisted 3D elements with s free (ALE, l an unknown) and fixed, charts
 * tilted from the slopes and rolls up to 2 rad apart; and against central
 * differences of its own energy.
 *
 * Tolerances: the two paths are the same function evaluated in different
 * orders: energy to 1e-12 relative, force and tangent to 1e-10 in the scaled
 * max-norm of fd.h (max |new - AD| / max |AD| over the 16 entries, or the
 * 256 of the tangent); over these cases the largest difference is 2e-15
 * (near a chart's antipode, where the holonomy forms would lose digits if
 * not split about the point, 1e-15 against 4.7e-7 unsplit).  Differences:
 * steps 1e-6 (1 + |q|), O(h^2) truncation and O(eps/h) rounding, below 1e-8
 * here, checked at 1e-6 (as test_kirchhoff.c).  The tangent is exactly
 * symmetric (bit for bit). */
#include "suites.h"
#include "fd.h"
#include "elements/element.h"

#include <string.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

#define ND 16
#define SA 7
#define SB 15
#define NTRIAL 40

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

/* a random element: chord (1 +- 0.3) l, slopes of length 1 +- 0.2 tilted by
 * up to ~50 degrees from the chord (curved, out of plane), rolls in [-2, 2],
 * s_A in [0, 1), l in [0.2, 1.8) */
static void random_element(unsigned *st, double *qe, double ca[6], double cb[6])
{
    double dir[3], l, len;
    int i, e;
    for (i = 0; i < 3; i++) dir[i] = fd_rand(st);
    unit3(dir);
    l = 1.0 + 0.8 * fd_rand(st);
    len = l * (1.0 + 0.3 * fd_rand(st));
    for (i = 0; i < 3; i++) {
        qe[i] = 0.1 * fd_rand(st);
        qe[8 + i] = qe[i] + len * dir[i];
    }
    for (e = 0; e < 2; e++) {
        double d[3], n;
        for (i = 0; i < 3; i++) d[i] = dir[i] + 0.6 * fd_rand(st);
        unit3(d);
        n = 1.0 + 0.2 * fd_rand(st);
        for (i = 0; i < 3; i++) qe[8 * e + 3 + i] = n * d[i];
        qe[8 * e + 6] = 2.0 * fd_rand(st);
        random_chart(st, d, e ? cb : ca);
    }
    qe[SA] = 0.5 + 0.5 * fd_rand(st);
    qe[SB] = qe[SA] + l;
}

/* isotropic: EI2 = EI3, no natural curvature (a natural twist is allowed);
 * otherwise unequal stiffnesses and natural curvatures and twist */
static el_params params(int aniso, int fixed_s, int twist0, const double *ca, const double *cb)
{
    el_params p;
    memset(&p, 0, sizeof p);
    p.EA = 200.0;
    p.rhoA = 1.5;
    p.ref_len = 1.0;
    p.EI = 3.0;
    p.EI3 = aniso ? 7.0 : 3.0;
    p.GJ = 2.0;
    p.fixed_s = fixed_s;
    if (aniso) {
        p.k0[0] = 0.4;
        p.k0[1] = -0.25;
    }
    if (twist0) p.k0[2] = 0.3;
    p.chart_a = ca;
    p.chart_b = cb;
    return p;
}

static const el_ops *ops(void) { return el_ops_get(2); }

/* the element's own kernels (closed form where the section allows) against
 * the hyper-dual oracle */
static void check_oracle(int aniso, int fixed_s, int twist0)
{
    unsigned st = 4242u + 101u * (unsigned)aniso + 17u * (unsigned)fixed_s + 5u * (unsigned)twist0;
    int trial;
    for (trial = 0; trial < NTRIAL; trial++) {
        double qe[ND], ca[6], cb[6], f[ND], fa[ND], f2[ND], k[ND * ND], ka[ND * ND], W, Wa, ef, ek;
        el_params p;
        random_element(&st, qe, ca, cb);
        p = params(aniso, fixed_s, twist0, ca, cb);
        W = ops()->energy(&p, qe);
        Wa = el_kirchhoff_ad_energy(&p, qe);
        ck_assert_msg(fabs(W - Wa) <= 1e-12 * fabs(Wa), "trial %d: energy %.17g, AD %.17g", trial, W, Wa);
        memset(k, 0, sizeof k);
        memset(ka, 0, sizeof ka);
        ops()->force_tangent_acc(&p, qe, f, 0.75, k);
        el_kirchhoff_ad_force_tangent_acc(&p, qe, fa, 0.75, ka);
        ops()->force(&p, qe, f2);
        ef = fd_relerr(f, fa, ND, 1e-300);
        ek = fd_relerr(k, ka, ND * ND, 1e-300);
        ck_assert_msg(ef <= 1e-10, "trial %d: force vs AD: %.3g", trial, ef);
        ck_assert_msg(ek <= 1e-10, "trial %d: tangent vs AD: %.3g", trial, ek);
        ck_assert_msg(fd_relerr(f2, fa, ND, 1e-300) <= 1e-10, "trial %d: force alone vs AD", trial);
        {
            int i, j; /* bitwise: the band solver's LDL^T takes only exactly symmetric values */
            for (i = 0; i < ND; i++)
                for (j = 0; j < i; j++) ck_assert_msg(k[ND * i + j] == k[ND * j + i], "trial %d: tangent not symmetric", trial);
        }
        if (fixed_s) {
            int i;
            for (i = 0; i < ND; i++) {
                ck_assert(f[SA] == 0.0 && f[SB] == 0.0);
                ck_assert(k[ND * i + SA] == 0.0 && k[ND * SA + i] == 0.0);
                ck_assert(k[ND * i + SB] == 0.0 && k[ND * SB + i] == 0.0);
            }
        }
    }
}

START_TEST(oracle_isotropic_ale) { check_oracle(0, 0, 0); }
END_TEST
START_TEST(oracle_isotropic_lagrangian) { check_oracle(0, 1, 0); }
END_TEST
START_TEST(oracle_isotropic_twist0_ale) { check_oracle(0, 0, 1); }
END_TEST
START_TEST(oracle_anisotropic_ale) { check_oracle(1, 0, 1); }
END_TEST
START_TEST(oracle_anisotropic_lagrangian) { check_oracle(1, 1, 1); }
END_TEST

/* An element bent by ~100 degrees whose end B's tangent is exactly opposite
 * node A's chart t1_ref (and A's tangent 80 degrees from it), where the
 * smallest rotation's holonomy through the charts is singular: the closed
 * form takes it about the tangents themselves, as the hd path does */
START_TEST(tangent_opposite_other_chart)
{
    double qe[ND], ca[6] = {1, 0, 0, 0, 0, 1}, cb[6], f[ND], fa[ND], k[ND * ND], ka[ND * ND];
    int aniso, i;
    memset(qe, 0, sizeof qe);
    qe[3] = cos(80.0 * M_PI / 180.0);
    qe[4] = sin(80.0 * M_PI / 180.0);
    qe[5] = 0.1;
    qe[8] = 0.3;
    qe[9] = 0.6;
    qe[10] = 0.05;
    qe[11] = -1.1; /* r'_B 1e-6 from -1.1 t1ref_A */
    qe[12] = 1.1e-6;
    qe[6] = 0.4;
    qe[14] = -0.3;
    qe[SA] = 0.2;
    qe[SB] = 1.0;
    for (i = 0; i < 3; i++) cb[i] = qe[11 + i] + 0.2 * (i == 1);
    unit3(cb);
    {
        double x[3] = {0.3, 0.1, 0.9};
        cross(cb, x, cb + 3);
        unit3(cb + 3);
    }
    for (aniso = 0; aniso < 2; aniso++) {
        el_params p = params(aniso, 0, 1, ca, cb);
        memset(k, 0, sizeof k);
        memset(ka, 0, sizeof ka);
        ops()->force_tangent_acc(&p, qe, f, 1.0, k);
        el_kirchhoff_ad_force_tangent_acc(&p, qe, fa, 1.0, ka);
        ck_assert_msg(fd_relerr(f, fa, ND, 1e-300) <= 1e-10, "aniso %d: force vs AD: %.3g", aniso,
                      fd_relerr(f, fa, ND, 1e-300));
        ck_assert_msg(fd_relerr(k, ka, ND * ND, 1e-300) <= 1e-10, "aniso %d: tangent vs AD: %.3g", aniso,
                      fd_relerr(k, ka, ND * ND, 1e-300));
    }
}
END_TEST

static double step(double x) { return 1e-6 * (1.0 + fabs(x)); }

/* force against central differences of the energy, tangent against those of
 * the force (the closed-form path's own, s free) */
static void check_fd(int aniso)
{
    unsigned st = 777u + 3u * (unsigned)aniso;
    int trial;
    for (trial = 0; trial < 10; trial++) {
        double qe[ND], ca[6], cb[6], f[ND], fd[ND], k[ND * ND], kd[ND * ND], fp[ND], fm[ND];
        el_params p;
        int i, j;
        random_element(&st, qe, ca, cb);
        p = params(aniso, 0, 1, ca, cb);
        memset(k, 0, sizeof k);
        ops()->force_tangent_acc(&p, qe, f, 1.0, k);
        for (i = 0; i < ND; i++) {
            double q0 = qe[i], h = step(q0), wp, wm;
            qe[i] = q0 + h;
            wp = ops()->energy(&p, qe);
            ops()->force(&p, qe, fp);
            qe[i] = q0 - h;
            wm = ops()->energy(&p, qe);
            ops()->force(&p, qe, fm);
            qe[i] = q0;
            fd[i] = (wp - wm) / (2.0 * h);
            for (j = 0; j < ND; j++) kd[j * ND + i] = (fp[j] - fm[j]) / (2.0 * h);
        }
        ck_assert_msg(fd_relerr(f, fd, ND, 1e-3) < 1e-6, "trial %d: force vs energy differences", trial);
        ck_assert_msg(fd_relerr(k, kd, ND * ND, 1e-3) < 1e-6, "trial %d: tangent vs force differences", trial);
    }
}

START_TEST(fd_isotropic) { check_fd(0); }
END_TEST
START_TEST(fd_anisotropic) { check_fd(1); }
END_TEST

Suite *suite_kirchhoff_kernel(void)
{
    Suite *s = suite_create("Kirchhoff closed-form kernel");
    TCase *tc = tcase_create("kernel");
    tcase_add_test(tc, oracle_isotropic_ale);
    tcase_add_test(tc, oracle_isotropic_lagrangian);
    tcase_add_test(tc, oracle_isotropic_twist0_ale);
    tcase_add_test(tc, oracle_anisotropic_ale);
    tcase_add_test(tc, oracle_anisotropic_lagrangian);
    tcase_add_test(tc, tangent_opposite_other_chart);
    tcase_add_test(tc, fd_isotropic);
    tcase_add_test(tc, fd_anisotropic);
    suite_add_tcase(s, tc);
    return s;
}
