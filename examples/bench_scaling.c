/* smoke-test: --min-elements 100 --max-elements 1000 --steps 3 */
/* Growth of the time per step with the number of elements (issue 25 item
 * 4): the flexible pendulum of paper 001 (bench_realtime's) at N = 10^a ..
 * 10^b elements, SI-HHT and implicit HHT, each a fixed number of steps at a
 * stable h.  Prints CPU time per step and per element-step, Newton
 * iterations, and the linear solver's operations per element-step, which
 * show which factorization the band solver took: a symmetric matrix whose
 * LDL^T is refused pays an LU on top of it, about 3-5x the linear flops of
 * the accepted LDL^T.  The growth exponent of each method is the
 * least-squares slope of log(time per step) over log(N).  The first steps
 * of HHT at a fine mesh take more Newton iterations than the later ones (at
 * 10^4 elements: 7 per step over 4 steps, 2.4 over 50): --steps 50 measures
 * the steady state.  CPU time (clock()),
 * so other processes on a shared machine change the figures little; timings
 * are printed, never asserted.
 *
 * --statics runs statics instead: a 1 m catenary pinned at both ends, laid
 * out straight and unstressed (catenary_start's --start straight), axial
 * and ANCF elements from --min-elements to --max-elements, the library's
 * default options (alecable_quasistatic_options.large_mesh = AUTO), then
 * --statics-steps implicit HHT steps from each ANCF equilibrium, under
 * gravity turned by --statics-tilt about the span: the catenary swings
 * out of its plane, so every step moves every node (from the equilibrium
 * under the same load, each step would take one Newton iteration and
 * measure little but the assembly).  Prints CPU time, Newton iterations
 * and the sag of each solve, the swing's sideways reach, the growth
 * exponents and the process's peak resident set (the largest run's). */
#include "common.h"
#include "support/pendulum_rig.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_SIZES 8

/* the pendulum: a 1 m ANCF cable pinned at one end, Lagrangian, gravity
 * (examples/support/pendulum_rig.h) */
static alecable_model *pendulum(int elements, double E)
{
    alecable_model *m;
    ex_check(NULL, pendulum_rig(&m, NULL, ALECABLE_ELEMENT_ANCF, elements, E, 0), "pendulum_rig");
    return m;
}

typedef struct figures {
    double cpu_step;     /* CPU seconds per step, -1: the run failed */
    double newton;       /* Newton iterations per step (0: semi-implicit) */
    double lin_flops_el; /* linear solver flops per element and step */
    double setup;        /* CPU seconds of the model and integrator set-up */
} figures;

typedef struct statics_params {
    double EA, w, EI; /* the catenary's axial stiffness [N], weight [N/m], bending stiffness [N m^2] */
    int solver;       /* options.linear_solver, -1: the default */
    int steps;        /* implicit HHT steps after the solve (0: none) */
    double h;         /* their step [s] */
    double shift;     /* options.ptc_shift (0: the default) */
    double tilt;      /* gravity turned about the span by this angle [deg] for the steps */
} statics_params;

static figures run(int elements, double E, int method, double h, int steps)
{
    alecable_integrator *it;
    alecable_dynamic_options o;
    alecable_step_stats st;
    figures f = {-1, 0, 0, 0};
    clock_t c0 = clock(), c1;
    alecable_model *m = pendulum(elements, E);
    alecable_dynamic_options_init(&o);
    o.method = method;
    o.h = h;
    ex_check(m, alecable_model_integrator(&it, m, &o), "model_integrator");
    c1 = clock();
    f.setup = (double)(c1 - c0) / CLOCKS_PER_SEC;
    if (alecable_integrator_advance(it, steps * h * (1 + 1e-9)) == ALECABLE_OK) {
        alecable_step_stats_init(&st);
        alecable_integrator_stats(it, &st);
        if (st.steps > 0) {
            f.cpu_step = (double)(clock() - c1) / CLOCKS_PER_SEC / (double)st.steps;
            f.newton = (double)st.newton_iterations / (double)st.steps;
            f.lin_flops_el = st.linear_flops / (double)st.steps / elements;
        }
    } else
        fprintf(stderr, "bench_scaling: %d elements, h = %g: %s\n", elements, h, alecable_integrator_errmsg(it));
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
    return f;
}

/* ---- statics from a straight start (--statics) ---- */
/* The catenary_start example's cable: pinned at both ends 1 m apart, laid
 * out straight and unstressed (length = span), weight w per unstretched
 * length, Lagrangian mesh, axial or ANCF elements. */
static alecable_model *catenary(int kind, int elements, double EA, double w, double EI, alecable_cable **cab)
{
    alecable_model *m;
    alecable_cable *c;
    alecable_section sec;
    alecable_node *n;
    double a[3] = {0, 0, 0}, b[3] = {1, 0, 0}, g[3] = {0, 0, -9.81};
    int d, e;
    ex_check(NULL, alecable_model_create(&m, NULL), "model_create");
    ex_check(m, alecable_model_set_gravity(m, g), "set_gravity");
    alecable_section_init(&sec);
    sec.E = EA;
    sec.A = 1.0;
    sec.rho = w / 9.81;
    sec.I = kind == ALECABLE_ELEMENT_AXIAL ? 0.0 : EI / EA;
    ex_check(m, alecable_cable_create(&c, m, kind, &sec), "cable_create");
    ex_check(m, alecable_cable_line(c, a, b, 0, 1, elements), "cable_line");
    ex_check(m, alecable_cable_set_lagrangian(c, 1), "set_lagrangian");
    for (e = 0; e <= elements; e += elements) {
        ex_check(m, alecable_cable_node(&n, c, e), "cable_node");
        for (d = 0; d < 3; d++) ex_check(m, alecable_fix(NULL, m, n, d), "pin");
    }
    *cab = c;
    return m;
}

typedef struct statics_figures {
    double cpu;      /* CPU seconds of the solve, -1: it failed */
    int iterations;  /* Newton iterations (both stages, every level) */
    double sag;      /* largest sag [m] */
    double cpu_step; /* CPU seconds per implicit step after it (0: none asked, -1: failed) */
    double newton;   /* Newton iterations per step */
    double swing;    /* largest sideways (y) displacement of a node after the steps [m] */
} statics_figures;

static statics_figures run_statics(int kind, int elements, const statics_params *sp)
{
    alecable_model *m;
    alecable_cable *c;
    alecable_node *n;
    alecable_quasistatic_options o;
    alecable_solve_report rep;
    statics_figures f = {-1, 0, 0, 0, 0, 0};
    clock_t c0;
    int i, st;
    m = catenary(kind, elements, sp->EA, sp->w, sp->EI, &c);
    ex_check(m, alecable_model_finalize(m), "finalize");
    alecable_quasistatic_options_init(&o);
    if (sp->solver >= 0) o.linear_solver = sp->solver;
    if (sp->shift > 0) o.ptc_shift = sp->shift;
    alecable_solve_report_init(&rep);
    c0 = clock();
    st = alecable_solve_quasistatic(m, &o, &rep);
    f.iterations = rep.iterations_stage1 + rep.iterations_stage2;
    if (st) {
        fprintf(stderr, "bench_scaling: statics, %d elements: %s\n", elements, alecable_model_errmsg(m));
        alecable_model_destroy(m);
        return f;
    }
    f.cpu = (double)(clock() - c0) / CLOCKS_PER_SEC;
    for (i = 0; i <= elements; i++) {
        double x[3];
        ex_check(m, alecable_cable_node(&n, c, i), "cable_node");
        ex_check(m, alecable_node_position(n, x), "position");
        if (-x[2] > f.sag) f.sag = -x[2];
    }
    if (sp->steps > 0) {
        alecable_integrator *it;
        alecable_dynamic_options d;
        alecable_step_stats ss;
        const double tr = sp->tilt * 3.14159265358979323846 / 180.0, g[3] = {0, 9.81 * sin(tr), -9.81 * cos(tr)};
        ex_check(m, alecable_model_set_gravity(m, g), "set_gravity (tilted)");
        alecable_dynamic_options_init(&d);
        d.method = ALECABLE_METHOD_HHT;
        d.h = sp->h;
        f.cpu_step = -1;
        ex_check(m, alecable_model_integrator(&it, m, &d), "model_integrator");
        c0 = clock();
        if (alecable_integrator_advance(it, sp->steps * sp->h * (1 + 1e-9)) == ALECABLE_OK) {
            alecable_step_stats_init(&ss);
            alecable_integrator_stats(it, &ss);
            if (ss.steps > 0) {
                f.cpu_step = (double)(clock() - c0) / CLOCKS_PER_SEC / (double)ss.steps;
                f.newton = (double)ss.newton_iterations / (double)ss.steps;
            }
            ex_check(m, alecable_model_pull_state(m, it), "pull_state");
            for (i = 0; i <= elements; i++) {
                double x[3];
                ex_check(m, alecable_cable_node(&n, c, i), "cable_node");
                ex_check(m, alecable_node_position(n, x), "position");
                if (fabs(x[1]) > f.swing) f.swing = fabs(x[1]);
            }
        } else
            fprintf(stderr, "bench_scaling: %d elements, steps after statics: %s\n", elements,
                    alecable_integrator_errmsg(it));
        alecable_integrator_destroy(it);
    }
    alecable_model_destroy(m);
    return f;
}

/* Peak resident set of this process [MB] (Linux /proc; -1 elsewhere) */
static double peak_rss_mb(void) { return ex_status_mb("VmHWM"); }

/* least-squares slope of log y over log x, over the entries with y > 0 */
static double slope(const double *x, const double *y, int n)
{
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    int i, k = 0;
    for (i = 0; i < n; i++)
        if (y[i] > 0) {
            double lx = log(x[i]), ly = log(y[i]);
            sx += lx;
            sy += ly;
            sxx += lx * lx;
            sxy += lx * ly;
            k++;
        }
    if (k < 2) return 0.0;
    return (k * sxy - sx * sy) / (k * sxx - sx * sx);
}

/* --statics: the series, its growth exponents and the result line */
static int statics_series(int min_el, int max_el, const statics_params *sp)
{
    static const struct { const char *name; int id; } kinds[2] = {{"axial", ALECABLE_ELEMENT_AXIAL},
                                                                   {"ANCF", ALECABLE_ELEMENT_ANCF}};
    double x[MAX_SIZES], y[2][MAX_SIZES], ys[MAX_SIZES], yi[MAX_SIZES], expo[2], expo_step, expo_iter;
    int i, j, ns = 0, failed = 0;
    printf("bench_scaling: statics of a catenary from a straight start (1 m, EA = %g N, w = %g N/m, EI = %g N m^2), "
           "then %d HHT steps of %g s from the ANCF equilibrium with gravity turned %g deg about the span, CPU time\n",
           sp->EA, sp->w, sp->EI, sp->steps, sp->h, sp->tilt);
    printf("%-6s %9s %10s %12s %8s %12s %12s %8s %10s\n", "kind", "elements", "statics s", "us/element", "Newton",
           "sag [m]", "ms/HHT step", "Newton", "swing [mm]");
    for (j = 0; j < 2; j++) {
        ns = 0;
        for (i = min_el; i <= max_el && ns < MAX_SIZES; i *= 10) {
            statics_params one = *sp;
            statics_figures f;
            if (kinds[j].id != ALECABLE_ELEMENT_ANCF) one.steps = 0;
            f = run_statics(kinds[j].id, i, &one);
            x[ns] = i;
            y[j][ns] = f.cpu;
            if (kinds[j].id == ALECABLE_ELEMENT_ANCF) {
                ys[ns] = f.cpu_step;
                yi[ns] = f.newton > 0 ? f.cpu_step / f.newton : -1;
            }
            ns++;
            if (f.cpu < 0 || f.cpu_step < 0) {
                printf("%-6s %9d %10s\n", kinds[j].name, i, "failed");
                failed++;
            } else if (one.steps > 0)
                printf("%-6s %9d %10.3f %12.3f %8d %12.9f %12.3f %8.2f %10.4f\n", kinds[j].name, i, f.cpu,
                       1e6 * f.cpu / i, f.iterations, f.sag, 1e3 * f.cpu_step, f.newton, 1e3 * f.swing);
            else
                printf("%-6s %9d %10.3f %12.3f %8d %12.9f\n", kinds[j].name, i, f.cpu, 1e6 * f.cpu / i, f.iterations,
                       f.sag);
            fflush(stdout);
            if (i > max_el / 10) break;
        }
        expo[j] = slope(x, y[j], ns);
    }
    expo_step = sp->steps > 0 ? slope(x, ys, ns) : 0.0;
    expo_iter = sp->steps > 0 ? slope(x, yi, ns) : 0.0;
    printf("exponent over each decade (statics axial, ANCF; HHT step):");
    for (i = 1; i < ns; i++)
        printf("  %d-%d: %.2f %.2f %.2f", (int)x[i - 1], (int)x[i], slope(x + i - 1, y[0] + i - 1, 2),
               slope(x + i - 1, y[1] + i - 1, 2), sp->steps > 0 ? slope(x + i - 1, ys + i - 1, 2) : 0.0);
    printf("\n");
    printf("statics time grows like N^%.3f (axial) and N^%.3f (ANCF), the HHT step after it like N^%.3f (N^%.3f per "
           "Newton iteration), from %d to %d elements (1 = linear); peak resident set %.0f MB\n",
           expo[0], expo[1], expo_step, expo_iter, min_el, (int)x[ns - 1], peak_rss_mb());
    printf("result: status=%d min_elements=%d max_elements=%d statics_exponent_axial=%.3f statics_exponent_ancf=%.3f"
           " step_exponent=%.3f step_iteration_exponent=%.3f statics_steps=%d statics_tilt_deg=%g peak_rss_mb=%.0f"
           " failed=%d\n",
           failed ? 1 : 0, min_el, (int)x[ns - 1], expo[0], expo[1], expo_step, expo_iter, sp->steps, sp->tilt,
           peak_rss_mb(), failed);
    return failed ? 1 : 0;
}

int main(int argc, char **argv)
{
    static const struct { const char *name; int id; } methods[2] = {
        {"SI-HHT", ALECABLE_METHOD_SI_HHT}, {"HHT", ALECABLE_METHOD_HHT}};
    int min_el = 1000, max_el = 100000, steps = 10, ns = 0, i, j, rc, failed = 0, hht_per_n = 0, statics = 0;
    const char *solver = "default";
    statics_params sp = {1e4, 10.0, 1e-9, -1, 100, 1e-3, 0, 30.0};
    double E = 1e8, h_si = 1e-5, h_hht = 1e-4, x[MAX_SIZES], y[2][MAX_SIZES], yit[MAX_SIZES], expo[2], expo_it;
    ex_opt opts[] = {
        {"--min-elements", 'i', &min_el, "smallest mesh (a power of 10 times it up to --max-elements)"},
        {"--max-elements", 'i', &max_el, "largest mesh"},
        {"--steps", 'i', &steps, "steps of each run"},
        {"--E", 'd', &E, "Young's modulus [Pa]"},
        {"--h-si", 'd', &h_si, "SI-HHT step at --min-elements [s]; divided by N / min-elements beyond (the "
                               "explicit stiffness bound falls like 1/N)"},
        {"--h-hht", 'd', &h_hht, "implicit HHT step, the same at every N [s] (see --h-hht-per-n)"},
        {"--h-hht-per-n", 'f', &hht_per_n, "divide --h-hht by N / min-elements too: at 10^6 elements h = 1e-4 makes "
                                           "HHT's iteration matrix singular to double precision (the bending stiffness "
                                           "of 1 um elements against their mass)"},
        {"--statics", 'f', &statics, "instead: statics from a straight start (a catenary, axial and ANCF) from "
                                     "--min-elements to --max-elements, then --statics-steps implicit HHT steps "
                                     "from the ANCF equilibrium"},
        {"--statics-steps", 'i', &sp.steps, "implicit HHT steps after each ANCF statics (0: none)"},
        {"--statics-h", 'd', &sp.h, "their step [s]"},
        {"--statics-tilt", 'd', &sp.tilt, "gravity turned about the span for the steps [deg]: the catenary swings "
                                         "sideways (0: the steps start at rest at their own equilibrium)"},
        {"--statics-solver", 's', &solver, "the statics' options.linear_solver: default, umfpack, klu, band or auto"},
        {"--statics-shift", 'd', &sp.shift, "the statics' options.ptc_shift (0: the default)"},
        {"--statics-EA", 'd', &sp.EA, "the catenary's axial stiffness [N]"},
        {"--statics-weight", 'd', &sp.w, "its weight per unstretched length [N/m]"},
        {"--statics-EI", 'd', &sp.EI, "its bending stiffness (ANCF) [N m^2]: a thread by default; at 10^5-10^6 elements "
                                           "EI / l^3 times a coordinate's rounding outweighs a node's weight unless EI is "
                                           "below about w l^4 / (eps L)"},
        {NULL, 0, NULL, NULL}};
    rc = ex_parse(argc, argv, opts, "Time per step against the number of elements (pendulum, SI-HHT and HHT).");
    if (rc) return rc > 0 ? 0 : 2;
    if (min_el < 1 || max_el < min_el || steps < 1 || !(h_si > 0) || !(h_hht > 0) || !(E > 0)) {
        fprintf(stderr, "bench_scaling: need 1 <= --min-elements <= --max-elements, --steps >= 1, h > 0, E > 0\n");
        return 2;
    }
    if (statics) {
        sp.solver = !strcmp(solver, "umfpack") ? ALECABLE_LINSOLVE_UMFPACK
                    : !strcmp(solver, "klu")   ? ALECABLE_LINSOLVE_KLU
                    : !strcmp(solver, "band")  ? ALECABLE_LINSOLVE_BAND
                    : !strcmp(solver, "auto")  ? ALECABLE_LINSOLVE_AUTO
                                               : -1;
        if (sp.solver < 0 && strcmp(solver, "default")) {
            fprintf(stderr, "bench_scaling: --statics-solver: default, umfpack, klu, band or auto\n");
            return 2;
        }
        if (sp.steps < 0 || !(sp.h > 0) || !(sp.EA > 0) || !(sp.w > 0) || !(sp.EI > 0) || !(fabs(sp.tilt) <= 90)) {
            fprintf(stderr, "bench_scaling: need --statics-steps >= 0, --statics-h, -EA, -weight, -EI > 0 and "
                            "|--statics-tilt| <= 90\n");
            return 2;
        }
        return statics_series(min_el, max_el, &sp);
    }
    printf("bench_scaling: ANCF pendulum (1 m, E = %g Pa), %d steps per run, CPU time\n", E, steps);
    printf("%-7s %9s %10s %10s %12s %8s %14s %9s\n", "method", "elements", "h [s]", "ms/step", "us/el-step",
           "Newton", "lin.flops/el", "setup s");
    for (j = 0; j < 2; j++) {
        ns = 0;
        for (i = min_el; i <= max_el && ns < MAX_SIZES; i *= 10) {
            double h = methods[j].id == ALECABLE_METHOD_SI_HHT ? h_si * min_el / i
                       : hht_per_n                                ? h_hht * min_el / i
                                                                  : h_hht;
            figures f = run(i, E, methods[j].id, h, steps);
            x[ns] = i;
            y[j][ns] = f.cpu_step;
            yit[ns] = f.newton > 0 ? f.cpu_step / f.newton : -1;
            ns++;
            if (f.cpu_step < 0) {
                printf("%-7s %9d %10.3g %10s\n", methods[j].name, i, h, "failed");
                failed++;
                continue;
            }
            printf("%-7s %9d %10.3g %10.3f %12.3f %8.2f %14.0f %9.2f\n", methods[j].name, i, h, 1e3 * f.cpu_step,
                   1e6 * f.cpu_step / i, f.newton, f.lin_flops_el, f.setup);
            if (i > max_el / 10) break; /* i *= 10 would overflow near INT_MAX */
        }
        expo[j] = slope(x, y[j], ns);
    }
    expo_it = slope(x, yit, ns); /* the HHT runs' (Newton's iteration count grows with N at a fixed h) */
    printf("time per step grows like N^%.3f (SI-HHT) and N^%.3f (HHT; N^%.3f per Newton iteration) from %d to %d"
           " elements (1 = linear)\n",
           expo[0], expo[1], expo_it, min_el, (int)x[ns - 1]);
    printf("result: status=%d min_elements=%d max_elements=%d steps=%d si_hht_wall_exponent=%.3f"
           " hht_wall_exponent=%.3f hht_iteration_wall_exponent=%.3f failed=%d\n",
           failed ? 1 : 0, min_el, (int)x[ns - 1], steps, expo[0], expo[1], expo_it, failed);
    return failed ? 1 : 0;
}
