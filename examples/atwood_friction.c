/* smoke-test: --T 0.05 */
/* An Atwood machine whose rope sticks or slips on its wheel (issue 11):
 * two weights m1 > m2 hang from a rope over a wheel of radius R that turns
 * freely on its axle with rotational inertia J.  The rope's wrap (half a
 * turn, n elements) is held on the circle in space, its material flowing,
 * and Coulomb's law (alecable_wrap_friction with the wheel as its surface)
 * acts between the rope and the wheel's rim.
 *
 * Stick: rope and rim move together, the rigid Atwood machine,
 *     a = (m1 - m2) g / (m1 + m2 + J / R^2 + m_rope),
 * needs the tensions T1 = m1 (g - a) and T2 = m2 (g + a), whose ratio the
 * friction must hold: T1 / T2 <= the slip limit.
 * Slip: the wheel cannot follow; the rope slides over it with T1 / T2 at
 * the slip limit of the discrete wrap (the capstan's: ((1 + b)/(1 - b))^(n-1),
 * b = mu sin(pi / n) / 2), the weights accelerate at
 *     a = g (m1 - e m2) / (m1 + e m2)  (massless rope, e the limit),
 * and the friction's torque R (T1 - T2) spins the wheel up.
 *
 * The rig (examples/support/atwood_rig.c) starts at rest with the rope
 * stretched by the tensions of its regime, so it starts without a jolt.
 * Energy: the total (weights' and rope's potential and kinetic, rope's
 * strain, wheel's kinetic) falls by the friction's work, the sum of
 * lambda_T times the slip over every contact and step.  The trapezoidal
 * rule (Newmark's default) adds no numerical dissipation; the balance is
 * off by O(h^2) because a step's slip counts the rim's motion as the chord
 * R sin(dphi) the rim point travels: 2e-5 of the friction work at h = 1e-3,
 * 2e-7 at h = 1e-4 (the default), while the energy lost itself agrees to
 * 1e-9 between the two. */
#include "common.h"
#include "support/atwood_rig.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    atwood_params p;
    atwood_rig r;
    alecable_dynamic_options o;
    alecable_integrator *it;
    alecable_step_stats stats;
    ex_vtk_series vs;
    int vtk_legacy = 0;
    FILE *csv = NULL;
    const char *csv_path = NULL, *vtk = NULL, *mname = "newmark";
    double h = 1e-4, T = 0.5, y0[3], y[3], R9[9], E0, E, work = 0.0, wall, a, ang, ratio_sum = 0.0, ratio_mean;
    int rc, k, steps, nstick = 0, method, iters_max = 0, nratio = 0;
    long it_prev = 0;
    ex_opt opts[] = {
        {"--m1", 'd', &p.m1, "heavier weight [kg] (left)"},
        {"--m2", 'd', &p.m2, "lighter weight [kg] (right)"},
        {"--R", 'd', &p.R, "wheel radius [m]"},
        {"--J", 'd', &p.J, "wheel's moment of inertia about its axle [kg m^2]"},
        {"--mu", 'd', &p.mu, "Coulomb friction coefficient between rope and rim"},
        {"--n", 'i', &p.n, "elements on the wrap (half a turn), 3 to 120"},
        {"--L", 'd', &p.L, "initial length of each hanging span [m]"},
        {"--E", 'd', &p.E, "rope's Young's modulus [Pa]"},
        {"--A", 'd', &p.A, "rope's cross-section [m^2]"},
        {"--rho", 'd', &p.rho, "rope's density [kg/m^3] (> 0: the wrap's material needs some inertia)"},
        {"--g", 'd', &p.g, "gravity [m/s^2]"},
        {"--augmentation", 'd', &p.aug, "augmentation epsilon as a multiple of EA / l"},
        {"--h", 'd', &h, "time step [s]"},
        {"--T", 'd', &T, "simulated time [s]"},
        {"--method", 's', &mname, "integrator: newmark (trapezoidal), hht, bossak, genalpha"},
        {"--csv", 's', &csv_path, "write t, y1, wheel angle, T1/T2, stuck contacts, energy loss, friction work per step"},
        {"--vtk", 's', &vtk, "write a VTK series (atwood_friction_NNNNN.vtp, .pvd) into this existing folder"},
        {"--vtk-legacy", 'f', &vtk_legacy, EX_VTK_LEGACY_HELP},
        {NULL, 0, NULL, NULL}};
    atwood_params_default(&p);
    rc = ex_parse(argc, argv, opts,
                  "Atwood machine with Coulomb stick/slip between the rope and a wheel with rotational inertia.");
    if (rc) return rc > 0 ? 0 : 2;
    method = ex_method(mname);
    if (!(p.m1 > p.m2) || !(p.m2 > 0) || !(p.R > 0) || !(p.J >= 0) || !(p.mu >= 0) || p.n < 3 ||
        p.n > ATWOOD_MAX_N || !(p.L > 0) || !(p.E > 0) || !(p.A > 0) || !(p.rho > 0) || !(h > 0) || !(T > 0) ||
        method < 0 || !(p.aug > 0)) {
        fprintf(stderr, "need m1 > m2 > 0, R > 0, J >= 0, mu >= 0, 3 <= n <= 120, L, E, A, rho, h, T, augmentation "
                        "> 0 and a known --method\n");
        return 2;
    }
    ex_check(NULL, atwood_build(&r, &p), "atwood_build");
    printf("atwood_friction: m1 = %g kg, m2 = %g kg, wheel R = %g m, J = %g kg m^2, mu = %g, %d wrap elements, "
           "EA = %g N, h = %g s, %s\n",
           p.m1, p.m2, p.R, p.J, p.mu, p.n, p.E * p.A, h, mname);
    printf("  rigid Atwood machine: a = %.9f m/s^2 needs T1/T2 = %.6f; the wrap's slip limit is %.6f: %s\n",
           r.a_rigid, p.m1 * (p.g - r.a_rigid) / (p.m2 * (p.g + r.a_rigid)), r.limit,
           r.slip ? "the rope slips" : "the rope sticks");
    alecable_dynamic_options_init(&o);
    o.method = method;
    o.h = h;
    ex_check(r.m, alecable_model_integrator(&it, r.m, &o), "integrator");
    ex_check(r.m, alecable_model_pull_state(r.m, it), "pull_state");
    E0 = atwood_energy(r.m);
    alecable_body_pose(r.w1, y0, NULL);
    if (csv_path) {
        if (!(csv = fopen(csv_path, "w"))) {
            perror(csv_path);
            return 1;
        }
        fprintf(csv, "t,y1,wheel_angle,ratio,stuck,energy_loss,friction_work\n");
    }
    ex_vtk_begin(&vs, vtk, "atwood_friction", vtk_legacy);
    ex_vtk_frame(&vs, r.m, 0.0);
    steps = (int)ceil(T / h - 1e-9);
    wall = ex_now();
    for (k = 1; k <= steps; k++) {
        int st = alecable_integrator_step(it, h);
        if (st) {
            printf("  step %d failed: %s\nresult: status=1\n", k, alecable_integrator_errmsg(it));
            return 1;
        }
        alecable_step_stats_init(&stats);
        alecable_integrator_stats(it, &stats);
        if (stats.newton_iterations - it_prev > iters_max) iters_max = (int)(stats.newton_iterations - it_prev);
        it_prev = stats.newton_iterations;
        /* the second half's mean ratio: the rope's stretch waves average out */
        if (csv || 2 * k > steps) {
            ex_check(r.m, alecable_model_pull_state(r.m, it), "pull_state");
            if (2 * k > steps) {
                ratio_sum += atwood_ratio(&r);
                nratio++;
            }
            if (csv) {
                work = atwood_friction_work(&r, &nstick);
                alecable_body_pose(r.w1, y, NULL);
                alecable_body_pose(r.wheel, NULL, R9);
                fprintf(csv, "%.6f,%.12e,%.12e,%.12e,%d,%.12e,%.12e\n", k * h, y[1], atan2(R9[3], R9[0]),
                        atwood_ratio(&r), nstick, E0 - atwood_energy(r.m), work);
            }
        }
        if (vtk && k % (steps / 50 > 0 ? steps / 50 : 1) == 0) {
            ex_check(r.m, alecable_model_pull_state(r.m, it), "pull_state");
            ex_vtk_frame(&vs, r.m, k * h);
        }
    }
    wall = ex_now() - wall;
    ex_check(r.m, alecable_model_pull_state(r.m, it), "pull_state");
    alecable_step_stats_init(&stats);
    alecable_integrator_stats(it, &stats);
    E = atwood_energy(r.m);
    work = atwood_friction_work(&r, &nstick);
    alecable_body_pose(r.w1, y, NULL);
    alecable_body_pose(r.wheel, NULL, R9);
    ang = atan2(R9[3], R9[0]); /* below half a turn for the defaults */
    a = 2.0 * (y0[1] - y[1]) / (steps * h * steps * h);
    ratio_mean = ratio_sum / nratio;
    printf("  after %.4g s: weight 1 fell %.6f m, mean acceleration %.9f m/s^2 (%s law %.9f: %+.2e)\n", steps * h,
           y0[1] - y[1], a, r.slip ? "slip" : "rigid", r.slip ? r.a_slip : r.a_rigid,
           a / (r.slip ? r.a_slip : r.a_rigid) - 1.0);
    printf("  wheel turned %.6f rad (rim %.6f m); %d of %d contacts stuck; T1/T2 = %.9f over the second half "
           "(slip limit %.9f: %+.2e)\n",
           ang, ang * p.R, nstick, p.n - 1, ratio_mean, r.limit, ratio_mean / r.limit - 1.0);
    printf("  energy lost %.9e J, friction work %.9e J: %s %.3e\n", E0 - E, work,
           r.slip ? "relative difference" : "difference relative to the energy exchanged",
           r.slip ? (E0 - E - work) / work : (E0 - E - work) / (p.m1 - p.m2) / p.g / (y0[1] - y[1]));
    printf("  %ld steps, %ld Newton iterations (%.2f per step, at most %d), %.3f s\n", stats.steps,
           stats.newton_iterations, (double)stats.newton_iterations / (double)stats.steps, iters_max, wall);
    ex_vtk_end(&vs, r.m);
    if (csv) fclose(csv);
    printf("result: status=0 slip=%d a=%.17g a_rigid=%.12e a_slip=%.12e ratio=%.17g ratio_limit=%.12e stuck=%d contacts=%d "
           "wheel_angle=%.17g energy_loss=%.17g friction_work=%.17g steps=%ld newton_iterations=%ld "
           "max_iterations=%d wall_s=%.4f\n",
           r.slip, a, r.a_rigid, r.a_slip, ratio_mean, r.limit, nstick, p.n - 1, ang, E0 - E, work, stats.steps,
           stats.newton_iterations, iters_max, wall);
    alecable_integrator_destroy(it);
    alecable_model_destroy(r.m);
    return 0;
}
