/* smoke-test: --t-end 0.05 --mount-steps 20 */
/* Paper 003, section 7.1: a cable between a fixed point C and the tool of a
 * six-axis Puma-type arm (examples/support/puma_arm.h: the completed geometry).
 * 5 m, diameter 0.015 m, 5 kg/m, EA = 5e7 N, GJ = 900 N m^2, EI = 500 N m^2,
 * 10 Kirchhoff elements.
 *
 * --setup paper (the default), as sec. 7.1 sets it up:
 *   - the reference configuration is vertical: the straight cable along e1
 *     from C = 0 (sec. 2: at rest along e1), with e1 pointing DOWN (gravity
 *     +9.81 e1): "embedded in C and lying under gravity" it hangs; a 5 m
 *     column standing up would buckle under its own weight (critical length
 *     (7.84 EI/(mu g))^(1/3) = 4.3 m).
 *   - both clamps are eq. 5's: position, the whole tangent r' = r'_d (its
 *     direction AND the stretch: ALECABLE_CLAMP_STRETCH) and the roll, with
 *     the augmented Lagrangian with penalty of eqs. 17, 22 (--penalty p).
 *   - gravity first: stage 1 ramps the weight on the cable hanging from C
 *     (its end free: the tool clamp, not yet mounted, follows the free end's
 *     closed form (L + mu g L^2/(2 EA), 0, 0), tangent e1, so its reaction is
 *     zero, printed), then stage 2 carries the end along Table 3's arc
 *         r_d(L) = ((L - 2) + 2 sin(a)/a, -2/a + 2 cos(a)/a, 0),
 *         r'_d(L) = (cos a, -sin a, 0),  a = pi t, t = k/mount_steps,
 *     under the full weight (one solve at the load factor 1 per arc step,
 *     the clamp frames at the model's time t).  The end arrives pointing up
 *     (-e1), the U-shaped cable hanging in the vertical plane (e1, e2).
 *   - the arm stands upright (its base z along -e1; the paper gives no base
 *     placement: ours has its x along e2) and is placed so that its tool
 *     frame O7 sits on the mounted end at t = 0, where its z7 points down
 *     along the cable's end tangent; the clamp stays fixed in O7.
 * --setup library: the example of 0.2: a horizontal reference, gravity -z,
 *   ramped with the arc (one quasistatic pull), clamps on the tangent's
 *   direction only, no penalty, the arm's base unturned.
 *
 * Motion (Table 1, 4 s at h = 1e-3, Bossak alpha = 0.1): the clamp follows
 * the tool.  Table 4 ("typical convergence history", one step) is the norm
 * of the whole residual r_+ of eq. 29, force rows and constraint rows (Y):
 * printed here as the Euclidean norm of the model's residual (q rows in N
 * and N m, constraint rows in m, 1 and rad, unscaled: the vector Newton
 * drives to zero), at every Newton iterate of step --history-step, beside
 * the paper's 1.2e6, 1.0e3, 0.16, 4.6e-8; also the step's iteration count
 * (the paper's 3) and, labelled ours, the mean and the largest over the run.
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
    double L, d, mass, EA, GJ, EI, h, t_end, alpha, dt_out, penalty;
    int elements, mount_steps, gravity_steps, free_swing, history_step;
    const char *setup, *csv, *vtk;
    int vtk_legacy; /* --vtk-legacy */
} params;

/* the end clamp's motion: the free end of the hanging cable (phase -1, t =
 * load factor), mounting (phase 0, t = the arc's clock, or the load factor
 * in a pull) or the tool (phase 1, t = time) */
typedef struct end_motion {
    int phase;
    double L, sag;                   /* phase -1: the end at (L + t sag, 0, 0) */
    double base_pos[3], base_rot[9]; /* the arm's base */
    double off[9];                   /* clamp frame in the tool frame */
    int still;                       /* phase 1 with the arm at rest (free swing) */
} end_motion;

/* The Newton iterates' whole residual: the model problem's residual callback
 * wrapped (same ctx, so the model still owns the integrator's state); on
 * while one step runs. */
#define REC_MAX 64
static struct {
    int (*residual)(void *, double, const double *, const double *, const double *, const double *, double *);
    int nq, nlam, on, n;
    double full[REC_MAX], force[REC_MAX], cons[REC_MAX];
} rec;

static int recorded_residual(void *ctx, double t, const double *q, const double *v, const double *a,
                             const double *lambda, double *r)
{
    int st = rec.residual(ctx, t, q, v, a, lambda, r), i;
    if (!st && rec.on && rec.n < REC_MAX) {
        double f = 0.0, g = 0.0;
        for (i = 0; i < rec.nq; i++) f += r[i] * r[i];
        for (i = rec.nq; i < rec.nq + rec.nlam; i++) g += r[i] * r[i];
        rec.full[rec.n] = sqrt(f + g);
        rec.force[rec.n] = sqrt(f);
        rec.cons[rec.n] = sqrt(g);
        rec.n++;
    }
    return st;
}

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
    if (e->phase < 0) {
        memset(R, 0, 9 * sizeof *R);
        R[0] = R[4] = R[8] = 1.0;
        memset(v, 0, 3 * sizeof *v);
        memset(w, 0, 3 * sizeof *w);
        memset(a, 0, 3 * sizeof *a);
        memset(al, 0, 3 * sizeof *al);
        x[0] = e->L + t * e->sag;
        x[1] = x[2] = 0.0;
        v[0] = e->sag;
        return 0;
    }
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

/* How far below L the free end of the cable hanging from C hangs on n
 * Kirchhoff elements, C's stretch held at 1 (eq. 5).  Free, the tension q (L
 * - s) stretches it by the closed form u(L) = q L^2 / (2 EA), which the cubic
 * Hermite mesh holds exactly.  Holding u'(0) = 0 adds w minimizing int w'^2
 * with w'(0) = -e0 = -q L / EA (the exact field's first variation vanishes):
 * per element of length l, w' the quadratic through the nodal slopes a, b
 * with its mean free, the least int w'^2 is l (3a^2 - 2ab + 3b^2)/24 and w
 * gains l (a + b)/12, so the nodal slopes obey b_{j+1} = 6 b_j - b_{j-1},
 * b_n = b_{n-1}/3: b_j = A r^j + B r^-j, r = 3 - 2 sqrt 2. */
static double hanging_end(double L, int n, double q, double EA)
{
    double e0 = q * L / EA, r = 3.0 - 2.0 * sqrt(2.0), k = (r - 1.0 / 3.0) / (1.0 / r - 1.0 / 3.0);
    double A = -e0 / (1.0 - k * pow(r, 2 * n - 2)), B = -A * k * pow(r, 2 * n - 2), sum;
    /* sum over the elements of b_j + b_{j+1} = 2 sum_0^n b_j - b_0 - b_n */
    sum = 2.0 * (A * (1.0 - pow(r, n + 1)) / (1.0 - r) + B * (pow(r, -(n + 1)) - 1.0) / (1.0 / r - 1.0)) - (A + B) -
          (A * pow(r, n) + B * pow(r, -n));
    return q * L * L / (2.0 * EA) + (L / n) * sum / 12.0;
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
    params p = {5.0, 0.015, 5.0, 5e7, 900.0, 500.0, 1e-3, 4.0, 0.1, 0.025, 1e6, 10, 40, 5, 0, 1000, "paper", NULL, NULL, 0};
    static const char *const table4[4] = {"1.2e6", "1.0e3", "0.16", "4.6e-8"}; /* as the paper prints them */
    end_motion em;
    alecable_model *m;
    alecable_cable *c;
    alecable_section sec;
    alecable_beam_params bp;
    alecable_clamp_params cp;
    alecable_joint *root, *tool;
    alecable_quasistatic_options qo;
    alecable_solve_report rep;
    alecable_problem prob;
    alecable_integrator *it;
    alecable_dynamic_options o;
    alecable_step_stats st;
    ex_vtk_series vs;
    FILE *csv = NULL;
    double a0[3] = {0, 0, 0}, b0[3], g[3] = {0, 0, -9.81}, t0, x7[3], R7[9], v7[3], w7[3], acc7[3], al7[3];
    double e0 = 0, e_dev = 0, f_max = 0, wall, Rend[9], *q0, *v0, *l0;
    int rc, k, n_out, max_it = 0, status = 0, hist_printed = 0, paper, typical_it = -1, nq, nl;
    char hist[256] = "none", t4[256] = "none";
    ex_opt opts[] = {
        {"--setup", 's', &p.setup, "paper: sec. 7.1 as set up (vertical reference, gravity first, eq. 5's clamps "
                                   "with the penalty); library: 0.2's (horizontal, gravity ramped with the arc)"},
        {"--penalty", 'd', &p.penalty, "penalty p of the clamps' augmented Lagrangian (eqs. 17, 22; --setup paper)"},
        {"--elements", 'i', &p.elements, "Kirchhoff elements"},
        {"--h", 'd', &p.h, "time step [s]"},
        {"--t-end", 'd', &p.t_end, "simulated time [s]"},
        {"--alpha", 'd', &p.alpha, "Bossak alpha (paper 003 sec. 7: 0.1; the library's alpha_m = -alpha)"},
        {"--mount-steps", 'i', &p.mount_steps, "load steps of the quasistatic mounting (Table 3's arc)"},
        {"--gravity-steps", 'i', &p.gravity_steps, "load steps of the weight on the hanging cable, before the arc "
                                                   "(--setup paper)"},
        {"--history-step", 'i', &p.history_step, "the step whose Newton residuals are printed (Table 4)"},
        {"--dt-out", 'd', &p.dt_out, "output interval [s]"},
        {"--free-swing", 'f', &p.free_swing, "mount without gravity, arm at rest, release under gravity (trapezoidal)"},
        {"--csv", 's', &p.csv, "write t, tool reaction force and moment, mid-cable position to this CSV file"},
        {"--vtk", 's', &p.vtk, "write a VTK time series (puma_cable_NNNNN.vtp with section axes, puma_cable.pvd) into this existing folder"},
        {"--vtk-legacy", 'f', &p.vtk_legacy, EX_VTK_LEGACY_HELP},
        {NULL, 0, NULL, NULL}};
    rc = ex_parse(argc, argv, opts, "Cable on a six-axis Puma-type arm (paper 003, sec. 7.1).");
    if (rc) return rc > 0 ? 0 : 2;
    paper = !strcmp(p.setup, "paper");
    if (!paper && strcmp(p.setup, "library")) {
        fprintf(stderr, "--setup %s: paper or library\n", p.setup);
        return 2;
    }
    if (p.elements < 2 || p.mount_steps < 1 || p.gravity_steps < 1 || !(p.h > 0) || !(p.t_end >= 0) ||
        !(p.dt_out > 0) || !(p.penalty >= 0)) {
        fprintf(stderr, "--elements >= 2, --mount-steps >= 1, --gravity-steps >= 1, --h > 0, --t-end >= 0, "
                        "--dt-out > 0, --penalty >= 0\n");
        return 2;
    }
    t0 = ex_now();
    memset(&em, 0, sizeof em);
    em.L = p.L;
    if (paper) { /* e1 points down */
        g[0] = 9.81;
        g[2] = 0.0;
    }

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
    if (paper) { /* eq. 5: r, r' (direction and stretch), roll; eq. 17's penalty */
        cp.hold = ALECABLE_CLAMP_ALL | ALECABLE_CLAMP_STRETCH;
        cp.penalty = p.penalty;
    }
    ex_check(m, alecable_clamp(&root, m, node_of(m, c, 0), &cp), "clamp C");
    cp.motion = end_frame;
    cp.motion_user = &em;
    /* the paper's cable hangs from C first, its end free: the end clamp,
     * not mounted yet, follows the free end there (hanging_end(): it carries
     * nothing, printed), so that one model runs every stage (as the model
     * file, which cannot add a joint between stages, does) */
    em.sag = hanging_end(p.L, p.elements, p.mass * 9.81, p.EA);
    em.phase = paper && !p.free_swing ? -1 : 0;
    ex_check(m, alecable_clamp(&tool, m, node_of(m, c, p.elements), &cp), "clamp tool");
    if (!p.free_swing) ex_check(m, alecable_model_set_gravity(m, g), "set_gravity");

    /* mounting */
    alecable_quasistatic_options_init(&qo);
    qo.regularization = ALECABLE_REG_NONE;
    alecable_solve_report_init(&rep);
    if (paper) {
        long iters = 0;
        int j;
        if (!p.free_swing) { /* gravity first: the cable hanging from C */
            double F[3], Ft[3], M[3];
            qo.clock = ALECABLE_CLOCK_LOAD_FACTOR;
            qo.load_steps = p.gravity_steps;
            if (alecable_solve_quasistatic(m, &qo, &rep)) {
                printf("gravity stage failed: %s\n", alecable_model_errmsg(m));
                printf("result: status=1\n");
                return 1;
            }
            ex_check(m, alecable_clamp_reaction(tool, Ft, M), "clamp_reaction");
            ex_check(m, alecable_clamp_reaction(root, F, M), "clamp_reaction");
            printf("gravity first: %d load steps, the cable hanging from C along e1 (down), its end at x = L + "
                   "%.10e m (the free end on this mesh, C's stretch held; L + %.4e m for a free stretch at C), "
                   "where the end clamp, not mounted yet, carries %.1e N; C carries %.3f N (the weight %.3f N)\n",
                   rep.steps_completed, em.sag, p.mass * 9.81 * p.L * p.L / (2.0 * p.EA), hypot(hypot(Ft[0], Ft[1]), Ft[2]),
                   -F[0], p.mass * p.L * 9.81);
        }
        /* Table 3's arc under the full weight: the clamp frames at the
         * model's time, one solve at the load factor 1 per arc step */
        em.phase = 0;
        qo.clock = ALECABLE_CLOCK_HOLD;
        qo.t0 = qo.t1 = 1.0;
        qo.load_steps = 1;
        for (j = 1; j <= p.mount_steps; j++) {
            ex_check(m, alecable_model_set_time(m, (double)j / p.mount_steps), "model_set_time");
            alecable_solve_report_init(&rep);
            if (alecable_solve_quasistatic(m, &qo, &rep)) {
                printf("mounting failed at a = %.4f pi: %s\n", (double)j / p.mount_steps, alecable_model_errmsg(m));
                printf("result: status=1\n");
                return 1;
            }
            iters += rep.iterations_stage1 + rep.iterations_stage2;
        }
        rep.steps_completed = p.mount_steps;
        rep.avg_iterations_stage1 = (double)iters / p.mount_steps;
    } else {
        qo.clock = ALECABLE_CLOCK_LOAD_FACTOR; /* the end moves with the load factor, gravity with it */
        qo.load_steps = p.mount_steps;
        if (alecable_solve_quasistatic(m, &qo, &rep)) {
            printf("mounting failed: %s\n", alecable_model_errmsg(m));
            printf("result: status=1\n");
            return 1;
        }
    }
    {
        double x[3];
        alecable_node_position(node_of(m, c, p.elements / 2), x);
        printf("mounting: %d load steps, %.2f Newton iterations per step; mid-cable at (%.4f, %.4f, %.4f) m\n",
               rep.steps_completed, rep.avg_iterations_stage1, x[0], x[1], x[2]);
    }

    /* the arm: its tool on the mounted end at t = 0; upright in the paper's
     * setup (base z = -e1, x = e2, y = -e3) */
    memset(em.base_rot, 0, sizeof em.base_rot);
    if (paper) {
        em.base_rot[2] = -1.0;
        em.base_rot[3] = 1.0;
        em.base_rot[7] = -1.0;
    } else {
        em.base_rot[0] = em.base_rot[4] = em.base_rot[8] = 1.0;
    }
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
        printf("arm base at (%.4f, %.4f, %.4f) m (its tool frame on the mounted end at t = 0; z7 . the cable's end "
               "tangent = %.3f)\n",
               em.base_pos[0], em.base_pos[1], em.base_pos[2], R7[2] * Rend[0] + R7[5] * Rend[3] + R7[8] * Rend[6]);
    }
    em.phase = 1;
    em.still = p.free_swing;
    /* the mounting left the model's time at 1: the tool's motion starts at t = 0 */
    ex_check(m, alecable_model_set_time(m, 0.0), "model_set_time");
    if (p.free_swing) ex_check(m, alecable_model_set_gravity(m, g), "set_gravity");

    /* motion: the model's integrator (as alecable_model_integrator() makes
     * it: loads in full, the model's problem), its residual recorded */
    alecable_dynamic_options_init(&o);
    o.method = p.free_swing ? ALECABLE_METHOD_NEWMARK : ALECABLE_METHOD_BOSSAK;
    o.alpha = p.free_swing ? 0.0 : -p.alpha;
    o.h = p.h;
    o.linear_solver = ALECABLE_LINSOLVE_AUTO;
    ex_check(m, alecable_model_set_load_ramp(m, 0), "model_set_load_ramp");
    ex_check(m, alecable_model_problem(&prob, m), "model_problem");
    ex_check(m, alecable_model_sizes(m, &nq, &nl), "model_sizes");
    rec.residual = prob.residual;
    rec.nq = prob.nq;
    rec.nlam = prob.nlam;
    prob.residual = recorded_residual;
    q0 = (double *)malloc((size_t)nq * sizeof *q0);
    v0 = (double *)calloc((size_t)nq, sizeof *v0);
    l0 = (double *)malloc((size_t)(nl > 0 ? nl : 1) * sizeof *l0);
    if (!q0 || !v0 || !l0 || nq != prob.nq || nl != prob.nlam) {
        fprintf(stderr, "out of memory, or the problem's sizes differ from the model's\n");
        return 1;
    }
    ex_check(m, alecable_model_get_state(m, q0, l0, NULL), "model_get_state");
    rc = alecable_integrator_create(&it, &prob, &o, NULL);
    if (rc) {
        fprintf(stderr, "integrator_create: %s\n", alecable_strerror(rc));
        return 1;
    }
    if ((rc = alecable_integrator_set_state(it, 0.0, q0, v0, NULL, l0))) {
        fprintf(stderr, "integrator_set_state: %s\n", alecable_integrator_errmsg(it));
        return 1;
    }
    free(q0);
    free(v0);
    free(l0);
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
                int s;
                rec.on = st.steps + 1 == p.history_step;
                rec.n = 0;
                s = alecable_integrator_step(it, p.h);
                rec.on = 0;
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
                    size_t len = 0;
                    typical_it = st.last_iterations;
                    printf("Table 4, one step (step %ld, t = %.3f s): %d Newton iterations (paper 003 Table 4: 3)\n",
                           st.steps, st.steps * p.h, typical_it);
                    printf("  %9s %12s %16s %14s %16s\n", "iteration", "paper 003", "ours |r_+|_2", "force rows",
                           "constraint rows");
                    for (j = 0; j < rec.n || j < 4; j++) {
                        const char *pv = j < 4 ? table4[j] : "-";
                        char ov[3][16] = {"-", "-", "-"};
                        if (j < rec.n) {
                            snprintf(ov[0], sizeof ov[0], "%.2e", rec.full[j]);
                            snprintf(ov[1], sizeof ov[1], "%.2e", rec.force[j]);
                            snprintf(ov[2], sizeof ov[2], "%.2e", rec.cons[j]);
                            len += (size_t)snprintf(t4 + len, len < sizeof t4 ? sizeof t4 - len : 0, "%s%.2e",
                                                    j ? "," : "", rec.full[j]);
                        }
                        printf("  %9d %12s %16s %14s %16s\n", j, pv, ov[0], ov[1], ov[2]);
                    }
                    printf("  (the whole residual of eq. 29, Euclidean, unscaled: q rows in N and N m, constraint\n"
                           "  rows in m, 1 and rad; the paper's units and scaling are not stated)\n");
                    if (alecable_integrator_newton_history(it, &hs, &cnt) == ALECABLE_OK) {
                        len = 0;
                        printf("  the library's stop test, ||r_q||_inf [N] at each iterate:");
                        for (j = 0; j < cnt; j++) {
                            printf(" %.2e", hs[j]);
                            len += (size_t)snprintf(hist + len, sizeof hist - len, "%s%.2e", j ? "," : "", hs[j]);
                            if (len >= sizeof hist) break;
                        }
                        printf("\n");
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
    printf("%ld steps; ours: %.2f Newton iterations per step on average, at most %d (the paper prints only its\n"
           "typical step's 3); wall time %.2f s\n",
           st.steps, st.steps ? (double)st.newton_iterations / st.steps : 0.0, max_it, wall);
    {
        /* the energy scale: the weight of the cable times its sag range ~ mass g L */
        double scale = p.mass * p.L * 9.81 * p.L;
        printf("total energy: largest deviation %.3e J = %.3e of m g L (%.1f J)%s\n", e_dev, e_dev / scale, scale,
               p.free_swing ? "" : " (the arm does work: not conserved)");
        printf("result: status=%d steps=%ld max_newton=%d avg_newton=%.3f max_tool_force=%.6g energy_dev_rel=%.3e "
               "wall_s=%.3f newton_history=%s setup=%s typical_newton=%d table4_norm=%s\n",
               status, st.steps, max_it, st.steps ? (double)st.newton_iterations / st.steps : 0.0, f_max,
               e_dev / scale, wall, hist, p.setup, typical_it, t4);
    }
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
    return status;
}
