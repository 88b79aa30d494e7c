/* The band solver's symmetric path on matrices whose unknowns have mixed
 * units (issue 25 item 4): LDL^T is accepted by the rcond test of the
 * equilibrated matrix where the unscaled min/max |d| refused it, its
 * solutions agree with UMFPACK's LU (the independent reference) to a
 * backward error of rounding, the 10^4-element pendulum's HHT matrix takes
 * it without a refusal, and an indefinite or singular matrix still falls
 * back to LU (or reports the singularity), with the refusal counted. */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <alecable.h>

#include "../lib/sparse/kkt.h"
#include "../lib/sparse/sparse.h"

static unsigned lcg(unsigned *s)
{
    *s = *s * 1103515245u + 12345u;
    return *s >> 8;
}

static double urand(unsigned *s) { return (double)(lcg(s) % 2000001u) / 1000000.0 - 1.0; } /* [-1, 1] */

/* Oettli-Prager backward error max_i |b - A x|_i / (|A| |x| + |b|)_i: the
 * residual in each row's own units, so rows 1e12 apart weigh alike. */
static double backward_error(const sp_pattern *p, const double *vals, const double *x, const double *b)
{
    int n = p->n, i, j, k;
    double *r = calloc((size_t)n, sizeof(double)), *s = calloc((size_t)n, sizeof(double)), e = 0.0;
    ck_assert_ptr_nonnull(r);
    ck_assert_ptr_nonnull(s);
    for (j = 0; j < n; j++)
        for (k = p->colptr[j]; k < p->colptr[j + 1]; k++) {
            r[p->rowidx[k]] += vals[k] * x[j];
            s[p->rowidx[k]] += fabs(vals[k] * x[j]);
        }
    for (i = 0; i < n; i++) e = fmax(e, fabs(b[i] - r[i]) / (s[i] + fabs(b[i])));
    free(r);
    free(s);
    return e;
}

/* max_i |x_i - y_i| / max_i |y_i| */
static double rel_diff(int n, const double *x, const double *y)
{
    double d = 0.0, m = 0.0;
    int i;
    for (i = 0; i < n; i++) {
        d = fmax(d, fabs(x[i] - y[i]));
        m = fmax(m, fabs(y[i]));
    }
    return d / m;
}

/* ---- random cable-shaped quasi-definite KKT matrices with mixed units -----
 * NODES nodes of 6 dofs (3 positions, 3 slopes), 12 x 12 element blocks, an
 * SPD stiffness-plus-mass S, and NC two-term constraint rows with a small
 * negative diagonal (a regularized constraint): [K G^T; G -C] is
 * quasi-definite, so LDL^T exists in every symmetric order.  Then every
 * unknown is given a unit: A = D [K G^T; G -C] D with D_i = 10^u, u uniform
 * in [-W, W] (positions, slopes and multipliers 10^(2W) apart). */
enum { NODES = 40, NQ = 6 * NODES, NC = 8, NN = NQ + NC };

static void mixed_kkt(unsigned seed, double W, ac_alloc *a, sp_pattern *p, double **vals)
{
    sp_builder b;
    double D[NN];
    int e, i, j, k, c;
    int cd[NC][2];
    ck_assert_int_eq(sp_builder_init(&b, NN, a), 0);
    for (e = 0; e + 1 < NODES; e++) {
        int d[12];
        for (k = 0; k < 12; k++) d[k] = 6 * e + k;
        ck_assert_int_eq(sp_builder_add_block(&b, d, 12), 0);
    }
    for (c = 0; c < NC; c++) {
        cd[c][0] = 6 * (5 * c) + (int)(lcg(&seed) % 6u);
        cd[c][1] = 6 * (5 * c + 1) + (int)(lcg(&seed) % 6u);
        for (k = 0; k < 2; k++) {
            ck_assert_int_eq(sp_builder_add(&b, NQ + c, cd[c][k]), 0);
            ck_assert_int_eq(sp_builder_add(&b, cd[c][k], NQ + c), 0);
        }
        ck_assert_int_eq(sp_builder_add(&b, NQ + c, NQ + c), 0);
    }
    ck_assert_int_eq(sp_builder_finish(&b, p), 0);
    sp_builder_free(&b);
    *vals = calloc((size_t)p->nnz, sizeof(double));
    ck_assert_ptr_nonnull(*vals);
    for (e = 0; e + 1 < NODES; e++) { /* R R^T / 12 + 0.1 I: SPD, well conditioned */
        double R[12][12];
        for (i = 0; i < 12; i++)
            for (j = 0; j < 12; j++) R[i][j] = urand(&seed);
        for (i = 0; i < 12; i++)
            for (j = 0; j < 12; j++) {
                double v = i == j ? 0.1 : 0.0;
                for (k = 0; k < 12; k++) v += R[i][k] * R[j][k] / 12.0;
                (*vals)[sp_find(p, 6 * e + i, 6 * e + j)] += v;
            }
    }
    for (c = 0; c < NC; c++) {
        for (k = 0; k < 2; k++) {
            double g = k ? -1.0 : 1.0 + 0.5 * urand(&seed);
            (*vals)[sp_find(p, NQ + c, cd[c][k])] = g;
            (*vals)[sp_find(p, cd[c][k], NQ + c)] = g;
        }
        (*vals)[sp_find(p, NQ + c, NQ + c)] = -1e-3;
    }
    for (i = 0; i < NN; i++) D[i] = pow(10.0, W * urand(&seed));
    for (j = 0; j < NN; j++)
        for (k = p->colptr[j]; k < p->colptr[j + 1]; k++) (*vals)[k] *= D[p->rowidx[k]] * D[j];
}

/* Mixed units 1e12 apart: the symmetric path is accepted (by the
 * equilibrated test: the unscaled pivots are 1e-24 apart), with no LU and no
 * refusal; its solutions have a backward error below 1e-12 (measured 1e-13
 * to 4e-13, and 7e-14 on the same matrices without units: the constraint
 * rows' negative pivots, not the units, cost those digits) and agree with
 * UMFPACK's to 1e-12 of the largest unknown; no allocation after the first
 * factorization. */
START_TEST(band_sym_mixed_units)
{
    unsigned seed;
    for (seed = 1; seed <= 5; seed++) {
        ac_alloc a;
        sp_pattern p;
        sp_solver *s, *u;
        sp_band_counts bc;
        double *vals, x[NN], xu[NN], b[NN], be, bu;
        size_t events;
        int i, rep;
        ac_alloc_default(&a);
        mixed_kkt(seed, 6.0, &a, &p, &vals);
        ck_assert_int_eq(sp_solver_create(&s, SP_BAND, &p, &a), SP_OK);
        ck_assert_int_eq(sp_solver_create(&u, SP_UMFPACK, &p, &a), SP_OK);
        ck_assert_int_eq(sp_solver_factor(u, vals), SP_OK);
        events = 0;
        for (rep = 0; rep < 3; rep++) {
            for (i = 0; i < NN; i++) b[i] = sin(1.0 + i + rep) * pow(10.0, (double)(i % 7) - 3.0);
            ck_assert_int_eq(sp_solver_factor(s, vals), SP_OK);
            if (rep == 0) events = ac_alloc_events(&a);
            ck_assert_int_eq(sp_solver_solve(s, b, x), SP_OK);
            ck_assert_int_eq(sp_solver_solve(u, b, xu), SP_OK);
            be = backward_error(&p, vals, x, b);
            bu = backward_error(&p, vals, xu, b);
            ck_assert_double_le(be, 1e-12);
            ck_assert_double_le(bu, 1e-12);
            ck_assert_double_le(rel_diff(NN, x, xu), 1e-12); /* measured <= 2e-14 */
        }
        ck_assert_uint_eq(ac_alloc_events(&a), events);
        ck_assert_int_eq(sp_solver_band_counts(s, &bc), SP_OK);
        ck_assert_int_eq(bc.sym, 3);
        ck_assert_int_eq(bc.sym_equilibrated, 3); /* the unscaled test would have refused */
        ck_assert_int_eq(bc.sym_refused_pivot + bc.sym_refused_rcond, 0);
        ck_assert_int_eq(bc.lu, 0);
        ck_assert_double_ge(sp_solver_rcond(s), 1e-15);
        ck_assert_int_eq(sp_solver_band_counts(u, &bc), SP_EUNSUITED);
        ck_assert_int_eq(bc.sym + bc.lu, 0);
        sp_solver_destroy(s);
        sp_solver_destroy(u);
        sp_pattern_free(&p, &a);
        free(vals);
        ck_assert_uint_eq(a.n_malloc, a.n_free);
    }
}
END_TEST

/* The same matrices without units (W = 0) pass the unscaled test: factored
 * and reported as before the equilibrated test existed. */
START_TEST(band_sym_unscaled_unchanged)
{
    ac_alloc a;
    sp_pattern p;
    sp_solver *s;
    sp_band_counts bc;
    double *vals, x[NN], b[NN];
    int i;
    ac_alloc_default(&a);
    mixed_kkt(7u, 0.0, &a, &p, &vals);
    for (i = 0; i < NN; i++) b[i] = cos(0.3 * i);
    ck_assert_int_eq(sp_solver_create(&s, SP_BAND, &p, &a), SP_OK);
    ck_assert_int_eq(sp_solver_factor(s, vals), SP_OK);
    ck_assert_int_eq(sp_solver_solve(s, b, x), SP_OK);
    ck_assert_double_le(backward_error(&p, vals, x, b), 1e-12);
    ck_assert_int_eq(sp_solver_band_counts(s, &bc), SP_OK);
    ck_assert_int_eq(bc.sym, 1);
    ck_assert_int_eq(bc.sym_equilibrated, 0);
    ck_assert_int_eq(bc.lu, 0);
    sp_solver_destroy(s);
    sp_pattern_free(&p, &a);
    free(vals);
    ck_assert_uint_eq(a.n_malloc, a.n_free);
}
END_TEST

/* An indefinite symmetric matrix (every diagonal zero: no LDL^T without
 * pivoting in any order) falls back to LU and counts the refusal.  Refused
 * again and again, LDL^T is tried after LU-only runs of 1, 2, 4, ...
 * factorizations (so such a sequence pays about one factorization each);
 * one accepted LDL^T (a positive definite matrix on the same pattern) resets
 * the run to 1.  A singular symmetric one (a zero row) reports
 * SP_ESINGULAR after its refusal. */
START_TEST(band_sym_indefinite_falls_back)
{
    static const double K[16] = {0, 1, 0, 0, 1, 0, 1, 0, 0, 1, 0, 1, 0, 0, 1, 0}; /* det 1 */
    static const double S[16] = {4, 1, 0, 1, 1, 4, 1, 0, 0, 1, 4, 1, 1, 0, 1, 4};
    static const double Z[16] = {4, 1, 0, 0, 1, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4};
    static const double xr[4] = {1.0, -2.0, 0.5, 3.0};
    /* the factorizations at which LDL^T is tried, of the first ten */
    static const int tried[10] = {1, 0, 1, 0, 0, 1, 0, 0, 0, 0};
    ac_alloc a;
    sp_builder bld;
    sp_pattern p;
    sp_solver *s;
    sp_band_counts bc;
    double vk[16], vs[16], vz[16], x[4], b[4], bs[4];
    int i, j, f, refused = 0;
    ac_alloc_default(&a);
    ck_assert_int_eq(sp_builder_init(&bld, 4, &a), 0);
    for (i = 0; i < 4; i++)
        for (j = 0; j < 4; j++) ck_assert_int_eq(sp_builder_add(&bld, i, j), 0); /* dense: every order alike */
    ck_assert_int_eq(sp_builder_finish(&bld, &p), 0);
    sp_builder_free(&bld);
    for (i = 0; i < 4; i++) {
        b[i] = bs[i] = 0.0;
        for (j = 0; j < 4; j++) {
            vk[sp_find(&p, i, j)] = K[4 * i + j];
            vs[sp_find(&p, i, j)] = S[4 * i + j];
            vz[sp_find(&p, i, j)] = Z[4 * i + j];
            b[i] += K[4 * i + j] * xr[j];
            bs[i] += S[4 * i + j] * xr[j];
        }
    }
    ck_assert_int_eq(sp_solver_create(&s, SP_BAND, &p, &a), SP_OK);
    for (f = 0; f < 10; f++) {
        ck_assert_int_eq(sp_solver_factor(s, vk), SP_OK);
        ck_assert_int_eq(sp_solver_solve(s, b, x), SP_OK);
        for (i = 0; i < 4; i++) ck_assert_double_eq_tol(x[i], xr[i], 1e-14);
        refused += tried[f];
        ck_assert_int_eq(sp_solver_band_counts(s, &bc), SP_OK);
        ck_assert_int_eq(bc.sym_refused_pivot + bc.sym_refused_rcond, refused);
        ck_assert_int_eq(bc.lu, f + 1);
        ck_assert_int_eq(bc.sym, 0);
    }
    ck_assert_int_eq(sp_solver_factor(s, vs), SP_OK); /* tried: accepted */
    ck_assert_int_eq(sp_solver_solve(s, bs, x), SP_OK);
    for (i = 0; i < 4; i++) ck_assert_double_eq_tol(x[i], xr[i], 1e-14);
    ck_assert_int_eq(sp_solver_factor(s, vk), SP_OK); /* tried: refused */
    ck_assert_int_eq(sp_solver_factor(s, vs), SP_OK); /* a run of 1: LU */
    ck_assert_int_eq(sp_solver_factor(s, vs), SP_OK); /* tried: accepted */
    ck_assert_int_eq(sp_solver_band_counts(s, &bc), SP_OK);
    ck_assert_int_eq(bc.sym, 2);
    ck_assert_int_eq(bc.sym_refused_pivot + bc.sym_refused_rcond, refused + 1);
    ck_assert_int_eq(bc.lu, 12);
    ck_assert_int_eq(bc.lu_scaled, 0);
    sp_solver_destroy(s);
    ck_assert_int_eq(sp_solver_create(&s, SP_BAND, &p, &a), SP_OK);
    ck_assert_int_eq(sp_solver_factor(s, vz), SP_ESINGULAR);
    ck_assert_int_eq(sp_solver_solve(s, b, x), SP_ESINGULAR);
    ck_assert_int_eq(sp_solver_band_counts(s, &bc), SP_OK);
    ck_assert_int_eq(bc.sym, 0);
    ck_assert_int_eq(bc.sym_refused_pivot + bc.sym_refused_rcond, 1);
    ck_assert_int_ge(bc.lu, 1);
    sp_solver_destroy(s);
    sp_pattern_free(&p, &a);
    ck_assert_uint_eq(a.n_malloc, a.n_free);
}
END_TEST

/* Unsymmetric rows in units 1e17 apart (test_band_kkt's): each LU fails
 * the rcond test and its row-scaled retry succeeds, two LU factorizations
 * counted each time (the choice is not remembered: see band.c), solved to
 * rounding.  A zero column (rcond 0, which no scaling mends) reports the
 * singularity without a retry. */
START_TEST(band_lu_counts_its_scaled_retries)
{
    static const double T[9] = {2, -1, 0, -1e-17, 2e-17, -1e-17, 0, -1, 2};
    const double xr[3] = {1.0, -2.0, 0.5};
    ac_alloc a;
    sp_builder bld;
    sp_pattern p;
    sp_solver *s;
    sp_band_counts bc;
    double vals[9], x[3], b[3];
    int i, j, f;
    ac_alloc_default(&a);
    ck_assert_int_eq(sp_builder_init(&bld, 3, &a), 0);
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++) ck_assert_int_eq(sp_builder_add(&bld, i, j), 0);
    ck_assert_int_eq(sp_builder_finish(&bld, &p), 0);
    sp_builder_free(&bld);
    for (i = 0; i < 3; i++) {
        b[i] = 0.0;
        for (j = 0; j < 3; j++) {
            vals[sp_find(&p, i, j)] = T[3 * i + j];
            b[i] += T[3 * i + j] * xr[j];
        }
    }
    ck_assert_int_eq(sp_solver_create(&s, SP_BAND, &p, &a), SP_OK);
    for (f = 0; f < 3; f++) {
        ck_assert_int_eq(sp_solver_factor(s, vals), SP_OK);
        ck_assert_int_eq(sp_solver_solve(s, b, x), SP_OK);
        for (i = 0; i < 3; i++) ck_assert_double_eq_tol(x[i], xr[i], 1e-15);
    }
    ck_assert_int_eq(sp_solver_band_counts(s, &bc), SP_OK);
    ck_assert_int_eq(bc.lu, 6);
    ck_assert_int_eq(bc.lu_scaled, 3);
    for (i = 0; i < 3; i++) vals[sp_find(&p, i, 1)] = 0.0; /* column 1 zero */
    ck_assert_int_eq(sp_solver_factor(s, vals), SP_ESINGULAR);
    ck_assert_int_eq(sp_solver_solve(s, b, x), SP_ESINGULAR);
    ck_assert_int_eq(sp_solver_band_counts(s, &bc), SP_OK);
    ck_assert_int_eq(bc.lu, 7);
    ck_assert_int_eq(bc.lu_scaled, 3);
    sp_solver_destroy(s);
    sp_pattern_free(&p, &a);
    ck_assert_uint_eq(a.n_malloc, a.n_free);
}
END_TEST

/* The 10^4-element ANCF pendulum (bench_realtime's, bench_scaling's) at its
 * initial state: implicit HHT's iteration matrix M + gamma h C + beta h^2 K
 * at h = 1e-4, 1e-3 and 1e-2, condensed as the integrator condenses it (the
 * pin's three rows).  Positive definite, but at h >= 1e-3 a pivot loses 8
 * orders against its diagonal (the bending stiffness of 0.1 mm elements
 * against their mass), and min/max |d| is 7e-15 (slopes against positions):
 * before issue 25, LDL^T was refused there and an LU paid on top (its
 * backward error about 4e-10 at h = 1e-3).  Now: LDL^T at every h, no refusal, no LU, and a
 * backward error of rounding, as UMFPACK's. */
START_TEST(band_sym_pendulum_1e4)
{
    const int N = 10000;
    static const double hs[3] = {1e-4, 1e-3, 1e-2};
    const double alpha = -0.05, beta = 0.25 * (1 - alpha) * (1 - alpha), gamma = 0.5 - alpha;
    alecable_model *m;
    alecable_cable *c;
    alecable_section sec;
    alecable_node *nd;
    alecable_problem pr;
    double a0[3] = {0, 0, 0}, b0[3] = {1, 0, 0}, g[3] = {0, -9.81, 0};
    double *q, *v, *acc, *lam, *vals, *vred, *b, *x, *xu;
    sp_pattern full;
    const sp_pattern *red;
    sp_kkt *cond;
    sp_solver *s, *u;
    sp_band_counts bc;
    ac_alloc al;
    int n, i, k;
    ck_assert_int_eq(alecable_model_create(&m, NULL), ALECABLE_OK);
    alecable_section_init(&sec);
    sec.E = 1e8;
    sec.A = 3.14159265358979323846 * 0.25 * 0.01 * 0.01;
    sec.rho = 5000;
    sec.I = 1e-8;
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_ANCF, &sec), ALECABLE_OK);
    ck_assert_int_eq(alecable_cable_line(c, a0, b0, 0, 1, N), ALECABLE_OK);
    ck_assert_int_eq(alecable_cable_set_lagrangian(c, 1), ALECABLE_OK);
    ck_assert_int_eq(alecable_cable_node(&nd, c, 0), ALECABLE_OK);
    ck_assert_int_eq(alecable_fix(NULL, m, nd, ALECABLE_DOF_X), ALECABLE_OK);
    ck_assert_int_eq(alecable_fix(NULL, m, nd, ALECABLE_DOF_Y), ALECABLE_OK);
    ck_assert_int_eq(alecable_fix(NULL, m, nd, ALECABLE_DOF_Z), ALECABLE_OK);
    ck_assert_int_eq(alecable_model_set_gravity(m, g), ALECABLE_OK);
    alecable_problem_init(&pr);
    ck_assert_int_eq(alecable_model_problem(&pr, m), ALECABLE_OK);
    n = pr.nq + pr.nlam;
    ck_assert_int_eq(pr.nlam, 3);
    q = calloc((size_t)pr.nq, sizeof(double));
    v = calloc((size_t)n, sizeof(double));
    acc = calloc((size_t)n, sizeof(double));
    lam = calloc((size_t)pr.nlam, sizeof(double));
    vals = calloc((size_t)pr.nnz, sizeof(double));
    vred = calloc((size_t)pr.nnz, sizeof(double));
    b = calloc((size_t)n, sizeof(double));
    x = calloc((size_t)n, sizeof(double));
    xu = calloc((size_t)n, sizeof(double));
    ck_assert(q && v && acc && lam && vals && vred && b && x && xu);
    ck_assert_int_eq(alecable_model_get_state(m, q, lam, NULL), ALECABLE_OK);
    /* the problem's pattern, as the integrator reads it */
    ac_alloc_default(&al);
    full.n = n;
    full.nnz = pr.nnz;
    full.colptr = (int *)pr.colptr;
    full.rowidx = (int *)pr.rowidx;
    full.diag = NULL;
    ck_assert_int_eq(sp_kkt_create(&cond, -1, &full, pr.nq, &al), SP_OK);
    ck_assert_int_eq(sp_kkt_eliminated(cond), 3);
    red = sp_kkt_reduced(cond);
    ck_assert_int_eq(red->n, pr.nq - 3);
    ck_assert_int_eq(sp_solver_create(&s, SP_BAND, red, &al), SP_OK);
    ck_assert_int_eq(sp_solver_create(&u, SP_UMFPACK, red, &al), SP_OK);
    for (i = 0; i < red->n; i++) b[i] = sin(0.37 * i) * (i % 6 < 3 ? 1.0 : 1e-4);
    for (k = 0; k < 3; k++) {
        double h = hs[k];
        /* implicit.c's coefficients: (1 + alpha) (beta h^2 K + gamma h C) + M */
        ck_assert_int_eq(
            pr.jacobian(pr.ctx, 0.0, q, v, acc, lam, (1 + alpha) * beta * h * h, (1 + alpha) * gamma * h, 1.0, 0, vals),
            0);
        sp_kkt_gather(cond, vals, vred);
        ck_assert_int_eq(sp_solver_factor(s, vred), SP_OK);
        ck_assert_int_eq(sp_solver_solve(s, b, x), SP_OK);
        ck_assert_int_eq(sp_solver_factor(u, vred), SP_OK);
        ck_assert_int_eq(sp_solver_solve(u, b, xu), SP_OK);
        ck_assert_double_le(backward_error(red, vred, x, b), 1e-13);
        ck_assert_double_le(backward_error(red, vred, xu, b), 1e-13);
        ck_assert_double_le(rel_diff(red->n, x, xu), 1e-6); /* measured 2e-12, 2e-9, 4e-8: conditioning */
    }
    ck_assert_int_eq(sp_solver_band_counts(s, &bc), SP_OK);
    ck_assert_int_eq(bc.sym, 3);
    ck_assert_int_eq(bc.sym_refused_pivot + bc.sym_refused_rcond, 0);
    ck_assert_int_eq(bc.lu, 0);
    sp_solver_destroy(s);
    sp_solver_destroy(u);
    sp_kkt_destroy(cond);
    ck_assert_uint_eq(al.n_malloc, al.n_free);
    free(q);
    free(v);
    free(acc);
    free(lam);
    free(vals);
    free(vred);
    free(b);
    free(x);
    free(xu);
    alecable_model_destroy(m);
}
END_TEST

Suite *suite_band_sym(void)
{
    Suite *s = suite_create("band solver, symmetric path");
    TCase *tc = tcase_create("band_sym");
    tcase_add_test(tc, band_sym_mixed_units);
    tcase_add_test(tc, band_sym_unscaled_unchanged);
    tcase_add_test(tc, band_sym_indefinite_falls_back);
    tcase_add_test(tc, band_lu_counts_its_scaled_retries);
    tcase_add_test(tc, band_sym_pendulum_1e4);
    tcase_set_timeout(tc, 60);
    suite_add_tcase(s, tc);
    return s;
}
