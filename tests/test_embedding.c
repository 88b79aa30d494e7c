/* Monolithic embedding (alecable_embedding_*, alecable_model_embedding):
 * a model placed in a larger host system through a scattered DOF map.
 *
 * The model: an ANCF cable pinned at one end, carrying a free rigid body
 * (mass and inertia, turned away from the axes) at the other, under gravity;
 * the host has 7 unknowns of its own interleaved with the model's.
 *  - residual and Jacobian through the map equal the model's own problem's,
 *    permuted (to round-off), and leave the host's own rows untouched;
 *  - the Jacobian through a bound host CSC (unsorted) and CSR equals central
 *    differences of the embedded residual, the rotation columns moved by
 *    alecable_embedding_update() (independent of the scatter: 1e-6);
 *  - a host's own Newmark loop through the embedding (30 lines below: a
 *    host that owns its integrator) follows the library's Newmark
 *    integrator on the same model step by step (1e-8 of the motion), with
 *    the velocities handed back by alecable_model_set_velocity() giving the
 *    library's kinetic energy;
 *  - history advances only on alecable_embedding_commit() (a host's own
 *    problem with history);
 *  - the model's host allocator is used, and nothing is allocated after
 *    creation;
 *  - bad input: every argument, and a model changed after the embedding. */
#include "suites.h"
#include "counting_alloc.h"

#include <alecable.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* the measured figures, on stderr when ALECABLE_TEST_FIGURES is set */
static void figure(const char *fmt, ...)
{
    va_list ap;
    if (!getenv("ALECABLE_TEST_FIGURES")) return;
    va_start(ap, fmt);
    fprintf(stderr, "embedding: ");
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

#define NH_OWN 7 /* the host's own unknowns */

static alecable_model *pendulum_with_body_alloc(alecable_body **body_out, const alecable_allocator *al)
{
    alecable_model *m;
    alecable_cable *c;
    alecable_section sec;
    alecable_node *n0, *n1;
    alecable_body *b;
    alecable_body_params bp;
    double xa[3] = {0, 0, 0}, xb[3] = {1, 0, 0}, g[3] = {0, -9.81, 0}, p0[3] = {0, 0, 0};
    int k;
    ck_assert_int_eq(alecable_model_create(&m, al), 0);
    alecable_section_init(&sec);
    sec.E = 1e7;
    sec.A = 1e-4;
    sec.I = 1e-9;
    sec.rho = 1000.0;
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_ANCF, &sec), 0);
    ck_assert_int_eq(alecable_cable_line(c, xa, xb, 0.0, 1.0, 4), 0);
    ck_assert_int_eq(alecable_cable_set_lagrangian(c, 1), 0);
    ck_assert_int_eq(alecable_cable_node(&n0, c, 0), 0);
    ck_assert_int_eq(alecable_cable_node(&n1, c, 4), 0);
    for (k = 0; k < 3; k++) ck_assert_int_eq(alecable_fix(NULL, m, n0, k), 0);
    alecable_body_params_init(&bp);
    bp.mass = 0.3;
    bp.position[0] = 1.0;
    bp.com[0] = 0.05;
    bp.com[1] = 0.02;
    bp.inertia[0] = 2e-3;
    bp.inertia[4] = 3e-3;
    bp.inertia[8] = 4e-3;
    bp.rotation[0] = bp.rotation[4] = cos(0.4);
    bp.rotation[1] = -sin(0.4);
    bp.rotation[3] = sin(0.4);
    ck_assert_int_eq(alecable_body_create(&b, m, &bp), 0);
    ck_assert_int_eq(alecable_attach(NULL, m, n1, b, p0, 0), 0);
    ck_assert_int_eq(alecable_model_set_gravity(m, g), 0);
    ck_assert_int_eq(alecable_model_finalize(m), 0);
    if (body_out) *body_out = b;
    return m;
}

static alecable_model *pendulum_with_body(alecable_body **body_out)
{
    return pendulum_with_body_alloc(body_out, NULL);
}

/* the problem's unknown k goes to host index 3 k mod nh... a scattered,
 * one-to-one map: the model's unknowns in reverse order, with the host's
 * own NH_OWN unknowns at every fifth place */
static int make_map(int n, int *index)
{
    int k, slot = 0, nh = n + NH_OWN, own = 0;
    for (k = n - 1; k >= 0; k--) {
        while (slot % 5 == 2 && own < NH_OWN) slot++, own++;
        index[k] = slot++;
    }
    return nh > slot ? nh : slot;
}

static double rnd(unsigned *s)
{
    *s = *s * 1103515245u + 12345u;
    return ((*s >> 8) & 0xffff) / 32768.0 - 1.0;
}

START_TEST(residual_jacobian_as_the_model)
{
    alecable_model *m = pendulum_with_body(NULL);
    alecable_problem p;
    alecable_embedding *e;
    int n, nh, k, nnz, *index, *rows, *cols;
    double *q, *v, *a, *r, *x, *xv, *xa, *rh, *vals, *hv, err = 0.0;
    unsigned seed = 7;
    ck_assert_int_eq(alecable_model_problem(&p, m), 0);
    n = p.nq + p.nlam;
    index = malloc(sizeof(int) * (size_t)n);
    nh = make_map(n, index);
    ck_assert_int_eq(alecable_model_embedding(&e, m, nh, index, 0), 0);
    q = calloc((size_t)n, sizeof *q);
    v = calloc((size_t)n, sizeof *v);
    a = calloc((size_t)n, sizeof *a);
    r = calloc((size_t)n, sizeof *r);
    x = calloc((size_t)nh, sizeof *x);
    xv = calloc((size_t)nh, sizeof *xv);
    xa = calloc((size_t)nh, sizeof *xa);
    rh = calloc((size_t)nh, sizeof *rh);
    ck_assert_int_eq(alecable_model_get_state(m, q, NULL, NULL), 0);
    for (k = 0; k < n; k++) {
        if (k < p.nq) q[k] += 0.01 * rnd(&seed), v[k] = rnd(&seed), a[k] = 2 * rnd(&seed);
        else q[k] = 10 * rnd(&seed); /* multipliers */
    }
    for (k = 0; k < nh; k++) x[k] = xv[k] = xa[k] = 1e3; /* the host's own: must not be read */
    ck_assert_int_eq(alecable_embedding_scatter(e, q, q + p.nq, x), 0);
    ck_assert_int_eq(alecable_embedding_scatter(e, v, NULL, xv), 0);
    ck_assert_int_eq(alecable_embedding_scatter(e, a, NULL, xa), 0);
    ck_assert_int_eq(alecable_embedding_residual(e, 0.0, x, xv, xa, rh), 0);
    ck_assert_int_eq(p.residual(p.ctx, 0.0, q, v, a, q + p.nq, r), 0);
    for (k = 0; k < n; k++) ck_assert_double_eq(rh[index[k]], r[k]);
    for (k = 0; k < nh; k++) {
        int mine = 0, j;
        for (j = 0; j < n; j++) mine |= index[j] == k;
        if (!mine) ck_assert_double_eq(rh[k], 0.0);
    }
    /* the pattern order, unbound */
    ck_assert_int_eq(alecable_embedding_pattern(e, &nnz, NULL, NULL), 0);
    ck_assert_int_eq(nnz, p.nnz);
    rows = malloc(sizeof(int) * (size_t)nnz);
    cols = malloc(sizeof(int) * (size_t)nnz);
    vals = calloc((size_t)nnz, sizeof *vals);
    hv = calloc((size_t)nnz, sizeof *hv);
    ck_assert_int_eq(alecable_embedding_pattern(e, NULL, rows, cols), 0);
    ck_assert_int_eq(alecable_embedding_jacobian(e, 0.0, x, xv, xa, 1.0, 30.0, 900.0, ALECABLE_JAC_FULL, hv), 0);
    ck_assert_int_eq(p.jacobian(p.ctx, 0.0, q, v, a, q + p.nq, 1.0, 30.0, 900.0, ALECABLE_JAC_FULL, vals), 0);
    for (k = 0; k < nnz; k++) {
        int j = 0;
        while (!(p.colptr[j] <= k && k < p.colptr[j + 1])) j++;
        ck_assert_int_eq(rows[k], index[p.rowidx[k]]);
        ck_assert_int_eq(cols[k], index[j]);
        err = fmax(err, fabs(hv[k] - vals[k]));
    }
    ck_assert_double_eq(err, 0.0);
    alecable_embedding_destroy(e);
    alecable_model_destroy(m);
    free(index), free(rows), free(cols), free(vals), free(hv);
    free(q), free(v), free(a), free(r), free(x), free(xv), free(xa), free(rh);
}
END_TEST

/* A host's compressed storage holding the model's entries (and its own
 * diagonal), each column's (row's) entries in reverse order */
static void host_storage(int nh, int nnz, const int *rows, const int *cols, int csr, int **ptr_out, int **idx_out)
{
    int *cnt = calloc((size_t)nh + 1, sizeof(int)), *ptr = calloc((size_t)nh + 1, sizeof(int));
    int *idx = malloc(sizeof(int) * (size_t)(nnz + nh)), *fill = calloc((size_t)nh, sizeof(int)), k, j;
    char *dense = calloc((size_t)nh * (size_t)nh, 1);
    for (k = 0; k < nnz; k++) dense[(size_t)rows[k] * (size_t)nh + (size_t)cols[k]] = 1;
    for (k = 0; k < nh; k++) dense[(size_t)k * (size_t)nh + (size_t)k] = 1;
    for (j = 0; j < nh; j++)
        for (k = 0; k < nh; k++)
            if (csr ? dense[(size_t)j * (size_t)nh + (size_t)k] : dense[(size_t)k * (size_t)nh + (size_t)j]) cnt[j]++;
    for (j = 0; j < nh; j++) ptr[j + 1] = ptr[j] + cnt[j];
    for (j = 0; j < nh; j++)
        for (k = nh - 1; k >= 0; k--)
            if (csr ? dense[(size_t)j * (size_t)nh + (size_t)k] : dense[(size_t)k * (size_t)nh + (size_t)j])
                idx[ptr[j] + fill[j]++] = k;
    free(cnt), free(fill), free(dense);
    *ptr_out = ptr;
    *idx_out = idx;
}

START_TEST(bound_jacobian_against_differences)
{
    alecable_model *m = pendulum_with_body(NULL);
    alecable_embedding *e;
    int n, nq, nlam, nh, k, j, nnz, csr, *index, *rows, *cols, *ptr, *idx;
    double *x, *xv, *xa, *dx, *x0, *rp, *rm, *J, *hv;
    unsigned seed = 11;
    static const double w[3] = {1.0, 40.0, 1600.0};
    ck_assert_int_eq(alecable_model_sizes(m, &nq, &nlam), 0);
    {
        alecable_problem p;
        ck_assert_int_eq(alecable_model_problem(&p, m), 0);
        nq = p.nq;
        nlam = p.nlam;
    }
    n = nq + nlam;
    index = malloc(sizeof(int) * (size_t)n);
    nh = make_map(n, index);
    ck_assert_int_eq(alecable_model_embedding(&e, m, nh, index, 0), 0);
    ck_assert_int_eq(alecable_embedding_pattern(e, &nnz, NULL, NULL), 0);
    rows = malloc(sizeof(int) * (size_t)nnz);
    cols = malloc(sizeof(int) * (size_t)nnz);
    ck_assert_int_eq(alecable_embedding_pattern(e, NULL, rows, cols), 0);
    x = calloc((size_t)nh, sizeof *x), xv = calloc((size_t)nh, sizeof *xv), xa = calloc((size_t)nh, sizeof *xa);
    dx = calloc((size_t)nh, sizeof *dx), x0 = calloc((size_t)nh, sizeof *x0);
    rp = calloc((size_t)nh, sizeof *rp), rm = calloc((size_t)nh, sizeof *rm), J = calloc((size_t)nh * nh, sizeof *J);
    {
        double *q = calloc((size_t)n, sizeof *q);
        ck_assert_int_eq(alecable_model_get_state(m, q, NULL, NULL), 0);
        ck_assert_int_eq(alecable_embedding_scatter(e, q, NULL, x), 0);
        free(q);
    }
    for (k = 0; k < n; k++) {
        int i = index[k];
        if (k < nq) x[i] += 0.01 * rnd(&seed), xv[i] = rnd(&seed), xa[i] = 2 * rnd(&seed);
        else x[i] = 5 * rnd(&seed);
    }
    for (csr = 0; csr < 2; csr++) {
        double err = 0.0;
        host_storage(nh, nnz, rows, cols, csr, &ptr, &idx);
        ck_assert_int_eq(alecable_embedding_bind(e, csr, nh, ptr, idx), 0);
        hv = calloc((size_t)ptr[nh], sizeof *hv);
        ck_assert_int_eq(alecable_embedding_jacobian(e, 0.0, x, xv, xa, w[0], w[1], w[2], ALECABLE_JAC_FULL, hv), 0);
        memset(J, 0, sizeof *J * (size_t)nh * (size_t)nh);
        for (j = 0; j < nh; j++)
            for (k = ptr[j]; k < ptr[j + 1]; k++) {
                if (csr) J[(size_t)j * nh + (size_t)idx[k]] = hv[k];
                else J[(size_t)idx[k] * nh + (size_t)j] = hv[k];
            }
        /* central differences of the embedded residual, column by column:
         * coordinates through the embedding's update, rates directly */
        for (k = 0; k < n; k++) {
            int c = index[k], blk;
            double col[1024];
            ck_assert_int_le(nh, 1024);
            memset(col, 0, sizeof col);
            for (blk = 0; blk < 3; blk++) {
                double *z = blk == 0 ? x : blk == 1 ? xv : xa, h;
                if (blk > 0 && k >= nq) break;
                h = 1e-6 * (1.0 + fabs(z[c]));
                memcpy(x0, x, sizeof *x * (size_t)nh);
                memset(rp, 0, sizeof *rp * (size_t)nh);
                memset(rm, 0, sizeof *rm * (size_t)nh);
                if (blk == 0) {
                    dx[c] = 1.0;
                    ck_assert_int_eq(alecable_embedding_update(e, x, dx, h), 0);
                } else z[c] += h;
                ck_assert_int_eq(alecable_embedding_residual(e, 0.0, x, xv, xa, rp), 0);
                if (blk == 0) {
                    memcpy(x, x0, sizeof *x * (size_t)nh);
                    ck_assert_int_eq(alecable_embedding_update(e, x, dx, -h), 0);
                } else z[c] -= 2 * h;
                ck_assert_int_eq(alecable_embedding_residual(e, 0.0, x, xv, xa, rm), 0);
                if (blk == 0) {
                    memcpy(x, x0, sizeof *x * (size_t)nh);
                    dx[c] = 0.0;
                } else z[c] += h;
                /* the multiplier columns are not weighted (alecable_problem) */
                for (j = 0; j < nh; j++) col[j] += (k < nq ? w[blk] : 1.0) * (rp[j] - rm[j]) / (2 * h);
            }
            /* with cq = 1 the constraint rows (dg/dq, unweighted) compare too */
            for (j = 0; j < n; j++) {
                int i = index[j];
                err = fmax(err, fabs(J[(size_t)i * nh + (size_t)c] - col[i]) / (1.0 + fabs(col[i])));
            }
        }
        ck_assert_msg(err < 1e-6, "%s: Jacobian against differences %g", csr ? "CSR" : "CSC", err);
        free(ptr), free(idx), free(hv);
    }
    alecable_embedding_destroy(e);
    alecable_model_destroy(m);
    free(index), free(rows), free(cols), free(x), free(xv), free(xa), free(dx), free(x0), free(rp), free(rm), free(J);
}
END_TEST

/* Dense Gaussian elimination with partial pivoting: A (n x n, row-major) z = b */
static void dense_solve(int n, double *A, double *b)
{
    int i, j, k;
    for (k = 0; k < n; k++) {
        int piv = k;
        for (i = k + 1; i < n; i++)
            if (fabs(A[(size_t)i * n + k]) > fabs(A[(size_t)piv * n + k])) piv = i;
        ck_assert(fabs(A[(size_t)piv * n + k]) > 0.0);
        if (piv != k) {
            for (j = 0; j < n; j++) {
                double t = A[(size_t)k * n + j];
                A[(size_t)k * n + j] = A[(size_t)piv * n + j];
                A[(size_t)piv * n + j] = t;
            }
            {
                double t = b[k];
                b[k] = b[piv];
                b[piv] = t;
            }
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
}

/* The host's matrix: the embedding's Jacobian (pattern order) plus 1 on
 * the host's own diagonal (its unknowns are trivial here) */
static void host_matrix(int nh, const int *rows, const int *cols, int nnz, const double *vals, const int *mine,
                        double *A)
{
    int k;
    memset(A, 0, sizeof *A * (size_t)nh * (size_t)nh);
    for (k = 0; k < nnz; k++) A[(size_t)rows[k] * nh + (size_t)cols[k]] += vals[k];
    for (k = 0; k < nh; k++)
        if (!mine[k]) A[(size_t)k * nh + k] = 1.0;
}

/* A host that owns its integrator: the trapezoidal rule in Arnold and
 * Bruls' form (q_{n+1} = q_n (+) [h v_n + h^2/4 (a_n + a_{n+1})], v_{n+1} =
 * v_n + h/2 (a_n + a_{n+1})), Newton on a_{n+1} and lambda with the
 * embedded Jacobian, dense.  The library's Newmark integrator on the same
 * model must give the same states to the Newton tolerance. */
START_TEST(host_newmark_as_the_library)
{
    alecable_model *m = pendulum_with_body(NULL);
    alecable_embedding *e;
    alecable_integrator *it;
    alecable_dynamic_options o;
    alecable_problem p;
    const double h = 2e-3, beta = 0.25, gamma = 0.5;
    int n, nq, nh, nnz, k, step, iter, *index, *rows, *cols, *mine;
    double *x, *v, *acc, *base, *inc, *vn, *vv, *A, *r, *vals, *q, *q0, *ql, *vl, dev = 0.0, span = 0.0, T_lib, T_host, T_mass;
    int iters = 0;
    ck_assert_int_eq(alecable_model_problem(&p, m), 0);
    nq = p.nq;
    n = p.nq + p.nlam;
    index = malloc(sizeof(int) * (size_t)n);
    nh = make_map(n, index);
    mine = calloc((size_t)nh, sizeof(int));
    for (k = 0; k < n; k++) mine[index[k]] = 1;
    ck_assert_int_eq(alecable_model_embedding(&e, m, nh, index, 0), 0);
    ck_assert_int_eq(alecable_embedding_pattern(e, &nnz, NULL, NULL), 0);
    rows = malloc(sizeof(int) * (size_t)nnz), cols = malloc(sizeof(int) * (size_t)nnz);
    ck_assert_int_eq(alecable_embedding_pattern(e, NULL, rows, cols), 0);
    x = calloc((size_t)nh, sizeof *x), v = calloc((size_t)nh, sizeof *v), acc = calloc((size_t)nh, sizeof *acc);
    base = calloc((size_t)nh, sizeof *base), inc = calloc((size_t)nh, sizeof *inc), vn = calloc((size_t)nh, sizeof *vn);
    r = calloc((size_t)nh, sizeof *r), vals = calloc((size_t)nnz, sizeof *vals);
    A = calloc((size_t)nh * (size_t)nh, sizeof *A);
    q = calloc((size_t)n, sizeof *q), ql = calloc((size_t)n, sizeof *ql), vl = calloc((size_t)n, sizeof *vl);
    q0 = calloc((size_t)n, sizeof *q0), vv = calloc((size_t)nh, sizeof *vv);
    ck_assert_int_eq(alecable_model_get_state(m, q, NULL, NULL), 0);
    memcpy(q0, q, sizeof *q * (size_t)n);
    ck_assert_int_eq(alecable_embedding_scatter(e, q, NULL, x), 0);
    /* the library's integrator first (it reads the model's state at rest) */
    alecable_dynamic_options_init(&o);
    o.method = ALECABLE_METHOD_NEWMARK;
    o.h = h;
    o.tol_residual = 1e-13;
    o.tol_increment = 1e-14;
    ck_assert_int_eq(alecable_model_integrator(&it, m, &o), 0);
    /* the host's consistent start: [M G^T; G 0] [a; lambda] = -[f; g] */
    memset(r, 0, sizeof *r * (size_t)nh);
    ck_assert_int_eq(alecable_embedding_residual(e, 0.0, x, v, NULL, r), 0);
    ck_assert_int_eq(alecable_embedding_jacobian(e, 0.0, x, v, NULL, 0.0, 0.0, 1.0, ALECABLE_JAC_FULL, vals), 0);
    host_matrix(nh, rows, cols, nnz, vals, mine, A);
    for (k = 0; k < nh; k++) r[k] = -r[k];
    dense_solve(nh, A, r);
    for (k = 0; k < n; k++) {
        if (k < nq) acc[index[k]] = r[index[k]];
        else x[index[k]] = r[index[k]];
    }
    for (step = 1; step <= 150; step++) {
        memcpy(base, x, sizeof *x * (size_t)nh); /* q_n; the multipliers' iterate lives here too */
        memcpy(vn, acc, sizeof *vn * (size_t)nh); /* a_{n+1}: the predictor a_n */
        for (iter = 0;; iter++) {
            double dn = 0.0;
            ck_assert_int_lt(iter, 20);
            memset(inc, 0, sizeof *inc * (size_t)nh);
            memset(vv, 0, sizeof *vv * (size_t)nh);
            for (k = 0; k < nq; k++) {
                int i = index[k];
                inc[i] = h * v[i] + h * h * ((0.5 - beta) * acc[i] + beta * vn[i]);
                vv[i] = v[i] + h * ((1 - gamma) * acc[i] + gamma * vn[i]);
            }
            memcpy(x, base, sizeof *x * (size_t)nh);
            ck_assert_int_eq(alecable_embedding_update(e, x, inc, 1.0), 0);
            memset(r, 0, sizeof *r * (size_t)nh);
            ck_assert_int_eq(alecable_embedding_residual(e, step * h, x, vv, vn, r), 0);
            ck_assert_int_eq(alecable_embedding_jacobian(e, step * h, x, vv, vn, 1.0, gamma / (beta * h),
                                                         1.0 / (beta * h * h), ALECABLE_JAC_FULL, vals),
                             0);
            host_matrix(nh, rows, cols, nnz, vals, mine, A);
            for (k = 0; k < nh; k++) r[k] = -r[k];
            dense_solve(nh, A, r);
            for (k = 0; k < n; k++) {
                int i = index[k];
                if (k < nq) vn[i] += r[i] / (beta * h * h), dn = fmax(dn, fabs(r[i]));
                else base[i] += r[i];
            }
            if (dn < 1e-14) break;
        }
        iters += iter + 1;
        memcpy(acc, vn, sizeof *acc * (size_t)nh);
        memcpy(v, vv, sizeof *v * (size_t)nh);
        for (k = nq; k < n; k++) x[index[k]] = base[index[k]];
        ck_assert_int_eq(alecable_embedding_commit(e, step * h, x, v), 0);
        ck_assert_int_eq(alecable_integrator_step(it, h), 0);
        ck_assert_int_eq(alecable_integrator_get_state(it, NULL, ql, vl, NULL, NULL), 0);
        ck_assert_int_eq(alecable_embedding_gather(e, x, q, NULL), 0);
        for (k = 0; k < nq; k++) dev = fmax(dev, fabs(q[k] - ql[k]));
        span = fmax(span, fabs(ql[0] - q0[0]) + fabs(ql[nq - 1] - q0[nq - 1]));
    }
    figure("host Newmark against the library's, 150 steps of %g s: %.3g m (%.1f Newton iterations a step)", h, dev,
           iters / 150.0);
    ck_assert_msg(dev < 1e-8, "host Newmark against the library's: %g m", dev);
    /* the kinetic energy of the host's state: the model's, and 1/2 v.M v
     * with M the embedded Jacobian's mass block (ca = 1) */
    ck_assert_int_eq(alecable_model_pull_state(m, it), 0);
    ck_assert_int_eq(alecable_model_kinetic_energy(m, &T_lib), 0);
    ck_assert_int_eq(alecable_embedding_gather(e, x, q, NULL), 0);
    ck_assert_int_eq(alecable_embedding_gather(e, v, vl, NULL), 0);
    ck_assert_int_eq(alecable_model_set_state(m, q, NULL, 1.0), 0);
    ck_assert_int_eq(alecable_model_set_velocity(m, vl), 0);
    ck_assert_int_eq(alecable_model_kinetic_energy(m, &T_host), 0);
    {
        /* the same in one call: the host's state through the map, and its time */
        double T1, t1;
        ck_assert_int_eq(alecable_model_set_velocity(m, q), 0); /* something else first */
        ck_assert_int_eq(alecable_model_pull_embedded(m, e, 150 * h, x, v), 0);
        ck_assert_int_eq(alecable_model_kinetic_energy(m, &T1), 0);
        ck_assert_double_eq(T1, T_host);
        ck_assert_int_eq(alecable_model_time(m, &t1), 0);
        ck_assert_double_eq(t1, 150 * h);
    }
    ck_assert_int_eq(alecable_embedding_jacobian(e, 0.0, x, v, NULL, 0.0, 0.0, 1.0, ALECABLE_JAC_FULL, vals), 0);
    T_mass = 0.0;
    for (k = 0; k < nnz; k++) {
        int i, ki = -1, kj = -1;
        for (i = 0; i < nq; i++) {
            if (index[i] == rows[k]) ki = i;
            if (index[i] == cols[k]) kj = i;
        }
        if (ki >= 0 && kj >= 0) T_mass += 0.5 * vl[ki] * vals[k] * vl[kj];
    }
    figure("kinetic energy: the library's %.12g J, the host state's %.12g J, 1/2 v.M v %.12g J (moved %.3g m)", T_lib,
           T_host, T_mass, span);
    ck_assert_msg(T_lib > 1e-3, "the pendulum moved (T = %g J)", T_lib);
    ck_assert_msg(fabs(T_host - T_lib) < 1e-7 * T_lib, "T host %.12g library %.12g", T_host, T_lib);
    ck_assert_msg(fabs(T_mass - T_host) < 1e-10 * T_host, "1/2 v.M v %.12g, the model's %.12g", T_mass, T_host);
    {
        double vb[64];
        ck_assert_int_le(nq, 64);
        ck_assert_int_eq(alecable_model_get_velocity(m, vb), 0);
        for (k = 0; k < nq; k++) ck_assert_double_eq(vb[k], vl[k]);
    }
    alecable_integrator_destroy(it);
    alecable_embedding_destroy(e);
    alecable_model_destroy(m);
    free(index), free(rows), free(cols), free(mine), free(x), free(v), free(acc), free(base), free(inc), free(vn);
    free(r), free(vals), free(A), free(q), free(q0), free(ql), free(vl), free(vv);
}
END_TEST

/* Every argument of every new function, and a model changed under its
 * embedding: clear errors, the host's vectors untouched */
START_TEST(bad_input)
{
    alecable_model *m = pendulum_with_body(NULL), *other = pendulum_with_body(NULL);
    alecable_embedding *e = NULL, *bad = NULL;
    alecable_problem p;
    int n, nh, k, *index, ptr[3] = {0, 1, 2}, idx[2] = {0, 1};
    double *x, *r, *vals, nanv = NAN, v64[64];
    ck_assert_int_eq(alecable_model_problem(&p, m), 0);
    n = p.nq + p.nlam;
    index = malloc(sizeof(int) * (size_t)n);
    nh = make_map(n, index);
    x = calloc((size_t)nh, sizeof *x), r = calloc((size_t)nh, sizeof *r), vals = calloc((size_t)p.nnz, sizeof *vals);
    /* creation */
    ck_assert_int_eq(alecable_model_embedding(NULL, m, nh, index, 0), ALECABLE_ENULL);
    ck_assert_int_eq(alecable_model_embedding(&e, NULL, nh, index, 0), ALECABLE_ENULL);
    ck_assert_int_eq(alecable_model_embedding(&e, (alecable_model *)x, nh, index, 0), ALECABLE_EHANDLE);
    ck_assert_int_eq(alecable_model_embedding(&e, m, n - 1, NULL, 0), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "n_host"));
    ck_assert_int_eq(alecable_model_embedding(&e, m, n + 2, NULL, 3), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "offset"));
    ck_assert_int_eq(alecable_model_embedding(&e, m, n, NULL, -1), ALECABLE_EINVAL);
    k = index[3];
    index[3] = nh;
    ck_assert_int_eq(alecable_model_embedding(&e, m, nh, index, 0), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "index[3]"));
    index[3] = index[5];
    ck_assert_int_eq(alecable_model_embedding(&e, m, nh, index, 0), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "another unknown"));
    index[3] = k;
    ck_assert_ptr_null(e);
    ck_assert_int_eq(alecable_embedding_create(NULL, &p, nh, index, 0), ALECABLE_ENULL);
    ck_assert_int_eq(alecable_embedding_create(&bad, NULL, nh, index, 0), ALECABLE_ENULL);
    {
        alecable_problem q = p;
        q.residual = NULL;
        ck_assert_int_eq(alecable_embedding_create(&bad, &q, nh, index, 0), ALECABLE_EINVAL);
        q = p;
        q.struct_size = 8;
        ck_assert_int_eq(alecable_embedding_create(&bad, &q, nh, index, 0), ALECABLE_EINVAL);
    }
    ck_assert_int_eq(alecable_model_embedding(&e, m, nh, index, 0), 0);
    {
        double q64[64];
        ck_assert_int_le(p.nq, 64);
        ck_assert_int_eq(alecable_model_get_state(m, q64, NULL, NULL), 0);
        ck_assert_int_eq(alecable_embedding_scatter(e, q64, NULL, x), 0);
    }
    /* handles */
    ck_assert_int_eq(alecable_embedding_residual(NULL, 0, x, NULL, NULL, r), ALECABLE_ENULL);
    ck_assert_int_eq(alecable_embedding_residual((alecable_embedding *)m, 0, x, NULL, NULL, r), ALECABLE_EHANDLE);
    ck_assert_int_eq(alecable_embedding_jacobian((alecable_embedding *)other, 0, x, NULL, NULL, 1, 0, 0, 0, vals),
                     ALECABLE_EHANDLE);
    ck_assert_int_eq(alecable_embedding_pattern((const alecable_embedding *)x, NULL, NULL, NULL), ALECABLE_EHANDLE);
    ck_assert_str_eq(alecable_embedding_errmsg(NULL), "embedding is NULL");
    alecable_embedding_destroy(NULL);
    alecable_embedding_destroy((alecable_embedding *)m); /* ignored: not an embedding */
    ck_assert_int_eq(alecable_model_sizes(m, NULL, NULL), 0); /* m intact */
    /* arguments */
    ck_assert_int_eq(alecable_embedding_residual(e, 0, NULL, NULL, NULL, r), ALECABLE_ENULL);
    ck_assert_int_eq(alecable_embedding_residual(e, 0, x, NULL, NULL, NULL), ALECABLE_ENULL);
    ck_assert_int_eq(alecable_embedding_residual(e, NAN, x, NULL, NULL, r), ALECABLE_EINVAL);
    x[index[2]] = nanv;
    ck_assert_int_eq(alecable_embedding_residual(e, 0, x, NULL, NULL, r), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_embedding_errmsg(e), "not finite"));
    for (k = 0; k < nh; k++) ck_assert_double_eq(r[k], 0.0);
    ck_assert_int_eq(alecable_embedding_update(e, x, r, 1.0), ALECABLE_EINVAL);
    ck_assert_int_eq(alecable_embedding_commit(e, 0, x, NULL), ALECABLE_EINVAL);
    x[index[2]] = 0.0; /* node 0's x, 0 at rest */
    ck_assert_int_eq(alecable_embedding_jacobian(e, 0, x, NULL, NULL, INFINITY, 0, 0, 0, vals), ALECABLE_EINVAL);
    ck_assert_int_eq(alecable_embedding_jacobian(e, 0, x, NULL, NULL, 1, 0, 0, 0, NULL), ALECABLE_ENULL);
    ck_assert_int_eq(alecable_embedding_update(e, x, NULL, 1.0), ALECABLE_ENULL);
    ck_assert_int_eq(alecable_embedding_update(e, x, r, NAN), ALECABLE_EINVAL);
    ck_assert_int_eq(alecable_embedding_gather(e, NULL, NULL, NULL), ALECABLE_ENULL);
    ck_assert_int_eq(alecable_embedding_scatter(e, NULL, NULL, NULL), ALECABLE_ENULL);
    ck_assert_int_eq(alecable_embedding_host_moves(e, -1, NULL), ALECABLE_EINVAL);
    ck_assert_int_eq(alecable_embedding_host_moves(e, 1, NULL), ALECABLE_ENULL);
    {
        int own = 0;
        while (own < nh) {
            int j, found = 0;
            for (j = 0; j < n; j++) found |= index[j] == own;
            if (!found) break;
            own++;
        }
        ck_assert_int_eq(alecable_embedding_host_moves(e, 1, &own), ALECABLE_EINVAL); /* a host-only entry */
        ck_assert_ptr_nonnull(strstr(alecable_embedding_errmsg(e), "none of the problem's unknowns"));
    }
    /* binding: wrong order, malformed, an entry missing; the old binding kept */
    ck_assert_int_eq(alecable_embedding_bind(e, 0, nh, NULL, idx), ALECABLE_ENULL);
    ck_assert_int_eq(alecable_embedding_bind(e, 3, nh, ptr, idx), ALECABLE_EINVAL);
    ck_assert_int_eq(alecable_embedding_bind(e, 0, 2, ptr, idx), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_embedding_errmsg(e), "n_host"));
    {
        int *p2 = calloc((size_t)nh + 1, sizeof(int));
        ck_assert_int_eq(alecable_embedding_bind(e, 0, nh, p2, idx), ALECABLE_EINVAL); /* an empty pattern */
        ck_assert_ptr_nonnull(strstr(alecable_embedding_errmsg(e), "has no entry"));
        p2[1] = 5;
        ck_assert_int_eq(alecable_embedding_bind(e, 0, nh, p2, idx), ALECABLE_EINVAL); /* not nondecreasing */
        free(p2);
    }
    /* unbound: the pattern order */
    ck_assert_int_eq(alecable_embedding_jacobian(e, 0, x, NULL, NULL, 1, 0, 0, ALECABLE_JAC_FULL, vals), 0);
    /* velocities of the model */
    ck_assert_int_eq(alecable_model_set_velocity(m, NULL), ALECABLE_ENULL);
    ck_assert_int_eq(alecable_model_set_velocity(NULL, v64), ALECABLE_ENULL);
    ck_assert_int_le(p.nq, 64);
    for (k = 0; k < p.nq; k++) v64[k] = 0.5;
    v64[4] = NAN;
    ck_assert_int_eq(alecable_model_set_velocity(m, v64), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "v[4]"));
    ck_assert_int_eq(alecable_model_get_velocity(m, v64), 0);
    for (k = 0; k < p.nq; k++) ck_assert_double_eq(v64[k], 0.0); /* nothing changed */
    ck_assert_int_eq(alecable_model_get_velocity(m, NULL), ALECABLE_ENULL);
    /* handing the host's state to the model: only to e's own model */
    ck_assert_int_eq(alecable_model_pull_embedded(other, e, 0.0, x, NULL), ALECABLE_EHANDLE);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(other), "another model"));
    ck_assert_int_eq(alecable_model_pull_embedded(m, (alecable_embedding *)m, 0.0, x, NULL), ALECABLE_EHANDLE);
    ck_assert_int_eq(alecable_model_pull_embedded(m, e, NAN, x, NULL), ALECABLE_EINVAL);
    ck_assert_int_eq(alecable_model_pull_embedded(m, e, 0.0, NULL, NULL), ALECABLE_ENULL);
    x[index[1]] = NAN;
    ck_assert_int_eq(alecable_model_pull_embedded(m, e, 0.0, x, NULL), ALECABLE_EINVAL);
    x[index[1]] = 0.0;
    ck_assert_int_eq(alecable_model_pull_embedded(m, e, 0.0, x, NULL), 0);
    /* the model changed after the embedding: every call refused, the message
     * the model's */
    {
        double g[3] = {0, -1, 0};
        alecable_cable *c;
        alecable_section sec;
        double a3[3] = {5, 5, 5}, b3[3] = {6, 5, 5};
        alecable_section_init(&sec);
        sec.E = sec.A = 1.0;
        ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_AXIAL, &sec), 0);
        ck_assert_int_eq(alecable_cable_line(c, a3, b3, 0, 1, 1), 0);
        ck_assert_int_eq(alecable_model_set_gravity(m, g), 0);
        ck_assert_int_eq(alecable_embedding_residual(e, 0, x, NULL, NULL, r), ALECABLE_ESTATE);
        ck_assert_int_eq(alecable_model_set_velocity(m, v64), ALECABLE_ESTATE);
        ck_assert_int_eq(alecable_model_pull_embedded(m, e, 0.0, x, NULL), ALECABLE_ESTATE);
    }
    alecable_embedding_destroy(e);
    alecable_model_destroy(m);
    alecable_model_destroy(other);
    free(index), free(x), free(r), free(vals);
}
END_TEST

/* A host's own problem with history (not a model's): two springs tied by a
 * constraint, a rest length h that the history sets to q0 at each commit.
 * The embedding calls history_get once when it is made (a solve starts with
 * a history call) and history_commit only in alecable_embedding_commit(),
 * with the state read through the map. */
typedef struct hist_problem {
    double h, commit_t, commit_q0, commit_v0, commit_lam;
    int n_get, n_set, n_commit;
} hist_problem;

static int hp_residual(void *ctx, double t, const double *q, const double *v, const double *a, const double *lam,
                       double *r)
{
    const hist_problem *hp = (const hist_problem *)ctx;
    (void)t, (void)v, (void)a;
    r[0] = 3.0 * (q[0] - hp->h) + lam[0];
    r[1] = 2.0 * q[1] - lam[0];
    r[2] = q[1] - q[0] - 0.5;
    return 0;
}

static int hp_jacobian(void *ctx, double t, const double *q, const double *v, const double *a, const double *lam,
                       double cq, double cv, double ca, int flags, double *vals)
{
    (void)ctx, (void)t, (void)q, (void)v, (void)a, (void)lam, (void)cv, (void)ca, (void)flags;
    /* CSC of [3cq 0 1; 0 2cq -1; -1 1 0] */
    vals[0] = 3.0 * cq, vals[1] = -1.0;
    vals[2] = 2.0 * cq, vals[3] = 1.0;
    vals[4] = 1.0, vals[5] = -1.0;
    return 0;
}

static int hp_get(void *ctx, double *h)
{
    hist_problem *hp = (hist_problem *)ctx;
    hp->n_get++;
    h[0] = hp->h;
    return 0;
}

static int hp_set(void *ctx, const double *h)
{
    hist_problem *hp = (hist_problem *)ctx;
    hp->n_set++;
    hp->h = h[0];
    return 0;
}

static int hp_commit(void *ctx, double t, const double *q, const double *v, const double *lam)
{
    hist_problem *hp = (hist_problem *)ctx;
    hp->n_commit++;
    hp->commit_t = t;
    hp->commit_q0 = q[0];
    hp->commit_v0 = v ? v[0] : -1.0;
    hp->commit_lam = lam[0];
    hp->h = q[0];
    return 0;
}

START_TEST(history_advances_only_on_commit)
{
    static const int colptr[4] = {0, 2, 4, 6}, rowidx[6] = {0, 2, 1, 2, 0, 1};
    hist_problem hp;
    alecable_problem p;
    alecable_embedding *e;
    double x[6] = {9, 9, 0.25, 0.75, 1.5, 9}, v[6] = {0, 0, 4.0, 0, 0, 0}, r[6] = {0}, r2[6] = {0};
    memset(&hp, 0, sizeof hp);
    hp.h = 0.1;
    alecable_problem_init(&p);
    p.ctx = &hp;
    p.nq = 2;
    p.nlam = 1;
    p.nnz = 6;
    p.colptr = colptr;
    p.rowidx = rowidx;
    p.residual = hp_residual;
    p.jacobian = hp_jacobian;
    p.nhist = 1;
    p.history_get = hp_get;
    p.history_set = hp_set;
    p.history_commit = hp_commit;
    ck_assert_int_eq(alecable_embedding_create(&e, &p, 6, NULL, 2), 0); /* host unknowns 2, 3, 4 */
    ck_assert_int_eq(hp.n_get, 1);
    ck_assert_int_eq(alecable_embedding_residual(e, 0.0, x, v, NULL, r), 0);
    ck_assert_int_eq(alecable_embedding_residual(e, 0.0, x, v, NULL, r), 0);
    ck_assert_int_eq(hp.n_commit, 0);
    ck_assert_double_eq_tol(r[2], 2 * (3.0 * (0.25 - 0.1) + 1.5), 1e-15);
    ck_assert_double_eq(r[0], 0.0); /* rows 0, 1, 5 are the host's */
    ck_assert_double_eq(r[1], 0.0);
    ck_assert_double_eq(r[5], 0.0);
    ck_assert_int_eq(alecable_embedding_commit(e, 0.7, x, v), 0);
    ck_assert_int_eq(hp.n_commit, 1);
    ck_assert_double_eq(hp.commit_t, 0.7);
    ck_assert_double_eq(hp.commit_q0, 0.25);
    ck_assert_double_eq(hp.commit_v0, 4.0);
    ck_assert_double_eq(hp.commit_lam, 1.5);
    ck_assert_int_eq(alecable_embedding_residual(e, 0.0, x, v, NULL, r2), 0);
    ck_assert_double_eq_tol(r2[2], 1.5, 1e-15); /* the new rest length is q0 */
    ck_assert_int_eq(alecable_embedding_commit(e, 0.8, x, NULL), 0);
    ck_assert_double_eq(hp.commit_v0, -1.0); /* v NULL passed on as NULL (statics) */
    ck_assert_int_eq(hp.n_set, 0);
    alecable_embedding_destroy(e);
}
END_TEST

/* The embedding of a model allocates through the model's host allocator,
 * and nothing after its creation: a host's Newton iterations allocate
 * nothing here */
START_TEST(no_allocation_after_creation)
{
    alecable_allocator al;
    alecable_model *m;
    alecable_embedding *e;
    alecable_problem p;
    int n, nh, k, nnz, *index, *rows, *cols, *ptr, *idx;
    long before;
    double *x, *r, *dx, *vals;
    counting_alloc_init(&al);
    m = pendulum_with_body_alloc(NULL, &al);
    ck_assert_int_eq(alecable_model_problem(&p, m), 0);
    n = p.nq + p.nlam;
    index = malloc(sizeof(int) * (size_t)n);
    nh = make_map(n, index);
    before = counting_alloc_calls;
    ck_assert_int_eq(alecable_model_embedding(&e, m, nh, index, 0), 0);
    ck_assert_int_gt(counting_alloc_calls, before); /* the host's functions */
    ck_assert_int_eq(alecable_embedding_pattern(e, &nnz, NULL, NULL), 0);
    rows = malloc(sizeof(int) * (size_t)nnz), cols = malloc(sizeof(int) * (size_t)nnz);
    ck_assert_int_eq(alecable_embedding_pattern(e, NULL, rows, cols), 0);
    host_storage(nh, nnz, rows, cols, 0, &ptr, &idx);
    ck_assert_int_eq(alecable_embedding_bind(e, 0, nh, ptr, idx), 0);
    x = calloc((size_t)nh, sizeof *x), r = calloc((size_t)nh, sizeof *r), dx = calloc((size_t)nh, sizeof *dx);
    vals = calloc((size_t)ptr[nh], sizeof *vals);
    {
        double q64[64];
        ck_assert_int_le(p.nq, 64);
        ck_assert_int_eq(alecable_model_get_state(m, q64, NULL, NULL), 0);
        ck_assert_int_eq(alecable_embedding_scatter(e, q64, NULL, x), 0);
    }
    for (k = 0; k < nh; k++) dx[k] = 1e-3;
    before = counting_alloc_calls;
    for (k = 0; k < 5; k++) {
        ck_assert_int_eq(alecable_embedding_residual(e, 0.0, x, x, x, r), 0);
        ck_assert_int_eq(alecable_embedding_jacobian(e, 0.0, x, x, x, 1, 2, 3, ALECABLE_JAC_FULL, vals), 0);
        ck_assert_int_eq(alecable_embedding_update(e, x, dx, 1.0), 0);
        ck_assert_int_eq(alecable_embedding_commit(e, 0.0, x, x), 0);
        ck_assert_int_eq(alecable_model_pull_embedded(m, e, 0.0, x, x), 0);
    }
    ck_assert_int_eq(counting_alloc_calls, before);
    alecable_embedding_destroy(e);
    alecable_model_destroy(m);
    free(index), free(rows), free(cols), free(ptr), free(idx), free(x), free(r), free(dx), free(vals);
}
END_TEST

/* alecable_embedding_host_moves(): the body's six entries left to the
 * host, every other entry moved as without the list */
START_TEST(host_moves_its_own_entries)
{
    alecable_body *b;
    alecable_model *m = pendulum_with_body(&b);
    alecable_problem p;
    alecable_embedding *e;
    alecable_node *bn;
    int n, nh, k, d, *index, body[6];
    double *x, *x1, *x2, *dx, q64[64];
    unsigned seed = 5;
    ck_assert_int_eq(alecable_model_problem(&p, m), 0);
    n = p.nq + p.nlam;
    index = malloc(sizeof(int) * (size_t)n);
    nh = make_map(n, index);
    ck_assert_int_eq(alecable_model_embedding(&e, m, nh, index, 0), 0);
    ck_assert_int_eq(alecable_body_node(&bn, b), 0);
    for (d = 0; d < 6; d++) {
        ck_assert_int_eq(alecable_node_dof_index(bn, d < 3 ? d : ALECABLE_DOF_RX + d - 3, &k), 0);
        body[d] = index[k];
    }
    x = calloc((size_t)nh, sizeof *x), x1 = calloc((size_t)nh, sizeof *x1), x2 = calloc((size_t)nh, sizeof *x2);
    dx = calloc((size_t)nh, sizeof *dx);
    ck_assert_int_le(p.nq, 64);
    ck_assert_int_eq(alecable_model_get_state(m, q64, NULL, NULL), 0);
    ck_assert_int_eq(alecable_embedding_scatter(e, q64, NULL, x), 0);
    for (k = 0; k < nh; k++) dx[k] = 0.1 * rnd(&seed);
    memcpy(x1, x, sizeof *x * (size_t)nh);
    memcpy(x2, x, sizeof *x * (size_t)nh);
    ck_assert_int_eq(alecable_embedding_update(e, x1, dx, 1.0), 0);
    ck_assert_int_eq(alecable_embedding_host_moves(e, 6, body), 0);
    ck_assert_int_eq(alecable_embedding_update(e, x2, dx, 1.0), 0);
    for (k = 0; k < nh; k++) {
        int mine = 0;
        for (d = 0; d < 6; d++) mine |= body[d] == k;
        if (mine) ck_assert_double_eq(x2[k], x[k]);
        else ck_assert_double_eq(x2[k], x1[k]);
    }
    for (d = 0; d < 6; d++) ck_assert(x1[body[d]] != x[body[d]]); /* moved without the list */
    ck_assert_int_eq(alecable_embedding_host_moves(e, 0, NULL), 0);
    memcpy(x2, x, sizeof *x * (size_t)nh);
    ck_assert_int_eq(alecable_embedding_update(e, x2, dx, 1.0), 0);
    for (k = 0; k < nh; k++) ck_assert_double_eq(x2[k], x1[k]);
    alecable_embedding_destroy(e);
    alecable_model_destroy(m);
    free(index), free(x), free(x1), free(x2), free(dx);
}
END_TEST

Suite *suite_embedding(void)
{
    Suite *s = suite_create("embedding");
    TCase *tc = tcase_create("monolithic");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, residual_jacobian_as_the_model);
    tcase_add_test(tc, bound_jacobian_against_differences);
    tcase_add_test(tc, host_newmark_as_the_library);
    tcase_add_test(tc, bad_input);
    tcase_add_test(tc, history_advances_only_on_commit);
    tcase_add_test(tc, no_allocation_after_creation);
    tcase_add_test(tc, host_moves_its_own_entries);
    suite_add_tcase(s, tc);
    return s;
}
