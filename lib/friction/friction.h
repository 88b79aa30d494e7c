/* Friction laws acting on the material equations (lib/friction/): Coulomb
 * slip on a pulley wrap.  Their residual depends on the constraint
 * multipliers (the normal forces), so core's assembly passes lambda. */
#ifndef ALECABLE_FRICTION_H
#define ALECABLE_FRICTION_H

#include "../core/model.h"

int  pulley_friction_pattern(const alecable_load *l, sp_builder *b, int nq);
int  pulley_friction_maps(alecable_model *m, alecable_load *l, const sp_pattern *p, int nq);
void pulley_friction_residual(const alecable_load *l, const double *q, const double *lambda, double *r);
void pulley_friction_jacobian(const alecable_load *l, const double *q, const double *lambda, double cq,
                              double *values);
/* The slip law holds only where the material flowed the declared way: after a solve from q0 to
 * q, 1 when no interior node of the wrap saw it flow the other way (beyond rounding), else 0 with
 * the first such node (its index in the wrap) and its s change */
int  pulley_friction_flow(const alecable_load *l, const double *q0, const double *q, int *node, double *ds);

#endif
