/* The mooring line of examples/mooring_line.c as the seabed suites build
 * it: an axial Lagrangian line in the x-z plane from an anchor to a
 * fairlead, both held by fixes, on a penalty seabed z = 0. */
#ifndef ALECABLE_TEST_MOORING_RIG_H
#define ALECABLE_TEST_MOORING_RIG_H

#include <alecable.h>

enum { MR_SLACK, MR_STRAIGHT, MR_LAID };

typedef struct mooring_rig {
    /* the caller's (mooring_rig_init: the example's line) */
    double L, X, Z, w, EA; /* length, fairlead (X, Z), weight per length, axial stiffness */
    double k;              /* seabed stiffness per length (0: no seabed) */
    double sink;           /* the ends (and the start) this far below the values above */
    int n;                 /* elements */
    int start;             /* MR_SLACK: along the bottom, then straight to the fairlead;
                              MR_STRAIGHT: on the chord; MR_LAID: the chord laid slack by
                              alecable_cable_lay_slack() */
    /* mooring_rig_build's */
    alecable_model *m;
    alecable_cable *c;
    alecable_constraint *fx, *fz; /* the fairlead's fixes */
    alecable_load *sb;            /* the seabed, or NULL */
} mooring_rig;

/* L 110, X 90, Z 28, w 1000, EA 1e8, k 1e8, no sink, 100 elements, slack */
void mooring_rig_init(mooring_rig *r);
void mooring_rig_build(mooring_rig *r);
/* statics with o (NULL: the defaults); H and V the fairlead's tensions
 * (may be NULL); returns the solve's status */
int mooring_rig_solve(mooring_rig *r, const alecable_quasistatic_options *o, double *H, double *V,
                      alecable_solve_report *rep);

#endif
