/* The one test runner: every suite, Check's summary line at the end.
 *
 * ALECABLE_TEST_SHARD=k/n runs only the suites whose place in the list is
 * k modulo n; unset, every suite runs.
 *
 * ALECABLE_TEST_QUEUE=DIR shares the suites out at run time between the
 * processes given the same (empty) directory: each takes the next suite no
 * other has taken (creating DIR/<place> is the claim) and runs it, so that
 * they finish within one suite of each other; make check runs the slow
 * sanitizer build's suites so, in two processes (a split by place left one
 * 46 s behind the other).  Each suite's summary line comes with its wall
 * time; the last line sums the process's suites in Check's form. */
#define _POSIX_C_SOURCE 200809L /* mkdir, clock_gettime */
#include "suites.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>

typedef Suite *(*suite_fn)(void);

static int shard_k = 0, shard_n = 1, place = 0, n_queued = 0;
static const char *queue_dir;
static suite_fn queued[256];
static const char *queued_name[256];

/* adds the suite fn makes when it falls in this process's shard (or to the queue) */
static void add(SRunner **sr, suite_fn fn, const char *name)
{
    if (queue_dir) {
        if (n_queued < (int)(sizeof queued / sizeof queued[0])) {
            queued_name[n_queued] = name;
            queued[n_queued++] = fn;
        } else
            fprintf(stderr, "runner: more suites than the queue holds (%d)\n", n_queued);
        return;
    }
    if (place++ % shard_n != shard_k) return;
    if (!*sr) *sr = srunner_create(fn());
    else srunner_add_suite(*sr, fn());
}

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* ALECABLE_TEST_QUEUE: claims and runs suites until none is left; EXIT_* */
static int run_queue(void)
{
    int i, run = 0, failures = 0, errors = 0, bad = 0;
    for (i = 0; i < n_queued; i++) {
        char path[4096];
        SRunner *one;
        TestResult **tr;
        double t0;
        int k, nf;
        if (snprintf(path, sizeof path, "%s/%d", queue_dir, i) >= (int)sizeof path) {
            fprintf(stderr, "ALECABLE_TEST_QUEUE=%s: too long\n", queue_dir);
            return EXIT_FAILURE;
        }
        if (mkdir(path, 0700) != 0) {
            if (errno == EEXIST) continue; /* another process runs it */
            perror(path);
            return EXIT_FAILURE;
        }
        t0 = now_s();
        one = srunner_create(queued[i]());
        srunner_run_all(one, CK_SILENT); /* its failures are printed below, as Check would */
        nf = srunner_ntests_failed(one);
        tr = srunner_failures(one);
        for (k = 0; k < nf; k++) {
            const int err = tr_rtype(tr[k]) == CK_ERROR;
            printf("%s:%d:%c:%s: %s\n", tr_lfile(tr[k]), tr_lno(tr[k]), err ? 'E' : 'F', tr_tcname(tr[k]),
                   tr_msg(tr[k]));
            errors += err;
            failures += !err;
        }
        free(tr);
        if (srunner_ntests_run(one) > 0)
            printf("%s: Checks: %d, Failures: %d (%.1f s)\n", queued_name[i] + 6, srunner_ntests_run(one), nf,
                   now_s() - t0);
        fflush(stdout);
        run += srunner_ntests_run(one);
        bad += nf;
        srunner_free(one);
    }
    printf("%d%%: Checks: %d, Failures: %d, Errors: %d\n", run > 0 ? (int)(100.0 * (run - bad) / run) : 100, run,
           failures, errors);
    return bad == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

#define ADD(fn) add(&sr, fn, #fn)

int main(void)
{
    const char *shard = getenv("ALECABLE_TEST_SHARD");
    queue_dir = getenv("ALECABLE_TEST_QUEUE");
    if (queue_dir && !*queue_dir) queue_dir = NULL;
    SRunner *sr = NULL;
    int failed;
    if (shard && (sscanf(shard, "%d/%d", &shard_k, &shard_n) != 2 || shard_n < 1 || shard_k < 0 || shard_k >= shard_n)) {
        fprintf(stderr, "ALECABLE_TEST_SHARD=%s: give k/n with 0 <= k < n\n", shard);
        return EXIT_FAILURE;
    }
    /* the slowest first: ALECABLE_TEST_QUEUE then shares the rest out evenly */
    ADD(suite_sheave_lift);
    ADD(suite_sheave_c1);
    ADD(suite_se3_dynamics);
    ADD(suite_se3_model);
    ADD(suite_sheave);
    ADD(suite_statics_scale);
    ADD(suite_bodies_dynamic);
    ADD(suite_se3_wraps);
    ADD(suite_seabed);
    ADD(suite_seabed_dynamics);
    ADD(suite_seabed_statics);
    ADD(suite_divergence);
    ADD(suite_sparse);
    ADD(suite_band_kkt);
    ADD(suite_band_sym);
    ADD(suite_bodies);
    ADD(suite_wraps_dynamic);
    ADD(suite_friction);
    ADD(suite_rollback);
    ADD(suite_statics);
    ADD(suite_ok_statics);
    ADD(suite_point_loads);
    ADD(suite_threads);
    ADD(suite_bad_calls);
    ADD(suite_clock);
    ADD(suite_handles);
    ADD(suite_pulley);
    ADD(suite_finger);
    ADD(suite_axial);
    ADD(suite_axial_inertia);
    ADD(suite_ancf);
    ADD(suite_ancf_model);
    ADD(suite_kirchhoff);
    ADD(suite_kirchhoff_model);
    ADD(suite_kirchhoff_kernel);
    ADD(suite_lagrangian);
    ADD(suite_field_loads);
    ADD(suite_model);
    ADD(suite_model_dynamic);
    ADD(suite_api);
    ADD(suite_quasistatic);
    ADD(suite_dynamic);
    ADD(suite_history);
    ADD(suite_paper000);
    ADD(suite_paper001);
    ADD(suite_ale_dynamics);
    ADD(suite_energy_balance);
    ADD(suite_vtk_xml);
    ADD(suite_clamp_stretch);
    ADD(suite_si_paper);
    ADD(suite_se3);
    ADD(suite_se3_joints);
    ADD(suite_se3_greenhill);
    ADD(suite_sleeve_split);
    ADD(suite_se3_loads);
    ADD(suite_se3_ale_dynamics);
    ADD(suite_embedding);
    ADD(suite_cosim);
    ADD(suite_sheave_friction);
    ADD(suite_sheave_mesh);
    ADD(suite_batch);
    ADD(suite_isa);
    ADD(suite_memory);
    ADD(suite_qs_regularization);
    ADD(suite_waves);
    ADD(suite_segments);
    ADD(suite_damping);
    ADD(suite_slack_start);
    if (queue_dir) return run_queue();
    if (!sr) return EXIT_SUCCESS; /* a shard past the last suite */
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
