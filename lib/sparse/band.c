/* Band LU backend: a reverse Cuthill-McKee ordering computed once per pattern,
 * then dense band storage and LU with partial pivoting (the algorithm of
 * LAPACK's dgbtf2/dgbtrs, written for our storage so that nothing is called
 * per column).
 *
 * Why: a cable's matrices are banded.  With its dofs numbered node by node
 * and each constraint row placed next to the dofs it touches (what RCM does
 * to a KKT matrix), the 10-element ANCF pendulum has n = 91 and a half
 * bandwidth near 13: the factorization is a few tens of thousands of flops
 * with fixed loop bounds, which KLU's general sparse machinery (pivot
 * bookkeeping, per-entry indirection, row scaling) costs several times over.
 * Time stepping refactorizes at every step, so this is the cost that
 * decides real time.
 *
 * Partial pivoting searches the kl entries below the diagonal, so zero KKT
 * diagonals are never chosen while a constraint row is inside the band, and
 * U's upper bandwidth grows to at most kl + ku (the storage reserves it, as
 * LAPACK's does).  Pivoting is fresh at every factorization: no pivot order
 * is replayed, so there is nothing to go stale.
 *
 * The pattern must be worth it: sp_band_create refuses (SP_EUNSUITED) when
 * the band storage would exceed BAND_MAX_FILL times the pattern's nonzeros
 * (a body joined to both ends of a long cable, say), and the automatic
 * choice then takes KLU.  rcond is min/max |diag U|, the measure of the
 * other LU backends; below RCOND_MIN the matrix counts as singular.
 *
 * Symmetric values take LDL^T without pivoting (sym_factor), whose rcond
 * test is that of the equilibrated matrix D A D (D_j = |a_jj|^-1/2): see
 * sym_accept. */
#include "backend.h"

#include <math.h>
#include <string.h>

#define RCOND_MIN 1e-15
#define BAND_MAX_FILL 8
#define BAND_MIN_STORAGE 4096 /* tiny systems are always accepted */

typedef struct bandh {
    const sp_pattern *p;
    ac_alloc *alloc;
    int n, kl, ku, ldab;
    int *perm, *iperm;  /* perm[new] = old */
    int *pos;           /* band-storage index of every pattern entry */
    int *ipiv;
    double *ab;         /* ldab x n, column-major */
    double *work;       /* n: permuted right-hand side */
    double rcond;
    double flops;       /* of the last factorization and solves since */
    /* symmetric path (see sym_factor): transpose position of every entry
     * (-1 somewhere: the pattern is not symmetric, never tried), lower
     * band storage L(i, j) = lb[i - j + j (kd + 1)], and which path made
     * the current factors */
    int *tpos, *lpos, kd;  /* lpos: lower-storage index of an entry, -1 above the diagonal */
    int *env;              /* rows below the diagonal that column j of L can reach (envelope) */
    /* lower-triangle entries: value index, its transpose's, and position in
     * lb; envelope positions outside the pattern (fill), zeroed per factorization */
    int nlow, *low_k, *low_t, *low_p, nfill, *fill_p;
    /* gathered values (sp_band_set_gather): entry k is vals[src[k]]; the
     * lower lists composed with src, and a scratch for the LU path */
    const int *src;
    int *gk, *gt;
    double *gv;
    double *lb, *dg;       /* dg: the diagonal before elimination */
    double *rdg;           /* D^-1 of the factorization */
    int sym, sym_failed, sym_wait; /* sym_wait: the next refusal's LU-only run */
    /* the row-scaled retry (scaled_lu): 1 / the rows' largest entries, the
     * scaled values, and whether the current factors are of D A */
    double *rs, *sv;
    int scaled;
    sp_band_counts counts;
} bandh;

/* ---- reverse Cuthill-McKee ---------------------------------------------- */

typedef struct graph {
    int n;
    int *ptr, *adj, *deg;
} graph;

/* Adjacency of A + A^T without the diagonal. */
static int graph_build(graph *g, const sp_pattern *p, ac_alloc *alloc)
{
    int n = p->n, j, k, *fill;
    g->n = n;
    g->ptr = ac_calloc(alloc, (size_t)n + 1, sizeof(int));
    g->deg = ac_calloc(alloc, (size_t)n, sizeof(int));
    fill = ac_calloc(alloc, (size_t)n, sizeof(int));
    g->adj = ac_malloc(alloc, 2 * (size_t)(p->nnz > 0 ? p->nnz : 1) * sizeof(int));
    if (!g->ptr || !g->deg || !fill || !g->adj) {
        ac_free(alloc, fill);
        return SP_ENOMEM;
    }
    for (j = 0; j < n; j++)
        for (k = p->colptr[j]; k < p->colptr[j + 1]; k++)
            if (p->rowidx[k] != j) {
                g->ptr[j + 1]++;
                g->ptr[p->rowidx[k] + 1]++;
            }
    for (j = 0; j < n; j++) g->ptr[j + 1] += g->ptr[j];
    for (j = 0; j < n; j++)
        for (k = p->colptr[j]; k < p->colptr[j + 1]; k++) {
            int i = p->rowidx[k];
            if (i == j) continue;
            g->adj[g->ptr[j] + fill[j]++] = i;
            g->adj[g->ptr[i] + fill[i]++] = j;
        }
    /* a pair present in both triangles appears twice: harmless for BFS, but
     * the degree counts distinct neighbours only approximately; it is a
     * tie-breaker, nothing more */
    for (j = 0; j < n; j++) g->deg[j] = g->ptr[j + 1] - g->ptr[j];
    ac_free(alloc, fill);
    return SP_OK;
}

static void graph_free(graph *g, ac_alloc *alloc)
{
    ac_free(alloc, g->ptr);
    ac_free(alloc, g->adj);
    ac_free(alloc, g->deg);
}

/* Breadth-first search from root over unnumbered vertices (mark[v] == 0
 * marks them; the search sets mark to stamp).  Writes the level order into
 * out, returns its length; *last is a vertex of the last level with the
 * smallest degree, *depth the number of levels. */
static int bfs(const graph *g, int root, int *mark, int stamp, int *out, int sort, int *last, int *depth)
{
    int head = 0, tail = 0, lev_start = 0, lev_end, d = 0, i;
    out[tail++] = root;
    mark[root] = stamp;
    while (head < tail) {
        lev_end = tail;
        for (; head < lev_end; head++) {
            int v = out[head], first = tail, k;
            for (k = g->ptr[v]; k < g->ptr[v + 1]; k++) {
                int w = g->adj[k];
                if (mark[w] == stamp || mark[w] < 0) continue;
                mark[w] = stamp;
                out[tail++] = w;
            }
            if (sort) /* Cuthill-McKee: children by increasing degree (insertion sort, few each) */
                for (i = first + 1; i < tail; i++) {
                    int x = out[i], j = i - 1;
                    while (j >= first && g->deg[out[j]] > g->deg[x]) {
                        out[j + 1] = out[j];
                        j--;
                    }
                    out[j + 1] = x;
                }
        }
        d++;
        if (tail > lev_end) lev_start = lev_end;
    }
    *depth = d;
    *last = out[lev_start];
    for (i = lev_start; i < tail; i++)
        if (g->deg[out[i]] < g->deg[*last]) *last = out[i];
    return tail;
}

/* perm[new] = old: RCM of every connected component, each from a
 * pseudo-peripheral vertex (George & Liu).  Also the GPL-free build's banded
 * rank detection's order (lapack_qr.c). */
int sp_rcm(const sp_pattern *p, ac_alloc *alloc, int *perm)
{
    graph g;
    int n = p->n, *mark, *tmp, done = 0, stamp = 1, v, i, st;
    if ((st = graph_build(&g, p, alloc))) {
        graph_free(&g, alloc);
        return st;
    }
    mark = ac_calloc(alloc, (size_t)n, sizeof(int));
    tmp = ac_malloc(alloc, (size_t)(n > 0 ? n : 1) * sizeof(int));
    if (!mark || !tmp) {
        ac_free(alloc, mark);
        ac_free(alloc, tmp);
        graph_free(&g, alloc);
        return SP_ENOMEM;
    }
    for (v = 0; v < n; v++) {
        int root = v, last, depth, depth0 = -1, cnt, tries;
        if (mark[v] < 0) continue;
        /* pseudo-peripheral root: walk to the far end while the depth grows */
        for (tries = 0; tries < 8; tries++) {
            bfs(&g, root, mark, ++stamp, tmp, 0, &last, &depth);
            if (depth <= depth0) break;
            depth0 = depth;
            root = last;
        }
        cnt = bfs(&g, root, mark, ++stamp, tmp, 1, &last, &depth);
        for (i = 0; i < cnt; i++) {
            perm[done + i] = tmp[i];
            mark[tmp[i]] = -1; /* numbered */
        }
        done += cnt;
    }
    for (i = 0; i < n / 2; i++) { /* reverse */
        int t = perm[i];
        perm[i] = perm[n - 1 - i];
        perm[n - 1 - i] = t;
    }
    ac_free(alloc, mark);
    ac_free(alloc, tmp);
    graph_free(&g, alloc);
    return SP_OK;
}

/* ---- backend ------------------------------------------------------------- */

void sp_band_destroy(void *impl)
{
    bandh *h = impl;
    if (!h) return;
    ac_free(h->alloc, h->perm);
    ac_free(h->alloc, h->iperm);
    ac_free(h->alloc, h->pos);
    ac_free(h->alloc, h->ipiv);
    ac_free(h->alloc, h->ab);
    ac_free(h->alloc, h->work);
    ac_free(h->alloc, h->rs);
    ac_free(h->alloc, h->sv);
    ac_free(h->alloc, h->tpos);
    ac_free(h->alloc, h->lpos);
    ac_free(h->alloc, h->lb);
    ac_free(h->alloc, h->dg);
    ac_free(h->alloc, h->rdg);
    ac_free(h->alloc, h->env);
    ac_free(h->alloc, h->low_k);
    ac_free(h->alloc, h->low_t);
    ac_free(h->alloc, h->low_p);
    ac_free(h->alloc, h->fill_p);
    ac_free(h->alloc, h->gk);
    ac_free(h->alloc, h->gt);
    ac_free(h->alloc, h->gv);
    ac_free(h->alloc, h);
}

/* The envelope of L.  Elimination fills row i of L only from its first
 * nonzero column f_i in A on (no fill left of a row's first entry), so
 * column j of L lives in the rows i > j with f_i <= j: env[j] is the last
 * of them minus j.  A cable's block-tridiagonal rows start at the previous
 * node's first dof, so about half of the band is outside the envelope and
 * the factorization skips it (without testing values). */
static int envelope(bandh *h)
{
    const sp_pattern *p = h->p;
    int n = h->n, i, j, k, *first = ac_malloc(h->alloc, (size_t)n * sizeof(int));
    h->env = ac_malloc(h->alloc, (size_t)n * sizeof(int));
    if (!first || !h->env) {
        ac_free(h->alloc, first);
        return SP_ENOMEM;
    }
    for (i = 0; i < n; i++) first[i] = i;
    for (j = 0; j < n; j++)
        for (k = p->colptr[j]; k < p->colptr[j + 1]; k++) {
            int ni = h->iperm[p->rowidx[k]], nj = h->iperm[j];
            if (ni > nj && nj < first[ni]) first[ni] = nj;
        }
    for (j = 0; j < n; j++) h->env[j] = 0;
    for (i = 0; i < n; i++) /* rows f_i .. i - 1 of the columns reach row i */
        for (j = first[i]; j < i; j++)
            if (i - j > h->env[j]) h->env[j] = i - j;
    ac_free(h->alloc, first);
    return SP_OK;
}

/* The lists load_symmetric walks: the pattern's lower entries, and the
 * envelope positions no entry writes (zeroed, then filled in). */
static int lower_lists(bandh *h)
{
    const sp_pattern *p = h->p;
    const int ld = h->kd + 1;
    int n = h->n, j, k, c, *mark;
    h->nlow = h->nfill = 0;
    for (k = 0; k < p->nnz; k++) h->nlow += h->lpos[k] >= 0;
    for (j = 0; j < n; j++) h->nfill += h->env[j] + 1;
    h->low_k = ac_malloc(h->alloc, (size_t)(h->nlow + 1) * sizeof(int));
    h->low_t = ac_malloc(h->alloc, (size_t)(h->nlow + 1) * sizeof(int));
    h->low_p = ac_malloc(h->alloc, (size_t)(h->nlow + 1) * sizeof(int));
    h->fill_p = ac_malloc(h->alloc, (size_t)(h->nfill + 1) * sizeof(int));
    mark = ac_calloc(h->alloc, (size_t)n * (size_t)ld, sizeof(int));
    if (!h->low_k || !h->low_t || !h->low_p || !h->fill_p || !mark) {
        ac_free(h->alloc, mark);
        return SP_ENOMEM;
    }
    h->nlow = 0;
    for (k = 0; k < p->nnz; k++)
        if (h->lpos[k] >= 0) {
            h->low_k[h->nlow] = k;
            h->low_t[h->nlow] = h->tpos[k];
            h->low_p[h->nlow++] = h->lpos[k];
            mark[h->lpos[k]] = 1;
        }
    h->nfill = 0;
    for (j = 0; j < n; j++)
        for (c = 0; c <= h->env[j]; c++)
            if (!mark[(size_t)j * ld + c]) h->fill_p[h->nfill++] = j * ld + c;
    ac_free(h->alloc, mark);
    return SP_OK;
}

int sp_band_create(void **impl, const sp_pattern *p, ac_alloc *alloc)
{
    bandh *h;
    int n = p->n, j, k, st;
    double storage;
    if (n <= 0) return SP_EFAIL;
    h = ac_calloc(alloc, 1, sizeof *h);
    if (!h) return SP_ENOMEM;
    h->p = p;
    h->alloc = alloc;
    h->n = n;
    h->perm = ac_malloc(alloc, (size_t)n * sizeof(int));
    h->iperm = ac_malloc(alloc, (size_t)n * sizeof(int));
    if (!h->perm || !h->iperm) {
        sp_band_destroy(h);
        return SP_ENOMEM;
    }
    if ((st = sp_rcm(p, alloc, h->perm))) {
        sp_band_destroy(h);
        return st;
    }
    for (j = 0; j < n; j++) h->iperm[h->perm[j]] = j;
    for (j = 0; j < n; j++)
        for (k = p->colptr[j]; k < p->colptr[j + 1]; k++) {
            int d = h->iperm[p->rowidx[k]] - h->iperm[j];
            if (d > h->kl) h->kl = d;
            if (-d > h->ku) h->ku = -d;
        }
    h->ldab = 2 * h->kl + h->ku + 1;
    storage = (double)h->ldab * n;
    if (storage > BAND_MAX_FILL * (double)p->nnz && storage > BAND_MIN_STORAGE) {
        sp_band_destroy(h);
        return SP_EUNSUITED;
    }
    h->pos = ac_malloc(alloc, (size_t)(p->nnz > 0 ? p->nnz : 1) * sizeof(int));
    h->ipiv = ac_malloc(alloc, (size_t)n * sizeof(int));
    h->ab = ac_malloc(alloc, (size_t)storage * sizeof(double));
    h->work = ac_malloc(alloc, (size_t)n * sizeof(double));
    h->rs = ac_malloc(alloc, (size_t)n * sizeof(double));
    h->sv = ac_malloc(alloc, (size_t)(p->nnz > 0 ? p->nnz : 1) * sizeof(double));
    if (!h->pos || !h->ipiv || !h->ab || !h->work || !h->rs || !h->sv) {
        sp_band_destroy(h);
        return SP_ENOMEM;
    }
    /* symmetric path: needs a structurally symmetric pattern */
    h->tpos = ac_malloc(alloc, (size_t)(p->nnz > 0 ? p->nnz : 1) * sizeof(int));
    if (!h->tpos) {
        sp_band_destroy(h);
        return SP_ENOMEM;
    }
    h->kd = h->kl > h->ku ? h->kl : h->ku;
    for (j = 0; j < n && h->tpos; j++)
        for (k = p->colptr[j]; k < p->colptr[j + 1]; k++) {
            h->tpos[k] = sp_find(p, j, p->rowidx[k]);
            if (h->tpos[k] < 0) {
                ac_free(alloc, h->tpos);
                h->tpos = NULL;
                break;
            }
        }
    if (h->tpos) {
        h->lb = ac_malloc(alloc, (size_t)n * (size_t)(h->kd + 1) * sizeof(double));
        h->dg = ac_malloc(alloc, (size_t)n * sizeof(double));
        h->rdg = ac_malloc(alloc, (size_t)n * sizeof(double));
        h->lpos = ac_malloc(alloc, (size_t)(p->nnz > 0 ? p->nnz : 1) * sizeof(int));
        if (!h->lb || !h->dg || !h->rdg || !h->lpos) {
            sp_band_destroy(h);
            return SP_ENOMEM;
        }
        for (j = 0; j < n; j++)
            for (k = p->colptr[j]; k < p->colptr[j + 1]; k++) {
                int ni = h->iperm[p->rowidx[k]], nj = h->iperm[j];
                h->lpos[k] = ni >= nj ? ni - nj + nj * (h->kd + 1) : -1;
            }
        if ((st = envelope(h)) || (st = lower_lists(h))) {
            sp_band_destroy(h);
            return st;
        }

    }
    /* A(i, j) of the permuted matrix lives at ab[kl + ku + i - j + j ldab] */
    for (j = 0; j < n; j++)
        for (k = p->colptr[j]; k < p->colptr[j + 1]; k++) {
            int ni = h->iperm[p->rowidx[k]], nj = h->iperm[j];
            h->pos[k] = h->kl + h->ku + ni - nj + nj * h->ldab;
        }
    *impl = h;
    return SP_OK;
}

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

/* One pass over the values: finiteness (x * 0 is 0 only for a finite x),
 * exact symmetry, and the lower triangle into L.  Returns -1 for a
 * non-finite value, 0 for unsymmetric values, 1 when L holds the matrix. */
static int load_symmetric(bandh *h, const double *vals, const int *kidx, const int *tidx)
{
    int e, asym = 0, bad = 0;
    for (e = 0; e < h->nfill; e++) h->lb[h->fill_p[e]] = 0.0;
    /* the lower entries against their transposes: a NaN differs from
     * everything (then LU's check reports it), v - v is nonzero for +-Inf */
    for (e = 0; e < h->nlow; e++) {
        double v = vals[kidx[e]];
        asym |= v != vals[tidx[e]];
        bad |= v - v != 0.0;
        h->lb[h->low_p[e]] = v;
    }
    if (bad) return -1;
    return !asym;
}

/* Column j's trailing update A(j + i, j + c) -= l_c d l_i, 1 <= c <= i <= K,
 * from the unscaled column cj (cj[i] = d l_i) and rd = 1/d; next is column
 * j + 1 (column j + c starts at next + (c - 1) ld).  One function per width
 * K up to 16: with fixed trip counts the compiler unrolls them into
 * straight-line code (the envelope of a cable is at most 12 wide). */
typedef void (*trailing_fn)(const double *restrict cj, double *restrict next, int ld, double rd);

#define TRAILING_FN(K)                                                                                \
    static void trailing_##K(const double *restrict cj, double *restrict next, int ld, double rd)    \
    {                                                                                                 \
        int c, i;                                                                                     \
        for (c = 1; c <= K; c++) {                                                                    \
            double t = cj[c] * rd, *restrict cc = next + (size_t)(c - 1) * ld;                        \
            for (i = 0; i <= K - c; i++) cc[i] -= t * cj[c + i];                                      \
        }                                                                                             \
    }
TRAILING_FN(1) TRAILING_FN(2) TRAILING_FN(3) TRAILING_FN(4) TRAILING_FN(5) TRAILING_FN(6)
TRAILING_FN(7) TRAILING_FN(8) TRAILING_FN(9) TRAILING_FN(10) TRAILING_FN(11) TRAILING_FN(12)
TRAILING_FN(13) TRAILING_FN(14) TRAILING_FN(15) TRAILING_FN(16)

static const trailing_fn trailing_k[17] = {
    NULL, trailing_1, trailing_2, trailing_3, trailing_4, trailing_5, trailing_6, trailing_7, trailing_8,
    trailing_9, trailing_10, trailing_11, trailing_12, trailing_13, trailing_14, trailing_15, trailing_16};

static void trailing(const double *cj, double *next, int ld, int K, double rd)
{
    int c, i;
    if (K <= 16) {
        if (K > 0) trailing_k[K](cj, next, ld, rd);
        return;
    }
    for (c = 1; c <= K; c++) {
        double t = cj[c] * rd, *cc = next + (size_t)(c - 1) * ld;
        for (i = 0; i <= K - c; i++) cc[i] -= t * cj[c + i];
    }
}

static int sym_factor(bandh *h)
{
    const int n = h->n, kd = h->kd, ld = kd + 1;
    double *L = h->lb, dmin = INFINITY, dmax = 0.0;
    long fl = 0;
    int j, i, definite = 1;
    for (j = 0; j < n; j++) h->dg[j] = L[(size_t)j * ld];
    for (j = 0; j < n; j++) {
        double *cj = L + (size_t)j * ld, d = cj[0], rd;
        int km = kd < n - 1 - j ? kd : n - 1 - j;
        /* once not positive definite, the pivot against the diagonal it
         * started from: a collapse by many orders (cancellation in an
         * indefinite matrix: unbounded growth) means LU */
        if (!isfinite(d)) return 0;
        if (definite && !(d > 0.0 && h->dg[j] > 0.0)) definite = 0;
        if (!definite && !(fabs(d) > SYM_PIVOT_MIN * fabs(h->dg[j]))) return 0;
        rd = 1.0 / d;
        h->rdg[j] = rd;
        if (h->env[j] < km) km = h->env[j];
        /* trailing update with the unscaled column t = d l, then scale */
        trailing(cj, cj + ld, ld, km, rd);
        for (i = 1; i <= km; i++) cj[i] *= rd;
        fl += (long)km * (km + 1) + 2 * km + 1;
        if (fabs(d) < dmin) dmin = fabs(d);
        if (fabs(d) > dmax) dmax = fabs(d);
    }
    h->rcond = dmax > 0.0 ? dmin / dmax : 0.0;
    h->flops = (double)fl;
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
        double r = fabs(1.0 / h->rdg[j]);
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
    int i, k, st;
    for (i = 0; i < h->n; i++) h->rs[i] = 0.0;
    for (k = 0; k < p->nnz; k++)
        if (fabs(vals[k]) > h->rs[p->rowidx[k]]) h->rs[p->rowidx[k]] = fabs(vals[k]);
    for (i = 0; i < h->n; i++) h->rs[i] = h->rs[i] > 0.0 ? 1.0 / h->rs[i] : 1.0;
    for (k = 0; k < p->nnz; k++) h->sv[k] = vals[k] * h->rs[p->rowidx[k]];
    h->counts.lu_scaled++;
    st = lu_factor(h, h->sv);
    h->scaled = st == SP_OK;
    return st;
}

/* src: NULL (vals are the pattern's values) or the gather of
 * sp_band_set_gather.  A symmetric factorization that fails the rcond test
 * goes on to LU and its row-scaled retry, like an unsymmetric one. */
static int factor(bandh *h, const double *vals, const int *src)
{
    int st;
    h->sym = 0;
    h->scaled = 0;
    if (h->tpos && h->sym_failed == 0) {
        int ls = src ? load_symmetric(h, vals, h->gk, h->gt) : load_symmetric(h, vals, h->low_k, h->low_t);
        if (ls < 0) return SP_ESINGULAR;
        if (ls > 0) {
            if (sym_factor(h)) {
                if (sym_accept(h)) {
                    h->sym = 1;
                    h->sym_wait = 1;
                    h->counts.sym++;
                    return SP_OK;
                }
                h->counts.sym_refused_rcond++;
            } else
                h->counts.sym_refused_pivot++;
            if (h->sym_wait < 1) h->sym_wait = 1;
            h->sym_failed = h->sym_wait;
            h->sym_wait = 2 * h->sym_wait < SYM_RETRY ? 2 * h->sym_wait : SYM_RETRY;
        }
    } else if (h->sym_failed > 0)
        h->sym_failed--;
    if (src) { /* LU reads the pattern's values in order */
        int k;
        for (k = 0; k < h->p->nnz; k++) h->gv[k] = vals[src[k]];
        vals = h->gv;
    }
    if (!sp_all_finite(vals, h->p->nnz)) return SP_ESINGULAR;
    /* Not remembered: a matrix whose LU needed its rows scaled is usually
     * followed by one that does, but starting scaled would make the
     * factors depend on the solver's history, and a rolled-back integrator
     * must repeat its steps bit for bit (test_rollback). */
    st = lu_factor(h, vals);
    /* rcond 0: a column without a pivot, which no row scaling gives one */
    if (st == SP_ESINGULAR && h->rcond > 0.0) st = scaled_lu(h, vals);
    return st;
}

int sp_band_factor(void *impl, const double *vals) { return factor(impl, vals, NULL); }

int sp_band_set_gather(void *impl, const int *src)
{
    bandh *h = impl;
    int e;
    if (h->src) return h->src == src ? SP_OK : SP_EFAIL;
    h->gk = ac_malloc(h->alloc, (size_t)(h->nlow + 1) * sizeof(int));
    h->gt = ac_malloc(h->alloc, (size_t)(h->nlow + 1) * sizeof(int));
    h->gv = ac_malloc(h->alloc, (size_t)(h->p->nnz + 1) * sizeof(double));
    if (!h->gk || !h->gt || !h->gv) return SP_ENOMEM;
    for (e = 0; e < h->nlow && h->tpos; e++) {
        h->gk[e] = src[h->low_k[e]];
        h->gt[e] = src[h->low_t[e]];
    }
    h->src = src;
    return SP_OK;
}

int sp_band_factor_gathered(void *impl, const double *vals)
{
    bandh *h = impl;
    return h->src ? factor(h, vals, h->src) : SP_EFAIL;
}

/* env[j] bounds every column (env[j] <= kd and <= n - 1 - j by
 * construction); D^-1 is kept by sym_factor, so the backward sweep's chain
 * from one unknown to the next has no division, and its dot products run
 * on two accumulators. */
static void sym_solve(bandh *h, double *y)
{
    const int n = h->n, ld = h->kd + 1;
    const double *L = h->lb;
    long fl = 0;
    int j, i;
    for (j = 0; j < n; j++) { /* L z = y (unit lower) */
        const double *cj = L + (size_t)j * ld;
        int km = h->env[j];
        double t = y[j];
        for (i = 1; i <= km; i++) y[j + i] -= cj[i] * t;
        fl += 2 * km;
    }
    for (j = n - 1; j >= 0; j--) { /* D L^T x = z */
        const double *cj = L + (size_t)j * ld, *yj = y + j;
        int km = h->env[j];
        double s0 = 0.0, s1 = 0.0;
        for (i = 1; i + 1 <= km; i += 2) {
            s0 += cj[i] * yj[i];
            s1 += cj[i + 1] * yj[i + 1];
        }
        if (i == km) s0 += cj[i] * yj[i];
        y[j] = y[j] * h->rdg[j] - (s0 + s1);
        fl += 2 * km + 1;
    }
    h->flops += (double)fl;
}

int sp_band_solve(void *impl, const double *b, double *x)
{
    bandh *h = impl;
    const int n = h->n, kl = h->kl, kv = h->kl + h->ku, ld = h->ldab;
    const double *ab = h->ab;
    double *y = h->work;
    long fl = 0;
    int j, i;
    for (j = 0; j < n; j++) y[j] = h->scaled ? b[h->perm[j]] * h->rs[h->perm[j]] : b[h->perm[j]];
    if (h->sym) {
        sym_solve(h, y);
        for (j = 0; j < n; j++) x[h->perm[j]] = y[j];
        return SP_OK;
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
    return SP_OK;
}

double sp_band_rcond(const void *impl)
{
    const bandh *h = impl;
    return h->rcond;
}

void sp_band_get_counts(const void *impl, sp_band_counts *c)
{
    const bandh *h = impl;
    *c = h->counts;
}

double sp_band_flops(const void *impl)
{
    const bandh *h = impl;
    return h->flops;
}
