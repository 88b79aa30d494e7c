/* Point bodies at cable nodes (alecable_node_point_mass): clump weights and
 * buoys.  A point mass m with a displaced volume V in a fluid of density
 * rho_f, at the node's position x (its first three dofs, every element kind),
 * has
 *     the potential   W = -(m - rho_f V) g.x    (weight and buoyancy; the
 *                                                load factor scales g as the
 *                                                cables' weight)
 *     the kinetic     T = 1/2 (m + m_a) |v|^2   (m_a: added mass)
 *     the drag        f = -1/2 rho_f C_d A |v| v (still water: it only dissipates)
 * so its residual rows are (m + m_a) a - (m - rho_f V) g + 1/2 rho_f C_d A |v| v
 * and its Jacobian block ca (m + m_a) I + cv 1/2 rho_f C_d A (|v| I + v v^T/|v|):
 * the weight is constant, so nothing in cq.  The body is submerged
 * everywhere (no sea surface). */
#include "bodies.h"

#include <math.h>
#include <string.h>

struct alecable_point_mass {
    unsigned magic;
    alecable_model *model;
    alecable_node *node;
    alecable_point_mass_params p;
    int map[9]; /* the node's 3 x 3 position block in the Jacobian's values (after finalize) */
};

ALECABLE_API void alecable_point_mass_params_init(alecable_point_mass_params *p)
{
    if (!p) return;
    memset(p, 0, sizeof *p);
    p->struct_size = sizeof *p;
    p->rho_f = 1025.0;
}

static int finite_ge0(double x) { return isfinite(x) && x >= 0.0; }

ALECABLE_API int alecable_node_point_mass(alecable_point_mass **out, alecable_node *n,
                                          const alecable_point_mass_params *p)
{
    alecable_model *m;
    alecable_point_mass *pm;
    int st;
    if (out) *out = NULL;
    if (!n) return ALECABLE_ENULL;
    if (n->magic != MAGIC_NODE) return ALECABLE_EHANDLE;
    m = n->model;
    if (!n->cable) return ac_fail(m, ALECABLE_EINVAL, "node: a body's node (the body has its own mass)");
    if (!p) return ac_fail(m, ALECABLE_ENULL, "params is NULL");
    if (p->struct_size < sizeof *p)
        return ac_fail(m, ALECABLE_EINVAL, "params: struct_size %zu, call alecable_point_mass_params_init",
                       p->struct_size);
    if (!finite_ge0(p->mass)) return ac_fail(m, ALECABLE_EINVAL, "params.mass = %g must be finite and >= 0", p->mass);
    if (!finite_ge0(p->volume))
        return ac_fail(m, ALECABLE_EINVAL, "params.volume = %g must be finite and >= 0", p->volume);
    if (!finite_ge0(p->rho_f))
        return ac_fail(m, ALECABLE_EINVAL, "params.rho_f = %g must be finite and >= 0", p->rho_f);
    if (!finite_ge0(p->drag_area))
        return ac_fail(m, ALECABLE_EINVAL, "params.drag_area = %g must be finite and >= 0", p->drag_area);
    if (!finite_ge0(p->added_mass))
        return ac_fail(m, ALECABLE_EINVAL, "params.added_mass = %g must be finite and >= 0", p->added_mass);
    if (p->mass == 0.0 && p->volume == 0.0 && p->added_mass == 0.0)
        return ac_fail(m, ALECABLE_EINVAL, "params: mass, volume and added_mass are all 0 (a body of nothing)");
    pm = (alecable_point_mass *)ac_calloc(&m->alloc, 1, sizeof *pm);
    if (!pm) return ac_fail(m, ALECABLE_ENOMEM, "out of memory");
    pm->magic = MAGIC_POINT_MASS;
    pm->model = m;
    pm->node = n;
    pm->p = *p;
    pm->p.struct_size = sizeof pm->p;
    if ((st = ac_list_push(m, &m->point_masses, pm))) {
        ac_free(&m->alloc, pm);
        return st;
    }
    ac_model_changed(m, "a point mass was added");
    if (out) *out = pm;
    return ALECABLE_OK;
}

int point_masses_maps(alecable_model *m, const sp_pattern *pat)
{
    int i, k;
    for (i = 0; i < m->point_masses.n; i++) {
        alecable_point_mass *pm = (alecable_point_mass *)m->point_masses.p[i];
        int d[3] = {pm->node->dof0, pm->node->dof0 + 1, pm->node->dof0 + 2};
        sp_block_map(pat, d, 3, pm->map);
        for (k = 0; k < 9; k++)
            if (pm->map[k] < 0)
                return ac_fail(m, ALECABLE_ESTATE, "point mass %d: its node is in no element (a cable of one node)",
                               i);
    }
    return ALECABLE_OK;
}

/* the constant force on the body: (m - rho_f V) g, scaled */
static void weight(const alecable_model *m, const alecable_point_mass *pm, double scale, double f[3])
{
    double w = scale * (pm->p.mass - pm->p.rho_f * pm->p.volume);
    int k;
    for (k = 0; k < 3; k++) f[k] = w * m->gravity[k];
}

double point_masses_energy(const alecable_model *m, const double *q, double scale)
{
    double w = 0.0, f[3];
    int i;
    for (i = 0; i < m->point_masses.n; i++) {
        const alecable_point_mass *pm = (const alecable_point_mass *)m->point_masses.p[i];
        const double *x = q + pm->node->dof0;
        weight(m, pm, scale, f);
        w -= f[0] * x[0] + f[1] * x[1] + f[2] * x[2];
    }
    return w;
}

/* 1/2 rho_f C_d A (its drag per |v| v) */
static double drag_coef(const alecable_point_mass *pm) { return 0.5 * pm->p.rho_f * pm->p.drag_area; }

void point_masses_residual(const alecable_model *m, const double *q, const double *v, const double *a, double scale,
                           double *r)
{
    int i, k;
    (void)q;
    for (i = 0; i < m->point_masses.n; i++) {
        const alecable_point_mass *pm = (const alecable_point_mass *)m->point_masses.p[i];
        int d = pm->node->dof0;
        double f[3];
        weight(m, pm, scale, f);
        for (k = 0; k < 3; k++) r[d + k] -= f[k];
        if (v && pm->p.drag_area > 0.0) {
            const double *u = v + d;
            double c = drag_coef(pm) * sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]);
            for (k = 0; k < 3; k++) r[d + k] += c * u[k];
        }
        if (v && a)
            for (k = 0; k < 3; k++) r[d + k] += (pm->p.mass + pm->p.added_mass) * a[d + k];
    }
}

void point_masses_jacobian(const alecable_model *m, const double *v, const double *a, double cv, double ca,
                           double *values)
{
    int i, j, k;
    if (!v) return; /* statics: the weight is constant */
    for (i = 0; i < m->point_masses.n; i++) {
        const alecable_point_mass *pm = (const alecable_point_mass *)m->point_masses.p[i];
        if (a)
            for (k = 0; k < 3; k++) values[pm->map[4 * k]] += ca * (pm->p.mass + pm->p.added_mass);
        if (pm->p.drag_area > 0.0) {
            const double *u = v + pm->node->dof0;
            double s = sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]), c = cv * drag_coef(pm);
            for (j = 0; j < 3; j++)
                for (k = 0; k < 3; k++)
                    values[pm->map[3 * j + k]] += c * ((j == k ? s : 0.0) + (s > 0.0 ? u[j] * u[k] / s : 0.0));
        }
    }
}

void point_masses_inertia(const alecable_model *m, const double *a, double *r)
{
    int i, k;
    for (i = 0; i < m->point_masses.n; i++) {
        const alecable_point_mass *pm = (const alecable_point_mass *)m->point_masses.p[i];
        int d = pm->node->dof0;
        for (k = 0; k < 3; k++) r[d + k] += (pm->p.mass + pm->p.added_mass) * a[d + k];
    }
}

double point_masses_kinetic(const alecable_model *m, const double *v)
{
    double T = 0.0;
    int i;
    for (i = 0; i < m->point_masses.n; i++) {
        const alecable_point_mass *pm = (const alecable_point_mass *)m->point_masses.p[i];
        const double *u = v + pm->node->dof0;
        T += 0.5 * (pm->p.mass + pm->p.added_mass) * (u[0] * u[0] + u[1] * u[1] + u[2] * u[2]);
    }
    return T;
}

ALECABLE_API int alecable_point_mass_node(const alecable_point_mass *pm, alecable_node **node)
{
    if (!pm) return ALECABLE_ENULL;
    if (pm->magic != MAGIC_POINT_MASS) return ALECABLE_EHANDLE;
    if (!node) return ac_fail(pm->model, ALECABLE_ENULL, "node is NULL");
    *node = pm->node;
    return ALECABLE_OK;
}
