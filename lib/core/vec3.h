/* Small 3-vector helpers shared by the parts (each kept its own copy). */
#ifndef ALECABLE_CORE_VEC3_H
#define ALECABLE_CORE_VEC3_H

/* a . b */
static inline double ac_dot3(const double a[3], const double b[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

#endif
