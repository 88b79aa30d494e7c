/* The beam sleeve's continuum solution (sleeve_continuum.h). */
#include "sleeve_continuum.h"

#include <math.h>

double sleeve_continuum_tension(double L, double p, double mu, double F, double x)
{
    double T;
    if (x >= L) return F;
    T = F - mu * p * (L - x);
    return T > 0.0 ? T : 0.0;
}

double sleeve_continuum_u(double L, double EA, double p, double mu, double F, double *s_exit, double *x_front)
{
    const double f = mu * p;
    double se, xs, T0;
    if (!(f > 0.0)) {
        se = L * EA / (EA + F);
        xs = L;
    } else {
        T0 = F > f * L ? F - f * L : 0.0;
        xs = L - (F - T0) / f;
        /* log1p: the slip zone's share is small beside the stuck length at small F */
        se = xs + EA / f * log1p((F - T0) / (EA + T0));
    }
    if (s_exit) *s_exit = se;
    if (x_front) *x_front = xs;
    return (1.0 + F / EA) * (L - se);
}

double sleeve_lumped_u(double L, double EA, double p, double mu, double F, int n, double *stick)
{
    const double l = L / n, f = mu * p * l;
    double m = 0.0, rest;
    int k = f > 0.0 ? (int)floor(F / f) : n - 1, e;
    if (k > n - 1) k = n - 1;
    rest = F - k * f;
    if (stick) *stick = k < n - 1 ? rest : 0.0;
    for (e = 1; e < n; e++) { /* element e lies between nodes e - 1 and e; node n - i slips for i <= k */
        const int i = n - e; /* nodes between element e and the pulled end */
        const double T = i <= k ? F - i * f : (k == n - 1 ? rest : 0.0);
        m += l / (1.0 + T / EA);
    }
    return (1.0 + F / EA) * (L - m) - l;
}
