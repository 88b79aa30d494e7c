/* Glue between the model and the integrators, and state access. */
#include "model.h"
#include "../integrators/problem.h"
#include "../constraints/mesh_motion.h"
#include "../friction/friction.h"
#include "../loads/load_ops.h"

#include <math.h>
#include <string.h>

static int prepare(alecable_model *m, alecable_problem *p)
{
    int st;
    if ((st = mesh_layout(m, 0))) return st; /* statics: paper 000's regularization, no mesh-motion rows */
    if (m->dirty && (st = ac_finalize(m))) return st;
    if ((st = alecable_model_problem(p, m))) return st;
    if (!m->qs) {
        qs_ws *ws = NULL;
        if ((st = qs_create(&ws, p, &m->alloc))) return ac_fail(m, st, "cannot create the solver workspace: %s", alecable_strerror(st));
        m->qs = ws;
    }
    qs_set_accept((qs_ws *)m->qs, ac_string_accept, m); /* no compressed string is OK (slack.c) */
    return ALECABLE_OK;
}

/* A point load on a node of an ALE cable whose s and position are both free acts on the
 * particle the mesh puts there, and in statics nothing but the regularization puts the mesh
 * anywhere (paper 000 sec. 3.4).  Eq. 47's configurational force, with the gradient and the
 * Jacobian averaged over the two elements, then balances a jump of the tension against the
 * two elements' sizes, so the discrete equilibria form a family along which the shape moves:
 * load steps of another size end elsewhere (seeds of make truth: 1 cm on a 6 m cable).  Where
 * a constraint or joint holds the node's s (a particle) or its position (a point in space, the
 * case eq. 47 is for), the load is well placed.  Dynamics has the mesh-motion law for it. */
int ac_place_loads(alecable_model *m)
{
    int i, *f = NULL, found = -1;
    for (i = 0; i < m->loads.n; i++) {
        alecable_load *l = (alecable_load *)m->loads.p[i];
        if (!(l->ops->flags & LOAD_CONFIG)) continue;
        l->config = 0;
        if (!l->node->cable || node_sdof(l->node) < 0) continue;
        if (!f && !(f = mesh_marks(m))) return -2;
        /* a held s (a fix, a prescribed or driven motion, a joint) admits no variation: eq. 47's
         * force would only add to the hold's reaction, and its Jacobian would make the tangent
         * asymmetric where the load has a potential (-f.x) */
        l->config = !mesh_s_held(f, l->node);
        if (found < 0 && !mesh_is_anchor(f, l->node)) found = i;
    }
    if (f) ac_free(&m->alloc, f);
    return found;
}

static int point_load_check(alecable_model *m)
{
    const alecable_node *n;
    if (m->unplaced_load < 0 || m->unplaced_load >= m->loads.n) return ALECABLE_OK;
    n = ((const alecable_load *)m->loads.p[m->unplaced_load])->node;
    return ac_fail(m, ALECABLE_ESTATE,
                   "a point load (alecable_load_node) sits on cable %d node %d, whose material coordinate and "
                   "position are both free: in statics the mesh, not the physics, would choose the particle it "
                   "pulls, and the equilibrium would depend on the load steps; hold the node's s (alecable_fix "
                   "with ALECABLE_DOF_S: the load then pulls that particle), load a particle with "
                   "alecable_load_material_point, or hold the node in space",
                   ac_list_index(&m->cables, n->cable), n->index);
}

/* Pulley slip friction (alecable_pulley_friction) is a law for one flow direction, given: a
 * solve whose material flowed the other way through a wrap found an equilibrium of a friction
 * that pushed the material, not one of the model.  The state of the solve's start (q0, lam0, t0,
 * hist0) is put back and the solve refused. */
static int slip_law_check(alecable_model *m, const alecable_problem *p, const double *q0, const double *lam0,
                          double t0, const double *hist0)
{
    int i, node;
    double ds;
    for (i = 0; i < m->loads.n; i++) {
        const alecable_load *l = (const alecable_load *)m->loads.p[i];
        if (l->kind != LOAD_PULLEY_FRICTION || pulley_friction_flow(l, q0, m->q, &node, &ds)) continue;
        memcpy(m->q, q0, (size_t)m->nq * sizeof(double));
        memcpy(m->lam, lam0, (size_t)m->nlam * sizeof(double));
        m->t = t0;
        if (p->nhist > 0) p->history_set(p->ctx, hist0);
        ac_sync_nodes(m);
        return ac_fail(m, ALECABLE_ENOCONV,
                       "pulley slip friction (flow = %+d): the material flowed the other way through the wrap (its "
                       "node %d's s moved by %+.3g m), so the equilibrium found is one of a friction that drives "
                       "the cable, not of the model; give flow = %+d if the cable is pulled at its %s-s end, or use "
                       "stick/slip friction (alecable_wrap_friction), which finds the direction; the solve's start "
                       "is kept", l->flow, node, ds, -l->flow, l->flow > 0 ? "low" : "high");
    }
    return ALECABLE_OK;
}

ALECABLE_API int alecable_solve_quasistatic(alecable_model *m, const alecable_quasistatic_options *o,
                                            alecable_solve_report *report)
{
    alecable_problem p;
    alecable_quasistatic_options opt;
    alecable_solve_report rep;
    int st, ramp, clock_mode, i, slip = 0;
    double *q0 = NULL, t0 = 0.0;
    char msg[sizeof m->errmsg];
    if ((st = ac_check_model(m))) return st;
    ac_clear_error(m);
    if (!o) alecable_quasistatic_options_init(&opt);
    else if ((st = qs_options(o, &opt, msg, sizeof msg))) return ac_fail(m, st, "%s", msg);
    if ((st = ac_clock_mode(m, o, &opt, &clock_mode))) return st;
    o = &opt;
    if (!qs_report_ok(report))
        return ac_fail(m, ALECABLE_EINVAL, "report: struct_size %zu, call alecable_solve_report_init", report->struct_size);
    if ((st = prepare(m, &p)) || (st = point_load_check(m))) return st;
    for (i = 0; i < m->loads.n; i++)
        if (((const alecable_load *)m->loads.p[i])->kind == LOAD_PULLEY_FRICTION) slip = 1;
    if (slip) { /* the start, for slip_law_check */
        q0 = (double *)ac_calloc(&m->alloc, (size_t)m->nq + (size_t)m->nlam + (size_t)p.nhist + 1, sizeof(double));
        if (!q0) return ac_fail(m, ALECABLE_ENOMEM, "out of memory");
        memcpy(q0, m->q, (size_t)m->nq * sizeof(double));
        memcpy(q0 + m->nq, m->lam, (size_t)m->nlam * sizeof(double));
        if (p.nhist > 0 && (st = p.history_get(p.ctx, q0 + m->nq + m->nlam))) {
            ac_free(&m->alloc, q0);
            return ac_fail(m, st, "the model's history could not be read (%s)", alecable_strerror(st));
        }
        t0 = m->t;
    }
    ramp = m->ramp_loads;
    m->ramp_loads = 1;
    ac_clock_begin(m, clock_mode);
    alecable_solve_report_init(&rep);
    msg[0] = '\0';
    st = qs_solve((qs_ws *)m->qs, &p, o, m->q, m->lam, &m->t, &rep, msg, sizeof msg);
    m->ramp_loads = ramp;
    ac_clock_end(m, clock_mode);
    ac_sync_nodes(m);
    if (!st && slip && (st = slip_law_check(m, &p, q0, q0 + m->nq, t0, q0 + m->nq + m->nlam))) {
        rep.status = st;
        if (report) qs_report_out(report, &rep);
        ac_free(&m->alloc, q0);
        return st; /* slip_law_check said why */
    }
    if (q0) ac_free(&m->alloc, q0);
    if (report) qs_report_out(report, &rep);
    if (st == ALECABLE_ESINGULAR || st == ALECABLE_ENOCONV) {
        char dof[200];
        if (ac_dof_name(m, qs_null_dof((const qs_ws *)m->qs), dof, sizeof dof) == 0)
            return ac_fail(m, st, "%s; unrestrained: %s", msg, dof);
    }
    if (st == ALECABLE_ECALLBACK) return ac_fail(m, st, "%s: %s", msg, m->cbmsg); /* which callback */
    if (st) return ac_fail(m, st, "%s", msg);
    return ALECABLE_OK;
}

static const qs_ws *report_ws(const alecable_model *m, int *st)
{
    *st = ac_check_model(m);
    if (*st) return NULL;
    if (!m->qs) {
        *st = ac_fail((alecable_model *)m, ALECABLE_ESTATE, "no quasistatic solve has run on this model");
        return NULL;
    }
    return (const qs_ws *)m->qs;
}

ALECABLE_API int alecable_report_step(const alecable_model *m, int step, int *it1, int *it2, int *ndep)
{
    int st;
    const qs_ws *ws = report_ws(m, &st);
    if (!ws) return st;
    if ((st = qs_step_info(ws, step, it1, it2, ndep)))
        return ac_fail((alecable_model *)m, st, "step %d is not part of the last solve", step);
    return ALECABLE_OK;
}

ALECABLE_API int alecable_report_residuals(const alecable_model *m, int step, int stage,
                                           const double **values, int *count)
{
    int st;
    const qs_ws *ws = report_ws(m, &st);
    if (!ws) return st;
    if (!values || !count) return ac_fail((alecable_model *)m, ALECABLE_ENULL, "values or count is NULL");
    if ((st = qs_residuals(ws, step, stage, values, count)))
        return ac_fail((alecable_model *)m, st, "step %d / stage %d is not part of the last solve", step, stage);
    return ALECABLE_OK;
}

ALECABLE_API int alecable_report_dependent(const alecable_model *m, int step, const int **lines, int *count)
{
    int st;
    const qs_ws *ws = report_ws(m, &st);
    if (!ws) return st;
    if (!lines || !count) return ac_fail((alecable_model *)m, ALECABLE_ENULL, "lines or count is NULL");
    if ((st = qs_dependent(ws, step, lines, count)))
        return ac_fail((alecable_model *)m, st, "step %d is not part of the last solve", step);
    return ALECABLE_OK;
}

ALECABLE_API int alecable_model_get_state(const alecable_model *m, double *q, double *lambda, double *load_factor)
{
    int st = ac_check_model(m);
    if (st) return st;
    if (m->dirty) return ac_fail((alecable_model *)m, ALECABLE_ESTATE, "model changed since finalize: call alecable_model_finalize");
    if (q) memcpy(q, m->q, (size_t)m->nq * sizeof(double));
    if (lambda) memcpy(lambda, m->lam, (size_t)(m->nlam - m->nlam_mesh) * sizeof(double));
    if (load_factor) *load_factor = m->t;
    return ALECABLE_OK;
}

ALECABLE_API int alecable_model_set_state(alecable_model *m, const double *q, const double *lambda, double load_factor)
{
    int st = ac_check_model(m), i, c;
    if (st) return st;
    if (m->dirty) return ac_fail(m, ALECABLE_ESTATE, "model changed since finalize: call alecable_model_finalize");
    if (!isfinite(load_factor)) return ac_fail(m, ALECABLE_EINVAL, "load_factor is not finite");
    if (q) {
        for (i = 0; i < m->nq; i++)
            if (!isfinite(q[i])) return ac_fail(m, ALECABLE_EINVAL, "q[%d] is not finite", i);
        /* refuse a state that inverts or collapses an element */
        for (c = 0; c < m->cables.n; c++) {
            const alecable_cable *cb = (const alecable_cable *)m->cables.p[c];
            for (i = 0; i < cb->n_el; i++)
                if (!(node_s_at(cb->el[i]->b, q) > node_s_at(cb->el[i]->a, q)))
                    return ac_fail(m, ALECABLE_EINVAL, "q: element %d of cable %d would have material length <= 0", i, c);
        }
    }
    if (lambda)
        for (i = 0; i < m->nlam - m->nlam_mesh; i++)
            if (!isfinite(lambda[i])) return ac_fail(m, ALECABLE_EINVAL, "lambda[%d] is not finite", i);
    if (q) memcpy(m->q, q, (size_t)m->nq * sizeof(double));
    if (lambda) memcpy(m->lam, lambda, (size_t)(m->nlam - m->nlam_mesh) * sizeof(double));
    m->t = load_factor;
    ac_sync_nodes(m);
    return ALECABLE_OK;
}

ALECABLE_API int alecable_model_set_velocity(alecable_model *m, const double *v)
{
    int st = ac_check_model(m), i;
    if (st) return st;
    if (!v) return ac_fail(m, ALECABLE_ENULL, "v is NULL");
    if (m->dirty) return ac_fail(m, ALECABLE_ESTATE, "model changed since finalize: call alecable_model_finalize");
    for (i = 0; i < m->nq; i++)
        if (!isfinite(v[i])) return ac_fail(m, ALECABLE_EINVAL, "v[%d] is not finite", i);
    memcpy(m->v, v, (size_t)m->nq * sizeof(double));
    return ALECABLE_OK;
}

ALECABLE_API int alecable_model_get_velocity(const alecable_model *m, double *v)
{
    int st = ac_check_model(m);
    if (st) return st;
    if (!v) return ALECABLE_ENULL;
    if (m->dirty) return ALECABLE_ESTATE;
    memcpy(v, m->v, (size_t)m->nq * sizeof(double));
    return ALECABLE_OK;
}
