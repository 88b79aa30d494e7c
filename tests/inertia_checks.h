/* Inertia checks shared by the element suites: the mass matrix, Lagrange's
 * equations from the kinetic energy alone, and the weighted Jacobian, for any
 * element kind (nd dofs, nd <= EL_MAX_DOF).  Each asserts with Check. */
#ifndef ALECABLE_TEST_INERTIA_CHECKS_H
#define ALECABLE_TEST_INERTIA_CHECKS_H

#include "elements/element.h"

/* M(q) = dr/da, from inertia_jac with weights (0, 0, 1) */
void ic_mass(const el_ops *ops, const el_params *par, const double *qe, int nd, double *m);
double ic_quad(const double *m, const double *x, const double *y, int nd);
/* M symmetric (1e-14 of rhoA), positive semidefinite, v^T M v = 2 T (1e-12),
 * and independent of v, a */
void ic_check_mass(const el_ops *ops, const el_params *par, const double *qe, const double *v, const double *a,
                   int nd);
/* inertia = d/dt(dT/dv) - dT/dq with every derivative of kinetic() by
 * finite differences (1e-7 relative) */
void ic_check_lagrange(const el_ops *ops, const el_params *par, const double *qe, const double *v,
                       const double *a, int nd);
/* each Jacobian block against finite differences of inertia() (1e-7) and the
 * weighted call against the weighted sum of the blocks (1e-13) */
void ic_check_jacobian(const el_ops *ops, const el_params *par, const double *qe, const double *v,
                       const double *a, int nd);

#endif
