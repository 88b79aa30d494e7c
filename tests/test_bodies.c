/* Rigid bodies and joints: the rotation maps, and the residual and Jacobian
 * of every body term (weight, body force and torque, attachment, eyelet,
 * pulley wrap, revolute joint with spring, prismatic joint with spring and
 * motor, pulley friction) against central
 * finite differences taken through the problem's own group update. */
#define _POSIX_C_SOURCE 200809L /* mkstemp */
#include "suites.h"
#include "fd.h"

#include <alecable.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bodies/rotation.h"

static double mat_err(const double *A, const double *B)
{
    double e = 0.0;
    int i;
    for (i = 0; i < 9; i++) e = fmax(e, fabs(A[i] - B[i]));
    return e;
}

START_TEST(rotation_exp_log_roundtrip)
{
    unsigned st = 11u + (unsigned)_i;
    double psi[3], back[3], R[9], RtR[9], Rt[9], n;
    int k;
    for (k = 0; k < 3; k++) psi[k] = fd_rand(&st);
    n = sqrt(psi[0] * psi[0] + psi[1] * psi[1] + psi[2] * psi[2]);
    /* lengths from 1e-9 to just below pi */
    {
        static const double len[6] = {1e-9, 1e-5, 0.3, 1.7, 3.0, 3.14159};
        for (k = 0; k < 3; k++) psi[k] *= len[_i % 6] / n;
    }
    rot_exp(psi, R);
    for (k = 0; k < 9; k++) Rt[k] = R[(k % 3) * 3 + k / 3];
    mat3_mul(Rt, R, RtR);
    RtR[0] -= 1.0;
    RtR[4] -= 1.0;
    RtR[8] -= 1.0;
    ck_assert_double_le(mat_err(RtR, (const double[9]){0}), 1e-15);
    rot_log(R, back);
    for (k = 0; k < 3; k++) ck_assert_double_eq_tol(back[k], psi[k], 1e-9 * (1.0 + fabs(psi[k])));
}
END_TEST

START_TEST(rotation_compose_is_the_matrix_product)
{
    unsigned st = 23u + (unsigned)_i;
    double psi[3], d[3], R[9], D[9], P[9], C[9];
    int k;
    for (k = 0; k < 3; k++) {
        psi[k] = 1.2 * fd_rand(&st);
        d[k] = 0.7 * fd_rand(&st);
    }
    rot_exp(psi, R);
    rot_exp(d, D);
    mat3_mul(R, D, P);
    rot_compose(psi, d);
    rot_exp(psi, C);
    ck_assert_double_le(mat_err(C, P), 1e-13);
}
END_TEST

/* ---- the model-level check ------------------------------------------------ */

typedef struct rig {
    alecable_model *m;
    alecable_body *b1, *b2, *b3, *b4;
    alecable_joint *wrap;
    int nq, nlam, n;
    int b3_psi0;      /* first rotation dof of the pulley body */
    int fric_rows[4]; /* s rows of the interior wrap nodes */
    int n_fric;
} rig;

/* a motor force of the slide and time, with its partial derivatives */
static int slide_motor(void *user, double t, double c, double rate, double *f, double *dc, double *drate)
{
    (void)user;
    (void)rate;
    *f = 0.7 * sin(3.0 * c) + 0.2 * t;
    *dc = 2.1 * cos(3.0 * c);
    *drate = 0.0;
    return 0;
}

/* kind: the cable's element (axial or ANCF: the joints and the friction
 * only see a node's position and its elements' end gradients) */
static void build_rig_kind(rig *g, unsigned seed, int kind)
{
    alecable_cable *c;
    alecable_section sec;
    alecable_body_params bp;
    alecable_pulley_params pp;
    alecable_node *nd[7], *wn[4], *bn;
    double psi[3], R[9], gv[3] = {0.3, -9.81, 0.5};
    double angles[4] = {0.2, 0.7, 1.2, 1.7}, p1[3] = {0.05, -0.1, 0.02}, f[3] = {3.0, -1.0, 2.0}, tq[3] = {0.4, 0.2, -0.3};
    unsigned st = seed;
    int i, k;
    ck_assert_int_eq(alecable_model_create(&g->m, NULL), 0);
    alecable_section_init(&sec);
    sec.E = 2e5;
    sec.A = 1e-3;
    sec.I = 1e-7;
    ck_assert_int_eq(alecable_cable_create(&c, g->m, kind, &sec), 0);
    for (i = 0; i < 7; i++) {
        double x[3] = {0.3 * i, 0.1 * sin(1.0 + i), 0.05 * cos(2.0 * i)};
        ck_assert_int_eq(alecable_cable_add_node(&nd[i], c, x, 0.33 * i), 0);
    }
    alecable_body_params_init(&bp);
    for (k = 0; k < 3; k++) psi[k] = 0.8 * fd_rand(&st);
    rot_exp(psi, R);
    memcpy(bp.rotation, R, sizeof R);
    bp.mass = 2.0;
    bp.com[0] = 0.1;
    bp.com[1] = -0.2;
    bp.com[2] = 0.05;
    ck_assert_int_eq(alecable_body_create(&g->b1, g->m, &bp), 0);
    bp.position[0] = 1.0;
    bp.position[1] = 0.4;
    for (k = 0; k < 3; k++) psi[k] = 0.8 * fd_rand(&st);
    rot_exp(psi, R);
    memcpy(bp.rotation, R, sizeof R);
    ck_assert_int_eq(alecable_body_create(&g->b2, g->m, &bp), 0);
    bp.position[0] = 0.9;
    bp.position[1] = -0.3;
    bp.mass = 0.5;
    ck_assert_int_eq(alecable_body_create(&g->b3, g->m, &bp), 0);
    ck_assert_int_eq(alecable_model_set_gravity(g->m, gv), 0);
    ck_assert_int_eq(alecable_load_body_force(NULL, g->m, g->b1, p1, f), 0);
    ck_assert_int_eq(alecable_load_body_torque(NULL, g->m, g->b2, tq), 0);
    {
        double pt[3] = {0.6, 0.2, 0.1}, ax[3] = {0.3, 0.4, 1.0};
        ck_assert_int_eq(alecable_revolute(NULL, g->m, g->b1, g->b2, pt, ax, 3.0), 0);
    }
    bp.position[0] = 1.3;
    bp.position[2] = 0.4;
    for (k = 0; k < 3; k++) psi[k] = 0.8 * fd_rand(&st);
    rot_exp(psi, R);
    memcpy(bp.rotation, R, sizeof R);
    ck_assert_int_eq(alecable_body_create(&g->b4, g->m, &bp), 0);
    {
        double pt[3] = {1.1, 0.1, 0.3}, ax[3] = {0.5, -0.2, 0.8};
        alecable_joint *pj;
        ck_assert_int_eq(alecable_prismatic(&pj, g->m, g->b2, g->b4, pt, ax, 2.0), 0);
        ck_assert_int_eq(alecable_joint_set_motor(pj, slide_motor, NULL), 0);
    }
    ck_assert_int_eq(alecable_attach(NULL, g->m, nd[0], g->b1, p1, 1), 0);
    ck_assert_int_eq(alecable_attach(NULL, g->m, nd[6], g->b2, p1, 0), 0);
    alecable_pulley_params_init(&pp);
    pp.radius = 0.2;
    pp.axis[0] = 0.2;
    for (i = 0; i < 4; i++) wn[i] = nd[1 + i];
    ck_assert_int_eq(alecable_pulley_wrap(&g->wrap, g->m, g->b3, &pp, 4, wn, angles), 0);
    ck_assert_int_eq(alecable_pulley_friction(NULL, g->m, g->wrap, 0.3, 1), 0);
    ck_assert_int_eq(alecable_model_finalize(g->m), 0);
    ck_assert_int_eq(alecable_model_sizes(g->m, &g->nq, &g->nlam), 0);
    g->n = g->nq + g->nlam;
    ck_assert_int_eq(alecable_body_node(&bn, g->b3), 0);
    ck_assert_int_eq(alecable_node_dof_index(bn, ALECABLE_DOF_RX, &g->b3_psi0), 0);
    g->n_fric = 0;
    for (i = 1; i < 3; i++)
        ck_assert_int_eq(alecable_node_dof_index(wn[i], ALECABLE_DOF_S, &g->fric_rows[g->n_fric++]), 0);
}

static void build_rig(rig *g, unsigned seed) { build_rig_kind(g, seed, ALECABLE_ELEMENT_AXIAL); }

static int skipped(const rig *g, int row, int col)
{
    int k;
    if (col < g->b3_psi0 || col >= g->b3_psi0 + 3) return 0;
    for (k = 0; k < g->n_fric; k++)
        if (row == g->fric_rows[k]) return 1; /* documented: friction's pulley-rotation derivative */
    return 0;
}

START_TEST(body_terms_match_finite_differences)
{
    rig g;
    alecable_problem p;
    double *q, *lam, *qp, *qm, *lp, *rp, *rm, *vals, *J, *dq, h = 1e-6;
    unsigned st = 101u + (unsigned)_i;
    int i, j, k;
    build_rig_kind(&g, 7u + (unsigned)_i, _i < 3 ? ALECABLE_ELEMENT_AXIAL : ALECABLE_ELEMENT_ANCF);
    ck_assert_int_eq(alecable_model_problem(&p, g.m), 0);
    ck_assert(p.update != NULL);
    q = calloc((size_t)g.nq, sizeof(double));
    qp = calloc((size_t)g.nq, sizeof(double));
    qm = calloc((size_t)g.nq, sizeof(double));
    dq = calloc((size_t)g.nq, sizeof(double));
    lam = calloc((size_t)g.nlam, sizeof(double));
    lp = calloc((size_t)g.nlam, sizeof(double));
    rp = calloc((size_t)g.n, sizeof(double));
    rm = calloc((size_t)g.n, sizeof(double));
    vals = calloc((size_t)p.nnz, sizeof(double));
    J = calloc((size_t)g.n * (size_t)g.n, sizeof(double));
    ck_assert_int_eq(alecable_model_get_state(g.m, q, NULL, NULL), 0);
    for (i = 0; i < g.nq; i++) dq[i] = 0.05 * fd_rand(&st);
    ck_assert_int_eq(p.update(p.ctx, q, dq, 1.0), 0); /* a generic configuration */
    for (i = 0; i < g.nlam; i++) lam[i] = fd_rand(&st);
    ck_assert_int_eq(p.jacobian(p.ctx, 1.0, q, NULL, NULL, lam, 1.0, 0.0, 0.0, 0, vals), 0);
    for (j = 0; j < g.n; j++)
        for (k = p.colptr[j]; k < p.colptr[j + 1]; k++) J[(size_t)p.rowidx[k] * g.n + j] = vals[k];
    for (j = 0; j < g.n; j++) {
        double cmax = 0.0;
        if (j < g.nq) {
            memset(dq, 0, (size_t)g.nq * sizeof(double));
            dq[j] = 1.0;
            memcpy(qp, q, (size_t)g.nq * sizeof(double));
            memcpy(qm, q, (size_t)g.nq * sizeof(double));
            ck_assert_int_eq(p.update(p.ctx, qp, dq, h), 0);
            ck_assert_int_eq(p.update(p.ctx, qm, dq, -h), 0);
            ck_assert_int_eq(p.residual(p.ctx, 1.0, qp, NULL, NULL, lam, rp), 0);
            ck_assert_int_eq(p.residual(p.ctx, 1.0, qm, NULL, NULL, lam, rm), 0);
        } else {
            memcpy(lp, lam, (size_t)g.nlam * sizeof(double));
            lp[j - g.nq] += h;
            ck_assert_int_eq(p.residual(p.ctx, 1.0, q, NULL, NULL, lp, rp), 0);
            lp[j - g.nq] -= 2.0 * h;
            ck_assert_int_eq(p.residual(p.ctx, 1.0, q, NULL, NULL, lp, rm), 0);
        }
        for (i = 0; i < g.n; i++) cmax = fmax(cmax, fabs(J[(size_t)i * g.n + j]));
        for (i = 0; i < g.n; i++) {
            double fd = (rp[i] - rm[i]) / (2.0 * h);
            if (skipped(&g, i, j)) continue;
            if (fabs(fd - J[(size_t)i * g.n + j]) > 1e-6 * (1.0 + cmax))
                ck_abort_msg("row %d col %d: Jacobian %.10g, finite difference %.10g", i, j, J[(size_t)i * g.n + j], fd);
        }
    }
    free(q);
    free(qp);
    free(qm);
    free(dq);
    free(lam);
    free(lp);
    free(rp);
    free(rm);
    free(vals);
    free(J);
    alecable_model_destroy(g.m);
}
END_TEST

/* The bad inputs: a pulley with a non-positive radius, a wrap whose
 * nodes are not on one cable, mu < 0, a joint between a body and itself;
 * each is refused with a clear error and leaves the model as it was. */
START_TEST(bad_input_is_refused_and_changes_nothing)
{
    alecable_model *m;
    alecable_cable *c1, *c2;
    alecable_section sec;
    alecable_body_params bp;
    alecable_body *b;
    alecable_pulley_params pp;
    alecable_joint *wrap = NULL;
    alecable_node *n[3], *bn, *mix[2];
    double a[3] = {0, 0, 0}, e[3] = {1, 0, 0}, a2[3] = {0, 1, 0}, e2[3] = {1, 1, 0}, ang[2] = {0.0, 0.5};
    double pt[3] = {0, 0, 0}, ax[3] = {0, 0, 1}, s;
    int nq, nlam, nq2, nlam2;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    alecable_section_init(&sec);
    sec.E = 1e5;
    sec.A = 1e-4;
    ck_assert_int_eq(alecable_cable_create(&c1, m, ALECABLE_ELEMENT_AXIAL, &sec), 0);
    ck_assert_int_eq(alecable_cable_line(c1, a, e, 0, 1, 2), 0);
    ck_assert_int_eq(alecable_cable_create(&c2, m, ALECABLE_ELEMENT_AXIAL, &sec), 0);
    ck_assert_int_eq(alecable_cable_line(c2, a2, e2, 0, 1, 1), 0);
    alecable_body_params_init(&bp);
    ck_assert_int_eq(alecable_body_create(&b, m, &bp), 0);
    ck_assert_int_eq(alecable_cable_node(&n[0], c1, 0), 0);
    ck_assert_int_eq(alecable_cable_node(&n[1], c1, 1), 0);
    ck_assert_int_eq(alecable_cable_node(&n[2], c2, 0), 0);
    ck_assert_int_eq(alecable_model_finalize(m), 0);
    ck_assert_int_eq(alecable_model_sizes(m, &nq, &nlam), 0);

    alecable_pulley_params_init(&pp);
    pp.radius = 0.0;
    ck_assert_int_eq(alecable_pulley_wrap(&wrap, m, b, &pp, 2, n, ang), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "radius"));
    pp.radius = -0.1;
    ck_assert_int_eq(alecable_pulley_wrap(&wrap, m, b, &pp, 2, n, ang), ALECABLE_EINVAL);
    pp.radius = 0.1;
    mix[0] = n[0];
    mix[1] = n[2];
    ck_assert_int_eq(alecable_pulley_wrap(&wrap, m, b, &pp, 2, mix, ang), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "one cable"));
    ck_assert_ptr_null(wrap);
    ck_assert_int_eq(alecable_body_node(&bn, b), 0);
    mix[1] = bn; /* a body's node is not a cable node */
    ck_assert_int_eq(alecable_pulley_wrap(&wrap, m, b, &pp, 2, mix, ang), ALECABLE_EINVAL);
    ck_assert_int_eq(alecable_node_material(bn, &s), ALECABLE_ERANGE);
    ck_assert_int_eq(alecable_pulley_friction(NULL, m, NULL, 0.3, 1), ALECABLE_ENULL);
    ck_assert_int_eq(alecable_revolute(NULL, m, b, b, pt, ax, 1.0), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "same body"));
    ck_assert_int_eq(alecable_attach(NULL, m, n[0], b, pt, 2), ALECABLE_EINVAL);
    /* nothing was added: the model did not change */
    ck_assert_int_eq(alecable_model_sizes(m, &nq2, &nlam2), 0);
    ck_assert_int_eq(nq2, nq);
    ck_assert_int_eq(nlam2, nlam);
    /* a valid wrap, then a negative or NaN mu, or no flow direction */
    ck_assert_int_eq(alecable_pulley_wrap(&wrap, m, b, &pp, 2, n, ang), ALECABLE_OK);
    ck_assert_int_eq(alecable_model_finalize(m), 0);
    ck_assert_int_eq(alecable_model_sizes(m, &nq, &nlam), 0);
    ck_assert_int_eq(alecable_pulley_friction(NULL, m, wrap, -0.1, 1), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "mu"));
    ck_assert_int_eq(alecable_pulley_friction(NULL, m, wrap, NAN, 1), ALECABLE_EINVAL);
    ck_assert_int_eq(alecable_pulley_friction(NULL, m, wrap, 0.3, 0), ALECABLE_EINVAL);
    ck_assert_int_eq(alecable_model_sizes(m, &nq2, &nlam2), 0); /* still finalized: nothing added */
    ck_assert_int_eq(nlam2, nlam);
    alecable_model_destroy(m);
}
END_TEST

/* The VTK file holds the cables, each body's three axes and each wrap's circle. */
START_TEST(vtk_draws_bodies_and_pulleys)
{
    rig g;
    char path[] = "/tmp/alecable_bodies_XXXXXX";
    char line[256];
    int fd, pts = -1, lines = -1;
    FILE *f;
    build_rig(&g, 3u);
    fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    close(fd);
    ck_assert_int_eq(alecable_write_vtk(g.m, path), 0);
    f = fopen(path, "r");
    ck_assert_ptr_nonnull(f);
    while (fgets(line, sizeof line, f)) {
        if (sscanf(line, "POINTS %d", &pts) == 1) continue;
        if (sscanf(line, "LINES %d", &lines) == 1) continue;
    }
    fclose(f);
    remove(path);
    /* 7 cable nodes + 4 bodies x 4 + one circle of 48; 6 elements + 12 axes + 1 circle */
    ck_assert_int_eq(pts, 7 + 16 + 48);
    ck_assert_int_eq(lines, 6 + 12 + 1);
    alecable_model_destroy(g.m);
}
END_TEST

Suite *suite_bodies(void)
{
    Suite *s = suite_create("rigid bodies and joints");
    TCase *tc = tcase_create("bodies");
    tcase_add_loop_test(tc, rotation_exp_log_roundtrip, 0, 12);
    tcase_add_loop_test(tc, rotation_compose_is_the_matrix_product, 0, 6);
    tcase_add_loop_test(tc, body_terms_match_finite_differences, 0, 5); /* 3 axial, 2 ANCF */
    tcase_add_test(tc, bad_input_is_refused_and_changes_nothing);
    tcase_add_test(tc, vtk_draws_bodies_and_pulleys);
    suite_add_tcase(s, tc);
    return s;
}
