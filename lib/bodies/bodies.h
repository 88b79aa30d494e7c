/* Rigid bodies, their loads and the joints (lib/bodies/): what core's
 * numbering, pattern and assembly call.  Body coordinates: x (3) and the
 * rotation vector psi (3) of the body's node; see rotation.h for the update
 * and the derivative rules every term here is written with. */
#ifndef ALECABLE_BODIES_H
#define ALECABLE_BODIES_H

#include "../core/model.h"

void body_free(alecable_model *m, alecable_body *b);
void joint_free(alecable_model *m, alecable_joint *j);
/* a zeroed joint of the given kind with count units and neq equations (NULL:
 * out of memory); joint_push registers it (and frees it when that fails) */
alecable_joint *joint_new(alecable_model *m, int kind, int count, int neq);
int joint_push(alecable_model *m, alecable_joint *j, alecable_joint **out);
/* handle checks at the API boundary: 0, or the error (set on m for bodies) */
int body_check(alecable_model *m, const alecable_body *b, const char *arg);
int joint_check(const alecable_joint *j);
/* a joint of model m and of the given kind (JOINT_*), named arg in the
 * error, what the kind is called in it */
int joint_check_kind(alecable_model *m, const alecable_joint *j, int kind, const char *arg, const char *what);
/* j->map for the local block d (n dofs and rows): 0, or -1 when out of
 * memory or an entry is missing from the pattern */
int joint_map_block(alecable_model *m, alecable_joint *j, const sp_pattern *p, const int *d, int n);

/* q <- q (+) scale dq on the body coordinates only (core adds the rest):
 * x by addition, R <- R exp(scale dpsi^) */
void bodies_update(const alecable_model *m, double *q, const double *dq, double scale);

/* pattern and maps, after the numbering (rows of joints from j->row0) */
int  body_pattern(const alecable_body *b, sp_builder *bld);
int  body_maps(alecable_model *m, alecable_body *b, const sp_pattern *p);

/* What a joint kind provides; core reaches joints only through j->ops.
 *  - pattern: its blocks (dofs and rows from j->row0) after the numbering;
 *    maps: their value positions (0, or -1 when one is missing / no memory);
 *  - eval: r (when not NULL) r_q += G^T lambda (plus springs, dampers,
 *    motors and penalty forces), r_lambda = g(q, t); values (when not NULL)
 *    its Jacobian, the q-block (geometric terms, springs) weighted by cq and
 *    the v-block (dampers) by cv; v is NULL in quasistatics;
 *  - energy: the potential of its springs (NULL: none);
 *  - rates: gdot = dg/dt and gamma (d2g/dt2 = G a + gamma), problem.h;
 *  - holds: 1 when the joint holds that dof of node n (ALECABLE_DOF_*), by
 *    which a Kirchhoff cable's roll counts as held (NULL: none);
 *  - check: at finalize, before the numbering: 0, or the error why the
 *    model as it now is cannot take the joint (set on m; NULL: none);
 *  - history: state the joint keeps from one converged step to the next
 *    (friction: where each contact stuck), alecable_problem's history:
 *    op HIST_SIZE returns its length; HIST_GET copies it to buf, HIST_SET
 *    from buf; HIST_COMMIT advances it to the converged (q, lambda) at
 *    load factor or time t (NULL: none);
 *  - power: the power its reactions supply beyond the ideal ones, where its
 *    q-rows hold W^T lambda instead of G^T lambda: lambda . (G - W) v
 *    (alecable_problem.reaction_power; NULL: its reactions are ideal). */
struct joint_ops {
    int (*pattern)(const alecable_joint *j, sp_builder *bld, int nq);
    int (*maps)(alecable_model *m, alecable_joint *j, const sp_pattern *p, int nq);
    void (*eval)(const alecable_joint *j, double t, const double *q, const double *v, const double *lambda, double *r,
                 int nq, double cq, double cv, double *values);
    double (*energy)(const alecable_joint *j, const double *q);
    void (*rates)(const alecable_joint *j, double t, const double *q, const double *v, double *gdot,
                  double *gamma);
    int (*holds)(const alecable_joint *j, const alecable_node *n, int dof);
    int (*check)(alecable_model *m, const alecable_joint *j);
    int (*history)(alecable_joint *j, int op, double *buf, const double *q, const double *lambda, double t);
    double (*power)(const alecable_joint *j, const double *q, const double *v, const double *lambda);
};
enum { HIST_SIZE = 0, HIST_GET = 1, HIST_SET = 2, HIST_COMMIT = 3 };
extern const joint_ops joint_unit_ops, joint_pair_ops, joint_clamp_ops, joint_drive_ops, joint_friction_ops,
    joint_sheave_ops;
/* a pulley's circle checked (ALECABLE_EINVAL naming the bad field) and its
 * body-frame triad: unit axis a, angle-0 direction u, v = a x u (joints.c) */
int pulley_circle_frame(alecable_model *m, const alecable_pulley_params *p, double a[3], double u[3], double v[3]);
/* 1 when j is a sheave made a potential contact whose whole run lands and
 * leaves together (alecable_sheave_set_lift_off() or
 * alecable_sheave_potential()): quasistatic only, so the integrators refuse
 * it (core/dynamics.c); node by node (alecable_sheave_set_node_contact()) it
 * is 0: dynamics take it */
int sheave_lifts_off(const alecable_joint *j);
/* 1 when the sheave's last HIST_COMMIT ended a landing node's first step on
 * the circle (node by node), else 0: the model's history_commit then returns
 * ALECABLE_CONTACT_CLOSED */
int sheave_switched(const alecable_joint *j);
/* The force the sheave's rows put on its interior node i, in the body frame
 * (u[m]: the body-frame positions of nodes i-1, i, i+1):
 *   F = (l1 y + l2 (u_(i-1) - u_(i+1)) + lm (u_i - u_(i-1)) + lp (u_(i+1) - u_i)) / r,
 * y = u_i - c, with lam = (l1, l2, lm, lp) the node's circle and mesh
 * multipliers and its interior neighbours' mesh multipliers, each taken
 * where its row acts on the node in space (use[k] = 1) and 0 where not
 * (sheave_force_rows); its normal part N = -n . F, n the outward normal,
 * is the normal force of alecable_sheave_node() and of the friction laws */
void sheave_force_rows(const alecable_joint *j, int i, int use[4]);
void sheave_node_force(const alecable_joint *j, const double (*u)[3], const double lam[4], double F[3]);

/* weight of the bodies (gravity at the centre of mass) and the body loads:
 * W, r += dW/dq, values += cq d2W (on the 6 x 6 body blocks) */
double bodies_energy(const alecable_model *m, const double *q, double scale);
void   bodies_residual(const alecable_model *m, const double *q, double scale, double *r);
void   bodies_jacobian(const alecable_model *m, const double *q, double scale, double cq, double *values);
int    body_load_applies(const alecable_load *l); /* a body force or torque */
/* their load kinds (body.c): the bodies' own sums above evaluate them */
extern const load_ops load_body_force_ops, load_body_torque_ops;

/* inertia in dynamics (v, a: origin rates in space, Omega and its rate in
 * the body frame): r += M(q) a + gyroscopic terms; values += cq d/dq (along
 * the update) + cv d/dv + ca d/da on the 6 x 6 blocks; the kinetic energy */
void   bodies_inertia_residual(const alecable_model *m, const double *q, const double *v, const double *a, double *r);
void   bodies_inertia_jacobian(const alecable_model *m, const double *q, const double *v, const double *a, double cq,
                               double cv, double ca, double *values);
double bodies_kinetic(const alecable_model *m, const double *q, const double *v);

/* Point masses at cable nodes (point_mass.c): the maps of their 3 x 3
 * position blocks (after the pattern; 0 or an error set on m); the potential
 * of their weight and buoyancy; r += weight, buoyancy, and with v their drag,
 * with v and a their inertia (and in a sea Froude-Krylov), at the motions'
 * time t; values += cq (a sea's gradients), cv (drag) and ca (inertia)
 * terms (v NULL: statics, none); M a alone (ac_inertia); their kinetic
 * energy; 1 when their forces have the potential above (no body in a sea) */
int    point_masses_maps(alecable_model *m, const sp_pattern *pat);
double point_masses_energy(const alecable_model *m, const double *q, double scale);
void   point_masses_residual(const alecable_model *m, double t, const double *q, const double *v, const double *a,
                             double scale, double *r);
void   point_masses_jacobian(const alecable_model *m, double t, const double *q, const double *v, const double *a,
                             double scale, double cq, double cv, double ca, double *values);
void   point_masses_inertia(const alecable_model *m, double t, const double *q, const double *a, double *r);
double point_masses_kinetic(const alecable_model *m, double t, const double *q, const double *v);
int    point_masses_conservative(const alecable_model *m);

/* Geometry of unit i of a wrap at q (NULL: the current state): the outward normal n
 * and the tangent t (towards increasing s) in space. */
void   wrap_frame(const alecable_joint *j, int i, const double *q, double n[3], double t[3]);
/* rotation of a body at q */
void   body_rotation(const alecable_body *b, const double *q, double R[9]);

#endif
