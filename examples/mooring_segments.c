/* A chain-wire-chain mooring line with a clump weight and a buoy: one
 * cable of three sections (alecable_cable_set_section_range), a hydrodynamic
 * load per segment (alecable_load_hydro_set_elements: each its diameter and
 * buoyancy), point bodies at two nodes (alecable_node_point_mass), the anchor
 * fixed and the fairlead attached to a host-driven body (a vessel,
 * alecable_body_prescribe).  Statics first, then a heave of the vessel.
 *
 * The anchor sits at (0, 0, -depth), the fairlead at (x_fairlead, 0, 0)
 * (at the defaults the line rises from the anchor: V_A > 0);
 * from the anchor: the bottom chain, the wire (the buoy at its middle), the
 * top chain; the clump weight at the bottom chain's end.  The seabed is not
 * modelled: the line hangs free between anchor and fairlead.  Axial
 * elements (Green-Lagrange: tension T = EA (F^3 - F)/2 at stretch F),
 * Lagrangian, about --h-element long.
 *
 * Reference of the statics: the continuous line's shape equations.  With w
 * the net weight per unit unstretched length of a segment (weight minus
 * buoyancy) and P_j the net weights of the point bodies at s_j, the tension
 * (H, V(s)) has H constant and V(s) = V_A + int_0^s w + sum_(s_j < s) P_j; the
 * line is x(s) = int F(T) H / T ds, z(s) = -depth + int F(T) V / T ds,
 * T = |(H, V)|.  The integrals are taken piecewise (between segment ends
 * and bodies) by 32-point Gauss rules, and (H, V_A) solved by Newton so
 * that the line ends at the fairlead.  The elements converge to it as h^2:
 * H_err_rel and V_err_rel are the fairlead's horizontal and vertical
 * tension against it (the elements' lumped weights: V at the fairlead is
 * the top element's plus half its net weight).  H_spread_rel: the
 * horizontal tension of every element against their mean (no horizontal
 * load in statics: rounding).  At the defaults H_err_rel = 2.3e-4 and
 * V_err_rel = 1.5e-4 with 2.5 m elements, a quarter of that at each halving
 * of --h-element (the h^2 of linear elements' lumped weights); status=0
 * asks 1e-3 of both and 1e-8 of the spread.
 *
 * Dynamics: the vessel heaves z = A (1 - cos(2 pi t / T))/2 (from rest),
 * Morison drag and added mass on every segment and drag on the buoy, in
 * still water; the fairlead tension's range and how closely the fairlead
 * follows the vessel (fairlead_err) and the anchor holds (anchor_err). */
#include "common.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct params {
    double depth, x_fairlead, L_bottom, L_wire, L_top, h_el;
    double w_chain, EA_chain, d_chain, w_wire, EA_wire, d_wire, rho_f, g;
    double clump_mass, clump_volume, buoy_mass, buoy_volume, buoy_drag;
    double heave, period, t_end, dt;
} params;

/* net weight per unit unstretched length of segment k (0 bottom chain, 1 wire, 2 top chain) */
static double net_w(const params *p, int k)
{
    double d = k == 1 ? p->d_wire : p->d_chain, w = k == 1 ? p->w_wire : p->w_chain;
    return (w - p->rho_f * M_PI * d * d / 4.0) * p->g;
}

/* stretch F of tension T: EA (F^3 - F)/2 = T */
static double stretch(double EA, double T)
{
    double F = 1.0 + T / EA;
    int i;
    for (i = 0; i < 60; i++) {
        double r = 0.5 * EA * (F * F * F - F) - T;
        F -= r / (0.5 * EA * (3.0 * F * F - 1.0));
        if (fabs(r) <= 1e-15 * (fabs(T) + EA)) break;
    }
    return F;
}

/* The reference line's end for (H, V_A): x, z at s = L */
static void shape_end(const params *p, double H, double VA, double *x, double *z)
{
    static const double gx[16] = {0.0483076656877383, 0.1444719615827965, 0.2392873622521371, 0.3318686022821277,
                                  0.4213512761306353, 0.5068999089322294, 0.5877157572407623, 0.6630442669302152,
                                  0.7321821187402897, 0.7944837959679424, 0.8493676137325700, 0.8963211557660521,
                                  0.9349060759377397, 0.9647622555875064, 0.9856115115452684, 0.9972638618494816};
    static const double gw[16] = {0.0965400885147278, 0.0956387200792749, 0.0938443990808046, 0.0911738786957639,
                                  0.0876520930044038, 0.0833119242269467, 0.0781938957870703, 0.0723457941088485,
                                  0.0658222227763618, 0.0586840934785355, 0.0509980592623762, 0.0428358980222267,
                                  0.0342738629130214, 0.0253920653092621, 0.0162743947309057, 0.0070186100094701};
    /* pieces: bottom chain, wire to the buoy, wire after it, top chain; the clump after the bottom chain */
    double len[4] = {p->L_bottom, 0.5 * p->L_wire, 0.5 * p->L_wire, p->L_top};
    int seg[4] = {0, 1, 1, 2}, k, i, sgn;
    double V0 = VA, X = 0.0, Z = -p->depth;
    for (k = 0; k < 4; k++) {
        double w = net_w(p, seg[k]), EA = seg[k] == 1 ? p->EA_wire : p->EA_chain, hl = 0.5 * len[k];
        for (i = 0; i < 16; i++)
            for (sgn = -1; sgn <= 1; sgn += 2) {
                double s = hl + sgn * hl * gx[i], V = V0 + w * s, T = sqrt(H * H + V * V), F = stretch(EA, T);
                X += hl * gw[i] * F * H / T;
                Z += hl * gw[i] * F * V / T;
            }
        V0 += w * len[k];
        if (k == 0) V0 += (p->clump_mass - p->rho_f * p->clump_volume) * p->g;
        if (k == 1) V0 += (p->buoy_mass - p->rho_f * p->buoy_volume) * p->g;
    }
    *x = X;
    *z = Z;
}

/* Newton on (H, V_A) from a start; returns 0 when the end meets the fairlead to 1e-12 */
static int reference(const params *p, double *H, double *VA)
{
    int it;
    for (it = 0; it < 50; it++) {
        double x, z, xh, zh, xv, zv, dh = 1e-6 * *H, dv = 1e-6 * (fabs(*VA) + *H), r0, r1, J[4], det, d0, d1;
        shape_end(p, *H, *VA, &x, &z);
        r0 = x - p->x_fairlead;
        r1 = z;
        if (fabs(r0) + fabs(r1) <= 1e-12 * p->depth) return 0;
        shape_end(p, *H + dh, *VA, &xh, &zh);
        shape_end(p, *H, *VA + dv, &xv, &zv);
        J[0] = (xh - x) / dh;
        J[1] = (xv - x) / dv;
        J[2] = (zh - z) / dh;
        J[3] = (zv - z) / dv;
        det = J[0] * J[3] - J[1] * J[2];
        d0 = (J[3] * r0 - J[1] * r1) / det;
        d1 = (-J[2] * r0 + J[0] * r1) / det;
        *H -= d0;
        *VA -= d1;
        if (!(*H > 0.0)) return 1;
    }
    return 1;
}

static params P; /* the heave's parameters for the host's callback */

static int vessel(void *user, double t, double x[3], double R[9], double v[3], double w[3], double a[3],
                  double alpha[3])
{
    double om = 2.0 * M_PI / P.period;
    (void)user;
    memset(R, 0, 9 * sizeof(double));
    R[0] = R[4] = R[8] = 1.0;
    x[0] = P.x_fairlead;
    x[1] = 0.0;
    x[2] = 0.5 * P.heave * (1.0 - cos(om * t));
    v[0] = v[1] = a[0] = a[1] = 0.0;
    v[2] = 0.5 * P.heave * om * sin(om * t);
    a[2] = 0.5 * P.heave * om * om * cos(om * t);
    w[0] = w[1] = w[2] = alpha[0] = alpha[1] = alpha[2] = 0.0;
    return 0;
}

/* a circular arc of length L from a to b in the x-z plane, sagging (its
 * bulge below the chord): the start, each element about its length */
static void arc_point(const double a[3], const double b[3], double L, double u, double x[3])
{
    double c = sqrt((b[0] - a[0]) * (b[0] - a[0]) + (b[2] - a[2]) * (b[2] - a[2])), lo = 1e-9, hi = M_PI, th, R, e[2],
           n[2], ctr[2], ang;
    int i;
    for (i = 0; i < 200; i++) { /* the half angle th: L = 2 R th, c = 2 R sin th, so sin th / th = c / L */
        th = 0.5 * (lo + hi);
        if (sin(th) / th > c / L) lo = th;
        else hi = th;
    }
    th = 0.5 * (lo + hi);
    R = c / (2.0 * sin(th));
    e[0] = (b[0] - a[0]) / c;
    e[1] = (b[2] - a[2]) / c;
    n[0] = e[1]; /* normal to the chord, pointing down */
    n[1] = -e[0];
    if (n[1] > 0.0) {
        n[0] = -n[0];
        n[1] = -n[1];
    }
    ctr[0] = 0.5 * (a[0] + b[0]) - n[0] * R * cos(th);
    ctr[1] = 0.5 * (a[2] + b[2]) - n[1] * R * cos(th);
    ang = -th + 2.0 * th * u;
    x[0] = ctr[0] + R * (n[0] * cos(ang) + e[0] * sin(ang));
    x[1] = 0.0;
    x[2] = ctr[1] + R * (n[1] * cos(ang) + e[1] * sin(ang));
}

int main(int argc, char **argv)
{
    params *p = &P;
    alecable_model *m;
    alecable_cable *c;
    alecable_section sw, sc;
    alecable_body_params bp;
    alecable_body *ves;
    alecable_point_mass_params pm;
    alecable_node *anchor, *fair;
    alecable_quasistatic_options qo;
    alecable_solve_report rep;
    double g3[3], xa[3], xf[3], L, H_fe = 0.0, VF_fe, Hmin = 1e300, Hmax = -1e300, V_first, V_last, H_ref, VA_ref, VF_ref,
           H_err, V_err, spread, Tmin = 1e300, Tmax = -1e300, ferr = 0.0, aerr = 0.0;
    int rc, nb, nw, nt, ne, i, k, st, status = 0;
    ex_opt opts[] = {
        {"--depth", 'd', &p->depth, "depth of the anchor below the fairlead [m]"},
        {"--x-fairlead", 'd', &p->x_fairlead, "horizontal distance anchor - fairlead [m]"},
        {"--bottom-chain", 'd', &p->L_bottom, "length of the bottom chain [m]"},
        {"--wire", 'd', &p->L_wire, "length of the wire [m]"},
        {"--top-chain", 'd', &p->L_top, "length of the top chain [m]"},
        {"--h-element", 'd', &p->h_el, "element length (at most) [m]"},
        {"--chain-mass", 'd', &p->w_chain, "chain mass per unit length [kg/m]"},
        {"--chain-EA", 'd', &p->EA_chain, "chain axial stiffness [N]"},
        {"--chain-diameter", 'd', &p->d_chain, "chain hydrodynamic diameter [m]"},
        {"--wire-mass", 'd', &p->w_wire, "wire mass per unit length [kg/m]"},
        {"--wire-EA", 'd', &p->EA_wire, "wire axial stiffness [N]"},
        {"--wire-diameter", 'd', &p->d_wire, "wire hydrodynamic diameter [m]"},
        {"--clump-mass", 'd', &p->clump_mass, "clump weight's mass [kg] (at the bottom chain's end)"},
        {"--clump-volume", 'd', &p->clump_volume, "clump weight's displaced volume [m^3]"},
        {"--buoy-mass", 'd', &p->buoy_mass, "buoy's mass [kg] (at the wire's middle)"},
        {"--buoy-volume", 'd', &p->buoy_volume, "buoy's displaced volume [m^3]"},
        {"--buoy-drag", 'd', &p->buoy_drag, "buoy's drag coefficient times area C_d A [m^2]"},
        {"--rho-f", 'd', &p->rho_f, "water density [kg/m^3]"},
        {"--heave", 'd', &p->heave, "vessel heave, peak to peak [m]"},
        {"--period", 'd', &p->period, "heave period [s]"},
        {"--t-end", 'd', &p->t_end, "duration of the heave [s] (0: statics only)"},
        {"--dt", 'd', &p->dt, "time step [s]"},
        {NULL, 0, NULL, NULL}};
    memset(p, 0, sizeof *p);
    p->depth = 100.0;
    p->x_fairlead = 135.0;
    p->L_bottom = 40.0;
    p->L_wire = 100.0;
    p->L_top = 30.0;
    p->h_el = 2.5;
    p->w_chain = 150.0;
    p->EA_chain = 8e8;
    p->d_chain = 0.18;
    p->w_wire = 40.0;
    p->EA_wire = 6e8;
    p->d_wire = 0.09;
    p->clump_mass = 3000.0;
    p->clump_volume = 0.4;
    p->buoy_mass = 500.0;
    p->buoy_volume = 3.0;
    p->buoy_drag = 1.0;
    p->rho_f = 1025.0;
    p->g = 9.81;
    p->heave = 2.0;
    p->period = 12.0;
    p->t_end = 24.0;
    p->dt = 0.05;
    rc = ex_parse(argc, argv, opts,
                  "A chain-wire-chain mooring line with a clump weight and a buoy: statics against the line's "
                  "shape equations, then a heave of the fairlead's vessel.");
    if (rc) return rc > 0 ? 0 : 2;
    if (!(p->depth > 0) || !(p->x_fairlead > 0) || !(p->L_bottom > 0) || !(p->L_wire > 0) || !(p->L_top > 0) ||
        !(p->h_el > 0) || !(p->w_chain > 0) || !(p->w_wire > 0) || !(p->EA_chain > 0) || !(p->EA_wire > 0) ||
        !(p->d_chain > 0) || !(p->d_wire > 0) || !(p->rho_f >= 0) || !(p->dt > 0) || !(p->t_end >= 0) ||
        !(p->period > 0) || !(p->clump_mass >= 0) || !(p->clump_volume >= 0) || !(p->buoy_mass >= 0) ||
        !(p->buoy_volume >= 0) || !(p->buoy_drag >= 0) || !isfinite(p->heave) ||
        (p->L_bottom + p->L_wire + p->L_top) / p->h_el > 1e5 || p->t_end / p->dt > 1e7) {
        fprintf(stderr, "mooring_segments: lengths, masses, stiffnesses, diameters, --h-element, --dt and --period "
                        "must be > 0, volumes and --t-end >= 0\n");
        return 2;
    }
    L = p->L_bottom + p->L_wire + p->L_top;
    xa[0] = 0.0;
    xa[1] = 0.0;
    xa[2] = -p->depth;
    xf[0] = p->x_fairlead;
    xf[1] = 0.0;
    xf[2] = 0.0;
    if (!(L > sqrt(p->x_fairlead * p->x_fairlead + p->depth * p->depth))) {
        fprintf(stderr, "mooring_segments: the line (%g m) must be longer than the chord\n", L);
        return 2;
    }
    nb = (int)ceil(p->L_bottom / p->h_el);
    nw = 2 * (int)ceil(0.5 * p->L_wire / p->h_el); /* even: the buoy at the middle node */
    nt = (int)ceil(p->L_top / p->h_el);
    ne = nb + nw + nt;

    ex_check(NULL, alecable_model_create(&m, NULL), "alecable_model_create");
    g3[0] = g3[1] = 0.0;
    g3[2] = -p->g;
    ex_check(m, alecable_model_set_gravity(m, g3), "alecable_model_set_gravity");
    /* sections: A the hydrodynamic diameter's area, E and rho from EA and the mass per length */
    alecable_section_init(&sw);
    sw.A = M_PI * p->d_wire * p->d_wire / 4.0;
    sw.E = p->EA_wire / sw.A;
    sw.rho = p->w_wire / sw.A;
    alecable_section_init(&sc);
    sc.A = M_PI * p->d_chain * p->d_chain / 4.0;
    sc.E = p->EA_chain / sc.A;
    sc.rho = p->w_chain / sc.A;
    ex_check(m, alecable_cable_create(&c, m, ALECABLE_ELEMENT_AXIAL, &sw), "alecable_cable_create");
    ex_check(m, alecable_cable_set_lagrangian(c, 1), "alecable_cable_set_lagrangian");
    for (i = 0; i <= ne; i++) { /* nodes on an arc of the line's length, s by segment */
        double s, x[3];
        if (i <= nb) s = p->L_bottom * i / nb;
        else if (i <= nb + nw) s = p->L_bottom + p->L_wire * (i - nb) / nw;
        else s = p->L_bottom + p->L_wire + p->L_top * (i - nb - nw) / nt;
        arc_point(xa, xf, L, s / L, x);
        if (i == 0) memcpy(x, xa, sizeof x);
        if (i == ne) memcpy(x, xf, sizeof x);
        ex_check(m, alecable_cable_add_node(NULL, c, x, s), "alecable_cable_add_node");
    }
    ex_check(m, alecable_cable_set_section_range(c, 0, nb, &sc), "alecable_cable_set_section_range");
    ex_check(m, alecable_cable_set_section_range(c, nb + nw, nt, &sc), "alecable_cable_set_section_range");
    { /* one hydrodynamic load per segment: its diameter */
        alecable_hydro_params hp;
        alecable_load *l;
        int first[3] = {0, nb, nb + nw}, count[3] = {nb, nw, nt};
        for (k = 0; k < 3; k++) {
            alecable_hydro_params_init(&hp);
            hp.rho_f = p->rho_f;
            hp.diameter = k == 1 ? p->d_wire : p->d_chain;
            if (k != 1) hp.C_dn = 2.4; /* chain */
            hp.stiff = 1;
            ex_check(m, alecable_load_hydro(&l, m, c, &hp), "alecable_load_hydro");
            ex_check(m, alecable_load_hydro_set_elements(l, first[k], count[k]), "alecable_load_hydro_set_elements");
        }
    }
    { /* the point bodies */
        alecable_node *n;
        alecable_point_mass_params_init(&pm);
        pm.rho_f = p->rho_f;
        pm.mass = p->clump_mass;
        pm.volume = p->clump_volume;
        ex_check(m, alecable_cable_node(&n, c, nb), "alecable_cable_node");
        if (pm.mass > 0 || pm.volume > 0) ex_check(m, alecable_node_point_mass(NULL, n, &pm), "alecable_node_point_mass");
        pm.mass = p->buoy_mass;
        pm.volume = p->buoy_volume;
        pm.drag_area = p->buoy_drag;
        pm.added_mass = p->rho_f * p->buoy_volume; /* C_a = 1 */
        ex_check(m, alecable_cable_node(&n, c, nb + nw / 2), "alecable_cable_node");
        if (pm.mass > 0 || pm.volume > 0) ex_check(m, alecable_node_point_mass(NULL, n, &pm), "alecable_node_point_mass");
    }
    ex_check(m, alecable_cable_node(&anchor, c, 0), "alecable_cable_node");
    for (k = ALECABLE_DOF_X; k <= ALECABLE_DOF_Z; k++) ex_check(m, alecable_fix(NULL, m, anchor, k), "alecable_fix");
    for (i = 1; i < ne; i++) { /* a planar line */
        alecable_node *n;
        ex_check(m, alecable_cable_node(&n, c, i), "alecable_cable_node");
        ex_check(m, alecable_fix(NULL, m, n, ALECABLE_DOF_Y), "alecable_fix");
    }
    alecable_body_params_init(&bp);
    memcpy(bp.position, xf, sizeof xf);
    bp.mass = 1e6;
    ex_check(m, alecable_body_create(&ves, m, &bp), "alecable_body_create");
    ex_check(m, alecable_body_prescribe(NULL, m, ves, vessel, NULL), "alecable_body_prescribe");
    ex_check(m, alecable_cable_node(&fair, c, ne), "alecable_cable_node");
    {
        double o[3] = {0, 0, 0};
        ex_check(m, alecable_attach(NULL, m, fair, ves, o, 0), "alecable_attach");
    }

    printf("mooring_segments: %g m of chain, %g m of wire, %g m of chain (%d + %d + %d axial elements); anchor %g m "
           "below and %g m from the fairlead\n",
           p->L_bottom, p->L_wire, p->L_top, nb, nw, nt, p->depth, p->x_fairlead);
    printf("  clump %g kg (%g m^3) at the bottom chain's end, buoy %g kg (%g m^3) at the wire's middle\n", p->clump_mass,
           p->clump_volume, p->buoy_mass, p->buoy_volume);
    alecable_quasistatic_options_init(&qo);
    qo.load_steps = 5;
    alecable_solve_report_init(&rep);
    st = alecable_solve_quasistatic(m, &qo, &rep);
    if (st) {
        printf("  statics failed: %s\nresult: status=%d\n", alecable_model_errmsg(m), st);
        alecable_model_destroy(m);
        return 1;
    }
    /* the elements' tensions: H of each, V of the first and last */
    V_first = V_last = 0.0;
    for (i = 0; i < ne; i++) {
        alecable_element *e;
        alecable_node *na, *nbd;
        double N, x0[3], x1[3], d[3], l, h;
        ex_check(m, alecable_cable_element(&e, c, i), "alecable_cable_element");
        ex_check(m, alecable_element_axial_force(e, &N), "alecable_element_axial_force");
        ex_check(m, alecable_cable_node(&na, c, i), "alecable_cable_node");
        ex_check(m, alecable_cable_node(&nbd, c, i + 1), "alecable_cable_node");
        ex_check(m, alecable_node_position(na, x0), "alecable_node_position");
        ex_check(m, alecable_node_position(nbd, x1), "alecable_node_position");
        for (k = 0; k < 3; k++) d[k] = x1[k] - x0[k];
        l = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
        h = N * d[0] / l;
        H_fe += h / ne;
        if (h < Hmin) Hmin = h;
        if (h > Hmax) Hmax = h;
        if (i == 0) V_first = N * d[2] / l;
        if (i == ne - 1) V_last = N * d[2] / l;
    }
    spread = (Hmax - Hmin) / H_fe;
    /* the reference from the elements' H and the anchor's V (extrapolated by half an element) */
    H_ref = H_fe;
    VA_ref = V_first - 0.5 * net_w(p, 0) * p->L_bottom / nb;
    if (reference(p, &H_ref, &VA_ref)) {
        printf("  the reference's Newton did not converge\nresult: status=1\n");
        alecable_model_destroy(m);
        return 1;
    }
    VF_ref = VA_ref + net_w(p, 0) * p->L_bottom + net_w(p, 1) * p->L_wire + net_w(p, 2) * p->L_top +
             (p->clump_mass - p->rho_f * p->clump_volume) * p->g + (p->buoy_mass - p->rho_f * p->buoy_volume) * p->g;
    VF_fe = V_last + 0.5 * net_w(p, 2) * p->L_top / nt;
    H_err = fabs(H_fe - H_ref) / H_ref;
    V_err = fabs(VF_fe - VF_ref) / fabs(VF_ref);
    printf("  statics (%d load steps): fairlead H = %.4f kN, V = %.4f kN; anchor V = %.4f kN\n", qo.load_steps,
           H_fe / 1e3, VF_fe / 1e3, (V_first - 0.5 * net_w(p, 0) * p->L_bottom / nb) / 1e3);
    printf("  shape equations: H = %.4f kN, V_fairlead = %.4f kN, V_anchor = %.4f kN; relative errors H %.2e, "
           "V %.2e; H along the line constant to %.1e\n",
           H_ref / 1e3, VF_ref / 1e3, VA_ref / 1e3, H_err, V_err, spread);
    if (H_err > 1e-3 || V_err > 1e-3 || spread > 1e-8) status = 1;

    if (p->t_end > 0) {
        alecable_dynamic_options o;
        alecable_integrator *it;
        int steps = (int)ceil(p->t_end / p->dt - 1e-9), s;
        alecable_dynamic_options_init(&o);
        o.h = p->dt;
        ex_check(m, alecable_model_integrator(&it, m, &o), "alecable_model_integrator");
        for (s = 1; s <= steps; s++) {
            double N, x[3], xd[3], R[9], v[3], w[3], a[3], al[3], t = s * p->dt;
            alecable_element *e;
            if ((st = alecable_integrator_step(it, p->dt))) {
                printf("  dynamics failed at t = %g s: %s\nresult: status=%d\n", t, alecable_integrator_errmsg(it), st);
                alecable_integrator_destroy(it);
                alecable_model_destroy(m);
                return 1;
            }
            ex_check(m, alecable_model_pull_state(m, it), "alecable_model_pull_state");
            ex_check(m, alecable_cable_element(&e, c, ne - 1), "alecable_cable_element");
            ex_check(m, alecable_element_axial_force(e, &N), "alecable_element_axial_force");
            if (N < Tmin) Tmin = N;
            if (N > Tmax) Tmax = N;
            vessel(NULL, t, xd, R, v, w, a, al);
            ex_check(m, alecable_node_position(fair, x), "alecable_node_position");
            for (k = 0; k < 3; k++) ferr = fmax(ferr, fabs(x[k] - xd[k]));
            ex_check(m, alecable_node_position(anchor, x), "alecable_node_position");
            for (k = 0; k < 3; k++) aerr = fmax(aerr, fabs(x[k] - xa[k]));
        }
        alecable_integrator_destroy(it);
        printf("  heave %g m over %g s (%d steps of %g s): top chain tension %.3f .. %.3f kN; the fairlead follows the "
               "vessel to %.1e m, the anchor holds to %.1e m\n",
               p->heave, p->t_end, steps, p->dt, Tmin / 1e3, Tmax / 1e3, ferr, aerr);
        if (ferr > 1e-6 || aerr > 1e-9) status = 1;
        printf("result: status=%d H_kN=%.6f V_kN=%.6f H_err_rel=%.2e V_err_rel=%.2e H_spread_rel=%.1e T_min_kN=%.4f "
               "T_max_kN=%.4f fairlead_err=%.1e anchor_err=%.1e\n",
               status, H_fe / 1e3, VF_fe / 1e3, H_err, V_err, spread, Tmin / 1e3, Tmax / 1e3, ferr, aerr);
    } else
        printf("result: status=%d H_kN=%.6f V_kN=%.6f H_err_rel=%.2e V_err_rel=%.2e H_spread_rel=%.1e\n", status,
               H_fe / 1e3, VF_fe / 1e3, H_err, V_err, spread);
    alecable_model_destroy(m);
    return status;
}
