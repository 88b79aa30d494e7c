/* A body driven by the host (alecable_body_prescribe): its pose held to a
 * frame the host moves, x_b = x_d(t), R_b = R_d(t), by six equations
 *     g_x = x_b - x_d(t),   g_r = vee(skew(R_d(t)^T R_b))
 * (g_r is the relative rotation vector to first order, and its gradient in
 * the body's increments is the identity where the two frames agree).  The
 * rotation equations go through hd numbers (core/hd.h) in the variables
 * (psi_r, psi_c, tau) as the clamp's do (clamp.c): R_b exp(psi_c^)
 * exp(psi_r^) gives G (rows, psi_r) and the derivative of G^T lambda along
 * the update (psi_c), and the Taylor polynomial of R_d in the time offset
 * tau gives the constraint rates exactly. */
#include "bodies.h"
#include "rotation.h"
#include "../core/hd.h"

#include <math.h>
#include <string.h>

enum { V_PR = 0, V_PC = 3, V_TAU = 6, NV = 7, NL = 12 };

ALECABLE_API int alecable_body_prescribe(alecable_joint **out, alecable_model *m, alecable_body *b,
                                         alecable_frame_fn fn, void *user)
{
    alecable_joint *j;
    int st;
    if ((st = ac_check_model(m))) return st;
    if (out) *out = NULL;
    if (!b) return ac_fail(m, ALECABLE_ENULL, "body is NULL");
    if (b->magic != MAGIC_BODY) return ac_fail(m, ALECABLE_EHANDLE, "body is not a body handle");
    if (b->model != m) return ac_fail(m, ALECABLE_EHANDLE, "body belongs to another model");
    if (!fn) return ac_fail(m, ALECABLE_ENULL, "fn is NULL");
    if (!(j = joint_new(m, JOINT_DRIVE, 0, 6))) return ac_fail(m, ALECABLE_ENOMEM, "out of memory");
    j->b = b;
    j->motion = fn;
    j->motion_user = user;
    if ((st = joint_push(m, j, out))) return ac_fail(m, st, "out of memory");
    return ALECABLE_OK;
}

/* local block: the body's x (3), psi (3), the six rows */
static void drive_dofs(const alecable_joint *j, int nq, int d[NL])
{
    int k;
    for (k = 0; k < 6; k++) {
        d[k] = j->b->node.dof0 + k;
        d[6 + k] = nq + j->row0 + k;
    }
}

static int drive_pattern(const alecable_joint *j, sp_builder *bld, int nq)
{
    int d[NL];
    drive_dofs(j, nq, d);
    return sp_builder_add_block(bld, d, NL);
}

static int drive_maps(alecable_model *m, alecable_joint *j, const sp_pattern *p, int nq)
{
    int d[NL];
    drive_dofs(j, nq, d);
    return joint_map_block(m, j, p, d, NL);
}

/* exp(psi^) x to second order, psi the hd variables from v0 */
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

/* The host's frame at t; 0, or -1 when the host failed */
typedef struct drive_frame {
    double x[3], R[9], v[3], w[3], a[3], al[3];
} drive_frame;

static int frame_at(const alecable_joint *j, double t, drive_frame *F)
{
    int rc;
    double e;
    memset(F, 0, sizeof *F);
    if ((rc = j->motion(j->motion_user, t, F->x, F->R, F->v, F->w, F->a, F->al)) != 0) {
        ac_callback_failed(j->model, rc, t, "joint %d: the frame callback of body %d's drive (alecable_body_prescribe)",
                           ac_list_index(&j->model->joints, j), ac_list_index(&j->model->bodies, j->b));
        return -1;
    }
    if ((e = rot_error(F->R)) > ROT_HOST_TOL) {
        ac_callback_failed(j->model, 0, t, "joint %d: the frame callback of body %d's drive gave an R that is not a "
                           "rotation (|R^T R - I| = %.3g, or a reflection)", ac_list_index(&j->model->joints, j),
                           ac_list_index(&j->model->bodies, j->b), e);
        return -1;
    }
    return 0;
}

/* g_r as three hd numbers: M = R_d(tau)^T R_b exp(psi_c^) exp(psi_r^),
 * g_r = 1/2 (M32 - M23, M13 - M31, M21 - M12) */
static void rotation_equations(const hd_ctx *c, const double Rb[9], const drive_frame *F, hd g[3])
{
    hd col[3][3], dcol[3][3], tau, tau2;
    int i, k;
    hd_var(c, &tau, 0.0, V_TAU);
    hd_mul(c, &tau2, &tau, &tau);
    for (k = 0; k < 3; k++) { /* column k of R_b exp exp: R_b exp(psi_c^) exp(psi_r^) e_k */
        hd e[3], y[3];
        for (i = 0; i < 3; i++) hd_const(c, &e[i], i == k);
        exp2_apply(c, V_PR, e, y);
        exp2_apply(c, V_PC, y, e);
        for (i = 0; i < 3; i++) {
            hd_scale(c, &col[k][i], Rb[3 * i], &e[0], 0.0);
            hd_axpy(c, &col[k][i], &col[k][i], Rb[3 * i + 1], &e[1]);
            hd_axpy(c, &col[k][i], &col[k][i], Rb[3 * i + 2], &e[2]);
        }
        /* column k of R_d(tau): d + tau (w x d) + tau^2/2 (al x d + w x (w x d)) */
        {
            double d[3] = {F->R[k], F->R[3 + k], F->R[6 + k]}, wd[3], ad[3], wwd[3];
            cross3(F->w, d, wd);
            cross3(F->al, d, ad);
            cross3(F->w, wd, wwd);
            for (i = 0; i < 3; i++) {
                hd_scale(c, &dcol[k][i], wd[i], &tau, d[i]);
                hd_axpy(c, &dcol[k][i], &dcol[k][i], 0.5 * (ad[i] + wwd[i]), &tau2);
            }
        }
    }
    /* M_ab = dcol_a . col_b */
    {
        hd m32, m23;
        static const int ia[3] = {2, 0, 1}, ib[3] = {1, 2, 0};
        for (k = 0; k < 3; k++) {
            hd_dot3(c, &m32, dcol[ia[k]], col[ib[k]]);
            hd_dot3(c, &m23, dcol[ib[k]], col[ia[k]]);
            hd_sub(c, &g[k], &m32, &m23);
            hd_scale(c, &g[k], 0.5, &g[k], 0.0);
        }
    }
}

static double h2(const hd_ctx *c, const hd *x, int a, int b)
{
    return a <= b ? x->h[hd_idx(c->n, a, b)] : x->h[hd_idx(c->n, b, a)];
}

static void drive_eval(const alecable_joint *j, double t, const double *q, const double *v, const double *lambda,
                       double *r, int nq, double cq, double cv, double *values)
{
    const double *lam = lambda + j->row0, *xb = q + j->b->node.dof0;
    double rl[NL], K[NL * NL], Rb[9];
    drive_frame F;
    hd_ctx c = hd_context(NV, values != NULL);
    hd g[3];
    int d[NL], a, b, k;
    (void)v;
    (void)cv;
    memset(rl, 0, sizeof rl);
    memset(K, 0, sizeof K);
    if (frame_at(j, t, &F)) rl[6] = NAN; /* the host failed: the evaluation fails visibly */
    for (k = 0; k < 3; k++) {
        rl[k] += lam[k];
        rl[6 + k] = xb[k] - F.x[k];
        K[(6 + k) * NL + k] = K[k * NL + 6 + k] = 1.0;
    }
    body_rotation(j->b, q, Rb);
    rotation_equations(&c, Rb, &F, g);
    for (k = 0; k < 3; k++) {
        rl[9 + k] = g[k].v;
        for (a = 0; a < 3; a++) {
            rl[3 + a] += lam[3 + k] * g[k].g[V_PR + a];
            K[(9 + k) * NL + 3 + a] = g[k].g[V_PC + a];
            K[(3 + a) * NL + 9 + k] = g[k].g[V_PR + a];
            if (values)
                for (b = 0; b < 3; b++) K[(3 + a) * NL + 3 + b] += cq * lam[3 + k] * h2(&c, &g[k], V_PR + a, V_PC + b);
        }
    }
    if (r) {
        drive_dofs(j, nq, d);
        for (a = 0; a < 6; a++) r[d[a]] += rl[a];
        for (a = 6; a < NL; a++) r[d[a]] = rl[a];
    }
    if (values)
        for (a = 0; a < NL * NL; a++) values[j->map[a]] += K[a];
}

/* gdot = G v + g_t, gamma = d2g/dt2 - G a (body velocities: origin in
 * space, Omega in the body frame) */
static void drive_rates(const alecable_joint *j, double t, const double *q, const double *v, double *gdot,
                        double *gamma)
{
    const double *vb = v + j->b->node.dof0, *W = vb + 3;
    double Rb[9];
    drive_frame F;
    hd_ctx c = hd_context(NV, 1);
    hd g[3];
    int k, a, b;
    frame_at(j, t, &F);
    for (k = 0; k < 3; k++) {
        gdot[j->row0 + k] = vb[k] - F.v[k];
        gamma[j->row0 + k] = -F.a[k];
    }
    body_rotation(j->b, q, Rb);
    rotation_equations(&c, Rb, &F, g);
    for (k = 0; k < 3; k++) {
        double gd = g[k].g[V_TAU], ga = h2(&c, &g[k], V_TAU, V_TAU);
        for (a = 0; a < 3; a++) {
            gd += g[k].g[V_PC + a] * W[a];
            ga += 2.0 * h2(&c, &g[k], V_PC + a, V_TAU) * W[a];
            for (b = 0; b < 3; b++) ga += h2(&c, &g[k], V_PC + a, V_PC + b) * W[a] * W[b];
        }
        gdot[j->row0 + 3 + k] = gd;
        gamma[j->row0 + 3 + k] = ga;
    }
}

const joint_ops joint_drive_ops = {drive_pattern, drive_maps, drive_eval, NULL, drive_rates, NULL, NULL, NULL, NULL};
