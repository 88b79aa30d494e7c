/* Seabed contact of cable elements (seabed.c): a unilateral penalty per unit
 * material length with its energy, normal damping and regularized Coulomb
 * friction split along and across the cable.
 *
 * The bottom is a plane (a point and the unit normal n out of the seabed) or
 * a bathymetry grid of heights z = h(x, y) over a regular x-y grid, bilinear
 * in each cell (z is "up" for a grid).  Its gap function g(r) is the signed
 * distance above the bottom: plane g = n.(r - p); grid
 * g = (z - h(x, y)) / sqrt(1 + h_x^2 + h_y^2), the distance along the cell's
 * local normal (exact for a plane the grid reproduces).  Outside the grid the
 * edge cells extend (their bilinear form continued).  The penetration is
 * delta = max(0, -g).
 *
 * Per unit material (unstretched) length s, as the cable's weight rho A g:
 *   energy   1/2 k delta^2                          (conservative)
 *   normal   f_n = k delta n_g,  n_g = grad g       (its negative gradient)
 *   damping  f_c = -clamp(c u.n, -k delta, k delta) n  while delta > 0
 *            (n = n_g/|n_g|): c u.n held within the penalty force k delta,
 *            so that it vanishes with delta (-c (u.n) n switched on at
 *            delta = 0 made the residual jump by c |u.n| where a particle
 *            lands: an implicit step whose solution lies in the jump has no
 *            root, and Newton cycled, a Gauss point in and out, at any h)
 *            and never pulls a lifting particle down (k delta - f_c >= 0)
 *   friction f_f = -k delta sum_d mu_d phi(u.e_d) e_d,  d = axial, lateral,
 *            e_a = the tangent's part in the bottom's plane normalized,
 *            e_l = n x e_a; phi of friction.c's laws (SATURATED, SQRT).
 * With the weight per unit material length w resting on a flat bottom the
 * penetration is w/k exactly.  The energy and its gradient and Hessian are
 * the 5-point Gauss sum of field_loads.h at fixed xi; damping and friction
 * the generalized force -int S^T f ds with exact Jacobians. */
#ifndef ALECABLE_SEABED_H
#define ALECABLE_SEABED_H

#include "../elements/element.h"

typedef struct seabed_params {
    int grid;                 /* 0: plane; 1: grid */
    double point[3], normal[3];/* plane: a point, unit normal out of the seabed */
    int nx, ny;               /* grid: heights h[j nx + i] at (x0 + i dx, y0 + j dy) */
    double x0, y0, dx, dy;
    double *h;                /* owned by the load (freed with the model) */
    double k, c;              /* stiffness [N/m^2], damping [N s/m^2] per unit length */
    double mu_a, mu_l, eps;   /* axial and lateral friction, regularization velocity */
    int law;                  /* FRICTION_LAW_* (field_loads.h) */
    int stiff;                /* damping and friction in the Jacobian under STIFF_ONLY */
} seabed_params;

/* gap g(r), its gradient G and Hessian H (3 x 3 row-major; either may be NULL) */
void   seabed_gap(const seabed_params *sp, const double r[3], double *g, double G[3], double H[9]);
/* int 1/2 k delta^2 ds over one element (0 for an element kind without kinematics here) */
double seabed_energy(const seabed_params *sp, const el_ops *ops, const double *qe);
/* The penalty: re = its gradient, ke = its Hessian (either may be NULL; written, not added) */
int    seabed_penalty(const seabed_params *sp, const el_ops *ops, const double *qe, double *re, double *ke);
/* Damping and friction (velocity forces): re and ke = cq dr/dq + cv dr/dv (written) */
int    seabed_field(const seabed_params *sp, const el_ops *ops, const double *qe, const double *ve, double *re,
                    double cq, double cv, double *ke);

#endif
