/* Public creators of the velocity-dependent field loads (hydrodynamics and
 * plane friction) and their assembly into the model's residual and Jacobian. */
#include "loads.h"
#include "load_ops.h"
#include "waves.h"

#include <math.h>
#include <string.h>

ALECABLE_API void alecable_hydro_params_init(alecable_hydro_params *p)
{
    hydro_params d;
    if (!p) return;
    hydro_params_init(&d);
    memset(p, 0, sizeof *p);
    p->struct_size = sizeof *p;
    p->rho_f = d.rho_f;
    p->C_dn = d.C_dn;
    p->C_dt = d.C_dt;
    p->C_an = d.C_an;
    p->terms = ALECABLE_HYDRO_ALL;
    p->stiff = d.stiff;
}

ALECABLE_API void alecable_friction_plane_params_init(alecable_friction_plane_params *p)
{
    friction_params d;
    if (!p) return;
    friction_params_init(&d);
    memset(p, 0, sizeof *p);
    p->struct_size = sizeof *p;
    memcpy(p->normal, d.normal, sizeof p->normal);
    p->mu = d.mu;
    p->eps = d.eps;
    p->law = ALECABLE_FRICTION_SATURATED;
    p->weight = 1;
    p->gap = d.gap;
    p->depth = d.depth;
    p->stiff = d.stiff;
}

#define NONNEG(v, name) \
    if (!isfinite(v) || (v) < 0.0) return ac_fail(m, ALECABLE_EINVAL, "%s = %g must be finite and >= 0", name, v)

ALECABLE_API int alecable_load_hydro(alecable_load **out, alecable_model *m, alecable_cable *c,
                                     const alecable_hydro_params *p)
{
    alecable_load *l;
    int st;
    if ((st = ac_check_model(m))) return st;
    if (out) *out = NULL;
    if ((st = ac_check_cable(m, c, "cable"))) return st;
    if (!p) return ac_fail(m, ALECABLE_ENULL, "params is NULL");
    if (p->struct_size < sizeof *p)
        return ac_fail(m, ALECABLE_EINVAL, "params: struct_size %zu, call alecable_hydro_params_init", p->struct_size);
    if (!isfinite(p->diameter) || !(p->diameter > 0.0))
        return ac_fail(m, ALECABLE_EINVAL, "params.diameter = %g must be finite and > 0", p->diameter);
    NONNEG(p->rho_f, "params.rho_f");
    NONNEG(p->C_dn, "params.C_dn");
    NONNEG(p->C_dt, "params.C_dt");
    NONNEG(p->C_an, "params.C_an");
    if (!ac_is_finite3(p->current)) return ac_fail(m, ALECABLE_EINVAL, "params.current is not finite");
    if (p->terms & ~ALECABLE_HYDRO_ALL || !p->terms)
        return ac_fail(m, ALECABLE_EINVAL, "params.terms = %d is not a mask of ALECABLE_HYDRO_*", p->terms);
    if (!(l = ac_load_alloc(m, &load_hydro_ops))) return ALECABLE_ENOMEM;
    l->cable = c;
    hydro_params_init(&l->hp);
    l->hp.terms = p->terms;
    l->hp.rho_f = p->rho_f;
    l->hp.d = p->diameter;
    l->hp.C_dn = p->C_dn;
    l->hp.C_dt = p->C_dt;
    l->hp.C_an = p->C_an;
    memcpy(l->hp.U, p->current, sizeof l->hp.U);
    l->hp.stiff = p->stiff != 0;
    l->first_el = 0;
    l->n_el = -1;
    return ac_load_push(m, l, out);
}

ALECABLE_API int alecable_load_hydro_set_sea(alecable_load *l, const alecable_sea *sea)
{
    int st;
    if (!l) return ALECABLE_ENULL;
    if (l->magic != MAGIC_LOAD) return ALECABLE_EHANDLE;
    if (l->kind != LOAD_HYDRO) return ac_fail(l->model, ALECABLE_EINVAL, "l is not a hydrodynamic load");
    if (sea && (st = ac_check_sea(l->model, sea, "sea"))) return st;
    l->hp.sea = sea ? &sea->w : NULL;
    return ALECABLE_OK;
}

ALECABLE_API int alecable_load_friction_plane(alecable_load **out, alecable_model *m, alecable_cable *c,
                                              const alecable_friction_plane_params *p)
{
    alecable_load *l;
    double nn;
    int st;
    if ((st = ac_check_model(m))) return st;
    if (out) *out = NULL;
    if ((st = ac_check_cable(m, c, "cable"))) return st;
    if (!p) return ac_fail(m, ALECABLE_ENULL, "params is NULL");
    if (p->struct_size < sizeof *p)
        return ac_fail(m, ALECABLE_EINVAL, "params: struct_size %zu, call alecable_friction_plane_params_init",
                       p->struct_size);
    if (!ac_is_finite3(p->point) || !ac_is_finite3(p->normal))
        return ac_fail(m, ALECABLE_EINVAL, "params.point or params.normal is not finite");
    if (!((nn = ac_direction_norm(p->normal)) > 0.0))
        return ac_fail(m, ALECABLE_EINVAL, "params.normal = (%g, %g, %g) is zero or its length out of range (1e-150 .. "
                       "1e150)", p->normal[0], p->normal[1], p->normal[2]);
    NONNEG(p->mu, "params.mu");
    NONNEG(p->normal_load, "params.normal_load");
    if (!isfinite(p->eps) || !(p->eps > 0.0)) return ac_fail(m, ALECABLE_EINVAL, "params.eps = %g must be > 0", p->eps);
    if (p->law != ALECABLE_FRICTION_SATURATED && p->law != ALECABLE_FRICTION_SQRT)
        return ac_fail(m, ALECABLE_EINVAL, "params.law = %d is not an ALECABLE_FRICTION_* value", p->law);
    if (isnan(p->gap) || isnan(p->depth) || !(p->gap >= -p->depth))
        return ac_fail(m, ALECABLE_EINVAL, "params.gap and params.depth give an empty contact band");
    if (p->first_element < 0 || p->first_element >= c->n_el)
        return ac_fail(m, ALECABLE_ERANGE, "params.first_element = %d out of range [0, %d)", p->first_element, c->n_el);
    if (p->n_elements > 0 && p->first_element + p->n_elements > c->n_el)
        return ac_fail(m, ALECABLE_ERANGE, "params.n_elements = %d runs past the cable's %d elements", p->n_elements,
                       c->n_el);
    if (!(l = ac_load_alloc(m, &load_friction_ops))) return ALECABLE_ENOMEM;
    l->cable = c;
    friction_params_init(&l->fp);
    memcpy(l->fp.point, p->point, sizeof l->fp.point);
    memcpy(l->fp.normal, p->normal, sizeof l->fp.normal);
    l->fp.mu = p->mu;
    l->fp.eps = p->eps;
    l->fp.law = p->law == ALECABLE_FRICTION_SQRT ? FRICTION_LAW_SQRT : FRICTION_LAW_SATURATED;
    l->fp.normal_load = p->normal_load;
    l->fp.gap = p->gap;
    l->fp.depth = p->depth;
    l->fp.stiff = p->stiff != 0;
    l->first_el = p->first_element;
    l->n_el = p->n_elements > 0 ? p->n_elements : -1;
    l->weight = p->weight != 0;
    return ac_load_push(m, l, out);
}

/* The element range of a load with an element part (load_ops.element), read
 * at each evaluation (alecable_load_hydro_set_elements may change it). */
static int field_range(const alecable_load *l, int *e0, int *e1)
{
    if (!l->ops->element) return 0;
    *e0 = l->first_el;
    *e1 = l->n_el > 0 ? l->first_el + l->n_el : l->cable->n_el;
    return 1;
}

void field_load_residual(const alecable_model *m, const alecable_load *l, double t, const double *q, const double *v,
                         const double *a, double scale, double *r)
{
    double qe[EL_MAX_DOF], ve[EL_MAX_DOF], ae[EL_MAX_DOF], re[EL_MAX_DOF];
    int i, k, e0, e1;
    if (!field_range(l, &e0, &e1)) return;
    if (l->ops->flags & LOAD_UNRAMPED) scale = 1.0;
    for (i = e0; i < e1; i++) {
        const alecable_element *e = l->cable->el[i];
        int nd = el_ndof(e->ops);
        ac_gather(e, q, qe);
        if (v) ac_gather_rate(e, v, ve);
        if (a) ac_gather_rate(e, a, ae);
        if (l->ops->element(m, l, e, t, qe, v ? ve : NULL, a ? ae : NULL, re, 0, 0, 0, NULL)) continue;
        for (k = 0; k < nd; k++) {
            int d = ac_element_dof(e, k);
            if (d >= 0) r[d] += scale * re[k];
        }
    }
}

void field_load_jacobian(const alecable_model *m, const alecable_load *l, double t, const double *q, const double *v,
                         const double *a, double scale, double cq, double cv, double ca, int flags, double *values,
                         double *scratch)
{
    double qe[EL_MAX_DOF], ve[EL_MAX_DOF], ae[EL_MAX_DOF], re[EL_MAX_DOF];
    int i, e0, e1, stiff;
    if (!field_range(l, &e0, &e1)) return;
    stiff = l->ops->stiff ? l->ops->stiff(l) : 1;
    if ((flags & ALECABLE_JAC_STIFF_ONLY) && !stiff) return;
    if (l->ops->flags & LOAD_UNRAMPED) scale = 1.0;
    for (i = e0; i < e1; i++) {
        const alecable_element *e = l->cable->el[i];
        ac_gather(e, q, qe);
        if (v) ac_gather_rate(e, v, ve);
        if (a) ac_gather_rate(e, a, ae);
        if (l->ops->element(m, l, e, t, qe, v ? ve : NULL, a ? ae : NULL, re, cq, cv, ca, scratch)) continue;
        ac_element_add(e, scale, scratch, values);
    }
}
