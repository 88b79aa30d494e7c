/* External loads: point loads at mesh nodes (with their configurational
 * force), at material particles, uniform distributed loads and gravity. */
#ifndef ALECABLE_LOADS_H
#define ALECABLE_LOADS_H

#include "../core/model.h"

/* l->map for a load at a node: 2 * EL_MAX_DOF positions (0; -2: out of memory) */
int    load_node_map_alloc(alecable_model *m, alecable_load *l);
/* The q-only part of a load (load_ops.eval): the work potential W_ext of
 * conservative loads at load factor scale (the configurational part of a
 * node load has no potential and is left out), residual and Jacobian. */
double load_energy(const alecable_model *m, const alecable_load *l, const double *q, double scale);
void   load_residual(const alecable_model *m, const alecable_load *l, const double *q, double scale,
                     double *r);
void   load_jacobian(const alecable_model *m, const alecable_load *l, const double *q, double scale,
                     double *values, double *scratch);

/* Velocity-dependent field loads (load_ops.element: hydrodynamics, friction,
 * seabed, damping, wrench densities): residual and weighted Jacobian (cq,
 * cv, ca already applied; non-stiff loads are left out under
 * ALECABLE_JAC_STIFF_ONLY). */
void   field_load_residual(const alecable_model *m, const alecable_load *l, double t, const double *q,
                           const double *v, const double *a, double scale, double *r);
void   field_load_jacobian(const alecable_model *m, const alecable_load *l, double t, const double *q,
                           const double *v, const double *a, double scale, double cq, double cv, double ca,
                           int flags, double *values, double *scratch);

/* The node's neighbouring elements (one at a cable end): their count */
int    node_elements(const alecable_node *n, const alecable_element *e[2]);
/* Configurational work of a force f at a mesh node (paper 000 eqs. 47/70):
 * value = (f . dx/dxi) (dxi/ds), both averaged over the node's elements e
 * (ne of them), and its gradient with respect to those elements' dofs
 * (grad[k * EL_MAX_DOF + b], may be NULL). */
void   node_config(const alecable_node *node, const double *q, const double f[3], double *value, double *grad,
                   const alecable_element *e[2], int *ne);

/* Gravity on every cable: b = rho A g per unit material length. */
double gravity_energy(const alecable_model *m, const double *q, double scale);
/* Gravity's force per unit material length on cable cb at load factor
 * scale into b; 0 when it vanishes.  The element loops of the residual and
 * Jacobian apply it with the element's dist_force / dist_tangent. */
int    gravity_density(const alecable_model *m, const alecable_cable *cb, double scale, double b[3]);

#endif
