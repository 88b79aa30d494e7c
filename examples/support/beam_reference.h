/* Reference solutions of the classical beam checks (examples/beam_benchmarks.c
 * and the Kirchhoff tests), with the constitutive law of the library's
 * Kirchhoff element: stretch |r'| = 1 + N/EA (N the tension), bending moment
 * EI dphi/ds with s the material coordinate. */
#ifndef ALECABLE_EXAMPLES_BEAM_REFERENCE_H
#define ALECABLE_EXAMPLES_BEAM_REFERENCE_H

/* The extensible elastica: a planar cantilever clamped at the origin along
 * +x, loaded at its free end s = L by the dead force (Px, Py).  With phi
 * the tangent angle and m the bending moment,
 *     x' = lam cos phi,  y' = lam sin phi,  phi' = m/EI,
 *     m' = -lam (Py cos phi - Px sin phi),  lam = 1 + (Px cos phi + Py sin phi)/EA,
 * x = y = phi = 0 at s = 0 and m = 0 at s = L, solved by shooting on m(0)
 * (secant iterations, classical Runge-Kutta with 4000 steps and one
 * Richardson extrapolation: the tip to ~1e-13 relative).  EA may be
 * INFINITY (inextensible).  Returns 0, or -1 when the shooting did not
 * converge. */
int br_elastica_tip(double L, double EI, double EA, double Px, double Py, double *x, double *y, double *phi);

/* A cantilever along +x under an end moment M about +z and no force: the
 * arc of radius EI/M (M = 2 pi EI / L closes the circle). */
void br_rollup(double L, double EI, double M, double *x, double *y, double *phi);

/* A helix of curvature kappa and torsion tau by arc length s, from the
 * origin with tangent e_x, normal e_y, binormal e_z: the Frenet frame turns
 * about the constant Darboux axis a = (tau e_x + kappa e_z)/w at the rate
 * w = sqrt(kappa^2 + tau^2), so
 *     x(s) = (e_x.a) a s + sin(w s)/w p + (1 - cos(w s))/w a x p,  p = e_x - (e_x.a) a;
 * t and n are the tangent and normal there (either may be NULL). */
void br_helix(double kappa, double tau, double s, double x[3], double t[3], double n[3]);

#endif
