/* Clamps: a cable node held to a frame (alecable.h, alecable_clamp).
 *
 * Equations for what the clamp holds, with x_c, (d1, d2, d3) its frame:
 *     position   g = r - x_c                      (x_c = x_b + R_b p on a body)
 *     direction  g = r'.d2, r'.d3                 (t1 = d1, the stretch free)
 *     roll       g = atan2(t2.d3, t2.d2)          (t2 from the node's slope, roll and chart)
 *     stretch    g = r'.d1 - 1                    (with direction: r' = d1, paper 003 eq. 5;
 *                                                  last, so the older masks keep their rows)
 * An SE(3) node (elements/se3.c) carries its frame (t1, t2, t3) = R_n itself:
 *     direction  g = t1.d2, t1.d3
 *     roll       g = atan2(t2.d3, t2.d2)          (with direction: R_n = the clamp's frame)
 * with its rotation increments as the hd variables, R_n exp(nc^) exp(rp^),
 * as a body's below (no stretch: an SE(3) node's stretch is its elements').
 * The position equations are linear in r and written by hand, with
 * rotation.h's rules on a body.  The frame equations go through hd numbers
 * (core/hd.h) in the variables (r', roll, tau, psi_r, psi_c): tau a time
 * offset, so the second derivatives in time that gamma needs come out too,
 * and two body-rotation increments, applied as R_b exp(psi_c^) exp(psi_r^):
 * the gradient in psi_r is the right-trivialized G (rows), and the mixed
 * derivatives in (psi_r, psi_c) are exactly the derivative of G^T lambda
 * along the body's update R <- R exp(dpsi^) (columns), which is not the
 * symmetric Hessian.
 *
 * Augmented Lagrangian (paper 003 eqs. 17, 22): with penalty p the
 * Lagrangian gains p/2 |g|^2, so the forces are G^T (lambda + p g) and the
 * q-block gains p G^T G; the solution is unchanged (g = 0). */
#include "bodies.h"
#include "rotation.h"
#include "../core/hd.h"

#include <math.h>
#include <string.h>

enum { NLOC_MAX = 3 + 3 + 1 + 6 + 7, NFRAME_MAX = 4 };

static int is_se3(const alecable_node *n) { return ac_node_is_se3(n); }
static int has_slope(const alecable_node *n) { return n->ndof >= 7 && !is_se3(n); }
static int has_roll(const alecable_node *n) { return n->ndof == 8; }

/* The hd variables of the frame equations: rp the node's r' (an SE(3)
 * node's rotation increment, as a row: R_n exp(nc^) exp(rp^), so that the
 * mixed derivatives (rp, nc) are the derivative of G^T lambda along the
 * node's update, as for a body's psi_r, psi_c), th its roll, tau the time
 * offset (clamps not on a body), pr and pc the body's two increments; -1:
 * absent.  Within HD_MAX: an SE(3) node on a body has no tau and no roll. */
typedef struct clamp_vars {
    int rp, nc, th, tau, pr, pc, n;
} clamp_vars;

static void vars(const alecable_joint *j, clamp_vars *V)
{
    if (is_se3(j->nodes[0])) {
        V->rp = 0;
        V->nc = 3;
        V->th = -1;
        V->tau = j->b ? -1 : 6;
        V->pr = j->b ? 6 : -1;
        V->pc = j->b ? 9 : -1;
        V->n = j->b ? 12 : 7;
    } else {
        V->rp = 0;
        V->nc = -1;
        V->th = 3;
        V->tau = 4;
        V->pr = j->b ? 5 : -1;
        V->pc = j->b ? 8 : -1;
        V->n = j->b ? 11 : 5;
    }
}

static int n_equations(int hold)
{
    return (hold & ALECABLE_CLAMP_POSITION ? 3 : 0) + (hold & ALECABLE_CLAMP_DIRECTION ? 2 : 0) +
           (hold & ALECABLE_CLAMP_ROLL ? 1 : 0) + (hold & ALECABLE_CLAMP_STRETCH ? 1 : 0);
}

ALECABLE_API void alecable_clamp_params_init(alecable_clamp_params *p)
{
    if (!p) return;
    memset(p, 0, sizeof *p);
    p->struct_size = sizeof *p;
    p->hold = ALECABLE_CLAMP_ALL;
    p->rotation[0] = p->rotation[4] = p->rotation[8] = 1.0;
}

static int is_rotation(const double R[9]) { return rot_error(R) <= 1e-9; }

static int check_params(alecable_model *m, const alecable_node *n, const alecable_clamp_params *p)
{
    if (!p) return ac_fail(m, ALECABLE_ENULL, "params is NULL");
    if (p->struct_size < sizeof *p)
        return ac_fail(m, ALECABLE_EINVAL, "params: struct_size %zu, call alecable_clamp_params_init", p->struct_size);
    if (p->hold < 1 || p->hold > (ALECABLE_CLAMP_ALL | ALECABLE_CLAMP_STRETCH))
        return ac_fail(m, ALECABLE_EINVAL, "params.hold = %d is not a non-empty ALECABLE_CLAMP_* mask", p->hold);
    if ((p->hold & ALECABLE_CLAMP_ROLL) && !has_roll(n) && !is_se3(n))
        return ac_fail(m, ALECABLE_EINVAL, "params.hold asks for ALECABLE_CLAMP_ROLL on a node without roll "
                                           "(only Kirchhoff and SE(3) nodes have one)");
    if ((p->hold & ALECABLE_CLAMP_STRETCH) && is_se3(n))
        return ac_fail(m, ALECABLE_EINVAL, "params.hold asks for ALECABLE_CLAMP_STRETCH on an SE(3) node (its "
                                           "stretch is its elements', not the node's)");
    if ((p->hold & ALECABLE_CLAMP_DIRECTION) && !has_slope(n) && !is_se3(n))
        return ac_fail(m, ALECABLE_EINVAL, "params.hold asks for ALECABLE_CLAMP_DIRECTION on a node without a "
                                           "slope (axial nodes have none)");
    if ((p->hold & ALECABLE_CLAMP_ROLL) && !(p->hold & ALECABLE_CLAMP_DIRECTION))
        return ac_fail(m, ALECABLE_EINVAL, "params.hold: ALECABLE_CLAMP_ROLL needs ALECABLE_CLAMP_DIRECTION (the roll "
                                           "is measured about the held tangent)");
    if ((p->hold & ALECABLE_CLAMP_STRETCH) && !(p->hold & ALECABLE_CLAMP_DIRECTION))
        return ac_fail(m, ALECABLE_EINVAL, "params.hold: ALECABLE_CLAMP_STRETCH needs ALECABLE_CLAMP_DIRECTION (the "
                                           "stretch is measured along the held tangent)");
    if (!(isfinite(p->penalty) && p->penalty >= 0.0))
        return ac_fail(m, ALECABLE_EINVAL, "params.penalty = %g must be finite and >= 0", p->penalty);
    if (p->motion && p->body)
        return ac_fail(m, ALECABLE_EINVAL, "params: a clamp is moved by the host (motion) or fixed in a body, not both");
    if (p->body) {
        if (p->body->magic != MAGIC_BODY) return ac_fail(m, ALECABLE_EHANDLE, "params.body is not a body handle");
        if (p->body->model != m) return ac_fail(m, ALECABLE_EHANDLE, "params.body belongs to another model");
    }
    if (p->frame_given != 0 && p->frame_given != 1)
        return ac_fail(m, ALECABLE_EINVAL, "params.frame_given = %d must be 0 or 1", p->frame_given);
    if (p->frame_given && !p->motion) {
        if (!ac_is_finite3(p->position))
            return ac_fail(m, ALECABLE_EINVAL, "params.position has a NaN or infinite component");
        if (!is_rotation(p->rotation))
            return ac_fail(m, ALECABLE_EINVAL, "params.rotation is not a rotation (orthonormal, determinant +1)");
    }
    return ALECABLE_OK;
}

ALECABLE_API int alecable_clamp(alecable_joint **out, alecable_model *m, alecable_node *n,
                                const alecable_clamp_params *p)
{
    alecable_joint *j;
    int st;
    if ((st = ac_check_model(m))) return st;
    if (out) *out = NULL;
    if ((st = ac_check_node(m, n, "node"))) return st;
    if (!n->cable) return ac_fail(m, ALECABLE_EINVAL, "node is a body's node, not a cable node");
    if ((st = check_params(m, n, p))) return st;
    { /* what it holds held already would make the constraints dependent */
        int i, d;
        const int rot = is_se3(n) && (p->hold & ALECABLE_CLAMP_DIRECTION) && (p->hold & ALECABLE_CLAMP_ROLL);
        for (d = ALECABLE_DOF_X; d <= ALECABLE_DOF_ROLL; d++) {
            int mine = d <= ALECABLE_DOF_Z ? (p->hold & ALECABLE_CLAMP_POSITION) != 0
                       : d >= ALECABLE_DOF_RX && d <= ALECABLE_DOF_RZ ? rot
                                                                       : d == ALECABLE_DOF_ROLL && (p->hold & ALECABLE_CLAMP_ROLL);
            if (!mine) continue;
            for (i = 0; i < m->constraints.n; i++) {
                const alecable_constraint *k = (const alecable_constraint *)m->constraints.p[i];
                if (k->kind != CON_LINEAR && k->nodes[0] == n && k->ndof[0] == d)
                    return ac_fail(m, ALECABLE_EINVAL, "params.hold: dof %d of the node is held by constraint %d "
                                   "already (holding it twice makes the constraints dependent)", d, i);
            }
            if ((i = ac_joint_holding(m, n, d)) >= 0)
                return ac_fail(m, ALECABLE_EINVAL, "params.hold: dof %d of the node is held by joint %d (a clamp) "
                               "already", d, i);
        }
    }
    if (!(j = joint_new(m, JOINT_CLAMP, 1, n_equations(p->hold)))) return ac_fail(m, ALECABLE_ENOMEM, "out of memory");
    j->nodes[0] = n;
    j->b = p->body;
    j->hold = p->hold;
    j->penalty = p->penalty;
    j->motion = p->motion;
    j->motion_user = p->motion_user;
    j->frame_pending = !p->frame_given && !p->motion;
    if (p->frame_given) {
        memcpy(j->pts, p->position, 3 * sizeof(double));
        memcpy(j->frame, p->rotation, sizeof j->frame);
    }
    if ((st = joint_push(m, j, out))) return ac_fail(m, st, "out of memory");
    return ALECABLE_OK;
}

/* ---------------------------------------------------------------------------
 * Layout of the local block: r (3), r' (3), roll, body x (3), body psi (3),
 * rows; absent parts are skipped */

typedef struct clamp_layout {
    int r, rp, th, xb, pb, row, n; /* offsets (-1: absent) and size */
} clamp_layout;

static void layout(const alecable_joint *j, clamp_layout *L)
{
    const alecable_node *n = j->nodes[0];
    int k = 3;
    L->r = 0;
    L->rp = has_slope(n) || is_se3(n) ? k : -1; /* r', or an SE(3) node's rotation increments */
    k += has_slope(n) || is_se3(n) ? 3 : 0;
    L->th = has_roll(n) ? k++ : -1;
    L->xb = j->b ? k : -1;
    L->pb = j->b ? k + 3 : -1;
    k += j->b ? 6 : 0;
    L->row = k;
    L->n = k + j->neq;
}

static void local_dofs(const alecable_joint *j, const clamp_layout *L, int nq, int *d)
{
    const alecable_node *n = j->nodes[0];
    int k;
    for (k = 0; k < 3; k++) d[L->r + k] = n->dof0 + k;
    if (L->rp >= 0)
        for (k = 0; k < 3; k++) d[L->rp + k] = n->dof0 + 3 + k;
    if (L->th >= 0) d[L->th] = n->dof0 + 6;
    if (j->b)
        for (k = 0; k < 3; k++) {
            d[L->xb + k] = j->b->node.dof0 + k;
            d[L->pb + k] = j->b->node.dof0 + 3 + k;
        }
    for (k = 0; k < j->neq; k++) d[L->row + k] = nq + j->row0 + k;
}

static int clamp_pattern(const alecable_joint *j, sp_builder *bld, int nq)
{
    clamp_layout L;
    int d[NLOC_MAX];
    layout(j, &L);
    local_dofs(j, &L, nq, d);
    return sp_builder_add_block(bld, d, L.n);
}

/* the node's frame in plain numbers (a slope node without roll: t2 any
 * unit vector normal to t1) */
static void node_frame(const alecable_node *n, double t1[3], double t2[3])
{
    hd_ctx c = hd_context(0, 0);
    hd rp[3], th, a[3], b[3];
    int k;
    if (!has_roll(n)) {
        double x[3] = {0.0, 0.0, 0.0}, nr = sqrt(dot3v(n->q + 3, n->q + 3)), d;
        for (k = 0; k < 3; k++) t1[k] = n->q[3 + k] / nr;
        k = fabs(t1[0]) < 0.6 ? 0 : fabs(t1[1]) < 0.6 ? 1 : 2;
        x[k] = 1.0;
        d = dot3v(x, t1);
        for (k = 0; k < 3; k++) t2[k] = x[k] - d * t1[k];
        d = sqrt(dot3v(t2, t2));
        for (k = 0; k < 3; k++) t2[k] /= d;
        return;
    }
    for (k = 0; k < 3; k++) hd_const(&c, &rp[k], n->q[3 + k]);
    hd_const(&c, &th, n->q[6]);
    el_kirchhoff_node_frame(&c, rp, &th, ac_node_chart(n), a, b);
    for (k = 0; k < 3; k++) {
        t1[k] = a[k].v;
        t2[k] = b[k].v;
    }
}

static void column(const double M[9], int k, double c[3]);

/* frame_given = 0: the node's frame at the first finalize (after the
 * Kirchhoff charts are built), in the body's frame with a body */
static void capture_frame(alecable_joint *j)
{
    const alecable_node *n = j->nodes[0];
    double t1[3] = {1.0, 0.0, 0.0}, t2[3] = {0.0, 1.0, 0.0}, t3[3], F[9], x[3];
    int k;
    if (is_se3(n)) {
        double R[9];
        el_se3_node_rotation(ac_node_chart(n), n->q + 3, R);
        column(R, 0, t1);
        column(R, 1, t2);
    } else if (has_slope(n))
        node_frame(n, t1, t2);
    cross3(t1, t2, t3);
    for (k = 0; k < 3; k++) {
        F[3 * k] = t1[k];
        F[3 * k + 1] = t2[k];
        F[3 * k + 2] = t3[k];
        x[k] = n->q[k];
    }
    if (j->b) {
        double R[9], d[3];
        int a, b, c;
        body_rotation(j->b, NULL, R);
        for (k = 0; k < 3; k++) d[k] = x[k] - j->b->node.q[k];
        rot_tmul(R, d, j->pts);
        for (a = 0; a < 3; a++)
            for (b = 0; b < 3; b++) {
                double s = 0.0;
                for (c = 0; c < 3; c++) s += R[3 * c + a] * F[3 * c + b];
                j->frame[3 * a + b] = s;
            }
    } else {
        memcpy(j->pts, x, sizeof x);
        memcpy(j->frame, F, sizeof F);
    }
    j->frame_pending = 0;
}

static int clamp_maps(alecable_model *m, alecable_joint *j, const sp_pattern *p, int nq)
{
    clamp_layout L;
    int d[NLOC_MAX];
    if (j->frame_pending) capture_frame(j);
    layout(j, &L);
    local_dofs(j, &L, nq, d);
    return joint_map_block(m, j, p, d, L.n);
}

/* ---------------------------------------------------------------------------
 * The clamp frame at time t */

typedef struct clamp_frame {
    double x[3], R[9];         /* in space (ground and host motion) */
    double v[3], w[3], a[3], al[3];
    double Rb[9], xb[3];       /* the body's pose (body clamps) */
    int ok;
} clamp_frame;

static void frame_at(const alecable_joint *j, double t, const double *q, clamp_frame *F)
{
    memset(F, 0, sizeof *F);
    F->ok = 1;
    if (j->b) {
        body_rotation(j->b, q, F->Rb);
        memcpy(F->xb, q + j->b->node.dof0, sizeof F->xb);
        return;
    }
    if (j->motion) {
        int rc = j->motion(j->motion_user, t, F->x, F->R, F->v, F->w, F->a, F->al);
        double e = rc ? 0.0 : rot_error(F->R);
        F->ok = rc == 0 && e <= ROT_HOST_TOL;
        if (rc)
            ac_callback_failed(j->model, rc, t, "joint %d: the clamp's motion callback",
                               ac_list_index(&j->model->joints, j));
        else if (!F->ok)
            ac_callback_failed(j->model, 0, t, "joint %d: the clamp's motion callback gave an R that is not a "
                               "rotation (|R^T R - I| = %.3g, or a reflection)", ac_list_index(&j->model->joints, j), e);
        return;
    }
    memcpy(F->x, j->pts, sizeof F->x);
    memcpy(F->R, j->frame, sizeof F->R);
}

/* column k of a row-major 3 x 3 matrix */
static void column(const double M[9], int k, double c[3])
{ /* column k of a row-major 3 x 3 matrix */
    c[0] = M[k];
    c[1] = M[3 + k];
    c[2] = M[6 + k];
}

/* hd vector x + psi x x + 1/2 psi x (psi x x): exp(psi^) x to second order,
 * psi the hd variables from v0 */
static void exp2_apply(const hd_ctx *c, int v0, const hd x[3], hd out[3])
{
    hd p[3], px[3], ppx[3];
    int k;
    for (k = 0; k < 3; k++) hd_var(c, &p[k], 0.0, v0 + k);
    hd_cross3(c, px, p, x);
    hd_cross3(c, ppx, p, px);
    for (k = 0; k < 3; k++) {
        hd_add(c, &out[k], &x[k], &px[k]);
        hd_axpy(c, &out[k], &out[k], 0.5, &ppx[k]);
    }
}

/* axis k of the clamp frame as hd numbers: on a body R_b exp(psi_c^)
 * exp(psi_r^) e_k; moved by the host, its Taylor polynomial in tau */
static void frame_axis(const alecable_joint *j, const hd_ctx *c, const clamp_vars *V, const clamp_frame *F, int k,
                       hd d[3])
{
    double e[3];
    int i;
    if (j->b) {
        hd x[3], y[3];
        column(j->frame, k, e);
        for (i = 0; i < 3; i++) hd_const(c, &x[i], e[i]);
        exp2_apply(c, V->pr, x, y);
        exp2_apply(c, V->pc, y, x);
        for (i = 0; i < 3; i++) {
            hd_scale(c, &d[i], F->Rb[3 * i], &x[0], 0.0);
            hd_axpy(c, &d[i], &d[i], F->Rb[3 * i + 1], &x[1]);
            hd_axpy(c, &d[i], &d[i], F->Rb[3 * i + 2], &x[2]);
        }
        return;
    }
    column(F->R, k, e);
    {
        double wd[3], ad[3], wwd[3], dd[3];
        hd tau, tau2;
        cross3(F->w, e, wd);
        cross3(F->al, e, ad);
        cross3(F->w, wd, wwd);
        for (i = 0; i < 3; i++) dd[i] = ad[i] + wwd[i];
        hd_var(c, &tau, 0.0, V->tau);
        hd_mul(c, &tau2, &tau, &tau);
        for (i = 0; i < 3; i++) {
            hd_scale(c, &d[i], wd[i], &tau, e[i]);
            hd_axpy(c, &d[i], &d[i], 0.5 * dd[i], &tau2);
        }
    }
}

/* The direction, roll and stretch equations as hd numbers (up to
 * NFRAME_MAX), in order */
/* an SE(3) node's axis k, R_n exp(nc^) exp(rp^) e_k, as hd numbers */
static void se3_axis(const alecable_node *n, const hd_ctx *c, const clamp_vars *V, const double *q, int k, hd t[3])
{
    double R[9];
    hd x[3], y[3];
    int i;
    el_se3_node_rotation(ac_node_chart(n), q + n->dof0 + 3, R);
    for (i = 0; i < 3; i++) hd_const(c, &x[i], i == k);
    exp2_apply(c, V->rp, x, y);
    exp2_apply(c, V->nc, y, x);
    for (i = 0; i < 3; i++) {
        hd_scale(c, &t[i], R[3 * i], &x[0], 0.0);
        hd_axpy(c, &t[i], &t[i], R[3 * i + 1], &x[1]);
        hd_axpy(c, &t[i], &t[i], R[3 * i + 2], &x[2]);
    }
}

static int frame_equations(const alecable_joint *j, const hd_ctx *c, const clamp_vars *V, const clamp_frame *F,
                           const double *q, hd *g)
{
    const alecable_node *n = j->nodes[0];
    hd rp[3], d1[3], d2[3], d3[3];
    int k, ne = 0;
    frame_axis(j, c, V, F, 1, d2);
    frame_axis(j, c, V, F, 2, d3);
    if (is_se3(n)) { /* t1 = d1 (direction), then t2 = d2 about it (roll) */
        hd t[3], x, y;
        se3_axis(n, c, V, q, 0, t);
        if (j->hold & ALECABLE_CLAMP_DIRECTION) {
            hd_dot3(c, &g[ne++], t, d2);
            hd_dot3(c, &g[ne++], t, d3);
        }
        if (j->hold & ALECABLE_CLAMP_ROLL) {
            se3_axis(n, c, V, q, 1, t);
            hd_dot3(c, &x, t, d2);
            hd_dot3(c, &y, t, d3);
            hd_atan2(c, &g[ne++], &y, &x);
        }
        return ne;
    }
    for (k = 0; k < 3; k++) hd_var(c, &rp[k], q[n->dof0 + 3 + k], V->rp + k);
    if (j->hold & ALECABLE_CLAMP_DIRECTION) {
        hd_dot3(c, &g[ne++], rp, d2);
        hd_dot3(c, &g[ne++], rp, d3);
    }
    if (j->hold & ALECABLE_CLAMP_ROLL) {
        hd th, t1[3], t2[3], x, y;
        hd_var(c, &th, q[n->dof0 + 6], V->th);
        el_kirchhoff_node_frame(c, rp, &th, ac_node_chart(n), t1, t2);
        hd_dot3(c, &x, t2, d2);
        hd_dot3(c, &y, t2, d3);
        hd_atan2(c, &g[ne++], &y, &x);
    }
    if (j->hold & ALECABLE_CLAMP_STRETCH) {
        hd one;
        frame_axis(j, c, V, F, 0, d1);
        hd_dot3(c, &g[ne], rp, d1);
        hd_const(c, &one, 1.0);
        hd_sub(c, &g[ne], &g[ne], &one);
        ne++;
    }
    return ne;
}

static double hess(const hd_ctx *c, const hd *g, int a, int b)
{
    return a <= b ? g->h[hd_idx(c->n, a, b)] : g->h[hd_idx(c->n, b, a)];
}

/* local index -> hd variable, as a row (gradient) and as a column (update) */
static int row_var(const clamp_layout *L, const clamp_vars *V, int a)
{
    if (L->rp >= 0 && a >= L->rp && a < L->rp + 3) return V->rp + a - L->rp;
    if (a == L->th) return V->th;
    if (L->pb >= 0 && a >= L->pb && a < L->pb + 3) return V->pr + a - L->pb;
    return -1;
}
static int col_var(const clamp_layout *L, const clamp_vars *V, int a)
{
    if (L->rp >= 0 && a >= L->rp && a < L->rp + 3) return (V->nc >= 0 ? V->nc : V->rp) + a - L->rp;
    if (L->pb >= 0 && a >= L->pb && a < L->pb + 3) return V->pc + a - L->pb;
    return row_var(L, V, a);
}

/* The clamp's local residual rl (q part: G^T (lambda + p g); rows: g) and
 * Jacobian K (L.n x L.n, q-block weighted by cq); K may be NULL.  0, or -1
 * when the host's motion failed. */
static int clamp_local(const alecable_joint *j, double t, const double *q, const double *lam, double cq,
                       const clamp_layout *L, double *rl, double *K)
{
    const alecable_node *n = j->nodes[0];
    const double p = j->penalty;
    clamp_frame F;
    int e = 0, a, b, k, nl = L->n;
    memset(rl, 0, (size_t)nl * sizeof(double));
    if (K) memset(K, 0, (size_t)(nl * nl) * sizeof(double));
    frame_at(j, t, q, &F);
    if (!F.ok) return -1;
    if (j->hold & ALECABLE_CLAMP_POSITION) {
        double g[3], Lm[3], Rp[3], RP[9], P[9];
        const double *r = q + n->dof0;
        if (j->b) {
            rot_mul(F.Rb, j->pts, Rp);
            rot_hat(j->pts, P);
            mat3_mul(F.Rb, P, RP); /* dg/dpsi = R p^ */
        }
        for (k = 0; k < 3; k++) g[k] = r[k] - (j->b ? F.xb[k] + Rp[k] : F.x[k]);
        for (k = 0; k < 3; k++) {
            Lm[k] = lam[k] + p * g[k];
            rl[L->r + k] += Lm[k];
            rl[L->row + k] = g[k];
        }
        if (j->b) {
            double y[3], c3[3];
            rot_tmul(F.Rb, Lm, y);
            cross3(y, j->pts, c3); /* (R p^)^T Lm = -p^ R^T Lm */
            for (k = 0; k < 3; k++) {
                rl[L->xb + k] -= Lm[k];
                rl[L->pb + k] += c3[k];
            }
        }
        if (K) {
            /* G on (r, x_b, psi): [I, -I, R p^] */
            double G[3][NLOC_MAX];
            memset(G, 0, sizeof G);
            for (k = 0; k < 3; k++) {
                G[k][L->r + k] = 1.0;
                if (j->b) {
                    G[k][L->xb + k] = -1.0;
                    for (b = 0; b < 3; b++) G[k][L->pb + b] = RP[3 * k + b];
                }
            }
            for (k = 0; k < 3; k++)
                for (a = 0; a < L->row; a++) {
                    K[(L->row + k) * nl + a] = G[k][a];
                    K[a * nl + L->row + k] = G[k][a];
                    for (b = 0; b < L->row; b++) K[a * nl + b] += cq * p * G[k][a] * G[k][b];
                }
            if (j->b) { /* d/dpsi of (R p^)^T Lm along the update: -p^ (R^T Lm)^ */
                double y[3], Y[9], PY[9];
                rot_tmul(F.Rb, Lm, y);
                rot_hat(y, Y);
                mat3_mul(P, Y, PY);
                for (a = 0; a < 3; a++)
                    for (b = 0; b < 3; b++) K[(L->pb + a) * nl + L->pb + b] -= cq * PY[3 * a + b];
            }
        }
        e = 3;
    }
    if (j->hold & (ALECABLE_CLAMP_DIRECTION | ALECABLE_CLAMP_ROLL | ALECABLE_CLAMP_STRETCH)) {
        clamp_vars V;
        hd_ctx c;
        hd g[NFRAME_MAX];
        int ne, m;
        vars(j, &V);
        c = hd_context(V.n, K != NULL);
        ne = frame_equations(j, &c, &V, &F, q, g);
        for (m = 0; m < ne; m++, e++) {
            double Lm = lam[e] + p * g[m].v;
            rl[L->row + e] = g[m].v;
            for (a = 0; a < L->row; a++) {
                int va = row_var(L, &V, a);
                if (va >= 0) rl[a] += Lm * g[m].g[va];
            }
            if (!K) continue;
            for (a = 0; a < L->row; a++) {
                int va = row_var(L, &V, a), ca = col_var(L, &V, a);
                if (va < 0) continue;
                K[(L->row + e) * nl + a] = g[m].g[ca];
                K[a * nl + L->row + e] = g[m].g[va];
                for (b = 0; b < L->row; b++) {
                    int cb = col_var(L, &V, b);
                    if (cb < 0) continue;
                    K[a * nl + b] += cq * (Lm * hess(&c, &g[m], va, cb) + p * g[m].g[va] * g[m].g[cb]);
                }
            }
        }
    }
    return 0;
}

static void clamp_eval(const alecable_joint *j, double t, const double *q, const double *v, const double *lambda,
                       double *r, int nq, double cq, double cv, double *values)
{
    clamp_layout L;
    double rl[NLOC_MAX], K[NLOC_MAX * NLOC_MAX];
    int d[NLOC_MAX], a;
    (void)v; /* a clamp has no damping */
    (void)cv;
    layout(j, &L);
    if (clamp_local(j, t, q, lambda + j->row0, cq, &L, rl, values ? K : NULL)) {
        /* the host's motion failed: a NaN makes the evaluation fail visibly */
        rl[L.row] = NAN;
        if (values) K[0] = NAN;
    }
    if (r) {
        local_dofs(j, &L, nq, d);
        for (a = 0; a < L.row; a++) r[d[a]] += rl[a];
        for (a = L.row; a < L.n; a++) r[d[a]] = rl[a];
    }
    if (values)
        for (a = 0; a < L.n * L.n; a++) values[j->map[a]] += K[a];
}

/* gdot = G v + g_t and gamma = d2g/dt2 - G a, exactly: in space or moved
 * by the host (the frame's Taylor polynomial in tau), or on a body (its
 * velocities: the origin's v, Omega in the body frame along psi_c, whose
 * second-order exponential gives the curvature of the motion) */
static void clamp_rates(const alecable_joint *j, double t, const double *q, const double *v, double *gdot,
                        double *gamma)
{
    const alecable_node *n = j->nodes[0];
    clamp_frame F;
    int e = 0, k;
    frame_at(j, t, q, &F);
    if (j->hold & ALECABLE_CLAMP_POSITION) {
        if (j->b) { /* g = r - x_b - R_b p */
            const double *vb = v + j->b->node.dof0, *W = vb + 3;
            double wp[3], wwp[3], d1[3], d2[3];
            cross3(W, j->pts, wp);
            cross3(W, wp, wwp);
            rot_mul(F.Rb, wp, d1);
            rot_mul(F.Rb, wwp, d2);
            for (k = 0; k < 3; k++) {
                gdot[j->row0 + k] = v[n->dof0 + k] - vb[k] - d1[k];
                gamma[j->row0 + k] = -d2[k];
            }
        } else
            for (k = 0; k < 3; k++) {
                gdot[j->row0 + k] = v[n->dof0 + k] - F.v[k];
                gamma[j->row0 + k] = -F.a[k];
            }
        e = 3;
    }
    if (j->hold & (ALECABLE_CLAMP_DIRECTION | ALECABLE_CLAMP_ROLL | ALECABLE_CLAMP_STRETCH)) {
        clamp_vars V;
        hd_ctx c;
        hd g[NFRAME_MAX];
        double vv[HD_MAX];
        int ne, m, a, b, nv;
        vars(j, &V);
        nv = V.n;
        c = hd_context(nv, 1);
        memset(vv, 0, sizeof vv);
        /* an SE(3) node's Omega (section frame) along its outer increment,
         * whose second-order exponential gives the motion's curvature */
        for (k = 0; k < 3; k++) vv[(V.nc >= 0 ? V.nc : V.rp) + k] = v[n->dof0 + 3 + k];
        if (has_roll(n)) vv[V.th] = v[n->dof0 + 6];
        if (j->b)
            for (k = 0; k < 3; k++) vv[V.pc + k] = v[j->b->node.dof0 + 3 + k];
        else
            vv[V.tau] = 1.0; /* d tau / dt */
        ne = frame_equations(j, &c, &V, &F, q, g);
        for (m = 0; m < ne; m++, e++) {
            double gd = 0.0, ga = 0.0;
            for (a = 0; a < nv; a++) {
                gd += g[m].g[a] * vv[a];
                for (b = 0; b < nv; b++) ga += hess(&c, &g[m], a, b) * vv[a] * vv[b];
            }
            gdot[j->row0 + e] = gd;
            gamma[j->row0 + e] = ga;
        }
    }
}

static int clamp_holds(const alecable_joint *j, const alecable_node *n, int dof)
{
    if (n != j->nodes[0]) return 0;
    if (dof == ALECABLE_DOF_ROLL) return (j->hold & ALECABLE_CLAMP_ROLL) != 0;
    if (dof >= ALECABLE_DOF_X && dof <= ALECABLE_DOF_Z) return (j->hold & ALECABLE_CLAMP_POSITION) != 0;
    if (dof >= ALECABLE_DOF_RX && dof <= ALECABLE_DOF_RZ)
        return is_se3(n) && (j->hold & ALECABLE_CLAMP_DIRECTION) && (j->hold & ALECABLE_CLAMP_ROLL);
    return 0;
}

const joint_ops joint_clamp_ops = {clamp_pattern, clamp_maps, clamp_eval, NULL, clamp_rates, clamp_holds, NULL, NULL,
                                   NULL};

/* The generalized forces Q = -G^T (lambda + p g) on the node's r, r' and
 * roll are the clamp's action.  Its moment m does the same virtual work in
 * a rigid rotation dphi of the node's section, where dr' = dphi x r' and the
 * roll changes by dphi.w_th,
 *     w_th = t1 + (t1_ref - (t1.t1_ref) t1) / (1 + t1.t1_ref)
 * (the roll is measured from the chart, beam.c), so m = r' x Q_r' + Q_th w_th. */
ALECABLE_API int alecable_clamp_reaction(const alecable_joint *j, double force[3], double moment[3])
{
    const alecable_model *m;
    const alecable_node *n;
    clamp_layout L;
    double rl[NLOC_MAX];
    int k;
    if (!j) return ALECABLE_ENULL;
    if (j->magic != MAGIC_JOINT) return ALECABLE_EHANDLE;
    m = j->model;
    if (j->kind != JOINT_CLAMP) return ac_fail((alecable_model *)m, ALECABLE_EINVAL, "the joint is not a clamp");
    if (m->dirty || !m->q)
        return ac_fail((alecable_model *)m, ALECABLE_ESTATE, "the model changed since its last solve");
    n = j->nodes[0];
    layout(j, &L);
    if (clamp_local(j, ac_state_time(m), m->q, j->lambda, 0.0, &L, rl, NULL))
        return ac_fail((alecable_model *)m, ALECABLE_EINVAL, "the clamp's motion callback failed");
    if (force)
        for (k = 0; k < 3; k++) force[k] = -rl[L.r + k];
    if (moment) {
        double Q[3] = {0, 0, 0}, rp[3] = {0, 0, 0};
        moment[0] = moment[1] = moment[2] = 0.0;
        if (L.rp >= 0 && is_se3(n)) { /* the moment about the section axes, turned into space */
            double R[9];
            el_se3_node_rotation(ac_node_chart(n), m->q + n->dof0 + 3, R);
            for (k = 0; k < 3; k++) Q[k] = -rl[L.rp + k];
            rot_mul(R, Q, moment);
        } else if (L.rp >= 0) {
            for (k = 0; k < 3; k++) {
                Q[k] = -rl[L.rp + k];
                rp[k] = m->q[n->dof0 + 3 + k];
            }
            cross3(rp, Q, moment);
        }
        if (L.th >= 0) {
            double t1[3], t2[3], c, nr = sqrt(dot3v(rp, rp));
            const double *u = ac_node_chart(n);
            for (k = 0; k < 3; k++) t1[k] = rp[k] / nr;
            (void)t2;
            c = dot3v(t1, u);
            for (k = 0; k < 3; k++) moment[k] += -rl[L.th] * (t1[k] + (u[k] - c * t1[k]) / (1.0 + c));
        }
    }
    return ALECABLE_OK;
}
