/* smoke-test: --t-end 0.05 */
/* Paper 001, section 4.3: a 1 m ALE-ANCF tether, 0.5 m lying on a table and
 * 0.5 m hanging over its edge.  The node at the edge is fixed in space with a
 * free material coordinate, so cable flows over the edge through it.  Friction
 * on the table follows eq. 29 (mu, eps).  Prints the displacement of the first
 * node, the energy balance and, with --reference, the MAE of SI-HHT against
 * the adaptive implicit reference; --table runs the reference once and SI-HHT
 * at the paper's seven step sizes beside Table 7.  The mesh is the paper's:
 * ten elements, one on the table and nine hanging (the transition node,
 * fixed in space with a free material coordinate, is the paper's p_1: the
 * second node).  Until 0.3 the example had 1 + 5 elements
 * (--hanging-elements 5).  The paper simulates 0.8 s with friction; with
 * this cable the free end reaches the edge at about 0.71 s (the table
 * element collapses), so 0.6 s by default. */
#include "common.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct params {
    double mu, eps, h, t_end, dt_out, E, I, rho, d;
    int table_el, hang_el;
    const char *method, *csv;
    int si_scheme; /* --si-scheme: ALECABLE_SI_SCHEME_* */
    int watch;     /* --watch: alecable_dynamic_options.watch */
} params;

typedef struct run {
    int n, stride;             /* samples k = 0..n, at t = k stride dt_out */
    double *u;                 /* displacement of the first node along the table */
    double e0, e_min, e_max;   /* total energy */
    double wall;
    alecable_step_stats stats;
    int status;
    char msg[256];
} run;

/* Paper 001 Table 7: SI HHT's wall time [s] and MAE of the first node's
 * displacement [mm] at table_h, mu = 0 (0.4 s) and mu = 0.4 (0.8 s), and the
 * reference's wall time. */
static const double table_h[7] = {1e-4, 2.5e-4, 5e-4, 1e-3, 2.5e-3, 5e-3, 1e-2};
static const double paper_wall[2][7] = {{17.23, 7.35, 3.47, 1.80, 0.79, 0.39, 0.23},
                                        {35.53, 13.66, 7.21, 3.38, 1.47, 0.76, 0.40}};
static const double paper_mae[2][7] = {{2.30, 2.34, 2.39, 2.52, 2.57, 2.16, 3.83},
                                       {1.20, 0.82, 0.65, 3.03, 10.11, 13.28, 27.89}};
static const double paper_ref_wall[2] = {931.14, 1251.70};

/* Table top y = 0 for x < 0, edge at the origin; the cable lies along -x on
 * the table (s = 0 at its free end) and hangs along -y.  As in the paper,
 * gravity acts on the hanging elements; the table carries the weight of the
 * others, which only sets their friction.  hold: the free end is held (used
 * to find the static start). */
static alecable_model *build(const params *p, int hold, alecable_node **first)
{
    alecable_model *m;
    alecable_cable *c;
    alecable_section sec;
    alecable_node *n;
    alecable_friction_plane_params fp;
    double end[3] = {-0.5, 0, 0}, edge[3] = {0, 0, 0}, bottom[3] = {0, -0.5, 0}, weight[3];
    double corner[3] = {0.70710678118654752, -0.70710678118654752, 0};
    int i, n_nodes;
    ex_check(NULL, alecable_model_create(&m, NULL), "model_create");
    alecable_section_init(&sec);
    sec.E = p->E;
    sec.A = M_PI * 0.25 * p->d * p->d;
    sec.rho = p->rho;
    sec.I = p->I;
    ex_check(m, alecable_cable_create(&c, m, ALECABLE_ELEMENT_ANCF, &sec), "cable_create");
    ex_check(m, alecable_cable_line(c, end, edge, 0.0, 0.5, p->table_el), "cable_line");
    ex_check(m, alecable_cable_line(c, edge, bottom, 0.5, 1.0, p->hang_el), "cable_line");
    alecable_cable_counts(c, &n_nodes, NULL);
    for (i = 0; i < n_nodes; i++) {
        ex_check(m, alecable_cable_node(&n, c, i), "cable_node");
        ex_check(m, alecable_fix(NULL, m, n, ALECABLE_DOF_Z), "planar");
        ex_check(m, alecable_fix(NULL, m, n, ALECABLE_DOF_DZ), "planar");
        if (i < p->table_el) {
            /* on the table: no vertical motion, straight */
            ex_check(m, alecable_fix(NULL, m, n, ALECABLE_DOF_Y), "on table");
            ex_check(m, alecable_fix(NULL, m, n, ALECABLE_DOF_DY), "on table");
        }
        if (i == p->table_el) {
            /* the transition node: fixed in space, material flows through it;
             * its slope bisects the corner */
            ex_check(m, alecable_node_set_slope(n, corner), "set_slope");
            ex_check(m, alecable_fix(NULL, m, n, ALECABLE_DOF_X), "edge");
            ex_check(m, alecable_fix(NULL, m, n, ALECABLE_DOF_Y), "edge");
        } else {
            ex_check(m, alecable_fix(NULL, m, n, ALECABLE_DOF_S), "Lagrangian node");
        }
    }
    ex_check(m, alecable_cable_node(first, c, 0), "cable_node");
    if (hold) ex_check(m, alecable_fix(NULL, m, *first, ALECABLE_DOF_X), "hold");
    weight[0] = weight[2] = 0;
    weight[1] = -9.81 * sec.rho * sec.A;
    ex_check(m, alecable_load_distributed_range(NULL, m, c, p->table_el, p->hang_el, weight), "weight");
    if (p->mu > 0) {
        alecable_friction_plane_params_init(&fp);
        fp.normal[0] = 0;
        fp.normal[1] = 1;
        fp.normal[2] = 0;
        fp.mu = p->mu;
        fp.eps = p->eps;
        fp.weight = 0;
        fp.normal_load = -weight[1];
        /* as in the paper, the table elements are in contact by assumption:
         * the stiff corner may lift their interior slightly off the table */
        fp.gap = 1.0;
        fp.first_element = 0;
        fp.n_elements = p->table_el;
        ex_check(m, alecable_load_friction_plane(NULL, m, c, &fp), "friction");
    }
    return m;
}

static double total_energy(alecable_model *m)
{
    double wi, we, T;
    alecable_model_energy(m, &wi, &we);
    alecable_model_kinetic_energy(m, &T);
    return wi + we + T;
}

/* The released state: static equilibrium with the end held (the corner at
 * the edge bent, the hanging part stretched), found quasistatically. */
static void start_state(const params *p, alecable_model *m)
{
    alecable_node *first;
    alecable_model *held = build(p, 1, &first);
    alecable_quasistatic_options o;
    alecable_solve_report rep;
    int nq;
    double *q;
    alecable_quasistatic_options_init(&o);
    o.load_steps = 10;
    alecable_solve_report_init(&rep);
    ex_check(held, alecable_solve_quasistatic(held, &o, &rep), "static start");
    ex_check(held, alecable_model_sizes(held, &nq, NULL), "sizes");
    q = (double *)malloc(sizeof(double) * (size_t)nq);
    ex_check(held, alecable_model_get_state(held, q, NULL, NULL), "get_state");
    ex_check(m, alecable_model_finalize(m), "finalize");
    ex_check(m, alecable_model_set_state(m, q, NULL, 0.0), "set_state");
    free(q);
    alecable_model_destroy(held);
}

/* Runs one simulation and samples the first node every stride dt_out
 * (stride > 1 only for fixed steps longer than dt_out, so that every sample
 * ends a step). */
static void simulate(const params *p, int method, int adaptive, run *out)
{
    alecable_node *first;
    alecable_model *m = build(p, 0, &first);
    alecable_integrator *it;
    alecable_dynamic_options o;
    double x[3], x0, t0;
    int k, st;
    memset(out, 0, sizeof *out);
    alecable_dynamic_options_init(&o);
    o.method = method;
    o.h = p->h;
    o.adaptive = adaptive;
    o.atol = 1e-6;
    o.si_scheme = p->si_scheme;
    o.watch = p->watch;
    out->stride = adaptive || p->h <= p->dt_out ? 1 : (int)ceil(p->h / p->dt_out - 1e-9);
    out->n = (int)floor(p->t_end / p->dt_out + 0.5) / out->stride;
    out->u = (double *)calloc((size_t)out->n + 1, sizeof(double));
    start_state(p, m);
    if ((st = alecable_model_integrator(&it, m, &o))) {
        out->status = st;
        snprintf(out->msg, sizeof out->msg, "%s", alecable_model_errmsg(m));
        alecable_model_destroy(m);
        return;
    }
    alecable_node_position(first, x);
    x0 = x[0];
    alecable_model_pull_state(m, it);
    out->e0 = out->e_min = out->e_max = total_energy(m);
    t0 = ex_now();
    for (k = 1; k <= out->n; k++) {
        double e, t1 = k * out->stride * p->dt_out;
        if ((st = alecable_integrator_advance(it, t1))) {
            out->status = st;
            snprintf(out->msg, sizeof out->msg, "t = %g: %s", t1, alecable_integrator_errmsg(it));
            break;
        }
        alecable_model_pull_state(m, it);
        alecable_node_position(first, x);
        out->u[k] = x[0] - x0;
        e = total_energy(m);
        if (e < out->e_min) out->e_min = e;
        if (e > out->e_max) out->e_max = e;
    }
    out->wall = ex_now() - t0;
    alecable_step_stats_init(&out->stats);
    alecable_integrator_stats(it, &out->stats);
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
}

/* The adaptive implicit Newmark reference (the paper's, atol 1e-6). */
static int reference(const params *p, run *ref)
{
    simulate(p, ALECABLE_METHOD_NEWMARK, 1, ref);
    return ex_report_reference(ref->status, ref->msg, &ref->stats, ref->wall);
}

/* Paper Table 7's MAE: the difference between the first node's displacements
 * of r and the reference (sampled every dt_out), averaged over r's samples. */
static double first_node_mae(const run *r, const run *ref)
{
    double sum = 0;
    int k;
    for (k = 0; k <= r->n; k++) sum += fabs(r->u[k] - ref->u[k * r->stride]);
    return sum / (r->n + 1);
}

/* --table: the reference once, then the method at each of table_h, beside
 * the paper's figures for mu = 0 or 0.4 (its machine's wall times; its MAE
 * as the bound). */
static int table(const params *p, int method)
{
    int i, within = 0, failed = 0, cs = p->mu == 0 ? 0 : fabs(p->mu - 0.4) < 1e-12 ? 1 : -1;
    double paper_t = cs == 1 ? 0.8 : 0.4;
    char maes[256] = "";
    params q = *p;
    run ref, r;
    printf("sliding_tether --table: E = %g Pa, mu = %g, eps = %g m/s, %d + %d elements, %s vs. the adaptive implicit "
           "reference, %g s\n",
           p->E, p->mu, p->eps, p->table_el, p->hang_el, p->method, p->t_end);
    if (cs < 0)
        printf("  the paper has no figures for mu = %g (only 0 and 0.4)\n", p->mu);
    else if (fabs(p->t_end - paper_t) > 1e-9)
        printf("  the paper simulates %g s%s\n", paper_t,
               cs == 1 && p->t_end < paper_t
                   ? ": with this cable the free end reaches the edge at about 0.71 s (the table element "
                     "collapses), so 0.6 s by default"
                   : "");
    if (reference(p, &ref)) {
        free(ref.u);
        printf("result: status=%d\n", ref.status);
        return 1;
    }
    if (cs >= 0)
        printf("  paper Table 7, mu = %g: reference %.2f s; MAE sampled every %g s (every h when longer); "
               "within: MAE <= the paper's\n",
               p->mu, paper_ref_wall[cs], p->dt_out);
    printf("  %9s %10s %10s   %14s %15s  %s\n", "h [s]", "wall [s]", "MAE [mm]", "paper wall [s]", "paper MAE [mm]",
           "within");
    for (i = 0; i < 7; i++) {
        size_t len = strlen(maes);
        q.h = table_h[i];
        simulate(&q, method, 0, &r);
        if (r.status) {
            failed++;
            printf("  %9.2e   failed: %s: %s\n", q.h, alecable_strerror(r.status), r.msg);
            snprintf(maes + len, sizeof maes - len, "%sfailed", i ? "," : "");
        } else {
            double mae = 1e3 * first_node_mae(&r, &ref);
            int ok = cs >= 0 && mae <= paper_mae[cs][i];
            within += ok;
            if (cs >= 0)
                printf("  %9.2e %10.3f %10.4f   %14.2f %15g  %s\n", q.h, r.wall, mae, paper_wall[cs][i],
                       paper_mae[cs][i], ok ? "yes" : "NO");
            else
                printf("  %9.2e %10.3f %10.4f\n", q.h, r.wall, mae);
            snprintf(maes + len, sizeof maes - len, "%s%.6f", i ? "," : "", mae);
        }
        free(r.u);
    }
    printf("result: status=0 method=%s mu=%g table=1 ref_steps=%ld ref_wall_s=%.4f within=%d/7 failed=%d mae_mm=%s\n",
           p->method, p->mu, ref.stats.steps, ref.wall, within, failed, maes);
    free(ref.u);
    return 0;
}

int main(int argc, char **argv)
{
    params p = {0.0, 1e-3, 1e-3, -1, 1e-3, 1e7, 1e-8, 5000, 0.01, 1, 9, "si-hht", NULL, 0, 0};
    const char *scheme = "library";
    run r, ref;
    int with_reference = 0, with_table = 0, adaptive = 0, rc, method, k;
    double mae = -1, scale, drift;
    ex_opt opts[] = {
        {"--mu", 'd', &p.mu, "friction coefficient on the table"},
        {"--eps", 'd', &p.eps, "friction regularization velocity [m/s]"},
        {"--h", 'd', &p.h, "time step [s]"},
        {"--method", 's', &p.method, "newmark, hht, genalpha, si-be, si-bdf2, si-newmark, si-hht"},
        {"--adaptive", 'f', &adaptive, "adaptive step size (implicit methods)"},
        {"--t-end", 'd', &p.t_end, "simulated time [s] (default 0.4 without friction, 0.6 with)"},
        {"--E", 'd', &p.E, "Young's modulus [Pa]"},
        {"--table-elements", 'i', &p.table_el, "elements on the table"},
        {"--hanging-elements", 'i', &p.hang_el,
         "elements hanging (the paper's ten elements: 1 + 9, the transition node its p_1; 0.2 had 1 + 5)"},
        {"--si-scheme", 's', &scheme,
         "semi-implicit scheme: library (linearized at the predicted state) or paper (paper 001 as printed)"},
        {"--watch", 'i', &p.watch, "divergence watch: 0 or 1 on (default), -1 off"},
        {"--reference", 'f', &with_reference, "also run the adaptive implicit Newmark reference; print the MAE"},
        {"--table", 'f', &with_table,
         "paper Table 7: the reference once, then --method at h = 1e-4 ... 1e-2 s; wall time and MAE beside the "
         "paper's"},
        {"--csv", 's', &p.csv, "write t and the first node's displacement to this CSV file"},
        {NULL, 0, NULL, NULL}};
    rc = ex_parse(argc, argv, opts, "Tether sliding over a table edge through an ALE node (paper 001, sec. 4.3).");
    if (rc) return rc > 0 ? 0 : 2;
    /* the paper simulates 0.8 s with friction; with this cable (the pendulum's,
     * the paper gives no other) the free end reaches the edge at about 0.71 s */
    if (p.t_end < 0) p.t_end = p.mu > 0 ? 0.6 : 0.4;
    if ((method = ex_method(p.method)) < 0 || p.table_el < 1 || p.hang_el < 1) {
        fprintf(stderr, "bad --method or element counts\n");
        return 2;
    }
    if ((p.si_scheme = ex_si_scheme(scheme)) < 0) {
        fprintf(stderr, "unknown --si-scheme %s (library or paper)\n", scheme);
        return 2;
    }
    if (with_table) return table(&p, method);
    simulate(&p, method, adaptive, &r);
    printf("sliding_tether: E = %g Pa, EI = %g N m^2, mu = %g, eps = %g m/s, %d + %d elements, %s, h = %g s, %g s\n",
           p.E, p.E * p.I, p.mu, p.eps, p.table_el, p.hang_el, p.method, p.h, p.t_end);
    if (r.status) {
        printf("  failed: %s: %s\nresult: status=%d\n", alecable_strerror(r.status), r.msg, r.status);
        return 1;
    }
    /* energy scale: the potential energy the hanging half can release, m g L / 4 */
    scale = p.rho * M_PI * 0.25 * p.d * p.d * 1.0 * 9.81 * 0.25;
    drift = (r.e_max - r.e_min) / scale;
    printf("  first node moved %.6f m; steps %ld (rejected %ld), wall %.3f s\n", r.u[r.n], r.stats.steps,
           r.stats.rejected, r.wall);
    printf("  total energy range / (m g L/4) = %.3e%s\n", drift, p.mu > 0 ? " (friction dissipates)" : "");
    if (with_reference) {
        if (!reference(&p, &ref)) {
            mae = first_node_mae(&r, &ref);
            printf("  MAE of the first node %.4f mm\n", 1e3 * mae);
        }
        free(ref.u);
    }
    if (p.csv) {
        FILE *f = fopen(p.csv, "w");
        if (!f) {
            perror(p.csv);
            return 1;
        }
        fprintf(f, "t,u\n");
        for (k = 0; k <= r.n; k++) fprintf(f, "%.6f,%.12g\n", k * r.stride * p.dt_out, r.u[k]);
        fclose(f);
    }
    printf("result: status=0 method=%s mu=%g h=%g u_first=%.9f energy_range_rel=%.6e wall_s=%.4f", p.method, p.mu,
           p.h, r.u[r.n], drift, r.wall);
    if (mae >= 0) printf(" mae_mm=%.6f", 1e3 * mae);
    printf("\n");
    free(r.u);
    return 0;
}
