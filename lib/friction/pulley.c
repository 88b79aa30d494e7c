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
 * solve, are not modelled (paper 004's augmented-Lagrangian law is).
 *
 * On a sheave (lib/bodies/sheave.c) the nodes move along the circle: the
 * normal and tangent are the node's own (sheave_geometry), with their
 * derivatives in the positions and the body's pose, and the flow check
 * counts the node's travel (pulley_friction_flow). */
#include "friction.h"
#include "../bodies/bodies.h"
#include "../bodies/rotation.h"
#include "../loads/loads.h"

#include <math.h>
#include <string.h>

/* Per interior node, the Jacobian's positions: the two elements' dofs, then
 * the extra columns: a wrap's three multipliers of the node; a sheave's
 * x_(i-1), x_i, x_(i+1), the body's x_b and psi_b, and the multipliers of
 * the node's circle and mesh rows and of its neighbours' mesh rows (SX_*). */
enum {
    SX_XM = 0, SX_XI = 3, SX_XP = 6, SX_XB = 9, SX_PB = 12, SX_L1 = 15, SX_L2 = 16, SX_LM = 17, SX_LP = 18,
    NX = 19, PER_NODE = 2 * EL_MAX_DOF + NX
};

static int is_sheave(const alecable_joint *j) { return j->kind == JOINT_SHEAVE; }

ALECABLE_API int alecable_pulley_friction(alecable_load **out, alecable_model *m, alecable_joint *wrap, double mu,
                                          int flow)
{
    alecable_load *l;
    int st;
    if ((st = ac_check_model(m))) return st;
    if (out) *out = NULL;
    if (wrap && wrap->magic == MAGIC_JOINT && wrap->model == m && wrap->kind == JOINT_SHEAVE) {
        if (wrap->count < 3)
            return ac_fail(m, ALECABLE_EINVAL, "the sheave has %d nodes: friction acts on interior ones (3 at least)",
                           wrap->count);
    } else if ((st = joint_check_kind(m, wrap, JOINT_WRAP, "wrap", "a pulley wrap or a sheave")))
        return st;
    if (!(mu >= 0.0) || !isfinite(mu)) return ac_fail(m, ALECABLE_EINVAL, "mu = %g must be finite and >= 0", mu);
    if (flow != 1 && flow != -1) return ac_fail(m, ALECABLE_EINVAL, "flow = %d must be +1 or -1", flow);
    if (!(l = ac_load_alloc(m, LOAD_PULLEY_FRICTION))) return ALECABLE_ENOMEM;
    l->joint = wrap;
    l->mu = mu;
    l->flow = flow;
    return ac_load_push(m, l, out);
}

/* the extra columns of interior node i (-1: none) */
static void extra_cols(const alecable_joint *j, int i, int nq, int *c)
{
    int k;
    for (k = 0; k < NX; k++) c[k] = -1;
    if (!is_sheave(j)) {
        for (k = 0; k < 3; k++) c[k] = nq + j->row0 + 3 * i + k;
        return;
    }
    for (k = 0; k < 3; k++) {
        c[SX_XM + k] = j->nodes[i - 1]->dof0 + k;
        c[SX_XI + k] = j->nodes[i]->dof0 + k;
        c[SX_XP + k] = j->nodes[i + 1]->dof0 + k;
        c[SX_XB + k] = j->b->node.dof0 + k;
        c[SX_PB + k] = j->b->node.dof0 + 3 + k;
    }
    c[SX_L1] = nq + j->row0 + 3 * i + 1;
    c[SX_L2] = nq + j->row0 + 3 * i + 2;
    if (i - 1 > 0) c[SX_LM] = nq + j->row0 + 3 * (i - 1) + 2;
    if (i + 1 < j->count - 1) c[SX_LP] = nq + j->row0 + 3 * (i + 1) + 2;
}

int pulley_friction_pattern(const alecable_load *l, sp_builder *b, int nq)
{
    const alecable_joint *j = l->joint;
    int i, k, st, c[NX];
    for (i = 1; i + 1 < j->count; i++) {
        extra_cols(j, i, nq, c);
        for (k = 0; k < NX; k++)
            if (c[k] >= 0 && (st = sp_builder_add(b, node_sdof(j->nodes[i]), c[k]))) return st;
    }
    return 0;
}

int pulley_friction_maps(alecable_model *m, alecable_load *l, const sp_pattern *p, int nq)
{
    const alecable_joint *j = l->joint;
    int i, k, b, c[NX];
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
        extra_cols(j, i, nq, c);
        for (k = 0; k < NX; k++)
            if (c[k] >= 0 && (mp[2 * EL_MAX_DOF + k] = sp_find(p, row, c[k])) < 0) return -1;
    }
    return 0;
}

/* A sheave's interior node i at (q, lambda), in the body frame (u_m =
 * R^T (x_m - x_b) of the node's neighbours m = i-1, i, i+1; y = u_i - c):
 * the outward normal n = P y / |P y| (P: off the axis) and the tangent
 * t = sigma a x n towards increasing s (sigma from the neighbours' order
 * in s: piecewise constant), both turning with the node and the body.
 * The normal force is the normal part of the whole force the sheave's rows
 * put on the node, N = -n . F, with
 *   F = (l1 y + l2 (u_(i-1) - u_(i+1)) + lm (u_i - u_(i-1)) + lp (u_(i+1) - u_i)) / r
 * (l1, l2: the node's circle and mesh multipliers; lm, lp: the mesh
 * multipliers of its interior neighbours, whose equations hold u_i too):
 * on the fixed wrap N is the normal part of the node's three multipliers,
 * and the same normal part here makes the sheave's friction the fixed
 * wrap's at the same geometry.  The circle's multiplier alone would not:
 * with friction the mesh multipliers carry the tension's jumps along the
 * wrap, and their chords have a normal part of order mu N. */
typedef struct sheave_geo {
    double R[9], u[3][3], y[3], n[3], t[3], np, sigma, F[3], N;
    double lam[4];     /* l1, l2, lm, lp */
    double dN_u[3][3]; /* dN/du_m, body frame */
    double dN_l[4];    /* dN/d(l1, l2, lm, lp) */
} sheave_geo;

static void sheave_geometry(const alecable_joint *j, int i, const double *q, const double *lambda, sheave_geo *g)
{
    const double r = j->radius, *a = j->axis;
    const double *xb = q ? q + j->b->node.dof0 : j->b->node.q;
    const double *lam;
    double z[3], ay, w[3], PF[3], dir[3], ds;
    int m, k, im = i - 1 > 0, ip = i + 1 < j->count - 1;
    body_rotation(j->b, q, g->R);
    for (m = 0; m < 3; m++) {
        const alecable_node *nd = j->nodes[i - 1 + m];
        const double *x = q ? q + nd->dof0 : nd->q;
        for (k = 0; k < 3; k++) z[k] = x[k] - xb[k];
        rot_tmul(g->R, z, g->u[m]);
    }
    for (k = 0; k < 3; k++) g->y[k] = g->u[1][k] - j->centre[k];
    ay = dot3v(a, g->y);
    for (k = 0; k < 3; k++) g->n[k] = g->y[k] - ay * a[k];
    g->np = sqrt(dot3v(g->n, g->n));
    for (k = 0; k < 3; k++) g->n[k] /= g->np;
    cross3(a, g->n, w);
    for (k = 0; k < 3; k++) dir[k] = g->u[2][k] - g->u[0][k];
    ds = node_s_at(j->nodes[i + 1], q) - node_s_at(j->nodes[i - 1], q);
    g->sigma = dot3v(w, dir) * ds >= 0.0 ? 1.0 : -1.0;
    for (k = 0; k < 3; k++) g->t[k] = g->sigma * w[k];
    if (!lambda) return;
    lam = lambda + j->row0;
    g->lam[0] = lam[3 * i + 1];
    g->lam[1] = lam[3 * i + 2];
    g->lam[2] = im ? lam[3 * (i - 1) + 2] : 0.0;
    g->lam[3] = ip ? lam[3 * (i + 1) + 2] : 0.0;
    for (k = 0; k < 3; k++)
        g->F[k] = (g->lam[0] * g->y[k] + g->lam[1] * (g->u[0][k] - g->u[2][k]) +
                   g->lam[2] * (g->u[1][k] - g->u[0][k]) + g->lam[3] * (g->u[2][k] - g->u[1][k])) / r;
    g->N = -dot3v(g->n, g->F);
    /* dN/du_i = -P_n F / |P y| - (l1 + lm - lp) / r n, P_n = I - n n^T - a a^T */
    {
        double nf = dot3v(g->n, g->F), af = dot3v(a, g->F);
        for (k = 0; k < 3; k++) PF[k] = g->F[k] - nf * g->n[k] - af * a[k];
    }
    for (k = 0; k < 3; k++) {
        g->dN_u[1][k] = -PF[k] / g->np - (g->lam[0] + g->lam[2] - g->lam[3]) / r * g->n[k];
        g->dN_u[0][k] = -(g->lam[1] - g->lam[2]) / r * g->n[k];
        g->dN_u[2][k] = -(g->lam[3] - g->lam[1]) / r * g->n[k];
    }
    for (k = 0; k < 3; k++) dir[k] = g->u[0][k] - g->u[2][k];
    g->dN_l[0] = -dot3v(g->n, g->y) / r;
    g->dN_l[1] = -dot3v(g->n, dir) / r;
    for (k = 0; k < 3; k++) dir[k] = g->u[1][k] - g->u[0][k];
    g->dN_l[2] = im ? -dot3v(g->n, dir) / r : 0.0;
    for (k = 0; k < 3; k++) dir[k] = g->u[2][k] - g->u[1][k];
    g->dN_l[3] = ip ? -dot3v(g->n, dir) / r : 0.0;
}

/* normal force N_i and tangent t_i in space of interior node i */
static void node_frame(const alecable_load *l, int i, const double *q, const double *lambda, double *N, double t[3])
{
    const alecable_joint *j = l->joint;
    if (is_sheave(j)) {
        sheave_geo g;
        sheave_geometry(j, i, q, lambda, &g);
        *N = g.N;
        rot_mul(g.R, g.t, t);
    } else {
        const double *lam = lambda + j->row0 + 3 * i;
        double n[3];
        wrap_frame(j, i, q, n, t);
        *N = -(lam[0] * n[0] + lam[1] * n[1] + lam[2] * n[2]);
    }
}

void pulley_friction_residual(const alecable_load *l, const double *q, const double *lambda, double *r)
{
    const alecable_joint *j = l->joint;
    int i, k;
    for (i = 1; i + 1 < j->count; i++) {
        const alecable_element *e[2];
        double f[3], t[3], N, v;
        int ne;
        node_frame(l, i, q, lambda, &N, t);
        for (k = 0; k < 3; k++) f[k] = -l->flow * l->mu * N * t[k];
        node_config(j->nodes[i], q, f, &v, NULL, e, &ne);
        r[node_sdof(j->nodes[i])] += v;
    }
}

/* A sheave's extra columns of v = -flow mu N h, h = t . g (g = node_config's
 * dx/ds, so that h = node_config(t)): dv = -flow mu (h dN + N g . dt) with
 * the u_m's rule du_m = R^T dx_m - R^T dx_b + u_m x dpsi_b (rotation.h), so
 * a body-frame gradient gam of u_m gives R gam on x_m, -R gam on x_b and
 * gam x u_m on psi_b; dt = R (sigma a x P du_i / |P y|) + R (dpsi_b x t). */
static void sheave_extra(const alecable_load *l, int i, const double *q, const double *lambda, const double gs[3],
                         double h, double *dv)
{
    const alecable_joint *j = l->joint;
    const double c = -l->flow * l->mu, *a = j->axis;
    sheave_geo g;
    double gb[3], gt[3], ga[3], ag, ng, gam[3][3], Rg[3], w[3];
    int m, k;
    sheave_geometry(j, i, q, lambda, &g);
    rot_tmul(g.R, gs, gb);
    /* d(g . t)/du_i = sigma P (gb x a) / |P y| */
    cross3(gb, a, ga);
    ag = dot3v(a, ga);
    ng = dot3v(g.n, ga);
    for (k = 0; k < 3; k++) gt[k] = g.sigma * (ga[k] - ag * a[k] - ng * g.n[k]) / g.np;
    for (m = 0; m < 3; m++)
        for (k = 0; k < 3; k++) gam[m][k] = c * h * g.dN_u[m][k] + (m == 1 ? c * g.N * gt[k] : 0.0);
    for (k = 0; k < NX; k++) dv[k] = 0.0;
    for (m = 0; m < 3; m++) {
        rot_mul(g.R, gam[m], Rg);
        cross3(gam[m], g.u[m], w);
        for (k = 0; k < 3; k++) {
            dv[SX_XM + 3 * m + k] += Rg[k];
            dv[SX_XB + k] -= Rg[k];
            dv[SX_PB + k] += w[k];
        }
    }
    cross3(g.t, gb, w); /* g . R (dpsi x t) = dpsi . (t x gb) */
    for (k = 0; k < 3; k++) dv[SX_PB + k] += c * g.N * w[k];
    for (k = 0; k < 4; k++) dv[SX_L1 + k] = c * h * g.dN_l[k];
}

void pulley_friction_jacobian(const alecable_load *l, const double *q, const double *lambda, double cq,
                              double *values)
{
    const alecable_joint *j = l->joint;
    int i, k, b;
    for (i = 1; i + 1 < j->count; i++) {
        const alecable_element *e[2];
        const int *mp = l->map + i * PER_NODE;
        double f[3], t[3], N, v, vt, grad[2 * EL_MAX_DOF];
        int ne;
        node_frame(l, i, q, lambda, &N, t);
        for (k = 0; k < 3; k++) f[k] = -l->flow * l->mu * N * t[k];
        node_config(j->nodes[i], q, f, &v, grad, e, &ne);
        for (k = 0; k < ne; k++)
            for (b = 0; b < el_ndof(e[k]->ops); b++) values[mp[k * EL_MAX_DOF + b]] += cq * grad[k * EL_MAX_DOF + b];
        node_config(j->nodes[i], q, t, &vt, NULL, e, &ne);
        if (is_sheave(j)) {
            /* multiplier columns plain (like G^T), position columns weighted by cq */
            double gs[3], dv[NX];
            for (k = 0; k < 3; k++) {
                double ek[3] = {0.0, 0.0, 0.0};
                ek[k] = 1.0;
                node_config(j->nodes[i], q, ek, gs + k, NULL, e, &ne);
            }
            sheave_extra(l, i, q, lambda, gs, vt, dv);
            for (k = 0; k < NX; k++)
                if (mp[2 * EL_MAX_DOF + k] >= 0) values[mp[2 * EL_MAX_DOF + k]] += (k >= SX_L1 ? 1.0 : cq) * dv[k];
        } else {
            /* d v / d lambda_i: v is linear in f, f linear in lambda_i */
            double n[3];
            wrap_frame(j, i, q, n, NULL);
            for (k = 0; k < 3; k++) values[mp[2 * EL_MAX_DOF + k]] += l->flow * l->mu * vt * n[k];
        }
    }
}

/* The material's travel past the surface at interior node k over the
 * solve, in units of s (flow +1 carries it towards increasing s past the
 * node: the node's s falls): on a wrap the node is held, so that is the
 * change of its s; a sheave's node moves along the circle too (its mesh),
 * and the material point now at the node was t . (x - x0) / |dx/ds| further
 * along when the solve began, so it moved by ds - t . dx / |dx/ds| in s. */
int pulley_friction_flow(const alecable_load *l, const double *q0, const double *q, int *node, double *ds)
{
    const alecable_joint *j = l->joint;
    int k, i;
    for (k = 1; k + 1 < j->count; k++) {
        int d = node_sdof(j->nodes[k]);
        double dk;
        if (d < 0) continue;
        dk = q[d] - q0[d];
        if (is_sheave(j)) {
            const alecable_element *e[2];
            const double *x = q + j->nodes[k]->dof0, *x0 = q0 + j->nodes[k]->dof0;
            double t[3], c, dx[3];
            sheave_geo g;
            int ne;
            sheave_geometry(j, k, q, NULL, &g);
            rot_mul(g.R, g.t, t);
            node_config(j->nodes[k], q, t, &c, NULL, e, &ne);
            for (i = 0; i < 3; i++) dx[i] = x[i] - x0[i];
            if (c > 0.0) dk -= dot3v(t, dx) / c;
        }
        if (l->flow * dk > 1e-8 * (1.0 + fabs(q0[d]))) {
            *node = k;
            *ds = dk;
            return 0;
        }
    }
    return 1;
}
