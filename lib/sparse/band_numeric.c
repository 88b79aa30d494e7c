/* The band backend's numerics: LU with partial pivoting, LDL^T, their
 * solves (see band.c for the method).  Compiled as the baseline copy and,
 * included by band_numeric_v3.c, as the AVX2 one (lib/core/isa.h):
 * BAND_NUM(name) gives each copy's names. */
#include "band_internal.h"

#include <math.h>
#include <string.h>

#ifndef BAND_NUM
#define BAND_NUM(name) sp_band_num_##name
#endif

/* Sanitizer builds compile the same loops without the unrolling pragmas
 * and the forced inlining below (core/sanitizer.h): unrolled and
 * instrumented, this file alone took three minutes to compile there (four
 * with the fuzzer's coverage). */
#include "../core/sanitizer.h"
#ifdef AC_SANITIZED
#define BAND_PLAIN_LOOPS 1
#endif

/* the column updates (col_axpy, the switches by width), inlined into the
 * column loops: called, they spilled the loops' state (25 instructions a
 * column), which gcc did once the twisted sweeps called them thrice */
#if defined(__GNUC__) && !defined(BAND_PLAIN_LOOPS)
#define UPDATE_INLINE static inline __attribute__((always_inline))
#else
#define UPDATE_INLINE static inline
#endif

static int lu_factor(bandh *h, const double *vals)
{
    const int n = h->n, kl = h->kl, kv = h->kl + h->ku, ld = h->ldab;
    double *ab = h->ab, dmin = INFINITY, dmax = 0.0, flops = 0.0;
    int j, k, ju = 0;
    h->rcond = 0.0;
    h->counts.lu++;
    memset(ab, 0, (size_t)ld * (size_t)n * sizeof(double));
    for (k = 0; k < h->p->nnz; k++) ab[h->pos[k]] = vals[k];
    for (j = 0; j < n; j++) {
        double *cj = ab + kv + j * ld; /* cj[i] = A(j + i, j) */
        int km = kl < n - 1 - j ? kl : n - 1 - j, piv = 0, i, c;
        double big = fabs(cj[0]), rp;
        for (i = 1; i <= km; i++)
            if (fabs(cj[i]) > big) {
                big = fabs(cj[i]);
                piv = i;
            }
        h->ipiv[j] = j + piv;
        if (big == 0.0) return SP_ESINGULAR;
        if (j + h->ku + piv > ju) ju = j + h->ku + piv < n - 1 ? j + h->ku + piv : n - 1;
        if (piv) /* swap rows j and j + piv over columns j..ju */
            for (c = j; c <= ju; c++) {
                double *col = ab + kv + (size_t)c * ld - c, t = col[j];
                col[j] = col[j + piv];
                col[j + piv] = t;
            }
        rp = 1.0 / cj[0];
        for (i = 1; i <= km; i++) cj[i] *= rp;
        for (c = j + 1; c <= ju; c++) {
            double *col = ab + kv + (size_t)c * ld - c, t = col[j];
            if (t != 0.0) {
                for (i = 1; i <= km; i++) col[j + i] -= cj[i] * t;
                flops += 2.0 * km;
            }
        }
        flops += km + 1;
        if (fabs(cj[0]) < dmin) dmin = fabs(cj[0]);
        if (fabs(cj[0]) > dmax) dmax = fabs(cj[0]);
    }
    h->rcond = dmax > 0.0 ? dmin / dmax : 0.0;
    h->flops = flops;
    if (!isfinite(h->rcond) || h->rcond < RCOND_MIN) return SP_ESINGULAR;
    return SP_OK;
}

/* Symmetric matrices (a Lagrangian cable's M + c K, stiffness and mass
 * both symmetric) take LDL^T without pivoting: half the work of LU.  It is
 * tried only on exactly symmetric values.  While every pivot so far has been
 * positive (on a positive diagonal), the factorization is a Cholesky one,
 * backward stable however small a pivot gets against its diagonal
 * (|L| D |L^T| is bounded by sqrt(a_ii a_jj)): a small pivot there means
 * ill-conditioning, which the rcond test (sym_accept) judges, not
 * instability.  From the first pivot or diagonal that is not positive (an
 * indefinite matrix, a KKT one) on, the factorization is abandoned, for LU
 * with partial pivoting, at a pivot that has lost more than 8 orders of
 * magnitude against its original diagonal entry or that is zero (growth
 * without bound); also when the factors fail the rcond test.  After such a
 * failure the next 1, then 2, 4, ... up to SYM_RETRY factorizations go
 * straight to LU (the run doubles at each refusal in a row, and is back at 1
 * after an accepted LDL^T): a matrix that LDL^T cannot take pays one
 * factorization per step, not two, and a few wild Newton iterates (the
 * 10^4-element pendulum's first HHT steps at h = 1e-4 have some, with
 * diagonal entries of -1e13 against 6e4 at the solution) cost a few LUs,
 * not the next 64 factorizations'.
 *
 * (Before issue 25, the 8-orders test applied to every pivot: the 10^4-
 * element pendulum's M + beta h^2 K at h = 1e-3, positive definite, lost
 * 8 orders on a pivot where the bending stiffness of short elements dwarfs
 * their mass, and paid an LU, whose backward error was 1e6 times
 * LDL^T's.) */
#define SYM_PIVOT_MIN 1e-8
#define SYM_RETRY 64

/* the copy by four: its loop control was three of its seven instructions an entry */
#if defined(BAND_PLAIN_LOOPS)
#define LOAD_UNROLL
#elif defined(__clang__)
#define LOAD_UNROLL _Pragma("clang loop unroll_count(4)")
#elif defined(__GNUC__)
#define LOAD_UNROLL _Pragma("GCC unroll 4")
#else
#define LOAD_UNROLL
#endif

/* One pass over the values: finiteness (x * 0 is 0 only for a finite x),
 * exact symmetry, and the lower triangle into L.  Returns -1 for a
 * non-finite value, 0 for unsymmetric values, 1 when L holds the matrix. */
static int load_symmetric(bandh *h, const double *vals, const int *kidx, const int *tidx)
{
    int e, asym = 0, bad = 0;
    /* the lower entries against their transposes: a NaN differs from
     * everything (then LU's check reports it), v - v is nonzero for +-Inf */
#ifdef BAND_V3
    /* with AVX2 the checks alone, then the copy: the loop without the
     * store is gathered four entries at a time (-20 % instructions; the
     * baseline would pay +5-25 % for the second pass) */
    double *restrict lb = h->lb;
    const int *restrict lp = h->low_p, *restrict fp = h->fill_p, nlow = h->nlow, nfill = h->nfill;
    for (e = 0; e < nlow; e++) {
        double v = vals[kidx[e]];
        asym |= v != vals[tidx[e]];
        bad |= v - v != 0.0;
    }
    if (bad) return -1;
    for (e = 0; e < nfill; e++) lb[fp[e]] = 0.0;
    LOAD_UNROLL
    for (e = 0; e < nlow; e++) lb[lp[e]] = vals[kidx[e]];
#else
    for (e = 0; e < h->nfill; e++) h->lb[h->fill_p[e]] = 0.0;
    for (e = 0; e < h->nlow; e++) {
        double v = vals[kidx[e]];
        asym |= v != vals[tidx[e]];
        bad |= v - v != 0.0;
        h->lb[h->low_p[e]] = v;
    }
    if (bad) return -1;
#endif
    return !asym;
}

#ifdef BAND_V3
/* column c's rows c + i, i0 <= i <= i1, against their transposes (each at
 * lpos[c + i] - i), four at a time with the transposes gathered; a run's
 * last four overlap the loop's, which only repeats tests */
static inline void check_run(const double *vals, const int *lpos, int c, int i0, int i1, __m256d *ne, __m256d *nf,
                             int *asym, int *bad)
{
    const double *restrict cj = vals + lpos[c];
    const int *restrict lp = lpos + c;
    const __m128i step = _mm_setr_epi32(0, 1, 2, 3);
    int i;
    if (i1 - i0 < 3) {
        for (i = i0; i <= i1; i++) {
            double v = cj[i];
            *asym |= v != vals[lp[i] - i];
            *bad |= v - v != 0.0;
        }
        return;
    }
    for (i = i0;; i += 4) {
        int k = i + 3 <= i1 ? i : i1 - 3;
        __m128i idx = _mm_sub_epi32(_mm_loadu_si128((const __m128i *)(lp + k)), _mm_add_epi32(step, _mm_set1_epi32(k)));
        __m256d v = _mm256_loadu_pd(cj + k), t = _mm256_i32gather_pd(vals, idx, 8);
        *ne = _mm256_or_pd(*ne, _mm256_cmp_pd(v, t, _CMP_NEQ_UQ));
        *nf = _mm256_or_pd(*nf, _mm256_cmp_pd(_mm256_sub_pd(v, v), _mm256_setzero_pd(), _CMP_NEQ_UQ));
        if (k != i || i + 3 >= i1) break;
    }
}
#endif

#ifdef BAND_V3
/* Columns j .. j + 3 whose runs all end at row R (R - j >= 3): rows
 * j .. R as 4 x 4 tiles, each compared with its transpose, four
 * consecutive values of each of the rows' columns, turned in registers;
 * the first is the diagonal block, whole in the four columns' runs (above
 * the diagonal the transposes of their lower values) and compared with
 * itself; a run's last tile overlaps the one before. */
static inline void check_tiles(const double *vals, const int *lpos, int j, int R, __m256d *ne, __m256d *nf, double *dg)
{
    const double *restrict a0 = vals + lpos[j] - j, *restrict a1 = vals + lpos[j + 1] - j - 1,
                           *restrict a2 = vals + lpos[j + 2] - j - 2, *restrict a3 = vals + lpos[j + 3] - j - 3;
    const __m256d zero = _mm256_setzero_pd();
    int r;
    for (r = j;; r += 4) {
        const int q = r + 3 <= R ? r : R - 3;
        /* x_k: column j + k's rows q .. q + 3; y_m: column q + m's rows j .. j + 3 */
        const __m256d x0 = _mm256_loadu_pd(a0 + q), x1 = _mm256_loadu_pd(a1 + q), x2 = _mm256_loadu_pd(a2 + q),
                      x3 = _mm256_loadu_pd(a3 + q);
        const __m256d t0 = _mm256_unpacklo_pd(x0, x1), t1 = _mm256_unpackhi_pd(x0, x1),
                      t2 = _mm256_unpacklo_pd(x2, x3), t3 = _mm256_unpackhi_pd(x2, x3);
        const __m256d y0 = _mm256_loadu_pd(vals + lpos[q] - q + j), y1 = _mm256_loadu_pd(vals + lpos[q + 1] - q - 1 + j),
                      y2 = _mm256_loadu_pd(vals + lpos[q + 2] - q - 2 + j), y3 = _mm256_loadu_pd(vals + lpos[q + 3] - q - 3 + j);
        __m256d e = _mm256_cmp_pd(_mm256_permute2f128_pd(t0, t2, 0x20), y0, _CMP_NEQ_UQ);
        e = _mm256_or_pd(e, _mm256_cmp_pd(_mm256_permute2f128_pd(t1, t3, 0x20), y1, _CMP_NEQ_UQ));
        e = _mm256_or_pd(e, _mm256_cmp_pd(_mm256_permute2f128_pd(t0, t2, 0x31), y2, _CMP_NEQ_UQ));
        e = _mm256_or_pd(e, _mm256_cmp_pd(_mm256_permute2f128_pd(t1, t3, 0x31), y3, _CMP_NEQ_UQ));
        *ne = _mm256_or_pd(*ne, e);
        if (r == j) /* the diagonal block's diagonal: dg's (sym_factor's) */
            _mm256_storeu_pd(dg + j, _mm256_blend_pd(_mm256_blend_pd(x0, x1, 2), _mm256_blend_pd(x2, x3, 8), 12));
        *nf = _mm256_or_pd(*nf, _mm256_cmp_pd(_mm256_add_pd(_mm256_sub_pd(x0, x0), _mm256_sub_pd(x1, x1)), zero, _CMP_NEQ_UQ));
        *nf = _mm256_or_pd(*nf, _mm256_cmp_pd(_mm256_add_pd(_mm256_sub_pd(x2, x2), _mm256_sub_pd(x3, x3)), zero, _CMP_NEQ_UQ));
        if (q != r || r + 3 >= R) break;
    }
}
#endif

/* The same checks on values that host L (h->host), which stay where they
 * are: column j's run against its transposes, each at lpos[j + i] - i
 * (band.c's host_check).  The values are not written; their diagonal is
 * kept in dg on the way (sym_factor's, the AVX2 copy's from its diagonal
 * tiles: a pass of its own was 3 % of a factorization). */
static int check_symmetric(bandh *h, const double *vals)
{
    const int n = h->n, *restrict lpos = h->lpos, *restrict env = h->env;
    double *restrict dg = h->dg;
    int j, i, asym = 0, bad = 0;
#ifdef BAND_V3
    /* Four columns at a time in tiles (check_tiles) over the rows all of
     * them reach; where four columns from j on do not reach the same
     * last row R (a group across a cable's node boundary) but the four
     * that end before the first one reaching further do, those (a node
     * of six columns as two groups overlapping by two: checking two
     * columns twice costs less than gathering the rows beyond R of the
     * group's later columns, check_run, which the groups that cannot do
     * so still do).  The last columns, and those of narrow runs, one by
     * one (check_run). */
    __m256d ne = _mm256_setzero_pd(), nf = ne;
    for (j = 0; j < n;) {
        const int R = j + env[j];
        int k = 1, j0;
        while (k < 4 && j + k < n && j + k + env[j + k] == R) k++;
        j0 = j + k - 4; /* columns j .. j + k - 1 reach R, and so do j0 .. j - 1 if j0 does */
        if (k < 4 && j0 >= 0 && R - j0 >= 3 && j0 + env[j0] == R) {
            check_tiles(vals, lpos, j0, R, &ne, &nf, dg);
            j += k;
        } else if (j + 3 < n && R - j >= 3) { /* the rows beyond R of the later columns gathered */
            check_tiles(vals, lpos, j, R, &ne, &nf, dg);
            for (i = j + 1; i < j + 4; i++)
                if (i + env[i] > R) check_run(vals, lpos, i, R + 1 - i, env[i], &ne, &nf, &asym, &bad);
            j += 4;
        } else {
            dg[j] = vals[lpos[j]];
            bad |= vals[lpos[j]] - vals[lpos[j]] != 0.0;
            if (env[j] >= 1) check_run(vals, lpos, j, 1, env[j], &ne, &nf, &asym, &bad);
            j++;
        }
    }
    asym |= _mm256_movemask_pd(ne) != 0;
    bad |= _mm256_movemask_pd(nf) != 0;
#else
    for (j = 0; j < n; j++) {
        const double *restrict cj = vals + lpos[j];
        const int *restrict lp = lpos + j;
        const int m = env[j];
        dg[j] = cj[0];
        bad |= cj[0] - cj[0] != 0.0;
        for (i = 1; i <= m; i++) {
            double v = cj[i];
            asym |= v != vals[lp[i] - i];
            bad |= v - v != 0.0;
        }
    }
#endif
    if (bad) return -1;
    return !asym;
}

/* cc[i] -= t s[i], 0 <= i < m (the multiply and the subtraction rounded
 * apart, as C99 without contraction does): the trailing update's column
 * and the forward solve's.  cc and s never overlap (two columns of the
 * band storage, or the solve vector and a column).  The AVX2 copy takes
 * four entries at a time, the last four (overlapping the loop's) computed
 * before the loop's stores and stored after them: the same operations on
 * the same operands for every entry, so the same bits as the scalar loop
 * (gcc vectorized only the first column of the unrolled update, by SLP). */
UPDATE_INLINE void col_axpy(double *restrict cc, const double *restrict s, double t, int m)
{
    int i = 0;
#ifdef BAND_V3
    const __m256d t4 = _mm256_set1_pd(t);
    if (m >= 4) { /* the last four first, stored last over what the loop did to them alike */
        const __m256d last = _mm256_sub_pd(_mm256_loadu_pd(cc + m - 4), _mm256_mul_pd(t4, _mm256_loadu_pd(s + m - 4)));
        for (; i + 4 <= m; i += 4)
            _mm256_storeu_pd(cc + i, _mm256_sub_pd(_mm256_loadu_pd(cc + i), _mm256_mul_pd(t4, _mm256_loadu_pd(s + i))));
        _mm256_storeu_pd(cc + m - 4, last);
        return;
    }
    if (i + 2 <= m) {
        _mm_storeu_pd(cc + i, _mm_sub_pd(_mm_loadu_pd(cc + i), _mm_mul_pd(_mm256_castpd256_pd128(t4), _mm_loadu_pd(s + i))));
        i += 2;
    }
#endif
    for (; i < m; i++) cc[i] -= t * s[i];
}

/* s[i] *= r, 0 <= i < m */
UPDATE_INLINE void col_scale(double *restrict s, double r, int m)
{
    int i = 0;
#ifdef BAND_V3
    const __m256d r4 = _mm256_set1_pd(r);
    if (m >= 4) { /* as col_axpy's */
        const __m256d last = _mm256_mul_pd(_mm256_loadu_pd(s + m - 4), r4);
        for (; i + 4 <= m; i += 4) _mm256_storeu_pd(s + i, _mm256_mul_pd(_mm256_loadu_pd(s + i), r4));
        _mm256_storeu_pd(s + m - 4, last);
        return;
    }
    if (i + 2 <= m) {
        _mm_storeu_pd(s + i, _mm_mul_pd(_mm_loadu_pd(s + i), _mm256_castpd256_pd128(r4)));
        i += 2;
    }
#endif
    for (; i < m; i++) s[i] *= r;
}

/* Two columns j, j + 1 that reach the same last row are factored
 * together (pair, below) in the baseline copy only: its scalar updates
 * then load and store each later column once for both (1.28 -> 1.16 us a
 * factorization of the 10-element pendulum's n = 63); the AVX2 copy's
 * four-wide updates gained nothing from it (0.71-0.72 us either way). */
#ifdef BAND_V3
#define SYM_PAIRS 0
#else
#define SYM_PAIRS 1

/* cc[i] = (cc[i] - t s[i]) - u v[i], 0 <= i < m: two columns' updates of
 * one column (the earlier first, as they come one by one), loaded and
 * stored once; the same operations on every entry as two col_axpy */
static inline void col_axpy2(double *restrict cc, const double *restrict s, double t, const double *restrict v,
                             double u, int m)
{
    int i;
    for (i = 0; i < m; i++) {
        cc[i] -= t * s[i];
        cc[i] -= u * v[i];
    }
}
#endif

/* Column j's trailing update A(j + i, j + c) -= l_c d l_i, 1 <= c <= i <= K,
 * from the unscaled column cj (cj[i] = d l_i) and rd = 1/d, then the column
 * scaled to l; column j + c starts at base + lp[c - 1] (lp = lpos + j + 1).  One function per width K up to 16, its loops unrolled by pragma
 * into straight-line code (the compilers leave them rolled otherwise; the
 * envelope of a cable is at most 12 wide), all inlined into the column
 * loop through a switch: a call per column (through a table, before)
 * spilled the loop's state, 25 instructions a column. */
#if defined(BAND_PLAIN_LOOPS)
#define TRAILING_UNROLL
#elif defined(__clang__)
#define TRAILING_UNROLL _Pragma("clang loop unroll(full)")
#elif defined(__GNUC__)
#define TRAILING_UNROLL _Pragma("GCC unroll 16")
#else
#define TRAILING_UNROLL
#endif
#define TRAILING_FN(K)                                                                                \
    UPDATE_INLINE void trailing_##K(double *restrict cj, double *base, const int *restrict lp, double rd, int sc) \
    {                                                                                                 \
        int c;                                                                                        \
        TRAILING_UNROLL                                                                               \
        for (c = 1; c <= K; c++) col_axpy(base + lp[c - 1], cj + c, cj[c] * rd, K - c + 1);            \
        if (sc) col_scale(cj + 1, rd, K);                                                             \
    }
TRAILING_FN(1) TRAILING_FN(2) TRAILING_FN(3) TRAILING_FN(4) TRAILING_FN(5) TRAILING_FN(6)
TRAILING_FN(7) TRAILING_FN(8) TRAILING_FN(9) TRAILING_FN(10) TRAILING_FN(11) TRAILING_FN(12)
TRAILING_FN(13) TRAILING_FN(14) TRAILING_FN(15) TRAILING_FN(16)

UPDATE_INLINE void trailing(double *cj, double *base, const int *lp, int K, double rd, int sc)
{
    int c, i;
    switch (K) {
    case 0: return;
    case 1: trailing_1(cj, base, lp, rd, sc); return;
    case 2: trailing_2(cj, base, lp, rd, sc); return;
    case 3: trailing_3(cj, base, lp, rd, sc); return;
    case 4: trailing_4(cj, base, lp, rd, sc); return;
    case 5: trailing_5(cj, base, lp, rd, sc); return;
    case 6: trailing_6(cj, base, lp, rd, sc); return;
    case 7: trailing_7(cj, base, lp, rd, sc); return;
    case 8: trailing_8(cj, base, lp, rd, sc); return;
    case 9: trailing_9(cj, base, lp, rd, sc); return;
    case 10: trailing_10(cj, base, lp, rd, sc); return;
    case 11: trailing_11(cj, base, lp, rd, sc); return;
    case 12: trailing_12(cj, base, lp, rd, sc); return;
    case 13: trailing_13(cj, base, lp, rd, sc); return;
    case 14: trailing_14(cj, base, lp, rd, sc); return;
    case 15: trailing_15(cj, base, lp, rd, sc); return;
    case 16: trailing_16(cj, base, lp, rd, sc); return;
    default: break;
    }
    for (c = 1; c <= K; c++) {
        double t = cj[c] * rd, *cc = base + lp[c - 1];
        for (i = 0; i <= K - c; i++) cc[i] -= t * cj[c + i];
    }
    if (sc)
        for (i = 1; i <= K; i++) cj[i] *= rd;
}

/* The bottom sweep's column p (twisted LDL^T, sym_factor): its run above
 * the diagonal u[0 .. U - 1] (rows p - U .. p - 1, unscaled: u = d l),
 * rd = 1/d; column p - c (c = 1 .. U) takes rows p - U .. p - c, the run
 * that ends at its diagonal, lp[-c] its diagonal's position: the mirror
 * of trailing, rows and columns counted from the other end.  cm < U: the
 * columns p - 1 .. p - cm only, unscaled (sym_cols_up does the rest). */
#define TRAILING_UP_FN(K)                                                                             \
    UPDATE_INLINE void trailing_up_##K(double *restrict u, double *base, const int *restrict lp, double rd, int cm) \
    {                                                                                                 \
        int c;                                                                                        \
        TRAILING_UNROLL                                                                               \
        for (c = 1; c <= K; c++)                                                                      \
            if (c <= cm) col_axpy(base + lp[-c] - (K - c), u, u[K - c] * rd, K - c + 1);              \
        if (cm >= K) col_scale(u, rd, K);                                                             \
    }
TRAILING_UP_FN(1) TRAILING_UP_FN(2) TRAILING_UP_FN(3) TRAILING_UP_FN(4) TRAILING_UP_FN(5) TRAILING_UP_FN(6)
TRAILING_UP_FN(7) TRAILING_UP_FN(8) TRAILING_UP_FN(9) TRAILING_UP_FN(10) TRAILING_UP_FN(11) TRAILING_UP_FN(12)
TRAILING_UP_FN(13) TRAILING_UP_FN(14) TRAILING_UP_FN(15) TRAILING_UP_FN(16)

/* U <= TWIST_KD (twist_split); cm U (all the columns and the scaling:
 * the tests fold away in each width's case) or less (the others are the
 * middle block's: sym_cols_up) */
UPDATE_INLINE void trailing_up(double *u, double *base, const int *lp, int U, double rd, int cm)
{
    switch (U) {
    case 1: trailing_up_1(u, base, lp, rd, cm); return;
    case 2: trailing_up_2(u, base, lp, rd, cm); return;
    case 3: trailing_up_3(u, base, lp, rd, cm); return;
    case 4: trailing_up_4(u, base, lp, rd, cm); return;
    case 5: trailing_up_5(u, base, lp, rd, cm); return;
    case 6: trailing_up_6(u, base, lp, rd, cm); return;
    case 7: trailing_up_7(u, base, lp, rd, cm); return;
    case 8: trailing_up_8(u, base, lp, rd, cm); return;
    case 9: trailing_up_9(u, base, lp, rd, cm); return;
    case 10: trailing_up_10(u, base, lp, rd, cm); return;
    case 11: trailing_up_11(u, base, lp, rd, cm); return;
    case 12: trailing_up_12(u, base, lp, rd, cm); return;
    case 13: trailing_up_13(u, base, lp, rd, cm); return;
    case 14: trailing_up_14(u, base, lp, rd, cm); return;
    case 15: trailing_up_15(u, base, lp, rd, cm); return;
    case 16: trailing_up_16(u, base, lp, rd, cm); return;
    default: return;
    }
}

#if SYM_PAIRS
/* Columns j and j + 1 together when they reach the same last row (width K
 * and K - 1; a cable's columns of one node do): column j + 1 takes column
 * j's update (from the unscaled cj, rd = 1/d_j), then every later column
 * both updates in one pass (col_axpy2: each entry the same operations in
 * the same order as column by column, so the same bits), then both are
 * scaled.  c1 = column j + 1, rd1 = 1/d_{j+1} (its pivot taken by the
 * caller from the same operations), column j + c at base + lp[c - 2]. */
#define PAIR_FN(K)                                                                                    \
    static inline void pair_##K(double *restrict cj, double *restrict c1, double *base, const int *restrict lp, \
                                double rd, double rd1)                                                \
    {                                                                                                 \
        int c;                                                                                        \
        col_axpy(c1, cj + 1, cj[1] * rd, K);                                                          \
        TRAILING_UNROLL                                                                               \
        for (c = 2; c <= K; c++)                                                                      \
            col_axpy2(base + lp[c - 2], cj + c, cj[c] * rd, c1 + c - 1, c1[c - 1] * rd1, K - c + 1);  \
        col_scale(cj + 1, rd, K);                                                                     \
        col_scale(c1 + 1, rd1, K - 1);                                                                \
    }
PAIR_FN(2) PAIR_FN(3) PAIR_FN(4) PAIR_FN(5) PAIR_FN(6) PAIR_FN(7) PAIR_FN(8) PAIR_FN(9)
PAIR_FN(10) PAIR_FN(11) PAIR_FN(12) PAIR_FN(13) PAIR_FN(14) PAIR_FN(15) PAIR_FN(16)

static void pair(double *cj, double *c1, double *base, const int *lp, int K, double rd, double rd1)
{
    switch (K) {
    case 2: pair_2(cj, c1, base, lp, rd, rd1); return;
    case 3: pair_3(cj, c1, base, lp, rd, rd1); return;
    case 4: pair_4(cj, c1, base, lp, rd, rd1); return;
    case 5: pair_5(cj, c1, base, lp, rd, rd1); return;
    case 6: pair_6(cj, c1, base, lp, rd, rd1); return;
    case 7: pair_7(cj, c1, base, lp, rd, rd1); return;
    case 8: pair_8(cj, c1, base, lp, rd, rd1); return;
    case 9: pair_9(cj, c1, base, lp, rd, rd1); return;
    case 10: pair_10(cj, c1, base, lp, rd, rd1); return;
    case 11: pair_11(cj, c1, base, lp, rd, rd1); return;
    case 12: pair_12(cj, c1, base, lp, rd, rd1); return;
    case 13: pair_13(cj, c1, base, lp, rd, rd1); return;
    case 14: pair_14(cj, c1, base, lp, rd, rd1); return;
    case 15: pair_15(cj, c1, base, lp, rd, rd1); return;
    case 16: pair_16(cj, c1, base, lp, rd, rd1); return;
    default: break;
    }
}

/* The mirror for the twisted LDL^T's bottom sweep (sym_cols_up): columns
 * p and p - 1 whose runs above the diagonal start at the same row (U and
 * U - 1 long; u1 = column p - 1's), none of them in the middle block:
 * column p - 1 takes column p's update, then every earlier column both
 * in one pass, the same operations as one by one; column p - c's run
 * ends at base + lp[-c]. */
#define PAIR_UP_FN(K)                                                                                 \
    static inline void pair_up_##K(double *restrict u, double *restrict u1, double *base, const int *restrict lp, \
                                   double rd, double rd1)                                             \
    {                                                                                                 \
        int c;                                                                                        \
        col_axpy(u1, u, u[K - 1] * rd, K);                                                            \
        TRAILING_UNROLL                                                                               \
        for (c = 2; c <= K; c++)                                                                      \
            col_axpy2(base + lp[-c] - (K - c), u, u[K - c] * rd, u1, u1[K - c] * rd1, K - c + 1);     \
        col_scale(u, rd, K);                                                                          \
        col_scale(u1, rd1, K - 1);                                                                    \
    }
PAIR_UP_FN(2) PAIR_UP_FN(3) PAIR_UP_FN(4) PAIR_UP_FN(5) PAIR_UP_FN(6) PAIR_UP_FN(7) PAIR_UP_FN(8) PAIR_UP_FN(9)
PAIR_UP_FN(10) PAIR_UP_FN(11) PAIR_UP_FN(12) PAIR_UP_FN(13) PAIR_UP_FN(14) PAIR_UP_FN(15) PAIR_UP_FN(16)

static void pair_up(double *u, double *u1, double *base, const int *lp, int K, double rd, double rd1)
{
    switch (K) {
    case 2: pair_up_2(u, u1, base, lp, rd, rd1); return;
    case 3: pair_up_3(u, u1, base, lp, rd, rd1); return;
    case 4: pair_up_4(u, u1, base, lp, rd, rd1); return;
    case 5: pair_up_5(u, u1, base, lp, rd, rd1); return;
    case 6: pair_up_6(u, u1, base, lp, rd, rd1); return;
    case 7: pair_up_7(u, u1, base, lp, rd, rd1); return;
    case 8: pair_up_8(u, u1, base, lp, rd, rd1); return;
    case 9: pair_up_9(u, u1, base, lp, rd, rd1); return;
    case 10: pair_up_10(u, u1, base, lp, rd, rd1); return;
    case 11: pair_up_11(u, u1, base, lp, rd, rd1); return;
    case 12: pair_up_12(u, u1, base, lp, rd, rd1); return;
    case 13: pair_up_13(u, u1, base, lp, rd, rd1); return;
    case 14: pair_up_14(u, u1, base, lp, rd, rd1); return;
    case 15: pair_up_15(u, u1, base, lp, rd, rd1); return;
    case 16: pair_up_16(u, u1, base, lp, rd, rd1); return;
    default: break;
    }
}
#endif

/* The pivot's tests (see SYM_PIVOT_MIN): 0 to refuse */
static inline int pivot_ok(double d, double dg, int *definite)
{
    if (!isfinite(d)) return 0;
    if (*definite && !(d > 0.0 && dg > 0.0)) *definite = 0;
    return *definite || fabs(d) > SYM_PIVOT_MIN * fabs(dg);
}

/* A KKT matrix ordered by kkt_order (band.c), h->mult: its LDL^T is taken
 * only in the form that needs no pivoting, K positive definite and each
 * multiplier after its dofs: every dof's pivot positive, every
 * multiplier's negative (-g K^-1 g^T, the Schur complement's); anything
 * else (K indefinite, a multiplier without its dofs, a zero pivot) is
 * refused for LU as before.  Such a factorization is not a Cholesky one,
 * so its growth is bounded too (kkt_growth_ok). */
static inline int kkt_sign(char m, double d)
{
    return m ? d < 0.0 : d > 0.0;
}

/* The multipliers' scales of the growth test, before L overwrites the
 * matrix: M_i = max a_ik^2 / a_kk over the dofs k that multiplier i
 * couples (and |a_ii|, a regularized one's), in h->kkt_s: scaled
 * symmetrically so that K has a unit diagonal, row i of G would have the
 * largest entry 1.  Row i's entries are in its own column's run (rows
 * after it) and at lpos[k] + i - k in the earlier columns k that reach it.
 * A dof's diagonal not positive (K is not positive definite): M_i 0,
 * and the test fails. */
static void kkt_rows(bandh *h)
{
    const char *restrict mult = h->mult;
    const double *restrict dg = h->dg, *A = h->fac;
    const int *restrict lpos = h->lpos, *restrict env = h->env;
    double *restrict s = h->kkt_s;
    int e, i, k;
    for (e = 0; e < h->nmult; e++) {
        const int j = h->mcol[e], k0 = j - h->kd > 0 ? j - h->kd : 0;
        double m = fabs(dg[j]);
        int bad = 0;
        for (k = k0; k < j; k++)
            if (!mult[k] && j - k <= env[k]) {
                const double a = A[lpos[k] + j - k], v = a == 0.0 || !(dg[k] > 0.0) ? 0.0 : a * a / dg[k];
                bad |= a != 0.0 && !(dg[k] > 0.0);
                m = v > m ? v : m;
            }
        for (i = 1; i <= env[j]; i++)
            if (!mult[j + i]) {
                const double a = A[lpos[j] + i], v = a == 0.0 || !(dg[j + i] > 0.0) ? 0.0 : a * a / dg[j + i];
                bad |= a != 0.0 && !(dg[j + i] > 0.0);
                m = v > m ? v : m;
            }
        s[e] = bad ? 0.0 : m;
    }
}

/* Growth of the factors against the matrix: the diagonal of |L| |D| |L^T|,
 * acc_i = sum_j l_ij^2 |d_j| (j <= i, l_ii = 1), at most KKT_GROWTH_MAX
 * times row i's scale, a_ii for a dof, M_i for a multiplier (kkt_rows).
 * The backward error of LDL^T is bounded by a small multiple of
 * eps |L| |D| |L^T| (Higham, Accuracy and Stability of Numerical
 * Algorithms, 10.4), whose (i, j) entry is at most sqrt(acc_i acc_j)
 * (Cauchy-Schwarz): the bound keeps the error of every entry of the
 * scaled matrix (K with a unit diagonal, each row of G with a largest
 * entry 1) within KKT_GROWTH_MAX eps, whatever the units of the dofs and
 * the constraints (a symmetric scaling of A leaves the ratios as they
 * are).  Since a_ii = sum_j l_ij^2 d_j, acc_i = a_ii - 2 d_i [d_i < 0] +
 * 2 T_i, T_i = sum over the multipliers' columns j < i of l_ij^2 |d_j|:
 * only the multipliers' columns are summed (in work, the solve's), and a
 * dof's row that none reaches has acc_i = a_ii, the ratio 1 of a Cholesky
 * factorization (one multiplier on its dofs, [k g; g 0], has 2 in its
 * row). */
#define KKT_GROWTH_MAX 1e3
static int kkt_growth_ok(bandh *h)
{
    const double *restrict s = h->kkt_s, *restrict dg = h->dg, *L = h->fac;
    const int *restrict lpos = h->lpos, *restrict env = h->env, *restrict mcol = h->mcol;
    const char *restrict mult = h->mult;
    double *restrict T = h->work, g = 0.0;
    int e, i, ok = 1;
    for (e = 0; e < h->nmult; e++) { /* work held the last solve's vector */
        const int j = mcol[e];
        T[j] = 0.0;
        for (i = 1; i <= env[j]; i++) T[j + i] = 0.0;
    }
    for (e = 0; e < h->nmult; e++) {
        const int j = mcol[e];
        const double *cj = L + lpos[j], ad = fabs(1.0 / cj[0]);
        for (i = 1; i <= env[j]; i++) T[j + i] += cj[i] * cj[i] * ad;
    }
    for (e = 0; e < h->nmult; e++) {
        const int j = mcol[e];
        const double acc = dg[j] + 2.0 * fabs(1.0 / L[lpos[j]]) + 2.0 * T[j];
        ok &= acc <= KKT_GROWTH_MAX * s[e];
        g = acc > g * s[e] ? acc / s[e] : g;
        for (i = 1; i <= env[j]; i++)
            if (!mult[j + i]) { /* dof pivots are positive (kkt_sign) */
                const double a = dg[j + i] + 2.0 * T[j + i];
                ok &= a <= KKT_GROWTH_MAX * dg[j + i];
                g = a > g * dg[j + i] ? a / dg[j + i] : g;
            }
    }
    h->kkt_growth = g;
    return ok;
}

/* The chain from one pivot d to the next is rd = 1/d, the multiplier
 * l = b rd of the column's entry b in the next row, and the next diagonal
 * entry a - l b: the next pivot is computed so (the same operations as
 * the update, which stores the same value) before the column's update and
 * kept in a register, its reciprocal starting while the update runs:
 * through memory it waited for the update's store and reload (the
 * baseline copy also pairs columns, see SYM_PAIRS).  (With a division and three
 * dependent operations a column, this chain is as long as the updates'
 * own work at a cable's width 11; a shorter one needs other roundings.)
 * Columns j0 .. j1 - 1, their rows below lim (the twisted LDL^T's middle
 * block: sym_factor; else lim = n, which no column reaches);
 * the pivots' extremes and the definite state go on in pv.  Not inlined:
 * called once per range, its column loop holds its state in registers. */
typedef struct pivots {
    double dmin, dmax;
    int definite;
} pivots;

#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int sym_cols(bandh *h, int j0, int j1, int lim, pivots *pv)
{
    const int *restrict env = h->env, *restrict lpos = h->lpos;
    const char *mult = h->mult;
    double *L = h->fac, *restrict dg = h->dg, dmin = pv->dmin, dmax = pv->dmax, d = L[lpos[j0]];
    int j, definite = pv->definite;
    for (j = j0; j < j1;) {
        double *cj = L + lpos[j], ad = fabs(d), rd, dn = 0.0;
        const int K = env[j] < lim - 1 - j ? env[j] : lim - 1 - j;
        /* once not positive definite, the pivot against the diagonal it
         * started from: a collapse by many orders (cancellation in an
         * indefinite matrix: unbounded growth) means LU */
        if (!pivot_ok(d, dg[j], &definite) || (mult && !kkt_sign(mult[j], d))) return 0;
        rd = 1.0 / d;
        dmin = ad < dmin ? ad : dmin;
        dmax = ad > dmax ? ad : dmax;
        if (SYM_PAIRS && K >= 2 && K <= 16 && j + 1 < j1 && env[j + 1] == K - 1) {
#if SYM_PAIRS
            double *c1 = L + lpos[j + 1], t = cj[1] * rd, t2 = cj[2] * rd;
            const double d1 = c1[0] - t * cj[1], a1 = c1[1] - t * cj[2], ad1 = fabs(d1);
            double rd1, a2 = L[lpos[j + 2]];
            if (!pivot_ok(d1, dg[j + 1], &definite) || (mult && !kkt_sign(mult[j + 1], d1))) return 0;
            rd1 = 1.0 / d1;
            dmin = ad1 < dmin ? ad1 : dmin;
            dmax = ad1 > dmax ? ad1 : dmax;
            a2 -= t2 * cj[2];
            dn = a2 - (a1 * rd1) * a1;
            pair(cj, c1, L, lpos + j + 2, K, rd, rd1);
            cj[0] = rd;
            c1[0] = rd1;
            j += 2;
#endif
        } else {
            if (j + 1 < j1) {
                dn = L[lpos[j + 1]];
                if (K >= 1) dn -= (cj[1] * rd) * cj[1];
            }
            /* trailing update with the unscaled column t = d l, then the
             * scaling; env[j] <= kd and <= n - 1 - j (envelope) */
            trailing(cj, L, lpos + j + 1, K, rd, 1);
            cj[0] = rd; /* L's unit diagonal is implied: its place keeps D^-1 */
            j++;
        }
        d = dn;
    }
    pv->dmin = dmin;
    pv->dmax = dmax;
    pv->definite = definite;
    return 1;
}

/* The bottom sweep of the twisted LDL^T (sym_factor): columns
 * n - 1 down to e, each from its run above the diagonal (rows p - up[p]
 * .. p - 1), the mirror of sym_cols (its look-ahead pivot too).  Same
 * note. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int sym_cols_up(bandh *h, int e, pivots *pv)
{
    const int n = h->n, *restrict lpos = h->lpos;
    const unsigned char *restrict up = h->up;
    double *L = h->fac, *restrict dg = h->dg, dmin = pv->dmin, dmax = pv->dmax, d = L[lpos[n - 1]];
    int p, definite = pv->definite;
    for (p = n - 1; p >= e; p--) {
        const int U = up[p];
        double *u = L + lpos[p] - U, ad = fabs(d), rd, dn = 0.0;
        if (!pivot_ok(d, dg[p], &definite)) return 0;
        rd = 1.0 / d;
        dmin = ad < dmin ? ad : dmin;
        dmax = ad > dmax ? ad : dmax;
        if (SYM_PAIRS && U >= 2 && p - U >= e && up[p - 1] == U - 1) {
#if SYM_PAIRS
            double *u1 = L + lpos[p - 1] - (U - 1), t = u[U - 1] * rd, t2 = u[U - 2] * rd;
            const double d1 = u1[U - 1] - t * u[U - 1], a1 = u1[U - 2] - t * u[U - 2], ad1 = fabs(d1);
            double rd1, a2 = L[lpos[p - 2]];
            if (!pivot_ok(d1, dg[p - 1], &definite)) return 0;
            rd1 = 1.0 / d1;
            dmin = ad1 < dmin ? ad1 : dmin;
            dmax = ad1 > dmax ? ad1 : dmax;
            a2 -= t2 * u[U - 2];
            dn = a2 - (a1 * rd1) * a1;
            pair_up(u, u1, L, lpos + p, U, rd, rd1);
            u[U] = rd;
            u1[U - 1] = rd1;
            p--;
#endif
        } else {
            if (p - 1 >= e) {
                dn = L[lpos[p - 1]];
                if (U >= 1) dn -= (u[U - 1] * rd) * u[U - 1];
            }
            if (p - U >= e)
                trailing_up(u, L, lpos + p, U, rd, U);
            else { /* the middle block's rows: in its lower triangle, by the row's multiplier */
                trailing_up(u, L, lpos + p, U, rd, p - e);
                trailing(u - 1, L, lpos + p - U, U - (p - e), rd, 0);
                col_scale(u, rd, U);
            }
            u[U] = rd;
        }
        d = dn;
    }
    pv->dmin = dmin;
    pv->dmax = dmax;
    pv->definite = definite;
    return 1;
}

/* LDL^T, in the twisted order when twist_split chose it: of P A P^T, P
 * the order [0 .. m - 1, n - 1 .. e, m .. e - 1] (m = tw_m, e = tw_e),
 * in that order: the columns 0 .. m - 1 from the top (sym_cols), the
 * columns n - 1 down to e from the bottom in their runs above the
 * diagonal (sym_cols_up: eliminating column p updates only rows and
 * columns p - U .. p - 1, U = up[p], inside the envelope: no fill), then
 * the block [m, e) that both sweeps updated, in its lower triangle (the
 * bottom sweep puts its updates of it there), whose upper one keeps the
 * matrix.  The bottom sweep leaves its columns' lower triangle as it was,
 * so sp_band_num_restore takes their upper runs from there.  The pivots'
 * tests, the same in the order of elimination; D's signs, the matrix's
 * inertia, in either order.  What it buys is the solve's
 * (sym_solve_twisted): two chains of unknowns half as long, side by side;
 * the factorization itself is bound by its updates' work, not by its
 * chain of pivots (two sweeps side by side were no faster). */
static int sym_factor(bandh *h)
{
    const int n = h->n, m = h->tw_m, e = h->tw_e;
    pivots pv;
    int j;
    pv.dmin = INFINITY;
    pv.dmax = 0.0;
    pv.definite = 1;
    if (n == 0) goto done;
    if (!h->host) /* else check_symmetric kept the diagonal */
        for (j = 0; j < n; j++) h->dg[j] = h->fac[h->lpos[j]];
    if (h->mult) kkt_rows(h); /* the rows' scales, before L overwrites the matrix */
    if (!m) {
        if (!sym_cols(h, 0, n, n, &pv)) return 0;
        goto done;
    }
    if (!sym_cols(h, 0, m, n, &pv) || !sym_cols_up(h, e, &pv) || !sym_cols(h, m, e, e, &pv)) return 0;
done:
    h->rcond = pv.dmax > 0.0 ? pv.dmin / pv.dmax : 0.0;
    h->flops = h->sym_factor_flops;
    return 1;
}

/* rcond of the LDL^T factors, for the singularity test.  min/max |d_j| is
 * a measure of the unknowns' units as much as of singularity: the ANCF
 * pendulum's M + c K has positions and slopes (whose inertia is le^2 times
 * smaller) and, at a fine mesh, c K's bending rows growing like N^3 against
 * M's falling like 1/N, so its pivots spread like N^-4 (1e-4 at 10
 * elements, 7e-15 at 10^4 with SI-HHT's h = 1e-5) while every pivot keeps
 * most of its diagonal.  LDL^T without pivoting commutes with a diagonal
 * scaling: the factors of D A D are D L D^-1 and D^2 diag(d), exactly in
 * arithmetic and to the last bit for powers of two.  So the test of the
 * equilibrated matrix, D_j = |a_jj|^-1/2 (its diagonal all ones), needs no
 * second factorization, no scaled copy and no change to the solves: its
 * pivots are d_j / |a_jj|, and its rcond min/max of those.  A structurally
 * or numerically zero diagonal (a constraint row the ordering put after its
 * dofs) has no such scale; its row keeps D_j = 1 and the unscaled pivot,
 * which is what the test asked of it before.  The unscaled rcond is tried
 * first and reported when it passes, so a matrix accepted before is
 * factored, solved and reported exactly as before. */
static int sym_accept(bandh *h)
{
    double dmin = INFINITY, dmax = 0.0;
    int j;
    if (isfinite(h->rcond) && h->rcond >= RCOND_MIN) return 1;
    for (j = 0; j < h->n; j++) {
        double r = fabs(1.0 / h->fac[h->lpos[j]]);
        if (h->dg[j] != 0.0) r /= fabs(h->dg[j]);
        if (r < dmin) dmin = r;
        if (r > dmax) dmax = r;
    }
    if (!(dmax > 0.0) || !isfinite(dmax) || !(dmin / dmax >= RCOND_MIN)) return 0;
    h->rcond = dmin / dmax;
    h->counts.sym_equilibrated++;
    return 1;
}

/* LU of D A, D scaling every row by 1 / its largest entry (as KLU and
 * UMFPACK scale theirs), after the unscaled LU failed the rcond test on
 * nonzero pivots.  min/max |diag U| is a measure of the rows' units as much
 * as of singularity: the consistent accelerations of a rope whose material
 * inertia on a wrap is 1e-15 of the bodies' masses have pivots 1e-15 apart
 * in a matrix whose equilibrated condition number is 15.  Scaled, the test
 * asks whether a pivot lost its digits against the row it came from.  Only
 * a matrix that failed unscaled comes here, so one that passed is factored
 * exactly as before. */
static int scaled_lu(bandh *h, const double *vals)
{
    const sp_pattern *p = h->p;
    const int sink = h->ldab * h->n;
    int i, k, st;
    for (i = 0; i < h->n; i++) h->rs[i] = 0.0;
    for (k = 0; k < p->nnz; k++) {
        int r = h->iperm[p->rowidx[k]];
        if (h->pos[k] != sink && fabs(vals[k]) > h->rs[r]) h->rs[r] = fabs(vals[k]);
    }
    for (i = 0; i < h->n; i++) h->rs[i] = h->rs[i] > 0.0 ? 1.0 / h->rs[i] : 1.0;
    for (k = 0; k < p->nnz; k++) /* an entry outside the matrix: to the sink, any value */
        h->sv[k] = h->pos[k] != sink ? vals[k] * h->rs[h->iperm[p->rowidx[k]]] : 0.0;
    h->counts.lu_scaled++;
    st = lu_factor(h, h->sv);
    h->scaled = st == SP_OK;
    return st;
}

/* vals: h->p's values (the matrix's, or a larger array's: sp_band_set_gather).
 * A symmetric factorization that fails the rcond test goes on to LU and its
 * row-scaled retry, like an unsymmetric one. */
int BAND_NUM(factor)(bandh *h, const double *vals, double *mut)
{
    int st;
    h->sym = 0;
    h->scaled = 0;
    if (h->host && !mut) return SP_EFAIL; /* L has no place but the values */
    if (h->symok && h->sym_failed == 0) {
        int ls = h->host ? check_symmetric(h, vals) : load_symmetric(h, vals, h->low_k, h->low_t);
        if (ls < 0) return SP_ESINGULAR;
        if (ls > 0) {
            h->fac = h->host ? mut : h->lb;
            if (sym_factor(h) && (!h->mult || kkt_growth_ok(h))) {
                if (sym_accept(h)) {
                    h->sym = 1;
                    h->sym_wait = 1;
                    h->counts.sym++;
                    return SP_OK;
                }
                h->counts.sym_refused_rcond++;
            } else
                h->counts.sym_refused_pivot++;
            /* LU (and the caller, should LU fail too) gets the values as given */
            if (h->host) sp_band_num_restore(h, mut);
            if (h->sym_wait < 1) h->sym_wait = 1;
            h->sym_failed = h->sym_wait;
            h->sym_wait = 2 * h->sym_wait < SYM_RETRY ? 2 * h->sym_wait : SYM_RETRY;
        }
    } else if (h->sym_failed > 0)
        h->sym_failed--;
    if (!h->ab && sp_band_lu_storage(h) != SP_OK) return SP_ENOMEM;
    if (h->keep) { /* the values in the matrix only */
        const int sink = h->ldab * h->n;
        int k, bad = 0;
        for (k = 0; k < h->p->nnz; k++) bad |= h->pos[k] != sink && vals[k] - vals[k] != 0.0;
        if (bad) return SP_ESINGULAR;
    } else if (!sp_all_finite(vals, h->p->nnz))
        return SP_ESINGULAR;
    /* Not remembered: a matrix whose LU needed its rows scaled is usually
     * followed by one that does, but starting scaled would make the
     * factors depend on the solver's history, and a rolled-back integrator
     * must repeat its steps bit for bit (test_rollback). */
    st = lu_factor(h, vals);
    /* rcond 0: a column without a pivot, which no row scaling gives one */
    if (st == SP_ESINGULAR && h->rcond > 0.0) st = scaled_lu(h, vals);
    return st;
}

#ifdef BAND_V3
#if defined(__GNUC__) && !defined(BAND_PLAIN_LOOPS)
#define WINDOW_INLINE static inline __attribute__((always_inline))
#else
#define WINDOW_INLINE static inline
#endif
/* The forward sweep L z = y (unit lower) with y[j + 1 .. j + 4R] in R
 * registers (4R >= kd): column j's update of those rows is applied there,
 * y[j + 1] is final after it and is broadcast for the next column, and the
 * window moves on by one lane.  Through memory (col_axpy) every column
 * loaded four values that the previous column had stored at an offset of
 * one, which the CPU cannot forward from store to load: the sweep was a
 * chain of such stalls.  The same operation on every entry as col_axpy's
 * (a row beyond the column's envelope takes a masked +0, which leaves
 * any value, -0 included, as it is), so the same bits as the baseline. */
WINDOW_INLINE void forward_window(const double *L, const int *lpos, const int *env, double *y, int n, const int R)
{
    __m256d w[4], t = _mm256_set1_pd(y[0]);
    __m256i idx[4];
    int j, r;
    for (r = 0; r < R; r++) {
        w[r] = _mm256_loadu_pd(y + 1 + 4 * r);
        idx[r] = _mm256_setr_epi64x(4 * r, 4 * r + 1, 4 * r + 2, 4 * r + 3);
    }
    for (j = 0; j < n; j++) {
        const double *c = L + lpos[j] + 1;
        const __m256i m = _mm256_set1_epi64x(env[j]);
        __m256d nx = _mm256_loadu_pd(y + j + 1 + 4 * R);
        for (r = 0; r < R; r++) {
            const __m256i k = _mm256_cmpgt_epi64(m, idx[r]);
            const __m256d l = _mm256_maskload_pd(c + 4 * r, k);
            w[r] = _mm256_sub_pd(w[r], _mm256_and_pd(_mm256_mul_pd(t, l), _mm256_castsi256_pd(k)));
        }
        _mm_store_sd(y + j, _mm256_castpd256_pd128(t));
        t = _mm256_permute4x64_pd(w[0], 0);
        for (r = 0; r < R; r++) {
            const __m256d hi = r + 1 < R ? w[r + 1] : nx;
            w[r] = _mm256_shuffle_pd(w[r], _mm256_permute2f128_pd(w[r], hi, 0x21), 5);
        }
    }
}
#endif

/* The backward sums, summed from the far end of a run (see sym_solve's):
 * the dot product of c[1 .. m] with y[1 .. m] (a top or middle column),
 * and of u[0 .. U - 1] with y[0 .. U - 1] with y[U - 1] last (a bottom
 * column's run above its diagonal); that last unknown, the one just
 * found, comes in a register (yl): through memory its store and reload
 * were on the chain from one unknown to the next */
UPDATE_INLINE double dot_down(const double *restrict c, const double *y, int m, double yl)
{
    double s0 = 0.0, s1 = 0.0;
    int i;
    for (i = m; i >= 3; i -= 2) {
        s0 += c[i] * y[i];
        s1 += c[i - 1] * y[i - 1];
    }
    if (i == 2) s0 += c[2] * y[2];
    s0 += s1;
    if (m >= 1) s0 += c[1] * yl;
    return s0;
}

UPDATE_INLINE double dot_up(const double *restrict u, const double *y, int U, double yl)
{
    double s0 = 0.0, s1 = 0.0;
    int i;
    for (i = 0; i + 3 <= U; i += 2) {
        s0 += u[i] * y[i];
        s1 += u[i + 1] * y[i + 1];
    }
    if (i + 2 == U) s0 += u[i] * y[i];
    s0 += s1;
    if (U >= 1) s0 += u[U - 1] * yl;
    return s0;
}

/* dot_down and dot_up for each run length up to TWIST_KD, their loops
 * unrolled (their control was a third of the backward sweeps' work) */
#define DOT_FN(K)                                                                                     \
    UPDATE_INLINE double dot_down_##K(const double *restrict c, const double *y, double yl)          \
    {                                                                                                 \
        return dot_down(c, y, K, yl);                                                                 \
    }                                                                                                 \
    UPDATE_INLINE double dot_up_##K(const double *restrict u, const double *y, double yl)            \
    {                                                                                                 \
        return dot_up(u, y, K, yl);                                                                   \
    }
DOT_FN(0) DOT_FN(1) DOT_FN(2) DOT_FN(3) DOT_FN(4) DOT_FN(5) DOT_FN(6) DOT_FN(7) DOT_FN(8)
DOT_FN(9) DOT_FN(10) DOT_FN(11) DOT_FN(12) DOT_FN(13) DOT_FN(14) DOT_FN(15) DOT_FN(16)

UPDATE_INLINE double dot_down_n(const double *restrict c, const double *y, int m, double yl)
{
    switch (m) {
    case 0: return dot_down_0(c, y, yl);
    case 1: return dot_down_1(c, y, yl);
    case 2: return dot_down_2(c, y, yl);
    case 3: return dot_down_3(c, y, yl);
    case 4: return dot_down_4(c, y, yl);
    case 5: return dot_down_5(c, y, yl);
    case 6: return dot_down_6(c, y, yl);
    case 7: return dot_down_7(c, y, yl);
    case 8: return dot_down_8(c, y, yl);
    case 9: return dot_down_9(c, y, yl);
    case 10: return dot_down_10(c, y, yl);
    case 11: return dot_down_11(c, y, yl);
    case 12: return dot_down_12(c, y, yl);
    case 13: return dot_down_13(c, y, yl);
    case 14: return dot_down_14(c, y, yl);
    case 15: return dot_down_15(c, y, yl);
    case 16: return dot_down_16(c, y, yl);
    default: return dot_down(c, y, m, yl);
    }
}

UPDATE_INLINE double dot_up_n(const double *restrict u, const double *y, int U, double yl)
{
    switch (U) {
    case 0: return dot_up_0(u, y, yl);
    case 1: return dot_up_1(u, y, yl);
    case 2: return dot_up_2(u, y, yl);
    case 3: return dot_up_3(u, y, yl);
    case 4: return dot_up_4(u, y, yl);
    case 5: return dot_up_5(u, y, yl);
    case 6: return dot_up_6(u, y, yl);
    case 7: return dot_up_7(u, y, yl);
    case 8: return dot_up_8(u, y, yl);
    case 9: return dot_up_9(u, y, yl);
    case 10: return dot_up_10(u, y, yl);
    case 11: return dot_up_11(u, y, yl);
    case 12: return dot_up_12(u, y, yl);
    case 13: return dot_up_13(u, y, yl);
    case 14: return dot_up_14(u, y, yl);
    case 15: return dot_up_15(u, y, yl);
    case 16: return dot_up_16(u, y, yl);
    default: return dot_up(u, y, U, yl);
    }
}

/* env[j] bounds every column (env[j] <= kd and <= n - 1 - j by
 * construction); D^-1 is kept by sym_factor (on L's diagonal), so the
 * backward sweep's chain from one unknown to the next has no division.
 * Its dot products sum from the far end of the column on two
 * accumulators, the term of the unknown just found added last: from one
 * unknown to the next the chain is a multiply, an add and a subtract
 * (summed from the near end, in 16-byte loads of values stored one by one
 * a moment before, it was the whole sum and a failed store forwarding).
 * Scalar in both copies: the same bits. */
static void sym_solve(bandh *h, double *restrict y)
{
    /* restrict locals: y (the handle's work vector) is none of the factors'
     * arrays, which the compiler cannot know through h */
    const int n = h->n, *restrict env = h->env, *restrict lpos = h->lpos;
    const double *restrict L = h->fac;
    double yl;
    int j;
#ifdef BAND_V3
    switch ((h->kd + 3) / 4) {
    case 0: break;
    case 1: forward_window(L, lpos, env, y, n, 1); break;
    case 2: forward_window(L, lpos, env, y, n, 2); break;
    case 3: forward_window(L, lpos, env, y, n, 3); break;
    case 4: forward_window(L, lpos, env, y, n, 4); break;
    default:
        for (j = 0; j < n; j++) col_axpy(y + j + 1, L + lpos[j] + 1, y[j], env[j]);
    }
#else
    for (j = 0; j < n; j++) /* L z = y (unit lower) */
        col_axpy(y + j + 1, L + lpos[j] + 1, y[j], env[j]);
#endif
    for (j = n - 1, yl = 0.0; j >= 0; j--) { /* D L^T x = z (dot_down: the same sums) */
        const double *restrict cj = L + lpos[j];
        yl = y[j] = y[j] * cj[0] - dot_down_n(cj, y + j, env[j], yl);
    }
    h->flops += h->sym_solve_flops;
}

#ifdef BAND_V3
/* Both forward sweeps of the twisted solve in register windows (see
 * forward_window): the top one's y[j + 1 .. j + 4R], the bottom one's
 * y[p - 4R .. p - 1] (its column's run masked below its first row),
 * moving down one lane a column, one column of each in turn.  Neither
 * writes the other's rows: each stores its own unknowns as they leave its
 * window and ends with the middle rows in its window, dumped to top and
 * bot (top[k] row m + k, bot[k] row e - 1 - 4R + k), while y keeps their
 * values as they came; a row of the other sweep's that a window reads is
 * never written back.  The same operations on every entry as the
 * baseline's sym_solve_twisted. */
WINDOW_INLINE void twisted_window(const double *L, const int *lpos, const int *env, const unsigned char *up, double *y,
                                  int n, int m, int e, double *top, double *bot, const int R)
{
    __m256d w[4], v[4], t = _mm256_set1_pd(y[0]), tb = _mm256_set1_pd(y[n - 1]);
    __m256i idx[4], idb[4];
    int j, p, r;
    for (r = 0; r < R; r++) {
        w[r] = _mm256_loadu_pd(y + 1 + 4 * r);
        idx[r] = _mm256_setr_epi64x(4 * r, 4 * r + 1, 4 * r + 2, 4 * r + 3);
        v[r] = _mm256_loadu_pd(y + n - 1 - 4 * R + 4 * r);
        idb[r] = _mm256_setr_epi64x(4 * (R - r), 4 * (R - r) - 1, 4 * (R - r) - 2, 4 * (R - r) - 3);
    }
    for (j = 0, p = n - 1; j < m || p >= e; j++, p--) {
        if (j < m) {
            const double *c = L + lpos[j] + 1;
            const __m256i mk = _mm256_set1_epi64x(env[j]);
            const __m256d nx = _mm256_loadu_pd(y + j + 1 + 4 * R);
            for (r = 0; r < R; r++) {
                const __m256i k = _mm256_cmpgt_epi64(mk, idx[r]);
                const __m256d l = _mm256_maskload_pd(c + 4 * r, k);
                w[r] = _mm256_sub_pd(w[r], _mm256_and_pd(_mm256_mul_pd(t, l), _mm256_castsi256_pd(k)));
            }
            _mm_store_sd(y + j, _mm256_castpd256_pd128(t));
            t = _mm256_permute4x64_pd(w[0], 0);
            for (r = 0; r < R; r++) {
                const __m256d hi = r + 1 < R ? w[r + 1] : nx;
                w[r] = _mm256_shuffle_pd(w[r], _mm256_permute2f128_pd(w[r], hi, 0x21), 5);
            }
        }
        if (p >= e) {
            const double *u = L + lpos[p] - 4 * R;
            const __m256i mk = _mm256_set1_epi64x(up[p] + 1);
            const __m256d nx = _mm256_loadu_pd(y + p - 4 * R - 4);
            for (r = 0; r < R; r++) {
                const __m256i k = _mm256_cmpgt_epi64(mk, idb[r]);
                const __m256d l = _mm256_maskload_pd(u + 4 * r, k);
                v[r] = _mm256_sub_pd(v[r], _mm256_and_pd(_mm256_mul_pd(tb, l), _mm256_castsi256_pd(k)));
            }
            _mm_store_sd(y + p, _mm256_castpd256_pd128(tb));
            tb = _mm256_permute4x64_pd(v[R - 1], 0xff);
            for (r = R - 1; r >= 0; r--) {
                const __m256d lo = r > 0 ? v[r - 1] : nx;
                v[r] = _mm256_shuffle_pd(_mm256_permute2f128_pd(lo, v[r], 0x21), v[r], 5);
            }
        }
    }
    _mm_store_sd(top, _mm256_castpd256_pd128(t));
    _mm_store_sd(bot + 4 * R, _mm256_castpd256_pd128(tb));
    for (r = 0; r < R; r++) {
        _mm256_storeu_pd(top + 1 + 4 * r, w[r]);
        _mm256_storeu_pd(bot + 4 * r, v[r]);
    }
}
#endif

/* The solve with the twisted factors: both forward sweeps side by side
 * (the bottom one y[p - U .. p - 1] -= u y[p]), the middle block's, then
 * its backward one, then both backward sweeps side by side; one chain of
 * unknowns a sweep, each half as long as sym_solve's.  The middle rows
 * take the bottom sweep's updates apart (ym, from their values as they
 * came, orig) and then the sum top + (bottom - orig), so that the two
 * sweeps' order does not matter (the AVX2 copy's windows hold them). */
static void sym_solve_twisted(bandh *h, double *restrict y)
{
    const int n = h->n, m = h->tw_m, e = h->tw_e, *restrict env = h->env, *restrict lpos = h->lpos;
    const unsigned char *restrict up = h->up;
    const double *restrict L = h->fac;
    double orig[TWIST_KD], ym[TWIST_KD], yt, yb;
    int j, p, i;
#ifdef BAND_V3
    const int R = (h->kd + 3) / 4;
    if (e >= 4 * R + 4) { /* the bottom window's first load at y[e - 4R - 4] */
        double top[4 * 4 + 1], bot[4 * 4 + 1];
        switch (R) {
        case 1: twisted_window(L, lpos, env, h->up, y, n, m, e, top, bot, 1); break;
        case 2: twisted_window(L, lpos, env, h->up, y, n, m, e, top, bot, 2); break;
        case 3: twisted_window(L, lpos, env, h->up, y, n, m, e, top, bot, 3); break;
        default: twisted_window(L, lpos, env, h->up, y, n, m, e, top, bot, 4); break;
        }
        for (j = m; j < e; j++) y[j] = top[j - m] + (bot[j - e + 1 + 4 * R] - y[j]);
        goto middle;
    }
#endif
    for (j = m; j < e; j++) orig[j - m] = ym[j - m] = y[j];
    for (j = 0, p = n - 1; j < m || p >= e; j++, p--) {
        if (j < m) col_axpy(y + j + 1, L + lpos[j] + 1, y[j], env[j]);
        if (p >= e) {
            const int r0 = p - up[p];
            const double *u = L + lpos[p] - up[p];
            if (r0 < e) {
                col_axpy(ym + r0 - m, u, y[p], e - r0);
                col_axpy(y + e, u + e - r0, y[p], p - e);
            } else
                col_axpy(y + r0, u, y[p], p - r0);
        }
    }
    for (j = m; j < e; j++) y[j] = y[j] + (ym[j - m] - orig[j - m]);
#ifdef BAND_V3
middle:
#endif
    /* the middle block: a few unknowns, scalar (its vectors' stores and
     * reloads one entry apart cannot be forwarded) */
    for (j = m; j < e; j++) {
        const double *c = L + lpos[j], t = y[j];
        const int K = env[j] < e - 1 - j ? env[j] : e - 1 - j;
        for (i = 1; i <= K; i++) y[j + i] -= t * c[i];
    }
    for (j = e - 1, yt = 0.0; j >= m; j--) {
        const double *cj = L + lpos[j];
        yt = y[j] = y[j] * cj[0] - dot_down(cj, y + j, env[j] < e - 1 - j ? env[j] : e - 1 - j, yt);
    }
    yb = y[e - 1];
    for (j = m - 1, p = e; j >= 0 || p < n; j--, p++) {
        if (j >= 0) {
            const double *cj = L + lpos[j];
            yt = y[j] = y[j] * cj[0] - dot_down_n(cj, y + j, env[j], yt);
        }
        if (p < n) yb = y[p] = y[p] * L[lpos[p]] - dot_up_n(L + lpos[p] - up[p], y + p - up[p], up[p], yb);
    }
    h->flops += h->sym_solve_flops;
}

void BAND_NUM(solve)(bandh *h, const double *b, double *x)
{
    const int n = h->n, kl = h->kl, kv = h->kl + h->ku, ld = h->ldab;
    const double *ab = h->ab;
    double *y = h->work;
    long fl = 0;
    int j, i;
    if (h->scaled)
        for (j = 0; j < n; j++) y[j] = b[h->perm[j]] * h->rs[j];
    else if (h->perm_run >= 0)
        memcpy(y, b + h->perm_run, (size_t)n * sizeof(double));
    else
        for (j = 0; j < n; j++) y[j] = b[h->perm[j]];
    if (h->sym) {
        if (h->tw_m)
            sym_solve_twisted(h, y);
        else
            sym_solve(h, y);
        if (h->perm_run >= 0)
            memcpy(x + h->perm_run, y, (size_t)n * sizeof(double));
        else
            for (j = 0; j < n; j++) x[h->perm[j]] = y[j];
        return;
    }
    for (j = 0; j < n; j++) { /* L: unit lower, with the row swaps */
        const double *cj = ab + kv + (size_t)j * ld;
        int km = kl < n - 1 - j ? kl : n - 1 - j, pv = h->ipiv[j];
        double t = y[pv];
        y[pv] = y[j];
        y[j] = t;
        if (t != 0.0) {
            for (i = 1; i <= km; i++) y[j + i] -= cj[i] * t;
            fl += 2 * km;
        }
    }
    for (j = n - 1; j >= 0; j--) { /* U: upper bandwidth kl + ku */
        const double *col = ab + kv + (size_t)j * ld - j; /* col[i] = U(i, j) */
        int i0 = j - kv > 0 ? j - kv : 0;
        double t = y[j] / col[j];
        y[j] = t;
        fl++;
        if (t != 0.0) {
            for (i = i0; i < j; i++) y[i] -= col[i] * t;
            fl += 2 * (j - i0);
        }
    }
    for (j = 0; j < n; j++) x[h->perm[j]] = y[j];
    h->flops += (double)fl;
}
