/* smoke-test: --dynamic */
/* Paper 000, section 4.4 (Figs. 15-16): a cable-actuated soft finger.
 *
 * Two rigid phalanges in the xy-plane, joined by a revolute joint about z with
 * a torsional spring k (the thin junction).  The proximal phalange is fixed.
 * A cable runs below the phalanges (offset -h in y), fastened at the tip of
 * the distal phalange and sliding through eyelets; it is pulled at its free
 * end by F along -x, which bends the finger (a negative rotation about z).
 *
 * Geometry (every phalange Lp long along +x, joint J at their junction;
 * defaults Lp = 5 cm, h = 1 cm, e = 0.5 cm; the paper gives no dimensions):
 *
 *        proximal (fixed)        J          distal
 *     |=======================|(o)|=======================|
 *                                                             y = 0
 *   E----M-----------D----------C  B------------------------A y = -h
 *   <- F
 *
 *   proximal phalange x in [0, Lp], joint J = (Lp, 0), distal x in [Lp, 2 Lp];
 *   A: cable end fastened at the distal tip (2 Lp, -h)          (hold_s = 1)
 *   B: eyelet of the distal phalange at (Lp + e, -h)            (hold_s = 0)
 *   C: eyelet of the proximal phalange at (Lp - e, -h)          (hold_s = 0)
 *   D: exit eyelet at the base of the proximal phalange (0, -h) (hold_s = 0)
 *   M: free node at s = 20 cm, between D and E (only z held: planar)
 *   E: free end s = L, z held; the force F = (-F, 0, 0) acts on it.
 * The cable is straight and unstretched at the start; s = 0 at A.  Nodes B, C,
 * D follow their phalange with free material coordinates (material flows
 * through them, paper Fig. 15c); M and E are unconstrained in the plane.
 * The distal phalange is held in the plane by the revolute joint itself (its
 * 5 equations), so no extra constraint is put on it.
 *
 * Linear solvers: at the undeformed start the cable is slack, so the free
 * nodes M and E have no stiffness across the cable and the tangent of the
 * first Newton iteration is exactly singular in their y (the two-stage
 * regularization acts on material coordinates only): LU (UMFPACK, KLU)
 * stops there.  The first load step therefore uses SPQR (--start-solver),
 * whose least-squares increment leaves those y unchanged; once the cable is
 * taut the tangent is regular and the other steps use UMFPACK (--solver).
 * SPQR is not used throughout: its default rank tolerance, on the unscaled
 * tangent, can drop a direction of a regular tangent at larger angles
 * (--F 3000 --solver spqr: Newton stagnates up to ~4e4 times above its
 * tolerance and the solver still reports success; this example's checks
 * then fail).  --hold-y guides M and E along y instead; then LU works
 * from the first step.
 *
 * Analytic reference: the eyelets are frictionless, so the tension is F all
 * along the cable and the cable pulls the distal phalange with F along B->C
 * at B.  With r = B - J and c = C - J the joint angle solves
 *     k theta = F (r(theta) x c)_z / |c - r(theta)|,   r(theta) = R(theta) (e, -h),
 * which the example solves by bisection and compares (while B stays to the
 * right of C; beyond that the phalanges would overlap and no reference is
 * given).
 *
 * Checks: convergence of every load step; the joint's spring moment balances
 * the moment about J of the forces the cable exerts on the distal phalange
 * (attach and eyelet multipliers at their spatial points); M keeps its
 * material coordinate; material flows through B, C, D; s_D equals its
 * closed form (2 (Lp - e) + |BC|) / stretch (one tension F, one stretch).
 * Paper: 4 and 1 average Newton iterations in the two regularized stages
 * (20 load steps), D at s = 12.05 cm at the end ("any other material position
 * between s = 12.05 cm and s = 25 cm" for the free node).  The paper prints
 * no dimensions, so this geometry's 9.32 cm is no check of it: the angle does
 * not depend on Lp, s_D grows with it, and Lp = 6.43 cm (h = 1, e = 0.5 cm)
 * gives the paper's 12.05 cm; the example prints that length.
 *
 * --dynamic (issue 10): then the same finger in time.  The distal phalanx
 * gets mass and inertia (a slender rod), the joint a damper (--zeta of the
 * spring and the phalanx), the cable its density; M is made Lagrangian
 * (with its s free, M could slide along the straight span with the
 * material at rest, which no energy sees).  At rest and straight at t = 0,
 * the finger takes F at E as a step; it must settle on the quasistatic
 * angle to 1e-6.  HHT with alpha = -0.3 (default) or Bossak: the step
 * excites the light, stiff cable's axial and string modes, which the method
 * must damp; the trapezoidal rule and generalized-alpha at rho_inf = 0.8
 * keep them and fail within a few steps. */
#include "common.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* paper 000 sec. 4.4: the lower end of the free node's valid interval, i.e.
 * the material coordinate of the exit eyelet D at F = 1000 N [m] */
#define S_D_PAPER 0.1205

typedef struct params {
    double k, L, E, A_mm2, F, alpha, Lp, h, e, s_free;
    int steps, history, hold_y;
    const char *csv, *vtk, *solver, *start_solver, *shape;
    /* --dynamic */
    int dynamic;
    double m_phalanx, zeta, rho, dt, t_end;
    const char *method, *dyn_csv;
    /* --friction */
    double mu, F_min;
    int vtk_legacy; /* --vtk-legacy */
} params;

typedef struct finger {
    alecable_model *m;
    alecable_cable *c;
    alecable_body *prox, *dist;
    alecable_joint *rev, *jA, *jB, *jC, *jD;
    alecable_node *A, *B, *C, *D, *M, *E;
} finger;

static void build(const params *p, finger *f)
{
    alecable_section sec;
    alecable_body_params bp;
    double J[3] = {p->Lp, 0, 0}, zax[3] = {0, 0, 1}, x[3] = {0, 0, 0};
    double pA[3] = {p->Lp, -p->h, 0}, pB[3] = {p->e, -p->h, 0}; /* distal frame: origin J */
    double pC[3] = {p->Lp - p->e, -p->h, 0}, pD[3] = {0, -p->h, 0}; /* proximal frame: origin 0 */
    double fE[3] = {-p->F, 0, 0};
    ex_check(NULL, alecable_model_create(&f->m, NULL), "model_create");
    /* bodies */
    alecable_body_params_init(&bp);
    ex_check(f->m, alecable_body_create(&f->prox, f->m, &bp), "body_create proximal");
    ex_check(f->m, alecable_body_fix(f->m, f->prox), "body_fix proximal");
    memcpy(bp.position, J, sizeof J);
    if (p->dynamic) { /* a slender phalanx: its centre half-way, J = m Lp^2 / 12 about y and z */
        bp.mass = p->m_phalanx;
        bp.com[0] = 0.5 * p->Lp;
        bp.inertia[0] = 0.01 * p->m_phalanx * p->Lp * p->Lp / 12.0;
        bp.inertia[4] = bp.inertia[8] = p->m_phalanx * p->Lp * p->Lp / 12.0;
    }
    ex_check(f->m, alecable_body_create(&f->dist, f->m, &bp), "body_create distal");
    ex_check(f->m, alecable_revolute(&f->rev, f->m, f->prox, f->dist, J, zax, p->k), "revolute");
    /* cable A (s = 0) -> E (s = L) */
    alecable_section_init(&sec);
    sec.E = p->E;
    sec.A = p->A_mm2 * 1e-6;
    if (p->dynamic) sec.rho = p->rho;
    ex_check(f->m, alecable_cable_create(&f->c, f->m, ALECABLE_ELEMENT_AXIAL, &sec), "cable_create");
#define NODE(n, px, s)                                                       \
    do {                                                                     \
        x[0] = (px);                                                         \
        x[1] = -p->h;                                                        \
        ex_check(f->m, alecable_cable_add_node(&f->n, f->c, x, (s)), "add_node " #n); \
    } while (0)
    NODE(A, 2 * p->Lp, 0.0);
    NODE(B, p->Lp + p->e, p->Lp - p->e);
    NODE(C, p->Lp - p->e, p->Lp + p->e);
    NODE(D, 0.0, 2 * p->Lp);
    NODE(M, 2 * p->Lp - p->s_free, p->s_free);
    NODE(E, 2 * p->Lp - p->L, p->L);
#undef NODE
    ex_check(f->m, alecable_attach(&f->jA, f->m, f->A, f->dist, pA, 1), "attach A");
    ex_check(f->m, alecable_attach(&f->jB, f->m, f->B, f->dist, pB, 0), "eyelet B");
    ex_check(f->m, alecable_attach(&f->jC, f->m, f->C, f->prox, pC, 0), "eyelet C");
    ex_check(f->m, alecable_attach(&f->jD, f->m, f->D, f->prox, pD, 0), "eyelet D");
    /* free part: planar; E is the material end of the cable */
    ex_check(f->m, alecable_fix(NULL, f->m, f->M, ALECABLE_DOF_Z), "fix M z");
    ex_check(f->m, alecable_fix(NULL, f->m, f->E, ALECABLE_DOF_Z), "fix E z");
    ex_check(f->m, alecable_fix(NULL, f->m, f->E, ALECABLE_DOF_S), "fix E s");
    /* in dynamics a free node with a free s on a straight span can slide with
     * its material at rest: neither energy sees it (the quasistatic solve's
     * regularization does); M is made Lagrangian */
    if (p->dynamic) ex_check(f->m, alecable_fix(NULL, f->m, f->M, ALECABLE_DOF_S), "fix M s");
    if (p->hold_y) { /* guide M and E along the line of the pull */
        ex_check(f->m, alecable_fix(NULL, f->m, f->M, ALECABLE_DOF_Y), "fix M y");
        ex_check(f->m, alecable_fix(NULL, f->m, f->E, ALECABLE_DOF_Y), "fix E y");
    }
    ex_check(f->m, alecable_load_node(NULL, f->m, f->E, fE), "load E");
}

/* Moment about the joint axis (z) through J of the forces the cable exerts on
 * the distal phalange: the multipliers of the attachment A and the eyelet B
 * at their spatial points. */
/* Final shape for plotting: block 0 the cable's nodes (index, x, y in mm),
 * then, after two blank lines, block 1 the two phalanges' axes as segments. */
static void write_shape(const params *p, const finger *f, const char *path)
{
    FILE *out = fopen(path, "w");
    double x[3], a[3] = {0, 0, 0}, b[3] = {p->Lp, 0, 0};
    int n, i;
    if (!out) {
        fprintf(stderr, "cannot write %s\n", path);
        exit(1);
    }
    alecable_cable_counts(f->c, &n, NULL);
    fprintf(out, "# index,x_mm,y_mm\n");
    for (i = 0; i < n; i++) {
        alecable_node *nd;
        ex_check(f->m, alecable_cable_node(&nd, f->c, i), "cable_node");
        alecable_node_position(nd, x);
        fprintf(out, "%d,%.9g,%.9g\n", i, 1e3 * x[0], 1e3 * x[1]);
    }
    fprintf(out, "\n\n");
    alecable_body_point(f->prox, a, x);
    fprintf(out, "0,%.9g,%.9g\n", 1e3 * x[0], 1e3 * x[1]);
    alecable_body_point(f->prox, b, x);
    fprintf(out, "0,%.9g,%.9g\n\n", 1e3 * x[0], 1e3 * x[1]);
    alecable_body_point(f->dist, a, x);
    fprintf(out, "1,%.9g,%.9g\n", 1e3 * x[0], 1e3 * x[1]);
    alecable_body_point(f->dist, b, x);
    fprintf(out, "1,%.9g,%.9g\n", 1e3 * x[0], 1e3 * x[1]);
    fclose(out);
    printf("  wrote %s\n", path);
}

static double cable_moment(const finger *f)
{
    double J[3], o[3] = {0, 0, 0}, lam[3], x[3], mz = 0.0;
    const alecable_joint *j[2];
    const alecable_node *n[2];
    int i;
    j[0] = f->jA;
    j[1] = f->jB;
    n[0] = f->A;
    n[1] = f->B;
    alecable_body_point(f->dist, o, J);
    for (i = 0; i < 2; i++) {
        alecable_joint_multipliers(j[i], lam);
        alecable_node_position(n[i], x);
        mz += (x[0] - J[0]) * lam[1] - (x[1] - J[1]) * lam[0];
    }
    return mz;
}

/* Sum of the forces the cable exerts on the distal phalange (A and B). */
static double cable_force_norm(const finger *f)
{
    double a[3], b[3];
    alecable_joint_multipliers(f->jA, a);
    alecable_joint_multipliers(f->jB, b);
    return sqrt((a[0] + b[0]) * (a[0] + b[0]) + (a[1] + b[1]) * (a[1] + b[1]) + (a[2] + b[2]) * (a[2] + b[2]));
}

/* k theta - F (r x c)_z / |c - r| of the analytic reference (see the header) */
static double balance(const params *p, double th)
{
    double rx = cos(th) * p->e + sin(th) * p->h, ry = sin(th) * p->e - cos(th) * p->h;
    double cx = -p->e, cy = -p->h, dx = cx - rx, dy = cy - ry;
    return p->k * th - p->F * (rx * cy - ry * cx) / sqrt(dx * dx + dy * dy);
}

/* The stretch at tension F of the Green-Lagrange law N = EA lam (lam^2 - 1) / 2
 * (the axial element's), by Newton from lam = 1 (the law is convex and
 * increasing for lam >= 1, so the iterates rise monotonically to the root). */
static double stretch_at(const params *p, double F)
{
    double EA = p->E * p->A_mm2 * 1e-6, lam = 1.0;
    int i;
    for (i = 0; i < 100; i++) {
        double g = 0.5 * EA * lam * (lam * lam - 1.0) - F, dg = 0.5 * EA * (3.0 * lam * lam - 1.0);
        double d = g / dg;
        lam -= d;
        if (fabs(d) <= 1e-16 * lam) break;
    }
    return lam;
}

/* The material coordinate of the exit eyelet D at angle th (the closed form
 * beside the paper's s = 12.05 cm, sec. 4.4): frictionless eyelets carry one
 * tension F, hence one stretch lam, and the path A-B-C-D is 2 (Lp - e) along
 * the phalanges plus the chord |c - r(th)| across the joint, so
 *     s_D = (2 (Lp - e) + |c - r(th)|) / lam.
 * The angle does not depend on Lp: the phalanx length sets s_D alone. */
static double s_D_closed(const params *p, double th, double *chord)
{
    double rx = cos(th) * p->e + sin(th) * p->h, ry = sin(th) * p->e - cos(th) * p->h;
    double dx = -p->e - rx, dy = -p->h - ry;
    *chord = sqrt(dx * dx + dy * dy);
    return (2.0 * (p->Lp - p->e) + *chord) / stretch_at(p, p->F);
}

/* its root in (-pi/2, 0) by bisection (balance(-pi/2) < 0 < balance(0) = F h) */
static double analytic_angle(const params *p)
{
    double lo = -0.5 * M_PI, hi = 0.0;
    int i;
    double th;
    if (!(balance(p, lo) < 0.0 && balance(p, hi) > 0.0)) return NAN; /* not bracketed */
    for (i = 0; i < 200 && hi - lo > 1e-16; i++) {
        double mid = 0.5 * (lo + hi);
        if (balance(p, mid) > 0.0) hi = mid;
        else lo = mid;
    }
    th = 0.5 * (lo + hi);
    /* a sign change at the singularity B = C is no root */
    return fabs(balance(p, th)) <= 1e-6 * p->k * fabs(th) ? th : NAN;
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

static double node_s(const alecable_node *n)
{
    double s;
    alecable_node_material(n, &s);
    return s;
}

/* --dynamic: the finger with the distal phalanx's inertia, a damper on the
 * joint and a massive cable, at rest and straight at t = 0 when the force F
 * is applied at E as a step; it must settle on the quasistatic angle.  The
 * damper: c = 2 zeta sqrt(k I_J), I_J = m Lp^2 / 3 the phalanx's inertia
 * about the joint.  Returns 0 when the final angle is within 1e-6 of
 * angle_qs (relative); the result line is the quasistatic run's, with
 * status the dynamic run's and its keys appended. */
static int run_dynamic(const params *p, double angle_qs, const char *qs_result)
{
    params q = *p;
    finger f;
    alecable_integrator *it;
    alecable_dynamic_options o;
    FILE *csv = NULL;
    double c, IJ = p->m_phalanx * p->Lp * p->Lp / 3.0, angle = 0.0, spring, peak = 0.0, t_settle = 0.0, wall, err;
    long k, steps = (long)ceil(p->t_end / p->dt - 1e-9);
    int st = 0, method = ex_method(p->method);
    q.dynamic = 1;
    build(&q, &f);
    c = 2.0 * p->zeta * sqrt(p->k * IJ);
    ex_check(f.m, alecable_joint_set_damping(f.rev, c), "joint_set_damping");
    alecable_dynamic_options_init(&o);
    o.method = method;
    o.h = p->dt;
    if (method == ALECABLE_METHOD_HHT) o.alpha = -0.3; /* damps the cable's fast axial and string modes */
    ex_check(f.m, alecable_model_integrator(&it, f.m, &o), "model_integrator");
    if (p->dyn_csv && !(csv = fopen(p->dyn_csv, "w"))) {
        fprintf(stderr, "cannot write %s\n", p->dyn_csv);
        exit(1);
    }
    if (csv) fprintf(csv, "t,angle_rad,spring_moment,s_B,s_C,s_D\n");
    printf("dynamic: distal phalanx %g kg (I_J = %.4g kg m^2 about the joint), joint damper c = %.4g N m s/rad "
           "(zeta = %g), cable %g kg/m, F = %g N as a step at t = 0; %s, h = %g s, %g s\n",
           p->m_phalanx, IJ, c, p->zeta, p->rho * p->A_mm2 * 1e-6, p->F, p->method, p->dt, p->t_end);
    wall = ex_now();
    for (k = 1; k <= steps; k++) {
        if ((st = alecable_integrator_step(it, p->dt)) != ALECABLE_OK) {
            printf("dynamic: step %ld failed: %s\n", k, alecable_integrator_errmsg(it));
            break;
        }
        ex_check(f.m, alecable_model_pull_state(f.m, it), "pull_state");
        alecable_revolute_state(f.rev, &angle, &spring);
        if (fabs(angle) > fabs(peak)) peak = angle;
        if (fabs(angle - angle_qs) > 1e-3 * fabs(angle_qs)) t_settle = k * p->dt;
        if (csv && (k % 10 == 0 || k == steps))
            fprintf(csv, "%.6f,%.12f,%.9f,%.9f,%.9f,%.9f\n", k * p->dt, angle, spring, node_s(f.B), node_s(f.C),
                    node_s(f.D));
    }
    wall = ex_now() - wall;
    if (csv) fclose(csv);
    err = fabs(angle - angle_qs) / fabs(angle_qs);
    printf("dynamic: peak angle %.4f deg (overshoot %.1f %%), within 1e-3 of the quasistatic angle after %.4f s\n",
           peak * 180.0 / M_PI, 100.0 * (peak / angle_qs - 1.0), t_settle);
    printf("dynamic: final angle %.10f rad, quasistatic %.10f rad: relative difference %.3e (%ld steps, %.2f s wall)\n",
           angle, angle_qs, err, steps, wall);
    printf("result: status=%d %s dyn_angle_rad=%.17g dyn_angle_err=%.3e dyn_peak_deg=%.17g dyn_settle_s=%.5f "
           "dyn_steps=%ld dyn_wall_s=%.3f\n",
           st == 0 && err <= 1e-6 ? 0 : 1, strchr(qs_result, ' ') + 1, angle, err, peak * 180.0 / M_PI, t_settle,
           steps, wall);
    alecable_integrator_destroy(it);
    alecable_model_destroy(f.m);
    return st == 0 && err <= 1e-6 ? 0 : 1;
}

/* --friction mu: stick/slip in the eyelets B, C and D (alecable_eyelet_friction:
 * N the holding force across the cable).  F goes from 0 to F, down to F_min
 * and up to F again in p->steps load steps each; on loading the eyelets
 * hold back part of the pull (the finger bends less than without friction),
 * on unloading they hold the cable's tension in (it bends back less): the
 * angle-force loop.  Checked at every step: convergence and the moment
 * balance of the distal phalange (spring against the cable's forces on it). */
static int run_friction(const params *p, int start_solver, int solver)
{
    finger f;
    alecable_quasistatic_options o;
    alecable_friction_params fp;
    alecable_joint *ey[3];
    FILE *csv = NULL;
    double angle = 0, spring = 0, worst_moment = 0, a_load_mid = 0, a_unload_mid = 0, a_top = 0, a_bottom = 0, a_end = 0;
    double lo = p->F_min / p->F, work = 0, theta_ref = analytic_angle(p), gap_max = 0, F_gap = 0;
    double *a_load = (double *)calloc((size_t)p->steps + 1, sizeof *a_load); /* angle at F k / steps on loading */
    int branch, k, i, it_max = 0, it_sum = 0, nst = 0, st;
    params qs = *p;
    qs.dynamic = 0;
    build(&qs, &f);
    alecable_friction_params_init(&fp);
    fp.mu = p->mu;
    ex_check(f.m, alecable_eyelet_friction(&ey[0], f.m, f.jB, &fp), "eyelet_friction B");
    ex_check(f.m, alecable_eyelet_friction(&ey[1], f.m, f.jC, &fp), "eyelet_friction C");
    ex_check(f.m, alecable_eyelet_friction(&ey[2], f.m, f.jD, &fp), "eyelet_friction D");
    printf("soft_finger --friction: mu = %g in the eyelets B, C, D; F: 0 -> %g -> %g -> %g N, %d load steps each; "
           "k = %g N m/rad\n", p->mu, p->F, p->F_min, p->F, p->steps, p->k);
    if (p->csv) {
        if (!(csv = fopen(p->csv, "w"))) {
            perror(p->csv);
            return 1;
        }
        fprintf(csv, "step,branch,F_N,angle_deg,spring_moment_Nm,state_B,state_C,state_D\n");
    }
    alecable_quasistatic_options_init(&o);
    o.load_steps = 1;
    o.alpha = p->alpha;
    for (branch = 0; branch < 3; branch++)
        for (k = 0; k < p->steps; k++) {
            alecable_solve_report rep;
            double a = (double)k / p->steps, b = (double)(k + 1) / p->steps, rel;
            int sB, sC, sD;
            alecable_contact c;
            o.t0 = branch == 0 ? a : branch == 1 ? 1.0 - a * (1.0 - lo) : lo + a * (1.0 - lo);
            o.t1 = branch == 0 ? b : branch == 1 ? 1.0 - b * (1.0 - lo) : lo + b * (1.0 - lo);
            o.linear_solver = branch == 0 && k == 0 ? start_solver : solver;
            alecable_solve_report_init(&rep);
            if ((st = alecable_solve_quasistatic(f.m, &o, &rep))) {
                printf("  step %d of branch %d failed: %s\nresult: status=1\n", k + 1, branch, alecable_model_errmsg(f.m));
                alecable_model_destroy(f.m);
                return 1;
            }
            nst++;
            it_sum += rep.iterations_stage1 + rep.iterations_stage2;
            if (rep.iterations_stage1 + rep.iterations_stage2 > it_max) it_max = rep.iterations_stage1 + rep.iterations_stage2;
            alecable_revolute_state(f.rev, &angle, &spring);
            rel = fabs(cable_moment(&f) + spring) / fabs(spring);
            if (rel > worst_moment) worst_moment = rel;
            alecable_contact_init(&c);
            alecable_friction_contact(ey[0], 0, &c);
            sB = c.state;
            alecable_friction_contact(ey[1], 0, &c);
            sC = c.state;
            alecable_friction_contact(ey[2], 0, &c);
            sD = c.state;
            if (csv)
                fprintf(csv, "%d,%d,%.10g,%.10g,%.10g,%s,%s,%s\n", nst, branch, p->F * o.t1, angle * 180.0 / M_PI, spring,
                        sB ? "slip" : "stick", sC ? "slip" : "stick", sD ? "slip" : "stick");
            if (branch == 0) a_load[k + 1] = angle;
            if (branch == 0 && 2 * (k + 1) == p->steps) a_load_mid = angle;
            if (branch == 1) { /* against the loading branch at the same force (linear between its steps) */
                double x = o.t1 * p->steps, gap;
                int j = (int)floor(x);
                if (j >= p->steps) j = p->steps - 1;
                gap = fabs(angle - (a_load[j] + (x - j) * (a_load[j + 1] - a_load[j])));
                if (gap > gap_max) {
                    gap_max = gap;
                    F_gap = p->F * o.t1;
                }
                if (fabs(o.t1 - 0.5) < 0.5 * (1.0 - lo) / p->steps) a_unload_mid = angle;
            }
            if (branch == 0 && k + 1 == p->steps) a_top = angle;
            if (branch == 1 && k + 1 == p->steps) a_bottom = angle;
            if (branch == 2 && k + 1 == p->steps) a_end = angle;
        }
    if (csv) fclose(csv);
    for (i = 0; i < 3; i++) {
        alecable_contact c;
        alecable_contact_init(&c);
        alecable_friction_contact(ey[i], 0, &c);
        work += c.work;
        printf("  eyelet %c: %s, lambda_T = %.6f N, N = %.6f N, summed slip %.6f mm\n", "BCD"[i],
               c.state ? "slip" : "stick", c.lambda_t, c.lambda_n, 1e3 * c.slip_total);
    }
    printf("  joint angle at F = %g N: %.4f deg (frictionless eyelets: %.4f deg)\n", p->F, a_top * 180.0 / M_PI,
           theta_ref * 180.0 / M_PI);
    printf("  unloading against loading at the same force: largest gap %.4f deg at %.1f N (the loop); at F/2: %.4f deg "
           "loading, %.4f deg unloading\n",
           gap_max * 180.0 / M_PI, F_gap, a_load_mid * 180.0 / M_PI, a_unload_mid * 180.0 / M_PI);
    printf("  at F-min = %g N: %.4f deg; reloaded to F: %.4f deg\n", p->F_min, a_bottom * 180.0 / M_PI, a_end * 180.0 / M_PI);
    printf("  moment balance of the distal phalange, worst over the steps: %.3e; friction work %.6e J; Newton "
           "iterations per step %.2f mean, %d at most\n",
           worst_moment, work, (double)it_sum / nst, it_max);
    st = worst_moment <= 1e-8 ? 0 : 1;
    printf("result: status=%d mu=%g steps=%d angle_top_deg=%.17g angle_frictionless_deg=%.6f angle_load_mid_deg=%.17g "
           "angle_unload_mid_deg=%.17g hysteresis_deg=%.6f hysteresis_at_N=%.1f angle_bottom_deg=%.17g "
           "angle_reload_deg=%.17g moment_rel_err=%.3e work_J=%.17g iter_mean=%.17g iter_max=%d\n",
           st, p->mu, p->steps, a_top * 180.0 / M_PI, theta_ref * 180.0 / M_PI, a_load_mid * 180.0 / M_PI,
           a_unload_mid * 180.0 / M_PI, gap_max * 180.0 / M_PI, F_gap, a_bottom * 180.0 / M_PI, a_end * 180.0 / M_PI,
           worst_moment, work, (double)it_sum / nst, it_max);
    free(a_load);
    alecable_model_destroy(f.m);
    return st;
}

int main(int argc, char **argv)
{
    params p = {40.0, 25.0, 3e9, 7.069, 1000.0, 1.0, 5.0, 1.0, 0.5, 20.0, 20, 0, 0, NULL, NULL, "umfpack", "spqr", NULL,
                0, 0.01, 0.7, 1150.0, 1e-4, 0.1, "hht", NULL, 0.0, 100.0, 0};
    finger f;
    alecable_quasistatic_options o;
    double s0[4], worst_moment = 0.0, worst_free = 0.0, angle = 0.0, spring = 0.0, mcable = 0.0, t0, wall;
    double worst_force = 0.0, theta_ref, s_D_ref = NAN, chord = NAN, Lp_paper = NAN;
    char result[1024];
    int rc, k, it1 = 0, it2 = 0, all_converged = 1, failed_step = 0, solver, start_solver, ok = 0, flow = 0, ref_ok, sD_ok;
    ex_vtk_series vs;
    ex_opt opts[] = {
        {"--k", 'd', &p.k, "torsional stiffness of the joint [N m/rad]"},
        {"--L", 'd', &p.L, "cable length [cm]"},
        {"--E", 'd', &p.E, "Young's modulus [Pa]"},
        {"--A", 'd', &p.A_mm2, "cross-section area [mm^2]"},
        {"--F", 'd', &p.F, "pulling force at the free end [N]"},
        {"--steps", 'i', &p.steps, "load steps"},
        {"--alpha", 'd', &p.alpha, "regularization parameter alpha"},
        {"--phalanx", 'd', &p.Lp, "length of each phalange [cm]"},
        {"--offset", 'd', &p.h, "distance of the cable below the phalanges' axis [cm]"},
        {"--eyelet", 'd', &p.e, "distance of the eyelets B and C from the joint along x [cm]"},
        {"--s-free", 'd', &p.s_free, "material coordinate of the free node M [cm]"},
        {"--start-solver", 's', &p.start_solver, "linear solver of the first load step (slack start): spqr, umfpack, klu, band, auto"},
        {"--solver", 's', &p.solver, "linear solver of the other load steps (see the source's header)"},
        {"--hold-y", 'f', &p.hold_y, "also hold y of the free node M and the end E (a guide along the pull)"},
        {"--history", 'f', &p.history, "print every load step"},
        {"--csv", 's', &p.csv, "write the final per-element strain and axial force along s to this CSV file"},
        {"--vtk", 's', &p.vtk, "write VTK files (soft_finger_NNNNN.vtp: start and every load step) and soft_finger.pvd into this existing directory"},
        {"--vtk-legacy", 'f', &p.vtk_legacy, EX_VTK_LEGACY_HELP},
        {"--shape", 's', &p.shape, "write the final shape (cable nodes, then the phalanges' axes; x, y in mm) to this CSV file"},
        {"--dynamic", 'f', &p.dynamic, "then the force as a step in dynamics: it must settle on the quasistatic angle"},
        {"--phalanx-mass", 'd', &p.m_phalanx, "dynamic: mass of the distal phalanx [kg] (a slender rod)"},
        {"--zeta", 'd', &p.zeta, "dynamic: the joint damper as a damping ratio of the spring and the phalanx"},
        {"--rho", 'd', &p.rho, "dynamic: cable density [kg/m^3]"},
        {"--dt", 'd', &p.dt, "dynamic: time step [s]"},
        {"--t-end", 'd', &p.t_end, "dynamic: simulated time [s]"},
        {"--method", 's', &p.method, "dynamic: newmark, hht (alpha -0.3), bossak, genalpha"},
        {"--dyn-csv", 's', &p.dyn_csv, "dynamic: write t, angle, spring moment, s_B, s_C, s_D to this CSV file"},
        {"--friction", 'd', &p.mu, "stick/slip friction mu in the eyelets B, C, D (> 0: the force is cycled F -> F-min -> F "
                                   "and the angle-force hysteresis printed instead)"},
        {"--F-min", 'd', &p.F_min, "friction: the force the unloading branch goes down to [N]"},
        {NULL, 0, NULL, NULL}};
    rc = ex_parse(argc, argv, opts,
                  "Cable-actuated soft finger (paper 000, sec. 4.4): two rigid phalanges, a revolute joint with\n"
                  "a torsional spring, a cable fastened at the distal tip through eyelets, pulled at its end.");
    if (rc) return rc > 0 ? 0 : 2;
    if (p.steps < 1 || !(p.Lp > 0) || !(p.h > 0) || !(p.e > 0) || !(p.e < p.Lp) || !(p.s_free > 2 * p.Lp) ||
        !(p.L > p.s_free) || !(p.k > 0)) {
        fprintf(stderr, "need steps >= 1, k > 0, 0 < eyelet < phalanx, 2 phalanx < s-free < L\n");
        return 2;
    }
    if (p.dynamic && (!(p.m_phalanx > 0) || !(p.zeta >= 0) || !(p.rho > 0) || !(p.dt > 0) || !(p.t_end > p.dt) ||
                      ex_method(p.method) < 0 || ex_method(p.method) >= ALECABLE_METHOD_SI_BE)) {
        fprintf(stderr, "--dynamic needs phalanx-mass > 0, zeta >= 0, rho > 0, 0 < dt < t-end and an implicit method\n");
        return 2;
    }
    if (!(p.mu >= 0) || (p.mu > 0 && (p.dynamic || !(p.F_min > 0 && p.F_min < p.F)))) {
        fprintf(stderr, "--friction needs mu >= 0, 0 < F-min < F, and no --dynamic\n");
        return 2;
    }
    if ((solver = solver_of(p.solver)) < 0 || (start_solver = solver_of(p.start_solver)) < 0) {
        fprintf(stderr, "unknown --solver %s or --start-solver %s\n", p.solver, p.start_solver);
        return 2;
    }
    /* cm -> m */
    p.L *= 1e-2;
    p.Lp *= 1e-2;
    p.h *= 1e-2;
    p.e *= 1e-2;
    p.s_free *= 1e-2;
    if (p.mu > 0) return run_friction(&p, start_solver, solver);
    {
        params qs = p; /* the quasistatic model has no mass */
        qs.dynamic = 0;
        build(&qs, &f);
    }
    printf("soft_finger: k = %g N m/rad, cable L = %g cm, E = %g Pa, A = %g mm^2, F = %g N, %d load steps, alpha = %g\n"
           "  linear solver %s for the first step (slack start), %s after; M and E %s\n",
           p.k, 1e2 * p.L, p.E, p.A_mm2, p.F, p.steps, p.alpha, p.start_solver, p.solver,
           p.hold_y ? "guided along y" : "free in the plane");
    printf("  geometry (cm, xy-plane): proximal phalange x in [0, %g] fixed, joint J = (%g, 0) about z, distal x in [%g, %g];\n"
           "  cable at y = %g: A = (%g, %g) fastened to the distal tip, eyelets B = (%g, %g) (distal), C = (%g, %g) and\n"
           "  D = (%g, %g) (proximal), free node M at s = %g cm, end E at s = %g cm pulled along -x\n",
           1e2 * p.Lp, 1e2 * p.Lp, 1e2 * p.Lp, 2e2 * p.Lp, -1e2 * p.h, 2e2 * p.Lp, -1e2 * p.h, 1e2 * (p.Lp + p.e),
           -1e2 * p.h, 1e2 * (p.Lp - p.e), -1e2 * p.h, 0.0, -1e2 * p.h, 1e2 * p.s_free, 1e2 * p.L);
    s0[0] = node_s(f.B);
    s0[1] = node_s(f.C);
    s0[2] = node_s(f.D);
    s0[3] = node_s(f.M);
    ex_vtk_begin(&vs, p.vtk, "soft_finger", p.vtk_legacy);
    ex_vtk_frame(&vs, f.m, 0.0);
    if (p.history)
        printf("  step  load  angle [deg]  spring moment [N m]  cable moment [N m]  rel. balance  s_M - s_M0 [m]  iterations\n");
    alecable_quasistatic_options_init(&o);
    o.load_steps = 1;
    o.alpha = p.alpha;
    t0 = ex_now();
    /* one load step per call (identical to one call with p.steps steps) so that
     * every step can be checked and written */
    for (k = 0; k < p.steps; k++) {
        alecable_solve_report rep;
        double rel, dfree;
        int st;
        o.t0 = (double)k / p.steps;
        o.t1 = (double)(k + 1) / p.steps;
        o.linear_solver = k == 0 ? start_solver : solver;
        alecable_solve_report_init(&rep);
        st = alecable_solve_quasistatic(f.m, &o, &rep);
        if (st) {
            all_converged = 0;
            failed_step = k + 1;
            printf("  step %d failed: %s: %s\n", k + 1, alecable_strerror(st), alecable_model_errmsg(f.m));
            break;
        }
        it1 += rep.iterations_stage1;
        it2 += rep.iterations_stage2;
        alecable_revolute_state(f.rev, &angle, &spring);
        mcable = cable_moment(&f);
        dfree = fabs(node_s(f.M) - s0[3]) / s0[3];
        if (dfree > worst_free) worst_free = dfree;
        rel = fabs(cable_force_norm(&f) - o.t1 * p.F) / (o.t1 * p.F);
        if (rel > worst_force) worst_force = rel;
        rel = fabs(mcable + spring) / fabs(spring);
        if (rel > worst_moment) worst_moment = rel;
        if (p.history)
            printf("  %4d  %4.2f  %11.5f  %19.10f  %18.10f  %12.3e  %14.3e  %d + %d\n", k + 1, o.t1, angle * 180.0 / M_PI,
                   spring, mcable, rel, node_s(f.M) - s0[3], rep.iterations_stage1, rep.iterations_stage2);
        ex_vtk_frame(&vs, f.m, o.t1);
    }
    wall = ex_now() - t0;
    if (!all_converged) {
        printf("result: status=1 failed_step=%d\n", failed_step);
        ex_vtk_end(&vs, f.m);
        alecable_model_destroy(f.m);
        return 1;
    }
    ex_vtk_end(&vs, f.m);
    if (p.csv) {
        ex_check(f.m, alecable_write_cable_csv(f.c, p.csv), "write_cable_csv");
        printf("  wrote %s\n", p.csv);
    }
    if (p.shape) write_shape(&p, &f, p.shape);
    {
        alecable_element *el;
        double N, x[3];
        int ne, i;
        alecable_cable_counts(f.c, NULL, &ne);
        printf("  all %d load steps converged in %.3f ms\n", p.steps, 1e3 * wall);
        theta_ref = analytic_angle(&p);
        printf("  final joint angle %.10f rad = %.4f deg; spring moment %.10g N m\n", angle, angle * 180.0 / M_PI, spring);
        if (isnan(theta_ref))
            printf("  analytic angle: none (B has passed C: the phalanges would overlap)\n");
        else
            printf("  analytic angle (frictionless eyelets, tension F): %.10f rad; relative difference %.3e\n",
                   theta_ref, fabs(angle - theta_ref) / fabs(theta_ref));
        printf("  |force of the cable on the distal phalange| / (t F) - 1: worst over the steps %.3e\n", worst_force);
        printf("  moment of the cable forces on the distal phalange about J: %.10g N m\n", mcable);
        printf("  moment balance |M_cable + M_spring| / |M_spring|: final %.3e, worst over the steps %.3e\n",
               fabs(mcable + spring) / fabs(spring), worst_moment);
        printf("  free node M: s = %.12g m (initial %.12g), worst relative change %.3e\n", node_s(f.M), s0[3], worst_free);
        printf("  material flow: s_B %.6f -> %.6f cm, s_C %.6f -> %.6f cm, s_D %.6f -> %.6f cm\n", 1e2 * s0[0],
               1e2 * node_s(f.B), 1e2 * s0[1], 1e2 * node_s(f.C), 1e2 * s0[2], 1e2 * node_s(f.D));
        if (!isnan(theta_ref)) {
            double lam = stretch_at(&p, p.F);
            s_D_ref = s_D_closed(&p, theta_ref, &chord);
            /* the phalanx length that puts D at the paper's 12.05 cm */
            Lp_paper = 0.5 * (S_D_PAPER * lam - chord) + p.e;
        }
        printf("  s_D = %.4f cm; closed form (2 (Lp - e) + |BC|) / stretch = %.4f cm (|BC| = %.4f cm across the joint)\n"
               "  paper 000 sec. 4.4: D at s = %.2f cm (the free node could take \"any other material position between\n"
               "  s = 12.05 cm and s = 25 cm\"); the paper prints no dimensions of the finger: ours are assumed (phalanx\n"
               "  Lp = %g cm, eyelets e = %g cm from the joint, cable h = %g cm below the axis, cable straight along\n"
               "  the phalanges, D at the base): the angle does not depend on Lp, s_D does, and Lp = %.4f cm\n"
               "  would put D at %.2f cm\n",
               1e2 * node_s(f.D), 1e2 * s_D_ref, 1e2 * chord, 1e2 * S_D_PAPER, 1e2 * p.Lp, 1e2 * p.e, 1e2 * p.h,
               1e2 * Lp_paper, 1e2 * S_D_PAPER);
        alecable_node_position(f.E, x);
        printf("  end E at (%.6f, %.6f) cm\n", 1e2 * x[0], 1e2 * x[1]);
        for (i = 0; i < ne; i++) {
            double sa, sb;
            alecable_cable_element(&el, f.c, i);
            alecable_element_axial_force(el, &N);
            alecable_element_interval(el, &sa, &sb);
            printf("  element %d: s in [%8.5f, %8.5f] cm, axial force %.6f N\n", i, 1e2 * sa, 1e2 * sb, N);
        }
        printf("  average Newton iterations: stage 1 %.3f, stage 2 %.3f (paper 000 sec. 4.4: 4 and 1)\n", (double)it1 / p.steps,
               (double)it2 / p.steps);
        flow = fabs(node_s(f.B) - s0[0]) > 1e-9 * p.L && fabs(node_s(f.C) - s0[1]) > 1e-9 * p.L &&
               fabs(node_s(f.D) - s0[2]) > 1e-9 * p.L;
        ref_ok = isnan(theta_ref) || fabs(angle - theta_ref) <= 1e-8 * fabs(theta_ref);
        sD_ok = isnan(s_D_ref) || fabs(node_s(f.D) - s_D_ref) <= 1e-8 * s_D_ref;
        ok = worst_moment <= 1e-8 && worst_free <= 1e-6 && flow && ref_ok && sD_ok;
        printf("  checks: moment balance <= 1e-8 %s, free node s within 1e-6 %s, flow through B, C, D %s, "
               "analytic angle within 1e-8 %s, s_D closed form within 1e-8 %s\n",
               worst_moment <= 1e-8 ? "ok" : "FAILED", worst_free <= 1e-6 ? "ok" : "FAILED", flow ? "ok" : "FAILED",
               isnan(theta_ref) ? "n/a" : ref_ok ? "ok" : "FAILED", isnan(s_D_ref) ? "n/a" : sD_ok ? "ok" : "FAILED");
    }
    snprintf(result, sizeof result, "status=%d steps=%d angle_rad=%.17g angle_deg=%.17g angle_ref_rad=%.10f spring_moment=%.17g "
           "cable_moment=%.10g moment_rel_err=%.3e force_rel_err=%.3e free_node_rel_ds=%.3e s_B_cm=%.17g s_C_cm=%.17g "
           "s_D_cm=%.17g avg_iter_stage1=%.17g avg_iter_stage2=%.17g s_D_closed_cm=%.10f s_D_paper_cm=%.2f "
           "Lp_for_paper_s_D_cm=%.6f",
           ok ? 0 : 1, p.steps, angle, angle * 180.0 / M_PI, theta_ref, spring, mcable, worst_moment, worst_force, worst_free,
           1e2 * node_s(f.B),
           1e2 * node_s(f.C), 1e2 * node_s(f.D), (double)it1 / p.steps, (double)it2 / p.steps, 1e2 * s_D_ref,
           1e2 * S_D_PAPER, 1e2 * Lp_paper);
    if (!p.dynamic || !ok) printf("result: %s\n", result);
    alecable_model_destroy(f.m);
    if (p.dynamic && ok) return run_dynamic(&p, angle, result);
    return ok ? 0 : 1;
}
