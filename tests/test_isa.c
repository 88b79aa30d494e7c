/* The two copies of the vector kernels (lib/core/isa.h): the baseline one
 * and the AVX2 (x86-64-v3) one give the same results to the bit, which is
 * what alecable_isa() promises: neither contracts multiply-adds and every
 * sum runs in the same order (the vectorizers keep it; ANCF's point lanes
 * sum in the per-point order).  Checked, with tolerance 0:
 *  - ANCF element (energy, force, fused force and tangent, inertia and its
 *    Jacobian, Lagrangian and ALE, fixed and free s) on random states;
 *  - the Kirchhoff element's closed-form kernel (energy, force, force and
 *    tangent; isotropic and anisotropic sections, fixed and free s), and
 *    its pair call against two single calls of the same copy;
 *  - band solver (LDL^T and LU with partial pivoting) on random banded
 *    matrices: the solutions;
 *  - a 10-element ANCF pendulum (SI-HHT, 0.5 s): the coordinates.
 * Without AVX2 and FMA (another CPU, a non-x86 build) there is one copy:
 * the comparisons are skipped, which the suite prints.  Also: the band
 * solver allocates its LU storage only when LU first runs. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <alecable.h>

#include "../lib/core/isa.h"
#include "../lib/elements/element.h"
#include "../lib/sparse/backend.h"
#include "../lib/sparse/band_internal.h"
#include "../lib/sparse/sparse.h"

#if AC_HAVE_ISA_V3
extern const el_ops el_ancf_ops, el_ancf_ops_v3, el_kirchhoff_ops, el_kirchhoff_ops_v3;
#endif


static unsigned lcg(unsigned *s)
{
    *s = *s * 1103515245u + 12345u;
    return *s >> 8;
}

static double urand(unsigned *s) { return (double)(lcg(s) % 2000001u) / 1000000.0 - 1.0; } /* [-1, 1] */

static int have_v3(const char *what)
{
    if (ac_isa_v3_available()) return 1;
    printf("isa: %s: no AVX2+FMA copy on this CPU or build, the x86-64-v3 comparison is skipped\n", what);
    return 0;
}

/* the first of n entries that differ in any bit (-1: none) */
static int first_diff(int n, const double *x, const double *y)
{
    int i;
    for (i = 0; i < n; i++)
        if (memcmp(x + i, y + i, sizeof *x) != 0) return i;
    return -1;
}

START_TEST(isa_name_and_switch)
{
    const char *s = alecable_isa();
    ck_assert_ptr_nonnull(s);
    ck_assert(strcmp(s, "baseline") == 0 || strcmp(s, "x86-64-v3") == 0);
    ck_assert_int_eq(ac_isa_force(AC_ISA_BASELINE), AC_ISA_BASELINE);
    ck_assert_str_eq(alecable_isa(), "baseline");
    ck_assert_int_eq(ac_isa_force(AC_ISA_V3), ac_isa_v3_available() ? AC_ISA_V3 : AC_ISA_BASELINE);
    ac_isa_force(-1);
    ck_assert_str_eq(alecable_isa(), s);
}
END_TEST

#if AC_HAVE_ISA_V3
/* a random ANCF state: element length l near 0.1, slopes near the chord */
static void ancf_state(unsigned *seed, double *qe, double *ve, double *ae, int ale)
{
    const double l = 0.1 * (1.0 + 0.2 * urand(seed));
    int i;
    for (i = 0; i < 3; i++) {
        qe[i] = 0.01 * urand(seed);
        qe[3 + i] = (i == 0 ? 1.0 : 0.0) + 0.1 * urand(seed);
        qe[7 + i] = (i == 0 ? l : 0.0) + 0.01 * urand(seed);
        qe[10 + i] = (i == 0 ? 1.0 : 0.0) + 0.1 * urand(seed);
    }
    qe[6] = 0.3 + 0.01 * urand(seed);
    qe[13] = qe[6] + l;
    for (i = 0; i < 14; i++) {
        ve[i] = urand(seed);
        ae[i] = 10.0 * urand(seed);
    }
    if (!ale) ve[6] = ve[13] = ae[6] = ae[13] = 0.0;
}

START_TEST(isa_ancf_kernels)
{
    unsigned seed = 2511u;
    int trial;
    if (!have_v3("ANCF kernels")) return;
    for (trial = 0; trial < 40; trial++) {
        const el_ops *o[2] = {&el_ancf_ops, &el_ancf_ops_v3};
        double qe[14], ve[14], ae[14], E[2], f[2][14], fk[2][14], k[2][196], r[2][14], kj[2][196];
        el_params p;
        int c, i, ale = trial % 4 >= 2;
        memset(&p, 0, sizeof p);
        p.EA = 1e4 * (1.0 + 0.5 * urand(&seed));
        p.EI = 1e-1 * (1.0 + 0.5 * urand(&seed));
        p.rhoA = 0.1;
        p.ref_len = 0.1;
        p.fixed_s = trial % 2 && !ale;
        ancf_state(&seed, qe, ve, ae, ale);
        for (c = 0; c < 2; c++) {
            E[c] = o[c]->energy(&p, qe);
            o[c]->force(&p, qe, f[c]);
            for (i = 0; i < 196; i++) /* accumulated into: a matrix already there (and -0) */
                k[c][i] = i % 5 == 0 ? -0.0 : (double)(i % 13 - 6) * 0.37;
            o[c]->force_tangent_acc(&p, qe, fk[c], 0.7, k[c]);
            o[c]->inertia(&p, qe, ve, ae, r[c]);
            memset(kj[c], 0, sizeof kj[c]);
            o[c]->inertia_jac_acc(&p, qe, ve, ae, 2.5e5, 1e3, 1.0, kj[c]);
        }
        ck_assert_msg(first_diff(1, &E[1], &E[0]) < 0, "trial %d: energy differs", trial);
        ck_assert_msg(first_diff(14, f[1], f[0]) < 0, "trial %d: force differs", trial);
        ck_assert_msg(first_diff(14, fk[1], fk[0]) < 0, "trial %d: fused force differs", trial);
        ck_assert_msg(first_diff(196, k[1], k[0]) < 0, "trial %d: tangent differs at %d", trial,
                      first_diff(196, k[1], k[0]));
        ck_assert_msg(first_diff(14, r[1], r[0]) < 0, "trial %d: inertia differs", trial);
        ck_assert_msg(first_diff(196, kj[1], kj[0]) < 0, "trial %d: inertia Jacobian differs", trial);
        /* the fused kernel's force is force() in each copy */
        ck_assert(first_diff(14, fk[0], f[0]) < 0 && first_diff(14, fk[1], f[1]) < 0);
    }
    printf("isa: ANCF kernels, baseline and x86-64-v3: the same to the bit (40 states)\n");
}
END_TEST

static void unit3(double *d)
{
    double n = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
    d[0] /= n;
    d[1] /= n;
    d[2] /= n;
}

/* a random Kirchhoff element (16 dofs: r, r', roll, s per node) near a
 * straight one of length near 1, and its nodes' charts (t1_ref, t2_ref) */
static void kirchhoff_state(unsigned *seed, double *qe, double ca[6], double cb[6])
{
    double dir[3], len;
    int i, e;
    dir[0] = 1.0 + 0.2 * urand(seed);
    dir[1] = 0.3 * urand(seed);
    dir[2] = 0.3 * urand(seed);
    unit3(dir);
    len = 1.0 + 0.2 * urand(seed);
    for (i = 0; i < 3; i++) {
        qe[i] = 0.1 * urand(seed);
        qe[8 + i] = qe[i] + len * dir[i];
    }
    for (e = 0; e < 2; e++) {
        double *c = e ? cb : ca, x[3];
        for (i = 0; i < 3; i++) x[i] = urand(seed);
        for (i = 0; i < 3; i++) qe[8 * e + 3 + i] = dir[i] + 0.3 * urand(seed);
        qe[8 * e + 6] = urand(seed);
        for (i = 0; i < 3; i++) c[i] = qe[8 * e + 3 + i] + 0.2 * urand(seed);
        unit3(c);
        c[3] = c[1] * x[2] - c[2] * x[1]; /* t2_ref: normal to t1_ref */
        c[4] = c[2] * x[0] - c[0] * x[2];
        c[5] = c[0] * x[1] - c[1] * x[0];
        unit3(c + 3);
    }
    qe[7] = 0.5 + 0.1 * urand(seed);
    qe[15] = qe[7] + len * (1.0 + 0.1 * urand(seed));
}

START_TEST(isa_kirchhoff_kernel)
{
    unsigned seed = 4711u;
    int trial;
    if (!have_v3("Kirchhoff kernel")) return;
    for (trial = 0; trial < 40; trial++) {
        const el_ops *o[2] = {&el_kirchhoff_ops, &el_kirchhoff_ops_v3};
        double qe[16], ca[6], cb[6], E[2], f[2][16], fk[2][16], k[2][256];
        el_params p;
        int c, aniso = trial % 4 >= 2;
        kirchhoff_state(&seed, qe, ca, cb);
        memset(&p, 0, sizeof p);
        p.EA = 200.0;
        p.rhoA = 1.5;
        p.ref_len = 1.0;
        p.EI = 3.0;
        p.EI3 = aniso ? 7.0 : 3.0;
        p.GJ = 2.0;
        p.fixed_s = trial % 2;
        if (aniso) { /* the frame path: unequal stiffnesses and natural curvatures */
            p.k0[0] = 0.4;
            p.k0[1] = -0.25;
        } else if (trial % 8 < 2) /* an isotropic section with a natural twist */
            p.k0[2] = 0.35;
        p.chart_a = ca;
        p.chart_b = cb;
        for (c = 0; c < 2; c++) {
            E[c] = o[c]->energy(&p, qe);
            o[c]->force(&p, qe, f[c]);
            memset(k[c], 0, sizeof k[c]);
            o[c]->force_tangent_acc(&p, qe, fk[c], 0.7, k[c]);
        }
        ck_assert(isfinite(E[0]) && fabs(k[0][0]) > 0.0);
        ck_assert_msg(first_diff(1, &E[1], &E[0]) < 0, "trial %d: energy differs", trial);
        ck_assert_msg(first_diff(16, f[1], f[0]) < 0, "trial %d: force differs", trial);
        ck_assert_msg(first_diff(16, fk[1], fk[0]) < 0, "trial %d: fused force differs", trial);
        ck_assert_msg(first_diff(256, k[1], k[0]) < 0, "trial %d: tangent differs at %d", trial,
                      first_diff(256, k[1], k[0]));
        { /* the curve's inertia and loads: ANCF's kernels of the same copy */
            static const double grav[3] = {0.3, -0.2, -9.81};
            double v[16], a[16];
            for (c = 0; c < 16; c++) {
                v[c] = urand(&seed);
                a[c] = urand(&seed);
            }
            for (c = 0; c < 2; c++) {
                o[c]->inertia(&p, qe, v, a, f[c]);
                memset(k[c], 0, sizeof k[c]);
                o[c]->inertia_jac_acc(&p, qe, v, a, 0.3, 0.6, 1.0, k[c]);
                o[c]->dist_force(grav, qe, fk[c]);
                o[c]->dist_tangent_acc(grav, qe, 0.7, k[c]);
            }
            ck_assert_msg(first_diff(16, f[1], f[0]) < 0, "trial %d: inertia differs", trial);
            ck_assert_msg(first_diff(16, fk[1], fk[0]) < 0, "trial %d: distributed load differs", trial);
            ck_assert_msg(first_diff(256, k[1], k[0]) < 0, "trial %d: inertia and load tangents differ", trial);
        }
    }
    printf("isa: Kirchhoff kernel, inertia and loads, baseline and x86-64-v3: the same to the bit (40 states)\n");
}
END_TEST

/* The Kirchhoff pair call (el_ops.force_tangent_acc2) of either copy: the
 * bits of its two single calls (fe, and ke accumulated on nonzero values),
 * for two random elements and for two that share a node (the second's
 * node A the first's node B, chart and all, as on a cable) */
START_TEST(isa_kirchhoff_pair)
{
    unsigned seed = 8123u;
    int trial, c, n = 0;
    const el_ops *o[2] = {&el_kirchhoff_ops, &el_kirchhoff_ops_v3};
    for (c = 0; c < 2; c++) ck_assert(o[c]->force_tangent_acc2 != NULL);
    for (trial = 0; trial < 48; trial++) {
        double qe[2][16], ch[4][6], f1[2][16], f2[2][16], k1[2][256], k2[2][256];
        el_params p[2];
        int e, i, aniso = trial % 6 == 5, shared = trial % 2;
        for (e = 0; e < 2; e++) {
            kirchhoff_state(&seed, qe[e], ch[2 * e], ch[2 * e + 1]);
            memset(&p[e], 0, sizeof p[e]);
            p[e].EA = 200.0 + 10.0 * e;
            p[e].rhoA = 1.5;
            p[e].ref_len = 1.0;
            p[e].EI = 3.0;
            p[e].EI3 = aniso ? 7.0 : 3.0;
            p[e].GJ = 2.0 - 0.5 * e;
            p[e].fixed_s = trial % 4 >= 2;
            if (aniso) p[e].k0[0] = 0.4;
            else if (trial % 8 < 2) p[e].k0[2] = 0.35;
            p[e].chart_a = ch[2 * e];
            p[e].chart_b = ch[2 * e + 1];
        }
        if (shared) { /* the second element starts at the first's node B */
            for (i = 0; i < 8; i++) qe[1][i] = qe[0][8 + i];
            p[1].chart_a = p[0].chart_b;
        }
        for (c = 0; c < 2; c++) {
            for (e = 0; e < 2; e++)
                for (i = 0; i < 256; i++) k1[e][i] = k2[e][i] = 0.01 * (double)((i * 7 + e) % 13);
            for (e = 0; e < 2; e++) o[c]->force_tangent_acc(&p[e], qe[e], f1[e], 0.7, k1[e]);
            o[c]->force_tangent_acc2(&p[0], qe[0], f2[0], k2[0], &p[1], qe[1], f2[1], k2[1], 0.7);
            for (e = 0; e < 2; e++) {
                ck_assert(isfinite(f1[e][3]) && fabs(k1[e][17]) > 0.0);
                ck_assert_msg(first_diff(16, f2[e], f1[e]) < 0, "trial %d copy %d element %d: force differs at %d",
                              trial, c, e, first_diff(16, f2[e], f1[e]));
                ck_assert_msg(first_diff(256, k2[e], k1[e]) < 0, "trial %d copy %d element %d: tangent differs at %d",
                              trial, c, e, first_diff(256, k2[e], k1[e]));
            }
        }
        n++;
    }
    printf("isa: Kirchhoff pair call, baseline and x86-64-v3: its two single calls' bits (%d pairs)\n", n);
}
END_TEST

/* a random banded n x n matrix of half bandwidth w: symmetric positive
 * definite (sym) or unsymmetric, both diagonally dominant */
static void banded(unsigned *seed, int n, int w, int sym, ac_alloc *a, sp_pattern *p, double **vals)
{
    sp_builder b;
    int i, j;
    ck_assert_int_eq(sp_builder_init(&b, n, a), 0);
    for (i = 0; i < n; i++)
        for (j = i - w; j <= i + w; j++)
            if (j >= 0 && j < n) ck_assert_int_eq(sp_builder_add(&b, i, j), 0);
    ck_assert_int_eq(sp_builder_finish(&b, p), 0);
    sp_builder_free(&b);
    *vals = calloc((size_t)p->nnz, sizeof(double));
    ck_assert_ptr_nonnull(*vals);
    for (i = 0; i < n; i++)
        for (j = i - w; j <= i; j++) {
            double v;
            if (j < 0) continue;
            v = i == j ? 2.0 * w + 1.0 + urand(seed) : urand(seed);
            (*vals)[sp_find(p, i, j)] = v;
            if (i != j) (*vals)[sp_find(p, j, i)] = sym ? v : urand(seed);
        }
}

START_TEST(isa_band)
{
    unsigned seed = 77u;
    int sym;
    for (sym = 1; sym >= 0; sym--) {
        ac_alloc a;
        sp_pattern p;
        double *vals, b[120], x[2][120];
        void *h[2];
        const int n = 120;
        int c, i;
        ac_alloc_default(&a);
        banded(&seed, n, 7, sym, &a, &p, &vals);
        for (i = 0; i < n; i++) b[i] = urand(&seed);
        for (c = 0; c < 2; c++) {
            ac_isa_force(c ? AC_ISA_V3 : AC_ISA_BASELINE);
            ck_assert_int_eq(sp_band_create(&h[c], &p, &a), SP_OK);
            /* the LU storage comes with the first LU */
            ck_assert_ptr_null(((bandh *)h[c])->ab);
            ck_assert_int_eq(sp_band_factor(h[c], vals), SP_OK);
            ck_assert_int_eq(((bandh *)h[c])->sym, sym);
            if (sym) ck_assert_ptr_null(((bandh *)h[c])->ab);
            else ck_assert_ptr_nonnull(((bandh *)h[c])->ab);
            ck_assert_int_eq(sp_band_solve(h[c], b, x[c]), SP_OK);
        }
        ac_isa_force(-1);
        if (have_v3(sym ? "band LDL^T" : "band LU")) {
            ck_assert_msg(first_diff(n, x[1], x[0]) < 0, "band %s: the copies' solutions differ",
                          sym ? "LDL^T" : "LU");
            printf("isa: band %s, baseline and x86-64-v3: the same solution to the bit\n", sym ? "LDL^T" : "LU");
        }
        sp_band_destroy(h[0]);
        sp_band_destroy(h[1]);
        sp_pattern_free(&p, &a);
        free(vals);
        ck_assert_uint_eq(a.n_malloc, a.n_free);
    }
}
END_TEST

/* b - A x, max over the rows, relative to max |b| */
static double residual(const sp_pattern *p, const double *vals, const double *x, const double *b)
{
    double r[120], big = 0.0, bb = 0.0;
    int i;
    sp_matvec(p, vals, x, r);
    for (i = 0; i < p->n; i++) {
        big = fmax(big, fabs(r[i] - b[i]));
        bb = fmax(bb, fabs(b[i]));
    }
    return big / bb;
}

/* LDL^T in the values themselves (SP_OVERWRITE; a banded pattern in its
 * own order hosts L): no lower band copy and no load lists, the copies the
 * same to the bit, the solution A's (1e-12 of b, the matrix diagonally
 * dominant), and sp_band_restore gives the values back bit for bit; a
 * refused LDL^T (a pivot half way that is exactly 0, after the columns
 * before it updated theirs) leaves them as they came, for LU and for the
 * caller. */
START_TEST(isa_band_inplace)
{
    /* half bandwidths for each width of the AVX2 forward sweep's register
     * window (1 to 4 registers) and one past it (col_axpy's loop) */
    static const int ws[6] = {3, 7, 7, 11, 14, 19};
    unsigned seed = 91u;
    const int n = 120;
    int trial;
    for (trial = 0; trial < 6; trial++) {
        const int w = ws[trial];
        ac_alloc a;
        sp_pattern p;
        double *vals, *v[2], b[120], x[2][120];
        void *h[2];
        int c, i, k, st[2];
        ac_alloc_default(&a);
        banded(&seed, n, w, 1, &a, &p, &vals);
        if (trial == 2) { /* rows m - 1 and m cut from the earlier ones, [1 1e5; 1e5 1e10] between them: pivot m is 0
                           * (m in the top sweep, one-ended or twisted: sym_factor) */
            const int m = n / 4;
            for (k = m - 1 - w; k < m - 1; k++) {
                vals[sp_find(&p, m - 1, k)] = vals[sp_find(&p, k, m - 1)] = 0.0;
                if (k > m - 1 - w) vals[sp_find(&p, m, k)] = vals[sp_find(&p, k, m)] = 0.0;
            }
            vals[sp_find(&p, m - 1, m - 1)] = 1.0;
            vals[sp_find(&p, m, m - 1)] = vals[sp_find(&p, m - 1, m)] = 1e5;
            vals[sp_find(&p, m, m)] = 1e10;
        }
        for (i = 0; i < n; i++) b[i] = urand(&seed);
        for (c = 0; c < 2; c++) {
            bandh *hb;
            ac_isa_force(c ? AC_ISA_V3 : AC_ISA_BASELINE);
            ck_assert_int_eq(sp_band_create_flags(&h[c], &p, &a, SP_OVERWRITE), SP_OK);
            hb = h[c];
            ck_assert_int_eq(hb->host, 1);
            ck_assert(!hb->lb && !hb->low_k && !hb->low_t && !hb->low_p);
            v[c] = malloc((size_t)p.nnz * sizeof(double));
            ck_assert_ptr_nonnull(v[c]);
            memcpy(v[c], vals, (size_t)p.nnz * sizeof(double));
            ck_assert_int_eq(sp_band_factor(h[c], v[c]), SP_EFAIL); /* L has no place in const values */
            st[c] = sp_band_factor_mut(h[c], v[c]);
            if (trial == 2) {
                ck_assert_int_eq(hb->sym, 0);
                ck_assert_int_eq(hb->counts.sym_refused_pivot + hb->counts.sym_refused_rcond, 1);
                ck_assert_msg(first_diff(p.nnz, v[c], vals) < 0, "the refused LDL^T left its values changed");
                ck_assert_int_eq(sp_band_restore(h[c], v[c]), 0);
                continue;
            }
            ck_assert_int_eq(st[c], SP_OK);
            ck_assert_int_eq(hb->sym, 1);
            ck_assert_ptr_null(hb->ab);
            ck_assert_int_ge(first_diff(p.nnz, v[c], vals), 0); /* L is there */
            ck_assert_int_eq(sp_band_solve(h[c], b, x[c]), SP_OK);
            ck_assert_double_le(residual(&p, vals, x[c], b), 1e-12);
            ck_assert_int_eq(sp_band_restore(h[c], v[c]), 1);
            ck_assert_msg(first_diff(p.nnz, v[c], vals) < 0, "restore: value %d differs", first_diff(p.nnz, v[c], vals));
        }
        ac_isa_force(-1);
        if (trial != 2 && have_v3("band LDL^T in place")) {
            ck_assert_msg(first_diff(n, x[1], x[0]) < 0, "band in place, kd %d: the copies' solutions differ", w);
            printf("isa: band LDL^T in the values, kd %d, baseline and x86-64-v3: the same solution to the bit\n", w);
        }
        if (trial == 2) ck_assert_int_eq(st[0], st[1]);
        for (c = 0; c < 2; c++) {
            sp_band_destroy(h[c]);
            free(v[c]);
        }
        sp_pattern_free(&p, &a);
        free(vals);
        ck_assert_uint_eq(a.n_malloc, a.n_free);
    }
}
END_TEST

/* The in-place symmetry and finiteness checks read every lower value and
 * its transpose (the AVX2 copy in 4 x 4 tiles where four columns reach the
 * same rows, gathers elsewhere): on a cable's pattern (nodes of six dofs,
 * the first with three, as the pendulum's 63 unknowns, and one more node
 * half cut, so that no column count is a multiple of four) and full bands
 * (one too narrow for tiles),
 * one lower value changed in its last bit takes LU (the values are not
 * symmetric), one made NaN or infinite is refused, in both copies; the
 * matrix unchanged takes LDL^T */
static int node_of(int i) { return (i + 3) / 6; }

START_TEST(isa_band_inplace_checks)
{
    static const int ns[4] = {66, 30, 37, 21}, ws[4] = {0, 11, 5, 2}; /* ws 0: the cable's node pattern */
    unsigned seed = 7u;
    int trial;
    for (trial = 0; trial < 4; trial++) {
        const int n = ns[trial], w = ws[trial];
        ac_alloc a;
        sp_builder b;
        sp_pattern p;
        double *vals, *rs;
        int c, i, j, k, lower = 0;
        ac_alloc_default(&a);
        ck_assert_int_eq(sp_builder_init(&b, n, &a), 0);
        for (i = 0; i < n; i++)
            for (j = 0; j < n; j++)
                if (w ? abs(i - j) <= w : abs(node_of(i) - node_of(j)) <= 1) ck_assert_int_eq(sp_builder_add(&b, i, j), 0);
        ck_assert_int_eq(sp_builder_finish(&b, &p), 0);
        sp_builder_free(&b);
        vals = calloc((size_t)p.nnz, sizeof(double));
        rs = calloc((size_t)n, sizeof(double));
        ck_assert(vals && rs);
        for (j = 0; j < n; j++)
            for (k = p.colptr[j]; k < p.colptr[j + 1]; k++) {
                i = p.rowidx[k];
                if (i <= j) continue;
                vals[k] = vals[sp_find(&p, j, i)] = urand(&seed);
                rs[i] += fabs(vals[k]);
                rs[j] += fabs(vals[k]);
            }
        for (i = 0; i < n; i++) vals[sp_find(&p, i, i)] = rs[i] + 1.0;
        for (c = 0; c < 2; c++) {
            void *h;
            bandh *hb;
            if (c && !have_v3("band in-place checks")) break;
            ac_isa_force(c ? AC_ISA_V3 : AC_ISA_BASELINE);
            ck_assert_int_eq(sp_band_create_flags(&h, &p, &a, SP_OVERWRITE), SP_OK);
            hb = h;
            ck_assert_int_eq(hb->host, 1);
            for (j = 0; j < n; j++)
                for (k = p.colptr[j]; k < p.colptr[j + 1]; k++) {
                    const double v = vals[k];
                    int e;
                    if (p.rowidx[k] < j) continue;
                    lower += c == 0;
                    for (e = 0; e < 3; e++) {
                        const int diag = p.rowidx[k] == j;
                        if (e == 0 && diag) continue; /* a diagonal has no transpose */
                        vals[k] = e == 0 ? nextafter(v, 2.0 * v) : e == 1 ? NAN : -INFINITY;
                        ck_assert_int_eq(sp_band_factor_mut(h, vals), e == 0 ? SP_OK : SP_ESINGULAR);
                        ck_assert_msg(hb->sym == 0, "copy %d, entry (%d, %d): LDL^T took values it must not", c,
                                      p.rowidx[k], j);
                        vals[k] = v;
                    }
                }
            ck_assert_int_eq(sp_band_factor_mut(h, vals), SP_OK);
            ck_assert_int_eq(hb->sym, 1);
            ck_assert_int_eq(sp_band_restore(h, vals), 1);
            sp_band_destroy(h);
        }
        ac_isa_force(-1);
        printf("isa: band in-place checks, n %d, %s: %d lower values each changed, NaN, -Inf: refused in both copies\n",
               n, w ? "full band" : "cable nodes", lower);
        sp_pattern_free(&p, &a);
        free(vals);
        free(rs);
        ck_assert_uint_eq(a.n_malloc, a.n_free);
    }
}
END_TEST

/* x = A^-1 b by dense Gaussian elimination with partial pivoting (A n x n,
 * column-major, overwritten): the reference of isa_band_twisted */
static void dense_solve(int n, double *A, double *x)
{
    int i, j, k;
    for (k = 0; k < n; k++) {
        int piv = k;
        for (i = k + 1; i < n; i++)
            if (fabs(A[i + k * n]) > fabs(A[piv + k * n])) piv = i;
        if (piv != k) {
            for (j = 0; j < n; j++) {
                const double t = A[k + j * n];
                A[k + j * n] = A[piv + j * n];
                A[piv + j * n] = t;
            }
            const double t = x[k];
            x[k] = x[piv];
            x[piv] = t;
        }
        for (i = k + 1; i < n; i++) {
            const double l = A[i + k * n] / A[k + k * n];
            if (l == 0.0) continue;
            for (j = k + 1; j < n; j++) A[i + j * n] -= l * A[k + j * n];
            x[i] -= l * x[k];
        }
    }
    for (k = n - 1; k >= 0; k--) {
        double t = x[k];
        for (j = k + 1; j < n; j++) t -= A[k + j * n] * x[j];
        x[k] = t / A[k + k * n];
    }
}

/* A symmetric matrix of half bandwidth w (w 0: the cable's node pattern,
 * node_of), strictly diagonally dominant, each diagonal entry's sign +
 * (spd) or random: its inertia is its diagonal's signs (no eigenvalue
 * crosses 0 as its off-diagonal part is scaled from 0 to 1); *neg their
 * negatives */
static void twisted_matrix(unsigned *seed, int n, int w, int spd, ac_alloc *a, sp_pattern *p, double **vals, int *neg)
{
    sp_builder b;
    double *rs = calloc((size_t)n, sizeof(double));
    int i, j, k;
    ck_assert_ptr_nonnull(rs);
    ck_assert_int_eq(sp_builder_init(&b, n, a), 0);
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            if (w ? abs(i - j) <= w : abs(node_of(i) - node_of(j)) <= 1) ck_assert_int_eq(sp_builder_add(&b, i, j), 0);
    ck_assert_int_eq(sp_builder_finish(&b, p), 0);
    sp_builder_free(&b);
    *vals = calloc((size_t)p->nnz, sizeof(double));
    ck_assert_ptr_nonnull(*vals);
    for (j = 0; j < n; j++)
        for (k = p->colptr[j]; k < p->colptr[j + 1]; k++) {
            i = p->rowidx[k];
            if (i <= j) continue;
            (*vals)[k] = (*vals)[sp_find(p, j, i)] = urand(seed);
            rs[i] += fabs((*vals)[k]);
            rs[j] += fabs((*vals)[k]);
        }
    *neg = 0;
    for (i = 0; i < n; i++) {
        const int minus = !spd && urand(seed) < 0.0;
        (*vals)[sp_find(p, i, i)] = (minus ? -1.0 : 1.0) * (rs[i] + 0.5 + fabs(urand(seed)));
        *neg += minus;
    }
    free(rs);
}

/* rows r and r + 1 cut from all others, [a 1e5; 1e5 c] between them: the
 * second of the two eliminated has the pivot exactly 0 when the first is
 * 1 (a = 1, c = 1e10 when r goes first) */
static void singular_pair(const sp_pattern *p, double *vals, int r, double a, double c)
{
    int j, k;
    for (j = 0; j < p->n; j++)
        for (k = p->colptr[j]; k < p->colptr[j + 1]; k++) {
            const int i = p->rowidx[k];
            if ((i == r || i == r + 1 || j == r || j == r + 1) && i != j) vals[k] = 0.0;
        }
    vals[sp_find(p, r, r)] = a;
    vals[sp_find(p, r + 1, r + 1)] = c;
    vals[sp_find(p, r, r + 1)] = vals[sp_find(p, r + 1, r)] = 1e5;
}

/* The twisted LDL^T (sym_factor: columns from both ends, the middle block
 * last) in the values, on random symmetric band matrices, positive
 * definite and indefinite, half bandwidths 1 to 16 (TWIST_KD), odd and even
 * n from a few bands to hundreds of unknowns, and the cable's node pattern:
 * the solution within 1e-12 of a dense elimination's (relative; the
 * matrices are strictly diagonally dominant) and of the one-ended copy
 * path's (sp_band_create, lb), D's signs the matrix's inertia, the two
 * copies the same to the bit (factors and solution), the values back bit
 * for bit by sp_band_restore; where the ordering twists, a pivot exactly 0
 * in the top sweep, in the bottom one or in the middle block is refused
 * and leaves the values as they came, in both copies. */
START_TEST(isa_band_twisted)
{
    unsigned seed = 2027u;
    int w, size, spd, twisted = 0, refusals = 0;
    for (w = 0; w <= TWIST_KD; w++)
        for (size = 0; size < 3; size++)
            for (spd = 1; spd >= 0; spd--) {
                /* w 0: the pendulum's 63 unknowns and a longer cable; else a few bands (odd n), more (even), long */
                const int n = w == 0 ? (size == 0 ? 63 : size == 1 ? 237 : 21)
                                     : size == 0 ? 4 * w + 5 : size == 1 ? 10 * w + 8 : (w <= 4 ? 301 : 12 * w + 3);
                ac_alloc a;
                sp_pattern p;
                double *vals, *v[2], *A, *b, *x[2], *xr, *xl, big = 0.0, err = 0.0, errl = 0.0;
                void *h[2], *hl;
                int c, i, j, k, neg, place;
                ac_alloc_default(&a);
                twisted_matrix(&seed, n, w, spd, &a, &p, &vals, &neg);
                A = calloc((size_t)n * (size_t)n, sizeof(double));
                b = malloc((size_t)n * sizeof(double));
                xr = malloc((size_t)n * sizeof(double));
                xl = malloc((size_t)n * sizeof(double));
                ck_assert(A && b && xr && xl);
                for (i = 0; i < n; i++) xr[i] = b[i] = urand(&seed);
                for (j = 0; j < n; j++)
                    for (k = p.colptr[j]; k < p.colptr[j + 1]; k++) A[p.rowidx[k] + (size_t)j * n] = vals[k];
                dense_solve(n, A, xr);
                /* the one-ended LDL^T (the copy path never twists) */
                ck_assert_int_eq(sp_band_create(&hl, &p, &a), SP_OK);
                ck_assert_int_eq(((bandh *)hl)->tw_m, 0);
                ck_assert_int_eq(sp_band_factor(hl, vals), SP_OK);
                ck_assert_int_eq(((bandh *)hl)->sym, 1);
                ck_assert_int_eq(sp_band_solve(hl, b, xl), SP_OK);
                for (c = 0; c < 2; c++) {
                    bandh *hb;
                    int dneg = 0;
                    ac_isa_force(c ? AC_ISA_V3 : AC_ISA_BASELINE);
                    ck_assert_int_eq(sp_band_create_flags(&h[c], &p, &a, SP_OVERWRITE), SP_OK);
                    hb = h[c];
                    ck_assert_int_eq(hb->host, 1);
                    if (n >= 8 * (w ? w : 11)) ck_assert_msg(hb->tw_m > 0, "n %d, kd %d: not twisted", n, hb->kd);
                    v[c] = malloc((size_t)p.nnz * sizeof(double));
                    x[c] = malloc((size_t)n * sizeof(double));
                    ck_assert(v[c] && x[c]);
                    memcpy(v[c], vals, (size_t)p.nnz * sizeof(double));
                    ck_assert_int_eq(sp_band_factor_mut(h[c], v[c]), SP_OK);
                    ck_assert_int_eq(hb->sym, 1);
                    for (j = 0; j < n; j++) dneg += v[c][hb->lpos[j]] < 0.0; /* D^-1 on the diagonal */
                    ck_assert_msg(dneg == neg, "n %d, kd %d: %d negative pivots, inertia %d", n, hb->kd, dneg, neg);
                    ck_assert_int_eq(sp_band_solve(h[c], b, x[c]), SP_OK);
                }
                ac_isa_force(-1);
                for (i = 0; i < n; i++) {
                    big = fmax(big, fabs(xr[i]));
                    err = fmax(err, fabs(x[0][i] - xr[i]));
                    errl = fmax(errl, fabs(x[0][i] - xl[i]));
                }
                ck_assert_msg(err <= 1e-12 * big && errl <= 1e-12 * big, "n %d, w %d, %s: %g, %g from the references", n, w,
                              spd ? "spd" : "indefinite", err / big, errl / big);
                twisted += ((bandh *)h[0])->tw_m > 0;
                if (ac_isa_v3_available()) {
                    ck_assert_msg(first_diff(p.nnz, v[1], v[0]) < 0, "n %d, w %d: the copies' factors differ", n, w);
                    ck_assert_msg(first_diff(n, x[1], x[0]) < 0, "n %d, w %d: the copies' solutions differ", n, w);
                }
                for (c = 0; c < 2; c++) {
                    ck_assert_int_eq(sp_band_restore(h[c], v[c]), 1);
                    ck_assert_msg(first_diff(p.nnz, v[c], vals) < 0, "n %d, w %d: restore: value %d differs", n, w,
                                  first_diff(p.nnz, v[c], vals));
                }
                /* refusals: a zero pivot in the top sweep, the bottom one, the middle block */
                for (place = 0; place < 3 && spd && ((bandh *)h[0])->tw_m > 0; place++) {
                    const bandh *hb = h[0];
                    const int m = hb->tw_m, e = hb->tw_e;
                    const int r = place == 0 ? m / 2 : place == 1 ? (e + n) / 2 - 1 : m;
                    int st[2];
                    if (r < 0 || r + 1 >= n || (place == 0 && r + 1 >= m) || (place == 1 && r < e) ||
                        (place == 2 && r + 1 >= e))
                        continue;
                    memcpy(v[0], vals, (size_t)p.nnz * sizeof(double));
                    if (place == 1) /* the bottom sweep takes row r + 1 first */
                        singular_pair(&p, v[0], r, 1e10, 1.0);
                    else
                        singular_pair(&p, v[0], r, 1.0, 1e10);
                    memcpy(A, v[0], (size_t)p.nnz * sizeof(double)); /* the values as they came */
                    memcpy(v[1], v[0], (size_t)p.nnz * sizeof(double));
                    for (c = 0; c < 2; c++) {
                        bandh *hc = h[c];
                        const unsigned refused = hc->counts.sym_refused_pivot + hc->counts.sym_refused_rcond;
                        if (c && !ac_isa_v3_available()) break;
                        ac_isa_force(c ? AC_ISA_V3 : AC_ISA_BASELINE);
                        hc->sym_failed = 0; /* LDL^T tried again at once */
                        st[c] = sp_band_factor_mut(h[c], v[c]);
                        ck_assert_int_eq(hc->sym, 0);
                        ck_assert_uint_eq(hc->counts.sym_refused_pivot + hc->counts.sym_refused_rcond, refused + 1);
                        ck_assert_msg(first_diff(p.nnz, v[c], A) < 0, "n %d, w %d, place %d: the refused LDL^T left its values changed",
                                      n, w, place);
                        if (c) ck_assert_int_eq(st[1], st[0]);
                        refusals++;
                    }
                    ac_isa_force(-1);
                }
                for (c = 0; c < 2; c++) {
                    sp_band_destroy(h[c]);
                    free(v[c]);
                    free(x[c]);
                }
                sp_band_destroy(hl);
                sp_pattern_free(&p, &a);
                free(vals);
                free(A);
                free(b);
                free(xr);
                free(xl);
                ck_assert_uint_eq(a.n_malloc, a.n_free);
            }
    ck_assert_int_ge(twisted, 60);
    printf("isa: band LDL^T twisted, kd 1-16 and cable nodes, SPD and indefinite: %d twisted, within 1e-12 of the "
           "dense solve, the copies the same to the bit, %d refusals left the values as they came\n",
           twisted, refusals);
}
END_TEST

/* the coordinates q (positions and slopes, at most 128) of a 10-element ANCF
 * (or Kirchhoff: kirchhoff, its roll held at the pin, h = 1e-4) pendulum
 * released horizontally, SI-HHT at h = 1e-3 for 0.5 s (Kirchhoff 0.05 s),
 * with the copy isa; returns their number and the tip's y */
static int pendulum_q(int isa, int kirchhoff, double q[128], double *tip_y)
{
    const double a[3] = {0, 0, 0}, e[3] = {1, 0, 0}, g[3] = {0, -9.81, 0};
    alecable_model *m;
    alecable_section sec;
    alecable_cable *c;
    alecable_node *n0, *n1;
    alecable_integrator *it;
    alecable_dynamic_options o;
    double tip[3];
    int k, nq, nl;
    ac_isa_force(isa);
    ck_assert_int_eq(alecable_model_create(&m, NULL), ALECABLE_OK);
    alecable_section_init(&sec);
    sec.E = 1e8;
    sec.A = 1e-4;
    sec.rho = 1000.0;
    sec.I = 1e-9;
    ck_assert_int_eq(alecable_model_set_gravity(m, g), ALECABLE_OK);
    ck_assert_int_eq(alecable_cable_create(&c, m, kirchhoff ? ALECABLE_ELEMENT_KIRCHHOFF : ALECABLE_ELEMENT_ANCF, &sec),
                     ALECABLE_OK);
    ck_assert_int_eq(alecable_cable_line(c, a, e, 0.0, 1.0, 10), ALECABLE_OK);
    ck_assert_int_eq(alecable_cable_set_lagrangian(c, 1), ALECABLE_OK);
    ck_assert_int_eq(alecable_cable_node(&n0, c, 0), ALECABLE_OK);
    if (kirchhoff) {
        alecable_beam_params bp;
        alecable_beam_params_init(&bp);
        bp.GJ = 1e-3 * sec.E * sec.I;
        ck_assert_int_eq(alecable_cable_set_beam(c, &bp), ALECABLE_OK);
        ck_assert_int_eq(alecable_fix(NULL, m, n0, ALECABLE_DOF_ROLL), ALECABLE_OK);
    }
    ck_assert_int_eq(alecable_cable_node(&n1, c, 10), ALECABLE_OK);
    ck_assert_int_eq(alecable_fix(NULL, m, n0, ALECABLE_DOF_X), ALECABLE_OK);
    ck_assert_int_eq(alecable_fix(NULL, m, n0, ALECABLE_DOF_Y), ALECABLE_OK);
    ck_assert_int_eq(alecable_fix(NULL, m, n0, ALECABLE_DOF_Z), ALECABLE_OK);
    alecable_dynamic_options_init(&o);
    o.method = ALECABLE_METHOD_SI_HHT;
    o.h = kirchhoff ? 1e-4 : 1e-3;
    ck_assert_int_eq(alecable_model_integrator(&it, m, &o), ALECABLE_OK);
    ac_isa_force(-1);
    for (k = 0; k < 500; k++) ck_assert_int_eq(alecable_integrator_step(it, o.h), ALECABLE_OK);
    ck_assert_int_eq(alecable_integrator_sizes(it, &nq, &nl), ALECABLE_OK);
    ck_assert_int_le(nq, 128);
    ck_assert_int_eq(alecable_integrator_get_state(it, NULL, q, NULL, NULL, NULL), ALECABLE_OK);
    ck_assert_int_eq(alecable_model_pull_state(m, it), ALECABLE_OK);
    ck_assert_int_eq(alecable_node_position(n1, tip), ALECABLE_OK);
    *tip_y = tip[1];
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
    return nq;
}

START_TEST(isa_pendulum)
{
    double q0[128], q1[128], y0, y1;
    int n = pendulum_q(AC_ISA_BASELINE, 0, q0, &y0);
    ck_assert_double_lt(y0, -0.3); /* it fell */
    if (!have_v3("pendulum")) return;
    ck_assert_int_eq(pendulum_q(AC_ISA_V3, 0, q1, &y1), n);
    ck_assert_msg(first_diff(n, q1, q0) < 0, "pendulum coordinate %d differs", first_diff(n, q1, q0));
    printf("isa: 10-element pendulum after 0.5 s, baseline and x86-64-v3: the same %d coordinates to the bit\n",
           n);
    /* a Kirchhoff cable: its kernels' copies and the block's scatter and
     * zeros (assemble.c's AVX2 copies for the 16 x 16 block) */
    n = pendulum_q(AC_ISA_BASELINE, 1, q0, &y0);
    ck_assert_double_lt(y0, -0.005); /* it fell */
    ck_assert_int_eq(pendulum_q(AC_ISA_V3, 1, q1, &y1), n);
    ck_assert_msg(first_diff(n, q1, q0) < 0, "Kirchhoff pendulum coordinate %d differs", first_diff(n, q1, q0));
    printf("isa: 10-element Kirchhoff pendulum after 0.05 s, baseline and x86-64-v3: the same %d coordinates to the "
           "bit\n", n);
}
END_TEST
#endif

Suite *suite_isa(void)
{
    Suite *s = suite_create("isa");
    TCase *tc = tcase_create("isa");
    tcase_add_test(tc, isa_name_and_switch);
#if AC_HAVE_ISA_V3
    tcase_add_test(tc, isa_ancf_kernels);
    tcase_add_test(tc, isa_kirchhoff_kernel);
    tcase_add_test(tc, isa_kirchhoff_pair);
    tcase_add_test(tc, isa_band);
    tcase_add_test(tc, isa_band_inplace);
    tcase_add_test(tc, isa_band_inplace_checks);
    tcase_add_test(tc, isa_band_twisted);
    tcase_add_test(tc, isa_pendulum);
#endif
    suite_add_tcase(s, tc);
    return s;
}
