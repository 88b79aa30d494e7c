/* Fixed, prescribed and general linear constraints. */
#include "constraints.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

static int add_constraint(alecable_constraint **out, alecable_model *m, int kind, int count,
                          alecable_node *const nodes[], const int dofs[], const double coef[],
                          double rhs, double rate)
{
    alecable_constraint *k;
    int st;
    k = (alecable_constraint *)ac_calloc(&m->alloc, 1, sizeof *k);
    if (!k) return ac_fail(m, ALECABLE_ENOMEM, "out of memory");
    k->nodes = (alecable_node **)ac_calloc(&m->alloc, (size_t)count, sizeof *k->nodes);
    k->ndof = (int *)ac_calloc(&m->alloc, (size_t)count, sizeof *k->ndof);
    k->coef = (double *)ac_calloc(&m->alloc, (size_t)count, sizeof *k->coef);
    k->dofs = (int *)ac_calloc(&m->alloc, (size_t)count, sizeof *k->dofs);
    k->map_gt = (int *)ac_calloc(&m->alloc, (size_t)count, sizeof *k->map_gt);
    k->map_g = (int *)ac_calloc(&m->alloc, (size_t)count, sizeof *k->map_g);
    if (!k->nodes || !k->ndof || !k->coef || !k->dofs || !k->map_gt || !k->map_g) {
        st = ac_fail(m, ALECABLE_ENOMEM, "out of memory");
        goto fail;
    }
    k->magic = MAGIC_CONSTRAINT;
    k->model = m;
    k->kind = kind;
    k->count = count;
    memcpy(k->nodes, nodes, (size_t)count * sizeof *nodes);
    memcpy(k->ndof, dofs, (size_t)count * sizeof *dofs);
    memcpy(k->coef, coef, (size_t)count * sizeof *coef);
    k->rhs = rhs;
    k->rhs_rate = rate;
    k->row = -1;
    if ((st = ac_list_push(m, &m->constraints, k))) goto fail;
    ac_model_changed(m, kind == CON_FIX ? "a fix was added" : "a constraint was added");
    if (out) *out = k;
    return ALECABLE_OK;
fail:
    con_free(m, k);
    return st;
}

void con_free(alecable_model *m, alecable_constraint *k)
{
    ac_free(&m->alloc, k->nodes);
    ac_free(&m->alloc, k->ndof);
    ac_free(&m->alloc, k->coef);
    ac_free(&m->alloc, k->dofs);
    ac_free(&m->alloc, k->map_gt);
    ac_free(&m->alloc, k->map_g);
    k->magic = 0;
    ac_free(&m->alloc, k);
}

static int check_dof(alecable_model *m, const alecable_node *n, int dof, const char *arg)
{
    if (n->sidx >= 0 && !ac_node_is_se3(n) && dof >= ALECABLE_DOF_RX && dof <= ALECABLE_DOF_RZ)
        return ac_fail(m, ALECABLE_ERANGE, "%s = %d (ALECABLE_DOF_R%c) is a rigid body's rotation: a cable node has "
                       "none%s", arg, dof, "XYZ"[dof - ALECABLE_DOF_RX],
                       n->ndof == 8 ? " (a Kirchhoff node's roll is ALECABLE_DOF_ROLL)" : "");
    if (ac_node_local_dof(n, dof) < 0)
        return ac_fail(m, ALECABLE_ERANGE, "%s = %d: the node has no such degree of freedom (0..%d)",
                       arg, dof, n->ndof - 1);
    return ALECABLE_OK;
}

/* A dof held twice makes the constraints dependent (a singular matrix at the
 * first solve): refused at the second hold, naming the first. */
static int check_not_held(alecable_model *m, const alecable_node *n, int dof)
{
    int i;
    for (i = 0; i < m->constraints.n; i++) {
        const alecable_constraint *k = (const alecable_constraint *)m->constraints.p[i];
        if (k->kind != CON_LINEAR && k->nodes[0] == n && k->ndof[0] == dof)
            return ac_fail(m, ALECABLE_EINVAL,
                           "dof = %d of this node is already held by constraint %d (%s): holding it twice makes "
                           "the constraints dependent", dof, i,
                           k->kind == CON_FIX ? "alecable_fix" : k->kind == CON_PRESCRIBE ? "alecable_prescribe"
                                                                                          : "alecable_prescribe_motion");
    }
    if ((i = ac_joint_holding(m, n, dof)) >= 0)
        return ac_fail(m, ALECABLE_EINVAL, "dof = %d of this node is already held by joint %d (a clamp): holding "
                       "it twice makes the constraints dependent", dof, i);
    return ALECABLE_OK;
}

static int single(alecable_constraint **out, alecable_model *m, alecable_node *n, int dof,
                  double delta, int kind)
{
    int st;
    double one = 1.0;
    if ((st = ac_check_model(m))) return st;
    if (out) *out = NULL;
    if ((st = ac_check_node(m, n, "node"))) return st;
    if ((st = check_dof(m, n, dof, "dof")) || (st = check_not_held(m, n, dof))) return st;
    if (!isfinite(delta)) return ac_fail(m, ALECABLE_EINVAL, "delta = %g is not finite", delta);
    return add_constraint(out, m, kind, 1, &n, &dof, &one, n->q[ac_node_local_dof(n, dof)], delta);
}

ALECABLE_API int alecable_fix(alecable_constraint **out, alecable_model *m, alecable_node *n, int dof)
{
    return single(out, m, n, dof, 0.0, CON_FIX);
}

ALECABLE_API int alecable_prescribe(alecable_constraint **out, alecable_model *m, alecable_node *n,
                                    int dof, double delta)
{
    return single(out, m, n, dof, delta, CON_PRESCRIBE);
}

ALECABLE_API int alecable_prescribe_motion(alecable_constraint **out, alecable_model *m, alecable_node *n,
                                           int dof, alecable_motion_fn fn, void *user)
{
    alecable_constraint *k = NULL;
    int st;
    double one = 1.0;
    if ((st = ac_check_model(m))) return st;
    if (out) *out = NULL;
    if ((st = ac_check_node(m, n, "node"))) return st;
    if ((st = check_dof(m, n, dof, "dof")) || (st = check_not_held(m, n, dof))) return st;
    if (!fn) return ac_fail(m, ALECABLE_ENULL, "fn is NULL");
    if ((st = add_constraint(&k, m, CON_MOTION, 1, &n, &dof, &one, 0.0, 0.0))) return st;
    k->motion = fn;
    k->motion_user = user;
    if (out) *out = k;
    return ALECABLE_OK;
}

/* b(t) and its derivatives of a constraint's right-hand side */
static void rhs_of(const alecable_constraint *k, double t, double *b, double *bd, double *bdd)
{
    if (k->kind == CON_MOTION) {
        double v = 0, r = 0, a = 0;
        /* a failing callback fails the evaluation (ALECABLE_ECALLBACK, named) */
        int rc = k->motion(k->motion_user, t, &v, &r, &a);
        if (rc) {
            ac_callback_failed(k->model, rc, t, "constraint %d: the motion callback",
                               ac_list_index(&k->model->constraints, k));
            v = r = a = NAN;
        }
        *b = v;
        *bd = r;
        *bdd = a;
        return;
    }
    *b = k->rhs + t * k->rhs_rate;
    *bd = k->rhs_rate;
    *bdd = 0.0;
}

ALECABLE_API int alecable_linear_constraint(alecable_constraint **out, alecable_model *m, int count,
                                            alecable_node *const nodes[], const int dofs[],
                                            const double coef[], double rhs, double rhs_rate)
{
    int st, i, nonzero = 0;
    char arg[32];
    if ((st = ac_check_model(m))) return st;
    if (out) *out = NULL;
    if (count < 1) return ac_fail(m, ALECABLE_EINVAL, "count = %d must be >= 1", count);
    if (count > AC_MAX_ELEMENTS) /* its pattern entries are counted in int */
        return ac_fail(m, ALECABLE_EINVAL, "count = %d: more terms than a model's pattern indexes (%d)", count,
                       AC_MAX_ELEMENTS);
    if (!nodes || !dofs || !coef)
        return ac_fail(m, ALECABLE_ENULL, "%s is NULL", !nodes ? "nodes" : !dofs ? "dofs" : "coef");
    if (!isfinite(rhs) || !isfinite(rhs_rate)) return ac_fail(m, ALECABLE_EINVAL, "rhs or rhs_rate is not finite");
    for (i = 0; i < count; i++) {
        snprintf(arg, sizeof arg, "nodes[%d]", i);
        if ((st = ac_check_node(m, nodes[i], arg))) return st;
        snprintf(arg, sizeof arg, "dofs[%d]", i);
        if ((st = check_dof(m, nodes[i], dofs[i], arg))) return st;
        if (!isfinite(coef[i])) return ac_fail(m, ALECABLE_EINVAL, "coef[%d] is not finite", i);
        if (coef[i] != 0.0) nonzero = 1;
    }
    if (!nonzero) return ac_fail(m, ALECABLE_EINVAL, "coef: all coefficients are zero");
    return add_constraint(out, m, CON_LINEAR, count, nodes, dofs, coef, rhs, rhs_rate);
}

ALECABLE_API int alecable_constraint_multiplier(const alecable_constraint *k, double *lambda)
{
    if (!k) return ALECABLE_ENULL;
    if (k->magic != MAGIC_CONSTRAINT) return ALECABLE_EHANDLE;
    if (!lambda) return ac_fail(k->model, ALECABLE_ENULL, "lambda is NULL");
    *lambda = k->lambda;
    return ALECABLE_OK;
}

void con_number(alecable_constraint *k)
{
    int i;
    for (i = 0; i < k->count; i++) k->dofs[i] = k->nodes[i]->dof0 + ac_node_local_dof(k->nodes[i], k->ndof[i]);
}

int con_pattern(const alecable_constraint *k, sp_builder *b, int nq)
{
    int i, st = 0;
    for (i = 0; i < k->count && !st; i++) {
        st = sp_builder_add(b, k->dofs[i], nq + k->row);
        if (!st) st = sp_builder_add(b, nq + k->row, k->dofs[i]);
    }
    return st;
}

int con_maps(alecable_model *m, alecable_constraint *k, const sp_pattern *p, int nq)
{
    int i;
    (void)m;
    for (i = 0; i < k->count; i++) {
        k->map_gt[i] = sp_find(p, k->dofs[i], nq + k->row);
        k->map_g[i] = sp_find(p, nq + k->row, k->dofs[i]);
        if (k->map_gt[i] < 0 || k->map_g[i] < 0) return -1;
    }
    return 0;
}

void con_residual(const alecable_constraint *k, const double *q, const double *lambda, double t,
                  double *r, int nq)
{
    int i;
    double b, bd, bdd, g;
    double lam = lambda ? lambda[k->row] : 0.0;
    rhs_of(k, t, &b, &bd, &bdd);
    g = -b;
    for (i = 0; i < k->count; i++) {
        g += k->coef[i] * q[k->dofs[i]];
        r[k->dofs[i]] += k->coef[i] * lam;
    }
    r[nq + k->row] = g;
}

void con_jacobian(const alecable_constraint *k, double *values)
{
    int i;
    for (i = 0; i < k->count; i++) {
        values[k->map_gt[i]] += k->coef[i];
        values[k->map_g[i]] += k->coef[i];
    }
}

int con_single_dof(const alecable_constraint *k) { return k->count == 1; }

/* g = sum c q - b(t) is linear in q: gdot = sum c v - b', gamma = -b'' */
void con_rates(const alecable_constraint *k, double t, const double *v, double *gdot, double *gamma)
{
    int i;
    double b, bd, bdd, gd;
    rhs_of(k, t, &b, &bd, &bdd);
    gd = -bd;
    for (i = 0; i < k->count; i++) gd += k->coef[i] * v[k->dofs[i]];
    gdot[k->row] = gd;
    gamma[k->row] = -bdd;
}
