/* smoke-test:  */
/* A block and tackle over sheaves the rope finds by itself (issue 24): two
 * sheaves on a fixed upper block, two on a lower block that carries the
 * hook load W and slides vertically (a prismatic guide), four falls.  The
 * line (axial elements, EA) runs from its dead end, fastened to the upper
 * block, down under lower sheave 1, up over upper sheave 1, down under
 * lower sheave 2, up over upper sheave 2 and down to the hauling end,
 * which is pulled down by prescribed lengths.  Every sheave is an
 * alecable_sheave (the departure points found, not given) fixed to its
 * block (the rope slides over it: the capstan), with stick/slip friction
 * (alecable_wrap_friction, mu); each fall is straight and vertical, its
 * middle node held on its line (it carries the sheaves' contact-boundary
 * mesh reaction, O(chord angle^2) of the tension, instead of a kink).
 *
 * References (statics, and dynamics once the haul runs at constant speed):
 * - the advantage W / P (P the hauling line's tension): n = 4 without
 *   friction; with friction the textbook efficiency of a tackle whose
 *   sheaves each pass T_out = K T_in: the falls carry T1, K T1, K^2 T1,
 *   K^3 T1 (the dead end's first), P = K^4 T1, so
 *       W / P = (1 + K + K^2 + K^3) / K^4,  efficiency = W / (n P).
 *   K is the capstan factor of one sheave (wrap pi, the rope sliding:
 *   hauling, every contact slips).  Continuum: K = exp(mu pi) (Euler-
 *   Eytelwein).  The library's nodal law on a wrap of m nodes (m - 2
 *   interior ones taking friction, chord angle h = pi/(m - 1)), stated for
 *   the fixed wrap in tests/test_pulley.c: K = ((1 + a)/(1 - a))^(m - 2),
 *   a = mu sin(h)/2.  advantage_err_rel is against the nodal law (the
 *   discretization's), and the continuum's difference is printed too.
 * - the lower block's travel: hauled length / n without friction; with
 *   friction the falls stretch differently: at fixed tensions the material
 *   of each span is conserved, so a haul d moves the block by
 *   d / F_P / sum_i (1 / F_i), F the stretch of the span (|dx/ds|) under its
 *   tension (the law's).  travel_err_rel against that.
 * Dynamics: the lower block of mass M on a damped guide (damping c); the
 * haul's speed rises smoothly to v over t_ramp, then the rope runs at
 * constant speed; at the end the hook load the rope carries is W plus the
 * damper's c v_b (the block at constant speed v_b). */
#include "common.h"
#include "support/rig.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { NMAX = 64, NSHEAVES = 4 };

typedef struct params {
    double r, H, W, mu, EA, rho, haul, M, c, v, t_ramp, t_settle, t_end, h, tol;
    int nodes, hauls, verbose;
    const char *method, *csv, *vtk;
    int vtk_legacy;
} params;

typedef struct rig {
    alecable_model *m;
    alecable_cable *c;
    alecable_body *upper, *lower;
    alecable_joint *sheave[NSHEAVES], *fr[NSHEAVES], *guide;
    alecable_node *D, *H, *mid[3];
    int e_fall[4], e_haul; /* an element of each fall (its lower half) and of the hauling line */
    double yH0;
    const params *p;
    int dynamic;
} rig;

/* the hauling end's travel at the model's time t: statics, the haul times
 * t (the static solves run at full load, their time set to the step's);
 * dynamics, the smooth start to speed v */
static double haul_at(const rig *g, double t, double *rate, double *acc)
{
    const params *p = g->p;
    double d, v, a;
    if (!g->dynamic) {
        d = p->haul * t, v = p->haul, a = 0.0;
    } else if (t < p->t_ramp) {
        const double w = M_PI / p->t_ramp;
        d = p->v * (0.5 * t - 0.5 * sin(w * t) / w);
        v = 0.5 * p->v * (1.0 - cos(w * t));
        a = 0.5 * p->v * w * sin(w * t);
    } else {
        d = p->v * (0.5 * p->t_ramp + (t - p->t_ramp));
        v = p->v;
        a = 0.0;
    }
    if (rate) *rate = -v;
    if (acc) *acc = -a;
    return d;
}

static int haul_motion(void *user, double t, double *value, double *rate, double *accel)
{
    const rig *g = (const rig *)user;
    *value = g->yH0 - haul_at(g, t, rate, accel);
    return 0;
}

/* the next node of the line at (x, y), its s after the previous one's by
 * the chord over the stretch F0 (the line starts at the frictionless
 * tension W/4: the load's equilibrium, from which friction can stick) */
static void add_node(rig *g, alecable_node **out, double x, double y, double *s, double *prev)
{
    double q[3] = {x, y, 0.0};
    if (prev[2] == 0.0) *s += hypot(x - prev[0], y - prev[1]) / axial_stretch(0.25 * g->p->W, g->p->EA);
    prev[0] = x, prev[1] = y, prev[2] = 0.0;
    ex_check(g->m, alecable_cable_add_node(out, g->c, q, *s), "cable_add_node");
}

/* the sheaves' centres in space and which block carries each: lower 1,
 * upper 1, lower 2, upper 2 along the line */
static void sheave_centre(const params *p, int k, double x[2])
{
    x[0] = 2.0 * p->r * k;
    x[1] = k % 2 ? 0.0 : -p->H;
}

static void build(rig *g, const params *p, int dynamic)
{
    alecable_section sec;
    alecable_body_params bp;
    alecable_node *nd[NSHEAVES * NMAX], *bn;
    alecable_friction_params fp;
    const double yax[3] = {0.0, 1.0, 0.0}, o[3] = {0.0, 0.0, 0.0};
    double s = 0.0, prev[3] = {0.0, 0.0, 1.0}, ctr[2], xl[3], f[3] = {0.0, -p->W, 0.0};
    int k, i, d, n = p->nodes;
    memset(g, 0, sizeof *g);
    g->p = p;
    g->dynamic = dynamic;
    ex_check(NULL, alecable_model_create(&g->m, NULL), "model_create");
    alecable_section_init(&sec);
    sec.A = 1e-4;
    sec.E = p->EA / sec.A;
    sec.rho = p->rho / sec.A;
    ex_check(g->m, alecable_cable_create(&g->c, g->m, ALECABLE_ELEMENT_AXIAL, &sec), "cable_create");
    /* the blocks: the upper one fixed at the origin, the lower one at (2r, -H) */
    alecable_body_params_init(&bp);
    ex_check(g->m, alecable_body_create(&g->upper, g->m, &bp), "body_create upper");
    ex_check(g->m, alecable_body_fix(g->m, g->upper), "body_fix upper");
    bp.position[0] = 2.0 * p->r;
    bp.position[1] = -p->H;
    bp.mass = p->M;
    bp.inertia[0] = bp.inertia[4] = bp.inertia[8] = p->M * p->r * p->r;
    ex_check(g->m, alecable_body_create(&g->lower, g->m, &bp), "body_create lower");
    /* the line: dead end, then per sheave its wrap and the fall after it */
    add_node(g, &g->D, -p->r, 0.0, &s, prev);
    for (k = 0; k < NSHEAVES; k++) {
        sheave_centre(p, k, ctr);
        for (i = 0; i < n; i++) {
            double th = k % 2 ? M_PI - M_PI * i / (n - 1) : -M_PI + M_PI * i / (n - 1);
            add_node(g, &nd[k * n + i], ctr[0] + p->r * cos(th), ctr[1] + p->r * sin(th), &s, prev);
        }
        if (k < NSHEAVES - 1) /* the fall to the next sheave, its middle node */
            add_node(g, &g->mid[k], ctr[0] + p->r, -0.5 * p->H, &s, prev);
    }
    /* node j: the dead end 0, sheave k's at 1 + k (n + 1) .., the middle of
     * fall k + 2 at (k + 1)(n + 1); element j joins nodes j and j + 1 */
    g->e_fall[0] = 0;
    for (k = 1; k < 4; k++) g->e_fall[k] = k * (n + 1);
    add_node(g, &g->H, 7.0 * p->r, -p->H, &s, prev);
    g->e_haul = 4 * n + 3;
    g->yH0 = -p->H;
    for (k = 0; k < NSHEAVES; k++) {
        alecable_pulley_params pp;
        double ang[NMAX];
        alecable_body *b = k % 2 ? g->upper : g->lower;
        alecable_pulley_params_init(&pp);
        sheave_centre(p, k, ctr);
        pp.centre[0] = ctr[0] - (k % 2 ? 0.0 : 2.0 * p->r); /* in the block's frame */
        pp.radius = p->r;
        for (i = 0; i < n; i++) ang[i] = k % 2 ? M_PI - M_PI * i / (n - 1) : -M_PI + M_PI * i / (n - 1);
        ex_check(g->m, alecable_sheave(&g->sheave[k], g->m, b, &pp, n, nd + k * n, ang), "sheave");
        if (p->mu > 0.0) {
            alecable_friction_params_init(&fp);
            fp.mu = p->mu;
            ex_check(g->m, alecable_wrap_friction(&g->fr[k], g->m, g->sheave[k], &fp), "wrap_friction");
        }
    }
    /* the dead end fastened to the upper block; the middle nodes on their lines */
    xl[0] = -p->r, xl[1] = 0.0, xl[2] = 0.0;
    ex_check(g->m, alecable_attach(NULL, g->m, g->D, g->upper, xl, 1), "attach dead end");
    for (k = 0; k < 3; k++) {
        ex_check(g->m, alecable_fix(NULL, g->m, g->mid[k], ALECABLE_DOF_X), "fix middle x");
        ex_check(g->m, alecable_fix(NULL, g->m, g->mid[k], ALECABLE_DOF_Z), "fix middle z");
    }
    /* the hauling end: on its line, its s held (the rope's end), y prescribed */
    for (d = ALECABLE_DOF_X; d <= ALECABLE_DOF_S; d++)
        if (d != ALECABLE_DOF_Y) ex_check(g->m, alecable_fix(NULL, g->m, g->H, d), "fix hauling end");
    ex_check(g->m, alecable_prescribe_motion(NULL, g->m, g->H, ALECABLE_DOF_Y, haul_motion, g), "prescribe haul");
    /* the lower block slides on a vertical guide (damped in dynamics), carries W */
    ex_check(g->m, alecable_prismatic(&g->guide, g->m, g->upper, g->lower, o, yax, 0.0), "prismatic");
    if (dynamic && p->c > 0.0) ex_check(g->m, alecable_joint_set_damping(g->guide, p->c), "damping");
    ex_check(g->m, alecable_body_node(&bn, g->lower), "body_node");
    ex_check(g->m, alecable_load_body_force(NULL, g->m, g->lower, o, f), "load_body_force");
}

static int p_verbose;

/* a static solve at the model's time t (the haul's), the loads ramped
 * from factor f0 to 1 in steps */
static int solve_static(alecable_model *m, double t, double f0, int steps, double tol)
{
    alecable_quasistatic_options o;
    alecable_solve_report rep;
    int st;
    alecable_quasistatic_options_init(&o);
    ex_check(m, alecable_model_set_time(m, t), "model_set_time");
    o.t0 = f0;
    o.t1 = 1.0;
    o.load_steps = steps;
    o.tol_residual = tol;
    alecable_solve_report_init(&rep);
    st = alecable_solve_quasistatic(m, &o, &rep);
    if (p_verbose)
        printf("    solve: status %d, Newton %d + %d, scaled residual %.3e\n", st, rep.iterations_stage1,
               rep.iterations_stage2, rep.scaled_residual);
    return st;
}

/* the haul from time ta on to tb, halved where a solve does not converge
 * (it then leaves the state as it was), down to 1/64 */
static int haul_to(alecable_model *m, double ta, double tb, double tol, int depth)
{
    int st = solve_static(m, tb, 1.0, 1, tol);
    if ((st == ALECABLE_ENOCONV || st == ALECABLE_ESINGULAR) && depth < 6) {
        if (p_verbose) printf("    haul to t = %g halved\n", tb);
        if (!(st = haul_to(m, ta, 0.5 * (ta + tb), tol, depth + 1)))
            st = haul_to(m, 0.5 * (ta + tb), tb, tol, depth + 1);
    }
    return st;
}

static double tension(const rig *g, int e)
{
    return rig_tension(g->c, e);
}

static double block_y(const rig *g)
{
    double x[3];
    ex_check(g->m, alecable_body_pose(g->lower, x, NULL), "body_pose");
    return x[1];
}

/* contacts that slip, of all */
static int slipping(const rig *g, int *total)
{
    int k, n = 0, all = 0;
    for (k = 0; k < NSHEAVES; k++) {
        int c = 0;
        if (!g->fr[k]) continue;
        alecable_friction_contacts(g->fr[k], &c);
        all += c;
        n += c - rig_stuck(g->fr[k]);
    }
    *total = all;
    return n;
}

/* the law's figures: the sheave factor K (nodal law, or continuum) */
static double factor(const params *p, int continuum)
{
    double a = 0.5 * p->mu * sin(M_PI / (p->nodes - 1));
    return continuum ? exp(p->mu * M_PI) : pow((1.0 + a) / (1.0 - a), p->nodes - 2);
}

static double advantage_law(double K) { return (1.0 + K + K * K + K * K * K) / (K * K * K * K); }

/* the block's travel per hauled length at the law's tensions under the hook load Wh */
static double travel_law(const params *p, double Wh)
{
    double K = factor(p, 0), T = Wh / (1.0 + K + K * K + K * K * K), sum = 0.0;
    int i;
    for (i = 0; i < 4; i++) sum += 1.0 / axial_stretch(T * pow(K, i), p->EA);
    return 1.0 / axial_stretch(T * pow(K, 4), p->EA) / sum;
}

static void csv_row(FILE *f, const rig *g, const char *phase, double t, double d, double Wh)
{
    int k;
    if (!f) return;
    fprintf(f, "%s,%.9g,%.12g,%.12g,%.12g,%.12g", phase, t, d, block_y(g), Wh, tension(g, g->e_haul));
    for (k = 0; k < 4; k++) fprintf(f, ",%.12g", tension(g, g->e_fall[k]));
    fprintf(f, "\n");
}

int main(int argc, char **argv)
{
    params p = {0.1, 2.0, 1000.0, 0.1, 1e6, 0.01, 0.2, 50.0, 2e4, 0.05, 0.5, 1.0, 2.0, 1e-3, 1e-10, 9, 10, 0,
                "hht", NULL, NULL, 0};
    const ex_opt opts[] = {
        {"--radius", 'd', &p.r, "sheave radius [m]"},
        {"--height", 'd', &p.H, "the lower block's depth below the upper one [m]"},
        {"--load", 'd', &p.W, "hook load W [N]"},
        {"--mu", 'd', &p.mu, "rope-sheave friction coefficient (0: frictionless)"},
        {"--EA", 'd', &p.EA, "axial stiffness of the line [N]"},
        {"--rho-a", 'd', &p.rho, "mass of the line per length [kg/m]"},
        {"--nodes", 'i', &p.nodes, "nodes on each sheave (3 .. 64)"},
        {"--haul", 'd', &p.haul, "statics: the hauled length at the last step [m]"},
        {"--hauls", 'i', &p.hauls, "statics: hauling steps"},
        {"--mass", 'd', &p.M, "dynamics: the lower block's mass [kg]"},
        {"--damping", 'd', &p.c, "dynamics: the block guide's damping [N s/m]"},
        {"--speed", 'd', &p.v, "dynamics: the hauling speed [m/s]"},
        {"--t-ramp", 'd', &p.t_ramp, "dynamics: time to reach the hauling speed [s]"},
        {"--t-settle", 'd', &p.t_settle, "dynamics: compared only from t-ramp + t-settle on [s]"},
        {"--t-end", 'd', &p.t_end, "dynamics: duration (0: statics only) [s]"},
        {"--h", 'd', &p.h, "dynamics: time step [s]"},
        {"--method", 's', &p.method, "dynamics: newmark, hht, bossak, genalpha, si-be, ..."},
        {"--tol", 'd', &p.tol, "Newton tolerance of the static solves"},
        {"--csv", 's', &p.csv, "write the run (hauls and time steps) as CSV to this file"},
        {"--vtk", 's', &p.vtk, "write VTK series into this existing directory: reeving_static.pvd (the hauls in statics) and reeving.pvd (the dynamic run)"},
        {"--vtk-legacy", 'f', &p.vtk_legacy, EX_VTK_LEGACY_HELP},
        {"--verbose", 'f', &p.verbose, "print every step"},
        {NULL, 0, NULL, NULL}};
    rig g;
    FILE *csv = NULL;
    ex_vtk_series vs;
    double K, adv_ref, adv, adv_s, adv_err, adv_cont, y0 = 0.0, d0 = 0.0, trav_err = 0.0, adv_dyn_err = 0.0, wall;
    int st, k, nslip, ntot, all_slip_at = -1, status = 0;
    if ((st = ex_parse(argc, argv, opts, "a block and tackle (4 falls) over sheaves: advantage, efficiency, travel")))
        return st > 0 ? 0 : 2;
    if (p.nodes < 3 || p.nodes > NMAX || p.hauls < 1 || !(p.r > 0.0) || !(p.H > 4.0 * p.r) || !(p.W > 0.0) ||
        !(p.mu >= 0.0) || !(p.EA > 0.0) || !(p.rho >= 0.0) || !(p.haul > 0.0) || !(p.h > 0.0) || !(p.t_end >= 0.0) ||
        !(p.M > 0.0) || !(p.c >= 0.0) || !(p.t_ramp > 0.0) || !(p.t_settle >= 0.0) || ex_method(p.method) < 0) {
        fprintf(stderr, "reeving: bad option value (see --help)\n");
        return 2;
    }
    p_verbose = p.verbose;
    if (p.csv && !(csv = fopen(p.csv, "w"))) {
        perror(p.csv);
        return 1;
    }
    if (csv) fprintf(csv, "phase,t,hauled_m,block_y_m,hook_load_N,line_pull_N,fall1_N,fall2_N,fall3_N,fall4_N\n");
    wall = ex_now();
    K = p.mu > 0.0 ? factor(&p, 0) : 1.0;
    adv_ref = advantage_law(K);
    adv_cont = p.mu > 0.0 ? advantage_law(factor(&p, 1)) : 4.0;
    printf("reeving: 4 falls, W = %g N, mu = %g, %d nodes a sheave (chord %.3g deg)\n", p.W, p.mu, p.nodes,
           180.0 / (p.nodes - 1));
    printf("  law: sheave factor K = %.12g, W/P = %.12g (efficiency %.9g); continuum exp(mu pi): W/P = %.12g\n", K,
           adv_ref, adv_ref / 4.0, adv_cont);

    /* statics: the load, then the hauls */
    build(&g, &p, 0);
    ex_vtk_begin(&vs, p.vtk, "reeving_static", p.vtk_legacy);
    ex_check(g.m, solve_static(g.m, 0.0, 1.0, 1, p.tol), "load the hook");
    ex_vtk_frame(&vs, g.m, 0.0);
    csv_row(csv, &g, "static", 0.0, 0.0, p.W);
    if (p.mu == 0.0) {
        all_slip_at = 0;
        y0 = block_y(&g);
    }
    for (k = 1; k <= p.hauls; k++) {
        double d = p.haul * k / p.hauls;
        double xH[3];
        ex_check(g.m, haul_to(g.m, (double)(k - 1) / p.hauls, (double)k / p.hauls, p.tol, 0), "haul");
        ex_check(g.m, alecable_node_position(g.H, xH), "node_position");
        if (fabs(xH[1] - (g.yH0 - d)) > 1e-9) { /* a solve that reported success without getting there */
            printf("  haul %g m: the solve returned with the hauling end %.3e m short (more --hauls)\n", d,
                   xH[1] - (g.yH0 - d));
            status = 1;
        }
        nslip = slipping(&g, &ntot);
        if (all_slip_at < 0 && nslip == ntot) {
            all_slip_at = k;
            y0 = block_y(&g);
            d0 = d;
        }
        if (p.verbose)
            printf("  haul %8.4f m: block %+.9f m, P = %.9g N, W/P = %.12g, slipping %d of %d\n", d,
                   block_y(&g), tension(&g, g.e_haul), p.W / tension(&g, g.e_haul), nslip, ntot);
        ex_vtk_frame(&vs, g.m, (double)k);
        csv_row(csv, &g, "static", 0.0, d, p.W);
    }
    adv = p.W / tension(&g, g.e_haul);
    adv_err = fabs(adv / adv_ref - 1.0);
    adv_s = adv;
    if (all_slip_at >= 0 && p.haul > d0) {
        double trav = block_y(&g) - y0, ref = (p.haul - d0) * (p.mu > 0.0 ? travel_law(&p, p.W) : 0.25);
        trav_err = fabs(trav / ref - 1.0);
        printf("  statics: W/P = %.12g (%.3e off the law, %.3e off the continuum's), efficiency %.9g\n", adv,
               adv_err, fabs(adv / adv_cont - 1.0), adv / 4.0);
        printf("  statics: block travel %.12g m for %.6g m hauled from step %d (all contacts slip): %.3e off "
               "the law\n", trav, p.haul - d0, all_slip_at, trav_err);
    } else {
        printf("  statics: the contacts did not all slip by the last haul: no comparison (haul further)\n");
        status = 1;
    }
    ex_vtk_end(&vs, g.m);
    alecable_model_destroy(g.m);

    /* dynamics: from the loaded rest, the haul runs up to speed v */
    if (p.t_end > 0.0) {
        alecable_dynamic_options o;
        alecable_integrator *it;
        double t = 0.0, yp = 0.0, vb = 0.0, Wh, tdyn;
        int steps = (int)(p.t_end / p.h + 0.5);
        build(&g, &p, 1);
        ex_check(g.m, solve_static(g.m, 0.0, 1.0, 1, p.tol), "load the hook");
        alecable_dynamic_options_init(&o);
        o.method = ex_method(p.method);
        o.h = p.h;
        ex_check(g.m, alecable_model_integrator(&it, g.m, &o), "integrator");
        ex_vtk_begin(&vs, p.vtk, "reeving", p.vtk_legacy);
        yp = block_y(&g);
        for (k = 1; k <= steps; k++) {
            if ((st = alecable_integrator_step(it, p.h))) {
                fprintf(stderr, "reeving: step %d: %s\n", k, alecable_integrator_errmsg(it));
                status = 1;
                break;
            }
            t = k * p.h;
            ex_check(g.m, alecable_model_pull_state(g.m, it), "pull_state");
            vb = (block_y(&g) - yp) / p.h;
            yp = block_y(&g);
            if (k % 20 == 0 || k == steps) {
                ex_vtk_frame(&vs, g.m, t);
                csv_row(csv, &g, "dynamic", t, haul_at(&g, t, NULL, NULL), p.W + p.c * vb);
            }
        }
        Wh = p.W + p.c * vb; /* the block at constant speed: the damper's force adds to the hook load */
        adv = Wh / tension(&g, g.e_haul);
        adv_dyn_err = fabs(adv / adv_ref - 1.0);
        nslip = slipping(&g, &ntot);
        printf("  dynamics (%s, h %g, %g s): block speed %.9g m/s (haul %.6g / 4 = %.6g), hook load %.9g N, "
               "W/P = %.12g: %.3e off the law; slipping %d of %d\n", p.method, p.h, t, vb, p.v, p.v / 4.0, Wh, adv,
               adv_dyn_err, nslip, ntot);
        tdyn = fabs(vb / (p.v * (p.mu > 0.0 ? travel_law(&p, Wh) : 0.25)) - 1.0);
        printf("  dynamics: block speed %.3e off the law's (travel per haul)\n", tdyn);
        if (t < p.t_ramp + p.t_settle) { /* still running up: nothing to compare with */
            printf("  dynamics: %g s is before t_ramp + t_settle = %g s: not compared\n", t, p.t_ramp + p.t_settle);
            adv_dyn_err = tdyn = 0.0;
        }
        ex_vtk_end(&vs, g.m);
        alecable_integrator_destroy(it);
        alecable_model_destroy(g.m);
        if (adv_err < adv_dyn_err) adv_err = adv_dyn_err;
        if (trav_err < tdyn) trav_err = tdyn;
    }
    if (csv && fclose(csv) != 0) status = 1;
    printf("result: status=%d advantage=%.9g advantage_ref=%.9g efficiency=%.9g advantage_err_rel=%.3e "
           "travel_err_rel=%.3e advantage_dyn_err_rel=%.3e wall_s=%.3f\n", status, adv_s, adv_ref, adv_s / 4.0,
           adv_err, trav_err, adv_dyn_err, ex_now() - wall);
    return status;
}
