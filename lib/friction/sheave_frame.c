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
 * multipliers of its interior neighbours, whose equations hold u_i too,
 * each where its row acts on the node in space: sheave_force_rows, so 0 for
 * a node off the circle (no friction there), for the material-share rows
 * of a run that lands and leaves, and for the tangent mesh reaction, whose
 * push along the circle has no normal part):
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
    int m, k, use[4];
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
    ds = q ? node_s_at(j->nodes[i + 1], q) - node_s_at(j->nodes[i - 1], q)
           : node_s(j->nodes[i + 1]) - node_s(j->nodes[i - 1]);
    g->sigma = dot3v(w, dir) * ds >= 0.0 ? 1.0 : -1.0;
    for (k = 0; k < 3; k++) g->t[k] = g->sigma * w[k];
    if (!lambda) return;
    lam = lambda + j->row0;
    sheave_force_rows(j, i, use);
    g->lam[0] = use[0] ? lam[3 * i + 1] : 0.0;
    g->lam[1] = use[1] ? lam[3 * i + 2] : 0.0;
    g->lam[2] = use[2] ? lam[3 * (i - 1) + 2] : 0.0;
    g->lam[3] = use[3] ? lam[3 * (i + 1) + 2] : 0.0;
    sheave_node_force(j, (const double(*)[3])g->u, g->lam, g->F);
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
    g->dN_l[0] = use[0] ? -dot3v(g->n, g->y) / r : 0.0;
    g->dN_l[1] = use[1] ? -dot3v(g->n, dir) / r : 0.0;
    for (k = 0; k < 3; k++) dir[k] = g->u[1][k] - g->u[0][k];
    g->dN_l[2] = use[2] ? -dot3v(g->n, dir) / r : 0.0;
    for (k = 0; k < 3; k++) dir[k] = g->u[2][k] - g->u[1][k];
    g->dN_l[3] = use[3] ? -dot3v(g->n, dir) / r : 0.0;
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

static void hat(const double v[3], double H[9])
{
    H[0] = 0.0, H[1] = -v[2], H[2] = v[1];
    H[3] = v[2], H[4] = 0.0, H[5] = -v[0];
    H[6] = -v[1], H[7] = v[0], H[8] = 0.0;
}

static void mul33(const double A[9], const double B[9], double C[9])
{
    int i, k;
    for (i = 0; i < 3; i++)
        for (k = 0; k < 3; k++) C[3 * i + k] = A[3 * i] * B[k] + A[3 * i + 1] * B[3 + k] + A[3 * i + 2] * B[6 + k];
}

/* The pair of a friction force lam t on the sheave's body (at the node) and
 * -lam t on the node: rows r[0..2] on x_i, r[3..5] on x_b, r[6..8] on
 * psi_b (the moment about x_b in the body frame, lam u_i x t_b), and their
 * derivatives J[9][SX_N] over the columns through t and u_i at fixed lam
 * (dlam: lam's own derivatives over the columns, or NULL):
 *   dt = R T du_i - R t_b^ dpsi,  T = dt_b/du_i = sigma a^ P / |P y|,
 *   d(u_i x t_b) = (u_i^ T - t_b^) du_i,
 *   du_i = R^T dx_i - R^T dx_b + u_i^ dpsi. */
void fr_sheave_pair(const fr_sheave *g, const double *a, double lam, const double *dlam, double r[9],
                    double J[9][SX_N])
{
    double A[9], P[9], T[9], RT[9], Rt[9], U[9], Tb[9], K[9], M[9], t[3], m[3], RTRt[9], RTU[9], RTb[9], KRt[9],
        KU[9];
    int i, k;
    hat(a, A);
    for (i = 0; i < 3; i++)
        for (k = 0; k < 3; k++) P[3 * i + k] = (i == k) - g->n[i] * g->n[k] - a[i] * a[k];
    mul33(A, P, T);
    for (k = 0; k < 9; k++) T[k] *= g->sigma / g->np;
    for (i = 0; i < 3; i++)
        for (k = 0; k < 3; k++) Rt[3 * i + k] = g->R[3 * k + i];
    hat(g->u[1], U);
    hat(g->t, Tb);
    mul33(g->R, T, RT);
    mul33(U, T, M);
    for (k = 0; k < 9; k++) K[k] = M[k] - Tb[k];
    mul33(RT, Rt, RTRt);
    mul33(RT, U, RTU);
    mul33(g->R, Tb, RTb);
    mul33(K, Rt, KRt);
    mul33(K, U, KU);
    rot_mul(g->R, g->t, t);
    cross3(g->u[1], g->t, m);
    for (i = 0; i < 3; i++) {
        r[i] = -lam * t[i];
        r[3 + i] = lam * t[i];
        r[6 + i] = lam * m[i];
    }
    for (i = 0; i < 9; i++)
        for (k = 0; k < SX_N; k++) J[i][k] = 0.0;
    for (i = 0; i < 3; i++)
        for (k = 0; k < 3; k++) {
            const double dtx = RTRt[3 * i + k], dtp = RTU[3 * i + k] - RTb[3 * i + k];
            J[i][SX_XI + k] = -lam * dtx, J[i][SX_XB + k] = lam * dtx, J[i][SX_PB + k] = -lam * dtp;
            J[3 + i][SX_XI + k] = lam * dtx, J[3 + i][SX_XB + k] = -lam * dtx, J[3 + i][SX_PB + k] = lam * dtp;
            J[6 + i][SX_XI + k] = lam * KRt[3 * i + k], J[6 + i][SX_XB + k] = -lam * KRt[3 * i + k];
            J[6 + i][SX_PB + k] = lam * KU[3 * i + k];
        }
    if (dlam)
        for (i = 0; i < 3; i++)
            for (k = 0; k < SX_N; k++) {
                J[i][k] -= t[i] * dlam[k];
                J[3 + i][k] += t[i] * dlam[k];
                J[6 + i][k] += m[i] * dlam[k];
            }
}
