/* Inertia of the axial ALE element: the mass matrix, the inertia residual
 * against Lagrange's equations built from finite differences of the kinetic
 * energy alone, its Jacobians against finite differences of the residual, and
 * physical checks (mass, the consistent bar mass matrix with fixed s, a cable
 * sliding through a moving mesh, the momentum flux of steady sliding).
 * Random 3D elements with strains up to +-30 %; material coordinates moving
 * (even loops) or fixed (odd loops).
 *
 * Tolerances: central differences with steps 1e-6 (1 + |q|); the largest
 * error measured over these cases is below 1e-9 (scaled max-norm of fd.h), so
 * the finite-difference checks use 1e-7; identities without differencing
 * 1e-12 relative or tighter. */
#include "suites.h"
#include "fd.h"
#include "inertia_checks.h"
#include "elements/element.h"

#include <string.h>

#define ND 8

static const el_ops *ops(void) { return el_ops_get(0); }

static const el_params PAR = {.EA = 3.0e3, .rhoA = 2.5, .ref_len = 1.1, .EI = 0.0, .fixed_s = 0};

/* x_A near the origin, chord (1 +- 0.3) d in a random direction, s_A in
 * [0, 1), d in [0.5, 1.5) */
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

static void random_v(unsigned *st, double *v, int fixed_s)
{
    int a;
    for (a = 0; a < ND; a++) v[a] = fd_rand(st);
    if (fixed_s) v[3] = v[7] = 0.0;
}

typedef double (*scalar_fn)(const void *ctx, const double *x);
typedef void (*vector_fn)(const void *ctx, const double *x, double *f);

START_TEST(mass_matrix_is_symmetric_psd_and_gives_kinetic_energy)
{
    unsigned st = 41u + (unsigned)_i;
    double qe[ND], v[ND], a[ND];
    random_qe(&st, qe);
    random_v(&st, v, _i % 2);
    random_v(&st, a, _i % 2);
    ic_check_mass(ops(), &PAR, qe, v, a, ND);
}
END_TEST

/* Lagrange's d/dt(dT/dv) - dT/dq from kinetic() alone:
 * d/dt dT/dv = (d2T/dv dq) v + (d2T/dv2) a = d/de [dT/dv(q + e v, v)] + dT/dv(q, a) */
START_TEST(inertia_is_lagrange_of_kinetic_energy)
{
    unsigned st = 53u + (unsigned)_i;
    double qe[ND], v[ND], a[ND];
    random_qe(&st, qe);
    random_v(&st, v, _i % 2);
    random_v(&st, a, _i % 2);
    ic_check_lagrange(ops(), &PAR, qe, v, a, ND);
}
END_TEST

START_TEST(inertia_jacobian_is_inertia_derivative)
{
    unsigned st = 61u + (unsigned)_i;
    double qe[ND], v[ND], a[ND];
    random_qe(&st, qe);
    random_v(&st, v, _i % 2);
    random_v(&st, a, _i % 2);
    ic_check_jacobian(ops(), &PAR, qe, v, a, ND);
}
END_TEST

/* With s fixed, M on the positions is the consistent mass matrix of a
 * linear bar, rhoA d/6 [2 1; 1 2] (x) I; a translation carries the mass rhoA d. */
START_TEST(fixed_s_mass_is_consistent_bar_mass)
{
    unsigned st = 83u + (unsigned)_i;
    double qe[ND], m[ND * ND], d, v[ND];
    int b, c, i, j;
    random_qe(&st, qe);
    d = qe[7] - qe[3];
    ic_mass(ops(), &PAR, qe, ND, m);
    for (b = 0; b < 2; b++)
        for (c = 0; c < 2; c++)
            for (i = 0; i < 3; i++)
                for (j = 0; j < 3; j++)
                    ck_assert_double_eq_tol(m[(4 * b + i) * ND + 4 * c + j],
                                            i == j ? PAR.rhoA * d * (b == c ? 2.0 : 1.0) / 6.0 : 0.0,
                                            1e-14 * PAR.rhoA * d);
    for (i = 0; i < 3; i++) {
        memset(v, 0, sizeof v);
        v[i] = v[4 + i] = 1.0;
        ck_assert_double_eq_tol(ic_quad(m, v, v, ND), PAR.rhoA * d, 1e-13 * PAR.rhoA * d);
    }
}
END_TEST

/* A straight cable x(s) = x0 + t0 s (stretch |t0| of 1 +- 0.3) translating
 * with the material velocity V, seen through nodes that slide along it with
 * arbitrary sdot_A, sdot_B: x_e = x0 + t0 s_e + V t, so xdot_e = V + t0 sdot_e.
 * Every particle moves with V: T = 1/2 rhoA d |V|^2 (d the material length);
 * with V = 0 the velocity is a null vector of M. */
START_TEST(cable_sliding_through_moving_mesh)
{
    unsigned st = 97u + (unsigned)_i;
    double x0[3], t0[3], V[3], qe[ND], v[ND], m[ND * ND], d, vv, t, n, sc;
    int e, i, a, b;
    for (i = 0; i < 3; i++) {
        x0[i] = fd_rand(&st);
        t0[i] = fd_rand(&st);
        V[i] = _i ? 2.0 * fd_rand(&st) : 0.0;
    }
    n = sqrt(t0[0] * t0[0] + t0[1] * t0[1] + t0[2] * t0[2]);
    sc = (1.0 + 0.3 * fd_rand(&st)) / n;
    for (i = 0; i < 3; i++) t0[i] *= sc;
    qe[3] = 0.5 * fd_rand(&st);
    qe[7] = qe[3] + 1.0 + 0.4 * fd_rand(&st);
    v[3] = fd_rand(&st);
    v[7] = fd_rand(&st);
    for (e = 0; e < 2; e++)
        for (i = 0; i < 3; i++) {
            qe[4 * e + i] = x0[i] + t0[i] * qe[4 * e + 3];
            v[4 * e + i] = V[i] + t0[i] * v[4 * e + 3];
        }
    d = qe[7] - qe[3];
    vv = V[0] * V[0] + V[1] * V[1] + V[2] * V[2];
    t = ops()->kinetic(&PAR, qe, v);
    ck_assert_double_eq_tol(t, 0.5 * PAR.rhoA * d * vv, 1e-12 * PAR.rhoA * d * (1.0 + vv));
    if (_i == 0) {
        ic_mass(ops(), &PAR, qe, ND, m);
        for (a = 0; a < ND; a++) {
            double mv = 0.0;
            for (b = 0; b < ND; b++) mv += m[a * ND + b] * v[b];
            ck_assert_double_eq_tol(mv, 0.0, 1e-12 * PAR.rhoA * d);
        }
    }
}
END_TEST

/* Steady sliding of a straight, uniformly stretched cable through a fixed
 * mesh (xdot = 0, sdot_A = sdot_B = c, no acceleration): every particle moves
 * with the constant velocity -c t (t = dx/ds), so only the momentum flux
 * through the ends remains: r(x_A) = -r(x_B) = rhoA c^2 t, the transport term
 * that lowers the effective tension of an axially moving string to
 * N - rhoA c^2 |t|^2, and r(s_A) = -r(s_B) = -rhoA c^2 |t|^2 / 2. */
START_TEST(steady_sliding_gives_momentum_flux)
{
    const double qe[ND] = {0.1, -0.2, 0.3, 0.4, 1.3, 0.2, -0.1, 1.6}, c = 0.7;
    const double v[ND] = {0, 0, 0, c, 0, 0, 0, c}, a[ND] = {0};
    double r[ND], t[3], d = qe[7] - qe[3], tt;
    int i;
    for (i = 0; i < 3; i++) t[i] = (qe[4 + i] - qe[i]) / d;
    tt = t[0] * t[0] + t[1] * t[1] + t[2] * t[2];
    ops()->inertia(&PAR, qe, v, a, r);
    for (i = 0; i < 3; i++) {
        ck_assert_double_eq_tol(r[i], PAR.rhoA * c * c * t[i], 1e-14);
        ck_assert_double_eq_tol(r[4 + i], -PAR.rhoA * c * c * t[i], 1e-14);
    }
    ck_assert_double_eq_tol(r[3], -0.5 * PAR.rhoA * c * c * tt, 1e-14);
    ck_assert_double_eq_tol(r[7], 0.5 * PAR.rhoA * c * c * tt, 1e-14);
}
END_TEST

Suite *suite_axial_inertia(void)
{
    Suite *s = suite_create("axial element inertia");
    TCase *tc = tcase_create("inertia");
    tcase_add_loop_test(tc, mass_matrix_is_symmetric_psd_and_gives_kinetic_energy, 0, 10);
    tcase_add_loop_test(tc, inertia_is_lagrange_of_kinetic_energy, 0, 10);
    tcase_add_loop_test(tc, inertia_jacobian_is_inertia_derivative, 0, 10);
    tcase_add_loop_test(tc, fixed_s_mass_is_consistent_bar_mass, 0, 3);
    tcase_add_loop_test(tc, cable_sliding_through_moving_mesh, 0, 4);
    tcase_add_test(tc, steady_sliding_gives_momentum_flux);
    suite_add_tcase(s, tc);
    return s;
}
