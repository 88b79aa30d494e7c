/* libalecable: arbitrary Lagrangian-Eulerian (ALE) cable finite elements for
 * multibody systems.  The one public header.
 *
 * Conventions (see README.md):
 *  - every function returns an int status: ALECABLE_OK (0), a negative error
 *    code, or a positive recoverable condition; objects come back through an
 *    out-parameter placed first in the argument list;
 *  - handles are opaque; everything but the model is owned by its model and
 *    stays valid until alecable_model_destroy;
 *  - option structs carry their size and are filled by an _init function;
 *  - SI units, 3D, right-handed frames; no global mutable state.
 *
 * SPDX-License-Identifier: BSD-3-Clause */
#ifndef ALECABLE_H
#define ALECABLE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(ALECABLE_BUILD) && (defined(__GNUC__) || defined(__clang__))
#define ALECABLE_API __attribute__((visibility("default")))
#else
#define ALECABLE_API
#endif

#define ALECABLE_VERSION_MAJOR 0
#define ALECABLE_VERSION_MINOR 2
#define ALECABLE_VERSION_PATCH 0
#define ALECABLE_VERSION_NUMBER \
    (ALECABLE_VERSION_MAJOR * 10000 + ALECABLE_VERSION_MINOR * 100 + ALECABLE_VERSION_PATCH)

/* "MAJOR.MINOR.PATCH" of the library actually linked. */
ALECABLE_API const char *alecable_version(void);
/* ALECABLE_VERSION_NUMBER of the library actually linked. */
ALECABLE_API int alecable_version_number(void);

/* ------------------------------------------------------------------------ */
/* Status codes                                                              */
/* ------------------------------------------------------------------------ */
enum {
    ALECABLE_OK = 0,
    /* recoverable conditions (> 0) */
    ALECABLE_STEP_TOO_LARGE = 1, /* cut the load or time step and retry */
    /* errors (< 0) */
    ALECABLE_ENULL = -1,          /* a required pointer argument is NULL */
    ALECABLE_EINVAL = -2,         /* an argument is out of its domain (NaN, negative stiffness, ...) */
    ALECABLE_EHANDLE = -3,        /* a handle of the wrong kind or of another model */
    ALECABLE_ERANGE = -4,         /* an index out of range, or a missing degree of freedom */
    ALECABLE_ENOMEM = -5,         /* the allocator failed */
    ALECABLE_ESTATE = -6,         /* the call does not fit the model's state (e.g. empty model) */
    ALECABLE_ESINGULAR = -7,      /* the linear system is singular */
    ALECABLE_ENOCONV = -8,        /* Newton did not converge */
    ALECABLE_ENAN = -9,           /* a residual or a solution became NaN or infinite */
    ALECABLE_ELINSOLVE = -10      /* the linear solver failed for another reason */
};

/* Name of a status code ("ALECABLE_EINVAL: invalid argument"). Never NULL. */
ALECABLE_API const char *alecable_strerror(int code);

/* ------------------------------------------------------------------------ */
/* Handles                                                                   */
/* ------------------------------------------------------------------------ */
typedef struct alecable_model alecable_model;
typedef struct alecable_cable alecable_cable;
typedef struct alecable_node alecable_node;
typedef struct alecable_element alecable_element;
typedef struct alecable_constraint alecable_constraint;
typedef struct alecable_load alecable_load;
typedef struct alecable_body alecable_body;
typedef struct alecable_joint alecable_joint;

/* ------------------------------------------------------------------------ */
/* Model and allocator                                                       */
/* ------------------------------------------------------------------------ */

/* A host may route every allocation of one model through its own functions.
 * All three functions must be set; user is passed back unchanged.
 * (SuiteSparse's internal workspaces use SuiteSparse's own allocator.) */
typedef struct alecable_allocator {
    size_t struct_size; /* sizeof(alecable_allocator) */
    void *(*malloc_fn)(void *user, size_t size);
    void *(*realloc_fn)(void *user, void *ptr, size_t size);
    void (*free_fn)(void *user, void *ptr);
    void *user;
} alecable_allocator;

ALECABLE_API void alecable_allocator_init(alecable_allocator *a); /* the C library's functions */

/* Creates an empty model. allocator may be NULL (C library allocator). */
ALECABLE_API int alecable_model_create(alecable_model **out, const alecable_allocator *allocator);
/* Frees the model and everything it owns. NULL is accepted. */
ALECABLE_API void alecable_model_destroy(alecable_model *m);
/* Readable message for the last failure on this model ("" if none). */
ALECABLE_API const char *alecable_model_errmsg(const alecable_model *m);

typedef struct alecable_alloc_stats {
    size_t struct_size;
    size_t n_malloc;  /* allocations (malloc + calloc) so far */
    size_t n_realloc; /* reallocations so far */
    size_t n_free;    /* frees so far */
} alecable_alloc_stats;
ALECABLE_API void alecable_alloc_stats_init(alecable_alloc_stats *s);
ALECABLE_API int alecable_model_alloc_stats(const alecable_model *m, alecable_alloc_stats *s);

/* Builds the DOF numbering, the sparsity pattern, the scatter maps and the
 * solver workspaces.  Solvers call it themselves when the model changed;
 * calling it explicitly moves all allocation before the first solve. */
ALECABLE_API int alecable_model_finalize(alecable_model *m);

/* Number of generalized coordinates (nq) and of constraint equations (nlam)
 * after finalize. */
ALECABLE_API int alecable_model_sizes(const alecable_model *m, int *nq, int *nlam);

/* Whole state: q (nq values) and multipliers (nlam values), for checkpoint and
 * rollback.  The load factor of the quasistatic solver is part of the state. */
ALECABLE_API int alecable_model_get_state(const alecable_model *m, double *q, double *lambda,
                                          double *load_factor);
ALECABLE_API int alecable_model_set_state(alecable_model *m, const double *q, const double *lambda,
                                          double load_factor);

/* Total potential energy W = W_int + W_ext at the current state and load factor. */
ALECABLE_API int alecable_model_energy(alecable_model *m, double *w_int, double *w_ext);

/* Gravity acceleration (m/s^2); it loads every cable through its mass per unit
 * material length rho*A, scaled by the load factor like every load. */
ALECABLE_API int alecable_model_set_gravity(alecable_model *m, const double g[3]);

/* ------------------------------------------------------------------------ */
/* Cables, nodes and elements                                                */
/* ------------------------------------------------------------------------ */

/* Cross-section and material. E and A must be > 0, rho >= 0. */
typedef struct alecable_section {
    size_t struct_size;
    double E;   /* Young's modulus [Pa] */
    double A;   /* cross-sectional area [m^2] */
    double rho; /* density [kg/m^3] (gravity and inertia; 0 = massless) */
    double I;   /* second moment of area [m^4] (bending of ANCF cables; >= 0) */
} alecable_section;
ALECABLE_API void alecable_section_init(alecable_section *s); /* E = A = rho = I = 0 */

/* Element kinds. */
enum {
    ALECABLE_ELEMENT_AXIAL = 0, /* 2-node ALE cable, x (3) and s (1) per node (paper 000) */
    ALECABLE_ELEMENT_ANCF = 1,  /* 2-node cubic ALE-ANCF cable, r (3), r' (3), s per node (paper 001) */
    ALECABLE_ELEMENT_KIRCHHOFF = 2 /* 2-node geometrically exact Kirchhoff beam with torsion: r (3), r' (3),
                                      roll angle and s per node (papers 003, 004); needs
                                      alecable_cable_set_beam before the model is finalized */
};

/* A cable is a chain of nodes with increasing material coordinate s joined
 * by elements of one kind and one section. */
ALECABLE_API int alecable_cable_create(alecable_cable **out, alecable_model *m, int element_kind,
                                       const alecable_section *section);
/* Lagrangian cable (on = 1): its nodes' material coordinates are constants,
 * not unknowns.  Its nodes then have no s entry in q (alecable_model_sizes
 * counts 6 dofs per ANCF node, 3 per axial node), no multiplier stands for
 * holding s, and the elements skip their material rows: an ANCF cable becomes
 * the classical gradient-deficient ANCF cable, at a fraction of the cost of
 * fixing every s with alecable_fix (same motion to rounding).  s stays
 * readable (alecable_node_material) and settable between solves
 * (alecable_node_set).  Material flow needs s unknowns: constraints on
 * ALECABLE_DOF_S of its nodes (fix, prescribe, winches, alecable_attach with
 * s held: attach with s free, the cable cannot slide anyway) and pulley
 * friction on it are refused at finalize.  on = 0 makes s unknowns again.  Changes the
 * state layout: the model is finalized again before its next use. */
ALECABLE_API int alecable_cable_set_lagrangian(alecable_cable *c, int on);
/* Appends a node at position x with material coordinate s; from the second
 * node on, an element joins it to the previous node (s must increase). */
ALECABLE_API int alecable_cable_add_node(alecable_node **out, alecable_cable *c, const double x[3],
                                         double s);
/* Appends n_elements equal elements on the straight segment x_a -> x_b with
 * material coordinates s_a -> s_b.  If the cable already ends at (x_a, s_a)
 * that node is reused, otherwise a node is added there. */
ALECABLE_API int alecable_cable_line(alecable_cable *c, const double x_a[3], const double x_b[3],
                                     double s_a, double s_b, int n_elements);

/* The bending and twisting of a Kirchhoff beam (ALECABLE_ELEMENT_KIRCHHOFF),
 * beside the section's E A (stretching) and rho A (mass):
 *     W = int 1/2 EA (|r'| - 1)^2 + 1/2 EI2 (k2 - kappa2)^2 + 1/2 EI3 (k3 - kappa3)^2
 *             + 1/2 GJ (K - twist)^2 ds,
 * r' = dr/ds, k2, k3 the curvature about the section axes t2, t3, K the
 * torsion (rates per unit material length s).  The section frame (t1 along
 * r', t2, t3) starts, at the first node, with t2 along the projection of
 * params.t2 (or a direction of the library's choice when it is zero) and is
 * carried along the cable without twist; a node's roll (ALECABLE_DOF_ROLL,
 * initially 0) turns it about t1.  The roll has no inertia (paper 003): in
 * statics and dynamics it takes its equilibrium, so every cable needs its
 * roll held somewhere (alecable_clamp with ALECABLE_CLAMP_ROLL, or a fix of
 * ALECABLE_DOF_ROLL): finalize refuses a cable whose roll is held nowhere. */
typedef struct alecable_beam_params {
    size_t struct_size;
    double GJ;             /* torsional stiffness [N m^2] (required, > 0) */
    double EI2, EI3;       /* bending stiffness about t2 and t3 [N m^2]; 0 (default): E I of the section */
    double kappa2, kappa3; /* natural (stress-free) curvature about t2, t3 [1/m] (default 0) */
    double twist;          /* natural twist [rad/m] (default 0) */
    double t2[3];          /* direction of t2 at the first node (default 0: chosen by the library) */
} alecable_beam_params;
ALECABLE_API void alecable_beam_params_init(alecable_beam_params *p);
/* Sets the bending and twisting of a Kirchhoff cable (refused on other kinds). */
ALECABLE_API int alecable_cable_set_beam(alecable_cable *c, const alecable_beam_params *p);
/* A natural shape that varies along the cable: count = the number of
 * elements, and per element kappa2, kappa3 and twist (3 count values),
 * replacing the uniform values of alecable_beam_params.  The natural shape
 * belongs to the mesh's elements: on a cable whose material coordinates are
 * free (material flows through the elements) it must be uniform, and
 * finalize refuses one that is not. */
ALECABLE_API int alecable_cable_set_natural_shape(alecable_cable *c, int count, const double *values);
ALECABLE_API int alecable_cable_counts(const alecable_cable *c, int *n_nodes, int *n_elements);
ALECABLE_API int alecable_cable_node(alecable_node **out, const alecable_cable *c, int index);
ALECABLE_API int alecable_cable_element(alecable_element **out, const alecable_cable *c, int index);

/* Degrees of freedom of a node. */
enum {
    ALECABLE_DOF_X = 0,
    ALECABLE_DOF_Y = 1,
    ALECABLE_DOF_Z = 2,
    ALECABLE_DOF_S = 3, /* material coordinate */
    ALECABLE_DOF_DX = 4, /* ANCF nodes: components of the slope r' = dr/ds */
    ALECABLE_DOF_DY = 5,
    ALECABLE_DOF_DZ = 6,
    ALECABLE_DOF_RX = 7, /* rigid bodies: rotation increments about the body-frame axes */
    ALECABLE_DOF_RY = 8,
    ALECABLE_DOF_RZ = 9,
    ALECABLE_DOF_ROLL = 10 /* Kirchhoff nodes: roll angle of the section about the tangent, measured
                              from the node's reference frame (see alecable_node_frame) */
};

ALECABLE_API int alecable_node_position(const alecable_node *n, double x[3]);
ALECABLE_API int alecable_node_material(const alecable_node *n, double *s);
/* Moves a node (e.g. an initial guess). Inverting a cable's material order is refused. */
ALECABLE_API int alecable_node_set(alecable_node *n, const double x[3], double s);
/* Slope r' = dr/ds of an ANCF node (initialized from the chords of its elements). */
ALECABLE_API int alecable_node_slope(const alecable_node *n, double d[3]);
ALECABLE_API int alecable_node_set_slope(alecable_node *n, const double d[3]);
/* Section frame of a Kirchhoff node: R (row-major) has the columns t1 (the
 * unit tangent), t2 and t3 = t1 x t2.  The roll angle (ALECABLE_DOF_ROLL)
 * is measured from the node's reference frame, which the solvers re-base
 * (keeping the frame) when the tangent has turned far from it; the frame is
 * what a host should read. */
ALECABLE_API int alecable_node_frame(const alecable_node *n, double R[9]);
ALECABLE_API int alecable_node_roll(const alecable_node *n, double *theta);
/* Sets a Kirchhoff node's roll (e.g. an initial guess that is twisted);
 * before the first finalize it is measured from the frame the cable is
 * built with (see alecable_beam_params), turned about the tangent. */
ALECABLE_API int alecable_node_set_roll(alecable_node *n, double theta);
/* Index of the node's dof in the state vector q (after finalize). */
ALECABLE_API int alecable_node_dof_index(const alecable_node *n, int dof, int *index);

/* Green-Lagrange axial strain eps = (F^2 - 1)/2 with F = |dx/ds|. */
ALECABLE_API int alecable_element_strain(const alecable_element *e, double *eps);
/* Axial force (tension > 0) N = E A eps F: the force the element exerts on its nodes. */
ALECABLE_API int alecable_element_axial_force(const alecable_element *e, double *force);
/* The section of a Kirchhoff element at xi in [0, 1] (xi = 0 at its first
 * node): position, frame, and the strains and stress resultants of its
 * energy (alecable_beam_params). */
typedef struct alecable_beam_section_state {
    size_t struct_size;
    double position[3];
    double frame[9];      /* columns t1, t2, t3, row-major */
    double stretch;       /* |r'| */
    double curvature[2];  /* k2, k3 [1/m] */
    double twist;         /* K [rad/m] */
    double tension;       /* EA (|r'| - 1) [N] */
    double moment[2];     /* bending moments EI2 (k2 - kappa2), EI3 (k3 - kappa3) [N m] */
    double torque;        /* GJ (K - twist) [N m] */
} alecable_beam_section_state;
ALECABLE_API void alecable_beam_section_state_init(alecable_beam_section_state *s);
ALECABLE_API int alecable_element_section(const alecable_element *e, double xi, alecable_beam_section_state *s);
/* Material interval [s_a, s_b] and spatial end points of an element. */
ALECABLE_API int alecable_element_interval(const alecable_element *e, double *s_a, double *s_b);

/* ------------------------------------------------------------------------ */
/* Constraints (each adds equations g(q, t) = 0 and multipliers)             */
/* ------------------------------------------------------------------------ */

/* Holds one dof at its value when the constraint is created (a dof of
 * ALECABLE_DOF_S is a no-flow condition). */
ALECABLE_API int alecable_fix(alecable_constraint **out, alecable_model *m, alecable_node *n, int dof);
/* Prescribes q_dof = q_dof,0 + t * delta, t being the load factor (quasistatic)
 * or time (dynamics); q_dof,0 is the value when the constraint is created. */
ALECABLE_API int alecable_prescribe(alecable_constraint **out, alecable_model *m, alecable_node *n,
                                    int dof, double delta);
/* A prescribed motion given by the host: value(t), its rate and acceleration
 * (the rates feed velocity/acceleration-level stabilization).  Return 0, or
 * non-zero to abort the evaluation. */
typedef int (*alecable_motion_fn)(void *user, double t, double *value, double *rate, double *accel);
/* Prescribes q_dof = value(t) (absolute; t the load factor in quasistatics,
 * the time in dynamics). */
ALECABLE_API int alecable_prescribe_motion(alecable_constraint **out, alecable_model *m, alecable_node *n,
                                           int dof, alecable_motion_fn fn, void *user);
/* General linear constraint  sum_i coef[i] q(nodes[i], dofs[i]) = rhs + t * rhs_rate. */
ALECABLE_API int alecable_linear_constraint(alecable_constraint **out, alecable_model *m, int count,
                                            alecable_node *const nodes[], const int dofs[],
                                            const double coef[], double rhs, double rhs_rate);
/* Multiplier lambda of the constraint's equation after a solve.  For fix and
 * prescribe the reaction force exerted on the node by the support is -lambda. */
ALECABLE_API int alecable_constraint_multiplier(const alecable_constraint *k, double *lambda);

/* ------------------------------------------------------------------------ */
/* Loads (scaled by the load factor t in quasistatics)                       */
/* ------------------------------------------------------------------------ */

/* Force applied at a mesh node (a fixed point of the mesh).  When the node's
 * material coordinate is free, the load also does configurational work on it
 * (paper 000 eqs. 47/70, with the gradient and Jacobian averaged over the two
 * elements around the node). */
ALECABLE_API int alecable_load_node(alecable_load **out, alecable_model *m, alecable_node *n,
                                    const double f[3]);
/* Force attached to the material particle s of a cable, wherever it flows. */
ALECABLE_API int alecable_load_material_point(alecable_load **out, alecable_model *m,
                                              alecable_cable *c, double s, const double f[3]);
/* Uniform force per unit material length b0 on a whole cable (eqs. 67-68). */
ALECABLE_API int alecable_load_distributed(alecable_load **out, alecable_model *m, alecable_cable *c,
                                           const double b0[3]);
/* Morison hydrodynamics on a cable (paper 001 sec. 4.2), per unit material
 * length, with w = U - u the fluid velocity relative to the particle:
 * drag 1/2 rho_f d (C_dn |w_n| w_n + pi C_dt |w_t| w_t), buoyancy
 * -rho_f (pi d^2/4) g (the model's gravity), added mass -C_an rho_f (pi d^2/4)
 * times the particle acceleration normal to the cable.  Not ramped by the
 * load factor differently from other loads. */
enum {
    ALECABLE_HYDRO_DRAG = 1,
    ALECABLE_HYDRO_BUOYANCY = 2,
    ALECABLE_HYDRO_ADDED_MASS = 4,
    ALECABLE_HYDRO_ALL = 7
};
typedef struct alecable_hydro_params {
    size_t struct_size;
    double rho_f;            /* fluid density [kg/m^3] (default 1025) */
    double diameter;         /* hydrodynamic diameter [m] (required, > 0) */
    double C_dn, C_dt, C_an; /* normal, tangential drag and normal added-mass coefficients
                                (defaults 1.2, 0.008, 1.0) */
    double current[3];       /* uniform current velocity [m/s] (default 0) */
    int terms;               /* ALECABLE_HYDRO_* mask (default ALL) */
    int stiff;               /* 0 (default, paper 001): explicit under IMEX; 1: in the Jacobian */
} alecable_hydro_params;
ALECABLE_API void alecable_hydro_params_init(alecable_hydro_params *p);
ALECABLE_API int alecable_load_hydro(alecable_load **out, alecable_model *m, alecable_cable *c,
                                     const alecable_hydro_params *p);

/* Regularized Coulomb friction of a cable on a support plane (paper 001
 * eq. 29): per unit length f = -mu N v_t / max(|v_t|, eps) (SATURATED) or
 * -mu N v_t / sqrt(|v_t|^2 + eps^2) (SQRT), v_t the particle velocity in the
 * plane, N = rho A max(0, -g.n) (the cable's weight, when weight = 1) +
 * normal_load, for particles within [-depth, gap] of the plane.  The cable is
 * kept on the support by constraints, not by this load. */
enum { ALECABLE_FRICTION_SATURATED = 0, ALECABLE_FRICTION_SQRT = 1 };
typedef struct alecable_friction_plane_params {
    size_t struct_size;
    double point[3], normal[3]; /* plane: a point and the normal out of the support (default +z) */
    double mu;                  /* friction coefficient >= 0 (default 0) */
    double eps;                 /* regularization velocity > 0 [m/s] (default 1e-3) */
    int law;                    /* ALECABLE_FRICTION_* (default SATURATED) */
    int weight;                 /* 1 (default): N includes the cable's weight */
    double normal_load;         /* additional normal load per unit length >= 0 [N/m] (default 0) */
    double gap, depth;          /* contact band (defaults 1e-6 and infinity) */
    int first_element, n_elements; /* elements acted on (n_elements <= 0: all from first_element) */
    int stiff;                  /* as in alecable_hydro_params (default 0) */
} alecable_friction_plane_params;
ALECABLE_API void alecable_friction_plane_params_init(alecable_friction_plane_params *p);
ALECABLE_API int alecable_load_friction_plane(alecable_load **out, alecable_model *m, alecable_cable *c,
                                              const alecable_friction_plane_params *p);

/* The same on the mesh elements first_element .. first_element + n_elements - 1
 * only: a load tied to a region of space the mesh stays in (e.g. the hanging
 * part of a cable that slides over an edge through an ALE node). */
ALECABLE_API int alecable_load_distributed_range(alecable_load **out, alecable_model *m, alecable_cable *c,
                                                 int first_element, int n_elements, const double b0[3]);
/* A concentrated moment at a Kirchhoff or ANCF node, scaled by the load
 * factor: dead (follower = 0, fixed in space) or follower (follower = 1,
 * components in the node's section frame t1, t2, t3, turning with it;
 * Kirchhoff nodes only).  Its virtual work is moment . dphi with dphi the
 * rotation of the node's section; it has no potential (a dead moment is
 * conservative only about a fixed axis in planar motion), so the Jacobian
 * is not symmetric.  On an ANCF node, which has no roll, the component along
 * the tangent does no work. */
ALECABLE_API int alecable_load_node_moment(alecable_load **out, alecable_model *m, alecable_node *n,
                                           const double moment[3], int follower);
/* Follower wrench densities on a Kirchhoff cable (paper 003 eqs. 16, 19):
 * a force n = N_i t_i and a moment m = M_i t_i per unit material length,
 * their components (N_1..3, M_1..3) given in the section frame (t1, t2,
 * t3), so that they turn with it (a fluid's drag and lift on a cable),
 * scaled by the load factor.  Virtual work: the integral over each element
 * of n.dr + m.dphi at its mesh points (5 Gauss points), dphi the section's
 * rotation; no potential, a non-symmetric exact tangent.  On a cable with
 * free material coordinates the densities stay with the mesh points.
 * Uniform densities: */
ALECABLE_API int alecable_load_wrench(alecable_load **out, alecable_model *m, alecable_cable *c,
                                      const double force[3], const double moment[3]);
/* per element: count = the number of elements, 6 values each (N_1..3, M_1..3) */
ALECABLE_API int alecable_load_wrench_elements(alecable_load **out, alecable_model *m, alecable_cable *c,
                                               int count, const double *values);
/* By the host, at every quadrature point: time t (the load factor in
 * quasistatics), element index and xi in [0, 1], the point's position x,
 * section frame R (row-major, columns t1 t2 t3) and velocity v (zero in
 * quasistatics); it returns the section-frame densities.  Return 0, or
 * non-zero to fail the evaluation.  The tangent differentiates the turning
 * of the frame only: the returned densities count as constants (the hook for
 * coupling a fluid solver, which gives forces, not their derivatives). */
typedef int (*alecable_wrench_fn)(void *user, double t, int element, double xi, const double x[3],
                                  const double R[9], const double v[3], double force[3], double moment[3]);
ALECABLE_API int alecable_load_wrench_callback(alecable_load **out, alecable_model *m, alecable_cable *c,
                                               alecable_wrench_fn fn, void *user);
/* Changes a load's force vector (point loads) or density (distributed), or
 * the current of a hydrodynamic load (the moment of a node moment). */
ALECABLE_API int alecable_load_set(alecable_load *l, const double f[3]);

/* ------------------------------------------------------------------------ */
/* Rigid bodies and joints (paper 000 secs. 4.3-4.4)                         */
/* ------------------------------------------------------------------------ */
/* A body's pose is a position x and a rotation R (body frame -> space).  Its
 * coordinates are x and a rotation vector psi, R = exp(psi^); solvers change
 * them through the problem's update, R <- R exp(dpsi^) with dpsi in the body
 * frame (a rotation is never added to).  The DOF ids of a body's node are X,
 * Y, Z and RX, RY, RZ (the body-frame increments): fix and prescribe act on
 * them (holding two rotations keeps a planar body in its plane; holding all
 * three holds the orientation).  In dynamics a body's velocities are the
 * origin's velocity in space and the angular velocity Omega in the body frame
 * (the rates of its coordinates' increments), its kinetic energy
 *     T = 1/2 m |v|^2 + m v.R(Omega x c) + 1/2 Omega.J_o Omega
 * (c the centre of mass, J_o the inertia about the origin), and the implicit
 * integrators step it on the rotation group (Newmark, HHT, Bossak and
 * generalized-alpha in Lie-group form; the semi-implicit methods too, with
 * the joints' exact constraint rates for their stabilization). */
typedef struct alecable_body_params {
    size_t struct_size;
    double position[3]; /* origin of the body frame in space (default 0) */
    double rotation[9]; /* body -> space rotation, row-major, orthonormal (default identity) */
    double mass;        /* >= 0: weight m g at the centre of mass under the model's gravity (default 0) */
    double com[3];      /* centre of mass in the body frame (default 0) */
    /* added in 0.2: dynamics */
    double inertia[9];  /* inertia tensor about the centre of mass, body frame, row-major [kg m^2]:
                           symmetric positive semi-definite (default 0: a point mass) */
    double velocity[3]; /* initial velocity of the frame's origin, in space [m/s] (default 0) */
    double omega[3];    /* initial angular velocity, in the body frame [rad/s] (default 0) */
} alecable_body_params;
ALECABLE_API void alecable_body_params_init(alecable_body_params *p);
ALECABLE_API int alecable_body_create(alecable_body **out, alecable_model *m, const alecable_body_params *p);
/* The body's coordinates as a node (six dofs), for alecable_fix, _prescribe,
 * _prescribe_motion and alecable_node_dof_index. */
ALECABLE_API int alecable_body_node(alecable_node **out, alecable_body *b);
/* Holds the body's pose (six fix constraints). */
ALECABLE_API int alecable_body_fix(alecable_model *m, alecable_body *b);
/* Current pose; either output may be NULL. */
ALECABLE_API int alecable_body_pose(const alecable_body *b, double position[3], double rotation[9]);
/* Spatial position of the body-frame point p. */
ALECABLE_API int alecable_body_point(const alecable_body *b, const double p[3], double x[3]);
/* A spatial force f at the body-frame point p, and a spatial torque, both
 * scaled by the load factor. */
ALECABLE_API int alecable_load_body_force(alecable_load **out, alecable_model *m, alecable_body *b,
                                          const double p[3], const double f[3]);
ALECABLE_API int alecable_load_body_torque(alecable_load **out, alecable_model *m, alecable_body *b,
                                           const double torque[3]);

/* Joints hold several equations that are nonlinear in the body rotations. */
/* Node n follows the body-frame point p of body b.  hold_s = 1 also holds the
 * node's material coordinate (the cable is fastened there); hold_s = 0 leaves
 * it free: an eyelet or pinhole the cable slides through.  3 equations
 * (hold_s adds a no-flow constraint on the node); the multipliers are the
 * force the cable exerts on the body. */
ALECABLE_API int alecable_attach(alecable_joint **out, alecable_model *m, alecable_node *n, alecable_body *b,
                                 const double p[3], int hold_s);
/* Pulley wrap: count nodes of one cable held on a circle of body b at the
 * given angles (the contact region known a priori, paper 000 sec. 4.3), their
 * material coordinates free.  The circle: centre, unit axis (normal of its
 * plane) and the direction of angle 0, all in the body frame; angles turn
 * about the axis.  3 equations per node. */
typedef struct alecable_pulley_params {
    size_t struct_size;
    double centre[3]; /* default 0 */
    double axis[3];   /* default +z */
    double ref[3];    /* direction of angle 0, orthogonal to axis (default +x) */
    double radius;    /* > 0 (required) */
} alecable_pulley_params;
ALECABLE_API void alecable_pulley_params_init(alecable_pulley_params *p);
ALECABLE_API int alecable_pulley_wrap(alecable_joint **out, alecable_model *m, alecable_body *b,
                                      const alecable_pulley_params *p, int count, alecable_node *const nodes[],
                                      const double angles[]);
/* Normal contact force of the i-th node of a wrap on the pulley: the
 * multipliers' component towards the centre (>= 0 when the cable presses). */
ALECABLE_API int alecable_pulley_normal_force(const alecable_joint *j, int i, double *N);
/* Joints between two bodies a and b at a spatial point (and about or along
 * a spatial axis), all taken at creation.
 * Revolute joint: 5 equations (3 hold the point, 2 keep the axes aligned),
 * a torsional spring of stiffness k >= 0 [N m/rad] about the axis, at rest
 * at the creation angle. */
ALECABLE_API int alecable_revolute(alecable_joint **out, alecable_model *m, alecable_body *a, alecable_body *b,
                                   const double point[3], const double axis[3], double k);
/* Prismatic joint: b slides on a along the axis, its rotation relative to a
 * held; 5 equations (2 hold the point of b on the line of a, 3 the relative
 * rotation), a linear spring of stiffness k >= 0 [N/m] along the axis, at
 * rest at creation.  The slide is measured along a's axis. */
ALECABLE_API int alecable_prismatic(alecable_joint **out, alecable_model *m, alecable_body *a, alecable_body *b,
                                    const double point[3], const double axis[3], double k);
/* A spherical joint (the point held, 3 equations) and a fixed joint (the
 * point and the relative rotation at creation held, 6 equations). */
ALECABLE_API int alecable_spherical(alecable_joint **out, alecable_model *m, alecable_body *a, alecable_body *b,
                                    const double point[3]);
ALECABLE_API int alecable_fixed_joint(alecable_joint **out, alecable_model *m, alecable_body *a, alecable_body *b,
                                      const double point[3]);
/* The coordinate of a revolute (the angle of b relative to a about the axis)
 * or prismatic joint (the slide of b along the axis), 0 at creation, takes:
 * a damper, the force -c dc/dt on b along the coordinate and its opposite on
 * a, c >= 0 [N m s/rad or N s/m]; dynamics only. */
ALECABLE_API int alecable_joint_set_damping(alecable_joint *j, double c);
/* and a motor: the host gives the torque (revolute) or force (prismatic) on
 * b along the coordinate (its opposite acts on a) at time t (the load factor
 * in quasistatics), the coordinate and its rate (0 in quasistatics), and, for
 * Newton, its partial derivatives in the coordinate and the rate (0 when
 * unknown: a torque of time alone; a PD controller gives -kp and -kd).
 * Return 0, or non-zero to fail the evaluation.  fn = NULL removes the
 * motor. */
typedef int (*alecable_torque_fn)(void *user, double t, double angle, double rate, double *torque,
                                  double *dtorque_dangle, double *dtorque_drate);
ALECABLE_API int alecable_joint_set_motor(alecable_joint *j, alecable_torque_fn fn, void *user);
/* The coordinate and the spring's force on b along it (-k c). */
ALECABLE_API int alecable_revolute_state(const alecable_joint *j, double *angle, double *spring_moment);
ALECABLE_API int alecable_prismatic_state(const alecable_joint *j, double *slide, double *spring_force);
/* The reaction of a revolute, prismatic, spherical or fixed joint on b after
 * a solve, spatial: the force, and the moment about the joint point (b's
 * point for a prismatic joint); the constraints' part only: the spring, the
 * damper and the motor act along the coordinate.  Either output may be
 * NULL. */
ALECABLE_API int alecable_revolute_reaction(const alecable_joint *j, double force[3], double moment[3]);
/* Number of equations and their multipliers after a solve. */
ALECABLE_API int alecable_joint_equations(const alecable_joint *j, int *count);
ALECABLE_API int alecable_joint_multipliers(const alecable_joint *j, double *lambda);

/* Clamp: holds a node's position, the direction of its tangent and its roll
 * (the section frame) to a frame that is fixed in space, moved by the host,
 * or fixed in a rigid body (paper 003 eq. 5).  Equations, in this order,
 * for what hold selects:
 *     ALECABLE_CLAMP_POSITION  r = x_c                          (3)
 *     ALECABLE_CLAMP_DIRECTION r'.d2 = r'.d3 = 0                (2: t1 = d1; the stretch stays free)
 *     ALECABLE_CLAMP_ROLL      atan2(t2.d3, t2.d2) = 0          (1: t2 = d2; Kirchhoff nodes only)
 * with (d1, d2, d3) the clamp frame's axes.  POSITION alone is a hinge;
 * POSITION | DIRECTION the clamp of an ANCF node (which has no roll).  The
 * multipliers are readable (alecable_joint_multipliers), the reaction as a
 * force and moment (alecable_clamp_reaction).  penalty > 0 adds the
 * augmented-Lagrangian term p/2 |g|^2 of paper 003 eq. 17 beside the
 * multipliers: the same solution, a better conditioned Newton matrix. */
enum {
    ALECABLE_CLAMP_POSITION = 1,
    ALECABLE_CLAMP_DIRECTION = 2,
    ALECABLE_CLAMP_ROLL = 4,
    ALECABLE_CLAMP_ALL = 7
};
/* A frame moved by the host at time t (the load factor in quasistatics):
 * origin x, rotation R (row-major; its columns are the frame's axes in
 * space), the origin's velocity v and acceleration a, the angular velocity w
 * and acceleration alpha (in space).  The rates feed velocity-level
 * stabilization and consistent accelerations; return 0, or non-zero to abort
 * the evaluation. */
typedef int (*alecable_frame_fn)(void *user, double t, double x[3], double R[9], double v[3], double w[3],
                                 double a[3], double alpha[3]);
typedef struct alecable_clamp_params {
    size_t struct_size;
    int hold;                 /* ALECABLE_CLAMP_* mask (default ALL) */
    alecable_body *body;      /* the frame is fixed in this body (default NULL: in space) */
    int frame_given;          /* 0 (default): the clamp frame is the node's frame when the model is
                                 finalized (its point, tangent and t2); 1: position and rotation below */
    double position[3];       /* the clamp point (in the body's frame with a body) */
    double rotation[9];       /* the clamp frame, row-major, columns d1 (the tangent), d2, d3 (in the
                                 body's frame with a body); must be a rotation */
    alecable_frame_fn motion; /* the frame moved by the host (overrides the two above; no body) */
    void *motion_user;
    double penalty;           /* p >= 0 (default 0: plain multipliers) */
} alecable_clamp_params;
ALECABLE_API void alecable_clamp_params_init(alecable_clamp_params *p);
ALECABLE_API int alecable_clamp(alecable_joint **out, alecable_model *m, alecable_node *n,
                                const alecable_clamp_params *p);
/* The force and the moment (about the node) that the clamp exerts on the
 * cable, in space, after a solve.  Either output may be NULL. */
ALECABLE_API int alecable_clamp_reaction(const alecable_joint *j, double force[3], double moment[3]);

/* A body driven by the host (a robot's flange, a ship): its pose follows
 * the frame fn gives at time t (the load factor in quasistatics), origin x
 * and rotation R, whose velocities and their rates make the constraint
 * rates exact.  Six equations: x_b = x, and the relative rotation vector of
 * R^T R_b, to first order, zero.  The multipliers (alecable_joint_multipliers)
 * are the force (space) and moment (body frame) the drive takes from the
 * body. */
ALECABLE_API int alecable_body_prescribe(alecable_joint **out, alecable_model *m, alecable_body *b,
                                         alecable_frame_fn fn, void *user);

/* Coulomb slip friction on a pulley (paper 000 sec. 4.3.2): at every interior
 * node of the wrap (not the first and last, where the cable leaves the pulley
 * tangentially), a friction force T = mu N, N the node's normal contact force,
 * acts on the material equation as the configurational point load of eq. 47,
 * against the material flow.  flow = +1 when material moves through the wrap
 * towards increasing s (the cable is pulled at its high-s end), -1 the other
 * way.  Slip only: it holds while the cable slides on the whole wrap (no
 * stick), and the direction does not change during a solve. */
ALECABLE_API int alecable_pulley_friction(alecable_load **out, alecable_model *m, alecable_joint *wrap, double mu,
                                          int flow);

/* Coulomb stick/slip friction on the material flow (paper 004).  At a
 * contact node the cable is held in space (on a body or the ground) and its
 * material flows; the slip over a step (a load step in quasistatics, a time
 * step in dynamics) is the material that passed the node relative to the
 * contact surface, w = (t . dx/ds)(s - s_n), s_n the node's material
 * coordinate at the last converged step.  The friction force lambda_T t on
 * the cable (t: the contact's unit tangent, towards increasing s) is an
 * unknown of its own, one row per node, and Coulomb's law
 *     |lambda_T| <= mu N,   w = 0 while |lambda_T| < mu N,
 *     lambda_T = mu N sign(w) while the cable slips
 * is solved exactly (no regularization) in Alart and Curnier's augmented
 * form inside the same Newton iteration,
 *     lambda_T = proj_[-mu N, mu N](lambda_T + epsilon w),
 * with its exact generalized Jacobian (stick: the row is w = 0; slip:
 * lambda_T = mu N sign).  The solution does not depend on epsilon > 0 [N/m];
 * it only decides which branch Newton's next iterate is predicted on.  It
 * is taken as a multiple (alecable_friction_params.augmentation, 0.01 by
 * default) of the axial stiffness EA / l of the shorter element at the
 * node: EA / l itself over-predicts what one node's slip does to the force
 * (the cable on both sides and, on a pulley, the neighbours' normal forces
 * share it) and makes neighbouring contacts flip against each other.  A
 * contact without normal force slips with lambda_T = 0.  N is the normal
 * force: a given
 * pressure times the node's share of the contact length (sleeve), and/or
 * the contact's multipliers (pulley wrap: the force towards the centre;
 * eyelet and curved sleeve: the holding force's part across t).  The stick
 * points, the state and the slip of every contact are part of the solver's
 * converged state (restored on a failed step and by
 * alecable_integrator_undo).  Quasistatics, and dynamics with the implicit
 * methods (the slip over a time step); the semi-implicit ones linearize
 * once per step and do not solve a stick/slip switch.
 *
 * A pulley that turns: hold the wrap on a body that does not turn with the
 * wheel (the ground, or the frame of its axle) and give the wheel, a body
 * on a revolute joint, as alecable_friction_params.surface.  The slip is
 * then the material's motion relative to the wheel's surface, w = (t .
 * dx/ds)(s - s_n) + kappa t . ((y - y_n) - (x - x_n)), y the wheel's point
 * that was under the node x at the last converged step; the friction force
 * kappa lambda_T t acts on the cable at the node and its reaction, at the
 * contact point, on the wheel, whose torque turns it (a belt driving a
 * pulley; the wheel's inertia in dynamics, a motor, a spring or a
 * prescribed rotation as its other inputs).  kappa = (t . dx/ds) / |dx/ds|
 * at the node (the cosine of half the angle between a polygon's chords,
 * taken at the last converged step) makes sticking rolling, the material's
 * speed |dx/ds| ds/dt equal to the rim's, and the torque on a wheel
 * R (T1 - T2) exactly, whatever the mesh.  A wheel held only by friction
 * and a soft load can make the semismooth Newton iteration cycle in
 * quasistatics (load steps smaller, or dynamics, then help). */
typedef struct alecable_friction_params {
    size_t struct_size;
    double mu;             /* friction coefficient >= 0 (default 0) */
    double augmentation;   /* epsilon at each node as a multiple of EA / l there, > 0 (default 0.01) */
    alecable_body *surface; /* the body the cable slides on, when it is not the one holding the nodes
                             * (default NULL: the holder, or space) */
} alecable_friction_params;
ALECABLE_API void alecable_friction_params_init(alecable_friction_params *p);
/* A sleeve: the nodes (of one ALE cable, s free) are held where they are,
 * in space or in body's frame (alecable_fix or alecable_attach with hold_s =
 * 0, made here), their tangent at creation is the channel's, and each
 * carries the normal force pressure * l_i, l_i half the spatial distance to
 * its two neighbouring nodes; with normal_from_reaction = 1 the holding
 * force across the channel is added (a curved sleeve). */
typedef struct alecable_sleeve_params {
    size_t struct_size;
    alecable_body *body;      /* default NULL: fixed in space */
    double pressure;          /* normal force per unit length [N/m] >= 0 (default 0) */
    int normal_from_reaction; /* 0 (default) or 1 */
    alecable_friction_params friction;
} alecable_sleeve_params;
ALECABLE_API void alecable_sleeve_params_init(alecable_sleeve_params *p);
ALECABLE_API int alecable_sleeve(alecable_joint **out, alecable_model *m, const alecable_sleeve_params *p, int count,
                                 alecable_node *const nodes[]);
/* Stick/slip on the interior nodes of a pulley wrap (the first and last,
 * where the cable leaves the pulley, take none, as in alecable_pulley_friction);
 * N = the wrap's normal contact force.  At full slip the law is
 * alecable_pulley_friction's. */
ALECABLE_API int alecable_wrap_friction(alecable_joint **out, alecable_model *m, alecable_joint *wrap,
                                        const alecable_friction_params *p);
/* Stick/slip in an eyelet (alecable_attach with hold_s = 0): N = the part
 * of the holding force across the cable's tangent at creation. */
ALECABLE_API int alecable_eyelet_friction(alecable_joint **out, alecable_model *m, alecable_joint *eyelet,
                                          const alecable_friction_params *p);
/* A friction joint's contacts after a solve (i from 0 to count - 1). */
enum { ALECABLE_CONTACT_STICK = 0, ALECABLE_CONTACT_SLIP = 1 };
typedef struct alecable_contact {
    size_t struct_size;
    alecable_node *node;
    int state;              /* ALECABLE_CONTACT_* at the last converged step: SLIP when the material
                               moved past the surface in that step (|lambda_T| = mu N then); STICK
                               otherwise, at the limit too */
    double lambda_t;        /* friction force on the cable along t [N] */
    double lambda_n;        /* normal force N [N] */
    double slip;            /* w of the last converged step [m] */
    double slip_total;      /* sum of |w| over the converged steps [m] */
    double work;            /* friction work sum lambda_T w, dissipated (>= 0) [J] */
} alecable_contact;
ALECABLE_API void alecable_contact_init(alecable_contact *c);
ALECABLE_API int alecable_friction_contacts(const alecable_joint *j, int *count);
ALECABLE_API int alecable_friction_contact(const alecable_joint *j, int i, alecable_contact *c);

/* ------------------------------------------------------------------------ */
/* The problem interface shared by every integrator                          */
/* ------------------------------------------------------------------------ */
/* Index-3 constrained equations
 *     r_q = M(q) a + f(q, v, t) + G(q)^T lambda = 0
 *     r_l = g(q, t) = 0
 * with unknown vector z = (q, lambda) of size n = nq + nlam.  The Jacobian is
 * the weighted sum J = cq dr/dq + cv dr/dv + ca dr/da in the q columns and the
 * plain derivatives dr_q/dlambda = G^T, dr_l/dq = G in the constraint blocks,
 * written into a fixed CSC pattern that contains every diagonal entry. */

enum {
    ALECABLE_PROBLEM_DOF_OTHER = 0,
    ALECABLE_PROBLEM_DOF_SPATIAL = 1,  /* spatial coordinate of a node that has a material one */
    ALECABLE_PROBLEM_DOF_MATERIAL = 2, /* material coordinate, free */
    ALECABLE_PROBLEM_DOF_MATERIAL_FIXED = 3 /* material coordinate held by a single-dof constraint */
};

typedef struct alecable_problem {
    size_t struct_size;
    void *ctx;
    int nq, nlam;
    /* CSC pattern of the n-by-n Jacobian, n = nq + nlam */
    int nnz;
    const int *colptr; /* n + 1 */
    const int *rowidx; /* nnz */
    /* dof_class[nq]: ALECABLE_PROBLEM_DOF_*; partner[nq]: for a spatial dof,
     * the index of its node's material dof (else -1).  May be NULL. */
    const int *dof_class;
    const int *partner;
    /* r (n values) at (t, q, v, a, lambda); v, a may be NULL in quasistatics. */
    int (*residual)(void *ctx, double t, const double *q, const double *v, const double *a,
                    const double *lambda, double *r);
    /* Jacobian values (nnz, pattern order); flags: ALECABLE_JAC_* */
    int (*jacobian)(void *ctx, double t, const double *q, const double *v, const double *a,
                    const double *lambda, double cq, double cv, double ca, int flags, double *values);
    /* q <- q (+) scale*dq; NULL means plain addition. */
    int (*update)(void *ctx, double *q, const double *dq, double scale);
    /* Constraint rates for velocity/acceleration-level stabilization (nlam values each):
     * gdot = dg/dt = G v + g_t and gamma such that d2g/dt2 = G a + gamma
     * (gamma = Gdot v + g_tt).  May be NULL: methods that need it refuse the problem. */
    int (*constraint_rates)(void *ctx, double t, const double *q, const double *v, double *gdot,
                            double *gamma);
    /* Floating-point operations of one residual and one Jacobian evaluation,
     * for the integrators' statistics (0: unknown). */
    double flops_residual, flops_jacobian;
    /* Optional (NULL: not provided): r (nq values) = the part of the q-rows of
     * the residual that is linear in a, M(q) a (inertia and added mass; no
     * stiffness, no convective terms).  SI-HHT uses it to carry its force
     * history F_n from one step to the next instead of evaluating it: one
     * residual evaluation per step instead of two.  flops_inertia: its cost. */
    int (*inertia)(void *ctx, double t, const double *q, const double *v, const double *a, double *r);
    double flops_inertia;
    /* Optional (NULL: not provided): residual and Jacobian at one point in one
     * call, as the two callbacks would give them (r: n values, values: nnz).
     * The semi-implicit methods evaluate both at their linearization point;
     * a problem can share work between the two (the model computes each
     * element's force and tangent from one pass over its quadrature). */
    int (*residual_jacobian)(void *ctx, double t, const double *q, const double *v, const double *a,
                             const double *lambda, double cq, double cv, double ca, int flags, double *r,
                             double *values);
    double flops_residual_jacobian; /* its cost (0: flops_residual + flops_jacobian) */
    /* Optional history (nhist = 0: none): state that the problem keeps
     * outside q and advances only at converged states, such as the
     * reference frames in which Kirchhoff cables measure their roll, or the
     * stick/slip state of frictional contacts.  The residual and Jacobian
     * read the history in force; it changes only through these callbacks:
     *  - history_get copies the history in force into hist (nhist values);
     *  - history_set makes hist the history in force (undo, rollback);
     *  - history_commit advances the history in force after the state
     *    (t, q, v, lambda) was accepted: a converged load step of the
     *    quasistatic solver, an accepted time step (v is NULL in
     *    quasistatics).  It must not change what q means physically, so a
     *    converged state stays converged.
     * The solvers call history_commit once per accepted step, keep each
     * state's history with it, and restore it with history_set where they
     * restore a state (alecable_integrator_undo, a time step that failed
     * or was rejected), so a rollback is bit for bit; a problem that keeps
     * memory within one solve (the friction contacts' last Newton branch)
     * clears it on every history_get, history_set and history_commit, and
     * a solve starts with one of them.  All three are set, or nhist is 0. */
    int nhist;
    int (*history_get)(void *ctx, double *hist);
    int (*history_set)(void *ctx, const double *hist);
    int (*history_commit)(void *ctx, double t, const double *q, const double *v, const double *lambda);
    /* Optional: the largest a in (0, 1] for which the state q (+) a dq is
     * admissible (the model: no element shrinks below a quarter of its
     * material length in one step, so a node never passes its neighbour).
     * The quasistatic solver shortens its Newton steps to it; NULL: 1.
     * A host that wraps the model's problem with a ctx of its own wraps
     * this callback too (every callback receives ctx). */
    int (*step_limit)(void *ctx, const double *q, const double *dq, double *a_max);
} alecable_problem;
/* Zeroes a problem and sets struct_size: a host filling its own problem starts
 * here, so the optional members (inertia, flop counts) are unset. */
ALECABLE_API void alecable_problem_init(alecable_problem *p);

/* Jacobian flags */
enum {
    ALECABLE_JAC_FULL = 0,
    ALECABLE_JAC_STIFF_ONLY = 1 /* leave out forces marked non-stiff (IMEX: explicit in the residual) */
};

/* Exposes a finalized model as a problem (valid until the model changes).
 * Its loads scale with t, the load factor of quasistatics, unless the model
 * says otherwise (alecable_model_set_load_ramp): a host that integrates
 * the problem in time sets that to 0 first, as alecable_model_integrator
 * does. */
ALECABLE_API int alecable_model_problem(alecable_problem *p, alecable_model *m);
/* on = 1 (the default): the loads of alecable_model_problem, gravity among
 * them, scale with t (a load factor); 0: they act in full whatever t is (t
 * a time).  alecable_solve_quasistatic ramps whatever this says, and
 * alecable_model_integrator sets 0 (added in 0.2). */
ALECABLE_API int alecable_model_set_load_ramp(alecable_model *m, int on);

/* ------------------------------------------------------------------------ */
/* Quasistatic solver (paper 000 section 3.4)                                */
/* ------------------------------------------------------------------------ */
enum {
    ALECABLE_REG_NONE = 0,     /* plain Newton */
    ALECABLE_REG_TWO_STAGE = 1 /* paper 000 eqs. 75-78 */
};
/* A library built GPL-free (make GPL=no: no UMFPACK, SPQR nor CHOLMOD)
 * accepts the same values: UMFPACK is served by KLU pivoting afresh at
 * every factorization; SPQR by LAPACK's dense QR with column pivoting
 * (O(n^3) per factorization, refused above 4000 unknowns with
 * ALECABLE_EINVAL); the rank detection of the two-stage regularization
 * (rank_tol) by a banded QR on cable-shaped tangents and by that dense QR
 * on the others (refused likewise above 4000 unknowns, with a message). */
enum {
    ALECABLE_LINSOLVE_UMFPACK = 0, /* LU with fresh pivoting at every factorization */
    ALECABLE_LINSOLVE_SPQR = 2,    /* least squares by QR (rank-deficient systems; slow) */
    ALECABLE_LINSOLVE_KLU = 3,     /* LU reusing its pivot order (refactorization) while the
                                      conditioning holds: low overhead for time stepping */
    ALECABLE_LINSOLVE_BAND = 4,    /* band LU with partial pivoting after a reverse
                                      Cuthill-McKee ordering: the fastest for cable-shaped
                                      (banded) systems; ALECABLE_EINVAL at create when the
                                      pattern's band is too wide */
    ALECABLE_LINSOLVE_AUTO = 5     /* BAND when the pattern is banded enough, else KLU */
};

typedef struct alecable_quasistatic_options {
    size_t struct_size;
    int load_steps;        /* load factor goes t0 -> t1 in this many equal steps (default 1) */
    double t0, t1;         /* default 0 -> 1 */
    int max_iterations;    /* Newton iterations per stage and step (default 50) */
    double tol_residual;   /* ||r||_inf <= tol_residual * r_ref (default 1e-10) */
    double tol_increment;  /* ||dz||_inf <= tol_increment * (1 + ||q||_inf) (default 1e-12) */
    int regularization;    /* ALECABLE_REG_* (default TWO_STAGE) */
    double alpha;          /* regularization parameter (default 1) */
    double rank_tol;       /* SPQR column-norm tolerance on the column-scaled tangent; 0 (default):
                              SPQR's own 20 (m + n) eps */
    int linear_solver;     /* ALECABLE_LINSOLVE_* (default UMFPACK) */
    /* Since 0.2 (a 0.1 caller's shorter struct gets the defaults): */
    int globalization;     /* ALECABLE_GLOBAL_* (default AUTO) */
    double ptc_shift;      /* first pseudo-transient shift, relative to the largest diagonal entry
                              of the tangent's q rows (default 1e-3, > 0) */
} alecable_quasistatic_options;
/* How Newton reaches an equilibrium from a start far from it (straight,
 * unstressed, slack, or with every material coordinate free).  The problem
 * is a minimization of the potential energy W (plus the regularization's
 * terms); its gradient along a Newton direction dq is the slope
 * s(a) = r_q(q + a dq) . dq, which needs only residuals.
 *  AUTO: paper 000's Newton step is kept, whole, where the tangent factors
 *        and the step descends (s(0) = -dq . J dq < 0, the multipliers at
 *        their new values).  A singular tangent or an ascending step (a
 *        compressed or unstressed cable's negative or zero transverse
 *        stiffness) gets the pseudo-transient shift J + delta D (D = the
 *        largest diagonal entry of the q rows; delta from ptc_shift, x10
 *        until the step descends, /4 after each full step: it fades as
 *        Newton takes over, like the dynamic relaxation of mooring codes).
 *        A shifted step, or one that would shrink an element below a
 *        quarter of its material length (alecable_problem.step_limit), goes
 *        through a line search on s(a) (secant until |s(a)| <= 1/2 |s(0)|).
 *        A load step that still fails is solved again from its start with
 *        the shift and the line search on every iteration and, where
 *        material coordinates are free, those held until the rest has
 *        converged (a Lagrangian predictor).
 *  NONE: paper 000's plain Newton (release 0.1).
 *  PTC:  the shift from the first iteration and the line search on every
 *        iteration of each step (AUTO's retry), without the retry. */
enum {
    ALECABLE_GLOBAL_AUTO = 0,
    ALECABLE_GLOBAL_NONE = 1,
    ALECABLE_GLOBAL_PTC = 2
};
ALECABLE_API void alecable_quasistatic_options_init(alecable_quasistatic_options *o);

typedef struct alecable_solve_report {
    size_t struct_size;
    int status;             /* same as the return value */
    int steps_requested;
    int steps_completed;
    int iterations_stage1;  /* Newton iterations (linear solves) summed over the steps */
    int iterations_stage2;
    double avg_iterations_stage1;
    double avg_iterations_stage2;
    int dependent_lines;    /* dependent material lines regularized in the last step's stage 2 */
    int dependent_max;      /* largest number found in any iteration */
    double final_residual;  /* ||r||_inf at the end (unregularized) */
    double load_factor;     /* load factor of the returned (converged) state */
    double min_rcond;       /* smallest reciprocal condition estimate seen */
    /* Since 0.2 (a 0.1 caller's shorter struct is filled up to its size): */
    int shifted_iterations; /* iterations whose step carried the pseudo-transient shift */
    int damped_iterations;  /* iterations whose step the line search or step_limit shortened */
    double max_shift;       /* largest shift used, relative to the tangent's largest q diagonal */
} alecable_solve_report;
ALECABLE_API void alecable_solve_report_init(alecable_solve_report *r);

/* Runs load steps on the model.  On failure the model keeps the state of the
 * last converged load step and the report says where it stopped. */
ALECABLE_API int alecable_solve_quasistatic(alecable_model *m, const alecable_quasistatic_options *o,
                                            alecable_solve_report *report);

/* Per-step details of the last quasistatic solve: iterations of both stages and
 * the number of dependent lines (any pointer may be NULL). */
ALECABLE_API int alecable_report_step(const alecable_model *m, int step, int *iterations_stage1,
                                      int *iterations_stage2, int *dependent_lines);
/* Residual norms ||r||_inf of every Newton iteration of one step and stage
 * (stage 1 or 2) of the last solve.  *values points into model-owned memory,
 * valid until the next solve. */
ALECABLE_API int alecable_report_residuals(const alecable_model *m, int step, int stage,
                                           const double **values, int *count);
/* Dependent lines (indices into q) found in the last stage-2 iteration of the
 * given step. */
ALECABLE_API int alecable_report_dependent(const alecable_model *m, int step, const int **lines,
                                           int *count);

/* Runs the quasistatic solver on any problem (a host code's own equations).
 * q and lambda hold the start and receive the solution. */
ALECABLE_API int alecable_problem_solve_quasistatic(const alecable_problem *p,
                                                    const alecable_quasistatic_options *o,
                                                    const alecable_allocator *allocator, double *q,
                                                    double *lambda, alecable_solve_report *report);

/* ------------------------------------------------------------------------ */
/* Time integration (paper 001): on any alecable_problem                     */
/* ------------------------------------------------------------------------ */
enum {
    ALECABLE_METHOD_NEWMARK = 0,    /* implicit Newmark, Newton (default trapezoidal beta 1/4, gamma 1/2);
                                       index-3 trapezoidal Newmark does not damp the oscillation of a and
                                       lambda under nonlinear constraints: prefer HHT or GENALPHA there */
    ALECABLE_METHOD_HHT = 1,        /* implicit HHT-alpha, alpha in [-1/3, 0] */
    ALECABLE_METHOD_BOSSAK = 2,     /* implicit Bossak (WBZ-alpha), alpha_m <= 0 */
    ALECABLE_METHOD_GENALPHA = 3,   /* implicit generalized-alpha (Chung-Hulbert) from rho_inf */
    ALECABLE_METHOD_SI_BE = 10,     /* semi-implicit backward Euler (one linear solve per step) */
    ALECABLE_METHOD_SI_BDF2 = 11,   /* semi-implicit BDF2 */
    ALECABLE_METHOD_SI_NEWMARK = 12,/* semi-implicit Newmark */
    ALECABLE_METHOD_SI_HHT = 13     /* semi-implicit HHT-alpha */
};

typedef struct alecable_dynamic_options {
    size_t struct_size;
    int method;             /* ALECABLE_METHOD_* (default NEWMARK) */
    double h;               /* step size; initial step when adaptive (default 1e-3) */
    double beta, gamma;     /* Newmark parameters; 0: the method's defaults */
    double alpha;           /* HHT alpha in [-1/3, 0] or Bossak alpha_m in [-1, 0]; 0 (default):
                               the method's default, -0.05 (HHT) or -0.1 (Bossak) */
    double rho_inf;         /* generalized-alpha spectral radius at infinity (default 0.8) */
    int adaptive;           /* implicit methods only: step size from a local error estimate (default 0) */
    double atol;            /* absolute tolerance of the local error estimate on q (default 1e-6) */
    double rtol;            /* relative tolerance of the same (default 0) */
    double h_min, h_max;    /* adaptive step bounds (default 1e-12 and 0 = unbounded) */
    int max_iterations;     /* Newton iterations per step (default 20) */
    double tol_residual;    /* Newton: ||r||_inf <= tol_residual * reference (default 1e-10) */
    double tol_increment;   /* Newton: ||dq||_inf <= tol_increment * (1 + ||q||_inf) (default 1e-12) */
    double baumgarte_a1;    /* semi-implicit: g'' + 2 a1 g' + a2^2 g = 0 imposed at t_{n+1}
                               (defaults: 0 = 1/h each) */
    double baumgarte_a2;
    int imex;               /* semi-implicit only: Jacobian of the stiff forces only (ALECABLE_JAC_STIFF_ONLY) */
    int linear_solver;      /* ALECABLE_LINSOLVE_* (default AUTO) */
    int hht_history;        /* SI-HHT's force history F_n: ALECABLE_HHT_HISTORY_* (default AUTO) */
} alecable_dynamic_options;

/* SI-HHT needs the force F_n = f + G^T lambda at the start of each step. */
enum {
    /* carried from the previous step's linear equation when the problem has
     * an inertia callback and IMEX is off (one residual evaluation per step
     * instead of two), else evaluated.  The same motion to rounding on
     * smooth problems; on strongly nonlinear forces (regularized friction)
     * the linearization error it carries raises the error a little (paper
     * 001's sliding tether, mu = 0.4: 0.48 instead of 0.45 mm at h = 1e-3) */
    ALECABLE_HHT_HISTORY_AUTO = 0,
    ALECABLE_HHT_HISTORY_EVALUATE = 1 /* always evaluated at (t_n, q_n, v_n) */
};
ALECABLE_API void alecable_dynamic_options_init(alecable_dynamic_options *o);

typedef struct alecable_step_stats {
    size_t struct_size;
    long steps;             /* accepted steps */
    long rejected;          /* rejected step attempts (adaptive or failed Newton) */
    long newton_iterations;
    long linear_solves;
    long residual_evals, jacobian_evals;
    int last_iterations;    /* Newton iterations of the last accepted step */
    double last_h;          /* size of the last accepted step */
    double wall_time;       /* seconds spent inside step calls */
    double linear_flops;    /* floating-point operations of the factorizations and solves, as
                               counted by the BAND solver (0 with the SuiteSparse solvers) */
    double model_flops;     /* of the residual and Jacobian evaluations, from the problem's
                               flops_residual / flops_jacobian (0 when the problem gives none) */
} alecable_step_stats;
ALECABLE_API void alecable_step_stats_init(alecable_step_stats *s);

typedef struct alecable_integrator alecable_integrator;

/* The problem (callbacks, pattern, ctx) must outlive the integrator. */
ALECABLE_API int alecable_integrator_create(alecable_integrator **out, const alecable_problem *p,
                                            const alecable_dynamic_options *o,
                                            const alecable_allocator *allocator);
ALECABLE_API void alecable_integrator_destroy(alecable_integrator *it);
ALECABLE_API const char *alecable_integrator_errmsg(const alecable_integrator *it);
/* Sets time and state; q and v are required, lambda too when a is given and
 * nlam > 0.  a == NULL: consistent accelerations and multipliers are computed
 * from M a + f + G^T lambda = 0 and G a + gamma = 0. */
ALECABLE_API int alecable_integrator_set_state(alecable_integrator *it, double t, const double *q,
                                               const double *v, const double *a, const double *lambda);
ALECABLE_API int alecable_integrator_get_state(const alecable_integrator *it, double *t, double *q,
                                               double *v, double *a, double *lambda);
/* One step of size h (adaptive: at most h; the size taken is in the stats).
 * On failure the state is unchanged and the return says why: with a fixed
 * step a Newton failure gives ALECABLE_STEP_TOO_LARGE (cut h and call again);
 * adaptive stepping gives ALECABLE_ENOCONV when h_min is reached. */
ALECABLE_API int alecable_integrator_step(alecable_integrator *it, double h);
/* Takes steps until t_end is reached exactly. */
ALECABLE_API int alecable_integrator_advance(alecable_integrator *it, double t_end);
/* Restores the state from before the last successful step (one level): a
 * host may change loads and step again (fluid-structure sub-iterations). */
ALECABLE_API int alecable_integrator_undo(alecable_integrator *it);
/* The force residual ||r_q||_inf of each Newton iteration of the last step
 * attempt of an implicit method, the predictor's first (the last is the
 * converged one); count = 0 for the semi-implicit methods, which take no
 * Newton iteration.  *norms points into the integrator, valid until its
 * next step. */
ALECABLE_API int alecable_integrator_newton_history(const alecable_integrator *it, const double **norms, int *count);
/* Work counters since create (undo does not roll them back). */
ALECABLE_API int alecable_integrator_stats(const alecable_integrator *it, alecable_step_stats *s);

/* A model's integrator: its problem interface with the model's state as the
 * initial state (velocities zero), time 0.  In dynamics loads act in full
 * (no load-factor ramp); prescribed motions follow q0 + t*delta with t the
 * time.  Valid until the model changes (adding objects re-finalizes it). */
ALECABLE_API int alecable_model_integrator(alecable_integrator **out, alecable_model *m,
                                           const alecable_dynamic_options *o);
/* Copies an integrator's state (q, lambda; v for the kinetic energy) into the
 * model, so node, element and constraint queries and the writers see it. */
ALECABLE_API int alecable_model_pull_state(alecable_model *m, const alecable_integrator *it);
/* Kinetic energy of the model's cables at the pulled velocities. */
ALECABLE_API int alecable_model_kinetic_energy(alecable_model *m, double *T);

/* ------------------------------------------------------------------------ */
/* Output                                                                    */
/* ------------------------------------------------------------------------ */
/* CSV of a cable's elements: index, s_a, s_b, s_mid, strain, axial force,
 * and node columns (s, x, y, z, u = x - s along the first axis is left to the user);
 * a Kirchhoff cable adds, at each element's middle, twist, curvature2,
 * curvature3, torque, moment2, moment3. */
ALECABLE_API int alecable_write_cable_csv(const alecable_cable *c, const char *path);

/* VTK (legacy polydata) file of the model's current state for ParaView:
 * cables as polylines through their nodes, material coordinate as point data,
 * strain and axial force as cell data; Kirchhoff cables also give the section
 * axes t2, t3 at their nodes (point vectors section_axis_2, _3: glyphs show
 * the torsion) and twist, torque and bending moment as cell data. */
ALECABLE_API int alecable_write_vtk(alecable_model *m, const char *path);
/* A .pvd collection listing VTK files with their times (a ParaView time series;
 * file names are written as given, relative to the .pvd's folder). */
ALECABLE_API int alecable_write_pvd(alecable_model *m, const char *path, int count, const char *const files[],
                                    const double times[]);

#ifdef __cplusplus
}
#endif
#endif
