/* Rigid bodies, their loads and the joints (lib/bodies/): what core's
 * numbering, pattern and assembly call.  Body coordinates: x (3) and the
 * rotation vector psi (3) of the body's node; see rotation.h for the update
 * and the derivative rules every term here is written with. */
#ifndef ALECABLE_BODIES_H
#define ALECABLE_BODIES_H

#include "../core/model.h"

void body_free(alecable_model *m, alecable_body *b);
void joint_free(alecable_model *m, alecable_joint *j);

/* q <- q (+) scale dq on the body coordinates only (core adds the rest):
 * x by addition, R <- R exp(scale dpsi^) */
void bodies_update(const alecable_model *m, double *q, const double *dq, double scale);

/* pattern and maps, after the numbering (rows of joints from j->row0) */
int  body_pattern(const alecable_body *b, sp_builder *bld);
int  body_maps(alecable_model *m, alecable_body *b, const sp_pattern *p);
int  joint_pattern(const alecable_joint *j, sp_builder *bld, int nq);
int  joint_maps(alecable_model *m, alecable_joint *j, const sp_pattern *p, int nq);

/* weight of the bodies (gravity at the centre of mass) and the body loads:
 * W, r += dW/dq, values += cq d2W (on the 6 x 6 body blocks) */
double bodies_energy(const alecable_model *m, const double *q, double scale);
void   bodies_residual(const alecable_model *m, const double *q, double scale, double *r);
void   bodies_jacobian(const alecable_model *m, const double *q, double scale, double cq, double *values);
int    body_load_applies(const alecable_load *l); /* LOAD_BODY_FORCE / LOAD_BODY_TORQUE */

/* joints: r_q += G^T lambda (+ the spring's gradient), r_l = g; Jacobian with
 * the q-block weighted by cq (geometric terms d(G^T lambda)/dq, spring
 * Hessian) and the plain G, G^T blocks; energy of the revolute springs */
void   joint_residual(const alecable_joint *j, const double *q, const double *lambda, double *r, int nq);
void   joint_jacobian(const alecable_joint *j, const double *q, const double *lambda, double cq, double *values);
double joint_energy(const alecable_joint *j, const double *q);
/* constraint rates for Baumgarte (not used: integrators refuse bodies) */
void   joint_rates(const alecable_joint *j, const double *q, const double *v, double *gdot, double *gamma);

/* Geometry of unit i of a wrap at q (NULL: the current state): the outward normal n
 * and the tangent t (towards increasing s) in space. */
void   wrap_frame(const alecable_joint *j, int i, const double *q, double n[3], double t[3]);
/* rotation of a body at q */
void   body_rotation(const alecable_body *b, const double *q, double R[9]);

#endif
