/* Internal (structural) Kelvin-Voigt damping of a cable (damping.c), as a
 * dissipation potential quadratic in the velocities v:
 *
 *     D(q, v) = int [ 1/2 c_a (d eps/dt)^2 + 1/2 c_b |d k/dt|^2 ] ds,
 *
 * eps and k the axial strain and curvature vector of the element's own
 * strain energy, their rates at fixed material particles d eps/dt = grad
 * eps(q) . v (linear in v).  The damping force is f_d = dD/dv (so v.f_d =
 * 2 D >= 0); it enters the residual as the internal force does (+f_d).
 * Lagrangian elements only (fixed s_A, s_B): the caller refuses ALE cables. */
#ifndef ALECABLE_LOADS_DAMPING_H
#define ALECABLE_LOADS_DAMPING_H

#include "../elements/element.h"

typedef struct damping_params {
    double c_a;  /* axial [N s]: axial force c_a d eps/dt */
    double c_b;  /* bending [N m^2 s]: bending moment c_b dk/dt */
    int stiff;   /* 1 (default): in the Jacobian also under ALECABLE_JAC_STIFF_ONLY */
} damping_params;

/* c_a = c_b = 0, stiff = 1 */
void damping_params_init(damping_params *p);

/* One element (axial, ANCF or Kirchhoff kind; element.h's dof layout): D
 * (may be NULL) the element's dissipation potential, re (may be NULL) its
 * residual dD/dv, ke (may be NULL) cq d(re)/dq + cv d(re)/dv (row-major
 * ndof x ndof); outputs are written, not added.  ve NULL: zero velocities.
 * Returns 0, or -1 for another element kind (outputs untouched). */
int damping_element(const damping_params *dp, const el_ops *ops, const el_params *par, const double *qe,
                    const double *ve, double *D, double *re, double cq, double cv, double *ke);

#endif
