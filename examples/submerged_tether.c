/* smoke-test: --t-end 0.2 */
/* Paper 001, section 4.2: a submerged tether pinned at one end, with Morison
 * hydrodynamics (drag, buoyancy, added mass).  Case 1: released horizontal;
 * case 2: the pin moves at 0.5 m/s for 2 s, then stops.  Prints the tip
 * trajectory summary and, with --reference, the MAE of the tip position
 * against the adaptive implicit reference (paper: Table 6).  The paper gives
 * neither the tether's section nor the fluid coefficients: this program uses
 * the pendulum's cable (d = 1 cm, rho = 5000 kg/m^3, I = 1e-8 m^4) in water
 * with C_dn = 1.2, C_dt = 0.008, C_an = 1 (options). */
#include "common.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct params {
    double E, h, t_end, rho_f, cdn, cdt, can, speed, t_move;
    int elements, case_id;
    const char *method;
} params;

typedef struct run {
    int n;
    double (*tip)[3];
    double wall;
    alecable_step_stats stats;
    int status;
    char msg[256];
} run;

/* case 2: the pin's x moves at speed for t_move seconds, then stops */
static int base_motion(void *user, double t, double *value, double *rate, double *accel)
{
    const params *p = (const params *)user;
    double tt = t < p->t_move ? t : p->t_move;
    *value = p->speed * tt;
    *rate = t < p->t_move ? p->speed : 0.0;
    *accel = 0.0;
    return 0;
}

static alecable_model *build(const params *p, int implicit, alecable_node **tip, alecable_node **pin)
{
    alecable_model *m;
    alecable_cable *c;
    alecable_section sec;
    alecable_hydro_params hp;
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
    ex_check(m, alecable_cable_line(c, a, b, 0, 1, p->elements), "cable_line");
    for (i = 0; i <= p->elements; i++) {
        ex_check(m, alecable_cable_node(&n, c, i), "cable_node");
        ex_check(m, alecable_fix(NULL, m, n, ALECABLE_DOF_S), "fix s");
        if (i == 0) {
            *pin = n;
            if (p->case_id == 2)
                ex_check(m, alecable_prescribe_motion(NULL, m, n, ALECABLE_DOF_X, base_motion, (void *)p), "base");
            else
                ex_check(m, alecable_fix(NULL, m, n, ALECABLE_DOF_X), "pin");
            ex_check(m, alecable_fix(NULL, m, n, ALECABLE_DOF_Y), "pin");
            ex_check(m, alecable_fix(NULL, m, n, ALECABLE_DOF_Z), "pin");
        }
    }
    *tip = n;
    ex_check(m, alecable_model_set_gravity(m, g), "set_gravity");
    /* drag and buoyancy are non-stiff (explicit under IMEX, as in the paper);
     * added mass, comparable to the cable's own mass, stays in the matrix */
    alecable_hydro_params_init(&hp);
    hp.rho_f = p->rho_f;
    hp.diameter = 0.01;
    hp.C_dn = p->cdn;
    hp.C_dt = p->cdt;
    hp.C_an = p->can;
    hp.terms = ALECABLE_HYDRO_DRAG | ALECABLE_HYDRO_BUOYANCY;
    hp.stiff = implicit;
    ex_check(m, alecable_load_hydro(NULL, m, c, &hp), "hydro");
    hp.terms = ALECABLE_HYDRO_ADDED_MASS;
    hp.stiff = 1;
    ex_check(m, alecable_load_hydro(NULL, m, c, &hp), "added mass");
    return m;
}

static void simulate(const params *p, int method, int adaptive, run *out)
{
    alecable_node *tip = NULL, *pin = NULL;
    int implicit = method < ALECABLE_METHOD_SI_BE;
    alecable_model *m = build(p, implicit, &tip, &pin);
    alecable_integrator *it;
    alecable_dynamic_options o;
    double t0;
    int k, st;
    memset(out, 0, sizeof *out);
    alecable_dynamic_options_init(&o);
    o.method = method;
    o.h = p->h;
    o.adaptive = adaptive;
    o.atol = 1e-6;
    o.imex = !implicit;
    out->n = (int)floor(p->t_end / 0.01 + 0.5);
    out->tip = (double(*)[3])calloc((size_t)out->n + 1, sizeof *out->tip);
    if ((st = alecable_model_integrator(&it, m, &o))) {
        out->status = st;
        snprintf(out->msg, sizeof out->msg, "%s", alecable_model_errmsg(m));
        alecable_model_destroy(m);
        return;
    }
    if (p->case_id == 2) {
        /* the pin moves from t = 0: start with a velocity field consistent
         * with it (the pin's speed), so no step sees an impulsive jump */
        int nq, nl, ix;
        double t, *q, *v, *lam;
        ex_check(m, alecable_model_sizes(m, &nq, &nl), "sizes");
        q = (double *)malloc(sizeof(double) * (size_t)nq);
        v = (double *)malloc(sizeof(double) * (size_t)nq);
        lam = (double *)malloc(sizeof(double) * (size_t)(nl + 1));
        alecable_integrator_get_state(it, &t, q, v, NULL, lam);
        ex_check(m, alecable_node_dof_index(pin, ALECABLE_DOF_X, &ix), "dof_index");
        v[ix] = p->speed;
        if (alecable_integrator_set_state(it, t, q, v, NULL, lam)) ex_check(m, ALECABLE_EINVAL, alecable_integrator_errmsg(it));
        free(q);
        free(v);
        free(lam);
    }
    alecable_node_position(tip, out->tip[0]);
    t0 = ex_now();
    for (k = 1; k <= out->n; k++) {
        if ((st = alecable_integrator_advance(it, 0.01 * k))) {
            out->status = st;
            snprintf(out->msg, sizeof out->msg, "t = %g: %s", 0.01 * k, alecable_integrator_errmsg(it));
            break;
        }
        alecable_model_pull_state(m, it);
        alecable_node_position(tip, out->tip[k]);
    }
    out->wall = ex_now() - t0;
    alecable_step_stats_init(&out->stats);
    alecable_integrator_stats(it, &out->stats);
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
}

int main(int argc, char **argv)
{
    params p = {1e8, 1e-3, -1, 1000, 1.2, 0.008, 1.0, 0.5, 2.0, 10, 1, "si-hht"};
    int reference = 0, adaptive = 0, rc, method, k;
    double mae = -1;
    run r, ref;
    ex_opt opts[] = {
        {"--case", 'i', &p.case_id, "1: released horizontal; 2: pin moved at --speed for --t-move s"},
        {"--E", 'd', &p.E, "Young's modulus [Pa]"},
        {"--h", 'd', &p.h, "time step [s]"},
        {"--method", 's', &p.method, "newmark, hht, genalpha, si-be, si-bdf2, si-newmark, si-hht"},
        {"--adaptive", 'f', &adaptive, "adaptive step size (implicit methods)"},
        {"--t-end", 'd', &p.t_end, "simulated time [s] (default 2.5 for case 1, 10 for case 2)"},
        {"--elements", 'i', &p.elements, "number of ANCF elements"},
        {"--rho-f", 'd', &p.rho_f, "fluid density [kg/m^3]"},
        {"--cdn", 'd', &p.cdn, "normal drag coefficient"},
        {"--cdt", 'd', &p.cdt, "tangential drag coefficient"},
        {"--can", 'd', &p.can, "normal added-mass coefficient"},
        {"--speed", 'd', &p.speed, "case 2: pin speed [m/s]"},
        {"--t-move", 'd', &p.t_move, "case 2: duration of the pin motion [s]"},
        {"--reference", 'f', &reference, "also run the adaptive implicit Newmark reference; print the MAE"},
        {NULL, 0, NULL, NULL}};
    rc = ex_parse(argc, argv, opts, "Submerged tether with Morison hydrodynamics (paper 001, sec. 4.2).");
    if (rc) return rc > 0 ? 0 : 2;
    if (p.case_id != 1 && p.case_id != 2) {
        fprintf(stderr, "--case must be 1 or 2\n");
        return 2;
    }
    if (p.t_end < 0) p.t_end = p.case_id == 1 ? 2.5 : 10.0;
    if ((method = ex_method(p.method)) < 0) {
        fprintf(stderr, "unknown --method %s\n", p.method);
        return 2;
    }
    simulate(&p, method, adaptive, &r);
    printf("submerged_tether: case %d, E = %g Pa, %d elements, %s, h = %g s, %g s\n", p.case_id, p.E, p.elements,
           p.method, p.h, p.t_end);
    if (r.status) {
        printf("  failed: %s: %s\nresult: status=%d\n", alecable_strerror(r.status), r.msg, r.status);
        return 1;
    }
    printf("  tip at t_end: (%.5f, %.5f) m; steps %ld, wall %.3f s, real-time factor %.1f\n", r.tip[r.n][0],
           r.tip[r.n][1], r.stats.steps, r.wall, p.t_end / r.wall);
    if (reference) {
        simulate(&p, ALECABLE_METHOD_NEWMARK, 1, &ref);
        if (ref.status) {
            printf("  reference failed: %s\n", ref.msg);
        } else {
            mae = 0;
            for (k = 0; k <= r.n; k++) {
                double dx = r.tip[k][0] - ref.tip[k][0], dy = r.tip[k][1] - ref.tip[k][1], dz = r.tip[k][2] - ref.tip[k][2];
                mae += sqrt(dx * dx + dy * dy + dz * dz);
            }
            mae /= r.n + 1;
            printf("  reference (adaptive Newmark, atol 1e-6): %ld steps, %.3f s; MAE of the tip %.4f mm\n",
                   ref.stats.steps, ref.wall, 1e3 * mae);
        }
        free(ref.tip);
    }
    printf("result: status=0 case=%d method=%s h=%g tip_x=%.9f tip_y=%.9f wall_s=%.4f", p.case_id, p.method, p.h,
           r.tip[r.n][0], r.tip[r.n][1], r.wall);
    if (mae >= 0) printf(" mae_mm=%.6f", 1e3 * mae);
    printf("\n");
    free(r.tip);
    return 0;
}
