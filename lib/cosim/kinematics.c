/* Coupled bodies' kinematics over a macro-step: linear or cubic Hermite on
 * R^3 x SO(3).  The rotation is R = R0 exp(phi(s)^) with phi a curve in the
 * tangent space at R0 (s = (t - t0) / H), so R0 and R1 are met exactly and
 * the body angular velocity is Omega = Jr(phi) dphi/dt, Jr the right
 * Jacobian of SO(3): R^T dR/dt = (Jr(phi) dphi/dt)^. */
#include "cosim.h"
#include "../bodies/rotation.h"

#include <math.h>
#include <string.h>

/* Jr(phi) = I - c1 phi^ + c2 phi^2, and its inverse I + phi^/2 + c3 phi^2 */
static void right_jacobian(const double phi[3], int inverse, double J[9])
{
    double th2 = dot3v(phi, phi), th = sqrt(th2), P[9], P2[9], c1, c2;
    int k;
    rot_hat(phi, P);
    mat3_mul(P, P, P2);
    if (!inverse) {
        if (th < 1e-4) {
            c1 = 0.5 - th2 / 24.0;
            c2 = 1.0 / 6.0 - th2 / 120.0;
        } else {
            c1 = (1.0 - cos(th)) / th2;
            c2 = (th - sin(th)) / (th2 * th);
        }
        c1 = -c1;
    } else {
        c1 = 0.5;
        c2 = th < 1e-4 ? 1.0 / 12.0 + th2 / 720.0 : 1.0 / th2 - (1.0 + cos(th)) / (2.0 * th * sin(th));
    }
    for (k = 0; k < 9; k++) J[k] = (k % 4 == 0 ? 1.0 : 0.0) + c1 * P[k] + c2 * P2[k];
}

void cs_ends_prepare(cs_ends *e)
{
    double M[9], RT[9], y[3], Ji[9];
    int i, j;
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++) RT[3 * i + j] = e->R0[3 * j + i];
    mat3_mul(RT, e->R1, M);
    rot_log(M, e->phi);
    rot_tmul(e->R1, e->w1, y);
    right_jacobian(e->phi, 1, Ji);
    rot_mul(Ji, y, e->dphi1);
}

void cs_rotate_space(double R[9], const double d[3])
{
    double E[9], T[9];
    rot_exp(d, E);
    mat3_mul(E, R, T);
    memcpy(R, T, sizeof T);
}

/* R = R0 exp(phi^); w = R Jr(phi) dphi; alpha = R d(Jr dphi)/dt, the rate
 * of Jr taken by a central difference along dphi (it only feeds the
 * constraints' acceleration rates) */
static void rotation_of(const double R0[9], const double phi[3], const double dphi[3], const double ddphi[3],
                        double R[9], double w[3], double alpha[3])
{
    double E[9], J[9], Jp[9], Jm[9], W[3], Wd[3], p[3], m[3], eps = 1e-6;
    int k;
    rot_exp(phi, E);
    mat3_mul(R0, E, R);
    right_jacobian(phi, 0, J);
    rot_mul(J, dphi, W);
    rot_mul(R, W, w);
    for (k = 0; k < 3; k++) p[k] = phi[k] + eps * dphi[k], m[k] = phi[k] - eps * dphi[k];
    right_jacobian(p, 0, Jp);
    right_jacobian(m, 0, Jm);
    for (k = 0; k < 9; k++) Jp[k] = (Jp[k] - Jm[k]) / (2.0 * eps);
    rot_mul(Jp, dphi, W);
    rot_mul(J, ddphi, Wd);
    for (k = 0; k < 3; k++) W[k] += Wd[k];
    rot_mul(R, W, alpha);
}

void cs_interpolate(const cs_ends *e, int mode, double t0, double H, double t, double x[3], double R[9],
                    double v[3], double w[3], double a[3], double alpha[3])
{
    double s = (t - t0) / H, phi[3], dphi[3], ddphi[3], dphi0[3];
    int k;
    if (mode == ALECABLE_COSIM_LINEAR) {
        double E[9];
        for (k = 0; k < 3; k++) {
            x[k] = e->x0[k] + s * (e->x1[k] - e->x0[k]);
            v[k] = (e->x1[k] - e->x0[k]) / H;
            phi[k] = s * e->phi[k];
            a[k] = alpha[k] = 0.0;
        }
        rot_exp(phi, E);
        mat3_mul(e->R0, E, R);
        for (k = 0; k < 3; k++) dphi[k] = e->phi[k] / H;
        rot_mul(e->R0, dphi, w); /* R0 exp(s phi^) phi = R0 phi */
        return;
    }
    {
        double s2 = s * s, s3 = s2 * s;
        double h00 = 2 * s3 - 3 * s2 + 1, h10 = s3 - 2 * s2 + s, h01 = -2 * s3 + 3 * s2, h11 = s3 - s2;
        double d00 = 6 * s2 - 6 * s, d10 = 3 * s2 - 4 * s + 1, d01 = -6 * s2 + 6 * s, d11 = 3 * s2 - 2 * s;
        double e00 = 12 * s - 6, e10 = 6 * s - 4, e01 = -12 * s + 6, e11 = 6 * s - 2;
        rot_tmul(e->R0, e->w0, dphi0); /* Jr(0) = I */
        for (k = 0; k < 3; k++) {
            x[k] = h00 * e->x0[k] + h10 * H * e->v0[k] + h01 * e->x1[k] + h11 * H * e->v1[k];
            v[k] = (d00 * e->x0[k] + d10 * H * e->v0[k] + d01 * e->x1[k] + d11 * H * e->v1[k]) / H;
            a[k] = (e00 * e->x0[k] + e10 * H * e->v0[k] + e01 * e->x1[k] + e11 * H * e->v1[k]) / (H * H);
            phi[k] = h10 * H * dphi0[k] + h01 * e->phi[k] + h11 * H * e->dphi1[k];
            dphi[k] = (d10 * H * dphi0[k] + d01 * e->phi[k] + d11 * H * e->dphi1[k]) / H;
            ddphi[k] = (e10 * H * dphi0[k] + e01 * e->phi[k] + e11 * H * e->dphi1[k]) / (H * H);
        }
        rotation_of(e->R0, phi, dphi, ddphi, R, w, alpha);
    }
}

void cs_extrapolate(const cs_ends *e, double t0, double t, double x[3], double R[9], double v[3], double w[3],
                    double a[3], double alpha[3])
{
    double d[3];
    int k;
    for (k = 0; k < 3; k++) {
        x[k] = e->x0[k] + (t - t0) * e->v0[k];
        v[k] = e->v0[k];
        w[k] = e->w0[k];
        d[k] = (t - t0) * e->w0[k];
        a[k] = alpha[k] = 0.0;
    }
    memcpy(R, e->R0, 9 * sizeof(double));
    if (t != t0) cs_rotate_space(R, d);
}
