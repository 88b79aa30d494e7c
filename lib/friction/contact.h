/* Stick/slip contacts on the material flow (paper 004): the data of a
 * friction joint (alecable_joint.ext), shared by its terms (contact.c) and
 * the API that makes and reads it (contact_api.c). */
#ifndef ALECABLE_FRICTION_CONTACT_H
#define ALECABLE_FRICTION_CONTACT_H

#include "../core/model.h"

/* where the normal force comes from, beside the given part fn */
enum {
    FR_GIVEN = 0,  /* fn only (a sleeve's pressure) */
    FR_WRAP = 1,   /* the holding force towards the pulley's centre, -lambda . n */
    FR_ACROSS = 2, /* the holding force's part across t, |lambda - (lambda . t) t| */
    FR_SHEAVE = 3, /* a sheave's node (friction.h's fr_sheave: its normal and tangent follow the node) */
    FR_BOTTOM = 4  /* a seabed's grounded node: -lambda of the one linear row n . x = n . p holding it (hc[0]) */
};

/* history of a contact (alecable_problem's history): material coordinate
 * at the last converged step, state there, that step's slip, the summed
 * slip and the friction work; on a turning surface also the surface's
 * point under the node then (in the surface body's frame, FH_P; in space,
 * FH_Y), the node's position then (FH_X) and the mesh's factor kappa then
 * (contact.c); on a sheave FH_P and FH_K: the node's place then in the
 * sheave body's frame (where on the sheave: its angle) and kappa */
enum {
    FH_S = 0, FH_STATE = 1, FH_SLIP = 2, FH_TOTAL = 3, FH_WORK = 4,
    FH_P = 5, FH_Y = 8, FH_X = 11, FH_K = 14, FH_N = 15
};

typedef struct fr_contact {
    alecable_node *node;
    double t0[3], n0[3]; /* tangent (wrap: and outward normal) in the joint's body frame, or in space */
    double fn;           /* given normal force [N] */
    double eps;          /* augmentation [N/m] */
    double hist[FH_N];
    /* the force holding the node: three rows of a joint's unit, or three
     * fix constraints (FR_WRAP, FR_ACROSS); FR_SHEAVE: the sheave and the
     * node's index in it */
    const alecable_joint *hj;
    int hunit;
    const alecable_constraint *hc[3];
    /* the branch the last Jacobian took (0: none since the last converged
     * step, +1 / -1: slip with that sign, 2: stick); the solver's memory
     * within a step, not part of the state (contact.c) */
    int last;
} fr_contact;

/* history of the joint, before its contacts': the load factor (or time) of
 * the last converged step and the sign of that step */
enum { FJ_T = 0, FJ_DIR = 1, FJ_N = 2 };

typedef struct fr_data {
    int mode;   /* FR_* */
    double mu;
    /* the body whose surface the cable slides on when it is not the one
     * holding the nodes (a wheel turning under a wrap held on its axle's
     * frame); NULL: the holder's */
    const alecable_body *surface;
    /* the ground is the surface (a seabed): fixed, the slip counts the
     * node's own travel along t (contact.c) */
    int ground;
    double hist[FJ_N];
    int count;
    fr_contact c[]; /* count */
} fr_data;

static inline fr_data *fr_of(const alecable_joint *j) { return (fr_data *)j->ext; }

/* multiplier indices (into lambda) of contact c's holding force: how many
 * (3, or 1 for FR_BOTTOM's row); 0 if none */
int fr_hold_rows(const fr_contact *c, int rows[3]);
/* normal force N of contact i at (q, lambda) */
double fr_normal(const alecable_joint *j, int i, const double *q, const double *lambda);
/* y = x_S + R_S p: the point p of the surface body at q (NULL: the current state) */
void fr_surface_point(const alecable_body *S, const double *q, const double p[3], double y[3]);
/* start contact c's surface history at q (NULL: the current state, before
 * or after finalize; c's tangent t0 set) */
void fr_surface_start(const alecable_joint *j, fr_contact *c, const double *q);

#endif
