/* smoke-test: --quick --t-end 0.5 --max-elements 100 */
/* Real-time benchmark on the flexible pendulum of paper 001 (sec. 4.1, Table 2):
 * wall time of a simulated interval for each method and step size, the
 * adaptive implicit reference, and the growth of the time per step with the
 * number of elements.  Timings are printed, never asserted. */
#include "common.h"
#include "support/pendulum_rig.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int ale = 0; /* --ale: s unknowns held by fixes instead of a Lagrangian cable */
static int kind = ALECABLE_ELEMENT_ANCF; /* --element */
static alecable_cable *last_cable;     /* the cable pendulum_of built last */

#define MAX_REPEAT 50

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* the pendulum with elements of kind k (examples/support/pendulum_rig.h) */
static alecable_model *pendulum_of(int k, int elements, double E)
{
    alecable_model *m;
    ex_check(NULL, pendulum_rig(&m, &last_cable, k, elements, E, ale), "pendulum_rig");
    return m;
}

static alecable_model *pendulum(int elements, double E) { return pendulum_of(kind, elements, E); }

/* the element kernels' flops of one residual and one Jacobian evaluation,
 * per element, from the model's problem interface */
static void element_flops(int k, double *fr, double *fj)
{
    alecable_model *m = pendulum_of(k, 10, 1e8);
    alecable_problem p;
    ex_check(m, alecable_model_problem(&p, m), "model_problem");
    *fr = p.flops_residual / 10.0;
    *fj = p.flops_jacobian / 10.0;
    alecable_model_destroy(m);
}

/* The 100-element pendulum with nb bodies (10 g, their rotation held)
 * attached at every tenth node: issue 10's cost of bodies; HHT at h = 1e-4,
 * time per step over t_end */
static double bodies_run(int nb, double t_end)
{
    alecable_model *m = pendulum_of(ALECABLE_ELEMENT_ANCF, 100, 1e8);
    alecable_integrator *it;
    alecable_dynamic_options o;
    alecable_step_stats st;
    double t0, wall;
    int k;
    /* the pendulum's cable is the model's first node's */
    for (k = 0; k < nb; k++) {
        alecable_body_params bp;
        alecable_body *bd;
        alecable_node *cn, *bn;
        double x[3], p0[3] = {0, 0, 0};
        ex_check(m, alecable_cable_node(&cn, last_cable, 10 * (k + 1)), "cable_node");
        alecable_node_position(cn, x);
        alecable_body_params_init(&bp);
        memcpy(bp.position, x, sizeof x);
        bp.mass = 0.01;
        bp.inertia[0] = bp.inertia[4] = bp.inertia[8] = 1e-6;
        ex_check(m, alecable_body_create(&bd, m, &bp), "body_create");
        ex_check(m, alecable_attach(NULL, m, cn, bd, p0, 0), "attach");
        ex_check(m, alecable_body_node(&bn, bd), "body_node");
        ex_check(m, alecable_fix(NULL, m, bn, ALECABLE_DOF_RX), "fix rotation");
        ex_check(m, alecable_fix(NULL, m, bn, ALECABLE_DOF_RY), "fix rotation");
        ex_check(m, alecable_fix(NULL, m, bn, ALECABLE_DOF_RZ), "fix rotation");
    }
    alecable_dynamic_options_init(&o);
    o.method = ALECABLE_METHOD_HHT;
    o.h = 1e-4;
    ex_check(m, alecable_model_integrator(&it, m, &o), "model_integrator");
    t0 = ex_now();
    if (alecable_integrator_advance(it, t_end) != ALECABLE_OK) {
        fprintf(stderr, "bench_realtime: the bodies run failed: %s\n", alecable_integrator_errmsg(it));
        exit(1);
    }
    wall = ex_now() - t0;
    alecable_step_stats_init(&st);
    alecable_integrator_stats(it, &st);
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
    return wall / (double)st.steps;
}

/* model (element kernels) plus linear-solver operations per accepted step */
static double flops_per_step(const alecable_step_stats *st)
{
    return st->steps > 0 ? (st->model_flops + st->linear_flops) / (double)st->steps : 0.0;
}

/* wall time of t_end simulated seconds; -1 when the run failed */
static double run(int elements, double E, int method, double h, int adaptive, double t_end, alecable_step_stats *st)
{
    alecable_model *m = pendulum(elements, E);
    alecable_integrator *it;
    alecable_dynamic_options o;
    double t0, wall;
    alecable_dynamic_options_init(&o);
    o.method = method;
    o.h = h;
    o.adaptive = adaptive;
    o.atol = 1e-6;
    ex_check(m, alecable_model_integrator(&it, m, &o), "model_integrator");
    t0 = ex_now();
    wall = alecable_integrator_advance(it, t_end) == ALECABLE_OK ? ex_now() - t0 : -1.0;
    alecable_step_stats_init(st);
    alecable_integrator_stats(it, st);
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
    return wall;
}

/* CPU seconds per element-step of SI-HHT at step h on the n-element
 * pendulum of kind k over `steps` steps (clock(): the process's own time,
 * which other processes on a shared machine change less than wall time);
 * -1 when the run failed */
static double cpu_per_element_step(int k, int n, double E, double h, int steps)
{
    alecable_model *m = pendulum_of(k, n, E);
    alecable_integrator *it;
    alecable_dynamic_options o;
    alecable_step_stats st;
    clock_t c0;
    double cpu;
    alecable_dynamic_options_init(&o);
    o.method = ALECABLE_METHOD_SI_HHT;
    o.h = h;
    ex_check(m, alecable_model_integrator(&it, m, &o), "model_integrator");
    c0 = clock();
    cpu = alecable_integrator_advance(it, steps * h) == ALECABLE_OK ? (double)(clock() - c0) / CLOCKS_PER_SEC : -1.0;
    alecable_step_stats_init(&st);
    alecable_integrator_stats(it, &st);
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
    return cpu < 0 || st.steps < 1 ? -1.0 : cpu / ((double)st.steps * n);
}

/* Kirchhoff against ANCF in the same run (issue 25: Kirchhoff/ANCF time per
 * element-step <= 3): runs of the two kinds interleaved, the best of
 * `rounds` each (other load only ever adds time); us[kind][mesh] */
static int compare_kinds(int rounds, double E, double h, double us[2][2], double ratio[2])
{
    static const int meshes[2] = {10, 100};
    int i, r, kk;
    for (i = 0; i < 2; i++) {
        int steps = 20000 / meshes[i];
        us[0][i] = us[1][i] = -1.0;
        for (r = 0; r < rounds; r++)
            for (kk = 0; kk < 2; kk++) {
                double t = cpu_per_element_step(kk ? ALECABLE_ELEMENT_KIRCHHOFF : ALECABLE_ELEMENT_ANCF, meshes[i], E, h,
                                                steps);
                if (t < 0) return -1;
                if (us[kk][i] < 0 || 1e6 * t < us[kk][i]) us[kk][i] = 1e6 * t;
            }
        ratio[i] = us[1][i] / us[0][i];
    }
    return 0;
}

/* ---- --models M --threads T: many models at once (alecable_batch) ------------------------ */

enum { FRAME_STEPS = 10 }; /* steps per batch call: a 10 ms frame of a real-time host at h = 1e-3 */

/* M fresh pendulums (the headline model) with their SI-HHT integrators at h */
static void batch_models(int M, double E, double h, alecable_model **ms, alecable_integrator **its)
{
    alecable_dynamic_options o;
    int k;
    alecable_dynamic_options_init(&o);
    o.method = ALECABLE_METHOD_SI_HHT;
    o.h = h;
    for (k = 0; k < M; k++) {
        ms[k] = pendulum(10, E);
        ex_check(ms[k], alecable_model_integrator(&its[k], ms[k], &o), "model_integrator");
    }
}

/* the models' final states, one after the other, into x (xn values); frees the models */
static double *batch_finish(int M, alecable_model **ms, alecable_integrator **its, int *xn)
{
    double *x = NULL;
    int k, n = 0, nq, nl;
    for (k = 0; k < M; k++) {
        alecable_integrator_sizes(its[k], &nq, &nl);
        x = (double *)realloc(x, sizeof(double) * (size_t)(n + 2 * nq + nl));
        if (!x) {
            fprintf(stderr, "bench_realtime: out of memory\n");
            exit(1);
        }
        alecable_integrator_get_state(its[k], NULL, x + n, x + n + nq, NULL, x + n + 2 * nq);
        n += 2 * nq + nl;
        alecable_integrator_destroy(its[k]);
        alecable_model_destroy(ms[k]);
    }
    *xn = n;
    return x;
}

/* M models stepped t_end by frames of FRAME_STEPS steps: serially (each
 * model's steps in turn, a frame at a time) and by a batch of T threads
 * (one alecable_batch_step a frame), interleaved `repeat` times, the best
 * of each; the batch's results must equal the serial ones bit for bit */
static int batch_bench(int M, int T, double t_end, double E, int repeat, const char *element)
{
    const double h = 1e-3;
    alecable_model **ms = (alecable_model **)calloc((size_t)M, sizeof *ms);
    alecable_integrator **its = (alecable_integrator **)calloc((size_t)M, sizeof *its);
    double *hs = (double *)calloc((size_t)M, sizeof *hs);
    int *status = (int *)calloc((size_t)M, sizeof *status);
    double best_s = -1, best_b = -1, load[3] = {-1, -1, -1}, busy = 0;
    long frames = lround(t_end / (FRAME_STEPS * h)), f;
    int identical = 1, r, k;
    alecable_batch *b;
    FILE *fp;
    if (!ms || !its || !hs || !status) {
        fprintf(stderr, "bench_realtime: out of memory\n");
        return 1;
    }
    if (frames < 1) frames = 1;
    for (k = 0; k < M; k++) hs[k] = h;
    ex_check(NULL, alecable_batch_create(&b, T, NULL), "batch_create");
    for (r = 0; r < repeat; r++) {
        double t0, ws, wb, *xs, *xb;
        clock_t c0;
        int ns, nb;
        batch_models(M, E, h, ms, its);
        t0 = ex_now();
        for (f = 0; f < frames; f++)
            for (k = 0; k < M; k++) {
                int n;
                for (n = 0; n < FRAME_STEPS; n++)
                    if (alecable_integrator_step(its[k], h) != ALECABLE_OK) {
                        fprintf(stderr, "bench_realtime: model %d failed: %s\n", k, alecable_integrator_errmsg(its[k]));
                        return 1;
                    }
            }
        ws = ex_now() - t0;
        xs = batch_finish(M, ms, its, &ns);
        batch_models(M, E, h, ms, its);
        c0 = clock();
        t0 = ex_now();
        for (f = 0; f < frames; f++)
            if (alecable_batch_step(b, M, its, hs, FRAME_STEPS, status) != ALECABLE_OK) {
                fprintf(stderr, "bench_realtime: %s\n", alecable_batch_errmsg(b));
                return 1;
            }
        wb = ex_now() - t0;
        c0 = clock() - c0;
        xb = batch_finish(M, ms, its, &nb);
        if (nb != ns || memcmp(xs, xb, sizeof(double) * (size_t)ns) != 0) identical = 0;
        free(xs);
        free(xb);
        if (best_s < 0 || ws < best_s) best_s = ws;
        if (best_b < 0 || wb < best_b) {
            best_b = wb;
            busy = (double)c0 / CLOCKS_PER_SEC / wb;
        }
    }
    alecable_batch_destroy(b);
    /* the machine's load, for the reader of a shared machine's figures */
    if ((fp = fopen("/proc/loadavg", "r")) != NULL) {
        if (fscanf(fp, "%lf %lf %lf", &load[0], &load[1], &load[2]) != 3) load[0] = -1;
        fclose(fp);
    }
    {
        double steps = (double)M * (double)frames * FRAME_STEPS;
        double rs = steps / best_s, rb = steps / best_b;
        printf("bench_realtime: %d models at once, each the 10-element %s pendulum, SI-HHT at h = %g,\n"
               "  %g s simulated each in frames of %d steps (one batch call a frame), best of %d interleaved runs\n",
               M, kind == ALECABLE_ELEMENT_ANCF ? "ANCF" : "Kirchhoff", h, (double)frames * FRAME_STEPS * h,
               FRAME_STEPS, repeat);
        printf("  %-44s %12.0f steps/s  (%.4f s)\n", "serial (the models one after the other):", rs, best_s);
        {
            char what[64];
            snprintf(what, sizeof what, "batch of %d thread%s (alecable_batch_step):", T, T > 1 ? "s" : "");
            printf("  %-44s %12.0f steps/s  (%.4f s)\n", what, rb, best_b);
        }
        printf("  speedup %.3f on %d threads (%.3f per thread); results bit-identical to the serial run: %s\n",
               rb / rs, T, rb / rs / T, identical ? "yes" : "NO");
        printf("  the batch's CPU time / wall time: %.2f (threads running at once; below %d: the machine's other load\n"
               "  took cores, or the threads waited)\n", busy, T);
        if (load[0] >= 0) printf("  load average at the end: %.2f %.2f %.2f\n", load[0], load[1], load[2]);
        printf("result: status=%d models=%d threads=%d t_end=%g element=%s repeat=%d serial_steps_per_s=%.0f"
               " batch_steps_per_s=%.0f speedup=%.3f identical=%d batch_cpu_per_wall=%.2f\n",
               identical ? 0 : 1, M, T, t_end, element, repeat, rs, rb, rb / rs, identical, busy);
    }
    free(ms);
    free(its);
    free(hs);
    free(status);
    return identical ? 0 : 1;
}

int main(int argc, char **argv)
{
    static const struct { const char *name; int id; } methods[] = {
        {"si-be", ALECABLE_METHOD_SI_BE}, {"si-bdf2", ALECABLE_METHOD_SI_BDF2},
        {"si-newmark", ALECABLE_METHOD_SI_NEWMARK}, {"si-hht", ALECABLE_METHOD_SI_HHT}};
    static const double steps[] = {1e-4, 2.5e-4, 5e-4, 1e-3, 2.5e-3, 5e-3, 1e-2};
    double t100 = -1, tmax = -1, growth = 0;
    int nmax = 0;
    double t_end = 10, E = 1e8, t_scale = 2e-4, h_scale = 1e-5, wall_hht = -1, flops_hht = 0, wall_ref = -1;
    double wall_median = -1, bodies_ratio = -1;
    int quick = 0, reference = 1, rc, i, j, max_el = 10000, repeat = 5, ale_line, models = 0, threads = 2;
    const char *element = "ancf";
    double fr_a, fj_a, fr_k, fj_k, kind_us[2][2] = {{-1, -1}, {-1, -1}}, kind_ratio[2] = {-1, -1};
    int kinds = 0;
    alecable_step_stats st;
    ex_opt opts[] = {
        {"--t-end", 'd', &t_end, "simulated time of each run [s]"},
        {"--E", 'd', &E, "Young's modulus [Pa]"},
        {"--quick", 'f', &quick, "only SI-HHT at h = 1e-3 and a short scaling series"},
        {"--reference", 'i', &reference, "1: also time the adaptive implicit Newmark reference"},
        {"--max-elements", 'i', &max_el, "largest mesh of the scaling series"},
        {"--ale", 'f', &ale, "keep the material coordinates as unknowns, each held by a fix (default: a Lagrangian cable)"},
        {"--element", 's', &element, "ancf (default) or kirchhoff (the beam with torsion, paper 003)"},
        {"--repeat", 'i', &repeat, "runs of SI-HHT at h = 1e-3: the best and the median are printed"},
        {"--t-scale", 'd', &t_scale, "simulated time of each scaling run [s]"},
        {"--compare-kinds", 'i', &kinds, "rounds of SI-HHT runs of ANCF and Kirchhoff pendulums interleaved at 10 and 100 elements (h = --h-scale, 20000 element-steps each): CPU time per element-step and their ratio (0: none)"},
        {"--h-scale", 'd', &h_scale, "step of the scaling runs [s] (fine meshes are stiff: SI-HHT at 1e-4 s fails from ~5000 elements)"},
        {"--models", 'i', &models, "M > 0: only the many-models benchmark, M pendulums at once, serially and by a batch of --threads threads (steps per second)"},
        {"--threads", 'i', &threads, "threads of the --models benchmark's batch (alecable_batch), 1 to 1024"},
        {NULL, 0, NULL, NULL}};
    rc = ex_parse(argc, argv, opts, "Real-time benchmark of the integrators on the flexible pendulum (paper 001).");
    if (rc) return rc > 0 ? 0 : 2;
    if (repeat < 1 || repeat > MAX_REPEAT) {
        fprintf(stderr, "bench_realtime: --repeat %d: must be 1 to %d\n", repeat, MAX_REPEAT);
        return 2;
    }
    if (strcmp(element, "ancf") == 0) kind = ALECABLE_ELEMENT_ANCF;
    else if (strcmp(element, "kirchhoff") == 0) kind = ALECABLE_ELEMENT_KIRCHHOFF;
    else {
        fprintf(stderr, "bench_realtime: --element %s: expected ancf or kirchhoff\n", element);
        return 2;
    }
    if (models < 0 || threads < 1 || threads > 1024) {
        fprintf(stderr, "bench_realtime: --models %d --threads %d: need models >= 0 and 1 <= threads <= 1024\n", models,
                threads);
        return 2;
    }
    if (models > 0) return batch_bench(models, threads, t_end, E, repeat, element);
    ale_line = !ale; /* the Lagrangian cable is the headline; --ale makes it the ALE one */
    element_flops(ALECABLE_ELEMENT_ANCF, &fr_a, &fj_a);
    element_flops(ALECABLE_ELEMENT_KIRCHHOFF, &fr_k, &fj_k);
    printf("element kernels, flops per element and evaluation (Lagrangian, with gravity and inertia):\n"
           "  ANCF:      residual %8.0f  Jacobian %8.0f\n  Kirchhoff: residual %8.0f  Jacobian %8.0f\n\n",
           fr_a, fj_a, fr_k, fj_k);

    printf("bench_realtime: 10-element %s pendulum, E = %g Pa, %g s simulated per run\n",
           kind == ALECABLE_ELEMENT_ANCF ? "ANCF" : "Kirchhoff", E, t_end);
    printf("%-12s %-9s %10s %12s %10s %12s %9s\n", "method", "h [s]", "wall [s]", "us/step", "RT factor",
           "flops/step", "GFlop/s");
    for (i = 0; i < 4; i++)
        for (j = 0; j < 7; j++) {
            double w;
            if (quick && !(methods[i].id == ALECABLE_METHOD_SI_HHT && steps[j] == 1e-3)) continue;
            w = run(10, E, methods[i].id, steps[j], 0, t_end, &st);
            if (w < 0) {
                printf("%-12s %-9g %10s\n", methods[i].name, steps[j], "unstable");
                continue;
            }
            if (methods[i].id == ALECABLE_METHOD_SI_HHT && steps[j] == 1e-3) {
                /* the headline figure: best and median of `repeat` runs (a
                 * shared machine's other load only ever adds time) */
                double walls[MAX_REPEAT];
                int r;
                walls[0] = w;
                for (r = 1; r < repeat; r++) {
                    walls[r] = run(10, E, methods[i].id, steps[j], 0, t_end, &st);
                    if (walls[r] < 0) {
                        fprintf(stderr, "bench_realtime: SI-HHT run %d of %d failed\n", r + 1, repeat);
                        return 1;
                    }
                }
                qsort(walls, (size_t)repeat, sizeof walls[0], cmp_double);
                w = wall_hht = walls[0];
                wall_median = walls[repeat / 2];
                flops_hht = flops_per_step(&st);
            }
            printf("%-12s %-9g %10.4f %12.2f %10.1f %12.0f %9.2f\n", methods[i].name, steps[j], w, 1e6 * w / st.steps,
                   t_end / w, flops_per_step(&st), flops_per_step(&st) * st.steps / w * 1e-9);
        }
    if (reference && !quick) {
        double w = run(10, E, ALECABLE_METHOD_NEWMARK, 1e-3, 1, t_end, &st);
        wall_ref = w;
        printf("%-12s %-9s %10.4f %12.2f %10.1f %12.0f %9.2f   (%ld steps, %ld rejected, %.2f Newton it./step;"
               " paper 001 Table 2: 89.1 s at E = 1e8, 566.3 / 105.3 s at 1e7 / 1e9)\n",
               "newmark-adapt", "atol 1e-6", w, 1e6 * w / st.steps, t_end / w, flops_per_step(&st),
               flops_per_step(&st) * st.steps / w * 1e-9, st.steps, st.rejected,
               (double)st.newton_iterations / (st.steps > 0 ? st.steps : 1));
    }
    if (ale_line) { /* the same pendulum with s unknowns held by fixes */
        double w;
        ale = 1;
        w = run(10, E, ALECABLE_METHOD_SI_HHT, 1e-3, 0, t_end, &st);
        ale = 0;
        if (w > 0)
            printf("%-12s %-9g %10.4f %12.2f %10.1f %12.0f %9.2f   (every s an unknown held by a fix: --ale)\n",
                   "si-hht", 1e-3, w, 1e6 * w / st.steps, t_end / w, flops_per_step(&st),
                   flops_per_step(&st) * st.steps / w * 1e-9);
    }
    printf("SI-HHT, h = 1e-3: %.4f s for %g s, best of %d runs (median %.4f s; paper 001 Table 2, MATLAB:\n"
           "  15.6 s, the average of its SI Newmark runs; target 0.15 s); %.0f flops per step (element kernels, estimated from their operation\n"
           "  counts, plus the band factorization and solves, counted exactly)\n",
           wall_hht, t_end, repeat, wall_median, flops_hht);

    printf("\ntime per step vs. elements (SI-HHT, h = %g, %g s each)\n%10s %12s %14s %14s\n", h_scale, t_scale, "elements",
           "us/step", "us/step/elem", "flops/step/el");
    for (i = 10; i <= max_el; i *= 10) {
        double w = run(i, E, ALECABLE_METHOD_SI_HHT, h_scale, 0, quick ? 10 * h_scale : t_scale, &st);
        if (w < 0) {
            printf("%10d %12s\n", i, "failed");
            continue;
        }
        if (i == 100) t100 = w / st.steps;
        if (i >= 100) {
            tmax = w / st.steps;
            nmax = i;
        }
        printf("%10d %12.2f %14.4f %14.0f\n", i, 1e6 * w / st.steps, 1e6 * w / st.steps / i, flops_per_step(&st) / i);
    }
    {
        double t0b = bodies_run(0, quick ? 0.002 : 0.02), t10 = bodies_run(10, quick ? 0.002 : 0.02);
        printf("\n100-element ANCF cable, HHT at h = 1e-4: %.1f us per step, %.1f us with 10 rigid bodies attached "
               "(ratio %.2f)\n", 1e6 * t0b, 1e6 * t10, t10 / t0b);
        bodies_ratio = t10 / t0b;
    }
    if (t100 > 0 && nmax > 100) {
        growth = log(tmax / t100) / log(nmax / 100.0);
        printf("time per step grows like n^%.3f from 100 to %d elements (1 = linear)\n", growth, nmax);
    }
    if (kinds > 0) {
        if (compare_kinds(kinds, E, h_scale, kind_us, kind_ratio)) {
            fprintf(stderr, "bench_realtime: --compare-kinds: a run failed\n");
            return 1;
        }
        printf("\nCPU time per element-step, SI-HHT at h = %g, best of %d interleaved runs:\n"
               "%10s %12s %12s %16s\n%10d %12.3f %12.3f %16.2f\n%10d %12.3f %12.3f %16.2f\n",
               h_scale, kinds, "elements", "ANCF [us]", "Kirchhoff", "Kirchhoff/ANCF", 10, kind_us[0][0],
               kind_us[1][0], kind_ratio[0], 100, kind_us[0][1], kind_us[1][1], kind_ratio[1]);
    }
    printf("result: status=0 si_hht_1e-3_wall_s=%.4f si_hht_flops_per_step=%.0f reference_wall_s=%.4f"
           " scaling_exponent=%.3f t_end=%g si_hht_1e-3_wall_median_s=%.4f repeat=%d element=%s"
           " ancf_residual_flops=%.0f ancf_jacobian_flops=%.0f kirchhoff_residual_flops=%.0f"
           " kirchhoff_jacobian_flops=%.0f bodies_ratio=%.3f kirchhoff_ancf_cpu_ratio_10=%.3f"
           " kirchhoff_ancf_cpu_ratio_100=%.3f\n",
           wall_hht, flops_hht, wall_ref, growth, t_end, wall_median, repeat, element, fr_a, fj_a, fr_k, fj_k,
           bodies_ratio, kind_ratio[0], kind_ratio[1]);
    return 0;
}
