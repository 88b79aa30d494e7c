/* The sheave (issue 24): a wrap whose contact region the cable finds.
 *
 * The rig: a cable from a fixed end A over a sheave of radius R to an end B
 * pulled by a force F (statics) or carrying a weight (dynamics), both spans
 * single elements.  Geometry in the circle's plane (u = ref, v = axis x
 * ref, centre c, all in the sheave body's frame, then placed in space by the
 * body's pose): A = c + (-3 u + R v) (the upper span horizontal, tangent at
 * the top), the wrap from the top (pi/2) clockwise, B below.
 *
 * References: the departure points are the geometric tangent points of the
 * straight spans, from A and from B where statics put them (closed form:
 * the tangent from a point at distance d touches at its angle -+ acos(R/d));
 * frictionless, every element's tension is the same (the material equations
 * of the ALE nodes); the wrap angle is the angle between the tangent
 * points. */
#include "suites.h"
#include "fd.h"
#include "problem_fd.h"

#include <alecable.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

enum { MAXW = 40 };

typedef struct rig {
    alecable_model *m;
    alecable_cable *c;
    alecable_body *sh;
    alecable_joint *j;
    alecable_node *A, *w[MAXW], *B;
    alecable_load *F;
    int n, kind;
    double R, xb[3], Rb[9], ctr[3], u[3], v[3];
} rig;

static void mulv(const double R[9], const double x[3], double y[3])
{
    int k;
    for (k = 0; k < 3; k++) y[k] = R[3 * k] * x[0] + R[3 * k + 1] * x[1] + R[3 * k + 2] * x[2];
}

/* space point of plane coordinates (p, q) about the centre */
static void plane_point(const rig *r, double p, double q, double x[3])
{
    double y[3];
    int k;
    for (k = 0; k < 3; k++) y[k] = r->ctr[k] + p * r->u[k] + q * r->v[k];
    mulv(r->Rb, y, x);
    for (k = 0; k < 3; k++) x[k] += r->xb[k];
}

static void plane_dir(const rig *r, double p, double q, double d[3])
{
    double y[3];
    int k;
    for (k = 0; k < 3; k++) y[k] = p * r->u[k] + q * r->v[k];
    mulv(r->Rb, y, d);
}

/* plane coordinates of a space point */
static void to_plane(const rig *r, const double x[3], double *p, double *q)
{
    double z[3], y[3];
    int k;
    for (k = 0; k < 3; k++) z[k] = x[k] - r->xb[k];
    for (k = 0; k < 3; k++) y[k] = r->Rb[k] * z[0] + r->Rb[3 + k] * z[1] + r->Rb[6 + k] * z[2] - r->ctr[k];
    *p = y[0] * r->u[0] + y[1] * r->u[1] + y[2] * r->u[2];
    *q = y[0] * r->v[0] + y[1] * r->v[1] + y[2] * r->v[2];
}

/* rotation about the unit axis e by angle t */
static void axis_rotation(const double e[3], double t, double R[9])
{
    double c = cos(t), s = sin(t), C = 1.0 - c;
    R[0] = c + e[0] * e[0] * C, R[1] = e[0] * e[1] * C - e[2] * s, R[2] = e[0] * e[2] * C + e[1] * s;
    R[3] = e[1] * e[0] * C + e[2] * s, R[4] = c + e[1] * e[1] * C, R[5] = e[1] * e[2] * C - e[0] * s;
    R[6] = e[2] * e[0] * C - e[1] * s, R[7] = e[2] * e[1] * C + e[0] * s, R[8] = c + e[2] * e[2] * C;
}

/* The rig with n wrap nodes from pi/2 to beta (B's span along the force
 * direction (sin beta, -cos beta) in the plane), the body at (xb, Rb), the
 * circle's centre ctr off the body's origin.  kind: the element; fixed: the
 * sheave's body fixed (else free, for the Jacobians); load: the force F on
 * B (else B is left free and held in no way, for the Jacobians). */
static void build(rig *r, int kind, int n, const double xb[3], const double Rb[9], double beta, int fixed, double F)
{
    alecable_section sec;
    alecable_body_params bp;
    alecable_pulley_params pp;
    double x[3], s = 0.0, ang[MAXW], prev[3], EA = 1e6, L = 2.0;
    const double ctr[3] = {0.1, -0.2, 0.05}, axis[3] = {0.0, 0.0, 1.0}, ref[3] = {1.0, 0.0, 0.0};
    int i, k;
    memset(r, 0, sizeof *r);
    r->n = n;
    r->kind = kind;
    r->R = 0.5;
    memcpy(r->xb, xb, sizeof r->xb);
    memcpy(r->Rb, Rb, sizeof r->Rb);
    memcpy(r->ctr, ctr, sizeof r->ctr);
    memcpy(r->u, ref, sizeof r->u);
    r->v[0] = axis[1] * ref[2] - axis[2] * ref[1];
    r->v[1] = axis[2] * ref[0] - axis[0] * ref[2];
    r->v[2] = axis[0] * ref[1] - axis[1] * ref[0];
    ck_assert_int_eq(alecable_model_create(&r->m, NULL), 0);
    alecable_section_init(&sec);
    sec.A = 1e-4;
    sec.E = EA / sec.A;
    if (kind != ALECABLE_ELEMENT_AXIAL) sec.I = 1e-12;
    ck_assert_int_eq(alecable_cable_create(&r->c, r->m, kind, &sec), 0);
    if (kind == ALECABLE_ELEMENT_SE3 || kind == ALECABLE_ELEMENT_KIRCHHOFF) {
        alecable_beam_params bm;
        alecable_beam_params_init(&bm);
        bm.GJ = 1e-2;
        ck_assert_int_eq(alecable_cable_set_beam(r->c, &bm), 0);
        if (kind == ALECABLE_ELEMENT_SE3) ck_assert_int_eq(alecable_cable_set_shear(r->c, 0.4 * EA, 0.4 * EA), 0);
    }
    plane_point(r, -3.0, r->R, x);
    ck_assert_int_eq(alecable_cable_add_node(&r->A, r->c, x, s), 0);
    memcpy(prev, x, sizeof prev);
    for (i = 0; i < n; i++) {
        ang[i] = 0.5 * M_PI + (beta - 0.5 * M_PI) * i / (n - 1);
        plane_point(r, r->R * cos(ang[i]), r->R * sin(ang[i]), x);
        s += sqrt((x[0] - prev[0]) * (x[0] - prev[0]) + (x[1] - prev[1]) * (x[1] - prev[1]) +
                  (x[2] - prev[2]) * (x[2] - prev[2]));
        ck_assert_int_eq(alecable_cable_add_node(&r->w[i], r->c, x, s), 0);
        memcpy(prev, x, sizeof prev);
    }
    plane_point(r, r->R * cos(beta) + L * sin(beta), r->R * sin(beta) - L * cos(beta), x);
    ck_assert_int_eq(alecable_cable_add_node(&r->B, r->c, x, s + L), 0);
    if (kind == ALECABLE_ELEMENT_SE3) { /* frames along the chords: t1, then the axis */
        alecable_node *all[MAXW + 2];
        all[0] = r->A;
        for (i = 0; i < n; i++) all[1 + i] = r->w[i];
        all[n + 1] = r->B;
        for (i = 0; i < n + 2; i++) {
            double xa[3], xc[3], t[3], e3[3], t2[3], Rs[9], nt;
            ck_assert_int_eq(alecable_node_position(all[i > 0 ? i - 1 : 0], xa), 0);
            ck_assert_int_eq(alecable_node_position(all[i < n + 1 ? i + 1 : n + 1], xc), 0);
            for (k = 0; k < 3; k++) t[k] = xc[k] - xa[k];
            nt = sqrt(t[0] * t[0] + t[1] * t[1] + t[2] * t[2]);
            for (k = 0; k < 3; k++) t[k] /= nt;
            mulv(Rb, axis, e3);
            t2[0] = e3[1] * t[2] - e3[2] * t[1], t2[1] = e3[2] * t[0] - e3[0] * t[2], t2[2] = e3[0] * t[1] - e3[1] * t[0];
            for (k = 0; k < 3; k++) Rs[3 * k] = t[k], Rs[3 * k + 1] = t2[k], Rs[3 * k + 2] = e3[k];
            ck_assert_int_eq(alecable_node_set_frame(all[i], Rs), 0);
        }
    }
    alecable_body_params_init(&bp);
    memcpy(bp.position, xb, sizeof bp.position);
    memcpy(bp.rotation, Rb, sizeof bp.rotation);
    bp.mass = 1.0;
    bp.inertia[0] = bp.inertia[4] = bp.inertia[8] = 0.1;
    ck_assert_int_eq(alecable_body_create(&r->sh, r->m, &bp), 0);
    if (fixed) ck_assert_int_eq(alecable_body_fix(r->m, r->sh), 0);
    alecable_pulley_params_init(&pp);
    memcpy(pp.centre, ctr, sizeof pp.centre);
    memcpy(pp.axis, axis, sizeof pp.axis);
    memcpy(pp.ref, ref, sizeof pp.ref);
    pp.radius = r->R;
    ck_assert_msg(alecable_sheave(&r->j, r->m, r->sh, &pp, n, r->w, ang) == 0, "%s", alecable_model_errmsg(r->m));
    for (k = 0; k < 4; k++) ck_assert_int_eq(alecable_fix(NULL, r->m, r->A, k), 0);
    ck_assert_int_eq(alecable_fix(NULL, r->m, r->B, ALECABLE_DOF_S), 0);
    if (kind == ALECABLE_ELEMENT_KIRCHHOFF) ck_assert_int_eq(alecable_fix(NULL, r->m, r->A, ALECABLE_DOF_ROLL), 0);
    if (kind == ALECABLE_ELEMENT_SE3)
        for (k = ALECABLE_DOF_RX; k <= ALECABLE_DOF_RZ; k++) ck_assert_int_eq(alecable_fix(NULL, r->m, r->A, k), 0);
    if (F > 0.0) {
        double f[3];
        plane_dir(r, F * sin(beta), -F * cos(beta), f);
        ck_assert_int_eq(alecable_load_node(&r->F, r->m, r->B, f), 0);
    }
}

static double tension(const rig *r, int e)
{
    alecable_element *el;
    double N;
    ck_assert_int_eq(alecable_cable_element(&el, r->c, e), 0);
    ck_assert_int_eq(alecable_element_axial_force(el, &N), 0);
    return N;
}

/* statics: the load ramped in 4 steps (first) or at full load from where
 * the rig stands (again) */
static void solve(rig *r, int again)
{
    alecable_quasistatic_options o;
    alecable_solve_report rep;
    alecable_quasistatic_options_init(&o);
    o.load_steps = again ? 1 : 4;
    if (again) o.t0 = 1.0;
    alecable_solve_report_init(&rep);
    ck_assert_msg(alecable_solve_quasistatic(r->m, &o, &rep) == ALECABLE_OK, "%s", alecable_model_errmsg(r->m));
}

/* the tangent point from the space point P, on the side sgn (-1: the A
 * side, turning back from P's angle; +1: the B side), as plane angle */
static double tangent_angle(const rig *r, const double P[3], double sgn)
{
    double p, q;
    to_plane(r, P, &p, &q);
    return atan2(q, p) + sgn * acos(r->R / sqrt(p * p + q * q));
}

/* What statics must give; returns the wrap angle, and the largest mesh
 * multiplier relative to the tension in *mu_rel */
typedef struct statics_figures {
    double tangent_err, tension_err, wrap_err, wrap, mu_rel, T, Nmin;
} statics_figures;

static void statics_check(const rig *r, statics_figures *sf)
{
    double xA[3], xB[3], x0[3], x1[3], tA[3], tB[3], thA, thB, wrap, T0, d;
    int e, i, k;
    ck_assert_int_eq(alecable_node_position(r->A, xA), 0);
    ck_assert_int_eq(alecable_node_position(r->B, xB), 0);
    ck_assert_int_eq(alecable_node_position(r->w[0], x0), 0);
    ck_assert_int_eq(alecable_node_position(r->w[r->n - 1], x1), 0);
    thA = tangent_angle(r, xA, -1.0);
    thB = tangent_angle(r, xB, +1.0);
    plane_point(r, r->R * cos(thA), r->R * sin(thA), tA);
    plane_point(r, r->R * cos(thB), r->R * sin(thB), tB);
    sf->tangent_err = 0.0;
    for (k = 0; k < 3; k++) {
        sf->tangent_err = fmax(sf->tangent_err, fabs(x0[k] - tA[k]));
        sf->tangent_err = fmax(sf->tangent_err, fabs(x1[k] - tB[k]));
    }
    T0 = tension(r, 0);
    sf->T = T0;
    sf->tension_err = 0.0;
    for (e = 1; e <= r->n; e++) sf->tension_err = fmax(sf->tension_err, fabs(tension(r, e) / T0 - 1.0));
    ck_assert_int_eq(alecable_sheave_wrap_angle(r->j, &wrap), 0);
    d = thA - thB;
    sf->wrap = wrap;
    sf->wrap_err = fabs(wrap - d);
    sf->mu_rel = 0.0;
    sf->Nmin = INFINITY;
    for (i = 0; i < r->n; i++) {
        double N, mu;
        ck_assert_int_eq(alecable_sheave_node(r->j, i, NULL, &N, &mu), 0);
        sf->mu_rel = fmax(sf->mu_rel, fabs(mu) / T0);
        sf->Nmin = fmin(sf->Nmin, N);
    }
}

static const double I3[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1}, X0[3] = {0, 0, 0};

/* plane coordinates of every node of the rig */
static void plane_nodes(const rig *r, double *pq)
{
    double x[3];
    int i;
    for (i = 0; i < r->n + 2; i++) {
        ck_assert_int_eq(alecable_node_position(i == 0 ? r->A : i == r->n + 1 ? r->B : r->w[i - 1], x), 0);
        to_plane(r, x, pq + 2 * i, pq + 2 * i + 1);
    }
}

/* A light axial rope over a fixed sheave (R = 0.5 m, 9 and 17 nodes, and
 * the coarsest wraps, 2 and 3 nodes, for all but the last two checks), pulled at B
 * by 1000 N at 25 deg from the vertical: the departure nodes are the
 * tangent points of the straight spans from A and from B (1e-9 m), the
 * tension is the same in every element (1e-9 relative), the wrap angle is
 * the angle between the tangent points (1e-9 rad), every node presses on
 * the sheave, and the mesh equations' multipliers are the discretization's
 * (the chord polygon: measured 6.3e-4 of the tension at 8 chords, 1.6e-4 at
 * 16: O(chord angle^2)); the wrap angle against the light rope's closed
 * form pi/2 - beta (the force's direction): measured 6.3e-4 and 1.6e-4 rad
 * (the multipliers turn B's span by as much). */
START_TEST(statics_tangent_points)
{
    const double beta = 25.0 * M_PI / 180.0;
    int n;
    for (n = 2; n <= 3; n++) { /* the boundaries alone; one interior node */
        rig r;
        statics_figures sf;
        build(&r, ALECABLE_ELEMENT_AXIAL, n, X0, I3, beta, 1, 1000.0);
        solve(&r, 0);
        statics_check(&r, &sf);
        ck_assert_msg(sf.tangent_err < 1e-9, "n %d: departure off the tangent points by %.3g m", n, sf.tangent_err);
        ck_assert_msg(sf.tension_err < 1e-9, "n %d: tension varies by %.3g", n, sf.tension_err);
        ck_assert_msg(sf.wrap_err < 1e-9, "n %d: wrap angle off the tangent points' by %.3g rad", n, sf.wrap_err);
        ck_assert_msg(sf.Nmin > 0.0, "n %d: a node does not press (%.3g N)", n, sf.Nmin);
        alecable_model_destroy(r.m);
    }
    for (n = 9; n <= 17; n += 8) {
        rig r;
        statics_figures sf;
        build(&r, ALECABLE_ELEMENT_AXIAL, n, X0, I3, beta, 1, 1000.0);
        solve(&r, 0);
        statics_check(&r, &sf);
        ck_assert_msg(sf.tangent_err < 1e-9, "n %d: departure off the tangent points by %.3g m", n, sf.tangent_err);
        ck_assert_msg(sf.tension_err < 1e-9, "n %d: tension varies by %.3g", n, sf.tension_err);
        ck_assert_msg(sf.wrap_err < 1e-9, "n %d: wrap angle off the tangent points' by %.3g rad", n, sf.wrap_err);
        ck_assert_msg(sf.Nmin > 0.0, "n %d: a node does not press (%.3g N)", n, sf.Nmin);
        ck_assert_msg(sf.mu_rel < (n == 9 ? 1e-3 : 3e-4), "n %d: mesh multipliers %.3g of the tension", n, sf.mu_rel);
        ck_assert_msg(fabs(sf.wrap - (0.5 * M_PI - beta)) < (n == 9 ? 1e-3 : 3e-4), "n %d: wrap %.9f rad, light rope %.9f", n, sf.wrap,
                      0.5 * M_PI - beta);
        alecable_model_destroy(r.m);
    }
}
END_TEST

/* The same rig on a sheave whose body stands at (0.3, -0.4, 0.2) turned by
 * 0.7 rad about a skew axis (its circle's centre off the body's origin,
 * the force turned with it): the same checks, and the same solution in the
 * body's frame as on the untouched body (node positions 1e-9 m, tension
 * and wrap angle 1e-9 relative). */
START_TEST(statics_frame_invariant)
{
    const double beta = 25.0 * M_PI / 180.0, e[3] = {0.48, -0.6, 0.64}, xb[3] = {0.3, -0.4, 0.2};
    double Rb[9], pq0[2 * (MAXW + 2)], pq1[2 * (MAXW + 2)], d = 0.0;
    rig r0, r1;
    statics_figures s0, s1;
    int i;
    axis_rotation(e, 0.7, Rb);
    build(&r0, ALECABLE_ELEMENT_AXIAL, 9, X0, I3, beta, 1, 1000.0);
    build(&r1, ALECABLE_ELEMENT_AXIAL, 9, xb, Rb, beta, 1, 1000.0);
    solve(&r0, 0);
    solve(&r1, 0);
    statics_check(&r0, &s0);
    statics_check(&r1, &s1);
    ck_assert_msg(s1.tangent_err < 1e-9, "departure off the tangent points by %.3g m", s1.tangent_err);
    ck_assert_msg(s1.tension_err < 1e-9, "tension varies by %.3g", s1.tension_err);
    ck_assert_msg(s1.wrap_err < 1e-9, "wrap angle off by %.3g rad", s1.wrap_err);
    ck_assert_msg(fabs(s1.T / s0.T - 1.0) < 1e-9, "tension %.12g N, untouched body %.12g N", s1.T, s0.T);
    ck_assert_msg(fabs(s1.wrap / s0.wrap - 1.0) < 1e-9, "wrap %.12g rad, untouched body %.12g", s1.wrap, s0.wrap);
    plane_nodes(&r0, pq0);
    plane_nodes(&r1, pq1);
    for (i = 0; i < 2 * (r0.n + 2); i++) d = fmax(d, fabs(pq1[i] - pq0[i]));
    ck_assert_msg(d < 1e-9, "nodes in the body's frame differ by %.3g m", d);
    alecable_model_destroy(r0.m);
    alecable_model_destroy(r1.m);
}
END_TEST

/* The force at B turns over several solves, each from the last: 25, 40,
 * 60, 40, 10, -20 and 25 deg; the wrap shrinks from 65 to 30 deg and grows
 * to 110 deg and back, and at every solve the departure nodes are the
 * tangent points (1e-9 m), the tension uniform (1e-9) and the wrap angle
 * the tangent points' (1e-9 rad), within 3e-3 rad of pi/2 - beta (the
 * discretization's, growing with the wrap's chord angle: measured 1.2e-4
 * at 30 deg, 2.2e-3 at 110 deg); back at
 * 25 deg the rig is where it started (1e-9 m: no history). */
START_TEST(wrap_angle_follows_the_load)
{
    static const double deg[7] = {25, 40, 60, 40, 10, -20, 25};
    double pq0[2 * (MAXW + 2)], pq1[2 * (MAXW + 2)], prev = 0.0, d = 0.0;
    rig r;
    int k, i;
    build(&r, ALECABLE_ELEMENT_AXIAL, 9, X0, I3, deg[0] * M_PI / 180.0, 1, 1000.0);
    for (k = 0; k < 7; k++) {
        const double beta = deg[k] * M_PI / 180.0;
        statics_figures sf;
        if (k > 0) {
            double f[3];
            plane_dir(&r, 1000.0 * sin(beta), -1000.0 * cos(beta), f);
            ck_assert_int_eq(alecable_load_set(r.F, f), 0);
        }
        solve(&r, k > 0);
        statics_check(&r, &sf);
        ck_assert_msg(sf.tangent_err < 1e-9, "%g deg: departure off the tangent points by %.3g m", deg[k], sf.tangent_err);
        ck_assert_msg(sf.tension_err < 1e-9, "%g deg: tension varies by %.3g", deg[k], sf.tension_err);
        ck_assert_msg(sf.wrap_err < 1e-9, "%g deg: wrap angle off by %.3g rad", deg[k], sf.wrap_err);
        ck_assert_msg(fabs(sf.wrap - (0.5 * M_PI - beta)) < 3e-3, "%g deg: wrap %.6f rad", deg[k], sf.wrap);
        if (k > 0)
            ck_assert_msg((sf.wrap - prev) * (deg[k - 1] - deg[k]) > 0.0, "%g deg: the wrap did not follow", deg[k]);
        prev = sf.wrap;
        if (k == 0) plane_nodes(&r, pq0);
    }
    plane_nodes(&r, pq1);
    for (i = 0; i < 2 * (r.n + 2); i++) d = fmax(d, fabs(pq1[i] - pq0[i]));
    ck_assert_msg(d < 1e-9, "back at 25 deg the nodes differ by %.3g m", d);
    alecable_model_destroy(r.m);
}
END_TEST

/* The sheave's Jacobian (every row and column, the body's rotation columns
 * along its composed update) against fourth-order differences,
 * in a perturbed state with random multipliers, for the axial cable (chord
 * boundaries), ANCF and Kirchhoff (slopes) and SE(3) (frames), on a free
 * body turned about a skew axis (the joint has no velocity or acceleration
 * terms: cq is its only weight); and the constraint rates: along q(t) = q
 * (+) t v (the body's rotation composed), dg/dt = gdot and d2g/dt2 = gamma
 * (a = 0), by differences (relative 1e-6).  Both places of the mesh rows'
 * reactions (their gradient; the tangent at their node, whose derivative is
 * not symmetric), and for the C1 cables both closures of their boundary
 * (the default ALECABLE_SHEAVE_C1_EDGE_FREE, a tangential force;
 * ALECABLE_SHEAVE_C1_EDGE_SLOPE, the gradient on the slope or frame). */
START_TEST(jacobian_matches_differences)
{
    static const int kinds[4] = {ALECABLE_ELEMENT_AXIAL, ALECABLE_ELEMENT_ANCF, ALECABLE_ELEMENT_KIRCHHOFF,
                                 ALECABLE_ELEMENT_SE3};
    const double e[3] = {0.48, -0.6, 0.64}, xb[3] = {0.3, -0.4, 0.2};
    int kk0;
    for (kk0 = 0; kk0 < 11; kk0++) { /* 8 .. 10: the C1 elements' EDGE_SLOPE */
        const int kk = kk0 < 8 ? kk0 % 4 : kk0 - 7;
        const int reaction = kk0 / 4 == 1 ? ALECABLE_SHEAVE_REACTION_TANGENT : ALECABLE_SHEAVE_REACTION_GRADIENT;
        rig r;
        alecable_problem p;
        double Rb[9], *q, *v, *a, *lam, *r0, *rp, *rm, *gd, *ga, *qs, hh = 1e-4, err, rate_err = 0.0;
        unsigned seed = 7u + (unsigned)kk;
        int i, n, row0;
        axis_rotation(e, 0.7, Rb);
        build(&r, kinds[kk], 5, xb, Rb, 0.3, 0, 0.0);
        ck_assert_int_eq(alecable_sheave_set_mesh_reaction(r.j, reaction), 0);
        if (kk0 >= 8) ck_assert_int_eq(alecable_sheave_set_c1_edge(r.j, ALECABLE_SHEAVE_C1_EDGE_SLOPE), 0);
        ck_assert_msg(alecable_model_problem(&p, r.m) == 0, "%s", alecable_model_errmsg(r.m));
        n = p.nq + p.nlam;
        q = calloc((size_t)p.nq, sizeof *q), v = calloc((size_t)p.nq, sizeof *v), a = calloc((size_t)p.nq, sizeof *a);
        qs = calloc((size_t)p.nq, sizeof *qs);
        lam = calloc((size_t)p.nlam, sizeof *lam), r0 = calloc((size_t)n, sizeof *r0);
        rp = calloc((size_t)n, sizeof *rp), rm = calloc((size_t)n, sizeof *rm);
        gd = calloc((size_t)p.nlam, sizeof *gd), ga = calloc((size_t)p.nlam, sizeof *ga);
        ck_assert(q && v && a && lam && r0 && rp && rm && gd && ga && qs);
        pfd_perturbed_state(r.m, p.nq, seed, q, v, a);
        for (i = 0; i < p.nlam; i++) lam[i] = 100.0 * fd_rand(&seed);
        if (kinds[kk] == ALECABLE_ELEMENT_SE3) { /* A's rotation where it is held (the SE(3) element's
                                                     Jacobian is exact there, as test_se3_model's) */
            int d, k;
            for (d = ALECABLE_DOF_RX; d <= ALECABLE_DOF_RZ; d++) {
                ck_assert_int_eq(alecable_node_dof_index(r.A, d, &k), 0);
                q[k] = 0.0;
            }
        }
        err = pfd_full_jacobian_error(&p, 0.0, q, lam, 1e-4);
        ck_assert_msg(err < 1e-6, "kind %d, reaction %d, case %d: full Jacobian off by %.3g", kinds[kk], reaction, kk0, err);
        /* rates of the sheave's rows: q(t) = q (+) t v */
        ck_assert_int_eq(p.constraint_rates(p.ctx, 0.0, q, v, gd, ga), 0);
        ck_assert_int_eq(p.residual(p.ctx, 0.0, q, NULL, NULL, lam, r0), 0);
        memcpy(qs, q, (size_t)p.nq * sizeof *q);
        ck_assert_int_eq(p.update(p.ctx, qs, v, hh), 0);
        ck_assert_int_eq(p.residual(p.ctx, 0.0, qs, NULL, NULL, lam, rp), 0);
        memcpy(qs, q, (size_t)p.nq * sizeof *q);
        ck_assert_int_eq(p.update(p.ctx, qs, v, -hh), 0);
        ck_assert_int_eq(p.residual(p.ctx, 0.0, qs, NULL, NULL, lam, rm), 0);
        row0 = kinds[kk] == ALECABLE_ELEMENT_KIRCHHOFF ? 6 : kinds[kk] == ALECABLE_ELEMENT_SE3 ? 8 : 5; /* after the
                                              fixes (A: x, y, z, s, the roll or rotation; B: s) */
        {
            int nj;
            ck_assert_int_eq(alecable_joint_equations(r.j, &nj), 0);
            ck_assert_int_eq(nj, 3 * r.n);
        }
        for (i = 0; i < 3 * r.n; i++) {
            int rr = p.nq + row0 + i;
            double d1 = (rp[rr] - rm[rr]) / (2 * hh), d2 = (rp[rr] - 2 * r0[rr] + rm[rr]) / (hh * hh);
            rate_err = fmax(rate_err, fabs(d1 - gd[row0 + i]) / (1.0 + fabs(d1)));
            rate_err = fmax(rate_err, fabs(d2 - ga[row0 + i]) / (1.0 + fabs(d2)));
        }
        ck_assert_msg(rate_err < 1e-5, "kind %d: constraint rates off by %.3g", kinds[kk], rate_err);
        free(q), free(v), free(a), free(lam), free(r0), free(rp), free(rm), free(gd), free(ga), free(qs);
        alecable_model_destroy(r.m);
    }
}
END_TEST

/* The rig in dynamics: B fastened (its s held) to a weight of 10 kg (a
 * body held in the plane, not turning), the rope light but not massless
 * (0.05 kg/m, EA 1e6 N), under gravity along -v, released at rest with the
 * span at beta = 25 deg from the vertical: the weight swings in the
 * sheave's plane and the departure point travels around the sheave.
 * Returns the largest |E(t) - E(0)| / (M g L) over T with method at step h
 * (energy: strain, gravity and kinetic), in *tan the largest distance
 * of the departure node from the tangent point of its span, in *travel the
 * angle the departure point travelled over. */
static double swing(int method, double h, double T, double *tan, double *travel)
{
    const double M = 10.0, g = 9.81, beta = 25.0 * M_PI / 180.0;
    alecable_section sec;
    alecable_body_params bp;
    alecable_pulley_params pp;
    alecable_body *sh, *wt;
    alecable_node *nd[MAXW + 2], *bn;
    alecable_integrator *it;
    alecable_dynamic_options o;
    alecable_model *m;
    alecable_cable *c;
    alecable_joint *j;
    const int n = 9, hold[4] = {ALECABLE_DOF_Z, ALECABLE_DOF_RX, ALECABLE_DOF_RY, ALECABLE_DOF_RZ};
    double x[3] = {-3.0, 0.5, 0.0}, ang[MAXW], s = 3.0, grav[3] = {0, -g, 0}, p0[3] = {0, 0, 0}, L = 2.0, R = 0.5;
    double E0 = 0.0, err = 0.0, wi, we, kin, lo = INFINITY, hi = -INFINITY;
    int i, k, steps = (int)(T / h + 0.5);
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    ck_assert_int_eq(alecable_model_set_gravity(m, grav), 0);
    alecable_section_init(&sec);
    sec.A = 1e-4;
    sec.E = 1e6 / sec.A;
    sec.rho = 0.05 / sec.A;
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_AXIAL, &sec), 0);
    ck_assert_int_eq(alecable_cable_add_node(&nd[0], c, x, 0.0), 0);
    for (i = 0; i < n; i++) {
        ang[i] = 0.5 * M_PI + (beta - 0.5 * M_PI) * i / (n - 1);
        x[0] = R * cos(ang[i]);
        x[1] = R * sin(ang[i]);
        if (i > 0) s += 2.0 * R * sin(0.5 * fabs(ang[i] - ang[i - 1]));
        ck_assert_int_eq(alecable_cable_add_node(&nd[1 + i], c, x, s), 0);
    }
    x[0] = R * cos(beta) + L * sin(beta);
    x[1] = R * sin(beta) - L * cos(beta);
    ck_assert_int_eq(alecable_cable_add_node(&nd[n + 1], c, x, s + L), 0);
    for (k = 0; k < 4; k++) ck_assert_int_eq(alecable_fix(NULL, m, nd[0], k), 0);
    alecable_body_params_init(&bp);
    ck_assert_int_eq(alecable_body_create(&sh, m, &bp), 0);
    ck_assert_int_eq(alecable_body_fix(m, sh), 0);
    alecable_pulley_params_init(&pp);
    pp.radius = R;
    ck_assert_int_eq(alecable_sheave(&j, m, sh, &pp, n, nd + 1, ang), 0);
    alecable_body_params_init(&bp);
    bp.mass = M;
    bp.inertia[0] = bp.inertia[4] = bp.inertia[8] = 0.1;
    memcpy(bp.position, x, sizeof x);
    ck_assert_int_eq(alecable_body_create(&wt, m, &bp), 0);
    ck_assert_int_eq(alecable_body_node(&bn, wt), 0);
    for (k = 0; k < 4; k++) ck_assert_int_eq(alecable_fix(NULL, m, bn, hold[k]), 0);
    ck_assert_int_eq(alecable_attach(NULL, m, nd[n + 1], wt, p0, 1), 0);
    alecable_dynamic_options_init(&o);
    o.method = method;
    o.h = h;
    ck_assert_msg(alecable_model_integrator(&it, m, &o) == 0, "%s", alecable_model_errmsg(m));
    *tan = 0.0;
    for (k = 0; k <= steps; k++) {
        double xB[3], xK[3], p, q, th;
        if (k > 0) ck_assert_msg(alecable_integrator_step(it, h) == 0, "method %d, step %d: %s", method, k,
                                 alecable_integrator_errmsg(it));
        ck_assert_int_eq(alecable_model_pull_state(m, it), 0);
        ck_assert_int_eq(alecable_model_energy(m, &wi, &we), 0);
        ck_assert_int_eq(alecable_model_kinetic_energy(m, &kin), 0);
        if (k == 0) E0 = wi + we + kin;
        err = fmax(err, fabs(wi + we + kin - E0) / (M * g * L));
        ck_assert_int_eq(alecable_node_position(nd[n + 1], xB), 0);
        ck_assert_int_eq(alecable_node_position(nd[n], xK), 0);
        p = xB[0], q = xB[1];
        th = atan2(q, p) + acos(R / sqrt(p * p + q * q));
        *tan = fmax(*tan, hypot(xK[0] - R * cos(th), xK[1] - R * sin(th)));
        lo = fmin(lo, atan2(xK[1], xK[0]));
        hi = fmax(hi, atan2(xK[1], xK[0]));
    }
    *travel = hi - lo;
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
    return err;
}

/* Frictionless, the swing keeps its energy: with the trapezoidal rule
 * (Newmark 1/4, 1/2) over 1 s, while the departure point travels 43 deg
 * around the sheave, the error at h = 2e-3 and 1e-3 falls by 4 (O(h^2):
 * measured 1.09e-6 and 2.73e-7 of M g L, ratio 3.99), the departure node
 * stays on the tangent point to 1e-9 m (measured 1e-16); every other implicit and
 * semi-implicit method steps the same swing for 0.2 s with the departure on
 * the tangent point (the semi-implicit methods to their stabilization's
 * drift, 1e-6 m: measured 8.4e-8 m with SI-BE, below 2e-9 m with the
 * others). */
START_TEST(swing_keeps_energy)
{
    static const int others[7] = {ALECABLE_METHOD_HHT, ALECABLE_METHOD_BOSSAK, ALECABLE_METHOD_GENALPHA,
                                  ALECABLE_METHOD_SI_BE, ALECABLE_METHOD_SI_BDF2, ALECABLE_METHOD_SI_NEWMARK,
                                  ALECABLE_METHOD_SI_HHT};
    double t1, t2, a1, a2, e1 = swing(ALECABLE_METHOD_NEWMARK, 2e-3, 1.0, &t1, &a1);
    double e2 = swing(ALECABLE_METHOD_NEWMARK, 1e-3, 1.0, &t2, &a2);
    int k;
    ck_assert_msg(a1 > 0.7 && a2 > 0.7, "the departure point travelled %.3g, %.3g rad only", a1, a2);
    ck_assert_msg(e2 < 1e-6, "energy error %.3g of M g L at h = 1e-3", e2);
    ck_assert_msg(e1 / e2 > 3.5 && e1 / e2 < 4.5, "energy errors %.3g and %.3g: ratio %.2f", e1, e2, e1 / e2);
    ck_assert_msg(t1 < 1e-9 && t2 < 1e-9, "departure off the tangent point by %.3g, %.3g m", t1, t2);
    for (k = 0; k < 7; k++) {
        double tk, ak;
        swing(others[k], 1e-3, 0.2, &tk, &ak);
        ck_assert_msg(tk < (others[k] >= ALECABLE_METHOD_SI_BE ? 1e-6 : 1e-9), "method %d: departure off by %.3g m",
                      others[k], tk);
    }
}
END_TEST

/* C1 cables over the sheave: the rig above (R = 0.5 m, the circle's
 * centre off the body's origin, A at (-3, R) in the circle's plane, B
 * pulled by F = 1000 N at beta = 25 deg, EA 1e6 N) with bending stiffness
 * EI = 2.5 N m^2: a bending length l = sqrt(EI / F) = 5 cm, l / R = 0.1.
 * Each free span in nf elements graded from h0 at the edge to its end
 * (their nodes' s held: Lagrangian there), the wrap's n nodes between the
 * expected edges, slopes (SE(3): frames) along the path, the material the
 * stretched cable holds; the sheave's C1 boundary at its default. */
enum { MAXF = 40 };

/* printed with ALECABLE_TEST_FIGURES set (the figures the comments quote) */
static void figure(const char *fmt, ...)
{
    va_list ap;
    if (!getenv("ALECABLE_TEST_FIGURES")) return;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    fflush(stdout);
}

static const char *kind_name(int kind)
{
    return kind == ALECABLE_ELEMENT_ANCF ? "ANCF" : kind == ALECABLE_ELEMENT_KIRCHHOFF ? "Kirchhoff" : "SE(3)";
}

typedef struct c1rig {
    rig r;
    alecable_node *fa[MAXF], *fb[MAXF];
    int nf;
} c1rig;

/* the slope (ANCF, Kirchhoff) or the frame's t1 (SE(3); t3 the axis) of a
 * node along the plane direction (dp, dq) */
static void set_direction(const rig *r, alecable_node *n, double dp, double dq)
{
    double d[3], e3[3] = {0.0, 0.0, 1.0}, t2[3], Rs[9], nd = hypot(dp, dq);
    int k;
    plane_dir(r, dp / nd, dq / nd, d);
    if (r->kind != ALECABLE_ELEMENT_SE3) {
        ck_assert_int_eq(alecable_node_set_slope(n, d), 0);
        return;
    }
    t2[0] = e3[1] * d[2] - e3[2] * d[1], t2[1] = e3[2] * d[0] - e3[0] * d[2], t2[2] = e3[0] * d[1] - e3[1] * d[0];
    for (k = 0; k < 3; k++) Rs[3 * k] = d[k], Rs[3 * k + 1] = t2[k], Rs[3 * k + 2] = e3[k];
    ck_assert_int_eq(alecable_node_set_frame(n, Rs), 0);
}

/* the elastica's edges (Delta before the far spans' tangent points to R +
 * l^2 / 2R, test_sheave_c1.c) as plane angles, from the far ends' places */
static void c1_edges(const rig *r, double l, double edge[2])
{
    const double reff = r->R + l * l / (2.0 * r->R), dl = 2.0 * asin(l / (2.0 * r->R));
    double xA[3], xB[3], p, q;
    ck_assert_int_eq(alecable_node_position(r->A, xA), 0);
    ck_assert_int_eq(alecable_node_position(r->B, xB), 0);
    to_plane(r, xA, &p, &q);
    edge[0] = atan2(q, p) - acos(reff / hypot(p, q)) - dl;
    to_plane(r, xB, &p, &q);
    edge[1] = atan2(q, p) + acos(reff / hypot(p, q)) + dl;
}

static void build_c1(c1rig *c, int kind, int n, int nf, double h0, double beta, double F)
{
    alecable_section sec;
    alecable_body_params bp;
    alecable_pulley_params pp;
    alecable_beam_params bm;
    rig *r = &c->r;
    const double ctr[3] = {0.1, -0.2, 0.05}, axis[3] = {0.0, 0.0, 1.0}, ref[3] = {1.0, 0.0, 0.0}, EA = 1e6, EI = 2.5;
    const double L = 2.0, l = sqrt(EI / F);
    const double reff = 0.5 + l * l / (2.0 * 0.5), dl = 2.0 * asin(l / (2.0 * 0.5));
    double ang[MAXW], edge[2], pt[2], D[2], g[2], P[2][2], x[3], prev[3] = {0.0, 0.0, 0.0}, s = 0.0;
    int i, k, side;
    memset(c, 0, sizeof *c);
    ck_assert(n <= MAXW && nf <= MAXF);
    c->nf = nf;
    r->n = n, r->kind = kind, r->R = 0.5;
    memcpy(r->Rb, I3, sizeof r->Rb);
    memcpy(r->ctr, ctr, sizeof r->ctr);
    memcpy(r->u, ref, sizeof r->u);
    r->v[0] = 0.0, r->v[1] = 1.0, r->v[2] = 0.0;
    ck_assert_int_eq(alecable_model_create(&r->m, NULL), 0);
    alecable_section_init(&sec);
    sec.A = 1e-4;
    sec.E = EA / sec.A;
    sec.I = EI / sec.E;
    ck_assert_int_eq(alecable_cable_create(&r->c, r->m, kind, &sec), 0);
    if (kind == ALECABLE_ELEMENT_SE3 || kind == ALECABLE_ELEMENT_KIRCHHOFF) {
        alecable_beam_params_init(&bm);
        bm.GJ = 1e-2;
        ck_assert_int_eq(alecable_cable_set_beam(r->c, &bm), 0);
        if (kind == ALECABLE_ELEMENT_SE3) ck_assert_int_eq(alecable_cable_set_shear(r->c, 0.4 * EA, 0.4 * EA), 0);
    }
    /* the far ends, the edges they give and each span's path from its edge: round the circle of R + l^2/2R
     * to the tangent point, then straight to the end (the nodes start there, the solve moves them) */
    P[0][0] = -3.0, P[0][1] = r->R;
    P[1][0] = r->R * cos(beta) + L * sin(beta), P[1][1] = r->R * sin(beta) - L * cos(beta);
    for (side = 0; side < 2; side++) {
        const double sg = side == 0 ? -1.0 : 1.0, d = hypot(P[side][0], P[side][1]);
        double lo = 1.0, hi = 3.0;
        int it;
        pt[side] = atan2(P[side][1], P[side][0]) + sg * acos(reff / d);
        edge[side] = pt[side] + sg * dl;
        D[side] = reff * dl + sqrt(d * d - reff * reff);
        for (it = 0; it < 200; it++) { /* nf elements from h0, growing geometrically */
            g[side] = 0.5 * (lo + hi);
            if (h0 * (pow(g[side], nf) - 1.0) / (g[side] - 1.0) > D[side]) hi = g[side];
            else lo = g[side];
        }
    }
    for (i = 0; i < n; i++) ang[i] = edge[0] + (edge[1] - edge[0]) * i / (n - 1);
    for (k = 0; k < 2 * nf + n; k++) { /* A, A's span, the wrap, B's span, B */
        double p, q, dp, dq;
        alecable_node **out;
        if (k < nf || k >= nf + n) { /* a free span's node, j elements from its edge */
            const int side = k < nf ? 0 : 1, j = side == 0 ? nf - k : k - nf - n + 1;
            const double sg = side == 0 ? -1.0 : 1.0, arc = reff * dl;
            const double d = j == nf ? D[side] : h0 * (pow(g[side], j) - 1.0) / (g[side] - 1.0);
            if (d < arc) {
                const double ph = edge[side] - sg * d / reff;
                p = reff * cos(ph), q = reff * sin(ph), dp = sin(ph), dq = -cos(ph);
            } else {
                dp = sin(pt[side]), dq = -cos(pt[side]);
                p = reff * cos(pt[side]) + sg * (d - arc) * dp, q = reff * sin(pt[side]) + sg * (d - arc) * dq;
            }
            if (j == nf) p = P[side][0], q = P[side][1];
            out = k == 0 ? &r->A : k == 2 * nf + n - 1 ? &r->B : side == 0 ? &c->fa[k - 1] : &c->fb[k - nf - n];
        } else {
            const double th = ang[k - nf];
            p = r->R * cos(th), q = r->R * sin(th), dp = sin(th), dq = -cos(th);
            out = &r->w[k - nf];
        }
        plane_point(r, p, q, x);
        if (k > 0) /* the material the stretched cable holds (EA/F = 1e3: a span's 3 mm, its edge layer's size) */
            s += sqrt((x[0] - prev[0]) * (x[0] - prev[0]) + (x[1] - prev[1]) * (x[1] - prev[1]) +
                      (x[2] - prev[2]) * (x[2] - prev[2])) / (1.0 + F / EA);
        memcpy(prev, x, sizeof prev);
        ck_assert_int_eq(alecable_cable_add_node(out, r->c, x, s), 0);
        set_direction(r, *out, dp, dq);
    }
    alecable_body_params_init(&bp);
    bp.mass = 1.0;
    bp.inertia[0] = bp.inertia[4] = bp.inertia[8] = 0.1;
    ck_assert_int_eq(alecable_body_create(&r->sh, r->m, &bp), 0);
    ck_assert_int_eq(alecable_body_fix(r->m, r->sh), 0);
    alecable_pulley_params_init(&pp);
    memcpy(pp.centre, ctr, sizeof pp.centre);
    memcpy(pp.axis, axis, sizeof pp.axis);
    memcpy(pp.ref, ref, sizeof pp.ref);
    pp.radius = r->R;
    ck_assert_msg(alecable_sheave(&r->j, r->m, r->sh, &pp, n, r->w, ang) == 0, "%s", alecable_model_errmsg(r->m));
    for (k = 0; k < 4; k++) ck_assert_int_eq(alecable_fix(NULL, r->m, r->A, k), 0);
    ck_assert_int_eq(alecable_fix(NULL, r->m, r->B, ALECABLE_DOF_S), 0);
    ck_assert_int_eq(alecable_fix(NULL, r->m, r->B, ALECABLE_DOF_Z), 0);
    for (i = 0; i < nf - 1; i++) {
        ck_assert_int_eq(alecable_fix(NULL, r->m, c->fa[i], ALECABLE_DOF_S), 0);
        ck_assert_int_eq(alecable_fix(NULL, r->m, c->fb[i], ALECABLE_DOF_S), 0);
    }
    if (kind == ALECABLE_ELEMENT_KIRCHHOFF) ck_assert_int_eq(alecable_fix(NULL, r->m, r->A, ALECABLE_DOF_ROLL), 0);
    if (kind == ALECABLE_ELEMENT_SE3)
        for (k = ALECABLE_DOF_RX; k <= ALECABLE_DOF_RZ; k++) ck_assert_int_eq(alecable_fix(NULL, r->m, r->A, k), 0);
    plane_dir(r, F * sin(beta), -F * cos(beta), x);
    ck_assert_int_eq(alecable_load_node(&r->F, r->m, r->B, x), 0);
}

/* C1 cables (ANCF, Kirchhoff, SE(3)) leave the sheave where an elastica
 * does (ALECABLE_SHEAVE_C1_EDGE_FREE, the default): each edge of contact
 * Delta = 2 asin(l / 2R) = 0.1 rad before the tangent point of its far
 * span, whose line is tangent to a circle of R + l^2 / 2R (test_sheave_c1.c
 * checks these closed forms against a shot elastica, and the convergence
 * under refinement).  33 wrap nodes (chords of 0.6 l), free spans of 15
 * elements from h0 = l / 2 at the edge, solved at full load from the
 * expected shape: at the boundaries the slope (SE(3): t1) is perpendicular
 * to the radius (1e-12: the mesh equation); the edges lie on the
 * elastica's for the far ends' places to 6.4e-4 / 7.3e-4 / 5.0e-4 rad
 * (ANCF / Kirchhoff / SE(3); checked 1.5e-3), where the closure with a
 * moment on the slope (EDGE_SLOPE) puts them 1.8e-3 .. 2.5e-3 rad off
 * (SE(3): 1.4e-2; checked: more than twice EDGE_FREE's); the far nodes (20
 * l from the edges and more) lie on the lines tangent to R + l^2/2R to
 * 1.3e-6 / 2.2e-6 / 3.9e-5 m (of the offset l^2 / 2R = 2.5e-3 m; checked
 * 5e-6, SE(3) 1e-4), the wrap angle is the elastica's edges' to the two
 * edges' error (1.0e-3 .. 1.5e-3 rad; checked 3e-3), every node presses,
 * and the boundaries' mesh multipliers are the discretization's (2.1e-6 /
 * 4.1e-6 / 2.3e-4 of F; checked 1e-5, SE(3) 5e-4); the same with the
 * tangent mesh reaction at the interior nodes.  (The light rope of 0.2
 * over this rig, EI = 1e-2 N m^2, has l = 3.2 mm, under a tenth of a
 * wrap chord here: the contact edge is a node-to-circle contact's, within
 * a chord, until the chords near it are of the order of l.) */
START_TEST(c1_cables_leave_where_the_elastica_does)
{
    static const int kinds[3] = {ALECABLE_ELEMENT_ANCF, ALECABLE_ELEMENT_KIRCHHOFF, ALECABLE_ELEMENT_SE3};
    const double beta = 25.0 * M_PI / 180.0, F = 1000.0, l = sqrt(2.5 / F);
    int kk0, e, edge;
    for (kk0 = 0; kk0 < 6; kk0++) {
        const int kk = kk0 % 3, se3 = kinds[kk] == ALECABLE_ELEMENT_SE3;
        double ref[2], eerr = 0.0, lerr = 0.0, wrap, mu = 0.0, Nmin = INFINITY, slope = 0.0, xs[2];
        for (edge = 0; edge < 2; edge++) {
            c1rig c;
            rig *r = &c.r;
            int i;
            build_c1(&c, kinds[kk], 33, 15, 0.5 * l, beta, F);
            if (kk0 >= 3) ck_assert_int_eq(alecable_sheave_set_mesh_reaction(r->j, ALECABLE_SHEAVE_REACTION_TANGENT), 0);
            if (edge == 1) ck_assert_int_eq(alecable_sheave_set_c1_edge(r->j, ALECABLE_SHEAVE_C1_EDGE_SLOPE), 0);
            solve(r, 1);
            c1_edges(r, l, ref);
            for (e = 0; e < 2; e++) {
                alecable_node *n = r->w[e == 0 ? 0 : r->n - 1];
                double x[3], d[3], p, q, dp, dq, err;
                ck_assert_int_eq(alecable_node_position(n, x), 0);
                if (kinds[kk] == ALECABLE_ELEMENT_SE3) {
                    double Rn[9];
                    ck_assert_int_eq(alecable_node_frame(n, Rn), 0);
                    d[0] = Rn[0], d[1] = Rn[3], d[2] = Rn[6];
                } else {
                    ck_assert_int_eq(alecable_node_slope(n, d), 0);
                }
                to_plane(r, x, &p, &q);
                dp = d[0] * r->u[0] + d[1] * r->u[1] + d[2] * r->u[2];
                dq = d[0] * r->v[0] + d[1] * r->v[1] + d[2] * r->v[2];
                slope = fmax(slope, fabs((dp * p + dq * q) / (hypot(dp, dq) * hypot(p, q))));
                err = fabs(remainder(atan2(q, p) - ref[e], 2.0 * M_PI));
                if (edge == 0) eerr = fmax(eerr, err);
                else xs[e] = err;
            }
            if (edge == 1) {
                alecable_model_destroy(r->m);
                break;
            }
            for (e = 0; e < 2; e++) { /* the far nodes: distance from the line tangent to R + l^2/2R */
                const double reff = r->R + l * l / (2.0 * r->R);
                double xe[3], pe, qe, xa[3], pa, qa, a;
                ck_assert_int_eq(alecable_node_position(e == 0 ? r->A : r->B, xa), 0);
                to_plane(r, xa, &pa, &qa);
                a = atan2(qa, pa) + (e == 0 ? -1.0 : 1.0) * acos(reff / hypot(pa, qa));
                ck_assert_int_eq(alecable_node_position(r->w[e == 0 ? 0 : r->n - 1], xe), 0);
                to_plane(r, xe, &pe, &qe);
                for (i = 0; i <= c.nf - 1; i++) {
                    alecable_node *n = e == 0 ? (i == 0 ? r->A : c.fa[i - 1]) : (i == c.nf - 1 ? r->B : c.fb[i]);
                    double xn[3], pn, qn;
                    ck_assert_int_eq(alecable_node_position(n, xn), 0);
                    to_plane(r, xn, &pn, &qn);
                    if (hypot(pn - pe, qn - qe) > 20.0 * l) lerr = fmax(lerr, fabs(pn * cos(a) + qn * sin(a) - reff));
                }
            }
            ck_assert_int_eq(alecable_sheave_wrap_angle(r->j, &wrap), 0);
            wrap = fabs(wrap - fabs(ref[1] - ref[0]));
            for (i = 0; i < r->n; i++) {
                double N, m;
                ck_assert_int_eq(alecable_sheave_node(r->j, i, NULL, &N, &m), 0);
                if (i == 0 || i == r->n - 1) mu = fmax(mu, fabs(m) / F);
                Nmin = fmin(Nmin, N);
            }
            alecable_model_destroy(r->m);
        }
        figure("%s%s: slope %.3e, edges %.3e rad off the elastica's (EDGE_SLOPE %.3e, %.3e), far lines %.3e m, wrap "
               "%.3e rad, mesh %.3e of F, N min %.3g N\n", kind_name(kinds[kk]), kk0 >= 3 ? " (tangent)" : "", slope,
               eerr, xs[0], xs[1], lerr, wrap, mu, Nmin);
        ck_assert_msg(slope < 1e-12, "%s: slope off the tangent by %.3g", kind_name(kinds[kk]), slope);
        ck_assert_msg(eerr < 1.5e-3, "%s: edges off the elastica's by %.3g rad", kind_name(kinds[kk]), eerr);
        ck_assert_msg(xs[0] > 2.0 * eerr && xs[1] > 2.0 * eerr, "%s: EDGE_SLOPE's edges %.3g, %.3g rad off",
                      kind_name(kinds[kk]), xs[0], xs[1]);
        ck_assert_msg(lerr < (se3 ? 1e-4 : 5e-6), "%s: far spans off their lines by %.3g m", kind_name(kinds[kk]), lerr);
        ck_assert_msg(wrap < 3e-3, "%s: wrap off the edges' by %.3g rad", kind_name(kinds[kk]), wrap);
        ck_assert_msg(mu < (se3 ? 5e-4 : 1e-5), "%s: mesh multipliers %.3g of F", kind_name(kinds[kk]), mu);
        ck_assert_msg(Nmin > 0.0, "%s: a node does not press (%.3g N)", kind_name(kinds[kk]), Nmin);
    }
}
END_TEST

/* Bad input (issue 24, item 4): each refused with EINVAL (ENULL for a
 * NULL, ESTATE at finalize for a Lagrangian cable) and a message naming
 * what is wrong, and nothing changed: the nodes stay where they were and
 * the model has no joint equations. */
START_TEST(bad_input_is_refused)
{
    alecable_model *m;
    alecable_cable *c, *c2;
    alecable_section sec;
    alecable_body *b;
    alecable_body_params bp;
    alecable_pulley_params pp;
    alecable_node *nd[7], *o2[2], *w[5];
    double x[3] = {-3.0, 0.5, 0.0}, ang[5], before[7][3], y[3];
    int i, k, nq, nl;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    alecable_section_init(&sec);
    sec.A = 1e-4;
    sec.E = 1e10;
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_AXIAL, &sec), 0);
    ck_assert_int_eq(alecable_cable_add_node(&nd[0], c, x, 0.0), 0);
    for (i = 0; i < 5; i++) {
        ang[i] = 0.5 * M_PI - 0.5 * M_PI * i / 4;
        x[0] = 0.45 * cos(ang[i]); /* off the circle: the call places them */
        x[1] = 0.45 * sin(ang[i]);
        ck_assert_int_eq(alecable_cable_add_node(&nd[1 + i], c, x, 3.0 + 0.4 * i), 0);
    }
    x[0] = 0.5, x[1] = -2.0;
    ck_assert_int_eq(alecable_cable_add_node(&nd[6], c, x, 6.0), 0);
    ck_assert_int_eq(alecable_cable_create(&c2, m, ALECABLE_ELEMENT_AXIAL, &sec), 0);
    x[0] = 5.0, x[1] = 0.0;
    ck_assert_int_eq(alecable_cable_add_node(&o2[0], c2, x, 0.0), 0);
    x[0] = 6.0;
    ck_assert_int_eq(alecable_cable_add_node(&o2[1], c2, x, 1.0), 0);
    for (k = 0; k < 4; k++) {
        ck_assert_int_eq(alecable_fix(NULL, m, o2[0], k), 0);
        ck_assert_int_eq(alecable_fix(NULL, m, o2[1], k), 0);
    }
    alecable_body_params_init(&bp);
    ck_assert_int_eq(alecable_body_create(&b, m, &bp), 0);
    ck_assert_int_eq(alecable_body_fix(m, b), 0);
    for (i = 0; i < 7; i++) ck_assert_int_eq(alecable_node_position(nd[i], before[i]), 0);
    alecable_pulley_params_init(&pp);
    pp.radius = 0.5;
    for (i = 0; i < 5; i++) w[i] = nd[1 + i];
    /* NULLs */
    ck_assert_int_eq(alecable_sheave(NULL, m, b, NULL, 5, w, ang), ALECABLE_ENULL);
    ck_assert_int_eq(alecable_sheave(NULL, m, b, &pp, 5, NULL, ang), ALECABLE_ENULL);
    ck_assert_int_eq(alecable_sheave(NULL, m, b, &pp, 5, w, NULL), ALECABLE_ENULL);
    /* zero and negative radius */
    pp.radius = 0.0;
    ck_assert_int_eq(alecable_sheave(NULL, m, b, &pp, 5, w, ang), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "radius"));
    pp.radius = -0.5;
    ck_assert_int_eq(alecable_sheave(NULL, m, b, &pp, 5, w, ang), ALECABLE_EINVAL);
    pp.radius = 0.5;
    /* fewer than 2 nodes */
    ck_assert_int_eq(alecable_sheave(NULL, m, b, &pp, 1, w, ang), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "at least 2"));
    /* not consecutive; of two cables */
    {
        alecable_node *gap[3] = {nd[1], nd[2], nd[4]}, *two[2] = {nd[1], o2[0]};
        ck_assert_int_eq(alecable_sheave(NULL, m, b, &pp, 3, gap, ang), ALECABLE_EINVAL);
        ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "consecutive"));
        ck_assert_int_eq(alecable_sheave(NULL, m, b, &pp, 2, two, ang), ALECABLE_EINVAL);
        ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "one cable"));
    }
    /* a boundary at the cable's end: no free span beyond it */
    {
        alecable_node *end[5] = {nd[2], nd[3], nd[4], nd[5], nd[6]};
        ck_assert_int_eq(alecable_sheave(NULL, m, b, &pp, 5, end, ang), ALECABLE_EINVAL);
        ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "end of its cable"));
    }
    /* angles: not one way round; a full turn */
    {
        double zig[5] = {1.5, 1.0, 1.2, 0.5, 0.0}, full[5] = {1.5, 0.0, -1.5, -3.0, -4.9};
        ck_assert_int_eq(alecable_sheave(NULL, m, b, &pp, 5, w, zig), ALECABLE_EINVAL);
        ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "one way"));
        ck_assert_int_eq(alecable_sheave(NULL, m, b, &pp, 5, w, full), ALECABLE_EINVAL);
        ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "full turn"));
    }
    /* the cable would pass through the sheave: B inside the circle */
    pp.radius = 2.5;
    ck_assert_int_eq(alecable_sheave(NULL, m, b, &pp, 5, w, ang), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "pass through"));
    pp.radius = 0.5;
    /* the angles the other way round: the spans would leave into the wrap */
    {
        double rev[5];
        for (i = 0; i < 5; i++) rev[i] = M_PI - ang[i];
        ck_assert_int_eq(alecable_sheave(NULL, m, b, &pp, 5, w, rev), ALECABLE_EINVAL);
        ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "behind the contact boundary"));
    }
    /* nothing changed */
    for (i = 0; i < 7; i++) {
        ck_assert_int_eq(alecable_node_position(nd[i], y), 0);
        for (k = 0; k < 3; k++) ck_assert_double_eq(y[k], before[i][k]);
    }
    ck_assert_int_eq(alecable_model_finalize(m), 0);
    ck_assert_int_eq(alecable_model_sizes(m, &nq, &nl), 0);
    ck_assert_int_eq(nl, 8 + 6); /* the fixes of c2 and of the body: no joint rows */
    /* the right call places the nodes on the circle; a Lagrangian cable is refused at finalize */
    ck_assert_int_eq(alecable_sheave(NULL, m, b, &pp, 5, w, ang), ALECABLE_OK);
    ck_assert_int_eq(alecable_node_position(nd[3], y), 0);
    ck_assert_double_eq_tol(hypot(y[0], y[1]), 0.5, 1e-15);
    ck_assert_int_eq(alecable_cable_set_lagrangian(c, 1), 0);
    ck_assert_int_eq(alecable_model_finalize(m), ALECABLE_ESTATE);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "Lagrangian"));
    alecable_model_destroy(m);
}
END_TEST

Suite *suite_sheave(void)
{
    Suite *s = suite_create("sheave");
    TCase *tc = tcase_create("jacobian");
    tcase_add_test(tc, jacobian_matches_differences);
    suite_add_tcase(s, tc);
    tc = tcase_create("statics");
    tcase_add_test(tc, statics_tangent_points);
    tcase_add_test(tc, statics_frame_invariant);
    tcase_add_test(tc, wrap_angle_follows_the_load);
    tcase_add_test(tc, c1_cables_leave_where_the_elastica_does);
    tcase_set_timeout(tc, 60); /* the C1 rigs take 2.4 s of Check's default 4: a loaded machine timed it out */
    suite_add_tcase(s, tc);
    tc = tcase_create("bad_input");
    tcase_add_test(tc, bad_input_is_refused);
    suite_add_tcase(s, tc);
    tc = tcase_create("dynamics");
    tcase_add_test(tc, swing_keeps_energy);
    tcase_set_timeout(tc, 120);
    suite_add_tcase(s, tc);
    return s;
}
