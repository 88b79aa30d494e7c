/* The model's residual scale (alecable_problem.residual_scale): for each
 * equation, the size of the terms that balance in it, so that the solvers
 * judge |r_i| against physics and not against the residual history (which
 * a blow-up inflates).
 *
 * q rows: the sum, over the pieces that the residual adds, of each piece's
 * magnitude in that row:
 *  - every element separately: |internal force|, |its weight| and, when v
 *    and a are given, |inertia force| (each component; the two elements
 *    that meet at a node give 2T for a tension T, where the residual sums
 *    to about zero);
 *  - the loads (point, distributed, field: hydrodynamics, seabed,
 *    friction, wrenches) at the same load factor as the residual, summed
 *    over the loads then taken in magnitude;
 *  - the bodies' weights and loads (and inertia in dynamics), the same way;
 *  - the constraint forces G^T lambda, then the joints' forces (their
 *    multipliers and springs), then the pulleys' friction, each group the
 *    same way.
 * A row on which nothing acts gets 0: the solver adds a floor (a fraction of
 * the largest scale) so that it is judged against the problem's forces.
 *
 * Constraint rows: the model's size L, the longest cable's material length
 * (1 m when the model has no cable): a violation g_i is judged as a length
 * against L (an angle as the arc it makes at that distance).
 *
 * The element forces come from the element kind's force kernel (element.h),
 * no kernel of its own; the groups are summed in m->scale_work, n values
 * allocated by the first call (an implicit integrator's first step, a
 * static solve): a model the semi-implicit methods run never holds them. */
#include "model.h"
#include "../constraints/constraints.h"
#include "../loads/loads.h"
#include "../bodies/bodies.h"
#include "../friction/friction.h"
#include "../constraints/mesh_motion.h"

#include <math.h>
#include <string.h>

/* scale[0..nq) += |w[0..nq)|, then w is cleared for the next group */
static void add_group(double *scale, double *w, int nq)
{
    int i;
    for (i = 0; i < nq; i++) scale[i] += fabs(w[i]);
    memset(w, 0, (size_t)nq * sizeof(double));
}

static void add_element(double *scale, const alecable_element *e, const double *fe, int nd)
{
    int k;
    for (k = 0; k < nd; k++) {
        int d = ac_element_dof(e, k);
        if (d >= 0) scale[d] += fabs(fe[k]);
    }
}

/* the longest cable's material length, 1 m without cables */
static double model_size(const alecable_model *m)
{
    double L = 0.0;
    int c, i;
    for (c = 0; c < m->cables.n; c++) {
        const alecable_cable *cb = (const alecable_cable *)m->cables.p[c];
        double l = 0.0;
        for (i = 0; i < cb->n_el; i++) l += fabs(cb->el[i]->par.ref_len);
        if (l > L) L = l;
    }
    return L > 0.0 && isfinite(L) ? L : 1.0;
}

/* scale += the magnitudes of a split element's force and weight (statics) */
void ac_scale_split(const alecable_element *e, const double *q, const double *b, double *scale)
{
    double fs[EL_MAX_DOF + 2];
    int xd[EL_MAX_DOF + 2], k, nd = el_ndof(e->ops);
    const int *dofs = ac_split_dofs(e, xd);
    ac_split_eval(e, q, NULL, fs, NULL);
    for (k = 0; k < nd + 2; k++)
        if (dofs[k] >= 0) scale[dofs[k]] += fabs(fs[k]);
    if (b) {
        double g[EL_MAX_DOF + 2];
        ac_split_eval(e, q, b, g, NULL);
        for (k = 0; k < nd + 2; k++)
            if (dofs[k] >= 0) scale[dofs[k]] += fabs(g[k] - fs[k]);
    }
}

int ac_residual_scale(void *ctx, double t, const double *q, const double *v, const double *a,
                      const double *lambda, double *scale)
{
    alecable_model *m = ac_ctx_model(ctx); /* NULL: the model changed since its problem */
    double qe[EL_MAX_DOF], ve[EL_MAX_DOF], ae[EL_MAX_DOF], fe[EL_MAX_DOF];
    double sc;
    int c, i, dyn = v && a;
    if (!m) return ALECABLE_ESTATE;
    m->cb_rc = 0;
    sc = m->ramp_loads ? t : 1.0;
    memset(scale, 0, (size_t)m->n * sizeof(double));
    for (c = 0; c < m->cables.n; c++) {
        const alecable_cable *cb = (const alecable_cable *)m->cables.p[c];
        const el_ops *ops = cb->ops;
        double b[3];
        int nd = el_ndof(ops), grav = gravity_density(m, cb, sc, b);
        int inertia = dyn && ops->inertia && cb->section.rho > 0.0;
        for (i = 0; i < cb->n_el; i++) {
            const alecable_element *e = cb->el[i];
            if (e->xdof >= 0) { /* statics only (dynamics.c) */
                ac_scale_split(e, q, grav ? b : NULL, scale);
                continue;
            }
            ac_gather(e, q, qe);
            ops->force(&e->par, qe, fe);
            add_element(scale, e, fe, nd);
            if (grav) {
                ops->dist_force(b, qe, fe);
                add_element(scale, e, fe, nd);
            }
            if (inertia) {
                ac_gather_rate(e, v, ve);
                ac_gather_rate(e, a, ae);
                ops->inertia(&e->par, qe, ve, ae, fe);
                add_element(scale, e, fe, nd);
            }
        }
    }
    return ac_scale_rest(m, t, q, v, a, lambda, scale);
}

/* The groups after the elements (loads, bodies, constraint forces, joints,
 * pulley friction) and the constraint rows; scale holds the elements'
 * part.  m->cb_rc is read at the end: a caller that evaluated the residual
 * first has checked and cleared its own. */
int ac_scale_rest(alecable_model *m, double t, const double *q, const double *v, const double *a,
                  const double *lambda, double *scale)
{
    double sc = m->ramp_loads ? t : 1.0, L, *w, tm = ac_motion_time(m, t);
    int i, nq = m->nq, dyn = v && a;
    if (!m->scale_work && !(m->scale_work = (double *)ac_calloc(&m->alloc, (size_t)m->n, sizeof(double))))
        return ALECABLE_ENOMEM;
    w = m->scale_work;
    memset(w, 0, (size_t)m->n * sizeof(double));
    /* w holds n values: the groups' constraint rows land there too and are
     * cleared with the rest */
    if (m->loads.n) {
        for (i = 0; i < m->loads.n; i++) {
            const alecable_load *l = (const alecable_load *)m->loads.p[i];
            if (l->kind == LOAD_PULLEY_FRICTION) continue;
            load_residual(m, l, q, sc, w);
            field_load_residual(m, l, tm, q, v, a, sc, w);
        }
        add_group(scale, w, m->n);
    }
    if (m->bodies.n) {
        bodies_residual(m, q, sc, w);
        if (dyn) bodies_inertia_residual(m, q, v, a, w);
        add_group(scale, w, m->n);
    }
    if (m->point_masses.n) { /* weights, drag and inertia of the point masses */
        point_masses_residual(m, tm, q, v, dyn ? a : NULL, sc, w);
        add_group(scale, w, m->n);
    }
    for (i = 0; i < m->cables.n; i++)
        if (((const alecable_cable *)m->cables.p[i])->n_ranges) { /* the segments' weight differences */
            ac_segments_residual(m, q, sc, w);
            add_group(scale, w, m->n);
            break;
        }
    /* the constraint forces, the mesh-motion rows' (dynamics) with them */
    for (i = 0; i < m->constraints.n; i++)
        con_residual((const alecable_constraint *)m->constraints.p[i], q, lambda, tm, w, nq);
    mesh_residual(m, q, lambda, w);
    add_group(scale, w, m->n);
    if (m->joints.n) {
        for (i = 0; i < m->joints.n; i++) {
            const alecable_joint *j = (const alecable_joint *)m->joints.p[i];
            /* friction joints run on the load factor, the rest on the motions' time (assemble.c) */
            j->ops->eval(j, j->kind == JOINT_FRICTION ? t : tm, q, v, lambda, w, nq, 0.0, 0.0, NULL);
        }
        add_group(scale, w, m->n);
    }
    for (i = 0; i < m->loads.n; i++) {
        const alecable_load *l = (const alecable_load *)m->loads.p[i];
        if (l->kind == LOAD_PULLEY_FRICTION) {
            pulley_friction_residual(l, q, lambda, w);
            add_group(scale, w, m->n);
        }
    }
    L = model_size(m);
    for (i = nq; i < m->n; i++) scale[i] = L;
    if (m->cb_rc) return ALECABLE_ECALLBACK; /* a host callback failed (the model's message names it) */
    for (i = 0; i < nq; i++)
        if (!isfinite(scale[i])) return ALECABLE_ENAN;
    return ALECABLE_OK;
}
