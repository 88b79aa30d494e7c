/* smoke-test:  */
/* A winch lowers a load over a frictionless pulley (quasistatic, axial ALE
 * cable, rigid bodies).
 *
 * Geometry (m, xy-plane, gravity -y):
 *
 *     W (winch) ------------------ . (pulley, radius R, centre 0, fixed)
 *     (-Lh, R)                       `.
 *                                      | (R, 0)
 *                                      |  hanging span, n_hang elements
 *                                      P  attachment, body point (0, b) above
 *                                    [ m ]  the body's centre of mass
 *
 *  - W is a spatially fixed node (x, y, z held) whose material coordinate is
 *    prescribed with alecable_prescribe(W, ALECABLE_DOF_S, -delta): as the load
 *    factor t goes 0 -> 1 the winch pays out t delta of cable (material of
 *    lower s leaves the drum: s_W = s_W0 - t delta);
 *  - the cable runs along +x to the top of the pulley and wraps a quarter
 *    turn (alecable_pulley_wrap, nodes at angles pi/2 ... 0, s free) down to
 *    (R, 0), then hangs along -y to the attachment P (hold_s = 1) on a rigid
 *    body of mass m; the body's rotations and z are held, its x and y free;
 *  - interior nodes of the hanging span are free in the plane (z held);
 *  - the elements on the pulley are straight chords between the wrap nodes,
 *    and the initial material coordinates follow the chords, so the cable
 *    starts unstretched everywhere;
 *  - the cable is massless and the pulley frictionless, so the tension is
 *    m g everywhere.
 *
 * Scaling: every load (gravity included) scales with the load factor t, and
 * the solves take the winch's motion at the load factor too
 * (ALECABLE_CLOCK_LOAD_FACTOR: a quasistatic pull; with the default clock the
 * motion would stay at the model's time, as for a pre-solve before
 * dynamics), so one ramp 0 -> 1 applies the weight t m g and the pay-out
 * t delta together.  The system is elastic and frictionless: every load step
 * is an equilibrium, and the state at t = 1 does not depend on the path.  The
 * element's strain is Green-Lagrange, eps = (F^2 - 1)/2 with stretch F, and
 * its axial force N = E A eps F; the stretch under the tension T therefore
 * solves E A (F^3 - F)/2 = T (not F = 1 + T/(E A)).  With l0 the initial
 * (unstretched) material length from W to P, whose spatial length is fixed
 * except for the hanging span, the body's descent at load factor t is
 *     d(t) = (l0 + t delta) F(t) - l0 = l0 (F(t) - 1) + t delta F(t),
 * the first term the stretch of the cable already out, the second the paid-out
 * length times the stretch ratio.  The example checks d(t) at every step, and
 * the second term alone against a second model loaded the same way without
 * pay-out: y_P(no pay-out) - y_P = delta F(1).
 *
 * Tolerances: Newton stops at ||r|| <= 1e-10 of the reference residual (about
 * m g), i.e. force errors below ~1e-8 N, strain errors below ~1e-8 / (E A)
 * and length errors far below 1e-12 m over a ~2 m cable; the tension check
 * uses 1e-8 relative and the descent checks 1e-9 relative to the descent
 * (0.2 m), both orders of magnitude above the solver's accuracy and
 * round-off.
 *
 * Linear solvers: at the start the cable is slack, so the body's x and the
 * interior hanging nodes have no lateral stiffness and the first tangent is
 * singular in those dofs (the regularization covers material coordinates
 * only).  The first load step uses SPQR (--start-solver), whose
 * least-squares increment leaves them unchanged; once the cable is taut the
 * tangent is regular and the other steps use UMFPACK (--solver).  --guide
 * holds the body's x and the hanging nodes' x (a guide rail) so that LU
 * solvers work from the first step.  (SPQR is not used throughout: see
 * examples/soft_finger.c.) */
#include "common.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct params {
    double E, A_mm2, mass, g, delta, R, Lh, H, b, s_w0, tol_t, tol_d;
    int steps, n_wrap, n_hang, guide, history;
    const char *csv, *vtk, *solver, *start_solver;
    int vtk_legacy; /* --vtk-legacy */
} params;

typedef struct winch {
    alecable_model *m;
    alecable_cable *c;
    alecable_body *pulley, *load;
    alecable_joint *wrap, *att;
    alecable_node *W, *P;
    double l0; /* initial material length from W to P */
} winch;

static void build(const params *p, double delta, winch *w)
{
    alecable_section sec;
    alecable_body_params bp;
    alecable_pulley_params pp;
    alecable_node *wn[64], *bn, *n;
    double ang[64], x[3] = {0, 0, 0}, s, grav[3] = {0, 0, 0}, patt[3] = {0, 0, 0};
    int i;
    ex_check(NULL, alecable_model_create(&w->m, NULL), "model_create");
    grav[1] = -p->g;
    ex_check(w->m, alecable_model_set_gravity(w->m, grav), "set_gravity");
    alecable_section_init(&sec);
    sec.E = p->E;
    sec.A = p->A_mm2 * 1e-6;
    ex_check(w->m, alecable_cable_create(&w->c, w->m, ALECABLE_ELEMENT_AXIAL, &sec), "cable_create");
    /* winch node */
    s = p->s_w0;
    x[0] = -p->Lh;
    x[1] = p->R;
    ex_check(w->m, alecable_cable_add_node(&w->W, w->c, x, s), "add_node W");
    /* the wrap, a quarter turn from the top (pi/2) to the right (0) */
    s += p->Lh;
    for (i = 0; i < p->n_wrap; i++) {
        ang[i] = 0.5 * M_PI * (1.0 - (double)i / (p->n_wrap - 1));
        x[0] = p->R * cos(ang[i]);
        x[1] = p->R * sin(ang[i]);
        /* the elements are chords: unstretched at the start (s += chord, not arc) */
        if (i > 0) s += 2.0 * p->R * sin(0.25 * M_PI / (p->n_wrap - 1));
        ex_check(w->m, alecable_cable_add_node(&wn[i], w->c, x, s), "add_node wrap");
    }
    /* hanging span down to P */
    for (i = 1; i <= p->n_hang; i++) {
        x[0] = p->R;
        x[1] = -p->H * i / p->n_hang;
        ex_check(w->m, alecable_cable_add_node(&n, w->c, x, s + p->H * i / p->n_hang), "add_node hanging");
        if (i < p->n_hang) {
            ex_check(w->m, alecable_fix(NULL, w->m, n, ALECABLE_DOF_Z), "fix z");
            if (p->guide) ex_check(w->m, alecable_fix(NULL, w->m, n, ALECABLE_DOF_X), "guide x");
        }
    }
    w->P = n;
    w->l0 = s + p->H - p->s_w0;
    /* winch: fixed point, material coordinate prescribed (pay-out) */
    ex_check(w->m, alecable_fix(NULL, w->m, w->W, ALECABLE_DOF_X), "fix W x");
    ex_check(w->m, alecable_fix(NULL, w->m, w->W, ALECABLE_DOF_Y), "fix W y");
    ex_check(w->m, alecable_fix(NULL, w->m, w->W, ALECABLE_DOF_Z), "fix W z");
    ex_check(w->m, alecable_prescribe(NULL, w->m, w->W, ALECABLE_DOF_S, -delta), "prescribe W s");
    /* pulley: a fixed body; the wrap holds x, y, z of its nodes */
    alecable_body_params_init(&bp);
    ex_check(w->m, alecable_body_create(&w->pulley, w->m, &bp), "body_create pulley");
    ex_check(w->m, alecable_body_fix(w->m, w->pulley), "body_fix pulley");
    alecable_pulley_params_init(&pp);
    pp.radius = p->R;
    ex_check(w->m, alecable_pulley_wrap(&w->wrap, w->m, w->pulley, &pp, p->n_wrap, wn, ang), "pulley_wrap");
    /* the hanging body, centre of mass b below P */
    alecable_body_params_init(&bp);
    bp.position[0] = p->R;
    bp.position[1] = -p->H - p->b;
    bp.mass = p->mass;
    ex_check(w->m, alecable_body_create(&w->load, w->m, &bp), "body_create load");
    ex_check(w->m, alecable_body_node(&bn, w->load), "body_node");
    ex_check(w->m, alecable_fix(NULL, w->m, bn, ALECABLE_DOF_Z), "fix body z");
    ex_check(w->m, alecable_fix(NULL, w->m, bn, ALECABLE_DOF_RX), "fix body rx");
    ex_check(w->m, alecable_fix(NULL, w->m, bn, ALECABLE_DOF_RY), "fix body ry");
    ex_check(w->m, alecable_fix(NULL, w->m, bn, ALECABLE_DOF_RZ), "fix body rz");
    if (p->guide) ex_check(w->m, alecable_fix(NULL, w->m, bn, ALECABLE_DOF_X), "guide body x");
    patt[1] = p->b;
    ex_check(w->m, alecable_attach(&w->att, w->m, w->P, w->load, patt, 1), "attach P");
}

/* stretch F of the element under tension T: E A (F^3 - F) / 2 = T (Newton) */
static double stretch_of(double EA, double T)
{
    double F = 1.0 + T / EA;
    int i;
    for (i = 0; i < 50; i++) {
        double r = 0.5 * EA * (F * F * F - F) - T, dF = -r / (0.5 * EA * (3.0 * F * F - 1.0));
        F += dF;
        if (fabs(dF) <= 1e-17 * F) break;
    }
    return F;
}

static double body_y(const winch *w)
{
    double x[3];
    alecable_body_pose(w->load, x, NULL);
    return x[1];
}

static int solver_of(const char *name)
{
    if (!strcmp(name, "spqr")) return ALECABLE_LINSOLVE_SPQR;
    if (!strcmp(name, "umfpack")) return ALECABLE_LINSOLVE_UMFPACK;
    if (!strcmp(name, "klu")) return ALECABLE_LINSOLVE_KLU;
    if (!strcmp(name, "band")) return ALECABLE_LINSOLVE_BAND;
    if (!strcmp(name, "auto")) return ALECABLE_LINSOLVE_AUTO;
    return -1;
}

int main(int argc, char **argv)
{
    params p = {3e9, 7.069, 10.0, 9.81, 0.2, 0.1, 1.0, 1.0, 0.1, 0.5, 1e-8, 1e-9, 10, 5, 4, 0, 0, NULL, NULL, "umfpack", "spqr", 0};
    winch w, ref;
    alecable_quasistatic_options o;
    double EA, y0, worst_t = 0.0, worst_d = 0.0, F1 = 1.0, d1 = 0.0, dref = 0.0, t0, wall, s_w = 0.0, f_pulley = 0.0, e_ref;
    int rc, k, i, ne, it1 = 0, it2 = 0, solver, start_solver, ok;
    ex_vtk_series vs;
    ex_opt opts[] = {
        {"--E", 'd', &p.E, "Young's modulus [Pa]"},
        {"--A", 'd', &p.A_mm2, "cross-section area [mm^2]"},
        {"--mass", 'd', &p.mass, "mass of the hanging body [kg]"},
        {"--g", 'd', &p.g, "gravity [m/s^2]"},
        {"--payout", 'd', &p.delta, "cable paid out by the winch at load factor 1 [m]"},
        {"--radius", 'd', &p.R, "pulley radius [m]"},
        {"--span", 'd', &p.Lh, "horizontal span from the winch to the pulley top [m]"},
        {"--hang", 'd', &p.H, "initial hanging length below the pulley [m]"},
        {"--wrap-nodes", 'i', &p.n_wrap, "nodes on the pulley (quarter turn)"},
        {"--hang-elements", 'i', &p.n_hang, "elements in the hanging span"},
        {"--steps", 'i', &p.steps, "load steps"},
        {"--start-solver", 's', &p.start_solver, "linear solver of the first load step (slack start): spqr, umfpack, klu, band, auto"},
        {"--solver", 's', &p.solver, "linear solver of the other load steps (see the source's header)"},
        {"--guide", 'f', &p.guide, "hold x of the body and the hanging nodes (a guide rail)"},
        {"--history", 'f', &p.history, "print every load step"},
        {"--csv", 's', &p.csv, "write the final per-element strain and axial force along s to this CSV file"},
        {"--vtk", 's', &p.vtk, "write VTK files (winch_NNNNN.vtp: start and every load step) and winch.pvd into this existing directory"},
        {"--vtk-legacy", 'f', &p.vtk_legacy, EX_VTK_LEGACY_HELP},
        {NULL, 0, NULL, NULL}};
    rc = ex_parse(argc, argv, opts,
                  "A winch pays out cable over a frictionless pulley to a hanging rigid body (quasistatic):\n"
                  "tension = m g everywhere, descent = paid-out length times the stretch ratio.");
    if (rc) return rc > 0 ? 0 : 2;
    if (p.steps < 1 || p.n_wrap < 2 || p.n_wrap > 64 || p.n_hang < 1 || !(p.mass > 0) || !(p.g > 0) ||
        !(p.delta >= 0) || !(p.R > 0) || !(p.Lh > 0) || !(p.H > 0)) {
        fprintf(stderr, "need steps >= 1, 2 <= wrap-nodes <= 64, hang-elements >= 1, mass, g, radius, span, hang > 0, "
                        "payout >= 0\n");
        return 2;
    }
    if ((solver = solver_of(p.solver)) < 0 || (start_solver = solver_of(p.start_solver)) < 0) {
        fprintf(stderr, "unknown --solver %s or --start-solver %s\n", p.solver, p.start_solver);
        return 2;
    }
    EA = p.E * p.A_mm2 * 1e-6;
    build(&p, p.delta, &w);
    y0 = body_y(&w);
    printf("winch: E = %g Pa, A = %g mm^2 (EA = %g N), m = %g kg, g = %g m/s^2, pay-out %g m in %d load steps\n"
           "  linear solver %s for the first step (slack start), %s after%s\n",
           p.E, p.A_mm2, EA, p.mass, p.g, p.delta, p.steps, p.start_solver, p.solver,
           p.guide ? "; body and hanging nodes guided in x" : "");
    printf("  winch W = (%g, %g) m, pulley radius %g m at the origin (quarter wrap, %d nodes), hanging span %g m "
           "(%d elements),\n  body of %g kg with its centre of mass %g m below the attachment; l0 = %.6f m of cable "
           "from W to the body\n",
           -p.Lh, p.R, p.R, p.n_wrap, p.H, p.n_hang, p.mass, p.b, w.l0);
    ex_vtk_begin(&vs, p.vtk, "winch", p.vtk_legacy);
    ex_vtk_frame(&vs, w.m, 0.0);
    alecable_cable_counts(w.c, NULL, &ne);
    alecable_quasistatic_options_init(&o);
    o.clock = ALECABLE_CLOCK_LOAD_FACTOR; /* the pay-out goes with the load factor */
    o.load_steps = 1;
    if (p.history) printf("  step  load  tension err  stretch F       descent [m]     law err     s_W [m]    iterations\n");
    t0 = ex_now();
    for (k = 0; k < p.steps; k++) {
        alecable_solve_report rep;
        double t, T, F, d, law, e_t = 0.0, e_d;
        int st;
        o.t0 = (double)k / p.steps;
        o.t1 = t = (double)(k + 1) / p.steps;
        o.linear_solver = k == 0 ? start_solver : solver;
        alecable_solve_report_init(&rep);
        st = alecable_solve_quasistatic(w.m, &o, &rep);
        if (st) {
            printf("  step %d failed: %s: %s\n", k + 1, alecable_strerror(st), alecable_model_errmsg(w.m));
            printf("result: status=1 failed_step=%d\n", k + 1);
            ex_vtk_end(&vs, w.m);
            alecable_model_destroy(w.m);
            return 1;
        }
        it1 += rep.iterations_stage1;
        it2 += rep.iterations_stage2;
        T = t * p.mass * p.g;
        for (i = 0; i < ne; i++) {
            alecable_element *el;
            double N;
            alecable_cable_element(&el, w.c, i);
            alecable_element_axial_force(el, &N);
            if (fabs(N - T) / T > e_t) e_t = fabs(N - T) / T;
        }
        F = stretch_of(EA, T);
        d = y0 - body_y(&w);
        law = (w.l0 + t * p.delta) * F - w.l0;
        e_d = fabs(d - law) / fabs(law);
        if (e_t > worst_t) worst_t = e_t;
        if (e_d > worst_d) worst_d = e_d;
        alecable_node_material(w.W, &s_w);
        if (p.history)
            printf("  %4d  %4.2f  %11.3e  %.12f  %.12f  %10.3e  %.9f  %d + %d\n", k + 1, t, e_t, F, d, e_d, s_w,
                   rep.iterations_stage1, rep.iterations_stage2);
        F1 = F;
        d1 = d;
        ex_vtk_frame(&vs, w.m, t);
    }
    wall = ex_now() - t0;
    /* the same weight without pay-out: the difference is delta F alone */
    build(&p, 0.0, &ref);
    o.t0 = 0.0;
    o.t1 = 1.0 / p.steps;
    o.load_steps = 1;
    o.linear_solver = start_solver;
    ex_check(ref.m, alecable_solve_quasistatic(ref.m, &o, NULL), "solve (no pay-out, first step)");
    if (p.steps > 1) {
        o.t0 = o.t1;
        o.t1 = 1.0;
        o.load_steps = p.steps - 1;
        o.linear_solver = solver;
        ex_check(ref.m, alecable_solve_quasistatic(ref.m, &o, NULL), "solve (no pay-out)");
    }
    dref = body_y(&ref) - body_y(&w);
    {
        /* resultant of the forces the cable exerts on the pulley */
        double lam[3 * 64], f[3] = {0, 0, 0};
        alecable_joint_multipliers(w.wrap, lam);
        for (i = 0; i < p.n_wrap; i++)
            for (k = 0; k < 3; k++) f[k] += lam[3 * i + k];
        f_pulley = sqrt(f[0] * f[0] + f[1] * f[1] + f[2] * f[2]);
    }
    e_ref = p.delta > 0 ? fabs(dref - p.delta * F1) / (p.delta * F1) : fabs(dref);
    ex_vtk_end(&vs, w.m);
    if (p.csv) {
        ex_check(w.m, alecable_write_cable_csv(w.c, p.csv), "write_cable_csv");
        printf("  wrote %s\n", p.csv);
    }
    ok = worst_t <= p.tol_t && worst_d <= p.tol_d && e_ref <= p.tol_d;
    printf("  all %d load steps converged in %.3f ms (average Newton iterations %.2f + %.2f)\n", p.steps, 1e3 * wall,
           (double)it1 / p.steps, (double)it2 / p.steps);
    printf("  tension: m g = %.10g N; worst |N - t m g| / (t m g) over elements and steps %.3e (tolerance %g)\n",
           p.mass * p.g, worst_t, p.tol_t);
    printf("  stretch F = %.15f (Green-Lagrange eps = %.6e; the engineering strain m g/(E A) = %.6e is not F - 1 = %.6e)\n",
           F1, 0.5 * (F1 * F1 - 1.0), p.mass * p.g / EA, F1 - 1.0);
    printf("  winch s: %.9f -> %.9f m (paid out %.9f m)\n", p.s_w0, s_w, p.s_w0 - s_w);
    printf("  body descent %.12f m; law (l0 + delta) F - l0 = %.12f m; worst relative error over the steps %.3e "
           "(tolerance %g)\n",
           d1, (w.l0 + p.delta) * F1 - w.l0, worst_d, p.tol_d);
    printf("  descent due to the pay-out (vs. the same load without pay-out) %.12f m; delta F = %.12f m; relative "
           "error %.3e\n",
           dref, p.delta * F1, e_ref);
    printf("  force of the cable on the pulley %.10f N (a quarter turn: sqrt(2) m g = %.10f N)\n", f_pulley,
           sqrt(2.0) * p.mass * p.g);
    printf("result: status=%d tension=%.10g tension_rel_err=%.3e stretch=%.15f descent=%.17g descent_law=%.12f "
           "descent_rel_err=%.3e payout_descent=%.12f payout_rel_err=%.3e avg_iter_stage1=%.17g avg_iter_stage2=%.17g\n",
           ok ? 0 : 1, p.mass * p.g, worst_t, F1, d1, (w.l0 + p.delta) * F1 - w.l0, worst_d, dref,
           e_ref, (double)it1 / p.steps, (double)it2 / p.steps);
    alecable_model_destroy(w.m);
    alecable_model_destroy(ref.m);
    return ok ? 0 : 1;
}
