/* Quasistatic Newton solver with load steps and the two-stage regularization
 * of paper 000, section 3.4:
 *  stage 1: r_mat += 2 alpha (q_s - q_s^{n-1}) on every free material dof;
 *  stage 2: from the stage-1 solution q*, the dependent lines of the tangent
 *           are found by rank-revealing QR (SPQR) at each iteration, spatial
 *           lines are swapped for their node's material line, and only those
 *           get r_mat += 2 alpha (q_s - q_s^*).
 * The problem's history (alecable_problem.nhist) advances only by a commit
 * after a converged load step, so a step that fails to converge leaves the
 * history of the last converged step in force; a failing commit puts that
 * one back, next to that step's q and lambda.
 * Written against alecable_problem only. */
#include "problem.h"
#include "../sparse/kkt.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#define DEP_CAP 256 /* dependent lines stored per step for the report */
/* Convergence by a vanishing increment needs ||r|| <= STALL_FACTOR times the
 * larger of the tolerance and a roundoff floor, 64 eps ||J||max (1 + ||q||):
 * a residual sitting well above both means Newton stalled (a solver dropped a
 * direction, e.g. SPQR's least squares), not that roundoff was reached. */
#define STALL_FACTOR 10.0

struct qs_ws {
    ac_alloc *alloc;
    int n, nq, nlam, nnz;
    sp_pattern pat;        /* colptr/rowidx borrowed from the problem */
    double *r, *dz, *vals, *q_prev, *lam_prev, *anchor;
    /* the problem's history at the last converged step, and where a commit
     * reads the next one (a failing read must not clobber it): nhist each */
    double *hist_prev, *hist_next;
    int nhist;
    int *perm, *mask, *dep;
    int ndep;
    double jmax;           /* max |entry| of the last Jacobian (roundoff floor) */
    sp_solver *lin;
    int lin_kind;
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
}

ALECABLE_API void alecable_solve_report_init(alecable_solve_report *r)
{
    if (!r) return;
    memset(r, 0, sizeof *r);
    r->struct_size = sizeof *r;
    r->min_rcond = INFINITY;
}

int qs_check_options(const alecable_quasistatic_options *o, char *msg, size_t len)
{
#define BAD(...) do { snprintf(msg, len, __VA_ARGS__); return ALECABLE_EINVAL; } while (0)
    if (o->struct_size < sizeof *o) BAD("options: struct_size %zu, call alecable_quasistatic_options_init", o->struct_size);
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
    return ALECABLE_OK;
#undef BAD
}

void qs_destroy(qs_ws *ws)
{
    ac_alloc *a;
    if (!ws) return;
    a = ws->alloc;
    sp_solver_destroy(ws->lin);
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
    ws->nhist = p->nhist;
    ws->hist_prev = (double *)ac_calloc(alloc, (size_t)(p->nhist > 0 ? p->nhist : 1), sizeof(double));
    ws->hist_next = (double *)ac_calloc(alloc, (size_t)(p->nhist > 0 ? p->nhist : 1), sizeof(double));
    ws->perm = (int *)ac_calloc(alloc, (size_t)n, sizeof(int));
    ws->mask = (int *)ac_calloc(alloc, (size_t)p->nq, sizeof(int));
    ws->dep = (int *)ac_calloc(alloc, (size_t)p->nq, sizeof(int));
    if (!ws->pat.diag || !ws->r || !ws->dz || !ws->vals || !ws->q_prev || !ws->lam_prev || !ws->anchor ||
        !ws->hist_prev || !ws->hist_next || !ws->perm || !ws->mask || !ws->dep) {
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

static int ensure_solvers(qs_ws *ws, const alecable_quasistatic_options *o)
{
    int kind = sp_kind_of(o->linear_solver), st;
    if (ws->lin_kind != kind) {
        sp_solver_destroy(ws->lin);
        ws->lin = NULL;
        ws->lin_kind = -1;
        if ((st = sp_solver_create(&ws->lin, kind, &ws->pat, ws->alloc)))
            return st == SP_EUNSUITED ? ALECABLE_EINVAL : st == SP_ENOMEM ? ALECABLE_ENOMEM : ALECABLE_ELINSOLVE;
        ws->lin_kind = kind;
    }
    if (o->regularization == ALECABLE_REG_TWO_STAGE && !ws->rank) {
        /* Rank detection runs on the tangent with the single-dof constraints
         * (fixed dofs, a fixed pulley's six) condensed out: the rank drops by
         * exactly two per pair, the dependent lines are the same, and the
         * QR stays sparse.  A fixed body's equilibrium rows touch every
         * multiplier of its wrap; left in, one such dense row makes R dense
         * (a 160-element wrap took ~0.1 s per QR). */
        const sp_pattern *rp;
        if ((st = sp_kkt_create(&ws->cond, -1, &ws->pat, ws->nq, ws->alloc))) return ALECABLE_ENOMEM;
        rp = sp_kkt_reduced(ws->cond);
        ws->vcond = (double *)ac_malloc(ws->alloc, (size_t)(rp->nnz > 0 ? rp->nnz : 1) * sizeof(double));
        if (!ws->vcond || sp_rank_create(&ws->rank, rp, ws->alloc)) return ALECABLE_ENOMEM;
    }
    return ALECABLE_OK;
}

static double norm_inf(const double *x, int n)
{
    double m = 0.0;
    int i;
    for (i = 0; i < n; i++)
        if (fabs(x[i]) > m) m = fabs(x[i]);
    return m;
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

/* max-norm of the stage-2 regularization force 2 alpha (q - q*) on D */
static double reg_force(const qs_ws *ws, const double *q, double alpha2)
{
    double m = 0.0;
    int i;
    for (i = 0; i < ws->nq; i++)
        if (ws->mask[i] && fabs(alpha2 * (q[i] - ws->anchor[i])) > m) m = fabs(alpha2 * (q[i] - ws->anchor[i]));
    return m;
}

/* max-norm of the stage-2 regularized residual r + 2 alpha (q - q*) on D */
static double reg_norm(const qs_ws *ws, const double *q, double alpha2)
{
    double m = 0.0;
    int i;
    for (i = 0; i < ws->n; i++) {
        double v = ws->r[i];
        if (i < ws->nq && ws->mask[i]) v += alpha2 * (q[i] - ws->anchor[i]);
        if (fabs(v) > m) m = fabs(v);
    }
    return m;
}

/* One Newton solve at load factor t. stage 0: plain, 1 or 2: regularized.
 * *iters receives the number of linear solves.
 *
 * Stage 2 regularizes the dependent lines D around q* (eq. 77) and judges
 * convergence on the true residual.  When D is exactly dependent both
 * coincide.  When a line is only nearly dependent (a fine ALE mesh: moving
 * a node along the flow barely changes the energy), the regularized system
 * converges to a point that is not quite an equilibrium; the regularization
 * is then released and plain Newton finishes from that nearby point. */
static int newton(qs_ws *ws, const alecable_problem *p, const alecable_quasistatic_options *o, int step,
                  int stage, double t, double *q, double *lam, double *r_ref, int *iters,
                  alecable_solve_report *rep, char *msg, size_t len)
{
    int it, i, st, nq = ws->nq, hs = stage == 2 ? 1 : 0, have_jac, reg2 = stage == 2;
    double dznorm = INFINITY, alpha2 = 2.0 * o->alpha;
    double *hist = ws->res + ((size_t)step * 2 + (size_t)hs) * (size_t)(ws->hist_iter + 1);
    *iters = 0;
    ws->nres[step * 2 + hs] = 0;
    for (it = 0;; it++) {
        double rnorm, tol, dztol;
        st = p->residual(p->ctx, t, q, NULL, NULL, lam, ws->r);
        if (st) {
            snprintf(msg, len, "step %d stage %d iteration %d: residual evaluation failed (%s)", step + 1, stage, it,
                     alecable_strerror(st));
            return st;
        }
        if (stage == 1)
            for (i = 0; i < nq; i++)
                if (ws->mask[i]) ws->r[i] += alpha2 * (q[i] - ws->anchor[i]);
        rnorm = norm_inf(ws->r, ws->n);
        if (!isfinite(rnorm)) {
            snprintf(msg, len, "step %d stage %d iteration %d: residual is not finite", step + 1, stage, it);
            return ALECABLE_ENAN;
        }
        hist[it] = rnorm;
        ws->nres[step * 2 + hs] = it + 1;
        if (rnorm > *r_ref) *r_ref = rnorm;
        tol = o->tol_residual * *r_ref;
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
         * singular tangent */
        if (rnorm <= tol || (it > 0 && dznorm <= dztol && (!reg2 || reg_force(ws, q, alpha2) <= tol))) {
            /* a vanishing increment with a residual far above the tolerance
             * is a stall (a solver that dropped a direction, e.g. SPQR's
             * least squares), not an equilibrium */
            double floor = 64.0 * DBL_EPSILON * ws->jmax * (1.0 + norm_inf(q, nq));
            if (rnorm > STALL_FACTOR * (tol > floor ? tol : floor)) {
                snprintf(msg, len,
                         "step %d stage %d iteration %d: Newton stalled (increment %.3e, ||r|| = %.3e above the "
                         "tolerance %.3e)",
                         step + 1, stage, it, dznorm, rnorm, tol);
                return ALECABLE_ENOCONV;
            }
            rep->final_residual = rnorm;
            return ALECABLE_OK;
        }
        if (reg2 && it > 0 && (reg_norm(ws, q, alpha2) <= tol || dznorm <= dztol)) {
            reg2 = 0;
            memset(ws->mask, 0, (size_t)nq * sizeof(int));
            have_jac = 0;
        }
        if (it == o->max_iterations) break;
        if (!have_jac) {
            if (reg2) st = jacobian_and_rank(ws, p, o, step, t, q, lam, rep, msg, len);
            else st = eval_jacobian(ws, p, step, stage, it, t, q, lam, msg, len);
            if (st) return st;
        } else if (stage == 2 && !reg2) {
            if ((st = eval_jacobian(ws, p, step, stage, it, t, q, lam, msg, len))) return st;
        }
        if (reg2)
            for (i = 0; i < nq; i++)
                if (ws->mask[i]) ws->r[i] += alpha2 * (q[i] - ws->anchor[i]);
        if (stage != 0)
            for (i = 0; i < nq; i++)
                if (ws->mask[i]) ws->vals[ws->pat.diag[i]] += alpha2;
        st = sp_solver_factor(ws->lin, ws->vals);
        if (st == SP_OK) {
            double rc = sp_solver_rcond(ws->lin);
            if (rc < rep->min_rcond) rep->min_rcond = rc;
        }
        if (st == SP_ESINGULAR) {
            snprintf(msg, len,
                     "step %d stage %d iteration %d: singular tangent (rcond %.3g)%s", step + 1, stage, it,
                     sp_solver_rcond(ws->lin),
                     o->regularization == ALECABLE_REG_NONE ? "; the ALE equations may be redundant: enable the regularization" : "");
            return ALECABLE_ESINGULAR;
        }
        if (st != SP_OK) {
            snprintf(msg, len, "step %d stage %d iteration %d: linear solver failure", step + 1, stage, it);
            return st == SP_ENOMEM ? ALECABLE_ENOMEM : ALECABLE_ELINSOLVE;
        }
        if (sp_solver_solve(ws->lin, ws->r, ws->dz)) {
            snprintf(msg, len, "step %d stage %d iteration %d: linear solve failed", step + 1, stage, it);
            return ALECABLE_ELINSOLVE;
        }
        for (i = 0; i < ws->n; i++) ws->dz[i] = -ws->dz[i];
        dznorm = norm_inf(ws->dz, nq);
        if (!isfinite(dznorm) || !isfinite(norm_inf(ws->dz + nq, ws->nlam))) {
            snprintf(msg, len, "step %d stage %d iteration %d: Newton increment is not finite", step + 1, stage, it);
            return ALECABLE_ENAN;
        }
        if (p->update) {
            if ((st = p->update(p->ctx, q, ws->dz, 1.0))) {
                snprintf(msg, len, "step %d: state update failed", step + 1);
                return st;
            }
        } else {
            for (i = 0; i < nq; i++) q[i] += ws->dz[i];
        }
        for (i = 0; i < ws->nlam; i++) lam[i] += ws->dz[nq + i];
        ++*iters;
        record_alloc(ws);
    }
    snprintf(msg, len, "step %d stage %d: no convergence in %d iterations (||r|| = %.3e, reference %.3e)", step + 1,
             stage, o->max_iterations, hist[o->max_iterations], *r_ref);
    return ALECABLE_ENOCONV;
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

int qs_solve(qs_ws *ws, const alecable_problem *p, const alecable_quasistatic_options *o, double *q, double *lam,
             double *t, alecable_solve_report *rep, char *msg, size_t len)
{
    int k, i, st = ALECABLE_OK, nq = ws->nq, steps = o->load_steps, n_free = 0;
    double t_done = *t;
    rep->steps_requested = steps;
    if (ensure_history(ws, steps, o->max_iterations)) {
        snprintf(msg, len, "out of memory for the solver workspace");
        rep->status = ALECABLE_ENOMEM;
        return ALECABLE_ENOMEM;
    }
    if ((st = ensure_solvers(ws, o))) {
        snprintf(msg, len, st == ALECABLE_EINVAL ? "options.linear_solver = BAND: the tangent's band is too wide "
                                                   "for band storage (use KLU, UMFPACK or AUTO)"
                                                 : "cannot create the linear solver (%s)",
                 alecable_strerror(st));
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
    /* the history of the start: what a failed commit goes back to */
    if (ws->nhist > 0 && (st = p->history_get(p->ctx, ws->hist_prev))) {
        snprintf(msg, len, "the problem's history_get failed (%s)", alecable_strerror(st));
        rep->status = st;
        return st;
    }
    /* a mesh without free material coordinates has nothing to regularize */
    for (i = 0; i < nq; i++)
        if (p->dof_class && p->dof_class[i] == ALECABLE_PROBLEM_DOF_MATERIAL) n_free++;
    for (k = 0; k < steps; k++) {
        double tk = o->t0 + (o->t1 - o->t0) * (double)(k + 1) / (double)steps;
        double r_ref = 0.0;
        int n1 = 0, n2 = 0;
        memcpy(ws->q_prev, q, (size_t)nq * sizeof(double));
        memcpy(ws->lam_prev, lam, (size_t)ws->nlam * sizeof(double));
        if (o->regularization == ALECABLE_REG_TWO_STAGE && n_free > 0) {
            memcpy(ws->anchor, q, (size_t)nq * sizeof(double));
            for (i = 0; i < nq; i++)
                ws->mask[i] = p->dof_class && p->dof_class[i] == ALECABLE_PROBLEM_DOF_MATERIAL;
            st = newton(ws, p, o, k, 1, tk, q, lam, &r_ref, &n1, rep, msg, len);
            if (!st) {
                memcpy(ws->anchor, q, (size_t)nq * sizeof(double));
                memset(ws->mask, 0, (size_t)nq * sizeof(int));
                ws->ndep = 0;
                st = newton(ws, p, o, k, 2, tk, q, lam, &r_ref, &n2, rep, msg, len);
            }
        } else {
            memset(ws->mask, 0, (size_t)nq * sizeof(int));
            st = newton(ws, p, o, k, 0, tk, q, lam, &r_ref, &n1, rep, msg, len);
        }
        ws->it1[k] = n1;
        ws->it2[k] = n2;
        rep->iterations_stage1 += n1;
        rep->iterations_stage2 += n2;
        if (!st && ws->nhist > 0) st = commit_history(ws, p, tk, q, lam, msg, len);
        if (st) {
            /* no step is half-applied */
            memcpy(q, ws->q_prev, (size_t)nq * sizeof(double));
            memcpy(lam, ws->lam_prev, (size_t)ws->nlam * sizeof(double));
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
    rep->status = st;
    *t = t_done;
    return st;
}

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
    alecable_quasistatic_options def;
    alecable_solve_report rep;
    alecable_problem full;
    qs_ws *ws = NULL;
    double t = 0.0, lam_dummy = 0.0;
    char msg[256];
    int st;
    if (!p || !q) return ALECABLE_ENULL;
    if (problem_normalize(p, &full)) return ALECABLE_EINVAL;
    p = &full;
    if (p->nlam > 0 && !lambda) return ALECABLE_ENULL;
    if (!o) {
        alecable_quasistatic_options_init(&def);
        o = &def;
    }
    if (report && report->struct_size < sizeof *report) return ALECABLE_EINVAL;
    if ((st = qs_check_options(o, msg, sizeof msg))) return st;
    if (ac_alloc_from_host(&al, allocator)) return ALECABLE_EINVAL;
    if ((st = qs_create(&ws, p, &al))) return st;
    alecable_solve_report_init(&rep);
    t = o->t0;
    st = qs_solve(ws, p, o, q, lambda ? lambda : &lam_dummy, &t, &rep, msg, sizeof msg);
    qs_destroy(ws);
    if (report) *report = rep;
    return st;
}
