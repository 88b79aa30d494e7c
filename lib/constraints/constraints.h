/* Constraints g(q, t) = 0 that are linear in q: fixed and prescribed dofs and
 * general linear relations.  Each contributes one multiplier row. */
#ifndef ALECABLE_CONSTRAINTS_H
#define ALECABLE_CONSTRAINTS_H

#include "../core/model.h"

void con_free(alecable_model *m, alecable_constraint *k);
/* after DOF numbering: global dofs of the terms */
void con_number(alecable_constraint *k);
int  con_pattern(const alecable_constraint *k, sp_builder *b, int nq);
int  con_maps(alecable_model *m, alecable_constraint *k, const sp_pattern *p, int nq);
/* r_q += G^T lambda, r_l[row] = g */
void con_residual(const alecable_constraint *k, const double *q, const double *lambda, double t,
                  double *r, int nq);
void con_jacobian(const alecable_constraint *k, double *values);
/* constraint rates (see alecable_problem.constraint_rates) */
void con_rates(const alecable_constraint *k, double t, const double *v, double *gdot, double *gamma);
/* does k hold exactly one dof (fix / prescribe)? */
int  con_single_dof(const alecable_constraint *k);

#endif
