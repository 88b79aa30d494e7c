/* Threads (issue 12): the library keeps no global state, so models in
 * different threads do not meet.  Eight models, static and dynamic, of
 * every element kind, with bodies, joints and friction, run once one after
 * the other and then all at once in eight threads; each thread's result
 * must equal the serial one bit for bit.  Then eight hosts (issue 23), each
 * with its own model placed in its own system through an embedding and its
 * own Newmark loop, the same way.  `make tsan` runs this suite under
 * ThreadSanitizer.
 *
 * Jobs never call Check from their threads (its assertions are not meant
 * for other threads): they return a status, and the main thread asserts. */
#include "suites.h"
#include "support/atwood_rig.h"
#include "support/belt_rig.h"

#include <alecable.h>
#include <check.h>
#include <pthread.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>

#define TRY(call)                                                                                                    \
    do {                                                                                                             \
        int st_ = (call);                                                                                            \
        if (st_) return st_;                                                                                         \
    } while (0)

enum { NJOBS = 8 };

typedef struct job {
    int kind;        /* which model and run */
    int status;
    double *x;       /* q, then lambda, at the end */
    int n;
} job;

/* the model's final state into j->x */
static int keep_state(job *j, alecable_model *m)
{
    int nq, nl;
    TRY(alecable_model_sizes(m, &nq, &nl));
    j->n = nq + nl;
    j->x = (double *)malloc((size_t)(j->n > 0 ? j->n : 1) * sizeof *j->x);
    if (!j->x) return ALECABLE_ENOMEM;
    return alecable_model_get_state(m, j->x, j->x + nq, NULL);
}

/* a cable of n elements from a to b, element kind k, Lagrangian or ALE */
static int line(alecable_model *m, alecable_cable **c, int k, const double a[3], const double b[3], int n, double E,
                double A, double rho, int lagrangian)
{
    alecable_section sec;
    alecable_section_init(&sec);
    sec.E = E;
    sec.A = A;
    sec.rho = rho;
    sec.I = 1e-9;
    TRY(alecable_cable_create(c, m, k, &sec));
    TRY(alecable_cable_line(*c, a, b, 0.0, sqrt((b[0] - a[0]) * (b[0] - a[0]) + (b[1] - a[1]) * (b[1] - a[1])), n));
    if (k == ALECABLE_ELEMENT_KIRCHHOFF) {
        alecable_beam_params bp;
        alecable_beam_params_init(&bp);
        bp.GJ = 0.7;
        TRY(alecable_cable_set_beam(*c, &bp));
    }
    return lagrangian ? alecable_cable_set_lagrangian(*c, 1) : 0;
}

/* Statics: a bar whose middle node's material flows (paper 000 sec. 4.2
 * on 8 elements, the two-stage regularization) */
static int run_bar(job *j)
{
    alecable_model *m;
    alecable_cable *c;
    alecable_section sec;
    alecable_quasistatic_options o;
    double L = 0.01, b[3] = {1e5, 0, 0};
    int i, st;
    TRY(alecable_model_create(&m, NULL));
    alecable_section_init(&sec);
    sec.E = 1e9;
    sec.A = 3.14159265358979323846e-6;
    st = alecable_cable_create(&c, m, ALECABLE_ELEMENT_AXIAL, &sec);
    for (i = 0; i <= 8 && !st; i++) {
        double x[3] = {L * i / 8, 0, 0};
        alecable_node *nd;
        st = alecable_cable_add_node(&nd, c, x, x[0]);
        if (!st && i != 4) st = alecable_fix(NULL, m, nd, ALECABLE_DOF_S);
        if (!st && (i == 0 || i == 8)) st = alecable_fix(NULL, m, nd, ALECABLE_DOF_X);
        if (!st) st = alecable_fix(NULL, m, nd, ALECABLE_DOF_Y);
        if (!st) st = alecable_fix(NULL, m, nd, ALECABLE_DOF_Z);
    }
    if (!st) st = alecable_load_distributed(NULL, m, c, b);
    alecable_quasistatic_options_init(&o);
    o.load_steps = 10;
    o.alpha = 100;
    if (!st) st = alecable_solve_quasistatic(m, &o, NULL);
    if (!st) st = keep_state(j, m);
    alecable_model_destroy(m);
    return st;
}

/* Statics: a Kirchhoff cantilever bent by its weight and an end moment */
static int run_cantilever(job *j)
{
    alecable_model *m;
    alecable_cable *c;
    alecable_clamp_params cp;
    alecable_quasistatic_options o;
    alecable_node *n0, *n1;
    const double a[3] = {0, 0, 0}, b[3] = {1, 0, 0}, g[3] = {0, -9.81, 0}, mo[3] = {0.2, 0, 0.1};
    int st;
    TRY(alecable_model_create(&m, NULL));
    st = alecable_model_set_gravity(m, g);
    if (!st) st = line(m, &c, ALECABLE_ELEMENT_KIRCHHOFF, a, b, 10, 1e9, 1e-4, 1000.0, 1);
    if (!st) st = alecable_cable_node(&n0, c, 0);
    if (!st) st = alecable_cable_node(&n1, c, 10);
    alecable_clamp_params_init(&cp);
    if (!st) st = alecable_clamp(NULL, m, n0, &cp);
    if (!st) st = alecable_load_node_moment(NULL, m, n1, mo, 0);
    alecable_quasistatic_options_init(&o);
    o.load_steps = 5;
    o.regularization = ALECABLE_REG_NONE;
    if (!st) st = alecable_solve_quasistatic(m, &o, NULL);
    if (!st) st = keep_state(j, m);
    alecable_model_destroy(m);
    return st;
}

/* Statics: the belt drive (friction on turning wheels, bodies, joints) */
static int run_belt(job *j)
{
    belt_params bp;
    belt_rig r;
    alecable_quasistatic_options o;
    int st;
    belt_params_default(&bp);
    TRY(belt_build(&r, &bp));
    alecable_quasistatic_options_init(&o);
    o.load_steps = 12;
    st = alecable_solve_quasistatic(r.m, &o, NULL);
    if (!st) st = keep_state(j, r.m);
    alecable_model_destroy(r.m);
    return st;
}

/* Dynamics: a pendulum of element kind k released horizontally */
static int run_pendulum(job *j, int k, int method)
{
    alecable_model *m;
    alecable_cable *c;
    alecable_node *n0;
    alecable_dynamic_options o;
    alecable_integrator *it = NULL;
    const double a[3] = {0, 0, 0}, b[3] = {1, 0, 0}, g[3] = {0, -9.81, 0};
    int st, d, n;
    TRY(alecable_model_create(&m, NULL));
    st = alecable_model_set_gravity(m, g);
    if (!st) st = line(m, &c, k, a, b, 8, 1e8, 1e-4, 1000.0, 1);
    if (!st) st = alecable_cable_node(&n0, c, 0);
    for (d = ALECABLE_DOF_X; d <= ALECABLE_DOF_Z && !st; d++) st = alecable_fix(NULL, m, n0, d);
    if (!st && k == ALECABLE_ELEMENT_KIRCHHOFF) st = alecable_fix(NULL, m, n0, ALECABLE_DOF_ROLL);
    alecable_dynamic_options_init(&o);
    o.method = method;
    o.h = 1e-3;
    if (!st) st = alecable_model_integrator(&it, m, &o);
    for (n = 0; n < 150 && !st; n++) st = alecable_integrator_step(it, 1e-3);
    if (!st) st = alecable_model_pull_state(m, it);
    if (!st) st = keep_state(j, m);
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
    return st;
}

/* Dynamics: the Atwood machine slipping on its wheel */
static int run_atwood(job *j)
{
    atwood_params ap;
    atwood_rig r;
    alecable_dynamic_options o;
    alecable_integrator *it = NULL;
    int st, n;
    atwood_params_default(&ap);
    ap.mu = 0.05;
    TRY(atwood_build(&r, &ap));
    alecable_dynamic_options_init(&o);
    o.method = ALECABLE_METHOD_NEWMARK; /* 0.2's default, which these figures were taken with */
    o.h = 1e-3;
    st = alecable_model_integrator(&it, r.m, &o);
    for (n = 0; n < 150 && !st; n++) st = alecable_integrator_step(it, 1e-3);
    if (!st) st = alecable_model_pull_state(r.m, it);
    if (!st) st = keep_state(j, r.m);
    alecable_integrator_destroy(it);
    alecable_model_destroy(r.m);
    return st;
}

static void *run(void *arg)
{
    job *j = (job *)arg;
    switch (j->kind) {
    case 0: j->status = run_bar(j); break;
    case 1: j->status = run_cantilever(j); break;
    case 2: j->status = run_belt(j); break;
    case 3: j->status = run_pendulum(j, ALECABLE_ELEMENT_ANCF, ALECABLE_METHOD_HHT); break;
    case 4: j->status = run_pendulum(j, ALECABLE_ELEMENT_AXIAL, ALECABLE_METHOD_NEWMARK); break;
    case 5: j->status = run_pendulum(j, ALECABLE_ELEMENT_KIRCHHOFF, ALECABLE_METHOD_GENALPHA); break;
    case 6: j->status = run_pendulum(j, ALECABLE_ELEMENT_ANCF, ALECABLE_METHOD_SI_HHT); break;
    default: j->status = run_atwood(j); break;
    }
    return NULL;
}

START_TEST(eight_models_in_eight_threads)
{
    job serial[NJOBS], par[NJOBS];
    pthread_t th[NJOBS];
    int k;
    memset(serial, 0, sizeof serial);
    memset(par, 0, sizeof par);
    for (k = 0; k < NJOBS; k++) {
        serial[k].kind = par[k].kind = k;
        run(&serial[k]);
        ck_assert_msg(serial[k].status == 0, "job %d (serial): status %d", k, serial[k].status);
    }
    for (k = 0; k < NJOBS; k++) ck_assert_int_eq(pthread_create(&th[k], NULL, run, &par[k]), 0);
    for (k = 0; k < NJOBS; k++) ck_assert_int_eq(pthread_join(th[k], NULL), 0);
    for (k = 0; k < NJOBS; k++) {
        ck_assert_msg(par[k].status == 0, "job %d (thread): status %d", k, par[k].status);
        ck_assert_int_eq(par[k].n, serial[k].n);
        ck_assert_msg(memcmp(par[k].x, serial[k].x, (size_t)par[k].n * sizeof *par[k].x) == 0,
                      "job %d: the threaded result differs from the serial one", k);
        free(par[k].x);
        free(serial[k].x);
    }
}
END_TEST

/* ---- eight embedding hosts (issue 23) -------------------------------------------- */

/* Dense Gaussian elimination with partial pivoting, A (n x n, row-major)
 * z = b in place (b becomes z); ALECABLE_ESINGULAR on a zero pivot */
static int host_solve(int n, double *A, double *b)
{
    int i, j, k;
    for (k = 0; k < n; k++) {
        int piv = k;
        for (i = k + 1; i < n; i++)
            if (fabs(A[(size_t)i * n + k]) > fabs(A[(size_t)piv * n + k])) piv = i;
        if (!(fabs(A[(size_t)piv * n + k]) > 0.0)) return ALECABLE_ESINGULAR;
        if (piv != k) {
            double t;
            for (j = 0; j < n; j++) {
                t = A[(size_t)k * n + j];
                A[(size_t)k * n + j] = A[(size_t)piv * n + j];
                A[(size_t)piv * n + j] = t;
            }
            t = b[k], b[k] = b[piv], b[piv] = t;
        }
        for (i = k + 1; i < n; i++) {
            double f = A[(size_t)i * n + k] / A[(size_t)k * n + k];
            if (f == 0.0) continue;
            for (j = k; j < n; j++) A[(size_t)i * n + j] -= f * A[(size_t)k * n + j];
            b[i] -= f * b[k];
        }
    }
    for (k = n - 1; k >= 0; k--) {
        for (j = k + 1; j < n; j++) b[k] -= A[(size_t)k * n + j] * b[j];
        b[k] /= A[(size_t)k * n + k];
    }
    return 0;
}

/* Host job k: an ANCF pendulum of 2 + k % 3 elements pinned at one end,
 * carrying a rigid body (turned, its centre of mass off its origin) at the
 * other, under gravity; the host has 5 unknowns of its own (trivial rows:
 * x_i = i) and places the model's unknowns after them (k even: an offset)
 * or in reverse order between them (k odd: an index map).  40 steps of the
 * host's Newmark loop (the trapezoidal rule in Arnold and Bruls' form,
 * Newton on a_{n+1} and lambda, as tests/test_embedding.c's host), each
 * step committed; j->x gets the host's final x and v. */
enum { HOST_OWN = 5, HOST_STEPS = 40 };

static int host_model(alecable_model **out, int k)
{
    alecable_model *m;
    alecable_cable *c;
    alecable_section sec;
    alecable_node *n0, *n1;
    alecable_body *b;
    alecable_body_params bp;
    const double xa[3] = {0, 0, 0}, xb[3] = {1, 0, 0}, g[3] = {0, -9.81, 0}, p0[3] = {0, 0, 0};
    int ne = 2 + k % 3, d, st;
    TRY(alecable_model_create(&m, NULL));
    *out = m;
    alecable_section_init(&sec);
    sec.E = 1e7 * (1 + k);
    sec.A = 1e-4;
    sec.I = 1e-9;
    sec.rho = 1000.0;
    TRY(alecable_cable_create(&c, m, ALECABLE_ELEMENT_ANCF, &sec));
    TRY(alecable_cable_line(c, xa, xb, 0.0, 1.0, ne));
    TRY(alecable_cable_set_lagrangian(c, 1));
    TRY(alecable_cable_node(&n0, c, 0));
    TRY(alecable_cable_node(&n1, c, ne));
    for (d = ALECABLE_DOF_X; d <= ALECABLE_DOF_Z; d++) TRY(alecable_fix(NULL, m, n0, d));
    alecable_body_params_init(&bp);
    bp.mass = 0.2 + 0.05 * k;
    bp.position[0] = 1.0;
    bp.com[0] = 0.05;
    bp.com[1] = 0.02;
    bp.inertia[0] = 2e-3;
    bp.inertia[4] = 3e-3;
    bp.inertia[8] = 4e-3;
    bp.rotation[0] = bp.rotation[4] = cos(0.1 * k);
    bp.rotation[1] = -sin(0.1 * k);
    bp.rotation[3] = sin(0.1 * k);
    TRY(alecable_body_create(&b, m, &bp));
    TRY(alecable_attach(NULL, m, n1, b, p0, 0));
    TRY(alecable_model_set_gravity(m, g));
    TRY(alecable_model_set_load_ramp(m, 0)); /* t is a time */
    st = alecable_model_finalize(m);
    return st;
}

typedef struct host_buf {
    int *index, *rows, *cols;
    double *x, *v, *acc, *base, *inc, *an, *vv, *r, *vals, *A, *q;
} host_buf;

static void host_free(host_buf *hb)
{
    free(hb->index), free(hb->rows), free(hb->cols), free(hb->x), free(hb->v), free(hb->acc), free(hb->base);
    free(hb->inc), free(hb->an), free(hb->vv), free(hb->r), free(hb->vals), free(hb->A), free(hb->q);
}

/* the host's matrix: the embedding's entries (pattern order); the caller puts 1 on its own diagonal */
static void host_matrix(int nh, int nnz, const host_buf *hb)
{
    int k;
    memset(hb->A, 0, sizeof *hb->A * (size_t)nh * (size_t)nh);
    for (k = 0; k < nnz; k++) hb->A[(size_t)hb->rows[k] * nh + (size_t)hb->cols[k]] += hb->vals[k];
}

static int host_steps(job *j, alecable_model *m, host_buf *hb)
{
    const double h = 2e-3, beta = 0.25, gamma = 0.5;
    alecable_problem p;
    alecable_embedding *e = NULL;
    int n, nq, nh, nnz, k, step, iter, st, *own;
    TRY(alecable_model_problem(&p, m));
    nq = p.nq;
    n = p.nq + p.nlam;
    nh = n + HOST_OWN;
    hb->index = (int *)malloc(sizeof(int) * (size_t)n);
    own = (int *)calloc((size_t)nh, sizeof(int));
    if (!hb->index || !own) {
        free(own);
        return ALECABLE_ENOMEM;
    }
    /* odd jobs: the model's unknowns in reverse order, the host's own at
     * every third place from the start; even jobs: an offset */
    for (k = 0; k < nh; k++) own[k] = j->kind % 2 ? (k % 3 == 1 && k / 3 < HOST_OWN) : k < HOST_OWN;
    {
        int slot = 0;
        for (k = j->kind % 2 ? n - 1 : 0; j->kind % 2 ? k >= 0 : k < n; k += j->kind % 2 ? -1 : 1) {
            while (own[slot]) slot++;
            hb->index[k] = slot++;
        }
    }
    st = j->kind % 2 ? alecable_model_embedding(&e, m, nh, hb->index, 0)
                     : alecable_model_embedding(&e, m, nh, NULL, HOST_OWN);
    if (!st) st = alecable_embedding_pattern(e, &nnz, NULL, NULL);
    if (!st) {
        hb->rows = (int *)malloc(sizeof(int) * (size_t)nnz);
        hb->cols = (int *)malloc(sizeof(int) * (size_t)nnz);
        hb->vals = (double *)calloc((size_t)nnz, sizeof(double));
        hb->x = (double *)calloc((size_t)nh, sizeof(double));
        hb->v = (double *)calloc((size_t)nh, sizeof(double));
        hb->acc = (double *)calloc((size_t)nh, sizeof(double));
        hb->base = (double *)calloc((size_t)nh, sizeof(double));
        hb->inc = (double *)calloc((size_t)nh, sizeof(double));
        hb->an = (double *)calloc((size_t)nh, sizeof(double));
        hb->vv = (double *)calloc((size_t)nh, sizeof(double));
        hb->r = (double *)calloc((size_t)nh, sizeof(double));
        hb->A = (double *)calloc((size_t)nh * (size_t)nh, sizeof(double));
        hb->q = (double *)calloc((size_t)n, sizeof(double));
        if (!hb->rows || !hb->cols || !hb->vals || !hb->x || !hb->v || !hb->acc || !hb->base || !hb->inc ||
            !hb->an || !hb->vv || !hb->r || !hb->A || !hb->q)
            st = ALECABLE_ENOMEM;
    }
    if (!st) st = alecable_embedding_pattern(e, NULL, hb->rows, hb->cols);
    if (!st) st = alecable_model_get_state(m, hb->q, NULL, NULL);
    if (!st) st = alecable_embedding_scatter(e, hb->q, NULL, hb->x);
    for (k = 0; k < nh && !st; k++)
        if (own[k]) hb->x[k] = k; /* the host's own unknowns, at their solution */
    /* consistent start: [M G^T; G 0] [a; lambda] = -[f; g] */
    if (!st) st = alecable_embedding_residual(e, 0.0, hb->x, hb->v, NULL, hb->r);
    if (!st) st = alecable_embedding_jacobian(e, 0.0, hb->x, hb->v, NULL, 0.0, 0.0, 1.0, ALECABLE_JAC_FULL, hb->vals);
    if (!st) {
        host_matrix(nh, nnz, hb);
        for (k = 0; k < nh; k++) {
            if (own[k]) hb->A[(size_t)k * nh + k] = 1.0, hb->r[k] = 0.0;
            hb->r[k] = -hb->r[k];
        }
        st = host_solve(nh, hb->A, hb->r);
    }
    for (k = 0; k < n && !st; k++) {
        int i = hb->index[k];
        if (k < nq) hb->acc[i] = hb->r[i];
        else hb->x[i] = hb->r[i];
    }
    for (step = 1; step <= HOST_STEPS && !st; step++) {
        memcpy(hb->base, hb->x, sizeof(double) * (size_t)nh);
        memcpy(hb->an, hb->acc, sizeof(double) * (size_t)nh);
        for (iter = 0; !st; iter++) {
            double dn = 0.0;
            if (iter == 20) {
                st = ALECABLE_ENOCONV;
                break;
            }
            for (k = 0; k < nh; k++) hb->inc[k] = hb->vv[k] = 0.0;
            for (k = 0; k < nq; k++) {
                int i = hb->index[k];
                hb->inc[i] = h * hb->v[i] + h * h * ((0.5 - beta) * hb->acc[i] + beta * hb->an[i]);
                hb->vv[i] = hb->v[i] + h * ((1 - gamma) * hb->acc[i] + gamma * hb->an[i]);
            }
            memcpy(hb->x, hb->base, sizeof(double) * (size_t)nh);
            st = alecable_embedding_update(e, hb->x, hb->inc, 1.0);
            for (k = 0; k < nh; k++) hb->r[k] = own[k] ? hb->x[k] - k : 0.0;
            if (!st) st = alecable_embedding_residual(e, step * h, hb->x, hb->vv, hb->an, hb->r);
            if (!st)
                st = alecable_embedding_jacobian(e, step * h, hb->x, hb->vv, hb->an, 1.0, gamma / (beta * h),
                                                 1.0 / (beta * h * h), ALECABLE_JAC_FULL, hb->vals);
            if (st) break;
            host_matrix(nh, nnz, hb);
            for (k = 0; k < nh; k++) {
                if (own[k]) hb->A[(size_t)k * nh + k] = 1.0;
                hb->r[k] = -hb->r[k];
            }
            if ((st = host_solve(nh, hb->A, hb->r))) break;
            for (k = 0; k < nh; k++)
                if (own[k]) hb->base[k] += hb->r[k];
            for (k = 0; k < n; k++) {
                int i = hb->index[k];
                if (k < nq) hb->an[i] += hb->r[i] / (beta * h * h), dn = fmax(dn, fabs(hb->r[i]));
                else hb->base[i] += hb->r[i];
            }
            if (dn < 1e-13) break;
        }
        if (st) break;
        memcpy(hb->acc, hb->an, sizeof(double) * (size_t)nh);
        memcpy(hb->v, hb->vv, sizeof(double) * (size_t)nh);
        for (k = nq; k < n; k++) hb->x[hb->index[k]] = hb->base[hb->index[k]];
        st = alecable_embedding_commit(e, step * h, hb->x, hb->v);
    }
    if (!st) {
        j->n = 2 * nh;
        j->x = (double *)malloc(sizeof(double) * (size_t)j->n);
        if (!j->x) st = ALECABLE_ENOMEM;
        else memcpy(j->x, hb->x, sizeof(double) * (size_t)nh), memcpy(j->x + nh, hb->v, sizeof(double) * (size_t)nh);
    }
    alecable_embedding_destroy(e);
    free(own);
    return st;
}

static void *run_host(void *arg)
{
    job *j = (job *)arg;
    alecable_model *m = NULL;
    host_buf hb;
    memset(&hb, 0, sizeof hb);
    j->status = host_model(&m, j->kind);
    if (!j->status) j->status = host_steps(j, m, &hb);
    host_free(&hb);
    alecable_model_destroy(m);
    return NULL;
}

START_TEST(eight_embedding_hosts_in_eight_threads)
{
    job serial[NJOBS], par[NJOBS];
    pthread_t th[NJOBS];
    int k;
    memset(serial, 0, sizeof serial);
    memset(par, 0, sizeof par);
    for (k = 0; k < NJOBS; k++) {
        serial[k].kind = par[k].kind = k;
        run_host(&serial[k]);
        ck_assert_msg(serial[k].status == 0, "host %d (serial): status %d", k, serial[k].status);
    }
    /* the hosts moved: the body's velocity after 40 steps is not zero */
    for (k = 0; k < NJOBS; k++) {
        double vmax = 0.0;
        int i;
        for (i = serial[k].n / 2; i < serial[k].n; i++) vmax = fmax(vmax, fabs(serial[k].x[i]));
        ck_assert_msg(vmax > 1e-2, "host %d did not move (|v| <= %g)", k, vmax);
    }
    for (k = 0; k < NJOBS; k++) ck_assert_int_eq(pthread_create(&th[k], NULL, run_host, &par[k]), 0);
    for (k = 0; k < NJOBS; k++) ck_assert_int_eq(pthread_join(th[k], NULL), 0);
    for (k = 0; k < NJOBS; k++) {
        ck_assert_msg(par[k].status == 0, "host %d (thread): status %d", k, par[k].status);
        ck_assert_int_eq(par[k].n, serial[k].n);
        ck_assert_msg(memcmp(par[k].x, serial[k].x, (size_t)par[k].n * sizeof *par[k].x) == 0,
                      "host %d: the threaded result differs from the serial one", k);
        free(par[k].x);
        free(serial[k].x);
    }
}
END_TEST

Suite *suite_threads(void)
{
    Suite *s = suite_create("threads");
    TCase *tc = tcase_create("concurrent models");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, eight_models_in_eight_threads);
    tcase_add_test(tc, eight_embedding_hosts_in_eight_threads);
    suite_add_tcase(s, tc);
    suite_add_tcase(s, tcase_cosim_threads());
    suite_add_tcase(s, tcase_batch_threads());
    return s;
}
