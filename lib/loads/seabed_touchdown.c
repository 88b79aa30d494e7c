/* A touchdown node: an ALE cable held on a plane seabed up to one node whose
 * material coordinate stays free, so that where the line leaves the bottom
 * is an unknown of the discrete potential (alecable_seabed_touchdown).
 *
 * Why a node and not the penalty at Gauss points: with the contact boundary
 * inside an element the discretization's error jumps with where it falls
 * (no smooth expansion in h, no extrapolation); with the boundary at a node
 * whose s the equations place (stationarity of W in s_k, through the tie
 * rows below: the derivative along the whole family of meshes) nothing is
 * discontinuous inside an element, the error is smooth in h (order 2 for
 * axial elements) and two meshes extrapolate.  Everything is built from
 * linear constraints (lib/constraints), so statics, the multipliers and
 * finalize need nothing new. */
#include "loads.h"
#include "../constraints/constraints.h"

#include <math.h>
#include <string.h>

/* s_i = (1 - f) s_a + f s_b, f from the current s, with the part's end's s
 * (a or b) a constant: two terms.  (A third term on the end's s would put a
 * dense row and column of ties on it: the factorization slows down by far.) */
static int tie(alecable_model *m, alecable_node *ni, alecable_node *nk, alecable_node *ne)
{
    alecable_node *nodes[2];
    int dofs[2] = {ALECABLE_DOF_S, ALECABLE_DOF_S};
    double si = ni->q[ni->sidx], sk = nk->q[nk->sidx], se = ne->q[ne->sidx], f = (si - sk) / (se - sk), coef[2];
    nodes[0] = ni;
    nodes[1] = nk;
    coef[0] = 1.0;
    coef[1] = -(1.0 - f);
    return alecable_linear_constraint(NULL, m, 2, nodes, dofs, coef, f * se, 0.0);
}

ALECABLE_API int alecable_seabed_touchdown(alecable_constraint *bottom[], alecable_model *m, alecable_cable *c,
                                           const double point[3], const double normal[3], int end, int node)
{
    double nn[3], len, np;
    int st, i, n, first, last, step, n0, a;
    if ((st = ac_check_model(m))) return st;
    if ((st = ac_check_cable(m, c, "c"))) return st;
    if (!point || !normal) return ac_fail(m, ALECABLE_ENULL, "%s is NULL", !point ? "point" : "normal");
    for (i = 0; i < 3; i++)
        if (!isfinite(point[i]) || !isfinite(normal[i]))
            return ac_fail(m, ALECABLE_EINVAL, "%s[%d] is not finite", !isfinite(point[i]) ? "point" : "normal", i);
    len = sqrt(normal[0] * normal[0] + normal[1] * normal[1] + normal[2] * normal[2]);
    if (!(len > 0.0)) return ac_fail(m, ALECABLE_EINVAL, "normal is zero");
    if (c->lagrangian)
        return ac_fail(m, ALECABLE_EINVAL, "c is Lagrangian: the touchdown node needs its s as an unknown "
                                           "(alecable_cable_set_lagrangian(c, 0))");
    if (end != 0 && end != 1) return ac_fail(m, ALECABLE_EINVAL, "end = %d must be 0 or 1", end);
    n = c->n_nodes - 1; /* elements */
    if (node < 1 || node > n - 1)
        return ac_fail(m, ALECABLE_ERANGE, "node = %d: the touchdown node must lie between the cable's ends (1 .. %d)",
                       node, n - 1);
    for (i = 0; i < 3; i++) nn[i] = normal[i] / len;
    np = nn[0] * point[0] + nn[1] * point[1] + nn[2] * point[2];
    first = end ? n : 0; /* the anchor's end: not held here (the caller holds it) */
    last = end ? 0 : n;
    step = end ? -1 : 1;
    for (i = first + step; i != node + step; i += step) {
        const double *x = c->nodes[i]->q;
        double g = nn[0] * x[0] + nn[1] * x[1] + nn[2] * x[2] - np;
        if (!(fabs(g) <= 1e-9 * (1.0 + fabs(np) + fabs(x[0]) + fabs(x[1]) + fabs(x[2]))))
            return ac_fail(m, ALECABLE_EINVAL, "node %d is %.3g m off the plane: the nodes from the end to the "
                                               "touchdown node must start on the bottom", i, g);
    }
    n0 = m->constraints.n;
    a = 0;
    for (i = first + step; i != node + step && !st; i += step) {
        alecable_node *nodes[3];
        int dofs[3] = {ALECABLE_DOF_X, ALECABLE_DOF_Y, ALECABLE_DOF_Z};
        alecable_constraint *k = NULL;
        nodes[0] = nodes[1] = nodes[2] = c->nodes[i];
        st = alecable_linear_constraint(&k, m, 3, nodes, dofs, nn, np, 0.0);
        if (!st && bottom) bottom[a++] = k;
    }
    for (i = first + step; i != last && !st; i += step) {
        if (i == node) continue;
        st = tie(m, c->nodes[i], c->nodes[node], c->nodes[(i - node) * step < 0 ? first : last]);
    }
    if (st) { /* a failed call changes nothing: the constraints added so far go */
        while (m->constraints.n > n0) con_free(m, (alecable_constraint *)m->constraints.p[--m->constraints.n]);
        if (bottom)
            for (i = 0; i < a; i++) bottom[i] = NULL;
        return st;
    }
    return ALECABLE_OK;
}
