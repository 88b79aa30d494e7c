/* Sparse linear algebra of libalecable: a fixed pattern built once, values
 * written through precomputed indices, and linear-solver backends that do their
 * symbolic analysis once per pattern.  Nothing here knows about cables. */
#ifndef ALECABLE_SPARSE_H
#define ALECABLE_SPARSE_H

#include "../core/alloc.h"

/* Square n-by-n pattern in compressed sparse column form.  Row indices are
 * sorted and unique inside each column and every diagonal entry is present;
 * diag[j] is the position of (j,j) in rowidx/values. */
typedef struct sp_pattern {
    int n;
    int nnz;
    int *colptr; /* n+1 */
    int *rowidx; /* nnz */
    int *diag;   /* n */
} sp_pattern;

/* Collects (row, col) pairs and dense blocks, then compresses them into a
 * pattern.  A block is kept as its dof list (k ints, not k*k pairs): an
 * ANCF element's 144 pairs were 1.2 KB of set-up memory per element. */
typedef struct sp_builder {
    int n;
    int count, cap;
    int *rows, *cols;
    ac_alloc *alloc;
    /* blocks: block i's dofs are bdofs[bstart[i] .. bstart[i + 1]) (valid
     * ones only); bpairs: the pairs they stand for */
    int nblk, capblk, ndofs, capdofs;
    int *bstart, *bdofs;
    size_t bpairs;
} sp_builder;

int  sp_builder_init(sp_builder *b, int n, ac_alloc *alloc);        /* 0 or -1 (no memory) */
int  sp_builder_add(sp_builder *b, int row, int col);               /* 0, -1 no memory, -2 out of range */
int  sp_builder_add_block(sp_builder *b, const int *dofs, int k);   /* all k*k pairs; negative dofs skipped */
int  sp_builder_finish(sp_builder *b, sp_pattern *p);               /* adds the diagonal; frees the builder's lists */
void sp_builder_free(sp_builder *b);

void sp_pattern_free(sp_pattern *p, ac_alloc *alloc);
/* Position of (row, col) in the value array, or -1 when not in the pattern. */
int  sp_find(const sp_pattern *p, int row, int col);
/* Fills map[a*k+b] = sp_find(dofs[a], dofs[b]) (-1 where a dof is negative). */
void sp_block_map(const sp_pattern *p, const int *dofs, int k, int *map);
/* 1 when all n values are finite (no NaN, no infinity). */
int  sp_all_finite(const double *v, int n);
/* y = A x for values vals on pattern p (used by tests and residual checks). */
void sp_matvec(const sp_pattern *p, const double *vals, const double *x, double *y);

/* ---- linear solvers ---- */
enum {
    SP_UMFPACK = 0,  /* general square systems (KKT, unsymmetric): default */
    SP_CHOLMOD = 1,  /* symmetric positive definite only (uses the lower triangle) */
    SP_SPQR    = 2,  /* QR least-squares solve; slow, for rank-deficient systems */
    SP_KLU     = 3,  /* general square systems like UMFPACK, with much less
                      * overhead per call on small and medium systems: the
                      * first factor pivots (klu_factor), later ones replay
                      * that pivot order (klu_refactor) and pivot afresh only
                      * when the result looks unreliable (see klu.c) */
    SP_BAND    = 4,  /* dense band LU with partial pivoting after a reverse
                      * Cuthill-McKee ordering (band.c): cable-shaped
                      * matrices; refused when the band would be too wide */
    SP_AUTO    = 5   /* SP_BAND when the pattern suits it, otherwise SP_KLU */
};
enum {
    SP_OK = 0,
    SP_ESINGULAR = 1,  /* structurally or numerically singular (or not SPD for CHOLMOD) */
    SP_ENOMEM = -1,
    SP_EFAIL = -2,     /* any other backend failure */
    SP_EUNSUITED = -3  /* SP_BAND: the pattern's band is too wide to store */
};

typedef struct sp_solver sp_solver;

/* The solver keeps a pointer to p: p must outlive it and never change. */
int    sp_solver_create(sp_solver **out, int kind, const sp_pattern *p, ac_alloc *alloc);
void   sp_solver_destroy(sp_solver *s);
/* Numeric factorization of the matrix with values vals (pattern order).  The
 * first call also performs the symbolic analysis, which is then reused. */
int    sp_solver_factor(sp_solver *s, const double *vals);
/* Created with SP_OVERWRITE, a solver may factor in the values array
 * itself (SP_BAND's LDL^T when the pattern can host L: band.c's
 * host_check), holding no copy of the matrix: it is then factored by
 * sp_solver_factor_mut / _gathered_mut (the const calls fail, SP_EFAIL),
 * and after an SP_OK the values are its factors until the caller writes
 * new ones or calls sp_solver_restore; they must stay so while it solves.
 * A factorization that does not return SP_OK leaves them as they came.
 * The other backends never write them. */
#define SP_OVERWRITE 1
int    sp_solver_create_flags(sp_solver **out, int kind, const sp_pattern *p, ac_alloc *alloc, int flags);
int    sp_solver_factor_mut(sp_solver *s, double *vals);
/* The matrix back into vals (bit for bit) when the last factorization
 * overwrote them; the solver then counts as not factored.  1 when
 * something was restored, 0 when vals held the matrix already. */
int    sp_solver_restore(sp_solver *s, double *vals);
/* x = A^{-1} b with the last factorization; x and b may not alias. */
int    sp_solver_solve(sp_solver *s, const double *b, double *x);
/* Reciprocal condition estimate of the last factorization (UMFPACK's rcond;
 * CHOLMOD's rcond; KLU's klu_rcond, min/max |diag U|; 0 when unknown). */
double sp_solver_rcond(const sp_solver *s);
int    sp_solver_kind(const sp_solver *s); /* the backend in use (never SP_AUTO) */
/* Floating-point operations of the last factorization and the solves since
 * (counted by SP_BAND; 0 for the SuiteSparse backends, which do not say). */
double sp_solver_flops(const sp_solver *s);
/* Values gathered from a larger array, e.g. a reduced system inside a full
 * one: keep[i] is full's row and column i in the solver's matrix, or -1
 * where it has none, increasing over the kept ones, and the solver's
 * pattern is full's entries in kept rows and columns, in full's order.
 * full and keep must outlive the solver; the solver's own pattern is not
 * read again after a call that succeeded (its owner may free it).  set_gather returns
 * SP_EUNSUITED for backends that cannot read through it (the caller then
 * copies); factor_gathered reads vals so, factor no longer, and solve
 * then takes b and x in full's numbering (full->n long; x outside the
 * matrix untouched), b and x may be the same array. */
int sp_solver_set_gather(sp_solver *s, const sp_pattern *full, const int *keep);
int sp_solver_factor_gathered(sp_solver *s, const double *vals);
int sp_solver_factor_gathered_mut(sp_solver *s, double *vals); /* SP_OVERWRITE's */
/* A solver created gathering from the start (as created on the matrix's
 * own pattern, then sp_solver_set_gather), which need not exist: SP_BAND
 * and SP_AUTO only; SP_EUNSUITED for the others and for a band too wide
 * (SP_AUTO then means KLU, on the matrix's own pattern). */
int sp_solver_create_gathered(sp_solver **out, int kind, const sp_pattern *full, const int *keep, ac_alloc *alloc,
                              int flags);
/* sp_solver_create_gathered (keep) or sp_solver_create_flags (keep NULL)
 * of a KKT matrix [K G^T; G D] whose rows and columns from nq on are the
 * multipliers: SP_BAND orders each after the dofs it couples, so that its
 * LDL^T needs no pivoting when K is positive definite (band.c) */
int sp_solver_create_kkt(sp_solver **out, int kind, const sp_pattern *full, const int *keep, int nq, ac_alloc *alloc,
                         int flags);
/* What SP_BAND's factorizations did since the solver was created: LDL^T
 * accepted (sym; sym_equilibrated of those only by the test of the
 * equilibrated matrix, band.c's sym_accept), LDL^T attempted on symmetric
 * values and refused (by a collapsed pivot, or by rcond), LU factorizations
 * with partial pivoting computed (lu, a failed one and its row-scaled retry
 * two; lu_scaled of those with rows scaled).  Each refusal and each failed
 * LU is a factorization paid for nothing: on a symmetric positive definite
 * matrix the refusals stay 0.  SP_EUNSUITED for the other backends
 * (zeroed). */
typedef struct sp_band_counts {
    long sym, sym_equilibrated, sym_refused_pivot, sym_refused_rcond, lu, lu_scaled;
} sp_band_counts;
int sp_solver_band_counts(const sp_solver *s, sp_band_counts *c);

/* ---- inertia (ldl.c): LDL^T of a symmetric matrix, no pivoting, AMD order ---- */
typedef struct sp_ldl sp_ldl;
/* The ordering and the symbolic factor of p (which must outlive it). */
int  sp_ldl_create(sp_ldl **out, const sp_pattern *p, ac_alloc *alloc);
void sp_ldl_destroy(sp_ldl *f);
/* Factors P S P^T = L D L^T, S = (A + A^T) / 2 (vals on the pattern)
 * and counts the negative pivots (*neg: A's negative eigenvalues, by
 * Sylvester) and the most negative one (*dneg, 0 if none).  SP_OK, or
 * SP_ESINGULAR at a zero or non-finite pivot (inertia unknown). */
int  sp_ldl_factor(sp_ldl *f, const double *vals, int *neg, double *dneg);
/* max |A_ij - A_ji| (an entry without its transposed position: |A_ij|)
 * over the rows and columns that skip (n flags, or NULL) does not set */
double sp_ldl_asymmetry(const sp_ldl *f, const double *vals, const unsigned char *skip);
/* x <- S^-1 x by the last factor (SP_OK of sp_ldl_factor) */
void sp_ldl_solve(const sp_ldl *f, double *x);
/* y = S x and y = (A - A^T) / 2 x (vals on the pattern; an entry without its
 * transposed position counts as the pair (a, 0)) */
void sp_ldl_symv(const sp_ldl *f, const double *vals, const double *x, double *y);
void sp_ldl_skewv(const sp_ldl *f, const double *vals, const double *x, double *y);
/* ---- rank detection (SPQR, Heath's method; LAPACK in the GPL-free build) ---- */
typedef struct sp_rank sp_rank;
int  sp_rank_create(sp_rank **out, const sp_pattern *p, ac_alloc *alloc);
void sp_rank_destroy(sp_rank *r);
/* Rank-revealing QR of the matrix (vals on the pattern).  Columns are first
 * scaled to unit 2-norm (a zero column is dependent), then factorized with
 * SPQR using tol as the absolute column-norm tolerance on the scaled matrix.
 * On return perm[0..n-1] is SPQR's column order: perm[0..rank-1] are
 * independent columns, perm[rank..n-1] dependent ones.  Returns 0, or
 * SP_ENOMEM / SP_EFAIL. */
int  sp_rank_detect(sp_rank *r, const double *vals, double tol, int *rank, int *perm);
/* The GPL-free build's rank detection (lapack_qr.c) is banded (band = 1:
 * Heath's rule in reverse Cuthill-McKee order) or dense (0: LAPACK's dgeqp3),
 * chosen at create from the pattern; this switches, for tests.  SP_OK,
 * SP_ENOMEM, or SP_EUNSUITED (dense above its order limit).  Defined in that
 * build only; declared in both, so that no header here reads the build's
 * macro (the GPL-free build reuses the objects it cannot change:
 * scripts/seed-objects.sh). */
int  sp_rank_set_band(sp_rank *r, int band);

#endif
