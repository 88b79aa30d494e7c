/* The one sp_solver interface, dispatching to a backend file
 * (umfpack.c, cholmod.c, spqr.c, klu.c, band.c; the GPL-free build has
 * lapack_qr.c in place of umfpack.c, cholmod.c, spqr.c and rank.c).  The
 * dispatcher owns the state checks (factorized yet? last factorization
 * singular?) so the backends only wrap their library.
 *
 * Memory: our own allocations go through the ac_alloc given at create.
 * SuiteSparse allocates its factors and workspaces with its own allocator
 * (SuiteSparse_config / cholmod_common), which is outside our control. */
#include "backend.h"

typedef struct sp_backend {
    int (*create)(void **impl, const sp_pattern *p, ac_alloc *alloc);
    void (*destroy)(void *impl);
    int (*factor)(void *impl, const double *vals);
    int (*solve)(void *impl, const double *b, double *x);
    double (*rcond)(const void *impl);
} sp_backend;

static const sp_backend backends[] = {
#ifndef ALECABLE_NO_GPL
    {sp_umf_create, sp_umf_destroy, sp_umf_factor, sp_umf_solve, sp_umf_rcond},
    {sp_chol_create, sp_chol_destroy, sp_chol_factor, sp_chol_solve,
     sp_chol_rcond},
#else
    /* The GPL-free build: UMFPACK (GPL) is not there; SP_UMFPACK asks for
     * LU with fresh pivoting at every factorization, which KLU gives when
     * it never replays its pivot order (klu.c).  CHOLMOD is left out as a
     * whole: Debian's libcholmod carries the GPL Supernodal, MatrixOps and
     * Modify modules, cholmod_analyze picks the supernodal factorization by
     * itself, and no public option reaches SP_CHOLMOD. */
    {sp_klu_fresh_create, sp_klu_destroy, sp_klu_factor, sp_klu_solve,
     sp_klu_rcond},
    {NULL, NULL, NULL, NULL, NULL},
#endif
    /* SPQR's, or in the GPL-free build LAPACK's dense QR (lapack_qr.c) */
    {sp_qr_create, sp_qr_destroy, sp_qr_factor, sp_qr_solve, sp_qr_rcond},
    {sp_klu_create, sp_klu_destroy, sp_klu_factor, sp_klu_solve,
     sp_klu_rcond},
    {sp_band_create, sp_band_destroy, sp_band_factor, sp_band_solve,
     sp_band_rcond}};

enum { NOT_FACTORED = -1 };

struct sp_solver {
    int kind;
    const sp_backend *be;
    void *impl;
    ac_alloc *alloc;
    int last; /* result of the last factor call, or NOT_FACTORED */
};

int sp_solver_create(sp_solver **out, int kind, const sp_pattern *p,
                     ac_alloc *alloc)
{
    return sp_solver_create_flags(out, kind, p, alloc, 0);
}

static int create_kkt(sp_solver **out, int kind, const sp_pattern *p, int nq, ac_alloc *alloc, int flags);

int sp_solver_create_flags(sp_solver **out, int kind, const sp_pattern *p,
                           ac_alloc *alloc, int flags)
{
    return create_kkt(out, kind, p, p ? p->n : 0, alloc, flags);
}

static int create_kkt(sp_solver **out, int kind, const sp_pattern *p, int nq, ac_alloc *alloc, int flags)
{
    sp_solver *s;
    int rc;
    if (!out)
        return SP_EFAIL;
    *out = NULL;
    if (!p || !alloc || p->n < 0 || kind < SP_UMFPACK || kind > SP_AUTO)
        return SP_EFAIL;
    if (kind != SP_AUTO && !backends[kind].create)
        return SP_EFAIL; /* not in this build */
    s = ac_malloc(alloc, sizeof *s);
    if (!s)
        return SP_ENOMEM;
    s->kind = kind == SP_AUTO ? SP_BAND : kind;
    s->be = &backends[s->kind];
    s->impl = NULL;
    s->alloc = alloc;
    s->last = NOT_FACTORED;
    rc = s->kind == SP_BAND ? sp_band_create_kkt(&s->impl, p, NULL, nq, alloc, flags)
                            : s->be->create(&s->impl, p, alloc);
    if (rc == SP_EUNSUITED && kind == SP_AUTO) {
        s->kind = SP_KLU;
        s->be = &backends[SP_KLU];
        rc = s->be->create(&s->impl, p, alloc);
    }
    if (rc != SP_OK) {
        ac_free(alloc, s);
        return rc;
    }
    *out = s;
    return SP_OK;
}

void sp_solver_destroy(sp_solver *s)
{
    if (!s)
        return;
    s->be->destroy(s->impl);
    ac_free(s->alloc, s);
}

int sp_solver_factor(sp_solver *s, const double *vals)
{
    if (!s || !vals)
        return SP_EFAIL;
    s->last = s->be->factor(s->impl, vals);
    return s->last;
}

int sp_solver_factor_mut(sp_solver *s, double *vals)
{
    if (!s || !vals)
        return SP_EFAIL;
    s->last = s->kind == SP_BAND ? sp_band_factor_mut(s->impl, vals) : s->be->factor(s->impl, vals);
    return s->last;
}

int sp_solver_restore(sp_solver *s, double *vals)
{
    if (!s || !vals || s->kind != SP_BAND || !sp_band_restore(s->impl, vals))
        return 0;
    s->last = NOT_FACTORED;
    return 1;
}

int sp_solver_solve(sp_solver *s, const double *b, double *x)
{
    if (!s || !b || !x || s->last == NOT_FACTORED)
        return SP_EFAIL;
    /* A failed or singular factorization has nothing usable to solve with. */
    if (s->last != SP_OK)
        return s->last == SP_ESINGULAR ? SP_ESINGULAR : SP_EFAIL;
    return s->be->solve(s->impl, b, x);
}

double sp_solver_rcond(const sp_solver *s)
{
    if (!s || s->last == NOT_FACTORED)
        return 0.0;
    return s->be->rcond(s->impl);
}

int sp_solver_kind(const sp_solver *s)
{
    return s ? s->kind : -1;
}

double sp_solver_flops(const sp_solver *s)
{
    if (!s || s->last == NOT_FACTORED || s->kind != SP_BAND)
        return 0.0;
    return sp_band_flops(s->impl);
}

int sp_solver_set_gather(sp_solver *s, const sp_pattern *full, const int *keep)
{
    if (!s || !full || !keep)
        return SP_EFAIL;
    return s->kind == SP_BAND ? sp_band_set_gather(s->impl, full, keep) : SP_EUNSUITED;
}

int sp_solver_factor_gathered(sp_solver *s, const double *vals)
{
    if (!s || !vals || s->kind != SP_BAND)
        return SP_EFAIL;
    s->last = sp_band_factor_gathered(s->impl, vals);
    return s->last;
}

int sp_solver_create_gathered(sp_solver **out, int kind, const sp_pattern *full, const int *keep, ac_alloc *alloc,
                              int flags)
{
    if (!keep) {
        if (out) *out = NULL;
        return SP_EFAIL;
    }
    return sp_solver_create_kkt(out, kind, full, keep, full ? full->n : 0, alloc, flags);
}

int sp_solver_create_kkt(sp_solver **out, int kind, const sp_pattern *full, const int *keep, int nq, ac_alloc *alloc,
                         int flags)
{
    sp_solver *s;
    int rc;
    if (!out)
        return SP_EFAIL;
    *out = NULL;
    if (!full || !alloc || nq < 0 || nq > full->n)
        return SP_EFAIL;
    if (!keep)
        return create_kkt(out, kind, full, nq, alloc, flags);
    if (kind != SP_BAND && kind != SP_AUTO)
        return SP_EUNSUITED;
    s = ac_malloc(alloc, sizeof *s);
    if (!s)
        return SP_ENOMEM;
    s->kind = SP_BAND;
    s->be = &backends[SP_BAND];
    s->impl = NULL;
    s->alloc = alloc;
    s->last = NOT_FACTORED;
    rc = sp_band_create_kkt(&s->impl, full, keep, nq, alloc, flags);
    if (rc != SP_OK) {
        ac_free(alloc, s);
        return rc;
    }
    *out = s;
    return SP_OK;
}

int sp_solver_factor_gathered_mut(sp_solver *s, double *vals)
{
    if (!s || !vals || s->kind != SP_BAND)
        return SP_EFAIL;
    s->last = sp_band_factor_gathered_mut(s->impl, vals);
    return s->last;
}

int sp_solver_band_counts(const sp_solver *s, sp_band_counts *c)
{
    static const sp_band_counts zero;
    if (!s || !c)
        return SP_EFAIL;
    *c = zero;
    if (s->kind != SP_BAND)
        return SP_EUNSUITED;
    sp_band_get_counts(s->impl, c);
    return SP_OK;
}
