/* smoke-test: --t-end 0.05 --mount-steps 20 */
/* Paper 003, section 7.1: a cable between a fixed point C and the tool of a
 * six-axis Puma-type arm (examples/support/puma_arm.h: the completed geometry).
 * 5 m, diameter 0.015 m, 5 kg/m, EA = 5e7 N, GJ = 900 N m^2, EI = 500 N m^2,
 * 10 Kirchhoff elements.
 *
 * Mounting (Table 3, quasistatic): clamped at C = 0 along +x, the cable's
 * other end is carried along the arc
 *     r_d(L) = ((L - 2) + 2 sin(a)/a, -2/a + 2 cos(a)/a, 0),  r'_d(L) = (cos a, -sin a, 0),
 * a from 0 to pi, its section turning with the tangent about z (roll 0), while
 * gravity (-z, the world's vertical) is ramped with it.  The arm's base is
 * placed so that its tool frame O7 sits on the mounted end at t = 0, and the
 * clamp is fixed in the tool frame from then on.
 *
 * Motion (Table 1, 4 s at h = 1e-3, Bossak alpha = 0.1): the clamp follows
 * the tool; printed are the Newton residual history of a step (Table 4), the
 * largest iteration count, the tool clamp's reaction wrench over time.
 * --free-swing instead mounts without gravity, holds the arm still and
 * releases the cable under gravity with the trapezoidal rule: the total
 * energy must stay constant. */
#include "common.h"
#include "support/puma_arm.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct params {
    double L, d, mass, EA, GJ, EI, h, t_end, alpha, dt_out;
    int elements, mount_steps, free_swing, history_step;
    const char *csv, *vtk;
    int vtk_legacy; /* --vtk-legacy */
} params;

/* the end clamp's motion: mounting (phase 0, t = load factor) or the tool
 * (phase 1, t = time) */
typedef struct end_motion {
    int phase;
    double L;
    double base_pos[3], base_rot[9]; /* the arm's base */
    double off[9];                   /* clamp frame in the tool frame */
    int still;                       /* phase 1 with the arm at rest (free swing) */
} end_motion;

static void rot_z(double a, double R[9])
{
    double c = cos(a), s = sin(a);
    memset(R, 0, 9 * sizeof *R);
    R[0] = c;
    R[1] = -s;
    R[3] = s;
    R[4] = c;
    R[8] = 1.0;
}

static void mat_mul(const double A[9], const double B[9], double C[9])
{
    int i, j;
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++) C[3 * i + j] = A[3 * i] * B[j] + A[3 * i + 1] * B[3 + j] + A[3 * i + 2] * B[6 + j];
}


/* Table 3's end point at arc angle a, with its first and second derivatives
 * in a (series below 1e-3, where 2 sin(a)/a and 2 (cos(a) - 1)/a lose digits) */
static void mount_point(double L, double a, double x[3], double dx[3], double ddx[3])
{
    double s = sin(a), c = cos(a);
    memset(dx, 0, 3 * sizeof *dx);
    memset(ddx, 0, 3 * sizeof *ddx);
    x[2] = 0.0;
    if (fabs(a) < 1e-3) {
        double a2 = a * a;
        x[0] = L - a2 / 3.0;
        x[1] = -a + a * a2 / 12.0;
        dx[0] = -2.0 * a / 3.0;
        dx[1] = -1.0 + a2 / 4.0;
        ddx[0] = -2.0 / 3.0;
        ddx[1] = a / 2.0;
        return;
    }
    x[0] = (L - 2.0) + 2.0 * s / a;
    x[1] = 2.0 * (c - 1.0) / a;
    dx[0] = 2.0 * (a * c - s) / (a * a);
    dx[1] = 2.0 * (-a * s - (c - 1.0)) / (a * a);
    ddx[0] = 2.0 * (-a * a * s - 2.0 * a * c + 2.0 * s) / (a * a * a);
    ddx[1] = 2.0 * (-a * a * c + 2.0 * a * s + 2.0 * (c - 1.0)) / (a * a * a);
}

static int end_frame(void *user, double t, double x[3], double R[9], double v[3], double w[3], double a[3],
                     double al[3])
{
    end_motion *e = (end_motion *)user;
    if (e->phase == 0) { /* a = pi t */
        double ang = M_PI * t, dx[3], ddx[3];
        int k;
        mount_point(e->L, ang, x, dx, ddx);
        rot_z(-ang, R);
        for (k = 0; k < 3; k++) {
            v[k] = M_PI * dx[k];
            a[k] = M_PI * M_PI * ddx[k];
            w[k] = al[k] = 0.0;
        }
        w[2] = -M_PI;
        return 0;
    }
    {
        double Rt[9];
        puma_tool_pose(e->base_pos, e->base_rot, e->still ? 0.0 : t, x, Rt, v, w, a, al);
        mat_mul(Rt, e->off, R);
        if (e->still) { /* the arm at rest at its t = 0 pose */
            memset(v, 0, 3 * sizeof *v);
            memset(w, 0, 3 * sizeof *w);
            memset(a, 0, 3 * sizeof *a);
            memset(al, 0, 3 * sizeof *al);
        }
    }
    return 0;
}

static alecable_node *node_of(alecable_model *m, alecable_cable *c, int i)
{
    alecable_node *n;
    ex_check(m, alecable_cable_node(&n, c, i), "cable_node");
    return n;
}

static double total_energy(alecable_model *m)
{
    double wi, we, T;
    alecable_model_energy(m, &wi, &we);
    alecable_model_kinetic_energy(m, &T);
    return wi + we + T;
}

int main(int argc, char **argv)
{
    params p = {5.0, 0.015, 5.0, 5e7, 900.0, 500.0, 1e-3, 4.0, 0.1, 0.025, 10, 40, 0, 1000, NULL, NULL, 0};
    end_motion em;
    alecable_model *m;
    alecable_cable *c;
    alecable_section sec;
    alecable_beam_params bp;
    alecable_clamp_params cp;
    alecable_joint *root, *tool;
    alecable_quasistatic_options qo;
    alecable_solve_report rep;
    alecable_integrator *it;
    alecable_dynamic_options o;
    alecable_step_stats st;
    ex_vtk_series vs;
    FILE *csv = NULL;
    double a0[3] = {0, 0, 0}, b0[3], g[3] = {0, 0, -9.81}, t0, x7[3], R7[9], v7[3], w7[3], acc7[3], al7[3];
    double e0 = 0, e_dev = 0, f_max = 0, wall, Rend[9];
    int rc, k, n_out, max_it = 0, status = 0, hist_printed = 0;
    char hist[256] = "none";
    ex_opt opts[] = {
        {"--elements", 'i', &p.elements, "Kirchhoff elements"},
        {"--h", 'd', &p.h, "time step [s]"},
        {"--t-end", 'd', &p.t_end, "simulated time [s]"},
        {"--alpha", 'd', &p.alpha, "Bossak alpha (paper 003 sec. 7: 0.1; the library's alpha_m = -alpha)"},
        {"--mount-steps", 'i', &p.mount_steps, "load steps of the quasistatic mounting"},
        {"--history-step", 'i', &p.history_step, "print the Newton residual history of this step"},
        {"--dt-out", 'd', &p.dt_out, "output interval [s]"},
        {"--free-swing", 'f', &p.free_swing, "mount without gravity, arm at rest, release under gravity (trapezoidal)"},
        {"--csv", 's', &p.csv, "write t, tool reaction force and moment, mid-cable position to this CSV file"},
        {"--vtk", 's', &p.vtk, "write a VTK time series (puma_cable_NNNNN.vtp with section axes, puma_cable.pvd) into this existing folder"},
        {"--vtk-legacy", 'f', &p.vtk_legacy, EX_VTK_LEGACY_HELP},
        {NULL, 0, NULL, NULL}};
    rc = ex_parse(argc, argv, opts, "Cable on a six-axis Puma-type arm (paper 003, sec. 7.1).");
    if (rc) return rc > 0 ? 0 : 2;
    if (p.elements < 2 || p.mount_steps < 1 || !(p.h > 0) || !(p.t_end >= 0) || !(p.dt_out > 0)) {
        fprintf(stderr, "--elements >= 2, --mount-steps >= 1, --h > 0, --t-end >= 0, --dt-out > 0\n");
        return 2;
    }
    t0 = ex_now();
    memset(&em, 0, sizeof em);
    em.L = p.L;

    /* the cable along +x from C */
    ex_check(NULL, alecable_model_create(&m, NULL), "model_create");
    alecable_section_init(&sec);
    sec.A = M_PI * 0.25 * p.d * p.d;
    sec.E = p.EA / sec.A;
    sec.rho = p.mass / sec.A;
    sec.I = p.EI / sec.E;
    ex_check(m, alecable_cable_create(&c, m, ALECABLE_ELEMENT_KIRCHHOFF, &sec), "cable_create");
    b0[0] = p.L;
    b0[1] = b0[2] = 0.0;
    ex_check(m, alecable_cable_line(c, a0, b0, 0.0, p.L, p.elements), "cable_line");
    alecable_beam_params_init(&bp);
    bp.GJ = p.GJ;
    bp.t2[1] = 1.0;
    ex_check(m, alecable_cable_set_beam(c, &bp), "cable_set_beam");
    ex_check(m, alecable_cable_set_lagrangian(c, 1), "set_lagrangian");
    alecable_clamp_params_init(&cp);
    cp.frame_given = 1; /* identity at C */
    ex_check(m, alecable_clamp(&root, m, node_of(m, c, 0), &cp), "clamp C");
    cp.motion = end_frame;
    cp.motion_user = &em;
    ex_check(m, alecable_clamp(&tool, m, node_of(m, c, p.elements), &cp), "clamp tool");
    if (!p.free_swing) ex_check(m, alecable_model_set_gravity(m, g), "set_gravity");

    /* mounting */
    alecable_quasistatic_options_init(&qo);
    qo.clock = ALECABLE_CLOCK_LOAD_FACTOR; /* the end moves with the load factor */
    qo.load_steps = p.mount_steps;
    qo.regularization = ALECABLE_REG_NONE;
    alecable_solve_report_init(&rep);
    if (alecable_solve_quasistatic(m, &qo, &rep)) {
        printf("mounting failed: %s\n", alecable_model_errmsg(m));
        printf("result: status=1\n");
        return 1;
    }
    {
        double x[3];
        alecable_node_position(node_of(m, c, p.elements / 2), x);
        printf("mounting: %d load steps, %.2f Newton iterations per step; mid-cable at (%.4f, %.4f, %.4f) m\n",
               rep.steps_completed, rep.avg_iterations_stage1, x[0], x[1], x[2]);
    }

    /* the arm: its tool on the mounted end at t = 0 */
    memset(em.base_rot, 0, sizeof em.base_rot);
    em.base_rot[0] = em.base_rot[4] = em.base_rot[8] = 1.0;
    memset(em.base_pos, 0, sizeof em.base_pos);
    puma_tool_pose(em.base_pos, em.base_rot, 0.0, x7, R7, v7, w7, acc7, al7);
    {
        double xe[3], dx[3], ddx[3], Rt[9];
        int i, j;
        mount_point(p.L, M_PI, xe, dx, ddx);
        for (i = 0; i < 3; i++) em.base_pos[i] = xe[i] - x7[i];
        rot_z(-M_PI, Rend);
        for (i = 0; i < 3; i++)
            for (j = 0; j < 3; j++) Rt[3 * i + j] = R7[3 * j + i];
        mat_mul(Rt, Rend, em.off);
        printf("arm base at (%.4f, %.4f, %.4f) m (its tool frame on the mounted end at t = 0)\n", em.base_pos[0],
               em.base_pos[1], em.base_pos[2]);
    }
    em.phase = 1;
    em.still = p.free_swing;
    /* the mounting pull left the model's time at the load factor 1: the
     * tool's motion starts at t = 0 */
    ex_check(m, alecable_model_set_time(m, 0.0), "model_set_time");
    if (p.free_swing) ex_check(m, alecable_model_set_gravity(m, g), "set_gravity");

    /* motion */
    alecable_dynamic_options_init(&o);
    o.method = p.free_swing ? ALECABLE_METHOD_NEWMARK : ALECABLE_METHOD_BOSSAK;
    o.alpha = p.free_swing ? 0.0 : -p.alpha;
    o.h = p.h;
    o.linear_solver = ALECABLE_LINSOLVE_AUTO;
    ex_check(m, alecable_model_integrator(&it, m, &o), "model_integrator");
    alecable_step_stats_init(&st);
    if (p.csv) {
        csv = fopen(p.csv, "w");
        if (!csv) {
            fprintf(stderr, "cannot write %s\n", p.csv);
            return 1;
        }
        fprintf(csv, "t,fx,fy,fz,mx,my,mz,x_mid,y_mid,z_mid,energy\n");
    }
    ex_vtk_begin(&vs, p.vtk, "puma_cable", p.vtk_legacy);
    e0 = total_energy(m);
    n_out = (int)(p.t_end / p.dt_out + 0.5);
    printf("%8s %10s %10s %10s %10s %10s %10s %12s\n", "t [s]", "Fx [N]", "Fy [N]", "Fz [N]", "Mx [N m]", "My [N m]",
           "Mz [N m]", "energy [J]");
    for (k = 0; k <= n_out; k++) {
        double F[3], M[3], x[3], e;
        if (k > 0) {
            double t_target = k * p.dt_out, t_now = 0.0;
            while (alecable_integrator_get_state(it, &t_now, NULL, NULL, NULL, NULL), t_now < t_target - 0.5 * p.h) {
                int s = alecable_integrator_step(it, p.h);
                if (s) {
                    printf("step failed: %s\n", alecable_integrator_errmsg(it));
                    status = 1;
                    break;
                }
                alecable_integrator_stats(it, &st);
                if (st.last_iterations > max_it) max_it = st.last_iterations;
                if (!hist_printed && st.steps == p.history_step) {
                    const double *hs;
                    int cnt, j;
                    if (alecable_integrator_newton_history(it, &hs, &cnt) == ALECABLE_OK) {
                        size_t len = 0;
                        printf("Newton residual history of step %ld (t = %.3f s), ||r_q||_inf [N]:", st.steps,
                               st.steps * p.h);
                        for (j = 0; j < cnt; j++) {
                            printf(" %.2e", hs[j]);
                            len += (size_t)snprintf(hist + len, sizeof hist - len, "%s%.2e", j ? "," : "", hs[j]);
                            if (len >= sizeof hist) break;
                        }
                        printf("\n  (paper 003 Table 4, \"typical convergence history\" of one step, another quantity: the norm\n"
                               "  of the whole residual, constraint rows included, no unit: 1.2e6 1.0e3 0.16 4.6e-8)\n");
                    }
                    hist_printed = 1;
                }
            }
            if (status) break;
        }
        ex_check(m, alecable_model_pull_state(m, it), "pull_state");
        ex_check(m, alecable_clamp_reaction(tool, F, M), "clamp_reaction");
        alecable_node_position(node_of(m, c, p.elements / 2), x);
        e = total_energy(m);
        if (fabs(e - e0) > e_dev) e_dev = fabs(e - e0);
        if (hypot(hypot(F[0], F[1]), F[2]) > f_max) f_max = hypot(hypot(F[0], F[1]), F[2]);
        if (k % 8 == 0 || k == n_out)
            printf("%8.3f %10.2f %10.2f %10.2f %10.2f %10.2f %10.2f %12.6f\n", k * p.dt_out, F[0], F[1], F[2], M[0],
                   M[1], M[2], e);
        if (csv)
            fprintf(csv, "%.6f,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%.12g\n", k * p.dt_out, F[0], F[1], F[2],
                    M[0], M[1], M[2], x[0], x[1], x[2], e);
        ex_vtk_frame(&vs, m, k * p.dt_out);
    }
    ex_vtk_end(&vs, m);
    if (csv) fclose(csv);
    alecable_integrator_stats(it, &st);
    wall = ex_now() - t0;
    printf("%ld steps, %.2f Newton iterations per step, at most %d; wall time %.2f s\n", st.steps,
           st.steps ? (double)st.newton_iterations / st.steps : 0.0, max_it, wall);
    {
        /* the energy scale: the weight of the cable times its sag range ~ mass g L */
        double scale = p.mass * p.L * 9.81 * p.L;
        printf("total energy: largest deviation %.3e J = %.3e of m g L (%.1f J)%s\n", e_dev, e_dev / scale, scale,
               p.free_swing ? "" : " (the arm does work: not conserved)");
        printf("result: status=%d steps=%ld max_newton=%d avg_newton=%.3f max_tool_force=%.6g energy_dev_rel=%.3e "
               "wall_s=%.3f newton_history=%s\n",
               status, st.steps, max_it, st.steps ? (double)st.newton_iterations / st.steps : 0.0, f_max,
               e_dev / scale, wall, hist);
    }
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
    return status;
}
