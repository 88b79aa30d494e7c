/* smoke-test: --steps 8 */
/* The capstan of paper 000 sec. 4.3.2 (R = 50 mm, wrap angle pi, n elements
 * on the pulley, E = 210 GPa, A = 7.854 mm^2, end A clamped, a traction F on
 * the end N in -x) with Coulomb stick/slip friction (paper 004's law,
 * alecable_wrap_friction) instead of the slip-only law of issue 4.
 *
 * F is ramped from 0 up to F_max, then down to F_min and up again.  Pulled
 * from an unstressed start with A held, every material point of the wrap
 * moves towards N as the tension grows, so the whole wrap slips and the
 * tension ratio F1/F2 (tight over slack span) is the slip limit, the ratio
 * of the slip-only law: the example runs that law on the same mesh and load
 * steps and prints the difference.  When F comes down the whole wrap
 * sticks at first (its contacts stay at |lambda_T| = mu N without moving,
 * the one next to N inside the limit) and the ratio falls below the slip
 * limit (the slack span keeps its tension while the tight one relaxes);
 * then the friction reverses node by node, a reverse-slip zone growing
 * from N, down to reverse slip, F2/F1 at its limit, if F falls far enough;
 * reloading sticks again until the slip front crosses the wrap.  A contact
 * counts as stuck when its material did not move past the pulley in the
 * step. */
#include "common.h"
#include "support/rig.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct params {
    double R, top, L, s_M, E, A, Fmax, Fmin, mu, aug, tol;
    int n, steps;
    const char *csv, *vtk;
    int vtk_legacy; /* --vtk-legacy */
} params;

static void build(const params *p, ex_pulley *md, alecable_joint **fr, int slip_only)
{
    alecable_load *ld;
    double f[3] = {-p->Fmax, 0, 0};
    int i;
    ex_pulley_build(md, p->E, p->A, p->R, p->top, p->L, p->s_M, p->n);
    if (slip_only) ex_check(md->m, alecable_pulley_friction(NULL, md->m, md->wrap, p->mu, +1), "pulley_friction");
    else {
        alecable_friction_params fp;
        alecable_friction_params_init(&fp);
        fp.mu = p->mu;
        fp.augmentation = p->aug;
        ex_check(md->m, alecable_wrap_friction(fr, md->m, md->wrap, &fp), "wrap_friction");
    }
    for (i = ALECABLE_DOF_X; i <= ALECABLE_DOF_S; i++) ex_check(md->m, alecable_fix(NULL, md->m, md->nd[0], i), "fix A");
    for (i = ALECABLE_DOF_Y; i <= ALECABLE_DOF_S; i++)
        ex_check(md->m, alecable_fix(NULL, md->m, md->nd[md->iN], i), "fix N");
    ex_check(md->m, alecable_load_node(&ld, md->m, md->nd[md->iN], f), "load_node N");
    if (md->iM >= 0) {
        ex_check(md->m, alecable_fix(NULL, md->m, md->nd[md->iM], ALECABLE_DOF_Y), "fix M y");
        ex_check(md->m, alecable_fix(NULL, md->m, md->nd[md->iM], ALECABLE_DOF_Z), "fix M z");
    }
}

int main(int argc, char **argv)
{
    params p;
    ex_pulley md, ref;
    alecable_joint *fr = NULL;
    ex_vtk_series vs;
    FILE *csv = NULL;
    double A_mm2 = 7.854, ratio_top = 0, ratio_ref = 0, lim_slip, ratio_first_down = 0, ratio_min = INFINITY, time;
    double work = 0;
    int k, it, it_max = 0, it_sum = 0, nsteps = 0, stuck_top = -1, stuck_first_down = -1, stuck_max_down = 0;
    int nc, phase, i, rc;
    ex_opt opts[] = {
        {"--n", 'i', &p.n, "elements on the pulley (wrap angle pi)"},
        {"--steps", 'i', &p.steps, "load steps of each branch (0 -> F_max, F_max -> F_min, F_min -> F_max)"},
        {"--mu", 'd', &p.mu, "Coulomb friction coefficient"},
        {"--F", 'd', &p.Fmax, "largest traction on node N [N] (in -x)"},
        {"--F-min", 'd', &p.Fmin, "traction the unloading branch goes down to [N]"},
        {"--E", 'd', &p.E, "Young's modulus [Pa]"},
        {"--A", 'd', &A_mm2, "cross-section area [mm^2]"},
        {"--augmentation", 'd', &p.aug, "augmentation epsilon as a multiple of EA / l"},
        {"--tol", 'd', &p.tol, "Newton tolerance: ||r|| <= tol x the step's largest residual"},
        {"--csv", 's', &p.csv, "write F, F1, F2, F1/F2 and the number of stuck nodes per load step to this CSV"},
        {"--vtk", 's', &p.vtk, "write a VTK file per load step (capstan_stick_NNNNN.vtp) and capstan_stick.pvd into this existing folder"},
        {"--vtk-legacy", 'f', &p.vtk_legacy, EX_VTK_LEGACY_HELP},
        {NULL, 0, NULL, NULL}};
    memset(&p, 0, sizeof p);
    p.R = 50e-3;
    p.top = 34.04e-3;
    p.L = 306.9e-3;
    p.s_M = 256.9e-3;
    p.E = 210e9;
    p.Fmax = 1000;
    p.Fmin = 100;
    p.mu = 0.3;
    {
        alecable_friction_params fp0; /* the library's default augmentation */
        alecable_friction_params_init(&fp0);
        p.aug = fp0.augmentation;
    }
    p.tol = 1e-10;
    p.n = 20;
    p.steps = 40;
    rc = ex_parse(argc, argv, opts, "Capstan with Coulomb stick/slip friction, loaded, unloaded and reloaded.");
    if (rc) return rc > 0 ? 0 : 2;
    if (p.n < 3 || p.steps < 1 || !(p.mu >= 0) || !(p.Fmax > 0) || !(p.Fmin >= 0 && p.Fmin < p.Fmax) ||
        !(p.aug > 0)) {
        fprintf(stderr, "--n must be >= 3, --steps >= 1, --mu >= 0, --F > 0, 0 <= --F-min < --F, --augmentation > 0\n");
        return 2;
    }
    p.A = A_mm2 * 1e-6;
    lim_slip = pow((1.0 + 0.5 * p.mu * sin(M_PI / p.n)) / (1.0 - 0.5 * p.mu * sin(M_PI / p.n)), p.n - 1);
    printf("capstan_stick: R = %g mm, wrap angle pi, %d elements on the pulley, E = %g Pa, A = %g mm^2, mu = %g, "
           "F: 0 -> %g -> %g -> %g N, %d load steps each\n",
           1e3 * p.R, p.n, p.E, A_mm2, p.mu, p.Fmax, p.Fmin, p.Fmax, p.steps);
    build(&p, &md, &fr, 0);
    build(&p, &ref, NULL, 1);
    if (p.csv) {
        if (!(csv = fopen(p.csv, "w"))) {
            perror(p.csv);
            return 1;
        }
        fprintf(csv, "step,branch,F_N,F1_N,F2_N,ratio,stuck_nodes,newton_iterations\n");
    }
    ex_vtk_begin(&vs, p.vtk, "capstan_stick", p.vtk_legacy);
    ex_vtk_frame(&vs, md.m, 0.0);
    time = ex_now();
    for (phase = 0; phase < 3; phase++)
        for (k = 0; k < p.steps; k++) {
            double lo = p.Fmin / p.Fmax, a = (double)k / p.steps, b = (double)(k + 1) / p.steps;
            double t0 = phase == 1 ? 1.0 - a * (1.0 - lo) : phase == 2 ? lo + a * (1.0 - lo) : a;
            double t1 = phase == 1 ? 1.0 - b * (1.0 - lo) : phase == 2 ? lo + b * (1.0 - lo) : b;
            double F1, F2;
            int ns;
            if (ex_load_step(md.m, t0, t1, p.tol, &it)) {
                printf("  step %d of branch %d failed: %s\nresult: status=1\n", k + 1, phase, alecable_model_errmsg(md.m));
                return 1;
            }
            if (phase == 0 && ex_load_step(ref.m, t0, t1, p.tol, &rc)) {
                printf("  slip-only reference failed: %s\nresult: status=1\n", alecable_model_errmsg(ref.m));
                return 1;
            }
            nsteps++;
            it_sum += it;
            if (it > it_max) it_max = it;
            F1 = rig_tension(md.c, md.n + 1);
            F2 = rig_tension(md.c, 0);
            ns = rig_stuck(fr);
            if (csv) fprintf(csv, "%d,%d,%.10g,%.12g,%.12g,%.12g,%d,%d\n", nsteps, phase, p.Fmax * t1, F1, F2, F1 / F2, ns, it);
            ex_vtk_frame(&vs, md.m, (double)nsteps);
            if (phase == 0 && k + 1 == p.steps) {
                ratio_top = F1 / F2;
                ratio_ref = rig_tension(ref.c, ref.n + 1) / rig_tension(ref.c, 0);
                stuck_top = ns;
            }
            if (phase == 1 && k == 0) {
                ratio_first_down = F1 / F2;
                stuck_first_down = ns;
            }
            if (phase == 1) {
                if (ns > stuck_max_down) stuck_max_down = ns;
                if (F1 / F2 < ratio_min) ratio_min = F1 / F2;
            }
        }
    time = ex_now() - time;
    alecable_friction_contacts(fr, &nc);
    for (i = 0; i < nc; i++) {
        alecable_contact c;
        alecable_contact_init(&c);
        alecable_friction_contact(fr, i, &c);
        work += c.work;
    }
    if (csv) fclose(csv);
    ex_vtk_end(&vs, md.m);
    printf("  loading to F = %g N: %d of %d interior wrap nodes stuck; F1/F2 = %.10f, slip-only law %.10f "
           "(relative difference %.3e); discrete slip limit %.10f\n",
           p.Fmax, stuck_top, nc, ratio_top, ratio_ref, fabs(ratio_top / ratio_ref - 1), lim_slip);
    printf("  first unloading step: %d nodes stuck, F1/F2 = %.8f (below the slip limit by %.3e); unloading to %g N: "
           "up to %d stuck, F1/F2 down to %.8f (reverse slip limit 1/%.8f = %.8f)\n",
           stuck_first_down, ratio_first_down, lim_slip - ratio_first_down, p.Fmin, stuck_max_down, ratio_min,
           lim_slip, 1.0 / lim_slip);
    printf("  friction work dissipated: %.6e J; Newton iterations per load step: %.2f mean, %d at most (%d steps, "
           "%.3f ms)\n",
           work, (double)it_sum / nsteps, it_max, nsteps, 1e3 * time);
    printf("result: status=0 n=%d steps=%d ratio_top=%.17g ratio_slip_law=%.10f slip_law_rel_diff=%.3e stuck_top=%d "
           "stuck_first_down=%d ratio_first_down=%.17g ratio_min=%.17g slip_limit=%.10f work_J=%.17g iter_mean=%.17g "
           "iter_max=%d\n",
           p.n, p.steps, ratio_top, ratio_ref, fabs(ratio_top / ratio_ref - 1), stuck_top, stuck_first_down,
           ratio_first_down, ratio_min, lim_slip, work, (double)it_sum / nsteps, it_max);
    ex_pulley_free(&md);
    ex_pulley_free(&ref);
    return 0;
}
