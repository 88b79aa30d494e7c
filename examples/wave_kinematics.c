/* The sea of libalecable (alecable_sea_create): the fluid velocity and
 * acceleration a hydrodynamic load sees, along a vertical line from the
 * surface to the seabed at one instant, and as a time series at one point.
 *
 * Regular (Airy) waves: the wave number from w^2 = g k tanh(k d), and the
 * horizontal velocity under the crest at the mean level against linear
 * theory's A w coth(k d) (A = H/2): u_crest_err_rel.  Irregular waves
 * (JONSWAP): the components' variance m0 = sum A_j^2/2 against Hs^2/16
 * (m0_rel: the part of the spectrum outside the frequency range and the
 * bins, a few 1e-3), and the variance of the sampled elevation against m0
 * (eta_var_rel: a statistical figure of the record's length).  Gravity
 * along -z: the mean surface at z = 0, the seabed at z = -depth, waves
 * travelling along x turned by --heading. */
#include "common.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct params {
    const char *waves, *stretching, *csv;
    double height, period, depth, heading, Hs, Tp, gamma, ramp, current, x, z, t, t_end, dt, g;
    int components, points, seed;
} params;

static int make_sea(const params *p, alecable_model **m, alecable_sea **sea)
{
    alecable_sea_params sp;
    double g[3] = {0.0, 0.0, -p->g}, cur[8] = {0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
    int st;
    if ((st = alecable_model_create(m, NULL))) return st;
    ex_check(*m, alecable_model_set_gravity(*m, g), "alecable_model_set_gravity");
    alecable_sea_params_init(&sp);
    sp.depth = p->depth;
    sp.waves = strcmp(p->waves, "jonswap") == 0 ? ALECABLE_WAVES_JONSWAP
               : strcmp(p->waves, "none") == 0  ? ALECABLE_WAVES_NONE
                                                 : ALECABLE_WAVES_AIRY;
    sp.height = p->height;
    sp.period = p->period;
    sp.heading = p->heading * M_PI / 180.0;
    sp.Hs = p->Hs;
    sp.Tp = p->Tp;
    sp.gamma = p->gamma;
    sp.n_components = p->components;
    sp.seed = (unsigned long long)p->seed;
    sp.ramp_time = p->ramp;
    sp.stretching = strcmp(p->stretching, "wheeler") == 0 ? ALECABLE_STRETCH_WHEELER : ALECABLE_STRETCH_NONE;
    if (p->current != 0.0) { /* a linear profile: --current at the surface, 0 at the seabed */
        cur[0] = -p->depth;
        cur[4] = 0.0;
        cur[5] = p->current;
        sp.n_current = 2;
        sp.current = cur;
    }
    st = alecable_sea_create(sea, *m, &sp);
    if (st) fprintf(stderr, "wave_kinematics: %s\n", alecable_model_errmsg(*m));
    return st;
}

int main(int argc, char **argv)
{
    params p;
    alecable_model *m = NULL;
    alecable_sea *sea = NULL;
    FILE *csv = NULL;
    double eta0, x[3], u[3], a[3], w, k, A, m0 = 0.0, s1 = 0.0, s2 = 0.0, umax = 0.0;
    int rc, i, n, nt;
    ex_opt opts[] = {
        {"--waves", 's', &p.waves, "none, airy (regular) or jonswap (irregular)"},
        {"--height", 'd', &p.height, "airy: wave height H [m]"},
        {"--period", 'd', &p.period, "airy: period [s]"},
        {"--Hs", 'd', &p.Hs, "jonswap: significant wave height [m]"},
        {"--Tp", 'd', &p.Tp, "jonswap: peak period [s]"},
        {"--gamma", 'd', &p.gamma, "jonswap: peak enhancement factor"},
        {"--components", 'i', &p.components, "jonswap: number of components"},
        {"--seed", 'i', &p.seed, "jonswap: seed of the phases"},
        {"--depth", 'd', &p.depth, "water depth [m]"},
        {"--heading", 'd', &p.heading, "direction of travel [deg] from x towards y"},
        {"--stretching", 's', &p.stretching, "none (linear theory) or wheeler"},
        {"--ramp", 'd', &p.ramp, "ramp time of the waves [s]"},
        {"--current", 'd', &p.current, "current along x at the surface [m/s], linear to 0 at the seabed"},
        {"--x", 'd', &p.x, "x of the vertical line and of the time series' point [m]"},
        {"--z", 'd', &p.z, "z of the time series' point [m]"},
        {"--t", 'd', &p.t, "time of the vertical profile [s]"},
        {"--t-end", 'd', &p.t_end, "length of the time series [s]"},
        {"--dt", 'd', &p.dt, "sampling interval of the time series [s]"},
        {"--points", 'i', &p.points, "points on the vertical line"},
        {"--g", 'd', &p.g, "gravity [m/s^2]"},
        {"--csv", 's', &p.csv, "write the profile and the time series (part, t, z, eta, u, a) to this CSV file"},
        {NULL, 0, NULL, NULL}};
    memset(&p, 0, sizeof p);
    p.waves = "airy";
    p.stretching = "none";
    p.height = 4.0;
    p.period = 9.0;
    p.depth = 50.0;
    p.Hs = 4.0;
    p.Tp = 10.0;
    p.gamma = 3.3;
    p.components = 200;
    p.seed = 1;
    p.z = -10.0;
    p.t_end = 600.0;
    p.dt = 0.5;
    p.points = 11;
    p.g = 9.81;
    rc = ex_parse(argc, argv, opts, "Wave and current kinematics of a sea (alecable_sea_kinematics).");
    if (rc) return rc > 0 ? 0 : 2;
    if (strcmp(p.waves, "airy") && strcmp(p.waves, "jonswap") && strcmp(p.waves, "none")) {
        fprintf(stderr, "--waves must be none, airy or jonswap\n");
        return 2;
    }
    if (strcmp(p.stretching, "none") && strcmp(p.stretching, "wheeler")) {
        fprintf(stderr, "--stretching must be none or wheeler\n");
        return 2;
    }
    if (p.points < 2 || !(p.dt > 0) || !(p.t_end >= 0) || !(p.g > 0) || !isfinite(p.t_end / p.dt) ||
        p.t_end / p.dt > 1e7) {
        fprintf(stderr, "--points must be >= 2, --dt > 0, --t-end >= 0 (at most 1e7 samples), --g > 0\n");
        return 2;
    }
    if (make_sea(&p, &m, &sea)) {
        printf("result: status=1\n");
        alecable_model_destroy(m);
        return 1;
    }
    ex_check(m, alecable_sea_n_components(sea, &n), "alecable_sea_n_components");
    for (i = 0; i < n; i++) {
        ex_check(m, alecable_sea_component(sea, i, &w, &k, &A, NULL), "alecable_sea_component");
        m0 += 0.5 * A * A;
    }
    if (p.csv && !(csv = fopen(p.csv, "w"))) {
        fprintf(stderr, "wave_kinematics: cannot write %s\n", p.csv);
        alecable_model_destroy(m);
        return 1;
    }
    if (csv) fprintf(csv, "part,t,z,eta,u_x,u_y,u_z,a_x,a_y,a_z\n");
    printf("wave_kinematics: %s waves, depth %g m, %s stretching, %d component%s, m0 = %.6g m^2\n", p.waves, p.depth,
           p.stretching, n, n == 1 ? "" : "s", m0);
    x[0] = p.x;
    x[1] = 0.0;
    x[2] = 0.0;
    ex_check(m, alecable_sea_kinematics(sea, p.t, x, &eta0, NULL, NULL), "alecable_sea_kinematics");
    printf("  vertical line x = %g m at t = %g s (surface eta = %.4f m):\n", p.x, p.t, eta0);
    printf("  %9s %10s %10s %10s %10s\n", "z [m]", "u_x", "u_z [m/s]", "a_x", "a_z [m/s2]");
    for (i = 0; i < p.points; i++) {
        x[2] = eta0 - (p.depth + eta0) * i / (p.points - 1.0);
        ex_check(m, alecable_sea_kinematics(sea, p.t, x, NULL, u, a), "alecable_sea_kinematics");
        printf("  %9.3f %10.5f %10.5f %10.5f %10.5f\n", x[2], u[0], u[2], a[0], a[2]);
        if (csv) fprintf(csv, "profile,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g\n", p.t, x[2], eta0, u[0],
                         u[1], u[2], a[0], a[1], a[2]);
    }
    nt = (int)floor(p.t_end / p.dt + 0.5);
    x[2] = p.z;
    for (i = 0; i <= nt; i++) {
        double t = i * p.dt, eta;
        ex_check(m, alecable_sea_kinematics(sea, t, x, &eta, u, a), "alecable_sea_kinematics");
        s1 += eta;
        s2 += eta * eta;
        if (fabs(u[0]) > umax) umax = fabs(u[0]);
        if (csv) fprintf(csv, "series,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g\n", t, x[2], eta, u[0], u[1],
                         u[2], a[0], a[1], a[2]);
    }
    printf("  time series at (x, z) = (%g, %g) m, %d samples over %g s: max |u_x| = %.5f m/s, eta mean %.4f m, "
           "variance %.5f m^2\n",
           p.x, p.z, nt + 1, p.t_end, umax, s1 / (nt + 1), s2 / (nt + 1) - (s1 / (nt + 1)) * (s1 / (nt + 1)));
    if (csv) {
        fclose(csv);
        printf("  wrote %s\n", p.csv);
    }
    if (n == 1) { /* Airy: the crest at x = 0 at t = 0 (phase 0, heading aside: x = 0 lies on it) */
        double y[3] = {0.0, 0.0, 0.0}, ref, res;
        ex_check(m, alecable_sea_component(sea, 0, &w, &k, &A, NULL), "alecable_sea_component");
        ref = A * w / tanh(k * p.depth);
        res = fabs(w * w - p.g * k * tanh(k * p.depth)) / (w * w);
        /* at t = ramp (the waves at full height) the crest passes e_k.x = w ramp / k; the
         * mean level's velocity of linear theory is there at z = 0 (NONE), at the
         * crest z = A (WHEELER); the current's share at z = 0 taken off */
        y[0] = cos(p.heading * M_PI / 180.0) * w * p.ramp / k;
        y[1] = sin(p.heading * M_PI / 180.0) * w * p.ramp / k;
        y[2] = strcmp(p.stretching, "wheeler") == 0 ? A : 0.0;
        ex_check(m, alecable_sea_kinematics(sea, p.ramp, y, NULL, u, NULL), "alecable_sea_kinematics");
        u[0] -= p.current; /* the table's top row (z = 0) holds above it */
        ref = fabs(ref) > 0 ? (sqrt(u[0] * u[0] + u[1] * u[1]) - ref) / ref : 0.0;
        printf("  k = %.8f 1/m, wavelength %.4f m, celerity %.4f m/s, dispersion residual %.1e; crest velocity at the "
               "mean level %.6f m/s (linear theory: A w coth(kd), relative error %.1e)\n",
               k, 2 * M_PI / k, w / k, res, sqrt(u[0] * u[0] + u[1] * u[1]), ref);
        printf("result: status=0 waves=%s k=%.12g wavelength=%.10g dispersion_res=%.1e u_crest_err_rel=%.1e "
               "u_max=%.6f\n",
               p.waves, k, 2 * M_PI / k, res, fabs(ref), umax);
    } else if (n > 1) {
        double var = s2 / (nt + 1) - (s1 / (nt + 1)) * (s1 / (nt + 1));
        printf("  m0 = %.6f m^2 against Hs^2/16 = %.6f m^2 (relative %+.2e); the record's variance against m0 %+.2e\n", m0,
               p.Hs * p.Hs / 16.0, m0 / (p.Hs * p.Hs / 16.0) - 1.0, var / m0 - 1.0);
        printf("result: status=0 waves=%s components=%d m0=%.10g m0_rel=%.3e eta_var_rel=%.3e u_max=%.6f\n", p.waves, n,
               m0, m0 / (p.Hs * p.Hs / 16.0) - 1.0, var / m0 - 1.0, umax);
    } else {
        printf("result: status=0 waves=none u_max=%.6f\n", umax);
    }
    alecable_model_destroy(m);
    return 0;
}
