/* smoke-test: --t-end 0.05 */
/* Paper 001, section 4.3: a 1 m ALE-ANCF tether, 0.5 m lying on a table and
 * 0.5 m hanging over its edge.  The node at the edge is fixed in space with a
 * free material coordinate, so cable flows over the edge through it.  Friction
 * on the table follows eq. 29 (mu, eps).  Prints the displacement of the first
 * node, the energy balance and, with --reference, the MAE of SI-HHT against
 * the adaptive implicit reference (paper: Table 7). */
#include "common.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct params {
    double mu, eps, h, t_end, dt_out, E, I, rho, d;
    int table_el, hang_el;
    const char *method, *csv;
} params;

typedef struct run {
    int n;
    double *u;                 /* displacement of the first node along the table */
    double e0, e_min, e_max;   /* total energy */
    double wall;
    alecable_step_stats stats;
    int status;
    char msg[256];
} run;

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
    out->n = (int)floor(p->t_end / p->dt_out + 0.5);
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
        double e;
        if ((st = alecable_integrator_advance(it, k * p->dt_out))) {
            out->status = st;
            snprintf(out->msg, sizeof out->msg, "t = %g: %s", k * p->dt_out, alecable_integrator_errmsg(it));
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

int main(int argc, char **argv)
{
    params p = {0.0, 1e-3, 1e-3, -1, 1e-3, 1e7, 1e-8, 5000, 0.01, 1, 5, "si-hht", NULL};
    run r, ref;
    int reference = 0, adaptive = 0, rc, method, k;
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
        {"--hanging-elements", 'i', &p.hang_el, "elements hanging"},
        {"--reference", 'f', &reference, "also run the adaptive implicit Newmark reference; print the MAE"},
        {"--csv", 's', &p.csv, "write t and the first node's displacement to this CSV file"},
        {NULL, 0, NULL, NULL}};
    rc = ex_parse(argc, argv, opts, "Tether sliding over a table edge through an ALE node (paper 001, sec. 4.3).");
    if (rc) return rc > 0 ? 0 : 2;
    /* the paper simulates 0.8 s with friction; with this cable (the pendulum's,
     * the paper gives no other) the free end reaches the edge at about 0.72 s */
    if (p.t_end < 0) p.t_end = p.mu > 0 ? 0.6 : 0.4;
    if ((method = ex_method(p.method)) < 0 || p.table_el < 1 || p.hang_el < 1) {
        fprintf(stderr, "bad --method or element counts\n");
        return 2;
    }
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
    if (reference) {
        simulate(&p, ALECABLE_METHOD_NEWMARK, 1, &ref);
        if (ref.status) {
            printf("  reference failed: %s\n", ref.msg);
        } else {
            mae = 0;
            for (k = 0; k <= r.n; k++) mae += fabs(r.u[k] - ref.u[k]);
            mae /= r.n + 1;
            printf("  reference (adaptive Newmark, atol 1e-6): %ld steps, %.3f s; MAE %.4f mm\n", ref.stats.steps,
                   ref.wall, 1e3 * mae);
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
        for (k = 0; k <= r.n; k++) fprintf(f, "%.6f,%.12g\n", k * p.dt_out, r.u[k]);
        fclose(f);
    }
    printf("result: status=0 method=%s mu=%g h=%g u_first=%.9f energy_range_rel=%.6e wall_s=%.4f", p.method, p.mu,
           p.h, r.u[r.n], drift, r.wall);
    if (mae >= 0) printf(" mae_mm=%.6f", 1e3 * mae);
    printf("\n");
    free(r.u);
    return 0;
}
