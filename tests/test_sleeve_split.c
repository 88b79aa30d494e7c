/* Issue 22, item 2: contacts on the C1 elements.
 *
 * The stretch split (lib/elements/split.c): an end's slope (1 + rho) r', so a
 * node can carry a tension jump while its tangent stays shared.  Force =
 * gradient of the split energy and tangent = Hessian, by central differences
 * on random curved Kirchhoff and ANCF elements with both ends split; rho = 0
 * is the plain element; the split leaves the section frame, so a straight
 * element's bending energy stays zero and its axial force at a split end is
 * EA ((1 + rho) |r'| - 1).
 *
 * The continuum solution of the beam sleeve (examples/support/
 * sleeve_continuum.c), which a refined Kirchhoff sleeve converges to: its
 * closed form against a direct quadrature of the tension field (the stretch
 * 1 + T/EA integrated over the sleeve, Simpson on 20000 intervals: ~1e-14),
 * its small-load limit u = F^2 / (2 mu p EA) and its frictionless one.
 *
 * The beam sleeve with split contact nodes (alecable_node_split_stretch):
 * beam_sleeve's Kirchhoff model on 8 elements loaded to 4500 N equals the
 * lumped closed form (sleeve_lumped_u: the slipping nodes take mu p l each,
 * the first stuck node the rest, the ones before it nothing) to 1e-8
 * relative (Newton to 1e-10), the stuck nodes carry what equilibrium gives
 * to 1e-6 N (the unsplit mesh: 20 N at node 2 where equilibrium gives 0);
 * the model's Jacobian with the split against fourth-order differences of
 * its residual (1e-6, as test_friction.c); the bad calls.
 *
 * Tolerances: differences with steps 1e-6 (1 + |q|) in the scaled max-norm
 * of fd.h, below 1e-8 here, checked at 1e-6 (as test_kirchhoff.c); exact
 * identities at 1e-12 relative. */
#include "suites.h"
#include "fd.h"
#include "elements/element.h"
#include "support/sleeve_continuum.h"
#include "problem_fd.h"

#include <stdlib.h>

#include <string.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

static void unit3(double *d)
{
    double n = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
    d[0] /= n;
    d[1] /= n;
    d[2] /= n;
}

/* a random curved element of kind ops (Kirchhoff: rolls and charts too) */
static void random_element(unsigned *st, const el_ops *ops, double *qe, double ca[6], double cb[6])
{
    const int nd = ops->node_ndof;
    double dir[3], l, len;
    int i, e;
    for (i = 0; i < 3; i++) dir[i] = fd_rand(st);
    unit3(dir);
    l = 1.0 + 0.5 * fd_rand(st);
    len = l * (1.0 + 0.3 * fd_rand(st));
    for (i = 0; i < 3; i++) {
        qe[i] = 0.1 * fd_rand(st);
        qe[nd + i] = qe[i] + len * dir[i];
    }
    for (e = 0; e < 2; e++) {
        double d[3], n, *ch = e ? cb : ca, x[3];
        for (i = 0; i < 3; i++) d[i] = dir[i] + 0.4 * fd_rand(st);
        unit3(d);
        n = 1.0 + 0.2 * fd_rand(st);
        for (i = 0; i < 3; i++) qe[nd * e + 3 + i] = n * d[i];
        if (nd == 8) qe[nd * e + 6] = fd_rand(st);
        /* chart: t1_ref near d, t2_ref across it */
        for (i = 0; i < 3; i++) ch[i] = d[i] + 0.3 * fd_rand(st);
        unit3(ch);
        for (i = 0; i < 3; i++) x[i] = fd_rand(st);
        ch[3] = ch[1] * x[2] - ch[2] * x[1];
        ch[4] = ch[2] * x[0] - ch[0] * x[2];
        ch[5] = ch[0] * x[1] - ch[1] * x[0];
        unit3(ch + 3);
    }
    qe[nd - 1] = 0.5 + 0.5 * fd_rand(st);
    qe[2 * nd - 1] = qe[nd - 1] + l;
}

static el_params params(const double *ca, const double *cb)
{
    el_params p;
    memset(&p, 0, sizeof p);
    p.EA = 200.0;
    p.rhoA = 1.5;
    p.ref_len = 1.0;
    p.EI = 3.0;
    p.EI3 = 5.0;
    p.GJ = 2.0;
    p.k0[0] = 0.3;
    p.k0[2] = -0.2;
    p.chart_a = ca;
    p.chart_b = cb;
    return p;
}

static double step(double x) { return 1e-6 * (1.0 + fabs(x)); }

/* the split element's energy, force and tangent at x = (qe, rho_A, rho_B) */
static double energy_at(const el_ops *ops, const el_params *p, const double *x)
{
    return el_split_energy(ops, p, x, x + el_ndof(ops));
}

static void fd_check(const el_ops *ops, unsigned seed)
{
    const int n = el_ndof(ops), N = n + 2;
    double x[EL_MAX_DOF + 2], f[EL_MAX_DOF + 2], fd[EL_MAX_DOF + 2], k[(EL_MAX_DOF + 2) * (EL_MAX_DOF + 2)];
    double kd[(EL_MAX_DOF + 2) * (EL_MAX_DOF + 2)], fp[EL_MAX_DOF + 2], fm[EL_MAX_DOF + 2], ca[6], cb[6];
    double ef = 0.0, ek = 0.0;
    unsigned st = seed;
    int rep, i, j;
    for (rep = 0; rep < 4; rep++) {
        el_params p;
        random_element(&st, ops, x, ca, cb);
        x[n] = 0.2 * fd_rand(&st);
        x[n + 1] = 0.2 * fd_rand(&st);
        p = params(ca, cb);
        el_split_force(ops, &p, x, x + n, f);
        el_split_tangent(ops, &p, x, x + n, k);
        for (i = 0; i < N; i++) {
            const double h = step(x[i]), x0 = x[i];
            double wp, wm;
            x[i] = x0 + h;
            wp = energy_at(ops, &p, x);
            el_split_force(ops, &p, x, x + n, fp);
            x[i] = x0 - h;
            wm = energy_at(ops, &p, x);
            el_split_force(ops, &p, x, x + n, fm);
            x[i] = x0;
            fd[i] = (wp - wm) / (2.0 * h);
            for (j = 0; j < N; j++) kd[j * N + i] = (fp[j] - fm[j]) / (2.0 * h);
        }
        if (fd_relerr(f, fd, N, 1e-8) > ef) ef = fd_relerr(f, fd, N, 1e-8);
        if (fd_relerr(k, kd, N * N, 1e-8) > ek) ek = fd_relerr(k, kd, N * N, 1e-8);
        /* symmetric, as a Hessian */
        for (i = 0; i < N; i++)
            for (j = 0; j < i; j++)
                ck_assert_msg(fabs(k[i * N + j] - k[j * N + i]) <= 1e-12 * (1.0 + fabs(k[i * N + j])),
                              "tangent not symmetric at (%d, %d): %g vs %g", i, j, k[i * N + j], k[j * N + i]);
    }
    ck_assert_msg(ef < 1e-6, "kind %d: split force vs energy differences: %.3e", ops->kind, ef);
    ck_assert_msg(ek < 1e-6, "kind %d: split tangent vs force differences: %.3e", ops->kind, ek);
}

START_TEST(fd_split_kirchhoff) { fd_check(el_ops_get(2), 12345u); }
END_TEST

START_TEST(fd_split_ancf) { fd_check(el_ops_get(1), 777u); }
END_TEST

/* rho = 0 is the plain element, bit for bit in the force and energy */
START_TEST(zero_split_is_plain)
{
    int kind;
    for (kind = 1; kind <= 2; kind++) {
        const el_ops *ops = el_ops_get(kind);
        const int n = el_ndof(ops);
        double x[EL_MAX_DOF + 2], f[EL_MAX_DOF + 2], g[EL_MAX_DOF], ca[6], cb[6];
        double k[(EL_MAX_DOF + 2) * (EL_MAX_DOF + 2)], kx[EL_MAX_DOF * EL_MAX_DOF];
        unsigned st = 99u + (unsigned)kind;
        el_params p;
        int i, j;
        random_element(&st, ops, x, ca, cb);
        x[n] = x[n + 1] = 0.0;
        p = params(ca, cb);
        ck_assert(el_split_supported(ops));
        ck_assert(energy_at(ops, &p, x) == ops->energy(&p, x));
        el_split_force(ops, &p, x, x + n, f);
        ops->force(&p, x, g);
        el_split_tangent(ops, &p, x, x + n, k);
        ops->tangent(&p, x, kx);
        for (i = 0; i < n; i++) {
            ck_assert(f[i] == g[i]);
            for (j = 0; j < n; j++) ck_assert(k[i * (n + 2) + j] == kx[i * n + j]);
        }
    }
    ck_assert(!el_split_supported(el_ops_get(0)));
}
END_TEST

/* A straight Kirchhoff element along x, r'_A = r'_B = lam e_x, chord lam l:
 * uniform stretch lam.  Splitting end A by rho keeps it straight (no bending
 * or twist energy: only the axial part changes), and the energy is l EA/2
 * times the integral over [0, 1] of the square of the quadratic through the
 * strains (e_A, e_M, e_B), e_A = (1 + rho) lam - 1 (kirchhoff.c): with the
 * quadratic's mass matrix [4 2 -1; 2 16 2; -1 2 4]/30. */
START_TEST(straight_split_axial)
{
    const el_ops *ops = el_ops_get(2);
    const double lam = 1.1, l = 0.7, rho = 0.05;
    double x[18], ca[6] = {1, 0, 0, 0, 1, 0}, cb[6] = {1, 0, 0, 0, 1, 0}, f[18];
    double eA = (1.0 + rho) * lam - 1.0, eB = lam - 1.0, eM, w, we, rp[3];
    el_params p = params(ca, cb);
    p.k0[0] = p.k0[1] = p.k0[2] = 0.0;
    memset(x, 0, sizeof x);
    x[3] = x[11] = lam;
    x[8] = lam * l;
    x[7] = 0.0;
    x[15] = l;
    x[16] = rho;
    /* the middle's |r'| of the Hermite curve: r'(1/2) = 3/2 chord/l - (r'_A + r'_B)/4 */
    rp[0] = 1.5 * lam - 0.25 * ((1.0 + rho) * lam + lam);
    eM = rp[0] - 1.0;
    we = 0.5 * p.EA * l *
         (4.0 * eA * eA + 4.0 * eB * eB + 16.0 * eM * eM + 4.0 * eA * eM + 4.0 * eB * eM - 2.0 * eA * eB) / 30.0;
    w = energy_at(ops, &p, x);
    ck_assert_msg(fabs(w - we) <= 1e-12 * we, "straight split element: W = %.15g, expected %.15g", w, we);
    /* rho_A's force is the derivative of that quadratic form in e_A (d e_A / d rho = lam, d e_M / d rho
     * = -lam/4) */
    el_split_force(ops, &p, x, x + 16, f);
    we = 0.5 * p.EA * l / 30.0 *
         ((8.0 * eA + 4.0 * eM - 2.0 * eB) * lam + (32.0 * eM + 4.0 * eA + 4.0 * eB) * (-0.25 * lam));
    ck_assert_msg(fabs(f[16] - we) <= 1e-12 * fabs(we), "dW/drho_A = %.15g, expected %.15g", f[16], we);
}
END_TEST

/* The continuum sleeve: closed form against a quadrature of the tension */
static double quad_u(double L, double EA, double p, double mu, double F)
{
    const int n = 20000;
    double s = 0.0, h = L / n;
    int i;
    for (i = 0; i <= n; i++) {
        double w = (i == 0 || i == n) ? 1.0 : (i % 2 ? 4.0 : 2.0);
        s += w / (1.0 + sleeve_continuum_tension(L, p, mu, F, i * h) / EA);
    }
    s *= h / 3.0;
    return (1.0 + F / EA) * (L - s);
}

START_TEST(continuum_sleeve)
{
    const double L = 1.0, EA = 3e9 * M_PI * 4e-6, p = 22500.0, mu = 0.3;
    const double Fs[] = {450.0, 2250.0, 4500.0, 6750.0, 9000.0};
    double u, se, xf, uq;
    int i;
    for (i = 0; i < 5; i++) {
        u = sleeve_continuum_u(L, EA, p, mu, Fs[i], &se, &xf);
        uq = quad_u(L, EA, p, mu, Fs[i]);
        /* Simpson across the kink at x*: O(h^2) there, 1e-9 is far above it */
        ck_assert_msg(fabs(u - uq) <= 1e-9 * u, "F = %g: u = %.15g, quadrature %.15g", Fs[i], u, uq);
        ck_assert_msg(fabs(xf - fmax(L - Fs[i] / (mu * p), 0.0)) <= 1e-15, "slip front %g", xf);
        ck_assert_msg(fabs((L - se) * (1.0 + Fs[i] / EA) - u) <= 1e-15 * u, "outflow and u disagree");
    }
    /* 4500 N, the sleeve's figure: 41.28366 mm */
    u = sleeve_continuum_u(L, EA, p, mu, 4500.0, NULL, NULL);
    ck_assert_msg(fabs(1e3 * u - 41.28366) < 1e-5, "u(4500 N) = %.6f mm", 1e3 * u);
    /* small loads: u = F^2 / (2 mu p EA) (1 + O(F/EA)) */
    u = sleeve_continuum_u(L, EA, p, mu, 1.0, NULL, NULL);
    ck_assert_msg(fabs(u / (1.0 / (2.0 * mu * p * EA)) - 1.0) < 1e-4, "small-load limit: %.12g", u);
    /* the lumped model (sleeve_lumped_u) converges to it at O(1/n): the
     * error halves with n, and Richardson's 2 u_2n - u_n is within 1e-4 */
    {
        const double uc = sleeve_continuum_u(L, EA, p, mu, 4500.0, NULL, NULL);
        double e1 = sleeve_lumped_u(L, EA, p, mu, 4500.0, 256, NULL) - uc;
        double e2 = sleeve_lumped_u(L, EA, p, mu, 4500.0, 512, NULL) - uc;
        u = uc;
        ck_assert_msg(fabs(e1 / e2 - 2.0) < 0.05, "lumped errors %.6e, %.6e: not first order", e1, e2);
        ck_assert_msg(fabs(2.0 * e2 - e1) < 1e-4 * u, "Richardson: %.3e", (2.0 * e2 - e1) / u);
        /* 8 elements: the paper's sleeve (the SE(3) closed form of paper 004's model) */
        ck_assert_msg(fabs(1e3 * sleeve_lumped_u(L, EA, p, mu, 4500.0, 8, NULL) - 49.040166218) < 1e-9,
                      "lumped, 8 elements: %.12f mm", 1e3 * sleeve_lumped_u(L, EA, p, mu, 4500.0, 8, NULL));
    }
    /* no friction: the bar stretched by F over L */
    u = sleeve_continuum_u(L, EA, p, 0.0, 4500.0, NULL, NULL);
    ck_assert_msg(fabs(u - 4500.0 * L / EA) <= 1e-14, "frictionless: %.15g", u);
}
END_TEST

/* beam_sleeve's model (examples/beam_sleeve.c), n elements */
typedef struct sleeve {
    alecable_model *m;
    alecable_cable *c;
    alecable_joint *j;
    alecable_node *nd[65];
} sleeve;

static double sl_rho = 0.0; /* the section's density (split_sleeve_jacobian's second case) */
static const double SL_F = 4500.0, SL_P = 22500.0, SL_MU = 0.3, SL_R = 2e-3, SL_E = 3e9;

static void sleeve_make_kind(sleeve *sv, int kind, int n, int split)
{
    alecable_section sec;
    alecable_beam_params bp;
    alecable_clamp_params cp;
    alecable_sleeve_params sp;
    alecable_cable *c;
    alecable_load *ld;
    double a[3] = {0, 0, 0}, b[3] = {1, 0, 0}, f[3] = {SL_F, 0, 0}, I = 0.25 * M_PI * pow(SL_R, 4);
    int i;
    ck_assert_int_eq(alecable_model_create(&sv->m, NULL), 0);
    alecable_section_init(&sec);
    sec.E = SL_E;
    sec.A = M_PI * SL_R * SL_R;
    sec.I = I;
    sec.rho = sl_rho;
    ck_assert_int_eq(alecable_cable_create(&c, sv->m, kind, &sec), 0);
    sv->c = c;
    ck_assert_int_eq(alecable_cable_line(c, a, b, 0.0, 1.0, n), 0);
    if (kind == ALECABLE_ELEMENT_KIRCHHOFF) {
        alecable_beam_params_init(&bp);
        bp.GJ = SL_E / 2.6 * 2.0 * I;
        ck_assert_int_eq(alecable_cable_set_beam(c, &bp), 0);
    }
    for (i = 0; i <= n; i++) ck_assert_int_eq(alecable_cable_node(&sv->nd[i], c, i), 0);
    alecable_clamp_params_init(&cp);
    if (kind == ALECABLE_ELEMENT_ANCF) cp.hold = ALECABLE_CLAMP_POSITION | ALECABLE_CLAMP_DIRECTION;
    ck_assert_int_eq(alecable_clamp(NULL, sv->m, sv->nd[0], &cp), 0);
    ck_assert_int_eq(alecable_fix(NULL, sv->m, sv->nd[0], ALECABLE_DOF_S), 0);
    ck_assert_int_eq(alecable_fix(NULL, sv->m, sv->nd[n], ALECABLE_DOF_S), 0);
    ck_assert_int_eq(alecable_load_node(&ld, sv->m, sv->nd[n], f), 0);
    alecable_sleeve_params_init(&sp);
    sp.pressure = SL_P;
    sp.friction.mu = SL_MU;
    ck_assert_int_eq(alecable_sleeve(&sv->j, sv->m, &sp, n - 1, sv->nd + 1), 0);
    for (i = 1; i < n && split; i++) ck_assert_int_eq(alecable_node_split_stretch(sv->nd[i], 1), 0);
}

static void sleeve_make(sleeve *sv, int n, int split) { sleeve_make_kind(sv, ALECABLE_ELEMENT_KIRCHHOFF, n, split); }

static void sleeve_steps(sleeve *sv, int steps, int k0, int k1)
{
    int k;
    for (k = k0; k < k1; k++) {
        alecable_quasistatic_options o;
        alecable_solve_report rep;
        alecable_quasistatic_options_init(&o);
        o.clock = ALECABLE_CLOCK_LOAD_FACTOR;
        o.t0 = (double)k / steps;
        o.t1 = (double)(k + 1) / steps;
        o.load_steps = 1;
        o.tol_residual = 1e-10;
        alecable_solve_report_init(&rep);
        ck_assert_msg(alecable_solve_quasistatic(sv->m, &o, &rep) == 0, "step %d: %s", k + 1,
                      alecable_model_errmsg(sv->m));
    }
}

START_TEST(split_sleeve_closed_form)
{
    const int n = 8;
    const double EA = SL_E * M_PI * SL_R * SL_R;
    double stick, u, ue, x[3], before, after;
    sleeve sv;
    int i, nc;
    sleeve_make(&sv, n, 1);
    sleeve_steps(&sv, 10, 0, 10);
    ue = sleeve_lumped_u(1.0, EA, SL_P, SL_MU, SL_F, n, &stick);
    ck_assert_int_eq(alecable_node_position(sv.nd[n], x), 0);
    u = x[0] - 1.0;
    ck_assert_msg(fabs(u - ue) <= 1e-8 * ue, "u = %.12g mm, closed form %.12g mm", 1e3 * u, 1e3 * ue);
    ck_assert_msg(fabs(stick - 281.25) < 1e-12, "closed form's stuck force %.15g", stick);
    ck_assert_int_eq(alecable_friction_contacts(sv.j, &nc), 0);
    for (i = 0; i < nc; i++) { /* contact i holds node i + 1 */
        alecable_contact c;
        const int slips = i + 1 >= n - 5; /* the 5 nodes next to the pulled end */
        const double want = slips ? SL_MU * SL_P / n : i + 1 == n - 6 ? stick : 0.0;
        alecable_contact_init(&c);
        ck_assert_int_eq(alecable_friction_contact(sv.j, i, &c), 0);
        ck_assert_msg((c.state == ALECABLE_CONTACT_SLIP) == slips, "node %d: state %d", i + 1, c.state);
        ck_assert_msg(fabs(fabs(c.lambda_t) - want) < 1e-6, "node %d carries %.9f N, equilibrium gives %.9f N", i + 1,
                      c.lambda_t, want);
    }
    /* the elements' axial forces: F, then mu p l less per slipping node, the
     * stuck node's rest, nothing before it (the output sees the split) */
    for (i = 0; i < n; i++) {
        alecable_element *e;
        const int k = n - 1 - i; /* nodes between element i and the pulled end */
        const double T = k <= 5 ? SL_F - k * SL_MU * SL_P / n : 0.0;
        double N;
        ck_assert_int_eq(alecable_cable_element(&e, sv.c, i), 0);
        ck_assert_int_eq(alecable_element_axial_force(e, &N), 0);
        ck_assert_msg(fabs(N - T) < 1e-6, "element %d: N = %.9f N, equilibrium gives %.9f N", i, N, T);
    }
    /* the stretches: equal at the unloaded stuck nodes, jumping where a force acts */
    ck_assert_int_eq(alecable_node_stretches(sv.nd[1], &before, &after), 0);
    ck_assert_msg(fabs(before - 1.0) < 1e-9 && fabs(after - 1.0) < 1e-9, "node 1: %g %g", before, after);
    ck_assert_int_eq(alecable_node_stretches(sv.nd[n - 1], &before, &after), 0);
    ck_assert_msg(fabs((after - before) * EA - SL_MU * SL_P / n) < 1e-6, "node %d: tension jump %.9f N", n - 1,
                  (after - before) * EA);
    alecable_model_destroy(sv.m);
}
END_TEST

/* The ANCF sleeve split the same way: its axial energy is Green-Lagrange's
 * (ancf.c), whose configurational force over the mean stretch is the
 * tension jump only to first order in the strain, so the stuck node carries
 * what equilibrium gives to O(strain x jump): measured 0.34 N of 281.25 N
 * (checked at 1 N); the nodes before it carry nothing, the slipping ones
 * mu p l (the law). */
START_TEST(split_sleeve_ancf)
{
    const int n = 8;
    sleeve sv;
    int i, nc;
    sleeve_make_kind(&sv, ALECABLE_ELEMENT_ANCF, n, 1);
    sleeve_steps(&sv, 10, 0, 10);
    ck_assert_int_eq(alecable_friction_contacts(sv.j, &nc), 0);
    for (i = 0; i < nc; i++) {
        alecable_contact c;
        const int slips = i + 1 >= n - 5;
        const double want = slips ? SL_MU * SL_P / n : i + 1 == n - 6 ? SL_F - 5 * SL_MU * SL_P / n : 0.0;
        alecable_contact_init(&c);
        ck_assert_int_eq(alecable_friction_contact(sv.j, i, &c), 0);
        ck_assert_msg((c.state == ALECABLE_CONTACT_SLIP) == slips, "node %d: state %d", i + 1, c.state);
        ck_assert_msg(fabs(fabs(c.lambda_t) - want) < (slips || want == 0.0 ? 1e-6 : 1.0),
                      "node %d carries %.9f N, equilibrium gives %.9f N", i + 1, c.lambda_t, want);
    }
    alecable_model_destroy(sv.m);
}
END_TEST

/* the Jacobian at step 7 of 10 (stuck and slipping contacts), with the
 * history of step 6 put back, q moved by 1e-9 (as test_friction.c); the
 * second case with a section of 2.5 N/m under gravity across the sleeve, so
 * the elements bend between the held nodes and gravity's work goes through
 * the split too */
START_TEST(split_sleeve_jacobian)
{
    alecable_problem p;
    sleeve sv;
    double *hist, *q, *lam, t, err;
    unsigned seed = 11;
    int nq, nl, i;
    if (_i == 0) sleeve_make(&sv, 4, 1);
    else {
        const double g[3] = {0.0, -9.81, -3.0};
        sl_rho = 2e5; /* 2.5 N/m */
        sleeve_make_kind(&sv, ALECABLE_ELEMENT_KIRCHHOFF, 4, 1);
        sl_rho = 0.0;
        ck_assert_int_eq(alecable_model_set_gravity(sv.m, g), 0);
    }
    sleeve_steps(&sv, 10, 0, 6);
    ck_assert_int_eq(alecable_model_problem(&p, sv.m), 0);
    hist = malloc((size_t)p.nhist * sizeof *hist);
    ck_assert_int_eq(p.history_get(p.ctx, hist), 0);
    sleeve_steps(&sv, 10, 6, 7);
    ck_assert_int_eq(p.history_set(p.ctx, hist), 0);
    ck_assert_int_eq(alecable_model_sizes(sv.m, &nq, &nl), 0);
    q = malloc((size_t)nq * sizeof *q);
    lam = malloc((size_t)nl * sizeof *lam);
    ck_assert_int_eq(alecable_model_get_state(sv.m, q, lam, &t), 0);
    for (i = 0; i < nq; i++) q[i] += 1e-9 * fd_rand(&seed);
    err = pfd_full_jacobian_error(&p, t, q, lam, 1e-5);
    ck_assert_msg(err < 1e-6, "case %d: Jacobian with split nodes vs differences: %.3e", _i, err);
    free(hist);
    free(q);
    free(lam);
    alecable_model_destroy(sv.m);
}
END_TEST

START_TEST(split_bad_calls)
{
    sleeve sv;
    alecable_model *m;
    alecable_cable *c;
    alecable_node *n0;
    alecable_section sec;
    alecable_dynamic_options o;
    alecable_integrator *it = NULL;
    double a[3] = {0, 0, 0}, b[3] = {1, 0, 0};
    ck_assert_int_eq(alecable_node_split_stretch(NULL, 1), ALECABLE_ENULL);
    sleeve_make(&sv, 4, 0);
    ck_assert_int_eq(alecable_node_split_stretch(sv.nd[0], 1), ALECABLE_EINVAL); /* an end */
    ck_assert_int_eq(alecable_node_split_stretch(sv.nd[4], 1), ALECABLE_EINVAL);
    ck_assert_int_eq(alecable_node_split_stretch(sv.nd[2], 2), ALECABLE_EINVAL);
    ck_assert_int_eq(alecable_node_split_stretch(sv.nd[2], 1), 0);
    /* dynamics refuses it */
    alecable_dynamic_options_init(&o);
    ck_assert_int_eq(alecable_model_integrator(&it, sv.m, &o), ALECABLE_EINVAL);
    ck_assert_ptr_null(it);
    ck_assert_int_eq(alecable_node_split_stretch(sv.nd[2], 0), 0);
    alecable_model_destroy(sv.m);
    /* an axial cable has no slope */
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    alecable_section_init(&sec);
    sec.E = 1e9;
    sec.A = 1e-4;
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_AXIAL, &sec), 0);
    ck_assert_int_eq(alecable_cable_line(c, a, b, 0.0, 1.0, 3), 0);
    ck_assert_int_eq(alecable_cable_node(&n0, c, 1), 0);
    ck_assert_int_eq(alecable_node_split_stretch(n0, 1), ALECABLE_EINVAL);
    ck_assert_int_eq(alecable_node_stretches(n0, NULL, NULL), ALECABLE_ERANGE);
    alecable_model_destroy(m);
}
END_TEST

Suite *suite_sleeve_split(void)
{
    Suite *s = suite_create("C1 contact split and continuum sleeve");
    TCase *tc = tcase_create("sleeve_split");
    tcase_add_test(tc, fd_split_kirchhoff);
    tcase_add_test(tc, fd_split_ancf);
    tcase_add_test(tc, zero_split_is_plain);
    tcase_add_test(tc, straight_split_axial);
    tcase_add_test(tc, continuum_sleeve);
    tcase_add_test(tc, split_sleeve_closed_form);
    tcase_add_loop_test(tc, split_sleeve_jacobian, 0, 2);
    tcase_add_test(tc, split_sleeve_ancf);
    tcase_add_test(tc, split_bad_calls);
    tcase_set_timeout(tc, 30);
    suite_add_tcase(s, tc);
    return s;
}
