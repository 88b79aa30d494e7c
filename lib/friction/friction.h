/* Friction laws acting on the material equations (lib/friction/): Coulomb
 * slip on a pulley wrap.  Their residual depends on the constraint
 * multipliers (the normal forces), so core's assembly passes lambda. */
#ifndef ALECABLE_FRICTION_H
#define ALECABLE_FRICTION_H

#include "../core/model.h"

/* its load kind (pulley.c): finalize reaches its check, pattern and maps
 * through it; the residual and Jacobian below read lambda, which no other
 * load does, so assembly calls them by name */
extern const load_ops load_pulley_friction_ops;
void pulley_friction_residual(const alecable_load *l, const double *q, const double *lambda, double *r);
void pulley_friction_jacobian(const alecable_load *l, const double *q, const double *lambda, double cq,
                              double *values);
/* The slip law holds only where the material flowed the declared way: after a solve from q0 to
 * q, 1 when no interior node of the wrap saw it flow the other way (beyond rounding), else 0 with
 * the first such node (its index in the wrap) and its s change */
int  pulley_friction_flow(const alecable_load *l, const double *q0, const double *q, int *node, double *ds);

/* A sheave's interior node i (lib/bodies/sheave.c) as friction sees it
 * (sheave_frame.c), in the body frame: the node and its neighbours u_m
 * (m = 0, 1, 2: i-1, i, i+1), the outward normal n and the tangent t
 * towards increasing s, the normal force N (the normal part of the force
 * of the sheave's rows on the node) and its derivatives.  The columns of
 * derivatives (SX_*): x_(i-1), x_i, x_(i+1), x_b, psi_b, the multipliers
 * of the node's circle and mesh rows and of its interior neighbours' mesh
 * rows. */
enum { SX_XM = 0, SX_XI = 3, SX_XP = 6, SX_XB = 9, SX_PB = 12, SX_L1 = 15, SX_L2 = 16, SX_LM = 17, SX_LP = 18,
       SX_N = 19 };
typedef struct fr_sheave {
    double R[9], u[3][3], y[3], n[3], t[3], np, sigma, F[3], N;
    double lam[4];     /* l1, l2, lm, lp */
    double dN_u[3][3]; /* dN/du_m */
    double dN_l[4];    /* dN/d(l1, l2, lm, lp) */
} fr_sheave;
/* the columns of node i (-1: none, a boundary neighbour's mesh row) */
void fr_sheave_cols(const alecable_joint *j, int i, int nq, int *c);
/* node i at q (NULL: the current state); lambda NULL: the frame only */
void fr_sheave_eval(const alecable_joint *j, int i, const double *q, const double *lambda, fr_sheave *g);
/* d += scale dN over the columns */
void fr_sheave_dN(const fr_sheave *g, double scale, double *d);
/* d += scale d(gs . t) over the columns, t the tangent in space and gs fixed; a the axis */
void fr_sheave_dt(const fr_sheave *g, const double *a, const double gs[3], double scale, double *d);
/* The spatial pair of a friction force lam t (t the tangent in space):
 * -lam t on the node, lam t on the body at the node; rows r (x_i, x_b,
 * psi_b) and their derivatives J over the columns (dlam: lam's, or NULL) */
void fr_sheave_pair(const fr_sheave *g, const double *a, double lam, const double *dlam, double r[9],
                    double J[9][SX_N]);

#endif
