/* smoke-test: --steps 10 */
/* Paper 004, sec. 3: a Kirchhoff beam sliding in a fixed sleeve with Coulomb
 * stick/slip friction.  The beam: 1 m, circular section of radius 2 mm,
 * E = 3 GPa, nu = 0.3, 8 elements; node 1 clamped (and no flow), node 9
 * pulled along the axis by F, no flow there either; nodes 2..8 held in a
 * fixed sleeve (spatially fixed, material free), each pressed with the
 * normal force p l (p = 22500 N/m, l = 0.125 m its share of the sleeve),
 * mu = 0.3.  F goes from 0 to 4500 N in 50 load steps, then back to 0 and up
 * again: the hysteresis loop of the end displacement.
 *
 * What to expect (paper 004, Fig. 2): a node slips once the tension step it
 * carries reaches mu p l = 843.75 N; slip starts next to the pulled end and
 * moves towards the clamp.  At F = 4500 N, 5 mu p l = 4218.75 N < F < 6 mu p l:
 * nodes 4..8 slip with lambda_T = mu p l each, node 3 sticks with the rest,
 * 281.25 N, node 2 sticks unloaded.  The end displacement is nonlinear in F
 * (Fig. 3): each node that starts to slip lengthens the stretched part.
 * On unloading the stuck material holds the stretch until the friction
 * reverses, so the unloading branch lies above the loading one.
 *
 * --element se3: the paper's own element, the geometrically exact beam on
 * SE(3) with constant strains per element (ALECABLE_ELEMENT_SE3; node 1 held
 * by fixes of its position and rotation, shear G A 6 (1 + nu) / (7 + 6 nu)).
 * A node then shares no stretch with its neighbours, so a stuck node
 * carries exactly what equilibrium gives, and the discrete model has a
 * closed form under monotonic loading (examples/support/sleeve_closed_form.c):
 * the loading branch is compared with it at every load step. */
#include "common.h"
#include "support/sleeve_closed_form.h"
#include "support/sleeve_continuum.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct params {
    double L, r, E, nu, F, p, mu, aug, tol;
    int elements, steps, no_cycle;
    const char *csv, *vtk, *element;
    int se3; /* --element se3 */
    int split, study; /* --split, --study: the C1 contact (issue 22 item 2) */
    int vtk_legacy; /* --vtk-legacy */
} params;

typedef struct model {
    alecable_model *m;
    alecable_cable *c;
    alecable_joint *sleeve;
    alecable_node **nd;
    int n; /* elements */
} model;

static void build(const params *p, model *md)
{
    alecable_section sec;
    alecable_beam_params bp;
    alecable_clamp_params cp;
    alecable_sleeve_params sp;
    alecable_load *ld;
    double a[3] = {0, 0, 0}, b[3] = {p->L, 0, 0}, f[3] = {p->F, 0, 0};
    double A = M_PI * p->r * p->r, I = 0.25 * M_PI * pow(p->r, 4);
    int i, n = p->elements;
    ex_check(NULL, alecable_model_create(&md->m, NULL), "model_create");
    alecable_section_init(&sec);
    sec.E = p->E;
    sec.A = A;
    sec.I = I;
    ex_check(md->m, alecable_cable_create(&md->c, md->m, p->se3 ? ALECABLE_ELEMENT_SE3 : ALECABLE_ELEMENT_KIRCHHOFF,
                                          &sec), "cable_create");
    ex_check(md->m, alecable_cable_line(md->c, a, b, 0.0, p->L, n), "cable_line");
    alecable_beam_params_init(&bp);
    bp.GJ = p->E / (2.0 * (1.0 + p->nu)) * 2.0 * I;
    ex_check(md->m, alecable_cable_set_beam(md->c, &bp), "cable_set_beam");
    if (p->se3) { /* Cowper's shear coefficient of a circular section */
        double GA = p->E / (2.0 * (1.0 + p->nu)) * A * 6.0 * (1.0 + p->nu) / (7.0 + 6.0 * p->nu);
        ex_check(md->m, alecable_cable_set_shear(md->c, GA, GA), "cable_set_shear");
    }
    md->n = n;
    md->nd = (alecable_node **)calloc((size_t)n + 1, sizeof *md->nd);
    for (i = 0; i <= n; i++) ex_check(md->m, alecable_cable_node(&md->nd[i], md->c, i), "cable_node");
    /* node 1 clamped, no flow at both ends */
    alecable_clamp_params_init(&cp);
    if (p->se3) { /* the clamp: position and rotation held */
        static const int held[6] = {ALECABLE_DOF_X, ALECABLE_DOF_Y, ALECABLE_DOF_Z,
                                    ALECABLE_DOF_RX, ALECABLE_DOF_RY, ALECABLE_DOF_RZ};
        for (i = 0; i < 6; i++) ex_check(md->m, alecable_fix(NULL, md->m, md->nd[0], held[i]), "fix");
    } else
        ex_check(md->m, alecable_clamp(NULL, md->m, md->nd[0], &cp), "clamp");
    ex_check(md->m, alecable_fix(NULL, md->m, md->nd[0], ALECABLE_DOF_S), "fix s");
    ex_check(md->m, alecable_fix(NULL, md->m, md->nd[n], ALECABLE_DOF_S), "fix s");
    ex_check(md->m, alecable_load_node(&ld, md->m, md->nd[n], f), "load_node");
    /* the sleeve: nodes 2..n (1..n-1 here) */
    alecable_sleeve_params_init(&sp);
    sp.pressure = p->p;
    sp.friction.mu = p->mu;
    sp.friction.augmentation = p->aug;
    ex_check(md->m, alecable_sleeve(&md->sleeve, md->m, &sp, n - 1, md->nd + 1), "sleeve");
}

/* --split: every sleeve node carries its own stretch on each side, so the
 * tension may jump there by the friction force (alecable_node_split_stretch) */
static void split_sleeve(const model *md)
{
    int i;
    for (i = 1; i < md->n; i++) ex_check(md->m, alecable_node_split_stretch(md->nd[i], 1), "node_split_stretch");
}

/* Loads a sleeve of n elements (split or not) to F monotonically: the end
 * displacement, the largest stuck |lambda_T| and what the lumped equilibrium
 * gives for it (F less mu p l per slipping node), the slipping nodes.
 * Returns 0, or 1 when a step failed. */
static int study_run(const params *p0, int n, int split, double *u, double *stick, double *stick_eq, int *nslip)
{
    params p = *p0;
    model md;
    int k, it, i, nc;
    double slipped = 0.0;
    p.elements = n;
    build(&p, &md);
    if (split) split_sleeve(&md);
    for (k = 0; k < p.steps; k++)
        if (ex_load_step(md.m, (double)k / p.steps, (double)(k + 1) / p.steps, p.tol, &it)) {
            fprintf(stderr, "  n = %d%s: step %d failed: %s\n", n, split ? " split" : "", k + 1,
                    alecable_model_errmsg(md.m));
            free(md.nd);
            alecable_model_destroy(md.m);
            return 1;
        }
    {
        double x[3];
        alecable_node_position(md.nd[n], x);
        *u = x[0] - p.L;
    }
    *stick = 0.0;
    *nslip = 0;
    alecable_friction_contacts(md.sleeve, &nc);
    for (i = 0; i < nc; i++) {
        alecable_contact c;
        alecable_contact_init(&c);
        alecable_friction_contact(md.sleeve, i, &c);
        if (c.state == ALECABLE_CONTACT_SLIP) {
            (*nslip)++;
            slipped += p.mu * c.lambda_n;
        } else if (fabs(c.lambda_t) > *stick)
            *stick = fabs(c.lambda_t);
    }
    *stick_eq = p.F - slipped;
    free(md.nd);
    alecable_model_destroy(md.m);
    return 0;
}

/* --study: the refinement study of the Kirchhoff sleeve against the
 * continuum solution (examples/support/sleeve_continuum.h), with the split
 * contact nodes and without.  The split sleeve is the lumped model whose
 * closed form sleeve_lumped_u gives (the friction in point forces mu p l at
 * the nodes, the last element outside the sleeve): it converges to the
 * continuum at O(1/n), and Richardson's 2 u_n - u_(n/2) removes that
 * order.  The unsplit sleeve has no such limit: it smears each contact's
 * tension jump over the neighbouring elements and settles short of it. */
static int study(const params *p)
{
    const double EA = p->E * M_PI * p->r * p->r;
    double uc = sleeve_continuum_u(p->L, EA, p->p, p->mu, p->F, NULL, NULL), err[2][16] = {{0}}, u_prev[2] = {0, 0};
    double rich[2] = {0, 0}, rate = 0.0, stick_dev = 0.0, lumped_dev = 0.0;
    int n, r, split;
    printf("beam_sleeve --study: Kirchhoff sleeve (L = %g m, EA = %.6g N, p = %g N/m, mu = %g) loaded to F = %g N in %d "
           "steps; continuum solution u = %.9f mm (examples/support/sleeve_continuum.h)\n",
           p->L, EA, p->p, p->mu, p->F, p->steps, 1e3 * uc);
    printf("  elements | split: u [mm]   lumped closed form   error vs continuum   stuck |lambda_T| / equilibrium [N] | "
           "unsplit: u [mm]   error\n");
    for (r = 0, n = 8; n <= p->study && r < 16; n *= 2, r++) {
        double u[2], st[2], se[2], ul, sl;
        int ns[2];
        for (split = 1; split >= 0; split--)
            if (study_run(p, n, split, &u[split], &st[split], &se[split], &ns[split])) return 1;
        ul = sleeve_lumped_u(p->L, EA, p->p, p->mu, p->F, n, &sl);
        for (split = 0; split < 2; split++) {
            err[split][r] = (u[split] - uc) / uc;
            if (r) rich[split] = 2.0 * u[split] - u_prev[split];
            u_prev[split] = u[split];
        }
        if (fabs(st[1] - se[1]) > stick_dev) stick_dev = fabs(st[1] - se[1]);
        if (fabs(u[1] - ul) / ul > lumped_dev) lumped_dev = fabs(u[1] - ul) / ul;
        printf("  %8d | %14.9f %17.9f %+17.3e        %12.6f / %-12.6f | %15.9f %+10.3e\n", n, 1e3 * u[1], 1e3 * ul,
               err[1][r], st[1], se[1], 1e3 * u[0], err[0][r]);
    }
    if (r >= 2) rate = log(fabs(err[1][r - 2] / err[1][r - 1])) / log(2.0);
    printf("  split: equal to the lumped closed form to %.1e relative at every mesh; its error against the continuum "
           "falls at order %.2f (last doubling); Richardson 2 u_n - u_n/2 = %.6f mm (%+.2e)\n",
           lumped_dev, rate, 1e3 * rich[1], (rich[1] - uc) / uc);
    printf("  unsplit: %+.3e at %d elements, Richardson %.6f mm (%+.2e): it converges short of the continuum\n",
           err[0][r - 1], n / 2, 1e3 * rich[0], (rich[0] - uc) / uc);
    printf("result: status=0 study_u_continuum_mm=%.12g study_err_split=%.6e study_err_unsplit=%.6e study_order=%.4f "
           "study_richardson_err_split=%.3e study_richardson_err_unsplit=%.3e study_lumped_dev=%.3e "
           "study_stick_dev=%.3e\n",
           1e3 * uc, err[1][r - 1], err[0][r - 1], rate, (rich[1] - uc) / uc, (rich[0] - uc) / uc, lumped_dev,
           stick_dev);
    return 0;
}

static double end_displacement(const params *p, const model *md)
{
    double x[3];
    alecable_node_position(md->nd[md->n], x);
    return x[0] - p->L;
}

static void print_contacts(const params *p, const model *md, double F)
{
    int i, n;
    alecable_friction_contacts(md->sleeve, &n);
    printf("  at F = %.1f N:\n  node  state   lambda_T [N]   mu N [N]   s [mm]    slip total [mm]\n", F);
    for (i = 0; i < n; i++) {
        alecable_contact c;
        double s;
        alecable_contact_init(&c);
        ex_check(md->m, alecable_friction_contact(md->sleeve, i, &c), "friction_contact");
        alecable_node_material(c.node, &s);
        printf("  %4d  %-5s %14.6f %10.4f %9.4f %12.6f\n", i + 2, c.state == ALECABLE_CONTACT_SLIP ? "slip" : "stick",
               c.lambda_t, p->mu * c.lambda_n, 1e3 * s, 1e3 * c.slip_total);
    }
}

int main(int argc, char **argv)
{
    params p;
    model md;
    FILE *csv = NULL;
    ex_vtk_series vs;
    double u_load_mid = 0, u_unload_mid = 0, u_top = 0, u_reload_top = 0, u_end = 0, stair_err = 0, stick_max = 0;
    double lin_dev = 0, time, work = 0;
    /* --element se3: the closed form's values and the largest relative differences over the loading branch */
    double cf_mid = 0, cf_top = 0, cf_stick = 0, cf_err_u = 0, cf_err_lambda = 0;
    int k, phase, it, it_max = 0, it_sum = 0, nsteps = 0, nslip = 0, nstick_ok = 1, i, nc, status;
    ex_opt opts[] = {
        {"--elements", 'i', &p.elements, "beam elements (the sleeve holds the interior nodes)"},
        {"--element", 's', &p.element, "kirchhoff (default: the library's C1 beam) or se3 (paper 004's SE(3) beam, "
                                       "constant strain per element, against its closed form)"},
        {"--steps", 'i', &p.steps, "load steps from 0 to F (and for each later branch)"},
        {"--F", 'd', &p.F, "largest axial traction on the end node [N]"},
        {"--pressure", 'd', &p.p, "sleeve's normal force per unit length p [N/m]"},
        {"--mu", 'd', &p.mu, "Coulomb friction coefficient"},
        {"--E", 'd', &p.E, "Young's modulus [Pa]"},
        {"--nu", 'd', &p.nu, "Poisson's ratio (G = E / (2 (1 + nu)))"},
        {"--radius", 'd', &p.r, "radius of the circular section [m]"},
        {"--length", 'd', &p.L, "beam length [m]"},
        {"--augmentation", 'd', &p.aug, "augmentation epsilon as a multiple of EA / l (the solution does not depend on it)"},
        {"--tol", 'd', &p.tol, "Newton tolerance: ||r|| <= tol x the step's largest residual"},
        {"--no-cycle", 'f', &p.no_cycle, "load only (no unloading and reloading)"},
        {"--split", 'f', &p.split, "split the stretch at the sleeve's nodes (the tension may jump there; statics)"},
        {"--study", 'i', &p.study, "refinement study up to this many elements (8, 16, ...) against the continuum "
                                   "solution, split and unsplit, loading only; 0: none"},
        {"--csv", 's', &p.csv, "write F, end displacement, branch and the contacts' states per load step to this CSV"},
        {"--vtk", 's', &p.vtk, "write a VTK file per load step (beam_sleeve_NNNNN.vtp) and beam_sleeve.pvd into this existing folder"},
        {"--vtk-legacy", 'f', &p.vtk_legacy, EX_VTK_LEGACY_HELP},
        {NULL, 0, NULL, NULL}};
    memset(&p, 0, sizeof p);
    p.L = 1.0;
    p.r = 2e-3;
    p.E = 3e9;
    p.nu = 0.3;
    p.F = 4500;
    p.p = 22500;
    p.mu = 0.3;
    {
        alecable_friction_params fp0; /* the library's default augmentation */
        alecable_friction_params_init(&fp0);
        p.aug = fp0.augmentation;
    }
    p.tol = 1e-10;
    p.elements = 8;
    p.steps = 50;
    p.element = "kirchhoff";
    k = ex_parse(argc, argv, opts,
                 "A beam pulled through a fixed sleeve with Coulomb stick/slip friction (paper 004, sec. 3): the "
                 "library's Kirchhoff beam,\nor paper 004's SE(3) beam against its closed form (--element se3).");
    if (k) return k > 0 ? 0 : 2;
    if (strcmp(p.element, "kirchhoff") && strcmp(p.element, "se3")) {
        fprintf(stderr, "--element %s: expected kirchhoff or se3\n", p.element);
        return 2;
    }
    p.se3 = !strcmp(p.element, "se3");
    if (p.se3 && p.elements > SCF_MAX_ELEMENTS) {
        fprintf(stderr, "--element se3: --elements must be <= %d (the closed form's table)\n", SCF_MAX_ELEMENTS);
        return 2;
    }
    if (p.elements < 3 || p.steps < 1 || !(p.F > 0) || !(p.p >= 0) || !(p.mu >= 0) || !(p.aug > 0)) {
        fprintf(stderr, "--elements must be >= 3, --steps >= 1, --F > 0, --pressure >= 0, --mu >= 0, "
                        "--augmentation > 0\n");
        return 2;
    }
    if (p.study) {
        if (p.study < 16) {
            fprintf(stderr, "--study must be >= 16 (two meshes at least)\n");
            return 2;
        }
        return study(&p);
    }
    build(&p, &md);
    if (p.split) split_sleeve(&md);
    printf("beam_sleeve: L = %g m, r = %g mm, E = %g Pa, nu = %g, %d elements, sleeve on nodes 2..%d, p = %g N/m, "
           "mu = %g, F up to %g N in %d load steps%s\n",
           p.L, 1e3 * p.r, p.E, p.nu, p.elements, p.elements, p.p, p.mu, p.F, p.steps,
           p.no_cycle ? "" : ", then unloaded and reloaded");
    if (p.csv) {
        csv = fopen(p.csv, "w");
        if (!csv) {
            perror(p.csv);
            return 1;
        }
        fprintf(csv, "step,branch,F_N,end_displacement_mm,newton_iterations,slipping_nodes\n");
    }
    ex_vtk_begin(&vs, p.vtk, "beam_sleeve", p.vtk_legacy);
    ex_vtk_frame(&vs, md.m, 0.0);
    time = ex_now();
    /* branch 0: 0 -> F, 1: F -> 0, 2: 0 -> F */
    for (phase = 0; phase < (p.no_cycle ? 1 : 3); phase++)
        for (k = 0; k < p.steps; k++) {
            double t0 = (double)k / p.steps, t1 = (double)(k + 1) / p.steps, u;
            int ns = 0;
            if (phase == 1) {
                t0 = 1.0 - t0;
                t1 = 1.0 - t1;
            }
            if (ex_load_step(md.m, t0, t1, p.tol, &it)) {
                printf("  step %d of branch %d failed: %s\nresult: status=1\n", k + 1, phase,
                       alecable_model_errmsg(md.m));
                return 1;
            }
            nsteps++;
            it_sum += it;
            if (it > it_max) it_max = it;
            u = end_displacement(&p, &md);
            alecable_friction_contacts(md.sleeve, &nc);
            for (i = 0; i < nc; i++) {
                alecable_contact c;
                alecable_contact_init(&c);
                alecable_friction_contact(md.sleeve, i, &c);
                ns += c.state == ALECABLE_CONTACT_SLIP;
            }
            if (csv) fprintf(csv, "%d,%d,%.10g,%.12g,%d,%d\n", nsteps, phase, p.F * t1, 1e3 * u, it, ns);
            ex_vtk_frame(&vs, md.m, (double)nsteps);
            if (phase == 0 && p.se3) {
                scf_state cf;
                double EA = p.E * M_PI * p.r * p.r, lim = p.mu * p.p * p.L / p.elements;
                scf_solve(p.L, EA, p.p, p.mu, p.elements, p.F * t1, &cf);
                if (fabs(u - cf.u) > cf_err_u * fabs(cf.u)) cf_err_u = fabs(u - cf.u) / fabs(cf.u);
                for (i = 0; i < nc; i++) {
                    alecable_contact c;
                    alecable_contact_init(&c);
                    alecable_friction_contact(md.sleeve, i, &c);
                    if (fabs(fabs(c.lambda_t) - cf.lambda[i + 1]) > cf_err_lambda * lim)
                        cf_err_lambda = fabs(fabs(c.lambda_t) - cf.lambda[i + 1]) / lim;
                }
                if (2 * (k + 1) == p.steps) cf_mid = cf.u;
                if (k + 1 == p.steps) {
                    cf_top = cf.u;
                    cf_stick = cf.stick_max;
                }
            }
            if (phase == 0 && 2 * (k + 1) == p.steps) u_load_mid = u;
            if (phase == 1 && 2 * (k + 1) == p.steps) u_unload_mid = u;
            if (phase == 0 && k + 1 == p.steps) {
                u_top = u;
                print_contacts(&p, &md, p.F);
                /* the staircase: slipping nodes carry mu p l, stuck ones less */
                for (i = 0; i < nc; i++) {
                    alecable_contact c;
                    alecable_contact_init(&c);
                    alecable_friction_contact(md.sleeve, i, &c);
                    if (c.state == ALECABLE_CONTACT_SLIP) {
                        nslip++;
                        if (fabs(fabs(c.lambda_t) - p.mu * c.lambda_n) > stair_err)
                            stair_err = fabs(fabs(c.lambda_t) - p.mu * c.lambda_n);
                    } else {
                        if (fabs(c.lambda_t) > stick_max) stick_max = fabs(c.lambda_t);
                        if (!(fabs(c.lambda_t) < p.mu * c.lambda_n)) nstick_ok = 0;
                    }
                }
            }
            if (phase == 2 && k + 1 == p.steps) u_reload_top = u;
            if (phase == 1 && k + 1 == p.steps) u_end = u;
        }
    time = ex_now() - time;
    for (i = 0; i < nc; i++) {
        alecable_contact c;
        alecable_contact_init(&c);
        alecable_friction_contact(md.sleeve, i, &c);
        work += c.work;
    }
    if (csv) fclose(csv);
    ex_vtk_end(&vs, md.m);
    /* nonlinearity of the loading branch: the midpoint against the chord */
    lin_dev = u_load_mid - 0.5 * u_top;
    printf("  slipping nodes at F = %g N: %d (paper 004 sec. 3, Fig. 2: nodes 4..8); |lambda_T| - mu N at slip: %.3e N; "
           "largest stuck |lambda_T| %.4f N\n",
           p.F, nslip, stair_err, stick_max);
    printf("  end displacement: %.6f mm at F/2 on loading, %.6f mm at F (chord midpoint %.6f mm: nonlinear by "
           "%+.6f mm)\n",
           1e3 * u_load_mid, 1e3 * u_top, 0.5e3 * u_top, 1e3 * lin_dev);
    if (!p.no_cycle)
        printf("  unloading: %.6f mm at F/2 (loading %.6f mm), %.6f mm at F = 0 (residual stretch held by "
               "friction); reloaded to F: %.6f mm\n",
               1e3 * u_unload_mid, 1e3 * u_load_mid, 1e3 * u_end, 1e3 * u_reload_top);
    if (p.se3) {
        printf("  closed form (constant strain per element, monotonic loading): %.9f mm at F/2, %.9f mm at F, "
               "largest stuck |lambda_T| %.6f N; largest difference over the %d loading steps: %.3e relative in the "
               "end displacement, %.3e of mu p l in the contacts' |lambda_T|\n",
               1e3 * cf_mid, 1e3 * cf_top, cf_stick, p.steps, cf_err_u, cf_err_lambda);
        if (p.mu * p.p > 0.0)
            printf("  continuum limit (the mesh refined, the sleeve all of [0, L)): %.9f mm at F\n",
                   1e3 * scf_continuum(p.L, p.E * M_PI * p.r * p.r, p.p, p.mu, p.F));
    }
    printf("  friction work dissipated: %.6f J\n", work);
    printf("  Newton iterations per load step: %.2f mean, %d at most; %d steps in %.3f ms\n",
           (double)it_sum / nsteps, it_max, nsteps, 1e3 * time);
    /* --element se3: the loading branch is the closed form's (to 1e-8; 5e-13 is reached) */
    status = p.se3 && !(cf_err_u <= 1e-8 && cf_err_lambda <= 1e-8);
    if (status) printf("  FAILED: the loading branch differs from the closed form by more than 1e-8\n");
    printf("result: status=%d elements=%d steps=%d slipping=%d staircase_err=%.3e stick_max=%.6f stick_below_limit=%d "
           "u_mid_mm=%.17g u_top_mm=%.17g nonlinearity_mm=%.9f",
           status, p.elements, p.steps, nslip, stair_err, stick_max, nstick_ok, 1e3 * u_load_mid, 1e3 * u_top,
           1e3 * lin_dev);
    if (!p.no_cycle)
        printf(" u_unload_mid_mm=%.17g u_end_mm=%.17g u_reload_top_mm=%.17g", 1e3 * u_unload_mid, 1e3 * u_end,
               1e3 * u_reload_top);
    printf(" work_J=%.17g iter_mean=%.17g iter_max=%d", work, (double)it_sum / nsteps, it_max);
    if (p.se3)
        printf(" element=se3 cf_u_mid_mm=%.17g cf_u_top_mm=%.17g cf_stick_max=%.6f cf_err_u=%.3e cf_err_lambda=%.3e",
               1e3 * cf_mid, 1e3 * cf_top, cf_stick, cf_err_u, cf_err_lambda);
    printf("\n");
    free(md.nd);
    alecable_model_destroy(md.m);
    return status;
}
