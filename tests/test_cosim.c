/* Co-simulation (alecable_cosim_*, issue 23): the wrenches against the
 * model's own driven body and against the elastic catenary, the Jacobians
 * against differences of the step itself, undo bit for bit, the host's
 * callback, and bad input.  The rig: tests/test_cosim_rig.h. */
#include "suites.h"
#include "test_cosim_rig.h"

#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static double max_abs(const double *x, int n)
{
    double m = 0.0;
    int i;
    for (i = 0; i < n; i++) m = fmax(m, fabs(x[i]));
    return m;
}

static alecable_cosim *make_cosim(cosim_rig *r, int kind, int n, int interp, int jac)
{
    alecable_cosim_options o;
    alecable_dynamic_options d;
    alecable_cosim *cs;
    ck_assert_int_eq(rig_build(r, kind, n), 0);
    rig_dynamic_options(&d);
    alecable_cosim_options_init(&o);
    o.dynamic = &d;
    o.interpolation = interp;
    o.jacobians = jac;
    ck_assert_msg(alecable_cosim_create(&cs, r->m, 1, &r->b, &o) == 0, "%s", alecable_model_errmsg(r->m));
    return cs;
}

/* ---- the same body driven by the model's own drive ---------------------- */

/* The reference's frame: before the first step the pose at 0 at rest (as
 * init's), then the linear interpolation between the samples of the
 * current macro-step, written here about the fixed axis z (theta linear). */
typedef struct ref_frame {
    int started;
    double t0, H, x0[3], x1[3], th0, th1;
} ref_frame;

static int ref_fn(void *user, double t, double x[3], double R[9], double v[3], double w[3], double a[3],
                  double al[3])
{
    ref_frame *f = (ref_frame *)user;
    int k;
    memset(a, 0, 3 * sizeof(double));
    memset(al, 0, 3 * sizeof(double));
    memset(w, 0, 3 * sizeof(double));
    if (!f->started) {
        memcpy(x, f->x0, 3 * sizeof(double));
        memset(v, 0, 3 * sizeof(double));
        rig_rz(f->th0, R);
        return 0;
    }
    {
        double s = (t - f->t0) / f->H;
        for (k = 0; k < 3; k++) {
            x[k] = f->x0[k] + s * (f->x1[k] - f->x0[k]);
            v[k] = (f->x1[k] - f->x0[k]) / f->H;
        }
        rig_rz(f->th0 + s * (f->th1 - f->th0), R);
        w[2] = (f->th1 - f->th0) / f->H;
    }
    return 0;
}

/* Four macro-steps of H = 0.05 (5 sub-steps each) after settle: the
 * wrench equals the model's own run of the same sub-steps with
 * alecable_body_prescribe(), whose frame is written here as a rotation
 * about z by a linear angle (the co-simulation's R0 exp(s phi^) agrees to
 * rounding): its force the drive's multipliers to 1e-11 relative to the
 * force (measured 2.3e-12 after four macro-steps: the frames' rounding
 * through Newton's last iterate), and force and moment the fairlead's
 * reaction (the attachment's multipliers, R p x f) to 1e-8. */
START_TEST(wrench_as_the_model_own_drive)
{
    cosim_rig ra, rb;
    alecable_cosim *cs = make_cosim(&ra, ALECABLE_ELEMENT_AXIAL, 10, ALECABLE_COSIM_LINEAR, 0);
    alecable_integrator *it;
    alecable_joint *drive;
    alecable_dynamic_options d;
    ref_frame f;
    double pose[12], W[6], H = 0.05, t, e_drive = 0.0, e_react = 0.0, scale = 0.0;
    int k, j, i;
    rig_motion(0.0, pose, NULL);
    ck_assert_msg(alecable_cosim_init(cs, 0.0, pose, NULL, 1, W) == 0, "%s", alecable_cosim_errmsg(cs));
    /* the reference */
    ck_assert_int_eq(rig_build(&rb, ALECABLE_ELEMENT_AXIAL, 10), 0);
    memset(&f, 0, sizeof f);
    memcpy(f.x0, pose, sizeof f.x0);
    memcpy(f.x1, pose, sizeof f.x1);
    f.th0 = rig_theta(0.0);
    ck_assert_int_eq(alecable_body_prescribe(&drive, rb.m, rb.b, ref_fn, &f), 0);
    ck_assert_int_eq(alecable_solve_quasistatic(rb.m, NULL, NULL), 0);
    rig_dynamic_options(&d);
    ck_assert_int_eq(alecable_model_integrator(&it, rb.m, &d), 0);
    f.started = 1;
    for (k = 1; k <= 4; k++) {
        double lam[6], fa[3], Rb[9], Rp[3], ref[6];
        ck_assert_int_eq(alecable_integrator_get_state(it, &t, NULL, NULL, NULL, NULL), 0);
        rig_motion(k * H, pose, NULL);
        memcpy(f.x0, f.x1, sizeof f.x0);
        f.t0 = t;
        f.H = H;
        f.th0 = rig_theta((k - 1) * H);
        f.th1 = rig_theta(k * H);
        memcpy(f.x1, pose, sizeof f.x1);
        for (j = 0; j < 5; j++) ck_assert_int_eq(alecable_integrator_step(it, H / 5), 0);
        ck_assert_int_eq(alecable_model_pull_state(rb.m, it), 0);
        ck_assert_msg(alecable_cosim_step(cs, H, pose, NULL, W, NULL, NULL) == 0, "%s", alecable_cosim_errmsg(cs));
        ck_assert_int_eq(alecable_joint_multipliers(drive, lam), 0);
        ck_assert_int_eq(alecable_joint_multipliers(rb.att, fa), 0);
        ck_assert_int_eq(alecable_body_pose(rb.b, NULL, Rb), 0);
        for (i = 0; i < 3; i++) Rp[i] = Rb[3 * i] * rb.p[0] + Rb[3 * i + 1] * rb.p[1] + Rb[3 * i + 2] * rb.p[2];
        memcpy(ref, fa, sizeof fa);
        ref[3] = Rp[1] * fa[2] - Rp[2] * fa[1];
        ref[4] = Rp[2] * fa[0] - Rp[0] * fa[2];
        ref[5] = Rp[0] * fa[1] - Rp[1] * fa[0];
        scale = fmax(scale, max_abs(W, 3));
        for (i = 0; i < 3; i++) e_drive = fmax(e_drive, fabs(W[i] - lam[i]));
        for (i = 0; i < 6; i++) e_react = fmax(e_react, fabs(W[i] - ref[i]));
    }
    ck_assert_msg(scale > 50.0, "the line pulls %g N", scale);
    ck_assert_msg(e_drive <= 1e-11 * scale, "force vs the model's drive: %g (of %g N)", e_drive, scale);
    ck_assert_msg(e_react <= 1e-8 * scale, "wrench vs the fairlead's reaction: %g (of %g N)", e_react, scale);
    alecable_integrator_destroy(it);
    alecable_cosim_destroy(cs);
    alecable_model_destroy(ra.m);
    alecable_model_destroy(rb.m);
}
END_TEST

/* The rig's motion as a host's kinematics (with its rates: the
 * acceleration and angular acceleration vanish at t = 0, where init's
 * frame has none) */
static void rig_rates(double t, double a[3], double al[3])
{
    a[0] = -1.2 * sin(2.0 * t);
    a[1] = -0.9 * sin(3.0 * t);
    a[2] = -0.2 * sin(t);
    al[0] = al[1] = 0.0;
    al[2] = -0.4 * sin(2.0 * t);
}

static int rig_kin(void *user, int i, double t, double x[3], double R[9], double v[3], double w[3], double a[3],
                   double al[3])
{
    double pose[12], tw[6];
    (void)user;
    (void)i;
    rig_motion(t, pose, tw);
    memcpy(x, pose, 3 * sizeof(double));
    memcpy(R, pose + 3, 9 * sizeof(double));
    memcpy(v, tw, 3 * sizeof(double));
    memcpy(w, tw + 3, 3 * sizeof(double));
    rig_rates(t, a, al);
    return 0;
}

static int rig_frame(void *user, double t, double x[3], double R[9], double v[3], double w[3], double a[3], double al[3])
{
    return rig_kin(user, 0, t, x, R, v, w, a, al);
}

/* Bit for bit: the callback's macro-steps and the model's own drive on the
 * same frame function, the same statics, the same initial velocities and
 * the same sub-steps give the same multipliers, so the wrench's force is
 * the drive's to the last bit. */
START_TEST(callback_bit_for_bit_as_the_model_own_drive)
{
    cosim_rig ra, rb;
    alecable_cosim *cs = make_cosim(&ra, ALECABLE_ELEMENT_AXIAL, 10, ALECABLE_COSIM_LINEAR, 0);
    alecable_integrator *it;
    alecable_joint *drive;
    alecable_dynamic_options d;
    alecable_node *bn;
    double pose[12], tw[6], W[6], lam[6], v[64], R[9], Om[3], H = 0.05;
    int k, j, nq, dof;
    rig_motion(0.0, pose, tw);
    ck_assert_int_eq(alecable_cosim_init(cs, 0.0, pose, tw, 1, NULL), 0);
    ck_assert_int_eq(rig_build(&rb, ALECABLE_ELEMENT_AXIAL, 10), 0);
    ck_assert_int_eq(alecable_body_prescribe(&drive, rb.m, rb.b, rig_frame, NULL), 0);
    ck_assert_int_eq(alecable_solve_quasistatic(rb.m, NULL, NULL), 0);
    ck_assert_int_eq(alecable_model_sizes(rb.m, &nq, NULL), 0);
    ck_assert_int_le(nq, 64);
    memset(v, 0, sizeof v);
    ck_assert_int_eq(alecable_body_node(&bn, rb.b), 0);
    ck_assert_int_eq(alecable_node_dof_index(bn, ALECABLE_DOF_X, &dof), 0);
    memcpy(R, pose + 3, sizeof R);
    Om[0] = R[0] * tw[3] + R[3] * tw[4] + R[6] * tw[5];
    Om[1] = R[1] * tw[3] + R[4] * tw[4] + R[7] * tw[5];
    Om[2] = R[2] * tw[3] + R[5] * tw[4] + R[8] * tw[5];
    memcpy(v + dof, tw, 3 * sizeof(double));
    memcpy(v + dof + 3, Om, 3 * sizeof(double));
    ck_assert_int_eq(alecable_model_set_velocity(rb.m, v), 0);
    rig_dynamic_options(&d);
    ck_assert_int_eq(alecable_model_integrator(&it, rb.m, &d), 0);
    for (k = 1; k <= 4; k++) {
        for (j = 0; j < 5; j++) ck_assert_int_eq(alecable_integrator_step(it, H / 5), 0);
        ck_assert_int_eq(alecable_model_pull_state(rb.m, it), 0);
        ck_assert_msg(alecable_cosim_step_callback(cs, H, rig_kin, NULL, W) == 0, "%s", alecable_cosim_errmsg(cs));
        ck_assert_int_eq(alecable_joint_multipliers(drive, lam), 0);
        ck_assert_msg(memcmp(W, lam, 3 * sizeof(double)) == 0, "macro-step %d: force %.17g %.17g %.17g, drive %.17g %.17g %.17g",
                      k, W[0], W[1], W[2], lam[0], lam[1], lam[2]);
    }
    alecable_integrator_destroy(it);
    alecable_cosim_destroy(cs);
    alecable_model_destroy(ra.m);
    alecable_model_destroy(rb.m);
}
END_TEST

/* ---- statics: the elastic catenary -------------------------------------- */

/* Fairlead forces (H, V) of an elastic catenary from the anchor (0, 0) to
 * (X, Z), unstretched length L, weight w per unstretched length (Irvine):
 * Newton on the two closure equations. */
static void catenary_hv(double X, double Z, double L, double w, double EA, double *Hout, double *Vout)
{
    double H = 0.5 * w * L, V = 0.7 * w * L;
    int it;
    for (it = 0; it < 100; it++) {
        double f[2], J[4], d = 1e-7 * w * L, det, dH, dV;
        int k;
        for (k = 0; k < 3; k++) {
            double h = H + (k == 1 ? d : 0.0), v = V + (k == 2 ? d : 0.0), g[2];
            g[0] = h / w * (asinh(v / h) - asinh((v - w * L) / h)) + h * L / EA - X;
            g[1] = h / w * (sqrt(1.0 + v * v / (h * h)) - sqrt(1.0 + (v - w * L) * (v - w * L) / (h * h))) +
                   (v * L - 0.5 * w * L * L) / EA - Z;
            if (k == 0) f[0] = g[0], f[1] = g[1];
            else J[k - 1] = (g[0] - f[0]) / d, J[k + 1] = (g[1] - f[1]) / d;
        }
        det = J[0] * J[3] - J[1] * J[2];
        dH = (f[0] * J[3] - f[1] * J[1]) / det;
        dV = (J[0] * f[1] - J[2] * f[0]) / det;
        H -= dH;
        V -= dV;
        if (fabs(dH) + fabs(dV) < 1e-13 * w * L) break;
    }
    *Hout = H;
    *Vout = V;
}

/* After settle, the wrench at t0 is the catenary's pull at the fairlead,
 * (-H, 0, -V) and R p x that about the body's origin: ANCF, 16 elements,
 * to 1e-5 (the discretization; the bending stiffness EI = 1e-3 N m^2 is
 * negligible at 100 N; measured 2.0e-6 of H), for the wrench of init and
 * after a macro-step in
 * which the body holds still. */
START_TEST(settled_catenary_closed_form)
{
    cosim_rig r;
    alecable_cosim *cs = make_cosim(&r, ALECABLE_ELEMENT_ANCF, 16, ALECABLE_COSIM_LINEAR, 0);
    double pose[12], W[6], W2[6], Hc, Vc, ref[6], Rp[3], err = 0.0, err2 = 0.0;
    int i;
    rig_motion(0.0, pose, NULL);
    ck_assert_msg(alecable_cosim_init(cs, 0.0, pose, NULL, 1, W) == 0, "%s", alecable_cosim_errmsg(cs));
    catenary_hv(10.0, 4.0, RIG_L, RIG_W, RIG_EA, &Hc, &Vc);
    for (i = 0; i < 3; i++)
        Rp[i] = pose[3 + 3 * i] * r.p[0] + pose[4 + 3 * i] * r.p[1] + pose[5 + 3 * i] * r.p[2];
    ref[0] = -Hc;
    ref[1] = 0.0;
    ref[2] = -Vc;
    ref[3] = Rp[1] * ref[2] - Rp[2] * ref[1];
    ref[4] = Rp[2] * ref[0] - Rp[0] * ref[2];
    ref[5] = Rp[0] * ref[1] - Rp[1] * ref[0];
    ck_assert_msg(alecable_cosim_step(cs, 0.05, pose, NULL, W2, NULL, NULL) == 0, "%s", alecable_cosim_errmsg(cs));
    for (i = 0; i < 6; i++) {
        err = fmax(err, fabs(W[i] - ref[i]));
        err2 = fmax(err2, fabs(W2[i] - ref[i]));
    }
    ck_assert_msg(err <= 1e-5 * Hc, "init: H %g V %g, wrench (%g %g %g; %g %g %g), error %g", Hc, Vc, W[0], W[1], W[2],
                  W[3], W[4], W[5], err);
    ck_assert_msg(err2 <= 1e-5 * Hc, "after a step at rest: error %g", err2);
    alecable_cosim_destroy(cs);
    alecable_model_destroy(r.m);
}
END_TEST

/* ---- Jacobians ----------------------------------------------------------- */

static void rotate_axis(double R[9], int axis, double d)
{
    double E[9], T[9], c = cos(d), s = sin(d);
    int i, j, a = (axis + 1) % 3, b = (axis + 2) % 3;
    memset(E, 0, sizeof E);
    E[4 * axis] = 1.0;
    E[4 * a] = E[4 * b] = c;
    E[3 * b + a] = s;
    E[3 * a + b] = -s;
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++) T[3 * i + j] = E[3 * i] * R[j] + E[3 * i + 1] * R[3 + j] + E[3 * i + 2] * R[6 + j];
    memcpy(R, T, sizeof T);
}

/* The macro-step's Jacobians (central differences of re-runs at the
 * library's step 1e-6) against central differences of the step itself
 * with steps 1e-4 (undo, step with the target moved), both
 * interpolations, to 1e-5 of the largest entry (measured 3e-7 linear,
 * 4.8e-6 Hermite); and the state after a step with Jacobians is the state
 * after a plain one, bit for bit. */
START_TEST(jacobians_against_differences)
{
    int interp;
    for (interp = 0; interp < 2; interp++) {
        cosim_rig r;
        alecable_cosim *cs = make_cosim(&r, ALECABLE_ELEMENT_AXIAL, 10, interp, 1);
        double pose[12], tw[6], W[6], Jp[36], Jt[36], Wp[6], Wm[6], err = 0.0, scale, q1[64], q2[64];
        int k, i, nq;
        rig_motion(0.0, pose, tw);
        ck_assert_msg(alecable_cosim_init(cs, 0.0, pose, tw, 1, NULL) == 0, "%s", alecable_cosim_errmsg(cs));
        rig_motion(0.1, pose, tw);
        ck_assert_int_eq(alecable_model_sizes(r.m, &nq, NULL), 0);
        ck_assert_int_le(nq, 64);
        ck_assert_msg(alecable_cosim_step(cs, 0.1, pose, tw, W, NULL, NULL) == 0, "%s", alecable_cosim_errmsg(cs));
        ck_assert_int_eq(alecable_model_get_state(r.m, q1, NULL, NULL), 0);
        ck_assert_int_eq(alecable_cosim_undo(cs), 0);
        ck_assert_msg(alecable_cosim_step(cs, 0.1, pose, tw, W, Jp, Jt) == 0, "%s", alecable_cosim_errmsg(cs));
        ck_assert_int_eq(alecable_model_get_state(r.m, q2, NULL, NULL), 0);
        ck_assert_msg(memcmp(q1, q2, (size_t)nq * sizeof(double)) == 0, "the Jacobians' runs left another state");
        scale = fmax(max_abs(Jp, 36), max_abs(Jt, 36));
        for (k = 0; k < 12; k++) {
            double d = k < 3 ? 1e-4 * 10.0 : k < 6 ? 1e-4 : 1e-4;
            double pp[12], pm[12], tp[6], tm[6], *J = k < 6 ? Jp : Jt;
            memcpy(pp, pose, sizeof pp);
            memcpy(pm, pose, sizeof pm);
            memcpy(tp, tw, sizeof tp);
            memcpy(tm, tw, sizeof tm);
            if (k < 3) pp[k] += d, pm[k] -= d;
            else if (k < 6) rotate_axis(pp + 3, k - 3, d), rotate_axis(pm + 3, k - 3, -d);
            else tp[k - 6] += d, tm[k - 6] -= d;
            ck_assert_int_eq(alecable_cosim_undo(cs), 0);
            ck_assert_int_eq(alecable_cosim_step(cs, 0.1, pp, tp, Wp, NULL, NULL), 0);
            ck_assert_int_eq(alecable_cosim_undo(cs), 0);
            ck_assert_int_eq(alecable_cosim_step(cs, 0.1, pm, tm, Wm, NULL, NULL), 0);
            for (i = 0; i < 6; i++) err = fmax(err, fabs(J[6 * i + k % 6] - (Wp[i] - Wm[i]) / (2.0 * d)));
        }
        if (interp == ALECABLE_COSIM_LINEAR) ck_assert_double_eq(max_abs(Jt, 36), 0.0);
        ck_assert_msg(scale > 10.0, "interp %d: |J| %g", interp, scale);
        ck_assert_msg(err <= 1e-5 * scale, "interp %d: Jacobian vs differences %g (|J| %g)", interp, err, scale);
        alecable_cosim_destroy(cs);
        alecable_model_destroy(r.m);
    }
}
END_TEST

/* ---- undo ---------------------------------------------------------------- */

typedef struct snap {
    double t, q[64], v[64], a[64], lam[64], mq[64], ml[64], mv[64], mt;
} snap;

static void take(snap *s, alecable_cosim *cs, alecable_model *m)
{
    const alecable_integrator *it;
    memset(s, 0, sizeof *s);
    int nq, nl;
    ck_assert_int_eq(alecable_cosim_state(cs, NULL, &it), 0);
    ck_assert_int_eq(alecable_integrator_sizes(it, &nq, &nl), 0);
    ck_assert_msg(nq <= 64 && nl <= 64, "the snapshot holds 64 values: nq %d, nlam %d", nq, nl);
    ck_assert_int_eq(alecable_integrator_get_state(it, &s->t, s->q, s->v, s->a, s->lam), 0);
    ck_assert_int_eq(alecable_model_get_state(m, s->mq, s->ml, NULL), 0);
    ck_assert_int_eq(alecable_model_get_velocity(m, s->mv), 0);
    ck_assert_int_eq(alecable_model_time(m, &s->mt), 0);
}

/* Two macro-steps, then a third with kinematics A, undone, one with B,
 * undone, A again: the state after each undo is the one before bit for bit
 * (the integrator's and the model's, with the time), and A again repeats
 * A's wrench and state bit for bit.  Hermite interpolation, ANCF. */
START_TEST(undo_is_bit_for_bit)
{
    cosim_rig r;
    alecable_cosim *cs = make_cosim(&r, ALECABLE_ELEMENT_ANCF, 6, ALECABLE_COSIM_HERMITE, 0);
    double pose[12], tw[6], pb[12], tb[6], WA[6], WB[6], WA2[6], t;
    snap s0, s1, sa, sa2;
    int k;
    rig_motion(0.0, pose, tw);
    ck_assert_msg(alecable_cosim_init(cs, 0.0, pose, tw, 1, NULL) == 0, "%s", alecable_cosim_errmsg(cs));
    ck_assert_int_eq(alecable_cosim_undo(cs), ALECABLE_ESTATE);
    for (k = 1; k <= 2; k++) {
        rig_motion(0.04 * k, pose, tw);
        ck_assert_msg(alecable_cosim_step(cs, 0.04, pose, tw, NULL, NULL, NULL) == 0, "%s", alecable_cosim_errmsg(cs));
    }
    take(&s0, cs, r.m);
    rig_motion(0.12, pose, tw);
    rig_motion(0.2, pb, tb);
    ck_assert_int_eq(alecable_cosim_step(cs, 0.04, pose, tw, WA, NULL, NULL), 0);
    take(&sa, cs, r.m);
    ck_assert_int_eq(alecable_cosim_undo(cs), 0);
    ck_assert_int_eq(alecable_cosim_undo(cs), ALECABLE_ESTATE);
    take(&s1, cs, r.m);
    ck_assert_msg(memcmp(&s0, &s1, sizeof s0) == 0, "undo of A is not bit for bit");
    ck_assert_int_eq(alecable_cosim_state(cs, &t, NULL), 0);
    ck_assert_double_eq(t, s0.t);
    ck_assert_int_eq(alecable_cosim_step(cs, 0.04, pb, tb, WB, NULL, NULL), 0);
    ck_assert_int_eq(alecable_cosim_undo(cs), 0);
    take(&s1, cs, r.m);
    ck_assert_msg(memcmp(&s0, &s1, sizeof s0) == 0, "undo of B is not bit for bit");
    ck_assert_int_eq(alecable_cosim_step(cs, 0.04, pose, tw, WA2, NULL, NULL), 0);
    take(&sa2, cs, r.m);
    ck_assert_msg(memcmp(WA, WA2, sizeof WA) == 0, "the redo's wrench differs");
    ck_assert_msg(memcmp(&sa, &sa2, sizeof sa) == 0, "the redo's state differs");
    ck_assert_msg(fabs(WA[0] - WB[0]) > 1e-3, "A and B pull alike");
    alecable_cosim_destroy(cs);
    alecable_model_destroy(r.m);
}
END_TEST

/* ---- the host's kinematics callback ------------------------------------- */

typedef struct host_kin {
    double pose[12];
    int fail_at_call, calls;
} host_kin;

static int host_fn(void *user, int i, double t, double x[3], double R[9], double v[3], double w[3], double a[3],
                   double al[3])
{
    host_kin *h = (host_kin *)user;
    (void)t;
    (void)a;
    (void)al;
    if (i != 0) return 7;
    if (++h->calls == h->fail_at_call) return 5;
    memcpy(x, h->pose, 3 * sizeof(double));
    memcpy(R, h->pose + 3, 9 * sizeof(double));
    memset(v, 0, 3 * sizeof(double));
    memset(w, 0, 3 * sizeof(double));
    return 0;
}

/* A body held still: the callback's macro-step and the pose step give the
 * same wrench bit for bit (the same frames); a failing callback fails the
 * macro-step with ALECABLE_ECALLBACK and changes nothing. */
START_TEST(callback_step)
{
    cosim_rig r;
    alecable_cosim *cs = make_cosim(&r, ALECABLE_ELEMENT_AXIAL, 8, ALECABLE_COSIM_LINEAR, 0);
    host_kin h;
    double W1[6], W2[6], t0, t1;
    snap s0, s1;
    memset(&h, 0, sizeof h);
    rig_motion(0.0, h.pose, NULL);
    ck_assert_int_eq(alecable_cosim_init(cs, 0.0, h.pose, NULL, 1, NULL), 0);
    ck_assert_int_eq(alecable_cosim_step(cs, 0.03, h.pose, NULL, W1, NULL, NULL), 0);
    ck_assert_int_eq(alecable_cosim_undo(cs), 0);
    ck_assert_msg(alecable_cosim_step_callback(cs, 0.03, host_fn, &h, W2) == 0, "%s", alecable_cosim_errmsg(cs));
    ck_assert_msg(memcmp(W1, W2, sizeof W1) == 0, "pose step %.17g, callback %.17g", W1[0], W2[0]);
    take(&s0, cs, r.m);
    ck_assert_int_eq(alecable_cosim_state(cs, &t0, NULL), 0);
    h.calls = 0;
    h.fail_at_call = 3;
    ck_assert_int_eq(alecable_cosim_step_callback(cs, 0.03, host_fn, &h, W2), ALECABLE_ECALLBACK);
    ck_assert_ptr_nonnull(strstr(alecable_cosim_errmsg(cs), "callback"));
    take(&s1, cs, r.m);
    ck_assert_int_eq(alecable_cosim_state(cs, &t1, NULL), 0);
    ck_assert_msg(memcmp(&s0, &s1, sizeof s0) == 0 && t0 == t1, "a failed macro-step changed the state");
    h.fail_at_call = 0;
    ck_assert_int_eq(alecable_cosim_step(cs, 0.03, h.pose, NULL, W2, NULL, NULL), 0);
    alecable_cosim_destroy(cs);
    alecable_model_destroy(r.m);
}
END_TEST

/* ---- bad input ----------------------------------------------------------- */

START_TEST(bad_input)
{
    cosim_rig r, o, o2;
    alecable_cosim *cs = NULL, *cs2;
    alecable_cosim_options opt;
    alecable_dynamic_options d;
    alecable_body *two[2];
    double pose[12], bad[12], tw[6], W[6], J[36];
    snap s0, s1;
    ck_assert_int_eq(rig_build(&r, ALECABLE_ELEMENT_AXIAL, 6), 0);
    ck_assert_int_eq(rig_build(&o, ALECABLE_ELEMENT_AXIAL, 6), 0);
    rig_motion(0.0, pose, tw);
    alecable_cosim_options_init(NULL);
    ck_assert_int_eq(alecable_cosim_create(NULL, r.m, 1, &r.b, NULL), ALECABLE_ENULL);
    ck_assert_int_eq(alecable_cosim_create(&cs, NULL, 1, &r.b, NULL), ALECABLE_ENULL);
    ck_assert_ptr_null(cs);
    ck_assert_int_eq(alecable_cosim_create(&cs, r.m, 1, NULL, NULL), ALECABLE_ENULL);
    ck_assert_int_eq(alecable_cosim_create(&cs, r.m, 0, &r.b, NULL), ALECABLE_EINVAL);
    ck_assert_int_eq(alecable_cosim_create(&cs, r.m, 1, &o.b, NULL), ALECABLE_EHANDLE);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(r.m), "another model"));
    ck_assert_int_eq(alecable_cosim_create(&cs, (alecable_model *)(void *)r.b, 1, &r.b, NULL), ALECABLE_EHANDLE);
    two[0] = two[1] = r.b;
    ck_assert_int_eq(alecable_cosim_create(&cs, r.m, 2, two, NULL), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(r.m), "repeats"));
    two[1] = NULL;
    ck_assert_int_eq(alecable_cosim_create(&cs, r.m, 2, two, NULL), ALECABLE_ENULL);
    alecable_cosim_options_init(&opt);
    opt.struct_size = 8;
    ck_assert_int_eq(alecable_cosim_create(&cs, r.m, 1, &r.b, &opt), ALECABLE_EINVAL);
    alecable_cosim_options_init(&opt);
    opt.interpolation = 7;
    ck_assert_int_eq(alecable_cosim_create(&cs, r.m, 1, &r.b, &opt), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(r.m), "interpolation"));
    alecable_cosim_options_init(&opt);
    opt.jacobian_step = NAN;
    ck_assert_int_eq(alecable_cosim_create(&cs, r.m, 1, &r.b, &opt), ALECABLE_EINVAL);
    alecable_cosim_options_init(&opt);
    alecable_dynamic_options_init(&d);
    d.h = -1.0;
    opt.dynamic = &d;
    ck_assert_int_eq(alecable_cosim_create(&cs, r.m, 1, &r.b, &opt), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(r.m), "options.dynamic"));
    ck_assert_ptr_null(cs);
    /* a good one */
    rig_dynamic_options(&d);
    opt.dynamic = &d;
    ck_assert_int_eq(alecable_cosim_create(&cs, r.m, 1, &r.b, &opt), 0);
    ck_assert_str_eq(alecable_cosim_errmsg(NULL), "cosim is NULL");
    ck_assert_str_eq(alecable_cosim_errmsg((alecable_cosim *)(void *)r.m), "not a cosim handle");
    ck_assert_int_eq(alecable_cosim_undo(NULL), ALECABLE_ENULL);
    ck_assert_int_eq(alecable_cosim_undo((alecable_cosim *)(void *)r.m), ALECABLE_EHANDLE);
    ck_assert_int_eq(alecable_cosim_state(NULL, NULL, NULL), ALECABLE_ENULL);
    /* before init */
    ck_assert_int_eq(alecable_cosim_step(cs, 0.01, pose, NULL, W, NULL, NULL), ALECABLE_ESTATE);
    ck_assert_int_eq(alecable_cosim_step_callback(cs, 0.01, host_fn, NULL, W), ALECABLE_ESTATE);
    ck_assert_int_eq(alecable_cosim_undo(cs), ALECABLE_ESTATE);
    /* init */
    ck_assert_int_eq(alecable_cosim_init(NULL, 0.0, pose, NULL, 1, W), ALECABLE_ENULL);
    ck_assert_int_eq(alecable_cosim_init(cs, 0.0, NULL, NULL, 1, W), ALECABLE_ENULL);
    ck_assert_int_eq(alecable_cosim_init(cs, NAN, pose, NULL, 1, W), ALECABLE_EINVAL);
    ck_assert_int_eq(alecable_cosim_init(cs, 0.0, pose, NULL, 2, W), ALECABLE_EINVAL);
    memcpy(bad, pose, sizeof bad);
    bad[1] = NAN;
    ck_assert_int_eq(alecable_cosim_init(cs, 0.0, bad, NULL, 1, W), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_cosim_errmsg(cs), "poses[1]"));
    memcpy(bad, pose, sizeof bad);
    bad[3] = 2.0;
    ck_assert_int_eq(alecable_cosim_init(cs, 0.0, bad, NULL, 1, W), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_cosim_errmsg(cs), "rotation"));
    tw[4] = INFINITY;
    ck_assert_int_eq(alecable_cosim_init(cs, 0.0, pose, tw, 1, W), ALECABLE_EINVAL);
    tw[4] = 0.0;
    ck_assert_int_eq(alecable_cosim_init(cs, 0.0, pose, NULL, 1, W), 0);
    ck_assert_int_eq(alecable_cosim_step(cs, 0.02, pose, NULL, W, NULL, NULL), 0);
    take(&s0, cs, r.m);
    /* step */
    ck_assert_int_eq(alecable_cosim_step(NULL, 0.01, pose, NULL, W, NULL, NULL), ALECABLE_ENULL);
    ck_assert_int_eq(alecable_cosim_step(cs, 0.0, pose, NULL, W, NULL, NULL), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_cosim_errmsg(cs), "H ="));
    ck_assert_int_eq(alecable_cosim_step(cs, -0.1, pose, NULL, W, NULL, NULL), ALECABLE_EINVAL);
    ck_assert_int_eq(alecable_cosim_step(cs, NAN, pose, NULL, W, NULL, NULL), ALECABLE_EINVAL);
    ck_assert_int_eq(alecable_cosim_step(cs, 0.01, NULL, NULL, W, NULL, NULL), ALECABLE_ENULL);
    memcpy(bad, pose, sizeof bad);
    bad[11] = NAN;
    ck_assert_int_eq(alecable_cosim_step(cs, 0.01, bad, NULL, W, NULL, NULL), ALECABLE_EINVAL);
    ck_assert_int_eq(alecable_cosim_step(cs, 0.01, pose, NULL, W, J, NULL), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_cosim_errmsg(cs), "jacobians"));
    ck_assert_int_eq(alecable_cosim_step_callback(cs, 0.01, NULL, NULL, W), ALECABLE_ENULL);
    ck_assert_int_eq(alecable_cosim_step_callback(cs, INFINITY, host_fn, NULL, W), ALECABLE_EINVAL);
    take(&s1, cs, r.m);
    ck_assert_msg(memcmp(&s0, &s1, sizeof s0) == 0, "a refused call changed the state");
    /* undo still undoes the good step after the refused ones */
    ck_assert_int_eq(alecable_cosim_undo(cs), 0);
    /* Hermite needs the twists */
    alecable_cosim_options_init(&opt);
    opt.interpolation = ALECABLE_COSIM_HERMITE;
    opt.dynamic = &d;
    ck_assert_int_eq(rig_build(&o2, ALECABLE_ELEMENT_AXIAL, 6), 0);
    ck_assert_int_eq(alecable_cosim_create(&cs2, o2.m, 1, &o2.b, &opt), 0);
    ck_assert_int_eq(alecable_cosim_init(cs2, 0.0, pose, NULL, 1, NULL), 0);
    ck_assert_int_eq(alecable_cosim_step(cs2, 0.01, pose, NULL, W, NULL, NULL), ALECABLE_ENULL);
    ck_assert_int_eq(alecable_cosim_step(cs2, 0.01, pose, tw, W, NULL, NULL), 0);
    alecable_cosim_destroy(cs2);
    alecable_cosim_destroy(cs);
    alecable_cosim_destroy(NULL);
    /* the drives outlive their co-simulation: a solve fails clearly */
    ck_assert_int_eq(alecable_solve_quasistatic(r.m, NULL, NULL), ALECABLE_ECALLBACK);
    alecable_model_destroy(r.m);
    alecable_model_destroy(o.m);
    alecable_model_destroy(o2.m);
}
END_TEST

/* A model changed after create (a cable added, the numbering redone): init
 * finds the bodies' coordinates again (the cables come first in q: the
 * body's moved), its initial twist lands on it, and the independent extra
 * cable does not change the wrench (to the Newton tolerance) */
START_TEST(model_changed_after_create)
{
    cosim_rig r, r2;
    alecable_cosim *cs = make_cosim(&r, ALECABLE_ELEMENT_AXIAL, 8, ALECABLE_COSIM_LINEAR, 0);
    alecable_cosim *cs2 = make_cosim(&r2, ALECABLE_ELEMENT_AXIAL, 8, ALECABLE_COSIM_LINEAR, 0);
    alecable_cable *c;
    alecable_section sec;
    alecable_node *a, *b;
    double pose[12], tw[6], W[6], W2[6], xa[3] = {-3, 0, 0}, xb[3] = {-1, 0, 1}, e = 0.0;
    int k;
    alecable_section_init(&sec);
    sec.E = 1e9;
    sec.A = 1e-4;
    sec.rho = 100.0;
    ck_assert_int_eq(alecable_cable_create(&c, r2.m, ALECABLE_ELEMENT_AXIAL, &sec), 0);
    ck_assert_int_eq(alecable_cable_line(c, xa, xb, 0.0, 2.2, 4), 0);
    ck_assert_int_eq(alecable_cable_set_lagrangian(c, 1), 0);
    ck_assert_int_eq(alecable_cable_node(&a, c, 0), 0);
    ck_assert_int_eq(alecable_cable_node(&b, c, 4), 0);
    for (k = 0; k < 3; k++) {
        ck_assert_int_eq(alecable_fix(NULL, r2.m, a, k), 0);
        ck_assert_int_eq(alecable_fix(NULL, r2.m, b, k), 0);
    }
    rig_motion(0.0, pose, tw);
    ck_assert_int_eq(alecable_cosim_init(cs, 0.0, pose, tw, 1, NULL), 0);
    ck_assert_msg(alecable_cosim_init(cs2, 0.0, pose, tw, 1, NULL) == 0, "%s", alecable_cosim_errmsg(cs2));
    rig_motion(0.05, pose, NULL);
    ck_assert_int_eq(alecable_cosim_step(cs, 0.05, pose, NULL, W, NULL, NULL), 0);
    ck_assert_int_eq(alecable_cosim_step(cs2, 0.05, pose, NULL, W2, NULL, NULL), 0);
    for (k = 0; k < 6; k++) e = fmax(e, fabs(W[k] - W2[k]));
    ck_assert_msg(e <= 1e-8 * max_abs(W, 3), "the extra cable changed the wrench by %g", e);
    alecable_cosim_destroy(cs);
    alecable_cosim_destroy(cs2);
    alecable_model_destroy(r.m);
    alecable_model_destroy(r2.m);
}
END_TEST

/* A settle that fails (one Newton iteration allowed) leaves the model's
 * state, velocities and time as they were, and the co-simulation not
 * initialized */
START_TEST(failed_init_changes_nothing)
{
    cosim_rig r;
    alecable_cosim *cs;
    alecable_cosim_options o;
    alecable_quasistatic_options qo;
    double pose[12], tw[6], q0[128], q1[128], v0[128], v1[128], t0, t1;
    int nq;
    ck_assert_int_eq(rig_build(&r, ALECABLE_ELEMENT_AXIAL, 8), 0);
    alecable_quasistatic_options_init(&qo);
    qo.max_iterations = 1;
    alecable_cosim_options_init(&o);
    o.settle = &qo;
    ck_assert_int_eq(alecable_cosim_create(&cs, r.m, 1, &r.b, &o), 0);
    ck_assert_int_eq(alecable_model_sizes(r.m, &nq, NULL), 0);
    ck_assert_int_le(nq, 128);
    ck_assert_int_eq(alecable_model_get_state(r.m, q0, NULL, NULL), 0);
    ck_assert_int_eq(alecable_model_get_velocity(r.m, v0), 0);
    ck_assert_int_eq(alecable_model_time(r.m, &t0), 0);
    rig_motion(0.3, pose, tw);
    ck_assert_int_ne(alecable_cosim_init(cs, 2.0, pose, tw, 1, NULL), 0);
    ck_assert_ptr_nonnull(strstr(alecable_cosim_errmsg(cs), "settle"));
    ck_assert_int_eq(alecable_model_get_state(r.m, q1, NULL, NULL), 0);
    ck_assert_int_eq(alecable_model_get_velocity(r.m, v1), 0);
    ck_assert_int_eq(alecable_model_time(r.m, &t1), 0);
    ck_assert_msg(memcmp(q0, q1, sizeof(double) * (size_t)nq) == 0 && memcmp(v0, v1, sizeof(double) * (size_t)nq) == 0,
                  "a failed init changed the model's state");
    ck_assert_double_eq(t0, t1);
    ck_assert_int_eq(alecable_cosim_step(cs, 0.01, pose, NULL, NULL, NULL, NULL), ALECABLE_ESTATE);
    alecable_cosim_destroy(cs);
    alecable_model_destroy(r.m);
}
END_TEST

/* Friction history: an ALE line taut from the anchor through a sleeve with
 * Coulomb stick/slip (two nodes near the anchor) to the body.  The body's
 * motion pulls material through the sleeve; undo of a macro-step gives the
 * contacts' state, forces and slip back bit for bit with the rest, and the
 * redo repeats it. */
static void contacts(alecable_joint *sl, double *out)
{
    int i;
    for (i = 0; i < 2; i++) {
        alecable_contact ct;
        alecable_contact_init(&ct);
        ck_assert_int_eq(alecable_friction_contact(sl, i, &ct), 0);
        out[5 * i] = ct.state;
        out[5 * i + 1] = ct.lambda_t;
        out[5 * i + 2] = ct.lambda_n;
        out[5 * i + 3] = ct.slip;
        out[5 * i + 4] = ct.slip_total;
    }
}

START_TEST(undo_restores_friction_history)
{
    alecable_model *m;
    alecable_body *b;
    alecable_cable *c;
    alecable_body_params bp;
    alecable_section sec;
    alecable_sleeve_params sp;
    alecable_joint *sl;
    alecable_node *nd[9];
    alecable_cosim *cs;
    alecable_cosim_options o;
    alecable_dynamic_options d;
    double pose[12], F[3], A[3] = {0, 0, 0}, g[3] = {0, 0, -9.81}, c0[10], c1[10], ca[10], ca2[10], W[6], W2[6];
    double slip = 0.0;
    snap s0, s1, sa, sa2;
    int i, k;
    ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
    ck_assert_int_eq(alecable_model_set_gravity(m, g), 0);
    rig_motion(0.0, pose, NULL);
    alecable_body_params_init(&bp);
    memcpy(bp.position, pose, 3 * sizeof(double));
    memcpy(bp.rotation, pose + 3, 9 * sizeof(double));
    ck_assert_int_eq(alecable_body_create(&b, m, &bp), 0);
    ck_assert_int_eq(alecable_body_point(b, rig_p, F), 0);
    alecable_section_init(&sec);
    sec.A = 1e-2;
    sec.E = RIG_EA / sec.A;
    sec.rho = RIG_W / 9.81 / sec.A;
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_AXIAL, &sec), 0);
    ck_assert_int_eq(alecable_cable_line(c, A, F, 0.0, 10.5, 8), 0);
    for (i = 0; i <= 8; i++) ck_assert_int_eq(alecable_cable_node(&nd[i], c, i), 0);
    for (k = 0; k < 3; k++) ck_assert_int_eq(alecable_fix(NULL, m, nd[0], k), 0);
    ck_assert_int_eq(alecable_fix(NULL, m, nd[0], ALECABLE_DOF_S), 0);
    ck_assert_int_eq(alecable_attach(NULL, m, nd[8], b, rig_p, 1), 0);
    alecable_sleeve_params_init(&sp);
    sp.pressure = 1e3;
    sp.friction.mu = 0.3;
    ck_assert_int_eq(alecable_sleeve(&sl, m, &sp, 2, nd + 1), 0);
    rig_dynamic_options(&d);
    alecable_cosim_options_init(&o);
    o.dynamic = &d;
    ck_assert_int_eq(alecable_cosim_create(&cs, m, 1, &b, &o), 0);
    ck_assert_msg(alecable_cosim_init(cs, 0.0, pose, NULL, 1, NULL) == 0, "%s", alecable_cosim_errmsg(cs));
    for (k = 1; k <= 3; k++) {
        rig_motion(0.1 * k, pose, NULL);
        ck_assert_msg(alecable_cosim_step(cs, 0.1, pose, NULL, NULL, NULL, NULL) == 0, "%s", alecable_cosim_errmsg(cs));
    }
    take(&s0, cs, m);
    contacts(sl, c0);
    rig_motion(0.4, pose, NULL);
    pose[0] += 0.2;
    ck_assert_int_eq(alecable_cosim_step(cs, 0.1, pose, NULL, W, NULL, NULL), 0);
    take(&sa, cs, m);
    contacts(sl, ca);
    for (i = 0; i < 2; i++) slip += fabs(ca[5 * i + 3]);
    ck_assert_msg(slip > 1e-6, "no material slipped through the sleeve (%g m)", slip);
    ck_assert_int_eq(alecable_cosim_undo(cs), 0);
    take(&s1, cs, m);
    contacts(sl, c1);
    ck_assert_msg(memcmp(&s0, &s1, sizeof s0) == 0, "undo: the state differs");
    ck_assert_msg(memcmp(c0, c1, sizeof c0) == 0, "undo: the contacts differ");
    ck_assert_int_eq(alecable_cosim_step(cs, 0.1, pose, NULL, W2, NULL, NULL), 0);
    take(&sa2, cs, m);
    contacts(sl, ca2);
    ck_assert_msg(memcmp(W, W2, sizeof W) == 0 && memcmp(&sa, &sa2, sizeof sa) == 0 && memcmp(ca, ca2, sizeof ca) == 0,
                  "the redo differs");
    alecable_cosim_destroy(cs);
    alecable_model_destroy(m);
}
END_TEST

Suite *suite_cosim(void)
{
    Suite *s = suite_create("cosim");
    TCase *tc = tcase_create("co-simulation");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, wrench_as_the_model_own_drive);
    tcase_add_test(tc, callback_bit_for_bit_as_the_model_own_drive);
    tcase_add_test(tc, settled_catenary_closed_form);
    tcase_add_test(tc, jacobians_against_differences);
    tcase_add_test(tc, undo_is_bit_for_bit);
    tcase_add_test(tc, undo_restores_friction_history);
    tcase_add_test(tc, callback_step);
    tcase_add_test(tc, model_changed_after_create);
    tcase_add_test(tc, failed_init_changes_nothing);
    tcase_add_test(tc, bad_input);
    suite_add_tcase(s, tc);
    return s;
}
