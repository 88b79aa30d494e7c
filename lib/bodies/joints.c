/* Joints of cables on bodies: a node held on a body point (attach, and the
 * units of a pulley wrap), and what every joint kind shares (creation,
 * registration, queries).  The joints between two bodies are in
 * pair_joints.c, the clamp in clamp.c, the host's drive in drive.c, the
 * sheave (a wrap whose contact region the cable finds) in sheave.c.
 * Derivatives along the body update follow rotation.h's two rules.
 *
 * Unit (node n on body point p):  g = x_n - x_b - R p
 *     G = [I, -I, R p^]  on (x_n, x_b, psi_b)
 *     G^T lambda on psi_b: (R p^)^T lambda = -p^ R^T lambda,
 *     its derivative along psi_b: -p^ (R^T lambda)^. */
#include "bodies.h"
#include "rotation.h"
#include "../constraints/constraints.h"

#include <math.h>
#include <string.h>

enum { UNIT = 12 }; /* local block of a unit: node, body, rows */

int joint_check(const alecable_joint *j)
{
    if (!j) return ALECABLE_ENULL;
    if (j->magic != MAGIC_JOINT) return ALECABLE_EHANDLE;
    return ALECABLE_OK;
}

int joint_check_kind(alecable_model *m, const alecable_joint *j, int kind, const char *arg, const char *what)
{
    if (!j) return ac_fail(m, ALECABLE_ENULL, "%s is NULL", arg);
    if (j->magic != MAGIC_JOINT) return ac_fail(m, ALECABLE_EHANDLE, "%s is not a joint handle", arg);
    if (j->model != m) return ac_fail(m, ALECABLE_EHANDLE, "%s belongs to another model", arg);
    if (j->kind != kind) return ac_fail(m, ALECABLE_EINVAL, "%s is not %s", arg, what);
    return ALECABLE_OK;
}

int joint_map_block(alecable_model *m, alecable_joint *j, const sp_pattern *p, const int *d, int n)
{
    int k;
    j->map = (int *)ac_malloc(&m->alloc, (size_t)(n * n) * sizeof(int));
    if (!j->map) return -1;
    sp_block_map(p, d, n, j->map);
    for (k = 0; k < n * n; k++)
        if (j->map[k] < 0) return -1;
    return 0;
}

alecable_joint *joint_new(alecable_model *m, int kind, int count, int neq)
{
    alecable_joint *j = (alecable_joint *)ac_calloc(&m->alloc, 1, sizeof *j);
    if (!j) return NULL;
    j->magic = MAGIC_JOINT;
    j->model = m;
    j->kind = kind;
    j->ops = kind == JOINT_REVOLUTE || kind == JOINT_SPHERICAL || kind == JOINT_FIXED || kind == JOINT_PRISMATIC
                 ? &joint_pair_ops
             : kind == JOINT_CLAMP  ? &joint_clamp_ops
             : kind == JOINT_DRIVE    ? &joint_drive_ops
             : kind == JOINT_FRICTION ? &joint_friction_ops
             : kind == JOINT_SHEAVE   ? &joint_sheave_ops
                                      : &joint_unit_ops;
    j->count = count;
    j->neq = neq;
    j->row0 = -1;
    j->lambda = (double *)ac_calloc(&m->alloc, (size_t)neq, sizeof(double));
    if (count > 0) {
        j->nodes = (alecable_node **)ac_calloc(&m->alloc, (size_t)count, sizeof *j->nodes);
        j->pts = (double *)ac_calloc(&m->alloc, 3 * (size_t)count, sizeof(double));
    }
    if (!j->lambda || (count > 0 && (!j->nodes || !j->pts))) {
        joint_free(m, j);
        return NULL;
    }
    return j;
}

void joint_free(alecable_model *m, alecable_joint *j)
{
    ac_free(&m->alloc, j->nodes);
    ac_free(&m->alloc, j->pts);
    ac_free(&m->alloc, j->normal);
    ac_free(&m->alloc, j->tangent);
    ac_free(&m->alloc, j->lambda);
    ac_free(&m->alloc, j->map);
    ac_free(&m->alloc, j->ext);
    j->magic = 0;
    ac_free(&m->alloc, j);
}

int joint_push(alecable_model *m, alecable_joint *j, alecable_joint **out)
{
    int st = ac_list_push(m, &m->joints, j);
    if (st) {
        joint_free(m, j);
        return st;
    }
    {
        static const char *const what[] = {"an attach joint was added", "a pulley wrap was added",
                                            "a revolute joint was added", "a clamp was added",
                                            "a body drive (alecable_body_prescribe) was added",
                                            "a spherical joint was added", "a fixed joint was added",
                                            "a prismatic joint was added", "a friction joint was added",
                                            "a sheave was added"};
        ac_model_changed(m, j->kind >= 0 && j->kind <= JOINT_SHEAVE ? what[j->kind] : "a joint was added");
    }
    if (out) *out = j;
    return ALECABLE_OK;
}

static int check_cable_node(alecable_model *m, const alecable_node *n, const char *arg)
{
    int st = ac_check_node(m, n, arg);
    if (st) return st;
    if (!n->cable) return ac_fail(m, ALECABLE_EINVAL, "%s is a body's node, not a cable node", arg);
    return ALECABLE_OK;
}

ALECABLE_API int alecable_attach(alecable_joint **out, alecable_model *m, alecable_node *n, alecable_body *b,
                                 const double p[3], int hold_s)
{
    alecable_joint *j;
    int st;
    if ((st = ac_check_model(m))) return st;
    if (out) *out = NULL;
    if ((st = check_cable_node(m, n, "node"))) return st;
    if ((st = body_check(m, b, "body"))) return st;
    if (!p) return ac_fail(m, ALECABLE_ENULL, "p is NULL");
    if (!ac_is_finite3(p)) return ac_fail(m, ALECABLE_EINVAL, "p has a NaN or infinite component");
    if (hold_s != 0 && hold_s != 1) return ac_fail(m, ALECABLE_EINVAL, "hold_s = %d must be 0 or 1", hold_s);
    if (hold_s) { /* an s fixed already is held: a second hold would make the constraints dependent */
        int i;
        for (i = 0; i < m->constraints.n; i++) {
            const alecable_constraint *k = (const alecable_constraint *)m->constraints.p[i];
            if (k->kind == CON_LINEAR || k->nodes[0] != n || k->ndof[0] != ALECABLE_DOF_S) continue;
            if (k->kind != CON_FIX)
                return ac_fail(m, ALECABLE_EINVAL, "hold_s = 1: the node's s is driven by constraint %d already", i);
            hold_s = 0;
        }
    }
    if (!(j = joint_new(m, JOINT_ATTACH, 1, 3))) return ac_fail(m, ALECABLE_ENOMEM, "out of memory");
    j->b = b;
    j->nodes[0] = n;
    memcpy(j->pts, p, 3 * sizeof(double));
    if ((st = joint_push(m, j, out))) return ac_fail(m, st, "out of memory");
    if (hold_s && (st = alecable_fix(NULL, m, n, ALECABLE_DOF_S))) return st;
    return ALECABLE_OK;
}

ALECABLE_API void alecable_pulley_params_init(alecable_pulley_params *p)
{
    if (!p) return;
    memset(p, 0, sizeof *p);
    p->struct_size = sizeof *p;
    p->axis[2] = 1.0;
    p->ref[0] = 1.0;
}

/* A pulley's circle (alecable_pulley_params) checked, and its orthonormal
 * body-frame triad: a the unit axis, u the direction of angle 0 (ref off
 * the axis), v = a x u.  Shared by pulley wraps and sheaves. */
int pulley_circle_frame(alecable_model *m, const alecable_pulley_params *p, double a[3], double u[3], double v[3])
{
    double na;
    int k;
    if (p->struct_size < sizeof *p)
        return ac_fail(m, ALECABLE_EINVAL, "params: struct_size %zu, call alecable_pulley_params_init", p->struct_size);
    if (!(p->radius > 0.0) || !isfinite(p->radius))
        return ac_fail(m, ALECABLE_EINVAL, "params.radius = %g must be finite and > 0", p->radius);
    if (!ac_is_finite3(p->centre) || !ac_is_finite3(p->axis) || !ac_is_finite3(p->ref))
        return ac_fail(m, ALECABLE_EINVAL, "params: centre, axis or ref has a NaN or infinite component");
    if (!((na = ac_direction_norm(p->axis)) > 0.0))
        return ac_fail(m, ALECABLE_EINVAL, "params.axis = (%g, %g, %g): its length is zero or out of range (1e-150 .. "
                       "1e150): give a direction", p->axis[0], p->axis[1], p->axis[2]);
    if (!(ac_direction_norm(p->ref) > 0.0))
        return ac_fail(m, ALECABLE_EINVAL, "params.ref = (%g, %g, %g): its length is zero or out of range (1e-150 .. "
                       "1e150): give a direction", p->ref[0], p->ref[1], p->ref[2]);
    for (k = 0; k < 3; k++) a[k] = p->axis[k] / na;
    na = dot3v(p->ref, a);
    for (k = 0; k < 3; k++) u[k] = p->ref[k] - na * a[k];
    na = sqrt(dot3v(u, u));
    if (!(na > 1e-12 * sqrt(dot3v(p->ref, p->ref))) || !(na > 0.0))
        return ac_fail(m, ALECABLE_EINVAL, "params.ref is parallel to params.axis");
    for (k = 0; k < 3; k++) u[k] /= na;
    cross3(a, u, v);
    return ALECABLE_OK;
}

ALECABLE_API int alecable_pulley_wrap(alecable_joint **out, alecable_model *m, alecable_body *b,
                                      const alecable_pulley_params *p, int count, alecable_node *const nodes[],
                                      const double angles[])
{
    alecable_joint *j;
    double a[3], u[3], v[3], dir = 1.0;
    int st, i, k;
    if ((st = ac_check_model(m))) return st;
    if (out) *out = NULL;
    if ((st = body_check(m, b, "body"))) return st;
    if (!p || !nodes || !angles) return ac_fail(m, ALECABLE_ENULL, "params, nodes or angles is NULL");
    if ((st = pulley_circle_frame(m, p, a, u, v))) return st;
    if (count < 1) return ac_fail(m, ALECABLE_EINVAL, "count = %d must be >= 1", count);
    if (count > AC_MAX_ELEMENTS + 1)
        return ac_fail(m, ALECABLE_EINVAL, "count = %d: more nodes than a model holds (%d)", count, AC_MAX_ELEMENTS + 1);
    for (i = 0; i < count; i++) {
        if ((st = check_cable_node(m, nodes[i], "nodes[i]"))) return st;
        if (nodes[i]->cable != nodes[0]->cable)
            return ac_fail(m, ALECABLE_EINVAL, "nodes[%d] is not on the cable of nodes[0]: a wrap holds one cable", i);
        if (!isfinite(angles[i])) return ac_fail(m, ALECABLE_EINVAL, "angles[%d] is not finite", i);
        for (k = 0; k < i; k++)
            if (nodes[k] == nodes[i]) return ac_fail(m, ALECABLE_EINVAL, "nodes[%d] repeats nodes[%d]", i, k);
    }
    /* tangent orientation: along increasing s, from the order of s and angles */
    if (count > 1 && (angles[1] - angles[0]) * (node_s(nodes[1]) - node_s(nodes[0])) < 0.0) dir = -1.0;
    if (!(j = joint_new(m, JOINT_WRAP, count, 3 * count))) return ac_fail(m, ALECABLE_ENOMEM, "out of memory");
    j->normal = (double *)ac_calloc(&m->alloc, 3 * (size_t)count, sizeof(double));
    j->tangent = (double *)ac_calloc(&m->alloc, 3 * (size_t)count, sizeof(double));
    if (!j->normal || !j->tangent) {
        joint_free(m, j);
        return ac_fail(m, ALECABLE_ENOMEM, "out of memory");
    }
    j->b = b;
    memcpy(j->centre, p->centre, sizeof j->centre);
    memcpy(j->axis, a, sizeof j->axis);
    memcpy(j->ref, u, sizeof j->ref);
    j->radius = p->radius;
    for (i = 0; i < count; i++) {
        double c = cos(angles[i]), s = sin(angles[i]);
        j->nodes[i] = nodes[i];
        for (k = 0; k < 3; k++) {
            j->normal[3 * i + k] = c * u[k] + s * v[k];
            j->tangent[3 * i + k] = dir * (-s * u[k] + c * v[k]);
            j->pts[3 * i + k] = p->centre[k] + p->radius * j->normal[3 * i + k];
        }
    }
    if ((st = joint_push(m, j, out))) return ac_fail(m, st, "out of memory");
    return ALECABLE_OK;
}

/* ---- queries ---------------------------------------------------------------- */

ALECABLE_API int alecable_joint_equations(const alecable_joint *j, int *count)
{
    int st = joint_check(j);
    if (st) return st;
    if (!count) return ac_fail(j->model, ALECABLE_ENULL, "count is NULL");
    *count = j->neq;
    return ALECABLE_OK;
}

ALECABLE_API int alecable_joint_multipliers(const alecable_joint *j, double *lambda)
{
    int st = joint_check(j);
    if (st) return st;
    if (!lambda) return ac_fail(j->model, ALECABLE_ENULL, "lambda is NULL");
    memcpy(lambda, j->lambda, (size_t)j->neq * sizeof(double));
    return ALECABLE_OK;
}

void wrap_frame(const alecable_joint *j, int i, const double *q, double n[3], double t[3])
{
    double R[9];
    body_rotation(j->b, q, R);
    if (n) rot_mul(R, j->normal + 3 * i, n);
    if (t) rot_mul(R, j->tangent + 3 * i, t);
}

ALECABLE_API int alecable_pulley_normal_force(const alecable_joint *j, int i, double *N)
{
    double n[3];
    int st = joint_check(j);
    if (st) return st;
    if (!N) return ac_fail(j->model, ALECABLE_ENULL, "N is NULL");
    if (j->kind != JOINT_WRAP) return ac_fail(j->model, ALECABLE_EINVAL, "the joint is not a pulley wrap");
    if (i < 0 || i >= j->count) return ac_fail(j->model, ALECABLE_ERANGE, "i = %d: the wrap has %d nodes", i, j->count);
    wrap_frame(j, i, NULL, n, NULL);
    *N = -dot3v(j->lambda + 3 * i, n);
    return ALECABLE_OK;
}

/* ---- pattern and maps -------------------------------------------------------- */

/* local dofs of attach/wrap unit i: x_n, x_b, psi_b, rows */
static void unit_dofs(const alecable_joint *j, int i, int nq, int d[UNIT])
{
    int k;
    for (k = 0; k < 3; k++) {
        d[k] = j->nodes[i]->dof0 + k;
        d[3 + k] = j->b->node.dof0 + k;
        d[6 + k] = j->b->node.dof0 + 3 + k;
        d[9 + k] = nq + j->row0 + 3 * i + k;
    }
}

static int unit_pattern(const alecable_joint *j, sp_builder *bld, int nq)
{
    int d[UNIT], i, st;
    for (i = 0; i < j->count; i++) {
        unit_dofs(j, i, nq, d);
        if ((st = sp_builder_add_block(bld, d, UNIT))) return st;
    }
    return 0;
}

static int unit_maps(alecable_model *m, alecable_joint *j, const sp_pattern *p, int nq)
{
    int d[UNIT], i;
    j->map = (int *)ac_malloc(&m->alloc, (size_t)(j->count * UNIT * UNIT) * sizeof(int));
    if (!j->map) return -1;
    for (i = 0; i < j->count; i++) {
        unit_dofs(j, i, nq, d);
        sp_block_map(p, d, UNIT, j->map + i * UNIT * UNIT);
    }
    for (i = 0; i < j->count * UNIT * UNIT; i++)
        if (j->map[i] < 0) return -1;
    return 0;
}

/* ---- residual and Jacobian ---------------------------------------------------- */

static void unit_eval(const alecable_joint *j, int i, const double *q, const double *lam, double R[9], double *r,
                      int nq, double cq, double *values)
{
    const double *p = j->pts + 3 * i, *xn = q + j->nodes[i]->dof0, *xb = q + j->b->node.dof0;
    double Rp[3], y[3], c[3];
    int k, d[UNIT];
    rot_mul(R, p, Rp);
    if (r) {
        unit_dofs(j, i, nq, d);
        rot_tmul(R, lam, y);
        cross3(y, p, c); /* -p^ R^T lambda */
        for (k = 0; k < 3; k++) {
            r[d[k]] += lam[k];
            r[d[3 + k]] -= lam[k];
            r[d[6 + k]] += c[k];
            r[d[9 + k]] = xn[k] - xb[k] - Rp[k];
        }
    }
    if (values) {
        const int *map = j->map + i * UNIT * UNIT;
        double P[9], RP[9], Y[9], PY[9];
        int a, b;
        rot_hat(p, P);
        mat3_mul(R, P, RP); /* d g / d psi */
        rot_tmul(R, lam, y);
        rot_hat(y, Y);
        mat3_mul(P, Y, PY);
        for (a = 0; a < 3; a++) {
            values[map[a * UNIT + 9 + a]] += 1.0;         /* (x_n, rows) */
            values[map[(3 + a) * UNIT + 9 + a]] -= 1.0;   /* (x_b, rows) */
            values[map[(9 + a) * UNIT + a]] += 1.0;       /* (rows, x_n) */
            values[map[(9 + a) * UNIT + 3 + a]] -= 1.0;   /* (rows, x_b) */
            for (b = 0; b < 3; b++) {
                values[map[(6 + a) * UNIT + 9 + b]] += RP[3 * b + a]; /* (psi, rows) = (R p^)^T */
                values[map[(9 + a) * UNIT + 6 + b]] += RP[3 * a + b]; /* (rows, psi) = R p^ */
                values[map[(6 + a) * UNIT + 6 + b]] -= cq * PY[3 * a + b];
            }
        }
    }
}

static void unit_joint_eval(const alecable_joint *j, double t, const double *q, const double *v, const double *lambda,
                            double *r, int nq, double cq, double cv, double *values)
{
    const double *lam = lambda + j->row0;
    double R[9];
    int i;
    (void)t;
    (void)v;
    (void)cv;
    body_rotation(j->b, q, R);
    for (i = 0; i < j->count; i++) unit_eval(j, i, q, lam + 3 * i, R, r, nq, cq, values);
}

/* Constraint rates (problem.h: gdot = dg/dt, gamma = d2g/dt2 - G a) of a
 * node held on a body point (attach, wrap): g = x_n - x_b - R p */
static void unit_rates(const alecable_joint *j, double t, const double *q, const double *v, double *gdot,
                       double *gamma)
{
    double R[9], d1[3], d2[3];
    int i, k;
    (void)t;
    body_rotation(j->b, q, R);
    for (i = 0; i < j->count; i++) {
        const double *vn = v + j->nodes[i]->dof0, *vb = v + j->b->node.dof0;
        body_point_rates(R, v + j->b->node.dof0 + 3, j->pts + 3 * i, d1, d2);
        for (k = 0; k < 3; k++) {
            gdot[j->row0 + 3 * i + k] = vn[k] - vb[k] - d1[k];
            gamma[j->row0 + 3 * i + k] = -d2[k];
        }
    }
}

const joint_ops joint_unit_ops = {unit_pattern, unit_maps, unit_joint_eval, NULL, unit_rates, NULL, NULL, NULL, NULL};
