/* Lift-off and landing in dynamics (issue 24, item 2): a sheave whose
 * nodes land and leave one by one (alecable_sheave_set_node_contact).
 *
 * The rig: a rope (0.05 kg/m, EA 1e6 N) from a fixed end A = (-3, R),
 * level with the top of a fixed sheave of radius R = 0.5 at the origin,
 * over it and down to a weight of 10 kg, 2 m below the departure point.
 * The run declared on the sheave: 21 nodes 5 deg of material apart from
 * the top; at the start the rope lies on the circle from 90 to 60 deg (7
 * nodes on it) and the weight hangs at beta = 60 deg from the vertical,
 * thrown up and outwards at 5 m/s.  It swings up past the horizontal (the
 * wrap shrinks to nothing: every node leaves), flies on the straight rope
 * about A, falls back, the rope lands on the top and wraps as the weight
 * swings down under the sheave (the wrap grows back past the start's).
 *
 * References: frictionless, every constraint ideal (the contact rows'
 * reactions are their gradients, the material shares' act on s only), so
 * the energy (strain + gravity + kinetic) is kept by the trapezoidal rule
 * to O(h^2) except what the landings cost: a node landing with a normal
 * velocity v_r loses its m_eff v_r^2 / 2 (an inelastic impact of the node
 * on the sheave, m_eff its effective mass in the normal direction), which
 * the integrators take out when the node has taken its first step on the
 * circle (ALECABLE_CONTACT_CLOSED).  The tension has no jump of the
 * switches' own: a node leaves when its contact force (the chords' turn
 * there times the tension) reaches zero, and lands with zero force before
 * the impact. */
#include "suites.h"
#include "problem_fd.h"
#include "fd.h"

#include <alecable.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

/* the measured figures, on stderr when ALECABLE_TEST_FIGURES is set */
static void figure(const char *fmt, ...)
{
    va_list ap;
    if (!getenv("ALECABLE_TEST_FIGURES")) return;
    va_start(ap, fmt);
    fprintf(stderr, "sheave lift: ");
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

enum { NRUN = 17, NARC = 13, NUP = 2, NLOW = 3 };

typedef struct lrig {
    alecable_model *m;
    alecable_cable *c;
    alecable_joint *j, *att, *fr;
    alecable_body *wt;
    alecable_node *nd[1 + NUP + NRUN + NLOW];
    int nn;
} lrig;

static const double R = 0.5, M = 10.0, G = 9.81, L = 2.0;
static const double V0 = 5.4;
/* stick/slip friction between rope and sheave (alecable_wrap_friction) in
 * the rigs built while it is > 0 */
static double rig_mu = 0.0;
/* and UMFPACK for the integrators' linear systems where set */
static int rig_umfpack = 0;
/* the strain of M (g + V0^2 / L) at EA = 1e6 N */
#define EPS0 (M * (G + V0 * V0 / L) / 1e6)

static void set_vel(lrig *r, double *v, alecable_node *n, const double w[2])
{
    int k, idx;
    for (k = 0; k < 2; k++) {
        ck_assert_int_eq(alecable_node_dof_index(n, k, &idx), 0);
        if (idx >= 0) v[idx] = w[k];
    }
    (void)r;
}

static void build(lrig *r)
{
    const double beta = 0.0, phia = 60.0 * M_PI / 180.0, dth = 5.0 * M_PI / 180.0, c = R * dth;
    const double TA[2] = {R * cos(phia), R * sin(phia)}, up[2] = {-3.0 * sin(phia), 3.0 * cos(phia)};
    const double T[2] = {R * cos(beta), R * sin(beta)}, d[2] = {sin(beta), -cos(beta)};
    alecable_section sec;
    alecable_body_params bp;
    alecable_pulley_params pp;
    alecable_body *sh;
    alecable_node *bn;
    const int hold[4] = {ALECABLE_DOF_Z, ALECABLE_DOF_RX, ALECABLE_DOF_RY, ALECABLE_DOF_RZ};
    double x[3] = {TA[0] + up[0], TA[1] + up[1], 0.0}, prev[3], s = 0.0, grav[3] = {0, -G, 0}, p0[3] = {0, 0, 0}, *v, dist[NRUN + NLOW];
    int i, k, n = 0, nq, nl;
    memset(r, 0, sizeof *r);
    ck_assert_int_eq(alecable_model_create(&r->m, NULL), 0);
    ck_assert_int_eq(alecable_model_set_gravity(r->m, grav), 0);
    alecable_section_init(&sec);
    sec.A = 1e-4;
    sec.E = 1e6 / sec.A;
    sec.rho = 0.05 / sec.A;
    ck_assert_int_eq(alecable_cable_create(&r->c, r->m, ALECABLE_ELEMENT_AXIAL, &sec), 0);
    memcpy(prev, x, sizeof prev);
    ck_assert_int_eq(alecable_cable_add_node(&r->nd[n++], r->c, x, 0.0), 0);
    for (i = 0; i < NUP + NRUN + NLOW; i++) {
        int a = i - NUP; /* index in the run */
        if (a < 0) {
            x[0] = TA[0] + up[0] * (NUP - i) / (NUP + 1), x[1] = TA[1] + up[1] * (NUP - i) / (NUP + 1);
        } else if (a < NARC) {
            x[0] = R * cos(phia - a * dth), x[1] = R * sin(phia - a * dth);
        } else {
            double t = a < NRUN ? (a - NARC + 1) * c : (NRUN - NARC) * c + (a - NRUN + 1) * (L - (NRUN - NARC) * c) / NLOW;
            dist[a] = t;
            x[0] = T[0] + t * d[0], x[1] = T[1] + t * d[1];
        }
        s += hypot(x[0] - prev[0], x[1] - prev[1]) / (1.0 + EPS0); /* stretched by the swing's tension */
        ck_assert_int_eq(alecable_cable_add_node(&r->nd[n++], r->c, x, s), 0);
        memcpy(prev, x, sizeof prev);
    }
    r->nn = n;
    for (k = 0; k < 4; k++) ck_assert_int_eq(alecable_fix(NULL, r->m, r->nd[0], k), 0);
    for (i = 1; i < n; i++)
        if (i <= NUP || (i > NUP + NRUN && i < n - 1)) ck_assert_int_eq(alecable_fix(NULL, r->m, r->nd[i], ALECABLE_DOF_Z), 0);
    alecable_body_params_init(&bp);
    ck_assert_int_eq(alecable_body_create(&sh, r->m, &bp), 0);
    ck_assert_int_eq(alecable_body_fix(r->m, sh), 0);
    alecable_pulley_params_init(&pp);
    pp.radius = R;
    ck_assert_msg(alecable_sheave_potential(&r->j, r->m, sh, &pp, NRUN, r->nd + 1 + NUP) == 0, "%s",
                  alecable_model_errmsg(r->m));
    ck_assert_int_eq(alecable_sheave_set_node_contact(r->j, 1), 0);
    if (rig_mu > 0.0) {
        alecable_friction_params fp;
        alecable_friction_params_init(&fp);
        fp.mu = rig_mu;
        ck_assert_msg(alecable_wrap_friction(&r->fr, r->m, r->j, &fp) == 0, "%s", alecable_model_errmsg(r->m));
    }
    alecable_body_params_init(&bp);
    bp.mass = M;
    bp.inertia[0] = bp.inertia[4] = bp.inertia[8] = 0.1;
    memcpy(bp.position, x, sizeof x);
    ck_assert_int_eq(alecable_body_create(&r->wt, r->m, &bp), 0);
    ck_assert_int_eq(alecable_body_node(&bn, r->wt), 0);
    for (k = 0; k < 4; k++) ck_assert_int_eq(alecable_fix(NULL, r->m, bn, hold[k]), 0);
    ck_assert_int_eq(alecable_attach(&r->att, r->m, r->nd[n - 1], r->wt, p0, 1), 0);
    /* the lower span turning about the departure point, the weight at V0 */
    ck_assert_int_eq(alecable_model_finalize(r->m), 0);
    ck_assert_int_eq(alecable_model_sizes(r->m, &nq, &nl), 0);
    v = calloc((size_t)nq, sizeof *v);
    ck_assert_ptr_nonnull(v);
    for (i = NUP + NARC; i < NUP + NRUN + NLOW; i++) {
        const double w[2] = {-d[1] * V0 * dist[i - NUP] / L, d[0] * V0 * dist[i - NUP] / L};
        set_vel(r, v, r->nd[1 + i], w);
    }
    {
        const double w[2] = {-d[1] * V0, d[0] * V0};
        set_vel(r, v, bn, w);
    }
    ck_assert_int_eq(alecable_model_set_velocity(r->m, v), 0);
    free(v);
}

/* the nodes on the circle now: 0 normal force off it (its rows read lambda
 * = 0); in onset[i] whether node i is on */
static int count_on(const lrig *r, double *wrap, int *onset)
{
    double lo = INFINITY, hi = -INFINITY;
    int i, n = 0;
    for (i = 0; i < NRUN; i++) {
        double th, N;
        ck_assert_int_eq(alecable_sheave_node(r->j, i, &th, &N, NULL), 0);
        onset[i] = N != 0.0;
        if (N != 0.0) {
            n++;
            lo = fmin(lo, th), hi = fmax(hi, th);
        }
    }
    *wrap = n ? hi - lo : 0.0;
    return n;
}

/* The impact's own estimate at a state: a node off the circle (normal
 * force 0) inside it lands at the next step; the inelastic impact takes its
 * normal velocity, m v_r^2 / 2 with the node's lumped mass rho A (half its
 * two elements' material) */
static double landing_estimate(const lrig *r, const alecable_integrator *it)
{
    double e = 0.0, *v;
    int nq, i;
    ck_assert_int_eq(alecable_integrator_sizes(it, &nq, NULL), 0);
    v = calloc((size_t)nq, sizeof *v);
    ck_assert_ptr_nonnull(v);
    ck_assert_int_eq(alecable_integrator_get_state(it, NULL, NULL, v, NULL, NULL), 0);
    for (i = 0; i < NRUN; i++) {
        alecable_node *n = r->nd[1 + NUP + i];
        double N, x[3], sm, sp, vr;
        int ix, iy;
        ck_assert_int_eq(alecable_sheave_node(r->j, i, NULL, &N, NULL), 0);
        ck_assert_int_eq(alecable_node_position(n, x), 0);
        if (N != 0.0 || hypot(x[0], x[1]) >= R) continue;
        ck_assert_int_eq(alecable_node_dof_index(n, ALECABLE_DOF_X, &ix), 0);
        ck_assert_int_eq(alecable_node_dof_index(n, ALECABLE_DOF_Y, &iy), 0);
        ck_assert_int_eq(alecable_node_material(r->nd[NUP + i], &sm), 0);
        ck_assert_int_eq(alecable_node_material(r->nd[2 + NUP + i], &sp), 0);
        vr = (v[ix] * x[0] + v[iy] * x[1]) / hypot(x[0], x[1]);
        e += 0.5 * 0.05 * 0.5 * (sp - sm) * vr * vr;
    }
    free(v);
    return e;
}

typedef struct swing_out {
    double eerr, esmooth, eswitch, eimpact, eproj, erise, law, ratio, ratio_rho, work, nerr;
    double wrap_min_after, wrap_end, beta_max, dN_switch, dN_other, Nmax;
    int on_min, on_end, switches, lifted_at, landed_at, both, cuts;
} swing_out;

static double tension(const lrig *r)
{ /* the lower span's last element: the weight's rope */
    alecable_element *el;
    double N;
    ck_assert_int_eq(alecable_cable_element(&el, r->c, r->nn - 2), 0);
    ck_assert_int_eq(alecable_element_axial_force(el, &N), 0);
    return N;
}

/* a step of h, or, where Newton fails (ALECABLE_STEP_TOO_LARGE), the host's
 * answer: the same interval in halves, down to h / 16 (counted in *cuts) */
static void step_or_cut(alecable_integrator *it, double h, int k, int *cuts)
{
    int st = alecable_integrator_step(it, h), n, i;
    for (n = 2; st == ALECABLE_STEP_TOO_LARGE && n <= 16; n *= 2) {
        ++*cuts;
        for (i = 0, st = 0; i < n && st == 0; i++) st = alecable_integrator_step(it, h / n);
    }
    ck_assert_msg(st == 0, "step %d: %s", k, alecable_integrator_errmsg(it));
}

/* h, to Tend; undo: every step undone and taken again (bit for bit);
 * jac: the Jacobian against differences at the first step with some nodes
 * on the circle and some off (returned) */
static void swing(int method, double h, double Tend, int undo, double *jac, swing_out *o)
{
    double *q0 = NULL, *v0 = NULL, *a0 = NULL, *l0 = NULL, *q1 = NULL, *v1 = NULL, *a1 = NULL, *l1 = NULL, t0, t1;
    int nq = 0, nl = 0;
    lrig r;
    alecable_integrator *it;
    alecable_dynamic_options opt;
    double E0 = 0.0, wi, we, kin, wrap = 0.0, N0 = 0.0, dNprev = 0.0, Eprev = 0.0, Esw = 0.0, Emin_prev = 0.0;
    int nqa = 0, k, steps = (int)(Tend / h + 0.5), on_prev = -1, released = 0, now_on[NRUN] = {0}, was_on[NRUN], up = 0,
        down = 0, down_prev = 0;
    build(&r);
    memset(o, 0, sizeof *o);
    o->on_min = NRUN;
    alecable_dynamic_options_init(&opt);
    opt.method = method;
    opt.rho_inf = 0.8;
    opt.h = h;
    if (rig_umfpack) opt.linear_solver = ALECABLE_LINSOLVE_UMFPACK;
    ck_assert_msg(alecable_model_integrator(&it, r.m, &opt) == 0, "%s", alecable_model_errmsg(r.m));
    ck_assert_int_eq(alecable_integrator_sizes(it, &nqa, NULL), 0);
    if (undo) {
        ck_assert_int_eq(alecable_integrator_sizes(it, &nq, &nl), 0);
        q0 = calloc((size_t)(4 * nq + 4 * nl + 8), sizeof *q0), q1 = calloc((size_t)(4 * nq + 4 * nl + 8), sizeof *q1);
        ck_assert(q0 && q1);
        v0 = q0 + nq, a0 = v0 + nq, l0 = a0 + nq, v1 = q1 + nq, a1 = v1 + nq, l1 = a1 + nq;
    }
    for (k = 0; k <= steps; k++) {
        double xw[3], N;
        int on;
        if (k > 0 && undo) { /* the step, undone, taken again: the same to the bit (the contact set is history) */
            size_t n = (size_t)(4 * nq + 4 * nl) * sizeof(double);
            double *b0 = malloc(n), *b1 = malloc(n);
            ck_assert(b0 && b1);
            ck_assert_int_eq(alecable_integrator_get_state(it, &t0, q0, v0, a0, l0), 0);
            memcpy(b0, q0, n);
            ck_assert_msg(alecable_integrator_step(it, h) == 0, "step %d: %s", k, alecable_integrator_errmsg(it));
            ck_assert_int_eq(alecable_integrator_get_state(it, &t1, q1, v1, a1, l1), 0);
            memcpy(b1, q1, n);
            ck_assert_int_eq(alecable_integrator_undo(it), 0);
            ck_assert_int_eq(alecable_integrator_get_state(it, &t0, q0, v0, a0, l0), 0);
            ck_assert_msg(memcmp(b0, q0, n) == 0, "step %d: undo did not restore the state", k);
            ck_assert_msg(alecable_integrator_step(it, h) == 0, "step %d again: %s", k, alecable_integrator_errmsg(it));
            ck_assert_int_eq(alecable_integrator_get_state(it, &t1, q1, v1, a1, l1), 0);
            ck_assert_msg(memcmp(b1, q1, n) == 0, "step %d taken again differs", k);
            free(b0), free(b1);
        } else if (k > 0)
            step_or_cut(it, h, k, &o->cuts);
        ck_assert_int_eq(alecable_model_pull_state(r.m, it), 0);
        ck_assert_int_eq(alecable_model_energy(r.m, &wi, &we), 0);
        ck_assert_int_eq(alecable_model_kinetic_energy(r.m, &kin), 0);
        if (k == 0) E0 = wi + we + kin;
        o->eerr = fmax(o->eerr, fabs(wi + we + kin - E0) / (M * G * L));
        memcpy(was_on, now_on, sizeof now_on);
        on = count_on(&r, &wrap, now_on);
        down_prev = down, up = down = 0;
        if (k > 0) { /* a step that put a node on the circle and took another off */
            int i;
            for (i = 0; i < NRUN; i++) up |= now_on[i] && !was_on[i], down |= was_on[i] && !now_on[i];
            o->both += up && down;
        }
        o->eimpact += landing_estimate(&r, it);
        if (jac && on > 0 && on < NARC && *jac < 0.0) { /* some nodes on, some off */
            alecable_problem p;
            double *q, *lam;
            int mq, ml, i;
            ck_assert_int_eq(alecable_model_problem(&p, r.m), 0);
            ck_assert_int_eq(alecable_model_sizes(r.m, &mq, &ml), 0);
            ml = ml > nl ? ml : nl;
            ck_assert_int_eq(alecable_integrator_sizes(it, NULL, &i), 0);
            ml = ml > i ? ml : i;
            q = calloc((size_t)mq, sizeof *q), lam = calloc((size_t)ml, sizeof *lam);
            ck_assert(q && lam);
            ck_assert_int_eq(alecable_integrator_get_state(it, NULL, q, NULL, NULL, lam), 0);
            *jac = pfd_full_jacobian_error(&p, k * h, q, lam, 1e-6);
            free(q), free(lam);
        }
        N = tension(&r);
        o->Nmax = fmax(o->Nmax, N);
        if (k > 0) { /* the step's change of tension, on steps that switched a node and on others */
            double dN = fabs(N - N0);
            /* a landing shows (a normal force) at the end of the node's first step on the circle, a release
             * (no normal force) at the commit that frees it: the step after it is the first without */
            if (up || down_prev) {
                Esw += wi + we + kin - Eprev; /* what the switching steps did to the energy */
                o->switches++;
                o->dN_switch = fmax(o->dN_switch, dN);
            } else
                o->dN_other = fmax(o->dN_other, fmax(dN, dNprev));
            dNprev = dN;
        }
        N0 = N;
        Eprev = wi + we + kin;
        if (r.fr) { /* the law at every contact; the wrap's tension ratio against Euler-Eytelwein */
            double Emin = k == 0 ? Eprev : Emin_prev, th0 = 0.0, th1 = 0.0, w;
            int i, first = -1, last = -1;
            o->erise = fmax(o->erise, (Eprev - Emin) / (M * G * L));
            Emin_prev = fmin(Emin, Eprev);
            for (i = 0; i + 2 < NRUN; i++) {
                alecable_contact c;
                alecable_contact_init(&c);
                ck_assert_int_eq(alecable_friction_contact(r.fr, i, &c), 0);
                {
                    double Nn;
                    ck_assert_int_eq(alecable_sheave_node(r.j, i + 1, NULL, &Nn, NULL), 0);
                    o->nerr = fmax(o->nerr, fabs(Nn - c.lambda_n));
                }
                if (now_on[i + 1] == was_on[i + 1]) /* a node released at this commit reads N = 0 already */
                    o->law = fmax(o->law, (fabs(c.lambda_t) - rig_mu * fmax(c.lambda_n, 0.0)) / (M * G));
                if (k == steps) o->work += c.work;
            }
            for (i = 0; i < NRUN; i++)
                if (now_on[i]) last = i, first = first < 0 ? i : first;
            if (first >= 0 && last > first) {
                alecable_element *e0, *e1;
                double T0, T1, hi, lo, v2 = 0.0;
                ck_assert_int_eq(alecable_sheave_node(r.j, first, &th0, NULL, NULL), 0);
                ck_assert_int_eq(alecable_sheave_node(r.j, last, &th1, NULL, NULL), 0);
                ck_assert_int_eq(alecable_cable_element(&e0, r.c, NUP + first), 0); /* into the first node on */
                ck_assert_int_eq(alecable_cable_element(&e1, r.c, NUP + last + 1), 0); /* out of the last */
                ck_assert_int_eq(alecable_element_axial_force(e0, &T0), 0);
                ck_assert_int_eq(alecable_element_axial_force(e1, &T1), 0);
                hi = fmax(T0, T1), lo = fmin(T0, T1), w = fabs(th1 - th0);
                (void)w;
                { /* the discrete law: each node on the circle at most (1 + a) / (1 - a), a = mu sin(turn) / 2 */
                    double lim = 1.0, xm[3], x0[3], xp[3], turns = 0.0;
                    for (i = first; i <= last; i++) {
                        double d1[2], d2[2], turn;
                        if (i == 0 || i == NRUN - 1) continue; /* no contact at the run's ends */
                        ck_assert_int_eq(alecable_node_position(r.nd[NUP + i], xm), 0);
                        ck_assert_int_eq(alecable_node_position(r.nd[NUP + 1 + i], x0), 0);
                        ck_assert_int_eq(alecable_node_position(r.nd[NUP + 2 + i], xp), 0);
                        d1[0] = x0[0] - xm[0], d1[1] = x0[1] - xm[1], d2[0] = xp[0] - x0[0], d2[1] = xp[1] - x0[1];
                        turn = fabs(atan2(d1[0] * d2[1] - d1[1] * d2[0], d1[0] * d2[0] + d1[1] * d2[1]));
                        lim *= (1.0 + 0.5 * rig_mu * sin(turn)) / (1.0 - 0.5 * rig_mu * sin(turn));
                        turns += turn;
                    }
                    /* the rope's own inertia on the wrap: dT = mu (T - rho v^2) dphi + rho a_t R dphi gives
                     * T_hi <= lim (T_lo + m_wrap a_max) */
                    {
                        double *va = calloc((size_t)(2 * nqa), sizeof *va), amax = 0.0, sa, sb;
                        ck_assert_ptr_nonnull(va);
                        ck_assert_int_eq(alecable_integrator_get_state(it, NULL, NULL, NULL, va, NULL), 0);
                        for (i = first; i <= last; i++) {
                            int ix, iy;
                            ck_assert_int_eq(alecable_node_dof_index(r.nd[NUP + 1 + i], ALECABLE_DOF_X, &ix), 0);
                            ck_assert_int_eq(alecable_node_dof_index(r.nd[NUP + 1 + i], ALECABLE_DOF_Y, &iy), 0);
                            amax = fmax(amax, hypot(va[ix], va[iy]));
                        }
                        ck_assert_int_eq(alecable_node_material(r.nd[NUP + first], &sa), 0);
                        ck_assert_int_eq(alecable_node_material(r.nd[NUP + last + 2], &sb), 0);
                        o->ratio_rho = fmax(o->ratio_rho, hi / (lim * (lo + 0.05 * fabs(sb - sa) * amax)) - 1.0);
                        o->ratio =
                            fmax(o->ratio, hi / (exp(rig_mu * turns) * (lo + 0.05 * fabs(sb - sa) * amax)) - 1.0);
                        free(va);
                    }
                }
                (void)v2;
            }
        }
        o->esmooth = fmax(o->esmooth, fabs(wi + we + kin - E0 - Esw) / (M * G * L));
        o->eswitch = Esw / (M * G * L);
        o->on_min = on < o->on_min ? on : o->on_min;
        if (on == 0 && !released) released = 1, o->lifted_at = k;
        if (released == 1 && on > 0) released = 2, o->landed_at = k;
        on_prev = on;
        ck_assert_int_eq(alecable_node_position(r.nd[r.nn - 1], xw), 0);
        o->beta_max = fmax(o->beta_max, atan2(xw[0], -xw[1]));
    }
    {
        alecable_step_stats stt;
        alecable_step_stats_init(&stt);
        ck_assert_int_eq(alecable_integrator_stats(it, &stt), 0);
        o->eproj = stt.energy_switched / (M * G * L);
    }
    free(q0), free(q1);
    o->on_end = on_prev;
    o->wrap_end = wrap;
    alecable_integrator_destroy(it);
    alecable_model_destroy(r.m);
}

/* Generalized-alpha (rho_inf 0.8) over 1.5 s, and HHT (the default, alpha
 * -0.05): every node leaves (the weight flies on to 78.7 deg on the
 * straight rope from A), the rope lands again and wraps back to 35 deg by
 * the end.  Each landing ends with the integrators' restart
 * (ALECABLE_CONTACT_CLOSED).  Measured at h = 1e-3 (2e-3): 25 (27)
 * switching steps, the energy kept to 6.5e-6 (1.8e-5) of M g L, -3.3e-6
 * (-2.5e-6) of it on the switching steps; the weight's rope tension (up to
 * 246 N) changes by at most 2.0 N (3.8) over a switching step and by up to
 * 5.5 N (7.4) over the others, so the bound asserted is that no switch
 * moves the tension more than the motion itself does in one step; HHT:
 * 8.1e-6, 23 switching steps, 1.75 N against 4.3 N.  At h = 2e-3 every step
 * is undone and taken again, bit for bit.  The Jacobian against
 * differences where some of the run's nodes are on and some off (1e-6;
 * measured 1.8e-8).  (Before the restart: 21 switching steps, 6.1e-6 and
 * 2.0 N against 5.6 N; the trapezoidal rule failed.) */
START_TEST(swing_lifts_off_and_lands)
{
    swing_out a, b, c;
    double jac = -1.0;
    swing(ALECABLE_METHOD_GENALPHA, 1e-3, 1.5, 0, &jac, &a);
    swing(ALECABLE_METHOD_GENALPHA, 2e-3, 1.5, 1, NULL, &b);
    swing(ALECABLE_METHOD_HHT, 1e-3, 1.5, 0, NULL, &c);
    figure("h = 1e-3 (2e-3): released at step %d, landed at %d, weight up to %.1f deg, wrap back to %.3f rad (%d "
           "nodes); %d (%d) switching steps; energy off by %.3g (%.3g) of M g L, %.3g (%.3g) of it on switching steps; "
           "tension up to %.0f N, changed by %.3g N (%.3g) over a switching step, %.3g N (%.3g) over the others; "
           "Jacobian with nodes on and off %.3g; HHT (alpha -0.05) at 1e-3: energy off by %.3g, %d switching steps, "
           "tension changed by %.3g N over a switching step, %.3g over the others",
           a.lifted_at, a.landed_at, a.beta_max * 180.0 / M_PI, a.wrap_end, a.on_end, a.switches, b.switches, a.eerr,
           b.eerr, a.eswitch, b.eswitch, a.Nmax, a.dN_switch, b.dN_switch, a.dN_other, b.dN_other, jac, c.eerr,
           c.switches, c.dN_switch, c.dN_other);
    ck_assert_msg(a.on_min == 0 && b.on_min == 0, "not every node left: %d, %d on", a.on_min, b.on_min);
    ck_assert_msg(a.lifted_at > 0 && a.landed_at > a.lifted_at, "released at step %d, landed at %d", a.lifted_at,
                  a.landed_at);
    ck_assert_msg(a.beta_max > 70.0 * M_PI / 180.0, "the weight only reached %.3g deg", a.beta_max * 180.0 / M_PI);
    ck_assert_msg(a.on_end >= 6 && a.wrap_end > 0.5, "the wrap grew back to %.3g rad (%d nodes) only", a.wrap_end,
                  a.on_end);
    ck_assert_msg(a.switches >= 2 * NARC - 5, "%d switching steps", a.switches);
    ck_assert_msg(a.eerr < 1e-5 && b.eerr < 3e-5, "energy off by %.3g (h = 1e-3), %.3g (2e-3) of M g L", a.eerr,
                  b.eerr);
    ck_assert_msg(a.dN_switch < a.dN_other && b.dN_switch < b.dN_other,
                  "a switch moved the tension by %.3g N (%.3g), the motion by %.3g (%.3g) in a step", a.dN_switch,
                  b.dN_switch, a.dN_other, b.dN_other);
    ck_assert_msg(c.on_min == 0 && c.on_end >= 6 && c.eerr < 1e-5 && c.dN_switch < c.dN_other,
                  "HHT: %d nodes on at least, %d at the end, energy off by %.3g, tension %.3g N over a switch", c.on_min,
                  c.on_end, c.eerr, c.dN_switch);
    ck_assert_msg(jac >= 0.0 && jac < 1e-6, "Jacobian with nodes on and off: %.3g", jac);
}
END_TEST


/* The trapezoidal rule (Newmark beta 1/4, gamma 1/2: no numerical damping)
 * on the same swing, at h = 5e-4 and 2.5e-4 (and 1.25e-4 in development,
 * 3.4 s more; the third figures below are its) (at 1e-3 the free
 * flight's energy grows between switches, 1.8e-3 -> 1.3e-2 J over steps
 * 448 .. 505 with no switch among them, until Newton fails: the rule's own
 * limit on this stiff rope, omega h ~ 100 for its axial modes, not the
 * contact's).  What the energy should do: between switches nothing but the
 * rule's O(h^2) error (every constraint ideal, no friction); a lift-off
 * costs nothing (the node's force is zero when it leaves); a landing is an
 * inelastic impact, the landing node's normal velocity v_r lost (in the
 * continuum, the normal velocity of the material at a moving kink of the
 * rope where it meets the sheave).  The estimate of the impact is
 * m_eff v_r^2 / 2 at the state that finds the node inside the circle, with
 * m_eff the node's effective mass in its normal direction: with the
 * element's consistent mass (rho A l / 6) [2 1; 1 2] a node whose neighbour
 * on one side is held and whose chain goes on freely on the other has
 * 1 / (M^-1)_ii = (2 + sqrt 3) / 6 = 0.622 of its lumped mass rho A l.
 * Measured (h = 5e-4 / 2.5e-4 / 1.25e-4, of M g L): the energy change
 * outside the switching steps 6.8e-7 / 1.44e-7 / 3.39e-8 (O(h^2): ratios
 * 4.7, 4.2); on the switching steps -3.83e-6 / -3.06e-6 / -3.27e-6 against
 * the lumped estimate's 5.69e-6 / 5.51e-6 / 5.44e-6 times 0.622 (8 %,
 * 11 %, 3 % off), and alecable_step_stats.energy_switched (the landing
 * steps with their restarts) -3.37e-6 / -3.02e-6 / -3.26e-6; the tension's change over a switching step 6.8 / 5.0 /
 * 1.1 N against 10.3 / 6.4 / 1.9 N over the others.  At 5e-4 every step is
 * undone and taken again, bit for bit. */
START_TEST(trapezoidal_lands_and_leaves)
{
    const double hs[2] = {5e-4, 2.5e-4}, meff = (2.0 + sqrt(3.0)) / 6.0;
    swing_out o[2];
    int k;
    for (k = 0; k < 2; k++) swing(ALECABLE_METHOD_NEWMARK, hs[k], 1.5, k == 0, NULL, &o[k]);
    for (k = 0; k < 2; k++) {
        figure("trapezoidal, h = %g: %d switching steps (%d landing one node and releasing another), energy off "
               "by %.3g of M g L outside the switching steps, %.4g on them, the impacts' estimate %.4g (lumped "
               "mass %.4g), the integrator's energy_switched %.4g; tension changed by %.3g N over a switching "
               "step, %.3g N over the others; wrap back to "
               "%.3f rad (%d nodes)", hs[k], o[k].switches, o[k].both, o[k].esmooth, o[k].eswitch,
               -meff * o[k].eimpact / (M * G * L), -o[k].eimpact / (M * G * L), o[k].eproj, o[k].dN_switch,
               o[k].dN_other,
               o[k].wrap_end, o[k].on_end);
        ck_assert_msg(o[k].on_min == 0 && o[k].on_end >= 6 && o[k].wrap_end > 0.5,
                      "h = %g: %d nodes on at least, the wrap back to %.3g rad (%d nodes)", hs[k], o[k].on_min,
                      o[k].wrap_end, o[k].on_end);
        ck_assert_msg(o[k].eswitch < 0.0 && fabs(o[k].eswitch / (-meff * o[k].eimpact / (M * G * L)) - 1.0) < 0.2,
                      "h = %g: the switching steps changed the energy by %.4g of M g L, the impacts' estimate %.4g",
                      hs[k], o[k].eswitch, -meff * o[k].eimpact / (M * G * L));
        ck_assert_msg(o[k].eproj < 0.0 && fabs(o[k].eproj / (-meff * o[k].eimpact / (M * G * L)) - 1.0) < 0.2,
                      "h = %g: the integrator's energy_switched %.4g of M g L, the impacts' estimate %.4g", hs[k],
                      o[k].eproj, -meff * o[k].eimpact / (M * G * L));
        ck_assert_msg(o[k].dN_switch < o[k].dN_other,
                      "h = %g: a switch moved the tension by %.3g N, the motion by %.3g",
                      hs[k], o[k].dN_switch, o[k].dN_other);
    }
    ck_assert_msg(o[0].esmooth > 3.0 * o[1].esmooth, "energy between switches not O(h^2): %.3g, %.3g of M g L",
                  o[0].esmooth, o[1].esmooth);
}
END_TEST

/* The rolling rig: a rope over the same sheave with a 10 kg weight on each
 * side, 2 m below the tangent points at (-R, 0) and (R, 0), both thrown to
 * the right at VR: the left span wraps onto the sheave while the right one
 * unwraps from it, so nodes land on the left while others leave on the
 * right, some in the same step.  The run: the upper half circle, a node
 * every DR degrees of material, and NS nodes down each span. */
enum { DR = 6, NS = 5, NARC2 = 180 / DR + 1, NRUN2 = NARC2 + 2 * NS, NLOW2 = 3, NN2 = NRUN2 + 2 * NLOW2 + 2 };
static const double VR = 3.5;

typedef struct rrig {
    alecable_model *m;
    alecable_joint *j;
    alecable_node *nd[NN2];
} rrig;

static void build_roll(rrig *r)
{
    const double c = R * DR * M_PI / 180.0, eps = M * (G + VR * VR / L) / 1e6, grav[3] = {0, -G, 0}, p0[3] = {0, 0, 0};
    const int hold[4] = {ALECABLE_DOF_Z, ALECABLE_DOF_RX, ALECABLE_DOF_RY, ALECABLE_DOF_RZ};
    double X[NN2][3], dist[NN2], s = 0.0, *v;
    alecable_section sec;
    alecable_body_params bp;
    alecable_pulley_params pp;
    alecable_cable *cb;
    alecable_body *sh, *w[2];
    int i, k, nq, nl;
    memset(r, 0, sizeof *r);
    for (i = 0; i < NN2; i++) { /* left weight, left span, the run, right span, right weight */
        int a = i - 1 - NLOW2, side = a < NARC2 / 2 + NS ? -1 : 1;
        double d;
        if (a < 0) /* the left lower span, from the weight up */
            d = L - i * (L - (NS + 1) * c) / (NLOW2 + 1);
        else if (a < NS)
            d = (NS - a) * c;
        else if (a < NS + NARC2)
            d = 0.0;
        else if (a < NRUN2)
            d = (a - NS - NARC2 + 1) * c;
        else
            d = (NS + 1) * c + (a - NRUN2) * (L - (NS + 1) * c) / NLOW2;
        if (i == NN2 - 1) d = L;
        dist[i] = d;
        if (a >= NS && a < NS + NARC2) {
            double th = M_PI - (a - NS) * DR * M_PI / 180.0;
            X[i][0] = R * cos(th), X[i][1] = R * sin(th);
        } else {
            X[i][0] = side * R, X[i][1] = -d;
        }
        X[i][2] = 0.0;
    }
    ck_assert_int_eq(alecable_model_create(&r->m, NULL), 0);
    ck_assert_int_eq(alecable_model_set_gravity(r->m, grav), 0);
    alecable_section_init(&sec);
    sec.A = 1e-4;
    sec.E = 1e6 / sec.A;
    sec.rho = 0.05 / sec.A;
    ck_assert_int_eq(alecable_cable_create(&cb, r->m, ALECABLE_ELEMENT_AXIAL, &sec), 0);
    for (i = 0; i < NN2; i++) {
        if (i > 0) s += hypot(X[i][0] - X[i - 1][0], X[i][1] - X[i - 1][1]) / (1.0 + eps);
        ck_assert_int_eq(alecable_cable_add_node(&r->nd[i], cb, X[i], s), 0);
        if (i > 0 && i < NN2 - 1 && (i < 1 + NLOW2 || i >= 1 + NLOW2 + NRUN2))
            ck_assert_int_eq(alecable_fix(NULL, r->m, r->nd[i], ALECABLE_DOF_Z), 0);
    }
    alecable_body_params_init(&bp);
    ck_assert_int_eq(alecable_body_create(&sh, r->m, &bp), 0);
    ck_assert_int_eq(alecable_body_fix(r->m, sh), 0);
    alecable_pulley_params_init(&pp);
    pp.radius = R;
    ck_assert_msg(alecable_sheave_potential(&r->j, r->m, sh, &pp, NRUN2, r->nd + 1 + NLOW2) == 0, "%s",
                  alecable_model_errmsg(r->m));
    ck_assert_int_eq(alecable_sheave_set_node_contact(r->j, 1), 0);
    for (k = 0; k < 2; k++) {
        alecable_node *bn;
        alecable_body_params_init(&bp);
        bp.mass = M;
        bp.inertia[0] = bp.inertia[4] = bp.inertia[8] = 0.1;
        memcpy(bp.position, X[k ? NN2 - 1 : 0], sizeof bp.position);
        ck_assert_int_eq(alecable_body_create(&w[k], r->m, &bp), 0);
        ck_assert_int_eq(alecable_body_node(&bn, w[k]), 0);
        for (i = 0; i < 4; i++) ck_assert_int_eq(alecable_fix(NULL, r->m, bn, hold[i]), 0);
        ck_assert_int_eq(alecable_attach(NULL, r->m, r->nd[k ? NN2 - 1 : 0], w[k], p0, 1), 0);
    }
    ck_assert_int_eq(alecable_model_finalize(r->m), 0);
    ck_assert_int_eq(alecable_model_sizes(r->m, &nq, &nl), 0);
    v = calloc((size_t)nq, sizeof *v);
    ck_assert_ptr_nonnull(v);
    for (i = 0; i < NN2; i++) { /* the spans turning about their tangent points, the weights at VR */
        const double u[2] = {VR * dist[i] / L, 0.0};
        lrig dummy;
        set_vel(&dummy, v, r->nd[i], u);
    }
    for (k = 0; k < 2; k++) {
        alecable_node *bn;
        const double u[2] = {VR, 0.0};
        lrig dummy;
        ck_assert_int_eq(alecable_body_node(&bn, w[k]), 0);
        set_vel(&dummy, v, bn, u);
    }
    ck_assert_int_eq(alecable_model_set_velocity(r->m, v), 0);
    free(v);
}

typedef struct roll_out {
    double eerr, esmooth, eswitch, Nmin;
    int both, both_at, landed, left, on_min, on_max;
} roll_out;

/* the rolling rig with the trapezoidal rule at h to Tend; undo: every step
 * undone and taken again, bit for bit */
static void roll(double h, double Tend, int undo, roll_out *o)
{
    rrig r;
    alecable_integrator *it;
    alecable_dynamic_options opt;
    double E0 = 0.0, Eprev = 0.0, Esw = 0.0, *b0 = NULL, *b1 = NULL;
    int k, steps = (int)(Tend / h + 0.5), was[NRUN2] = {0}, now[NRUN2], nq, nl, down_prev = 0;
    size_t n = 0;
    build_roll(&r);
    memset(o, 0, sizeof *o);
    o->on_min = NRUN2;
    alecable_dynamic_options_init(&opt);
    opt.method = ALECABLE_METHOD_NEWMARK;
    opt.h = h;
    /* the run's released rows couple every node's s to both ends of the run: too wide for the banded solver,
     * and KLU replays its pivot order from the last factorization, which undo does not rewind */
#ifndef ALECABLE_NO_GPL
    opt.linear_solver = ALECABLE_LINSOLVE_UMFPACK;
#else
    undo = 0;
#endif
    ck_assert_msg(alecable_model_integrator(&it, r.m, &opt) == 0, "%s", alecable_model_errmsg(r.m));
    ck_assert_int_eq(alecable_integrator_sizes(it, &nq, &nl), 0);
    n = (size_t)(3 * nq + nl);
    b0 = calloc(n, sizeof *b0), b1 = calloc(n, sizeof *b1);
    ck_assert(b0 && b1);
    for (k = 0; k <= steps; k++) {
        double wi, we, kin, E;
        int i, on = 0, up = 0, down = 0;
        if (k > 0 && undo) {
            ck_assert_msg(alecable_integrator_step(it, h) == 0, "roll step %d: %s", k, alecable_integrator_errmsg(it));
            ck_assert_int_eq(alecable_integrator_get_state(it, NULL, b0, b0 + nq, b0 + 2 * nq, b0 + 3 * nq), 0);
            ck_assert_int_eq(alecable_integrator_undo(it), 0);
        }
        if (k > 0)
            ck_assert_msg(alecable_integrator_step(it, h) == 0, "roll step %d: %s", k, alecable_integrator_errmsg(it));
        if (k > 0 && undo) {
            ck_assert_int_eq(alecable_integrator_get_state(it, NULL, b1, b1 + nq, b1 + 2 * nq, b1 + 3 * nq), 0);
            ck_assert_msg(memcmp(b0, b1, n * sizeof *b0) == 0, "roll step %d taken again differs", k);
        }
        ck_assert_int_eq(alecable_model_pull_state(r.m, it), 0);
        ck_assert_int_eq(alecable_model_energy(r.m, &wi, &we), 0);
        ck_assert_int_eq(alecable_model_kinetic_energy(r.m, &kin), 0);
        E = wi + we + kin;
        if (k == 0) E0 = Eprev = E;
        for (i = 0; i < NRUN2; i++) {
            double N;
            ck_assert_int_eq(alecable_sheave_node(r.j, i, NULL, &N, NULL), 0);
            now[i] = N != 0.0;
            on += now[i];
            if (k > 0) up += now[i] && !was[i], down += was[i] && !now[i];
            was[i] = now[i];
        }
        if (up || down_prev) Esw += E - Eprev;
        down_prev = down;
        if (up && down) o->both_at = k;
        o->both += up && down;
        o->landed += up;
        o->left += down;
        o->on_min = on < o->on_min ? on : o->on_min;
        o->on_max = on > o->on_max ? on : o->on_max;
        o->eerr = fmax(o->eerr, fabs(E - E0) / (M * G * L));
        o->esmooth = fmax(o->esmooth, fabs(E - E0 - Esw) / (M * G * L));
        Eprev = E;
    }
    o->eswitch = Esw / (M * G * L);
    free(b0), free(b1);
    alecable_integrator_destroy(it);
    alecable_model_destroy(r.m);
}

/* Landing and lift-off in one step (the rolling rig, trapezoidal rule, h =
 * 5e-4, 0.3 s): the step that ends a landing node's first step on the
 * circle, and with it the restart that takes its normal velocity out, also
 * releases a node on the other side; the released node's rows take no
 * impulse in the projection (they read lambda = 0), so nothing but the
 * landing is changed.  Measured: 5 landings, 4 lift-offs, one step with
 * both (step 62); energy outside the switching steps 1.25e-7 of M g L, on
 * them -2.13e-6 (the landings' loss); every step undone and taken again,
 * bit for bit (UMFPACK: the banded solver does not take this run's width,
 * and KLU's replayed pivot order is not rewound by undo). */
START_TEST(roll_lands_and_leaves_in_one_step)
{
    roll_out o;
    roll(5e-4, 0.3, 1, &o);
    ck_assert_msg(o.both >= 1 && o.landed >= 3 && o.left >= 3, "%d landings, %d lift-offs, %d steps with both",
                  o.landed, o.left, o.both);
    ck_assert_msg(o.eswitch < 0.0 && o.esmooth < 1e-6, "energy on the switching steps %.3g, outside them %.3g of M g L",
                  o.eswitch, o.esmooth);
    figure("rolling, trapezoidal, h = 5e-4: %d nodes landed, %d left, %d steps landing one and releasing another "
           "(the last at step %d); "
           "%d .. %d nodes on; energy off by %.3g of M g L, %.3g outside the switching steps, %.3g on them",
           o.landed, o.left, o.both, o.both_at, o.on_min, o.on_max, o.eerr, o.esmooth, o.eswitch);
}
END_TEST

/* Lift-off and landing with stick/slip friction (alecable_wrap_friction,
 * mu 0.2) on the swing, trapezoidal rule at h = 5e-4 (a step whose Newton
 * fails is taken again in halves, as a host would: 12 of them, where a
 * contact switches between stick and slip).  A released node has no normal
 * force, so no friction (its law's limit mu N is 0: it slips with
 * lambda_T = 0); a node that lands starts in slip (at the landing N is
 * zero) and sticks within the step where its law allows.  Checked at every
 * converged step: the energy never rises above its lowest so far by more
 * than the rule's O(h^2) (1e-6 of M g L; measured 1.6e-7: friction and the
 * landings only take); every contact within its law, |lambda_T| <= mu N
 * (2e-4 M g = 0.02 N; measured 0.011 N, at a state just restarted by a
 * landing, whose acceleration-level holding forces converge to the law
 * by halving); the tension ratio across the nodes on the circle within
 * the discrete law, T_hi <= prod_i (1 + a_i)/(1 - a_i) (T_lo + m_wrap
 * a_max), a_i = mu sin(turn_i) / 2 over the contacts on the circle, with
 * the wrapped rope's own inertia (dT = mu (T - rho v^2) dphi +
 * rho a_t R dphi), and the same against Euler-Eytelwein over the
 * polygon's turn, exp(mu sum turn_i) (both measured 0: within). */
START_TEST(friction_thrown_off_and_back)
{
    swing_out o;
    rig_mu = 0.2;
    swing(ALECABLE_METHOD_NEWMARK, 5e-4, 1.5, 0, NULL, &o);
    rig_mu = 0.0;
    figure("friction (mu 0.2), trapezoidal, h = 5e-4: released at step %d, landed at %d, the weight up to %.1f deg, "
           "the wrap back to %.3f rad (%d nodes); %d switching steps, %d steps cut; the energy rose above its lowest "
           "by %.3g of M g L at most; |lambda_T| - mu N up to %.3g N; tension ratio over the discrete law %.3g, over "
           "Euler-Eytelwein %.3g; friction work %.4g J; alecable_sheave_node's normal force against the law's N %.3g N",
           o.lifted_at, o.landed_at, o.beta_max * 180 / M_PI, o.wrap_end, o.on_end, o.switches, o.cuts, o.erise,
           o.law * M * G, o.ratio_rho, o.ratio, o.work, o.nerr);
    ck_assert_msg(o.on_min == 0 && o.landed_at > o.lifted_at && o.on_end >= 6 && o.wrap_end > 0.5,
                  "%d nodes on at least, landed at step %d, the wrap back to %.3g rad (%d nodes)", o.on_min,
                  o.landed_at, o.wrap_end, o.on_end);
    ck_assert_msg(o.erise < 1e-6, "the energy rose by %.3g of M g L", o.erise);
    ck_assert_msg(o.law < 2e-4, "a contact's friction beyond mu N by %.3g N", o.law * M * G);
    ck_assert_msg(o.ratio_rho < 1e-9 && o.ratio < 1e-9, "tension ratio over the discrete law by %.3g, over "
                  "Euler-Eytelwein by %.3g", o.ratio_rho, o.ratio);
    ck_assert_msg(o.work > 0.0, "friction work %.3g J", o.work);
    ck_assert_msg(o.nerr < 1e-9, "alecable_sheave_node's normal force %.3g N off the law's N", o.nerr);
#ifndef ALECABLE_NO_GPL
    /* Undo across lift-offs and landings with friction: generalized-alpha, h = 2e-3 to 1.35 s (past the
     * landings from 1.09 s on; at 1.364 s its Newton needs a cut, which this loop does not make), every step
     * undone and taken again, bit for bit (UMFPACK: the friction rows make the pattern too wide for the
     * banded solver, and KLU replays a pivot order that undo does not rewind; h = 1e-3 over the whole 1.5 s
     * is bit for bit too).  Without the restart's history_set (dynamic.c, after_switch) step 648 taken again
     * differed: the friction contacts' last Newton branch, left by the restart's own evaluations. */
    rig_mu = 0.2, rig_umfpack = 1;
    swing(ALECABLE_METHOD_GENALPHA, 2e-3, 1.35, 1, NULL, &o);
    rig_mu = 0.0, rig_umfpack = 0;
    figure("friction, generalized-alpha, h = 2e-3 to 1.35 s, every step undone and taken again, bit for bit: "
           "landed at step %d, %d switching steps, the wrap back to %.3f rad (%d nodes)", o.landed_at, o.switches, o.wrap_end,
           o.on_end);
    ck_assert_msg(o.on_min == 0 && o.landed_at > o.lifted_at && o.on_end >= 2, "%d nodes on at least, landed at "
                  "step %d, %d on at the end", o.on_min, o.landed_at, o.on_end);
#endif
}
END_TEST

/* Bad input: on not 0 or 1, a joint that is not a sheave, NULL: refused
 * with the error named, the contact set unchanged */
START_TEST(bad_node_contact_is_refused)
{
    lrig r;
    int before, after;
    build(&r);
    ck_assert_int_eq(alecable_sheave_in_contact(r.j, &before), 0);
    ck_assert_int_eq(alecable_sheave_set_node_contact(r.j, 2), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(r.m), "on = 2"));
    ck_assert_int_eq(alecable_sheave_set_node_contact(r.att, 1), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(r.m), "not a sheave"));
    ck_assert_int_eq(alecable_sheave_set_node_contact(NULL, 1), ALECABLE_ENULL);
    ck_assert_int_eq(alecable_sheave_in_contact(r.j, &after), 0);
    ck_assert_int_eq(before, 1);
    ck_assert_int_eq(after, before);
    alecable_model_destroy(r.m);
}
END_TEST

Suite *suite_sheave_lift(void)
{
    Suite *s = suite_create("sheave_lift");
    TCase *tc = tcase_create("dynamics");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, swing_lifts_off_and_lands);
    tcase_add_test(tc, trapezoidal_lands_and_leaves);
    tcase_add_test(tc, roll_lands_and_leaves_in_one_step);
    tcase_add_test(tc, friction_thrown_off_and_back);
    tcase_add_test(tc, bad_node_contact_is_refused);
    suite_add_tcase(s, tc);
    return s;
}
