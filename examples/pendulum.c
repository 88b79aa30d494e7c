/* smoke-test: --t-end 0.5 */
/* Paper 001, section 4.1: flexible pendulum.  A 1 m ANCF cable pinned at one
 * end is released horizontally under gravity.  Prints the tip height, the
 * energy balance and, with --reference, the mean absolute error of the tip
 * height against the adaptive implicit Newmark reference (paper: Tables 3-5). */
#include "common.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* run status beside the library's codes: finite, but no longer a pendulum */
#define DIVERGED 1

typedef struct params {
    double E, h, t_end, atol, dt_out, diameter, rho, I, L;
    int elements, vtk_every, ale;
    const char *method, *vtk, *csv;
    int vtk_legacy; /* --vtk-legacy */
    int si_scheme;  /* --si-scheme: ALECABLE_SI_SCHEME_* */
} params;

typedef struct run {
    int n_out;
    double *tip_y;       /* tip height at t = k dt_out */
    double e0, e_min, e_max; /* total energy: initial, extremes */
    double wall;
    alecable_step_stats stats;
    int status;
    char msg[256];
} run;

static alecable_model *build(const params *p, alecable_node **tip)
{
    alecable_model *m;
    alecable_cable *c;
    alecable_section sec;
    alecable_node *n;
    double a[3] = {0, 0, 0}, b[3] = {p->L, 0, 0}, g[3] = {0, -9.81, 0};
    int i;
    ex_check(NULL, alecable_model_create(&m, NULL), "model_create");
    alecable_section_init(&sec);
    sec.E = p->E;
    sec.A = M_PI * 0.25 * p->diameter * p->diameter;
    sec.rho = p->rho;
    sec.I = p->I;
    ex_check(m, alecable_cable_create(&c, m, ALECABLE_ELEMENT_ANCF, &sec), "cable_create");
    ex_check(m, alecable_cable_line(c, a, b, 0.0, p->L, p->elements), "cable_line");
    /* classical (Lagrangian) ANCF: no material flow; --ale keeps the s
     * unknowns and holds each with a fix (same motion, more work) */
    if (!p->ale) ex_check(m, alecable_cable_set_lagrangian(c, 1), "set_lagrangian");
    for (i = 0; i <= p->elements; i++) {
        ex_check(m, alecable_cable_node(&n, c, i), "cable_node");
        if (p->ale) ex_check(m, alecable_fix(NULL, m, n, ALECABLE_DOF_S), "fix s");
        if (i == 0) {
            ex_check(m, alecable_fix(NULL, m, n, ALECABLE_DOF_X), "pin");
            ex_check(m, alecable_fix(NULL, m, n, ALECABLE_DOF_Y), "pin");
            ex_check(m, alecable_fix(NULL, m, n, ALECABLE_DOF_Z), "pin");
        }
    }
    *tip = n;
    ex_check(m, alecable_model_set_gravity(m, g), "set_gravity");
    return m;
}

static double total_energy(alecable_model *m)
{
    double wi, we, T;
    alecable_model_energy(m, &wi, &we);
    alecable_model_kinetic_energy(m, &T);
    return wi + we + T;
}

static void simulate(const params *p, int method, int adaptive, double atol, int write, run *out)
{
    ex_vtk_series vs;
    alecable_node *tip;
    alecable_model *m = build(p, &tip);
    alecable_integrator *it;
    alecable_dynamic_options o;
    double x[3], t0, e_scale;
    int k, st;
    alecable_dynamic_options_init(&o);
    o.method = method;
    o.h = p->h;
    o.adaptive = adaptive;
    o.si_scheme = p->si_scheme;
    if (adaptive) o.atol = atol;
    memset(out, 0, sizeof *out);
    out->n_out = (int)floor(p->t_end / p->dt_out + 0.5);
    out->tip_y = (double *)calloc((size_t)out->n_out + 1, sizeof(double));
    st = alecable_model_integrator(&it, m, &o);
    if (st) {
        out->status = st;
        snprintf(out->msg, sizeof out->msg, "%s", alecable_model_errmsg(m));
        alecable_model_destroy(m);
        return;
    }
    alecable_model_pull_state(m, it);
    out->e0 = out->e_min = out->e_max = total_energy(m);
    e_scale = 0.5 * p->rho * M_PI * 0.25 * p->diameter * p->diameter * p->L * 9.81 * p->L; /* m g L/2 */
    alecable_node_position(tip, x);
    out->tip_y[0] = x[1];
    ex_vtk_begin(&vs, write ? p->vtk : NULL, "pendulum", p->vtk_legacy);
    ex_vtk_frame(&vs, m, 0.0);
    t0 = ex_now();
    for (k = 1; k <= out->n_out; k++) {
        double e;
        st = alecable_integrator_advance(it, k * p->dt_out);
        if (st) {
            out->status = st;
            snprintf(out->msg, sizeof out->msg, "t = %g: %s", k * p->dt_out, alecable_integrator_errmsg(it));
            break;
        }
        alecable_model_pull_state(m, it);
        alecable_node_position(tip, x);
        out->tip_y[k] = x[1];
        if (k % p->vtk_every == 0) ex_vtk_frame(&vs, m, k * p->dt_out);
        e = total_energy(m);
        if (e < out->e_min) out->e_min = e;
        if (e > out->e_max) out->e_max = e;
        /* released from rest, the pendulum cannot gain energy: a gain of the
         * whole potential drop m g L/2 is a run that diverges without (yet)
         * overflowing, and is reported as such */
        if (e - out->e0 > e_scale) {
            out->status = DIVERGED;
            snprintf(out->msg, sizeof out->msg, "t = %g: diverged (total energy grew by %.3g m g L/2)",
                     k * p->dt_out, (e - out->e0) / e_scale);
            break;
        }
    }
    out->wall = ex_now() - t0;
    ex_vtk_end(&vs, m);
    if (write && p->csv) {
        FILE *f = fopen(p->csv, "w");
        if (f) {
            fprintf(f, "t,tip_y\n");
            for (k = 0; k <= out->n_out; k++) fprintf(f, "%.6f,%.12g\n", k * p->dt_out, out->tip_y[k]);
            fclose(f);
        }
    }
    alecable_step_stats_init(&out->stats);
    alecable_integrator_stats(it, &out->stats);
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
}

/* Tables 3-5 of the paper: MAE of the tip height of each semi-implicit method
 * against the adaptive implicit reference, for the three moduli. */
static int print_table(const params *base)
{
    static const double moduli[] = {1e7, 1e8, 1e9}, steps[] = {1e-4, 2.5e-4, 5e-4, 1e-3, 2.5e-3, 5e-3, 1e-2};
    static const char *names[] = {"si-newmark", "si-hht", "si-bdf2", "si-be"};
    int e, j, k, i;
    for (e = 0; e < 3; e++) {
        params p = *base;
        run ref;
        p.E = moduli[e];
        simulate(&p, ALECABLE_METHOD_NEWMARK, 1, p.atol, 0, &ref);
        printf("E = %g Pa, %g s: MAE of the tip height [mm] against adaptive Newmark (atol %g)%s\n", p.E, p.t_end,
               p.atol, ref.status ? ": reference failed" : "");
        if (ref.status) {
            free(ref.tip_y);
            continue;
        }
        printf("%-10s %12s %12s %12s %12s\n", "h [s]", names[0], names[1], names[2], names[3]);
        for (j = 0; j < 7; j++) {
            printf("%-10g", steps[j]);
            for (k = 0; k < 4; k++) {
                run r;
                p.h = steps[j];
                simulate(&p, ex_method(names[k]), 0, p.atol, 0, &r);
                if (r.status) {
                    printf(" %12s", "unstable");
                } else {
                    double mae = 0;
                    for (i = 0; i <= r.n_out; i++) mae += fabs(r.tip_y[i] - ref.tip_y[i]);
                    printf(" %12.3f", 1e3 * mae / (r.n_out + 1));
                }
                free(r.tip_y);
                fflush(stdout);
            }
            printf("\n");
        }
        free(ref.tip_y);
    }
    printf("result: status=0 table=1 t_end=%g\n", base->t_end);
    return 0;
}

int main(int argc, char **argv)
{
    params p = {1e8, 1e-3, 10.0, 1e-6, 1e-2, 0.01, 5000, 1e-8, 1.0, 10, 10, 0, "si-hht", NULL, NULL, 0, 0};
    const char *scheme = "library";
    int reference = 0, adaptive = 0, table = 0, rc, method, k;
    run r, ref;
    double mae = -1, drift;
    ex_opt opts[] = {
        {"--E", 'd', &p.E, "Young's modulus [Pa]"},
        {"--h", 'd', &p.h, "time step [s] (initial step when adaptive)"},
        {"--method", 's', &p.method, "newmark, hht, bossak, genalpha, si-be, si-bdf2, si-newmark, si-hht"},
        {"--t-end", 'd', &p.t_end, "simulated time [s]"},
        {"--elements", 'i', &p.elements, "number of ANCF elements"},
        {"--ale", 'f', &p.ale, "keep the material coordinates as unknowns, each held by a fix (default: a Lagrangian cable)"},
        {"--si-scheme", 's', &scheme,
         "semi-implicit scheme: library (linearized at the predicted state) or paper (paper 001 as printed)"},
        {"--adaptive", 'f', &adaptive, "adaptive step size (implicit methods)"},
        {"--atol", 'd', &p.atol, "absolute tolerance of the adaptive step size and of the reference"},
        {"--reference", 'f', &reference, "also run the adaptive implicit Newmark reference and print the MAE"},
        {"--dt-out", 'd', &p.dt_out, "sampling interval of the tip height [s]"},
        {"--table", 'f', &table, "print the MAE of the four SI methods at 7 step sizes for E = 1e7, 1e8, 1e9 (Tables 3-5)"},
        {"--csv", 's', &p.csv, "write t and the tip height to this CSV file"},
        {"--vtk", 's', &p.vtk, "write a VTK series (pendulum_NNNNN.vtp and pendulum.pvd) into this existing folder"},
        {"--vtk-legacy", 'f', &p.vtk_legacy, EX_VTK_LEGACY_HELP},
        {"--vtk-every", 'i', &p.vtk_every, "write every n-th sample to the VTK series"},
        {NULL, 0, NULL, NULL}};
    rc = ex_parse(argc, argv, opts, "Flexible ANCF pendulum released horizontally (paper 001, sec. 4.1).");
    if (rc) return rc > 0 ? 0 : 2;
    method = ex_method(p.method);
    if (method < 0) {
        fprintf(stderr, "unknown --method %s\n", p.method);
        return 2;
    }
    if (p.vtk_every < 1) p.vtk_every = 1;
    p.si_scheme = ex_si_scheme(scheme);
    if (p.si_scheme < 0) {
        fprintf(stderr, "unknown --si-scheme %s (library or paper)\n", scheme);
        return 2;
    }
    if (table) return print_table(&p);
    simulate(&p, method, adaptive, p.atol, 1, &r);
    printf("pendulum: L = %g m, d = %g m, rho = %g, I = %g m^4, E = %g Pa, %d elements, %s, h = %g s%s, %g s\n", p.L,
           p.diameter, p.rho, p.I, p.E, p.elements, p.method, p.h, adaptive ? " (adaptive)" : "", p.t_end);
    if (r.status) {
        printf("  failed: %s: %s\n", r.status == DIVERGED ? "unstable" : alecable_strerror(r.status), r.msg);
        printf("result: status=%d\n", r.status);
        return 1;
    }
    /* the released pendulum starts at zero total energy: the scale is the
     * potential-energy drop of its centre of mass, m g L / 2 */
    drift = (r.e_max - r.e_min) / (0.5 * p.rho * M_PI * 0.25 * p.diameter * p.diameter * p.L * 9.81 * p.L);
    printf("  steps %ld (rejected %ld), Newton iterations %ld, wall %.3f s, real-time factor %.1f\n", r.stats.steps,
           r.stats.rejected, r.stats.newton_iterations, r.wall, p.t_end / r.wall);
    printf("  tip height at t_end: %.6f m; total energy range / (m g L/2) = %.3e\n", r.tip_y[r.n_out], drift);
    if (reference) {
        params pr = p;
        simulate(&pr, ALECABLE_METHOD_NEWMARK, 1, p.atol, 0, &ref);
        if (ref.status) {
            printf("  reference failed: %s\n", ref.msg);
        } else {
            mae = 0;
            for (k = 0; k <= r.n_out; k++) mae += fabs(r.tip_y[k] - ref.tip_y[k]);
            mae /= r.n_out + 1;
            printf("  reference (adaptive Newmark, atol %g): %ld steps, %.3f s; MAE of the tip height %.4f mm\n",
                   p.atol, ref.stats.steps, ref.wall, 1e3 * mae);
        }
        free(ref.tip_y);
    }
    printf("result: status=0 method=%s h=%g E=%g tip_y=%.17g energy_range_rel=%.17g wall_s=%.4f steps=%ld", p.method,
           p.h, p.E, r.tip_y[r.n_out], drift, r.wall, r.stats.steps);
    if (mae >= 0) printf(" mae_mm=%.6f", 1e3 * mae);
    printf("\n");
    free(r.tip_y);
    return 0;
}
