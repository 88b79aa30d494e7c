/* Coulomb slip friction of a cable on a pulley (paper 000 sec. 4.3.2).
 *
 * At an interior node i of a wrap (held on the pulley, material free) the
 * normal contact force is N_i = -lambda_i . n_i (lambda_i: the node's three
 * multipliers, the force of the cable on the pulley; n_i: the outward
 * normal).  The friction force on the cable is T = mu N_i along the pulley's
 * tangent t_i (oriented towards increasing s), against the material flow:
 *     f_i = -flow mu N_i t_i = flow mu (lambda_i . n_i) t_i.
 * The node is held in space, so f_i does no spatial work; it enters the
 * material equation as the configurational point load of eq. 47 (eq. 70,
 * averaged over the node's two elements, node_config):
 *     r_s(i) += (f_i . x_xi) xi_s.
 * Derivatives: with respect to the two elements' dofs (node_config's
 * gradient, weighted by cq like every dr/dq) and to lambda_i (plain, like
 * G^T): flow mu (t_i . x_xi) xi_s n_i.  The pulley's rotation moves n_i and
 * t_i; that derivative is left out (the cases here hold the pulley's
 * rotation; a free pulley would converge linearly in that direction).
 *
 * Limits of this slip-only law: the direction is given (flow), not found;
 * it holds when the cable slides on the whole wrap at the slip limit (the
 * capstan case); stick, and a change of the sliding direction during a
 * solve, are not modelled (paper 004's augmented-Lagrangian law is). */
#include "friction.h"
#include "../bodies/bodies.h"
#include "../loads/loads.h"

#include <math.h>
#include <string.h>

enum { PER_NODE = 2 * EL_MAX_DOF + 3 };

ALECABLE_API int alecable_pulley_friction(alecable_load **out, alecable_model *m, alecable_joint *wrap, double mu,
                                          int flow)
{
    alecable_load *l;
    int st;
    if ((st = ac_check_model(m))) return st;
    if (out) *out = NULL;
    if ((st = joint_check_kind(m, wrap, JOINT_WRAP, "wrap", "a pulley wrap"))) return st;
    if (!(mu >= 0.0) || !isfinite(mu)) return ac_fail(m, ALECABLE_EINVAL, "mu = %g must be finite and >= 0", mu);
    if (flow != 1 && flow != -1) return ac_fail(m, ALECABLE_EINVAL, "flow = %d must be +1 or -1", flow);
    if (!(l = ac_load_alloc(m, LOAD_PULLEY_FRICTION))) return ALECABLE_ENOMEM;
    l->joint = wrap;
    l->mu = mu;
    l->flow = flow;
    return ac_load_push(m, l, out);
}

int pulley_friction_pattern(const alecable_load *l, sp_builder *b, int nq)
{
    const alecable_joint *j = l->joint;
    int i, k, st;
    for (i = 1; i + 1 < j->count; i++)
        for (k = 0; k < 3; k++)
            if ((st = sp_builder_add(b, node_sdof(j->nodes[i]), nq + j->row0 + 3 * i + k))) return st;
    return 0;
}

int pulley_friction_maps(alecable_model *m, alecable_load *l, const sp_pattern *p, int nq)
{
    const alecable_joint *j = l->joint;
    int i, k, b;
    l->map = (int *)ac_malloc(&m->alloc, (size_t)(j->count > 0 ? j->count : 1) * PER_NODE * sizeof(int));
    if (!l->map) return -1;
    for (i = 0; i < j->count * PER_NODE; i++) l->map[i] = -1;
    for (i = 1; i + 1 < j->count; i++) {
        const alecable_node *n = j->nodes[i];
        const alecable_element *e[2];
        int ne = 0, row = node_sdof(n), *mp = l->map + i * PER_NODE;
        if (n->left) e[ne++] = n->left;
        if (n->right) e[ne++] = n->right;
        for (k = 0; k < ne; k++)
            for (b = 0; b < el_ndof(e[k]->ops); b++)
                if ((mp[k * EL_MAX_DOF + b] = sp_find(p, row, e[k]->dofs[b])) < 0) return -1;
        for (k = 0; k < 3; k++)
            if ((mp[2 * EL_MAX_DOF + k] = sp_find(p, row, nq + j->row0 + 3 * i + k)) < 0) return -1;
    }
    return 0;
}

/* friction force f_i of interior node i, and the unit vectors it is made of */
static void friction_force(const alecable_load *l, int i, const double *q, const double *lambda, double f[3],
                           double n[3], double t[3])
{
    const alecable_joint *j = l->joint;
    const double *lam = lambda + j->row0 + 3 * i;
    double c;
    int k;
    wrap_frame(j, i, q, n, t);
    c = l->flow * l->mu * (lam[0] * n[0] + lam[1] * n[1] + lam[2] * n[2]);
    for (k = 0; k < 3; k++) f[k] = c * t[k];
}

void pulley_friction_residual(const alecable_load *l, const double *q, const double *lambda, double *r)
{
    const alecable_joint *j = l->joint;
    int i;
    for (i = 1; i + 1 < j->count; i++) {
        const alecable_element *e[2];
        double f[3], n[3], t[3], v;
        int ne;
        friction_force(l, i, q, lambda, f, n, t);
        node_config(j->nodes[i], q, f, &v, NULL, e, &ne);
        r[node_sdof(j->nodes[i])] += v;
    }
}

void pulley_friction_jacobian(const alecable_load *l, const double *q, const double *lambda, double cq,
                              double *values)
{
    const alecable_joint *j = l->joint;
    int i, k, b;
    for (i = 1; i + 1 < j->count; i++) {
        const alecable_element *e[2];
        const int *mp = l->map + i * PER_NODE;
        double f[3], n[3], t[3], v, vt, grad[2 * EL_MAX_DOF];
        int ne;
        friction_force(l, i, q, lambda, f, n, t);
        node_config(j->nodes[i], q, f, &v, grad, e, &ne);
        for (k = 0; k < ne; k++)
            for (b = 0; b < el_ndof(e[k]->ops); b++) values[mp[k * EL_MAX_DOF + b]] += cq * grad[k * EL_MAX_DOF + b];
        /* d v / d lambda_i: v is linear in f, f linear in lambda_i */
        node_config(j->nodes[i], q, t, &vt, NULL, e, &ne);
        for (k = 0; k < 3; k++) values[mp[2 * EL_MAX_DOF + k]] += l->flow * l->mu * vt * n[k];
    }
}

int pulley_friction_flow(const alecable_load *l, const double *q0, const double *q, int *node, double *ds)
{
    const alecable_joint *j = l->joint;
    int k;
    for (k = 1; k + 1 < j->count; k++) {
        int d = node_sdof(j->nodes[k]);
        double dk;
        if (d < 0) continue;
        /* flow +1 carries material towards increasing s past the held node: its s falls */
        dk = q[d] - q0[d];
        if (l->flow * dk > 1e-8 * (1.0 + fabs(q0[d]))) {
            *node = k;
            *ds = dk;
            return 0;
        }
    }
    return 1;
}
