/* The element interface: every cable element kind provides its discrete
 * potential energy, its gradient (internal force) and Hessian (tangent), and the
 * interpolation-dependent pieces that loads need.  Element vectors are ordered
 * node by node: [node A dofs, node B dofs].  Pure functions of the element's
 * coordinates: no model, no allocation. */
#ifndef ALECABLE_ELEMENT_H
#define ALECABLE_ELEMENT_H

#include "../core/hd.h"

#define EL_MAX_DOF 16 /* Kirchhoff: 2 nodes x (r (3), r' (3), roll, s); ANCF: 2 x 7; axial: 2 x 4 */

typedef struct el_params {
    double EA;     /* axial stiffness */
    double rhoA;   /* mass per unit material length */
    double ref_len;/* referential (mesh) length of the element: material length at creation */
    double EI;     /* bending stiffness (ANCF; unused by the axial element) */
    /* 1: s_A and s_B are constants, not unknowns (a Lagrangian cable).  The
     * kernels may then skip the material (s) rows and columns; they leave
     * them zero, and assembly drops them.  Every other entry is unchanged. */
    int fixed_s;
    /* Kirchhoff beams (kirchhoff.c): EI above is the bending stiffness about
     * the section axis t2, EI3 about t3; torsion GJ; the natural (stress-free)
     * curvatures about t2, t3 and twist, per unit material length; and the
     * two nodes' roll charts (each t1_ref (3), t2_ref (3): the reference frame
     * from which the node's roll angle is measured, kept by the node) */
    double EI3, GJ, k0[3];
    const double *chart_a, *chart_b;
    /* SE(3) beams (se3.c): the shear stiffnesses along t2, t3 (EA, GJ, EI,
     * EI3 and k0 as above; the charts are the nodes' frames at finalize,
     * from which their rotation dofs are measured) */
    double GA[2];
    /* SE(3) beams: the sections' rotary inertia per unit material length
     * about t1, t2, t3 (rho (I2 + I3), rho I2, rho I3), lumped at the nodes */
    double rhoJ[3];
} el_params;

/* Floating-point operations (+ - * / sqrt) of one call of each kernel,
 * counted by hand from the kernel's operation structure (so estimates, to
 * some 10-20 %), for the integrators' flop statistics.  The inertia kernels
 * have a Lagrangian path (no material flow at either end) and an ALE one. */
typedef struct el_flops {
    double force, tangent, dist_force, dist_tangent;
    double inertia_lag, inertia_ale, inertia_jac_lag, inertia_jac_ale;
    /* the same with fixed_s (0: the kernel has no such path, the full counts hold) */
    double force_fixed, tangent_fixed, inertia_fixed, inertia_jac_fixed;
    /* the force's own share inside force_tangent_acc (0: no fused kernel) */
    double fused_force;
} el_flops;

/* The section at a point of an element, for output (element kinds with a
 * section frame: Kirchhoff beams). */
typedef struct el_section {
    double x[3];         /* position */
    double frame[9];     /* columns t1, t2, t3 (row-major) */
    double stretch;      /* |r'| */
    double curvature[2]; /* about t2, t3 */
    double twist;        /* torsion of the frame */
    double force;        /* axial force */
    double moment[2];    /* bending moments about t2, t3 */
    double torque;       /* twisting moment */
} el_section;

typedef struct el_ops {
    int kind;
    int nnodes;
    int node_ndof;   /* dofs per node */
    int s_offset;    /* position of the material coordinate inside a node's dofs */
    /* internal energy and its derivatives */
    double (*energy)(const el_params *p, const double *qe);
    void (*force)(const el_params *p, const double *qe, double *fe);
    void (*tangent)(const el_params *p, const double *qe, double *ke); /* row-major ndof x ndof */
    /* for output, at the element's middle: Green-Lagrange strain
     * eps = (F^2 - 1)/2, stretch F = |dx/ds|, and the axial force N = dw/dF
     * of the element's own energy density w (EA eps F for a Green-Lagrange
     * element, EA (F - 1) for a Biot one) */
    void (*strain)(const el_params *p, const double *qe, double *eps, double *stretch, double *force);
    /* work of a uniform force b per unit material length: W = -int b.x ds.
     * It is linear in the positions at fixed s, so its tangent is zero
     * outside the material rows and columns (assembly relies on it). */
    double (*dist_energy)(const double b[3], const double *qe);
    void (*dist_force)(const double b[3], const double *qe, double *fe);
    void (*dist_tangent)(const double b[3], const double *qe, double *ke);
    /* work of a force f attached to the material particle s (inside the element):
     * W = -f.x(s); s_A <= s <= s_B */
    double (*point_energy)(const double f[3], double s, const double *qe);
    void (*point_force)(const double f[3], double s, const double *qe, double *fe);
    void (*point_tangent)(const double f[3], double s, const double *qe, double *ke);
    /* dx/dxi and 1/(ds/dxi) at one end (0 = A, 1 = B) on the referential domain,
     * with their derivatives wrt the element dofs (dg row-major 3 x ndof). */
    void (*end_gradient)(const el_params *p, const double *qe, int end, double g[3], double *jinv,
                         double *dg, double *djinv);
    /* Inertia of the material particles (ALE: the particle velocity includes
     * the material-flow term).  Kinetic energy T(q, v) = 1/2 v^T M(q) v; the
     * inertia residual is Lagrange's r = d/dt(dT/dv) - dT/dq = M(q) a + g(q, v);
     * its weighted Jacobian ke = cq dr/dq + cv dr/dv + ca dr/da (row-major).
     * NULL for a massless element kind. */
    double (*kinetic)(const el_params *p, const double *qe, const double *ve);
    void (*inertia)(const el_params *p, const double *qe, const double *ve, const double *ae, double *re);
    void (*inertia_jac)(const el_params *p, const double *qe, const double *ve, const double *ae, double cq,
                        double cv, double ca, double *ke);
    /* Accumulating forms for assembly (ke += w times the matrix above, or
     * ke += the weighted inertia Jacobian): one element matrix, one scatter.
     * NULL: assembly uses the plain forms through a scratch matrix. */
    void (*tangent_acc)(const el_params *p, const double *qe, double w, double *ke);
    void (*dist_tangent_acc)(const double b[3], const double *qe, double w, double *ke);
    void (*inertia_jac_acc)(const el_params *p, const double *qe, const double *ve, const double *ae, double cq,
                            double cv, double ca, double *ke);
    /* fe = force() and ke += w tangent from one pass over the quadrature (a
     * residual and a Jacobian at the same point); NULL: the two calls */
    void (*force_tangent_acc)(const el_params *p, const double *qe, double *fe, double w, double *ke);
    el_flops flops;
    /* the section at xi in [0, 1]; NULL: the kind has no section frame */
    void (*section)(const el_params *p, const double *qe, double xi, el_section *out);
    /* Optional, NULL for most kinds: force_tangent_acc of two elements in
     * one call, exactly (to the bit) force_tangent_acc(p0, qe0, fe0, w,
     * ke0) then force_tangent_acc(p1, qe1, fe1, w, ke1).  It exists for a
     * kernel whose long latency chains (Kirchhoff: the relative roll's
     * sqrt, division and atan2) can run under the other element's work.
     * Assembly (assemble.c's cable_pairs, for element_loop) calls it for
     * two consecutive elements of a cable, neither with a split node, when
     * it would call the fused kernel on both, and still adds and scatters
     * element i before i + 1. */
    void (*force_tangent_acc2)(const el_params *p0, const double *qe0, double *fe0, double *ke0,
                               const el_params *p1, const double *qe1, double *fe1, double *ke1, double w);
} el_ops;

const el_ops *el_ops_get(int kind); /* NULL for an unknown kind */

/* A Kirchhoff node's section frame from its slope r', roll theta and chart
 * (t1_ref, t2_ref): t1 = r'/|r'|, t2 = the chart's axis carried to t1 by the
 * smallest rotation and turned by theta (kirchhoff.c), in hd numbers so
 * that constraints on the frame get exact derivatives. */
void el_kirchhoff_node_frame(const hd_ctx *c, const hd rp[3], const hd *theta, const double chart[6], hd t1[3],
                             hd t2[3]);
/* A Kirchhoff element's section frame at xi in [0, 1] in hd numbers over its
 * 12 reduced variables z = (r_B - r_A (3), r'_A (3), r'_B (3), theta_A,
 * theta_B, l = s_B - s_A); a context with n = 11 leaves l constant (fixed
 * s).  Variable i stands for up to two element dofs, k = 0, 1:
 * el_kirchhoff_reduced_dof(i, k, &sign) gives the dof (-1: none) and the
 * sign (r_A = -..., s_A = -l), so d/dq_dof = sum over (i, k) of sign d/dz_i. */
void el_kirchhoff_frame_at(const el_params *p, const double *qe, double xi, const hd_ctx *c, hd t1[3], hd t2[3],
                           hd t3[3]);
int el_kirchhoff_reduced_dof(int i, int k, double *sgn);
/* A Kirchhoff element's strain energy, force and tangent in closed form
 * (kirchhoff_kernel.c): returns the energy; fe (NULL: not computed) the
 * gradient, ke (NULL: not computed) += wt times the Hessian, on the 16 dofs
 * (with fixed_s the s rows and columns are left zero). */
double el_kirchhoff_kernel(const el_params *p, const double *qe, double *fe, double wt, double *ke);
/* The section frame at a Gauss point of a Kirchhoff element for the closed
 * form (generated: kirchhoff_frame_pq.c, tools/codegen/kirchhoff_frame_pq.py):
 * out = P, its gradient in (a, b) and Hessian's upper triangle, then Q and
 * the same (56 numbers), P = k.e, Q = k.(t1 x e), k = a x b/|a|^2, t1 =
 * a/|a|, e the chart (r, x)'s axis carried to t1, for a = r', b = l r''. */
void el_kirchhoff_frame_pq(const double *a, const double *b, const double *r, const double *x, double *out);
/* The same by second-order forward differentiation (core/hd.h) of the
 * energy: the closed-form kernel's test oracle. */
double el_kirchhoff_ad_energy(const el_params *p, const double *qe);
void el_kirchhoff_ad_force(const el_params *p, const double *qe, double *fe);
void el_kirchhoff_ad_force_tangent_acc(const el_params *p, const double *qe, double *fe, double wt, double *ke);
int el_ndof(const el_ops *ops);

/* An SE(3) beam element's strain measures (se3.c), constant along it: e =
 * U / l - (1, 0, 0) (axial strain, shears along t2, t3) and k = phi / l
 * (twist, curvatures about t2, t3; the natural ones not subtracted). */
void el_se3_strains(const el_params *p, const double *qe, double e[3], double k[3]);
/* An SE(3) node's frame R = R_ref exp(psi^) (row-major; columns t1, t2,
 * t3), R_ref from the chart (t1_ref, t2_ref; NULL: the identity) (se3.c).
 * Its rotation dofs change by composition, R <- R exp(dpsi^), and the
 * element's force and tangent are derivatives along that update. */
void el_se3_node_rotation(const double *chart, const double psi[3], double R[9]);
/* The stretch split of a C1 element's ends (split.c): the slope of end k is
 * (1 + rho[k]) r'_k, so a node may carry a tension jump while its tangent
 * direction (and bending) stays shared.  Element kinds with a slope r' at
 * node dofs 3..5 (ANCF, Kirchhoff): el_split_supported.  Vectors are the
 * element's dofs followed by rho_A, rho_B (ndof + 2; the tangent row-major
 * (ndof + 2)^2); el_split_apply gives the plain element's coordinates. */
int el_split_supported(const el_ops *ops);
void el_split_apply(const el_ops *ops, const double *qe, const double rho[2], double *qs);
double el_split_energy(const el_ops *ops, const el_params *p, const double *qe, const double rho[2]);
void el_split_force(const el_ops *ops, const el_params *p, const double *qe, const double rho[2], double *fe);
void el_split_tangent(const el_ops *ops, const el_params *p, const double *qe, const double rho[2], double *ke);
/* the chain rule alone: fs, ks the gradient and Hessian of any energy of the
 * plain element at el_split_apply's coordinates give fe, ke (either may be
 * NULL; ks only with ke) of that energy with the split */
void el_split_pull(const el_ops *ops, const double *qe, const double rho[2], const double *fs, const double *ks,
                   double *fe, double *ke);

#endif
