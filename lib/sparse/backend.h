/* Private to lib/sparse/: the entry points each linear-solver backend file
 * defines, declared once so the compiler checks every definition against
 * the dispatcher's use (solver.c). */
#ifndef ALECABLE_SPARSE_BACKEND_H
#define ALECABLE_SPARSE_BACKEND_H

#include "sparse.h"

#define SP_BACKEND_DECL(pre)                                                   \
    int pre##_create(void **impl, const sp_pattern *p, ac_alloc *alloc);       \
    void pre##_destroy(void *impl);                                            \
    int pre##_factor(void *impl, const double *vals);                          \
    int pre##_solve(void *impl, const double *b, double *x);                   \
    double pre##_rcond(const void *impl)

SP_BACKEND_DECL(sp_umf);
SP_BACKEND_DECL(sp_chol);
SP_BACKEND_DECL(sp_qr);
SP_BACKEND_DECL(sp_klu);
SP_BACKEND_DECL(sp_band);
int sp_klu_fresh_create(void **impl, const sp_pattern *p, ac_alloc *alloc);
/* Column j of a CSC matrix scaled to unit 2-norm, into out at the same
 * positions (rank detection: rank.c, lapack_qr.c; pattern.c).  The norm is
 * accumulated relative to the column's largest entry, so squares neither
 * overflow nor underflow; a zero column stays exactly zero, so a QR sees
 * norm 0 <= tol: dependent.  -1 for a non-finite column. */
int sp_scale_column(const sp_pattern *p, const double *vals, int j, double *out);
/* perm[new] = old, a reverse Cuthill-McKee order of A + A^T (band.c) */
int sp_rcm(const sp_pattern *p, ac_alloc *alloc, int *perm);
double sp_band_flops(const void *impl);
int sp_band_set_gather(void *impl, const sp_pattern *full, const int *keep);
int sp_band_factor_gathered(void *impl, const double *vals);
int sp_band_create_flags(void **impl, const sp_pattern *p, ac_alloc *alloc, int flags);
int sp_band_create_gathered(void **impl, const sp_pattern *full, const int *keep, ac_alloc *alloc, int flags);
/* p a KKT pattern whose rows and columns from nq on are multipliers (nq =
 * p->n: none), keep as sp_band_create_gathered's or NULL: each multiplier
 * is ordered after the dofs it couples (band.c's kkt_order) */
int sp_band_create_kkt(void **impl, const sp_pattern *p, const int *keep, int nq, ac_alloc *alloc, int flags);
int sp_band_factor_mut(void *impl, double *vals);
int sp_band_factor_gathered_mut(void *impl, double *vals);
int sp_band_restore(void *impl, double *vals);
void sp_band_get_counts(const void *impl, sp_band_counts *c);

#endif
