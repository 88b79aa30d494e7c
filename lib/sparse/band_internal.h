/* The band backend's handle, shared by its storage and ordering (band.c)
 * and its numerics (band_numeric.c, compiled once more for AVX2 + FMA by
 * band_numeric_v3.c: lib/core/isa.h). */
#ifndef ALECABLE_BAND_INTERNAL_H
#define ALECABLE_BAND_INTERNAL_H

#include "backend.h"

#define RCOND_MIN 1e-15
#define TWIST_KD 16 /* the widest band the twisted LDL^T takes */
#define SOLVE_PAD 20 /* doubles past n in the work vector (sym_solve's window: 16 + 4) */

typedef struct bandh {
    /* the pattern the values come in: the matrix's own, or after
     * sp_band_set_gather a larger one holding it (keep: that pattern's
     * index -> the matrix's, -1 for rows and columns not in it) */
    const sp_pattern *p;
    const int *keep;
    ac_alloc *alloc;
    int n, kl, ku, ldab;
    int *perm;          /* perm[new] = old, old in p's numbering */
    int perm_run;       /* perm[j] = perm_run + j for every j (a cable in its own order), else -1 */
    /* the LU path's storage, allocated by its first factorization
     * (sp_band_lu_storage): a matrix that LDL^T always takes never pays it */
    int *iperm;         /* p's index -> new, -1 where not in the matrix */
    int *pos;           /* band-storage index of every entry of p (ldab n: not in the matrix) */
    int *ipiv;
    double *ab;         /* ldab x n, column-major, and the sink ab[ldab n] */
    double *work;       /* n: permuted right-hand side */
    double rcond;
    double flops;       /* of the last factorization and solves since */
    /* symmetric path (see sym_factor), for a structurally symmetric
     * pattern (symok): L's column j is the run base[lpos[j] .. lpos[j] +
     * env[j]], L(i, j) = base[lpos[j] + i - j], base the lower band storage
     * lb (lpos[j] = j (kd + 1)) or, in place (host), the values factored
     * last (fac; see host_check in band.c), and which path made the
     * current factors */
    int symok, kd;
    /* a KKT matrix ordered so (band.c's kkt_order): mult[j] when new
     * index j is a multiplier (else NULL), mcol the nmult multipliers'
     * new indices (ascending), their scales (kkt_s) and the growth of the
     * last kkt LDL^T (band_numeric.c's kkt_growth_ok) */
    char *mult;
    int nq, nmult, *mcol; /* nq: p's first multiplier */
    double *kkt_s, kkt_growth;
    int inplace, host;     /* created to overwrite its values (SP_OVERWRITE); L lives in them */
    int *lpos;
    double *fac;
    int *env;              /* rows below the diagonal that column j of L can reach (envelope) */
    double sym_factor_flops, sym_solve_flops; /* the envelope's, counted once (envelope) */
    /* the twisted LDL^T (band_numeric.c's sym_factor; band.c's
     * twist_split), in place only: columns [0, tw_m) from the top, [tw_e, n) from the bottom,
     * [tw_m, tw_e) last; tw_m 0 and tw_e n for the one-ended one; up[p]
     * the length of column p's run above its diagonal (rows r with r +
     * env[r] >= p, the bottom sweep's column) */
    int tw_m, tw_e;
    unsigned char *up;
    /* lower-triangle entries: value index (into p's values), its
     * transpose's, and position in lb; envelope positions outside the
     * pattern (fill), zeroed per factorization.  The only copies of the
     * pattern the band keeps after its creation. */
    int nlow, *low_k, *low_t, *low_p, nfill, *fill_p;
    double *lb, *dg;       /* dg: the diagonal before elimination; after LDL^T,
                            * lb's diagonal holds D^-1 (L's is 1) */
    int sym, sym_failed, sym_wait; /* sym_wait: the next refusal's LU-only run */
    /* the row-scaled retry (scaled_lu): 1 / the rows' largest entries (by
     * new index), the
     * scaled values, and whether the current factors are of D A */
    double *rs, *sv;
    int scaled;
    sp_band_counts counts;
    int isa;               /* the copy of the numerics (lib/core/isa.h), fixed at creation */
} bandh;

/* allocates the LU path's storage (iperm, pos, ipiv, ab, rs, sv) on its
 * first use; SP_OK or SP_ENOMEM */
int sp_band_lu_storage(bandh *h);

/* the numerics (band_numeric.c): factor the values (in h->p's order),
 * solve with the current factors */
/* mut: vals themselves, writable, for a handle that hosts L (h->host),
 * else NULL (then a hosting handle refuses: SP_EFAIL) */
int sp_band_num_factor(bandh *h, const double *vals, double *mut);
void sp_band_num_solve(bandh *h, const double *b, double *x);
int sp_band_num_factor_v3(bandh *h, const double *vals, double *mut);
void sp_band_num_solve_v3(bandh *h, const double *b, double *x);

/* the values a refused or finished in-place LDL^T overwrote, back from
 * the upper triangle and the saved diagonal (exact: the symmetric path
 * takes only exactly symmetric values) */
void sp_band_num_restore(bandh *h, double *vals);

#endif
