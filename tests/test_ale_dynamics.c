/* ALE cables in dynamics with the default mesh-motion law
 * (alecable_model_set_mesh_motion): where a node's s and x are both free the
 * mesh is a gauge, and the law picks it.  The motion must be the physics'
 * alone: with every anchor's s held an ALE cable moves as its Lagrangian
 * twin; a cable sliding over a peg follows the closed form of the
 * inextensible rope and keeps its energy; a tether flowing over a table's
 * edge moves as the same tether on the example's mesh; a winch reels the
 * cable in by its own length.  Statics never see the law, and the law off
 * gives 0.2's refusal. */
#include "suites.h"

#include <alecable.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define G 9.81
#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

/* the measured figures, on stderr when ALECABLE_TEST_FIGURES is set */
static void figure(const char *fmt, ...)
{
    va_list ap;
    if (!getenv("ALECABLE_TEST_FIGURES")) return;
    va_start(ap, fmt);
    fprintf(stderr, "ale dynamics: ");
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

static alecable_node *node(alecable_cable *c, int i)
{
    alecable_node *n = NULL;
    ck_assert_int_eq(alecable_cable_node(&n, c, i), 0);
    return n;
}

static alecable_cable *new_cable(alecable_model *m, int kind, double E, double A, double rho, double I)
{
    alecable_cable *c;
    alecable_section sec;
    alecable_section_init(&sec);
    sec.E = E;
    sec.A = A;
    sec.rho = rho;
    sec.I = I;
    ck_assert_int_eq(alecable_cable_create(&c, m, kind, &sec), 0);
    if (kind == ALECABLE_ELEMENT_KIRCHHOFF) {
        alecable_beam_params bp;
        alecable_beam_params_init(&bp);
        bp.GJ = 1e-3;
        ck_assert_int_eq(alecable_cable_set_beam(c, &bp), 0);
    }
    return c;
}

/* in the plane z = 0 (slopes too), the Kirchhoff roll held at node 0 */
static void planar(alecable_model *m, alecable_cable *c, int kind)
{
    int i, nn;
    ck_assert_int_eq(alecable_cable_counts(c, &nn, NULL), 0);
    for (i = 0; i < nn; i++) {
        ck_assert_int_eq(alecable_fix(NULL, m, node(c, i), ALECABLE_DOF_Z), 0);
        if (kind != ALECABLE_ELEMENT_AXIAL) ck_assert_int_eq(alecable_fix(NULL, m, node(c, i), ALECABLE_DOF_DZ), 0);
    }
    if (kind == ALECABLE_ELEMENT_KIRCHHOFF) ck_assert_int_eq(alecable_fix(NULL, m, node(c, 0), ALECABLE_DOF_ROLL), 0);
}

static void pin(alecable_model *m, alecable_node *n, int hold_s)
{
    ck_assert_int_eq(alecable_fix(NULL, m, n, ALECABLE_DOF_X), 0);
    ck_assert_int_eq(alecable_fix(NULL, m, n, ALECABLE_DOF_Y), 0);
    if (hold_s) ck_assert_int_eq(alecable_fix(NULL, m, n, ALECABLE_DOF_S), 0);
}

enum { PENDULUM = 0, SPAN = 1 };

/* A 1 m cable of ne elements, straight along x at rest, under gravity:
 * PENDULUM pinned at node 0, SPAN pinned at both ends (0.1 % slack in the
 * material, so it sags).  The pins hold s; every other s is free (lagrangian
 * = 0), held by a fix (2), or the cable is Lagrangian (1). */
static alecable_model *cable_model(int kind, int shape, int lagrangian, int ne, alecable_cable **out)
{
    alecable_model *m;
    alecable_cable *c;
    double g[3] = {0, -G, 0}, a[3] = {0, 0, 0}, b[3] = {1, 0, 0};
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    ck_assert_int_eq(alecable_model_set_gravity(m, g), 0);
    c = new_cable(m, kind, 1e8, 1e-4, 1000, 1e-10);
    ck_assert_int_eq(alecable_cable_line(c, a, b, 0.0, shape == SPAN ? 1.001 : 1.0, ne), 0);
    if (lagrangian == 1) ck_assert_int_eq(alecable_cable_set_lagrangian(c, 1), 0);
    planar(m, c, kind);
    pin(m, node(c, 0), lagrangian != 1);
    if (shape == SPAN) pin(m, node(c, ne), lagrangian != 1);
    if (lagrangian == 2) {
        int i;
        for (i = 1; i < ne + (shape == PENDULUM); i++) ck_assert_int_eq(alecable_fix(NULL, m, node(c, i), ALECABLE_DOF_S), 0);
    }
    *out = c;
    return m;
}

static int advance(alecable_model *m, int method, double h, double t_end, alecable_integrator **pit)
{
    alecable_dynamic_options o;
    int st;
    alecable_dynamic_options_init(&o);
    o.method = method;
    o.h = h;
    *pit = NULL;
    if ((st = alecable_model_integrator(pit, m, &o))) return st;
    if ((st = alecable_integrator_advance(*pit, t_end))) return st;
    return alecable_model_pull_state(m, *pit);
}

static double total_energy(alecable_model *m)
{
    double wi, we, T;
    ck_assert_int_eq(alecable_model_energy(m, &wi, &we), 0);
    ck_assert_int_eq(alecable_model_kinetic_energy(m, &T), 0);
    return wi + we + T;
}

/* Pendulum and sagging span, axial, ANCF and Kirchhoff, implicit HHT and
 * SI-HHT: every interior s free (the pendulum's free end's too) runs, and
 * moves as the same cable with every s held by hand, bit for bit (the law
 * holds the free end's s and, between fixed s, each s where it is: the same
 * equations, condensed alike), and as its Lagrangian twin to the solvers'
 * tolerances and rounding (another code path; measured 2e-14 m, allowed
 * 1e-12 m). */
START_TEST(free_s_moves_as_the_lagrangian_twin)
{
    static const int kinds[3] = {ALECABLE_ELEMENT_AXIAL, ALECABLE_ELEMENT_ANCF, ALECABLE_ELEMENT_KIRCHHOFF};
    static const int methods[2] = {ALECABLE_METHOD_HHT, ALECABLE_METHOD_SI_HHT};
    int k, shape, me, i, v, ne = 8;
    for (k = 0; k < 3; k++)
        for (shape = PENDULUM; shape <= SPAN; shape++)
            for (me = 0; me < 2; me++) {
                alecable_cable *c[3];
                alecable_model *m[3];
                alecable_integrator *it[3];
                double dx = 0.0, ds = 0.0, moved = 0.0;
                for (v = 0; v < 3; v++) { /* free s, Lagrangian, every s fixed */
                    int st;
                    m[v] = cable_model(kinds[k], shape, v, ne, &c[v]);
                    st = advance(m[v], methods[me], 1e-3, 0.1, &it[v]);
                    ck_assert_msg(st == 0, "kind %d shape %d method %d variant %d: status %d: %s / %s", kinds[k], shape,
                                  methods[me], v, st, alecable_model_errmsg(m[v]),
                                  it[v] ? alecable_integrator_errmsg(it[v]) : "");
                }
                for (i = 0; i <= ne; i++) {
                    double x[3][3], s[3];
                    int d;
                    for (v = 0; v < 3; v++) {
                        ck_assert_int_eq(alecable_node_position(node(c[v], i), x[v]), 0);
                        ck_assert_int_eq(alecable_node_material(node(c[v], i), &s[v]), 0);
                    }
                    for (d = 0; d < 3; d++) {
                        dx = fmax(dx, fabs(x[0][d] - x[1][d]));
                        ck_assert_msg(x[0][d] == x[2][d], "kind %d shape %d method %d: node %d: %.17g against %.17g by hand",
                                      kinds[k], shape, methods[me], i, x[0][d], x[2][d]);
                    }
                    ds = fmax(ds, fabs(s[0] - s[1]));
                    moved = fmax(moved, fabs(x[1][1]));
                }
                figure("twin: kind %d shape %d method %d: |x - x_lagrangian| %.3g m, |s - s_lagrangian| %.3g m, moved %.4f m",
                       kinds[k], shape, methods[me], dx, ds, moved);
                ck_assert_msg(moved > 0.02, "kind %d shape %d: the cable hardly moved (%g m)", kinds[k], shape, moved);
                ck_assert_msg(dx < 1e-12 && ds == 0.0, "kind %d shape %d method %d: ALE against Lagrangian: |dx| %.3g m, |ds| %.3g m",
                              kinds[k], shape, methods[me], dx, ds);
                for (v = 0; v < 3; v++) {
                    alecable_integrator_destroy(it[v]);
                    alecable_model_destroy(m[v]);
                }
            }
}
END_TEST

/* A rope of length L over a frictionless peg, a = 0.4 m on one side and b =
 * 0.6 m on the other, both hanging (axial cable, every s free but the peg
 * node's place held: the cable flows through it).  Inextensible, the longer
 * side gains u(t) = (b - a)/2 (cosh(w t) - 1), w = sqrt(2 g / L).  The law
 * holds the two free ends' s and interpolates the rest between them and the
 * peg node's s, so the whole mesh slides with the material. */
static alecable_model *peg_model(alecable_cable **out, int ne)
{
    alecable_model *m;
    alecable_cable *c;
    double g[3] = {0, -G, 0}, a[3] = {-1e-3, -0.4, 0}, p[3] = {0, 0, 0}, b[3] = {1e-3, -0.6, 0};
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    ck_assert_int_eq(alecable_model_set_gravity(m, g), 0);
    c = new_cable(m, ALECABLE_ELEMENT_AXIAL, 1e9, 1e-4, 1000, 0);
    ck_assert_int_eq(alecable_cable_line(c, a, p, 0.0, 0.4, 2 * ne / 5), 0);
    ck_assert_int_eq(alecable_cable_line(c, p, b, 0.4, 1.0, ne - 2 * ne / 5), 0);
    planar(m, c, ALECABLE_ELEMENT_AXIAL);
    pin(m, node(c, 2 * ne / 5), 0);
    *out = c;
    return m;
}

START_TEST(rope_over_a_peg_follows_the_closed_form)
{
    alecable_cable *c;
    int ne = 20, peg = 2 * ne / 5, i;
    alecable_model *m = peg_model(&c, ne);
    alecable_integrator *it;
    alecable_dynamic_options o;
    double w = sqrt(2.0 * G / 1.0), t, e0, emax = 0.0, x[3], s_peg, s0[32], u_err = 0.0, mesh_err = 0.0;
    alecable_dynamic_options_init(&o);
    o.method = ALECABLE_METHOD_NEWMARK; /* trapezoidal: no numerical damping */
    o.h = 1e-3;
    for (i = 0; i <= ne; i++) ck_assert_int_eq(alecable_node_material(node(c, i), &s0[i]), 0);
    ck_assert_int_eq(alecable_model_integrator(&it, m, &o), 0);
    ck_assert_int_eq(alecable_model_pull_state(m, it), 0);
    e0 = total_energy(m);
    for (t = 0.05; t < 0.4 + 1e-9; t += 0.05) {
        double u = 0.1 * (cosh(w * t) - 1.0), s_a, s_b;
        ck_assert_msg(alecable_integrator_advance(it, t) == 0, "t = %g: %s", t, alecable_integrator_errmsg(it));
        ck_assert_int_eq(alecable_model_pull_state(m, it), 0);
        ck_assert_int_eq(alecable_node_position(node(c, 0), x), 0);
        u_err = fmax(u_err, fabs((x[1] + 0.4) - u)); /* the short side's end rises by u */
        emax = fmax(emax, fabs(total_energy(m) - e0));
        /* the mesh: free ends held, the rest on the straight line */
        ck_assert_int_eq(alecable_node_material(node(c, peg), &s_peg), 0);
        ck_assert_int_eq(alecable_node_material(node(c, 0), &s_a), 0);
        ck_assert_int_eq(alecable_node_material(node(c, ne), &s_b), 0);
        mesh_err = fmax(mesh_err, fabs(s_a - s0[0]) + fabs(s_b - s0[ne]));
        for (i = 1; i < ne; i++) {
            double s, want = i < peg ? s0[0] + (s_peg - s0[0]) * (s0[i] - s0[0]) / (s0[peg] - s0[0])
                                     : s_peg + (s0[ne] - s_peg) * (s0[i] - s0[peg]) / (s0[ne] - s0[peg]);
            if (i == peg) continue;
            ck_assert_int_eq(alecable_node_material(node(c, i), &s), 0);
            mesh_err = fmax(mesh_err, fabs(s - want));
        }
    }
    ck_assert_int_eq(alecable_node_material(node(c, peg), &s_peg), 0);
    figure("peg: flow %.6f m (closed form %.6f m), short side's rise off by %.3g m, energy drift %.3g J, mesh off the law "
           "%.3g m", 0.4 - s_peg, 0.1 * (cosh(w * 0.4) - 1.0), u_err, emax, mesh_err);
    /* 0.4 s: u = 0.1 (cosh(1.77) - 1) = 0.203 m of flow through the peg.
     * The rope's stretch (0.6 N on EA = 1e5 N over 0.6 m: 4e-6 m) and the
     * ends' 1 mm offsets from the vertical part it from the closed form
     * (measured 2e-6 m, allowed 1e-4 m); of the 0.08 J of potential turned
     * into motion the trapezoidal rule keeps all but 6e-7 J (allowed 1e-5 J) */
    ck_assert_msg(fabs((0.4 - s_peg) - 0.1 * (cosh(w * 0.4) - 1.0)) < 1e-4, "flow through the peg %.6f m against %.6f m",
                  0.4 - s_peg, 0.1 * (cosh(w * 0.4) - 1.0));
    ck_assert_msg(u_err < 1e-4, "short side's rise: %.3g m off the closed form", u_err);
    ck_assert_msg(emax < 1e-5, "energy drift %.3g J", emax);
    ck_assert_msg(mesh_err < 1e-12, "the mesh left the law by %.3g m", mesh_err);
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
}
END_TEST

/* Paper 001's sliding tether (0.5 m on a frictionless table, 0.5 m hanging
 * over its edge; the edge node held in space, s free: the cable flows over
 * the edge through it), ANCF and Kirchhoff, 8 + 8 elements, with every other
 * s free: the law holds the free ends' s and interpolates the rest to the
 * edge node, so both branches' meshes slide with the material.  The
 * example's mesh (every s but the edge node's held) cannot run this: the
 * table element at the edge, 0.0625 m of material, is gone by 0.2 s.  From
 * the static start with the end held (as the example), the end travels as
 * the flexible chain's closed form x = L/2 (cosh(sqrt(g/L) t) - 1) to the
 * bending stiffness and the corner's rounding (measured: 1.3 % ANCF, 0.1 %
 * Kirchhoff, both within 0.4 % at 16 + 16). */
static alecable_model *tether(int kind, int ne, int held, alecable_cable **out)
{
    alecable_model *m;
    alecable_cable *c;
    double end[3] = {-0.5, 0, 0}, edge[3] = {0, 0, 0}, bottom[3] = {0, -0.5, 0}, w[3] = {0, 0, 0};
    double corner[3] = {sqrt(0.5), -sqrt(0.5), 0}; /* the edge node's slope bisects the corner */
    double A = M_PI * 0.25 * 0.01 * 0.01;
    int i;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    c = new_cable(m, kind, 1e7, A, 1000, 1e-10);
    ck_assert_int_eq(alecable_cable_line(c, end, edge, 0.0, 0.5, ne), 0);
    ck_assert_int_eq(alecable_cable_line(c, edge, bottom, 0.5, 1.0, ne), 0);
    planar(m, c, kind);
    for (i = 0; i < ne; i++) { /* on the table: no vertical motion, straight */
        ck_assert_int_eq(alecable_fix(NULL, m, node(c, i), ALECABLE_DOF_Y), 0);
        ck_assert_int_eq(alecable_fix(NULL, m, node(c, i), ALECABLE_DOF_DY), 0);
        if (held) ck_assert_int_eq(alecable_fix(NULL, m, node(c, i), ALECABLE_DOF_S), 0);
    }
    ck_assert_int_eq(alecable_node_set_slope(node(c, ne), corner), 0);
    pin(m, node(c, ne), 0);
    for (i = ne + 1; i <= 2 * ne && held; i++) ck_assert_int_eq(alecable_fix(NULL, m, node(c, i), ALECABLE_DOF_S), 0);
    if (held) ck_assert_int_eq(alecable_fix(NULL, m, node(c, 0), ALECABLE_DOF_X), 0);
    w[1] = -G * 1000 * A; /* the hanging part's weight; the table carries the rest */
    ck_assert_int_eq(alecable_load_distributed_range(NULL, m, c, ne, ne, w), 0);
    *out = c;
    return m;
}

START_TEST(tether_flows_over_the_edge_as_the_chain)
{
    static const int kinds[2] = {ALECABLE_ELEMENT_ANCF, ALECABLE_ELEMENT_KIRCHHOFF};
    int k, ne = 8;
    for (k = 0; k < 2; k++) {
        alecable_cable *c, *ch;
        alecable_model *h = tether(kinds[k], ne, 1, &ch), *m = tether(kinds[k], ne, 0, &c);
        alecable_integrator *it;
        double q[256], x0[3], x1[3], chain = 0.5 * (cosh(sqrt(G) * 0.2) - 1.0);
        int nq, st;
        ck_assert_msg(alecable_solve_quasistatic(h, NULL, NULL) == 0, "%s", alecable_model_errmsg(h));
        ck_assert_int_eq(alecable_model_sizes(h, &nq, NULL), 0);
        ck_assert(nq <= 256);
        ck_assert_int_eq(alecable_model_get_state(h, q, NULL, NULL), 0);
        ck_assert_int_eq(alecable_model_finalize(m), 0);
        ck_assert_int_eq(alecable_model_set_state(m, q, NULL, 0.0), 0);
        ck_assert_int_eq(alecable_node_position(node(c, 0), x0), 0);
        st = advance(m, ALECABLE_METHOD_HHT, 1e-3, 0.2, &it);
        ck_assert_msg(st == 0, "kind %d: status %d: %s / %s", kinds[k], st, alecable_model_errmsg(m),
                      it ? alecable_integrator_errmsg(it) : "");
        ck_assert_int_eq(alecable_node_position(node(c, 0), x1), 0);
        figure("tether: kind %d: the end travelled %.6f m in 0.2 s, the chain %.6f m (%.2f %%)", kinds[k], x1[0] - x0[0],
               chain, 100.0 * ((x1[0] - x0[0]) / chain - 1.0));
        ck_assert_msg(fabs((x1[0] - x0[0]) / chain - 1.0) < 2e-2, "kind %d: the end travelled %.6f m, the chain %.6f m",
                      kinds[k], x1[0] - x0[0], chain);
        alecable_integrator_destroy(it);
        alecable_model_destroy(m);
        alecable_model_destroy(h);
    }
}
END_TEST

/* A straight cable falls along itself through a fixed point (its middle
 * node held in space, s free: the cable slides through it), every other s
 * free: the law holds the two free ends' s and spreads the flow over both
 * halves of the mesh.  Nothing acts along the cable but its weight, so it
 * falls freely: the end travels g t^2 / 2, for every kind of element
 * (measured: to 1e-12 m), and the energy stays (1e-9 J allowed). */
START_TEST(cable_falls_freely_through_a_fixed_point)
{
    static const int kinds[3] = {ALECABLE_ELEMENT_AXIAL, ALECABLE_ELEMENT_ANCF, ALECABLE_ELEMENT_KIRCHHOFF};
    int k, i, ne = 8;
    for (k = 0; k < 3; k++) {
        alecable_model *m;
        alecable_cable *c;
        alecable_integrator *it;
        double g[3] = {G, 0, 0}, a[3] = {-0.5, 0, 0}, b[3] = {0.5, 0, 0}, x0[3], x1[3], e0, e1, s_mid;
        int st;
        ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
        ck_assert_int_eq(alecable_model_set_gravity(m, g), 0);
        c = new_cable(m, kinds[k], 1e7, 1e-4, 1000, 1e-10);
        ck_assert_int_eq(alecable_cable_line(c, a, b, 0.0, 1.0, ne), 0);
        planar(m, c, kinds[k]);
        for (i = 0; i <= ne; i++) {
            ck_assert_int_eq(alecable_fix(NULL, m, node(c, i), ALECABLE_DOF_Y), 0);
            if (kinds[k] != ALECABLE_ELEMENT_AXIAL) ck_assert_int_eq(alecable_fix(NULL, m, node(c, i), ALECABLE_DOF_DY), 0);
        }
        ck_assert_int_eq(alecable_fix(NULL, m, node(c, ne / 2), ALECABLE_DOF_X), 0);
        ck_assert_int_eq(alecable_node_position(node(c, ne), x0), 0);
        ck_assert_int_eq(alecable_model_finalize(m), 0);
        e0 = total_energy(m);
        st = advance(m, ALECABLE_METHOD_NEWMARK, 1e-3, 0.2, &it);
        ck_assert_msg(st == 0, "kind %d: status %d: %s / %s", kinds[k], st, alecable_model_errmsg(m),
                      it ? alecable_integrator_errmsg(it) : "");
        e1 = total_energy(m);
        ck_assert_int_eq(alecable_node_position(node(c, ne), x1), 0);
        ck_assert_int_eq(alecable_node_material(node(c, ne / 2), &s_mid), 0);
        figure("free fall: kind %d: the end fell %.12f m (g t^2 / 2 = %.12f), flow %.6f m, energy drift %.3g J", kinds[k],
               x1[0] - x0[0], 0.5 * G * 0.04, 0.5 - s_mid, e1 - e0);
        ck_assert_msg(fabs(x1[0] - x0[0] - 0.5 * G * 0.04) < 1e-9, "kind %d: the end fell %.12f m", kinds[k], x1[0] - x0[0]);
        ck_assert_msg(fabs((0.5 - s_mid) - 0.5 * G * 0.04) < 1e-9, "kind %d: flow %.12f m", kinds[k], 0.5 - s_mid);
        ck_assert_msg(fabs(e1 - e0) < 1e-9, "kind %d: energy drift %.3g J", kinds[k], e1 - e0);
        alecable_integrator_destroy(it);
        alecable_model_destroy(m);
    }
}
END_TEST

/* An Atwood machine over a fixed pulley wrap (12 chords, s free: the rope
 * flows over it), each span of 4 elements whose inner nodes have s and place
 * free, the weights (2 and 1 kg) fastened to the rope's ends (s held by the
 * attachment): only some s are held.  The law spreads each span's mesh
 * between its weight and the wrap.  With the whole rope at the weights'
 * speed and the spans' weight shifting with the descent y,
 * M y'' = (m1 - m2) g + 2 rho A g y (M = m1 + m2 + the rope's mass):
 * y = a0 / k^2 (cosh(k t) - 1), a0 = (m1 - m2) g / M, k^2 = 2 rho A g / M,
 * as tests/test_wraps_dynamic.c's one-element spans; the spans' stretch and
 * the jolt of the unstressed start part them (measured 1.5e-5 of the mean
 * acceleration, allowed 1e-4), and the trapezoidal rule keeps the energy
 * (measured 4e-8 J of the 4 J exchanged, allowed 1e-5 J). */
START_TEST(atwood_spans_with_free_s_follow_the_closed_form)
{
    const double m1 = 2.0, m2 = 1.0, R = 0.1, L = 1.0, T = 0.5, rhoA = 0.01, p0[3] = {0, 0, 0};
    const int n = 12, nb = 4, hold[5] = {ALECABLE_DOF_X, ALECABLE_DOF_Z, ALECABLE_DOF_RX, ALECABLE_DOF_RY, ALECABLE_DOF_RZ};
    alecable_model *m;
    alecable_cable *c;
    alecable_section sec;
    alecable_body *ground, *w[2];
    alecable_body_params bp;
    alecable_pulley_params pp;
    alecable_node *nd[32], *bn;
    alecable_integrator *it;
    alecable_dynamic_options o;
    double x[3] = {-R, -L, 0}, ang[16], s = 0.0, grav[3] = {0, -G, 0}, y0[3], y1[3], e[2], M, a0, k, a, ax;
    int i, j, nn = 0;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    ck_assert_int_eq(alecable_model_set_gravity(m, grav), 0);
    alecable_section_init(&sec);
    sec.A = 1e-5;
    sec.E = 1e6 / sec.A;
    sec.rho = rhoA / sec.A;
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_AXIAL, &sec), 0);
    for (i = 0; i < nb; i++, s += L / nb) { /* left span, from its weight up */
        x[1] = -L + L * i / nb;
        ck_assert_int_eq(alecable_cable_add_node(&nd[nn++], c, x, s), 0);
    }
    for (i = 0; i <= n; i++) {
        ang[i] = M_PI - M_PI * i / n;
        x[0] = R * cos(ang[i]);
        x[1] = R * sin(ang[i]);
        if (i > 0) s += 2.0 * R * sin(0.5 * M_PI / n);
        ck_assert_int_eq(alecable_cable_add_node(&nd[nn++], c, x, s), 0);
    }
    for (i = 1; i <= nb; i++) { /* right span, down to its weight */
        x[0] = R;
        x[1] = -L * i / nb;
        s += L / nb;
        ck_assert_int_eq(alecable_cable_add_node(&nd[nn++], c, x, s), 0);
    }
    alecable_body_params_init(&bp);
    ck_assert_int_eq(alecable_body_create(&ground, m, &bp), 0);
    ck_assert_int_eq(alecable_body_fix(m, ground), 0);
    alecable_pulley_params_init(&pp);
    pp.radius = R;
    ck_assert_int_eq(alecable_pulley_wrap(NULL, m, ground, &pp, n + 1, nd + nb, ang), 0);
    for (j = 0; j < 2; j++) {
        alecable_node *end = nd[j == 0 ? 0 : nn - 1];
        alecable_body_params_init(&bp);
        bp.mass = j == 0 ? m1 : m2;
        ck_assert_int_eq(alecable_node_position(end, bp.position), 0);
        ck_assert_int_eq(alecable_body_create(&w[j], m, &bp), 0);
        ck_assert_int_eq(alecable_body_node(&bn, w[j]), 0);
        for (i = 0; i < 5; i++) ck_assert_int_eq(alecable_fix(NULL, m, bn, hold[i]), 0);
        ck_assert_int_eq(alecable_attach(NULL, m, end, w[j], p0, 1), 0);
    }
    for (i = 1; i < nb; i++) { /* the spans' inner nodes in the plane (wrap and weights hold the rest) */
        ck_assert_int_eq(alecable_fix(NULL, m, nd[i], ALECABLE_DOF_Z), 0);
        ck_assert_int_eq(alecable_fix(NULL, m, nd[nn - 1 - i], ALECABLE_DOF_Z), 0);
    }
    alecable_dynamic_options_init(&o);
    o.method = ALECABLE_METHOD_NEWMARK;
    o.h = 1e-3;
    ck_assert_msg(alecable_model_integrator(&it, m, &o) == 0, "%s", alecable_model_errmsg(m));
    ck_assert_int_eq(alecable_model_pull_state(m, it), 0);
    e[0] = total_energy(m);
    ck_assert_int_eq(alecable_body_pose(w[0], y0, NULL), 0);
    ck_assert_msg(alecable_integrator_advance(it, T) == 0, "%s", alecable_integrator_errmsg(it));
    ck_assert_int_eq(alecable_model_pull_state(m, it), 0);
    e[1] = total_energy(m);
    ck_assert_int_eq(alecable_body_pose(w[0], y1, NULL), 0);
    M = m1 + m2 + rhoA * s;
    a0 = (m1 - m2) * G / M;
    k = sqrt(2.0 * rhoA * G / M);
    ax = 2.0 * a0 / (k * k) * (cosh(k * T) - 1.0) / (T * T);
    a = 2.0 * (y0[1] - y1[1]) / (T * T);
    figure("atwood: mean acceleration %.9f against %.9f (%.2e), energy drift %.3g J", a, ax, a / ax - 1.0, e[1] - e[0]);
    ck_assert_msg(fabs(a / ax - 1.0) < 1e-4, "a = %.9f against %.9f (%.2e)", a, ax, a / ax - 1.0);
    ck_assert_msg(fabs(e[1] - e[0]) < 1e-5, "energy drift %.3g J", e[1] - e[0]);
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
}
END_TEST

/* A winch (s of the top node driven at 0.1 m/s, its place held) hauls a
 * hanging axial cable whose other s are all free: the law holds the free
 * end's s and spreads the haul over the mesh; the end rises by the hauled
 * length (to the stretch and the axial waves the start sets off, 1e-3 m). */
static int motion(void *user, double t, double *v, double *r, double *a)
{
    (void)user;
    *v = 0.1 * t;
    *r = 0.1;
    *a = 0.0;
    return 0;
}

START_TEST(winch_hauls_a_cable_with_free_interior_s)
{
    alecable_model *m;
    alecable_cable *c;
    alecable_integrator *it;
    double g[3] = {0, -G, 0}, top[3] = {0, 0, 0}, bot[3] = {0, -1, 0}, x[3], s1;
    int ne = 10, st;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    ck_assert_int_eq(alecable_model_set_gravity(m, g), 0);
    c = new_cable(m, ALECABLE_ELEMENT_AXIAL, 1e8, 1e-4, 1000, 0);
    ck_assert_int_eq(alecable_cable_line(c, top, bot, 0.0, 1.0, ne), 0);
    planar(m, c, ALECABLE_ELEMENT_AXIAL);
    pin(m, node(c, 0), 0);
    ck_assert_int_eq(alecable_prescribe_motion(NULL, m, node(c, 0), ALECABLE_DOF_S, motion, NULL), 0);
    st = advance(m, ALECABLE_METHOD_HHT, 1e-3, 0.5, &it);
    ck_assert_msg(st == 0, "status %d: %s / %s", st, alecable_model_errmsg(m), it ? alecable_integrator_errmsg(it) : "");
    ck_assert_int_eq(alecable_node_position(node(c, ne), x), 0);
    figure("winch: end at y = %.6f m after hauling 0.05 m (%.3g m off -0.95)", x[1], x[1] + 0.95);
    ck_assert_msg(fabs(x[1] - (-1.0 + 0.05)) < 1e-3, "end at y = %.6f m, hauled 0.05 m from -1", x[1]);
    ck_assert_int_eq(alecable_node_material(node(c, 1), &s1), 0);
    ck_assert_msg(fabs(s1 - (0.05 + 0.95 * 0.1)) < 1e-9, "node 1's s %.12f off the law", s1);
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
}
END_TEST

/* Statics never see the law: a span with free interior s solved after an
 * integrator was made (the model laid out for dynamics, then back) gives
 * the same state bit for bit as without, and the model's sizes and state
 * (nlam multipliers) are those of statics throughout; the integrator's
 * problem has the law's rows on top. */
START_TEST(statics_and_the_state_do_not_see_the_law)
{
    alecable_cable *ca, *cb;
    alecable_model *a = cable_model(ALECABLE_ELEMENT_AXIAL, SPAN, 0, 6, &ca);
    alecable_model *b = cable_model(ALECABLE_ELEMENT_AXIAL, SPAN, 0, 6, &cb);
    alecable_integrator *it;
    alecable_dynamic_options o;
    alecable_problem p;
    int nq, nlam, nq2, nlam2, i;
    double qa[64], qb[64], la[64], lb[64];
    ck_assert_int_eq(alecable_model_finalize(a), 0);
    ck_assert_int_eq(alecable_model_sizes(a, &nq, &nlam), 0);
    ck_assert(nq <= 64 && nlam < 63);
    alecable_dynamic_options_init(&o);
    ck_assert_int_eq(alecable_model_integrator(&it, a, &o), 0);
    ck_assert_int_eq(alecable_model_sizes(a, &nq2, &nlam2), 0);
    ck_assert_int_eq(nq2, nq);
    ck_assert_int_eq(nlam2, nlam);
    ck_assert_int_eq(alecable_model_problem(&p, a), 0);
    ck_assert_int_eq(p.nlam, nlam + 5); /* one row per interior node */
    { /* the integrator's own sizes are what its state arrays need */
        int nqi = -1, nli = -1;
        ck_assert_int_eq(alecable_integrator_sizes(it, &nqi, &nli), 0);
        ck_assert_int_eq(nqi, nq);
        ck_assert_int_eq(nli, p.nlam);
        ck_assert_int_eq(alecable_integrator_sizes(NULL, &nqi, &nli), ALECABLE_ENULL);
    }
    ck_assert_int_eq(alecable_integrator_step(it, 1e-3), 0);
    ck_assert_int_eq(alecable_model_pull_state(a, it), 0);
    la[nlam] = 12345.0; /* get_state writes nlam multipliers, not the rows */
    ck_assert_int_eq(alecable_model_get_state(a, qa, la, NULL), 0);
    ck_assert(la[nlam] == 12345.0);
    ck_assert_int_eq(alecable_model_set_state(a, qa, la, 0.0), 0);
    alecable_integrator_destroy(it);
    /* back to the start, then statics on both */
    ck_assert_int_eq(alecable_model_finalize(b), 0);
    ck_assert_int_eq(alecable_model_get_state(b, qb, lb, NULL), 0);
    ck_assert_int_eq(alecable_model_set_state(a, qb, lb, 0.0), 0);
    ck_assert_int_eq(alecable_solve_quasistatic(a, NULL, NULL), 0);
    ck_assert_int_eq(alecable_solve_quasistatic(b, NULL, NULL), 0);
    ck_assert_int_eq(alecable_model_problem(&p, a), 0);
    ck_assert_int_eq(p.nlam, nlam);
    ck_assert_int_eq(alecable_model_get_state(a, qa, la, NULL), 0);
    ck_assert_int_eq(alecable_model_get_state(b, qb, lb, NULL), 0);
    for (i = 0; i < nq; i++) ck_assert_msg(qa[i] == qb[i], "q[%d]: %.17g against %.17g", i, qa[i], qb[i]);
    for (i = 0; i < nlam; i++) ck_assert_msg(la[i] == lb[i], "lambda[%d]: %.17g against %.17g", i, la[i], lb[i]);
    alecable_model_destroy(a);
    alecable_model_destroy(b);
}
END_TEST

/* ALECABLE_MESH_NONE: 0.2's refusal, naming the s nothing holds; bad law
 * values are refused; the law can be turned on again. */
START_TEST(law_off_gives_the_old_refusal)
{
    alecable_cable *c;
    alecable_model *m = cable_model(ALECABLE_ELEMENT_AXIAL, PENDULUM, 0, 4, &c);
    alecable_integrator *it = NULL;
    alecable_dynamic_options o;
    int law = -1;
    ck_assert_int_eq(alecable_model_get_mesh_motion(m, &law), 0);
    ck_assert_int_eq(law, ALECABLE_MESH_INTERPOLATE);
    ck_assert_int_eq(alecable_model_set_mesh_motion(m, 7), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "law"));
    ck_assert_int_eq(alecable_model_set_mesh_motion(NULL, ALECABLE_MESH_NONE), ALECABLE_ENULL);
    ck_assert_int_eq(alecable_model_get_mesh_motion(m, NULL), ALECABLE_ENULL);
    ck_assert_int_eq(alecable_model_set_mesh_motion(m, ALECABLE_MESH_NONE), 0);
    alecable_dynamic_options_init(&o);
    ck_assert_int_eq(alecable_model_integrator(&it, m, &o), ALECABLE_ESINGULAR);
    ck_assert(it == NULL);
    ck_assert_msg(strstr(alecable_model_errmsg(m), "unrestrained: cable 0 node 1 dof s") != NULL, "%s",
                  alecable_model_errmsg(m));
    ck_assert_int_eq(alecable_model_set_mesh_motion(m, ALECABLE_MESH_INTERPOLATE), 0);
    ck_assert_int_eq(alecable_model_integrator(&it, m, &o), 0);
    ck_assert_int_eq(alecable_integrator_step(it, 1e-3), 0);
    /* switching the law off under a live integrator marks the model changed */
    ck_assert_int_eq(alecable_model_set_mesh_motion(m, ALECABLE_MESH_NONE), 0);
    ck_assert_int_eq(alecable_model_pull_state(m, it), ALECABLE_ESTATE);
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
}
END_TEST

Suite *suite_ale_dynamics(void)
{
    Suite *s = suite_create("ale dynamics");
    TCase *tc = tcase_create("mesh motion");
    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, free_s_moves_as_the_lagrangian_twin);
    tcase_add_test(tc, rope_over_a_peg_follows_the_closed_form);
    tcase_add_test(tc, tether_flows_over_the_edge_as_the_chain);
    tcase_add_test(tc, cable_falls_freely_through_a_fixed_point);
    tcase_add_test(tc, atwood_spans_with_free_s_follow_the_closed_form);
    tcase_add_test(tc, winch_hauls_a_cable_with_free_interior_s);
    tcase_add_test(tc, statics_and_the_state_do_not_see_the_law);
    tcase_add_test(tc, law_off_gives_the_old_refusal);
    suite_add_tcase(s, tc);
    return s;
}
