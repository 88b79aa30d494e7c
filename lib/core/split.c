/* The stretch split of ANCF and Kirchhoff nodes on the model's side: the
 * option, the element terms with the split (lib/elements/split.c holds the
 * kernel) and the stretches for output.
 *
 * Why a node option and not automatic at friction nodes: a split node has
 * one unknown more and changes the solution of every model that has one
 * (for the better: a contact's tension jump is then carried at the node, not
 * smeared over its elements), so the 0.2 figures of the Kirchhoff sleeve,
 * capstan and eyelet examples stay what they were unless a caller asks;
 * beam_sleeve --split and --study ask. */
#include "model.h"
#include "../loads/load_ops.h"

#include <math.h>
#include <string.h>

ALECABLE_API int alecable_node_split_stretch(alecable_node *n, int on)
{
    alecable_model *m;
    if (!n) return ALECABLE_ENULL;
    if (n->magic != MAGIC_NODE) return ALECABLE_EHANDLE;
    m = n->model;
    if (on != 0 && on != 1) return ac_fail(m, ALECABLE_EINVAL, "on = %d must be 0 or 1", on);
    if (!n->cable || !el_split_supported(n->cable->ops))
        return ac_fail(m, ALECABLE_EINVAL,
                       "the node has no slope to split (an axial cable's, an SE(3) cable's or a body's node: only "
                       "ANCF and Kirchhoff nodes split; an SE(3) element's strain, constant per element, carries "
                       "the jump already)");
    if (on && (!ac_node_left(n) || !ac_node_right(n)))
        return ac_fail(m, ALECABLE_EINVAL, "node %d is an end of its cable: a split needs elements on both sides",
                       n->index);
    if (n->split == on) return ALECABLE_OK;
    n->split = on;
    n->rho = 0.0;
    ac_model_changed(m, "a node's stretch split changed");
    return ALECABLE_OK;
}

ALECABLE_API int alecable_node_stretches(const alecable_node *n, double *before, double *after)
{
    double s;
    if (!n) return ALECABLE_ENULL;
    if (n->magic != MAGIC_NODE) return ALECABLE_EHANDLE;
    if (!n->cable || !el_split_supported(n->cable->ops))
        return ac_fail(n->model, ALECABLE_ERANGE, "the node has no slope (an axial cable's or a body's node)");
    s = sqrt(n->q[3] * n->q[3] + n->q[4] * n->q[4] + n->q[5] * n->q[5]);
    if (before) *before = s;
    if (after) *after = n->split ? (1.0 + n->rho) * s : s;
    return ALECABLE_OK;
}

int ac_split_count(const alecable_model *m)
{
    int c, i, k = 0;
    for (c = 0; c < m->cables.n; c++) {
        const alecable_cable *cb = (const alecable_cable *)m->cables.p[c];
        for (i = 0; i < cb->n_nodes; i++) k += cb->nodes[i]->split;
    }
    return k;
}

void ac_split_eval(const alecable_element *e, const double *q, const double *b, double *fe, double *ke)
{
    const el_ops *ops = e->ops;
    const int n = el_ndof(ops);
    double qe[EL_MAX_DOF], qs[EL_MAX_DOF], fs[EL_MAX_DOF], fx[EL_MAX_DOF], rho[2];
    double ks[EL_MAX_DOF * EL_MAX_DOF], kx[EL_MAX_DOF * EL_MAX_DOF];
    int k;
    ac_gather(e, q, qe);
    ac_split_rho(e, q, rho);
    el_split_apply(ops, qe, rho, qs);
    ops->force(&e->par, qs, fs);
    if (b) {
        ops->dist_force(b, qs, fx);
        for (k = 0; k < n; k++) fs[k] += fx[k];
    }
    if (ke) {
        ops->tangent(&e->par, qs, ks);
        if (b) {
            ops->dist_tangent(b, qs, kx);
            for (k = 0; k < n * n; k++) ks[k] += kx[k];
        }
    }
    el_split_pull(ops, qe, rho, fs, ke ? ks : NULL, fe, ke);
}

double ac_split_energy(const alecable_element *e, const double *q)
{
    double qe[EL_MAX_DOF], rho[2];
    ac_gather(e, q, qe);
    ac_split_rho(e, q, rho);
    return el_split_energy(e->ops, &e->par, qe, rho);
}

/* Loads along a cable see the elements without the split (their kernels
 * gather the plain slopes), and a node load's configurational term at a
 * split node, or paper 000's slip law on a wrap, would take one side's
 * slope: refused until they pass through split.c as gravity does */
int ac_split_check(alecable_model *m)
{
    int i, c, k;
    if (!ac_split_count(m)) return ALECABLE_OK;
    for (i = 0; i < m->loads.n; i++) {
        const alecable_load *l = (const alecable_load *)m->loads.p[i];
        if (l->ops->acts_on == LOAD_ON_NODE && l->node->split)
            return ac_fail(m, ALECABLE_ESTATE, "load %d acts on split node %d: not in 0.3 (load the node next to it)",
                           i, l->node->index);
        if (l->ops->acts_on == LOAD_ON_JOINT && l->joint) /* paper 000's slip law: one stretch per node */
            for (k = 0; k < l->joint->count; k++)
                if (l->joint->nodes[k]->split)
                    return ac_fail(m, ALECABLE_ESTATE,
                                   "load %d: the slip law on a wrap holds split node %d: use alecable_wrap_friction", i,
                                   l->joint->nodes[k]->index);
        if (l->cable && l->ops->acts_on != LOAD_ON_NODE)
            for (k = 0; k < l->cable->n_nodes; k++)
                if (l->cable->nodes[k]->split)
                    return ac_fail(m, ALECABLE_ESTATE,
                                   "load %d acts along a cable with split nodes: only gravity does in 0.3", i);
    }
    for (c = 0; c < m->cables.n; c++) {
        const alecable_cable *cb = (const alecable_cable *)m->cables.p[c];
        for (k = 0; k < cb->n_nodes; k++)
            if (cb->nodes[k]->split && (!ac_node_left(cb->nodes[k]) || !ac_node_right(cb->nodes[k])))
                return ac_fail(m, ALECABLE_ESTATE, "cable %d: split node %d is an end", c, k);
    }
    return ALECABLE_OK;
}

void ac_split_output(const alecable_element *e, double *qe)
{
    int k;
    if (!e->a->split) return;
    for (k = 3; k < 6; k++) qe[k] *= 1.0 + e->a->rho;
}
