/* The model seen as a problem: residual, weighted Jacobian and energy,
 * assembled through the scatter maps built at finalize (no allocation). */
#include "model.h"
#include "../constraints/constraints.h"
#include "../loads/loads.h"

#include <math.h>
#include <string.h>

static double load_scale(const alecable_model *m, double t) { return m->ramp_loads ? t : 1.0; }

/* Inertia enters only when the caller passes velocities and accelerations
 * (dynamics); quasistatic solvers pass NULL. */
static int has_inertia(const alecable_cable *cb, const double *v, const double *a)
{
    return v && a && cb->ops->inertia && cb->section.rho > 0.0;
}

int ac_residual(void *ctx, double t, const double *q, const double *v, const double *a,
                const double *lambda, double *r)
{
    alecable_model *m = (alecable_model *)ctx;
    double qe[EL_MAX_DOF], ve[EL_MAX_DOF], ae[EL_MAX_DOF], fe[EL_MAX_DOF], sc = load_scale(m, t);
    int c, i, k;
    memset(r, 0, (size_t)m->n * sizeof(double));
    for (c = 0; c < m->cables.n; c++) {
        const alecable_cable *cb = (const alecable_cable *)m->cables.p[c];
        int nd = el_ndof(cb->ops), inertia = has_inertia(cb, v, a);
        for (i = 0; i < cb->n_el; i++) {
            const alecable_element *e = cb->el[i];
            ac_gather(e, q, qe);
            e->ops->force(&e->par, qe, fe);
            for (k = 0; k < nd; k++) r[e->dofs[k]] += fe[k];
            if (inertia) {
                ac_gather(e, v, ve);
                ac_gather(e, a, ae);
                e->ops->inertia(&e->par, qe, ve, ae, fe);
                for (k = 0; k < nd; k++) r[e->dofs[k]] += fe[k];
            }
        }
    }
    gravity_residual(m, q, sc, r);
    for (i = 0; i < m->loads.n; i++) {
        load_residual(m, (const alecable_load *)m->loads.p[i], q, sc, r);
        field_load_residual(m, (const alecable_load *)m->loads.p[i], q, v, a, sc, r);
    }
    for (i = 0; i < m->constraints.n; i++)
        con_residual((const alecable_constraint *)m->constraints.p[i], q, lambda, t, r, m->nq);
    for (i = 0; i < m->n; i++)
        if (!isfinite(r[i])) return ALECABLE_ENAN;
    return ALECABLE_OK;
}

int ac_jacobian(void *ctx, double t, const double *q, const double *v, const double *a,
                const double *lambda, double cq, double cv, double ca, int flags, double *values)
{
    alecable_model *m = (alecable_model *)ctx;
    double qe[EL_MAX_DOF], ve[EL_MAX_DOF], ae[EL_MAX_DOF], *ke = m->ework, sc = load_scale(m, t);
    int c, i, k, nnz = m->pat.nnz;
    (void)lambda;
    /* flags: only field loads can be non-stiff (see field_load_jacobian) */
    memset(values, 0, (size_t)nnz * sizeof(double));
    for (c = 0; c < m->cables.n; c++) {
        const alecable_cable *cb = (const alecable_cable *)m->cables.p[c];
        int nd = el_ndof(cb->ops);
        for (i = 0; i < cb->n_el; i++) {
            const alecable_element *e = cb->el[i];
            ac_gather(e, q, qe);
            e->ops->tangent(&e->par, qe, ke);
            for (k = 0; k < nd * nd; k++) values[e->map[k]] += ke[k];
        }
    }
    gravity_jacobian(m, q, sc, values, ke);
    for (i = 0; i < m->loads.n; i++)
        load_jacobian(m, (const alecable_load *)m->loads.p[i], q, sc, values, ke);
    /* every q-block entry so far is dr/dq: weight it before the constraint blocks */
    if (cq != 1.0)
        for (k = 0; k < nnz; k++) values[k] *= cq;
    for (c = 0; c < m->cables.n; c++) {
        const alecable_cable *cb = (const alecable_cable *)m->cables.p[c];
        int nd = el_ndof(cb->ops);
        if (!has_inertia(cb, v, a)) continue;
        for (i = 0; i < cb->n_el; i++) {
            const alecable_element *e = cb->el[i];
            ac_gather(e, q, qe);
            ac_gather(e, v, ve);
            ac_gather(e, a, ae);
            e->ops->inertia_jac(&e->par, qe, ve, ae, cq, cv, ca, ke);
            for (k = 0; k < nd * nd; k++) values[e->map[k]] += ke[k];
        }
    }
    for (i = 0; i < m->loads.n; i++)
        field_load_jacobian(m, (const alecable_load *)m->loads.p[i], q, v, a, sc, cq, cv, ca, flags, values, ke);
    for (i = 0; i < m->constraints.n; i++) con_jacobian((const alecable_constraint *)m->constraints.p[i], values);
    for (k = 0; k < nnz; k++)
        if (!isfinite(values[k])) return ALECABLE_ENAN;
    return ALECABLE_OK;
}

static int ac_constraint_rates(void *ctx, double t, const double *q, const double *v, double *gdot, double *gamma)
{
    alecable_model *m = (alecable_model *)ctx;
    int i;
    (void)q;
    for (i = 0; i < m->constraints.n; i++)
        con_rates((const alecable_constraint *)m->constraints.p[i], t, v, gdot, gamma);
    return ALECABLE_OK;
}

double ac_energy(alecable_model *m, const double *q, double t, double *w_int, double *w_ext)
{
    double qe[EL_MAX_DOF], wi = 0.0, we, sc = load_scale(m, t);
    int c, i;
    for (c = 0; c < m->cables.n; c++) {
        const alecable_cable *cb = (const alecable_cable *)m->cables.p[c];
        for (i = 0; i < cb->n_el; i++) {
            ac_gather(cb->el[i], q, qe);
            wi += cb->ops->energy(&cb->el[i]->par, qe);
        }
    }
    we = gravity_energy(m, q, sc);
    for (i = 0; i < m->loads.n; i++) we += load_energy(m, (const alecable_load *)m->loads.p[i], q, sc);
    if (w_int) *w_int = wi;
    if (w_ext) *w_ext = we;
    return wi + we;
}

ALECABLE_API int alecable_model_energy(alecable_model *m, double *w_int, double *w_ext)
{
    int st = ac_check_model(m);
    if (st) return st;
    if (m->dirty && (st = ac_finalize(m))) return st;
    ac_energy(m, m->q, m->t, w_int, w_ext);
    return ALECABLE_OK;
}

ALECABLE_API int alecable_model_problem(alecable_problem *p, alecable_model *m)
{
    int st = ac_check_model(m);
    if (st) return st;
    if (!p) return ac_fail(m, ALECABLE_ENULL, "p is NULL");
    if (m->dirty && (st = ac_finalize(m))) return st;
    memset(p, 0, sizeof *p);
    p->struct_size = sizeof *p;
    p->ctx = m;
    p->nq = m->nq;
    p->nlam = m->nlam;
    p->nnz = m->pat.nnz;
    p->colptr = m->pat.colptr;
    p->rowidx = m->pat.rowidx;
    p->dof_class = m->dof_class;
    p->partner = m->partner;
    p->residual = ac_residual;
    p->jacobian = ac_jacobian;
    p->update = NULL; /* every coordinate of an axial cable is additive */
    p->constraint_rates = ac_constraint_rates;
    return ALECABLE_OK;
}
