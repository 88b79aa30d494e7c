/* Making and reading friction joints (contact.h): sleeves, stick/slip on a
 * pulley wrap or in an eyelet.  Every argument is checked before the model
 * is touched. */
#include "contact.h"
#include "../bodies/bodies.h"
#include "../bodies/rotation.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

ALECABLE_API void alecable_friction_params_init(alecable_friction_params *p)
{
    if (!p) return;
    memset(p, 0, sizeof *p);
    p->struct_size = sizeof *p;
    p->augmentation = 0.01;
}

ALECABLE_API void alecable_sleeve_params_init(alecable_sleeve_params *p)
{
    if (!p) return;
    memset(p, 0, sizeof *p);
    p->struct_size = sizeof *p;
    alecable_friction_params_init(&p->friction);
}

ALECABLE_API void alecable_contact_init(alecable_contact *c)
{
    if (!c) return;
    memset(c, 0, sizeof *c);
    c->struct_size = sizeof *c;
}

/* holder: the body that holds the nodes (NULL: space) */
static int check_friction_params(alecable_model *m, const alecable_friction_params *p, const char *arg,
                                 const alecable_body *holder)
{
    int st;
    if (!p) return ac_fail(m, ALECABLE_ENULL, "%s is NULL", arg);
    if (p->struct_size < sizeof *p)
        return ac_fail(m, ALECABLE_EINVAL, "%s: struct_size %zu, call alecable_friction_params_init", arg,
                       p->struct_size);
    if (!(p->mu >= 0.0) || !isfinite(p->mu)) return ac_fail(m, ALECABLE_EINVAL, "%s.mu = %g must be finite and >= 0", arg, p->mu);
    if (!(p->augmentation > 0.0) || !isfinite(p->augmentation))
        return ac_fail(m, ALECABLE_EINVAL, "%s.augmentation = %g must be finite and > 0", arg, p->augmentation);
    if (p->surface) {
        char name[64];
        snprintf(name, sizeof name, "%s.surface", arg);
        if ((st = body_check(m, p->surface, name))) return st;
        if (p->surface == holder)
            return ac_fail(m, ALECABLE_EINVAL,
                           "%s.surface is the body that holds the nodes: leave it NULL (the holder's surface is the "
                           "default)", arg);
    }
    return ALECABLE_OK;
}

/* Is node n a contact of a friction joint already? */
static int in_friction(const alecable_model *m, const alecable_node *n)
{
    int i, k;
    for (i = 0; i < m->joints.n; i++) {
        const alecable_joint *j = (const alecable_joint *)m->joints.p[i];
        if (j->kind != JOINT_FRICTION) continue;
        for (k = 0; k < fr_of(j)->count; k++)
            if (fr_of(j)->c[k].node == n) return 1;
    }
    return 0;
}

/* A node can take a contact: a cable node of an ALE cable, s free, in no
 * other contact */
static int check_contact_node(alecable_model *m, const alecable_node *n, int i)
{
    int st = ac_check_node(m, n, "node");
    if (st) return st;
    if (!n->cable) return ac_fail(m, ALECABLE_EINVAL, "contact %d: a body's node has no material flow", i);
    if (n->cable->lagrangian)
        return ac_fail(m, ALECABLE_EINVAL, "contact %d: node %d is on a Lagrangian cable, whose material does not flow",
                       i, n->index);
    if (!ac_node_s_is_free(m, n))
        return ac_fail(m, ALECABLE_EINVAL, "contact %d: the s of node %d is held (no flow to resist)", i, n->index);
    if (in_friction(m, n)) return ac_fail(m, ALECABLE_EINVAL, "contact %d: node %d has a friction contact already", i, n->index);
    return ALECABLE_OK;
}

/* epsilon = scale EA / l, l the shorter material length of the node's elements */
static double default_eps(const alecable_node *n, double scale)
{
    const alecable_cable *cb = n->cable;
    double l = INFINITY, EA = cb->section.E * cb->section.A;
    if (ac_node_left(n)) l = fabs(node_s(n) - node_s(ac_node_left(n)->a));
    if (ac_node_right(n) && fabs(node_s(ac_node_right(n)->b) - node_s(n)) < l)
        l = fabs(node_s(ac_node_right(n)->b) - node_s(n));
    return scale * EA / (l > 0.0 && isfinite(l) ? l : 1.0);
}

/* the cable's unit tangent at node n (towards increasing s): r' where the
 * node has one, else the mean direction of its elements */
static void node_tangent(const alecable_node *n, double t[3])
{
    double nt;
    int k;
    if (n->ndof >= 7 && !ac_node_is_se3(n)) memcpy(t, n->q + 3, 3 * sizeof(double));
    else {
        const alecable_element *l = ac_node_left(n), *r = ac_node_right(n);
        const alecable_node *a = l ? l->a : n, *b = r ? r->b : n;
        for (k = 0; k < 3; k++) t[k] = b->q[k] - a->q[k];
    }
    nt = sqrt(dot3v(t, t));
    for (k = 0; k < 3; k++) t[k] = nt > 0.0 ? t[k] / nt : 0.0;
}

static double dist3(const double *a, const double *b)
{
    double d[3] = {a[0] - b[0], a[1] - b[1], a[2] - b[2]};
    return sqrt(dot3v(d, d));
}

/* a friction joint of count contacts on body b (NULL: space) */
static alecable_joint *fr_new(alecable_model *m, alecable_body *b, int mode, const alecable_friction_params *p,
                              int count)
{
    alecable_joint *j = joint_new(m, JOINT_FRICTION, 0, count);
    fr_data *d;
    if (!j) return NULL;
    j->ext = ac_calloc(&m->alloc, 1, sizeof(fr_data) + (size_t)count * sizeof(fr_contact));
    if (!j->ext) {
        joint_free(m, j);
        return NULL;
    }
    d = fr_of(j);
    d->mode = mode;
    d->mu = p->mu;
    d->surface = p->surface;
    d->count = count;
    d->hist[FJ_T] = m->t;
    j->b = b;
    return j;
}

/* contact i of j at node n: the history's start and epsilon */
static fr_contact *fr_contact_at(alecable_joint *j, int i, alecable_node *n, double aug)
{
    fr_contact *c = fr_of(j)->c + i;
    c->node = n;
    c->eps = default_eps(n, aug);
    c->hist[FH_S] = node_s(n);
    c->hist[FH_STATE] = ALECABLE_CONTACT_STICK;
    return c;
}

/* the turning surfaces' history, once every contact has its tangent */
static void surfaces_start(alecable_joint *j)
{
    int i;
    for (i = 0; i < fr_of(j)->count; i++) fr_surface_start(j, fr_of(j)->c + i, NULL);
}

/* its tangent t0 from the cable's tangent at creation, in the joint's frame */
static void tangent_from_cable(const alecable_joint *j, fr_contact *c)
{
    double t[3];
    node_tangent(c->node, t);
    if (j->b) {
        double R[9];
        body_rotation(j->b, NULL, R);
        rot_tmul(R, t, c->t0);
    } else
        memcpy(c->t0, t, sizeof c->t0);
}

ALECABLE_API int alecable_sleeve(alecable_joint **out, alecable_model *m, const alecable_sleeve_params *p, int count,
                                 alecable_node *const nodes[])
{
    alecable_joint *j;
    int st, i, k;
    if ((st = ac_check_model(m))) return st;
    if (out) *out = NULL;
    if (!p || !nodes) return ac_fail(m, ALECABLE_ENULL, "params or nodes is NULL");
    if (p->struct_size < sizeof *p)
        return ac_fail(m, ALECABLE_EINVAL, "params: struct_size %zu, call alecable_sleeve_params_init", p->struct_size);
    if (p->body && (st = body_check(m, p->body, "params.body"))) return st;
    if (!(p->pressure >= 0.0) || !isfinite(p->pressure))
        return ac_fail(m, ALECABLE_EINVAL, "params.pressure = %g must be finite and >= 0", p->pressure);
    if (p->normal_from_reaction != 0 && p->normal_from_reaction != 1)
        return ac_fail(m, ALECABLE_EINVAL, "params.normal_from_reaction = %d must be 0 or 1", p->normal_from_reaction);
    if ((st = check_friction_params(m, &p->friction, "params.friction", p->body))) return st;
    if (count < 1) return ac_fail(m, ALECABLE_EINVAL, "count = %d must be >= 1", count);
    if (count > AC_MAX_ELEMENTS + 1)
        return ac_fail(m, ALECABLE_EINVAL, "count = %d: more nodes than a model holds (%d)", count, AC_MAX_ELEMENTS + 1);
    for (i = 0; i < count; i++) {
        if ((st = check_contact_node(m, nodes[i], i))) return st;
        if (nodes[i]->cable != nodes[0]->cable)
            return ac_fail(m, ALECABLE_EINVAL, "nodes[%d] is not on the cable of nodes[0]: a sleeve holds one cable", i);
        for (k = 0; k < i; k++)
            if (nodes[k] == nodes[i]) return ac_fail(m, ALECABLE_EINVAL, "nodes[%d] repeats nodes[%d]", i, k);
        for (k = 0; k < 3; k++)
            if (ac_node_dof_constrained(m, nodes[i], ALECABLE_DOF_X + k))
                return ac_fail(m, ALECABLE_EINVAL, "nodes[%d]: its position is constrained already; the sleeve holds it",
                               i);
    }
    if (!(j = fr_new(m, p->body, p->normal_from_reaction ? FR_ACROSS : FR_GIVEN, &p->friction, count)))
        return ac_fail(m, ALECABLE_ENOMEM, "out of memory");
    for (i = 0; i < count; i++) {
        alecable_node *n = nodes[i];
        const alecable_cable *cb = n->cable;
        fr_contact *c = fr_contact_at(j, i, n, p->friction.augmentation);
        double l = 0.0;
        tangent_from_cable(j, c);
        if (n->index > 0) l += 0.5 * dist3(n->q, cb->nodes[n->index - 1]->q);
        if (n->index + 1 < cb->n_nodes) l += 0.5 * dist3(n->q, cb->nodes[n->index + 1]->q);
        c->fn = p->pressure * l;
    }
    surfaces_start(j);
    if ((st = joint_push(m, j, NULL))) return ac_fail(m, st, "out of memory");
    /* the holds, made once nothing can be refused */
    for (i = 0; i < count && !st; i++) {
        fr_contact *c = fr_of(j)->c + i;
        if (p->body) {
            double R[9], x[3], pb[3];
            alecable_joint *h = NULL;
            body_rotation(p->body, NULL, R);
            for (k = 0; k < 3; k++) x[k] = c->node->q[k] - p->body->node.q[k];
            rot_tmul(R, x, pb);
            st = alecable_attach(&h, m, c->node, p->body, pb, 0);
            c->hj = h;
            c->hunit = 0;
        } else
            for (k = 0; k < 3 && !st; k++) {
                alecable_constraint *h = NULL;
                st = alecable_fix(&h, m, c->node, ALECABLE_DOF_X + k);
                c->hc[k] = h;
            }
    }
    if (st) return st;
    if (out) *out = j;
    return ALECABLE_OK;
}

ALECABLE_API int alecable_wrap_friction(alecable_joint **out, alecable_model *m, alecable_joint *wrap,
                                        const alecable_friction_params *p)
{
    alecable_joint *j;
    int st, i, n, sheave = 0;
    if ((st = ac_check_model(m))) return st;
    if (out) *out = NULL;
    if (wrap && wrap->magic == MAGIC_JOINT && wrap->model == m && wrap->kind == JOINT_SHEAVE) {
        sheave = 1;
        if (p && p->struct_size >= sizeof *p && p->surface)
            return ac_fail(m, ALECABLE_EINVAL, "params.surface: a sheave's nodes slide on its own body; leave it NULL");
    } else if ((st = joint_check_kind(m, wrap, JOINT_WRAP, "wrap", "a pulley wrap or a sheave")))
        return st;
    if ((st = check_friction_params(m, p, "params", wrap->b))) return st;
    n = wrap->count - 2;
    if (n < 1) return ac_fail(m, ALECABLE_EINVAL, "the wrap has %d nodes: friction acts on interior ones (3 at least)", wrap->count);
    for (i = 0; i < m->loads.n; i++) {
        const alecable_load *l = (const alecable_load *)m->loads.p[i];
        if (l->kind == LOAD_PULLEY_FRICTION && l->joint == wrap)
            return ac_fail(m, ALECABLE_EINVAL, "the wrap has slip friction (alecable_pulley_friction) already");
    }
    for (i = 0; i < n; i++)
        if ((st = check_contact_node(m, wrap->nodes[i + 1], i))) return st;
    if (!(j = fr_new(m, wrap->b, sheave ? FR_SHEAVE : FR_WRAP, p, n)))
        return ac_fail(m, ALECABLE_ENOMEM, "out of memory");
    for (i = 0; i < n; i++) {
        fr_contact *c = fr_contact_at(j, i, wrap->nodes[i + 1], p->augmentation);
        if (!sheave) { /* a sheave's frame follows its node (contact.c) */
            memcpy(c->t0, wrap->tangent + 3 * (i + 1), sizeof c->t0);
            memcpy(c->n0, wrap->normal + 3 * (i + 1), sizeof c->n0);
        }
        c->hj = wrap;
        c->hunit = i + 1;
    }
    surfaces_start(j);
    if ((st = joint_push(m, j, out))) return ac_fail(m, st, "out of memory");
    if (sheave) wrap->friction_users++;
    return ALECABLE_OK;
}

ALECABLE_API int alecable_eyelet_friction(alecable_joint **out, alecable_model *m, alecable_joint *eyelet,
                                          const alecable_friction_params *p)
{
    alecable_joint *j;
    fr_contact *c;
    int st;
    if ((st = ac_check_model(m))) return st;
    if (out) *out = NULL;
    if ((st = joint_check_kind(m, eyelet, JOINT_ATTACH, "eyelet", "an alecable_attach joint"))) return st;
    if ((st = check_friction_params(m, p, "params", eyelet->b))) return st;
    if ((st = check_contact_node(m, eyelet->nodes[0], 0))) return st;
    if (!(j = fr_new(m, eyelet->b, FR_ACROSS, p, 1))) return ac_fail(m, ALECABLE_ENOMEM, "out of memory");
    c = fr_contact_at(j, 0, eyelet->nodes[0], p->augmentation);
    tangent_from_cable(j, c);
    c->hj = eyelet;
    surfaces_start(j);
    if ((st = joint_push(m, j, out))) return ac_fail(m, st, "out of memory");
    return ALECABLE_OK;
}

/* Is k one of alecable_seabed_touchdown()'s bottom rows: n . x of one
 * cable node (its three coordinates, a unit n)? */
static int is_bottom_row(const alecable_constraint *k)
{
    int i;
    if (k->kind != CON_LINEAR || k->count != 3 || !k->nodes[0]->cable) return 0;
    for (i = 0; i < 3; i++)
        if (k->nodes[i] != k->nodes[0] || k->ndof[i] != ALECABLE_DOF_X + i) return 0;
    return fabs(dot3v(k->coef, k->coef) - 1.0) < 1e-12;
}

ALECABLE_API int alecable_seabed_friction(alecable_joint **out, alecable_model *m, alecable_constraint *const bottom[],
                                          int count, const alecable_friction_params *p)
{
    alecable_joint *j;
    int st, i, k;
    if ((st = ac_check_model(m))) return st;
    if (out) *out = NULL;
    if (!bottom) return ac_fail(m, ALECABLE_ENULL, "bottom is NULL");
    if ((st = check_friction_params(m, p, "params", NULL))) return st;
    if (p->surface)
        return ac_fail(m, ALECABLE_EINVAL, "params.surface: the seabed is the ground's; leave it NULL");
    if (count < 1) return ac_fail(m, ALECABLE_EINVAL, "count = %d must be >= 1", count);
    if (count > AC_MAX_ELEMENTS + 1)
        return ac_fail(m, ALECABLE_EINVAL, "count = %d: more nodes than a model holds (%d)", count, AC_MAX_ELEMENTS + 1);
    for (i = 0; i < count; i++) {
        const alecable_constraint *b = bottom[i];
        double t[3], tn;
        if (!b) return ac_fail(m, ALECABLE_ENULL, "bottom[%d] is NULL", i);
        if (b->magic != MAGIC_CONSTRAINT || b->model != m)
            return ac_fail(m, ALECABLE_EHANDLE, "bottom[%d] is not a constraint of this model", i);
        if (!is_bottom_row(b))
            return ac_fail(m, ALECABLE_EINVAL, "bottom[%d] is not a seabed row of alecable_seabed_touchdown()", i);
        if ((st = check_contact_node(m, b->nodes[0], i))) return st;
        for (k = 0; k < i; k++)
            if (bottom[k] == b) return ac_fail(m, ALECABLE_EINVAL, "bottom[%d] repeats bottom[%d]", i, k);
        node_tangent(b->nodes[0], t);
        tn = dot3v(t, b->coef);
        for (k = 0; k < 3; k++) t[k] -= tn * b->coef[k];
        if (!(dot3v(t, t) > 1e-12))
            return ac_fail(m, ALECABLE_EINVAL, "bottom[%d]: the cable at node %d is normal to the bottom (no axial "
                                               "direction on it)", i, b->nodes[0]->index);
    }
    if (!(j = fr_new(m, NULL, FR_BOTTOM, p, count))) return ac_fail(m, ALECABLE_ENOMEM, "out of memory");
    fr_of(j)->ground = 1;
    for (i = 0; i < count; i++) {
        fr_contact *c = fr_contact_at(j, i, bottom[i]->nodes[0], p->augmentation);
        double t[3], tn;
        node_tangent(c->node, t);
        tn = dot3v(t, bottom[i]->coef);
        for (k = 0; k < 3; k++) t[k] -= tn * bottom[i]->coef[k];
        tn = sqrt(dot3v(t, t));
        for (k = 0; k < 3; k++) c->t0[k] = t[k] / tn;
        c->hc[0] = bottom[i];
    }
    surfaces_start(j);
    if ((st = joint_push(m, j, out))) return ac_fail(m, st, "out of memory");
    return ALECABLE_OK;
}

ALECABLE_API int alecable_friction_contacts(const alecable_joint *j, int *count)
{
    int st = joint_check(j);
    if (st) return st;
    if (!count) return ac_fail(j->model, ALECABLE_ENULL, "count is NULL");
    if (j->kind != JOINT_FRICTION) return ac_fail(j->model, ALECABLE_EINVAL, "the joint is not a friction joint");
    *count = fr_of(j)->count;
    return ALECABLE_OK;
}

ALECABLE_API int alecable_friction_contact(const alecable_joint *j, int i, alecable_contact *c)
{
    const fr_contact *k;
    alecable_model *m;
    int st = joint_check(j);
    if (st) return st;
    m = j->model;
    if (!c) return ac_fail(m, ALECABLE_ENULL, "contact is NULL");
    if (c->struct_size < sizeof *c)
        return ac_fail(m, ALECABLE_EINVAL, "contact: struct_size %zu, call alecable_contact_init", c->struct_size);
    if (j->kind != JOINT_FRICTION) return ac_fail(m, ALECABLE_EINVAL, "the joint is not a friction joint");
    if (i < 0 || i >= fr_of(j)->count) return ac_fail(m, ALECABLE_ERANGE, "i = %d: the joint has %d contacts", i, fr_of(j)->count);
    k = fr_of(j)->c + i;
    c->node = k->node;
    c->state = (int)k->hist[FH_STATE];
    c->lambda_t = j->lambda[i];
    c->lambda_n = m->dirty || !m->q ? k->fn : fr_normal(j, i, m->q, m->lam);
    c->slip = k->hist[FH_SLIP];
    c->slip_total = k->hist[FH_TOTAL];
    c->work = k->hist[FH_WORK];
    return ALECABLE_OK;
}
