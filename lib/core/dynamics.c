/* A model driven by the time integrators: the glue between the model's
 * problem interface and alecable_integrator, and the kinetic energy. */
#include "model.h"
#include "../bodies/bodies.h"
#include "../constraints/mesh_motion.h"
#include "../integrators/problem.h"

#include <string.h>

/* The integrator's names of q's entries: the model's (cable, node, dof or
 * body, dof, with what to do), as a failed quasistatic solve gives them. */
static int name_dof(const void *ctx, int k, char *buf, size_t len)
{
    return ac_dof_name((const alecable_model *)ctx, k, buf, len);
}

ALECABLE_API int alecable_model_integrator(alecable_integrator **out, alecable_model *m,
                                           const alecable_dynamic_options *o)
{
    alecable_allocator host;
    alecable_dynamic_options def;
    int st, ramp;
    char msg[256];
    if ((st = ac_check_model(m))) return st;
    if (!out) return ac_fail(m, ALECABLE_ENULL, "out is NULL");
    *out = NULL;
    ac_clear_error(m);
    if (!o) { /* the defaults, as in 0.1 (0.2 refused NULL) */
        alecable_dynamic_options_init(&def);
        o = &def;
    }
    if ((st = dyn_check_options(o, msg, sizeof msg))) return ac_fail(m, st, "%s", msg);
    if (ac_split_count(m))
        return ac_fail(m, ALECABLE_EINVAL, "the model has %d split nodes (alecable_node_split_stretch): statics only "
                                           "in 0.3", ac_split_count(m));
    for (st = 0; st < m->joints.n; st++)
        if (sheave_lifts_off((const alecable_joint *)m->joints.p[st]))
            return ac_fail(m, ALECABLE_EINVAL, "joint %d is a sheave that may release and land the cable "
                                               "(alecable_sheave_set_lift_off, alecable_sheave_potential): statics "
                                               "only in 0.3 (a run's nodes cannot land or leave within a step); "
                                               "turn it off, or let its nodes land and leave one by one "
                                               "(alecable_sheave_set_node_contact), for dynamics", st);
    if ((st = mesh_layout(m, 1))) return st; /* the mesh-motion law's rows */
    ramp = m->ramp_loads;
    m->ramp_loads = 0; /* dynamics: loads act in full (before the problem: its energy is then time-free) */
    if ((st = alecable_model_problem(&m->prob, m))) {
        m->ramp_loads = ramp;
        return st;
    }
    alecable_allocator_init(&host);
    host.malloc_fn = m->alloc.malloc_fn;
    host.realloc_fn = m->alloc.realloc_fn;
    host.free_fn = m->alloc.free_fn;
    host.user = m->alloc.user;
    if ((st = alecable_integrator_create(out, &m->prob, o, &host))) {
        m->ramp_loads = ramp;
        return ac_fail(m, st, "cannot create the integrator: %s", alecable_strerror(st));
    }
    dyn_set_dof_namer(*out, name_dof, m);
    if ((st = alecable_integrator_set_state(*out, m->time, m->q, m->v, NULL, m->lam))) {
        if (st == ALECABLE_ECALLBACK) /* which callback */
            ac_fail(m, st, "initial state: %s: %s", alecable_integrator_errmsg(*out), m->cbmsg);
        else
            ac_fail(m, st, "initial state: %s", alecable_integrator_errmsg(*out));
        alecable_integrator_destroy(*out);
        *out = NULL;
        m->ramp_loads = ramp;
        return st;
    }
    return ALECABLE_OK;
}

/* The stamp of it's problem among m's (integrators keep their problem's
 * ctx): NULL when it was made on another model or on a host's problem. */
static const ac_stamp *own_stamp(const alecable_model *m, const alecable_integrator *it)
{
    const void *ctx = dyn_problem_ctx(it);
    const ac_stamp *s;
    for (s = m->stamps; s; s = s->next)
        if ((const void *)s == ctx) return s;
    return NULL;
}

ALECABLE_API int alecable_model_pull_state(alecable_model *m, const alecable_integrator *it)
{
    const ac_stamp *s;
    int st;
    double t;
    if ((st = ac_check_model(m))) return st;
    if (!it) return ac_fail(m, ALECABLE_ENULL, "integrator is NULL");
    if (!(s = own_stamp(m, it)))
        return ac_fail(m, ALECABLE_EHANDLE,
                       "the integrator belongs to another model (or runs a host's problem): pull its state into "
                       "the model it was made on");
    if (s->gen != m->gen)
        return ac_fail(m, ALECABLE_ESTATE,
                       "the model changed since the integrator was created: %s; create a new integrator",
                       m->changed ? m->changed : "it was changed");
    if (m->dirty && (st = ac_finalize(m))) return st;
    if ((st = alecable_integrator_get_state(it, &t, m->q, m->v, NULL, m->lam))) return ac_fail(m, st, "%s", alecable_integrator_errmsg(it));
    m->t = m->time = t;
    m->motions_at_t = 0;
    ac_sync_nodes(m);
    return ALECABLE_OK;
}

ALECABLE_API int alecable_model_kinetic_energy(alecable_model *m, double *T)
{
    double qe[EL_MAX_DOF], ve[EL_MAX_DOF], sum = 0.0;
    int st, c, i;
    if ((st = ac_check_model(m))) return st;
    if (!T) return ac_fail(m, ALECABLE_ENULL, "T is NULL");
    if (m->dirty && (st = ac_finalize(m))) return st;
    for (c = 0; c < m->cables.n; c++) {
        const alecable_cable *cb = (const alecable_cable *)m->cables.p[c];
        if (!cb->ops->kinetic || cb->section.rho <= 0.0) continue;
        for (i = 0; i < cb->n_el; i++) {
            ac_gather(cb->el[i], m->q, qe);
            ac_gather_rate(cb->el[i], m->v, ve);
            sum += cb->ops->kinetic(&cb->el[i]->par, qe, ve);
        }
    }
    *T = sum + bodies_kinetic(m, m->q, m->v) + point_masses_kinetic(m, ac_state_time(m), m->q, m->v);
    return ALECABLE_OK;
}
