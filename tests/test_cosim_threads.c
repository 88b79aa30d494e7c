/* Eight co-simulation hosts in eight threads (issue 23): each host builds
 * its own model of the rig (tests/test_cosim_rig.h), settles it and takes
 * macro-steps with undo and redo along the rig's motion; run one after the
 * other, then all at once, each thread's wrenches must equal the serial
 * run's bit for bit.  The threads suite runs it (under TSan in make tsan).
 * Jobs return a status; the main thread asserts. */
#include "suites.h"
#include "test_cosim_rig.h"

#include <check.h>
#include <pthread.h>
#include <string.h>

enum { COSIM_JOBS = 8, COSIM_STEPS = 6 };

typedef struct cosim_job {
    int kind; /* which element kind and interpolation */
    int status;
    double w[6 * COSIM_STEPS];
} cosim_job;

static int run_host(cosim_job *j)
{
    cosim_rig r;
    alecable_cosim *cs = NULL;
    alecable_cosim_options o;
    alecable_dynamic_options d;
    double pose[12], tw[6], H = 0.02 + 0.005 * (j->kind % 3);
    int k, st;
    if ((st = rig_build(&r, j->kind & 1 ? ALECABLE_ELEMENT_ANCF : ALECABLE_ELEMENT_AXIAL, 6 + j->kind))) {
        alecable_model_destroy(r.m);
        return st;
    }
    rig_dynamic_options(&d);
    alecable_cosim_options_init(&o);
    o.dynamic = &d;
    o.interpolation = j->kind & 2 ? ALECABLE_COSIM_HERMITE : ALECABLE_COSIM_LINEAR;
    rig_motion(0.0, pose, tw);
    if (!(st = alecable_cosim_create(&cs, r.m, 1, &r.b, &o)) && !(st = alecable_cosim_init(cs, 0.0, pose, tw, 1, NULL)))
        for (k = 0; k < COSIM_STEPS && !st; k++) {
            double junk[12];
            rig_motion((k + 1) * H, pose, tw);
            memcpy(junk, pose, sizeof junk);
            junk[0] += 0.05; /* a first coupling iterate, undone */
            if (!(st = alecable_cosim_step(cs, H, junk, tw, NULL, NULL, NULL)) && !(st = alecable_cosim_undo(cs)))
                st = alecable_cosim_step(cs, H, pose, tw, j->w + 6 * k, NULL, NULL);
        }
    alecable_cosim_destroy(cs);
    alecable_model_destroy(r.m);
    return st;
}

static void *thread_main(void *arg)
{
    cosim_job *j = (cosim_job *)arg;
    j->status = run_host(j);
    return NULL;
}

START_TEST(eight_cosim_hosts_in_eight_threads)
{
    cosim_job serial[COSIM_JOBS], par[COSIM_JOBS];
    pthread_t th[COSIM_JOBS];
    int k;
    memset(serial, 0, sizeof serial);
    memset(par, 0, sizeof par);
    for (k = 0; k < COSIM_JOBS; k++) {
        serial[k].kind = par[k].kind = k;
        serial[k].status = run_host(&serial[k]);
        ck_assert_msg(serial[k].status == 0, "serial host %d: %s", k, alecable_strerror(serial[k].status));
    }
    for (k = 0; k < COSIM_JOBS; k++) ck_assert_int_eq(pthread_create(&th[k], NULL, thread_main, &par[k]), 0);
    for (k = 0; k < COSIM_JOBS; k++) ck_assert_int_eq(pthread_join(th[k], NULL), 0);
    for (k = 0; k < COSIM_JOBS; k++) {
        ck_assert_msg(par[k].status == 0, "host %d in its thread: %s", k, alecable_strerror(par[k].status));
        ck_assert_msg(memcmp(serial[k].w, par[k].w, sizeof par[k].w) == 0, "host %d: the thread's wrenches differ", k);
    }
}
END_TEST

TCase *tcase_cosim_threads(void)
{
    TCase *tc = tcase_create("concurrent co-simulation hosts");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, eight_cosim_hosts_in_eight_threads);
    return tc;
}
