/* KLU backend (klu_*, int API): low-overhead LU for the many small and
 * medium refactorizations of time integration (KKT systems included).
 *
 * klu_analyze (BTF + AMD on each block) runs once, at the first factor
 * call.  The first numeric factorization is klu_factor, with partial
 * pivoting (KLU's defaults: diagonal preferred while |a_kk| >= 0.001 times
 * the column's largest entry, so zero KKT diagonals are never chosen; rows
 * scaled by their largest entry).  Every later call runs klu_refactor, which
 * replays that pivot order on the new values without allocating, then
 * checks the result (see refactor_ok):
 *
 *   - klu_refactor stopped at an exactly zero pivot, or
 *   - the new rcond is not finite or below RCOND_MIN, or
 *   - the new rcond fell below REFACTOR_DROP times the rcond of the last
 *     klu_factor (the pivots the old order now meets are much smaller,
 *     relative to the rest of U, than those partial pivoting had found)
 *
 * means the old order no longer fits: the numeric object is freed and
 * klu_factor pivots afresh, which also resets the reference rcond.  Only a
 * fresh klu_factor decides that the matrix is singular (zero pivot, KLU's
 * KLU_SINGULAR, or rcond below RCOND_MIN as for UMFPACK).
 *
 * The check and sp_solver_rcond use klu_rcond: min/max |diag U| of the
 * scaled, permuted matrix, O(n), the same crude measure as UMFPACK's rcond
 * (not klu_condest's 1-norm condition estimate).  Measured on banded KKT
 * matrices of cable shape (n = 100 and 10000), klu_rcond costs about 1% of
 * a klu_refactor, klu_rgrowth 20-25% (n = 100) to 75% (n = 10000), and
 * klu_condest 70-85%; a fresh klu_factor costs 2-2.6 refactorizations.
 * After a replayed small pivot d, rcond falls roughly like d^2 (the small
 * pivot and the large ones it causes later), rgrowth only like d.
 *
 * KLU does no iterative refinement (UMFPACK's wsolve does), so klu_solve
 * never reads A again and the values need not be kept.
 *
 * sp_klu_fresh_create makes a solver that never replays: every call runs
 * klu_factor with partial pivoting, as UMFPACK pivots afresh at every
 * factorization.  The GPL-free build (ALECABLE_NO_GPL), which has no
 * UMFPACK, serves SP_UMFPACK with it (solver.c), so a caller that chose
 * fresh pivoting for its robustness keeps it.
 *
 * Each solver has its own klu_common (no global state).  The Symbolic and
 * Numeric objects and their workspaces come from SuiteSparse's allocator
 * (SuiteSparse_config), outside our ac_alloc: refactorizations and solves
 * allocate nothing there either; a fresh klu_factor (first call, unreliable
 * refactorization, recovery after a singular matrix) does. */
#include "backend.h"

#include <math.h>
#include <string.h>
#include <klu.h>

/* Below this klu_rcond (min/max |diag U|) means the pivots have lost every
 * significant digit: the solution would be noise (same as umfpack.c). */
#define RCOND_MIN 1e-15

/* A refactorization is trusted while its rcond stays above this fraction of
 * the rcond of the last fresh klu_factor (a heuristic, chosen like KLU's
 * own pivot tolerance, which accepts a diagonal pivot down to 1e-3 of its
 * column's largest entry).  On a 4x4 test matrix a replayed diagonal pivot
 * of 1e-2 relative already drops rcond by 2e3 with an error of 2e-14; one of
 * 1e-4 drops it by 2e7 with an error of 7e-12, and 1e-7 by 2e13 with 3e-9,
 * still above RCOND_MIN.  A matrix whose conditioning really changes costs
 * one klu_factor, which resets the reference. */
#define REFACTOR_DROP 1e-3

typedef struct kluh {
    const sp_pattern *p;
    ac_alloc *alloc;
    klu_common c;
    klu_symbolic *symbolic;
    klu_numeric *numeric; /* non-NULL only after a successful factorization */
    double rcond;         /* klu_rcond of the last factorization */
    double rcond_ref;     /* klu_rcond of the last fresh klu_factor */
    int fresh;            /* 1: klu_factor at every call, never klu_refactor */
} kluh;

/* Function names are those solver.c declares. */

static int status_to_sp(int status)
{
    if (status == KLU_OK)
        return SP_OK;
    if (status == KLU_SINGULAR)
        return SP_ESINGULAR;
    if (status == KLU_OUT_OF_MEMORY)
        return SP_ENOMEM;
    return SP_EFAIL;
}

int sp_klu_create(void **impl, const sp_pattern *p, ac_alloc *alloc)
{
    kluh *h = ac_calloc(alloc, 1, sizeof *h);
    if (!h)
        return SP_ENOMEM;
    h->p = p;
    h->alloc = alloc;
    if (!klu_defaults(&h->c)) {
        ac_free(alloc, h);
        return SP_EFAIL;
    }
    /* The defaults, spelled out because the reliability rule and the
     * singularity test depend on them: stop at a zero pivot (klu_factor
     * then frees its partial Numeric), partial pivoting with diagonal
     * preference, row scaling by the largest entry. */
    h->c.halt_if_singular = 1;
    h->c.tol = 0.001;
    h->c.scale = 2;
    *impl = h;
    return SP_OK;
}

int sp_klu_fresh_create(void **impl, const sp_pattern *p, ac_alloc *alloc)
{
    int rc = sp_klu_create(impl, p, alloc);
    if (rc == SP_OK)
        ((kluh *)*impl)->fresh = 1;
    return rc;
}

void sp_klu_destroy(void *impl)
{
    kluh *h = impl;
    if (!h)
        return;
    if (h->numeric)
        klu_free_numeric(&h->numeric, &h->c);
    if (h->symbolic)
        klu_free_symbolic(&h->symbolic, &h->c);
    ac_free(h->alloc, h);
}

/* klu_rcond of the current numeric object (0 when it cannot be had). */
static double current_rcond(kluh *h)
{
    if (!klu_rcond(h->symbolic, h->numeric, &h->c))
        return 0.0;
    return h->c.rcond;
}

static int rcond_usable(double r)
{
    /* The negated test also catches a NaN rcond. */
    return isfinite(r) && r >= RCOND_MIN;
}

/* klu_refactor with the pivot order of the last klu_factor; 1 when the
 * result can be trusted (h->rcond set), 0 when klu_factor must redo it. */
static int refactor_ok(kluh *h, double *vals)
{
    const sp_pattern *p = h->p;
    if (!klu_refactor(p->colptr, p->rowidx, vals, h->symbolic, h->numeric,
                      &h->c) ||
        h->c.status != KLU_OK)
        return 0; /* zero pivot (or failure): a fresh factor decides */
    h->rcond = current_rcond(h);
    return rcond_usable(h->rcond) && h->rcond >= REFACTOR_DROP * h->rcond_ref;
}

int sp_klu_factor(void *impl, const double *vals)
{
    kluh *h = impl;
    const sp_pattern *p = h->p;
    /* KLU only reads the values; its prototypes lack the const. */
    double *ax = (double *)vals;
    int k, status;

    h->rcond = 0.0;
    if (p->n <= 0)
        return SP_EFAIL;
    /* A NaN or Inf can end up in L or in an off-diagonal BTF block without
     * touching diag U, where the rcond test would not see it: scan the
     * values (O(nnz), far below a factorization's cost). */
    for (k = 0; k < p->nnz; k++)
        if (!isfinite(vals[k]))
            return SP_ESINGULAR;

    if (!h->symbolic) {
        /* Pattern only: valid for any later values. */
        h->symbolic = klu_analyze(p->n, p->colptr, p->rowidx, &h->c);
        if (!h->symbolic)
            return h->c.status == KLU_OUT_OF_MEMORY ? SP_ENOMEM : SP_EFAIL;
    }
    if (h->numeric) {
        if (!h->fresh && refactor_ok(h, ax))
            return SP_OK;
        klu_free_numeric(&h->numeric, &h->c);
    }

    h->rcond = 0.0;
    h->numeric = klu_factor(p->colptr, p->rowidx, ax, h->symbolic, &h->c);
    status = h->c.status; /* klu_rcond resets it */
    if (!h->numeric)
        return status == KLU_OK ? SP_EFAIL : status_to_sp(status);
    h->rcond = current_rcond(h);
    h->rcond_ref = h->rcond;
    if (status != KLU_OK || !rcond_usable(h->rcond)) {
        /* Keep nothing: the next call pivots afresh instead of replaying
         * the order of a singular matrix. */
        klu_free_numeric(&h->numeric, &h->c);
        return status < KLU_OK ? status_to_sp(status) : SP_ESINGULAR;
    }
    return SP_OK;
}

int sp_klu_solve(void *impl, const double *b, double *x)
{
    kluh *h = impl;
    const int n = h->p->n;
    memcpy(x, b, (size_t)n * sizeof(double));
    /* Fails only on invalid arguments; the solve uses the Numeric's own
     * workspace. */
    if (!klu_solve(h->symbolic, h->numeric, n, 1, x, &h->c))
        return SP_EFAIL;
    return SP_OK;
}

double sp_klu_rcond(const void *impl)
{
    const kluh *h = impl;
    return h->rcond;
}
