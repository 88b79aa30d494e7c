/* Friction on a sheave (issue 24): paper 000's slip law
 * (alecable_pulley_friction) on alecable_sheave, against the same law on the
 * fixed-angle wrap of 0.2 at the same geometry.
 *
 * The rig (SI units): a sheave of radius R = 0.5 m centred at the origin
 * (axis z), fixed; an axial cable (EA 1e6 N) from A = (-3, R, 0), held, along
 * the top to the wrap, around it clockwise, down to B = (R, -2, 0), whose x,
 * z and s are held and which is pulled by F = 1000 N in -y.  The spans'
 * directions put the tangent points at pi/2 (top) and 0 (right): the wrap
 * angle is pi/2, which the sheave finds from a start at pi/2 .. 0.3 rad.
 *
 * The reference: the fixed wrap at the angles where the sheave's nodes came
 * to rest, loaded the same way, must give the same tension ratio (1e-9),
 * and both the discrete capstan law the fixed wrap has (tests/test_pulley.c:
 * T_B / T_A = ((1 + a)/(1 - a))^(n - 2), a = mu sin(h)/2, h = pi/2/(n - 1)
 * the chord angle of n nodes, n - 2 of them interior, the boundary nodes
 * taking no friction), below exp(mu pi/2) (Euler-Eytelwein). */
#include "suites.h"
#include "fd.h"
#include "problem_fd.h"
#include "friction/contact.h"
#include "support/atwood_rig.h"
#include "support/rig.h" /* a friction joint's rows, to set up a state with both branches */

#include <alecable.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

enum { MAXN = 40 };

typedef struct frig {
    alecable_model *m;
    alecable_cable *c;
    alecable_body *b;
    alecable_joint *j, *fr;
    alecable_node *A, *w[MAXN], *B;
    int n;
} frig;

static const double RR = 0.5, EA = 1e6, FB = 1000.0;

/* the rig with n wrap nodes at ang (sheave: the start; else the fixed
 * wrap's angles); free: the body free (the Jacobian check), B unloaded */
enum { LAW_SLIP = 1, LAW_STICK = 2 };

static void frig_build(frig *r, int n, const double *ang, int sheave, int free_body, double mu, int law)
{
    alecable_section sec;
    alecable_body_params bp;
    alecable_pulley_params pp;
    double x[3] = {-3.0, RR, 0.0}, prev[3], s = 0.0;
    int i, k;
    memset(r, 0, sizeof *r);
    r->n = n;
    ck_assert_int_eq(alecable_model_create(&r->m, NULL), 0);
    alecable_section_init(&sec);
    sec.A = 1e-4;
    sec.E = EA / sec.A;
    ck_assert_int_eq(alecable_cable_create(&r->c, r->m, ALECABLE_ELEMENT_AXIAL, &sec), 0);
    ck_assert_int_eq(alecable_cable_add_node(&r->A, r->c, x, s), 0);
    memcpy(prev, x, sizeof prev);
    for (i = 0; i < n; i++) {
        x[0] = RR * cos(ang[i]);
        x[1] = RR * sin(ang[i]);
        s += sqrt((x[0] - prev[0]) * (x[0] - prev[0]) + (x[1] - prev[1]) * (x[1] - prev[1]));
        ck_assert_int_eq(alecable_cable_add_node(&r->w[i], r->c, x, s), 0);
        memcpy(prev, x, sizeof prev);
    }
    x[0] = RR;
    x[1] = -2.0;
    s += sqrt((x[0] - prev[0]) * (x[0] - prev[0]) + (x[1] - prev[1]) * (x[1] - prev[1]));
    ck_assert_int_eq(alecable_cable_add_node(&r->B, r->c, x, s), 0);
    alecable_body_params_init(&bp);
    bp.mass = 1.0;
    bp.inertia[0] = bp.inertia[4] = bp.inertia[8] = 0.1;
    if (free_body) { /* moved and turned off the identity (the Jacobian's terms in x_b, psi_b) */
        const double c = cos(0.4), sn = sin(0.4);
        double Rb[9] = {c, -sn, 0, sn, c, 0, 0, 0, 1};
        bp.position[0] = 0.1, bp.position[1] = -0.05;
        memcpy(bp.rotation, Rb, sizeof Rb);
    }
    ck_assert_int_eq(alecable_body_create(&r->b, r->m, &bp), 0);
    if (!free_body) ck_assert_int_eq(alecable_body_fix(r->m, r->b), 0);
    alecable_pulley_params_init(&pp);
    pp.radius = RR;
    if (free_body) { /* the circle in the body frame where it is in space at the identity */
        const double c = cos(0.4), sn = sin(0.4), d[2] = {-0.1, 0.05};
        pp.centre[0] = c * d[0] + sn * d[1], pp.centre[1] = -sn * d[0] + c * d[1];
        pp.ref[0] = c, pp.ref[1] = -sn;
    }
    if (sheave)
        ck_assert_msg(alecable_sheave(&r->j, r->m, r->b, &pp, n, r->w, ang) == 0, "%s", alecable_model_errmsg(r->m));
    else
        ck_assert_msg(alecable_pulley_wrap(&r->j, r->m, r->b, &pp, n, r->w, ang) == 0, "%s",
                      alecable_model_errmsg(r->m));
    for (k = 0; k < 4; k++) ck_assert_int_eq(alecable_fix(NULL, r->m, r->A, k), 0);
    ck_assert_int_eq(alecable_fix(NULL, r->m, r->B, ALECABLE_DOF_S), 0);
    if (!free_body) {
        double f[3] = {0.0, -FB, 0.0};
        ck_assert_int_eq(alecable_fix(NULL, r->m, r->B, ALECABLE_DOF_X), 0);
        ck_assert_int_eq(alecable_fix(NULL, r->m, r->B, ALECABLE_DOF_Z), 0);
        ck_assert_int_eq(alecable_load_node(NULL, r->m, r->B, f), 0);
    }
    if (law == LAW_SLIP)
        ck_assert_msg(alecable_pulley_friction(NULL, r->m, r->j, mu, +1) == 0, "%s", alecable_model_errmsg(r->m));
    if (law == LAW_STICK) {
        alecable_friction_params fp;
        alecable_friction_params_init(&fp);
        fp.mu = mu;
        ck_assert_msg(alecable_wrap_friction(&r->fr, r->m, r->j, &fp) == 0, "%s", alecable_model_errmsg(r->m));
    }
}

static double tension(const frig *r, int e)
{
    alecable_element *el;
    double N;
    ck_assert_int_eq(alecable_cable_element(&el, r->c, e), 0);
    ck_assert_int_eq(alecable_element_axial_force(el, &N), 0);
    return N;
}

static void solve_steps(frig *r, int steps)
{
    alecable_quasistatic_options o;
    alecable_solve_report rep;
    alecable_quasistatic_options_init(&o);
    o.load_steps = steps;
    alecable_solve_report_init(&rep);
    ck_assert_msg(alecable_solve_quasistatic(r->m, &o, &rep) == ALECABLE_OK, "%s", alecable_model_errmsg(r->m));
}

static double discrete_law(double mu, int n, double theta)
{
    double a = 0.5 * mu * sin(theta / (n - 1));
    return pow((1.0 + a) / (1.0 - a), n - 2);
}

/* The slip capstan on the sheave (9 and 17 nodes, mu 0.3): the sheave
 * finds the wrap angle pi/2 (1e-9 rad), the fixed wrap at the sheave's
 * angles gives the same tension ratio (1e-9 relative) and the same s at
 * every wrap node (1e-9 m); the ratio is the discrete law (1e-8) and below
 * exp(mu pi/2). */
static void capstan_as_fixed_wrap(int law, int reaction)
{
    static const int ns[2] = {9, 17};
    const double mu = 0.3;
    int t;
    for (t = 0; t < 2; t++) {
        frig sh, fw;
        double ang[MAXN], wrap, ratio_s, ratio_f, ds = 0.0, nerr = 0.0, nl1 = 0.0;
        int n = ns[t], i;
        for (i = 0; i < n; i++) ang[i] = 0.5 * M_PI + (0.3 - 0.5 * M_PI) * i / (n - 1);
        frig_build(&sh, n, ang, 1, 0, mu, law);
        ck_assert_int_eq(alecable_sheave_set_mesh_reaction(sh.j, reaction), 0);
        solve_steps(&sh, 20);
        for (i = 1; law == LAW_STICK && i < n - 1; i++) { /* the normal force read is the law's N */
            alecable_contact c;
            double N, lam[3 * MAXN];
            alecable_contact_init(&c);
            ck_assert_int_eq(alecable_sheave_node(sh.j, i, NULL, &N, NULL), 0);
            ck_assert_int_eq(alecable_friction_contact(sh.fr, i - 1, &c), 0);
            nerr = fmax(nerr, fabs(N - c.lambda_n) / c.lambda_n);
            ck_assert_int_eq(alecable_joint_multipliers(sh.j, lam), 0);
            nl1 = fmax(nl1, fabs(-lam[3 * i + 1] - c.lambda_n) / c.lambda_n); /* the circle's multiplier alone */
        }
        ck_assert_int_eq(alecable_sheave_wrap_angle(sh.j, &wrap), 0);
        ck_assert_msg(fabs(wrap - 0.5 * M_PI) < 1e-9, "n %d: wrap %.12g", n, wrap);
        for (i = 0; i < n; i++) ck_assert_int_eq(alecable_sheave_node(sh.j, i, ang + i, NULL, NULL), 0);
        ratio_s = tension(&sh, n) / tension(&sh, 0);
        frig_build(&fw, n, ang, 0, 0, mu, law);
        solve_steps(&fw, 20);
        ratio_f = tension(&fw, n) / tension(&fw, 0);
        for (i = 0; i < n; i++) {
            double s1, s2;
            ck_assert_int_eq(alecable_node_material(sh.w[i], &s1), 0);
            ck_assert_int_eq(alecable_node_material(fw.w[i], &s2), 0);
            ds = fmax(ds, fabs(s1 - s2));
        }
        if (getenv("ALECABLE_TEST_FIGURES")) /* the figures of the notes */
            printf("n %d (reaction %d): wrap err %.3g, ratio sheave %.15g fixed %.15g (rel %.3g), law rel %.3g, s err %.3g, "
                   "exp %.6g\n", n, reaction, wrap - 0.5 * M_PI, ratio_s, ratio_f, ratio_s / ratio_f - 1.0,
                   ratio_s / discrete_law(mu, n, 0.5 * M_PI) - 1.0, ds, exp(mu * 0.5 * M_PI));
        if (getenv("ALECABLE_TEST_FIGURES") && law == LAW_STICK)
            printf("n %d (reaction %d): normal force of alecable_sheave_node against the law's N %.3g, the circle's "
                   "multiplier alone %.3g\n", n, reaction, nerr, nl1);
        ck_assert_msg(nerr < 1e-12, "n %d: alecable_sheave_node's normal force %.3g off the law's N", n, nerr);
        if (reaction == ALECABLE_SHEAVE_REACTION_GRADIENT) /* the check can tell the two apart */
            ck_assert_msg(law != LAW_STICK || nl1 > 1e-5, "n %d: the circle's multiplier alone is the law's N to %.3g",
                          n, nl1);
        else /* the tangent reaction's mesh rows push along the circle: the circle's multiplier is N */
            ck_assert_msg(nl1 < 1e-12, "n %d: tangent reaction: the circle's multiplier %.3g off N", n, nl1);
        ck_assert_msg(fabs(ratio_s / ratio_f - 1.0) < 1e-9, "n %d: sheave %.15g, fixed wrap %.15g", n, ratio_s,
                      ratio_f);
        ck_assert_msg(ds < 1e-9, "n %d: s off by %.3g m", n, ds);
        ck_assert_msg(fabs(ratio_s / discrete_law(mu, n, 0.5 * M_PI) - 1.0) < 1e-8, "n %d: ratio %.15g, law %.15g", n,
                      ratio_s, discrete_law(mu, n, 0.5 * M_PI));
        ck_assert_double_lt(ratio_s, exp(mu * 0.5 * M_PI));
        ck_assert_double_eq_tol(tension(&sh, n), FB, 1e-6);
        alecable_model_destroy(sh.m);
        alecable_model_destroy(fw.m);
    }
}

START_TEST(slip_capstan_as_fixed_wrap)
{
    capstan_as_fixed_wrap(LAW_SLIP, ALECABLE_SHEAVE_REACTION_GRADIENT);
}
END_TEST

/* Stick/slip (alecable_wrap_friction) under a rising load: every interior
 * contact slips, and the ratio is the slip law's, the fixed wrap's (1e-9) */
START_TEST(stick_slip_capstan_as_fixed_wrap)
{
    capstan_as_fixed_wrap(LAW_STICK, ALECABLE_SHEAVE_REACTION_GRADIENT);
}
END_TEST

/* The same two capstans with the tangent mesh reaction
 * (ALECABLE_SHEAVE_REACTION_TANGENT: the mesh rows push their own node along
 * the circle).  Refused with friction until the normal force followed the
 * reaction: the laws took N as the normal part of the default reaction's
 * forces, whose mesh rows push along the chords (a normal part of order
 * the multiplier times the chord's turn), while the tangent reaction's push
 * along the circle has none, so N was off by that part and the capstan
 * came out 1.1e-6 off the fixed wrap (1.5065282 against 1.5065265, 9
 * nodes).  With N from the rows that act, the fixed wrap's to 0 (9 nodes)
 * and 2.2e-13 (17), as with the default reaction. */
START_TEST(tangent_reaction_capstan_as_fixed_wrap)
{
    capstan_as_fixed_wrap(LAW_SLIP, ALECABLE_SHEAVE_REACTION_TANGENT);
    capstan_as_fixed_wrap(LAW_STICK, ALECABLE_SHEAVE_REACTION_TANGENT);
}
END_TEST

/* load steps k0 + 1 .. k1 of a ramp of `steps` from load factor a to b */
static void ramp(frig *r, double a, double b, int steps, int k0, int k1)
{
    int k;
    for (k = k0; k < k1; k++) {
        alecable_quasistatic_options o;
        alecable_solve_report rep;
        alecable_quasistatic_options_init(&o);
        o.clock = ALECABLE_CLOCK_LOAD_FACTOR;
        o.t0 = a + (b - a) * k / steps;
        o.t1 = a + (b - a) * (k + 1) / steps;
        o.load_steps = 1;
        alecable_solve_report_init(&rep);
        ck_assert_msg(alecable_solve_quasistatic(r->m, &o, &rep) == 0, "step %d: %s", k + 1,
                      alecable_model_errmsg(r->m));
    }
}

static int contact_state_of(const frig *r, int i, double *lt)
{
    alecable_contact c;
    alecable_contact_init(&c);
    ck_assert_int_eq(alecable_friction_contact(r->fr, i, &c), 0);
    if (lt) *lt = c.lambda_t;
    return c.state;
}

/* Stick under unloading (9 nodes, mu 0.3): loaded to F in 10 steps (all
 * slip), then unloaded to F/2 in 5: the contacts stick (their friction
 * turns: the wrap holds the tight side's tension back), in step with the
 * fixed wrap at the sheave's angles: at every step every element's
 * tension and every wrap node's s agree (1e-9 relative, 1e-9 m), and the
 * tension ratio at F/2 lies below the slip law's (the stuck wrap holds
 * less than the limit). */
START_TEST(stick_under_unloading)
{
    enum { N = 9 };
    const double mu = 0.3;
    frig sh, fw;
    double ang[N], terr = 0.0, serr = 0.0, lt;
    int i, k, e, nstick = 0;
    for (i = 0; i < N; i++) ang[i] = 0.5 * M_PI * (1.0 - (double)i / (N - 1));
    frig_build(&sh, N, ang, 1, 0, mu, LAW_STICK);
    frig_build(&fw, N, ang, 0, 0, mu, LAW_STICK);
    for (k = 0; k < 15; k++) {
        frig *rs[2] = {&sh, &fw};
        int t;
        for (t = 0; t < 2; t++) {
            if (k < 10) ramp(rs[t], 0.0, 1.0, 10, k, k + 1);
            else ramp(rs[t], 1.0, 0.5, 5, k - 10, k - 9);
        }
        for (e = 0; e <= N; e++) terr = fmax(terr, fabs(tension(&sh, e) / tension(&fw, e) - 1.0));
        for (i = 0; i < N; i++) {
            double s1, s2;
            ck_assert_int_eq(alecable_node_material(sh.w[i], &s1), 0);
            ck_assert_int_eq(alecable_node_material(fw.w[i], &s2), 0);
            serr = fmax(serr, fabs(s1 - s2));
        }
        if (k == 9)
            for (i = 0; i < N - 2; i++) ck_assert_int_eq(contact_state_of(&sh, i, NULL), ALECABLE_CONTACT_SLIP);
    }
    for (i = 0; i < N - 2; i++)
        if (contact_state_of(&sh, i, &lt) == ALECABLE_CONTACT_STICK) nstick++;
    if (getenv("ALECABLE_TEST_FIGURES"))
        printf("unloading: tension err %.3g, s err %.3g, stuck %d of %d, ratio %.9g (slip law %.9g)\n", terr, serr,
               nstick, N - 2, tension(&sh, N) / tension(&sh, 0), discrete_law(mu, N, 0.5 * M_PI));
    ck_assert_msg(terr < 1e-9, "tensions off by %.3g", terr);
    ck_assert_msg(serr < 1e-9, "s off by %.3g m", serr);
    ck_assert_int_ge(nstick, 1);
    ck_assert_double_lt(tension(&sh, N) / tension(&sh, 0), discrete_law(mu, N, 0.5 * M_PI));
    alecable_model_destroy(sh.m);
    alecable_model_destroy(fw.m);
}
END_TEST

/* The slip law's Jacobian on a sheave of a free body moved and turned,
 * at a perturbed state with random multipliers, against differences
 * through the problem's update (every row and column). */
START_TEST(slip_jacobian_matches_differences)
{
    frig r;
    alecable_problem p;
    double ang[7], *q, *v, *a, *lam, err;
    unsigned seed = 11u;
    int i;
    for (i = 0; i < 7; i++) ang[i] = 0.5 * M_PI + (0.2 - 0.5 * M_PI) * i / 6;
    frig_build(&r, 7, ang, 1, 1, 0.3, LAW_SLIP);
    ck_assert_msg(alecable_model_problem(&p, r.m) == 0, "%s", alecable_model_errmsg(r.m));
    q = calloc((size_t)p.nq, sizeof *q), v = calloc((size_t)p.nq, sizeof *v), a = calloc((size_t)p.nq, sizeof *a);
    lam = calloc((size_t)p.nlam, sizeof *lam);
    ck_assert(q && v && a && lam);
    pfd_perturbed_state(r.m, p.nq, seed, q, v, a);
    for (i = 0; i < p.nlam; i++) lam[i] = 100.0 * fd_rand(&seed);
    err = pfd_full_jacobian_error(&p, 0.0, q, lam, 1e-4);
    if (getenv("ALECABLE_TEST_FIGURES")) printf("slip Jacobian err %.3g\n", err);
    ck_assert_msg(err < 1e-6, "full Jacobian off by %.3g", err);
    free(q), free(v), free(a), free(lam);
    alecable_model_destroy(r.m);
}
END_TEST

/* Stick/slip's Jacobian on a sheave of a free body moved and turned,
 * off equilibrium (every coordinate moved by up to 1e-3), the sheave
 * pressed (circle multipliers -2000 N), some contacts stuck and some
 * slipping, against differences (steps 1e-4: round-off 1.8e-6 at 1e-5) */
static void stick_slip_jacobian(int reaction)
{
    frig r;
    alecable_problem p;
    double ang[7], *q, *lam, t, err;
    unsigned seed = 13u;
    int i, nq, nl, nstick = 0, nslip = 0;
    for (i = 0; i < 7; i++) ang[i] = 0.5 * M_PI + (0.2 - 0.5 * M_PI) * i / 6;
    frig_build(&r, 7, ang, 1, 1, 0.3, LAW_STICK);
    ck_assert_int_eq(alecable_sheave_set_mesh_reaction(r.j, reaction), 0);
    ck_assert_msg(alecable_model_problem(&p, r.m) == 0, "%s", alecable_model_errmsg(r.m));
    ck_assert_int_eq(alecable_model_sizes(r.m, &nq, &nl), 0);
    q = malloc((size_t)nq * sizeof *q);
    lam = malloc((size_t)nl * sizeof *lam);
    ck_assert(q && lam);
    ck_assert_int_eq(alecable_model_get_state(r.m, q, lam, &t), 0);
    for (i = 0; i < nq; i++) q[i] += 1e-3 * fd_rand(&seed);
    for (i = 0; i < nl; i++) lam[i] = 100.0 * fd_rand(&seed);
    for (i = 0; i < 7; i++) lam[r.j->row0 + 3 * i + 1] = -2000.0 * (1.0 + 0.1 * fd_rand(&seed));
    /* lambda_T: small on even contacts, far beyond mu N on odd ones */
    for (i = 0; i < 5; i++) lam[r.fr->row0 + i] = i % 2 ? (i % 4 == 1 ? 1e4 : -1e4) : 0.5 * fd_rand(&seed);
    for (i = 0; i < 5; i++) {
        double N = fr_normal(r.fr, i, q, lam), tau = lam[r.fr->row0 + i];
        if (N > 0.0 && fabs(tau) < 0.2 * N) nstick++;
        else if (N > 0.0 && fabs(tau) > 2.0 * N) nslip++;
    }
    ck_assert_int_ge(nstick, 1);
    ck_assert_int_ge(nslip, 1);
    err = pfd_full_jacobian_error(&p, 0.0, q, lam, 1e-4);
    if (getenv("ALECABLE_TEST_FIGURES"))
        printf("stick/slip Jacobian err %.3g (%d stuck, %d slipping; reaction %d)\n", err, nstick, nslip, reaction);
    ck_assert_msg(err < 1e-6, "full Jacobian off by %.3g", err);
    free(q), free(lam);
    alecable_model_destroy(r.m);
}

START_TEST(stick_slip_jacobian_matches_differences)
{
    stick_slip_jacobian(ALECABLE_SHEAVE_REACTION_GRADIENT);
    stick_slip_jacobian(ALECABLE_SHEAVE_REACTION_TANGENT);
}
END_TEST

/* The Atwood machine of examples/support/atwood_rig.h with the wrap on a
 * sheave of the wheel itself (its nodes where the mesh puts them, the
 * wheel turning under them) instead of a wrap held in space over the wheel
 * as its friction surface: the same rope, weights, wheel and start. */
static void atwood_sheave(atwood_rig *r, const atwood_params *p, int law)
{
    alecable_section sec;
    alecable_body *ground;
    alecable_body_params bp;
    alecable_pulley_params pp;
    alecable_joint *sh, *axle;
    alecable_friction_params fp;
    alecable_node *bn;
    const double o[3] = {0, 0, 0}, z[3] = {0, 0, 1}, grav[3] = {0, -p->g, 0}, EA = p->E * p->A;
    double x[3] = {-p->R, -p->L, 0}, ang[ATWOOD_MAX_N + 1], s = 0.0, T1, T2, b;
    int i, k, n = p->n;
    b = 0.5 * p->mu * sin(M_PI / n);
    ck_assert_int_eq(atwood_build(r, p), 0); /* the figures (limit, accelerations, regime) */
    alecable_model_destroy(r->m);
    T1 = p->m1 * (p->g - (r->slip ? r->a_slip : r->a_rigid));
    T2 = p->m2 * (p->g + (r->slip ? r->a_slip : r->a_rigid));
    (void)b;
    ck_assert_int_eq(alecable_model_create(&r->m, NULL), 0);
    ck_assert_int_eq(alecable_model_set_gravity(r->m, grav), 0);
    alecable_section_init(&sec);
    sec.E = p->E;
    sec.A = p->A;
    sec.rho = p->rho;
    ck_assert_int_eq(alecable_cable_create(&r->c, r->m, ALECABLE_ELEMENT_AXIAL, &sec), 0);
    ck_assert_int_eq(alecable_cable_add_node(&r->nd[0], r->c, x, s), 0);
    s += p->L / axial_stretch(T1, EA);
    for (i = 0; i <= n; i++) {
        ang[i] = M_PI - M_PI * i / n;
        x[0] = p->R * cos(ang[i]);
        x[1] = p->R * sin(ang[i]);
        if (i > 0) {
            double f = (double)(i - 1) / (n - 1), Te = r->slip ? T1 * pow(T2 / T1, f) : T1 + (T2 - T1) * f;
            s += 2.0 * p->R * sin(0.5 * M_PI / n) / axial_stretch(Te, EA);
        }
        ck_assert_int_eq(alecable_cable_add_node(&r->nd[1 + i], r->c, x, s), 0);
    }
    s += p->L / axial_stretch(T2, EA);
    x[0] = p->R;
    x[1] = -p->L;
    ck_assert_int_eq(alecable_cable_add_node(&r->nd[n + 2], r->c, x, s), 0);
    alecable_body_params_init(&bp);
    ck_assert_int_eq(alecable_body_create(&ground, r->m, &bp), 0);
    ck_assert_int_eq(alecable_body_fix(r->m, ground), 0);
    alecable_body_params_init(&bp);
    bp.inertia[0] = bp.inertia[4] = 0.5 * p->J;
    bp.inertia[8] = p->J;
    ck_assert_int_eq(alecable_body_create(&r->wheel, r->m, &bp), 0);
    ck_assert_int_eq(alecable_revolute(&axle, r->m, ground, r->wheel, o, z, 0.0), 0);
    alecable_pulley_params_init(&pp);
    pp.radius = p->R;
    ck_assert_msg(alecable_sheave(&sh, r->m, r->wheel, &pp, n + 1, r->nd + 1, ang) == 0, "%s",
                  alecable_model_errmsg(r->m));
    alecable_friction_params_init(&fp);
    fp.mu = p->mu;
    fp.augmentation = p->aug;
    if (law == LAW_STICK)
        ck_assert_msg(alecable_wrap_friction(&r->fr, r->m, sh, &fp) == 0, "%s", alecable_model_errmsg(r->m));
    else /* the rope slides towards the heavy weight 1, its low-s end, past the wheel */
        ck_assert_msg(alecable_pulley_friction(NULL, r->m, sh, p->mu, -1) == 0, "%s", alecable_model_errmsg(r->m));
    for (k = 0; k < 2; k++) {
        alecable_body **w = k ? &r->w2 : &r->w1;
        x[0] = k ? p->R : -p->R;
        alecable_body_params_init(&bp);
        memcpy(bp.position, x, sizeof bp.position);
        bp.mass = k ? p->m2 : p->m1;
        ck_assert_int_eq(alecable_body_create(w, r->m, &bp), 0);
        ck_assert_int_eq(alecable_body_node(&bn, *w), 0);
        ck_assert_int_eq(alecable_fix(NULL, r->m, bn, ALECABLE_DOF_X), 0);
        ck_assert_int_eq(alecable_fix(NULL, r->m, bn, ALECABLE_DOF_Z), 0);
        for (i = ALECABLE_DOF_RX; i <= ALECABLE_DOF_RZ; i++) ck_assert_int_eq(alecable_fix(NULL, r->m, bn, i), 0);
    }
    ck_assert_int_eq(alecable_attach(NULL, r->m, r->nd[0], r->w1, o, 1), 0);
    ck_assert_int_eq(alecable_attach(NULL, r->m, r->nd[n + 2], r->w2, o, 1), 0);
}

/* the wheel's angle about z */
static double wheel_angle(const atwood_rig *r)
{
    double Rw[9];
    ck_assert_int_eq(alecable_body_pose(r->wheel, NULL, Rw), 0);
    return atan2(Rw[3], Rw[0]);
}

/* Both machines (fixed wrap over the wheel, sheave on the wheel) over
 * t_end with the trapezoidal rule at h = 1e-4 (atwood_rig's figures):
 * weight 1's drop, the wheel's angle and T1/T2 at the end, each machine */
static void atwood_pair(double mu, int law, double t_end, double drop[2], double turn[2], double ratio[2],
                        atwood_rig *ref)
{
    int v;
    for (v = 0; v < 2; v++) {
        atwood_params ap;
        atwood_rig r;
        alecable_dynamic_options o;
        alecable_integrator *it;
        double h = 1e-4, y0[3], y[3];
        int k, steps = (int)(t_end / h + 0.5);
        atwood_params_default(&ap);
        ap.mu = mu;
        if (v == 0) ck_assert_int_eq(atwood_build(&r, &ap), 0);
        else atwood_sheave(&r, &ap, law);
        alecable_dynamic_options_init(&o);
        o.method = ALECABLE_METHOD_NEWMARK;
        o.h = h;
        ck_assert_msg(alecable_model_integrator(&it, r.m, &o) == 0, "%s", alecable_model_errmsg(r.m));
        ck_assert_int_eq(alecable_body_pose(r.w1, y0, NULL), 0);
        for (k = 1; k <= steps; k++)
            ck_assert_msg(alecable_integrator_step(it, h) == 0, "machine %d step %d: %s", v, k,
                          alecable_integrator_errmsg(it));
        ck_assert_int_eq(alecable_model_pull_state(r.m, it), 0);
        ck_assert_int_eq(alecable_body_pose(r.w1, y, NULL), 0);
        drop[v] = y0[1] - y[1];
        turn[v] = wheel_angle(&r);
        ratio[v] = atwood_ratio(&r);
        if (v == 0) *ref = r;
        alecable_integrator_destroy(it);
        alecable_model_destroy(r.m);
    }
}

/* A sheave turned by friction: the Atwood machine (m1 = 2, m2 = 1 kg,
 * wheel J = 0.01 kg m^2, R = 0.1 m) over 0.05 s.  Stick (mu 0.3): the
 * rope carries the wheel round, weight 1 falls by the rigid machine's
 * a t^2/2 (1e-5 relative) and the wheel turns by that drop over R; slip
 * (mu 0.05): the slip law's a.  The sheave's run is the fixed wrap's
 * (drop, wheel angle and T1/T2): sticking to 1e-9 relative (measured
 * 6e-12), slipping to 1e-5 (measured 1.5e-6 on the wheel's angle; the
 * source of that difference is not isolated; both machines' accelerations
 * are the slip law's to 1e-5). */
START_TEST(sheave_turned_by_friction)
{
    static const double mus[2] = {0.3, 0.05};
    const double t_end = 0.05;
    int v;
    for (v = 0; v < 2; v++) {
        atwood_rig ref = {0};
        double drop[2], turn[2], ratio[2], a, e_drop, e_turn, e_ratio, tol;
        atwood_pair(mus[v], LAW_STICK, t_end, drop, turn, ratio, &ref);
        a = ref.slip ? ref.a_slip : ref.a_rigid;
        e_drop = fabs(drop[1] / drop[0] - 1.0);
        e_turn = fabs(turn[1] / turn[0] - 1.0);
        e_ratio = fabs(ratio[1] / ratio[0] - 1.0);
        if (getenv("ALECABLE_TEST_FIGURES"))
            fprintf(stderr,
                    "atwood mu %g (%s): drop %.9g / %.9g (closed form %.9g), turn %.9g / %.9g, T1/T2 %.9g / %.9g: "
                    "errs %.3g %.3g %.3g, vs a %.3g\n", mus[v], ref.slip ? "slip" : "stick", drop[1], drop[0],
                    0.5 * a * t_end * t_end, turn[1], turn[0], ratio[1], ratio[0], e_drop, e_turn, e_ratio,
                    fabs(2.0 * drop[1] / (t_end * t_end) / a - 1.0));
        ck_assert_int_eq(ref.slip, v);
        tol = v ? 1e-5 : 1e-9;
        ck_assert_msg(e_drop < tol && e_turn < tol && e_ratio < tol, "mu %g: sheave vs fixed wrap %.3g %.3g %.3g",
                      mus[v], e_drop, e_turn, e_ratio);
        ck_assert_msg(fabs(2.0 * drop[1] / (t_end * t_end) / a - 1.0) < 1e-5, "mu %g: acceleration off", mus[v]);
    }
}
END_TEST

/* The slip law (alecable_pulley_friction) on the Atwood machine's sheave,
 * the wheel free (mu 0.05, the rope slipping): the sheave turns under the
 * law's torque; weight 1 falls with the slip law's acceleration (1e-5
 * relative, measured 6.7e-7), and the run follows stick/slip's on the
 * fixed wrap over the wheel (in full slip the same law) to 1e-4 (drop and
 * wheel angle; measured 9.6e-6 and 4.0e-5: that run's own acceleration is
 * 9.3e-6 off the law's). */
START_TEST(slip_law_turns_a_free_sheave)
{
    atwood_rig ref = {0};
    double drop[2], turn[2], ratio[2], d_s, t_s, a_err;
    const double t_end = 0.05;
    atwood_pair(0.05, LAW_SLIP, t_end, drop, turn, ratio, &ref);
    ck_assert_int_eq(ref.slip, 1);
    d_s = fabs(drop[1] / drop[0] - 1.0);
    t_s = fabs(turn[1] / turn[0] - 1.0);
    a_err = fabs(2.0 * drop[1] / (t_end * t_end) / ref.a_slip - 1.0);
    if (getenv("ALECABLE_TEST_FIGURES"))
        printf("slip law atwood: drop %.3g, turn %.3g off the fixed wrap's, a %.3g off the law's\n", d_s, t_s, a_err);
    ck_assert_msg(a_err < 1e-5 && d_s < 1e-4 && t_s < 1e-4, "a %.3g, drop %.3g, turn %.3g", a_err, d_s, t_s);
}
END_TEST

/* Bad input: friction on a sheave of 2 nodes (no interior node), a
 * surface given for a sheave's stick/slip, both laws on one sheave: clear
 * errors, the model unchanged (its joint and load counts) */
START_TEST(bad_input_is_refused)
{
    frig r;
    alecable_friction_params fp;
    double ang[3] = {0.5 * M_PI, 0.25 * M_PI, 0.0};
    alecable_body *other;
    alecable_body_params bp;
    alecable_joint *two;
    int nj0, nl0, nj, nl;
    frig_build(&r, 3, ang, 1, 0, 0.3, LAW_SLIP);
    alecable_body_params_init(&bp);
    ck_assert_int_eq(alecable_body_create(&other, r.m, &bp), 0);
    nj0 = r.m->joints.n, nl0 = r.m->loads.n; /* (core/model.h, through contact.h) */
    alecable_friction_params_init(&fp);
    fp.mu = 0.3;
    /* both laws on one sheave */
    ck_assert_int_eq(alecable_wrap_friction(NULL, r.m, r.j, &fp), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(r.m), "slip friction"));
    /* a surface for a sheave */
    fp.surface = other;
    ck_assert_int_eq(alecable_wrap_friction(NULL, r.m, r.j, &fp), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(r.m), "params.surface"));
    nj = r.m->joints.n, nl = r.m->loads.n;
    ck_assert_int_eq(nj, nj0);
    ck_assert_int_eq(nl, nl0);
    /* the tangent mesh reaction under friction is taken (tangent_reaction_capstan_as_fixed_wrap) */
    ck_assert_int_eq(alecable_sheave_set_mesh_reaction(r.j, ALECABLE_SHEAVE_REACTION_TANGENT), 0);
    ck_assert_int_eq(alecable_model_finalize(r.m), 0);
    ck_assert_int_eq(alecable_sheave_set_mesh_reaction(r.j, ALECABLE_SHEAVE_REACTION_GRADIENT), 0);
    ck_assert_int_eq(alecable_model_finalize(r.m), 0);
    /* a sheave with friction may release the cable (since issue 24's lift-off with friction: released
     * nodes carry none, tests/test_sheave_lift.c) */
    ck_assert_int_eq(alecable_sheave_set_node_contact(r.j, 1), 0);
    ck_assert_int_eq(alecable_model_finalize(r.m), 0);
    ck_assert_int_eq(alecable_sheave_set_node_contact(r.j, 0), 0);
    ck_assert_int_eq(alecable_sheave_set_lift_off(r.j, 1), 0);
    ck_assert_int_eq(alecable_model_finalize(r.m), 0);
    ck_assert_int_eq(alecable_sheave_set_lift_off(r.j, 0), 0);
    ck_assert_int_eq(alecable_model_finalize(r.m), 0);
    alecable_model_destroy(r.m);
    /* a sheave of 2 nodes */
    {
        double a2[2] = {0.5 * M_PI, 0.0};
        frig_build(&r, 2, a2, 1, 0, 0.0, 0);
        two = r.j;
        nj0 = r.m->joints.n, nl0 = r.m->loads.n; /* (core/model.h, through contact.h) */
        ck_assert_int_eq(alecable_pulley_friction(NULL, r.m, two, 0.3, +1), ALECABLE_EINVAL);
        ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(r.m), "interior"));
        fp.surface = NULL;
        ck_assert_int_eq(alecable_wrap_friction(NULL, r.m, two, &fp), ALECABLE_EINVAL);
        nj = r.m->joints.n, nl = r.m->loads.n;
        ck_assert_int_eq(nj, nj0);
        ck_assert_int_eq(nl, nl0);
        alecable_model_destroy(r.m);
    }
}
END_TEST

Suite *suite_sheave_friction(void)
{
    Suite *s = suite_create("sheave_friction");
    TCase *tc = tcase_create("friction on sheaves");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, slip_jacobian_matches_differences);
    tcase_add_test(tc, slip_capstan_as_fixed_wrap);
    tcase_add_test(tc, stick_slip_jacobian_matches_differences);
    tcase_add_test(tc, stick_slip_capstan_as_fixed_wrap);
    tcase_add_test(tc, tangent_reaction_capstan_as_fixed_wrap);
    tcase_add_test(tc, stick_under_unloading);
    tcase_add_test(tc, sheave_turned_by_friction);
    tcase_add_test(tc, slip_law_turns_a_free_sheave);
    tcase_add_test(tc, bad_input_is_refused);
    suite_add_tcase(s, tc);
    return s;
}
