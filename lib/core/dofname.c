/* Names of unknowns for messages: which cable's node or which body a dof
 * of q belongs to, and which of its coordinates it is, in the terms of the
 * public API (ALECABLE_DOF_*), so that a failure can say what to hold. */
#include "model.h"

#include <stdio.h>

static const char *const dof_names[] = {"x", "y", "z", "s", "dx", "dy", "dz", "rx", "ry", "rz", "roll"};

/* the public dof id of a node-local position, or -1 */
static int public_dof(const alecable_node *n, int local)
{
    int d;
    for (d = 0; d < (int)(sizeof dof_names / sizeof dof_names[0]); d++)
        if (ac_node_local_dof(n, d) == local) return d;
    return -1;
}

/* a body's node has all its six coordinates in q (nfree is a cable's) */
static int owns(const alecable_node *n, int k)
{
    return k >= n->dof0 && k < n->dof0 + (n->sidx < 0 ? n->ndof : n->nfree);
}

static int what_to_do(char *buf, size_t len, int d, int body)
{
    return snprintf(buf, len, "%s",
                    d == ALECABLE_DOF_S ? "a material coordinate nothing holds (fix it; in statics keep the regularization)"
                    : d >= ALECABLE_DOF_RX && d <= ALECABLE_DOF_RZ ? "a rotation nothing restrains (add a joint or fix it)"
                    : d == ALECABLE_DOF_ROLL ? "a roll nothing restrains (fix it at one node)"
                    : body ? "a body nothing holds in this direction (add a joint or fix it)"
                                             : "nothing restrains it here (fix or connect it, or tension the cable)");
}

int ac_dof_name(const alecable_model *m, int k, char *buf, size_t len)
{
    int c, i, d, w;
    if (!m || k < 0 || k >= m->nq || len == 0) return -1;
    for (c = 0; c < m->cables.n; c++) {
        const alecable_cable *cb = (const alecable_cable *)m->cables.p[c];
        for (i = 0; i < cb->n_nodes; i++) {
            if (cb->nodes[i]->xdof == k) {
                snprintf(buf, len, "cable %d node %d stretch split rho (q[%d]): the stretch after the node is free "
                                   "(alecable_node_split_stretch); nothing holds the element after it", c, i, k);
                return 0;
            }
            if (owns(cb->nodes[i], k)) {
                d = public_dof(cb->nodes[i], k - cb->nodes[i]->dof0);
                w = snprintf(buf, len, "cable %d node %d dof %s (q[%d]): ", c, i, d >= 0 ? dof_names[d] : "?", k);
                if (w > 0 && (size_t)w < len) what_to_do(buf + w, len - (size_t)w, d, 0);
                return 0;
            }
        }
    }
    for (i = 0; i < m->bodies.n; i++) {
        const alecable_body *b = (const alecable_body *)m->bodies.p[i];
        if (owns(&b->node, k)) {
            d = public_dof(&b->node, k - b->node.dof0);
            w = snprintf(buf, len, "body %d dof %s (q[%d]): ", i, d >= 0 ? dof_names[d] : "?", k);
            if (w > 0 && (size_t)w < len) what_to_do(buf + w, len - (size_t)w, d, 1);
            return 0;
        }
    }
    return -1;
}
