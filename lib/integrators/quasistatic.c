/* Quasistatic Newton solver with load steps and the two-stage regularization
 * of paper 000, section 3.4:
 *  stage 1: r_mat += 2 alpha (q_s - q_s^{n-1}) on every free material dof;
 *  stage 2: from the stage-1 solution q*, the dependent lines of the tangent
 *           are found by rank-revealing QR (SPQR) at each iteration, spatial
 *           lines are swapped for their node's material line, and only those
 *           get r_mat += 2 alpha (q_s - q_s^*).
 * Stage 2 is converged only where the unregularized residual is (to
 * tol_residual of its scale, or at the roundoff of the unregularized
 * Newton): on exactly dependent lines the regularization force vanishes at
 * the solution; on lines only weakly held (rank-revealing QR flags a fine
 * ALE wrap's mesh direction: which lines depends on the QR, SPQR or the
 * GPL-free build's LAPACK QR) it does not, and the regularization is
 * released and Newton finishes on the problem itself, or the step fails
 * saying so: OK never returns the regularization's equilibrium.
 * The problem's history (alecable_problem.nhist) advances only by a commit
 * after a converged load step, so a step that fails to converge leaves the
 * history of the last converged step in force; a failing commit puts that
 * one back, next to that step's q and lambda.
 * Since 0.3 a step has converged when every equation balances to
 * tol_residual of its physical scale (alecable_problem.residual_scale; see
 * eval_scale) or sits at roundoff; a load step that fails is cut into
 * sub-steps (cut_step), and on a problem without history the last load
 * factor is then tried directly (jump_to_last); the last equilibrium is checked for
 * stability and left along negative curvature (check_stability).
 * Written against alecable_problem only. */
#include "problem.h"
#include "../sparse/kkt.h"

#include <float.h>
#include <stddef.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#define DEP_CAP 256 /* dependent lines stored per step for the report */
/* Convergence by a vanishing increment needs ||r|| <= STALL_FACTOR times the
 * larger of the tolerance and a roundoff floor, 64 eps ||J||max (1 + ||q||):
 * a residual sitting well above both means Newton stalled (a solver dropped a
 * direction, e.g. SPQR's least squares), not that roundoff was reached. */
#define STALL_FACTOR 10.0
/* The stop test: |r_i| <= tol_residual (scale_i + floor) for every equation,
 * scale_i the problem's residual_scale (the size of the terms that balance
 * in row i), the floor SCALE_FLOOR times the largest scale of the q rows
 * (of the constraint rows for those): a row on which nothing acts is judged
 * against the problem's forces, not against zero. */
#define SCALE_FLOOR 1e-3

struct qs_ws {
    ac_alloc *alloc;
    int n, nq, nlam, nnz;
    sp_pattern pat;        /* colptr/rowidx borrowed from the problem */
    double *r, *dz, *vals, *q_prev, *lam_prev, *anchor;
    double *lam_star;      /* the multipliers of the stage-1 solution q* (the mesh trust region's start) */
    double *zp, *rp;       /* mesh trust region: the projected trial state (q then lambda) and its residual */
    double *q_sub, *lam_sub; /* the start of one attempt (a load step or a sub-step of a cut one) */
    double *q_hold, *lam_hold; /* a failed step's converged start while it is tried from a moved one */
    double *hist_step;     /* the problem's history at the start of the load step (nhist) */
    /* the problem's history at the last converged step, and where a commit
     * reads the next one (a failing read must not clobber it): nhist each */
    double *hist_prev, *hist_next;
    int nhist;
    int *perm, *mask, *dep;
    int ndep;
    double jmax;           /* max |entry| of the last Jacobian (roundoff floor) */
    double jmax0;          /* ... of the solve's first Jacobian (0: none yet) */
    double dscale;         /* max |J_ii| over the q rows of the last Jacobian (the shift's unit) */
    double *zt, *rt;       /* line search: trial state (q then lambda) and its residual */
    double *ev;            /* the stability check's eigenvector iteration: 5 n */
    unsigned char *held;   /* the stability check: the dofs single-dof constraints hold, and those rows (n) */
    double *sc;            /* the scale of each equation at the last residual judged, floor included */
    double smax;           /* the largest scale of the q rows there (without the floor) */
    int shifted, damped;   /* this solve's counts for the report */
    int hold;              /* stage 1 holds the masked (material) dofs where they are */
    int ptc;               /* the shift from the first iteration, the line search on every one */
    double max_shift;
    double shift0;         /* the first shift: options.ptc_shift times the mesh's unit (large_mesh) */
    int large;             /* this solve's mesh is large (large_mesh): its factors are freed after it */
    int null_dof;          /* the dof a singular tangent left free in the last solve, or -1 */
    int capped;            /* the last newton() ran out of iterations; its first and last ||r||: */
    double cap_r0, cap_r1;
    int go_save, go_valid; /* go_on(): the load step's retry ran out of iterations at (q_go, lam_go), */
    double go_r0;          /* its ||r|| falling from go_r0 */
    double *q_go, *lam_go;
    int crept;             /* go_on() failed: Newton ran out of iterations this many times in a row, */
    double crept_r1;       /* its ||r|| falling from go_r0 to crept_r1 */
    double released;       /* stage 2 released its regularization at this force (scaled; 0: not released) */
    double alpha;          /* the options' regularization parameter, for eval_residual */
    sp_solver *lin;
    int lin_kind;
    sp_ldl *ldl;           /* the stability check's LDL^T (options.stability != OFF) */
    sp_rank *rank;         /* on the tangent with single-dof constraints condensed out */
    sp_kkt *cond;          /* that condensation (structure only) */
    double *vcond;         /* condensed values */
    /* history of the last solve */
    int hist_steps, hist_iter;
    int *it1, *it2, *hdep_n, *hdep, *nres;
    double *res;
    int steps_done;
    size_t alloc_mark, alloc_after_first;
    int marked;
    /* the owner's last word on a converged state (qs_set_accept) */
    int (*accept)(const void *ctx, const double *q, const unsigned char *held, char *msg, size_t len);
    const void *accept_ctx;
};

ALECABLE_API void alecable_quasistatic_options_init(alecable_quasistatic_options *o)
{
    if (!o) return;
    memset(o, 0, sizeof *o);
    o->struct_size = sizeof *o;
    o->load_steps = 1;
    o->t0 = 0.0;
    o->t1 = 1.0;
    o->max_iterations = 50;
    o->tol_residual = 1e-10;
    o->tol_increment = 1e-12;
    o->regularization = ALECABLE_REG_TWO_STAGE;
    o->alpha = 1.0;
    o->rank_tol = 0.0; /* SPQR's default: 20 (m + n) eps on the column-scaled tangent */
    o->linear_solver = ALECABLE_LINSOLVE_UMFPACK;
    o->globalization = ALECABLE_GLOBAL_AUTO;
    o->ptc_shift = 1e-3;
    o->stability = ALECABLE_STABILITY_FOLLOW;
    o->large_mesh = ALECABLE_LARGE_MESH_AUTO;
}

/* Release 0.1's options end at linear_solver, its report at min_rcond:
 * shorter structs of that size stay valid (the newer fields take their
 * defaults, or are not written).  A 0.1 caller's struct_size counts the
 * tail padding after linear_solver, where globalization now lies: below
 * 0.2's size only 0.1's fields are read; from 0.2's size on, as many as
 * the caller's struct holds. */
#define QS_OPTIONS_V1 (offsetof(alecable_quasistatic_options, linear_solver) + sizeof(int))
#define QS_OPTIONS_V2 (offsetof(alecable_quasistatic_options, ptc_shift) + sizeof(double))
#define QS_REPORT_V1 (offsetof(alecable_solve_report, min_rcond) + sizeof(double))

int qs_report_ok(const alecable_solve_report *r) { return !r || r->struct_size >= QS_REPORT_V1; }

void qs_report_out(alecable_solve_report *out, const alecable_solve_report *rep)
{
    size_t keep = out->struct_size;
    memcpy(out, rep, keep < sizeof *rep ? keep : sizeof *rep);
    out->struct_size = keep;
}

ALECABLE_API void alecable_solve_report_init(alecable_solve_report *r)
{
    if (!r) return;
    memset(r, 0, sizeof *r);
    r->struct_size = sizeof *r;
    r->min_rcond = INFINITY;
}

static int qs_check_options(const alecable_quasistatic_options *o, char *msg, size_t len)
{
#define BAD(...) do { snprintf(msg, len, __VA_ARGS__); return ALECABLE_EINVAL; } while (0)
    if (o->load_steps < 1) BAD("options.load_steps = %d must be >= 1", o->load_steps);
    if (!isfinite(o->t0) || !isfinite(o->t1)) BAD("options.t0/t1 must be finite");
    if (o->max_iterations < 1) BAD("options.max_iterations = %d must be >= 1", o->max_iterations);
    if (!(o->tol_residual > 0.0) || !isfinite(o->tol_residual)) BAD("options.tol_residual = %g must be > 0", o->tol_residual);
    if (!(o->tol_increment >= 0.0) || !isfinite(o->tol_increment)) BAD("options.tol_increment = %g must be >= 0", o->tol_increment);
    if (o->regularization != ALECABLE_REG_NONE && o->regularization != ALECABLE_REG_TWO_STAGE)
        BAD("options.regularization = %d is not an ALECABLE_REG_* value", o->regularization);
    if (o->regularization == ALECABLE_REG_TWO_STAGE && (!(o->alpha > 0.0) || !isfinite(o->alpha)))
        BAD("options.alpha = %g must be finite and > 0", o->alpha);
    if (!(o->rank_tol >= 0.0 && o->rank_tol < 1.0)) BAD("options.rank_tol = %g must lie in [0, 1)", o->rank_tol);
    if (sp_kind_of(o->linear_solver) < 0)
        BAD("options.linear_solver = %d is not an ALECABLE_LINSOLVE_* value", o->linear_solver);
    if (o->globalization != ALECABLE_GLOBAL_AUTO && o->globalization != ALECABLE_GLOBAL_NONE &&
        o->globalization != ALECABLE_GLOBAL_PTC)
        BAD("options.globalization = %d is not an ALECABLE_GLOBAL_* value", o->globalization);
    if (!(o->ptc_shift > 0.0) || !isfinite(o->ptc_shift))
        BAD("options.ptc_shift = %g must be finite and > 0", o->ptc_shift);
    if (o->stability != ALECABLE_STABILITY_FOLLOW && o->stability != ALECABLE_STABILITY_CHECK &&
        o->stability != ALECABLE_STABILITY_OFF)
        BAD("options.stability = %d is not an ALECABLE_STABILITY_* value", o->stability);
    if (o->large_mesh != ALECABLE_LARGE_MESH_AUTO && o->large_mesh != ALECABLE_LARGE_MESH_OFF)
        BAD("options.large_mesh = %d is not an ALECABLE_LARGE_MESH_* value", o->large_mesh);
    return ALECABLE_OK;
#undef BAD
}

int qs_options(const alecable_quasistatic_options *in, alecable_quasistatic_options *out, char *msg, size_t len)
{
    if (in->struct_size < QS_OPTIONS_V1) {
        snprintf(msg, len, "options: struct_size %zu, call alecable_quasistatic_options_init", in->struct_size);
        return ALECABLE_EINVAL;
    }
    alecable_quasistatic_options_init(out);
    memcpy(out, in, in->struct_size < QS_OPTIONS_V2 ? QS_OPTIONS_V1 : in->struct_size < sizeof *out ? in->struct_size : sizeof *out);
    out->struct_size = sizeof *out;
    return qs_check_options(out, msg, len);
}

void qs_destroy(qs_ws *ws)
{
    ac_alloc *a;
    if (!ws) return;
    a = ws->alloc;
    sp_solver_destroy(ws->lin);
    sp_ldl_destroy(ws->ldl);
    sp_rank_destroy(ws->rank);
    sp_kkt_destroy(ws->cond);
    ac_free(a, ws->vcond);
    ac_free(a, ws->pat.diag);
    ac_free(a, ws->r);
    ac_free(a, ws->dz);
    ac_free(a, ws->vals);
    ac_free(a, ws->q_prev);
    ac_free(a, ws->lam_prev);
    ac_free(a, ws->anchor);
    ac_free(a, ws->lam_star);
    ac_free(a, ws->zp);
    ac_free(a, ws->q_sub);
    ac_free(a, ws->lam_sub);
    ac_free(a, ws->q_hold);
    ac_free(a, ws->q_go);
    ac_free(a, ws->lam_go);
    ac_free(a, ws->lam_hold);
    ac_free(a, ws->hist_step);
    ac_free(a, ws->rp);
    ac_free(a, ws->zt);
    ac_free(a, ws->rt);
    ac_free(a, ws->ev);
    ac_free(a, ws->held);
    ac_free(a, ws->sc);
    ac_free(a, ws->hist_prev);
    ac_free(a, ws->hist_next);
    ac_free(a, ws->perm);
    ac_free(a, ws->mask);
    ac_free(a, ws->dep);
    ac_free(a, ws->it1);
    ac_free(a, ws->it2);
    ac_free(a, ws->hdep_n);
    ac_free(a, ws->hdep);
    ac_free(a, ws->nres);
    ac_free(a, ws->res);
    ac_free(a, ws);
}

static int check_problem(const alecable_problem *p)
{
    int j, n;
    if (!p || p->struct_size < sizeof *p || p->nq < 1 || p->nlam < 0 || !p->colptr || !p->rowidx ||
        !p->residual || !p->jacobian || !problem_history_ok(p))
        return ALECABLE_EINVAL;
    n = p->nq + p->nlam;
    if (p->colptr[0] != 0 || p->colptr[n] != p->nnz) return ALECABLE_EINVAL;
    for (j = 0; j < n; j++)
        if (p->colptr[j + 1] < p->colptr[j]) return ALECABLE_EINVAL;
    return ALECABLE_OK;
}

int qs_create(qs_ws **out, const alecable_problem *p, ac_alloc *alloc)
{
    qs_ws *ws;
    int j, k, n, st;
    *out = NULL;
    if ((st = check_problem(p))) return st;
    n = p->nq + p->nlam;
    ws = (qs_ws *)ac_calloc(alloc, 1, sizeof *ws);
    if (!ws) return ALECABLE_ENOMEM;
    ws->alloc = alloc;
    ws->n = n;
    ws->nq = p->nq;
    ws->nlam = p->nlam;
    ws->nnz = p->nnz;
    ws->lin_kind = -1;
    ws->pat.n = n;
    ws->pat.nnz = p->nnz;
    ws->pat.colptr = (int *)p->colptr;
    ws->pat.rowidx = (int *)p->rowidx;
    ws->pat.diag = (int *)ac_malloc(alloc, (size_t)n * sizeof(int));
    ws->r = (double *)ac_calloc(alloc, (size_t)n, sizeof(double));
    ws->dz = (double *)ac_calloc(alloc, (size_t)n, sizeof(double));
    ws->vals = (double *)ac_calloc(alloc, (size_t)p->nnz, sizeof(double));
    ws->q_prev = (double *)ac_calloc(alloc, (size_t)p->nq, sizeof(double));
    ws->lam_prev = (double *)ac_calloc(alloc, (size_t)(p->nlam > 0 ? p->nlam : 1), sizeof(double));
    ws->anchor = (double *)ac_calloc(alloc, (size_t)p->nq, sizeof(double));
    ws->lam_star = (double *)ac_calloc(alloc, (size_t)(p->nlam > 0 ? p->nlam : 1), sizeof(double));
    ws->zp = (double *)ac_calloc(alloc, (size_t)n, sizeof(double));
    ws->q_sub = (double *)ac_calloc(alloc, (size_t)p->nq, sizeof(double));
    ws->lam_sub = (double *)ac_calloc(alloc, (size_t)(p->nlam > 0 ? p->nlam : 1), sizeof(double));
    ws->q_hold = (double *)ac_calloc(alloc, (size_t)p->nq, sizeof(double));
    ws->lam_hold = (double *)ac_calloc(alloc, (size_t)(p->nlam > 0 ? p->nlam : 1), sizeof(double));
    ws->q_go = (double *)ac_calloc(alloc, (size_t)p->nq, sizeof(double));
    ws->lam_go = (double *)ac_calloc(alloc, (size_t)(p->nlam > 0 ? p->nlam : 1), sizeof(double));
    ws->hist_step = (double *)ac_calloc(alloc, (size_t)(p->nhist > 0 ? p->nhist : 1), sizeof(double));
    ws->rp = (double *)ac_calloc(alloc, (size_t)n, sizeof(double));
    ws->zt = (double *)ac_calloc(alloc, (size_t)n, sizeof(double));
    ws->rt = (double *)ac_calloc(alloc, (size_t)n, sizeof(double));
    ws->ev = (double *)ac_calloc(alloc, 5 * (size_t)n, sizeof(double));
    ws->held = (unsigned char *)ac_calloc(alloc, (size_t)n, 1);
    ws->sc = (double *)ac_calloc(alloc, (size_t)n, sizeof(double));
    ws->nhist = p->nhist;
    ws->hist_prev = (double *)ac_calloc(alloc, (size_t)(p->nhist > 0 ? p->nhist : 1), sizeof(double));
    ws->hist_next = (double *)ac_calloc(alloc, (size_t)(p->nhist > 0 ? p->nhist : 1), sizeof(double));
    ws->perm = (int *)ac_calloc(alloc, (size_t)n, sizeof(int));
    ws->mask = (int *)ac_calloc(alloc, (size_t)p->nq, sizeof(int));
    ws->dep = (int *)ac_calloc(alloc, (size_t)p->nq, sizeof(int));
    if (!ws->pat.diag || !ws->r || !ws->dz || !ws->ev || !ws->held || !ws->vals || !ws->q_prev || !ws->lam_prev || !ws->anchor ||
        !ws->lam_star || !ws->zp || !ws->rp || !ws->zt || !ws->rt || !ws->sc || !ws->q_sub || !ws->lam_sub || !ws->q_hold || !ws->lam_hold || !ws->q_go || !ws->lam_go ||
        !ws->hist_step || !ws->hist_prev || !ws->hist_next || !ws->perm ||
        !ws->mask || !ws->dep) {
        qs_destroy(ws);
        return ALECABLE_ENOMEM;
    }
    /* a pattern without its full diagonal cannot carry the regularization */
    for (j = 0; j < n; j++) {
        ws->pat.diag[j] = -1;
        for (k = p->colptr[j]; k < p->colptr[j + 1]; k++)
            if (p->rowidx[k] == j) ws->pat.diag[j] = k;
        if (ws->pat.diag[j] < 0) {
            qs_destroy(ws);
            return ALECABLE_EINVAL;
        }
    }
    *out = ws;
    return ALECABLE_OK;
}

static int ensure_history(qs_ws *ws, int steps, int iters)
{
    ac_alloc *a = ws->alloc;
    if (steps <= ws->hist_steps && iters <= ws->hist_iter) return ALECABLE_OK;
    ac_free(a, ws->it1);
    ac_free(a, ws->it2);
    ac_free(a, ws->hdep_n);
    ac_free(a, ws->hdep);
    ac_free(a, ws->nres);
    ac_free(a, ws->res);
    ws->it1 = (int *)ac_calloc(a, (size_t)steps, sizeof(int));
    ws->it2 = (int *)ac_calloc(a, (size_t)steps, sizeof(int));
    ws->hdep_n = (int *)ac_calloc(a, (size_t)steps, sizeof(int));
    ws->hdep = (int *)ac_calloc(a, (size_t)steps * DEP_CAP, sizeof(int));
    ws->nres = (int *)ac_calloc(a, (size_t)steps * 2, sizeof(int));
    ws->res = (double *)ac_calloc(a, (size_t)steps * 2 * (size_t)(iters + 1), sizeof(double));
    if (!ws->it1 || !ws->it2 || !ws->hdep_n || !ws->hdep || !ws->nres || !ws->res) {
        ws->hist_steps = ws->hist_iter = 0;
        return ALECABLE_ENOMEM;
    }
    ws->hist_steps = steps;
    ws->hist_iter = iters;
    return ALECABLE_OK;
}

/* SP_EUNSUITED: the pattern is too large for a backend's dense or band
 * storage (BAND; in the GPL-free build also SPQR's and the rank detection's
 * dense QR, lapack_qr.c). */
static int ensure_solvers(qs_ws *ws, const alecable_quasistatic_options *o, int n_free, char *msg, size_t len)
{
    int kind = sp_kind_of(o->linear_solver), st;
    if (ws->lin_kind != kind) {
        sp_solver_destroy(ws->lin);
        ws->lin = NULL;
        ws->lin_kind = -1;
        if ((st = sp_solver_create(&ws->lin, kind, &ws->pat, ws->alloc))) {
            if (st == SP_EUNSUITED) {
                snprintf(msg, len, kind == SP_BAND ? "options.linear_solver = BAND: the tangent's band is too wide "
                                                     "for band storage (use KLU, UMFPACK or AUTO)"
                                                   : "options.linear_solver = SPQR: n = %d is too large for the dense "
                                                     "QR of the GPL-free build (use KLU, UMFPACK or AUTO)",
                         ws->n);
                return ALECABLE_EINVAL;
            }
            st = st == SP_ENOMEM ? ALECABLE_ENOMEM : ALECABLE_ELINSOLVE;
            snprintf(msg, len, "cannot create the linear solver (%s)", alecable_strerror(st));
            return st;
        }
        ws->lin_kind = kind;
    }
    if (o->stability != ALECABLE_STABILITY_OFF && !ws->ldl &&
        (st = sp_ldl_create(&ws->ldl, &ws->pat, ws->alloc))) {
        st = st == SP_ENOMEM ? ALECABLE_ENOMEM : ALECABLE_ELINSOLVE;
        snprintf(msg, len, "cannot create the stability check's factorization (%s)", alecable_strerror(st));
        return st;
    }
    /* stage 2, the only user of the rank detection, runs where material
     * coordinates are free: a Lagrangian mesh does without (at 10^5 ANCF
     * elements its structure held 260 MB) */
    if (o->regularization == ALECABLE_REG_TWO_STAGE && n_free > 0 && !ws->rank) {
        /* Rank detection runs on the tangent with the single-dof constraints
         * (fixed dofs, a fixed pulley's six) condensed out: the rank drops by
         * exactly two per pair, the dependent lines are the same, and the
         * QR stays sparse.  A fixed body's equilibrium rows touch every
         * multiplier of its wrap; left in, one such dense row makes R dense
         * (a 160-element wrap took ~0.1 s per QR). */
        const sp_pattern *rp;
        /* a refused rank detection keeps these for the next try */
        if (!ws->cond && sp_kkt_create(&ws->cond, -1, &ws->pat, ws->nq, ws->alloc)) {
            snprintf(msg, len, "cannot create the rank detection (%s)", alecable_strerror(ALECABLE_ENOMEM));
            return ALECABLE_ENOMEM;
        }
        rp = sp_kkt_reduced(ws->cond);
        if (!ws->vcond)
            ws->vcond = (double *)ac_malloc(ws->alloc, (size_t)(rp->nnz > 0 ? rp->nnz : 1) * sizeof(double));
        st = ws->vcond ? sp_rank_create(&ws->rank, rp, ws->alloc) : SP_ENOMEM;
        if (st == SP_EUNSUITED) {
            snprintf(msg, len, "options.regularization = TWO_STAGE: the rank detection's tangent (n = %d) has too "
                               "wide a band for the banded QR of the GPL-free build and too many unknowns for its "
                               "dense QR (use REG_NONE or the default build)",
                     rp->n);
            return ALECABLE_EINVAL;
        }
        if (st) {
            snprintf(msg, len, "cannot create the rank detection (%s)", alecable_strerror(ALECABLE_ENOMEM));
            return ALECABLE_ENOMEM;
        }
    }
    return ALECABLE_OK;
}

/* max |x_i|; NaN when an entry is NaN (a NaN must not hide in a norm) */
static double norm_inf(const double *x, int n)
{
    double m = 0.0;
    int i;
    for (i = 0; i < n; i++)
        if (!(fabs(x[i]) <= m)) m = fabs(x[i]);
    return m;
}

/* The scale ws->sc of each equation at (t, q, lam), whose residual r the
 * stop test judges: the problem's residual_scale, or without one (a host's
 * problem) *ref, the step's first residual max-norm over the q rows (set
 * here once per load step, so a blow-up later in the step cannot loosen the
 * test; 1 for the constraint rows), plus the floor.  reg: stage 1's
 * regularization forces are terms of the rows they act on. */
static int eval_scale(qs_ws *ws, const alecable_problem *p, int reg, double t, const double *q, const double *lam,
                      const double *r, double *ref, alecable_solve_report *rep)
{
    int i, nq = ws->nq, st;
    double smax = 0.0, cmax = 0.0, fq, fl;
    if (p->residual_scale) {
        if ((st = p->residual_scale(p->ctx, t, q, NULL, NULL, lam, ws->sc))) return st;
        rep->scale_source = ALECABLE_SCALE_PROBLEM;
    } else {
        if (!(*ref > 0.0)) *ref = norm_inf(r, nq);
        if (!(*ref > 0.0)) *ref = norm_inf(r + nq, ws->nlam);
        if (!(*ref > 0.0) || !isfinite(*ref)) *ref = 1.0;
        for (i = 0; i < ws->n; i++) ws->sc[i] = i < nq ? *ref : 1.0;
        rep->scale_source = ALECABLE_SCALE_FALLBACK;
    }
    if (reg && !ws->hold)
        for (i = 0; i < nq; i++)
            if (ws->mask[i]) ws->sc[i] += fabs(2.0 * ws->alpha * (q[i] - ws->anchor[i]));
    for (i = 0; i < ws->n; i++) {
        double v = fabs(ws->sc[i]);
        if (!isfinite(v)) return ALECABLE_ENAN;
        if (i < nq && v > smax) smax = v;
        if (i >= nq && v > cmax) cmax = v;
    }
    /* a problem on which no force acts at all: its residual is 0 or wrong */
    fq = smax > 0.0 ? SCALE_FLOOR * smax : 1.0;
    fl = cmax > 0.0 ? SCALE_FLOOR * cmax : 1.0;
    for (i = 0; i < ws->n; i++) ws->sc[i] = fabs(ws->sc[i]) + (i < nq ? fq : fl);
    ws->smax = smax;
    rep->residual_scale = smax;
    return ALECABLE_OK;
}

/* max_i |r_i| / scale_i over the rows that are not held (mask: with hold,
 * the held material rows are not equations) */
static double scaled_norm(const qs_ws *ws, const double *r, int skip_masked)
{
    double m = 0.0;
    int i;
    for (i = 0; i < ws->n; i++) {
        double v;
        if (skip_masked && i < ws->nq && ws->mask[i]) continue;
        v = fabs(r[i]) / ws->sc[i];
        if (!(v <= m)) m = v;
    }
    return m;
}

/* *sres = the scaled residual of r at (t, q, lam) (an element pass for the
 * model's scale: measured, no slower than a residual evaluation) */
static int judge(qs_ws *ws, const alecable_problem *p, int reg, double t, const double *q, const double *lam,
                 const double *r, double *ref, alecable_solve_report *rep, double *sres)
{
    int st;
    if ((st = eval_scale(ws, p, reg, t, q, lam, r, ref, rep))) return st;
    *sres = scaled_norm(ws, r, ws->hold);
    rep->scaled_residual = *sres;
    return *sres >= 0.0 ? ALECABLE_OK : ALECABLE_ENAN; /* a NaN in r the max-norm let through */
}

/* The residual at which a state is an equilibrium to the precision it
 * can be written in: q known to eps (1 + ||q||) makes r uncertain by about
 * max|J| times that (64: the terms of a row).  A fine ALE mesh (200 ANCF
 * elements, every s free) hovers there, a few 1e-9 N on rows of a few N,
 * above 1e-10 of its scale, without its increment vanishing.  max|J| is
 * that of a Jacobian at the state judged, and at most the solve's first
 * one's: a Jacobian elsewhere or at a collapsed element (huge) could
 * declare anything roundoff. */
/* where the increment has not vanished, only if each row's terms cancel to
 * this fraction of their size (a state at which the Jacobian is huge, e.g.
 * a collapsed element, has a huge "roundoff" too) */
#define ROUNDOFF_CAP 1e-5
#define NEAR_TOL 100.0 /* ... or within this factor of the tolerance, hovering or not */
static double roundoff(const qs_ws *ws, const double *q)
{
    double j = ws->jmax0 > 0.0 && ws->jmax0 < ws->jmax ? ws->jmax0 : ws->jmax;
    return 64.0 * DBL_EPSILON * j * (1.0 + norm_inf(q, ws->nq));
}

/* the residual history h[0..it] has stopped falling: neither of the last
 * two iterations halved it (Newton converging is not hovering, however
 * small its residual) */
static int hovering(const double *h, int it) { return h[it] > 0.5 * h[it - 1] && h[it - 1] > 0.5 * h[it - 2]; }

/* converged at roundoff (a Jacobian at q in ws->jmax): ||r|| below it and
 * either within NEAR_TOL of the tolerance, or hovering with the terms
 * cancelling to ROUNDOFF_CAP of their size, or with no force above roundoff
 * at all (a stress-free state: its scale is roundoff itself) */
static int trial(qs_ws *ws, const alecable_problem *p, int stage, double t, const double *q, const double *lam,
                 double a);

/* The residual's own rounding noise at q, measured: r(q + d) - r(q - d) - 2 J d
 * for d a few ulps of each coordinate is roundoff alone (the second order is
 * far below it), so half its max-norm is what two evaluations at one state
 * may differ by.  The Jacobian at q is in ws->vals; ws->dz, zt, rt and ev
 * are scratch here (the next Newton step rewrites them).  -1: a trial failed. */
static double measured_noise(qs_ws *ws, const alecable_problem *p, int stage, double t, const double *q,
                             const double *lam)
{
    int i, j, k, n = ws->n, nq = ws->nq;
    double *rp = ws->ev, *jd = ws->ev + n, m = 0.0;
    for (i = 0; i < n; i++) ws->dz[i] = i < nq ? 4.0 * DBL_EPSILON * (fabs(q[i]) > 1.0 ? fabs(q[i]) : 1.0) : 0.0;
    if (trial(ws, p, stage, t, q, lam, 1.0)) return -1.0;
    memcpy(rp, ws->rt, (size_t)n * sizeof(double));
    if (trial(ws, p, stage, t, q, lam, -1.0)) return -1.0;
    memset(jd, 0, (size_t)n * sizeof(double));
    for (j = 0; j < nq; j++)
        for (k = ws->pat.colptr[j]; k < ws->pat.colptr[j + 1]; k++) jd[ws->pat.rowidx[k]] += ws->vals[k] * ws->dz[j];
    for (i = 0; i < n; i++) {
        double e = fabs(rp[i] - ws->rt[i] - 2.0 * jd[i]);
        if (e > m) m = e;
    }
    return 0.5 * m;
}

/* hovering at roundoff, or within NEAR_TOL of the tolerance there: a
 * residual that stays above ROUNDOFF_CAP of its scale is accepted only
 * within NOISE_FACTOR of the residual's own noise, measured at the state,
 * or, where the problem's whole scale lies below one term's rounding (a stress-free
 * state, whose scale is rounding too: the bar of paper 000 sec. 4.1, which a
 * few ulps leave exact, so that nothing is measured), within NOISE_FACTOR
 * of one term's rounding, eps max|J| (1 + |q|).  The floor itself is an
 * upper bound, 64 such terms: neither it nor one term says that a residual
 * is rounding where the loads are real (truth seed 7062, a stiff cable
 * pushed slack: floor 6.5e-4 N, its weight 6e-4 N a node carried by
 * nothing, the measured noise 1e-20 N; seed 1859, a fine ALE ANCF
 * cantilever: max|J| 3e12, one term 1.4e-3 N, the residual 0.011 N of a
 * 92 N scale and real).  Stress-free means the whole scale below one
 * term's rounding, not below the floor's 64 terms: the bar's is 6e-5 of
 * the floor, while a 1 m ANCF catenary of 2 10^4 elements laid out
 * straight (EI 0.01 N m^2, 8e10 N/m per element) had its scale at 0.96
 * of the floor, its weight, 5e-4 N a node, as the residual, and was
 * returned as OK, straight, while the pseudo-transient shift held it. */
#define NOISE_FACTOR 8.0
static int at_roundoff(qs_ws *ws, const alecable_problem *p, int stage, double t, const double *q,
                       const double *lam, const double *h, int it, double rnorm, double sres, double tol)
{
    double rf = roundoff(ws, q), nz;
    if (!(rnorm <= rf)) return 0;
    if (sres <= NEAR_TOL * tol) return 1;
    if (!hovering(h, it)) return 0;
    if (sres <= ROUNDOFF_CAP || (ws->smax <= rf / 64.0 && rnorm <= NOISE_FACTOR * rf / 64.0)) return 1;
    nz = measured_noise(ws, p, stage, t, q, lam);
    return nz >= 0.0 && rnorm <= NOISE_FACTOR * nz;
}

/* Dependent lines of the current (unregularized) Jacobian, reduced to material
 * dofs: a spatial line is swapped for its node's material line.  Lines found
 * in earlier iterations of the stage stay in the set, so the regularized
 * system changes at most nq times and Newton cannot cycle between sets. */
static int find_dependent(qs_ws *ws, const alecable_problem *p, double tol)
{
    int rank, k, st, nr = sp_kkt_reduced(ws->cond)->n;
    sp_kkt_gather(ws->cond, ws->vals, ws->vcond);
    st = sp_rank_detect(ws->rank, ws->vcond, tol > 0.0 ? tol : -1.0, &rank, ws->perm);
    if (st) return ALECABLE_ELINSOLVE;
    for (k = rank; k < nr; k++) {
        int i = sp_kkt_full_index(ws->cond, ws->perm[k]), cls;
        if (i >= ws->nq) continue; /* a constraint line: nothing to regularize */
        cls = p->dof_class ? p->dof_class[i] : ALECABLE_PROBLEM_DOF_OTHER;
        if (cls == ALECABLE_PROBLEM_DOF_SPATIAL && p->partner && p->partner[i] >= 0) {
            i = p->partner[i];
            cls = p->dof_class[i];
        }
        if (cls != ALECABLE_PROBLEM_DOF_MATERIAL || ws->mask[i]) continue;
        ws->mask[i] = 1;
        ws->dep[ws->ndep++] = i;
    }
    return ALECABLE_OK;
}

static int eval_jacobian(qs_ws *ws, const alecable_problem *p, int step, int stage, int it, double t,
                         const double *q, const double *lam, char *msg, size_t len)
{
    int st = p->jacobian(p->ctx, t, q, NULL, NULL, lam, 1.0, 0.0, 0.0, ALECABLE_JAC_FULL, ws->vals);
    if (!st) ws->jmax = norm_inf(ws->vals, ws->nnz);
    if (!st && !(ws->jmax0 > 0.0)) ws->jmax0 = ws->jmax;
    if (st)
        snprintf(msg, len, "step %d stage %d iteration %d: Jacobian evaluation failed (%s)", step + 1, stage, it,
                 alecable_strerror(st));
    return st;
}

/* Unregularized Jacobian and its dependent material lines (stage 2). */
static int jacobian_and_rank(qs_ws *ws, const alecable_problem *p, const alecable_quasistatic_options *o, int step,
                             double t, const double *q, const double *lam, alecable_solve_report *rep, char *msg,
                             size_t len)
{
    int st = eval_jacobian(ws, p, step, 2, 0, t, q, lam, msg, len), i;
    if (st) return st;
    if ((st = find_dependent(ws, p, o->rank_tol))) {
        snprintf(msg, len, "step %d: rank detection failed", step + 1);
        return st;
    }
    rep->dependent_lines = ws->ndep;
    if (ws->ndep > rep->dependent_max) rep->dependent_max = ws->ndep;
    ws->hdep_n[step] = ws->ndep;
    for (i = 0; i < ws->ndep && i < DEP_CAP; i++) ws->hdep[step * DEP_CAP + i] = ws->dep[i];
    return ALECABLE_OK;
}

static void record_alloc(qs_ws *ws)
{
    size_t ev = ac_alloc_events(ws->alloc);
    if (!ws->marked) {
        ws->alloc_mark = ev;
        ws->marked = 1;
    }
    ws->alloc_after_first = ev - ws->alloc_mark;
}

/* scaled max-norm (ws->sc) of the stage-2 regularization force 2 alpha (q - q*) on D */
static double reg_force(const qs_ws *ws, const double *q, double alpha2)
{
    double m = 0.0;
    int i;
    for (i = 0; i < ws->nq; i++)
        if (ws->mask[i] && fabs(alpha2 * (q[i] - ws->anchor[i])) / ws->sc[i] > m)
            m = fabs(alpha2 * (q[i] - ws->anchor[i])) / ws->sc[i];
    return m;
}

/* scaled max-norm of the stage-2 regularized residual r + 2 alpha (q - q*) on D */
static double reg_norm(const qs_ws *ws, const double *q, double alpha2)
{
    double m = 0.0;
    int i;
    for (i = 0; i < ws->n; i++) {
        double v = ws->r[i];
        if (i < ws->nq && ws->mask[i]) v += alpha2 * (q[i] - ws->anchor[i]);
        if (fabs(v) / ws->sc[i] > m) m = fabs(v) / ws->sc[i];
    }
    return m;
}

/* r(q, lambda), with stage 1's regularization 2 alpha (q - q^{n-1}) added
 * on the material dofs (stage 1 solves that regularized problem). */
static int eval_residual(qs_ws *ws, const alecable_problem *p, int stage, double t, const double *q,
                         const double *lam, double *r)
{
    int i, st = p->residual(p->ctx, t, q, NULL, NULL, lam, r);
    if (st) return st;
    if (ws->hold) {
        for (i = 0; i < ws->nq; i++)
            if (ws->mask[i]) r[i] = 0.0;
    } else if (stage == 1)
        for (i = 0; i < ws->nq; i++)
            if (ws->mask[i]) r[i] += 2.0 * ws->alpha * (q[i] - ws->anchor[i]);
    return ALECABLE_OK;
}

/* The slope of the (regularized) energy along dz at the state whose
 * residual is r: r_q . dq, with stage 2's regularization when it is on
 * (stage 1's is in r already). */
static double slope(const qs_ws *ws, const double *r, const double *q, const double *dz, int reg2)
{
    double s = 0.0;
    int i;
    for (i = 0; i < ws->nq; i++) {
        double v = r[i];
        if (reg2 && ws->mask[i]) v += 2.0 * ws->alpha * (q[i] - ws->anchor[i]);
        s += v * dz[i];
    }
    return s;
}

/* Curvature dq . (J dq) of the matrix being solved (q rows and columns:
 * tangent, regularization and shift).  With the multipliers at their new
 * values lambda + dlambda, the step's slope is s(0) = -dq . J dq whatever
 * the constraints' residual: the step descends the Lagrangian L(q,
 * lambda + dlambda) exactly when this is positive. */
static double curvature(const qs_ws *ws)
{
    double c = 0.0;
    int j, k;
    for (j = 0; j < ws->nq; j++)
        for (k = ws->pat.colptr[j]; k < ws->pat.colptr[j + 1]; k++) {
            int i = ws->pat.rowidx[k];
            if (i < ws->nq) c += ws->dz[i] * ws->vals[k] * ws->dz[j];
        }
    return c;
}

/* trial state zt = (q (+) a dq, lambda + dlambda), the multipliers whole
 * (the line search minimizes L(., lambda + dlambda) along dq), and its
 * residual rt */
static int trial(qs_ws *ws, const alecable_problem *p, int stage, double t, const double *q, const double *lam,
                 double a)
{
    int i, nq = ws->nq, st;
    double *qt = ws->zt, *lt = ws->zt + nq;
    memcpy(qt, q, (size_t)nq * sizeof(double));
    if (p->update) {
        if ((st = p->update(p->ctx, qt, ws->dz, a))) return st;
    } else {
        for (i = 0; i < nq; i++) qt[i] += a * ws->dz[i];
    }
    for (i = 0; i < ws->nlam; i++) lt[i] = lam[i] + ws->dz[nq + i];
    if ((st = eval_residual(ws, p, stage, t, qt, lt, ws->rt))) return st;
    return isfinite(norm_inf(ws->rt, ws->n)) ? ALECABLE_OK : ALECABLE_ENAN;
}

#define LS_TRIALS 12    /* residual evaluations per line search */
#define LS_ETA 0.5      /* accept a step once |s(a)| <= LS_ETA |s(0)| */
#define RES_DECREASE 0.9 /* or the first trial once it lowers ||r|| (Newton converging on a curved
                            valley overshoots the line minimum: the energy alone would crawl) */
#define SHIFT_MAX 1e3   /* relative shift at which the globalization gives up: a tangent that
                           this does not make factor and descend is singular in its constraints */

/* The energy line search along the direction ws->dz from (q, lam), whose
 * (regularized) residual is ws->r: the first a in (0, a_max] whose slope
 * s(a) = r_q(z + a dz) . dq is negative or within LS_ETA |s(0)| of zero,
 * or a_max itself when it lowers the residual by RES_DECREASE
 * (secant steps on a bracket, a quarter of the step when the residual
 * cannot be evaluated there).  On success ws->zt and ws->rt hold the new
 * state and its residual, *a the step.  ALECABLE_ENOCONV: no such a. */
static int line_search(qs_ws *ws, const alecable_problem *p, int stage, int reg2, double t, const double *q,
                       const double *lam, double s0, double rnorm, double a_max, double *a)
{
    double lo = 0.0, slo = s0, hi = -1.0, shi = 0.0, x = a_max;
    int k, side = 0;
    for (k = 0; k < LS_TRIALS; k++) {
        double sx;
        int st = trial(ws, p, stage, t, q, lam, x);
        if (st == ALECABLE_ENAN) {
            hi = -1.0;
            x = lo + 0.25 * (x - lo);
            continue;
        }
        if (st) return st;
        sx = slope(ws, ws->rt, ws->zt, ws->dz, reg2);
        if ((sx <= 0.0 ? x == a_max || -sx <= LS_ETA * -s0 : sx <= LS_ETA * -s0) ||
            (k == 0 && norm_inf(ws->rt, ws->n) < RES_DECREASE * rnorm)) {
            *a = x;
            return ALECABLE_OK;
        }
        if (sx < 0.0) {
            lo = x;
            slo = sx;
            if (side == -1) shi *= 0.5; /* Illinois: the stale end's weight halves */
            side = -1;
        } else {
            hi = x;
            shi = sx;
            if (side == 1) slo *= 0.5;
            side = 1;
        }
        if (hi < 0.0) { /* still descending but cut short: grow within a_max */
            x = x * 4.0 < a_max ? x * 4.0 : a_max;
            continue;
        }
        x = lo - slo * (hi - lo) / (shi - slo);
        if (x < lo + 0.05 * (hi - lo)) x = lo + 0.05 * (hi - lo);
        if (x > hi - 0.05 * (hi - lo)) x = hi - 0.05 * (hi - lo);
    }
    return ALECABLE_ENOCONV;
}

/* Factorizes J + shift dscale I on the q rows (the Jacobian in ws->vals
 * holds old_shift already) and solves for the step ws->dz = -(...)^-1 r. */
static int shifted_solve(qs_ws *ws, double shift, double *old_shift, alecable_solve_report *rep, double *rcond)
{
    int i, st;
    if (shift != *old_shift) {
        double d = (shift - *old_shift) * ws->dscale;
        for (i = 0; i < ws->nq; i++) ws->vals[ws->pat.diag[i]] += d;
        *old_shift = shift;
    }
    st = sp_solver_factor(ws->lin, ws->vals);
    *rcond = sp_solver_rcond(ws->lin);
    if (st == SP_OK && *rcond < rep->min_rcond) rep->min_rcond = *rcond;
    if (st != SP_OK) return st;
    if (sp_solver_solve(ws->lin, ws->r, ws->dz)) return SP_EFAIL;
    for (i = 0; i < ws->n; i++) ws->dz[i] = -ws->dz[i];
    return SP_OK;
}

/* The unknown a singular tangent leaves free: the largest q component of
 * (J + eps D)^-1 b, in which the null vector of J is 1/eps times larger
 * than the rest.  b is first the residual, so that of several free dofs
 * the one a load pulls is named, then a fixed vector with no symmetry that
 * could be orthogonal to the null vector (an ALE redundancy, which no load
 * pulls).  -1 when the tangent is regular after all, or singular on the
 * multipliers' side too (dependent constraints), where no q shift helps.
 * Clobbers the factorization and the line-search scratch: only on the way
 * out, with the tangent and its shift `applied` in ws->vals. */
static int null_dof(qs_ws *ws, const alecable_problem *p, double applied, const double *r)
{
    int i, k, pass;
    double d = (1e-8 - applied) * ws->dscale, rn = norm_inf(r, ws->nq);
    for (i = 0; i < ws->nq; i++) ws->vals[ws->pat.diag[i]] += d;
    if (sp_solver_factor(ws->lin, ws->vals) != SP_OK) return -1;
    for (pass = rn > 0.0 ? 0 : 1; pass < 2; pass++) {
        double big = 0.0;
        for (i = 0; i < ws->n; i++)
            ws->rt[i] = i >= ws->nq ? 0.0 : pass == 0 ? r[i] / rn : 1.0 + 0.618 * (double)(i % 7);
        if (sp_solver_solve(ws->lin, ws->rt, ws->zt)) return -1;
        for (k = -1, i = 0; i < ws->nq; i++)
            if (fabs(ws->zt[i]) > big) {
                big = fabs(ws->zt[i]);
                k = i;
            }
        /* a regular tangent answers with |z| of order |b| / D */
        if (!(big * ws->dscale > 1e4)) continue;
        /* an ALE null vector moves a node's place and its material
         * coordinate together: the material one is what to hold */
        if (p->dof_class)
            for (i = 0; i < ws->nq; i++)
                if (p->dof_class[i] == ALECABLE_PROBLEM_DOF_MATERIAL && fabs(ws->zt[i]) >= 0.5 * big) return i;
        return k;
    }
    return -1;
}

/* 1 when the constraints' rows G are linearly dependent: [c I G^T; G C]
 * (c the largest |G| entry, C the constraint block as the problem gives it:
 * a stick/slip row's equation lies there, with G = 0 where it slips or
 * before any contact force) fails to factor; 0 when it factors, so a
 * tangent that stays singular has another cause.  Clobbers ws->vals and the
 * factorization: only on the way out. */
static int constraints_dependent(qs_ws *ws)
{
    double c = 0.0;
    int j, k;
    if (ws->nlam == 0) return 0;
    for (j = 0; j < ws->n; j++)
        for (k = ws->pat.colptr[j]; k < ws->pat.colptr[j + 1]; k++)
            if ((j >= ws->nq) != (ws->pat.rowidx[k] >= ws->nq) && fabs(ws->vals[k]) > c) c = fabs(ws->vals[k]);
    if (!(c > 0.0) || !isfinite(c)) return 1;
    for (j = 0; j < ws->n; j++)
        for (k = ws->pat.colptr[j]; k < ws->pat.colptr[j + 1]; k++) {
            int i = ws->pat.rowidx[k];
            if (i < ws->nq && j < ws->nq) ws->vals[k] = i == j ? c : 0.0;
        }
    return sp_solver_factor(ws->lin, ws->vals) != SP_OK;
}

/* The held material dofs' rows and columns become those of an identity
 * (scaled like the tangent): their steps vanish, the rest is the Lagrangian
 * problem of the same mesh. */
static void hold_rows(qs_ws *ws)
{
    int j, k;
    double d = 0.0;
    for (j = 0; j < ws->nq; j++)
        if (!ws->mask[j] && fabs(ws->vals[ws->pat.diag[j]]) > d) d = fabs(ws->vals[ws->pat.diag[j]]);
    if (!(d > 0.0)) d = 1.0;
    for (j = 0; j < ws->n; j++)
        for (k = ws->pat.colptr[j]; k < ws->pat.colptr[j + 1]; k++) {
            int i = ws->pat.rowidx[k];
            if ((i < ws->nq && ws->mask[i]) || (j < ws->nq && ws->mask[j])) ws->vals[k] = i == j ? d : 0.0;
        }
}

/* A large mesh (options.large_mesh = AUTO).  The pseudo-transient shift
 * J + delta D (D the largest diagonal entry of the q rows) is a step of a
 * pseudo-time flow only when D scales like a node's mass; it scales like
 * the stiffness of one element, EA / l (EI / l^3), which grows with the
 * number m of nodes along a cable where a node's mass falls like 1 / m.
 * From a straight, unstressed start (no transverse stiffness but the
 * shift) a shift in units of D moves a node by w l^2 / (delta EA) per
 * iteration, and the fade (/4 per whole step) must first undo the factor
 * m^2: a 1 m catenary of 10^5 axial elements did not converge in 100
 * iterations.  m is read from the pattern: a cable's q column couples c of
 * its dofs (its node and the two neighbours'), so m ~ nq / c = nq^2 /
 * nnz(q columns), about a third of the nodes; several cables count as one
 * long one, which only makes the first shift smaller (the x10 raise finds
 * one that descends).  Above LARGE_MESH_M nodes so read (about 900
 * elements of one cable), the first shift is delta D (LARGE_MESH_M0 /
 * m)^2, which follows the mass: a 1 m catenary from 10^3 to 10^5 axial
 * elements takes 16-19 iterations with it, 38 at 10^3 and 66 or none at
 * 10^5 without (fewer as the shift is smaller, down to 1e-2 of this one).
 * Below LARGE_MESH_M (every model of the examples and of alecable-run's
 * model files) nothing changes. */
#define LARGE_MESH_M 300.0
#define LARGE_MESH_M0 30.0
/* The default linear solver (UMFPACK) at that size: its factorization of a
 * long chain grows faster than the chain (a 1 m catenary from 10^3 to 10^4
 * axial elements: 4.5x slower than the band solver at 10^3, 5.1x at 10^4).
 * A large mesh takes KLU unless another solver was asked for: on that
 * catenary from a straight start it is as fast as the band solver on axial
 * elements (10^5: 1.21 s against 1.29; 10^6: 14 s against 17), faster on
 * ANCF (10^5: 3.4 s against 5.8, 10^6: 64 s against 85: the band solver
 * pays an LU after its refused LDL^T on the shifted tangents), needs less
 * memory (10^5 ANCF: 653 MB against 1032), and reached the equilibrium of
 * a stiffer ANCF cable (EI 0.01 N m^2, 2 10^4 elements) where the band
 * solver's steps did not (singular at rcond 2e-37). */
static void large_mesh(qs_ws *ws, alecable_quasistatic_options *o)
{
    double nnz = (double)(ws->pat.colptr[ws->nq] - ws->pat.colptr[0]), m;
    ws->shift0 = o->ptc_shift;
    ws->large = 0;
    if (o->large_mesh != ALECABLE_LARGE_MESH_AUTO || ws->nq < 1 || !(nnz > 0.0)) return;
    m = (double)ws->nq * (double)ws->nq / nnz;
    if (!(m > LARGE_MESH_M)) return;
    ws->large = 1;
    ws->shift0 = o->ptc_shift * (LARGE_MESH_M0 / m) * (LARGE_MESH_M0 / m);
    if (o->linear_solver == ALECABLE_LINSOLVE_UMFPACK) o->linear_solver = ALECABLE_LINSOLVE_KLU;
}

/* After a solve on a large mesh: the factorizations (the linear solver's,
 * the stability check's LDL^T, the rank detection's) are freed, so that
 * dynamics from the solved state (alecable_model_integrator()) does not
 * carry them (at 10^5 ANCF elements about 6 KB per element); the next
 * solve makes them again (a symbolic analysis per solve).  Below that
 * size they are kept: a solver reusing its pivot order (KLU) gives the
 * next solve's results bit for bit as before. */
static void release_factors(qs_ws *ws)
{
    sp_solver_destroy(ws->lin);
    ws->lin = NULL;
    ws->lin_kind = -1;
    sp_ldl_destroy(ws->ldl);
    ws->ldl = NULL;
    sp_rank_destroy(ws->rank);
    ws->rank = NULL;
}

/* One Newton solve at load factor t. stage 0: plain, 1 or 2: regularized.
 * *iters receives the number of linear solves.
 *
 * Stage 2 regularizes the dependent lines D around q* (eq. 77) and judges
 * convergence on the true residual.  When D is exactly dependent both
 * coincide.  When a line is only nearly dependent (a fine ALE mesh: moving
 * a node along the flow barely changes the energy), the regularized system
 * converges to a point that is not quite an equilibrium; the regularization
 * is then released and plain Newton finishes from that nearby point.  Its
 * residual there hovers because the regularization holds it, not at
 * roundoff: the roundoff test reads the history from the release on (the
 * C1 sheave rig of test_qs_regularization.c: 2.6e-5 N of regularization
 * force, below the roundoff bound 64 eps max|J| (1 + |q|) of a 6e9 N/m
 * tangent, was accepted before, and the two builds returned different
 * states).
 *
 * The globalization (alecable_quasistatic_options.globalization) acts on
 * the step only: a Newton step that factors and descends and that the line
 * search accepts whole is paper 000's step, bit for bit. */
static int newton(qs_ws *ws, const alecable_problem *p, const alecable_quasistatic_options *o, int step,
                  int stage, double t, double *q, double *lam, double *r_ref, int *iters,
                  alecable_solve_report *rep, char *msg, size_t len)
{
    int it, i, st, nq = ws->nq, hs = stage == 2 ? 1 : 0, have_jac, reg2 = stage == 2, have_r = 0;
    int glob = o->globalization != ALECABLE_GLOBAL_NONE, newton_step = 0;
    int rel = 0; /* the history hist[rel..] is of the problem solved now (stage 2: since the release) */
    double dznorm = INFINITY, alpha2 = 2.0 * o->alpha, last_applied = 0.0;
    double shift = ws->ptc ? ws->shift0 : 0.0;
    double *hist = ws->res + ((size_t)step * 2 + (size_t)hs) * (size_t)(ws->hist_iter + 1);
    ws->alpha = o->alpha;
    ws->capped = 0;
    if (stage == 2) ws->released = 0.0;
    *iters = 0;
    ws->nres[step * 2 + hs] = 0;
    for (it = 0;; it++) {
        double rnorm, sres, tol = o->tol_residual, dztol, s0, a = 1.0, a_max = 1.0, applied = 0.0, rc = 0.0;
        if (!have_r && (st = eval_residual(ws, p, stage, t, q, lam, ws->r))) {
            snprintf(msg, len, "step %d stage %d iteration %d: residual evaluation failed (%s)", step + 1, stage, it,
                     alecable_strerror(st));
            return st;
        }
        have_r = 0;
        rnorm = norm_inf(ws->r, ws->n);
        if (!isfinite(rnorm)) {
            snprintf(msg, len, "step %d stage %d iteration %d: residual is not finite", step + 1, stage, it);
            return ALECABLE_ENAN;
        }
        hist[it] = rnorm;
        ws->nres[step * 2 + hs] = it + 1;
        if ((st = judge(ws, p, stage == 1, t, q, lam, ws->r, r_ref, rep, &sres))) {
            snprintf(msg, len, "step %d stage %d iteration %d: %s (%s)", step + 1, stage, it,
                     st == ALECABLE_ENAN ? "the residual or its scale is not finite"
                                         : "the problem's residual_scale failed",
                     alecable_strerror(st));
            return st;
        }
        dztol = o->tol_increment * (1.0 + norm_inf(q, nq));
        /* stage 2 examines the tangent at q* even when q* already solves the
         * problem, so the report always says which lines are dependent */
        have_jac = 0;
        if (stage == 2 && it == 0) {
            if ((st = jacobian_and_rank(ws, p, o, step, t, q, lam, rep, msg, len))) return st;
            have_jac = 1;
        }
        /* Newton has stopped moving (roundoff): an equilibrium, unless a
         * regularization force is holding a nearly dependent line away from
         * it; on exactly dependent lines (e.g. a free node between a pulley
         * and a cable end) that force is zero and releasing it would leave a
         * singular tangent.  Only a whole, unshifted Newton step says so. */
        if (sres <= tol ||
            (it > 0 && newton_step && dznorm <= dztol && (!reg2 || reg_force(ws, q, alpha2) <= tol))) {
            /* a vanishing increment with a residual far above the tolerance
             * and above roundoff is a stall (a solver that dropped a
             * direction, e.g. SPQR's least squares), not an equilibrium */
            double floor = roundoff(ws, q);
            if (!(sres <= STALL_FACTOR * tol) && !(rnorm <= STALL_FACTOR * floor)) {
                snprintf(msg, len,
                         "step %d stage %d iteration %d: Newton stalled (increment %.3e, ||r|| = %.3e, %.3e of its "
                         "scale, above the tolerance %.3e and roundoff)",
                         step + 1, stage, it, dznorm, rnorm, sres, tol);
                return ALECABLE_ENOCONV;
            }
            rep->final_residual = rnorm;
            return ALECABLE_OK;
        }
        if (reg2 && it > 0 && (reg_norm(ws, q, alpha2) <= tol || (newton_step && dznorm <= dztol))) {
            double f = reg_force(ws, q, alpha2);
            reg2 = 0;
            memset(ws->mask, 0, (size_t)nq * sizeof(int));
            have_jac = 0;
            /* a force below the tolerance held nothing: the history stays the problem's */
            if (f > tol) {
                ws->released = f;
                rel = it;
            }
        }
        if (it == o->max_iterations) break;
        if (!have_jac) {
            if (reg2) st = jacobian_and_rank(ws, p, o, step, t, q, lam, rep, msg, len);
            else st = eval_jacobian(ws, p, step, stage, it, t, q, lam, msg, len);
            if (st) return st;
        } else if (stage == 2 && !reg2) {
            if ((st = eval_jacobian(ws, p, step, stage, it, t, q, lam, msg, len))) return st;
        }
        /* Newton hovering at roundoff (the Jacobian at q says where it lies).
         * In stage 2 the residual judged is the unregularized one, but while
         * the regularization acts it hovers because the regularization
         * holds it (a weakly held line: the force 2 alpha (q - q*) stays in
         * it as a residual the equations do not balance, tiny against the
         * roundoff bound of a stiff tangent); then the regularization is
         * released and only the unregularized Newton's own hovering, from
         * there on, says roundoff. */
        if (it - rel >= 2 && at_roundoff(ws, p, stage, t, q, lam, hist + rel, it - rel, rnorm, sres, tol)) {
            if (!reg2 || !(reg_force(ws, q, alpha2) > tol)) {
                rep->final_residual = rnorm;
                return ALECABLE_OK;
            }
            /* the Jacobian in ws->vals is the unregularized one at q */
            reg2 = 0;
            ws->released = reg_force(ws, q, alpha2);
            memset(ws->mask, 0, (size_t)nq * sizeof(int));
            rel = it;
        }
        if (reg2)
            for (i = 0; i < nq; i++)
                if (ws->mask[i]) ws->r[i] += alpha2 * (q[i] - ws->anchor[i]);
        if (ws->hold) {
            hold_rows(ws);
        } else if (stage != 0) {
            for (i = 0; i < nq; i++)
                if (ws->mask[i]) ws->vals[ws->pat.diag[i]] += alpha2;
        }
        ws->dscale = 0.0;
        for (i = 0; i < nq; i++)
            if (fabs(ws->vals[ws->pat.diag[i]]) > ws->dscale) ws->dscale = fabs(ws->vals[ws->pat.diag[i]]);
        if (!(ws->dscale > 0.0)) ws->dscale = ws->jmax > 0.0 ? ws->jmax : 1.0;
        /* the step: Newton's, or with the shift raised until the tangent
         * factors and the step descends */
        for (;;) {
            st = shifted_solve(ws, shift, &applied, rep, &rc);
            if (st == SP_OK) {
                dznorm = norm_inf(ws->dz, nq);
                if (!isfinite(dznorm) || !isfinite(norm_inf(ws->dz + nq, ws->nlam))) {
                    snprintf(msg, len, "step %d stage %d iteration %d: Newton increment is not finite", step + 1,
                             stage, it);
                    return ALECABLE_ENAN;
                }
                s0 = -curvature(ws);
                if (!glob || s0 < 0.0 || dznorm == 0.0) break;
            } else if (st != SP_ESINGULAR || !glob) {
                break;
            }
            if (shift >= SHIFT_MAX) {
                st = SP_ESINGULAR;
                break;
            }
            shift = shift > 0.0 ? 10.0 * shift : ws->shift0;
        }
        if (st == SP_ESINGULAR) {
            /* with the largest shift every q row has stiffness: what still
             * fails to factor are dependent constraints; what factors but
             * never descends is energy without a bottom (a load nothing
             * holds) */
            int factored = applied > 0.0 && sp_solver_factor(ws->lin, ws->vals) == SP_OK, dependent = 0;
            ws->null_dof = null_dof(ws, p, applied, ws->r);
            if (glob && !factored && ws->null_dof < 0 && (dependent = constraints_dependent(ws))) {
                /* dependent here, but were they at the attempt's start?  A
                 * wrap's or a joint's rows can lose rank where an iterate far
                 * from equilibrium puts their nodes; and the retry's hold of
                 * every material coordinate empties the rows of a constraint
                 * on them alone (truth seeds 95, 125, 245: "remove the
                 * redundant one" where none is) */
                if (ws->hold && !eval_jacobian(ws, p, step, stage, it, t, q, lam, msg, len) &&
                    !constraints_dependent(ws))
                    dependent = 3;
                if (dependent == 1 && !eval_jacobian(ws, p, step, stage, it, t, ws->q_sub, ws->lam_sub, msg, len) &&
                    !constraints_dependent(ws))
                    dependent = 2;
            }
            snprintf(msg, len,
                     "step %d stage %d iteration %d: singular tangent (rcond %.3g)%s", step + 1, stage, it, rc,
                     o->regularization == ALECABLE_REG_NONE && ws->null_dof >= 0 &&
                             p->dof_class && p->dof_class[ws->null_dof] == ALECABLE_PROBLEM_DOF_MATERIAL
                         ? "; the ALE equations are redundant: enable the regularization"
                     : !glob ? "; a dof without stiffness: set options.globalization to AUTO or hold it"
                     : factored ? "; no descent even with the largest shift: a load pulls a dof that nothing "
                                  "restrains: hold it"
                     : ws->null_dof >= 0 ? "; a dof has no stiffness even with the shift: hold it"
                     : dependent == 2 ? "; the constraints are dependent at this iterate but not at the step's "
                                        "start: an iterate far from equilibrium (nodes of a wrap or joint driven "
                                        "together): more load steps or a start nearer the equilibrium"
                     : dependent == 3 ? "; with the material coordinates held (the retry's Lagrangian "
                                        "predictor) a constraint that acts on them alone (stick/slip friction on a "
                                        "wrap) has nothing to act on"
                     : dependent ? "; the constraints are dependent: remove the redundant one"
                                 : "; the constraints are independent (checked) and no dof lacks stiffness: the "
                                   "tangent at this iterate is too ill-conditioned to factor (a state far from "
                                   "equilibrium, or stiffnesses of very different scales): more load steps or a "
                                   "start nearer the equilibrium");
            return ALECABLE_ESINGULAR;
        }
        last_applied = applied;
        if (st != SP_OK) {
            snprintf(msg, len, "step %d stage %d iteration %d: linear solver failure", step + 1, stage, it);
            return st == SP_ENOMEM ? ALECABLE_ENOMEM : ALECABLE_ELINSOLVE;
        }
        if (shift > 0.0) {
            ws->shifted++;
            if (shift > ws->max_shift) ws->max_shift = shift;
        }
        if (glob && p->step_limit && (st = p->step_limit(p->ctx, q, ws->dz, &a_max))) {
            snprintf(msg, len, "step %d stage %d iteration %d: the problem's step_limit failed (%s)", step + 1, stage,
                     it, alecable_strerror(st));
            return st;
        }
        if (!(a_max > 0.0)) a_max = 0.0;
        if (a_max > 1.0) a_max = 1.0;
        /* Newton's own step where it factors, descends and keeps the mesh;
         * the line search otherwise, and always in the retry (ws->ptc) */
        if (glob && (ws->ptc || shift > 0.0 || a_max < 1.0)) {
            st = a_max > 0.0 ? line_search(ws, p, stage, reg2, t, q, lam, s0, rnorm, a_max, &a) : ALECABLE_ENOCONV;
            if (st && st != ALECABLE_ENOCONV) {
                snprintf(msg, len, "step %d stage %d iteration %d: residual evaluation failed (%s)", step + 1, stage,
                         it, alecable_strerror(st));
                return st;
            }
            if (st) {
                /* no descent along this step: a larger shift turns it
                 * toward the gradient; the state stays */
                if (shift >= SHIFT_MAX) {
                    snprintf(msg, len,
                             "step %d stage %d iteration %d: the line search found no descent (||r|| = %.3e); "
                             "more load steps or a start nearer the equilibrium may help",
                             step + 1, stage, it, rnorm);
                    return ALECABLE_ENOCONV;
                }
                shift = shift > 0.0 ? 10.0 * shift : ws->shift0;
                newton_step = 0;
                ++*iters;
                record_alloc(ws);
                continue;
            }
            if (a < 1.0) ws->damped++;
            newton_step = shift == 0.0 && a == 1.0;
            /* the accepted state and its residual (the next iteration's) */
            memcpy(q, ws->zt, (size_t)nq * sizeof(double));
            memcpy(lam, ws->zt + nq, (size_t)ws->nlam * sizeof(double));
            memcpy(ws->r, ws->rt, (size_t)ws->n * sizeof(double));
            have_r = 1;
            if (a == 1.0) shift = shift * 0.25 < 1e-3 * ws->shift0 ? 0.0 : shift * 0.25;
        } else {
            newton_step = 1;
            if (p->update) {
                if ((st = p->update(p->ctx, q, ws->dz, 1.0))) {
                    snprintf(msg, len, "step %d: state update failed", step + 1);
                    return st;
                }
            } else {
                for (i = 0; i < nq; i++) q[i] += ws->dz[i];
            }
            for (i = 0; i < ws->nlam; i++) lam[i] += ws->dz[nq + i];
        }
        ++*iters;
        record_alloc(ws);
    }
    snprintf(msg, len, "step %d stage %d: no convergence in %d iterations (||r|| = %.3e, %.3e of its scale %.3e; "
                       "tolerance %.3e)",
             step + 1, stage, o->max_iterations, hist[o->max_iterations], rep->scaled_residual, ws->smax,
             o->tol_residual);
    ws->capped = 1;
    ws->cap_r0 = hist[0];
    ws->cap_r1 = hist[o->max_iterations];
    /* the last step still needed the shift: a dof without stiffness that
     * a load keeps pulling (e.g. a body nothing holds) */
    if (glob && last_applied > 0.0) ws->null_dof = null_dof(ws, p, last_applied, ws->r);
    return ALECABLE_ENOCONV;
}

/* The mesh trust region: stage 2 once more, from the stage-1 solution q*,
 * when the retry's stage 2 did not converge (solve_step: only then, so
 * every problem that converged before takes the same steps, bit for bit).
 *
 * Why stage 2 fails there.  With every interior s of an ANCF or Kirchhoff
 * cable free, the energy is nearly flat along a mesh motion (a node sliding
 * along the curve: s, r and r' together; curvatures ~1e-4 against EA/l ~
 * 2e5) but that motion is curved: a straight Newton step along it leaves
 * the curve at second order in the step and climbs the stiff axial walls
 * (a step of 0.05 in s: 1e-4 J up the wall for 3e-8 J gained along the
 * floor).  The energy line search then sees an ascent, or accepts a point
 * whose residual has jumped, and Newton wanders.
 *
 * What this does instead: Newton on the reduced energy E(s) = min_x W(x,
 * s), globalized by a trust region on the material dofs.
 *  - the step solves (J + mu P) dz = -r, P the identity on the material
 *    dofs (a Levenberg-Marquardt shift: mu = 2 alpha first, the stage-1
 *    regularization that just converged; ×4 when a step disappoints, ÷4
 *    when it does as predicted); with r_x ~ 0 its s part is Newton's step
 *    on E(s) shifted by mu, and the model predicts the decrease
 *    pred = a dz.(J+mu P)dz - a^2/2 (dz.(J+mu P)dz - mu |dz_s|^2);
 *  - the trial point q (+) a dz is projected back onto the valley floor:
 *    Newton on the spatial dofs with s held (hold_rows), until their
 *    residual is below PROJ_FRAC of the tolerance;
 *  - the actual decrease of E between two such points, whose spatial
 *    residual vanishes, is the integral of r_s . ds along ds: the
 *    trapezoidal rule -a/2 (r_s(q) + r_s(q^)) . dz_s needs no energy (the
 *    problem interface has residuals only) and no extra evaluation.
 *    Measured on the ANCF and Kirchhoff cables of issue 12 against the
 *    model's energy: within 1e-3 relative of the true change on steps of
 *    1e-7 J, where integrating the straight step (Simpson, then the
 *    projection's legs) was off by 1e-4 J;
 *  - a step is kept when rho = actual / predicted > TR_ACCEPT; it may not
 *    shrink an element below a quarter of its length (step_limit).
 * Every linear solve counts as an iteration, outer or projecting, against
 * options.max_iterations.  Converged: ||r|| (the true residual, all rows)
 * within the tolerance, as in stage 2.  ANCF cable of issue 12 (25
 * elements): 10 steps and 19 projecting iterations.  What it cannot do:
 * find a mesh where none is optimal.  The Kirchhoff cable's mesh energy
 * falls as an element shrinks (its interpolated axial strain), and the
 * descent collapses elements until the residual fails: ENOCONV. */
#define TR_ACCEPT 1e-4  /* keep a step whose actual decrease is at least this fraction of the prediction */
#define TR_GOOD 0.75    /* ... and widen the region (mu / 4) above this ratio */
#define TR_POOR 0.25    /* narrow it (mu * 4) below this one */
#define PROJ_FRAC 0.1   /* the projection ends when the spatial residual is below this fraction of the tolerance */
#define PROJ_MAX 8      /* projecting iterations per trial: a step that needs more was too long */

/* scaled max-norm of r (ws->sc, the outer iterate's scale) over the rows
 * that are not held material dofs */
static double free_norm(const qs_ws *ws, const double *r) { return scaled_norm(ws, r, 1); }

/* Projects ws->zp (residual ws->rp) onto the equilibrium of the spatial
 * dofs with the material ones (ws->mask) held: Newton with hold_rows.
 * 0 when the spatial residual is below ptol, ALECABLE_ENOCONV when it is
 * not after PROJ_MAX iterations or *budget linear solves, another code on
 * an evaluation failure (ALECABLE_ENAN: a state without a residual). */
static int project(qs_ws *ws, const alecable_problem *p, int step, int it, double t, double ptol, int *budget,
                   int *iters, char *msg, size_t len)
{
    int k, i, st, nq = ws->nq;
    for (k = 0;; k++) {
        if (free_norm(ws, ws->rp) <= ptol) return ALECABLE_OK;
        if (k == PROJ_MAX || *budget <= 0) return ALECABLE_ENOCONV;
        if ((st = eval_jacobian(ws, p, step, 2, it, t, ws->zp, ws->zp + nq, msg, len))) return st;
        hold_rows(ws);
        --*budget;
        ++*iters;
        if (sp_solver_factor(ws->lin, ws->vals) != SP_OK) return ALECABLE_ENOCONV;
        for (i = 0; i < ws->n; i++) ws->rt[i] = i < nq && ws->mask[i] ? 0.0 : ws->rp[i];
        if (sp_solver_solve(ws->lin, ws->rt, ws->dz)) return ALECABLE_ELINSOLVE;
        for (i = 0; i < ws->n; i++) ws->dz[i] = i < nq && ws->mask[i] ? 0.0 : -ws->dz[i];
        if ((st = trial(ws, p, 0, t, ws->zp, ws->zp + nq, 1.0))) return st;
        memcpy(ws->zp, ws->zt, (size_t)ws->n * sizeof(double));
        memcpy(ws->rp, ws->rt, (size_t)ws->n * sizeof(double));
    }
}

static int mesh_trust_region(qs_ws *ws, const alecable_problem *p, const alecable_quasistatic_options *o, int step,
                             double t, double *q, double *lam, double *r_ref, int *iters, alecable_solve_report *rep,
                             char *msg, size_t len)
{
    int it, i, st, nq = ws->nq, n = ws->n, have_j = 0, budget = o->max_iterations;
    double mu = 2.0 * o->alpha, applied = 0.0, rnorm = INFINITY, tol = o->tol_residual, sres;
    double *hist = ws->res + ((size_t)step * 2 + 1) * (size_t)(ws->hist_iter + 1), *ds = ws->anchor;
    *iters = 0;
    ws->nres[step * 2 + 1] = 0;
    for (i = 0; i < nq; i++) ws->mask[i] = p->dof_class && p->dof_class[i] == ALECABLE_PROBLEM_DOF_MATERIAL;
    if ((st = eval_residual(ws, p, 0, t, q, lam, ws->r))) {
        snprintf(msg, len, "step %d stage 2: residual evaluation failed (%s)", step + 1, alecable_strerror(st));
        goto out;
    }
    for (it = 0;; it++) {
        double curv, pred, ared, rho, ds2 = 0.0, g0 = 0.0, g1 = 0.0, a = 1.0, rc;
        rnorm = norm_inf(ws->r, n);
        if (!isfinite(rnorm)) {
            snprintf(msg, len, "step %d stage 2 iteration %d: residual is not finite", step + 1, it);
            st = ALECABLE_ENAN;
            goto out;
        }
        if (it <= ws->hist_iter) {
            hist[it] = rnorm;
            ws->nres[step * 2 + 1] = it + 1;
        }
        if ((st = judge(ws, p, 0, t, q, lam, ws->r, r_ref, rep, &sres))) {
            snprintf(msg, len, "step %d stage 2: %s (%s)", step + 1,
                     st == ALECABLE_ENAN ? "the residual or its scale is not finite"
                                         : "the problem's residual_scale failed",
                     alecable_strerror(st));
            goto out;
        }
        if (sres <= tol) {
            rep->final_residual = rnorm;
            st = ALECABLE_OK;
            goto out;
        }
        if (budget <= 0) break;
        if (!have_j) {
            if ((st = eval_jacobian(ws, p, step, 2, it, t, q, lam, msg, len))) goto out;
            /* hovering at roundoff (the Jacobian at q says where it lies) */
            if (it >= 2 && it <= ws->hist_iter && at_roundoff(ws, p, 2, t, q, lam, hist, it, rnorm, sres, tol)) {
                rep->final_residual = rnorm;
                st = ALECABLE_OK;
                goto out;
            }
            applied = 0.0;
            have_j = 1;
            ws->dscale = 0.0;
            for (i = 0; i < nq; i++)
                if (fabs(ws->vals[ws->pat.diag[i]]) > ws->dscale) ws->dscale = fabs(ws->vals[ws->pat.diag[i]]);
            if (!(ws->dscale > 0.0)) ws->dscale = 1.0;
        }
        /* the shifted step: mu raised until it factors and descends */
        for (;;) {
            if (mu != applied) {
                for (i = 0; i < nq; i++)
                    if (ws->mask[i]) ws->vals[ws->pat.diag[i]] += mu - applied;
                applied = mu;
            }
            st = sp_solver_factor(ws->lin, ws->vals);
            rc = sp_solver_rcond(ws->lin);
            if (st == SP_OK && rc < rep->min_rcond) rep->min_rcond = rc;
            if (st == SP_OK) {
                if (sp_solver_solve(ws->lin, ws->r, ws->dz)) {
                    st = ALECABLE_ELINSOLVE;
                    snprintf(msg, len, "step %d stage 2 iteration %d: linear solver failure", step + 1, it);
                    goto out;
                }
                for (i = 0; i < n; i++) ws->dz[i] = -ws->dz[i];
                curv = curvature(ws);
                if (curv > 0.0 && isfinite(curv)) break;
            } else if (st != SP_ESINGULAR) {
                st = st == SP_ENOMEM ? ALECABLE_ENOMEM : ALECABLE_ELINSOLVE;
                snprintf(msg, len, "step %d stage 2 iteration %d: linear solver failure", step + 1, it);
                goto out;
            }
            mu *= 4.0;
            if (!(mu <= SHIFT_MAX * ws->dscale)) {
                snprintf(msg, len,
                         "step %d stage 2 iteration %d: the mesh's trust region found no descent (||r|| = %.3e)",
                         step + 1, it, rnorm);
                st = ALECABLE_ENOCONV;
                goto out;
            }
        }
        --budget;
        ++*iters;
        record_alloc(ws);
        ws->shifted++;
        if (p->step_limit && (st = p->step_limit(p->ctx, q, ws->dz, &a))) {
            snprintf(msg, len, "step %d stage 2 iteration %d: the problem's step_limit failed (%s)", step + 1, it,
                     alecable_strerror(st));
            goto out;
        }
        if (!(a > 0.0)) a = 0.0;
        if (a > 1.0) a = 1.0;
        if (a < 1.0) ws->damped++;
        for (i = 0; i < nq; i++) {
            ds[i] = ws->mask[i] ? a * ws->dz[i] : 0.0;
            ds2 += ws->mask[i] ? ws->dz[i] * ws->dz[i] : 0.0;
            g0 += ws->r[i] * ds[i];
        }
        pred = a * curv - 0.5 * a * a * (curv - applied * ds2);
        /* the trial point, projected back onto the spatial equilibrium */
        st = a > 0.0 ? trial(ws, p, 0, t, q, lam, a) : ALECABLE_ENOCONV;
        if (!st) {
            memcpy(ws->zp, ws->zt, (size_t)n * sizeof(double));
            memcpy(ws->rp, ws->rt, (size_t)n * sizeof(double));
            st = project(ws, p, step, it, t, PROJ_FRAC * tol, &budget, iters, msg, len);
            have_j = 0; /* the Jacobian in ws->vals is the projection's */
        }
        if (st && st != ALECABLE_ENOCONV && st != ALECABLE_ENAN) goto out;
        ared = NAN;
        if (!st) {
            for (i = 0; i < nq; i++) g1 += ws->rp[i] * ds[i];
            ared = -0.5 * (g0 + g1);
        }
        rho = ared / pred;
        if (rho > TR_ACCEPT) {
            memcpy(q, ws->zp, (size_t)nq * sizeof(double));
            memcpy(lam, ws->zp + nq, (size_t)ws->nlam * sizeof(double));
            memcpy(ws->r, ws->rp, (size_t)n * sizeof(double));
        }
        if (!(rho >= TR_POOR)) mu *= 4.0;
        else if (rho > TR_GOOD && a == 1.0) mu *= 0.25;
        if (mu > ws->max_shift * ws->dscale) ws->max_shift = mu / ws->dscale;
    }
    snprintf(msg, len, "step %d stage 2: no convergence in %d iterations of the mesh's trust region (||r|| = %.3e, "
                       "%.3e of its scale; tolerance %.3e)",
             step + 1, o->max_iterations, rnorm, rep->scaled_residual, o->tol_residual);
    st = ALECABLE_ENOCONV;
out:
    ws->hold = 0;
    memset(ws->mask, 0, (size_t)nq * sizeof(int));
    return st;
}

/* A converged load step advances the problem's history (alecable_problem).
 * A failure may have changed part of it: the last converged step's is put
 * back, so that it goes with the q and lambda qs_solve returns. */
static int commit_history(qs_ws *ws, const alecable_problem *p, double t, const double *q, const double *lam,
                          char *msg, size_t len)
{
    const char *what = "history_commit";
    double *tmp;
    int st = p->history_commit(p->ctx, t, q, NULL, lam);
    if (st == ALECABLE_CONTACT_CLOSED) st = ALECABLE_OK; /* statics carry no velocity to make consistent */
    if (!st && (st = p->history_get(p->ctx, ws->hist_next))) what = "history_get";
    if (st) {
        p->history_set(p->ctx, ws->hist_prev);
        snprintf(msg, len, "load factor %.6g: the problem's %s failed (%s)", t, what, alecable_strerror(st));
        return st;
    }
    tmp = ws->hist_prev;
    ws->hist_prev = ws->hist_next;
    ws->hist_next = tmp;
    return ALECABLE_OK;
}

/* One load step: stage 1 then 2 of the regularization where the mesh has
 * free material coordinates, plain Newton otherwise; hold = 1 first solves
 * with every free material coordinate held (a Lagrangian predictor). */
static int solve_step(qs_ws *ws, const alecable_problem *p, const alecable_quasistatic_options *o, int k, double tk,
                      int n_free, int hold, double *q, double *lam, int *n1, int *n2, alecable_solve_report *rep,
                      char *msg, size_t len)
{
    double r_ref = 0.0;
    int i, st, m = 0, nq = ws->nq, two = o->regularization == ALECABLE_REG_TWO_STAGE && n_free > 0;
    *n1 = *n2 = 0;
    if (hold || two) {
        memcpy(ws->anchor, q, (size_t)nq * sizeof(double));
        for (i = 0; i < nq; i++) ws->mask[i] = p->dof_class && p->dof_class[i] == ALECABLE_PROBLEM_DOF_MATERIAL;
    }
    if (hold) {
        ws->hold = 1;
        st = newton(ws, p, o, k, 1, tk, q, lam, &r_ref, &m, rep, msg, len);
        ws->hold = 0;
        *n1 += m;
        if (st) return st;
        memcpy(ws->anchor, q, (size_t)nq * sizeof(double));
    }
    if (two) {
        st = newton(ws, p, o, k, 1, tk, q, lam, &r_ref, &m, rep, msg, len);
        *n1 += m;
        if (st) return st;
        memcpy(ws->anchor, q, (size_t)nq * sizeof(double));
        memcpy(ws->lam_star, lam, (size_t)ws->nlam * sizeof(double));
        memset(ws->mask, 0, (size_t)nq * sizeof(int));
        ws->ndep = 0;
        st = newton(ws, p, o, k, 2, tk, q, lam, &r_ref, n2, rep, msg, len);
        /* the retry's stage 2 wandered on a mesh whose energy is nearly
         * flat: the trust region on the material dofs from q* (only here,
         * so that what converged before is untouched) */
        if (st == ALECABLE_ENOCONV && ws->ptc && o->globalization != ALECABLE_GLOBAL_NONE && p->dof_class) {
            int m3 = 0;
            char before[256];
            snprintf(before, sizeof before, "%s", msg);
            memcpy(q, ws->anchor, (size_t)nq * sizeof(double));
            memcpy(lam, ws->lam_star, (size_t)ws->nlam * sizeof(double));
            /* stage 1 converged: the first attempt's guess of a dof without
             * stiffness no longer explains a failure */
            ws->null_dof = -1;
            st = mesh_trust_region(ws, p, o, k, tk, q, lam, &r_ref, &m3, rep, msg, len);
            *n2 += m3;
            if (st) {
                char tr[256];
                snprintf(tr, sizeof tr, "%s", msg);
                snprintf(msg, len, "%s; then %s", before, tr);
            }
        }
        if (st && ws->released > 0.0) {
            /* OK would have meant the regularization's equilibrium, not the problem's */
            char why[512];
            snprintf(why, sizeof why, "%s", msg);
            snprintf(msg, len,
                     "step %d stage 2: the regularization held %d material lines that are only weakly held, not "
                     "dependent (its force, %.3e of the residual's scale, is no force of the problem), and Newton "
                     "without it did not converge from there (%s); more load steps, holding some material "
                     "coordinates, or options.regularization = ALECABLE_REG_NONE may help",
                     k + 1, ws->ndep, ws->released, why);
        }
        return st;
    }
    memset(ws->mask, 0, (size_t)nq * sizeof(int));
    st = newton(ws, p, o, k, 0, tk, q, lam, &r_ref, &m, rep, msg, len);
    *n1 += m;
    return st;
}

/* The stability check (alecable_quasistatic_options.stability).  The
 * tangent at the converged state, with 2 alpha on the free material
 * coordinates (the stage-1 regularization: the ALE redundancy, a node and
 * its material coordinate moving together along a flat energy, is not an
 * instability) and -delta on the constraint block, factors as L D L^T:
 * [K G^T; G -delta I] is congruent to diag(-delta I, K + G^T G / delta), so
 * its negative pivots are the m constraints' plus the negative curvatures
 * of K on the directions G allows (delta 1e-8 |G|^2 / max|K_ii|: G^T G /
 * delta dominates K across the constraints). */
#define FOLLOW_MAX 8     /* unstable equilibria left per solve */
/* a tangent with |K_ij - K_ji| above this times max|K_ii| is not checked.  An
 * ALE cable's tangent under its weight is symmetric to ~1e-7 of it only
 * (an ANCF catenary laid straight: 4e-7), and a compressed one there is a
 * saddle all the same: below this its symmetric part's inertia is read, and
 * a negative pivot still needs the residual's own curvature to confirm it.
 * (an axial ALE cable pulled into compression: 3.5e-6).  A moment about a
 * fixed axis is not conservative and makes the tangent asymmetric by more
 * (the Kirchhoff roll-up: 8e-6 to 3e-5), and there the symmetric part says
 * nothing about stability.  The two lie close: a problem that said which of
 * its terms are conservative would do better than this threshold */
#define ASYM_TOL 5e-6
/* The direction checked is the eigenvector of the most negative eigenvalue
 * rho of K_delta (Sylvester counts bracket it, inverse iteration finds it):
 * the first negative pivot's direction of 0.3's first check was dominated
 * by stiff axial components, its quotient 1e-17 to 1e-12 of max|K_ii| on
 * compressed fine ANCF meshes whose buckling modes lie at -2.5e-10 to
 * -5.7e-7 of it (truth seeds 169, 235, 856), as far below zero as the
 * Kirchhoff roll-up's circles (-1.1e-9 to -7e-11), which a magnitude cannot
 * tell apart: what does is that the roll-up's curvature comes with an
 * antisymmetric tangent of its size along the same direction (the moment
 * about a fixed axis is not conservative, SKEW_SHARE), the saddles' not
 * (0 to 1e-2 of it).  z confirms negative curvature when the residual's own
 * quotient z.K.z < -CURV_TOL max|K_ii| |z|^2 (beyond the tangent's roundoff,
 * ~1e-14 of it: the roll-up's closed circle at 80 elements) and the
 * quotients at h and 4h agree to CURV_AGREE (a curvature that is roundoff
 * changes with the step) */
#define CURV_TOL 1e-12
#define SKEW_SHARE 0.5
#define CURV_AGREE 0.1
#define FOLLOW_DOUBLINGS 40

/* The number of eigenvalues of K_delta = K + G^T G / delta (the tangent on
 * the directions the constraints allow) below sigma: the negative pivots of
 * [K - sigma I, G^T; G, -delta I] minus the constraints'.  ws->vals holds
 * the matrix at sigma = 0 before and after; its q diagonal is in ws->ev + n.
 * The factor stays for sp_ldl_solve.  -1: a zero pivot. */
static int count_below(qs_ws *ws, double sigma)
{
    int i, neg = 0, st;
    double dneg;
    for (i = 0; i < ws->nq; i++) ws->vals[ws->pat.diag[i]] = ws->ev[ws->n + i] - sigma;
    st = sp_ldl_factor(ws->ldl, ws->vals, &neg, &dneg);
    for (i = 0; i < ws->nq; i++) ws->vals[ws->pat.diag[i]] = ws->ev[ws->n + i];
    return st == SP_OK ? neg - ws->nlam : -1;
}

/* y = K_delta z: z, y with n entries, z's lambda part 0 (y's is left 0);
 * w scratch (n) */
static void apply_kdelta(const qs_ws *ws, double delta, const double *z, double *y, double *w)
{
    int i, nq = ws->nq;
    double *u = ws->ev + 4 * (size_t)ws->n;
    sp_ldl_symv(ws->ldl, ws->vals, z, y); /* (K z, G z) */
    memset(w, 0, (size_t)nq * sizeof(double));
    memcpy(w + nq, y + nq, (size_t)ws->nlam * sizeof(double));
    memset(y + nq, 0, (size_t)ws->nlam * sizeof(double));
    sp_ldl_symv(ws->ldl, ws->vals, w, u); /* G^T G z */
    for (i = 0; i < nq; i++) y[i] += u[i] / delta;
}

static double dot(const double *a, const double *b, int n)
{
    double s = 0.0;
    int i;
    for (i = 0; i < n; i++) s += a[i] * b[i];
    return s;
}

/* *ncurv: directions of negative curvature (-1: the factorization could
 * not tell, or its direction, projected on the constraints, does not
 * confirm it: roundoff on a nearly singular tangent).  On *ncurv > 0 the
 * confirmed direction is in ws->dz (q part; the rest 0). */
/* against . J along, the residual's derivative along `along` read on
 * `against` by central differences of step h (ws->dz the direction) */
static int residual_derivative(qs_ws *ws, const alecable_problem *p, double t, const double *q, const double *lam,
                               const double *along, const double *against, double h, double *out)
{
    double sp, sm;
    memset(ws->dz, 0, (size_t)ws->n * sizeof(double));
    memcpy(ws->dz, along, (size_t)ws->nq * sizeof(double));
    if (trial(ws, p, 0, t, q, lam, h)) return -1;
    sp = slope(ws, ws->rt, ws->zt, against, 0);
    if (trial(ws, p, 0, t, q, lam, -h)) return -1;
    sm = slope(ws, ws->rt, ws->zt, against, 0);
    *out = (sp - sm) / (2.0 * h);
    return 0;
}

/* ws->held: the q dofs that a constraint row with a single q entry holds, and
 * those rows.  Every direction the constraints allow leaves them still, so
 * the tangent's asymmetry there tells nothing of the curvature (a fixed
 * wheel's turn under its wrap's reaction: its body terms are derivatives
 * along R exp(dpsi^), asymmetric by the moment the fix takes up) */
static void mark_held(qs_ws *ws)
{
    int i, j, k, nq = ws->nq, cnt, dof;
    memset(ws->held, 0, (size_t)ws->n);
    for (j = nq; j < ws->n; j++) {
        for (cnt = 0, dof = -1, k = ws->pat.colptr[j]; k < ws->pat.colptr[j + 1]; k++) {
            i = ws->pat.rowidx[k];
            if (i < nq && ws->vals[k] != 0.0) {
                cnt++;
                dof = i;
            }
        }
        if (cnt == 1) ws->held[dof] = ws->held[j] = 1;
    }
}

static int inertia(qs_ws *ws, const alecable_problem *p, const alecable_quasistatic_options *o, double t,
                   const double *q, const double *lam, int *ncurv, char *msg, size_t len, int step)
{
    int i, j, k, neg = 0, st, nq = ws->nq, lo, hi, cnt;
    double d = 0.0, g = 0.0, delta, dneg, h, sp, sm, z2 = 0.0, c, c4, rho, skew, zn;
    double *x = ws->ev, *y = ws->ev + 2 * (size_t)ws->n, *w = ws->ev + 3 * (size_t)ws->n;
    *ncurv = -1;
    if ((st = eval_jacobian(ws, p, step, 0, 0, t, q, lam, msg, len))) return st;
    for (j = 0; j < ws->n; j++)
        for (k = ws->pat.colptr[j]; k < ws->pat.colptr[j + 1]; k++) {
            i = ws->pat.rowidx[k];
            if (i < nq && i == j && fabs(ws->vals[k]) > d) d = fabs(ws->vals[k]);
            if ((i < nq) != (j < nq) && fabs(ws->vals[k]) > g) g = fabs(ws->vals[k]);
        }
    if (!(d > 0.0)) d = 1.0;
    /* a tangent that is not symmetric is not the Hessian of an energy
     * (follower and fixed-axis moments, friction): its curvature says
     * nothing about stability */
    mark_held(ws);
    if (sp_ldl_asymmetry(ws->ldl, ws->vals, ws->held) > ASYM_TOL * d) return ALECABLE_OK;
    delta = g > 0.0 ? 1e-8 * g * g / d : 1.0;
    for (i = 0; i < ws->n; i++) {
        if (i >= nq) ws->vals[ws->pat.diag[i]] -= delta;
        else if (p->dof_class && p->dof_class[i] == ALECABLE_PROBLEM_DOF_MATERIAL)
            ws->vals[ws->pat.diag[i]] += 2.0 * o->alpha;
    }
    st = sp_ldl_factor(ws->ldl, ws->vals, &neg, &dneg);
    if (st != SP_OK) {
        /* a zero pivot: K is singular, or a dof of zero stiffness came before the constraint
         * that stiffens it (a body's turn that only its joint holds).  K + CURV_TOL d I is
         * quasi-definite along such a dof; a curvature above -CURV_TOL d is none the check
         * could confirm anyway */
        for (i = 0; i < nq; i++) ws->vals[ws->pat.diag[i]] += CURV_TOL * d;
        st = sp_ldl_factor(ws->ldl, ws->vals, &neg, &dneg);
    }
    if (st != SP_OK) return ALECABLE_OK; /* a zero pivot: the inertia is unknown */
    if (neg - ws->nlam <= 0) {
        *ncurv = 0;
        return ALECABLE_OK;
    }
    for (i = 0; i < nq; i++) ws->ev[ws->n + i] = ws->vals[ws->pat.diag[i]];
    /* the most negative eigenvalue of K_delta, within a factor 2 by
     * Sylvester counts: none below -d 2^hi, some below -d 2^lo */
    lo = -64;
    hi = 8;
    while (hi - lo > 1) {
        int mid = (lo + hi) / 2;
        if ((cnt = count_below(ws, -ldexp(d, mid))) < 0) return ALECABLE_OK;
        if (cnt > 0) lo = mid;
        else hi = mid;
    }
    /* its eigenvector by inverse iteration on K_delta + d 2^hi (positive
     * definite: no eigenvalue below -d 2^hi), from a fixed scattered start */
    if (count_below(ws, -ldexp(d, hi)) != 0) return ALECABLE_OK;
    {
        unsigned long r = 12345u;
        for (i = 0; i < nq; i++) {
            r = r * 1103515245u + 12345u;
            x[i] = (double)((r >> 8) & 0xffff) / 65536.0 - 0.5;
        }
    }
    for (k = 0; k < 20; k++) {
        for (i = nq; i < ws->n; i++) x[i] = 0.0;
        sp_ldl_solve(ws->ldl, x);
        zn = norm_inf(x, nq);
        if (!(zn > 0.0) || !isfinite(zn)) return ALECABLE_OK;
        for (i = 0; i < nq; i++) x[i] /= zn;
    }
    for (i = nq; i < ws->n; i++) x[i] = 0.0;
    apply_kdelta(ws, delta, x, y, w);
    zn = dot(x, x, nq);
    rho = dot(x, y, nq) / zn;
    sp_ldl_skewv(ws->ldl, ws->vals, x, w);
    skew = sqrt(dot(w, w, nq) / zn);
    if (!(rho < 0.0)) return ALECABLE_OK;
    /* a curvature that the tangent's antisymmetric part matches along its
     * direction is a non-conservative load's (a moment about a fixed axis:
     * the Kirchhoff roll-up's circles, |K_a z| 1.4 to 8 times |rho| |z|):
     * the symmetric part's sign says nothing there.  Below |rho| / 2, the
     * tangent itself has an eigenvalue within |K_a z| / |z| of rho, so its
     * real part is negative too.  The Jacobian's antisymmetry counts as far
     * as the residual's own shows it: w.J z - z.J w for w = K_a z, by the
     * residual's differences (a Jacobian asymmetric by itself, not its
     * residual, still has an energy's curvature; the roll-up's residual
     * shows all of its Jacobian's, truth seed 571's 74 |rho| of 87: a point
     * load at a free-s mesh node works on its s, with no potential) */
    if (skew > SKEW_SHARE * -rho) {
        double as = dot(w, w, nq), wn = norm_inf(w, nq), wjz, zjw;
        if (!(wn > 0.0) || !isfinite(as)) return ALECABLE_OK;
        for (i = 0; i < nq; i++) w[i] /= wn;
        as /= wn; /* w.K_a z */
        h = 1e-6 * (1.0 + norm_inf(q, nq));
        if (residual_derivative(ws, p, t, q, lam, x, w, h, &wjz) ||
            residual_derivative(ws, p, t, q, lam, w, x, h, &zjw))
            return ALECABLE_OK;
        if (!(fabs(0.5 * (wjz - zjw)) / as * skew <= SKEW_SHARE * -rho)) return ALECABLE_OK;
    }
    memcpy(ws->rt, x, (size_t)nq * sizeof(double));
    /* its q part projected on the directions the constraints allow (to
     * first order): [I G^T; G 0] (z, mu) = (x, 0), the identity scaled
     * like G */
    if (ws->nlam > 0) {
        for (j = 0; j < ws->n; j++)
            for (k = ws->pat.colptr[j]; k < ws->pat.colptr[j + 1]; k++) {
                i = ws->pat.rowidx[k];
                if (i >= nq && j >= nq) ws->vals[k] = 0.0;
                else if (i < nq && j < nq) ws->vals[k] = i == j ? g : 0.0;
            }
        for (i = nq; i < ws->n; i++) ws->rt[i] = 0.0;
        for (i = 0; i < nq; i++) ws->rt[i] *= g;
        if (sp_solver_factor(ws->lin, ws->vals) != SP_OK || sp_solver_solve(ws->lin, ws->rt, ws->dz))
            return ALECABLE_OK;
    } else {
        memcpy(ws->dz, ws->rt, (size_t)nq * sizeof(double));
    }
    for (i = nq; i < ws->n; i++) ws->dz[i] = 0.0;
    c = norm_inf(ws->dz, nq);
    if (!(c > 0.0) || !isfinite(c)) return ALECABLE_OK;
    for (i = 0; i < nq; i++) {
        ws->dz[i] /= c;
        z2 += ws->dz[i] * ws->dz[i];
    }
    /* z.K.z by central differences of the slope r_q . z (the symmetric
     * part; the problem has residuals only), the regularization added */
    h = 1e-6 * (1.0 + norm_inf(q, nq));
    if (trial(ws, p, 0, t, q, lam, h)) return ALECABLE_OK;
    sp = slope(ws, ws->rt, ws->zt, ws->dz, 0);
    if (trial(ws, p, 0, t, q, lam, -h)) return ALECABLE_OK;
    sm = slope(ws, ws->rt, ws->zt, ws->dz, 0);
    c = (sp - sm) / (2.0 * h);
    /* the same at 4h: a curvature that is roundoff changes with the step,
     * a real one (a fine mesh's bending, far below its axial stiffness d)
     * does not */
    if (trial(ws, p, 0, t, q, lam, 4.0 * h)) return ALECABLE_OK;
    sp = slope(ws, ws->rt, ws->zt, ws->dz, 0);
    if (trial(ws, p, 0, t, q, lam, -4.0 * h)) return ALECABLE_OK;
    sm = slope(ws, ws->rt, ws->zt, ws->dz, 0);
    c4 = (sp - sm) / (8.0 * h);
    if (p->dof_class)
        for (i = 0; i < nq; i++)
            if (p->dof_class[i] == ALECABLE_PROBLEM_DOF_MATERIAL) {
                c += 2.0 * o->alpha * ws->dz[i] * ws->dz[i];
                c4 += 2.0 * o->alpha * ws->dz[i] * ws->dz[i];
            }
    if (c < -CURV_TOL * d * z2 && fabs(c - c4) <= CURV_AGREE * -c) *ncurv = neg - ws->nlam;
    return ALECABLE_OK;
}

/* Leaves an unstable equilibrium along ws->dz (unit max-norm) to where
 * the energy stops falling along it: the slope s(a) = r_q(q + a dz) . dz,
 * 0 at a = 0 and negative beyond, doubled from a small a until it turns
 * up.  q, lam become that point; ALECABLE_ENOCONV when the energy does not
 * fall along dz. */
static int descend(qs_ws *ws, const alecable_problem *p, double t, double *q, double *lam)
{
    int i, k, nq = ws->nq, st;
    double big = norm_inf(ws->dz, nq), a, a_ok = 0.0, a_max = 1.0;
    if (!(big > 0.0)) return ALECABLE_ENOCONV;
    for (i = 0; i < nq; i++) ws->dz[i] /= big;
    a = 1e-6 * (1.0 + norm_inf(q, nq));
    for (k = 0; k < FOLLOW_DOUBLINGS; k++, a *= 2.0) {
        double s;
        if (p->step_limit && !p->step_limit(p->ctx, q, ws->dz, &a_max) && a > a_max) break;
        st = trial(ws, p, 0, t, q, lam, a);
        if (st) break;
        s = slope(ws, ws->rt, ws->zt, ws->dz, 0);
        if (!(s < 0.0)) break;
        a_ok = a;
    }
    if (!(a_ok > 0.0)) return ALECABLE_ENOCONV;
    if ((st = trial(ws, p, 0, t, q, lam, a_ok))) return st;
    memcpy(q, ws->zt, (size_t)nq * sizeof(double));
    return ALECABLE_OK;
}

/* After the last load step k converged at (q, lam): stable, or (FOLLOW) left along
 * negative curvature and solved again until it is; ALECABLE_EUNSTABLE
 * otherwise. */
static int check_stability(qs_ws *ws, const alecable_problem *p, const alecable_quasistatic_options *o, int k,
                           double tk, int n_free, double *q, double *lam, int *n1, int *n2,
                           alecable_solve_report *rep, char *msg, size_t len)
{
    int follow, st, ncurv = 0;
    alecable_quasistatic_options glob = *o;
    glob.globalization = ALECABLE_GLOBAL_PTC;
    for (follow = 0;; follow++) {
        int m1 = 0, m2 = 0;
        if ((st = inertia(ws, p, o, tk, q, lam, &ncurv, msg, len, k))) return st;
        rep->negative_curvatures = ncurv > 0 ? ncurv : 0;
        if (ncurv <= 0) {
            rep->stability = ncurv == 0 ? ALECABLE_EQUILIBRIUM_STABLE : ALECABLE_EQUILIBRIUM_UNCHECKED;
            return ALECABLE_OK;
        }
        rep->stability = ALECABLE_EQUILIBRIUM_UNSTABLE;
        if (o->stability == ALECABLE_STABILITY_CHECK) {
            snprintf(msg, len,
                     "step %d (load factor %.6g): the equilibrium found is unstable (%d direction%s of negative "
                     "curvature the constraints allow); with options.stability = FOLLOW the solver leaves it, "
                     "or try more load steps or a start nearer the expected shape",
                     k + 1, tk, ncurv, ncurv > 1 ? "s" : "");
            return ALECABLE_EUNSTABLE;
        }
        if (follow == FOLLOW_MAX || descend(ws, p, tk, q, lam)) break;
        rep->unstable_followed++;
        ws->ptc = 1;
        /* away from the saddle only a descending Newton leads on: the
         * line search even where options.globalization = NONE */
        st = solve_step(ws, p, o->globalization == ALECABLE_GLOBAL_NONE ? &glob : o, k, tk, n_free, 0, q, lam, &m1,
                        &m2, rep, msg, len);
        *n1 += m1;
        *n2 += m2;
        if (st) {
            char why[200];
            snprintf(why, sizeof why, "%s", msg);
            snprintf(msg, len,
                     "step %d (load factor %.6g): the equilibrium found is unstable (%d direction%s of negative "
                     "curvature the constraints allow); solving again from along the most negative one failed: %s",
                     k + 1, tk, ncurv, ncurv > 1 ? "s" : "", why);
            return st == ALECABLE_ENOCONV || st == ALECABLE_ESINGULAR || st == ALECABLE_ENAN ? ALECABLE_EUNSTABLE
                                                                                              : st;
        }
    }
    snprintf(msg, len,
             "step %d (load factor %.6g): the equilibrium found is unstable (%d direction%s of negative curvature "
             "the constraints allow) and %s; try more load steps or a start nearer the expected shape",
             k + 1, tk, ncurv, ncurv > 1 ? "s" : "",
             follow == FOLLOW_MAX ? "leaving it 8 times did not find a stable one"
                                  : "the energy does not fall along its direction of negative curvature");
    return ALECABLE_EUNSTABLE;
}

static int retryable(int st) { return st == ALECABLE_ENOCONV || st == ALECABLE_ESINGULAR || st == ALECABLE_ENAN; }

/* One attempt at load factor tk from (q, lam), the history in force that of
 * the last commit (ws->hist_prev): Newton, and with globalization AUTO
 * again from the same start with the shift and the line search on every
 * iteration and, where the mesh has free material coordinates, the
 * material held until the cable has found its shape (a mesh that moves
 * first slides along the flat directions of a cable far from its shape). */
static int attempt(qs_ws *ws, const alecable_problem *p, const alecable_quasistatic_options *o, int k, double tk,
                   int n_free, double *q, double *lam, int *n1, int *n2, alecable_solve_report *rep, char *msg,
                   size_t len)
{
    int st, m1 = 0, m2 = 0, nq = ws->nq;
    memcpy(ws->q_sub, q, (size_t)nq * sizeof(double));
    memcpy(ws->lam_sub, lam, (size_t)ws->nlam * sizeof(double));
    ws->ptc = o->globalization == ALECABLE_GLOBAL_PTC;
    st = solve_step(ws, p, o, k, tk, n_free, 0, q, lam, &m1, &m2, rep, msg, len);
    *n1 += m1;
    *n2 += m2;
    if (o->globalization == ALECABLE_GLOBAL_AUTO && retryable(st)) {
        char first[256];
        snprintf(first, sizeof first, "%s", msg);
        ws->ptc = 1;
        memcpy(q, ws->q_sub, (size_t)nq * sizeof(double));
        memcpy(lam, ws->lam_sub, (size_t)ws->nlam * sizeof(double));
        m1 = m2 = 0;
        if (ws->nhist > 0 && (st = p->history_set(p->ctx, ws->hist_prev)))
            snprintf(msg, len, "the problem's history_set failed (%s)", alecable_strerror(st));
        else
            st = solve_step(ws, p, o, k, tk, n_free, n_free > 0, q, lam, &m1, &m2, rep, msg, len);
        *n1 += m1;
        *n2 += m2;
        /* the step's own retry ran out of iterations on its way down:
         * where it got to, for go_on() once everything else failed */
        if (ws->go_save && st == ALECABLE_ENOCONV && n_free == 0 && ws->capped && ws->cap_r1 < ws->cap_r0) {
            memcpy(ws->q_go, q, (size_t)nq * sizeof(double));
            memcpy(ws->lam_go, lam, (size_t)ws->nlam * sizeof(double));
            ws->go_r0 = ws->cap_r0;
            ws->go_valid = 1;
        }
        if (st) { /* both attempts' reasons */
            char again[256];
            snprintf(again, sizeof again, "%s", msg);
            snprintf(msg, len, "%s; again with the shift and line search: %s", first, again);
        }
    }
    return st;
}

/* A load step from ta to tk that failed, cut (globalization AUTO): from
 * the step's start in sub-steps, halved after a failure (down to
 * 2^-CUT_DEPTH of the step) and doubled after a success, each converged
 * sub-step but the last committed like a load step (the problem's history
 * advances).  On success (q, lam) solve tk, uncommitted; on failure the
 * caller puts the step's start back, history included (ws->hist_step). */
#define CUT_DEPTH 4
#define NEAR_MISS 1e-4 /* a failure whose scaled residual ended below this says so first */
static int cut_step(qs_ws *ws, const alecable_problem *p, const alecable_quasistatic_options *o, int k, double ta,
                    double tk, int n_free, double *q, double *lam, int *n1, int *n2, alecable_solve_report *rep,
                    char *msg, size_t len)
{
    int st = ALECABLE_OK, nq = ws->nq, cuts = 0, failed = ALECABLE_ENOCONV;
    double tc = ta, dt = 0.5 * (tk - ta), dt_min = ldexp(tk - ta, -CUT_DEPTH);
    char first[256];
    snprintf(first, sizeof first, "%s", msg);
    if (tk == ta) return failed; /* a step of zero length (t0 = t1) has no sub-steps: its failure stands */
    memcpy(q, ws->q_prev, (size_t)nq * sizeof(double));
    memcpy(lam, ws->lam_prev, (size_t)ws->nlam * sizeof(double));
    if (ws->nhist > 0 && (st = p->history_set(p->ctx, ws->hist_prev))) {
        snprintf(msg, len, "the problem's history_set failed (%s)", alecable_strerror(st));
        return st;
    }
    while (tc != tk) {
        double tt = fabs(tk - tc) <= fabs(dt) * (1.0 + 1e-9) ? tk : tc + dt;
        st = attempt(ws, p, o, k, tt, n_free, q, lam, n1, n2, rep, msg, len);
        if (!st && tt != tk && ws->nhist > 0 && (st = commit_history(ws, p, tt, q, lam, msg, len))) return st;
        if (!st) {
            tc = tt;
            cuts++;
            dt *= 2.0;
            continue;
        }
        if (!retryable(st)) return st;
        failed = st;
        memcpy(q, ws->q_sub, (size_t)nq * sizeof(double));
        memcpy(lam, ws->lam_sub, (size_t)ws->nlam * sizeof(double));
        if (ws->nhist > 0 && (st = p->history_set(p->ctx, ws->hist_prev))) {
            snprintf(msg, len, "the problem's history_set failed (%s)", alecable_strerror(st));
            return st;
        }
        dt *= 0.5;
        if (fabs(dt) < fabs(dt_min) * (1.0 - 1e-9)) {
            char last[256];
            snprintf(last, sizeof last, "%s", msg);
            snprintf(msg, len,
                     "load step %d (load factor %.6g to %.6g): Newton, the shifted Newton with the line search and "
                     "sub-steps down to 1/%d of the step all failed; more load steps or a start nearer the "
                     "equilibrium may help. The last sub-step, from load factor %.6g towards %.6g: %s; the first "
                     "attempt: %s",
                     k + 1, ta, tk, 1 << CUT_DEPTH, tc, tc + 2.0 * dt, last, first);
            return failed;
        }
    }
    rep->steps_cut += cuts - 1;
    return ALECABLE_OK;
}

/* A load step k from ta to tk that failed every way (attempt, cut_step)
 * from a start that is itself an unstable equilibrium, such as a straight
 * cable laid compressed between its supports: with options.stability =
 * FOLLOW the start is left along its most negative curvature to where the
 * energy stops falling, and the step tried again from there (a compressed
 * strut under a small load has no equilibrium near its straight shape: the
 * nearest one is buckled, the way check_stability leaves a saddle).  On
 * failure the step's start is what it was (ws->q_prev), st_in and msg
 * tell why, the start's instability named. */
static int leave_unstable_start(qs_ws *ws, const alecable_problem *p, const alecable_quasistatic_options *o, int k,
                                double ta, double tk, int n_free, int st_in, double *q, double *lam, int *n1, int *n2,
                                alecable_solve_report *rep, char *msg, size_t len)
{
    int st, ncurv = 0, nq = ws->nq;
    char why[512], dummy[8];
    snprintf(why, sizeof why, "%s", msg);
    memcpy(q, ws->q_prev, (size_t)nq * sizeof(double));
    memcpy(lam, ws->lam_prev, (size_t)ws->nlam * sizeof(double));
    /* the failed attempts left the start's history in force (only commits move it) */
    if (inertia(ws, p, o, ta, q, lam, &ncurv, dummy, sizeof dummy, k) || ncurv <= 0) {
        snprintf(msg, len, "%s", why);
        return st_in;
    }
    if (ws->nhist > 0 && p->history_set(p->ctx, ws->hist_prev)) return st_in;
    if (descend(ws, p, ta, q, lam)) {
        snprintf(msg, len,
                 "%s; the step's start (load factor %.6g) is an unstable equilibrium (%d direction%s of negative "
                 "curvature: a compressed cable?) and the energy does not fall along the most negative one: start "
                 "from a shape nearer the equilibrium (a sagged one)",
                 why, ta, ncurv, ncurv > 1 ? "s" : "");
        return st_in;
    }
    memcpy(ws->q_hold, ws->q_prev, (size_t)nq * sizeof(double));
    memcpy(ws->lam_hold, ws->lam_prev, (size_t)ws->nlam * sizeof(double));
    memcpy(ws->q_prev, q, (size_t)nq * sizeof(double));
    memcpy(ws->lam_prev, lam, (size_t)ws->nlam * sizeof(double));
    st = attempt(ws, p, o, k, tk, n_free, q, lam, n1, n2, rep, msg, len);
    if (retryable(st) && ws->null_dof < 0) st = cut_step(ws, p, o, k, ta, tk, n_free, q, lam, n1, n2, rep, msg, len);
    memcpy(ws->q_prev, ws->q_hold, (size_t)nq * sizeof(double));
    memcpy(ws->lam_prev, ws->lam_hold, (size_t)ws->nlam * sizeof(double));
    if (!st) {
        rep->unstable_followed++;
        return ALECABLE_OK;
    }
    if (retryable(st)) {
        char again[256];
        snprintf(again, sizeof again, "%s", msg);
        snprintf(msg, len,
                 "load step %d: its start (load factor %.6g) is an unstable equilibrium (%d direction%s of negative "
                 "curvature: a compressed cable?), and neither it nor a start moved along the most negative one "
                 "reached an equilibrium: start from a shape nearer the equilibrium (a sagged one). From the start: "
                 "%.200s; from the moved one: %s",
                 k + 1, ta, ncurv, ncurv > 1 ? "s" : "", why, again);
    }
    return st;
}

/* A load step that failed every way, on a problem without history (whose
 * equilibrium does not depend on the path): the last load factor tried
 * directly from the step's start.  A slack cable's shape is set by its
 * length and supports, not by the load: at a small load factor lambda the
 * same change of shape meets the axial stiffness EA against a tension of
 * only lambda w L, a stiffer problem for Newton than the full load's, so
 * load steps can fail where one step converges (issue 26: 110 m on a 94.3 m
 * chord).  On failure q, lam are the step's start and msg is unchanged. */
static int jump_to_last(qs_ws *ws, const alecable_problem *p, const alecable_quasistatic_options *o, int k, double ta,
                        double t1, int n_free, double *q, double *lam, int *n1, int *n2, alecable_solve_report *rep,
                        char *msg, size_t len)
{
    char why[1024];
    int st;
    snprintf(why, sizeof why, "%s", msg);
    memcpy(q, ws->q_prev, (size_t)ws->nq * sizeof(double));
    memcpy(lam, ws->lam_prev, (size_t)ws->nlam * sizeof(double));
    st = attempt(ws, p, o, k, t1, n_free, q, lam, n1, n2, rep, msg, len);
    if (retryable(st) && ws->null_dof < 0) st = cut_step(ws, p, o, k, ta, t1, n_free, q, lam, n1, n2, rep, msg, len);
    if (retryable(st) && o->stability == ALECABLE_STABILITY_FOLLOW && ws->ldl)
        st = leave_unstable_start(ws, p, o, k, ta, t1, n_free, st, q, lam, n1, n2, rep, msg, len);
    if (st) {
        memcpy(q, ws->q_prev, (size_t)ws->nq * sizeof(double));
        memcpy(lam, ws->lam_prev, (size_t)ws->nlam * sizeof(double));
        snprintf(msg, len, "%s", why);
    }
    return st;
}

/* A load step that failed every way (attempt, cut_step, ...), whose
 * retry (the shift and the line search on the energy on every iteration)
 * ran out of iterations on its way down, its residual lower than at its
 * start: Newton goes on from where that retry got to, up to CONTINUE_MAX
 * more times.  A penalty contact (the seabed: k h far above the cable's
 * T / h) lifts the line off by a fraction of an element per iteration (two
 * Gauss points net, with a zig-zag of six, on a line laid slack with 10 m
 * too much on the bottom: about 70 iterations at 200 elements), and cut
 * steps creep no faster.  Last of the fallbacks, so that what converged
 * before is untouched (going on at once from the retry's or from plain
 * Newton's last iterate reached other equilibria: a compressed start's
 * without leaving it, a folded line the stability check refused); only
 * plain Newton (no free material coordinates, whose two stages restart
 * from their anchors) and a problem without history (the state path does
 * not matter).  On failure q, lam are the step's start and msg is
 * unchanged; ws->crept says what happened. */
#define CONTINUE_MAX 3
static int go_on(qs_ws *ws, const alecable_problem *p, const alecable_quasistatic_options *o, int k, double tk,
                 int n_free, double *q, double *lam, int *n1, int *n2, alecable_solve_report *rep, char *msg,
                 size_t len)
{
    char why[1024];
    int c, st = ALECABLE_ENOCONV;
    snprintf(why, sizeof why, "%s", msg);
    memcpy(q, ws->q_go, (size_t)ws->nq * sizeof(double));
    memcpy(lam, ws->lam_go, (size_t)ws->nlam * sizeof(double));
    ws->ptc = 1;
    ws->capped = 1;
    ws->cap_r1 = 0.0;
    for (c = 1; c <= CONTINUE_MAX && st == ALECABLE_ENOCONV && ws->capped && ws->cap_r1 < ws->go_r0; c++)
        st = solve_step(ws, p, o, k, tk, n_free, 0, q, lam, n1, n2, rep, msg, len);
    if (st) {
        memcpy(q, ws->q_prev, (size_t)ws->nq * sizeof(double));
        memcpy(lam, ws->lam_prev, (size_t)ws->nlam * sizeof(double));
        snprintf(msg, len, "%s", why);
        if (st == ALECABLE_ENOCONV) {
            ws->crept = c;
            ws->crept_r1 = ws->cap_r1;
        }
        return st;
    }
    return ALECABLE_OK;
}

int qs_solve(qs_ws *ws, const alecable_problem *p, const alecable_quasistatic_options *opt, double *q, double *lam,
             double *t, alecable_solve_report *rep, char *msg, size_t len)
{
    alecable_quasistatic_options eff = *opt;
    const alecable_quasistatic_options *o = &eff;
    int k, i, st = ALECABLE_OK, nq = ws->nq, steps = o->load_steps, n_free = 0;
    double t_done = *t;
    large_mesh(ws, &eff);
    rep->steps_requested = steps;
    if (ensure_history(ws, steps, o->max_iterations)) {
        snprintf(msg, len, "out of memory for the solver workspace");
        rep->status = ALECABLE_ENOMEM;
        return ALECABLE_ENOMEM;
    }
    /* a mesh without free material coordinates has nothing to regularize */
    for (i = 0; i < nq; i++)
        if (p->dof_class && p->dof_class[i] == ALECABLE_PROBLEM_DOF_MATERIAL) n_free++;
    if ((st = ensure_solvers(ws, o, n_free, msg, len))) {
        rep->status = st;
        return st;
    }
    memset(ws->it1, 0, (size_t)steps * sizeof(int));
    memset(ws->it2, 0, (size_t)steps * sizeof(int));
    memset(ws->hdep_n, 0, (size_t)steps * sizeof(int));
    memset(ws->nres, 0, (size_t)steps * 2 * sizeof(int));
    ws->steps_done = 0;
    ws->marked = 0;
    ws->alloc_after_first = 0;
    ws->shifted = ws->damped = 0;
    ws->max_shift = 0.0;
    ws->jmax0 = 0.0;
    ws->null_dof = -1;
    /* the history of the start: what a failed commit goes back to */
    if (ws->nhist > 0 && (st = p->history_get(p->ctx, ws->hist_prev))) {
        snprintf(msg, len, "the problem's history_get failed (%s)", alecable_strerror(st));
        rep->status = st;
        return st;
    }
    for (k = 0; k < steps; k++) {
        double tk = o->t0 + (o->t1 - o->t0) * (double)(k + 1) / (double)steps;
        int n1 = 0, n2 = 0;
        memcpy(ws->q_prev, q, (size_t)nq * sizeof(double));
        memcpy(ws->lam_prev, lam, (size_t)ws->nlam * sizeof(double));
        if (ws->nhist > 0) memcpy(ws->hist_step, ws->hist_prev, (size_t)ws->nhist * sizeof(double));
        ws->crept = 0;
        ws->go_valid = 0;
        ws->go_save = 1;
        st = attempt(ws, p, o, k, tk, n_free, q, lam, &n1, &n2, rep, msg, len);
        ws->go_save = 0;
        /* still failing: the step cut into sub-steps */
        if (o->globalization == ALECABLE_GLOBAL_AUTO && (st == ALECABLE_ENOCONV || st == ALECABLE_ESINGULAR) &&
            ws->null_dof < 0)
            st = cut_step(ws, p, o, k, t_done, tk, n_free, q, lam, &n1, &n2, rep, msg, len);
        if (o->globalization == ALECABLE_GLOBAL_AUTO && o->stability == ALECABLE_STABILITY_FOLLOW && retryable(st) &&
            ws->ldl)
            st = leave_unstable_start(ws, p, o, k, t_done, tk, n_free, st, q, lam, &n1, &n2, rep, msg, len);
        if (o->globalization == ALECABLE_GLOBAL_AUTO && retryable(st) && ws->nhist == 0 && k < steps - 1 &&
            jump_to_last(ws, p, o, k, t_done, o->t1, n_free, q, lam, &n1, &n2, rep, msg, len) == ALECABLE_OK) {
            st = ALECABLE_OK;
            for (; k < steps - 1; k++) ws->it1[k] = ws->it2[k] = 0;
            tk = o->t1;
        }
        if (o->globalization == ALECABLE_GLOBAL_AUTO && retryable(st) && ws->nhist == 0 && ws->go_valid) {
            int m1 = 0, m2 = 0, sg = go_on(ws, p, o, k, tk, n_free, q, lam, &m1, &m2, rep, msg, len);
            n1 += m1;
            n2 += m2;
            if (!sg) st = ALECABLE_OK;
        }
        if (!st && k == steps - 1 && o->stability != ALECABLE_STABILITY_OFF)
            st = check_stability(ws, p, o, k, tk, n_free, q, lam, &n1, &n2, rep, msg, len);
        /* beside the stability check, a part of it: a state the problem's
         * owner knows to be no stable equilibrium of the real thing (a model:
         * a string in compression, unstable to every move off its line that
         * the discrete tangent does not see, such as a fold a seabed holds)
         * is not OK, and the step fails like any other (the last converged
         * state comes back).  With stability = OFF the caller asked for no
         * judgement (0.2's contract: OFF returns a saddle, UNCHECKED) */
        if (!st && k == steps - 1 && ws->accept && o->stability != ALECABLE_STABILITY_OFF) {
            mark_held(ws); /* the dofs that fixes hold, from the last tangent's constraint columns */
            if ((st = ws->accept(ws->accept_ctx, q, ws->held, msg, len)) == ALECABLE_EUNSTABLE)
                rep->stability = ALECABLE_EQUILIBRIUM_UNSTABLE;
        }
        ws->it1[k] = n1;
        ws->it2[k] = n2;
        rep->iterations_stage1 += n1;
        rep->iterations_stage2 += n2;
        if (!st && ws->nhist > 0) st = commit_history(ws, p, tk, q, lam, msg, len);
        if (st == ALECABLE_ENOCONV && rep->scaled_residual > o->tol_residual && rep->scaled_residual < NEAR_MISS) {
            /* so close that the tolerance, not the way there, is at stake */
            char why[512];
            snprintf(why, sizeof why, "%s", msg);
            snprintf(msg, len,
                     "no convergence to options.tol_residual = %.1e, the residual ended at %.1e of its scale "
                     "(loosen tol_residual%s): %s",
                     o->tol_residual, rep->scaled_residual,
                     n_free > 0 ? ", or hold some material coordinates: a mesh with every s free may not allow it"
                                : "",
                     why);
        }
        if (retryable(st) && ws->crept > 0) {
            char why[512];
            snprintf(why, sizeof why, "%s", msg);
            snprintf(msg, len,
                     "load step %d: Newton ran out of its %d iterations %d times in a row while its residual kept "
                     "falling (||r|| from %.3e to %.3e): a penalty contact (the seabed) whose active set creeps by "
                     "a fraction of an element per iteration from a start with too much of the line on the bottom? "
                     "more options.max_iterations or a start nearer the equilibrium may help; %s",
                     k + 1, o->max_iterations, ws->crept, ws->go_r0, ws->crept_r1, why);
        }
        if (st) {
            /* no step is half-applied (nor its committed sub-steps) */
            memcpy(q, ws->q_prev, (size_t)nq * sizeof(double));
            memcpy(lam, ws->lam_prev, (size_t)ws->nlam * sizeof(double));
            if (ws->nhist > 0 && memcmp(ws->hist_step, ws->hist_prev, (size_t)ws->nhist * sizeof(double))) {
                memcpy(ws->hist_prev, ws->hist_step, (size_t)ws->nhist * sizeof(double));
                p->history_set(p->ctx, ws->hist_prev);
            }
            ws->steps_done = k + 1; /* keep the failed step's history readable */
            break;
        }
        t_done = tk;
        rep->steps_completed = k + 1;
        ws->steps_done = k + 1;
    }
    if (ws->steps_done > 0) {
        rep->avg_iterations_stage1 = (double)rep->iterations_stage1 / ws->steps_done;
        rep->avg_iterations_stage2 = (double)rep->iterations_stage2 / ws->steps_done;
    }
    rep->load_factor = t_done;
    rep->shifted_iterations = ws->shifted;
    rep->damped_iterations = ws->damped;
    rep->max_shift = ws->max_shift;
    rep->status = st;
    *t = t_done;
    if (ws->large) release_factors(ws);
    return st;
}

void qs_set_accept(qs_ws *ws,
                   int (*accept)(const void *ctx, const double *q, const unsigned char *held, char *msg, size_t len),
                   const void *ctx)
{
    ws->accept = accept;
    ws->accept_ctx = ctx;
}

int qs_null_dof(const qs_ws *ws) { return ws->null_dof; }

int qs_step_info(const qs_ws *ws, int step, int *it1, int *it2, int *ndep)
{
    if (step < 0 || step >= ws->steps_done) return ALECABLE_ERANGE;
    if (it1) *it1 = ws->it1[step];
    if (it2) *it2 = ws->it2[step];
    if (ndep) *ndep = ws->hdep_n[step];
    return ALECABLE_OK;
}

int qs_residuals(const qs_ws *ws, int step, int stage, const double **values, int *count)
{
    if (step < 0 || step >= ws->steps_done || stage < 1 || stage > 2) return ALECABLE_ERANGE;
    *values = ws->res + ((size_t)step * 2 + (size_t)(stage - 1)) * (size_t)(ws->hist_iter + 1);
    *count = ws->nres[step * 2 + stage - 1];
    return ALECABLE_OK;
}

int qs_dependent(const qs_ws *ws, int step, const int **lines, int *count)
{
    if (step < 0 || step >= ws->steps_done) return ALECABLE_ERANGE;
    *lines = ws->hdep + (size_t)step * DEP_CAP;
    *count = ws->hdep_n[step] < DEP_CAP ? ws->hdep_n[step] : DEP_CAP;
    return ALECABLE_OK;
}

size_t qs_allocs_after_first_iteration(const qs_ws *ws) { return ws->alloc_after_first; }

ALECABLE_API int alecable_problem_solve_quasistatic(const alecable_problem *p, const alecable_quasistatic_options *o,
                                                    const alecable_allocator *allocator, double *q, double *lambda,
                                                    alecable_solve_report *report)
{
    ac_alloc al;
    alecable_quasistatic_options opt;
    alecable_solve_report rep;
    alecable_problem full;
    qs_ws *ws = NULL;
    double t = 0.0, lam_dummy = 0.0;
    char msg[256];
    int st;
    if (!p || !q) return ALECABLE_ENULL;
    if (problem_normalize(p, &full)) return ALECABLE_EINVAL;
    p = &full;
    if ((st = problem_stale(p, msg, sizeof msg))) return st;
    if (p->nlam > 0 && !lambda) return ALECABLE_ENULL;
    if (!o) alecable_quasistatic_options_init(&opt);
    else if ((st = qs_options(o, &opt, msg, sizeof msg))) return st;
    o = &opt;
    if (!qs_report_ok(report)) return ALECABLE_EINVAL;
    if (ac_alloc_from_host(&al, allocator)) return ALECABLE_EINVAL;
    if ((st = qs_create(&ws, p, &al))) return st;
    alecable_solve_report_init(&rep);
    t = o->t0;
    st = qs_solve(ws, p, o, q, lambda ? lambda : &lam_dummy, &t, &rep, msg, sizeof msg);
    qs_destroy(ws);
    if (report) qs_report_out(report, &rep);
    return st;
}
