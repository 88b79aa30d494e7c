/* Cables, their nodes and elements: creation, validation and queries. */
#include "model.h"

#include <math.h>
#include <string.h>

ALECABLE_API void alecable_section_init(alecable_section *s)
{
    if (!s) return;
    memset(s, 0, sizeof *s);
    s->struct_size = sizeof *s;
}

static int check_section(alecable_model *m, const alecable_section *s)
{
    if (!s) return ac_fail(m, ALECABLE_ENULL, "section is NULL");
    if (s->struct_size < sizeof *s)
        return ac_fail(m, ALECABLE_EINVAL, "section: struct_size %zu, call alecable_section_init",
                       s->struct_size);
    if (!isfinite(s->E) || s->E <= 0.0)
        return ac_fail(m, ALECABLE_EINVAL, "section.E = %g: Young's modulus must be finite and > 0", s->E);
    if (!isfinite(s->A) || s->A <= 0.0)
        return ac_fail(m, ALECABLE_EINVAL, "section.A = %g: area must be finite and > 0", s->A);
    if (!isfinite(s->rho) || s->rho < 0.0)
        return ac_fail(m, ALECABLE_EINVAL, "section.rho = %g: density must be finite and >= 0", s->rho);
    if (!isfinite(s->I) || s->I < 0.0)
        return ac_fail(m, ALECABLE_EINVAL, "section.I = %g: second moment of area must be finite and >= 0", s->I);
    return ALECABLE_OK;
}

ALECABLE_API int alecable_cable_create(alecable_cable **out, alecable_model *m, int element_kind,
                                       const alecable_section *section)
{
    alecable_cable *c;
    const el_ops *ops;
    int st = ac_check_model(m);
    if (st) return st;
    if (!out) return ac_fail(m, ALECABLE_ENULL, "out is NULL");
    *out = NULL;
    ops = el_ops_get(element_kind);
    if (!ops) return ac_fail(m, ALECABLE_EINVAL, "element_kind = %d is not an ALECABLE_ELEMENT_* kind", element_kind);
    if ((st = check_section(m, section))) return st;
    c = (alecable_cable *)ac_calloc(&m->alloc, 1, sizeof *c);
    if (!c) return ac_fail(m, ALECABLE_ENOMEM, "out of memory");
    c->magic = MAGIC_CABLE;
    c->model = m;
    c->kind = element_kind;
    c->ops = ops;
    c->section = *section;
    c->section.struct_size = sizeof c->section;
    if ((st = ac_list_push(m, &m->cables, c))) {
        ac_free(&m->alloc, c);
        return st;
    }
    ac_model_changed(m, "a cable was added");
    *out = c;
    return ALECABLE_OK;
}

ALECABLE_API int alecable_cable_set_lagrangian(alecable_cable *c, int on)
{
    if (!c) return ALECABLE_ENULL;
    if (c->magic != MAGIC_CABLE) return ALECABLE_EHANDLE;
    if (on != 0 && on != 1) return ac_fail(c->model, ALECABLE_EINVAL, "on = %d is neither 0 nor 1", on);
    if (c->lagrangian != on) ac_model_changed(c->model, "a cable was made Lagrangian or ALE");
    c->lagrangian = on;
    return ALECABLE_OK;
}

/* ANCF nodes carry the slope r' = dr/ds.  A new node gets the chord of its
 * element, (x_n - x_p)/(s_n - s_p); its predecessor the mean of its two
 * chords.  A straight line thus starts with exactly the stretch of its
 * node positions; a slope set by alecable_node_set_slope is the user's and
 * stays (0.2 replaced it when the next node came). */
static void init_slopes(alecable_node *prev, alecable_node *n)
{
    double ds = node_s(n) - node_s(prev), chord[3];
    int k;
    if (n->ndof < 7 || ac_node_is_se3(n)) return;
    for (k = 0; k < 3; k++) chord[k] = (n->q[k] - prev->q[k]) / ds;
    for (k = 0; k < 3; k++) {
        n->q[3 + k] = chord[k];
        if (!prev->slope_user) prev->q[3 + k] = ac_node_left(prev) ? 0.5 * (prev->q[3 + k] + chord[k]) : chord[k];
    }
}

/* elements of the whole model: its pattern is indexed by int */
static int model_elements(const alecable_model *m)
{
    int c, n = 0;
    for (c = 0; c < m->cables.n; c++) n += ((const alecable_cable *)m->cables.p[c])->n_el;
    return n;
}

/* exact: the caller knows the final count (alecable_cable_line), so no
 * doubling's slack (up to 16 bytes per element in the two arrays) */
static int grow(alecable_model *m, void ***p, int *cap, int need, int exact)
{
    if (need > *cap) {
        int nc = exact ? need : *cap ? *cap : 8;
        void **np;
        if (need > AC_MAX_ELEMENTS + 1) return ac_fail(m, ALECABLE_ENOMEM, "out of memory (%d entries)", need);
        while (nc < need) nc *= 2; /* no overflow: need <= 2^23 */
        np = (void **)ac_realloc(&m->alloc, *p, (size_t)nc * sizeof *np);
        if (!np) return ac_fail(m, ALECABLE_ENOMEM, "out of memory");
        *p = np;
        *cap = nc;
    }
    return ALECABLE_OK;
}

/* a node of this cable keeps a roll chart (model.h): its 6 values follow the struct */
static int has_chart(const alecable_cable *c)
{
    return c->kind == ALECABLE_ELEMENT_KIRCHHOFF || c->kind == ALECABLE_ELEMENT_SE3;
}

/* A node's and an element's bytes on this cable (a node of a cable with roll
 * charts holds its 6 values after the struct) */
static size_t node_bytes(const alecable_cable *c)
{
    return sizeof(alecable_node) + (has_chart(c) ? 6 * sizeof(double) : 0);
}

/* A zeroed node (node = 1) or element from the cable's newest slab when
 * alecable_cable_line reserved room there and the object's index follows
 * the slab's range, else a block of its own */
static void *take(alecable_model *m, alecable_cable *c, size_t size, int node)
{
    ac_slab *s = c->slabs;
    void *p;
    if (s && (node ? s->node0 + s->n_nodes == c->n_nodes : s->el0 + s->n_el == c->n_el) &&
        (p = ac_slab_take(s, size))) {
        if (node) s->n_nodes++;
        else s->n_el++;
        return p;
    }
    return ac_calloc(&m->alloc, 1, size);
}

/* the reverse of take for the last node taken (its element failed) */
static void give_back(alecable_model *m, alecable_cable *c, alecable_node *n)
{
    ac_slab *s = c->slabs;
    if (s && s->n_nodes > 0 && s->node0 + s->n_nodes - 1 == c->n_nodes && ac_slab_is_last(s, n, node_bytes(c))) {
        s->n_nodes--;
        ac_slab_untake(s, node_bytes(c));
    } else
        ac_free(&m->alloc, n);
}

void ac_cable_free_objects(alecable_model *m, alecable_cable *c)
{
    ac_slab *s, *next, *old = NULL;
    int i;
    /* oldest slab first: each began where the cable ended then, so their
     * ranges come in the objects' order and one pass finds them */
    for (s = c->slabs; s; s = next) {
        next = s->next;
        s->next = old;
        old = s;
    }
    c->slabs = old;
    for (i = 0, s = c->slabs; i < c->n_nodes; i++) {
        while (s && i >= s->node0 + s->n_nodes) s = s->next;
        c->nodes[i]->magic = 0;
        if (!s || i < s->node0) ac_free(&m->alloc, c->nodes[i]);
    }
    for (i = 0, s = c->slabs; i < c->n_el; i++) {
        while (s && i >= s->el0 + s->n_el) s = s->next;
        c->el[i]->magic = 0; /* (its map is the model's: finalize.c) */
        if (!s || i < s->el0) ac_free(&m->alloc, c->el[i]);
    }
    ac_slab_free_all(&m->alloc, &c->slabs);
}

ALECABLE_API int alecable_cable_add_node(alecable_node **out, alecable_cable *c, const double x[3], double s)
{
    alecable_model *m;
    alecable_node *n;
    alecable_element *e = NULL;
    int st;
    if (!c) return ALECABLE_ENULL;
    if (c->magic != MAGIC_CABLE) return ALECABLE_EHANDLE;
    m = c->model;
    if (out) *out = NULL;
    if (!x) return ac_fail(m, ALECABLE_ENULL, "x is NULL");
    if (!ac_is_finite3(x)) return ac_fail(m, ALECABLE_EINVAL, "x has a NaN or infinite component");
    if (!isfinite(s)) return ac_fail(m, ALECABLE_EINVAL, "s = %g is not finite", s);
    if (c->n_nodes > 0 && model_elements(m) >= AC_MAX_ELEMENTS)
        return ac_fail(m, ALECABLE_EINVAL, "the model has %d elements, the most its sparsity pattern indexes",
                       AC_MAX_ELEMENTS);
    if (c->n_nodes > 0) {
        double sp = node_s(c->nodes[c->n_nodes - 1]);
        if (s == sp)
            return ac_fail(m, ALECABLE_EINVAL, "s = %g: zero-length element (previous node has the same material coordinate)", s);
        if (s < sp)
            return ac_fail(m, ALECABLE_EINVAL, "s = %g: inverted element (previous node has s = %g; s must increase along a cable)", s, sp);
        if (x[0] == c->nodes[c->n_nodes - 1]->q[0] && x[1] == c->nodes[c->n_nodes - 1]->q[1] &&
            x[2] == c->nodes[c->n_nodes - 1]->q[2])
            return ac_fail(m, ALECABLE_EINVAL,
                           "x = (%g, %g, %g) is the previous node's position: an element of zero spatial length has "
                           "no direction", x[0], x[1], x[2]);
    }
    if ((st = grow(m, (void ***)&c->nodes, &c->cap_nodes, c->n_nodes + 1, 0))) return st;
    if (c->n_nodes > 0 && (st = grow(m, (void ***)&c->el, &c->cap_el, c->n_el + 1, 0))) return st;
    n = (alecable_node *)take(m, c, node_bytes(c), 1);
    if (!n) return ac_fail(m, ALECABLE_ENOMEM, "out of memory");
    if (c->n_nodes > 0) {
        e = (alecable_element *)take(m, c, ac_element_bytes(c->kind), 0);
        if (!e) {
            give_back(m, c, n);
            return ac_fail(m, ALECABLE_ENOMEM, "out of memory");
        }
    }
    n->magic = MAGIC_NODE;
    n->model = m;
    n->cable = c;
    n->index = c->n_nodes;
    n->ndof = c->ops->node_ndof;
    n->sidx = c->ops->s_offset;
    n->dof0 = -1;
    n->xdof = -1;
    n->q[0] = x[0];
    n->q[1] = x[1];
    n->q[2] = x[2];
    n->q[n->sidx] = s;
    if (e) {
        alecable_node *prev = c->nodes[c->n_nodes - 1];
        init_slopes(prev, n);
        e->magic = MAGIC_ELEMENT;
        e->cable = c;
        e->index = c->n_el;
        e->ops = c->ops;
        e->par.EA = c->section.E * c->section.A;
        e->par.rhoA = c->section.rho * c->section.A;
        e->par.EI = c->section.E * c->section.I;
        e->par.ref_len = s - node_s(prev);
        e->a = prev;
        e->b = n;
        c->el[c->n_el++] = e;
    }
    c->nodes[c->n_nodes++] = n;
    ac_model_changed(m, "a node was added");
    if (out) *out = n;
    return ALECABLE_OK;
}

ALECABLE_API int alecable_cable_line(alecable_cable *c, const double x_a[3], const double x_b[3],
                                     double s_a, double s_b, int n_elements)
{
    alecable_model *m;
    int i, i0 = 0, st;
    if (!c) return ALECABLE_ENULL;
    if (c->magic != MAGIC_CABLE) return ALECABLE_EHANDLE;
    m = c->model;
    if (!x_a || !x_b) return ac_fail(m, ALECABLE_ENULL, "%s is NULL", x_a ? "x_b" : "x_a");
    if (!ac_is_finite3(x_a) || !ac_is_finite3(x_b))
        return ac_fail(m, ALECABLE_EINVAL, "x_a or x_b has a NaN or infinite component");
    if (!isfinite(s_a) || !isfinite(s_b)) return ac_fail(m, ALECABLE_EINVAL, "s_a or s_b is not finite");
    if (n_elements < 1) return ac_fail(m, ALECABLE_EINVAL, "n_elements = %d must be >= 1", n_elements);
    if (n_elements > AC_MAX_ELEMENTS - model_elements(m))
        return ac_fail(m, ALECABLE_EINVAL,
                       "n_elements = %d: the model would have more than %d elements, the most its sparsity pattern "
                       "indexes", n_elements, AC_MAX_ELEMENTS);
    if (!(s_b > s_a)) return ac_fail(m, ALECABLE_EINVAL, "s_b = %g must exceed s_a = %g", s_b, s_a);
    if (x_a[0] == x_b[0] && x_a[1] == x_b[1] && x_a[2] == x_b[2])
        return ac_fail(m, ALECABLE_EINVAL, "x_a = x_b: a line of zero spatial length (its elements would have no direction)");
    if (c->n_nodes > 0) {
        const alecable_node *last = c->nodes[c->n_nodes - 1];
        if (node_s(last) == s_a && last->q[0] == x_a[0] && last->q[1] == x_a[1] && last->q[2] == x_a[2])
            i0 = 1;
        else if (!(s_a > node_s(last)))
            return ac_fail(m, ALECABLE_EINVAL, "s_a = %g must exceed the cable's last s = %g", s_a, node_s(last));
    }
    /* pre-check so a failure cannot leave half a line */
    if ((st = grow(m, (void ***)&c->nodes, &c->cap_nodes, c->n_nodes + n_elements + 1 - i0, 1))) return st;
    if ((st = grow(m, (void ***)&c->el, &c->cap_el, c->n_el + n_elements + (c->n_nodes > 0 && !i0), 1))) return st;
    {
        /* the line's nodes and elements in one slab (slab.h) */
        int nn = n_elements + 1 - i0, ne = n_elements + (c->n_nodes > 0 && !i0);
        size_t bytes = (size_t)nn * node_bytes(c) + (size_t)ne * ac_element_bytes(c->kind);
        ac_slab *sl = ac_slab_new(&m->alloc, &c->slabs, bytes);
        if (!sl) return ac_fail(m, ALECABLE_ENOMEM, "out of memory");
        sl->node0 = c->n_nodes;
        sl->el0 = c->n_el;
    }
    for (i = i0; i <= n_elements; i++) {
        double w = (double)i / n_elements, x[3];
        int k;
        for (k = 0; k < 3; k++) x[k] = (1.0 - w) * x_a[k] + w * x_b[k];
        if ((st = alecable_cable_add_node(NULL, c, x, i == n_elements ? s_b : s_a + w * (s_b - s_a))))
            return st;
    }
    return ALECABLE_OK;
}

const alecable_section *ac_element_section(const alecable_cable *c, int i)
{
    int k;
    for (k = c->n_ranges - 1; k >= 0; k--)
        if (i >= c->ranges[k].first && i < c->ranges[k].first + c->ranges[k].n) return &c->ranges[k].s;
    return &c->section;
}

/* A section over elements first .. first + n - 1: their parameters now, the
 * range kept for what finalize derives from it (beam.c) */
ALECABLE_API int alecable_cable_set_section_range(alecable_cable *c, int first_element, int n_elements,
                                                  const alecable_section *section)
{
    alecable_model *m;
    ac_section_range *nr;
    int i, st;
    if (!c) return ALECABLE_ENULL;
    if (c->magic != MAGIC_CABLE) return ALECABLE_EHANDLE;
    m = c->model;
    if ((st = check_section(m, section))) return st;
    if (first_element < 0 || n_elements < 1 || first_element >= c->n_el || n_elements > c->n_el - first_element)
        return ac_fail(m, ALECABLE_ERANGE,
                       "first_element = %d, n_elements = %d: the range must lie in the cable's elements 0 .. %d",
                       first_element, n_elements, c->n_el - 1);
    if (section->rho > 0.0 && !(c->section.rho > 0.0))
        return ac_fail(m, ALECABLE_EINVAL,
                       "section.rho = %g on a cable whose own section has rho = 0: the cable's inertia is on only "
                       "when its own section has mass (give it the density of one of its segments)", section->rho);
    if ((c->kind == ALECABLE_ELEMENT_KIRCHHOFF || c->kind == ALECABLE_ELEMENT_SE3) && c->has_beam &&
        !(c->beam.EI2 > 0.0 && c->beam.EI3 > 0.0) && !(section->I > 0.0))
        return ac_fail(m, ALECABLE_EINVAL, "section.I = 0, but the cable's alecable_beam_params.EI%d = 0 takes E I of "
                                           "the section: give I or the bending stiffness",
                       c->beam.EI2 > 0.0 ? 3 : 2);
    nr = (ac_section_range *)ac_realloc(&m->alloc, c->ranges, (size_t)(c->n_ranges + 1) * sizeof *nr);
    if (!nr) return ac_fail(m, ALECABLE_ENOMEM, "out of memory");
    c->ranges = nr;
    nr[c->n_ranges].first = first_element;
    nr[c->n_ranges].n = n_elements;
    nr[c->n_ranges].s = *section;
    nr[c->n_ranges].s.struct_size = sizeof *section;
    c->n_ranges++;
    for (i = first_element; i < first_element + n_elements; i++) {
        el_params *p = &c->el[i]->par;
        p->EA = section->E * section->A;
        p->rhoA = section->rho * section->A;
        p->EI = section->E * section->I;
    }
    ac_model_changed(m, "a section range was set");
    return ALECABLE_OK;
}

ALECABLE_API int alecable_cable_counts(const alecable_cable *c, int *n_nodes, int *n_elements)
{
    if (!c) return ALECABLE_ENULL;
    if (c->magic != MAGIC_CABLE) return ALECABLE_EHANDLE;
    if (n_nodes) *n_nodes = c->n_nodes;
    if (n_elements) *n_elements = c->n_el;
    return ALECABLE_OK;
}

ALECABLE_API int alecable_cable_node(alecable_node **out, const alecable_cable *c, int index)
{
    if (out) *out = NULL;
    if (!c) return ALECABLE_ENULL;
    if (c->magic != MAGIC_CABLE) return ALECABLE_EHANDLE;
    if (!out) return ac_fail(c->model, ALECABLE_ENULL, "out is NULL");
    if (index < 0 || index >= c->n_nodes)
        return ac_fail(c->model, ALECABLE_ERANGE, "node index %d out of range [0, %d)", index, c->n_nodes);
    *out = c->nodes[index];
    return ALECABLE_OK;
}

ALECABLE_API int alecable_cable_element(alecable_element **out, const alecable_cable *c, int index)
{
    if (out) *out = NULL;
    if (!c) return ALECABLE_ENULL;
    if (c->magic != MAGIC_CABLE) return ALECABLE_EHANDLE;
    if (!out) return ac_fail(c->model, ALECABLE_ENULL, "out is NULL");
    if (index < 0 || index >= c->n_el)
        return ac_fail(c->model, ALECABLE_ERANGE, "element index %d out of range [0, %d)", index, c->n_el);
    *out = c->el[index];
    return ALECABLE_OK;
}

ALECABLE_API int alecable_node_position(const alecable_node *n, double x[3])
{
    if (!n) return ALECABLE_ENULL;
    if (n->magic != MAGIC_NODE) return ALECABLE_EHANDLE;
    if (!x) return ac_fail(n->model, ALECABLE_ENULL, "x is NULL");
    x[0] = n->q[0];
    x[1] = n->q[1];
    x[2] = n->q[2];
    return ALECABLE_OK;
}

ALECABLE_API int alecable_node_material(const alecable_node *n, double *s)
{
    if (!n) return ALECABLE_ENULL;
    if (n->magic != MAGIC_NODE) return ALECABLE_EHANDLE;
    if (!s) return ac_fail(n->model, ALECABLE_ENULL, "s is NULL");
    if (n->sidx < 0) return ac_fail(n->model, ALECABLE_ERANGE, "a body's node has no material coordinate");
    *s = node_s(n);
    return ALECABLE_OK;
}

ALECABLE_API int alecable_node_set(alecable_node *n, const double x[3], double s)
{
    alecable_model *m;
    if (!n) return ALECABLE_ENULL;
    if (n->magic != MAGIC_NODE) return ALECABLE_EHANDLE;
    m = n->model;
    if (!x) return ac_fail(m, ALECABLE_ENULL, "x is NULL");
    if (n->sidx < 0) return ac_fail(m, ALECABLE_EINVAL, "a body's node: the body's pose is set at creation");
    if (!ac_is_finite3(x) || !isfinite(s)) return ac_fail(m, ALECABLE_EINVAL, "x or s is not finite");
    if ((ac_node_left(n) && !(s > node_s(ac_node_left(n)->a))) ||
        (ac_node_right(n) && !(s < node_s(ac_node_right(n)->b))))
        return ac_fail(m, ALECABLE_EINVAL, "s = %g would invert or collapse a neighbouring element", s);
    n->q[0] = x[0];
    n->q[1] = x[1];
    n->q[2] = x[2];
    n->q[n->sidx] = s;
    if (!m->dirty && n->dof0 >= 0) memcpy(m->q + n->dof0, n->q, (size_t)n->nfree * sizeof(double));
    return ALECABLE_OK;
}

/* Public dof ids are X, Y, Z, S (0..3) for every node; slope components of
 * ANCF and Kirchhoff nodes follow (4..6), the roll is ALECABLE_DOF_ROLL.  Element node layouts may differ (ANCF stores s
 * last), hence the map. */
int ac_node_local_dof(const alecable_node *n, int dof)
{
    if (n->sidx < 0) /* a body: x, y, z, then the rotation increments */
        return dof >= 0 && dof < 3 ? dof : dof >= ALECABLE_DOF_RX && dof <= ALECABLE_DOF_RZ ? dof - 4 : -1;
    if (ac_node_is_se3(n)) /* x, psi, s */
        return dof >= 0 && dof < 3                                ? dof
               : dof == ALECABLE_DOF_S                            ? 6
               : dof >= ALECABLE_DOF_RX && dof <= ALECABLE_DOF_RZ ? dof - 4
                                                                  : -1;
    if (dof == ALECABLE_DOF_ROLL) return n->ndof == 8 ? 6 : -1; /* Kirchhoff: r, r', roll, s */
    if (dof < 0 || dof >= n->ndof || dof >= ALECABLE_DOF_RX) return -1; /* RX..RZ: a body's, never a roll */
    if (dof < 3) return dof;
    if (dof == ALECABLE_DOF_S) return n->sidx;
    return n->sidx == 3 ? dof : dof - 1; /* slopes sit before s */
}

ALECABLE_API int alecable_node_slope(const alecable_node *n, double d[3])
{
    if (!n) return ALECABLE_ENULL;
    if (n->magic != MAGIC_NODE) return ALECABLE_EHANDLE;
    if (!d) return ac_fail(n->model, ALECABLE_ENULL, "d is NULL");
    if (n->ndof < 7 || ac_node_is_se3(n))
        return ac_fail(n->model, ALECABLE_ERANGE, "node has no slope dofs (not an ANCF node)");
    d[0] = n->q[3];
    d[1] = n->q[4];
    d[2] = n->q[5];
    return ALECABLE_OK;
}

ALECABLE_API int alecable_node_set_slope(alecable_node *n, const double d[3])
{
    alecable_model *m;
    if (!n) return ALECABLE_ENULL;
    if (n->magic != MAGIC_NODE) return ALECABLE_EHANDLE;
    m = n->model;
    if (!d) return ac_fail(m, ALECABLE_ENULL, "d is NULL");
    if (n->ndof < 7 || ac_node_is_se3(n)) return ac_fail(m, ALECABLE_ERANGE, "node has no slope dofs (not an ANCF node)");
    if (!ac_is_finite3(d)) return ac_fail(m, ALECABLE_EINVAL, "d has a NaN or infinite component");
    if (d[0] == 0.0 && d[1] == 0.0 && d[2] == 0.0)
        return ac_fail(m, ALECABLE_EINVAL, "d = 0: a slope r' = dr/ds gives the cable's direction, it cannot vanish");
    if (!(ac_direction_norm(d) > 0.0))
        return ac_fail(m, ALECABLE_EINVAL, "d = (%g, %g, %g): |d| is out of range (1e-150 .. 1e150); a slope is a "
                       "stretch times a unit tangent", d[0], d[1], d[2]);
    n->slope_user = 1;
    n->q[3] = d[0];
    n->q[4] = d[1];
    n->q[5] = d[2];
    if (!m->dirty && n->dof0 >= 0) memcpy(m->q + n->dof0, n->q, (size_t)n->nfree * sizeof(double));
    return ALECABLE_OK;
}

ALECABLE_API int alecable_node_dof_index(const alecable_node *n, int dof, int *index)
{
    alecable_model *m;
    int st;
    if (!n) return ALECABLE_ENULL;
    if (n->magic != MAGIC_NODE) return ALECABLE_EHANDLE;
    if (!index) return ac_fail(n->model, ALECABLE_ENULL, "index is NULL");
    m = n->model;
    if (ac_node_local_dof(n, dof) < 0) return ac_fail(m, ALECABLE_ERANGE, "dof = %d: node has dofs 0..%d", dof, n->ndof - 1);
    if (dof == ALECABLE_DOF_S && n->cable && n->cable->lagrangian)
        return ac_fail(m, ALECABLE_ERANGE, "dof = S: the node's cable is Lagrangian (s is not an unknown)");
    if (m->dirty && (st = ac_finalize(m))) return st;
    *index = n->dof0 + ac_node_local_dof(n, dof);
    return ALECABLE_OK;
}

static void element_qe(const alecable_element *e, double *qe)
{
    memcpy(qe, e->a->q, (size_t)e->a->ndof * sizeof(double));
    memcpy(qe + e->a->ndof, e->b->q, (size_t)e->b->ndof * sizeof(double));
    ac_split_output(e, qe);
}

ALECABLE_API int alecable_element_strain(const alecable_element *e, double *eps)
{
    double qe[EL_MAX_DOF], F, N;
    if (!e) return ALECABLE_ENULL;
    if (e->magic != MAGIC_ELEMENT) return ALECABLE_EHANDLE;
    if (!eps) return ac_fail(e->cable->model, ALECABLE_ENULL, "eps is NULL");
    element_qe(e, qe);
    e->ops->strain(&e->par, qe, eps, &F, &N);
    return ALECABLE_OK;
}

ALECABLE_API int alecable_element_axial_force(const alecable_element *e, double *force)
{
    double qe[EL_MAX_DOF], F, eps;
    if (!e) return ALECABLE_ENULL;
    if (e->magic != MAGIC_ELEMENT) return ALECABLE_EHANDLE;
    if (!force) return ac_fail(e->cable->model, ALECABLE_ENULL, "force is NULL");
    element_qe(e, qe);
    e->ops->strain(&e->par, qe, &eps, &F, force);
    return ALECABLE_OK;
}

ALECABLE_API int alecable_element_interval(const alecable_element *e, double *s_a, double *s_b)
{
    if (!e) return ALECABLE_ENULL;
    if (e->magic != MAGIC_ELEMENT) return ALECABLE_EHANDLE;
    if (s_a) *s_a = node_s(e->a);
    if (s_b) *s_b = node_s(e->b);
    return ALECABLE_OK;
}
