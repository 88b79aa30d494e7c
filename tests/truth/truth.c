/* The truth campaign: N random valid models (seeds S .. S+N-1), each solved
 * in a forked child under alarm(), every ALECABLE_OK judged by verdict.c.
 *
 *   truth [-n N] [-s SEED] [--small] [--timeout SEC] [--quiet] [--only SEED]
 *   truth --case catenary-N | slack-N | cantilever-STEPS | pendulum-N   (the rows)
 *
 * TRUTH_DEBUG=1 prints what the verdicts computed (each differenced dof, the
 * curvature, the refined solve, the energy at every step) on stderr;
 * TRUTH_H_SCALE=f runs a dynamic model at f h (f h / nsteps the same end);
 * TRUTH_STEPS=N solves a static one in N load steps; TRUTH_ALE=0 or 1 makes a model (not a
 * pulley) Lagrangian or ALE, its twin.
 *
 * One line per model (seed, description, status, verdict, cause), then
 *   truth: N models, OK-right a, refused b (by cause: ...), OK-wrong c, crashes d, timeouts e, time T s
 * and a final `result: ...` line.  Exit status 1 when a model was OK and
 * wrong or crashed. */
#include "truth.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

enum { V_RIGHT = 0, V_REFUSED = 1, V_WRONG = 2, V_CRASH = 3, V_TIMEOUT = 4 };

typedef struct outcome {
    int status, verdict;
    double secs;
    char cause[2400];
    char note[300];
} outcome;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

/* in the child: build, solve, judge */
static void run_model(const truth_spec *s, outcome *o)
{
    truth_model tm;
    char why[600];
    int st;
    double t0 = now();
    memset(o, 0, sizeof *o);
    st = truth_build(&tm, s, why, sizeof why);
    if (st) {
        o->status = st;
        o->verdict = V_REFUSED;
        snprintf(o->cause, sizeof o->cause, "%s", why);
        truth_free(&tm);
        o->secs = now() - t0;
        return;
    }
    if (!s->dynamic) {
        alecable_quasistatic_options qo;
        alecable_quasistatic_options_init(&qo);
        qo.load_steps = s->steps;
        qo.clock = ALECABLE_CLOCK_LOAD_FACTOR; /* a prescribed end is pulled through the load steps */
        alecable_solve_report rep;
        alecable_solve_report_init(&rep);
        st = alecable_solve_quasistatic(tm.m, &qo, &rep);
        if (getenv("TRUTH_DEBUG"))
            printf("report: status %d, scaled residual %.3g (scale %.3g, source %d), stability %d, negative "
                   "curvatures %d, followed %d, iterations %d + %d\n",
                   rep.status, rep.scaled_residual, rep.residual_scale, rep.scale_source, rep.stability,
                   rep.negative_curvatures, rep.unstable_followed, rep.iterations_stage1, rep.iterations_stage2);
        o->status = st;
        if (st) {
            o->verdict = V_REFUSED;
            snprintf(o->cause, sizeof o->cause, "%s: %s", alecable_strerror(st), alecable_model_errmsg(tm.m));
        } else {
            o->verdict = truth_judge_statics(&tm, s, o->cause, sizeof o->cause, o->note, sizeof o->note) ? V_WRONG
                                                                                                          : V_RIGHT;
        }
    } else {
        alecable_integrator *it = NULL;
        double ec, es;
        st = truth_run_dynamics(&tm, s, s->h, &it, &ec, &es, why, sizeof why);
        o->status = st;
        if (st) {
            o->verdict = V_REFUSED;
            snprintf(o->cause, sizeof o->cause, "%s", why);
        } else {
            o->verdict = truth_judge_dynamics(&tm, s, it, ec, es, o->cause, sizeof o->cause, o->note, sizeof o->note)
                             ? V_WRONG
                             : V_RIGHT;
        }
        if (it) alecable_integrator_destroy(it);
    }
    truth_free(&tm);
    o->secs = now() - t0;
}

/* a refusal's cause without its numbers, for counting */
static void cause_key(const char *cause, char *key, size_t len)
{
    size_t k = 0;
    const char *c = cause;
    int in_num = 0;
    while (*c && k + 1 < len && k < 110) {
        if ((*c >= '0' && *c <= '9') || ((*c == '.' || *c == 'e' || *c == '-' || *c == '+') && in_num)) {
            if (!in_num) key[k++] = '#';
            in_num = 1;
        } else {
            in_num = 0;
            key[k++] = *c;
        }
        c++;
    }
    key[k] = 0;
}

#define MAX_CAUSES 256
typedef struct cause_count {
    char key[128];
    int n;
    unsigned long first_seed;
} cause_count;

static void count_cause(cause_count *cc, int *ncc, const char *cause, unsigned long seed)
{
    char key[128];
    int i;
    cause_key(cause, key, sizeof key);
    for (i = 0; i < *ncc; i++)
        if (!strcmp(cc[i].key, key)) {
            cc[i].n++;
            return;
        }
    if (*ncc < MAX_CAUSES) {
        snprintf(cc[*ncc].key, sizeof cc[*ncc].key, "%s", key);
        cc[*ncc].n = 1;
        cc[*ncc].first_seed = seed;
        (*ncc)++;
    }
}

static int by_count(const void *a, const void *b)
{
    return ((const cause_count *)b)->n - ((const cause_count *)a)->n;
}

/* The table rows and known-good references, as fixed models: the
 * verdicts' calibration (a right answer passes, the wrong ones do
 * not).  Returns 0 for an unknown name. */
static int named_case(truth_spec *s, const char *name)
{
    memset(s, 0, sizeof *s);
    s->seed = 0;
    s->g = 9.81;
    if (!strncmp(name, "catenary-", 9)) { /* examples/catenary_start --start straight: pins 1 m apart */
        s->scene = SCENE_HANG;
        s->kind = ALECABLE_ELEMENT_AXIAL;
        s->n = atoi(name + 9);
        s->L = s->span = 1.0;
        s->EA = 1e4;
        s->rho_A = 10.0 / 9.81;
        s->end = END_FIX;
        s->steps = 1;
        return s->n > 0;
    }
    if (!strncmp(name, "slack-", 6)) { /* the same, 1.2 m of cable */
        named_case(s, "catenary-1");
        s->n = atoi(name + 6);
        s->L = 1.2;
        return s->n > 0;
    }
    if (!strncmp(name, "cantilever-", 11)) { /* ANCF, PL^2/EI = 10, 20 elements, EA/P = 1e7, given load steps */
        s->scene = SCENE_CANTILEVER;
        s->kind = ALECABLE_ELEMENT_ANCF;
        s->n = 20;
        s->L = s->span = 1.0;
        s->g = 0.0;
        s->rho_A = 1.0;
        s->EI = 1.0;
        s->EA = 1e8;
        s->end = END_FREE;
        s->nloads = 1;
        s->load_node[0] = 20;
        s->load_f[0][2] = -10.0;
        s->steps = atoi(name + 11);
        return s->steps > 0;
    }
    if (!strncmp(name, "pendulum-", 9)) { /* paper 001 sec. 4.1's ANCF pendulum: N elements, SI-HHT h = 1e-3, 0.02 s */
        s->scene = SCENE_PENDULUM;
        s->kind = ALECABLE_ELEMENT_ANCF;
        s->n = atoi(name + 9);
        s->L = s->span = 1.0;
        s->EA = 1e5;
        s->EI = 1e-2;
        s->rho_A = 0.1;
        s->end = END_FREE;
        s->dynamic = 1;
        s->method = ALECABLE_METHOD_SI_HHT;
        s->h = 1e-3;
        s->nsteps = 20;
        return s->n > 0;
    }
    return 0;
}

/* One model in flight (-j): its spec, its child and the pipe its answer comes through. */
typedef struct slot {
    truth_spec s;
    char desc[400];
    int fd, skip, done; /* done: the child has ended, o holds its answer */
    pid_t pid;
    outcome o;
} slot;

/* --part: the statics or the dynamics of the seeds only (the others are drawn and skipped) */
enum { PART_ALL = 0, PART_STATICS = 1, PART_DYNAMICS = 2 };

/* Draws (or names) the model of seed and forks the child that runs it under alarm(timeout). */
static int launch(slot *sl, unsigned long seed, const char *case_name, int small, int timeout, int part)
{
    int fd[2];
    sl->skip = sl->done = 0;
    if (case_name) {
        if (!named_case(&sl->s, case_name)) {
            fprintf(stderr, "truth: unknown case %s\n", case_name);
            return 2;
        }
    } else {
        truth_draw(&sl->s, seed, small);
    }
    if ((part == PART_STATICS && sl->s.dynamic) || (part == PART_DYNAMICS && !sl->s.dynamic)) {
        sl->skip = 1;
        return 0;
    }
    if (sl->s.dynamic && getenv("TRUTH_H_SCALE")) { /* debugging: the same model at another step */
        double f = atof(getenv("TRUTH_H_SCALE"));
        if (f > 0.0) {
            sl->s.nsteps = (int)(sl->s.nsteps / f + 0.5);
            sl->s.h *= f;
        }
    }
    if (getenv("TRUTH_ALE") && sl->s.scene != SCENE_PULLEY) /* debugging: the model's ALE or Lagrangian twin */
        sl->s.ale = atoi(getenv("TRUTH_ALE")) ? 1 : 0;
    if (!sl->s.dynamic && getenv("TRUTH_STEPS")) /* debugging: the same statics in other load steps */
        sl->s.steps = atoi(getenv("TRUTH_STEPS")) > 0 ? atoi(getenv("TRUTH_STEPS")) : sl->s.steps;
    truth_describe(&sl->s, sl->desc, sizeof sl->desc);
    if (getenv("TRUTH_DEBUG")) {
        const truth_spec *s = &sl->s;
        int k;
        fprintf(stderr, "spec: L %.17g span %.17g EA %.17g EI %.17g rho_A %.17g g %.17g b0 %.17g %.17g %.17g "
                "delta %.17g body %.17g tilt %.17g R %.17g mu %.17g h %.17g\n", s->L, s->span, s->EA, s->EI,
                s->rho_A, s->g, s->b0[0], s->b0[1], s->b0[2], s->delta, s->body_mass, s->tilt, s->pulley_R, s->mu,
                s->h);
        for (k = 0; k < s->nloads; k++)
            fprintf(stderr, "spec: load at node %d: %.17g %.17g %.17g\n", s->load_node[k], s->load_f[k][0],
                    s->load_f[k][1], s->load_f[k][2]);
    }
    if (pipe(fd)) {
        perror("pipe");
        return 2;
    }
    fflush(stdout);
    fflush(stderr);
    sl->pid = fork();
    if (sl->pid < 0) {
        perror("fork");
        return 2;
    }
    if (sl->pid == 0) {
        outcome o;
        close(fd[0]);
        memset(&o, 0, sizeof o);
        alarm((unsigned)timeout);
        run_model(&sl->s, &o);
        if (write(fd[1], &o, sizeof o) != (ssize_t)sizeof o) _exit(3);
        _exit(0);
    }
    close(fd[1]);
    sl->fd = fd[0];
    return 0;
}

/* The answer of a launched model (a timeout or crash when the child gave none). */
/* The answer of a model whose child has ended with status (its pipe holds the answer: an
 * outcome fits in the pipe's buffer, so the child never waits for the parent to read). */
static void collect(slot *sl, int timeout, int status)
{
    outcome *o = &sl->o;
    size_t got = 0;
    while (got < sizeof *o) {
        ssize_t k = read(sl->fd, (char *)o + got, sizeof *o - got);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) break;
        got += (size_t)k;
    }
    close(sl->fd);
    sl->done = 1;
    if (got < sizeof *o) {
        memset(o, 0, sizeof *o);
        if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM) {
            o->verdict = V_TIMEOUT;
            snprintf(o->cause, sizeof o->cause, "no answer within %d s", timeout);
            o->secs = timeout;
        } else {
            o->verdict = V_CRASH;
            if (WIFSIGNALED(status))
                snprintf(o->cause, sizeof o->cause, "signal %d (%s)", WTERMSIG(status), strsignal(WTERMSIG(status)));
            else snprintf(o->cause, sizeof o->cause, "child exit %d without an answer", WEXITSTATUS(status));
        }
    }
}

int main(int argc, char **argv)
{
    static const char *vname[] = {"RIGHT", "REFUSED", "WRONG", "CRASH", "TIMEOUT"};
    unsigned long seed0 = 1, only = 0;
    long n = 100, i;
    int small = 0, timeout = 60, quiet = 0, have_only = 0, a, jobs = 1, part = PART_ALL;
    long launched, running;
    int window;
    slot *slots;
    const char *case_name = NULL;
    long cnt[5] = {0, 0, 0, 0, 0}, dyn_ale = 0, dyn_ale_ref = 0, dyn_lag = 0, dyn_lag_ref = 0;
    long dyn_ale_tw = 0, dyn_ale_tw_ref = 0; /* ALE dynamics on the scenes Lagrangian cables have too */
    long st_n = 0, st_wrong = 0, dy_n = 0, dy_wrong = 0;
    cause_count *refused = (cause_count *)calloc(MAX_CAUSES, sizeof *refused);
    cause_count *wrong = (cause_count *)calloc(MAX_CAUSES, sizeof *wrong);
    int nref = 0, nwrong = 0;
    double t_start = now(), t_total;
    if (!refused || !wrong) return 2;
    for (a = 1; a < argc; a++) {
        if (!strcmp(argv[a], "-n") && a + 1 < argc) n = atol(argv[++a]);
        else if (!strcmp(argv[a], "-s") && a + 1 < argc) seed0 = strtoul(argv[++a], NULL, 10);
        else if (!strcmp(argv[a], "--small")) small = 1;
        else if (!strcmp(argv[a], "--quiet")) quiet = 1;
        else if (!strcmp(argv[a], "-j") && a + 1 < argc) jobs = atoi(argv[++a]);
        else if (!strcmp(argv[a], "--part") && a + 1 < argc) {
            a++;
            part = !strcmp(argv[a], "statics") ? PART_STATICS : !strcmp(argv[a], "dynamics") ? PART_DYNAMICS : -1;
            if (part < 0) {
                fprintf(stderr, "truth: --part statics or dynamics\n");
                return 2;
            }
        }
        else if (!strcmp(argv[a], "--timeout") && a + 1 < argc) timeout = atoi(argv[++a]);
        else if (!strcmp(argv[a], "--case") && a + 1 < argc) case_name = argv[++a];
        else if (!strcmp(argv[a], "--only") && a + 1 < argc) {
            only = strtoul(argv[++a], NULL, 10);
            have_only = 1;
        } else {
            fprintf(stderr, "usage: %s [-n N] [-s SEED] [-j JOBS] [--part statics|dynamics] [--small] [--timeout SEC] [--quiet] [--only SEED]\n"
                            "       %s --case catenary-N | slack-N | cantilever-STEPS | pendulum-N\n",
                    argv[0], argv[0]);
            return 2;
        }
    }
    if (case_name) n = 1;
    if (have_only) {
        seed0 = only;
        n = 1;
    }
    if (n < 1 || timeout < 1 || jobs < 1 || jobs > 64) {
        fprintf(stderr, "truth: -n and --timeout must be >= 1, -j 1 to 64\n");
        return 2;
    }
    setvbuf(stdout, NULL, _IOLBF, 0);
    /* up to `jobs` children running, within a window of `window` seeds whose answers wait to be
     * taken in seed order (a slow model does not hold the others up) */
    window = 16 * jobs;
    slots = (slot *)calloc((size_t)window, sizeof *slots);
    if (!slots) return 2;
    for (i = 0, launched = 0, running = 0; i < n; i++) {
        slot *sl = &slots[i % window];
        truth_spec s;
        outcome o;
        unsigned long seed = seed0 + (unsigned long)i;
        for (;;) {
            int status = 0, k;
            pid_t pid;
            while (running < jobs && launched < n && launched < i + window) {
                slot *nl = &slots[launched % window];
                if (launch(nl, seed0 + (unsigned long)launched, case_name, small, timeout, part)) return 2;
                if (!nl->skip) running++;
                launched++;
            }
            if (sl->skip || sl->done) break;
            pid = waitpid(-1, &status, 0);
            if (pid < 0) {
                if (errno == EINTR) continue;
                perror("waitpid");
                return 2;
            }
            for (k = 0; k < window; k++)
                if (!slots[k].skip && !slots[k].done && slots[k].pid == pid) {
                    collect(&slots[k], timeout, status);
                    running--;
                    break;
                }
        }
        if (sl->skip) continue;
        o = sl->o;
        s = sl->s;
        cnt[o.verdict]++;
        if (s.dynamic) {
            dy_n++;
            if (o.verdict == V_WRONG) dy_wrong++;
            if (s.ale) {
                dyn_ale++;
                if (o.verdict == V_REFUSED) dyn_ale_ref++;
                if (s.scene != SCENE_PULLEY) {
                    dyn_ale_tw++;
                    if (o.verdict == V_REFUSED) dyn_ale_tw_ref++;
                }
            } else {
                dyn_lag++;
                if (o.verdict == V_REFUSED) dyn_lag_ref++;
            }
        } else {
            st_n++;
            if (o.verdict == V_WRONG) st_wrong++;
        }
        if (o.verdict == V_REFUSED) count_cause(refused, &nref, o.cause, seed);
        if (o.verdict == V_WRONG || o.verdict == V_CRASH) {
            char key[200];
            const char *colon = strchr(o.cause, ':');
            size_t kl = colon ? (size_t)(colon - o.cause) : strlen(o.cause);
            snprintf(key, sizeof key, "%s %.*s", s.dynamic ? truth_method_name(s.method) : "statics", (int)kl,
                     o.cause);
            count_cause(wrong, &nwrong, key, seed);
        }
        if (!quiet || o.verdict == V_WRONG || o.verdict == V_CRASH)
        {
            char stbuf[16];
            if (o.verdict == V_CRASH || o.verdict == V_TIMEOUT) snprintf(stbuf, sizeof stbuf, "none");
            else snprintf(stbuf, sizeof stbuf, "%d", o.status);
            printf("seed=%lu %s | status=%s verdict=%s time=%.2fs%s%s%s%s\n", seed, sl->desc, stbuf, vname[o.verdict],
                   o.secs, o.cause[0] ? " cause: " : "", o.cause, o.note[0] ? " note: " : "", o.note);
        }
    }
    t_total = now() - t_start;
    qsort(refused, (size_t)nref, sizeof *refused, by_count);
    qsort(wrong, (size_t)nwrong, sizeof *wrong, by_count);
    printf("refusals by cause (count, first seed, cause without its numbers):\n");
    for (a = 0; a < nref; a++) printf("  %5d  seed=%lu  %s\n", refused[a].n, refused[a].first_seed, refused[a].key);
    if (nwrong) {
        printf("OK-wrong and crashes by check (count, first seed):\n");
        for (a = 0; a < nwrong; a++) printf("  %5d  seed=%lu  %s\n", wrong[a].n, wrong[a].first_seed, wrong[a].key);
    }
    printf("dynamics refused: ALE %ld of %ld, Lagrangian %ld of %ld; on the scenes both have (all but the "
           "pulley, whose cable slides: always ALE): ALE %ld of %ld\n", dyn_ale_ref, dyn_ale, dyn_lag_ref, dyn_lag,
           dyn_ale_tw_ref, dyn_ale_tw);
    printf("truth: %ld models (seeds %lu..%lu%s%s), OK-right %ld, refused %ld (%d causes above), OK-wrong %ld "
           "(statics %ld of %ld, dynamics %ld of %ld), crashes %ld, timeouts %ld, time %.1f s\n",
           st_n + dy_n, seed0, seed0 + (unsigned long)n - 1, small ? ", small" : "",
           part == PART_STATICS ? ", their statics" : part == PART_DYNAMICS ? ", their dynamics" : "",
           cnt[V_RIGHT], cnt[V_REFUSED], nref,
           cnt[V_WRONG], st_wrong, st_n, dy_wrong, dy_n, cnt[V_CRASH], cnt[V_TIMEOUT], t_total);
    printf("result: models=%ld ok_right=%ld refused=%ld ok_wrong=%ld crashes=%ld timeouts=%ld "
           "dyn_ale_refused=%ld dyn_ale=%ld dyn_lag_refused=%ld dyn_lag=%ld seconds=%.1f "
           "dyn_ale_twin_refused=%ld dyn_ale_twin=%ld\n",
           st_n + dy_n, cnt[V_RIGHT], cnt[V_REFUSED], cnt[V_WRONG], cnt[V_CRASH], cnt[V_TIMEOUT], dyn_ale_ref,
           dyn_ale, dyn_lag_ref, dyn_lag, t_total, dyn_ale_tw_ref, dyn_ale_tw);
    free(refused);
    free(wrong);
    free(slots);
    return cnt[V_WRONG] || cnt[V_CRASH] ? 1 : 0;
}
