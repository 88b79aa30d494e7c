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

#endif
