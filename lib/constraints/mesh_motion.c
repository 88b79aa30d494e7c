/* The mesh-motion law of ALE dynamics (ALECABLE_MESH_INTERPOLATE).
 *
 * A node needs a law when nothing else determines its mesh motion: its s is
 * in no constraint, no joint holds it, and its position is not held in all
 * three directions (a node held in space, on a pulley or in an eyelet has
 * free s as the flow's unknown: its material equation is its law).  Such a
 * node's s follows the straight line, in the proportions of the mesh when
 * the dynamic layout is built, between the nearest nodes along its cable
 * that are not free in that sense (the anchors).  Each such s is written
 * between its neighbours, in the proportions of the mesh at t0,
 *     s_i - (1 - w) s_(i-1) - w s_(i+1) = 0,  w = (s_i - s_(i-1)) / (s_(i+1) - s_(i-1)),
 * which along a run of such nodes is the straight line between the run's
 * anchors (every element of the run keeps its share of the run's material)
 * and couples only neighbours: the rows stay within the elements' band, so
 * a long run costs no fill-in in the linear solvers.
 * A cable end that needs a law is a free end of the material, so its s is
 * held where it is; it is then the anchor of its side.  The rows are
 * linear in q with constant coefficients (the semi-implicit methods need
 * exactly that), homogeneous or constant, and hold at t0 to rounding.
 * The physics does not change: mesh and flow are one motion at such a node,
 * and the law only picks which; with every anchor's s held, the cable moves
 * as its Lagrangian twin.  The rows' multipliers are the mesh's reactions
 * (zero to the discretization's consistency error).
 *
 * Why rows and not a mesh-smoothing term: a term adds forces (or inertia) to
 * the material equations and so changes the motion by its weight; a row
 * removes only the gauge, conserves energy exactly (its force does no work
 * on motions that satisfy it) and needs no weight to choose. */
#include "mesh_motion.h"
#include "../bodies/bodies.h"

#include <string.h>

enum { IN_CON = 1, HELD = 2, FIXED = 4, SINGLE = 8, JOINT_S = 16 };

struct mesh_rows {
    int n, row0;
    int *cnt;            /* terms per row (1 or 3) */
    int *dofs;           /* 3 per row */
    double *coef, *rhs;  /* 3 per row; 1 per row */
    int *map_gt, *map_g; /* 3 per row */
};

/* marks, per dof of q, what holds it: a constraint (any kind) or a joint */
int *mesh_marks(alecable_model *m)
{
    int i, u, d, *f = (int *)ac_calloc(&m->alloc, (size_t)(m->nq > 0 ? m->nq : 1), sizeof(int));
    if (!f) return NULL;
    for (i = 0; i < m->constraints.n; i++) {
        const alecable_constraint *k = (const alecable_constraint *)m->constraints.p[i];
        for (u = 0; u < k->count; u++)
            if (k->dofs[u] >= 0 && k->dofs[u] < m->nq) f[k->dofs[u]] |= IN_CON;
        if (k->count == 1 && k->dofs[0] >= 0 && k->dofs[0] < m->nq) f[k->dofs[0]] |= SINGLE;
        if (k->kind == CON_FIX && k->count == 1 && k->dofs[0] >= 0 && k->dofs[0] < m->nq) f[k->dofs[0]] |= FIXED;
    }
    for (i = 0; i < m->joints.n; i++) {
        const alecable_joint *j = (const alecable_joint *)m->joints.p[i];
        for (u = 0; u < j->count; u++) {
            const alecable_node *n = j->nodes[u];
            int held = 1;
            if (!n || !n->cable || (d = node_sdof(n)) < 0) continue;
            /* a clamp may hold the slope alone, which leaves the node free */
            if (j->ops->holds)
                held = (j->ops->holds(j, n, ALECABLE_DOF_X) && j->ops->holds(j, n, ALECABLE_DOF_Y) &&
                        j->ops->holds(j, n, ALECABLE_DOF_Z)) || j->ops->holds(j, n, ALECABLE_DOF_S);
            if (held) f[d] |= HELD;
            if (j->ops->holds && j->ops->holds(j, n, ALECABLE_DOF_S)) f[d] |= JOINT_S;
        }
    }
    return f;
}

int mesh_is_anchor(const int *f, const alecable_node *n)
{
    int s = node_sdof(n), x = n->dof0;
    return (f[s] & (IN_CON | HELD)) || ((f[x] & IN_CON) && (f[x + 1] & IN_CON) && (f[x + 2] & IN_CON));
}

int mesh_s_held(const int *f, const alecable_node *n)
{
    int s = node_sdof(n);
    return s >= 0 && (f[s] & (SINGLE | JOINT_S)); /* HELD: a wrap or an eyelet holds the position only */
}

static void put(struct mesh_rows *mr, int r, int t, int dof, double c)
{
    mr->dofs[3 * r + t] = dof;
    mr->coef[3 * r + t] = c;
}

/* a row s_k = its value now, or s_k on the line between its neighbours a
 * and b */
static void row(struct mesh_rows *mr, int r, const alecable_node *k, const alecable_node *a, const alecable_node *b,
                int fixed)
{
    double w;
    put(mr, r, 0, node_sdof(k), 1.0);
    if (fixed) { /* both anchors fixed: the line stands still */
        mr->cnt[r] = 1;
        mr->rhs[r] = node_s(k);
        return;
    }
    w = (node_s(k) - node_s(a)) / (node_s(b) - node_s(a));
    mr->cnt[r] = 3;
    put(mr, r, 1, node_sdof(a), -(1.0 - w));
    put(mr, r, 2, node_sdof(b), -w);
    mr->rhs[r] = 0.0;
}

/* The rows of every ALE cable into mr (NULL: counted only).  Between two
 * anchors whose s are fixed (a fix, or a free end) the line stands still and
 * each row holds one s where it is: the same equations, and the single-dof
 * rows are condensed out of the linear systems as a fixed s is, so such a
 * cable is solved exactly as with its s fixed by hand. */
static int scan(const alecable_model *m, const int *f, struct mesh_rows *mr)
{
    int c, i, k, a, nr = 0;
    for (c = 0; c < m->cables.n; c++) {
        const alecable_cable *cb = (const alecable_cable *)m->cables.p[c];
        int nn = cb->n_nodes, fa;
        if (cb->lagrangian || nn < 2) continue;
        for (i = 0; i < nn && mesh_is_anchor(f, cb->nodes[i]); i++) {}
        if (i == nn) continue; /* every node has a law */
        for (k = 0; k < nn; k += nn - 1) /* free ends: the material ends there */
            if (!mesh_is_anchor(f, cb->nodes[k])) {
                if (mr) row(mr, nr, cb->nodes[k], cb->nodes[k], cb->nodes[k], 1);
                nr++;
            }
        fa = !mesh_is_anchor(f, cb->nodes[0]) || (f[node_sdof(cb->nodes[0])] & FIXED);
        for (a = 0, i = 1; i < nn; i++) {
            const alecable_node *nb = cb->nodes[i];
            int fb;
            if (i < nn - 1 && !mesh_is_anchor(f, nb)) continue;
            fb = !mesh_is_anchor(f, nb) || (f[node_sdof(nb)] & FIXED);
            for (k = a + 1; k < i; k++, nr++)
                if (mr) row(mr, nr, cb->nodes[k], cb->nodes[k - 1], cb->nodes[k + 1], fa && fb);
            a = i;
            fa = fb;
        }
    }
    return nr;
}

int mesh_holds_s(const alecable_model *m, const alecable_node *n)
{
    const struct mesh_rows *mr = m->mesh;
    int r, d = node_sdof(n);
    if (!mr || d < 0) return 0;
    for (r = 0; r < mr->n; r++)
        if (mr->cnt[r] == 1 && mr->dofs[3 * r] == d) return 1;
    return 0;
}

/* the law has rows only on ALE cables (scan): without one, not even the
 * marks (a transient of nq ints) are made */
static int any_ale(const alecable_model *m)
{
    int c;
    for (c = 0; c < m->cables.n; c++)
        if (!((const alecable_cable *)m->cables.p[c])->lagrangian) return 1;
    return 0;
}

static int wanted(const alecable_model *m)
{
    return m->mesh_dyn && m->mesh_law == ALECABLE_MESH_INTERPOLATE && any_ale(m);
}

void mesh_free(alecable_model *m)
{
    struct mesh_rows *mr = m->mesh;
    m->nlam_mesh = 0;
    if (!mr) return;
    ac_free(&m->alloc, mr->cnt);
    ac_free(&m->alloc, mr->dofs);
    ac_free(&m->alloc, mr->coef);
    ac_free(&m->alloc, mr->rhs);
    ac_free(&m->alloc, mr->map_gt);
    ac_free(&m->alloc, mr->map_g);
    ac_free(&m->alloc, mr);
    m->mesh = NULL;
}

int mesh_build(alecable_model *m)
{
    struct mesh_rows *mr;
    int *f, n;
    size_t n3;
    mesh_free(m);
    if (!wanted(m)) return ALECABLE_OK;
    if (!(f = mesh_marks(m))) return ALECABLE_ENOMEM;
    if ((n = scan(m, f, NULL)) == 0) {
        ac_free(&m->alloc, f);
        return ALECABLE_OK;
    }
    n3 = 3 * (size_t)n;
    mr = (struct mesh_rows *)ac_calloc(&m->alloc, 1, sizeof *mr);
    if (mr) {
        m->mesh = mr;
        mr->cnt = (int *)ac_calloc(&m->alloc, (size_t)n, sizeof(int));
        mr->dofs = (int *)ac_calloc(&m->alloc, n3, sizeof(int));
        mr->coef = (double *)ac_calloc(&m->alloc, n3, sizeof(double));
        mr->rhs = (double *)ac_calloc(&m->alloc, (size_t)n, sizeof(double));
        mr->map_gt = (int *)ac_calloc(&m->alloc, n3, sizeof(int));
        mr->map_g = (int *)ac_calloc(&m->alloc, n3, sizeof(int));
    }
    if (!mr || !mr->cnt || !mr->dofs || !mr->coef || !mr->rhs || !mr->map_gt || !mr->map_g) {
        ac_free(&m->alloc, f);
        mesh_free(m);
        return ALECABLE_ENOMEM;
    }
    scan(m, f, mr);
    ac_free(&m->alloc, f);
    mr->n = n;
    mr->row0 = m->nlam;
    m->nlam += n;
    m->nlam_mesh = n;
    return ALECABLE_OK;
}

int mesh_pattern(const alecable_model *m, sp_builder *b)
{
    const struct mesh_rows *mr = m->mesh;
    int r, t, st = 0;
    if (!mr) return 0;
    for (r = 0; r < mr->n && !st; r++)
        for (t = 0; t < mr->cnt[r] && !st; t++) {
            st = sp_builder_add(b, mr->dofs[3 * r + t], m->nq + mr->row0 + r);
            if (!st) st = sp_builder_add(b, m->nq + mr->row0 + r, mr->dofs[3 * r + t]);
        }
    return st;
}

int mesh_maps(alecable_model *m)
{
    struct mesh_rows *mr = m->mesh;
    int r, t;
    if (!mr) return 0;
    for (r = 0; r < mr->n; r++)
        for (t = 0; t < mr->cnt[r]; t++) {
            int k = 3 * r + t, row = m->nq + mr->row0 + r;
            mr->map_gt[k] = sp_find(&m->pat, mr->dofs[k], row);
            mr->map_g[k] = sp_find(&m->pat, row, mr->dofs[k]);
            if (mr->map_gt[k] < 0 || mr->map_g[k] < 0) return -1;
        }
    return 0;
}

void mesh_residual(const alecable_model *m, const double *q, const double *lambda, double *r)
{
    const struct mesh_rows *mr = m->mesh;
    int i, t;
    if (!mr) return;
    for (i = 0; i < mr->n; i++) {
        double lam = lambda ? lambda[mr->row0 + i] : 0.0, g = -mr->rhs[i];
        for (t = 0; t < mr->cnt[i]; t++) {
            int k = 3 * i + t;
            g += mr->coef[k] * q[mr->dofs[k]];
            r[mr->dofs[k]] += mr->coef[k] * lam;
        }
        r[m->nq + mr->row0 + i] = g;
    }
}

void mesh_jacobian(const alecable_model *m, double *values)
{
    const struct mesh_rows *mr = m->mesh;
    int k, t;
    if (!mr) return;
    for (k = 0; k < mr->n; k++)
        for (t = 3 * k; t < 3 * k + mr->cnt[k]; t++) {
            values[mr->map_gt[t]] += mr->coef[t];
            values[mr->map_g[t]] += mr->coef[t];
        }
}

void mesh_rates(const alecable_model *m, const double *v, double *gdot, double *gamma)
{
    const struct mesh_rows *mr = m->mesh;
    int k, t;
    if (!mr) return;
    for (k = 0; k < mr->n; k++) {
        double gd = 0.0;
        for (t = 3 * k; t < 3 * k + mr->cnt[k]; t++) gd += mr->coef[t] * v[mr->dofs[t]];
        gdot[mr->row0 + k] = gd;
        gamma[mr->row0 + k] = 0.0;
    }
}

int mesh_layout(alecable_model *m, int dyn)
{
    int want = dyn && m->mesh_law == ALECABLE_MESH_INTERPOLATE, st;
    double *v;
    if (want == m->mesh_dyn) return ALECABLE_OK;
    m->mesh_dyn = want;
    if (m->dirty || !m->q) return ALECABLE_OK; /* the next finalize builds it */
    if (!want && m->nlam_mesh == 0) return ALECABLE_OK;
    if (want && !any_ale(m)) return ALECABLE_OK; /* no rows: the same layout */
    if (want) {
        int *f = mesh_marks(m), n;
        if (!f) return ac_fail(m, ALECABLE_ENOMEM, "out of memory while choosing the mesh motion");
        n = scan(m, f, NULL);
        ac_free(&m->alloc, f);
        if (n == 0) return ALECABLE_OK; /* the same layout */
    }
    /* finalize again, keeping the velocities (q, t and the multipliers of
     * the constraints and joints are in their mirrors) */
    v = (double *)ac_malloc(&m->alloc, (size_t)(m->nq > 0 ? m->nq : 1) * sizeof(double));
    if (!v) return ac_fail(m, ALECABLE_ENOMEM, "out of memory while choosing the mesh motion");
    memcpy(v, m->v, (size_t)m->nq * sizeof(double));
    ac_model_changed(m, want ? "the model was laid out for dynamics (the mesh-motion law's rows were added)"
                             : "the model was laid out for statics (the mesh-motion law's rows were removed)");
    st = ac_finalize(m);
    if (!st) memcpy(m->v, v, (size_t)m->nq * sizeof(double));
    ac_free(&m->alloc, v);
    return st;
}

ALECABLE_API int alecable_model_set_mesh_motion(alecable_model *m, int law)
{
    int st = ac_check_model(m);
    if (st) return st;
    if (law != ALECABLE_MESH_INTERPOLATE && law != ALECABLE_MESH_NONE)
        return ac_fail(m, ALECABLE_EINVAL, "law = %d: use ALECABLE_MESH_INTERPOLATE or ALECABLE_MESH_NONE", law);
    if (law == m->mesh_law) return ALECABLE_OK;
    m->mesh_law = law;
    if (m->mesh_dyn) ac_model_changed(m, "the mesh-motion law changed"); /* the dynamic layout changes */
    return ALECABLE_OK;
}

ALECABLE_API int alecable_model_get_mesh_motion(const alecable_model *m, int *law)
{
    int st = ac_check_model(m);
    if (st) return st;
    if (!law) return ac_fail((alecable_model *)m, ALECABLE_ENULL, "law is NULL");
    *law = m->mesh_law;
    return ALECABLE_OK;
}
