/* A parameter sweep spread over MPI ranks: the capstan of paper 000 sec. 4.3.2
 * (a cable on a fixed pulley, R = 50 mm, E = 210 GPa, A = 7.854 mm^2, end A
 * clamped, a traction F on the end N, Coulomb slip friction at the interior
 * wrap nodes) for every friction coefficient mu x wrap angle alpha of a grid.
 *
 * Each grid point is an independent model: the library is single-model and
 * reentrant, so scaling out is a matter of handing grid points to processes.
 * Point k (mu-major order) goes to rank k mod size (a cyclic deal: the cost
 * grows with the wrap angle, so neighbours go to different ranks); rank 0
 * gathers every point's record and writes the CSV in index order, so the
 * file does not depend on the number of ranks.  Numbers are printed with 17
 * significant digits (every double round-trips), so two CSVs are equal byte
 * for byte exactly when every result is equal bit for bit; make mpi-check
 * compares 2 ranks with --serial that way (cmp).
 *
 * The geometry is capstan.c's with the incoming span turned: the cable leaves
 * the pulley at K = (0, -R) in -x (where N is pulled, held in y, z and s) and
 * wraps alpha before K, from B at the angle alpha - pi/2, so A lies on the
 * tangent at B.  With wrap angles up to 2 pi the spans may cross: the model
 * has no cable-cable contact, and the law does not care.  The pulley carries
 * n = ceil(n_per_pi alpha / pi) elements (at least 2).  The slip limit the
 * load steps reach is the nodal law on the polygon of chords, T_right / T_left
 * = (1 + a) / (1 - a), a = mu sin(alpha/n) / 2, at each of the n - 1
 * interior wrap nodes (none at B and K), the "discrete law"
 * ((1 + a)/(1 - a))^(n - 1) printed beside the belt law exp(mu alpha_corr),
 * alpha_corr = alpha - alpha/n (paper 000 eq. 84).
 *
 * --serial runs the whole grid in this process without initializing MPI (run
 * it without mpirun), the reference the ranks' CSV must equal. */
#include <mpi.h>

#include "common.h"
#include "support/rig.h"

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct params {
    double mu_min, mu_max, deg_min, deg_max, F, R, top, bottom, E, A, tol, n_per_pi;
    int mu_count, deg_count, steps, serial;
    const char *csv;
} params;

/* One grid point's record: doubles only, so that the gather is one MPI_DOUBLE
 * array (the integers are small and exact as doubles). */
enum { R_INDEX, R_MU, R_DEG, R_N, R_F1, R_F2, R_RATIO, R_DISCRETE, R_EXP, R_ITER, R_STATUS, R_FIELDS };

static double grid_value(double lo, double hi, int count, int i)
{
    return count == 1 ? lo : lo + (hi - lo) * i / (count - 1);
}

static int wrap_elements(const params *p, double alpha)
{
    int n = (int)ceil(p->n_per_pi * alpha / M_PI - 1e-9);
    return n < 2 ? 2 : n;
}

/* The capstan with wrap angle alpha over n elements, built like ex_pulley_build
 * (common.c) but returning the library's status instead of exiting: a grid
 * point that fails is recorded as failed and the sweep goes on. */
static int build(const params *p, double mu, double alpha, int n, ex_pulley *md)
{
    alecable_section sec;
    alecable_body_params bp;
    alecable_pulley_params pp;
    alecable_load *ld;
    double *ang, th_B = alpha - 0.5 * M_PI, s_K = p->top + p->R * alpha, x[3] = {0, 0, 0};
    double f[3] = {-p->F, 0, 0};
    int i;
    memset(md, 0, sizeof *md);
    md->n = n;
    md->iM = -1;
    md->iN = n + 2;
    md->nd = (alecable_node **)calloc((size_t)n + 3, sizeof *md->nd);
    ang = (double *)calloc((size_t)n + 1, sizeof *ang);
    if (!md->nd || !ang) {
        free(ang);
        return ALECABLE_ENOMEM;
    }
    RIG_TRY(alecable_model_create(&md->m, NULL));
    alecable_section_init(&sec);
    sec.E = p->E;
    sec.A = p->A;
    RIG_TRY(alecable_cable_create(&md->c, md->m, ALECABLE_ELEMENT_AXIAL, &sec));
    /* A: back from B along the tangent of a clockwise wrap, (sin th, -cos th) */
    x[0] = p->R * cos(th_B) - p->top * sin(th_B);
    x[1] = p->R * sin(th_B) + p->top * cos(th_B);
    RIG_TRY(alecable_cable_add_node(&md->nd[0], md->c, x, 0.0));
    for (i = 0; i <= n; i++) {
        ang[i] = th_B - alpha * i / n;
        x[0] = p->R * cos(ang[i]);
        x[1] = p->R * sin(ang[i]);
        RIG_TRY(alecable_cable_add_node(&md->nd[1 + i], md->c, x, p->top + p->R * alpha * i / n));
    }
    x[0] = -p->bottom;
    x[1] = -p->R;
    RIG_TRY(alecable_cable_add_node(&md->nd[md->iN], md->c, x, s_K + p->bottom));
    alecable_body_params_init(&bp);
    RIG_TRY(alecable_body_create(&md->pulley, md->m, &bp));
    RIG_TRY(alecable_body_fix(md->m, md->pulley));
    alecable_pulley_params_init(&pp);
    pp.radius = p->R;
    RIG_TRY(alecable_pulley_wrap(&md->wrap, md->m, md->pulley, &pp, n + 1, md->nd + 1, ang));
    free(ang);
    /* slip friction; the material flows towards N, the pulled (high-s) end */
    RIG_TRY(alecable_pulley_friction(NULL, md->m, md->wrap, mu, +1));
    for (i = ALECABLE_DOF_X; i <= ALECABLE_DOF_S; i++) RIG_TRY(alecable_fix(NULL, md->m, md->nd[0], i));
    for (i = ALECABLE_DOF_Y; i <= ALECABLE_DOF_S; i++) RIG_TRY(alecable_fix(NULL, md->m, md->nd[md->iN], i));
    RIG_TRY(alecable_load_node(&ld, md->m, md->nd[md->iN], f));
    return ALECABLE_OK;
}

/* Grid point k into rec[R_FIELDS]. */
static void run_point(const params *p, int k, double *rec)
{
    int i_mu = k / p->deg_count, i_deg = k % p->deg_count, n, s, it, st = ALECABLE_OK;
    double mu = grid_value(p->mu_min, p->mu_max, p->mu_count, i_mu);
    double deg = grid_value(p->deg_min, p->deg_max, p->deg_count, i_deg);
    double alpha = deg * M_PI / 180.0, a;
    ex_pulley md;
    n = wrap_elements(p, alpha);
    a = 0.5 * mu * sin(alpha / n);
    rec[R_INDEX] = k;
    rec[R_MU] = mu;
    rec[R_DEG] = deg;
    rec[R_N] = n;
    rec[R_DISCRETE] = pow((1.0 + a) / (1.0 - a), n - 1);
    rec[R_EXP] = exp(mu * (alpha - alpha / n));
    rec[R_ITER] = 0;
    st = build(p, mu, alpha, n, &md);
    for (s = 1; st == ALECABLE_OK && s <= p->steps; s++) {
        st = ex_load_step(md.m, (double)(s - 1) / p->steps, (double)s / p->steps, p->tol, &it);
        rec[R_ITER] += it;
    }
    if (st == ALECABLE_OK) {
        rec[R_F1] = rig_tension(md.c, n + 1); /* K-N, the tight span */
        rec[R_F2] = rig_tension(md.c, 0);     /* A-B, the slack span */
        rec[R_RATIO] = rec[R_F1] / rec[R_F2];
    } else
        rec[R_F1] = rec[R_F2] = rec[R_RATIO] = NAN;
    rec[R_STATUS] = st;
    alecable_model_destroy(md.m); /* NULL when the model was not created */
    free(md.nd);
}

/* This rank's share of the grid (points rank, rank + size, ...) into recs;
 * returns their number. */
static int run_share(const params *p, int rank, int size, double *recs)
{
    int k, m = 0, total = p->mu_count * p->deg_count;
    for (k = rank; k < total; k += size) run_point(p, k, recs + (size_t)m++ * R_FIELDS);
    return m;
}

/* The CSV text of every record, in index order (recs[k] is point k). */
typedef struct text {
    char *s;
    size_t len, cap;
} text;

static void text_add(text *t, const char *fmt, ...)
{
    va_list ap;
    int need;
    va_start(ap, fmt);
    need = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (need < 0) return;
    if (t->len + (size_t)need + 1 > t->cap) {
        size_t cap = 2 * (t->len + (size_t)need + 1);
        char *s = (char *)realloc(t->s, cap);
        if (!s) {
            fprintf(stderr, "sweep_mpi: out of memory for the CSV\n");
            exit(1);
        }
        t->s = s;
        t->cap = cap;
    }
    va_start(ap, fmt);
    vsnprintf(t->s + t->len, t->cap - t->len, fmt, ap);
    va_end(ap);
    t->len += (size_t)need;
}

static void csv_text(const params *p, const double *recs, text *t)
{
    int k, total = p->mu_count * p->deg_count;
    text_add(t, "index,mu,wrap_deg,wrap_elements,F1_N,F2_N,ratio,ratio_discrete,rel_dev_discrete,ratio_exp,"
                "newton_iterations,status\n");
    for (k = 0; k < total; k++) {
        const double *r = recs + (size_t)k * R_FIELDS;
        text_add(t, "%d,%.17g,%.17g,%d,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%d,%d\n", (int)r[R_INDEX], r[R_MU],
                 r[R_DEG], (int)r[R_N], r[R_F1], r[R_F2], r[R_RATIO], r[R_DISCRETE], r[R_RATIO] / r[R_DISCRETE] - 1,
                 r[R_EXP], (int)r[R_ITER], (int)r[R_STATUS]);
    }
}

/* 64-bit FNV-1a of the CSV text: one number in the result line that tells two
 * runs' files apart. */
static uint64_t fnv1a(const char *s, size_t n)
{
    uint64_t h = 14695981039346656037ULL;
    size_t i;
    for (i = 0; i < n; i++) {
        h ^= (unsigned char)s[i];
        h *= 1099511628211ULL;
    }
    return h;
}

/* Rank 0's summary and result line from all records (index order). */
static int report(const params *p, const double *recs, int ranks, double wall, double busy_min, double busy_max)
{
    int k, total = p->mu_count * p->deg_count, failed = 0, first_failed = -1;
    double dev_max = 0, rmin = INFINITY, rmax = -INFINITY;
    text t = {NULL, 0, 0};
    uint64_t h;
    for (k = 0; k < total; k++) {
        const double *r = recs + (size_t)k * R_FIELDS;
        if (r[R_STATUS] != ALECABLE_OK) {
            if (!failed++) first_failed = k;
            continue;
        }
        if (fabs(r[R_RATIO] / r[R_DISCRETE] - 1) > dev_max) dev_max = fabs(r[R_RATIO] / r[R_DISCRETE] - 1);
        if (r[R_RATIO] < rmin) rmin = r[R_RATIO];
        if (r[R_RATIO] > rmax) rmax = r[R_RATIO];
    }
    if (failed == total) rmin = rmax = NAN; /* no ratio at all */
    csv_text(p, recs, &t);
    h = fnv1a(t.s, t.len);
    printf("  %d models on %d %s in %.3f s; busy time per rank %.3f .. %.3f s\n", total, ranks,
           ranks == 1 ? "process" : "ranks", wall, busy_min, busy_max);
    if (p->deg_count <= 12 && p->mu_count <= 20) { /* the grid itself, when it fits a screen */
        int i, j;
        printf("  F1/F2 at the slip limit      wrap angle [deg]\n  %6s", "mu");
        for (j = 0; j < p->deg_count; j++) printf(" %8.4g", recs[(size_t)j * R_FIELDS + R_DEG]);
        printf("\n");
        for (i = 0; i < p->mu_count; i++) {
            printf("  %6.4g", recs[(size_t)i * p->deg_count * R_FIELDS + R_MU]);
            for (j = 0; j < p->deg_count; j++) printf(" %8.4f", recs[((size_t)i * p->deg_count + j) * R_FIELDS + R_RATIO]);
            printf("\n");
        }
    }
    printf("  F1/F2 from %.6f to %.6f; largest relative deviation from the discrete law %.3e\n", rmin, rmax, dev_max);
    if (failed) {
        const double *r = recs + (size_t)first_failed * R_FIELDS;
        printf("  %d models failed, the first: mu = %g, wrap %g deg: %s\n", failed, r[R_MU], r[R_DEG],
               alecable_strerror((int)r[R_STATUS]));
    }
    if (p->csv) {
        FILE *f = fopen(p->csv, "w");
        if (!f || fwrite(t.s, 1, t.len, f) != t.len || fclose(f) != 0) {
            perror(p->csv);
            free(t.s);
            printf("result: status=1\n");
            return 1;
        }
        printf("  wrote %s (%lu bytes, FNV-1a %016llx)\n", p->csv, (unsigned long)t.len, (unsigned long long)h);
    }
    free(t.s);
    printf("result: status=%d models=%d ranks=%d failed=%d ratio_min=%.8f ratio_max=%.8f max_rel_dev_discrete=%.3e "
           "csv_fnv1a=%016llx wall_s=%.3f\n",
           failed ? 1 : 0, total, ranks, failed, rmin, rmax, dev_max, (unsigned long long)h, wall);
    return failed ? 1 : 0;
}

/* Under mpirun, before MPI_Init: this process's rank and the job's size from
 * the launcher's environment (Open MPI, then MPICH/PMI), -1 when not set. */
static int launcher_env(const char *ompi, const char *pmi)
{
    const char *v = getenv(ompi);
    if (!v) v = getenv(pmi);
    return v ? atoi(v) : -1;
}

static int run_serial(const params *p)
{
    int total = p->mu_count * p->deg_count, rc;
    double *recs = (double *)malloc((size_t)total * R_FIELDS * sizeof *recs), t0;
    if (!recs) {
        fprintf(stderr, "sweep_mpi: out of memory\n");
        return 1;
    }
    t0 = ex_now();
    run_share(p, 0, 1, recs);
    t0 = ex_now() - t0;
    rc = report(p, recs, 1, t0, t0, t0);
    free(recs);
    return rc;
}

static int run_mpi(const params *p, int rank, int size)
{
    int total = p->mu_count * p->deg_count, mine = (total - rank + size - 1) / size, m, r, rc = 0;
    double *own = (double *)malloc(((size_t)mine + 1) * R_FIELDS * sizeof *own), *all = NULL, *sorted = NULL;
    double *busy = NULL, t0, tb;
    int *counts = NULL, *displs = NULL;
    t0 = MPI_Wtime();
    if (!own) MPI_Abort(MPI_COMM_WORLD, 1);
    tb = MPI_Wtime();
    m = run_share(p, rank, size, own);
    tb = MPI_Wtime() - tb;
    if (rank == 0) {
        all = (double *)malloc((size_t)total * R_FIELDS * sizeof *all);
        sorted = (double *)malloc((size_t)total * R_FIELDS * sizeof *sorted);
        busy = (double *)malloc((size_t)size * sizeof *busy);
        counts = (int *)malloc((size_t)size * sizeof *counts);
        displs = (int *)malloc((size_t)size * sizeof *displs);
        if (!all || !sorted || !busy || !counts || !displs) MPI_Abort(MPI_COMM_WORLD, 1);
        for (r = 0; r < size; r++) {
            counts[r] = ((total - r + size - 1) / size) * R_FIELDS;
            displs[r] = r == 0 ? 0 : displs[r - 1] + counts[r - 1];
        }
    }
    MPI_Gatherv(own, m * R_FIELDS, MPI_DOUBLE, all, counts, displs, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    MPI_Gather(&tb, 1, MPI_DOUBLE, busy, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        double bmin = INFINITY, bmax = 0;
        int k;
        /* every record carries its index: put it in its row */
        for (k = 0; k < total; k++) {
            int idx = (int)all[(size_t)k * R_FIELDS + R_INDEX];
            memcpy(sorted + (size_t)idx * R_FIELDS, all + (size_t)k * R_FIELDS, R_FIELDS * sizeof *all);
        }
        for (r = 0; r < size; r++) {
            if (busy[r] < bmin) bmin = busy[r];
            if (busy[r] > bmax) bmax = busy[r];
        }
        rc = report(p, sorted, size, MPI_Wtime() - t0, bmin, bmax);
        free(all);
        free(sorted);
        free(busy);
        free(counts);
        free(displs);
    }
    free(own);
    /* every rank exits with rank 0's verdict */
    MPI_Bcast(&rc, 1, MPI_INT, 0, MPI_COMM_WORLD);
    return rc;
}

int main(int argc, char **argv)
{
    params p;
    int rc, rank, size, env_rank = launcher_env("OMPI_COMM_WORLD_RANK", "PMI_RANK");
    int env_size = launcher_env("OMPI_COMM_WORLD_SIZE", "PMI_SIZE");
    double A_mm2 = 7.854;
    ex_opt opts[] = {
        {"--mu-min", 'd', &p.mu_min, "smallest friction coefficient"},
        {"--mu-max", 'd', &p.mu_max, "largest friction coefficient"},
        {"--mu-count", 'i', &p.mu_count, "friction coefficients, evenly spaced"},
        {"--angle-min", 'd', &p.deg_min, "smallest wrap angle [deg]"},
        {"--angle-max", 'd', &p.deg_max, "largest wrap angle [deg] (up to 360)"},
        {"--angle-count", 'i', &p.deg_count, "wrap angles, evenly spaced"},
        {"--n-per-pi", 'd', &p.n_per_pi, "elements on the pulley per 180 deg of wrap (at least 2 in all)"},
        {"--steps", 'i', &p.steps, "load steps (the slip-limit ratio does not depend on them)"},
        {"--F", 'd', &p.F, "traction on the end N [N]"},
        {"--E", 'd', &p.E, "Young's modulus [Pa]"},
        {"--A", 'd', &A_mm2, "cross-section area [mm^2]"},
        {"--tol", 'd', &p.tol, "Newton tolerance: ||r|| <= tol x the step's largest residual"},
        {"--csv", 's', &p.csv, "write one line per grid point (index order) to this CSV file (rank 0)"},
        {"--serial", 'f', &p.serial, "run every grid point in this process without MPI (start it without mpirun)"},
        {NULL, 0, NULL, NULL}};
    memset(&p, 0, sizeof p);
    p.mu_min = 0.1;
    p.mu_max = 0.5;
    p.mu_count = 5;
    p.deg_min = 45;
    p.deg_max = 360;
    p.deg_count = 8;
    p.n_per_pi = 12;
    p.steps = 4;
    p.F = 1000;
    p.R = 50e-3;
    p.top = 34.04e-3;
    p.bottom = 115.78e-3; /* capstan.c's L - s_K */
    p.E = 210e9;
    p.tol = 1e-10;
    /* Options are read before MPI_Init (--serial decides whether to start it).
     * Under mpirun every rank parses them; only the first prints the help or a
     * complaint, and the others print nothing at all afterwards either (rank 0
     * reports every grid point, failures included). */
    if (env_rank > 0 && (!freopen("/dev/null", "w", stdout) || !freopen("/dev/null", "w", stderr))) return 1;
    rc = ex_parse(argc, argv, opts,
                  "Capstan slip ratio over a grid of friction coefficients x wrap angles, spread over MPI ranks;\n"
                  "rank 0 gathers the CSV in grid order (equal byte for byte to the --serial run's).");
    if (rc) return rc > 0 ? 0 : 2;
    if (!(p.mu_min >= 0) || !(p.mu_max >= p.mu_min) || p.mu_count < 1 || !(p.deg_min > 0) ||
        !(p.deg_max >= p.deg_min) || !(p.deg_max <= 360) || p.deg_count < 1 || !(p.n_per_pi > 0) || p.steps < 1 ||
        !(p.F > 0) || !(p.E > 0) || !(A_mm2 > 0) || !(p.tol > 0) || p.mu_count > 10000 || p.deg_count > 10000) {
        fprintf(stderr, "need 0 <= --mu-min <= --mu-max, 0 < --angle-min <= --angle-max <= 360, counts 1..10000, "
                        "--n-per-pi, --F, --E, --A, --tol > 0, --steps >= 1\n");
        return 2;
    }
    p.A = A_mm2 * 1e-6;
    if (p.serial && env_size > 1) {
        if (env_rank <= 0) fprintf(stderr, "sweep_mpi: --serial runs without MPI: start it without mpirun\n");
        return 2;
    }
    if (p.serial) {
        rank = 0;
        size = 1;
    } else {
        MPI_Init(&argc, &argv);
        MPI_Comm_rank(MPI_COMM_WORLD, &rank);
        MPI_Comm_size(MPI_COMM_WORLD, &size);
    }
    if (rank == 0) {
        printf("sweep_mpi: capstan (R = %g mm, E = %g Pa, A = %g mm^2, F = %g N, %d load steps), mu %g .. %g (%d) x "
               "wrap %g .. %g deg (%d), %g elements per 180 deg, %s\n",
               1e3 * p.R, p.E, A_mm2, p.F, p.steps, p.mu_min, p.mu_max, p.mu_count, p.deg_min, p.deg_max, p.deg_count,
               p.n_per_pi, p.serial ? "serial (no MPI)" : "MPI");
        fflush(stdout);
    }
    if (p.serial) return run_serial(&p);
    rc = run_mpi(&p, rank, size);
    MPI_Finalize();
    return rc;
}
