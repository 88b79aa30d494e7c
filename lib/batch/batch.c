/* Many models at once (alecable_batch_*): a fixed pool of POSIX threads,
 * started at create, each call handing them a list of integrators.
 *
 * Bit-identical to serial runs by construction: a model is stepped whole by
 * one thread within a call, through its own integrator, problem and
 * workspaces, and the library keeps no global mutable state, so which
 * thread runs it changes nothing in its arithmetic.  The schedule only
 * decides who runs what.
 *
 * Hand-over: the caller fills the call's fields and bumps the generation
 * under the mutex; a worker that sees a new generation takes the mutex
 * before it reads them, and counts itself finished under it, so everything
 * a worker wrote (the models, the statuses) is visible to the caller once
 * it has seen every worker finished.  A thread waiting for the next call
 * (a worker) or for the others to finish (the caller) first watches the
 * counter for spin_time, then sleeps on a condition variable: waking a
 * sleeping thread costs tens of microseconds, a frame's work of small
 * models a few hundred. */
#define _POSIX_C_SOURCE 200809L /* pthread_sigmask */

#include "../core/alloc.h"
#include "../integrators/problem.h"

#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The counters a waiting thread watches (gen, finished, quit) are read
 * outside the mutex while spinning, so every access to them is atomic;
 * elsewhere than GCC and Clang there are no atomics in C99: no spinning,
 * every access under the mutex (ALECABLE_BATCH_NO_SPIN builds that here). */
#if (defined(__GNUC__) || defined(__clang__)) && !defined(ALECABLE_BATCH_NO_SPIN)
#define BT_SPIN 1
#define LOAD(p) __atomic_load_n((p), __ATOMIC_ACQUIRE)
#define STORE(p, v) __atomic_store_n((p), (v), __ATOMIC_RELEASE)
#define ADD1(p) __atomic_add_fetch((p), 1, __ATOMIC_ACQ_REL)
#else
#define BT_SPIN 0
#define LOAD(p) (*(p))
#define STORE(p, v) (*(p) = (v))
#define ADD1(p) (++*(p))
#endif
#if BT_SPIN && (defined(__x86_64__) || defined(__i386__))
#define RELAX() __builtin_ia32_pause()
#else
#define RELAX() ((void)0)
#endif

#define MAGIC_BATCH 0x42415431u
enum { BATCH_MAX_THREADS = 1024 };
enum { OP_STEP = 0, OP_ADVANCE = 1 };

typedef struct bt_worker {
    struct alecable_batch *b;
    int k; /* 1 .. threads - 1; the caller is thread 0 */
} bt_worker;

/* an integrator or problem context with its place in the call's list
 * (sorted to find one twice) */
typedef struct bt_key {
    uintptr_t key;
    int i;
} bt_key;

struct alecable_batch {
    unsigned magic;
    ac_alloc alloc;
    int nthreads, schedule;
    double spin; /* seconds a waiting thread watches before it sleeps */
    pthread_t *th;
    bt_worker *wk;
    int nstarted;
    pthread_mutex_t mu;
    pthread_cond_t go, done;
    /* written under mu: the call's number (workers start on a new one),
     * workers finished with it, the next model of the dynamic schedule, a
     * call under way, and shutdown (gen, finished and quit: LOAD, STORE) */
    unsigned long gen;
    int finished, next, busy, quit;
    /* the call, set before gen is bumped */
    int op, count, steps;
    alecable_integrator *const *its;
    const double *arg;
    int *st;
    /* the lists, cap models: statuses, the sort of the duplicate check, and
     * the last list that passed it (its integrators and their contexts) */
    int cap, nseen;
    bt_key *keys;
    alecable_integrator **seen;
    const void **seen_ctx;
    char msg[512];
};

static int fail(alecable_batch *b, int st, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static int fail(alecable_batch *b, int st, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(b->msg, sizeof b->msg, fmt, ap);
    va_end(ap);
    return st;
}

ALECABLE_API void alecable_batch_options_init(alecable_batch_options *o)
{
    if (!o) return;
    memset(o, 0, sizeof *o);
    o->struct_size = sizeof *o;
    o->schedule = ALECABLE_BATCH_DYNAMIC;
    o->spin_time = 5e-5;
}

ALECABLE_API const char *alecable_batch_errmsg(const alecable_batch *b)
{
    if (!b) return "batch is NULL";
    if (b->magic != MAGIC_BATCH) return "not a batch handle";
    return b->msg;
}

/* one model's part of the call */
static int run_one(const alecable_batch *b, int i)
{
    alecable_integrator *it = b->its[i];
    int n, st = ALECABLE_OK;
    if (b->op == OP_ADVANCE) return alecable_integrator_advance(it, b->arg[i]);
    for (n = 0; n < b->steps && st == ALECABLE_OK; n++) st = alecable_integrator_step(it, b->arg[i]);
    return st;
}

/* thread k's share of the call */
static void work(alecable_batch *b, int k)
{
    int i;
    if (b->schedule == ALECABLE_BATCH_STATIC) {
        for (i = k; i < b->count; i += b->nthreads) b->st[i] = run_one(b, i);
        return;
    }
    for (;;) {
        pthread_mutex_lock(&b->mu);
        i = b->next < b->count ? b->next++ : -1;
        pthread_mutex_unlock(&b->mu);
        if (i < 0) return;
        b->st[i] = run_one(b, i);
    }
}

/* Watches, for at most b->spin seconds, until *gen is no longer `old` or
 * shutdown is asked (a worker between calls; gen != NULL), or until
 * *finished reaches `below` (the caller waiting for the workers); the
 * thread then takes the mutex and sleeps if it must */
static void spin_while(const alecable_batch *b, const unsigned long *gen, unsigned long old, const int *finished,
                       int below)
{
#if BT_SPIN
    struct timespec t0, t;
    long n;
    if (!(b->spin > 0)) return;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (n = 1;; n++) {
        if (gen ? LOAD(gen) != old || LOAD(&b->quit) : LOAD(finished) >= below) return;
        RELAX();
        if (n % 64 == 0) {
            clock_gettime(CLOCK_MONOTONIC, &t);
            if ((double)(t.tv_sec - t0.tv_sec) + 1e-9 * (double)(t.tv_nsec - t0.tv_nsec) > b->spin) return;
        }
    }
#else
    (void)b, (void)gen, (void)old, (void)finished, (void)below;
#endif
}

static void *worker(void *arg)
{
    bt_worker *w = (bt_worker *)arg;
    alecable_batch *b = w->b;
    unsigned long seen = 0;
    for (;;) {
        spin_while(b, &b->gen, seen, NULL, 0);
        pthread_mutex_lock(&b->mu);
        while (!LOAD(&b->quit) && LOAD(&b->gen) == seen) pthread_cond_wait(&b->go, &b->mu);
        if (LOAD(&b->quit)) break;
        seen = LOAD(&b->gen);
        pthread_mutex_unlock(&b->mu);
        work(b, w->k);
        pthread_mutex_lock(&b->mu);
        if (ADD1(&b->finished) == b->nthreads - 1) pthread_cond_signal(&b->done);
        pthread_mutex_unlock(&b->mu);
    }
    pthread_mutex_unlock(&b->mu);
    return NULL;
}

/* stops and joins the started workers; frees everything */
static void teardown(alecable_batch *b, int sync)
{
    ac_alloc a = b->alloc;
    int k;
    if (sync) {
        pthread_mutex_lock(&b->mu);
        STORE(&b->quit, 1);
        pthread_cond_broadcast(&b->go);
        pthread_mutex_unlock(&b->mu);
        for (k = 0; k < b->nstarted; k++) pthread_join(b->th[k], NULL);
        pthread_cond_destroy(&b->done);
        pthread_cond_destroy(&b->go);
        pthread_mutex_destroy(&b->mu);
    }
    b->magic = 0;
    ac_free(&a, b->th);
    ac_free(&a, b->wk);
    ac_free(&a, b->keys);
    ac_free(&a, b->seen);
    ac_free(&a, b->seen_ctx);
    ac_free(&a, b->st);
    ac_free(&a, b);
}

ALECABLE_API int alecable_batch_create(alecable_batch **out, int threads, const alecable_batch_options *o)
{
    alecable_batch_options opt;
    alecable_batch *b;
    ac_alloc a;
    sigset_t all, old;
    int k, rc;
    if (!out) return ALECABLE_ENULL;
    *out = NULL;
    alecable_batch_options_init(&opt);
    if (o) {
        if (o->struct_size < offsetof(alecable_batch_options, spin_time) + sizeof o->spin_time)
            return ALECABLE_EINVAL;
        opt = *o;
    }
    if (threads < 1 || threads > BATCH_MAX_THREADS) return ALECABLE_EINVAL;
    if (opt.schedule != ALECABLE_BATCH_DYNAMIC && opt.schedule != ALECABLE_BATCH_STATIC) return ALECABLE_EINVAL;
    if (!(opt.spin_time >= 0 && opt.spin_time <= 1)) return ALECABLE_EINVAL;
    if (ac_alloc_from_host(&a, opt.allocator) != 0) return ALECABLE_EINVAL;
    b = (alecable_batch *)ac_calloc(&a, 1, sizeof *b);
    if (!b) return ALECABLE_ENOMEM;
    b->alloc = a;
    b->magic = MAGIC_BATCH;
    b->nthreads = threads;
    b->schedule = opt.schedule;
    b->spin = opt.spin_time;
    if (threads > 1) {
        b->th = (pthread_t *)ac_calloc(&b->alloc, (size_t)(threads - 1), sizeof *b->th);
        b->wk = (bt_worker *)ac_calloc(&b->alloc, (size_t)(threads - 1), sizeof *b->wk);
        if (!b->th || !b->wk) {
            teardown(b, 0);
            return ALECABLE_ENOMEM;
        }
    }
    if (pthread_mutex_init(&b->mu, NULL) != 0) {
        teardown(b, 0);
        return ALECABLE_ENOMEM;
    }
    if (pthread_cond_init(&b->go, NULL) != 0) {
        pthread_mutex_destroy(&b->mu);
        teardown(b, 0);
        return ALECABLE_ENOMEM;
    }
    if (pthread_cond_init(&b->done, NULL) != 0) {
        pthread_cond_destroy(&b->go);
        pthread_mutex_destroy(&b->mu);
        teardown(b, 0);
        return ALECABLE_ENOMEM;
    }
    /* the workers inherit a mask of every signal: the host's handlers run
     * in its own threads */
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    for (k = 1, rc = 0; k < threads && rc == 0; k++) {
        b->wk[k - 1].b = b;
        b->wk[k - 1].k = k;
        rc = pthread_create(&b->th[k - 1], NULL, worker, &b->wk[k - 1]);
        if (rc == 0) b->nstarted++;
    }
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (rc != 0) {
        teardown(b, 1);
        return ALECABLE_ENOMEM;
    }
    *out = b;
    return ALECABLE_OK;
}

ALECABLE_API void alecable_batch_destroy(alecable_batch *b)
{
    if (!b || b->magic != MAGIC_BATCH) return;
    teardown(b, 1);
}

/* room for count models in the call's lists (before anything else changes) */
static int reserve(alecable_batch *b, int count)
{
    bt_key *keys;
    alecable_integrator **seen;
    const void **seen_ctx;
    int *st;
    size_t n = (size_t)count;
    if (count <= b->cap) return ALECABLE_OK;
    keys = (bt_key *)ac_malloc(&b->alloc, n * sizeof *keys);
    seen = (alecable_integrator **)ac_malloc(&b->alloc, n * sizeof *seen);
    seen_ctx = (const void **)ac_malloc(&b->alloc, n * sizeof *seen_ctx);
    st = (int *)ac_malloc(&b->alloc, n * sizeof *st);
    if (!keys || !seen || !seen_ctx || !st) {
        ac_free(&b->alloc, keys), ac_free(&b->alloc, seen), ac_free(&b->alloc, seen_ctx), ac_free(&b->alloc, st);
        return fail(b, ALECABLE_ENOMEM, "no memory for the lists of %d models", count);
    }
    ac_free(&b->alloc, b->keys), ac_free(&b->alloc, b->seen), ac_free(&b->alloc, b->seen_ctx);
    ac_free(&b->alloc, b->st);
    b->keys = keys, b->seen = seen, b->seen_ctx = seen_ctx, b->st = st;
    b->cap = count;
    b->nseen = 0;
    return ALECABLE_OK;
}

static int cmp_key(const void *x, const void *y)
{
    const bt_key *a = (const bt_key *)x, *c = (const bt_key *)y;
    if (a->key != c->key) return a->key < c->key ? -1 : 1;
    return (a->i > c->i) - (a->i < c->i);
}

/* the first pair of equal keys among the n sorted ones: 1 with their
 * places (i < j), or 0 */
static int twice(bt_key *keys, int n, int *i, int *j)
{
    int k;
    qsort(keys, (size_t)n, sizeof *keys, cmp_key);
    for (k = 1; k < n; k++)
        if (keys[k].key == keys[k - 1].key) {
            *i = keys[k - 1].i, *j = keys[k].i;
            return 1;
        }
    return 0;
}

/* No integrator twice and no two on one problem context: they would step
 * one model from two threads.  A list that passed last time (the same
 * integrators on the same contexts, the usual loop) is not sorted again. */
static int distinct(alecable_batch *b, int count, alecable_integrator *const its[])
{
    int i, j, k, n, same = count == b->nseen;
    for (k = 0; k < count && same; k++) same = its[k] == b->seen[k] && dyn_problem_ctx(its[k]) == b->seen_ctx[k];
    if (same) return ALECABLE_OK;
    b->nseen = 0;
    for (k = 0; k < count; k++) b->keys[k].key = (uintptr_t)its[k], b->keys[k].i = k;
    if (twice(b->keys, count, &i, &j))
        return fail(b, ALECABLE_EINVAL, "integrators[%d] and integrators[%d] are the same integrator", i, j);
    for (k = 0, n = 0; k < count; k++) {
        const void *ctx = dyn_problem_ctx(its[k]);
        if (ctx) b->keys[n].key = (uintptr_t)ctx, b->keys[n++].i = k;
    }
    if (twice(b->keys, n, &i, &j))
        return fail(b, ALECABLE_EINVAL,
                    "integrators[%d] and integrators[%d] run the same problem context (two integrators of one "
                    "model): one model cannot be stepped by two threads",
                    i, j);
    for (k = 0; k < count; k++) b->seen[k] = its[k], b->seen_ctx[k] = dyn_problem_ctx(its[k]);
    b->nseen = count;
    return ALECABLE_OK;
}

static int check_args(alecable_batch *b, int op, int count, alecable_integrator *const its[], const double *arg,
                      int steps)
{
    const char *what = op == OP_STEP ? "h" : "t_end";
    int k;
    if (count < 0) return fail(b, ALECABLE_EINVAL, "count = %d: must be >= 0", count);
    if (op == OP_STEP && steps < 1) return fail(b, ALECABLE_EINVAL, "steps = %d: must be >= 1", steps);
    if (count == 0) return ALECABLE_OK;
    if (!its) return fail(b, ALECABLE_ENULL, "integrators is NULL");
    if (!arg) return fail(b, ALECABLE_ENULL, "%s is NULL", what);
    for (k = 0; k < count; k++) {
        if (!its[k]) return fail(b, ALECABLE_ENULL, "integrators[%d] is NULL", k);
        if (!isfinite(arg[k])) return fail(b, ALECABLE_EINVAL, "%s[%d] = %g: must be finite", what, k, arg[k]);
        if (op == OP_STEP && !(arg[k] > 0))
            return fail(b, ALECABLE_EINVAL, "h[%d] = %g: must be > 0", k, arg[k]);
        if (op == OP_ADVANCE) {
            double t;
            /* an integrator without a state says so in its own status */
            if (alecable_integrator_get_state(its[k], &t, NULL, NULL, NULL, NULL) == ALECABLE_OK && arg[k] < t)
                return fail(b, ALECABLE_EINVAL, "t_end[%d] = %.17g: before integrators[%d]'s time %.17g", k,
                            arg[k], k, t);
        }
    }
    if (reserve(b, count) != ALECABLE_OK) return ALECABLE_ENOMEM;
    return distinct(b, count, its);
}

static int run_call(alecable_batch *b, int op, int count, alecable_integrator *const its[], const double *arg,
                    int steps, int *status)
{
    int k, st, first = -1, nfailed = 0;
    if (!b) return ALECABLE_ENULL;
    if (b->magic != MAGIC_BATCH) return ALECABLE_EHANDLE;
    pthread_mutex_lock(&b->mu);
    st = b->busy;
    b->busy = 1;
    pthread_mutex_unlock(&b->mu);
    if (st) return ALECABLE_ESTATE; /* the message belongs to the call under way */
    st = check_args(b, op, count, its, arg, steps);
    if (st == ALECABLE_OK && count > 0) {
        pthread_mutex_lock(&b->mu);
        b->op = op, b->count = count, b->steps = steps, b->its = its, b->arg = arg;
        b->next = 0;
        STORE(&b->finished, 0);
        STORE(&b->gen, b->gen + 1);
        if (b->nthreads > 1) pthread_cond_broadcast(&b->go);
        pthread_mutex_unlock(&b->mu);
        work(b, 0);
        if (b->nthreads > 1) spin_while(b, NULL, 0, &b->finished, b->nthreads - 1);
        pthread_mutex_lock(&b->mu);
        while (LOAD(&b->finished) < b->nthreads - 1) pthread_cond_wait(&b->done, &b->mu);
        b->its = NULL, b->arg = NULL;
        pthread_mutex_unlock(&b->mu);
        for (k = 0; k < count; k++) {
            if (status) status[k] = b->st[k];
            if (b->st[k] != ALECABLE_OK && nfailed++ == 0) first = k;
        }
        if (first >= 0) {
            st = b->st[first];
            fail(b, st, "integrators[%d] failed (%s): %s", first, alecable_strerror(st),
                 alecable_integrator_errmsg(its[first]));
            if (nfailed > 1) {
                size_t n = strlen(b->msg);
                snprintf(b->msg + n, sizeof b->msg - n, " (%d models of %d failed: status[] has each)", nfailed,
                         count);
            }
        }
    }
    pthread_mutex_lock(&b->mu);
    b->busy = 0;
    pthread_mutex_unlock(&b->mu);
    return st;
}

ALECABLE_API int alecable_batch_step(alecable_batch *b, int count, alecable_integrator *const integrators[],
                                     const double h[], int steps, int status[])
{
    return run_call(b, OP_STEP, count, integrators, h, steps, status);
}

ALECABLE_API int alecable_batch_advance(alecable_batch *b, int count, alecable_integrator *const integrators[],
                                        const double t_end[], int status[])
{
    return run_call(b, OP_ADVANCE, count, integrators, t_end, 1, status);
}
