/* Sections along one cable (alecable_cable_set_section_range, cable.c): the
 * weight of the elements whose mass per unit length is not their cable's.
 *
 * The element loop (assemble.c) loads every element of a cable with its
 * cable's weight rho_c A_c g per unit material length; an element of a
 * section range weighs rho_e A_e g.  The difference (rho_e A_e - rho_c A_c) g
 * is a uniform distributed load on that element, added here with its
 * potential -int b.x ds, force and tangent (the element kinds' dist_*
 * kernels: the same forms as gravity's), so the model's weight, energy and
 * Jacobian are those of the elements' own sections.  Inertia needs nothing:
 * the inertia kernels read each element's rho A.  On ANCF and Kirchhoff
 * cables the stretch is continuous at a node, so the jump of E A at a
 * section change is smeared over the neighbouring elements unless the node
 * is split (alecable_node_split_stretch, statics): a split element takes the
 * difference through the split kernel, as its gravity does. */
#include "model.h"

#include <string.h>

/* the load density of element e's weight difference, 0 when it has none */
static int weight_difference(const alecable_model *m, const alecable_cable *c, const alecable_element *e,
                             double scale, double b[3])
{
    double d = e->par.rhoA - c->section.rho * c->section.A;
    int k;
    for (k = 0; k < 3; k++) b[k] = scale * d * m->gravity[k];
    return b[0] != 0.0 || b[1] != 0.0 || b[2] != 0.0;
}

/* A split element (split.c): its weight difference's force and Hessian in
 * its block layout (the element's dofs and rho) as the difference of the
 * split kernel with and without the load, scattered as assemble.c does */
static void split_element(const alecable_element *e, const double *q, const double *b, double *r, double cq,
                          double *values)
{
    double fb[EL_MAX_DOF + 2], f0[EL_MAX_DOF + 2], kb[(EL_MAX_DOF + 2) * (EL_MAX_DOF + 2)];
    double k0[(EL_MAX_DOF + 2) * (EL_MAX_DOF + 2)];
    int xd[EL_MAX_DOF + 2], k;
    const int nb = ac_element_block(e), *dofs = ac_split_dofs(e, xd);
    ac_split_eval(e, q, b, r ? fb : NULL, values ? kb : NULL);
    ac_split_eval(e, q, NULL, r ? f0 : NULL, values ? k0 : NULL);
    if (r)
        for (k = 0; k < nb; k++)
            if (dofs[k] >= 0) r[dofs[k]] += fb[k] - f0[k];
    if (values)
        for (k = 0; k < nb * nb; k++)
            if (e->map[k] >= 0) values[e->map[k]] += cq * (kb[k] - k0[k]);
}

/* every element of the cables with section ranges, one call per element
 * with a weight difference: energy into *w, force into r, tangent into
 * values (weighted by cq) */
static void each_element(const alecable_model *m, const double *q, double scale, double *w, double *r, double cq,
                         double *values)
{
    double qe[EL_MAX_DOF], fe[EL_MAX_DOF], ke[EL_MAX_DOF * EL_MAX_DOF], b[3];
    int c, i, k;
    for (c = 0; c < m->cables.n; c++) {
        const alecable_cable *cb = (const alecable_cable *)m->cables.p[c];
        const el_ops *ops = cb->ops;
        int nd = el_ndof(ops);
        if (cb->n_ranges == 0) continue;
        for (i = 0; i < cb->n_el; i++) {
            const alecable_element *e = cb->el[i];
            if (!weight_difference(m, cb, e, scale, b)) continue;
            ac_gather(e, q, qe);
            if (e->xdof >= 0) { /* a stretch split at its end A: the load on the split slopes */
                if (w) {
                    double qs[EL_MAX_DOF], rho[2];
                    ac_split_rho(e, q, rho);
                    el_split_apply(ops, qe, rho, qs);
                    *w += ops->dist_energy(b, qs);
                }
                if (r || values) split_element(e, q, b, r, cq, values);
                continue;
            }
            if (w) *w += ops->dist_energy(b, qe);
            if (r) {
                ops->dist_force(b, qe, fe);
                for (k = 0; k < nd; k++) {
                    int d = ac_element_dof(e, k);
                    if (d >= 0) r[d] += fe[k];
                }
            }
            if (values && !e->par.fixed_s) { /* its tangent lives in the material rows and columns only */
                ops->dist_tangent(b, qe, ke);
                ac_element_add(e, cq, ke, values);
            }
        }
    }
}

double ac_segments_energy(const alecable_model *m, const double *q, double scale)
{
    double w = 0.0;
    each_element(m, q, scale, &w, NULL, 0.0, NULL);
    return w;
}

void ac_segments_residual(const alecable_model *m, const double *q, double scale, double *r)
{
    each_element(m, q, scale, NULL, r, 0.0, NULL);
}

void ac_segments_jacobian(const alecable_model *m, const double *q, double scale, double cq, double *values)
{
    each_element(m, q, scale, NULL, NULL, cq, values);
}

/* A section belongs to its mesh elements: material that flowed through them
 * would change its section (and heavy material would gather where the
 * energy is lowest), so the cable's material coordinates must be held. */
int ac_segments_check(alecable_model *m)
{
    int c, i;
    for (c = 0; c < m->cables.n; c++) {
        const alecable_cable *cb = (const alecable_cable *)m->cables.p[c];
        if (cb->n_ranges == 0 || cb->lagrangian) continue;
        for (i = 0; i < cb->n_nodes; i++)
            if (ac_node_s_is_free(m, cb->nodes[i]))
                return ac_fail(m, ALECABLE_ESTATE,
                               "cable %d has section ranges, and its node %d's material coordinate is free: "
                               "sections belong to the mesh's elements, which material flowing through them "
                               "would not carry (alecable_cable_set_lagrangian(c, 1), or fix s)", c, i);
    }
    return ALECABLE_OK;
}
