/* smoke-test: --steps 10 --t-end 2 */
/* A three-line spread mooring of a floater in regular waves (issue 26): the
 * fairlead tension of each line in time and its RAO against the
 * quasi-static catenary's.
 *
 * The floater is a body whose motion the host prescribes
 * (alecable_body_prescribe), as a vessel simulator would: at its rest
 * position (0, 0, z_f), it moves in surge and heave with the Airy wave's
 * first-order particle motion at the mean surface (a small floater riding
 * the wave: surge a coth(kd) sin(wt), heave a cos(wt), a = H/2 the wave's
 * amplitude, eta = a cos(kx - wt) at x = 0; --surge-rao and --heave-rao
 * scale them), both ramped in with the sea's (1 - cos)/2 over --ramp.
 * Three lines, 120 deg apart (line 0's anchor on the +x axis, downwave:
 * the wave travels along +x), leave fairleads at radius R_f on the body and reach anchors
 * on a flat seabed (alecable_load_seabed, a penalty k per unit length) at
 * radius R_f + X, part of each lying on the bottom.  Each line is an
 * axial cable in the sea (alecable_sea_create, Airy; Morison drag, added
 * mass, Froude-Krylov and buoyancy: alecable_load_hydro +
 * alecable_load_hydro_set_sea), optionally with Kelvin-Voigt axial damping
 * (alecable_load_damping).
 *
 * Measured: the fairlead tension T_i(t) (the top element's axial force) of
 * each line; after the transient, over the last --fit whole periods
 * (the time step divides the period), its mean and first harmonic
 * T_1 = |2/N sum T e^{i w t}| (a Fourier fit: exact for the samples of
 * whole periods).  The RAO is T_1 per metre of surge amplitude (the heave
 * riding along in its fixed proportion).
 *
 * The quasi-static reference, independent of the dynamics and of the
 * mesh: the elastic catenary with seabed contact (the closed form of
 * examples/mooring_line.c, with the line's weight in water and Z + w/k,
 * the line resting w/k into the bottom's penalty), its tension at the top
 * element's middle and its derivatives dT/dX, dT/dZ in the fairlead's
 * position (the implicit function theorem on the closed form's two
 * equations).  Line i's span changes by -cos(theta_i) x to first order in
 * the surge x, so its quasi-static tension is
 * T + dT/dX (-cos(theta_i)) A_s sin(wt) + dT/dZ A_h cos(wt), whose
 * amplitude per metre of surge is
 *     rao_qs_i = sqrt((cos(theta_i) dT/dX)^2 + (dT/dZ A_h/A_s)^2).
 * rao_ratio = rao_dyn / rao_qs of line 0 tends to 1 as the period grows
 * (drag and inertia vanish) and the motion stays small (T is not linear in
 * X).  Measured (default mesh of 68 elements, 2.5 m): T = 120 s, H = 0.1 m
 * (the defaults): 1.0006; T = 60 s: 1.005; T = 240 s: 1.0004; twice the
 * height at 120 s: 0.998; 136 elements: 0.998.  The discrete line's
 * tangent stiffness changes as its touchdown crosses nodes: at 34 elements
 * (5 m) the ratio is 0.92, so the mesh must resolve the touchdown's
 * excursion.  At wave periods (T = 10 s, H = 1 m: --period 10 --height 1)
 * the ratio is 0.81 (line 1: 0.14): the line's drag and inertia (and the
 * waves' own load on it) shift the phases of the surge's and the heave's
 * parts of the tension, which no longer add in quadrature as the static
 * line's do; T = 15 s: 0.83.
 */
#include "common.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

#define NLINES 3

typedef struct params {
    double depth, zf, Rf, X, L, mass, diam, EA, k, Cdn, Cdt, Can, damp, height, period, ramp, surge_rao,
        heave_rao, eps;
    int n, steps, periods, fit;
    const char *csv;
    /* derived */
    double omega, kwave, As, Ah;
} params;

static params P; /* the floater's motion for the host's callback */

static void ramp_fn(double t, double *R, double *Rd, double *Rdd)
{
    double T = P.ramp;
    if (!(T > 0.0) || t >= T) {
        *R = 1.0;
        *Rd = *Rdd = 0.0;
    } else if (t <= 0.0) {
        *R = *Rd = *Rdd = 0.0;
    } else {
        *R = 0.5 * (1.0 - cos(M_PI * t / T));
        *Rd = 0.5 * M_PI / T * sin(M_PI * t / T);
        *Rdd = 0.5 * (M_PI / T) * (M_PI / T) * cos(M_PI * t / T);
    }
}

/* the floater: surge As R sin(wt), heave Ah R cos(wt), no rotation */
static int floater(void *user, double t, double x[3], double R[9], double v[3], double w[3], double a[3],
                   double alpha[3])
{
    double r, rd, rdd, om = P.omega, s = sin(om * t), c = cos(om * t);
    (void)user;
    ramp_fn(t, &r, &rd, &rdd);
    memset(R, 0, 9 * sizeof(double));
    R[0] = R[4] = R[8] = 1.0;
    x[0] = P.As * r * s;
    x[1] = 0.0;
    x[2] = P.zf + P.Ah * r * c;
    v[0] = P.As * (rd * s + r * om * c);
    v[1] = 0.0;
    v[2] = P.Ah * (rd * c - r * om * s);
    a[0] = P.As * (rdd * s + 2.0 * rd * om * c - r * om * om * s);
    a[1] = 0.0;
    a[2] = P.Ah * (rdd * c - 2.0 * rd * om * s - r * om * om * c);
    w[0] = w[1] = w[2] = alpha[0] = alpha[1] = alpha[2] = 0.0;
    return 0;
}

static void section_of(const params *p, alecable_section *s)
{
    alecable_section_init(s);
    s->A = M_PI * p->diam * p->diam / 4.0;
    s->E = p->EA / s->A;
    s->rho = p->mass / s->A;
}

/* a line's slack start in its plane (horizontal u from the anchor, height
 * z above the bottom): along the bottom to u = a, then straight to the
 * fairlead (X, Z), a + |(X - a, Z)| = L (as the model file writes it) */
static void slack_point(const params *p, double X, double Z, double s, double *u, double *z)
{
    double a = (p->L * p->L - X * X - Z * Z) / (2.0 * (p->L - X)), f = fmax(s - a, 0.0) / (p->L - a);
    *u = fmin(s, a) + f * (X - a);
    *z = f * Z;
}

static void add_hydro(const params *p, alecable_model *m, alecable_cable *c, const alecable_sea *sea)
{
    alecable_hydro_params hp;
    alecable_load *l;
    alecable_hydro_params_init(&hp);
    hp.diameter = p->diam;
    hp.C_dn = p->Cdn;
    hp.C_dt = p->Cdt;
    hp.C_an = p->Can;
    hp.stiff = 1;
    ex_check(m, alecable_load_hydro(&l, m, c, &hp), "alecable_load_hydro");
    ex_check(m, alecable_load_hydro_set_sea(l, sea), "alecable_load_hydro_set_sea");
}

static void add_seabed(const params *p, alecable_model *m, alecable_cable *c, double zb)
{
    alecable_seabed_params sp;
    alecable_seabed_params_init(&sp);
    sp.point[2] = zb;
    sp.stiffness = p->k;
    ex_check(m, alecable_load_seabed(NULL, m, c, &sp), "alecable_load_seabed");
}

static double top_tension(alecable_model *m, alecable_cable *c, int n)
{
    alecable_element *e;
    double N;
    ex_check(m, alecable_cable_element(&e, c, n - 1), "alecable_cable_element");
    ex_check(m, alecable_element_axial_force(e, &N), "alecable_element_axial_force");
    return N;
}

/* The elastic catenary with seabed contact (examples/mooring_line.c
 * derives it; Jonkman 2007): a line of unstretched length L, weight w per
 * unit length in water, EA, anchor on a frictionless bottom, fairlead at
 * (X, Z) above it, H the horizontal and V the fairlead's vertical tension:
 *     X = L - V/w + (H/w) asinh(V/H) + H L/EA
 *     Z = (H/w) (sqrt(1 + (V/H)^2) - 1) + V^2/(2 w EA).
 * F = (X(H, V) - X, Z(H, V) - Z) and its Jacobian in (H, V). */
static void cf_eval(const params *p, double w, double X, double Z, double H, double V, double F[2], double J[4])
{
    double EA = p->EA, r = V / H, q = sqrt(1.0 + r * r);
    F[0] = p->L - V / w + H / w * asinh(r) + H * p->L / EA - X;
    F[1] = H / w * (q - 1.0) + V * V / (2.0 * w * EA) - Z;
    J[0] = asinh(r) / w - r / (w * q) + p->L / EA;
    J[1] = -1.0 / w + 1.0 / (w * q);
    J[2] = (q - 1.0) / w - r * r / (w * q);
    J[3] = r / (w * q) + V / (w * EA);
}

/* the closed form's tension at the top element's middle (material
 * coordinate L - l/2: the vertical tension V - w l/2, H constant) and its
 * derivatives in the fairlead's X and Z (the implicit function theorem on
 * F = 0); -1 when Newton fails or the line does not reach the bottom */
static int catenary(const params *p, double w, double X, double Z, double *T, double *dTdX, double *dTdZ)
{
    double H = 0.1 * w * p->L, V = 0.5 * w * p->L, F[2], J[4], det, Vm, dH, dV;
    int it;
    for (it = 0; it < 200; it++) {
        double dh, dv, t = 1.0;
        cf_eval(p, w, X, Z, H, V, F, J);
        det = J[0] * J[3] - J[1] * J[2];
        dh = -(J[3] * F[0] - J[1] * F[1]) / det;
        dv = -(-J[2] * F[0] + J[0] * F[1]) / det;
        while (H + t * dh <= 0.0 || V + t * dv <= 0.0) t *= 0.5;
        H += t * dh;
        V += t * dv;
        if (fabs(dh) < 1e-15 * H && fabs(dv) < 1e-15 * V) break;
    }
    cf_eval(p, w, X, Z, H, V, F, J);
    if (!(fabs(F[0]) < 1e-9 * p->L && fabs(F[1]) < 1e-9 * p->L && p->L - V / w >= 0.0)) return -1;
    det = J[0] * J[3] - J[1] * J[2];
    Vm = V - 0.5 * w * p->L / p->n;
    *T = sqrt(H * H + Vm * Vm);
    /* d(H, V)/dX = J^-1 (1, 0), d(H, V)/dZ = J^-1 (0, 1) */
    dH = J[3] / det;
    dV = -J[2] / det;
    *dTdX = (H * dH + Vm * dV) / *T;
    dH = -J[1] / det;
    dV = J[0] / det;
    *dTdZ = (H * dH + Vm * dV) / *T;
    return 0;
}

int main(int argc, char **argv)
{
    params *p = &P;
    alecable_model *m;
    alecable_cable *c[NLINES];
    alecable_sea *sea;
    alecable_sea_params sp;
    alecable_body *flo;
    alecable_body_params bp;
    alecable_section sec;
    alecable_quasistatic_options qo;
    alecable_solve_report rep;
    alecable_dynamic_options o;
    alecable_integrator *it;
    double g[3] = {0, 0, -9.81}, th[NLINES], Z, T0, dTdX, dTdZ, wl, h, t_fit0, wall, t0;
    double Tsum[NLINES], Tc[NLINES], Ts[NLINES], Tstat[NLINES], rao_dyn[NLINES], rao_qs[NLINES], Tmean[NLINES],
        Tamp[NLINES], Tmin[NLINES], Tmax[NLINES];
    int rc, i, j, nstep, nfit = 0, st, status = 0;
    FILE *csv = NULL;
    ex_opt opts[] = {
        {"--period", 'd', &p->period, "wave period T [s]"},
        {"--height", 'd', &p->height, "wave height H [m] (amplitude H/2)"},
        {"--depth", 'd', &p->depth, "water depth d [m] (mean surface z = 0, seabed z = -d)"},
        {"--elements", 'i', &p->n, "axial elements per line"},
        {"--t-end", 'i', &p->periods, "simulated time, in wave periods"},
        {"--fit", 'i', &p->fit, "periods at the end of the run the Fourier fit uses"},
        {"--steps", 'i', &p->steps, "time steps per wave period"},
        {"--ramp", 'd', &p->ramp, "ramp time of the waves and the floater's motion [s] (0: one period)"},
        {"--fairlead-z", 'd', &p->zf, "fairleads' height z_f (the floater's rest position) [m]"},
        {"--fairlead-radius", 'd', &p->Rf, "fairleads' radius on the floater R_f [m]"},
        {"--span", 'd', &p->X, "horizontal span fairlead - anchor X [m]"},
        {"--length", 'd', &p->L, "unstretched line length L [m]"},
        {"--mass", 'd', &p->mass, "line mass per unit length [kg/m]"},
        {"--diameter", 'd', &p->diam, "hydrodynamic diameter [m] (also the section's area)"},
        {"--EA", 'd', &p->EA, "axial stiffness [N]"},
        {"--C-dn", 'd', &p->Cdn, "normal drag coefficient"},
        {"--C-dt", 'd', &p->Cdt, "tangential drag coefficient"},
        {"--C-an", 'd', &p->Can, "normal added-mass coefficient"},
        {"--stiffness", 'd', &p->k, "seabed stiffness per unit length [N/m^2]"},
        {"--axial-damping", 'd', &p->damp, "Kelvin-Voigt axial damping c_a [N s] (0: none)"},
        {"--surge-rao", 'd', &p->surge_rao, "floater's surge amplitude per wave amplitude (0: coth(kd), the surface "
                                            "particle's)"},
        {"--heave-rao", 'd', &p->heave_rao, "floater's heave amplitude per wave amplitude"},
        {"--csv", 's', &p->csv,
         "write t, the fairlead tensions, line 0's quasi-static one [kN] and the floater's surge and heave [m] to "
         "this CSV file"},
        {NULL, 0, NULL, NULL}};
    memset(p, 0, sizeof *p);
    p->depth = 50.0;
    p->zf = -5.0;
    p->Rf = 10.0;
    p->X = 150.0;
    p->L = 170.0;
    p->mass = 100.0;
    p->diam = 0.1;
    p->EA = 5e8;
    p->Cdn = 2.4;
    p->Cdt = 0.4;
    p->Can = 1.0;
    p->k = 1e6;
    p->damp = 0.0;
    p->height = 0.1;
    p->period = 120.0;
    p->ramp = 0.0;
    p->heave_rao = 1.0;
    p->eps = 0.01;
    p->n = 68;
    p->steps = 20;
    p->periods = 3;
    p->fit = 1;
    rc = ex_parse(argc, argv, opts,
                  "A three-line spread mooring of a host-driven floater in regular Airy waves: the fairlead "
                  "tensions in time and their RAO against the quasi-static catenary's.");
    if (rc) return rc > 0 ? 0 : 2;
    Z = p->depth + p->zf;
    if (!(p->depth > 0) || !(Z > 0) || !(p->zf < 0) || !(p->Rf >= 0) || !(p->X > 0) || !(p->mass > 0) ||
        !(p->diam > 0) || !(p->EA > 0) || !(p->k > 0) || !(p->damp >= 0) || !(p->height > 0) || !(p->period > 0) ||
        !(p->ramp >= 0) || !(p->surge_rao >= 0) || !(p->heave_rao >= 0) || !(p->Cdn >= 0) || !(p->Cdt >= 0) ||
        !(p->Can >= 0) || p->n < 4 || p->n > 100000 || p->steps < 4 || p->steps > 100000 || p->fit < 1 ||
        p->periods <= p->fit || p->periods > 10000) {
        fprintf(stderr, "mooring_waves: need depth > 0, -depth < fairlead-z < 0, lengths, mass, EA, stiffness, "
                        "height, period > 0, elements >= 4, steps >= 4, t-end > fit >= 1\n");
        return 2;
    }
    if (!(p->L > sqrt(p->X * p->X + Z * Z)) || !(p->L > p->X)) {
        fprintf(stderr, "mooring_waves: the line (%g m) must be longer than the chord (%g m)\n", p->L,
                sqrt(p->X * p->X + Z * Z));
        return 2;
    }
    if (p->ramp == 0.0) p->ramp = p->period;

    /* the sea: its wave number, the floater's amplitudes */
    ex_check(NULL, alecable_model_create(&m, NULL), "alecable_model_create");
    ex_check(m, alecable_model_set_gravity(m, g), "alecable_model_set_gravity");
    alecable_sea_params_init(&sp);
    sp.depth = p->depth;
    sp.waves = ALECABLE_WAVES_AIRY;
    sp.height = p->height;
    sp.period = p->period;
    sp.ramp_time = p->ramp;
    ex_check(m, alecable_sea_create(&sea, m, &sp), "alecable_sea_create");
    {
        double om, amp, ph;
        ex_check(m, alecable_sea_component(sea, 0, &om, &p->kwave, &amp, &ph), "alecable_sea_component");
        p->omega = om;
    }
    wl = (p->mass - sp.rho_f * M_PI * p->diam * p->diam / 4.0) * 9.81; /* weight in water per unit length */
    if (!(wl > 0)) {
        fprintf(stderr, "mooring_waves: the line must sink (--mass > rho_f pi d^2/4)\n");
        alecable_model_destroy(m);
        return 2;
    }
    if (p->surge_rao == 0.0) p->surge_rao = 1.0 / tanh(p->kwave * p->depth);
    p->As = p->surge_rao * 0.5 * p->height;
    p->Ah = p->heave_rao * 0.5 * p->height;
    if (!(p->As > 0)) {
        fprintf(stderr, "mooring_waves: the floater must surge (--surge-rao > 0)\n");
        return 2;
    }

    /* the floater and the three lines, built in the order of the model file
     * (examples/models/mooring_waves.yaml: bodies, cables, constraints,
     * joints, loads), which is the order of the unknowns */
    alecable_body_params_init(&bp);
    bp.position[2] = p->zf;
    bp.mass = 1e6;
    ex_check(m, alecable_body_create(&flo, m, &bp), "alecable_body_create");
    section_of(p, &sec);
    for (j = 0; j < NLINES; j++) {
        th[j] = 2.0 * M_PI * j / NLINES;
        ex_check(m, alecable_cable_create(&c[j], m, ALECABLE_ELEMENT_AXIAL, &sec), "alecable_cable_create");
        ex_check(m, alecable_cable_set_lagrangian(c[j], 1), "alecable_cable_set_lagrangian");
        for (i = 0; i <= p->n; i++) { /* from the anchor (radius R_f + X) in towards the fairlead */
            double s = p->L * i / p->n, u, z, r, x[3];
            slack_point(p, p->X, Z, s, &u, &z);
            r = p->Rf + p->X - u;
            x[0] = r * cos(th[j]);
            x[1] = r * sin(th[j]);
            x[2] = z - p->depth;
            ex_check(m, alecable_cable_add_node(NULL, c[j], x, s), "alecable_cable_add_node");
        }
    }
    for (j = 0; j < NLINES; j++) { /* the anchors */
        alecable_node *nd;
        ex_check(m, alecable_cable_node(&nd, c[j], 0), "alecable_cable_node");
        for (st = ALECABLE_DOF_X; st <= ALECABLE_DOF_Z; st++)
            ex_check(m, alecable_fix(NULL, m, nd, st), "alecable_fix");
    }
    ex_check(m, alecable_body_prescribe(NULL, m, flo, floater, NULL), "alecable_body_prescribe");
    for (j = 0; j < NLINES; j++) { /* the fairleads on the floater */
        alecable_node *nd;
        double off[3];
        off[0] = p->Rf * cos(th[j]);
        off[1] = p->Rf * sin(th[j]);
        off[2] = 0.0;
        ex_check(m, alecable_cable_node(&nd, c[j], p->n), "alecable_cable_node");
        ex_check(m, alecable_attach(NULL, m, nd, flo, off, 0), "alecable_attach");
    }
    for (j = 0; j < NLINES; j++) {
        add_hydro(p, m, c[j], sea);
        add_seabed(p, m, c[j], -p->depth);
        if (p->damp > 0.0) {
            alecable_damping_params dp;
            alecable_damping_params_init(&dp);
            dp.axial = p->damp;
            ex_check(m, alecable_load_damping(NULL, m, c[j], &dp), "alecable_load_damping");
        }
    }
    printf("mooring_waves: three %g m lines (%d axial elements each), span %g m, fairleads %g m above the "
           "bottom in %g m of water; Airy wave H %g m, T %g s (k %.6g 1/m, kd %.4g)\n",
           p->L, p->n, p->X, Z, p->depth, p->height, p->period, p->kwave, p->kwave * p->depth);
    printf("  floater: surge %.4g m, heave %.4g m (amplitudes), ramped in over %g s\n", p->As, p->Ah, p->ramp);

    /* the quasi-static reference: the line alone by statics in its plane */
    /* the line rests w/k into the bottom's penalty: the closed form's Z is measured from there */
    if (catenary(p, wl, p->X, Z + wl / p->k, &T0, &dTdX, &dTdZ)) {
        printf("  the catenary's closed form has no solution with the line on the bottom\nresult: status=1\n");
        alecable_model_destroy(m);
        return 1;
    }
    for (j = 0; j < NLINES; j++) {
        double a = cos(th[j]) * dTdX, b = dTdZ * p->Ah / p->As;
        rao_qs[j] = sqrt(a * a + b * b);
    }
    printf("  quasi-static catenary at the top element's middle: T %.4f kN, dT/dX %.4f kN/m, dT/dZ %.4f kN/m\n",
           T0 / 1e3, dTdX / 1e3, dTdZ / 1e3);

    /* the spread's equilibrium, then the waves */
    t0 = ex_now();
    alecable_quasistatic_options_init(&qo);
    alecable_solve_report_init(&rep);
    if ((st = alecable_solve_quasistatic(m, &qo, &rep))) {
        printf("  statics failed: %s\nresult: status=%d\n", alecable_model_errmsg(m), st);
        alecable_model_destroy(m);
        return 1;
    }
    for (j = 0; j < NLINES; j++) {
        Tstat[j] = top_tension(m, c[j], p->n);
        Tsum[j] = Tc[j] = Ts[j] = 0.0;
        Tmin[j] = 1e300;
        Tmax[j] = -1e300;
    }
    printf("  statics of the spread: fairlead tensions %.4f, %.4f, %.4f kN (the catenary: %.4f kN)\n",
           Tstat[0] / 1e3, Tstat[1] / 1e3, Tstat[2] / 1e3, T0 / 1e3);
    if (p->csv && !(csv = fopen(p->csv, "w"))) {
        perror(p->csv);
        alecable_model_destroy(m);
        return 1;
    }
    if (csv) fprintf(csv, "t,T0_kN,T1_kN,T2_kN,T0_qs_kN,surge_m,heave_m\n");
    h = p->period / p->steps;
    nstep = p->periods * p->steps;
    t_fit0 = (p->periods - p->fit) * p->period;
    alecable_dynamic_options_init(&o);
    o.h = h;
    ex_check(m, alecable_model_integrator(&it, m, &o), "alecable_model_integrator");
    for (i = 0; i <= nstep; i++) {
        double t = i * h, T[NLINES];
        if (i > 0 && (st = alecable_integrator_step(it, h))) {
            printf("  dynamics failed at t = %g s: %s\nresult: status=%d\n", t, alecable_integrator_errmsg(it), st);
            alecable_integrator_destroy(it);
            alecable_model_destroy(m);
            if (csv) fclose(csv);
            return 1;
        }
        if (i > 0) ex_check(m, alecable_model_pull_state(m, it), "alecable_model_pull_state");
        for (j = 0; j < NLINES; j++) T[j] = top_tension(m, c[j], p->n);
        if (csv) {
            double xb[3], R[9], v[3], w[3], a[3], al[3];
            floater(NULL, t, xb, R, v, w, a, al);
            /* line 0's quasi-static tension: the statics' plus the catenary's linear change */
            double Tqs = Tstat[0] - dTdX * cos(th[0]) * xb[0] + dTdZ * (xb[2] - p->zf);
            fprintf(csv, "%.10g,%.10g,%.10g,%.10g,%.10g,%.10g,%.10g\n", t, T[0] / 1e3, T[1] / 1e3, T[2] / 1e3,
                    Tqs / 1e3, xb[0], xb[2] - p->zf);
        }
        if (i > nstep - p->fit * p->steps) { /* the last fit periods: samples (t_fit0, t_end] */
            double ph = p->omega * t;
            for (j = 0; j < NLINES; j++) {
                Tsum[j] += T[j];
                Tc[j] += T[j] * cos(ph);
                Ts[j] += T[j] * sin(ph);
                if (T[j] < Tmin[j]) Tmin[j] = T[j];
                if (T[j] > Tmax[j]) Tmax[j] = T[j];
            }
            nfit++;
        }
    }
    wall = ex_now() - t0;
    alecable_integrator_destroy(it);
    if (csv) {
        fclose(csv);
        printf("  wrote %s\n", p->csv);
    }
    for (j = 0; j < NLINES; j++) {
        Tmean[j] = Tsum[j] / nfit;
        Tamp[j] = 2.0 / nfit * sqrt(Tc[j] * Tc[j] + Ts[j] * Ts[j]);
        rao_dyn[j] = Tamp[j] / p->As;
        printf("  line %d (anchor at %3.0f deg): T mean %.4f kN, %.4f .. %.4f kN, first harmonic %.4f kN; RAO %.4f "
               "kN/m against %.4f quasi-static (ratio %.4f)\n",
               j, th[j] * 180.0 / M_PI, Tmean[j] / 1e3, Tmin[j] / 1e3, Tmax[j] / 1e3, Tamp[j] / 1e3, rao_dyn[j] / 1e3,
               rao_qs[j] / 1e3, rao_dyn[j] / rao_qs[j]);
    }
    printf("  Fourier fit over t in (%g, %g] s (%d samples, %d steps of %g s); %.2f s\n", t_fit0, nstep * h, nfit,
           nstep, h, wall);
    printf("result: status=%d T_static_kN=%.17g T_mean_kN=%.17g T_amp_kN=%.17g T1_amp_kN=%.17g T2_amp_kN=%.17g "
           "rao_dyn=%.6g rao_qs=%.6g rao_ratio=%.6g rao_ratio_1=%.6g surge_m=%.6g heave_m=%.6g kd=%.6g\n",
           status, Tstat[0] / 1e3, Tmean[0] / 1e3, Tamp[0] / 1e3, Tamp[1] / 1e3, Tamp[2] / 1e3, rao_dyn[0] / 1e3,
           rao_qs[0] / 1e3, rao_dyn[0] / rao_qs[0], rao_dyn[1] / rao_qs[1], p->As, p->Ah, p->kwave * p->depth);
    alecable_model_destroy(m);
    return status;
}
