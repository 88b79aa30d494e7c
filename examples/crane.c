/* smoke-test: --swings 2 --payout 0.5 --h 1e-2 */
/* A crane: a winch pays a wire rope out over the pulley at the tip of a
 * boom to a hanging payload (a rigid body with mass and inertia) that swings
 * sideways (dynamics, axial ALE cable, HHT on the rotation group).
 *
 * Geometry (m; x along the boom, y up, z sideways; gravity -y):
 *
 *     W (winch) ------------------ . pulley (radius R, centre 0, on the boom)
 *     (-Lh, R)                       `.
 *                                      K (R, 0): the rope leaves the pulley
 *                                      |  hanging length l, tilted sideways by phi
 *                                      P  hook: the rope's end, fastened to the payload
 *                                    [ m ] the payload's centre of mass, b below P
 *
 *  - W is fixed in space; its material coordinate follows the host's
 *    pay-out schedule s_W(t) = s_W0 - paid(t) (alecable_prescribe_motion);
 *  - the rope wraps a quarter turn of the pulley (alecable_pulley_wrap, s
 *    free) and hangs from K; the boom and its pulley are one fixed body;
 *  - the payload is a free rigid body (6 dofs) fastened at its point P
 *    (alecable_attach, hold_s = 1);
 *  - the rope is prestretched for the tension m g cos(phi0) (its axial
 *    strain is Green-Lagrange: E A (F^3 - F) / 2 = T gives the stretch F),
 *    so the release excites the swing and next to no bouncing.
 *
 * Swing.  Out of the pulley's plane the rope pivots about K.  A payload
 * hung from a rope is a double pendulum: the rope's angle phi and the
 * payload's angle theta about the hook.  Linearized, with l the (stretched)
 * hanging length, b the hook's distance from the centre of mass and J the
 * payload's moment of inertia about the swing axis through its centre,
 *     M = [m l^2, m l b; m l b, m b^2 + J],  K = [m g l, 0; 0, m g b],
 * and the pendulum mode's w^2 is the smaller root of
 *     l J w^4 - g (J + m b (l + b)) w^2 + m g^2 b = 0,
 * i.e. T = 2 pi sqrt(l / g) corrected for the payload's size and inertia;
 * with J = 0 it is the simple pendulum of length l + b, and the compound
 * pendulum 2 pi sqrt((J + m d^2) / (m g d)), d = l + b, is its limit for a
 * payload that cannot turn about the hook.  The payload is released at rest
 * in that mode's shape (theta / phi = (g - w^2 l) / (w^2 b)), so the swing
 * has one period.  The formula neglects the rope's mass: the default rope
 * is light (--rope-mass).
 *
 * Pay-out.  After --swings periods the winch pays --payout m of rope at
 * --speed m/s with cosine ramps of --ramp s.  Frictionless and light, the
 * rope keeps its tension, so the hanging length grows by the paid-out length
 * times the stretch: l(t) = l0 + F paid(t), F = l0 / (its material length)
 * at the start; the payload descends by that times cos(phi).
 *
 * Checks (printed): the swing period against the formula, relative; the
 * hanging length against l0 + F paid over the pay-out, relative to the
 * paid-out length; the rope tension's mean over the swing against m g.
 *
 * --presolve: the start a host would take, a static pre-solve handing over
 * to dynamics, instead of the prestretch worked out by hand and the release
 * in the swing's shape.  The rope is laid out unstretched, hanging straight
 * down, and the winch sits on the boom, which the host drives
 * (alecable_body_prescribe): at rest until --t0, then slewed sideways by
 * (l0 + b) phi0 in --slew s (a quintic: no jump in velocity or
 * acceleration), which sets the payload swinging.  The model's time is set
 * to --t0 (alecable_model_set_time), the pre-solve finds the hanging
 * equilibrium under full loads with the boom and the winch where they stand
 * at t0 (the default clock holds them there), and dynamics start from it at
 * t0 (alecable_model_integrator).  Printed: the winch and the rope tension
 * after the first step against statics (one clock: nothing jumps), then the
 * same checks (the swing measured after the slew, K moving with the boom).
 *
 * --swing in-plane (issue 24): the payload swings in the pulley's plane
 * (about z, released at phi0 towards +x), so the point where the rope
 * leaves the pulley travels around it, and the rope wraps and unwraps.  The
 * pulley is then a sheave (alecable_sheave): its nodes' places on the
 * circle are not given but found, the two contact boundaries (towards the
 * winch and towards the hook) leaving along the tangent, the nodes between
 * evenly spread.  Printed besides the checks above (the period formula,
 * for a rope pivoting about a fixed point, is then only approximate: the
 * hanging length changes by R times the departure's travel):
 *   - statics: a sequence of payload positions, the payload pulled sideways
 *     at its centre (m g tan phi, phi from phi0 to -phi0 in 5 solves, each
 *     from the last) on a twin of the model: the departure points' largest
 *     distance from the geometric tangent points of the straight spans
 *     (from the hook and from the winch), the wrap angle against the light
 *     rope's 90 deg - phi, and the mesh equations' multipliers;
 *   - dynamics: the same distance, largest over the run, and the energy
 *     (strain, gravity, kinetic) over the swing with the winch stopped,
 *     largest |E - E0| relative to the swing's energy m g l0 (1 - cos phi0)
 *     (frictionless: with --method newmark, the trapezoidal rule, it
 *     closes to O(h^2); HHT's numerical damping takes its share);
 * as result keys tangent_err_m (statics and dynamics, the larger),
 * tangent_err_static_m, energy_err_rel and wrap_min_deg, wrap_max_deg (the
 * range of the wrap angle along the motion); status 1 when the departure
 * is off the tangent point by more than 1e-9 m.
 *
 * --luff (issue 24): the boom luffs, turned up about its foot (the boom
 * body's origin, (-Lh, 0, 0)) through --luff-angle in --luff-time from
 * t = 0 (a quintic in time), the rope over the sheave as in --swing
 * in-plane (which --luff implies; the payload released as there, so it
 * swings as the boom lifts it).  The boom is a body prescribed by the host
 * (alecable_body_prescribe), the way --presolve slews it: the host's motor
 * is ideal, so a prescribed motion is what it gives.  The winch stays put,
 * so both departure points travel around the sheave (in the boom's frame)
 * as it turns.  Printed:
 *   - statics: the twin, its payload hanging plumb, the boom stood at nine
 *     angles of its schedule (t = k T / 8), each solve from the last: the
 *     departure points' largest distance from the geometric tangent points,
 *     the wrap angle against the light rope's (from the winch's tangent
 *     point round to the hook's), the mesh multipliers;
 *   - dynamics: the same distance along the motion, and the energy balance
 *     with the drive's work W = int P dt (trapezoidal rule on the steps;
 *     P = the moment the drive puts on the boom about z, minus the
 *     multiplier of its rotation row, times the luffing rate: its foot does
 *     not move): largest |E - E0 - W| over the swing with the winch
 *     stopped, relative to the drive's whole work (frictionless: newmark
 *     closes it to O(h^2));
 * as result keys the in-plane ones (energy_err_rel: this balance) and
 * drive_work (J), wrap_static_err_rad. */
#include "common.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct params {
    double mass, J, b, l, R, Lh, E, A_mm2, rope_mass, g, phi0_deg, h, swings, payout, speed, ramp, settle;
    int n_wrap, presolve;
    double t_start, slew;
    const char *csv, *vtk, *method;
    int vtk_legacy; /* --vtk-legacy */
    const char *swing; /* --swing: out-of-plane, in-plane */
    int in_plane;
    int luff; /* --luff: in-plane, the boom turned about its foot by the host */
    double luff_deg, luff_time;
} params;

/* The winch: paid(t) from t0 at speed u, cosine ramps of tr at both ends */
typedef struct winch {
    double s0, t0, u, tr, total; /* total: the paid-out length */
} winch;

static void winch_paid(const winch *w, double t, double *paid, double *rate, double *acc)
{
    double tc = w->total / w->u - w->tr; /* time at full speed */
    double t1 = w->t0 + w->tr, t2 = t1 + tc, t3 = t2 + w->tr, x;
    if (w->total <= 0.0 || t <= w->t0) {
        *paid = *rate = *acc = 0.0;
    } else if (t < t1) { /* rate u (1 - cos(pi x)) / 2 */
        x = (t - w->t0) / w->tr;
        *paid = 0.5 * w->u * w->tr * (x - sin(M_PI * x) / M_PI);
        *rate = 0.5 * w->u * (1.0 - cos(M_PI * x));
        *acc = 0.5 * w->u * M_PI / w->tr * sin(M_PI * x);
    } else if (t < t2) {
        *paid = 0.5 * w->u * w->tr + w->u * (t - t1);
        *rate = w->u;
        *acc = 0.0;
    } else if (t < t3) { /* rate u (1 + cos(pi x)) / 2 */
        x = (t - t2) / w->tr;
        *paid = 0.5 * w->u * w->tr + w->u * tc + 0.5 * w->u * w->tr * (x + sin(M_PI * x) / M_PI);
        *rate = 0.5 * w->u * (1.0 + cos(M_PI * x));
        *acc = -0.5 * w->u * M_PI / w->tr * sin(M_PI * x);
    } else {
        *paid = w->total;
        *rate = *acc = 0.0;
    }
}

static int winch_motion(void *user, double t, double *value, double *rate, double *acc)
{
    const winch *w = (const winch *)user;
    double p, r, a;
    winch_paid(w, t, &p, &r, &a);
    *value = w->s0 - p;
    *rate = -r;
    *acc = -a;
    return 0;
}

/* --presolve: the boom's sideways slew z(t) = A p((t - t0) / T), p the
 * quintic 10 x^3 - 15 x^4 + 6 x^5 (rate and acceleration 0 at both ends) */
typedef struct slew {
    double x0[3], A, t0, T;
    int dir; /* the slew's direction: 2 (z, sideways), 0 (x, along the boom: --swing in-plane) */
} slew;

static int boom_frame(void *user, double t, double x[3], double R[9], double v[3], double w[3], double a[3],
                      double al[3])
{
    const slew *sl = (const slew *)user;
    double u = (t - sl->t0) / sl->T, p = 0.0, dp = 0.0, ddp = 0.0;
    int k;
    if (u >= 1.0) {
        p = 1.0;
    } else if (u > 0.0) {
        p = u * u * u * (10.0 - 15.0 * u + 6.0 * u * u);
        dp = 30.0 * u * u * (1.0 - u) * (1.0 - u) / sl->T;
        ddp = 60.0 * u * (1.0 - u) * (1.0 - 2.0 * u) / (sl->T * sl->T);
    }
    memset(R, 0, 9 * sizeof *R);
    R[0] = R[4] = R[8] = 1.0;
    for (k = 0; k < 3; k++) x[k] = sl->x0[k], v[k] = a[k] = w[k] = al[k] = 0.0;
    x[sl->dir] += sl->A * p;
    v[sl->dir] = sl->A * dp;
    a[sl->dir] = sl->A * ddp;
    return 0;
}

/* --luff: the boom's frame, origin at its foot x0, turned about z by
 * alpha(t) = A p((t - t0) / T), p the same quintic as the slew's */
typedef struct luff {
    double x0[3], A, t0, T;
} luff;

static double luff_angle(const luff *lf, double t, double *rate, double *acc)
{
    double u = (t - lf->t0) / lf->T;
    *rate = *acc = 0.0;
    if (u >= 1.0) return lf->A;
    if (u <= 0.0) return 0.0;
    *rate = lf->A * 30.0 * u * u * (1.0 - u) * (1.0 - u) / lf->T;
    *acc = lf->A * 60.0 * u * (1.0 - u) * (1.0 - 2.0 * u) / (lf->T * lf->T);
    return lf->A * u * u * u * (10.0 - 15.0 * u + 6.0 * u * u);
}

static int luff_frame(void *user, double t, double x[3], double R[9], double v[3], double w[3], double a[3],
                      double al[3])
{
    const luff *lf = (const luff *)user;
    double rate, acc, al_z = luff_angle(lf, t, &rate, &acc);
    int k;
    memset(R, 0, 9 * sizeof *R);
    R[0] = R[4] = cos(al_z);
    R[1] = -sin(al_z);
    R[3] = sin(al_z);
    R[8] = 1.0;
    for (k = 0; k < 3; k++) x[k] = lf->x0[k], v[k] = a[k] = w[k] = al[k] = 0.0;
    w[2] = rate;
    al[2] = acc;
    return 0;
}

/* the stretch F under the tension T: E A (F^3 - F) / 2 = T (Newton from 1) */
static double stretch_for(double EA, double T)
{
    double F = 1.0;
    int k;
    for (k = 0; k < 50; k++) {
        double r = 0.5 * EA * (F * F * F - F) - T, d = 0.5 * EA * (3.0 * F * F - 1.0);
        F -= r / d;
        if (fabs(r) < 1e-14 * (T + EA)) break;
    }
    return F;
}

/* the pendulum mode: w^2, and theta / phi */
static double swing_mode(const params *p, double l, double *ratio)
{
    double B = p->J + p->mass * p->b * (l + p->b), w2;
    if (p->J > 0.0)
        w2 = p->g * (B - sqrt(B * B - 4.0 * l * p->J * p->mass * p->b)) / (2.0 * l * p->J);
    else
        w2 = p->g / (l + p->b);
    *ratio = p->b > 0.0 ? (p->g - w2 * l) / (w2 * p->b) : 0.0;
    return w2;
}

typedef struct crane {
    alecable_model *m;
    alecable_cable *c;
    alecable_body *boom, *payload;
    alecable_node *W, *K, *P;
    alecable_element *hang;
    alecable_joint *sheave; /* --swing in-plane */
    alecable_joint *drive;  /* --luff: the boom's prescribed motion */
    luff lf;
    alecable_node *wn[64];  /* the nodes on the pulley, from the winch's side */
    winch w;
    slew sl;
    double F, l0, phi0, theta0, w2;
} crane;

static void build(const params *p, crane *cr)
{
    alecable_section sec;
    alecable_body_params bp;
    alecable_pulley_params pp;
    alecable_node *wn[64], *bn;
    double ang[64], x[3] = {0, 0, 0}, s, grav[3] = {0, 0, 0}, patt[3] = {0, 0, 0}, chord, T0, c, sn;
    int i;
    cr->drive = NULL;
    ex_check(NULL, alecable_model_create(&cr->m, NULL), "model_create");
    grav[1] = -p->g;
    ex_check(cr->m, alecable_model_set_gravity(cr->m, grav), "set_gravity");
    cr->phi0 = p->phi0_deg * M_PI / 180.0;
    T0 = p->mass * p->g * cos(cr->phi0);
    cr->F = stretch_for(p->E * p->A_mm2 * 1e-6, T0);
    cr->l0 = p->l * cr->F; /* --length is the unstretched hanging length */
    cr->w2 = swing_mode(p, cr->l0, &c);
    cr->theta0 = c * cr->phi0;
    if (p->presolve) { /* unstretched, hanging straight: the pre-solve stretches it */
        cr->F = stretch_for(p->E * p->A_mm2 * 1e-6, p->mass * p->g); /* for the checks only */
        cr->l0 = p->l;
        cr->phi0 = cr->theta0 = 0.0;
    }
    alecable_section_init(&sec);
    sec.E = p->E;
    sec.A = p->A_mm2 * 1e-6;
    sec.rho = p->rope_mass / sec.A;
    ex_check(cr->m, alecable_cable_create(&cr->c, cr->m, ALECABLE_ELEMENT_AXIAL, &sec), "cable_create");
    /* W, then the wrap from the top (pi/2) to K (0): chords, prestretched */
    s = 0.0;
    x[0] = -p->Lh;
    x[1] = p->R;
    ex_check(cr->m, alecable_cable_add_node(&cr->W, cr->c, x, s), "add_node W");
    s += p->Lh / (p->presolve ? 1.0 : cr->F);
    /* in-plane: the wrap from the top to the tangent point at phi0 */
    chord = p->in_plane ? 2.0 * p->R * sin(0.5 * (0.5 * M_PI - cr->phi0) / (p->n_wrap - 1))
                        : 2.0 * p->R * sin(0.25 * M_PI / (p->n_wrap - 1));
    for (i = 0; i < p->n_wrap; i++) {
        ang[i] = p->in_plane ? 0.5 * M_PI - (0.5 * M_PI - cr->phi0) * (double)i / (p->n_wrap - 1)
                             : 0.5 * M_PI * (1.0 - (double)i / (p->n_wrap - 1));
        x[0] = p->R * cos(ang[i]);
        x[1] = p->R * sin(ang[i]);
        if (i > 0) s += chord / (p->presolve ? 1.0 : cr->F);
        ex_check(cr->m, alecable_cable_add_node(&wn[i], cr->c, x, s), "add_node wrap");
    }
    cr->K = wn[p->n_wrap - 1];
    memcpy(cr->wn, wn, (size_t)p->n_wrap * sizeof *wn);
    /* the hanging span, tilted by phi0 about x: direction (0, -cos, -sin);
     * in-plane about z, leaving the pulley at angle phi0: (sin, -cos, 0) */
    c = cos(cr->phi0);
    sn = sin(cr->phi0);
    if (p->in_plane) {
        x[0] = p->R * c + cr->l0 * sn;
        x[1] = p->R * sn - cr->l0 * c;
        x[2] = 0.0;
    } else {
        x[0] = p->R;
        x[1] = -cr->l0 * c;
        x[2] = -cr->l0 * sn;
    }
    ex_check(cr->m, alecable_cable_add_node(&cr->P, cr->c, x, s + p->l), "add_node P");
    ex_check(cr->m, alecable_cable_element(&cr->hang, cr->c, p->n_wrap), "cable_element");
    /* the winch (with --presolve, on the boom: below) */
    cr->w.s0 = 0.0;
    if (!p->presolve)
        for (i = 0; i < 3; i++) ex_check(cr->m, alecable_fix(NULL, cr->m, cr->W, i), "fix W");
    ex_check(cr->m, alecable_prescribe_motion(NULL, cr->m, cr->W, ALECABLE_DOF_S, winch_motion, &cr->w),
             "prescribe W s");
    /* the boom: a fixed body from the winch to the pulley's centre (with
     * --presolve, driven by the host and carrying the winch) */
    alecable_body_params_init(&bp);
    bp.position[0] = -p->Lh;
    ex_check(cr->m, alecable_body_create(&cr->boom, cr->m, &bp), "body_create boom");
    if (p->presolve) {
        double at[3] = {0, 0, 0};
        at[1] = p->R;
        memcpy(cr->sl.x0, bp.position, sizeof cr->sl.x0);
        cr->sl.A = (p->l + p->b) * p->phi0_deg * M_PI / 180.0;
        cr->sl.t0 = p->t_start;
        cr->sl.T = p->slew;
        cr->sl.dir = p->in_plane ? 0 : 2;
        ex_check(cr->m, alecable_body_prescribe(NULL, cr->m, cr->boom, boom_frame, &cr->sl), "body_prescribe boom");
        ex_check(cr->m, alecable_attach(NULL, cr->m, cr->W, cr->boom, at, 0), "attach W");
    } else if (p->luff) { /* the boom turned about its foot (the body's origin) by the host */
        memcpy(cr->lf.x0, bp.position, sizeof cr->lf.x0);
        cr->lf.A = p->luff_deg * M_PI / 180.0;
        cr->lf.t0 = 0.0;
        cr->lf.T = p->luff_time;
        ex_check(cr->m, alecable_body_prescribe(&cr->drive, cr->m, cr->boom, luff_frame, &cr->lf), "body_prescribe boom");
    } else {
        ex_check(cr->m, alecable_body_fix(cr->m, cr->boom), "body_fix boom");
    }
    alecable_pulley_params_init(&pp);
    pp.centre[0] = p->Lh;
    pp.radius = p->R;
    cr->sheave = NULL;
    if (p->in_plane)
        ex_check(cr->m, alecable_sheave(&cr->sheave, cr->m, cr->boom, &pp, p->n_wrap, wn, ang), "sheave");
    else
        ex_check(cr->m, alecable_pulley_wrap(NULL, cr->m, cr->boom, &pp, p->n_wrap, wn, ang), "pulley_wrap");
    /* the payload: frame at its centre of mass, turned by theta0 about x
     * (in-plane: about z); the hook P at (0, b, 0) in it */
    alecable_body_params_init(&bp);
    bp.mass = p->mass;
    bp.inertia[0] = bp.inertia[4] = bp.inertia[8] = p->J;
    c = cos(cr->theta0);
    sn = sin(cr->theta0);
    ex_check(cr->m, alecable_node_position(cr->P, x), "node_position P");
    if (p->in_plane) {
        bp.rotation[0] = bp.rotation[4] = c;
        bp.rotation[1] = -sn;
        bp.rotation[3] = sn;
        bp.position[0] = x[0] + p->b * sn;
        bp.position[1] = x[1] - p->b * c;
        bp.position[2] = x[2];
    } else {
        bp.rotation[4] = bp.rotation[8] = c;
        bp.rotation[5] = -sn;
        bp.rotation[7] = sn;
        bp.position[0] = x[0];
        bp.position[1] = x[1] - p->b * c;
        bp.position[2] = x[2] - p->b * sn;
    }
    ex_check(cr->m, alecable_body_create(&cr->payload, cr->m, &bp), "body_create payload");
    patt[1] = p->b;
    ex_check(cr->m, alecable_attach(NULL, cr->m, cr->P, cr->payload, patt, 1), "attach");
    if (p->presolve) { /* a tagline: nothing else keeps the payload from spinning about the rope in statics */
        ex_check(cr->m, alecable_body_node(&bn, cr->payload), "body_node");
        ex_check(cr->m, alecable_fix(NULL, cr->m, bn, ALECABLE_DOF_RY), "fix payload ry");
    }
}

static double dist3(const double a[3], const double b[3])
{
    return sqrt((a[0] - b[0]) * (a[0] - b[0]) + (a[1] - b[1]) * (a[1] - b[1]) + (a[2] - b[2]) * (a[2] - b[2]));
}

/* --swing in-plane: the largest distance of the two departure nodes (K
 * towards the hook, the first node towards the winch) from the geometric
 * tangent points of their straight spans (from the hook P and the winch W),
 * in the pulley's plane: the tangent from a point at distance d from the
 * centre touches at its angle + acos(R / d) (the hook's side, the wrap
 * turning clockwise) or - acos(R / d) (the winch's side) */
static double tangent_error(const params *p, const crane *cr, double *wrap_geom)
{
    double xb[3], Rb[9], c[3], u[3], v[3], err = 0.0, th_side[2];
    int side, k;
    alecable_body_pose(cr->boom, xb, Rb);
    for (k = 0; k < 3; k++) {
        c[k] = xb[k] + Rb[3 * k] * p->Lh; /* the centre: (Lh, 0, 0) in the boom's frame */
        u[k] = Rb[3 * k];
        v[k] = Rb[3 * k + 1];
    }
    for (side = 0; side < 2; side++) {
        double X[3], Y[3], T[3], z[3], pp, qq, th;
        alecable_node_position(side ? cr->P : cr->W, X);
        alecable_node_position(side ? cr->K : cr->wn[0], Y);
        for (k = 0; k < 3; k++) z[k] = X[k] - c[k];
        pp = z[0] * u[0] + z[1] * u[1] + z[2] * u[2];
        qq = z[0] * v[0] + z[1] * v[1] + z[2] * v[2];
        th = atan2(qq, pp) + (side ? 1.0 : -1.0) * acos(p->R / sqrt(pp * pp + qq * qq));
        th_side[side] = th;
        for (k = 0; k < 3; k++) T[k] = c[k] + p->R * (cos(th) * u[k] + sin(th) * v[k]);
        err = fmax(err, dist3(Y, T));
    }
    if (wrap_geom) { /* the light rope's wrap: from the winch's tangent point round to the hook's */
        *wrap_geom = th_side[0] - th_side[1];
        while (*wrap_geom < 0.0) *wrap_geom += 2.0 * M_PI;
        while (*wrap_geom >= 2.0 * M_PI) *wrap_geom -= 2.0 * M_PI;
    }
    return err;
}

/* the length of the rope's chords on the pulley */
static double wrap_length(const params *p, const crane *cr)
{
    double a[3], b[3], len = 0.0;
    int i;
    alecable_node_position(cr->wn[0], a);
    for (i = 1; i < p->n_wrap; i++) {
        alecable_node_position(cr->wn[i], b);
        len += dist3(a, b);
        memcpy(a, b, sizeof a);
    }
    return len;
}

/* --swing in-plane, statics: a twin of the model, its payload pulled
 * sideways at its centre of mass by m g tan(phi) for phi = phi0, phi0/2, 0,
 * -phi0/2, -phi0 (the light rope's angle), each solve from the last: the
 * largest tangent error, the wrap angle against 90 deg - phi (the light
 * rope's) and the mesh equations' multipliers relative to the tension */
static int statics_sequence(const params *p, double *tan_err, double *wrap_err, double *mu_rel)
{
    crane st;
    alecable_load *H;
    alecable_node *bn;
    double f[3] = {0, 0, 0}, at[3] = {0, 0, 0}, phi0 = p->phi0_deg * M_PI / 180.0;
    int k, i, st_ok = 1;
    build(p, &st);
    ex_check(st.m, alecable_load_body_force(&H, st.m, st.payload, at, f), "load_body_force");
    if (!p->presolve) { /* the tagline (--presolve's model has it) */
        ex_check(st.m, alecable_body_node(&bn, st.payload), "body_node");
        ex_check(st.m, alecable_fix(NULL, st.m, bn, ALECABLE_DOF_RY), "fix payload ry");
    }
    *tan_err = *wrap_err = *mu_rel = 0.0;
    printf("statics (a twin of the model, the payload pulled sideways at its centre):\n");
    for (k = 0; k < 5; k++) {
        alecable_quasistatic_options qo;
        double phi = phi0 * (1.0 - 0.5 * k), wrap, te, T = p->mass * p->g / cos(phi), mu = 0.0;
        f[0] = p->mass * p->g * tan(phi);
        ex_check(st.m, alecable_load_set(H, f), "load_set");
        alecable_quasistatic_options_init(&qo);
        qo.load_steps = 1;
        if (p->presolve && k == 0) qo.load_steps = 2; /* from the unstretched rope */
        else qo.t0 = 1.0;                                /* at full load from where it stands */
        if (alecable_solve_quasistatic(st.m, &qo, NULL) != ALECABLE_OK) {
            printf("  phi %g deg: statics failed: %s\n", phi * 180.0 / M_PI, alecable_model_errmsg(st.m));
            st_ok = 0;
            break;
        }
        te = tangent_error(p, &st, NULL);
        ex_check(st.m, alecable_sheave_wrap_angle(st.sheave, &wrap), "sheave_wrap_angle");
        for (i = 0; i < p->n_wrap; i++) {
            double m_i;
            ex_check(st.m, alecable_sheave_node(st.sheave, i, NULL, NULL, &m_i), "sheave_node");
            mu = fmax(mu, fabs(m_i) / T);
        }
        printf("  rope at %+7.3f deg: departure off the tangent points by %.3e m; wrap %.9f deg (light rope %.9f deg); "
               "mesh multipliers %.3e of the tension\n", phi * 180.0 / M_PI, te, wrap * 180.0 / M_PI,
               90.0 - phi * 180.0 / M_PI, mu);
        *tan_err = fmax(*tan_err, te);
        *wrap_err = fmax(*wrap_err, fabs(wrap - (0.5 * M_PI - phi)));
        *mu_rel = fmax(*mu_rel, mu);
    }
    alecable_model_destroy(st.m);
    return st_ok;
}

/* --luff, statics: a twin of the model, the payload hanging plumb (a
 * tagline on its spin), the boom stood at the luffing angles of the
 * drive's schedule at t = t0 + T k / 8, k = 0..8 (the solve's clock holds
 * the model's time), each solve from the last: the largest tangent error,
 * the wrap angle against the light rope's (from the winch's tangent point
 * round to the hook's) and the mesh equations' multipliers relative to the
 * tension */
static int statics_luff(const params *p, double *tan_err, double *wrap_err, double *mu_rel)
{
    crane st;
    alecable_node *bn;
    int k, i, st_ok = 1;
    build(p, &st);
    ex_check(st.m, alecable_body_node(&bn, st.payload), "body_node");
    ex_check(st.m, alecable_fix(NULL, st.m, bn, ALECABLE_DOF_RY), "fix payload ry");
    *tan_err = *wrap_err = *mu_rel = 0.0;
    printf("statics (a twin of the model, the payload hanging plumb, the boom stood at its luffing angles):\n");
    for (k = 0; k <= 8; k++) {
        alecable_quasistatic_options qo;
        double t = st.lf.t0 + st.lf.T * k / 8.0, rate, acc, alpha = luff_angle(&st.lf, t, &rate, &acc);
        double wrap, geom, te, T = p->mass * p->g, mu = 0.0, dep;
        ex_check(st.m, alecable_model_set_time(st.m, t), "model_set_time");
        alecable_quasistatic_options_init(&qo);
        qo.load_steps = 1;
        qo.t0 = 1.0; /* at full load from where it stands */
        if (alecable_solve_quasistatic(st.m, &qo, NULL) != ALECABLE_OK) {
            printf("  boom at %g deg: statics failed: %s\n", alpha * 180.0 / M_PI, alecable_model_errmsg(st.m));
            st_ok = 0;
            break;
        }
        te = tangent_error(p, &st, &geom);
        ex_check(st.m, alecable_sheave_wrap_angle(st.sheave, &wrap), "sheave_wrap_angle");
        ex_check(st.m, alecable_sheave_node(st.sheave, p->n_wrap - 1, &dep, NULL, NULL), "sheave_node");
        for (i = 0; i < p->n_wrap; i++) {
            double m_i;
            ex_check(st.m, alecable_sheave_node(st.sheave, i, NULL, NULL, &m_i), "sheave_node");
            mu = fmax(mu, fabs(m_i) / T);
        }
        printf("  boom at %7.3f deg: departure at %+8.3f deg on the sheave, off the tangent points by %.3e m; wrap "
               "%.9f deg (light rope %.9f deg); mesh multipliers %.3e of the tension\n", alpha * 180.0 / M_PI,
               dep * 180.0 / M_PI, te, wrap * 180.0 / M_PI, geom * 180.0 / M_PI, mu);
        *tan_err = fmax(*tan_err, te);
        *wrap_err = fmax(*wrap_err, fabs(wrap - geom));
        *mu_rel = fmax(*mu_rel, mu);
    }
    alecable_model_destroy(st.m);
    return st_ok;
}

int main(int argc, char **argv)
{
    params p = {500.0, 40.0, 0.5, 5.0, 0.3, 4.0, 1e11, 200.0, 0.01, 9.81, 2.0, 5e-3, 4.0, 2.0, 0.5, 1.0, 4.0, 9,
                0, 0.0, 1.0, NULL, NULL, "hht", 0, "out-of-plane", 0, 0, 20.0, 4.0};
    crane cr;
    alecable_integrator *it;
    alecable_dynamic_options o;
    ex_vtk_series vs;
    FILE *csv = NULL;
    double T_ref, t_end, t_pay_end, prev = 0.0, t_prev = 0.0, t_first = -1.0, t_last = -1.0, T_sim = -1.0;
    double tens_sum = 0.0, tens_min = 1e300, tens_max = -1e300, len_err = 0.0, wall, mg, xK[3], y_start = 0.0;
    double descent = 0.0, paid_end = 0.0, len_end = 0.0, t_swing = 0.0, N_static = 0.0, s_static = 0.0;
    double tan_static = 0.0, wrap_static_err = 0.0, mu_static = 0.0, tan_dyn = 0.0, e_err = 0.0, E0 = 0.0;
    double wrap_lo = 1e300, wrap_hi = -1e300, poly0 = 0.0, e_scale = 1.0;
    double W_drive = 0.0, P_prev = 0.0, e_luff = 0.0;
    int e_started = 0;
    long k, steps, n_tens = 0;
    int rc, crossings = 0, status = 0, method;
    ex_opt opts[] = {
        {"--mass", 'd', &p.mass, "payload mass [kg]"},
        {"--inertia", 'd', &p.J, "payload moment of inertia about its centre of mass (every axis) [kg m^2]"},
        {"--hook", 'd', &p.b, "distance from the hook (the rope's end) to the payload's centre of mass [m]"},
        {"--length", 'd', &p.l, "unstretched hanging rope length at the start [m]"},
        {"--radius", 'd', &p.R, "pulley radius [m]"},
        {"--run", 'd', &p.Lh, "rope length from the winch to the pulley [m]"},
        {"--E", 'd', &p.E, "rope's Young's modulus [Pa]"},
        {"--A", 'd', &p.A_mm2, "rope's metallic area [mm^2]"},
        {"--rope-mass", 'd', &p.rope_mass, "rope's mass per length [kg/m] (the period formula neglects it)"},
        {"--g", 'd', &p.g, "gravity [m/s^2]"},
        {"--angle", 'd', &p.phi0_deg, "initial sideways swing angle of the rope [deg]"},
        {"--h", 'd', &p.h, "time step [s]"},
        {"--method", 's', &p.method, "integrator: newmark, hht, bossak, genalpha"},
        {"--swings", 'd', &p.swings, "swing periods with the winch stopped, before the pay-out"},
        {"--payout", 'd', &p.payout, "rope length the winch pays out after the swings [m] (0: none)"},
        {"--speed", 'd', &p.speed, "pay-out speed [m/s]"},
        {"--ramp", 'd', &p.ramp, "duration of the winch's start and stop ramps [s]"},
        {"--settle", 'd', &p.settle, "time simulated after the pay-out [s]"},
        {"--wrap-nodes", 'i', &p.n_wrap, "nodes on the pulley (quarter turn), 2..64"},
        {"--presolve", 'f', &p.presolve, "start from a static pre-solve (rope unstretched, hanging straight) at --t0, "
                                         "the swing set off by a sideways slew of the boom"},
        {"--t0", 'd', &p.t_start, "with --presolve: the model's time of the pre-solve and the slew's start [s]"},
        {"--slew", 'd', &p.slew, "with --presolve: the slew's duration [s]"},
        {"--csv", 's', &p.csv, "write t, paid, tension, payload position, rope angle, hanging length (CSV); in-plane and --luff: "
                          "then the wrap angle and the departure point's angle on the sheave"},
        {"--vtk", 's', &p.vtk, "existing directory for a VTK series (crane_NNNNN.vtp and crane.pvd: rope, boom, pulley, payload), every 0.1 s"},
        {"--vtk-legacy", 'f', &p.vtk_legacy, EX_VTK_LEGACY_HELP},
        {"--swing", 's', &p.swing, "out-of-plane, or in-plane: the payload swings in the pulley's plane over a sheave "
                                   "whose contact region the rope finds (alecable_sheave)"},
        {"--luff", 'f', &p.luff, "the boom luffs: turned up about its foot by the host (a prescribed motion) through "
                                 "--luff-angle in --luff-time from t = 0, the rope over a sheave (implies --swing in-plane)"},
        {"--luff-angle", 'd', &p.luff_deg, "with --luff: the luffing angle, up from horizontal [deg]"},
        {"--luff-time", 'd', &p.luff_time, "with --luff: the time the boom takes to luff [s]"},
        {NULL, 0, NULL, NULL}};
    rc = ex_parse(argc, argv, opts, "A crane: a winch pays rope out over a boom's pulley to a swinging payload.");
    if (rc) return rc > 0 ? 0 : 2;
    method = ex_method(p.method);
    p.in_plane = strcmp(p.swing, "in-plane") == 0;
    if (!p.in_plane && strcmp(p.swing, "out-of-plane") != 0) {
        fprintf(stderr, "crane: --swing %s: give out-of-plane or in-plane\n", p.swing);
        return 2;
    }
    if (p.luff) {
        if (!(isfinite(p.luff_deg) && fabs(p.luff_deg) > 0.0 && fabs(p.luff_deg) <= 60.0) ||
            !(isfinite(p.luff_time) && p.luff_time > 0.0)) {
            fprintf(stderr, "crane: --luff-angle must be in [-60, 60] deg and not 0, --luff-time > 0 s\n");
            return 2;
        }
        if (p.presolve) {
            fprintf(stderr, "crane: --luff and --presolve: give one (both drive the boom)\n");
            return 2;
        }
        p.in_plane = 1;
    }
    if (!(p.mass > 0 && p.J >= 0 && p.b >= 0 && p.l > 0 && p.R > 0 && p.Lh > 0 && p.E > 0 && p.A_mm2 > 0 &&
          p.rope_mass > 0 && p.g > 0 && fabs(p.phi0_deg) < 45 && p.h > 0 && p.swings > 0 && p.payout >= 0 &&
          p.speed > 0 && p.ramp > 0 && p.settle >= 0 && p.n_wrap >= 2 && p.n_wrap <= 64 && isfinite(p.t_start) &&
          p.slew > 0) ||
        method < 0 || method >= ALECABLE_METHOD_SI_BE) {
        fprintf(stderr, "crane: a parameter is out of range (see --help)\n");
        return 2;
    }
    if (p.payout > 0 && p.payout < p.speed * p.ramp) {
        fprintf(stderr, "crane: --payout must be at least --speed x --ramp (both ramps)\n");
        return 2;
    }
    if (p.in_plane && !(p.luff ? statics_luff : statics_sequence)(&p, &tan_static, &wrap_static_err, &mu_static))
        status = 1;
    build(&p, &cr);
    mg = p.mass * p.g;
    e_scale = mg * p.l * (1.0 - cos(p.phi0_deg * M_PI / 180.0)); /* the swing's energy */
    T_ref = 2.0 * M_PI / sqrt(cr.w2);
    if (p.presolve) t_swing = p.t_start + p.slew; /* the swing is measured after the slew */
    cr.w.t0 = t_swing + p.swings * T_ref;
    cr.w.u = p.speed;
    cr.w.tr = p.ramp;
    cr.w.total = p.payout;
    t_pay_end = cr.w.t0 + (p.payout > 0 ? p.payout / p.speed + p.ramp : 0.0);
    t_end = t_pay_end + p.settle;
    steps = (long)ceil((t_end - (p.presolve ? p.t_start : 0.0)) / p.h - 1e-9);
    if (p.presolve) { /* the pre-solve at t0, full loads, the boom and the winch where they stand at t0 */
        alecable_quasistatic_options qo;
        alecable_solve_report rep;
        double x_hook[3], ratio;
        ex_check(cr.m, alecable_model_set_time(cr.m, p.t_start), "model_set_time");
        alecable_quasistatic_options_init(&qo);
        qo.load_steps = 2;
        alecable_solve_report_init(&rep);
        ex_check(cr.m, alecable_solve_quasistatic(cr.m, &qo, &rep), "solve_quasistatic (pre-solve)");
        ex_check(cr.m, alecable_element_axial_force(cr.hang, &N_static), "axial_force");
        ex_check(cr.m, alecable_node_material(cr.W, &s_static), "node_material");
        ex_check(cr.m, alecable_node_position(cr.P, x_hook), "node_position P");
        cr.l0 = -x_hook[1]; /* the hanging length statics found (K at y = 0), and its swing's period */
        cr.w2 = swing_mode(&p, cr.l0, &ratio);
        T_ref = 2.0 * M_PI / sqrt(cr.w2);
        printf("pre-solve at t0 = %g s: %d load steps, %.2f + %.2f Newton iterations per step; tension %.6f N, "
               "hanging length %.9f m (l F = %.9f m)\n", p.t_start, rep.steps_completed, rep.avg_iterations_stage1,
               rep.avg_iterations_stage2, N_static, cr.l0, p.l * cr.F);
    }
    alecable_dynamic_options_init(&o);
    o.method = method;
    o.h = p.h;
    ex_check(cr.m, alecable_model_integrator(&it, cr.m, &o), "model_integrator");
    ex_check(cr.m, alecable_node_position(cr.K, xK), "node_position K");
    if (p.in_plane) poly0 = wrap_length(&p, &cr);
    printf("crane: payload %g kg (J = %g kg m^2, hook %g m above its centre), rope %g m (EA = %.3g N, %g kg/m), "
           "pulley R = %g m\n", p.mass, p.J, p.b, p.l, p.E * p.A_mm2 * 1e-6, p.rope_mass, p.R);
    if (p.presolve) {
        printf("stretch under m g: F = 1 + %.6e; hanging length from statics l0 = %.9f m\n", cr.F - 1.0, cr.l0);
        printf("swing: set off by the boom's slew of %.4f m from t = %g s in %g s\n", cr.sl.A, p.t_start, p.slew);
    } else {
        printf("stretch under m g cos(phi0): F = 1 + %.6e; hanging length l0 = %.9f m\n", cr.F - 1.0, cr.l0);
        printf("swing: released at phi0 = %g deg, theta0 = %.4f deg (the pendulum mode)\n", p.phi0_deg,
               cr.theta0 * 180.0 / M_PI);
    }
    printf("period: rope and payload %.9f s; simple pendulum 2 pi sqrt(l/g) %.6f s, of length l + b %.6f s, "
           "compound %.6f s\n", T_ref, 2 * M_PI * sqrt(cr.l0 / p.g), 2 * M_PI * sqrt((cr.l0 + p.b) / p.g),
           2 * M_PI * sqrt((p.J + p.mass * (cr.l0 + p.b) * (cr.l0 + p.b)) / (mg * (cr.l0 + p.b))));
    if (p.csv) {
        csv = fopen(p.csv, "w");
        if (!csv) {
            fprintf(stderr, "cannot write %s\n", p.csv);
            return 1;
        }
        /* in-plane and --luff: the wrap angle and the departure point's angle on the sheave (the
         * boom's frame) at the end, so the default run's columns stay as they were */
        fprintf(csv, "t,paid,tension,x,y,z,phi_deg,theta_deg,length%s\n", p.in_plane ? ",wrap_deg,departure_deg" : "");
    }
    ex_vtk_begin(&vs, p.vtk, "crane", p.vtk_legacy);
    wall = ex_now();
    for (k = 0; k <= steps; k++) {
        double t = k * p.h, xP[3], xc[3], R[9], N, paid, rate, acc, len, phi, theta, wrap = 0.0, dep = 0.0;
        if (k > 0 && alecable_integrator_step(it, p.h) != ALECABLE_OK) {
            printf("step %ld failed: %s\n", k, alecable_integrator_errmsg(it));
            status = 1;
            break;
        }
        ex_check(cr.m, alecable_model_pull_state(cr.m, it), "pull_state");
        alecable_integrator_get_state(it, &t, NULL, NULL, NULL, NULL);
        alecable_node_position(cr.P, xP);
        if (p.presolve || p.in_plane) alecable_node_position(cr.K, xK); /* moves with the slewing boom, or round the sheave */
        alecable_body_pose(cr.payload, xc, R);
        alecable_element_axial_force(cr.hang, &N);
        winch_paid(&cr.w, t, &paid, &rate, &acc);
        len = dist3(xP, xK);
        phi = atan2(-(xP[2] - xK[2]), -(xP[1] - xK[1]));
        if (p.in_plane) { /* the rope wraps and unwraps: its length on the pulley changes */
            len += wrap_length(&p, &cr) - poly0;
            phi = atan2(xP[0] - xK[0], -(xP[1] - xK[1]));
            tan_dyn = fmax(tan_dyn, tangent_error(&p, &cr, NULL));
            alecable_sheave_wrap_angle(cr.sheave, &wrap);
            alecable_sheave_node(cr.sheave, p.n_wrap - 1, &dep, NULL, NULL);
            wrap_lo = fmin(wrap_lo, wrap);
            wrap_hi = fmax(wrap_hi, wrap);
        }
        if (p.luff) { /* the drive's work: its foot stands, so its power is the moment it puts on the boom
                       * (minus the multipliers' moment, about z: body and space share it) times the rate */
            double lam[6], lr, la, P_now;
            luff_angle(&cr.lf, t, &lr, &la);
            ex_check(cr.m, alecable_joint_multipliers(cr.drive, lam), "joint_multipliers");
            P_now = -lam[5] * lr;
            if (k > 0) W_drive += 0.5 * p.h * (P_prev + P_now);
            P_prev = P_now;
        }
        theta = atan2(R[7], R[4]);
        if (k == 0) y_start = xc[1];
        if (p.presolve && k == 1) { /* one clock: the first step goes on from statics */
            double s_W;
            alecable_node_material(cr.W, &s_W);
            printf("hand-off: after the first step (t = %.6f s) the winch's s = %.3e m (statics %.3e m), tension "
                   "%.6f N = statics (1 %+.3e)\n", t, s_W, s_static, N, N / N_static - 1.0);
        }
        if (t < t_swing - 1e-12) { /* the slew: not part of the swing's figures */
        } else if (t <= cr.w.t0 + 1e-12) { /* the swing, winch stopped */
            if (k > 0 && t_prev >= t_swing - 1e-12 && prev < 0.0 && phi >= 0.0) {
                double tc = t_prev + p.h * (-prev) / (phi - prev);
                if (t_first < 0) t_first = tc;
                t_last = tc;
                crossings++;
            }
            tens_sum += N;
            n_tens++;
            if (p.in_plane) { /* frictionless: the energy keeps */
                double wi, we, kin;
                alecable_model_energy(cr.m, &wi, &we);
                alecable_model_kinetic_energy(cr.m, &kin);
                if (!e_started) E0 = wi + we + kin, e_started = 1;
                e_err = fmax(e_err, fabs(wi + we + kin - E0) / e_scale);
                e_luff = fmax(e_luff, fabs(wi + we + kin - E0 - W_drive));
            }
            tens_min = fmin(tens_min, N);
            tens_max = fmax(tens_max, N);
        } else if (p.payout > 0) { /* hanging length against l0 + F paid */
            len_err = fmax(len_err, fabs(len - cr.l0 - cr.F * paid) / p.payout);
        }
        prev = phi;
        t_prev = t;
        paid_end = paid;
        len_end = len;
        descent = y_start - xc[1];
        if (csv && (k % 10 == 0 || k == steps)) {
            fprintf(csv, "%.4f,%.9f,%.6f,%.9f,%.9f,%.9f,%.6f,%.6f,%.9f", t, paid, N, xc[0], xc[1], xc[2],
                    phi * 180.0 / M_PI, theta * 180.0 / M_PI, len);
            if (p.in_plane) fprintf(csv, ",%.6f,%.6f", wrap * 180.0 / M_PI, dep * 180.0 / M_PI);
            fprintf(csv, "\n");
        }
        if (p.vtk && k % (long)fmax(1.0, floor(0.1 / p.h + 0.5)) == 0) ex_vtk_frame(&vs, cr.m, t);
    }
    wall = ex_now() - wall;
    if (csv) fclose(csv);
    ex_vtk_end(&vs, cr.m);
    if (crossings > 1) T_sim = (t_last - t_first) / (crossings - 1);
    {
        double p_err = T_sim > 0 ? fabs(T_sim - T_ref) / T_ref : -1.0, tmean = tens_sum / (double)n_tens;
        printf("%ld steps of %g s (%s), %.2f s wall\n", steps, p.h, p.method, wall);
        printf("swing, winch stopped: %d periods measured, %.9f s (formula %.9f s): relative difference %.3e\n",
               crossings - 1, T_sim, T_ref, p_err);
        printf("rope tension over the swing: mean %.3f N = m g (1 %+.3e), between %.3f and %.3f N\n", tmean,
               tmean / mg - 1.0, tens_min, tens_max);
        if (p.payout > 0)
            printf("pay-out: %.4f m paid, hanging length %.6f m (l0 + F paid = %.6f m): largest difference %.3e of the "
                   "paid-out length; payload descended %.6f m\n",
                   paid_end, len_end, cr.l0 + cr.F * paid_end, len_err, descent);
        if (T_sim < 0) status = 1;
        if (p.luff) {
            e_err = e_luff / fabs(W_drive);
            printf("luffing boom (%g deg in %g s) over the sheave: departure off the tangent points by %.3e m at most "
                   "in statics (wrap angle within %.3e rad of the light rope's, mesh multipliers %.3e of the "
                   "tension), %.3e m along the motion; wrap angle between %.6f and %.6f deg; the drive's work %.6f J, "
                   "energy balance E - E0 - W kept to %.3e of it (%s)\n", p.luff_deg, p.luff_time, tan_static,
                   wrap_static_err, mu_static, tan_dyn, wrap_lo * 180.0 / M_PI, wrap_hi * 180.0 / M_PI, W_drive, e_err,
                   p.method);
            if (!(fmax(tan_static, tan_dyn) <= 1e-9)) status = 1;
        } else if (p.in_plane) {
            printf("in-plane swing over the sheave: departure off the tangent points by %.3e m at most in statics "
                   "(wrap angle within %.3e rad of the light rope's, mesh multipliers %.3e of the tension), %.3e m "
                   "along the motion; wrap angle between %.6f and %.6f deg; energy over the swing kept to %.3e of "
                   "m g l (1 - cos phi0) (%s)\n", tan_static, wrap_static_err, mu_static, tan_dyn,
                   wrap_lo * 180.0 / M_PI, wrap_hi * 180.0 / M_PI, e_err, p.method);
            if (!(fmax(tan_static, tan_dyn) <= 1e-9)) status = 1;
        }
        printf("result: status=%d period=%.17g period_ref=%.17g period_err=%.17g tension_mean=%.17g tension_mean_err=%.17g "
               "tension_min=%.17g tension_max=%.17g paid=%.17g length_err=%.17g descent=%.17g steps=%ld wall_s=%.3f",
               status, T_sim, T_ref, p_err, tmean, tmean / mg - 1.0, tens_min, tens_max, paid_end, len_err, descent,
               steps, wall);
        if (p.in_plane)
            printf(" tangent_err_m=%.17g tangent_err_static_m=%.17g energy_err_rel=%.17g wrap_min_deg=%.17g "
                   "wrap_max_deg=%.17g", fmax(tan_static, tan_dyn), tan_static, e_err, wrap_lo * 180.0 / M_PI,
                   wrap_hi * 180.0 / M_PI);
        if (p.luff) printf(" drive_work=%.17g wrap_static_err_rad=%.17g", W_drive, wrap_static_err);
        printf("\n");
    }
    alecable_integrator_destroy(it);
    alecable_model_destroy(cr.m);
    return status;
}
