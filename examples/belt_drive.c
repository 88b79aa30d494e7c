/* smoke-test: --steps 12 */
/* A belt drive with Coulomb stick/slip (issue 11, paper 004's law on
 * turning pulleys): a closed belt over a driving pulley D (radius R1) and a
 * driven pulley P (R2 > R1), both free to turn, P loaded by a torsional
 * spring k2 (examples/support/belt_rig.h has the geometry).
 *
 * D's rotation is ramped (a servo: its torque is what it takes), from 0 to
 * Phi in load steps.  Quasistatic equilibrium has no solution for a torque
 * above the slip limit, so the torque cannot be the ramped input in
 * statics; ramping the angle traces the same torque up to the limit and
 * then holds it there while the belt slips on D.  Before that both pulleys
 * turn together: R1 phi1 = R2 phi2 + the elastic creep.  The creep: the
 * slack side loses tension, stretches less and so holds more of the belt's
 * material; that material comes from D's rim, which therefore passes more
 * belt than P's.  With the middle nodes k (on D) and m (on P) stuck since
 * the start (each moves with its rim: stretch0 ds = -R dphi), the material
 * between them along the slack side grows by
 *     dM = (R1 phi1 - R2 phi2) / stretch0,
 * which the example checks against what the elements' tensions say they
 * hold (an element of chord l under tension T holds l / stretch(T)).  (The
 * rim's motion per load step is counted as the chord R sin(dphi) the slip
 * measures.)
 *
 * With --torque-rate the ramp is the torque itself, in dynamics: a motor
 * on D's axle, the wheels' inertia and a damper on P's, HHT; D's wrap
 * slips entirely when the motor's torque reaches the limit (plus what
 * accelerates D), after which D spins up while P stays behind.
 *
 * At the onset D's whole wrap slips and T1/T2 equals the discrete
 * Euler-Eytelwein limit e1 = ((1 + b)/(1 - b))^(n1 - 1), b = mu sin(theta1 /
 * n1) / 2 (the capstan's derivation with the node spacing theta1 / n1):
 * the torque transmitted to P is R2 (T1 - T2) = R2 T2 (e1 - 1); with T1 +
 * T2 = 2 T0 (a belt whose two sides stretch alike) that is the textbook
 * 2 T0 R2 (e1 - 1)/(e1 + 1).
 *
 * With --centre-distance C1 (issue 24) the same open belt runs over D and P
 * as sheaves (alecable_sheave, frictionless, the mesh reactions along the
 * tangent: the contact regions are found, not given) and P's centre moves
 * along the line of centres, prescribed: from C to C1 in load steps
 * (statics), then out to C1 and back in dynamics, C(t) = C + (C1 - C) (1 -
 * cos(2 pi t / T)) / 2 (--T, step --h; HHT, then the trapezoidal rule, a
 * light belt).  At every step the wrap angles are checked against the open
 * belt's geometry, pi -+ 2 asin((R2 - R1) / C) at P's centre of the moment,
 * to 1e-8 rad, and the four contact boundaries against the common
 * tangents' points of contact, to 1e-9 m (statics: a light belt's spans are
 * straight, so it holds to round-off; dynamics: the belt's inertia bends
 * the spans by O(rho), --belt-rho, 0.1 kg/m^3: 1e-9 rad, 1e-10 m); result
 * keys wrap_err_rad (HHT), wrap_err_static_rad, wrap_err_trap_rad,
 * tangent_err_trap_m and wrap_err_dyn_rad, tangent_err_dyn_m (every
 * dynamic run, the friction run's too).
 *
 * Then the slip onset on the sheaves: D and P turning on their axles (P
 * against k2, its axle on a carriage K moved as P was), stick/slip on both
 * sheaves (alecable_wrap_friction), the loop's material held, so the
 * tension follows the centre distance.  Statics: K moved from C to C1 in
 * --steps load steps, then D's rotation ramped in --steps load steps as in
 * the default run, to Phi x (the tension after the move / T0): the onset
 * torque grows with the tension.  At the first step D's whole wrap slips,
 * T1/T2 is checked against the same discrete Euler-Eytelwein limit as the
 * default run's, ((1 + b)/(1 - b))^(n1 - 1), b = mu sin(w1 / n1) / 2, with
 * w1 the wrap angle D's sheave holds then (keys onset_step,
 * wrap1_onset_rad, ratio_onset, ratio_limit, ratio_rel_err; status 1
 * beyond 1e-8, the default run's and test_friction.c's bound) and the wrap
 * angles along it all against the geometry (wrap_err_friction_rad, 1e-8).
 * Dynamics: K out to C1 and back as above while a motor's torque on D
 * rises from 0 (--slip-rate; by default aimed at 3/4 of the period, where P
 * moves back fastest and the falling tension lets the belt go), P's damper
 * c2 and the wheels' J1, J2 in, --method (HHT by default).  The onset is
 * the first step at which every contact on D slips, all the way D drives
 * (while C moves, the nodes travel along the sheaves and the wrap's two
 * ends may slip opposite ways with none stuck); there T1/T2 is checked
 * against the same law at the wrap D's sheave holds at that instant, to
 * 1e-6 (the law is a massless belt's: the belt's inertia takes it by
 * O(rho), 3.5e-9 at 0.1 kg/m^3 with HHT, 1.2e-7 with the trapezoidal
 * rule, whose belt rings undamped); keys onset_t, onset_C, onset_Cdot,
 * wrap1_onset_dyn_rad, ratio_onset_dyn, ratio_limit_dyn,
 * ratio_dyn_rel_err, M_motor_onset.  The run ends there: past it D spins
 * up under a torque the belt can no longer take.  A step whose Newton
 * fails (the stick/slip active set cycling while contacts change state)
 * is cut into halves.
 *
 * In the friction runs the sheaves keep their default (gradient) mesh
 * reaction, which the friction laws read, and the spans' middle nodes J
 * and M are held on their spans' lines as P moves (the gradient reaction
 * pushes a free neighbour sideways: the solve does not converge with them
 * free): their wrap angles and contact boundaries test the sheaves'
 * boundary equations along the move (to round-off), the frictionless runs
 * the spans' own straightness too. */
#include "common.h"
#include "support/belt_rig.h"
#include "support/rig.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* contact i of a friction joint sticks */
static int stuck(const alecable_joint *fr, int i)
{
    alecable_contact c;
    alecable_contact_init(&c);
    alecable_friction_contact(fr, i, &c);
    return c.state == ALECABLE_CONTACT_STICK;
}

/* +1 or -1 when every contact of a friction joint slipped in the last step,
 * all one way (the sign of their slip), else 0: in dynamics the nodes also
 * travel along the sheave as the wrap changes, and contacts at the two
 * ends may slip opposite ways while none sticks */
static int slip_way(const alecable_joint *fr)
{
    int i, n = 0, pos = 0, neg = 0;
    alecable_friction_contacts(fr, &n);
    for (i = 0; i < n; i++) {
        alecable_contact c;
        alecable_contact_init(&c);
        alecable_friction_contact(fr, i, &c);
        if (c.state != ALECABLE_CONTACT_SLIP) return 0;
        pos += c.slip > 0.0, neg += c.slip < 0.0;
    }
    return pos == n ? 1 : neg == n ? -1 : 0;
}

/* The material the slack side between the middle nodes k1 < k2 holds
 * beyond what it held at the pretension, from the elements' tensions: an
 * element of chord l under tension T holds l / stretch(T) */
static double slack_gain(const belt_rig *r, double EA)
{
    double dM = 0.0;
    int e;
    for (e = r->k1; e < r->k2; e++) {
        alecable_element *el;
        double sa, sb, T;
        alecable_cable_element(&el, r->c, e);
        alecable_element_interval(el, &sa, &sb);
        alecable_element_axial_force(el, &T);
        /* its chord is (sb - sa) times its stretch */
        dM += (sb - sa) * axial_stretch(T, EA) * (1.0 / axial_stretch(T, EA) - 1.0 / r->stretch0);
    }
    return dM;
}

/* ---- --centre-distance: the belt on two sheaves whose centre distance varies ---- */

/* P's centre: C + dC w, w = (1 - cos(pi t)) / 2 over the load factor t
 * (statics), (1 - cos(2 pi t / T)) / 2 over the time (dynamics: out and
 * back) */
typedef struct centre_motion {
    double C, dC, T; /* T = 0: statics */
    double rho;      /* the belt's density in dynamics */
    /* the statics friction run (over the load factor t in [0, 2]): P out
     * to C + dC over [0, 1], held there after; D turned by Phi (t - 1) over
     * [1, 2]; both friction runs: R1, R2 for the spans' lines */
    int hold;
    double Phi, R1, R2;
    /* the dynamic friction run: D's motor torque rises at rate [N m/s] */
    double rate;
} centre_motion;

static int centre_fn(void *user, double t, double *value, double *rate, double *accel)
{
    const centre_motion *cm = (const centre_motion *)user;
    double w = cm->T > 0.0 ? 2.0 * M_PI / cm->T : M_PI;
    if (cm->hold && t >= 1.0) {
        *value = cm->C + cm->dC;
        *rate = *accel = 0.0;
        return 0;
    }
    *value = cm->C + cm->dC * 0.5 * (1.0 - cos(w * t));
    *rate = cm->dC * 0.5 * w * sin(w * t);
    *accel = cm->dC * 0.5 * w * w * cos(w * t);
    return 0;
}

/* the friction run's D rotation: 0, then Phi (t - 1) */
static int drive_fn(void *user, double t, double *value, double *rate, double *accel)
{
    const centre_motion *cm = (const centre_motion *)user;
    *value = t > 1.0 ? cm->Phi * (t - 1.0) : 0.0;
    *rate = t > 1.0 ? cm->Phi : 0.0;
    *accel = 0.0;
    return 0;
}

/* a span node at x held on its span's line as P moves (the friction run):
 * the open belt's upper common tangent is y = R1 / cos(beta) + x tan(beta),
 * sin(beta) = (R2 - R1) / C, the lower its mirror image (side -1) */
typedef struct span_node {
    const centre_motion *cm;
    double x, side;
} span_node;

static int span_fn(void *user, double t, double *value, double *rate, double *accel)
{
    const span_node *sn = (const span_node *)user;
    double C, dC, a, d = sn->cm->R2 - sn->cm->R1, sb, cb;
    centre_fn((void *)sn->cm, t, &C, &dC, &a);
    sb = d / C, cb = sqrt(1.0 - sb * sb);
    *value = sn->side * (sn->cm->R1 / cb + sn->x * sb / cb);
    *rate = sn->side * (sn->cm->R1 * sb + sn->x) / (cb * cb * cb) * (-d / (C * C)) * dC;
    /* y'' = y_ss s'^2 + y_s s'' with s = sin(beta) = d / C */
    {
        double ys = sn->side * (sn->cm->R1 * sb + sn->x) / (cb * cb * cb);
        double yss = sn->side * (sn->cm->R1 * cb * cb + 3.0 * sb * (sn->x + sn->cm->R1 * sb)) / pow(cb, 5.0);
        double s1 = -d / (C * C) * dC, s2 = 2.0 * d * dC * dC / (C * C * C) - d * a / (C * C);
        *accel = yss * s1 * s1 + ys * s2;
    }
    return 0;
}

/* the dynamic friction run's motor on D: its torque rises at cm->rate */
static int motor_fn(void *user, double t, double angle, double rate, double *torque, double *dtorque_dangle,
                    double *dtorque_drate)
{
    (void)angle;
    (void)rate;
    *torque = ((const centre_motion *)user)->rate * t;
    *dtorque_dangle = *dtorque_drate = 0.0;
    return 0;
}

typedef struct sheave_belt {
    alecable_model *m;
    alecable_cable *c;
    alecable_body *P;
    alecable_joint *s1, *s2;
    /* with friction: D's prescribed rotation (its multiplier the torque;
     * NULL in dynamics), the friction joints on D's and P's sheaves, P's
     * axle */
    alecable_constraint *drive;
    alecable_joint *fr1, *fr2, *axle2;
    span_node span[3]; /* J's two ends and M */
    /* the contact boundaries: D's on the upper and the lower span, P's on
     * the lower and the upper span */
    alecable_node *bnd[4];
} sheave_belt;

/* The open belt of belt_rig.h (D at the origin, P at (C, 0, 0), the loop
 * closed at J in the middle of the upper span) with D and P as sheaves
 * (alecable_sheave, their mesh reactions along the tangent) instead of
 * fixed wraps, frictionless and light: J's x and both ends' s held (the
 * loop's material), the ends' y and z tied; a free node M in the middle of
 * the lower span; P's body held but along x, where cm moves it.  With
 * friction: D and P on axles at C (statics: D's rotation prescribed;
 * dynamics, cm->T > 0: a motor on D's, P's damper c2; P's spring k2),
 * stick/slip on both sheaves, the loop's material held as in belt_rig.h
 * (s_end - s_start), J and M held on their spans' lines. */
static int sheave_belt_build(sheave_belt *b, const belt_params *p, centre_motion *cm, int friction)
{
    const double o[3] = {0, 0, 0}, zax[3] = {0, 0, 1};
    const double sb = (p->R2 - p->R1) / p->C, beta = asin(sb), cb = cos(beta), EA = p->E * p->A;
    const double a_u = 0.5 * M_PI + beta, a_l = 1.5 * M_PI - beta, th1 = a_l - a_u, th2 = 2.0 * M_PI - th1;
    const int n1 = p->n1, n2 = p->n2, nn = n1 + n2 + 5;
    const int hold[5] = {ALECABLE_DOF_Y, ALECABLE_DOF_Z, ALECABLE_DOF_RX, ALECABLE_DOF_RY, ALECABLE_DOF_RZ};
    double x[2 * BELT_MAX_N + 6][3], ang1[BELT_MAX_N + 1], ang2[BELT_MAX_N + 1], s = 0.0, st0 = axial_stretch(p->T0, EA);
    double coef[2] = {1.0, -1.0};
    alecable_node *nd[2 * BELT_MAX_N + 6], *ends[2], *pn;
    alecable_section sec;
    alecable_body_params bp;
    alecable_pulley_params pp;
    alecable_body *ground, *D = NULL;
    alecable_friction_params fp;
    int i, k, dofs[2];
    memset(b, 0, sizeof *b);
    RIG_TRY(alecable_model_create(&b->m, p->allocator));
    x[0][0] = 0.5 * (p->R1 * -sb + p->C + p->R2 * -sb);
    x[0][1] = 0.5 * (p->R1 + p->R2) * cb;
    x[0][2] = 0.0;
    for (i = 0; i <= n1; i++) {
        ang1[i] = a_u + th1 * i / n1;
        x[1 + i][0] = p->R1 * cos(ang1[i]), x[1 + i][1] = p->R1 * sin(ang1[i]), x[1 + i][2] = 0.0;
    }
    for (i = 0; i <= n2; i++) {
        ang2[i] = -a_u + th2 * i / n2;
        x[n1 + 3 + i][0] = p->C + p->R2 * cos(ang2[i]), x[n1 + 3 + i][1] = p->R2 * sin(ang2[i]);
        x[n1 + 3 + i][2] = 0.0;
    }
    for (k = 0; k < 3; k++) x[n1 + 2][k] = 0.5 * (x[n1 + 1][k] + x[n1 + 3][k]); /* M */
    memcpy(x[nn - 1], x[0], sizeof x[0]);
    alecable_section_init(&sec);
    sec.E = p->E;
    sec.A = p->A;
    sec.rho = cm->T > 0.0 ? cm->rho : 0.0;
    RIG_TRY(alecable_cable_create(&b->c, b->m, ALECABLE_ELEMENT_AXIAL, &sec));
    for (i = 0; i < nn; i++) {
        if (i > 0)
            s += sqrt((x[i][0] - x[i - 1][0]) * (x[i][0] - x[i - 1][0]) + (x[i][1] - x[i - 1][1]) * (x[i][1] - x[i - 1][1])) /
                 st0;
        RIG_TRY(alecable_cable_add_node(&nd[i], b->c, x[i], s));
    }
    alecable_body_params_init(&bp);
    RIG_TRY(alecable_body_create(&ground, b->m, &bp));
    RIG_TRY(alecable_body_fix(b->m, ground));
    alecable_body_params_init(&bp);
    bp.position[0] = p->C;
    bp.mass = 1.0;
    bp.inertia[0] = bp.inertia[4] = 0.5 * p->J2;
    bp.inertia[8] = p->J2;
    RIG_TRY(alecable_body_create(&b->P, b->m, &bp));
    if (friction) {
        /* P turns against its spring k2 on an axle carried by K, which cm
         * moves along x; D turns on one at the origin, its rotation
         * prescribed by drive_fn */
        alecable_node *dn, *kn;
        alecable_body *K;
        const double cP[3] = {p->C, 0, 0};
        RIG_TRY(alecable_body_create(&K, b->m, &bp));
        RIG_TRY(alecable_body_node(&kn, K));
        for (k = 0; k < 5; k++) RIG_TRY(alecable_fix(NULL, b->m, kn, hold[k]));
        RIG_TRY(alecable_prescribe_motion(NULL, b->m, kn, ALECABLE_DOF_X, centre_fn, cm));
        RIG_TRY(alecable_revolute(&b->axle2, b->m, K, b->P, cP, zax, p->k2));
        alecable_body_params_init(&bp);
        bp.mass = 1.0;
        bp.inertia[0] = bp.inertia[4] = 0.5 * p->J1;
        bp.inertia[8] = p->J1;
        RIG_TRY(alecable_body_create(&D, b->m, &bp));
        if (cm->T > 0.0) { /* dynamics: a motor on D's axle, a damper on P's */
            alecable_joint *axle1;
            RIG_TRY(alecable_revolute(&axle1, b->m, ground, D, o, zax, 0.0));
            RIG_TRY(alecable_joint_set_motor(axle1, motor_fn, cm));
            RIG_TRY(alecable_joint_set_damping(b->axle2, p->c2));
        } else {
            RIG_TRY(alecable_revolute(NULL, b->m, ground, D, o, zax, 0.0));
            RIG_TRY(alecable_body_node(&dn, D));
            RIG_TRY(alecable_prescribe_motion(&b->drive, b->m, dn, ALECABLE_DOF_RZ, drive_fn, cm));
        }
    } else {
        RIG_TRY(alecable_body_node(&pn, b->P));
        for (k = 0; k < 5; k++) RIG_TRY(alecable_fix(NULL, b->m, pn, hold[k]));
        RIG_TRY(alecable_prescribe_motion(NULL, b->m, pn, ALECABLE_DOF_X, centre_fn, cm));
    }
    alecable_pulley_params_init(&pp);
    pp.radius = p->R1;
    RIG_TRY(alecable_sheave(&b->s1, b->m, friction ? D : ground, &pp, n1 + 1, nd + 1, ang1));
    pp.radius = p->R2;
    for (i = 0; i <= n2; i++) ang2[i] = -a_u + th2 * i / n2;
    RIG_TRY(alecable_sheave(&b->s2, b->m, b->P, &pp, n2 + 1, nd + n1 + 3, ang2));
    b->bnd[0] = nd[1], b->bnd[1] = nd[n1 + 1], b->bnd[2] = nd[n1 + 3], b->bnd[3] = nd[nn - 2];
    if (!friction) { /* the friction laws read the normal force through the default mesh reaction */
        RIG_TRY(alecable_sheave_set_mesh_reaction(b->s1, ALECABLE_SHEAVE_REACTION_TANGENT));
        RIG_TRY(alecable_sheave_set_mesh_reaction(b->s2, ALECABLE_SHEAVE_REACTION_TANGENT));
    }
    RIG_TRY(alecable_fix(NULL, b->m, nd[0], ALECABLE_DOF_X));
    RIG_TRY(alecable_fix(NULL, b->m, nd[nn - 1], ALECABLE_DOF_X));
    if (friction) {
        /* the belt flows through J as the wheels turn: the loop holds its
         * material, s_end - s_start (belt_rig.h) */
        alecable_friction_params_init(&fp);
        fp.mu = p->mu;
        fp.augmentation = p->aug;
        RIG_TRY(alecable_wrap_friction(&b->fr1, b->m, b->s1, &fp));
        RIG_TRY(alecable_wrap_friction(&b->fr2, b->m, b->s2, &fp));
        ends[0] = nd[nn - 1];
        ends[1] = nd[0];
        dofs[0] = dofs[1] = ALECABLE_DOF_S;
        RIG_TRY(alecable_linear_constraint(NULL, b->m, 2, ends, dofs, coef, s, 0.0));
    } else {
        RIG_TRY(alecable_fix(NULL, b->m, nd[0], ALECABLE_DOF_S));
        RIG_TRY(alecable_fix(NULL, b->m, nd[nn - 1], ALECABLE_DOF_S));
    }
    RIG_TRY(alecable_fix(NULL, b->m, nd[0], ALECABLE_DOF_Z));
    RIG_TRY(alecable_fix(NULL, b->m, nd[nn - 1], ALECABLE_DOF_Z));
    RIG_TRY(alecable_fix(NULL, b->m, nd[n1 + 2], ALECABLE_DOF_Z));
    if (friction) { /* J and M held on their spans' lines as P moves */
        alecable_node *sp[3];
        sp[0] = nd[0], sp[1] = nd[nn - 1], sp[2] = nd[n1 + 2];
        RIG_TRY(alecable_fix(NULL, b->m, nd[n1 + 2], ALECABLE_DOF_X));
        for (k = 0; k < 3; k++) {
            b->span[k].cm = cm;
            b->span[k].x = x[k < 2 ? 0 : n1 + 2][0];
            b->span[k].side = k < 2 ? 1.0 : -1.0;
            RIG_TRY(alecable_prescribe_motion(NULL, b->m, sp[k], ALECABLE_DOF_Y, span_fn, &b->span[k]));
        }
        return 0;
    }
    ends[0] = nd[nn - 1];
    ends[1] = nd[0];
    dofs[0] = dofs[1] = ALECABLE_DOF_Y;
    return alecable_linear_constraint(NULL, b->m, 2, ends, dofs, coef, 0.0, 0.0);
}

/* the wrap angles against the open belt's pi -+ 2 asin((R2 - R1) / C) at
 * P's centre now; the tension of the upper span's element next to D */
static double wrap_error(const sheave_belt *b, const belt_params *p, double *C, double *w1, double *w2)
{
    double xp[3], g;
    alecable_body_pose(b->P, xp, NULL);
    *C = xp[0];
    g = 2.0 * asin((p->R2 - p->R1) / *C);
    alecable_sheave_wrap_angle(b->s1, w1);
    alecable_sheave_wrap_angle(b->s2, w2);
    return fmax(fabs(*w1 - (M_PI - g)), fabs(*w2 - (M_PI + g)));
}

/* the largest distance of the four contact boundaries from the open belt's
 * tangent points at P's centre now: the common tangents of the two circles
 * touch D at (-R1 sin(beta), +-R1 cos(beta)) and P at its centre + (-R2
 * sin(beta), +-R2 cos(beta)), sin(beta) = (R2 - R1) / C */
static double tangent_error(const sheave_belt *b, const belt_params *p)
{
    double xp[3], C, sb, cb, x[3], e = 0.0;
    const double side[4] = {1.0, -1.0, -1.0, 1.0};
    int k;
    alecable_body_pose(b->P, xp, NULL);
    C = sqrt(xp[0] * xp[0] + xp[1] * xp[1]);
    sb = (p->R2 - p->R1) / C, cb = sqrt(1.0 - sb * sb);
    for (k = 0; k < 4; k++) {
        /* the point in the frame of the line of centres (u along it), then
         * in space */
        double R = k < 2 ? p->R1 : p->R2, c0 = k < 2 ? 0.0 : xp[0], c1 = k < 2 ? 0.0 : xp[1];
        double ux = xp[0] / C, uy = xp[1] / C, tx = -R * sb, ty = side[k] * R * cb;
        double dx, dy;
        alecable_node_position(b->bnd[k], x);
        dx = x[0] - (c0 + ux * tx - uy * ty);
        dy = x[1] - (c1 + uy * tx + ux * ty);
        e = fmax(e, sqrt(dx * dx + dy * dy + x[2] * x[2]));
    }
    return e;
}

/* the slip onset on the sheaves: the belt over D and P as sheaves with
 * stick/slip (alecable_wrap_friction), at centre distance C1, D's rotation
 * ramped to Phi in steps load steps as in the default run.  At the first
 * step D's whole wrap slips, T1/T2 against the discrete Euler-Eytelwein
 * limit of belt_rig.h, ((1 + b)/(1 - b))^(n1 - 1), b = mu sin(w1 / n1) / 2,
 * with w1 the wrap angle D's sheave found (its interior nodes spread
 * evenly over it: the node spacing w1 / n1) */
typedef struct sheave_onset {
    int step;
    double ratio, limit, w1, w1_err, T1, T2, M1, phi1;
    double T0, Phi, C; /* the span tension after the move, D's ramp, C at the onset */
} sheave_onset;

static int run_sheave_friction(const belt_params *p, double C1, int steps, double tol, sheave_onset *so)
{
    centre_motion cm;
    sheave_belt b;
    double C, w1, w2;
    int k, iters;
    memset(&cm, 0, sizeof cm);
    cm.C = p->C, cm.dC = C1 - p->C, cm.hold = 1, cm.R1 = p->R1, cm.R2 = p->R2;
    memset(so, 0, sizeof *so);
    so->step = -1;
    ex_check(NULL, sheave_belt_build(&b, p, &cm, 1), "the belt on sheaves with friction");
    for (k = 0; k < 2 * steps; k++) {
        double T1, T2, lam = 0.0, bb;
        if (ex_load_step(b.m, (double)k / steps, (double)(k + 1) / steps, tol, &iters)) {
            printf("  friction: load step %d failed: %s\n", k + 1, alecable_model_errmsg(b.m));
            alecable_model_destroy(b.m);
            return 1;
        }
        so->w1_err = fmax(so->w1_err, wrap_error(&b, p, &C, &w1, &w2));
        if (k + 1 == steps) {
            /* the onset's torque grows with the tension the move put in
             * (k2 linear): D's ramp scaled by it, the onset at the same
             * fraction of the ramp as the default run's */
            so->T0 = 0.5 * (rig_tension(b.c, 0) + rig_tension(b.c, p->n1 + 1));
            cm.Phi = p->Phi * fmax(1.0, so->T0 / p->T0);
        }
        if (k < steps || rig_stuck(b.fr1) != 0) continue;
        T1 = rig_tension(b.c, 0);
        T2 = rig_tension(b.c, p->n1 + 1);
        alecable_constraint_multiplier(b.drive, &lam);
        bb = 0.5 * p->mu * sin(w1 / p->n1);
        so->step = k + 1 - steps;
        so->w1 = w1;
        so->C = C;
        so->limit = pow((1.0 + bb) / (1.0 - bb), p->n1 - 1);
        so->ratio = T1 / T2;
        so->T1 = T1;
        so->T2 = T2;
        so->M1 = -lam;
        so->phi1 = (double)(k + 1 - steps) / steps * cm.Phi;
        so->Phi = cm.Phi;
        break;
    }
    alecable_model_destroy(b.m);
    return 0;
}

/* ---- the slip onset while the centre distance moves (dynamics) ---- */

/* the loop's length over D and P at centre distance C for a light belt:
 * the two straight spans and the wraps' equal chords */
static double loop_length(const belt_params *p, double C)
{
    double beta = asin((p->R2 - p->R1) / C), w1 = M_PI - 2.0 * beta, w2 = M_PI + 2.0 * beta;
    return 2.0 * C * cos(beta) + 2.0 * p->n1 * p->R1 * sin(0.5 * w1 / p->n1) +
           2.0 * p->n2 * p->R2 * sin(0.5 * w2 / p->n2);
}

/* the discrete Euler-Eytelwein limit on D at wrap angle w1 (belt_rig.h) */
static double ee_limit(const belt_params *p, double w1)
{
    double bb = 0.5 * p->mu * sin(w1 / p->n1);
    return pow((1.0 + bb) / (1.0 - bb), p->n1 - 1);
}

/* the torque at which D's wrap of a light belt slips at centre distance C
 * (quasistatics): R1 (T1 - T2) with T1 / T2 the limit and T1 + T2 = 2 T(C),
 * T(C) the tension the loop's held material takes there */
static double slip_torque(const belt_params *p, double C)
{
    const double EA = p->E * p->A, F = loop_length(p, C) / (loop_length(p, p->C) / axial_stretch(p->T0, EA));
    const double e1 = ee_limit(p, M_PI - 2.0 * asin((p->R2 - p->R1) / C));
    return p->R1 * EA * F * (F * F - 1.0) * (e1 - 1.0) / (e1 + 1.0);
}

/* The motor torque rate that makes D's wrap slip at 3/4 of the period,
 * where P moves back fastest and the belt's tension falls: the ramp (rate
 * x t) meets slip_torque(C(t)) there.  If it would meet it before (a ramp
 * that steep crosses the rising part of the curve first), 5 % above the
 * least slip_torque(C(t)) / t before then, which puts the first crossing
 * near that least point */
static double auto_rate(const belt_params *p, const centre_motion *cm)
{
    double best = INFINITY, C, dC, a, rate;
    int k;
    centre_fn((void *)cm, 0.75 * cm->T, &C, &dC, &a);
    rate = slip_torque(p, C) / (0.75 * cm->T);
    for (k = 1; k < 300; k++) {
        double t = 0.75 * cm->T * k / 300;
        centre_fn((void *)cm, t, &C, &dC, &a);
        best = fmin(best, slip_torque(p, C) / t);
    }
    return best > 1.05 * rate ? rate : 1.05 * best;
}

/* one step of h, cut into halves (down to h / 2^depth) where Newton fails:
 * the stick/slip active set may cycle at a step where contacts change state
 * (0 or the library's status) */
static int step_cut(alecable_integrator *it, double h, int depth, int *cuts)
{
    int st = alecable_integrator_step(it, h);
    if (st <= 0 || depth == 0) return st;
    ++*cuts;
    if ((st = step_cut(it, 0.5 * h, depth - 1, cuts))) return st;
    return step_cut(it, 0.5 * h, depth - 1, cuts);
}

typedef struct slip_dyn {
    int step;                                /* the onset's step, -1: none */
    double t, C, Cdot, w1, ratio, limit, T1, T2, M; /* at the onset */
    double wrap_err, tangent_err;            /* along the whole run */
    long steps, newton;
    int cuts;
} slip_dyn;

/* The belt on sheaves with stick/slip, in dynamics (method, step h): P's
 * carriage out to C1 and back over T, D's motor torque rising at cm->rate
 * from 0, P against k2 and c2.  At every step the wrap angles and the four
 * contact boundaries against the open belt's geometry at P's centre then;
 * at the first step at which D's whole wrap slips, all one way, T1/T2
 * against the discrete Euler-Eytelwein limit at the wrap D's sheave holds
 * then; the run ends there.  A CSV row and a VTK frame per step when
 * asked. */
static int run_slip_dynamic(const belt_params *p, centre_motion *cm, int method, double h, FILE *csv, ex_vtk_series *vs,
                            slip_dyn *sd)
{
    alecable_dynamic_options o;
    alecable_integrator *it;
    alecable_step_stats ss;
    sheave_belt b;
    int k, n = (int)ceil(cm->T / h - 1e-9);
    memset(sd, 0, sizeof *sd);
    sd->step = -1;
    ex_check(NULL, sheave_belt_build(&b, p, cm, 1), "the belt on sheaves with friction (dynamics)");
    alecable_dynamic_options_init(&o);
    o.method = method;
    o.h = h;
    ex_check(b.m, alecable_model_integrator(&it, b.m, &o), "integrator");
    ex_vtk_frame(vs, b.m, 0.0);
    for (k = 1; k <= n; k++) {
        double C, w1, w2, T1, T2, Cg, dC, a, t = k * h;
        int s1, s2, way;
        if (step_cut(it, h, 4, &sd->cuts)) {
            printf("  friction, dynamics: step %d (t = %g s) failed: %s\n", k, t, alecable_integrator_errmsg(it));
            ex_vtk_end(vs, b.m);
            alecable_integrator_destroy(it);
            alecable_model_destroy(b.m);
            return 1;
        }
        ex_check(b.m, alecable_model_pull_state(b.m, it), "pull_state");
        sd->wrap_err = fmax(sd->wrap_err, wrap_error(&b, p, &C, &w1, &w2));
        sd->tangent_err = fmax(sd->tangent_err, tangent_error(&b, p));
        T1 = rig_tension(b.c, 0);
        T2 = rig_tension(b.c, p->n1 + 1);
        s1 = rig_stuck(b.fr1);
        s2 = rig_stuck(b.fr2);
        centre_fn(cm, t, &Cg, &dC, &a);
        way = slip_way(b.fr1);
        if (sd->step < 0 && way == 1) { /* the way D drives it (the statics run's onset's) */
            sd->step = k;
            sd->t = t;
            sd->C = C;
            sd->Cdot = dC;
            sd->w1 = w1;
            sd->limit = ee_limit(p, w1);
            sd->ratio = T1 / T2;
            sd->T1 = T1;
            sd->T2 = T2;
            sd->M = cm->rate * t;
        }
        if (csv) {
            double g = 2.0 * asin((p->R2 - p->R1) / C);
            fprintf(csv, "%.6f,%.15e,%.15e,%.15e,%.15e,%.15e,%.6e,%.12e,%.12e,%.12e,%d,%d,%d\n", t, C, w1, w2, M_PI - g,
                    M_PI + g, tangent_error(&b, p), T1, T2, cm->rate * t, s1, s2, way);
        }
        ex_vtk_frame(vs, b.m, t);
        if (sd->step > 0) break; /* past it D spins up under a torque the belt cannot take */
    }
    alecable_step_stats_init(&ss);
    alecable_integrator_stats(it, &ss);
    sd->steps = ss.steps;
    sd->newton = ss.newton_iterations;
    ex_vtk_end(vs, b.m);
    alecable_integrator_destroy(it);
    alecable_model_destroy(b.m);
    return 0;
}

/* what a frictionless dynamic run saw along the move */
typedef struct sheave_dyn {
    double wrap_err, tangent_err, Cmin, Cmax, w1min, w1max;
} sheave_dyn;

/* the light belt on frictionless sheaves in dynamics (method, step h): P
 * out to C1 and back over cm->T; the wrap angles and the contact
 * boundaries against the geometry at every step; the upper span's tension
 * into [T_lo, T_hi] */
static int run_sheave_dynamic(const belt_params *p, const centre_motion *cm, int method, double h, sheave_dyn *d,
                              double *T_lo, double *T_hi)
{
    alecable_dynamic_options o;
    alecable_integrator *it;
    sheave_belt b;
    double C, w1, w2;
    int k, n = (int)ceil(cm->T / h - 1e-9);
    d->wrap_err = d->tangent_err = 0.0;
    d->Cmin = d->w1min = INFINITY, d->Cmax = d->w1max = -INFINITY;
    ex_check(NULL, sheave_belt_build(&b, p, (centre_motion *)cm, 0), "the belt on sheaves");
    alecable_dynamic_options_init(&o);
    o.method = method;
    o.h = h;
    ex_check(b.m, alecable_model_integrator(&it, b.m, &o), "integrator");
    for (k = 1; k <= n; k++) {
        if (alecable_integrator_step(it, h)) {
            printf("  step %d failed: %s\n", k, alecable_integrator_errmsg(it));
            alecable_integrator_destroy(it);
            alecable_model_destroy(b.m);
            return 1;
        }
        ex_check(b.m, alecable_model_pull_state(b.m, it), "pull_state");
        d->wrap_err = fmax(d->wrap_err, wrap_error(&b, p, &C, &w1, &w2));
        d->tangent_err = fmax(d->tangent_err, tangent_error(&b, p));
        d->Cmin = fmin(d->Cmin, C), d->Cmax = fmax(d->Cmax, C);
        d->w1min = fmin(d->w1min, w1), d->w1max = fmax(d->w1max, w1);
        *T_lo = fmin(*T_lo, rig_tension(b.c, 0)), *T_hi = fmax(*T_hi, rig_tension(b.c, 0));
    }
    alecable_integrator_destroy(it);
    alecable_model_destroy(b.m);
    return 0;
}

/* the options of the dynamic friction run */
typedef struct slip_opts {
    int method;
    const char *method_name, *csv, *vtk;
    int vtk_legacy;
    double rate; /* 0: auto_rate */
} slip_opts;

/* statics along P's travel from C to C1 in steps load steps, then
 * dynamics over T (HHT, then the trapezoidal rule): P out to C1 and back;
 * then the friction runs: statics (P moved, D's rotation ramped) and
 * dynamics (P out and back, D's motor torque ramped) */
static int run_centre_distance(const belt_params *p, double C1, double rho, int steps, double h, double T, double tol,
                               const slip_opts *sopt)
{
    centre_motion cm;
    sheave_belt b;
    sheave_onset so;
    sheave_dyn dh, dt;
    slip_dyn sd;
    ex_vtk_series vs;
    FILE *csv = NULL;
    double rel, rel_d, err_s = 0.0, C, w1, w2, T_lo = INFINITY, T_hi = -INFINITY, wall = ex_now(), t0;
    double werr_dyn, terr_dyn;
    double Tt_lo = INFINITY, Tt_hi = -INFINITY; /* the trapezoidal run's (T_min, T_max: HHT's) */
    int k, iters, status;
    memset(&cm, 0, sizeof cm);
    cm.C = p->C, cm.dC = C1 - p->C;
    ex_check(NULL, sheave_belt_build(&b, p, &cm, 0), "the belt on sheaves");
    printf("  --centre-distance: D and P as sheaves (frictionless, light belt, the mesh reactions along the "
           "tangent), P's centre moved from C = %g m to %g m: statics in %d load steps, then dynamics (HHT, h = %g s, "
           "belt density %g kg/m^3) out and back over %g s; the wrap angles against pi -+ 2 asin((R2 - R1) / C)\n",
           p->C, C1, steps, h, rho, T);
    err_s = wrap_error(&b, p, &C, &w1, &w2);
    for (k = 0; k < steps; k++) {
        if (ex_load_step(b.m, (double)k / steps, (double)(k + 1) / steps, tol, &iters)) {
            printf("  load step %d failed: %s\nresult: status=1\n", k + 1, alecable_model_errmsg(b.m));
            return 1;
        }
        err_s = fmax(err_s, wrap_error(&b, p, &C, &w1, &w2));
        T_lo = fmin(T_lo, rig_tension(b.c, 0)), T_hi = fmax(T_hi, rig_tension(b.c, 0));
    }
    printf("  statics: at C = %.6f m the wraps are %.12f and %.12f rad; largest wrap error %.3e rad\n", C, w1, w2,
           err_s);
    alecable_model_destroy(b.m);
    cm.T = T;
    cm.rho = rho;
    t0 = ex_now();
    if (run_sheave_dynamic(p, &cm, ALECABLE_METHOD_HHT, h, &dh, &T_lo, &T_hi)) {
        printf("result: status=1\n");
        return 1;
    }
    printf("  dynamics: C from %.6f to %.6f m, D's wrap %.9f .. %.9f rad; largest wrap error %.3e rad, the contact "
           "boundaries %.3e m off the tangent points; the upper span's tension %.6g .. %.6g N; %.3f s\n",
           dh.Cmin, dh.Cmax, dh.w1min, dh.w1max, dh.wrap_err, dh.tangent_err, T_lo, T_hi, ex_now() - t0);
    t0 = ex_now();
    if (run_sheave_dynamic(p, &cm, ALECABLE_METHOD_NEWMARK, h, &dt, &Tt_lo, &Tt_hi)) {
        printf("result: status=1\n");
        return 1;
    }
    printf("  the same with the trapezoidal rule: largest wrap error %.3e rad, the contact boundaries %.3e m off the "
           "tangent points; %.3f s\n",
           dt.wrap_err, dt.tangent_err, ex_now() - t0);
    if (run_sheave_friction(p, C1, steps, tol, &so)) {
        printf("result: status=1\n");
        return 1;
    }
    rel = so.step > 0 ? so.ratio / so.limit - 1.0 : 0.0;
    if (so.step > 0)
        printf("  friction (mu = %g, stick/slip on both sheaves): P moved from C = %g m to %g m in %d load steps (the "
               "belt's tension %.6g N then, the wraps %.2e rad off the geometry at most, all along), then D turned to "
               "%g rad (--Phi x that tension / T0) in %d: D's "
               "wrap slips entirely from load step %d (phi1 = %.5f rad), its wrap %.12f rad: "
               "T1/T2 = %.10f against the discrete Euler-Eytelwein limit ((1 + b)/(1 - b))^(n1 - 1), b = mu "
               "sin(wrap / n1) / 2, = %.10f (%+.2e); driver torque %.9f N m = R1 (T1 - T2) %+.2e\n",
               p->mu, p->C, C1, steps, so.T0, so.w1_err, so.Phi, steps, so.step, so.phi1, so.w1, so.ratio, so.limit,
               rel, so.M1,
               so.M1 / (p->R1 * (so.T1 - so.T2)) - 1.0);
    else
        printf("  friction at C = %g m: D's wrap did not slip entirely: ramp further (--Phi)\n", C1);
    /* the slip onset while P moves: dynamics, D's motor torque ramped */
    memset(&cm, 0, sizeof cm);
    cm.C = p->C, cm.dC = C1 - p->C, cm.T = T, cm.rho = rho, cm.R1 = p->R1, cm.R2 = p->R2;
    cm.rate = sopt->rate > 0.0 ? sopt->rate : auto_rate(p, &cm);
    if (sopt->csv) {
        if (!(csv = fopen(sopt->csv, "w"))) {
            perror(sopt->csv);
            return 1;
        }
        fprintf(csv, "t,C,wrap1,wrap2,wrap1_geom,wrap2_geom,tangent_err,T1,T2,M_motor,stuck_D,stuck_P,slip_D\n");
    }
    ex_vtk_begin(&vs, sopt->vtk, "belt_drive", sopt->vtk_legacy);
    t0 = ex_now();
    status = run_slip_dynamic(p, &cm, sopt->method, h, csv, &vs, &sd);
    if (csv) fclose(csv);
    if (status) {
        printf("result: status=1\n");
        return 1;
    }
    rel_d = sd.step > 0 ? sd.ratio / sd.limit - 1.0 : 0.0;
    if (sd.step > 0)
        printf("  friction in dynamics (%s, h = %g s): P out to %g m and back over %g s, D's motor torque rising at %g "
               "N m/s%s: D's wrap slips entirely, all one way, at t = %.4f s (step %d), C = %.9f m moving at %+.4e "
               "m/s, its wrap %.12f rad: T1/T2 = %.10f against the discrete Euler-Eytelwein limit at that wrap %.10f "
               "(%+.2e: the belt's inertia, O(--belt-rho)); the motor's torque %.6f N m, R1 (T1 - T2) = %.6f N m; the "
               "wraps %.2e rad and the contact boundaries %.2e m off the geometry up to then; %ld steps (%d cut), "
               "%.2f Newton iterations per step; %.3f s\n",
               sopt->method_name, h, C1, T, cm.rate,
               sopt->rate > 0.0 ? "" : " (--slip-rate 0: aimed at 3/4 of the period)",
               sd.t, sd.step, sd.C, sd.Cdot, sd.w1, sd.ratio, sd.limit, rel_d, sd.M, p->R1 * (sd.T1 - sd.T2),
               sd.wrap_err, sd.tangent_err, sd.steps, sd.cuts, (double)sd.newton / (double)sd.steps, ex_now() - t0);
    else
        printf("  friction in dynamics: D's wrap did not slip entirely by t = %g s: ramp faster (--slip-rate)\n", T);
    werr_dyn = fmax(fmax(dh.wrap_err, dt.wrap_err), sd.wrap_err);
    terr_dyn = fmax(fmax(dh.tangent_err, dt.tangent_err), sd.tangent_err);
    wall = ex_now() - wall;
    printf("result: status=%d mode=centre_distance C0=%.12g C1=%.12g wrap_err_rad=%.3e wrap_err_static_rad=%.3e "
           "wrap1_min_rad=%.12f wrap1_max_rad=%.12f T_min=%.9g T_max=%.9g wrap_err_friction_rad=%.3e onset_step=%d "
           "wrap1_onset_rad=%.12f "
           "ratio_onset=%.17g ratio_limit=%.12e ratio_rel_err=%.3e M_driver=%.17g T1=%.17g T2=%.17g "
           "wrap_err_dyn_rad=%.3e tangent_err_dyn_m=%.3e wrap_err_trap_rad=%.3e tangent_err_trap_m=%.3e "
           "slip_method=%s slip_rate=%.12g onset_t=%.12g onset_C=%.12f onset_Cdot=%.6e wrap1_onset_dyn_rad=%.12f "
           "ratio_onset_dyn=%.17g ratio_limit_dyn=%.12e ratio_dyn_rel_err=%.3e M_motor_onset=%.12g T1_dyn=%.12g "
           "T2_dyn=%.12g wall_s=%.4f\n",
           dh.wrap_err < 1e-8 && err_s < 1e-8 && T_lo > 0.0 && so.step > 0 && fabs(rel) <= 1e-8 && so.w1_err < 1e-8 &&
                   werr_dyn <= 1e-8 && terr_dyn <= 1e-9 && sd.step > 0 && fabs(rel_d) <= 1e-6
               ? 0
               : 1,
           p->C, C1, dh.wrap_err, err_s, dh.w1min, dh.w1max, T_lo, T_hi, so.w1_err, so.step, so.w1, so.ratio, so.limit,
           rel, so.M1, so.T1, so.T2, werr_dyn, terr_dyn, dt.wrap_err, dt.tangent_err, sopt->method_name, cm.rate,
           sd.t, sd.C, sd.Cdot, sd.w1, sd.ratio, sd.limit, rel_d, sd.M, sd.T1, sd.T2, wall);
    return 0;
}

/* --torque-rate: D driven by a motor whose torque rises at that rate, the
 * wheels' inertia and P's damper in, HHT; the onset of slip is the first
 * step at which D's whole wrap slips */
static int run_dynamic(const belt_params *p, belt_rig *r, double h, double T, const char *csv_path)
{
    alecable_dynamic_options o;
    alecable_integrator *it;
    alecable_step_stats ss;
    FILE *csv = NULL;
    double t_on = -1.0, M_on = 0.0, ratio_on = 0.0, T1_on = 0.0, T2_on = 0.0, wall, R9[9], phi1 = 0.0;
    int k, n = (int)ceil(T / h - 1e-9), st;
    alecable_dynamic_options_init(&o);
    o.method = ALECABLE_METHOD_HHT;
    o.h = h;
    ex_check(r->m, alecable_model_integrator(&it, r->m, &o), "integrator");
    if (csv_path) {
        if (!(csv = fopen(csv_path, "w"))) {
            perror(csv_path);
            return 1;
        }
        fprintf(csv, "t,M,phi1,phi2,T1,T2,ratio,stuck_D,stuck_P\n");
    }
    wall = ex_now();
    for (k = 1; k <= n; k++) {
        double phi2, mom, T1, T2;
        int s1;
        if ((st = alecable_integrator_step(it, h))) {
            printf("  step %d failed: %s\nresult: status=1\n", k, alecable_integrator_errmsg(it));
            return 1;
        }
        ex_check(r->m, alecable_model_pull_state(r->m, it), "pull_state");
        alecable_body_pose(r->driver, NULL, R9);
        phi1 = atan2(R9[3], R9[0]);
        belt_driven(r, &phi2, &mom);
        T1 = rig_tension(r->c, r->e_tight);
        T2 = rig_tension(r->c, r->e_slack);
        s1 = rig_stuck(r->fr1);
        if (t_on < 0.0 && s1 == 0) {
            t_on = k * h;
            M_on = p->torque_rate * t_on;
            ratio_on = T1 / T2;
            T1_on = T1;
            T2_on = T2;
        }
        if (csv)
            fprintf(csv, "%.6f,%.12e,%.12e,%.12e,%.12e,%.12e,%.12e,%d,%d\n", k * h, p->torque_rate * k * h, phi1, phi2, T1,
                    T2, T1 / T2, s1, rig_stuck(r->fr2));
    }
    wall = ex_now() - wall;
    alecable_step_stats_init(&ss);
    alecable_integrator_stats(it, &ss);
    if (csv) fclose(csv);
    if (t_on > 0.0) {
        printf("  D's wrap slips entirely at t = %.4f s, motor torque %.6f N m: T1/T2 = %.9f (%+.2e off the "
               "limit: the belt's and wheels' inertia), R1 (T1 - T2) = %.6f N m, R1 T2 (e1 - 1) = %.6f N m\n",
               t_on, M_on, ratio_on, ratio_on / r->limit1 - 1.0, p->R1 * (T1_on - T2_on),
               p->R1 * T2_on * (r->limit1 - 1.0));
    } else
        printf("  D's wrap did not slip entirely by t = %g s: run longer (--T) or ramp faster\n", T);
    printf("  at t = %g s D has turned %.6f rad; %ld steps, %.2f Newton iterations per step; %.3f s\n", n * h, phi1,
           ss.steps, (double)ss.newton_iterations / (double)ss.steps, wall);
    printf("result: status=0 mode=dynamic onset_t=%.17g M_onset=%.17g ratio_onset=%.17g ratio_limit=%.12e "
           "ratio_rel_err=%.3e T1=%.17g T2=%.17g steps=%ld newton_iterations=%ld wall_s=%.4f\n",
           t_on, M_on, ratio_on, r->limit1, t_on > 0.0 ? ratio_on / r->limit1 - 1.0 : 0.0, T1_on, T2_on, ss.steps,
           ss.newton_iterations, wall);
    alecable_integrator_destroy(it);
    alecable_model_destroy(r->m);
    return 0;
}

int main(int argc, char **argv)
{
    belt_params p;
    belt_rig r;
    ex_vtk_series vs;
    int vtk_legacy = 0;
    FILE *csv = NULL;
    const char *csv_path = NULL, *vtk = NULL;
    double tol = 1e-10, phi2_prev = 0.0, rim1 = 0.0, rim2 = 0.0, creep_err = 0.0, creep = 0.0, creep_t = 0.0;
    double ratio_on = 0.0, M1_on = 0.0, M2_on = 0.0, T1_on = 0.0, T2_on = 0.0, phi_on = 0.0, wall, tight_ok = 1.0;
    double h = 2e-3, T_end = 0.6, C1 = 0.0, rho_cd = 0.1, slip_rate = 0.0;
    const char *method = "hht";
    slip_opts so;
    int steps = 60, rc, k, it, it_sum = 0, it_max = 0, onset = -1, deep = 1, nstick_steps = 0;
    ex_opt opts[] = {
        {"--R1", 'd', &p.R1, "driving pulley's radius [m]"},
        {"--R2", 'd', &p.R2, "driven pulley's radius [m] (>= R1)"},
        {"--C", 'd', &p.C, "centre distance [m]"},
        {"--E", 'd', &p.E, "belt's Young's modulus [Pa]"},
        {"--A", 'd', &p.A, "belt's cross-section [m^2]"},
        {"--T0", 'd', &p.T0, "pretension [N]"},
        {"--mu", 'd', &p.mu, "Coulomb friction coefficient on both rims"},
        {"--k2", 'd', &p.k2, "driven axle's torsional spring, the load [N m/rad]"},
        {"--Phi", 'd', &p.Phi, "driving pulley's rotation at the end of the ramp [rad]"},
        {"--n1", 'i', &p.n1, "elements on the driving pulley's wrap"},
        {"--n2", 'i', &p.n2, "elements on the driven pulley's wrap"},
        {"--steps", 'i', &steps, "load steps of the ramp"},
        {"--augmentation", 'd', &p.aug, "augmentation epsilon as a multiple of EA / l"},
        {"--torque-rate", 'd', &p.torque_rate,
         "> 0: dynamics, D driven by a motor torque rising at this rate [N m/s] instead of its angle"},
        {"--J1", 'd', &p.J1, "dynamics: driving pulley's moment of inertia [kg m^2]"},
        {"--J2", 'd', &p.J2, "dynamics: driven pulley's moment of inertia [kg m^2]"},
        {"--c2", 'd', &p.c2, "dynamics: driven axle's damper [N m s/rad]"},
        {"--rho", 'd', &p.rho, "dynamics: belt's density [kg/m^3]"},
        {"--h", 'd', &h, "dynamics: time step [s]"},
        {"--T", 'd', &T_end, "dynamics: simulated time [s]; with --centre-distance the period of P's move out and back"},
        {"--centre-distance", 'd', &C1,
         "> 0: D and P as sheaves, P's centre moved from C to this: frictionless in statics (--steps) and in dynamics "
         "(out and back over --T, step --h; HHT, then the trapezoidal rule), the wrap angles and contact boundaries "
         "against the open belt's geometry at every step; with stick/slip on the sheaves in statics (P moved, then D "
         "turned to --Phi x (the tension / T0) in --steps) and in dynamics (P out and back, D's motor torque ramped, "
         "--slip-rate, --method): the slip onset against the discrete Euler-Eytelwein law at the wrap then (the "
         "friction runs hold the spans' middle nodes on the common tangents: the default mesh reaction, which the "
         "friction reads, would push them sideways)"},
        {"--belt-rho", 'd', &rho_cd,
         "--centre-distance dynamics: the belt's density [kg/m^3]; the references are a light belt's (straight spans, "
         "the slip law of massless nodes): the belt's inertia takes them by O(rho) (0.1: 1e-9 rad, 1e-10 m, 4e-9 at the "
         "onset with HHT, 1e-7 with the trapezoidal rule)"},
        {"--slip-rate", 'd', &slip_rate,
         "--centre-distance: the dynamic friction run's motor torque rate on D [N m/s]; 0: aimed at the slip at 3/4 "
         "of the period, P moving back fastest"},
        {"--method", 's', &method,
         "--centre-distance: the dynamic friction run's integrator: hht, genalpha, bossak or newmark (the "
         "trapezoidal rule)"},
        {"--tol", 'd', &tol, "Newton tolerance: ||r|| <= tol x the step's largest residual"},
        {"--csv", 's', &csv_path,
         "write phi1, phi2, torques, tensions and stuck contacts per load step; with --centre-distance the dynamic "
         "friction run per time step: t, C, the wraps and their geometry, the boundaries' distance from the tangent "
         "points, T1, T2, the motor's torque, the stuck contacts on D and P and D's slip (1: every contact slips "
         "the way D drives, -1 the other way, 0 otherwise)"},
        {"--vtk", 's', &vtk,
         "write a VTK file per load step (belt_drive_NNNNN.vtp) and belt_drive.pvd into this existing folder; with "
         "--centre-distance per time step of the dynamic friction run"},
        {"--vtk-legacy", 'f', &vtk_legacy, EX_VTK_LEGACY_HELP},
        {NULL, 0, NULL, NULL}};
    belt_params_default(&p);
    rc = ex_parse(argc, argv, opts, "Belt drive with Coulomb stick/slip on two turning pulleys, driven until it slips.");
    if (rc) return rc > 0 ? 0 : 2;
    if (!(p.R1 > 0) || !(p.R2 >= p.R1) || !(p.C > p.R2 - p.R1) || !(p.E > 0) || !(p.A > 0) || !(p.T0 > 0) ||
        !(p.mu >= 0) || !(p.k2 > 0) || !(p.Phi > 0) || p.n1 < 3 || p.n2 < 3 || p.n1 > BELT_MAX_N ||
        p.n2 > BELT_MAX_N || steps < 1 || !(p.aug > 0) || !(tol > 0) || !(p.torque_rate >= 0) || !(p.J1 > 0) ||
        !(p.J2 > 0) || !(p.c2 >= 0) || !(p.rho > 0) || !(h > 0) || !(T_end > 0)) {
        fprintf(stderr, "need R2 >= R1 > 0, C > R2 - R1, E, A, T0, k2, Phi, augmentation, tol, J1, J2, rho, h, T > 0, "
                        "mu, torque rate, c2 >= 0, 3 <= n1, n2 <= %d, steps >= 1\n",
                BELT_MAX_N);
        return 2;
    }
    if (C1 > 0.0) {
        if (!(C1 > p.R2 - p.R1) || !(rho_cd > 0.0) || !(slip_rate >= 0.0)) {
            fprintf(stderr, "--centre-distance %g, --belt-rho %g, --slip-rate %g: need > R2 - R1 = %g, > 0 and >= 0\n",
                    C1, rho_cd, slip_rate, p.R2 - p.R1);
            return 2;
        }
        so.method_name = method;
        so.method = ex_method(method);
        so.csv = csv_path;
        so.vtk = vtk;
        so.vtk_legacy = vtk_legacy;
        so.rate = slip_rate;
        if (so.method != ALECABLE_METHOD_HHT && so.method != ALECABLE_METHOD_GENALPHA &&
            so.method != ALECABLE_METHOD_BOSSAK && so.method != ALECABLE_METHOD_NEWMARK) {
            fprintf(stderr, "--method %s: need hht, genalpha, bossak or newmark\n", method);
            return 2;
        }
        printf("belt_drive: R1 = %g m, R2 = %g m, C = %g m, %d and %d elements on the wraps, EA = %g N, T0 = %g N\n",
               p.R1, p.R2, p.C, p.n1, p.n2, p.E * p.A, p.T0);
        return run_centre_distance(&p, C1, rho_cd, steps, h, T_end, tol, &so);
    }
    ex_check(NULL, belt_build(&r, &p), "belt_build");
    printf("belt_drive: R1 = %g m, R2 = %g m, C = %g m (wraps %.4f and %.4f rad, %d and %d elements), EA = %g N, "
           "T0 = %g N, mu = %g, k2 = %g N m/rad\n",
           p.R1, p.R2, p.C, r.theta1, r.theta2, p.n1, p.n2, p.E * p.A, p.T0, p.mu, p.k2);
    if (!(p.torque_rate > 0.0)) printf("  quasistatics: D turned to %g rad in %d load steps\n", p.Phi, steps);
    printf("  discrete Euler-Eytelwein limit on D: T1/T2 = %.10f (continuous exp(mu theta1) = %.10f)\n", r.limit1,
           exp(p.mu * r.theta1));
    if (p.torque_rate > 0.0) {
        printf("  dynamics: a motor torque rising at %g N m/s on D (J1 = %g kg m^2), P with J2 = %g kg m^2 and a "
               "damper %g N m s/rad, belt density %g kg/m^3; HHT, h = %g s, %g s\n",
               p.torque_rate, p.J1, p.J2, p.c2, p.rho, h, T_end);
        return run_dynamic(&p, &r, h, T_end, csv_path);
    }
    if (csv_path) {
        if (!(csv = fopen(csv_path, "w"))) {
            perror(csv_path);
            return 1;
        }
        fprintf(csv, "step,phi1,phi2,M1,M2,T1,T2,ratio,stuck_D,stuck_P,newton_iterations\n");
    }
    ex_vtk_begin(&vs, vtk, "belt_drive", vtk_legacy);
    ex_vtk_frame(&vs, r.m, 0.0);
    wall = ex_now();
    for (k = 0; k < steps; k++) {
        double t1 = (double)(k + 1) / steps, phi1 = t1 * p.Phi, phi2, mom, M1, T1, T2;
        int st = ex_load_step(r.m, (double)k / steps, t1, tol, &it), s1, s2;
        if (st) {
            printf("  load step %d failed: %s\nresult: status=1\n", k + 1, alecable_model_errmsg(r.m));
            return 1;
        }
        it_sum += it;
        if (it > it_max) it_max = it;
        belt_driven(&r, &phi2, &mom);
        M1 = belt_driver_torque(&r);
        T1 = rig_tension(r.c, r.e_tight);
        T2 = rig_tension(r.c, r.e_slack);
        s1 = rig_stuck(r.fr1);
        s2 = rig_stuck(r.fr2);
        rim1 += p.R1 * sin(p.Phi / steps);
        rim2 += p.R2 * sin(phi2 - phi2_prev);
        phi2_prev = phi2;
        /* the creep while D's and P's middle nodes (and their neighbours) have stuck all along */
        {
            int c1 = r.k1 - 2, c2 = r.k2 - (p.n1 + 3), j;
            for (j = -1; j <= 1; j++) {
                if (c1 + j >= 0 && c1 + j <= p.n1 - 2) deep = deep && stuck(r.fr1, c1 + j);
                if (c2 + j >= 0 && c2 + j <= p.n2 - 2) deep = deep && stuck(r.fr2, c2 + j);
            }
        }
        if (deep && nstick_steps == k) {
            creep = rim1 - rim2;
            creep_t = r.stretch0 * slack_gain(&r, p.E * p.A);
            creep_err = fmax(creep_err, fabs(creep - creep_t) / rim1);
            nstick_steps = k + 1;
            tight_ok = phi2 / phi1;
        }
        if (onset < 0 && s1 == 0) {
            onset = k + 1;
            ratio_on = T1 / T2;
            M1_on = M1;
            M2_on = -mom;
            T1_on = T1;
            T2_on = T2;
            phi_on = phi1;
        }
        if (csv)
            fprintf(csv, "%d,%.12e,%.12e,%.12e,%.12e,%.12e,%.12e,%.12e,%d,%d,%d\n", k + 1, phi1, phi2, M1, -mom, T1, T2,
                    T1 / T2, s1, s2, it);
        ex_vtk_frame(&vs, r.m, t1);
    }
    wall = ex_now() - wall;
    ex_vtk_end(&vs, r.m);
    if (csv) fclose(csv);
    if (nstick_steps > 0)
        printf("  stick (load steps 1..%d): phi2/phi1 = %.9f at the last, R1/R2 = %.9f: the creep R1 phi1 - R2 phi2 = "
               "%.9e m, stretch0 x the material the slack side gained by its tensions %.9e m (to %.2e of R1 "
               "phi1)\n",
               nstick_steps, tight_ok, p.R1 / p.R2, creep, creep_t, creep_err);
    if (onset > 0) {
        printf("  D's wrap slips entirely from load step %d (phi1 = %.5f rad): T1 = %.6f N, T2 = %.6f N, T1/T2 = "
               "%.10f (%+.2e off the limit)\n",
               onset, phi_on, T1_on, T2_on, ratio_on, ratio_on / r.limit1 - 1.0);
        printf("  torque: driver %.9f N m = R1 (T1 - T2) %+.2e; transmitted to P %.9f N m = R2 T2 (e1 - 1) %+.2e "
               "(2 T0 R2 (e1 - 1)/(e1 + 1) = %.6f N m)\n",
               M1_on, M1_on / (p.R1 * (T1_on - T2_on)) - 1.0, M2_on, M2_on / (p.R2 * T2_on * (r.limit1 - 1.0)) - 1.0,
               2.0 * p.T0 * p.R2 * (r.limit1 - 1.0) / (r.limit1 + 1.0));
    } else
        printf("  D's wrap did not slip entirely: ramp further (--Phi)\n");
    printf("  Newton: %.2f iterations per load step, %d at most; %.3f s\n", (double)it_sum / steps, it_max, wall);
    printf("result: status=0 mode=quasistatic onset_step=%d ratio_onset=%.17g ratio_limit=%.12e ratio_rel_err=%.3e M_driver=%.17g "
           "M_transmitted=%.17g M_EE=%.12e T1=%.17g T2=%.17g stick_steps=%d creep_m=%.12e creep_balance_err=%.3e "
           "phi2_over_phi1=%.12e R1_over_R2=%.12e iter_mean=%.17g iter_max=%d wall_s=%.4f\n",
           onset, ratio_on, r.limit1, onset > 0 ? ratio_on / r.limit1 - 1.0 : 0.0, M1_on, M2_on,
           onset > 0 ? p.R2 * T2_on * (r.limit1 - 1.0) : 0.0, T1_on, T2_on, nstick_steps, creep, creep_err, tight_ok,
           p.R1 / p.R2, (double)it_sum / steps, it_max, wall);
    alecable_model_destroy(r.m);
    return 0;
}
