/* The frame and normal force of a sheave's interior node (lib/bodies/sheave.c)
 * for the friction laws on it (pulley.c's slip, contact.c's stick/slip). */
#include "friction.h"
#include "../bodies/bodies.h"
#include "../bodies/rotation.h"

#include <math.h>
#include <string.h>

void fr_sheave_cols(const alecable_joint *j, int i, int nq, int *c)
{
    int k;
    for (k = 0; k < SX_N; k++) c[k] = -1;
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


void fr_sheave_eval(const alecable_joint *j, int i, const double *q, const double *lambda, fr_sheave *g)
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
    ds = q ? node_s_at(j->nodes[i + 1], q) - node_s_at(j->nodes[i - 1], q) : node_s(j->nodes[i + 1]) - node_s(j->nodes[i - 1]);
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

/* A body-frame gradient gam of a scalar in u_m, on the columns: with
 * du_m = R^T dx_m - R^T dx_b + u_m x dpsi_b (rotation.h), R gam on x_m,
 * -R gam on x_b and gam x u_m on psi_b */
static void add_u(const fr_sheave *g, int m, const double gam[3], double *d)
{
    double Rg[3], w[3];
    int k;
    rot_mul(g->R, gam, Rg);
    cross3(gam, g->u[m], w);
    for (k = 0; k < 3; k++) {
        d[SX_XM + 3 * m + k] += Rg[k];
        d[SX_XB + k] -= Rg[k];
        d[SX_PB + k] += w[k];
    }
}

void fr_sheave_dN(const fr_sheave *g, double scale, double *d)
{
    double gam[3];
    int m, k;
    for (m = 0; m < 3; m++) {
        for (k = 0; k < 3; k++) gam[k] = scale * g->dN_u[m][k];
        add_u(g, m, gam, d);
    }
    for (k = 0; k < 4; k++) d[SX_L1 + k] += scale * g->dN_l[k];
}

/* d(gs . t) with t = R t_b: R (sigma a x P du_i / |P y|) through the node,
 * R (dpsi x t_b) through the rotation (gs . R (dpsi x t_b) = dpsi . (t_b x
 * R^T gs)) */
void fr_sheave_dt(const fr_sheave *g, const double *a, const double gs[3], double scale, double *d)
{
    double gb[3], ga[3], gt[3], w[3], ag, ng;
    int k;
    rot_tmul(g->R, gs, gb);
    cross3(gb, a, ga);
    ag = dot3v(a, ga);
    ng = dot3v(g->n, ga);
    for (k = 0; k < 3; k++) gt[k] = scale * g->sigma * (ga[k] - ag * a[k] - ng * g->n[k]) / g->np;
    add_u(g, 1, gt, d);
    cross3(g->t, gb, w);
    for (k = 0; k < 3; k++) d[SX_PB + k] += scale * w[k];
}
