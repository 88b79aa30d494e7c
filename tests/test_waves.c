/* The sea (lib/loads/waves.c) and hydrodynamic loads in it.
 *
 *  - Airy kinematics against an independent evaluation written here: the
 *    velocity potential in complex form, phi = Re[-i (g A/w) cosh(k(z+d)) /
 *    cosh(k d) e^(i theta)], differentiated by hand (the library writes
 *    w/sinh(k d) and exponentials): 1e-12 relative to A w (resp. A w^2);
 *  - the dispersion relation's residual (a few ulps), deep- and
 *    shallow-water limits of k and of the kinematics;
 *  - continuity (div u = 0) and irrotationality by central differences of
 *    the velocity (step 1e-5/k: truncation ~1e-10 of k A w, checked at 1e-8),
 *    and the library's closed-form gradients of u and a against central
 *    differences (the same tolerance) with stretching, ramp, JONSWAP and a
 *    current profile;
 *  - Wheeler stretching: the surface has the mean level's kinematics of
 *    linear theory, the seabed the unstretched seabed's (1e-14);
 *  - JONSWAP: the spectrum's normalization against a quadrature written
 *    here (1e-9), the components' variance m0 = sum A^2/2 against the
 *    spectrum's integral over the range (the midpoint rule: 1e-4) and against
 *    Hs^2/16 (1 %: the range [0.5, 5] w_p leaves out 0.2 %), splitmix64's
 *    published first outputs, reproducibility with the seed and different
 *    phases with another seed;
 *  - the current profile's interpolation, constant ends, zero above the surface;
 *  - bad input: each argument named in the message, nothing created or changed;
 *  - the hydrodynamic load's Jacobian blocks against central differences of
 *    its residual with waves (ANCF and axial elements; fd.h's scaled
 *    max-norm at 1e-6, as the still-water tests of test_field_loads.c;
 *    measured below 4e-9), the Morison force of a still element written
 *    out, dry elements, and the model's weighted Jacobian with a sea;
 *  - a neutrally buoyant cable without drag moves as a fluid particle of the
 *    linear sea (x'' = a_f): Newmark against RK4 of that equation. */
#include "suites.h"
#include "fd.h"
#include "problem_fd.h"
#include "core/model.h"
#include "elements/element.h"
#include "loads/field_loads.h"
#include "loads/waves.h"

#include <complex.h>
#undef I /* alecable_section has a field I */
#define IU _Complex_I
#include <stdlib.h>
#include <string.h>

Suite *suite_waves(void);

static const double PI = 3.14159265358979323846;
static const double G = 9.81;

static double dot3(const double a[3], const double b[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

static alecable_model *model_g(const double g[3])
{
    alecable_model *m;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    ck_assert_int_eq(alecable_model_set_gravity(m, g), 0);
    return m;
}

static alecable_model *model_z(void)
{
    const double g[3] = {0.0, 0.0, -G};
    return model_g(g);
}

static alecable_sea *airy(alecable_model *m, double level, double depth, double H, double T, double beta,
                          double phase, int stretch)
{
    alecable_sea_params p;
    alecable_sea *s;
    alecable_sea_params_init(&p);
    p.level = level;
    p.depth = depth;
    p.waves = ALECABLE_WAVES_AIRY;
    p.height = H;
    p.period = T;
    p.heading = beta;
    p.phase = phase;
    p.stretching = stretch;
    ck_assert_int_eq(alecable_sea_create(&s, m, &p), 0);
    return s;
}

/* ------------------------------------------------------------------------ */
/* dispersion                                                                 */

START_TEST(dispersion_residual_and_limits)
{
    double K;
    for (K = 1e-8; K < 1e4; K *= 1.7) {
        double y = wave_dispersion_kd(K);
        ck_assert_double_le(fabs(y * tanh(y) - K), 4e-16 * K);
    }
    /* through a sea: w^2 = g k tanh(k d) for each depth, deep and shallow limits */
    {
        const double depth[4] = {1e4, 200.0, 10.0, 0.01};
        int i;
        for (i = 0; i < 4; i++) {
            alecable_model *m = model_z();
            alecable_sea *s = airy(m, 0.0, depth[i], 0.0, 8.0, 0.0, 0.0, 0);
            double w, k, kd;
            ck_assert_int_eq(alecable_sea_component(s, 0, &w, &k, NULL, NULL), 0);
            ck_assert_double_le(fabs(w * w - G * k * tanh(k * depth[i])), 4e-16 * w * w);
            kd = k * depth[i];
            if (i == 0) ck_assert_double_le(fabs(k / (w * w / G) - 1.0), 1e-15); /* tanh(kd) = 1 */
            if (i == 3) ck_assert_double_le(fabs(k / (w / sqrt(G * depth[i])) - 1.0), kd * kd); /* 1 + (kd)^2/6 */
            alecable_model_destroy(m);
        }
    }
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Airy against the complex potential                                        */

/* u and a at x (gravity along -z, level L, depth d, e_k = (cos b, sin b, 0)) */
static void airy_ref(double A, double w, double k, double d, double L, double b, double p, double t, const double x[3],
                     double *eta, double u[3], double a[3])
{
    double z = x[2] - L, X = cos(b) * x[0] + sin(b) * x[1];
    double complex E = cexp(IU * (k * X - w * t + p)), c = G * A * k / w / cosh(k * d);
    double complex uh = c * cosh(k * (z + d)) * E, uz = -IU * c * sinh(k * (z + d)) * E;
    *eta = creal(A * E);
    u[0] = creal(uh) * cos(b);
    u[1] = creal(uh) * sin(b);
    u[2] = creal(uz);
    a[0] = creal(-IU * w * uh) * cos(b); /* d/dt e^(i theta) = -i w e^(i theta) */
    a[1] = creal(-IU * w * uh) * sin(b);
    a[2] = creal(-IU * w * uz);
}

START_TEST(airy_against_complex_potential)
{
    const double depth[3] = {30.0, 8.0, 300.0}, T[3] = {6.0, 9.0, 12.0}, H[3] = {2.0, 1.5, 6.0};
    unsigned st = 77u;
    int c;
    double worst = 0.0;
    for (c = 0; c < 3; c++) {
        const double L = 2.5, b = 0.7 * c - 0.4, p = 0.3 + c;
        alecable_model *m = model_z();
        alecable_sea *s = airy(m, L, depth[c], H[c], T[c], b, p, c == 1 ? ALECABLE_STRETCH_WHEELER : 0);
        double w, k, A;
        int n;
        ck_assert_int_eq(alecable_sea_component(s, 0, &w, &k, &A, NULL), 0);
        ck_assert(A == 0.5 * H[c]);
        for (n = 0; n < 200; n++) {
            double x[3], t = 20.0 * fd_rand(&st), eta, u[3], acc[3], er, ur[3], ar[3], xe[3];
            int i;
            x[0] = 50.0 * fd_rand(&st);
            x[1] = 50.0 * fd_rand(&st);
            x[2] = L;
            ck_assert_int_eq(alecable_sea_kinematics(s, t, x, &eta, NULL, NULL), 0);
            { /* anywhere below the surface (Wheeler), below the mean level too (NONE) */
                double top = c == 1 ? eta : fmin(eta, 0.0);
                x[2] = L + top - (depth[c] + top) * (0.5 + 0.5 * fd_rand(&st)) * (0.5 + 0.5 * fd_rand(&st));
            }
            ck_assert_int_eq(alecable_sea_kinematics(s, t, x, &eta, u, acc), 0);
            airy_ref(A, w, k, depth[c], L, b, p, t, x, &er, ur, ar);
            ck_assert_double_le(fabs(eta - er), 1e-12 * A);
            if (c == 1) { /* Wheeler: the reference at the stretched height */
                memcpy(xe, x, sizeof xe);
                xe[2] = L + depth[c] * (x[2] - L - eta) / (depth[c] + eta);
                airy_ref(A, w, k, depth[c], L, b, p, t, xe, &er, ur, ar);
            }
            for (i = 0; i < 3; i++) {
                double eu = fabs(u[i] - ur[i]) / (A * w), ea = fabs(acc[i] - ar[i]) / (A * w * w);
                worst = fmax(worst, fmax(eu, ea));
            }
            /* above the mean level below the crest (NONE): the mean level's */
            if (c != 1 && eta > 0.0) {
                double y[3] = {x[0], x[1], L + 0.5 * eta};
                ck_assert_int_eq(alecable_sea_kinematics(s, t, y, NULL, u, acc), 0);
                y[2] = L;
                airy_ref(A, w, k, depth[c], L, b, p, t, y, &er, ur, ar);
                for (i = 0; i < 3; i++) worst = fmax(worst, fabs(u[i] - ur[i]) / (A * w));
            }
            { /* above the surface: dry */
                double y[3] = {x[0], x[1], L + eta + 1e-9};
                ck_assert_int_eq(alecable_sea_kinematics(s, t, y, NULL, u, acc), 0);
                ck_assert(u[0] == 0.0 && u[1] == 0.0 && u[2] == 0.0 && acc[0] == 0.0 && acc[2] == 0.0);
            }
        }
        alecable_model_destroy(m);
    }
    ck_assert_double_le(worst, 1e-12);
}
END_TEST

START_TEST(deep_and_shallow_water_kinematics)
{
    alecable_model *m = model_z();
    alecable_sea *deep = airy(m, 0.0, 5000.0, 1.0, 7.0, 0.0, 0.0, 0), *sh = airy(m, 0.0, 0.5, 0.01, 60.0, 0.0, 0.0, 0);
    double w, k, x[3] = {3.0, 0.0, -4.0}, u[3], a[3];
    ck_assert_int_eq(alecable_sea_component(deep, 0, &w, &k, NULL, NULL), 0);
    /* t = 0, theta = k x: u = A w e^(kz) (cos, 0, sin) */
    ck_assert_int_eq(alecable_sea_kinematics(deep, 0.0, x, NULL, u, a), 0);
    ck_assert_double_le(fabs(u[0] - 0.5 * w * exp(k * x[2]) * cos(k * x[0])), 1e-14);
    ck_assert_double_le(fabs(u[2] - 0.5 * w * exp(k * x[2]) * sin(k * x[0])), 1e-14);
    /* shallow: horizontal velocity A sqrt(g/d) cos(theta), uniform over depth (to (kd)^2) */
    ck_assert_int_eq(alecable_sea_component(sh, 0, &w, &k, NULL, NULL), 0);
    {
        /* theta = pi/4: u_h = A w C cos, w = A w S sin with C -> 1/(kd), S -> (z + d)/d */
        double z, kd = k * 0.5, r2 = sqrt(0.5), ref = 0.005 * sqrt(G / 0.5) * r2;
        for (z = -0.45; z <= 0.0; z += 0.1) {
            double y[3] = {0.25 * PI / k, 0.0, z};
            ck_assert_int_eq(alecable_sea_kinematics(sh, 0.0, y, NULL, u, a), 0);
            ck_assert_double_le(fabs(u[0] / ref - 1.0), kd * kd);
            ck_assert_double_le(fabs(u[2] / (0.005 * w * r2 * (z + 0.5) / 0.5) - 1.0), kd * kd);
        }
    }
    alecable_model_destroy(m);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* gradients                                                                  */

/* the library's gradients of u and a at x against central differences;
 * returns the largest error relative to scale_u (scale_a) */
static double gradient_error(const wave_sea *s, double t, const double x[3], double h, double su, double sa,
                             double *div, double *curl)
{
    wave_kin K, Kp, Km;
    double err = 0.0, fd[9];
    int i, j;
    wave_sea_eval(s, t, x, 1, &K);
    ck_assert(K.wet);
    for (j = 0; j < 3; j++) {
        double y[3];
        memcpy(y, x, sizeof y);
        y[j] += h;
        wave_sea_eval(s, t, y, 1, &Kp);
        y[j] -= 2.0 * h;
        wave_sea_eval(s, t, y, 1, &Km);
        ck_assert(Kp.wet && Km.wet);
        for (i = 0; i < 3; i++) {
            fd[i * 3 + j] = (Kp.u[i] - Km.u[i]) / (2.0 * h);
            err = fmax(err, fabs(K.du[i * 3 + j] - fd[i * 3 + j]) / su);
            err = fmax(err, fabs(K.da[i * 3 + j] - (Kp.a[i] - Km.a[i]) / (2.0 * h)) / sa);
        }
    }
    if (div) *div = fabs(fd[0] + fd[4] + fd[8]) / su;
    if (curl)
        *curl = fmax(fabs(fd[1] - fd[3]), fmax(fabs(fd[2] - fd[6]), fabs(fd[5] - fd[7]))) / su;
    return err;
}

START_TEST(continuity_and_irrotationality)
{
    alecable_model *m = model_z();
    alecable_sea *s = airy(m, 1.0, 25.0, 3.0, 7.5, 0.9, 0.2, 0);
    double w, k, A;
    unsigned st = 5u;
    int n;
    ck_assert_int_eq(alecable_sea_component(s, 0, &w, &k, &A, NULL), 0);
    for (n = 0; n < 50; n++) {
        double x[3] = {40.0 * fd_rand(&st), 40.0 * fd_rand(&st), 1.0 - 13.0 - 10.0 * fd_rand(&st)}, dv, cu;
        wave_kin K;
        double e = gradient_error(&s->w, 3.0 * fd_rand(&st), x, 1e-5 / k, k * A * w, k * A * w * w, &dv, &cu);
        ck_assert_double_le(e, 1e-8);
        ck_assert_double_le(dv, 1e-8);
        ck_assert_double_le(cu, 1e-8);
        wave_sea_eval(&s->w, 1.0, x, 1, &K); /* the closed form: trace and symmetry to round-off */
        ck_assert_double_le(fabs(K.du[0] + K.du[4] + K.du[8]), 1e-14 * k * A * w);
        ck_assert_double_le(fabs(K.du[1] - K.du[3]) + fabs(K.du[2] - K.du[6]), 1e-14 * k * A * w);
    }
    alecable_model_destroy(m);
}
END_TEST

static const double CUR[12] = {-40.0, 0.1, 0.0, 0.0, -10.0, 0.5, 0.2, 0.0, 20.0, 0.8, 0.3, 0.05};

static alecable_sea *jonswap(alecable_model *m, double Hs, double Tp, double gamma, int n, unsigned long long seed,
                             int stretch, double ramp, int current)
{
    alecable_sea_params p;
    alecable_sea *s;
    alecable_sea_params_init(&p);
    p.depth = 50.0;
    p.waves = ALECABLE_WAVES_JONSWAP;
    p.Hs = Hs;
    p.Tp = Tp;
    p.gamma = gamma;
    p.n_components = n;
    p.seed = seed;
    p.heading = 0.4;
    p.stretching = stretch;
    p.ramp_time = ramp;
    if (current) {
        p.n_current = 3;
        p.current = CUR;
    }
    ck_assert_int_eq(alecable_sea_create(&s, m, &p), 0);
    return s;
}

/* stretching, ramp (t < ramp_time), JONSWAP and a current profile: the
 * gradients the Jacobian uses against differences (points off the
 * current table's kink at -10 and inside the water) */
START_TEST(gradients_with_stretching_ramp_current)
{
    alecable_model *m = model_z();
    alecable_sea *s[3];
    unsigned st = 9u;
    int c, n;
    s[0] = airy(m, 0.0, 40.0, 4.0, 8.0, -0.3, 1.0, ALECABLE_STRETCH_WHEELER);
    s[1] = jonswap(m, 3.0, 9.0, 3.3, 30, 7u, ALECABLE_STRETCH_WHEELER, 20.0, 1);
    s[2] = jonswap(m, 3.0, 9.0, 2.0, 30, 8u, ALECABLE_STRETCH_NONE, 20.0, 1);
    for (c = 0; c < 3; c++)
        for (n = 0; n < 40; n++) {
            double x[3] = {30.0 * fd_rand(&st), 30.0 * fd_rand(&st), 0.0}, t = 10.0 + 8.0 * fd_rand(&st);
            wave_kin K;
            wave_sea_eval(&s[c]->w, t, x, 0, &K);
            /* 0.3 to 8.3 m below the surface (NONE: below the mean level too) */
            x[2] = (c == 2 ? fmin(K.eta, 0.0) : K.eta) - 0.3 - 4.0 * (1.0 + fd_rand(&st));
            if (fabs(x[2] + 10.0) < 0.01) continue;
            ck_assert_double_le(gradient_error(&s[c]->w, t, x, 1e-5, 1.0, 1.0, NULL, NULL), 1e-7);
        }
    alecable_model_destroy(m);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* Wheeler                                                                    */

START_TEST(wheeler_surface_is_linear_mean_level)
{
    alecable_model *m = model_z();
    alecable_sea *ws = airy(m, 0.0, 20.0, 3.0, 6.0, 0.5, 0.1, ALECABLE_STRETCH_WHEELER);
    alecable_sea *ns = airy(m, 0.0, 20.0, 3.0, 6.0, 0.5, 0.1, ALECABLE_STRETCH_NONE);
    double w, k, A, p;
    alecable_sea *wj = jonswap(m, 2.0, 8.0, 3.3, 50, 3u, ALECABLE_STRETCH_WHEELER, 0.0, 0);
    alecable_sea *nj = jonswap(m, 2.0, 8.0, 3.3, 50, 3u, ALECABLE_STRETCH_NONE, 0.0, 0);
    unsigned st = 21u;
    int n, pair;
    for (pair = 0; pair < 2; pair++) {
        const alecable_sea *a = pair ? wj : ws, *b = pair ? nj : ns;
        double d = pair ? 50.0 : 20.0;
        for (n = 0; n < 40; n++) {
            double x[3] = {20.0 * fd_rand(&st), 20.0 * fd_rand(&st), 0.0}, t = 30.0 * fd_rand(&st), eta, eta2;
            double ua[3], aa[3], ub[3], ab[3];
            int i;
            x[2] = 0.0;
            ck_assert_int_eq(alecable_sea_kinematics(a, t, x, &eta, NULL, NULL), 0);
            x[2] = eta; /* the surface (level 0: zeta = eta exactly), stretched */
            ck_assert_int_eq(alecable_sea_kinematics(a, t, x, &eta2, ua, aa), 0);
            ck_assert(eta2 == eta);
            x[2] = 0.0; /* the mean level, linear theory (below a trough: the potential's form) */
            if (eta >= 0.0) {
                ck_assert_int_eq(alecable_sea_kinematics(b, t, x, NULL, ub, ab), 0);
            } else if (!pair) {
                ck_assert_int_eq(alecable_sea_component(a, 0, &w, &k, &A, &p), 0);
                airy_ref(A, w, k, d, 0.0, 0.5, p, t, x, &eta2, ub, ab);
                for (i = 0; i < 3; i++) {
                    ck_assert_double_le(fabs(ua[i] - ub[i]), 1e-12 * A * w);
                    ck_assert_double_le(fabs(aa[i] - ab[i]), 1e-12 * A * w * w);
                }
                continue;
            } else {
                continue;
            }
            for (i = 0; i < 3; i++) {
                ck_assert_double_le(fabs(ua[i] - ub[i]), 1e-14 * (1.0 + fabs(ub[i])));
                ck_assert_double_le(fabs(aa[i] - ab[i]), 1e-14 * (1.0 + fabs(ab[i])));
            }
            x[2] = -d; /* the seabed: unchanged */
            ck_assert_int_eq(alecable_sea_kinematics(a, t, x, NULL, ua, aa), 0);
            ck_assert_int_eq(alecable_sea_kinematics(b, t, x, NULL, ub, ab), 0);
            for (i = 0; i < 3; i++) ck_assert_double_le(fabs(ua[i] - ub[i]), 1e-14 * (1.0 + fabs(ub[i])));
        }
    }
    alecable_model_destroy(m);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* JONSWAP                                                                    */

/* the spectrum's shape written again (DNV-RP-C205 eq. 3.5.5) */
static double ref_shape(double x, double gamma)
{
    double sig = x <= 1.0 ? 0.07 : 0.09;
    if (x < 0.03) return 0.0;
    return pow(x, -5.0) * exp(-1.25 * pow(x, -4.0)) * pow(gamma, exp(-0.5 * pow((x - 1.0) / sig, 2.0)));
}

/* composite Simpson on [a, b], n even */
static double simpson(double a, double b, int n, double gamma, double scale)
{
    double h = (b - a) / n, s = 0.0;
    int i;
    for (i = 0; i <= n; i++) s += (i == 0 || i == n ? 1.0 : i % 2 ? 4.0 : 2.0) * ref_shape((a + i * h) * scale, gamma);
    return s * h / 3.0;
}

START_TEST(jonswap_variance_and_normalization)
{
    const double gam[3] = {1.0, 3.3, 7.0}, Hs = 4.0, Tp = 11.0, wp = 2.0 * PI / Tp;
    int c;
    for (c = 0; c < 3; c++) {
        alecable_model *m = model_z();
        alecable_sea *s = jonswap(m, Hs, Tp, gam[c], 200, 42u, 0, 0.0, 0);
        /* int_0^inf F: Simpson to x = 40 on a fine grid, split at the peak, plus the tail 1/(4 x^4) */
        double norm = simpson(0.03, 1.0, 200000, gam[c], 1.0) + simpson(1.0, 40.0, 400000, gam[c], 1.0) +
                      0.25 / pow(40.0, 4.0);
        double m0 = 0.0, inrange, w0 = 0.5 * wp, w1 = 5.0 * wp;
        int n, i;
        ck_assert_double_le(fabs(wave_jonswap_norm(gam[c]) / norm - 1.0), 1e-11);
        ck_assert_int_eq(alecable_sea_n_components(s, &n), 0);
        ck_assert_int_eq(n, 200);
        for (i = 0; i < n; i++) {
            double w, A;
            ck_assert_int_eq(alecable_sea_component(s, i, &w, NULL, &A, NULL), 0);
            ck_assert_double_le(fabs(w - (w0 + (i + 0.5) * (w1 - w0) / n)), 1e-15 * w1);
            m0 += 0.5 * A * A;
        }
        /* S integrated over the range: Hs^2/16 int_{x0}^{x1} F dx / norm */
        inrange = Hs * Hs / 16.0 * (simpson(0.5, 1.0, 100000, gam[c], 1.0) + simpson(1.0, 5.0, 400000, gam[c], 1.0)) /
                  norm;
        ck_assert_double_le(fabs(m0 / inrange - 1.0), 1e-4);
        ck_assert_double_le(fabs(m0 / (Hs * Hs / 16.0) - 1.0), 5e-3);
        ck_assert_double_le(inrange, Hs * Hs / 16.0);
        alecable_model_destroy(m);
    }
    ck_assert_double_eq(wave_jonswap_norm(1.0), 0.2);
}
END_TEST

START_TEST(jonswap_seed_reproducible)
{
    alecable_model *m = model_z();
    alecable_sea *a = jonswap(m, 2.0, 8.0, 3.3, 100, 12345u, 0, 0.0, 0);
    alecable_sea *b = jonswap(m, 2.0, 8.0, 3.3, 100, 12345u, 0, 0.0, 0);
    alecable_sea *c = jonswap(m, 2.0, 8.0, 3.3, 100, 12346u, 0, 0.0, 0);
    unsigned long long st = 0;
    int i, differ = 0;
    /* splitmix64's first outputs from state 0 (Vigna's reference splitmix64.c) */
    ck_assert(wave_splitmix64(&st) == 0xe220a8397b1dcdafULL);
    ck_assert(wave_splitmix64(&st) == 0x6e789e6aa1b965f4ULL);
    ck_assert(wave_splitmix64(&st) == 0x06c45d188009454fULL);
    st = 12345u;
    for (i = 0; i < 100; i++) {
        double pa, pb, pc, Aa, Ac, wa, wc;
        ck_assert_int_eq(alecable_sea_component(a, i, &wa, NULL, &Aa, &pa), 0);
        ck_assert_int_eq(alecable_sea_component(b, i, NULL, NULL, NULL, &pb), 0);
        ck_assert_int_eq(alecable_sea_component(c, i, &wc, NULL, &Ac, &pc), 0);
        ck_assert(pa == pb);
        ck_assert(pa == 2.0 * PI * ((double)(wave_splitmix64(&st) >> 11) / 9007199254740992.0));
        ck_assert(pa >= 0.0 && pa < 2.0 * PI);
        ck_assert(wa == wc && Aa == Ac);
        if (fabs(pa - pc) > 1e-3) differ++;
    }
    ck_assert_int_ge(differ, 95);
    alecable_model_destroy(m);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* current profile                                                            */

START_TEST(current_profile_interpolation)
{
    alecable_model *m = model_z();
    alecable_sea_params p;
    alecable_sea *s;
    const double z[6] = {-60.0, -40.0, -25.0, -10.0, 0.0, 5.0};
    int i, j;
    double tab[12];
    alecable_sea_params_init(&p);
    p.level = 10.0; /* the surface at Z = 10, the top row at Z = 20 above it */
    p.depth = 80.0;
    p.n_current = 3;
    memcpy(tab, CUR, sizeof tab);
    p.current = tab;
    ck_assert_int_eq(alecable_sea_create(&s, m, &p), 0);
    tab[1] = 99.0; /* copied */
    for (i = 0; i < 6; i++) {
        double x[3] = {1.0, 2.0, z[i]}, u[3], a[3], ref[3];
        double w = z[i] <= -40.0 ? 0.0 : z[i] < -10.0 ? (z[i] + 40.0) / 30.0 : (z[i] - (-10.0)) / 30.0;
        for (j = 0; j < 3; j++)
            ref[j] = z[i] <= -40.0 ? CUR[1 + j]
                     : z[i] < -10.0 ? (1.0 - w) * CUR[1 + j] + w * CUR[5 + j]
                                    : (1.0 - w) * CUR[5 + j] + w * CUR[9 + j];
        ck_assert_int_eq(alecable_sea_kinematics(s, 0.0, x, NULL, u, a), 0);
        for (j = 0; j < 3; j++) {
            ck_assert_double_le(fabs(u[j] - ref[j]), 1e-15);
            ck_assert_double_eq(a[j], 0.0);
        }
    }
    { /* above the surface: no current; below the bottom row: the bottom row's */
        double x[3] = {0.0, 0.0, 10.5}, u[3];
        ck_assert_int_eq(alecable_sea_kinematics(s, 0.0, x, NULL, u, NULL), 0);
        ck_assert(u[0] == 0.0 && u[1] == 0.0 && u[2] == 0.0);
        x[2] = -69.0;
        ck_assert_int_eq(alecable_sea_kinematics(s, 0.0, x, NULL, u, NULL), 0);
        ck_assert(u[0] == CUR[1] && u[1] == CUR[2] && u[2] == CUR[3]);
    }
    alecable_model_destroy(m);
}
END_TEST

START_TEST(frame_from_gravity)
{
    const double gs[3][3] = {{0.0, -9.81, 0.0}, {3.0, 4.0, -5.0}, {-9.81, 0.0, 0.0}};
    int c, i;
    for (c = 0; c < 3; c++) {
        alecable_model *m = model_g(gs[c]);
        alecable_sea *s = airy(m, 0.0, 10.0, 1.0, 5.0, 0.0, 0.0, 0);
        const wave_sea *w = &s->w;
        double gn = sqrt(dot3(gs[c], gs[c])), cr[3];
        cr[0] = w->e1[1] * w->e2[2] - w->e1[2] * w->e2[1];
        cr[1] = w->e1[2] * w->e2[0] - w->e1[0] * w->e2[2];
        cr[2] = w->e1[0] * w->e2[1] - w->e1[1] * w->e2[0];
        ck_assert_double_le(fabs(w->g - gn), 1e-15 * gn);
        for (i = 0; i < 3; i++) {
            ck_assert_double_le(fabs(w->up[i] + gs[c][i] / gn), 1e-15);
            ck_assert_double_le(fabs(cr[i] - w->up[i]), 1e-15);
        }
        ck_assert_double_le(fabs(dot3(w->e1, w->up)) + fabs(dot3(w->e1, w->e1) - 1.0), 1e-15);
        alecable_model_destroy(m);
    }
}
END_TEST

/* ------------------------------------------------------------------------ */
/* bad input                                                                  */

#define BAD(field, value, code, name)                                              \
    do {                                                                           \
        alecable_sea_params q = base;                                              \
        alecable_sea *s = (alecable_sea *)&q;                                      \
        q.field = value;                                                           \
        ck_assert_int_eq(alecable_sea_create(&s, m, &q), code);                    \
        ck_assert_ptr_null(s);                                                     \
        ck_assert_msg(strstr(alecable_model_errmsg(m), name) != NULL, "%s: %s", name, \
                      alecable_model_errmsg(m));                                   \
    } while (0)

START_TEST(bad_input_named)
{
    alecable_model *m = model_z(), *m2 = model_z(), *m0;
    alecable_sea_params base;
    alecable_sea *s, *s2;
    alecable_load *l, *l2;
    alecable_cable *c;
    alecable_section sec;
    alecable_hydro_params hp;
    const double bad_tab[8] = {0.0, 1.0, 0.0, 0.0, 0.0, 2.0, 0.0, 0.0}, x0[3] = {0, 0, -5}, x1[3] = {1, 0, -5};
    double u[3], dummy;
    int n;
    alecable_sea_params_init(&base);
    base.waves = ALECABLE_WAVES_AIRY;
    base.height = 1.0;
    BAD(struct_size, 8, ALECABLE_EINVAL, "struct_size");
    BAD(level, NAN, ALECABLE_EINVAL, "level");
    BAD(depth, 0.0, ALECABLE_EINVAL, "depth");
    BAD(depth, INFINITY, ALECABLE_EINVAL, "depth");
    BAD(rho_f, -1.0, ALECABLE_EINVAL, "rho_f");
    BAD(ramp_time, -1.0, ALECABLE_EINVAL, "ramp_time");
    BAD(stretching, 2, ALECABLE_EINVAL, "stretching");
    BAD(waves, 3, ALECABLE_EINVAL, "waves");
    BAD(height, -1.0, ALECABLE_EINVAL, "height");
    BAD(height, 200.0, ALECABLE_EINVAL, "height");
    BAD(period, 0.0, ALECABLE_EINVAL, "period");
    BAD(heading, INFINITY, ALECABLE_EINVAL, "heading");
    BAD(phase, NAN, ALECABLE_EINVAL, "phase");
    BAD(n_current, -1, ALECABLE_EINVAL, "n_current");
    BAD(n_current, 2, ALECABLE_ENULL, "current");
    base.n_current = 2;
    BAD(current, bad_tab, ALECABLE_EINVAL, "current");
    base.n_current = 0;
    base.waves = ALECABLE_WAVES_JONSWAP;
    base.Hs = 2.0;
    BAD(Hs, -2.0, ALECABLE_EINVAL, "Hs");
    BAD(Tp, NAN, ALECABLE_EINVAL, "Tp");
    BAD(gamma, 0.5, ALECABLE_EINVAL, "gamma");
    BAD(n_components, 0, ALECABLE_EINVAL, "n_components");
    BAD(omega_min, -1.0, ALECABLE_EINVAL, "omega_min");
    base.omega_min = 0.2;
    BAD(omega_max, 0.1, ALECABLE_EINVAL, "omega_max");
    base.omega_min = 0.0;
    ck_assert_int_eq(alecable_sea_create(NULL, m, &base), ALECABLE_ENULL);
    ck_assert_int_eq(alecable_sea_create(&s, m, NULL), ALECABLE_ENULL);
    ck_assert_ptr_null(s);
    ck_assert_int_eq(alecable_sea_create(&s, NULL, &base), ALECABLE_ENULL);
    ck_assert_int_eq(alecable_model_create(&m0, NULL), 0); /* no gravity */
    ck_assert_int_eq(alecable_sea_create(&s, m0, &base), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m0), "gravity"));
    alecable_model_destroy(m0);
    /* queries */
    ck_assert_int_eq(alecable_sea_create(&s, m, &base), 0);
    ck_assert_int_eq(alecable_sea_create(&s2, m2, &base), 0);
    ck_assert_int_eq(alecable_sea_kinematics(NULL, 0.0, x0, NULL, u, NULL), ALECABLE_ENULL);
    ck_assert_int_eq(alecable_sea_kinematics((const alecable_sea *)&base, 0.0, x0, NULL, u, NULL), ALECABLE_EHANDLE);
    ck_assert_int_eq(alecable_sea_kinematics(s, 0.0, NULL, NULL, u, NULL), ALECABLE_ENULL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "x"));
    ck_assert_int_eq(alecable_sea_kinematics(s, NAN, x0, NULL, u, NULL), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "t ="));
    ck_assert_int_eq(alecable_sea_n_components(s, NULL), ALECABLE_ENULL);
    ck_assert_int_eq(alecable_sea_n_components(NULL, &n), ALECABLE_ENULL);
    ck_assert_int_eq(alecable_sea_component(s, 200, &dummy, NULL, NULL, NULL), ALECABLE_ERANGE);
    ck_assert_int_eq(alecable_sea_component(s, -1, &dummy, NULL, NULL, NULL), ALECABLE_ERANGE);
    /* set_sea: the load's kind, the sea's model; nothing changed on failure */
    alecable_section_init(&sec);
    sec.E = 1e9;
    sec.A = 1e-4;
    sec.rho = 7800;
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_AXIAL, &sec), 0);
    ck_assert_int_eq(alecable_cable_line(c, x0, x1, 0.0, 1.0, 2), 0);
    alecable_hydro_params_init(&hp);
    hp.diameter = 0.05;
    ck_assert_int_eq(alecable_load_hydro(&l, m, c, &hp), 0);
    ck_assert_int_eq(alecable_load_distributed(&l2, m, c, x0), 0);
    ck_assert_int_eq(alecable_load_hydro_set_sea(l, s), 0);
    ck_assert_int_eq(alecable_load_hydro_set_sea(l, s2), ALECABLE_EHANDLE);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "another model"));
    ck_assert_int_eq(alecable_load_hydro_set_sea(l, (const alecable_sea *)&base), ALECABLE_EHANDLE);
    ck_assert_ptr_eq(l->hp.sea, &s->w);
    ck_assert_int_eq(alecable_load_hydro_set_sea(l2, s), ALECABLE_EINVAL);
    ck_assert_int_eq(alecable_load_hydro_set_sea(NULL, s), ALECABLE_ENULL);
    ck_assert_int_eq(alecable_load_hydro_set_sea(l, NULL), 0);
    ck_assert_ptr_null(l->hp.sea);
    alecable_model_destroy(m);
    alecable_model_destroy(m2);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* the hydrodynamic load in waves: Jacobian against differences              */

#define NDM 14
static const el_ops *kops(int kind) { return el_ops_get(kind); }
static int kndof(int kind) { return el_ndof(kops(kind)); }

typedef struct eval_ctx {
    int kind;
    hydro_params hp;
    el_params par;
    double q[NDM], v[NDM], a[NDM];
} eval_ctx;

static void eval(const eval_ctx *c, const double *q, const double *v, const double *a, double *re, double cq,
                 double cv, double ca, double *ke)
{
    ck_assert_int_eq(hydro_element(&c->hp, kops(c->kind), &c->par, q, v, a, re, cq, cv, ca, ke), 0);
}

static double check_jacobian(const eval_ctx *c)
{
    int nd = kndof(c->kind), w, b, i, k;
    double kb[3][NDM * NDM], kfd[NDM * NDM], kw[NDM * NDM], r0[NDM], err = 0.0;
    const double cw[3] = {0.37, 1.9, -2.3};
    for (w = 0; w < 3; w++) {
        eval(c, c->q, c->v, c->a, r0, w == 0, w == 1, w == 2, kb[w]);
        for (b = 0; b < nd; b++) {
            double x[3][NDM], rp[NDM], rm[NDM], h;
            memcpy(x[0], c->q, sizeof x[0]);
            memcpy(x[1], c->v, sizeof x[1]);
            memcpy(x[2], c->a, sizeof x[2]);
            h = 1e-6 * (1.0 + fabs(x[w][b]));
            x[w][b] += h;
            eval(c, x[0], x[1], x[2], rp, 0, 0, 0, NULL);
            x[w][b] -= 2.0 * h;
            eval(c, x[0], x[1], x[2], rm, 0, 0, 0, NULL);
            for (i = 0; i < nd; i++) kfd[i * nd + b] = (rp[i] - rm[i]) / (2.0 * h);
        }
        err = fmax(err, fd_relerr(kb[w], kfd, nd * nd, 1e-10));
    }
    eval(c, c->q, c->v, c->a, r0, cw[0], cw[1], cw[2], kw);
    for (k = 0; k < nd * nd; k++) kfd[k] = cw[0] * kb[0][k] + cw[1] * kb[1][k] + cw[2] * kb[2][k];
    ck_assert_double_le(fd_relerr(kw, kfd, nd * nd, 1e-10), 1e-12);
    return err;
}

/* a random element near the origin (chord ~1, strains +-30 %, moving s) */
static void random_state(unsigned *st, eval_ctx *c)
{
    double dir[3], nrm, l, len;
    int i, kind = c->kind, sa = kind ? 6 : 3, sb = kind ? 13 : 7, xb = kind ? 7 : 4, nd = kndof(kind);
    for (i = 0; i < 3; i++) dir[i] = fd_rand(st);
    nrm = sqrt(dot3(dir, dir)) + 1e-3;
    l = 1.0 + 0.5 * fd_rand(st);
    len = l * (1.0 + 0.3 * fd_rand(st));
    for (i = 0; i < 3; i++) {
        c->q[i] = 0.1 * fd_rand(st);
        c->q[xb + i] = c->q[i] + len * dir[i] / nrm;
    }
    if (kind)
        for (i = 0; i < 3; i++) {
            c->q[3 + i] = len / l * dir[i] / nrm + 0.3 * fd_rand(st);
            c->q[10 + i] = len / l * dir[i] / nrm + 0.3 * fd_rand(st);
        }
    c->q[sa] = 0.5 + 0.5 * fd_rand(st);
    c->q[sb] = c->q[sa] + l;
    for (i = 0; i < nd; i++) {
        c->v[i] = fd_rand(st);
        c->a[i] = 2.0 * fd_rand(st);
    }
}

/* cases: 0 Airy, 1 Airy Wheeler, 2 JONSWAP Wheeler + current + ramp: the
 * element 1 to 4 m below the mean level (waves of 1.5 m); 3 Airy Wheeler
 * through the surface (some Gauss points dry: the Jacobian of the wet ones);
 * ANCF and axial */
START_TEST(hydro_jacobian_in_waves)
{
    alecable_model *m = model_z();
    alecable_sea *s;
    unsigned st = 1001u + 31u * (unsigned)_i;
    eval_ctx c;
    double err;
    int cas = _i / 2, i;
    memset(&c, 0, sizeof c);
    c.kind = _i % 2;
    c.par.rhoA = 2.0;
    if (cas == 0) s = airy(m, 3.0, 30.0, 1.5, 5.0, 0.8, 0.3, ALECABLE_STRETCH_NONE);
    else if (cas == 1) s = airy(m, 2.5, 12.0, 1.5, 4.0, -1.1, 2.0, ALECABLE_STRETCH_WHEELER);
    else if (cas == 3) s = airy(m, 0.0, 12.0, 0.4, 4.0, 0.5, 0.0, ALECABLE_STRETCH_WHEELER);
    else {
        alecable_sea_params p;
        alecable_sea_params_init(&p);
        p.level = 3.0;
        p.depth = 40.0;
        p.waves = ALECABLE_WAVES_JONSWAP;
        p.Hs = 0.8;
        p.Tp = 5.0;
        p.n_components = 25;
        p.seed = 99u;
        p.heading = 2.0;
        p.stretching = ALECABLE_STRETCH_WHEELER;
        p.ramp_time = 10.0;
        p.n_current = 3;
        p.current = CUR; /* one linear piece from -10 to 20 */
        ck_assert_int_eq(alecable_sea_create(&s, m, &p), 0);
    }
    hydro_params_init(&c.hp);
    c.hp.rho_f = 1025.0;
    c.hp.d = 0.08;
    c.hp.C_dn = 1.3;
    c.hp.C_dt = 0.02;
    c.hp.C_an = 0.9;
    c.hp.g[2] = -G;
    c.hp.U[0] = 0.2;
    c.hp.sea = &s->w;
    for (i = 0; i < 3; i++) {
        c.hp.time = 4.0 + 1.7 * i;
        random_state(&st, &c);
        if (cas == 3) { /* a vertical chord through the surface: x_A 0.6 below, x_B 0.6 above */
            int xb = c.kind ? 7 : 4;
            c.q[2] = -0.6;
            c.q[xb + 2] = 0.6;
            c.q[xb] = c.q[0];
            c.q[xb + 1] = c.q[1];
        }
        err = check_jacobian(&c);
        if (cas == 3) { /* both wet and dry Gauss points */
            int gp, dry = 0;
            for (gp = 0; gp < FL_NGAUSS; gp++) {
                fl_point P;
                wave_kin K;
                ck_assert_int_eq(fl_point_eval(kops(c.kind), fl_gauss_xi[gp], c.q, c.v, c.a, 0, &P), 0);
                wave_sea_eval(c.hp.sea, c.hp.time, P.r, 0, &K);
                dry += !K.wet;
            }
            ck_assert_int_gt(dry, 0);
            ck_assert_int_lt(dry, FL_NGAUSS);
        }
        ck_assert_double_le(err, 1e-6);
    }
    alecable_model_destroy(m);
}
END_TEST

/* the wave force on a still horizontal element in a regular wave against the
 * Morison form evaluated here, and zero for an element above the surface */
START_TEST(hydro_in_waves_is_morison_and_dry_above)
{
    alecable_model *m = model_z();
    alecable_sea *s = airy(m, 0.0, 30.0, 2.0, 6.0, 0.0, 0.0, ALECABLE_STRETCH_NONE);
    eval_ctx c;
    double re[NDM], ke[NDM * NDM], Fz = 0.0, Fx = 0.0, Ad, w, k, A;
    int g, i;
    memset(&c, 0, sizeof c);
    c.kind = 0;
    hydro_params_init(&c.hp);
    c.hp.d = 0.1;
    c.hp.C_dn = 1.2;
    c.hp.C_dt = 0.0;
    c.hp.C_an = 1.0;
    c.hp.sea = &s->w;
    c.hp.time = 0.7;
    Ad = 0.25 * PI * 0.01;
    /* axial element along y at x = 0.3, z = -2 (normal to the wave's x-z plane): s from 0 to 1 */
    c.q[0] = 0.3, c.q[1] = 0.0, c.q[2] = -2.0, c.q[3] = 0.0;
    c.q[4] = 0.3, c.q[5] = 1.0, c.q[6] = -2.0, c.q[7] = 1.0;
    eval(&c, c.q, NULL, NULL, re, 0, 0, 0, NULL);
    ck_assert_int_eq(alecable_sea_component(s, 0, &w, &k, &A, NULL), 0);
    for (g = 0; g < FL_NGAUSS; g++) {
        double x[3] = {0.3, fl_gauss_xi[g], -2.0}, u[3], a[3], nu;
        ck_assert_int_eq(alecable_sea_kinematics(s, 0.7, x, NULL, u, a), 0);
        nu = sqrt(u[0] * u[0] + u[2] * u[2]);
        Fx += fl_gauss_w[g] * (0.5 * 1025.0 * 0.1 * 1.2 * nu * u[0] + 2.0 * 1025.0 * Ad * a[0]);
        Fz += fl_gauss_w[g] * (0.5 * 1025.0 * 0.1 * 1.2 * nu * u[2] + 2.0 * 1025.0 * Ad * a[2]);
    }
    /* the generalized forces on x_A and x_B add up to minus the total force */
    ck_assert_double_le(fabs(re[0] + re[4] + Fx), 1e-12 * fabs(Fx));
    ck_assert_double_le(fabs(re[2] + re[6] + Fz), 1e-12 * fabs(Fz));
    /* above the surface: nothing, not even buoyancy */
    c.hp.g[2] = -G;
    c.q[2] = c.q[6] = 1.01; /* above the 1 m crest */
    eval(&c, c.q, NULL, NULL, re, 1.0, 1.0, 1.0, ke);
    for (i = 0; i < 8; i++) ck_assert_double_eq(re[i], 0.0);
    for (i = 0; i < 64; i++) ck_assert_double_eq(ke[i], 0.0);
    alecable_model_destroy(m);
}
END_TEST

/* the model's weighted Jacobian against differences with a wave sea on an
 * ANCF cable (assembly through alecable_load_hydro_set_sea) */
START_TEST(model_jacobian_with_sea)
{
    const double w[3] = {1.3, 0.7, 0.9}, g[3] = {0, 0, -9.81}, x0[3] = {0, 0, -3.0}, x1[3] = {2.0, 0.5, -2.0};
    alecable_model *m;
    alecable_cable *c;
    alecable_section sec;
    alecable_hydro_params hp;
    alecable_load *l;
    alecable_problem p;
    double *q, *v, *a, *lam;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    alecable_section_init(&sec);
    sec.E = 1e7;
    sec.A = 1e-4;
    sec.rho = 1200;
    sec.I = 1e-9;
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_ANCF, &sec), 0);
    ck_assert_int_eq(alecable_cable_line(c, x0, x1, 0.0, 2.2, 4), 0);
    ck_assert_int_eq(alecable_model_set_gravity(m, g), 0);
    alecable_hydro_params_init(&hp);
    hp.diameter = 0.05;
    hp.stiff = 1;
    ck_assert_int_eq(alecable_load_hydro(&l, m, c, &hp), 0);
    ck_assert_int_eq(alecable_load_hydro_set_sea(l, airy(m, 0.0, 20.0, 1.0, 4.0, 0.3, 0.0, ALECABLE_STRETCH_WHEELER)), 0);
    ck_assert_int_eq(alecable_model_finalize(m), 0);
    ck_assert_int_eq(alecable_model_problem(&p, m), 0);
    q = calloc((size_t)p.nq, sizeof *q);
    v = calloc((size_t)p.nq, sizeof *v);
    a = calloc((size_t)p.nq, sizeof *a);
    lam = calloc((size_t)p.nlam + 1, sizeof *lam);
    pfd_perturbed_state(m, p.nq, 11u, q, v, a);
    ck_assert_double_le(pfd_weighted_jacobian_error(&p, 2.3, q, v, a, lam, w), 1e-5);
    free(q);
    free(v);
    free(a);
    free(lam);
    alecable_model_destroy(m);
}
END_TEST

/* A neutrally buoyant cable without drag (C_dn = C_dt = 0) along y, normal to
 * the wave's x-z plane: per unit length (rho A + C_an rho_f A_d) a_n =
 * (1 + C_an) rho_f A_d a_f,n with rho A = rho_f A_d, so each node moves as
 * x'' = a_f(x, t), started with the fluid's velocity.  Newmark's trapezoidal
 * rule (h = 1e-3 s, 2 s) against RK4 (h = 1e-3 s) of that equation with the
 * sea's own a_f: the integrator sees the sea at its time, and the inertia
 * coefficients are right.  Measured 1.9e-7 m (the trapezoidal rule's O(h^2)) of a
 * 0.24 m orbit; checked at 1e-6 m. */
START_TEST(neutral_cable_follows_fluid_particle)
{
    const double g[3] = {0, 0, -9.81}, x0[3] = {0.0, 0.0, -3.0}, x1[3] = {0.0, 1.0, -3.0}, d = 0.1;
    alecable_model *m;
    alecable_cable *c;
    alecable_section sec;
    alecable_hydro_params hp;
    alecable_load *l;
    alecable_sea *s;
    alecable_integrator *it;
    alecable_dynamic_options o;
    alecable_node *nd[2];
    double *q, *v, y[4], uf[3], T = 2.0, t;
    int nq, ix[2], iz[2], j, n;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    ck_assert_int_eq(alecable_model_set_gravity(m, g), 0);
    alecable_section_init(&sec);
    sec.E = 1e9;
    sec.A = 0.25 * PI * d * d;
    sec.rho = 1025.0;
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_AXIAL, &sec), 0);
    ck_assert_int_eq(alecable_cable_line(c, x0, x1, 0.0, 1.0, 1), 0);
    ck_assert_int_eq(alecable_cable_set_lagrangian(c, 1), 0);
    alecable_hydro_params_init(&hp);
    hp.diameter = d;
    hp.C_dn = hp.C_dt = 0.0;
    hp.C_an = 1.0;
    ck_assert_int_eq(alecable_load_hydro(&l, m, c, &hp), 0);
    s = airy(m, 0.0, 20.0, 1.0, 4.0, 0.0, 0.0, ALECABLE_STRETCH_NONE);
    ck_assert_int_eq(alecable_load_hydro_set_sea(l, s), 0);
    alecable_dynamic_options_init(&o);
    o.method = ALECABLE_METHOD_NEWMARK;
    o.h = 1e-3;
    ck_assert_int_eq(alecable_model_integrator(&it, m, &o), 0);
    ck_assert_int_eq(alecable_integrator_sizes(it, &nq, NULL), 0);
    q = calloc((size_t)nq, sizeof *q);
    v = calloc((size_t)nq, sizeof *v);
    ck_assert_int_eq(alecable_integrator_get_state(it, NULL, q, NULL, NULL, NULL), 0);
    ck_assert_int_eq(alecable_sea_kinematics(s, 0.0, x0, NULL, uf, NULL), 0);
    for (j = 0; j < 2; j++) {
        ck_assert_int_eq(alecable_cable_node(&nd[j], c, j), 0);
        ck_assert_int_eq(alecable_node_dof_index(nd[j], ALECABLE_DOF_X, &ix[j]), 0);
        ck_assert_int_eq(alecable_node_dof_index(nd[j], ALECABLE_DOF_Z, &iz[j]), 0);
        v[ix[j]] = uf[0];
        v[iz[j]] = uf[2];
    }
    ck_assert_int_eq(alecable_integrator_set_state(it, 0.0, q, v, NULL, NULL), 0);
    ck_assert_int_eq(alecable_integrator_advance(it, T), 0);
    ck_assert_int_eq(alecable_integrator_get_state(it, &t, q, NULL, NULL, NULL), 0);
    ck_assert_double_eq(t, T);
    /* RK4 of (x, z, u, w)' = (u, w, a_f(x, z, t)) */
    y[0] = x0[0], y[1] = x0[2], y[2] = uf[0], y[3] = uf[2];
    for (n = 0; n < 2000; n++) {
        double k[4][4], h = 1e-3, tt = n * h;
        int st, i;
        for (st = 0; st < 4; st++) {
            double f = st == 0 ? 0.0 : st == 3 ? 1.0 : 0.5, z[4], p[3], a[3];
            for (i = 0; i < 4; i++) z[i] = y[i] + (st ? f * h * k[st - 1][i] : 0.0);
            p[0] = z[0], p[1] = 0.5, p[2] = z[1];
            ck_assert_int_eq(alecable_sea_kinematics(s, tt + f * h, p, NULL, NULL, a), 0);
            k[st][0] = z[2], k[st][1] = z[3], k[st][2] = a[0], k[st][3] = a[2];
        }
        for (i = 0; i < 4; i++) y[i] += h / 6.0 * (k[0][i] + 2.0 * k[1][i] + 2.0 * k[2][i] + k[3][i]);
    }
    for (j = 0; j < 2; j++) {
        ck_assert_double_le(fabs(q[ix[j]] - y[0]), 1e-6);
        ck_assert_double_le(fabs(q[iz[j]] - y[1]), 1e-6);
    }
    ck_assert_double_ge(fabs(y[0] - x0[0]) + fabs(y[1] - x0[2]), 0.05); /* it moved */
    free(q);
    free(v);
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
}
END_TEST

Suite *suite_waves(void)
{
    Suite *s = suite_create("waves");
    TCase *tk = tcase_create("kinematics");
    TCase *th = tcase_create("hydro in waves");
    tcase_add_test(tk, dispersion_residual_and_limits);
    tcase_add_test(tk, airy_against_complex_potential);
    tcase_add_test(tk, deep_and_shallow_water_kinematics);
    tcase_add_test(tk, continuity_and_irrotationality);
    tcase_add_test(tk, gradients_with_stretching_ramp_current);
    tcase_add_test(tk, wheeler_surface_is_linear_mean_level);
    tcase_add_test(tk, jonswap_variance_and_normalization);
    tcase_add_test(tk, jonswap_seed_reproducible);
    tcase_add_test(tk, current_profile_interpolation);
    tcase_add_test(tk, frame_from_gravity);
    tcase_add_test(tk, bad_input_named);
    tcase_add_loop_test(th, hydro_jacobian_in_waves, 0, 8);
    tcase_add_test(th, hydro_in_waves_is_morison_and_dry_above);
    tcase_add_test(th, model_jacobian_with_sea);
    tcase_add_test(th, neutral_cable_follows_fluid_particle);
    suite_add_tcase(s, tk);
    suite_add_tcase(s, th);
    return s;
}
