/* The model: objects, DOF numbering, the fixed pattern and the scatter maps.
 * This is core's folder header; constraints/, loads/ and io/ read the model
 * through it.  Integrators never include it: they see only problem.h. */
#ifndef ALECABLE_CORE_MODEL_H
#define ALECABLE_CORE_MODEL_H

#include "alecable.h"
#include "alloc.h"
#include "slab.h"
#include "../elements/element.h"
#include "../loads/field_loads.h"
#include "../loads/seabed.h"
#include "../loads/damping.h"
#include "../sparse/sparse.h"

#include <stdarg.h>
#include <stddef.h>

enum {
    MAGIC_MODEL = 0x4d4f444cu,
    MAGIC_CABLE = 0x4341424cu,
    MAGIC_NODE = 0x4e4f4445u,
    MAGIC_ELEMENT = 0x454c454du,
    MAGIC_CONSTRAINT = 0x434f4e53u,
    MAGIC_LOAD = 0x4c4f4144u,
    MAGIC_BODY = 0x424f4459u,
    MAGIC_JOINT = 0x4a4f494eu,
    MAGIC_STAMP = 0x5354414du,
    MAGIC_POINT_MASS = 0x504d4153u
};

#define NODE_MAX_DOF 8

/* (the ints next to magic: no padding; a node is one of the two blocks per
 * element a model holds, so its bytes count at 10^5 elements) */
struct alecable_node {
    unsigned magic;
    int index;        /* in its cable */
    int ndof;         /* axial: 4 (x, y, z, s); ANCF: 7 (r, r', s); Kirchhoff: 8 (r, r', roll, s);
                       * body: 6 (x, psi) */
    int nfree;        /* of those, the ones in q (after finalize): ndof, or ndof - 1 on a
                       * Lagrangian cable, whose s (always last) is a constant kept in q[] below */
    int sidx;         /* position of s among the node's dofs; -1 for a body */
    int dof0;         /* first dof in q (after finalize) */
    alecable_model *model;
    alecable_cable *cable;  /* NULL: the coordinates of a rigid body (see alecable_body) */
    double q[NODE_MAX_DOF]; /* mirror of the model's state, in the element's node layout */
    /* (its neighbouring elements in the cable: ac_node_left, ac_node_right) */
    /* Kirchhoff and SE(3) nodes: the roll chart (t1_ref, t2_ref) the roll is
     * measured from (lib/core/beam.c), 6 values in the node's own block just
     * after the struct (cable.c, ac_node_chart); chart_set: 0 until finalize
     * builds it */
    unsigned char chart_set;
    /* ANCF and Kirchhoff nodes: 1 once alecable_node_set_slope set the slope,
     * which the chords of later elements then leave alone */
    unsigned char slope_user;
    /* ANCF and Kirchhoff interior nodes: the stretch split
     * (alecable_node_split_stretch, lib/elements/split.c): the right
     * element's slope here is (1 + rho) r', rho an unknown of its own at
     * q[xdof] (after finalize; -1: not split), mirrored in rho */
    unsigned char split;
    int xdof;
    double rho;
};

/* material coordinate of a node, and its index in q (-1: a Lagrangian cable's
 * node, whose s is not an unknown) */
static inline double node_s(const alecable_node *n) { return n->q[n->sidx]; }
static inline int node_sdof(const alecable_node *n) { return n->sidx >= 0 && n->sidx < n->nfree ? n->dof0 + n->sidx : -1; }
/* s of a node in the state q (its constant on a Lagrangian cable) */
static inline double node_s_at(const alecable_node *n, const double *q)
{
    int k = node_sdof(n);
    return k >= 0 ? q[k] : node_s(n);
}
/* node-local position of a public dof id (ALECABLE_DOF_*), or -1 if the node has none */
int ac_node_local_dof(const alecable_node *n, int dof);

struct alecable_element {
    unsigned magic;
    int index;        /* in its cable */
    alecable_cable *cable; /* (its model: cable->model) */
    const el_ops *ops;
    alecable_node *a, *b;  /* (its dofs: ac_element_dof) */
    /* positions of the element's block in the Jacobian values, read through
     * ac_element_pos / ac_element_add (loads and others); assemble.c alone reads it
     * directly.  Full form: ndof*ndof ((ndof + 2)^2 when xdof >= 0), row-major, -1
     * where an entry is not in the system.  Run form (runs): the rows of each node
     * are consecutive values in every column, so a scattered column (the s columns
     * are not) needs only its first positions of node a's rows and of node b's:
     * 2 (ndof - 2) ints, columns 0 .. h-2 then h .. ndof-2 (ANCF 96 B, not 784). */
    int *map;
    int xdof;         /* the stretch split of end A (node a split): rho's index in q, else -1 */
    unsigned char runs; /* 1: a Lagrangian element whose nodes' dofs are consecutive (dofs[k] = a->dof0 + k,
                         dofs[h + k] = b->dof0 + k, k < h - 1, h = ndof / 2) and at consecutive values in
                         every column of its block (finalize.c): map has the run form, the scatters add runs */
    unsigned char assign; /* runs elements: the blocks this element writes first in the Jacobian's values, so it
                         assigns them instead of adding to zeros (finalize.c's assign plan): bit 0 node a's
                         columns and rows, bit 1 a's columns b's rows, bit 2 b's columns a's rows, bit 3 b's */
    /* last: the element of a kind whose kernels read only the parameters
     * before EI3 (axial, ANCF: ac_element_bytes) is allocated without the
     * rest (96 bytes of Kirchhoff and SE(3) parameters per element), so
     * nothing may read or copy par whole; its kernels get &e->par */
    el_params par;
};

/* The bytes of an element of the given kind (cable.c allocates that much) */
static inline size_t ac_element_bytes(int kind)
{
    return kind == ALECABLE_ELEMENT_KIRCHHOFF || kind == ALECABLE_ELEMENT_SE3
               ? sizeof(struct alecable_element)
               : offsetof(struct alecable_element, par) + offsetof(el_params, EI3);
}

struct alecable_cable {
    unsigned magic;
    alecable_model *model;
    int kind;
    const el_ops *ops;
    alecable_section section;
    int lagrangian;   /* 1: material coordinates are constants, not unknowns */
    /* Kirchhoff cables (lib/core/beam.c): bending and twisting, set by
     * alecable_cable_set_beam (has_beam), and an optional natural shape per
     * element (3 values each, n_shape elements; NULL: the uniform one) */
    alecable_beam_params beam;
    int has_beam;
    /* SE(3) cables: the shear stiffnesses along t2, t3 (alecable_cable_set_shear) */
    double GA[2];
    int has_shear;
    double *shape;
    int n_shape;
    int n_nodes, cap_nodes;
    alecable_node **nodes;
    int n_el, cap_el;
    alecable_element **el;
    /* the blocks of alecable_cable_line's nodes and elements (cable.c; each
     * block's ranges say which); the others are blocks of their own */
    ac_slab *slabs;
    /* sections along the cable (alecable_cable_set_section_range, cable.c):
     * the ranges in the order set, a later one over an earlier; the
     * elements' parameters hold them, the beam's (beam.c) and the weight's
     * difference from the cable's own section (segments.c) read them here */
    struct ac_section_range *ranges;
    int n_ranges;
};

typedef struct ac_section_range {
    int first, n;
    alecable_section s;
} ac_section_range;
/* the section of a cable's element i: the last range over it, else the cable's */
const alecable_section *ac_element_section(const alecable_cable *c, int i);
/* segments.c: the weight of the elements whose rho A differs from their
 * cable's (gravity's load in the element loop is the cable's section's):
 * (rhoA_e - rhoA_c) g per unit material length, as a distributed load with
 * its potential, force and tangent (weighted by cq); and finalize's check */
double ac_segments_energy(const alecable_model *m, const double *q, double scale);
void ac_segments_residual(const alecable_model *m, const double *q, double scale, double *r);
void ac_segments_jacobian(const alecable_model *m, const double *q, double scale, double cq, double *values);
int ac_segments_check(alecable_model *m);

/* A cable node's neighbouring elements (NULL at the cable's ends and for a
 * body's node): element k joins nodes k and k + 1 of its cable */
static inline alecable_element *ac_node_left(const alecable_node *n)
{
    return n->cable && n->index > 0 ? n->cable->el[n->index - 1] : NULL;
}
static inline alecable_element *ac_node_right(const alecable_node *n)
{
    return n->cable && n->index < n->cable->n_el ? n->cable->el[n->index] : NULL;
}
/* The roll chart of a Kirchhoff or SE(3) node (6 values after its struct:
 * cable.c), NULL for the other nodes */
static inline double *ac_node_chart(const alecable_node *n)
{
    return n->cable && (n->cable->kind == ALECABLE_ELEMENT_KIRCHHOFF || n->cable->kind == ALECABLE_ELEMENT_SE3)
               ? (double *)(void *)((alecable_node *)n + 1)
               : NULL;
}

/* a node of an SE(3) cable: x, the rotation vector psi (ALECABLE_DOF_RX .. RZ), s */
static inline int ac_node_is_se3(const alecable_node *n) { return n->cable && n->cable->kind == ALECABLE_ELEMENT_SE3; }

enum { CON_FIX = 0, CON_PRESCRIBE = 1, CON_LINEAR = 2, CON_MOTION = 3 };

struct alecable_constraint {
    unsigned magic;
    alecable_model *model;
    int kind;
    int count;              /* terms */
    alecable_node **nodes;  /* count */
    int *ndof;              /* node-local dof per term */
    double *coef;
    int *dofs;              /* global dof per term (after finalize) */
    double rhs, rhs_rate;   /* g = sum coef q - (rhs + t rhs_rate) */
    alecable_motion_fn motion; /* CON_MOTION: g = q - value(t) */
    void *motion_user;
    int row;                /* multiplier index in lambda (after finalize) */
    int *map_gt, *map_g;    /* positions of G^T (column row) and G (row) entries */
    double lambda;          /* multiplier mirror */
};

/* A rigid body: its six coordinates live in an embedded node (x, psi with
 * R = exp(psi^)), so fix/prescribe constraints and the numbering treat it
 * like any node.  lib/bodies/ holds its terms. */
struct alecable_body {
    unsigned magic;
    alecable_model *model;
    alecable_node node;
    double mass, com[3];
    double Jo[9];           /* inertia about the frame's origin, body frame (parallel axes from params) */
    double v0[6];           /* initial velocity: origin (space), angular (body frame) */
    int *map;               /* 6 x 6 block of the body's dofs (after finalize) */
};

enum { JOINT_ATTACH = 0, JOINT_WRAP = 1, JOINT_REVOLUTE = 2, JOINT_CLAMP = 3, JOINT_DRIVE = 4, JOINT_SPHERICAL = 5,
       JOINT_FIXED = 6, JOINT_PRISMATIC = 7, JOINT_FRICTION = 8, JOINT_SHEAVE = 9 };
typedef struct joint_ops joint_ops; /* lib/bodies/bodies.h */

/* Constraints with several equations, nonlinear in body rotations
 * (lib/bodies/joints.c).  Attach and wrap are made of units: a node held on
 * a body-frame point (3 equations each). */
struct alecable_joint {
    unsigned magic;
    alecable_model *model;
    int kind;
    const joint_ops *ops;
    int neq, row0;          /* equations; first multiplier index (after finalize) */
    alecable_body *a, *b;   /* revolute: a and b; attach and wrap: b */
    int count;              /* units */
    alecable_node **nodes;  /* count */
    double *pts;            /* 3 count body-frame points */
    double *normal;         /* wrap: 3 count outward unit normals (body frame) */
    double *tangent;        /* wrap: 3 count unit tangents towards increasing s (body frame) */
    double centre[3], axis[3], ref[3], radius; /* wrap, sheave: the circle (body frame; ref: angle 0) */
    double pa[3], pb[3], axis_a[3], u_a[3], w_a[3], axis_b[3], u_b[3], w_b[3], k; /* pair joints (body frames) */
    double damping;             /* revolute, prismatic: c of the damper's force -c dc/dt on the coordinate */
    alecable_torque_fn motor;   /* revolute, prismatic: the host's motor torque or force */
    void *motor_user;
    double *lambda;         /* neq multipliers (mirror) */
    int *map;               /* attach/wrap: count blocks of 12 x 12; pair joints, clamp, drive: their block */
    /* clamp (lib/bodies/clamp.c): what it holds (ALECABLE_CLAMP_*), its
     * frame (pts: the point, frame: rotation, both in b's frame with a body,
     * else in space; frame_pending: taken from the node at finalize), the
     * host's motion, the penalty */
    int hold, frame_pending;
    double frame[9];
    alecable_frame_fn motion;
    void *motion_user;
    double penalty;
    /* the kind's own data, one block freed with the joint (friction:
     * lib/friction/contact.h; sheave: lib/bodies/sheave.c) */
    void *ext;
    /* sheave: the friction laws acting on it (lib/friction), which read its
     * normal force through the default (gradient) mesh reaction */
    int friction_users;
};

enum { LOAD_NODE = 0, LOAD_MATERIAL = 1, LOAD_DISTRIBUTED = 2, LOAD_HYDRO = 3, LOAD_FRICTION = 4,
       LOAD_BODY_FORCE = 5, LOAD_BODY_TORQUE = 6, LOAD_PULLEY_FRICTION = 7, LOAD_NODE_MOMENT = 8,
       LOAD_WRENCH = 9, LOAD_SEABED = 10, LOAD_DAMPING = 11 };
typedef struct load_ops load_ops; /* lib/loads/load_ops.h */

struct alecable_load {
    unsigned magic;
    alecable_model *model;
    int kind;               /* ops->kind */
    const load_ops *ops;    /* what the kind does: dispatch goes through it */
    double f[3];
    alecable_node *node;    /* LOAD_NODE */
    alecable_cable *cable;  /* LOAD_MATERIAL, LOAD_DISTRIBUTED */
    double s;               /* LOAD_MATERIAL */
    int *map;               /* LOAD_NODE: row of the node's s against its neighbours' dofs */
    int config;             /* LOAD_NODE (finalize): 1 when the node's s is an unknown that no
                             * single-dof constraint or joint holds: eq. 47's force works on it */
    hydro_params hp;        /* LOAD_HYDRO */
    friction_params fp;     /* LOAD_FRICTION */
    int first_el, n_el;     /* LOAD_HYDRO, LOAD_FRICTION: elements acted on */
    int weight;             /* LOAD_FRICTION: the normal load includes the cable's weight */
    alecable_body *body;    /* LOAD_BODY_*: the body; f, p: force (or torque) and body-frame point */
    double p[3];
    alecable_joint *joint;  /* LOAD_PULLEY_FRICTION: the wrap; mu, flow; map: see lib/friction */
    double mu;
    int flow;
    int follower;           /* LOAD_NODE_MOMENT: f given in the node's section frame (lib/loads/moment.c) */
    /* LOAD_WRENCH (lib/loads/wrench.c): densities (force, moment) in the
     * section frame, 6 per element (wrench) or uniform (f, p), or the host's */
    double *wrench;
    alecable_wrench_fn wrench_fn;
    void *wrench_user;
    seabed_params sb;       /* LOAD_SEABED (lib/loads/seabed.c): its grid heights owned */
    damping_params dp;      /* LOAD_DAMPING (lib/loads/damping.c): first_el, n_el as LOAD_HYDRO */
};

/* The ctx of a model's problem (alecable_model_problem): the model and its
 * generation then.  Every change that needs a new finalize bumps the
 * model's generation (ac_model_changed), so the callbacks and the
 * integrators tell a problem made before it, whose sizes and pattern are
 * gone, and refuse it.  Stamps live as long as the model: integrators keep
 * pointers to them. */
typedef struct ac_stamp {
    unsigned magic;
    alecable_model *m;
    unsigned long gen;
    struct ac_stamp *next;
} ac_stamp;

/* growable array of pointers */
typedef struct ptr_list {
    int n, cap;
    void **p;
} ptr_list;

/* m->ework: the element kernels' scratch */
#define AC_EWORK_ELEMENT (4 * EL_MAX_DOF * EL_MAX_DOF)

struct alecable_model {
    unsigned magic;
    ac_alloc alloc;
    char errmsg[512];
    double gravity[3];
    ptr_list cables, constraints, loads, bodies, joints;
    int dirty;              /* objects changed since finalize */
    unsigned long gen;      /* changes that need a new finalize (ac_model_changed) */
    const char *changed;    /* the first since the last problem was made, for messages ("a load was added") */
    ac_stamp *stamps;       /* the problems' ctx handed out (assemble.c), freed with the model */

    /* after finalize */
    int nq, nlam, n;
    double *q, *lam, *v;    /* state (v: velocities pulled from an integrator) */
    alecable_problem prob;  /* the problem handed to integrators (must outlive them) */
    double t;               /* load factor (quasistatic) of the state */
    int ramp_loads;         /* 1: loads scale with t (quasistatic load factor) */
    sp_pattern pat;
    int *dof_class, *partner;
    double *ework;          /* element scratch (AC_EWORK_ELEMENT) */
    double *scale_work;     /* n values for the residual scale's groups (scale.c): allocated by the first
                             * residual_scale, which the semi-implicit methods never call */
    double *zero_q;         /* nq zeros (velocities of ac_inertia's bodies and hydrodynamic loads; NULL
                             * without them: finalize.c) */
    /* the Jacobian's values without a memset of all of them (finalize.c's
     * assign plan, assemble.c): the positions no element assigns, zeroed
     * before each evaluation, and each element's blocks that it assigns
     * (alecable_element.assign); 0 assign_ok: memset */
    int *zero_pos, n_zero_pos, assign_ok;
    /* the element blocks' scatter (assemble.c) in its AVX2 copy: ac_isa()'s
     * choice at finalize, like the other parts' copies (isa.h) */
    int scatter_v3;
    void *qs;               /* quasistatic solver workspace (integrators/) */
    /* the clock (lib/core/clock.c): the time of the state [s]; hold_clock:
     * inside a quasistatic solve whose motions stand at `time`, not at the
     * problem's t (a load factor there); motions_at_t: the state's motions
     * stand at t (a 0.2 caller's quasistatic pull) */
    double time;
    int hold_clock, motions_at_t;
    /* the first host callback that failed in the evaluation under way
     * (ac_callback_failed): its value (0: none) and the message naming it */
    int cb_rc;
    char cbmsg[256];
    /* the mesh-motion law of ALE dynamics (lib/constraints/mesh_motion.c):
     * the user's law (ALECABLE_MESH_*, 0 the default), the layout finalize
     * builds (1: the dynamic one, with the law's rows) and its rows: the last
     * nlam_mesh of the nlam multipliers, which the model's sizes and state
     * leave out (the problem and the integrators see them) */
    int mesh_law, mesh_dyn, nlam_mesh;
    int unplaced_load; /* finalize: the first point load on a node of free s and x (solve.c), or -1 */
    struct mesh_rows *mesh;
    ac_slab *maps;          /* the blocks of the elements' scatter maps (finalize.c) */
    ptr_list seas;          /* alecable_sea (lib/loads/waves.c): one block each, freed with the model */
    ptr_list point_masses;  /* alecable_point_mass (lib/bodies/point_mass.c), freed with the model */
};

/* Where prescribed motions, motion callbacks, driven bodies, clamp frames,
 * motors and wrench callbacks are evaluated for the problem's t, and where
 * those of the model's state stand (queries after a solve). */
static inline double ac_motion_time(const alecable_model *m, double t) { return m->hold_clock ? m->time : t; }
static inline double ac_state_time(const alecable_model *m) { return m->motions_at_t ? m->t : m->time; }
/* The clock of alecable_solve_quasistatic(): the mode for the caller's
 * options (o, NULL for the defaults) and opt (their checked copy), or an
 * error recorded on m; begin/end around the load steps. */
int ac_clock_mode(alecable_model *m, const alecable_quasistatic_options *o, const alecable_quasistatic_options *opt,
                  int *mode);
void ac_clock_begin(alecable_model *m, int mode);
void ac_clock_end(alecable_model *m, int mode);

/* errors: sets m->errmsg (printf format) and returns code */
int ac_fail(alecable_model *m, int code, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
void ac_clear_error(alecable_model *m);
/* A host callback returned rc != 0 at t (rc = 0: it returned something
 * unusable, which what says): the evaluation under way fails with
 * ALECABLE_ECALLBACK (lib/core/assemble.c), its message "<what> returned rc
 * at t = ..." (printf format for what) */
void ac_callback_failed(alecable_model *m, int rc, double t, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

int ac_list_push(alecable_model *m, ptr_list *l, void *p);
/* frees a cable's nodes and elements (cable.c: some sit in its slabs) */
void ac_cable_free_objects(alecable_model *m, alecable_cable *c);
/* position of p in l, or -1 (for messages) */
int ac_list_index(const ptr_list *l, const void *p);
/* A change that needs a new finalize: marks the model dirty and starts a new
 * generation, so problems and integrators made before refuse to run;
 * what names it in their messages ("a load was added"). */
void ac_model_changed(alecable_model *m, const char *what);
/* The model behind a problem's ctx, or NULL (and the model's message set)
 * when the model changed since the problem was made. */
alecable_model *ac_ctx_model(void *ctx);
/* The ctx for a problem of m at its current generation (NULL: out of memory) */
ac_stamp *ac_stamp_current(alecable_model *m);
/* Largest element count of a model: its sparsity pattern is indexed by int
 * (EL_MAX_DOF^2 entries per element at most) */
#define AC_MAX_ELEMENTS (0x7fffffff / (EL_MAX_DOF * EL_MAX_DOF))
/* A zeroed load of the given kind (NULL when out of memory, recorded on m);
 * the caller fills it in and registers it with ac_load_push, which frees it
 * when that fails. */
alecable_load *ac_load_alloc(alecable_model *m, const load_ops *ops);
int ac_load_push(alecable_model *m, alecable_load *l, alecable_load **out);

/* handle checks: 0 or an error already recorded on m (if m is known) */
int ac_check_model(const alecable_model *m);
int ac_check_node(alecable_model *m, const alecable_node *n, const char *arg);
int ac_check_cable(alecable_model *m, const alecable_cable *c, const char *arg);
int ac_is_finite3(const double v[3]);
/* |v| of a direction the user gives, or 0 when v is zero or so large or
 * small (|v| beyond 1e150 or below 1e-150) that |v| and v/|v| lose it:
 * {1e308, 1e308, 0} is finite but its length overflows */
double ac_direction_norm(const double v[3]);

/* state */
int ac_finalize(alecable_model *m);
void ac_sync_nodes(alecable_model *m);   /* q -> node mirrors, lambda -> constraints */
/* gathers an element's dof values from q (a Lagrangian cable's s from its
 * nodes), and from a velocity or acceleration vector (its s rate: 0) */
/* slack.c: the quasistatic solver's last word on a converged q (qs_set_accept,
 * ctx the model): ALECABLE_EUNSTABLE with msg when an element of a cable without
 * bending stiffness is compressed beyond round-off where it could leave its
 * line (held[i]: q[i] held by a fix) */
int ac_string_accept(const void *ctx, const double *q, const unsigned char *held, char *msg, size_t len);
void ac_gather(const alecable_element *e, const double *q, double *qe);
void ac_gather_rate(const alecable_element *e, const double *v, double *ve);
/* An element's k-th dof in q (its layout: node a's dofs, then node b's; -1
 * where it has none, a Lagrangian cable's s), from its nodes' numbering
 * (after finalize): no copy kept per element */
static inline int ac_element_dof(const alecable_element *e, int k)
{
    const int h = e->ops->node_ndof;
    const alecable_node *n = k < h ? e->a : e->b;
    k -= k < h ? 0 : h;
    return k < n->nfree ? n->dof0 + k : -1;
}
/* The stretch split (lib/elements/split.c): an element's block size (its
 * dofs, + rho_A, rho_B when its end A is split), its global dofs in that
 * layout (xd filled: rho_B never has an unknown, -1; the pointer returned is xd), and its
 * (rho_A, rho_B) at q (NULL: the nodes' mirrors) */
int ac_element_block(const alecable_element *e);
const int *ac_split_dofs(const alecable_element *e, int *xd);
/* The position in the Jacobian values of entry (r, c) of an element's block
 * (ac_element_block's layout), -1 when the entry is not in the system (a
 * Lagrangian element's s rows and columns, fixed dofs); whatever map's form. */
static inline int ac_element_pos(const alecable_element *e, int r, int c)
{
    int h;
    if (!e->runs) return e->map[r * ac_element_block(e) + c];
    h = el_ndof(e->ops) / 2;
    if (r % h == h - 1 || c % h == h - 1) return -1;
    return e->map[2 * (c - c / h) + r / h] + r % h;
}
/* values += w ke, ke the element's ndof x ndof matrix over its own dofs
 * (row-major, el_ndof's layout: a split element's rho rows and columns are
 * not in it); entries not in the system are dropped.  Each position gets
 * one addition, so the sums do not depend on the order. */
void ac_element_add(const alecable_element *e, double w, const double *ke, double *values);
/* the ints of an element's map (memory report) */
int ac_element_map_ints(const alecable_element *e);
double ac_split_rho(const alecable_element *e, const double *q, double rho[2]);
/* split.c: the split nodes of the model; a split element's force fe and
 * Hessian ke (either NULL) of its energy and, with b, the work of the force
 * density b, in the block layout above; its energy */
int ac_split_count(const alecable_model *m);
void ac_split_eval(const alecable_element *e, const double *q, const double *b, double *fe, double *ke);
double ac_split_energy(const alecable_element *e, const double *q);
int ac_split_check(alecable_model *m); /* finalize's checks of the split nodes */
/* qe (the nodes' mirrors) as the element sees it: end A's slope split */
void ac_split_output(const alecable_element *e, double *qe);

/* the model's problem callbacks */
int ac_residual(void *ctx, double t, const double *q, const double *v, const double *a,
                const double *lambda, double *r);
int ac_jacobian(void *ctx, double t, const double *q, const double *v, const double *a,
                const double *lambda, double cq, double cv, double ca, int flags, double *values);
/* alecable_problem.residual_scale of the model (scale.c) */
int ac_residual_scale(void *ctx, double t, const double *q, const double *v, const double *a,
                      const double *lambda, double *scale);
/* ac_residual_scale's pieces, for the residual that computes its scale in
 * the same element loop (assemble.c): a split element's part, and the
 * groups after the elements plus the constraint rows (scale holds the
 * elements' part; the model's cb_rc is read at the end) */
void ac_scale_split(const alecable_element *e, const double *q, const double *b, double *scale);
int ac_scale_rest(alecable_model *m, double t, const double *q, const double *v, const double *a,
                  const double *lambda, double *scale);
double ac_energy(alecable_model *m, const double *q, double t, double *w_int, double *w_ext);
/* energy.c: does the model's energy hold every non-dissipative force but
 * inertia and the constraints' (so its problem offers alecable_problem.energy)?
 * and that callback */
int ac_energy_complete(const alecable_model *m);
int ac_energy_cb(void *ctx, double t, const double *q, double *w_int, double *w_ext);

/* solve.c, at finalize: sets each point load's config, and returns the index
 * of the first point load on a node of an ALE cable that nothing anchors (its
 * s and position both free: statics cannot place it), -1 for none, -2 out of
 * memory */
int ac_place_loads(alecable_model *m);

/* "cable C node I dof D (q[k]): what to do" for the unknown q[k], for
 * messages (dofname.c): 0, or -1 when k is no node's or body's */
int ac_dof_name(const alecable_model *m, int k, char *buf, size_t len);

/* free material coordinate check used by loads: is the node's s held fixed? */
int ac_node_s_is_free(const alecable_model *m, const alecable_node *n);
/* the joint that holds the node's dof (joint_ops.holds: a clamp), or -1 */
int ac_joint_holding(const alecable_model *m, const alecable_node *n, int dof);
/* is the node's dof (ALECABLE_DOF_*) in any constraint (linear ones included)? */
int ac_node_dof_constrained(const alecable_model *m, const alecable_node *n, int dof);

/* Kirchhoff cables (beam.c): at finalize, before the numbering, the checks
 * (beam set, roll held, natural shape) and the element parameters and roll
 * charts; the roll charts as the problem's history */
int  ac_beams_prepare(alecable_model *m);
int  ac_beam_history_size(const alecable_model *m);
int  ac_beam_history_get(void *ctx, double *hist);
int  ac_beam_history_set(void *ctx, const double *hist);
int  ac_beam_history_commit(void *ctx, double t, const double *q, const double *v, const double *lambda);
/* the problem's whole history: the charts, then the joints' (history.c) */
int  ac_history_size(const alecable_model *m);
int  ac_history_get(void *ctx, double *hist);
int  ac_history_set(void *ctx, const double *hist);
int  ac_history_commit(void *ctx, double t, const double *q, const double *v, const double *lambda);

#endif
