/* The sheave's mesh reactions (issue 24, item 1): where the multipliers of
 * the mesh equations act.
 *
 * The rig: a light axial rope from a fixed end A over a fixed sheave of
 * radius R (centre at the origin, in the plane z = 0) to an end B pulled by
 * a force F along (sin beta, -cos beta), each free span made of nf
 * elements.  A = (-3, R): the upper span is horizontal, tangent at the top.
 *
 * References (closed form): frictionless and light, each free span is a
 * straight line from its end to its geometric tangent point (the tangent
 * from a point at distance d touches at its angle -+ acos(R/d)), every
 * element carries F, and the mesh reactions are forces on their own nodes
 * along the circle's tangent, nothing else (with
 * ALECABLE_SHEAVE_REACTION_TANGENT). */
#include "suites.h"
#include "fd.h"
#include "problem_fd.h"

#include <alecable.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

enum { MAXN = 24, MAXF = 8 };

typedef struct mrig {
    alecable_model *m;
    alecable_cable *c;
    alecable_body *sh;
    alecable_joint *j;
    alecable_node *A, *fa[MAXF], *w[MAXN], *fb[MAXF], *B; /* fa, fb: the free spans' inner nodes */
    alecable_load *F;
    int n, nf;
    double R;
} mrig;

static void add(mrig *r, alecable_node **out, const double x[3], double *s, double *prev)
{
    *s += sqrt((x[0] - prev[0]) * (x[0] - prev[0]) + (x[1] - prev[1]) * (x[1] - prev[1]));
    ck_assert_int_eq(alecable_cable_add_node(out, r->c, x, *s), 0);
    memcpy(prev, x, 3 * sizeof *x);
}

static void build(mrig *r, int n, int nf, double beta, double F, int reaction)
{
    alecable_section sec;
    alecable_body_params bp;
    alecable_pulley_params pp;
    double x[3] = {-3.0, 0.5, 0.0}, prev[3], s = 0.0, ang[MAXN], L = 2.0, f[3], xe[3];
    int i, k;
    memset(r, 0, sizeof *r);
    r->n = n, r->nf = nf, r->R = 0.5;
    ck_assert_int_eq(alecable_model_create(&r->m, NULL), 0);
    alecable_section_init(&sec);
    sec.A = 1e-4;
    sec.E = 1e6 / sec.A;
    ck_assert_int_eq(alecable_cable_create(&r->c, r->m, ALECABLE_ELEMENT_AXIAL, &sec), 0);
    ck_assert_int_eq(alecable_cable_add_node(&r->A, r->c, x, 0.0), 0);
    memcpy(prev, x, sizeof prev);
    for (i = 1; i < nf; i++) {
        double y[3] = {-3.0 + 3.0 * i / nf, 0.5, 0.0};
        add(r, &r->fa[i - 1], y, &s, prev);
    }
    for (i = 0; i < n; i++) {
        ang[i] = 0.5 * M_PI + (beta - 0.5 * M_PI) * i / (n - 1);
        x[0] = r->R * cos(ang[i]), x[1] = r->R * sin(ang[i]);
        add(r, &r->w[i], x, &s, prev);
    }
    memcpy(xe, x, sizeof xe);
    for (i = 1; i <= nf; i++) {
        double y[3];
        for (k = 0; k < 2; k++) y[k] = xe[k] + (double)i / nf * L * (k == 0 ? sin(beta) : -cos(beta));
        y[2] = 0.0;
        add(r, i < nf ? &r->fb[i - 1] : &r->B, y, &s, prev);
    }
    alecable_body_params_init(&bp);
    ck_assert_int_eq(alecable_body_create(&r->sh, r->m, &bp), 0);
    ck_assert_int_eq(alecable_body_fix(r->m, r->sh), 0);
    alecable_pulley_params_init(&pp);
    pp.radius = r->R;
    ck_assert_msg(alecable_sheave(&r->j, r->m, r->sh, &pp, n, r->w, ang) == 0, "%s", alecable_model_errmsg(r->m));
    ck_assert_int_eq(alecable_sheave_set_mesh_reaction(r->j, reaction), 0);
    for (k = 0; k < 4; k++) ck_assert_int_eq(alecable_fix(NULL, r->m, r->A, k), 0);
    ck_assert_int_eq(alecable_fix(NULL, r->m, r->B, ALECABLE_DOF_S), 0);
    ck_assert_int_eq(alecable_fix(NULL, r->m, r->B, ALECABLE_DOF_Z), 0);
    f[0] = F * sin(beta), f[1] = -F * cos(beta), f[2] = 0.0;
    ck_assert_int_eq(alecable_load_node(&r->F, r->m, r->B, f), 0);
}

static void solve(mrig *r)
{
    alecable_quasistatic_options o;
    alecable_solve_report rep;
    alecable_quasistatic_options_init(&o);
    o.load_steps = 4;
    alecable_solve_report_init(&rep);
    ck_assert_msg(alecable_solve_quasistatic(r->m, &o, &rep) == ALECABLE_OK, "%s", alecable_model_errmsg(r->m));
}

/* distance of p from the line through a and b (in the plane) */
static double off_line(const double a[3], const double b[3], const double p[3])
{
    double d[2] = {b[0] - a[0], b[1] - a[1]}, e[2] = {p[0] - a[0], p[1] - a[1]};
    return fabs(d[0] * e[1] - d[1] * e[0]) / hypot(d[0], d[1]);
}

typedef struct figures {
    double tangent, straight, tension; /* m, m, relative to F */
} figures;

/* the tangent points from A and B, the departure nodes' distance from
 * them, the free nodes' from the spans' lines, the tensions */
static void measure(const mrig *r, double F, figures *fg)
{
    double xa[3], xb[3], x[3], ta[3] = {0, 0, 0}, tb[3] = {0, 0, 0}, th;
    alecable_element *el;
    int i, ne;
    memset(fg, 0, sizeof *fg);
    ck_assert_int_eq(alecable_node_position(r->A, xa), 0);
    ck_assert_int_eq(alecable_node_position(r->B, xb), 0);
    th = atan2(xa[1], xa[0]) - acos(r->R / hypot(xa[0], xa[1]));
    ta[0] = r->R * cos(th), ta[1] = r->R * sin(th);
    th = atan2(xb[1], xb[0]) + acos(r->R / hypot(xb[0], xb[1]));
    tb[0] = r->R * cos(th), tb[1] = r->R * sin(th);
    ck_assert_int_eq(alecable_node_position(r->w[0], x), 0);
    fg->tangent = hypot(x[0] - ta[0], x[1] - ta[1]);
    ck_assert_int_eq(alecable_node_position(r->w[r->n - 1], x), 0);
    fg->tangent = fmax(fg->tangent, hypot(x[0] - tb[0], x[1] - tb[1]));
    for (i = 0; i < r->nf - 1; i++) {
        ck_assert_int_eq(alecable_node_position(r->fa[i], x), 0);
        fg->straight = fmax(fg->straight, off_line(xa, ta, x));
        ck_assert_int_eq(alecable_node_position(r->fb[i], x), 0);
        fg->straight = fmax(fg->straight, off_line(xb, tb, x));
    }
    ne = 2 * r->nf + r->n - 1;
    for (i = 0; i < ne; i++) {
        double N;
        ck_assert_int_eq(alecable_cable_element(&el, r->c, i), 0);
        ck_assert_int_eq(alecable_element_axial_force(el, &N), 0);
        fg->tension = fmax(fg->tension, fabs(N - F) / F);
    }
}

/* Light rope, free spans of 4 elements: with the tangent reaction every
 * free node is on the straight line from its end to the geometric tangent
 * point and the departure nodes are on the tangent points, both to 1e-9 m
 * (measured below 1.5e-16), the wrap angle is pi/2 - beta to 1e-9 rad,
 * every element carries F to 1e-9 (measured 2e-11: the boundary passes the
 * tension unchanged), for 2 to 16 chords and wraps of 30 to 110 deg; the
 * mesh multipliers are the chord polygon's O(dtheta^2) exactly (to 1e-9 of
 * F): T (1 - cos(dtheta / 2)) at a boundary, the tangential pull the
 * polygon's corner there cannot take, 0 at the interior nodes. */
START_TEST(free_spans_stay_straight)
{
    static const int ns[4] = {2, 5, 9, 16};
    static const double betas[3] = {-20.0, 25.0, 60.0};
    const double F = 1000.0;
    int a, b, k;
    for (a = 0; a < 4; a++)
        for (b = 0; b < 3; b++) {
            mrig r;
            figures fg;
            double beta = betas[b] * M_PI / 180.0, dth = (0.5 * M_PI - beta) / (ns[a] - 1), wrap;
            build(&r, ns[a], 4, beta, F, ALECABLE_SHEAVE_REACTION_TANGENT);
            solve(&r);
            measure(&r, F, &fg);
            ck_assert_msg(fg.tangent < 1e-9, "n %d, beta %g: departure off the tangent point by %.3g m", ns[a],
                          betas[b], fg.tangent);
            ck_assert_msg(fg.straight < 1e-9, "n %d, beta %g: a free node off its span's line by %.3g m", ns[a],
                          betas[b], fg.straight);
            ck_assert_msg(fg.tension < 1e-9, "n %d, beta %g: tension off F by %.3g", ns[a], betas[b], fg.tension);
            for (k = 0; k < ns[a]; k++) { /* T (1 - cos(dtheta / 2)) at the boundaries, 0 inside */
                double mu, ref = k == 0 || k == ns[a] - 1 ? 1.0 - cos(0.5 * dth) : 0.0;
                ck_assert_int_eq(alecable_sheave_node(r.j, k, NULL, NULL, &mu), 0);
                ck_assert_msg(fabs(fabs(mu) / F - ref) < 1e-9, "n %d, beta %g, node %d: mesh multiplier %.6g of F, "
                              "the polygon's %.6g", ns[a], betas[b], k, fabs(mu) / F, ref);
            }
            ck_assert_int_eq(alecable_sheave_wrap_angle(r.j, &wrap), 0);
            ck_assert_msg(fabs(wrap - (0.5 * M_PI - beta)) < 1e-9, "n %d, beta %g: wrap angle off by %.3g rad",
                          ns[a], betas[b], wrap - (0.5 * M_PI - beta));
            alecable_model_destroy(r.m);
        }
}
END_TEST

/* The mesh reactions at the solution, read off the problem's residual (the
 * residual with the mesh multipliers minus the residual without them): a
 * force on each sheave node along the circle's tangent and nothing else,
 * no force on any other node, none in any material coordinate's equation
 * (1e-12 of F), so material flowing through nodes that stand still takes
 * no work from them. */
START_TEST(reactions_act_on_their_nodes_only)
{
    const double F = 1000.0;
    mrig r;
    alecable_problem p;
    double *q, *lam, *lam0, *r1, *r0, jm[3 * MAXN];
    int nq, nlam, i, k, off = -1, nj;
    (void)k;
    build(&r, 9, 4, 25.0 * M_PI / 180.0, F, ALECABLE_SHEAVE_REACTION_TANGENT);
    solve(&r);
    ck_assert_msg(alecable_model_problem(&p, r.m) == 0, "%s", alecable_model_errmsg(r.m));
    ck_assert_int_eq(alecable_model_sizes(r.m, &nq, &nlam), 0);
    q = calloc((size_t)nq, sizeof *q), lam = calloc((size_t)nlam, sizeof *lam);
    lam0 = calloc((size_t)nlam, sizeof *lam0);
    r1 = calloc((size_t)(nq + nlam), sizeof *r1), r0 = calloc((size_t)(nq + nlam), sizeof *r0);
    ck_assert(q && lam && lam0 && r1 && r0);
    ck_assert_int_eq(alecable_model_get_state(r.m, q, lam, NULL), 0);
    ck_assert_int_eq(alecable_joint_equations(r.j, &nj), 0);
    ck_assert_int_eq(alecable_joint_multipliers(r.j, jm), 0);
    for (k = 0; k + nj <= nlam && off < 0; k++) { /* where the sheave's rows are */
        for (i = 0; i < nj && lam[k + i] == jm[i]; i++) {}
        if (i == nj) off = k;
    }
    ck_assert_int_ge(off, 0);
    memcpy(lam0, lam, (size_t)nlam * sizeof *lam);
    for (i = 0; i < r.n; i++) lam0[off + 3 * i + 2] = 0.0;
    ck_assert_int_eq(p.residual(p.ctx, 1.0, q, NULL, NULL, lam, r1), 0);
    ck_assert_int_eq(p.residual(p.ctx, 1.0, q, NULL, NULL, lam0, r0), 0);
    for (i = 0; i < 2 * r.nf + r.n; i++) { /* every cable node's dofs but the sheave nodes' x, y, z */
        alecable_node *nd;
        int d, idx;
        ck_assert_int_eq(alecable_cable_node(&nd, r.c, i), 0);
        for (d = ALECABLE_DOF_X; d <= ALECABLE_DOF_S; d++) {
            if (alecable_node_dof_index(nd, d, &idx) != 0 || idx < 0) continue;
            if (d != ALECABLE_DOF_S && i >= r.nf && i < r.nf + r.n) continue;
            ck_assert_msg(fabs(r1[idx] - r0[idx]) <= 1e-12 * F, "node %d, dof %d: mesh reaction %.3g", i, d,
                          r1[idx] - r0[idx]);
        }
    }
    for (i = 0; i < r.n; i++) { /* along the tangent, of size |lambda| */
        double x[3], f[3], mu, t[2];
        int idx;
        ck_assert_int_eq(alecable_node_position(r.w[i], x), 0);
        for (k = 0; k < 3; k++) {
            ck_assert_int_eq(alecable_node_dof_index(r.w[i], ALECABLE_DOF_X + k, &idx), 0);
            f[k] = r1[idx] - r0[idx];
        }
        ck_assert_int_eq(alecable_sheave_node(r.j, i, NULL, NULL, &mu), 0);
        t[0] = -x[1] / r.R, t[1] = x[0] / r.R;
        ck_assert_msg(fabs(f[0] * t[1] - f[1] * t[0]) <= 1e-12 * F && fabs(f[2]) <= 1e-12 * F,
                      "node %d: mesh reaction (%.3g, %.3g, %.3g) not along the tangent", i, f[0], f[1], f[2]);
        ck_assert_msg(fabs(fabs(f[0] * t[0] + f[1] * t[1]) - fabs(mu)) <= 1e-12 * F, "node %d: reaction %.3g, "
                      "multiplier %.3g", i, f[0] * t[0] + f[1] * t[1], mu);
    }
    free(q), free(lam), free(lam0), free(r1), free(r0);
    alecable_model_destroy(r.m);
}
END_TEST

/* The swing of test_sheave.c (a 10 kg weight on a light rope, 0.05 kg/m,
 * EA 1e6 N, swinging in the sheave's plane from 25 deg, 9 wrap nodes)
 * with its lower span in nf elements and the tangent mesh reaction, by the
 * trapezoidal rule over T.  The mesh reactions are not ideal: their power
 * is lambda_i r dtheta_i/dt of each node's travel along the circle, so the
 * energy E = strain + gravity + kinetic changes by their work W (the chord
 * polygon's length deficit changing as the departure point travels) and
 * E + W is what is kept.  Returns max |E + W - E0| / (M g L); *eonly the
 * same of E alone, *wmax max |W| / (M g L), *travel the departure's travel,
 * *watch the largest distance of the divergence watch's balance (its
 * defaults; alecable_step_stats.energy_created, with the reactions' work
 * of alecable_problem.reaction_power) from E + W - E0, of M g L. */
static double swing(int nf, double h, double T, double *eonly, double *wmax, double *travel, double *watch)
{
    const double M = 10.0, g = 9.81, beta = 25.0 * M_PI / 180.0;
    alecable_section sec;
    alecable_body_params bp;
    alecable_pulley_params pp;
    alecable_body *sh, *wt;
    alecable_node *nd[MAXN + MAXF + 2], *bn;
    alecable_integrator *it;
    alecable_dynamic_options o;
    alecable_model *m;
    alecable_cable *c;
    alecable_joint *j;
    const int n = 9, hold[4] = {ALECABLE_DOF_Z, ALECABLE_DOF_RX, ALECABLE_DOF_RY, ALECABLE_DOF_RZ};
    double x[3] = {-3.0, 0.5, 0.0}, ang[MAXN], s = 3.0, grav[3] = {0, -g, 0}, p0[3] = {0, 0, 0}, L = 2.0, R = 0.5;
    double E0 = 0.0, err = 0.0, wi, we, kin, lo = INFINITY, hi = -INFINITY, W = 0.0, th0[MAXN], mu0[MAXN], xe[2];
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
    xe[0] = x[0], xe[1] = x[1];
    for (i = 1; i <= nf; i++) {
        x[0] = xe[0] + L * sin(beta) * i / nf;
        x[1] = xe[1] - L * cos(beta) * i / nf;
        ck_assert_int_eq(alecable_cable_add_node(&nd[n + i], c, x, s + L * i / nf), 0);
    }
    for (k = 0; k < 4; k++) ck_assert_int_eq(alecable_fix(NULL, m, nd[0], k), 0);
    alecable_body_params_init(&bp);
    ck_assert_int_eq(alecable_body_create(&sh, m, &bp), 0);
    ck_assert_int_eq(alecable_body_fix(m, sh), 0);
    alecable_pulley_params_init(&pp);
    pp.radius = R;
    ck_assert_int_eq(alecable_sheave(&j, m, sh, &pp, n, nd + 1, ang), 0);
    ck_assert_int_eq(alecable_sheave_set_mesh_reaction(j, ALECABLE_SHEAVE_REACTION_TANGENT), 0);
    alecable_body_params_init(&bp);
    bp.mass = M;
    bp.inertia[0] = bp.inertia[4] = bp.inertia[8] = 0.1;
    memcpy(bp.position, x, sizeof x);
    ck_assert_int_eq(alecable_body_create(&wt, m, &bp), 0);
    ck_assert_int_eq(alecable_body_node(&bn, wt), 0);
    for (k = 0; k < 4; k++) ck_assert_int_eq(alecable_fix(NULL, m, bn, hold[k]), 0);
    ck_assert_int_eq(alecable_attach(NULL, m, nd[n + nf], wt, p0, 1), 0);
    for (i = 2; i < nf + 1; i++) ck_assert_int_eq(alecable_fix(NULL, m, nd[n + i - 1], ALECABLE_DOF_Z), 0);
    alecable_dynamic_options_init(&o);
    o.method = ALECABLE_METHOD_NEWMARK;
    o.h = h;
    ck_assert_msg(alecable_model_integrator(&it, m, &o) == 0, "%s", alecable_model_errmsg(m));
    *eonly = *wmax = *watch = 0.0;
    for (k = 0; k <= steps; k++) {
        double xK[3];
        alecable_step_stats st;
        if (k > 0) ck_assert_msg(alecable_integrator_step(it, h) == 0, "step %d: %s", k, alecable_integrator_errmsg(it));
        alecable_step_stats_init(&st);
        ck_assert_int_eq(alecable_integrator_stats(it, &st), 0);
        ck_assert_int_eq(alecable_model_pull_state(m, it), 0);
        ck_assert_int_eq(alecable_model_energy(m, &wi, &we), 0);
        ck_assert_int_eq(alecable_model_kinetic_energy(m, &kin), 0);
        for (i = 0; i < n; i++) { /* the reactions' work: trapezoidal in lambda, exact in theta */
            double th, mu;
            ck_assert_int_eq(alecable_sheave_node(j, i, &th, NULL, &mu), 0);
            if (k > 0) W += 0.5 * (mu + mu0[i]) * R * remainder(th - th0[i], 2.0 * M_PI);
            th0[i] = th, mu0[i] = mu;
        }
        if (k == 0) E0 = wi + we + kin;
        err = fmax(err, fabs(wi + we + kin + W - E0) / (M * g * L));
        *eonly = fmax(*eonly, fabs(wi + we + kin - E0) / (M * g * L));
        *wmax = fmax(*wmax, fabs(W) / (M * g * L));
        *watch = fmax(*watch, fabs(st.energy_created - (wi + we + kin + W - E0)) / (M * g * L));
        ck_assert_int_eq(alecable_node_position(nd[n], xK), 0);
        lo = fmin(lo, atan2(xK[1], xK[0]));
        hi = fmax(hi, atan2(xK[1], xK[0]));
    }
    *travel = hi - lo;
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
    return err;
}

/* Trapezoidal rule over 1 s, the departure point travelling 43 deg, the
 * lower span in 3 elements: E + W keeps to O(h^2) (at h = 1e-3 and 5e-4:
 * measured 8.1e-7 and 2.1e-7 of M g L, ratio 3.9; with 1 element 2.7e-7
 * and 6.8e-8, ratio 4.0) while E alone is off by the mesh work, 9.8e-4 of
 * M g L with 9 chords on 65 deg (the ideal reaction of test_sheave.c keeps
 * E itself, at the price of a kinked free span).  The divergence watch (its
 * defaults) does not trip: its balance counts the reactions' work
 * (alecable_problem.reaction_power, along each step's mean velocity), and
 * is E + W - E0 to 1.5e-9 and 3.9e-10 of M g L (the travel linearized
 * where W takes the angles: O(h^2); checked 5e-9 and 1.5e-9). */
START_TEST(swing_keeps_energy_and_mesh_work)
{
    double e1, e2, o1, o2, w1, w2, a1, a2, b1, b2;
    e1 = swing(3, 1e-3, 1.0, &o1, &w1, &a1, &b1);
    e2 = swing(3, 5e-4, 1.0, &o2, &w2, &a2, &b2);
    ck_assert_msg(a1 > 0.7 && a2 > 0.7, "the departure point travelled %.3g, %.3g rad only", a1, a2);
    ck_assert_msg(e2 < 5e-7, "E + W off by %.3g of M g L at h = 5e-4", e2);
    ck_assert_msg(e1 / e2 > 3.5 && e1 / e2 < 4.5, "E + W off by %.3g and %.3g: ratio %.2f", e1, e2, e1 / e2);
    ck_assert_msg(o2 > 5e-4 && w2 > 5e-4, "E alone off by %.3g, W %.3g: the mesh work should show", o2, w2);
    ck_assert_msg(b1 < 5e-9 && b2 < 1.5e-9, "the watch's balance off E + W - E0 by %.3g, %.3g of M g L", b1, b2);
}
END_TEST

/* Lift-off and landing in statics (alecable_sheave_set_lift_off), 5 wrap
 * nodes, free spans of 2 elements: the load on B turns from 25 deg past
 * the horizontal (90 deg: the straight span from A just touches the top)
 * to 110 deg and back, in steps that halve the wrap near zero (the solves
 * need it there).  The sheave holds the cable down to 89.99 deg (wrap
 * 1.7e-4 rad) and releases it at 89.995 (8.7e-5 rad, below the release
 * angle 1e-4); on the way back it stays released at 89.992 (the span
 * reaches into the circle less than twice as deep as right after the
 * release) and lands at 89.98.  In contact the departure is the geometric
 * tangent point (1e-9 m); released, every node lies on the straight line
 * from A along the load (1e-9 m); every element carries F throughout (to
 * 1e-7: measured 2e-8 at the smallest wraps, the solver's accuracy with
 * chords of 2e-5 m; with a free end the tension is F by statics, so this
 * rig cannot show a jump: the bound for a span held at both ends is
 * EA theta_r^2 / 2).  A solve whose end changed the contact is solved
 * again at the same load (the contact set is the last converged state's).
 * The Jacobian of the released rows against differences (1e-6).  Back at
 * 25 deg the sheave's nodes are where they were (1e-9 m). */
START_TEST(lift_off_and_landing)
{
    static const double deg[] = {25, 30, 35, 40, 45, 50, 55, 60, 65, 70, 75, 80, 85, 87, 88, 89, 89.5, 89.75,
                                 89.875, 89.94, 89.97, 89.985, 89.99, 89.995, 90.5, 95, 100, 105, 110, 105, 100,
                                 95, 90.5, 90, 89.995, 89.992, 89.98, 89.9, 89.5, 89, 88, 87, 85, 80, 75, 70, 65,
                                 60, 55, 50, 45, 40, 35, 30, 25};
    const int nk = (int)(sizeof deg / sizeof deg[0]);
    const double F = 1000.0;
    double x0[MAXN][3];
    mrig r;
    int k, i;
    build(&r, 5, 2, deg[0] * M_PI / 180.0, F, ALECABLE_SHEAVE_REACTION_TANGENT);
    ck_assert_int_eq(alecable_sheave_set_lift_off(r.j, 1), 0);
    for (k = 0; k < nk; k++) {
        const double beta = deg[k] * M_PI / 180.0;
        double f[3] = {F * sin(beta), -F * cos(beta), 0.0};
        int before, after, tries;
        figures fg;
        ck_assert_int_eq(alecable_load_set(r.F, f), 0);
        for (tries = 0; tries < 3; tries++) {
            alecable_quasistatic_options o;
            alecable_solve_report rep;
            ck_assert_int_eq(alecable_sheave_in_contact(r.j, &before), 0);
            alecable_quasistatic_options_init(&o);
            o.load_steps = 1;
            o.t0 = 1.0;
            o.tol_residual = 1e-13; /* positions checked to 1e-9 m below: converged well past that */
            alecable_solve_report_init(&rep);
            ck_assert_msg(alecable_solve_quasistatic(r.m, &o, &rep) == ALECABLE_OK, "%g deg: %s", deg[k],
                          alecable_model_errmsg(r.m));
            ck_assert_int_eq(alecable_sheave_in_contact(r.j, &after), 0);
            if (after == before) break;
        }
        ck_assert_msg(after == (k < 23 || k >= 36), "%g deg (load %d): in contact %d", deg[k], k, after);
        measure(&r, F, &fg);
        ck_assert_msg(fg.tension < 1e-7, "%g deg: tension off F by %.3g", deg[k], fg.tension);
        if (after) {
            ck_assert_msg(fg.tangent < 1e-9, "%g deg: departure off the tangent point by %.3g m", deg[k], fg.tangent);
        } else {
            double xa[3], xn[3], along[3] = {sin(beta), -cos(beta), 0.0}, off = 0.0;
            alecable_node *nd;
            ck_assert_int_eq(alecable_node_position(r.A, xa), 0);
            for (i = 0; i < 2 * r.nf + r.n; i++) {
                double d[3];
                ck_assert_int_eq(alecable_cable_node(&nd, r.c, i), 0);
                ck_assert_int_eq(alecable_node_position(nd, xn), 0);
                d[0] = xn[0] - xa[0], d[1] = xn[1] - xa[1], d[2] = xn[2] - xa[2];
                off = fmax(off, fabs(d[0] * along[1] - d[1] * along[0]) + fabs(d[2]));
            }
            if (getenv("ALECABLE_TEST_FIGURES")) fprintf(stderr, "%g deg: released, off the line %.3g m\n", deg[k], off);
            ck_assert_msg(off < 1e-9, "%g deg: released, a node %.3g m off the straight line", deg[k], off);
        }
        if (k == 0)
            for (i = 0; i < r.n; i++) ck_assert_int_eq(alecable_node_position(r.w[i], x0[i]), 0);
        if (deg[k] == 110.0) { /* the released rows' Jacobian */
            alecable_problem p;
            double *q, *lam, err;
            unsigned seed = 11u;
            int nq, nlam;
            ck_assert_int_eq(alecable_model_problem(&p, r.m), 0);
            ck_assert_int_eq(alecable_model_sizes(r.m, &nq, &nlam), 0);
            q = calloc((size_t)nq, sizeof *q), lam = calloc((size_t)nlam, sizeof *lam);
            ck_assert(q && lam);
            ck_assert_int_eq(alecable_model_get_state(r.m, q, lam, NULL), 0);
            for (i = 0; i < nlam; i++) lam[i] += 10.0 * fd_rand(&seed);
            err = pfd_full_jacobian_error(&p, 1.0, q, lam, 1e-9);
            ck_assert_msg(err < 1e-6, "released: Jacobian off by %.3g", err);
            free(q), free(lam);
        }
    }
    for (i = 0; i < r.n; i++) {
        double x[3];
        ck_assert_int_eq(alecable_node_position(r.w[i], x), 0);
        ck_assert_msg(hypot(x[0] - x0[i][0], x[1] - x0[i][1]) < 1e-9, "node %d back at 25 deg %.3g m away", i,
                      hypot(x[0] - x0[i][0], x[1] - x0[i][1]));
    }
    {
        /* release and landing are quasistatic only: the integrators refuse the sheave, the model intact */
        alecable_integrator *it = NULL;
        double q1[256], q2[256];
        int nq, nl;
        ck_assert_int_eq(alecable_model_sizes(r.m, &nq, &nl), 0);
        ck_assert_int_le(nq, 256);
        ck_assert_int_eq(alecable_model_get_state(r.m, q1, NULL, NULL), 0);
        ck_assert_int_eq(alecable_model_integrator(&it, r.m, NULL), ALECABLE_EINVAL);
        ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(r.m), "statics only"));
        ck_assert_int_eq(alecable_model_get_state(r.m, q2, NULL, NULL), 0);
        for (i = 0; i < nq; i++) ck_assert_double_eq(q1[i], q2[i]);
        ck_assert_ptr_null(it);
    }
    alecable_model_destroy(r.m);
}
END_TEST

/* A potential contact (alecable_sheave_potential): the rope from A
 * straight along a load at 100 deg, clear of the sheave, its middle nodes
 * declared; the load turned down to 25 deg: the span lands at the first
 * converged state that reaches into the circle (89.995 deg), is released
 * at once (a wrap of 8.7e-5 rad, below the release angle) and lands for
 * good at 89.985 (reaching in deeper than twice as far); from there the
 * departure is the geometric tangent point (1e-9 m), the tension F (1e-7),
 * the wrap pi/2 - beta (1e-9 rad) at 25 deg. */
START_TEST(potential_contact_lands)
{
    static const double deg[] = {100, 95, 92, 90.5, 90.1, 90, 89.995, 89.985, 89.97, 89.94, 89.88, 89.75, 89.5, 89,
                                 88, 87, 85, 80, 75, 70, 65, 60, 55, 50, 45, 40, 35, 30, 25};
    const int nk = (int)(sizeof deg / sizeof deg[0]), n = 5, nf = 2;
    const double F = 1000.0, b0 = 100.0 * M_PI / 180.0, R = 0.5;
    alecable_section sec;
    alecable_body_params bp;
    alecable_pulley_params pp;
    alecable_body *sh;
    alecable_node *nd[MAXN + 2 * MAXF];
    double x[3], s = 0.0, f[3], wrap;
    mrig r;
    int i, k, active = 1;
    memset(&r, 0, sizeof r);
    r.n = n, r.nf = nf, r.R = R;
    ck_assert_int_eq(alecable_model_create(&r.m, NULL), 0);
    alecable_section_init(&sec);
    sec.A = 1e-4;
    sec.E = 1e6 / sec.A;
    ck_assert_int_eq(alecable_cable_create(&r.c, r.m, ALECABLE_ELEMENT_AXIAL, &sec), 0);
    /* A, then nf - 1 nodes to near the top, the n run nodes 1 mm apart about the top, then the lower span */
    for (i = 0; i < 2 * nf + n; i++) {
        double d = i < nf ? 3.0 * i / nf : i < nf + n ? 3.0 + 1e-3 * (i - nf - 0.5 * (n - 1)) : 3.0 + 2.0 * (i - nf - n + 1) / nf;
        x[0] = -3.0 + d * sin(b0), x[1] = R - d * cos(b0), x[2] = 0.0;
        if (i > 0) s = d;
        ck_assert_int_eq(alecable_cable_add_node(&nd[i], r.c, x, s), 0);
    }
    r.A = nd[0], r.B = nd[2 * nf + n - 1];
    for (i = 0; i < nf - 1; i++) r.fa[i] = nd[1 + i], r.fb[i] = nd[nf + n + i];
    for (i = 0; i < n; i++) r.w[i] = nd[nf + i];
    alecable_body_params_init(&bp);
    ck_assert_int_eq(alecable_body_create(&sh, r.m, &bp), 0);
    ck_assert_int_eq(alecable_body_fix(r.m, sh), 0);
    alecable_pulley_params_init(&pp);
    pp.radius = R;
    ck_assert_msg(alecable_sheave_potential(&r.j, r.m, sh, &pp, n, r.w) == 0, "%s", alecable_model_errmsg(r.m));
    ck_assert_int_eq(alecable_sheave_set_mesh_reaction(r.j, ALECABLE_SHEAVE_REACTION_TANGENT), 0);
    ck_assert_int_eq(alecable_sheave_in_contact(r.j, &active), 0);
    ck_assert_int_eq(active, 0);
    for (k = 0; k < 4; k++) ck_assert_int_eq(alecable_fix(NULL, r.m, r.A, k), 0);
    ck_assert_int_eq(alecable_fix(NULL, r.m, r.B, ALECABLE_DOF_S), 0);
    ck_assert_int_eq(alecable_fix(NULL, r.m, r.B, ALECABLE_DOF_Z), 0);
    f[0] = F * sin(b0), f[1] = -F * cos(b0), f[2] = 0.0;
    ck_assert_int_eq(alecable_load_node(&r.F, r.m, r.B, f), 0);
    for (k = 0; k < nk; k++) {
        const double beta = deg[k] * M_PI / 180.0;
        int before, after, tries;
        figures fg;
        f[0] = F * sin(beta), f[1] = -F * cos(beta);
        ck_assert_int_eq(alecable_load_set(r.F, f), 0);
        for (tries = 0; tries < 3; tries++) {
            alecable_quasistatic_options o;
            alecable_solve_report rep;
            ck_assert_int_eq(alecable_sheave_in_contact(r.j, &before), 0);
            alecable_quasistatic_options_init(&o);
            o.load_steps = k == 0 ? 4 : 1;
            o.t0 = k == 0 ? 0.0 : 1.0;
            alecable_solve_report_init(&rep);
            ck_assert_msg(alecable_solve_quasistatic(r.m, &o, &rep) == ALECABLE_OK, "%g deg: %s", deg[k],
                          alecable_model_errmsg(r.m));
            ck_assert_int_eq(alecable_sheave_in_contact(r.j, &after), 0);
            if (after == before) break;
        }
        ck_assert_msg(after == (deg[k] < 89.99), "%g deg: in contact %d", deg[k], after);
        measure(&r, F, &fg);
        ck_assert_msg(fg.tension < 1e-7, "%g deg: tension off F by %.3g", deg[k], fg.tension);
        if (after) ck_assert_msg(fg.tangent < 1e-9, "%g deg: departure off the tangent point by %.3g m", deg[k], fg.tangent);
    }
    ck_assert_int_eq(alecable_sheave_wrap_angle(r.j, &wrap), 0);
    ck_assert_msg(fabs(wrap - (0.5 * M_PI - 25.0 * M_PI / 180.0)) < 1e-9, "wrap off by %.3g rad",
                  wrap - (0.5 * M_PI - 25.0 * M_PI / 180.0));
    alecable_model_destroy(r.m);
}
END_TEST

/* The choices refused where they do not apply, nothing changed */
START_TEST(bad_reaction_is_refused)
{
    mrig r;
    alecable_joint *att;
    int got = -1;
    build(&r, 5, 2, 25.0 * M_PI / 180.0, 1000.0, ALECABLE_SHEAVE_REACTION_TANGENT);
    ck_assert_int_eq(alecable_sheave_set_mesh_reaction(r.j, 2), ALECABLE_EINVAL);
    ck_assert_int_eq(alecable_sheave_set_mesh_reaction(r.j, -1), ALECABLE_EINVAL);
    ck_assert_int_eq(alecable_sheave_get_mesh_reaction(r.j, &got), ALECABLE_OK);
    ck_assert_int_eq(got, ALECABLE_SHEAVE_REACTION_TANGENT);
    ck_assert_int_eq(alecable_sheave_get_mesh_reaction(r.j, NULL), ALECABLE_ENULL);
    ck_assert_int_eq(alecable_sheave_set_mesh_reaction(NULL, 0), ALECABLE_ENULL);
    {
        const double p0[3] = {0, 0, 0};
        ck_assert_int_eq(alecable_attach(&att, r.m, r.fa[0], r.sh, p0, 0), ALECABLE_OK);
        ck_assert_int_eq(alecable_sheave_set_mesh_reaction(att, ALECABLE_SHEAVE_REACTION_TANGENT), ALECABLE_EINVAL);
        ck_assert_int_eq(alecable_sheave_get_mesh_reaction(att, &got), ALECABLE_EINVAL);
    }
    ck_assert_int_eq(alecable_sheave_set_lift_off(r.j, 2), ALECABLE_EINVAL);
    ck_assert_int_eq(alecable_sheave_in_contact(r.j, NULL), ALECABLE_ENULL);
    ck_assert_int_eq(alecable_sheave_in_contact(r.j, &got), ALECABLE_OK);
    ck_assert_int_eq(got, 1);
    ck_assert_int_eq(alecable_sheave_set_lift_off(att, 1), ALECABLE_EINVAL);
    {
        alecable_pulley_params pp;
        alecable_joint *jp = NULL;
        alecable_pulley_params_init(&pp);
        pp.radius = 0.5;
        ck_assert_int_eq(alecable_sheave_potential(&jp, r.m, r.sh, &pp, 2, NULL), ALECABLE_ENULL);
        ck_assert_int_eq(alecable_sheave_potential(&jp, r.m, r.sh, &pp, 1, r.fb), ALECABLE_EINVAL);
        ck_assert_int_eq(alecable_sheave_potential(&jp, r.m, r.sh, &pp, 2, r.w), ALECABLE_EINVAL); /* on the sheave */
        pp.radius = 0.0;
        ck_assert_int_eq(alecable_sheave_potential(&jp, r.m, r.sh, &pp, 1, r.fb), ALECABLE_EINVAL);
        ck_assert_ptr_null(jp);
    }
    ck_assert_int_eq(alecable_sheave_set_mesh_reaction(r.j, ALECABLE_SHEAVE_REACTION_GRADIENT), ALECABLE_OK);
    ck_assert_int_eq(alecable_sheave_get_mesh_reaction(r.j, &got), ALECABLE_OK);
    ck_assert_int_eq(got, ALECABLE_SHEAVE_REACTION_GRADIENT);
    alecable_model_destroy(r.m);
}
END_TEST

Suite *suite_sheave_mesh(void)
{
    Suite *s = suite_create("sheave_mesh");
    TCase *tc = tcase_create("statics");
    tcase_add_test(tc, free_spans_stay_straight);
    tcase_add_test(tc, reactions_act_on_their_nodes_only);
    tcase_add_test(tc, lift_off_and_landing);
    tcase_add_test(tc, potential_contact_lands);
    suite_add_tcase(s, tc);
    tc = tcase_create("bad_input");
    tcase_add_test(tc, bad_reaction_is_refused);
    suite_add_tcase(s, tc);
    tc = tcase_create("dynamics");
    tcase_add_test(tc, swing_keeps_energy_and_mesh_work);
    tcase_set_timeout(tc, 120);
    suite_add_tcase(s, tc);
    return s;
}
