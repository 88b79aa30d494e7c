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
 * everywhere.
 *
 * In a sea (alecable_point_mass_set_sea) the fluid is the sea's, at the
 * node's position x and the motions' time t (wave_sea_eval: u_f, a_f and
 * their gradients): below its surface Morison's body terms
 *     f = (m - rho_f V) g + 1/2 rho_f C_d A |w| w + (rho_f V + m_a) a_f - m_a a,
 * w = u_f - v (Froude-Krylov and added mass on the local acceleration, as
 * the hydrodynamic loads), whose x-derivatives are D du and
 * (rho_f V + m_a) da (D = 1/2 rho_f C_d A (|w| I + w w^T/|w|)); above the
 * surface the weight m g alone and no added mass: the force jumps as the
 * node crosses it, and with the surface moving in time no potential holds
 * it (the model then offers no energy callback: energy.c).
 *
 * A surface-piercing buoy (alecable_point_mass_set_waterplane: a vertical
 * cylinder of waterplane area A and height h, the node at its keel) in a
 * sea displaces V(x, t) = A b, b = clamp(d, 0, h), d = eta - zeta the keel's
 * depth below the surface (eta the sea's elevation at the node's horizontal
 * position, zeta = up.x - level): V takes the place of params.volume in the
 * buoyancy and Froude-Krylov terms above.  The buoyancy's x-derivative is
 * the waterplane stiffness: rho_f |g| A up (up - grad eta)^T in dr/dx while
 * 0 < d < h, in statics too.  Its potential is rho_f |g| A Phi(d),
 * Phi(d) = int_0^d clamp(s, 0, h) ds; in a sea without waves and current it
 * is the body's whole energy with -m g.x (the model then has an energy
 * callback), in waves it is counted at the mean level (eta = 0). */
#include "bodies.h"
#include "../loads/waves.h"

#include <math.h>
#include <string.h>

struct alecable_point_mass {
    unsigned magic;
    alecable_model *model;
    alecable_node *node;
    alecable_point_mass_params p;
    const wave_sea *sea; /* NULL: still water of p.rho_f everywhere */
    double wp_area, wp_height; /* a surface-piercing buoy's cylinder (0: none); in a sea only */
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

/* the constant force on the body: (m - rho_f V) g, scaled (in a sea: its
 * density, as if submerged; the energy of a body in a sea is no potential of
 * its forces, see above) */
static void weight(const alecable_model *m, const alecable_point_mass *pm, double scale, double f[3])
{
    double w = scale * (pm->p.mass - (pm->sea ? pm->sea->rho_f : pm->p.rho_f) * pm->p.volume);
    int k;
    for (k = 0; k < 3; k++) f[k] = w * m->gravity[k];
}

/* a buoy's cylinder counts: in a sea, with an area */
static int has_waterplane(const alecable_point_mass *pm) { return pm->sea && pm->wp_area > 0.0; }

/* a buoy's keel depth d = eta - zeta below the surface of elevation eta */
static double keel_depth(const alecable_point_mass *pm, const double *x, double eta)
{
    const wave_sea *s = pm->sea;
    return eta - (s->up[0] * x[0] + s->up[1] * x[1] + s->up[2] * x[2] - s->level);
}

static double clamp_h(double d, double h) { return d < 0.0 ? 0.0 : d > h ? h : d; }

double point_masses_energy(const alecable_model *m, const double *q, double scale)
{
    double w = 0.0, f[3];
    int i;
    for (i = 0; i < m->point_masses.n; i++) {
        const alecable_point_mass *pm = (const alecable_point_mass *)m->point_masses.p[i];
        const double *x = q + pm->node->dof0;
        if (has_waterplane(pm)) { /* -m g.x + rho_f |g| A Phi(d), d at the mean level */
            const double *g = m->gravity, h = pm->wp_height;
            double d = keel_depth(pm, x, 0.0), b = clamp_h(d, h), phi = 0.5 * b * b + (d > h ? h * (d - h) : 0.0);
            w -= scale * pm->p.mass * (g[0] * x[0] + g[1] * x[1] + g[2] * x[2]);
            w += scale * pm->sea->rho_f * sqrt(g[0] * g[0] + g[1] * g[1] + g[2] * g[2]) * pm->wp_area * phi;
            continue;
        }
        weight(m, pm, scale, f);
        w -= f[0] * x[0] + f[1] * x[1] + f[2] * x[2];
    }
    return w;
}

/* 1/2 rho_f C_d A (its drag per |v| v) */
static double drag_coef(const alecable_point_mass *pm, double rho_f) { return 0.5 * rho_f * pm->p.drag_area; }

/* What one body sees at x, t: the fluid's density, velocity, acceleration
 * and their gradients (zero in still water), and whether it is wet */
typedef struct pm_fluid {
    int wet;
    double rho_f, u[3], a[3], du[9], da[9];
    double vol;      /* the displaced volume: V, or a buoy's A clamp(d, 0, h) */
    double dvol[3];  /* a buoy's dV/dx (0 elsewhere, at the clamp's ends and dry) */
} pm_fluid;

static void fluid_at(const alecable_point_mass *pm, double t, const double *x, int grad, pm_fluid *F)
{
    wave_kin K;
    int k;
    if (!pm->sea) {
        memset(F, 0, sizeof *F);
        F->wet = 1;
        F->rho_f = pm->p.rho_f;
        F->vol = pm->p.volume;
        return;
    }
    wave_sea_eval(pm->sea, t, x, grad, &K);
    F->wet = K.wet;
    F->rho_f = pm->sea->rho_f;
    F->vol = pm->p.volume;
    for (k = 0; k < 3; k++) F->dvol[k] = 0.0;
    if (has_waterplane(pm)) { /* V = A clamp(d, 0, h), dV/dx = A (grad eta - up) inside the clamp */
        double d = keel_depth(pm, x, K.eta);
        F->vol = pm->wp_area * clamp_h(d, pm->wp_height);
        if (d > 0.0 && d < pm->wp_height)
            for (k = 0; k < 3; k++) F->dvol[k] = pm->wp_area * (K.grad_eta[k] - pm->sea->up[k]);
    }
    for (k = 0; k < 3; k++) {
        F->u[k] = K.u[k];
        F->a[k] = K.a[k];
    }
    for (k = 0; k < 9; k++) {
        F->du[k] = grad ? K.du[k] : 0.0;
        F->da[k] = grad ? K.da[k] : 0.0;
    }
}

/* the mass of the inertia: m, and m_a where the body is wet */
static double inertia_mass(const alecable_point_mass *pm, const pm_fluid *F)
{
    return pm->p.mass + (F->wet ? pm->p.added_mass : 0.0);
}

void point_masses_residual(const alecable_model *m, double t, const double *q, const double *v, const double *a,
                           double scale, double *r)
{
    int i, k;
    for (i = 0; i < m->point_masses.n; i++) {
        const alecable_point_mass *pm = (const alecable_point_mass *)m->point_masses.p[i];
        int d = pm->node->dof0;
        double f[3];
        pm_fluid F;
        fluid_at(pm, t, q + d, 0, &F);
        for (k = 0; k < 3; k++) f[k] = scale * (pm->p.mass - (F.wet ? F.rho_f * F.vol : 0.0)) * m->gravity[k];
        for (k = 0; k < 3; k++) r[d + k] -= f[k];
        if (v && F.wet && pm->p.drag_area > 0.0) {
            double w[3], c;
            for (k = 0; k < 3; k++) w[k] = F.u[k] - v[d + k];
            c = drag_coef(pm, F.rho_f) * sqrt(w[0] * w[0] + w[1] * w[1] + w[2] * w[2]);
            for (k = 0; k < 3; k++) r[d + k] -= c * w[k];
        }
        if (v && a) {
            for (k = 0; k < 3; k++) r[d + k] += inertia_mass(pm, &F) * a[d + k];
            if (F.wet && pm->sea) /* Froude-Krylov and the added mass's share of the fluid's acceleration */
                for (k = 0; k < 3; k++) r[d + k] -= (F.rho_f * F.vol + pm->p.added_mass) * F.a[k];
        }
    }
}

void point_masses_jacobian(const alecable_model *m, double t, const double *q, const double *v, const double *a,
                           double scale, double cq, double cv, double ca, double *values)
{
    int i, j, k, l;
    for (i = 0; i < m->point_masses.n; i++) {
        const alecable_point_mass *pm = (const alecable_point_mass *)m->point_masses.p[i];
        int d = pm->node->dof0;
        double D[9], J[9];
        pm_fluid F;
        /* statics: the weight is constant (and a submerged body's buoyancy
         * jump at the surface has no derivative); a buoy's waterplane
         * stiffness, the derivative of its buoyancy, is there too */
        if (!v && !has_waterplane(pm)) continue;
        fluid_at(pm, t, q + d, pm->sea != NULL, &F);
        if (F.wet && has_waterplane(pm)) /* r = -scale (m - rho_f V) g - ...: dr/dx = scale rho_f g dV/dx^T */
            for (j = 0; j < 3; j++)
                for (k = 0; k < 3; k++)
                    values[pm->map[3 * j + k]] += cq * scale * F.rho_f * m->gravity[j] * F.dvol[k];
        if (!v) continue;
        memset(J, 0, sizeof J); /* dr/dx */
        memset(D, 0, sizeof D);
        if (a)
            for (k = 0; k < 3; k++) values[pm->map[4 * k]] += ca * inertia_mass(pm, &F);
        if (!F.wet) continue;
        if (pm->p.drag_area > 0.0) { /* the drag's derivative in w = u_f - v */
            double w[3], s, c = drag_coef(pm, F.rho_f);
            for (k = 0; k < 3; k++) w[k] = F.u[k] - v[d + k];
            s = sqrt(w[0] * w[0] + w[1] * w[1] + w[2] * w[2]);
            for (j = 0; j < 3; j++)
                for (k = 0; k < 3; k++) D[3 * j + k] = c * ((j == k ? s : 0.0) + (s > 0.0 ? w[j] * w[k] / s : 0.0));
        }
        for (j = 0; j < 3; j++)
            for (k = 0; k < 3; k++) {
                double x = 0.0;
                for (l = 0; l < 3; l++) x -= D[3 * j + l] * F.du[3 * l + k];
                if (a) x -= (F.rho_f * F.vol + pm->p.added_mass) * F.da[3 * j + k] + F.rho_f * F.a[j] * F.dvol[k];
                J[3 * j + k] = x;
            }
        for (k = 0; k < 9; k++) values[pm->map[k]] += cq * J[k] + cv * D[k];
    }
}

void point_masses_inertia(const alecable_model *m, double t, const double *q, const double *a, double *r)
{
    int i, k;
    for (i = 0; i < m->point_masses.n; i++) {
        const alecable_point_mass *pm = (const alecable_point_mass *)m->point_masses.p[i];
        int d = pm->node->dof0;
        pm_fluid F;
        fluid_at(pm, t, q + d, 0, &F);
        for (k = 0; k < 3; k++) r[d + k] += inertia_mass(pm, &F) * a[d + k];
    }
}

double point_masses_kinetic(const alecable_model *m, double t, const double *q, const double *v)
{
    double T = 0.0;
    int i;
    for (i = 0; i < m->point_masses.n; i++) {
        const alecable_point_mass *pm = (const alecable_point_mass *)m->point_masses.p[i];
        const double *u = v + pm->node->dof0;
        pm_fluid F;
        fluid_at(pm, t, q + pm->node->dof0, 0, &F);
        T += 0.5 * inertia_mass(pm, &F) * (u[0] * u[0] + u[1] * u[1] + u[2] * u[2]);
    }
    return T;
}

/* still water, or a buoy in a sea without waves and current: its surface
 * stands still, and its cylinder's buoyancy has a potential */
int point_masses_conservative(const alecable_model *m)
{
    int i;
    for (i = 0; i < m->point_masses.n; i++) {
        const alecable_point_mass *pm = (const alecable_point_mass *)m->point_masses.p[i];
        if (pm->sea && !(has_waterplane(pm) && pm->sea->nc == 0 && pm->sea->ncur == 0)) return 0;
    }
    return 1;
}

ALECABLE_API int alecable_point_mass_set_sea(alecable_point_mass *pm, const alecable_sea *sea)
{
    int st;
    if (!pm) return ALECABLE_ENULL;
    if (pm->magic != MAGIC_POINT_MASS) return ALECABLE_EHANDLE;
    if (sea && (st = ac_check_sea(pm->model, sea, "sea"))) return st;
    /* (another sea may also change whether a buoy's forces have a potential) */
    if ((pm->sea != NULL) != (sea != NULL) || (pm->wp_area > 0.0 && pm->sea != (sea ? &sea->w : NULL)))
        ac_model_changed(pm->model, "a point mass's sea changed");
    pm->sea = sea ? &sea->w : NULL;
    return ALECABLE_OK;
}

ALECABLE_API int alecable_point_mass_set_waterplane(alecable_point_mass *pm, double area, double height)
{
    if (!pm) return ALECABLE_ENULL;
    if (pm->magic != MAGIC_POINT_MASS) return ALECABLE_EHANDLE;
    if (!finite_ge0(area)) return ac_fail(pm->model, ALECABLE_EINVAL, "area = %g must be finite and >= 0", area);
    if (area > 0.0 && !(isfinite(height) && height > 0.0))
        return ac_fail(pm->model, ALECABLE_EINVAL, "height = %g must be finite and > 0", height);
    /* whether a potential holds the body's forces may change: the problem's energy callback */
    if ((pm->wp_area > 0.0) != (area > 0.0)) ac_model_changed(pm->model, "a point mass's waterplane changed");
    pm->wp_area = area;
    pm->wp_height = area > 0.0 ? height : 0.0;
    return ALECABLE_OK;
}

ALECABLE_API int alecable_point_mass_node(const alecable_point_mass *pm, alecable_node **node)
{
    if (!pm) return ALECABLE_ENULL;
    if (pm->magic != MAGIC_POINT_MASS) return ALECABLE_EHANDLE;
    if (!node) return ac_fail(pm->model, ALECABLE_ENULL, "node is NULL");
    *node = pm->node;
    return ALECABLE_OK;
}
