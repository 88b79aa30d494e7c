/* A concentrated moment at a node of a Kirchhoff, ANCF or SE(3) cable.
 *
 * Its virtual work is M.dphi, dphi the rotation of the node's section.  For
 * a frame R = [t1 t2 t3] of the node's coordinates (slope r', roll: the
 * variables q_k), the rotation per unit change of q_k is
 *     w_k = 1/2 sum_m t_m x dt_m/dq_k,
 * so the generalized force is Q_k = M.w_k; a follower moment (components
 * M_i in the section frame) is M = sum_i M_i t_i.  Neither has a potential
 * in general (a dead moment is conservative only about a fixed axis in a
 * plane), so the tangent -dQ/dq is not symmetric; it is exact, from the
 * frame's second derivatives in hd numbers (core/hd.h).  An ANCF node has
 * no roll: only the bending part t1 x dt1/dq_k of its rotation is defined,
 * and the moment's component along the tangent does no work there. */
#include "loads.h"
#include "load_ops.h"
#include "../core/hd.h"

#include <string.h>

ALECABLE_API int alecable_load_node_moment(alecable_load **out, alecable_model *m, alecable_node *n,
                                           const double moment[3], int follower)
{
    alecable_load *l;
    int st;
    if ((st = ac_check_model(m))) return st;
    if (out) *out = NULL;
    if ((st = ac_check_node(m, n, "node"))) return st;
    if (!n->cable || n->ndof < 7)
        return ac_fail(m, ALECABLE_EINVAL, "node has no slope: a moment needs a Kirchhoff, ANCF or SE(3) node");
    if (!moment) return ac_fail(m, ALECABLE_ENULL, "moment is NULL");
    if (!ac_is_finite3(moment)) return ac_fail(m, ALECABLE_EINVAL, "moment has a NaN or infinite component");
    if (follower != 0 && follower != 1) return ac_fail(m, ALECABLE_EINVAL, "follower = %d must be 0 or 1", follower);
    if (follower && n->ndof < 8 && !ac_node_is_se3(n))
        return ac_fail(m, ALECABLE_EINVAL, "follower = 1 needs a section frame: an ANCF node has no roll");
    if (!(l = ac_load_alloc(m, &load_moment_ops))) return ALECABLE_ENOMEM;
    l->node = n;
    l->follower = follower;
    memcpy(l->f, moment, sizeof l->f);
    return ac_load_push(m, l, out);
}

/* the node's slope, then its roll */
static int moment_dofs(const alecable_node *n, int d[4])
{
    int k;
    for (k = 0; k < 3; k++) d[k] = n->dof0 + 3 + k;
    d[3] = n->dof0 + 6;
    return n->ndof == 8 ? 4 : 3;
}

static int moment_maps(const alecable_load *l, const sp_pattern *p, int *map)
{
    int d[4], nv = moment_dofs(l->node, d), i, j;
    for (i = 0; i < nv; i++)
        for (j = 0; j < nv; j++)
            if ((map[i * nv + j] = sp_find(p, d[i], d[j])) < 0) return -1;
    return 0;
}

/* An SE(3) node (elements/se3.c): its rotation changes by composition,
 * R <- R exp(d^), so the generalized force is Q = R^T M (the moment's
 * components in the section frame) and its derivative along the update is
 * dQ/dd = (R^T M)^ for a dead moment; a follower moment's Q is its given
 * components, constant. */
static void se3_moment(const alecable_load *l, const double *q, double scale, double *r, double *values)
{
    const alecable_node *n = l->node;
    double R[9], m[3];
    int d0 = n->dof0 + 3, k;
    el_se3_node_rotation(ac_node_chart(n), q + d0, R);
    for (k = 0; k < 3; k++)
        m[k] = l->follower ? l->f[k] : R[k] * l->f[0] + R[3 + k] * l->f[1] + R[6 + k] * l->f[2];
    if (r)
        for (k = 0; k < 3; k++) r[d0 + k] -= scale * m[k];
    if (!values || l->follower) return;
    values[l->map[1]] += scale * m[2]; /* -= scale m^ */
    values[l->map[2]] -= scale * m[1];
    values[l->map[3]] -= scale * m[2];
    values[l->map[5]] += scale * m[0];
    values[l->map[6]] += scale * m[1];
    values[l->map[7]] -= scale * m[0];
}

/* derivative of hd component x in variable i, and in i and j */
static double d1(const hd *x, int i) { return x->g[i]; }
static double d2(const hd_ctx *c, const hd *x, int i, int j)
{
    return i <= j ? x->h[hd_idx(c->n, i, j)] : x->h[hd_idx(c->n, j, i)];
}

static void moment_eval(const alecable_load *l, const double *q, double scale, double *r, double *values)
{
    const alecable_node *n = l->node;
    int d[4], nv = moment_dofs(n, d), nf = nv == 4 ? 3 : 1, i, j, k, m;
    hd_ctx c = hd_context(nv, values != NULL);
    hd rp[3], th, t[3][3];
    double M[3], w[4][3];
    memset(t, 0, sizeof t); /* the Hessian parts a gradient-only context leaves alone */
    for (k = 0; k < 3; k++) hd_var(&c, &rp[k], q[d[k]], k);
    if (ac_node_is_se3(n)) {
        se3_moment(l, q, scale, r, values);
        return;
    }
    if (nv == 4) {
        hd_var(&c, &th, q[d[3]], 3);
        el_kirchhoff_node_frame(&c, rp, &th, ac_node_chart(n), t[0], t[1]);
        hd_cross3(&c, t[2], t[0], t[1]);
    } else { /* t1 only */
        hd nr;
        memset(&nr, 0, sizeof nr);
        hd_dot3(&c, &nr, rp, rp);
        hd_sqrt(&c, &nr, &nr);
        hd_inv(&c, &nr, &nr);
        hd_smul3(&c, t[0], &nr, rp);
    }
    /* M in space, and the rotation per unit variable: w_k = 1/2 sum t_m x dt_m
     * (the bending part t1 x dt1 alone without a roll) */
    for (i = 0; i < 3; i++)
        M[i] = l->follower ? l->f[0] * t[0][i].v + l->f[1] * t[1][i].v + l->f[2] * t[2][i].v : l->f[i];
    for (k = 0; k < nv; k++) {
        for (i = 0; i < 3; i++) w[k][i] = 0.0;
        for (m = 0; m < nf; m++) {
            double a[3] = {t[m][0].v, t[m][1].v, t[m][2].v}, b[3] = {d1(&t[m][0], k), d1(&t[m][1], k), d1(&t[m][2], k)};
            double f = nf == 3 ? 0.5 : 1.0;
            w[k][0] += f * (a[1] * b[2] - a[2] * b[1]);
            w[k][1] += f * (a[2] * b[0] - a[0] * b[2]);
            w[k][2] += f * (a[0] * b[1] - a[1] * b[0]);
        }
    }
    if (r)
        for (k = 0; k < nv; k++) r[d[k]] -= scale * (M[0] * w[k][0] + M[1] * w[k][1] + M[2] * w[k][2]);
    if (!values) return;
    for (k = 0; k < nv; k++)
        for (j = 0; j < nv; j++) {
            /* dQ_k/dq_j = dM/dq_j . w_k + M . dw_k/dq_j, dw_k/dq_j = f sum (dt_m/dq_j x dt_m/dq_k + t_m x d2t_m) */
            double dw[3] = {0, 0, 0}, dM[3] = {0, 0, 0}, dq;
            for (m = 0; m < nf; m++) {
                double f = nf == 3 ? 0.5 : 1.0;
                double aj[3] = {d1(&t[m][0], j), d1(&t[m][1], j), d1(&t[m][2], j)};
                double ak[3] = {d1(&t[m][0], k), d1(&t[m][1], k), d1(&t[m][2], k)};
                double tm[3] = {t[m][0].v, t[m][1].v, t[m][2].v};
                double h[3] = {d2(&c, &t[m][0], j, k), d2(&c, &t[m][1], j, k), d2(&c, &t[m][2], j, k)};
                dw[0] += f * (aj[1] * ak[2] - aj[2] * ak[1] + tm[1] * h[2] - tm[2] * h[1]);
                dw[1] += f * (aj[2] * ak[0] - aj[0] * ak[2] + tm[2] * h[0] - tm[0] * h[2]);
                dw[2] += f * (aj[0] * ak[1] - aj[1] * ak[0] + tm[0] * h[1] - tm[1] * h[0]);
            }
            if (l->follower)
                for (i = 0; i < 3; i++)
                    dM[i] = l->f[0] * d1(&t[0][i], j) + l->f[1] * d1(&t[1][i], j) + l->f[2] * d1(&t[2][i], j);
            dq = dM[0] * w[k][0] + dM[1] * w[k][1] + dM[2] * w[k][2] + M[0] * dw[0] + M[1] * dw[1] + M[2] * dw[2];
            values[l->map[k * nv + j]] -= scale * dq;
        }
}

/* l->map: the node's slope and roll block */
static int moment_load_maps(alecable_model *m, alecable_load *l, const sp_pattern *p, int nq)
{
    (void)nq;
    if (load_node_map_alloc(m, l)) return -2;
    return moment_maps(l, p, l->map);
}

static void moment_load_eval(const alecable_load *l, const double *q, double scale, double *w, double *r,
                             double *values, double *scratch)
{
    (void)w; /* no potential */
    (void)scratch;
    if (r || values) moment_eval(l, q, scale, r, values);
}

const load_ops load_moment_ops = {LOAD_NODE_MOMENT, "node moment", LOAD_ON_NODE, LOAD_WORKS, NULL, NULL, NULL,
                                  moment_load_maps, moment_load_eval, NULL, NULL};
