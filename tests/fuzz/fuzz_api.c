/* libFuzzer target (issue 12): the input bytes are a program of public API
 * calls on one model — cables of each element kind, nodes, constraints,
 * loads, bodies, joints, wraps, friction, options; a sea, Morison loads in
 * it, seabed, damping, sections along a cable, point bodies, the touchdown
 * node (issue 26) — followed by finalize,
 * a quasistatic solve and a few dynamic steps.  Every call may fail; none
 * may crash, hang, leak or trip a sanitizer.  Sizes are bounded (at most 8
 * elements a line, 16 objects of a kind, few Newton iterations), so one
 * input runs in milliseconds.  Built and run by `make fuzz`. */
#include <alecable.h>

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef struct reader {
    const uint8_t *p;
    size_t n;
} reader;

static unsigned u8(reader *r)
{
    unsigned v;
    if (r->n == 0) return 0;
    v = *r->p++;
    r->n--;
    return v;
}

/* a double: mostly ordinary magnitudes, sometimes the values that break
 * code (0, negatives, NaN, infinities, huge, tiny) */
static double num(reader *r)
{
    static const double special[16] = {0.0,  1.0,   -1.0,   0.5,     2.0,      1e-12,    1e12,      -1e-3,
                                       NAN,  INFINITY, -INFINITY, 1e300, 4.9e-324, 1e9,  0.1, 3.0};
    unsigned k = u8(r);
    if (k < 64) return special[k % 16];
    return ((double)(int)(u8(r) | (u8(r) << 8)) - 32768.0) / 1024.0 * (k & 1 ? 1.0 : 0.01);
}

static void vec(reader *r, double v[3])
{
    v[0] = num(r);
    v[1] = num(r);
    v[2] = num(r);
}

enum { CAP = 16 };

typedef struct world {
    alecable_model *m;
    alecable_cable *c[CAP];
    alecable_node *n[CAP * 4];
    alecable_body *b[CAP];
    alecable_joint *j[CAP];
    alecable_load *l[CAP];     /* hydrodynamic, seabed and damping loads */
    alecable_sea *sea[4];
    alecable_point_mass *pm[CAP];
    int nc, nn, nb, nj, nl, ns, np;
} world;

/* pick one of count handles, or NULL (1 in 16) */
#define PICK(r, arr, count) ((count) > 0 && (u8(r) & 15) ? (arr)[u8(r) % (unsigned)(count)] : NULL)

static void keep_node(world *w, alecable_node *n)
{
    if (n && w->nn < CAP * 4) w->n[w->nn++] = n;
}

/* after cable_line: its nodes join the pool */
static void keep_cable_nodes(world *w, alecable_cable *c)
{
    int nn = 0, i;
    if (alecable_cable_counts(c, &nn, NULL)) return;
    for (i = 0; i < nn && w->nn < CAP * 4; i++) {
        alecable_node *n = NULL;
        if (!alecable_cable_node(&n, c, i)) keep_node(w, n);
    }
}

static void op(world *w, reader *r)
{
    double a[3], b[3], x;
    alecable_node *nodes[8];
    double angles[8];
    int k, cnt;
    switch (u8(r) % 32) {
    case 0: {
        alecable_section s;
        alecable_cable *c = NULL;
        alecable_section_init(&s);
        s.E = num(r);
        s.A = num(r);
        s.rho = num(r);
        s.I = num(r);
        if (!alecable_cable_create(&c, w->m, (int)(u8(r) % 4), &s) && w->nc < CAP) w->c[w->nc++] = c;
        break;
    }
    case 1: {
        alecable_cable *c = PICK(r, w->c, w->nc);
        vec(r, a);
        vec(r, b);
        x = num(r);
        if (!alecable_cable_line(c, a, b, x, x + num(r), (int)(u8(r) % 9))) keep_cable_nodes(w, c);
        break;
    }
    case 2: {
        alecable_node *n = NULL;
        vec(r, a);
        if (!alecable_cable_add_node(&n, PICK(r, w->c, w->nc), a, num(r))) keep_node(w, n);
        break;
    }
    case 3: alecable_fix(NULL, w->m, PICK(r, w->n, w->nn), (int)(u8(r) % 12)); break;
    case 4: alecable_prescribe(NULL, w->m, PICK(r, w->n, w->nn), (int)(u8(r) % 12), num(r)); break;
    case 5: vec(r, a); alecable_load_node(NULL, w->m, PICK(r, w->n, w->nn), a); break;
    case 6: vec(r, a); alecable_load_distributed(NULL, w->m, PICK(r, w->c, w->nc), a); break;
    case 7: vec(r, a); alecable_model_set_gravity(w->m, a); break;
    case 8: {
        alecable_body_params p;
        alecable_body *bd = NULL;
        alecable_body_params_init(&p);
        vec(r, p.position);
        p.mass = num(r);
        p.inertia[0] = p.inertia[4] = p.inertia[8] = num(r);
        if (!alecable_body_create(&bd, w->m, &p) && w->nb < CAP) w->b[w->nb++] = bd;
        break;
    }
    case 9: alecable_body_fix(w->m, PICK(r, w->b, w->nb)); break;
    case 10: {
        alecable_joint *j = NULL;
        vec(r, a);
        if (!alecable_attach(&j, w->m, PICK(r, w->n, w->nn), PICK(r, w->b, w->nb), a, (int)(u8(r) % 3)) && w->nj < CAP)
            w->j[w->nj++] = j;
        break;
    }
    case 11: {
        alecable_joint *j = NULL;
        vec(r, a);
        vec(r, b);
        if (!alecable_revolute(&j, w->m, PICK(r, w->b, w->nb), PICK(r, w->b, w->nb), a, b, num(r)) && w->nj < CAP)
            w->j[w->nj++] = j;
        break;
    }
    case 12: {
        alecable_pulley_params p;
        alecable_joint *j = NULL;
        alecable_pulley_params_init(&p);
        p.radius = num(r);
        cnt = (int)(u8(r) % 8) + 1;
        for (k = 0; k < cnt; k++) {
            nodes[k] = PICK(r, w->n, w->nn);
            angles[k] = num(r);
        }
        if (!alecable_pulley_wrap(&j, w->m, PICK(r, w->b, w->nb), &p, cnt, nodes, angles) && w->nj < CAP)
            w->j[w->nj++] = j;
        break;
    }
    case 13: {
        alecable_sleeve_params p;
        alecable_joint *j = NULL;
        alecable_sleeve_params_init(&p);
        p.pressure = num(r);
        p.friction.mu = num(r);
        p.normal_from_reaction = (int)(u8(r) % 3);
        cnt = (int)(u8(r) % 4) + 1;
        for (k = 0; k < cnt; k++) nodes[k] = PICK(r, w->n, w->nn);
        if (!alecable_sleeve(&j, w->m, &p, cnt, nodes) && w->nj < CAP) w->j[w->nj++] = j;
        break;
    }
    case 14: {
        alecable_friction_params p;
        alecable_friction_params_init(&p);
        p.mu = num(r);
        p.augmentation = num(r);
        if (u8(r) & 1) p.surface = PICK(r, w->b, w->nb);
        if (u8(r) & 1) alecable_wrap_friction(NULL, w->m, PICK(r, w->j, w->nj), &p);
        else alecable_eyelet_friction(NULL, w->m, PICK(r, w->j, w->nj), &p);
        break;
    }
    case 15: {
        alecable_clamp_params p;
        alecable_clamp_params_init(&p);
        p.hold = (int)u8(r);
        alecable_clamp(NULL, w->m, PICK(r, w->n, w->nn), &p);
        break;
    }
    case 16: alecable_cable_set_lagrangian(PICK(r, w->c, w->nc), (int)(u8(r) % 3)); break;
    case 17: {
        alecable_beam_params p;
        alecable_beam_params_init(&p);
        p.GJ = num(r);
        p.twist = num(r);
        alecable_cable_set_beam(PICK(r, w->c, w->nc), &p);
        break;
    }
    case 18: vec(r, a); alecable_node_set(PICK(r, w->n, w->nn), a, num(r)); break;
    case 19: alecable_model_finalize(w->m); break;
    case 20: {
        alecable_quasistatic_options o;
        alecable_quasistatic_options_init(&o);
        o.load_steps = (int)(u8(r) % 3) + 1;
        o.max_iterations = 8;
        o.regularization = (int)(u8(r) % 3);
        o.globalization = (int)(u8(r) % 4); /* AUTO, NONE, PTC and one bad value */
        alecable_solve_quasistatic(w->m, &o, NULL);
        break;
    }
    case 21: {
        alecable_dynamic_options o;
        alecable_integrator *it = NULL;
        alecable_dynamic_options_init(&o);
        o.method = (int)(u8(r) % 14);
        o.h = num(r);
        o.max_iterations = 6;
        if (!alecable_model_integrator(&it, w->m, &o)) {
            cnt = (int)(u8(r) % 4);
            for (k = 0; k < cnt; k++) alecable_integrator_step(it, o.h);
            alecable_integrator_undo(it);
            alecable_model_pull_state(w->m, it);
        }
        alecable_integrator_destroy(it);
        break;
    }
    case 22: {
        alecable_joint *j = PICK(r, w->j, w->nj);
        alecable_joint_set_damping(j, num(r));
        break;
    }
    case 23: {
        alecable_load *l = NULL;
        vec(r, a);
        vec(r, b);
        alecable_load_body_force(&l, w->m, PICK(r, w->b, w->nb), a, b);
        break;
    }
    /* issue 26: sea, Morison loads in it, seabed, damping, sections, point bodies, touchdown */
    case 24: {
        alecable_sea_params p;
        alecable_sea *sea = NULL;
        double cur[8];
        alecable_sea_params_init(&p);
        p.level = num(r);
        p.depth = num(r);
        p.waves = (int)(u8(r) % 4);
        p.height = num(r);
        p.period = num(r);
        p.Hs = num(r);
        p.Tp = num(r);
        p.n_components = (int)(u8(r) % 40) - 2;
        p.ramp_time = num(r);
        p.stretching = (int)(u8(r) % 4);
        if (u8(r) & 1) {
            for (k = 0; k < 8; k++) cur[k] = num(r);
            p.n_current = (int)(u8(r) % 3);
            p.current = cur;
        }
        if (!alecable_sea_create(&sea, w->m, &p) && w->ns < 4) w->sea[w->ns++] = sea;
        break;
    }
    case 25: {
        alecable_hydro_params p;
        alecable_load *l = NULL;
        alecable_hydro_params_init(&p);
        p.diameter = num(r);
        p.C_dn = num(r);
        vec(r, p.current);
        p.terms = (int)(u8(r) % 9);
        p.stiff = (int)(u8(r) % 3);
        if (!alecable_load_hydro(&l, w->m, PICK(r, w->c, w->nc), &p)) {
            if (w->nl < CAP) w->l[w->nl++] = l;
            if (u8(r) & 1) alecable_load_hydro_set_sea(l, PICK(r, w->sea, w->ns));
            if (u8(r) & 1) alecable_load_hydro_set_elements(l, (int)(u8(r) % 10) - 1, (int)(u8(r) % 10) - 1);
        }
        break;
    }
    case 26: {
        alecable_seabed_params p;
        alecable_load *l = NULL;
        double h[9];
        alecable_seabed_params_init(&p);
        p.shape = (int)(u8(r) % 3);
        vec(r, p.point);
        vec(r, p.normal);
        p.nx = (int)(u8(r) % 4);
        p.ny = (int)(u8(r) % 4);
        p.origin[0] = num(r);
        p.spacing[0] = num(r);
        p.spacing[1] = num(r);
        for (k = 0; k < 9; k++) h[k] = num(r);
        if (p.nx * p.ny <= 9) p.heights = h; /* a grid larger than h: NULL (the call must refuse it) */
        p.stiffness = num(r);
        p.damping = num(r);
        p.mu_axial = num(r);
        p.mu_lateral = num(r);
        p.eps = num(r);
        p.law = (int)(u8(r) % 4);
        p.first_element = (int)(u8(r) % 10) - 1;
        p.n_elements = (int)(u8(r) % 10) - 1;
        if (!alecable_load_seabed(&l, w->m, PICK(r, w->c, w->nc), &p) && w->nl < CAP) w->l[w->nl++] = l;
        break;
    }
    case 27: {
        alecable_seabed_contact sc;
        alecable_seabed_contact_init(&sc);
        alecable_seabed_state(PICK(r, w->l, w->nl), (int)(u8(r) % 3), &sc);
        alecable_load_damping_dissipation(PICK(r, w->l, w->nl), &a[0], &a[1]);
        break;
    }
    case 28: {
        alecable_damping_params p;
        alecable_load *l = NULL;
        alecable_damping_params_init(&p);
        p.axial = num(r);
        p.bending = num(r);
        p.first_element = (int)(u8(r) % 10) - 1;
        p.n_elements = (int)(u8(r) % 10) - 1;
        p.stiff = (int)(u8(r) % 3);
        if (!alecable_load_damping(&l, w->m, PICK(r, w->c, w->nc), &p) && w->nl < CAP) w->l[w->nl++] = l;
        break;
    }
    case 29: {
        alecable_section s;
        alecable_section_init(&s);
        s.E = num(r);
        s.A = num(r);
        s.rho = num(r);
        s.I = num(r);
        alecable_cable_set_section_range(PICK(r, w->c, w->nc), (int)(u8(r) % 10) - 1, (int)(u8(r) % 10) - 1, &s);
        break;
    }
    case 30: {
        alecable_point_mass_params p;
        alecable_point_mass *pm = NULL;
        alecable_point_mass_params_init(&p);
        p.mass = num(r);
        p.volume = num(r);
        p.drag_area = num(r);
        p.added_mass = num(r);
        if (!alecable_node_point_mass(&pm, PICK(r, w->n, w->nn), &p) && w->np < CAP) w->pm[w->np++] = pm;
        alecable_point_mass_set_sea(PICK(r, w->pm, w->np), PICK(r, w->sea, w->ns));
        if (u8(r) & 1) alecable_point_mass_set_waterplane(PICK(r, w->pm, w->np), num(r), num(r));
        break;
    }
    default: {
        alecable_constraint *bottom[CAP * 4 + 2]; /* as many as a cable can have nodes */
        vec(r, a);
        vec(r, b);
        alecable_seabed_touchdown(u8(r) & 1 ? bottom : NULL, w->m, PICK(r, w->c, w->nc), a, b, (int)(u8(r) % 3),
                                  (int)(u8(r) % 10) - 1);
        break;
    }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    reader r;
    world w;
    int ops = 0;
    r.p = data;
    r.n = size;
    memset(&w, 0, sizeof w);
    if (alecable_model_create(&w.m, NULL)) return 0;
    while (r.n > 0 && ops++ < 64) op(&w, &r);
    {
        /* the end of every program: finalize, solve, step */
        alecable_quasistatic_options o;
        alecable_dynamic_options d;
        alecable_integrator *it = NULL;
        double e1, e2;
        alecable_model_finalize(w.m);
        alecable_quasistatic_options_init(&o);
        o.max_iterations = 8;
        alecable_solve_quasistatic(w.m, &o, NULL);
        alecable_model_energy(w.m, &e1, &e2);
        alecable_dynamic_options_init(&d);
        d.max_iterations = 6;
        if (!alecable_model_integrator(&it, w.m, &d)) {
            alecable_integrator_step(it, 1e-3);
            alecable_integrator_step(it, 1e-3);
            alecable_model_pull_state(w.m, it);
        }
        alecable_integrator_destroy(it);
    }
    alecable_model_destroy(w.m);
    return 0;
}
