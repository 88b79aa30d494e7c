/* smoke-test:  */
/* Paper 000, section 4.3.2: the cable of section 4.3.1 on the same fixed
 * pulley (R = 50 mm, wrap angle pi, n elements B..K on the pulley), now with
 * Coulomb slip friction mu = 0.3 at the interior wrap nodes.  End A is held
 * (x, y, z and s), a traction F = 1000 N pulls node N in -x (N: y, z and s
 * held, x free: the cable end stays the particle s = L).  E = 210 GPa,
 * A = 7.854 mm^2, 40 load steps.
 *
 * The belt (capstan) law gives F1/F2 = exp(mu alpha) at the slip limit; with
 * the paper's corrected wrap angle (eq. 84, no friction at B and K)
 * alpha_corr = pi - pi/n.  The tension ratio approaches exp(mu pi) with order
 * 1 in n (Fig. 14).  The nodal friction law on the polygon of chords gives,
 * node by node, T_right/T_left = (1 + a)/(1 - a), a = mu sin(pi/n)/2, hence
 * the "discrete law" ((1 + a)/(1 - a))^(n - 1), which differs from
 * exp(mu alpha_corr) by O((pi/n)^2). */
#include "common.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct params {
    double R, top, L, s_M, E, A, F, mu, alpha, tol;
    int n, steps, no_m, verbose;
    const char *csv, *vtk;
    int vtk_legacy; /* --vtk-legacy */
} params;

typedef ex_pulley model; /* the sec. 4.3 geometry (common.c) */

typedef struct result {
    double F1, F2, ratio, avg1, avg2, time;
    int it1, it2;
} result;

static void build(const params *p, int n, model *md)
{
    alecable_load *ld;
    double f[3] = {-p->F, 0, 0};
    int i;
    ex_pulley_build(md, p->E, p->A, p->R, p->top, p->L, p->no_m ? 0.0 : p->s_M, n);
    /* slip friction; material flows towards N (the high-s end is pulled) */
    ex_check(md->m, alecable_pulley_friction(NULL, md->m, md->wrap, p->mu, +1), "pulley_friction");
    /* A: clamped (x, y, z, no flow) */
    for (i = ALECABLE_DOF_X; i <= ALECABLE_DOF_S; i++) ex_check(md->m, alecable_fix(NULL, md->m, md->nd[0], i), "fix A");
    /* N: pulled in -x; y, z held; no flow (the end of the cable) */
    for (i = ALECABLE_DOF_Y; i <= ALECABLE_DOF_S; i++)
        ex_check(md->m, alecable_fix(NULL, md->m, md->nd[md->iN], i), "fix N");
    ex_check(md->m, alecable_load_node(&ld, md->m, md->nd[md->iN], f), "load_node N");
    /* M: free in x and s (a dependent material line the regularization holds) */
    if (md->iM >= 0) {
        ex_check(md->m, alecable_fix(NULL, md->m, md->nd[md->iM], ALECABLE_DOF_Y), "fix M y");
        ex_check(md->m, alecable_fix(NULL, md->m, md->nd[md->iM], ALECABLE_DOF_Z), "fix M z");
    }
}

static void destroy(model *md) { ex_pulley_free(md); }

static double force(const model *md, int e)
{
    alecable_element *el;
    double N;
    alecable_cable_element(&el, md->c, e);
    alecable_element_axial_force(el, &N);
    return N;
}

/* Load steps one call at a time (a VTK frame after each). */
static void solve(const params *p, model *md, result *r)
{
    alecable_quasistatic_options o;
    alecable_solve_report rep;
    ex_vtk_series vs;
    int k;
    alecable_quasistatic_options_init(&o);
    o.alpha = p->alpha;
    o.tol_residual = p->tol;
    o.load_steps = 1;
    r->it1 = r->it2 = 0;
    ex_vtk_begin(&vs, p->vtk, "capstan", p->vtk_legacy);
    ex_vtk_frame(&vs, md->m, 0.0);
    r->time = ex_now();
    for (k = 1; k <= p->steps; k++) {
        o.t0 = (double)(k - 1) / p->steps;
        o.t1 = (double)k / p->steps;
        alecable_solve_report_init(&rep);
        ex_check(md->m, alecable_solve_quasistatic(md->m, &o, &rep), "solve_quasistatic");
        r->it1 += rep.iterations_stage1;
        r->it2 += rep.iterations_stage2;
        ex_vtk_frame(&vs, md->m, o.t1);
    }
    r->time = ex_now() - r->time;
    r->avg1 = (double)r->it1 / p->steps;
    r->avg2 = (double)r->it2 / p->steps;
    /* tight branch: the element on the N side of K; slack: A side of B */
    r->F1 = force(md, md->n + 1);
    r->F2 = force(md, 0);
    r->ratio = r->F1 / r->F2;
    ex_vtk_end(&vs, md->m);
}

static double law_exp(double mu, int n)
{
    return exp(mu * (M_PI - M_PI / n));
}

static double law_discrete(double mu, int n)
{
    double a = 0.5 * mu * sin(M_PI / n);
    return pow((1.0 + a) / (1.0 - a), n - 1);
}

static double node_s(const model *md, int i)
{
    double s;
    alecable_node_material(md->nd[i], &s);
    return s;
}

/* Analytic exponential law along s: the wrap B..K (current material
 * coordinates) spans the angle pi; friction acts from half an element after
 * B to half an element before K (eq. 84), anchored at F1 on the tight side. */
static double exp_law_at(const params *p, const model *md, double F1, double s)
{
    double sB = node_s(md, 1), sK = node_s(md, md->n + 1);
    double th = M_PI * (s - sB) / (sK - sB), arg = M_PI - 0.5 * M_PI / md->n - th;
    double acorr = M_PI - M_PI / md->n;
    if (arg < 0) arg = 0;
    if (arg > acorr) arg = acorr;
    return F1 * exp(-p->mu * arg);
}

static int write_csv(const params *p, const model *md, double F1, const char *path)
{
    FILE *f = fopen(path, "w");
    int i, ne;
    if (!f) {
        perror(path);
        return -1;
    }
    alecable_cable_counts(md->c, NULL, &ne);
    fprintf(f, "element,s_a_mm,s_b_mm,s_mid_mm,strain,axial_force_N,exp_law_N\n");
    for (i = 0; i < ne; i++) {
        alecable_element *e;
        double sa, sb, eps, N;
        alecable_cable_element(&e, md->c, i);
        alecable_element_interval(e, &sa, &sb);
        alecable_element_strain(e, &eps);
        alecable_element_axial_force(e, &N);
        fprintf(f, "%d,%.12g,%.12g,%.12g,%.12g,%.12g,%.12g\n", i, 1e3 * sa, 1e3 * sb, 0.5e3 * (sa + sb), eps, N,
                exp_law_at(p, md, F1, 0.5 * (sa + sb)));
    }
    if (fclose(f) != 0) return -1;
    return 0;
}

static void verbose_table(const params *p, const model *md)
{
    int i, n = md->n;
    printf("  wrap node   angle [deg]     s [mm]   N_i [N]   from the tensions [N]   friction mu N_i [N]\n");
    for (i = 0; i <= n; i++) {
        double N, Tl = force(md, i), Tr = force(md, i + 1), th = 90.0 - 180.0 * i / n;
        double xl[3], x[3], xr[3], dl[3], dr[3], nl = 0, nr = 0, geo = 0;
        int k;
        /* the pull of the two elements on the node, T_r d_r - T_l d_l (d: unit
         * chords along increasing s), projected on the inward normal -x/R */
        alecable_node_position(md->nd[i], xl);
        alecable_node_position(md->nd[i + 1], x);
        alecable_node_position(md->nd[i + 2], xr);
        for (k = 0; k < 3; k++) {
            dl[k] = x[k] - xl[k];
            dr[k] = xr[k] - x[k];
            nl += dl[k] * dl[k];
            nr += dr[k] * dr[k];
        }
        for (k = 0; k < 3; k++) geo -= (Tr * dr[k] / sqrt(nr) - Tl * dl[k] / sqrt(nl)) * x[k] / p->R;
        ex_check(md->m, alecable_pulley_normal_force(md->wrap, i, &N), "pulley_normal_force");
        printf("  %9d %13.2f %10.5f %9.4f %23.4f %21.4f\n", i, th, 1e3 * node_s(md, i + 1), N, geo,
               (i == 0 || i == n) ? 0.0 : p->mu * N);
    }
    printf("  element  s_mid [mm]   axial force [N]   exp law [N]\n");
    for (i = 0; i < md->iN; i++) {
        alecable_element *e;
        double sa, sb;
        alecable_cable_element(&e, md->c, i);
        alecable_element_interval(e, &sa, &sb);
        printf("  %7d %11.5f %17.6f %13.6f\n", i, 0.5e3 * (sa + sb), force(md, i),
               exp_law_at(p, md, force(md, md->n + 1), 0.5 * (sa + sb)));
    }
}

static int study(const params *p)
{
    static const int ns[5] = {10, 20, 40, 80, 160};
    double err[5], ratio[5], order_min = INFINITY, order_max = -INFINITY, lim = exp(p->mu * M_PI);
    int k;
    printf("  convergence to exp(mu pi) = %.8f (Fig. 14), %d load steps each\n", lim, p->steps);
    printf("  %4s %12s %12s %12s %12s %12s %8s %9s\n", "n", "F1/F2", "exp(mu a_c)", "rel. dev.", "discrete law",
           "exp(mu pi)-r", "order", "time [s]");
    for (k = 0; k < 5; k++) {
        model md;
        result r;
        build(p, ns[k], &md);
        solve(p, &md, &r);
        ratio[k] = r.ratio;
        err[k] = lim - r.ratio;
        printf("  %4d %12.8f %12.8f %12.3e %12.8f %12.6e", ns[k], r.ratio, law_exp(p->mu, ns[k]),
               r.ratio / law_exp(p->mu, ns[k]) - 1, law_discrete(p->mu, ns[k]), err[k]);
        if (k > 0) {
            double q = log(err[k - 1] / err[k]) / log((double)ns[k] / ns[k - 1]);
            if (q < order_min) order_min = q;
            if (q > order_max) order_max = q;
            printf(" %8.4f", q);
        } else
            printf(" %8s", "");
        printf(" %9.3f\n", r.time);
        fflush(stdout);
        destroy(&md);
    }
    printf("  observed order between successive n: %.4f .. %.4f (paper 000 sec. 4.3.2, Fig. 14: 1)\n", order_min, order_max);
    printf("result: status=0 study=1 steps=%d", p->steps);
    for (k = 0; k < 5; k++) printf(" ratio_n%d=%.8f", ns[k], ratio[k]);
    for (k = 0; k < 5; k++) printf(" error_n%d=%.6e", ns[k], err[k]);
    printf(" order_min=%.4f order_max=%.4f\n", order_min, order_max);
    return 0;
}

int main(int argc, char **argv)
{
    params p;
    double A_mm2 = 7.854, dx, xN[3], sK, sM = 0;
    int rc, do_study = 0;
    model md;
    result r;
    ex_opt opts[] = {
        {"--n", 'i', &p.n, "elements on the pulley (wrap angle pi)"},
        {"--steps", 'i', &p.steps, "load steps (the slip-limit ratio does not depend on them)"},
        {"--mu", 'd', &p.mu, "Coulomb friction coefficient"},
        {"--F", 'd', &p.F, "traction on node N [N] (in -x)"},
        {"--E", 'd', &p.E, "Young's modulus [Pa]"},
        {"--A", 'd', &A_mm2, "cross-section area [mm^2]"},
        {"--alpha", 'd', &p.alpha, "two-stage regularization parameter alpha"},
        {"--tol", 'd', &p.tol, "Newton tolerance: ||r|| <= tol x the step's largest residual"},
        {"--no-m", 'f', &p.no_m, "leave out node M (s = 256.9 mm) of the bottom span"},
        {"--study", 'f', &do_study,
         "run n = 10, 20, 40, 80, 160 and print the ratio, its error to exp(mu pi) and the observed order"},
        {"--verbose", 'f', &p.verbose, "print the normal force at every pulley node and the tension of every element"},
        {"--csv", 's', &p.csv, "write the tension profile (element, s, axial force, exponential law) to this CSV file"},
        {"--vtk", 's', &p.vtk, "write a VTK file per load step (capstan_NNNNN.vtp) and capstan.pvd into this existing folder"},
        {"--vtk-legacy", 'f', &p.vtk_legacy, EX_VTK_LEGACY_HELP},
        {NULL, 0, NULL, NULL}};

    memset(&p, 0, sizeof p);
    p.R = 50e-3;
    p.top = 34.04e-3;
    p.L = 306.9e-3;
    p.s_M = 256.9e-3;
    p.E = 210e9;
    p.F = 1000;
    p.mu = 0.3;
    p.alpha = 1;
    p.tol = 1e-10;
    p.n = 20;
    p.steps = 40;
    rc = ex_parse(argc, argv, opts,
                  "Cable on a fixed pulley with Coulomb slip friction, capstan law (paper 000, sec. 4.3.2).");
    if (rc) return rc > 0 ? 0 : 2;
    if (p.n < 2 || p.steps < 1 || !(p.alpha > 0) || !(p.mu >= 0) || !(p.F > 0)) {
        fprintf(stderr, "--n must be >= 2, --steps >= 1, --alpha > 0, --mu >= 0, --F > 0\n");
        return 2;
    }
    p.A = A_mm2 * 1e-6;
    printf("capstan: R = %g mm, wrap angle pi, L = %g mm, E = %g Pa, A = %g mm^2, F = %g N, mu = %g, alpha = %g, "
           "%d load steps%s\n",
           1e3 * p.R, 1e3 * p.L, p.E, A_mm2, p.F, p.mu, p.alpha, p.steps, p.no_m ? ", no node M" : "");
    if (do_study) return study(&p);

    build(&p, p.n, &md);
    alecable_node_position(md.nd[md.iN], xN);
    dx = xN[0];
    solve(&p, &md, &r);
    alecable_node_position(md.nd[md.iN], xN);
    dx = xN[0] - dx;
    sK = node_s(&md, p.n + 1);
    if (!p.no_m) sM = node_s(&md, p.n + 2);
    printf("  %d elements on the pulley; tight branch F1 = %.6f N (element K-%s), slack branch F2 = %.6f N "
           "(element A-B)\n",
           p.n, r.F1, p.no_m ? "N" : "M", r.F2);
    printf("  F1/F2 = %.8f\n", r.ratio);
    printf("    exp(mu (pi - pi/n)) = %.8f (paper 000 eqs. 83-84, evaluated): relative deviation %+.3e\n", law_exp(p.mu, p.n),
           r.ratio / law_exp(p.mu, p.n) - 1);
    printf("    discrete law ((1+a)/(1-a))^(n-1), a = mu sin(pi/n)/2 = %.8f: relative deviation %+.3e\n",
           law_discrete(p.mu, p.n), r.ratio / law_discrete(p.mu, p.n) - 1);
    printf("    exp(mu pi) = %.8f (n -> infinity): error %.6e\n", exp(p.mu * M_PI), exp(p.mu * M_PI) - r.ratio);
    printf("  displacement of N: %.6f mm; s_K = %.5f mm%s", 1e3 * dx, 1e3 * sK, p.no_m ? "\n" : "");
    if (!p.no_m) printf(", s_M = %.9f mm\n", 1e3 * sM);
    printf("  average Newton iterations: stage 1 %.3f, stage 2 %.3f (paper 000 sec. 4.3.2: 8.525 and none); time %.3f ms\n",
           r.avg1, r.avg2, 1e3 * r.time);
    if (p.verbose) verbose_table(&p, &md);
    if (p.csv) {
        if (write_csv(&p, &md, r.F1, p.csv)) {
            printf("result: status=1\n");
            return 1;
        }
        printf("  wrote %s\n", p.csv);
    }
    printf("result: status=0 n=%d steps=%d F1=%.17g F2=%.17g ratio=%.17g ratio_exp=%.8f rel_dev_exp=%.3e "
           "ratio_discrete=%.8f rel_dev_discrete=%.3e error_exp_mu_pi=%.6e dx_N_mm=%.17g avg_iter_stage1=%.17g "
           "avg_iter_stage2=%.17g\n",
           p.n, p.steps, r.F1, r.F2, r.ratio, law_exp(p.mu, p.n), r.ratio / law_exp(p.mu, p.n) - 1,
           law_discrete(p.mu, p.n), r.ratio / law_discrete(p.mu, p.n) - 1, exp(p.mu * M_PI) - r.ratio, 1e3 * dx,
           r.avg1, r.avg2);
    destroy(&md);
    return 0;
}
