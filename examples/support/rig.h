/* What the examples' rigs (atwood_rig, belt_rig) share: a macro that
 * returns the library's status on failure, and the stretch of the library's
 * axial element under a tension (to start a cable prestressed). */
#ifndef ALECABLE_EXAMPLES_RIG_H
#define ALECABLE_EXAMPLES_RIG_H

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

#endif
