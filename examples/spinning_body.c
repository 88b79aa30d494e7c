/* smoke-test: --flips 4 --h 1e-3 */
/* A free rigid body spinning near its intermediate principal axis flips over
 * and over (the Dzhanibekov effect).  Integrated on the rotation group with
 * the trapezoidal rule, its kinetic energy and spatial angular momentum must
 * stay constant, and the time between flips must match the closed form of
 * the torque-free motion (Landau & Lifshitz, Mechanics, sec. 37): with
 * I1 < I2 < I3, energy E and momentum L, and L^2 < 2 E I2 (the body turns
 * about the axis of I1's family),
 *     T = 4 K(k) sqrt(I1 I2 I3 / ((I2 - I1)(2 E I3 - L^2))),
 *     k^2 = (I3 - I2)(L^2 - 2 E I1) / ((I2 - I1)(2 E I3 - L^2)),
 * K the complete elliptic integral of the first kind; Omega_2 changes sign
 * twice per period T, so a flip takes T/2. */
#include "common.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* K(k) = pi / (2 agm(1, sqrt(1 - k^2))) */
static double ellip_k(double k)
{
    double a = 1.0, b = sqrt(1.0 - k * k);
    int it;
    for (it = 0; it < 60 && fabs(a - b) > 1e-15 * a; it++) {
        double c = 0.5 * (a + b);
        b = sqrt(a * b);
        a = c;
    }
    return M_PI / (2.0 * a);
}

int main(int argc, char **argv)
{
    double I[3] = {1.0, 2.0, 3.0}, w0[3] = {0.01, 10.0, 0.0}, h = 1e-4, flips = 100.0;
    const char *csv_path = NULL;
    alecable_model *m;
    alecable_cable *c;
    alecable_section sec;
    alecable_body *b;
    alecable_body_params bp;
    alecable_node *n, *bn;
    alecable_integrator *it;
    alecable_dynamic_options o;
    FILE *csv = NULL;
    double a[3] = {100, 0, 0}, e[3] = {101, 0, 0}, E, L2, k2, T_flip, t_end, E0 = -1, L0[3] = {0, 0, 0};
    double e_err = 0, l_err = 0, prev = 0, t_prev = 0, t_first = -1, t_last = -1, wall, *q, *v;
    int rc, i, d, nq, crossings = 0, status = 0;
    long k, steps;
    ex_opt opts[] = {
        {"--I1", 'd', &I[0], "principal inertia 1 [kg m^2] (the smallest)"},
        {"--I2", 'd', &I[1], "principal inertia 2 (the intermediate)"},
        {"--I3", 'd', &I[2], "principal inertia 3 (the largest)"},
        {"--omega1", 'd', &w0[0], "initial angular velocity about axis 1 [rad/s] (the perturbation)"},
        {"--omega2", 'd', &w0[1], "initial angular velocity about axis 2 [rad/s] (the spin)"},
        {"--h", 'd', &h, "time step [s] (trapezoidal rule on the rotation group)"},
        {"--flips", 'd', &flips, "simulated time in flips (half periods of the closed form)"},
        {"--csv", 's', &csv_path, "write t, Omega (body frame), energy, |L| to this CSV file (every 100 steps)"},
        {NULL, 0, NULL, NULL}};
    rc = ex_parse(argc, argv, opts, "A free body flipping about its intermediate axis (Dzhanibekov).");
    if (rc) return rc > 0 ? 0 : 2;
    if (!(I[0] > 0 && I[0] < I[1] && I[1] < I[2]) || !(h > 0) || !(flips > 0)) {
        fprintf(stderr, "need 0 < I1 < I2 < I3, h > 0, flips > 0\n");
        return 2;
    }
    E = 0.5 * (I[0] * w0[0] * w0[0] + I[1] * w0[1] * w0[1] + I[2] * w0[2] * w0[2]);
    L2 = I[0] * I[0] * w0[0] * w0[0] + I[1] * I[1] * w0[1] * w0[1] + I[2] * I[2] * w0[2] * w0[2];
    if (!(L2 < 2.0 * E * I[1])) {
        fprintf(stderr, "the closed form here needs L^2 < 2 E I2 (spin mostly about axis 2, perturbed towards 1)\n");
        return 2;
    }
    k2 = (I[2] - I[1]) * (L2 - 2.0 * E * I[0]) / ((I[1] - I[0]) * (2.0 * E * I[2] - L2));
    T_flip = 2.0 * ellip_k(sqrt(k2)) * sqrt(I[0] * I[1] * I[2] / ((I[1] - I[0]) * (2.0 * E * I[2] - L2)));
    t_end = flips * T_flip;
    steps = (long)(t_end / h + 0.5);

    /* a model needs a cable: a held one out of the way */
    ex_check(NULL, alecable_model_create(&m, NULL), "model_create");
    alecable_section_init(&sec);
    sec.E = 1.0;
    sec.A = 1.0;
    ex_check(m, alecable_cable_create(&c, m, ALECABLE_ELEMENT_AXIAL, &sec), "cable_create");
    ex_check(m, alecable_cable_line(c, a, e, 0.0, 1.0, 1), "cable_line");
    ex_check(m, alecable_cable_set_lagrangian(c, 1), "set_lagrangian");
    for (i = 0; i < 6; i++) {
        ex_check(m, alecable_cable_node(&n, c, i / 3), "cable_node");
        ex_check(m, alecable_fix(NULL, m, n, i % 3), "fix");
    }
    alecable_body_params_init(&bp);
    bp.mass = 1.0;
    for (i = 0; i < 3; i++) {
        bp.inertia[4 * i] = I[i];
        bp.omega[i] = w0[i];
    }
    ex_check(m, alecable_body_create(&b, m, &bp), "body_create");
    alecable_dynamic_options_init(&o);
    o.method = ALECABLE_METHOD_NEWMARK;
    o.h = h;
    ex_check(m, alecable_model_integrator(&it, m, &o), "model_integrator");
    ex_check(m, alecable_model_sizes(m, &nq, NULL), "model_sizes");
    ex_check(m, alecable_body_node(&bn, b), "body_node");
    ex_check(m, alecable_node_dof_index(bn, ALECABLE_DOF_X, &d), "dof_index");
    q = (double *)malloc((size_t)nq * sizeof *q);
    v = (double *)malloc((size_t)nq * sizeof *v);
    if (csv_path) {
        csv = fopen(csv_path, "w");
        if (!csv) {
            fprintf(stderr, "cannot write %s\n", csv_path);
            return 1;
        }
        fprintf(csv, "t,w1,w2,w3,energy,momentum\n");
    }
    printf("spinning_body: I = (%g, %g, %g) kg m^2, Omega0 = (%g, %g, %g) rad/s, h = %g s\n", I[0], I[1], I[2], w0[0],
           w0[1], w0[2], h);
    printf("closed form: a flip every %.9f s (k^2 = %.9f); %g flips = %.3f s\n", T_flip, k2, flips, t_end);
    wall = ex_now();
    for (k = 0; k <= steps; k++) {
        double R[9], W[3], hb[3], L[3], En, t;
        if (k > 0 && alecable_integrator_step(it, h) != ALECABLE_OK) {
            printf("step failed: %s\n", alecable_integrator_errmsg(it));
            status = 1;
            break;
        }
        alecable_integrator_get_state(it, &t, q, v, NULL, NULL);
        for (i = 0; i < 3; i++) W[i] = v[d + 3 + i];
        if (prev < 0.0 ? W[1] >= 0.0 : prev > 0.0 && W[1] <= 0.0) { /* Omega_2 changes sign: a flip */
            double tc = t_prev + h * prev / (prev - W[1]);
            if (t_first < 0) t_first = tc;
            t_last = tc;
            crossings++;
        }
        prev = W[1];
        t_prev = t;
        if (k % 100 && k != steps) continue;
        alecable_model_pull_state(m, it);
        alecable_body_pose(b, NULL, R);
        for (i = 0; i < 3; i++) hb[i] = I[i] * W[i];
        for (i = 0; i < 3; i++) L[i] = R[3 * i] * hb[0] + R[3 * i + 1] * hb[1] + R[3 * i + 2] * hb[2];
        En = 0.5 * (hb[0] * W[0] + hb[1] * W[1] + hb[2] * W[2]);
        if (E0 < 0) {
            E0 = En;
            memcpy(L0, L, sizeof L);
        }
        e_err = fmax(e_err, fabs(En - E0) / E0);
        l_err = fmax(l_err, sqrt((L[0] - L0[0]) * (L[0] - L0[0]) + (L[1] - L0[1]) * (L[1] - L0[1]) +
                                 (L[2] - L0[2]) * (L[2] - L0[2])) / sqrt(L0[0] * L0[0] + L0[1] * L0[1] + L0[2] * L0[2]));
        if (csv)
            fprintf(csv, "%.6f,%.12g,%.12g,%.12g,%.15g,%.15g\n", t, W[0], W[1], W[2], En,
                    sqrt(L[0] * L[0] + L[1] * L[1] + L[2] * L[2]));
    }
    wall = ex_now() - wall;
    if (csv) fclose(csv);
    {
        double T_sim = crossings > 1 ? (t_last - t_first) / (crossings - 1) : -1.0;
        double p_err = T_sim > 0 ? fabs(T_sim - T_flip) / T_flip : -1.0;
        printf("%d flips in %.3f s simulated (%ld steps, %.2f s wall)\n", crossings, t_end, steps, wall);
        printf("time between flips %.9f s, closed form %.9f s: relative difference %.3e\n", T_sim, T_flip, p_err);
        printf("largest relative change: energy %.3e, angular momentum %.3e\n", e_err, l_err);
        printf("result: status=%d flips=%d flip_period=%.9f flip_period_exact=%.9f period_err=%.3e energy_err=%.3e "
               "momentum_err=%.3e wall_s=%.3f\n",
               status, crossings, T_sim, T_flip, p_err, e_err, l_err, wall);
    }
    free(q);
    free(v);
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
    return status;
}
