/* What the examples' rigs (atwood_rig, belt_rig) and the friction examples
 * share: a macro that returns the library's status on failure, the stretch
 * of the library's axial element under a tension (to start a cable
 * prestressed), an element's tension and a friction joint's stuck contacts. */
#ifndef ALECABLE_EXAMPLES_RIG_H
#define ALECABLE_EXAMPLES_RIG_H

#include <alecable.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

#define RIG_TRY(call)                                                                                                \
    do {                                                                                                             \
        int st_ = (call);                                                                                            \
        if (st_) return st_;                                                                                         \
    } while (0)

/* F with EA F (F^2 - 1) / 2 = T: the element's energy is EA/2 ((F^2 - 1)/2)^2
 * per material length, F = |dx/ds|, so its tension is EA eps F */
static inline double axial_stretch(double T, double EA)
{
    double F = 1.0;
    int k;
    for (k = 0; k < 50; k++) F -= (0.5 * EA * F * (F * F - 1.0) - T) / (0.5 * EA * (3.0 * F * F - 1.0));
    return F;
}

/* axial force of element e of cable c */
static inline double rig_tension(const alecable_cable *c, int e)
{
    alecable_element *el;
    double T = 0.0;
    if (!alecable_cable_element(&el, c, e)) alecable_element_axial_force(el, &T);
    return T;
}

/* contacts of a friction joint that stick */
static inline int rig_stuck(const alecable_joint *fr)
{
    int i, n = 0, k = 0;
    alecable_friction_contacts(fr, &n);
    for (i = 0; i < n; i++) {
        alecable_contact c;
        alecable_contact_init(&c);
        alecable_friction_contact(fr, i, &c);
        k += c.state == ALECABLE_CONTACT_STICK;
    }
    return k;
}
#endif
