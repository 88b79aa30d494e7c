/* Rotations for the rigid bodies: the exponential and logarithm of SO(3)
 * and the small 3 x 3 algebra the body terms are written in.  A body's
 * rotation R is stored as its rotation vector psi (R = exp(psi^), |psi| <= pi)
 * and changed by composition, R <- R exp(dpsi^), never by addition.
 *
 * Derivatives along that update (right-trivialized, dpsi in the body frame)
 * follow from exp(dpsi^) v = v + dpsi x v + O(dpsi^2):
 *     d(R v)/dpsi   = -R v^            (v fixed in the body)
 *     d(R^T y)/dpsi = (R^T y)^         (y fixed in space)
 * Every body Jacobian in lib/bodies is built from these two rules. */
#ifndef ALECABLE_BODIES_ROTATION_H
#define ALECABLE_BODIES_ROTATION_H

/* R (row-major) = exp(psi^), Rodrigues' formula with series near 0 */
void rot_exp(const double psi[3], double R[9]);
/* psi = log(R), |psi| <= pi (R orthonormal) */
void rot_log(const double R[9], double psi[3]);
/* max |R^T R - I| of a row-major R; infinity when R has a non-finite entry
 * or a determinant <= 0 (a reflection) */
double rot_error(const double R[9]);
/* Host frames (alecable_frame_fn) are rotations to this (their R^T R - I) */
#define ROT_HOST_TOL 1e-6
/* psi <- log(exp(psi^) exp(d^)) */
void rot_compose(double psi[3], const double d[3]);

/* y = R x, y = R^T x (y may not alias x) */
static inline void rot_mul(const double R[9], const double x[3], double y[3])
{
    y[0] = R[0] * x[0] + R[1] * x[1] + R[2] * x[2];
    y[1] = R[3] * x[0] + R[4] * x[1] + R[5] * x[2];
    y[2] = R[6] * x[0] + R[7] * x[1] + R[8] * x[2];
}
static inline void rot_tmul(const double R[9], const double x[3], double y[3])
{
    y[0] = R[0] * x[0] + R[3] * x[1] + R[6] * x[2];
    y[1] = R[1] * x[0] + R[4] * x[1] + R[7] * x[2];
    y[2] = R[2] * x[0] + R[5] * x[1] + R[8] * x[2];
}
/* H = v^ (the cross-product matrix, v^ x = v x x), row-major */
static inline void rot_hat(const double v[3], double H[9])
{
    H[0] = 0.0;
    H[1] = -v[2];
    H[2] = v[1];
    H[3] = v[2];
    H[4] = 0.0;
    H[5] = -v[0];
    H[6] = -v[1];
    H[7] = v[0];
    H[8] = 0.0;
}
/* C = A B (3 x 3, row-major; C may not alias A or B) */
static inline void mat3_mul(const double A[9], const double B[9], double C[9])
{
    int i, j;
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++) C[3 * i + j] = A[3 * i] * B[j] + A[3 * i + 1] * B[3 + j] + A[3 * i + 2] * B[6 + j];
}
static inline void cross3(const double a[3], const double b[3], double c[3])
{
    c[0] = a[1] * b[2] - a[2] * b[1];
    c[1] = a[2] * b[0] - a[0] * b[2];
    c[2] = a[0] * b[1] - a[1] * b[0];
}
static inline double dot3v(const double a[3], const double b[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

/* A body point p moving with the body (R, Omega in the body frame):
 * d(R p)/dt = R (Omega x p) = d1, and the part of d2(R p)/dt2 that the
 * accelerations do not carry, R (Omega x (Omega x p)) = d2: the constraint
 * rates of every joint are built from these. */
static inline void body_point_rates(const double R[9], const double W[3], const double p[3], double d1[3], double d2[3])
{
    double wp[3], wwp[3];
    cross3(W, p, wp);
    cross3(W, wp, wwp);
    rot_mul(R, wp, d1);
    rot_mul(R, wwp, d2);
}

#endif
