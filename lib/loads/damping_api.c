/* Public creator and query of internal (Kelvin-Voigt) damping (damping.c);
 * its residual and Jacobian go through field_api.c's element loop. */
#include "loads.h"
#include "load_ops.h"

#include <math.h>
#include <string.h>

ALECABLE_API void alecable_damping_params_init(alecable_damping_params *p)
{
    damping_params d;
    if (!p) return;
    damping_params_init(&d);
    memset(p, 0, sizeof *p);
    p->struct_size = sizeof *p;
    p->axial = d.c_a;
    p->bending = d.c_b;
    p->stiff = d.stiff;
}

ALECABLE_API int alecable_load_damping(alecable_load **out, alecable_model *m, alecable_cable *c,
                                       const alecable_damping_params *p)
{
    alecable_load *l;
    int st;
    if ((st = ac_check_model(m))) return st;
    if (out) *out = NULL;
    if ((st = ac_check_cable(m, c, "cable"))) return st;
    if (!p) return ac_fail(m, ALECABLE_ENULL, "params is NULL");
    if (p->struct_size < sizeof *p)
        return ac_fail(m, ALECABLE_EINVAL, "params: struct_size %zu, call alecable_damping_params_init",
                       p->struct_size);
    if (!isfinite(p->axial) || p->axial < 0.0)
        return ac_fail(m, ALECABLE_EINVAL, "params.axial = %g must be finite and >= 0", p->axial);
    if (!isfinite(p->bending) || p->bending < 0.0)
        return ac_fail(m, ALECABLE_EINVAL, "params.bending = %g must be finite and >= 0", p->bending);
    if (c->kind == ALECABLE_ELEMENT_SE3)
        return ac_fail(m, ALECABLE_EINVAL, "cable: internal damping of an SE(3) cable is not implemented "
                       "(axial, ANCF and Kirchhoff cables have it)");
    if (c->kind == ALECABLE_ELEMENT_AXIAL && p->bending != 0.0)
        return ac_fail(m, ALECABLE_EINVAL, "params.bending = %g on an axial cable, which does not bend (give 0)",
                       p->bending);
    if (!c->lagrangian)
        return ac_fail(m, ALECABLE_EINVAL, "cable: internal damping needs a Lagrangian cable "
                       "(alecable_cable_set_lagrangian(c, 1)); an ALE cable's material rates are not done");
    if (p->first_element < 0 || p->first_element >= c->n_el)
        return ac_fail(m, ALECABLE_ERANGE, "params.first_element = %d out of range [0, %d)", p->first_element, c->n_el);
    if (p->n_elements > 0 && p->first_element + p->n_elements > c->n_el)
        return ac_fail(m, ALECABLE_ERANGE, "params.n_elements = %d runs past the cable's %d elements", p->n_elements,
                       c->n_el);
    if (!(l = ac_load_alloc(m, &load_damping_ops))) return ALECABLE_ENOMEM;
    l->cable = c;
    damping_params_init(&l->dp);
    l->dp.c_a = p->axial;
    l->dp.c_b = p->bending;
    l->dp.stiff = p->stiff != 0;
    l->first_el = p->first_element;
    l->n_el = p->n_elements > 0 ? p->n_elements : -1;
    return ac_load_push(m, l, out);
}

ALECABLE_API int alecable_load_damping_dissipation(alecable_load *l, double *D, double *power)
{
    alecable_model *m;
    double qe[EL_MAX_DOF], ve[EL_MAX_DOF], re[EL_MAX_DOF], sD = 0.0, sP = 0.0;
    int st, i, k, e0, e1;
    if (!l) return ALECABLE_ENULL;
    if (l->magic != MAGIC_LOAD) return ALECABLE_EHANDLE;
    m = l->model;
    if (l->kind != LOAD_DAMPING) return ac_fail(m, ALECABLE_EINVAL, "l is not a damping load");
    if (m->dirty && (st = ac_finalize(m))) return st;
    e0 = l->first_el;
    e1 = l->n_el > 0 ? l->first_el + l->n_el : l->cable->n_el;
    for (i = e0; i < e1; i++) {
        const alecable_element *e = l->cable->el[i];
        double De;
        ac_gather(e, m->q, qe);
        ac_gather_rate(e, m->v, ve);
        if (damping_element(&l->dp, e->ops, &e->par, qe, ve, &De, re, 0.0, 0.0, NULL)) continue;
        sD += De;
        for (k = 0; k < el_ndof(e->ops); k++) sP += ve[k] * re[k];
    }
    if (D) *D = sD;
    if (power) *power = sP;
    return ALECABLE_OK;
}

/* the creator refuses an ALE cable; a cable made ALE later is refused here */
static int damping_check(alecable_model *m, const alecable_load *l, int i)
{
    if (l->cable->lagrangian) return ALECABLE_OK;
    return ac_fail(m, ALECABLE_ESTATE, "load %d: internal damping needs a Lagrangian cable "
                   "(alecable_cable_set_lagrangian(c, 1)); an ALE cable's material rates are not done", i);
}

static int damping_load_element(const alecable_model *m, const alecable_load *l, const alecable_element *e, double t,
                                const double *qe, const double *ve, const double *ae, double *re, double cq,
                                double cv, double ca, double *ke)
{
    (void)m;
    (void)t;
    (void)ae;
    (void)ca;
    return damping_element(&l->dp, e->ops, &e->par, qe, ve, NULL, re, cq, cv, ke);
}

static int damping_stiff(const alecable_load *l) { return l->dp.stiff; }

/* an internal force (a material property): not ramped by the load factor */
const load_ops load_damping_ops = {LOAD_DAMPING, "damping", LOAD_ON_CABLE, LOAD_NO_VECTOR | LOAD_UNRAMPED, NULL,
                                   damping_check, NULL, NULL, NULL, damping_load_element, damping_stiff};
