/* The time integrator object shared by the implicit (implicit.c) and
 * semi-implicit (semi_implicit.c) methods: options, state, consistent
 * initial accelerations, the adaptive step controller, advance, undo and
 * statistics.  Written against alecable_problem only.
 *
 * States: three dyn_state buffers rotate as cur (the state at t_n), prev
 * (the state before the last successful step, for undo) and trial (where an
 * attempt writes).  An attempt never touches cur, so a failed or rejected
 * step leaves the state unchanged, and accepting a step is a pointer
 * rotation.  Every buffer is allocated at create: a step allocates nothing
 * of ours (UMFPACK's own objects come from SuiteSparse's allocator).
 *
 * The problem's history (alecable_problem.nhist) lives in the problem, not
 * here, so each state keeps a copy (phist) and the history in force is
 * always cur's: every path that makes a state current restores or produces
 * its history first.  set_state takes the history in force as the new
 * state's; an accepted step commits the trial state and reads the advanced
 * history into trial before the rotation; undo sets prev's history before
 * the swap.  Attempts only evaluate, so a rejected or failed attempt has
 * nothing to restore, and a failing commit or set puts cur's history back
 * and leaves the state as it was. */
#define _POSIX_C_SOURCE 199309L /* clock_gettime for stats.wall_time */

#include "dynamic_internal.h"
#include "../core/isa.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#if AC_HAVE_ISA_V3
#include <immintrin.h>
#endif
#include <time.h>

#define MSG(it, ...) snprintf((it)->msg, sizeof (it)->msg, __VA_ARGS__)

/* Step-size controller limits: h_new = h * clamp(SAFETY (tol/err)^(1/3), SHRINK, GROW). */
#define SAFETY 0.9
#define SHRINK 0.2
#define GROW 2.0
/* A remaining interval within this relative distance of h is taken in one
 * (slightly longer or shorter) step instead of leaving a sliver.  It must
 * exceed the rounding that t += h accumulates (1e5 steps of 1e-4 s drift by
 * ~1e-11 s): a sliver step of 1e-14 s makes the 1/h-scaled constraint
 * stabilization kick the velocities.  A step 1 ppm longer is harmless. */
#define LAST_STEP_SLACK 1e-6
/* Divergence watch defaults (alecable_dynamic_options.watch_*): a kinetic
 * energy 100 times anything the run had or its forces can give in one step,
 * a local error of a tenth of the model's size in one step, constraints
 * off by a tenth of it, a coordinate a million times it: none is a resolved
 * motion, each is what a blow-up shows within a few steps. */
#define WATCH_ENERGY 100.0
#define WATCH_ERROR 0.1
#define WATCH_DRIFT 0.1
#define WATCH_DISPLACEMENT 1e6
/* Energy created beyond the drives' work: 5 % of the energy exchanged.  A
 * method that damps (HHT, generalized-alpha, BDF) only loses energy; an
 * energy-conserving one (trapezoidal Newmark) wanders by O(h^2) of it; 5 %
 * is a step that resolves nothing of the motion it makes. */
#define WATCH_WORK 0.05
/* The options of 0.2, without the watch: still accepted (defaults for the rest) */
#define DYN_OPTIONS_V2 offsetof(alecable_dynamic_options, watch)
#define DYN_STATS_V2 offsetof(alecable_step_stats, last_scaled_residual)

ALECABLE_API void alecable_dynamic_options_init(alecable_dynamic_options *o)
{
    if (!o) return;
    memset(o, 0, sizeof *o);
    o->struct_size = sizeof *o;
    /* HHT-I3 (alpha = -0.05): it damps the oscillation of a and lambda
     * that index-3 trapezoidal Newmark keeps alive under nonlinear
     * constraints (a pendulum hauled in by a winch turns over with Newmark,
     * 0.1's and 0.2's default) at second order */
    o->method = ALECABLE_METHOD_HHT;
    o->h = 1e-3;
    o->beta = 0.0;   /* the method's default */
    o->gamma = 0.0;
    o->alpha = 0.0;  /* the method's default: -0.05 (HHT) or -0.1 (Bossak) */
    o->rho_inf = 0.8;
    o->adaptive = 0;
    o->atol = 1e-6;
    o->rtol = 0.0;
    o->h_min = 1e-12;
    o->h_max = 0.0;
    o->max_iterations = 20;
    o->tol_residual = 1e-10;
    o->tol_increment = 1e-10; /* positions to 1e-10 relative: far below any step error, above roundoff */
    o->baumgarte_a1 = 0.0; /* 1/h */
    o->baumgarte_a2 = 0.0;
    o->imex = 0;
    /* time steps refactorize at every step: band LU where the pattern is a
     * cable's band, KLU's pivot-order reuse otherwise */
    o->linear_solver = ALECABLE_LINSOLVE_AUTO;
    o->hht_history = ALECABLE_HHT_HISTORY_AUTO;
    o->watch = 1;
    o->watch_energy = WATCH_ENERGY;
    o->watch_error = WATCH_ERROR;
    o->watch_drift = WATCH_DRIFT;
    o->watch_displacement = WATCH_DISPLACEMENT;
    o->watch_length = 0.0;
    o->watch_work = WATCH_WORK;
    o->si_scheme = ALECABLE_SI_SCHEME_LIBRARY;
}

ALECABLE_API void alecable_problem_init(alecable_problem *p)
{
    if (!p) return;
    memset(p, 0, sizeof *p);
    p->struct_size = sizeof *p;
}

ALECABLE_API void alecable_step_stats_init(alecable_step_stats *s)
{
    if (!s) return;
    memset(s, 0, sizeof *s);
    s->struct_size = sizeof *s;
}

static int is_semi(int method)
{
    return method == ALECABLE_METHOD_SI_BE || method == ALECABLE_METHOD_SI_BDF2 ||
           method == ALECABLE_METHOD_SI_NEWMARK || method == ALECABLE_METHOD_SI_HHT;
}

static int is_method(int method)
{
    return is_semi(method) || method == ALECABLE_METHOD_NEWMARK || method == ALECABLE_METHOD_HHT ||
           method == ALECABLE_METHOD_BOSSAK || method == ALECABLE_METHOD_GENALPHA;
}

static int finite_ge(double x, double lo) { return isfinite(x) && x >= lo; }

/* A caller's options (0.2's shorter struct too) as the current struct, the
 * watch's zeros replaced by their defaults. */
static void full_options(const alecable_dynamic_options *in, alecable_dynamic_options *out)
{
    alecable_dynamic_options_init(out);
    memcpy(out, in, in->struct_size < sizeof *out ? DYN_OPTIONS_V2 : sizeof *out);
    out->struct_size = sizeof *out;
    if (out->watch == 0) out->watch = 1;
    if (out->watch_energy == 0.0) out->watch_energy = WATCH_ENERGY;
    if (out->watch_error == 0.0) out->watch_error = WATCH_ERROR;
    if (out->watch_drift == 0.0) out->watch_drift = WATCH_DRIFT;
    if (out->watch_displacement == 0.0) out->watch_displacement = WATCH_DISPLACEMENT;
    if (out->watch_work == 0.0) out->watch_work = WATCH_WORK;
}

int dyn_check_options(const alecable_dynamic_options *in, char *msg, size_t len)
{
#define BAD(...) do { snprintf(msg, len, __VA_ARGS__); return ALECABLE_EINVAL; } while (0)
    alecable_dynamic_options full, *o = &full;
    int hht;
    if (in->struct_size < DYN_OPTIONS_V2)
        BAD("options: struct_size %zu, call alecable_dynamic_options_init", in->struct_size);
    full_options(in, &full);
    hht = o->method == ALECABLE_METHOD_HHT || o->method == ALECABLE_METHOD_SI_HHT;
    if (!is_method(o->method)) BAD("options.method = %d is not an ALECABLE_METHOD_* value", o->method);
    if (!(isfinite(o->h) && o->h > 0.0)) BAD("options.h = %g must be finite and > 0", o->h);
    if (!(isfinite(o->beta) && o->beta >= 0.0)) BAD("options.beta = %g must be finite and > 0 (0: the method's default)", o->beta);
    if (!(isfinite(o->gamma) && (o->gamma == 0.0 || o->gamma >= 0.5)))
        BAD("options.gamma = %g must be >= 1/2 (0: the method's default); below 1/2 the method amplifies", o->gamma);
    /* 0 selects the method's default alpha */
    if (hht && !(o->alpha >= -1.0 / 3.0 && o->alpha <= 0.0))
        BAD("options.alpha = %g is outside [-1/3, 0] for HHT", o->alpha);
    if (o->method == ALECABLE_METHOD_BOSSAK && !(o->alpha >= -1.0 && o->alpha <= 0.0))
        BAD("options.alpha = %g is outside [-1, 0] for Bossak (alpha_m)", o->alpha);
    if (!(o->rho_inf >= 0.0 && o->rho_inf <= 1.0)) BAD("options.rho_inf = %g must lie in [0, 1]", o->rho_inf);
    if (o->adaptive != 0 && o->adaptive != 1) BAD("options.adaptive = %d must be 0 or 1", o->adaptive);
    if (o->adaptive && is_semi(o->method))
        BAD("options.adaptive = 1 needs an implicit method: the semi-implicit methods take fixed steps");
    if (!finite_ge(o->atol, 0.0)) BAD("options.atol = %g must be finite and >= 0", o->atol);
    if (!finite_ge(o->rtol, 0.0)) BAD("options.rtol = %g must be finite and >= 0", o->rtol);
    if (o->adaptive && !(o->atol + o->rtol > 0.0)) BAD("options.atol and options.rtol are both 0: no error tolerance");
    if (!finite_ge(o->h_min, 0.0)) BAD("options.h_min = %g must be finite and >= 0", o->h_min);
    if (!finite_ge(o->h_max, 0.0)) BAD("options.h_max = %g must be finite and >= 0 (0: unbounded)", o->h_max);
    if (o->h_max > 0.0 && o->h_max < o->h_min) BAD("options.h_max = %g is below options.h_min = %g", o->h_max, o->h_min);
    if (o->max_iterations < 1) BAD("options.max_iterations = %d must be >= 1", o->max_iterations);
    if (!(isfinite(o->tol_residual) && o->tol_residual > 0.0))
        BAD("options.tol_residual = %g must be finite and > 0", o->tol_residual);
    if (!finite_ge(o->tol_increment, 0.0)) BAD("options.tol_increment = %g must be finite and >= 0", o->tol_increment);
    if (!finite_ge(o->baumgarte_a1, 0.0)) BAD("options.baumgarte_a1 = %g must be finite and >= 0 (0: 1/h)", o->baumgarte_a1);
    if (!finite_ge(o->baumgarte_a2, 0.0)) BAD("options.baumgarte_a2 = %g must be finite and >= 0 (0: 1/h)", o->baumgarte_a2);
    if (o->imex != 0 && o->imex != 1) BAD("options.imex = %d must be 0 or 1", o->imex);
    if (o->si_scheme != ALECABLE_SI_SCHEME_LIBRARY && o->si_scheme != ALECABLE_SI_SCHEME_PAPER)
        BAD("options.si_scheme = %d is not an ALECABLE_SI_SCHEME_* value", o->si_scheme);
    if (o->imex && !is_semi(o->method))
        BAD("options.imex = 1 needs a semi-implicit method: Newton needs the full Jacobian");
    if (sp_kind_of(o->linear_solver) < 0)
        BAD("options.linear_solver = %d is not an ALECABLE_LINSOLVE_* value", o->linear_solver);
    if (o->hht_history != ALECABLE_HHT_HISTORY_AUTO && o->hht_history != ALECABLE_HHT_HISTORY_EVALUATE)
        BAD("options.hht_history = %d is not an ALECABLE_HHT_HISTORY_* value", o->hht_history);
    if (o->watch != 1 && o->watch != -1) BAD("options.watch = %d must be 0 or 1 (on) or -1 (off)", o->watch);
    if (!isfinite(o->watch_energy)) BAD("options.watch_energy = %g must be finite (< 0: off)", o->watch_energy);
    if (!isfinite(o->watch_error)) BAD("options.watch_error = %g must be finite (< 0: off)", o->watch_error);
    if (!isfinite(o->watch_drift)) BAD("options.watch_drift = %g must be finite (< 0: off)", o->watch_drift);
    if (!isfinite(o->watch_displacement))
        BAD("options.watch_displacement = %g must be finite (< 0: off)", o->watch_displacement);
    if (!finite_ge(o->watch_length, 0.0))
        BAD("options.watch_length = %g must be finite and >= 0 (0: from the initial state)", o->watch_length);
    if (!isfinite(o->watch_work)) BAD("options.watch_work = %g must be finite (< 0: off)", o->watch_work);
    return ALECABLE_OK;
#undef BAD
}

/* Method constants.  Implicit methods other than HHT are the Arnold-Bruls
 * form of generalized-alpha (see implicit.c): Newmark alpha_m = alpha_f = 0;
 * Bossak alpha_f = 0; Chung-Hulbert alpha_m = (2 rho - 1)/(rho + 1),
 * alpha_f = rho/(rho + 1).  gamma = 1/2 - alpha_m + alpha_f and
 * beta = (1 - alpha_m + alpha_f)^2 / 4 give second order and unconditional
 * stability; HHT is the same with alpha_m = 0, alpha_f = -alpha. */
static void resolve_params(const alecable_dynamic_options *o, dyn_params *par)
{
    double am = 0.0, af = 0.0, ah = 0.0, b, g;
    memset(par, 0, sizeof *par);
    par->method = o->method;
    par->semi = is_semi(o->method);
    switch (o->method) {
    case ALECABLE_METHOD_HHT:
    case ALECABLE_METHOD_SI_HHT:
        ah = o->alpha != 0.0 ? o->alpha : -0.05;
        par->hht = 1;
        break;
    case ALECABLE_METHOD_BOSSAK:
        am = o->alpha != 0.0 ? o->alpha : -0.1;
        break;
    case ALECABLE_METHOD_GENALPHA:
        am = (2.0 * o->rho_inf - 1.0) / (o->rho_inf + 1.0);
        af = o->rho_inf / (o->rho_inf + 1.0);
        break;
    default:
        break;
    }
    /* HHT's forces sit at t_{n+1+alpha}: alpha_f = -alpha in Chung-Hulbert's notation */
    g = 0.5 - am + af - ah;
    b = 0.25 * (1.0 - am + af - ah) * (1.0 - am + af - ah);
    par->beta = o->beta != 0.0 ? o->beta : b;
    par->gamma = o->gamma != 0.0 ? o->gamma : g;
    par->alpha_m = am;
    par->alpha_f = af;
    par->alpha_hht = ah;
    /* q_{n+1} - q(t_{n+1}) = (beta - 1/6 + delta/2) h^3 q''' + O(h^4) when A_n
     * approximates a(t_n + delta h), delta = alpha_m - alpha_f (HHT: alpha);
     * Newmark: Zienkiewicz-Xie's beta - 1/6 (implicit.c) */
    par->err_coef = par->beta - 1.0 / 6.0 + 0.5 * (am - af + ah);
}

/* A state's arrays that the method never reads are NULL (every write to
 * them is skipped), so each of the three states holds only what its method
 * needs. */
static void free_state(ac_alloc *a, dyn_state *s)
{
    double **arr[11];
    int k;
    arr[0] = &s->q, arr[1] = &s->v, arr[2] = &s->a, arr[3] = &s->A, arr[4] = &s->lam, arr[5] = &s->dq_old;
    arr[6] = &s->v_old, arr[7] = &s->w1, arr[8] = &s->w2, arr[9] = &s->fc, arr[10] = &s->phist;
    for (k = 0; k < 11; k++) ac_free(a, *arr[k]);
}

/* The arrays a method reads back (the others are NULL):
 *  A        the implicit methods' acceleration-like variable (the
 *           semi-implicit ones write A = a and never read it);
 *  w1, w2   the implicit methods' error-estimate samples;
 *  dq_old, v_old  SI-BDF2's history;
 *  fc       SI-HHT's force history. */
static int state_array(ac_alloc *a, int needed, size_t n, double **x)
{
    *x = needed ? (double *)ac_calloc(a, n, sizeof(double)) : NULL;
    return needed && !*x;
}

static int alloc_state(ac_alloc *a, dyn_state *s, int nq, int nlam, int nhist, int method)
{
    size_t n = (size_t)nq, m = (size_t)(nlam > 0 ? nlam : 1);
    int semi = is_semi(method), bdf2 = method == ALECABLE_METHOD_SI_BDF2;
    s->q = (double *)ac_calloc(a, n, sizeof(double));
    s->v = (double *)ac_calloc(a, n, sizeof(double));
    s->a = (double *)ac_calloc(a, n, sizeof(double));
    s->lam = (double *)ac_calloc(a, m, sizeof(double));
    s->phist = (double *)ac_calloc(a, (size_t)(nhist > 0 ? nhist : 1), sizeof(double));
    if (!s->q || !s->v || !s->a || !s->lam || !s->phist) return ALECABLE_ENOMEM;
    /* SI-HHT's fc: n values, the step evaluates F_n there when it has no
     * it->fn (semi_implicit.c) */
    return state_array(a, !semi, n, &s->A) || state_array(a, bdf2, n, &s->dq_old) ||
                   state_array(a, bdf2, n, &s->v_old) || state_array(a, !semi, n, &s->w1) ||
                   state_array(a, !semi, n, &s->w2) ||
                   state_array(a, method == ALECABLE_METHOD_SI_HHT, n + (size_t)nlam, &s->fc)
               ? ALECABLE_ENOMEM
               : ALECABLE_OK;
}

ALECABLE_API void alecable_integrator_destroy(alecable_integrator *it)
{
    ac_alloc a;
    int k;
    if (!it) return;
    a = it->alloc;
    sp_kkt_destroy(it->lin);
    for (k = 0; k < 3; k++) free_state(&a, &it->st[k]);
    ac_free(&a, it->pat.diag);
    ac_free(&a, it->r);
    ac_free(&a, it->z);
    ac_free(&a, it->rhs);
    ac_free(&a, it->vals);
    ac_free(&a, it->vals_k);
    ac_free(&a, it->res_hist);
    ac_free(&a, it->massive);
    ac_free(&a, it->fn);
    if (it->dstep != it->dq) ac_free(&a, it->dstep); /* (the semi-implicit methods' is dq) */
    ac_free(&a, it->dq);
    ac_free(&a, it->zero);
    ac_free(&a, it->gdot);
    ac_free(&a, it->gam);
    ac_free(&a, it->ga);
    ac_free(&a, it->g_pos);
    ac_free(&a, it->g_row);
    ac_free(&a, it->g_col);
    ac_free(&a, it->scale);
    ac_free(&a, it->lam_alg);
    ac_free(&a, it);
}

static int check_problem(const alecable_problem *p)
{
    int j, k, n;
    if (p->struct_size < sizeof *p || p->nq < 1 || p->nlam < 0 || p->nnz < 1 || !p->colptr || !p->rowidx ||
        !p->residual || !p->jacobian || !problem_history_ok(p))
        return ALECABLE_EINVAL;
    n = p->nq + p->nlam;
    if (p->colptr[0] != 0 || p->colptr[n] != p->nnz) return ALECABLE_EINVAL;
    for (j = 0; j < n; j++) {
        if (p->colptr[j + 1] < p->colptr[j]) return ALECABLE_EINVAL;
        for (k = p->colptr[j]; k < p->colptr[j + 1]; k++)
            if (p->rowidx[k] < 0 || p->rowidx[k] >= n) return ALECABLE_EINVAL;
    }
    return ALECABLE_OK;
}

/* Diagonal positions (the pattern must hold every one: sparse.h's
 * contract) and the list of G's entries (constraint rows, q-columns). */
static int find_diagonal(alecable_integrator *it)
{
    int j, k, ng = 0;
    for (j = 0; j < it->n; j++) {
        it->pat.diag[j] = -1;
        for (k = it->pat.colptr[j]; k < it->pat.colptr[j + 1]; k++) {
            if (it->pat.rowidx[k] == j) it->pat.diag[j] = k;
            if (j < it->nq && it->pat.rowidx[k] >= it->nq) ng++;
        }
        if (it->pat.diag[j] < 0) return ALECABLE_EINVAL;
    }
    it->g_pos = (int *)ac_malloc(&it->alloc, (size_t)(ng > 0 ? ng : 1) * sizeof(int));
    it->g_row = (int *)ac_malloc(&it->alloc, (size_t)(ng > 0 ? ng : 1) * sizeof(int));
    it->g_col = (int *)ac_malloc(&it->alloc, (size_t)(ng > 0 ? ng : 1) * sizeof(int));
    if (!it->g_pos || !it->g_row || !it->g_col) return ALECABLE_ENOMEM;
    it->ng = 0;
    for (j = 0; j < it->nq; j++)
        for (k = it->pat.colptr[j]; k < it->pat.colptr[j + 1]; k++)
            if (it->pat.rowidx[k] >= it->nq) {
                it->g_pos[it->ng] = k;
                it->g_row[it->ng] = it->pat.rowidx[k] - it->nq;
                it->g_col[it->ng++] = j;
            }
    return ALECABLE_OK;
}

/* The second Jacobian array (vals_k): the stiffness rows of massless
 * coordinates at a consistent start or a switch, and the paper scheme's
 * products.  Most runs need neither, so it is allocated where first needed
 * (the paper scheme at create; a model with massless rows at set_state's
 * consistent start, which comes before the first step): nnz doubles, as
 * much as the Jacobian itself. */
static int need_vals_k(alecable_integrator *it)
{
    if (!it->vals_k) it->vals_k = (double *)ac_calloc(&it->alloc, (size_t)it->p.nnz, sizeof(double));
    return it->vals_k ? ALECABLE_OK : ALECABLE_ENOMEM;
}

static size_t jacobian_bytes(const alecable_integrator *it)
{
    return ((it->vals ? 1u : 0u) + (it->vals_k ? 1u : 0u)) * (size_t)it->p.nnz * sizeof(double);
}

static int alloc_workspaces(alecable_integrator *it)
{
    ac_alloc *a = &it->alloc;
    size_t n = (size_t)it->n, nq = (size_t)it->nq, m = (size_t)(it->nlam > 0 ? it->nlam : 1);
    size_t live = a->live_bytes;
    int k, need_fn = !is_semi(it->o.method) || it->o.si_scheme == ALECABLE_SI_SCHEME_PAPER || it->p.nhist > 0;
    it->v3 = ac_isa() == AC_ISA_V3;
    for (k = 0; k < 3; k++)
        if (alloc_state(a, &it->st[k], it->nq, it->nlam, it->p.nhist, it->o.method)) return ALECABLE_ENOMEM;
    it->mem_history = a->live_bytes - live;
    /* the paper scheme's products need the stiffness apart at every step */
    if (it->o.si_scheme == ALECABLE_SI_SCHEME_PAPER && is_semi(it->o.method) && need_vals_k(it)) return ALECABLE_ENOMEM;
    it->pat.diag = (int *)ac_malloc(a, n * sizeof(int));
    it->r = (double *)ac_calloc(a, n, sizeof(double));
    it->z = (double *)ac_calloc(a, n, sizeof(double));
    it->rhs = (double *)ac_calloc(a, n, sizeof(double));
    it->vals = (double *)ac_calloc(a, (size_t)it->p.nnz, sizeof(double));
    it->massive = (unsigned char *)ac_calloc(a, nq > 0 ? nq : 1, 1);
    it->res_hist = (double *)ac_calloc(a, (size_t)it->o.max_iterations + 1, sizeof(double));
    /* F_n at the step's start: implicit HHT's, the paper scheme's, the
     * consistent start's with a history (multiplier_rows); SI-HHT's step
     * uses its trial's fc instead */
    if (need_fn) it->fn = (double *)ac_calloc(a, n, sizeof(double));
    it->dq = (double *)ac_calloc(a, nq, sizeof(double));
    it->zero = (double *)ac_calloc(a, n, sizeof(double));
    it->gdot = (double *)ac_calloc(a, m, sizeof(double));
    it->gam = (double *)ac_calloc(a, m, sizeof(double));
    it->ga = (double *)ac_calloc(a, m, sizeof(double));
    /* the step q_{n+1} (-) q_n for the watch's step_limit: the semi-implicit
     * methods make it from dq in place (semi_implicit.c's finish), and dq
     * is next written by the next attempt */
    it->dstep = is_semi(it->o.method) ? it->dq : (double *)ac_calloc(a, nq, sizeof(double));
    if (!is_semi(it->o.method)) it->scale = (double *)ac_calloc(a, n, sizeof(double)); /* the stop test's */
    it->lam_alg = (int *)ac_calloc(a, m, sizeof(int));
    if (!it->dstep || (!it->scale && !is_semi(it->o.method)) || !it->lam_alg) return ALECABLE_ENOMEM;
    if (!it->pat.diag || !it->r || !it->z || !it->rhs || !it->vals || !it->massive || !it->res_hist ||
        (need_fn && !it->fn) ||
        !it->dq || !it->zero ||
        !it->gdot || !it->gam || !it->ga)
        return ALECABLE_ENOMEM;
    return ALECABLE_OK;
}

ALECABLE_API int alecable_integrator_create(alecable_integrator **out, const alecable_problem *p,
                                            const alecable_dynamic_options *o, const alecable_allocator *allocator)
{
    alecable_dynamic_options def;
    alecable_problem full;
    alecable_integrator *it;
    ac_alloc al;
    char msg[256];
    int st;
    if (!out) return ALECABLE_ENULL;
    *out = NULL;
    if (!p) return ALECABLE_ENULL;
    if (!o) {
        alecable_dynamic_options_init(&def);
        o = &def;
    }
    if ((st = dyn_check_options(o, msg, sizeof msg))) return st;
    if (problem_normalize(p, &full)) return ALECABLE_EINVAL;
    p = &full;
    if ((st = problem_stale(p, msg, sizeof msg)) || (st = check_problem(p))) return st;
    /* Baumgarte stabilization needs gdot and gamma */
    if (is_semi(o->method) && p->nlam > 0 && !p->constraint_rates) return ALECABLE_EINVAL;
    if (ac_alloc_from_host(&al, allocator)) return ALECABLE_EINVAL;
    it = (alecable_integrator *)ac_calloc(&al, 1, sizeof *it);
    if (!it) return ALECABLE_ENOMEM;
    it->alloc = al;
    it->p = *p;
    full_options(o, &it->o);
    resolve_params(&it->o, &it->par);
    it->nq = p->nq;
    it->nlam = p->nlam;
    it->n = p->nq + p->nlam;
    it->pat.n = it->n;
    it->pat.nnz = p->nnz;
    it->pat.colptr = (int *)p->colptr;
    it->pat.rowidx = (int *)p->rowidx;
    it->cur = &it->st[0];
    it->prev = &it->st[1];
    it->trial = &it->st[2];
    it->null_dof = -1;
    alecable_step_stats_init(&it->stats);
    if ((st = alloc_workspaces(it)) || (st = find_diagonal(it))) {
        alecable_integrator_destroy(it);
        return st;
    }
    it->mem_vectors = it->alloc.live_bytes - it->mem_history - jacobian_bytes(it);
    it->mem_solver = it->alloc.live_bytes;
    /* the solver may factor in it->vals (SP_OVERWRITE): every factorization
     * here follows a fresh Jacobian, and nothing reads the values after it
     * succeeded (the probe below restores them between its two) */
    st = sp_kkt_create_flags(&it->lin, sp_kind_of(o->linear_solver), &it->pat, it->nq, &it->alloc, SP_OVERWRITE);
    it->mem_solver = it->alloc.live_bytes - it->mem_solver;
    if (st) {
        alecable_integrator_destroy(it);
        /* BAND asked for a wide pattern, or the GPL-free build's dense SPQR for a large one */
        if (st == SP_EUNSUITED) return ALECABLE_EINVAL;
        return st == SP_ENOMEM ? ALECABLE_ENOMEM : ALECABLE_ELINSOLVE;
    }
    *out = it;
    return ALECABLE_OK;
}

ALECABLE_API int alecable_integrator_memory(const alecable_integrator *it, alecable_memory_report *r)
{
    size_t fixed, backend;
    if (!it || !r) return ALECABLE_ENULL;
    if (r->struct_size < sizeof *r) return ALECABLE_EINVAL;
    alecable_memory_report_init(r);
    backend = sp_kkt_backend_bytes(it->lin);
    r->history = it->mem_history;
    r->vectors = it->mem_vectors;
    r->jacobian = jacobian_bytes(it);
    r->condensation = it->mem_solver > backend ? it->mem_solver - backend : 0;
    r->total = it->alloc.live_bytes;
    fixed = r->history + r->vectors + r->jacobian + r->condensation;
    /* the backend's storage, and what it allocated since (a fallback solver) */
    r->factor = r->total > fixed ? r->total - fixed : 0;
    r->peak = it->alloc.peak_bytes;
    return ALECABLE_OK;
}

ALECABLE_API const char *alecable_integrator_errmsg(const alecable_integrator *it)
{
    return it ? it->msg : "integrator is NULL";
}

/* ---- helpers shared with implicit.c and semi_implicit.c ---- */

/* one comparison per entry: a NaN fails it too, and is returned (the first
 * one) so that it reaches the callers' finiteness tests */
static double norm_inf_scalar(const double *x, int n)
{
    double m = 0.0;
    int i;
    for (i = 0; i < n; i++) {
        double a = fabs(x[i]);
        if (!(a <= m)) {
            if (a != a) return x[i];
            m = a;
        }
    }
    return m;
}

#if defined(__SSE2__) && (defined(__GNUC__) || defined(__clang__))
typedef double dyn_v2 __attribute__((vector_size(16)));
typedef long long dyn_i2 __attribute__((vector_size(16)));

/* A SI-HHT step takes the norms of five vectors: SSE2's maxpd on pairs (the
 * maximum of the moduli is exact in any order), and a sum of the moduli
 * that turns non-finite with any NaN or infinity, which the scalar loop
 * then handles as before. */
double dyn_norm_inf(const double *x, int n)
{
    const dyn_i2 mag = {0x7fffffffffffffffLL, 0x7fffffffffffffffLL};
    dyn_v2 m = {0.0, 0.0}, s = {0.0, 0.0}, a;
    double r;
    int i;
    for (i = 0; i + 2 <= n; i += 2) {
        memcpy(&a, x + i, sizeof a);
        a = (dyn_v2)((dyn_i2)a & mag);
        m = __builtin_ia32_maxpd(m, a);
        s += a;
    }
    if (!isfinite(s[0]) || !isfinite(s[1])) return norm_inf_scalar(x, n);
    r = m[0] > m[1] ? m[0] : m[1];
    if (i < n) {
        double t = fabs(x[i]);
        if (!(t <= r)) return t == t ? t : x[i];
    }
    return r;
}
#else
double dyn_norm_inf(const double *x, int n) { return norm_inf_scalar(x, n); }
#endif

#if AC_HAVE_ISA_V3
/* dyn_norm_inf with AVX2's four-wide moduli, maxima and sums (the maximum
 * is exact in any order: the same value); the entries after the last four
 * and any non-finite sum as norm_inf_scalar (the first NaN is returned) */
__attribute__((target("avx2"))) static double norm_inf_v3(const double *x, int n)
{
    const __m256d mag = _mm256_castsi256_pd(_mm256_set1_epi64x(0x7fffffffffffffffLL));
    __m256d m = _mm256_setzero_pd(), s = m, a;
    double r, t[4];
    int i;
    for (i = 0; i + 4 <= n; i += 4) {
        a = _mm256_and_pd(_mm256_loadu_pd(x + i), mag);
        m = _mm256_max_pd(m, a);
        s = _mm256_add_pd(s, a);
    }
    _mm256_storeu_pd(t, s);
    if (!isfinite(t[0]) || !isfinite(t[1]) || !isfinite(t[2]) || !isfinite(t[3])) return norm_inf_scalar(x, n);
    _mm256_storeu_pd(t, m);
    r = t[0] > t[1] ? t[0] : t[1];
    if (t[2] > r) r = t[2];
    if (t[3] > r) r = t[3];
    for (; i < n; i++) {
        double u = fabs(x[i]);
        if (!(u <= r)) {
            if (u != u) return x[i];
            r = u;
        }
    }
    return r;
}
#endif

/* the norm of a step's vectors in the copy chosen at create (it->v3) */
double dyn_norm(const alecable_integrator *it, const double *x, int n)
{
#if AC_HAVE_ISA_V3
    if (it->v3) return norm_inf_v3(x, n);
#else
    (void)it;
#endif
    return dyn_norm_inf(x, n);
}

int dyn_update(alecable_integrator *it, double *q, const double *dq, double scale)
{
    int i, st;
    if (it->p.update) {
        if ((st = it->p.update(it->p.ctx, q, dq, scale))) MSG(it, "state update failed (%s)", alecable_strerror(st));
        return st;
    }
    for (i = 0; i < it->nq; i++) q[i] += scale * dq[i];
    return ALECABLE_OK;
}

int dyn_residual(alecable_integrator *it, double t, const double *q, const double *v, const double *a,
                 const double *lam, double *r)
{
    int st = it->p.residual(it->p.ctx, t, q, v, a, lam, r);
    it->stats.residual_evals++;
    it->stats.model_flops += it->p.flops_residual;
    if (st) {
        MSG(it, "t = %.9g: residual evaluation failed (%s)", t, alecable_strerror(st));
        return st;
    }
    if (!isfinite(dyn_norm(it, r, it->n))) {
        MSG(it, "t = %.9g: residual is not finite", t);
        return ALECABLE_ENAN;
    }
    return ALECABLE_OK;
}

int dyn_jacobian(alecable_integrator *it, double t, const double *q, const double *v, const double *a,
                 const double *lam, double cq, double cv, double ca, int flags)
{
    int st = it->p.jacobian(it->p.ctx, t, q, v, a, lam, cq, cv, ca, flags, it->vals);
    it->stats.jacobian_evals++;
    it->stats.model_flops += it->p.flops_jacobian;
    if (st) MSG(it, "t = %.9g: Jacobian evaluation failed (%s)", t, alecable_strerror(st));
    return st;
}

int dyn_residual_jacobian(alecable_integrator *it, double t, const double *q, const double *v, const double *a,
                          const double *lam, double cq, double cv, double ca, int flags, double *r)
{
    int st;
    if (!it->p.residual_jacobian) {
        if ((st = dyn_residual(it, t, q, v, a, lam, r))) return st;
        return dyn_jacobian(it, t, q, v, a, lam, cq, cv, ca, flags);
    }
    st = it->p.residual_jacobian(it->p.ctx, t, q, v, a, lam, cq, cv, ca, flags, r, it->vals);
    it->stats.residual_evals++;
    it->stats.jacobian_evals++;
    it->stats.model_flops += it->p.flops_residual_jacobian > 0.0 ? it->p.flops_residual_jacobian
                                                                 : it->p.flops_residual + it->p.flops_jacobian;
    if (st) {
        MSG(it, "t = %.9g: residual and Jacobian evaluation failed (%s)", t, alecable_strerror(st));
        return st;
    }
    if (!isfinite(dyn_norm(it, r, it->n))) {
        MSG(it, "t = %.9g: residual is not finite", t);
        return ALECABLE_ENAN;
    }
    return ALECABLE_OK;
}

void dyn_set_dof_namer(alecable_integrator *it, int (*name)(const void *ctx, int k, char *buf, size_t len),
                       const void *ctx)
{
    if (!it) return;
    it->namer = name;
    it->namer_ctx = ctx;
}

/* Shifts the q diagonal of it->vals by `shift` (and the constraint rows'
 * by -shift_lam) and solves with a fixed right-hand side (no symmetry that
 * could be orthogonal to a null vector; zero on the constraint rows) into
 * x.  0 on success. */
static int shifted_probe(alecable_integrator *it, double shift, double shift_lam, double *x)
{
    int i;
    for (i = 0; i < it->nq; i++) it->vals[it->pat.diag[i]] += shift;
    for (i = it->nq; i < it->n; i++) it->vals[it->pat.diag[i]] -= shift_lam;
    if (sp_kkt_factor_mut(it->lin, it->vals) != SP_OK) return -1;
    for (i = 0; i < it->n; i++) it->rhs[i] = i < it->nq ? 1.0 + 0.618 * (double)(i % 7) : 0.0;
    i = sp_kkt_solve(it->lin, it->rhs, x) ? -1 : 0;
    sp_kkt_restore(it->lin, it->vals); /* the next probe shifts the matrix, not its factors */
    return i;
}

/* The unknown a singular matrix (in it->vals) leaves free: solved with the
 * q diagonal shifted by eps D and by eps D / 1000 (D its largest entry), a
 * null vector's components grow a thousandfold while those of a matrix
 * that is regular there (a light rope's material inertia against a body's
 * mass: small pivots, not missing ones) barely change.  Of the components
 * that grew, the largest; an ALE null vector moves a node's place and its
 * material coordinate together and the material one is what to hold (as
 * the quasistatic solver names it).  -1 when nothing grew or a solve
 * failed.  When the q shift leaves the matrix singular, the constraint rows
 * are shifted too: -2 when that helps (the constraints are dependent, which
 * no q shift cures), -3 when not (the matrix spans more orders of magnitude
 * than the factorization resolves, as an element collapsed to a tiny
 * material length makes it).  Clobbers it->vals, rhs, z and r (the probe's
 * first solution: no workspace of its own): only on the way out of a failed
 * solve, after which every caller evaluates r anew. */
static int probe_null_dof(alecable_integrator *it)
{
    double D = 0.0, G = 0.0, big = 0.0;
    int i, k = -1;
    for (i = 0; i < it->nq; i++)
        if (fabs(it->vals[it->pat.diag[i]]) > D) D = fabs(it->vals[it->pat.diag[i]]);
    if (!(D > 0.0) || !isfinite(D)) D = 1.0;
    for (i = 0; i < it->ng; i++)
        if (fabs(it->vals[it->g_pos[i]]) > G) G = fabs(it->vals[it->g_pos[i]]);
    if (!(G > 0.0) || !isfinite(G)) G = 1.0;
    /* the constraint rows' shift in their own scale, that of G D^-1 G^T */
    if (shifted_probe(it, 1e-6 * D, 0.0, it->r))
        return it->nlam > 0 && shifted_probe(it, 0.0, 1e-6 * G * G / D, it->r) == 0 ? -2 : -3;
    if (shifted_probe(it, (1e-9 - 1e-6) * D, 0.0, it->z)) return -1;
    for (i = 0; i < it->nq; i++)
        if (fabs(it->z[i]) > 100.0 * fabs(it->r[i]) + 1e-300 && fabs(it->z[i]) > big) {
            big = fabs(it->z[i]);
            k = i;
        }
    if (k >= 0 && it->p.dof_class)
        for (i = 0; i < it->nq; i++)
            if (it->p.dof_class[i] == ALECABLE_PROBLEM_DOF_MATERIAL && fabs(it->z[i]) >= 0.5 * big &&
                fabs(it->z[i]) > 100.0 * fabs(it->r[i]))
                return i;
    return k;
}

/* Appends the free dof of a singular matrix to it->msg, in the namer's
 * terms when there is one. */
static void name_null_dof(alecable_integrator *it)
{
    char name[300];
    size_t len = strlen(it->msg);
    int k = probe_null_dof(it);
    it->null_dof = k >= 0 ? k : -1;
    if (k == -2 && it->stepping) /* the consistent start factored them: the step made them so */
        snprintf(it->msg + len, sizeof it->msg - len,
                 "; the constraints became dependent at this iterate (they were not at the step's start: the "
                 "iterate moved nodes where their constraints coincide, an element collapsed?): cut h");
    else if (k == -2)
        snprintf(it->msg + len, sizeof it->msg - len,
                 "; the constraints are dependent (a dof held twice, or joints that repeat each other)");
    if (k == -3)
        snprintf(it->msg + len, sizeof it->msg - len,
                 "; its entries span more orders of magnitude than the factorization resolves (an element "
                 "collapsed?): cut h");
    if (k < 0) return;
    if (!it->namer || it->namer(it->namer_ctx, it->null_dof, name, sizeof name) != 0)
        snprintf(name, sizeof name, "q[%d] (hold it, or give it mass or stiffness)", it->null_dof);
    snprintf(it->msg + len, sizeof it->msg - len, "; unrestrained: %s", name);
}

int dyn_factor_solve(alecable_integrator *it, const char *what, double t)
{
    int st = sp_kkt_factor_mut(it->lin, it->vals);
    it->null_dof = -1;
    if (st == SP_ESINGULAR) {
        MSG(it, "%s at t = %.9g: singular matrix (rcond %.3g)", what, t, sp_kkt_rcond(it->lin));
        if (!it->quiet_singular) name_null_dof(it);
        return ALECABLE_ESINGULAR;
    }
    if (st != SP_OK) {
        MSG(it, "%s at t = %.9g: linear solver failure in the factorization", what, t);
        return st == SP_ENOMEM ? ALECABLE_ENOMEM : ALECABLE_ELINSOLVE;
    }
    if (sp_kkt_solve(it->lin, it->rhs, it->z)) {
        MSG(it, "%s at t = %.9g: linear solve failed", what, t);
        return ALECABLE_ELINSOLVE;
    }
    it->stats.linear_solves++;
    it->stats.linear_flops += sp_kkt_flops(it->lin);
    /* the q rows' norm apart: the semi-implicit methods' error estimate */
    it->znorm_q = dyn_norm(it, it->z, it->nq);
    if (!isfinite(it->znorm_q) || !isfinite(dyn_norm(it, it->z + it->nq, it->n - it->nq))) {
        MSG(it, "%s at t = %.9g: the solution is not finite", what, t);
        return ALECABLE_ENAN;
    }
    return ALECABLE_OK;
}

size_t dyn_allocs_last_step(const alecable_integrator *it) { return it->allocs_last_step; }

/* ---- state ---- */

static double bound_h(const alecable_integrator *it, double h)
{
    if (it->o.h_max > 0.0 && h > it->o.h_max) h = it->o.h_max;
    return h < it->o.h_min ? it->o.h_min : h;
}

static int check_finite(alecable_integrator *it, const char *name, const double *x, int n)
{
    int i;
    for (i = 0; i < n; i++)
        if (!isfinite(x[i])) {
            MSG(it, "%s[%d] = %g is not finite", name, i, x[i]);
            return ALECABLE_EINVAL;
        }
    return ALECABLE_OK;
}

/* Rows of the q-block with neither mass nor constraint forces are algebraic
 * (a quasistatic Kirchhoff roll): they hold f_i(q) = 0 at every time, say
 * nothing about a, and leave their dof's acceleration undetermined.  They
 * take the second time derivative of that equation instead, K_i a = 0 at
 * rest (K = dr/dq), which is exact for v = 0; with v != 0 it leaves out the
 * velocity terms, which only seeds the first step's predictor of a dof whose
 * acceleration enters no equation.  Returns the number of such rows. */
static int algebraic_rows(alecable_integrator *it)
{
    int j, k, n_alg = 0;
    memset(it->massive, 0, (size_t)it->nq);
    for (j = 0; j < it->n; j++)
        for (k = it->pat.colptr[j]; k < it->pat.colptr[j + 1]; k++)
            if (it->pat.rowidx[k] < it->nq && it->vals[k] != 0.0) it->massive[it->pat.rowidx[k]] = 1;
    for (j = 0; j < it->nq; j++) n_alg += !it->massive[j];
    return n_alg;
}

/* Constraint rows that involve the multipliers themselves (the friction
 * contacts' law C(q, lambda) = 0: stick, C = w, holds the material; slip,
 * C = (mu N sigma - lambda_T) / eps, sets the friction force) are not
 * G a + gamma = 0 at the acceleration level: at the given q they fix their
 * multipliers.  Such a row (an entry in the multiplier columns of the
 * Jacobian at weights (0, 0, 1)) is taken as its law linearized in lambda
 * about the last pass's lambda, J_ll lambda = J_ll lambda_prev - C(lambda_prev),
 * its q entries (position derivatives, not accelerations) cleared.  Without
 * the law's constant a slipping contact came out with lambda_T = 0, and a
 * cable at rest in a solved equilibrium started with accelerations of
 * 1e7 m/s^2.  Uses it->fn and it->ga. */
static int multiplier_rows(alecable_integrator *it, double t, const dyn_state *s)
{
    int i, j, k, nq = it->nq, any = 0, st;
    memset(it->lam_alg, 0, (size_t)it->nlam * sizeof(int));
    for (j = nq; j < it->n; j++)
        for (k = it->pat.colptr[j]; k < it->pat.colptr[j + 1]; k++)
            if (it->pat.rowidx[k] >= nq && it->vals[k] != 0.0) any = it->lam_alg[it->pat.rowidx[k] - nq] = 1;
    if (!any) return ALECABLE_OK;
    if ((st = dyn_residual(it, t, s->q, s->v, it->zero, s->lam, it->fn))) return st;
    memset(it->ga, 0, (size_t)it->nlam * sizeof(double));
    for (j = 0; j < it->n; j++)
        for (k = it->pat.colptr[j]; k < it->pat.colptr[j + 1]; k++) {
            int r = it->pat.rowidx[k] - nq;
            if (r < 0 || !it->lam_alg[r]) continue;
            if (j < nq) it->vals[k] = 0.0;
            else it->ga[r] += it->vals[k] * s->lam[j - nq];
        }
    for (i = 0; i < it->nlam; i++)
        if (it->lam_alg[i]) it->rhs[nq + i] = it->ga[i] - it->fn[nq + i];
    return ALECABLE_OK;
}

/* [M G^T; G 0] [a; lambda] = [-f; -gamma]: M is the Jacobian with weights
 * (0, 0, 1), f = r_q at a = 0 and lambda = 0; algebraic rows as above.  A
 * problem with a history (friction contacts) has rows whose branch (stick
 * or slip) and slip limit depend on lambda itself: the system is solved
 * again with the Jacobian taken at the last lambda until lambda stops
 * changing (a few passes, each settling the contacts whose normal force the
 * previous one found; after 50 the last is kept), the contact rows taken as
 * their law (multiplier_rows).  restart: at a contact that closed
 * (after_switch), from the step's own lambda, and from the fifth pass on
 * lambda moves half way to each pass's: there a stuck contact's holding
 * force at the acceleration level may exceed mu N, the next pass slips it,
 * the one after sticks it again (a landing rope with friction: 50 passes
 * ended 0.2 .. 0.7 N apart, the last pass's friction up to twice mu N; with
 * the halving every restart converged). */
static int consistent_accelerations(alecable_integrator *it, double t, dyn_state *s, int restart)
{
    int st, i, j, k, nq = it->nq, n_alg, pass, passes = it->p.nhist > 0 ? 50 : 1;
    if (it->nlam > 0 && !it->p.constraint_rates) {
        MSG(it, "a == NULL needs problem.constraint_rates (gamma) for constrained problems: pass a and lambda");
        return ALECABLE_EINVAL;
    }
    if (!restart) memset(s->lam, 0, (size_t)it->nlam * sizeof(double));
    for (pass = 0; pass < passes; pass++) {
        double change = 0.0, size = 0.0;
        if ((st = dyn_jacobian(it, t, s->q, s->v, it->zero, s->lam, 0.0, 0.0, 1.0, ALECABLE_JAC_FULL))) return st;
        if ((st = dyn_residual(it, t, s->q, s->v, it->zero, it->zero, it->r))) return st;
        if (it->nlam > 0 && (st = it->p.constraint_rates(it->p.ctx, t, s->q, s->v, it->gdot, it->gam))) {
            MSG(it, "t = %.9g: constraint_rates failed (%s)", t, alecable_strerror(st));
            return st;
        }
        for (i = 0; i < nq; i++) it->rhs[i] = -it->r[i];
        for (i = 0; i < it->nlam; i++) it->rhs[nq + i] = -it->gam[i];
        if ((n_alg = algebraic_rows(it)) > 0) {
            if (need_vals_k(it)) return ALECABLE_ENOMEM;
            st = it->p.jacobian(it->p.ctx, t, s->q, s->v, it->zero, s->lam, 1.0, 0.0, 0.0, ALECABLE_JAC_FULL,
                                it->vals_k);
            it->stats.jacobian_evals++;
            if (st) {
                MSG(it, "t = %.9g: Jacobian evaluation failed (%s)", t, alecable_strerror(st));
                return st;
            }
            for (j = 0; j < nq; j++)
                for (k = it->pat.colptr[j]; k < it->pat.colptr[j + 1]; k++)
                    if (it->pat.rowidx[k] < nq && !it->massive[it->pat.rowidx[k]]) it->vals[k] = it->vals_k[k];
            for (i = 0; i < nq; i++)
                if (!it->massive[i]) it->rhs[i] = 0.0;
        }
        if (it->p.nhist > 0 && (st = multiplier_rows(it, t, s))) return st;
        if ((st = dyn_factor_solve(it, "consistent accelerations [M G^T; G 0]", t))) return st;
        memcpy(s->a, it->z, (size_t)nq * sizeof(double));
        for (i = 0; i < it->nlam; i++) {
            change = fmax(change, fabs(it->z[nq + i] - s->lam[i]));
            size = fmax(size, fabs(it->z[nq + i]));
        }
        if (restart && pass >= 4) /* a restart's friction rows may flip between stick and slip from pass to pass */
            for (i = 0; i < it->nlam; i++) s->lam[i] += 0.5 * (it->z[nq + i] - s->lam[i]);
        else
            memcpy(s->lam, it->z + nq, (size_t)it->nlam * sizeof(double));
        if (change <= 1e-12 * size) break;
    }
    return ALECABLE_OK;
}

/* Kinetic energy 1/2 v.M(q) v: the problem's kinetic_energy (a model's
 * elements give it without the scattered M v), else through its inertia
 * callback (M v into it->dq); 0 without the callback (the energy indicator
 * is off then). */
static int kinetic_energy(alecable_integrator *it, double t, const double *q, const double *v, double *T)
{
    double e = 0.0;
    int i, st, fused = it->p.kinetic_energy != NULL;
    *T = 0.0;
    if (!it->p.inertia) return ALECABLE_OK;
    /* the flop count stays the inertia's, the work the fused pass stands for */
    if (fused) st = it->p.kinetic_energy(&it->p, t, q, v, it->dq, T, NULL, NULL);
    else st = it->p.inertia(it->p.ctx, t, q, v, v, it->dq);
    it->stats.model_flops += it->p.flops_inertia;
    if (st) {
        *T = 0.0;
        MSG(it, "t = %.9g: %s failed (%s)", t, fused ? "the problem's kinetic_energy" : "inertia evaluation",
            alecable_strerror(st));
        return st;
    }
    if (fused) return ALECABLE_OK;
    for (i = 0; i < it->nq; i++) e += v[i] * it->dq[i];
    *T = 0.5 * e;
    return ALECABLE_OK;
}

/* The energy balance's terms at state s: its potential V(t, q) and the
 * power lambda . g_t that the constraints' motions supply (g_t = dg/dt at
 * fixed q: constraint_rates at v = 0).  The constraint forces are
 * -G^T lambda, and G v = -g_t on the constraint manifold. */
static int balance_terms(alecable_integrator *it, dyn_state *s, const double *pre)
{
    double P = 0.0, w_ext = 0.0;
    int i, st;
    if (pre) { /* the energy callback's values, from watch_energies */
        s->pot_int = pre[0];
        w_ext = pre[1];
    } else if ((st = it->p.energy(it->p.ctx, s->t, s->q, &s->pot_int, &w_ext))) {
        MSG(it, "t = %.9g: the problem's energy callback failed (%s)", s->t, alecable_strerror(st));
        return st;
    }
    if (it->nlam > 0) {
        if ((st = it->p.constraint_rates(it->p.ctx, s->t, s->q, it->zero, it->gdot, it->gam))) {
            MSG(it, "t = %.9g: constraint rates failed (%s)", s->t, alecable_strerror(st));
            return st;
        }
        for (i = 0; i < it->nlam; i++) P += s->lam[i] * it->gdot[i];
    }
    s->power = P;
    s->pot = s->pot_int + w_ext;
    if (!isfinite(s->pot) || !isfinite(P)) {
        MSG(it, "t = %.9g: the energy balance is not finite (V = %g, drive power %g)", s->t, s->pot, P);
        return ALECABLE_ENAN;
    }
    return ALECABLE_OK;
}

/* The watch's scales at a new initial state s (see alecable_dynamic_options):
 * L = max(||q||_inf, 1) unless given, E = L sum_i |f_i(t, q, v)|, f the
 * q-rows of the residual at a = 0 without the multipliers (loads, weights,
 * internal and gyroscopic forces), and the state's kinetic energy.  have_f:
 * it->r holds f already (the consistent accelerations evaluated it). */
static int watch_scales(alecable_integrator *it, dyn_state *s, int have_f)
{
    double L = it->o.watch_length, f = 0.0;
    int i, st;
    if (!(L > 0.0)) L = fmax(dyn_norm_inf(s->q, it->nq), 1.0);
    it->len_scale = L;
    it->energy_scale = it->energy_ref0 = 0.0;
    s->tkin = s->tmax = 0.0;
    s->fscale_ok = 0;
    if (it->o.watch < 0) return ALECABLE_OK;
    if (!have_f && (st = dyn_residual(it, s->t, s->q, s->v, it->zero, it->zero, it->r))) return st;
    for (i = 0; i < it->nq; i++) f += fabs(it->r[i]);
    it->energy_scale = L * f;
    if ((st = kinetic_energy(it, s->t, s->q, s->v, &s->tkin))) return st;
    s->tmax = s->tkin;
    it->energy_ref0 = fmax(it->energy_scale, s->tkin);
    it->balance = it->p.energy && it->p.inertia && it->o.watch_work > 0.0 && (it->nlam == 0 || it->p.constraint_rates);
    if (!it->balance) return ALECABLE_OK;
    if ((st = balance_terms(it, s, NULL))) return st;
    it->v0 = s->pot;
    it->vint0 = s->pot_int;
    it->e0 = s->tkin + s->pot;
    /* below this the balance reads noise: V's rounding (it sums every
     * element's energy), and the work of the forces over motions of 1e-9 of
     * the length scale, the order of Newton's increment tolerance (a model
     * at rest in a slipping equilibrium creeps by that much) */
    it->e_floor = 1e-12 * (fabs(s->pot_int) + fabs(s->pot - s->pot_int) + s->tkin) + 1e-9 * it->energy_scale + 1e-300;
    s->work = s->created = s->wslack = 0.0;
    s->exch = s->tkin;
    return ALECABLE_OK;
}

static int check_handle(alecable_integrator *it)
{
    if (!it) return ALECABLE_ENULL;
    it->msg[0] = '\0';
    return problem_stale(&it->p, it->msg, sizeof it->msg);
}

const void *dyn_problem_ctx(const alecable_integrator *it) { return it->p.ctx; }

ALECABLE_API int alecable_integrator_set_state(alecable_integrator *it, double t, const double *q, const double *v,
                                               const double *a, const double *lambda)
{
    dyn_state *s, *tmp;
    size_t bq, bl;
    int st;
    if ((st = check_handle(it))) return st;
    if (!q || !v) {
        MSG(it, "%s is NULL", !q ? "q" : "v");
        return ALECABLE_ENULL;
    }
    if (a && it->nlam > 0 && !lambda) {
        MSG(it, "lambda is NULL: with a given, lambda must be given too (or pass a = NULL)");
        return ALECABLE_ENULL;
    }
    if (!isfinite(t)) {
        MSG(it, "t = %g is not finite", t);
        return ALECABLE_EINVAL;
    }
    if ((st = check_finite(it, "q", q, it->nq)) || (st = check_finite(it, "v", v, it->nq))) return st;
    if (a && ((st = check_finite(it, "a", a, it->nq)) || (st = check_finite(it, "lambda", lambda, it->nlam))))
        return st;
    bq = (size_t)it->nq * sizeof(double);
    bl = (size_t)it->nlam * sizeof(double);
    s = it->trial; /* the current state survives a failure */
    s->t = t;
    memcpy(s->q, q, bq);
    memcpy(s->v, v, bq);
    if (a) {
        memcpy(s->a, a, bq);
        if (bl) memcpy(s->lam, lambda, bl);
    } else if ((st = consistent_accelerations(it, t, s, 0))) {
        return st;
    }
    /* Arnold-Bruls start their acceleration-like variable at a_0 */
    if (s->A) memcpy(s->A, s->a, bq);
    if (s->dq_old) memset(s->dq_old, 0, bq);
    if (s->v_old) memcpy(s->v_old, s->v, bq);
    s->h_old = 0.0;
    s->hist = 0;
    s->fc_ok = 0;
    if (s->w1) memcpy(s->w1, s->v, bq);
    s->tau1 = s->tau2 = t;
    s->nw = 1;
    s->h_next = bound_h(it, it->o.h);
    s->pred = DYN_PRED_TAYLOR;
    s->eswitch = 0.0;
    if (it->p.nhist > 0 && (st = it->p.history_get(it->p.ctx, s->phist))) {
        MSG(it, "the problem's history_get failed (%s)", alecable_strerror(st));
        return st;
    }
    if ((st = watch_scales(it, s, a == NULL))) return st;
    tmp = it->cur;
    it->cur = s;
    it->trial = tmp;
    it->has_state = 1;
    it->can_undo = 0;
    return ALECABLE_OK;
}

ALECABLE_API int alecable_integrator_sizes(const alecable_integrator *it, int *nq, int *nlam)
{
    if (!it) return ALECABLE_ENULL;
    if (nq) *nq = it->nq;
    if (nlam) *nlam = it->nlam;
    return ALECABLE_OK;
}

ALECABLE_API int alecable_integrator_get_state(const alecable_integrator *it, double *t, double *q, double *v,
                                               double *a, double *lambda)
{
    size_t bq;
    if (!it) return ALECABLE_ENULL;
    if (!it->has_state) return ALECABLE_ESTATE;
    bq = (size_t)it->nq * sizeof(double);
    if (t) *t = it->cur->t;
    if (q) memcpy(q, it->cur->q, bq);
    if (v) memcpy(v, it->cur->v, bq);
    if (a) memcpy(a, it->cur->a, bq);
    if (lambda && it->nlam > 0) memcpy(lambda, it->cur->lam, (size_t)it->nlam * sizeof(double));
    return ALECABLE_OK;
}

/* ---- stepping ---- */

static double now(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_MONOTONIC, &ts)) return 0.0;
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Failures a smaller step may cure: Newton did not converge, or it diverged
 * into non-finite values, or the iteration matrix lost its mass-dominance. */
static int recoverable(int st)
{
    return st == ALECABLE_ENOCONV || st == ALECABLE_ENAN || st == ALECABLE_ESINGULAR;
}

static int attempt(alecable_integrator *it, double h, double t1)
{
    it->iters = 0;
    it->n_res_hist = 0;
    it->err = 0.0;
    it->err_tol = 1.0;
    it->trial->t = t1;
    it->trial->pred = it->cur->pred; /* implicit.c may change it */
    it->trial->fscale_ok = 0;
    it->trial->eswitch = it->cur->eswitch;
    it->drift = 0.0;
    return it->par.semi ? dyn_semi_attempt(it, h, t1) : dyn_implicit_attempt(it, h, t1);
}

/* An accepted trial advances the history in force (see the file comment);
 * a failure may have changed part of it, so cur's is put back. */
static int commit_history(alecable_integrator *it)
{
    dyn_state *T = it->trial;
    const char *what = "history_commit";
    int st;
    it->closed = 0;
    if (it->p.nhist == 0) return ALECABLE_OK;
    st = it->p.history_commit(it->p.ctx, T->t, T->q, T->v, T->lam);
    if (st == ALECABLE_CONTACT_CLOSED) it->closed = 1, st = ALECABLE_OK;
    if (!st && (st = it->p.history_get(it->p.ctx, T->phist))) what = "history_get";
    if (st) {
        it->p.history_set(it->p.ctx, it->cur->phist);
        MSG(it, "t = %.9g: the problem's %s failed (%s); the step is not taken", T->t, what, alecable_strerror(st));
    }
    return st;
}

/* The saddle matrix [M G^T; G 0] of the problem at s into it->vals for the
 * projections at a switch (weights (0, 0, 1), as for the consistent
 * accelerations): massless rows take their stiffness rows (they stay in
 * equilibrium to first order), and rows that fix their own multipliers
 * (friction laws, released contact rows reading lambda = 0: it->lam_alg)
 * lose their q entries, so with a zero right-hand side they take no impulse. */
static int switch_matrix(alecable_integrator *it, const dyn_state *s)
{
    int st, j, k, nq = it->nq;
    if ((st = dyn_jacobian(it, s->t, s->q, s->v, it->zero, s->lam, 0.0, 0.0, 1.0, ALECABLE_JAC_FULL))) return st;
    if (algebraic_rows(it) > 0) {
        if (need_vals_k(it)) return ALECABLE_ENOMEM;
        st = it->p.jacobian(it->p.ctx, s->t, s->q, s->v, it->zero, s->lam, 1.0, 0.0, 0.0, ALECABLE_JAC_FULL,
                            it->vals_k);
        it->stats.jacobian_evals++;
        if (st) {
            MSG(it, "t = %.9g: Jacobian evaluation failed (%s)", s->t, alecable_strerror(st));
            return st;
        }
        for (j = 0; j < nq; j++)
            for (k = it->pat.colptr[j]; k < it->pat.colptr[j + 1]; k++)
                if (it->pat.rowidx[k] < nq && !it->massive[it->pat.rowidx[k]]) it->vals[k] = it->vals_k[k];
    }
    memset(it->lam_alg, 0, (size_t)it->nlam * sizeof(int));
    for (j = nq; j < it->n; j++)
        for (k = it->pat.colptr[j]; k < it->pat.colptr[j + 1]; k++)
            if (it->pat.rowidx[k] >= nq && it->vals[k] != 0.0) it->lam_alg[it->pat.rowidx[k] - nq] = 1;
    for (j = 0; j < nq; j++)
        for (k = it->pat.colptr[j]; k < it->pat.colptr[j + 1]; k++)
            if (it->pat.rowidx[k] >= nq && it->lam_alg[it->pat.rowidx[k] - nq]) it->vals[k] = 0.0;
    return ALECABLE_OK;
}

/* T + V at s (T alone when the energy balance is off: a host that wraps
 * the model's problem may leave its energy callback unwrapped then) */
static int switch_energy(alecable_integrator *it, const dyn_state *s, double *E)
{
    double wi = 0.0, we = 0.0;
    int st;
    if ((st = kinetic_energy(it, s->t, s->q, s->v, E))) return st;
    if (it->balance && (st = it->p.energy(it->p.ctx, s->t, s->q, &wi, &we))) {
        MSG(it, "t = %.9g: the problem's energy callback failed (%s)", s->t, alecable_strerror(st));
        return st;
    }
    *E += wi + we;
    return ALECABLE_OK;
}

/* A commit that closed a contact (ALECABLE_CONTACT_CLOSED: a node landed
 * on a sheave and took its first step there) makes the trial a new start
 * for the new set, as an inelastic impact (Deuflhard, Krause & Ertel's
 * contact-stabilized Newmark projects onto the contact in the same
 * metric): q onto the constraints by the least mass-weighted move (the
 * step has put it there already, to its tolerance) (Gauss-Newton: [M G^T; G 0] [dq; mu] = [0; -g] until
 * g meets the Newton tolerance), v onto their tangent space by one such
 * solve with -dg/dt, a and lambda consistent, the method's history
 * restarted as at set_state (A = a; the error estimate's samples; the
 * predictor).  Without it a landing node keeps its normal velocity while
 * the constraint holds its position: the trapezoidal rule, which damps
 * nothing, turns that into a multiplier alternating in sign every step
 * until Newton fails, and the damping methods ring for a while.  Only a
 * kept trial gets here; a failure puts cur's history back. */
static int after_switch(alecable_integrator *it)
{
    dyn_state *s = it->trial;
    double E0, E1, L = it->len_scale > 0.0 ? it->len_scale : 1.0;
    int st, i, pass, nq = it->nq;
    if (!it->closed || it->nlam == 0) return ALECABLE_OK;
    /* the landing's cost: from the start of the step that closed the contact to the restart (the step itself
     * takes the node from its depth onto the circle and leaves it faster than it came; the projection takes
     * that back) */
    if ((st = switch_energy(it, it->cur, &E0))) goto fail;
    for (pass = 0;; pass++) { /* positions */
        double worst = 0.0;
        if ((st = dyn_residual(it, s->t, s->q, s->v, it->zero, it->zero, it->r))) goto fail;
        if ((st = switch_matrix(it, s))) goto fail;
        for (i = 0; i < it->nlam; i++) {
            double g = it->lam_alg[i] ? 0.0 : it->r[nq + i];
            worst = fmax(worst, fabs(g));
            it->rhs[nq + i] = -g;
        }
        if (worst <= it->o.tol_increment * L) break;
        if (pass == 10) {
            MSG(it, "t = %.9g: a constraint switched on, and moving q onto it left |g| = %.3g after 10 passes; cut h",
                s->t, worst);
            st = ALECABLE_ENOCONV;
            goto fail;
        }
        memset(it->rhs, 0, (size_t)nq * sizeof(double));
        if ((st = dyn_factor_solve(it, "projection onto the switched constraints", s->t))) goto fail;
        if ((st = dyn_update(it, s->q, it->z, 1.0))) goto fail;
    }
    if (it->p.constraint_rates) { /* velocities; the matrix is the last pass's, at this q */
        if ((st = it->p.constraint_rates(it->p.ctx, s->t, s->q, s->v, it->gdot, it->gam))) {
            MSG(it, "t = %.9g: constraint_rates failed (%s)", s->t, alecable_strerror(st));
            goto fail;
        }
        memset(it->rhs, 0, (size_t)nq * sizeof(double));
        for (i = 0; i < it->nlam; i++) it->rhs[nq + i] = it->lam_alg[i] ? 0.0 : -it->gdot[i];
        if ((st = dyn_factor_solve(it, "velocity projection at a switch", s->t))) goto fail;
        for (i = 0; i < nq; i++) s->v[i] += it->z[i];
    }
    if ((st = consistent_accelerations(it, s->t, s, 1))) goto fail;
    if (s->A) memcpy(s->A, s->a, (size_t)nq * sizeof(double));
    if (s->dq_old) memset(s->dq_old, 0, (size_t)nq * sizeof(double));
    if (s->v_old) memcpy(s->v_old, s->v, (size_t)nq * sizeof(double));
    s->h_old = 0.0;
    s->hist = 0;
    s->fc_ok = 0;
    if (s->w1) memcpy(s->w1, s->v, (size_t)nq * sizeof(double));
    s->tau1 = s->tau2 = s->t;
    s->nw = 1;
    s->pred = DYN_PRED_TAYLOR;
    s->fscale_ok = 0;
    if ((st = switch_energy(it, s, &E1))) goto fail;
    s->eswitch += E1 - E0;
    if ((st = kinetic_energy(it, s->t, s->q, s->v, &s->tkin))) goto fail;
    if (it->balance) {
        if ((st = balance_terms(it, s, NULL))) goto fail;
        s->created = s->tkin + s->pot - it->e0 - s->work;
    }
    /* the evaluations above left the problem's memory within a solve (the
     * friction contacts' last Newton branch), which the next step must not
     * start from: an undo clears it, so a step taken again would not be the
     * same to the bit */
    if (it->p.nhist > 0 && (st = it->p.history_set(it->p.ctx, s->phist))) goto fail;
    return ALECABLE_OK;
fail:
    if (it->p.nhist > 0) it->p.history_set(it->p.ctx, it->cur->phist);
    return recoverable(st) ? ALECABLE_STEP_TOO_LARGE : st;
}

static void accept(alecable_integrator *it, double h)
{
    dyn_state *old_prev = it->prev;
    it->prev = it->cur;
    it->cur = it->trial;
    it->trial = old_prev;
    it->can_undo = 1;
    it->stats.steps++;
    it->stats.last_h = h;
    it->stats.last_iterations = it->iters;
    it->stats.last_scaled_residual = it->last_ratio;
    it->stats.residual_scale_source = it->scale_src;
    it->stats.energy_created = it->balance ? it->cur->created : 0.0;
    it->stats.work_supplied = it->balance ? it->cur->work : 0.0;
    it->stats.energy_exchanged = it->balance ? it->cur->exch : 0.0;
    it->stats.energy_switched = it->cur->eswitch;
}

/* SAFETY (tol/err)^(1/3) clamped to [SHRINK, GROW]; a NaN estimate shrinks. */
static double step_factor(double err, double tol)
{
    double f;
    if (!(err >= 0.0)) return SHRINK;
    if (err == 0.0) return GROW;
    f = SAFETY * cbrt(tol / err);
    return f < SHRINK ? SHRINK : f > GROW ? GROW : f;
}

/* The size of the next attempt and how it relates to the request. */
typedef struct attempt_plan {
    double h;
    int full;    /* the attempt covers the whole request (it may land on t_end) */
    int limited; /* the request, not the controller, chose h */
} attempt_plan;

enum { RETRY = 1000 }; /* internal, distinct from every ALECABLE_ status: try again with plan->h */

static attempt_plan first_plan(const alecable_integrator *it, double h_req)
{
    attempt_plan pl;
    pl.h = h_req;
    pl.full = 1;
    pl.limited = 0;
    if (it->o.adaptive && it->cur->h_next < h_req) {
        pl.h = it->cur->h_next;
        pl.full = 0;
    } else if (it->o.adaptive) {
        pl.limited = h_req < it->cur->h_next;
    }
    return pl;
}

/* Adaptive error test of a converged attempt: ALECABLE_OK (accepted, the
 * next proposal stored in trial), RETRY with a smaller plan->h, or failure
 * at h_min. */
static int error_test(alecable_integrator *it, attempt_plan *pl)
{
    double fac = step_factor(it->err, it->err_tol), hn = fac * pl->h;
    if (it->err <= it->err_tol) {
        /* a step cut short by the request says nothing against the old proposal */
        it->trial->h_next = bound_h(it, pl->limited && hn > it->cur->h_next ? it->cur->h_next : hn);
        return ALECABLE_OK;
    }
    it->stats.rejected++;
    if (pl->h <= it->o.h_min) {
        MSG(it, "t = %.9g: local error %.3g exceeds the tolerance %.3g at options.h_min = %g", it->cur->t, it->err,
            it->err_tol, it->o.h_min);
        return ALECABLE_ENOCONV;
    }
    pl->h = hn < it->o.h_min ? it->o.h_min : hn;
    pl->full = pl->limited = 0;
    return RETRY;
}

static void append_msg(alecable_integrator *it, const char *what, double x)
{
    size_t len = strlen(it->msg);
    snprintf(it->msg + len, sizeof it->msg - len, what, x);
}

/* A failed attempt: fixed steps report it (recoverable failures as
 * ALECABLE_STEP_TOO_LARGE), adaptive steps halve h down to h_min. */
static int after_failure(alecable_integrator *it, int st, attempt_plan *pl)
{
    if (!recoverable(st)) return st;
    it->stats.rejected++;
    if (!it->o.adaptive) {
        if (st == ALECABLE_ESINGULAR) return st;
        append_msg(it, "; cut h = %g and retry", pl->h);
        return ALECABLE_STEP_TOO_LARGE;
    }
    if (0.5 * pl->h < it->o.h_min) {
        append_msg(it, "; the step size would fall below options.h_min = %g", it->o.h_min);
        return st == ALECABLE_ESINGULAR ? st : ALECABLE_ENOCONV;
    }
    pl->h *= 0.5;
    pl->full = pl->limited = 0;
    return RETRY;
}

/* The divergence watch (alecable_dynamic_options.watch) on a converged
 * attempt of size h, before it is accepted: ALECABLE_OK (and the trial's
 * watch state), or ALECABLE_DIVERGING with a message naming the indicator,
 * its value, its threshold and the cure. */
static int similar_steps(double h, const dyn_state *S)
{
    double hp = 2.0 * (S->t - S->tau1), hpp = 2.0 * (S->tau1 - S->tau2) - hp; /* the last two steps */
    return h <= 10.0 * hp && hp <= 10.0 * h && hp <= 10.0 * hpp && hpp <= 10.0 * hp;
}

/* The work that reactions other than G^T lambda (the problem's
 * reaction_power, linear in v) supply over the step from S to T: the
 * trapezoidal rule on their force along the step's mean velocity,
 * 1/2 (F_S + F_T) . (v_S + v_T) h / 2, which is the trapezoidal rule's own
 * discrete work (its dq = h (v_S + v_T) / 2); the powers at the states'
 * own velocities are not, where the velocities ring with period 2h (a
 * sheave's contact edge under the trapezoidal rule).  In *slack the rule's
 * error bound h/2 |P_T - P_S|, as for the drives' power. */
static int reaction_work(alecable_integrator *it, const dyn_state *S, const dyn_state *T, double *w, double *slack)
{
    double ps = 0.0, pt = 0.0, h = T->t - S->t;
    int i, st;
    *w = *slack = 0.0;
    if (!it->p.reaction_power) return ALECABLE_OK;
    for (i = 0; i < it->nq; i++) it->dq[i] = 0.5 * (S->v[i] + T->v[i]);
    if ((st = it->p.reaction_power(it->p.ctx, S->t, S->q, it->dq, S->lam, &ps)) ||
        (st = it->p.reaction_power(it->p.ctx, T->t, T->q, it->dq, T->lam, &pt))) {
        MSG(it, "t = %.9g: the problem's reaction_power failed (%s)", T->t, alecable_strerror(st));
        return st;
    }
    if (!isfinite(ps) || !isfinite(pt)) {
        MSG(it, "t = %.9g: the reactions' power is not finite (%g, %g)", T->t, ps, pt);
        return ALECABLE_ENAN;
    }
    *w = 0.5 * h * (ps + pt);
    *slack = 0.5 * h * fabs(pt - ps);
    return ALECABLE_OK;
}

/* The energy balance of the trial state T after a step of size h from cur:
 * T + V may not exceed E0 plus the drives' work by more than watch_work of
 * the energy exchanged (friction and damping only take energy; numerical
 * damping too).  The creation is cumulative, so a steady drift trips it as
 * a single bad step does. */
static int watch_balance(alecable_integrator *it, double h, const char *cure, const double *pre)
{
    const dyn_state *S = it->cur;
    dyn_state *T = it->trial;
    double ref, wr, sr;
    int st;
    if ((st = balance_terms(it, T, pre)) || (st = reaction_work(it, S, T, &wr, &sr))) return st;
    T->work = S->work + 0.5 * (T->t - S->t) * (S->power + T->power) + wr;
    T->wslack = S->wslack + 0.5 * (T->t - S->t) * fabs(T->power - S->power) + sr;
    T->created = T->tkin + T->pot - it->e0 - T->work;
    /* what moved between the forms: kinetic, elastic, the loads' potential, the drives' work */
    T->exch = fmax(fmax(S->exch, T->tkin), fmax(fmax(fabs(T->pot_int - it->vint0),
                                                      fabs(T->pot - T->pot_int - (it->v0 - it->vint0))),
                                                 fabs(T->work)));
    ref = fmax(T->exch, it->e_floor);
    if (!(T->created <= it->o.watch_work * ref + T->wslack)) {
        MSG(it, "t = %.9g, h = %g: divergence watch: energy balance: the steps since the initial state created "
            "%.3g J (T + V grew by %.3g J, the constraints' motions and reactions supplied %.3g J +- %.3g J), above "
            "watch_work = %g times the energy exchanged %.3g J; %s", T->t, h, T->created, T->tkin + T->pot - it->e0, T->work,
            T->wslack, it->o.watch_work, ref, cure);
        return ALECABLE_DIVERGING;
    }
    return ALECABLE_OK;
}

/* The trial's kinetic energy and, where the balance is on and the problem
 * gives both from one pass (its kinetic_energy), the energy callback's
 * values into pre (*have = 1) */
static int watch_energies(alecable_integrator *it, dyn_state *s, double pre[2], int *have)
{
    int st;
    *have = 0;
    if (it->balance && it->p.kinetic_energy) {
        st = it->p.kinetic_energy(&it->p, s->t, s->q, s->v, it->dq, &s->tkin, &pre[0], &pre[1]);
        it->stats.model_flops += it->p.flops_inertia;
        if (st) {
            s->tkin = 0.0;
            MSG(it, "t = %.9g: the problem's kinetic_energy (with the energies) failed (%s)", s->t,
                alecable_strerror(st));
            return st;
        }
        *have = 1;
        return ALECABLE_OK;
    }
    return kinetic_energy(it, s->t, s->q, s->v, &s->tkin);
}

static int watch(alecable_integrator *it, double h)
{
    const alecable_dynamic_options *o = &it->o;
    const dyn_state *S = it->cur;
    dyn_state *T = it->trial;
    double L = it->len_scale, x, ref, a, pre[2];
    const char *cure = "cut h, or change the method (HHT or generalized-alpha damp what trapezoidal Newmark keeps; a "
                       "semi-implicit method's one linearization per step needs h well below the stiffest element's "
                       "time scale)";
    int st, have_pre;
    T->tkin = 0.0;
    T->tmax = S->tmax;
    if (o->watch < 0) return ALECABLE_OK;
    x = dyn_norm(it, T->q, it->nq);
    if (o->watch_displacement > 0.0 && !(x <= o->watch_displacement * L)) {
        MSG(it, "t = %.9g, h = %g: divergence watch: a coordinate reached |q| = %.3g, beyond watch_displacement = "
            "%g times the length scale %.3g; check the loads and their units, or %s", T->t, h, x,
            o->watch_displacement, L, cure);
        return ALECABLE_DIVERGING;
    }
    /* the implicit methods' estimate from one sample (the first step after
     * set_state: (A_1 - A_0)/h) measures how far the consistent start's
     * high modes are from what the method makes of them, not a divergence */
    /* nor does it when the steps it spans differ by more than a factor of ten
     * (a host's first step of 1e-9 s, then 1e-3 s): a velocity jump that a
     * drive imposes at the start then reads as an enormous third derivative */
    if (o->watch_error > 0.0 && (it->par.semi || (S->nw >= 2 && similar_steps(h, S))) &&
        !(it->err <= o->watch_error * L)) {
        MSG(it, "t = %.9g, h = %g: divergence watch: local error estimate %.3g in one step, above watch_error = %g "
            "times the length scale %.3g; %s", T->t, h, it->err, o->watch_error, L, cure);
        return ALECABLE_DIVERGING;
    }
    if (it->par.semi && o->watch_drift > 0.0 && !(it->drift <= o->watch_drift * L)) {
        MSG(it, "t = %.9g, h = %g: divergence watch: constraint drift |g| = %.3g, above watch_drift = %g times the "
            "length scale %.3g; %s", T->t, h, it->drift, o->watch_drift, L, cure);
        return ALECABLE_DIVERGING;
    }
    if (it->p.step_limit) {
        a = 1.0;
        if ((st = it->p.step_limit(it->p.ctx, S->q, it->dstep, &a))) {
            MSG(it, "t = %.9g: the problem's step_limit failed (%s)", T->t, alecable_strerror(st));
            return st < 0 ? st : ALECABLE_EINVAL;
        }
        if (a < 1.0) {
            MSG(it, "t = %.9g, h = %g: divergence watch: the step collapses or inverts an element (the problem's "
                "step_limit admits %.3g of it); %s", T->t, h, a, cure);
            return ALECABLE_DIVERGING;
        }
    }
    if ((st = watch_energies(it, T, pre, &have_pre))) return st;
    ref = fmax(it->energy_scale, S->tmax);
    /* a run that starts at rest without forces (a drive or a later load sets
     * it going) has no energy scale: the kinetic energy of its first steps
     * may grow by any factor (a load rising as t^3 from zero: T ~ t^8) */
    if (o->watch_energy > 0.0 && it->p.inertia && it->energy_ref0 > 0.0 && !(T->tkin <= o->watch_energy * ref)) {
        MSG(it, "t = %.9g, h = %g: divergence watch: kinetic energy %.3g J, above watch_energy = %g times %.3g J (the "
            "larger of the forces' energy scale %.3g J and the largest kinetic energy so far): the step creates "
            "energy; %s", T->t, h, T->tkin, o->watch_energy, ref, it->energy_scale, cure);
        return ALECABLE_DIVERGING;
    }
    if (T->tkin > T->tmax) T->tmax = T->tkin;
    if (it->balance) return watch_balance(it, h, cure, have_pre ? pre : NULL);
    return ALECABLE_OK;
}

/* One accepted step of size <= h_req (adaptive) or == h_req.  final: the
 * step ends the interval of advance, so a full-length step lands on t_end
 * exactly instead of t + h. */
static int step_once(alecable_integrator *it, double h_req, int final, double t_end)
{
    attempt_plan pl = first_plan(it, h_req);
    int st;
    it->stepping = 1;
    do {
        st = attempt(it, pl.h, final && pl.full ? t_end : it->cur->t + pl.h);
        it->stats.newton_iterations += it->iters;
        if (st == ALECABLE_OK) {
            it->trial->h_next = it->cur->h_next;
            if (it->o.adaptive) st = error_test(it, &pl);
            if (st == ALECABLE_OK && (st = watch(it, pl.h)) == ALECABLE_DIVERGING && it->o.adaptive) {
                /* adaptive: a tripped watch is a rejected step */
                it->stats.rejected++;
                if (0.5 * pl.h >= it->o.h_min) {
                    pl.h *= 0.5;
                    pl.full = pl.limited = 0;
                    st = RETRY;
                } else {
                    append_msg(it, " (at options.h_min = %g)", it->o.h_min);
                }
            }
        } else {
            st = after_failure(it, st, &pl);
        }
        /* an attempt that is not kept leaves nothing behind: the history in
         * force goes back to cur's (a problem may keep memory within a
         * solve, as the friction contacts keep their last Newton branch) */
        if (st != ALECABLE_OK && it->p.nhist > 0) it->p.history_set(it->p.ctx, it->cur->phist);
    } while (st == RETRY);
    /* outside the loop: a host's status can never read as RETRY, and only
     * the attempt that is kept commits */
    if (st == ALECABLE_OK && (st = commit_history(it)) == ALECABLE_OK && (st = after_switch(it)) == ALECABLE_OK)
        accept(it, pl.h);
    it->stepping = 0;
    return st;
}

static int check_stepping(alecable_integrator *it)
{
    int st = check_handle(it);
    if (st) return st;
    if (!it->has_state) {
        MSG(it, "no state: call alecable_integrator_set_state first");
        return ALECABLE_ESTATE;
    }
    return ALECABLE_OK;
}

static void begin_call(alecable_integrator *it, double *t0)
{
    it->alloc_mark = ac_alloc_events(&it->alloc);
    *t0 = now();
}

static void end_call(alecable_integrator *it, double t0)
{
    it->allocs_last_step = ac_alloc_events(&it->alloc) - it->alloc_mark;
    it->stats.wall_time += now() - t0;
}

ALECABLE_API int alecable_integrator_step(alecable_integrator *it, double h)
{
    double t0;
    int st = check_stepping(it);
    if (st) return st;
    if (!(isfinite(h) && h > 0.0)) {
        MSG(it, "h = %g must be finite and > 0", h);
        return ALECABLE_EINVAL;
    }
    begin_call(it, &t0);
    st = step_once(it, h, 0, 0.0);
    end_call(it, t0);
    return st;
}

/* Next request of advance: the step size (options.h, or the controller's
 * proposal), the whole remainder when it is within reach, half of it when
 * one step would leave a sliver. */
static double advance_request(const alecable_integrator *it, double rem, int *final)
{
    double hn = it->o.adaptive ? it->cur->h_next : it->o.h;
    *final = rem <= hn * (1.0 + LAST_STEP_SLACK);
    if (*final) return rem;
    if (it->o.adaptive && rem < 2.0 * hn) return 0.5 * rem;
    return hn;
}

ALECABLE_API int alecable_integrator_advance(alecable_integrator *it, double t_end)
{
    double t0;
    int st = check_stepping(it);
    if (st) return st;
    if (!isfinite(t_end) || t_end < it->cur->t) {
        MSG(it, "t_end = %.9g must be finite and >= the current time %.9g", t_end, it->cur->t);
        return ALECABLE_EINVAL;
    }
    begin_call(it, &t0);
    while (st == ALECABLE_OK && it->cur->t < t_end) {
        int final;
        double h = advance_request(it, t_end - it->cur->t, &final);
        st = step_once(it, h, final, t_end);
    }
    end_call(it, t0);
    return st;
}

ALECABLE_API int alecable_integrator_undo(alecable_integrator *it)
{
    dyn_state *tmp;
    int st = check_stepping(it);
    if (st) return st;
    if (!it->can_undo) {
        MSG(it, "nothing to undo: no successful step since set_state or the last undo");
        return ALECABLE_ESTATE;
    }
    /* prev's history first: if the problem refuses it, nothing is undone */
    if (it->p.nhist > 0 && (st = it->p.history_set(it->p.ctx, it->prev->phist))) {
        it->p.history_set(it->p.ctx, it->cur->phist);
        MSG(it, "the problem's history_set failed (%s); nothing is undone", alecable_strerror(st));
        return st;
    }
    tmp = it->cur;
    it->cur = it->prev;
    it->prev = tmp;
    it->can_undo = 0;
    return ALECABLE_OK;
}

ALECABLE_API int alecable_integrator_newton_history(const alecable_integrator *it, const double **norms, int *count)
{
    if (!it || !norms || !count) return ALECABLE_ENULL;
    *norms = it->res_hist;
    *count = it->n_res_hist;
    return ALECABLE_OK;
}

ALECABLE_API int alecable_integrator_stats(const alecable_integrator *it, alecable_step_stats *s)
{
    size_t n;
    if (!it || !s) return ALECABLE_ENULL;
    if (s->struct_size < DYN_STATS_V2) return ALECABLE_EINVAL;
    /* 0.2's struct, without the stop test's fields, is filled as far as it goes */
    n = s->struct_size < sizeof *s ? DYN_STATS_V2 : sizeof *s;
    memcpy(s, &it->stats, n);
    s->struct_size = n;
    return ALECABLE_OK;
}
