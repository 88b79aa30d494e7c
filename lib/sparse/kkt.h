/* KKT solver: the sp_solver interface for [H G^T; G D] systems (n = nq + nlam
 * unknowns, constraint rows last) with single-dof constraints condensed out
 * exactly before the factorization (see kkt.c). */
#ifndef ALECABLE_SPARSE_KKT_H
#define ALECABLE_SPARSE_KKT_H

#include "sparse.h"

typedef struct sp_kkt sp_kkt;

/* kind: SP_* backend of the condensed system, or -1 for the condensation's
 * structure alone (sp_kkt_reduced/gather/full_index; no factor or solve).
 * p must outlive the solver. */
int    sp_kkt_create(sp_kkt **out, int kind, const sp_pattern *p, int nq, ac_alloc *alloc);
/* flags: SP_OVERWRITE (sparse.h) for its solvers; then factor by
 * sp_kkt_factor_mut, which may leave factors in vals (SP_OK only), and
 * sp_kkt_restore puts the matrix back (the solve is then gone) */
int    sp_kkt_create_flags(sp_kkt **out, int kind, const sp_pattern *p, int nq, ac_alloc *alloc, int flags);
int    sp_kkt_factor_mut(sp_kkt *k, double *vals);
int    sp_kkt_restore(sp_kkt *k, double *vals);
void   sp_kkt_destroy(sp_kkt *k);
int    sp_kkt_factor(sp_kkt *k, const double *vals);
int    sp_kkt_solve(sp_kkt *k, const double *b, double *x); /* x, b may not alias */
double sp_kkt_rcond(const sp_kkt *k);
double sp_kkt_flops(const sp_kkt *k);   /* as sp_solver_flops, condensation included */
int    sp_kkt_eliminated(const sp_kkt *k); /* number of condensed constraints */
int    sp_kkt_kind(const sp_kkt *k);     /* backend in use */
/* the band counts (sp_solver_band_counts) of the solver that factored last */
int    sp_kkt_band_counts(const sp_kkt *k, sp_band_counts *c);
/* bytes the backend took from the allocator at create (its storage and
 * copies of the pattern; a SuiteSparse backend's own allocations not counted) */
size_t sp_kkt_backend_bytes(const sp_kkt *k);
/* The condensed pattern (p itself when nothing is condensed), the condensed
 * values of a full value array, and the full index of a condensed one.
 * For kind -1 or a backend that does not gather (kkt.c: with the band
 * the condensation keeps none of the three). */
const sp_pattern *sp_kkt_reduced(const sp_kkt *k);
void   sp_kkt_gather(const sp_kkt *k, const double *vals, double *vred);
int    sp_kkt_full_index(const sp_kkt *k, int i);

#endif
