/* The Puma-type arm of paper 003 sec. 7.1 (see puma_arm.h): forward
 * kinematics in "jets" (a value with its first two time derivatives), so
 * that the tool's velocity and acceleration come out exactly. */
#include "puma_arm.h"

#include <math.h>
#include <string.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

typedef struct jet {
    double v, d, dd;
} jet;

static jet jmul(jet a, jet b)
{
    jet r;
    r.v = a.v * b.v;
    r.d = a.d * b.v + a.v * b.d;
    r.dd = a.dd * b.v + 2.0 * a.d * b.d + a.v * b.dd;
    return r;
}

static jet jadd(jet a, jet b)
{
    jet r;
    r.v = a.v + b.v;
    r.d = a.d + b.d;
    r.dd = a.dd + b.dd;
    return r;
}

static jet jconst(double x)
{
    jet r;
    r.v = x;
    r.d = r.dd = 0.0;
    return r;
}

/* cos and sin of an angle jet */
static void jcossin(jet th, jet *c, jet *s)
{
    double co = cos(th.v), si = sin(th.v);
    c->v = co;
    c->d = -si * th.d;
    c->dd = -co * th.d * th.d - si * th.dd;
    s->v = si;
    s->d = co * th.d;
    s->dd = -si * th.d * th.d + co * th.dd;
}

static const double alpha_dh[7] = {0.0, -M_PI / 2, 0.0, -M_PI / 2, M_PI / 2, -M_PI / 2, 0.0};
static const double d_dh[7] = {0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0};
static const double r_dh[7] = {1.0, 0.0, 0.0, 0.0, 0.3, 0.0, 0.3};

void puma_joint_angles(double t, double theta[7], double dtheta[7], double ddtheta[7])
{
    double w = M_PI, a = M_PI / 6.0, s = sin(w * t), c = cos(w * t);
    int j;
    for (j = 0; j < 7; j++) theta[j] = dtheta[j] = ddtheta[j] = 0.0;
    for (j = 0; j < 7; j++)
        if (j == 0 || j == 3 || j == 4) {
            theta[j] = a * s;
            dtheta[j] = a * w * c;
            ddtheta[j] = -a * w * w * s;
        }
    theta[3] -= M_PI / 2.0;
}

/* T = T * Rot(x, alpha) Trans(x, d) Rot(z, theta) Trans(z, r) on jets: a
 * 3 x 3 rotation A and a position p */
static void dh_step(jet A[9], jet p[3], double alpha, double d, jet th, double r)
{
    double ca = cos(alpha), sa = sin(alpha);
    jet c, s, M[9], B[9], q[3];
    int i, j, k;
    jcossin(th, &c, &s);
    /* M = Rot(x, alpha) Rot(z, theta) */
    M[0] = c;
    M[1] = jmul(jconst(-1.0), s);
    M[2] = jconst(0.0);
    M[3] = jmul(jconst(ca), s);
    M[4] = jmul(jconst(ca), c);
    M[5] = jconst(-sa);
    M[6] = jmul(jconst(sa), s);
    M[7] = jmul(jconst(sa), c);
    M[8] = jconst(ca);
    /* the new origin: p + A (d e_x + r Rot(x, alpha) e_z) */
    for (i = 0; i < 3; i++) {
        jet t = jmul(A[3 * i], jconst(d));
        t = jadd(t, jmul(A[3 * i + 1], jconst(-sa * r)));
        t = jadd(t, jmul(A[3 * i + 2], jconst(ca * r)));
        q[i] = jadd(p[i], t);
    }
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++) {
            jet t = jconst(0.0);
            for (k = 0; k < 3; k++) t = jadd(t, jmul(A[3 * i + k], M[3 * k + j]));
            B[3 * i + j] = t;
        }
    memcpy(A, B, sizeof B);
    memcpy(p, q, 3 * sizeof *q);
}

/* axial vector of the skew part of S */
static void axial(const double S[9], double w[3])
{
    w[0] = 0.5 * (S[7] - S[5]);
    w[1] = 0.5 * (S[2] - S[6]);
    w[2] = 0.5 * (S[3] - S[1]);
}

void puma_tool_pose(const double base_pos[3], const double base_rot[9], double t, double pos[3], double R[9],
                    double vel[3], double omega[3], double acc[3], double alpha[3])
{
    double th[7], dth[7], ddth[7], Rd[9], Rdd[9], W[9], S[9], w[3];
    jet A[9], p[3];
    int i, j, k;
    puma_joint_angles(t, th, dth, ddth);
    for (i = 0; i < 9; i++) A[i] = jconst(base_rot[i]);
    for (i = 0; i < 3; i++) p[i] = jconst(base_pos[i]);
    for (j = 0; j < 7; j++) {
        jet a;
        a.v = th[j];
        a.d = dth[j];
        a.dd = ddth[j];
        dh_step(A, p, alpha_dh[j], d_dh[j], a, r_dh[j]);
    }
    for (i = 0; i < 3; i++) {
        pos[i] = p[i].v;
        if (vel) vel[i] = p[i].d;
        if (acc) acc[i] = p[i].dd;
    }
    for (i = 0; i < 9; i++) {
        R[i] = A[i].v;
        Rd[i] = A[i].d;
        Rdd[i] = A[i].dd;
    }
    /* w^ = Rd R^T; alpha^ = Rdd R^T - w^ w^ */
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++) {
            double a = 0.0, b = 0.0;
            for (k = 0; k < 3; k++) {
                a += Rd[3 * i + k] * R[3 * j + k];
                b += Rdd[3 * i + k] * R[3 * j + k];
            }
            W[3 * i + j] = a;
            S[3 * i + j] = b;
        }
    axial(W, w);
    if (omega) memcpy(omega, w, sizeof w);
    if (alpha) {
        double WW[9];
        for (i = 0; i < 3; i++)
            for (j = 0; j < 3; j++) {
                double a = 0.0;
                for (k = 0; k < 3; k++) a += W[3 * i + k] * W[3 * k + j];
                WW[3 * i + j] = a;
            }
        for (i = 0; i < 9; i++) S[i] -= WW[i];
        axial(S, alpha);
    }
}

double puma_self_check(void)
{
    const double base[3] = {0.3, -0.2, 0.1}, rot[9] = {0, -1, 0, 1, 0, 0, 0, 0, 1}, h = 1e-4;
    double err = 0.0, t;
    for (t = 0.05; t < 2.0; t += 0.17) {
        double x[3], R[9], v[3], w[3], a[3], al[3], xp[3], Rp[9], vp[3], wp[3], xm[3], Rm[9], vm[3], wm[3];
        double dR[9], Wf[9], wf[3], scale_v = 1.0, scale_a = 1.0;
        int i, j, k;
        puma_tool_pose(base, rot, t, x, R, v, w, a, al);
        puma_tool_pose(base, rot, t + h, xp, Rp, vp, wp, NULL, NULL);
        puma_tool_pose(base, rot, t - h, xm, Rm, vm, wm, NULL, NULL);
        for (i = 0; i < 9; i++) dR[i] = (Rp[i] - Rm[i]) / (2 * h);
        for (i = 0; i < 3; i++)
            for (j = 0; j < 3; j++) {
                double s = 0.0;
                for (k = 0; k < 3; k++) s += dR[3 * i + k] * R[3 * j + k];
                Wf[3 * i + j] = s;
            }
        axial(Wf, wf);
        for (i = 0; i < 3; i++) {
            err = fmax(err, fabs(v[i] - (xp[i] - xm[i]) / (2 * h)) / scale_v);
            err = fmax(err, fabs(a[i] - (vp[i] - vm[i]) / (2 * h)) / scale_a);
            err = fmax(err, fabs(w[i] - wf[i]) / scale_v);
            err = fmax(err, fabs(al[i] - (wp[i] - wm[i]) / (2 * h)) / scale_a);
        }
    }
    return err;
}
