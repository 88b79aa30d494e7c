/* smoke-test: --time 4 */
/* A floating buoy on three catenary mooring lines, run twice: in
 * co-simulation (the host integrates the buoy with its own 6-dof Newmark
 * and gets the lines' wrench from alecable_cosim_step() every macro-step
 * H) and monolithically (the same host Newmark on the buoy and the lines
 * at once, the lines through alecable_model_embedding(): one dense system
 * of ~130 unknowns).  It prints the buoy's offset and the fairlead
 * tensions after the run and their differences between the two.
 *
 * The buoy: mass m at its reference point (the origin of its frame, the
 * centre of mass, at the waterline), inertia diag(Jx, Jy, Jz) in its frame;
 * the host's forces: linear hydrostatic springs in heave, roll and pitch
 * (about the initial pose, their static part balancing the lines' initial
 * pull so that the settled start is an equilibrium), linear damping in all
 * six motions, and a harmonic wave force in surge and heave with a pitch
 * moment.  The lines: axial cables (Lagrangian, --elements each) from
 * anchors at radius --anchor-radius on the seabed (z = -depth) to fairleads
 * on the buoy at radius 5 m, 5 m below its origin, 120 degrees apart,
 * hanging free (no seabed contact), settled (alecable_cosim_init()'s
 * statics) with the buoy at its initial pose.
 *
 * Both runs use the same time integration: Newmark (gamma 0.6, beta
 * 0.3025: slightly damped, first order) with step --h for the lines, the
 * buoy's rotation on SO(3) (R <- R exp(dpsi^), body-frame rates); the
 * co-simulation's host steps its buoy with the macro-step --H (H / h
 * sub-steps of the lines in each), the monolithic run everything with h.
 * --coupling explicit (the default, MoorDyn's pattern): the host's step
 * n -> n+1 takes the lines' wrench extrapolated linearly from t_n-1 and
 * t_n (--hold: the wrench of t_n), then the library moves the lines to the
 * new pose; implicit: Gauss-Seidel on the macro-step, alecable_cosim_undo()
 * and the step again until the wrench changes by less than 1e-9 of itself.
 * The buoy's kinematics over a macro-step: cubic Hermite (the default) or
 * linear; linear interpolation's velocity jumps at the macro-steps' ends
 * make the index-3 Newmark ring at the fairleads with an even number of
 * sub-steps (H = 0.04, h = 0.02: offset_err 0.5); Hermite's continuous
 * velocities do not.
 *
 * Measured (60 s, defaults, H = 0.04 s, h = 0.02 s): offset_err 7.1e-4,
 * tension_err 2.5e-5; H = h = 0.02: 4.0e-5; H = 0.1: 2.8e-3 (the buoy's
 * first-order steps of H against h: the implicit coupling gives the same);
 * --coupling implicit with H = h: 3e-10 (the two runs solve the same
 * equations).
 *
 * result: status, offset (the buoy's final offset from its start [m]),
 * offset_err (|offset_cosim - offset_mono| / |offset_mono|), tension_err
 * (the largest relative difference of the three fairlead tensions), H,
 * iterations (co-simulation steps per macro-step, implicit coupling). */
#include "common.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { NLINES = 3 };

typedef struct params {
    double time, H, h, depth, anchor_radius, length, ea, mass_line;
    int elements, extrapolate, hold, hermite;
    const char *coupling, *interpolation;
    double m, J[3], k_heave, k_roll, c_lin, c_heave, c_rot, wave_f, wave_m, wave_period;
} params;

typedef struct mooring {
    alecable_model *m;
    alecable_body *b;
    alecable_joint *fair[NLINES];
} mooring;

static void rz(double th, double R[9])
{
    memset(R, 0, 9 * sizeof(double));
    R[0] = R[4] = cos(th);
    R[1] = -sin(th);
    R[3] = sin(th);
    R[8] = 1.0;
}

static void build(const params *p, mooring *mo)
{
    alecable_body_params bp;
    alecable_section sec;
    double g[3] = {0.0, 0.0, -9.81};
    int i, k;
    ex_check(NULL, alecable_model_create(&mo->m, NULL), "model");
    ex_check(mo->m, alecable_model_set_gravity(mo->m, g), "gravity");
    alecable_body_params_init(&bp); /* mass 0: the host carries the buoy's inertia */
    ex_check(mo->m, alecable_body_create(&mo->b, mo->m, &bp), "body");
    alecable_section_init(&sec);
    sec.A = 0.01;
    sec.E = p->ea / sec.A;
    sec.rho = p->mass_line / sec.A;
    for (i = 0; i < NLINES; i++) {
        double phi = 2.0 * M_PI * i / NLINES, fl[3] = {5.0 * cos(phi), 5.0 * sin(phi), -5.0};
        double an[3] = {p->anchor_radius * cos(phi), p->anchor_radius * sin(phi), -p->depth};
        alecable_cable *c;
        alecable_node *a, *f;
        ex_check(mo->m, alecable_cable_create(&c, mo->m, ALECABLE_ELEMENT_AXIAL, &sec), "line");
        ex_check(mo->m, alecable_cable_line(c, an, fl, 0.0, p->length, p->elements), "line");
        ex_check(mo->m, alecable_cable_set_lagrangian(c, 1), "line");
        ex_check(mo->m, alecable_cable_node(&a, c, 0), "anchor");
        ex_check(mo->m, alecable_cable_node(&f, c, p->elements), "fairlead");
        for (k = 0; k < 3; k++) ex_check(mo->m, alecable_fix(NULL, mo->m, a, k), "anchor");
        ex_check(mo->m, alecable_attach(&mo->fair[i], mo->m, f, mo->b, fl, 0), "fairlead");
    }
    ex_check(mo->m, alecable_model_finalize(mo->m), "finalize");
}

static double norm3(const double *x) { return sqrt(x[0] * x[0] + x[1] * x[1] + x[2] * x[2]); }

static void tensions(const mooring *mo, double T[NLINES])
{
    int i;
    for (i = 0; i < NLINES; i++) {
        double f[3];
        ex_check(mo->m, alecable_joint_multipliers(mo->fair[i], f), "fairlead force");
        T[i] = norm3(f);
    }
}

/* ---- the host's buoy ------------------------------------------------------ */

/* The host's forces on the buoy at (t, x, R, v, Omega): the force in space
 * and the moment in the body frame (about the origin); F0, M0 (space) the
 * static part.  The roll and pitch springs act on the rotation vector of R
 * (small angles) */
static void host_forces(const params *p, const double F0[6], double t, const double x[3], const double R[9],
                        const double v[3], const double W[3], double F[3], double Mb[3])
{
    double psi[3], th, c, Ms[3], w = 2.0 * M_PI / p->wave_period;
    int k;
    {
        double cth = 0.5 * (R[0] + R[4] + R[8] - 1.0), s;
        cth = cth > 1.0 ? 1.0 : cth < -1.0 ? -1.0 : cth;
        th = acos(cth);
        s = sin(th);
        c = th < 1e-8 ? 0.5 : th / (2.0 * s);
        psi[0] = c * (R[7] - R[5]);
        psi[1] = c * (R[2] - R[6]);
        psi[2] = c * (R[3] - R[1]);
    }
    for (k = 0; k < 3; k++) {
        F[k] = F0[k] - p->c_lin * v[k];
        Ms[k] = F0[3 + k];
    }
    F[2] += -p->k_heave * x[2] - (p->c_heave - p->c_lin) * v[2];
    F[0] += p->wave_f * sin(w * t);
    F[2] += 0.5 * p->wave_f * sin(w * t + 0.7);
    Ms[0] += -p->k_roll * psi[0];
    Ms[1] += -p->k_roll * psi[1] + p->wave_m * sin(w * t + 0.3);
    for (k = 0; k < 3; k++) Mb[k] = R[k] * Ms[0] + R[3 + k] * Ms[1] + R[6 + k] * Ms[2] - p->c_rot * W[k];
}

/* R <- R exp(d^) */
static void compose(double R[9], const double d[3])
{
    double th = norm3(d), a = th < 1e-8 ? 1.0 - th * th / 6.0 : sin(th) / th,
           b = th < 1e-8 ? 0.5 - th * th / 24.0 : (1.0 - cos(th)) / (th * th), E[9], D[9], D2[9], T[9];
    int i, j, k;
    D[0] = D[4] = D[8] = 0.0;
    D[1] = -d[2];
    D[2] = d[1];
    D[3] = d[2];
    D[5] = -d[0];
    D[6] = -d[1];
    D[7] = d[0];
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++) {
            D2[3 * i + j] = 0.0;
            for (k = 0; k < 3; k++) D2[3 * i + j] += D[3 * i + k] * D[3 * k + j];
        }
    for (k = 0; k < 9; k++) E[k] = (k % 4 == 0) + a * D[k] + b * D2[k];
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++) T[3 * i + j] = R[3 * i] * E[j] + R[3 * i + 1] * E[3 + j] + R[3 * i + 2] * E[6 + j];
    memcpy(R, T, sizeof T);
}

typedef struct newmark {
    double h, beta, gamma, cq, cv, ca;
} newmark;

static newmark newmark_of(double h)
{
    newmark n;
    n.h = h;
    n.gamma = 0.6;
    n.beta = 0.25 * (n.gamma + 0.5) * (n.gamma + 0.5);
    n.cq = 1.0;
    n.cv = n.gamma / (n.beta * h);
    n.ca = 1.0 / (n.beta * h * h);
    return n;
}

/* v, a at n+1 from the increment D over the step (Newmark) */
static void newmark_rates(const newmark *nm, double D, double v0, double a0, double *v1, double *a1)
{
    *a1 = (D - nm->h * v0 - nm->h * nm->h * (0.5 - nm->beta) * a0) / (nm->beta * nm->h * nm->h);
    *v1 = v0 + nm->h * ((1.0 - nm->gamma) * a0 + nm->gamma * *a1);
}

/* The buoy's residual rows (6) of the host: m a - F, J dOmega + Omega x J Omega - M_b */
static void buoy_rows(const params *p, const double F0[6], double t, const double x[3], const double R[9],
                      const double v[6], const double a[6], double r[6])
{
    double F[3], Mb[3], JW[3];
    int k;
    host_forces(p, F0, t, x, R, v, v + 3, F, Mb);
    for (k = 0; k < 3; k++) JW[k] = p->J[k] * v[3 + k];
    r[0] = p->m * a[0] - F[0];
    r[1] = p->m * a[1] - F[1];
    r[2] = p->m * a[2] - F[2];
    r[3] = p->J[0] * a[3] + v[4] * JW[2] - v[5] * JW[1] - Mb[0];
    r[4] = p->J[1] * a[4] + v[5] * JW[0] - v[3] * JW[2] - Mb[1];
    r[5] = p->J[2] * a[5] + v[3] * JW[1] - v[4] * JW[0] - Mb[2];
}

/* Their approximate Jacobian's diagonal (the inertia, the springs and the
 * dampers; Newton converges on the residual) */
static void buoy_diag(const params *p, const newmark *nm, double d[6])
{
    d[0] = d[1] = p->m * nm->ca + p->c_lin * nm->cv;
    d[2] = p->m * nm->ca + p->c_heave * nm->cv + p->k_heave;
    d[3] = p->J[0] * nm->ca + p->c_rot * nm->cv + p->k_roll;
    d[4] = p->J[1] * nm->ca + p->c_rot * nm->cv + p->k_roll;
    d[5] = p->J[2] * nm->ca + p->c_rot * nm->cv;
}

/* ---- dense LU (the monolithic host's solve) ------------------------------ */
static int lu_solve(double *A, int n, double *b)
{
    int i, j, k;
    for (k = 0; k < n; k++) {
        int piv = k;
        double mx = fabs(A[(size_t)k * n + k]);
        for (i = k + 1; i < n; i++)
            if (fabs(A[(size_t)i * n + k]) > mx) mx = fabs(A[(size_t)i * n + k]), piv = i;
        if (mx == 0.0) return -1;
        if (piv != k) {
            double t;
            for (j = 0; j < n; j++) t = A[(size_t)k * n + j], A[(size_t)k * n + j] = A[(size_t)piv * n + j], A[(size_t)piv * n + j] = t;
            t = b[k], b[k] = b[piv], b[piv] = t;
        }
        for (i = k + 1; i < n; i++) {
            double f = A[(size_t)i * n + k] / A[(size_t)k * n + k];
            if (f == 0.0) continue;
            for (j = k + 1; j < n; j++) A[(size_t)i * n + j] -= f * A[(size_t)k * n + j];
            b[i] -= f * b[k];
        }
    }
    for (k = n - 1; k >= 0; k--) {
        double s = b[k];
        for (j = k + 1; j < n; j++) s -= A[(size_t)k * n + j] * b[j];
        b[k] = s / A[(size_t)k * n + k];
    }
    return 0;
}

/* ---- the two runs ---------------------------------------------------------- */

typedef struct outcome {
    double x[3], R[9], T[NLINES], iterations;
    int status;
} outcome;

/* Co-simulation: the host's Newmark on the buoy (6 unknowns, its own
 * Newton), the lines' wrench from the library */
static void run_cosim(const params *p, mooring *mo, double F0[6], outcome *out, int implicit)
{
    alecable_cosim *cs;
    alecable_cosim_options o;
    alecable_dynamic_options d;
    newmark nm = newmark_of(p->H);
    double pose[12], tw[6], W[6], Wn[6], Wprev[6], v[6] = {0}, a[6] = {0}, x[3] = {0}, R[9], t = 0.0, diag[6];
    long steps = (long)floor(p->time / p->H + 0.5), n, its = 0;
    int k, st;
    alecable_dynamic_options_init(&d);
    d.method = ALECABLE_METHOD_NEWMARK;
    d.gamma = nm.gamma;
    d.beta = nm.beta;
    d.h = p->h;
    alecable_cosim_options_init(&o);
    o.dynamic = &d;
    o.interpolation = p->hermite ? ALECABLE_COSIM_HERMITE : ALECABLE_COSIM_LINEAR;
    ex_check(mo->m, alecable_cosim_create(&cs, mo->m, 1, &mo->b, &o), "cosim");
    rz(0.0, R);
    memcpy(pose, x, sizeof x);
    memcpy(pose + 3, R, sizeof R);
    if ((st = alecable_cosim_init(cs, 0.0, pose, NULL, 1, W))) {
        fprintf(stderr, "cosim_buoy: init: %s\n", alecable_cosim_errmsg(cs));
        exit(1);
    }
    for (k = 0; k < 6; k++) F0[k] = -W[k]; /* the host's statics balance the settled lines */
    buoy_diag(p, &nm, diag);
    for (n = 0; n < steps; n++) {
        double x0[3], R0[9], v0[6], a0[6], Wk[6];
        int it, sweep;
        memcpy(x0, x, sizeof x);
        memcpy(R0, R, sizeof R);
        memcpy(v0, v, sizeof v);
        memcpy(a0, a, sizeof a);
        for (k = 0; k < 6; k++) /* explicit: the wrench of t_n, or extrapolated from t_n-1 and t_n */
            Wk[k] = p->extrapolate && n > 0 ? 2.0 * W[k] - Wprev[k] : W[k];
        memcpy(Wprev, W, sizeof W);
        for (sweep = 0; sweep < 50; sweep++) {
            double D[6] = {0};
            for (it = 0; it < 30; it++) { /* the host's Newton on its buoy, the wrench given */
                double r[6], dn = 0.0;
                memcpy(x, x0, sizeof x);
                memcpy(R, R0, sizeof R);
                for (k = 0; k < 3; k++) x[k] += D[k];
                compose(R, D + 3);
                for (k = 0; k < 6; k++) newmark_rates(&nm, D[k], v0[k], a0[k], &v[k], &a[k]);
                buoy_rows(p, F0, t + p->H, x, R, v, a, r);
                for (k = 0; k < 3; k++) {
                    r[k] -= Wk[k];
                    r[3 + k] -= R[k] * Wk[3] + R[3 + k] * Wk[4] + R[6 + k] * Wk[5];
                }
                for (k = 0; k < 6; k++) {
                    double dk = -r[k] / diag[k];
                    D[k] += dk;
                    dn = fmax(dn, fabs(dk));
                }
                if (dn < 1e-13) break;
            }
            memcpy(x, x0, sizeof x);
            memcpy(R, R0, sizeof R);
            for (k = 0; k < 3; k++) x[k] += D[k];
            compose(R, D + 3);
            for (k = 0; k < 6; k++) newmark_rates(&nm, D[k], v0[k], a0[k], &v[k], &a[k]);
            memcpy(pose, x, sizeof x);
            memcpy(pose + 3, R, sizeof R);
            memcpy(tw, v, 3 * sizeof(double));
            for (k = 0; k < 3; k++) tw[3 + k] = R[3 * k] * v[3] + R[3 * k + 1] * v[4] + R[3 * k + 2] * v[5];
            if ((st = alecable_cosim_step(cs, p->H, pose, tw, Wn, NULL, NULL))) {
                fprintf(stderr, "cosim_buoy: t = %g: %s\n", t, alecable_cosim_errmsg(cs));
                out->status = 1;
                alecable_cosim_destroy(cs);
                return;
            }
            its++;
            if (!implicit) break;
            {
                double dw = 0.0, sw = 0.0;
                for (k = 0; k < 6; k++) dw = fmax(dw, fabs(Wn[k] - Wk[k])), sw = fmax(sw, fabs(Wn[k]));
                memcpy(Wk, Wn, sizeof Wk);
                if (dw <= 1e-9 * sw) break;
            }
            ex_check(mo->m, alecable_cosim_undo(cs), "undo");
        }
        memcpy(W, Wn, sizeof W);
        t += p->H;
    }
    memcpy(out->x, x, sizeof x);
    memcpy(out->R, R, sizeof R);
    tensions(mo, out->T);
    out->iterations = (double)its / (double)(steps > 0 ? steps : 1);
    out->status = 0;
    alecable_cosim_destroy(cs);
}

/* Monolithic: the host's Newmark on the buoy and the lines at once; the
 * host's unknowns are the model's (q, lambda) in the model's order, the
 * buoy being the model's body of mass 0 to which the host's rows add its
 * inertia and forces */
static void run_mono(const params *p, mooring *mo, const double *q_start, const double F0[6], outcome *out)
{
    alecable_embedding *e;
    alecable_problem pr;
    alecable_node *bn;
    newmark nm = newmark_of(p->h);
    int n, nq, nnz, *rows, *cols, db, k;
    long steps = (long)floor(p->time / p->h + 0.5), s;
    double *x, *x0, *v, *v0, *a, *a0, *D, *r, *vals, *A, diag[6], t = 0.0;
    ex_check(mo->m, alecable_model_set_load_ramp(mo->m, 0), "load ramp"); /* t is a time: loads in full */
    ex_check(mo->m, alecable_model_problem(&pr, mo->m), "problem");
    n = pr.nq + pr.nlam;
    nq = pr.nq;
    ex_check(mo->m, alecable_model_embedding(&e, mo->m, n, NULL, 0), "embedding");
    ex_check(mo->m, alecable_embedding_pattern(e, &nnz, NULL, NULL), "pattern");
    rows = malloc(sizeof(int) * (size_t)nnz);
    cols = malloc(sizeof(int) * (size_t)nnz);
    vals = malloc(sizeof(double) * (size_t)nnz);
    x = calloc((size_t)n, sizeof *x), x0 = calloc((size_t)n, sizeof *x0), v = calloc((size_t)n, sizeof *v);
    v0 = calloc((size_t)n, sizeof *v0), a = calloc((size_t)n, sizeof *a), a0 = calloc((size_t)n, sizeof *a0);
    D = calloc((size_t)n, sizeof *D), r = calloc((size_t)n, sizeof *r);
    A = malloc(sizeof(double) * (size_t)n * (size_t)n);
    if (!rows || !cols || !vals || !x || !x0 || !v || !v0 || !a || !a0 || !D || !r || !A) {
        fprintf(stderr, "cosim_buoy: out of memory\n");
        exit(1);
    }
    ex_check(mo->m, alecable_embedding_pattern(e, NULL, rows, cols), "pattern");
    ex_check(mo->m, alecable_body_node(&bn, mo->b), "body node");
    ex_check(mo->m, alecable_node_dof_index(bn, ALECABLE_DOF_X, &db), "body dof");
    memcpy(x, q_start, sizeof(double) * (size_t)nq); /* the settled lines; multipliers from the first step */
    buoy_diag(p, &nm, diag);
    out->status = 0;
    for (s = 0; s < steps && !out->status; s++) {
        int it;
        memcpy(x0, x, sizeof(double) * (size_t)n);
        memcpy(v0, v, sizeof(double) * (size_t)n);
        memcpy(a0, a, sizeof(double) * (size_t)n);
        memset(D, 0, sizeof(double) * (size_t)n);
        for (k = nq; k < n; k++) D[k] = x0[k]; /* multipliers: unknowns in themselves */
        for (it = 0; it < 30; it++) {
            double dn = 0.0, psi[3], R[9], rb[6];
            /* the state of the increment D: q (+) D, Newmark rates */
            memcpy(x, x0, sizeof(double) * (size_t)nq);
            for (k = nq; k < n; k++) x[k] = 0.0;
            ex_check(mo->m, alecable_embedding_update(e, x, D, 1.0), "update");
            for (k = 0; k < nq; k++) newmark_rates(&nm, D[k], v0[k], a0[k], &v[k], &a[k]);
            memset(r, 0, sizeof(double) * (size_t)n);
            if (alecable_embedding_residual(e, t + p->h, x, v, a, r)) {
                fprintf(stderr, "cosim_buoy: residual: %s\n", alecable_embedding_errmsg(e));
                out->status = 1;
                break;
            }
            /* the host's rows of the buoy */
            for (k = 0; k < 3; k++) psi[k] = x[db + 3 + k];
            {
                double th = norm3(psi), ax[3], c, sn, C;
                for (k = 0; k < 3; k++) ax[k] = th > 0 ? psi[k] / th : 0.0;
                c = cos(th), sn = sin(th), C = 1.0 - c;
                R[0] = c + ax[0] * ax[0] * C, R[1] = ax[0] * ax[1] * C - ax[2] * sn, R[2] = ax[0] * ax[2] * C + ax[1] * sn;
                R[3] = ax[1] * ax[0] * C + ax[2] * sn, R[4] = c + ax[1] * ax[1] * C, R[5] = ax[1] * ax[2] * C - ax[0] * sn;
                R[6] = ax[2] * ax[0] * C - ax[1] * sn, R[7] = ax[2] * ax[1] * C + ax[0] * sn, R[8] = c + ax[2] * ax[2] * C;
            }
            buoy_rows(p, F0, t + p->h, x + db, R, v + db, a + db, rb);
            for (k = 0; k < 6; k++) r[db + k] += rb[k];
            /* the Jacobian, dense */
            if (alecable_embedding_jacobian(e, t + p->h, x, v, a, nm.cq, nm.cv, nm.ca, ALECABLE_JAC_FULL, vals)) {
                fprintf(stderr, "cosim_buoy: jacobian: %s\n", alecable_embedding_errmsg(e));
                out->status = 1;
                break;
            }
            memset(A, 0, sizeof(double) * (size_t)n * (size_t)n);
            for (k = 0; k < nnz; k++) A[(size_t)rows[k] * n + cols[k]] += vals[k];
            for (k = 0; k < 6; k++) A[(size_t)(db + k) * n + db + k] += diag[k];
            for (k = 0; k < n; k++) r[k] = -r[k];
            if (lu_solve(A, n, r)) {
                fprintf(stderr, "cosim_buoy: singular matrix at t = %g\n", t);
                out->status = 1;
                break;
            }
            for (k = 0; k < n; k++) {
                D[k] += r[k];
                if (k < nq) dn = fmax(dn, fabs(r[k]));
            }
            if (dn < 1e-12) break;
        }
        if (it == 30) {
            fprintf(stderr, "cosim_buoy: the monolithic Newton did not converge at t = %g\n", t);
            out->status = 1;
        }
        memcpy(x, x0, sizeof(double) * (size_t)nq);
        for (k = nq; k < n; k++) x[k] = 0.0;
        ex_check(mo->m, alecable_embedding_update(e, x, D, 1.0), "update");
        for (k = 0; k < nq; k++) newmark_rates(&nm, D[k], v0[k], a0[k], &v[k], &a[k]);
        ex_check(mo->m, alecable_embedding_commit(e, t + p->h, x, v), "commit");
        t += p->h;
    }
    /* the final state into the model for its queries */
    ex_check(mo->m, alecable_model_set_state(mo->m, x, x + nq, 0.0), "set_state");
    ex_check(mo->m, alecable_body_pose(mo->b, out->x, out->R), "pose");
    tensions(mo, out->T);
    free(rows), free(cols), free(vals), free(x), free(x0), free(v), free(v0), free(a), free(a0), free(D), free(r);
    free(A);
    alecable_embedding_destroy(e);
}

int main(int argc, char **argv)
{
    params p;
    mooring mc, mm;
    outcome oc, om;
    double F0[6], *q, off_m, d[3], offset_err, tension_err = 0.0, t0;
    int nq, nlam, k, rc, implicit;
    memset(&p, 0, sizeof p);
    p.time = 60.0;
    p.H = 0.04;
    p.h = 0.02;
    p.depth = 50.0;
    p.anchor_radius = 150.0;
    p.length = 155.0;
    p.ea = 4e8;
    p.mass_line = 80.0;
    p.elements = 10;
    p.coupling = "explicit";
    p.interpolation = "hermite";
    p.m = 1e6;
    p.J[0] = p.J[1] = 5e7;
    p.J[2] = 2e7;
    p.k_heave = 8e5;
    p.k_roll = 5e7;
    p.c_lin = 5e4;
    p.c_heave = 2e5;
    p.c_rot = 5e6;
    p.wave_f = 2e5;
    p.wave_m = 2e6;
    p.wave_period = 10.0;
    {
        ex_opt opts[] = {
            {"--time", 'd', &p.time, "simulated time [s]"},
            {"--H", 'd', &p.H, "co-simulation macro-step [s]"},
            {"--h", 'd', &p.h, "time step of the lines (the co-simulation's sub-step and the monolithic step) [s]"},
            {"--coupling", 's', &p.coupling, "explicit (the wrench of t_n in the host's step) or implicit (Gauss-Seidel with undo)"},
            {"--interpolation", 's', &p.interpolation, "the buoy's kinematics over a macro-step: linear or hermite (alecable_cosim_options)"},
            {"--hold", 'f', &p.hold, "explicit coupling: hold the wrench of t_n over the host's step (default: extrapolate it linearly from t_n-1 and t_n)"},
            {"--elements", 'i', &p.elements, "axial elements per line"},
            {"--depth", 'd', &p.depth, "water depth [m]"},
            {"--anchor-radius", 'd', &p.anchor_radius, "horizontal distance of the anchors from the buoy [m]"},
            {"--length", 'd', &p.length, "unstretched length of a line [m]"},
            {"--ea", 'd', &p.ea, "axial stiffness of a line [N]"},
            {"--line-mass", 'd', &p.mass_line, "mass of a line per unit length [kg/m]"},
            {"--mass", 'd', &p.m, "mass of the buoy [kg]"},
            {"--wave-force", 'd', &p.wave_f, "amplitude of the harmonic surge force [N] (heave: half of it)"},
            {"--wave-period", 'd', &p.wave_period, "period of the wave forces [s]"},
            {NULL, 0, NULL, NULL}};
        rc = ex_parse(argc, argv, opts,
                      "A buoy on three catenary lines: co-simulation (alecable_cosim) against the monolithic "
                      "embedding (alecable_model_embedding) of the same system.");
        if (rc) return rc > 0 ? 0 : 2;
    }
    if (strcmp(p.coupling, "explicit") && strcmp(p.coupling, "implicit")) {
        fprintf(stderr, "cosim_buoy: --coupling %s: explicit or implicit\n", p.coupling);
        return 2;
    }
    implicit = !strcmp(p.coupling, "implicit");
    if (strcmp(p.interpolation, "linear") && strcmp(p.interpolation, "hermite")) {
        fprintf(stderr, "cosim_buoy: --interpolation %s: linear or hermite\n", p.interpolation);
        return 2;
    }
    p.hermite = !strcmp(p.interpolation, "hermite");
    p.extrapolate = !p.hold;
    if (!(p.H > 0) || !(p.h > 0) || !(p.time > 0) || p.elements < 1 || p.H < p.h * (1.0 - 1e-12)) {
        fprintf(stderr, "cosim_buoy: --time, --H, --h must be > 0, --H >= --h, --elements >= 1\n");
        return 2;
    }
    build(&p, &mc);
    build(&p, &mm);
    t0 = ex_now();
    run_cosim(&p, &mc, F0, &oc, implicit);
    printf("co-simulation: H = %g s (%s coupling, %.2f steps per macro-step), %.2f s wall\n", p.H, p.coupling,
           oc.iterations, ex_now() - t0);
    if (oc.status) {
        printf("result: status=1 H=%g\n", p.H);
        return 1;
    }
    /* the monolithic run starts from the co-simulation's settled lines */
    {
        mooring tmp;
        alecable_cosim *cs;
        double pose[12] = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1};
        build(&p, &tmp);
        ex_check(tmp.m, alecable_cosim_create(&cs, tmp.m, 1, &tmp.b, NULL), "cosim");
        if (alecable_cosim_init(cs, 0.0, pose, NULL, 1, NULL)) {
            fprintf(stderr, "cosim_buoy: settle: %s\n", alecable_cosim_errmsg(cs));
            return 1;
        }
        ex_check(tmp.m, alecable_model_sizes(tmp.m, &nq, &nlam), "sizes");
        q = malloc(sizeof(double) * (size_t)nq);
        ex_check(tmp.m, alecable_model_get_state(tmp.m, q, NULL, NULL), "state");
        alecable_cosim_destroy(cs);
        alecable_model_destroy(tmp.m);
    }
    t0 = ex_now();
    run_mono(&p, &mm, q, F0, &om);
    printf("monolithic:    h = %g s, %.2f s wall\n", p.h, ex_now() - t0);
    for (k = 0; k < 3; k++) d[k] = oc.x[k] - om.x[k];
    off_m = norm3(om.x);
    offset_err = norm3(d) / (off_m > 0 ? off_m : 1.0);
    for (k = 0; k < NLINES; k++) tension_err = fmax(tension_err, fabs(oc.T[k] - om.T[k]) / om.T[k]);
    printf("buoy offset after %g s: co-simulation (%.6f, %.6f, %.6f) m, monolithic (%.6f, %.6f, %.6f) m\n", p.time,
           oc.x[0], oc.x[1], oc.x[2], om.x[0], om.x[1], om.x[2]);
    printf("fairlead tensions [kN]: co-simulation %.4f %.4f %.4f, monolithic %.4f %.4f %.4f\n", oc.T[0] / 1e3,
           oc.T[1] / 1e3, oc.T[2] / 1e3, om.T[0] / 1e3, om.T[1] / 1e3, om.T[2] / 1e3);
    printf("result: status=%d offset=%.6g offset_err=%.3e tension_err=%.3e H=%g iterations=%.3g\n",
           om.status || oc.status, off_m, offset_err, tension_err, p.H, oc.iterations);
    free(q);
    alecable_model_destroy(mc.m);
    alecable_model_destroy(mm.m);
    return om.status || oc.status;
}
