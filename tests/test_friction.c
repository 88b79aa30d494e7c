/* Coulomb stick/slip friction on the material flow (lib/friction/contact.c,
 * paper 004): the generalized Jacobian of both branches against finite
 * differences on every element kind, on the ground, on a body and on a
 * pulley wrap; paper 004's sleeve (the staircase of Fig. 2, Fig. 3's
 * nonlinearity, the hysteresis); the capstan at full slip against the
 * slip-only law; rollback of a failed step; no allocation per step; bad
 * input. */
#include "suites.h"
#include "counting_alloc.h"
#include "problem_fd.h"
#include "fd.h"
#include "friction/contact.h"
#include "support/atwood_rig.h"
#include "support/belt_rig.h"
#include "support/rig.h" /* a contact's rows and normal force, to set up a state with both branches */

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

enum { NE = 8 };

typedef struct sleeve_case {
    alecable_model *m;
    alecable_cable *c;
    alecable_body *body;
    alecable_joint *sleeve;
    alecable_node *nd[NE + 1];
    double axis[3], origin[3];
} sleeve_case;

/* Paper 004's beam in its sleeve (1 m, r = 2 mm, E = 3 GPa, 8 elements,
 * p = 22500 N/m, mu = 0.3, F = 4500 N at load factor 1) on an element kind;
 * on a fixed body turned about (1, 2, 3) when on_body, the normal force
 * then from the holding force too (from_reaction). */
static void sleeve_build(sleeve_case *sc, int kind, int on_body, int from_reaction, const alecable_allocator *al)
{
    alecable_section sec;
    alecable_sleeve_params sp;
    double r = 2e-3, A = M_PI * r * r, I = 0.25 * M_PI * pow(r, 4), b[3], f[3];
    int i, k;
    memset(sc, 0, sizeof *sc);
    sc->axis[0] = 1.0;
    ck_assert_int_eq(alecable_model_create(&sc->m, al), 0);
    if (on_body) {
        alecable_body_params bp;
        double u[3] = {1.0 / sqrt(14.0), 2.0 / sqrt(14.0), 3.0 / sqrt(14.0)}, th = 0.7, Rb[9];
        double c = cos(th), sn = sin(th);
        int a, e;
        alecable_body_params_init(&bp);
        for (a = 0; a < 3; a++)
            for (e = 0; e < 3; e++) /* Rodrigues: R = c I + s u^ + (1 - c) u u^T */
                bp.rotation[3 * a + e] = (a == e ? c : 0.0) + (1.0 - c) * u[a] * u[e] +
                                         sn * (a == 0 && e == 1 ? -u[2] : a == 0 && e == 2 ? u[1] : a == 1 && e == 0 ? u[2]
                                               : a == 1 && e == 2 ? -u[0] : a == 2 && e == 0 ? -u[1] : a == 2 && e == 1 ? u[0]
                                               : 0.0);
        bp.position[0] = 0.2;
        bp.position[1] = -0.1;
        ck_assert_int_eq(alecable_body_create(&sc->body, sc->m, &bp), 0);
        /* held by a fixed joint to a fixed body at rest (a fix on psi would
         * be linear in psi, not along the rotation update) */
        {
            alecable_body *g;
            alecable_body_params gp;
            alecable_body_params_init(&gp);
            ck_assert_int_eq(alecable_body_create(&g, sc->m, &gp), 0);
            ck_assert_int_eq(alecable_body_fix(sc->m, g), 0);
            ck_assert_int_eq(alecable_fixed_joint(NULL, sc->m, g, sc->body, bp.position), 0);
        }
        ck_assert_int_eq(alecable_body_pose(sc->body, sc->origin, Rb), 0);
        for (k = 0; k < 3; k++) sc->axis[k] = Rb[3 * k]; /* the body's x axis */
    }
    alecable_section_init(&sec);
    sec.E = 3e9;
    sec.A = A;
    sec.I = I;
    ck_assert_int_eq(alecable_cable_create(&sc->c, sc->m, kind, &sec), 0);
    for (k = 0; k < 3; k++) b[k] = sc->origin[k] + sc->axis[k];
    ck_assert_int_eq(alecable_cable_line(sc->c, sc->origin, b, 0.0, 1.0, NE), 0);
    for (i = 0; i <= NE; i++) ck_assert_int_eq(alecable_cable_node(&sc->nd[i], sc->c, i), 0);
    if (kind == ALECABLE_ELEMENT_KIRCHHOFF) {
        alecable_beam_params bpar;
        alecable_beam_params_init(&bpar);
        bpar.GJ = 3e9 / 2.6 * 2.0 * I;
        ck_assert_int_eq(alecable_cable_set_beam(sc->c, &bpar), 0);
    }
    if (kind == ALECABLE_ELEMENT_AXIAL) {
        for (k = ALECABLE_DOF_X; k <= ALECABLE_DOF_Z; k++) ck_assert_int_eq(alecable_fix(NULL, sc->m, sc->nd[0], k), 0);
        /* the end beyond the sleeve has no bending stiffness to hold it across */
        ck_assert(!on_body);
        for (k = ALECABLE_DOF_Y; k <= ALECABLE_DOF_Z; k++) ck_assert_int_eq(alecable_fix(NULL, sc->m, sc->nd[NE], k), 0);
    } else {
        alecable_clamp_params cp;
        alecable_clamp_params_init(&cp);
        if (kind == ALECABLE_ELEMENT_ANCF) cp.hold = ALECABLE_CLAMP_POSITION | ALECABLE_CLAMP_DIRECTION;
        ck_assert_int_eq(alecable_clamp(NULL, sc->m, sc->nd[0], &cp), 0);
    }
    ck_assert_int_eq(alecable_fix(NULL, sc->m, sc->nd[0], ALECABLE_DOF_S), 0);
    ck_assert_int_eq(alecable_fix(NULL, sc->m, sc->nd[NE], ALECABLE_DOF_S), 0);
    for (k = 0; k < 3; k++) f[k] = 4500.0 * sc->axis[k];
    ck_assert_int_eq(alecable_load_node(NULL, sc->m, sc->nd[NE], f), 0);
    if (from_reaction) /* loads across the sleeve: a holding force with a part across t */
        for (i = 1; i < NE; i++) {
            double g[3] = {0.0, 0.0, 200.0};
            ck_assert_int_eq(alecable_load_node(NULL, sc->m, sc->nd[i], g), 0);
        }
    alecable_sleeve_params_init(&sp);
    sp.body = sc->body;
    sp.pressure = 22500.0;
    sp.normal_from_reaction = from_reaction;
    sp.friction.mu = 0.3;
    ck_assert_int_eq(alecable_sleeve(&sc->sleeve, sc->m, &sp, NE - 1, sc->nd + 1), 0);
}

/* load steps k0 + 1 .. k1 of a ramp of `steps` from load factor a to b,
 * one solve each; the largest Newton iteration count (both stages) */
static int ramp(alecable_model *m, double a, double b, int steps, int k0, int k1)
{
    int k, worst = 0;
    for (k = k0; k < k1; k++) {
        alecable_quasistatic_options o;
        alecable_solve_report rep;
        alecable_quasistatic_options_init(&o);
        o.clock = ALECABLE_CLOCK_LOAD_FACTOR; /* a belt's drive turns with the load steps */
        o.t0 = a + (b - a) * k / steps;
        o.t1 = a + (b - a) * (k + 1) / steps;
        o.load_steps = 1;
        alecable_solve_report_init(&rep);
        ck_assert_msg(alecable_solve_quasistatic(m, &o, &rep) == 0, "step %d: %s", k + 1, alecable_model_errmsg(m));
        if (rep.iterations_stage1 + rep.iterations_stage2 > worst) worst = rep.iterations_stage1 + rep.iterations_stage2;
    }
    return worst;
}

static void contact_of(alecable_joint *j, int i, alecable_contact *c)
{
    alecable_contact_init(c);
    ck_assert_int_eq(alecable_friction_contact(j, i, c), 0);
}

static void count_states(alecable_joint *j, int *nstick, int *nslip)
{
    int i, n;
    ck_assert_int_eq(alecable_friction_contacts(j, &n), 0);
    *nstick = *nslip = 0;
    for (i = 0; i < n; i++) {
        alecable_contact c;
        contact_of(j, i, &c);
        if (c.state == ALECABLE_CONTACT_SLIP) (*nslip)++;
        else (*nstick)++;
    }
}

/* The Jacobian at a converged step k of `steps` with the history of step
 * k - 1 put back (so the slipping contacts slipped over the step, away from
 * the kink), q moved by 1e-9: against finite differences of the residual.
 * Steps of 1e-5: the residual's rows carry forces of 1e3 N, whose round-off
 * over 1e-6 would reach 1e-6 of the entries; the slips of a step are far
 * larger than 1e-5, so no difference crosses the kink. */
static double jacobian_error_at_step(alecable_model *m, alecable_joint *j, int k, int steps, int *nstick, int *nslip)
{
    alecable_problem p;
    double *hist, *q, *lam, t, err;
    unsigned seed = 7;
    int nq, nl, i;
    ramp(m, 0.0, 1.0, steps, 0, k - 1);
    ck_assert_int_eq(alecable_model_problem(&p, m), 0);
    ck_assert_int_gt(p.nhist, 0);
    hist = malloc((size_t)p.nhist * sizeof *hist);
    ck_assert_int_eq(p.history_get(p.ctx, hist), 0);
    ramp(m, 0.0, 1.0, steps, k - 1, k);
    count_states(j, nstick, nslip);
    ck_assert_int_eq(p.history_set(p.ctx, hist), 0);
    ck_assert_int_eq(alecable_model_sizes(m, &nq, &nl), 0);
    q = malloc((size_t)nq * sizeof *q);
    lam = malloc((size_t)nl * sizeof *lam);
    ck_assert_int_eq(alecable_model_get_state(m, q, lam, &t), 0);
    for (i = 0; i < nq; i++) q[i] += 1e-9 * fd_rand(&seed);
    err = pfd_full_jacobian_error(&p, t, q, lam, 1e-5);
    free(hist);
    free(q);
    free(lam);
    return err;
}

/* Sleeves on every element kind, at F = 0.72 x 4500 N: the contacts next
 * to the pulled end slip, those next to the clamp stick. */
START_TEST(jacobian_sleeve_each_kind)
{
    static const int kinds[3] = {ALECABLE_ELEMENT_AXIAL, ALECABLE_ELEMENT_ANCF, ALECABLE_ELEMENT_KIRCHHOFF};
    sleeve_case sc;
    int nstick, nslip;
    double err;
    sleeve_build(&sc, kinds[_i], 0, _i == 1, NULL);
    err = jacobian_error_at_step(sc.m, sc.sleeve, 36, 50, &nstick, &nslip);
    ck_assert_int_ge(nstick, 2);
    ck_assert_int_ge(nslip, 2);
    ck_assert_msg(err < 1e-6, "element kind %d: Jacobian error %.3e", kinds[_i], err);
    alecable_model_destroy(sc.m);
}
END_TEST

/* A sleeve in a turned body, its normal force from the pressure and the
 * holding force across the channel: derivatives in the body's rotation and
 * in the holding multipliers. */
START_TEST(jacobian_sleeve_on_body)
{
    sleeve_case sc;
    int nstick, nslip;
    double err;
    sleeve_build(&sc, ALECABLE_ELEMENT_ANCF, 1, 1, NULL);
    err = jacobian_error_at_step(sc.m, sc.sleeve, 36, 50, &nstick, &nslip);
    ck_assert_int_ge(nstick, 2);
    ck_assert_int_ge(nslip, 2);
    ck_assert_msg(err < 1e-6, "Jacobian error %.3e", err);
    alecable_model_destroy(sc.m);
}
END_TEST

typedef struct wrap_case {
    alecable_model *m;
    alecable_cable *c;
    alecable_body *ground, *wheel;
    alecable_joint *wrap, *fr, *axle;
    alecable_node *nd[64];
    int n;
} wrap_case;

/* The capstan of paper 000 sec. 4.3.2 (R = 50 mm, wrap angle pi, n elements
 * on the pulley, E (paper: 210 GPa), A = 7.854 mm^2, A clamped, 1000 N on the end
 * in -x, no node M), with stick/slip (slip_only = 0) or the slip law.
 * kt > 0: the wrap is held on the ground and slides on a wheel that turns
 * about z against a torsional spring kt [N m/rad]. */
static void wrap_build_turning(wrap_case *w, int n, int slip_only, double E, double kt)
{
    const double R = 50e-3, top = 34.04e-3, L = 306.9e-3, sK = top + M_PI * R;
    alecable_section sec;
    alecable_body *b;
    alecable_body_params bp;
    alecable_pulley_params pp;
    double ang[64], x[3] = {-top, R, 0}, f[3] = {-1000.0, 0, 0};
    int i;
    ck_assert_int_le(n + 3, 64);
    memset(w, 0, sizeof *w);
    w->n = n;
    ck_assert_int_eq(alecable_model_create(&w->m, NULL), 0);
    alecable_section_init(&sec);
    sec.E = E;
    sec.A = 7.854e-6;
    ck_assert_int_eq(alecable_cable_create(&w->c, w->m, ALECABLE_ELEMENT_AXIAL, &sec), 0);
    ck_assert_int_eq(alecable_cable_add_node(&w->nd[0], w->c, x, 0.0), 0);
    for (i = 0; i <= n; i++) {
        ang[i] = 0.5 * M_PI - M_PI * i / n;
        x[0] = R * cos(ang[i]);
        x[1] = R * sin(ang[i]);
        ck_assert_int_eq(alecable_cable_add_node(&w->nd[1 + i], w->c, x, top + R * M_PI * i / n), 0);
    }
    x[0] = -(L - sK);
    x[1] = -R;
    ck_assert_int_eq(alecable_cable_add_node(&w->nd[n + 2], w->c, x, L), 0);
    alecable_body_params_init(&bp);
    ck_assert_int_eq(alecable_body_create(&b, w->m, &bp), 0);
    ck_assert_int_eq(alecable_body_fix(w->m, b), 0);
    w->ground = b;
    alecable_pulley_params_init(&pp);
    pp.radius = R;
    ck_assert_int_eq(alecable_pulley_wrap(&w->wrap, w->m, b, &pp, n + 1, w->nd + 1, ang), 0);
    for (i = ALECABLE_DOF_X; i <= ALECABLE_DOF_S; i++) ck_assert_int_eq(alecable_fix(NULL, w->m, w->nd[0], i), 0);
    for (i = ALECABLE_DOF_Y; i <= ALECABLE_DOF_S; i++) ck_assert_int_eq(alecable_fix(NULL, w->m, w->nd[n + 2], i), 0);
    ck_assert_int_eq(alecable_load_node(NULL, w->m, w->nd[n + 2], f), 0);
    if (slip_only) ck_assert_int_eq(alecable_pulley_friction(NULL, w->m, w->wrap, 0.3, slip_only == 2 ? -1 : +1), 0);
    else {
        alecable_friction_params fp;
        alecable_friction_params_init(&fp);
        fp.mu = 0.3;
        if (kt > 0.0) {
            const double o[3] = {0, 0, 0}, z[3] = {0, 0, 1};
            alecable_body_params_init(&bp);
            bp.mass = 1.0;
            bp.inertia[0] = bp.inertia[4] = bp.inertia[8] = 1e-3;
            ck_assert_int_eq(alecable_body_create(&w->wheel, w->m, &bp), 0);
            ck_assert_int_eq(alecable_revolute(&w->axle, w->m, b, w->wheel, o, z, kt), 0);
            fp.surface = w->wheel;
        }
        ck_assert_int_eq(alecable_wrap_friction(&w->fr, w->m, w->wrap, &fp), 0);
    }
}

static void wrap_build(wrap_case *w, int n, int slip_only, double E) { wrap_build_turning(w, n, slip_only, E, 0.0); }

static double wrap_ratio(const wrap_case *w)
{
    alecable_element *e1, *e2;
    double F1, F2;
    ck_assert_int_eq(alecable_cable_element(&e1, w->c, w->n + 1), 0);
    ck_assert_int_eq(alecable_cable_element(&e2, w->c, 0), 0);
    ck_assert_int_eq(alecable_element_axial_force(e1, &F1), 0);
    ck_assert_int_eq(alecable_element_axial_force(e2, &F2), 0);
    return F1 / F2;
}

/* Slip on a pulley wrap: N from the wrap's multipliers */
START_TEST(jacobian_wrap)
{
    wrap_case w;
    int nstick, nslip;
    double err;
    wrap_build(&w, 8, 0, 2.1e9); /* soft: slips far beyond the differences' steps */
    err = jacobian_error_at_step(w.m, w.fr, 3, 4, &nstick, &nslip);
    ck_assert_int_eq(nslip, 7);
    ck_assert_msg(err < 1e-6, "Jacobian error %.3e", err);
    alecable_model_destroy(w.m);
}
END_TEST

/* The wrap on a wheel that turns against a spring: the surface's terms
 * (the force on the node and the wheel, the slip's dependence on the
 * wheel's pose) */
START_TEST(jacobian_turning_wrap)
{
    wrap_case w;
    alecable_problem p;
    alecable_node *gn;
    double *q, *lam, t, err;
    unsigned seed = 11;
    int nq, nl, i, g0, nstick = 0, nslip = 0;
    wrap_build_turning(&w, 8, 0, 2.1e9, 1e3);
    ck_assert_int_eq(alecable_model_finalize(w.m), 0);
    ck_assert_int_eq(alecable_model_problem(&p, w.m), 0);
    ck_assert_int_eq(alecable_model_sizes(w.m, &nq, &nl), 0);
    ck_assert_int_eq(alecable_body_node(&gn, w.ground), 0);
    ck_assert_int_eq(alecable_node_dof_index(gn, ALECABLE_DOF_X, &g0), 0);
    q = malloc((size_t)nq * sizeof *q);
    lam = malloc((size_t)nl * sizeof *lam);
    ck_assert_int_eq(alecable_model_get_state(w.m, q, lam, &t), 0);
    /* a state off equilibrium: cable and wheel moved (the ground stays, its
     * fix constraints are exact only at its own pose), multipliers such
     * that some contacts stick and some slip */
    for (i = 0; i < nq; i++)
        if (i < g0 || i >= g0 + 6) q[i] += 1e-3 * fd_rand(&seed);
    for (i = 0; i < nl; i++) lam[i] = 300.0 * fd_rand(&seed);
    /* lambda_T: small on even contacts (stuck where N > 0), far beyond mu N
     * on odd ones (slipping with N > 0 or without) */
    for (i = 0; i < 7; i++) lam[w.fr->row0 + i] = i % 2 ? 3000.0 * fd_rand(&seed) : 0.5 * fd_rand(&seed);
    for (i = 0; i < 7; i++) {
        double N = fr_normal(w.fr, i, q, lam), tau = lam[w.fr->row0 + i];
        if (N > 0.0 && fabs(tau) < 0.2 * N) nstick++;
        else if (N > 0.0 && fabs(tau) > 2.0 * N) nslip++;
    }
    ck_assert_int_ge(nstick, 1);
    ck_assert_int_ge(nslip, 1);
    err = pfd_full_jacobian_error(&p, 0.5, q, lam, 1e-6);
    ck_assert_msg(err < 1e-6, "Jacobian error %.3e", err);
    free(q);
    free(lam);
    alecable_model_destroy(w.m);
}
END_TEST

/* Paper 004 sec. 3 on the Kirchhoff beam, F = 4500 N in 50 load steps:
 * nodes 4..8 slip carrying mu p l = 843.75 N each (the staircase, Fig. 2),
 * nodes 2 and 3 stick below it; the end displacement is nonlinear in F
 * (Fig. 3: at F/2 well below half of its value at F); unloading to F/2
 * leaves the end far beyond the loading branch's (the hysteresis).  Newton
 * takes a handful of iterations per step (stage 1 and 2 together). */
START_TEST(paper004_sleeve)
{
    const double limit = 0.3 * 22500.0 * 0.125;
    sleeve_case sc;
    double x[3], u_mid, u_top, u_back;
    int i, worst;
    sleeve_build(&sc, ALECABLE_ELEMENT_KIRCHHOFF, 0, 0, NULL);
    worst = ramp(sc.m, 0.0, 1.0, 50, 0, 25);
    ck_assert_int_eq(alecable_node_position(sc.nd[NE], x), 0);
    u_mid = x[0] - 1.0;
    worst = fmax(worst, ramp(sc.m, 0.0, 1.0, 50, 25, 50));
    ck_assert_int_eq(alecable_node_position(sc.nd[NE], x), 0);
    u_top = x[0] - 1.0;
    for (i = 0; i < NE - 1; i++) {
        alecable_contact c;
        contact_of(sc.sleeve, i, &c);
        ck_assert_double_eq_tol(c.lambda_n, 22500.0 * 0.125, 1e-9);
        if (i >= 2) {
            ck_assert_msg(c.state == ALECABLE_CONTACT_SLIP, "node %d sticks", i + 2);
            ck_assert_double_eq_tol(c.lambda_t, -limit, 1e-9 * limit);
            ck_assert_double_gt(c.slip_total, 0.0);
        } else {
            ck_assert_msg(c.state == ALECABLE_CONTACT_STICK, "node %d slips", i + 2);
            ck_assert_double_lt(fabs(c.lambda_t), limit);
            ck_assert_double_eq(c.slip_total, 0.0);
        }
    }
    /* node 3 holds the rest of the load (281.25 N up to the stretch of the
     * elements, whose tension jump is lambda_T (t . dx/ds)) */
    {
        alecable_contact c;
        contact_of(sc.sleeve, 1, &c);
        ck_assert_double_eq_tol(-c.lambda_t, 4500.0 - 5.0 * limit, 0.01 * 281.25);
    }
    ck_assert_double_lt(u_mid, 0.4 * u_top);
    ck_assert_int_le(worst, 10);
    ramp(sc.m, 1.0, 0.0, 50, 0, 25);
    ck_assert_int_eq(alecable_node_position(sc.nd[NE], x), 0);
    u_back = x[0] - 1.0;
    ck_assert_double_gt(u_back, u_mid + 0.25 * u_top);
    alecable_model_destroy(sc.m);
}
END_TEST

/* The capstan loaded from rest slips on the whole wrap: the tension ratio is
 * the slip-only law's on the same mesh and steps, to 1e-8. */
START_TEST(capstan_full_slip_is_the_slip_law)
{
    wrap_case a, b;
    int nstick, nslip;
    double ra, rb;
    wrap_build(&a, 20, 0, 210e9);
    wrap_build(&b, 20, 1, 210e9);
    ramp(a.m, 0.0, 1.0, 40, 0, 40);
    ramp(b.m, 0.0, 1.0, 40, 0, 40);
    count_states(a.fr, &nstick, &nslip);
    ck_assert_int_eq(nstick, 0);
    ra = wrap_ratio(&a);
    rb = wrap_ratio(&b);
    ck_assert_msg(fabs(ra / rb - 1.0) < 1e-8, "ratio %.12f against the slip law's %.12f", ra, rb);
    alecable_model_destroy(a.m);
    alecable_model_destroy(b.m);
}
END_TEST

/* The slip law with the flow declared the wrong way (-1: the load pulls the
 * high-s end): the material still flows towards the load (s falls at the
 * wrap's nodes), so the equilibrium found is one of a friction that drives
 * the cable, T_load / T_anchor = exp(-mu pi) instead of exp(mu pi).  0.3
 * refuses it and keeps the solve's start (0.2 returned it as OK). */
START_TEST(slip_law_against_its_flow_is_refused)
{
    wrap_case w;
    alecable_quasistatic_options o;
    double *q0, *q1;
    int nq, nl, st;
    wrap_build(&w, 20, 2, 210e9);
    ck_assert_int_eq(alecable_model_finalize(w.m), 0);
    ck_assert_int_eq(alecable_model_sizes(w.m, &nq, &nl), 0);
    q0 = malloc((size_t)nq * sizeof *q0);
    q1 = malloc((size_t)nq * sizeof *q1);
    ck_assert(q0 && q1);
    ck_assert_int_eq(alecable_model_get_state(w.m, q0, NULL, NULL), 0);
    alecable_quasistatic_options_init(&o);
    o.load_steps = 40;
    st = alecable_solve_quasistatic(w.m, &o, NULL);
    ck_assert_msg(st == ALECABLE_ENOCONV && strstr(alecable_model_errmsg(w.m), "flowed the other way"), "status %d: %s",
                  st, alecable_model_errmsg(w.m));
    ck_assert_int_eq(alecable_model_get_state(w.m, q1, NULL, NULL), 0);
    ck_assert_mem_eq(q0, q1, (size_t)nq * sizeof *q0);
    free(q0);
    free(q1);
    alecable_model_destroy(w.m);
}
END_TEST

/* A state with its history, to compare bit for bit */
typedef struct snapshot {
    double *q, *l, *h, t;
    int nq, nl, nh;
} snapshot;

static void snap_init(snapshot *s, int nq, int nl, int nh)
{
    s->nq = nq;
    s->nl = nl;
    s->nh = nh;
    s->q = malloc((size_t)nq * sizeof *s->q);
    s->l = malloc((size_t)(nl > 0 ? nl : 1) * sizeof *s->l);
    s->h = malloc((size_t)nh * sizeof *s->h);
    ck_assert(s->q && s->l && s->h);
}

static void snap_same(const snapshot *a, const snapshot *b)
{
    ck_assert(a->t == b->t);
    ck_assert_int_eq(memcmp(a->q, b->q, (size_t)a->nq * sizeof *a->q), 0);
    ck_assert_int_eq(memcmp(a->l, b->l, (size_t)a->nl * sizeof *a->l), 0);
    ck_assert_int_eq(memcmp(a->h, b->h, (size_t)a->nh * sizeof *a->h), 0);
}

static void snap_free(snapshot *s)
{
    free(s->q);
    free(s->l);
    free(s->h);
}

/* One more step of h changes the history; undo puts the state and the
 * history back bit for bit */
static void undo_restores(alecable_integrator *it, alecable_model *m, double h)
{
    alecable_problem p;
    snapshot sa, sb;
    int nq, nl;
    ck_assert_int_eq(alecable_model_problem(&p, m), 0);
    ck_assert_int_eq(alecable_model_sizes(m, &nq, &nl), 0);
    snap_init(&sa, nq, nl, p.nhist);
    snap_init(&sb, nq, nl, p.nhist);
    ck_assert_int_eq(alecable_integrator_get_state(it, &sa.t, sa.q, NULL, NULL, sa.l), 0);
    ck_assert_int_eq(p.history_get(p.ctx, sa.h), 0);
    ck_assert_int_eq(alecable_integrator_step(it, h), 0);
    ck_assert_int_eq(p.history_get(p.ctx, sb.h), 0);
    ck_assert_int_ne(memcmp(sa.h, sb.h, (size_t)p.nhist * sizeof *sa.h), 0);
    ck_assert_int_eq(alecable_integrator_undo(it), 0);
    ck_assert_int_eq(alecable_integrator_get_state(it, &sb.t, sb.q, NULL, NULL, sb.l), 0);
    ck_assert_int_eq(p.history_get(p.ctx, sb.h), 0);
    snap_same(&sa, &sb);
    snap_free(&sa);
    snap_free(&sb);
}

/* A failed step (one Newton iteration allowed) leaves q, lambda, the load
 * factor and every contact's history bit for bit as they were. */
START_TEST(failed_step_restores_everything)
{
    sleeve_case sc;
    alecable_problem p;
    alecable_quasistatic_options o;
    snapshot a, b;
    int nq, nl;
    sleeve_build(&sc, ALECABLE_ELEMENT_AXIAL, 0, 0, NULL);
    ramp(sc.m, 0.0, 1.0, 50, 0, 30);
    ck_assert_int_eq(alecable_model_problem(&p, sc.m), 0);
    ck_assert_int_eq(alecable_model_sizes(sc.m, &nq, &nl), 0);
    snap_init(&a, nq, nl, p.nhist);
    snap_init(&b, nq, nl, p.nhist);
    ck_assert_int_eq(alecable_model_get_state(sc.m, a.q, a.l, &a.t), 0);
    ck_assert_int_eq(p.history_get(p.ctx, a.h), 0);
    alecable_quasistatic_options_init(&o);
    o.t0 = 0.6;
    o.t1 = 1.0;
    o.load_steps = 4;
    o.max_iterations = 1;
    o.globalization = ALECABLE_GLOBAL_PTC; /* since 0.3 AUTO cuts the step, and the sub-steps converge */
    ck_assert_int_ne(alecable_solve_quasistatic(sc.m, &o, NULL), 0);
    ck_assert_int_eq(alecable_model_get_state(sc.m, b.q, b.l, &b.t), 0);
    ck_assert_int_eq(p.history_get(p.ctx, b.h), 0);
    snap_same(&a, &b);
    snap_free(&a);
    snap_free(&b);
    alecable_model_destroy(sc.m);
}
END_TEST

/* After the first load step, stick/slip steps allocate nothing. */
START_TEST(no_allocation_per_step)
{
    sleeve_case sc;
    alecable_allocator al;
    long c0;
    counting_alloc_init(&al);
    sleeve_build(&sc, ALECABLE_ELEMENT_KIRCHHOFF, 0, 0, &al);
    ramp(sc.m, 0.0, 1.0, 50, 0, 1);
    c0 = counting_alloc_calls;
    ramp(sc.m, 0.0, 1.0, 50, 1, 50);
    ck_assert_int_eq(counting_alloc_calls, c0);
    alecable_model_destroy(sc.m);
}
END_TEST

/* An axial cable with mass (rho = 1000 kg/m^3) in the sleeve of the other
 * tests, 2000 N at its end: its sleeve presses with the pressure p, and with
 * the holding force across it when from_reaction */
static alecable_model *dyn_sleeve(double pressure, int from_reaction, const alecable_allocator *al, alecable_joint **sl)
{
    alecable_model *m;
    alecable_cable *c;
    alecable_section sec;
    alecable_node *nd[NE + 1];
    alecable_sleeve_params sp;
    double a[3] = {0, 0, 0}, b[3] = {1, 0, 0}, f[3] = {2000.0, 0, 0}, r = 2e-3;
    int i, k;
    ck_assert_int_eq(alecable_model_create(&m, al), 0);
    alecable_section_init(&sec);
    sec.E = 3e9;
    sec.A = M_PI * r * r;
    sec.rho = 1000.0;
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_AXIAL, &sec), 0);
    ck_assert_int_eq(alecable_cable_line(c, a, b, 0.0, 1.0, NE), 0);
    for (i = 0; i <= NE; i++) ck_assert_int_eq(alecable_cable_node(&nd[i], c, i), 0);
    for (k = ALECABLE_DOF_X; k <= ALECABLE_DOF_S; k++) ck_assert_int_eq(alecable_fix(NULL, m, nd[0], k), 0);
    for (k = ALECABLE_DOF_Y; k <= ALECABLE_DOF_S; k++) ck_assert_int_eq(alecable_fix(NULL, m, nd[NE], k), 0);
    ck_assert_int_eq(alecable_load_node(NULL, m, nd[NE], f), 0);
    alecable_sleeve_params_init(&sp);
    sp.pressure = pressure;
    sp.normal_from_reaction = from_reaction;
    sp.friction.mu = 0.3;
    ck_assert_int_eq(alecable_sleeve(sl, m, &sp, NE - 1, nd + 1), 0);
    return m;
}

/* In dynamics (HHT, h = 1e-5) the law holds over each time step: the
 * cable of dyn_sleeve, 2000 N applied at once at its end.  At every step
 * |lambda_T| <= mu N; the wave slips the nodes next to the pulled end and
 * the friction dissipates; undo gives back the state and the contacts'
 * history bit for bit; no allocation per step. */
START_TEST(sleeve_in_dynamics)
{
    alecable_model *m;
    alecable_joint *sl;
    alecable_dynamic_options o;
    alecable_integrator *it;
    alecable_allocator al;
    double work = 0.0, slipped = 0.0;
    int i, n;
    long c0 = 0;
    counting_alloc_init(&al);
    m = dyn_sleeve(22500.0, 0, &al, &sl);
    alecable_dynamic_options_init(&o);
    o.method = ALECABLE_METHOD_HHT;
    o.h = 1e-5;
    ck_assert_int_eq(alecable_model_integrator(&it, m, &o), 0);
    for (n = 0; n < 400; n++) {
        ck_assert_msg(alecable_integrator_step(it, 1e-5) == 0, "step %d: %s", n + 1, alecable_integrator_errmsg(it));
        if (n == 0) c0 = counting_alloc_calls;
        ck_assert_int_eq(alecable_model_pull_state(m, it), 0);
        for (i = 0; i < NE - 1; i++) {
            alecable_contact ct;
            contact_of(sl, i, &ct);
            ck_assert_double_le(fabs(ct.lambda_t), 0.3 * ct.lambda_n * (1.0 + 1e-12));
        }
    }
    ck_assert_int_eq(counting_alloc_calls, c0);
    for (i = 0; i < NE - 1; i++) {
        alecable_contact ct;
        contact_of(sl, i, &ct);
        work += ct.work;
        slipped += ct.slip_total;
    }
    ck_assert_double_gt(work, 0.0);
    ck_assert_double_gt(slipped, 0.0);
    undo_restores(it, m, 1e-5);
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
}
END_TEST

/* A sleeve whose normal force is only the holding force across it starts
 * with none: its contacts slip with lambda_T = 0, also in the consistent
 * initial accelerations (a system at the acceleration level, cq = 0). */
START_TEST(dynamics_from_no_normal_force)
{
    alecable_model *m;
    alecable_joint *sl;
    alecable_dynamic_options o;
    alecable_integrator *it;
    alecable_contact ct;
    int n;
    m = dyn_sleeve(0.0, 1, NULL, &sl);
    alecable_dynamic_options_init(&o);
    o.method = ALECABLE_METHOD_HHT;
    o.h = 1e-5;
    ck_assert_msg(alecable_model_integrator(&it, m, &o) == 0, "%s", alecable_model_errmsg(m));
    for (n = 0; n < 50; n++)
        ck_assert_msg(alecable_integrator_step(it, 1e-5) == 0, "step %d: %s", n + 1, alecable_integrator_errmsg(it));
    ck_assert_int_eq(alecable_model_pull_state(m, it), 0);
    contact_of(sl, 3, &ct);
    ck_assert_double_le(fabs(ct.lambda_t), 0.3 * ct.lambda_n * (1.0 + 1e-12) + 1e-12);
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
}
END_TEST

/* tip displacement of the axial sleeve case after 20 of 50 steps */

/* The Atwood machine on a turning wheel (examples/support/atwood_rig.h),
 * trapezoidal rule at h = 1e-4 over t_end.  Stick (mu = 0.3): the rigid
 * machine's acceleration, no energy lost beyond the friction's work.
 * Slip (mu = 0.05): the slip law's acceleration and T1/T2 at the wrap's
 * limit (its mean over the second half: the rope's stretch waves average
 * out), and the energy lost equal to the friction's work to 1e-6 (the
 * slip of a step counts the rim's chord, an O(h^2) difference: 1e-7 here).
 * The acceleration is the mean one, 2 d / t^2. */
static void atwood_run(double mu, double t_end, double *a_err, double *ratio_err, double *energy_err, int *slip)
{
    atwood_params ap;
    atwood_rig r;
    alecable_dynamic_options o;
    alecable_integrator *it;
    alecable_allocator al;
    double h = 1e-4, y0[3], y[3], E0, work, sum = 0.0, a;
    int k, steps = (int)(t_end / h + 0.5), nstick, nsum = 0;
    long c0 = 0;
    counting_alloc_init(&al);
    atwood_params_default(&ap);
    ap.mu = mu;
    ap.allocator = &al;
    ck_assert_int_eq(atwood_build(&r, &ap), 0);
    alecable_dynamic_options_init(&o);
    o.method = ALECABLE_METHOD_NEWMARK; /* 0.2's default, which these figures were taken with */
    o.h = h;
    ck_assert_int_eq(alecable_model_integrator(&it, r.m, &o), 0);
    ck_assert_int_eq(alecable_model_pull_state(r.m, it), 0);
    E0 = atwood_energy(r.m);
    ck_assert_int_eq(alecable_body_pose(r.w1, y0, NULL), 0);
    for (k = 1; k <= steps; k++) {
        ck_assert_msg(alecable_integrator_step(it, h) == 0, "step %d: %s", k, alecable_integrator_errmsg(it));
        if (k == 1) c0 = counting_alloc_calls;
        if (2 * k > steps) {
            ck_assert_int_eq(alecable_model_pull_state(r.m, it), 0);
            sum += atwood_ratio(&r);
            nsum++;
        }
    }
    ck_assert_int_eq(counting_alloc_calls, c0); /* pull_state does not allocate either */
    ck_assert_int_eq(alecable_body_pose(r.w1, y, NULL), 0);
    work = atwood_friction_work(&r, &nstick);
    a = 2.0 * (y0[1] - y[1]) / (t_end * t_end);
    *slip = r.slip;
    *a_err = fabs(a / (r.slip ? r.a_slip : r.a_rigid) - 1.0);
    *ratio_err = fabs(sum / nsum / r.limit - 1.0);
    /* slip: relative to the friction's work; stick: to the energy the weights exchanged */
    *energy_err = fabs(E0 - atwood_energy(r.m) - work) / (r.slip ? work : (ap.m1 - ap.m2) * ap.g * (y0[1] - y[1]));
    if (r.slip) ck_assert_int_eq(nstick, 0);
    alecable_integrator_destroy(it);
    alecable_model_destroy(r.m);
}

START_TEST(atwood_sticks_rigidly)
{
    double a_err, ratio_err, e_err;
    int slip;
    atwood_run(0.3, 0.2, &a_err, &ratio_err, &e_err, &slip);
    ck_assert_int_eq(slip, 0);
    ck_assert_msg(a_err < 1e-5, "acceleration %.3e off the rigid machine's", a_err);
    ck_assert_msg(e_err < 1e-6, "energy balance %.3e", e_err);
}
END_TEST

START_TEST(atwood_slips_at_the_capstan_force)
{
    double a_err, ratio_err, e_err;
    int slip;
    atwood_run(0.05, 0.2, &a_err, &ratio_err, &e_err, &slip);
    ck_assert_int_eq(slip, 1);
    ck_assert_msg(a_err < 1e-5, "acceleration %.3e off the slip law's", a_err);
    ck_assert_msg(ratio_err < 1e-6, "T1/T2 %.3e off the slip limit", ratio_err);
    ck_assert_msg(e_err < 1e-6, "energy lost vs friction work %.3e", e_err);
}
END_TEST

/* undo after slipping steps on the turning wheel: state and history (the
 * wheel's point under each node) bit for bit */
START_TEST(atwood_undo)
{
    atwood_params ap;
    atwood_rig r;
    alecable_dynamic_options o;
    alecable_integrator *it;
    int k;
    atwood_params_default(&ap);
    ap.mu = 0.05;
    ck_assert_int_eq(atwood_build(&r, &ap), 0);
    alecable_dynamic_options_init(&o);
    o.method = ALECABLE_METHOD_NEWMARK; /* 0.2's default, which these figures were taken with */
    o.h = 1e-3;
    ck_assert_int_eq(alecable_model_integrator(&it, r.m, &o), 0);
    for (k = 0; k < 20; k++) ck_assert_int_eq(alecable_integrator_step(it, 1e-3), 0);
    undo_restores(it, r.m, 1e-3);
    alecable_integrator_destroy(it);
    alecable_model_destroy(r.m);
}
END_TEST

/* The belt drive (examples/support/belt_rig.h), D turned in load steps of
 * 5e-4 rad: while the middle nodes stick, the material the slack side
 * gains is the creep, (R1 phi1 - R2 phi2) / stretch0 (the rims' chords per
 * step), to 1e-8 of the belt D passed; at the onset (D's whole wrap
 * slipping) T1/T2 is the discrete Euler-Eytelwein limit to 1e-8 and the
 * torques are R (T1 - T2) on both pulleys to 1e-8; Newton needs a handful
 * of iterations per step. */
START_TEST(belt_drive_slips_at_the_limit)
{
    belt_params bp;
    belt_rig r;
    alecable_node *na, *nb;
    double rim1 = 0.0, rim2 = 0.0, phi2_prev = 0.0, M0, sa, sb, worst = 0.0;
    int k, j, deep, steps = 24, onset = -1, stick_steps = 0, it_max = 0;
    belt_params_default(&bp);
    ck_assert_int_eq(belt_build(&r, &bp), 0);
    ck_assert_int_eq(alecable_cable_node(&na, r.c, r.k1), 0);
    ck_assert_int_eq(alecable_cable_node(&nb, r.c, r.k2), 0);
    ck_assert_int_eq(alecable_node_material(na, &sa), 0);
    ck_assert_int_eq(alecable_node_material(nb, &sb), 0);
    M0 = sb - sa;
    for (k = 0; k < steps && onset < 0; k++) {
        double phi2, mom, T1, T2, M1;
        int it = ramp(r.m, 0.0, 1.0, steps, k, k + 1);
        alecable_contact c1, c2;
        if (it > it_max) it_max = it;
        belt_driven(&r, &phi2, &mom);
        rim1 += bp.R1 * sin(bp.Phi / steps);
        rim2 += bp.R2 * sin(phi2 - phi2_prev);
        phi2_prev = phi2;
        T1 = rig_tension(r.c, r.e_tight);
        T2 = rig_tension(r.c, r.e_slack);
        /* the middle nodes move with their rims while they and their
         * neighbours stick (the stretch at the node is then the pretension's) */
        deep = 1;
        for (j = -1; j <= 1; j++) {
            contact_of(r.fr1, r.k1 - 2 + j, &c1);
            contact_of(r.fr2, r.k2 - (bp.n1 + 3) + j, &c2);
            deep = deep && c1.state == ALECABLE_CONTACT_STICK && c2.state == ALECABLE_CONTACT_STICK;
        }
        if (deep && stick_steps == k) {
            ck_assert_int_eq(alecable_node_material(na, &sa), 0);
            ck_assert_int_eq(alecable_node_material(nb, &sb), 0);
            worst = fmax(worst, fabs(sb - sa - M0 - (rim1 - rim2) / r.stretch0) / (rim1 / r.stretch0));
            stick_steps++;
        }
        if (rig_stuck(r.fr1) == 0) {
            onset = k + 1;
            M1 = belt_driver_torque(&r);
            ck_assert_msg(fabs(T1 / T2 / r.limit1 - 1.0) < 1e-8, "T1/T2 = %.12f, limit %.12f", T1 / T2, r.limit1);
            ck_assert_msg(fabs(M1 / (bp.R1 * (T1 - T2)) - 1.0) < 1e-8, "driver torque %.12f", M1);
            ck_assert_msg(fabs(-mom / (bp.R2 * T2 * (r.limit1 - 1.0)) - 1.0) < 1e-8, "transmitted %.12f", -mom);
        }
    }
    ck_assert_int_gt(onset, 0);
    ck_assert_int_ge(stick_steps, 5);
    ck_assert_msg(worst < 1e-8, "creep balance %.3e", worst);
    ck_assert_int_le(it_max, 10);
    alecable_model_destroy(r.m);
}
END_TEST

/* The belt drive in dynamics, driven by a motor torque rising at 10 N m/s:
 * D's wrap slips entirely once the torque reaches the limit, T1/T2 then
 * within 1e-4 of the discrete limit (the belt's and wheels' inertia make
 * the rest); no allocation per step */
START_TEST(belt_drive_torque_ramp)
{
    belt_params bp;
    belt_rig r;
    alecable_dynamic_options o;
    alecable_integrator *it;
    alecable_allocator al;
    double h = 2e-3, ratio = 0.0, t_on = -1.0;
    int k;
    long c0 = 0;
    counting_alloc_init(&al);
    belt_params_default(&bp);
    bp.torque_rate = 10.0;
    bp.allocator = &al;
    ck_assert_int_eq(belt_build(&r, &bp), 0);
    alecable_dynamic_options_init(&o);
    o.method = ALECABLE_METHOD_HHT;
    o.h = h;
    ck_assert_int_eq(alecable_model_integrator(&it, r.m, &o), 0);
    for (k = 1; k <= 250 && t_on < 0.0; k++) {
        ck_assert_msg(alecable_integrator_step(it, h) == 0, "step %d: %s", k, alecable_integrator_errmsg(it));
        if (k == 1) c0 = counting_alloc_calls;
        ck_assert_int_eq(alecable_model_pull_state(r.m, it), 0);
        if (rig_stuck(r.fr1) == 0) {
            t_on = k * h;
            ratio = rig_tension(r.c, r.e_tight) / rig_tension(r.c, r.e_slack);
        }
    }
    ck_assert_int_eq(counting_alloc_calls, c0);
    ck_assert_msg(t_on > 0.3 && t_on < 0.45, "onset at t = %g", t_on); /* torque 3.8 N m over 10 N m/s */
    ck_assert_msg(fabs(ratio / r.limit1 - 1.0) < 1e-4, "T1/T2 at the onset %.9f, limit %.9f", ratio, r.limit1);
    alecable_integrator_destroy(it);
    alecable_model_destroy(r.m);
}
END_TEST

/* A turning surface that is the holder itself, or a body of another model:
 * refused, naming the argument, and the model solves as if never asked */
START_TEST(bad_surface)
{
    wrap_case w, ref;
    alecable_model *other;
    alecable_body *ob;
    alecable_body_params bp;
    alecable_friction_params fp;
    alecable_joint *j = NULL;
    wrap_build(&w, 8, 1, 2.1e9);
    wrap_build(&ref, 8, 1, 2.1e9);
    alecable_friction_params_init(&fp);
    fp.mu = 0.3;
    fp.surface = w.ground;
    ck_assert_int_eq(alecable_wrap_friction(&j, w.m, w.wrap, &fp), ALECABLE_EINVAL);
    ck_assert_ptr_null(j);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(w.m), "params.surface"));
    ck_assert_int_eq(alecable_model_create(&other, NULL), 0);
    alecable_body_params_init(&bp);
    ck_assert_int_eq(alecable_body_create(&ob, other, &bp), 0);
    fp.surface = ob;
    ck_assert_int_eq(alecable_wrap_friction(&j, w.m, w.wrap, &fp), ALECABLE_EHANDLE);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(w.m), "params.surface belongs to another model"));
    alecable_model_destroy(other);
    ramp(w.m, 0.0, 1.0, 4, 0, 4);
    ramp(ref.m, 0.0, 1.0, 4, 0, 4);
    ck_assert(wrap_ratio(&w) == wrap_ratio(&ref));
    alecable_model_destroy(w.m);
    alecable_model_destroy(ref.m);
}
END_TEST

static double sleeve_tip_after(sleeve_case *sc)
{
    double x[3];
    ramp(sc->m, 0.0, 1.0, 50, 0, 20);
    ck_assert_int_eq(alecable_node_position(sc->nd[NE], x), 0);
    return x[0];
}

/* Bad input is refused with a message naming it, and the model then solves
 * bit for bit like one that never saw the calls. */
START_TEST(bad_input)
{
    sleeve_case sc, ref;
    alecable_sleeve_params sp;
    alecable_friction_params fp;
    alecable_joint *j = NULL, *att;
    alecable_node *free_node[1];
    int nq0, nl0, nq, nl;
    double bad_mu[2] = {-0.1, NAN}, bad_aug[3] = {0.0, -1.0, NAN}, x0, x1;
    int k;
    sleeve_build(&sc, ALECABLE_ELEMENT_AXIAL, 0, 0, NULL);
    sleeve_build(&ref, ALECABLE_ELEMENT_AXIAL, 0, 0, NULL);
    ck_assert_int_eq(alecable_model_finalize(sc.m), 0);
    ck_assert_int_eq(alecable_model_sizes(sc.m, &nq0, &nl0), 0);
    free_node[0] = sc.nd[NE]; /* its s is held (no flow at the end) */
    alecable_sleeve_params_init(&sp);
    sp.pressure = 100.0;
    sp.friction.mu = 0.3;
    for (k = 0; k < 2; k++) {
        sp.friction.mu = bad_mu[k];
        ck_assert_int_eq(alecable_sleeve(&j, sc.m, &sp, 1, free_node), ALECABLE_EINVAL);
        ck_assert_ptr_null(j);
        ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(sc.m), "mu"));
    }
    sp.friction.mu = 0.3;
    for (k = 0; k < 3; k++) {
        sp.friction.augmentation = bad_aug[k];
        ck_assert_int_eq(alecable_sleeve(&j, sc.m, &sp, 1, free_node), ALECABLE_EINVAL);
        ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(sc.m), "augmentation"));
    }
    sp.friction.augmentation = 1.0;
    sp.pressure = -1.0;
    ck_assert_int_eq(alecable_sleeve(&j, sc.m, &sp, 1, free_node), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(sc.m), "pressure"));
    sp.pressure = 100.0;
    /* friction where s is held: the end node, and a node of the sleeve twice */
    ck_assert_int_eq(alecable_sleeve(&j, sc.m, &sp, 1, free_node), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(sc.m), "held"));
    ck_assert_int_eq(alecable_sleeve(&j, sc.m, &sp, 1, sc.nd + 3), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(sc.m), "friction contact already"));
    sp.struct_size = 0;
    ck_assert_int_eq(alecable_sleeve(&j, sc.m, &sp, 1, free_node), ALECABLE_EINVAL);
    ck_assert_int_eq(alecable_sleeve(&j, sc.m, NULL, 1, free_node), ALECABLE_ENULL);
    alecable_friction_params_init(&fp);
    fp.mu = -1.0;
    ck_assert_int_eq(alecable_wrap_friction(&j, sc.m, sc.sleeve, &fp), ALECABLE_EINVAL); /* not a wrap */
    ck_assert_int_eq(alecable_eyelet_friction(&j, sc.m, sc.sleeve, &fp), ALECABLE_EINVAL);
    ck_assert_int_eq(alecable_wrap_friction(&j, sc.m, NULL, &fp), ALECABLE_ENULL);
    ck_assert_int_eq(alecable_model_finalize(sc.m), 0);
    ck_assert_int_eq(alecable_model_sizes(sc.m, &nq, &nl), 0);
    ck_assert_int_eq(nq, nq0);
    ck_assert_int_eq(nl, nl0);
    x0 = sleeve_tip_after(&sc);
    x1 = sleeve_tip_after(&ref);
    ck_assert(x0 == x1);
    alecable_model_destroy(ref.m);
    alecable_model_destroy(sc.m);

    /* a Lagrangian cable has no flow: refused at creation and at finalize */
    sleeve_build(&sc, ALECABLE_ELEMENT_ANCF, 0, 0, NULL);
    ck_assert_int_eq(alecable_cable_set_lagrangian(sc.c, 1), 0);
    ck_assert_int_eq(alecable_model_finalize(sc.m), ALECABLE_ESTATE);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(sc.m), "Lagrangian"));
    alecable_model_destroy(sc.m);
    sleeve_build(&sc, ALECABLE_ELEMENT_ANCF, 0, 0, NULL);
    ck_assert_int_eq(alecable_fix(NULL, sc.m, sc.nd[2], ALECABLE_DOF_S), 0);
    ck_assert_int_eq(alecable_model_finalize(sc.m), ALECABLE_ESTATE);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(sc.m), "held"));
    alecable_model_destroy(sc.m);
    /* an eyelet whose s is held (hold_s = 1) */
    sleeve_build(&sc, ALECABLE_ELEMENT_AXIAL, 0, 0, NULL);
    {
        alecable_body *b;
        alecable_body_params bp;
        double p[3] = {0, 0, 0};
        alecable_node *n;
        alecable_body_params_init(&bp);
        ck_assert_int_eq(alecable_body_create(&b, sc.m, &bp), 0);
        ck_assert_int_eq(alecable_cable_node(&n, sc.c, NE), 0);
        ck_assert_int_eq(alecable_attach(&att, sc.m, n, b, p, 1), 0);
        alecable_friction_params_init(&fp);
        ck_assert_int_eq(alecable_eyelet_friction(&j, sc.m, att, &fp), ALECABLE_EINVAL);
        ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(sc.m), "held"));
    }
    alecable_model_destroy(sc.m);
}
END_TEST

Suite *suite_friction(void)
{
    Suite *s = suite_create("friction");
    TCase *tc = tcase_create("stick_slip");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, jacobian_sleeve_each_kind, 0, 3);
    tcase_add_test(tc, jacobian_sleeve_on_body);
    tcase_add_test(tc, jacobian_wrap);
    tcase_add_test(tc, jacobian_turning_wrap);
    tcase_add_test(tc, paper004_sleeve);
    tcase_add_test(tc, capstan_full_slip_is_the_slip_law);
    tcase_add_test(tc, slip_law_against_its_flow_is_refused);
    tcase_add_test(tc, failed_step_restores_everything);
    tcase_add_test(tc, no_allocation_per_step);
    tcase_add_test(tc, sleeve_in_dynamics);
    tcase_add_test(tc, dynamics_from_no_normal_force);
    tcase_add_test(tc, atwood_sticks_rigidly);
    tcase_add_test(tc, atwood_slips_at_the_capstan_force);
    tcase_add_test(tc, atwood_undo);
    tcase_add_test(tc, belt_drive_slips_at_the_limit);
    tcase_add_test(tc, belt_drive_torque_ramp);
    tcase_add_test(tc, bad_input);
    tcase_add_test(tc, bad_surface);
    suite_add_tcase(s, tc);
    return s;
}
