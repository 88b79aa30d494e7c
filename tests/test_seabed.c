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
 *    moderate mesh, and the same equilibrium with 1, 10 and 50 load steps;
 *  - dynamics: a cable sliding on the bottom, along or across itself,
 *    decelerates by mu g (saturated friction, N = k delta = w).
 *
 * Tolerances: differences with steps 1e-6 (1 + |x|): measured below 1e-7,
 * checked at 1e-6 (fd.h's scaled max-norm).  The closed forms of the
 * resting cable are exact in the discretization: the penetration within
 * the solver's tolerance (measured 2.8e-8 relative, 3e-12 m), checked at
 * 1e-7 relative.
 * The mooring line: see mooring_closed_form below.
 *
 *  - stick/slip on the touchdown node's bottom (alecable_seabed_friction):
 *    its rows' Jacobian against finite differences with stuck and slipping
 *    contacts, the line pulled out against the closed form with fully
 *    mobilized friction, and a stuck grounded part that holds its tension
 *    at rest and through a small reversal. */
#include "suites.h"
#include "fd.h"
#include "problem_fd.h"
#include "mooring_rig.h"
#include "friction/contact.h" /* a contact's augmentation and normal force, to keep the state off the kink */
#include "elements/element.h"
#include "loads/field_loads.h"
#include "loads/seabed.h"
#include "alecable.h"

#include <stdio.h>
#include <stdlib.h>
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

/* ------------------------------------------------------------------------ */
/* statics closed forms                                                      */

enum { BOTTOM_FLAT, BOTTOM_SLOPE, BOTTOM_GRID };
static const double THETA = 0.3, XOFF = 0.3, W = 100.0, KS = 1e6, LEN = 10.0;

/* A straight cable of 10 elements held at its ends, stretched by 1e-3,
 * resting on the bottom: flat (along x), or across a slope's fall line
 * (along y at x = XOFF, every node's x held).  Returns the status; z_out[i]
 * the nodes' heights; *ground the grounded length, *wext the external energy */
static int resting_cable(int kind, int bottom, double *z_out, double *ground, double *pen, double *wext)
{
    alecable_model *m;
    alecable_cable *c;
    alecable_section sec;
    alecable_quasistatic_options o;
    alecable_seabed_params sp;
    alecable_seabed_contact sc;
    alecable_load *sb;
    alecable_node *nd;
    double g[3] = {0, 0, -9.81}, h[12], wi;
    int i, st, along = bottom == BOTTOM_FLAT ? 0 : 1;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    ck_assert_int_eq(alecable_model_set_gravity(m, g), 0);
    alecable_section_init(&sec);
    sec.E = 1e6;
    sec.A = 1.0;
    sec.rho = W / 9.81;
    sec.I = kind == ALECABLE_ELEMENT_AXIAL ? 0.0 : 1e-4;
    ck_assert_int_eq(alecable_cable_create(&c, m, kind, &sec), 0);
    if (kind == ALECABLE_ELEMENT_KIRCHHOFF) {
        alecable_beam_params bp;
        alecable_beam_params_init(&bp);
        bp.GJ = 100.0;
        ck_assert_int_eq(alecable_cable_set_beam(c, &bp), 0);
    }
    ck_assert_int_eq(alecable_cable_set_lagrangian(c, 1), 0);
    for (i = 0; i <= 10; i++) {
        double s = LEN * i / 10, x[3] = {0, 0, 0};
        x[along] = 1.001 * s;
        if (bottom != BOTTOM_FLAT) {
            x[0] = XOFF;
            x[2] = XOFF * tan(THETA);
        }
        ck_assert_int_eq(alecable_cable_add_node(&nd, c, x, s), 0);
        if (i == 0 || i == 10) ck_assert_int_eq(alecable_fix(NULL, m, nd, along), 0);
        if (bottom != BOTTOM_FLAT || i == 0 || i == 10) ck_assert_int_eq(alecable_fix(NULL, m, nd, 1 - along), 0);
        if (kind == ALECABLE_ELEMENT_KIRCHHOFF && i == 0) ck_assert_int_eq(alecable_fix(NULL, m, nd, ALECABLE_DOF_ROLL), 0);
    }
    alecable_seabed_params_init(&sp);
    sp.stiffness = KS;
    if (bottom == BOTTOM_SLOPE) {
        sp.normal[0] = -sin(THETA);
        sp.normal[2] = cos(THETA);
    } else if (bottom == BOTTOM_GRID) { /* heights of the same plane on a 4 x 3 grid */
        sp.shape = ALECABLE_SEABED_GRID;
        sp.nx = 4;
        sp.ny = 3;
        sp.origin[0] = -1.0;
        sp.origin[1] = -1.0;
        sp.spacing[0] = 1.0;
        sp.spacing[1] = 6.0;
        for (i = 0; i < 12; i++) h[i] = (-1.0 + (i % 4)) * tan(THETA);
        sp.heights = h;
    }
    ck_assert_int_eq(alecable_load_seabed(&sb, m, c, &sp), 0);
    alecable_quasistatic_options_init(&o);
    st = alecable_solve_quasistatic(m, &o, NULL);
    for (i = 0; i <= 10; i++) {
        double x[3];
        ck_assert_int_eq(alecable_cable_node(&nd, c, i), 0);
        ck_assert_int_eq(alecable_node_position(nd, x), 0);
        z_out[i] = x[2];
    }
    alecable_seabed_contact_init(&sc);
    ck_assert_int_eq(alecable_seabed_state(sb, 0, &sc), 0);
    ck_assert_int_eq(sc.touchdown, 0); /* wholly grounded: no boundary */
    *ground = sc.grounded_length;
    *pen = sc.max_penetration;
    ck_assert_int_eq(alecable_model_energy(m, &wi, wext), 0);
    alecable_model_destroy(m);
    return st;
}

/* _i 0..2: axial, ANCF, Kirchhoff on the flat bottom; 3, 4: axial on the
 * slope and on the grid (an ANCF cable held at its nodes only bends
 * between them under the slope's downhill push: no closed form) */
START_TEST(resting_cable_sinks_by_w_over_k)
{
    int kind = _i < 3 ? _i : ALECABLE_ELEMENT_AXIAL, bottom = _i < 3 ? BOTTOM_FLAT : _i - 2, i;
    double z[11], ground, pen, wext, cth = cos(THETA), z0, d;
    ck_assert_int_eq(resting_cable(kind, bottom, z, &ground, &pen, &wext), 0);
    /* flat: z = -w/k; slope (x held): k delta cos(theta) = w, delta = -z' cos(theta) */
    d = bottom == BOTTOM_FLAT ? W / KS : W / (KS * cth * cth);
    z0 = bottom == BOTTOM_FLAT ? 0.0 : XOFF * tan(THETA);
    for (i = 0; i <= 10; i++) ck_assert_double_le(fabs((z0 - z[i]) / d - 1.0), 1e-7);
    ck_assert_double_le(fabs(ground / LEN - 1.0), 1e-12);
    ck_assert_double_le(fabs(pen / (bottom == BOTTOM_FLAT ? d : d * cth) - 1.0), 1e-7);
    if (bottom == BOTTOM_FLAT) /* gravity's -w^2 L/k and the penalty's w^2 L/(2k) */
        ck_assert_double_le(fabs(wext / (-0.5 * W * W * LEN / KS) - 1.0), 1e-8);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* mooring line: the elastic catenary with seabed contact (the derivation is
 * in examples/mooring_line.c; written again here) */

static const double ML_L = 110.0, ML_X = 90.0, ML_Z = 28.0, ML_W = 1000.0, ML_EA = 1e8, ML_K = 1e8;

static void ml_closed_form(double *H, double *V)
{
    double h = 0.1 * ML_W * ML_L, v = 0.5 * ML_W * ML_L;
    int it;
    for (it = 0; it < 100; it++) {
        double r = v / h, q = sqrt(1.0 + r * r), F0, F1, J0, J1, J2, J3, det, dh, dv;
        F0 = ML_L - v / ML_W + h / ML_W * asinh(r) + h * ML_L / ML_EA - ML_X;
        F1 = h / ML_W * (q - 1.0) + v * v / (2.0 * ML_W * ML_EA) - ML_Z;
        J0 = asinh(r) / ML_W - r / (ML_W * q) + ML_L / ML_EA;
        J1 = -1.0 / ML_W + 1.0 / (ML_W * q);
        J2 = (q - 1.0) / ML_W - r * r / (ML_W * q);
        J3 = r / (ML_W * q) + v / (ML_W * ML_EA);
        det = J0 * J3 - J1 * J2;
        dh = -(J3 * F0 - J1 * F1) / det;
        dv = -(-J2 * F0 + J0 * F1) / det;
        while (h + dh <= 0.0 || v + dv <= 0.0) {
            dh *= 0.5;
            dv *= 0.5;
        }
        h += dh;
        v += dv;
    }
    *H = h;
    *V = v;
}

/* statics of the line (axial elements, slack start: along the bottom, then
 * straight to the fairlead; or the chord); H, V the fairlead's tensions,
 * x_td the touchdown (mooring_rig.c) */
static int ml_solve_how(int n, int steps, int straight, int seabed, double *H, double *V, double *x_td)
{
    mooring_rig r;
    alecable_quasistatic_options o;
    alecable_seabed_contact sc;
    int st;
    mooring_rig_init(&r);
    r.L = ML_L;
    r.X = ML_X;
    r.Z = ML_Z;
    r.w = ML_W;
    r.EA = ML_EA;
    r.k = seabed ? ML_K : 0.0;
    r.n = n;
    r.start = straight ? MR_STRAIGHT : MR_SLACK;
    mooring_rig_build(&r);
    alecable_quasistatic_options_init(&o);
    o.load_steps = steps;
    /* every s is held (fixes and ties): no ALE direction for paper 000's
     * regularization to find, and its rank detection on this non-banded
     * tangent is a dense QR in the GPL-free build (a minute at 800 elements) */
    o.regularization = ALECABLE_REG_NONE;
    st = mooring_rig_solve(&r, &o, H, V, NULL);
    *x_td = 0.0;
    if (seabed) {
        alecable_seabed_contact_init(&sc);
        ck_assert_int_eq(alecable_seabed_state(r.sb, 1, &sc), 0);
        ck_assert_int_eq(sc.touchdown, 1);
        *x_td = sc.position[0];
    }
    alecable_model_destroy(r.m);
    return st;
}

static int ml_solve(int n, int steps, double *H, double *V, double *x_td)
{
    return ml_solve_how(n, steps, 0, 1, H, V, x_td);
}

/* 200 elements (h = 0.55 m): measured H -3.6e-4, V -9.8e-5 relative (the
 * mesh's error: 5.6e-5 and 1.6e-5 at 400 elements, 5.9e-6 and 1.7e-6 at
 * 800; the penalty's, w/k = 1e-5 m of sinking, 2e-6), checked at 1e-3 and
 * 3e-4; the touchdown within one element length of the closed form's. */
START_TEST(mooring_line_closed_form)
{
    double H, V, Hn, Vn, xtd, LB;
    ml_closed_form(&H, &V);
    LB = ML_L - V / ML_W;
    ck_assert_int_eq(ml_solve(200, 1, &Hn, &Vn, &xtd), 0);
    ck_assert_double_le(fabs(Hn / H - 1.0), 1e-3);
    ck_assert_double_le(fabs(Vn / V - 1.0), 3e-4);
    ck_assert_double_le(fabs(xtd - LB * (1.0 + H / ML_EA)), ML_L / 200);
}
END_TEST

/* the same equilibrium with 1, 10 and 50 load steps (100 elements) */
START_TEST(mooring_line_load_steps)
{
    static const int steps[3] = {1, 10, 50};
    double H[3], V[3], x[3];
    int i;
    for (i = 0; i < 3; i++) ck_assert_int_eq(ml_solve(100, steps[i], &H[i], &V[i], &x[i]), 0);
    for (i = 1; i < 3; i++) {
        ck_assert_double_le(fabs(H[i] / H[0] - 1.0), 1e-9);
        ck_assert_double_le(fabs(V[i] / V[0] - 1.0), 1e-9);
        ck_assert_double_le(fabs(x[i] - x[0]), 1e-9 * ML_L);
    }
}
END_TEST

/* The ALE line of the touchdown tests: nodes 0 .. k on the bottom z = 0,
 * the rest the slack start's (or start's (x, z, s) of n + 1 nodes); no
 * constraints yet */
static void td_line(int n, int k, const double *start, alecable_model **m, alecable_cable **c)
{
    alecable_section sec;
    alecable_node *nd;
    double g[3] = {0, 0, -9.81}, a = (ML_L * ML_L - ML_X * ML_X - ML_Z * ML_Z) / (2.0 * (ML_L - ML_X)), x[3];
    int i;
    ck_assert_int_eq(alecable_model_create(m, NULL), 0);
    ck_assert_int_eq(alecable_model_set_gravity(*m, g), 0);
    alecable_section_init(&sec);
    sec.E = ML_EA;
    sec.A = 1.0;
    sec.rho = ML_W / 9.81;
    ck_assert_int_eq(alecable_cable_create(c, *m, ALECABLE_ELEMENT_AXIAL, &sec), 0);
    for (i = 0; i <= n; i++) {
        double s = ML_L * i / n, f = fmax(s - a, 0.0) / (ML_L - a);
        x[0] = fmin(s, a) + f * (ML_X - a);
        x[1] = 0.0;
        x[2] = i <= k ? 0.0 : f * ML_Z;
        if (start) {
            x[0] = start[3 * i];
            x[2] = start[3 * i + 1];
            s = start[3 * i + 2];
        }
        ck_assert_int_eq(alecable_cable_add_node(&nd, *c, x, s), 0);
    }
}

/* The touchdown as a node of the ALE line (examples/mooring_line.c
 * --seabed node): nodes 0 .. k held on z = 0 (a frictionless bottom), node
 * k's s free, the other nodes' s tied to it so that each part keeps equal
 * elements.  start: NULL (the slack start) or (x, z, s) of n + 1 nodes;
 * out: NULL or the solution's; up: 1 when every held node is pressed and
 * every free one above the bottom. */
static int td_solve(int n, int k, int steps, const double *start, double *out, double *H, double *V, double *x_td,
                    int *up)
{
    alecable_model *m;
    alecable_cable *c;
    alecable_quasistatic_options o;
    alecable_constraint *fx = NULL, *fz = NULL, *zc[1024];
    alecable_node *nd, *tn[2];
    double lam, x[3];
    int i, st, dofs[2] = {ALECABLE_DOF_S, ALECABLE_DOF_S};
    ck_assert_int_lt(k, 1024);
    td_line(n, k, start, &m, &c);
    ck_assert_int_eq(alecable_cable_node(&tn[1], c, k), 0);
    for (i = 0; i <= n; i++) {
        ck_assert_int_eq(alecable_cable_node(&nd, c, i), 0);
        ck_assert_int_eq(alecable_fix(NULL, m, nd, ALECABLE_DOF_Y), 0);
        if (i <= k) ck_assert_int_eq(alecable_fix(&zc[i], m, nd, ALECABLE_DOF_Z), 0);
        if (i == 0 || i == n) ck_assert_int_eq(alecable_fix(NULL, m, nd, ALECABLE_DOF_S), 0);
        if (i == 0) ck_assert_int_eq(alecable_fix(NULL, m, nd, ALECABLE_DOF_X), 0);
        if (i == n) {
            ck_assert_int_eq(alecable_fix(&fx, m, nd, ALECABLE_DOF_X), 0);
            ck_assert_int_eq(alecable_fix(&fz, m, nd, ALECABLE_DOF_Z), 0);
        }
        if (i > 0 && i < n && i != k) {
            double f = i < k ? 0.0 : (double)(i - k) / (n - k), coef[2], rhs;
            coef[0] = 1.0;
            coef[1] = i < k ? -(double)i / k : -(1.0 - f);
            rhs = f * ML_L;
            if (start) rhs = start[3 * i + 2] + coef[1] * start[3 * k + 2];
            tn[0] = nd;
            ck_assert_int_eq(alecable_linear_constraint(NULL, m, 2, tn, dofs, coef, rhs, 0.0), 0);
        }
    }
    alecable_quasistatic_options_init(&o);
    o.load_steps = steps;
    /* every s is held (fixes and ties): no ALE direction for paper 000's
     * regularization to find, and its rank detection on this non-banded
     * tangent is a dense QR in the GPL-free build (a minute at 800 elements) */
    o.regularization = ALECABLE_REG_NONE;
    st = alecable_solve_quasistatic(m, &o, NULL);
    ck_assert_int_eq(alecable_constraint_multiplier(fx, &lam), 0);
    *H = -lam;
    ck_assert_int_eq(alecable_constraint_multiplier(fz, &lam), 0);
    *V = -lam;
    ck_assert_int_eq(alecable_node_position(tn[1], x), 0);
    *x_td = x[0];
    *up = 1;
    for (i = 0; i <= n; i++) {
        ck_assert_int_eq(alecable_cable_node(&nd, c, i), 0);
        ck_assert_int_eq(alecable_node_position(nd, x), 0);
        if (i <= k) {
            ck_assert_int_eq(alecable_constraint_multiplier(zc[i], &lam), 0);
            if (lam > 0.0) *up = 0; /* the bottom's force -lambda must point up */
        } else if (i < n && x[2] < 0.0)
            *up = 0;
        if (out) {
            out[3 * i] = x[0];
            out[3 * i + 1] = x[2];
            ck_assert_int_eq(alecable_node_material(nd, &out[3 * i + 2]), 0);
        }
    }
    alecable_model_destroy(m);
    return st;
}

/* a solution on n elements as the start on 2n: each element halved */
static void td_halve(const double *a, int n, double *b)
{
    int i, j;
    for (i = n; i >= 0; i--)
        for (j = 0; j < 3; j++) {
            b[6 * i + j] = a[3 * i + j];
            if (i < n) b[6 * i + 3 + j] = 0.5 * (a[3 * i + j] + a[3 * i + 3 + j]);
        }
}

/* With the touchdown a node the discretization's error is smooth in h (no
 * contact boundary inside an element): 200, 400, 800 elements (each from
 * the last one's solution) give H 1.8e-4, 4.5e-5, 1.15e-5 relative, an
 * observed order 2.04, and the Richardson extrapolation of the last two
 * (order 2) H 3.2e-7, V 1.2e-7 relative: checked at 1e-6 (issue 26's
 * Done-when), the order within 0.15 of 2, the touchdown within an element
 * and the contact unilateral.  The penalty's error at Gauss points changes
 * with where the touchdown falls in its element: the same extrapolation of
 * its 400 and 800 elements (H 5.56e-5, 5.93e-6) is -1.1e-5 on H. */
START_TEST(touchdown_node_closed_form)
{
    static double xa[3 * 801], xb[3 * 801];
    double H, V, Hn[3], Vn[3], xtd[3], LB, order, Hr, Vr;
    int up, lev, n = 200, k = 146; /* the slack start's last grounded node (s <= 80.4 m) */
    ml_closed_form(&H, &V);
    LB = ML_L - V / ML_W;
    for (lev = 0; lev < 3; lev++, n *= 2, k *= 2) {
        if (lev) td_halve(xa, n / 2, xb);
        ck_assert_int_eq(td_solve(n, k, 1, lev ? xb : NULL, xa, &Hn[lev], &Vn[lev], &xtd[lev], &up), 0);
        ck_assert_int_eq(up, 1);
        ck_assert_double_le(fabs(xtd[lev] - LB * (1.0 + H / ML_EA)), ML_L / n);
    }
    order = log2((Hn[0] - Hn[1]) / (Hn[1] - Hn[2]));
    ck_assert_double_le(fabs(order - 2.0), 0.15);
    Hr = Hn[2] + (Hn[2] - Hn[1]) / 3.0;
    Vr = Vn[2] + (Vn[2] - Vn[1]) / 3.0;
    ck_assert_double_le(fabs(Hr / H - 1.0), 1e-6);
    ck_assert_double_le(fabs(Vr / V - 1.0), 1e-6);
}
END_TEST

/* the touchdown node's equilibrium with 1, 10 and 50 load steps (100
 * elements, node 73 the slack start's last on the bottom) */
START_TEST(touchdown_node_load_steps)
{
    static const int steps[3] = {1, 10, 50};
    double H[3], V[3], x[3];
    int i, up;
    for (i = 0; i < 3; i++) {
        ck_assert_int_eq(td_solve(100, 73, steps[i], NULL, NULL, &H[i], &V[i], &x[i], &up), 0);
        ck_assert_int_eq(up, 1);
    }
    for (i = 1; i < 3; i++) {
        ck_assert_double_le(fabs(H[i] / H[0] - 1.0), 1e-9);
        ck_assert_double_le(fabs(V[i] / V[0] - 1.0), 1e-9);
        ck_assert_double_le(fabs(x[i] - x[0]), 1e-9 * ML_L);
    }
}
END_TEST

/* alecable_seabed_touchdown builds the same touchdown node as td_solve's
 * constraints written one by one: the same H, V (1e-12 relative) at 200
 * elements; refused arguments (each named) add nothing: the good call after
 * them gives the model the same number of multipliers as td_solve's. */
START_TEST(touchdown_api_matches_and_refuses)
{
    alecable_model *m;
    alecable_cable *c;
    alecable_quasistatic_options o;
    alecable_constraint *fx, *fz, *bottom[146];
    alecable_node *nd;
    double lam;
    double p0[3] = {0, 0, 0}, nz[3] = {0, 0, 2}, bad[3] = {0, 0, NAN}, zero[3] = {0, 0, 0}, H, V, Hr, Vr, xtd;
    int i, up, n = 200, k = 146, nlam;
    ck_assert_int_eq(td_solve(n, k, 1, NULL, NULL, &Hr, &Vr, &xtd, &up), 0);
    td_line(n, k, NULL, &m, &c);
    for (i = 0; i <= n; i++) {
        ck_assert_int_eq(alecable_cable_node(&nd, c, i), 0);
        ck_assert_int_eq(alecable_fix(NULL, m, nd, ALECABLE_DOF_Y), 0);
        if (i == 0 || i == n) ck_assert_int_eq(alecable_fix(NULL, m, nd, ALECABLE_DOF_S), 0);
        if (i == 0) {
            ck_assert_int_eq(alecable_fix(NULL, m, nd, ALECABLE_DOF_X), 0);
            ck_assert_int_eq(alecable_fix(NULL, m, nd, ALECABLE_DOF_Z), 0);
        }
    }
    ck_assert_int_eq(alecable_fix(&fx, m, nd, ALECABLE_DOF_X), 0);
    ck_assert_int_eq(alecable_fix(&fz, m, nd, ALECABLE_DOF_Z), 0);
    ck_assert_int_eq(alecable_seabed_touchdown(bottom, m, c, NULL, nz, 0, k), ALECABLE_ENULL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "point"));
    ck_assert_int_eq(alecable_seabed_touchdown(bottom, m, c, p0, bad, 0, k), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "normal"));
    ck_assert_int_eq(alecable_seabed_touchdown(bottom, m, c, p0, zero, 0, k), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "normal"));
    ck_assert_int_eq(alecable_seabed_touchdown(bottom, m, c, p0, nz, 2, k), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "end"));
    ck_assert_int_eq(alecable_seabed_touchdown(bottom, m, c, p0, nz, 0, n), ALECABLE_ERANGE);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "node"));
    ck_assert_int_eq(alecable_seabed_touchdown(bottom, m, c, p0, nz, 0, k + 10), ALECABLE_EINVAL); /* 147 is off */
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "off the plane"));
    ck_assert_int_eq(alecable_seabed_touchdown(bottom, m, c, p0, nz, 1, k), ALECABLE_EINVAL); /* from the fairlead */
    ck_assert_int_eq(alecable_seabed_touchdown(bottom, m, c, p0, nz, 0, k), 0);
    alecable_quasistatic_options_init(&o);
    o.regularization = ALECABLE_REG_NONE; /* as td_solve's */
    ck_assert_int_eq(alecable_solve_quasistatic(m, &o, NULL), 0);
    ck_assert_int_eq(alecable_model_sizes(m, NULL, &nlam), 0);
    /* td_solve: y (n + 1), the ends' s (2), anchor x z, fairlead x z, k held nodes, n - 2 ties; here
     * the anchor is not among the held nodes (its z fixed instead): the same count */
    ck_assert_int_eq(nlam, (n + 1) + 2 + 2 + 2 + k + (n - 2));
    ck_assert_int_eq(alecable_constraint_multiplier(fx, &lam), 0);
    H = -lam;
    ck_assert_int_eq(alecable_constraint_multiplier(fz, &lam), 0);
    V = -lam;
    ck_assert_double_le(fabs(H / Hr - 1.0), 1e-12);
    ck_assert_double_le(fabs(V / Vr - 1.0), 1e-12);
    for (i = 0; i < k; i++) { /* the bottom pushes at every held node */
        ck_assert_int_eq(alecable_constraint_multiplier(bottom[i], &lam), 0);
        ck_assert_double_le(lam, 0.0);
    }
    alecable_model_destroy(m);
    td_line(4, 4, NULL, &m, &c); /* a Lagrangian cable is refused */
    ck_assert_int_eq(alecable_cable_set_lagrangian(c, 1), 0);
    ck_assert_int_eq(alecable_seabed_touchdown(NULL, m, c, p0, nz, 0, 2), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "Lagrangian"));
    alecable_model_destroy(m);
}
END_TEST


/* ------------------------------------------------------------------------ */
/* Stick/slip on the touchdown node's bottom (alecable_seabed_friction)      */

/* The line of examples/mooring_line.c --seabed node --friction 0.05
 * --fairlead-x 100: solved without friction with the fairlead at
 * FR_X - FR_PULL (the slack start there, node k its last on the bottom:
 * k = (n / 32) floor(32 a / L), as the example's chain from 32 elements),
 * then the contacts on nodes 1 .. k and the fairlead pulled out to FR_X in
 * FR_STEPS solves (the host moves it: fr_line.xf).  The closed form's anchor
 * tension H - C_B w L_B = 37.35 kN exceeds the start's H0 = 35.69 kN: the
 * whole grounded part slides at the end, the fully mobilized form holds. */
static const double FR_X = 100.0, FR_PULL = 0.5, FR_CB = 0.05;
enum { FR_STEPS = 10 };

typedef struct fr_line {
    alecable_model *m;
    alecable_cable *c;
    alecable_joint *fj;
    alecable_constraint *fx, *fz, *bottom[1024];
    double xf;
    int n, k;
} fr_line;

static int fr_fairlead(void *user, double t, double *value, double *rate, double *accel)
{
    (void)t;
    *value = *(const double *)user;
    if (rate) *rate = 0.0;
    if (accel) *accel = 0.0;
    return 0;
}

/* build, solve without friction at X - pull, add the contacts (not pulled yet) */
static void fr_build(fr_line *f, int n)
{
    alecable_section sec;
    alecable_quasistatic_options o;
    alecable_node *nd;
    double g[3] = {0, 0, -9.81}, X0 = FR_X - FR_PULL, p0[3] = {0, 0, 0}, up[3] = {0, 0, 1}, x[3];
    double a = (ML_L * ML_L - X0 * X0 - ML_Z * ML_Z) / (2.0 * (ML_L - X0));
    alecable_friction_params fp;
    int i;
    memset(f, 0, sizeof *f);
    f->n = n;
    f->k = (n / 32) * (int)floor(32.0 * a / ML_L);
    f->xf = X0;
    ck_assert_int_lt(f->k, 1024);
    ck_assert_int_eq(alecable_model_create(&f->m, NULL), 0);
    ck_assert_int_eq(alecable_model_set_gravity(f->m, g), 0);
    alecable_section_init(&sec);
    sec.E = ML_EA;
    sec.A = 1.0;
    sec.rho = ML_W / 9.81;
    ck_assert_int_eq(alecable_cable_create(&f->c, f->m, ALECABLE_ELEMENT_AXIAL, &sec), 0);
    for (i = 0; i <= n; i++) {
        double s = ML_L * i / n, fr = fmax(s - a, 0.0) / (ML_L - a);
        x[0] = fmin(s, a) + fr * (X0 - a);
        x[1] = 0.0;
        x[2] = i <= f->k ? 0.0 : fr * ML_Z;
        ck_assert_int_eq(alecable_cable_add_node(&nd, f->c, x, s), 0);
        ck_assert_int_eq(alecable_fix(NULL, f->m, nd, ALECABLE_DOF_Y), 0);
        if (i == 0 || i == n) ck_assert_int_eq(alecable_fix(NULL, f->m, nd, ALECABLE_DOF_S), 0);
        if (i == 0) {
            ck_assert_int_eq(alecable_fix(NULL, f->m, nd, ALECABLE_DOF_X), 0);
            ck_assert_int_eq(alecable_fix(NULL, f->m, nd, ALECABLE_DOF_Z), 0);
        }
    }
    ck_assert_int_eq(alecable_prescribe_motion(&f->fx, f->m, nd, ALECABLE_DOF_X, fr_fairlead, &f->xf), 0);
    ck_assert_int_eq(alecable_fix(&f->fz, f->m, nd, ALECABLE_DOF_Z), 0);
    ck_assert_int_eq(alecable_seabed_touchdown(f->bottom, f->m, f->c, p0, up, 0, f->k), 0);
    alecable_quasistatic_options_init(&o);
    o.regularization = ALECABLE_REG_NONE;
    o.load_steps = 10;
    ck_assert_int_eq(alecable_solve_quasistatic(f->m, &o, NULL), 0);
    alecable_friction_params_init(&fp);
    fp.mu = FR_CB;
    ck_assert_int_eq(alecable_seabed_friction(&f->fj, f->m, f->bottom, f->k, &fp), 0);
}

/* one statics solve at the fairlead's x */
static int fr_step(fr_line *f, double xf)
{
    alecable_quasistatic_options o;
    alecable_quasistatic_options_init(&o);
    o.regularization = ALECABLE_REG_NONE;
    o.max_iterations = 4 * f->k;
    f->xf = xf;
    return alecable_solve_quasistatic(f->m, &o, NULL);
}

static double fr_tension(const fr_line *f, int i) /* element i's, the element's law EA F (F^2 - 1)/2 */
{
    alecable_node *na, *nb;
    double xa[3], xb[3], sa, sb, F;
    ck_assert_int_eq(alecable_cable_node(&na, f->c, i), 0);
    ck_assert_int_eq(alecable_cable_node(&nb, f->c, i + 1), 0);
    ck_assert_int_eq(alecable_node_position(na, xa), 0);
    ck_assert_int_eq(alecable_node_position(nb, xb), 0);
    ck_assert_int_eq(alecable_node_material(na, &sa), 0);
    ck_assert_int_eq(alecable_node_material(nb, &sb), 0);
    F = sqrt((xb[0] - xa[0]) * (xb[0] - xa[0]) + (xb[2] - xa[2]) * (xb[2] - xa[2])) / (sb - sa);
    return 0.5 * ML_EA * F * (F * F - 1.0);
}

static void fr_states(const fr_line *f, int *nstick, int *nslip)
{
    int i;
    *nstick = *nslip = 0;
    for (i = 0; i < f->k; i++) {
        alecable_contact ct;
        alecable_contact_init(&ct);
        ck_assert_int_eq(alecable_friction_contact(f->fj, i, &ct), 0);
        if (ct.state == ALECABLE_CONTACT_SLIP) (*nslip)++;
        else (*nstick)++;
    }
}

/* The closed form with fully mobilized friction (Jonkman 2007 sec. 4.2,
 * T = H - C_B w (s_td - s) > 0 on the bottom) for the element's
 * Green-strain law to second order in T/EA (dx/ds, dz/ds get -1.5 (T/EA)^2
 * (H/T, V/T), the grounded part's stretch -1.5 (T/EA)^2): written apart
 * from the example's, the Jacobian by differences. */
static void fr_closed_form_eq(double H, double V, double F[2])
{
    const double w = ML_W, EA = ML_EA, L = ML_L, cb = FR_CB;
    double r = V / H, q = sqrt(1.0 + r * r), LB = L - V / w, TA = H - cb * w * LB, TF = H * q, c = 1.5 / (EA * EA);
    F[0] = LB + H / w * asinh(r) + H * (L - LB) / EA + (H + TA) * LB / (2.0 * EA) - FR_X;
    F[0] -= c * (H * (V * TF + H * H * asinh(r)) / (2.0 * w) + (H * H * H - TA * TA * TA) / (3.0 * cb * w));
    F[1] = H / w * (q - 1.0) + V * V / (2.0 * w * EA) - ML_Z;
    F[1] -= c * (TF * TF * TF - H * H * H) / (3.0 * w);
}

static void fr_closed_form(double *H, double *V)
{
    double h = 4e4, v = 5.5e4, F[2], Fh[2], Fv[2];
    int it;
    for (it = 0; it < 50; it++) {
        double J[4], det, dh, dv;
        fr_closed_form_eq(h, v, F);
        fr_closed_form_eq(h * (1.0 + 1e-7), v, Fh);
        fr_closed_form_eq(h, v * (1.0 + 1e-7), Fv);
        J[0] = (Fh[0] - F[0]) / (1e-7 * h);
        J[2] = (Fh[1] - F[1]) / (1e-7 * h);
        J[1] = (Fv[0] - F[0]) / (1e-7 * v);
        J[3] = (Fv[1] - F[1]) / (1e-7 * v);
        det = J[0] * J[3] - J[1] * J[2];
        dh = -(J[3] * F[0] - J[1] * F[1]) / det;
        dv = -(-J[2] * F[0] + J[0] * F[1]) / det;
        h += dh;
        v += dv;
        if (fabs(dh) < 1e-13 * h && fabs(dv) < 1e-13 * v) break;
    }
    fr_closed_form_eq(h, v, F);
    ck_assert_double_le(fabs(F[0]) + fabs(F[1]), 1e-9 * ML_L);
    *H = h;
    *V = v;
}

/* The contacts' part of the Jacobian against differences: their law rows
 * (rows nq + row0 .. + count) and their force's columns (lambda_T) in full,
 * and their forces' derivatives elsewhere (lambda_T dc/dq in the s rows) as
 * the change of J - F when lambda_T goes to zero: the differences of the
 * line's elastic rows (round-off of 1e-2 on entries of 1e-9 EA / l, the
 * state's 1e-9 out of the plane, with or without friction) cancel there.
 * Each entry against 1 + |F|, or the row's largest |F| where smaller (a
 * slipping row is scaled by 1/eps), as problem_fd.c. */
static double fr_jacobian_error(const alecable_problem *p, double t, double *q, double *lam, int row0, int count,
                                double hs)
{
    int n = p->nq + p->nlam, i, j, f0 = p->nq + row0, f1 = f0 + count;
    double *J = malloc((size_t)n * n * sizeof *J), *F = malloc((size_t)n * n * sizeof *F);
    double *J0 = malloc((size_t)n * n * sizeof *J0), *F0 = malloc((size_t)n * n * sizeof *F0), *l0, err = 0.0;
    ck_assert(J && F && J0 && F0);
    l0 = malloc((size_t)p->nlam * sizeof *l0);
    memcpy(l0, lam, (size_t)p->nlam * sizeof *l0);
    pfd_dense_jacobians(p, t, q, lam, hs, J, F);
    for (i = row0; i < row0 + count; i++) l0[i] = 0.0;
    pfd_dense_jacobians(p, t, q, l0, hs, J0, F0);
    for (i = 0; i < n; i++) {
        double rowmax = 0.0;
        for (j = 0; j < n; j++) rowmax = fmax(rowmax, fabs(F[i * n + j]));
        for (j = 0; j < n; j++) {
            double d, s;
            if ((i >= f0 && i < f1) || (j >= f0 && j < f1)) {
                d = fabs(J[i * n + j] - F[i * n + j]);
                s = 1.0 + fabs(F[i * n + j]);
                if (rowmax > 0.0 && rowmax < s) s = rowmax;
            } else {
                d = fabs((J[i * n + j] - J0[i * n + j]) - (F[i * n + j] - F0[i * n + j]));
                s = 1.0 + fabs(F[i * n + j] - F0[i * n + j]);
            }
            err = fmax(err, d / s);
        }
    }
    free(J);
    free(F);
    free(J0);
    free(F0);
    free(l0);
    return err;
}

/* The rows of the bottom's contacts against differences of the residual
 * (tests/test_friction.c's way): 32 elements at the second step of the
 * pull, the history of the first step put back, q moved by 1e-9.  The
 * grounded material slides little in a step (eps |w| 1 - 4 N where it
 * slips, against L = mu N = 154 N: every slipping contact is at the kink),
 * so as tests/test_friction.c's turning wrap the state is set off it: on
 * every pressed contact lambda_T = 0.3 L - eps w (stuck, 0.7 L inside the
 * limit) on even ones, 3 L (slipping, 2 L beyond) on odd ones; a
 * difference step (1e-6 (1 + |q|), 1e-4 m here) moves lambda_T + eps w by
 * 29 N, a fifth of 0.7 L: no difference crosses the kink.  Both branches:
 * stuck contacts' dw/d(s, x), slipping ones' dependence on their bottom
 * row's multiplier (N = -lambda), the forces' lambda_T (c, -t) and
 * lambda_T dc/dq.  Measured 4.8e-8 (an entry changed by 1e-3 of itself
 * shows: dN/dlambda 5e-5, dw/dx 1e-3, the force's -t 5e-4, lambda_T dc/dq
 * by 1e-2 9e-3); checked at 1e-6. */
START_TEST(seabed_friction_jacobian)
{
    fr_line f;
    alecable_problem p;
    double *hist, *q, *lam, t, err;
    unsigned seed = 5;
    int nq, nl, i, nstick, nslip, nstick_j = 0, nslip_j = 0;
    fr_build(&f, 32);
    ck_assert_int_eq(fr_step(&f, FR_X - FR_PULL + FR_PULL / FR_STEPS), 0);
    ck_assert_int_eq(alecable_model_problem(&p, f.m), 0);
    hist = malloc((size_t)p.nhist * sizeof *hist);
    ck_assert_int_eq(p.history_get(p.ctx, hist), 0);
    ck_assert_int_eq(fr_step(&f, FR_X - FR_PULL + 2.0 * FR_PULL / FR_STEPS), 0);
    fr_states(&f, &nstick, &nslip);
    ck_assert_int_ge(nstick, 2);
    ck_assert_int_ge(nslip, 2);
    ck_assert_int_eq(p.history_set(p.ctx, hist), 0);
    ck_assert_int_eq(alecable_model_sizes(f.m, &nq, &nl), 0);
    q = malloc((size_t)nq * sizeof *q);
    lam = malloc((size_t)nl * sizeof *lam);
    ck_assert_int_eq(alecable_model_get_state(f.m, q, lam, &t), 0);
    for (i = 0; i < nq; i++) q[i] += 1e-9 * fd_rand(&seed);
    for (i = 0; i < f.k; i++) {
        const fr_contact *c = fr_of(f.fj)->c + i;
        alecable_contact ct;
        double L = FR_CB * fr_normal(f.fj, i, q, lam);
        alecable_contact_init(&ct);
        ck_assert_int_eq(alecable_friction_contact(f.fj, i, &ct), 0);
        if (L > 0.0) lam[f.fj->row0 + i] = i % 2 ? 3.0 * L : 0.3 * L - c->eps * ct.slip;
        if (L > 0.0 && i % 2) nslip_j++;
        else if (L > 0.0) nstick_j++;
    }
    err = fr_jacobian_error(&p, t, q, lam, f.fj->row0, f.k, 1e-6);
    ck_assert_int_ge(nstick_j, 4);
    ck_assert_int_ge(nslip_j, 4);
    ck_assert_msg(err < 1e-6, "Jacobian error %.3e (%d stuck, %d slipping)", err, nstick_j, nslip_j);
    free(hist);
    free(q);
    free(lam);
    alecable_model_destroy(f.m);
}
END_TEST

/* The pull-out against the closed form with friction: at 64 and 128
 * elements every contact slips at the last step, H is 4.50e-4 and 1.15e-4
 * relative off, V 3.05e-4 and 7.8e-5 (smooth in h, order 1.97: the friction
 * lumped at the nodes gives each grounded element the continuum's tension
 * at its midpoint) and the Richardson extrapolation of the two (order 2) H
 * 2.9e-6, V 2.0e-6 relative: checked at 4e-6 (the 128-element line at
 * 1.3e-4 and 1e-4); the anchor's tension (the first element's less half
 * the two first elements' difference) 1.9e-5 at 128 elements: checked at
 * 3e-5. */
START_TEST(seabed_friction_closed_form)
{
    double H, V, Hn[2], Vn[2], TA, Hr, Vr;
    int lev, j, nstick, nslip;
    fr_closed_form(&H, &V);
    for (lev = 0; lev < 2; lev++) {
        fr_line f;
        double lam;
        fr_build(&f, 64 << lev);
        for (j = 1; j <= FR_STEPS; j++) ck_assert_int_eq(fr_step(&f, FR_X - FR_PULL + FR_PULL * j / FR_STEPS), 0);
        fr_states(&f, &nstick, &nslip);
        ck_assert_int_eq(nstick, 0);
        ck_assert_int_eq(alecable_constraint_multiplier(f.fx, &lam), 0);
        Hn[lev] = -lam;
        ck_assert_int_eq(alecable_constraint_multiplier(f.fz, &lam), 0);
        Vn[lev] = -lam;
        if (lev == 1) {
            double T0 = fr_tension(&f, 0), T1 = fr_tension(&f, 1);
            TA = T0 - 0.5 * (T1 - T0);
        }
        alecable_model_destroy(f.m);
    }
    ck_assert_double_le(fabs(Hn[1] / H - 1.0), 1.3e-4);
    ck_assert_double_le(fabs(Vn[1] / V - 1.0), 1e-4);
    Hr = Hn[1] + (Hn[1] - Hn[0]) / 3.0;
    Vr = Vn[1] + (Vn[1] - Vn[0]) / 3.0;
    ck_assert_msg(fabs(Hr / H - 1.0) <= 4e-6, "Richardson H %.3e", Hr / H - 1.0);
    ck_assert_msg(fabs(Vr / V - 1.0) <= 4e-6, "Richardson V %.3e", Vr / V - 1.0);
    ck_assert_msg(fabs(TA / (H - FR_CB * ML_W * (ML_L - V / ML_W)) - 1.0) <= 3e-5, "anchor tension %.3e",
                  TA / (H - FR_CB * ML_W * (ML_L - V / ML_W)) - 1.0);
}
END_TEST

/* Stick holds the state a pull left behind.  64 elements pulled out (every
 * contact slipping at the limit), then three more solves with the fairlead
 * where it is change nothing (measured: exactly; the regularized law would
 * creep back towards the frictionless line, a force of the velocity, zero
 * at rest) and every contact is stuck.  Then the fairlead moved back by
 * 2 cm: H falls by 4.7e-3, the contact next to the touchdown reverses
 * (slip 6e-7 m) and the next ones unload (stuck); the material of the
 * grounded half next to the anchor stays put: its contacts' slips are below
 * 4.3e-10 m (on a frictionless bottom dH L_B / EA = 1e-4 m: the mesh's
 * nodes move over a tension that varies with the material, and a contact
 * held at the limit gives way by that rounding), checked at 1e-9 m, and the
 * anchor's element keeps its tension to 1.8e-6 (frictionless: -5e-3),
 * checked at 1e-5. */
START_TEST(seabed_friction_holds_when_stuck)
{
    fr_line f;
    double H1, T0, Tm, lam, dmax = 0.0, smax = 0.0, H2;
    int j, nstick, nslip, km;
    fr_build(&f, 64);
    km = f.k / 2;
    for (j = 1; j <= FR_STEPS; j++) ck_assert_int_eq(fr_step(&f, FR_X - FR_PULL + FR_PULL * j / FR_STEPS), 0);
    fr_states(&f, &nstick, &nslip);
    ck_assert_int_eq(nstick, 0);
    ck_assert_int_eq(alecable_constraint_multiplier(f.fx, &lam), 0);
    H1 = -lam;
    T0 = fr_tension(&f, 0);
    Tm = fr_tension(&f, km);
    for (j = 0; j < 3; j++) {
        ck_assert_int_eq(fr_step(&f, FR_X), 0);
        ck_assert_int_eq(alecable_constraint_multiplier(f.fx, &lam), 0);
        dmax = fmax(dmax, fabs(-lam / H1 - 1.0));
        dmax = fmax(dmax, fabs(fr_tension(&f, 0) / T0 - 1.0));
        dmax = fmax(dmax, fabs(fr_tension(&f, km) / Tm - 1.0));
    }
    ck_assert_double_le(dmax, 1e-12);
    fr_states(&f, &nstick, &nslip);
    ck_assert_int_eq(nslip, 0);
    ck_assert_int_eq(fr_step(&f, FR_X - 0.02), 0);
    ck_assert_int_eq(alecable_constraint_multiplier(f.fx, &lam), 0);
    H2 = -lam;
    ck_assert_double_le(H2 / H1 - 1.0, -4e-3);
    for (j = 0; j < km; j++) {
        alecable_contact ct;
        alecable_contact_init(&ct);
        ck_assert_int_eq(alecable_friction_contact(f.fj, j, &ct), 0);
        smax = fmax(smax, fabs(ct.slip));
    }
    ck_assert_msg(smax <= 1e-9, "the anchor's half slipped by %.3e m", smax);
    ck_assert_msg(fabs(fr_tension(&f, 0) / T0 - 1.0) <= 1e-5, "anchor tension changed by %.3e",
                  fr_tension(&f, 0) / T0 - 1.0);
    alecable_model_destroy(f.m);
}
END_TEST

/* alecable_seabed_friction refuses bad arguments, each named, and a refused
 * call adds nothing (the model's multipliers as before) */
START_TEST(seabed_friction_refuses)
{
    fr_line f;
    alecable_friction_params fp;
    alecable_constraint *two[2];
    alecable_joint *j = (alecable_joint *)1;
    int nl0, nl, i;
    fr_build(&f, 32); /* with its contacts on nodes 1 .. k */
    ck_assert_int_eq(alecable_model_finalize(f.m), 0);
    ck_assert_int_eq(alecable_model_sizes(f.m, NULL, &nl0), 0);
    alecable_friction_params_init(&fp);
    fp.mu = 0.1;
    ck_assert_int_eq(alecable_seabed_friction(&j, f.m, NULL, 1, &fp), ALECABLE_ENULL);
    ck_assert_ptr_null(j);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(f.m), "bottom"));
    ck_assert_int_eq(alecable_seabed_friction(NULL, f.m, f.bottom, 1, NULL), ALECABLE_ENULL);
    ck_assert_int_eq(alecable_seabed_friction(NULL, f.m, f.bottom, 0, &fp), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(f.m), "count"));
    two[0] = f.fz; /* a fix, not a bottom row */
    ck_assert_int_eq(alecable_seabed_friction(NULL, f.m, two, 1, &fp), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(f.m), "bottom[0]"));
    two[0] = NULL;
    ck_assert_int_eq(alecable_seabed_friction(NULL, f.m, two, 1, &fp), ALECABLE_ENULL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(f.m), "bottom[0]"));
    two[0] = two[1] = f.bottom[0]; /* node 1: in the joint fr_build made */
    ck_assert_int_eq(alecable_seabed_friction(NULL, f.m, two, 2, &fp), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(f.m), "friction contact already"));
    fp.mu = -1.0;
    ck_assert_int_eq(alecable_seabed_friction(NULL, f.m, f.bottom, 1, &fp), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(f.m), "mu"));
    ck_assert_int_eq(alecable_model_sizes(f.m, NULL, &nl), 0); /* still finalized: nothing changed */
    ck_assert_int_eq(nl, nl0);
    alecable_model_destroy(f.m);
    /* without the first joint: a repeated row, and a surface */
    memset(&f, 0, sizeof f);
    {
        alecable_model *m;
        alecable_cable *c;
        alecable_section sec;
        alecable_node *nd;
        alecable_constraint *bt[3];
        alecable_body *b;
        alecable_body_params bp;
        double p0[3] = {0, 0, 0}, up[3] = {0, 0, 1};
        ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
        alecable_section_init(&sec);
        sec.E = 1e6;
        sec.A = 1.0;
        sec.rho = 1.0;
        ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_AXIAL, &sec), 0);
        for (i = 0; i <= 6; i++) {
            double x[3] = {i, 0, i > 3 ? i - 3.0 : 0.0};
            ck_assert_int_eq(alecable_cable_add_node(&nd, c, x, (double)i), 0);
        }
        ck_assert_int_eq(alecable_seabed_touchdown(bt, m, c, p0, up, 0, 3), 0);
        alecable_body_params_init(&bp);
        ck_assert_int_eq(alecable_body_create(&b, m, &bp), 0);
        ck_assert_int_eq(alecable_model_finalize(m), 0);
        ck_assert_int_eq(alecable_model_sizes(m, NULL, &nl0), 0);
        alecable_friction_params_init(&fp);
        fp.mu = 0.1;
        two[0] = two[1] = bt[0];
        ck_assert_int_eq(alecable_seabed_friction(NULL, m, two, 2, &fp), ALECABLE_EINVAL);
        ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "repeats"));
        fp.surface = b;
        ck_assert_int_eq(alecable_seabed_friction(NULL, m, bt, 3, &fp), ALECABLE_EINVAL);
        ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "surface"));
        fp.surface = NULL;
        ck_assert_int_eq(alecable_model_sizes(m, NULL, &nl), 0);
        ck_assert_int_eq(nl, nl0);
        ck_assert_int_eq(alecable_seabed_friction(&j, m, bt, 3, &fp), 0);
        ck_assert_ptr_nonnull(j);
        ck_assert_int_eq(alecable_friction_contacts(j, &i), 0);
        ck_assert_int_eq(i, 3);
        ck_assert_int_eq(alecable_model_finalize(m), 0);
        ck_assert_int_eq(alecable_model_sizes(m, NULL, &nl), 0);
        ck_assert_int_eq(nl, nl0 + 3); /* a row per contact */
        alecable_model_destroy(m);
    }
}
END_TEST

/* Issue 26's statics case without a seabed: 110 m laid straight (so
 * compressed) on the 94.3 m chord, then under its weight: 0.3 failed with 10
 * load steps (ENOCONV) and converged with 1; since the solver tries the last
 * load factor directly when a step of a history-free problem fails, 1, 10
 * and 50 steps give the same equilibrium */
START_TEST(straight_start_load_steps_without_seabed)
{
    static const int steps[3] = {1, 10, 50};
    double H[3], V[3], x;
    int i;
    for (i = 0; i < 3; i++) ck_assert_int_eq(ml_solve_how(100, steps[i], 1, 0, &H[i], &V[i], &x), 0);
    for (i = 1; i < 3; i++) {
        ck_assert_double_le(fabs(H[i] / H[0] - 1.0), 1e-9);
        ck_assert_double_le(fabs(V[i] / V[0] - 1.0), 1e-9);
    }
}
END_TEST

/* A straight cable resting on a flat bottom (at its penetration w/k), all
 * of it sliding along itself at v0: saturated axial friction decelerates
 * every particle by mu g (N = k delta = w, mass w/g per unit length), so
 * v(t) = v0 - mu g t until it stops; the trapezoidal rule integrates a
 * constant deceleration exactly: checked at 1e-9 m/s, the penetration at
 * 1e-6 relative.  _i = 1: a lateral slide (the cable moves across itself
 * along y, mu_lateral). */
START_TEST(sliding_cable_decelerates_by_mu_g)
{
    alecable_model *m;
    alecable_cable *c;
    alecable_section sec;
    alecable_seabed_params sp;
    alecable_dynamic_options o;
    alecable_integrator *it;
    alecable_node *nd;
    double g[3] = {0, 0, -9.81}, *q, *v, mu = 0.5, v0 = 1.0, t_end = 0.05, w = 100.0, k = 1e6, t;
    int i, nq, lat = _i, idx;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    ck_assert_int_eq(alecable_model_set_gravity(m, g), 0);
    alecable_section_init(&sec);
    sec.E = 1e6;
    sec.A = 1.0;
    sec.rho = w / 9.81;
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_AXIAL, &sec), 0);
    ck_assert_int_eq(alecable_cable_set_lagrangian(c, 1), 0);
    for (i = 0; i <= 10; i++) {
        double x[3] = {1.0 * i, 0, -w / k};
        ck_assert_int_eq(alecable_cable_add_node(&nd, c, x, 1.0 * i), 0);
        ck_assert_int_eq(alecable_fix(NULL, m, nd, lat ? 0 : 1), 0); /* the other horizontal direction */
    }
    alecable_seabed_params_init(&sp);
    sp.stiffness = k;
    sp.damping = 10.0;
    sp.mu_axial = lat ? 0.0 : mu;
    sp.mu_lateral = lat ? mu : 0.0;
    sp.eps = 1e-4;
    sp.law = ALECABLE_FRICTION_SATURATED;
    ck_assert_int_eq(alecable_load_seabed(NULL, m, c, &sp), 0);
    ck_assert_int_eq(alecable_model_finalize(m), 0);
    alecable_dynamic_options_init(&o);
    o.method = ALECABLE_METHOD_NEWMARK;
    o.h = 1e-3;
    ck_assert_int_eq(alecable_model_integrator(&it, m, &o), 0);
    ck_assert_int_eq(alecable_integrator_sizes(it, &nq, NULL), 0);
    q = (double *)calloc((size_t)nq, sizeof(double));
    v = (double *)calloc((size_t)nq, sizeof(double));
    ck_assert_ptr_nonnull(q);
    ck_assert_ptr_nonnull(v);
    ck_assert_int_eq(alecable_integrator_get_state(it, NULL, q, NULL, NULL, NULL), 0);
    for (i = 0; i <= 10; i++) {
        ck_assert_int_eq(alecable_cable_node(&nd, c, i), 0);
        ck_assert_int_eq(alecable_node_dof_index(nd, lat ? 1 : 0, &idx), 0);
        v[idx] = v0;
    }
    ck_assert_int_eq(alecable_integrator_set_state(it, 0.0, q, v, NULL, NULL), 0);
    ck_assert_int_eq(alecable_integrator_advance(it, t_end), 0);
    ck_assert_int_eq(alecable_integrator_get_state(it, &t, q, v, NULL, NULL), 0);
    ck_assert_double_le(fabs(t - t_end), 1e-12);
    for (i = 0; i <= 10; i++) {
        ck_assert_int_eq(alecable_cable_node(&nd, c, i), 0);
        ck_assert_int_eq(alecable_node_dof_index(nd, lat ? 1 : 0, &idx), 0);
        ck_assert_double_le(fabs(v[idx] - (v0 - mu * 9.81 * t_end)), 1e-9);
        ck_assert_int_eq(alecable_node_dof_index(nd, 2, &idx), 0);
        ck_assert_double_le(fabs(q[idx] / (-w / k) - 1.0), 1e-6);
    }
    free(q);
    free(v);
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
}
END_TEST

/* The penalty's energy is in the model's potential: a cable dropped 1 cm
 * onto a frictionless bottom (k = 1e5 N/m^2: 100 rad/s of contact, h =
 * 1e-3 s) bounces with T + V conserved by the trapezoidal rule up to the
 * contact switches (energy_created measured _i = 0: see below, checked at
 * 1e-3 of w L h0); with damping (_i = 1) it loses energy and rests. */
START_TEST(dropped_cable_energy_balance)
{
    alecable_model *m;
    alecable_cable *c;
    alecable_section sec;
    alecable_seabed_params sp;
    alecable_dynamic_options o;
    alecable_integrator *it;
    alecable_step_stats st;
    alecable_node *nd;
    double g[3] = {0, 0, -9.81}, w = 100.0, h0 = 0.01, E0 = 100.0 * 10.0 * 0.01;
    int i;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    ck_assert_int_eq(alecable_model_set_gravity(m, g), 0);
    alecable_section_init(&sec);
    sec.E = 1e6;
    sec.A = 1.0;
    sec.rho = w / 9.81;
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_AXIAL, &sec), 0);
    ck_assert_int_eq(alecable_cable_set_lagrangian(c, 1), 0);
    for (i = 0; i <= 10; i++) {
        double x[3] = {1.0 * i, 0, h0};
        ck_assert_int_eq(alecable_cable_add_node(&nd, c, x, 1.0 * i), 0);
        ck_assert_int_eq(alecable_fix(NULL, m, nd, 0), 0);
        ck_assert_int_eq(alecable_fix(NULL, m, nd, 1), 0);
    }
    alecable_seabed_params_init(&sp);
    sp.stiffness = 1e5;
    sp.damping = _i ? 2.0 * sqrt(1e5 * w / 9.81) : 0.0; /* critical */
    ck_assert_int_eq(alecable_load_seabed(NULL, m, c, &sp), 0);
    alecable_dynamic_options_init(&o);
    o.method = ALECABLE_METHOD_NEWMARK;
    o.h = 1e-3;
    o.watch = 1;
    ck_assert_int_eq(alecable_model_integrator(&it, m, &o), 0);
    ck_assert_int_eq(alecable_integrator_advance(it, 0.5), 0);
    alecable_step_stats_init(&st);
    ck_assert_int_eq(alecable_integrator_stats(it, &st), 0);
    if (getenv("SEABED_VERBOSE")) printf("dropped cable %d: energy_created %.6e J of %.6e\n", _i, st.energy_created, E0);
    if (!_i) {
        ck_assert_double_le(fabs(st.energy_created), 1e-3 * E0);
    } else {
        double T;
        /* dissipated: the fall's w L h0 and the settling's w L (w/k) less the penalty's w^2 L/(2k) */
        ck_assert_double_le(fabs(st.energy_created + E0 + 0.5 * w * w * 10.0 / 1e5), 1e-3 * E0);
        alecable_model_pull_state(m, it);
        ck_assert_int_eq(alecable_model_kinetic_energy(m, &T), 0);
        ck_assert_double_le(T, 1e-6 * E0);
    }
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
}
END_TEST

START_TEST(bad_arguments_change_nothing)
{
    alecable_model *m;
    alecable_cable *c;
    alecable_section sec;
    alecable_seabed_params sp;
    alecable_seabed_contact sc;
    alecable_load *l = (alecable_load *)1, *ok;
    alecable_node *nd;
    double x[3] = {0, 0, 0}, y[3] = {1, 0, 0}, h[4] = {0, 0, 0, NAN}, wi, we;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    alecable_section_init(&sec);
    sec.E = sec.A = 1.0;
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_AXIAL, &sec), 0);
    ck_assert_int_eq(alecable_cable_add_node(&nd, c, x, 0.0), 0);
    ck_assert_int_eq(alecable_cable_add_node(&nd, c, y, 1.0), 0);
    alecable_seabed_params_init(&sp);
    ck_assert_int_eq(alecable_load_seabed(&l, m, c, NULL), ALECABLE_ENULL);
    ck_assert_ptr_null(l);
    ck_assert_int_eq(alecable_load_seabed(&l, m, c, &sp), ALECABLE_EINVAL); /* stiffness 0 */
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "stiffness"));
    sp.stiffness = 1.0;
    sp.damping = -1.0;
    ck_assert_int_eq(alecable_load_seabed(&l, m, c, &sp), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "damping"));
    sp.damping = 0.0;
    sp.normal[2] = 0.0;
    ck_assert_int_eq(alecable_load_seabed(&l, m, c, &sp), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "normal"));
    sp.shape = ALECABLE_SEABED_GRID;
    sp.nx = sp.ny = 2;
    sp.spacing[0] = sp.spacing[1] = 1.0;
    ck_assert_int_eq(alecable_load_seabed(&l, m, c, &sp), ALECABLE_ENULL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "heights"));
    sp.heights = h;
    ck_assert_int_eq(alecable_load_seabed(&l, m, c, &sp), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "heights[3]"));
    h[3] = 0.0;
    sp.nx = 1;
    ck_assert_int_eq(alecable_load_seabed(&l, m, c, &sp), ALECABLE_EINVAL);
    sp.nx = 2;
    sp.first_element = 1;
    ck_assert_int_eq(alecable_load_seabed(&l, m, c, &sp), ALECABLE_ERANGE);
    sp.first_element = 0;
    sp.law = 7;
    ck_assert_int_eq(alecable_load_seabed(&l, m, c, &sp), ALECABLE_EINVAL);
    sp.law = ALECABLE_FRICTION_SQRT;
    /* nothing was added: the model's energy has no seabed term, and a good call works */
    ck_assert_int_eq(alecable_model_energy(m, &wi, &we), 0);
    ck_assert_double_eq(we, 0.0);
    ck_assert_int_eq(alecable_load_seabed(&ok, m, c, &sp), 0);
    ck_assert_int_eq(alecable_seabed_state(ok, 0, NULL), ALECABLE_ENULL);
    sc.struct_size = 0;
    ck_assert_int_eq(alecable_seabed_state(ok, 0, &sc), ALECABLE_EINVAL);
    alecable_seabed_contact_init(&sc);
    ck_assert_int_eq(alecable_seabed_state(ok, 2, &sc), ALECABLE_EINVAL);
    ck_assert_int_eq(alecable_load_node(&l, m, nd, x), 0);
    ck_assert_int_eq(alecable_seabed_state(l, 0, &sc), ALECABLE_EHANDLE);
    ck_assert_int_eq(alecable_load_set(ok, x), ALECABLE_EINVAL);
    alecable_model_destroy(m);
}
END_TEST

Suite *suite_seabed(void)
{
    Suite *s = suite_create("seabed");
    TCase *tf = tcase_create("derivatives");
    TCase *ts = tcase_create("statics");
    TCase *tk = tcase_create("stickslip");
    tcase_add_loop_test(tf, penalty_gradient_and_hessian, 0, 16);
    tcase_add_loop_test(tf, damping_friction_jacobians, 0, 16);
    suite_add_tcase(s, tf);
    tcase_add_loop_test(ts, resting_cable_sinks_by_w_over_k, 0, 5);
    tcase_add_test(ts, mooring_line_closed_form);
    tcase_add_test(ts, mooring_line_load_steps);
    tcase_add_test(ts, touchdown_node_closed_form);
    tcase_add_test(ts, touchdown_node_load_steps);
    tcase_add_test(ts, touchdown_api_matches_and_refuses);
    tcase_add_test(ts, straight_start_load_steps_without_seabed);

    tcase_add_loop_test(ts, sliding_cable_decelerates_by_mu_g, 0, 2);
    tcase_add_loop_test(ts, dropped_cable_energy_balance, 0, 2);
    tcase_add_test(ts, bad_arguments_change_nothing);
    suite_add_tcase(s, ts);
    tcase_add_test(tk, seabed_friction_jacobian);
    tcase_add_test(tk, seabed_friction_closed_form);
    tcase_add_test(tk, seabed_friction_holds_when_stuck);
    tcase_add_test(tk, seabed_friction_refuses);
    suite_add_tcase(s, tk);
    return s;
}
