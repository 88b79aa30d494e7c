/* Implicit Newmark-family methods on the index-3 equations
 *     r_q = M(q) a + f(q, v, t) + G(q)^T lambda = 0,   g(q, t) = 0,
 * solved by Newton on the increment of q (papers 001 and 003).
 *
 * Newmark, Bossak and generalized-alpha use the form of Arnold & Bruls
 * (2007), with an acceleration-like variable A:
 *     q_{n+1} = q_n (+) [h v_n + h^2 (1/2 - beta) A_n + h^2 beta A_{n+1}]
 *     v_{n+1} = v_n + h (1 - gamma) A_n + h gamma A_{n+1}
 *     (1 - alpha_m) A_{n+1} + alpha_m A_n = (1 - alpha_f) a_{n+1} + alpha_f a_n
 * and the equations of motion and constraints hold exactly at t_{n+1} with
 * the true acceleration a_{n+1}.  Newmark: alpha_m = alpha_f = 0 (A = a);
 * Bossak: alpha_f = 0, alpha_m = options.alpha; Chung-Hulbert: alpha_m, alpha_f
 * from rho_inf (dynamic.c).  On linear problems A is Chung-Hulbert's
 * acceleration, so q and v are those of the original methods.
 *
 * HHT (Negrut, Haug & German 2007, "HHT-I3") keeps a = A and weights forces:
 *     M(q_{n+1}) a_{n+1} + (1 + alpha) [f + G^T lambda]_{n+1} - alpha [f + G^T lambda]_n = 0
 *     g(q_{n+1}, t_{n+1}) = 0.
 * Weighted: the applied forces f (each evaluated at its own t, q, v) and the
 * constraint forces G^T lambda (G at its own q); the inertia M a_{n+1} is not
 * weighted and the constraint equations are imposed at t_{n+1} (index 3).
 * The problem's residual delivers it as (1 + alpha) r_q(q, v, a/(1 + alpha),
 * lambda) - alpha F_n with F_n = r_q(t_n, q_n, v_n, 0, lambda_n).
 *
 * Newton.  With dA/dq = 1/(beta h^2), dv/dq = gamma/(beta h) and
 * da/dq = (1 - alpha_m) / ((1 - alpha_f) beta h^2), the iteration matrix is
 * the problem's Jacobian with weights (c, c gamma/(beta h), c_a) for the q
 * columns, c = 1 + alpha (HHT) or 1.  For small h its q block grows like
 * 1/h^2 against the O(1) constraint block, so (Bottasso, Bauchau & Cardona
 * 2007; Arnold & Bruls 2007) the equations of motion are multiplied by
 * s = beta h^2 and the multipliers divided by s c:
 *     [ J(s c, c gamma h, c_a s)   G^T ] [ dq          ]     [ s R_q ]
 *     [ G                          0   ] [ s c dlambda ] = - [ g     ],
 * J(s c, c gamma h, (1 - alpha_m)/(1 - alpha_f)) in the problem's weights.
 * Both blocks are then O(1) and in units of q.  Convergence is judged
 * against the problem's physical scales, never against the residuals of
 * the step itself (a Newton iteration that blows up inflates those and
 * passes a relative test): |r_i| <= tol_residual * scale_i with the scale
 * of alecable_problem.residual_scale at the iterate (q rows: the sum of the
 * magnitudes of the forces that balance there, HHT's rows c r_q - alpha F_n
 * adding |alpha F_n|, plus a floor of 1e-6 of the largest), or, without
 * it, one force scale for every q row, taken from the step's initial state
 * where the iteration cannot touch it: the largest applied and internal
 * force |f_n|, constraint force |G^T lambda_n| and inertia force |M a_n|
 * (= |f_n + G^T lambda_n|), and the divergence watch's length scale for
 * the constraint rows.  The increment test
 * ||dq||_inf <= tol_increment (1 + ||q||_inf) also ends the iteration: it
 * is reached at roundoff when the terms of a row cancel to more digits than
 * a double holds (a stiff cable's EA times its strain).
 * Predictor: A_{n+1} = A_n, lambda_{n+1} = lambda_n (Taylor: q moves by
 * h v_n + h^2/2 A_n).  It is good for smooth motion and wrong by
 * (omega h)^2 / 2 times the amplitude for a mode far stiffer than 1/h^2:
 * a rope's material coordinates on a pulley wrap (mass rho A l, stiffness
 * EA / l) that start off their equilibrium (a wrap laid with s along the arc
 * is compressed by the chord's (pi/2n)^2/6) accelerate at up to 8e5 m/s^2
 * with EA = 1e6 N, rho A = 0.01 kg/m, and the Taylor start at h = 1e-3
 * moves them by 0.4 m, 16 element lengths, where Newton wanders into
 * elements compressed below F^2 = 1/3 (negative material stiffness) and the
 * matrix turns singular.
 * At smaller h the same start may even converge, to a wrap with an
 * inverted element (negative material length, F^2 = c^2/l^2 as for the
 * upright one, and negative energy), from which the run blows up.  So:
 *   - a Taylor increment that alecable_problem.step_limit refuses (the
 *     model: an element shrunk by more than three quarters) is not tried;
 *   - a Newton correction is shortened to what step_limit admits (as the
 *     quasistatic solver's are), so no element inverts within a step;
 *   - a Taylor start that is refused or fails is replaced by the held
 *     position q_{n+1} = q_n (its A from the Newmark relation), which is
 *     within the mode's true amplitude of the solution;
 *   - a fixed step whose Newton iterations fail from both starts is tried
 *     once more from the held position with a line search: each correction
 *     halved (at most 10 times) until the 2-norm of the scaled residual
 *     (s R_q, g) drops by the factor 1 - 1e-4 a.  Full Newton corrections
 *     cycle on forces that are steep in a narrow band, where a two-valued
 *     tangent is exact on each side: regularized friction, whose sliding
 *     velocity, a function of q through dv/dq = gamma/(beta h), jumps
 *     between the two sides of the band |u| ~ eps (the guide's mooring line
 *     in a 4 m wave at h = 0.01: u/eps alternating between -5 and +8 at the
 *     touchdown, the residual stalled at 1 to 5 of its scale; the seabed's
 *     Jacobian is exact there), and penalty contact whose Gauss points land
 *     and lift from one iteration to the next.  Only a step that would fail
 *     tries it: a run that never failed takes the steps it always took, and
 *     adaptive stepping still cuts h.
 * The trapezoidal rule keeps such a mode alive as a step-to-step
 * alternation of A, against which the Taylor predictor is wrong every
 * step: the held predictor stays in force for the states that follow
 * (dyn_state.pred, part of the state, so undo and a failed step keep it
 * right).  A run whose Taylor starts are admitted and converge, and whose
 * corrections step_limit never shortens, is unchanged.
 *
 * Error estimate (adaptive): the local error of q is
 *     e = (beta - 1/6 + delta/2) h^3 q''' + O(h^4),   delta = alpha_m - alpha_f (HHT: alpha),
 * because A_n approximates a(t_n + delta h); for Newmark (delta = 0) this is
 * Zienkiewicz & Xie's e = (beta - 1/6) h^2 (a_{n+1} - a_n).  q''' is not taken
 * from the accelerations: on index-3 problems the trapezoidal rule
 * (gamma = 1/2) never damps an oscillation (-1)^n of a_n left by the first
 * step (and v_{n+1} + v_n = 2 (q_{n+1} - q_n)/h gives v one too, excited by
 * every change of h), so h^2 (a_{n+1} - a_n) would shrink h without end.  The
 * positions carry neither mode: q''' is the second divided difference of the
 * mean velocities w = (q_{k+1} (-) q_k)/h_k at the steps' midpoints (the last
 * three samples, set_state's v being the first).  The first step after
 * set_state has one sample only and uses (A_1 - A_0)/h (a_0 consistent). */
#include "dynamic_internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define MSG(it, ...) snprintf((it)->msg, sizeof (it)->msg, __VA_ARGS__)

/* v_{n+1} and a_{n+1} from A_{n+1} (in T) and the state n (in S). */
static void kinematics(const alecable_integrator *it, double h, const dyn_state *S, dyn_state *T)
{
    const dyn_params *p = &it->par;
    double am = p->alpha_m, af = p->alpha_f;
    int i;
    for (i = 0; i < it->nq; i++) {
        T->v[i] = S->v[i] + h * (1.0 - p->gamma) * S->A[i] + h * p->gamma * T->A[i];
        T->a[i] = p->hht ? T->A[i] : ((1.0 - am) * T->A[i] + am * S->A[i] - af * S->a[i]) / (1.0 - af);
    }
}

/* Predictors (see the file comment).  DYN_PRED_TAYLOR: A_{n+1} = A_n,
 * q = q_n (+) (h v_n + h^2/2 A_n).  DYN_PRED_HOLD: q = q_n, and A_{n+1}
 * the value the Newmark relation gives for that q:
 *     A_{n+1} = -(h v_n + h^2 (1/2 - beta) A_n) / (beta h^2). */
static int predict(alecable_integrator *it, double h, const dyn_state *S, dyn_state *T, int pred)
{
    size_t bq = (size_t)it->nq * sizeof(double);
    double b = it->par.beta;
    int i;
    memcpy(T->q, S->q, bq);
    if (it->nlam > 0) memcpy(T->lam, S->lam, (size_t)it->nlam * sizeof(double));
    if (pred == DYN_PRED_HOLD) {
        for (i = 0; i < it->nq; i++) T->A[i] = -(h * S->v[i] + h * h * (0.5 - b) * S->A[i]) / (b * h * h);
        kinematics(it, h, S, T);
        return ALECABLE_OK;
    }
    memcpy(T->A, S->A, bq);
    for (i = 0; i < it->nq; i++) it->dq[i] = h * S->v[i] + 0.5 * h * h * S->A[i];
    kinematics(it, h, S, T);
    return dyn_update(it, T->q, it->dq, 1.0);
}

/* The acceleration handed to the problem: HHT evaluates r_q at a/(1+alpha)
 * so that (1+alpha) r_q carries M a unweighted.  Written into it->dq. */
static const double *eval_accel(alecable_integrator *it, const dyn_state *T)
{
    double c = 1.0 + it->par.alpha_hht;
    int i;
    if (!it->par.hht) return T->a;
    for (i = 0; i < it->nq; i++) it->dq[i] = T->a[i] / c;
    return it->dq;
}

/* Scaled residual (s R_q, g) into it->r, at the k-th iterate; its max-norm into *rnorm. */
static int scaled_residual(alecable_integrator *it, double t1, double s, const dyn_state *T, int k, double *rnorm)
{
    double c = 1.0 + it->par.alpha_hht, ah = it->par.alpha_hht;
    int i, st;
    it->scale_here = 0;
    /* at the first iterate (whose scale the stop test always reads) the
     * residual's scale comes from the same pass where the problem fuses them */
    if (it->p.residual_scale && it->p.residual_with_scale && k == 0) {
        const double *a = eval_accel(it, T);
        st = it->p.residual_with_scale(&it->p, t1, T->q, T->v, a, T->lam, it->r, it->scale, &it->scale_st);
        it->stats.residual_evals++;
        it->stats.model_flops += it->p.flops_residual;
        if (st) { /* dyn_residual's messages */
            snprintf(it->msg, sizeof it->msg, "t = %.9g: residual evaluation failed (%s)", t1, alecable_strerror(st));
            return st;
        }
        if (!isfinite(dyn_norm_inf(it->r, it->n))) {
            snprintf(it->msg, sizeof it->msg, "t = %.9g: residual is not finite", t1);
            return ALECABLE_ENAN;
        }
        it->scale_here = 1;
    }
    if (!it->scale_here && (st = dyn_residual(it, t1, T->q, T->v, eval_accel(it, T), T->lam, it->r))) return st;
    for (i = 0; i < it->nq; i++) it->r[i] = s * (it->par.hht ? c * it->r[i] - ah * it->fn[i] : it->r[i]);
    *rnorm = dyn_norm_inf(it->r, it->n);
    return ALECABLE_OK;
}

/* The fallback force scale of the stop test from the step's initial state S
 * (see the file comment), kept with S so that retries reuse it: f_n =
 * r_q(t_n, q_n, v_n, 0, 0) into it->r (free until the first iterate's residual), F_n = f_n + G^T lambda_n (HHT's
 * it->fn, else evaluated into it->z). */
static int start_scale(alecable_integrator *it, dyn_state *S)
{
    const double *F = it->fn;
    double f = 0.0, g = 0.0, m = 0.0;
    int i, st;
    if (S->fscale_ok) return ALECABLE_OK;
    if ((st = dyn_residual(it, S->t, S->q, S->v, it->zero, it->zero, it->r))) return st;
    if (!it->par.hht) {
        if (it->nlam > 0 && (st = dyn_residual(it, S->t, S->q, S->v, it->zero, S->lam, it->z))) return st;
        F = it->nlam > 0 ? it->z : it->r;
    }
    for (i = 0; i < it->nq; i++) {
        f = fmax(f, fabs(it->r[i]));
        g = fmax(g, fabs(F[i] - it->r[i]));
        m = fmax(m, fabs(F[i]));
    }
    S->fscale = f + g + m;
    S->fscale_ok = 1;
    return ALECABLE_OK;
}

/* The problem's residual_scale at the iterate T, as the scaled residual's:
 * q rows s (c scale_i + |alpha F_n,i|) into it->scale, and their floor,
 * 1e-6 of the largest (a row on which nothing acts is judged against the
 * problem's forces, as the quasistatic solver does), into *fl. */
static int problem_scale(alecable_integrator *it, double t1, double s, const dyn_state *T, double *fl)
{
    double c = 1.0 + it->par.alpha_hht, ah = fabs(it->par.alpha_hht), m = 0.0;
    int i, st;
    if (it->scale_here) /* in it->scale already: evaluated with the residual at this iterate (scaled_residual) */
        st = it->scale_st;
    else
        st = it->p.residual_scale(it->p.ctx, t1, T->q, T->v, eval_accel(it, T), T->lam, it->scale);
    if (st) {
        snprintf(it->msg, sizeof it->msg, "t = %.9g: the problem's residual_scale failed (%s)", t1,
                 alecable_strerror(st));
        return st;
    }
    for (i = 0; i < it->nq; i++) {
        it->scale[i] = s * (c * it->scale[i] + (it->par.hht ? ah * fabs(it->fn[i]) : 0.0));
        m = fmax(m, it->scale[i]);
    }
    *fl = 1e-6 * m;
    return ALECABLE_OK;
}

/* max_i |r_i| / scale_i of the scaled residual in it->r (s R_q, g) at the
 * iterate T, the k-th of the step (see the file comment).  The problem's
 * scale is evaluated at the first iterate and kept while the test fails
 * (the iteration goes on either way); an iterate that passes against it is
 * judged again against its own scale, so the verdict is always the
 * iterate's: one or two evaluations per step instead of one per iteration. */
static int stop_ratio(alecable_integrator *it, double t1, double s, const dyn_state *T, int k, double *ratio)
{
    static const double tiny = 1e-300;
    double c = 1.0 + it->par.alpha_hht, ah = fabs(it->par.alpha_hht), x = 0.0, L = it->len_scale;
    int i, st, pass;
    if (!(L > 0.0)) L = 1.0;
    if (!it->p.residual_scale) {
        double fs = s * (c + ah) * it->cur->fscale;
        for (i = 0; i < it->n; i++) {
            double d = fabs(it->r[i]) / (i < it->nq ? (fs > 0.0 ? fs : tiny) : L);
            if (d > x || d != d) x = d;
        }
        it->scale_src = 0;
        *ratio = x;
        return ALECABLE_OK;
    }
    it->scale_src = 1;
    for (pass = 0; pass < 2; pass++) {
        if ((k == 0 || pass == 1) && (st = problem_scale(it, t1, s, T, &it->scale_floor))) return st;
        x = 0.0;
        for (i = 0; i < it->n; i++) {
            double sc = i < it->nq ? it->scale[i] + it->scale_floor : it->scale[i], d;
            d = fabs(it->r[i]) / (sc > 0.0 ? sc : tiny);
            if (d > x || d != d) x = d;
        }
        if (k == 0 || !(x <= it->o.tol_residual)) break;
    }
    *ratio = x;
    return ALECABLE_OK;
}

/* One Newton correction: solve the scaled system, apply dq, dlambda. */
static int correct(alecable_integrator *it, double h, double t1, const dyn_state *S, dyn_state *T, double *dqnorm)
{
    const dyn_params *p = &it->par;
    double s = p->beta * h * h, c = 1.0 + p->alpha_hht;
    double ca = (1.0 - p->alpha_m) / (1.0 - p->alpha_f);
    int i, st;
    st = dyn_jacobian(it, t1, T->q, T->v, eval_accel(it, T), T->lam, s * c, c * p->gamma * h, ca, ALECABLE_JAC_FULL);
    if (st) return st;
    for (i = 0; i < it->n; i++) it->rhs[i] = -it->r[i];
    if ((st = dyn_factor_solve(it, "Newton iteration matrix", t1))) return st;
    /* the whole correction's size, so that a shortened one (below) never
     * passes the increment test */
    *dqnorm = dyn_norm_inf(it->z, it->nq);
    if (it->p.step_limit) {
        double a = 1.0;
        if ((st = it->p.step_limit(it->p.ctx, T->q, it->z, &a))) {
            MSG(it, "t = %.9g: the problem's step_limit failed (%s)", t1, alecable_strerror(st));
            return st;
        }
        if (!(a > 0.0)) {
            MSG(it, "t = %.9g, h = %g: the problem's step_limit admits no Newton step (a_max = %g)", t1, h, a);
            return ALECABLE_ENOCONV;
        }
        if (a < 1.0)
            for (i = 0; i < it->n; i++) it->z[i] *= a;
    }
    if ((st = dyn_update(it, T->q, it->z, 1.0))) return st;
    for (i = 0; i < it->nq; i++) T->A[i] += it->z[i] / s;
    for (i = 0; i < it->nlam; i++) T->lam[i] += it->z[it->nq + i] / (s * c);
    kinematics(it, h, S, T);
    return ALECABLE_OK;
}

/* Mean velocity of the step for coordinate i (= (q_{n+1} (-) q_n)/h). */
static double mean_velocity(const alecable_integrator *it, double h, const dyn_state *S, const dyn_state *T, int i)
{
    return S->v[i] + h * ((0.5 - it->par.beta) * S->A[i] + it->par.beta * T->A[i]);
}

/* q''' for coordinate i (see the file comment); tau is the step's midpoint. */
static double qddd(const alecable_integrator *it, double h, double tau, const dyn_state *S, const dyn_state *T, int i)
{
    double d1, d0;
    if (S->nw < 2) return (T->A[i] - S->A[i]) / h;
    d1 = (mean_velocity(it, h, S, T, i) - S->w1[i]) / (tau - S->tau1);
    d0 = (S->w1[i] - S->w2[i]) / (S->tau1 - S->tau2);
    return 2.0 * (d1 - d0) / (tau - S->tau2);
}

static void error_estimate(alecable_integrator *it, double h, const dyn_state *S, const dyn_state *T)
{
    double e = 0.0, k = it->par.err_coef * h * h * h, tau = S->t + 0.5 * h;
    int i;
    for (i = 0; i < it->nq; i++) {
        double d = fabs(k * qddd(it, h, tau, S, T, i));
        if (d > e || d != d) e = d;
    }
    it->err = e;
    it->err_tol = it->o.atol + it->o.rtol * dyn_norm_inf(T->q, it->nq);
}

/* The step's mean velocity becomes the newest sample of the estimate. */
static void keep_history(alecable_integrator *it, double h, const dyn_state *S, dyn_state *T)
{
    int i;
    memcpy(T->w2, S->w1, (size_t)it->nq * sizeof(double));
    for (i = 0; i < it->nq; i++) {
        T->w1[i] = mean_velocity(it, h, S, T, i);
        it->dstep[i] = h * T->w1[i]; /* q_{n+1} (-) q_n, for the divergence watch */
    }
    T->tau2 = S->tau1;
    T->tau1 = S->t + 0.5 * h;
    T->nw = S->nw < 2 ? S->nw + 1 : 2;
}

/* 1 when the Taylor predictor's increment is one the problem admits
 * (alecable_problem.step_limit: the model shrinks no element below a
 * quarter of its material length), 0 when not, or the callback's error. */
static int taylor_admissible(alecable_integrator *it, double h, const dyn_state *S)
{
    double a = 1.0;
    int i, st;
    if (!it->p.step_limit) return 1;
    for (i = 0; i < it->nq; i++) it->dq[i] = h * S->v[i] + 0.5 * h * h * S->A[i];
    if ((st = it->p.step_limit(it->p.ctx, S->q, it->dq, &a))) {
        MSG(it, "t = %.9g: the problem's step_limit failed (%s)", S->t, alecable_strerror(st));
        return st < 0 ? st : ALECABLE_EINVAL;
    }
    return a >= 1.0;
}

/* ||(s R_q, g)||_2 of the scaled residual in it->r */
static double merit(const alecable_integrator *it)
{
    double x = 0.0;
    int i;
    for (i = 0; i < it->n; i++) x += it->r[i] * it->r[i];
    return sqrt(x);
}

/* Backtracking along the correction it->z that correct() applied whole to T
 * from qb (T's q before it): the step is halved until the scaled residual's
 * 2-norm falls below (1 - 1e-4 a) phi0, at most LS_HALVINGS times (the
 * last, shortest, step is kept either way).  Its residual is left in it->r. */
enum { LS_HALVINGS = 10 };
static int backtrack(alecable_integrator *it, double h, double t1, const dyn_state *S, dyn_state *T, const double *qb,
                     double phi0)
{
    double s = it->par.beta * h * h, c = 1.0 + it->par.alpha_hht, a = 1.0, rn;
    int j, i, st;
    for (j = 0;; j++) {
        if ((st = scaled_residual(it, t1, s, T, 1, &rn))) return st;
        if (merit(it) <= (1.0 - 1e-4 * a) * phi0 || j == LS_HALVINGS) return ALECABLE_OK;
        memcpy(T->q, qb, (size_t)it->nq * sizeof(double));
        if ((st = dyn_update(it, T->q, it->z, 0.5 * a))) return st;
        for (i = 0; i < it->nq; i++) T->A[i] -= 0.5 * a * it->z[i] / s;
        for (i = 0; i < it->nlam; i++) T->lam[i] -= 0.5 * a * it->z[it->nq + i] / (s * c);
        kinematics(it, h, S, T);
        a *= 0.5;
    }
}

/* Newton from the predictor pred; ALECABLE_OK with T converged.  ls: each
 * correction shortened by backtracking (the last resort of a failed step). */
static int newton(alecable_integrator *it, double h, double t1, int pred, int ls)
{
    const dyn_state *S = it->cur;
    dyn_state *T = it->trial;
    double s = it->par.beta * h * h, rnorm = 0.0, ratio = 0.0, dqnorm = INFINITY, merit_before;
    int k, st;
    it->n_res_hist = 0;
    if (!it->p.residual_scale && (st = start_scale(it, it->cur))) return st;
    if ((st = predict(it, h, S, T, pred))) return st;
    for (k = 0;; k++) {
        if ((st = scaled_residual(it, t1, s, T, k, &rnorm))) return st;
        merit_before = merit(it);
        if (k <= it->o.max_iterations) it->res_hist[it->n_res_hist++] = dyn_norm_inf(it->r, it->nq) / s;
        if ((st = stop_ratio(it, t1, s, T, k, &ratio))) return st;
        it->last_ratio = ratio;
        if (ratio <= it->o.tol_residual ||
            (k > 0 && dqnorm <= it->o.tol_increment * (1.0 + dyn_norm_inf(T->q, it->nq))))
            break;
        if (k == it->o.max_iterations) {
            MSG(it, "t = %.9g, h = %g: Newton did not converge in %d iterations (residual %.3e of its scale%s, "
                "tol_residual %g; ||dq|| = %.3e)%s", t1, h, it->o.max_iterations, ratio,
                it->scale_src ? " (the problem's residual_scale)" : " (the forces at the step's start)",
                it->o.tol_residual, dqnorm,
                it->p.reaction_power && it->par.gamma <= 0.5
                    ? " (undamped, the method keeps a mode that non-ideal reactions (reaction_power: a sheave's C1 "
                      "edge) make ring with period 2h: HHT or generalized-alpha damp it)"
                    : "");
            return ALECABLE_ENOCONV;
        }
        if (ls) memcpy(it->dstep, T->q, (size_t)it->nq * sizeof(double)); /* free until keep_history */
        if ((st = correct(it, h, t1, S, T, &dqnorm))) return st;
        if (ls && (st = backtrack(it, h, t1, S, T, it->dstep, merit_before))) return st;
        it->iters++;
    }
    return ALECABLE_OK;
}

/* Newton from the state's predictor; a Taylor start that the problem's
 * step_limit refuses is replaced, and one that fails (no convergence, a
 * singular matrix) is tried once more, by the held position, which then
 * stays the predictor of the states that follow (see the file comment).
 * A start that converges is kept as it is, so a run that never fails takes
 * the steps it always took.  A non-finite value
 * (ALECABLE_ENAN) is not retried: it is most often the problem's own
 * refusal (a host's callback), which another start does not cure, and the
 * step controller already cuts h for it. */
int dyn_implicit_attempt(alecable_integrator *it, double h, double t1)
{
    const dyn_state *S = it->cur;
    dyn_state *T = it->trial;
    char first[sizeof it->msg];
    int st, pred = S->pred;
    /* HHT's forces at t_n, from the current problem (a host may have changed it since) */
    if (it->par.hht && (st = dyn_residual(it, S->t, S->q, S->v, it->zero, S->lam, it->fn))) return st;
    /* a Taylor increment the problem refuses (an element shrunk by more
     * than three quarters) is not worth a Newton solve */
    if (pred == DYN_PRED_TAYLOR && (st = taylor_admissible(it, h, S)) != 1) {
        if (st != 0) return st;
        pred = DYN_PRED_HOLD;
    }
    it->quiet_singular = pred == DYN_PRED_TAYLOR;
    st = newton(it, h, t1, pred, 0);
    it->quiet_singular = 0;
    if (st != ALECABLE_OK && pred == DYN_PRED_TAYLOR &&
        (st == ALECABLE_ENOCONV || st == ALECABLE_ESINGULAR)) {
        memcpy(first, it->msg, sizeof first);
        pred = DYN_PRED_HOLD;
        /* a problem with a history keeps memory within a solve (the
         * friction contacts' last branch): the second start begins afresh */
        if (it->p.nhist > 0 && it->p.history_set(it->p.ctx, S->phist) != 0) return st;
        st = newton(it, h, t1, pred, 0);
        if (st != ALECABLE_OK) {
            size_t len = strlen(it->msg);
            snprintf(it->msg + len, sizeof it->msg - len, " (started from the held position; from the Taylor "
                     "predictor: %s)", first);
        }
    }
    /* a fixed step's last resort (adaptive stepping cuts h instead, as it
     * always did): from the held position again, each correction shortened
     * by backtracking on the residual's norm (see the file comment) */
    if (st == ALECABLE_ENOCONV && !it->o.adaptive) {
        memcpy(first, it->msg, sizeof first);
        if (it->p.nhist > 0 && it->p.history_set(it->p.ctx, S->phist) != 0) return st;
        pred = DYN_PRED_HOLD;
        st = newton(it, h, t1, pred, 1);
        if (st != ALECABLE_OK) {
            size_t len = strlen(it->msg);
            snprintf(it->msg + len, sizeof it->msg - len, " (with a line search; without: %s)", first);
        }
    }
    if (st != ALECABLE_OK) return st;
    T->pred = pred;
    /* the divergence watch reads the estimate at fixed steps too */
    error_estimate(it, h, S, T);
    keep_history(it, h, S, T);
    return ALECABLE_OK;
}
