/* Model lifetime, errors, version, handle checks. */
#include "model.h"
#include "../loads/load_ops.h"
#include "../constraints/constraints.h"
#include "../bodies/bodies.h"
#include "../integrators/problem.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define STR2(x) #x
#define STR(x) STR2(x)

ALECABLE_API const char *alecable_version(void)
{
    return STR(ALECABLE_VERSION_MAJOR) "." STR(ALECABLE_VERSION_MINOR) "." STR(ALECABLE_VERSION_PATCH);
}

ALECABLE_API int alecable_version_number(void) { return ALECABLE_VERSION_NUMBER; }

ALECABLE_API const char *alecable_strerror(int code)
{
    switch (code) {
    case ALECABLE_OK: return "ALECABLE_OK: success";
    case ALECABLE_STEP_TOO_LARGE: return "ALECABLE_STEP_TOO_LARGE: step too large, cut it and retry";
    case ALECABLE_DIVERGING: return "ALECABLE_DIVERGING: the integration is diverging, cut the step or change the method";
    case ALECABLE_CONTACT_CLOSED: return "ALECABLE_CONTACT_CLOSED: a contact closed, restart from a consistent state";
    case ALECABLE_ENULL: return "ALECABLE_ENULL: a required pointer is NULL";
    case ALECABLE_EINVAL: return "ALECABLE_EINVAL: invalid argument";
    case ALECABLE_EHANDLE: return "ALECABLE_EHANDLE: handle of the wrong kind or of another model";
    case ALECABLE_ERANGE: return "ALECABLE_ERANGE: index out of range or missing degree of freedom";
    case ALECABLE_ENOMEM: return "ALECABLE_ENOMEM: out of memory";
    case ALECABLE_ESTATE: return "ALECABLE_ESTATE: call does not fit the model's state";
    case ALECABLE_ESINGULAR: return "ALECABLE_ESINGULAR: singular linear system";
    case ALECABLE_ENOCONV: return "ALECABLE_ENOCONV: Newton iterations did not converge";
    case ALECABLE_ENAN: return "ALECABLE_ENAN: NaN or infinity in the residual or solution";
    case ALECABLE_ELINSOLVE: return "ALECABLE_ELINSOLVE: linear solver failure";
    case ALECABLE_ECALLBACK: return "ALECABLE_ECALLBACK: a host callback returned non-zero (the model's message names it)";
    case ALECABLE_EUNSTABLE: return "ALECABLE_EUNSTABLE: the equilibrium found is unstable";
    default: return "unknown status code";
    }
}

int ac_fail(alecable_model *m, int code, const char *fmt, ...)
{
    if (m && m->magic == MAGIC_MODEL) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(m->errmsg, sizeof m->errmsg, fmt, ap);
        va_end(ap);
    }
    return code;
}

void ac_clear_error(alecable_model *m) { m->errmsg[0] = '\0'; }

void ac_callback_failed(alecable_model *m, int rc, double t, const char *fmt, ...)
{
    va_list ap;
    size_t len;
    if (m->cb_rc) return; /* the first failure of the evaluation is the one to name */
    m->cb_rc = rc ? rc : 1;
    va_start(ap, fmt);
    vsnprintf(m->cbmsg, sizeof m->cbmsg, fmt, ap);
    va_end(ap);
    len = strlen(m->cbmsg);
    if (rc)
        snprintf(m->cbmsg + len, sizeof m->cbmsg - len, " returned %d at t = %.9g (non-zero fails the evaluation)", rc, t);
    else
        snprintf(m->cbmsg + len, sizeof m->cbmsg - len, " at t = %.9g", t);
    snprintf(m->errmsg, sizeof m->errmsg, "%s", m->cbmsg);
}

ALECABLE_API const char *alecable_model_errmsg(const alecable_model *m)
{
    if (!m) return "model is NULL";
    if (m->magic != MAGIC_MODEL) return "not a model handle";
    return m->errmsg;
}

ALECABLE_API void alecable_allocator_init(alecable_allocator *a)
{
    ac_alloc d;
    if (!a) return;
    ac_alloc_default(&d);
    a->struct_size = sizeof *a;
    a->malloc_fn = d.malloc_fn;
    a->realloc_fn = d.realloc_fn;
    a->free_fn = d.free_fn;
    a->user = NULL;
}

ALECABLE_API int alecable_model_create(alecable_model **out, const alecable_allocator *allocator)
{
    ac_alloc al;
    alecable_model *m;
    if (!out) return ALECABLE_ENULL;
    *out = NULL;
    if (ac_alloc_from_host(&al, allocator)) return ALECABLE_EINVAL;
    m = (alecable_model *)ac_calloc(&al, 1, sizeof *m);
    if (!m) return ALECABLE_ENOMEM;
    m->alloc = al;
    m->alloc.n_malloc++; /* the model itself was allocated through al */
    m->magic = MAGIC_MODEL;
    m->dirty = 1;
    m->ramp_loads = 1;
    *out = m;
    return ALECABLE_OK;
}

static void free_cable(alecable_model *m, alecable_cable *c)
{
    ac_cable_free_objects(m, c);
    ac_free(&m->alloc, c->nodes);
    ac_free(&m->alloc, c->el);
    ac_free(&m->alloc, c->shape);
    ac_free(&m->alloc, c->ranges);
    c->magic = 0;
    ac_free(&m->alloc, c);
}

void ac_free_solution_space(alecable_model *m);

ALECABLE_API void alecable_model_destroy(alecable_model *m)
{
    int i;
    ac_alloc al;
    if (!m || m->magic != MAGIC_MODEL) return;
    ac_free_solution_space(m);
    for (i = 0; i < m->cables.n; i++) free_cable(m, (alecable_cable *)m->cables.p[i]);
    for (i = 0; i < m->constraints.n; i++) con_free(m, (alecable_constraint *)m->constraints.p[i]);
    for (i = 0; i < m->loads.n; i++) {
        alecable_load *l = (alecable_load *)m->loads.p[i];
        ac_free(&m->alloc, l->map);
        ac_free(&m->alloc, l->wrench);
        ac_free(&m->alloc, l->sb.h);
        l->magic = 0;
        ac_free(&m->alloc, l);
    }
    for (i = 0; i < m->bodies.n; i++) body_free(m, (alecable_body *)m->bodies.p[i]);
    for (i = 0; i < m->joints.n; i++) joint_free(m, (alecable_joint *)m->joints.p[i]);
    for (i = 0; i < m->seas.n; i++) {
        *(unsigned *)m->seas.p[i] = 0; /* the sea's magic (its first member) */
        ac_free(&m->alloc, m->seas.p[i]);
    }
    ac_free(&m->alloc, m->seas.p);
    for (i = 0; i < m->point_masses.n; i++) {
        *(unsigned *)m->point_masses.p[i] = 0; /* the point mass's magic (its first member) */
        ac_free(&m->alloc, m->point_masses.p[i]);
    }
    ac_free(&m->alloc, m->point_masses.p);
    while (m->stamps) {
        ac_stamp *next = m->stamps->next;
        m->stamps->magic = 0;
        ac_free(&m->alloc, m->stamps);
        m->stamps = next;
    }
    ac_free(&m->alloc, m->cables.p);
    ac_free(&m->alloc, m->constraints.p);
    ac_free(&m->alloc, m->loads.p);
    ac_free(&m->alloc, m->bodies.p);
    ac_free(&m->alloc, m->joints.p);
    al = m->alloc;
    m->magic = 0;
    ac_free(&al, m);
}

ALECABLE_API void alecable_alloc_stats_init(alecable_alloc_stats *s)
{
    if (!s) return;
    memset(s, 0, sizeof *s);
    s->struct_size = sizeof *s;
}

ALECABLE_API int alecable_model_alloc_stats(const alecable_model *m, alecable_alloc_stats *s)
{
    int st = ac_check_model(m);
    if (st) return st;
    if (!s) return ac_fail((alecable_model *)m, ALECABLE_ENULL, "s is NULL");
    if (s->struct_size < sizeof *s)
        return ac_fail((alecable_model *)m, ALECABLE_EINVAL, "s: struct_size %zu, call alecable_alloc_stats_init",
                       s->struct_size);
    s->n_malloc = m->alloc.n_malloc;
    s->n_realloc = m->alloc.n_realloc;
    s->n_free = m->alloc.n_free;
    return ALECABLE_OK;
}

alecable_load *ac_load_alloc(alecable_model *m, const load_ops *ops)
{
    alecable_load *l = (alecable_load *)ac_calloc(&m->alloc, 1, sizeof *l);
    if (!l) {
        ac_fail(m, ALECABLE_ENOMEM, "out of memory");
        return NULL;
    }
    l->magic = MAGIC_LOAD;
    l->model = m;
    l->ops = ops;
    l->kind = ops->kind;
    return l;
}

int ac_load_push(alecable_model *m, alecable_load *l, alecable_load **out)
{
    int st;
    if ((st = ac_list_push(m, &m->loads, l))) {
        ac_free(&m->alloc, l);
        return st;
    }
    ac_model_changed(m, "a load was added");
    if (out) *out = l;
    return ALECABLE_OK;
}

int ac_joint_holding(const alecable_model *m, const alecable_node *n, int dof)
{
    int i;
    for (i = 0; i < m->joints.n; i++) {
        const alecable_joint *j = (const alecable_joint *)m->joints.p[i];
        if (j->ops->holds && j->ops->holds(j, n, dof)) return i;
    }
    return -1;
}

int ac_list_index(const ptr_list *l, const void *p)
{
    int i;
    for (i = 0; i < l->n; i++)
        if (l->p[i] == p) return i;
    return -1;
}

int ac_list_push(alecable_model *m, ptr_list *l, void *p)
{
    if (l->n == l->cap) {
        int cap = l->cap ? 2 * l->cap : 8;
        void **np = (void **)ac_realloc(&m->alloc, l->p, (size_t)cap * sizeof *np);
        if (!np) return ac_fail(m, ALECABLE_ENOMEM, "out of memory");
        l->p = np;
        l->cap = cap;
    }
    l->p[l->n++] = p;
    return ALECABLE_OK;
}

void ac_model_changed(alecable_model *m, const char *what)
{
    /* the messages name the first change since the last problem was made */
    if (!m->stamps || m->stamps->gen == m->gen) m->changed = what;
    m->dirty = 1;
    m->gen++;
}

ac_stamp *ac_stamp_current(alecable_model *m)
{
    ac_stamp *s = m->stamps;
    if (s && s->gen == m->gen) return s;
    s = (ac_stamp *)ac_calloc(&m->alloc, 1, sizeof *s);
    if (!s) return NULL;
    s->magic = MAGIC_STAMP;
    s->m = m;
    s->gen = m->gen;
    s->next = m->stamps;
    m->stamps = s;
    return s;
}

alecable_model *ac_ctx_model(void *ctx)
{
    ac_stamp *s = (ac_stamp *)ctx;
    if (s->gen == s->m->gen) return s->m;
    ac_fail(s->m, ALECABLE_ESTATE,
            "the model changed since its problem, integrators and embeddings were made: %s; create a new "
            "integrator (alecable_model_integrator), problem (alecable_model_problem) or embedding "
            "(alecable_model_embedding)",
            s->m->changed ? s->m->changed : "it was changed");
    return NULL;
}

int ac_check_model(const alecable_model *m)
{
    if (!m) return ALECABLE_ENULL;
    if (m->magic != MAGIC_MODEL) return ALECABLE_EHANDLE;
    return ALECABLE_OK;
}

int ac_check_node(alecable_model *m, const alecable_node *n, const char *arg)
{
    if (!n) return ac_fail(m, ALECABLE_ENULL, "%s is NULL", arg);
    if (n->magic != MAGIC_NODE) return ac_fail(m, ALECABLE_EHANDLE, "%s is not a node handle", arg);
    if (m && n->model != m) return ac_fail(m, ALECABLE_EHANDLE, "%s belongs to another model", arg);
    return ALECABLE_OK;
}

int ac_check_cable(alecable_model *m, const alecable_cable *c, const char *arg)
{
    if (!c) return ac_fail(m, ALECABLE_ENULL, "%s is NULL", arg);
    if (c->magic != MAGIC_CABLE) return ac_fail(m, ALECABLE_EHANDLE, "%s is not a cable handle", arg);
    if (m && c->model != m) return ac_fail(m, ALECABLE_EHANDLE, "%s belongs to another model", arg);
    return ALECABLE_OK;
}

int ac_is_finite3(const double v[3])
{
    return isfinite(v[0]) && isfinite(v[1]) && isfinite(v[2]);
}

double ac_direction_norm(const double v[3])
{
    double n;
    if (!ac_is_finite3(v)) return 0.0;
    n = sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
    return n > 1e-150 && n < 1e150 ? n : 0.0;
}

ALECABLE_API int alecable_model_set_load_ramp(alecable_model *m, int on)
{
    int st = ac_check_model(m);
    if (st) return st;
    if (on != 0 && on != 1) return ac_fail(m, ALECABLE_EINVAL, "on = %d must be 0 or 1", on);
    m->ramp_loads = on;
    return ALECABLE_OK;
}

ALECABLE_API int alecable_model_set_gravity(alecable_model *m, const double g[3])
{
    int st = ac_check_model(m);
    if (st) return st;
    if (!g) return ac_fail(m, ALECABLE_ENULL, "g is NULL");
    if (!ac_is_finite3(g)) return ac_fail(m, ALECABLE_EINVAL, "g has a NaN or infinite component");
    m->gravity[0] = g[0];
    m->gravity[1] = g[1];
    m->gravity[2] = g[2];
    return ALECABLE_OK;
}
