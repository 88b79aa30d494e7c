/* smoke-test: --steps 200 --repeat 2 --t-end 0.5 */
/* CPU time per step of the flexible pendulum of paper 001 (sec. 4.1) and the
 * MAE of its tip height against the adaptive implicit reference: the figures
 * `make bench` (mk/bench.mk) puts beside 0.2.0's.  This file uses only API
 * and example helpers (examples/common.h) that 0.2.0 already had, so that the
 * same source is built against 0.2.0's library and today's; keep it so.
 * Timings are printed, never asserted. */
#define _POSIX_C_SOURCE 200809L
#include "common.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_REPEAT 100
#define DT_OUT 1e-2 /* sampling interval of the tip height [s], as examples/pendulum.c */

typedef struct params {
    double E, h, t_end, atol;
    int elements, method;
} params;

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* the process's CPU seconds: the machine's other load changes them less than
 * wall time (it still costs caches and frequency, hence the best of repeats) */
static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* examples/pendulum.c's model: a 1 m Lagrangian ANCF cable, d = 1 cm,
 * rho = 5000, I = 1e-8 m^4, pinned at x = 0, released horizontally under
 * gravity; *tip receives the free end */
static alecable_model *pendulum(const params *p, alecable_node **tip)
{
    alecable_model *m;
    alecable_cable *c;
    alecable_section sec;
    alecable_node *n = NULL;
    double a[3] = {0, 0, 0}, b[3] = {1, 0, 0}, g[3] = {0, -9.81, 0};
    int i;
    ex_check(NULL, alecable_model_create(&m, NULL), "model_create");
    alecable_section_init(&sec);
    sec.E = p->E;
    sec.A = M_PI * 0.25 * 0.01 * 0.01;
    sec.rho = 5000;
    sec.I = 1e-8;
    ex_check(m, alecable_cable_create(&c, m, ALECABLE_ELEMENT_ANCF, &sec), "cable_create");
    ex_check(m, alecable_cable_line(c, a, b, 0.0, 1.0, p->elements), "cable_line");
    ex_check(m, alecable_cable_set_lagrangian(c, 1), "set_lagrangian");
    for (i = 0; i <= p->elements; i++) {
        ex_check(m, alecable_cable_node(&n, c, i), "cable_node");
        if (i == 0) {
            ex_check(m, alecable_fix(NULL, m, n, ALECABLE_DOF_X), "pin");
            ex_check(m, alecable_fix(NULL, m, n, ALECABLE_DOF_Y), "pin");
            ex_check(m, alecable_fix(NULL, m, n, ALECABLE_DOF_Z), "pin");
        }
    }
    ex_check(m, alecable_model_set_gravity(m, g), "set_gravity");
    if (tip) *tip = n;
    return m;
}

static alecable_integrator *integrator(alecable_model *m, int method, double h, int adaptive, double atol)
{
    alecable_integrator *it;
    alecable_dynamic_options o;
    alecable_dynamic_options_init(&o);
    o.method = method;
    o.h = h;
    o.adaptive = adaptive;
    if (adaptive) o.atol = atol;
    ex_check(m, alecable_model_integrator(&it, m, &o), "model_integrator");
    return it;
}

/* CPU seconds of `steps` calls of alecable_integrator_step on a fresh model
 * (its set-up outside the clock); -1 when a step failed */
static double timed_run(const params *p, int steps)
{
    alecable_model *m = pendulum(p, NULL);
    alecable_integrator *it = integrator(m, p->method, p->h, 0, 0);
    double c0 = cpu_now(), cpu;
    int k, st = ALECABLE_OK;
    for (k = 0; k < steps && st == ALECABLE_OK; k++) st = alecable_integrator_step(it, p->h);
    cpu = cpu_now() - c0;
    if (st != ALECABLE_OK) {
        fprintf(stderr, "bench_step: step %d failed: %s\n", k, alecable_integrator_errmsg(it));
        cpu = -1;
    }
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
    return cpu;
}

/* the tip height at t = k DT_OUT, k = 0..n, into y (n + 1 values); *steps
 * receives the accepted steps; returns the status of the run */
static int trajectory(const params *p, int method, int adaptive, int n, double *y, long *steps)
{
    alecable_node *tip;
    alecable_model *m = pendulum(p, &tip);
    alecable_integrator *it = integrator(m, method, p->h, adaptive, p->atol);
    alecable_step_stats s;
    double x[3];
    int k, st = ALECABLE_OK;
    alecable_node_position(tip, x);
    y[0] = x[1];
    for (k = 1; k <= n && st == ALECABLE_OK; k++) {
        st = alecable_integrator_advance(it, k * DT_OUT);
        if (st != ALECABLE_OK) {
            fprintf(stderr, "bench_step: %s run: t = %g: %s\n", adaptive ? "reference" : "the", k * DT_OUT,
                    alecable_integrator_errmsg(it));
            break;
        }
        alecable_model_pull_state(m, it);
        alecable_node_position(tip, x);
        y[k] = x[1];
    }
    alecable_step_stats_init(&s);
    alecable_integrator_stats(it, &s);
    *steps = s.steps;
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
    return st;
}

/* n + 1 tip heights from a CSV "t,tip_y" (a header line, then one sample
 * per line at t = k DT_OUT, as --reference-out writes it); 0 when it read
 * exactly those */
static int read_reference(const char *path, int n, double *y)
{
    FILE *f = fopen(path, "r");
    char line[256];
    int k = 0;
    if (!f) {
        fprintf(stderr, "bench_step: --reference-csv %s: cannot open it\n", path);
        return -1;
    }
    if (!fgets(line, sizeof line, f)) k = -1;
    while (k >= 0 && fgets(line, sizeof line, f)) {
        double t, v;
        if (sscanf(line, "%lf,%lf", &t, &v) != 2 || k > n || fabs(t - k * DT_OUT) > 1e-9) {
            k = -1;
            break;
        }
        y[k++] = v;
    }
    fclose(f);
    if (k != n + 1) {
        fprintf(stderr, "bench_step: --reference-csv %s: expected %d samples t,tip_y at t = 0, %g, ..., %g s\n", path,
                n + 1, DT_OUT, n * DT_OUT);
        return -1;
    }
    return 0;
}

static int write_reference(const char *path, int n, const double *y)
{
    FILE *f = fopen(path, "w");
    int k;
    if (!f) {
        fprintf(stderr, "bench_step: --reference-out %s: cannot write it\n", path);
        return -1;
    }
    fprintf(f, "t,tip_y\n");
    for (k = 0; k <= n; k++) fprintf(f, "%.6f,%.17g\n", k * DT_OUT, y[k]);
    return fclose(f) == 0 ? 0 : -1;
}

int main(int argc, char **argv)
{
    params p = {1e8, 1e-3, 10.0, 1e-6, 10, 0};
    const char *method = "si-hht", *ref_in = NULL, *ref_out = NULL;
    int steps = 10000, repeat = 5, rc, r, n_out = 0, status = 0;
    double cpu[MAX_REPEAT], best = -1, median = -1, mae = -1, tip_y = 0;
    long run_steps = 0, ref_steps = 0;
    ex_opt opts[] = {
        {"--elements", 'i', &p.elements, "number of ANCF elements"},
        {"--integrator", 's', &method, "newmark, hht, bossak, genalpha, si-be, si-bdf2, si-newmark, si-hht"},
        {"--h", 'd', &p.h, "time step [s] (SI-HHT: 1e-3 at 10 elements; 1000 elements need about 5e-5 or less, make bench takes 1e-5)"},
        {"--steps", 'i', &steps, "steps of each timed run (from the release, on a fresh model)"},
        {"--repeat", 'i', &repeat, "timed runs: the best and the median CPU time per step are printed (0: none)"},
        {"--t-end", 'd', &p.t_end, "simulated time of the MAE run [s]: the tip height every 10 ms against the "
                                   "adaptive implicit Newmark reference (0: no MAE)"},
        {"--E", 'd', &p.E, "Young's modulus [Pa]"},
        {"--atol", 'd', &p.atol, "absolute tolerance of the adaptive reference"},
        {"--reference-csv", 's', &ref_in, "read the reference tip heights (t,tip_y) from this file instead of running it"},
        {"--reference-out", 's', &ref_out, "write the reference tip heights (t,tip_y) to this file"},
        {NULL, 0, NULL, NULL}};
    rc = ex_parse(argc, argv, opts,
                  "CPU time per step of the flexible ANCF pendulum (paper 001, sec. 4.1) and the MAE of its tip height\n"
                  "against the adaptive implicit reference; make bench runs it against 0.2.0 and today's library.");
    if (rc) return rc > 0 ? 0 : 2;
    p.method = ex_method(method);
    if (p.method < 0) {
        fprintf(stderr, "bench_step: --integrator %s: expected newmark, hht, bossak, genalpha, si-be, si-bdf2,"
                        " si-newmark or si-hht\n", method);
        return 2;
    }
    if (p.elements < 1 || p.elements > 10000000) {
        fprintf(stderr, "bench_step: --elements %d: must be 1 to 10^7\n", p.elements);
        return 2;
    }
    if (!(p.h > 0) || !(p.t_end >= 0) || !(p.atol > 0) || !(p.E > 0)) {
        fprintf(stderr, "bench_step: --h, --atol and --E must be positive, --t-end not negative\n");
        return 2;
    }
    if (steps < 1 || repeat < 0 || repeat > MAX_REPEAT) {
        fprintf(stderr, "bench_step: --steps %d --repeat %d: need steps >= 1 and 0 <= repeat <= %d\n", steps, repeat,
                MAX_REPEAT);
        return 2;
    }
    if ((ref_in || ref_out) && p.t_end <= 0) {
        fprintf(stderr, "bench_step: --reference-csv and --reference-out need --t-end > 0\n");
        return 2;
    }

    printf("bench_step: %d-element ANCF pendulum (paper 001), %s at h = %g s, E = %g Pa; library %s\n", p.elements,
           method, p.h, p.E, alecable_version());
    for (r = 0; r < repeat; r++) {
        cpu[r] = timed_run(&p, steps);
        if (cpu[r] < 0) {
            printf("result: status=1\n");
            return 1;
        }
    }
    if (repeat > 0) {
        qsort(cpu, (size_t)repeat, sizeof cpu[0], cmp_double);
        best = 1e6 * cpu[0] / steps;
        median = 1e6 * cpu[repeat / 2] / steps;
        printf("  CPU time per step: best %.3f us, median %.3f us (%d runs of %d steps, CLOCK_PROCESS_CPUTIME_ID)\n",
               best, median, repeat, steps);
    }

    if (p.t_end > 0) {
        double *y, *ref;
        n_out = (int)floor(p.t_end / DT_OUT + 0.5);
        y = (double *)calloc((size_t)n_out + 1, sizeof(double));
        ref = (double *)calloc((size_t)n_out + 1, sizeof(double));
        if (!y || !ref) {
            fprintf(stderr, "bench_step: out of memory\n");
            return 1;
        }
        if (trajectory(&p, p.method, 0, n_out, y, &run_steps) != ALECABLE_OK) status = 1;
        else if (ref_in) {
            if (read_reference(ref_in, n_out, ref)) status = 1;
        } else if (trajectory(&p, ALECABLE_METHOD_NEWMARK, 1, n_out, ref, &ref_steps) != ALECABLE_OK) status = 1;
        if (!status && ref_out && write_reference(ref_out, n_out, ref)) status = 1;
        if (!status) {
            int k;
            mae = 0;
            for (k = 0; k <= n_out; k++) mae += fabs(y[k] - ref[k]);
            mae = 1e3 * mae / (n_out + 1);
            tip_y = y[n_out];
            printf("  MAE of the tip height over %g s (every %g s) against %s: %.9f mm; tip height at the end %.9f m\n",
                   n_out * DT_OUT, DT_OUT, ref_in ? ref_in : "the adaptive implicit Newmark reference", mae, tip_y);
            if (!ref_in) printf("  (the reference: atol %g, %ld steps)\n", p.atol, ref_steps);
        }
        free(y);
        free(ref);
    }
    if (status) {
        printf("result: status=1\n");
        return 1;
    }
    printf("result: status=0 version=%s elements=%d integrator=%s h=%g steps=%d repeat=%d cpu_us_best=%.4f"
           " cpu_us_median=%.4f t_end=%g mae_mm=%.9f tip_y=%.17g\n",
           alecable_version(), p.elements, method, p.h, steps, repeat, best, median, n_out * DT_OUT, mae, tip_y);
    return 0;
}
