/* The mesh-motion law of ALE dynamics: where a node's s and x are both free,
 * nothing in the equations of motion says how the mesh moves (mesh motion and
 * material flow along the tangent are the same motion, and the mass matrix is
 * singular along it).  In dynamics the law adds linear rows on s; quasistatics
 * keeps paper 000's regularization and never sees them. */
#ifndef ALECABLE_MESH_MOTION_H
#define ALECABLE_MESH_MOTION_H

#include "../core/model.h"

/* Chooses the layout of the model's next uses: dyn = 1 for dynamics (the
 * law's rows, when the law is on and some node needs it), 0 for statics (no
 * rows).  A finalized model whose rows would change is finalized again, its
 * state (q, v, t, the multipliers of its constraints and joints) kept. */
int  mesh_layout(alecable_model *m, int dyn);
/* At finalize, after the constraints' and joints' rows are numbered: builds
 * the law's rows (m->nlam and m->nlam_mesh grow); ALECABLE_ENOMEM or OK */
int  mesh_build(alecable_model *m);
int  mesh_pattern(const alecable_model *m, sp_builder *b);
int  mesh_maps(alecable_model *m);
void mesh_free(alecable_model *m);
/* r_q += G^T lambda, r_lambda = g; values += G, G^T; the rates (g is linear
 * and homogeneous or constant: gdot = G v, gamma = 0) */
void mesh_residual(const alecable_model *m, const double *q, const double *lambda, double *r);
void mesh_jacobian(const alecable_model *m, double *values);
void mesh_rates(const alecable_model *m, const double *v, double *gdot, double *gamma);
/* does the law (in the current layout) hold the node's s where it is (a free end, or a node
 * between anchors whose s are fixed)? */
int  mesh_holds_s(const alecable_model *m, const alecable_node *n);
/* What holds each dof of q (a finalized model): an array of m->nq marks to
 * give back with ac_free, or NULL (no memory); and whether a node of an ALE
 * cable is an anchor by them: its s in a constraint or held by a joint, or
 * its position in constraints in all three directions.  A node that is no
 * anchor has a mesh motion that only the law (dynamics) or the
 * regularization (statics) picks. */
int *mesh_marks(alecable_model *m);
int  mesh_is_anchor(const int *f, const alecable_node *n);
/* and whether its s is held: a single-dof constraint (fixed, prescribed or
 * driven) or a joint that says so (joint_ops.holds: a clamp) */
int  mesh_s_held(const int *f, const alecable_node *n);

#endif
