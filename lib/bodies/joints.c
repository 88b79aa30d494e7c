/* Joints between cables and bodies: a node held on a body point (attach,
 * and the units of a pulley wrap) and the revolute joint with its torsional
 * spring.  Derivatives along the body update follow rotation.h's two rules.
 *
 * Unit (node n on body point p):  g = x_n - x_b - R p
 *     G = [I, -I, R p^]  on (x_n, x_b, psi_b)
 *     G^T lambda on psi_b: (R p^)^T lambda = -p^ R^T lambda,
 *     its derivative along psi_b: -p^ (R^T lambda)^.
 *
 * Revolute joint (bodies A, B; body-frame point p_A, p_B; axis a_A, a_B;
 * u_A, u_B orthogonal to them and equal in space at creation; w = a x u):
 *     3 equations  x_A + R_A p_A - x_B - R_B p_B = 0,
 *     2 equations  (R_A a_A).(R_B u_B) = 0, (R_A a_A).(R_B w_B) = 0,
 *     spring W = 1/2 k theta^2, theta = atan2((R_A w_A).(R_B u_B), (R_A u_A).(R_B u_B)).
 * Everything rotational is a bilinear form h = (R_A al).(R_B be) (bilinear()). */
#include "bodies.h"
#include "rotation.h"
#include "../constraints/constraints.h"

#include <math.h>
#include <string.h>

enum { UNIT = 12, REV_MAX = 18 }; /* local block sizes: a unit; two bodies and up to 6 rows */

static int check_body(alecable_model *m, const alecable_body *b, const char *arg)
{
    if (!b) return ac_fail(m, ALECABLE_ENULL, "%s is NULL", arg);
    if (b->magic != MAGIC_BODY) return ac_fail(m, ALECABLE_EHANDLE, "%s is not a body handle", arg);
    if (b->model != m) return ac_fail(m, ALECABLE_EHANDLE, "%s belongs to another model", arg);
    return ALECABLE_OK;
}

static int check_joint(const alecable_joint *j)
{
    if (!j) return ALECABLE_ENULL;
    if (j->magic != MAGIC_JOINT) return ALECABLE_EHANDLE;
    return ALECABLE_OK;
}

alecable_joint *joint_new(alecable_model *m, int kind, int count, int neq)
{
    alecable_joint *j = (alecable_joint *)ac_calloc(&m->alloc, 1, sizeof *j);
    if (!j) return NULL;
    j->magic = MAGIC_JOINT;
    j->model = m;
    j->kind = kind;
    j->ops = kind == JOINT_REVOLUTE || kind == JOINT_SPHERICAL || kind == JOINT_FIXED ? &joint_revolute_ops
             : kind == JOINT_CLAMP  ? &joint_clamp_ops
             : kind == JOINT_DRIVE  ? &joint_drive_ops
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
    m->dirty = 1;
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
    if ((st = check_body(m, b, "body"))) return st;
    if (!p) return ac_fail(m, ALECABLE_ENULL, "p is NULL");
    if (!ac_is_finite3(p)) return ac_fail(m, ALECABLE_EINVAL, "p has a NaN or infinite component");
    if (hold_s != 0 && hold_s != 1) return ac_fail(m, ALECABLE_EINVAL, "hold_s = %d must be 0 or 1", hold_s);
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

ALECABLE_API int alecable_pulley_wrap(alecable_joint **out, alecable_model *m, alecable_body *b,
                                      const alecable_pulley_params *p, int count, alecable_node *const nodes[],
                                      const double angles[])
{
    alecable_joint *j;
    double a[3], u[3], v[3], na, dir = 1.0;
    int st, i, k;
    if ((st = ac_check_model(m))) return st;
    if (out) *out = NULL;
    if ((st = check_body(m, b, "body"))) return st;
    if (!p || !nodes || !angles) return ac_fail(m, ALECABLE_ENULL, "params, nodes or angles is NULL");
    if (p->struct_size < sizeof *p)
        return ac_fail(m, ALECABLE_EINVAL, "params: struct_size %zu, call alecable_pulley_params_init", p->struct_size);
    if (!(p->radius > 0.0) || !isfinite(p->radius))
        return ac_fail(m, ALECABLE_EINVAL, "params.radius = %g must be finite and > 0", p->radius);
    if (!ac_is_finite3(p->centre) || !ac_is_finite3(p->axis) || !ac_is_finite3(p->ref))
        return ac_fail(m, ALECABLE_EINVAL, "params: centre, axis or ref has a NaN or infinite component");
    if (count < 1) return ac_fail(m, ALECABLE_EINVAL, "count = %d must be >= 1", count);
    na = sqrt(dot3v(p->axis, p->axis));
    if (!(na > 0.0)) return ac_fail(m, ALECABLE_EINVAL, "params.axis is zero");
    for (k = 0; k < 3; k++) a[k] = p->axis[k] / na;
    na = dot3v(p->ref, a);
    for (k = 0; k < 3; k++) u[k] = p->ref[k] - na * a[k];
    na = sqrt(dot3v(u, u));
    if (!(na > 1e-12 * sqrt(dot3v(p->ref, p->ref))) || !(na > 0.0))
        return ac_fail(m, ALECABLE_EINVAL, "params.ref is parallel to params.axis");
    for (k = 0; k < 3; k++) u[k] /= na;
    cross3(a, u, v);
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

/* Two bodies joined at a spatial point: a revolute (kind REVOLUTE, axis,
 * spring k), spherical or fixed joint (point and rotation equations of
 * rev_eval: 3 + 2, 3, 3 + 3) */
static int two_body_joint(alecable_joint **out, alecable_model *m, int kind, alecable_body *a, alecable_body *b,
                          const double point[3], const double axis[3], double k)
{
    alecable_joint *j;
    double RA[9], RB[9], ax[3], u[3], d[3], na;
    int st, i;
    if ((st = ac_check_model(m))) return st;
    if (out) *out = NULL;
    if ((st = check_body(m, a, "a")) || (st = check_body(m, b, "b"))) return st;
    if (a == b) return ac_fail(m, ALECABLE_EINVAL, "a and b are the same body: a joint needs two bodies");
    if (!point || !axis) return ac_fail(m, ALECABLE_ENULL, "point or axis is NULL");
    if (!ac_is_finite3(point) || !ac_is_finite3(axis))
        return ac_fail(m, ALECABLE_EINVAL, "point or axis has a NaN or infinite component");
    if (!(k >= 0.0) || !isfinite(k)) return ac_fail(m, ALECABLE_EINVAL, "k = %g must be finite and >= 0", k);
    na = sqrt(dot3v(axis, axis));
    if (!(na > 0.0)) return ac_fail(m, ALECABLE_EINVAL, "axis is zero");
    for (i = 0; i < 3; i++) ax[i] = axis[i] / na;
    /* a unit vector orthogonal to the axis */
    i = fabs(ax[0]) < 0.6 ? 0 : fabs(ax[1]) < 0.6 ? 1 : 2;
    d[0] = d[1] = d[2] = 0.0;
    d[i] = 1.0;
    cross3(ax, d, u);
    na = sqrt(dot3v(u, u));
    for (i = 0; i < 3; i++) u[i] /= na;
    if (!(j = joint_new(m, kind, 0, kind == JOINT_REVOLUTE ? 5 : kind == JOINT_FIXED ? 6 : 3)))
        return ac_fail(m, ALECABLE_ENOMEM, "out of memory");
    j->a = a;
    j->b = b;
    j->k = k;
    body_rotation(a, NULL, RA);
    body_rotation(b, NULL, RB);
    for (i = 0; i < 3; i++) d[i] = point[i] - a->node.q[i];
    rot_tmul(RA, d, j->pa);
    for (i = 0; i < 3; i++) d[i] = point[i] - b->node.q[i];
    rot_tmul(RB, d, j->pb);
    rot_tmul(RA, ax, j->axis_a);
    rot_tmul(RB, ax, j->axis_b);
    rot_tmul(RA, u, j->u_a);
    rot_tmul(RB, u, j->u_b);
    cross3(j->axis_a, j->u_a, j->w_a);
    cross3(j->axis_b, j->u_b, j->w_b);
    if ((st = joint_push(m, j, out))) return ac_fail(m, st, "out of memory");
    return ALECABLE_OK;
}

ALECABLE_API int alecable_revolute(alecable_joint **out, alecable_model *m, alecable_body *a, alecable_body *b,
                                   const double point[3], const double axis[3], double k)
{
    return two_body_joint(out, m, JOINT_REVOLUTE, a, b, point, axis, k);
}

ALECABLE_API int alecable_spherical(alecable_joint **out, alecable_model *m, alecable_body *a, alecable_body *b,
                                    const double point[3])
{
    static const double z[3] = {0.0, 0.0, 1.0};
    return two_body_joint(out, m, JOINT_SPHERICAL, a, b, point, z, 0.0);
}

ALECABLE_API int alecable_fixed_joint(alecable_joint **out, alecable_model *m, alecable_body *a, alecable_body *b,
                                      const double point[3])
{
    static const double z[3] = {0.0, 0.0, 1.0};
    return two_body_joint(out, m, JOINT_FIXED, a, b, point, z, 0.0);
}

/* ---- queries ---------------------------------------------------------------- */

ALECABLE_API int alecable_joint_equations(const alecable_joint *j, int *count)
{
    int st = check_joint(j);
    if (st) return st;
    if (!count) return ALECABLE_ENULL;
    *count = j->neq;
    return ALECABLE_OK;
}

ALECABLE_API int alecable_joint_multipliers(const alecable_joint *j, double *lambda)
{
    int st = check_joint(j);
    if (st) return st;
    if (!lambda) return ALECABLE_ENULL;
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
    int st = check_joint(j);
    if (st) return st;
    if (!N) return ALECABLE_ENULL;
    if (j->kind != JOINT_WRAP) return ac_fail(j->model, ALECABLE_EINVAL, "the joint is not a pulley wrap");
    if (i < 0 || i >= j->count) return ac_fail(j->model, ALECABLE_ERANGE, "i = %d: the wrap has %d nodes", i, j->count);
    wrap_frame(j, i, NULL, n, NULL);
    *N = -dot3v(j->lambda + 3 * i, n);
    return ALECABLE_OK;
}

/* ---- the bilinear form h = (R_A al).(R_B be) -------------------------------- */

typedef struct bilin {
    double h, gA[3], gB[3];       /* right-trivialized gradient */
    double JAA[9], JAB[9], JBA[9], JBB[9]; /* its derivative (rows: gradient, columns: increment) */
} bilin;

static void bilinear(const double RA[9], const double RB[9], const double al[3], const double be[3], bilin *o)
{
    double aS[3], bS[3], yA[3], yB[3], Al[9], Be[9], YA[9], YB[9], RAtRB[9], RBtRA[9], T[9], RAt[9], RBt[9];
    int i;
    rot_mul(RA, al, aS);
    rot_mul(RB, be, bS);
    rot_tmul(RA, bS, yA);
    rot_tmul(RB, aS, yB);
    o->h = dot3v(aS, bS);
    cross3(al, yA, o->gA);
    cross3(be, yB, o->gB);
    rot_hat(al, Al);
    rot_hat(be, Be);
    rot_hat(yA, YA);
    rot_hat(yB, YB);
    mat3_mul(Al, YA, o->JAA);
    mat3_mul(Be, YB, o->JBB);
    for (i = 0; i < 9; i++) {
        RAt[i] = RA[(i % 3) * 3 + i / 3];
        RBt[i] = RB[(i % 3) * 3 + i / 3];
    }
    mat3_mul(RAt, RB, RAtRB);
    mat3_mul(RBt, RA, RBtRA);
    mat3_mul(Al, RAtRB, T);
    mat3_mul(T, Be, o->JAB);
    mat3_mul(Be, RBtRA, T);
    mat3_mul(T, Al, o->JBA);
    for (i = 0; i < 9; i++) {
        o->JAB[i] = -o->JAB[i];
        o->JBA[i] = -o->JBA[i];
    }
}

/* spring angle, its gradient g (6: psi_A, psi_B) and the derivative J (6 x 6) */
static double spring_angle(const alecable_joint *j, const double RA[9], const double RB[9], double g[6], double J[36])
{
    bilin c, s;
    double gc[6], gs[6], Jc[36], Js[36], rho2, th;
    int a, b;
    bilinear(RA, RB, j->u_a, j->u_b, &c);
    bilinear(RA, RB, j->w_a, j->u_b, &s);
    th = atan2(s.h, c.h);
    if (!g) return th;
    for (a = 0; a < 3; a++) {
        gc[a] = c.gA[a];
        gc[3 + a] = c.gB[a];
        gs[a] = s.gA[a];
        gs[3 + a] = s.gB[a];
        for (b = 0; b < 3; b++) {
            Jc[a * 6 + b] = c.JAA[3 * a + b];
            Jc[a * 6 + 3 + b] = c.JAB[3 * a + b];
            Jc[(3 + a) * 6 + b] = c.JBA[3 * a + b];
            Jc[(3 + a) * 6 + 3 + b] = c.JBB[3 * a + b];
            Js[a * 6 + b] = s.JAA[3 * a + b];
            Js[a * 6 + 3 + b] = s.JAB[3 * a + b];
            Js[(3 + a) * 6 + b] = s.JBA[3 * a + b];
            Js[(3 + a) * 6 + 3 + b] = s.JBB[3 * a + b];
        }
    }
    rho2 = c.h * c.h + s.h * s.h;
    for (a = 0; a < 6; a++) g[a] = (c.h * gs[a] - s.h * gc[a]) / rho2;
    if (J)
        for (a = 0; a < 6; a++)
            for (b = 0; b < 6; b++)
                J[a * 6 + b] = (gs[a] * gc[b] - gc[a] * gs[b] + c.h * Js[a * 6 + b] - s.h * Jc[a * 6 + b]) / rho2 -
                               g[a] * (2.0 * c.h * gc[b] + 2.0 * s.h * gs[b]) / rho2;
    return th;
}

ALECABLE_API int alecable_revolute_state(const alecable_joint *j, double *angle, double *spring_moment)
{
    double RA[9], RB[9], th;
    int st = check_joint(j);
    if (st) return st;
    if (j->kind != JOINT_REVOLUTE) return ac_fail(j->model, ALECABLE_EINVAL, "the joint is not a revolute joint");
    body_rotation(j->a, NULL, RA);
    body_rotation(j->b, NULL, RB);
    th = spring_angle(j, RA, RB, NULL, NULL);
    if (angle) *angle = th;
    if (spring_moment) *spring_moment = -j->k * th;
    return ALECABLE_OK;
}

/* From b's equations: the joint's generalized force on b is -(G^T lambda)_b.
 * The point equations give the force lambda_p at the joint point; the axis
 * equations give the moment -sum lambda_k (R_B be_k) x (R_A a_A) in space. */
ALECABLE_API int alecable_revolute_reaction(const alecable_joint *j, double force[3], double moment[3])
{
    double RA[9], RB[9], aS[3], bS[3], c[3];
    int st = check_joint(j), k, i;
    if (st) return st;
    if (j->kind != JOINT_REVOLUTE && j->kind != JOINT_SPHERICAL && j->kind != JOINT_FIXED)
        return ac_fail(j->model, ALECABLE_EINVAL, "the joint is not a revolute, spherical or fixed joint");
    if (force) memcpy(force, j->lambda, 3 * sizeof(double));
    if (moment) { /* the rotation equations' pairs of rev_eval */
        const double *al[3] = {j->axis_a, j->axis_a, j->u_a}, *be[3] = {j->u_b, j->w_b, j->w_b};
        body_rotation(j->a, NULL, RA);
        body_rotation(j->b, NULL, RB);
        moment[0] = moment[1] = moment[2] = 0.0;
        for (k = 0; k < j->neq - 3; k++) {
            rot_mul(RA, al[k], aS);
            rot_mul(RB, be[k], bS);
            cross3(aS, bS, c);
            for (i = 0; i < 3; i++) moment[i] += j->lambda[3 + k] * c[i];
        }
    }
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

static void rev_dofs(const alecable_joint *j, int nq, int d[REV_MAX])
{
    int k;
    for (k = 0; k < 6; k++) {
        d[k] = j->a->node.dof0 + k;
        d[6 + k] = j->b->node.dof0 + k;
    }
    for (k = 0; k < j->neq; k++) d[12 + k] = nq + j->row0 + k;
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

static int rev_pattern(const alecable_joint *j, sp_builder *bld, int nq)
{
    int d[REV_MAX];
    rev_dofs(j, nq, d);
    return sp_builder_add_block(bld, d, 12 + j->neq);
}

static int all_found(const int *map, int n)
{
    int k;
    for (k = 0; k < n; k++)
        if (map[k] < 0) return -1;
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
    return all_found(j->map, j->count * UNIT * UNIT);
}

static int rev_maps(alecable_model *m, alecable_joint *j, const sp_pattern *p, int nq)
{
    int d[REV_MAX], nl = 12 + j->neq;
    j->map = (int *)ac_malloc(&m->alloc, (size_t)(nl * nl) * sizeof(int));
    if (!j->map) return -1;
    rev_dofs(j, nq, d);
    sp_block_map(p, d, nl, j->map);
    return all_found(j->map, nl * nl);
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

/* The damper (moment -c dtheta/dt about the axis) and the host's motor
 * (torque tau(t, theta, dtheta/dt) on b about the axis, -tau on a): with g
 * the angle's gradient in the bodies' increments (spring_angle) and J its
 * derivative along the update, dtheta/dt = g.(Omega_A, Omega_B) (body-frame
 * angular velocities, the increments' rates) and the generalized force is
 * (tau - c dtheta/dt) g.  Neither has a potential. */
static void rev_drive(const alecable_joint *j, double t, const double RA[9], const double RB[9], const double *v,
                      double rl[REV_MAX], double K[REV_MAX * REV_MAX], double cq, double cv)
{
    static const int off[6] = {3, 4, 5, 9, 10, 11};
    double g[6], J[36], W[6] = {0, 0, 0, 0, 0, 0}, dth[6], th = spring_angle(j, RA, RB, g, J), rate = 0.0, f;
    double tau = 0.0, dtau_th = 0.0, dtau_rate = 0.0;
    int a, b, nl = 12 + j->neq;
    if (v)
        for (a = 0; a < 3; a++) {
            W[a] = v[j->a->node.dof0 + 3 + a];
            W[3 + a] = v[j->b->node.dof0 + 3 + a];
        }
    for (a = 0; a < 6; a++) rate += g[a] * W[a];
    for (b = 0; b < 6; b++) { /* d rate / d q_b along the update */
        dth[b] = 0.0;
        for (a = 0; a < 6; a++) dth[b] += W[a] * J[a * 6 + b];
    }
    if (j->motor && j->motor(j->motor_user, t, th, rate, &tau, &dtau_th, &dtau_rate)) tau = NAN;
    f = tau - j->damping * rate; /* the generalized force's magnitude along g */
    for (a = 0; a < 6; a++) {
        rl[off[a]] -= f * g[a];
        for (b = 0; b < 6; b++) {
            double dfq = dtau_th * g[b] + (dtau_rate - j->damping) * dth[b];
            K[off[a] * nl + off[b]] -= cq * (dfq * g[a] + f * J[a * 6 + b]) + cv * (dtau_rate - j->damping) * g[a] * g[b];
        }
    }
}

static void rev_eval(const alecable_joint *j, double t, const double *q, const double *v, const double *lam, double *r,
                     int nq, double cq, double cv, double *values)
{
    const double *xa = q + j->a->node.dof0, *xb = q + j->b->node.dof0;
    double RA[9], RB[9], K[REV_MAX * REV_MAX], rl[REV_MAX], Ra[3], Rb[3];
    bilin h[3];
    int a, b, k, d[REV_MAX], nl = 12 + j->neq, nrot = j->neq - 3;
    rot_exp(xa + 3, RA);
    rot_exp(xb + 3, RB);
    memset(K, 0, sizeof K);
    memset(rl, 0, sizeof rl);
    rot_mul(RA, j->pa, Ra);
    rot_mul(RB, j->pb, Rb);
    /* point: g = x_A + R_A p_A - x_B - R_B p_B; G = [I, -R_A p_A^, -I, R_B p_B^] */
    {
        double PA[9], PB[9], GA[9], GB[9], y[3], Y[9], T[9];
        rot_hat(j->pa, PA);
        rot_hat(j->pb, PB);
        mat3_mul(RA, PA, GA);
        mat3_mul(RB, PB, GB);
        for (a = 0; a < 3; a++) {
            rl[12 + a] = xa[a] + Ra[a] - xb[a] - Rb[a];
            rl[a] += lam[a];
            rl[6 + a] -= lam[a];
            for (b = 0; b < 3; b++) {
                rl[3 + a] -= GA[3 * b + a] * lam[b];
                rl[9 + a] += GB[3 * b + a] * lam[b];
                K[(12 + a) * nl + 3 + b] = -GA[3 * a + b];
                K[(12 + a) * nl + 9 + b] = GB[3 * a + b];
                K[(3 + b) * nl + 12 + a] = -GA[3 * a + b];
                K[(9 + b) * nl + 12 + a] = GB[3 * a + b];
            }
            K[(12 + a) * nl + a] = 1.0;
            K[(12 + a) * nl + 6 + a] = -1.0;
            K[a * nl + 12 + a] = 1.0;
            K[(6 + a) * nl + 12 + a] = -1.0;
        }
        /* d/dpsi_A of (-R_A p_A^)^T lambda = p_A^ R_A^T lambda: p_A^ (R_A^T lambda)^ */
        rot_tmul(RA, lam, y);
        rot_hat(y, Y);
        mat3_mul(PA, Y, T);
        for (a = 0; a < 3; a++)
            for (b = 0; b < 3; b++) K[(3 + a) * nl + 3 + b] += cq * T[3 * a + b];
        rot_tmul(RB, lam, y);
        rot_hat(y, Y);
        mat3_mul(PB, Y, T);
        for (a = 0; a < 3; a++)
            for (b = 0; b < 3; b++) K[(9 + a) * nl + 9 + b] -= cq * T[3 * a + b];
    }
    /* rotations: h_k = (R_A a_A).(R_B u_B), (R_A a_A).(R_B w_B) keep the
     * axes aligned (revolute); (R_A u_A).(R_B w_B) also stops the turn about
     * them (fixed); none for a spherical joint */
    if (nrot > 0) bilinear(RA, RB, j->axis_a, j->u_b, &h[0]);
    if (nrot > 1) bilinear(RA, RB, j->axis_a, j->w_b, &h[1]);
    if (nrot > 2) bilinear(RA, RB, j->u_a, j->w_b, &h[2]);
    for (k = 0; k < nrot; k++) {
        double l = lam[3 + k];
        rl[15 + k] = h[k].h;
        for (a = 0; a < 3; a++) {
            rl[3 + a] += l * h[k].gA[a];
            rl[9 + a] += l * h[k].gB[a];
            K[(15 + k) * nl + 3 + a] = h[k].gA[a];
            K[(15 + k) * nl + 9 + a] = h[k].gB[a];
            K[(3 + a) * nl + 15 + k] = h[k].gA[a];
            K[(9 + a) * nl + 15 + k] = h[k].gB[a];
            for (b = 0; b < 3; b++) {
                K[(3 + a) * nl + 3 + b] += cq * l * h[k].JAA[3 * a + b];
                K[(3 + a) * nl + 9 + b] += cq * l * h[k].JAB[3 * a + b];
                K[(9 + a) * nl + 3 + b] += cq * l * h[k].JBA[3 * a + b];
                K[(9 + a) * nl + 9 + b] += cq * l * h[k].JBB[3 * a + b];
            }
        }
    }
    /* spring 1/2 k theta^2 */
    if (j->k > 0.0) {
        double g[6], J[36], th = spring_angle(j, RA, RB, g, J);
        static const int off[6] = {3, 4, 5, 9, 10, 11};
        for (a = 0; a < 6; a++) {
            rl[off[a]] += j->k * th * g[a];
            for (b = 0; b < 6; b++) K[off[a] * nl + off[b]] += cq * j->k * (g[a] * g[b] + th * J[a * 6 + b]);
        }
    }
    if (j->damping > 0.0 || j->motor) rev_drive(j, t, RA, RB, v, rl, K, cq, cv);
    if (r) {
        rev_dofs(j, nq, d);
        for (a = 0; a < 12; a++) r[d[a]] += rl[a];
        for (a = 12; a < nl; a++) r[d[a]] = rl[a];
    }
    if (values)
        for (a = 0; a < nl * nl; a++) values[j->map[a]] += K[a];
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

static void rev_joint_eval(const alecable_joint *j, double t, const double *q, const double *v, const double *lambda,
                           double *r, int nq, double cq, double cv, double *values)
{
    rev_eval(j, t, q, v, lambda + j->row0, r, nq, cq, cv, values);
}

static double rev_energy(const alecable_joint *j, const double *q)
{
    double RA[9], RB[9], th;
    if (j->k == 0.0) return 0.0;
    body_rotation(j->a, q, RA);
    body_rotation(j->b, q, RB);
    th = spring_angle(j, RA, RB, NULL, NULL);
    return 0.5 * j->k * th * th;
}

/* Constraint rates (problem.h: gdot = dg/dt, gamma = d2g/dt2 - G a) with
 * the bodies' velocities, the origin's v in space and Omega in the body
 * frame, so that d(R p)/dt = R (Omega x p) and the part of d2(R p)/dt2
 * that the accelerations do not carry is R (Omega x (Omega x p)). */

/* R (W x p) and R (W x (W x p)) */
static void body_point_rates(const double R[9], const double W[3], const double p[3], double d1[3], double d2[3])
{
    double wp[3], wwp[3];
    cross3(W, p, wp);
    cross3(W, wp, wwp);
    rot_mul(R, wp, d1);
    rot_mul(R, wwp, d2);
}

static const double *omega_of(const alecable_body *b, const double *v) { return v + b->node.dof0 + 3; }

/* a node held on a body point (attach, wrap): g = x_n - x_b - R p */
static void unit_rates(const alecable_joint *j, double t, const double *q, const double *v, double *gdot,
                       double *gamma)
{
    double R[9], d1[3], d2[3];
    int i, k;
    (void)t;
    body_rotation(j->b, q, R);
    for (i = 0; i < j->count; i++) {
        const double *vn = v + j->nodes[i]->dof0, *vb = v + j->b->node.dof0;
        body_point_rates(R, omega_of(j->b, v), j->pts + 3 * i, d1, d2);
        for (k = 0; k < 3; k++) {
            gdot[j->row0 + 3 * i + k] = vn[k] - vb[k] - d1[k];
            gamma[j->row0 + 3 * i + k] = -d2[k];
        }
    }
}

/* the rates of h = (R_A al).(R_B be): with a1 = R_A (W_A x al), a2 = R_A
 * (W_A x (W_A x al)) and the same for B,
 *     dh/dt = a1.(R_B be) + (R_A al).b1,  gamma = a2.(R_B be) + 2 a1.b1 + (R_A al).b2 */
static void bilinear_rates(const double RA[9], const double RB[9], const double WA[3], const double WB[3],
                           const double al[3], const double be[3], double *hd, double *hg)
{
    double a0[3], b0[3], a1[3], a2[3], b1[3], b2[3];
    rot_mul(RA, al, a0);
    rot_mul(RB, be, b0);
    body_point_rates(RA, WA, al, a1, a2);
    body_point_rates(RB, WB, be, b1, b2);
    *hd = dot3v(a1, b0) + dot3v(a0, b1);
    *hg = dot3v(a2, b0) + 2.0 * dot3v(a1, b1) + dot3v(a0, b2);
}

/* revolute, spherical, fixed: the point, then the rotation pairs of rev_eval */
static void rev_rates(const alecable_joint *j, double t, const double *q, const double *v, double *gdot,
                      double *gamma)
{
    const double *al[3] = {j->axis_a, j->axis_a, j->u_a}, *be[3] = {j->u_b, j->w_b, j->w_b};
    const double *WA = omega_of(j->a, v), *WB = omega_of(j->b, v), *va = v + j->a->node.dof0, *vb = v + j->b->node.dof0;
    double RA[9], RB[9], a1[3], a2[3], b1[3], b2[3];
    int k;
    (void)t;
    body_rotation(j->a, q, RA);
    body_rotation(j->b, q, RB);
    body_point_rates(RA, WA, j->pa, a1, a2);
    body_point_rates(RB, WB, j->pb, b1, b2);
    for (k = 0; k < 3; k++) {
        gdot[j->row0 + k] = va[k] + a1[k] - vb[k] - b1[k];
        gamma[j->row0 + k] = a2[k] - b2[k];
    }
    for (k = 0; k < j->neq - 3; k++)
        bilinear_rates(RA, RB, WA, WB, al[k], be[k], &gdot[j->row0 + 3 + k], &gamma[j->row0 + 3 + k]);
}

const joint_ops joint_unit_ops = {unit_pattern, unit_maps, unit_joint_eval, NULL, unit_rates, NULL};
const joint_ops joint_revolute_ops = {rev_pattern, rev_maps, rev_joint_eval, rev_energy, rev_rates, NULL};

ALECABLE_API int alecable_revolute_set_damping(alecable_joint *j, double c)
{
    int st = check_joint(j);
    if (st) return st;
    if (j->kind != JOINT_REVOLUTE) return ac_fail(j->model, ALECABLE_EINVAL, "the joint is not a revolute joint");
    if (!(isfinite(c) && c >= 0.0)) return ac_fail(j->model, ALECABLE_EINVAL, "c = %g must be finite and >= 0", c);
    j->damping = c;
    return ALECABLE_OK;
}

ALECABLE_API int alecable_revolute_set_motor(alecable_joint *j, alecable_torque_fn fn, void *user)
{
    int st = check_joint(j);
    if (st) return st;
    if (j->kind != JOINT_REVOLUTE) return ac_fail(j->model, ALECABLE_EINVAL, "the joint is not a revolute joint");
    j->motor = fn;
    j->motor_user = user;
    return ALECABLE_OK;
}
