/* Tests of the allocator, the sparse pattern, the solver backends and rank
 * detection.  Matrices are written densely (row-major) and converted, so
 * every expected result can be checked by hand. */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../lib/sparse/sparse.h"
#include "../lib/core/isa.h"

/* ---- helpers ---- */

/* A user allocator that records its user pointer and the live blocks, to
 * prove that the library calls it and frees everything it took. */
typedef struct tracker {
    long live;
    long calls;
    int user_seen;
} tracker;

static void *trk_malloc(void *user, size_t size)
{
    tracker *t = user;
    void *p = malloc(size);
    t->calls++;
    t->user_seen = 1;
    if (p)
        t->live++;
    return p;
}

static void *trk_realloc(void *user, void *ptr, size_t size)
{
    tracker *t = user;
    void *p = realloc(ptr, size);
    t->calls++;
    if (p && !ptr)
        t->live++;
    return p;
}

static void trk_free(void *user, void *ptr)
{
    tracker *t = user;
    t->calls++;
    if (ptr)
        t->live--;
    free(ptr);
}

static void tracker_alloc(ac_alloc *a, tracker *t)
{
    memset(t, 0, sizeof *t);
    ac_alloc_default(a);
    a->malloc_fn = trk_malloc;
    a->realloc_fn = trk_realloc;
    a->free_fn = trk_free;
    a->user = t;
}

/* Pattern of the nonzeros of the dense n-by-n row-major D (plus the
 * diagonal), and D's values in pattern order. */
static void from_dense(int n, const double *D, ac_alloc *a, sp_pattern *p,
                       double **vals)
{
    sp_builder b;
    int i, j;
    ck_assert_int_eq(sp_builder_init(&b, n, a), 0);
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            if (D[i * n + j] != 0.0)
                ck_assert_int_eq(sp_builder_add(&b, i, j), 0);
    ck_assert_int_eq(sp_builder_finish(&b, p), 0);
    sp_builder_free(&b);
    *vals = calloc((size_t)p->nnz, sizeof(double));
    ck_assert_ptr_nonnull(*vals);
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            if (D[i * n + j] != 0.0)
                (*vals)[sp_find(p, i, j)] = D[i * n + j];
}

static double rel_err(int n, const double *x, const double *ref)
{
    double num = 0.0, den = 0.0;
    int i;
    for (i = 0; i < n; i++) {
        if (fabs(x[i] - ref[i]) > num)
            num = fabs(x[i] - ref[i]);
        if (fabs(ref[i]) > den)
            den = fabs(ref[i]);
    }
    return num / den;
}

/* Factors D with the given backend and checks the solution of D x = b. */
static void check_solve(int kind, int n, const double *D, const double *b,
                        const double *xref, double tol)
{
    ac_alloc a;
    sp_pattern p;
    sp_solver *s;
    double *vals, x[16];
    ac_alloc_default(&a);
    from_dense(n, D, &a, &p, &vals);
    ck_assert_int_eq(sp_solver_create(&s, kind, &p, &a), SP_OK);
    ck_assert_int_eq(sp_solver_kind(s), kind);
    ck_assert_int_eq(sp_solver_factor(s, vals), SP_OK);
    ck_assert_int_eq(sp_solver_solve(s, b, x), SP_OK);
    ck_assert_double_le(rel_err(n, x, xref), tol);
    sp_solver_destroy(s);
    sp_pattern_free(&p, &a);
    free(vals);
    ck_assert_uint_eq(a.n_malloc, a.n_free); /* reallocs only resize: no leak */
}

/* ---- allocator ---- */

START_TEST(test_alloc_default_counts)
{
    ac_alloc a;
    int *p, *q;
    ac_alloc_default(&a);
    ck_assert_uint_eq(ac_alloc_events(&a), 0);
    ck_assert_ptr_null(ac_malloc(&a, 0));
    ck_assert_ptr_null(ac_calloc(&a, 0, 4));
    ck_assert_ptr_null(ac_calloc(&a, (size_t)-1 / 2, 4)); /* overflow */
    ck_assert_uint_eq(ac_alloc_events(&a), 0);

    p = ac_calloc(&a, 10, sizeof(int));
    ck_assert_ptr_nonnull(p);
    ck_assert_int_eq(p[0] | p[9], 0);
    p = ac_realloc(&a, p, 20 * sizeof(int));
    ck_assert_ptr_nonnull(p);
    q = ac_malloc(&a, 8);
    ck_assert_ptr_nonnull(q);
    ck_assert_uint_eq(a.n_malloc, 2);
    ck_assert_uint_eq(a.n_realloc, 1);
    ck_assert_uint_eq(ac_alloc_events(&a), 3);
    ac_free(&a, p);
    ac_free(&a, q);
    ac_free(&a, NULL); /* not counted */
    ck_assert_uint_eq(a.n_free, 2);
}
END_TEST

START_TEST(test_alloc_custom_user)
{
    ac_alloc a;
    tracker t;
    sp_builder b;
    sp_pattern p;
    tracker_alloc(&a, &t);
    ck_assert_int_eq(sp_builder_init(&b, 100, &a), 0);
    ck_assert_int_eq(t.user_seen, 1);
    for (int i = 0; i < 1000; i++) /* forces the lists to grow */
        ck_assert_int_eq(sp_builder_add(&b, i % 100, (i * 7) % 100), 0);
    ck_assert_int_eq(sp_builder_finish(&b, &p), 0);
    ck_assert_int_gt(t.calls, 0);
    ck_assert_uint_gt(a.n_realloc, 0);
    ck_assert_int_eq(t.live, 3); /* colptr, rowidx, diag */
    sp_pattern_free(&p, &a);
    sp_builder_free(&b);
    ck_assert_int_eq(t.live, 0);
    ck_assert_uint_eq(ac_alloc_events(&a), a.n_malloc + a.n_realloc);
}
END_TEST

/* ---- pattern ---- */

START_TEST(test_builder_dedup_sort_diag)
{
    ac_alloc a;
    sp_builder b;
    sp_pattern p;
    /* 4x4, pairs given out of order and repeated; (1,1) and (3,3) are not
     * given and must be added. */
    static const int pairs[][2] = {{2, 0}, {0, 0}, {3, 0}, {2, 0}, {0, 2},
                                   {1, 3}, {2, 2}, {0, 2}, {3, 0}, {1, 0}};
    static const int colptr[] = {0, 4, 5, 7, 9};
    static const int rowidx[] = {0, 1, 2, 3, 1, 0, 2, 1, 3};
    ac_alloc_default(&a);
    ck_assert_int_eq(sp_builder_init(&b, 4, &a), 0);
    for (size_t k = 0; k < sizeof pairs / sizeof pairs[0]; k++)
        ck_assert_int_eq(sp_builder_add(&b, pairs[k][0], pairs[k][1]), 0);
    ck_assert_int_eq(sp_builder_add(&b, 4, 0), -2);
    ck_assert_int_eq(sp_builder_add(&b, 0, -1), -2);
    ck_assert_int_eq(sp_builder_finish(&b, &p), 0);
    ck_assert_ptr_null(b.rows); /* lists released */
    sp_builder_free(&b);        /* still safe */

    ck_assert_int_eq(p.n, 4);
    ck_assert_int_eq(p.nnz, 9);
    for (int j = 0; j <= 4; j++)
        ck_assert_int_eq(p.colptr[j], colptr[j]);
    for (int k = 0; k < 9; k++)
        ck_assert_int_eq(p.rowidx[k], rowidx[k]);
    for (int j = 0; j < 4; j++) {
        ck_assert_int_eq(p.rowidx[p.diag[j]], j);
        ck_assert_int_eq(sp_find(&p, j, j), p.diag[j]);
    }
    ck_assert_int_eq(sp_find(&p, 3, 0), 3);
    ck_assert_int_eq(sp_find(&p, 1, 3), 7);
    ck_assert_int_eq(sp_find(&p, 0, 1), -1);
    ck_assert_int_eq(sp_find(&p, 2, 3), -1);
    ck_assert_int_eq(sp_find(&p, -1, 0), -1);
    ck_assert_int_eq(sp_find(&p, 0, 4), -1);
    sp_pattern_free(&p, &a);
    ck_assert_uint_eq(a.n_malloc, a.n_free); /* reallocs only resize: no leak */
}
END_TEST

/* Random pairs with many duplicates against a dense reference. */
START_TEST(test_builder_random_vs_dense)
{
    enum { N = 37, PAIRS = 600 };
    ac_alloc a;
    sp_builder b;
    sp_pattern p;
    static char dense[N][N];
    unsigned seed = 12345u;
    int nnz = 0;
    memset(dense, 0, sizeof dense);
    ac_alloc_default(&a);
    ck_assert_int_eq(sp_builder_init(&b, N, &a), 0);
    for (int k = 0; k < PAIRS; k++) {
        int r, c;
        seed = seed * 1103515245u + 12345u;
        r = (int)((seed >> 8) % N);
        seed = seed * 1103515245u + 12345u;
        c = (int)((seed >> 8) % N);
        dense[r][c] = 1;
        ck_assert_int_eq(sp_builder_add(&b, r, c), 0);
    }
    for (int j = 0; j < N; j++)
        dense[j][j] = 1;
    ck_assert_int_eq(sp_builder_finish(&b, &p), 0);
    for (int j = 0; j < N; j++) {
        for (int k = p.colptr[j] + 1; k < p.colptr[j + 1]; k++)
            ck_assert_int_lt(p.rowidx[k - 1], p.rowidx[k]);
        for (int i = 0; i < N; i++) {
            int pos = sp_find(&p, i, j);
            ck_assert_int_eq(pos >= 0, dense[i][j]);
            nnz += dense[i][j];
        }
    }
    ck_assert_int_eq(p.nnz, nnz);
    sp_pattern_free(&p, &a);
    sp_builder_free(&b);
}
END_TEST

/* A banded pattern from 1.35 million pairs (overlapping 3x3 blocks): checks
 * the result and, by finishing within the test timeout, that the build is
 * not quadratic. */
START_TEST(test_builder_large)
{
    enum { N = 300001 }; /* odd: the last block ends at N-1 */
    ac_alloc a;
    sp_builder b;
    sp_pattern p;
    ac_alloc_default(&a);
    ck_assert_int_eq(sp_builder_init(&b, N, &a), 0);
    for (int e = 0; e + 2 < N; e += 2) {
        int dofs[3] = {e, e + 1, e + 2};
        ck_assert_int_eq(sp_builder_add_block(&b, dofs, 3), 0);
    }
    ck_assert_int_eq(sp_builder_finish(&b, &p), 0);
    /* Each 3x3 block overlaps the next at one dof: bandwidth 2 at even
     * dofs, 1 at odd ones. */
    for (int j = 0; j < N; j++) {
        int lo = j % 2 ? j - 1 : (j >= 2 ? j - 2 : 0);
        int hi = j % 2 ? j + 1 : (j + 2 < N ? j + 2 : N - 1);
        ck_assert_int_eq(p.colptr[j + 1] - p.colptr[j], hi - lo + 1);
        ck_assert_int_eq(p.rowidx[p.colptr[j]], lo);
        ck_assert_int_eq(p.rowidx[p.diag[j]], j);
    }
    sp_pattern_free(&p, &a);
    sp_builder_free(&b);
    ck_assert_uint_eq(a.n_malloc, a.n_free); /* reallocs only resize: no leak */
}
END_TEST

START_TEST(test_block_map)
{
    ac_alloc a;
    sp_builder b;
    sp_pattern p;
    const int e1[] = {0, -1, 2};
    const int e2[] = {2, 3};
    int map[9];
    double vals[16], x[4] = {1, 2, 3, 4}, y[4];
    ac_alloc_default(&a);
    ck_assert_int_eq(sp_builder_init(&b, 4, &a), 0);
    ck_assert_int_eq(sp_builder_add_block(&b, e1, 3), 0);
    ck_assert_int_eq(sp_builder_add_block(&b, e2, 2), 0);
    {
        const int bad[] = {1, 4};
        int before = b.count;
        ck_assert_int_eq(sp_builder_add_block(&b, bad, 2), -2);
        ck_assert_int_eq(b.count, before);
    }
    ck_assert_int_eq(sp_builder_finish(&b, &p), 0);
    /* pattern: {0,2}x{0,2} + {2,3}x{2,3} + (1,1) */
    ck_assert_int_eq(p.nnz, 4 + 4 - 1 + 1);

    sp_block_map(&p, e1, 3, map);
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            if (e1[i] < 0 || e1[j] < 0)
                ck_assert_int_eq(map[i * 3 + j], -1);
            else
                ck_assert_int_eq(map[i * 3 + j], sp_find(&p, e1[i], e1[j]));
        }
    ck_assert_int_eq(map[0 * 3 + 2], sp_find(&p, 0, 2));
    ck_assert_int_eq(map[2 * 3 + 0], sp_find(&p, 2, 0));
    ck_assert_int_ne(map[0 * 3 + 2], map[2 * 3 + 0]);

    /* Assembling through the maps gives the expected operator. */
    memset(vals, 0, sizeof vals);
    {
        const double k1[9] = {1, 0, 2, 0, 0, 0, 3, 0, 4};
        const double k2[4] = {5, 6, 7, 8};
        int m2[4];
        for (int q = 0; q < 9; q++)
            if (map[q] >= 0)
                vals[map[q]] += k1[q];
        sp_block_map(&p, e2, 2, m2);
        for (int q = 0; q < 4; q++)
            vals[m2[q]] += k2[q];
        vals[p.diag[1]] = 10;
    }
    /* A = [[1,0,2,0],[0,10,0,0],[3,0,9,6],[0,0,7,8]] */
    sp_matvec(&p, vals, x, y);
    ck_assert_double_eq(y[0], 7);
    ck_assert_double_eq(y[1], 20);
    ck_assert_double_eq(y[2], 54);
    ck_assert_double_eq(y[3], 53);
    sp_pattern_free(&p, &a);
}
END_TEST

/* ---- UMFPACK ---- */
/* In the GPL-free build SP_UMFPACK is KLU pivoting afresh at every
 * factorization (solver.c): these tests then hold it to the same tolerances
 * and the same contract. */

START_TEST(test_umfpack_unsymmetric)
{
    const double D[9] = {4, 1, 0, 2, 5, 1, 0, 3, 6};
    const double xref[3] = {1, 2, 3};
    const double b[3] = {6, 15, 24};
    check_solve(SP_UMFPACK, 3, D, b, xref, 1e-12);
}
END_TEST

/* Saddle point [[K, G'], [G, 0]]: zero diagonal block, needs pivoting. */
START_TEST(test_umfpack_kkt)
{
    const double D[5 * 5] = {
        4, -1, 0, 1, 0,
        -1, 4, -1, 1, 1,
        0, -1, 4, 0, 1,
        1, 1, 0, 0, 0,
        0, 1, 1, 0, 0};
    /* x = (1, -1, 2), multipliers (0.5, -3) */
    const double xref[5] = {1, -1, 2, 0.5, -3};
    const double b[5] = {5.5, -9.5, 6, 0, 1};
    check_solve(SP_UMFPACK, 5, D, b, xref, 1e-12);
}
END_TEST

START_TEST(test_umfpack_refactor)
{
    const double D[9] = {4, 1, 0, 2, 5, 1, 0, 3, 6};
    ac_alloc a;
    sp_pattern p;
    sp_solver *s;
    double *base, vals[16], x[3], b[3];
    const double xref[3] = {1, -2, 0.5};
    size_t events;
    ac_alloc_default(&a);
    from_dense(3, D, &a, &p, &base);
    ck_assert_int_eq(sp_solver_create(&s, SP_UMFPACK, &p, &a), SP_OK);
    ck_assert_int_eq(sp_solver_solve(s, xref, x), SP_EFAIL); /* no factor */
    ck_assert_double_eq(sp_solver_rcond(s), 0.0);
    events = ac_alloc_events(&a);
    for (int it = 0; it < 5; it++) {
        /* New values on the same pattern; in round 2 the (0,0) entry is
         * zero, so the pivot order of round 0 cannot simply be replayed. */
        for (int k = 0; k < p.nnz; k++)
            vals[k] = base[k] * (1.0 + 0.25 * it) +
                      (p.rowidx[k] == 1 ? 0.1 * it : 0.0);
        if (it == 2)
            vals[p.diag[0]] = 0.0;
        sp_matvec(&p, vals, xref, b);
        ck_assert_int_eq(sp_solver_factor(s, vals), SP_OK);
        ck_assert_double_gt(sp_solver_rcond(s), 0.0);
        /* The solver keeps its own copy of the factored values. */
        memset(vals, 0, sizeof vals);
        ck_assert_int_eq(sp_solver_solve(s, b, x), SP_OK);
        ck_assert_double_le(rel_err(3, x, xref), 1e-12);
    }
    /* The workspace was allocated at create: factor and solve add nothing. */
    ck_assert_uint_eq(ac_alloc_events(&a), events);
    sp_solver_destroy(s);
    sp_pattern_free(&p, &a);
    free(base);
}
END_TEST

START_TEST(test_umfpack_singular)
{
    /* Rows 0 and 1 proportional: numerically singular. */
    const double D[9] = {1, 2, 0, 2, 4, 0, 0, 0, 3};
    /* Row and column 1 hold only the structural (zero) diagonal. */
    const double Z[9] = {1, 0, 0, 0, 0, 0, 1, 0, 1};
    const double b[3] = {1, 1, 1};
    ac_alloc a;
    sp_pattern p;
    sp_solver *s;
    double *vals, x[3];
    ac_alloc_default(&a);

    from_dense(3, D, &a, &p, &vals);
    ck_assert_int_eq(sp_solver_create(&s, SP_UMFPACK, &p, &a), SP_OK);
    ck_assert_int_eq(sp_solver_factor(s, vals), SP_ESINGULAR);
    ck_assert_int_eq(sp_solver_solve(s, b, x), SP_ESINGULAR);
    /* The same object recovers with regular values. */
    vals[sp_find(&p, 1, 0)] = 3.0;
    ck_assert_int_eq(sp_solver_factor(s, vals), SP_OK);
    ck_assert_int_eq(sp_solver_solve(s, b, x), SP_OK);
    {
        double y[3];
        sp_matvec(&p, vals, x, y);
        ck_assert_double_le(rel_err(3, y, b), 1e-12);
    }
    sp_solver_destroy(s);
    sp_pattern_free(&p, &a);
    free(vals);

    from_dense(3, Z, &a, &p, &vals);
    ck_assert_int_eq(sp_solver_create(&s, SP_UMFPACK, &p, &a), SP_OK);
    ck_assert_int_eq(sp_solver_factor(s, vals), SP_ESINGULAR);
    sp_solver_destroy(s);
    sp_pattern_free(&p, &a);
    free(vals);
    ck_assert_uint_eq(a.n_malloc, a.n_free); /* reallocs only resize: no leak */
}
END_TEST

/* ---- CHOLMOD ---- */

#ifdef ALECABLE_NO_GPL
/* The GPL-free build leaves CHOLMOD out (Debian's libcholmod carries GPL
 * modules, see solver.c): asking for it fails cleanly instead of running
 * the tests below, which need the backend. */
START_TEST(test_cholmod_absent)
{
    const double D[4] = {2, 0, 0, 2};
    ac_alloc a;
    sp_pattern p;
    sp_solver *s = (sp_solver *)&a; /* create must set it to NULL */
    double *vals;
    ac_alloc_default(&a);
    from_dense(2, D, &a, &p, &vals);
    ck_assert_int_eq(sp_solver_create(&s, SP_CHOLMOD, &p, &a), SP_EFAIL);
    ck_assert_ptr_null(s);
    sp_pattern_free(&p, &a);
    free(vals);
    ck_assert_uint_eq(a.n_malloc, a.n_free);
}
END_TEST
#else

START_TEST(test_cholmod_spd)
{
    const double D[16] = {4, -1, 0, 1,
                          -1, 4, -1, 0,
                          0, -1, 4, -1,
                          1, 0, -1, 3};
    const double xref[4] = {1, 2, -1, 0.5};
    const double b[4] = {2.5, 8, -6.5, 3.5};
    ac_alloc a;
    sp_pattern p;
    sp_solver *s;
    double *vals, x[4];
    size_t events;
    check_solve(SP_CHOLMOD, 4, D, b, xref, 1e-12);

    /* Only the lower triangle is read: garbage above the diagonal. */
    ac_alloc_default(&a);
    from_dense(4, D, &a, &p, &vals);
    for (int j = 0; j < 4; j++)
        for (int k = p.colptr[j]; k < p.colptr[j + 1]; k++)
            if (p.rowidx[k] < j)
                vals[k] = 1e3;
    ck_assert_int_eq(sp_solver_create(&s, SP_CHOLMOD, &p, &a), SP_OK);
    events = ac_alloc_events(&a);
    ck_assert_int_eq(sp_solver_factor(s, vals), SP_OK);
    ck_assert_double_gt(sp_solver_rcond(s), 0.0);
    ck_assert_double_le(sp_solver_rcond(s), 1.0);
    ck_assert_int_eq(sp_solver_solve(s, b, x), SP_OK);
    ck_assert_double_le(rel_err(4, x, xref), 1e-12);
    /* Refactor with scaled values reuses the analysis. */
    for (int k = 0; k < p.nnz; k++)
        vals[k] *= 2.0;
    ck_assert_int_eq(sp_solver_factor(s, vals), SP_OK);
    ck_assert_int_eq(sp_solver_solve(s, b, x), SP_OK);
    for (int i = 0; i < 4; i++)
        x[i] *= 2.0;
    ck_assert_double_le(rel_err(4, x, xref), 1e-12);
    ck_assert_uint_eq(ac_alloc_events(&a), events);
    sp_solver_destroy(s);
    sp_pattern_free(&p, &a);
    free(vals);
}
END_TEST

START_TEST(test_cholmod_indefinite)
{
    /* Eigenvalues 3 and -1, plus an SPD block: LDL' would not notice. */
    const double D[9] = {1, 2, 0, 2, 1, 0, 0, 0, 5};
    const double b[3] = {1, 1, 1};
    ac_alloc a;
    sp_pattern p;
    sp_solver *s;
    double *vals, x[3];
    ac_alloc_default(&a);
    from_dense(3, D, &a, &p, &vals);
    ck_assert_int_eq(sp_solver_create(&s, SP_CHOLMOD, &p, &a), SP_OK);
    ck_assert_int_eq(sp_solver_factor(s, vals), SP_ESINGULAR);
    ck_assert_int_eq(sp_solver_solve(s, b, x), SP_ESINGULAR);
    /* Make it SPD: the same solver works again. */
    vals[sp_find(&p, 1, 0)] = 0.5;
    vals[sp_find(&p, 0, 1)] = 0.5;
    ck_assert_int_eq(sp_solver_factor(s, vals), SP_OK);
    ck_assert_int_eq(sp_solver_solve(s, b, x), SP_OK);
    {
        double y[3];
        sp_matvec(&p, vals, x, y);
        ck_assert_double_le(rel_err(3, y, b), 1e-12);
    }
    sp_solver_destroy(s);
    sp_pattern_free(&p, &a);
    free(vals);
    ck_assert_uint_eq(a.n_malloc, a.n_free); /* reallocs only resize: no leak */
}
END_TEST

#endif /* ALECABLE_NO_GPL */

/* ---- SPQR backend ---- */
/* In the GPL-free build: LAPACK's dense QR with column pivoting
 * (lapack_qr.c), to the same tolerances. */

START_TEST(test_spqr_solve)
{
    const double D[9] = {4, 1, 0, 2, 5, 1, 0, 3, 6};
    const double xref[3] = {1, 2, 3};
    const double b[3] = {6, 15, 24};
    /* Rank 2, consistent right-hand side: any solution has zero residual. */
    const double S[9] = {1, 2, 3, 2, 4, 6, 1, 0, 1};
    const double bs[3] = {6, 12, 2};
    ac_alloc a;
    sp_pattern p;
    sp_solver *s;
    double *vals, x[3], y[3];
    check_solve(SP_SPQR, 3, D, b, xref, 1e-12);

    ac_alloc_default(&a);
    from_dense(3, S, &a, &p, &vals);
    ck_assert_int_eq(sp_solver_create(&s, SP_SPQR, &p, &a), SP_OK);
    ck_assert_int_eq(sp_solver_factor(s, vals), SP_OK);
    ck_assert_int_eq(sp_solver_solve(s, bs, x), SP_OK);
    sp_matvec(&p, vals, x, y);
    ck_assert_double_le(rel_err(3, y, bs), 1e-12);
    ck_assert_double_eq(sp_solver_rcond(s), 0.0);
    sp_solver_destroy(s);
    sp_pattern_free(&p, &a);
    free(vals);
}
END_TEST

#ifdef ALECABLE_NO_GPL
/* The dense QR refuses a pattern above its order limit (4000) at create. */
START_TEST(test_dense_qr_order_limit)
{
    ac_alloc a;
    sp_builder b;
    sp_pattern p;
    sp_solver *s;
    sp_rank *r;
    ac_alloc_default(&a);
    ck_assert_int_eq(sp_builder_init(&b, 4001, &a), 0);
    ck_assert_int_eq(sp_builder_finish(&b, &p), 0);
    sp_builder_free(&b);
    ck_assert_int_eq(sp_solver_create(&s, SP_SPQR, &p, &a), SP_EUNSUITED);
    ck_assert_ptr_null(s);
    /* the rank detection takes a diagonal (band 0) the banded way; the
     * dense way is refused */
    ck_assert_int_eq(sp_rank_create(&r, &p, &a), SP_OK);
    ck_assert_int_eq(sp_rank_set_band(r, 0), SP_EUNSUITED);
    sp_rank_destroy(r);
    sp_pattern_free(&p, &a);
    ck_assert_uint_eq(a.n_malloc, a.n_free);
}
END_TEST
#endif

/* ---- KLU ---- */

/* The systems of the UMFPACK tests, to the same tolerance. */
START_TEST(test_klu_unsymmetric)
{
    const double D[9] = {4, 1, 0, 2, 5, 1, 0, 3, 6};
    const double xref[3] = {1, 2, 3};
    const double b[3] = {6, 15, 24};
    check_solve(SP_KLU, 3, D, b, xref, 1e-12);
}
END_TEST

START_TEST(test_klu_kkt)
{
    const double D[5 * 5] = {
        4, -1, 0, 1, 0,
        -1, 4, -1, 1, 1,
        0, -1, 4, 0, 1,
        1, 1, 0, 0, 0,
        0, 1, 1, 0, 0};
    const double xref[5] = {1, -1, 2, 0.5, -3};
    const double b[5] = {5.5, -9.5, 6, 0, 1};
    check_solve(SP_KLU, 5, D, b, xref, 1e-12);
}
END_TEST

/* Factors vals with s and checks the solution of A x = A xref. */
static void klu_step(sp_solver *s, const sp_pattern *p, const double *vals,
                     const double *xref, double tol)
{
    double b[16], x[16];
    ck_assert_int_le(p->n, 16);
    sp_matvec(p, vals, xref, b);
    ck_assert_int_eq(sp_solver_factor(s, vals), SP_OK);
    ck_assert_double_gt(sp_solver_rcond(s), 0.0);
    ck_assert_double_le(sp_solver_rcond(s), 1.0);
    ck_assert_int_eq(sp_solver_solve(s, b, x), SP_OK);
    ck_assert_double_le(rel_err(p->n, x, xref), tol);
}

/* New values on the same pattern, as in test_umfpack_refactor.  KLU's solve
 * does not read A, so the caller may overwrite the values right after the
 * factor. */
START_TEST(test_klu_refactor)
{
    const double D[9] = {4, 1, 0, 2, 5, 1, 0, 3, 6};
    ac_alloc a;
    sp_pattern p;
    sp_solver *s;
    double *base, vals[16], x[3], b[3];
    const double xref[3] = {1, -2, 0.5};
    size_t events;
    ac_alloc_default(&a);
    from_dense(3, D, &a, &p, &base);
    ck_assert_int_eq(sp_solver_create(&s, SP_KLU, &p, &a), SP_OK);
    ck_assert_int_eq(sp_solver_kind(s), SP_KLU);
    ck_assert_int_eq(sp_solver_solve(s, xref, x), SP_EFAIL); /* no factor */
    ck_assert_double_eq(sp_solver_rcond(s), 0.0);
    /* Everything of ours is allocated at create: the first factorization
     * (analysis included) and all later ones and the solves add nothing. */
    events = ac_alloc_events(&a);
    for (int it = 0; it < 5; it++) {
        /* In round 2 the (0,0) entry is zero, so the pivot order of round 0
         * (the diagonal, 4 > 2) cannot simply be replayed. */
        for (int k = 0; k < p.nnz; k++)
            vals[k] = base[k] * (1.0 + 0.25 * it) +
                      (p.rowidx[k] == 1 ? 0.1 * it : 0.0);
        if (it == 2)
            vals[p.diag[0]] = 0.0;
        sp_matvec(&p, vals, xref, b);
        ck_assert_int_eq(sp_solver_factor(s, vals), SP_OK);
        ck_assert_double_gt(sp_solver_rcond(s), 0.0);
        memset(vals, 0, sizeof vals);
        ck_assert_int_eq(sp_solver_solve(s, b, x), SP_OK);
        ck_assert_double_le(rel_err(3, x, xref), 1e-12);
    }
    ck_assert_uint_eq(ac_alloc_events(&a), events);
    sp_solver_destroy(s);
    sp_pattern_free(&p, &a);
    free(base);
    ck_assert_uint_eq(a.n_malloc, a.n_free); /* reallocs only resize: no leak */
}
END_TEST

/* Factors base (a fresh solver: its pivot order is base's), then bad, base
 * and bad again: every transition must solve to 1e-12, whether KLU replays
 * the old pivot order or pivots afresh. */
static void klu_transitions(const sp_pattern *p, ac_alloc *a,
                            const double *base, const double *bad,
                            const double *xref)
{
    sp_solver *s;
    size_t events;
    ck_assert_int_eq(sp_solver_create(&s, SP_KLU, p, a), SP_OK);
    events = ac_alloc_events(a);
    klu_step(s, p, base, xref, 1e-12);
    klu_step(s, p, bad, xref, 1e-12);
    klu_step(s, p, base, xref, 1e-12);
    klu_step(s, p, bad, xref, 1e-12);
    ck_assert_uint_eq(ac_alloc_events(a), events);
    sp_solver_destroy(s);
}

/* Values that make the pivot order of the first factorization bad: each
 * diagonal entry of the KKT's K block in turn becomes small, tiny, zero or
 * negative (the KKT stays regular and well conditioned: K stays positive
 * definite on the null space of G), and K changes sign as a whole.  With a
 * replayed diagonal pivot of 1e-6 the error would be about 1e-10, of 1e-9
 * about 1e-7, of 0 a division by zero. */
START_TEST(test_klu_refactor_kkt_sign_change)
{
    const double D[5 * 5] = {
        4, -1, 0, 1, 0,
        -1, 4, -1, 1, 1,
        0, -1, 4, 0, 1,
        1, 1, 0, 0, 0,
        0, 1, 1, 0, 0};
    const double xref[5] = {1, -1, 2, 0.5, -3};
    const double dvals[] = {1e-2, 1e-4, 1e-6, 1e-9, 0.0, -1e-9, -1e-5, -4.0};
    ac_alloc a;
    sp_pattern p;
    double *base, bad[5 * 5];
    ac_alloc_default(&a);
    from_dense(5, D, &a, &p, &base);
    ck_assert_int_le(p.nnz, 5 * 5);
    for (int i = 0; i < 3; i++)
        for (size_t k = 0; k < sizeof dvals / sizeof dvals[0]; k++) {
            memcpy(bad, base, (size_t)p.nnz * sizeof(double));
            bad[p.diag[i]] = dvals[k];
            klu_transitions(&p, &a, base, bad, xref);
        }
    /* K -> -K: the diagonal changes sign everywhere. */
    memcpy(bad, base, (size_t)p.nnz * sizeof(double));
    for (int j = 0; j < 3; j++)
        for (int k = p.colptr[j]; k < p.colptr[j + 1]; k++)
            if (p.rowidx[k] < 3)
                bad[k] = -bad[k];
    klu_transitions(&p, &a, base, bad, xref);
    sp_pattern_free(&p, &a);
    free(base);
    ck_assert_uint_eq(a.n_malloc, a.n_free); /* reallocs only resize: no leak */
}
END_TEST

/* A full 4x4 pattern; the first values are diagonally dominant (diagonal
 * pivots), the later ones need other pivots: a small (1e-6) or tiny (1e-10)
 * diagonal with O(1) entries off it (the old pivots are not zero: only the
 * rcond check notices; replayed they would cost 1e-10 and 1e-6 in the
 * solution), a cyclic permutation (the old pivots are exactly zero), and
 * the negated matrix (same pivots, other signs). */
START_TEST(test_klu_refactor_permutation)
{
    enum { N = 4 };
    double Dd[N * N], Dm[N * N], Dt[N * N], Dp[N * N], Dn[N * N];
    const double xref[N] = {1, -2, 3, 0.25};
    const double *bad[] = {Dm, Dt, Dp, Dn};
    ac_alloc a;
    sp_pattern p;
    double *vals, *base;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            int cyc = j == (i + 1) % N;
            double off = cyc ? 1.0 : 0.1 * (1 + i - j);
            Dd[i * N + j] = i == j ? 10.0 : 0.5 + 0.1 * (i + 2 * j);
            Dm[i * N + j] = i == j ? 1e-6 : off;
            Dt[i * N + j] = i == j ? 1e-10 : off;
            Dp[i * N + j] = cyc ? 1.0 + i : 0.0;
            Dn[i * N + j] = -Dd[i * N + j];
        }
    ac_alloc_default(&a);
    from_dense(N, Dd, &a, &p, &base); /* Dd is full: the full pattern */
    ck_assert_int_eq(p.nnz, N * N);
    vals = calloc(N * N, sizeof(double));
    ck_assert_ptr_nonnull(vals);
    for (size_t r = 0; r < sizeof bad / sizeof bad[0]; r++) {
        for (int i = 0; i < N; i++)
            for (int j = 0; j < N; j++)
                vals[sp_find(&p, i, j)] = bad[r][i * N + j];
        klu_transitions(&p, &a, base, vals, xref);
    }
    sp_pattern_free(&p, &a);
    free(vals);
    free(base);
    ck_assert_uint_eq(a.n_malloc, a.n_free); /* reallocs only resize: no leak */
}
END_TEST

START_TEST(test_klu_singular)
{
    /* Rows 0 and 1 proportional: numerically singular. */
    const double D[9] = {1, 2, 0, 2, 4, 0, 0, 0, 3};
    /* Row and column 1 hold only the structural (zero) diagonal. */
    const double Z[9] = {1, 0, 0, 0, 0, 0, 1, 0, 1};
    /* Nearly dependent rows: a pivot of about 1e-16, below RCOND_MIN. */
    const double E[4] = {1, 1, 1, 1 + 2.220446049250313e-16};
    const double b[3] = {1, 1, 1};
    ac_alloc a;
    sp_pattern p;
    sp_solver *s;
    double *vals, x[3], y[3];
    ac_alloc_default(&a);

    from_dense(3, D, &a, &p, &vals);
    ck_assert_int_eq(sp_solver_create(&s, SP_KLU, &p, &a), SP_OK);
    ck_assert_int_eq(sp_solver_factor(s, vals), SP_ESINGULAR);
    ck_assert_int_eq(sp_solver_solve(s, b, x), SP_ESINGULAR);
    /* The same object recovers with regular values ... */
    vals[sp_find(&p, 1, 0)] = 3.0;
    ck_assert_int_eq(sp_solver_factor(s, vals), SP_OK);
    ck_assert_int_eq(sp_solver_solve(s, b, x), SP_OK);
    sp_matvec(&p, vals, x, y);
    ck_assert_double_le(rel_err(3, y, b), 1e-12);
    /* ... notices singular values on the refactorization path ... */
    vals[sp_find(&p, 1, 0)] = 2.0;
    ck_assert_int_eq(sp_solver_factor(s, vals), SP_ESINGULAR);
    ck_assert_int_eq(sp_solver_solve(s, b, x), SP_ESINGULAR);
    /* ... and recovers again. */
    vals[sp_find(&p, 1, 0)] = -1.0;
    ck_assert_int_eq(sp_solver_factor(s, vals), SP_OK);
    ck_assert_int_eq(sp_solver_solve(s, b, x), SP_OK);
    sp_matvec(&p, vals, x, y);
    ck_assert_double_le(rel_err(3, y, b), 1e-12);
    sp_solver_destroy(s);
    sp_pattern_free(&p, &a);
    free(vals);

    from_dense(3, Z, &a, &p, &vals);
    ck_assert_int_eq(sp_solver_create(&s, SP_KLU, &p, &a), SP_OK);
    ck_assert_int_eq(sp_solver_factor(s, vals), SP_ESINGULAR);
    ck_assert_int_eq(sp_solver_solve(s, b, x), SP_ESINGULAR);
    sp_solver_destroy(s);
    sp_pattern_free(&p, &a);
    free(vals);

    from_dense(2, E, &a, &p, &vals);
    ck_assert_int_eq(sp_solver_create(&s, SP_KLU, &p, &a), SP_OK);
    ck_assert_int_eq(sp_solver_factor(s, vals), SP_ESINGULAR);
    ck_assert_double_lt(sp_solver_rcond(s), 1e-15);
    sp_solver_destroy(s);
    sp_pattern_free(&p, &a);
    free(vals);
    ck_assert_uint_eq(a.n_malloc, a.n_free); /* reallocs only resize: no leak */
}
END_TEST

/* A NaN or Inf off the diagonal of an upper triangular matrix never reaches
 * diag U (KLU's block triangular form keeps it in an off-diagonal block),
 * so klu_rcond alone would not see it; on the refactorization path too. */
START_TEST(test_klu_nonfinite_offdiagonal)
{
    const double D[9] = {2, 1, 1, 0, 3, 1, 0, 0, 4};
    const double xref[3] = {1, 2, 3};
    const double bad[2] = {NAN, INFINITY};
    ac_alloc a;
    sp_pattern p;
    sp_solver *s;
    double *vals, b[3], x[3];
    ac_alloc_default(&a);
    from_dense(3, D, &a, &p, &vals);
    sp_matvec(&p, vals, xref, b);
    for (int k = 0; k < 2; k++) {
        for (int first = 0; first < 2; first++) {
            ck_assert_int_eq(sp_solver_create(&s, SP_KLU, &p, &a), SP_OK);
            if (!first) /* a good factorization first: refactor path */
                klu_step(s, &p, vals, xref, 1e-12);
            vals[sp_find(&p, 0, 1)] = bad[k];
            ck_assert_int_eq(sp_solver_factor(s, vals), SP_ESINGULAR);
            ck_assert_int_eq(sp_solver_solve(s, b, x), SP_ESINGULAR);
            vals[sp_find(&p, 0, 1)] = 1.0;
            klu_step(s, &p, vals, xref, 1e-12);
            sp_solver_destroy(s);
        }
    }
    sp_pattern_free(&p, &a);
    free(vals);
    ck_assert_uint_eq(a.n_malloc, a.n_free); /* reallocs only resize: no leak */
}
END_TEST

/* A banded KKT system shaped like an ANCF cable (7 dofs per node, 14x14
 * element blocks, single-entry constraint rows with zero diagonal, material
 * rows scaled by 1e-3), n = 100, refactored over 40 steps with changing
 * values: KLU agrees with UMFPACK, has a small backward error, and
 * allocates nothing of ours after create. */
START_TEST(test_klu_banded_kkt)
{
    enum { NODES = 13, NDOF = 7 * NODES, NCON = 9, N = NDOF + NCON,
           NEL = NODES - 1, STEPS = 40 };
    static double Ke[NEL][14 * 14];
    static int map[NEL][14 * 14];
    int condof[NCON], conpos[NCON][2];
    ac_alloc a;
    sp_builder bld;
    sp_pattern p;
    sp_solver *sk, *su;
    double *vals, b[N], xk[N], xu[N], y[N];
    unsigned seed = 777u;
    size_t events;
    ac_alloc_default(&a);
    for (int c = 0; c < NCON; c++) /* node 0's position, then s of nodes */
        condof[c] = c < 3 ? c : 7 * (c - 3) + 6;
    ck_assert_int_eq(sp_builder_init(&bld, N, &a), 0);
    for (int e = 0; e < NEL; e++) {
        int d[14];
        for (int k = 0; k < 14; k++)
            d[k] = 7 * e + k;
        ck_assert_int_eq(sp_builder_add_block(&bld, d, 14), 0);
    }
    for (int c = 0; c < NCON; c++) {
        ck_assert_int_eq(sp_builder_add(&bld, NDOF + c, condof[c]), 0);
        ck_assert_int_eq(sp_builder_add(&bld, condof[c], NDOF + c), 0);
    }
    ck_assert_int_eq(sp_builder_finish(&bld, &p), 0);
    sp_builder_free(&bld);
    for (int c = 0; c < NCON; c++) {
        conpos[c][0] = sp_find(&p, NDOF + c, condof[c]);
        conpos[c][1] = sp_find(&p, condof[c], NDOF + c);
    }
    /* Element matrices R R'/14 + 0.05 I, material rows/columns scaled. */
    for (int e = 0; e < NEL; e++) {
        double R[14][14];
        int d[14];
        for (int k = 0; k < 14; k++)
            d[k] = 7 * e + k;
        sp_block_map(&p, d, 14, map[e]);
        for (int i = 0; i < 14; i++)
            for (int j = 0; j < 14; j++) {
                seed = seed * 1103515245u + 12345u;
                R[i][j] = (double)((seed >> 8) % 2001) / 1000.0 - 1.0;
            }
        for (int i = 0; i < 14; i++)
            for (int j = 0; j < 14; j++) {
                double v = i == j ? 0.05 : 0.0;
                for (int k = 0; k < 14; k++)
                    v += R[i][k] * R[j][k] / 14.0;
                Ke[e][i * 14 + j] = v * (i % 7 == 6 ? 1e-3 : 1.0) *
                                    (j % 7 == 6 ? 1e-3 : 1.0);
            }
    }
    for (int i = 0; i < N; i++)
        b[i] = sin(1.0 + i);
    vals = calloc((size_t)p.nnz, sizeof(double));
    ck_assert_ptr_nonnull(vals);
    ck_assert_int_eq(sp_solver_create(&sk, SP_KLU, &p, &a), SP_OK);
    ck_assert_int_eq(sp_solver_create(&su, SP_UMFPACK, &p, &a), SP_OK);
    events = ac_alloc_events(&a);
    for (int step = 0; step < STEPS; step++) {
        double anorm = 0.0, xnorm = 0.0, res = 0.0;
        memset(vals, 0, (size_t)p.nnz * sizeof(double));
        for (int e = 0; e < NEL; e++) {
            /* Element factors vary in time; at step 20 the elements'
             * stiffness flips sign (an indefinite K). */
            double f = (1.0 + 0.3 * sin(0.4 * step + 0.7 * e)) *
                       (step == 20 ? -1.0 : 1.0);
            for (int q = 0; q < 14 * 14; q++)
                vals[map[e][q]] += f * Ke[e][q];
        }
        for (int c = 0; c < NCON; c++) {
            double g = (condof[c] % 7 == 6 ? 1e-3 : 1.0) *
                       (1.0 + 0.5 * sin(0.3 * step + c));
            vals[conpos[c][0]] = g;
            vals[conpos[c][1]] = g;
        }
        ck_assert_int_eq(sp_solver_factor(sk, vals), SP_OK);
        ck_assert_int_eq(sp_solver_solve(sk, b, xk), SP_OK);
        ck_assert_int_eq(sp_solver_factor(su, vals), SP_OK);
        ck_assert_int_eq(sp_solver_solve(su, b, xu), SP_OK);
        sp_matvec(&p, vals, xk, y);
        for (int j = 0; j < N; j++) {
            double colsum = 0.0;
            for (int k = p.colptr[j]; k < p.colptr[j + 1]; k++)
                colsum += fabs(vals[k]);
            anorm = fmax(anorm, colsum); /* 1-norm */
            xnorm = fmax(xnorm, fabs(xk[j]));
            res = fmax(res, fabs(y[j] - b[j]));
        }
        ck_assert_double_le(res / (anorm * xnorm), 1e-14);
        ck_assert_double_le(rel_err(N, xk, xu), 1e-6);
    }
    ck_assert_uint_eq(ac_alloc_events(&a), events);
    sp_solver_destroy(sk);
    sp_solver_destroy(su);
    sp_pattern_free(&p, &a);
    free(vals);
    ck_assert_uint_eq(a.n_malloc, a.n_free); /* reallocs only resize: no leak */
}
END_TEST

/* Every backend reports NaN values as singular instead of solving. */
START_TEST(test_solver_nan_values)
{
    const double D[9] = {4, 1, 0, 1, 4, 1, 0, 1, 4};
    const double b[3] = {1, 1, 1};
    ac_alloc a;
    sp_pattern p;
    double *vals, x[3];
    ac_alloc_default(&a);
    from_dense(3, D, &a, &p, &vals);
    vals[p.diag[1]] = NAN;
    for (int kind = SP_UMFPACK; kind <= SP_KLU; kind++) {
        sp_solver *s;
#ifdef ALECABLE_NO_GPL
        if (kind == SP_CHOLMOD)
            continue; /* not in the GPL-free build (test_cholmod_absent) */
#endif
        ck_assert_int_eq(sp_solver_create(&s, kind, &p, &a), SP_OK);
        ck_assert_int_eq(sp_solver_factor(s, vals), SP_ESINGULAR);
        ck_assert_int_eq(sp_solver_solve(s, b, x), SP_ESINGULAR);
        sp_solver_destroy(s);
    }
    sp_pattern_free(&p, &a);
    free(vals);
    ck_assert_uint_eq(a.n_malloc, a.n_free); /* reallocs only resize: no leak */
}
END_TEST

/* ---- rank detection ---- */

/* The GPL-free build's rank detection has a banded and a dense way
 * (lapack_qr.c): each rank test runs as a loop test, _i = 0 dense, 1 banded,
 * whatever the pattern would choose. */
#ifdef ALECABLE_NO_GPL
#define RANK_WAY _i
#define add_rank_test(tc, t) tcase_add_loop_test(tc, t, 0, 2)
#else
#define RANK_WAY 0
#define add_rank_test(tc, t) tcase_add_test(tc, t)
#endif
#define rank_of(n, D, tol, perm) rank_of_way(n, D, tol, perm, RANK_WAY)

/* Runs sp_rank_detect on dense D and checks that perm is a permutation. */
static int rank_of_way(int n, const double *D, double tol, int *perm, int band)
{
    ac_alloc a;
    sp_pattern p;
    sp_rank *r;
    double *vals;
    int rank = -1, seen[64] = {0};
    ac_alloc_default(&a);
    from_dense(n, D, &a, &p, &vals);
    ck_assert_int_eq(sp_rank_create(&r, &p, &a), SP_OK);
#ifdef ALECABLE_NO_GPL
    ck_assert_int_eq(sp_rank_set_band(r, band), SP_OK);
#else
    (void)band;
#endif
    ck_assert_int_eq(sp_rank_detect(r, vals, tol, &rank, perm), SP_OK);
    /* A second call on the same object gives the same answer. */
    {
        int rank2, perm2[64];
        ck_assert_int_eq(sp_rank_detect(r, vals, tol, &rank2, perm2), SP_OK);
        ck_assert_int_eq(rank2, rank);
        for (int j = 0; j < n; j++)
            ck_assert_int_eq(perm2[j], perm[j]);
    }
    for (int j = 0; j < n; j++) {
        ck_assert(perm[j] >= 0 && perm[j] < n);
        ck_assert_int_eq(seen[perm[j]], 0);
        seen[perm[j]] = 1;
    }
    sp_rank_destroy(r);
    sp_pattern_free(&p, &a);
    free(vals);
    ck_assert_uint_eq(a.n_malloc, a.n_free); /* reallocs only resize: no leak */
    return rank;
}

static int position(int n, const int *perm, int col)
{
    for (int k = 0; k < n; k++)
        if (perm[k] == col)
            return k;
    return -1;
}

START_TEST(test_rank_full)
{
    const double D[16] = {4, -1, 0, 1,
                          2, 4, -1, 0,
                          0, -1, 4, -1,
                          1e-6, 0, -1, 3e6}; /* wide scales: scaling helps */
    int perm[4];
    ck_assert_int_eq(rank_of(4, D, 1e-10, perm), 4);
}
END_TEST

START_TEST(test_rank_identical_columns)
{
    /* Columns 0 and 2 identical. */
    const double D[16] = {1, 2, 1, 0,
                          3, 1, 3, 1,
                          0, 5, 0, 2,
                          2, 0, 2, 7};
    int perm[4], rank = rank_of(4, D, 1e-10, perm);
    ck_assert_int_eq(rank, 3);
    /* Exactly one of the twins is among the independent columns. */
    ck_assert_int_eq((position(4, perm, 0) < rank) +
                         (position(4, perm, 2) < rank), 1);
    ck_assert_int_lt(position(4, perm, 1), rank);
    ck_assert_int_lt(position(4, perm, 3), rank);
}
END_TEST

START_TEST(test_rank_zero_column)
{
    /* Column 0 is zero (only its structural diagonal); SPQR's plain
     * fill-reducing order would leave it first. */
    const double D[16] = {0, 1, 2, 0,
                          0, 3, 1, 1,
                          0, 5, 0, 2,
                          0, 2, 7, 1};
    int perm[4], rank = rank_of(4, D, 0.0, perm);
    ck_assert_int_eq(rank, 3);
    ck_assert_int_eq(perm[3], 0);
}
END_TEST

START_TEST(test_rank_zero_and_twin)
{
    /* Column 0 zero, columns 1 and 3 identical: rank 2. */
    const double D[16] = {0, 1, 2, 1,
                          0, 3, 1, 3,
                          0, 5, 0, 5,
                          0, 2, 7, 2};
    int perm[4], rank = rank_of(4, D, 1e-10, perm);
    ck_assert_int_eq(rank, 2);
    ck_assert_int_ge(position(4, perm, 0), rank);
    ck_assert_int_lt(position(4, perm, 2), rank);
    ck_assert_int_eq((position(4, perm, 1) < rank) +
                         (position(4, perm, 3) < rank), 1);
}
END_TEST

START_TEST(test_rank_symmetric_example)
{
    const double D[16] = {2, -2, 0, 0,
                          -2, 2, 0, 0,
                          0, 0, 1, 0,
                          0, 0, 0, 1};
    int perm[4], rank = rank_of(4, D, 1e-10, perm);
    ck_assert_int_eq(rank, 3);
    ck_assert_int_lt(position(4, perm, 2), rank);
    ck_assert_int_lt(position(4, perm, 3), rank);
    ck_assert_int_eq((position(4, perm, 0) < rank) +
                         (position(4, perm, 1) < rank), 1);
}
END_TEST

/* 40x40 random matrix whose last 6 columns are combinations of two earlier
 * ones.  Zeroing the columns declared dependent must keep the rank: so the
 * columns declared independent really are. */
START_TEST(test_rank_random_combinations)
{
    enum { N = 40, DEP = 6 };
    static double D[N * N];
    int perm[N], perm2[N], rank, rank2;
    unsigned seed = 2024u;
    for (int i = 0; i < N * N; i++) {
        double u;
        seed = seed * 1103515245u + 12345u;
        u = (double)((seed >> 8) % 2001) / 1000.0 - 1.0;
        D[i] = (seed >> 5) % 3 == 0 ? u : 0.0;
    }
    for (int c = N - DEP; c < N; c++) {
        int i = (c * 7) % (N - DEP), j = (c * 13 + 5) % (N - DEP);
        for (int r = 0; r < N; r++)
            D[r * N + c] = 0.5 * D[r * N + i] - 2.0 * D[r * N + j];
    }
    rank = rank_of(N, D, 1e-10, perm);
    ck_assert_int_eq(rank, N - DEP);
    for (int k = rank; k < N; k++)
        for (int r = 0; r < N; r++)
            D[r * N + perm[k]] = 0.0;
    rank2 = rank_of(N, D, 1e-10, perm2);
    ck_assert_int_eq(rank2, rank);
    for (int k = 0; k < rank; k++) /* same independent set */
        ck_assert_int_lt(position(N, perm, perm2[k]), rank);
}
END_TEST

START_TEST(test_rank_nonfinite)
{
    const double D[4] = {1, 0, 0, 1};
    ac_alloc a;
    sp_pattern p;
    sp_rank *r;
    double *vals;
    int rank, perm[2];
    ac_alloc_default(&a);
    from_dense(2, D, &a, &p, &vals);
    vals[0] = NAN;
    ck_assert_int_eq(sp_rank_create(&r, &p, &a), SP_OK);
#ifdef ALECABLE_NO_GPL
    ck_assert_int_eq(sp_rank_set_band(r, RANK_WAY), SP_OK);
#endif
    ck_assert_int_eq(sp_rank_detect(r, vals, 1e-10, &rank, perm), SP_EFAIL);
    sp_rank_destroy(r);
    sp_pattern_free(&p, &a);
    free(vals);
}
END_TEST


/* sp_all_finite against the plain isfinite loop in both copies (baseline
 * and AVX2): lengths 0-70 (every tail of the 8- and 16-wide loops), a NaN
 * or an infinity of either sign at any place, and finite values near
 * DBL_MAX whose sum overflows (the exact test must still say finite) */
START_TEST(test_all_finite_matches_the_plain_loop)
{
    const double special[5] = {INFINITY, -INFINITY, NAN, -NAN, 1.5e308};
    double x[70];
    unsigned seed = 4711u;
    int trial, n, k, isa, ref, got;
    for (isa = AC_ISA_BASELINE; isa <= AC_ISA_V3; isa++) {
        ac_isa_force(isa);
        for (trial = 0; trial < 6000; trial++) {
            n = trial % 71;
            for (k = 0; k < n; k++) {
                seed = seed * 1103515245u + 12345u;
                x[k] = ((double)((seed >> 8) % 2000001u) / 1e6 - 1.0) * 1e3;
                if ((seed >> 4) % (unsigned)(3 * n + 3) == 0) x[k] = special[(seed >> 12) % 5];
            }
            if (trial % 13 == 0)
                for (k = 0; k < n; k += 2) x[k] = (k % 4 ? -1.0 : 1.0) * 1.7e308; /* overflowing sums */
            ref = 1;
            for (k = 0; k < n; k++)
                if (!isfinite(x[k])) ref = 0;
            got = sp_all_finite(x, n);
            ck_assert_msg(got == ref, "isa %d trial %d n %d: %d != %d", isa, trial, n, got, ref);
        }
    }
    ac_isa_force(-1);
}
END_TEST

Suite *suite_sparse(void)
{
    Suite *s = suite_create("sparse");
    TCase *tc = tcase_create("alloc");
    tcase_add_test(tc, test_alloc_default_counts);
    tcase_add_test(tc, test_alloc_custom_user);
    suite_add_tcase(s, tc);

    tc = tcase_create("pattern");
    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, test_builder_dedup_sort_diag);
    tcase_add_test(tc, test_builder_random_vs_dense);
    tcase_add_test(tc, test_builder_large);
    tcase_add_test(tc, test_block_map);
    tcase_add_test(tc, test_all_finite_matches_the_plain_loop);
    suite_add_tcase(s, tc);

    tc = tcase_create("solvers");
    tcase_add_test(tc, test_umfpack_unsymmetric);
    tcase_add_test(tc, test_umfpack_kkt);
    tcase_add_test(tc, test_umfpack_refactor);
    tcase_add_test(tc, test_umfpack_singular);
#ifdef ALECABLE_NO_GPL
    tcase_add_test(tc, test_cholmod_absent);
#else
    tcase_add_test(tc, test_cholmod_spd);
    tcase_add_test(tc, test_cholmod_indefinite);
#endif
    tcase_add_test(tc, test_spqr_solve);
#ifdef ALECABLE_NO_GPL
    tcase_add_test(tc, test_dense_qr_order_limit);
#endif
    tcase_add_test(tc, test_klu_unsymmetric);
    tcase_add_test(tc, test_klu_kkt);
    tcase_add_test(tc, test_klu_refactor);
    tcase_add_test(tc, test_klu_refactor_kkt_sign_change);
    tcase_add_test(tc, test_klu_refactor_permutation);
    tcase_add_test(tc, test_klu_singular);
    tcase_add_test(tc, test_klu_nonfinite_offdiagonal);
    tcase_add_test(tc, test_klu_banded_kkt);
    tcase_add_test(tc, test_solver_nan_values);
    suite_add_tcase(s, tc);

    tc = tcase_create("rank");
    add_rank_test(tc, test_rank_full);
    add_rank_test(tc, test_rank_identical_columns);
    add_rank_test(tc, test_rank_zero_column);
    add_rank_test(tc, test_rank_zero_and_twin);
    add_rank_test(tc, test_rank_symmetric_example);
    add_rank_test(tc, test_rank_random_combinations);
    add_rank_test(tc, test_rank_nonfinite);
    suite_add_tcase(s, tc);
    return s;
}
