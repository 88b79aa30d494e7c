/* SO(3) exponential and logarithm (see rotation.h). */
#include "rotation.h"

#include <math.h>

void rot_exp(const double psi[3], double R[9])
{
    double t2 = dot3v(psi, psi), t = sqrt(t2), a, b, H[9], H2[9];
    int i;
    if (t < 1e-4) { /* sin t / t and (1 - cos t) / t^2 by their series */
        a = 1.0 - t2 / 6.0 * (1.0 - t2 / 20.0);
        b = 0.5 - t2 / 24.0 * (1.0 - t2 / 30.0);
    } else {
        a = sin(t) / t;
        b = (1.0 - cos(t)) / t2;
    }
    rot_hat(psi, H);
    mat3_mul(H, H, H2);
    for (i = 0; i < 9; i++) R[i] = a * H[i] + b * H2[i];
    R[0] += 1.0;
    R[4] += 1.0;
    R[8] += 1.0;
}

void rot_log(const double R[9], double psi[3])
{
    double c = 0.5 * (R[0] + R[4] + R[8] - 1.0), v[3], s, t;
    c = c > 1.0 ? 1.0 : c < -1.0 ? -1.0 : c;
    t = acos(c);
    v[0] = 0.5 * (R[7] - R[5]); /* sin(t) times the unit axis */
    v[1] = 0.5 * (R[2] - R[6]);
    v[2] = 0.5 * (R[3] - R[1]);
    s = sqrt(dot3v(v, v));
    if (t < 1e-4) { /* t / sin t by its series */
        double f = 1.0 + t * t / 6.0;
        psi[0] = f * v[0];
        psi[1] = f * v[1];
        psi[2] = f * v[2];
    } else if (t < 3.1) {
        double f = t / sin(t);
        psi[0] = f * v[0];
        psi[1] = f * v[1];
        psi[2] = f * v[2];
    } else {
        /* near pi the antisymmetric part vanishes: the axis comes from the
         * symmetric part, R + I = 2 cos^2(t/2) I ... = 2 n n^T (1 - cos t)/2 + ... */
        double B[9], n[3], nn;
        int i, k = 0;
        for (i = 0; i < 9; i++) B[i] = 0.5 * (R[i] + R[(i % 3) * 3 + i / 3]);
        B[0] -= c;
        B[4] -= c;
        B[8] -= c; /* B = (1 - c) n n^T */
        for (i = 1; i < 3; i++)
            if (B[4 * i] > B[4 * k]) k = i;
        n[0] = B[3 * k];
        n[1] = B[3 * k + 1];
        n[2] = B[3 * k + 2];
        nn = sqrt(dot3v(n, n));
        if (dot3v(n, v) < 0.0) nn = -nn; /* the sign from sin(t) n */
        psi[0] = t * n[0] / nn;
        psi[1] = t * n[1] / nn;
        psi[2] = t * n[2] / nn;
        (void)s;
    }
}

void rot_compose(double psi[3], const double d[3])
{
    double R[9], D[9], P[9];
    rot_exp(psi, R);
    rot_exp(d, D);
    mat3_mul(R, D, P);
    rot_log(P, psi);
}

double rot_error(const double R[9])
{
    double e = 0.0, RtR, det;
    int i, j, k;
    for (i = 0; i < 9; i++)
        if (!isfinite(R[i])) return INFINITY;
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++) {
            for (RtR = 0.0, k = 0; k < 3; k++) RtR += R[3 * k + i] * R[3 * k + j];
            e = fmax(e, fabs(RtR - (i == j)));
        }
    det = R[0] * (R[4] * R[8] - R[5] * R[7]) - R[1] * (R[3] * R[8] - R[5] * R[6]) + R[2] * (R[3] * R[7] - R[4] * R[6]);
    return det > 0.0 ? e : INFINITY;
}
