/* The band backend (RCM ordering, LU with partial pivoting, LDL^T on
 * symmetric values) and the KKT condensation of single-dof constraints,
 * checked against UMFPACK on the same systems: small dense cases, and a
 * sequence of cable-shaped KKT matrices whose values change every step
 * (symmetric, unsymmetric, indefinite), with multipliers and allocation
 * counts. */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../lib/sparse/backend.h"
#include "../lib/sparse/band_internal.h"
#include "../lib/sparse/kkt.h"
#include "../lib/sparse/sparse.h"

static void from_dense(int n, const double *D, ac_alloc *a, sp_pattern *p, double **vals)
{
    sp_builder b;
    int i, j;
    ck_assert_int_eq(sp_builder_init(&b, n, a), 0);
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            if (D[i * n + j] != 0.0) ck_assert_int_eq(sp_builder_add(&b, i, j), 0);
    ck_assert_int_eq(sp_builder_finish(&b, p), 0);
    sp_builder_free(&b);
    *vals = calloc((size_t)p->nnz, sizeof(double));
    ck_assert_ptr_nonnull(*vals);
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            if (D[i * n + j] != 0.0) (*vals)[sp_find(p, i, j)] = D[i * n + j];
}

static double max_rel(int n, const double *x, const double *ref)
{
    double num = 0.0, den = 0.0;
    int i;
    for (i = 0; i < n; i++) {
        num = fmax(num, fabs(x[i] - ref[i]));
        den = fmax(den, fabs(ref[i]));
    }
    return num / den;
}

/* Solves D x = b with kind and with UMFPACK; returns their difference. */
static double vs_umfpack(int kind, int n, const double *D, const double *b)
{
    ac_alloc a;
    sp_pattern p;
    sp_solver *s, *u;
    double *vals, x[16], xu[16], d;
    ac_alloc_default(&a);
    from_dense(n, D, &a, &p, &vals);
    ck_assert_int_eq(sp_solver_create(&s, kind, &p, &a), SP_OK);
    ck_assert_int_eq(sp_solver_create(&u, SP_UMFPACK, &p, &a), SP_OK);
    ck_assert_int_eq(sp_solver_factor(s, vals), SP_OK);
    ck_assert_int_eq(sp_solver_solve(s, b, x), SP_OK);
    ck_assert_int_eq(sp_solver_factor(u, vals), SP_OK);
    ck_assert_int_eq(sp_solver_solve(u, b, xu), SP_OK);
    ck_assert_double_gt(sp_solver_flops(s), 0.0);
    d = max_rel(n, x, xu);
    sp_solver_destroy(s);
    sp_solver_destroy(u);
    sp_pattern_free(&p, &a);
    free(vals);
    ck_assert_uint_eq(a.n_malloc, a.n_free);
    return d;
}

START_TEST(band_small_systems)
{
    /* unsymmetric with a zero diagonal (needs a row interchange) */
    static const double U[16] = {0, 2, 0, 1, 3, 1, 0, 0, 0, 4, 2, 1, 1, 0, 5, 3};
    /* symmetric positive definite (LDL^T) */
    static const double S[16] = {4, 1, 0, 0, 1, 5, 2, 0, 0, 2, 6, 1, 0, 0, 1, 3};
    /* symmetric indefinite KKT [K G^T; G 0]: LDL^T must give up, LU solves */
    static const double K[16] = {2, 1, 1, 0, 1, 3, 0, 1, 1, 0, 0, 0, 0, 1, 0, 0};
    static const double b[4] = {1, -2, 3, 0.5};
    ck_assert_double_le(vs_umfpack(SP_BAND, 4, U, b), 1e-14);
    ck_assert_double_le(vs_umfpack(SP_BAND, 4, S, b), 1e-14);
    ck_assert_double_le(vs_umfpack(SP_BAND, 4, K, b), 1e-14);
    ck_assert_double_le(vs_umfpack(SP_AUTO, 4, K, b), 1e-14);
}
END_TEST

START_TEST(band_singular_and_nonfinite)
{
    static const double Z[9] = {1, 0, 0, 0, 0, 0, 0, 0, 2}; /* zero row and column */
    static const double N[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
    ac_alloc a;
    sp_pattern p;
    sp_solver *s;
    double *vals, x[3], b[3] = {1, 1, 1};
    ac_alloc_default(&a);
    from_dense(3, Z, &a, &p, &vals);
    ck_assert_int_eq(sp_solver_create(&s, SP_BAND, &p, &a), SP_OK);
    ck_assert_int_eq(sp_solver_factor(s, vals), SP_ESINGULAR);
    ck_assert_int_eq(sp_solver_solve(s, b, x), SP_ESINGULAR);
    sp_solver_destroy(s);
    sp_pattern_free(&p, &a);
    free(vals);
    from_dense(3, N, &a, &p, &vals);
    vals[1] = NAN;
    ck_assert_int_eq(sp_solver_create(&s, SP_BAND, &p, &a), SP_OK);
    ck_assert_int_eq(sp_solver_factor(s, vals), SP_ESINGULAR);
    vals[1] = 1.0;
    ck_assert_int_eq(sp_solver_factor(s, vals), SP_OK); /* recovers */
    ck_assert_int_eq(sp_solver_solve(s, b, x), SP_OK);
    ck_assert_double_eq_tol(x[2], 1.0, 1e-15);
    sp_solver_destroy(s);
    sp_pattern_free(&p, &a);
    free(vals);
    ck_assert_uint_eq(a.n_malloc, a.n_free);
}
END_TEST

/* An arrow matrix (one row and column coupled to everything) has no narrow
 * band: BAND refuses it, AUTO falls back to KLU. */
START_TEST(band_refuses_wide_patterns)
{
    enum { N = 400 };
    ac_alloc a;
    sp_builder bld;
    sp_pattern p;
    sp_solver *s;
    int i;
    ac_alloc_default(&a);
    ck_assert_int_eq(sp_builder_init(&bld, N, &a), 0);
    for (i = 1; i < N; i++) {
        ck_assert_int_eq(sp_builder_add(&bld, 0, i), 0);
        ck_assert_int_eq(sp_builder_add(&bld, i, 0), 0);
        ck_assert_int_eq(sp_builder_add(&bld, i, (i * 37) % N), 0);
    }
    ck_assert_int_eq(sp_builder_finish(&bld, &p), 0);
    sp_builder_free(&bld);
    ck_assert_int_eq(sp_solver_create(&s, SP_BAND, &p, &a), SP_EUNSUITED);
    ck_assert_ptr_null(s);
    ck_assert_int_eq(sp_solver_create(&s, SP_AUTO, &p, &a), SP_OK);
    ck_assert_int_eq(sp_solver_kind(s), SP_KLU);
    sp_solver_destroy(s);
    sp_pattern_free(&p, &a);
    ck_assert_uint_eq(a.n_malloc, a.n_free);
}
END_TEST

/* ---- cable-shaped KKT sequences -------------------------------------------
 * NODES nodes of 7 dofs (the 7th is a material coordinate), 14 x 14 element
 * blocks, constraints: node 0's position and every s (single-dof, condensable)
 * plus one two-term constraint (not condensable) that also touches node 0's
 * x, a condensed dof (as a wrap touches a fixed pulley's dofs); its rows sit
 * at the end of the numbering. */
enum { NODES = 13, NQ = 7 * NODES, NSINGLE = 3 + NODES, NCON = NSINGLE + 1, NN = NQ + NCON, NEL = NODES - 1 };

typedef struct kkt_case {
    sp_pattern p;
    double Ke[NEL][14 * 14], Ka[NEL][14 * 14];
    int map[NEL][14 * 14];
    int cdof[NCON][2], cpos[NCON][4], nterm[NCON];
    double *vals;
} kkt_case;

static unsigned lcg(unsigned *s)
{
    *s = *s * 1103515245u + 12345u;
    return *s >> 8;
}

static void kkt_build(kkt_case *c, ac_alloc *a)
{
    sp_builder bld;
    unsigned seed = 4242u;
    int e, k, i, j, q;
    for (k = 0; k < NCON; k++) {
        c->nterm[k] = k < NSINGLE ? 1 : 2;
        c->cdof[k][0] = k < 3 ? k : k < NSINGLE ? 7 * (k - 3) + 6 : 0;
        c->cdof[k][1] = 7 * 9 + 1;
    }
    ck_assert_int_eq(sp_builder_init(&bld, NN, a), 0);
    for (e = 0; e < NEL; e++) {
        int d[14];
        for (k = 0; k < 14; k++) d[k] = 7 * e + k;
        ck_assert_int_eq(sp_builder_add_block(&bld, d, 14), 0);
    }
    for (k = 0; k < NCON; k++)
        for (q = 0; q < c->nterm[k]; q++) {
            ck_assert_int_eq(sp_builder_add(&bld, NQ + k, c->cdof[k][q]), 0);
            ck_assert_int_eq(sp_builder_add(&bld, c->cdof[k][q], NQ + k), 0);
        }
    ck_assert_int_eq(sp_builder_finish(&bld, &c->p), 0);
    sp_builder_free(&bld);
    for (k = 0; k < NCON; k++)
        for (q = 0; q < c->nterm[k]; q++) {
            c->cpos[k][2 * q] = sp_find(&c->p, NQ + k, c->cdof[k][q]);
            c->cpos[k][2 * q + 1] = sp_find(&c->p, c->cdof[k][q], NQ + k);
        }
    for (e = 0; e < NEL; e++) {
        double R[14][14];
        int d[14];
        for (k = 0; k < 14; k++) d[k] = 7 * e + k;
        sp_block_map(&c->p, d, 14, c->map[e]);
        for (i = 0; i < 14; i++)
            for (j = 0; j < 14; j++) R[i][j] = (double)(lcg(&seed) % 2001) / 1000.0 - 1.0;
        for (i = 0; i < 14; i++)
            for (j = 0; j < 14; j++) {
                double v = i == j ? 0.05 : 0.0;
                for (k = 0; k < 14; k++) v += R[i][k] * R[j][k] / 14.0;
                c->Ke[e][i * 14 + j] = v;
                c->Ka[e][i * 14 + j] = 0.1 * (R[i][j] - R[j][i]); /* antisymmetric part */
            }
    }
    c->vals = calloc((size_t)c->p.nnz, sizeof(double));
    ck_assert_ptr_nonnull(c->vals);
}

/* Values of step `step`: symmetric on even steps, unsymmetric on odd ones,
 * indefinite stiffness at step 6; dval (when nonzero) on the diagonal of the
 * first constraint row (a regularized constraint: no condensation). */
static void kkt_values(kkt_case *c, int step, double dval)
{
    int e, k, q;
    memset(c->vals, 0, (size_t)c->p.nnz * sizeof(double));
    for (e = 0; e < NEL; e++) {
        double f = (1.0 + 0.3 * sin(0.4 * step + 0.7 * e)) * (step == 6 ? -1.0 : 1.0);
        for (q = 0; q < 14 * 14; q++) c->vals[c->map[e][q]] += f * c->Ke[e][q] + (step % 2 ? c->Ka[e][q] : 0.0);
    }
    for (k = 0; k < NCON; k++)
        for (q = 0; q < c->nterm[k]; q++) {
            double g = (1.0 + 0.5 * sin(0.3 * step + k)) * (q ? -0.7 : 1.0);
            c->vals[c->cpos[k][2 * q]] = g;
            c->vals[c->cpos[k][2 * q + 1]] = g;
        }
    if (dval != 0.0) c->vals[c->p.diag ? c->p.diag[NQ] : sp_find(&c->p, NQ, NQ)] = dval;
}

static void kkt_free(kkt_case *c, ac_alloc *a)
{
    sp_pattern_free(&c->p, a);
    free(c->vals);
}

/* ---- a cable with bodies held by joints --------------------------------
 * JN nodes of 6 dofs (12 x 12 positive definite element blocks), node 0's
 * first three dofs fixed (single-dof rows, condensed), JB bodies of 3
 * dofs (a mass each) joined to node 4 (k + 1)'s first three dofs by 3
 * rows each (x_node - x_body: the multipliers stay).  The band orders each
 * joint's rows after the dofs they couple (band.c's kkt_order), so LDL^T
 * takes the matrix without pivoting (its pivots: the dofs' positive, the
 * multipliers' negative), also when the fixed rows are not condensed
 * (the full system); an indefinite stiffness takes LU. */
enum { JN = 21, JB = 4, JQ = 6 * JN + 3 * JB, JFIX = 3, JCON = JFIX + 3 * JB, JNN = JQ + JCON };

typedef struct joint_case {
    sp_pattern p;
    double Ke[JN - 1][12 * 12];
    int map[JN - 1][12 * 12];
    int cpos[JCON][4], cdof[JCON][2], nterm[JCON];
    double *vals;
} joint_case;

static void joint_build(joint_case *c, ac_alloc *a)
{
    sp_builder bld;
    unsigned seed = 777u;
    int e, k, i, j, q;
    for (k = 0; k < JCON; k++) {
        int b = (k - JFIX) / 3, d = (k - JFIX) % 3;
        c->nterm[k] = k < JFIX ? 1 : 2;
        c->cdof[k][0] = k < JFIX ? k : 6 * 4 * (b + 1) + d;
        c->cdof[k][1] = k < JFIX ? 0 : 6 * JN + 3 * b + d;
    }
    ck_assert_int_eq(sp_builder_init(&bld, JNN, a), 0);
    for (e = 0; e < JN - 1; e++) {
        int d[12];
        for (k = 0; k < 12; k++) d[k] = 6 * e + k;
        ck_assert_int_eq(sp_builder_add_block(&bld, d, 12), 0);
    }
    for (k = 6 * JN; k < JQ; k++) ck_assert_int_eq(sp_builder_add(&bld, k, k), 0);
    for (k = 0; k < JCON; k++) {
        ck_assert_int_eq(sp_builder_add(&bld, JQ + k, JQ + k), 0); /* D's diagonal, zero */
        for (q = 0; q < c->nterm[k]; q++) {
            ck_assert_int_eq(sp_builder_add(&bld, JQ + k, c->cdof[k][q]), 0);
            ck_assert_int_eq(sp_builder_add(&bld, c->cdof[k][q], JQ + k), 0);
        }
    }
    ck_assert_int_eq(sp_builder_finish(&bld, &c->p), 0);
    sp_builder_free(&bld);
    for (k = 0; k < JCON; k++)
        for (q = 0; q < c->nterm[k]; q++) {
            c->cpos[k][2 * q] = sp_find(&c->p, JQ + k, c->cdof[k][q]);
            c->cpos[k][2 * q + 1] = sp_find(&c->p, c->cdof[k][q], JQ + k);
        }
    for (e = 0; e < JN - 1; e++) {
        double R[12][12];
        int d[12];
        for (k = 0; k < 12; k++) d[k] = 6 * e + k;
        sp_block_map(&c->p, d, 12, c->map[e]);
        for (i = 0; i < 12; i++)
            for (j = 0; j < 12; j++) R[i][j] = (double)(lcg(&seed) % 2001) / 1000.0 - 1.0;
        for (i = 0; i < 12; i++)
            for (j = 0; j < 12; j++) {
                double v = i == j ? 0.05 : 0.0;
                for (k = 0; k < 12; k++) v += R[i][k] * R[j][k] / 12.0;
                c->Ke[e][i * 12 + j] = v;
            }
    }
    c->vals = calloc((size_t)c->p.nnz, sizeof(double));
    ck_assert_ptr_nonnull(c->vals);
}

/* f scales the stiffness (negative: indefinite), the joints' rows scaled
 * by gs (the integrators' G is of any units against K) */
static void joint_values(joint_case *c, int step, double f, double gs)
{
    int e, k, q;
    memset(c->vals, 0, (size_t)c->p.nnz * sizeof(double));
    for (e = 0; e < JN - 1; e++) {
        double fe = f * (1.0 + 0.3 * sin(0.4 * step + 0.7 * e));
        for (q = 0; q < 12 * 12; q++) c->vals[c->map[e][q]] += fe * c->Ke[e][q];
    }
    for (k = 6 * JN; k < JQ; k++) c->vals[sp_find(&c->p, k, k)] = 0.01 * (1.0 + 0.1 * k);
    for (k = 0; k < JCON; k++)
        for (q = 0; q < c->nterm[k]; q++) {
            double g = (k < JFIX ? 1.0 : gs) * (1.0 + 0.2 * sin(0.3 * step + k)) * (q ? -1.0 : 1.0);
            c->vals[c->cpos[k][2 * q]] = g;
            c->vals[c->cpos[k][2 * q + 1]] = g;
        }
}

/* |A x - b|_inf / (|A|_inf |x|_inf + |b|_inf) */
static double rel_residual(const sp_pattern *p, const double *vals, const double *x, const double *b)
{
    double r[JNN], rowsum[JNN], an = 0.0, xn = 0.0, bn = 0.0, rn = 0.0;
    int j, k;
    ck_assert_int_le(p->n, JNN);
    for (j = 0; j < p->n; j++) r[j] = -b[j], rowsum[j] = 0.0;
    for (j = 0; j < p->n; j++)
        for (k = p->colptr[j]; k < p->colptr[j + 1]; k++) {
            r[p->rowidx[k]] += vals[k] * x[j];
            rowsum[p->rowidx[k]] += fabs(vals[k]);
        }
    for (j = 0; j < p->n; j++) {
        an = fmax(an, rowsum[j]);
        xn = fmax(xn, fabs(x[j]));
        bn = fmax(bn, fabs(b[j]));
        rn = fmax(rn, fabs(r[j]));
    }
    return rn / (an * xn + bn);
}

START_TEST(kkt_band_ldlt_joints)
{
    static joint_case c;
    ac_alloc a;
    sp_solver *u, *full;
    sp_kkt *kb, *ko;
    sp_band_counts cb, co, cf;
    double b[JNN], xu[JNN], xb[JNN], xo[JNN], xf[JNN], *vo;
    const double gs[] = {1.0, 1e-3, 1e3};
    int step, i, lu = 0;
    ac_alloc_default(&a);
    joint_build(&c, &a);
    for (i = 0; i < JNN; i++) b[i] = cos(0.5 + i);
    vo = malloc((size_t)c.p.nnz * sizeof(double));
    ck_assert_ptr_nonnull(vo);
    ck_assert_int_eq(sp_solver_create(&u, SP_UMFPACK, &c.p, &a), SP_OK);
    ck_assert_int_eq(sp_kkt_create(&kb, SP_BAND, &c.p, JQ, &a), SP_OK);
    ck_assert_int_eq(sp_kkt_create_flags(&ko, SP_BAND, &c.p, JQ, &a, SP_OVERWRITE), SP_OK);
    ck_assert_int_eq(sp_solver_create_kkt(&full, SP_BAND, &c.p, NULL, JQ, &a, 0), SP_OK); /* nothing condensed */
    ck_assert_int_eq(sp_kkt_eliminated(kb), JFIX);
    for (step = 0; step < 12; step++) {
        const double f = step == 7 ? -1.0 : 1.0;
        joint_values(&c, step, f, gs[step % 3]);
        lu += f < 0.0;
        ck_assert_int_eq(sp_solver_factor(u, c.vals), SP_OK);
        ck_assert_int_eq(sp_solver_solve(u, b, xu), SP_OK);
        ck_assert_int_eq(sp_kkt_factor(kb, c.vals), SP_OK);
        ck_assert_int_eq(sp_kkt_solve(kb, b, xb), SP_OK);
        ck_assert_int_eq(sp_solver_factor(full, c.vals), SP_OK);
        ck_assert_int_eq(sp_solver_solve(full, b, xf), SP_OK);
        memcpy(vo, c.vals, (size_t)c.p.nnz * sizeof(double));
        ck_assert_int_eq(sp_kkt_factor_mut(ko, vo), SP_OK);
        ck_assert_int_eq(sp_kkt_solve(ko, b, xo), SP_OK);
        sp_kkt_restore(ko, vo);
        ck_assert(memcmp(vo, c.vals, (size_t)c.p.nnz * sizeof(double)) == 0);
        ck_assert_double_le(rel_residual(&c.p, c.vals, xu, b), 1e-15);
        ck_assert_double_le(rel_residual(&c.p, c.vals, xb, b), 1e-15);
        ck_assert_double_le(rel_residual(&c.p, c.vals, xf, b), 1e-15);
        ck_assert_double_le(rel_residual(&c.p, c.vals, xo, b), 1e-15);
        ck_assert_double_le(max_rel(JNN, xb, xu), 1e-12);
        ck_assert_double_le(max_rel(JNN, xf, xu), 1e-12);
        ck_assert_double_le(max_rel(JNN, xo, xu), 1e-12);
        ck_assert_double_le(max_rel(3 * JB, xb + JQ + JFIX, xu + JQ + JFIX), 1e-12); /* the joints' multipliers */
    }
    /* every positive definite step by LDL^T (its refusals back off: the
     * indefinite step's LU, then one more by the doubled wait) */
    ck_assert_int_eq(sp_kkt_band_counts(kb, &cb), SP_OK);
    ck_assert_int_eq(sp_kkt_band_counts(ko, &co), SP_OK);
    ck_assert_int_eq(sp_solver_band_counts(full, &cf), SP_OK);
    ck_assert_int_eq(cb.sym_refused_pivot, lu);
    ck_assert_int_eq(cb.sym, 12 - 2 * lu);
    ck_assert_int_eq(co.sym, cb.sym);
    ck_assert_int_eq(cf.sym, cb.sym);
    sp_solver_destroy(u);
    sp_solver_destroy(full);
    sp_kkt_destroy(kb);
    sp_kkt_destroy(ko);
    free(vo);
    sp_pattern_free(&c.p, &a);
    free(c.vals);
    ck_assert_uint_eq(a.n_malloc, a.n_free);
}
END_TEST

/* K = [delta 1; 1 delta] on x1, x2 is indefinite, but positive definite
 * on the joint's null space (G = [1 0] on them; its entry 1e-8 on a third
 * dof y, K_yy = 1, only makes RCM number y, x1, x2 so that the joint goes
 * between x1 and x2): the pivots have the signs of a positive definite
 * K (1, delta, -1/delta, delta: the last one what is left of delta -
 * 1/delta + 1/delta), with |L| |D| |L^T| 2/delta^2 times x2's diagonal
 * (an error of eps/delta^2 in the solution): the growth test
 * (band_numeric.c's kkt_growth_ok) refuses it for LU.  At delta = 3 (K
 * positive definite) LDL^T takes it.  Both solve as UMFPACK does. */
START_TEST(kkt_band_growth_refused)
{
    enum { N = 4 };
    const double delta[] = {3.0, 1e-3}, gy = 1e-8;
    int t, i;
    for (t = 0; t < 2; t++) {
        const double dl = delta[t];
        double D[N * N] = {1.0, 0.0, 0.0, gy, 0.0, dl, 1.0, 1.0, 0.0, 1.0, dl, 0.0, gy, 1.0, 0.0, 0.0};
        double b[N], x[N], xu[N], *vals;
        ac_alloc a;
        sp_pattern p;
        sp_solver *u;
        sp_band_counts c;
        bandh *h;
        void *v;
        for (i = 0; i < N; i++) b[i] = 1.0 + 0.1 * i;
        ac_alloc_default(&a);
        from_dense(N, D, &a, &p, &vals);
        ck_assert_int_eq(sp_band_create_kkt(&v, &p, NULL, 3, &a, 0), SP_OK);
        h = v;
        ck_assert_ptr_nonnull(h->mult);
        ck_assert_int_eq(h->perm[1], 1); /* y, x1, lambda, x2 */
        ck_assert_int_eq(h->perm[2], 3);
        ck_assert_int_eq(sp_band_factor(v, vals), SP_OK);
        ck_assert_int_eq(sp_band_solve(v, b, x), SP_OK);
        sp_band_get_counts(v, &c);
        ck_assert_int_eq(sp_solver_create(&u, SP_UMFPACK, &p, &a), SP_OK);
        ck_assert_int_eq(sp_solver_factor(u, vals), SP_OK);
        ck_assert_int_eq(sp_solver_solve(u, b, xu), SP_OK);
        if (t == 0) {
            ck_assert_int_eq(c.sym, 1);
            ck_assert_double_le(h->kkt_growth, 10.0);
        } else {
            ck_assert_int_eq(c.sym, 0);
            ck_assert_int_eq(c.sym_refused_pivot, 1);
            ck_assert_int_eq(c.lu, 1);
            ck_assert_double_ge(h->kkt_growth, 1e6);
        }
        ck_assert_double_le(max_rel(N, x, xu), 1e-12);
        ck_assert_double_le(rel_residual(&p, vals, x, b), 1e-15);
        sp_solver_destroy(u);
        sp_band_destroy(v);
        sp_pattern_free(&p, &a);
        free(vals);
        ck_assert_uint_eq(a.n_malloc, a.n_free);
    }
}
END_TEST

/* In place (SP_OVERWRITE), a KKT pattern whose own order hosts L (the
 * multiplier last, after its dofs) takes that order, with the
 * multipliers marked where it puts them: LDL^T, in the values, solves as
 * UMFPACK does and the values come back bit for bit. */
START_TEST(kkt_band_own_order)
{
    enum { N = 4 };
    const double D[N * N] = {2.0, 1.0, 0.0, 0.0, 1.0, 2.0, 1.0, 1.0, 0.0, 1.0, 2.0, 0.5, 0.0, 1.0, 0.5, 0.0};
    double b[N], x[N], xu[N], *vals, *vo;
    ac_alloc a;
    sp_pattern p;
    sp_solver *u;
    sp_band_counts c;
    bandh *h;
    void *v;
    int i;
    for (i = 0; i < N; i++) b[i] = 0.5 + 0.3 * i;
    ac_alloc_default(&a);
    from_dense(N, D, &a, &p, &vals);
    vo = malloc((size_t)p.nnz * sizeof(double));
    ck_assert_ptr_nonnull(vo);
    memcpy(vo, vals, (size_t)p.nnz * sizeof(double));
    ck_assert_int_eq(sp_band_create_kkt(&v, &p, NULL, 3, &a, SP_OVERWRITE), SP_OK);
    h = v;
    ck_assert_int_eq(h->host, 1);
    ck_assert_ptr_nonnull(h->mult);
    ck_assert_int_eq(h->nmult, 1);
    for (i = 0; i < N; i++) ck_assert_int_eq(h->mult[i], h->perm[i] >= 3);
    ck_assert_int_eq(h->perm[h->mcol[0]], 3);
    ck_assert_int_eq(sp_band_factor_mut(v, vo), SP_OK);
    ck_assert_int_eq(sp_band_solve(v, b, x), SP_OK);
    sp_band_get_counts(v, &c);
    ck_assert_int_eq(c.sym, 1);
    ck_assert_int_eq(sp_solver_create(&u, SP_UMFPACK, &p, &a), SP_OK);
    ck_assert_int_eq(sp_solver_factor(u, vals), SP_OK);
    ck_assert_int_eq(sp_solver_solve(u, b, xu), SP_OK);
    ck_assert_double_le(max_rel(N, x, xu), 1e-12);
    ck_assert_double_le(rel_residual(&p, vals, x, b), 1e-15);
    ck_assert_int_eq(sp_band_restore(v, vo), 1);
    ck_assert(memcmp(vo, vals, (size_t)p.nnz * sizeof(double)) == 0);
    sp_solver_destroy(u);
    sp_band_destroy(v);
    sp_pattern_free(&p, &a);
    free(vals);
    free(vo);
    ck_assert_uint_eq(a.n_malloc, a.n_free);
}
END_TEST

/* K indefinite on the joint's null space (a dof z with K_yz = 2 beside
 * K_yy = K_zz = 1; the joint on y and x1): the matrix's inertia is not
 * that of a positive definite K, a dof's pivot is negative, and the sign
 * test (band_numeric.c's kkt_sign) refuses LDL^T for LU, which solves it
 * as UMFPACK does. */
START_TEST(kkt_band_signs_refused)
{
    enum { N = 5 };
    const double D[N * N] = {1.0, 0.0, 0.0, 2.0, 0.5, 0.0, 3.0, 1.0, 0.0, 1.0, 0.0, 1.0, 3.0, 0.0, 0.0,
                             2.0, 0.0, 0.0, 1.0, 0.0, 0.5, 1.0, 0.0, 0.0, 0.0};
    double b[N], x[N], xu[N], *vals;
    ac_alloc a;
    sp_pattern p;
    sp_solver *u;
    sp_band_counts c;
    void *v;
    int i;
    for (i = 0; i < N; i++) b[i] = 1.0 - 0.2 * i;
    ac_alloc_default(&a);
    from_dense(N, D, &a, &p, &vals);
    ck_assert_int_eq(sp_band_create_kkt(&v, &p, NULL, 4, &a, 0), SP_OK);
    ck_assert_ptr_nonnull(((bandh *)v)->mult);
    ck_assert_int_eq(sp_band_factor(v, vals), SP_OK);
    ck_assert_int_eq(sp_band_solve(v, b, x), SP_OK);
    sp_band_get_counts(v, &c);
    ck_assert_int_eq(c.sym, 0);
    ck_assert_int_eq(c.sym_refused_pivot, 1);
    ck_assert_int_eq(c.lu, 1);
    ck_assert_int_eq(sp_solver_create(&u, SP_UMFPACK, &p, &a), SP_OK);
    ck_assert_int_eq(sp_solver_factor(u, vals), SP_OK);
    ck_assert_int_eq(sp_solver_solve(u, b, xu), SP_OK);
    ck_assert_double_le(max_rel(N, x, xu), 1e-12);
    ck_assert_double_le(rel_residual(&p, vals, x, b), 1e-15);
    sp_solver_destroy(u);
    sp_band_destroy(v);
    sp_pattern_free(&p, &a);
    free(vals);
    ck_assert_uint_eq(a.n_malloc, a.n_free);
}
END_TEST

/* Band and condensed-KKT solutions (unknowns and multipliers) equal
 * UMFPACK's on every step; no allocation after the first LU. */
START_TEST(kkt_sequence_matches_umfpack)
{
    static kkt_case c;
    ac_alloc a;
    sp_solver *u, *bs;
    sp_kkt *kb, *kk, *ko;
    double b[NN], xu[NN], xb[NN], xkb[NN], xkk[NN], xko[NN], *vo;
    size_t events = 0;
    int step, i;
    ac_alloc_default(&a);
    kkt_build(&c, &a);
    for (i = 0; i < NN; i++) b[i] = sin(1.0 + i);
    ck_assert_int_eq(sp_solver_create(&u, SP_UMFPACK, &c.p, &a), SP_OK);
    ck_assert_int_eq(sp_solver_create(&bs, SP_BAND, &c.p, &a), SP_OK);
    ck_assert_int_eq(sp_kkt_create(&kb, SP_BAND, &c.p, NQ, &a), SP_OK);
    ck_assert_int_eq(sp_kkt_create(&kk, SP_KLU, &c.p, NQ, &a), SP_OK);
    /* and one that may factor in its values (SP_OVERWRITE), given a copy */
    ck_assert_int_eq(sp_kkt_create_flags(&ko, SP_BAND, &c.p, NQ, &a, SP_OVERWRITE), SP_OK);
    vo = malloc((size_t)c.p.nnz * sizeof(double));
    ck_assert_ptr_nonnull(vo);
    ck_assert_int_eq(sp_kkt_eliminated(kb), NSINGLE); /* not the two-term one */
    for (step = 0; step < 12; step++) {
        kkt_values(&c, step, 0.0);
        ck_assert_int_eq(sp_solver_factor(u, c.vals), SP_OK);
        ck_assert_int_eq(sp_solver_solve(u, b, xu), SP_OK);
        ck_assert_int_eq(sp_solver_factor(bs, c.vals), SP_OK);
        ck_assert_int_eq(sp_solver_solve(bs, b, xb), SP_OK);
        ck_assert_int_eq(sp_kkt_factor(kb, c.vals), SP_OK);
        ck_assert_int_eq(sp_kkt_solve(kb, b, xkb), SP_OK);
        ck_assert_int_eq(sp_kkt_factor(kk, c.vals), SP_OK);
        ck_assert_int_eq(sp_kkt_solve(kk, b, xkk), SP_OK);
        memcpy(vo, c.vals, (size_t)c.p.nnz * sizeof(double));
        ck_assert_int_eq(sp_kkt_factor_mut(ko, vo), SP_OK);
        ck_assert_int_eq(sp_kkt_solve(ko, b, xko), SP_OK);
        ck_assert_double_le(max_rel(NN, xko, xu), 1e-9);
        sp_kkt_restore(ko, vo);
        ck_assert(memcmp(vo, c.vals, (size_t)c.p.nnz * sizeof(double)) == 0);
        ck_assert_double_le(max_rel(NN, xb, xu), 1e-9);
        ck_assert_double_le(max_rel(NN, xkb, xu), 1e-9);
        ck_assert_double_le(max_rel(NN, xkk, xu), 1e-9);
        /* the multipliers alone (they come from the eliminated rows) */
        ck_assert_double_le(max_rel(NCON, xkb + NQ, xu + NQ), 1e-9);
        ck_assert_double_gt(sp_kkt_flops(kb), 0.0);
        /* the band's LU storage comes with its first LU: step 1's
         * unsymmetric values (LDL^T takes step 0's, the multiplier
         * ordered after its dofs: band.c's kkt_order) */
        if (step == 1) events = ac_alloc_events(&a);
    }
    ck_assert_uint_eq(ac_alloc_events(&a), events);
    /* a regularized constraint row (nonzero diagonal) is solved in full */
    kkt_values(&c, 3, -1e-3);
    ck_assert_int_eq(sp_solver_factor(u, c.vals), SP_OK);
    ck_assert_int_eq(sp_solver_solve(u, b, xu), SP_OK);
    ck_assert_int_eq(sp_kkt_factor(kb, c.vals), SP_OK);
    ck_assert_int_eq(sp_kkt_solve(kb, b, xkb), SP_OK);
    ck_assert_double_le(max_rel(NN, xkb, xu), 1e-9);
    sp_solver_destroy(u);
    sp_solver_destroy(bs);
    sp_kkt_destroy(kb);
    sp_kkt_destroy(kk);
    sp_kkt_destroy(ko);
    free(vo);
    kkt_free(&c, &a);
    ck_assert_uint_eq(a.n_malloc, a.n_free);
}
END_TEST

/* A band created inside the full pattern (sp_band_create_gathered: the
 * condensation's reduced pattern need never exist) is the band created on
 * the reduced pattern and then gathered: the same ordering and envelope,
 * and the same solutions to the bit, symmetric values (LDL^T) and not (LU),
 * with and without SP_OVERWRITE. */
START_TEST(band_gathered_creation)
{
    static kkt_case c;
    ac_alloc a;
    sp_kkt *cond;
    const sp_pattern *red;
    int keep[NN], i, flags, step;
    ac_alloc_default(&a);
    kkt_build(&c, &a);
    ck_assert_int_eq(sp_kkt_create(&cond, -1, &c.p, NQ, &a), SP_OK);
    red = sp_kkt_reduced(cond);
    for (i = 0; i < NN; i++) keep[i] = -1;
    for (i = 0; i < red->n; i++) keep[sp_kkt_full_index(cond, i)] = i;
    for (flags = 0; flags <= SP_OVERWRITE; flags += SP_OVERWRITE) {
        void *ha, *hb;
        bandh *A, *B;
        ck_assert_int_eq(sp_band_create_flags(&ha, red, &a, flags), SP_OK);
        ck_assert_int_eq(sp_band_set_gather(ha, &c.p, keep), SP_OK);
        ck_assert_int_eq(sp_band_create_gathered(&hb, &c.p, keep, &a, flags), SP_OK);
        A = ha;
        B = hb;
        ck_assert_int_eq(A->n, B->n);
        ck_assert_int_eq(A->kd, B->kd);
        ck_assert_int_eq(A->symok, B->symok);
        ck_assert_int_eq(A->host, B->host);
        ck_assert(memcmp(A->perm, B->perm, (size_t)A->n * sizeof(int)) == 0);
        ck_assert(!A->symok || memcmp(A->env, B->env, (size_t)A->n * sizeof(int)) == 0);
        for (step = 0; step < 2; step++) {
            double b[NN], xa[NN], xb[NN], *va = malloc((size_t)c.p.nnz * sizeof(double)),
                                          *vb = malloc((size_t)c.p.nnz * sizeof(double));
            ck_assert(va && vb);
            kkt_values(&c, step, 0.0);
            memcpy(va, c.vals, (size_t)c.p.nnz * sizeof(double));
            memcpy(vb, c.vals, (size_t)c.p.nnz * sizeof(double));
            for (i = 0; i < NN; i++) b[i] = xa[i] = xb[i] = sin(2.0 + i);
            ck_assert_int_eq(sp_band_factor_gathered_mut(ha, va), SP_OK);
            ck_assert_int_eq(sp_band_factor_gathered_mut(hb, vb), SP_OK);
            ck_assert_int_eq(A->sym, B->sym);
            ck_assert_int_eq(sp_band_solve(ha, b, xa), SP_OK);
            ck_assert_int_eq(sp_band_solve(hb, b, xb), SP_OK);
            ck_assert(memcmp(xa, xb, sizeof xa) == 0);
            free(va);
            free(vb);
        }
        sp_band_destroy(ha);
        sp_band_destroy(hb);
    }
    sp_kkt_destroy(cond);
    kkt_free(&c, &a);
    ck_assert_uint_eq(a.n_malloc, a.n_free);
}
END_TEST

/* A cable of 7-dof nodes whose 7th dof is condensed (a Lagrangian cable's
 * material coordinate): the reduced pattern hosts L in its own order, the
 * full one does not (the condensed rows sit inside the columns' runs).
 * set_gather on a hosting handle refuses then (SP_EUNSUITED, the handle
 * unchanged and still solving on its own pattern), and a band created
 * inside the full pattern takes the copy path; both solve the system (to
 * 1e-12 of each other: their orderings differ). */
START_TEST(band_host_needs_runs)
{
    enum { ND = 12, N7 = 7 * ND };
    ac_alloc a;
    sp_builder bl;
    sp_pattern full, red;
    int keep[N7], d[14], e, i, j, k, nr = 0;
    double *vf, *vr, b[N7], br[N7], xr[N7], xf[N7];
    void *h, *g;
    unsigned seed = 7u;
    ac_alloc_default(&a);
    for (i = 0; i < N7; i++) keep[i] = i % 7 == 6 ? -1 : nr++;
    ck_assert_int_eq(sp_builder_init(&bl, N7, &a), 0);
    for (e = 0; e + 1 < ND; e++) {
        for (k = 0; k < 14; k++) d[k] = 7 * e + k;
        ck_assert_int_eq(sp_builder_add_block(&bl, d, 14), 0);
    }
    ck_assert_int_eq(sp_builder_finish(&bl, &full), 0);
    sp_builder_free(&bl);
    ck_assert_int_eq(sp_builder_init(&bl, nr, &a), 0);
    for (e = 0; e + 1 < ND; e++) {
        int m = 0;
        for (k = 0; k < 14; k++)
            if (keep[7 * e + k] >= 0) d[m++] = keep[7 * e + k];
        ck_assert_int_eq(sp_builder_add_block(&bl, d, m), 0);
    }
    ck_assert_int_eq(sp_builder_finish(&bl, &red), 0);
    sp_builder_free(&bl);
    vf = calloc((size_t)full.nnz, sizeof(double));
    vr = calloc((size_t)red.nnz, sizeof(double));
    ck_assert(vf && vr);
    for (j = 0; j < N7; j++) /* symmetric, diagonally dominant */
        for (k = full.colptr[j]; k < full.colptr[j + 1]; k++) {
            i = full.rowidx[k];
            if (i > j) continue;
            vf[k] = vf[sp_find(&full, j, i)] = i == j ? 30.0 : (double)(lcg(&seed) % 2001) / 1000.0 - 1.0;
        }
    for (j = 0; j < N7; j++)
        for (k = full.colptr[j]; k < full.colptr[j + 1]; k++)
            if (keep[j] >= 0 && keep[full.rowidx[k]] >= 0) vr[sp_find(&red, keep[full.rowidx[k]], keep[j])] = vf[k];
    for (i = 0; i < N7; i++) {
        b[i] = sin(0.3 * i);
        if (keep[i] >= 0) br[keep[i]] = b[i];
    }
    ck_assert_int_eq(sp_band_create_flags(&h, &red, &a, SP_OVERWRITE), SP_OK);
    ck_assert_int_eq(((bandh *)h)->host, 1);
    ck_assert_int_eq(sp_band_set_gather(h, &full, keep), SP_EUNSUITED);
    ck_assert_int_eq(sp_band_factor_mut(h, vr), SP_OK);
    ck_assert_int_eq(((bandh *)h)->sym, 1);
    ck_assert_int_eq(sp_band_solve(h, br, xr), SP_OK);
    ck_assert_int_eq(sp_band_create_gathered(&g, &full, keep, &a, SP_OVERWRITE), SP_OK);
    ck_assert_int_eq(((bandh *)g)->host, 0);
    ck_assert_ptr_nonnull(((bandh *)g)->lb);
    ck_assert_int_eq(sp_band_factor_gathered_mut(g, vf), SP_OK);
    ck_assert_int_eq(((bandh *)g)->sym, 1);
    for (i = 0; i < N7; i++) xf[i] = -7.0; /* the condensed rows are left alone */
    ck_assert_int_eq(sp_band_solve(g, b, xf), SP_OK);
    for (i = 0; i < N7; i++)
        if (keep[i] < 0) ck_assert_double_eq(xf[i], -7.0);
        else ck_assert_double_le(fabs(xf[i] - xr[keep[i]]), 1e-12 * (1.0 + fabs(xr[keep[i]])));
    sp_band_destroy(h);
    sp_band_destroy(g);
    sp_pattern_free(&full, &a);
    sp_pattern_free(&red, &a);
    free(vf);
    free(vr);
    ck_assert_uint_eq(a.n_malloc, a.n_free);
}
END_TEST

/* Rows in units 1e17 apart (a rope's material inertia on a wrap against a
 * body's mass, issue 12): min/max |diag U| of the plain LU is 1e-17, below
 * the singularity threshold, though every row is perfectly regular.  The
 * row-scaled retry factors them (as UMFPACK and KLU, which scale, do) and
 * solves to rounding; the symmetric path's diagonal case too.  A matrix the
 * plain LU takes is solved bit for bit as before the retry existed: its
 * rcond is the plain one. */
START_TEST(band_rows_of_different_units)
{
    static const double T[9] = {2, -1, 0, -1e-17, 2e-17, -1e-17, 0, -1, 2};
    static const double Dg[9] = {1, 0, 0, 0, 1e-17, 0, 0, 0, 1};
    static const double P[9] = {2, -1, 0, -1, 2, -1, 0, -1, 3}; /* regular, unscaled */
    const double x_ref[3] = {1.0, -2.0, 0.5};
    const double *mats[3] = {T, Dg, P};
    ac_alloc a;
    int m;
    ac_alloc_default(&a);
    for (m = 0; m < 3; m++) {
        sp_pattern p;
        sp_solver *s;
        double *vals, x[3], b[3];
        int i, j;
        for (i = 0; i < 3; i++) {
            b[i] = 0.0;
            for (j = 0; j < 3; j++) b[i] += mats[m][3 * i + j] * x_ref[j];
        }
        from_dense(3, mats[m], &a, &p, &vals);
        ck_assert_int_eq(sp_solver_create(&s, SP_BAND, &p, &a), SP_OK);
        ck_assert_int_eq(sp_solver_factor(s, vals), SP_OK);
        ck_assert_double_gt(sp_solver_rcond(s), 0.1);
        ck_assert_int_eq(sp_solver_solve(s, b, x), SP_OK);
        ck_assert_double_le(max_rel(3, x, x_ref), 1e-15);
        if (m == 2) ck_assert_double_le(vs_umfpack(SP_BAND, 3, P, b), 1e-15);
        sp_solver_destroy(s);
        sp_pattern_free(&p, &a);
        free(vals);
    }
}
END_TEST

/* The condensed KKT system of the band (which reads its values through the
 * full pattern) with rows 1e16 apart in units: the plain LU fails its rcond
 * test, the row-scaled retry solves it.  Scaling rows of A and b leaves x as
 * it was, so the solution is the unscaled system's (UMFPACK's). */
START_TEST(kkt_band_rows_of_different_units)
{
    static kkt_case c;
    ac_alloc a;
    sp_solver *u;
    sp_kkt *kb;
    double b[NN], xu[NN], xkb[NN];
    int i, j, q;
    ac_alloc_default(&a);
    kkt_build(&c, &a);
    for (i = 0; i < NN; i++) b[i] = sin(1.0 + i);
    kkt_values(&c, 1, 0.0); /* unsymmetric */
    ck_assert_int_eq(sp_solver_create(&u, SP_UMFPACK, &c.p, &a), SP_OK);
    ck_assert_int_eq(sp_solver_factor(u, c.vals), SP_OK);
    ck_assert_int_eq(sp_solver_solve(u, b, xu), SP_OK);
    /* the positions and slopes of nodes 4 to 7 (not their s rows, condensed) */
    for (j = 0; j < NN; j++)
        for (q = c.p.colptr[j]; q < c.p.colptr[j + 1]; q++) {
            int r = c.p.rowidx[q];
            if (r >= 28 && r < 56 && r % 7 != 6) c.vals[q] *= 1e-16;
        }
    for (i = 28; i < 56; i++)
        if (i % 7 != 6) b[i] *= 1e-16;
    ck_assert_int_eq(sp_kkt_create(&kb, SP_BAND, &c.p, NQ, &a), SP_OK);
    ck_assert_int_eq(sp_kkt_eliminated(kb), NSINGLE);
    ck_assert_int_eq(sp_kkt_factor(kb, c.vals), SP_OK);
    ck_assert_double_gt(sp_kkt_rcond(kb), 1e-15);
    ck_assert_int_eq(sp_kkt_solve(kb, b, xkb), SP_OK);
    ck_assert_double_le(max_rel(NN, xkb, xu), 1e-9);
    ck_assert_double_le(max_rel(NCON, xkb + NQ, xu + NQ), 1e-9);
    sp_solver_destroy(u);
    sp_kkt_destroy(kb);
    kkt_free(&c, &a);
    ck_assert_uint_eq(a.n_malloc, a.n_free);
}
END_TEST

Suite *suite_band_kkt(void)
{
    Suite *s = suite_create("band and KKT solvers");
    TCase *tc = tcase_create("band");
    tcase_add_test(tc, band_small_systems);
    tcase_add_test(tc, band_singular_and_nonfinite);
    tcase_add_test(tc, band_rows_of_different_units);
    tcase_add_test(tc, band_refuses_wide_patterns);
    suite_add_tcase(s, tc);
    tc = tcase_create("kkt");
    tcase_add_test(tc, kkt_sequence_matches_umfpack);
    tcase_add_test(tc, band_gathered_creation);
    tcase_add_test(tc, band_host_needs_runs);
    tcase_add_test(tc, kkt_band_rows_of_different_units);
    tcase_add_test(tc, kkt_band_ldlt_joints);
    tcase_add_test(tc, kkt_band_growth_refused);
    tcase_add_test(tc, kkt_band_signs_refused);
    tcase_add_test(tc, kkt_band_own_order);
    suite_add_tcase(s, tc);
    return s;
}
