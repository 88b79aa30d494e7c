/* Multi-segment lines and point bodies (issue 26, item 4):
 *
 *  - a vertical chain of two sections hanging from a fixed top (axial and
 *    ANCF elements, Lagrangian): the tension at the top is the sum of the
 *    weights, each axial element's force the weight of the material below
 *    its middle (the discrete equilibrium of linear elements: 1e-10), and
 *    the hanging length the closed form
 *        l = sum_sections int_0^L F(T(s)) ds,  T(s) = the weight below s,
 *    F the stretch of tension T (Green-Lagrange: EA (F^3 - F)/2 = T), the
 *    integral by a 64-point Gauss rule per section here (its error is
 *    rounding).  Axial elements hold the midpoint rule of that integral
 *    (to 1e-12 of l), which differs from it by L h^2 F''(T) w^2 / 24: 2e-5
 *    of the elongation at 20 elements a section (measured 9.4e-6).  ANCF
 *    elements with the junction node split (alecable_node_split_stretch:
 *    the stretch jumps with E A there) to 1e-7 of the elongation (without
 *    the split the jump is smeared: 2e-3);
 *  - the same chain released unstretched rings with its energy: the watch's
 *    balance and T + V (trapezoidal Newmark) within 1e-3 of the energy
 *    exchanged (the weight difference's potential in the model's energy);
 *  - each element kind's parameters from its range (EA, rhoA, EI; Kirchhoff
 *    and SE(3): the bending stiffness where the beam takes E I, the rotary
 *    inertia), the node between two sections one node;
 *  - a clump weight and a buoy at the middle node of a massless cable
 *    between two anchors: the kink's sag z against the closed form
 *    2 N z / l = (m - rho_f V) g, l = sqrt(a^2 + z^2), N = EA (F^3 - F)/2,
 *    F = l / L0 (Newton to rounding here; 1e-9), and the force balance at
 *    the node from the elements' forces;
 *  - a pendulum of a light stiff cable and a point mass (trapezoidal
 *    Newmark, h = T0/800): its period against the pendulum's
 *    T0 (1 + theta0^2/16) to 2e-4 (measured 3.8e-5: the cable's stretch
 *    m g/EA = 1e-4 lengthens it, Newmark's (w h)^2/12 = 5e-6), T + V
 *    (alecable_model_kinetic_energy, alecable_model_energy) conserved to
 *    1e-4 of the pendulum's energy (measured 3.1e-5), and the divergence watch's
 *    energy balance (its kinetic energy 1/2 v.M v with the point mass; the
 *    model offers no fused kinetic_energy callback then) to 1e-3 of the
 *    energy exchanged: without the point mass's T it would be off by T;
 *  - the residual against the model's energy (central differences) and the
 *    weighted Jacobian against the residual (drag, added mass, buoyancy,
 *    and sections on an ALE cable whose s are held: the weight difference's
 *    material terms);
 *  - a hydrodynamic load on a range of elements (alecable_load_hydro_set_elements):
 *    its buoyancy is a distributed load on those elements alone (1e-9);
 *  - bodies in a sea (alecable_point_mass_set_sea): the Jacobian of drag on
 *    the relative velocity, Froude-Krylov and added mass in waves and a
 *    current against differences; a neutrally buoyant body with added mass
 *    moves as the fluid particle (Newmark against RK4 of x'' = a_f, 1e-6 m);
 *    above the surface no buoyancy (a kink under m g alone, 1e-9);
 *  - a line's fairlead attached to a host-driven body follows its heave,
 *    the anchor holds;
 *  - a surface-piercing buoy (alecable_point_mass_set_waterplane) in a calm
 *    sea: its draft against (M g + W)/(rho_f g A) (1e-10, from below and
 *    from above the surface), its heave period against 2 pi sqrt((M + m_a)/k)
 *    (trapezoidal Newmark at T/1000: measured 3.3e-6, checked at 1e-5) with
 *    T + V conserved (3.9e-11 J of 75 J), its residual against its energy
 *    and its Jacobian, statics' too, against differences in a calm sea and
 *    in waves (the surface's slope);
 *  - bad input: each argument named, nothing changed. */
#include "suites.h"
#include "fd.h"
#include "problem_fd.h"
#include "core/model.h"

#include <alecable.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

Suite *suite_segments(void);

static const double G = 9.81;

static alecable_model *model_z(void)
{
    alecable_model *m;
    const double g[3] = {0.0, 0.0, -G};
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    ck_assert_int_eq(alecable_model_set_gravity(m, g), 0);
    ck_assert_int_eq(alecable_model_set_load_ramp(m, 0), 0);
    return m;
}

static alecable_section section(double E, double A, double rho, double I)
{
    alecable_section s;
    alecable_section_init(&s);
    s.E = E;
    s.A = A;
    s.rho = rho;
    s.I = I;
    return s;
}

static void fix_xyz(alecable_model *m, alecable_node *n)
{
    int d;
    for (d = ALECABLE_DOF_X; d <= ALECABLE_DOF_Z; d++) ck_assert_int_eq(alecable_fix(NULL, m, n, d), 0);
}

static void solve(alecable_model *m)
{
    alecable_quasistatic_options o;
    alecable_quasistatic_options_init(&o);
    o.load_steps = 4;
    ck_assert_msg(alecable_solve_quasistatic(m, &o, NULL) == 0, "%s", alecable_model_errmsg(m));
}

/* ---------------------------------------------------------------------------
 * The two-section hanging chain */

/* stretch F of tension T, Green-Lagrange: EA (F^3 - F)/2 = T */
static double stretch_gl(double EA, double T)
{
    double F = 1.0 + T / EA;
    int i;
    for (i = 0; i < 50; i++) {
        double r = 0.5 * EA * (F * F * F - F) - T, d = 0.5 * EA * (3.0 * F * F - 1.0);
        F -= r / d;
        if (fabs(r) <= 1e-15 * (T + EA)) break;
    }
    return F;
}

/* int_0^L F(T0 + w (L - s)) ds by a 64-point Gauss-Legendre rule (nodes from Newton on P_64) */
static double stretched_length(double EA, double w, double L, double T0)
{
    const int n = 64;
    double sum = 0.0;
    int i;
    for (i = 0; i < n; i++) {
        double x = cos(3.14159265358979323846 * (i + 0.75) / (n + 0.5)), p0, p1, dp = 1.0;
        int it, k;
        for (it = 0; it < 100; it++) {
            double dx;
            p0 = 1.0;
            p1 = x;
            for (k = 2; k <= n; k++) {
                double p2 = ((2.0 * k - 1.0) * x * p1 - (k - 1.0) * p0) / k;
                p0 = p1;
                p1 = p2;
            }
            dp = n * (x * p1 - p0) / (x * x - 1.0);
            dx = p1 / dp;
            x -= dx;
            if (fabs(dx) < 1e-16) break;
        }
        {
            double wt = 2.0 / ((1.0 - x * x) * dp * dp), s = 0.5 * L * (x + 1.0);
            sum += 0.5 * L * wt * stretch_gl(EA, T0 + w * (L - s));
        }
    }
    return sum;
}

/* top section (chain) of L1, bottom (wire) of L2, n elements each, hanging
 * along -z from the origin; the cable's own section is the wire's */
static alecable_model *hanging(int kind, int n, double L1, double L2, const alecable_section *s1,
                               const alecable_section *s2, alecable_cable **out)
{
    alecable_model *m = model_z();
    alecable_cable *c;
    alecable_node *top;
    double a[3] = {0, 0, 0}, mid[3] = {0, 0, -L1}, b[3] = {0, 0, -(L1 + L2)};
    ck_assert_int_eq(alecable_cable_create(&c, m, kind, s2), 0);
    ck_assert_int_eq(alecable_cable_set_lagrangian(c, 1), 0);
    ck_assert_int_eq(alecable_cable_line(c, a, mid, 0.0, L1, n), 0);
    ck_assert_int_eq(alecable_cable_line(c, mid, b, L1, L1 + L2, n), 0); /* from the same node on */
    ck_assert_int_eq(alecable_cable_set_section_range(c, 0, n, s1), 0);
    ck_assert_int_eq(alecable_cable_node(&top, c, 0), 0);
    fix_xyz(m, top);
    if (kind == ALECABLE_ELEMENT_ANCF) { /* the stretch jumps at the section change: split it there */
        alecable_node *j;
        ck_assert_int_eq(alecable_cable_node(&j, c, n), 0);
        ck_assert_int_eq(alecable_node_split_stretch(j, 1), 0);
    }
    *out = c;
    return m;
}

static void hanging_check(int kind)
{
    const int n = 20;
    const double L1 = 30.0, L2 = 50.0;
    alecable_section s1 = section(1e8, 1e-2, 7800.0, 1e-9), s2 = section(1e8, 2e-3, 1500.0, 1e-9);
    double w1 = s1.rho * s1.A * G, w2 = s2.rho * s2.A * G, x[3], l_ref, N;
    alecable_cable *c;
    alecable_node *bottom;
    alecable_model *m = hanging(kind, n, L1, L2, &s1, &s2, &c);
    int i;
    solve(m);
    ck_assert_int_eq(alecable_cable_node(&bottom, c, 2 * n), 0);
    ck_assert_int_eq(alecable_node_position(bottom, x), 0);
    l_ref = stretched_length(s2.E * s2.A, w2, L2, 0.0) + stretched_length(s1.E * s1.A, w1, L1, w2 * L2);
    ck_assert_msg(fabs(-x[2] - l_ref) <= (kind == ALECABLE_ELEMENT_AXIAL ? 2e-5 : 1e-7) * (l_ref - L1 - L2),
                  "kind %d: hanging length %.15g, closed form %.15g (elongation %.6g, error %.3g of it)", kind, -x[2],
                  l_ref, l_ref - L1 - L2, (-x[2] - l_ref) / (l_ref - L1 - L2));
    if (kind == ALECABLE_ELEMENT_AXIAL) { /* the elements' midpoint rule of the same integral: to rounding */
        double l_mid = 0.0;
        for (i = 0; i < 2 * n; i++) {
            double hl = (i < n ? L1 : L2) / n, sm = (i < n ? (i + 0.5) * L1 / n : L1 + (i - n + 0.5) * L2 / n);
            double below = sm < L1 ? w1 * (L1 - sm) + w2 * L2 : w2 * (L1 + L2 - sm);
            l_mid += hl * stretch_gl(i < n ? s1.E * s1.A : s2.E * s2.A, below);
        }
        ck_assert_msg(fabs(-x[2] - l_mid) <= 1e-12 * l_mid, "hanging length %.15g, midpoint rule %.15g", -x[2], l_mid);
    }
    if (kind == ALECABLE_ELEMENT_AXIAL) /* the discrete equilibrium: the weight below each element's middle */
        for (i = 0; i < 2 * n; i++) {
            alecable_element *e;
            double sm = (i < n ? (i + 0.5) * L1 / n : L1 + (i - n + 0.5) * L2 / n), below;
            below = sm < L1 ? w1 * (L1 - sm) + w2 * L2 : w2 * (L1 + L2 - sm);
            ck_assert_int_eq(alecable_cable_element(&e, c, i), 0);
            ck_assert_int_eq(alecable_element_axial_force(e, &N), 0);
            ck_assert_msg(fabs(N - below) <= 1e-10 * (w1 * L1 + w2 * L2), "element %d: N %.15g, weight below %.15g",
                          i, N, below);
        }
    { /* the top's reaction is the whole weight: the element forces and the lumped weights balance */
        alecable_element *e;
        ck_assert_int_eq(alecable_cable_element(&e, c, 0), 0);
        ck_assert_int_eq(alecable_element_axial_force(e, &N), 0);
        if (kind == ALECABLE_ELEMENT_AXIAL)
            ck_assert_msg(fabs(N + 0.5 * w1 * L1 / n - (w1 * L1 + w2 * L2)) <= 1e-10 * (w1 * L1 + w2 * L2),
                          "top: %.15g against %.15g", N + 0.5 * w1 * L1 / n, w1 * L1 + w2 * L2);
    }
    alecable_model_destroy(m);
}

START_TEST(two_section_hanging_chain_axial) { hanging_check(ALECABLE_ELEMENT_AXIAL); }
END_TEST

START_TEST(two_section_hanging_chain_ancf) { hanging_check(ALECABLE_ELEMENT_ANCF); }
END_TEST

/* The two-section chain released unstretched: it rings along its length.
 * The weight difference's potential belongs to the model's energy (the
 * problem offers it), and trapezoidal Newmark's energy balance closes:
 * the divergence watch's energy created within 1e-3 of the energy exchanged,
 * T + V of the model's queries within 1e-3 of it too */
START_TEST(two_section_chain_rings_with_its_energy)
{
    alecable_section s1 = section(1e7, 1e-2, 7800.0, 0.0), s2 = section(1e7, 2e-3, 1500.0, 0.0);
    alecable_cable *c;
    alecable_model *m = hanging(ALECABLE_ELEMENT_AXIAL, 8, 30.0, 50.0, &s1, &s2, &c);
    alecable_problem p;
    alecable_integrator *it;
    alecable_dynamic_options o;
    alecable_step_stats st;
    double wi, we, T, E0, dE = 0.0;
    int k;
    ck_assert_int_eq(alecable_model_problem(&p, m), 0);
    ck_assert_msg(p.energy != NULL, "sections and weights are conservative: the model offers its energy");
    alecable_dynamic_options_init(&o);
    o.method = ALECABLE_METHOD_NEWMARK;
    o.h = 2e-3;
    o.watch = 1;
    ck_assert_msg(alecable_model_integrator(&it, m, &o) == 0, "%s", alecable_model_errmsg(m));
    ck_assert_int_eq(alecable_model_energy(m, &wi, &we), 0);
    E0 = wi + we;
    for (k = 0; k < 250; k++) {
        ck_assert_msg(alecable_integrator_step(it, o.h) == 0, "%s", alecable_integrator_errmsg(it));
        ck_assert_int_eq(alecable_model_pull_state(m, it), 0);
        ck_assert_int_eq(alecable_model_kinetic_energy(m, &T), 0);
        ck_assert_int_eq(alecable_model_energy(m, &wi, &we), 0);
        dE = fmax(dE, fabs(T + wi + we - E0));
    }
    alecable_step_stats_init(&st);
    ck_assert_int_eq(alecable_integrator_stats(it, &st), 0);
    ck_assert_msg(st.energy_exchanged > 0.0 && fabs(st.energy_created) <= 1e-3 * st.energy_exchanged,
                  "the watch's balance: %g J created of %g J exchanged", st.energy_created, st.energy_exchanged);
    ck_assert_msg(dE <= 1e-3 * st.energy_exchanged, "T + V drifts by %g J of %g J exchanged", dE, st.energy_exchanged);
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
}
END_TEST

/* each kind's element parameters from its range; nodes between sections stay one */
START_TEST(range_parameters_every_kind)
{
    const int kinds[4] = {ALECABLE_ELEMENT_AXIAL, ALECABLE_ELEMENT_ANCF, ALECABLE_ELEMENT_KIRCHHOFF,
                          ALECABLE_ELEMENT_SE3};
    int k;
    for (k = 0; k < 4; k++) {
        alecable_model *m = model_z();
        alecable_cable *c;
        alecable_section s0 = section(2e9, 1e-3, 1000.0, 1e-8), s1 = section(1e9, 4e-3, 7000.0, 3e-8);
        double a[3] = {0, 0, 0}, b[3] = {6, 0, 0};
        int nn, ne, i;
        ck_assert_int_eq(alecable_cable_create(&c, m, kinds[k], &s0), 0);
        ck_assert_int_eq(alecable_cable_set_lagrangian(c, 1), 0);
        ck_assert_int_eq(alecable_cable_line(c, a, b, 0.0, 6.0, 6), 0);
        ck_assert_int_eq(alecable_cable_set_section_range(c, 2, 3, &s1), 0);
        if (kinds[k] == ALECABLE_ELEMENT_KIRCHHOFF || kinds[k] == ALECABLE_ELEMENT_SE3) {
            alecable_beam_params bp;
            alecable_node *n0;
            alecable_beam_params_init(&bp);
            bp.GJ = 5.0;
            bp.EI3 = 7.0; /* EI2 from each element's section */
            ck_assert_int_eq(alecable_cable_set_beam(c, &bp), 0);
            if (kinds[k] == ALECABLE_ELEMENT_SE3) ck_assert_int_eq(alecable_cable_set_shear(c, 1e6, 1e6), 0);
            ck_assert_int_eq(alecable_cable_node(&n0, c, 0), 0);
            if (kinds[k] == ALECABLE_ELEMENT_SE3) {
                ck_assert_int_eq(alecable_fix(NULL, m, n0, ALECABLE_DOF_RX), 0);
                ck_assert_int_eq(alecable_fix(NULL, m, n0, ALECABLE_DOF_RY), 0);
                ck_assert_int_eq(alecable_fix(NULL, m, n0, ALECABLE_DOF_RZ), 0);
            } else
                ck_assert_int_eq(alecable_fix(NULL, m, n0, ALECABLE_DOF_ROLL), 0);
        }
        { /* a point body at node 3 (an SE(3) node's position too) */
            alecable_point_mass_params pp;
            alecable_node *n3;
            alecable_point_mass_params_init(&pp);
            pp.mass = 3.0;
            ck_assert_int_eq(alecable_cable_node(&n3, c, 3), 0);
            ck_assert_int_eq(alecable_node_point_mass(NULL, n3, &pp), 0);
        }
        ck_assert_msg(alecable_model_finalize(m) == 0, "kind %d: %s", kinds[k], alecable_model_errmsg(m));
        { /* M a: a unit z acceleration of node 3 alone gets its z row 3 kg plus its elements' share (of their 56 kg),
           * and the weight 3 g more than without the body (its elements' weights are the same rows) */
            alecable_problem p;
            double *q, *a0, *r, *r0, *lam;
            int nt, d = c->nodes[3]->dof0 + 2;
            ck_assert_int_eq(alecable_model_problem(&p, m), 0);
            nt = p.nq + p.nlam;
            q = calloc((size_t)nt, sizeof *q);
            a0 = calloc((size_t)nt, sizeof *a0);
            r = calloc((size_t)nt, sizeof *r);
            r0 = calloc((size_t)nt, sizeof *r0);
            lam = calloc((size_t)nt, sizeof *lam);
            ck_assert(q && a0 && r && r0 && lam);
            ck_assert_int_eq(alecable_model_get_state(m, q, NULL, NULL), 0);
            a0[d] = 1.0;
            ck_assert_int_eq(p.inertia(p.ctx, 0.0, q, a0, a0, r), 0);
            ck_assert_msg(r[d] > 3.0 && r[d] <= 3.0 + 56.0, "kind %d: M_zz %g", kinds[k], r[d]);
            ck_assert_int_eq(p.residual(p.ctx, 0.0, q, NULL, NULL, lam, r), 0);
            {
                /* the elements' weight on node 3: rho A g over half of each neighbour (both of range s1: i = 2, 3) */
                double wel = -s1.rho * s1.A * G * 1.0;
                ck_assert_msg(fabs(r[d] - (3.0 * G - wel)) <= 1e-9 * 3.0 * G, "kind %d: r_z %.12g, weights %.12g",
                              kinds[k], r[d], 3.0 * G - wel);
            }
            free(q);
            free(a0);
            free(r);
            free(r0);
            free(lam);
        }
        ck_assert_int_eq(alecable_cable_counts(c, &nn, &ne), 0);
        ck_assert_int_eq(nn, 7);
        ck_assert_int_eq(ne, 6);
        for (i = 0; i < 6; i++) {
            const alecable_section *s = i >= 2 && i < 5 ? &s1 : &s0;
            const el_params *p = &c->el[i]->par;
            ck_assert_double_eq(p->EA, s->E * s->A);
            ck_assert_double_eq(p->rhoA, s->rho * s->A);
            if (kinds[k] == ALECABLE_ELEMENT_ANCF) ck_assert_double_eq(p->EI, s->E * s->I);
            if (kinds[k] == ALECABLE_ELEMENT_KIRCHHOFF || kinds[k] == ALECABLE_ELEMENT_SE3) {
                ck_assert_double_eq(p->EI, s->E * s->I);
                ck_assert_double_eq(p->EI3, 7.0);
                ck_assert_double_eq_tol(p->rhoJ[1], s->rho * s->I, 1e-15 * s->rho * s->I);
                ck_assert_double_eq_tol(p->rhoJ[2], s->rho * 7.0 / s->E, 1e-15 * s->rho * 7.0 / s->E);
            }
            if (i > 0) ck_assert_ptr_eq(c->el[i]->a, c->el[i - 1]->b);
        }
        alecable_model_destroy(m);
    }
}
END_TEST

/* ---------------------------------------------------------------------------
 * Point bodies */

/* a massless axial cable from (-a, 0, 0) to (a, 0, 0), two elements of
 * unstretched L0 each, a point body at the middle node */
static alecable_model *kink(double a, double L0, double EA, const alecable_point_mass_params *pp, alecable_node **mid,
                            alecable_cable **out)
{
    alecable_model *m = model_z();
    alecable_cable *c;
    alecable_section s = section(EA, 1.0, 0.0, 0.0);
    alecable_node *n;
    double xa[3] = {-a, 0, 0}, xb[3] = {a, 0, 0};
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_AXIAL, &s), 0);
    ck_assert_int_eq(alecable_cable_set_lagrangian(c, 1), 0);
    ck_assert_int_eq(alecable_cable_line(c, xa, xb, 0.0, 2.0 * L0, 2), 0);
    ck_assert_int_eq(alecable_cable_node(&n, c, 0), 0);
    fix_xyz(m, n);
    ck_assert_int_eq(alecable_cable_node(&n, c, 2), 0);
    fix_xyz(m, n);
    ck_assert_int_eq(alecable_cable_node(mid, c, 1), 0);
    ck_assert_int_eq(alecable_fix(NULL, m, *mid, ALECABLE_DOF_Y), 0);
    ck_assert_int_eq(alecable_node_point_mass(NULL, *mid, pp), 0);
    *out = c;
    return m;
}

/* z of the kink: 2 N(l) z / l = -W (W = (m - rho_f V) g, z < 0 for W > 0) */
static double kink_sag(double a, double L0, double EA, double W)
{
    double z = W > 0 ? -0.5 * a : 0.5 * a;
    int i;
    for (i = 0; i < 100; i++) {
        double h = 1e-7 * a, r, rp;
#define KINK_R(zz) (EA * (pow(sqrt(a * a + (zz) * (zz)) / L0, 3) - sqrt(a * a + (zz) * (zz)) / L0) * (zz) / \
                    sqrt(a * a + (zz) * (zz)) + W)
        r = KINK_R(z);
        rp = (KINK_R(z + h) - KINK_R(z - h)) / (2 * h);
#undef KINK_R
        z -= r / rp;
        if (fabs(r) < 1e-14 * fabs(W)) break;
    }
    return z;
}

static void kink_check(double mass, double volume)
{
    const double a = 10.0, L0 = 10.2, EA = 1e5;
    alecable_point_mass_params pp;
    alecable_node *mid;
    alecable_cable *c;
    alecable_model *m;
    double x[3], z, W, bal[3] = {0, 0, 0};
    int e, k;
    alecable_point_mass_params_init(&pp);
    pp.mass = mass;
    pp.volume = volume;
    W = (mass - 1025.0 * volume) * G;
    m = kink(a, L0, EA, &pp, &mid, &c);
    { /* start off the straight line, on the side the body pulls to */
        double x0[3] = {0, 0, W > 0 ? -2.0 : 2.0};
        ck_assert_int_eq(alecable_node_set(mid, x0, L0), 0);
    }
    solve(m);
    ck_assert_int_eq(alecable_node_position(mid, x), 0);
    z = kink_sag(a, L0, EA, W);
    ck_assert_msg(fabs(x[2] - z) <= 1e-9 * fabs(z), "sag %.15g, closed form %.15g", x[2], z);
    for (e = 0; e < 2; e++) { /* the elements pull the node along their chords */
        alecable_element *el;
        alecable_node *o;
        double N, xo[3], d[3], l;
        ck_assert_int_eq(alecable_cable_element(&el, c, e), 0);
        ck_assert_int_eq(alecable_element_axial_force(el, &N), 0);
        ck_assert_int_eq(alecable_cable_node(&o, c, 2 * e), 0);
        ck_assert_int_eq(alecable_node_position(o, xo), 0);
        for (k = 0; k < 3; k++) d[k] = xo[k] - x[k];
        l = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
        for (k = 0; k < 3; k++) bal[k] += N * d[k] / l;
    }
    bal[2] -= W;
    for (k = 0; k < 3; k++) ck_assert_msg(fabs(bal[k]) <= 1e-9 * fabs(W), "balance[%d] = %g of W %g", k, bal[k], W);
    alecable_model_destroy(m);
}

START_TEST(clump_weight_kink) { kink_check(500.0, 0.0); }
END_TEST

/* a buoy: 2 m^3 displaced, 300 kg: a net lift, the kink points up */
START_TEST(buoy_kink) { kink_check(300.0, 2.0); }
END_TEST

/* the pendulum: a light stiff cable of length L from a fixed top, a point
 * mass at its end, released from theta0 */
static alecable_model *pendulum(double L, double theta0, double mass, int nel, alecable_node **bob)
{
    alecable_model *m = model_z();
    alecable_cable *c;
    alecable_section s = section(1e9, 1e-4, 1.0, 0.0); /* rho A = 1e-4 kg/m against the 1 kg bob */
    alecable_point_mass_params pp;
    alecable_node *n;
    double a[3] = {0, 0, 0}, b[3] = {L * sin(theta0), 0, -L * cos(theta0)};
    int i;
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_AXIAL, &s), 0);
    ck_assert_int_eq(alecable_cable_set_lagrangian(c, 1), 0);
    ck_assert_int_eq(alecable_cable_line(c, a, b, 0.0, L, nel), 0);
    ck_assert_int_eq(alecable_cable_node(&n, c, 0), 0);
    fix_xyz(m, n);
    for (i = 1; i <= nel; i++) {
        ck_assert_int_eq(alecable_cable_node(&n, c, i), 0);
        ck_assert_int_eq(alecable_fix(NULL, m, n, ALECABLE_DOF_Y), 0);
    }
    alecable_point_mass_params_init(&pp);
    pp.mass = mass;
    ck_assert_int_eq(alecable_node_point_mass(NULL, n, &pp), 0);
    *bob = n;
    return m;
}

START_TEST(pendulum_period_and_energy)
{
    const double L = 2.0, theta0 = 0.1, T0 = 2.0 * 3.14159265358979323846 * sqrt(L / G);
    const double Tref = T0 * (1.0 + theta0 * theta0 / 16.0), h = T0 / 800.0;
    alecable_node *bob;
    alecable_model *m = pendulum(L, theta0, 1.0, 1, &bob);
    alecable_problem p;
    alecable_integrator *it;
    alecable_dynamic_options o;
    alecable_step_stats st;
    double x[3], xprev = 0.0, t = 0.0, cross[3], E0 = 0.0, wi, we, T, dEmax = 0.0;
    int nc = 0, step;
    ck_assert_int_eq(alecable_model_problem(&p, m), 0);
    ck_assert_msg(p.kinetic_energy == NULL, "a model with point masses has no fused kinetic_energy callback");
    ck_assert_msg(p.energy != NULL, "weights and point masses are conservative: the model offers its energy");
    alecable_dynamic_options_init(&o);
    o.method = ALECABLE_METHOD_NEWMARK;
    o.h = h;
    o.watch = 1;
    ck_assert_msg(alecable_model_integrator(&it, m, &o) == 0, "%s", alecable_model_errmsg(m));
    ck_assert_int_eq(alecable_node_position(bob, x), 0);
    xprev = x[0];
    ck_assert_int_eq(alecable_model_energy(m, &wi, &we), 0);
    E0 = wi + we;
    for (step = 1; step <= (int)(2.2 * T0 / h) && nc < 3; step++) {
        ck_assert_msg(alecable_integrator_step(it, h) == 0, "%s", alecable_integrator_errmsg(it));
        ck_assert_int_eq(alecable_model_pull_state(m, it), 0);
        t = step * h;
        ck_assert_int_eq(alecable_node_position(bob, x), 0);
        if ((xprev > 0) != (x[0] > 0)) cross[nc++] = t - h * x[0] / (x[0] - xprev);
        xprev = x[0];
        ck_assert_int_eq(alecable_model_kinetic_energy(m, &T), 0);
        ck_assert_int_eq(alecable_model_energy(m, &wi, &we), 0);
        dEmax = fmax(dEmax, fabs(T + wi + we - E0));
    }
    ck_assert_int_eq(nc, 3);
    /* two crossings are a period apart */
    ck_assert_msg(fabs((cross[2] - cross[0]) - Tref) <= 2e-4 * Tref, "period %.9g, pendulum's %.9g",
                  cross[2] - cross[0], Tref);
    /* T + V of the model's queries (T with the bob's 1/2 m v^2) */
    {
        double Epend = 1.0 * G * L * (1.0 - cos(theta0));
        ck_assert_msg(dEmax <= 1e-4 * Epend, "T + V drifts by %g J of %g J", dEmax, Epend);
        alecable_step_stats_init(&st);
        ck_assert_int_eq(alecable_integrator_stats(it, &st), 0);
        ck_assert_msg(st.energy_exchanged >= 0.5 * Epend, "exchanged %g J of the pendulum's %g J",
                      st.energy_exchanged, Epend);
        ck_assert_msg(fabs(st.energy_created) <= 1e-3 * st.energy_exchanged,
                      "the watch's balance: %g J created of %g J exchanged", st.energy_created, st.energy_exchanged);
    }
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
}
END_TEST

/* residual = dV/dq (central differences of the model's energy) and the
 * weighted Jacobian against the residual, with drag, added mass and
 * buoyancy, and a section range on an ALE cable whose s are all held */
START_TEST(point_mass_fd)
{
    alecable_model *m = model_z();
    alecable_cable *c, *c2;
    alecable_section s = section(1e5, 1e-2, 800.0, 1e-6), s1 = section(3e5, 2e-2, 2000.0, 1e-6);
    alecable_point_mass_params pp;
    alecable_node *n;
    alecable_problem p;
    double a[3] = {0, 0, 0}, b[3] = {3, 0.5, -2}, *q, *v, *acc, *r, *lam, vi, ve, err = 0.0, fm = 0.0;
    const double w[3] = {0.9, 0.6, 0.3};
    int i, nt;
    /* an ANCF cable, Lagrangian, with a buoy and a clump */
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_ANCF, &s), 0);
    ck_assert_int_eq(alecable_cable_set_lagrangian(c, 1), 0);
    ck_assert_int_eq(alecable_cable_line(c, a, b, 0.0, 3.8, 4), 0);
    ck_assert_int_eq(alecable_cable_set_section_range(c, 1, 2, &s1), 0);
    ck_assert_int_eq(alecable_cable_node(&n, c, 0), 0);
    fix_xyz(m, n);
    alecable_point_mass_params_init(&pp);
    pp.mass = 40.0;
    pp.volume = 0.1;
    pp.drag_area = 0.3;
    pp.added_mass = 12.0;
    ck_assert_int_eq(alecable_cable_node(&n, c, 2), 0);
    ck_assert_int_eq(alecable_node_point_mass(NULL, n, &pp), 0);
    ck_assert_int_eq(alecable_cable_node(&n, c, 4), 0);
    pp.volume = 0.0;
    ck_assert_int_eq(alecable_node_point_mass(NULL, n, &pp), 0);
    /* an ALE axial cable whose s are held, a heavier middle range */
    ck_assert_int_eq(alecable_cable_create(&c2, m, ALECABLE_ELEMENT_AXIAL, &s), 0);
    {
        double a2[3] = {0, 2, 0}, b2[3] = {2, 2.5, -1.5};
        ck_assert_int_eq(alecable_cable_line(c2, a2, b2, 0.0, 2.7, 3), 0);
    }
    ck_assert_int_eq(alecable_cable_set_section_range(c2, 1, 1, &s1), 0);
    for (i = 0; i <= 3; i++) {
        ck_assert_int_eq(alecable_cable_node(&n, c2, i), 0);
        ck_assert_int_eq(alecable_fix(NULL, m, n, ALECABLE_DOF_S), 0);
        if (i == 0) fix_xyz(m, n);
        if (i == 2) ck_assert_int_eq(alecable_node_point_mass(NULL, n, &pp), 0);
    }
    ck_assert_msg(alecable_model_problem(&p, m) == 0, "%s", alecable_model_errmsg(m));
    ck_assert(p.energy != NULL);
    nt = p.nq + p.nlam;
    q = calloc((size_t)nt, sizeof *q);
    v = calloc((size_t)nt, sizeof *v);
    acc = calloc((size_t)nt, sizeof *acc);
    r = calloc((size_t)nt, sizeof *r);
    lam = calloc((size_t)nt, sizeof *lam);
    ck_assert(q && v && acc && r && lam);
    pfd_perturbed_state(m, p.nq, 7u, q, v, acc);
    ck_assert_int_eq(p.residual(p.ctx, 0.0, q, NULL, NULL, lam, r), 0);
    for (i = 0; i < p.nq; i++) {
        double h = 1e-6 * (1.0 + fabs(q[i])), qi = q[i], Vp, Vm;
        q[i] = qi + h;
        ck_assert_int_eq(p.energy(p.ctx, 0.0, q, &vi, &ve), 0);
        Vp = vi + ve;
        q[i] = qi - h;
        ck_assert_int_eq(p.energy(p.ctx, 0.0, q, &vi, &ve), 0);
        Vm = vi + ve;
        q[i] = qi;
        err = fmax(err, fabs((Vp - Vm) / (2.0 * h) - r[i]));
        fm = fmax(fm, fabs(r[i]));
    }
    ck_assert_msg(err <= 1e-6 * fm, "dV/dq - r: %g against forces of %g", err, fm);
    err = pfd_weighted_jacobian_error(&p, 0.0, q, v, acc, lam, w);
    ck_assert_msg(err <= 1e-6, "weighted Jacobian against differences: %g", err);
    { /* statics' Jacobian too (v = a = NULL) */
        double w1[3] = {1, 0, 0};
        err = pfd_weighted_jacobian_error(&p, 0.0, q, v, acc, lam, w1);
        ck_assert_msg(err <= 1e-6, "quasistatic weights: %g", err);
    }
    { /* the inertia callback M a holds the bodies' m + m_a on their nodes' rows: the end node's z row
       * of a unit z acceleration there is 52 kg plus its element's share of 7.6 kg */
        double *ri = calloc((size_t)nt, sizeof *ri);
        ck_assert(ri);
        memset(acc, 0, (size_t)nt * sizeof *acc);
        ck_assert_int_eq(alecable_cable_node(&n, c, 4), 0);
        acc[n->dof0 + 2] = 1.0;
        ck_assert_int_eq(p.inertia(p.ctx, 0.0, q, v, acc, ri), 0);
        ck_assert_msg(ri[n->dof0 + 2] > 52.0 && ri[n->dof0 + 2] < 52.0 + 7.6, "M_zz = %g", ri[n->dof0 + 2]);
        free(ri);
    }
    free(q);
    free(v);
    free(acc);
    free(r);
    free(lam);
    alecable_model_destroy(m);
}
END_TEST

/* A hydrodynamic load on a range of elements: its buoyancy is the
 * distributed load rho_f (pi d^2/4) g up on those elements alone */
static alecable_model *buoyant_range(int hydro, alecable_load **l)
{
    alecable_model *m = model_z();
    alecable_cable *c;
    alecable_section s = section(1e6, 1e-3, 3000.0, 0.0);
    alecable_node *n;
    double a[3] = {0, 0, 0}, b[3] = {5, 0, -3};
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_ANCF, &s), 0);
    ck_assert_int_eq(alecable_cable_set_lagrangian(c, 1), 0);
    ck_assert_int_eq(alecable_cable_line(c, a, b, 0.0, 6.0, 6), 0);
    ck_assert_int_eq(alecable_cable_node(&n, c, 0), 0);
    fix_xyz(m, n);
    if (hydro) {
        alecable_hydro_params hp;
        alecable_hydro_params_init(&hp);
        hp.diameter = 0.2;
        hp.terms = ALECABLE_HYDRO_BUOYANCY;
        ck_assert_int_eq(alecable_load_hydro(l, m, c, &hp), 0);
        ck_assert_int_eq(alecable_load_hydro_set_elements(*l, 2, 3), 0);
    } else {
        double f[3] = {0, 0, 1025.0 * 3.14159265358979323846 * 0.01 * G};
        ck_assert_int_eq(alecable_load_distributed_range(l, m, c, 2, 3, f), 0);
    }
    return m;
}

START_TEST(hydro_load_on_a_range)
{
    alecable_load *lh, *ld;
    alecable_model *mh = buoyant_range(1, &lh), *md = buoyant_range(0, &ld);
    alecable_problem ph, pd;
    double q[64], lam[64], rh[64], rd[64], v[64], a[64];
    int i;
    unsigned seed = 3u;
    ck_assert_int_eq(alecable_model_problem(&ph, mh), 0);
    ck_assert_int_eq(alecable_model_problem(&pd, md), 0);
    ck_assert_int_eq(ph.nq + ph.nlam, pd.nq + pd.nlam);
    ck_assert_int_le(ph.nq + ph.nlam, 64);
    ck_assert_int_eq(alecable_model_get_state(mh, q, NULL, NULL), 0);
    for (i = 0; i < ph.nq; i++) q[i] += 0.05 * fd_rand(&seed);
    memset(lam, 0, sizeof lam);
    memset(v, 0, sizeof v);
    memset(a, 0, sizeof a);
    ck_assert_int_eq(ph.residual(ph.ctx, 1.0, q, v, a, lam, rh), 0);
    ck_assert_int_eq(pd.residual(pd.ctx, 1.0, q, v, a, lam, rd), 0);
    for (i = 0; i < ph.nq; i++) ck_assert_msg(fabs(rh[i] - rd[i]) <= 1e-9 * 3000.0 * 1e-3 * G, "r[%d]: %.15g against %.15g",
                                              i, rh[i], rd[i]);
    /* bad input, nothing changed */
    ck_assert_int_eq(alecable_load_hydro_set_elements(NULL, 0, 1), ALECABLE_ENULL);
    ck_assert_int_eq(alecable_load_hydro_set_elements((alecable_load *)(void *)mh, 0, 1), ALECABLE_EHANDLE);
    ck_assert_int_eq(alecable_load_hydro_set_elements(ld, 0, 1), ALECABLE_EINVAL);
    ck_assert(strstr(alecable_model_errmsg(md), "hydrodynamic") != NULL);
    ck_assert_int_eq(alecable_load_hydro_set_elements(lh, 6, 1), ALECABLE_ERANGE);
    ck_assert(strstr(alecable_model_errmsg(mh), "first_element") != NULL);
    ck_assert_int_eq(alecable_load_hydro_set_elements(lh, 2, 5), ALECABLE_ERANGE);
    ck_assert(strstr(alecable_model_errmsg(mh), "n_elements") != NULL);
    ck_assert_int_eq(lh->first_el, 2);
    ck_assert_int_eq(lh->n_el, 3);
    ck_assert_int_eq(alecable_load_hydro_set_elements(lh, 0, 0), 0); /* the whole cable again */
    ck_assert_int_eq(lh->n_el, -1);
    alecable_model_destroy(mh);
    alecable_model_destroy(md);
}
END_TEST

/* ---------------------------------------------------------------------------
 * Point bodies in a sea */

static alecable_sea *airy_sea(alecable_model *m, double level)
{
    alecable_sea_params sp;
    alecable_sea *sea;
    double cur[8] = {-20.0, 0.1, 0.05, 0.0, 0.0, 0.4, 0.0, 0.0};
    alecable_sea_params_init(&sp);
    sp.level = level;
    sp.depth = 20.0;
    sp.waves = ALECABLE_WAVES_AIRY;
    sp.height = 1.0;
    sp.period = 4.0;
    sp.heading = 0.3;
    sp.n_current = 2;
    sp.current = cur;
    ck_assert_int_eq(alecable_sea_create(&sea, m, &sp), 0);
    return sea;
}

/* the Jacobian of bodies in waves and a current (drag on the relative
 * velocity, Froude-Krylov, added mass) against differences of the residual */
START_TEST(point_mass_in_sea_fd)
{
    alecable_model *m = model_z();
    alecable_cable *c;
    alecable_section s = section(1e5, 1e-3, 1000.0, 0.0);
    alecable_point_mass_params pp;
    alecable_point_mass *pm;
    alecable_sea *sea = airy_sea(m, 0.0);
    alecable_node *n;
    alecable_problem p;
    double a[3] = {0, 0, -5}, b[3] = {3, 1, -6}, *q, *v, *acc, *lam, err;
    const double w[3] = {0.8, 0.5, 0.3};
    int i, nt;
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_AXIAL, &s), 0);
    ck_assert_int_eq(alecable_cable_set_lagrangian(c, 1), 0);
    ck_assert_int_eq(alecable_cable_line(c, a, b, 0.0, 3.5, 2), 0);
    ck_assert_int_eq(alecable_cable_node(&n, c, 0), 0);
    fix_xyz(m, n);
    alecable_point_mass_params_init(&pp);
    pp.mass = 30.0;
    pp.volume = 0.05;
    pp.drag_area = 0.4;
    pp.added_mass = 20.0;
    for (i = 1; i <= 2; i++) {
        ck_assert_int_eq(alecable_cable_node(&n, c, i), 0);
        ck_assert_int_eq(alecable_node_point_mass(&pm, n, &pp), 0);
        ck_assert_int_eq(alecable_point_mass_set_sea(pm, sea), 0);
    }
    ck_assert_int_eq(alecable_model_problem(&p, m), 0);
    ck_assert_msg(p.energy == NULL, "bodies in a sea: no potential holds their forces");
    nt = p.nq + p.nlam;
    q = calloc((size_t)nt, sizeof *q);
    v = calloc((size_t)nt, sizeof *v);
    acc = calloc((size_t)nt, sizeof *acc);
    lam = calloc((size_t)nt, sizeof *lam);
    ck_assert(q && v && acc && lam);
    pfd_perturbed_state(m, p.nq, 11u, q, v, acc);
    err = pfd_weighted_jacobian_error(&p, 0.7, q, v, acc, lam, w);
    ck_assert_msg(err <= 1e-6, "weighted Jacobian in a sea against differences: %g", err);
    /* bad input */
    ck_assert_int_eq(alecable_point_mass_set_sea(NULL, sea), ALECABLE_ENULL);
    ck_assert_int_eq(alecable_point_mass_set_sea((alecable_point_mass *)(void *)c, sea), ALECABLE_EHANDLE);
    ck_assert_int_eq(alecable_point_mass_set_sea(pm, (const alecable_sea *)(void *)c), ALECABLE_EHANDLE);
    {
        alecable_model *m2 = model_z();
        alecable_sea *s2 = airy_sea(m2, 0.0);
        ck_assert_int_eq(alecable_point_mass_set_sea(pm, s2), ALECABLE_EHANDLE);
        ck_assert(strstr(alecable_model_errmsg(m), "another model") != NULL);
        alecable_model_destroy(m2);
    }
    ck_assert_int_eq(alecable_point_mass_set_sea(pm, NULL), 0);
    ck_assert_int_eq(alecable_point_mass_set_sea(pm, NULL), 0);
    free(q);
    free(v);
    free(acc);
    free(lam);
    alecable_model_destroy(m);
}
END_TEST

/* A neutrally buoyant body (m = rho_f V) with added mass and without drag
 * moves as the fluid particle: (m + m_a) x'' = (rho_f V + m_a) a_f, so
 * x'' = a_f(x, t).  Two such bodies on a massless cable too soft to matter
 * (EA = 1e-6 N), started with the fluid's velocity: Newmark's trapezoidal
 * rule (h = 1e-3 s, 2 s) against RK4 of x'' = a_f with the sea's own a_f
 * (1e-6 m, as test_waves.c's cable: the rule's O(h^2)) */
START_TEST(neutral_point_mass_follows_fluid_particle)
{
    const double x0[3] = {0.0, 0.0, -3.0}, x1[3] = {0.0, 1.0, -3.0}, T = 2.0;
    alecable_model *m = model_z();
    alecable_cable *c;
    alecable_section sec = section(1e-3, 1e-3, 0.0, 0.0);
    alecable_sea_params sp;
    alecable_sea *sea;
    alecable_point_mass_params pp;
    alecable_point_mass *pm;
    alecable_integrator *it;
    alecable_dynamic_options o;
    alecable_node *nd[2];
    double *q, *v, y[4], uf[3], t;
    int nq, ix[2], iz[2], j, n;
    alecable_sea_params_init(&sp);
    sp.depth = 20.0;
    sp.waves = ALECABLE_WAVES_AIRY;
    sp.height = 1.0;
    sp.period = 4.0;
    ck_assert_int_eq(alecable_sea_create(&sea, m, &sp), 0);
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_AXIAL, &sec), 0);
    ck_assert_int_eq(alecable_cable_set_lagrangian(c, 1), 0);
    ck_assert_int_eq(alecable_cable_line(c, x0, x1, 0.0, 1.0, 1), 0);
    alecable_point_mass_params_init(&pp);
    pp.volume = 0.01;
    pp.mass = 1025.0 * 0.01;
    pp.added_mass = 5.0;
    for (j = 0; j < 2; j++) {
        ck_assert_int_eq(alecable_cable_node(&nd[j], c, j), 0);
        ck_assert_int_eq(alecable_node_point_mass(&pm, nd[j], &pp), 0);
        ck_assert_int_eq(alecable_point_mass_set_sea(pm, sea), 0);
    }
    alecable_dynamic_options_init(&o);
    o.method = ALECABLE_METHOD_NEWMARK;
    o.h = 1e-3;
    ck_assert_msg(alecable_model_integrator(&it, m, &o) == 0, "%s", alecable_model_errmsg(m));
    ck_assert_int_eq(alecable_integrator_sizes(it, &nq, NULL), 0);
    q = calloc((size_t)nq, sizeof *q);
    v = calloc((size_t)nq, sizeof *v);
    ck_assert(q && v);
    ck_assert_int_eq(alecable_integrator_get_state(it, NULL, q, NULL, NULL, NULL), 0);
    ck_assert_int_eq(alecable_sea_kinematics(sea, 0.0, x0, NULL, uf, NULL), 0);
    for (j = 0; j < 2; j++) {
        ck_assert_int_eq(alecable_node_dof_index(nd[j], ALECABLE_DOF_X, &ix[j]), 0);
        ck_assert_int_eq(alecable_node_dof_index(nd[j], ALECABLE_DOF_Z, &iz[j]), 0);
        v[ix[j]] = uf[0];
        v[iz[j]] = uf[2];
    }
    ck_assert_int_eq(alecable_integrator_set_state(it, 0.0, q, v, NULL, NULL), 0);
    ck_assert_msg(alecable_integrator_advance(it, T) == 0, "%s", alecable_integrator_errmsg(it));
    ck_assert_int_eq(alecable_integrator_get_state(it, &t, q, NULL, NULL, NULL), 0);
    /* RK4 of (x, z, u, w)' = (u, w, a_f(x, z, t)) */
    y[0] = x0[0], y[1] = x0[2], y[2] = uf[0], y[3] = uf[2];
    for (n = 0; n < 2000; n++) {
        double k[4][4], h = 1e-3, tt = n * h;
        int st, i;
        for (st = 0; st < 4; st++) {
            double f = st == 0 ? 0.0 : st == 3 ? 1.0 : 0.5, z[4], pt[3], a[3];
            for (i = 0; i < 4; i++) z[i] = y[i] + (st ? f * h * k[st - 1][i] : 0.0);
            pt[0] = z[0], pt[1] = 0.5, pt[2] = z[1];
            ck_assert_int_eq(alecable_sea_kinematics(sea, tt + f * h, pt, NULL, NULL, a), 0);
            k[st][0] = z[2], k[st][1] = z[3], k[st][2] = a[0], k[st][3] = a[2];
        }
        for (i = 0; i < 4; i++) y[i] += h / 6.0 * (k[0][i] + 2.0 * k[1][i] + 2.0 * k[2][i] + k[3][i]);
    }
    for (j = 0; j < 2; j++) {
        ck_assert_msg(fabs(q[ix[j]] - y[0]) <= 1e-6 && fabs(q[iz[j]] - y[1]) <= 1e-6,
                      "node %d at (%.9g, %.9g), the fluid particle at (%.9g, %.9g)", j, q[ix[j]], q[iz[j]], y[0], y[1]);
    }
    ck_assert_double_ge(fabs(y[0] - x0[0]) + fabs(y[1] - x0[2]), 0.05); /* it moved */
    free(q);
    free(v);
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
}
END_TEST

/* above the sea's surface a body has no buoyancy: the kink of a buoy (the
 * body of buoy_kink) whose sea lies 50 m below sags under m g alone */
START_TEST(dry_body_has_no_buoyancy)
{
    const double a = 10.0, L0 = 10.2, EA = 1e5, mass = 300.0;
    alecable_point_mass_params pp;
    alecable_node *mid;
    alecable_cable *c;
    alecable_model *m;
    alecable_point_mass *pm;
    alecable_sea *sea;
    double x[3], z, x0[3] = {0, 0, -2.0};
    alecable_point_mass_params_init(&pp);
    pp.mass = mass;
    pp.volume = 2.0;
    m = kink(a, L0, EA, &pp, &mid, &c);
    ck_assert_int_eq(alecable_point_mass_node((const alecable_point_mass *)m->point_masses.p[0], &mid), 0);
    pm = (alecable_point_mass *)m->point_masses.p[0];
    sea = airy_sea(m, -50.0);
    ck_assert_int_eq(alecable_point_mass_set_sea(pm, sea), 0);
    ck_assert_int_eq(alecable_node_set(mid, x0, L0), 0);
    solve(m);
    ck_assert_int_eq(alecable_node_position(mid, x), 0);
    z = kink_sag(a, L0, EA, mass * G);
    ck_assert_msg(fabs(x[2] - z) <= 1e-9 * fabs(z), "sag %.15g, m g alone %.15g", x[2], z);
    alecable_model_destroy(m);
}
END_TEST

/* ---------------------------------------------------------------------------
 * Fairlead on a driven body */

static int heave(void *user, double t, double x[3], double R[9], double v[3], double w[3], double a[3],
                 double alpha[3])
{
    const double A = 0.5, om = 1.2;
    (void)user;
    memset(R, 0, 9 * sizeof(double));
    R[0] = R[4] = R[8] = 1.0;
    x[0] = 20.0;
    x[1] = 0.0;
    x[2] = A * sin(om * t);
    v[0] = v[1] = 0.0;
    v[2] = A * om * cos(om * t);
    a[0] = a[1] = 0.0;
    a[2] = -A * om * om * sin(om * t);
    w[0] = w[1] = w[2] = alpha[0] = alpha[1] = alpha[2] = 0.0;
    return 0;
}

START_TEST(fairlead_follows_driven_body)
{
    alecable_model *m = model_z();
    alecable_cable *c;
    alecable_section s1 = section(1e9, 1e-3, 7800.0, 0.0), s2 = section(1e9, 4e-4, 1500.0, 0.0);
    alecable_body_params bp;
    alecable_body *b;
    alecable_node *anchor, *fl, *mid;
    alecable_point_mass_params pp;
    alecable_integrator *it;
    alecable_dynamic_options o;
    double xa[3] = {0, 0, -15}, xb[3] = {20, 0, 0}, p0[3] = {0, 0, 0}, x[3], xd[3], R[9], vd[3], wd[3], ad[3],
           al[3];
    int k;
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_AXIAL, &s2), 0);
    ck_assert_int_eq(alecable_cable_set_lagrangian(c, 1), 0);
    ck_assert_int_eq(alecable_cable_line(c, xa, xb, 0.0, 26.0, 12), 0);
    ck_assert_int_eq(alecable_cable_set_section_range(c, 0, 4, &s1), 0);
    ck_assert_int_eq(alecable_cable_node(&anchor, c, 0), 0);
    fix_xyz(m, anchor);
    ck_assert_int_eq(alecable_cable_node(&mid, c, 6), 0);
    alecable_point_mass_params_init(&pp);
    pp.mass = 50.0;
    ck_assert_int_eq(alecable_node_point_mass(NULL, mid, &pp), 0);
    alecable_body_params_init(&bp);
    bp.position[0] = 20.0;
    bp.mass = 1000.0;
    ck_assert_int_eq(alecable_body_create(&b, m, &bp), 0);
    ck_assert_int_eq(alecable_body_prescribe(NULL, m, b, heave, NULL), 0);
    ck_assert_int_eq(alecable_cable_node(&fl, c, 12), 0);
    ck_assert_int_eq(alecable_attach(NULL, m, fl, b, p0, 0), 0);
    for (k = 1; k < 12; k++) {
        alecable_node *n;
        ck_assert_int_eq(alecable_cable_node(&n, c, k), 0);
        ck_assert_int_eq(alecable_fix(NULL, m, n, ALECABLE_DOF_Y), 0);
    }
    solve(m); /* the line's statics at t = 0 */
    alecable_dynamic_options_init(&o);
    o.h = 2e-3;
    ck_assert_msg(alecable_model_integrator(&it, m, &o) == 0, "%s", alecable_model_errmsg(m));
    ck_assert_msg(alecable_integrator_advance(it, 1.0) == 0, "%s", alecable_integrator_errmsg(it));
    ck_assert_int_eq(alecable_model_pull_state(m, it), 0);
    heave(NULL, 1.0, xd, R, vd, wd, ad, al);
    ck_assert_int_eq(alecable_node_position(fl, x), 0);
    for (k = 0; k < 3; k++) ck_assert_msg(fabs(x[k] - xd[k]) <= 1e-9, "fairlead %d: %.12g, body %.12g", k, x[k], xd[k]);
    ck_assert_int_eq(alecable_node_position(anchor, x), 0);
    for (k = 0; k < 3; k++) ck_assert_double_eq_tol(x[k], xa[k], 1e-10);
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
}
END_TEST

/* ---------------------------------------------------------------------------
 * Bad input */

START_TEST(bad_input)
{
    alecable_model *m = model_z();
    alecable_cable *c, *c0;
    alecable_section s = section(1e6, 1e-3, 1000.0, 0.0), bad = s, massless = section(1e6, 1e-3, 0.0, 0.0);
    alecable_point_mass_params pp;
    alecable_point_mass *pm = NULL;
    alecable_node *n, *got;
    alecable_body_params bp;
    alecable_body *b;
    double a[3] = {0, 0, 0}, e[3] = {4, 0, 0}, EA2;
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_AXIAL, &s), 0);
    ck_assert_int_eq(alecable_cable_line(c, a, e, 0.0, 4.0, 4), 0);
    EA2 = c->el[2]->par.EA;
    ck_assert_int_eq(alecable_cable_set_section_range(NULL, 0, 1, &s), ALECABLE_ENULL);
    ck_assert_int_eq(alecable_cable_set_section_range((alecable_cable *)(void *)m, 0, 1, &s), ALECABLE_EHANDLE);
    ck_assert_int_eq(alecable_cable_set_section_range(c, 0, 1, NULL), ALECABLE_ENULL);
    ck_assert(strstr(alecable_model_errmsg(m), "section") != NULL);
    ck_assert_int_eq(alecable_cable_set_section_range(c, -1, 2, &s), ALECABLE_ERANGE);
    ck_assert(strstr(alecable_model_errmsg(m), "first_element") != NULL);
    ck_assert_int_eq(alecable_cable_set_section_range(c, 2, 3, &s), ALECABLE_ERANGE);
    ck_assert_int_eq(alecable_cable_set_section_range(c, 2, 0, &s), ALECABLE_ERANGE);
    bad.E = -1.0;
    ck_assert_int_eq(alecable_cable_set_section_range(c, 2, 1, &bad), ALECABLE_EINVAL);
    ck_assert(strstr(alecable_model_errmsg(m), "section.E") != NULL);
    bad = s;
    bad.rho = NAN;
    ck_assert_int_eq(alecable_cable_set_section_range(c, 2, 1, &bad), ALECABLE_EINVAL);
    bad = s;
    bad.struct_size = 3;
    ck_assert_int_eq(alecable_cable_set_section_range(c, 2, 1, &bad), ALECABLE_EINVAL);
    ck_assert_int_eq(c->n_ranges, 0);
    ck_assert_double_eq(c->el[2]->par.EA, EA2);
    /* rho > 0 on a massless cable */
    ck_assert_int_eq(alecable_cable_create(&c0, m, ALECABLE_ELEMENT_AXIAL, &massless), 0);
    {
        double a0[3] = {0, 1, 0}, e0[3] = {4, 1, 0};
        ck_assert_int_eq(alecable_cable_line(c0, a0, e0, 0.0, 4.0, 2), 0);
    }
    ck_assert_int_eq(alecable_cable_set_section_range(c0, 0, 1, &s), ALECABLE_EINVAL);
    ck_assert(strstr(alecable_model_errmsg(m), "section.rho") != NULL);
    ck_assert_int_eq(c0->n_ranges, 0);
    /* a range on an ALE cable whose s are free: finalize refuses it */
    ck_assert_int_eq(alecable_cable_set_section_range(c, 1, 2, &s), 0);
    ck_assert_int_eq(alecable_model_finalize(m), ALECABLE_ESTATE);
    ck_assert(strstr(alecable_model_errmsg(m), "section ranges") != NULL);
    ck_assert_int_eq(alecable_cable_set_lagrangian(c, 1), 0);
    ck_assert_int_eq(alecable_cable_set_lagrangian(c0, 1), 0);
    ck_assert_int_eq(alecable_cable_node(&n, c, 0), 0);
    fix_xyz(m, n);
    ck_assert_int_eq(alecable_cable_node(&n, c0, 0), 0);
    fix_xyz(m, n);
    ck_assert_msg(alecable_model_finalize(m) == 0, "%s", alecable_model_errmsg(m));
    /* after finalize: accepted, the model finalized again */
    ck_assert_int_eq(alecable_cable_set_section_range(c, 3, 1, &s), 0);
    ck_assert_int_eq(m->dirty, 1);
    /* point masses */
    alecable_point_mass_params_init(&pp);
    pp.mass = 1.0;
    ck_assert_int_eq(alecable_cable_node(&n, c, 2), 0);
    ck_assert_int_eq(alecable_node_point_mass(NULL, NULL, &pp), ALECABLE_ENULL);
    ck_assert_int_eq(alecable_node_point_mass(NULL, (alecable_node *)(void *)c, &pp), ALECABLE_EHANDLE);
    ck_assert_int_eq(alecable_node_point_mass(NULL, n, NULL), ALECABLE_ENULL);
    ck_assert(strstr(alecable_model_errmsg(m), "params") != NULL);
    pp.mass = -1.0;
    ck_assert_int_eq(alecable_node_point_mass(NULL, n, &pp), ALECABLE_EINVAL);
    ck_assert(strstr(alecable_model_errmsg(m), "params.mass") != NULL);
    pp.mass = 1.0;
    pp.volume = INFINITY;
    ck_assert_int_eq(alecable_node_point_mass(NULL, n, &pp), ALECABLE_EINVAL);
    ck_assert(strstr(alecable_model_errmsg(m), "params.volume") != NULL);
    pp.volume = 0.0;
    pp.drag_area = -1.0;
    ck_assert_int_eq(alecable_node_point_mass(NULL, n, &pp), ALECABLE_EINVAL);
    ck_assert(strstr(alecable_model_errmsg(m), "params.drag_area") != NULL);
    pp.drag_area = 0.0;
    pp.added_mass = NAN;
    ck_assert_int_eq(alecable_node_point_mass(NULL, n, &pp), ALECABLE_EINVAL);
    ck_assert(strstr(alecable_model_errmsg(m), "params.added_mass") != NULL);
    pp.added_mass = 0.0;
    pp.rho_f = -1.0;
    ck_assert_int_eq(alecable_node_point_mass(NULL, n, &pp), ALECABLE_EINVAL);
    ck_assert(strstr(alecable_model_errmsg(m), "params.rho_f") != NULL);
    pp.rho_f = 1025.0;
    pp.mass = 0.0;
    ck_assert_int_eq(alecable_node_point_mass(NULL, n, &pp), ALECABLE_EINVAL);
    pp.mass = 1.0;
    pp.struct_size = 8;
    ck_assert_int_eq(alecable_node_point_mass(NULL, n, &pp), ALECABLE_EINVAL);
    ck_assert(strstr(alecable_model_errmsg(m), "struct_size") != NULL);
    alecable_point_mass_params_init(&pp);
    pp.mass = 1.0;
    alecable_body_params_init(&bp);
    bp.mass = 1.0;
    ck_assert_int_eq(alecable_body_create(&b, m, &bp), 0);
    {
        alecable_node *bn;
        ck_assert_int_eq(alecable_body_node(&bn, b), 0);
        ck_assert_int_eq(alecable_node_point_mass(NULL, bn, &pp), ALECABLE_EINVAL);
        ck_assert(strstr(alecable_model_errmsg(m), "body") != NULL);
    }
    ck_assert_int_eq(m->point_masses.n, 0);
    ck_assert_int_eq(alecable_node_point_mass(&pm, n, &pp), 0);
    ck_assert_int_eq(m->point_masses.n, 1);
    ck_assert_int_eq(alecable_point_mass_node(pm, &got), 0);
    ck_assert_ptr_eq(got, n);
    ck_assert_int_eq(alecable_point_mass_node(NULL, &got), ALECABLE_ENULL);
    ck_assert_int_eq(alecable_point_mass_node((const alecable_point_mass *)(void *)c, &got), ALECABLE_EHANDLE);
    ck_assert_int_eq(alecable_point_mass_node(pm, NULL), ALECABLE_ENULL);
    alecable_point_mass_params_init(NULL);
    alecable_model_destroy(m);
}
END_TEST

/* ---------------------------------------------------------------------------
 * Surface-piercing buoys (alecable_point_mass_set_waterplane): a vertical
 * cylinder of waterplane area A and height h whose keel is the node, its
 * buoyancy rho_f g A clamp(d, 0, h) at the keel's depth d below the surface.
 * A free buoy of mass M carrying a node load W in a calm sea, on a vertical
 * massless line from an anchor (EA = 1 N, cut to the keel's equilibrium
 * height so that it is slack there: no force at the equilibrium, EA/L in the
 * heave stiffness): its draft against W_total/(rho_f g A) and its heave
 * period against 2 pi sqrt((M + m_a)/(rho_f g A + EA/L)). */
static const double BUOY_M = 800.0, BUOY_W = 2000.0, BUOY_A = 1.5, BUOY_H = 2.0, BUOY_MA = 300.0, BUOY_RHO = 1025.0,
                    BUOY_ANCHOR = -20.0;

static double buoy_draft(void) { return (BUOY_M * G + BUOY_W) / (BUOY_RHO * G * BUOY_A); }

static alecable_model *buoy(double z0, alecable_node **keel, alecable_point_mass **pmo)
{
    alecable_model *m = model_z();
    alecable_cable *c;
    alecable_section s = section(1.0, 1.0, 0.0, 0.0);
    alecable_sea_params sp;
    alecable_sea *sea;
    alecable_point_mass_params pp;
    alecable_point_mass *pm;
    alecable_node *n;
    double a[3] = {0, 0, BUOY_ANCHOR}, b[3] = {0, 0, z0}, f[3] = {0, 0, -BUOY_W};
    alecable_sea_params_init(&sp);
    sp.depth = 50.0;
    sp.rho_f = BUOY_RHO;
    ck_assert_int_eq(alecable_sea_create(&sea, m, &sp), 0);
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_AXIAL, &s), 0);
    ck_assert_int_eq(alecable_cable_set_lagrangian(c, 1), 0);
    /* unstretched length: the anchor to the keel at equilibrium */
    ck_assert_int_eq(alecable_cable_line(c, a, b, 0.0, -buoy_draft() - BUOY_ANCHOR, 1), 0);
    ck_assert_int_eq(alecable_cable_node(&n, c, 0), 0);
    fix_xyz(m, n);
    ck_assert_int_eq(alecable_cable_node(keel, c, 1), 0);
    ck_assert_int_eq(alecable_fix(NULL, m, *keel, ALECABLE_DOF_X), 0);
    ck_assert_int_eq(alecable_fix(NULL, m, *keel, ALECABLE_DOF_Y), 0);
    alecable_point_mass_params_init(&pp);
    pp.mass = BUOY_M;
    pp.volume = 7.0; /* replaced by the cylinder's wet volume */
    pp.added_mass = BUOY_MA;
    ck_assert_int_eq(alecable_node_point_mass(&pm, *keel, &pp), 0);
    ck_assert_int_eq(alecable_point_mass_set_sea(pm, sea), 0);
    ck_assert_int_eq(alecable_point_mass_set_waterplane(pm, BUOY_A, BUOY_H), 0);
    ck_assert_int_eq(alecable_load_node(NULL, m, *keel, f), 0);
    if (pmo) *pmo = pm;
    return m;
}

/* statics: the draft (W + M g)/(rho_f g A) (1e-10), from a start 0.3 m deep and from one whose keel is
 * 1 m above the surface; the line slack there */
START_TEST(buoy_equilibrium_draft)
{
    const double d0 = buoy_draft();
    const double starts[2] = {-0.3, 1.0};
    int k;
    for (k = 0; k < 2; k++) {
        alecable_node *keel;
        alecable_model *m = buoy(starts[k], &keel, NULL);
        alecable_problem p;
        alecable_element *e;
        double x[3], N;
        ck_assert_int_eq(alecable_model_problem(&p, m), 0);
        ck_assert_msg(p.energy != NULL, "a buoy in a calm sea: its forces have a potential");
        solve(m);
        ck_assert_int_eq(alecable_node_position(keel, x), 0);
        ck_assert_msg(fabs(-x[2] - d0) <= 1e-10 * d0, "start %g: draft %.15g, closed form %.15g", starts[k], -x[2], d0);
        ck_assert_int_eq(alecable_cable_element(&e, keel->cable, 0), 0);
        ck_assert_int_eq(alecable_element_axial_force(e, &N), 0);
        ck_assert_msg(fabs(N) <= 1e-9, "the line's force %g N", N);
        alecable_model_destroy(m);
    }
}
END_TEST

/* dynamics: released 0.1 m below its equilibrium, the buoy heaves with the period
 * 2 pi sqrt((M + m_a)/k), k = rho_f g A + EA/L (trapezoidal Newmark, h = T/1000: (w h)^2/12 = 3e-6; 1e-5), and
 * T + V (alecable_model_energy: the buoyancy's potential) is conserved to 1e-5 of the energy exchanged */
START_TEST(buoy_heave_period)
{
    const double d0 = buoy_draft(), L = -d0 - BUOY_ANCHOR, k = BUOY_RHO * G * BUOY_A + 1.0 / L;
    const double Tref = 2.0 * 3.14159265358979323846 * sqrt((BUOY_M + BUOY_MA) / k), h = Tref / 1000.0;
    const double amp = 0.1, Eosc = 0.5 * k * amp * amp;
    alecable_node *keel;
    alecable_model *m = buoy(-d0 - amp, &keel, NULL);
    alecable_integrator *it;
    alecable_dynamic_options o;
    double x[3], zprev = -amp, cross[4], E0, wi, we, T, dEmax = 0.0;
    int nc = 0, step;
    alecable_dynamic_options_init(&o);
    o.method = ALECABLE_METHOD_NEWMARK;
    o.h = h;
    ck_assert_msg(alecable_model_integrator(&it, m, &o) == 0, "%s", alecable_model_errmsg(m));
    ck_assert_int_eq(alecable_model_energy(m, &wi, &we), 0);
    E0 = wi + we;
    for (step = 1; step <= (int)(3.2 * Tref / h) && nc < 4; step++) {
        double z;
        ck_assert_msg(alecable_integrator_step(it, h) == 0, "%s", alecable_integrator_errmsg(it));
        ck_assert_int_eq(alecable_model_pull_state(m, it), 0);
        ck_assert_int_eq(alecable_node_position(keel, x), 0);
        z = x[2] + d0; /* from the equilibrium */
        if (zprev < 0.0 && z >= 0.0) cross[nc++] = step * h - h * z / (z - zprev);
        zprev = z;
        ck_assert_int_eq(alecable_model_kinetic_energy(m, &T), 0);
        ck_assert_int_eq(alecable_model_energy(m, &wi, &we), 0);
        dEmax = fmax(dEmax, fabs(T + wi + we - E0));
    }
    ck_assert_int_eq(nc, 3);
    if (getenv("ALECABLE_TEST_FIGURES"))
        printf("buoy heave: period %.9g (%.9g over 2), closed form %.9g: %.2e relative; T + V within %.2e of %.3g J\n",
               cross[2] - cross[0], 0.5 * (cross[2] - cross[0]), Tref, 0.5 * (cross[2] - cross[0]) / Tref - 1.0,
               dEmax, Eosc);
    ck_assert_msg(fabs(0.5 * (cross[2] - cross[0]) - Tref) <= 1e-5 * Tref, "period %.9g, closed form %.9g",
                  0.5 * (cross[2] - cross[0]), Tref);
    ck_assert_msg(dEmax <= 1e-5 * Eosc, "T + V drifts by %g J of %g J", dEmax, Eosc);
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
}
END_TEST

/* statics' Jacobian (v = a = NULL, weights (1, 0, 0)) against central
 * differences of statics' residual: the largest difference of an entry
 * relative to the Jacobian's largest */
static double statics_jacobian_error(const alecable_problem *p, double t, double *q, const double *lam)
{
    int n = p->nq + p->nlam, i, j, k;
    double *vals = calloc((size_t)p->nnz, sizeof *vals), *J = calloc((size_t)n * n, sizeof *J);
    double *rp = calloc((size_t)n, sizeof *rp), *rm = calloc((size_t)n, sizeof *rm), err = 0.0, jm = 0.0;
    ck_assert(vals && J && rp && rm);
    ck_assert_int_eq(p->jacobian(p->ctx, t, q, NULL, NULL, lam, 1.0, 0.0, 0.0, ALECABLE_JAC_FULL, vals), 0);
    for (j = 0; j < n; j++)
        for (k = p->colptr[j]; k < p->colptr[j + 1]; k++) J[p->rowidx[k] * n + j] = vals[k];
    for (i = 0; i < n * n; i++) jm = fmax(jm, fabs(J[i]));
    for (j = 0; j < p->nq; j++) {
        double q0 = q[j], h = 1e-6 * (1 + fabs(q0));
        q[j] = q0 + h;
        ck_assert_int_eq(p->residual(p->ctx, t, q, NULL, NULL, lam, rp), 0);
        q[j] = q0 - h;
        ck_assert_int_eq(p->residual(p->ctx, t, q, NULL, NULL, lam, rm), 0);
        q[j] = q0;
        for (i = 0; i < p->nq; i++) err = fmax(err, fabs((rp[i] - rm[i]) / (2.0 * h) - J[i * n + j]));
    }
    free(vals);
    free(J);
    free(rp);
    free(rm);
    return err / jm;
}

/* the buoy's residual against its energy (a calm sea) and the weighted
 * Jacobian, statics' too, against differences of the residual: in a calm
 * sea and in waves with a current (the surface's slope, Froude-Krylov on the
 * wet volume), every buoy's draft inside (0, h) */
START_TEST(buoy_waterplane_fd)
{
    int waves;
    for (waves = 0; waves <= 1; waves++) {
        alecable_model *m = model_z();
        alecable_cable *c;
        alecable_section s = section(1e5, 1e-3, 500.0, 0.0);
        alecable_point_mass_params pp;
        alecable_point_mass *pm;
        alecable_sea *sea;
        alecable_node *n;
        alecable_problem p;
        double a[3] = {0, 0, -6}, b[3] = {3, 1, -1.2}, *q, *v, *acc, *lam, *r, err, fm = 0.0;
        const double w[3] = {0.8, 0.5, 0.3};
        int i, nt;
        if (waves) {
            sea = airy_sea(m, 0.0);
        } else {
            alecable_sea_params sp;
            alecable_sea_params_init(&sp);
            sp.depth = 20.0;
            ck_assert_int_eq(alecable_sea_create(&sea, m, &sp), 0);
        }
        ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_AXIAL, &s), 0);
        ck_assert_int_eq(alecable_cable_set_lagrangian(c, 1), 0);
        ck_assert_int_eq(alecable_cable_line(c, a, b, 0.0, 6.0, 2), 0);
        ck_assert_int_eq(alecable_cable_node(&n, c, 0), 0);
        fix_xyz(m, n);
        alecable_point_mass_params_init(&pp);
        pp.mass = 300.0;
        pp.drag_area = 0.4;
        pp.added_mass = 200.0;
        ck_assert_int_eq(alecable_cable_node(&n, c, 2), 0); /* keel 1.2 m deep, h = 3: d in (0.7, 1.7) */
        ck_assert_int_eq(alecable_node_point_mass(&pm, n, &pp), 0);
        ck_assert_int_eq(alecable_point_mass_set_sea(pm, sea), 0);
        ck_assert_int_eq(alecable_point_mass_set_waterplane(pm, 0.8, 3.0), 0);
        ck_assert_int_eq(alecable_model_problem(&p, m), 0);
        ck_assert_msg((p.energy != NULL) == !waves, "an energy callback in a calm sea only (waves %d)", waves);
        nt = p.nq + p.nlam;
        q = calloc((size_t)nt, sizeof *q);
        v = calloc((size_t)nt, sizeof *v);
        acc = calloc((size_t)nt, sizeof *acc);
        lam = calloc((size_t)nt, sizeof *lam);
        r = calloc((size_t)nt, sizeof *r);
        ck_assert(q && v && acc && lam && r);
        pfd_perturbed_state(m, p.nq, 5u, q, v, acc);
        err = pfd_weighted_jacobian_error(&p, 0.7, q, v, acc, lam, w);
        ck_assert_msg(err <= 1e-6, "waves %d: weighted Jacobian against differences: %g", waves, err);
        err = statics_jacobian_error(&p, 0.7, q, lam);
        ck_assert_msg(err <= 1e-6, "waves %d: statics' Jacobian against differences: %g", waves, err);
        if (!waves) { /* r = dV/dq */
            double vi, ve;
            err = 0.0;
            ck_assert_int_eq(p.residual(p.ctx, 0.0, q, NULL, NULL, lam, r), 0);
            for (i = 0; i < p.nq; i++) {
                double hq = 1e-6 * (1.0 + fabs(q[i])), qi = q[i], Vp, Vm;
                q[i] = qi + hq;
                ck_assert_int_eq(p.energy(p.ctx, 0.0, q, &vi, &ve), 0);
                Vp = vi + ve;
                q[i] = qi - hq;
                ck_assert_int_eq(p.energy(p.ctx, 0.0, q, &vi, &ve), 0);
                Vm = vi + ve;
                q[i] = qi;
                err = fmax(err, fabs((Vp - Vm) / (2.0 * hq) - r[i]));
                fm = fmax(fm, fabs(r[i]));
            }
            ck_assert_msg(err <= 1e-6 * fm, "dV/dq - r: %g against forces of %g", err, fm);
        }
        /* bad input: named, nothing changed */
        ck_assert_int_eq(alecable_point_mass_set_waterplane(NULL, 1.0, 1.0), ALECABLE_ENULL);
        ck_assert_int_eq(alecable_point_mass_set_waterplane((alecable_point_mass *)(void *)c, 1.0, 1.0),
                         ALECABLE_EHANDLE);
        ck_assert_int_eq(alecable_point_mass_set_waterplane(pm, -1.0, 1.0), ALECABLE_EINVAL);
        ck_assert(strstr(alecable_model_errmsg(m), "area") != NULL);
        ck_assert_int_eq(alecable_point_mass_set_waterplane(pm, NAN, 1.0), ALECABLE_EINVAL);
        ck_assert_int_eq(alecable_point_mass_set_waterplane(pm, 1.0, 0.0), ALECABLE_EINVAL);
        ck_assert(strstr(alecable_model_errmsg(m), "height") != NULL);
        ck_assert_int_eq(alecable_point_mass_set_waterplane(pm, 1.0, INFINITY), ALECABLE_EINVAL);
        { /* unchanged: the same residual */
            double *r2 = calloc((size_t)nt, sizeof *r2);
            ck_assert(r2);
            ck_assert_int_eq(p.residual(p.ctx, 0.3, q, v, acc, lam, r), 0);
            ck_assert_int_eq(p.residual(p.ctx, 0.3, q, v, acc, lam, r2), 0);
            for (i = 0; i < p.nq; i++) ck_assert(r[i] == r2[i]);
            free(r2);
        }
        ck_assert_int_eq(alecable_point_mass_set_waterplane(pm, 0.0, 0.0), 0); /* off: the body's volume */
        free(q);
        free(v);
        free(acc);
        free(lam);
        free(r);
        alecable_model_destroy(m);
    }
}
END_TEST

Suite *suite_segments(void)
{
    Suite *s = suite_create("segments");
    TCase *tc = tcase_create("segments");
    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, two_section_hanging_chain_axial);
    tcase_add_test(tc, two_section_hanging_chain_ancf);
    tcase_add_test(tc, two_section_chain_rings_with_its_energy);
    tcase_add_test(tc, range_parameters_every_kind);
    tcase_add_test(tc, clump_weight_kink);
    tcase_add_test(tc, buoy_kink);
    tcase_add_test(tc, pendulum_period_and_energy);
    tcase_add_test(tc, point_mass_fd);
    tcase_add_test(tc, hydro_load_on_a_range);
    tcase_add_test(tc, point_mass_in_sea_fd);
    tcase_add_test(tc, neutral_point_mass_follows_fluid_particle);
    tcase_add_test(tc, dry_body_has_no_buoyancy);
    tcase_add_test(tc, fairlead_follows_driven_body);
    tcase_add_test(tc, bad_input);
    tcase_add_test(tc, buoy_equilibrium_draft);
    tcase_add_test(tc, buoy_heave_period);
    tcase_add_test(tc, buoy_waterplane_fd);
    suite_add_tcase(s, tc);
    return s;
}
