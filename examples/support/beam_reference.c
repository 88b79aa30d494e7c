/* Reference solutions of beam_reference.h. */
#include "beam_reference.h"

#include <math.h>

typedef struct ela {
    double EI, EA, Px, Py;
} ela;

/* the state (x, y, phi, m) and its derivative in s */
static void rhs(const ela *e, const double u[4], double du[4])
{
    double c = cos(u[2]), s = sin(u[2]);
    double lam = 1.0 + (isinf(e->EA) ? 0.0 : (e->Px * c + e->Py * s) / e->EA);
    du[0] = lam * c;
    du[1] = lam * s;
    du[2] = u[3] / e->EI;
    du[3] = -lam * (e->Py * c - e->Px * s);
}

/* classical Runge-Kutta from s = 0 to L in n steps */
static void integrate(const ela *e, double L, double m0, int n, double u[4])
{
    double h = L / n, k1[4], k2[4], k3[4], k4[4], w[4];
    int i, j;
    u[0] = u[1] = u[2] = 0.0;
    u[3] = m0;
    for (i = 0; i < n; i++) {
        rhs(e, u, k1);
        for (j = 0; j < 4; j++) w[j] = u[j] + 0.5 * h * k1[j];
        rhs(e, w, k2);
        for (j = 0; j < 4; j++) w[j] = u[j] + 0.5 * h * k2[j];
        rhs(e, w, k3);
        for (j = 0; j < 4; j++) w[j] = u[j] + h * k3[j];
        rhs(e, w, k4);
        for (j = 0; j < 4; j++) u[j] += h / 6.0 * (k1[j] + 2.0 * k2[j] + 2.0 * k3[j] + k4[j]);
    }
}

/* m(0) with m(L) = 0 by secant iterations from the guess m0 */
static int secant(const ela *e, double L, int n, double *m0)
{
    double a = *m0, b = a + 1e-3 * (fabs(a) + hypot(e->Px, e->Py) * L + 1e-300), fa, fb, u[4];
    double tol = 1e-13 * (hypot(e->Px, e->Py) * L + fabs(a));
    int it;
    integrate(e, L, a, n, u);
    fa = u[3];
    integrate(e, L, b, n, u);
    fb = u[3];
    for (it = 0; it < 60 && fabs(fb) > tol && fb != fa; it++) {
        double c = b - fb * (b - a) / (fb - fa);
        a = b;
        fa = fb;
        b = c;
        integrate(e, L, b, n, u);
        fb = u[3];
    }
    *m0 = b;
    return fabs(fb) <= 1e3 * tol ? 0 : -1;
}

/* the load raised in 20 steps, each shooting from the last root moment: the
 * cantilever's large-deflection branch, not another root of m(L) */
static int shoot(const ela *e, double L, int n, double *m0)
{
    ela f = *e;
    int k, st = 0;
    *m0 = 0.0;
    for (k = 1; k <= 20 && !st; k++) {
        f.Px = e->Px * k / 20.0;
        f.Py = e->Py * k / 20.0;
        if (k == 1) *m0 = f.Py * L;
        st = secant(&f, L, n, m0);
    }
    return st;
}

int br_elastica_tip(double L, double EI, double EA, double Px, double Py, double *x, double *y, double *phi)
{
    ela e;
    double m1, m2, u1[4], u2[4];
    int st;
    e.EI = EI;
    e.EA = EA;
    e.Px = Px;
    e.Py = Py;
    /* Richardson: RK4's error falls as h^4 */
    st = shoot(&e, L, 2000, &m1) | shoot(&e, L, 4000, &m2);
    integrate(&e, L, m1, 2000, u1);
    integrate(&e, L, m2, 4000, u2);
    *x = u2[0] + (u2[0] - u1[0]) / 15.0;
    *y = u2[1] + (u2[1] - u1[1]) / 15.0;
    *phi = u2[2] + (u2[2] - u1[2]) / 15.0;
    return st ? -1 : 0;
}

void br_rollup(double L, double EI, double M, double *x, double *y, double *phi)
{
    double k = M / EI;
    *phi = k * L;
    if (fabs(*phi) < 1e-8) {
        *x = L;
        *y = 0.5 * k * L * L;
        return;
    }
    *x = sin(*phi) / k;
    *y = (1.0 - cos(*phi)) / k;
}

static void rotate(const double a[3], double th, const double v[3], double out[3])
{
    double c = cos(th), s = sin(th), d = a[0] * v[0] + a[1] * v[1] + a[2] * v[2];
    out[0] = c * v[0] + s * (a[1] * v[2] - a[2] * v[1]) + (1 - c) * d * a[0];
    out[1] = c * v[1] + s * (a[2] * v[0] - a[0] * v[2]) + (1 - c) * d * a[1];
    out[2] = c * v[2] + s * (a[0] * v[1] - a[1] * v[0]) + (1 - c) * d * a[2];
}

void br_helix(double kappa, double tau, double s, double x[3], double t[3], double n[3])
{
    double w = sqrt(kappa * kappa + tau * tau), a[3], p[3], axp[3], ex[3] = {1, 0, 0}, ey[3] = {0, 1, 0};
    int i;
    a[0] = tau / w;
    a[1] = 0.0;
    a[2] = kappa / w;
    for (i = 0; i < 3; i++) p[i] = ex[i] - a[0] * a[i];
    axp[0] = a[1] * p[2] - a[2] * p[1];
    axp[1] = a[2] * p[0] - a[0] * p[2];
    axp[2] = a[0] * p[1] - a[1] * p[0];
    for (i = 0; i < 3; i++) x[i] = a[0] * a[i] * s + sin(w * s) / w * p[i] + (1.0 - cos(w * s)) / w * axp[i];
    if (t) rotate(a, w * s, ex, t);
    if (n) rotate(a, w * s, ey, n);
}
