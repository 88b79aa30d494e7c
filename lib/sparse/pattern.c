/* Pattern construction (pair lists and dense blocks -> CSC) and pattern
 * queries.
 *
 * sp_builder_finish sorts with two counting-sort passes (by row, then by
 * column), so the work is O(pairs + n) with no comparison sort: patterns of
 * 10^6 entries and more are built in linear time.  Blocks are expanded into
 * the by-row lists only there, so the set-up's memory is one int per pair
 * instead of three. */
#include "backend.h"
#include "../core/isa.h"

#include <float.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

enum { INITIAL_CAP = 64 };

/* At least one element, so a zero-sized array (n == 0, no entries) is still a
 * valid allocation rather than the NULL that ac_malloc gives for size 0. */
static int *alloc_ints(ac_alloc *a, size_t count)
{
    if (count == 0)
        count = 1;
    if (count > SIZE_MAX / sizeof(int))
        return NULL;
    return ac_malloc(a, count * sizeof(int));
}

int sp_builder_init(sp_builder *b, int n, ac_alloc *alloc)
{
    if (!b)
        return -1;
    memset(b, 0, sizeof *b);
    if (n < 0 || !alloc)
        return -1;
    b->n = n;
    b->alloc = alloc;
    b->rows = alloc_ints(alloc, INITIAL_CAP);
    b->cols = alloc_ints(alloc, INITIAL_CAP);
    b->bstart = alloc_ints(alloc, INITIAL_CAP);
    b->bdofs = alloc_ints(alloc, INITIAL_CAP);
    if (!b->rows || !b->cols || !b->bstart || !b->bdofs) {
        sp_builder_free(b);
        return -1;
    }
    b->cap = INITIAL_CAP;
    b->capblk = INITIAL_CAP - 1; /* bstart holds nblk + 1 offsets */
    b->capdofs = INITIAL_CAP;
    b->bstart[0] = 0;
    return 0;
}

/* Geometric growth keeps sp_builder_add amortised O(1). */
static int reserve(sp_builder *b, int extra)
{
    size_t need, cap;
    int *r, *c;
    if (extra <= b->cap - b->count)
        return 0;
    need = (size_t)b->count + (size_t)extra;
    if (need > INT_MAX)
        return -1;
    cap = (size_t)b->cap * 2;
    if (cap < need)
        cap = need;
    if (cap > INT_MAX)
        cap = INT_MAX;
    if (cap > SIZE_MAX / sizeof(int))
        return -1;
    r = ac_realloc(b->alloc, b->rows, cap * sizeof(int));
    if (!r)
        return -1;
    b->rows = r;
    /* cap is only raised once both lists have grown: a failure here leaves
     * rows larger than cap, which is harmless. */
    c = ac_realloc(b->alloc, b->cols, cap * sizeof(int));
    if (!c)
        return -1;
    b->cols = c;
    b->cap = (int)cap;
    return 0;
}

int sp_builder_add(sp_builder *b, int row, int col)
{
    if (row < 0 || row >= b->n || col < 0 || col >= b->n)
        return -2;
    if (reserve(b, 1) != 0)
        return -1;
    b->rows[b->count] = row;
    b->cols[b->count] = col;
    b->count++;
    return 0;
}

/* *arr (capacity *cap) grown geometrically to hold need ints */
static int grow_ints(ac_alloc *a, int **arr, int *cap, size_t need)
{
    size_t c = (size_t)*cap * 2;
    int *r;
    if (need <= (size_t)*cap) return 0;
    if (need > INT_MAX - 1) return -1;
    if (c < need) c = need;
    if (c > INT_MAX - 1) c = INT_MAX - 1;
    if (!(r = ac_realloc(a, *arr, (c + 1) * sizeof(int)))) return -1;
    *arr = r;
    *cap = (int)c;
    return 0;
}

int sp_builder_add_block(sp_builder *b, const int *dofs, int k)
{
    int i, m = 0;
    /* Validate everything first so a bad dof leaves the builder unchanged. */
    for (i = 0; i < k; i++) {
        if (dofs[i] >= b->n)
            return -2;
        if (dofs[i] >= 0)
            m++;
    }
    if (m == 0)
        return 0;
    if (m > INT_MAX / m || (size_t)b->count + b->bpairs + (size_t)m * (size_t)m > (size_t)INT_MAX - (size_t)b->n)
        return -1;
    if (grow_ints(b->alloc, &b->bdofs, &b->capdofs, (size_t)b->ndofs + (size_t)m) ||
        grow_ints(b->alloc, &b->bstart, &b->capblk, (size_t)b->nblk + 1))
        return -1;
    for (i = 0; i < k; i++)
        if (dofs[i] >= 0) b->bdofs[b->ndofs++] = dofs[i];
    b->bstart[++b->nblk] = b->ndofs;
    b->bpairs += (size_t)m * (size_t)m;
    return 0;
}

void sp_builder_free(sp_builder *b)
{
    if (!b)
        return;
    if (b->alloc) {
        ac_free(b->alloc, b->rows);
        ac_free(b->alloc, b->cols);
        ac_free(b->alloc, b->bstart);
        ac_free(b->alloc, b->bdofs);
    }
    b->rows = NULL;
    b->cols = NULL;
    b->bstart = NULL;
    b->bdofs = NULL;
    b->count = 0;
    b->cap = 0;
    b->nblk = b->ndofs = b->capblk = b->capdofs = 0;
    b->bpairs = 0;
}

/* On failure the builder is left as it was (the caller still owns it and
 * must sp_builder_free it); on success its lists are released. */
int sp_builder_finish(sp_builder *b, sp_pattern *p)
{
    ac_alloc *a = b->alloc;
    const int n = b->n;
    int *rowptr = NULL, *byrow = NULL, *mark = NULL;
    int *colptr = NULL, *rowidx = NULL, *diag = NULL;
    int total, nnz, r, c, k;

    if ((size_t)b->count + b->bpairs > (size_t)INT_MAX - (size_t)n)
        return -1;
    total = b->count + (int)b->bpairs + n; /* every pair, the blocks' too, plus one diagonal per column */

    rowptr = alloc_ints(a, (size_t)n + 1);
    byrow = alloc_ints(a, (size_t)total);
    mark = alloc_ints(a, (size_t)n);
    colptr = alloc_ints(a, (size_t)n + 1);
    diag = alloc_ints(a, (size_t)n);
    if (!rowptr || !byrow || !mark || !colptr || !diag)
        goto fail;

    /* Pass 1: bucket the column indices by row (counting sort on rows). */
    memset(rowptr, 0, ((size_t)n + 1) * sizeof(int));
    for (k = 0; k < b->count; k++)
        rowptr[b->rows[k] + 1]++;
    for (k = 0; k < b->nblk; k++) {
        int i, m = b->bstart[k + 1] - b->bstart[k];
        for (i = b->bstart[k]; i < b->bstart[k + 1]; i++)
            rowptr[b->bdofs[i] + 1] += m;
    }
    for (r = 0; r < n; r++)
        rowptr[r + 1]++;
    for (r = 0; r < n; r++)
        rowptr[r + 1] += rowptr[r];
    for (r = 0; r < n; r++)
        mark[r] = rowptr[r];
    for (k = 0; k < b->count; k++)
        byrow[mark[b->rows[k]]++] = b->cols[k];
    for (k = 0; k < b->nblk; k++) {
        int i, j;
        for (i = b->bstart[k]; i < b->bstart[k + 1]; i++)
            for (j = b->bstart[k]; j < b->bstart[k + 1]; j++)
                byrow[mark[b->bdofs[i]]++] = b->bdofs[j];
    }
    for (r = 0; r < n; r++)
        byrow[mark[r]++] = r;

    /* Pass 2: walking rows in increasing order appends rows to each column
     * already sorted, and a repeated (row, col) shows up while mark[col]
     * still equals that row, so counting and de-duplication are one scan. */
    for (c = 0; c < n; c++) {
        mark[c] = -1;
        colptr[c + 1] = 0;
    }
    colptr[0] = 0;
    for (r = 0; r < n; r++)
        for (k = rowptr[r]; k < rowptr[r + 1]; k++) {
            c = byrow[k];
            if (mark[c] != r) {
                mark[c] = r;
                colptr[c + 1]++;
            }
        }
    for (c = 0; c < n; c++)
        colptr[c + 1] += colptr[c];
    nnz = colptr[n];

    rowidx = alloc_ints(a, (size_t)nnz);
    if (!rowidx)
        goto fail;
    /* mark becomes the fill cursor of each column; a duplicate is now the
     * row just written at the end of that column. */
    for (c = 0; c < n; c++)
        mark[c] = colptr[c];
    for (r = 0; r < n; r++)
        for (k = rowptr[r]; k < rowptr[r + 1]; k++) {
            c = byrow[k];
            if (mark[c] > colptr[c] && rowidx[mark[c] - 1] == r)
                continue;
            if (r == c)
                diag[c] = mark[c];
            rowidx[mark[c]++] = r;
        }

    ac_free(a, rowptr);
    ac_free(a, byrow);
    ac_free(a, mark);
    sp_builder_free(b);
    p->n = n;
    p->nnz = nnz;
    p->colptr = colptr;
    p->rowidx = rowidx;
    p->diag = diag;
    return 0;

fail:
    ac_free(a, rowptr);
    ac_free(a, byrow);
    ac_free(a, mark);
    ac_free(a, colptr);
    ac_free(a, rowidx);
    ac_free(a, diag);
    return -1;
}

void sp_pattern_free(sp_pattern *p, ac_alloc *alloc)
{
    if (!p)
        return;
    ac_free(alloc, p->colptr);
    ac_free(alloc, p->rowidx);
    ac_free(alloc, p->diag);
    memset(p, 0, sizeof *p);
}

int sp_find(const sp_pattern *p, int row, int col)
{
    int lo, hi;
    if (row < 0 || row >= p->n || col < 0 || col >= p->n)
        return -1;
    lo = p->colptr[col];
    hi = p->colptr[col + 1] - 1;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2;
        int r = p->rowidx[mid];
        if (r == row)
            return mid;
        if (r < row)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}

void sp_block_map(const sp_pattern *p, const int *dofs, int k, int *map)
{
    int i, j;
    for (i = 0; i < k; i++)
        for (j = 0; j < k; j++)
            map[i * k + j] = (dofs[i] < 0 || dofs[j] < 0)
                                 ? -1
                                 : sp_find(p, dofs[i], dofs[j]);
}

/* x and y must not alias: y is cleared before x has been fully read. */
void sp_matvec(const sp_pattern *p, const double *vals, const double *x,
               double *y)
{
    int j, k;
    for (j = 0; j < p->n; j++)
        y[j] = 0.0;
    for (j = 0; j < p->n; j++) {
        const double xj = x[j];
        for (k = p->colptr[j]; k < p->colptr[j + 1]; k++)
            y[p->rowidx[k]] += vals[k] * xj;
    }
}

/* x * 0 is 0 for a finite x and NaN otherwise; four partial sums let the
 * loop vectorize (a single running sum is a serial dependency). */
static int all_finite_exact(const double *v, int n)
{
    double s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0;
    int k;
    for (k = 0; k + 3 < n; k += 4) {
        s0 += v[k] * 0.0;
        s1 += v[k + 1] * 0.0;
        s2 += v[k + 2] * 0.0;
        s3 += v[k + 3] * 0.0;
    }
    for (; k < n; k++) s0 += v[k] * 0.0;
    return (s0 + s1 + s2 + s3) == 0.0;
}

/* The first test, an add per entry (a step tests its residual and its
 * Jacobian's values, 1.5 k entries at 10 ANCF elements): a NaN or an
 * infinity makes any sum it enters NaN or infinite, so a finite sum says
 * every value is finite; only a sum that is not (a non-finite value, or
 * finite ones that overflow it) takes the exact test. */
#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
typedef double sp_v2 __attribute__((vector_size(16)));

static int sum_finite(const double *v, int n)
{
    sp_v2 s0 = {0.0, 0.0}, s1 = s0, s2 = s0, s3 = s0, x0, x1, x2, x3;
    double t = 0.0;
    int k;
    for (k = 0; k + 8 <= n; k += 8) {
        memcpy(&x0, v + k, sizeof x0);
        memcpy(&x1, v + k + 2, sizeof x1);
        memcpy(&x2, v + k + 4, sizeof x2);
        memcpy(&x3, v + k + 6, sizeof x3);
        s0 += x0;
        s1 += x1;
        s2 += x2;
        s3 += x3;
    }
    for (; k < n; k++) t += v[k];
    s0 = (s0 + s1) + (s2 + s3);
    return isfinite(s0[0] + s0[1] + t);
}

#if AC_HAVE_ISA_V3
typedef double sp_v4 __attribute__((vector_size(32)));

/* the same with AVX2's four-wide adds, where ac_isa() chose that copy */
__attribute__((target("avx2"))) static int sum_finite_v3(const double *v, int n)
{
    sp_v4 s0 = {0.0, 0.0, 0.0, 0.0}, s1 = s0, s2 = s0, s3 = s0, x0, x1, x2, x3;
    double t = 0.0;
    int k;
    for (k = 0; k + 16 <= n; k += 16) {
        memcpy(&x0, v + k, sizeof x0);
        memcpy(&x1, v + k + 4, sizeof x1);
        memcpy(&x2, v + k + 8, sizeof x2);
        memcpy(&x3, v + k + 12, sizeof x3);
        s0 += x0;
        s1 += x1;
        s2 += x2;
        s3 += x3;
    }
    for (; k < n; k++) t += v[k];
    s0 = (s0 + s1) + (s2 + s3);
    return isfinite(s0[0] + s0[1] + s0[2] + s0[3] + t);
}
#endif

int sp_all_finite(const double *v, int n)
{
#if AC_HAVE_ISA_V3
    if (n >= 16 && ac_isa() == AC_ISA_V3) {
        if (sum_finite_v3(v, n)) return 1;
    } else
#endif
    if (sum_finite(v, n))
        return 1;
    return all_finite_exact(v, n);
}
#else
int sp_all_finite(const double *v, int n) { return all_finite_exact(v, n); }
#endif

int sp_scale_column(const sp_pattern *p, const double *vals, int j, double *out)
{
    int k;
    double big = 0.0, sum = 0.0, inv;
    for (k = p->colptr[j]; k < p->colptr[j + 1]; k++) {
        double a = fabs(vals[k]);
        if (!(a <= DBL_MAX)) return -1;
        if (a > big) big = a;
    }
    if (big == 0.0) {
        for (k = p->colptr[j]; k < p->colptr[j + 1]; k++) out[k] = 0.0;
        return 0;
    }
    for (k = p->colptr[j]; k < p->colptr[j + 1]; k++) {
        double t = vals[k] / big;
        sum += t * t;
    }
    inv = 1.0 / (big * sqrt(sum));
    for (k = p->colptr[j]; k < p->colptr[j + 1]; k++) out[k] = vals[k] * inv;
    return 0;
}
