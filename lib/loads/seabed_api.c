/* Public creator and queries of seabed contact (laws in seabed.h), and its
 * evaluation over the load's elements for loads.c and field_api.c. */
#include "loads.h"
#include "load_ops.h"

#include <math.h>
#include <string.h>

ALECABLE_API void alecable_seabed_params_init(alecable_seabed_params *p)
{
    if (!p) return;
    memset(p, 0, sizeof *p);
    p->struct_size = sizeof *p;
    p->shape = ALECABLE_SEABED_PLANE;
    p->normal[2] = 1.0;
    p->eps = 1e-3;
    p->law = ALECABLE_FRICTION_SQRT;
    p->stiff = 1;
}

ALECABLE_API void alecable_seabed_contact_init(alecable_seabed_contact *s)
{
    if (!s) return;
    memset(s, 0, sizeof *s);
    s->struct_size = sizeof *s;
}

#define NONNEG(v, name) \
    if (!isfinite(v) || (v) < 0.0) return ac_fail(m, ALECABLE_EINVAL, "%s = %g must be finite and >= 0", name, v)

ALECABLE_API int alecable_load_seabed(alecable_load **out, alecable_model *m, alecable_cable *c,
                                      const alecable_seabed_params *p)
{
    alecable_load *l;
    double *h = NULL, nn = 0.0;
    size_t nh = 0, k;
    int st, i;
    if ((st = ac_check_model(m))) return st;
    if (out) *out = NULL;
    if ((st = ac_check_cable(m, c, "cable"))) return st;
    if (!p) return ac_fail(m, ALECABLE_ENULL, "params is NULL");
    if (p->struct_size < sizeof *p)
        return ac_fail(m, ALECABLE_EINVAL, "params: struct_size %zu, call alecable_seabed_params_init", p->struct_size);
    if (!isfinite(p->stiffness) || !(p->stiffness > 0.0))
        return ac_fail(m, ALECABLE_EINVAL, "params.stiffness = %g must be finite and > 0", p->stiffness);
    NONNEG(p->damping, "params.damping");
    NONNEG(p->mu_axial, "params.mu_axial");
    NONNEG(p->mu_lateral, "params.mu_lateral");
    if (!isfinite(p->eps) || !(p->eps > 0.0)) return ac_fail(m, ALECABLE_EINVAL, "params.eps = %g must be > 0", p->eps);
    if (p->law != ALECABLE_FRICTION_SATURATED && p->law != ALECABLE_FRICTION_SQRT)
        return ac_fail(m, ALECABLE_EINVAL, "params.law = %d is not an ALECABLE_FRICTION_* value", p->law);
    if (p->first_element < 0 || p->first_element >= c->n_el)
        return ac_fail(m, ALECABLE_ERANGE, "params.first_element = %d out of range [0, %d)", p->first_element, c->n_el);
    if (p->n_elements > c->n_el - p->first_element)
        return ac_fail(m, ALECABLE_ERANGE, "params.n_elements = %d runs past the cable's %d elements", p->n_elements,
                       c->n_el);
    if (fl_ndof(c->ops) < 0) return ac_fail(m, ALECABLE_EINVAL, "cable: its element kind has no seabed contact");
    if (p->shape == ALECABLE_SEABED_PLANE) {
        if (!ac_is_finite3(p->point) || !ac_is_finite3(p->normal))
            return ac_fail(m, ALECABLE_EINVAL, "params.point or params.normal is not finite");
        if (!((nn = ac_direction_norm(p->normal)) > 0.0))
            return ac_fail(m, ALECABLE_EINVAL, "params.normal = (%g, %g, %g) is zero or its length out of range",
                           p->normal[0], p->normal[1], p->normal[2]);
    } else if (p->shape == ALECABLE_SEABED_GRID) {
        if (p->nx < 2 || p->ny < 2)
            return ac_fail(m, ALECABLE_EINVAL, "params.nx = %d, params.ny = %d: a grid needs at least 2 x 2 points",
                           p->nx, p->ny);
        if ((size_t)p->nx > ((size_t)-1 / sizeof(double)) / (size_t)p->ny)
            return ac_fail(m, ALECABLE_EINVAL, "params.nx x params.ny is too large");
        if (!isfinite(p->origin[0]) || !isfinite(p->origin[1]))
            return ac_fail(m, ALECABLE_EINVAL, "params.origin is not finite");
        for (i = 0; i < 2; i++)
            if (!isfinite(p->spacing[i]) || !(p->spacing[i] > 0.0))
                return ac_fail(m, ALECABLE_EINVAL, "params.spacing[%d] = %g must be finite and > 0", i, p->spacing[i]);
        if (!p->heights) return ac_fail(m, ALECABLE_ENULL, "params.heights is NULL");
        nh = (size_t)p->nx * (size_t)p->ny;
        for (k = 0; k < nh; k++)
            if (!isfinite(p->heights[k]))
                return ac_fail(m, ALECABLE_EINVAL, "params.heights[%zu] = %g is not finite", k, p->heights[k]);
    } else
        return ac_fail(m, ALECABLE_EINVAL, "params.shape = %d is not an ALECABLE_SEABED_* value", p->shape);
    if (nh && !(h = (double *)ac_malloc(&m->alloc, nh * sizeof(double))))
        return ac_fail(m, ALECABLE_ENOMEM, "out of memory");
    if (!(l = ac_load_alloc(m, &load_seabed_ops))) {
        ac_free(&m->alloc, h);
        return ALECABLE_ENOMEM;
    }
    l->cable = c;
    l->sb.grid = p->shape == ALECABLE_SEABED_GRID;
    memcpy(l->sb.point, p->point, sizeof l->sb.point);
    for (i = 0; i < 3; i++) l->sb.normal[i] = nn > 0.0 ? p->normal[i] / nn : 0.0;
    if (h) {
        memcpy(h, p->heights, nh * sizeof(double));
        l->sb.nx = p->nx;
        l->sb.ny = p->ny;
        l->sb.x0 = p->origin[0];
        l->sb.y0 = p->origin[1];
        l->sb.dx = p->spacing[0];
        l->sb.dy = p->spacing[1];
        l->sb.h = h;
    }
    l->sb.k = p->stiffness;
    l->sb.c = p->damping;
    l->sb.mu_a = p->mu_axial;
    l->sb.mu_l = p->mu_lateral;
    l->sb.eps = p->eps;
    l->sb.law = p->law == ALECABLE_FRICTION_SQRT ? FRICTION_LAW_SQRT : FRICTION_LAW_SATURATED;
    l->sb.stiff = p->stiff != 0;
    l->first_el = p->first_element;
    l->n_el = p->n_elements > 0 ? p->n_elements : -1;
    if ((st = ac_load_push(m, l, out))) { /* it freed l */
        ac_free(&m->alloc, h);
        return st;
    }
    return ALECABLE_OK;
}

static int last_el(const alecable_load *l) { return l->n_el > 0 ? l->first_el + l->n_el : l->cable->n_el; }

/* the penalty's energy (added to *w), its gradient into r and Hessian into
 * values (any may be NULL): a support, not ramped by the load factor */
static void seabed_eval(const alecable_load *l, const double *q, double scale, double *w, double *r, double *values,
                        double *scratch)
{
    double qe[EL_MAX_DOF], re[EL_MAX_DOF];
    int i, a;
    (void)scale;
    for (i = l->first_el; i < last_el(l); i++) {
        const alecable_element *e = l->cable->el[i];
        ac_gather(e, q, qe);
        if (w) *w += seabed_energy(&l->sb, e->ops, qe);
        if (!r && !values) continue;
        if (seabed_penalty(&l->sb, e->ops, qe, r ? re : NULL, values ? scratch : NULL)) continue;
        if (r)
            for (a = 0; a < el_ndof(e->ops); a++) {
                int d = ac_element_dof(e, a);
                if (d >= 0) r[d] += re[a];
            }
        if (values) ac_element_add(e, 1.0, scratch, values);
    }
}

/* the damping and friction of one element */
static int seabed_element(const alecable_model *m, const alecable_load *l, const alecable_element *e, double t,
                          const double *qe, const double *ve, const double *ae, double *re, double cq, double cv,
                          double ca, double *ke)
{
    (void)m;
    (void)t;
    (void)ae;
    (void)ca;
    return seabed_field(&l->sb, e->ops, qe, ve, re, cq, cv, ke);
}

static int seabed_stiff(const alecable_load *l) { return l->sb.stiff; }

const load_ops load_seabed_ops = {LOAD_SEABED, "seabed", LOAD_ON_CABLE, LOAD_NO_VECTOR, NULL, NULL, NULL, NULL,
                                  seabed_eval, seabed_element, seabed_stiff};

/* ---------------------------------------------------------------------------
 * Queries on the model's current state.  Samples along the load's elements
 * in material order: each element's first end and its 5 Gauss points, and
 * the last element's second end; the gap is taken as linear in s between
 * samples. */

static void element_state(const alecable_element *e, double *qe)
{
    memcpy(qe, e->a->q, (size_t)e->a->ndof * sizeof(double));
    memcpy(qe + e->a->ndof, e->b->q, (size_t)e->b->ndof * sizeof(double));
    ac_split_output(e, qe);
}

static double sample_xi(int k) { return k == 0 ? 0.0 : k <= FL_NGAUSS ? fl_gauss_xi[k - 1] : 1.0; }

/* sample idx (0 .. ns - 1): its material coordinate and gap */
static void sample(const alecable_load *l, int idx, double *s, double *g, fl_point *P)
{
    double qe[EL_MAX_DOF];
    int el = l->first_el + idx / (FL_NGAUSS + 1), k = idx % (FL_NGAUSS + 1);
    if (el == last_el(l)) { /* the final end */
        el--;
        k = FL_NGAUSS + 1;
    }
    element_state(l->cable->el[el], qe);
    fl_point_eval(l->cable->el[el]->ops, sample_xi(k), qe, NULL, NULL, 0, P);
    seabed_gap(&l->sb, P->r, g, NULL, NULL);
    *s = P->s;
}

ALECABLE_API int alecable_seabed_state(const alecable_load *l, int end, alecable_seabed_contact *out)
{
    alecable_model *m;
    fl_point P;
    double s0, g0, s1, g1, sd = 0.0, ground = 0.0, pen = 0.0;
    int ns, i, found = 0;
    if (!l) return ALECABLE_ENULL;
    if (l->magic != MAGIC_LOAD) return ALECABLE_EHANDLE;
    m = l->model;
    if (l->kind != LOAD_SEABED) return ac_fail(m, ALECABLE_EHANDLE, "l is not a seabed load");
    if (!out) return ac_fail(m, ALECABLE_ENULL, "state is NULL");
    if (out->struct_size < sizeof *out)
        return ac_fail(m, ALECABLE_EINVAL, "state: struct_size %zu, call alecable_seabed_contact_init", out->struct_size);
    if (end != 0 && end != 1) return ac_fail(m, ALECABLE_EINVAL, "end = %d must be 0 (first node) or 1 (last)", end);
    ns = (last_el(l) - l->first_el) * (FL_NGAUSS + 1) + 1;
    /* in contact: gap <= 0, so that an anchor held exactly on the bottom
     * (gap 0, the line next to it sunk by w/k) is not a boundary */
    sample(l, end ? ns - 1 : 0, &s0, &g0, &P);
    if (g0 < 0.0) pen = -g0;
    for (i = 1; i < ns; i++) {
        sample(l, end ? ns - 1 - i : i, &s1, &g1, &P);
        if (g1 < 0.0 && -g1 > pen) pen = -g1;
        if (g0 <= 0.0 && g1 <= 0.0) ground += fabs(s1 - s0);
        else if ((g0 <= 0.0) != (g1 <= 0.0)) {
            double sx = s0 + (s1 - s0) * g0 / (g0 - g1);
            ground += fabs(g0 <= 0.0 ? sx - s0 : s1 - sx);
            if (!found) {
                found = 1;
                sd = sx;
            }
        }
        s0 = s1;
        g0 = g1;
    }
    alecable_seabed_contact_init(out);
    out->touchdown = found;
    out->grounded_length = ground;
    out->max_penetration = pen;
    if (found) {
        const alecable_element *e = l->cable->el[l->first_el];
        double qe[EL_MAX_DOF], sa, sb, eps, F;
        for (i = l->first_el; i < last_el(l); i++) {
            e = l->cable->el[i];
            if (sd <= node_s(e->b)) break;
        }
        element_state(e, qe);
        sa = node_s(e->a);
        sb = node_s(e->b);
        fl_point_eval(e->ops, sb > sa ? (sd - sa) / (sb - sa) : 0.0, qe, NULL, NULL, 0, &P);
        out->s = sd;
        memcpy(out->position, P.r, sizeof out->position);
        e->ops->strain(&e->par, qe, &eps, &F, &out->tension); /* the element's own law */
    }
    return ALECABLE_OK;
}
