/* smoke-test:  */
/* Paper 000, section 4.3.1: frictionless cable on a pulley.  A pulley of
 * radius 50 mm, centred at the origin, fixed and with its rotation blocked,
 * carries a cable over half a turn: the nodes B..K (20 elements) are held on
 * the circle, their material coordinates free.  The top span A-B (one
 * element, 34.04 mm) leaves B = (0, R) in -x, the bottom span K-M-N (two
 * elements, 115.78 mm) leaves K = (0, -R) in -x; node M (s = 256.9 mm) is
 * free in x only.  L = 306.9 mm, E = 3 GPa, A = 7.069 mm^2.  End A moves
 * +10 mm and end N -20 mm in x in 20 load steps, no flow at both ends.
 * Paper: s_M stays 256.9 mm, final s_K = 175.4 mm, a constant strain in the
 * last two elements (Fig. 12; frictionless, it is the same in every element:
 * our closed-form check), s decreases at every pulley node (Fig. 11b), and
 * the average Newton iterations of the two regularized stages are 4 and 1.
 * s_K is checked against the uniform stretch over the chord polygon (1e-6
 * mm), and against the paper's 175.4 mm within its rounding plus the chord
 * polygon's discretization error (see below). */
#include "common.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct params {
    double R, top, L, s_M, E, A, dA, dN, alpha, tol;
    int n, steps;
    const char *csv, *vtk;
    int vtk_legacy; /* --vtk-legacy */
} params;

typedef ex_pulley model; /* the sec. 4.3 geometry (common.c) */

static void build(const params *p, model *md)
{
    int i;
    ex_pulley_build(md, p->E, p->A, p->R, p->top, p->L, p->s_M, p->n);
    /* ends: x prescribed, y, z held, no flow */
    ex_check(md->m, alecable_prescribe(NULL, md->m, md->nd[0], ALECABLE_DOF_X, p->dA), "prescribe A");
    ex_check(md->m, alecable_prescribe(NULL, md->m, md->nd[md->iN], ALECABLE_DOF_X, p->dN), "prescribe N");
    for (i = ALECABLE_DOF_Y; i <= ALECABLE_DOF_S; i++) {
        ex_check(md->m, alecable_fix(NULL, md->m, md->nd[0], i), "fix A");
        ex_check(md->m, alecable_fix(NULL, md->m, md->nd[md->iN], i), "fix N");
    }
    /* M: free in x (and s), held in y and z */
    ex_check(md->m, alecable_fix(NULL, md->m, md->nd[md->iM], ALECABLE_DOF_Y), "fix M y");
    ex_check(md->m, alecable_fix(NULL, md->m, md->nd[md->iM], ALECABLE_DOF_Z), "fix M z");
}

static double node_s(alecable_node *n)
{
    double s;
    alecable_node_material(n, &s);
    return s;
}

int main(int argc, char **argv)
{
    params p;
    double A_mm2 = 7.069, dA_mm = 10, dN_mm = -20;
    model md;
    alecable_quasistatic_options o;
    alecable_solve_report rep;
    double *s_prev, s_M0, s_M_dev = 0, min_decrease = INFINITY, eps_min = INFINITY, eps_max = -INFINITY, eps_mean = 0;
    double spread, s_K, s_K_chord, s_K_arc, s_M, t0, avg1, avg2, disc, tol_paper = NAN;
    int rc, i, k, ne, it1 = 0, it2 = 0, violations = 0, ok, paper;
    ex_vtk_series vs;
    ex_opt opts[] = {
        {"--elements", 'i', &p.n, "elements on the pulley (wrap angle pi)"},
        {"--steps", 'i', &p.steps, "load steps"},
        {"--alpha", 'd', &p.alpha, "two-stage regularization parameter alpha"},
        {"--tol", 'd', &p.tol, "Newton tolerance: ||r|| <= tol x the step's largest residual"},
        {"--E", 'd', &p.E, "Young's modulus [Pa]"},
        {"--A", 'd', &A_mm2, "cross-section area [mm^2]"},
        {"--dA", 'd', &dA_mm, "imposed x displacement of end A [mm]"},
        {"--dN", 'd', &dN_mm, "imposed x displacement of end N [mm]"},
        {"--csv", 's', &p.csv, "write the final element table (s, strain, axial force) to this CSV file"},
        {"--vtk", 's', &p.vtk,
         "write a VTK file per load step (pulley_frictionless_NNNNN.vtp) and pulley_frictionless.pvd into this "
         "existing folder"},
        {"--vtk-legacy", 'f', &p.vtk_legacy, EX_VTK_LEGACY_HELP},
        {NULL, 0, NULL, NULL}};

    p.R = 50e-3;
    p.top = 34.04e-3;
    p.L = 306.9e-3;
    p.s_M = 256.9e-3;
    p.E = 3e9;
    p.alpha = 1;
    p.tol = 1e-10;
    p.n = 20;
    p.steps = 20;
    p.csv = p.vtk = NULL;
    p.vtk_legacy = 0;
    rc = ex_parse(argc, argv, opts, "Frictionless cable on a fixed pulley, ends pulled (paper 000, sec. 4.3.1).");
    if (rc) return rc > 0 ? 0 : 2;
    if (p.n < 2 || p.steps < 1 || !(p.alpha > 0)) {
        fprintf(stderr, "--elements must be >= 2, --steps >= 1, --alpha > 0\n");
        return 2;
    }
    p.A = A_mm2 * 1e-6;
    p.dA = dA_mm * 1e-3;
    p.dN = dN_mm * 1e-3;

    build(&p, &md);
    s_prev = (double *)calloc((size_t)p.n + 1, sizeof *s_prev);
    if (!s_prev) return 1;
    for (i = 0; i <= p.n; i++) s_prev[i] = node_s(md.nd[1 + i]);
    s_M0 = node_s(md.nd[md.iM]);
    ex_vtk_begin(&vs, p.vtk, "pulley_frictionless", p.vtk_legacy);
    ex_vtk_frame(&vs, md.m, 0.0);

    printf("pulley_frictionless: R = %g mm, %d elements on the pulley, L = %g mm, E = %g Pa, A = %g mm^2, "
           "alpha = %g, %d load steps\n",
           1e3 * p.R, p.n, 1e3 * p.L, p.E, A_mm2, p.alpha, p.steps);
    printf("  end A: dx = %+g mm, end N: dx = %+g mm; initial s_K = %.4f mm\n", dA_mm, dN_mm,
           1e3 * node_s(md.nd[1 + p.n]));
    printf("  %4s %7s %11s %11s %11s %12s %6s\n", "step", "t", "s_B [mm]", "s_mid [mm]", "s_K [mm]", "s_M [mm]",
           "iter");

    /* one call per load step, so that s at the pulley nodes is seen after each */
    alecable_quasistatic_options_init(&o);
    o.clock = ALECABLE_CLOCK_LOAD_FACTOR; /* A and N move with the load factor */
    o.alpha = p.alpha;
    o.tol_residual = p.tol;
    o.load_steps = 1;
    t0 = ex_now();
    for (k = 1; k <= p.steps; k++) {
        o.t0 = (double)(k - 1) / p.steps;
        o.t1 = (double)k / p.steps;
        alecable_solve_report_init(&rep);
        ex_check(md.m, alecable_solve_quasistatic(md.m, &o, &rep), "solve_quasistatic");
        it1 += rep.iterations_stage1;
        it2 += rep.iterations_stage2;
        for (i = 0; i <= p.n; i++) {
            double s = node_s(md.nd[1 + i]), d = s_prev[i] - s;
            if (!(d > 0)) violations++;
            if (d < min_decrease) min_decrease = d;
            s_prev[i] = s;
        }
        s_M = node_s(md.nd[md.iM]);
        if (fabs(s_M - s_M0) > s_M_dev) s_M_dev = fabs(s_M - s_M0);
        printf("  %4d %7.4f %11.6f %11.6f %11.6f %12.8f %3d+%d\n", k, o.t1, 1e3 * s_prev[0], 1e3 * s_prev[p.n / 2],
               1e3 * s_prev[p.n], 1e3 * s_M, rep.iterations_stage1, rep.iterations_stage2);
        ex_vtk_frame(&vs, md.m, o.t1);
    }
    t0 = ex_now() - t0;
    avg1 = (double)it1 / p.steps;
    avg2 = (double)it2 / p.steps;

    alecable_cable_counts(md.c, NULL, &ne);
    for (i = 0; i < ne; i++) {
        alecable_element *e;
        double eps;
        alecable_cable_element(&e, md.c, i);
        alecable_element_strain(e, &eps);
        if (eps < eps_min) eps_min = eps;
        if (eps > eps_max) eps_max = eps;
        eps_mean += eps / ne;
    }
    spread = (eps_max - eps_min) / fabs(eps_mean);
    s_K = node_s(md.nd[1 + p.n]);
    s_M = node_s(md.nd[md.iM]);
    {
        alecable_element *e;
        double N;
        alecable_cable_element(&e, md.c, 0);
        alecable_element_axial_force(e, &N);
        /* uniform stretch: s_K = L (length A..K) / (length A..N), the wrap
         * measured along the chords of the mesh, or along the arc (paper) */
        double top = p.top - p.dA, bottom = p.L - (p.top + M_PI * p.R) - p.dN;
        double chords = 2.0 * p.n * p.R * sin(0.5 * M_PI / p.n), arc = M_PI * p.R;
        s_K_chord = p.L * (top + chords) / (top + chords + bottom);
        s_K_arc = p.L * (top + arc) / (top + arc + bottom);
        printf("  final: s_K = %.4f mm (paper 000 sec. 4.3.1: 175.4; closed form, uniform stretch along the chords "
               "%.4f mm, along the arc %.4f mm)\n",
               1e3 * s_K, 1e3 * s_K_chord, 1e3 * s_K_arc);
        printf("         s_M = %.9f mm (paper 000 sec. 4.3.1: 256.9; max deviation over the steps %.3e mm)\n", 1e3 * s_M,
               1e3 * s_M_dev);
        printf("  strain %.9e in all %d elements: (max - min)/|mean| = %.3e; axial force %.6f N\n", eps_mean, ne,
               spread, N);
    }
    printf("  s at the %d pulley nodes decreases at every step: %s (smallest decrease %.6f mm)\n", p.n + 1,
           violations ? "NO" : "yes", 1e3 * min_decrease);
    printf("  average Newton iterations: stage 1 %.3f, stage 2 %.3f (paper 000 sec. 4.3.1: 4 and 1); time %.3f ms\n", avg1, avg2,
           1e3 * t0);
    /* Any setup must give the uniform stretch over the chord polygon.  The
     * paper's s_K = 175.4 mm is for its setup (+10 / -20 mm, E, A as printed);
     * its gap to our s_K is explained by two things: the mesh's wrap is the
     * chord polygon, shorter than the arc by ~pi^3 R / (24 n^2), which moves
     * s_K by disc = s_K(arc) - s_K(chords) (0.067 mm at n = 20, falling as
     * 1/n^2: 0.017, 0.0042, 0.0011 mm at 40, 80, 160), and the paper prints
     * one decimal (+-0.05 mm).  The arc's closed form, 175.4043 mm, is within
     * that rounding of 175.4.  Acceptance: |s_K - 175.4| <= 0.05 mm + 1 x disc
     * (0.117 mm at n = 20, where the gap is 0.063 mm; 0.2 mm before). */
    paper = dA_mm == 10 && dN_mm == -20 && p.E == 3e9 && A_mm2 == 7.069;
    disc = fabs(s_K_arc - s_K_chord);
    if (paper) tol_paper = 0.05e-3 + disc;
    ok = s_M_dev <= 1e-9 && fabs(s_K - s_K_chord) <= 1e-9 && (!paper || fabs(s_K - 0.1754) <= tol_paper) &&
         spread <= 1e-8 && violations == 0;
    printf("  s_K discretization: the chords shorten the wrap, s_K(arc) - s_K(chords) = %.4f mm at %d elements "
           "(O(1/n^2))\n",
           1e3 * disc, p.n);
    if (paper)
        printf("  paper 000 sec. 4.3.1's s_K = 175.4 mm (printed to 0.1 mm): |s_K - 175.4| = %.4f mm <= 0.05 mm "
               "(rounding) + 1 x %.4f mm (discretization) = %.4f mm\n",
               1e3 * fabs(s_K - 0.1754), 1e3 * disc, 1e3 * tol_paper);
    printf("  checks (s_M to 1e-6 mm, s_K = uniform stretch to 1e-6 mm%s, strain spread <= 1e-8, monotonic s): "
           "%s\n",
           paper ? ", s_K vs the paper's within rounding + discretization" : "", ok ? "pass" : "FAIL");

    if (p.csv) {
        ex_check(md.m, alecable_write_cable_csv(md.c, p.csv), "write_cable_csv");
        printf("  wrote %s\n", p.csv);
    }
    ex_vtk_end(&vs, md.m);
    printf("result: status=%d elements=%d steps=%d s_K_mm=%.17g s_M_mm=%.17g s_M_dev_mm=%.3e strain=%.17g "
           "s_K_chord_mm=%.6f strain_spread=%.3e monotonic=%d min_decrease_mm=%.6f avg_iter_stage1=%.17g avg_iter_stage2=%.17g "
           "checks=%s s_K_arc_mm=%.6f s_K_disc_mm=%.3e s_K_paper_tol_mm=%.3e\n",
           ok ? 0 : 1, p.n, p.steps, 1e3 * s_K, 1e3 * s_M, 1e3 * s_M_dev, eps_mean, 1e3 * s_K_chord, spread, violations == 0, 1e3 * min_decrease,
           avg1, avg2, ok ? "pass" : "fail", 1e3 * s_K_arc, 1e3 * disc, 1e3 * tol_paper);
    free(s_prev);
    ex_pulley_free(&md);
    return ok ? 0 : 1; /* a failed check fails the run, as in the other examples */
}
