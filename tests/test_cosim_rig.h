/* The co-simulation tests' rig (test_cosim.c, test_cosim_threads.c): one
 * catenary line from an anchor at the origin to a fairlead on a body of
 * mass 0, the point p of the body, the body moving in a known way.  No
 * Check calls: functions return a status, so threads may use them. */
#ifndef TEST_COSIM_RIG_H
#define TEST_COSIM_RIG_H

#include "alecable.h"

#include <math.h>
#include <string.h>

#define RIG_W 10.0  /* weight per unstretched length [N/m] */
#define RIG_EA 1e5  /* [N] */
#define RIG_L 12.0  /* unstretched length [m] */

typedef struct cosim_rig {
    alecable_model *m;
    alecable_body *b;
    alecable_cable *c;
    alecable_joint *att; /* the fairlead: its multipliers are the cable's force on the body */
    double p[3];         /* the fairlead in the body frame */
} cosim_rig;

static const double rig_p[3] = {1.0, 0.5, 0.2};

static inline void rig_rz(double th, double R[9])
{
    memset(R, 0, 9 * sizeof(double));
    R[0] = R[4] = cos(th);
    R[1] = -sin(th);
    R[3] = sin(th);
    R[8] = 1.0;
}

/* The body's motion: origin X0 + (0.3 sin 2t, 0.1 sin 3t, 0.2 sin t),
 * rotation Rz(0.3 + 0.1 sin 2t), with X0 such that the fairlead is at
 * (10, 0, 4) at t = 0; pose (12) and twist (6, space), either may be NULL */
static inline double rig_theta(double t) { return 0.3 + 0.1 * sin(2.0 * t); }
static inline void rig_motion(double t, double pose[12], double twist[6])
{
    double R0[9], Rp[3], x0[3];
    int k;
    rig_rz(rig_theta(0.0), R0);
    for (k = 0; k < 3; k++) Rp[k] = R0[3 * k] * rig_p[0] + R0[3 * k + 1] * rig_p[1] + R0[3 * k + 2] * rig_p[2];
    x0[0] = 10.0 - Rp[0];
    x0[1] = 0.0 - Rp[1];
    x0[2] = 4.0 - Rp[2];
    if (pose) {
        pose[0] = x0[0] + 0.3 * sin(2.0 * t);
        pose[1] = x0[1] + 0.1 * sin(3.0 * t);
        pose[2] = x0[2] + 0.2 * sin(t);
        rig_rz(rig_theta(t), pose + 3);
    }
    if (twist) {
        twist[0] = 0.6 * cos(2.0 * t);
        twist[1] = 0.3 * cos(3.0 * t);
        twist[2] = 0.2 * cos(t);
        twist[3] = twist[4] = 0.0;
        twist[5] = 0.2 * cos(2.0 * t);
    }
}

#define RIG_TRY(call)                                                                                                \
    do {                                                                                                             \
        int st_ = (call);                                                                                            \
        if (st_) return st_;                                                                                         \
    } while (0)

/* The line of n elements (kind), laid straight from the anchor to the
 * fairlead of the body at pose(0), Lagrangian, under gravity; the body of
 * mass 0.  The model is finalized. */
static inline int rig_build(cosim_rig *r, int kind, int n)
{
    alecable_section sec;
    alecable_body_params bp;
    alecable_node *a, *f;
    double pose[12], F[3], A[3] = {0.0, 0.0, 0.0}, g[3] = {0.0, 0.0, -9.81};
    int k;
    memset(r, 0, sizeof *r);
    memcpy(r->p, rig_p, sizeof r->p);
    RIG_TRY(alecable_model_create(&r->m, NULL));
    RIG_TRY(alecable_model_set_gravity(r->m, g));
    rig_motion(0.0, pose, NULL);
    alecable_body_params_init(&bp);
    memcpy(bp.position, pose, 3 * sizeof(double));
    memcpy(bp.rotation, pose + 3, 9 * sizeof(double));
    RIG_TRY(alecable_body_create(&r->b, r->m, &bp));
    RIG_TRY(alecable_body_point(r->b, r->p, F));
    alecable_section_init(&sec);
    sec.A = 1e-2;
    sec.E = RIG_EA / sec.A;
    sec.rho = RIG_W / 9.81 / sec.A;
    sec.I = kind == ALECABLE_ELEMENT_AXIAL ? 0.0 : 1e-10;
    RIG_TRY(alecable_cable_create(&r->c, r->m, kind, &sec));
    RIG_TRY(alecable_cable_line(r->c, A, F, 0.0, RIG_L, n));
    RIG_TRY(alecable_cable_set_lagrangian(r->c, 1));
    RIG_TRY(alecable_cable_node(&a, r->c, 0));
    RIG_TRY(alecable_cable_node(&f, r->c, n));
    for (k = 0; k < 3; k++) RIG_TRY(alecable_fix(NULL, r->m, a, k));
    RIG_TRY(alecable_attach(&r->att, r->m, f, r->b, r->p, 0)); /* s is no unknown of a Lagrangian cable */
    return alecable_model_finalize(r->m);
}

/* The sub-steps' options of the tests: h = 0.01, fixed steps, BAND (no
 * pivot order carried between steps) */
static inline void rig_dynamic_options(alecable_dynamic_options *d)
{
    alecable_dynamic_options_init(d);
    d->h = 0.01;
    d->linear_solver = ALECABLE_LINSOLVE_BAND;
}

#endif
