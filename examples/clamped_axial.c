/* Paper 000, section 4.2: clamped-clamped cable under a uniform axial
 * distributed load.  With 2 ALE elements the middle node finds the
 * energy-optimal mesh: s = 5.41 mm, x = 5.81 mm (paper). */
#include "common.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct params {
    double E, A, L, b0, alpha, rank_tol, tol;
    int steps, lagrangian, no_reg, history, plain;
} params;

typedef struct solution {
    int n;          /* nodes */
    double *s, *x;  /* material and spatial coordinate (m) */
    double w;       /* potential energy */
    double avg1, avg2;
    int status;
    char msg[256];
} solution;

/* Solves the cable with n_el elements whose interior nodes start at
 * (s_init, x_init) (NULL: uniform, undeformed). */
static void solve(const params *p, int n_el, const double *s_init, const double *x_init, int lagrangian, int steps,
                  solution *out)
{
    alecable_model *m;
    alecable_cable *c;
    alecable_section sec;
    alecable_quasistatic_options o;
    alecable_solve_report rep;
    alecable_load *ld;
    int i, st;
    double b[3] = {p->b0, 0, 0}, wi, we;

    ex_check(NULL, alecable_model_create(&m, NULL), "model_create");
    alecable_section_init(&sec);
    sec.E = p->E;
    sec.A = p->A;
    ex_check(m, alecable_cable_create(&c, m, ALECABLE_ELEMENT_AXIAL, &sec), "cable_create");
    for (i = 0; i <= n_el; i++) {
        double s = (i == n_el) ? p->L : (s_init && i > 0 ? s_init[i - 1] : p->L * i / n_el);
        double x[3] = {(i == n_el) ? p->L : (x_init && i > 0 ? x_init[i - 1] : s), 0, 0};
        alecable_node *nd;
        ex_check(m, alecable_cable_add_node(&nd, c, x, s), "cable_add_node");
        if (i == 0 || i == n_el || lagrangian) ex_check(m, alecable_fix(NULL, m, nd, ALECABLE_DOF_S), "fix s");
        if (i == 0 || i == n_el) ex_check(m, alecable_fix(NULL, m, nd, ALECABLE_DOF_X), "fix x");
        /* 1D problem in 3D: transverse motion held */
        ex_check(m, alecable_fix(NULL, m, nd, ALECABLE_DOF_Y), "fix y");
        ex_check(m, alecable_fix(NULL, m, nd, ALECABLE_DOF_Z), "fix z");
    }
    ex_check(m, alecable_load_distributed(&ld, m, c, b), "load_distributed");
    alecable_quasistatic_options_init(&o);
    o.load_steps = steps;
    o.alpha = p->alpha;
    o.rank_tol = p->rank_tol;
    o.tol_residual = p->tol;
    o.regularization = (p->no_reg || lagrangian) ? ALECABLE_REG_NONE : ALECABLE_REG_TWO_STAGE;
    if (p->plain) o.globalization = ALECABLE_GLOBAL_NONE;
    alecable_solve_report_init(&rep);
    st = alecable_solve_quasistatic(m, &o, &rep);
    out->status = st;
    snprintf(out->msg, sizeof out->msg, "%s", alecable_model_errmsg(m));
    out->n = n_el + 1;
    if (p->history && steps > 1) {
        int k, stage, j;
        for (k = 0; k < rep.steps_completed; k++) {
            int it1, it2, nd;
            alecable_report_step(m, k, &it1, &it2, &nd);
            printf("  step %2d: iterations %d + %d, dependent lines %d; ||r||:", k + 1, it1, it2, nd);
            for (stage = 1; stage <= 2; stage++) {
                const double *h;
                int cnt;
                if (alecable_report_residuals(m, k, stage, &h, &cnt)) continue;
                printf(" [");
                for (j = 0; j < cnt; j++) printf(" %.2e", h[j]);
                printf(" ]");
            }
            printf("\n");
        }
    }
    out->s = (double *)malloc(sizeof(double) * (size_t)out->n);
    out->x = (double *)malloc(sizeof(double) * (size_t)out->n);
    for (i = 0; i <= n_el; i++) {
        alecable_node *nd;
        double x[3];
        alecable_cable_node(&nd, c, i);
        alecable_node_material(nd, &out->s[i]);
        alecable_node_position(nd, x);
        out->x[i] = x[0];
    }
    alecable_model_energy(m, &wi, &we);
    out->w = wi + we;
    out->avg1 = rep.avg_iterations_stage1;
    out->avg2 = rep.avg_iterations_stage2;
    alecable_model_destroy(m);
}

static void free_solution(solution *s)
{
    free(s->s);
    free(s->x);
}

/* u = x - s of a solution, interpolated linearly in s */
static double u_at(const solution *sol, double s)
{
    int i;
    for (i = 0; i + 1 < sol->n; i++)
        if (s <= sol->s[i + 1] || i + 2 == sol->n) {
            double w = (s - sol->s[i]) / (sol->s[i + 1] - sol->s[i]);
            return (1 - w) * (sol->x[i] - sol->s[i]) + w * (sol->x[i + 1] - sol->s[i + 1]);
        }
    return 0.0;
}

int main(int argc, char **argv)
{
    params p = {1e9, 0, 10, 1e5, 100, 0, 1e-10, 40, 0, 0, 0, 0};
    double A_mm2 = M_PI, L_mm = 10, s0_mm = 5, x0_mm = -1;
    int elements = 2, reference = 0, scan = 0;
    const char *csv = NULL;
    solution sol, ref;
    double max_err = -1, t0;
    int i, rc;
    ex_opt opts[] = {
        {"--E", 'd', &p.E, "Young's modulus [Pa]"},
        {"--A", 'd', &A_mm2, "cross-section area [mm^2]"},
        {"--L", 'd', &L_mm, "cable length [mm]"},
        {"--b0", 'd', &p.b0, "axial distributed load [N/m]"},
        {"--elements", 'i', &elements, "number of ALE elements"},
        {"--s0", 'd', &s0_mm, "initial material coordinate of the middle node [mm] (2 elements)"},
        {"--x0", 'd', &x0_mm, "initial position of the middle node [mm] (default: = s0)"},
        {"--alpha", 'd', &p.alpha, "regularization parameter alpha"},
        {"--steps", 'i', &p.steps, "load steps"},
        {"--rank-tol", 'd', &p.rank_tol, "SPQR rank tolerance on the column-scaled tangent (0: SPQR default)"},
        {"--tol", 'd', &p.tol, "relative residual tolerance"},
        {"--lagrangian", 'f', &p.lagrangian, "fix every material coordinate (plain Lagrangian mesh)"},
        {"--no-reg", 'f', &p.no_reg, "disable the two-stage regularization"},
        {"--plain", 'f', &p.plain, "paper 000's plain Newton (options.globalization = NONE)"},
        {"--history", 'f', &p.history, "print the residual history of every load step"},
        {"--reference", 'i', &reference, "elements of a Lagrangian reference solution (0: none)"},
        {"--scan", 'i', &scan, "points of a Lagrangian 2-element energy scan over s_mid (0: none)"},
        {"--csv", 's', &csv, "write s, x, u of the solution's nodes to this CSV file"},
        {NULL, 0, NULL, NULL}};
    rc = ex_parse(argc, argv, opts, "Clamped-clamped ALE cable under axial distributed load (paper 000, sec. 4.2).");
    if (rc) return rc > 0 ? 0 : 2;
    if (elements < 1 || p.steps < 1) {
        fprintf(stderr, "--elements and --steps must be >= 1\n");
        return 2;
    }
    p.A = A_mm2 * 1e-6;
    p.L = L_mm * 1e-3;
    if (x0_mm < 0) x0_mm = s0_mm;
    {
        double s_mid = s0_mm * 1e-3, x_mid = x0_mm * 1e-3;
        t0 = ex_now();
        solve(&p, elements, elements == 2 ? &s_mid : NULL, elements == 2 ? &x_mid : NULL, p.lagrangian, p.steps, &sol);
    }
    printf("clamped_axial: E = %g Pa, A = %g mm^2, L = %g mm, b0 = %g N/m, %d %s elements, %d load steps, %s\n", p.E,
           A_mm2, L_mm, p.b0, elements, p.lagrangian ? "Lagrangian" : "ALE", p.steps,
           p.no_reg || p.lagrangian ? "no regularization" : "two-stage regularization");
    if (sol.status) {
        printf("solve failed: %s: %s\n", alecable_strerror(sol.status), sol.msg);
        printf("result: status=%d\n", sol.status);
        free_solution(&sol);
        return 1;
    }
    printf("  time %.3f ms\n", 1e3 * (ex_now() - t0));
    for (i = 0; i < sol.n; i++)
        printf("  node %2d: s = %9.5f mm  x = %9.5f mm  u = %8.5f mm\n", i, 1e3 * sol.s[i], 1e3 * sol.x[i],
               1e3 * (sol.x[i] - sol.s[i]));
    printf("  average Newton iterations: stage 1 %.3f, stage 2 %.3f (paper 000 sec. 4.2, 2 elements: 2.13 and 1.5)\n", sol.avg1,
           sol.avg2);
    printf("  potential energy W = %.10g J\n", sol.w);
    if (reference > 0) {
        solve(&p, reference, NULL, NULL, 1, 10, &ref);
        if (ref.status) {
            printf("reference failed: %s\n", ref.msg);
        } else {
            max_err = 0;
            for (i = 0; i < ref.n; i++) {
                double e = fabs(u_at(&sol, ref.s[i]) - (ref.x[i] - ref.s[i]));
                if (e > max_err) max_err = e;
            }
            printf("  max |u - u_ref| over the %d-element Lagrangian reference: %.6e mm\n", reference, 1e3 * max_err);
        }
        free_solution(&ref);
    }
    if (scan > 1 && elements == 2) {
        double wmin = INFINITY, smin = 0;
        for (i = 1; i < scan; i++) {
            double s_mid = p.L * i / scan;
            solution lag;
            solve(&p, 2, &s_mid, &s_mid, 1, 10, &lag);
            if (!lag.status && lag.w < wmin) {
                wmin = lag.w;
                smin = s_mid;
            }
            free_solution(&lag);
        }
        printf("  Lagrangian scan (%d points): min W = %.10g J at s_mid = %.4f mm; ALE W - min W = %.3e J\n", scan - 1,
               wmin, 1e3 * smin, sol.w - wmin);
    }
    if (csv) {
        FILE *f = fopen(csv, "w");
        if (!f) {
            perror(csv);
            return 1;
        }
        fprintf(f, "s_mm,x_mm,u_mm\n");
        for (i = 0; i < sol.n; i++) fprintf(f, "%.12g,%.12g,%.12g\n", 1e3 * sol.s[i], 1e3 * sol.x[i], 1e3 * (sol.x[i] - sol.s[i]));
        fclose(f);
        printf("  wrote %s\n", csv);
    }
    printf("result: status=0 elements=%d s_mid_mm=%.17g x_mid_mm=%.17g avg_iter_stage1=%.17g avg_iter_stage2=%.17g energy=%.17g",
           elements, 1e3 * sol.s[sol.n / 2], 1e3 * sol.x[sol.n / 2], sol.avg1, sol.avg2, sol.w);
    if (max_err >= 0) printf(" max_error_mm=%.6e", 1e3 * max_err);
    printf("\n");
    free_solution(&sol);
    return 0;
}
