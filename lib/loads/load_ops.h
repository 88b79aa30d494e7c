/* What a load kind tells the rest of the library, so that assembly,
 * finalize and the energy check call a load through l->ops instead of
 * naming its kind (as el_ops does for elements and joint_ops for joints).
 *
 * A new load kind plugs in like this: its file (lib/loads/NAME.c, or the
 * folder of the part it acts on) defines one `const load_ops` with its
 * LOAD_* kind, declares it here (or in its folder's header) and creates its
 * loads with ac_load_alloc(m, &its_ops).  Fill only the entries it needs:
 * eval for a part that depends on q alone (a potential, or a force the load
 * factor scales), element for a part evaluated element by element with the
 * rates (velocity-dependent field loads over l->first_el, l->n_el), maps and
 * pattern for Jacobian entries outside the elements' blocks, check for what
 * finalize must refuse.  The table holds only what at least two kinds do
 * differently; what one kind alone needs stays in its own file, and its
 * per-load data in struct alecable_load (lib/core/model.h). */
#ifndef ALECABLE_LOAD_OPS_H
#define ALECABLE_LOAD_OPS_H

#include "../core/model.h"

/* what the load acts on: where its data is (l->node, l->cable with s or an
 * element range, l->body, l->joint) */
enum { LOAD_ON_NODE, LOAD_ON_PARTICLE, LOAD_ON_CABLE, LOAD_ON_BODY, LOAD_ON_JOINT };

/* flags */
enum {
    LOAD_WORKS = 1,      /* supplies work of its own (no potential): the model's energy is not complete */
    LOAD_CONFIG = 2,     /* a force at a mesh node: eq. 47's configurational force works on its s (solve.c) */
    LOAD_UNRAMPED = 4,   /* its element part is a material property: not scaled by the load factor */
    LOAD_NO_VECTOR = 8,  /* alecable_load_set refuses: the kind has no force vector */
    LOAD_INERTIA = 16    /* its element part reads accelerations (added mass): ac_inertia evaluates it */
};

struct load_ops {
    int kind;         /* LOAD_*: the few checks that remain by name */
    const char *name; /* in messages: "a friction load has no force vector" */
    int acts_on;      /* LOAD_ON_* */
    unsigned flags;
    /* alecable_load_set's new force vector where the kind keeps a copy elsewhere (NULL: f only) */
    void (*set)(alecable_load *l, const double f[3]);
    /* finalize: refuse what the model cannot hold (i: the load's index, for the message) */
    int (*check)(alecable_model *m, const alecable_load *l, int i);
    /* finalize: entries outside the elements' blocks; then their positions (an ALECABLE_* status,
     * the message set) */
    int (*pattern)(const alecable_load *l, sp_builder *b, int nq);
    int (*maps)(alecable_model *m, alecable_load *l, const sp_pattern *p, int nq);
    /* the part that depends on q only at load factor scale: energy into *w, -force into r, its
     * q-derivative into values (each may be NULL; scratch holds an element matrix) */
    void (*eval)(const alecable_load *l, const double *q, double scale, double *w, double *r, double *values,
                 double *scratch);
    /* the element part over l->first_el.. (l->n_el, -1: to the cable's end): re and ke as
     * hydro_element's (ve, ae may be NULL); nonzero: the element gives nothing */
    int (*element)(const alecable_model *m, const alecable_load *l, const alecable_element *e, double t,
                   const double *qe, const double *ve, const double *ae, double *re, double cq, double cv,
                   double ca, double *ke);
    /* does the element part enter a Jacobian under ALECABLE_JAC_STIFF_ONLY (NULL: yes) */
    int (*stiff)(const alecable_load *l);
};

extern const load_ops load_node_ops, load_material_ops, load_distributed_ops, load_hydro_ops, load_friction_ops,
    load_moment_ops, load_wrench_ops, load_seabed_ops, load_damping_ops;

#endif
