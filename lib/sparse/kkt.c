/* KKT systems [H G^T; G D] with the single-dof constraints condensed out.
 *
 * A constraint row R whose only entry in the q-columns is dof j (a fixed or
 * prescribed coordinate: every material coordinate of a Lagrangian cable, a
 * pinned end, a fixed body's six) determines that dof by itself:
 *     G_Rj dq_j = b_R                                  -> dq_j
 *     H_j. dq + G_Rj lambda_R + sum_k G_kj lambda_k = b_j  -> lambda_R  (after the rest)
 * and the other rows, other constraints' included, see dq_j only on their
 * right-hand side.  The reduced
 * system keeps the free dofs and the other constraints; for a cable it is
 * smaller, has a narrower band and no zero diagonal, so the band LU meets no
 * row interchanges.  The results are those of the full system (same
 * equations, eliminated exactly), including every multiplier.
 *
 * What decides eliminability is the pattern (fixed at create).  The values
 * are checked at every factorization: a zero G_Rj, or a nonzero D_RR (a
 * regularized constraint), falls back to the full system, whose solver is
 * then created once (the only allocation after the first factorization,
 * and only on that path). */
#include "kkt.h"

#include <math.h>
#include <string.h>

struct sp_kkt {
    const sp_pattern *p;
    ac_alloc *alloc;
    int kind, flags, n, nq, ne;
    /* eliminated pairs e: dof j[e], constraint row R[e]; value positions of
     * G_Rj (row R, column j), G^T_jR (row j, column R) and D_RR */
    int *ej, *eR, *pos_g, *pos_gt, *pos_d;
    int *red_of;          /* full index -> reduced index, or -1 */
    int *full_of;         /* reduced index -> full index */
    sp_pattern red;
    int *red_src;         /* reduced value k <- full value red_src[k] */
    /* column j of every eliminated dof (for the right-hand side) and row j
     * (for the multiplier): positions into the full values, copied at
     * factor time into colv / rowv */
    int *cptr, *crow, *cpos, *rptr, *rcol, *rpos;
    int nc_all;           /* entries of the eliminated columns but G_Rj, kept rows or not (flops) */
    double *colv, *rowv, *gv, *gtv;
    double *vred, *bred, *xred, *dq;
    sp_solver *inner;     /* the reduced system (or the full one when ne = 0) */
    sp_solver *full;      /* fallback, created on first need */
    int use_full;
    int gathered;         /* inner reads the full vals through red_of (no vred copy,
                           * no reduced pattern or red_src kept) */
    double flops_extra;
    size_t inner_bytes;   /* what creating inner (and its gather) took from alloc */
};

static void *ints(ac_alloc *a, int n) { return ac_malloc(a, (size_t)(n > 0 ? n : 1) * sizeof(int)); }
static void *dbls(ac_alloc *a, int n) { return ac_malloc(a, (size_t)(n > 0 ? n : 1) * sizeof(double)); }

void sp_kkt_destroy(sp_kkt *k)
{
    ac_alloc *a;
    if (!k) return;
    a = k->alloc;
    sp_solver_destroy(k->inner);
    sp_solver_destroy(k->full);
    ac_free(a, k->ej); ac_free(a, k->eR); ac_free(a, k->pos_g); ac_free(a, k->pos_gt); ac_free(a, k->pos_d);
    ac_free(a, k->red_of); ac_free(a, k->full_of); ac_free(a, k->red_src);
    ac_free(a, k->red.colptr); ac_free(a, k->red.rowidx); ac_free(a, k->red.diag);
    ac_free(a, k->cptr); ac_free(a, k->crow); ac_free(a, k->cpos);
    ac_free(a, k->rptr); ac_free(a, k->rcol); ac_free(a, k->rpos);
    ac_free(a, k->colv); ac_free(a, k->rowv); ac_free(a, k->gv); ac_free(a, k->gtv);
    ac_free(a, k->vred); ac_free(a, k->bred); ac_free(a, k->xred); ac_free(a, k->dq);
    ac_free(a, k);
}

/* Pairs (j, R) that the pattern allows to eliminate; returns their count and
 * fills ej, eR (each of size n - nq at least).  Other constraints may touch
 * dof j (a fixed pulley's dofs appear in every wrap equation): they only
 * see dq_j on their right-hand side, and row j, used for lambda_R after the
 * condensed solve, reads their multipliers from it.  A dof held twice keeps
 * its second constraint (the pair would be singular anyway). */
static int find_pairs(const sp_pattern *p, int nq, int *qcount, int *qcol, int *used, int *ej, int *eR)
{
    int n = p->n, j, k, ne = 0;
    /* qcount[R - nq]: q-columns with an entry in row R (qcol: the last one) */
    for (j = 0; j < n - nq; j++) qcount[j] = 0;
    for (j = 0; j < nq; j++) {
        used[j] = 0;
        for (k = p->colptr[j]; k < p->colptr[j + 1]; k++) {
            int r = p->rowidx[k];
            if (r < nq) continue;
            qcount[r - nq]++;
            qcol[r - nq] = j;
        }
    }
    for (j = 0; j < n - nq; j++) {
        int R = nq + j, d, ok = 1;
        if (qcount[j] != 1) continue;
        d = qcol[j];
        if (used[d]) continue;
        /* column R: its q-rows must be exactly {d} (G^T mirrors G) */
        for (k = p->colptr[R]; k < p->colptr[R + 1]; k++)
            if (p->rowidx[k] < nq && p->rowidx[k] != d) ok = 0;
        if (!ok || sp_find(p, d, R) < 0) continue;
        used[d] = 1;
        ej[ne] = d;
        eR[ne] = R;
        ne++;
    }
    return ne;
}

/* the reduced numbering: red_of, full_of, red.n */
static int build_maps(sp_kkt *k)
{
    int n = k->n, nr = n - 2 * k->ne, j, cnt = 0, e;
    k->red_of = ints(k->alloc, n);
    k->full_of = ints(k->alloc, nr);
    if (!k->red_of || !k->full_of) return SP_ENOMEM;
    for (j = 0; j < n; j++) k->red_of[j] = 0;
    for (e = 0; e < k->ne; e++) k->red_of[k->ej[e]] = k->red_of[k->eR[e]] = -1;
    for (j = 0; j < n; j++)
        if (k->red_of[j] == 0) {
            k->full_of[cnt] = j;
            k->red_of[j] = cnt++;
        }
    k->red.n = nr;
    return SP_OK;
}

/* the reduced pattern, for a backend that does not gather (and kind -1) */
static int build_reduced(sp_kkt *k)
{
    const sp_pattern *p = k->p;
    int nr = k->red.n, j, q, cnt = 0;
    k->red.colptr = ints(k->alloc, nr + 1);
    k->red.diag = ints(k->alloc, nr);
    if (!k->red.colptr || !k->red.diag) return SP_ENOMEM;
    cnt = 0;
    for (j = 0; j < nr; j++) {
        int c = k->full_of[j];
        for (q = p->colptr[c]; q < p->colptr[c + 1]; q++)
            if (k->red_of[p->rowidx[q]] >= 0) cnt++;
    }
    k->red.nnz = cnt;
    k->red.rowidx = ints(k->alloc, cnt);
    if (!k->red.rowidx) return SP_ENOMEM;
    cnt = 0;
    for (j = 0; j < nr; j++) {
        int c = k->full_of[j];
        k->red.colptr[j] = cnt;
        for (q = p->colptr[c]; q < p->colptr[c + 1]; q++) {
            int r = k->red_of[p->rowidx[q]];
            if (r < 0) continue;
            if (r == j) k->red.diag[j] = cnt;
            k->red.rowidx[cnt++] = r; /* red_of is increasing: rows stay sorted */
        }
    }
    k->red.colptr[nr] = cnt;
    return SP_OK;
}

/* red_src, for a backend that does not gather (and sp_kkt_gather) */
static int build_src(sp_kkt *k)
{
    const sp_pattern *p = k->p;
    int j, q, cnt = 0;
    if (!(k->red_src = ints(k->alloc, k->red.nnz))) return SP_ENOMEM;
    for (j = 0; j < k->red.n; j++) {
        int c = k->full_of[j];
        for (q = p->colptr[c]; q < p->colptr[c + 1]; q++)
            if (k->red_of[p->rowidx[q]] >= 0) k->red_src[cnt++] = q;
    }
    return SP_OK;
}

/* Column and row j of each eliminated dof, as value positions; a column's
 * entries only in the rows the reduced system keeps (the others' right-hand
 * side is not used: those unknowns come from the eliminations). */
static int build_lines(sp_kkt *k)
{
    const sp_pattern *p = k->p;
    int ne = k->ne, e, q, c, nc = 0, nrw = 0;
    for (e = 0; e < ne; e++)
        for (q = p->colptr[k->ej[e]]; q < p->colptr[k->ej[e] + 1]; q++)
            if (p->rowidx[q] != k->eR[e]) {
                k->nc_all++;
                if (k->red_of[p->rowidx[q]] >= 0) nc++;
            }
    for (c = 0; c < k->n; c++)
        for (q = p->colptr[c]; q < p->colptr[c + 1]; q++)
            if (k->red_of[p->rowidx[q]] < 0 && p->rowidx[q] < k->nq) nrw++;
    k->cptr = ints(k->alloc, ne + 1);
    k->crow = ints(k->alloc, nc);
    k->cpos = ints(k->alloc, nc);
    k->rptr = ints(k->alloc, ne + 1);
    k->rcol = ints(k->alloc, nrw);
    k->rpos = ints(k->alloc, nrw);
    k->colv = dbls(k->alloc, nc);
    k->rowv = dbls(k->alloc, nrw);
    if (!k->cptr || !k->crow || !k->cpos || !k->rptr || !k->rcol || !k->rpos || !k->colv || !k->rowv)
        return SP_ENOMEM;
    nc = 0;
    for (e = 0; e < ne; e++) {
        int j = k->ej[e];
        k->cptr[e] = nc;
        for (q = p->colptr[j]; q < p->colptr[j + 1]; q++)
            if (p->rowidx[q] != k->eR[e] && k->red_of[p->rowidx[q]] >= 0) { /* G_Rj is used on its own */
                k->crow[nc] = p->rowidx[q];
                k->cpos[nc++] = q;
            }
    }
    k->cptr[ne] = nc;
    /* rows: one pass over the pattern per eliminated dof would be O(ne nnz);
     * bucket the entries of eliminated q-rows by their pair instead */
    {
        int *pair_of_row = ints(k->alloc, k->n), *fill;
        if (!pair_of_row) return SP_ENOMEM;
        for (c = 0; c < k->n; c++) pair_of_row[c] = -1;
        for (e = 0; e < ne; e++) pair_of_row[k->ej[e]] = e;
        for (e = 0; e <= ne; e++) k->rptr[e] = 0;
        for (c = 0; c < k->n; c++)
            for (q = p->colptr[c]; q < p->colptr[c + 1]; q++) {
                int pe = pair_of_row[p->rowidx[q]];
                if (pe >= 0 && c != k->eR[pe]) k->rptr[pe + 1]++;
            }
        for (e = 0; e < ne; e++) k->rptr[e + 1] += k->rptr[e];
        fill = ints(k->alloc, ne);
        if (!fill) {
            ac_free(k->alloc, pair_of_row);
            return SP_ENOMEM;
        }
        for (e = 0; e < ne; e++) fill[e] = k->rptr[e];
        for (c = 0; c < k->n; c++)
            for (q = p->colptr[c]; q < p->colptr[c + 1]; q++) {
                int pe = pair_of_row[p->rowidx[q]];
                if (pe >= 0 && c != k->eR[pe]) {
                    k->rcol[fill[pe]] = c;
                    k->rpos[fill[pe]++] = q;
                }
            }
        ac_free(k->alloc, fill);
        ac_free(k->alloc, pair_of_row);
    }
    return SP_OK;
}

int sp_kkt_create(sp_kkt **out, int kind, const sp_pattern *p, int nq, ac_alloc *alloc)
{
    return sp_kkt_create_flags(out, kind, p, nq, alloc, 0);
}

int sp_kkt_create_flags(sp_kkt **out, int kind, const sp_pattern *p, int nq, ac_alloc *alloc, int flags)
{
    sp_kkt *k;
    int st, m, e, *qcount, *qcol, *used;
    *out = NULL;
    if (!p || nq < 0 || nq > p->n) return SP_EFAIL;
    k = ac_calloc(alloc, 1, sizeof *k);
    if (!k) return SP_ENOMEM;
    k->p = p;
    k->alloc = alloc;
    k->kind = kind;
    k->flags = flags;
    k->n = p->n;
    k->nq = nq;
    m = p->n - nq;
    k->ej = ints(alloc, m);
    k->eR = ints(alloc, m);
    qcount = ints(alloc, m);
    qcol = ints(alloc, m);
    used = ints(alloc, nq);
    if (!k->ej || !k->eR || !qcount || !qcol || !used) {
        ac_free(alloc, qcount); ac_free(alloc, qcol); ac_free(alloc, used);
        sp_kkt_destroy(k);
        return SP_ENOMEM;
    }
    k->ne = find_pairs(p, nq, qcount, qcol, used, k->ej, k->eR);
    ac_free(alloc, qcount); ac_free(alloc, qcol); ac_free(alloc, used);
    if (k->ne == 0) { /* nothing to condense: the full system, directly */
        size_t live = alloc->live_bytes;
        if (kind >= 0 && (st = sp_solver_create_kkt(&k->inner, kind, p, NULL, nq, alloc, flags))) {
            sp_kkt_destroy(k);
            return st;
        }
        k->inner_bytes = alloc->live_bytes - live;
        *out = k;
        return SP_OK;
    }
    k->pos_g = ints(alloc, k->ne);
    k->pos_gt = ints(alloc, k->ne);
    k->pos_d = ints(alloc, k->ne);
    k->gv = dbls(alloc, k->ne);
    k->gtv = dbls(alloc, k->ne);
    k->dq = dbls(alloc, k->ne);
    if (!k->pos_g || !k->pos_gt || !k->pos_d || !k->gv || !k->gtv || !k->dq) {
        sp_kkt_destroy(k);
        return SP_ENOMEM;
    }
    for (e = 0; e < k->ne; e++) {
        k->pos_g[e] = sp_find(p, k->eR[e], k->ej[e]);
        k->pos_gt[e] = sp_find(p, k->ej[e], k->eR[e]);
        k->pos_d[e] = p->diag ? p->diag[k->eR[e]] : sp_find(p, k->eR[e], k->eR[e]);
    }
    if ((st = build_maps(k)) || (st = build_lines(k))) {
        sp_kkt_destroy(k);
        return st;
    }
    k->inner_bytes = alloc->live_bytes;
    /* a band reads the reduced values straight from the full ones (no copy
     * into vred at every factorization), created so from the start: the
     * reduced pattern is then never made (nnz ints at the peak of the
     * integrator's creation).  Every unknown held by a single-dof
     * constraint (a cable fixed at all its nodes): nothing is left to
     * factor, the eliminations solve it all. */
    if (kind >= 0 && k->red.n > 0) {
        st = sp_solver_create_kkt(&k->inner, kind, p, k->red_of, nq, alloc, flags);
        if (st != SP_OK && (st != SP_EUNSUITED || kind == SP_BAND)) {
            sp_kkt_destroy(k);
            return st;
        }
        k->gathered = st == SP_OK;
    }
    k->inner_bytes = alloc->live_bytes - k->inner_bytes;
    if (!k->gathered && (st = build_reduced(k))) {
        sp_kkt_destroy(k);
        return st;
    }
    /* the other backends on the reduced pattern (SP_AUTO: the band was too wide, KLU) */
    if (kind >= 0 && k->red.n > 0 && !k->gathered) {
        size_t live = alloc->live_bytes;
        if ((st = sp_solver_create_flags(&k->inner, kind == SP_AUTO ? SP_KLU : kind, &k->red, alloc, flags))) {
            sp_kkt_destroy(k);
            return st;
        }
        k->inner_bytes += alloc->live_bytes - live;
    }
    /* with a gathering backend the full_of and the reduced right-hand side
     * and solution are not needed either, nor is red_src made (3 n ints,
     * 2 n doubles) */
    if (k->gathered) {
        ac_free(alloc, k->full_of);
        k->full_of = NULL;
    } else if ((st = build_src(k))) {
        sp_kkt_destroy(k);
        return st;
    } else {
        k->bred = dbls(alloc, k->red.n);
        k->xred = dbls(alloc, k->red.n);
        if (!k->bred || !k->xred) {
            sp_kkt_destroy(k);
            return SP_ENOMEM;
        }
    }
    /* the condensed values' copy, only for a backend that does not gather
     * (nnz doubles: as much as the Jacobian's own values) */
    if (kind >= 0 && k->red.n > 0 && !k->gathered && !(k->vred = dbls(alloc, k->red.nnz))) {
        sp_kkt_destroy(k);
        return SP_ENOMEM;
    }
    *out = k;
    return SP_OK;
}

const sp_pattern *sp_kkt_reduced(const sp_kkt *k) { return k->ne ? &k->red : k->p; }

void sp_kkt_gather(const sp_kkt *k, const double *vals, double *vred)
{
    int q;
    if (k->ne == 0) {
        memcpy(vred, vals, (size_t)k->p->nnz * sizeof(double));
        return;
    }
    for (q = 0; q < k->red.nnz; q++) vred[q] = vals[k->red_src[q]];
}

int sp_kkt_full_index(const sp_kkt *k, int i) { return k->ne ? k->full_of[i] : i; }

/* mut: vals, writable (SP_OVERWRITE), or NULL.  What the solve needs of
 * the eliminated lines (gv, gtv, colv, rowv) is copied before the inner
 * factorization may overwrite the values; the inner solver's own copy
 * (vred) it may always overwrite. */
static int factor(sp_kkt *k, const double *vals, double *mut)
{
    int e, q;
    if (k->ne == 0) return mut ? sp_solver_factor_mut(k->inner, mut) : sp_solver_factor(k->inner, vals);
    k->use_full = 0;
    for (e = 0; e < k->ne; e++) {
        k->gv[e] = vals[k->pos_g[e]];
        k->gtv[e] = vals[k->pos_gt[e]];
        if (k->gv[e] == 0.0 || k->gtv[e] == 0.0 || (k->pos_d[e] >= 0 && vals[k->pos_d[e]] != 0.0))
            k->use_full = 1;
    }
    if (k->use_full) {
        int st;
        if (!k->full && (st = sp_solver_create_kkt(&k->full, k->kind, k->p, NULL, k->nq, k->alloc, k->flags))) return st;
        return mut ? sp_solver_factor_mut(k->full, mut) : sp_solver_factor(k->full, vals);
    }
    for (q = 0; q < k->cptr[k->ne]; q++) k->colv[q] = vals[k->cpos[q]];
    for (q = 0; q < k->rptr[k->ne]; q++) k->rowv[q] = vals[k->rpos[q]];
    if (k->red.n == 0) return SP_OK;
    if (k->gathered)
        return mut ? sp_solver_factor_gathered_mut(k->inner, mut) : sp_solver_factor_gathered(k->inner, vals);
    for (q = 0; q < k->red.nnz; q++) k->vred[q] = vals[k->red_src[q]];
    return sp_solver_factor_mut(k->inner, k->vred);
}

int sp_kkt_factor(sp_kkt *k, const double *vals) { return factor(k, vals, NULL); }
int sp_kkt_factor_mut(sp_kkt *k, double *vals) { return factor(k, vals, vals); }

int sp_kkt_restore(sp_kkt *k, double *vals)
{
    if (k->ne > 0 && k->use_full) return sp_solver_restore(k->full, vals);
    return k->inner ? sp_solver_restore(k->inner, vals) : 0;
}

int sp_kkt_solve(sp_kkt *k, const double *b, double *x)
{
    int e, q, i, st;
    if (k->ne == 0) return sp_solver_solve(k->inner, b, x);
    if (k->use_full) return sp_solver_solve(k->full, b, x);
    for (e = 0; e < k->ne; e++) k->dq[e] = b[k->eR[e]] / k->gv[e];
    if (k->gathered) { /* the reduced system's right-hand side and solution in x */
        memcpy(x, b, (size_t)k->n * sizeof(double));
        for (e = 0; e < k->ne; e++)
            for (q = k->cptr[e]; q < k->cptr[e + 1]; q++) x[k->crow[q]] -= k->colv[q] * k->dq[e];
        if ((st = sp_solver_solve(k->inner, x, x))) return st;
    } else {
        for (i = 0; i < k->red.n; i++) k->bred[i] = b[k->full_of[i]];
        for (e = 0; e < k->ne; e++)
            for (q = k->cptr[e]; q < k->cptr[e + 1]; q++) k->bred[k->red_of[k->crow[q]]] -= k->colv[q] * k->dq[e];
        if (k->red.n > 0 && (st = sp_solver_solve(k->inner, k->bred, k->xred))) return st;
        for (i = 0; i < k->red.n; i++) x[k->full_of[i]] = k->xred[i];
    }
    for (e = 0; e < k->ne; e++) x[k->ej[e]] = k->dq[e];
    for (e = 0; e < k->ne; e++) {
        double s = b[k->ej[e]];
        for (q = k->rptr[e]; q < k->rptr[e + 1]; q++) s -= k->rowv[q] * x[k->rcol[q]];
        x[k->eR[e]] = s / k->gtv[e];
    }
    k->flops_extra = 2.0 * (k->nc_all + k->rptr[k->ne]) + 2.0 * k->ne;
    return SP_OK;
}

double sp_kkt_rcond(const sp_kkt *k)
{
    if (!k->use_full && k->ne > 0 && k->red.n == 0) return 1.0; /* the eliminations alone */
    return sp_solver_rcond(k->use_full ? k->full : k->inner);
}

double sp_kkt_flops(const sp_kkt *k)
{
    if (k->use_full) return sp_solver_flops(k->full);
    if (sp_solver_kind(k->inner) != SP_BAND) return 0.0; /* the backend does not count: unknown */
    return sp_solver_flops(k->inner) + (k->ne ? k->flops_extra : 0.0);
}

int sp_kkt_eliminated(const sp_kkt *k) { return k->ne; }
size_t sp_kkt_backend_bytes(const sp_kkt *k) { return k->inner_bytes; }
int sp_kkt_kind(const sp_kkt *k) { return sp_solver_kind(k->inner); }

int sp_kkt_band_counts(const sp_kkt *k, sp_band_counts *c)
{
    return sp_solver_band_counts(k->ne > 0 && k->use_full ? k->full : k->inner, c);
}
