/* Semi-implicit methods of paper 001 sec. 3: one linear solve per step for the
 * accelerations and multipliers together.
 *
 * Every method writes its update as
 *     q_{n+1} = q_n (+) (dq_p + c_q a_{n+1}),    v_{n+1} = v_p + c_v a_{n+1}
 * with a history part (dq_p, v_p) and weights (c_q, c_v):
 *   SI-BE   (paper eq. 1, v_{n+1} = v_n + h a_{n+1}, q_{n+1} = q_n + h v_{n+1}):
 *           dq_p = h v_n, v_p = v_n, c_q = h^2, c_v = h.
 *   SI-BDF2 (y_{n+1} = y_n + kappa (y_n - y_{n-1}) + b y'_{n+1} for y = q and v;
 *           variable step w = h_n/h_{n-1}: kappa = w^2/(1+2w), b = h (1+w)/(1+2w);
 *           constant step: 1/3 and 2h/3):
 *           v_p = v_n + kappa (v_n - v_{n-1}), dq_p = kappa (q_n (-) q_{n-1}) + b v_p,
 *           c_q = b^2 (4h^2/9), c_v = b (2h/3).  The first step after
 *           set_state has no history and is SI-BE.
 *   SI-Newmark (eq. 19): dq_p = h v_n + h^2 (1/2 - beta) a_n,
 *           v_p = v_n + h (1 - gamma) a_n, c_q = beta h^2, c_v = gamma h.
 *   SI-HHT: the Newmark update with beta = (1-alpha)^2/4, gamma = 1/2 - alpha,
 *           and the forces of eq. 27 (with the sign of Negrut et al.):
 *           M a_{n+1} + (1+alpha) [f + G^T lambda]_{n+1} - alpha [f + G^T lambda]_n = 0.
 *
 * Baraff & Witkin's linearization (eqs. 2, 21) is taken about the point
 * a_{n+1} = a_n: q_l = q_n (+) (dq_p + c_q a_n), v_l = v_p + c_v a_n,
 * lambda_l = lambda_n, so with da = a_{n+1} - a_n and c = 1 + alpha (HHT) or 1,
 *     c r_q(q_l + c_q da, v_l + c_v da, (a_n + da)/c, lambda_l + dl)
 *         ~ c r_q(l) + J(c c_q, c c_v, 1) da + G^T (c dl),
 * i.e. eq. 22 / 26a: H = M - c_q J_q - c_v J_v of the paper (J_q = -df/dq)
 * is the problem's Jacobian with weights (c c_q, c c_v, 1):
 *     SI-BE (h^2, h, 1); SI-BDF2 (4h^2/9, 2h/3, 1); SI-Newmark (beta h^2,
 *     gamma h, 1); SI-HHT ((1+alpha) beta h^2, (1+alpha) gamma h, 1),
 * evaluated at the linearization point, and the right-hand side is
 * -c r_q(l) (+ alpha F_n for HHT, F_n = r_q(t_n, q_n, v_n, 0, lambda_n)),
 * which holds Q_n + J_q [h v_n + h^2/2 (1 - 2 beta) a_n] + ... of eq. 26b
 * evaluated exactly instead of linearized about q_n.  On a linear problem the
 * step equals the implicit method's.  IMEX (eq. 28): the Jacobian is asked for
 * the stiff forces only, the residual keeps all forces (non-stiff ones
 * explicit at the linearization point).
 *
 * HHT's force history.  The solve makes the linear model of the q-rows hold:
 * c r(q_{n+1}, v_{n+1}, a_{n+1}/c, lambda_{n+1}) = alpha F_n.  The residual
 * is affine in a (its inertia is M(q) a plus terms quadratic in v), so the
 * step has also given F_{n+1} = (alpha F_n - M(q_{n+1}) a_{n+1}) / c, which
 * the next step takes as its F_n, the way implicit HHT codes keep the force
 * of the converged iterate.  That costs the problem's inertia callback (M a)
 * instead of a residual; it carries the step's linearization error, damped by
 * alpha/c per step.  Without the callback, with IMEX (explicit forces are not
 * in the linear model) or when asked (ALECABLE_HHT_HISTORY_EVALUATE), and on
 * the first step after set_state, F_n is evaluated.  A state carries its own
 * F_n, so undo and retries replay exactly; changed loads enter F_{n+1}.
 *
 * Constraint rows (eq. 24, g'' + 2 a1 g' + a2^2 g = 0 with g'' = G a + gamma).
 * Paper eq. 25 evaluates g' and g at t_n.  With the default a1 = a2 = 1/h that
 * explicit feedback is unstable: for a linear constraint the drift
 * (g, h g', h^2 g'') obeys a linear recursion of spectral radius
 * (1 + sqrt 5)/2 for SI-BE and about 2.08 for SI-Newmark.  The law is therefore
 * imposed at t_{n+1}, with g_{n+1} ~ g_l + c_q G da, g'_{n+1} ~ g'_l + c_v G da:
 *     G da = -(G a_n + gamma_l + 2 a1 g'_l + a2^2 g_l) / (1 + 2 a1 c_v + a2^2 c_q),
 * all at the linearization point (spectral radius of the drift 1/3 for
 * SI-Newmark with a1 = a2 = 1/h).  a1, a2 = 1/h when the options leave 0.
 *
 * All of the above is the library's scheme (ALECABLE_SI_SCHEME_LIBRARY).
 * ALECABLE_SI_SCHEME_PAPER is paper 001 as printed: see paper_attempt. */
#include "dynamic_internal.h"
#include "../core/isa.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

typedef struct si_coef {
    double cq, cv;
} si_coef;

/* History part of the update into it->dq (dq_p) and T->v (v_p).  The
 * loops run on restrict pointers (the state's, the trial's and the work
 * arrays are distinct allocations) so that they vectorize: the same
 * operations in the same order per entry. */
static si_coef history(alecable_integrator *it, double h, const dyn_state *S, dyn_state *T)
{
    const dyn_params *p = &it->par;
    const double *restrict sv = S->v, *restrict sa = S->a;
    double *restrict dq = it->dq, *restrict tv = T->v;
    si_coef c;
    int i, nq = it->nq, bdf2 = p->method == ALECABLE_METHOD_SI_BDF2 && S->hist;
    if (p->method == ALECABLE_METHOD_SI_NEWMARK || p->method == ALECABLE_METHOD_SI_HHT) {
        const double wa = h * h * (0.5 - p->beta), wv = h * (1.0 - p->gamma);
        for (i = 0; i < nq; i++) {
            dq[i] = h * sv[i] + wa * sa[i];
            tv[i] = sv[i] + wv * sa[i];
        }
        c.cq = p->beta * h * h;
        c.cv = p->gamma * h;
    } else if (bdf2) {
        double w = h / S->h_old, kap = w * w / (1.0 + 2.0 * w), b = h * (1.0 + w) / (1.0 + 2.0 * w);
        const double *restrict vo = S->v_old, *restrict dqo = S->dq_old;
        for (i = 0; i < nq; i++) {
            tv[i] = sv[i] + kap * (sv[i] - vo[i]);
            dq[i] = kap * dqo[i] + b * tv[i];
        }
        c.cq = b * b;
        c.cv = b;
    } else { /* SI-BE, and BDF2's first step */
        for (i = 0; i < nq; i++) {
            dq[i] = h * sv[i];
            tv[i] = sv[i];
        }
        c.cq = h * h;
        c.cv = h;
    }
    return c;
}

/* Linearization point: dq_l = dq_p + c_q a_n in it->dq, q_l, v_l in T, the
 * acceleration handed to the problem (a_n / c) in T->a. */
static int linearization_point(alecable_integrator *it, si_coef c, const dyn_state *S, dyn_state *T)
{
    const double cf = 1.0 + it->par.alpha_hht, *restrict sa = S->a;
    double *restrict dq = it->dq, *restrict tv = T->v, *restrict ta = T->a;
    int i, nq = it->nq;
    for (i = 0; i < nq; i++) {
        dq[i] += c.cq * sa[i];
        tv[i] += c.cv * sa[i];
        ta[i] = sa[i] / cf;
    }
    memcpy(T->q, S->q, (size_t)nq * sizeof(double));
    return dyn_update(it, T->q, it->dq, 1.0);
}

/* The per-entry passes of a SI-Newmark / SI-HHT step, written once and
 * compiled twice: for the target's baseline and, where ac_isa() chose it
 * at create (it->v3), with AVX2's four-wide vectors (half the divisions'
 * issue slots).  Each entry gets the same operations in the same order
 * (no multiply-add: target avx2 without fma), so both copies agree to the
 * bit. */
#if AC_HAVE_ISA_V3
#define SI_V3 __attribute__((target("avx2")))
#endif

/* the linearization point (newmark_point) with q_l = q_n + 1 dq_l */
static inline void point_pass(int nq, const double k[6], const double *restrict sq, const double *restrict sv,
                              const double *restrict sa, double *restrict dq, double *restrict tq,
                              double *restrict tv, double *restrict ta)
{
    const double h = k[0], wa = k[1], wv = k[2], cq = k[3], cv = k[4], cf = k[5];
    int i;
    for (i = 0; i < nq; i++) {
        const double d = h * sv[i] + wa * sa[i], w = sv[i] + wv * sa[i], x = d + cq * sa[i];
        dq[i] = x;
        tv[i] = w + cv * sa[i];
        ta[i] = sa[i] / cf;
        tq[i] = sq[i] + 1.0 * x;
    }
}

/* the new state (finish) with q_{n+1} = q_l + c_q z */
static inline void finish_pass(int nq, double cq, double cv, const double *restrict sa, const double *restrict z,
                               double *restrict tq, double *restrict ta, double *restrict tv, double *restrict ds)
{
    int i;
    for (i = 0; i < nq; i++) {
        tq[i] += cq * z[i];
        ta[i] = sa[i] + z[i];
        tv[i] += cv * z[i];
        ds[i] = ds[i] + cq * z[i];
    }
}

/* carry_force's F_{n+1}; f may be fc itself (no restrict on the two) */
static inline void force_pass(int nq, double ah, double cf, const double *f, const double *restrict r, double *fc)
{
    int i;
    for (i = 0; i < nq; i++) fc[i] = (ah * f[i] - r[i]) / cf;
}

/* the right-hand side's q rows, -(c r - alpha F_n) (SI-HHT) */
static inline void rhs_pass(int nq, double cf, double ah, const double *restrict r, const double *restrict f,
                            double *restrict rhs)
{
    int i;
    for (i = 0; i < nq; i++) rhs[i] = -(cf * r[i] - ah * f[i]);
}

static void point_base(int nq, const double k[6], const double *sq, const double *sv, const double *sa, double *dq,
                       double *tq, double *tv, double *ta)
{
    point_pass(nq, k, sq, sv, sa, dq, tq, tv, ta);
}

static void finish_base(int nq, double cq, double cv, const double *sa, const double *z, double *tq, double *ta,
                        double *tv, double *ds)
{
    finish_pass(nq, cq, cv, sa, z, tq, ta, tv, ds);
}

static void force_base(int nq, double ah, double cf, const double *f, const double *r, double *fc)
{
    force_pass(nq, ah, cf, f, r, fc);
}

#if AC_HAVE_ISA_V3
SI_V3 static void point_v3(int nq, const double k[6], const double *sq, const double *sv, const double *sa,
                           double *dq, double *tq, double *tv, double *ta)
{
    point_pass(nq, k, sq, sv, sa, dq, tq, tv, ta);
}

SI_V3 static void finish_v3(int nq, double cq, double cv, const double *sa, const double *z, double *tq, double *ta,
                            double *tv, double *ds)
{
    finish_pass(nq, cq, cv, sa, z, tq, ta, tv, ds);
}

SI_V3 static void force_v3(int nq, double ah, double cf, const double *f, const double *r, double *fc)
{
    force_pass(nq, ah, cf, f, r, fc);
}

SI_V3 static void rhs_v3(int nq, double cf, double ah, const double *r, const double *f, double *rhs)
{
    rhs_pass(nq, cf, ah, r, f, rhs);
}
#else
#define point_v3 point_base
#define finish_v3 finish_base
#define force_v3 force_base
#define rhs_v3 rhs_pass
#endif

/* SI-Newmark and SI-HHT: history() and linearization_point() in one pass
 * over the entries (each the same operations in the same order) */
static int newmark_point(alecable_integrator *it, double h, const dyn_state *S, dyn_state *T, si_coef *c)
{
    const dyn_params *p = &it->par;
    const double wa = h * h * (0.5 - p->beta), wv = h * (1.0 - p->gamma), cf = 1.0 + p->alpha_hht;
    const double cq = p->beta * h * h, cv = p->gamma * h, *restrict sv = S->v, *restrict sa = S->a;
    const double *restrict sq = S->q;
    double *restrict dq = it->dq, *restrict tv = T->v, *restrict ta = T->a, *restrict tq = T->q;
    int i, nq = it->nq;
    c->cq = cq;
    c->cv = cv;
    if (it->p.update) { /* the problem's own update of q */
        for (i = 0; i < nq; i++) {
            const double d = h * sv[i] + wa * sa[i], w = sv[i] + wv * sa[i];
            dq[i] = d + cq * sa[i];
            tv[i] = w + cv * sa[i];
            ta[i] = sa[i] / cf;
        }
        memcpy(T->q, S->q, (size_t)nq * sizeof(double));
        return dyn_update(it, T->q, it->dq, 1.0);
    }
    /* else q_l = q_n + 1 dq_l (dyn_update's sum) in the same pass */
    {
        const double k[6] = {h, wa, wv, cq, cv, cf};
        if (it->v3) point_v3(nq, k, sq, sv, sa, dq, tq, tv, ta);
        else point_base(nq, k, sq, sv, sa, dq, tq, tv, ta);
    }
    return ALECABLE_OK;
}

/* G a_n from the lower-left block of the Jacobian values into it->ga (its
 * entries listed once at create: it->g_pos, g_row, g_col). */
static void g_times(alecable_integrator *it, const double *x)
{
    int k;
    memset(it->ga, 0, (size_t)it->nlam * sizeof(double));
    for (k = 0; k < it->ng; k++) it->ga[it->g_row[k]] += it->vals[it->g_pos[k]] * x[it->g_col[k]];
}

/* Baumgarte rows imposed at t_{n+1} (see the file comment) into it->rhs. */
static int constraint_rows(alecable_integrator *it, double h, double t1, si_coef c, const dyn_state *S,
                           const dyn_state *T)
{
    double a1 = it->o.baumgarte_a1 > 0.0 ? it->o.baumgarte_a1 : 1.0 / h;
    double a2 = it->o.baumgarte_a2 > 0.0 ? it->o.baumgarte_a2 : 1.0 / h;
    double sc = 1.0 + 2.0 * a1 * c.cv + a2 * a2 * c.cq;
    int i, st, nq = it->nq;
    if (it->nlam == 0) return ALECABLE_OK;
    st = it->p.constraint_rates(it->p.ctx, t1, T->q, T->v, it->gdot, it->gam);
    if (st) {
        snprintf(it->msg, sizeof it->msg, "t = %.9g: constraint_rates failed (%s)", t1, alecable_strerror(st));
        return st;
    }
    g_times(it, S->a);
    for (i = 0; i < it->nlam; i++)
        it->rhs[nq + i] = -(it->ga[i] + it->gam[i] + 2.0 * a1 * it->gdot[i] + a2 * a2 * it->r[nq + i]) / sc;
    return ALECABLE_OK;
}

/* New state from the solution (da, c dlambda) in it->z, and the step
 * q_{n+1} (-) q_n for the divergence watch in it->dstep (the semi-implicit
 * methods' dstep is it->dq itself, turned into the step in place:
 * dynamic.c).  A state's A, and its dq_old and v_old but for SI-BDF2, are
 * NULL (never read: dynamic.c). */
static int finish(alecable_integrator *it, double h, si_coef c, const dyn_state *S, dyn_state *T)
{
    const double cf = 1.0 + it->par.alpha_hht, cq = c.cq, cv = c.cv;
    const double *restrict sa = S->a, *restrict z = it->z;
    double *restrict ta = T->a, *restrict tv = T->v, *restrict ds = it->dstep, *restrict tq = T->q;
    int i, st, nq = it->nq;
    /* ds is it->dq (dynamic.c: the semi-implicit methods' dstep), read and
     * written in place; q_{n+1} = q_l + c_q z (dyn_update's) in the same
     * pass unless the problem updates q itself */
    if (it->p.update) {
        if ((st = dyn_update(it, T->q, it->z, c.cq))) return st;
        for (i = 0; i < nq; i++) {
            ta[i] = sa[i] + z[i];
            tv[i] += cv * z[i];
            ds[i] = ds[i] + cq * z[i];
        }
    } else if (it->v3) {
        finish_v3(nq, cq, cv, sa, z, tq, ta, tv, ds);
    } else {
        finish_base(nq, cq, cv, sa, z, tq, ta, tv, ds);
    }
    if (T->A) memcpy(T->A, T->a, (size_t)nq * sizeof(double));
    if (T->dq_old) memcpy(T->dq_old, it->dstep, (size_t)nq * sizeof(double));
    if (T->v_old) memcpy(T->v_old, S->v, (size_t)nq * sizeof(double));
    for (i = 0; i < it->nlam; i++) T->lam[i] = S->lam[i] + it->z[nq + i] / cf;
    T->h_old = h;
    T->hist = 1;
    return ALECABLE_OK;
}

/* SI-HHT's force history for the next step (see the file comment):
 * F_{n+1} = (alpha F_n - M a_{n+1}) / (1 + alpha) from the problem's inertia;
 * without it the next step evaluates F_n.  fn may be T->fc itself (F_n was
 * evaluated there: dyn_semi_attempt), so no restrict on the two. */
static int carry_force(alecable_integrator *it, double t1, const double *fn, dyn_state *T)
{
    const double cf = 1.0 + it->par.alpha_hht, ah = it->par.alpha_hht, *f = fn, *restrict r = it->r;
    double *fc = T->fc;
    int st, nq = it->nq;
    T->fc_ok = 0;
    if (!it->p.inertia || it->o.imex || it->o.hht_history == ALECABLE_HHT_HISTORY_EVALUATE) return ALECABLE_OK;
    st = it->p.inertia(it->p.ctx, t1, T->q, T->v, T->a, it->r);
    it->stats.model_flops += it->p.flops_inertia;
    if (st) {
        snprintf(it->msg, sizeof it->msg, "t = %.9g: inertia evaluation failed (%s)", t1, alecable_strerror(st));
        return st;
    }
    if (it->v3) force_v3(nq, ah, cf, f, r, fc);
    else force_base(nq, ah, cf, f, r, fc);
    T->fc_ok = 1;
    return ALECABLE_OK;
}

/* Paper 001 as printed (ALECABLE_SI_SCHEME_PAPER).  The forces are linearized
 * about the start of the step (eqs. 2, 21, 28):
 *     Q_{n+1} ~ Q_n + J_q (q_{n+1} - q_n) + J_v (v_{n+1} - v_n),
 * with q_{n+1} - q_n = dq_p + c_q a_{n+1} and v_{n+1} - v_n = (v_p - v_n) +
 * c_v a_{n+1} (the same updates as above), so with c = 1 + alpha (HHT's
 * eq. 27: M a_{n+1} + c [f + G^T lambda]_{n+1} - alpha [f + G^T lambda]_n = 0)
 * or 1, F_n = r(t_n, q_n, v_n, 0, lambda_n) and K = dr/dq, D = dr/dv at n:
 *     (M + c c_q K + c c_v D) a_{n+1} + G^T (c dlambda)
 *         = -F_n - c [K dq_p + D (v_p - v_n)]                 (eqs. 22, 26)
 *     G a_{n+1} = -(gamma_{n+1} + 2 a1 g'_n + a2^2 g_n)      (eq. 25)
 * The history products need K and D apart from the matrix: two more
 * Jacobian evaluations (D only when v_p differs from v_n).  Unlike the
 * library's scheme a rotating element's linearized axial force is not zero
 * (Q_n + J_q dq is the tangent of the unrotated state), which is the
 * dissipation of the paper's Tables 3-5.  The Baumgarte feedback on g_n, g'_n
 * is explicit: its drift recursion has spectral radius 1.18 (SI-Newmark) and
 * 1.62 (SI-BE) at a1 = a2 = 1/h, 0.78 / 0.75 at 1/(2h), the default here. */
static void k_times(const alecable_integrator *it, const double *vals, const double *x, double w, double *y)
{
    int j, k;
    for (j = 0; j < it->nq; j++) {
        double xj = w * x[j];
        if (xj == 0.0) continue;
        for (k = it->pat.colptr[j]; k < it->pat.colptr[j + 1]; k++)
            if (it->pat.rowidx[k] < it->nq) y[it->pat.rowidx[k]] += vals[k] * xj;
    }
}

static int scratch_jacobian(alecable_integrator *it, const dyn_state *S, const double *a, double cq, double cv,
                            int flags)
{
    int st = it->p.jacobian(it->p.ctx, S->t, S->q, S->v, a, S->lam, cq, cv, 0.0, flags, it->vals_k);
    it->stats.jacobian_evals++;
    it->stats.model_flops += it->p.flops_jacobian;
    if (st) snprintf(it->msg, sizeof it->msg, "t = %.9g: Jacobian evaluation failed (%s)", S->t, alecable_strerror(st));
    return st;
}

static int paper_constraint_rows(alecable_integrator *it, double h, double t1, const dyn_state *S)
{
    double a1 = it->o.baumgarte_a1 > 0.0 ? it->o.baumgarte_a1 : 0.5 / h;
    double a2 = it->o.baumgarte_a2 > 0.0 ? it->o.baumgarte_a2 : 0.5 / h;
    int i, st, nq = it->nq;
    if (it->nlam == 0) return ALECABLE_OK;
    /* g'_n at t_n (it->ga takes gamma_n, unused), gamma_{n+1} at t_{n+1} with
     * the state of t_n (it->ga takes g' there, unused) */
    st = it->p.constraint_rates(it->p.ctx, S->t, S->q, S->v, it->gdot, it->ga);
    if (!st) st = it->p.constraint_rates(it->p.ctx, t1, S->q, S->v, it->ga, it->gam);
    if (st) {
        snprintf(it->msg, sizeof it->msg, "t = %.9g: constraint_rates failed (%s)", t1, alecable_strerror(st));
        return st;
    }
    for (i = 0; i < it->nlam; i++)
        it->rhs[nq + i] = -(it->gam[i] + 2.0 * a1 * it->gdot[i] + a2 * a2 * it->fn[nq + i]);
    return ALECABLE_OK;
}

static int paper_attempt(alecable_integrator *it, double h, double t1)
{
    const dyn_state *S = it->cur;
    dyn_state *T = it->trial;
    double cf = 1.0 + it->par.alpha_hht;
    int i, st, nq = it->nq, moving = 0, flags = it->o.imex ? ALECABLE_JAC_STIFF_ONLY : ALECABLE_JAC_FULL;
    si_coef c = history(it, h, S, T); /* it->dq = dq_p, T->v = v_p */
    for (i = 0; i < nq; i++) T->a[i] = S->a[i] / cf;
    if ((st = dyn_residual(it, S->t, S->q, S->v, it->zero, S->lam, it->fn))) return st;
    memset(it->rhs, 0, (size_t)(nq + it->nlam) * sizeof(double));
    if ((st = scratch_jacobian(it, S, T->a, 1.0, 0.0, flags))) return st;
    k_times(it, it->vals_k, it->dq, cf, it->rhs);
    for (i = 0; i < nq; i++) {
        it->z[i] = T->v[i] - S->v[i];
        if (it->z[i] != 0.0) moving = 1;
    }
    if (moving) {
        if ((st = scratch_jacobian(it, S, T->a, 0.0, 1.0, flags))) return st;
        k_times(it, it->vals_k, it->z, cf, it->rhs);
    }
    for (i = 0; i < nq; i++) it->rhs[i] = -(it->fn[i] + it->rhs[i]);
    if ((st = dyn_jacobian(it, S->t, S->q, S->v, T->a, S->lam, cf * c.cq, cf * c.cv, 1.0, flags))) return st;
    if ((st = paper_constraint_rows(it, h, t1, S))) return st;
    if ((st = dyn_factor_solve(it, "semi-implicit matrix [H_n A^T; A 0] (paper scheme)", t1))) return st;
    it->iters = 1;
    /* the divergence watch's figures as in the library's scheme: c_q
     * |a_{n+1} - a_n| and the drift g_n */
    it->err = 0.0;
    for (i = 0; i < nq; i++) {
        double e = c.cq * fabs(it->z[i] - S->a[i]);
        if (!(e <= it->err)) it->err = e;
    }
    it->drift = it->nlam > 0 ? dyn_norm_inf(it->fn + nq, it->nlam) : 0.0;
    it->last_ratio = 0.0;
    it->scale_src = 0;
    memcpy(T->q, S->q, (size_t)nq * sizeof(double));
    for (i = 0; i < nq; i++) {
        T->a[i] = it->z[i];
        it->dq[i] += c.cq * it->z[i];
        T->v[i] += c.cv * it->z[i];
    }
    if (T->A) memcpy(T->A, T->a, (size_t)nq * sizeof(double));
    if (T->v_old) memcpy(T->v_old, S->v, (size_t)nq * sizeof(double));
    if ((st = dyn_update(it, T->q, it->dq, 1.0))) return st;
    if (T->dq_old) memcpy(T->dq_old, it->dq, (size_t)nq * sizeof(double));
    if (it->dstep != it->dq) memcpy(it->dstep, it->dq, (size_t)nq * sizeof(double));
    for (i = 0; i < it->nlam; i++) T->lam[i] = S->lam[i] + it->z[nq + i] / cf;
    T->h_old = h;
    T->hist = 1;
    T->fc_ok = 0;
    return ALECABLE_OK;
}

int dyn_semi_attempt(alecable_integrator *it, double h, double t1)
{
    const dyn_state *S = it->cur;
    dyn_state *T = it->trial;
    double cf = 1.0 + it->par.alpha_hht, ah = it->par.alpha_hht;
    const double *fn = it->fn;
    int i, st, flags = it->o.imex ? ALECABLE_JAC_STIFF_ONLY : ALECABLE_JAC_FULL;
    si_coef c;
    if (it->o.si_scheme == ALECABLE_SI_SCHEME_PAPER) return paper_attempt(it, h, t1);
    if (it->par.method == ALECABLE_METHOD_SI_NEWMARK || it->par.method == ALECABLE_METHOD_SI_HHT) {
        if ((st = newmark_point(it, h, S, T, &c))) return st;
    } else {
        c = history(it, h, S, T);
        if ((st = linearization_point(it, c, S, T))) return st;
    }
    /* F_n: carried by S, else evaluated into the trial's fc (n values for
     * SI-HHT: dynamic.c), which carry_force turns into F_{n+1} in place,
     * or into it->fn where the integrator has one */
    if (it->par.hht && S->fc_ok) fn = S->fc;
    else if (it->par.hht) {
        double *buf = it->fn ? it->fn : T->fc;
        if ((st = dyn_residual(it, S->t, S->q, S->v, it->zero, S->lam, buf))) return st;
        fn = buf;
    }
    st = dyn_residual_jacobian(it, t1, T->q, T->v, T->a, S->lam, cf * c.cq, cf * c.cv, 1.0, flags, it->r);
    if (st) return st;
    {
        const double *restrict r = it->r, *restrict f = fn;
        double *restrict rhs = it->rhs;
        int nq = it->nq;
        if (it->par.hht && it->v3)
            rhs_v3(nq, cf, ah, r, f, rhs);
        else if (it->par.hht)
            rhs_pass(nq, cf, ah, r, f, rhs);
        else
            for (i = 0; i < nq; i++) rhs[i] = -r[i];
    }
    if ((st = constraint_rows(it, h, t1, c, S, T))) return st;
    if ((st = dyn_factor_solve(it, "semi-implicit matrix [H G^T; G 0]", t1))) return st;
    it->iters = 1;
    /* what the divergence watch reads (dynamic.c): the solution's distance
     * from the linearization point, c_q |a_{n+1} - a_n| (a local error
     * estimate: the linearization holds to second order in it), and the
     * constraint drift g at that point */
    it->err = c.cq * it->znorm_q;
    it->drift = it->nlam > 0 ? dyn_norm(it, it->r + it->nq, it->nlam) : 0.0;
    it->last_ratio = 0.0;
    it->scale_src = 0;
    if ((st = finish(it, h, c, S, T))) return st;
    return it->par.hht ? carry_force(it, t1, fn, T) : ALECABLE_OK;
}
