/* Failures roll back (issue 12): for the quasistatic solver and every
 * integrator, a step that fails (Newton forced to diverge, a NaN from the
 * host's callback, a singular iteration matrix) returns an error and leaves
 * the state, and the problem's history, bit for bit as the last converged
 * step left them; the solver then goes on as one that never failed (bit for
 * bit on the cantilever, to roundoff where a wild attempt made the sparse
 * LU choose new pivots).  And 1000 times (step + undo) followed by a step
 * is one step, bit for bit.
 *
 * The host is a problem of its own (alecable_problem, the interface a host
 * code drives the library through) wrapping a model's: it passes every call
 * through and, when told, corrupts the residual (a NaN, or a force that
 * flips sign at every evaluation, which no Newton iteration can settle) or
 * zeroes the Jacobian (singular).
 * The model: a Kirchhoff cantilever (the roll's reference frames are the
 * problem's history) swinging under gravity, plus, for the implicit methods,
 * the Atwood machine slipping on its wheel (friction history, bodies). */
#include "suites.h"
#include "support/atwood_rig.h"

#include <alecable.h>
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { PASS = 0, NAN_RESIDUAL = 1, SINGULAR = 2, DIVERGE = 3, NMODES = 4 };
static const char *const mode_name[NMODES] = {"pass", "NaN residual", "singular Jacobian", "diverging Newton"};

typedef struct host {
    alecable_problem in;
    int mode;
    double t_fail; /* the mode applies for t > t_fail */
    long calls;
} host;

static int h_residual(void *ctx, double t, const double *q, const double *v, const double *a, const double *lam,
                      double *r)
{
    host *h = (host *)ctx;
    int st = h->in.residual(h->in.ctx, t, q, v, a, lam, r);
    if (st || t <= h->t_fail) return st;
    if (h->mode == NAN_RESIDUAL) r[h->in.nq / 2] = NAN;
    /* forces that flip at every evaluation: no Newton iteration can settle */
    if (h->mode == DIVERGE) {
        const double f = h->calls++ % 2 ? 1e3 : -1e3;
        int i;
        for (i = 0; i < h->in.nq; i++) r[i] += f;
    }
    return 0;
}

static int h_jacobian(void *ctx, double t, const double *q, const double *v, const double *a, const double *lam,
                      double cq, double cv, double ca, int flags, double *values)
{
    host *h = (host *)ctx;
    int st = h->in.jacobian(h->in.ctx, t, q, v, a, lam, cq, cv, ca, flags, values);
    if (!st && t > h->t_fail && h->mode == SINGULAR) memset(values, 0, (size_t)h->in.nnz * sizeof *values);
    return st;
}

static int h_update(void *ctx, double *q, const double *dq, double scale)
{
    host *h = (host *)ctx;
    return h->in.update(h->in.ctx, q, dq, scale);
}

static int h_step_limit(void *ctx, const double *q, const double *dq, double *a_max)
{
    host *h = (host *)ctx;
    return h->in.step_limit(h->in.ctx, q, dq, a_max);
}

static int h_scale(void *ctx, double t, const double *q, const double *v, const double *a, const double *lambda,
                   double *scale)
{
    host *h = (host *)ctx;
    return h->in.residual_scale(h->in.ctx, t, q, v, a, lambda, scale);
}

static int h_rates(void *ctx, double t, const double *q, const double *v, double *gdot, double *gamma)
{
    host *h = (host *)ctx;
    return h->in.constraint_rates(h->in.ctx, t, q, v, gdot, gamma);
}

static int h_hget(void *ctx, double *hist)
{
    host *h = (host *)ctx;
    return h->in.history_get(h->in.ctx, hist);
}

static int h_hset(void *ctx, const double *hist)
{
    host *h = (host *)ctx;
    return h->in.history_set(h->in.ctx, hist);
}

static int h_hcommit(void *ctx, double t, const double *q, const double *v, const double *lam)
{
    host *h = (host *)ctx;
    return h->in.history_commit(h->in.ctx, t, q, v, lam);
}

/* p: the host's problem around model m (ramp: its loads scale with t) */
static void host_wrap(host *h, alecable_problem *p, alecable_model *m, int ramp)
{
    memset(h, 0, sizeof *h);
    h->t_fail = INFINITY;
    ck_assert_int_eq(alecable_model_set_load_ramp(m, ramp), 0);
    ck_assert_int_eq(alecable_model_problem(&h->in, m), 0);
    *p = h->in;
    p->ctx = h;
    p->residual = h_residual;
    p->jacobian = h_jacobian;
    p->update = h->in.update ? h_update : NULL;
    p->step_limit = h->in.step_limit ? h_step_limit : NULL; /* every callback of the model's gets the host's ctx */
    p->constraint_rates = h->in.constraint_rates ? h_rates : NULL;
    p->residual_scale = h->in.residual_scale ? h_scale : NULL;
    p->inertia = NULL;
    p->residual_jacobian = NULL;
    if (p->nhist > 0) {
        p->history_get = h_hget;
        p->history_set = h_hset;
        p->history_commit = h_hcommit;
    }
}

/* a Kirchhoff cantilever of 6 elements, 1 m along x, clamped at x = 0,
 * under gravity -y (EI = 1 N m^2, EA = 1e5 N, rho A = 0.1 kg/m) */
static alecable_model *cantilever(void)
{
    alecable_model *m;
    alecable_cable *c;
    alecable_section sec;
    alecable_beam_params bp;
    alecable_clamp_params cp;
    alecable_node *n0;
    const double a[3] = {0, 0, 0}, b[3] = {1, 0, 0}, g[3] = {0, -9.81, 0};
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    ck_assert_int_eq(alecable_model_set_gravity(m, g), 0);
    alecable_section_init(&sec);
    sec.E = 1e9;
    sec.A = 1e-4;
    sec.I = 1e-9;
    sec.rho = 1000.0;
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_KIRCHHOFF, &sec), 0);
    ck_assert_int_eq(alecable_cable_line(c, a, b, 0.0, 1.0, 6), 0);
    alecable_beam_params_init(&bp);
    bp.GJ = 0.7;
    ck_assert_int_eq(alecable_cable_set_beam(c, &bp), 0);
    ck_assert_int_eq(alecable_cable_set_lagrangian(c, 1), 0);
    ck_assert_int_eq(alecable_cable_node(&n0, c, 0), 0);
    alecable_clamp_params_init(&cp);
    ck_assert_int_eq(alecable_clamp(NULL, m, n0, &cp), 0);
    ck_assert_int_eq(alecable_model_finalize(m), 0);
    return m;
}

/* everything an integrator's state is: t, q, v, a, lambda and the history */
typedef struct state {
    double *x;
    size_t n;
} state;

static void state_of(const alecable_integrator *it, const alecable_problem *p, state *s)
{
    size_t nq = (size_t)p->nq, nl = (size_t)p->nlam, nh = (size_t)p->nhist;
    s->n = 1 + 3 * nq + nl + nh;
    s->x = (double *)calloc(s->n, sizeof *s->x);
    ck_assert_ptr_nonnull(s->x);
    ck_assert_int_eq(alecable_integrator_get_state(it, s->x, s->x + 1, s->x + 1 + nq, s->x + 1 + 2 * nq,
                                                   s->x + 1 + 3 * nq),
                     0);
    if (nh > 0) ck_assert_int_eq(p->history_get(p->ctx, s->x + 1 + 3 * nq + nl), 0);
}

static void state_same(state *a, state *b, const char *what)
{
    ck_assert_msg(a->n == b->n && memcmp(a->x, b->x, a->n * sizeof *a->x) == 0, "%s: the state differs", what);
    free(a->x);
    free(b->x);
}

/* the same to roundoff: |a - b| <= tol (1 + |b|) entry by entry */
static void state_close(state *a, state *b, double tol, const char *what)
{
    size_t i;
    ck_assert(a->n == b->n);
    for (i = 0; i < a->n; i++)
        ck_assert_msg(fabs(a->x[i] - b->x[i]) <= tol * (1.0 + fabs(b->x[i])), "%s: entry %zu: %.17g vs %.17g", what,
                      i, a->x[i], b->x[i]);
    free(a->x);
    free(b->x);
}

static const int methods[9] = {ALECABLE_METHOD_NEWMARK,    ALECABLE_METHOD_HHT,    ALECABLE_METHOD_BOSSAK,
                               ALECABLE_METHOD_GENALPHA,   ALECABLE_METHOD_SI_BE,  ALECABLE_METHOD_SI_BDF2,
                               ALECABLE_METHOD_SI_NEWMARK, ALECABLE_METHOD_SI_HHT, ALECABLE_METHOD_NEWMARK};

static alecable_integrator *integrator(const alecable_problem *p, int k, double h)
{
    alecable_dynamic_options o;
    alecable_integrator *it;
    alecable_dynamic_options_init(&o);
    o.method = methods[k];
    o.h = h;
    o.adaptive = k == 8;
    ck_assert_int_eq(alecable_integrator_create(&it, p, &o, NULL), 0);
    return it;
}

/* the problem's start: the model's state at rest */
static void start(alecable_integrator *it, alecable_model *m, const alecable_problem *p)
{
    double *q = (double *)calloc((size_t)p->nq, sizeof *q), *v = (double *)calloc((size_t)p->nq, sizeof *v);
    ck_assert_int_eq(alecable_model_get_state(m, q, NULL, NULL), 0);
    ck_assert_int_eq(alecable_integrator_set_state(it, 0.0, q, v, NULL, NULL), 0);
    free(q);
    free(v);
}

/* A model driven by an integrator through the host's problem */
typedef struct run {
    alecable_model *m;
    host H;
    alecable_problem p;
    alecable_integrator *it;
} run;

/* method k at step h from the model's rest, steps steps taken */
static void run_start(run *R, alecable_model *m, int k, double h, int steps)
{
    int n;
    R->m = m;
    host_wrap(&R->H, &R->p, m, 0);
    R->it = integrator(&R->p, k, h);
    start(R->it, m, &R->p);
    for (n = 0; n < steps; n++)
        ck_assert_msg(alecable_integrator_step(R->it, h) == 0, "method %d, step %d: %s", k, n + 1,
                      alecable_integrator_errmsg(R->it));
}

static void run_free(run *R)
{
    alecable_integrator_destroy(R->it);
    alecable_model_destroy(R->m);
}

/* R's and Ref's states at the end: bit for bit (tol 0) or to tol; both freed */
static void runs_end(run *R, run *Ref, double tol, const char *what)
{
    state s0, s1;
    state_of(R->it, &R->p, &s0);
    state_of(Ref->it, &Ref->p, &s1);
    if (tol > 0.0) state_close(&s0, &s1, tol, what);
    else state_same(&s0, &s1, what);
    run_free(R);
    run_free(Ref);
}

/* Each failure mode in turn on R's next step: an error, and R's state and
 * history bit for bit as before (diverge: whether the method iterates) */
static void failures_leave_the_state(run *R, int k, double h, int diverge)
{
    state s0, s1;
    int mode;
    for (mode = NAN_RESIDUAL; mode < NMODES; mode++) {
        if (mode == DIVERGE && !diverge) continue;
        state_of(R->it, &R->p, &s0);
        R->H.mode = mode;
        R->H.t_fail = s0.x[0]; /* every attempt beyond the converged step, however short */
        ck_assert_msg(alecable_integrator_step(R->it, h) != 0, "method %d, %s: the step did not fail", k,
                      mode_name[mode]);
        R->H.mode = PASS;
        state_of(R->it, &R->p, &s1);
        state_same(&s0, &s1, mode_name[mode]);
    }
}

/* Each failure mode in turn at step 4: an error, the state of step 3 bit
 * for bit; then the integrator goes on as one that never failed.  The
 * semi-implicit methods take one linear solve per step and no Newton
 * iteration: a wrong force is not a divergence for them, so they are not
 * asked to fail by one. */
START_TEST(dynamics_failures_roll_back)
{
    run R, Ref;
    const double h = 2e-3;
    int n, k = _i;
    run_start(&R, cantilever(), k, h, 3);
    run_start(&Ref, cantilever(), k, h, 3);
    failures_leave_the_state(&R, k, h, methods[k] < ALECABLE_METHOD_SI_BE);
    /* then it goes on as if it never failed */
    for (n = 0; n < 3; n++) {
        ck_assert_int_eq(alecable_integrator_step(R.it, h), 0);
        ck_assert_int_eq(alecable_integrator_step(Ref.it, h), 0);
    }
    runs_end(&R, &Ref, 0.0, "after the failures");
}
END_TEST

/* 1000 x (step + undo), then a step: one step, bit for bit */
START_TEST(undo_a_thousand_times)
{
    run R, Ref;
    const double h = 2e-3;
    int n, k = _i;
    run_start(&R, cantilever(), k, h, 3);
    run_start(&Ref, cantilever(), k, h, 3);
    for (n = 0; n < 1000; n++) {
        ck_assert_int_eq(alecable_integrator_step(R.it, h), 0);
        ck_assert_int_eq(alecable_integrator_undo(R.it), 0);
    }
    ck_assert_int_eq(alecable_integrator_step(R.it, h), 0);
    ck_assert_int_eq(alecable_integrator_step(Ref.it, h), 0);
    runs_end(&R, &Ref, 0.0, "1000 undos");
}
END_TEST

/* The quasistatic solver, 4 load steps to gravity, failing in the third:
 * an error, two steps reported done, and q, lambda and the history those of
 * a solve that stopped after two steps, bit for bit */
START_TEST(quasistatic_failures_roll_back)
{
    int mode;
    for (mode = NAN_RESIDUAL; mode < NMODES; mode++) {
        alecable_model *m = cantilever(), *mr = cantilever();
        host H, Hr;
        alecable_problem p, pr;
        alecable_quasistatic_options o;
        alecable_solve_report rep;
        double *q, *l, *qr, *lr, *hs, *hr;
        host_wrap(&H, &p, m, 1);
        host_wrap(&Hr, &pr, mr, 1);
        q = (double *)calloc((size_t)p.nq, sizeof *q);
        qr = (double *)calloc((size_t)p.nq, sizeof *qr);
        l = (double *)calloc((size_t)p.nlam + 1, sizeof *l);
        lr = (double *)calloc((size_t)p.nlam + 1, sizeof *lr);
        hs = (double *)calloc((size_t)p.nhist + 1, sizeof *hs);
        hr = (double *)calloc((size_t)p.nhist + 1, sizeof *hr);
        ck_assert_int_eq(alecable_model_get_state(m, q, NULL, NULL), 0);
        memcpy(qr, q, (size_t)p.nq * sizeof *q);
        alecable_quasistatic_options_init(&o);
        o.regularization = ALECABLE_REG_NONE;
        o.load_steps = 4;
        H.mode = mode;
        H.t_fail = 0.6;
        alecable_solve_report_init(&rep);
        ck_assert_msg(alecable_problem_solve_quasistatic(&p, &o, NULL, q, l, &rep) != 0, "%s: no failure",
                      mode_name[mode]);
        ck_assert_int_eq(rep.steps_completed, 2);
        o.t1 = 0.5;
        o.load_steps = 2;
        ck_assert_int_eq(alecable_problem_solve_quasistatic(&pr, &o, NULL, qr, lr, NULL), 0);
        ck_assert_msg(memcmp(q, qr, (size_t)p.nq * sizeof *q) == 0, "%s: q", mode_name[mode]);
        ck_assert_msg(memcmp(l, lr, (size_t)p.nlam * sizeof *l) == 0, "%s: lambda", mode_name[mode]);
        if (p.nhist > 0) {
            ck_assert_int_eq(p.history_get(p.ctx, hs), 0);
            ck_assert_int_eq(pr.history_get(pr.ctx, hr), 0);
            ck_assert_msg(memcmp(hs, hr, (size_t)p.nhist * sizeof *hs) == 0, "%s: history", mode_name[mode]);
        }
        free(q);
        free(qr);
        free(l);
        free(lr);
        free(hs);
        free(hr);
        alecable_model_destroy(m);
        alecable_model_destroy(mr);
    }
}
END_TEST

/* The Atwood machine slipping on its wheel (friction history, bodies):
 * the implicit methods roll back each failure and then match a run that
 * never failed */
START_TEST(friction_failures_roll_back)
{
    atwood_params ap;
    atwood_rig r, rr;
    run R, Ref;
    const double h = 1e-3;
    int n, k = _i;
    atwood_params_default(&ap);
    ap.mu = 0.05;
    ck_assert_int_eq(atwood_build(&r, &ap), 0);
    ck_assert_int_eq(atwood_build(&rr, &ap), 0);
    ck_assert_int_eq(alecable_model_finalize(r.m), 0);
    ck_assert_int_eq(alecable_model_finalize(rr.m), 0);
    run_start(&R, r.m, k, h, 5);
    run_start(&Ref, rr.m, k, h, 5);
    ck_assert_int_gt(R.p.nhist, 0);
    failures_leave_the_state(&R, k, h, 1);
    /* then it goes on as one that never failed, to roundoff: the wild
     * iterates of the diverging attempt make the sparse LU (KLU) give up
     * replaying its pivot order and choose a new one, which rounds
     * differently from then on, and Newton stops within its tolerance
     * (1e-10 of the residual) at another iterate */
    for (n = 0; n < 5; n++) {
        ck_assert_msg(alecable_integrator_step(Ref.it, h) == 0, "method %d, step %d of the reference: %s", k, n + 6,
                      alecable_integrator_errmsg(Ref.it));
        ck_assert_msg(alecable_integrator_step(R.it, h) == 0, "method %d, step %d after the failures: %s", k, n + 1,
                      alecable_integrator_errmsg(R.it));
    }
    runs_end(&R, &Ref, 1e-8, "after the failures");
}
END_TEST

/* alecable_model_set_load_ramp: with the ramp the model's loads vanish at
 * t = 0; without it gravity acts in full there; bad values are refused */
START_TEST(load_ramp)
{
    alecable_model *m = cantilever();
    alecable_problem p;
    double *q, *l, *r0, *r1, diff = 0.0;
    int i, n;
    ck_assert_int_eq(alecable_model_problem(&p, m), 0);
    n = p.nq + p.nlam;
    q = (double *)calloc((size_t)p.nq, sizeof *q);
    l = (double *)calloc((size_t)p.nlam, sizeof *l);
    r0 = (double *)calloc((size_t)n, sizeof *r0);
    r1 = (double *)calloc((size_t)n, sizeof *r1);
    ck_assert_int_eq(alecable_model_get_state(m, q, l, NULL), 0);
    ck_assert_int_eq(p.residual(p.ctx, 0.0, q, NULL, NULL, l, r0), 0);
    ck_assert_int_eq(alecable_model_set_load_ramp(m, 0), 0);
    ck_assert_int_eq(p.residual(p.ctx, 0.0, q, NULL, NULL, l, r1), 0);
    for (i = 0; i < n; i++) diff = fmax(diff, fabs(r1[i] - r0[i]));
    ck_assert_double_gt(diff, 0.01); /* rho A g l / 2 at a node: 0.08 N */
    ck_assert_int_eq(alecable_model_set_load_ramp(m, 2), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "on = 2"));
    ck_assert_int_eq(alecable_model_set_load_ramp(NULL, 1), ALECABLE_ENULL);
    free(q);
    free(l);
    free(r0);
    free(r1);
    alecable_model_destroy(m);
}
END_TEST

Suite *suite_rollback(void)
{
    Suite *s = suite_create("rollback");
    TCase *tc = tcase_create("failures");
    tcase_set_timeout(tc, 600);
    tcase_add_loop_test(tc, dynamics_failures_roll_back, 0, 9);
    tcase_add_loop_test(tc, undo_a_thousand_times, 0, 9);
    tcase_add_test(tc, quasistatic_failures_roll_back);
    tcase_add_loop_test(tc, friction_failures_roll_back, 0, 4);
    tcase_add_test(tc, load_ramp);
    suite_add_tcase(s, tc);
    return s;
}
