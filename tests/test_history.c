/* The problem's history (alecable_problem.nhist, history_get / _set /
 * _commit) in the time integrators and the quasistatic solver, on a host
 * problem defined here: two masses tied by a rigid link (g = q1 - q0), the
 * first held by a linear spring and an elastoplastic (Jenkins) spring, the
 * second by a linear spring, and a ramped force F t on the first.
 *
 * The Jenkins spring's slip p is history, advanced by the return mapping at
 * commits only: the spring force at the committed q is the same before and
 * after, so a converged state stays converged (the contract), yet the next
 * step's forces depend on p, so a wrong history shows in q.  The history
 * also counts commits and records the last committed t, q0 and lambda. */
#include "suites.h"
#include "integrators/dynamic_internal.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

Suite *suite_history(void);

enum { H_SLIP, H_COMMITS, H_T, H_Q, H_LAM, NH };

typedef struct jenk {
    double m, c, k0, k1, fy, k2, F;
    double h[NH]; /* the history in force */
    long n_commit, n_get, n_set, n_v_null;
    double commit_t[8];
    /* failures on demand */
    int fail_commit;        /* status of the commit number fail_commit_at (0: every one) */
    long fail_commit_at;
    int fail_get;           /* status of every history_get */
    int fail_set, fail_sets; /* status of the next fail_sets history_set calls */
    double fail_after;      /* the residual fails with ALECABLE_ENAN at t > fail_after */
    int fail_residuals;     /* ... and the next fail_residuals calls */
} jenk;

static const int J_COLPTR[4] = {0, 3, 6, 9};
static const int J_ROWIDX[9] = {0, 1, 2, 0, 1, 2, 0, 1, 2};

static void jenk_init(jenk *J)
{
    memset(J, 0, sizeof *J);
    J->m = 1.0;
    J->c = 0.1;
    J->k0 = 1.0;
    J->k1 = 20.0;
    J->fy = 1.0;
    J->k2 = 1.0;
    J->F = 2.0;
    J->fail_after = INFINITY;
}

/* The Jenkins force k1 (q - p) capped at fy, and its tangent. */
static double slip_force(const jenk *J, double q, double *kt)
{
    double f = J->k1 * (q - J->h[H_SLIP]);
    if (fabs(f) <= J->fy) {
        *kt = J->k1;
        return f;
    }
    *kt = 0.0;
    return f > 0.0 ? J->fy : -J->fy;
}

static int j_res(void *ctx, double t, const double *q, const double *v, const double *a, const double *lam,
                 double *r)
{
    jenk *J = (jenk *)ctx;
    double kt, v0 = v ? v[0] : 0.0, a0 = a ? a[0] : 0.0, a1 = a ? a[1] : 0.0;
    if (t > J->fail_after) return ALECABLE_ENAN;
    if (J->fail_residuals > 0) {
        J->fail_residuals--;
        return ALECABLE_ENAN;
    }
    r[0] = J->m * a0 + J->c * v0 + J->k0 * q[0] + slip_force(J, q[0], &kt) - J->F * t - lam[0];
    r[1] = J->m * a1 + J->k2 * q[1] + lam[0];
    r[2] = q[1] - q[0];
    return 0;
}

static int j_jac(void *ctx, double t, const double *q, const double *v, const double *a, const double *lam,
                 double cq, double cv, double ca, int flags, double *vals)
{
    const jenk *J = (const jenk *)ctx;
    double kt;
    (void)t;
    (void)v;
    (void)a;
    (void)lam;
    (void)flags;
    slip_force(J, q[0], &kt);
    vals[0] = cq * (J->k0 + kt) + cv * J->c + ca * J->m;
    vals[1] = 0.0;
    vals[2] = -1.0;
    vals[3] = 0.0;
    vals[4] = cq * J->k2 + ca * J->m;
    vals[5] = 1.0;
    vals[6] = -1.0;
    vals[7] = 1.0;
    vals[8] = 0.0;
    return 0;
}

static int j_rates(void *ctx, double t, const double *q, const double *v, double *gdot, double *gamma)
{
    (void)ctx;
    (void)t;
    (void)q;
    gdot[0] = v[1] - v[0];
    gamma[0] = 0.0;
    return 0;
}

/* SI-HHT carries its force history with it (semi_implicit.c) */
static int j_inertia(void *ctx, double t, const double *q, const double *v, const double *a, double *r)
{
    const jenk *J = (const jenk *)ctx;
    (void)t;
    (void)q;
    (void)v;
    r[0] = J->m * a[0];
    r[1] = J->m * a[1];
    return 0;
}

static int j_get(void *ctx, double *hist)
{
    jenk *J = (jenk *)ctx;
    J->n_get++;
    if (J->fail_get) {
        hist[0] = -1.0; /* a failing read may leave garbage */
        return J->fail_get;
    }
    memcpy(hist, J->h, sizeof J->h);
    return 0;
}

static int j_set(void *ctx, const double *hist)
{
    jenk *J = (jenk *)ctx;
    J->n_set++;
    if (J->fail_sets > 0) {
        J->fail_sets--;
        J->h[H_SLIP] = -1e300; /* ... and a failing write half of a history */
        return J->fail_set;
    }
    memcpy(J->h, hist, sizeof J->h);
    return 0;
}

/* The return mapping: p moves so that the spring sits on its yield force. */
static int j_commit(void *ctx, double t, const double *q, const double *v, const double *lam)
{
    jenk *J = (jenk *)ctx;
    double kt, f;
    J->n_commit++;
    if (!v) J->n_v_null++;
    if (J->n_commit <= 8) J->commit_t[J->n_commit - 1] = t;
    if (J->fail_commit && (J->fail_commit_at == 0 || J->n_commit == J->fail_commit_at)) {
        J->h[H_SLIP] = 1e300; /* half done */
        J->h[H_COMMITS] += 1000.0;
        return J->fail_commit;
    }
    f = slip_force(J, q[0], &kt);
    if (kt == 0.0) J->h[H_SLIP] = q[0] - f / J->k1;
    J->h[H_COMMITS] += 1.0;
    J->h[H_T] = t;
    J->h[H_Q] = q[0];
    J->h[H_LAM] = lam[0];
    return 0;
}

static void jenk_problem(alecable_problem *p, jenk *J)
{
    alecable_problem_init(p);
    p->ctx = J;
    p->nq = 2;
    p->nlam = 1;
    p->nnz = 9;
    p->colptr = J_COLPTR;
    p->rowidx = J_ROWIDX;
    p->residual = j_res;
    p->jacobian = j_jac;
    p->constraint_rates = j_rates;
    p->inertia = j_inertia;
    p->nhist = NH;
    p->history_get = j_get;
    p->history_set = j_set;
    p->history_commit = j_commit;
}

/* ---- helpers ---- */

static const int METHODS[8] = {ALECABLE_METHOD_NEWMARK,  ALECABLE_METHOD_HHT,        ALECABLE_METHOD_BOSSAK,
                               ALECABLE_METHOD_GENALPHA, ALECABLE_METHOD_SI_BE,      ALECABLE_METHOD_SI_BDF2,
                               ALECABLE_METHOD_SI_NEWMARK, ALECABLE_METHOD_SI_HHT};

static alecable_dynamic_options opts(int method, double h)
{
    alecable_dynamic_options o;
    alecable_dynamic_options_init(&o);
    o.method = method;
    o.h = h;
    return o;
}

/* An integrator on J at rest at q0 = q1 = 0.5: the Jenkins spring yields at
 * the first commit and again on every swing back. */
static alecable_integrator *start(jenk *J, alecable_problem *p, const alecable_dynamic_options *o)
{
    alecable_integrator *it = NULL;
    double q[2] = {0.5, 0.5}, v[2] = {0.0, 0.0};
    jenk_problem(p, J);
    ck_assert_int_eq(alecable_integrator_create(&it, p, o, NULL), ALECABLE_OK);
    ck_assert_int_eq(alecable_integrator_set_state(it, 0.0, q, v, NULL, NULL), ALECABLE_OK);
    return it;
}

/* t, q, v, a, lambda */
enum { SNAP = 8 };
static void snap(const alecable_integrator *it, double *s)
{
    ck_assert_int_eq(alecable_integrator_get_state(it, &s[0], s + 1, s + 3, s + 5, s + 7), ALECABLE_OK);
}

static long steps_of(const alecable_integrator *it)
{
    alecable_step_stats s;
    alecable_step_stats_init(&s);
    ck_assert_int_eq(alecable_integrator_stats(it, &s), ALECABLE_OK);
    return s.steps;
}

/* The history in force was committed by the current state (or is the
 * start's, before any step). */
static void assert_history_is_current(const alecable_integrator *it, const jenk *J)
{
    double s[SNAP];
    snap(it, s);
    ck_assert(J->h[H_T] == s[0]);
    ck_assert(J->h[H_Q] == s[1]);
    ck_assert(J->h[H_LAM] == s[7]);
}

/* ---- commits ---- */

START_TEST(one_commit_per_accepted_step_every_method)
{
    int k, n;
    for (k = 0; k < 8; k++) {
        jenk J;
        alecable_problem p;
        alecable_dynamic_options o = opts(METHODS[k], 0.05);
        alecable_integrator *it;
        jenk_init(&J);
        it = start(&J, &p, &o);
        ck_assert_int_eq(J.n_get, 1); /* set_state took the history in force */
        ck_assert_int_eq(J.n_commit, 0);
        for (n = 1; n <= 10; n++) {
            ck_assert_int_eq(alecable_integrator_step(it, 0.05), ALECABLE_OK);
            ck_assert_int_eq(J.n_commit, n);
            ck_assert(J.h[H_COMMITS] == (double)n);
            assert_history_is_current(it, &J);
        }
        ck_assert_int_eq(alecable_integrator_advance(it, 1.0), ALECABLE_OK);
        ck_assert_int_eq(J.n_commit, steps_of(it));
        ck_assert_int_eq(J.n_commit, 20);
        assert_history_is_current(it, &J);
        ck_assert_int_eq(J.n_set, 0); /* nothing was ever rolled back */
        ck_assert_int_eq(J.n_v_null, 0);
        ck_assert(J.h[H_SLIP] != 0.0); /* the history acted */
        alecable_integrator_destroy(it);
    }
}
END_TEST

/* Adaptive steps reject attempts (error test, failed Newton): only the
 * accepted ones commit. */
START_TEST(adaptive_rejections_do_not_commit)
{
    int k;
    for (k = 0; k < 4; k++) {
        jenk J;
        alecable_problem p;
        alecable_dynamic_options o = opts(METHODS[k], 0.5);
        alecable_integrator *it;
        alecable_step_stats s;
        long commits;
        o.adaptive = 1;
        o.atol = 1e-6;
        jenk_init(&J);
        it = start(&J, &p, &o);
        ck_assert_int_eq(alecable_integrator_advance(it, 2.0), ALECABLE_OK);
        alecable_step_stats_init(&s);
        alecable_integrator_stats(it, &s);
        ck_assert_int_gt(s.rejected, 0);
        ck_assert_int_eq(J.n_commit, s.steps);
        ck_assert(J.h[H_COMMITS] == (double)s.steps);
        assert_history_is_current(it, &J);
        /* a failed attempt (residual NaN) halves h and retries: one commit */
        commits = J.n_commit;
        J.fail_residuals = 1;
        ck_assert_int_eq(alecable_integrator_step(it, 0.5), ALECABLE_OK);
        alecable_integrator_stats(it, &s);
        ck_assert_int_eq(J.n_commit, commits + 1);
        ck_assert_int_eq(J.n_commit, s.steps);
        /* each attempt not kept (rejected or failed) put cur's history back */
        ck_assert_int_eq(J.n_set, s.rejected);
        assert_history_is_current(it, &J);
        alecable_integrator_destroy(it);
    }
}
END_TEST

/* A failed fixed step commits nothing and changes neither the state nor
 * the history in force (which it sets back once). */
START_TEST(failed_step_leaves_state_and_history)
{
    int k, n;
    for (k = 0; k < 8; k++) {
        jenk J;
        alecable_problem p;
        alecable_dynamic_options o = opts(METHODS[k], 0.05);
        alecable_integrator *it;
        double s0[SNAP], s1[SNAP], h0[NH];
        jenk_init(&J);
        it = start(&J, &p, &o);
        for (n = 0; n < 6; n++) ck_assert_int_eq(alecable_integrator_step(it, 0.05), ALECABLE_OK);
        snap(it, s0);
        memcpy(h0, J.h, sizeof h0);
        J.fail_after = s0[0];
        ck_assert_int_eq(alecable_integrator_step(it, 0.05), ALECABLE_STEP_TOO_LARGE);
        snap(it, s1);
        ck_assert_mem_eq(s0, s1, sizeof s0);
        ck_assert_mem_eq(h0, J.h, sizeof h0);
        ck_assert_int_eq(J.n_commit, 6);
        ck_assert_int_eq(J.n_set, 1); /* the failed attempt put the history in force back */
        alecable_integrator_destroy(it);
    }
}
END_TEST

/* ---- undo ---- */

/* Undo puts back the history of the state it returns to, bit for bit, and
 * the step taken again is the step taken before. */
START_TEST(undo_restores_history_and_replays_the_step)
{
    int k, n;
    for (k = 0; k < 8; k++) {
        jenk J;
        alecable_problem p;
        alecable_dynamic_options o = opts(METHODS[k], 0.05);
        alecable_integrator *it;
        double s0[SNAP], s1[SNAP], s2[SNAP], h0[NH], h1[NH];
        jenk_init(&J);
        it = start(&J, &p, &o);
        for (n = 0; n < 8; n++) {
            snap(it, s0);
            memcpy(h0, J.h, sizeof h0);
            ck_assert_int_eq(alecable_integrator_step(it, 0.05), ALECABLE_OK);
            snap(it, s1);
            memcpy(h1, J.h, sizeof h1);
            ck_assert_int_eq(alecable_integrator_undo(it), ALECABLE_OK);
            snap(it, s2);
            ck_assert_mem_eq(s0, s2, sizeof s0);
            ck_assert_mem_eq(h0, J.h, sizeof h0);
            ck_assert_int_eq(alecable_integrator_step(it, 0.05), ALECABLE_OK);
            snap(it, s2);
            ck_assert_mem_eq(s1, s2, sizeof s1);
            ck_assert_mem_eq(h1, J.h, sizeof h1);
        }
        ck_assert_int_eq(J.n_set, 8);
        alecable_integrator_destroy(it);
    }
}
END_TEST

/* step; undo; step gives what step alone gives, on a run whose forces
 * depend on the history (the slip moves several times). */
START_TEST(undo_and_redo_equal_a_straight_run)
{
    int k, n;
    for (k = 0; k < 8; k++) {
        jenk J, R;
        alecable_problem p, pr;
        alecable_dynamic_options o = opts(METHODS[k], 0.05);
        alecable_integrator *it, *ref;
        double s[SNAP], sr[SNAP], slip = 0.0;
        int moves = 0;
        jenk_init(&J);
        jenk_init(&R);
        it = start(&J, &p, &o);
        ref = start(&R, &pr, &o);
        for (n = 0; n < 60; n++) {
            ck_assert_int_eq(alecable_integrator_step(it, 0.05), ALECABLE_OK);
            ck_assert_int_eq(alecable_integrator_undo(it), ALECABLE_OK);
            ck_assert_int_eq(alecable_integrator_step(it, 0.05), ALECABLE_OK);
            ck_assert_int_eq(alecable_integrator_step(ref, 0.05), ALECABLE_OK);
            moves += R.h[H_SLIP] != slip;
            slip = R.h[H_SLIP];
        }
        ck_assert_int_ge(moves, 2);
        snap(it, s);
        snap(ref, sr);
        ck_assert_mem_eq(s, sr, sizeof s);
        ck_assert_mem_eq(J.h, R.h, sizeof J.h);
        alecable_integrator_destroy(it);
        alecable_integrator_destroy(ref);
    }
}
END_TEST

/* A history_set that fails undoes nothing: the state and its history stay,
 * and the undo can be asked again. */
START_TEST(failed_undo_changes_nothing)
{
    jenk J;
    alecable_problem p;
    alecable_dynamic_options o = opts(ALECABLE_METHOD_HHT, 0.05);
    alecable_integrator *it;
    double s0[SNAP], s1[SNAP], s2[SNAP], h0[NH], h1[NH];
    jenk_init(&J);
    it = start(&J, &p, &o);
    ck_assert_int_eq(alecable_integrator_step(it, 0.05), ALECABLE_OK);
    snap(it, s0);
    memcpy(h0, J.h, sizeof h0);
    ck_assert_int_eq(alecable_integrator_step(it, 0.05), ALECABLE_OK);
    snap(it, s1);
    memcpy(h1, J.h, sizeof h1);
    J.fail_set = ALECABLE_ERANGE;
    J.fail_sets = 1;
    ck_assert_int_eq(alecable_integrator_undo(it), ALECABLE_ERANGE);
    ck_assert_ptr_nonnull(strstr(alecable_integrator_errmsg(it), "history_set"));
    snap(it, s2);
    ck_assert_mem_eq(s1, s2, sizeof s1);
    ck_assert_mem_eq(h1, J.h, sizeof h1); /* the half-written history was put back */
    ck_assert_int_eq(alecable_integrator_undo(it), ALECABLE_OK);
    snap(it, s2);
    ck_assert_mem_eq(s0, s2, sizeof s0);
    ck_assert_mem_eq(h0, J.h, sizeof h0);
    alecable_integrator_destroy(it);
}
END_TEST

/* ---- failing commit ---- */

/* The step fails with the callback's status, the state stays and the
 * history in force is the current state's again (the failing commit had
 * changed it); the same step then succeeds as if nothing had happened. */
START_TEST(failed_commit_fails_the_step)
{
    int k, n;
    for (k = 0; k < 9; k++) {
        jenk J, R;
        alecable_problem p, pr;
        alecable_dynamic_options o = opts(METHODS[k % 8], 0.05);
        alecable_integrator *it, *ref;
        double s0[SNAP], s1[SNAP], h0[NH];
        o.adaptive = k == 8;
        jenk_init(&J);
        jenk_init(&R);
        it = start(&J, &p, &o);
        ref = start(&R, &pr, &o);
        for (n = 0; n < 4; n++) {
            ck_assert_int_eq(alecable_integrator_step(it, 0.05), ALECABLE_OK);
            ck_assert_int_eq(alecable_integrator_step(ref, 0.05), ALECABLE_OK);
        }
        snap(it, s0);
        memcpy(h0, J.h, sizeof h0);
        J.fail_commit = ALECABLE_ERANGE;
        ck_assert_int_eq(alecable_integrator_step(it, 0.05), ALECABLE_ERANGE);
        ck_assert_ptr_nonnull(strstr(alecable_integrator_errmsg(it), "history_commit"));
        snap(it, s1);
        ck_assert_mem_eq(s0, s1, sizeof s0);
        ck_assert_mem_eq(h0, J.h, sizeof h0);
        ck_assert_int_eq(steps_of(it), 4);
        /* any status of the host's, positive ones too, ends the step */
        J.fail_commit = 1000;
        ck_assert_int_eq(alecable_integrator_step(it, 0.05), 1000);
        ck_assert_int_eq(J.n_commit, 6);
        ck_assert_mem_eq(h0, J.h, sizeof h0);
        J.fail_commit = 0;
        /* a commit that went through but cannot be read back is undone too */
        J.fail_get = ALECABLE_ERANGE;
        ck_assert_int_eq(alecable_integrator_step(it, 0.05), ALECABLE_ERANGE);
        ck_assert_ptr_nonnull(strstr(alecable_integrator_errmsg(it), "history_get"));
        ck_assert_int_eq(J.n_commit, 7);
        ck_assert_mem_eq(h0, J.h, sizeof h0);
        snap(it, s1);
        ck_assert_mem_eq(s0, s1, sizeof s0);
        J.fail_get = 0;
        ck_assert_int_eq(alecable_integrator_step(it, 0.05), ALECABLE_OK);
        ck_assert_int_eq(alecable_integrator_step(ref, 0.05), ALECABLE_OK);
        snap(it, s0);
        snap(ref, s1);
        ck_assert_mem_eq(s0, s1, sizeof s0);
        ck_assert_mem_eq(J.h, R.h, sizeof J.h);
        /* undo still returns to the step before */
        ck_assert_int_eq(alecable_integrator_undo(it), ALECABLE_OK);
        ck_assert(J.h[H_COMMITS] == 4.0);
        alecable_integrator_destroy(it);
        alecable_integrator_destroy(ref);
    }
}
END_TEST

/* set_state adopts the history in force; if the problem cannot give it,
 * the state stays what it was. */
START_TEST(set_state_takes_the_history_in_force)
{
    jenk J;
    alecable_problem p;
    alecable_dynamic_options o = opts(ALECABLE_METHOD_SI_BDF2, 0.05);
    alecable_integrator *it;
    double q[2] = {0.2, 0.2}, v[2] = {0.0, 0.0}, s0[SNAP], s1[SNAP], h0[NH];
    jenk_init(&J);
    it = start(&J, &p, &o);
    ck_assert_int_eq(alecable_integrator_step(it, 0.05), ALECABLE_OK);
    snap(it, s0);
    J.fail_get = ALECABLE_ERANGE;
    ck_assert_int_eq(alecable_integrator_set_state(it, 1.0, q, v, NULL, NULL), ALECABLE_ERANGE);
    ck_assert_ptr_nonnull(strstr(alecable_integrator_errmsg(it), "history_get"));
    snap(it, s1);
    ck_assert_mem_eq(s0, s1, sizeof s0);
    J.fail_get = 0;
    /* the host moves its history, then sets a state that goes with it */
    J.h[H_SLIP] = 0.15;
    J.h[H_COMMITS] = 0.0;
    memcpy(h0, J.h, sizeof h0);
    ck_assert_int_eq(alecable_integrator_set_state(it, 1.0, q, v, NULL, NULL), ALECABLE_OK);
    ck_assert_int_eq(alecable_integrator_undo(it), ALECABLE_ESTATE);
    ck_assert_int_eq(alecable_integrator_step(it, 0.05), ALECABLE_OK);
    ck_assert(J.h[H_COMMITS] == 1.0);
    ck_assert_int_eq(alecable_integrator_undo(it), ALECABLE_OK);
    ck_assert_mem_eq(h0, J.h, sizeof h0);
    alecable_integrator_destroy(it);
}
END_TEST

/* ---- allocations ---- */

START_TEST(no_allocation_per_step_with_history)
{
    int k, n;
    for (k = 0; k < 9; k++) {
        jenk J;
        alecable_problem p;
        alecable_dynamic_options o = opts(METHODS[k % 8], 0.01);
        alecable_integrator *it;
        o.adaptive = k == 8;
        jenk_init(&J);
        it = start(&J, &p, &o);
        ck_assert_int_eq(alecable_integrator_step(it, 0.01), ALECABLE_OK);
        for (n = 0; n < 20; n++) {
            ck_assert_int_eq(alecable_integrator_step(it, 0.01), ALECABLE_OK);
            ck_assert_uint_eq(dyn_allocs_last_step(it), 0);
        }
        ck_assert_int_eq(alecable_integrator_undo(it), ALECABLE_OK);
        ck_assert_int_eq(alecable_integrator_advance(it, 0.5), ALECABLE_OK);
        ck_assert_uint_eq(dyn_allocs_last_step(it), 0);
        J.fail_commit = ALECABLE_ERANGE;
        ck_assert_int_eq(alecable_integrator_step(it, 0.01), ALECABLE_ERANGE);
        ck_assert_uint_eq(dyn_allocs_last_step(it), 0);
        alecable_integrator_destroy(it);
    }
}
END_TEST

/* ---- validation ---- */

START_TEST(incomplete_history_is_refused)
{
    int k;
    for (k = 0; k < 5; k++) {
        jenk J;
        alecable_problem p;
        alecable_quasistatic_options qo;
        alecable_integrator *it = NULL;
        double q[2] = {0.0, 0.0}, lam[1] = {0.0};
        jenk_init(&J);
        jenk_problem(&p, &J);
        if (k == 0) p.history_get = NULL;
        if (k == 1) p.history_set = NULL;
        if (k == 2) p.history_commit = NULL;
        if (k == 3) p.nhist = -1;
        if (k == 4) p.nhist = 0; /* no history: the callbacks are not used */
        alecable_quasistatic_options_init(&qo);
        qo.load_steps = 2;
        if (k < 4) {
            ck_assert_int_eq(alecable_integrator_create(&it, &p, NULL, NULL), ALECABLE_EINVAL);
            ck_assert_ptr_null(it);
            ck_assert_int_eq(alecable_problem_solve_quasistatic(&p, &qo, NULL, q, lam, NULL), ALECABLE_EINVAL);
        } else {
            double v[2] = {0.0, 0.0};
            ck_assert_int_eq(alecable_integrator_create(&it, &p, NULL, NULL), ALECABLE_OK);
            ck_assert_int_eq(alecable_integrator_set_state(it, 0.0, q, v, NULL, NULL), ALECABLE_OK);
            ck_assert_int_eq(alecable_integrator_step(it, 0.01), ALECABLE_OK);
            ck_assert_int_eq(alecable_integrator_undo(it), ALECABLE_OK);
            alecable_integrator_destroy(it);
            ck_assert_int_eq(alecable_problem_solve_quasistatic(&p, &qo, NULL, q, lam, NULL), ALECABLE_OK);
            ck_assert_int_eq(J.n_get + J.n_set + J.n_commit, 0);
        }
    }
}
END_TEST

/* A host built against 0.1 passes the shorter struct, without the history
 * fields: it is accepted, and whatever lies past its end is never read (the
 * struct is copied into one whose later fields are zero).  A struct too short
 * to hold 0.1's fields is refused. */
START_TEST(a_host_built_against_0_1_is_accepted)
{
    jenk J;
    alecable_problem p;
    alecable_quasistatic_options qo;
    alecable_integrator *it = NULL;
    double q[2] = {0.0, 0.0}, v[2] = {0.0, 0.0}, lam[1] = {0.0};
    jenk_init(&J);
    jenk_problem(&p, &J);
    p.struct_size = offsetof(alecable_problem, nhist); /* 0.1's size */
    p.nhist = -7;                                       /* past the end: not read */
    ck_assert_int_eq(alecable_integrator_create(&it, &p, NULL, NULL), ALECABLE_OK);
    ck_assert_int_eq(alecable_integrator_set_state(it, 0.0, q, v, NULL, NULL), ALECABLE_OK);
    ck_assert_int_eq(alecable_integrator_step(it, 0.01), ALECABLE_OK);
    alecable_integrator_destroy(it);
    alecable_quasistatic_options_init(&qo);
    ck_assert_int_eq(alecable_problem_solve_quasistatic(&p, &qo, NULL, q, lam, NULL), ALECABLE_OK);
    ck_assert_int_eq(J.n_get + J.n_set + J.n_commit, 0);
    p.struct_size = offsetof(alecable_problem, nhist) - 1;
    ck_assert_int_eq(alecable_integrator_create(&it, &p, NULL, NULL), ALECABLE_EINVAL);
}
END_TEST

/* ---- quasistatic ---- */

static int solve_qs(jenk *J, int steps, double t1, double *q, double *lam, alecable_solve_report *rep)
{
    alecable_problem p;
    alecable_quasistatic_options o;
    jenk_problem(&p, J);
    alecable_quasistatic_options_init(&o);
    o.load_steps = steps;
    o.t1 = t1;
    alecable_solve_report_init(rep);
    q[0] = q[1] = 0.0;
    lam[0] = 0.0;
    return alecable_problem_solve_quasistatic(&p, &o, NULL, q, lam, rep);
}

/* One commit per converged load step, at its load factor, with v NULL; the
 * slip ends on the yield force (2 q + 1 = F at load factor 1). */
START_TEST(quasistatic_commits_each_load_step)
{
    jenk J;
    alecable_solve_report rep;
    double q[2], lam[1];
    int k;
    jenk_init(&J);
    J.F = 3.0;
    ck_assert_int_eq(solve_qs(&J, 4, 1.0, q, lam, &rep), ALECABLE_OK);
    ck_assert_int_eq(J.n_commit, 4);
    ck_assert_int_eq(J.n_v_null, 4);
    for (k = 0; k < 4; k++) ck_assert_double_eq_tol(J.commit_t[k], 0.25 * (k + 1), 1e-15);
    ck_assert(J.h[H_T] == 1.0);
    ck_assert(J.h[H_COMMITS] == 4.0);
    ck_assert(J.h[H_Q] == q[0]);
    ck_assert(J.h[H_LAM] == lam[0]);
    ck_assert_double_eq_tol(q[0], 1.0, 1e-12);
    ck_assert_double_eq_tol(J.h[H_SLIP], 1.0 - J.fy / J.k1, 1e-12);
    ck_assert_int_eq(J.n_set, 0);
}
END_TEST

/* A load step that fails to converge, or whose commit fails, returns the
 * last converged step: its q, lambda and history, bit for bit. */
START_TEST(quasistatic_failure_returns_the_last_converged_step)
{
    jenk J, R;
    alecable_solve_report rep;
    double q[2], lam[1], qr[2], lr[1];
    int k;
    jenk_init(&R);
    R.F = 3.0;
    ck_assert_int_eq(solve_qs(&R, 2, 0.5, qr, lr, &rep), ALECABLE_OK);
    ck_assert(R.h[H_SLIP] != 0.0);
    for (k = 0; k < 2; k++) {
        jenk_init(&J);
        J.F = 3.0;
        if (k == 0) J.fail_after = 0.5;
        else {
            J.fail_commit = ALECABLE_ERANGE;
            J.fail_commit_at = 3;
        }
        ck_assert_int_eq(solve_qs(&J, 4, 1.0, q, lam, &rep), k == 0 ? ALECABLE_ENAN : ALECABLE_ERANGE);
        ck_assert_int_eq(rep.steps_completed, 2);
        ck_assert(rep.load_factor == 0.5);
        ck_assert_mem_eq(q, qr, sizeof q);
        ck_assert_mem_eq(lam, lr, sizeof lam);
        ck_assert_mem_eq(J.h, R.h, sizeof J.h);
        ck_assert_int_eq(J.n_commit, k == 0 ? 2 : 3);
        /* the failed step is tried again once from its start (the
         * globalization's retry), which sets the history back first */
        ck_assert_int_eq(J.n_set, 1);
    }
}
END_TEST

Suite *suite_history(void)
{
    Suite *s = suite_create("problem history");
    TCase *tc = tcase_create("commit, undo, rollback");
    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, one_commit_per_accepted_step_every_method);
    tcase_add_test(tc, adaptive_rejections_do_not_commit);
    tcase_add_test(tc, failed_step_leaves_state_and_history);
    tcase_add_test(tc, undo_restores_history_and_replays_the_step);
    tcase_add_test(tc, undo_and_redo_equal_a_straight_run);
    tcase_add_test(tc, failed_undo_changes_nothing);
    tcase_add_test(tc, failed_commit_fails_the_step);
    tcase_add_test(tc, set_state_takes_the_history_in_force);
    tcase_add_test(tc, no_allocation_per_step_with_history);
    tcase_add_test(tc, incomplete_history_is_refused);
    tcase_add_test(tc, a_host_built_against_0_1_is_accepted);
    tcase_add_test(tc, quasistatic_commits_each_load_step);
    tcase_add_test(tc, quasistatic_failure_returns_the_last_converged_step);
    suite_add_tcase(s, tc);
    return s;
}
