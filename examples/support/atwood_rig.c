/* The Atwood machine with stick/slip on a turning wheel: atwood_rig.h */
#include "atwood_rig.h"
#include "rig.h"

#include <math.h>
#include <string.h>

void atwood_params_default(atwood_params *p)
{
    alecable_friction_params fp;
    alecable_friction_params_init(&fp);
    memset(p, 0, sizeof *p);
    p->m1 = 2.0;
    p->m2 = 1.0;
    p->R = 0.1;
    p->J = 0.01;
    p->mu = 0.3;
    p->aug = fp.augmentation;
    p->L = 1.0;
    p->E = 1e11;
    p->A = 1e-5;
    p->rho = 0.01;
    p->g = 9.81;
    p->n = 12;
}

/* a weight of the given mass at x, moving vertically only */
static int hang(alecable_model *m, alecable_body **b, double mass, const double x[3])
{
    alecable_body_params bp;
    alecable_node *bn;
    int k;
    alecable_body_params_init(&bp);
    memcpy(bp.position, x, sizeof bp.position);
    bp.mass = mass;
    RIG_TRY(alecable_body_create(b, m, &bp));
    RIG_TRY(alecable_body_node(&bn, *b));
    RIG_TRY(alecable_fix(NULL, m, bn, ALECABLE_DOF_X));
    RIG_TRY(alecable_fix(NULL, m, bn, ALECABLE_DOF_Z));
    for (k = ALECABLE_DOF_RX; k <= ALECABLE_DOF_RZ; k++) RIG_TRY(alecable_fix(NULL, m, bn, k));
    return 0;
}

static int build(atwood_rig *r, const atwood_params *p, double T1, double T2)
{
    alecable_section sec;
    alecable_body *ground;
    alecable_body_params bp;
    alecable_pulley_params pp;
    alecable_joint *wrap, *axle;
    alecable_friction_params fp;
    const double o[3] = {0, 0, 0}, z[3] = {0, 0, 1}, grav[3] = {0, -p->g, 0}, EA = p->E * p->A;
    double x[3] = {-p->R, -p->L, 0}, ang[ATWOOD_MAX_N + 1], s = 0.0;
    int i, n = p->n;
    RIG_TRY(alecable_model_set_gravity(r->m, grav));
    alecable_section_init(&sec);
    sec.E = p->E;
    sec.A = p->A;
    sec.rho = p->rho;
    RIG_TRY(alecable_cable_create(&r->c, r->m, ALECABLE_ELEMENT_AXIAL, &sec));
    RIG_TRY(alecable_cable_add_node(&r->nd[0], r->c, x, s));
    s += p->L / axial_stretch(T1, EA);
    for (i = 0; i <= n; i++) {
        ang[i] = M_PI - M_PI * i / n;
        x[0] = p->R * cos(ang[i]);
        x[1] = p->R * sin(ang[i]);
        if (i > 0) {
            double f = (double)(i - 1) / (n - 1), Te = r->slip ? T1 * pow(T2 / T1, f) : T1 + (T2 - T1) * f;
            s += 2.0 * p->R * sin(0.5 * M_PI / n) / axial_stretch(Te, EA);
        }
        RIG_TRY(alecable_cable_add_node(&r->nd[1 + i], r->c, x, s));
    }
    s += p->L / axial_stretch(T2, EA);
    x[0] = p->R;
    x[1] = -p->L;
    RIG_TRY(alecable_cable_add_node(&r->nd[n + 2], r->c, x, s));
    /* the wrap is held in space (on a fixed body); the wheel turns under it */
    alecable_body_params_init(&bp);
    RIG_TRY(alecable_body_create(&ground, r->m, &bp));
    RIG_TRY(alecable_body_fix(r->m, ground));
    alecable_pulley_params_init(&pp);
    pp.radius = p->R;
    RIG_TRY(alecable_pulley_wrap(&wrap, r->m, ground, &pp, n + 1, r->nd + 1, ang));
    alecable_body_params_init(&bp);
    bp.inertia[0] = bp.inertia[4] = 0.5 * p->J;
    bp.inertia[8] = p->J;
    RIG_TRY(alecable_body_create(&r->wheel, r->m, &bp));
    RIG_TRY(alecable_revolute(&axle, r->m, ground, r->wheel, o, z, 0.0));
    alecable_friction_params_init(&fp);
    fp.mu = p->mu;
    fp.augmentation = p->aug;
    fp.surface = r->wheel;
    RIG_TRY(alecable_wrap_friction(&r->fr, r->m, wrap, &fp));
    x[0] = -p->R;
    RIG_TRY(hang(r->m, &r->w1, p->m1, x));
    x[0] = p->R;
    RIG_TRY(hang(r->m, &r->w2, p->m2, x));
    RIG_TRY(alecable_attach(NULL, r->m, r->nd[0], r->w1, o, 1));
    RIG_TRY(alecable_attach(NULL, r->m, r->nd[n + 2], r->w2, o, 1));
    return 0;
}

int atwood_build(atwood_rig *r, const atwood_params *p)
{
    double b = 0.5 * p->mu * sin(M_PI / p->n), m_rope = p->rho * p->A * (2.0 * p->L + M_PI * p->R), T1, T2;
    int st;
    memset(r, 0, sizeof *r);
    if (p->n < 3 || p->n > ATWOOD_MAX_N) return ALECABLE_EINVAL;
    r->n = p->n;
    r->limit = pow((1.0 + b) / (1.0 - b), p->n - 1);
    r->a_rigid = (p->m1 - p->m2) * p->g / (p->m1 + p->m2 + p->J / (p->R * p->R) + m_rope);
    r->a_slip = p->g * (p->m1 - r->limit * p->m2) / (p->m1 + r->limit * p->m2 + m_rope);
    T1 = p->m1 * (p->g - r->a_rigid);
    T2 = p->m2 * (p->g + r->a_rigid);
    r->slip = T1 / T2 > r->limit;
    if (r->slip) {
        T1 = p->m1 * (p->g - r->a_slip);
        T2 = p->m2 * (p->g + r->a_slip);
    }
    if ((st = alecable_model_create(&r->m, p->allocator))) return st;
    if ((st = build(r, p, T1, T2))) {
        alecable_model_destroy(r->m);
        r->m = NULL;
    }
    return st;
}

double atwood_energy(alecable_model *m)
{
    double wi = 0.0, we = 0.0, T = 0.0;
    alecable_model_energy(m, &wi, &we);
    alecable_model_kinetic_energy(m, &T);
    return wi + we + T;
}

double atwood_friction_work(const atwood_rig *r, int *nstick)
{
    int i, nc = 0;
    double w = 0.0;
    alecable_friction_contacts(r->fr, &nc);
    *nstick = 0;
    for (i = 0; i < nc; i++) {
        alecable_contact c;
        alecable_contact_init(&c);
        alecable_friction_contact(r->fr, i, &c);
        w += c.work;
        *nstick += c.state == ALECABLE_CONTACT_STICK;
    }
    return w;
}

double atwood_ratio(const atwood_rig *r) { return rig_tension(r->c, 0) / rig_tension(r->c, r->n + 1); }
