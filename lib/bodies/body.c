/* Rigid bodies: creation, pose, the group update, and their loads (weight
 * at the centre of mass, forces at body points, torques).
 *
 * A force f (spatial, constant) at the body point p has the potential
 * W = -f.(x + R p), so with y = R^T f (rotation.h's rules)
 *     dW/dx = -f,   dW/dpsi = -p x y,   d2W/dpsi2 = -p^ y^.
 * A spatial torque m does the virtual work m.(R dpsi): r_psi = -R^T m, whose
 * derivative is -(R^T m)^ (no potential). */
#include "bodies.h"
#include "rotation.h"
#include "../constraints/constraints.h"
#include "../loads/load_ops.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

int body_check(alecable_model *m, const alecable_body *b, const char *arg)
{
    if (!b) return ac_fail(m, ALECABLE_ENULL, "%s is NULL", arg);
    if (b->magic != MAGIC_BODY) return ac_fail(m, ALECABLE_EHANDLE, "%s is not a body handle", arg);
    if (m && b->model != m) return ac_fail(m, ALECABLE_EHANDLE, "%s belongs to another model", arg);
    return ALECABLE_OK;
}

ALECABLE_API void alecable_body_params_init(alecable_body_params *p)
{
    if (!p) return;
    memset(p, 0, sizeof *p);
    p->struct_size = sizeof *p;
    p->rotation[0] = p->rotation[4] = p->rotation[8] = 1.0;
}

/* The inertia tensor: finite, symmetric, positive semi-definite (all
 * principal minors >= 0, to rounding); velocities finite */
static int check_dynamics(alecable_model *m, const alecable_body_params *p)
{
    const double *J = p->inertia;
    double scale = 0.0, tol, m2[3], det;
    int i, j;
    for (i = 0; i < 9; i++) {
        if (!isfinite(J[i])) return ac_fail(m, ALECABLE_EINVAL, "params.inertia[%d] = %g is not finite", i, J[i]);
        scale = fmax(scale, fabs(J[i]));
    }
    tol = 1e-12 * scale;
    for (i = 0; i < 3; i++)
        for (j = i + 1; j < 3; j++)
            if (fabs(J[3 * i + j] - J[3 * j + i]) > tol)
                return ac_fail(m, ALECABLE_EINVAL, "params.inertia is not symmetric (entries %d,%d and %d,%d differ)", i, j,
                               j, i);
    m2[0] = J[0] * J[4] - J[1] * J[3];
    m2[1] = J[0] * J[8] - J[2] * J[6];
    m2[2] = J[4] * J[8] - J[5] * J[7];
    det = J[0] * m2[2] - J[1] * (J[3] * J[8] - J[5] * J[6]) + J[2] * (J[3] * J[7] - J[4] * J[6]);
    if (J[0] < -tol || J[4] < -tol || J[8] < -tol || m2[0] < -tol * scale || m2[1] < -tol * scale ||
        m2[2] < -tol * scale || det < -tol * scale * scale)
        return ac_fail(m, ALECABLE_EINVAL, "params.inertia is not positive semi-definite");
    {
        /* a mass distribution's inertia is tr(S) I - S with S = int r r^T dm
         * positive semi-definite: S = tr(J)/2 I - J, whose eigenvalues are
         * (J2 + J3 - J1)/2 and the like (the principal moments' triangle
         * inequality) */
        double S[9], s2[3], ds, h = 0.5 * (J[0] + J[4] + J[8]);
        for (i = 0; i < 9; i++) S[i] = (i % 4 == 0 ? h : 0.0) - J[i];
        s2[0] = S[0] * S[4] - S[1] * S[3];
        s2[1] = S[0] * S[8] - S[2] * S[6];
        s2[2] = S[4] * S[8] - S[5] * S[7];
        ds = S[0] * s2[2] - S[1] * (S[3] * S[8] - S[5] * S[6]) + S[2] * (S[3] * S[7] - S[4] * S[6]);
        if (S[0] < -tol || S[4] < -tol || S[8] < -tol || s2[0] < -tol * scale || s2[1] < -tol * scale ||
            s2[2] < -tol * scale || ds < -tol * scale * scale)
            return ac_fail(m, ALECABLE_EINVAL, "params.inertia: a principal moment exceeds the sum of the other two "
                                               "(J3 <= J1 + J2 holds for every mass distribution)");
    }
    if (!ac_is_finite3(p->velocity) || !ac_is_finite3(p->omega))
        return ac_fail(m, ALECABLE_EINVAL, "params: velocity or omega has a NaN or infinite component");
    return ALECABLE_OK;
}

ALECABLE_API int alecable_body_create(alecable_body **out, alecable_model *m, const alecable_body_params *p)
{
    alecable_body *b;
    double RtR[9], Rt[9];
    int st, i, j, dyn;
    if ((st = ac_check_model(m))) return st;
    if (!out) return ac_fail(m, ALECABLE_ENULL, "out is NULL");
    *out = NULL;
    if (!p) return ac_fail(m, ALECABLE_ENULL, "params is NULL");
    /* a caller built against 0.1 passes the struct without the dynamic fields */
    if (p->struct_size < offsetof(alecable_body_params, inertia))
        return ac_fail(m, ALECABLE_EINVAL, "params: struct_size %zu, call alecable_body_params_init", p->struct_size);
    dyn = p->struct_size >= sizeof *p;
    if (dyn && (st = check_dynamics(m, p))) return st;
    if (!ac_is_finite3(p->position) || !ac_is_finite3(p->com))
        return ac_fail(m, ALECABLE_EINVAL, "params: position or com has a NaN or infinite component");
    if (!(p->mass >= 0.0) || !isfinite(p->mass))
        return ac_fail(m, ALECABLE_EINVAL, "params.mass = %g must be finite and >= 0", p->mass);
    for (i = 0; i < 9; i++) {
        if (!isfinite(p->rotation[i])) return ac_fail(m, ALECABLE_EINVAL, "params.rotation has a NaN entry");
        Rt[i] = p->rotation[(i % 3) * 3 + i / 3];
    }
    mat3_mul(Rt, p->rotation, RtR);
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++)
            if (fabs(RtR[3 * i + j] - (i == j)) > 1e-9)
                return ac_fail(m, ALECABLE_EINVAL, "params.rotation is not orthonormal (R^T R - I = %g at %d,%d)",
                               RtR[3 * i + j] - (i == j), i, j);
    {
        double d = p->rotation[0] * (p->rotation[4] * p->rotation[8] - p->rotation[5] * p->rotation[7]) -
                   p->rotation[1] * (p->rotation[3] * p->rotation[8] - p->rotation[5] * p->rotation[6]) +
                   p->rotation[2] * (p->rotation[3] * p->rotation[7] - p->rotation[4] * p->rotation[6]);
        if (d < 0.0) return ac_fail(m, ALECABLE_EINVAL, "params.rotation is a reflection (det = %g)", d);
    }
    b = (alecable_body *)ac_calloc(&m->alloc, 1, sizeof *b);
    if (!b) return ac_fail(m, ALECABLE_ENOMEM, "out of memory");
    b->magic = MAGIC_BODY;
    b->model = m;
    b->mass = p->mass;
    memcpy(b->com, p->com, sizeof b->com);
    { /* J_o = J_c + m (|c|^2 I - c c^T) */
        double c2 = dot3v(p->com, p->com);
        for (i = 0; i < 3; i++)
            for (j = 0; j < 3; j++)
                b->Jo[3 * i + j] = (dyn ? p->inertia[3 * i + j] : 0.0) + p->mass * ((i == j) * c2 - p->com[i] * p->com[j]);
        if (dyn) {
            memcpy(b->v0, p->velocity, 3 * sizeof(double));
            memcpy(b->v0 + 3, p->omega, 3 * sizeof(double));
        }
    }
    b->node.magic = MAGIC_NODE;
    b->node.model = m;
    b->node.cable = NULL;
    b->node.index = m->bodies.n;
    b->node.ndof = 6;
    b->node.sidx = -1;
    memcpy(b->node.q, p->position, 3 * sizeof(double));
    rot_log(p->rotation, b->node.q + 3);
    if ((st = ac_list_push(m, &m->bodies, b))) {
        ac_free(&m->alloc, b);
        return st;
    }
    ac_model_changed(m, "a body was added");
    *out = b;
    return ALECABLE_OK;
}

void body_free(alecable_model *m, alecable_body *b)
{
    ac_free(&m->alloc, b->map);
    b->magic = 0;
    b->node.magic = 0;
    ac_free(&m->alloc, b);
}

ALECABLE_API int alecable_body_node(alecable_node **out, alecable_body *b)
{
    if (out) *out = NULL;
    if (!b) return ALECABLE_ENULL;
    if (b->magic != MAGIC_BODY) return ALECABLE_EHANDLE;
    if (!out) return ac_fail(b->model, ALECABLE_ENULL, "out is NULL");
    *out = &b->node;
    return ALECABLE_OK;
}

ALECABLE_API int alecable_body_fix(alecable_model *m, alecable_body *b)
{
    static const int dofs[6] = {ALECABLE_DOF_X, ALECABLE_DOF_Y, ALECABLE_DOF_Z,
                                ALECABLE_DOF_RX, ALECABLE_DOF_RY, ALECABLE_DOF_RZ};
    int st, k;
    if ((st = ac_check_model(m))) return st;
    if ((st = body_check(m, b, "body"))) return st;
    for (k = 0; k < 6; k++)
        if ((st = alecable_fix(NULL, m, &b->node, dofs[k]))) return st;
    return ALECABLE_OK;
}

void body_rotation(const alecable_body *b, const double *q, double R[9])
{
    rot_exp(q ? q + b->node.dof0 + 3 : b->node.q + 3, R);
}

ALECABLE_API int alecable_body_pose(const alecable_body *b, double position[3], double rotation[9])
{
    if (!b) return ALECABLE_ENULL;
    if (b->magic != MAGIC_BODY) return ALECABLE_EHANDLE;
    if (position) memcpy(position, b->node.q, 3 * sizeof(double));
    if (rotation) body_rotation(b, NULL, rotation);
    return ALECABLE_OK;
}

ALECABLE_API int alecable_body_point(const alecable_body *b, const double p[3], double x[3])
{
    double R[9], y[3];
    int i;
    if (!b) return ALECABLE_ENULL;
    if (b->magic != MAGIC_BODY) return ALECABLE_EHANDLE;
    if (!p) return ac_fail(b->model, ALECABLE_ENULL, "p is NULL");
    if (!x) return ac_fail(b->model, ALECABLE_ENULL, "x is NULL");
    body_rotation(b, NULL, R);
    rot_mul(R, p, y);
    for (i = 0; i < 3; i++) x[i] = b->node.q[i] + y[i];
    return ALECABLE_OK;
}

static int body_load(alecable_load **out, alecable_model *m, alecable_body *b, const load_ops *ops, const double p[3],
                     const double f[3])
{
    alecable_load *l;
    int st;
    if ((st = ac_check_model(m))) return st;
    if (out) *out = NULL;
    if ((st = body_check(m, b, "body"))) return st;
    if (!f || (ops == &load_body_force_ops && !p)) return ac_fail(m, ALECABLE_ENULL, "point or vector is NULL");
    if (!ac_is_finite3(f) || (p && !ac_is_finite3(p)))
        return ac_fail(m, ALECABLE_EINVAL, "point or vector has a NaN or infinite component");
    if (!(l = ac_load_alloc(m, ops))) return ALECABLE_ENOMEM;
    l->body = b;
    memcpy(l->f, f, sizeof l->f);
    if (p) memcpy(l->p, p, sizeof l->p);
    return ac_load_push(m, l, out);
}

ALECABLE_API int alecable_load_body_force(alecable_load **out, alecable_model *m, alecable_body *b, const double p[3],
                                          const double f[3])
{
    return body_load(out, m, b, &load_body_force_ops, p, f);
}

ALECABLE_API int alecable_load_body_torque(alecable_load **out, alecable_model *m, alecable_body *b,
                                           const double torque[3])
{
    return body_load(out, m, b, &load_body_torque_ops, NULL, torque);
}

/* evaluated by bodies_energy / bodies_residual / bodies_jacobian; a torque
 * constant in space has no potential once the body turns about two axes */
const load_ops load_body_force_ops = {LOAD_BODY_FORCE, "body force", LOAD_ON_BODY, 0, NULL, NULL, NULL, NULL, NULL,
                                      NULL, NULL};
const load_ops load_body_torque_ops = {LOAD_BODY_TORQUE, "body torque", LOAD_ON_BODY, LOAD_WORKS, NULL, NULL, NULL,
                                       NULL, NULL, NULL, NULL};

int body_load_applies(const alecable_load *l) { return l->ops->acts_on == LOAD_ON_BODY; }

/* ---- the group update ------------------------------------------------------ */

void bodies_update(const alecable_model *m, double *q, const double *dq, double scale)
{
    int i, k;
    for (i = 0; i < m->bodies.n; i++) {
        const alecable_body *b = (const alecable_body *)m->bodies.p[i];
        int x0 = b->node.dof0, r0 = x0 + 3;
        double d[3];
        for (k = 0; k < 3; k++) {
            q[x0 + k] += scale * dq[x0 + k];
            d[k] = scale * dq[r0 + k];
        }
        rot_compose(q + r0, d);
    }
}

/* ---- pattern -------------------------------------------------------------- */

static void body_dofs(const alecable_body *b, int d[6])
{
    int k;
    for (k = 0; k < 6; k++) d[k] = b->node.dof0 + k;
}

int body_pattern(const alecable_body *b, sp_builder *bld)
{
    int d[6];
    body_dofs(b, d);
    return sp_builder_add_block(bld, d, 6);
}

int body_maps(alecable_model *m, alecable_body *b, const sp_pattern *p)
{
    int d[6], k;
    b->map = (int *)ac_malloc(&m->alloc, 36 * sizeof(int));
    if (!b->map) return -1;
    body_dofs(b, d);
    sp_block_map(p, d, 6, b->map);
    for (k = 0; k < 36; k++)
        if (b->map[k] < 0) return -1;
    return 0;
}

/* ---- weight and body loads -------------------------------------------------- */

/* force f at body point p: W, the 6-vector r and the 3 x 3 psi-psi block */
static double force_terms(const double R[9], const double *qb, const double p[3], const double f[3], double r[6],
                          double K[9])
{
    double y[3], Rp[3], P[9], Y[9];
    rot_tmul(R, f, y);
    rot_mul(R, p, Rp);
    if (r) {
        double c[3];
        cross3(p, y, c);
        r[0] -= f[0];
        r[1] -= f[1];
        r[2] -= f[2];
        r[3] -= c[0];
        r[4] -= c[1];
        r[5] -= c[2];
    }
    if (K) {
        double PY[9];
        int i;
        rot_hat(p, P);
        rot_hat(y, Y);
        mat3_mul(P, Y, PY);
        for (i = 0; i < 9; i++) K[i] -= PY[i];
    }
    return -(f[0] * (qb[0] + Rp[0]) + f[1] * (qb[1] + Rp[1]) + f[2] * (qb[2] + Rp[2]));
}

static double torque_terms(const double R[9], const double m[3], double r[6], double K[9])
{
    double y[3], Y[9];
    int i;
    rot_tmul(R, m, y);
    if (r)
        for (i = 0; i < 3; i++) r[3 + i] -= y[i];
    if (K) {
        rot_hat(y, Y);
        for (i = 0; i < 9; i++) K[i] -= Y[i];
    }
    return 0.0;
}

/* every term acting on body b: weight, then its loads */
static double body_terms(const alecable_model *m, const alecable_body *b, const double *q, double scale, double r[6],
                         double K[9])
{
    const double *qb = q + b->node.dof0;
    double R[9], w = 0.0;
    int i;
    rot_exp(qb + 3, R);
    if (b->mass > 0.0) {
        double g[3] = {scale * b->mass * m->gravity[0], scale * b->mass * m->gravity[1], scale * b->mass * m->gravity[2]};
        w += force_terms(R, qb, b->com, g, r, K);
    }
    for (i = 0; i < m->loads.n; i++) {
        const alecable_load *l = (const alecable_load *)m->loads.p[i];
        double f[3] = {scale * l->f[0], scale * l->f[1], scale * l->f[2]};
        if (l->body != b) continue;
        if (l->kind == LOAD_BODY_FORCE) w += force_terms(R, qb, l->p, f, r, K);
        else if (l->kind == LOAD_BODY_TORQUE) w += torque_terms(R, f, r, K);
    }
    return w;
}

double bodies_energy(const alecable_model *m, const double *q, double scale)
{
    double w = 0.0;
    int i;
    for (i = 0; i < m->bodies.n; i++) w += body_terms(m, (const alecable_body *)m->bodies.p[i], q, scale, NULL, NULL);
    return w;
}

void bodies_residual(const alecable_model *m, const double *q, double scale, double *r)
{
    int i, k;
    for (i = 0; i < m->bodies.n; i++) {
        const alecable_body *b = (const alecable_body *)m->bodies.p[i];
        double rb[6] = {0, 0, 0, 0, 0, 0};
        body_terms(m, b, q, scale, rb, NULL);
        for (k = 0; k < 6; k++) r[b->node.dof0 + k] += rb[k];
    }
}

void bodies_jacobian(const alecable_model *m, const double *q, double scale, double cq, double *values)
{
    int i, a, c;
    for (i = 0; i < m->bodies.n; i++) {
        const alecable_body *b = (const alecable_body *)m->bodies.p[i];
        double K[9] = {0, 0, 0, 0, 0, 0, 0, 0, 0};
        body_terms(m, b, q, scale, NULL, K);
        for (a = 0; a < 3; a++)
            for (c = 0; c < 3; c++) values[b->map[(3 + a) * 6 + 3 + c]] += cq * K[3 * a + c];
    }
}

/* ---- inertia ------------------------------------------------------------------ */

/* Body b's inertia terms at (q, v, a) with v = (origin velocity in space,
 * Omega in the body frame), from T = 1/2 m |v|^2 + m v.R(Omega x c) +
 * 1/2 Omega.J_o Omega (Newton-Euler about the moving origin):
 *     r_x = m a_x + m R (dOmega x c + Omega x (Omega x c))
 *     r_w = J_o dOmega + Omega x J_o Omega + m c x R^T a_x
 * and, with K (6 x 6, row-major), cq d/dq (along the update: d(R w)/dpsi =
 * -R w^, d(R^T y)/dpsi = (R^T y)^) + cv d/dv + ca d/da. */
static void inertia_terms(const alecable_body *b, const double *q, const double *v, const double *a, double r[6],
                          double cq, double cv, double ca, double K[36])
{
    const double *qb = q + b->node.dof0, *vx = v + b->node.dof0, *W = vx + 3, *ax = a + b->node.dof0, *Wd = ax + 3;
    const double *c = b->com, *J = b->Jo, m = b->mass;
    double R[9], Wc[3], WWc[3], Wdc[3], w[3], Rw[3], JW[3], WJW[3], y[3], cy[3], JWd[3];
    int i, k;
    rot_exp(qb + 3, R);
    cross3(W, c, Wc);
    cross3(W, Wc, WWc);
    cross3(Wd, c, Wdc);
    for (i = 0; i < 3; i++) w[i] = Wdc[i] + WWc[i];
    rot_mul(R, w, Rw);
    rot_mul(J, W, JW);
    rot_mul(J, Wd, JWd);
    cross3(W, JW, WJW);
    rot_tmul(R, ax, y);
    cross3(c, y, cy);
    for (i = 0; i < 3; i++) {
        r[i] += m * ax[i] + m * Rw[i];
        r[3 + i] += JWd[i] + WJW[i] + m * cy[i];
    }
    if (!K) return;
    {
        double C[9], RC[9], Wh[9], JWh[9], WhJ[9], Wv[9], RWv[9], Y[9], CY[9], Wm[9], RWm[9];
        rot_hat(c, C);
        mat3_mul(R, C, RC);
        rot_hat(W, Wh);
        rot_hat(JW, JWh);
        mat3_mul(Wh, J, WhJ);
        /* d(Omega x (Omega x c))/dOmega = Omega c^T + (Omega.c) I - 2 c Omega^T */
        for (i = 0; i < 3; i++)
            for (k = 0; k < 3; k++) Wv[3 * i + k] = W[i] * c[k] + (i == k) * dot3v(W, c) - 2.0 * c[i] * W[k];
        mat3_mul(R, Wv, RWv);
        rot_hat(y, Y);
        mat3_mul(C, Y, CY);
        rot_hat(w, Wm);
        mat3_mul(R, Wm, RWm);
        for (i = 0; i < 3; i++)
            for (k = 0; k < 3; k++) {
                K[6 * i + k] += ca * m * (i == k);                                /* x, a_x */
                K[6 * i + 3 + k] += -ca * m * RC[3 * i + k] + cv * m * RWv[3 * i + k] - cq * m * RWm[3 * i + k];
                K[6 * (3 + i) + k] += ca * m * (C[3 * i] * R[3 * k] + C[3 * i + 1] * R[3 * k + 1] +
                                                C[3 * i + 2] * R[3 * k + 2]); /* m c^ R^T */
                K[6 * (3 + i) + 3 + k] += ca * J[3 * i + k] + cv * (WhJ[3 * i + k] - JWh[3 * i + k]) + cq * m * CY[3 * i + k];
            }
    }
}

void bodies_inertia_residual(const alecable_model *m, const double *q, const double *v, const double *a, double *r)
{
    int i, k;
    for (i = 0; i < m->bodies.n; i++) {
        const alecable_body *b = (const alecable_body *)m->bodies.p[i];
        double rb[6] = {0, 0, 0, 0, 0, 0};
        inertia_terms(b, q, v, a, rb, 0.0, 0.0, 0.0, NULL);
        for (k = 0; k < 6; k++) r[b->node.dof0 + k] += rb[k];
    }
}

void bodies_inertia_jacobian(const alecable_model *m, const double *q, const double *v, const double *a, double cq,
                             double cv, double ca, double *values)
{
    int i, k;
    for (i = 0; i < m->bodies.n; i++) {
        const alecable_body *b = (const alecable_body *)m->bodies.p[i];
        double rb[6] = {0, 0, 0, 0, 0, 0}, K[36];
        memset(K, 0, sizeof K);
        inertia_terms(b, q, v, a, rb, cq, cv, ca, K);
        for (k = 0; k < 36; k++) values[b->map[k]] += K[k];
    }
}

double bodies_kinetic(const alecable_model *m, const double *q, const double *v)
{
    double T = 0.0;
    int i;
    for (i = 0; i < m->bodies.n; i++) {
        const alecable_body *b = (const alecable_body *)m->bodies.p[i];
        const double *vx = v + b->node.dof0, *W = vx + 3;
        double R[9], Wc[3], RWc[3], JW[3];
        body_rotation(b, q, R);
        cross3(W, b->com, Wc);
        rot_mul(R, Wc, RWc);
        rot_mul(b->Jo, W, JW);
        T += 0.5 * b->mass * dot3v(vx, vx) + b->mass * dot3v(vx, RWc) + 0.5 * dot3v(W, JW);
    }
    return T;
}
