/* A mooring line with part of its length on a frictionless flat seabed
 * (issue 26), solved by statics (alecable_solve_quasistatic) and compared
 * with the elastic catenary with seabed contact.
 *
 * The line: anchor on the seabed z = 0 at the origin, fairlead at (X, 0, Z),
 * unstretched length L, weight w per unit unstretched length, axial
 * stiffness EA; the seabed a penalty k per unit length (alecable_load_seabed).
 *
 * Closed form (Jonkman 2007, NREL/TP-500-41958, sec. 4.2; derived here).
 * Without drag the horizontal tension H is constant along the line (no
 * horizontal load on a frictionless bottom).  The suspended part is the
 * unstretched length L_s = V_F/w next to the fairlead (V_F the fairlead's
 * vertical tension: it carries the weight of the suspended part), the
 * grounded part L_B = L - V_F/w >= 0 lies straight on the bottom with
 * tension H.  On the suspended part, s measured from the touchdown,
 * V(s) = w s, T = sqrt(H^2 + V^2), and a particle stretches by T/EA:
 *     dx/ds = (H/T)(1 + T/EA),  dz/ds = (V/T)(1 + T/EA).
 * Integrating from 0 to L_s, and the grounded part's H L_B/EA:
 *     X = L - V_F/w + (H/w) asinh(V_F/H) + H L/EA
 *     Z = (H/w) (sqrt(1 + (V_F/H)^2) - 1) + V_F^2/(2 w EA).
 * Given (X, Z) both are solved for (H, V_F) by Newton's method below (its
 * own code, analytic Jacobian).  The touchdown lies at x_td = L_B (1 + H/EA).
 *
 * Errors.  The penalty lets the line sink by w/k on the bottom: the
 * closed form with Z + w/k estimates that error (printed as penalty_err).
 * The mesh: the line is also solved on half the elements, and the change
 * estimates the discretization error (mesh_err; the touchdown point is
 * resolved to the element length).  "Converged" means both estimates are
 * below the 1e-6 asked for H and V.  Fine meshes are reached by --refine K
 * (a refinement sequence, each mesh started from the last one's solution:
 * Newton from the slack start stalls beyond ~800 elements, the contact set
 * switching Gauss point by Gauss point).  Measured (--load-steps 1
 * --stiffness 1e10, --refine 1 .. 4): H_err_rel 6.1e-6, 6.2e-6, -5.5e-8,
 * 1.5e-6 and V_err_rel 1.8e-6, 1.7e-6, -3.2e-8, 3.8e-7 at 800, 1600, 3200,
 * 6400 elements (penalty_err 2e-8): the mesh's error does not fall
 * smoothly (it changes with where the touchdown falls in its element), so
 * no Richardson extrapolation; it is about 1e-6 from 3200 elements on.
 *
 * --seabed node: the touchdown as a node of the ALE line.  The nodes 0 .. k
 * are held on the bottom z = 0 (bilateral: frictionless, no penalty, so no
 * sinking), node k's material coordinate s_k is free, and the other nodes'
 * s are tied to it (linear constraints) so that the grounded part [0, s_k]
 * and the suspended part [s_k, L] each keep equal elements.  Where the
 * bottom stops holding the line is then an unknown of the discrete
 * potential W: its stationarity in s_k (the ALE material equation of node
 * k, with the tie rows' reactions: the whole mesh family's derivative) is
 * the free boundary's condition, the discrete counterpart of the continuum's
 * (the line leaves the bottom tangentially, without a concentrated force:
 * the bottom's reaction at node k is O(h), measured 72.3, 35.5, 17.6 N at
 * 200, 400, 800 elements, 0.27 of half an element's weight).  Nothing
 * is discontinuous inside an element, so the error is a smooth function of
 * h (measured order 2.02-2.08), and the Richardson extrapolation of two
 * meshes (order 2) removes it: with 800 elements H 3.2e-7, V 1.2e-7
 * relative (1600: 4.9e-7, 1.2e-7); without extrapolation 6400 elements
 * give H 6.8e-7, V 1.7e-7.  What remains is the material law: the axial
 * element is a Green-strain (Saint Venant-Kirchhoff) cable, T = EA F (F^2
 * - 1)/2, the closed form above is Hooke's T = EA (F - 1); the closed form
 * with the element's law (to second order in T/EA: dx/ds and dz/ds get
 * -1.5 (T/EA)^2 (H/T, V/T)) differs by law_err = 5.1e-7, and against it
 * the extrapolation is 1.5e-6, 1.9e-7, 2.4e-8 at 400, 800, 1600
 * elements.  The contact stays unilateral: checked (unilateral=1) that
 * every held node is pressed and every free node above the bottom.  k is
 * the slack start's last grounded node on the coarsest mesh, at most 400
 * elements, solved from the slack start (44-133 Newton iterations), and
 * each finer mesh (elements halved) from the coarser one's solution (11-16
 * iterations each, to 6400 elements: H 6.8e-7, V 1.7e-7 without
 * extrapolation, observed order 2.005).  From the slack start Newton fails
 * at 1600 elements (--chain 0; 646 iterations, ENOCONV).
 *
 * With --friction C_B > 0 the seabed also has axial friction (regularized:
 * alecable_seabed_params.mu_axial = C_B, law SQRT, eps 1e-3 m/s) and the
 * program prints the closed form with fully mobilized friction (the
 * tension falls by C_B w per unit length from the touchdown towards the
 * anchor, never below 0; Jonkman 2007 sec. 4.2): X gets
 *     + (C_B w / (2 EA)) (-L_B^2 + (L_B - H/(C_B w)) max(L_B - H/(C_B w), 0)).
 * The library does not reach that state, and the program shows it: the
 * regularized law is a force of the particles' velocity, zero at rest, so
 * statics (no velocity) gives the frictionless line whatever C_B (the
 * result line's errors are then against the frictionless closed form, and
 * mobilized_H_rel says how far the mobilized one is).  Dynamics does not
 * reach it either: the closed form is the state of a line pulled taut from
 * a slack grounded part at zero tension, every grounded particle having
 * slid towards the fairlead; from an equilibrium at tension H0 a pull only
 * adds max(H - C_B w (x_td - x), H0), and once the pull stops the
 * regularized force fades with the velocity (below eps) and the line
 * creeps back towards the frictionless state.  Holding the mobilized
 * tension at rest needs a stick law: --seabed node has it.
 *
 * --seabed node --friction C_B: paper 004's stick/slip on the bottom's
 * axial direction (alecable_seabed_friction(): each grounded node but the
 * anchor a contact whose normal force is its bottom row's pressing force,
 * its slip the material's travel along the line since the last converged
 * step), and the errors (H_err_rel, V_err_rel, touchdown_err_m,
 * T_bottom_err_rel, the Richardson keys) against the closed form with
 * friction above.  The loading path, and why the closed form holds at its
 * end: the line is first solved without friction with the fairlead at
 * X - pull (the tension H0 all along the bottom), then the contacts start
 * (stuck, at that state) and the fairlead is pulled out to X in
 * --pull-steps steps, one statics solve each (the host moves the fairlead,
 * alecable_prescribe_motion(); the friction's history commits after each).
 * The pull raises the touchdown's tension; the grounded part slides towards
 * the fairlead from the touchdown on, where it slides the tension falls by
 * C_B w per unit length (Coulomb's limit), and the part beyond the slip
 * front stays stuck at H0.  The front reaches the anchor when
 * H - C_B w L_B exceeds H0; from then on every grounded point slides (each
 * step raises the tension everywhere by the same amount, so every
 * particle's displacement grows towards the fairlead) and the tension is
 * exactly the fully mobilized one, T = H - C_B w (s_td - s) > 0: the closed
 * form's regime (slip_regime=full: that, and every contact slipping at
 * the last step).  Short of it (slip_regime=partial) the program says so
 * and the errors are against a form that does not hold.  The default line
 * (X = 90 m) is partial from C_B = 0.006 up (0.006: the closed form's
 * condition holds, but at 128 elements 15 of 92 contacts stay stuck):
 * --fairlead-x 100 --friction 0.05 (L_B 55 m, H 40.1 kN from H0 35.7 kN)
 * is full.  Discretization: the friction is lumped at the nodes (mu N_i, N_i
 * about w h), so each grounded element carries the continuum's tension at
 * its midpoint and the grounded stretch is the midpoint rule's: the error
 * is smooth in h, measured order 1.98 on H (100, 200, 400 elements: H
 * 1.9e-4, 5.5e-5, 2.0e-5), and the Richardson extrapolation of 200 and 400
 * elements is H 1.9e-7, V 1.0e-7 (400, 800: 6.3e-8, 2.7e-8; 14 s) against
 * the closed form with friction and
 * the element's Green-strain law (law_err: the Green correction, with the
 * grounded part's integral of T^2 over the linear fall, is 8.4e-6 here),
 * against Hooke's form H 8.5e-6, V 3.5e-6 (that is the law).  The anchor's
 * tension (anchor_T_err_rel) is read from the two first elements (the
 * first element's less half their difference: the anchor's half element
 * has no contact): 2.8e-5, -1.2e-5 relative at 128, 400 elements, not a
 * smooth series (no extrapolation of it is claimed).  The touchdown node's
 * bottom row pulls with friction, by O(h) (-247, -150, -82 N at 32, 64, 128
 * elements: its contact then has no normal force and its element no
 * friction), so the unilateral check skips it with friction and prints its
 * force (touchdown_N).  The pull's Newton iterations grow with the mesh
 * (a stuck contact ahead of the slip front holds the load in the stick
 * branch's Jacobian, the front advances a few nodes per iteration): up to
 * 4 k iterations per step are allowed (k the touchdown node).
 */
#include "common.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct params {
    double L, X, Z, w, EA, EI, k, CB, eps, pull;
    int n, steps, kind, node, chain, green, maxit, psteps;
    const char *start, *csv;
} params;

/* ------------------------------------------------------------------------ */
/* the closed form                                                           */

/* residuals of the two equations; fr = the friction term of X */
static void cf_eval(const params *p, double X, double Z, double H, double V, double F[2], double J[4])
{
    double w = p->w, EA = p->EA, r = V / H, q = sqrt(1.0 + r * r), LB = p->L - V / w, fx = 0.0, dfH = 0.0, dfV = 0.0;
    if (p->CB > 0.0 && LB > 0.0) {
        double c = p->CB * w / (2.0 * EA), lam = H / (p->CB * w), d = LB - lam;
        fx = c * (-LB * LB + (d > 0.0 ? d * d : 0.0));
        /* dLB/dV = -1/w, dlam/dH = 1/(C_B w) */
        dfV = c * (2.0 * LB / w + (d > 0.0 ? -2.0 * d / w : 0.0));
        dfH = c * (d > 0.0 ? -2.0 * d / (p->CB * w) : 0.0);
    }
    F[0] = p->L - V / w + H / w * asinh(r) + H * p->L / EA + fx - X;
    F[1] = H / w * (q - 1.0) + V * V / (2.0 * w * EA) - Z;
    if (p->green) { /* the axial element's law: T = EA F (F^2 - 1)/2, F = 1 + T/EA - 1.5 (T/EA)^2 + O((T/EA)^3) */
        double TF = H * q, c = 1.5 / (EA * EA), TA = p->CB > 0.0 ? H - p->CB * w * LB : H, T2 = H * H * LB;
        /* the grounded part's integral of T^2: with friction T falls linearly from H to TA (> 0) */
        if (LB <= 0.0) T2 = 0.0;
        else if (p->CB > 0.0) T2 = (H * H * H - fmax(TA, 0.0) * fmax(TA, 0.0) * fmax(TA, 0.0)) / (3.0 * p->CB * w);
        F[0] -= c * (H * (V * TF + H * H * asinh(r)) / (2.0 * w) + T2);
        F[1] -= c * (TF * TF * TF - H * H * H) / (3.0 * w);
    }
    /* d asinh(r)/dH = -r/(H q), /dV = 1/(H q) */
    J[0] = asinh(r) / w - r / (w * q) + p->L / EA + dfH;
    J[1] = -1.0 / w + 1.0 / (w * q) + dfV;
    J[2] = (q - 1.0) / w - r * r / (w * q);
    J[3] = r / (w * q) + V / (w * EA);
}

/* H, V_F for the fairlead at (X, Z); 0, or -1 when Newton fails or the
 * line does not reach the bottom (L_B < 0) */
static int closed_form(const params *p, double X, double Z, double *H, double *V)
{
    double h = 0.1 * p->w * p->L, v = 0.5 * p->w * p->L, F[2], J[4];
    int it;
    for (it = 0; it < 200; it++) {
        double det, dh, dv, t = 1.0;
        cf_eval(p, X, Z, h, v, F, J);
        det = J[0] * J[3] - J[1] * J[2];
        dh = -(J[3] * F[0] - J[1] * F[1]) / det;
        dv = -(-J[2] * F[0] + J[0] * F[1]) / det;
        while (h + t * dh <= 0.0 || v + t * dv <= 0.0) t *= 0.5; /* stay where the forms hold */
        h += t * dh;
        v += t * dv;
        if (fabs(dh) < 1e-15 * h && fabs(dv) < 1e-15 * v) break;
    }
    cf_eval(p, X, Z, h, v, F, J);
    *H = h;
    *V = v;
    return (fabs(F[0]) < 1e-9 * p->L && fabs(F[1]) < 1e-9 * p->L && p->L - v / p->w >= 0.0) ? 0 : -1;
}

/* ------------------------------------------------------------------------ */
/* the library's line                                                        */

typedef struct result {
    int status;
    double H, V, x_td, s_td, grounded, T_bottom, pen, wall;
    int unilateral; /* --seabed node: every grounded node pressed, every suspended one above the bottom */
    int folded;     /* an element reversed against its neighbour (a Z-fold) */
    double T_min;   /* the smallest element tension (negative: compressed) */
    double H0, T_anchor; /* --friction: H before the pull; the anchor's tension (two elements extrapolated) */
    int n_contacts, n_slip; /* --friction: contacts, and those slipping at the last step */
    double N_td;    /* --seabed node: the bottom's force on the touchdown node (> 0: pushes) */
    alecable_solve_report rep;
    char msg[400];
} result;

static void write_csv(alecable_cable *c, int n, const char *path)
{
    FILE *f = fopen(path, "w");
    alecable_node *nd;
    int i;
    if (!f) {
        perror(path);
        return;
    }
    fprintf(f, "s,x,y,z\n");
    for (i = 0; i <= n; i++) {
        double x[3], s;
        ex_check(NULL, alecable_cable_node(&nd, c, i), "cable_node");
        ex_check(NULL, alecable_node_position(nd, x), "position");
        ex_check(NULL, alecable_node_material(nd, &s), "material");
        fprintf(f, "%.15g,%.15g,%.15g,%.15g\n", s, x[0], x[1], x[2]);
    }
    fclose(f);
    printf("  wrote %s\n", path);
}

/* A cable without bending stiffness cannot carry compression, and a fold
 * (an element reversed against its neighbour) costs it no energy: from a
 * straight start statics can end on a Z-folded line lying on the bottom,
 * the reversed element compressed by H, an equilibrium the penalty holds up
 * and the stability check accepts (its negative geometric stiffness is
 * across the element, where the bottom holds it); statics now refuses
 * such a state (ALECABLE_EUNSTABLE), and --start straight lays the chord
 * slack first.  Still flagged here from the nodes, an independent reader: a fold where two neighbouring elements' chords point against each
 * other, and the smallest tension (the element's law EA F (F^2 - 1)/2). */
static void shape_check(const params *p, alecable_cable *c, int n, result *res)
{
    double x0[3], x1[3], s0, s1, tp[3] = {0, 0, 0};
    alecable_node *nd;
    int i;
    res->folded = 0;
    res->T_min = INFINITY;
    ex_check(NULL, alecable_cable_node(&nd, c, 0), "cable_node");
    ex_check(NULL, alecable_node_position(nd, x0), "position");
    ex_check(NULL, alecable_node_material(nd, &s0), "material");
    for (i = 1; i <= n; i++) {
        double t[3], l, F, T;
        ex_check(NULL, alecable_cable_node(&nd, c, i), "cable_node");
        ex_check(NULL, alecable_node_position(nd, x1), "position");
        ex_check(NULL, alecable_node_material(nd, &s1), "material");
        t[0] = x1[0] - x0[0];
        t[1] = x1[1] - x0[1];
        t[2] = x1[2] - x0[2];
        l = sqrt(t[0] * t[0] + t[1] * t[1] + t[2] * t[2]);
        F = l / (s1 - s0);
        T = 0.5 * p->EA * F * (F * F - 1.0);
        if (T < res->T_min) res->T_min = T;
        if (i > 1 && t[0] * tp[0] + t[1] * tp[1] + t[2] * tp[2] < 0.0) res->folded = 1;
        memcpy(tp, t, sizeof tp);
        memcpy(x0, x1, sizeof x0);
        s0 = s1;
    }
}

/* --seabed node: the touchdown as a node of the ALE line (see the header).
 * Nodes 0 .. k held on z = 0 (bilateral: a frictionless bottom; node 0 the
 * anchor), node k's s free, the other nodes' s tied to it so that each part
 * keeps its elements equal: s_i = (i/k) s_k below it,
 * s_i = s_k + (L - s_k)(i - k)/(n - k) above.  k comes from the start (the last node of the slack start's
 * grounded part); where the touchdown ends up is the solution's.  The
 * library's alecable_seabed_touchdown() adds the held nodes' and the ties'
 * constraints (tests/test_seabed.c writes them one by one: the same H, V).
 * start: NULL (the slack start) or the nodes' (x, z, s), 3 (n + 1) values;
 * out: NULL or the solution's. */
/* the model and its line (axial elements unless --kind says otherwise):
 * gravity, E A, weight w per unit length, EI for the beam kinds */
static void line_model(const params *p, int kind, alecable_model **m, alecable_cable **c)
{
    alecable_section sec;
    double g[3] = {0, 0, -9.81};
    ex_check(NULL, alecable_model_create(m, NULL), "model_create");
    ex_check(*m, alecable_model_set_gravity(*m, g), "set_gravity");
    alecable_section_init(&sec);
    sec.E = p->EA;
    sec.A = 1.0;
    sec.rho = p->w / 9.81;
    sec.I = kind == ALECABLE_ELEMENT_AXIAL ? 0.0 : p->EI / p->EA;
    ex_check(*m, alecable_cable_create(c, *m, kind, &sec), "cable_create");
}

/* the fairlead's x, which the host moves (alecable_prescribe_motion: the
 * library reads it at every evaluation) */
static int fairlead_x(void *user, double t, double *value, double *rate, double *accel)
{
    (void)t;
    *value = *(const double *)user;
    if (rate) *rate = 0.0;
    if (accel) *accel = 0.0;
    return 0;
}

static double element_tension(const params *p, alecable_cable *c, int i)
{
    alecable_node *na, *nb;
    double xa[3], xb[3], sa, sb, F;
    ex_check(NULL, alecable_cable_node(&na, c, i), "cable_node");
    ex_check(NULL, alecable_cable_node(&nb, c, i + 1), "cable_node");
    ex_check(NULL, alecable_node_position(na, xa), "position");
    ex_check(NULL, alecable_node_position(nb, xb), "position");
    ex_check(NULL, alecable_node_material(na, &sa), "material");
    ex_check(NULL, alecable_node_material(nb, &sb), "material");
    F = sqrt((xb[0] - xa[0]) * (xb[0] - xa[0]) + (xb[2] - xa[2]) * (xb[2] - xa[2])) / (sb - sa);
    return 0.5 * p->EA * F * (F * F - 1.0);
}

static void solve_node(const params *p, int n, int k, const double *start, double *out, result *res)
{
    alecable_model *m;
    alecable_cable *c;
    alecable_quasistatic_options o;
    alecable_constraint *fx, *fz, **zc;
    alecable_node *nd, *tn;
    double a, lam, t0, xk[3], xl[3], sl, sk, p0[3] = {0, 0, 0}, up[3] = {0, 0, 1};
    double X0 = p->X - (p->CB > 0.0 ? p->pull : 0.0), xf = X0; /* --friction: the line starts at X - pull */
    int i;
    memset(res, 0, sizeof *res);
    a = (p->L * p->L - X0 * X0 - p->Z * p->Z) / (2.0 * (p->L - X0));
    zc = (alecable_constraint **)malloc((size_t)(k + 1) * sizeof *zc);
    if (!zc) {
        res->status = ALECABLE_ENOMEM;
        snprintf(res->msg, sizeof res->msg, "out of memory");
        return;
    }
    line_model(p, ALECABLE_ELEMENT_AXIAL, &m, &c);
    for (i = 0; i <= n; i++) { /* the slack start, node k on the bottom (s_k <= a) */
        double s = p->L * i / n, f = fmax(s - a, 0.0) / (p->L - a), x[3] = {0, 0, 0};
        x[0] = fmin(s, a) + f * (X0 - a);
        x[2] = i <= k ? 0.0 : f * p->Z;
        if (start) {
            x[0] = start[3 * i];
            x[2] = start[3 * i + 1];
            s = start[3 * i + 2];
        }
        ex_check(m, alecable_cable_add_node(&nd, c, x, s), "add_node");
    }
    ex_check(m, alecable_cable_node(&tn, c, k), "cable_node");
    for (i = 0; i <= n; i++) {
        ex_check(m, alecable_cable_node(&nd, c, i), "cable_node");
        ex_check(m, alecable_fix(NULL, m, nd, ALECABLE_DOF_Y), "fix y");
        if (i == 0 || i == n) ex_check(m, alecable_fix(NULL, m, nd, ALECABLE_DOF_S), "fix s");
        if (i == 0) {
            ex_check(m, alecable_fix(NULL, m, nd, ALECABLE_DOF_X), "fix anchor");
            ex_check(m, alecable_fix(&zc[0], m, nd, ALECABLE_DOF_Z), "fix anchor");
        }
        if (i == n) {
            ex_check(m, alecable_prescribe_motion(&fx, m, nd, ALECABLE_DOF_X, fairlead_x, &xf), "fix fairlead");
            ex_check(m, alecable_fix(&fz, m, nd, ALECABLE_DOF_Z), "fix fairlead");
        }
    }
    /* nodes 1 .. k held on the bottom, node k's s free, the others' s tied to it */
    ex_check(m, alecable_seabed_touchdown(zc + 1, m, c, p0, up, 0, k), "seabed_touchdown");
    alecable_quasistatic_options_init(&o);
    /* every s is held (fixes and ties): nothing for paper 000's regularization to
     * find, and its rank detection on this non-banded tangent is a dense QR in a
     * GPL-free build */
    o.regularization = ALECABLE_REG_NONE;
    o.load_steps = p->steps;
    o.max_iterations = p->maxit;
    alecable_solve_report_init(&res->rep);
    t0 = ex_now();
    res->status = alecable_solve_quasistatic(m, &o, &res->rep);
    if (p->CB > 0.0 && !res->status) {
        /* the frictionless equilibrium at X - pull, then the bottom's
         * stick/slip from that state on and the fairlead pulled out to X in
         * psteps steps, one solve each (the friction's history commits at
         * each: the path) */
        alecable_friction_params fp;
        alecable_solve_report rp;
        alecable_joint *fj;
        int j;
        ex_check(m, alecable_constraint_multiplier(fx, &lam), "multiplier");
        res->H0 = -lam;
        alecable_friction_params_init(&fp);
        fp.mu = p->CB;
        ex_check(m, alecable_seabed_friction(&fj, m, zc + 1, k, &fp), "seabed_friction");
        o.load_steps = 1;
        /* a stuck contact ahead of the slip front holds the load in the
         * stick branch's Jacobian: the front advances a few nodes per Newton
         * iteration, so a step takes about as many as the nodes it frees */
        o.max_iterations = p->maxit > 4 * k ? p->maxit : 4 * k;
        for (j = 1; j <= p->psteps && !res->status; j++) {
            xf = X0 + p->pull * j / p->psteps;
            alecable_solve_report_init(&rp);
            res->status = alecable_solve_quasistatic(m, &o, &rp);
            res->rep.iterations_stage1 += rp.iterations_stage1;
            res->rep.iterations_stage2 += rp.iterations_stage2;
        }
        res->n_contacts = k;
        for (j = 0; j < k; j++) {
            alecable_contact ct;
            alecable_contact_init(&ct);
            ex_check(m, alecable_friction_contact(fj, j, &ct), "friction_contact");
            if (ct.state == ALECABLE_CONTACT_SLIP) res->n_slip++;
        }
        /* the anchor's tension: the first element's, less half an element of
         * the law's fall (the two first elements' difference; the anchor's
         * half element has no contact) */
        {
            double T0 = element_tension(p, c, 0), T1 = element_tension(p, c, 1);
            res->T_anchor = T0 - 0.5 * (T1 - T0);
        }
    }
    res->wall = ex_now() - t0;
    snprintf(res->msg, sizeof res->msg, "%s", res->status ? alecable_model_errmsg(m) : "converged");
    ex_check(m, alecable_constraint_multiplier(fx, &lam), "multiplier");
    res->H = -lam;
    ex_check(m, alecable_constraint_multiplier(fz, &lam), "multiplier");
    res->V = -lam;
    ex_check(m, alecable_node_position(tn, xk), "position");
    ex_check(m, alecable_node_material(tn, &sk), "material");
    ex_check(m, alecable_cable_node(&nd, c, k - 1), "cable_node");
    ex_check(m, alecable_node_position(nd, xl), "position");
    ex_check(m, alecable_node_material(nd, &sl), "material");
    res->x_td = xk[0];
    res->s_td = sk;
    res->grounded = sk;
    { /* the last grounded element's tension, the element's law EA F (F^2 - 1)/2 */
        double F = (xk[0] - xl[0]) / (sk - sl);
        res->T_bottom = 0.5 * p->EA * F * (F * F - 1.0);
    }
    res->unilateral = 1;
    res->pen = 0.0;
    for (i = 0; i <= k; i++) { /* the bottom pushes: its force -lambda points up */
        ex_check(m, alecable_constraint_multiplier(zc[i], &lam), "multiplier");
        if (i == k) res->N_td = -lam;
        if (lam > 1e-9 * p->w * p->L && !(i == k && p->CB > 0.0)) res->unilateral = 0;
    }
    for (i = k + 1; i < n; i++) {
        ex_check(m, alecable_cable_node(&nd, c, i), "cable_node");
        ex_check(m, alecable_node_position(nd, xl), "position");
        if (xl[2] < 0.0) {
            res->unilateral = 0;
            res->pen = fmax(res->pen, -xl[2]);
        }
    }
    for (i = 0; out && i <= n; i++) {
        double x[3];
        ex_check(m, alecable_cable_node(&nd, c, i), "cable_node");
        ex_check(m, alecable_node_position(nd, x), "position");
        ex_check(m, alecable_node_material(nd, &out[3 * i + 2]), "material");
        out[3 * i] = x[0];
        out[3 * i + 1] = x[2];
    }
    shape_check(p, c, n, res);
    if (p->csv && !res->status) write_csv(c, n, p->csv);
    free(zc);
    alecable_model_destroy(m);
}

/* the nodes (x, z, s) of a line of n elements on 2n: each element halved
 * (its midpoint; both parts stay uniform, the touchdown node k becomes 2k) */
static void node_halve(const double *a, int n, double *b)
{
    int i, j;
    for (i = n; i >= 0; i--)
        for (j = 0; j < 3; j++) {
            b[6 * i + j] = a[3 * i + j];
            if (i < n) b[6 * i + 3 + j] = 0.5 * (a[3 * i + j] + a[3 * i + 3 + j]);
        }
}

/* start: NULL (the --start shape) or the nodes' (x, z), 2 (n + 1) values;
 * out: NULL or the solution's nodes' (x, z) */
static void solve_line(const params *p, int n, const double *start, double *out, const char *csv, result *res)
{
    alecable_model *m;
    alecable_cable *c;
    alecable_quasistatic_options o;
    alecable_seabed_params sp;
    alecable_seabed_contact sc;
    alecable_load *sb;
    alecable_constraint *fx, *fz;
    alecable_node *nd;
    double a = 0.0, lam, t0;
    int i, d, slack = !strcmp(p->start, "slack");
    memset(res, 0, sizeof *res);
    line_model(p, p->kind, &m, &c);
    ex_check(m, alecable_cable_set_lagrangian(c, 1), "set_lagrangian");
    /* slack: unstressed, along the bottom to x = a, then straight up to the
     * fairlead (a + |(X - a, Z)| = L); straight: on the chord, compressed,
     * then laid slack by the library (alecable_cable_lay_slack: the same shape) */
    if (slack) a = (p->L * p->L - p->X * p->X - p->Z * p->Z) / (2.0 * (p->L - p->X));
    for (i = 0; i <= n; i++) {
        double s = p->L * i / n, x[3] = {0, 0, 0};
        if (start) {
            x[0] = start[2 * i];
            x[2] = start[2 * i + 1];
        } else if (!slack) {
            x[0] = p->X * s / p->L;
            x[2] = p->Z * s / p->L;
        } else { /* as examples/models/mooring_line.yaml writes it */
            double f = fmax(s - a, 0.0) / (p->L - a);
            x[0] = fmin(s, a) + f * (p->X - a);
            x[2] = f * p->Z;
        }
        ex_check(m, alecable_cable_add_node(&nd, c, x, s), "add_node");
    }
    if (!start && !slack) { /* the chord, laid slack by the library (a string started compressed folds) */
        double p0[3] = {0, 0, 0}, up[3] = {0, 0, 1};
        ex_check(m, alecable_cable_lay_slack(c, p0, up), "cable_lay_slack");
    }
    for (i = 0; i <= n; i++) { /* a plane problem */
        ex_check(m, alecable_cable_node(&nd, c, i), "cable_node");
        ex_check(m, alecable_fix(NULL, m, nd, 1), "fix y");
    }
    ex_check(m, alecable_cable_node(&nd, c, 0), "cable_node");
    for (d = 0; d < 3; d += 2) ex_check(m, alecable_fix(NULL, m, nd, d), "fix anchor");
    ex_check(m, alecable_cable_node(&nd, c, n), "cable_node");
    ex_check(m, alecable_fix(&fx, m, nd, 0), "fix fairlead");
    ex_check(m, alecable_fix(&fz, m, nd, 2), "fix fairlead");
    if (p->kind == ALECABLE_ELEMENT_KIRCHHOFF) {
        ex_check(m, alecable_cable_node(&nd, c, 0), "cable_node");
        ex_check(m, alecable_fix(NULL, m, nd, ALECABLE_DOF_ROLL), "fix roll");
    }
    alecable_seabed_params_init(&sp);
    sp.stiffness = p->k;
    sp.mu_axial = p->CB;
    sp.eps = p->eps;
    ex_check(m, alecable_load_seabed(&sb, m, c, &sp), "load_seabed");
    alecable_quasistatic_options_init(&o);
    o.load_steps = p->steps;
    o.max_iterations = p->maxit;
    alecable_solve_report_init(&res->rep);
    t0 = ex_now();
    res->status = alecable_solve_quasistatic(m, &o, &res->rep);
    res->wall = ex_now() - t0;
    snprintf(res->msg, sizeof res->msg, "%s", res->status ? alecable_model_errmsg(m) : "converged");
    /* the support's force on the fairlead is -lambda */
    ex_check(m, alecable_constraint_multiplier(fx, &lam), "multiplier");
    res->H = -lam;
    ex_check(m, alecable_constraint_multiplier(fz, &lam), "multiplier");
    res->V = -lam;
    alecable_seabed_contact_init(&sc);
    ex_check(m, alecable_seabed_state(sb, 1, &sc), "seabed_state");
    res->x_td = sc.touchdown ? sc.position[0] : NAN;
    res->s_td = sc.touchdown ? sc.s : NAN;
    res->T_bottom = sc.touchdown ? sc.tension : NAN;
    res->grounded = sc.grounded_length;
    res->pen = sc.max_penetration;
    for (i = 0; out && i <= n; i++) {
        double x[3];
        ex_check(m, alecable_cable_node(&nd, c, i), "cable_node");
        ex_check(m, alecable_node_position(nd, x), "position");
        out[2 * i] = x[0];
        out[2 * i + 1] = x[2];
    }
    shape_check(p, c, n, res);
    if (csv && !res->status) write_csv(c, n, csv);
    alecable_model_destroy(m);
}

int main(int argc, char **argv)
{
    params p = {110.0, 90.0, 28.0, 1000.0, 1e8, 1e3, 1e8, 0.0, 1e-3, 0.5, 400, 10, 0, 0, 1, 0, 50, 10, "slack", NULL};
    double H0c = NAN, TAc = NAN, TAg = NAN, TAr = NAN;
    int full = 1;
    double Hg = NAN, Vg = NAN;
    const char *kind = "axial", *seabed = "penalty";
    result r, rh, rq;
    double order = NAN, Hr = NAN, Vr = NAN;
    double H, V, Hk, Vk, LB, xtd, h, mesh_err, pen_err, Hf = NAN, Vf = NAN;
    params pc;
    int help, ok, refine = 0;
    ex_opt opts[] = {
        {"--elements", 'i', &p.n, "elements"},
        {"--kind", 's', &kind, "axial, ancf or kirchhoff"},
        {"--load-steps", 'i', &p.steps, "load steps of statics"},
        {"--start", 's', &p.start, "straight (on the chord, laid slack by alecable_cable_lay_slack()) or slack (unstressed: along the bottom, "
                                   "then straight to the fairlead)"},
        {"--length", 'd', &p.L, "unstretched length L [m]"},
        {"--fairlead-x", 'd', &p.X, "fairlead's horizontal distance from the anchor X [m]"},
        {"--fairlead-z", 'd', &p.Z, "fairlead's height above the bottom Z [m]"},
        {"--weight", 'd', &p.w, "weight per unstretched length w [N/m]"},
        {"--EA", 'd', &p.EA, "axial stiffness [N]"},
        {"--EI", 'd', &p.EI, "bending stiffness of ANCF/Kirchhoff lines [N m^2]"},
        {"--seabed", 's', &seabed, "penalty (alecable_load_seabed at Gauss points) or node (the touchdown a node "
                                   "of the ALE line, its s free, the grounded nodes held on the bottom: axial, "
                                   "--elements a multiple of 4, --friction: stick/slip; also solved on 1/2 and 1/4 of the "
                                   "elements for the observed order and the Richardson extrapolation)"},
        {"--chain", 'i', &p.chain, "--seabed node: 1 (default): a refinement chain from at most 400 elements from "
                                   "the slack start, each mesh from the coarser one's solution; 0: the 1/4, 1/2 "
                                   "and full meshes each from the slack start"},
        {"--max-iterations", 'i', &p.maxit, "Newton iterations per stage and step of statics (the library's "
                                            "default 50)"},
        {"--stiffness", 'd', &p.k, "seabed stiffness per unit length k [N/m^2]"},
        {"--friction", 'd', &p.CB, "axial seabed friction coefficient C_B (0: frictionless); with --seabed node "
                                   "paper 004's stick/slip (alecable_seabed_friction) along a pull-out from X - "
                                   "pull (--chain 0), and H_err_rel, V_err_rel, touchdown_err_m and the Richardson "
                                   "keys against the fully mobilized closed form with friction (slip_regime says "
                                   "whether it holds)"},
        {"--pull", 'd', &p.pull, "--seabed node --friction: the fairlead starts at X - pull (frictionless "
                                 "equilibrium) and is pulled out to X [m]"},
        {"--pull-steps", 'i', &p.psteps, "--seabed node --friction: steps of the pull"},
        {"--refine", 'i', &refine, "0: the line solved from --start; K > 0: from --start at elements/2^K, then "
                                   "each mesh from the last one's solution with its elements halved"},
        {"--csv", 's', &p.csv, "write s, x, y, z of the nodes to this CSV file"},
        {NULL, 0, NULL, NULL}};
    help = ex_parse(argc, argv, opts, "A mooring line partly on a flat seabed against the elastic catenary with "
                                      "seabed contact.");
    if (help) return help > 0 ? 0 : 2;
    p.kind = !strcmp(kind, "ancf") ? ALECABLE_ELEMENT_ANCF
             : !strcmp(kind, "kirchhoff") ? ALECABLE_ELEMENT_KIRCHHOFF : ALECABLE_ELEMENT_AXIAL;
    if (strcmp(kind, "axial") && strcmp(kind, "ancf") && strcmp(kind, "kirchhoff")) {
        fprintf(stderr, "--kind: axial, ancf or kirchhoff\n");
        return 2;
    }
    if (strcmp(p.start, "straight") && strcmp(p.start, "slack")) {
        fprintf(stderr, "--start: straight or slack\n");
        return 2;
    }
    if (strcmp(seabed, "penalty") && strcmp(seabed, "node")) {
        fprintf(stderr, "--seabed: penalty or node\n");
        return 2;
    }
    p.node = !strcmp(seabed, "node");
    if (p.node && (p.kind != ALECABLE_ELEMENT_AXIAL || refine || p.n % 4 || p.n < 16 || strcmp(p.start, "slack"))) {
        fprintf(stderr, "--seabed node: axial, slack start, no --refine, --elements a multiple of 4, >= 16\n");
        return 2;
    }
    if (p.node && p.CB > 0.0) { /* the start's chain would be at X: each mesh from the slack start at X - pull */
        p.chain = 0;
        if (!(p.pull > 0.0) || p.psteps < 1 || !(p.L > sqrt((p.X - p.pull) * (p.X - p.pull) + p.Z * p.Z))) {
            fprintf(stderr, "--pull > 0 with the line slack at X - pull, --pull-steps >= 1\n");
            return 2;
        }
    }
    if (refine < 0 || refine > 10 || (p.n >> refine) << refine != p.n || (p.n >> refine) < 4) {
        fprintf(stderr, "--refine K: 0 .. 10, --elements a multiple of 2^K with at least 4 elements at the coarsest\n");
        return 2;
    }
    if (p.n < 4 || p.steps < 1 || p.maxit < 1 || !(p.w > 0.0) || !(p.EA > 0.0) || !(p.k > 0.0) || !(p.Z > 0.0) || !(p.X > 0.0) ||
        !(p.L > sqrt(p.X * p.X + p.Z * p.Z)) || !(p.L > p.X) || !(p.CB >= 0.0)) {
        fprintf(stderr, "need --elements >= 4, --load-steps >= 1, --max-iterations >= 1, w, EA, k, X, Z > 0, L > |(X, Z)|, C_B >= 0\n");
        return 2;
    }
    if (p.CB > 0.0) { /* the fully mobilized closed form; statics is compared with the frictionless one */
        params pf = p;
        if (closed_form(&pf, p.X, p.Z, &Hf, &Vf)) {
            fprintf(stderr, "the closed form with friction has no solution with the line on the bottom\n");
            return 2;
        }
    }
    pc = p;
    pc.CB = 0.0;
    if (closed_form(&pc, p.X, p.Z, &H, &V)) {
        fprintf(stderr, "the closed form has no solution with the line on the bottom for these parameters\n");
        return 2;
    }
    { /* the same line with the axial element's material law (Green strain) */
        params pg = pc;
        pg.green = 1;
        closed_form(&pg, p.X, p.Z, &Hg, &Vg);
    }
    if (p.node && p.CB > 0.0) { /* against the closed form with friction (Hooke's and the element's law) */
        params pg = p, p0 = pc;
        double Hs, Vs;
        pg.green = 1;
        closed_form(&pg, p.X, p.Z, &Hg, &Vg);
        closed_form(&p0, p.X - p.pull, p.Z, &H0c, &Vs); /* the start: frictionless, its tension H0 everywhere on the bottom */
        H = Hf;
        V = Vf;
        LB = p.L - V / p.w;
        TAc = fmax(H - p.CB * p.w * LB, 0.0); /* the fall stops at 0 (Jonkman's form) */
        TAg = fmax(Hg - p.CB * p.w * (p.L - Vg / p.w), 0.0);
        /* the whole grounded part slides (the closed form holds) when the
         * fall from the touchdown reaches the anchor above the start's H0 */
        full = TAc > H0c;
        xtd = LB + 0.5 * (H + TAc) * LB / p.EA; /* the full regime's; partial: not the line's anyway */
        (void)Hs;
    } else {
        LB = p.L - V / p.w;
        xtd = LB * (1.0 + H / p.EA);
    }
    closed_form(&pc, p.X, p.Z + p.w / p.k, &Hk, &Vk);
    pen_err = fmax(fabs(Hk / H - 1.0), fabs(Vk / V - 1.0));
    if (p.node) { /* 1/4, 1/2 and all the elements, each part's elements doubled */
        double a = (p.L * p.L - p.X * p.X - p.Z * p.Z) / (2.0 * (p.L - p.X));
        /* the chain starts at the coarsest mesh n / 2^J of at most 400 elements (Newton from the slack
         * start is reliable there), its touchdown node the slack start's last grounded node */
        int J = 2, nc, kc, lev;
        double *xa = (double *)malloc((size_t)(3 * p.n + 3) * sizeof(double));
        double *xb = (double *)malloc((size_t)(3 * p.n + 3) * sizeof(double));
        result *prev = NULL;
        if (!xa || !xb) {
            fprintf(stderr, "out of memory\n");
            return 1;
        }
        while (p.chain && (p.n >> J) > 400 && (p.n >> (J + 1)) << (J + 1) == p.n && (p.n >> (J + 1)) >= 4) J++;
        nc = p.n >> J;
        kc = (int)floor(nc * a / p.L);
        if (kc < 1) kc = 1;
        if (kc > nc - 2) kc = nc - 2;
        for (lev = 0; lev <= J; lev++) { /* each mesh from the coarser one's solution (--chain 0: the slack start) */
            int nl = nc << lev;
            result *res = lev == J ? &r : lev == J - 1 ? &rh : &rq;
            if (lev) node_halve(xa, nl / 2, xb);
            solve_node(&p, nl, kc << lev, lev && p.chain && !prev->status ? xb : NULL, xa, res);
            if (lev < J - 2) printf("  touchdown node: %d elements: %s (%d iterations)\n", nl, res->msg,
                                    res->rep.iterations_stage1 + res->rep.iterations_stage2);
            prev = res;
        }
        free(xa);
        free(xb);
        pen_err = 0.0;
        if (!r.status && !rh.status && !rq.status) {
            order = log2(fabs((rq.H - rh.H) / (rh.H - r.H)));
            Hr = r.H + (r.H - rh.H) / 3.0; /* second order: h^2 */
            Vr = r.V + (r.V - rh.V) / 3.0;
            TAr = r.T_anchor + (r.T_anchor - rh.T_anchor) / 3.0;
        }
        printf("  touchdown node: %d, %d, %d elements: H %.3e, %.3e, %.3e relative (%d, %d, %d iterations); "
               "observed order %.3f; Richardson (order 2) H %.3e, V %.3e relative (%.3e, %.3e against the closed form "
               "with the element's Green-strain law, H %.10g N)\n",
               p.n / 4, p.n / 2, p.n, rq.H / H - 1.0, rh.H / H - 1.0, r.H / H - 1.0,
               rq.rep.iterations_stage1 + rq.rep.iterations_stage2, rh.rep.iterations_stage1 + rh.rep.iterations_stage2,
               r.rep.iterations_stage1 + r.rep.iterations_stage2, order, Hr / H - 1.0, Vr / V - 1.0, Hr / Hg - 1.0,
               Vr / Vg - 1.0, Hg);
    } else if (!refine) {
        solve_line(&p, p.n, NULL, NULL, p.csv, &r);
        solve_line(&p, p.n / 2, NULL, NULL, NULL, &rh);
    } else { /* a refinement sequence: each mesh from the last one's solution, its nodes halved */
        double *xa = (double *)malloc((size_t)(2 * p.n + 2) * sizeof(double)), *xb = (double *)malloc((size_t)(2 * p.n + 2) * sizeof(double));
        int lev, nl = p.n >> refine;
        if (!xa || !xb) {
            fprintf(stderr, "out of memory\n");
            return 1;
        }
        solve_line(&p, nl, NULL, xa, NULL, &rh);
        printf("  refinement: %d elements from the %s start: %s (%d iterations)\n", nl, p.start, rh.msg,
               rh.rep.iterations_stage1 + rh.rep.iterations_stage2);
        for (lev = 1; lev <= refine && !rh.status; lev++) {
            int i;
            for (i = nl; i >= 0; i--) { /* node 2i keeps its place, node 2i + 1 halfway */
                xb[4 * i] = xa[2 * i];
                xb[4 * i + 1] = xa[2 * i + 1];
                if (i < nl) {
                    xb[4 * i + 2] = 0.5 * (xa[2 * i] + xa[2 * i + 2]);
                    xb[4 * i + 3] = 0.5 * (xa[2 * i + 1] + xa[2 * i + 3]);
                }
            }
            nl *= 2;
            solve_line(&p, nl, xb, xa, lev == refine ? p.csv : NULL, lev == refine ? &r : &rh);
            printf("  refinement: %d elements: %s (%d iterations)\n", nl, lev == refine ? r.msg : rh.msg,
                   lev == refine ? r.rep.iterations_stage1 + r.rep.iterations_stage2
                                 : rh.rep.iterations_stage1 + rh.rep.iterations_stage2);
            if (lev == refine) break;
        }
        if (rh.status) r = rh;
        free(xa);
        free(xb);
    }
    mesh_err = (r.status || rh.status) ? NAN : fmax(fabs(r.H - rh.H) / H, fabs(r.V - rh.V) / V);
    h = p.L / p.n;
    printf("%s line, %d elements, %s start, %d load steps: %s (%d + %d Newton iterations, %.3f s)\n", kind, p.n,
           p.start, p.steps, r.msg, r.rep.iterations_stage1, r.rep.iterations_stage2, r.wall);
    printf("  closed form: H %.10g N, V %.10g N, grounded %.6f m, touchdown x %.6f m\n", H, V, LB, xtd);
    printf("  statics:     H %.10g N, V %.10g N, grounded %.6f m, touchdown x %.6f m (s %.6f m)\n", r.H, r.V,
           r.grounded, r.x_td, r.s_td);
    printf("  H %.3e, V %.3e relative; touchdown %.3e m (element %.3g m); bottom tension %.10g N (H %.3e rel.)\n",
           r.H / H - 1.0, r.V / V - 1.0, r.x_td - xtd, h, r.T_bottom, r.T_bottom / H - 1.0);
    printf("  error estimates: penalty (w/k = %.2e m of sinking) %.2e, mesh (change from %d elements) %.2e; "
           "penetration %.3e m\n",
           p.w / p.k, pen_err, p.n / 2, mesh_err, r.pen);
    if (p.node && p.CB > 0.0) {
        int cf_full = full;
        /* and the line's: every contact slid in the last step (near the
         * boundary the discrete front may not have reached the anchor yet) */
        full = cf_full && !r.status && r.n_slip == r.n_contacts;
        if (cf_full && !full)
            printf("  the closed form's condition holds, but %d of %d contacts stuck at the last step: partial\n",
                   r.n_contacts - r.n_slip, r.n_contacts);
        printf("  friction C_B = %g, stick/slip, fairlead pulled %g m in %d steps from the frictionless H0 %.10g N "
               "(statics %.10g N)\n",
               p.CB, p.pull, p.psteps, H0c, r.H0);
        printf("  regime: %s (closed form's anchor tension %.10g N %s H0)\n",
               full ? "the whole grounded part slides: the fully mobilized closed form holds"
                    : "PARTIAL SLIP: the part next to the anchor stays stuck at H0; the closed form does not hold",
               TAc, cf_full ? ">" : "<=");
        printf("  contacts slipping at the last step: %d of %d; anchor tension %.10g N (closed form %.10g N, %.3e "
               "rel.; Richardson %.3e, %.3e against the element's law)\n",
               r.n_slip, r.n_contacts, r.T_anchor, TAc, r.T_anchor / TAc - 1.0, TAr / TAc - 1.0, TAr / TAg - 1.0);
    } else if (p.CB > 0.0)
        printf("  friction C_B = %g: fully mobilized closed form H %.10g N, V %.10g N (statics %.3e, %.3e off it: the "
               "regularized law gives no force at rest)\n",
               p.CB, Hf, Vf, r.H / Hf - 1.0, r.V / Vf - 1.0);
    if (p.node) printf("  unilateral: %s; the bottom's force on the touchdown node %.6g N%s\n",
                       r.unilateral ? "every grounded node pressed, every suspended node above the bottom" : "VIOLATED",
                       r.N_td, p.CB > 0.0 && r.N_td < 0.0 ? " (with friction it may pull, by O(h): not counted, see the header)" : "");
    if (!r.status && r.folded)
        printf("  WARNING: the line is folded (an element reversed against its neighbour; smallest tension %.6g N): "
               "an equilibrium of the discrete line, not the catenary; start from the slack shape\n",
               r.T_min);
    ok = !r.status && fabs(r.x_td - xtd) <= h;
    printf("result: status=%d kind=%s elements=%d start=%s load_steps=%d H=%.17g V=%.17g H_err_rel=%.3e "
           "V_err_rel=%.3e touchdown_err_m=%.3e element_m=%.6g grounded_m=%.9g T_bottom_err_rel=%.3e "
           "penalty_err=%.3e mesh_err=%.3e touchdown_within_element=%d friction=%g mobilized_H_rel=%.3e iterations=%d "
           "wall_s=%.3f seabed=%s unilateral=%d order=%.3f H_rich_err_rel=%.3e V_rich_err_rel=%.3e law_err=%.3e folded=%d T_min=%.6g"
           " anchor_T_err_rel=%.3e anchor_T_rich_err_rel=%.3e slip_regime=%s slipping=%d contacts=%d pull_m=%g touchdown_N=%.6g\n",
           r.status, kind, p.n, p.start, p.steps, r.H, r.V, r.H / H - 1.0, r.V / V - 1.0, r.x_td - xtd, h,
           r.grounded, r.T_bottom / H - 1.0, pen_err, mesh_err, ok, p.CB, p.CB > 0.0 ? r.H / Hf - 1.0 : 0.0,
           r.rep.iterations_stage1 + r.rep.iterations_stage2, r.wall, seabed, p.node ? r.unilateral : 1, order,
           Hr / H - 1.0, Vr / V - 1.0, fmax(fabs(Hg / H - 1.0), fabs(Vg / V - 1.0)), r.folded, r.T_min,
           p.node && p.CB > 0.0 ? r.T_anchor / TAc - 1.0 : 0.0, p.node && p.CB > 0.0 ? TAr / TAc - 1.0 : 0.0,
           !(p.node && p.CB > 0.0) ? "none" : full ? "full" : "partial", r.n_slip, r.n_contacts,
           p.node && p.CB > 0.0 ? p.pull : 0.0, p.node ? r.N_td : 0.0);
    return 0;
}
