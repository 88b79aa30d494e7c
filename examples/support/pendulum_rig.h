/* The flexible pendulum of paper 001 (sec. 4.1) as the benchmarks build it
 * (bench_realtime, bench_scaling, bench_memory): a 1 m cable of `elements`
 * elements of kind `kind` along x, pinned at its first node, under gravity;
 * a 1 cm round section of density 5000 kg/m^3, I = 1e-8 m^4, modulus E.
 * A Lagrangian cable unless `ale` (then every s is an unknown held by a
 * fix); a Kirchhoff cable's roll is held at the pin and its torsion soft,
 * GJ = 1e-3 EI (the motion is planar).  (bench_step builds its own: it
 * compiles against 0.2.0's example support too.) */
#ifndef ALECABLE_EXAMPLES_PENDULUM_RIG_H
#define ALECABLE_EXAMPLES_PENDULUM_RIG_H

#include <alecable.h>

/* *out the model (NULL on failure, nothing left allocated), *cable its cable
 * (may be NULL); returns the library's status */
int pendulum_rig(alecable_model **out, alecable_cable **cable, int kind, int elements, double E, int ale);

#endif
