/* The sea of a model (waves.c): mean water level, depth, fluid density,
 * linear (Airy) waves, regular or as a sum of components from a JONSWAP
 * spectrum, optional Wheeler stretching, and a current profile by depth.
 * The public API is alecable_sea_* (include/alecable.h); the hydrodynamic
 * loads read the kinematics through wave_sea_eval.
 *
 * Frame.  up = -g/|g| of the model's gravity when the sea is created, and
 * g = |g| (the dispersion relation's).  Z = up.x is a point's vertical
 * coordinate; zeta = Z - level its height above the mean water level; the
 * seabed lies at zeta = -depth.  The horizontal axes e1, e2 (e1 x e2 = up):
 * e1 the global x axis projected on the horizontal plane (the global y axis
 * when x is within 45 degrees of up), e2 = up x e1.  A wave of heading beta
 * travels along e_k = cos(beta) e1 + sin(beta) e2.
 *
 * Component j (amplitude A, frequency w, wave number k, phase p):
 *     theta = k e_k.x - w t + p,   eta = A cos(theta)
 *     u = A w (C(z) cos(theta) e_k + S(z) sin(theta) up)
 *     a = A w^2 (C(z) sin(theta) e_k - S(z) cos(theta) up)      (local du/dt)
 *     C = cosh(k (z + d)) / sinh(k d),  S = sinh(k (z + d)) / sinh(k d),
 * w^2 = g k tanh(k d), evaluated at the height z = zeta_e below. */
#ifndef ALECABLE_WAVES_H
#define ALECABLE_WAVES_H

#include "alecable.h"

#define MAGIC_SEA 0x53454121u

typedef struct wave_sea {
    double up[3], e1[3], e2[3], ek[3], g;
    double level, depth, rho_f;
    int waves, stretching;   /* ALECABLE_WAVES_*, ALECABLE_STRETCH_* */
    double ramp;             /* ramp time [s] (0: none) */
    int nc;                  /* components */
    double *omega, *k, *amp, *phase;
    int ncur;                /* current table: ncur rows (Z, U[3]), Z increasing */
    double *cur;
} wave_sea;

struct alecable_sea {
    unsigned magic;
    alecable_model *model;
    wave_sea w;
};

/* The kinematics at a point x at time t.  wet = 0 above the surface (zeta >
 * eta) and where the trough reaches the seabed: u = a = 0 and gradients 0.
 * du[i*3+j] = d u_i / d x_j, da likewise (filled when grad != 0). */
typedef struct wave_kin {
    int wet;
    double eta;
    double grad_eta[3]; /* eta's horizontal gradient d eta / d x (filled wet or dry) */
    double u[3], a[3], du[9], da[9];
} wave_kin;

/* handle check: 0, or an error recorded on m (when m is not NULL) */
int ac_check_sea(alecable_model *m, const alecable_sea *sea, const char *arg);

void wave_sea_eval(const wave_sea *s, double t, const double x[3], int grad, wave_kin *K);

/* k d of w^2 = g k tanh(k d) for K = w^2 d / g > 0 (Newton to machine precision) */
double wave_dispersion_kd(double K);

/* splitmix64 (Steele, Lea and Flood 2014): the state advances by the golden
 * gamma 0x9e3779b97f4a7c15 and the output is mixed; u in [0, 1) from the top
 * 53 bits */
unsigned long long wave_splitmix64(unsigned long long *state);
double wave_uniform(unsigned long long *state);

/* The JONSWAP spectrum's shape in x = w/w_p, F(x) = x^-5 exp(-5/4 x^-4)
 * gamma^r(x), and its integral over (0, inf) (the Pierson-Moskowitz part
 * 1/5 in closed form, the peak's share by Simpson's rule): the density is
 * S(w) = Hs^2 / (16 w_p) F(w/w_p) / norm, whose integral is Hs^2/16 */
double wave_jonswap_shape(double x, double gamma);
double wave_jonswap_norm(double gamma);

#endif
