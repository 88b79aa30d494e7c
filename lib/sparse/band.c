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
#include "band_internal.h"

#include "../core/isa.h"

#include <math.h>
#include <string.h>

#define BAND_MAX_FILL 8
#define BAND_MIN_STORAGE 4096 /* tiny systems are always accepted */

/* ---- reverse Cuthill-McKee ---------------------------------------------- */

typedef struct graph {
    int n, own; /* own: ptr and adj are the graph's (else the pattern's) */
    int *ptr, *adj, *deg;
} graph;

/* Adjacency of A + A^T.  A structurally symmetric pattern (a cable's, a
 * condensed KKT one) is its own adjacency: column j's rows in ascending
 * order, read in place (its diagonal is skipped by the search, which has
 * marked j before it reads j's list; the degrees leave it out).  Copying
 * it was nnz ints at the solver's creation, a third of its peak at 10^5
 * elements.  The general construction lists every such neighbour twice,
 * the first time in the same ascending order, and so every degree twice:
 * the search's order and its tie-breaks (degree comparisons only) are the
 * same, and so is the ordering. */
#define KEPT(keep, i) (!(keep) || (keep)[i] >= 0)

static int graph_build(graph *g, const sp_pattern *p, const int *keep, ac_alloc *alloc)
{
    int n = p->n, j, k, *fill, sym = 1;
    g->n = n;
    g->own = 0;
    g->adj = g->ptr = NULL;
    g->deg = ac_calloc(alloc, (size_t)n, sizeof(int));
    if (!g->deg) return SP_ENOMEM;
    for (j = 0; j < n && sym; j++)
        for (k = p->colptr[j]; k < p->colptr[j + 1] && KEPT(keep, j); k++)
            if (p->rowidx[k] != j && KEPT(keep, p->rowidx[k]) && sp_find(p, j, p->rowidx[k]) < 0) {
                sym = 0;
                break;
            }
    if (sym) { /* rows outside the matrix (keep) are skipped by the search too: marked numbered */
        g->ptr = p->colptr;
        g->adj = p->rowidx;
        for (j = 0; j < n; j++)
            for (k = p->colptr[j]; k < p->colptr[j + 1] && KEPT(keep, j); k++)
                g->deg[j] += p->rowidx[k] != j && KEPT(keep, p->rowidx[k]);
        return SP_OK;
    }
    g->own = 1;
    g->ptr = ac_calloc(alloc, (size_t)n + 1, sizeof(int));
    if (!g->ptr) return SP_ENOMEM;
    fill = ac_calloc(alloc, (size_t)n, sizeof(int));
    g->adj = ac_malloc(alloc, 2 * (size_t)(p->nnz > 0 ? p->nnz : 1) * sizeof(int));
    if (!fill || !g->adj) {
        ac_free(alloc, fill);
        return SP_ENOMEM;
    }
    for (j = 0; j < n; j++)
        for (k = p->colptr[j]; k < p->colptr[j + 1]; k++)
            if (p->rowidx[k] != j && KEPT(keep, j) && KEPT(keep, p->rowidx[k])) {
                g->ptr[j + 1]++;
                g->ptr[p->rowidx[k] + 1]++;
            }
    for (j = 0; j < n; j++) g->ptr[j + 1] += g->ptr[j];
    for (j = 0; j < n; j++)
        for (k = p->colptr[j]; k < p->colptr[j + 1]; k++) {
            int i = p->rowidx[k];
            if (i == j || !KEPT(keep, j) || !KEPT(keep, i)) continue;
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
    if (g->own) {
        ac_free(alloc, g->ptr);
        ac_free(alloc, g->adj);
    }
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

static int rcm(const sp_pattern *p, const int *keep, ac_alloc *alloc, int *perm);

/* perm[new] = old: RCM of every connected component, each from a
 * pseudo-peripheral vertex (George & Liu).  Also the GPL-free build's banded
 * rank detection's order (lapack_qr.c). */
int sp_rcm(const sp_pattern *p, ac_alloc *alloc, int *perm)
{
    return rcm(p, NULL, alloc, perm);
}

/* keep (or NULL): the rows and columns of p in the matrix (sp_band_set_gather's);
 * perm then lists those, in p's numbering */
static int rcm(const sp_pattern *p, const int *keep, ac_alloc *alloc, int *perm)
{
    graph g;
    int n = p->n, *mark, *tmp, done = 0, stamp = 1, v, i, st;
    if ((st = graph_build(&g, p, keep, alloc))) {
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
    for (v = 0; v < n; v++)
        if (!KEPT(keep, v)) mark[v] = -1;
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
    for (i = 0; i < done / 2; i++) { /* reverse */
        int t = perm[i];
        perm[i] = perm[done - 1 - i];
        perm[done - 1 - i] = t;
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
    ac_free(h->alloc, h->lb);
    ac_free(h->alloc, h->dg);
    ac_free(h->alloc, h->env);
    ac_free(h->alloc, h->low_k);
    ac_free(h->alloc, h->low_t);
    ac_free(h->alloc, h->low_p);
    ac_free(h->alloc, h->fill_p);
    ac_free(h->alloc, h->lpos);
    ac_free(h->alloc, h->up);
    ac_free(h->alloc, h->mult);
    ac_free(h->alloc, h->kkt_s);
    ac_free(h->alloc, h->mcol);
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
    if (!h->env) h->env = ac_malloc(h->alloc, (size_t)n * sizeof(int));
    if (!first || !h->env) {
        ac_free(h->alloc, first);
        return SP_ENOMEM;
    }
    for (i = 0; i < n; i++) first[i] = i;
    for (j = 0; j < p->n; j++)
        for (k = p->colptr[j]; k < p->colptr[j + 1]; k++) {
            int ni = h->iperm[p->rowidx[k]], nj = h->iperm[j];
            if (ni > nj && nj >= 0 && nj < first[ni]) first[ni] = nj;
        }
    for (j = 0; j < n; j++) h->env[j] = 0;
    for (i = 0; i < n; i++) /* rows f_i .. i - 1 of the columns reach row i */
        for (j = first[i]; j < i; j++)
            if (i - j > h->env[j]) h->env[j] = i - j;
    h->sym_factor_flops = h->sym_solve_flops = 0.0;
    for (j = 0; j < n; j++) {
        double km = h->env[j];
        h->sym_factor_flops += km * (km + 1.0) + 2.0 * km + 1.0;
        h->sym_solve_flops += 4.0 * km + 1.0;
    }
    ac_free(h->alloc, first);
    return SP_OK;
}

/* The lists load_symmetric walks: the pattern's lower entries (value
 * index, its transpose's, lower-storage index), and the envelope positions
 * no entry writes (zeroed, then filled in).  The pattern is structurally
 * symmetric (symmetric_path); nothing per entry is kept beyond the lists. */
static int lower_lists(bandh *h)
{
    const sp_pattern *p = h->p;
    const int ld = h->kd + 1;
    int n = h->n, j, k, c;
    char *mark;
    h->nlow = h->nfill = 0;
    for (j = 0; j < p->n; j++)
        for (k = p->colptr[j]; k < p->colptr[j + 1]; k++)
            h->nlow += h->iperm[j] >= 0 && h->iperm[p->rowidx[k]] >= h->iperm[j];
    h->low_k = ac_malloc(h->alloc, (size_t)(h->nlow + 1) * sizeof(int));
    h->low_t = ac_malloc(h->alloc, (size_t)(h->nlow + 1) * sizeof(int));
    h->low_p = ac_malloc(h->alloc, (size_t)(h->nlow + 1) * sizeof(int));
    mark = ac_calloc(h->alloc, (size_t)n * (size_t)ld, 1);
    if (!h->low_k || !h->low_t || !h->low_p || !mark) {
        ac_free(h->alloc, mark);
        return SP_ENOMEM;
    }
    h->nlow = 0;
    for (j = 0; j < p->n; j++)
        for (k = p->colptr[j]; k < p->colptr[j + 1]; k++) {
            int ni = h->iperm[p->rowidx[k]], nj = h->iperm[j], lp = ni - nj + nj * ld;
            if (nj < 0 || ni < nj) continue;
            h->low_k[h->nlow] = k;
            h->low_t[h->nlow] = sp_find(p, j, p->rowidx[k]);
            h->low_p[h->nlow++] = lp;
            mark[lp] = 1;
        }
    /* the fill, counted before its list is allocated (a cable's envelope
     * is its pattern: none) */
    for (j = 0; j < n; j++)
        for (c = 0; c <= h->env[j]; c++) h->nfill += !mark[(size_t)j * ld + c];
    h->fill_p = ac_malloc(h->alloc, (size_t)(h->nfill + 1) * sizeof(int));
    if (!h->fill_p) {
        ac_free(h->alloc, mark);
        return SP_ENOMEM;
    }
    for (j = 0; j < n; j++) h->lpos[j] = j * ld;
    h->nfill = 0;
    for (j = 0; j < n; j++)
        for (c = 0; c <= h->env[j]; c++)
            if (!mark[(size_t)j * ld + c]) h->fill_p[h->nfill++] = j * ld + c;
    ac_free(h->alloc, mark);
    return SP_OK;
}

/* Whether the values can host L (in place, SP_OVERWRITE): column perm[j]
 * of p holds rows perm[j], perm[j + 1], ..., perm[j + env[j]] at
 * consecutive positions from its diagonal on, so that L's column j is a
 * run of the values (envelope fill, outside the pattern, has no place:
 * such a pattern does not host), and row j's transposed entries sit just
 * above the diagonal of each column they are in, A(j, j + i) at lpos[j +
 * i] - i (the symmetry check and the restore read them there).  With a
 * cable's dofs in their own order, numbered node by node, and a column's
 * rows ascending, both hold; p may be a larger pattern holding the matrix
 * (perm in its numbering: sp_band_create_gathered, sp_band_set_gather),
 * whose other rows must then lie outside the runs.  Fills lpos; 0 when the pattern does not host. */
static int host_check(const bandh *h, const sp_pattern *p, const int *perm, int *lpos)
{
    int j, i;
    for (j = 0; j < h->n; j++) {
        int c = perm[j], d = sp_find(p, c, c);
        if (d < 0 || d + h->env[j] >= p->colptr[c + 1]) return 0;
        for (i = 1; i <= h->env[j]; i++)
            if (p->rowidx[d + i] != perm[j + i]) return 0;
        lpos[j] = d;
    }
    for (j = 0; j < h->n; j++)
        for (i = 1; i <= h->env[j]; i++) {
            int c = perm[j + i], q = lpos[j + i] - i;
            if (q < p->colptr[c] || p->rowidx[q] != perm[j]) return 0;
        }
    return 1;
}

/* iperm, kl and ku of the ordering in perm */
static void arrange(bandh *h)
{
    const sp_pattern *p = h->p;
    int j, k;
    for (j = 0; j < p->n; j++) h->iperm[j] = -1;
    for (j = 0; j < h->n; j++) h->iperm[h->perm[j]] = j;
    h->kl = h->ku = 0;
    for (j = 0; j < p->n; j++)
        for (k = p->colptr[j]; k < p->colptr[j + 1]; k++) {
            int d = h->iperm[p->rowidx[k]] - h->iperm[j];
            if (h->iperm[j] < 0 || h->iperm[p->rowidx[k]] < 0) continue;
            if (d > h->kl) h->kl = d;
            if (-d > h->ku) h->ku = -d;
        }
    h->ldab = 2 * h->kl + h->ku + 1;
    h->kd = h->kl > h->ku ? h->kl : h->ku;
}

/* A KKT matrix [K G^T; G D] (p's rows from nq on are the multipliers):
 * each multiplier moves to just after the last of the dofs it couples in
 * RCM's order (RCM puts it before some of them, a zero diagonal met before
 * its dofs, which LDL^T cannot take: every factorization was an LU).
 * Eliminated after its dofs, with K positive definite and D = 0, its pivot
 * is -g K^-1 g^T < 0 and the later dofs' pivots only grow, so LDL^T needs
 * no pivoting; sym_factor's kkt test (band_numeric.c) checks that the
 * pivots have these signs.  mult[j]: new index j is a multiplier.  The
 * order is kept when its band is at most 3/2 of RCM's or 3 wider (LU,
 * should the matrix not be of this form, pays at most 9/4 of its flops
 * at a wide band); else RCM's stays, and with it every multiplier's LU
 * as before. */
/* mult, mcol and nmult of the ordering in perm */
static void kkt_marks(bandh *h)
{
    int j;
    h->nmult = 0;
    for (j = 0; j < h->n; j++)
        if ((h->mult[j] = h->perm[j] >= h->nq)) h->mcol[h->nmult++] = j;
}

static int kkt_order(bandh *h, int nq, int nnz)
{
    const sp_pattern *p = h->p;
    const int n = h->n, kd = h->kd;
    const double storage = (double)h->ldab * n;
    int *anchor = ac_malloc(h->alloc, 4 * (size_t)n * sizeof(int)), *old = anchor + n, *head = old + n, *next = head + n;
    int j, k, c, m = 0;
    if (!anchor) return SP_ENOMEM;
    memcpy(old, h->perm, (size_t)n * sizeof(int));
    /* anchor[j]: the last new index among multiplier j's dofs (-1: none) */
    for (j = 0; j < n; j++) {
        int r = old[j];
        anchor[j] = -1;
        if (r < nq) continue;
        m++;
        for (k = p->colptr[r]; k < p->colptr[r + 1]; k++) {
            int i = p->rowidx[k];
            if (i < nq && h->iperm[i] > anchor[j]) anchor[j] = h->iperm[i];
        }
    }
    if (m == 0) {
        ac_free(h->alloc, anchor);
        return SP_OK;
    }
    /* the dofs in RCM's order, each followed by the multipliers anchored
     * there (in RCM's order); unanchored ones (no dof: singular) first */
    for (j = 0; j < n; j++) head[j] = -1;
    for (j = n - 1; j >= 0; j--) /* lists by anchor, each in RCM's order */
        if (old[j] >= nq && anchor[j] >= 0) {
            next[j] = head[anchor[j]];
            head[anchor[j]] = j;
        }
    c = 0;
    for (j = 0; j < n; j++)
        if (old[j] >= nq && anchor[j] < 0) h->perm[c++] = old[j];
    for (j = 0; j < n; j++) {
        if (old[j] >= nq) continue;
        h->perm[c++] = old[j];
        for (k = head[j]; k >= 0; k = next[k]) h->perm[c++] = old[k];
    }
    arrange(h);
    if ((2 * h->kd > 3 * kd && h->kd > kd + 3) || /* too wide (or too wide to store, RCM's not): RCM's */
        ((double)h->ldab * n > BAND_MAX_FILL * (double)nnz && (double)h->ldab * n > BAND_MIN_STORAGE &&
         !(storage > BAND_MAX_FILL * (double)nnz && storage > BAND_MIN_STORAGE))) {
        memcpy(h->perm, old, (size_t)n * sizeof(int));
        arrange(h);
        ac_free(h->alloc, anchor);
        return SP_OK;
    }
    ac_free(h->alloc, anchor);
    h->mult = ac_calloc(h->alloc, (size_t)n, 1);
    h->mcol = ac_malloc(h->alloc, (size_t)m * sizeof(int));
    h->kkt_s = ac_malloc(h->alloc, (size_t)m * sizeof(double));
    if (!h->mult || !h->mcol || !h->kkt_s) return SP_ENOMEM;
    h->nq = nq;
    kkt_marks(h);
    return SP_OK;
}

/* In place, when RCM's order does not host L: the matrix's own order,
 * if it does and its band and envelope are no larger.  RCM numbers a
 * cable's nodes in order but each node's dofs backwards (its breadth-first
 * levels, reversed), so a column's rows below the diagonal are not
 * consecutive in the values; the cable's own order has the same band
 * and envelope (the same flops) and hosts.  Otherwise RCM's order stays
 * (and with it the copy into lb). */
static int try_own_order(bandh *h)
{
    const int n = h->n, kd = h->kd;
    const double fl = h->sym_factor_flops, sfl = h->sym_solve_flops;
    int *perm = ac_malloc(h->alloc, 2 * (size_t)n * sizeof(int)), *env = perm + n, j, k, st;
    if (!perm) return SP_ENOMEM;
    memcpy(perm, h->perm, (size_t)n * sizeof(int));
    memcpy(env, h->env, (size_t)n * sizeof(int));
    for (j = k = 0; j < h->p->n; j++) /* the matrix's rows in p's order */
        if (KEPT(h->keep, j)) h->perm[k++] = j;
    arrange(h);
    if ((st = envelope(h))) {
        ac_free(h->alloc, perm);
        return st;
    }
    if (h->kd <= kd && h->sym_factor_flops <= fl && host_check(h, h->p, h->perm, h->lpos)) {
        h->host = 1;
        if (h->mult) kkt_marks(h); /* the multipliers after all the dofs: after their own too */
        ac_free(h->alloc, perm);
        return SP_OK;
    }
    memcpy(h->perm, perm, (size_t)n * sizeof(int));
    memcpy(h->env, env, (size_t)n * sizeof(int));
    arrange(h);
    h->sym_factor_flops = fl;
    h->sym_solve_flops = sfl;
    ac_free(h->alloc, perm);
    return SP_OK;
}

/* Where the twisted LDL^T splits (band_numeric.c's sym_factor):
 * columns [0, m) from the top, [e, n) from the bottom, e = m + env[m - 1]
 * (the first column no top column reaches, so that the sweeps never meet
 * but in [m, e), factored last).  The solves' chains of unknowns, one a
 * sweep side by side, are then about max(m, n - e) + e - m columns long
 * against n one-ended, so m is chosen to make that shortest (a cable's
 * node boundary, where env is narrowest).  up[p] (band_internal.h), n
 * bytes, only for a handle that twists.  In place only (the bottom
 * sweep works in the columns' runs above their diagonals, which the
 * lower band copy has not) and not for a KKT matrix, whose multipliers
 * must each come after their dofs (kkt_order). */
static int twist_split(bandh *h)
{
    const int n = h->n, *env = h->env;
    int m, best = n, bm = 0, r;
    h->tw_m = 0;
    h->tw_e = n;
    if (!h->host || h->mult || h->kd > TWIST_KD) return SP_OK;
    for (m = 1; m < n; m++) {
        const int e = m + env[m - 1], c = (m > n - e ? m : n - e) + e - m;
        if (e < n && c < best) {
            best = c;
            bm = m;
        }
    }
    if (!bm || 4 * best > 3 * n) return SP_OK; /* too short to gain */
    if (!(h->up = ac_malloc(h->alloc, (size_t)n))) return SP_ENOMEM;
    for (m = r = 0; m < n; m++) { /* r + env[r] never falls with r */
        while (r + env[r] < m) r++;
        h->up[m] = (unsigned char)(m - r);
    }
    h->tw_m = bm;
    h->tw_e = bm + env[bm - 1];
    return SP_OK;
}

/* The symmetric path's storage and lists, when the pattern is structurally
 * symmetric (else h->symok stays 0: LU alone); in place, when the values
 * can host L, neither lb nor the lists. */
static int symmetric_path(bandh *h)
{
    const sp_pattern *p = h->p;
    const int n = h->n;
    int j, k, st;
    for (j = 0; j < p->n; j++)
        for (k = p->colptr[j]; k < p->colptr[j + 1] && KEPT(h->keep, j); k++)
            if (KEPT(h->keep, p->rowidx[k]) && sp_find(p, j, p->rowidx[k]) < 0) return SP_OK;
    h->dg = ac_malloc(h->alloc, (size_t)n * sizeof(double));
    h->lpos = ac_malloc(h->alloc, (size_t)n * sizeof(int));
    if (!h->dg || !h->lpos) return SP_ENOMEM;
    if ((st = envelope(h))) return st;
    if (h->inplace) {
        h->host = host_check(h, p, h->perm, h->lpos);
        if (!h->host && (st = try_own_order(h))) return st;
    }
    if (!h->host) {
        h->lb = ac_malloc(h->alloc, (size_t)n * (size_t)(h->kd + 1) * sizeof(double));
        if (!h->lb) return SP_ENOMEM;
        if ((st = lower_lists(h))) return st;
    }
    if ((st = twist_split(h))) return st;
    h->symok = 1;
    return SP_OK;
}

static int create(void **impl, const sp_pattern *p, const int *keep, int nq, ac_alloc *alloc, int flags);

/* whether the ordering is a run of p's numbering (the solves then copy
 * the vectors instead of gathering and scattering them) */
static void perm_run(bandh *h)
{
    int j;
    h->perm_run = h->perm[0];
    for (j = 1; j < h->n; j++)
        if (h->perm[j] != h->perm[0] + j) h->perm_run = -1;
}

int sp_band_create(void **impl, const sp_pattern *p, ac_alloc *alloc)
{
    return sp_band_create_flags(impl, p, alloc, 0);
}

int sp_band_create_flags(void **impl, const sp_pattern *p, ac_alloc *alloc, int flags)
{
    return create(impl, p, NULL, p->n, alloc, flags);
}

/* The matrix inside a larger pattern from the start, as sp_band_set_gather
 * makes it: its own pattern (the condensation's reduced one) need never
 * exist, nnz ints less at the solver's creation, its peak.  The same
 * ordering and storage as creating on that pattern and gathering. */
int sp_band_create_gathered(void **impl, const sp_pattern *full, const int *keep, ac_alloc *alloc, int flags)
{
    return create(impl, full, keep, full->n, alloc, flags);
}

int sp_band_create_kkt(void **impl, const sp_pattern *p, const int *keep, int nq, ac_alloc *alloc, int flags)
{
    return create(impl, p, keep, nq, alloc, flags);
}

static int create(void **impl, const sp_pattern *p, const int *keep, int nq, ac_alloc *alloc, int flags)
{
    bandh *h;
    int n = 0, st, j, k, nnz = 0;
    double storage;
    for (j = 0; j < p->n; j++)
        if (KEPT(keep, j)) {
            n++;
            for (k = p->colptr[j]; k < p->colptr[j + 1]; k++) nnz += KEPT(keep, p->rowidx[k]);
        }
    if (n <= 0) return SP_EFAIL;
    h = ac_calloc(alloc, 1, sizeof *h);
    if (!h) return SP_ENOMEM;
    h->p = p;
    h->keep = keep;
    h->alloc = alloc;
    h->n = n;
    h->inplace = (flags & SP_OVERWRITE) != 0;
    h->tw_e = n; /* one-ended (twist_split) */
    h->perm = ac_malloc(alloc, (size_t)n * sizeof(int));
    h->iperm = ac_malloc(alloc, (size_t)p->n * sizeof(int));
    if (!h->perm || !h->iperm) {
        sp_band_destroy(h);
        return SP_ENOMEM;
    }
    if ((st = rcm(p, keep, alloc, h->perm))) {
        sp_band_destroy(h);
        return st;
    }
    arrange(h);
    if (nq < p->n && (st = kkt_order(h, nq, nnz))) {
        sp_band_destroy(h);
        return st;
    }
    storage = (double)h->ldab * n;
    if (storage > BAND_MAX_FILL * (double)nnz && storage > BAND_MIN_STORAGE) {
        sp_band_destroy(h);
        return SP_EUNSUITED;
    }
    h->isa = ac_isa();
    /* SOLVE_PAD zeros past the end: the symmetric solve's register window reads ahead (band_numeric.c) */
    h->work = ac_calloc(alloc, (size_t)n + SOLVE_PAD, sizeof(double));
    if (!h->work) {
        sp_band_destroy(h);
        return SP_ENOMEM;
    }
    /* symmetric path: needs a structurally symmetric pattern */
    st = symmetric_path(h);
    if (st) {
        sp_band_destroy(h);
        return st;
    }
    perm_run(h);
    /* made again with the LU storage, if ever needed */
    ac_free(alloc, h->iperm);
    h->iperm = NULL;
    *impl = h;
    return SP_OK;
}

/* The LU path's storage on its first use.  A failed call leaves what it
 * got (freed with the handle) and h->ab NULL, so the next LU tries again.
 * An entry of p outside the matrix (h->keep) goes to the sink past the
 * band, so loading the values has no test per entry. */
int sp_band_lu_storage(bandh *h)
{
    const sp_pattern *p = h->p;
    const int n = h->n, sink = h->ldab * h->n;
    double *ab;
    int j, k;
    if (h->ab) return SP_OK;
    if (!h->iperm) h->iperm = ac_malloc(h->alloc, (size_t)p->n * sizeof(int));
    if (!h->pos) h->pos = ac_malloc(h->alloc, (size_t)(p->nnz > 0 ? p->nnz : 1) * sizeof(int));
    if (!h->ipiv) h->ipiv = ac_malloc(h->alloc, (size_t)n * sizeof(int));
    if (!h->rs) h->rs = ac_malloc(h->alloc, (size_t)n * sizeof(double));
    if (!h->sv) h->sv = ac_malloc(h->alloc, (size_t)(p->nnz > 0 ? p->nnz : 1) * sizeof(double));
    if (!h->iperm || !h->pos || !h->ipiv || !h->rs || !h->sv) return SP_ENOMEM;
    ab = ac_malloc(h->alloc, ((size_t)h->ldab * (size_t)n + 1) * sizeof(double));
    if (!ab) return SP_ENOMEM;
    /* A(i, j) of the permuted matrix lives at ab[kl + ku + i - j + j ldab] */
    for (j = 0; j < p->n; j++) h->iperm[j] = -1;
    for (j = 0; j < n; j++) h->iperm[h->perm[j]] = j;
    for (j = 0; j < p->n; j++)
        for (k = p->colptr[j]; k < p->colptr[j + 1]; k++) {
            int ni = h->iperm[p->rowidx[k]], nj = h->iperm[j];
            h->pos[k] = ni < 0 || nj < 0 ? sink : h->kl + h->ku + ni - nj + nj * h->ldab;
        }
    h->ab = ab;
    return SP_OK;
}

/* the copy of the numerics chosen at creation (lib/core/isa.h) */
static int factor(bandh *h, const double *vals, double *mut)
{
#if AC_HAVE_ISA_V3
    if (h->isa == AC_ISA_V3) return sp_band_num_factor_v3(h, vals, mut);
#endif
    return sp_band_num_factor(h, vals, mut);
}

int sp_band_solve(void *impl, const double *b, double *x)
{
    bandh *h = impl;
#if AC_HAVE_ISA_V3
    if (h->isa == AC_ISA_V3) {
        sp_band_num_solve_v3(h, b, x);
        return SP_OK;
    }
#endif
    sp_band_num_solve(h, b, x);
    return SP_OK;
}

int sp_band_factor(void *impl, const double *vals)
{
    bandh *h = impl;
    return h->keep ? SP_EFAIL : factor(h, vals, NULL);
}

int sp_band_factor_mut(void *impl, double *vals)
{
    bandh *h = impl;
    return h->keep ? SP_EFAIL : factor(h, vals, vals);
}

/* From here on the values, right-hand sides and solutions come in full's
 * numbering: the lower lists and the ordering are composed with keep in
 * place, and the LU path (its positions are per entry of the
 * pattern the values come in) is made again on its next use.  The matrix's
 * own pattern is not read again, so its owner may free it. */
int sp_band_set_gather(void *impl, const sp_pattern *full, const int *keep)
{
    bandh *h = impl;
    int e, i, c, q, cnt, *full_of;
    if (h->keep) return h->keep == keep && h->p == full ? SP_OK : SP_EFAIL;
    if (!(full_of = ac_malloc(h->alloc, (size_t)(h->n + full->n) * sizeof(int)))) return SP_ENOMEM;
    if (h->host) { /* L in full's values: the runs there (else the caller copies, and L stays in the copy) */
        int *perm = full_of + h->n, *lpos = full_of;
        for (i = 0; i < full->n; i++)
            if (keep[i] >= 0) full_of[keep[i]] = i;
        for (i = 0; i < h->n; i++) perm[i] = full_of[h->perm[i]];
        if (!host_check(h, full, perm, lpos)) {
            ac_free(h->alloc, full_of);
            return SP_EUNSUITED;
        }
        memcpy(h->lpos, lpos, (size_t)h->n * sizeof(int));
    }
    if (h->ab) {
        ac_free(h->alloc, h->ab);
        ac_free(h->alloc, h->pos);
        ac_free(h->alloc, h->sv);
        ac_free(h->alloc, h->iperm);
        h->ab = NULL;
        h->pos = NULL;
        h->sv = NULL;
        h->iperm = NULL;
    }
    for (i = 0; i < full->n; i++)
        if (keep[i] >= 0) full_of[keep[i]] = i;
    for (i = 0; i < h->n; i++) h->perm[i] = full_of[h->perm[i]];
    ac_free(h->alloc, full_of);
    perm_run(h);
    /* the matrix's entry k is full's cnt-th entry in a kept row and column;
     * low_k ascends, so one walk over full composes it */
    for (c = 0, e = cnt = 0; c < full->n && e < h->nlow; c++) {
        if (keep[c] < 0) continue;
        for (q = full->colptr[c]; q < full->colptr[c + 1] && e < h->nlow; q++) {
            if (keep[full->rowidx[q]] < 0) continue;
            if (cnt++ != h->low_k[e]) continue;
            h->low_k[e] = q;
            h->low_t[e++] = sp_find(full, c, full->rowidx[q]);
        }
    }
    h->p = full;
    h->keep = keep;
    return SP_OK;
}

int sp_band_factor_gathered(void *impl, const double *vals)
{
    bandh *h = impl;
    return h->keep ? factor(h, vals, NULL) : SP_EFAIL;
}

int sp_band_factor_gathered_mut(void *impl, double *vals)
{
    bandh *h = impl;
    return h->keep ? factor(h, vals, vals) : SP_EFAIL;
}

/* Column j's run gets the upper triangle's row j back (A(j + i, j) =
 * A(j, j + i): the values were exactly symmetric) and its diagonal the
 * saved one; a column the twisted LDL^T took from the bottom (j + i >=
 * tw_e) its run above the diagonal from the lower triangle, which that
 * sweep leaves as it was.  What sym_factor wrote is all in these. */
void sp_band_num_restore(bandh *h, double *vals)
{
    const int *lpos = h->lpos, *env = h->env, e = h->tw_e;
    int j, i;
    for (j = 0; j < h->n; j++) {
        double *cj = vals + lpos[j];
        cj[0] = h->dg[j];
        for (i = 1; i <= env[j]; i++)
            if (j + i < e)
                cj[i] = vals[lpos[j + i] - i];
            else
                vals[lpos[j + i] - i] = cj[i];
    }
}

int sp_band_restore(void *impl, double *vals)
{
    bandh *h = impl;
    if (!h->host || !h->sym || h->fac != vals) return 0;
    sp_band_num_restore(h, vals);
    h->sym = 0;
    h->fac = NULL;
    return 1;
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
