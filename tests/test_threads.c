/* Threads (issue 12): the library keeps no global state, so models in
 * different threads do not meet.  Eight models, static and dynamic, of
 * every element kind, with bodies, joints and friction, run once one after
 * the other and then all at once in eight threads; each thread's result
 * must equal the serial one bit for bit.  `make tsan` runs this suite under
 * ThreadSanitizer.
 *
 * Jobs never call Check from their threads (its assertions are not meant
 * for other threads): they return a status, and the main thread asserts. */
#include "suites.h"
#include "support/atwood_rig.h"
#include "support/belt_rig.h"

#include <alecable.h>
#include <check.h>
#include <pthread.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>

#define TRY(call)                                                                                                    \
    do {                                                                                                             \
        int st_ = (call);                                                                                            \
        if (st_) return st_;                                                                                         \
    } while (0)

enum { NJOBS = 8 };

typedef struct job {
    int kind;        /* which model and run */
    int status;
    double *x;       /* q, then lambda, at the end */
    int n;
} job;

/* the model's final state into j->x */
static int keep_state(job *j, alecable_model *m)
{
    int nq, nl;
    TRY(alecable_model_sizes(m, &nq, &nl));
    j->n = nq + nl;
    j->x = (double *)malloc((size_t)(j->n > 0 ? j->n : 1) * sizeof *j->x);
    if (!j->x) return ALECABLE_ENOMEM;
    return alecable_model_get_state(m, j->x, j->x + nq, NULL);
}

/* a cable of n elements from a to b, element kind k, Lagrangian or ALE */
static int line(alecable_model *m, alecable_cable **c, int k, const double a[3], const double b[3], int n, double E,
                double A, double rho, int lagrangian)
{
    alecable_section sec;
    alecable_section_init(&sec);
    sec.E = E;
    sec.A = A;
    sec.rho = rho;
    sec.I = 1e-9;
    TRY(alecable_cable_create(c, m, k, &sec));
    TRY(alecable_cable_line(*c, a, b, 0.0, sqrt((b[0] - a[0]) * (b[0] - a[0]) + (b[1] - a[1]) * (b[1] - a[1])), n));
    if (k == ALECABLE_ELEMENT_KIRCHHOFF) {
        alecable_beam_params bp;
        alecable_beam_params_init(&bp);
        bp.GJ = 0.7;
        TRY(alecable_cable_set_beam(*c, &bp));
    }
    return lagrangian ? alecable_cable_set_lagrangian(*c, 1) : 0;
}

/* Statics: a bar whose middle node's material flows (paper 000 sec. 4.2
 * on 8 elements, the two-stage regularization) */
static int run_bar(job *j)
{
    alecable_model *m;
    alecable_cable *c;
    alecable_section sec;
    alecable_quasistatic_options o;
    double L = 0.01, b[3] = {1e5, 0, 0};
    int i, st;
    TRY(alecable_model_create(&m, NULL));
    alecable_section_init(&sec);
    sec.E = 1e9;
    sec.A = 3.14159265358979323846e-6;
    st = alecable_cable_create(&c, m, ALECABLE_ELEMENT_AXIAL, &sec);
    for (i = 0; i <= 8 && !st; i++) {
        double x[3] = {L * i / 8, 0, 0};
        alecable_node *nd;
        st = alecable_cable_add_node(&nd, c, x, x[0]);
        if (!st && i != 4) st = alecable_fix(NULL, m, nd, ALECABLE_DOF_S);
        if (!st && (i == 0 || i == 8)) st = alecable_fix(NULL, m, nd, ALECABLE_DOF_X);
        if (!st) st = alecable_fix(NULL, m, nd, ALECABLE_DOF_Y);
        if (!st) st = alecable_fix(NULL, m, nd, ALECABLE_DOF_Z);
    }
    if (!st) st = alecable_load_distributed(NULL, m, c, b);
    alecable_quasistatic_options_init(&o);
    o.load_steps = 10;
    o.alpha = 100;
    if (!st) st = alecable_solve_quasistatic(m, &o, NULL);
    if (!st) st = keep_state(j, m);
    alecable_model_destroy(m);
    return st;
}

/* Statics: a Kirchhoff cantilever bent by its weight and an end moment */
static int run_cantilever(job *j)
{
    alecable_model *m;
    alecable_cable *c;
    alecable_clamp_params cp;
    alecable_quasistatic_options o;
    alecable_node *n0, *n1;
    const double a[3] = {0, 0, 0}, b[3] = {1, 0, 0}, g[3] = {0, -9.81, 0}, mo[3] = {0.2, 0, 0.1};
    int st;
    TRY(alecable_model_create(&m, NULL));
    st = alecable_model_set_gravity(m, g);
    if (!st) st = line(m, &c, ALECABLE_ELEMENT_KIRCHHOFF, a, b, 10, 1e9, 1e-4, 1000.0, 1);
    if (!st) st = alecable_cable_node(&n0, c, 0);
    if (!st) st = alecable_cable_node(&n1, c, 10);
    alecable_clamp_params_init(&cp);
    if (!st) st = alecable_clamp(NULL, m, n0, &cp);
    if (!st) st = alecable_load_node_moment(NULL, m, n1, mo, 0);
    alecable_quasistatic_options_init(&o);
    o.load_steps = 5;
    o.regularization = ALECABLE_REG_NONE;
    if (!st) st = alecable_solve_quasistatic(m, &o, NULL);
    if (!st) st = keep_state(j, m);
    alecable_model_destroy(m);
    return st;
}

/* Statics: the belt drive (friction on turning wheels, bodies, joints) */
static int run_belt(job *j)
{
    belt_params bp;
    belt_rig r;
    alecable_quasistatic_options o;
    int st;
    belt_params_default(&bp);
    TRY(belt_build(&r, &bp));
    alecable_quasistatic_options_init(&o);
    o.load_steps = 12;
    st = alecable_solve_quasistatic(r.m, &o, NULL);
    if (!st) st = keep_state(j, r.m);
    alecable_model_destroy(r.m);
    return st;
}

/* Dynamics: a pendulum of element kind k released horizontally */
static int run_pendulum(job *j, int k, int method)
{
    alecable_model *m;
    alecable_cable *c;
    alecable_node *n0;
    alecable_dynamic_options o;
    alecable_integrator *it = NULL;
    const double a[3] = {0, 0, 0}, b[3] = {1, 0, 0}, g[3] = {0, -9.81, 0};
    int st, d, n;
    TRY(alecable_model_create(&m, NULL));
    st = alecable_model_set_gravity(m, g);
    if (!st) st = line(m, &c, k, a, b, 8, 1e8, 1e-4, 1000.0, 1);
    if (!st) st = alecable_cable_node(&n0, c, 0);
    for (d = ALECABLE_DOF_X; d <= ALECABLE_DOF_Z && !st; d++) st = alecable_fix(NULL, m, n0, d);
    if (!st && k == ALECABLE_ELEMENT_KIRCHHOFF) st = alecable_fix(NULL, m, n0, ALECABLE_DOF_ROLL);
    alecable_dynamic_options_init(&o);
    o.method = method;
    o.h = 1e-3;
    if (!st) st = alecable_model_integrator(&it, m, &o);
    for (n = 0; n < 150 && !st; n++) st = alecable_integrator_step(it, 1e-3);
    if (!st) st = alecable_model_pull_state(m, it);
    if (!st) st = keep_state(j, m);
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
    return st;
}

/* Dynamics: the Atwood machine slipping on its wheel */
static int run_atwood(job *j)
{
    atwood_params ap;
    atwood_rig r;
    alecable_dynamic_options o;
    alecable_integrator *it = NULL;
    int st, n;
    atwood_params_default(&ap);
    ap.mu = 0.05;
    TRY(atwood_build(&r, &ap));
    alecable_dynamic_options_init(&o);
    o.method = ALECABLE_METHOD_NEWMARK; /* 0.2's default, which these figures were taken with */
    o.h = 1e-3;
    st = alecable_model_integrator(&it, r.m, &o);
    for (n = 0; n < 150 && !st; n++) st = alecable_integrator_step(it, 1e-3);
    if (!st) st = alecable_model_pull_state(r.m, it);
    if (!st) st = keep_state(j, r.m);
    alecable_integrator_destroy(it);
    alecable_model_destroy(r.m);
    return st;
}

static void *run(void *arg)
{
    job *j = (job *)arg;
    switch (j->kind) {
    case 0: j->status = run_bar(j); break;
    case 1: j->status = run_cantilever(j); break;
    case 2: j->status = run_belt(j); break;
    case 3: j->status = run_pendulum(j, ALECABLE_ELEMENT_ANCF, ALECABLE_METHOD_HHT); break;
    case 4: j->status = run_pendulum(j, ALECABLE_ELEMENT_AXIAL, ALECABLE_METHOD_NEWMARK); break;
    case 5: j->status = run_pendulum(j, ALECABLE_ELEMENT_KIRCHHOFF, ALECABLE_METHOD_GENALPHA); break;
    case 6: j->status = run_pendulum(j, ALECABLE_ELEMENT_ANCF, ALECABLE_METHOD_SI_HHT); break;
    default: j->status = run_atwood(j); break;
    }
    return NULL;
}

START_TEST(eight_models_in_eight_threads)
{
    job serial[NJOBS], par[NJOBS];
    pthread_t th[NJOBS];
    int k;
    memset(serial, 0, sizeof serial);
    memset(par, 0, sizeof par);
    for (k = 0; k < NJOBS; k++) {
        serial[k].kind = par[k].kind = k;
        run(&serial[k]);
        ck_assert_msg(serial[k].status == 0, "job %d (serial): status %d", k, serial[k].status);
    }
    for (k = 0; k < NJOBS; k++) ck_assert_int_eq(pthread_create(&th[k], NULL, run, &par[k]), 0);
    for (k = 0; k < NJOBS; k++) ck_assert_int_eq(pthread_join(th[k], NULL), 0);
    for (k = 0; k < NJOBS; k++) {
        ck_assert_msg(par[k].status == 0, "job %d (thread): status %d", k, par[k].status);
        ck_assert_int_eq(par[k].n, serial[k].n);
        ck_assert_msg(memcmp(par[k].x, serial[k].x, (size_t)par[k].n * sizeof *par[k].x) == 0,
                      "job %d: the threaded result differs from the serial one", k);
        free(par[k].x);
        free(serial[k].x);
    }
}
END_TEST

Suite *suite_threads(void)
{
    Suite *s = suite_create("threads");
    TCase *tc = tcase_create("concurrent models");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, eight_models_in_eight_threads);
    suite_add_tcase(s, tc);
    return s;
}
