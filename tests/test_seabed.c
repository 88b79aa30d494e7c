/* Seabed contact (lib/loads/seabed.c, alecable_load_seabed):
 *
 *  - the penalty's residual against central differences of its energy, and
 *    its Hessian against differences of the residual; damping and friction's
 *    dr/dq and dr/dv against differences of their residual: for every
 *    element kind (axial, ANCF, Kirchhoff, SE(3)), on a sloped plane and a
 *    bilinear grid, an element partly in contact and one out of contact;
 *  - closed forms of statics: a straight cable resting on a flat plane
 *    sinks by w/k; held across a sloped plane's fall line, by
 *    w/(k cos^2 theta) vertically; a grid that reproduces that plane gives
 *    the same to rounding; the contact query's grounded length;
 *  - a mooring line against the elastic catenary with seabed contact at a
 *    moderate mesh, and the same equilibrium with 1, 10 and 50 load steps.
 *
 * Tolerances: differences with steps 1e-6 (1 + |x|): measured below 1e-7,
 * checked at 1e-6 (fd.h's scaled max-norm).  The closed forms of the
 * resting cable are exact in the discretization: checked at 1e-9 relative.
 * The mooring line: see mooring_closed_form below. */
#include "suites.h"
#include "fd.h"
#include "elements/element.h"
#include "loads/field_loads.h"
#include "loads/seabed.h"
#include "alecable.h"

#include <string.h>

Suite *suite_seabed(void);

/* element layouts: dofs, s_A, s_B, x_A, x_B, slopes (-1: none) */
static const int LAY[4][7] = {{8, 3, 7, 0, 4, -1, -1}, {14, 6, 13, 0, 7, 3, 10}, {16, 7, 15, 0, 8, 3, 11},
                              {14, 6, 13, 0, 7, -1, -1}};

static void random_qe(unsigned *st, int kind, double *qe, double lift)
{
    const int *L = LAY[kind];
    double rA[3] = {-0.8, -0.3, -0.2}, rB[3] = {0.9, 0.4, 0.15}, l;
    int a, i;
    for (a = 0; a < L[0]; a++) qe[a] = 0.3 * fd_rand(st); /* rolls, SE(3) rotations */
    l = 1.6 + 0.2 * fd_rand(st);
    qe[L[1]] = 0.5 + 0.1 * fd_rand(st);
    qe[L[2]] = qe[L[1]] + l;
    for (i = 0; i < 3; i++) {
        qe[L[3] + i] = rA[i] + 0.1 * fd_rand(st) + (i == 2 ? lift : 0.0);
        qe[L[4] + i] = rB[i] + 0.1 * fd_rand(st) + (i == 2 ? lift : 0.0);
        if (L[5] >= 0) {
            qe[L[5] + i] = (rB[i] - rA[i]) / l + 0.3 * fd_rand(st);
            qe[L[6] + i] = (rB[i] - rA[i]) / l + 0.3 * fd_rand(st);
        }
    }
}

static double grid_h[20];

static void make_bottom(seabed_params *sp, int grid, unsigned *st)
{
    double nn = sqrt(0.2 * 0.2 + 0.1 * 0.1 + 1.0);
    int k;
    memset(sp, 0, sizeof *sp);
    sp->grid = grid;
    sp->point[2] = 0.02;
    sp->normal[0] = 0.2 / nn;
    sp->normal[1] = -0.1 / nn;
    sp->normal[2] = 1.0 / nn;
    sp->nx = 5;
    sp->ny = 4;
    sp->x0 = -2.0;
    sp->y0 = -1.5;
    sp->dx = 1.0;
    sp->dy = 1.0;
    for (k = 0; k < 20; k++) grid_h[k] = 0.1 * fd_rand(st);
    sp->h = grid_h;
    sp->k = 1e3;
    sp->c = 2.0;
    sp->mu_a = 0.4;
    sp->mu_l = 0.7;
    sp->eps = 0.3;
    sp->law = FRICTION_LAW_SQRT;
}

/* _i: kind = i % 4, grid = (i / 4) % 2, out of contact = i / 8 */
START_TEST(penalty_gradient_and_hessian)
{
    unsigned st = 17u + 101u * (unsigned)_i;
    int kind = _i % 4, grid = (_i / 4) % 2, out = _i / 8, nd = LAY[kind][0], a, b, pass, in = 0, q;
    const el_ops *ops = el_ops_get(kind);
    seabed_params sp;
    double qe[EL_MAX_DOF], re[EL_MAX_DOF], ke[EL_MAX_DOF * EL_MAX_DOF], g_fd[EL_MAX_DOF];
    double k_fd[EL_MAX_DOF * EL_MAX_DOF], rp[EL_MAX_DOF], rm[EL_MAX_DOF];
    for (pass = 0; pass < 3; pass++) {
        make_bottom(&sp, grid, &st);
        random_qe(&st, kind, qe, out ? 3.0 : 0.0);
        ck_assert_int_eq(seabed_penalty(&sp, ops, qe, re, ke), 0);
        for (q = 0; q < FL_NGAUSS; q++) { /* a partly grounded element has both kinds of points */
            fl_point P;
            double g;
            fl_point_eval(ops, fl_gauss_xi[q], qe, NULL, NULL, 0, &P);
            seabed_gap(&sp, P.r, &g, NULL, NULL);
            in += g < 0.0;
        }
        for (a = 0; a < nd; a++) {
            double h = 1e-6 * (1.0 + fabs(qe[a])), x = qe[a], ep, em;
            qe[a] = x + h;
            ep = seabed_energy(&sp, ops, qe);
            seabed_penalty(&sp, ops, qe, rp, NULL);
            qe[a] = x - h;
            em = seabed_energy(&sp, ops, qe);
            seabed_penalty(&sp, ops, qe, rm, NULL);
            qe[a] = x;
            g_fd[a] = (ep - em) / (2.0 * h);
            for (b = 0; b < nd; b++) k_fd[b * nd + a] = (rp[b] - rm[b]) / (2.0 * h);
        }
        if (out) {
            for (a = 0; a < nd; a++) ck_assert_double_eq(re[a], 0.0);
            ck_assert_double_eq(seabed_energy(&sp, ops, qe), 0.0);
        } else {
            ck_assert_double_gt(seabed_energy(&sp, ops, qe), 0.0);
            ck_assert_double_le(fd_relerr(re, g_fd, nd, 1e-8), 1e-6);
            ck_assert_double_le(fd_relerr(ke, k_fd, nd * nd, 1e-8), 1e-6);
        }
    }
    if (out) ck_assert_int_eq(in, 0);
    else ck_assert_int_gt(in, 0);
}
END_TEST

START_TEST(damping_friction_jacobians)
{
    unsigned st = 29u + 131u * (unsigned)_i;
    int kind = _i % 4, grid = (_i / 4) % 2, law = _i / 8, nd = LAY[kind][0], a, b, pass;
    const el_ops *ops = el_ops_get(kind);
    seabed_params sp;
    double qe[EL_MAX_DOF], ve[EL_MAX_DOF], re[EL_MAX_DOF], kq[EL_MAX_DOF * EL_MAX_DOF], kv[EL_MAX_DOF * EL_MAX_DOF];
    double fq[EL_MAX_DOF * EL_MAX_DOF], fv[EL_MAX_DOF * EL_MAX_DOF], rp[EL_MAX_DOF], rm[EL_MAX_DOF], nre = 0.0;
    for (pass = 0; pass < 3; pass++) {
        make_bottom(&sp, grid, &st);
        sp.law = law ? FRICTION_LAW_SATURATED : FRICTION_LAW_SQRT;
        random_qe(&st, kind, qe, 0.0);
        for (a = 0; a < nd; a++) ve[a] = 0.5 * fd_rand(&st);
        ck_assert_int_eq(seabed_field(&sp, ops, qe, ve, re, 1.0, 0.0, kq), 0);
        ck_assert_int_eq(seabed_field(&sp, ops, qe, ve, NULL, 0.0, 1.0, kv), 0);
        for (a = 0; a < nd; a++) nre += fabs(re[a]);
        for (a = 0; a < nd; a++) {
            double h = 1e-6 * (1.0 + fabs(qe[a])), x = qe[a];
            qe[a] = x + h;
            seabed_field(&sp, ops, qe, ve, rp, 0, 0, NULL);
            qe[a] = x - h;
            seabed_field(&sp, ops, qe, ve, rm, 0, 0, NULL);
            qe[a] = x;
            for (b = 0; b < nd; b++) fq[b * nd + a] = (rp[b] - rm[b]) / (2.0 * h);
            h = 1e-6 * (1.0 + fabs(ve[a]));
            x = ve[a];
            ve[a] = x + h;
            seabed_field(&sp, ops, qe, ve, rp, 0, 0, NULL);
            ve[a] = x - h;
            seabed_field(&sp, ops, qe, ve, rm, 0, 0, NULL);
            ve[a] = x;
            for (b = 0; b < nd; b++) fv[b * nd + a] = (rp[b] - rm[b]) / (2.0 * h);
        }
        ck_assert_double_le(fd_relerr(kq, fq, nd * nd, 1e-8), 1e-6);
        ck_assert_double_le(fd_relerr(kv, fv, nd * nd, 1e-8), 1e-6);
        /* out of contact: nothing */
        random_qe(&st, kind, qe, 3.0);
        seabed_field(&sp, ops, qe, ve, re, 1.0, 1.0, kq);
        for (a = 0; a < nd; a++) ck_assert_double_eq(re[a], 0.0);
    }
    ck_assert_double_gt(nre, 0.0);
}
END_TEST

Suite *suite_seabed(void)
{
    Suite *s = suite_create("seabed");
    TCase *tf = tcase_create("derivatives");
    tcase_add_loop_test(tf, penalty_gradient_and_hessian, 0, 16);
    tcase_add_loop_test(tf, damping_friction_jacobians, 0, 16);
    suite_add_tcase(s, tf);
    return s;
}
