/* The potential energy of a model's problem (alecable_problem.energy), for
 * the integrators' energy balance.  The model offers it only where V holds
 * every force that is not inertia, a constraint force or dissipation: then
 * T + V can grow only by the work of the constraints' prescribed motions,
 * which the integrator adds up itself.  Host wrenches, motors, node moments,
 * body torques (constant in space, without a potential once the body turns
 * about two axes) and current-driven hydrodynamics supply work of their
 * own; material that flows in or out through a cable end carries energy
 * across the mesh's boundary; a point load on a node whose material
 * coordinate moves does configurational work without a potential; a point
 * body in a sea feels a moving surface and fluid.  A model
 * with any of them has no callback. */
#include "model.h"
#include "../constraints/mesh_motion.h"
#include "../bodies/bodies.h"
#include "../loads/load_ops.h"

#include <stddef.h>

/* the node's material coordinate may change: a dof that no fix, joint or
 * (dynamics) mesh-motion row holds at a constant value.  At a cable end the
 * material then crosses the end; under a point load the load's
 * configurational force (paper 000 eq. 47) works on it without a potential */
static int s_moves(const alecable_model *m, const alecable_node *n)
{
    int i, j;
    if (node_sdof(n) < 0 || ac_joint_holding(m, n, ALECABLE_DOF_S) >= 0 || mesh_holds_s(m, n)) return 0;
    for (i = 0; i < m->constraints.n; i++) {
        const alecable_constraint *k = (const alecable_constraint *)m->constraints.p[i];
        for (j = 0; j < k->count; j++)
            if (k->nodes[j] == n && k->ndof[j] == ALECABLE_DOF_S) return k->kind != CON_FIX;
    }
    return 1;
}

int ac_energy_complete(const alecable_model *m)
{
    int i;
    if (m->ramp_loads) return 0; /* loads that grow with t: V depends on t */
    for (i = 0; i < m->loads.n; i++) {
        const alecable_load *l = (const alecable_load *)m->loads.p[i];
        if ((l->ops->flags & LOAD_WORKS) || ((l->ops->flags & LOAD_CONFIG) && l->config && s_moves(m, l->node)))
            return 0;
    }
    for (i = 0; i < m->joints.n; i++)
        if (((const alecable_joint *)m->joints.p[i])->motor) return 0;
    if (!point_masses_conservative(m)) return 0; /* a body in a sea: its surface and fluid move */
    for (i = 0; i < m->cables.n; i++) {
        const alecable_cable *cb = (const alecable_cable *)m->cables.p[i];
        if (cb->n_el > 0 && (s_moves(m, cb->el[0]->a) || s_moves(m, cb->el[cb->n_el - 1]->b))) return 0;
    }
    return 1;
}

int ac_energy_cb(void *ctx, double t, const double *q, double *w_int, double *w_ext)
{
    alecable_model *m = ac_ctx_model(ctx);
    if (!m) return ALECABLE_ESTATE;
    ac_energy(m, q, t, w_int, w_ext);
    return ALECABLE_OK;
}
