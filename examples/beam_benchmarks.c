/* The classical checks of a geometrically exact beam on the Kirchhoff element
 * (paper 003's element; paper 003 itself has none of these cases, so no
 * figure here is a paper's), each against its reference:
 *   elastica  cantilever under a dead tip load P normal to it, by load steps
 *             from the straight start; the extensible elastica by shooting
 *             (examples/support/beam_reference.c) as the reference;
 *   rollup    cantilever under an end moment M = f 2 pi EI/L: a circular arc,
 *             the closed circle at f = 1 (tip back at the root); the root's
 *             reaction moment is -M;
 *   torsion   straight beam clamped at both ends, one end turned by phi:
 *             twist phi/L and torque GJ phi/L;
 *   helix     a rod whose natural shape has curvature kappa and twist tau,
 *             clamped at one end, no load: the helix of that curvature and
 *             torsion (closed form).
 * Each prints its error; --case all runs the four. */
#include "common.h"
#include "support/beam_reference.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct params {
    double L, EI, GJ, EA;
    int elements, steps;
    double load;     /* elastica: P L^2 / EI */
    double fraction; /* rollup: M / (2 pi EI / L) */
    double phi;      /* torsion: end roll [rad] */
    double kappa, tau; /* helix: natural curvature and twist [1/m] */
    const char *csv, *vtk;
    int vtk_legacy; /* --vtk-legacy */
} params;

static alecable_node *node_of(alecable_model *m, alecable_cable *c, int i)
{
    alecable_node *n;
    ex_check(m, alecable_cable_node(&n, c, i), "cable_node");
    return n;
}

/* a straight Lagrangian Kirchhoff cable along +x, clamped at node 0; with
 * natural = 1 its stress-free shape has p's curvature and twist */
static alecable_model *cantilever(const params *p, int natural, alecable_cable **c, alecable_joint **root)
{
    alecable_model *m;
    alecable_section sec;
    alecable_beam_params bp;
    alecable_clamp_params cp;
    double a[3] = {0, 0, 0}, b[3] = {p->L, 0, 0};
    ex_check(NULL, alecable_model_create(&m, NULL), "model_create");
    alecable_section_init(&sec);
    sec.A = 1e-4;
    sec.E = p->EA / sec.A;
    sec.I = p->EI / sec.E;
    ex_check(m, alecable_cable_create(c, m, ALECABLE_ELEMENT_KIRCHHOFF, &sec), "cable_create");
    ex_check(m, alecable_cable_line(*c, a, b, 0.0, p->L, p->elements), "cable_line");
    alecable_beam_params_init(&bp);
    bp.GJ = p->GJ;
    if (natural) {
        bp.kappa3 = p->kappa;
        bp.twist = p->tau;
    }
    ex_check(m, alecable_cable_set_beam(*c, &bp), "cable_set_beam");
    ex_check(m, alecable_cable_set_lagrangian(*c, 1), "set_lagrangian");
    alecable_clamp_params_init(&cp);
    ex_check(m, alecable_clamp(root, m, node_of(m, *c, 0), &cp), "clamp");
    return m;
}

static int solve(alecable_model *m, int steps, alecable_solve_report *rep)
{
    alecable_quasistatic_options o;
    int st;
    alecable_quasistatic_options_init(&o);
    o.clock = ALECABLE_CLOCK_LOAD_FACTOR; /* the clamped ends turn with the load factor */
    o.load_steps = steps;
    o.regularization = ALECABLE_REG_NONE;
    o.linear_solver = ALECABLE_LINSOLVE_AUTO;
    alecable_solve_report_init(rep);
    st = alecable_solve_quasistatic(m, &o, rep);
    if (st) printf("  solve failed: %s\n", alecable_model_errmsg(m));
    return st;
}

static void outputs(const params *p, alecable_model *m, alecable_cable *c)
{
    if (p->csv) ex_check(m, alecable_write_cable_csv(c, p->csv), "write_cable_csv");
    if (p->vtk) ex_vtk_write(m, p->vtk, p->vtk_legacy);
}

/* relative error of the tip position */
static double run_elastica(const params *p, int *status)
{
    alecable_cable *c;
    alecable_joint *root;
    alecable_model *m = cantilever(p, 0, &c, &root);
    alecable_solve_report rep;
    double P = p->load * p->EI / (p->L * p->L), f[3] = {0, P, 0}, x[3], xr, yr, phr, err;
    ex_check(m, alecable_load_node(NULL, m, node_of(m, c, p->elements), f), "load_node");
    *status = solve(m, p->steps, &rep);
    alecable_node_position(node_of(m, c, p->elements), x);
    if (br_elastica_tip(p->L, p->EI, p->EA, 0.0, P, &xr, &yr, &phr)) printf("  (the reference's shooting did not converge)\n");
    err = hypot(x[0] - xr, x[1] - yr) / hypot(xr, yr);
    printf("elastica  P L^2/EI = %g, %d elements, %d steps (%d Newton iterations)\n", p->load, p->elements, p->steps,
           rep.iterations_stage1);
    printf("  tip (%.10f, %.10f) m, elastica (%.10f, %.10f) m: relative error %.3g\n", x[0], x[1], xr, yr, err);
    outputs(p, m, c);
    alecable_model_destroy(m);
    return err;
}

/* distance of the tip from its arc position / L; *moment_err: root reaction
 * against -M */
static double run_rollup(const params *p, int *status, double *moment_err)
{
    alecable_cable *c;
    alecable_joint *root;
    alecable_model *m = cantilever(p, 0, &c, &root);
    alecable_solve_report rep;
    double M = p->fraction * 2.0 * M_PI * p->EI / p->L, mv[3] = {0, 0, M}, x[3], xr, yr, phr, F[3], R[3], gap;
    ex_check(m, alecable_load_node_moment(NULL, m, node_of(m, c, p->elements), mv, 0), "load_node_moment");
    *status = solve(m, p->steps, &rep);
    alecable_node_position(node_of(m, c, p->elements), x);
    br_rollup(p->L, p->EI, M, &xr, &yr, &phr);
    gap = hypot(x[0] - xr, x[1] - yr) / p->L;
    ex_check(m, alecable_clamp_reaction(root, F, R), "clamp_reaction");
    *moment_err = fabs(R[2] + M) / M;
    printf("rollup    M = %g x 2 pi EI/L, %d elements, %d steps (%d Newton iterations)\n", p->fraction, p->elements,
           p->steps, rep.iterations_stage1);
    printf("  tip (%.3e, %.3e) m, arc (%.3e, %.3e) m: distance %.3g L; root moment %.10g N m (-M = %.10g)\n", x[0],
           x[1], xr, yr, gap, R[2], -M);
    outputs(p, m, c);
    alecable_model_destroy(m);
    return gap;
}

static double PHI;
static int turned_end(void *user, double t, double x[3], double R[9], double v[3], double w[3], double a[3],
                      double al[3])
{
    double L = *(const double *)user, c = cos(PHI * t), s = sin(PHI * t);
    memset(R, 0, 9 * sizeof *R);
    memset(v, 0, 3 * sizeof *v);
    memset(a, 0, 3 * sizeof *a);
    memset(al, 0, 3 * sizeof *al);
    x[0] = L;
    x[1] = x[2] = 0.0;
    R[0] = 1.0;
    R[4] = c;
    R[5] = -s;
    R[7] = s;
    R[8] = c;
    w[0] = PHI;
    w[1] = w[2] = 0.0;
    return 0;
}

/* largest relative error of twist and torque over the elements */
static double run_torsion(const params *p, int *status)
{
    alecable_cable *c;
    alecable_joint *root;
    alecable_model *m = cantilever(p, 0, &c, &root);
    alecable_clamp_params cp;
    alecable_solve_report rep;
    alecable_beam_section_state s;
    double L = p->L, twist, torque, err = 0.0;
    int e;
    PHI = p->phi;
    alecable_clamp_params_init(&cp);
    cp.motion = turned_end;
    cp.motion_user = &L;
    ex_check(m, alecable_clamp(NULL, m, node_of(m, c, p->elements), &cp), "clamp");
    *status = solve(m, p->steps, &rep);
    twist = p->phi / p->L;
    torque = p->GJ * twist;
    alecable_beam_section_state_init(&s);
    for (e = 0; e < p->elements; e++) {
        alecable_element *el;
        ex_check(m, alecable_cable_element(&el, c, e), "cable_element");
        ex_check(m, alecable_element_section(el, 0.5, &s), "element_section");
        err = fmax(err, fmax(fabs(s.twist - twist) / twist, fabs(s.torque - torque) / torque));
    }
    printf("torsion   phi = %g rad, %d elements, %d steps (%d Newton iterations)\n", p->phi, p->elements, p->steps,
           rep.iterations_stage1);
    printf("  twist %.12g rad/m (phi/L %.12g), torque %.12g N m (GJ phi/L %.12g): relative error %.3g\n", s.twist,
           twist, s.torque, torque, err);
    outputs(p, m, c);
    alecable_model_destroy(m);
    return err;
}

/* largest node distance from the helix / L */
static double run_helix(const params *p, int *status)
{
    alecable_cable *c;
    alecable_joint *root;
    alecable_model *m;
    alecable_solve_report rep;
    double err = 0.0;
    int i;
    m = cantilever(p, 1, &c, &root);
    /* start on the helix, the frames turned by the twist accumulated from
     * the root (the cable is built untwisted) */
    for (i = 0; i <= p->elements; i++) {
        double s = p->L * i / p->elements, x[3], t1[3];
        alecable_node *n = node_of(m, c, i);
        br_helix(p->kappa, p->tau, s, x, t1, NULL);
        ex_check(m, alecable_node_set(n, x, s), "node_set");
        ex_check(m, alecable_node_set_slope(n, t1), "node_set_slope");
    }
    ex_check(m, alecable_model_finalize(m), "finalize");
    for (i = 0; i <= p->elements; i++) {
        double s = p->L * i / p->elements, R[9], x[3], t1[3], nrm[3], ang;
        alecable_node *n = node_of(m, c, i);
        /* the helix's normal at s against the node's untwisted t2 */
        br_helix(p->kappa, p->tau, s, x, t1, nrm);
        ex_check(m, alecable_node_frame(n, R), "node_frame");
        ang = atan2(nrm[0] * R[2] + nrm[1] * R[5] + nrm[2] * R[8], nrm[0] * R[1] + nrm[1] * R[4] + nrm[2] * R[7]);
        ex_check(m, alecable_node_set_roll(n, ang), "node_set_roll");
    }
    *status = solve(m, p->steps, &rep);
    for (i = 0; i <= p->elements; i++) {
        double s = p->L * i / p->elements, x[3], xr[3], t1[3];
        alecable_node_position(node_of(m, c, i), x);
        br_helix(p->kappa, p->tau, s, xr, t1, NULL);
        err = fmax(err, sqrt((x[0] - xr[0]) * (x[0] - xr[0]) + (x[1] - xr[1]) * (x[1] - xr[1]) +
                             (x[2] - xr[2]) * (x[2] - xr[2])) /
                            p->L);
    }
    printf("helix     kappa = %g, tau = %g 1/m, %d elements (%d Newton iterations)\n", p->kappa, p->tau, p->elements,
           rep.iterations_stage1);
    printf("  largest node distance from the helix: %.3g L\n", err);
    outputs(p, m, c);
    alecable_model_destroy(m);
    return err;
}

int main(int argc, char **argv)
{
    params p = {1.0, 1.0, 0.7, 1e7, 20, 20, 10.0, 1.0, 7.5, 2.0, 1.0, NULL, NULL, 0};
    const char *which = "all";
    double e_el = -1, e_ru = -1, e_rm = -1, e_to = -1, e_he = -1, t0 = ex_now();
    int st = 0, s1 = 0, rc, all;
    ex_opt opts[] = {
        {"--case", 's', &which, "elastica, rollup, torsion, helix or all"},
        {"--L", 'd', &p.L, "length [m]"},
        {"--EI", 'd', &p.EI, "bending stiffness [N m^2]"},
        {"--GJ", 'd', &p.GJ, "torsional stiffness [N m^2]"},
        {"--EA", 'd', &p.EA, "axial stiffness [N]"},
        {"--elements", 'i', &p.elements, "elements"},
        {"--steps", 'i', &p.steps, "load steps"},
        {"--load", 'd', &p.load, "elastica: tip load P L^2 / EI"},
        {"--fraction", 'd', &p.fraction, "rollup: end moment / (2 pi EI / L) (1: the closed circle)"},
        {"--phi", 'd', &p.phi, "torsion: end roll [rad]"},
        {"--kappa", 'd', &p.kappa, "helix: natural curvature [1/m]"},
        {"--tau", 'd', &p.tau, "helix: natural twist [rad/m]"},
        {"--csv", 's', &p.csv, "write the last case's cable (elements, twist, moments) to this CSV file"},
        {"--vtk", 's', &p.vtk, "write the last case's final state to this VTK XML file (.vtp; section axes as vectors)"},
        {"--vtk-legacy", 'f', &p.vtk_legacy, EX_VTK_LEGACY_HELP},
        {NULL, 0, NULL, NULL}};
    rc = ex_parse(argc, argv, opts, "Kirchhoff beam (paper 003's element) on classical checks paper 003 does not contain: elastica (our\n"
                  "shooting reference), roll-up, pure torsion, helix (closed forms).");
    if (rc) return rc > 0 ? 0 : 2;
    all = strcmp(which, "all") == 0;
    if (!all && strcmp(which, "elastica") && strcmp(which, "rollup") && strcmp(which, "torsion") &&
        strcmp(which, "helix")) {
        fprintf(stderr, "--case %s: expected elastica, rollup, torsion, helix or all\n", which);
        return 2;
    }
    if (p.elements < 1 || p.steps < 1 || !(p.L > 0) || !(p.EI > 0) || !(p.GJ > 0) || !(p.EA > 0)) {
        fprintf(stderr, "--elements and --steps must be >= 1, L, EI, GJ, EA > 0\n");
        return 2;
    }
    if (all || !strcmp(which, "elastica")) {
        e_el = run_elastica(&p, &s1);
        st = st ? st : s1;
    }
    if (all || !strcmp(which, "rollup")) {
        e_ru = run_rollup(&p, &s1, &e_rm);
        st = st ? st : s1;
    }
    if (all || !strcmp(which, "torsion")) {
        e_to = run_torsion(&p, &s1);
        st = st ? st : s1;
    }
    if (all || !strcmp(which, "helix")) {
        e_he = run_helix(&p, &s1);
        st = st ? st : s1;
    }
    printf("wall time %.3f s\n", ex_now() - t0);
    printf("result: status=%d case=%s elements=%d elastica_tip_err=%.3e rollup_gap=%.17g rollup_moment_err=%.17g "
           "torsion_err=%.17g helix_err=%.3e\n",
           st, which, p.elements, e_el, e_ru, e_rm, e_to, e_he);
    return st ? 1 : 0;
}
