/* Cables with rigid bodies: the soft finger of paper 000 sec. 4.4 and a winch
 * lowering a load over a frictionless pulley (the models of
 * examples/soft_finger.c and examples/winch.c, built here through the public
 * API).
 *
 * Both start from a slack, unstretched cable: free nodes (and the hanging
 * body's x) have no lateral stiffness in the first Newton iteration, whose
 * tangent is then exactly singular in those dofs (the two-stage
 * regularization acts on material coordinates only).  As in the examples,
 * the first load step uses SPQR, whose least-squares increment leaves them
 * unchanged, and the other steps UMFPACK on the then regular tangent; one
 * test repeats the finger with M and E guided along y and UMFPACK
 * throughout and finds the same state. */
#include "suites.h"

#include <alecable.h>

#include <math.h>
#include <string.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

/* ---- soft finger -------------------------------------------------------- */

/* k = 40 N m/rad, L = 25 cm, E = 3 GPa, A = 7.069 mm^2, F = 1000 N; phalanges
 * 5 cm along +x (proximal fixed at [0, 5] cm, joint J = (5, 0) cm about z),
 * cable at y = -1 cm: A (10, -1) fastened on the distal tip, eyelets
 * B (5.5, -1) on the distal, C (4.5, -1) and D (0, -1) on the proximal
 * phalange, free node M at s = 20 cm, end E at s = 25 cm pulled along -x. */
enum { FINGER_STEPS = 20 };
static const double FK = 40.0, FL = 0.25, FE = 3e9, FA = 7.069e-6, FF = 1000.0;
static const double FLP = 0.05, FH = 0.01, FEY = 0.005, FSM = 0.20;

typedef struct finger {
    alecable_model *m;
    alecable_cable *c;
    alecable_body *prox, *dist;
    alecable_joint *rev, *jA, *jB, *jC;
    alecable_node *A, *B, *C, *D, *M, *E;
} finger;

static void finger_build(finger *f, int hold_y, double force)
{
    alecable_section sec;
    alecable_body_params bp;
    double J[3] = {FLP, 0, 0}, zax[3] = {0, 0, 1}, fE[3] = {0, 0, 0};
    double pA[3] = {FLP, -FH, 0}, pB[3] = {FEY, -FH, 0}, pC[3] = {FLP - FEY, -FH, 0}, pD[3] = {0, -FH, 0};
    double xs[6] = {2 * FLP, FLP + FEY, FLP - FEY, 0.0, 2 * FLP - FSM, 2 * FLP - FL};
    double ss[6] = {0.0, FLP - FEY, FLP + FEY, 2 * FLP, FSM, FL};
    alecable_node **nd[6];
    int i;
    nd[0] = &f->A;
    nd[1] = &f->B;
    nd[2] = &f->C;
    nd[3] = &f->D;
    nd[4] = &f->M;
    nd[5] = &f->E;
    ck_assert_int_eq(alecable_model_create(&f->m, NULL), 0);
    alecable_body_params_init(&bp);
    ck_assert_int_eq(alecable_body_create(&f->prox, f->m, &bp), 0);
    ck_assert_int_eq(alecable_body_fix(f->m, f->prox), 0);
    memcpy(bp.position, J, sizeof J);
    ck_assert_int_eq(alecable_body_create(&f->dist, f->m, &bp), 0);
    /* the joint holds the distal phalange in the plane: nothing else on it */
    ck_assert_int_eq(alecable_revolute(&f->rev, f->m, f->prox, f->dist, J, zax, FK), 0);
    alecable_section_init(&sec);
    sec.E = FE;
    sec.A = FA;
    ck_assert_int_eq(alecable_cable_create(&f->c, f->m, ALECABLE_ELEMENT_AXIAL, &sec), 0);
    for (i = 0; i < 6; i++) {
        double x[3] = {xs[i], -FH, 0};
        ck_assert_int_eq(alecable_cable_add_node(nd[i], f->c, x, ss[i]), 0);
    }
    ck_assert_int_eq(alecable_attach(&f->jA, f->m, f->A, f->dist, pA, 1), 0);
    ck_assert_int_eq(alecable_attach(&f->jB, f->m, f->B, f->dist, pB, 0), 0);
    ck_assert_int_eq(alecable_attach(&f->jC, f->m, f->C, f->prox, pC, 0), 0);
    ck_assert_int_eq(alecable_attach(NULL, f->m, f->D, f->prox, pD, 0), 0);
    ck_assert_int_eq(alecable_fix(NULL, f->m, f->M, ALECABLE_DOF_Z), 0);
    ck_assert_int_eq(alecable_fix(NULL, f->m, f->E, ALECABLE_DOF_Z), 0);
    ck_assert_int_eq(alecable_fix(NULL, f->m, f->E, ALECABLE_DOF_S), 0);
    if (hold_y) {
        ck_assert_int_eq(alecable_fix(NULL, f->m, f->M, ALECABLE_DOF_Y), 0);
        ck_assert_int_eq(alecable_fix(NULL, f->m, f->E, ALECABLE_DOF_Y), 0);
    }
    fE[0] = -force;
    ck_assert_int_eq(alecable_load_node(NULL, f->m, f->E, fE), 0);
}

static double s_of(const alecable_node *n)
{
    double s;
    ck_assert_int_eq(alecable_node_material(n, &s), 0);
    return s;
}

static double dist2d(const alecable_node *a, const alecable_node *b)
{
    double xa[3], xb[3];
    alecable_node_position(a, xa);
    alecable_node_position(b, xb);
    return sqrt((xb[0] - xa[0]) * (xb[0] - xa[0]) + (xb[1] - xa[1]) * (xb[1] - xa[1]) + (xb[2] - xa[2]) * (xb[2] - xa[2]));
}

/* z moment about J and resultant of the forces the cable exerts on the distal
 * phalange (attach and eyelet multipliers at their spatial points) */
static void cable_on_distal(const finger *f, double *mz, double force[3])
{
    double J[3], o[3] = {0, 0, 0}, lam[3], x[3];
    const alecable_joint *j[2];
    const alecable_node *n[2];
    int i, k;
    j[0] = f->jA;
    j[1] = f->jB;
    n[0] = f->A;
    n[1] = f->B;
    ck_assert_int_eq(alecable_body_point(f->dist, o, J), 0);
    *mz = 0.0;
    force[0] = force[1] = force[2] = 0.0;
    for (i = 0; i < 2; i++) {
        ck_assert_int_eq(alecable_joint_multipliers(j[i], lam), 0);
        ck_assert_int_eq(alecable_node_position(n[i], x), 0);
        *mz += (x[0] - J[0]) * lam[1] - (x[1] - J[1]) * lam[0];
        for (k = 0; k < 3; k++) force[k] += lam[k];
    }
}

/* stretch under tension T for the Green-Lagrange element: E A (F^3 - F)/2 = T */
static double stretch_of(double EA, double T)
{
    double F = 1.0 + T / EA;
    int i;
    for (i = 0; i < 60; i++) {
        double dF = -(0.5 * EA * (F * F * F - F) - T) / (0.5 * EA * (3.0 * F * F - 1.0));
        F += dF;
        if (fabs(dF) <= 1e-17 * F) break;
    }
    return F;
}

/* k theta = F (r x c)_z / |c - r|, r = R(theta) (e, -h), c = (-e, -h) */
static double finger_balance(double th, double T)
{
    double rx = cos(th) * FEY + sin(th) * FH, ry = sin(th) * FEY - cos(th) * FH, cx = -FEY, cy = -FH;
    return FK * th - T * (rx * cy - ry * cx) / sqrt((cx - rx) * (cx - rx) + (cy - ry) * (cy - ry));
}

static double finger_angle_ref(double T)
{
    double lo = -0.5 * M_PI, hi = 0.0;
    int i;
    ck_assert(finger_balance(lo, T) < 0.0 && finger_balance(hi, T) > 0.0);
    for (i = 0; i < 200 && hi - lo > 1e-16; i++) {
        double mid = 0.5 * (lo + hi);
        if (finger_balance(mid, T) > 0.0) hi = mid;
        else lo = mid;
    }
    return 0.5 * (lo + hi);
}

/* Runs the 20 load steps one call each (the first with start_solver, the
 * others with solver) and checks every step. */
static void finger_run(finger *f, double force, int start_solver, int solver, double *angle, int *it1, int *it2)
{
    alecable_quasistatic_options o;
    double s0[4], spring = 0.0;
    int k;
    s0[0] = s_of(f->B);
    s0[1] = s_of(f->C);
    s0[2] = s_of(f->D);
    s0[3] = s_of(f->M);
    alecable_quasistatic_options_init(&o);
    o.load_steps = 1;
    o.alpha = 1.0;
    *it1 = *it2 = 0;
    for (k = 0; k < FINGER_STEPS; k++) {
        alecable_solve_report rep;
        double mz, fc[3], t = (double)(k + 1) / FINGER_STEPS;
        o.t0 = (double)k / FINGER_STEPS;
        o.t1 = t;
        o.linear_solver = k == 0 ? start_solver : solver;
        alecable_solve_report_init(&rep);
        ck_assert_msg(alecable_solve_quasistatic(f->m, &o, &rep) == ALECABLE_OK, "step %d: %s", k + 1,
                      alecable_model_errmsg(f->m));
        ck_assert_int_eq(rep.steps_completed, 1);
        *it1 += rep.iterations_stage1;
        *it2 += rep.iterations_stage2;
        ck_assert_int_eq(alecable_revolute_state(f->rev, angle, &spring), 0);
        ck_assert_double_eq_tol(spring, -FK * *angle, 1e-14 * FK);
        /* the spring balances the moment of the cable forces about J */
        cable_on_distal(f, &mz, fc);
        ck_assert_msg(fabs(mz + spring) <= 1e-8 * fabs(spring), "step %d: cable moment %.15g, spring %.15g", k + 1,
                      mz, spring);
        /* frictionless eyelets: the cable pulls the distal phalange with t F */
        ck_assert_double_eq_tol(sqrt(fc[0] * fc[0] + fc[1] * fc[1] + fc[2] * fc[2]), t * force, 1e-8 * t * force);
        /* the joint's reaction balances the cable's force on the phalange; its
         * moment has no component about the axis (the spring carries that) */
        {
            double rf[3], rm[3];
            int d;
            ck_assert_int_eq(alecable_revolute_reaction(f->rev, rf, rm), 0);
            for (d = 0; d < 3; d++) ck_assert_double_eq_tol(rf[d] + fc[d], 0.0, 1e-8 * t * force);
            ck_assert_double_eq_tol(rm[2], 0.0, 1e-12 * t * force);
        }
        /* the free node keeps its material coordinate */
        ck_assert_msg(fabs(s_of(f->M) - s0[3]) <= 1e-6 * s0[3], "step %d: s_M = %.15g", k + 1, s_of(f->M));
        ck_assert(*angle < 0.0);
    }
    /* material flows through the eyelets: towards E, by more than 1 mm */
    ck_assert(s0[0] - s_of(f->B) > 1e-3);
    ck_assert(s0[1] - s_of(f->C) > 1e-3);
    ck_assert(s0[2] - s_of(f->D) > 1e-3);
}

START_TEST(finger_moment_balance_and_flow)
{
    finger f;
    alecable_element *el;
    double angle, N, F, EA = FE * FA;
    int it1, it2, ne, i;
    finger_build(&f, 0, FF);
    finger_run(&f, FF, ALECABLE_LINSOLVE_SPQR, ALECABLE_LINSOLVE_UMFPACK, &angle, &it1, &it2);
    /* the final angle against the analytic balance (tension F throughout) */
    ck_assert_double_eq_tol(angle, finger_angle_ref(FF), 1e-9 * fabs(angle));
    ck_assert(angle < -0.2 && angle > -0.3); /* about 15 degrees */
    /* uniform tension F, and the eyelets' s are the spatial lengths from A
     * over the stretch */
    ck_assert_int_eq(alecable_cable_counts(f.c, NULL, &ne), 0);
    for (i = 0; i < ne; i++) {
        ck_assert_int_eq(alecable_cable_element(&el, f.c, i), 0);
        ck_assert_int_eq(alecable_element_axial_force(el, &N), 0);
        ck_assert_double_eq_tol(N, FF, 1e-8 * FF);
    }
    F = stretch_of(EA, FF);
    ck_assert_double_eq_tol(s_of(f.B), dist2d(f.A, f.B) / F, 1e-9 * s_of(f.B));
    ck_assert_double_eq_tol(s_of(f.C), s_of(f.B) + dist2d(f.B, f.C) / F, 1e-9 * s_of(f.C));
    ck_assert_double_eq_tol(s_of(f.D), s_of(f.C) + dist2d(f.C, f.D) / F, 1e-9 * s_of(f.D));
    /* two-stage regularization: a few stage-1 iterations, about one in stage 2
     * (paper: 4 and 1) */
    ck_assert(it1 >= FINGER_STEPS && it1 <= 5 * FINGER_STEPS);
    ck_assert(it2 <= 2 * FINGER_STEPS);
    alecable_model_destroy(f.m);
}
END_TEST

/* Guiding M and E along y removes the slack start's singular lateral dofs:
 * LU works from the first step and finds the same equilibrium; one call with
 * 20 load steps gives the same state as 20 calls of one step. */
START_TEST(finger_same_state_with_guide_and_lu)
{
    finger f, g;
    alecable_quasistatic_options o;
    alecable_solve_report rep;
    double a_free, a_guide, a_one, spring;
    int it1, it2;
    finger_build(&f, 0, FF);
    finger_run(&f, FF, ALECABLE_LINSOLVE_SPQR, ALECABLE_LINSOLVE_UMFPACK, &a_free, &it1, &it2);
    finger_build(&g, 1, FF);
    finger_run(&g, FF, ALECABLE_LINSOLVE_UMFPACK, ALECABLE_LINSOLVE_UMFPACK, &a_guide, &it1, &it2);
    ck_assert_double_eq_tol(a_guide, a_free, 1e-10 * fabs(a_free));
    ck_assert_double_eq_tol(s_of(g.D), s_of(f.D), 1e-12);
    alecable_model_destroy(g.m);
    finger_build(&g, 1, FF);
    alecable_quasistatic_options_init(&o);
    o.load_steps = FINGER_STEPS;
    o.alpha = 1.0;
    alecable_solve_report_init(&rep);
    ck_assert_int_eq(alecable_solve_quasistatic(g.m, &o, &rep), 0);
    ck_assert_int_eq(rep.steps_completed, FINGER_STEPS);
    ck_assert_int_eq(alecable_revolute_state(g.rev, &a_one, &spring), 0);
    ck_assert_double_eq_tol(a_one, a_free, 1e-12 * fabs(a_free));
    alecable_model_destroy(g.m);
    alecable_model_destroy(f.m);
}
END_TEST

/* A three times larger pull: about 48 degrees, the same checks. */
START_TEST(finger_large_angle)
{
    finger f;
    double angle;
    int it1, it2;
    finger_build(&f, 0, 3.0 * FF);
    finger_run(&f, 3.0 * FF, ALECABLE_LINSOLVE_SPQR, ALECABLE_LINSOLVE_UMFPACK, &angle, &it1, &it2);
    ck_assert_double_eq_tol(angle, finger_angle_ref(3.0 * FF), 1e-9 * fabs(angle));
    ck_assert(angle < -0.8);
    alecable_model_destroy(f.m);
}
END_TEST

/* A stalled Newton is an error, never a converged step: SPQR's least-squares
 * solve drops a direction of this (regular) tangent at F = 3000 N, and the
 * residual stops far above the tolerance while the increment vanishes.
 * The GPL-free build solves SPQR's part with LAPACK's dense QR, whose column
 * pivoting drops other columns than SPQR's Heath rule: Newton there wanders
 * instead of stalling and ends with "no convergence" (measured: ||r|| =
 * 5.7e-4 against a reference of 156 after 50 iterations).  Both builds
 * check what the test is for, a failure and no false success; the stall
 * message only where SPQR stalls (test_quasistatic.c's stall test runs in
 * both builds). */
START_TEST(finger_spqr_stall_is_reported)
{
    finger f;
    alecable_quasistatic_options o;
    alecable_solve_report rep;
    int k, st = ALECABLE_OK;
    finger_build(&f, 1, 3000.0);
    alecable_quasistatic_options_init(&o);
    o.load_steps = 1;
    o.alpha = 1.0;
    o.linear_solver = ALECABLE_LINSOLVE_SPQR;
    for (k = 0; k < FINGER_STEPS && st == ALECABLE_OK; k++) {
        o.t0 = (double)k / FINGER_STEPS;
        o.t1 = (double)(k + 1) / FINGER_STEPS;
        alecable_solve_report_init(&rep);
        st = alecable_solve_quasistatic(f.m, &o, &rep);
        if (st == ALECABLE_OK) ck_assert_double_le(rep.final_residual, 1e-6);
    }
    ck_assert_int_eq(st, ALECABLE_ENOCONV);
#ifndef ALECABLE_NO_GPL
    ck_assert_msg(strstr(alecable_model_errmsg(f.m), "stalled") != NULL, "%s", alecable_model_errmsg(f.m));
#endif
    alecable_model_destroy(f.m);
}
END_TEST

/* Stick/slip friction (mu = 0.3) in the eyelets B and C: every step keeps
 * the moment balance of the distal phalange (the friction reaches it
 * through B's holding force); the eyelets slip on loading with
 * |lambda_T| = mu N, where N is the holding force across the cable, and
 * the tension drops by lambda_T across them, so the finger bends less than
 * with frictionless eyelets; unloading to F/2 leaves it bent further than
 * the loading branch at F/2 (the hysteresis). */
START_TEST(finger_eyelet_friction)
{
    finger f;
    alecable_friction_params fp;
    alecable_joint *eB, *eC;
    alecable_quasistatic_options o;
    alecable_contact c;
    double angle = 0, spring = 0, a_mid = 0, a_top, mz, fc[3], T[3];
    int k, i;
    finger_build(&f, 0, FF);
    alecable_friction_params_init(&fp);
    fp.mu = 0.3;
    ck_assert_int_eq(alecable_eyelet_friction(&eB, f.m, f.jB, &fp), 0);
    ck_assert_int_eq(alecable_eyelet_friction(&eC, f.m, f.jC, &fp), 0);
    alecable_quasistatic_options_init(&o);
    o.load_steps = 1;
    for (k = 0; k < 2 * FINGER_STEPS; k++) {
        int down = k >= FINGER_STEPS, j = down ? k - FINGER_STEPS : k;
        o.t0 = down ? 1.0 - 0.5 * j / FINGER_STEPS : (double)j / FINGER_STEPS;
        o.t1 = down ? 1.0 - 0.5 * (j + 1) / FINGER_STEPS : (double)(j + 1) / FINGER_STEPS;
        o.linear_solver = k == 0 ? ALECABLE_LINSOLVE_SPQR : ALECABLE_LINSOLVE_UMFPACK;
        ck_assert_msg(alecable_solve_quasistatic(f.m, &o, NULL) == 0, "step %d: %s", k + 1, alecable_model_errmsg(f.m));
        ck_assert_int_eq(alecable_revolute_state(f.rev, &angle, &spring), 0);
        cable_on_distal(&f, &mz, fc);
        ck_assert_msg(fabs(mz + spring) <= 1e-8 * fabs(spring), "step %d: cable moment %.15g, spring %.15g", k + 1, mz,
                      spring);
        if (!down && 2 * (j + 1) == FINGER_STEPS) a_mid = angle;
        if (!down && j + 1 == FINGER_STEPS) {
            a_top = angle;
            ck_assert_double_lt(fabs(a_top), fabs(finger_angle_ref(FF)) - 1e-3);
            /* B and C slip; the tension grows across each by about lambda_T
             * (the elements' forces: A-B, B-C, C-D) */
            for (i = 0; i < 3; i++) {
                alecable_element *e;
                ck_assert_int_eq(alecable_cable_element(&e, f.c, i), 0);
                ck_assert_int_eq(alecable_element_axial_force(e, &T[i]), 0);
            }
            alecable_contact_init(&c);
            ck_assert_int_eq(alecable_friction_contact(eB, 0, &c), 0);
            ck_assert_int_eq(c.state, ALECABLE_CONTACT_SLIP);
            ck_assert_double_gt(c.lambda_n, 0.0);
            ck_assert_double_eq_tol(fabs(c.lambda_t), 0.3 * c.lambda_n, 1e-9 * c.lambda_n);
            ck_assert(T[1] > T[0] && T[2] > T[1]);
            /* exactly, B's material equation: the elements' configurational
             * forces dW/ds_B (W = EA eps^2 d / 2 per element, d = s_b - s_a,
             * eps = (F^2 - 1)/2, F = l/d) balance lambda_T (t . dx/ds), t the
             * eyelet's tangent turned with the phalanx and dx/ds averaged
             * over the two elements as the friction law takes it (x_xi from
             * the creation lengths L, xi_s = L/d) */
            {
                static const double L0[2] = {FLP - FEY, 2.0 * FEY};
                const alecable_node *nn[3];
                double xs[3][3], sa[2], sb[2], gm[3] = {0, 0, 0}, jm = 0.0, dW = 0.0, t[3], EA = FE * FA;
                int e, d;
                nn[0] = f.A;
                nn[1] = f.B;
                nn[2] = f.C;
                for (e = 0; e < 3; e++) ck_assert_int_eq(alecable_node_position(nn[e], xs[e]), 0);
                for (e = 0; e < 2; e++) {
                    alecable_element *el;
                    double l2 = 0.0, dd, F2, eps, dWdd;
                    ck_assert_int_eq(alecable_cable_element(&el, f.c, e), 0);
                    ck_assert_int_eq(alecable_element_interval(el, &sa[e], &sb[e]), 0);
                    for (d = 0; d < 3; d++) {
                        l2 += (xs[e + 1][d] - xs[e][d]) * (xs[e + 1][d] - xs[e][d]);
                        gm[d] += 0.5 * (xs[e + 1][d] - xs[e][d]) / L0[e];
                    }
                    dd = sb[e] - sa[e];
                    jm += 0.5 * L0[e] / dd;
                    F2 = l2 / (dd * dd);
                    eps = 0.5 * (F2 - 1.0);
                    dWdd = 0.5 * EA * eps * eps - EA * eps * F2; /* dW/dd */
                    dW += e == 0 ? dWdd : -dWdd;                 /* s_B ends element 0, starts element 1 */
                }
                t[0] = -cos(angle);
                t[1] = -sin(angle);
                t[2] = 0.0;
                ck_assert_double_eq_tol(dW + c.lambda_t * (t[0] * gm[0] + t[1] * gm[1] + t[2] * gm[2]) * jm, 0.0,
                                        1e-8 * FF);
            }
            /* the friction's reaction cancels its spatial part on the body:
             * B's holding force is the pull of its two elements on the
             * eyelet, T_AB towards A plus T_BC towards C */
            {
                double xa[3], xb[3], xc[3], lam[3], pull[3], la = 0, lc = 0;
                int d;
                ck_assert_int_eq(alecable_node_position(f.A, xa), 0);
                ck_assert_int_eq(alecable_node_position(f.B, xb), 0);
                ck_assert_int_eq(alecable_node_position(f.C, xc), 0);
                ck_assert_int_eq(alecable_joint_multipliers(f.jB, lam), 0);
                for (d = 0; d < 3; d++) {
                    la += (xa[d] - xb[d]) * (xa[d] - xb[d]);
                    lc += (xc[d] - xb[d]) * (xc[d] - xb[d]);
                }
                for (d = 0; d < 3; d++) pull[d] = T[0] * (xa[d] - xb[d]) / sqrt(la) + T[1] * (xc[d] - xb[d]) / sqrt(lc);
                for (d = 0; d < 3; d++) ck_assert_double_eq_tol(lam[d], pull[d], 1e-8 * FF);
            }
            ck_assert_int_eq(alecable_friction_contact(eC, 0, &c), 0);
            ck_assert_int_eq(c.state, ALECABLE_CONTACT_SLIP);
            ck_assert_double_eq_tol(fabs(c.lambda_t), 0.3 * c.lambda_n, 1e-9 * c.lambda_n);
        }
    }
    /* at F/2 again, on the way down: further bent (0.29 degrees; without
     * friction the two branches are one to rounding) */
    ck_assert_double_gt(fabs(angle) - fabs(a_mid), 0.1 * M_PI / 180.0);
    alecable_model_destroy(f.m);
}
END_TEST

/* ---- winch -------------------------------------------------------------- */

/* E = 3 GPa, A = 7.069 mm^2, m = 10 kg, g = 9.81; winch W at (-1, 0.1) m,
 * s_W = 0.5 prescribed to 0.5 - t delta (delta = 0.2 m); a fixed pulley of
 * radius 0.1 m at the origin, 5 wrap nodes over a quarter turn; 1 m hanging
 * span of 4 elements to the attachment P, 0.1 m above the body's centre of
 * mass.  Initial s follow the chords: the cable starts unstretched. */
enum { WRAP = 5, HANG = 4, WINCH_STEPS = 10 };
static const double WE = 3e9, WA = 7.069e-6, WM = 10.0, WG = 9.81, WR = 0.1, WLH = 1.0, WH = 1.0, WB = 0.1,
                    WS0 = 0.5, WDELTA = 0.2;

typedef struct winch {
    alecable_model *m;
    alecable_cable *c;
    alecable_body *load;
    double l0;
} winch;

static void winch_build(winch *w, double delta)
{
    alecable_section sec;
    alecable_body_params bp;
    alecable_pulley_params pp;
    alecable_body *pulley;
    alecable_node *W, *wn[WRAP], *n = NULL, *bn;
    double ang[WRAP], x[3] = {-WLH, WR, 0}, s = WS0, grav[3] = {0, -WG, 0}, patt[3] = {0, WB, 0};
    int i;
    ck_assert_int_eq(alecable_model_create(&w->m, NULL), 0);
    ck_assert_int_eq(alecable_model_set_gravity(w->m, grav), 0);
    alecable_section_init(&sec);
    sec.E = WE;
    sec.A = WA;
    ck_assert_int_eq(alecable_cable_create(&w->c, w->m, ALECABLE_ELEMENT_AXIAL, &sec), 0);
    ck_assert_int_eq(alecable_cable_add_node(&W, w->c, x, s), 0);
    s += WLH;
    for (i = 0; i < WRAP; i++) {
        ang[i] = 0.5 * M_PI * (1.0 - (double)i / (WRAP - 1));
        x[0] = WR * cos(ang[i]);
        x[1] = WR * sin(ang[i]);
        if (i > 0) s += 2.0 * WR * sin(0.25 * M_PI / (WRAP - 1));
        ck_assert_int_eq(alecable_cable_add_node(&wn[i], w->c, x, s), 0);
    }
    for (i = 1; i <= HANG; i++) {
        x[0] = WR;
        x[1] = -WH * i / HANG;
        ck_assert_int_eq(alecable_cable_add_node(&n, w->c, x, s + WH * i / HANG), 0);
        if (i < HANG) ck_assert_int_eq(alecable_fix(NULL, w->m, n, ALECABLE_DOF_Z), 0);
    }
    w->l0 = s + WH - WS0;
    ck_assert_int_eq(alecable_fix(NULL, w->m, W, ALECABLE_DOF_X), 0);
    ck_assert_int_eq(alecable_fix(NULL, w->m, W, ALECABLE_DOF_Y), 0);
    ck_assert_int_eq(alecable_fix(NULL, w->m, W, ALECABLE_DOF_Z), 0);
    ck_assert_int_eq(alecable_prescribe(NULL, w->m, W, ALECABLE_DOF_S, -delta), 0);
    alecable_body_params_init(&bp);
    ck_assert_int_eq(alecable_body_create(&pulley, w->m, &bp), 0);
    ck_assert_int_eq(alecable_body_fix(w->m, pulley), 0);
    alecable_pulley_params_init(&pp);
    pp.radius = WR;
    ck_assert_int_eq(alecable_pulley_wrap(NULL, w->m, pulley, &pp, WRAP, wn, ang), 0);
    alecable_body_params_init(&bp);
    bp.position[0] = WR;
    bp.position[1] = -WH - WB;
    bp.mass = WM;
    ck_assert_int_eq(alecable_body_create(&w->load, w->m, &bp), 0);
    ck_assert_int_eq(alecable_body_node(&bn, w->load), 0);
    ck_assert_int_eq(alecable_fix(NULL, w->m, bn, ALECABLE_DOF_Z), 0);
    ck_assert_int_eq(alecable_fix(NULL, w->m, bn, ALECABLE_DOF_RX), 0);
    ck_assert_int_eq(alecable_fix(NULL, w->m, bn, ALECABLE_DOF_RY), 0);
    ck_assert_int_eq(alecable_fix(NULL, w->m, bn, ALECABLE_DOF_RZ), 0);
    ck_assert_int_eq(alecable_attach(NULL, w->m, n, w->load, patt, 1), 0);
}

static double body_y(const winch *w)
{
    double x[3];
    ck_assert_int_eq(alecable_body_pose(w->load, x, NULL), 0);
    return x[1];
}

/* Tension t m g in every element at every step (1e-8), descent
 * d(t) = (l0 + t delta) F(t) - l0 (1e-9 of d: Newton's 1e-10 residual
 * tolerance gives errors far below), and the pay-out's share delta F(1)
 * against the same model without pay-out. */
START_TEST(winch_tension_and_descent)
{
    winch w, ref;
    alecable_quasistatic_options o;
    double y0, EA = WE * WA, F = 1.0, yw;
    int k, i, ne;
    winch_build(&w, WDELTA);
    y0 = body_y(&w);
    ck_assert_int_eq(alecable_cable_counts(w.c, NULL, &ne), 0);
    alecable_quasistatic_options_init(&o);
    o.clock = ALECABLE_CLOCK_LOAD_FACTOR; /* the motion goes with the load steps */
    o.load_steps = 1;
    for (k = 0; k < WINCH_STEPS; k++) {
        double t = (double)(k + 1) / WINCH_STEPS, T = t * WM * WG, d, law;
        o.t0 = (double)k / WINCH_STEPS;
        o.t1 = t;
        o.linear_solver = k == 0 ? ALECABLE_LINSOLVE_SPQR : ALECABLE_LINSOLVE_UMFPACK;
        ck_assert_msg(alecable_solve_quasistatic(w.m, &o, NULL) == ALECABLE_OK, "step %d: %s", k + 1,
                      alecable_model_errmsg(w.m));
        for (i = 0; i < ne; i++) {
            alecable_element *el;
            double N;
            ck_assert_int_eq(alecable_cable_element(&el, w.c, i), 0);
            ck_assert_int_eq(alecable_element_axial_force(el, &N), 0);
            ck_assert_msg(fabs(N - T) <= 1e-8 * T, "step %d element %d: N = %.15g, t m g = %.15g", k + 1, i, N, T);
        }
        F = stretch_of(EA, T);
        d = y0 - body_y(&w);
        law = (w.l0 + t * WDELTA) * F - w.l0;
        ck_assert_msg(fabs(d - law) <= 1e-9 * law, "step %d: descent %.15g, law %.15g", k + 1, d, law);
    }
    /* Green-Lagrange: F - 1 differs from m g / (E A) at first order in eps */
    ck_assert(fabs((F - 1.0) - WM * WG / EA) > 1e-5);
    yw = body_y(&w);
    winch_build(&ref, 0.0);
    o.t0 = 0.0;
    o.t1 = 1.0 / WINCH_STEPS;
    o.linear_solver = ALECABLE_LINSOLVE_SPQR;
    ck_assert_int_eq(alecable_solve_quasistatic(ref.m, &o, NULL), 0);
    o.t0 = o.t1;
    o.t1 = 1.0;
    o.load_steps = WINCH_STEPS - 1;
    o.linear_solver = ALECABLE_LINSOLVE_UMFPACK;
    ck_assert_int_eq(alecable_solve_quasistatic(ref.m, &o, NULL), 0);
    ck_assert_double_eq_tol(body_y(&ref) - yw, WDELTA * F, 1e-9 * WDELTA * F);
    alecable_model_destroy(ref.m);
    alecable_model_destroy(w.m);
}
END_TEST

/* The winch in dynamics: the material coordinate of the winch node
 * prescribed in time (alecable_prescribe: s = s0 + t delta) pays a hanging
 * cable out at v = 0.2 m/s; the cable's free end follows at that speed
 * (the axial stretch under its own weight, ~1e-5, and the start-up wave are
 * far below the tolerance). */
START_TEST(winch_pays_out_in_dynamics)
{
    alecable_model *m;
    alecable_cable *c;
    alecable_section sec;
    alecable_integrator *it;
    alecable_dynamic_options o;
    alecable_node *n[5];
    double g[3] = {0, -9.81, 0}, x0[3], x1[3], v = 0.2, T = 1.0, sW;
    int i;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    alecable_section_init(&sec);
    sec.E = 1e9;
    sec.A = 1e-4;
    sec.rho = 1000.0;
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_AXIAL, &sec), 0);
    for (i = 0; i < 5; i++) {
        double x[3] = {0, -0.25 * i, 0};
        ck_assert_int_eq(alecable_cable_add_node(&n[i], c, x, 0.25 * i), 0);
        ck_assert_int_eq(alecable_fix(NULL, m, n[i], ALECABLE_DOF_X), 0);
        ck_assert_int_eq(alecable_fix(NULL, m, n[i], ALECABLE_DOF_Z), 0);
        if (i == 0) {
            ck_assert_int_eq(alecable_fix(NULL, m, n[i], ALECABLE_DOF_Y), 0);
            ck_assert_int_eq(alecable_prescribe(NULL, m, n[i], ALECABLE_DOF_S, -v), 0); /* the winch */
        } else
            ck_assert_int_eq(alecable_fix(NULL, m, n[i], ALECABLE_DOF_S), 0);
    }
    ck_assert_int_eq(alecable_model_set_gravity(m, g), 0);
    ck_assert_int_eq(alecable_node_position(n[4], x0), 0);
    alecable_dynamic_options_init(&o);
    o.method = ALECABLE_METHOD_HHT;
    o.h = 1e-3;
    ck_assert_int_eq(alecable_model_integrator(&it, m, &o), 0);
    ck_assert_int_eq(alecable_integrator_advance(it, T), 0);
    ck_assert_int_eq(alecable_model_pull_state(m, it), 0);
    ck_assert_int_eq(alecable_node_position(n[4], x1), 0);
    ck_assert_int_eq(alecable_node_material(n[0], &sW), 0);
    ck_assert_double_eq_tol(sW, -v * T, 1e-12);
    ck_assert_msg(fabs((x0[1] - x1[1]) - v * T) <= 1e-3 * v * T, "descent %.9g m, paid out %.9g m",
                  x0[1] - x1[1], v * T);
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
}
END_TEST

Suite *suite_finger(void)
{
    Suite *s = suite_create("finger");
    TCase *tc = tcase_create("finger and winch");
    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, finger_moment_balance_and_flow);
    tcase_add_test(tc, finger_same_state_with_guide_and_lu);
    tcase_add_test(tc, finger_large_angle);
    tcase_add_test(tc, finger_spqr_stall_is_reported);
    tcase_add_test(tc, finger_eyelet_friction);
    tcase_add_test(tc, winch_tension_and_descent);
    tcase_add_test(tc, winch_pays_out_in_dynamics);
    suite_add_tcase(s, tc);
    return s;
}
