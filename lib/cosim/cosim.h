/* Co-simulation (alecable_cosim_*): the coupled bodies' kinematics over a
 * macro-step (kinematics.c) and the object that sub-steps a model's cables
 * between a host's macro-steps (cosim.c). */
#ifndef ALECABLE_COSIM_H
#define ALECABLE_COSIM_H

#include "alecable.h"

/* The kinematics of one coupled body at the two ends of a macro-step
 * [t0, t0 + H] and what the interpolation precomputes from them: phi =
 * log(R0^T R1) and the end rate of the rotation vector, dphi1 = Jr(phi)^-1
 * R1^T w1 (Hermite). */
typedef struct cs_ends {
    double x0[3], R0[9], v0[3], w0[3];
    double x1[3], R1[9], v1[3], w1[3];
    double phi[3], dphi1[3];
} cs_ends;

/* Precomputes phi and dphi1 after the ends changed */
void cs_ends_prepare(cs_ends *e);
/* The frame at t of the interpolation (ALECABLE_COSIM_*) over [t0, t0 + H]:
 * origin, rotation (row-major), velocity, angular velocity (space), and
 * their rates */
void cs_interpolate(const cs_ends *e, int mode, double t0, double H, double t, double x[3], double R[9],
                    double v[3], double w[3], double a[3], double alpha[3]);
/* The frame at t when the body moves with its start twist (before the
 * first macro-step: the initial pose held by statics at t0) */
void cs_extrapolate(const cs_ends *e, double t0, double t, double x[3], double R[9], double v[3], double w[3],
                    double a[3], double alpha[3]);
/* R <- exp(d^) R (a rotation increment in space) */
void cs_rotate_space(double R[9], const double d[3]);

#endif
