/* Many models at once (issue 25 item 5, alecable_batch_*): seven models of
 * different sizes, element kinds and methods, one of them failing on its
 * 16th step (its pin's motion callback refuses t > 0.0155), stepped by a
 * batch of 1, 2 and 3 threads (both schedules) in three calls of ten steps,
 * must end where the same integrators stepped one after the other end, bit
 * for bit: time, q, v, a, multipliers, every work counter, each call's
 * statuses.  alecable_batch_advance() likewise.  Then bad input (nothing
 * stepped, status not written), no allocation after the first call, and a
 * model's callback calling its own batch.  tcase_batch_threads() is the
 * threads suite's case, which `make tsan` runs under ThreadSanitizer.
 *
 * Models never call Check from the batch's threads: the callbacks record,
 * the main thread asserts. */
#include "suites.h"
#include "counting_alloc.h"

#include <alecable.h>
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { NMODELS = 7, FAILING = 4, NCALLS = 3, NSTEPS = 10 };

typedef struct rig {
    alecable_model *m;
    alecable_integrator *it;
    double fail_after;     /* the motion refuses t beyond it (< 0: never) */
    alecable_batch *reenter; /* the motion calls this batch once (the re-entry test) */
    int reenter_status;
} rig;

/* the pin's x: a small shake; refuses t past fail_after; calls its batch
 * once when told to */
static int pin_motion(void *user, double t, double *value, double *rate, double *accel)
{
    rig *r = (rig *)user;
    if (r->fail_after >= 0 && t > r->fail_after) return -1;
    if (r->reenter) {
        alecable_batch *b = r->reenter;
        double h = 1e-3;
        r->reenter = NULL;
        r->reenter_status = alecable_batch_step(b, 1, &r->it, &h, 1, NULL);
    }
    *value = 2e-3 * sin(20 * t);
    *rate = 4e-2 * cos(20 * t);
    *accel = -0.8 * sin(20 * t);
    return 0;
}

/* model k: a pendulum of 3 + 2k elements of a kind and a method of its own,
 * its pin shaken along x */
static int rig_build(rig *r, int k)
{
    static const int kinds[NMODELS] = {ALECABLE_ELEMENT_ANCF,      ALECABLE_ELEMENT_AXIAL, ALECABLE_ELEMENT_KIRCHHOFF,
                                       ALECABLE_ELEMENT_ANCF,      ALECABLE_ELEMENT_ANCF,  ALECABLE_ELEMENT_AXIAL,
                                       ALECABLE_ELEMENT_ANCF};
    static const int methods[NMODELS] = {ALECABLE_METHOD_HHT,    ALECABLE_METHOD_NEWMARK, ALECABLE_METHOD_GENALPHA,
                                         ALECABLE_METHOD_SI_HHT, ALECABLE_METHOD_HHT,     ALECABLE_METHOD_SI_BE,
                                         ALECABLE_METHOD_BOSSAK};
    const double a[3] = {0, 0, 0}, b[3] = {1, 0, 0}, g[3] = {0, -9.81, 0};
    alecable_section sec;
    alecable_cable *c;
    alecable_node *n0;
    alecable_dynamic_options o;
    int st, ne = 3 + 2 * k;
    memset(r, 0, sizeof *r);
    r->fail_after = k == FAILING ? 0.0155 : -1.0;
    if ((st = alecable_model_create(&r->m, NULL))) return st;
    alecable_section_init(&sec);
    sec.E = 1e8 * (1 + 0.1 * k);
    sec.A = 1e-4;
    sec.rho = 1000.0;
    sec.I = 1e-9;
    st = alecable_model_set_gravity(r->m, g);
    if (!st) st = alecable_cable_create(&c, r->m, kinds[k], &sec);
    if (!st) st = alecable_cable_line(c, a, b, 0.0, 1.0, ne);
    if (!st && kinds[k] == ALECABLE_ELEMENT_KIRCHHOFF) {
        alecable_beam_params bp;
        alecable_beam_params_init(&bp);
        bp.GJ = 0.7;
        st = alecable_cable_set_beam(c, &bp);
    }
    if (!st) st = alecable_cable_set_lagrangian(c, 1);
    if (!st) st = alecable_cable_node(&n0, c, 0);
    if (!st) st = alecable_prescribe_motion(NULL, r->m, n0, ALECABLE_DOF_X, pin_motion, r);
    if (!st) st = alecable_fix(NULL, r->m, n0, ALECABLE_DOF_Y);
    if (!st) st = alecable_fix(NULL, r->m, n0, ALECABLE_DOF_Z);
    if (!st && kinds[k] == ALECABLE_ELEMENT_KIRCHHOFF) st = alecable_fix(NULL, r->m, n0, ALECABLE_DOF_ROLL);
    alecable_dynamic_options_init(&o);
    o.method = methods[k];
    o.h = 1e-3;
    if (!st) st = alecable_model_integrator(&r->it, r->m, &o);
    return st;
}

static void rig_free(rig *r)
{
    alecable_integrator_destroy(r->it);
    alecable_model_destroy(r->m);
}

/* the step of model k (model 2 takes half steps) */
static double h_of(int k) { return k == 2 ? 5e-4 : 1e-3; }

/* an integrator's whole outcome: time, q, v, a, lambda and its counters */
typedef struct outcome {
    int n;
    double *x;
    alecable_step_stats s;
} outcome;

static void outcome_take(outcome *o, const alecable_integrator *it)
{
    int nq, nl;
    double t;
    ck_assert_int_eq(alecable_integrator_sizes(it, &nq, &nl), 0);
    o->n = 1 + 3 * nq + nl;
    o->x = (double *)malloc(sizeof(double) * (size_t)o->n);
    ck_assert_ptr_nonnull(o->x);
    ck_assert_int_eq(alecable_integrator_get_state(it, &t, o->x + 1, o->x + 1 + nq, o->x + 1 + 2 * nq,
                                                   o->x + 1 + 3 * nq),
                     0);
    o->x[0] = t;
    alecable_step_stats_init(&o->s);
    ck_assert_int_eq(alecable_integrator_stats(it, &o->s), 0);
}

static int same_double(double a, double b) { return memcmp(&a, &b, sizeof a) == 0; }

static void outcome_same(const outcome *a, const outcome *b, const char *what, int k)
{
    const alecable_step_stats *s = &a->s, *u = &b->s;
    ck_assert_int_eq(a->n, b->n);
    ck_assert_msg(memcmp(a->x, b->x, sizeof(double) * (size_t)a->n) == 0,
                  "%s: model %d's state differs from the serial run's", what, k);
    ck_assert_msg(s->steps == u->steps && s->rejected == u->rejected && s->newton_iterations == u->newton_iterations &&
                      s->linear_solves == u->linear_solves && s->residual_evals == u->residual_evals &&
                      s->jacobian_evals == u->jacobian_evals && s->last_iterations == u->last_iterations &&
                      same_double(s->last_h, u->last_h) && same_double(s->linear_flops, u->linear_flops) &&
                      same_double(s->model_flops, u->model_flops) &&
                      same_double(s->last_scaled_residual, u->last_scaled_residual) &&
                      s->residual_scale_source == u->residual_scale_source &&
                      same_double(s->energy_created, u->energy_created) &&
                      same_double(s->work_supplied, u->work_supplied) &&
                      same_double(s->energy_exchanged, u->energy_exchanged) &&
                      same_double(s->energy_switched, u->energy_switched),
                  "%s: model %d's counters differ from the serial run's", what, k);
}

/* The serial reference: each call steps every model NSTEPS times in turn,
 * stopping a model at its first failure, as the batch does */
static void run_serial(outcome out[], int status[][NMODELS], int nmodels, int ncalls, int nsteps)
{
    rig r[NMODELS];
    int k, c, n;
    for (k = 0; k < nmodels; k++) ck_assert_int_eq(rig_build(&r[k], k), 0);
    for (c = 0; c < ncalls; c++)
        for (k = 0; k < nmodels; k++) {
            int st = 0;
            for (n = 0; n < nsteps && !st; n++) st = alecable_integrator_step(r[k].it, h_of(k));
            status[c][k] = st;
        }
    for (k = 0; k < nmodels; k++) {
        outcome_take(&out[k], r[k].it);
        rig_free(&r[k]);
    }
}

static void run_batch(outcome out[], int status[][NMODELS], int rc[], int nmodels, int ncalls, int nsteps,
                      int threads, int schedule)
{
    rig r[NMODELS];
    alecable_integrator *its[NMODELS];
    double h[NMODELS];
    alecable_batch *b;
    alecable_batch_options o;
    int k, c;
    for (k = 0; k < nmodels; k++) {
        ck_assert_int_eq(rig_build(&r[k], k), 0);
        its[k] = r[k].it;
        h[k] = h_of(k);
    }
    alecable_batch_options_init(&o);
    o.schedule = schedule;
    if (schedule == ALECABLE_BATCH_STATIC) o.spin_time = 0.0; /* the threads sleep at once between calls */
    ck_assert_int_eq(alecable_batch_create(&b, threads, &o), 0);
    for (c = 0; c < ncalls; c++) rc[c] = alecable_batch_step(b, nmodels, its, h, nsteps, status[c]);
    alecable_batch_destroy(b);
    for (k = 0; k < nmodels; k++) {
        outcome_take(&out[k], r[k].it);
        rig_free(&r[k]);
    }
}

static void free_outcomes(outcome *o, int n)
{
    int k;
    for (k = 0; k < n; k++) free(o[k].x);
}

/* the batch of `threads` against the serial run: states, counters, statuses
 * and each call's return (the failed model's status from its failing call on) */
static void batch_against_serial(int nmodels, int ncalls, int nsteps, int threads, int schedule)
{
    outcome ser[NMODELS], par[NMODELS];
    int sst[NCALLS][NMODELS], pst[NCALLS][NMODELS], rc[NCALLS], k, c;
    char what[64];
    run_serial(ser, sst, nmodels, ncalls, nsteps);
    run_batch(par, pst, rc, nmodels, ncalls, nsteps, threads, schedule);
    snprintf(what, sizeof what, "%d thread%s, %s schedule", threads, threads > 1 ? "s" : "",
             schedule == ALECABLE_BATCH_STATIC ? "static" : "dynamic");
    for (c = 0; c < ncalls; c++) {
        int first = 0;
        for (k = 0; k < nmodels; k++) {
            ck_assert_msg(pst[c][k] == sst[c][k], "%s: call %d, model %d: status %d, serially %d", what, c, k,
                          pst[c][k], sst[c][k]);
            if (!first && sst[c][k]) first = sst[c][k];
        }
        ck_assert_msg(rc[c] == first, "%s: call %d returned %d, expected %d", what, c, rc[c], first);
    }
    for (k = 0; k < nmodels; k++) outcome_same(&ser[k], &par[k], what, k);
    free_outcomes(ser, nmodels);
    free_outcomes(par, nmodels);
}

START_TEST(batch_equals_serial)
{
    outcome ser[NMODELS];
    int sst[NCALLS][NMODELS], k;
    /* the reference itself: every model moved, the failing one failed in
     * the second call (its 16th step) and again in the third, the others not */
    run_serial(ser, sst, NMODELS, NCALLS, NSTEPS);
    for (k = 0; k < NMODELS; k++) {
        ck_assert_msg(ser[k].s.steps == (k == FAILING ? 15 : NCALLS * NSTEPS), "model %d took %ld steps", k,
                      ser[k].s.steps);
        ck_assert_int_eq(sst[0][k], 0);
        ck_assert_int_eq(sst[1][k], k == FAILING ? ALECABLE_ECALLBACK : 0);
        ck_assert_int_eq(sst[2][k], k == FAILING ? ALECABLE_ECALLBACK : 0);
    }
    free_outcomes(ser, NMODELS);
    batch_against_serial(NMODELS, NCALLS, NSTEPS, 1, ALECABLE_BATCH_DYNAMIC);
    batch_against_serial(NMODELS, NCALLS, NSTEPS, 2, ALECABLE_BATCH_DYNAMIC);
    batch_against_serial(NMODELS, NCALLS, NSTEPS, 3, ALECABLE_BATCH_DYNAMIC);
    batch_against_serial(NMODELS, NCALLS, NSTEPS, 2, ALECABLE_BATCH_STATIC);
    batch_against_serial(NMODELS, NCALLS, NSTEPS, 3, ALECABLE_BATCH_STATIC);
}
END_TEST

/* alecable_batch_advance: each model to an end time of its own, in two
 * calls, against alecable_integrator_advance one after the other */
START_TEST(batch_advance_equals_serial)
{
    rig r[NMODELS];
    alecable_integrator *its[NMODELS];
    outcome ser[NMODELS], par[NMODELS];
    double t1[NMODELS], t2[NMODELS];
    int sst[2][NMODELS], pst[2][NMODELS], k, c, pass;
    alecable_batch *b;
    for (k = 0; k < NMODELS; k++) t1[k] = 0.004 + 0.001 * k, t2[k] = 0.0215 + 0.0005 * k;
    for (pass = 0; pass < 2; pass++) {
        for (k = 0; k < NMODELS; k++) {
            ck_assert_int_eq(rig_build(&r[k], k), 0);
            its[k] = r[k].it;
        }
        if (pass == 0) {
            for (k = 0; k < NMODELS; k++) {
                sst[0][k] = alecable_integrator_advance(its[k], t1[k]);
                sst[1][k] = alecable_integrator_advance(its[k], t2[k]);
            }
        } else {
            ck_assert_int_eq(alecable_batch_create(&b, 3, NULL), 0);
            ck_assert_int_eq(alecable_batch_advance(b, NMODELS, its, t1, pst[0]), 0);
            ck_assert_int_eq(alecable_batch_advance(b, NMODELS, its, t2, pst[1]), ALECABLE_ECALLBACK);
            ck_assert_msg(strstr(alecable_batch_errmsg(b), "integrators[4]") != NULL, "message: %s",
                          alecable_batch_errmsg(b));
            alecable_batch_destroy(b);
        }
        for (k = 0; k < NMODELS; k++) {
            outcome_take(pass == 0 ? &ser[k] : &par[k], its[k]);
            rig_free(&r[k]);
        }
    }
    for (c = 0; c < 2; c++)
        for (k = 0; k < NMODELS; k++) ck_assert_int_eq(pst[c][k], sst[c][k]);
    for (k = 0; k < NMODELS; k++) {
        ck_assert_msg(k == FAILING || same_double(ser[k].x[0], t2[k]), "model %d ends at t = %.17g", k,
                      ser[k].x[0]);
        outcome_same(&ser[k], &par[k], "advance, 3 threads", k);
    }
    free_outcomes(ser, NMODELS);
    free_outcomes(par, NMODELS);
}
END_TEST

START_TEST(batch_bad_input)
{
    rig r[3];
    alecable_integrator *its[3], *dup[3], *twin = NULL;
    alecable_batch *b = (alecable_batch *)&r[0];
    alecable_batch_options o;
    double h[3] = {1e-3, 1e-3, 1e-3}, t_end[3], t;
    int status[3], k, i;
    const char *msg;
    /* create */
    ck_assert_int_eq(alecable_batch_create(NULL, 2, NULL), ALECABLE_ENULL);
    ck_assert_int_eq(alecable_batch_create(&b, 0, NULL), ALECABLE_EINVAL);
    ck_assert_ptr_null(b);
    ck_assert_int_eq(alecable_batch_create(&b, -3, NULL), ALECABLE_EINVAL);
    ck_assert_int_eq(alecable_batch_create(&b, 1025, NULL), ALECABLE_EINVAL);
    alecable_batch_options_init(&o);
    o.schedule = 7;
    ck_assert_int_eq(alecable_batch_create(&b, 2, &o), ALECABLE_EINVAL);
    alecable_batch_options_init(&o);
    o.spin_time = -1e-6;
    ck_assert_int_eq(alecable_batch_create(&b, 2, &o), ALECABLE_EINVAL);
    o.spin_time = NAN;
    ck_assert_int_eq(alecable_batch_create(&b, 2, &o), ALECABLE_EINVAL);
    alecable_batch_options_init(&o);
    o.struct_size = 4;
    ck_assert_int_eq(alecable_batch_create(&b, 2, &o), ALECABLE_EINVAL);
    ck_assert_int_eq(alecable_batch_step(NULL, 0, its, h, 1, NULL), ALECABLE_ENULL);
    ck_assert_str_eq(alecable_batch_errmsg(NULL), "batch is NULL");
    alecable_batch_destroy(NULL);

    for (k = 0; k < 3; k++) {
        ck_assert_int_eq(rig_build(&r[k], k), 0);
        its[k] = r[k].it;
        t_end[k] = 0.002;
    }
    ck_assert_int_eq(alecable_batch_create(&b, 2, NULL), 0);
    ck_assert_str_eq(alecable_batch_errmsg(b), "");
    for (k = 0; k < 3; k++) status[k] = -999;
#define BAD(call, code, text)                                                                                        \
    do {                                                                                                             \
        ck_assert_int_eq((call), (code));                                                                            \
        msg = alecable_batch_errmsg(b);                                                                              \
        ck_assert_msg(strstr(msg, text) != NULL, "message \"%s\" does not say \"%s\"", msg, text);                   \
    } while (0)
    BAD(alecable_batch_step(b, -1, its, h, 1, status), ALECABLE_EINVAL, "count = -1");
    BAD(alecable_batch_step(b, 3, NULL, h, 1, status), ALECABLE_ENULL, "integrators is NULL");
    BAD(alecable_batch_step(b, 3, its, NULL, 1, status), ALECABLE_ENULL, "h is NULL");
    BAD(alecable_batch_step(b, 3, its, h, 0, status), ALECABLE_EINVAL, "steps = 0");
    dup[0] = its[0], dup[1] = NULL, dup[2] = its[2];
    BAD(alecable_batch_step(b, 3, dup, h, 1, status), ALECABLE_ENULL, "integrators[1] is NULL");
    h[2] = 0.0;
    BAD(alecable_batch_step(b, 3, its, h, 1, status), ALECABLE_EINVAL, "h[2] = 0");
    h[2] = NAN;
    BAD(alecable_batch_step(b, 3, its, h, 1, status), ALECABLE_EINVAL, "h[2] = nan");
    h[2] = 1e-3;
    dup[0] = its[0], dup[1] = its[1], dup[2] = its[0];
    BAD(alecable_batch_step(b, 3, dup, h, 1, status), ALECABLE_EINVAL,
        "integrators[0] and integrators[2] are the same integrator");
    ck_assert_int_eq(alecable_model_integrator(&twin, r[1].m, NULL), 0);
    dup[0] = its[0], dup[1] = its[1], dup[2] = twin;
    BAD(alecable_batch_step(b, 3, dup, h, 1, status), ALECABLE_EINVAL,
        "integrators[1] and integrators[2] run the same problem context");
    t_end[1] = -1.0;
    BAD(alecable_batch_advance(b, 3, its, t_end, status), ALECABLE_EINVAL, "t_end[1] = -1");
    t_end[1] = INFINITY;
    BAD(alecable_batch_advance(b, 3, its, t_end, status), ALECABLE_EINVAL, "t_end[1] = inf");
    BAD(alecable_batch_advance(b, 3, its, NULL, status), ALECABLE_ENULL, "t_end is NULL");
    t_end[1] = 0.002;
    /* nothing was stepped, nothing written */
    for (k = 0; k < 3; k++) {
        ck_assert_int_eq(status[k], -999);
        ck_assert_int_eq(alecable_integrator_get_state(its[k], &t, NULL, NULL, NULL, NULL), 0);
        ck_assert_msg(t == 0.0, "model %d moved to t = %g", k, t);
    }
    ck_assert_int_eq(alecable_batch_step((alecable_batch *)&r[0], 3, its, h, 1, status), ALECABLE_EHANDLE);
    ck_assert_str_eq(alecable_batch_errmsg((alecable_batch *)&r[0]), "not a batch handle");
    /* count 0 does nothing; then the good call; an integrator without a state says so in its status */
    ck_assert_int_eq(alecable_batch_step(b, 0, NULL, NULL, 1, NULL), 0);
    ck_assert_int_eq(alecable_batch_advance(b, 3, its, t_end, status), 0);
    for (k = 0; k < 3; k++) ck_assert_int_eq(status[k], 0);
    alecable_integrator_destroy(twin);
    {
        alecable_problem p;
        alecable_integrator *fresh;
        ck_assert_int_eq(alecable_model_problem(&p, r[1].m), 0);
        ck_assert_int_eq(alecable_integrator_create(&fresh, &p, NULL, NULL), 0);
        dup[0] = its[0], dup[1] = fresh, dup[2] = its[2];
        /* its[1] is on the same model: r[1]'s own integrator left out */
        i = alecable_batch_step(b, 3, dup, h, 1, status);
        ck_assert_int_eq(i, ALECABLE_ESTATE);
        ck_assert_int_eq(status[0], 0);
        ck_assert_int_eq(status[1], ALECABLE_ESTATE);
        ck_assert_int_eq(status[2], 0);
        ck_assert_msg(strstr(alecable_batch_errmsg(b), "integrators[1] failed") != NULL, "message: %s",
                      alecable_batch_errmsg(b));
        alecable_integrator_destroy(fresh);
    }
#undef BAD
    alecable_batch_destroy(b);
    for (k = 0; k < 3; k++) rig_free(&r[k]);
}
END_TEST

/* The batch's own memory: the first call of a size grows its lists, the
 * next ones allocate nothing (the models allocate through their own
 * allocators, nothing either after their first step); a larger call grows
 * them once more */
START_TEST(batch_allocates_once)
{
    rig r[NMODELS];
    alecable_integrator *its[NMODELS];
    double h[NMODELS];
    alecable_batch *b;
    alecable_batch_options o;
    alecable_allocator a;
    long before;
    int k, c;
    for (k = 0; k < NMODELS; k++) {
        ck_assert_int_eq(rig_build(&r[k], k == FAILING ? 0 : k), 0);
        its[k] = r[k].it;
        h[k] = h_of(k);
    }
    counting_alloc_init(&a);
    alecable_batch_options_init(&o);
    o.allocator = &a;
    counting_alloc_calls = 0;
    ck_assert_int_eq(alecable_batch_create(&b, 3, &o), 0);
    ck_assert_int_gt(counting_alloc_calls, 0);
    ck_assert_int_eq(alecable_batch_step(b, 4, its, h, 2, NULL), 0);
    before = counting_alloc_calls;
    for (c = 0; c < 3; c++) ck_assert_int_eq(alecable_batch_step(b, 4, its, h, 2, NULL), 0);
    ck_assert_int_eq(alecable_batch_step(b, 3, its + 1, h, 2, NULL), 0);
    ck_assert_int_eq(counting_alloc_calls, before);
    ck_assert_int_eq(alecable_batch_step(b, NMODELS, its, h, 2, NULL), 0);
    ck_assert_int_gt(counting_alloc_calls, before);
    before = counting_alloc_calls;
    ck_assert_int_eq(alecable_batch_step(b, NMODELS, its, h, 2, NULL), 0);
    ck_assert_int_eq(counting_alloc_calls, before);
    alecable_batch_destroy(b);
    for (k = 0; k < NMODELS; k++) rig_free(&r[k]);
}
END_TEST

/* A model's callback calling its own batch is refused (ALECABLE_ESTATE),
 * whichever thread runs it, and the call under way goes on */
START_TEST(batch_refuses_reentry)
{
    rig r[3];
    alecable_integrator *its[3];
    double h[3] = {1e-3, 1e-3, 1e-3};
    alecable_batch *b;
    int status[3], k, threads;
    for (threads = 1; threads <= 2; threads++) {
        for (k = 0; k < 3; k++) {
            ck_assert_int_eq(rig_build(&r[k], k), 0);
            its[k] = r[k].it;
        }
        ck_assert_int_eq(alecable_batch_create(&b, threads, NULL), 0);
        r[1].reenter = b;
        r[1].reenter_status = 12345;
        ck_assert_int_eq(alecable_batch_step(b, 3, its, h, 2, status), 0);
        ck_assert_int_eq(r[1].reenter_status, ALECABLE_ESTATE);
        for (k = 0; k < 3; k++) ck_assert_int_eq(status[k], 0);
        /* and the batch is free again */
        ck_assert_int_eq(alecable_batch_step(b, 3, its, h, 1, status), 0);
        alecable_batch_destroy(b);
        for (k = 0; k < 3; k++) rig_free(&r[k]);
    }
}
END_TEST

/* The threads suite's case (make tsan): five models on three threads, two
 * calls of four steps, against the serial run (TSan makes it ~10x slower) */
START_TEST(batch_in_three_threads)
{
    batch_against_serial(FAILING + 1, 2, 4, 3, ALECABLE_BATCH_DYNAMIC);
    batch_against_serial(FAILING + 1, 2, 4, 3, ALECABLE_BATCH_STATIC);
}
END_TEST

TCase *tcase_batch_threads(void)
{
    TCase *tc = tcase_create("batch");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, batch_in_three_threads);
    return tc;
}

Suite *suite_batch(void)
{
    Suite *s = suite_create("batch");
    TCase *tc = tcase_create("many models at once");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, batch_equals_serial);
    tcase_add_test(tc, batch_advance_equals_serial);
    tcase_add_test(tc, batch_bad_input);
    tcase_add_test(tc, batch_allocates_once);
    tcase_add_test(tc, batch_refuses_reentry);
    suite_add_tcase(s, tc);
    return s;
}
