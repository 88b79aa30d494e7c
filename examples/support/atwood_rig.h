/* The Atwood machine with a turning wheel and Coulomb stick/slip between
 * rope and rim (examples/atwood_friction.c and the friction tests).
 *
 * Two weights m1 > m2 hang from a rope over a wheel of radius R on a
 * frictionless axle, rotational inertia J; gravity -y.  The rope (axial
 * elements) runs from weight 1 at (-R, -L) up to the wheel, over half a
 * turn (n elements, held on the circle in space, material free) and down
 * to weight 2 at (R, -L); its ends are fastened to the weights (which move
 * vertically only).  alecable_wrap_friction acts between the rope and the
 * wheel's rim (the wheel is its surface).
 *
 * Stick: a = (m1 - m2) g / (m1 + m2 + J / R^2 + m_rope) (the rigid machine)
 * with T1 = m1 (g - a), T2 = m2 (g + a).  The rope can hold T1 / T2 up to
 * the wrap's slip limit e = ((1 + b) / (1 - b))^(n - 1), b = mu sin(pi/n)/2
 * (the capstan's discrete law); beyond it the rope slips with T1 / T2 = e,
 * a = g (m1 - e m2) / (m1 + e m2 + m_rope).  The rope starts at rest,
 * stretched by the tensions of the regime it is in: its material
 * coordinates follow from them (the left span at T1, the right one at T2,
 * the wrap's elements in equal steps for stick, by the factor of the slip
 * limit at each node for slip). */
#ifndef ALECABLE_EXAMPLES_ATWOOD_RIG_H
#define ALECABLE_EXAMPLES_ATWOOD_RIG_H

#include <alecable.h>

typedef struct atwood_params {
    double m1, m2, R, J, mu, aug; /* aug: alecable_friction_params.augmentation */
    double L, E, A, rho, g;
    int n;                         /* 3 .. ATWOOD_MAX_N */
    const alecable_allocator *allocator; /* the model's (NULL: the C library's) */
} atwood_params;

enum { ATWOOD_MAX_N = 120 };

typedef struct atwood_rig {
    alecable_model *m;
    alecable_cable *c;
    alecable_body *w1, *w2, *wheel;
    alecable_joint *fr;
    alecable_node *nd[ATWOOD_MAX_N + 3];
    int n, slip;                   /* slip: 1 when T1/T2 of the rigid machine exceeds the limit */
    double limit, a_rigid, a_slip; /* slip limit of the wrap; the two accelerations above */
} atwood_rig;

/* The defaults of the example: m1 = 2, m2 = 1 kg, R = 0.1 m, J = 0.01 kg m^2,
 * mu = 0.3, the library's augmentation, spans of 1 m, E = 1e11 Pa, A = 1e-5
 * m^2, rho = 0.01 kg/m^3, g = 9.81, n = 12. */
void atwood_params_default(atwood_params *p);
/* Builds the rig; the library's status (0 on success; *r is then to be
 * freed with alecable_model_destroy(r->m)). */
int atwood_build(atwood_rig *r, const atwood_params *p);
/* The model's total energy: W_int + W_ext + kinetic (at the pulled state) */
double atwood_energy(alecable_model *m);
/* Summed friction work of the wrap's contacts, and how many stick */
double atwood_friction_work(const atwood_rig *r, int *nstick);
/* T1 / T2: tension of the left span over the right one's */
double atwood_ratio(const atwood_rig *r);

#endif
