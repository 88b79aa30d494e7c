/* External loads.  All are scaled by the factor passed in (the quasistatic
 * load factor, or 1 in dynamics). */
#include "loads.h"
#include "load_ops.h"

#include <math.h>
#include <string.h>

/* arg: the force's name in the caller's signature, for the messages */
static int new_load(alecable_load **out, alecable_model *m, const load_ops *ops, const double f[3], const char *arg)
{
    alecable_load *l;
    if (!f) return ac_fail(m, ALECABLE_ENULL, "%s is NULL", arg);
    if (!ac_is_finite3(f)) return ac_fail(m, ALECABLE_EINVAL, "%s has a NaN or infinite component", arg);
    if (!(l = ac_load_alloc(m, ops))) return ALECABLE_ENOMEM;
    memcpy(l->f, f, sizeof l->f);
    return ac_load_push(m, l, out);
}

ALECABLE_API int alecable_load_node(alecable_load **out, alecable_model *m, alecable_node *n, const double f[3])
{
    alecable_load *l = NULL;
    int st;
    if ((st = ac_check_model(m))) return st;
    if (out) *out = NULL;
    if ((st = ac_check_node(m, n, "node"))) return st;
    if (!n->cable) return ac_fail(m, ALECABLE_EINVAL, "node is a body's node: use alecable_load_body_force");
    if ((st = new_load(&l, m, &load_node_ops, f, "f"))) return st;
    l->node = n;
    if (out) *out = l;
    return ALECABLE_OK;
}

ALECABLE_API int alecable_load_material_point(alecable_load **out, alecable_model *m, alecable_cable *c,
                                              double s, const double f[3])
{
    alecable_load *l = NULL;
    int st;
    if ((st = ac_check_model(m))) return st;
    if (out) *out = NULL;
    if ((st = ac_check_cable(m, c, "cable"))) return st;
    if (!isfinite(s)) return ac_fail(m, ALECABLE_EINVAL, "s = %g is not finite", s);
    if (c->n_el < 1) return ac_fail(m, ALECABLE_ESTATE, "cable has no element");
    if (s < node_s(c->nodes[0]) || s > node_s(c->nodes[c->n_nodes - 1]))
        return ac_fail(m, ALECABLE_ERANGE, "s = %g lies outside the cable's material interval [%g, %g]", s,
                       node_s(c->nodes[0]), node_s(c->nodes[c->n_nodes - 1]));
    if ((st = new_load(&l, m, &load_material_ops, f, "f"))) return st;
    l->cable = c;
    l->s = s;
    if (out) *out = l;
    return ALECABLE_OK;
}

ALECABLE_API int alecable_load_distributed(alecable_load **out, alecable_model *m, alecable_cable *c,
                                           const double b0[3])
{
    alecable_load *l = NULL;
    int st;
    if ((st = ac_check_model(m))) return st;
    if (out) *out = NULL;
    if ((st = ac_check_cable(m, c, "cable"))) return st;
    if ((st = new_load(&l, m, &load_distributed_ops, b0, "b0"))) return st;
    l->cable = c;
    l->n_el = -1;
    if (out) *out = l;
    return ALECABLE_OK;
}

ALECABLE_API int alecable_load_distributed_range(alecable_load **out, alecable_model *m, alecable_cable *c,
                                                 int first_element, int n_elements, const double b0[3])
{
    alecable_load *l = NULL;
    int st;
    if ((st = ac_check_model(m))) return st;
    if (out) *out = NULL;
    if ((st = ac_check_cable(m, c, "cable"))) return st;
    if (first_element < 0 || first_element >= c->n_el)
        return ac_fail(m, ALECABLE_ERANGE, "first_element = %d out of range [0, %d)", first_element, c->n_el);
    if (n_elements < 1 || n_elements > c->n_el - first_element) /* no first + n: it may overflow */
        return ac_fail(m, ALECABLE_ERANGE, "n_elements = %d: elements %d.. run past the cable's %d", n_elements,
                       first_element, c->n_el);
    if ((st = new_load(&l, m, &load_distributed_ops, b0, "b0"))) return st;
    l->cable = c;
    l->first_el = first_element;
    l->n_el = n_elements;
    if (out) *out = l;
    return ALECABLE_OK;
}

ALECABLE_API int alecable_load_set(alecable_load *l, const double f[3])
{
    if (!l) return ALECABLE_ENULL;
    if (l->magic != MAGIC_LOAD) return ALECABLE_EHANDLE;
    if (!f) return ac_fail(l->model, ALECABLE_ENULL, "f is NULL");
    if (!ac_is_finite3(f)) return ac_fail(l->model, ALECABLE_EINVAL, "f has a NaN or infinite component");
    if (l->ops->flags & LOAD_NO_VECTOR)
        return ac_fail(l->model, ALECABLE_EINVAL, "a %s load has no force vector", l->ops->name);
    if (l->ops->set) l->ops->set(l, f);
    memcpy(l->f, f, sizeof l->f);
    return ALECABLE_OK;
}

int node_elements(const alecable_node *n, const alecable_element *e[2])
{
    int k = 0;
    if (ac_node_left(n)) e[k++] = ac_node_left(n);
    if (ac_node_right(n)) e[k++] = ac_node_right(n);
    return k;
}

int load_node_map_alloc(alecable_model *m, alecable_load *l)
{
    l->map = (int *)ac_malloc(&m->alloc, 2 * EL_MAX_DOF * sizeof(int));
    return l->map ? 0 : -2;
}

/* the node's s row against its neighbours' dofs (eq. 47's Jacobian) */
static int node_maps(alecable_model *m, alecable_load *l, const sp_pattern *p, int nq)
{
    const alecable_element *e[2];
    int k, ne, b, nd, row;
    (void)nq;
    if (load_node_map_alloc(m, l)) return -2;
    ne = node_elements(l->node, e);
    nd = EL_MAX_DOF;
    row = node_sdof(l->node);
    for (k = 0; k < 2 * nd; k++) l->map[k] = -1;
    if (row < 0) return 0; /* a Lagrangian node: no material equation */
    for (k = 0; k < ne; k++)
        for (b = 0; b < el_ndof(e[k]->ops); b++) {
            if (ac_element_dof(e[k], b) < 0) continue;
            l->map[k * nd + b] = sp_find(p, row, ac_element_dof(e[k], b));
            if (l->map[k * nd + b] < 0) return -1;
        }
    return 0;
}

/* Element containing material particle s (current coordinates), or NULL if
 * the particle has flowed out of the mesh. */
static const alecable_element *find_element(const alecable_cable *c, const double *q, double s)
{
    int lo = 0, hi = c->n_el - 1;
    if (c->n_el < 1) return NULL;
    if (s < node_s_at(c->nodes[0], q) || s > node_s_at(c->nodes[c->n_nodes - 1], q)) return NULL;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (s > node_s_at(c->el[mid]->b, q)) lo = mid + 1;
        else hi = mid;
    }
    return c->el[lo];
}

static void scatter_vec(const alecable_element *e, const double *fe, double *r)
{
    int a;
    for (a = 0; a < el_ndof(e->ops); a++) {
        int d = ac_element_dof(e, a);
        if (d >= 0) r[d] += fe[a];
    }
}

static void scatter_mat(const alecable_element *e, const double *ke, double *values)
{
    ac_element_add(e, 1.0, ke, values);
}

/* Configurational (material) force of a load at a mesh node, paper 000
 * eqs. 47/70: f . mean(dx/dxi) * mean(1/(ds/dxi)) over the node's elements. */
void node_config(const alecable_node *node, const double *q, const double f[3], double *value, double *grad,
                 const alecable_element *e[2], int *ne)
{
    double qe[EL_MAX_DOF], g[3], jinv, dg[3 * EL_MAX_DOF], dj[EL_MAX_DOF];
    double gm[3] = {0, 0, 0}, jm = 0.0, fg[2][EL_MAX_DOF], fdj[2][EL_MAX_DOF];
    int k, b, i;
    *ne = node_elements(node, e);
    for (k = 0; k < *ne; k++) {
        int end = (e[k]->b == node);
        ac_gather(e[k], q, qe);
        e[k]->ops->end_gradient(&e[k]->par, qe, end, g, &jinv, grad ? dg : NULL, grad ? dj : NULL);
        for (i = 0; i < 3; i++) gm[i] += g[i] / *ne;
        jm += jinv / *ne;
        if (grad) {
            int nd = el_ndof(e[k]->ops);
            for (b = 0; b < nd; b++) {
                fg[k][b] = (f[0] * dg[b] + f[1] * dg[nd + b] + f[2] * dg[2 * nd + b]) / *ne;
                fdj[k][b] = dj[b] / *ne;
            }
        }
    }
    *value = (f[0] * gm[0] + f[1] * gm[1] + f[2] * gm[2]) * jm;
    if (grad) {
        double fgm = f[0] * gm[0] + f[1] * gm[1] + f[2] * gm[2];
        for (k = 0; k < *ne; k++)
            for (b = 0; b < el_ndof(e[k]->ops); b++) grad[k * EL_MAX_DOF + b] = fg[k][b] * jm + fgm * fdj[k][b];
    }
}

/* Energy, residual and Jacobian contributions of a uniform force b per unit
 * material length on every element of a cable (any output may be NULL). */
static void distributed_eval(const alecable_cable *c, int e0, int e1, const double b[3], const double *q, double *w,
                             double *r, double *values, double *scratch)
{
    double qe[EL_MAX_DOF], fe[EL_MAX_DOF];
    int i;
    if (b[0] == 0.0 && b[1] == 0.0 && b[2] == 0.0) return;
    for (i = e0; i < e1; i++) {
        const alecable_element *e = c->el[i];
        ac_gather(e, q, qe);
        if (w) *w += c->ops->dist_energy(b, qe);
        if (r) {
            c->ops->dist_force(b, qe, fe);
            scatter_vec(e, fe, r);
        }
        if (values) {
            c->ops->dist_tangent(b, qe, scratch);
            scatter_mat(e, scratch, values);
        }
    }
}

/* A force at a mesh node (the configurational part has no potential: it
 * enters r and the Jacobian only). */
static void node_eval(const alecable_load *l, const double *q, double scale, double *w, double *r, double *values,
                      double *scratch)
{
    double f[3] = {scale * l->f[0], scale * l->f[1], scale * l->f[2]};
    const alecable_element *e[2];
    double v, grad[2 * EL_MAX_DOF];
    int ne, k, i, b;
    (void)scratch;
    if (w) *w -= f[0] * q[l->node->dof0] + f[1] * q[l->node->dof0 + 1] + f[2] * q[l->node->dof0 + 2];
    if (r && !l->config) /* a Lagrangian node or a held s: no configurational part */
        for (i = 0; i < 3; i++) r[l->node->dof0 + i] -= f[i];
    if ((!r && !values) || !l->config) return;
    node_config(l->node, q, f, &v, values ? grad : NULL, e, &ne);
    if (r) {
        for (i = 0; i < 3; i++) r[l->node->dof0 + i] -= f[i];
        if (ne) r[node_sdof(l->node)] += v;
    }
    if (values)
        for (k = 0; k < ne; k++)
            for (b = 0; b < el_ndof(e[k]->ops); b++) values[l->map[k * EL_MAX_DOF + b]] += grad[k * EL_MAX_DOF + b];
}

static void material_eval(const alecable_load *l, const double *q, double scale, double *w, double *r, double *values,
                          double *scratch)
{
    double f[3] = {scale * l->f[0], scale * l->f[1], scale * l->f[2]};
    double qe[EL_MAX_DOF], fe[EL_MAX_DOF];
    const alecable_element *e = find_element(l->cable, q, l->s);
    if (!e) return; /* the particle has flowed out of the mesh */
    ac_gather(e, q, qe);
    if (w) *w += e->ops->point_energy(f, l->s, qe);
    if (r) {
        e->ops->point_force(f, l->s, qe, fe);
        scatter_vec(e, fe, r);
    }
    if (values) {
        e->ops->point_tangent(f, l->s, qe, scratch);
        scatter_mat(e, scratch, values);
    }
}

static void distributed_load_eval(const alecable_load *l, const double *q, double scale, double *w, double *r,
                                  double *values, double *scratch)
{
    double f[3] = {scale * l->f[0], scale * l->f[1], scale * l->f[2]};
    distributed_eval(l->cable, l->first_el, l->n_el > 0 ? l->first_el + l->n_el : l->cable->n_el, f, q, w, r, values,
                     scratch);
}

const load_ops load_node_ops = {LOAD_NODE, "node", LOAD_ON_NODE, LOAD_CONFIG, NULL, NULL, NULL, node_maps,
                                node_eval, NULL, NULL};
const load_ops load_material_ops = {LOAD_MATERIAL, "material point", LOAD_ON_PARTICLE, 0, NULL, NULL, NULL, NULL,
                                    material_eval, NULL, NULL};
const load_ops load_distributed_ops = {LOAD_DISTRIBUTED, "distributed", LOAD_ON_CABLE, 0, NULL, NULL, NULL, NULL,
                                       distributed_load_eval, NULL, NULL};

/* The q-only part of a load (field loads' element parts: field_load_residual
 * / field_load_jacobian) */
double load_energy(const alecable_model *m, const alecable_load *l, const double *q, double scale)
{
    double w = 0.0;
    (void)m;
    if (l->ops->eval) l->ops->eval(l, q, scale, &w, NULL, NULL, NULL);
    return w;
}

void load_residual(const alecable_model *m, const alecable_load *l, const double *q, double scale, double *r)
{
    (void)m;
    if (l->ops->eval) l->ops->eval(l, q, scale, NULL, r, NULL, NULL);
}

void load_jacobian(const alecable_model *m, const alecable_load *l, const double *q, double scale,
                   double *values, double *scratch)
{
    (void)m;
    if (l->ops->eval) l->ops->eval(l, q, scale, NULL, NULL, values, scratch);
}

/* Gravity: a distributed load rho A g on every cable. */
static void gravity_eval(const alecable_model *m, const double *q, double scale, double *w, double *r, double *values,
                         double *scratch)
{
    int c;
    for (c = 0; c < m->cables.n; c++) {
        const alecable_cable *cb = (const alecable_cable *)m->cables.p[c];
        double rhoA = cb->section.rho * cb->section.A;
        double b[3] = {scale * rhoA * m->gravity[0], scale * rhoA * m->gravity[1], scale * rhoA * m->gravity[2]};
        distributed_eval(cb, 0, cb->n_el, b, q, w, r, values, scratch);
    }
}

double gravity_energy(const alecable_model *m, const double *q, double scale)
{
    double w = 0.0;
    gravity_eval(m, q, scale, &w, NULL, NULL, NULL);
    return w;
}

int gravity_density(const alecable_model *m, const alecable_cable *cb, double scale, double b[3])
{
    double rhoA = cb->section.rho * cb->section.A;
    int i;
    for (i = 0; i < 3; i++) b[i] = scale * rhoA * m->gravity[i];
    return b[0] != 0.0 || b[1] != 0.0 || b[2] != 0.0;
}
