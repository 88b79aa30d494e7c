/* Handles that belong together and states that match (issue 20, items 5
 * and 7): an integrator pulled into another model, an integrator or a
 * problem used after its model changed, a Kirchhoff cable read after it
 * grew, sizes that overflow, and every two-handle call given a handle of
 * another model.  Each of these corrupted memory or returned a wrong OK in
 * 0.2; run under ASan (make SAN=1) they show it. */
#define _POSIX_C_SOURCE 200809L /* getpid */
#include "suites.h"

#include <alecable.h>
#include <check.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

/* A hanging axial rope: n elements along x from the origin, node 0 held,
 * Lagrangian, under gravity */
static alecable_model *rope(int n, alecable_cable **cable)
{
    alecable_model *m;
    alecable_cable *c;
    alecable_node *n0;
    alecable_section sec;
    const double a[3] = {0, 0, 0}, b[3] = {1, 0, 0}, g[3] = {0, 0, -9.81};
    int d;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    alecable_section_init(&sec);
    sec.E = 1e7;
    sec.A = 1e-4;
    sec.rho = 1000.0;
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_AXIAL, &sec), 0);
    ck_assert_int_eq(alecable_cable_set_lagrangian(c, 1), 0);
    ck_assert_int_eq(alecable_cable_line(c, a, b, 0.0, 1.0, n), 0);
    ck_assert_int_eq(alecable_cable_node(&n0, c, 0), 0);
    for (d = ALECABLE_DOF_X; d <= ALECABLE_DOF_Z; d++) ck_assert_int_eq(alecable_fix(NULL, m, n0, d), 0);
    ck_assert_int_eq(alecable_model_set_gravity(m, g), 0);
    if (cable) *cable = c;
    return m;
}

static int has(const char *msg, const char *word) { return msg && strstr(msg, word) != NULL; }

/* a model's integrator with the default options */
static int integrator(alecable_integrator **it, alecable_model *m)
{
    alecable_dynamic_options o;
    alecable_dynamic_options_init(&o);
    return alecable_model_integrator(it, m, &o);
}

/* A model whose every unknown is held (one element, both ends fixed) has
 * nothing to integrate, and steps: 0.2 refused to create its integrator
 * with "linear solver failure" (the condensed system was empty; the truth
 * campaign's seed 557). */
START_TEST(everything_held_steps)
{
    alecable_cable *c;
    alecable_model *m = rope(1, &c);
    alecable_integrator *it;
    alecable_node *tip;
    double q0[16], q1[16];
    int d, nq, nlam;
    ck_assert_int_eq(alecable_cable_node(&tip, c, 1), 0);
    for (d = ALECABLE_DOF_X; d <= ALECABLE_DOF_Z; d++) ck_assert_int_eq(alecable_fix(NULL, m, tip, d), 0);
    ck_assert_msg(integrator(&it, m) == 0, "%s", alecable_model_errmsg(m));
    ck_assert_int_eq(alecable_integrator_sizes(it, &nq, &nlam), 0);
    ck_assert_int_le(nq, 16);
    ck_assert_int_eq(alecable_integrator_get_state(it, NULL, q0, NULL, NULL, NULL), 0);
    ck_assert_msg(alecable_integrator_step(it, 1e-3) == 0, "%s", alecable_integrator_errmsg(it));
    ck_assert_int_eq(alecable_integrator_get_state(it, NULL, q1, NULL, NULL, NULL), 0);
    ck_assert(memcmp(q0, q1, (size_t)nq * sizeof(double)) == 0);
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
}
END_TEST

/* Row 5 of the issue: it made on another model (8 elements against 4): a
 * heap-buffer-overflow, then "double free or corruption". */
START_TEST(pull_state_from_another_models_integrator)
{
    alecable_model *m1 = rope(4, NULL), *m2 = rope(8, NULL);
    alecable_integrator *it2, *host;
    alecable_problem p;
    double x[3];
    alecable_node *n;
    alecable_cable *c;
    ck_assert_int_eq(alecable_model_finalize(m1), 0);
    ck_assert_int_eq(integrator(&it2, m2), 0);
    ck_assert_int_eq(alecable_integrator_step(it2, 1e-3), 0);
    ck_assert_int_eq(alecable_model_pull_state(m1, it2), ALECABLE_EHANDLE);
    ck_assert_msg(has(alecable_model_errmsg(m1), "another model"), "%s", alecable_model_errmsg(m1));
    /* its own model takes it */
    ck_assert_int_eq(alecable_model_pull_state(m2, it2), 0);
    /* an integrator on m2's problem, made by hand, is m2's too, not m1's */
    ck_assert_int_eq(alecable_model_problem(&p, m2), 0);
    ck_assert_int_eq(alecable_integrator_create(&host, &p, NULL, NULL), 0);
    ck_assert_int_eq(alecable_model_pull_state(m1, host), ALECABLE_EHANDLE);
    ck_assert_int_eq(alecable_model_sizes(m1, NULL, NULL), 0);
    /* m1 unchanged: its node 4 still at x = 1 */
    ck_assert_int_eq(alecable_model_get_state(m1, NULL, NULL, NULL), 0);
    ck_assert_int_eq(alecable_model_problem(&p, m1), 0);
    ck_assert_int_eq(alecable_model_pull_state(m1, host), ALECABLE_EHANDLE);
    (void)x;
    (void)n;
    (void)c;
    alecable_integrator_destroy(host);
    alecable_integrator_destroy(it2);
    alecable_model_destroy(m1);
    alecable_model_destroy(m2);
}
END_TEST

enum { CH_FIX, CH_CABLE, CH_LOAD, CH_CLAMP, CH_BODY, CH_NODE, CH_JOINT, CH_FINALIZE, CH_N };

/* One change of the model; returns the words the messages must hold */
static const char *change(alecable_model *m, alecable_cable *c, int which)
{
    alecable_section sec;
    alecable_body_params bp;
    alecable_clamp_params cp;
    alecable_node *tip, *n;
    alecable_cable *c2;
    alecable_body *b;
    const double f[3] = {0, 0, -50}, x[3] = {2, 0, 0}, y[3] = {0, 1, 0}, z[3] = {0, 0, 1};
    ck_assert_int_eq(alecable_cable_node(&tip, c, 4), 0);
    switch (which) {
    case CH_FIX:
        ck_assert_int_eq(alecable_fix(NULL, m, tip, ALECABLE_DOF_Z), 0);
        return "a fix was added";
    case CH_CABLE:
        alecable_section_init(&sec);
        sec.E = 1e7;
        sec.A = 1e-4;
        sec.rho = 1000.0;
        ck_assert_int_eq(alecable_cable_create(&c2, m, ALECABLE_ELEMENT_AXIAL, &sec), 0);
        ck_assert_int_eq(alecable_cable_set_lagrangian(c2, 1), 0);
        ck_assert_int_eq(alecable_cable_line(c2, y, z, 0.0, 1.5, 3), 0);
        ck_assert_int_eq(alecable_cable_node(&n, c2, 0), 0);
        ck_assert_int_eq(alecable_fix(NULL, m, n, ALECABLE_DOF_X), 0);
        ck_assert_int_eq(alecable_fix(NULL, m, n, ALECABLE_DOF_Y), 0);
        ck_assert_int_eq(alecable_fix(NULL, m, n, ALECABLE_DOF_Z), 0);
        return "a cable was added";
    case CH_LOAD:
        ck_assert_int_eq(alecable_load_node(NULL, m, tip, f), 0);
        return "a load was added";
    case CH_CLAMP:
        alecable_clamp_params_init(&cp);
        cp.hold = ALECABLE_CLAMP_POSITION;
        ck_assert_int_eq(alecable_clamp(NULL, m, tip, &cp), 0);
        return "a clamp was added";
    case CH_BODY:
        alecable_body_params_init(&bp);
        bp.mass = 1.0;
        ck_assert_int_eq(alecable_body_create(&b, m, &bp), 0);
        ck_assert_int_eq(alecable_body_fix(m, b), 0);
        return "a body was added";
    case CH_NODE:
        ck_assert_int_eq(alecable_cable_add_node(NULL, c, x, 2.0), 0);
        return "a node was added";
    case CH_JOINT:
        alecable_body_params_init(&bp);
        ck_assert_int_eq(alecable_body_create(&b, m, &bp), 0);
        ck_assert_int_eq(alecable_body_fix(m, b), 0);
        { /* where the tip stands (a body at the origin): a consistent attachment */
            double at[3];
            ck_assert_int_eq(alecable_node_position(tip, at), 0);
            ck_assert_int_eq(alecable_attach(NULL, m, tip, b, at, 0), 0);
        }
        return "a"; /* body or joint, both are named */
    default:
        ck_assert_int_eq(alecable_model_finalize(m), 0);
        return "finalized again";
    }
}

/* Row 6: an integrator stepped after its model gained a fix, a cable, a
 * load, a clamp or a body read past the new objects' arrays (ASan:
 * heap-buffer-overflow in constraints.c, clamp.c, body.c), crashed, or
 * ignored the load.  Every integrator call now refuses, naming the change,
 * in the integrator's message and the model's; finalizing the model again
 * (which frees the pattern the integrator holds) changes nothing; a new
 * integrator runs. */
START_TEST(integrator_after_the_model_changed)
{
    int which = _i;
    alecable_cable *c;
    alecable_model *m = rope(4, &c);
    alecable_integrator *it, *it2;
    const char *what;
    double q[64], v[64];
    int round;
    ck_assert_int_eq(integrator(&it, m), 0);
    ck_assert_int_eq(alecable_integrator_step(it, 1e-3), 0);
    ck_assert_int_eq(alecable_integrator_get_state(it, NULL, q, v, NULL, NULL), 0);
    what = change(m, c, which);
    for (round = 0; round < 2; round++) {
        ck_assert_int_eq(alecable_integrator_step(it, 1e-3), ALECABLE_ESTATE);
        ck_assert_msg(has(alecable_integrator_errmsg(it), what) && has(alecable_integrator_errmsg(it), "changed"),
                      "change %d: \"%s\"", which, alecable_integrator_errmsg(it));
        ck_assert_msg(has(alecable_model_errmsg(m), what), "change %d: \"%s\"", which, alecable_model_errmsg(m));
        ck_assert_int_eq(alecable_integrator_advance(it, 0.01), ALECABLE_ESTATE);
        ck_assert_int_eq(alecable_integrator_undo(it), ALECABLE_ESTATE);
        ck_assert_int_eq(alecable_integrator_set_state(it, 0.0, q, v, NULL, NULL), ALECABLE_ESTATE);
        ck_assert_int_eq(alecable_model_pull_state(m, it), ALECABLE_ESTATE);
        ck_assert_msg(has(alecable_model_errmsg(m), what), "change %d: \"%s\"", which, alecable_model_errmsg(m));
        /* the model finalized again: the integrator's pattern is gone */
        ck_assert_int_eq(alecable_model_finalize(m), 0);
    }
    ck_assert_msg(integrator(&it2, m) == 0, "%s", alecable_model_errmsg(m));
    ck_assert_msg(alecable_integrator_step(it2, 1e-3) == 0, "%s", alecable_integrator_errmsg(it2));
    ck_assert_int_eq(alecable_model_pull_state(m, it2), 0);
    alecable_integrator_destroy(it2);
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
}
END_TEST

/* The same for a problem handed to the quasistatic solver */
START_TEST(problem_after_the_model_changed)
{
    alecable_cable *c;
    alecable_model *m = rope(4, &c);
    alecable_problem p;
    alecable_node *tip;
    const double f[3] = {0, 0, -50};
    double q[64], lam[64];
    int nq, nl;
    ck_assert_int_eq(alecable_model_problem(&p, m), 0);
    ck_assert_int_eq(alecable_model_sizes(m, &nq, &nl), 0);
    ck_assert_int_eq(alecable_model_get_state(m, q, lam, NULL), 0);
    ck_assert_int_eq(alecable_cable_node(&tip, c, 4), 0);
    ck_assert_int_eq(alecable_load_node(NULL, m, tip, f), 0);
    ck_assert_int_eq(alecable_problem_solve_quasistatic(&p, NULL, NULL, q, lam, NULL), ALECABLE_ESTATE);
    ck_assert_msg(has(alecable_model_errmsg(m), "a load was added"), "%s", alecable_model_errmsg(m));
    ck_assert_int_eq(p.residual(p.ctx, 1.0, q, NULL, NULL, lam, q), ALECABLE_ESTATE);
    ck_assert_int_eq(alecable_model_finalize(m), 0);
    ck_assert_int_eq(alecable_problem_solve_quasistatic(&p, NULL, NULL, q, lam, NULL), ALECABLE_ESTATE);
    ck_assert_int_eq(alecable_integrator_create(NULL, &p, NULL, NULL), ALECABLE_ENULL);
    {
        alecable_integrator *it = NULL;
        ck_assert_int_eq(alecable_integrator_create(&it, &p, NULL, NULL), ALECABLE_ESTATE);
        ck_assert_ptr_null(it);
    }
    /* a problem made now solves (the load hangs at the tip) */
    ck_assert_int_eq(alecable_model_problem(&p, m), 0);
    ck_assert_int_eq(alecable_model_get_state(m, q, lam, NULL), 0);
    ck_assert_int_eq(alecable_problem_solve_quasistatic(&p, NULL, NULL, q, lam, NULL), 0);
    (void)nq;
    (void)nl;
    alecable_model_destroy(m);
}
END_TEST

/* Row 7 (found by fuzzing): a Kirchhoff cable grown after finalize has a
 * node without a section frame: alecable_element_section and the CSV writer
 * segfaulted.  The new element is refused as before the first finalize. */
START_TEST(kirchhoff_grown_after_finalize)
{
    alecable_model *m;
    alecable_cable *c;
    alecable_section sec;
    alecable_beam_params bp;
    alecable_beam_section_state s;
    alecable_element *e;
    alecable_node *n0;
    const double a[3] = {0, 0, 0}, b[3] = {1, 0, 0}, x[3] = {1.5, 0, 0};
    char path[64];
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    alecable_section_init(&sec);
    sec.E = 1e9;
    sec.A = 1e-4;
    sec.I = 1e-9;
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_KIRCHHOFF, &sec), 0);
    alecable_beam_params_init(&bp);
    bp.GJ = 1.0;
    ck_assert_int_eq(alecable_cable_set_beam(c, &bp), 0);
    ck_assert_int_eq(alecable_cable_line(c, a, b, 0.0, 1.0, 2), 0);
    ck_assert_int_eq(alecable_cable_node(&n0, c, 0), 0);
    ck_assert_int_eq(alecable_fix(NULL, m, n0, ALECABLE_DOF_ROLL), 0);
    ck_assert_int_eq(alecable_model_finalize(m), 0);
    ck_assert_int_eq(alecable_cable_add_node(NULL, c, x, 1.5), 0);
    ck_assert_int_eq(alecable_cable_element(&e, c, 2), 0);
    alecable_beam_section_state_init(&s);
    ck_assert_int_eq(alecable_element_section(e, 0.5, &s), ALECABLE_ESTATE);
    ck_assert_msg(has(alecable_model_errmsg(m), "finalize"), "%s", alecable_model_errmsg(m));
    snprintf(path, sizeof path, "/tmp/alecable_handles_%d.csv", (int)getpid());
    ck_assert_int_eq(alecable_write_cable_csv(c, path), 0);
    ck_assert_int_eq(alecable_cable_element(&e, c, 0), 0);
    ck_assert_int_eq(alecable_element_section(e, 0.5, &s), 0);
    ck_assert_int_eq(alecable_model_finalize(m), 0);
    ck_assert_int_eq(alecable_cable_element(&e, c, 2), 0);
    ck_assert_int_eq(alecable_element_section(e, 0.5, &s), 0);
    ck_assert(fabs(s.position[0] - 1.25) < 1e-12);
    remove(path);
    alecable_model_destroy(m);
}
END_TEST

/* Row 8: n_elements = INT_MAX overflowed n_elements + 1 and then hung in
 * the growth loop; every count from the user is checked before any
 * arithmetic, and the model is left as it was. */
START_TEST(sizes_out_of_range)
{
    alecable_cable *c;
    alecable_model *m = rope(4, &c);
    const double a[3] = {1, 0, 0}, b[3] = {2, 0, 0};
    int nn, ne, k;
    const int bad[] = {INT_MAX, INT_MAX - 1, INT_MAX / 2 + 1, 1 << 28};
    for (k = 0; k < (int)(sizeof bad / sizeof bad[0]); k++) {
        int st = alecable_cable_line(c, a, b, 1.0, 2.0, bad[k]);
        ck_assert_msg(st == ALECABLE_EINVAL || st == ALECABLE_ENOMEM, "n_elements = %d: status %d", bad[k], st);
        ck_assert_msg(has(alecable_model_errmsg(m), "n_elements"), "%s", alecable_model_errmsg(m));
        ck_assert_int_eq(alecable_cable_counts(c, &nn, &ne), 0);
        ck_assert_int_eq(nn, 5);
        ck_assert_int_eq(ne, 4);
    }
    ck_assert_int_eq(alecable_cable_line(c, a, b, 1.0, 2.0, 3), 0);
    ck_assert_int_eq(alecable_cable_counts(c, &nn, &ne), 0);
    ck_assert_int_eq(ne, 7);
    alecable_model_destroy(m);
}
END_TEST

/* struct_size is a size the caller claims: up to 2^40 it is compared, never
 * used to copy or index (a struct from a later header is read as far as
 * this library knows it) */
START_TEST(struct_sizes_up_to_2_40)
{
    const size_t big = (size_t)1 << 40;
    const double y[3] = {0, 1, 0}, z[3] = {0, 1, 1};
    alecable_cable *c, *c2;
    alecable_model *m = rope(4, &c);
    alecable_section sec;
    alecable_body_params bp;
    alecable_hydro_params hp;
    alecable_friction_plane_params fpp;
    alecable_quasistatic_options qo;
    alecable_solve_report rep;
    alecable_dynamic_options o;
    alecable_step_stats ss;
    alecable_alloc_stats as;
    alecable_allocator al;
    alecable_integrator *it = NULL;
    alecable_model *m2 = NULL;
    alecable_body *b;
    int st;
#define OK_OR_EINVAL(call)                                                                                           \
    do {                                                                                                             \
        st = (call);                                                                                                 \
        ck_assert_msg(st == 0 || st == ALECABLE_EINVAL, #call ": %d", st);                                          \
    } while (0)
    alecable_section_init(&sec);
    sec.E = 1e7;
    sec.A = 1e-4;
    sec.struct_size = big;
    OK_OR_EINVAL(alecable_cable_create(&c2, m, ALECABLE_ELEMENT_AXIAL, &sec));
    if (st == 0) ck_assert_int_eq(alecable_cable_line(c2, y, z, 0.0, 1.0, 2), 0);
    alecable_body_params_init(&bp);
    bp.struct_size = big;
    OK_OR_EINVAL(alecable_body_create(&b, m, &bp));
    alecable_hydro_params_init(&hp);
    hp.diameter = 0.01;
    hp.struct_size = big;
    OK_OR_EINVAL(alecable_load_hydro(NULL, m, c, &hp));
    alecable_friction_plane_params_init(&fpp);
    fpp.struct_size = big;
    OK_OR_EINVAL(alecable_load_friction_plane(NULL, m, c, &fpp));
    alecable_allocator_init(&al);
    al.struct_size = big;
    OK_OR_EINVAL(alecable_model_create(&m2, &al));
    alecable_model_destroy(m2);
    alecable_alloc_stats_init(&as);
    as.struct_size = big;
    OK_OR_EINVAL(alecable_model_alloc_stats(m, &as));
    ck_assert_int_eq(as.struct_size, big);
    alecable_model_destroy(m);
    m = rope(4, NULL); /* the solvers on a model that solves */
    alecable_quasistatic_options_init(&qo);
    qo.struct_size = big;
    alecable_solve_report_init(&rep);
    rep.struct_size = big;
    OK_OR_EINVAL(alecable_solve_quasistatic(m, &qo, &rep));
    ck_assert_int_eq(rep.struct_size, big);
    alecable_dynamic_options_init(&o);
    o.struct_size = big;
    OK_OR_EINVAL(alecable_model_integrator(&it, m, &o));
    if (it) {
        alecable_step_stats_init(&ss);
        ss.struct_size = big;
        OK_OR_EINVAL(alecable_integrator_stats(it, &ss));
        alecable_integrator_destroy(it);
    }
#undef OK_OR_EINVAL
    alecable_model_destroy(m);
}
END_TEST

/* ---- item 5: every call taking two handles checks they belong together */

/* Two models alike: an ALE axial cable (nodes 0 and 4 held), a Kirchhoff
 * cable, a fixed body with a pulley wrap and an eyelet, a load */
typedef struct twin {
    alecable_model *m;
    alecable_cable *c, *k;
    alecable_node *n[5], *kn;
    alecable_body *b, *b2;
    alecable_joint *wrap, *eyelet;
    alecable_load *l;
} twin;

static void twin_build(twin *w)
{
    alecable_section sec;
    alecable_body_params bp;
    alecable_beam_params bb;
    alecable_pulley_params pp;
    const double a[3] = {0, 0, 0}, b[3] = {1, 0, 0}, p[3] = {0.5, 0.2, 0}, F[3] = {1, 0, 0}, y[3] = {0, 1, 0};
    const double ang[2] = {-0.1, 0.1};
    alecable_node *wn[2];
    int i;
    memset(w, 0, sizeof *w);
    ck_assert_int_eq(alecable_model_create(&w->m, NULL), 0);
    alecable_section_init(&sec);
    sec.E = 1e9;
    sec.A = 1e-6;
    sec.I = 1e-12;
    ck_assert_int_eq(alecable_cable_create(&w->c, w->m, ALECABLE_ELEMENT_AXIAL, &sec), 0);
    ck_assert_int_eq(alecable_cable_line(w->c, a, b, 0.0, 1.0, 4), 0);
    for (i = 0; i <= 4; i++) ck_assert_int_eq(alecable_cable_node(&w->n[i], w->c, i), 0);
    ck_assert_int_eq(alecable_cable_create(&w->k, w->m, ALECABLE_ELEMENT_KIRCHHOFF, &sec), 0);
    alecable_beam_params_init(&bb);
    bb.GJ = 1.0;
    ck_assert_int_eq(alecable_cable_set_beam(w->k, &bb), 0);
    ck_assert_int_eq(alecable_cable_line(w->k, y, b, 0.0, 1.5, 2), 0);
    ck_assert_int_eq(alecable_cable_node(&w->kn, w->k, 0), 0);
    ck_assert_int_eq(alecable_fix(NULL, w->m, w->kn, ALECABLE_DOF_ROLL), 0);
    alecable_body_params_init(&bp);
    ck_assert_int_eq(alecable_body_create(&w->b, w->m, &bp), 0);
    bp.position[2] = 1.0;
    ck_assert_int_eq(alecable_body_create(&w->b2, w->m, &bp), 0);
    alecable_pulley_params_init(&pp);
    pp.radius = 0.1;
    wn[0] = w->n[1];
    wn[1] = w->n[2];
    ck_assert_int_eq(alecable_pulley_wrap(&w->wrap, w->m, w->b, &pp, 2, wn, ang), 0);
    ck_assert_int_eq(alecable_attach(&w->eyelet, w->m, w->n[3], w->b, p, 0), 0);
    ck_assert_int_eq(alecable_load_node(&w->l, w->m, w->n[4], F), 0);
}

static int wrench0(void *user, double t, int element, double xi, const double x[3], const double R[9],
                   const double v[3], double force[3], double moment[3])
{
    (void)user, (void)t, (void)element, (void)xi, (void)x, (void)R, (void)v;
    force[0] = force[1] = force[2] = moment[0] = moment[1] = moment[2] = 0.0;
    return 0;
}

static int frame0(void *user, double t, double x[3], double R[9], double v[3], double w[3], double a[3],
                  double al[3])
{
    int i;
    (void)user, (void)t;
    for (i = 0; i < 9; i++) R[i] = i % 4 == 0;
    for (i = 0; i < 3; i++) x[i] = v[i] = w[i] = a[i] = al[i] = 0.0;
    return 0;
}

static int motion0(void *user, double t, double *value, double *rate, double *accel)
{
    (void)user, (void)t;
    *value = *rate = *accel = 0.0;
    return 0;
}

/* Call i in A with one handle of B; *what names the pair.  1 past the end. */
static int pair_call(int i, twin *A, twin *B, const char **what)
{
    const double v3[3] = {1, 0, 0}, z3[3] = {0, 0, 0}, ang[2] = {0, 0.2};
    alecable_constraint *k = NULL;
    alecable_load *l = NULL;
    alecable_joint *j = NULL;
    alecable_node *nodes[2];
    alecable_hydro_params hp;
    alecable_friction_plane_params fpp;
    alecable_pulley_params pp;
    alecable_clamp_params cp;
    alecable_sleeve_params sp;
    alecable_friction_params fp;
    const int dofs[2] = {ALECABLE_DOF_X, ALECABLE_DOF_X};
    const double coef[2] = {1, -1}, wv[6] = {0, 0, 0, 0, 0, 0}, w2[12] = {0};
    alecable_hydro_params_init(&hp);
    hp.diameter = 0.01;
    alecable_friction_plane_params_init(&fpp);
    alecable_pulley_params_init(&pp);
    pp.radius = 0.1;
    alecable_clamp_params_init(&cp);
    alecable_sleeve_params_init(&sp);
    alecable_friction_params_init(&fp);
    (void)wv;
#define PAIR(n, w, call)                                                                                             \
    case n:                                                                                                          \
        *what = (w);                                                                                                 \
        return (call)
    switch (i) {
        PAIR(0, "fix: node", alecable_fix(&k, A->m, B->n[2], ALECABLE_DOF_X));
        PAIR(1, "prescribe: node", alecable_prescribe(&k, A->m, B->n[2], ALECABLE_DOF_X, 0.1));
        PAIR(2, "prescribe_motion: node", alecable_prescribe_motion(&k, A->m, B->n[2], ALECABLE_DOF_X, motion0, NULL));
        PAIR(3, "linear_constraint: nodes[1]",
             (nodes[0] = A->n[2], nodes[1] = B->n[3], alecable_linear_constraint(&k, A->m, 2, nodes, dofs, coef, 0, 0)));
        PAIR(4, "load_node: node", alecable_load_node(&l, A->m, B->n[2], v3));
        PAIR(5, "load_material_point: cable", alecable_load_material_point(&l, A->m, B->c, 0.5, v3));
        PAIR(6, "load_distributed: cable", alecable_load_distributed(&l, A->m, B->c, v3));
        PAIR(7, "load_distributed_range: cable", alecable_load_distributed_range(&l, A->m, B->c, 0, 1, v3));
        PAIR(8, "load_hydro: cable", alecable_load_hydro(&l, A->m, B->c, &hp));
        PAIR(9, "load_friction_plane: cable", alecable_load_friction_plane(&l, A->m, B->c, &fpp));
        PAIR(10, "load_node_moment: node", alecable_load_node_moment(&l, A->m, B->kn, v3, 0));
        PAIR(11, "load_wrench: cable", alecable_load_wrench(&l, A->m, B->k, v3, z3));
        PAIR(12, "load_wrench_elements: cable", alecable_load_wrench_elements(&l, A->m, B->k, 2, w2));
        PAIR(13, "load_wrench_callback: cable", alecable_load_wrench_callback(&l, A->m, B->k, wrench0, NULL));
        PAIR(14, "body_fix: body", alecable_body_fix(A->m, B->b2));
        PAIR(15, "load_body_force: body", alecable_load_body_force(&l, A->m, B->b2, z3, v3));
        PAIR(16, "load_body_torque: body", alecable_load_body_torque(&l, A->m, B->b2, v3));
        PAIR(17, "attach: node", alecable_attach(&j, A->m, B->n[2], A->b2, z3, 1));
        PAIR(18, "attach: body", alecable_attach(&j, A->m, A->n[4], B->b2, z3, 1));
        PAIR(19, "pulley_wrap: body", (nodes[0] = A->n[1], nodes[1] = A->n[2],
                                        alecable_pulley_wrap(&j, A->m, B->b2, &pp, 2, nodes, ang)));
        PAIR(20, "pulley_wrap: nodes", (nodes[0] = B->n[1], nodes[1] = B->n[2],
                                         alecable_pulley_wrap(&j, A->m, A->b2, &pp, 2, nodes, ang)));
        PAIR(21, "revolute: a", alecable_revolute(&j, A->m, B->b, A->b2, z3, v3, 0.0));
        PAIR(22, "revolute: b", alecable_revolute(&j, A->m, A->b, B->b2, z3, v3, 0.0));
        PAIR(23, "prismatic: b", alecable_prismatic(&j, A->m, A->b, B->b2, z3, v3, 0.0));
        PAIR(24, "spherical: a", alecable_spherical(&j, A->m, B->b, A->b2, z3));
        PAIR(25, "fixed_joint: b", alecable_fixed_joint(&j, A->m, A->b, B->b2, z3));
        PAIR(26, "clamp: node", alecable_clamp(&j, A->m, B->kn, &cp));
        PAIR(27, "clamp: params.body", (cp.body = B->b2, alecable_clamp(&j, A->m, A->kn, &cp)));
        PAIR(28, "body_prescribe: body", alecable_body_prescribe(&j, A->m, B->b2, frame0, NULL));
        PAIR(29, "pulley_friction: wrap", alecable_pulley_friction(&l, A->m, B->wrap, 0.3, 1));
        PAIR(30, "sleeve: nodes", (nodes[0] = B->n[1], alecable_sleeve(&j, A->m, &sp, 1, nodes)));
        PAIR(31, "sleeve: params.body", (sp.body = B->b2, nodes[0] = A->n[1], alecable_sleeve(&j, A->m, &sp, 1, nodes)));
        PAIR(32, "wrap_friction: wrap", alecable_wrap_friction(&j, A->m, B->wrap, &fp));
        PAIR(33, "wrap_friction: params.surface", (fp.surface = B->b2, alecable_wrap_friction(&j, A->m, A->wrap, &fp)));
        PAIR(34, "eyelet_friction: eyelet", alecable_eyelet_friction(&j, A->m, B->eyelet, &fp));
        PAIR(35, "eyelet_friction: params.surface",
             (fp.surface = B->b2, alecable_eyelet_friction(&j, A->m, A->eyelet, &fp)));
    default:
        return 1;
    }
#undef PAIR
}

/* every pair: EHANDLE, a message that says "another model", nothing added
 * to A (its sizes as before) and nothing to B */
START_TEST(two_handles_of_two_models)
{
    twin A, B;
    char report[4096] = "";
    int i, n_fail = 0, nq0, nl0, nqb, nlb;
    twin_build(&B);
    ck_assert_msg(alecable_model_finalize(B.m) == ALECABLE_OK, "%s", alecable_model_errmsg(B.m));
    ck_assert_int_eq(alecable_model_sizes(B.m, &nqb, &nlb), 0);
    for (i = 0;; i++) {
        const char *what = "";
        char line[300] = "";
        int st, nq, nl;
        twin_build(&A);
        ck_assert_int_eq(alecable_model_finalize(A.m), ALECABLE_OK);
        ck_assert_int_eq(alecable_model_sizes(A.m, &nq0, &nl0), 0);
        st = pair_call(i, &A, &B, &what);
        if (st == 1) {
            alecable_model_destroy(A.m);
            break;
        }
        if (st != ALECABLE_EHANDLE)
            snprintf(line, sizeof line, "%d %s: status %d (%s)\n", i, what, st, alecable_strerror(st));
        else if (!has(alecable_model_errmsg(A.m), "another model"))
            snprintf(line, sizeof line, "%d %s: message \"%s\"\n", i, what, alecable_model_errmsg(A.m));
        else if (alecable_model_sizes(A.m, &nq, &nl) != 0 || nq != nq0 || nl != nl0)
            snprintf(line, sizeof line, "%d %s: the model changed\n", i, what);
        if (line[0]) {
            n_fail++;
            if (strlen(report) + strlen(line) < sizeof report) strcat(report, line);
        }
        alecable_model_destroy(A.m);
    }
    ck_assert_int_eq(alecable_model_sizes(B.m, &nq0, &nl0), 0);
    ck_assert(nq0 == nqb && nl0 == nlb);
    alecable_model_destroy(B.m);
    ck_assert_msg(n_fail == 0, "%d of %d pairs:\n%s", n_fail, i, report);
    ck_assert_int_ge(i, 36);
}
END_TEST

/* ---- item 7: no ignored failures, no silent overwrites ------------------ */

typedef struct host {
    int rc;      /* what the callbacks return */
    int scale;   /* frame: R = scale I */
    int calls;
} host;

static int host_wrench(void *user, double t, int element, double xi, const double x[3], const double R[9],
                       const double v[3], double force[3], double moment[3])
{
    host *h = (host *)user;
    (void)t, (void)element, (void)xi, (void)x, (void)R, (void)v;
    h->calls++;
    force[0] = force[1] = moment[0] = moment[1] = moment[2] = 0.0;
    force[2] = -1.0;
    return h->rc;
}

static int host_frame(void *user, double t, double x[3], double R[9], double v[3], double w[3], double a[3],
                      double al[3])
{
    host *h = (host *)user;
    int i;
    (void)t;
    h->calls++;
    for (i = 0; i < 9; i++) R[i] = i % 4 == 0 ? h->scale : 0.0;
    for (i = 0; i < 3; i++) x[i] = v[i] = w[i] = a[i] = al[i] = 0.0;
    x[0] = 1.0;
    return h->rc;
}

/* a Kirchhoff cantilever (4 elements, node 0 held) with the host's wrench */
static alecable_model *cantilever(host *h)
{
    alecable_model *m;
    alecable_cable *c;
    alecable_section sec;
    alecable_beam_params bp;
    alecable_node *n0;
    const double a[3] = {0, 0, 0}, b[3] = {1, 0, 0};
    const int d[7] = {ALECABLE_DOF_X, ALECABLE_DOF_Y, ALECABLE_DOF_Z, ALECABLE_DOF_DX, ALECABLE_DOF_DY,
                      ALECABLE_DOF_DZ, ALECABLE_DOF_ROLL};
    int i;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    alecable_section_init(&sec);
    sec.E = 1e6;
    sec.A = 1e-2;
    sec.rho = 100.0;
    sec.I = 1e-5;
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_KIRCHHOFF, &sec), 0);
    ck_assert_int_eq(alecable_cable_set_lagrangian(c, 1), 0);
    alecable_beam_params_init(&bp);
    bp.GJ = 1.0;
    ck_assert_int_eq(alecable_cable_set_beam(c, &bp), 0);
    ck_assert_int_eq(alecable_cable_line(c, a, b, 0.0, 1.0, 4), 0);
    ck_assert_int_eq(alecable_cable_node(&n0, c, 0), 0);
    for (i = 0; i < 7; i++) ck_assert_int_eq(alecable_fix(NULL, m, n0, d[i]), 0);
    ck_assert_int_eq(alecable_load_wrench_callback(NULL, m, c, host_wrench, h), 0);
    return m;
}

/* a rope hanging from a body the host drives */
static alecable_model *driven(host *h)
{
    alecable_cable *c;
    alecable_model *m = rope(4, &c);
    alecable_body_params bp;
    alecable_body *b;
    alecable_node *tip, *bn;
    const double o[3] = {0, 0, 0};
    alecable_body_params_init(&bp);
    bp.mass = 2.0;
    bp.position[0] = 1.0;
    ck_assert_int_eq(alecable_body_create(&b, m, &bp), 0);
    ck_assert_int_eq(alecable_body_prescribe(NULL, m, b, host_frame, h), 0);
    ck_assert_int_eq(alecable_cable_node(&tip, c, 4), 0);
    ck_assert_int_eq(alecable_attach(NULL, m, tip, b, o, 0), 0);
    (void)bn;
    return m;
}

/* Row 11: a host callback returning non-zero ("non-zero to fail the
 * evaluation") in a wrench or a body's frame: the solve and the HHT and
 * SI-BE steps returned OK with every call failed.  Now each fails with
 * ALECABLE_ECALLBACK, the model's message naming the callback and its value
 * (not "NaN or infinity"); with rc = 0 the same calls succeed. */
START_TEST(host_callback_failures_fail)
{
    int kind = _i / 2, bad_frame = _i % 2, k;
    const int methods[3] = {-1, ALECABLE_METHOD_HHT, ALECABLE_METHOD_SI_BE};
    for (k = 0; k < 3; k++) {
        host h = {0, 1, 0};
        alecable_model *m;
        int pass;
        if (kind == 0 && bad_frame) return; /* a wrench has no frame */
        for (pass = 0; pass < 2; pass++) {
            int st;
            const char *word = kind == 0 ? "wrench callback" : "frame callback";
            m = kind == 0 ? cantilever(&h) : driven(&h);
            if (methods[k] < 0) {
                h.rc = pass == 0 ? 0 : bad_frame ? 0 : -3;
                h.scale = pass == 1 && bad_frame ? 2 : 1;
                st = alecable_solve_quasistatic(m, NULL, NULL);
            } else { /* the host fails from the step on */
                alecable_dynamic_options o;
                alecable_integrator *it = NULL;
                alecable_dynamic_options_init(&o);
                o.method = methods[k];
                st = alecable_model_integrator(&it, m, &o);
                ck_assert_msg(st == 0, "%s", alecable_model_errmsg(m));
                h.rc = pass == 0 ? 0 : bad_frame ? 0 : -3;
                h.scale = pass == 1 && bad_frame ? 2 : 1;
                st = alecable_integrator_step(it, 1e-3);
                if (st == ALECABLE_ECALLBACK && it)
                    ck_assert_msg(has(alecable_integrator_errmsg(it), "callback"), "%s",
                                  alecable_integrator_errmsg(it));
                alecable_integrator_destroy(it);
            }
            if (pass == 0) {
                ck_assert_msg(st == 0, "kind %d method %d: %s", kind, k, alecable_model_errmsg(m));
            } else {
                ck_assert_msg(st == ALECABLE_ECALLBACK, "kind %d frame %d method %d: status %d, %s", kind, bad_frame, k,
                              st, alecable_model_errmsg(m));
                ck_assert_msg(has(alecable_model_errmsg(m), word), "%s", alecable_model_errmsg(m));
                ck_assert_msg(has(alecable_model_errmsg(m), bad_frame ? "not a rotation" : "returned -3"), "%s",
                              alecable_model_errmsg(m));
                ck_assert_msg(!has(alecable_model_errmsg(m), "NaN"), "%s", alecable_model_errmsg(m));
            }
            ck_assert_int_gt(h.calls, 0);
            alecable_model_destroy(m);
        }
    }
}
END_TEST

/* Row 12: a slope set before the next node is added stays the user's (0.2
 * replaced node 0's by the first chord: 0.049 rad off); nodes without one
 * still start on the mean of their chords */
START_TEST(user_slopes_stay)
{
    int kind;
    for (kind = 0; kind < 2; kind++) {
        alecable_model *m;
        alecable_cable *c;
        alecable_section sec;
        alecable_beam_params bp;
        alecable_node *n[4];
        const double x[4][3] = {{0, 0, 0}, {0.5, 0.05, 0}, {1.0, 0.2, 0}, {1.4, 0.5, 0}};
        const double s[4] = {0, 0.51, 1.04, 1.55}, d0[3] = {1, 0, 0}, d2[3] = {0.6, 0.8, 0};
        double d[3], ch1[3], ch2[3];
        int i;
        ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
        alecable_section_init(&sec);
        sec.E = 1e6;
        sec.A = 1e-2;
        sec.I = 1e-6;
        ck_assert_int_eq(alecable_cable_create(&c, m, kind ? ALECABLE_ELEMENT_KIRCHHOFF : ALECABLE_ELEMENT_ANCF, &sec), 0);
        if (kind) {
            alecable_beam_params_init(&bp);
            bp.GJ = 1.0;
            ck_assert_int_eq(alecable_cable_set_beam(c, &bp), 0);
        }
        for (i = 0; i < 4; i++) {
            ck_assert_int_eq(alecable_cable_add_node(&n[i], c, x[i], s[i]), 0);
            if (i == 0) ck_assert_int_eq(alecable_node_set_slope(n[0], d0), 0);
            if (i == 2) ck_assert_int_eq(alecable_node_set_slope(n[2], d2), 0);
        }
        ck_assert_int_eq(alecable_node_slope(n[0], d), 0);
        for (i = 0; i < 3; i++) ck_assert_double_eq(d[i], d0[i]);
        ck_assert_int_eq(alecable_node_slope(n[2], d), 0);
        for (i = 0; i < 3; i++) ck_assert_double_eq(d[i], d2[i]);
        /* node 1 (no slope of the user's): the mean of its two chords */
        for (i = 0; i < 3; i++) {
            ch1[i] = (x[1][i] - x[0][i]) / (s[1] - s[0]);
            ch2[i] = (x[2][i] - x[1][i]) / (s[2] - s[1]);
        }
        ck_assert_int_eq(alecable_node_slope(n[1], d), 0);
        for (i = 0; i < 3; i++) ck_assert_double_eq_tol(d[i], 0.5 * (ch1[i] + ch2[i]), 1e-15);
        alecable_model_destroy(m);
    }
}
END_TEST

/* The bend of row 12: a Kirchhoff cable whose natural shape is a 45 degree
 * arc of radius R, built node by node on the arc with each node's slope set
 * to the arc's tangent, then clamped at node 0 as it stands and solved
 * without loads: the tip stays at the arc's end.  0.2 replaced node 0's
 * slope by the first chord (pi/64 = 0.049 rad off), clamped that, and the
 * tip drifted 4 % of R with status 0. */
START_TEST(user_slope_clamps_the_bend)
{
    const double R = 2.0, th = M_PI / 4, L = R * th;
    const int ne = 8;
    const int d[7] = {ALECABLE_DOF_X, ALECABLE_DOF_Y, ALECABLE_DOF_Z, ALECABLE_DOF_DX, ALECABLE_DOF_DY,
                      ALECABLE_DOF_DZ, ALECABLE_DOF_ROLL};
    alecable_model *m;
    alecable_cable *c;
    alecable_section sec;
    alecable_beam_params bp;
    alecable_node *n, *n0 = NULL;
    double x[3], tip[3], err;
    int i;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    alecable_section_init(&sec);
    sec.E = 1e9;
    sec.A = 1e-4;
    sec.I = 1e-8;
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_KIRCHHOFF, &sec), 0);
    ck_assert_int_eq(alecable_cable_set_lagrangian(c, 1), 0);
    alecable_beam_params_init(&bp);
    bp.GJ = 10.0;
    bp.kappa3 = 1.0 / R;
    bp.t2[1] = 1.0; /* t3 = z: kappa3 bends the cable in the xy-plane */
    ck_assert_int_eq(alecable_cable_set_beam(c, &bp), 0);
    for (i = 0; i <= ne; i++) {
        double ph = th * i / ne, t[3] = {cos(ph), sin(ph), 0};
        x[0] = R * sin(ph);
        x[1] = R * (1.0 - cos(ph));
        x[2] = 0.0;
        ck_assert_int_eq(alecable_cable_add_node(&n, c, x, R * ph), 0);
        ck_assert_int_eq(alecable_node_set_slope(n, t), 0);
        if (i == 0) n0 = n;
    }
    for (i = 0; i < 7; i++) ck_assert_int_eq(alecable_fix(NULL, m, n0, d[i]), 0);
    ck_assert_msg(alecable_solve_quasistatic(m, NULL, NULL) == 0, "%s", alecable_model_errmsg(m));
    ck_assert_int_eq(alecable_node_position(n, tip), 0);
    err = hypot(tip[0] - R * sin(th), tip[1] - R * (1.0 - cos(th)));
    /* cubic Hermite elements on the arc: 1e-4 R is far below 0.2's 4 % */
    ck_assert_msg(err < 1e-4 * R, "tip (%.9g, %.9g) is %.3g R from the arc's end", tip[0], tip[1], err / R);
    (void)L;
    alecable_model_destroy(m);
}
END_TEST

/* The harness's accepted bad values and misleading messages */
START_TEST(setters_refuse_what_cannot_hold)
{
    alecable_cable *c;
    alecable_model *m = rope(4, &c), *mk;
    alecable_body_params bp;
    alecable_body *a, *b;
    alecable_joint *j = NULL;
    alecable_node *n0, *kn, *bn;
    alecable_constraint *k1;
    alecable_alloc_stats as;
    const double big[3] = {1e308, 1e308, 0}, tiny[3] = {1e-200, 0, 0}, p[3] = {0, 0, 0}, diag[3] = {1, 1, 0};
    double x;
    int cnt, nq0, nl0, nq, nl;
    alecable_body_params_init(&bp);
    bp.mass = 1.0;
    ck_assert_int_eq(alecable_body_create(&a, m, &bp), 0);
    ck_assert_int_eq(alecable_body_fix(m, a), 0);
    ck_assert_int_eq(alecable_body_create(&b, m, &bp), 0);
    ck_assert_int_eq(alecable_model_finalize(m), 0);
    ck_assert_int_eq(alecable_model_sizes(m, &nq0, &nl0), 0);
    /* |axis| = inf although every component is finite */
    ck_assert_int_eq(alecable_revolute(&j, m, a, b, p, big, 0.0), ALECABLE_EINVAL);
    ck_assert_msg(has(alecable_model_errmsg(m), "axis"), "%s", alecable_model_errmsg(m));
    ck_assert_int_eq(alecable_prismatic(&j, m, a, b, p, big, 0.0), ALECABLE_EINVAL);
    ck_assert_msg(has(alecable_model_errmsg(m), "axis"), "%s", alecable_model_errmsg(m));
    ck_assert_int_eq(alecable_prismatic(&j, m, a, b, p, tiny, 0.0), ALECABLE_EINVAL);
    ck_assert_ptr_null(j);
    /* an inertia no mass distribution has: J3 > J1 + J2 */
    bp.inertia[0] = bp.inertia[4] = 1.0;
    bp.inertia[8] = 2.5;
    ck_assert_int_eq(alecable_body_node(&bn, b), 0);
    ck_assert_int_eq(alecable_body_create(&b, m, &bp), ALECABLE_EINVAL);
    ck_assert_msg(has(alecable_model_errmsg(m), "inertia"), "%s", alecable_model_errmsg(m));
    bp.inertia[8] = 2.0; /* a thin plate: the limit */
    /* a dof held twice: refused at the second hold, naming the first */
    ck_assert_int_eq(alecable_cable_node(&n0, c, 0), 0);
    ck_assert_int_eq(alecable_fix(&k1, m, n0, ALECABLE_DOF_X), ALECABLE_EINVAL);
    ck_assert_msg(has(alecable_model_errmsg(m), "constraint 0"), "%s", alecable_model_errmsg(m));
    ck_assert_int_eq(alecable_prescribe(&k1, m, n0, ALECABLE_DOF_Y, 0.1), ALECABLE_EINVAL);
    ck_assert_int_eq(alecable_prescribe_motion(&k1, m, n0, ALECABLE_DOF_Z, motion0, NULL), ALECABLE_EINVAL);
    /* a clamp's hold and a fix on one dof, either way round */
    {
        alecable_clamp_params cp;
        alecable_node *tip;
        alecable_clamp_params_init(&cp);
        cp.hold = ALECABLE_CLAMP_POSITION;
        ck_assert_int_eq(alecable_clamp(NULL, m, n0, &cp), ALECABLE_EINVAL);
        ck_assert_msg(has(alecable_model_errmsg(m), "constraint 0"), "%s", alecable_model_errmsg(m));
        ck_assert_int_eq(alecable_cable_node(&tip, c, 4), 0);
        ck_assert_int_eq(alecable_clamp(NULL, m, tip, &cp), 0);
        ck_assert_int_eq(alecable_fix(NULL, m, tip, ALECABLE_DOF_Y), ALECABLE_EINVAL);
        ck_assert_msg(has(alecable_model_errmsg(m), "clamp"), "%s", alecable_model_errmsg(m));
        ck_assert_int_eq(alecable_model_finalize(m), 0);
        ck_assert_int_eq(alecable_model_sizes(m, &nq0, &nl0), 0);
    }
    /* a rigid body's rotation is no cable node's dof */
    ck_assert_int_eq(alecable_fix(&k1, m, n0, ALECABLE_DOF_RX), ALECABLE_ERANGE);
    ck_assert_msg(has(alecable_model_errmsg(m), "ALECABLE_DOF_RX"), "%s", alecable_model_errmsg(m));
    /* ENULL with a message */
    ck_assert_int_eq(alecable_model_alloc_stats(m, NULL), ALECABLE_ENULL);
    ck_assert_msg(alecable_model_errmsg(m)[0] != '\0', "empty message");
    alecable_alloc_stats_init(&as);
    /* nothing above changed the model */
    ck_assert_int_eq(alecable_model_sizes(m, &nq, &nl), 0);
    ck_assert(nq == nq0 && nl == nl0);
    /* the valid neighbours are taken */
    ck_assert_int_eq(alecable_body_create(&b, m, &bp), 0);
    ck_assert_int_eq(alecable_revolute(&j, m, a, b, p, diag, 0.0), 0);
    ck_assert_int_eq(alecable_joint_equations(j, NULL), ALECABLE_ENULL);
    ck_assert_msg(has(alecable_model_errmsg(m), "count"), "%s", alecable_model_errmsg(m));
    ck_assert_int_eq(alecable_joint_multipliers(j, NULL), ALECABLE_ENULL);
    ck_assert_msg(has(alecable_model_errmsg(m), "lambda"), "%s", alecable_model_errmsg(m));
    ck_assert_int_eq(alecable_joint_equations(j, &cnt), 0);
    ck_assert_int_eq(alecable_fix(NULL, m, bn, ALECABLE_DOF_RX), 0);
    (void)x;
    alecable_model_destroy(m);
    /* the roll of a Kirchhoff node is ALECABLE_DOF_ROLL, not RX */
    {
        twin w;
        twin_build(&w);
        mk = w.m;
        kn = w.kn;
        ck_assert_int_eq(alecable_fix(NULL, mk, kn, ALECABLE_DOF_RX), ALECABLE_ERANGE);
        ck_assert_msg(has(alecable_model_errmsg(mk), "ALECABLE_DOF_ROLL"), "%s", alecable_model_errmsg(mk));
        ck_assert_int_eq(alecable_node_dof_index(kn, ALECABLE_DOF_RX, &cnt), ALECABLE_ERANGE);
        ck_assert_int_eq(alecable_fix(NULL, mk, kn, ALECABLE_DOF_ROLL), ALECABLE_EINVAL); /* held in twin_build */
    }
    alecable_model_destroy(mk);
}
END_TEST

/* alecable_model_integrator(&it, m, NULL) took the defaults in 0.1, was
 * refused in 0.2, takes them again: the same steps bit for bit */
START_TEST(null_options_are_the_defaults)
{
    alecable_model *m1 = rope(4, NULL), *m2 = rope(4, NULL);
    alecable_integrator *i1, *i2;
    alecable_dynamic_options o;
    double q1[64], q2[64];
    int nq;
    alecable_dynamic_options_init(&o);
    ck_assert_int_eq(alecable_model_integrator(&i1, m1, NULL), 0);
    ck_assert_int_eq(alecable_model_integrator(&i2, m2, &o), 0);
    ck_assert_int_eq(alecable_integrator_advance(i1, 0.05), 0);
    ck_assert_int_eq(alecable_integrator_advance(i2, 0.05), 0);
    ck_assert_int_eq(alecable_model_sizes(m1, &nq, NULL), 0);
    ck_assert_int_eq(alecable_integrator_get_state(i1, NULL, q1, NULL, NULL, NULL), 0);
    ck_assert_int_eq(alecable_integrator_get_state(i2, NULL, q2, NULL, NULL, NULL), 0);
    ck_assert(memcmp(q1, q2, (size_t)nq * sizeof(double)) == 0);
    alecable_integrator_destroy(i1);
    alecable_integrator_destroy(i2);
    alecable_model_destroy(m1);
    alecable_model_destroy(m2);
}
END_TEST

Suite *suite_handles(void)
{
    Suite *s = suite_create("handles");
    TCase *tc = tcase_create("handles");
    tcase_add_test(tc, pull_state_from_another_models_integrator);
    tcase_add_test(tc, everything_held_steps);
    tcase_add_loop_test(tc, integrator_after_the_model_changed, 0, CH_N);
    tcase_add_test(tc, problem_after_the_model_changed);
    tcase_add_test(tc, kirchhoff_grown_after_finalize);
    tcase_add_test(tc, sizes_out_of_range);
    tcase_add_test(tc, struct_sizes_up_to_2_40);
    tcase_add_test(tc, two_handles_of_two_models);
    tcase_add_loop_test(tc, host_callback_failures_fail, 0, 4);
    tcase_add_test(tc, user_slopes_stay);
    tcase_add_test(tc, user_slope_clamps_the_bend);
    tcase_add_test(tc, setters_refuse_what_cannot_hold);
    tcase_add_test(tc, null_options_are_the_defaults);
    suite_add_tcase(s, tc);
    return s;
}
