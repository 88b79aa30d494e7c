/* Internal Kelvin-Voigt damping (lib/loads/damping.c, alecable_load_damping).
 *
 *  - per element kind (axial, ANCF, Kirchhoff), on random Lagrangian
 *    elements (strains up to +-30 %, curved slopes, random rolls): the force
 *    against central differences of the dissipation potential D in v, the
 *    Jacobian's q and v parts against central differences of the force, the
 *    weighted Jacobian against the weighted blocks; D >= 0 and v.f_d = 2 D;
 *  - independent of damping.c's measures: at a straight unstretched element
 *    (zero strain and curvature) the damping matrix df/dv equals the
 *    element's own tangent (axial.c, ancf.c, kirchhoff.c) with EA -> c_a,
 *    EI -> c_b (GJ = 0): the rates are those of the energies' own strains;
 *  - through the model: the problem's weighted Jacobian with damping against
 *    differences of its residual, and the residual's damping part against
 *    alecable_load_damping_dissipation's power, at load factor 0 (the
 *    statics' ramp: damping is an internal force, not ramped);
 *  - closed form: the first mode of a clamped axial bar and of an ANCF
 *    cantilever decays at the Kelvin-Voigt rate (below);
 *  - the energy balance of a vibrating ANCF cable (below);
 *  - bad arguments named, nothing changed on failure.
 *
 * Tolerances: differences with steps 1e-6 (1 + |x|), measured below 3e-10
 * on the elements and 5e-8 through the model (scaled max-norm; figures on
 * stderr with ALECABLE_TEST_FIGURES=1), checked at 1e-6; D is quadratic in
 * v, so its central differences in v are exact to rounding (checked at
 * 1e-8).  Identities (v.f = 2 D, the reference tangents) at 1e-12 relative. */
#include "suites.h"
#include "fd.h"
#include "problem_fd.h"
#include "elements/element.h"
#include "loads/damping.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

Suite *suite_damping(void);

static const double PI = 3.14159265358979323846;

/* the measured figures, on stderr when ALECABLE_TEST_FIGURES is set */
static void figure(const char *fmt, ...)
{
    va_list ap;
    if (!getenv("ALECABLE_TEST_FIGURES")) return;
    va_start(ap, fmt);
    fprintf(stderr, "damping: ");
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}
static const int kinds[3] = {ALECABLE_ELEMENT_AXIAL, ALECABLE_ELEMENT_ANCF, ALECABLE_ELEMENT_KIRCHHOFF};

/* the element's layout: positions of x_A, r'_A, s_A, x_B, r'_B, s_B, rolls (-1: none) */
typedef struct lay {
    int nd, xa, da, sa, xb, db, sb, ta, tb;
} lay;

static lay layout_of(int kind)
{
    lay L;
    if (kind == ALECABLE_ELEMENT_AXIAL) {
        L.nd = 8, L.xa = 0, L.da = -1, L.sa = 3, L.xb = 4, L.db = -1, L.sb = 7, L.ta = L.tb = -1;
    } else if (kind == ALECABLE_ELEMENT_ANCF) {
        L.nd = 14, L.xa = 0, L.da = 3, L.sa = 6, L.xb = 7, L.db = 10, L.sb = 13, L.ta = L.tb = -1;
    } else {
        L.nd = 16, L.xa = 0, L.da = 3, L.ta = 6, L.sa = 7, L.xb = 8, L.db = 11, L.tb = 14, L.sb = 15;
    }
    return L;
}

static double dot3(const double a[3], const double b[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
static int is_s(const lay *L, int a) { return a == L->sa || a == L->sb; }

/* a random element: chord (1 +- 0.3) l in a random direction, slopes chord/l + 0.3 random */
static void random_qe(unsigned *st, int kind, double *qe)
{
    lay L = layout_of(kind);
    double dir[3], nrm, l, len;
    int i;
    memset(qe, 0, EL_MAX_DOF * sizeof(double));
    for (i = 0; i < 3; i++) dir[i] = fd_rand(st);
    nrm = sqrt(dot3(dir, dir)) + 1e-3;
    l = 1.0 + 0.5 * fd_rand(st);
    len = l * (1.0 + 0.3 * fd_rand(st));
    for (i = 0; i < 3; i++) {
        qe[L.xa + i] = 0.1 * fd_rand(st);
        qe[L.xb + i] = qe[L.xa + i] + len * dir[i] / nrm;
        if (L.da >= 0) {
            qe[L.da + i] = len / l * dir[i] / nrm + 0.3 * fd_rand(st);
            qe[L.db + i] = len / l * dir[i] / nrm + 0.3 * fd_rand(st);
        }
    }
    if (L.ta >= 0) qe[L.ta] = fd_rand(st), qe[L.tb] = fd_rand(st);
    qe[L.sa] = 0.5 + 0.5 * fd_rand(st);
    qe[L.sb] = qe[L.sa] + l;
}

static void random_ve(unsigned *st, int kind, double *ve)
{
    lay L = layout_of(kind);
    int a;
    memset(ve, 0, EL_MAX_DOF * sizeof(double));
    for (a = 0; a < L.nd; a++) ve[a] = is_s(&L, a) ? 0.0 : fd_rand(st);
}

static const el_ops *kops(int kind) { return el_ops_get(kind); }

static double eval_D(const damping_params *dp, int kind, const double *qe, const double *ve)
{
    double D = -1.0;
    ck_assert_int_eq(damping_element(dp, kops(kind), NULL, qe, ve, &D, NULL, 0, 0, NULL), 0);
    return D;
}

static void eval_f(const damping_params *dp, int kind, const double *qe, const double *ve, double *re)
{
    ck_assert_int_eq(damping_element(dp, kops(kind), NULL, qe, ve, NULL, re, 0, 0, NULL), 0);
}

static double step(double x) { return 1e-6 * (1.0 + fabs(x)); }

/* loop index: kind (3) x coefficients (axial only, bending only, both) x seed (2) */
START_TEST(element_force_and_jacobian_against_differences)
{
    int kind = kinds[_i % 3], which = (_i / 3) % 3, a, b;
    unsigned st = 17u + 101u * (unsigned)_i;
    lay L = layout_of(kind);
    damping_params dp;
    double qe[EL_MAX_DOF], ve[EL_MAX_DOF], re[EL_MAX_DOF], fp[EL_MAX_DOF], fm[EL_MAX_DOF], D, pw = 0.0;
    double kq[EL_MAX_DOF * EL_MAX_DOF], kv[EL_MAX_DOF * EL_MAX_DOF], kw[EL_MAX_DOF * EL_MAX_DOF];
    double fdq[EL_MAX_DOF * EL_MAX_DOF], fdv[EL_MAX_DOF * EL_MAX_DOF], fdD[EL_MAX_DOF], comb[EL_MAX_DOF * EL_MAX_DOF];
    const double cq = 0.8, cv = 1.7;
    damping_params_init(&dp);
    dp.c_a = which != 1 ? 3.0 : 0.0;
    dp.c_b = which != 0 && kind != ALECABLE_ELEMENT_AXIAL ? 0.7 : 0.0;
    if (kind == ALECABLE_ELEMENT_AXIAL && which == 1) dp.c_a = 0.5; /* no bending on an axial element */
    random_qe(&st, kind, qe);
    random_ve(&st, kind, ve);
    D = eval_D(&dp, kind, qe, ve);
    eval_f(&dp, kind, qe, ve, re);
    ck_assert_int_eq(damping_element(&dp, kops(kind), NULL, qe, ve, NULL, NULL, 1.0, 0.0, kq), 0);
    ck_assert_int_eq(damping_element(&dp, kops(kind), NULL, qe, ve, NULL, NULL, 0.0, 1.0, kv), 0);
    ck_assert_int_eq(damping_element(&dp, kops(kind), NULL, qe, ve, NULL, NULL, cq, cv, kw), 0);
    memset(fdq, 0, sizeof fdq);
    memset(fdv, 0, sizeof fdv);
    memset(fdD, 0, sizeof fdD);
    for (b = 0; b < L.nd; b++) {
        double x, h;
        pw += ve[b] * re[b];
        if (is_s(&L, b)) continue; /* Lagrangian: s is not an unknown */
        x = qe[b], h = step(x);
        qe[b] = x + h;
        eval_f(&dp, kind, qe, ve, fp);
        qe[b] = x - h;
        eval_f(&dp, kind, qe, ve, fm);
        qe[b] = x;
        for (a = 0; a < L.nd; a++) fdq[a * L.nd + b] = (fp[a] - fm[a]) / (2.0 * h);
        x = ve[b], h = step(x);
        ve[b] = x + h;
        eval_f(&dp, kind, qe, ve, fp);
        fdD[b] = eval_D(&dp, kind, qe, ve);
        ve[b] = x - h;
        eval_f(&dp, kind, qe, ve, fm);
        fdD[b] = (fdD[b] - eval_D(&dp, kind, qe, ve)) / (2.0 * h);
        ve[b] = x;
        for (a = 0; a < L.nd; a++) fdv[a * L.nd + b] = (fp[a] - fm[a]) / (2.0 * h);
    }
    for (a = 0; a < L.nd * L.nd; a++) comb[a] = cq * kq[a] + cv * kv[a];
    figure("element kind %d (%d): f - dD/dv %.1e, df/dq %.1e, df/dv %.1e (scaled max-norm)", kind, which,
           fd_relerr(re, fdD, L.nd, 1e-12), fd_relerr(kq, fdq, L.nd * L.nd, 1e-12),
           fd_relerr(kv, fdv, L.nd * L.nd, 1e-12));
    ck_assert_msg(D > 0.0, "kind %d: D = %g", kind, D);
    ck_assert_msg(fabs(pw - 2.0 * D) <= 1e-12 * D, "kind %d: v.f = %.17g, 2 D = %.17g", kind, pw, 2.0 * D);
    ck_assert_msg(fd_relerr(re, fdD, L.nd, 1e-12) <= 1e-8, "kind %d: f against dD/dv: %g", kind,
                  fd_relerr(re, fdD, L.nd, 1e-12));
    ck_assert_msg(fd_relerr(kq, fdq, L.nd * L.nd, 1e-12) <= 1e-6, "kind %d (%d): df/dq: %g", kind, which,
                  fd_relerr(kq, fdq, L.nd * L.nd, 1e-12));
    ck_assert_msg(fd_relerr(kv, fdv, L.nd * L.nd, 1e-12) <= 1e-6, "kind %d (%d): df/dv: %g", kind, which,
                  fd_relerr(kv, fdv, L.nd * L.nd, 1e-12));
    ck_assert_msg(fd_relerr(kw, comb, L.nd * L.nd, 1e-12) <= 1e-13, "kind %d: weighted Jacobian", kind);
    /* df/dv is symmetric */
    for (a = 0; a < L.nd; a++)
        for (b = 0; b < a; b++)
            ck_assert_msg(fabs(kv[a * L.nd + b] - kv[b * L.nd + a]) <= 1e-12 * (1.0 + fabs(kv[a * L.nd + b])),
                          "kind %d: df/dv not symmetric at (%d, %d)", kind, a, b);
}
END_TEST

/* D >= 0 on many random states, zero at zero velocity and under a rigid
 * translation (the strains do not change) */
START_TEST(dissipation_nonnegative_and_rigid_free)
{
    int kind = kinds[_i], n, a;
    unsigned st = 5u + 7u * (unsigned)_i;
    lay L = layout_of(kind);
    damping_params dp;
    double qe[EL_MAX_DOF], ve[EL_MAX_DOF], D, Dr;
    damping_params_init(&dp);
    dp.c_a = 2.0;
    dp.c_b = kind == ALECABLE_ELEMENT_AXIAL ? 0.0 : 0.4;
    for (n = 0; n < 200; n++) {
        random_qe(&st, kind, qe);
        random_ve(&st, kind, ve);
        D = eval_D(&dp, kind, qe, ve);
        ck_assert_msg(D >= 0.0, "kind %d: D = %g < 0", kind, D);
        ck_assert_double_eq(eval_D(&dp, kind, qe, NULL), 0.0);
        /* a translation (the positions' rates equal, the slopes' zero) */
        memset(ve, 0, sizeof ve);
        for (a = 0; a < 3; a++) ve[L.xa + a] = ve[L.xb + a] = fd_rand(&st);
        Dr = eval_D(&dp, kind, qe, ve);
        ck_assert_msg(Dr <= 1e-24, "kind %d: a translation dissipates %g", kind, Dr);
    }
}
END_TEST

/* At a straight unstretched element (|r'| = 1, no curvature), with c_a = EA
 * and c_b = EI (GJ = 0), the damping matrix equals the element's tangent:
 * both are int EA g g^T + EI G^T G over the energies' own strain gradients. */
START_TEST(damping_matrix_is_the_reference_tangent)
{
    int kind = kinds[_i], a, b;
    unsigned st = 99u + (unsigned)_i;
    lay L = layout_of(kind);
    el_params p;
    damping_params dp;
    double qe[EL_MAX_DOF], ve[EL_MAX_DOF], kt[EL_MAX_DOF * EL_MAX_DOF], kv[EL_MAX_DOF * EL_MAX_DOF];
    double dir[3], nrm, l = 0.8, ca[6], cb[6], err = 0.0, kmax = 0.0;
    memset(&p, 0, sizeof p);
    p.EA = 250.0;
    p.EI = p.EI3 = 3.5;
    p.GJ = 0.0;
    p.rhoA = 1.0;
    p.ref_len = l;
    p.fixed_s = 1;
    for (a = 0; a < 3; a++) dir[a] = fd_rand(&st);
    nrm = sqrt(dot3(dir, dir));
    for (a = 0; a < 3; a++) dir[a] /= nrm;
    memset(qe, 0, sizeof qe);
    for (a = 0; a < 3; a++) {
        qe[L.xa + a] = 0.2 * fd_rand(&st);
        qe[L.xb + a] = qe[L.xa + a] + l * dir[a];
        if (L.da >= 0) qe[L.da + a] = qe[L.db + a] = dir[a];
    }
    qe[L.sa] = 0.3;
    qe[L.sb] = 0.3 + l;
    if (L.ta >= 0) { /* charts: t1_ref = the tangent, t2_ref normal to it */
        double e[3] = {0, 0, 0}, t2[3];
        e[fabs(dir[0]) < 0.5 ? 0 : 1] = 1.0;
        for (a = 0; a < 3; a++) t2[a] = e[a] - dot3(e, dir) * dir[a];
        nrm = sqrt(dot3(t2, t2));
        for (a = 0; a < 3; a++) ca[a] = cb[a] = dir[a], ca[3 + a] = cb[3 + a] = t2[a] / nrm;
        p.chart_a = ca;
        p.chart_b = cb;
        qe[L.ta] = qe[L.tb] = 0.0;
    }
    memset(ve, 0, sizeof ve);
    kops(kind)->tangent(&p, qe, kt);
    damping_params_init(&dp);
    dp.c_a = p.EA;
    dp.c_b = kind == ALECABLE_ELEMENT_AXIAL ? 0.0 : p.EI;
    ck_assert_int_eq(damping_element(&dp, kops(kind), &p, qe, ve, NULL, NULL, 0.0, 1.0, kv), 0);
    for (a = 0; a < L.nd; a++)
        for (b = 0; b < L.nd; b++) {
            if (is_s(&L, a) || is_s(&L, b) || a == L.ta || a == L.tb || b == L.ta || b == L.tb) continue;
            err = fmax(err, fabs(kt[a * L.nd + b] - kv[a * L.nd + b]));
            kmax = fmax(kmax, fabs(kt[a * L.nd + b]));
        }
    ck_assert_msg(err <= 1e-12 * kmax, "kind %d: |K - C| = %g of %g", kind, err, kmax);
}
END_TEST

START_TEST(other_element_kind_refused)
{
    damping_params dp;
    double qe[EL_MAX_DOF] = {0}, re[EL_MAX_DOF];
    damping_params_init(&dp);
    ck_assert_int_eq(dp.stiff, 1);
    ck_assert_int_eq(damping_element(&dp, kops(ALECABLE_ELEMENT_SE3), NULL, qe, NULL, NULL, re, 0, 0, NULL), -1);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* through the model                                                         */

static alecable_model *damped_cable(int kind, int nel, double ca, double cb, alecable_cable **cout,
                                    alecable_load **lout)
{
    const double x0[3] = {0, 0, 0}, x1[3] = {1.2, 0.3, -0.4};
    alecable_model *m;
    alecable_cable *c;
    alecable_section sec;
    alecable_damping_params dp;
    alecable_node *n;
    int d;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    alecable_section_init(&sec);
    sec.E = 1e5;
    sec.A = 1e-2;
    sec.rho = 100.0;
    sec.I = 1e-5;
    ck_assert_int_eq(alecable_cable_create(&c, m, kind, &sec), 0);
    ck_assert_int_eq(alecable_cable_set_lagrangian(c, 1), 0);
    if (kind == ALECABLE_ELEMENT_KIRCHHOFF) {
        alecable_beam_params bp;
        alecable_beam_params_init(&bp);
        bp.GJ = 0.5;
        ck_assert_int_eq(alecable_cable_set_beam(c, &bp), 0);
    }
    ck_assert_int_eq(alecable_cable_line(c, x0, x1, 0.0, 1.3, nel), 0);
    ck_assert_int_eq(alecable_cable_node(&n, c, 0), 0);
    for (d = ALECABLE_DOF_X; d <= ALECABLE_DOF_Z; d++) ck_assert_int_eq(alecable_fix(NULL, m, n, d), 0);
    if (kind == ALECABLE_ELEMENT_KIRCHHOFF) ck_assert_int_eq(alecable_fix(NULL, m, n, ALECABLE_DOF_ROLL), 0);
    alecable_damping_params_init(&dp);
    dp.axial = ca;
    dp.bending = cb;
    ck_assert_int_eq(alecable_load_damping(lout, m, c, &dp), 0);
    if (cout) *cout = c;
    return m;
}

START_TEST(model_jacobian_and_power)
{
    const double w[3] = {1.3, 0.7, 0.9};
    int kind = kinds[_i];
    alecable_load *l;
    alecable_problem p;
    alecable_model *m = damped_cable(kind, 4, 40.0, kind == ALECABLE_ELEMENT_AXIAL ? 0.0 : 0.05, NULL, &l);
    double *q, *v, *a, *lam, *r1, *r0, D, P, vr = 0.0;
    int i;
    ck_assert_msg(alecable_model_finalize(m) == 0, "%s", alecable_model_errmsg(m));
    ck_assert_int_eq(alecable_model_problem(&p, m), 0);
    q = calloc((size_t)p.nq, sizeof *q);
    v = calloc((size_t)p.nq, sizeof *v);
    a = calloc((size_t)p.nq, sizeof *a);
    r1 = calloc((size_t)(p.nq + p.nlam), sizeof *r1);
    r0 = calloc((size_t)(p.nq + p.nlam), sizeof *r0);
    lam = calloc((size_t)p.nlam + 1, sizeof *lam);
    pfd_perturbed_state(m, p.nq, 23u, q, v, a);
    {
        double err = pfd_weighted_jacobian_error(&p, 0.0, q, v, a, lam, w);
        figure("model kind %d: weighted Jacobian against differences %.1e", kind, err);
        ck_assert_double_le(err, 1e-6);
    }
    /* the residual's damping part, v.(r(v) - r(0) at a = 0) minus the
     * elements' inertia (quadratic in v, its own part cancels in r(v) - r(-v)) */
    for (i = 0; i < p.nq; i++) a[i] = 0.0;
    ck_assert_int_eq(p.residual(p.ctx, 0.0, q, v, a, lam, r1), 0);
    for (i = 0; i < p.nq; i++) v[i] = -v[i];
    ck_assert_int_eq(p.residual(p.ctx, 0.0, q, v, a, lam, r0), 0);
    for (i = 0; i < p.nq; i++) v[i] = -v[i];
    for (i = 0; i < p.nq; i++) vr += v[i] * 0.5 * (r1[i] - r0[i]);
    ck_assert_int_eq(alecable_model_set_state(m, q, lam, 0.0), 0);
    {
        alecable_integrator *it;
        alecable_dynamic_options o;
        alecable_dynamic_options_init(&o);
        ck_assert_int_eq(alecable_model_integrator(&it, m, &o), 0);
        ck_assert_int_eq(alecable_integrator_set_state(it, 0.0, q, v, a, lam), 0);
        ck_assert_int_eq(alecable_model_pull_state(m, it), 0);
        alecable_integrator_destroy(it);
    }
    ck_assert_int_eq(alecable_load_damping_dissipation(l, &D, &P), 0);
    ck_assert_msg(D > 0.0 && fabs(P - 2.0 * D) <= 1e-12 * P, "P = %.17g, D = %.17g", P, D);
    ck_assert_msg(fabs(vr - P) <= 1e-9 * P, "v.r's damping part %.17g, the load's power %.17g", vr, P);
    free(q);
    free(v);
    free(a);
    free(r1);
    free(r0);
    free(lam);
    alecable_model_destroy(m);
}
END_TEST

START_TEST(bad_arguments_named)
{
    alecable_model *m, *m2;
    alecable_cable *c, *cs, *ca_, *c2;
    alecable_section sec;
    alecable_damping_params dp;
    alecable_load *l = (alecable_load *)&sec;
    const double x0[3] = {0, 0, 0}, x1[3] = {1, 0, 0};
    double D;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    ck_assert_int_eq(alecable_model_create(&m2, NULL), 0);
    alecable_section_init(&sec);
    sec.E = 1e5;
    sec.A = 1e-2;
    sec.rho = 100.0;
    sec.I = 1e-5;
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_ANCF, &sec), 0);
    ck_assert_int_eq(alecable_cable_set_lagrangian(c, 1), 0);
    ck_assert_int_eq(alecable_cable_line(c, x0, x1, 0.0, 1.0, 3), 0);
    ck_assert_int_eq(alecable_cable_create(&ca_, m, ALECABLE_ELEMENT_AXIAL, &sec), 0);
    ck_assert_int_eq(alecable_cable_set_lagrangian(ca_, 1), 0);
    ck_assert_int_eq(alecable_cable_line(ca_, x0, x1, 0.0, 1.0, 3), 0);
    ck_assert_int_eq(alecable_cable_create(&cs, m, ALECABLE_ELEMENT_SE3, &sec), 0);
    ck_assert_int_eq(alecable_cable_create(&c2, m2, ALECABLE_ELEMENT_ANCF, &sec), 0);
    alecable_damping_params_init(&dp);
    ck_assert_uint_eq(dp.struct_size, sizeof dp);
    ck_assert(dp.axial == 0.0 && dp.bending == 0.0 && dp.stiff == 1 && dp.first_element == 0 && dp.n_elements == 0);
    dp.axial = 1.0;
    ck_assert_int_eq(alecable_load_damping(&l, NULL, c, &dp), ALECABLE_ENULL);
    ck_assert_int_eq(alecable_load_damping(&l, m, NULL, &dp), ALECABLE_ENULL);
    ck_assert_ptr_null(l);
    ck_assert_int_eq(alecable_load_damping(&l, m, c2, &dp), ALECABLE_EHANDLE);
    ck_assert_int_eq(alecable_load_damping(&l, m, c, NULL), ALECABLE_ENULL);
    ck_assert_str_eq(alecable_model_errmsg(m), "params is NULL");
    dp.struct_size = 8;
    ck_assert_int_eq(alecable_load_damping(&l, m, c, &dp), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "struct_size"));
    alecable_damping_params_init(&dp);
    dp.axial = -1.0;
    ck_assert_int_eq(alecable_load_damping(&l, m, c, &dp), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "params.axial"));
    dp.axial = NAN;
    ck_assert_int_eq(alecable_load_damping(&l, m, c, &dp), ALECABLE_EINVAL);
    dp.axial = 1.0;
    dp.bending = INFINITY;
    ck_assert_int_eq(alecable_load_damping(&l, m, c, &dp), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "params.bending"));
    dp.bending = 0.5;
    ck_assert_int_eq(alecable_load_damping(&l, m, ca_, &dp), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "axial cable"));
    ck_assert_int_eq(alecable_load_damping(&l, m, cs, &dp), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "SE(3)"));
    dp.first_element = 3;
    ck_assert_int_eq(alecable_load_damping(&l, m, c, &dp), ALECABLE_ERANGE);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "params.first_element"));
    dp.first_element = 1;
    dp.n_elements = 3;
    ck_assert_int_eq(alecable_load_damping(&l, m, c, &dp), ALECABLE_ERANGE);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "params.n_elements"));
    ck_assert_ptr_null(l);
    /* an ALE cable: refused at creation, and at finalize when made ALE later */
    dp.n_elements = 2;
    ck_assert_int_eq(alecable_cable_set_lagrangian(c, 0), 0);
    ck_assert_int_eq(alecable_load_damping(&l, m, c, &dp), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "Lagrangian"));
    ck_assert_int_eq(alecable_cable_set_lagrangian(c, 1), 0);
    ck_assert_int_eq(alecable_load_damping(&l, m, c, &dp), ALECABLE_OK);
    ck_assert_ptr_nonnull(l);
    ck_assert_int_eq(alecable_load_set(l, x1), ALECABLE_EINVAL);
    ck_assert_int_eq(alecable_load_damping_dissipation(NULL, &D, NULL), ALECABLE_ENULL);
    ck_assert_int_eq(alecable_load_damping_dissipation((alecable_load *)&sec, &D, NULL), ALECABLE_EHANDLE);
    {
        alecable_load *ln;
        ck_assert_int_eq(alecable_load_distributed(&ln, m, c, x1), 0);
        ck_assert_int_eq(alecable_load_damping_dissipation(ln, &D, NULL), ALECABLE_EINVAL);
    }
    alecable_model_destroy(m2);
    alecable_model_destroy(m);
    /* made ALE after the damping was added: finalize names it */
    {
        alecable_load *ld;
        m = damped_cable(ALECABLE_ELEMENT_ANCF, 2, 1.0, 0.1, &c, &ld);
        ck_assert_int_eq(alecable_cable_set_lagrangian(c, 0), 0);
        ck_assert_int_eq(alecable_model_finalize(m), ALECABLE_ESTATE);
        ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "internal damping needs a Lagrangian cable"));
        alecable_model_destroy(m);
    }
}
END_TEST

/* ------------------------------------------------------------------------ */
/* closed form: the Kelvin-Voigt decay of a bar's first mode                 */

/* Linearized about the unstretched state, the axial element's damping matrix
 * is C = c_a d g g^T and its stiffness K = EA d g g^T (g the strain's
 * gradient): C = (c_a/EA) K, stiffness-proportional (Rayleigh) damping, so
 * every mode of the discrete bar decays with
 *     zeta_n = c_a omega_n / (2 EA),   rate sigma_n = zeta_n omega_n = c_a omega_n^2 / (2 EA)
 * (continuous bar clamped at x = 0, free at L: omega_1 = (pi/2L) sqrt(EA/rhoA)).
 * The bar (L = 1 m, EA = 1e4 N, rhoA = 1 kg/m: omega_1 = 157.08 rad/s, 20
 * elements) starts with the velocity 1e-3 sin(pi x/2L) m/s (strain 1e-5)
 * and zeta_1 = 0.02; Newmark's trapezoidal rule with 400 steps a period over
 * 10 periods.  From the tip's peaks (parabola through three samples):
 * omega_d and sigma, omega = sqrt(omega_d^2 + sigma^2).  Checked: sigma
 * against c_a omega^2/(2 EA) at 1e-3 (measured 2.2e-5; the higher modes,
 * damped faster, are in the first peak: it is skipped), omega against the
 * continuous omega_1 at 0.5 % (mesh; measured 2.4e-4). */
START_TEST(bar_first_mode_decays_at_kelvin_voigt_rate)
{
    const double L = 1.0, EA = 1e4, rhoA = 1.0, zeta = 0.02, V0 = 1e-3;
    const double w1 = PI / (2.0 * L) * sqrt(EA / rhoA), ca = 2.0 * EA * zeta / w1, h = 2.0 * PI / w1 / 400.0;
    const int nel = 20, nsteps = 4000;
    const double x0[3] = {0, 0, 0}, x1[3] = {L, 0, 0};
    alecable_model *m;
    alecable_cable *c;
    alecable_section sec;
    alecable_damping_params dp;
    alecable_integrator *it;
    alecable_dynamic_options o;
    alecable_node *n, *tip;
    double *q, *v, *lam, *u, tp[64], ap[64], sigma, wd, w, sig_cf;
    int nq, nlam, i, k, d, idx, np = 0;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    alecable_section_init(&sec);
    sec.E = EA;
    sec.A = 1.0;
    sec.rho = rhoA;
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_AXIAL, &sec), 0);
    ck_assert_int_eq(alecable_cable_set_lagrangian(c, 1), 0);
    ck_assert_int_eq(alecable_cable_line(c, x0, x1, 0.0, L, nel), 0);
    for (k = 0; k <= nel; k++) { /* a bar: lateral motion held */
        ck_assert_int_eq(alecable_cable_node(&n, c, k), 0);
        for (d = k ? ALECABLE_DOF_Y : ALECABLE_DOF_X; d <= ALECABLE_DOF_Z; d++)
            ck_assert_int_eq(alecable_fix(NULL, m, n, d), 0);
    }
    alecable_damping_params_init(&dp);
    dp.axial = ca;
    ck_assert_int_eq(alecable_load_damping(NULL, m, c, &dp), 0);
    alecable_dynamic_options_init(&o);
    o.method = ALECABLE_METHOD_NEWMARK;
    o.h = h;
    ck_assert_int_eq(alecable_model_integrator(&it, m, &o), 0);
    ck_assert_int_eq(alecable_integrator_sizes(it, &nq, &nlam), 0);
    q = calloc((size_t)nq, sizeof *q);
    v = calloc((size_t)nq, sizeof *v);
    lam = calloc((size_t)nlam + 1, sizeof *lam);
    u = calloc((size_t)nsteps + 1, sizeof *u);
    ck_assert(q && v && lam && u);
    ck_assert_int_eq(alecable_integrator_get_state(it, NULL, q, NULL, NULL, lam), 0);
    for (k = 1; k <= nel; k++) {
        ck_assert_int_eq(alecable_cable_node(&n, c, k), 0);
        ck_assert_int_eq(alecable_node_dof_index(n, ALECABLE_DOF_X, &idx), 0);
        v[idx] = V0 * sin(PI * k / (2.0 * nel));
    }
    ck_assert_int_eq(alecable_integrator_set_state(it, 0.0, q, v, NULL, lam), 0);
    ck_assert_int_eq(alecable_cable_node(&tip, c, nel), 0);
    ck_assert_int_eq(alecable_node_dof_index(tip, ALECABLE_DOF_X, &idx), 0);
    u[0] = 0.0;
    for (i = 1; i <= nsteps; i++) {
        ck_assert_int_eq(alecable_integrator_step(it, h), ALECABLE_OK);
        ck_assert_int_eq(alecable_integrator_get_state(it, NULL, q, NULL, NULL, NULL), 0);
        u[i] = q[idx] - L;
    }
    for (i = 1; i < nsteps && np < 64; i++)
        if (u[i] > u[i - 1] && u[i] >= u[i + 1]) { /* vertex of the parabola through i - 1, i, i + 1 */
            double d1 = 0.5 * (u[i + 1] - u[i - 1]), d2 = u[i + 1] - 2.0 * u[i] + u[i - 1], x = -d1 / d2;
            tp[np] = (i + x) * h;
            ap[np] = u[i] + 0.5 * d1 * x;
            np++;
        }
    ck_assert_int_ge(np, 9);
    wd = 2.0 * PI * (np - 2) / (tp[np - 1] - tp[1]);
    sigma = log(ap[1] / ap[np - 1]) / (tp[np - 1] - tp[1]);
    w = sqrt(wd * wd + sigma * sigma);
    sig_cf = ca * w * w / (2.0 * EA);
    ck_assert_msg(fabs(sigma / sig_cf - 1.0) <= 1e-3, "decay rate %.6g 1/s, Kelvin-Voigt c_a w^2/(2 EA) = %.6g (%.3g)",
                  sigma, sig_cf, sigma / sig_cf - 1.0);
    ck_assert_msg(fabs(w / w1 - 1.0) <= 5e-3, "omega %.6g, continuous %.6g", w, w1);
    figure("bar: sigma %.6g 1/s against c_a w^2/(2 EA) %.6g (rel %.2e), zeta %.5f, w %.6g (w1 %.6g)",
           sigma, sig_cf, sigma / sig_cf - 1.0, sigma / w, w, w1);
    free(q);
    free(v);
    free(lam);
    free(u);
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
}
END_TEST

/* The same for bending: at the straight unstretched cable the damping matrix
 * is c_a/EA times the axial stiffness plus c_b/EI times the bending one
 * (damping_matrix_is_the_reference_tangent), so with c_a/EA = c_b/EI = tau
 * C = tau K and every mode decays at sigma_n = tau omega_n^2 / 2.  A clamped
 * ANCF cantilever (L = 1 m, EI = 100 N m^2, EA = 1e4 N, rhoA = 1 kg/m, 8
 * elements: omega_1 = 1.8751^2 sqrt(EI/(rhoA L^4)) = 35.16 rad/s), zeta_1 =
 * 0.02, started with v_z = 1e-3 (x/L)^2 m/s; Newmark trapezoidal, 400 steps a
 * period, 10 periods; peaks of the tip's z as for the bar (the first two
 * skipped: the second mode has zeta 0.13).  Measured: sigma 2.1e-5 off
 * tau omega^2/2, omega 1.8e-5 off the continuous omega_1; checked at 1e-3
 * both. */
START_TEST(cantilever_first_mode_decays_at_kelvin_voigt_rate)
{
    const double L = 1.0, EA = 1e4, EI = 100.0, rhoA = 1.0, zeta = 0.02, V0 = 1e-3;
    const double w1 = 1.87510406871196 * 1.87510406871196 * sqrt(EI / (rhoA * L * L * L * L));
    const double tau = 2.0 * zeta / w1, h = 2.0 * PI / w1 / 400.0;
    const int nel = 8, nsteps = 4000;
    const double x0[3] = {0, 0, 0}, x1[3] = {L, 0, 0};
    alecable_model *m;
    alecable_cable *c;
    alecable_section sec;
    alecable_damping_params dp;
    alecable_integrator *it;
    alecable_dynamic_options o;
    alecable_node *n;
    double *q, *v, *lam, *u, tp[64], ap[64], sigma, wd, w, sig_cf;
    int nq, nlam, i, k, d, idx, np = 0;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    alecable_section_init(&sec);
    sec.E = EA;
    sec.A = 1.0;
    sec.rho = rhoA;
    sec.I = EI / EA;
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_ANCF, &sec), 0);
    ck_assert_int_eq(alecable_cable_set_lagrangian(c, 1), 0);
    ck_assert_int_eq(alecable_cable_line(c, x0, x1, 0.0, L, nel), 0);
    ck_assert_int_eq(alecable_cable_node(&n, c, 0), 0);
    for (d = ALECABLE_DOF_X; d <= ALECABLE_DOF_DZ; d++)
        if (d != ALECABLE_DOF_S) ck_assert_int_eq(alecable_fix(NULL, m, n, d), 0);
    alecable_damping_params_init(&dp);
    dp.axial = tau * EA;
    dp.bending = tau * EI;
    ck_assert_int_eq(alecable_load_damping(NULL, m, c, &dp), 0);
    alecable_dynamic_options_init(&o);
    o.method = ALECABLE_METHOD_NEWMARK;
    o.h = h;
    ck_assert_int_eq(alecable_model_integrator(&it, m, &o), 0);
    ck_assert_int_eq(alecable_integrator_sizes(it, &nq, &nlam), 0);
    q = calloc((size_t)nq, sizeof *q);
    v = calloc((size_t)nq, sizeof *v);
    lam = calloc((size_t)nlam + 1, sizeof *lam);
    u = calloc((size_t)nsteps + 1, sizeof *u);
    ck_assert(q && v && lam && u);
    ck_assert_int_eq(alecable_integrator_get_state(it, NULL, q, NULL, NULL, lam), 0);
    for (k = 1; k <= nel; k++) {
        double x = (double)k / nel;
        ck_assert_int_eq(alecable_cable_node(&n, c, k), 0);
        ck_assert_int_eq(alecable_node_dof_index(n, ALECABLE_DOF_Z, &idx), 0);
        v[idx] = V0 * x * x;
        ck_assert_int_eq(alecable_node_dof_index(n, ALECABLE_DOF_DZ, &idx), 0);
        v[idx] = V0 * 2.0 * x / L;
    }
    ck_assert_int_eq(alecable_integrator_set_state(it, 0.0, q, v, NULL, lam), 0);
    ck_assert_int_eq(alecable_cable_node(&n, c, nel), 0);
    ck_assert_int_eq(alecable_node_dof_index(n, ALECABLE_DOF_Z, &idx), 0);
    u[0] = 0.0;
    for (i = 1; i <= nsteps; i++) {
        ck_assert_int_eq(alecable_integrator_step(it, h), ALECABLE_OK);
        ck_assert_int_eq(alecable_integrator_get_state(it, NULL, q, NULL, NULL, NULL), 0);
        u[i] = q[idx];
    }
    for (i = 1; i < nsteps && np < 64; i++)
        if (u[i] > u[i - 1] && u[i] >= u[i + 1]) {
            double d1 = 0.5 * (u[i + 1] - u[i - 1]), d2 = u[i + 1] - 2.0 * u[i] + u[i - 1], x = -d1 / d2;
            tp[np] = (i + x) * h;
            ap[np] = u[i] + 0.5 * d1 * x;
            np++;
        }
    ck_assert_int_ge(np, 9);
    wd = 2.0 * PI * (np - 3) / (tp[np - 1] - tp[2]);
    sigma = log(ap[2] / ap[np - 1]) / (tp[np - 1] - tp[2]);
    w = sqrt(wd * wd + sigma * sigma);
    sig_cf = 0.5 * tau * w * w;
    figure("cantilever: sigma %.6g 1/s against tau w^2/2 %.6g (rel %.2e), zeta %.5f, w %.6g (w1 %.6g, rel %.2e)", sigma,
           sig_cf, sigma / sig_cf - 1.0, sigma / w, w, w1, w / w1 - 1.0);
    ck_assert_msg(fabs(sigma / sig_cf - 1.0) <= 1e-3, "decay rate %.6g 1/s, Kelvin-Voigt tau w^2/2 = %.6g", sigma,
                  sig_cf);
    ck_assert_msg(fabs(w / w1 - 1.0) <= 1e-3, "omega %.6g, continuous %.6g", w, w1);
    free(q);
    free(v);
    free(lam);
    free(u);
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* energy: the drop of T + V is the dissipated work                          */

/* A clamped ANCF cable (L = 1 m, EA = 1e4 N, EI = 100 N m^2, rhoA = 1 kg/m,
 * 4 elements), no gravity, started with a transverse velocity (x/L)^2 m/s
 * and an axial one 0.1 x/L m/s, damped axially (c_a = 6 N s, zeta ~ 0.05 on
 * the first axial mode) and in bending (c_b = 0.3 N m^2 s, zeta ~ 0.05 on the
 * first bending mode), 0.5 s with Newmark's trapezoidal rule.  The
 * integrators' energy balance books only the constraints' work (dynamic.c,
 * watch_balance), so the work of the damping forces is integrated here:
 * W_d = trapezoidal sum of v.f_d = 2 D (alecable_load_damping_dissipation).
 * For a linear system Newmark's rule gives E_n+1 - E_n = -h vm.C vm (vm the
 * step's mean velocity), which differs from the trapezoidal W_d by
 * h/4 dv.C dv = O(h^3) a step: the mismatch e = (E_0 - E_end) - W_d is O(h^2)
 * (the nonlinear energy error of the rule too).  Measured (ALECABLE_TEST_FIGURES=1):
 * W_d = 0.0858 J of E_0 = 0.1017 J, e(h)/e(h/2) = 4.000, e(h/2) = 1.65e-3 W_d,
 * and Richardson's (4 e(h/2) - e(h))/3 = 2.4e-9 W_d.  Checked: the ratio at
 * 4 +- 0.1, |e(h/2)| <= 2e-3 W_d, the extrapolated mismatch <= 1e-7 W_d,
 * W_d > E_0/2. */
static void ancf_energy_run(double h, double *E0, double *E1, double *Wd)
{
    const double L = 1.0, x0[3] = {0, 0, 0}, x1[3] = {L, 0, 0};
    const int nel = 4;
    alecable_model *m;
    alecable_cable *c;
    alecable_section sec;
    alecable_damping_params dp;
    alecable_integrator *it;
    alecable_dynamic_options o;
    alecable_node *n;
    alecable_load *l;
    double *q, *v, *lam, T, wi, we, P, Pprev;
    int nq, nlam, i, k, d, idx, nsteps = (int)floor(0.5 / h + 0.5);
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    alecable_section_init(&sec);
    sec.E = 1e6;
    sec.A = 1e-2;
    sec.rho = 100.0;
    sec.I = 1e-4;
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_ANCF, &sec), 0);
    ck_assert_int_eq(alecable_cable_set_lagrangian(c, 1), 0);
    ck_assert_int_eq(alecable_cable_line(c, x0, x1, 0.0, L, nel), 0);
    ck_assert_int_eq(alecable_cable_node(&n, c, 0), 0);
    for (d = ALECABLE_DOF_X; d <= ALECABLE_DOF_DZ; d++)
        if (d != ALECABLE_DOF_S) ck_assert_int_eq(alecable_fix(NULL, m, n, d), 0);
    alecable_damping_params_init(&dp);
    dp.axial = 6.0;
    dp.bending = 0.3;
    ck_assert_int_eq(alecable_load_damping(&l, m, c, &dp), 0);
    alecable_dynamic_options_init(&o);
    o.method = ALECABLE_METHOD_NEWMARK;
    o.h = h;
    ck_assert_int_eq(alecable_model_integrator(&it, m, &o), 0);
    ck_assert_int_eq(alecable_integrator_sizes(it, &nq, &nlam), 0);
    q = calloc((size_t)nq, sizeof *q);
    v = calloc((size_t)nq, sizeof *v);
    lam = calloc((size_t)nlam + 1, sizeof *lam);
    ck_assert(q && v && lam);
    ck_assert_int_eq(alecable_integrator_get_state(it, NULL, q, NULL, NULL, lam), 0);
    for (k = 1; k <= nel; k++) {
        double x = (double)k / nel;
        ck_assert_int_eq(alecable_cable_node(&n, c, k), 0);
        ck_assert_int_eq(alecable_node_dof_index(n, ALECABLE_DOF_Z, &idx), 0);
        v[idx] = x * x;
        ck_assert_int_eq(alecable_node_dof_index(n, ALECABLE_DOF_DZ, &idx), 0);
        v[idx] = 2.0 * x / L;
        ck_assert_int_eq(alecable_node_dof_index(n, ALECABLE_DOF_X, &idx), 0);
        v[idx] = 0.1 * x;
        ck_assert_int_eq(alecable_node_dof_index(n, ALECABLE_DOF_DX, &idx), 0);
        v[idx] = 0.1 / L;
    }
    ck_assert_int_eq(alecable_integrator_set_state(it, 0.0, q, v, NULL, lam), 0);
    ck_assert_int_eq(alecable_model_pull_state(m, it), 0);
    ck_assert_int_eq(alecable_model_kinetic_energy(m, &T), 0);
    ck_assert_int_eq(alecable_model_energy(m, &wi, &we), 0);
    ck_assert_int_eq(alecable_load_damping_dissipation(l, NULL, &Pprev), 0);
    *E0 = T + wi + we;
    *Wd = 0.0;
    for (i = 0; i < nsteps; i++) {
        ck_assert_int_eq(alecable_integrator_step(it, h), ALECABLE_OK);
        ck_assert_int_eq(alecable_model_pull_state(m, it), 0);
        ck_assert_int_eq(alecable_load_damping_dissipation(l, NULL, &P), 0);
        ck_assert(P >= 0.0);
        *Wd += 0.5 * h * (P + Pprev);
        Pprev = P;
    }
    ck_assert_int_eq(alecable_model_kinetic_energy(m, &T), 0);
    ck_assert_int_eq(alecable_model_energy(m, &wi, &we), 0);
    *E1 = T + wi + we;
    free(q);
    free(v);
    free(lam);
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
}

START_TEST(ancf_energy_drop_is_the_dissipated_work)
{
    double E0, E1, Wd, E0b, E1b, Wdb, e1, e2, ex;
    ancf_energy_run(5e-4, &E0, &E1, &Wd);
    ancf_energy_run(2.5e-4, &E0b, &E1b, &Wdb);
    e1 = E0 - E1 - Wd;
    e2 = E0b - E1b - Wdb;
    ex = (4.0 * e2 - e1) / 3.0; /* Richardson: the mismatch's h^2 term removed */
    figure("ANCF energy: E0 %.6g J, h 5e-4: E_end %.6g, W_d %.6g, mismatch %.3e; h 2.5e-4: E_end %.6g, W_d %.6g, "
           "mismatch %.3e (%.2e of W_d; ratio %.3f); extrapolated %.2e of W_d", E0, E1, Wd, e1, E1b, Wdb, e2,
           e2 / Wdb, e1 / e2, ex / Wdb);
    ck_assert_double_eq_tol(E0, E0b, 1e-14 * E0);
    ck_assert_msg(Wdb > 0.5 * E0b, "dissipated %g of %g", Wdb, E0b);
    ck_assert_msg(fabs(e1 / e2 - 4.0) <= 0.1, "mismatch %g at h, %g at h/2: not O(h^2)", e1, e2);
    ck_assert_msg(fabs(e2) <= 2e-3 * Wdb, "mismatch %g of the dissipated %g", e2, Wdb);
    ck_assert_msg(fabs(ex) <= 1e-7 * Wdb, "extrapolated mismatch %g of the dissipated %g", ex, Wdb);
}
END_TEST

Suite *suite_damping(void)
{
    Suite *s = suite_create("damping");
    TCase *te = tcase_create("damping elements");
    TCase *tm = tcase_create("damping model");
    TCase *td = tcase_create("damping dynamics");
    tcase_add_loop_test(te, element_force_and_jacobian_against_differences, 0, 18);
    tcase_add_loop_test(te, dissipation_nonnegative_and_rigid_free, 0, 3);
    tcase_add_loop_test(te, damping_matrix_is_the_reference_tangent, 0, 3);
    tcase_add_test(te, other_element_kind_refused);
    tcase_add_loop_test(tm, model_jacobian_and_power, 0, 3);
    tcase_add_test(tm, bad_arguments_named);
    tcase_add_test(td, bar_first_mode_decays_at_kelvin_voigt_rate);
    tcase_add_test(td, cantilever_first_mode_decays_at_kelvin_voigt_rate);
    tcase_add_test(td, ancf_energy_drop_is_the_dissipated_work);
    tcase_set_timeout(td, 30);
    suite_add_tcase(s, te);
    suite_add_tcase(s, tm);
    suite_add_tcase(s, td);
    return s;
}
