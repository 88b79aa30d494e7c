/* Monolithic embedding: a problem's unknowns and equations placed in a
 * host's larger system through a DOF map (alecable_embedding_*).
 *
 * The embedding sees the problem only through the alecable_problem
 * interface (integrators/problem.h), as an integrator does: it gathers the
 * problem's q, lambda, v, a from the host's vectors, calls the problem's
 * callbacks into its own buffers, and scatters the results by the map (the
 * residual by index, the Jacobian through positions precomputed when the
 * host binds its compressed storage).  All buffers are allocated at
 * creation, so a host's Newton iteration allocates nothing here. */
#include "embed.h"
#include "../integrators/problem.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAGIC_EMBEDDING 0x454d4244u

struct alecable_embedding {
    unsigned magic;
    alecable_problem p; /* normalized copy */
    ac_alloc alloc;
    int n, nq, nlam, nnz, n_host;
    int *index;          /* n: host index of each unknown */
    int *row, *col;      /* nnz: the problem's pattern entries (problem numbering) */
    int *pos;            /* nnz: places in the bound host values (NULL: none bound) */
    double *q, *v, *a, *lam, *r, *vals, *dq, *hist;
    unsigned char *host_moves; /* n: 1 where the host updates the entry itself */
    char errmsg[512];
};

static int fail(alecable_embedding *e, int st, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->errmsg, sizeof e->errmsg, fmt, ap);
    va_end(ap);
    return st;
}

static int check(const alecable_embedding *e)
{
    if (!e) return ALECABLE_ENULL;
    if (e->magic != MAGIC_EMBEDDING) return ALECABLE_EHANDLE;
    return ALECABLE_OK;
}

static void release(alecable_embedding *e)
{
    ac_alloc a = e->alloc;
    ac_free(&a, e->index);
    ac_free(&a, e->row);
    ac_free(&a, e->col);
    ac_free(&a, e->pos);
    ac_free(&a, e->q);
    ac_free(&a, e->v);
    ac_free(&a, e->a);
    ac_free(&a, e->r);
    ac_free(&a, e->vals);
    ac_free(&a, e->dq);
    ac_free(&a, e->hist);
    ac_free(&a, e->host_moves);
    e->magic = 0;
    ac_free(&a, e);
}

/* The map: given, or offset + k; in range and one-to-one (a repeated index
 * would add two equations into one row and read one value for two
 * unknowns).  Checked by marking the host indices in a scratch array. */
static int set_map(alecable_embedding *e, const int *index, int offset)
{
    unsigned char *seen;
    int k;
    if (!index) {
        if (offset < 0 || offset > e->n_host - e->n)
            return fail(e, ALECABLE_EINVAL, "offset = %d: the problem's %d unknowns do not fit in n_host = %d from there",
                        offset, e->n, e->n_host);
        for (k = 0; k < e->n; k++) e->index[k] = offset + k;
        return ALECABLE_OK;
    }
    if (!(seen = (unsigned char *)ac_calloc(&e->alloc, (size_t)e->n_host, 1)))
        return fail(e, ALECABLE_ENOMEM, "out of memory");
    for (k = 0; k < e->n; k++) {
        int i = index[k];
        if (i < 0 || i >= e->n_host) {
            ac_free(&e->alloc, seen);
            return fail(e, ALECABLE_EINVAL, "index[%d] = %d is outside [0, n_host = %d)", k, i, e->n_host);
        }
        if (seen[i]) {
            ac_free(&e->alloc, seen);
            return fail(e, ALECABLE_EINVAL, "index[%d] = %d is given to another unknown too", k, i);
        }
        seen[i] = 1;
        e->index[k] = i;
    }
    ac_free(&e->alloc, seen);
    return ALECABLE_OK;
}

int embed_create(alecable_embedding **out, const alecable_problem *p, int n_host, const int *index, int offset,
                 const ac_alloc *with, char *msg, size_t len)
{
    alecable_embedding *e;
    ac_alloc al;
    int st, j, k, n;
    if (!out || !p) {
        snprintf(msg, len, "%s is NULL", out ? "p" : "out");
        return ALECABLE_ENULL;
    }
    *out = NULL;
    if (p->struct_size < offsetof(alecable_problem, nhist) || p->nq < 0 || p->nlam < 0 || p->nq + p->nlam <= 0 ||
        !p->colptr || !p->rowidx || !p->residual || !p->jacobian) {
        snprintf(msg, len, "p is not a complete problem (struct_size, sizes, pattern, residual and jacobian)");
        return ALECABLE_EINVAL;
    }
    if ((st = problem_stale(p, msg, len))) return st;
    n = p->nq + p->nlam;
    if (n_host < n) {
        snprintf(msg, len, "n_host = %d is smaller than the problem's %d unknowns", n_host, n);
        return ALECABLE_EINVAL;
    }
    if (p->nnz < 0 || p->colptr[0] != 0 || p->colptr[n] != p->nnz) {
        snprintf(msg, len, "p's pattern is malformed (colptr[0] = 0 and colptr[n] = nnz)");
        return ALECABLE_EINVAL;
    }
    if (with) {
        al = *with;
        al.n_malloc = al.n_realloc = al.n_free = 0;
    } else
        ac_alloc_default(&al);
    if (!(e = (alecable_embedding *)ac_calloc(&al, 1, sizeof *e))) {
        snprintf(msg, len, "out of memory");
        return ALECABLE_ENOMEM;
    }
    e->alloc = al;
    e->magic = MAGIC_EMBEDDING;
    if (problem_normalize(p, &e->p)) {
        release(e);
        snprintf(msg, len, "p->struct_size = %zu is too small for a problem", p->struct_size);
        return ALECABLE_EINVAL;
    }
    e->n = n;
    e->nq = p->nq;
    e->nlam = p->nlam;
    e->nnz = p->nnz;
    e->n_host = n_host;
    e->index = (int *)ac_calloc(&e->alloc, (size_t)n, sizeof(int));
    e->row = (int *)ac_calloc(&e->alloc, (size_t)(e->nnz ? e->nnz : 1), sizeof(int));
    e->col = (int *)ac_calloc(&e->alloc, (size_t)(e->nnz ? e->nnz : 1), sizeof(int));
    e->q = (double *)ac_calloc(&e->alloc, (size_t)n, sizeof(double));
    e->v = (double *)ac_calloc(&e->alloc, (size_t)n, sizeof(double));
    e->a = (double *)ac_calloc(&e->alloc, (size_t)n, sizeof(double));
    e->dq = (double *)ac_calloc(&e->alloc, (size_t)n, sizeof(double));
    e->r = (double *)ac_calloc(&e->alloc, (size_t)n, sizeof(double));
    e->vals = (double *)ac_calloc(&e->alloc, (size_t)(e->nnz ? e->nnz : 1), sizeof(double));
    e->host_moves = (unsigned char *)ac_calloc(&e->alloc, (size_t)n, 1);
    e->hist = e->p.nhist > 0 ? (double *)ac_calloc(&e->alloc, (size_t)e->p.nhist, sizeof(double)) : NULL;
    if (!e->index || !e->host_moves || !e->row || !e->col || !e->q || !e->v || !e->a || !e->dq || !e->r || !e->vals ||
        (e->p.nhist > 0 && !e->hist)) {
        release(e);
        snprintf(msg, len, "out of memory");
        return ALECABLE_ENOMEM;
    }
    e->lam = e->q + e->nq; /* q and lambda side by side: one gather */
    for (j = 0; j < n; j++)
        for (k = p->colptr[j]; k < p->colptr[j + 1]; k++) {
            e->row[k] = p->rowidx[k];
            e->col[k] = j;
        }
    if ((st = set_map(e, index, offset))) {
        snprintf(msg, len, "%s", e->errmsg);
        release(e);
        return st;
    }
    /* a solve starts with a history call, which clears the friction
     * contacts' memory of their last Newton branch (alecable_problem.nhist) */
    if (e->p.nhist > 0 && e->p.history_get(e->p.ctx, e->hist)) {
        release(e);
        snprintf(msg, len, "the problem's history_get failed");
        return ALECABLE_ECALLBACK;
    }
    *out = e;
    return ALECABLE_OK;
}

ALECABLE_API int alecable_embedding_create(alecable_embedding **out, const alecable_problem *p, int n_host,
                                           const int *index, int offset)
{
    char msg[512];
    return embed_create(out, p, n_host, index, offset, NULL, msg, sizeof msg);
}

ALECABLE_API void alecable_embedding_destroy(alecable_embedding *e)
{
    if (check(e)) return;
    release(e);
}

ALECABLE_API const char *alecable_embedding_errmsg(const alecable_embedding *e)
{
    if (!e) return "embedding is NULL";
    if (e->magic != MAGIC_EMBEDDING) return "not an embedding handle";
    return e->errmsg;
}

ALECABLE_API int alecable_embedding_pattern(const alecable_embedding *e, int *nnz, int *rows, int *cols)
{
    int st = check(e), k;
    if (st) return st;
    if (nnz) *nnz = e->nnz;
    for (k = 0; k < e->nnz; k++) {
        if (rows) rows[k] = e->index[e->row[k]];
        if (cols) cols[k] = e->index[e->col[k]];
    }
    return ALECABLE_OK;
}

/* The place of (major, minor) in a compressed store: the entries of one
 * major index need not be sorted, so a linear scan (at binding only). */
static int find(const int *ptr, const int *idx, int major, int minor)
{
    int k;
    for (k = ptr[major]; k < ptr[major + 1]; k++)
        if (idx[k] == minor) return k;
    return -1;
}

ALECABLE_API int alecable_embedding_bind(alecable_embedding *e, int csr, int n, const int *ptr, const int *idx)
{
    int st = check(e), k, *pos;
    if (st) return st;
    e->errmsg[0] = 0;
    if (!ptr || !idx) return fail(e, ALECABLE_ENULL, "%s is NULL", ptr ? "idx" : "ptr");
    if (csr != 0 && csr != 1) return fail(e, ALECABLE_EINVAL, "csr = %d is not 0 or 1", csr);
    if (n != e->n_host) return fail(e, ALECABLE_EINVAL, "n = %d is not n_host = %d", n, e->n_host);
    if (ptr[0] != 0) return fail(e, ALECABLE_EINVAL, "ptr[0] = %d is not 0", ptr[0]);
    for (k = 0; k < n; k++)
        if (ptr[k + 1] < ptr[k]) return fail(e, ALECABLE_EINVAL, "ptr[%d] < ptr[%d]: not nondecreasing", k + 1, k);
    for (k = 0; k < ptr[n]; k++)
        if (idx[k] < 0 || idx[k] >= n) return fail(e, ALECABLE_EINVAL, "idx[%d] = %d is outside [0, %d)", k, idx[k], n);
    if (!(pos = (int *)ac_calloc(&e->alloc, (size_t)(e->nnz ? e->nnz : 1), sizeof(int))))
        return fail(e, ALECABLE_ENOMEM, "out of memory");
    for (k = 0; k < e->nnz; k++) {
        int i = e->index[e->row[k]], j = e->index[e->col[k]];
        pos[k] = csr ? find(ptr, idx, i, j) : find(ptr, idx, j, i);
        if (pos[k] < 0) {
            ac_free(&e->alloc, pos);
            return fail(e, ALECABLE_EINVAL,
                        "the host's pattern has no entry (%d, %d), where the problem's (%d, %d) goes: add the "
                        "entries of alecable_embedding_pattern()",
                        i, j, e->row[k], e->col[k]);
        }
    }
    ac_free(&e->alloc, e->pos);
    e->pos = pos;
    return ALECABLE_OK;
}

/* x, v, a of the host -> the problem's q (with lambda behind it), v, a.
 * The multipliers' rates are not the problem's: v and a hold nq values. */
static int gather(alecable_embedding *e, const double *x, const double *v, const double *a)
{
    int k;
    for (k = 0; k < e->n; k++) {
        double y = x[e->index[k]];
        if (!isfinite(y))
            return fail(e, ALECABLE_EINVAL, "x[%d] (the problem's unknown %d) is not finite", e->index[k], k);
        e->q[k] = y;
    }
    for (k = 0; k < e->nq; k++) {
        e->v[k] = v ? v[e->index[k]] : 0.0;
        e->a[k] = a ? a[e->index[k]] : 0.0;
        if (!isfinite(e->v[k]) || !isfinite(e->a[k]))
            return fail(e, ALECABLE_EINVAL, "%s[%d] (the problem's unknown %d) is not finite",
                        isfinite(e->v[k]) ? "a" : "v", e->index[k], k);
    }
    return ALECABLE_OK;
}

static int callback_failed(alecable_embedding *e, int st, const char *what)
{
    char msg[400];
    if (problem_stale(&e->p, msg, sizeof msg)) return fail(e, ALECABLE_ESTATE, "%s", msg);
    return fail(e, st, "the problem's %s failed: %s", what, alecable_strerror(st));
}

ALECABLE_API int alecable_embedding_residual(alecable_embedding *e, double t, const double *x, const double *v,
                                             const double *a, double *r_host)
{
    int st = check(e), k;
    if (st) return st;
    e->errmsg[0] = 0;
    if (!x || !r_host) return fail(e, ALECABLE_ENULL, "%s is NULL", x ? "r_host" : "x");
    if (!isfinite(t)) return fail(e, ALECABLE_EINVAL, "t is not finite");
    if ((st = gather(e, x, v, a))) return st;
    if ((st = e->p.residual(e->p.ctx, t, e->q, e->v, e->a, e->lam, e->r))) return callback_failed(e, st, "residual");
    for (k = 0; k < e->n; k++) r_host[e->index[k]] += e->r[k];
    return ALECABLE_OK;
}

ALECABLE_API int alecable_embedding_jacobian(alecable_embedding *e, double t, const double *x, const double *v,
                                             const double *a, double cq, double cv, double ca, int flags,
                                             double *values)
{
    int st = check(e), k;
    if (st) return st;
    e->errmsg[0] = 0;
    if (!x || !values) return fail(e, ALECABLE_ENULL, "%s is NULL", x ? "values" : "x");
    if (!isfinite(t) || !isfinite(cq) || !isfinite(cv) || !isfinite(ca))
        return fail(e, ALECABLE_EINVAL, "t, cq, cv and ca must be finite");
    if ((st = gather(e, x, v, a))) return st;
    if ((st = e->p.jacobian(e->p.ctx, t, e->q, e->v, e->a, e->lam, cq, cv, ca, flags, e->vals)))
        return callback_failed(e, st, "jacobian");
    if (e->pos)
        for (k = 0; k < e->nnz; k++) values[e->pos[k]] += e->vals[k];
    else
        memcpy(values, e->vals, (size_t)e->nnz * sizeof(double));
    return ALECABLE_OK;
}

ALECABLE_API int alecable_embedding_update(alecable_embedding *e, double *x, const double *dx, double scale)
{
    int st = check(e), k;
    if (st) return st;
    e->errmsg[0] = 0;
    if (!x || !dx) return fail(e, ALECABLE_ENULL, "%s is NULL", x ? "dx" : "x");
    if (!isfinite(scale)) return fail(e, ALECABLE_EINVAL, "scale is not finite");
    if ((st = gather(e, x, NULL, NULL))) return st;
    for (k = 0; k < e->n; k++) {
        e->dq[k] = e->host_moves[k] ? 0.0 : dx[e->index[k]];
        if (!isfinite(e->dq[k]))
            return fail(e, ALECABLE_EINVAL, "dx[%d] (the problem's unknown %d) is not finite", e->index[k], k);
    }
    if (e->p.update) {
        if ((st = e->p.update(e->p.ctx, e->q, e->dq, scale))) return callback_failed(e, st, "update");
    } else {
        for (k = 0; k < e->nq; k++) e->q[k] += scale * e->dq[k];
    }
    for (k = e->nq; k < e->n; k++) e->q[k] += scale * e->dq[k];
    for (k = 0; k < e->n; k++)
        if (!e->host_moves[k]) x[e->index[k]] = e->q[k];
    return ALECABLE_OK;
}

ALECABLE_API int alecable_embedding_commit(alecable_embedding *e, double t, const double *x, const double *v)
{
    int st = check(e);
    if (st) return st;
    e->errmsg[0] = 0;
    if (!x) return fail(e, ALECABLE_ENULL, "x is NULL");
    if (!isfinite(t)) return fail(e, ALECABLE_EINVAL, "t is not finite");
    if ((st = gather(e, x, v, NULL))) return st;
    /* a contact that closed (ALECABLE_CONTACT_CLOSED) is the host integrator's to act on, not a failure:
     * passed on so that it can */
    if (e->p.nhist > 0 && (st = e->p.history_commit(e->p.ctx, t, e->q, v ? e->v : NULL, e->lam)) &&
        st != ALECABLE_CONTACT_CLOSED)
        return callback_failed(e, st, "history_commit");
    return st == ALECABLE_CONTACT_CLOSED ? ALECABLE_CONTACT_CLOSED : ALECABLE_OK;
}

ALECABLE_API int alecable_embedding_gather(const alecable_embedding *e, const double *x, double *q, double *lambda)
{
    int st = check(e), k;
    if (st) return st;
    if (!x) return ALECABLE_ENULL;
    if (q)
        for (k = 0; k < e->nq; k++) q[k] = x[e->index[k]];
    if (lambda)
        for (k = e->nq; k < e->n; k++) lambda[k - e->nq] = x[e->index[k]];
    return ALECABLE_OK;
}

ALECABLE_API int alecable_embedding_scatter(const alecable_embedding *e, const double *q, const double *lambda,
                                            double *x)
{
    int st = check(e), k;
    if (st) return st;
    if (!x) return ALECABLE_ENULL;
    if (q)
        for (k = 0; k < e->nq; k++) x[e->index[k]] = q[k];
    if (lambda)
        for (k = e->nq; k < e->n; k++) x[e->index[k]] = lambda[k - e->nq];
    return ALECABLE_OK;
}

ALECABLE_API int alecable_embedding_host_moves(alecable_embedding *e, int count, const int *host_index)
{
    int st = check(e), k, j;
    if (st) return st;
    e->errmsg[0] = 0;
    if (count < 0) return fail(e, ALECABLE_EINVAL, "count = %d is negative", count);
    if (count > 0 && !host_index) return fail(e, ALECABLE_ENULL, "host_index is NULL");
    for (j = 0; j < count; j++) {
        for (k = 0; k < e->n && e->index[k] != host_index[j]; k++)
            ;
        if (k == e->n)
            return fail(e, ALECABLE_EINVAL, "host_index[%d] = %d is none of the problem's unknowns", j, host_index[j]);
    }
    memset(e->host_moves, 0, (size_t)e->n);
    for (j = 0; j < count; j++)
        for (k = 0; k < e->n; k++)
            if (e->index[k] == host_index[j]) e->host_moves[k] = 1;
    return ALECABLE_OK;
}

const void *embed_ctx(const alecable_embedding *e)
{
    return check(e) ? NULL : e->p.ctx;
}

int embed_gather_state(alecable_embedding *e, const double *x, const double *v, double **qlam, double **vq)
{
    int st = check(e);
    if (st) return st;
    e->errmsg[0] = 0;
    if ((st = gather(e, x, v, NULL))) return st;
    *qlam = e->q;
    *vq = e->v;
    return ALECABLE_OK;
}
