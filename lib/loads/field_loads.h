/* Field loads on cable elements: Morison hydrodynamics (drag, buoyancy, added
 * mass; hydro.c) and regularized Coulomb friction on a support plane
 * (friction.c).  Both are non-conservative (no energy) and act on the
 * material particles of an element, paper 001 eq. 18:
 *
 *     r_e = - int_{s_A}^{s_B} S^T f ds,        S = dr/dq at fixed s (eq. 11),
 *
 * f the force per unit material length on the particle s.  S holds the
 * material columns dr/ds_A, dr/ds_B at fixed s, so the ALE material equations
 * get their share; r_e enters the residual r = M a + f_int + f_ext with the
 * library's sign (an applied force enters with a minus sign).  No boundary
 * (Leibniz) term appears: f has no potential, the integral is the virtual work
 * of the particles inside the element.
 *
 * Quadrature: 5-point Gauss-Legendre in xi = (s - s_A)/(s_B - s_A) in [0, 1]
 * (paper 001 section 4.2 integrates eq. 18 with five Gauss points).  The
 * Jacobians are the exact derivatives of that quadrature sum, taken at fixed
 * xi (the weight l = s_B - s_A and the shape functions move with s_A, s_B).
 *
 * Pure functions of one element: no model, no allocation.  Element vectors
 * use the element's dof layout (element.h); velocities and accelerations ve,
 * ae may be NULL (zero).  Each evaluation writes (does not add to) its outputs:
 * re (ndof) and the weighted Jacobian ke = cq dr/dq + cv dr/dv + ca dr/da
 * (ndof x ndof, row-major); either may be NULL.  They return 0, or -1 for an
 * element kind without a kinematics description here (outputs untouched). */
#ifndef ALECABLE_FIELD_LOADS_H
#define ALECABLE_FIELD_LOADS_H

#include "../elements/element.h"

#define FL_NGAUSS 5 /* quadrature points per element */

/* ---------------------------------------------------------------------------
 * Morison hydrodynamics per unit material length (hydro.c), with
 * w = U - u the velocity of the fluid relative to the particle (u: particle
 * velocity at fixed s, material flow included), t the unit tangent,
 * w_t = (w.t) t, w_n = w - w_t, A_d = pi d^2/4 and a the particle acceleration:
 *
 *   drag        f_D = 1/2 rho_f d (C_dn |w_n| w_n + pi C_dt |w_t| w_t)
 *   buoyancy    f_B = -rho_f A_d g
 *   added mass  f_A = -C_an rho_f A_d (a - (a.t) t)
 *   in a sea    f_F = (1 + C_an) rho_f A_d (a_f - (a_f.t) t)  (Froude-Krylov and added mass)
 *
 * Normal drag uses the projected area d per unit length, tangential drag the
 * wetted perimeter pi d (skin friction); see hydro.c for the references. */
enum { HYDRO_DRAG = 1, HYDRO_BUOYANCY = 2, HYDRO_ADDED_MASS = 4, HYDRO_ALL = 7 };

typedef struct hydro_params {
    int terms;          /* HYDRO_* mask of the forces evaluated (default HYDRO_ALL);
                           e.g. two instances, added mass stiff and drag explicit */
    double rho_f;       /* fluid density [kg/m^3] */
    double d;           /* hydrodynamic diameter [m] */
    double C_dn, C_dt;  /* normal and tangential drag coefficients */
    double C_an;        /* normal added-mass coefficient */
    double U[3];        /* uniform current velocity [m/s] */
    double g[3];        /* gravity for buoyancy [m/s^2] (zero: no buoyancy) */
    int stiff;          /* 1: in the Jacobian also under ALECABLE_JAC_STIFF_ONLY;
                           0 (default, paper 001): explicit in IMEX */
    const struct wave_sea *sea; /* NULL: still water everywhere; else its kinematics at
                           time (waves.h) add to U, and the fluid acceleration a_f gives
                           f_F = (1 + C_an) rho_f A_d (a_f - (a_f.t) t) (HYDRO_ADDED_MASS);
                           a Gauss point above the surface gets no force */
    double time;        /* the sea's time [s] */
} hydro_params;

/* terms = HYDRO_ALL, rho_f = 1025, d = 0, C_dn = 1.2, C_dt = 0.008, C_an = 1, U = g = 0, stiff = 0,
 * sea = NULL, time = 0 */
void hydro_params_init(hydro_params *p);

int hydro_element(const hydro_params *hp, const el_ops *ops, const el_params *par, const double *qe,
                  const double *ve, const double *ae, double *re, double cq, double cv, double ca,
                  double *ke);

/* ---------------------------------------------------------------------------
 * Regularized Coulomb friction on a support plane (friction.c), paper 001
 * eq. 29 in vector form.  The plane passes through point with unit normal n
 * pointing out of the support (towards the side where the cable is free).  A
 * particle at r is in contact when its signed distance dist = n.(r - point)
 * satisfies -depth <= dist <= gap.  In contact it feels, per unit material
 * length,
 *
 *     f = -mu N phi(v_t),   v_t = u - (u.n) n   (particle velocity in the plane)
 *     law SATURATED (eq. 29):  phi = v_t / max(|v_t|, eps)
 *     law SQRT:                phi = v_t / sqrt(|v_t|^2 + eps^2)
 *
 * with the normal load per unit material length from the weight of the cable
 * resting on the support (paper 001 section 4.3: N = rho A g),
 *     N = rhoA max(0, -g.n) + normal_load,
 * rhoA taken from the element's parameters.  No normal (penalty) force is
 * produced: the support itself is modelled by the caller (constraints). */
enum { FRICTION_LAW_SATURATED = 0, FRICTION_LAW_SQRT = 1 };

typedef struct friction_params {
    double point[3];    /* a point of the plane */
    double normal[3];   /* normal out of the support (normalized internally) */
    double mu;          /* friction coefficient */
    double eps;         /* regularization velocity [m/s] (> 0) */
    int law;            /* FRICTION_LAW_* */
    double g[3];        /* gravity for the weight on the support [m/s^2] */
    double normal_load; /* additional normal load per unit material length [N/m] */
    double gap, depth;  /* contact band [m] */
    int stiff;          /* as in hydro_params (default 0, paper 001) */
} friction_params;

/* point = 0, normal = (0, 0, 1), mu = 0, eps = 1e-3 (paper 001), law SATURATED,
 * g = 0, normal_load = 0, gap = 1e-6, depth = HUGE_VAL (half space), stiff = 0 */
void friction_params_init(friction_params *p);

int friction_element(const friction_params *fp, const el_ops *ops, const el_params *par, const double *qe,
                     const double *ve, const double *ae, double *re, double cq, double cv, double ca,
                     double *ke);

/* ---------------------------------------------------------------------------
 * Kinematics of a material particle (shared by both loads).
 *
 * The particle sits at xi in [0, 1] of the element, s = s_A + xi l,
 * l = s_B - s_A.  Every element kind writes r = sum_b N_b Y_b over blocks Y_b
 * of 3 dofs with N_b = l^d_b P_b(xi): axial (x_A, x_B; P = 1 - xi, xi; d = 0),
 * ANCF and Kirchhoff (r_A, r'_A, r_B, r'_B; cubic Hermite; d = 0, 1, 0, 1),
 * SE(3) (its chord, as the axial element: x_A, x_B at dofs 0 and 7; the
 * rotations do not enter, as in its own distributed loads).  At fixed s:
 *     u   = sum_b N_b Yd_b + Nd_b Y_b               (paper 001 eq. 10)
 *     acc = sum_b N_b Ydd_b + 2 Nd_b Yd_b + Ndd_b Y_b
 * with Nd_b, Ndd_b the time derivatives of N_b through s_A(t), s_B(t).
 *
 * Matrices are 3 x nd, row-major with row stride nd.  J = dr/dq at fixed s is
 * the virtual displacement (the paper's S); it is also du/dv and dacc/da.
 * The d*_dq matrices are derivatives at fixed xi (what the quadrature
 * differentiates), filled when the point is evaluated with jac != 0. */
typedef struct fl_point {
    int nd, nb, sa, sb;          /* dofs, blocks, positions of s_A and s_B */
    int boff[4], bpow[4];        /* first dof and power of l of each block */
    double xi, s, l;
    double N[4], nm[4][2];       /* N_b and dN_b/ds_m at fixed s */
    double r[3], rs[3], nrs, t[3];/* position, r_s = dr/ds, |r_s|, t = r_s/|r_s| (0 if r_s = 0) */
    double u[3], acc[3];         /* particle velocity and acceleration */
    double R[2][3], Rl[2][3];    /* R_m = dr/ds_m at fixed s, and dR_m/dl at fixed xi */
    double J[3 * EL_MAX_DOF];
    double dr_dq[3 * EL_MAX_DOF], dt_dq[3 * EL_MAX_DOF];
    double du_dq[3 * EL_MAX_DOF];
    double dacc_dq[3 * EL_MAX_DOF], dacc_dv[3 * EL_MAX_DOF];
} fl_point;

/* Gauss points and weights on [0, 1] */
extern const double fl_gauss_xi[FL_NGAUSS], fl_gauss_w[FL_NGAUSS];

/* element dofs, or -1 for an element kind without a description here */
int fl_ndof(const el_ops *ops);
/* 0, or -1 for an unsupported element kind */
int fl_point_eval(const el_ops *ops, double xi, const double *qe, const double *ve, const double *ae, int jac,
                  fl_point *P);
/* One quadrature point (weight w) of -int S^T f ds for a force f per unit
 * material length: re += -w l J^T f (re may be NULL); ke (may be NULL) +=
 * cq times the part of d/dq that comes from l and J (f held fixed). */
void fl_point_load(const fl_point *P, double w, const double f[3], double cq, double *re, double *ke);
/* ke += -w l J^T DF, DF = cq df/dq + cv df/dv + ca df/da (3 x nd, row stride nd) */
void fl_point_jac(const fl_point *P, double w, const double *DF, double *ke);

#endif
