/**
 * \file alecable.h
 * \brief libalecable: arbitrary Lagrangian-Eulerian (ALE) cable finite
 * elements for multibody systems.  The one public header.
 *
 * Conventions (see README.md and the \ref index "user guide"):
 *  - every function returns an int status: #ALECABLE_OK (0), a negative error
 *    code, or a positive recoverable condition; objects come back through an
 *    out-parameter placed first in the argument list;
 *  - handles are opaque; everything but the model is owned by its model and
 *    stays valid until alecable_model_destroy();
 *  - option structs carry their size and are filled by an _init function;
 *  - SI units, 3D, right-handed frames; no global mutable state.
 *
 * Errors.  Every entry point checks its handles: NULL gives #ALECABLE_ENULL, a
 * pointer that is not a live handle of the expected kind, or one of another
 * model, #ALECABLE_EHANDLE.  A call that fails on its arguments leaves the
 * model unchanged, and a failed solve leaves the last converged state; both
 * set the message alecable_model_errmsg() returns.
 *
 * Thread safety.  The library keeps no global mutable state: functions are
 * reentrant, and different models (with their integrators) may be used from
 * different threads at the same time.  One model, and everything it owns or
 * that was created from it (its integrators, its problem interface), must be
 * used by one thread at a time; the caller serializes access if it shares
 * them.  alecable_version(), alecable_version_number() and
 * alecable_strerror() may be called from any thread at any time.  Callbacks
 * (prescribed motions, wrench densities, motors, frames, a host problem's
 * functions, a custom allocator) run in the thread of the library call that
 * needs them; under alecable_batch_step() and alecable_batch_advance(), in
 * the batch's threads, several models' at once (since 0.3).
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
/** Marks an exported function.  Empty in a user's program; when the library
 *  itself is built (ALECABLE_BUILD defined, GCC or Clang) it gives the symbol
 *  default visibility, everything else being hidden. */
#define ALECABLE_API
#endif

/** Major version of this header. */
#define ALECABLE_VERSION_MAJOR 0
/** Minor version of this header. */
#define ALECABLE_VERSION_MINOR 3
/** Patch version of this header. */
#define ALECABLE_VERSION_PATCH 0
/** The header's version as one number, MAJOR * 10000 + MINOR * 100 + PATCH;
 *  compare it with alecable_version_number() to detect a mismatch between the
 *  header compiled against and the library linked. */
#define ALECABLE_VERSION_NUMBER \
    (ALECABLE_VERSION_MAJOR * 10000 + ALECABLE_VERSION_MINOR * 100 + ALECABLE_VERSION_PATCH)

/** Version of the library actually linked.
 *  \return "MAJOR.MINOR.PATCH", a static string (never NULL, never freed).
 *  Thread-safe. */
ALECABLE_API const char *alecable_version(void);
/** Version number of the library actually linked.
 *  \return #ALECABLE_VERSION_NUMBER of the library actually linked.  Thread-safe. */
ALECABLE_API int alecable_version_number(void);

/* ------------------------------------------------------------------------ */
/* Status codes                                                              */
/* ------------------------------------------------------------------------ */
/** Status codes returned by every function that returns int: #ALECABLE_OK,
 *  recoverable conditions (> 0) and errors (< 0).  alecable_strerror() names
 *  them. */
enum {
    ALECABLE_OK = 0, /**< success */
    /* recoverable conditions (> 0) */
    ALECABLE_STEP_TOO_LARGE = 1, /**< recoverable: cut the load or time step and retry */
    ALECABLE_DIVERGING = 2,      /**< recoverable: an integrator's divergence watch tripped (energy growth,
                                    inverted element, constraint drift, error estimate; the message names
                                    the indicator): the state is the last accepted one: cut h or change
                                    the method (since 0.3) */
    ALECABLE_CONTACT_CLOSED = 3, /**< not a failure: a problem's history_commit (alecable_problem.nhist)
                                    says that the state it committed is the first one a contact that it
                                    closed holds (a node landing on a sheave,
                                    alecable_sheave_set_node_contact(), after its first step on the
                                    circle); the history is advanced as for #ALECABLE_OK.  The time
                                    integrators then take that state as a new start for the new set of
                                    constraints, an inelastic impact: the velocity the contact forbids is
                                    projected out in the metric of the mass matrix (q too, should it
                                    still miss a constraint), a and lambda made consistent, the method's
                                    own history started afresh (alecable_step_stats.energy_switched sums
                                    the loss); without it the trapezoidal rule keeps the landing's
                                    velocity jump as a multiplier that alternates in sign every step.
                                    The quasistatic solver takes it as #ALECABLE_OK;
                                    alecable_embedding_commit() returns it to the host, whose integrator
                                    acts on it; a host that wraps history_commit passes it on (since
                                    0.3) */
    /* errors (< 0) */
    ALECABLE_ENULL = -1,          /**< a required pointer argument is NULL */
    ALECABLE_EINVAL = -2,         /**< an argument is out of its domain (NaN, negative stiffness, ...) */
    ALECABLE_EHANDLE = -3,        /**< a handle of the wrong kind or of another model */
    ALECABLE_ERANGE = -4,         /**< an index out of range, or a missing degree of freedom */
    ALECABLE_ENOMEM = -5,         /**< the allocator failed */
    ALECABLE_ESTATE = -6,         /**< the call does not fit the model's state (e.g. empty model) */
    ALECABLE_ESINGULAR = -7,      /**< the linear system is singular */
    ALECABLE_ENOCONV = -8,        /**< Newton did not converge */
    ALECABLE_ENAN = -9,           /**< a residual or a solution became NaN or infinite */
    ALECABLE_ELINSOLVE = -10,     /**< the linear solver failed for another reason */
    ALECABLE_ECALLBACK = -11,     /**< a host callback (motion, motor, frame, wrench) returned non-zero:
                                     the evaluation failed; the model's message names the callback, its
                                     value and t (since 0.3; 0.2 gave ALECABLE_ENAN or ignored it) */
    ALECABLE_EUNSTABLE = -12      /**< the equilibrium found is unstable (the energy curves down along a
                                       direction the constraints allow; since 0.3) */
};

/** Name of a status code.
 *  \param code any value; unknown codes are accepted.
 *  \return "ALECABLE_EINVAL: invalid argument" and the like, or "unknown
 *  status code": a static string, never NULL, never freed.  Thread-safe. */
ALECABLE_API const char *alecable_strerror(int code);

/* ------------------------------------------------------------------------ */
/* Handles                                                                   */
/* ------------------------------------------------------------------------ */
/** A model: owns every cable, node, element, constraint, load, body and
 *  joint created in it.  Created by alecable_model_create(), freed by
 *  alecable_model_destroy(); used by one thread at a time. */
typedef struct alecable_model alecable_model;
/** A cable: a chain of nodes joined by elements of one kind (owned by its model). */
typedef struct alecable_cable alecable_cable;
/** A node of a cable, or the coordinates of a body (alecable_body_node());
 *  owned by its model. */
typedef struct alecable_node alecable_node;
/** An element between two consecutive nodes of a cable (owned by its model). */
typedef struct alecable_element alecable_element;
/** A constraint: equations g(q, t) = 0 with their multipliers (owned by its model). */
typedef struct alecable_constraint alecable_constraint;
/** A load: point, distributed, field or friction forces (owned by its model). */
typedef struct alecable_load alecable_load;
/** A rigid body (owned by its model). */
typedef struct alecable_body alecable_body;
/** A joint: attachments, pulley wraps, joints between bodies, clamps,
 *  drives, sleeves and stick/slip friction (owned by its model). */
typedef struct alecable_joint alecable_joint;

/* ------------------------------------------------------------------------ */
/* Model and allocator                                                       */
/* ------------------------------------------------------------------------ */

/** Memory functions of a host.  A host may route every allocation of one
 * model (and of its integrators) through its own functions.
 * All three functions must be set; user is passed back unchanged.
 * (SuiteSparse's internal workspaces use SuiteSparse's own allocator.)
 * The functions are called from the thread that calls into the model; they
 * must be safe to call from there while other threads use other models. */
typedef struct alecable_allocator {
    size_t struct_size; /**< sizeof(alecable_allocator) (set by alecable_allocator_init()) */
    void *(*malloc_fn)(void *user, size_t size); /**< like malloc(size); NULL on failure */
    void *(*realloc_fn)(void *user, void *ptr, size_t size); /**< like realloc(ptr, size) */
    void (*free_fn)(void *user, void *ptr); /**< like free(ptr); ptr may be NULL */
    void *user; /**< passed back to the three functions unchanged (default NULL) */
} alecable_allocator;

/** Fills an allocator with the C library's malloc, realloc and free and sets
 *  its struct_size.
 *  \param a the allocator to fill; NULL is ignored. */
ALECABLE_API void alecable_allocator_init(alecable_allocator *a); /* the C library's functions */

/** Creates an empty model.
 *  \param[out] out receives the new model (NULL on failure); the caller owns
 *  it and frees it with alecable_model_destroy().
 *  \param allocator the host's memory functions, copied (the struct need not
 *  outlive the call, its functions and user must outlive the model); NULL:
 *  the C library allocator.
 *  \retval ALECABLE_OK success
 *  \retval ALECABLE_ENULL out is NULL
 *  \retval ALECABLE_EINVAL allocator has a short struct_size or a NULL function
 *  \retval ALECABLE_ENOMEM the allocation failed */
ALECABLE_API int alecable_model_create(alecable_model **out, const alecable_allocator *allocator);
/** Frees the model and everything it owns: every handle created in it becomes
 *  invalid.  Integrators created by alecable_model_integrator() are not owned
 *  by the model: destroy them first.
 *  \param m the model; NULL (or a pointer that is not a model) is ignored. */
ALECABLE_API void alecable_model_destroy(alecable_model *m);
/** Readable message for the last failure on this model, naming the offending
 *  argument where there is one.
 *  \param m the model.
 *  \return a string owned by the model ("" if none), valid until the next call
 *  on the model; "model is NULL" or "not a model handle" for a bad m. */
ALECABLE_API const char *alecable_model_errmsg(const alecable_model *m);

/** Allocation counters of a model (alecable_model_alloc_stats()): a host can
 *  check that time steps do not allocate. */
typedef struct alecable_alloc_stats {
    size_t struct_size; /**< sizeof(alecable_alloc_stats) (set by alecable_alloc_stats_init()) */
    size_t n_malloc;  /**< allocations (malloc + calloc) so far */
    size_t n_realloc; /**< reallocations so far */
    size_t n_free;    /**< frees so far */
} alecable_alloc_stats;
/** Zeroes the counters and sets struct_size.
 *  \param s the struct to fill; NULL is ignored. */
ALECABLE_API void alecable_alloc_stats_init(alecable_alloc_stats *s);
/** Reads the allocation counters of a model: every allocation through its
 *  allocator since alecable_model_create().  An integrator made by
 *  alecable_model_integrator() calls the same functions but is not counted
 *  here.
 *  \param m the model.
 *  \param[out] s filled; its struct_size must be set (alecable_alloc_stats_init()).
 *  \retval ALECABLE_OK success
 *  \retval ALECABLE_ENULL m or s is NULL
 *  \retval ALECABLE_EHANDLE m is not a model
 *  \retval ALECABLE_EINVAL s->struct_size is too small */
ALECABLE_API int alecable_model_alloc_stats(const alecable_model *m, alecable_alloc_stats *s);

/** Builds the DOF numbering, the sparsity pattern, the scatter maps and the
 * solver workspaces.  Solvers call it themselves when the model changed;
 * calling it explicitly moves all allocation before the first solve.
 * Adding an object to a model, or changing a cable's Lagrangian flag, marks
 * it for finalizing again.
 * \param m the model.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL m is NULL
 * \retval ALECABLE_EHANDLE m is not a model
 * \retval ALECABLE_ESTATE the objects do not fit together, e.g. no cable,
 *         a cable with fewer than two nodes, a Kirchhoff cable without
 *         alecable_cable_set_beam() or with its roll held nowhere, a natural
 *         shape that varies along a cable with free material coordinates, a
 *         constraint on s or pulley friction on a Lagrangian cable
 *         (alecable_model_errmsg() says which)
 * \retval ALECABLE_ENOMEM an allocation failed */
ALECABLE_API int alecable_model_finalize(alecable_model *m);

/** Number of generalized coordinates (nq) and of constraint equations (nlam)
 * after finalize.
 * \param m the model.
 * \param[out] nq size of the state vector q (may be NULL).
 * \param[out] nlam number of multipliers (may be NULL): the model's own, without the
 *        rows the mesh-motion law adds in dynamics (alecable_model_set_mesh_motion());
 *        a model integrator's state has those too: size its arrays with
 *        alecable_integrator_sizes().
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL, ALECABLE_EHANDLE bad m
 * \retval ALECABLE_ESTATE the model changed since it was finalized */
ALECABLE_API int alecable_model_sizes(const alecable_model *m, int *nq, int *nlam);

/** Reads the whole state: q (nq values) and multipliers (nlam values), for
 * checkpoint and rollback.  The load factor of the quasistatic solver is part
 * of the state.  Sizes from alecable_model_sizes(); the caller owns the arrays.
 * \param m the finalized model.
 * \param[out] q nq values (may be NULL).
 * \param[out] lambda nlam values (may be NULL).
 * \param[out] load_factor the load factor t (may be NULL).
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL, ALECABLE_EHANDLE bad m
 * \retval ALECABLE_ESTATE the model changed since it was finalized */
ALECABLE_API int alecable_model_get_state(const alecable_model *m, double *q, double *lambda,
                                          double *load_factor);
/** Sets the whole state (see alecable_model_get_state()); nodes, elements and
 * writers see it at once.  Nothing is changed on an error.  The model's
 * time is not part of it: alecable_model_set_time() restores that.
 * \param m the finalized model.
 * \param q nq finite values (NULL: q unchanged); a state that would give an
 *        element a material length <= 0 is refused.
 * \param lambda nlam finite values (NULL: unchanged).
 * \param load_factor the load factor t (finite).
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL, ALECABLE_EHANDLE bad m
 * \retval ALECABLE_ESTATE the model changed since it was finalized
 * \retval ALECABLE_EINVAL a value is not finite, or the material order is inverted */
ALECABLE_API int alecable_model_set_state(alecable_model *m, const double *q, const double *lambda,
                                          double load_factor);

/** Total potential energy W = W_int + W_ext at the current state and load
 * factor [J].  Finalizes the model if it changed.
 * \param m the model.
 * \param[out] w_int internal (strain) energy (may be NULL).
 * \param[out] w_ext potential of the external loads (may be NULL).
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL, ALECABLE_EHANDLE bad m
 * \return or an error of alecable_model_finalize() */
ALECABLE_API int alecable_model_energy(alecable_model *m, double *w_int, double *w_ext);

/** Sets the gravity acceleration [m/s^2] (default 0); it loads every cable
 * through its mass per unit material length rho*A, and every body through
 * its mass, scaled by the load factor like every load.
 * \param m the model.
 * \param g the acceleration vector in space (finite), copied.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL m or g is NULL
 * \retval ALECABLE_EHANDLE m is not a model
 * \retval ALECABLE_EINVAL a component is NaN or infinite */
ALECABLE_API int alecable_model_set_gravity(alecable_model *m, const double g[3]);

/* ------------------------------------------------------------------------ */
/* Cables, nodes and elements                                                */
/* ------------------------------------------------------------------------ */

/** Cross-section and material of a cable. E and A must be > 0, rho >= 0. */
typedef struct alecable_section {
    size_t struct_size; /**< sizeof(alecable_section) (set by alecable_section_init()) */
    double E;   /**< Young's modulus [Pa] */
    double A;   /**< cross-sectional area [m^2] */
    double rho; /**< density [kg/m^3] (gravity and inertia; 0 = massless) */
    double I;   /**< second moment of area [m^4] (bending of ANCF cables; >= 0) */
} alecable_section;
/** Sets struct_size and E = A = rho = I = 0 (E and A must then be given).
 *  \param s the section to fill; NULL is ignored. */
ALECABLE_API void alecable_section_init(alecable_section *s); /* E = A = rho = I = 0 */

/** Element kinds (alecable_cable_create()). */
enum {
    ALECABLE_ELEMENT_AXIAL = 0, /**< 2-node ALE cable, x (3) and s (1) per node (paper 000) */
    ALECABLE_ELEMENT_ANCF = 1,  /**< 2-node cubic ALE-ANCF cable, r (3), r' (3), s per node (paper 001) */
    ALECABLE_ELEMENT_KIRCHHOFF = 2, /**< 2-node geometrically exact Kirchhoff beam with torsion: r (3), r' (3),
                                      roll angle and s per node (papers 003, 004); needs
                                      alecable_cable_set_beam() before the model is finalized */
    ALECABLE_ELEMENT_SE3 = 3 /**< 2-node geometrically exact beam on the Lie group SE(3), with shear (paper 004
                                sec. 2, after Sonneville, Cardona and Bruls): x (3), the section's rotation
                                (#ALECABLE_DOF_RX .. RZ: its rotation vector relative to the node's frame at
                                finalize, changed by composition R <- R exp(dpsi^) as a body's) and s per
                                node; strains constant per element, so a node shares its frame and position
                                but not its stretch (a stuck or slipping contact node carries a tension
                                jump).  Needs alecable_cable_set_beam() and alecable_cable_set_shear(), and
                                the rotation held at one node (fix RX, RY and RZ, or a clamp).  Since 0.3, in statics,
                                with fixes, node loads and moments, distributed loads (on the chords
                                between the nodes), sleeves and pulley wraps, on fixed or moving bodies
                                (set the nodes' frames, alecable_node_set_frame(), where the mesh's do
                                not fit);
                                and in dynamics, Lagrangian and ALE: the chord's consistent mass rho A and
                                the sections' rotary inertia rho (I2 + I3), rho I2, rho I3 per unit length
                                (I2 = EI2 / E, I3 = EI3 / E) lumped at the nodes, whose rotation rates are
                                the angular velocity in the section frame (on an ALE cable the material
                                sections' angular velocity is that minus the curvature times sdot; a
                                cable with rho > 0 may then leave its rotation free); clamps
                                (alecable_clamp(): the node's frame held, in space or in a body) and
                                attachments to bodies (alecable_attach()) since 0.3 too, and field loads
                                (alecable_load_hydro(), alecable_load_friction_plane(): on the chords, the
                                rotations taking none) */
};

/** Creates an empty cable.  A cable is a chain of nodes with increasing
 * material coordinate s joined by elements of one kind and one section;
 * nodes are added by alecable_cable_add_node() or alecable_cable_line().
 * \param[out] out receives the cable, owned by m (valid until
 *        alecable_model_destroy()).
 * \param m the model.
 * \param element_kind an ALECABLE_ELEMENT_* value.
 * \param section the cross-section, copied (E, A > 0; rho, I >= 0; finite).
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL m, out or section is NULL
 * \retval ALECABLE_EHANDLE m is not a model
 * \retval ALECABLE_EINVAL an unknown kind, a bad section value or struct_size
 * \retval ALECABLE_ENOMEM an allocation failed */
ALECABLE_API int alecable_cable_create(alecable_cable **out, alecable_model *m, int element_kind,
                                       const alecable_section *section);
/** Makes a cable Lagrangian or ALE.
 * Lagrangian cable (on = 1): its nodes' material coordinates are constants,
 * not unknowns.  Its nodes then have no s entry in q (alecable_model_sizes()
 * counts 6 dofs per ANCF node, 3 per axial node), no multiplier stands for
 * holding s, and the elements skip their material rows: an ANCF cable becomes
 * the classical gradient-deficient ANCF cable, at a fraction of the cost of
 * fixing every s with alecable_fix() (same motion to rounding).  s stays
 * readable (alecable_node_material()) and settable between solves
 * (alecable_node_set()).  Material flow needs s unknowns: constraints on
 * #ALECABLE_DOF_S of its nodes (fix, prescribe, winches, alecable_attach() with
 * s held: attach with s free, the cable cannot slide anyway) and pulley
 * friction on it are refused at finalize.  on = 0 makes s unknowns again.  Changes the
 * state layout: the model is finalized again before its next use.
 * \param c the cable.
 * \param on 1: Lagrangian; 0 (the default of a new cable): ALE.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL, ALECABLE_EHANDLE bad c
 * \retval ALECABLE_EINVAL on is neither 0 nor 1 */
ALECABLE_API int alecable_cable_set_lagrangian(alecable_cable *c, int on);
/** Appends a node at position x [m] with material coordinate s [m]; from the
 * second node on, an element joins it to the previous node (s must increase).
 * \param[out] out receives the node, owned by the cable's model (may be NULL).
 * \param c the cable.
 * \param x the position in space, copied.
 * \param s the material coordinate, larger than the last node's.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL c or x is NULL
 * \retval ALECABLE_EHANDLE c is not a cable
 * \retval ALECABLE_EINVAL a value is not finite, s does not increase, or the
 *         element would have no spatial length
 * \retval ALECABLE_ENOMEM an allocation failed */
ALECABLE_API int alecable_cable_add_node(alecable_node **out, alecable_cable *c, const double x[3],
                                         double s);
/** Appends n_elements equal elements on the straight segment x_a -> x_b with
 * material coordinates s_a -> s_b.  If the cable already ends at (x_a, s_a)
 * that node is reused, otherwise a node is added there.
 * \param c the cable.
 * \param x_a start point [m].
 * \param x_b end point [m], different from x_a.
 * \param s_a material coordinate at x_a [m] (not below the cable's last s).
 * \param s_b material coordinate at x_b [m], > s_a.
 * \param n_elements number of elements, >= 1.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL c, x_a or x_b is NULL
 * \retval ALECABLE_EHANDLE c is not a cable
 * \retval ALECABLE_EINVAL non-finite values, s_b <= s_a, x_a = x_b,
 *         n_elements < 1 or more than the model's int pattern indexes
 *         (8388607 elements in all), or s_a before the cable's end
 * \retval ALECABLE_ENOMEM an allocation failed */
ALECABLE_API int alecable_cable_line(alecable_cable *c, const double x_a[3], const double x_b[3],
                                     double s_a, double s_b, int n_elements);

/** The bending and twisting of a Kirchhoff beam (#ALECABLE_ELEMENT_KIRCHHOFF),
 * beside the section's E A (stretching) and rho A (mass):
 * \verbatim
     W = int 1/2 EA (|r'| - 1)^2 + 1/2 EI2 (k2 - kappa2)^2 + 1/2 EI3 (k3 - kappa3)^2
             + 1/2 GJ (K - twist)^2 ds,
   \endverbatim
 * r' = dr/ds, k2, k3 the curvature about the section axes t2, t3, K the
 * torsion (rates per unit material length s).  The section frame (t1 along
 * r', t2, t3) starts, at the first node, with t2 along the projection of
 * params.t2 (or a direction of the library's choice when it is zero) and is
 * carried along the cable without twist; a node's roll (#ALECABLE_DOF_ROLL,
 * initially 0) turns it about t1.  The roll has no inertia (paper 003): in
 * statics and dynamics it takes its equilibrium, so every cable needs its
 * roll held somewhere (alecable_clamp() with #ALECABLE_CLAMP_ROLL, or a fix of
 * #ALECABLE_DOF_ROLL): finalize refuses a cable whose roll is held nowhere. */
typedef struct alecable_beam_params {
    size_t struct_size;    /**< sizeof(alecable_beam_params) (set by alecable_beam_params_init()) */
    double GJ;             /**< torsional stiffness [N m^2] (required, > 0) */
    /**@{*/
    double EI2, EI3;       /**< bending stiffness about t2 and t3 [N m^2]; 0 (default): E I of the section */
    /**@}*/
    /**@{*/
    double kappa2, kappa3; /**< natural (stress-free) curvature about t2, t3 [1/m] (default 0) */
    /**@}*/
    double twist;          /**< natural twist [rad/m] (default 0) */
    double t2[3];          /**< direction of t2 at the first node (default 0: chosen by the library) */
} alecable_beam_params;
/** Fills the defaults above (GJ = 0 must then be given) and struct_size.
 *  \param p the struct to fill; NULL is ignored. */
ALECABLE_API void alecable_beam_params_init(alecable_beam_params *p);
/** Sets the bending and twisting of a Kirchhoff cable (refused on other kinds).
 * \param c a Kirchhoff cable.
 * \param p the parameters, copied.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL c or p is NULL
 * \retval ALECABLE_EHANDLE c is not a cable
 * \retval ALECABLE_EINVAL c is not a Kirchhoff cable, GJ <= 0, a negative or
 *         non-finite value, EI2 or EI3 = 0 with section.I = 0, or a bad
 *         struct_size */
ALECABLE_API int alecable_cable_set_beam(alecable_cable *c, const alecable_beam_params *p);
/** A natural shape that varies along the cable: count = the number of
 * elements, and per element kappa2, kappa3 [1/m] and twist [rad/m] (3 count
 * values), replacing the uniform values of alecable_beam_params.  The natural shape
 * belongs to the mesh's elements: on a cable whose material coordinates are
 * free (material flows through the elements) it must be uniform, and
 * finalize refuses one that is not.
 * \param c a Kirchhoff cable.
 * \param count the cable's number of elements.
 * \param values 3 count finite values, copied.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL c or values is NULL
 * \retval ALECABLE_EHANDLE c is not a cable
 * \retval ALECABLE_EINVAL c is not a Kirchhoff cable, or a value is not finite
 * \retval ALECABLE_ERANGE count is not the number of elements
 * \retval ALECABLE_ENOMEM an allocation failed */
ALECABLE_API int alecable_cable_set_natural_shape(alecable_cable *c, int count, const double *values);
/** The shear stiffnesses of an SE(3) beam (#ALECABLE_ELEMENT_SE3; since 0.3).
 * With the strains e = U / l - (1, 0, 0) and k = phi / l of an element
 * ((U, phi) the SE(3) logarithm of its two nodal frames' relative
 * transformation, l = s_B - s_A its material length), its energy is
 * \verbatim
     W = l/2 (EA e1^2 + GA2 e2^2 + GA3 e3^2 + GJ (k1 - twist)^2 + EI2 (k2 - kappa2)^2 + EI3 (k3 - kappa3)^2)
   \endverbatim
 * with EA of the section and GJ, EI2, EI3, kappa2, kappa3, twist of
 * alecable_cable_set_beam().
 * \param c an SE(3) cable.
 * \param GA2 shear stiffness along the section axis t2 [N] (finite, > 0).
 * \param GA3 shear stiffness along t3 [N] (finite, > 0).
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL, ALECABLE_EHANDLE bad c
 * \retval ALECABLE_EINVAL c is not an SE(3) cable, or a stiffness is not finite and > 0 */
ALECABLE_API int alecable_cable_set_shear(alecable_cable *c, double GA2, double GA3);
/** Number of nodes and elements of a cable.
 * \param c the cable.
 * \param[out] n_nodes the nodes (may be NULL).
 * \param[out] n_elements the elements, n_nodes - 1 or 0 (may be NULL).
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL, ALECABLE_EHANDLE bad c */
ALECABLE_API int alecable_cable_counts(const alecable_cable *c, int *n_nodes, int *n_elements);
/** The index-th node of a cable, in material order.
 * \param[out] out receives the node (owned by the model).
 * \param c the cable.
 * \param index 0 .. n_nodes - 1.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL c or out is NULL
 * \retval ALECABLE_EHANDLE c is not a cable
 * \retval ALECABLE_ERANGE index out of range */
ALECABLE_API int alecable_cable_node(alecable_node **out, const alecable_cable *c, int index);
/** The index-th element of a cable (between nodes index and index + 1).
 * \param[out] out receives the element (owned by the model).
 * \param c the cable.
 * \param index 0 .. n_elements - 1.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL c or out is NULL
 * \retval ALECABLE_EHANDLE c is not a cable
 * \retval ALECABLE_ERANGE index out of range */
ALECABLE_API int alecable_cable_element(alecable_element **out, const alecable_cable *c, int index);

/** Degrees of freedom of a node (the dof argument of alecable_fix(),
 *  alecable_prescribe(), alecable_node_dof_index() ...). */
enum {
    ALECABLE_DOF_X = 0, /**< spatial x [m] */
    ALECABLE_DOF_Y = 1, /**< spatial y [m] */
    ALECABLE_DOF_Z = 2, /**< spatial z [m] */
    ALECABLE_DOF_S = 3, /**< material coordinate [m] */
    ALECABLE_DOF_DX = 4, /**< ANCF and Kirchhoff nodes: components of the slope r' = dr/ds (x) */
    ALECABLE_DOF_DY = 5, /**< slope, y component */
    ALECABLE_DOF_DZ = 6, /**< slope, z component */
    ALECABLE_DOF_RX = 7, /**< rigid bodies: rotation increments about the body-frame axes (x) [rad] */
    ALECABLE_DOF_RY = 8, /**< rigid bodies: rotation increment about the body-frame y axis [rad] */
    ALECABLE_DOF_RZ = 9, /**< rigid bodies: rotation increment about the body-frame z axis [rad] */
    ALECABLE_DOF_ROLL = 10 /**< Kirchhoff nodes: roll angle of the section about the tangent [rad], measured
                              from the node's reference frame (see alecable_node_frame()) */
};

/** Position of a node (a body's node: the body's origin).
 * \param n the node.
 * \param[out] x the position [m].
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL n or x is NULL
 * \retval ALECABLE_EHANDLE n is not a node */
ALECABLE_API int alecable_node_position(const alecable_node *n, double x[3]);
/** Material coordinate of a cable node.
 * \param n the node.
 * \param[out] s the material coordinate [m].
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL n or s is NULL
 * \retval ALECABLE_EHANDLE n is not a node
 * \retval ALECABLE_ERANGE n is a body's node */
ALECABLE_API int alecable_node_material(const alecable_node *n, double *s);
/** Moves a node (e.g. an initial guess). Inverting a cable's material order is refused.
 * \param n a cable node.
 * \param x the new position [m].
 * \param s the new material coordinate [m], between its neighbours'.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL n or x is NULL
 * \retval ALECABLE_EHANDLE n is not a node
 * \retval ALECABLE_EINVAL not finite, a body's node, or s would invert or
 *         collapse a neighbouring element */
ALECABLE_API int alecable_node_set(alecable_node *n, const double x[3], double s);
/** Lays a cable slack between its end nodes (since 0.3): a start for statics
 * of a cable without bending stiffness.  Such a cable started straight but
 * compressed (its chord shorter than its material length) has no stiffness
 * to leave the chord but the loads', and Newton can end on a fold (an
 * element reversed against its neighbours, held by a seabed), which
 * alecable_solve_quasistatic() refuses (#ALECABLE_EUNSTABLE).  Laid slack,
 * every element is unstressed and the solve starts on the right side of
 * every fold.  The shape: two straight legs from the ends meeting at the
 * lowest point (along gravity) that keeps the material length L = s_B - s_A
 * (the ellipse with foci at the ends); where that would go below the plane
 * (point, normal), the cable lies on the plane instead, the legs steeper so
 * that the length is still L (an anchor on the plane: along the bottom,
 * then straight up to the fairlead).  The interior nodes go to their
 * material distance s - s_A along the shape (ANCF nodes: their slope along
 * it), their s kept; the end nodes do not move.  A taut cable (L at most
 * the chord) is laid on the chord, each element stretched alike.  Call it
 * before the solve, with the ends where they will be; a fix
 * (alecable_fix()) created earlier on an interior node still holds its old
 * value.  A chord along gravity leaves no side to sag to: the cable is laid
 * doubled below its lower end.
 * \param c an axial or ANCF cable with at least two nodes.
 * \param point a point of the plane the cable may not go below [m], or NULL
 *        (no plane; then normal is NULL too).
 * \param normal the plane's normal out of the seabed (any length but zero), or NULL.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL c is NULL, or one of point and normal only
 * \retval ALECABLE_EHANDLE c is not a cable
 * \retval ALECABLE_ERANGE c is a Kirchhoff or SE(3) cable
 * \retval ALECABLE_ESTATE c has fewer than two nodes, or the model no gravity
 * \retval ALECABLE_EINVAL a non-finite point or normal, a zero normal, or more
 *         material than reaches down to the plane and back (nothing moved) */
ALECABLE_API int alecable_cable_lay_slack(alecable_cable *c, const double point[3], const double normal[3]);
/** Slope r' = dr/ds of an ANCF or Kirchhoff node (initialized from the chords of its elements).
 * \param n the node.
 * \param[out] d the slope (dimensionless).
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL n or d is NULL
 * \retval ALECABLE_EHANDLE n is not a node
 * \retval ALECABLE_ERANGE the node has no slope (axial or body node) */
ALECABLE_API int alecable_node_slope(const alecable_node *n, double d[3]);
/** Sets the slope r' = dr/ds of an ANCF or Kirchhoff node (e.g. an initial guess).
 * \param n the node.
 * \param d the slope, finite, not zero, |d| within 1e-150 .. 1e150.  The
 *        slope stays the user's: the nodes added later no longer replace it
 *        by their chords (since 0.3; 0.2 did, silently).
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL n or d is NULL
 * \retval ALECABLE_EHANDLE n is not a node
 * \retval ALECABLE_ERANGE the node has no slope
 * \retval ALECABLE_EINVAL d is zero, not finite or out of range */
ALECABLE_API int alecable_node_set_slope(alecable_node *n, const double d[3]);
/** Section frame of a Kirchhoff node: R (row-major) has the columns t1 (the
 * unit tangent), t2 and t3 = t1 x t2.  The roll angle (#ALECABLE_DOF_ROLL)
 * is measured from the node's reference frame, which the solvers re-base
 * (keeping the frame) when the tangent has turned far from it; the frame is
 * what a host should read.  An SE(3) node's (since 0.3) is its section's
 * frame R_0 exp(psi^), R_0 its frame at finalize, psi its rotation dofs
 * (t1 the section's normal, which shear tilts from the tangent).
 * \param n a Kirchhoff or SE(3) node.
 * \param[out] R the rotation, 9 values, row-major.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL n or R is NULL
 * \retval ALECABLE_EHANDLE n is not a node
 * \retval ALECABLE_ERANGE n is neither a Kirchhoff nor an SE(3) node
 * \retval ALECABLE_ESTATE the frames are built at finalize: not finalized yet */
ALECABLE_API int alecable_node_frame(const alecable_node *n, double R[9]);
/** Sets the section frame of an SE(3) node (#ALECABLE_ELEMENT_SE3; since
 * 0.3): R becomes the node's reference frame and its rotation dofs zero.
 * Without it, finalize gives a node the frame of the mesh (t1 bisecting
 * its two chords, reflected about the chord at an end; t2 carried from
 * alecable_beam_params.t2), which is right on straight and circular meshes;
 * a mesh whose tangent is known elsewhere (a straight span meeting an arc,
 * a helix) starts stress-free only with its frames set.
 * \param n an SE(3) node.
 * \param R the rotation (row-major; columns t1 = the section's normal, t2,
 *        t3), orthonormal to 1e-9 with determinant +1, copied.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL n or R is NULL
 * \retval ALECABLE_EHANDLE n is not a node
 * \retval ALECABLE_ERANGE n is not an SE(3) node
 * \retval ALECABLE_EINVAL R is not a rotation */
ALECABLE_API int alecable_node_set_frame(alecable_node *n, const double R[9]);
/** Roll angle of a Kirchhoff node (#ALECABLE_DOF_ROLL), measured from its
 * reference frame (see alecable_node_frame()).
 * \param n a Kirchhoff node.
 * \param[out] theta the roll [rad].
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL n or theta is NULL
 * \retval ALECABLE_EHANDLE n is not a node
 * \retval ALECABLE_ERANGE n is not a Kirchhoff node
 * \retval ALECABLE_ESTATE not finalized yet */
ALECABLE_API int alecable_node_roll(const alecable_node *n, double *theta);
/** Sets a Kirchhoff node's roll (e.g. an initial guess that is twisted);
 * before the first finalize it is measured from the frame the cable is
 * built with (see alecable_beam_params), turned about the tangent.
 * \param n a Kirchhoff node.
 * \param theta the roll [rad], finite.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL, ALECABLE_EHANDLE bad n
 * \retval ALECABLE_ERANGE n is not a Kirchhoff node
 * \retval ALECABLE_EINVAL theta is not finite */
ALECABLE_API int alecable_node_set_roll(alecable_node *n, double theta);
/** Index of the node's dof in the state vector q (after finalize; the model
 * is finalized here if it changed).
 * \param n the node.
 * \param dof an ALECABLE_DOF_* value the node has.
 * \param[out] index 0 .. nq - 1.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL n or index is NULL
 * \retval ALECABLE_EHANDLE n is not a node
 * \retval ALECABLE_ERANGE the node has no such dof (or s of a Lagrangian cable)
 * \return or an error of alecable_model_finalize() */
ALECABLE_API int alecable_node_dof_index(const alecable_node *n, int dof, int *index);

/** Green-Lagrange axial strain eps = (F^2 - 1)/2 with F = |dx/ds| (at the
 * middle of an ANCF or Kirchhoff element).
 * \param e the element.
 * \param[out] eps the strain (dimensionless).
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL e or eps is NULL
 * \retval ALECABLE_EHANDLE e is not an element */
ALECABLE_API int alecable_element_strain(const alecable_element *e, double *eps);
/** Axial force (tension > 0) N = E A eps F: the force the element exerts on
 * its nodes (at the middle of an ANCF or Kirchhoff element).
 * \param e the element.
 * \param[out] force N [N].
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL e or force is NULL
 * \retval ALECABLE_EHANDLE e is not an element */
ALECABLE_API int alecable_element_axial_force(const alecable_element *e, double *force);
/** The section of a Kirchhoff element at xi in [0, 1] (xi = 0 at its first
 * node): position, frame, and the strains and stress resultants of its
 * energy (alecable_beam_params).  An SE(3) element's (since 0.3) are
 * constant along it, its stretch is 1 + e1 along t1 (its shears are not
 * reported), and its centre line the helix between its two nodal frames. */
typedef struct alecable_beam_section_state {
    size_t struct_size;   /**< sizeof(alecable_beam_section_state) (set by alecable_beam_section_state_init()) */
    double position[3];   /**< point of the centre line [m] */
    double frame[9];      /**< columns t1, t2, t3, row-major */
    double stretch;       /**< |r'| */
    double curvature[2];  /**< k2, k3 [1/m] */
    double twist;         /**< K [rad/m] */
    double tension;       /**< EA (|r'| - 1) [N] */
    double moment[2];     /**< bending moments EI2 (k2 - kappa2), EI3 (k3 - kappa3) [N m] */
    double torque;        /**< GJ (K - twist) [N m] */
} alecable_beam_section_state;
/** Zeroes the struct and sets struct_size.
 *  \param s the struct to fill; NULL is ignored. */
ALECABLE_API void alecable_beam_section_state_init(alecable_beam_section_state *s);
/** Reads the section of a Kirchhoff or SE(3) element at xi.
 * \param e a Kirchhoff or SE(3) element.
 * \param xi position in the element, 0 (first node) .. 1 (second node).
 * \param[out] s filled; its struct_size must be set (alecable_beam_section_state_init()).
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL e or s is NULL
 * \retval ALECABLE_EHANDLE e is not an element
 * \retval ALECABLE_EINVAL xi outside [0, 1], or a bad struct_size
 * \retval ALECABLE_ERANGE e is neither a Kirchhoff nor an SE(3) element
 * \retval ALECABLE_ESTATE not finalized yet (the frames are built at finalize) */
ALECABLE_API int alecable_element_section(const alecable_element *e, double xi, alecable_beam_section_state *s);
/** Material interval [s_a, s_b] of an element (its nodes' material
 * coordinates; the spatial end points are its nodes' positions).
 * \param e the element.
 * \param[out] s_a material coordinate of its first node [m] (may be NULL).
 * \param[out] s_b material coordinate of its second node [m] (may be NULL).
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL, ALECABLE_EHANDLE bad e */
ALECABLE_API int alecable_element_interval(const alecable_element *e, double *s_a, double *s_b);

/* ------------------------------------------------------------------------ */
/* Constraints (each adds equations g(q, t) = 0 and multipliers)             */
/* ------------------------------------------------------------------------ */

/** Holds one dof at its value when the constraint is created (a dof of
 * #ALECABLE_DOF_S is a no-flow condition).  One equation.  A dof held
 * already by alecable_fix(), alecable_prescribe() or
 * alecable_prescribe_motion() is refused (#ALECABLE_EINVAL naming the first
 * constraint; since 0.3: 0.2 took it and its solves failed singular).
 * #ALECABLE_DOF_RX .. RZ are a body's or an SE(3) node's (#ALECABLE_ELEMENT_SE3,
 * since 0.3): other cable nodes refuse them (a Kirchhoff node's roll is
 * #ALECABLE_DOF_ROLL; 0.2 took RX for it).
 * \param[out] out receives the constraint, owned by m (may be NULL).
 * \param m the model.
 * \param n a node of m (a cable node or a body's node).
 * \param dof an ALECABLE_DOF_* value the node has.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL m or n is NULL
 * \retval ALECABLE_EHANDLE a bad handle, or n of another model
 * \retval ALECABLE_ERANGE the node has no such dof
 * \retval ALECABLE_EINVAL the dof is held already
 * \retval ALECABLE_ENOMEM an allocation failed */
ALECABLE_API int alecable_fix(alecable_constraint **out, alecable_model *m, alecable_node *n, int dof);
/** Prescribes q_dof = q_dof,0 + t * delta; q_dof,0 is the value when the
 * constraint is created.  t is the model's time (alecable_model_time()):
 * dynamics advance it; a quasistatic solve holds it by default (its load
 * factor ramps the loads only), so a static pre-solve at t0 followed by
 * dynamics from t0 sees the motion at t0 throughout; a solve with
 * alecable_quasistatic_options.clock = #ALECABLE_CLOCK_LOAD_FACTOR takes t
 * = the load factor instead (a quasistatic pull, as in 0.2).
 * \param[out] out receives the constraint, owned by m (may be NULL).
 * \param m the model.
 * \param n a node of m.
 * \param dof an ALECABLE_DOF_* value the node has.
 * \param delta the rate [m/s or rad/s] (the change per unit load factor in a
 *        #ALECABLE_CLOCK_LOAD_FACTOR solve); finite.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL m or n is NULL
 * \retval ALECABLE_EHANDLE a bad handle, or n of another model
 * \retval ALECABLE_ERANGE the node has no such dof
 * \retval ALECABLE_EINVAL delta is not finite, or the dof is held already
 * \retval ALECABLE_ENOMEM an allocation failed */
ALECABLE_API int alecable_prescribe(alecable_constraint **out, alecable_model *m, alecable_node *n,
                                    int dof, double delta);
/** A prescribed motion given by the host: value(t), its rate and acceleration
 * (the rates feed velocity/acceleration-level stabilization).  Called from
 * the solvers, in the caller's thread.
 * \param user the pointer given to alecable_prescribe_motion().
 * \param t the time [s]: the model's time (alecable_model_time(); held in
 *        a quasistatic solve), or the load factor in a quasistatic solve with
 *        #ALECABLE_CLOCK_LOAD_FACTOR.
 * \param[out] value the dof's value at t.
 * \param[out] rate its first time derivative.
 * \param[out] accel its second time derivative.
 * \return 0, or non-zero to fail the evaluation: the solve or step returns
 *         #ALECABLE_ECALLBACK, the model's message naming the callback, the
 *         value and t (0.2 ignored some and reported others as NaN). */
typedef int (*alecable_motion_fn)(void *user, double t, double *value, double *rate, double *accel);
/** Prescribes q_dof = value(t) (absolute; t the model's time, see
 * alecable_motion_fn and alecable_prescribe()).
 * \param[out] out receives the constraint, owned by m (may be NULL).
 * \param m the model.
 * \param n a node of m.
 * \param dof an ALECABLE_DOF_* value the node has.
 * \param fn the motion; it and user must stay valid while m is solved.
 * \param user passed to fn unchanged (not owned).
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL m, n or fn is NULL
 * \retval ALECABLE_EHANDLE a bad handle, or n of another model
 * \retval ALECABLE_ERANGE the node has no such dof
 * \retval ALECABLE_EINVAL the dof is held already
 * \retval ALECABLE_ENOMEM an allocation failed */
ALECABLE_API int alecable_prescribe_motion(alecable_constraint **out, alecable_model *m, alecable_node *n,
                                           int dof, alecable_motion_fn fn, void *user);
/** General linear constraint  sum_i coef[i] q(nodes[i], dofs[i]) = rhs + t * rhs_rate.
 * One equation; the arrays are copied.
 * \param[out] out receives the constraint, owned by m (may be NULL).
 * \param m the model.
 * \param count number of terms, >= 1.
 * \param nodes count nodes of m.
 * \param dofs count ALECABLE_DOF_* values, one per node.
 * \param coef count finite coefficients, not all zero.
 * \param rhs the right-hand side at t = 0.
 * \param rhs_rate its change per unit t (t the model's time, or the load
 *        factor with #ALECABLE_CLOCK_LOAD_FACTOR: see alecable_prescribe()).
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL m or an array is NULL
 * \retval ALECABLE_EHANDLE a bad handle, or a node of another model
 * \retval ALECABLE_ERANGE a node lacks its dof
 * \retval ALECABLE_EINVAL count < 1, a value not finite, or all coefficients zero
 * \retval ALECABLE_ENOMEM an allocation failed */
ALECABLE_API int alecable_linear_constraint(alecable_constraint **out, alecable_model *m, int count,
                                            alecable_node *const nodes[], const int dofs[],
                                            const double coef[], double rhs, double rhs_rate);
/** Multiplier lambda of the constraint's equation after a solve.  For fix and
 * prescribe the reaction force exerted on the node by the support is -lambda.
 * \param k the constraint.
 * \param[out] lambda the multiplier [N for a spatial dof].
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL k or lambda is NULL
 * \retval ALECABLE_EHANDLE k is not a constraint */
ALECABLE_API int alecable_constraint_multiplier(const alecable_constraint *k, double *lambda);

/* ------------------------------------------------------------------------ */
/* Loads (scaled by the load factor t in quasistatics)                       */
/* ------------------------------------------------------------------------ */
/* Every load below is owned by its model; out may be NULL when the handle
 * is not needed (to change the load later, keep it: alecable_load_set()). */

/** Force applied at a mesh node (a fixed point of the mesh).  On an ALE cable
 * what it pulls depends on what holds the node (since 0.3):
 * - its material coordinate held (alecable_fix(), alecable_prescribe() or a
 *   joint on ALECABLE_DOF_S): the particle at the node; the load has the
 *   potential -f.x;
 * - its s free, its position held in all three directions (a fix, a joint, a
 *   pulley or an eyelet): the material that passes there; the load also does
 *   configurational work on s (paper 000 eqs. 47/70, with the gradient and
 *   Jacobian averaged over the two elements around the node): its component
 *   along the cable drives the flow;
 * - both free: statics refuse the model (alecable_solve_quasistatic()
 *   returns ALECABLE_ESTATE naming the node), since only the mesh, not the
 *   physics, would say which particle the load pulls and the discrete
 *   equilibria then form a family; in dynamics the mesh-motion law places the
 *   node (alecable_model_set_mesh_motion()).  Hold its s to load a particle
 *   there, or use alecable_load_material_point().
 * \param[out] out receives the load, owned by m (may be NULL).
 * \param m the model.
 * \param n a cable node of m (for a body: alecable_load_body_force()).
 * \param f the force [N] in space, copied.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL m, n or f is NULL
 * \retval ALECABLE_EHANDLE a bad handle, or n of another model
 * \retval ALECABLE_EINVAL f is not finite, or n is a body's node
 * \retval ALECABLE_ENOMEM an allocation failed */
ALECABLE_API int alecable_load_node(alecable_load **out, alecable_model *m, alecable_node *n,
                                    const double f[3]);
/** Force attached to the material particle s of a cable, wherever it flows.
 * \param[out] out receives the load, owned by m (may be NULL).
 * \param m the model.
 * \param c a cable of m.
 * \param s the particle's material coordinate [m], within the cable's interval.
 * \param f the force [N] in space, copied.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL m, c or f is NULL
 * \retval ALECABLE_EHANDLE a bad handle, or c of another model
 * \retval ALECABLE_EINVAL s or f is not finite
 * \retval ALECABLE_ESTATE the cable has no element yet
 * \retval ALECABLE_ERANGE s lies outside the cable's material interval
 * \retval ALECABLE_ENOMEM an allocation failed */
ALECABLE_API int alecable_load_material_point(alecable_load **out, alecable_model *m,
                                              alecable_cable *c, double s, const double f[3]);
/** Uniform force per unit material length b0 on a whole cable (eqs. 67-68).
 * \param[out] out receives the load, owned by m (may be NULL).
 * \param m the model.
 * \param c a cable of m.
 * \param b0 the density [N/m] in space, copied.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL m, c or b0 is NULL
 * \retval ALECABLE_EHANDLE a bad handle, or c of another model
 * \retval ALECABLE_EINVAL b0 is not finite
 * \retval ALECABLE_ENOMEM an allocation failed */
ALECABLE_API int alecable_load_distributed(alecable_load **out, alecable_model *m, alecable_cable *c,
                                           const double b0[3]);
/** Terms of a hydrodynamic load (alecable_hydro_params.terms): Morison
 * hydrodynamics on a cable (paper 001 sec. 4.2), per unit material
 * length, with w = U - u the fluid velocity relative to the particle:
 * drag 1/2 rho_f d (C_dn |w_n| w_n + pi C_dt |w_t| w_t), buoyancy
 * -rho_f (pi d^2/4) g (the model's gravity), added mass -C_an rho_f (pi d^2/4)
 * times the particle acceleration normal to the cable.  Not ramped by the
 * load factor differently from other loads. */
enum {
    ALECABLE_HYDRO_DRAG = 1,       /**< normal and tangential drag */
    ALECABLE_HYDRO_BUOYANCY = 2,   /**< buoyancy against the model's gravity */
    ALECABLE_HYDRO_ADDED_MASS = 4, /**< normal added mass (dynamics) */
    ALECABLE_HYDRO_ALL = 7         /**< the three */
};
/** Parameters of a Morison hydrodynamic load (alecable_load_hydro()); see
 *  #ALECABLE_HYDRO_DRAG for the forces. */
typedef struct alecable_hydro_params {
    size_t struct_size;      /**< sizeof(alecable_hydro_params) (set by alecable_hydro_params_init()) */
    double rho_f;            /**< fluid density [kg/m^3] (default 1025) */
    double diameter;         /**< hydrodynamic diameter [m] (required, > 0) */
    /**@{*/
    double C_dn, C_dt, C_an; /**< normal, tangential drag and normal added-mass coefficients
                                (defaults 1.2, 0.008, 1.0) */
    /**@}*/
    double current[3];       /**< uniform current velocity [m/s] (default 0) */
    int terms;               /**< ALECABLE_HYDRO_* mask (default ALL) */
    int stiff;               /**< 0 (default, paper 001): explicit under IMEX; 1: in the Jacobian */
} alecable_hydro_params;
/** Fills the defaults above and struct_size (diameter = 0 must then be given).
 *  \param p the struct to fill; NULL is ignored. */
ALECABLE_API void alecable_hydro_params_init(alecable_hydro_params *p);
/** Adds Morison hydrodynamics to a cable.
 * \param[out] out receives the load, owned by m (may be NULL); alecable_load_set()
 *        changes its current.
 * \param m the model.
 * \param c a cable of m.
 * \param p the parameters, copied.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL m, c or p is NULL
 * \retval ALECABLE_EHANDLE a bad handle, or c of another model
 * \retval ALECABLE_EINVAL a bad struct_size, diameter <= 0, a negative or
 *         non-finite coefficient, a bad terms mask
 * \retval ALECABLE_ENOMEM an allocation failed */
ALECABLE_API int alecable_load_hydro(alecable_load **out, alecable_model *m, alecable_cable *c,
                                     const alecable_hydro_params *p);

/** Laws of regularized Coulomb friction on a plane (alecable_friction_plane_params.law):
 * regularized Coulomb friction of a cable on a support plane (paper 001
 * eq. 29): per unit length f = -mu N v_t / max(|v_t|, eps) (SATURATED) or
 * -mu N v_t / sqrt(|v_t|^2 + eps^2) (SQRT), v_t the particle velocity in the
 * plane, N = rho A max(0, -g.n) (the cable's weight, when weight = 1) +
 * normal_load, for particles within [-depth, gap] of the plane.  The cable is
 * kept on the support by constraints, not by this load. */
enum { ALECABLE_FRICTION_SATURATED = 0, /**< -mu N v_t / max(|v_t|, eps) */ ALECABLE_FRICTION_SQRT = 1 /**< -mu N v_t / sqrt(|v_t|^2 + eps^2) */ };
/** Parameters of regularized friction on a plane (alecable_load_friction_plane()). */
typedef struct alecable_friction_plane_params {
    size_t struct_size;         /**< sizeof(alecable_friction_plane_params) (set by alecable_friction_plane_params_init()) */
    /**@{*/
    double point[3], normal[3]; /**< plane: a point and the normal out of the support (default +z) */
    /**@}*/
    double mu;                  /**< friction coefficient >= 0 (default 0) */
    double eps;                 /**< regularization velocity > 0 [m/s] (default 1e-3) */
    int law;                    /**< ALECABLE_FRICTION_* (default SATURATED) */
    int weight;                 /**< 1 (default): N includes the cable's weight */
    double normal_load;         /**< additional normal load per unit length >= 0 [N/m] (default 0) */
    /**@{*/
    double gap, depth;          /**< contact band [m] (defaults 1e-6 and infinity) */
    /**@}*/
    /**@{*/
    int first_element, n_elements; /**< elements acted on (n_elements <= 0: all from first_element) */
    /**@}*/
    int stiff;                  /**< as in alecable_hydro_params (default 0) */
} alecable_friction_plane_params;
/** Fills the defaults above and struct_size.
 *  \param p the struct to fill; NULL is ignored. */
ALECABLE_API void alecable_friction_plane_params_init(alecable_friction_plane_params *p);
/** Adds regularized Coulomb friction on a plane to a cable: a force of the
 * particles' velocity, meant for dynamics.
 * \param[out] out receives the load, owned by m (may be NULL).
 * \param m the model.
 * \param c a cable of m.
 * \param p the parameters, copied.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL m, c or p is NULL
 * \retval ALECABLE_EHANDLE a bad handle, or c of another model
 * \retval ALECABLE_EINVAL a bad struct_size, value, law or contact band
 * \retval ALECABLE_ERANGE the element range is outside the cable
 * \retval ALECABLE_ENOMEM an allocation failed */
ALECABLE_API int alecable_load_friction_plane(alecable_load **out, alecable_model *m, alecable_cable *c,
                                              const alecable_friction_plane_params *p);

/** A uniform distributed load (as alecable_load_distributed()) on the mesh
 * elements first_element .. first_element + n_elements - 1
 * only: a load tied to a region of space the mesh stays in (e.g. the hanging
 * part of a cable that slides over an edge through an ALE node).
 * \param[out] out receives the load, owned by m (may be NULL).
 * \param m the model.
 * \param c a cable of m.
 * \param first_element index of the first element loaded.
 * \param n_elements number of elements loaded (within the cable).
 * \param b0 the density [N/m] in space, copied.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL m, c or b0 is NULL
 * \retval ALECABLE_EHANDLE a bad handle, or c of another model
 * \retval ALECABLE_EINVAL b0 is not finite
 * \retval ALECABLE_ERANGE the range runs outside the cable's elements
 * \retval ALECABLE_ENOMEM an allocation failed */
ALECABLE_API int alecable_load_distributed_range(alecable_load **out, alecable_model *m, alecable_cable *c,
                                                 int first_element, int n_elements, const double b0[3]);
/** A concentrated moment at a Kirchhoff, ANCF or SE(3) node (SE(3) since
 * 0.3), scaled by the load factor: dead (follower = 0, fixed in space) or
 * follower (follower = 1, components in the node's section frame t1, t2,
 * t3, turning with it; Kirchhoff and SE(3) nodes only).  Its virtual work is moment . dphi with dphi the
 * rotation of the node's section; it has no potential (a dead moment is
 * conservative only about a fixed axis in planar motion), so the Jacobian
 * is not symmetric.  On an ANCF node, which has no roll, the component along
 * the tangent does no work.
 * \param[out] out receives the load, owned by m (may be NULL).
 * \param m the model.
 * \param n a Kirchhoff, ANCF or SE(3) node of m.
 * \param moment the moment [N m], copied.
 * \param follower 0 or 1 (see above).
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL m, n or moment is NULL
 * \retval ALECABLE_EHANDLE a bad handle, or n of another model
 * \retval ALECABLE_EINVAL not finite, a node without slope, follower not 0 or
 *         1, or a follower moment on an ANCF node
 * \retval ALECABLE_ENOMEM an allocation failed */
ALECABLE_API int alecable_load_node_moment(alecable_load **out, alecable_model *m, alecable_node *n,
                                           const double moment[3], int follower);
/** Uniform follower wrench densities on a Kirchhoff cable (paper 003 eqs. 16, 19):
 * a force n = N_i t_i and a moment m = M_i t_i per unit material length,
 * their components (N_1..3, M_1..3) given in the section frame (t1, t2,
 * t3), so that they turn with it (a fluid's drag and lift on a cable),
 * scaled by the load factor.  Virtual work: the integral over each element
 * of n.dr + m.dphi at its mesh points (5 Gauss points), dphi the section's
 * rotation; no potential, a non-symmetric exact tangent.  On a cable with
 * free material coordinates the densities stay with the mesh points.
 * \param[out] out receives the load, owned by m (may be NULL).
 * \param m the model.
 * \param c a Kirchhoff cable of m.
 * \param force N_1..3 [N/m], copied.
 * \param moment M_1..3 [N m/m], copied.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL m, c, force or moment is NULL
 * \retval ALECABLE_EHANDLE a bad handle, or c of another model
 * \retval ALECABLE_EINVAL not finite, or c is not a Kirchhoff cable
 * \retval ALECABLE_ENOMEM an allocation failed */
ALECABLE_API int alecable_load_wrench(alecable_load **out, alecable_model *m, alecable_cable *c,
                                      const double force[3], const double moment[3]);
/** Follower wrench densities per element (see alecable_load_wrench()).
 * \param[out] out receives the load, owned by m (may be NULL).
 * \param m the model.
 * \param c a Kirchhoff cable of m.
 * \param count the number of elements of c.
 * \param values 6 count values, copied: per element N_1..3 [N/m], M_1..3 [N m/m].
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL m, c or values is NULL
 * \retval ALECABLE_EHANDLE a bad handle, or c of another model
 * \retval ALECABLE_ERANGE count is not the number of elements
 * \retval ALECABLE_EINVAL a value is not finite, or c is not a Kirchhoff cable
 * \retval ALECABLE_ENOMEM an allocation failed */
ALECABLE_API int alecable_load_wrench_elements(alecable_load **out, alecable_model *m, alecable_cable *c,
                                               int count, const double *values);
/** Wrench densities given by the host, at every quadrature point.  The tangent
 * differentiates the turning of the frame only: the returned densities count
 * as constants (the hook for coupling a fluid solver, which gives forces,
 * not their derivatives).  Called from the solvers, in the caller's thread.
 * \param user the pointer given to alecable_load_wrench_callback().
 * \param t time [s] (the model's time, held in quasistatics; the load factor
 *        with #ALECABLE_CLOCK_LOAD_FACTOR: see alecable_prescribe()).
 * \param element element index in the cable.
 * \param xi position in the element, 0 .. 1.
 * \param x the point's position [m].
 * \param R its section frame, row-major, columns t1 t2 t3.
 * \param v its velocity [m/s] (zero in quasistatics).
 * \param[out] force N_1..3 in the section frame [N/m].
 * \param[out] moment M_1..3 in the section frame [N m/m].
 * \return 0, or non-zero to fail the evaluation: the solve or step returns
 *         #ALECABLE_ECALLBACK, the model's message naming the callback, the
 *         value and t (0.2 ignored some and reported others as NaN). */
typedef int (*alecable_wrench_fn)(void *user, double t, int element, double xi, const double x[3],
                                  const double R[9], const double v[3], double force[3], double moment[3]);
/** Follower wrench densities from a host callback on a Kirchhoff cable.
 * \param[out] out receives the load, owned by m (may be NULL).
 * \param m the model.
 * \param c a Kirchhoff cable of m.
 * \param fn the callback; it and user must stay valid while m is solved.
 * \param user passed to fn unchanged (not owned).
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL m, c or fn is NULL
 * \retval ALECABLE_EHANDLE a bad handle, or c of another model
 * \retval ALECABLE_EINVAL c is not a Kirchhoff cable
 * \retval ALECABLE_ENOMEM an allocation failed */
ALECABLE_API int alecable_load_wrench_callback(alecable_load **out, alecable_model *m, alecable_cable *c,
                                               alecable_wrench_fn fn, void *user);
/** Changes a load's force vector (point loads) or density (distributed), or
 * the current of a hydrodynamic load (the moment of a node moment), between
 * solves or steps.
 * \param l the load.
 * \param f the new vector [N, N/m, m/s or N m], copied.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL l or f is NULL
 * \retval ALECABLE_EHANDLE l is not a load
 * \retval ALECABLE_EINVAL f is not finite, or the load has no vector (friction) */
ALECABLE_API int alecable_load_set(alecable_load *l, const double f[3]);

/* ------------------------------------------------------------------------ */
/* Rigid bodies and joints (paper 000 secs. 4.3-4.4)                         */
/* ------------------------------------------------------------------------ */
/** Pose, mass and initial velocities of a rigid body (alecable_body_create()).
 * A body's pose is a position x and a rotation R (body frame -> space).  Its
 * coordinates are x and a rotation vector psi, R = exp(psi^); solvers change
 * them through the problem's update, R <- R exp(dpsi^) with dpsi in the body
 * frame (a rotation is never added to).  The DOF ids of a body's node are X,
 * Y, Z and RX, RY, RZ (the body-frame increments): fix and prescribe act on
 * them (holding two rotations keeps a planar body in its plane; holding all
 * three holds the orientation).  In dynamics a body's velocities are the
 * origin's velocity in space and the angular velocity Omega in the body frame
 * (the rates of its coordinates' increments), its kinetic energy
 * \verbatim
     T = 1/2 m |v|^2 + m v.R(Omega x c) + 1/2 Omega.J_o Omega
   \endverbatim
 * (c the centre of mass, J_o the inertia about the origin), and the implicit
 * integrators step it on the rotation group (Newmark, HHT, Bossak and
 * generalized-alpha in Lie-group form; the semi-implicit methods too, with
 * the joints' exact constraint rates for their stabilization). */
typedef struct alecable_body_params {
    size_t struct_size; /**< sizeof(alecable_body_params) (set by alecable_body_params_init()) */
    double position[3]; /**< origin of the body frame in space [m] (default 0) */
    double rotation[9]; /**< body -> space rotation, row-major, orthonormal (default identity) */
    double mass;        /**< [kg] >= 0: weight m g at the centre of mass under the model's gravity (default 0) */
    double com[3];      /**< centre of mass in the body frame [m] (default 0) */
    /* added in 0.2: dynamics */
    double inertia[9];  /**< inertia tensor about the centre of mass, body frame, row-major [kg m^2]:
                           symmetric positive semi-definite (default 0: a point mass); added in 0.2 */
    double velocity[3]; /**< initial velocity of the frame's origin, in space [m/s] (default 0); added in 0.2 */
    double omega[3];    /**< initial angular velocity, in the body frame [rad/s] (default 0); added in 0.2 */
} alecable_body_params;
/** Fills the defaults above and struct_size.
 *  \param p the struct to fill; NULL is ignored. */
ALECABLE_API void alecable_body_params_init(alecable_body_params *p);
/** Creates a rigid body.
 * \param[out] out receives the body, owned by m.
 * \param m the model.
 * \param p the parameters, copied.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL m, out or p is NULL
 * \retval ALECABLE_EHANDLE m is not a model
 * \retval ALECABLE_EINVAL a bad struct_size, a non-finite value, a negative
 *         mass, a rotation that is not orthonormal or is a reflection, an
 *         inertia that is not symmetric positive semi-definite or whose
 *         principal moments break J3 <= J1 + J2 (no mass distribution has it)
 * \retval ALECABLE_ENOMEM an allocation failed */
ALECABLE_API int alecable_body_create(alecable_body **out, alecable_model *m, const alecable_body_params *p);
/** The body's coordinates as a node (six dofs), for alecable_fix(), _prescribe,
 * _prescribe_motion and alecable_node_dof_index().
 * \param[out] out receives the node, owned by the model.
 * \param b the body.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL b or out is NULL
 * \retval ALECABLE_EHANDLE b is not a body */
ALECABLE_API int alecable_body_node(alecable_node **out, alecable_body *b);
/** Holds the body's pose (six fix constraints).
 * \param m the model.
 * \param b a body of m.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL m or b is NULL
 * \retval ALECABLE_EHANDLE a bad handle, or b of another model
 * \retval ALECABLE_ENOMEM an allocation failed */
ALECABLE_API int alecable_body_fix(alecable_model *m, alecable_body *b);
/** Current pose; either output may be NULL.
 * \param b the body.
 * \param[out] position origin of the body frame [m].
 * \param[out] rotation body -> space rotation, row-major.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL, ALECABLE_EHANDLE bad b */
ALECABLE_API int alecable_body_pose(const alecable_body *b, double position[3], double rotation[9]);
/** Spatial position of the body-frame point p.
 * \param b the body.
 * \param p the point in the body frame [m].
 * \param[out] x its position in space [m].
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL b, p or x is NULL
 * \retval ALECABLE_EHANDLE b is not a body */
ALECABLE_API int alecable_body_point(const alecable_body *b, const double p[3], double x[3]);
/** A spatial force f at the body-frame point p, scaled by the load factor.
 * \param[out] out receives the load, owned by m (may be NULL).
 * \param m the model.
 * \param b a body of m.
 * \param p the point of application in the body frame [m], copied.
 * \param f the force in space [N], copied.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL m, b, p or f is NULL
 * \retval ALECABLE_EHANDLE a bad handle, or b of another model
 * \retval ALECABLE_EINVAL a value is not finite
 * \retval ALECABLE_ENOMEM an allocation failed */
ALECABLE_API int alecable_load_body_force(alecable_load **out, alecable_model *m, alecable_body *b,
                                          const double p[3], const double f[3]);
/** A spatial torque on a body, scaled by the load factor.
 * \param[out] out receives the load, owned by m (may be NULL).
 * \param m the model.
 * \param b a body of m.
 * \param torque the torque in space [N m], copied.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL m, b or torque is NULL
 * \retval ALECABLE_EHANDLE a bad handle, or b of another model
 * \retval ALECABLE_EINVAL a value is not finite
 * \retval ALECABLE_ENOMEM an allocation failed */
ALECABLE_API int alecable_load_body_torque(alecable_load **out, alecable_model *m, alecable_body *b,
                                           const double torque[3]);

/* Joints hold several equations that are nonlinear in the body rotations.
 * Every joint is owned by its model; out may be NULL. */
/** Node n follows the body-frame point p of body b.  hold_s = 1 also holds the
 * node's material coordinate (the cable is fastened there); hold_s = 0 leaves
 * it free: an eyelet or pinhole the cable slides through.  3 equations
 * (hold_s adds a no-flow constraint on the node); the multipliers are the
 * force the cable exerts on the body [N].
 * \param[out] out receives the joint, owned by m (may be NULL).
 * \param m the model.
 * \param n a cable node of m.
 * \param b a body of m.
 * \param p the point in the body frame [m], copied.
 * \param hold_s 1: fastened; 0: an eyelet.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL m, n, b or p is NULL
 * \retval ALECABLE_EHANDLE a bad handle, or one of another model
 * \retval ALECABLE_EINVAL p not finite, hold_s not 0 or 1, n a body's node
 * \retval ALECABLE_ENOMEM an allocation failed */
ALECABLE_API int alecable_attach(alecable_joint **out, alecable_model *m, alecable_node *n, alecable_body *b,
                                 const double p[3], int hold_s);
/** The circle of a pulley wrap (alecable_pulley_wrap()).
 * Pulley wrap: count nodes of one cable held on a circle of body b at the
 * given angles (the contact region known a priori, paper 000 sec. 4.3), their
 * material coordinates free.  The circle: centre, unit axis (normal of its
 * plane) and the direction of angle 0, all in the body frame; angles turn
 * about the axis.  3 equations per node. */
typedef struct alecable_pulley_params {
    size_t struct_size; /**< sizeof(alecable_pulley_params) (set by alecable_pulley_params_init()) */
    double centre[3]; /**< centre [m], body frame (default 0) */
    double axis[3];   /**< axis, body frame (default +z) */
    double ref[3];    /**< direction of angle 0, orthogonal to axis (default +x) */
    double radius;    /**< [m] > 0 (required) */
} alecable_pulley_params;
/** Fills the defaults above and struct_size (radius = 0 must then be given).
 *  \param p the struct to fill; NULL is ignored. */
ALECABLE_API void alecable_pulley_params_init(alecable_pulley_params *p);
/** Holds count nodes of one cable on a pulley's circle (see alecable_pulley_params).
 * \param[out] out receives the joint, owned by m (may be NULL).
 * \param m the model.
 * \param b the body carrying the pulley.
 * \param p the circle, copied.
 * \param count number of nodes, >= 1.
 * \param nodes count distinct nodes of one cable, copied.
 * \param angles count angles [rad] about the axis from ref, copied.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL m, b, p, nodes or angles is NULL
 * \retval ALECABLE_EHANDLE a bad handle, or one of another model
 * \retval ALECABLE_EINVAL a bad struct_size or circle, count < 1, nodes of
 *         several cables or repeated, an angle not finite
 * \retval ALECABLE_ENOMEM an allocation failed */
ALECABLE_API int alecable_pulley_wrap(alecable_joint **out, alecable_model *m, alecable_body *b,
                                      const alecable_pulley_params *p, int count, alecable_node *const nodes[],
                                      const double angles[]);
/** Normal contact force of the i-th node of a wrap on the pulley: the
 * multipliers' component towards the centre (>= 0 when the cable presses).
 * \param j a pulley wrap.
 * \param i node index in the wrap, 0 .. count - 1.
 * \param[out] N the force [N].
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL j or N is NULL
 * \retval ALECABLE_EHANDLE j is not a joint
 * \retval ALECABLE_EINVAL j is not a pulley wrap
 * \retval ALECABLE_ERANGE i out of range */
ALECABLE_API int alecable_pulley_normal_force(const alecable_joint *j, int i, double *N);
/** Revolute joint between two bodies.
 * Joints between two bodies a and b at a spatial point (and about or along
 * a spatial axis), all taken at creation.
 * Revolute joint: 5 equations (3 hold the point, 2 keep the axes aligned),
 * a torsional spring of stiffness k >= 0 [N m/rad] about the axis, at rest
 * at the creation angle.
 * \param[out] out receives the joint, owned by m (may be NULL).
 * \param m the model.
 * \param a the first body.
 * \param b the second body, not a.
 * \param point the joint point in space [m].
 * \param axis the axis in space (not zero).
 * \param k the spring stiffness [N m/rad], >= 0.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL a NULL argument
 * \retval ALECABLE_EHANDLE a bad handle, or one of another model
 * \retval ALECABLE_EINVAL a = b, a value not finite, k < 0, an axis that is
 *         zero or whose length overflows or underflows (beyond 1e150 or below
 *         1e-150, like {1e308, 1e308, 0})
 * \retval ALECABLE_ENOMEM an allocation failed */
ALECABLE_API int alecable_revolute(alecable_joint **out, alecable_model *m, alecable_body *a, alecable_body *b,
                                   const double point[3], const double axis[3], double k);
/** Prismatic joint: b slides on a along the axis, its rotation relative to a
 * held; 5 equations (2 hold the point of b on the line of a, 3 the relative
 * rotation), a linear spring of stiffness k >= 0 [N/m] along the axis, at
 * rest at creation.  The slide is measured along a's axis.
 * \param[out] out receives the joint, owned by m (may be NULL).
 * \param m the model.
 * \param a the first body.
 * \param b the second body, not a.
 * \param point the joint point in space [m].
 * \param axis the axis in space (not zero).
 * \param k the spring stiffness [N/m], >= 0.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL a NULL argument
 * \retval ALECABLE_EHANDLE a bad handle, or one of another model
 * \retval ALECABLE_EINVAL a = b, a value not finite, k < 0, an axis that is
 *         zero or whose length overflows or underflows (beyond 1e150 or below
 *         1e-150, like {1e308, 1e308, 0})
 * \retval ALECABLE_ENOMEM an allocation failed */
ALECABLE_API int alecable_prismatic(alecable_joint **out, alecable_model *m, alecable_body *a, alecable_body *b,
                                    const double point[3], const double axis[3], double k);
/** A spherical joint (the point held, 3 equations) and a fixed joint (the
 * point and the relative rotation at creation held, 6 equations).
 * \param[out] out receives the joint, owned by m (may be NULL).
 * \param m the model.
 * \param a the first body.
 * \param b the second body, not a.
 * \param point the joint point in space [m].
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL a NULL argument
 * \retval ALECABLE_EHANDLE a bad handle, or one of another model
 * \retval ALECABLE_EINVAL a = b, or point not finite
 * \retval ALECABLE_ENOMEM an allocation failed */
ALECABLE_API int alecable_spherical(alecable_joint **out, alecable_model *m, alecable_body *a, alecable_body *b,
                                    const double point[3]);
/** A fixed joint: the point and the relative rotation at creation held, 6
 * equations (see alecable_spherical()).
 * \param[out] out receives the joint, owned by m (may be NULL).
 * \param m the model.
 * \param a the first body.
 * \param b the second body, not a.
 * \param point the joint point in space [m].
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL a NULL argument
 * \retval ALECABLE_EHANDLE a bad handle, or one of another model
 * \retval ALECABLE_EINVAL a = b, or point not finite
 * \retval ALECABLE_ENOMEM an allocation failed */
ALECABLE_API int alecable_fixed_joint(alecable_joint **out, alecable_model *m, alecable_body *a, alecable_body *b,
                                      const double point[3]);
/** A damper on a joint's coordinate.
 * The coordinate of a revolute (the angle of b relative to a about the axis)
 * or prismatic joint (the slide of b along the axis), 0 at creation, takes:
 * a damper, the force -c dc/dt on b along the coordinate and its opposite on
 * a, c >= 0 [N m s/rad or N s/m]; dynamics only.
 * \param j a revolute or prismatic joint.
 * \param c the damping coefficient, >= 0 (0 removes the damper).
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL, ALECABLE_EHANDLE bad j
 * \retval ALECABLE_EINVAL not a revolute or prismatic joint, or c < 0 or not finite */
ALECABLE_API int alecable_joint_set_damping(alecable_joint *j, double c);
/** A motor on a joint's coordinate (see alecable_joint_set_motor()): the
 * host gives the torque (revolute) or force (prismatic) on
 * b along the coordinate (its opposite acts on a) at time t (see
 * alecable_motion_fn), the coordinate and its rate (0 in quasistatics), and, for
 * Newton, its partial derivatives in the coordinate and the rate (0 when
 * unknown: a torque of time alone; a PD controller gives -kp and -kd).
 * Called from the solvers, in the caller's thread.
 * \param user the pointer given to alecable_joint_set_motor().
 * \param t time [s] (the model's time, held in quasistatics; the load factor
 *        with #ALECABLE_CLOCK_LOAD_FACTOR: see alecable_prescribe()).
 * \param angle the coordinate [rad or m].
 * \param rate its rate [rad/s or m/s].
 * \param[out] torque the torque [N m] or force [N] on b.
 * \param[out] dtorque_dangle its derivative in the coordinate.
 * \param[out] dtorque_drate its derivative in the rate.
 * \return 0, or non-zero to fail the evaluation: the solve or step returns
 *         #ALECABLE_ECALLBACK, the model's message naming the callback, the
 *         value and t (0.2 ignored some and reported others as NaN). */
typedef int (*alecable_torque_fn)(void *user, double t, double angle, double rate, double *torque,
                                  double *dtorque_dangle, double *dtorque_drate);
/** Sets or removes the motor of a revolute or prismatic joint.
 * \param j a revolute or prismatic joint.
 * \param fn the motor; NULL removes it.  It and user must stay valid while
 *        the model is solved.
 * \param user passed to fn unchanged (not owned).
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL, ALECABLE_EHANDLE bad j
 * \retval ALECABLE_EINVAL not a revolute or prismatic joint */
ALECABLE_API int alecable_joint_set_motor(alecable_joint *j, alecable_torque_fn fn, void *user);
/** The coordinate of a revolute joint and the spring's moment on b along it (-k c).
 * \param j a revolute joint.
 * \param[out] angle the angle [rad] (may be NULL).
 * \param[out] spring_moment the spring's moment [N m] (may be NULL).
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL, ALECABLE_EHANDLE bad j
 * \retval ALECABLE_EINVAL j is not a revolute joint */
ALECABLE_API int alecable_revolute_state(const alecable_joint *j, double *angle, double *spring_moment);
/** The coordinate of a prismatic joint and the spring's force on b along it (-k c).
 * \param j a prismatic joint.
 * \param[out] slide the slide [m] (may be NULL).
 * \param[out] spring_force the spring's force [N] (may be NULL).
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL, ALECABLE_EHANDLE bad j
 * \retval ALECABLE_EINVAL j is not a prismatic joint */
ALECABLE_API int alecable_prismatic_state(const alecable_joint *j, double *slide, double *spring_force);
/** The reaction of a revolute, prismatic, spherical or fixed joint on b after
 * a solve, spatial: the force, and the moment about the joint point (b's
 * point for a prismatic joint); the constraints' part only: the spring, the
 * damper and the motor act along the coordinate.  Either output may be
 * NULL.
 * \param j a joint between two bodies.
 * \param[out] force the force [N].
 * \param[out] moment the moment [N m].
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL, ALECABLE_EHANDLE bad j
 * \retval ALECABLE_EINVAL j is not a revolute, prismatic, spherical or fixed joint */
ALECABLE_API int alecable_revolute_reaction(const alecable_joint *j, double force[3], double moment[3]);
/** Number of equations of a joint (the size of its multiplier array).
 * \param j any joint.
 * \param[out] count the number of equations.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL j or count is NULL
 * \retval ALECABLE_EHANDLE j is not a joint */
ALECABLE_API int alecable_joint_equations(const alecable_joint *j, int *count);
/** The multipliers of a joint's equations after a solve.
 * \param j any joint.
 * \param[out] lambda alecable_joint_equations() values, owned by the caller.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL j or lambda is NULL
 * \retval ALECABLE_EHANDLE j is not a joint */
ALECABLE_API int alecable_joint_multipliers(const alecable_joint *j, double *lambda);

/** What a clamp holds (alecable_clamp_params.hold).
 * Clamp: holds a node's position, the direction of its tangent and its roll
 * (the section frame) to a frame that is fixed in space, moved by the host,
 * or fixed in a rigid body (paper 003 eq. 5).  Equations, in this order,
 * for what hold selects:
 * \verbatim
       ALECABLE_CLAMP_POSITION  r = x_c                          (3)
       ALECABLE_CLAMP_DIRECTION r'.d2 = r'.d3 = 0                (2: t1 = d1; the stretch stays free)
       ALECABLE_CLAMP_ROLL      atan2(t2.d3, t2.d2) = 0          (1: t2 = d2; Kirchhoff and SE(3) nodes)
       ALECABLE_CLAMP_STRETCH   r'.d1 - 1 = 0                    (1, last: with DIRECTION r' = d1, the
                                                                  stretch too: paper 003 eq. 5's r' = r'_d)
   \endverbatim
 * with (d1, d2, d3) the clamp frame's axes.  POSITION alone is a hinge;
 * POSITION | DIRECTION the clamp of an ANCF node (which has no roll).  On
 * an SE(3) node (since 0.3) DIRECTION holds its section normal t1 = d1 and
 * ROLL its t2 = d2 (ALL: the node's frame equal to the clamp's; no
 * STRETCH, which is its elements'), and the moment of the reaction is the
 * one about the section axes turned into space.  The
 * multipliers are readable (alecable_joint_multipliers()), the reaction as a
 * force and moment (alecable_clamp_reaction()).  penalty > 0 adds the
 * augmented-Lagrangian term p/2 |g|^2 of paper 003 eq. 17 beside the
 * multipliers: the same solution, a better conditioned Newton matrix.  With
 * ALL | STRETCH, |g|^2 = |r - x_c|^2 + |r' - d1|^2 + roll^2: eq. 22's
 * penalty on paper 003's seven equations, its roll measured as above. */
enum {
    ALECABLE_CLAMP_POSITION = 1,  /**< the point (3 equations) */
    ALECABLE_CLAMP_DIRECTION = 2, /**< the tangent's direction (2 equations) */
    ALECABLE_CLAMP_ROLL = 4,      /**< the roll (1 equation; Kirchhoff and SE(3) nodes, with DIRECTION) */
    ALECABLE_CLAMP_ALL = 7,       /**< the three (not STRETCH) */
    ALECABLE_CLAMP_STRETCH = 8    /**< the stretch |r'| = 1 (1 equation, after the others; with
                                       DIRECTION) (since 0.3) */
};
/** A frame moved by the host at time t (see alecable_motion_fn).
 * The rates feed velocity-level stabilization and consistent accelerations.
 * Called from the solvers, in the caller's thread.
 * \param user the pointer given with the callback.
 * \param t time [s] (the model's time, held in quasistatics; the load factor
 *        with #ALECABLE_CLOCK_LOAD_FACTOR: see alecable_prescribe()).
 * \param[out] x the origin [m].
 * \param[out] R the rotation, row-major; its columns are the frame's axes in space.
 *        It must be a rotation to 1e-6 (|R^T R - I|, determinant +1): another
 *        matrix fails the evaluation with #ALECABLE_ECALLBACK (since 0.3).
 * \param[out] v the origin's velocity [m/s].
 * \param[out] w the angular velocity in space [rad/s].
 * \param[out] a the origin's acceleration [m/s^2].
 * \param[out] alpha the angular acceleration in space [rad/s^2].
 * \return 0, or non-zero to fail the evaluation: the solve or step returns
 *         #ALECABLE_ECALLBACK, the model's message naming the callback, the
 *         value and t (0.2 ignored some and reported others as NaN). */
typedef int (*alecable_frame_fn)(void *user, double t, double x[3], double R[9], double v[3], double w[3],
                                 double a[3], double alpha[3]);
/** Parameters of a clamp (alecable_clamp()); see #ALECABLE_CLAMP_POSITION. */
typedef struct alecable_clamp_params {
    size_t struct_size;       /**< sizeof(alecable_clamp_params) (set by alecable_clamp_params_init()) */
    int hold;                 /**< ALECABLE_CLAMP_* mask (default ALL) */
    alecable_body *body;      /**< the frame is fixed in this body (default NULL: in space); not owned */
    int frame_given;          /**< 0 (default): the clamp frame is the node's frame when the model is
                                 finalized (its point, tangent and t2); 1: position and rotation below */
    double position[3];       /**< the clamp point [m] (in the body's frame with a body) */
    double rotation[9];       /**< the clamp frame, row-major, columns d1 (the tangent), d2, d3 (in the
                                 body's frame with a body); must be a rotation */
    alecable_frame_fn motion; /**< the frame moved by the host (overrides the two above; no body) */
    void *motion_user;        /**< passed to motion unchanged (not owned) */
    double penalty;           /**< p >= 0 (default 0: plain multipliers) */
} alecable_clamp_params;
/** Fills the defaults above and struct_size.
 *  \param p the struct to fill; NULL is ignored. */
ALECABLE_API void alecable_clamp_params_init(alecable_clamp_params *p);
/** Clamps a cable node (see #ALECABLE_CLAMP_POSITION).
 * \param[out] out receives the joint, owned by m (may be NULL).
 * \param m the model.
 * \param n an ANCF, Kirchhoff or SE(3) node of m (POSITION alone: any cable node).
 * \param p the parameters, copied (motion and motion_user must stay valid
 *        while m is solved).
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL m, n or p is NULL
 * \retval ALECABLE_EHANDLE a bad handle (params.body too), or one of another model
 * \retval ALECABLE_EINVAL a bad struct_size, hold mask, penalty, frame, a
 *         hold the node cannot take, both motion and body, a body's node
 * \retval ALECABLE_ENOMEM an allocation failed */
ALECABLE_API int alecable_clamp(alecable_joint **out, alecable_model *m, alecable_node *n,
                                const alecable_clamp_params *p);
/** The force and the moment (about the node) that the clamp exerts on the
 * cable, in space, after a solve.  Either output may be NULL.
 * \param j a clamp.
 * \param[out] force the force [N].
 * \param[out] moment the moment [N m].
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL, ALECABLE_EHANDLE bad j
 * \retval ALECABLE_EINVAL j is not a clamp, or its motion callback failed
 * \retval ALECABLE_ESTATE the model changed since its last solve */
ALECABLE_API int alecable_clamp_reaction(const alecable_joint *j, double force[3], double moment[3]);

/** A body driven by the host (a robot's flange, a ship): its pose follows
 * the frame fn gives at time t (see alecable_motion_fn), origin x
 * and rotation R, whose velocities and their rates make the constraint
 * rates exact.  Six equations: x_b = x, and the relative rotation vector of
 * R^T R_b, to first order, zero.  The multipliers (alecable_joint_multipliers())
 * are the force (space) and moment (body frame) the drive takes from the
 * body.
 * \param[out] out receives the joint, owned by m (may be NULL).
 * \param m the model.
 * \param b a body of m.
 * \param fn the frame; it and user must stay valid while m is solved.
 * \param user passed to fn unchanged (not owned).
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL m, b or fn is NULL
 * \retval ALECABLE_EHANDLE a bad handle, or b of another model
 * \retval ALECABLE_ENOMEM an allocation failed */
ALECABLE_API int alecable_body_prescribe(alecable_joint **out, alecable_model *m, alecable_body *b,
                                         alecable_frame_fn fn, void *user);

/** Coulomb slip friction on a pulley (paper 000 sec. 4.3.2): at every interior
 * node of the wrap (not the first and last, where the cable leaves the pulley
 * tangentially), a friction force T = mu N, N the node's normal contact force,
 * acts on the material equation as the configurational point load of eq. 47,
 * against the material flow.  flow = +1 when material moves through the wrap
 * towards increasing s (the cable is pulled at its high-s end), -1 the other
 * way.  Slip only: it holds while the cable slides on the whole wrap (no
 * stick), and the direction does not change during a solve.
 * On a sheave (alecable_sheave(), since 0.3) the normal and tangent follow
 * the node around the circle and the body's rotation, N is the normal part
 * of the force the sheave's equations put on the node (the circle's and the
 * mesh's multipliers: the fixed wrap's N at the same geometry), and the
 * flow is the material's travel past the sheave, the node's own travel
 * along the circle counted; its boundary nodes take no friction.
 * \param[out] out receives the load, owned by m (may be NULL).
 * \param m the model.
 * \param wrap a pulley wrap (alecable_pulley_wrap()) or, since 0.3, a sheave
 *        of 3 nodes or more (alecable_sheave()) of m.
 * \param mu the friction coefficient, >= 0.
 * \param flow +1 or -1 (see above).
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL m or wrap is NULL
 * \retval ALECABLE_EHANDLE a bad handle, or wrap of another model
 * \retval ALECABLE_EINVAL wrap is not a pulley wrap or a sheave, a sheave of
 *         2 nodes, mu < 0 or not finite, flow not +1 or -1
 * \retval ALECABLE_ENOMEM an allocation failed */
ALECABLE_API int alecable_pulley_friction(alecable_load **out, alecable_model *m, alecable_joint *wrap, double mu,
                                          int flow);

/** Parameters of Coulomb stick/slip friction (alecable_sleeve(), alecable_wrap_friction(),
 * alecable_eyelet_friction()).
 * Coulomb stick/slip friction on the material flow (paper 004).  At a
 * contact node the cable is held in space (on a body or the ground) and its
 * material flows; the slip over a step (a load step in quasistatics, a time
 * step in dynamics) is the material that passed the node relative to the
 * contact surface, w = (t . dx/ds)(s - s_n), s_n the node's material
 * coordinate at the last converged step.  The friction force lambda_T t on
 * the cable (t: the contact's unit tangent, towards increasing s) is an
 * unknown of its own, one row per node, and Coulomb's law
 * \verbatim
       |lambda_T| <= mu N,   w = 0 while |lambda_T| < mu N,
       lambda_T = mu N sign(w) while the cable slips
   \endverbatim
 * is solved exactly (no regularization) in Alart and Curnier's augmented
 * form inside the same Newton iteration,
 * \verbatim
       lambda_T = proj_[-mu N, mu N](lambda_T + epsilon w),
   \endverbatim
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
    size_t struct_size;    /**< sizeof(alecable_friction_params) (set by alecable_friction_params_init()) */
    double mu;             /**< friction coefficient >= 0 (default 0) */
    double augmentation;   /**< epsilon at each node as a multiple of EA / l there, > 0 (default 0.01) */
    alecable_body *surface; /**< the body the cable slides on, when it is not the one holding the nodes
                             * (default NULL: the holder, or space); not owned */
} alecable_friction_params;
/** Fills the defaults above and struct_size.
 *  \param p the struct to fill; NULL is ignored. */
ALECABLE_API void alecable_friction_params_init(alecable_friction_params *p);
/** Parameters of a sleeve (alecable_sleeve()).
 * A sleeve: the nodes (of one ALE cable, s free) are held where they are,
 * in space or in body's frame (alecable_fix() or alecable_attach() with hold_s =
 * 0, made here), their tangent at creation is the channel's, and each
 * carries the normal force pressure * l_i, l_i half the spatial distance to
 * its two neighbouring nodes; with normal_from_reaction = 1 the holding
 * force across the channel is added (a curved sleeve). */
typedef struct alecable_sleeve_params {
    size_t struct_size;       /**< sizeof(alecable_sleeve_params) (set by alecable_sleeve_params_init()) */
    alecable_body *body;      /**< default NULL: fixed in space; not owned */
    double pressure;          /**< normal force per unit length [N/m] >= 0 (default 0) */
    int normal_from_reaction; /**< 0 (default) or 1 */
    alecable_friction_params friction; /**< the friction law (filled by alecable_sleeve_params_init()) */
} alecable_sleeve_params;
/** Fills the defaults above, the friction member's defaults and struct_size.
 *  \param p the struct to fill; NULL is ignored. */
ALECABLE_API void alecable_sleeve_params_init(alecable_sleeve_params *p);
/** Creates a sleeve with stick/slip friction (see alecable_sleeve_params and
 * alecable_friction_params); its contacts are read with
 * alecable_friction_contact().
 * \param[out] out receives the joint, owned by m (may be NULL).
 * \param m the model.
 * \param p the parameters, copied.
 * \param count number of nodes, >= 1.
 * \param nodes count distinct nodes of one ALE cable whose s is free and
 *        whose position is not constrained yet, copied.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL m, p or nodes is NULL
 * \retval ALECABLE_EHANDLE a bad handle (p->body too), or one of another model
 * \retval ALECABLE_EINVAL a bad struct_size or value, nodes of several
 *         cables, repeated or already held, a node of a Lagrangian cable or
 *         with s held, or a node in another friction contact
 * \retval ALECABLE_ENOMEM an allocation failed */
ALECABLE_API int alecable_sleeve(alecable_joint **out, alecable_model *m, const alecable_sleeve_params *p, int count,
                                 alecable_node *const nodes[]);
/** Stick/slip on the interior nodes of a pulley wrap (the first and last,
 * where the cable leaves the pulley, take none, as in alecable_pulley_friction());
 * N = the wrap's normal contact force.  At full slip the law is
 * alecable_pulley_friction()'s.  On a sheave (alecable_sheave(), since 0.3)
 * the normal force and tangent follow the node as in
 * alecable_pulley_friction(), the slip of a step counts the node's own
 * travel along the sheave (the history keeps where on the sheave the node
 * was), and a sheave whose body is free turns under the friction (the
 * torque reaches the body through the sheave's equations); params.surface
 * must then be NULL.  A sheave that may release the cable
 * (alecable_sheave_set_node_contact(), alecable_sheave_set_lift_off(),
 * alecable_sheave_potential()) takes friction too: a node off the circle
 * has no normal force, so no friction (its limit mu N is 0: it slips with
 * lambda_T = 0), and a node that lands starts in slip, sticking within the
 * step where the law allows.
 * \param[out] out receives the joint, owned by m (may be NULL).
 * \param m the model.
 * \param wrap a pulley wrap or, since 0.3, a sheave of m with 3 nodes at
 *        least, without slip friction.
 * \param p the friction law, copied.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL m, wrap or p is NULL
 * \retval ALECABLE_EHANDLE a bad handle, or wrap of another model
 * \retval ALECABLE_EINVAL not a wrap or a sheave, fewer than 3 nodes, slip
 *         friction already on it, a bad friction parameter or contact node,
 *         a surface given for a sheave
 * \retval ALECABLE_ENOMEM an allocation failed */
ALECABLE_API int alecable_wrap_friction(alecable_joint **out, alecable_model *m, alecable_joint *wrap,
                                        const alecable_friction_params *p);
/** Stick/slip in an eyelet (alecable_attach() with hold_s = 0): N = the part
 * of the holding force across the cable's tangent at creation.
 * \param[out] out receives the joint, owned by m (may be NULL).
 * \param m the model.
 * \param eyelet an attachment of m with hold_s = 0.
 * \param p the friction law, copied.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL m, eyelet or p is NULL
 * \retval ALECABLE_EHANDLE a bad handle, or eyelet of another model
 * \retval ALECABLE_EINVAL not an eyelet, a bad friction parameter or contact node
 * \retval ALECABLE_ENOMEM an allocation failed */
ALECABLE_API int alecable_eyelet_friction(alecable_joint **out, alecable_model *m, alecable_joint *eyelet,
                                          const alecable_friction_params *p);
/** State of a friction contact (alecable_contact.state). */
enum { ALECABLE_CONTACT_STICK = 0, /**< the material did not move past the surface in the last converged step */ ALECABLE_CONTACT_SLIP = 1 /**< the material moved past the surface (|lambda_T| = mu N) */ };
/** A friction joint's contacts after a solve (i from 0 to count - 1):
 *  alecable_friction_contact(). */
typedef struct alecable_contact {
    size_t struct_size;     /**< sizeof(alecable_contact) (set by alecable_contact_init()) */
    alecable_node *node;    /**< the contact node (owned by the model) */
    int state;              /**< ALECABLE_CONTACT_* at the last converged step: SLIP when the material
                               moved past the surface in that step (|lambda_T| = mu N then); STICK
                               otherwise, at the limit too */
    double lambda_t;        /**< friction force on the cable along t [N] */
    double lambda_n;        /**< normal force N [N] */
    double slip;            /**< w of the last converged step [m] */
    double slip_total;      /**< sum of |w| over the converged steps [m] */
    double work;            /**< friction work sum lambda_T w, dissipated (>= 0) [J] */
} alecable_contact;
/** Zeroes the struct and sets struct_size.
 *  \param c the struct to fill; NULL is ignored. */
ALECABLE_API void alecable_contact_init(alecable_contact *c);
/** Number of contacts of a friction joint.
 * \param j a sleeve, wrap friction or eyelet friction joint.
 * \param[out] count the number of contact nodes.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL j or count is NULL
 * \retval ALECABLE_EHANDLE j is not a joint
 * \retval ALECABLE_EINVAL j is not a friction joint */
ALECABLE_API int alecable_friction_contacts(const alecable_joint *j, int *count);
/** Reads one contact of a friction joint.
 * \param j a friction joint.
 * \param i contact index, 0 .. count - 1.
 * \param[out] c filled; its struct_size must be set (alecable_contact_init()).
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL j or c is NULL
 * \retval ALECABLE_EHANDLE j is not a joint
 * \retval ALECABLE_EINVAL j is not a friction joint, or a bad struct_size
 * \retval ALECABLE_ERANGE i out of range */
ALECABLE_API int alecable_friction_contact(const alecable_joint *j, int i, alecable_contact *c);

/* ------------------------------------------------------------------------ */
/* The problem interface shared by every integrator                          */
/* ------------------------------------------------------------------------ */
/* Index-3 constrained equations (see alecable_problem). */

/** Classes of the q entries of a problem (alecable_problem.dof_class): the
 *  quasistatic solver's regularization needs them. */
enum {
    ALECABLE_PROBLEM_DOF_OTHER = 0,    /**< any other coordinate */
    ALECABLE_PROBLEM_DOF_SPATIAL = 1,  /**< spatial coordinate of a node that has a material one */
    ALECABLE_PROBLEM_DOF_MATERIAL = 2, /**< material coordinate, free */
    ALECABLE_PROBLEM_DOF_MATERIAL_FIXED = 3 /**< material coordinate held by a single-dof constraint */
};

/** A problem: sizes, a fixed sparsity pattern and callbacks, everything the
 * solvers and integrators see.  Index-3 constrained equations
 * \verbatim
       r_q = M(q) a + f(q, v, t) + G(q)^T lambda = 0
       r_l = g(q, t) = 0
   \endverbatim
 * with unknown vector z = (q, lambda) of size n = nq + nlam.  The Jacobian is
 * the weighted sum J = cq dr/dq + cv dr/dv + ca dr/da in the q columns and the
 * plain derivatives dr_q/dlambda = G^T, dr_l/dq = G in the constraint blocks,
 * written into a fixed CSC pattern that contains every diagonal entry.
 *
 * A host filling its own problem starts from alecable_problem_init(); the
 * pattern arrays and ctx stay owned by the host and must outlive every
 * solver or integrator using the problem.  Every callback receives ctx,
 * runs in the thread that called the solver, and returns 0 or non-zero
 * (an ALECABLE_* status is passed on) to fail the evaluation. */
typedef struct alecable_problem {
    size_t struct_size; /**< sizeof(alecable_problem) (set by alecable_problem_init()) */
    void *ctx;          /**< passed to every callback unchanged (not owned; the fused callbacks,
                             since 0.3, read it from the problem they receive) */
    /**@{*/
    int nq, nlam;       /**< number of coordinates q and of constraint equations (multipliers) */
    /**@}*/
    /* CSC pattern of the n-by-n Jacobian, n = nq + nlam */
    int nnz;           /**< number of entries of the CSC pattern of the n-by-n Jacobian, n = nq + nlam */
    const int *colptr; /**< column pointers, n + 1 values (colptr[0] = 0, colptr[n] = nnz) */
    const int *rowidx; /**< row indices, nnz values, every diagonal entry present */
    /* dof_class[nq]: ALECABLE_PROBLEM_DOF_*; partner[nq]: for a spatial dof,
     * the index of its node's material dof (else -1).  May be NULL. */
    const int *dof_class; /**< dof_class[nq]: ALECABLE_PROBLEM_DOF_* (may be NULL) */
    const int *partner;   /**< partner[nq]: for a spatial dof, the index of its node's material dof
                               (else -1) (may be NULL) */
    /** r (n values) at (t, q, v, a, lambda); v, a may be NULL in quasistatics. */
    int (*residual)(void *ctx, double t, const double *q, const double *v, const double *a,
                    const double *lambda, double *r);
    /** Jacobian values (nnz, pattern order) of cq dr/dq + cv dr/dv + ca dr/da
     *  and the G blocks; flags: ALECABLE_JAC_*.  Writes every one of the nnz
     *  values at every call (zeros included): what the array holds on entry
     *  is unspecified (since 0.3 the time integrators' band solver factors
     *  in it). */
    int (*jacobian)(void *ctx, double t, const double *q, const double *v, const double *a,
                    const double *lambda, double cq, double cv, double ca, int flags, double *values);
    /** q <- q (+) scale*dq; NULL means plain addition. */
    int (*update)(void *ctx, double *q, const double *dq, double scale);
    /** Constraint rates for velocity/acceleration-level stabilization (nlam values each):
     * gdot = dg/dt = G v + g_t and gamma such that d2g/dt2 = G a + gamma
     * (gamma = Gdot v + g_tt).  May be NULL: methods that need it refuse the problem. */
    int (*constraint_rates)(void *ctx, double t, const double *q, const double *v, double *gdot,
                            double *gamma);
    /* Floating-point operations of one residual and one Jacobian evaluation,
     * for the integrators' statistics (0: unknown). */
    /**@{*/
    double flops_residual, flops_jacobian; /**< floating-point operations of one residual and one
                                                Jacobian evaluation, for the integrators'
                                                statistics (0: unknown) */
    /**@}*/
    /** Optional (NULL: not provided): r (nq values) = the part of the q-rows of
     * the residual that is linear in a, M(q) a (inertia and added mass; no
     * stiffness, no convective terms).  SI-HHT uses it to carry its force
     * history F_n from one step to the next instead of evaluating it: one
     * residual evaluation per step instead of two.  flops_inertia: its cost. */
    int (*inertia)(void *ctx, double t, const double *q, const double *v, const double *a, double *r);
    double flops_inertia; /**< cost of inertia (0: unknown) */
    /** Optional (NULL: not provided): residual and Jacobian at one point in one
     * call, as the two callbacks would give them (r: n values, values: nnz).
     * The semi-implicit methods evaluate both at their linearization point;
     * a problem can share work between the two (the model computes each
     * element's force and tangent from one pass over its quadrature). */
    int (*residual_jacobian)(void *ctx, double t, const double *q, const double *v, const double *a,
                             const double *lambda, double cq, double cv, double ca, int flags, double *r,
                             double *values);
    double flops_residual_jacobian; /**< its cost (0: flops_residual + flops_jacobian) */
    /** Optional history (nhist = 0: none): state that the problem keeps
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
     *
     * The solvers call history_commit once per accepted step, keep each
     * state's history with it, and restore it with history_set where they
     * restore a state (alecable_integrator_undo(), a time step that failed
     * or was rejected), so a rollback is bit for bit; a problem that keeps
     * memory within one solve (the friction contacts' last Newton branch)
     * clears it on every history_get, history_set and history_commit, and
     * a solve starts with one of them.  All three are set, or nhist is 0. */
    int nhist;
    /** Copies the history in force into hist (nhist values); see nhist. */
    int (*history_get)(void *ctx, double *hist);
    /** Makes hist (nhist values) the history in force; see nhist. */
    int (*history_set)(void *ctx, const double *hist);
    /** Advances the history after the state was accepted; see nhist.  Returns
     *  #ALECABLE_OK, #ALECABLE_CONTACT_CLOSED (a contact it closed holds from this
     *  state: the time integrators restart there; since 0.3) or an error. */
    int (*history_commit)(void *ctx, double t, const double *q, const double *v, const double *lambda);
    /** Optional: the largest a in (0, 1] for which the state q (+) a dq is
     * admissible (the model: no element shrinks below a quarter of its
     * material length in one step, so a node never passes its neighbour).
     * The quasistatic solver shortens its Newton steps to it; NULL: 1.
     * A host that wraps the model's problem with a ctx of its own wraps
     * this callback too (every callback receives ctx). */
    int (*step_limit)(void *ctx, const double *q, const double *dq, double *a_max);
    /* Since 0.3: */
    /** Optional (NULL: not provided; since 0.3): the physical scale of each
     * equation at (t, q, v, a, lambda), n = nq + nlam values >= 0, against
     * which the solvers judge convergence: for a q row, the sum of the
     * magnitudes of the terms that balance in it (internal and inertia
     * forces, applied loads and weights, constraint forces G^T lambda), so
     * that |r_i| <= tol * scale_i says those terms cancel to the relative
     * precision tol; for a constraint row, the length (or angle) against
     * which its violation g_i is measured.  v and a are NULL in
     * quasistatics.  A solver without it falls back to a scale of its own
     * (alecable_solve_report.residual_scale says which was used). */
    int (*residual_scale)(void *ctx, double t, const double *q, const double *v, const double *a,
                          const double *lambda, double *scale);
    /** Optional (NULL: not provided; since 0.3): the potential energy
     * V(t, q) = w_int + w_ext [J] of the q-rows' forces, in two parts: the
     * internal (elastic, springs) energy w_int and the potential w_ext of the
     * applied loads and weights (as alecable_model_energy() gives them; the
     * energy exchanged between the two is the balance's scale), such that
     * every force of the residual other than inertia, constraint forces
     * G^T lambda (or reactions W^T lambda that are not G^T lambda, whose
     * power beyond it reaction_power gives) and dissipative forces
     * (friction, damping) is -dV/dq, and V does not depend on t while the
     * problem is integrated in time.  A problem sets it only when that
     * holds (alecable_model_problem() sets it when the model has no
     * hydrodynamic loads, host wrenches, node moments, body torques or
     * motors, its loads are not ramped with t (alecable_model_set_load_ramp()
     * 0, as alecable_model_integrator() sets), no material can flow in or
     * out through a cable end and no point load sits on a node whose
     * material coordinate moves (its configurational force has no
     * potential): those s held by a fix, a joint or, in dynamics, the
     * mesh-motion law, or Lagrangian).
     * The integrators' divergence watch then balances the energy: T + V
     * may grow by no more than the work the constraints' motions supply,
     * the integral of lambda . dg/dt, plus the work of reaction_power (see
     * alecable_dynamic_options.watch_work). */
    int (*energy)(void *ctx, double t, const double *q, double *w_int, double *w_ext);
    /** Optional (NULL: every reaction is ideal; since 0.3): the power [W]
     * that the q-rows' reactions supply beyond the ideal constraint forces,
     * at (t, q, v, lambda): where the residual holds W(q)^T lambda instead
     * of G(q)^T lambda, *power = lambda . (G(q) - W(q)) v (the reactions'
     * force is -W^T lambda, and the ideal ones' power lambda . dg/dt is
     * counted from the constraint rates).  The model sets it when it has a
     * joint whose reactions may be non-ideal (a sheave: its tangent mesh
     * reactions, ALECABLE_SHEAVE_REACTION_TANGENT, and the C1 contact
     * boundaries' force, ALECABLE_SHEAVE_C1_EDGE_FREE), and gives 0 while
     * all of them are ideal.  The integrators' energy balance adds its work
     * to the constraints' motions' (alecable_dynamic_options.watch_work),
     * evaluating it, linear in v, at both ends of a step along the step's
     * mean velocity (the trapezoidal rule's discrete work); a problem
     * without it is balanced as before, its reactions taken as ideal. */
    int (*reaction_power)(void *ctx, double t, const double *q, const double *v, const double *lambda,
                          double *power);
    /* Since 0.3, the fused callbacks: two evaluations of the callbacks
     * above at one point from one pass over a problem's elements, where a
     * solver needs both.  Each receives the problem being solved (the
     * solver's copy of the caller's struct) instead of ctx, reads the ctx
     * it needs as p->ctx, and must give what p's own callbacks give,
     * whichever they are.  The rule: a fused callback fuses only where the
     * callbacks of p that it stands for are the functions it was written
     * for (a problem whose callbacks are its own has their ctx in p->ctx),
     * and otherwise calls p's through p (p->residual(p->ctx, ...)).  So a
     * host that wraps a problem by copying the struct and replacing ctx
     * and the callbacks (with a recorder of the residual, a counter, an
     * added force), or some of them with the ctx kept, needs to know
     * nothing of these members: its callbacks are called as before, and a
     * model's fused callback never receives the host's ctx as its own.  The
     * model's (alecable_model_problem()) follow the rule; a host's problem
     * may set them too, following it as well, or leave them NULL. */
    /** Optional (NULL: not provided; since 0.3): the residual and its scale
     * at one point from one pass: writes into r what p->residual(p->ctx, t,
     * q, v, a, lambda, r) writes and, when that returns #ALECABLE_OK with r
     * finite, into scale what p->residual_scale gives at the same point,
     * each to the bit; returns the residual's status, and the scale's in
     * *scale_status (non-zero where the scale was not evaluated).  The
     * integrators call it only when residual_scale is set, where they read
     * both at one iterate (an implicit step's first Newton iterate); they
     * call the two callbacks elsewhere and when it is NULL, to the same
     * results.  The model sets it (its force, weight and inertia kernels
     * evaluated once for both).  See the rule above. */
    int (*residual_with_scale)(const struct alecable_problem *p, double t, const double *q, const double *v,
                               const double *a, const double *lambda, double *r, double *scale,
                               int *scale_status);
    /** Optional (NULL: not provided; since 0.3): the kinetic energy
     * T = 1/2 v.M(q) v [J] into *T and, unless w_int is NULL, what
     * p->energy(p->ctx, t, q, w_int, w_ext) writes into w_int and w_ext, to
     * the bit (the integrators pass them only when energy is set).  M is
     * p->inertia's, T its quadratic form to rounding: with
     * m = M(q) v = p->inertia(p->ctx, t, q, v, a = v, m),
     * T_ref = 1/2 sum_i v_i m_i (summed in the order of i) and
     * T_abs = 1/2 sum_i |v_i m_i|, T may be summed in another order (element
     * by element) and must satisfy |T - T_ref| <= (nq + 1000) DBL_EPSILON
     * T_abs (nq: the sums' rounding; 1000: an element's own).  work: nq
     * doubles of scratch (the integrator's), for a fallback through
     * p->inertia.  Returns #ALECABLE_OK or an error (the model's:
     * #ALECABLE_ENAN where its T is not finite).  The integrators' divergence
     * watch calls it for every state's T (with w_int and w_ext where its
     * energy balance is on) instead of inertia (and energy), counting
     * flops_inertia for it.  The model sets it where its elements give T
     * without the scattered M v: where every cable with mass is of ANCF
     * or Kirchhoff elements, and there are no bodies and no hydrodynamic
     * loads (added mass).  See the rule above. */
    int (*kinetic_energy)(const struct alecable_problem *p, double t, const double *q, const double *v,
                          double *work, double *T, double *w_int, double *w_ext);
} alecable_problem;
/** Zeroes a problem and sets struct_size: a host filling its own problem starts
 * here, so the optional members (inertia, flop counts) are unset.
 * \param p the problem to fill; NULL is ignored. */
ALECABLE_API void alecable_problem_init(alecable_problem *p);

/** Jacobian flags (the flags argument of alecable_problem.jacobian). */
enum {
    ALECABLE_JAC_FULL = 0,      /**< the whole Jacobian */
    ALECABLE_JAC_STIFF_ONLY = 1 /**< leave out forces marked non-stiff (IMEX: explicit in the residual) */
};

/** Exposes a finalized model as a problem (valid until the model changes).
 * Its loads scale with t, the load factor of quasistatics, unless the model
 * says otherwise (alecable_model_set_load_ramp()): a host that integrates
 * the problem in time sets that to 0 first, as alecable_model_integrator()
 * does.  Its prescribed motions, motion callbacks and driven bodies are
 * evaluated at t as well (the model's clock is separate only inside
 * alecable_solve_quasistatic(), see #ALECABLE_CLOCK_HOLD).  The model is finalized here if it changed.  The problem's ctx, pattern
 * and arrays belong to the model: valid until the model changes or is
 * destroyed; the callbacks act on the model, so the problem is used from
 * the model's thread.  Once the model changes (an object added, or
 * finalized again) the callbacks, alecable_problem_solve_quasistatic() and
 * alecable_integrator_create() on this problem return #ALECABLE_ESTATE,
 * the model's message naming the change: make a new problem.  A model
 * whose cables are all Lagrangian has no material coordinates among its
 * unknowns: its problem's dof_class and partner are NULL (every class
 * #ALECABLE_PROBLEM_DOF_OTHER, every partner -1) (since 0.3).
 * \param[out] p filled (the caller owns the struct, not what it points to).
 * \param m the model.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL m or p is NULL
 * \retval ALECABLE_EHANDLE m is not a model
 * \return or an error of alecable_model_finalize() */
ALECABLE_API int alecable_model_problem(alecable_problem *p, alecable_model *m);
/** on = 1 (the default): the loads of alecable_model_problem(), gravity among
 * them, scale with t (a load factor); 0: they act in full whatever t is (t
 * a time).  alecable_solve_quasistatic() ramps whatever this says, and
 * alecable_model_integrator() sets 0 (added in 0.2).
 * \param m the model.
 * \param on 0 or 1.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL, ALECABLE_EHANDLE bad m
 * \retval ALECABLE_EINVAL on is neither 0 nor 1 */
ALECABLE_API int alecable_model_set_load_ramp(alecable_model *m, int on);
/** The model's time [s], its clock: the time of its state, at which its
 * prescribed motions, motion callbacks, driven bodies, clamp frames, motors
 * and wrench callbacks stand.  0 for a new model; alecable_model_pull_state()
 * sets it to the integrator's time, a quasistatic solve keeps it (or, with
 * #ALECABLE_CLOCK_LOAD_FACTOR, sets it to the load factor reached), and
 * alecable_model_integrator() starts there (since 0.3).
 * \param m the model.
 * \param[out] t the time [s].
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL m or t is NULL
 * \retval ALECABLE_EHANDLE m is not a model */
ALECABLE_API int alecable_model_time(const alecable_model *m, double *t);
/** Sets the model's time (see alecable_model_time()): a static pre-solve at
 * t0 > 0, or dynamics that go on from a quasistatic pull, or a restart from
 * a checkpoint (alecable_model_set_state() restores q, lambda and the load
 * factor, not the time).  The state is not changed (since 0.3).
 * \param m the model.
 * \param t the time [s], finite.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL, ALECABLE_EHANDLE bad m
 * \retval ALECABLE_EINVAL t is not finite (the time is unchanged) */
ALECABLE_API int alecable_model_set_time(alecable_model *m, double t);

/* ------------------------------------------------------------------------ */
/* Quasistatic solver (paper 000 section 3.4)                                */
/* ------------------------------------------------------------------------ */
/** Regularization of the quasistatic solver (alecable_quasistatic_options.regularization). */
enum {
    ALECABLE_REG_NONE = 0,     /**< plain Newton */
    ALECABLE_REG_TWO_STAGE = 1 /**< paper 000 eqs. 75-78 */
};
/** Linear solvers (alecable_quasistatic_options.linear_solver,
 *  alecable_dynamic_options.linear_solver).
 *
 * A library built GPL-free (make GPL=no: no UMFPACK, SPQR nor CHOLMOD)
 * accepts the same values: UMFPACK is served by KLU pivoting afresh at
 * every factorization; SPQR by LAPACK's dense QR with column pivoting
 * (O(n^3) per factorization, refused above 4000 unknowns with
 * #ALECABLE_EINVAL); the rank detection of the two-stage regularization
 * (rank_tol) by a banded QR on cable-shaped tangents and by that dense QR
 * on the others (refused likewise above 4000 unknowns, with a message). */
enum {
    ALECABLE_LINSOLVE_UMFPACK = 0, /**< LU with fresh pivoting at every factorization */
    ALECABLE_LINSOLVE_SPQR = 2,    /**< least squares by QR (rank-deficient systems; slow) */
    ALECABLE_LINSOLVE_KLU = 3,     /**< LU reusing its pivot order (refactorization) while the
                                      conditioning holds: low overhead for time stepping */
    ALECABLE_LINSOLVE_BAND = 4,    /**< band LU with partial pivoting after a reverse
                                      Cuthill-McKee ordering: the fastest for cable-shaped
                                      (banded) systems; #ALECABLE_EINVAL at create when the
                                      pattern's band is too wide */
    ALECABLE_LINSOLVE_AUTO = 5     /**< BAND when the pattern is banded enough, else KLU */
};

/** Options of the quasistatic solver (alecable_solve_quasistatic(),
 *  alecable_problem_solve_quasistatic()). */
typedef struct alecable_quasistatic_options {
    size_t struct_size;    /**< sizeof(alecable_quasistatic_options) (set by alecable_quasistatic_options_init()) */
    int load_steps;        /**< load factor goes t0 -> t1 in this many equal steps (default 1) */
    /**@{*/
    double t0, t1;         /**< first and last load factor (default 0 -> 1) */
    /**@}*/
    int max_iterations;    /**< Newton iterations per stage and step (default 50) */
    double tol_residual;   /**< converged when every equation's |r_i| <= tol_residual * (scale_i + floor),
                              scale_i the problem's residual_scale (the size of the terms that balance
                              in it), floor 1e-3 times the largest scale of the q rows, or when ||r||
                              is at roundoff (alecable_solve_report.scaled_residual; since 0.3,
                              before: against the largest residual of the step) (default 1e-10) */
    double tol_increment;  /**< ||dz||_inf <= tol_increment * (1 + ||q||_inf) (default 1e-12) */
    int regularization;    /**< ALECABLE_REG_* (default TWO_STAGE) */
    double alpha;          /**< regularization parameter (default 1) */
    double rank_tol;       /**< SPQR column-norm tolerance on the column-scaled tangent; 0 (default):
                              SPQR's own 20 (m + n) eps */
    int linear_solver;     /**< ALECABLE_LINSOLVE_* (default UMFPACK) */
    /* Since 0.2 (a 0.1 caller's shorter struct gets the defaults): */
    int globalization;     /**< ALECABLE_GLOBAL_* (default AUTO); since 0.2 (a 0.1 caller's shorter
                              struct gets the default) */
    double ptc_shift;      /**< first pseudo-transient shift, relative to the largest diagonal entry
                              of the tangent's q rows (default 1e-3, > 0); since 0.2 */
    int clock;             /**< ALECABLE_CLOCK_*: the time at which prescribed motions, motion
                              callbacks, driven bodies, clamp frames, motors and wrench callbacks
                              are evaluated (default HOLD: the model's time); since 0.3 (a 0.2
                              caller's shorter struct gets 0.2's behaviour, see
                              #ALECABLE_CLOCK_LOAD_FACTOR); alecable_problem_solve_quasistatic()
                              ignores it */
    int stability;         /**< ALECABLE_STABILITY_* : what the solve does about an unstable
                              equilibrium at its last load step (default FOLLOW; since 0.3) */
    int large_mesh;        /**< ALECABLE_LARGE_MESH_*: how the solve adapts to a mesh of many
                              nodes (default AUTO; since 0.3) */
} alecable_quasistatic_options;
/** How the quasistatic solver adapts to a large mesh
 * (alecable_quasistatic_options.large_mesh; since 0.3).  Both settings give
 * the same equilibrium to the solver's tolerance where both converge; AUTO
 * is what converges from a straight start at 10^5 - 10^6 elements in a
 * time that grows like the mesh. */
enum {
    /** above about 300 nodes along the mesh (read from the tangent's
     *  pattern: nq^2 / its nonzeros in the q columns, about a third of a
     *  cable's nodes: from about 900 elements on), the pseudo-transient
     *  shift (#ALECABLE_GLOBAL_AUTO) starts at ptc_shift (30 / m)^2 of the
     *  largest diagonal entry: that entry is the stiffness of one element,
     *  which grows like m (like m^3 with bending), while a node's mass,
     *  which a pseudo-time step should follow, falls like 1 / m; and
     *  linear_solver = UMFPACK becomes KLU (UMFPACK's factorization of a
     *  long chain grows faster than the chain; KLU's does not, and needs
     *  less memory than the band solver there); the factorizations are
     *  freed after the solve.  Below, nothing changes. */
    ALECABLE_LARGE_MESH_AUTO = 0,
    ALECABLE_LARGE_MESH_OFF = 1 /**< the options as given at every size (0.3 before this option) */
};
/** The clock of a quasistatic solve (alecable_quasistatic_options.clock).
 * The load factor t (o->t0 -> o->t1) always ramps the loads; the clock says
 * at which time [s] the things that move with time stand: prescribed
 * motions (alecable_prescribe(), alecable_prescribe_motion(),
 * alecable_linear_constraint()'s rhs_rate), driven bodies
 * (alecable_body_prescribe()), clamp frames, motors and wrench callbacks. */
enum {
    /** (default since 0.3) at the model's time t0 (alecable_model_time()),
     *  which the solve leaves as it is: a static pre-solve at t0 with full
     *  loads, then dynamics from t0 (alecable_model_integrator()), neither
     *  advances nor jerks any motion. */
    ALECABLE_CLOCK_HOLD = 0,
    /** at the load factor t: the motions advance with the load steps (a
     *  quasistatic pull: alecable_prescribe()'s delta is the change per
     *  unit load factor), and the model's time becomes the load factor
     *  reached, so dynamics after the solve go on from it.  This is 0.2's
     *  statics; a caller passing 0.2's shorter struct gets it without the
     *  last part (the model's time is left as it was, as in 0.2). */
    ALECABLE_CLOCK_LOAD_FACTOR = 1
};
/** Stability of the equilibria the quasistatic solver returns
 * (alecable_quasistatic_options.stability; since 0.3).  After the last load
 * step converges, the solver factors the tangent's symmetric part as the
 * KKT matrix [K G^T; G -delta I] (delta tiny; K with the stage-1
 * regularization 2 alpha on every free material coordinate, so that the
 * ALE redundancy, a node and its material coordinate moving together
 * along a flat energy, is not taken for an instability) by LDL^T after an
 * AMD ordering: its negative pivots minus the constraints' count are the
 * directions the constraints allow along which the energy curves down
 * (Sylvester).  A count above 0 is confirmed by the curvature along the
 * most negative pivot's direction, projected on the constraints (central
 * differences of the residual): below -1e-9 times the largest diagonal
 * entry of K.  Not checked (alecable_solve_report.stability UNCHECKED):
 * a tangent that is not symmetric (to 1e-8 of that entry: follower or
 * fixed-axis moments, friction, whose curvature is no energy's), a zero
 * pivot, or a negative pivot that its direction does not confirm.  Cost:
 * one Jacobian and one LDL^T per solve (about one Newton iteration). */
enum {
    /** an unstable equilibrium is left along its direction of most negative
     *  curvature (projected on the constraints) to where the energy stops
     *  falling along it, and the step solved again from there (with the
     *  line search even where globalization is NONE), at most 8 times;
     *  still unstable, or no descent along it: ALECABLE_EUNSTABLE */
    ALECABLE_STABILITY_FOLLOW = 0,
    ALECABLE_STABILITY_CHECK = 1, /**< an unstable equilibrium fails with ALECABLE_EUNSTABLE (the last
                                       stable load step is kept) */
    ALECABLE_STABILITY_OFF = 2    /**< no check (release 0.2: any equilibrium; the report says unchecked) */
};
/** alecable_solve_report.stability: what the check found at the returned
 * state (since 0.3). */
enum {
    ALECABLE_EQUILIBRIUM_UNCHECKED = 0, /**< not checked (option OFF, or no step completed) */
    ALECABLE_EQUILIBRIUM_STABLE = 1,    /**< no direction of negative curvature */
    ALECABLE_EQUILIBRIUM_UNSTABLE = 2   /**< negative curvature (only with a failed solve) */
};
/** alecable_solve_report.scale_source: the scale the stop test used (since 0.3). */
enum {
    ALECABLE_SCALE_NONE = 0,    /**< no residual judged yet */
    ALECABLE_SCALE_PROBLEM = 1, /**< the problem's residual_scale (a model's problem has one) */
    ALECABLE_SCALE_FALLBACK = 2 /**< a problem without residual_scale: each load step's first residual,
                                     max-norm over the q rows, for every q row (a constraint row: 1) */
};
/** Globalization of the quasistatic Newton iteration (alecable_quasistatic_options.globalization).
 * How Newton reaches an equilibrium from a start far from it (straight,
 * unstressed, slack, or with every material coordinate free).  The problem
 * is a minimization of the potential energy W (plus the regularization's
 * terms); its gradient along a Newton direction dq is the slope
 * s(a) = r_q(q + a dq) . dq, which needs only residuals.  */
enum {
    /** paper 000's Newton step is kept, whole, where the tangent factors
     *  and the step descends (s(0) = -dq . J dq < 0, the multipliers at
     *  their new values).  A singular tangent or an ascending step (a
     *  compressed or unstressed cable's negative or zero transverse
     *  stiffness) gets the pseudo-transient shift J + delta D (D = the
     *  largest diagonal entry of the q rows; delta from ptc_shift, x10
     *  until the step descends, /4 after each full step: it fades as
     *  Newton takes over, like the dynamic relaxation of mooring codes).
     *  A shifted step, or one that would shrink an element below a
     *  quarter of its material length (alecable_problem.step_limit), goes
     *  through a line search on s(a) (secant until |s(a)| <= 1/2 |s(0)|).
     *  A load step that still fails is solved again from its start with
     *  the shift and the line search on every iteration and, where
     *  material coordinates are free, those held until the rest has
     *  converged (a Lagrangian predictor).  Since 0.3, a load step that
     *  fails both ways (no convergence, or a singular tangent that no
     *  unrestrained dof explains) is cut: solved from its start in sub-steps, halved
     *  after a failure (down to 1/16 of the step) and doubled after a
     *  success (alecable_solve_report.steps_cut). */
    ALECABLE_GLOBAL_AUTO = 0,
    ALECABLE_GLOBAL_NONE = 1, /**< paper 000's plain Newton (release 0.1) */
    ALECABLE_GLOBAL_PTC = 2   /**< the shift from the first iteration and the line search on every
                                   iteration of each step (AUTO's retry), without the retry */
};
/** Fills the defaults above and struct_size.
 *  \param o the struct to fill; NULL is ignored. */
ALECABLE_API void alecable_quasistatic_options_init(alecable_quasistatic_options *o);

/** What a quasistatic solve did (alecable_solve_quasistatic()). */
typedef struct alecable_solve_report {
    size_t struct_size;     /**< sizeof(alecable_solve_report) (set by alecable_solve_report_init()) */
    int status;             /**< same as the return value */
    int steps_requested;    /**< load steps asked for */
    int steps_completed;    /**< load steps converged */
    int iterations_stage1;  /**< Newton iterations (linear solves) of stage 1, summed over the steps */
    int iterations_stage2;  /**< the same for stage 2 */
    double avg_iterations_stage1; /**< iterations_stage1 per completed step */
    double avg_iterations_stage2; /**< iterations_stage2 per completed step */
    int dependent_lines;    /**< dependent material lines regularized in the last step's stage 2 */
    int dependent_max;      /**< largest number found in any iteration */
    double final_residual;  /**< ||r||_inf at the end (unregularized) */
    double load_factor;     /**< load factor of the returned (converged) state */
    double min_rcond;       /**< smallest reciprocal condition estimate seen */
    /* Since 0.2 (a 0.1 caller's shorter struct is filled up to its size): */
    int shifted_iterations; /**< iterations whose step carried the pseudo-transient shift (since 0.2;
                                 a 0.1 caller's shorter struct is filled up to its size) */
    int damped_iterations;  /**< iterations whose step the line search or step_limit shortened (since 0.2) */
    double max_shift;       /**< largest shift used, relative to the tangent's largest q diagonal (since 0.2) */
    /* Since 0.3: */
    double scaled_residual; /**< max_i |r_i| / (scale_i + floor) at the last residual judged (the
                                 returned state on success): <= tol_residual when converged, or above
                                 it only where ||r|| is at roundoff, 64 eps max|J| (1 + ||q||) (10
                                 times that where Newton's increment vanished; elsewhere only below
                                 1e-5):
                                 a stiff cable (EA eps above tol_residual times its loads), a fine ALE
                                 mesh; floor = 1e-3 times the largest scale of the q rows (since 0.3) */
    double residual_scale;  /**< the largest scale of the q rows at that point [N, or the problem's
                                 units] (since 0.3) */
    int scale_source;       /**< ALECABLE_SCALE_* (since 0.3) */
    int stability;          /**< ALECABLE_EQUILIBRIUM_* of the last load step (since 0.3) */
    int negative_curvatures;/**< directions of negative curvature found by the last check (since 0.3) */
    int unstable_followed;  /**< times an unstable equilibrium was left along negative curvature
                                 (options.stability = FOLLOW; since 0.3) */
    int steps_cut;          /**< sub-steps added where a load step failed and globalization AUTO cut
                                 it (halved after a failure, down to 1/16 of the step; since 0.3) */
} alecable_solve_report;
/** Zeroes the report and sets struct_size.
 *  \param r the struct to fill; NULL is ignored. */
ALECABLE_API void alecable_solve_report_init(alecable_solve_report *r);

/** Runs load steps on the model (finalizing it if it changed).  On failure
 * the model keeps the state of the last converged load step and the report
 * says where it stopped; alecable_model_errmsg() says why.  When the
 * failure comes from a dof without stiffness (a singular tangent, or a load
 * step that still needed the shift when it gave up), the message ends with
 * "unrestrained: cable C node I dof D (q[k]): ..." or "unrestrained: body B
 * dof D (q[k]): ...", which says what to hold.
 * The load factor ramps the loads; prescribed motions, motion callbacks and
 * driven bodies stand at the model's time (alecable_model_time()), which the
 * solve keeps, unless o->clock says otherwise (#ALECABLE_CLOCK_LOAD_FACTOR:
 * a quasistatic pull).  Dynamics from the solved state start at that time
 * (alecable_model_integrator()).
 * \param m the model.
 * \param o the options (NULL: the defaults), read during the call only.
 * \param[out] report filled (may be NULL); its struct_size must be set.
 * \retval ALECABLE_OK every load step converged
 * \retval ALECABLE_ENULL, ALECABLE_EHANDLE bad m
 * \retval ALECABLE_EINVAL a bad option or struct_size
 * \retval ALECABLE_ESTATE a point load (alecable_load_node()) on a node of an ALE cable whose
 *         material coordinate and position are both free (since 0.3; see there)
 * \retval ALECABLE_ENOCONV Newton did not converge in a load step
 * \retval ALECABLE_EUNSTABLE a load step converged to an unstable equilibrium that options.stability
 *         = CHECK refuses, or that FOLLOW could not leave for a stable one (since 0.3); or (CHECK
 *         and FOLLOW; since 0.3) the last step's state has an element of a cable without bending
 *         stiffness (axial; ANCF, Kirchhoff, SE(3) with EI = 0) compressed beyond round-off (its
 *         stretch below 1 by more than 1e-8 of the cable's largest |stretch - 1| and 64 eps of its
 *         coordinates over its length) where it could leave its line (a node with an axis no fix
 *         holds across the element): a string cannot carry compression, and such a state is a
 *         fold (on a seabed: an element reversed against its neighbours, which the penalty holds
 *         and the curvature check cannot see) or a buckled line; the message names the element,
 *         its stretch and force, the last converged step is kept; start the cable slack
 *         (alecable_cable_lay_slack())
 * \retval ALECABLE_ESINGULAR a singular tangent
 * \retval ALECABLE_ENAN a non-finite residual or solution
 * \retval ALECABLE_ELINSOLVE, ALECABLE_ENOMEM the linear solver or an allocation failed
 * \return or an error of alecable_model_finalize(), or a callback's status */
ALECABLE_API int alecable_solve_quasistatic(alecable_model *m, const alecable_quasistatic_options *o,
                                            alecable_solve_report *report);

/** Per-step details of the last quasistatic solve: iterations of both stages and
 * the number of dependent lines (any pointer may be NULL).
 * \param m the model.
 * \param step load step index, 0 .. steps_completed - 1.
 * \param[out] iterations_stage1 Newton iterations of stage 1.
 * \param[out] iterations_stage2 Newton iterations of stage 2.
 * \param[out] dependent_lines dependent lines of the step's last stage-2 iteration.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL, ALECABLE_EHANDLE bad m
 * \retval ALECABLE_ESTATE no quasistatic solve has run on this model
 * \retval ALECABLE_ERANGE step is not part of the last solve */
ALECABLE_API int alecable_report_step(const alecable_model *m, int step, int *iterations_stage1,
                                      int *iterations_stage2, int *dependent_lines);
/** Residual norms ||r||_inf of every Newton iteration of one step and stage
 * (stage 1 or 2) of the last solve.  *values points into model-owned memory,
 * valid until the next solve.
 * \param m the model.
 * \param step load step index, 0 .. steps_completed - 1.
 * \param stage 1 or 2.
 * \param[out] values receives a pointer to count norms (not to be freed).
 * \param[out] count the number of norms.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL bad m, or values or count is NULL
 * \retval ALECABLE_EHANDLE m is not a model
 * \retval ALECABLE_ESTATE no quasistatic solve has run on this model
 * \retval ALECABLE_ERANGE step or stage is not part of the last solve */
ALECABLE_API int alecable_report_residuals(const alecable_model *m, int step, int stage,
                                           const double **values, int *count);
/** Dependent lines (indices into q) found in the last stage-2 iteration of the
 * given step.  *lines points into model-owned memory, valid until the next solve.
 * \param m the model.
 * \param step load step index, 0 .. steps_completed - 1.
 * \param[out] lines receives a pointer to count indices (not to be freed).
 * \param[out] count the number of lines.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL bad m, or lines or count is NULL
 * \retval ALECABLE_EHANDLE m is not a model
 * \retval ALECABLE_ESTATE no quasistatic solve has run on this model
 * \retval ALECABLE_ERANGE step is not part of the last solve */
ALECABLE_API int alecable_report_dependent(const alecable_model *m, int step, const int **lines,
                                           int *count);

/** Runs the quasistatic solver on any problem (a host code's own equations).
 * q and lambda hold the start and receive the solution.  The solver's
 * workspace is allocated and freed within the call.
 * \param p the problem (load factor t from o->t0 to o->t1).
 * \param o the options (NULL: the defaults).
 * \param allocator memory functions for the workspace (NULL: the C library's).
 * \param[in,out] q nq values: start, then solution (the last converged step's on failure).
 * \param[in,out] lambda nlam values (may be NULL when nlam = 0).
 * \param[out] report filled (may be NULL); its struct_size must be set.
 * \retval ALECABLE_OK every load step converged
 * \retval ALECABLE_ENULL p or q is NULL, or lambda with nlam > 0
 * \retval ALECABLE_EINVAL a bad problem, option, allocator or struct_size
 * \retval ALECABLE_ENOCONV, ALECABLE_ESINGULAR, ALECABLE_ENAN, ALECABLE_ELINSOLVE, ALECABLE_ENOMEM
 *         as in alecable_solve_quasistatic()
 * \retval ALECABLE_EUNSTABLE as there (since 0.3; the check reads the problem's Jacobian and residual)
 * \return or a callback's status */
ALECABLE_API int alecable_problem_solve_quasistatic(const alecable_problem *p,
                                                    const alecable_quasistatic_options *o,
                                                    const alecable_allocator *allocator, double *q,
                                                    double *lambda, alecable_solve_report *report);

/* ------------------------------------------------------------------------ */
/* Time integration (paper 001): on any alecable_problem                     */
/* ------------------------------------------------------------------------ */
/** Time integration methods (alecable_dynamic_options.method). */
enum {
    ALECABLE_METHOD_NEWMARK = 0,    /**< implicit Newmark, Newton (default trapezoidal beta 1/4, gamma 1/2);
                                       index-3 trapezoidal Newmark does not damp the oscillation of a and
                                       lambda under nonlinear constraints: prefer HHT or GENALPHA there */
    ALECABLE_METHOD_HHT = 1,        /**< implicit HHT-alpha, alpha in [-1/3, 0] (default -0.05); the default
                                       method since 0.3: it damps the index-3 oscillation at second order */
    ALECABLE_METHOD_BOSSAK = 2,     /**< implicit Bossak (WBZ-alpha), alpha_m <= 0 */
    ALECABLE_METHOD_GENALPHA = 3,   /**< implicit generalized-alpha (Chung-Hulbert) from rho_inf */
    ALECABLE_METHOD_SI_BE = 10,     /**< semi-implicit backward Euler (one linear solve per step) */
    ALECABLE_METHOD_SI_BDF2 = 11,   /**< semi-implicit BDF2 */
    ALECABLE_METHOD_SI_NEWMARK = 12,/**< semi-implicit Newmark */
    ALECABLE_METHOD_SI_HHT = 13     /**< semi-implicit HHT-alpha */
};

/** Options of a time integrator (alecable_integrator_create(), alecable_model_integrator()). */
typedef struct alecable_dynamic_options {
    size_t struct_size;     /**< sizeof(alecable_dynamic_options) (set by alecable_dynamic_options_init()) */
    int method;             /**< ALECABLE_METHOD_* (default HHT since 0.3; NEWMARK in 0.1 and 0.2,
                               whose undamped index-3 oscillation turned a pendulum hauled in by a
                               winch over) */
    double h;               /**< step size [s]; initial step when adaptive (default 1e-3) */
    /**@{*/
    double beta, gamma;     /**< Newmark parameters; 0: the method's defaults */
    /**@}*/
    double alpha;           /**< HHT alpha in [-1/3, 0] or Bossak alpha_m in [-1, 0]; 0 (default):
                               the method's default, -0.05 (HHT) or -0.1 (Bossak) */
    double rho_inf;         /**< generalized-alpha spectral radius at infinity (default 0.8) */
    int adaptive;           /**< implicit methods only: step size from a local error estimate (default 0) */
    double atol;            /**< absolute tolerance of the local error estimate on q (default 1e-6) */
    double rtol;            /**< relative tolerance of the same (default 0) */
    /**@{*/
    double h_min, h_max;    /**< adaptive step bounds [s] (default 1e-12 and 0 = unbounded) */
    /**@}*/
    int max_iterations;     /**< Newton iterations per step (default 20) */
    double tol_residual;    /**< Newton: |r_i| <= tol_residual * scale_i, the scale of each equation from
                               alecable_problem.residual_scale, else the largest applied, constraint and
                               inertia forces at the step's start (constraint rows: the watch's length
                               scale); never relative to the step's own residuals (since 0.3)
                               (default 1e-10) */
    double tol_increment;   /**< Newton: ||dq||_inf <= tol_increment * (1 + ||q||_inf), the roundoff
                               limit of the same (default 1e-10) */
    double baumgarte_a1;    /**< semi-implicit: g'' + 2 a1 g' + a2^2 g = 0 imposed at t_{n+1}
                               (defaults: 0 = 1/h each; with si_scheme PAPER the feedback is
                               on g and g' at t_n and 0 means 1/(2h)) [1/s] */
    double baumgarte_a2;    /**< the a2 of baumgarte_a1's equation [1/s] (default 0 = 1/h; 1/(2h)
                               with si_scheme PAPER) */
    int imex;               /**< semi-implicit only: Jacobian of the stiff forces only (ALECABLE_JAC_STIFF_ONLY) */
    int linear_solver;      /**< ALECABLE_LINSOLVE_* (default AUTO) */
    int hht_history;        /**< SI-HHT's force history F_n: ALECABLE_HHT_HISTORY_* (default AUTO) */
    /* Since 0.3: the divergence watch.  After every step the integrator checks
     * cheap indicators against the problem's own scales, an energy scale
     * E = L * sum_i |f_i(t0, q0, v0)| (the applied, internal and gyroscopic
     * forces of the initial state, multipliers out) and a length scale
     * L = max(||q0||_inf, 1) (or watch_length), and refuses a step that
     * trips one with #ALECABLE_DIVERGING (adaptive stepping first cuts h, as
     * for a failed Newton): the state stays the last accepted one, and the
     * message names the indicator, its value, its threshold and the cure.
     * A threshold of 0 takes its default; a negative one switches that
     * indicator off.  With watch on, a step whose increment the problem's
     * step_limit does not admit whole (the model: an element shrunk below
     * a quarter of its length, or inverted) is refused too.  The watch
     * costs one inertia evaluation per step (and one residual at set_state
     * when a is given). */
    int watch;              /**< divergence watch: 0 (default) or 1 on, -1 off (since 0.3) */
    double watch_energy;    /**< kinetic-energy jump: a step whose kinetic energy 1/2 v.M v (the
                               problem's inertia callback; without it not checked) exceeds
                               watch_energy times the larger of E and the largest kinetic energy
                               of the earlier steps (default 100); not checked when E and the
                               initial kinetic energy are both 0 (no scale) (since 0.3) */
    double watch_error;     /**< local error: a step whose error estimate on q (implicit: the
                               adaptive mode's, from the second step after set_state on;
                               semi-implicit: the solution's distance from the linearization point)
                               exceeds watch_error * L (default 0.1) (since 0.3) */
    double watch_drift;     /**< semi-implicit constraint drift: max |g_i| at the step's
                               linearization point above watch_drift * L (default 0.1) (since 0.3) */
    double watch_displacement; /**< a coordinate |q_i| beyond watch_displacement * L (default 1e6)
                                  (since 0.3) */
    double watch_length;    /**< the length scale L [m] (0 (default): max(||q0||_inf, 1) at set_state)
                               (since 0.3) */
    double watch_work;      /**< energy balance, on problems with an energy callback: the energy
                               created since set_state, T + V - (T0 + V0) - W (W the work the
                               constraints' prescribed motions supplied, and the non-ideal
                               reactions' (alecable_problem.reaction_power), integrated by the
                               trapezoidal rule), may not exceed watch_work times the energy
                               exchanged so far (the largest of T, |w_int - w_int0|,
                               |w_ext - w_ext0| and |W|, alecable_problem.energy's parts) plus the
                               bound of the rule's error, the sum of h/2 |P_{n+1} - P_n| over the
                               steps (P the drives' and those reactions' power); the energy exchanged is taken as at
                               least 1e-9 E (E the watch's energy scale), below which the balance
                               reads rounding and creep (default 0.05) (since 0.3) */
    int si_scheme;          /**< semi-implicit methods: ALECABLE_SI_SCHEME_* (default LIBRARY: linearized
                               at the predicted state, constraints stabilized at t_{n+1}; PAPER: paper
                               001's eqs. 21-28 as printed) (since 0.3) */
} alecable_dynamic_options;

/** The semi-implicit methods' scheme (alecable_dynamic_options.si_scheme). */
enum {
    /** the forces linearized about the predicted state a_{n+1} = a_n (exact
     * on linear problems, second-order accurate) and the constraints'
     * Baumgarte law imposed at t_{n+1} (a1 = a2 = 1/h by default) */
    ALECABLE_SI_SCHEME_LIBRARY = 0,
    /** paper 001 as printed: forces and Jacobians at the start of the step,
     * Q_{n+1} ~ Q_n + J_q (q_{n+1} - q_n) + J_v (v_{n+1} - v_n) (eqs. 2, 21,
     * 28), the Baumgarte law's feedback on C_n and C'_n (eq. 25), SI-HHT's
     * forces at n evaluated (eq. 27).  Explicit feedback is unstable with
     * a1 = a2 = 1/h; 0 in baumgarte_a1/a2 then means 1/(2h).  It damps far
     * more (Tables 3-5) */
    ALECABLE_SI_SCHEME_PAPER = 1
};

/** SI-HHT's force history (alecable_dynamic_options.hht_history).
 *  SI-HHT needs the force F_n = f + G^T lambda at the start of each step. */
enum {
    /** carried from the previous step's linear equation when the problem has
     * an inertia callback and IMEX is off (one residual evaluation per step
     * instead of two), else evaluated.  The same motion to rounding on
     * smooth problems; on strongly nonlinear forces (regularized friction)
     * the linearization error it carries raises the error a little (paper
     * 001's sliding tether, mu = 0.4: 0.48 instead of 0.45 mm at h = 1e-3) */
    ALECABLE_HHT_HISTORY_AUTO = 0,
    ALECABLE_HHT_HISTORY_EVALUATE = 1 /**< always evaluated at (t_n, q_n, v_n) */
};
/** Fills the defaults above and struct_size.
 *  \param o the struct to fill; NULL is ignored. */
ALECABLE_API void alecable_dynamic_options_init(alecable_dynamic_options *o);

/** Work counters of an integrator (alecable_integrator_stats()). */
typedef struct alecable_step_stats {
    size_t struct_size;     /**< sizeof(alecable_step_stats) (set by alecable_step_stats_init()) */
    long steps;             /**< accepted steps */
    long rejected;          /**< rejected step attempts (adaptive or failed Newton) */
    long newton_iterations; /**< Newton iterations, all attempts */
    long linear_solves;     /**< linear solves */
    /**@{*/
    long residual_evals, jacobian_evals; /**< residual and Jacobian evaluations */
    /**@}*/
    int last_iterations;    /**< Newton iterations of the last accepted step */
    double last_h;          /**< size of the last accepted step [s] */
    double wall_time;       /**< seconds spent inside step calls */
    double linear_flops;    /**< floating-point operations of the factorizations and solves, as
                               counted by the BAND solver (0 with the SuiteSparse solvers) */
    double model_flops;     /**< of the residual and Jacobian evaluations, from the problem's
                               flops_residual / flops_jacobian (0 when the problem gives none) */
    double last_scaled_residual; /**< implicit methods: max_i |r_i| / scale_i at the end of the last
                                    accepted step's Newton iteration, <= tol_residual (or the
                                    increment test stopped it at roundoff); 0 for the semi-implicit
                                    methods (since 0.3) */
    int residual_scale_source; /**< the scale of that test: 1 the problem's residual_scale, 0 the
                                  integrator's own: the largest applied, constraint and inertia
                                  forces of the step's initial state, and the length scale of the
                                  divergence watch for constraint rows (since 0.3) */
    double energy_created;  /**< the energy balance at the current state, when the problem has an
                               energy callback and the watch is on: T + V - (T0 + V0) - W since
                               set_state [J] (< 0: dissipated); 0 otherwise (since 0.3) */
    double work_supplied;   /**< W: the work of the constraints' prescribed motions (and of the
                               non-ideal reactions, alecable_problem.reaction_power) since
                               set_state [J] (since 0.3) */
    double energy_exchanged; /**< the largest of T, |w_int - w_int0|, |w_ext - w_ext0| and |W| since
                                set_state [J], the scale
                                of alecable_dynamic_options.watch_work (since 0.3) */
    double energy_switched; /**< the change of T + V over the steps that closed a contact
                               (#ALECABLE_CONTACT_CLOSED: a node's first step on a sheave) with
                               their restarts, summed since set_state [J] (< 0: the landing
                               impacts' loss; T alone when the energy balance is off, see
                               energy_created) (since 0.3) */
} alecable_step_stats;
/** Zeroes the counters and sets struct_size.
 *  \param s the struct to fill; NULL is ignored. */
ALECABLE_API void alecable_step_stats_init(alecable_step_stats *s);

/** A time integrator on a problem: owns its state (t, q, v, a, lambda) and
 *  its linear solver; created by alecable_integrator_create() or
 *  alecable_model_integrator(), freed by alecable_integrator_destroy() (the
 *  caller's).  Used by one thread at a time, with its problem. */
typedef struct alecable_integrator alecable_integrator;

/** Creates an integrator on a problem.  The problem (callbacks, pattern,
 * ctx) must outlive the integrator.  Set the initial state with
 * alecable_integrator_set_state() before stepping.
 * \param[out] out receives the integrator (NULL on failure); free it with
 *        alecable_integrator_destroy().
 * \param p the problem; the struct is copied, what it points to is not.
 * \param o the options (NULL: the defaults), copied.
 * \param allocator memory functions (NULL: the C library's), copied.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL out or p is NULL
 * \retval ALECABLE_EINVAL a bad option, a bad problem (sizes, pattern,
 *         missing callbacks; a semi-implicit method on a constrained problem
 *         without constraint_rates), a bad allocator, or a band too wide
 *         for #ALECABLE_LINSOLVE_BAND
 * \retval ALECABLE_ENOMEM an allocation failed
 * \retval ALECABLE_ELINSOLVE the linear solver could not be set up */
ALECABLE_API int alecable_integrator_create(alecable_integrator **out, const alecable_problem *p,
                                            const alecable_dynamic_options *o,
                                            const alecable_allocator *allocator);
/** Frees an integrator (not its problem).
 *  \param it the integrator; NULL is ignored. */
ALECABLE_API void alecable_integrator_destroy(alecable_integrator *it);
/** Readable message for the last failure of an integrator.
 *  \param it the integrator.
 *  \return a string owned by the integrator ("" if none), valid until its
 *  next call; "integrator is NULL" for NULL. */
ALECABLE_API const char *alecable_integrator_errmsg(const alecable_integrator *it);
/** Sets time and state; q and v are required, lambda too when a is given and
 * nlam > 0.  a == NULL: consistent accelerations and multipliers are computed
 * from M a + f + G^T lambda = 0 and G a + gamma = 0.  Arrays are copied.
 * \param it the integrator.
 * \param t the time [s].
 * \param q nq coordinates.
 * \param v nq velocities.
 * \param a nq accelerations, or NULL (see above).
 * \param lambda nlam multipliers (used when a is given).
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL it, q or v is NULL, or lambda with a given and nlam > 0
 * \retval ALECABLE_EINVAL a value is not finite
 * \retval ALECABLE_ESTATE the model of its problem changed since (alecable_model_integrator())
 * \return or an error of the consistent accelerations' solve or of the problem's callbacks */
ALECABLE_API int alecable_integrator_set_state(alecable_integrator *it, double t, const double *q,
                                               const double *v, const double *a, const double *lambda);
/** The sizes of an integrator's state: its problem's nq and nlam (a model's
 * integrator may have more multipliers than alecable_model_sizes() counts:
 * alecable_model_set_mesh_motion()).  Size the arrays of
 * alecable_integrator_get_state() and _set_state() with them (since 0.3).
 * \param it the integrator.
 * \param[out] nq number of coordinates (may be NULL).
 * \param[out] nlam number of multipliers (may be NULL).
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL it is NULL */
ALECABLE_API int alecable_integrator_sizes(const alecable_integrator *it, int *nq, int *nlam);
/** Reads the integrator's current state; any output may be NULL.
 * \param it the integrator.
 * \param[out] t the time [s].
 * \param[out] q nq coordinates.
 * \param[out] v nq velocities.
 * \param[out] a nq accelerations.
 * \param[out] lambda nlam multipliers.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL it is NULL
 * \retval ALECABLE_ESTATE no state was set yet */
ALECABLE_API int alecable_integrator_get_state(const alecable_integrator *it, double *t, double *q,
                                               double *v, double *a, double *lambda);
/** One step of size h (adaptive: at most h; the size taken is in the stats).
 * On failure the state is unchanged and the return says why: with a fixed
 * step a Newton failure from both predictors is tried once more with a
 * backtracking line search, then gives #ALECABLE_STEP_TOO_LARGE (cut h and
 * call again);
 * adaptive stepping gives #ALECABLE_ENOCONV when h_min is reached.  A
 * converged step is then checked by the divergence watch
 * (alecable_dynamic_options.watch): a step that creates kinetic energy, has
 * a local error of the model's size, drifts off its constraints, collapses
 * an element or throws a coordinate beyond any physical scale is refused
 * with #ALECABLE_DIVERGING (adaptive stepping first retries it with h
 * halved, down to h_min), and the message names the indicator, its value,
 * its threshold and the cure.
 * \param it the integrator, with a state.
 * \param h the step [s], > 0.
 * \retval ALECABLE_OK the step was taken
 * \retval ALECABLE_STEP_TOO_LARGE recoverable (fixed step): Newton did not
 *         converge or met a NaN; cut h and call again
 * \retval ALECABLE_DIVERGING recoverable: the divergence watch refused the
 *         step (the state is the last accepted one, bit for bit with the
 *         problem's history); cut h or change the method (since 0.3)
 * \retval ALECABLE_ENULL it is NULL
 * \retval ALECABLE_ESTATE no state was set yet, or the model of its
 *         problem changed since (alecable_model_integrator())
 * \retval ALECABLE_EINVAL h is not finite and > 0
 * \retval ALECABLE_ENOCONV adaptive stepping reached h_min
 * \retval ALECABLE_ESINGULAR the iteration matrix is singular
 * \retval ALECABLE_ELINSOLVE, ALECABLE_ENOMEM the linear solver or an
 *         allocation failed (alecable_integrator_errmsg() says how)
 * \return or a callback's status */
ALECABLE_API int alecable_integrator_step(alecable_integrator *it, double h);
/** Takes steps until t_end is reached exactly (steps of options.h, or the
 * adaptive controller's, the last one shortened).  Stops at the first failed
 * step, with the state of the last accepted one.
 * \param it the integrator, with a state.
 * \param t_end the end time [s], >= the current time.
 * \retval ALECABLE_OK t_end reached
 * \retval ALECABLE_DIVERGING a step tripped the divergence watch (see
 *         alecable_integrator_step()); the state is that of the last accepted
 *         step, before t_end (since 0.3)
 * \retval ALECABLE_EINVAL t_end not finite or before the current time
 * \return or any status of alecable_integrator_step() */
ALECABLE_API int alecable_integrator_advance(alecable_integrator *it, double t_end);
/** Restores the state from before the last successful step (one level): a
 * host may change loads and step again (fluid-structure sub-iterations).
 * The problem's history (alecable_problem.nhist) is restored with it.
 * \param it the integrator.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL it is NULL
 * \retval ALECABLE_ESTATE nothing to undo (no step since set_state or the last undo),
 *         or the model of its problem changed since (alecable_model_integrator())
 * \return or the status of the problem's history_set (nothing is undone then) */
ALECABLE_API int alecable_integrator_undo(alecable_integrator *it);
/** The force residual ||r_q||_inf of each Newton iteration of the last step
 * attempt of an implicit method, the predictor's first (the last is the
 * converged one); count = 0 for the semi-implicit methods, which take no
 * Newton iteration.  *norms points into the integrator, valid until its
 * next step.
 * \param it the integrator.
 * \param[out] norms receives a pointer to count values (not to be freed).
 * \param[out] count the number of values.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL an argument is NULL */
ALECABLE_API int alecable_integrator_newton_history(const alecable_integrator *it, const double **norms, int *count);
/** Work counters since create (undo does not roll them back).
 * \param it the integrator.
 * \param[out] s filled; its struct_size must be set (alecable_step_stats_init()).
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL it or s is NULL
 * \retval ALECABLE_EINVAL s->struct_size is too small */
ALECABLE_API int alecable_integrator_stats(const alecable_integrator *it, alecable_step_stats *s);

/** A model's integrator: its problem interface with the model's state as the
 * initial state (velocities zero) at the model's time t0
 * (alecable_model_time(): 0 for a new model, the time of the last pulled
 * state after dynamics; 0.2 always started at 0).  In dynamics loads act
 * in full (no load-factor ramp); prescribed motions, motion callbacks and
 * driven bodies follow the time.  The hand-off from statics: a quasistatic
 * solve with the default clock (#ALECABLE_CLOCK_HOLD) finds the equilibrium
 * with every motion at t0 and full loads, and dynamics go on from it at t0:
 * no motion is advanced or jumps back, and the multipliers (reactions,
 * tensions) start where statics left them.  Valid until the model changes:
 * after a cable, node, constraint, load, body or joint is added (or the
 * model is finalized again) every call on the integrator (step, advance,
 * set_state, undo) and alecable_model_pull_state() return #ALECABLE_ESTATE
 * naming the change, and the model wants a new integrator (0.2 ran on,
 * reading freed memory).
 * It allocates through the model's allocator; the caller destroys it with
 * alecable_integrator_destroy() before the model.
 * \param[out] out receives the integrator (NULL on failure).
 * \param m the model (finalized here if it changed).
 * \param o the options, copied; NULL: the defaults of
 *        alecable_dynamic_options_init() (as in 0.1; 0.2 refused NULL).
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL m or out is NULL
 * \retval ALECABLE_EHANDLE m is not a model
 * \retval ALECABLE_EINVAL a bad option
 * \return or an error of alecable_model_finalize(), alecable_integrator_create()
 *         or alecable_integrator_set_state() (message in alecable_model_errmsg()) */
ALECABLE_API int alecable_model_integrator(alecable_integrator **out, alecable_model *m,
                                           const alecable_dynamic_options *o);
/** Copies an integrator's state (q, lambda; v for the kinetic energy) into the
 * model, so node, element and constraint queries and the writers see it.
 * The model's time becomes the integrator's (alecable_model_time()).
 * \param m the model.
 * \param it an integrator made by alecable_model_integrator() on m (or by
 *        alecable_integrator_create() on m's alecable_model_problem()).
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL m or it is NULL
 * \retval ALECABLE_EHANDLE m is not a model, or it runs another model's
 *         problem (or a host's) (since 0.3; 0.2 overflowed m's arrays)
 * \retval ALECABLE_ESTATE the model changed since the integrator was
 *         created (the message names the change), or the integrator has no state */
ALECABLE_API int alecable_model_pull_state(alecable_model *m, const alecable_integrator *it);
/** Kinetic energy of the model's cables and bodies at the pulled velocities.
 * \param m the model.
 * \param[out] T the kinetic energy [J].
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL m or T is NULL
 * \retval ALECABLE_EHANDLE m is not a model
 * \return or an error of alecable_model_finalize() */
ALECABLE_API int alecable_model_kinetic_energy(alecable_model *m, double *T);

/** Mesh-motion laws of ALE dynamics (alecable_model_set_mesh_motion(), since 0.3). */
enum {
    /** the default.  A node of an ALE cable is free when its s is in no
     * constraint, no joint holds it (pulley wrap, attachment, clamp) and its
     * x, y and z are not all held; the other nodes are anchors (a node held
     * in space, on a pulley or in an eyelet keeps its free s: the flow).  A
     * free node at a cable's end is a free end of the material: its s is
     * held.  Every other free node's s follows the straight line between the
     * anchors on either side, in the proportions of the mesh when the
     * integrator is made (each element keeps its share of the material
     * between them); between two anchors whose s are fixed (alecable_fix(),
     * or a free end) that is each s held where it is, solved exactly as if
     * fixed by hand */
    ALECABLE_MESH_INTERPOLATE = 0,
    /** no law (0.2's behaviour): a free node leaves the mass matrix singular
     * along the cable, and alecable_model_integrator() or the first step
     * fails, with #ALECABLE_ESINGULAR naming its s (ANCF cables, whose
     * matrix is only nearly singular there, may get as far as a first step
     * that does not converge) */
    ALECABLE_MESH_NONE = 1
};
/** Chooses how the mesh of an ALE cable moves in dynamics where nothing
 * else says (since 0.3).  Where a node's s and its place are both free, mesh
 * motion and material flow along the tangent are one motion: the equations
 * of motion do not fix it and the mass matrix is singular there.  With
 * #ALECABLE_MESH_INTERPOLATE (the default) alecable_model_integrator() adds
 * one linear equation on s per free node (see the enum): the cable's motion
 * is the same, only the mesh's place along it is chosen, and a model with no
 * free node is not changed at all.  Quasistatic solves never see these
 * equations (paper 000's regularization handles the redundancy there: a
 * solve after dynamics lays the model out for statics again, which
 * invalidates the integrators made before).  Their multipliers come after
 * the model's own: the integrator's problem (alecable_model_problem() once
 * the integrator is made) and its state have more than alecable_model_sizes()
 * counts (size arrays for alecable_integrator_get_state() with
 * alecable_integrator_sizes()), while alecable_model_sizes(),
 * alecable_model_get_state() and alecable_model_set_state() keep the model's
 * nlam, the same in statics and dynamics.  Changing the law invalidates an integrator made with the
 * other one.
 * \param m the model.
 * \param law #ALECABLE_MESH_INTERPOLATE or #ALECABLE_MESH_NONE.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL, ALECABLE_EHANDLE bad m
 * \retval ALECABLE_EINVAL law is not one of the two (model unchanged) */
ALECABLE_API int alecable_model_set_mesh_motion(alecable_model *m, int law);
/** The mesh-motion law of ALE dynamics (alecable_model_set_mesh_motion(), since 0.3).
 * \param m the model.
 * \param[out] law receives an ALECABLE_MESH_* value.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL m or law is NULL
 * \retval ALECABLE_EHANDLE m is not a model */
ALECABLE_API int alecable_model_get_mesh_motion(const alecable_model *m, int *law);

/* ------------------------------------------------------------------------ */
/* Output                                                                    */
/* ------------------------------------------------------------------------ */
/** CSV of a cable's elements: index, s_a, s_b, s_mid, strain, axial force,
 * and node columns (s, x, y, z, u = x - s along the first axis is left to the user);
 * a Kirchhoff cable adds, at each element's middle, twist, curvature2,
 * curvature3, torque, moment2, moment3.  The file is overwritten.
 * \param c the cable.
 * \param path the file to write.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL c or path is NULL
 * \retval ALECABLE_EHANDLE c is not a cable
 * \retval ALECABLE_EINVAL the file cannot be opened or written */
ALECABLE_API int alecable_write_cable_csv(const alecable_cable *c, const char *path);

/** VTK legacy polydata (.vtk) of the model's current state: the format
 * of 0.1 and 0.2, kept for readers of it.  ParaView opens such a file, or a
 * numbered group of them (times become frame indices), but not from a .pvd:
 * write alecable_write_vtp() files for a time series.  Cables as line cells
 * through their nodes, material coordinate as point data, strain and axial
 * force as cell data; Kirchhoff cables also give the section axes t2, t3 at
 * their nodes (point vectors section_axis_2, _3: glyphs show the torsion)
 * and twist, torque and bending moment as cell data.  Each body is drawn as
 * its three axes and each pulley wrap as its circle; the cell data kind says
 * which (0 cable element, 1 2 3 a body's x y z axis, 4 a pulley's rim).  The
 * file is overwritten.
 * \param m the model.
 * \param path the file to write.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL m or path is NULL
 * \retval ALECABLE_EHANDLE m is not a model
 * \retval ALECABLE_EINVAL the file cannot be opened or written */
ALECABLE_API int alecable_write_vtk(alecable_model *m, const char *path);
/** VTK XML PolyData (.vtp, ASCII) of the model's current state for ParaView
 * and VTK's vtkXMLPolyDataReader, the frames of a .pvd time series (since
 * 0.3).  The file is overwritten.  Geometry, in this order:
 *  - points: every cable's nodes (cables in creation order), then per body
 *    its origin, its three axis tips (at a tenth of the cables' extent) and
 *    the eight corners of its box, then per pulley wrap 48 points of its rim;
 *  - line cells: one per cable element (two nodes), three per body (its
 *    axes), one closed polyline per pulley rim;
 *  - polygon cells: six quads per body (its box), one disc per pulley.
 *  A body's box is the uniform box with the body's mass and inertia about
 *  its centre of mass, on the principal axes; a point mass is a cube of half
 *  the axis length at the centre of mass; a massless body is the bounding
 *  box of its origin and the points where joints hold cables or bodies on it
 *  (attachment points, pulley centres, pair-joint points); no side is
 *  thinner than a twentieth of the longest nor than a tenth of the axis
 *  length.
 *
 * Arrays (the legacy writer's names, and two more cell arrays):
 *  - point data: material_coordinate (s of a cable node [m]), section_axis_2
 *    and section_axis_3 (a Kirchhoff node's section axes t2, t3: unit
 *    vectors), 0 on other cables' nodes and on body and pulley points;
 *  - cell data, on cable elements (0 on other cells): strain, axial_force
 *    [N], and at the element's middle twist [rad/m], torque [N m] and
 *    bending_moment (|M|) [N m] of Kirchhoff elements (0 for the others);
 *  - cell data kind (Int32): 0 cable element, 1 2 3 a body's x y z axis, 4 a
 *    pulley's rim, 5 a face of a body's box, 6 a pulley's disc;
 *  - cell data index (Int32): which cable, body or pulley wrap the cell
 *    belongs to (0-based, in creation order; wraps counted among wraps);
 *  - field data TimeValue: the model's time (alecable_model_time()) [s].
 * \param m the model.
 * \param path the file to write (name it .vtp: readers choose by extension).
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL m or path is NULL
 * \retval ALECABLE_EHANDLE m is not a model
 * \retval ALECABLE_EINVAL the file cannot be opened or written (the message
 *         names the path and the system's reason) */
ALECABLE_API int alecable_write_vtp(alecable_model *m, const char *path);
/** A .pvd collection listing VTK XML files with their times: the time series
 * ParaView opens with File > Open (File names are written as given, XML
 * escaped, relative to the .pvd's folder; every file is part 0.)  ParaView
 * reads only VTK XML files from a collection, so the names must end in .vtp
 * (alecable_write_vtp()), .vtu, .vts, .vtr, .vti, .vtm, .vthb or a parallel
 * .pvt*: a legacy .vtk name is refused (since 0.3; 0.2 wrote a collection
 * ParaView could not open): alecable_write_vtk_series() lists those.  Nothing is written when an argument is bad.
 * \param m the model (for error messages).
 * \param path the .pvd file to write.
 * \param count number of files, >= 0.
 * \param files count file names.
 * \param times count times [s], finite, in the order ParaView is to show them.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL m, path, files, times or a files[i] is NULL
 * \retval ALECABLE_EHANDLE m is not a model
 * \retval ALECABLE_EINVAL count < 0, a name that is not a VTK XML file's, a
 *         time that is not finite, or the file cannot be opened or written */
ALECABLE_API int alecable_write_pvd(alecable_model *m, const char *path, int count, const char *const files[],
                                    const double times[]);
/** ParaView's file-series JSON (name it NAME.vtk.series, ParaView 5.5 and
 * later): a time series of legacy .vtk files (alecable_write_vtk()), which
 * a .pvd cannot list, with their times (since 0.3).  ParaView opens it with
 * File > Open.  File names are written as given (JSON escaped), relative to
 * the series file's folder.  Nothing is written when an argument is bad.
 * \param m the model (for error messages).
 * \param path the file to write.
 * \param count number of files, >= 0.
 * \param files count file names, not empty.
 * \param times count times [s], finite.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL m, path, files, times or a files[i] is NULL
 * \retval ALECABLE_EHANDLE m is not a model
 * \retval ALECABLE_EINVAL count < 0, an empty name, a time that is not
 *         finite, or the file cannot be opened or written */
ALECABLE_API int alecable_write_vtk_series(alecable_model *m, const char *path, int count, const char *const files[],
                                           const double times[]);

/** Splits the stretch at an interior node of an ANCF or Kirchhoff cable
 * (since 0.3): the element after the node takes the slope (1 + rho) r',
 * rho an unknown of its own, so the node keeps one unit tangent (bending
 * and torsion stay C1 across it) but each side has its own stretch and the
 * axial force may jump there.  A friction contact (sleeve, eyelet, wrap
 * friction) is such a jump: on an unsplit node the stretch is continuous and
 * the jump is smeared over the neighbouring elements, which a refined mesh
 * does not cure (beam_sleeve --study).  At a split node a friction
 * contact's material factor is the mean of the two sides' t . dx/ds, so a
 * stuck node carries exactly the tension jump equilibrium gives.  Statics
 * only: alecable_model_integrator() refuses a model with split nodes.
 * Changing it needs a new finalize.
 * \param n the node: interior (elements on both sides) on an ANCF or
 *        Kirchhoff cable.
 * \param on 1 to split, 0 to join again (rho is dropped).
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL n is NULL
 * \retval ALECABLE_EHANDLE n is not a node
 * \retval ALECABLE_EINVAL on is not 0 or 1, the node is a cable end or on an
 *         axial cable or a body */
ALECABLE_API int alecable_node_split_stretch(alecable_node *n, int on);
/** The two stretches |dx/ds| at a node, on the side of the element before
 * it and after it (since 0.3); equal unless the node is split
 * (alecable_node_split_stretch()).
 * \param n an ANCF or Kirchhoff node.
 * \param before, after the stretches (either may be NULL).
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL n is NULL
 * \retval ALECABLE_EHANDLE n is not a node
 * \retval ALECABLE_ERANGE the node has no slope (axial or body node) */
ALECABLE_API int alecable_node_stretches(const alecable_node *n, double *before, double *after);

/* ------------------------------------------------------------------------ */
/* Embedding in a host's own system: a DOF offset map (since 0.3)            */
/* ------------------------------------------------------------------------ */

/** A problem (a model's, alecable_model_problem(), or any alecable_problem)
 * placed inside a host's larger system of n_host unknowns: each of its
 * n = nq + nlam unknowns (q, then the multipliers) has a global index, and
 * its equations are the host's rows of the same indices.  The host owns its
 * state vectors x, v, a (n_host values each; the multipliers live in x) and
 * its matrix; the embedding reads the problem's unknowns from them through
 * the map and adds its residual and weighted Jacobian into the host's
 * vectors and CSC/CSR values (or gives the values in its own pattern order,
 * for a host that assembles triplets).  A host body shared with a model is
 * a body of the model (of mass 0 when the host carries its inertia) whose
 * six coordinates the map sends to the host's own: then the host's update
 * of them is alecable_embedding_update()'s (the library's convention:
 * position and rotation vector psi with R = exp(psi^), velocities the
 * reference point's and the angular velocity in the body frame, rotation
 * increments composed R <- R exp(dpsi^)).  No allocation after creation;
 * not for use by two threads at once. */
typedef struct alecable_embedding alecable_embedding;

/** Places a problem in a host's system (since 0.3).
 * \param[out] out the embedding (destroy with alecable_embedding_destroy()).
 * \param p the problem (copied; for a model's, the model must outlive the
 *        embedding and not change: a changed model makes every call fail
 *        with ALECABLE_ESTATE, as its integrators do).
 * \param n_host the number of the host's unknowns (> 0).
 * \param index the host index of each of the problem's n = nq + nlam
 *        unknowns, distinct, in [0, n_host); NULL: offset + k.
 * \param offset with index NULL, the host index of the first unknown
 *        (offset + n <= n_host); otherwise ignored.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL out or p is NULL
 * \retval ALECABLE_EINVAL a bad size, an index out of range or repeated
 *         (the message names it), or p is not a complete problem
 * \retval ALECABLE_ESTATE p is a model's problem and the model changed since
 * \retval ALECABLE_ENOMEM out of memory */
ALECABLE_API int alecable_embedding_create(alecable_embedding **out, const alecable_problem *p, int n_host,
                                           const int *index, int offset);
/** Places a model in a host's system (since 0.3): alecable_embedding_create()
 * on the model's problem (alecable_model_problem(), finalizing the model if
 * it changed), with failures in alecable_model_errmsg().  The model's
 * unknowns are alecable_model_problem()'s: q (alecable_node_dof_index()
 * gives a node dof's place), then the multipliers, the mesh-motion ones
 * included (alecable_model_sizes() counts those without).
 * The time t of the embedding's calls is the model's load factor as well
 * (alecable_model_set_load_ramp()): a host integrating in time sets the
 * ramp off first, as alecable_model_integrator() does, or its loads grow
 * with t.
 * \param[out] out the embedding.
 * \param m the model; it must outlive the embedding.
 * \param n_host, index, offset as alecable_embedding_create().
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL, ALECABLE_EHANDLE bad m, or out is NULL
 * \return or an error of alecable_model_finalize() or
 *         alecable_embedding_create() */
ALECABLE_API int alecable_model_embedding(alecable_embedding **out, alecable_model *m, int n_host, const int *index,
                                          int offset);
/** Frees an embedding (NULL is ignored). \param e the embedding. */
ALECABLE_API void alecable_embedding_destroy(alecable_embedding *e);
/** Readable message for the last failure of an embedding's call.
 * \param e the embedding.
 * \return a string owned by e ("" if none); "embedding is NULL" for NULL. */
ALECABLE_API const char *alecable_embedding_errmsg(const alecable_embedding *e);

/** The problem's Jacobian pattern in the host's numbering, for a host that
 * builds its own pattern: entry k is (rows[k], cols[k]); the order is the
 * one alecable_embedding_jacobian() writes when no host storage is bound.
 * \param e the embedding.
 * \param[out] nnz the number of entries (may be NULL).
 * \param[out] rows, cols nnz values each (either may be NULL).
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL e is NULL
 * \retval ALECABLE_EHANDLE e is not an embedding */
ALECABLE_API int alecable_embedding_pattern(const alecable_embedding *e, int *nnz, int *rows, int *cols);
/** Binds the host's compressed storage: alecable_embedding_jacobian() then
 * adds each entry into the host's values array at its place.  Every entry of
 * alecable_embedding_pattern() must be in the host's pattern (the host's
 * indices within a column, or a row, need not be sorted).
 * \param e the embedding.
 * \param csr 0: compressed columns (ptr = colptr, idx = row indices); 1:
 *        compressed rows (ptr = rowptr, idx = column indices).
 * \param n the host matrix's order (= n_host).
 * \param ptr n + 1 nondecreasing values, ptr[0] = 0.
 * \param idx ptr[n] indices in [0, n).
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL e, ptr or idx is NULL
 * \retval ALECABLE_EHANDLE e is not an embedding
 * \retval ALECABLE_EINVAL csr not 0 or 1, n not n_host, a malformed pointer
 *         array, or an entry of the problem missing from the host's pattern
 *         (the message names it); the previous binding is kept */
ALECABLE_API int alecable_embedding_bind(alecable_embedding *e, int csr, int n, const int *ptr, const int *idx);

/** Adds the problem's residual r = (M a + f + G^T lambda, g) at the host's
 * state into the host's residual: r_host[index[i]] += r[i].
 * \param e the embedding.
 * \param t the time (or load factor, in statics).
 * \param x the host's coordinates (n_host; the problem's q and multipliers
 *        are read through the map).
 * \param v, a the host's velocities and accelerations (n_host; NULL: zero).
 * \param r_host the host's residual (n_host), added to.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL e, x or r_host is NULL
 * \retval ALECABLE_EHANDLE e is not an embedding
 * \retval ALECABLE_EINVAL a value the map reads is not finite (named)
 * \return or the problem's residual's error (ALECABLE_ESTATE: the model
 *         changed; message in alecable_embedding_errmsg()); r_host is then
 *         unchanged */
ALECABLE_API int alecable_embedding_residual(alecable_embedding *e, double t, const double *x, const double *v,
                                             const double *a, double *r_host);
/** Adds the problem's weighted Jacobian cq dr/dq + cv dr/dv + ca dr/da with
 * its constraint blocks (alecable_problem.jacobian, flags ALECABLE_JAC_*)
 * into the bound host storage (alecable_embedding_bind()), or, with none
 * bound, writes its nnz values in alecable_embedding_pattern()'s order.
 * The columns of rotation coordinates are derivatives along the composed
 * update (alecable_embedding_update()).
 * \param e the embedding.
 * \param t, x, v, a as alecable_embedding_residual().
 * \param cq, cv, ca the weights (finite).
 * \param flags ALECABLE_JAC_* flags.
 * \param values the host's values (bound) or nnz values in pattern order.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL e, x or values is NULL
 * \retval ALECABLE_EHANDLE e is not an embedding
 * \retval ALECABLE_EINVAL a weight or a value the map reads is not finite
 * \return or the problem's Jacobian's error; values are then unchanged */
ALECABLE_API int alecable_embedding_jacobian(alecable_embedding *e, double t, const double *x, const double *v,
                                             const double *a, double cq, double cv, double ca, int flags,
                                             double *values);
/** x <- x (+) scale dx on the entries the map names (the problem's update:
 * rotations compose; the multipliers add); the host's other entries are
 * untouched.
 * \param e the embedding.
 * \param x the host's coordinates (n_host), updated in place.
 * \param dx the host's increment (n_host).
 * \param scale its factor (finite).
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL e, x or dx is NULL
 * \retval ALECABLE_EHANDLE e is not an embedding
 * \retval ALECABLE_EINVAL scale or a value read is not finite (x unchanged) */
ALECABLE_API int alecable_embedding_update(alecable_embedding *e, double *x, const double *dx, double scale);
/** Tells the problem that the host accepted the state (t, x, v): a converged
 * load step or time step.  Problems with history (friction contacts' stick
 * state, Kirchhoff cables' roll charts; alecable_problem.nhist) advance it
 * here and only here, so a host that rejects a step simply does not commit
 * it.  Without history it does nothing.
 * \param e the embedding.
 * \param t the accepted time.
 * \param x, v the accepted state (n_host; v may be NULL in statics).
 * \retval ALECABLE_OK success
 * \retval ALECABLE_CONTACT_CLOSED success, and a contact closed at this
 *         state (a node landed on a sheave, alecable_sheave_set_node_contact()):
 *         a host integrator without numerical damping restarts from here with
 *         the velocity the contact forbids removed (since 0.3)
 * \retval ALECABLE_ENULL e or x is NULL
 * \retval ALECABLE_EHANDLE e is not an embedding
 * \retval ALECABLE_EINVAL a value read is not finite
 * \return or the problem's history_commit's error */
ALECABLE_API int alecable_embedding_commit(alecable_embedding *e, double t, const double *x, const double *v);
/** Reads the problem's q (nq) and multipliers (nlam) from a host vector
 * through the map: e.g. to hand a host state to the model
 * (alecable_model_pull_embedded() does it in one call).
 * \param e the embedding.
 * \param x the host's vector (n_host).
 * \param[out] q nq values (NULL: skipped).
 * \param[out] lambda nlam values (NULL: skipped).
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL e or x is NULL
 * \retval ALECABLE_EHANDLE e is not an embedding */
ALECABLE_API int alecable_embedding_gather(const alecable_embedding *e, const double *x, double *q, double *lambda);
/** Writes the problem's q (nq) and multipliers (nlam) into a host vector
 * through the map, the host's other entries untouched: e.g. to start the
 * host's state from a model's (alecable_model_get_state()).
 * \param e the embedding.
 * \param q nq values (NULL: skipped).
 * \param lambda nlam values (NULL: skipped).
 * \param x the host's vector (n_host), written at the mapped entries.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL e or x is NULL
 * \retval ALECABLE_EHANDLE e is not an embedding */
ALECABLE_API int alecable_embedding_scatter(const alecable_embedding *e, const double *q, const double *lambda,
                                            double *x);
/** Names the host entries the host updates itself, which
 * alecable_embedding_update() then leaves alone: the coordinates of a host
 * body shared with the model, when the host moves its bodies with its own
 * update (it must be the library's convention, see above), so they are
 * not moved twice.  Replaces an earlier call's list; count 0 clears it.
 * \param e the embedding.
 * \param count the number of entries (>= 0).
 * \param host_index count host indices, each one of the map's.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL e is NULL, or host_index with count > 0
 * \retval ALECABLE_EHANDLE e is not an embedding
 * \retval ALECABLE_EINVAL count < 0, or an index the map does not name
 *         (the list in force is kept) */
ALECABLE_API int alecable_embedding_host_moves(alecable_embedding *e, int count, const int *host_index);

/** Hands a host's state to the model it embeds (since 0.3): q, the
 * multipliers and the velocities read through the map of e, and the time,
 * so node, element and joint queries, the energies
 * (alecable_model_kinetic_energy(), alecable_model_energy()) and the writers
 * see the host's state, as alecable_model_pull_state() does for the
 * library's integrators (for a library integrator run on a host's problem,
 * get its state with alecable_integrator_get_state() and pull that).
 * \param m the model.
 * \param e an embedding made by alecable_model_embedding() on m.
 * \param t the host's time.
 * \param x the host's coordinates (n_host).
 * \param v the host's velocities (n_host; NULL: zero).
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL m, e or x is NULL
 * \retval ALECABLE_EHANDLE m is not a model, e not an embedding, or e embeds
 *         another model's problem (or a host's)
 * \retval ALECABLE_ESTATE the model changed since e was made
 * \retval ALECABLE_EINVAL t or a value read is not finite, or the state
 *         inverts an element; nothing changed */
ALECABLE_API int alecable_model_pull_embedded(alecable_model *m, alecable_embedding *e, double t, const double *x,
                                              const double *v);
/** Sets the velocities of a model's coordinates (since 0.3): with
 * alecable_model_set_state() a whole dynamic state from a host's integrator,
 * for the kinetic energy (alecable_model_kinetic_energy()), the writers and
 * the next alecable_model_integrator().
 * \param m the finalized model.
 * \param v nq finite values (the rotation rates of bodies and SE(3) nodes are
 *        their angular velocities in their own frames).
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL m or v is NULL
 * \retval ALECABLE_EHANDLE m is not a model
 * \retval ALECABLE_ESTATE the model changed since it was finalized
 * \retval ALECABLE_EINVAL a value is not finite (named); nothing changed */
ALECABLE_API int alecable_model_set_velocity(alecable_model *m, const double *v);
/** Reads the velocities of a model's coordinates (since 0.3), as the last
 * alecable_model_pull_state() or alecable_model_set_velocity() left them.
 * \param m the finalized model.
 * \param[out] v nq values.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL m or v is NULL
 * \retval ALECABLE_EHANDLE m is not a model
 * \retval ALECABLE_ESTATE the model changed since it was finalized */
ALECABLE_API int alecable_model_get_velocity(const alecable_model *m, double *v);

/* ------------------------------------------------------------------------ */
/* Co-simulation: the host keeps its integrator (since 0.3)                  */
/* ------------------------------------------------------------------------ */

/** A co-simulation of a model's cables with a host that integrates its own
 * bodies (MoorDyn's pattern): per macro-step [t, t + H] the host gives the
 * pose and twist at t + H of every coupled body, the library sub-steps its
 * cables with the model's integrator (alecable_model_integrator()) while
 * the bodies follow kinematics interpolated over the macro-step, and
 * returns the wrench the cables exert on each coupled body at t + H.
 *
 * The coupled bodies are ordinary bodies of the model (of mass 0 when the
 * host carries their inertia), with the cables attached to them as usual
 * (alecable_attach(), clamps on bodies ...); alecable_cosim_create() drives
 * each with a prescribed frame (alecable_body_prescribe()) whose frame the
 * co-simulation supplies.  A body must not be fixed or driven otherwise.
 *
 * Conventions (every array is the host's, in space, SI units):
 *  - a pose is 12 values: the position of the body's reference point (its
 *    frame's origin, alecable_body_params.position) [m], then the rotation
 *    body -> space, row-major (9), a rotation to 1e-6;
 *  - a twist is 6 values: the velocity of the reference point [m/s], then
 *    the angular velocity [rad/s], both in space;
 *  - a wrench is 6 values: the force [N], then the moment about the
 *    reference point [N m], both in space, that the model exerts on the
 *    body: the cables' pull (and, were the model's body given mass, its
 *    weight and minus its inertia forces in the model).  It is the
 *    generalized force G^T lambda of the drive's six equations at the
 *    accepted state: exactly what the host adds to its body's equations.
 *
 * Undo rewinds the last macro-step bit for bit (the model's state and time,
 * the integrator's state and histories, the friction contacts' stick
 * state), so a host iterating on the coupling (Gauss-Seidel or Jacobi on a
 * macro-step) re-runs it with new kinematics; stepping again is the redo.
 * With #ALECABLE_LINSOLVE_KLU, whose pivot order is carried from step to
 * step, a re-run may differ in rounding; the other solvers repeat it bit
 * for bit.
 *
 * One thread at a time, with its model; separate co-simulations on separate
 * models run in separate threads. */
typedef struct alecable_cosim alecable_cosim;

/** Interpolation of a coupled body's kinematics over a macro-step
 *  (alecable_cosim_options.interpolation).  s = (t - t_n) / H. */
enum {
    /** linear on R^3 x SO(3): x = x_n + s (x_{n+1} - x_n), R = R_n exp(s phi^)
     *  with phi = log(R_n^T R_{n+1}); constant twist over the macro-step
     *  (the twists given are not used, nor differentiated).  The twist
     *  jumps from one macro-step to the next: the index-3 Newmark method
     *  (undamped at high frequency) then rings at the driven points, and
     *  with an even number of sub-steps per macro-step the end wrenches
     *  sample one phase of it (examples/cosim_buoy.c: prefer HERMITE, or
     *  a damping method such as the default HHT) */
    ALECABLE_COSIM_LINEAR = 0,
    /** cubic Hermite in x through both poses and both twists, and in the
     *  rotation vector phi(s) of R = R_n exp(phi^) through 0 and
     *  log(R_n^T R_{n+1}) with the rates of the two angular velocities:
     *  continuous velocities from one macro-step to the next */
    ALECABLE_COSIM_HERMITE = 1
};

/** Options of a co-simulation (alecable_cosim_create()). */
typedef struct alecable_cosim_options {
    size_t struct_size; /**< sizeof(alecable_cosim_options) (set by alecable_cosim_options_init()) */
    const alecable_dynamic_options *dynamic; /**< the sub-steps' integrator, copied at create (NULL
                                                (default): alecable_dynamic_options_init()'s); its h
                                                is the largest sub-step: a macro-step H is taken in
                                                ceil(H / h) equal sub-steps (adaptive: by
                                                alecable_integrator_advance() to t + H) */
    const alecable_quasistatic_options *settle; /**< the statics of alecable_cosim_init()'s settle,
                                                   copied at create (NULL (default): the defaults) */
    int interpolation;  /**< ALECABLE_COSIM_* (default LINEAR) */
    int jacobians;      /**< 1: alecable_cosim_step() can return the wrenches' Jacobians (default 0) */
    double jacobian_step; /**< relative step of the Jacobians' central differences, > 0 (default
                             1e-6; see alecable_cosim_step()) */
} alecable_cosim_options;
/** Fills the defaults above and struct_size.
 *  \param o the struct to fill; NULL is ignored. */
ALECABLE_API void alecable_cosim_options_init(alecable_cosim_options *o);

/** Creates a co-simulation over a model and the bodies the host drives
 * (since 0.3).  It adds a drive (alecable_body_prescribe()) to each body, so
 * the model changes: integrators and problems made on it before are stale.
 * \param[out] out the co-simulation (NULL on failure); destroy it with
 *        alecable_cosim_destroy() before the model.
 * \param m the model, with its cables and the coupled bodies.
 * \param nbodies the number of coupled bodies, >= 1.
 * \param bodies nbodies distinct bodies of m, copied.
 * \param o the options, copied (NULL: the defaults).
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL m, out or bodies (or one of them) is NULL
 * \retval ALECABLE_EHANDLE m is not a model, or a body is not a body of m
 * \retval ALECABLE_EINVAL nbodies < 1, a body repeated, a bad struct_size or
 *         option (alecable_model_errmsg() names it)
 * \retval ALECABLE_ENOMEM an allocation failed
 * \return or an error of alecable_model_finalize() (the drives are then in
 *         the model) */
ALECABLE_API int alecable_cosim_create(alecable_cosim **out, alecable_model *m, int nbodies,
                                       alecable_body *const bodies[], const alecable_cosim_options *o);
/** Frees a co-simulation and its integrator.  The drives stay in the model
 *  with nobody to move them: the model may still be queried, written and
 *  destroyed, and a solve or step on it fails with #ALECABLE_ECALLBACK.
 *  \param c the co-simulation; NULL is ignored. */
ALECABLE_API void alecable_cosim_destroy(alecable_cosim *c);
/** Readable message for the last failure of a co-simulation's call.
 * \param c the co-simulation.
 * \return a string owned by c ("" if none); "cosim is NULL" for NULL, "not
 *         a cosim handle" for a bad c. */
ALECABLE_API const char *alecable_cosim_errmsg(const alecable_cosim *c);

/** Starts (or restarts) the co-simulation at t0 with the bodies' poses and
 * twists: the model's time becomes t0 and the coupled bodies' coordinates
 * the poses.  With settle = 1 the cables' statics are solved first with the
 * bodies held there (alecable_solve_quasistatic() with the options'
 * settle, full loads), and the cables start at rest; with settle = 0 the
 * cables start from the model's state and velocities, which must fit the
 * poses (a model built with its bodies there).  Then the sub-steps'
 * integrator is made (alecable_model_integrator()).
 * \param c the co-simulation.
 * \param t0 the initial time [s], finite.
 * \param poses 12 nbodies values (see alecable_cosim).
 * \param twists 6 nbodies values (NULL: at rest).
 * \param settle 0 or 1.
 * \param[out] wrenches 6 nbodies values: the wrenches at t0 (may be NULL).
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL c or poses is NULL
 * \retval ALECABLE_EHANDLE c is not a co-simulation
 * \retval ALECABLE_EINVAL a value not finite, a rotation that is not one,
 *         settle not 0 or 1 (the message names it)
 * \return or an error of the settle solve or of alecable_model_integrator();
 *         on any failure the model's state and time are as before. */
ALECABLE_API int alecable_cosim_init(alecable_cosim *c, double t0, const double *poses, const double *twists,
                                     int settle, double *wrenches);

/** One macro-step from the current time t to t + H: the coupled bodies
 * follow the interpolation (alecable_cosim_options.interpolation) from
 * their kinematics at t to poses and twists at t + H, the cables are
 * sub-stepped, and the wrenches at t + H are returned.
 *
 * The Jacobians (alecable_cosim_options.jacobians = 1) are the derivatives
 * of the returned wrenches with respect to the kinematics given at t + H,
 * the state at t held: the derivative of the whole macro-step's discrete map
 * (every sub-step moves with the interpolated path), by central differences
 * of re-run macro-steps (2 x 6 runs per body for the poses, as many more for
 * the twists with Hermite interpolation), with steps jacobian_step *
 * max(1, |x|_inf) [m], jacobian_step [rad], jacobian_step * max(1, |v|_inf)
 * and jacobian_step * max(1, |w|_inf).  A pose's 6 variations are the
 * translation dx (space) and the rotation increment dtheta in space, R <-
 * exp(dtheta^) R; a twist's the velocity and angular velocity increments.
 * Row 6 i + r, column 6 j + k of the (6 nbodies)^2 row-major matrices is the
 * derivative of body i's wrench component r with respect to body j's
 * component k.  With linear interpolation the wrenches do not depend on the
 * twists: jac_twist is zero.
 * \param c the co-simulation, initialized.
 * \param H the macro-step [s], finite and > 0.
 * \param poses 12 nbodies values at t + H.
 * \param twists 6 nbodies values at t + H (NULL: zero; required with Hermite
 *        interpolation).
 * \param[out] wrenches 6 nbodies values at t + H (may be NULL).
 * \param[out] jac_pose (6 nbodies)^2 values (may be NULL; needs jacobians = 1).
 * \param[out] jac_twist (6 nbodies)^2 values (may be NULL; needs jacobians = 1).
 * \retval ALECABLE_OK the macro-step was taken
 * \retval ALECABLE_ENULL c or poses is NULL, or twists with Hermite interpolation
 * \retval ALECABLE_EHANDLE c is not a co-simulation
 * \retval ALECABLE_EINVAL H or a value not finite, H <= 0, a rotation that is
 *         not one, a Jacobian asked of a co-simulation made without them
 * \retval ALECABLE_ESTATE not initialized, or the model changed since
 * \return or the failing sub-step's status (#ALECABLE_STEP_TOO_LARGE: a
 *         smaller sub-step, alecable_dynamic_options.h, may pass); on any
 *         failure nothing changed: the state is the one at t */
ALECABLE_API int alecable_cosim_step(alecable_cosim *c, double H, const double *poses, const double *twists,
                                     double *wrenches, double *jac_pose, double *jac_twist);

/** The host's kinematics of coupled body i at time t, for
 * alecable_cosim_step_callback(): pose, twist and their rates.  Called from
 * the sub-steps, in the caller's thread, at any t of [t_n, t_n + H].
 * \param user the pointer given with the callback.
 * \param i the body's index in the co-simulation's list.
 * \param t the time [s].
 * \param[out] x the reference point [m].
 * \param[out] R the rotation, row-major, a rotation to 1e-6.
 * \param[out] v the reference point's velocity (space) [m/s].
 * \param[out] w the angular velocity (space) [rad/s].
 * \param[out] a the reference point's acceleration [m/s^2] (zeroed before the call).
 * \param[out] alpha the angular acceleration (space) [rad/s^2] (zeroed before the call).
 * \return 0, or non-zero to fail the macro-step (#ALECABLE_ECALLBACK). */
typedef int (*alecable_cosim_kinematics_fn)(void *user, int i, double t, double x[3], double R[9], double v[3],
                                            double w[3], double a[3], double alpha[3]);
/** A macro-step with the host's kinematics at any t instead of an
 * interpolation: as alecable_cosim_step(), the bodies following fn over
 * [t, t + H] (no Jacobians).  The next macro-step's start is fn's state at
 * t + H.
 * \param c the co-simulation, initialized.
 * \param H the macro-step [s], finite and > 0.
 * \param fn the host's kinematics; called during this call only.
 * \param user passed to fn unchanged.
 * \param[out] wrenches 6 nbodies values at t + H (may be NULL).
 * \retval ALECABLE_OK the macro-step was taken
 * \retval ALECABLE_ENULL c or fn is NULL
 * \retval ALECABLE_EHANDLE c is not a co-simulation
 * \retval ALECABLE_EINVAL H not finite or <= 0
 * \retval ALECABLE_ESTATE not initialized, or the model changed since
 * \retval ALECABLE_ECALLBACK fn failed or gave a bad value (the message says which)
 * \return or the failing sub-step's status; on any failure nothing changed */
ALECABLE_API int alecable_cosim_step_callback(alecable_cosim *c, double H, alecable_cosim_kinematics_fn fn,
                                              void *user, double *wrenches);

/** Rewinds the last macro-step, bit for bit (see alecable_cosim): the state,
 * the time and the bodies' kinematics are those of its start; step again to
 * redo it (with other kinematics if the host iterates).  One level.
 * \param c the co-simulation.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL c is NULL
 * \retval ALECABLE_EHANDLE c is not a co-simulation
 * \retval ALECABLE_ESTATE nothing to undo (no macro-step since init or the
 *         last undo), or the model changed since */
ALECABLE_API int alecable_cosim_undo(alecable_cosim *c);

/** The co-simulation's time and its sub-steps' integrator (for its
 * statistics, alecable_integrator_stats(); stepping it directly desynchronizes
 * the co-simulation).  The model holds the state at that time
 * (alecable_model_pull_state() is done after every macro-step): node,
 * element and joint queries and the writers see it.
 * \param c the co-simulation.
 * \param[out] t the current time [s] (may be NULL).
 * \param[out] it the integrator, NULL before init (may be NULL).
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL c is NULL
 * \retval ALECABLE_EHANDLE c is not a co-simulation */
ALECABLE_API int alecable_cosim_state(const alecable_cosim *c, double *t, const alecable_integrator **it);

/* ---- sheaves: wraps whose contact region the cable finds (since 0.3) ---- */

/** A sheave (since 0.3): count consecutive nodes of one cable held on the
 * circle of body b (the circle as for alecable_pulley_wrap(): centre, axis
 * and ref in the body frame, radius), where on the circle left to the
 * cable.  Moving a node along the circle is, in ALE, the material flowing
 * through it, so the nodes' places are a choice of mesh: at the first and
 * last node (the contact boundaries) the free span leaves along the tangent
 * (an axial cable: the chord to the next node outside the sheave is
 * perpendicular to the radius; ANCF and Kirchhoff: the slope r', SE(3): the
 * frame's t1, by default with no moment there, so the rope leaves where an
 * elastica does: alecable_sheave_set_c1_edge()),
 * the interior nodes keep equal chords, so the region where
 * the cable lies on the sheave moves with the load, its wrap angle growing
 * and shrinking, on a body that may move and turn.  3 equations per node
 * (in the plane, on the circle, the mesh), no unknowns added; the nodes'
 * material coordinates stay free (the cable must not be Lagrangian).
 * Friction acts on a sheave as on a wrap (alecable_pulley_friction(),
 * alecable_wrap_friction()), also where the cable lands and leaves
 * (alecable_sheave_set_node_contact(), alecable_sheave_set_lift_off()).
 * The nodes are placed on the circle at initial_angles (positions only,
 * in the body's current pose): the start, which the solvers then move.
 * \param[out] out receives the joint, owned by m (may be NULL).
 * \param m the model.
 * \param b the body carrying the sheave.
 * \param p the circle, copied (alecable_pulley_params_init()).
 * \param count number of nodes, >= 2.
 * \param nodes count consecutive nodes of one cable (either way along it),
 *        neither end of the cable: the first and the last need a node of
 *        the free span beyond them.
 * \param initial_angles count angles [rad] about the axis from ref, one
 *        way round, strictly, spanning less than a full turn.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL m, b, p, nodes or initial_angles is NULL
 * \retval ALECABLE_EHANDLE a bad handle, or one of another model
 * \retval ALECABLE_EINVAL a bad struct_size or circle (radius not > 0),
 *         count < 2, nodes not consecutive on one cable, a boundary node at
 *         an end of the cable or next to another wrap's node, a free-span
 *         neighbour inside the circle (the cable would pass through the
 *         sheave) or behind its boundary, angles not finite, not one way
 *         round or a full turn or more
 * \retval ALECABLE_ENOMEM an allocation failed */
ALECABLE_API int alecable_sheave(alecable_joint **out, alecable_model *m, alecable_body *b,
                                 const alecable_pulley_params *p, int count, alecable_node *const nodes[],
                                 const double initial_angles[]);
/** A node of a sheave at the model's state (since 0.3).
 * \param j a sheave (alecable_sheave()).
 * \param i node index in the sheave, 0 .. count - 1.
 * \param[out] angle its angle [rad] about the axis from ref, in (-pi, pi] (may be NULL).
 * \param[out] normal_force the contact force towards the centre [N], >= 0
 *        when the cable presses (may be NULL): at the interior nodes the
 *        normal part of the whole force of the sheave's equations on the
 *        node, the N of the friction laws (alecable_friction_contact()'s
 *        lambda_n; with friction the mesh multipliers carry the tension's
 *        jumps along the wrap, and their chords have a normal part), at the
 *        first and last node the circle's multiplier; 0 at a node off the
 *        circle.
 * \param[out] mesh_multiplier the multiplier of its mesh equation (may be
 *        NULL): zero to the discretization at a frictionless equilibrium.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_EHANDLE j is not a joint
 * \retval ALECABLE_EINVAL j is not a sheave
 * \retval ALECABLE_ERANGE i out of range */
ALECABLE_API int alecable_sheave_node(const alecable_joint *j, int i, double *angle, double *normal_force,
                                      double *mesh_multiplier);
/** The wrap angle of a sheave at the model's state (since 0.3): the angle
 * the nodes span from the first to the last contact boundary.
 * \param j a sheave.
 * \param[out] angle [rad], >= 0.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL angle is NULL
 * \retval ALECABLE_EHANDLE j is not a joint
 * \retval ALECABLE_EINVAL j is not a sheave */
ALECABLE_API int alecable_sheave_wrap_angle(const alecable_joint *j, double *angle);

/** Where the multiplier of a sheave's mesh equation acts
 * (alecable_sheave_set_mesh_reaction(), since 0.3). */
enum {
    /** the default: the mesh equation is an ideal constraint, its reaction
     * its own gradient.  The energy balance is exact, but at a contact
     * boundary the reaction pushes the free span's first node across the
     * span by O(chord angle^2) of the tension, so a free span of more than
     * one element leaves along its first chord, kinked there */
    ALECABLE_SHEAVE_REACTION_GRADIENT = 0,
    /** the reaction is a force on the node alone, along the circle's tangent
     * there: the one motion the node has left on the circle, which the mesh
     * equation chooses (at an axial cable's boundaries and at every
     * interior node; the boundary of an ANCF, Kirchhoff or SE(3) cable
     * keeps its gradient, which acts on the node's own slope or frame and
     * pushes no neighbour).  It acts on no other node and on no material
     * coordinate: a light free span of any number of elements stays straight
     * and leaves at its geometric tangent point, the tension stays uniform
     * across a frictionless boundary, and material flowing through a node
     * that stands still takes no work from it.  What remains is the work
     * lambda r dtheta on the node's own travel along the circle, O(chord
     * angle^2) of the tension times the travel (the chord polygon's length
     * deficit changing with the wrap angle): zero in steady flow, not zero
     * when the contact region moves (alecable_problem.reaction_power gives
     * it to the integrators' energy balance) */
    ALECABLE_SHEAVE_REACTION_TANGENT = 1
};
/** Chooses where the multipliers of a sheave's mesh equations act (since
 * 0.3): #ALECABLE_SHEAVE_REACTION_GRADIENT (the default) or
 * #ALECABLE_SHEAVE_REACTION_TANGENT.  The equations, the unknowns and the
 * matrix pattern stay the same, so it may be called at any time: it takes
 * effect at the next solve or step (the mesh multipliers of the current
 * state belong to the previous choice).  Friction on the sheave takes
 * either: its normal force is the normal part of the forces the equations
 * put on the node, which with the tangent reaction is the circle's alone.
 * \param j a sheave (alecable_sheave()).
 * \param reaction an ALECABLE_SHEAVE_REACTION_* value.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL j is NULL
 * \retval ALECABLE_EHANDLE j is not a joint
 * \retval ALECABLE_EINVAL j is not a sheave, or reaction is not one of the
 *         two (nothing changed) */
ALECABLE_API int alecable_sheave_set_mesh_reaction(alecable_joint *j, int reaction);
/** Where the multipliers of a sheave's mesh equations act (since 0.3).
 * \param j a sheave.
 * \param[out] reaction receives an ALECABLE_SHEAVE_REACTION_* value.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL j or reaction is NULL
 * \retval ALECABLE_EHANDLE j is not a joint
 * \retval ALECABLE_EINVAL j is not a sheave */
ALECABLE_API int alecable_sheave_get_mesh_reaction(const alecable_joint *j, int *reaction);
/** Makes a sheave a potential contact (since 0.3): on = 1, it releases the
 * cable when its wrap angle shrinks below 1e-4 rad or the cable pulls on
 * it (the normal forces' sum turns negative), and takes it back when the
 * released span reaches into its circle (deeper than twice what it did
 * right after the release, or at all once it has been clear of it); both
 * at the end of a converged solve or step (alecable_problem's history: no
 * restart, no new unknowns).  Released, its nodes return to the free span:
 * the contact equations read zero multipliers and each node's s keeps its
 * share of the material between the nodes outside the run as it was at
 * the release (the mesh, not the physics, holds them there, close
 * together).  The wrap cannot be followed to zero (its chords shrink with
 * it): a solve near zero wrap needs small load steps, and a span held at
 * both ends changes its tension by EA theta^2 / 2 at the release, theta <=
 * 1e-4 rad.  Quasistatic solves only, for now: in dynamics the run's
 * nodes cannot follow a landing or a lift-off within a step (all of them
 * land and leave together).  on = 0 (the default): the nodes stay on the
 * circle whatever the load.
 * \param j a sheave.
 * \param on 0 or 1.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL j is NULL
 * \retval ALECABLE_EHANDLE j is not a joint
 * \retval ALECABLE_EINVAL j is not a sheave, or on is not 0 or 1 (nothing changed) */
ALECABLE_API int alecable_sheave_set_lift_off(alecable_joint *j, int on);
/** A sheave the cable is not on yet (since 0.3): a potential contact
 * (alecable_sheave_set_lift_off() on) made released: count consecutive
 * nodes of one cable, left where they are, which land on the circle of
 * body b when the span through them reaches into it (at the end of a
 * converged solve or step), and are released again when the wrap shrinks
 * to nothing.  Released, each node keeps its share of the material
 * between the nodes outside the run, as given.  The circle, the nodes and
 * the errors as for alecable_sheave() (no angles: the landing finds them).
 * \param[out] out receives the joint, owned by m (may be NULL).
 * \param m the model.
 * \param b the body carrying the sheave.
 * \param p the circle, copied (alecable_pulley_params_init()).
 * \param count number of nodes, >= 2.
 * \param nodes count consecutive nodes of one cable, neither end of it.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL m, b, p or nodes is NULL
 * \retval ALECABLE_EHANDLE a bad handle, or one of another model
 * \retval ALECABLE_EINVAL a bad struct_size or circle, count < 2, nodes not
 *         consecutive on one cable, a node at an end of the cable or next to
 *         another wrap's node
 * \retval ALECABLE_ENOMEM an allocation failed */
ALECABLE_API int alecable_sheave_potential(alecable_joint **out, alecable_model *m, alecable_body *b,
                                           const alecable_pulley_params *p, int count, alecable_node *const nodes[]);
/** Whether a sheave holds the cable now (since 0.3): 1 in contact, 0
 * released (alecable_sheave_set_lift_off()).
 * \param j a sheave.
 * \param[out] active receives 1 or 0.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL j or active is NULL
 * \retval ALECABLE_EHANDLE j is not a joint
 * \retval ALECABLE_EINVAL j is not a sheave */
ALECABLE_API int alecable_sheave_in_contact(const alecable_joint *j, int *active);
/** Makes a sheave a potential contact whose nodes land and leave one by one
 * (since 0.3), for dynamics: the integrators take it (a sheave whose whole
 * run lands and leaves together, alecable_sheave_set_lift_off(), they
 * refuse).  Every implicit method takes it, the trapezoidal rule too: a
 * landing is an inelastic impact of the node on the sheave, and after the
 * node's first step on the circle the integrator makes the state
 * consistent with the contact (#ALECABLE_CONTACT_CLOSED: the normal
 * velocity the contact forbids is lost, the accelerations are
 * recomputed), so no method keeps a ringing of the landing (the loss is
 * in alecable_step_stats.energy_switched).  The trapezoidal rule itself,
 * which damps nothing, needs h small enough for the cable's own motion
 * (a stiff rope swinging freely can gain energy at large h).  For
 * quasistatic solves use alecable_sheave_set_lift_off(): this contact is
 * not made for them (a rope at rest on it finds no tangential hold at
 * small loads).  Each node keeps its share of the material between the
 * nodes outside the run (as it is at this call), on the circle or off it,
 * so no landing and no lift-off moves a node: a node lands at the end of
 * the converged step that finds it inside the circle and leaves at the
 * second converged step in a row whose normal force pulls (one alone is
 * an impact's ringing); both are alecable_problem's history, undone with
 * the step (alecable_integrator_undo(), a refused step).  The contact
 * force of a node starts and ends at zero (the turn of the chords there),
 * so the tension has no jump but the landing node's impact; the departure
 * lies between nodes (within a chord, not on a node as with the contact
 * region's own mesh).  The nodes on the circle at the call (to 1e-9 of
 * the radius) or inside it are on it from there.
 * \param j a sheave.
 * \param on 1 node by node; 0 back to the whole run held on the circle
 *        (alecable_sheave(): the next solve puts the nodes back).
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL j is NULL
 * \retval ALECABLE_EHANDLE j is not a joint
 * \retval ALECABLE_EINVAL j is not a sheave, or on is not 0 or 1 (nothing changed) */
ALECABLE_API int alecable_sheave_set_node_contact(alecable_joint *j, int on);

/** How the contact boundaries of an ANCF, Kirchhoff or SE(3) cable on a
 * sheave close (alecable_sheave_set_c1_edge(), since 0.3).  Both keep the
 * boundary's mesh equation, the slope r' (SE(3): the frame's t1)
 * perpendicular to the radius; they differ in its reaction.  The default
 * is #ALECABLE_SHEAVE_C1_EDGE_FREE, the one whose edge converges to the
 * physical one under refinement (a rigid frictionless sheave applies no
 * moment).  The axial cable's boundaries are not concerned. */
enum {
    /** the equation's own gradient, a moment on the node's slope (the
     * bending moment's jump there) with a tangential force.  The slope is
     * tangent wherever the node sits on the arc, so the equation does not
     * say where the contact ends: the discretization does, and under
     * refinement the edge goes to another place than the elastica's
     * (measured 2e-3 .. 3.5e-3 rad off for l / R = 0.1) with a moment of 2
     * to 3.5 % of EI/R that does not vanish.  Kept for comparison and for
     * models made with it */
    ALECABLE_SHEAVE_C1_EDGE_SLOPE = 0,
    /** the default: the reaction is a force on the node alone along the
     * circle's tangent, no moment: the bending moment is continuous across the
     * boundary node (a frictionless rigid sheave applies normal forces
     * only), and the equation, the slope on the tangent there, puts the
     * node where the free span's curvature meets the arc's: the edge of
     * contact of an Euler-Bernoulli rod, which leaves the circle an angle
     * 2 asin(l / 2R) before the direction of its far span (l = sqrt(EI /
     * T)) and carries a concentrated normal force T sin of that angle
     * there.  The boundary node's normal force takes it; its mesh
     * multiplier (the tangential force holding the node) is the
     * discretization's and falls with refinement.  Resolving the edge
     * needs free-span elements and wrap chords of the order of l next to
     * it (with chords much longer than l the edge is a node-to-circle
     * contact's, within a chord).  As with
     * #ALECABLE_SHEAVE_REACTION_TANGENT, the reaction is not the
     * equation's gradient: it does the work lambda r dtheta on the node's
     * travel along the circle (alecable_problem.reaction_power gives it to
     * the integrators' energy balance).  In dynamics use a method with
     * numerical damping (HHT, the default, or generalized-alpha): under the
     * trapezoidal rule the edge's mesh motion, which has next to no
     * inertia, rings with period 2h, and the reaction, not being its
     * equation's gradient, feeds the ringing, which grows until the step
     * fails (a rope of 0.05 kg/m at h = 1e-3: within 0.1 .. 0.17 s of a
     * swing; a failed step's message names the cure) */
    ALECABLE_SHEAVE_C1_EDGE_FREE = 1
};
/** Chooses how the contact boundaries of an ANCF, Kirchhoff or SE(3)
 * cable on a sheave close (since 0.3): #ALECABLE_SHEAVE_C1_EDGE_FREE (the
 * default) or #ALECABLE_SHEAVE_C1_EDGE_SLOPE.  The equations, the unknowns
 * and the matrix pattern stay the same, so it may be called at any time:
 * it takes effect at the next solve or step.  An axial cable's sheave
 * takes it and is not changed by it.
 * \param j a sheave (alecable_sheave()).
 * \param edge an ALECABLE_SHEAVE_C1_EDGE_* value.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL j is NULL
 * \retval ALECABLE_EHANDLE j is not a joint
 * \retval ALECABLE_EINVAL j is not a sheave, or edge is not one of the two
 *         (nothing changed) */
ALECABLE_API int alecable_sheave_set_c1_edge(alecable_joint *j, int edge);
/** How the contact boundaries of a C1 cable on a sheave close (since 0.3).
 * \param j a sheave.
 * \param[out] edge receives an ALECABLE_SHEAVE_C1_EDGE_* value.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL j or edge is NULL
 * \retval ALECABLE_EHANDLE j is not a joint
 * \retval ALECABLE_EINVAL j is not a sheave */
ALECABLE_API int alecable_sheave_get_c1_edge(const alecable_joint *j, int *edge);

/* ---- many models at once: a batch on a pool of threads (since 0.3) ---- */

/** A pool of threads that steps many independent models at once (since 0.3).
 *
 * alecable_batch_create() starts its threads once; each call
 * (alecable_batch_step(), alecable_batch_advance()) hands them a list of
 * integrators, one a model, and returns when every model has done its part.
 * The calling thread is one of the pool's threads: a batch of 1 thread starts
 * none and runs the models one after the other in the caller.
 *
 * A model is stepped whole by one thread within a call, through its own
 * integrator, problem and workspaces: the library keeps no global mutable
 * state and no scratch shared between models, so every model's arithmetic is
 * the same whichever thread runs it, and the results (state, multipliers,
 * statistics) equal those of alecable_integrator_step() or
 * alecable_integrator_advance() called on the models one after the other,
 * bit for bit, for any number of threads and either schedule.  A model that
 * fails stops there with the state of its last accepted step (as
 * alecable_integrator_step() leaves it) and its status; the others go on.
 *
 * Each integrator of a call must run a model (or a host problem) of its own:
 * the model's callbacks (motions, motors, wrench and frame callbacks, a host
 * problem's residual and Jacobian) run in the batch's threads, several
 * models' at the same time, so they may touch only their own model's data.
 * A batch allocates nothing in a call after the first of its size (a call
 * with more models than any before grows its list once).
 *
 * One thread calls a batch at a time; a model's callback may not call its
 * batch (#ALECABLE_ESTATE) nor destroy it.  The threads are POSIX threads
 * made with every signal blocked, so the host's signals go to its own
 * threads; a program linking the static library links -lpthread (alecable.pc
 * and the CMake package say so). */
typedef struct alecable_batch alecable_batch;

/** How a batch call shares the models among its threads (alecable_batch_options.schedule). */
enum {
    /** each thread takes the next model nobody has taken yet (the default):
     * models of different sizes balance */
    ALECABLE_BATCH_DYNAMIC = 0,
    /** model i is stepped by thread i mod threads, in every call, so a
     * model's memory stays with one thread: models of equal size */
    ALECABLE_BATCH_STATIC = 1
};

/** Options of a batch (alecable_batch_create(), since 0.3). */
typedef struct alecable_batch_options {
    size_t struct_size;                  /**< sizeof(alecable_batch_options) (set by alecable_batch_options_init()) */
    int schedule;                        /**< ALECABLE_BATCH_* (default DYNAMIC) */
    const alecable_allocator *allocator; /**< the batch's own memory (its threads' list, the call's lists);
                                            NULL (default): the C library's; copied at create.  The
                                            models allocate through their own. */
    double spin_time;                    /**< seconds a thread waiting for the next call (or the caller
                                            for the others to finish) watches before it sleeps, 0 to 1
                                            (default 5e-5: waking a sleeping thread costs tens of
                                            microseconds, as much as a small model's frame; 0: sleep
                                            at once, no processor time spent between calls) */
} alecable_batch_options;
/** Fills the defaults above and struct_size.
 *  \param o the struct to fill; NULL is ignored. */
ALECABLE_API void alecable_batch_options_init(alecable_batch_options *o);

/** Creates a batch and starts its threads (threads - 1 of them: the caller
 * of each call is the last one) (since 0.3).
 * \param[out] out receives the batch (NULL on failure); free it with
 *        alecable_batch_destroy().
 * \param threads the threads that step models, the caller's included, 1 to
 *        1024 (more than the machine's cores only adds switching).
 * \param o the options, copied (NULL: the defaults).
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL out is NULL
 * \retval ALECABLE_EINVAL threads outside 1..1024, a bad struct_size, schedule,
 *         spin_time or allocator
 * \retval ALECABLE_ENOMEM an allocation failed, or the system refused a
 *         thread (no thread is left running then) */
ALECABLE_API int alecable_batch_create(alecable_batch **out, int threads, const alecable_batch_options *o);
/** Stops a batch's threads (waiting for them) and frees it; its integrators
 * and models are the caller's and stay as they are.  Not during a call.
 * \param b the batch; NULL is ignored. */
ALECABLE_API void alecable_batch_destroy(alecable_batch *b);
/** Readable message for the last failed call of a batch: the argument at
 * fault, or the first failed model's index and its integrator's message.
 * \param b the batch.
 * \return a string owned by the batch ("" if none); "batch is NULL" for
 *         NULL, "not a batch handle" for a bad b. */
ALECABLE_API const char *alecable_batch_errmsg(const alecable_batch *b);

/** Steps count models at once: integrators[i] takes `steps` steps of h[i]
 * (alecable_integrator_step() called steps times), stopping at its first
 * failed step (since 0.3).  Each model's result is the serial one bit for
 * bit (see alecable_batch).
 * \param b the batch.
 * \param count the number of models, >= 0 (0: nothing to do).
 * \param integrators count distinct integrators, each with a state, no two
 *        on one problem context (two integrators of one model).
 * \param h count step sizes [s], each finite and > 0.
 * \param steps the steps each model takes, >= 1.
 * \param[out] status count statuses (may be NULL): integrators[i]'s, that
 *        of alecable_integrator_step() (#ALECABLE_OK after all its steps);
 *        alecable_integrator_errmsg() has a failed model's message.
 * \retval ALECABLE_OK every model took its steps
 * \retval ALECABLE_ENULL b, integrators, one of them or h is NULL
 * \retval ALECABLE_EHANDLE b is not a batch
 * \retval ALECABLE_EINVAL count < 0, steps < 1, an h not finite or <= 0, an
 *         integrator twice, two integrators on one problem context (the
 *         message names the indices)
 * \retval ALECABLE_ESTATE a call on this batch is under way (another thread,
 *         or a model's callback); its message is left to it
 * \retval ALECABLE_ENOMEM the call's lists could not be grown
 * \return or, when a model failed, the status of the failed model of lowest
 *         index (status[] has each; alecable_batch_errmsg() names it).  On an
 *         argument error nothing was stepped and status is not written. */
ALECABLE_API int alecable_batch_step(alecable_batch *b, int count, alecable_integrator *const integrators[],
                                     const double h[], int steps, int status[]);

/** Advances count models at once: integrators[i] to t_end[i]
 * (alecable_integrator_advance(): steps of its options' h, or of its
 * adaptive controller, the last one shortened), stopping at its first failed
 * step (since 0.3).  Each model's result is the serial one bit for bit (see
 * alecable_batch).
 * \param b the batch.
 * \param count the number of models, >= 0 (0: nothing to do).
 * \param integrators count distinct integrators, each with a state, no two
 *        on one problem context (two integrators of one model).
 * \param t_end count end times [s], each finite and not before its
 *        integrator's time.
 * \param[out] status count statuses (may be NULL): integrators[i]'s, that
 *        of alecable_integrator_advance(); alecable_integrator_errmsg() has a
 *        failed model's message.
 * \retval ALECABLE_OK every model reached its t_end
 * \retval ALECABLE_ENULL b, integrators, one of them or t_end is NULL
 * \retval ALECABLE_EHANDLE b is not a batch
 * \retval ALECABLE_EINVAL count < 0, a t_end not finite or before its
 *         integrator's time, an integrator twice, two integrators on one
 *         problem context (the message names the indices)
 * \retval ALECABLE_ESTATE a call on this batch is under way (another thread,
 *         or a model's callback); its message is left to it
 * \retval ALECABLE_ENOMEM the call's lists could not be grown
 * \return or, when a model failed, the status of the failed model of lowest
 *         index (status[] has each; alecable_batch_errmsg() names it).  On an
 *         argument error nothing was stepped and status is not written. */
ALECABLE_API int alecable_batch_advance(alecable_batch *b, int count, alecable_integrator *const integrators[],
                                        const double t_end[], int status[]);

/** The instruction set of the vector kernels this process runs (since 0.3):
 * "x86-64-v3" (the ANCF and Kirchhoff elements' kernels and the band solver's
 * factorization and solves compiled for AVX2, chosen at run time when the
 * CPU has AVX2 and FMA) or "baseline" (the build's own target flags: SSE2
 * on a default x86-64 build; every other architecture or compiler, and a
 * build for AVX2 already, has only this copy).  The environment
 * variable ALECABLE_ISA set to "baseline" before the first model is created
 * forces the baseline copy.  Both give the same results to the bit.
 * \return a static string, never NULL. */
ALECABLE_API const char *alecable_isa(void);

/** Memory held by a model or an integrator, in bytes, by part (since 0.3):
 * what a host needs to size a run before it starts (bytes per element times
 * the elements it plans) and to see which part grows.  Every figure counts
 * the bytes of the blocks live in the object's allocator now (not the 16
 * bytes the library keeps in front of each block for this count, nor the
 * allocator's own overhead per block); memory that a SuiteSparse backend
 * (UMFPACK, KLU, CHOLMOD, SPQR) takes from SuiteSparse's allocator is not
 * counted (the band solver, the default for a cable, allocates through
 * ours).  alecable_model_memory() fills the model's fields and
 * alecable_integrator_memory() the integrator's; the other ones stay 0, so
 * the two reports of one run add field by field. */
typedef struct alecable_memory_report {
    size_t struct_size; /**< sizeof(alecable_memory_report) (set by alecable_memory_report_init()) */
    int elements;       /**< the model's cable elements (0 in an integrator's report) */
    size_t pattern;     /**< model: the Jacobian's sparsity pattern (CSC columns, rows, diagonal) */
    size_t scatter;     /**< model: the elements' destinations in that pattern (their scatter maps) */
    size_t model_other; /**< model: everything else (nodes, elements, state vectors, scratch, and the
                             statics solver's workspace, kept after a solve for the next one, and the
                             residual scale's, made by a static solve or an implicit integrator's first
                             step) */
    size_t history;     /**< integrator: its three time levels (state, previous state, trial) */
    size_t vectors;     /**< integrator: residual, solution and other work vectors */
    size_t jacobian;    /**< integrator: the Jacobian's values (one array; a second when massless rows or the
                             paper scheme need one); the band solver's LDL^T factors of a symmetric matrix
                             take the first one's place (since 0.3) */
    size_t condensation; /**< integrator: the condensed system's structure (single-dof constraints
                              eliminated) */
    size_t factor;      /**< integrator: the linear solver's own storage (band matrix, its factors where they
                             are not in the Jacobian's values, its copies of the pattern) */
    size_t total;       /**< the sum of the fields above */
    size_t peak;        /**< the largest total the object's allocator has held since it was created */
} alecable_memory_report;
/** Zeroes a report and sets struct_size (since 0.3).
 *  \param r the struct to fill; NULL is ignored. */
ALECABLE_API void alecable_memory_report_init(alecable_memory_report *r);
/** The memory a model holds, by part (since 0.3); finalizes the model when
 * it changed, as alecable_model_problem() does.  The integrator fields stay 0.
 * \param m the model.
 * \param[out] r filled; its struct_size must be set (alecable_memory_report_init()).
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL m or r is NULL
 * \retval ALECABLE_EHANDLE m is not a model
 * \retval ALECABLE_EINVAL r->struct_size is too small
 * \return or the status of alecable_model_finalize() */
ALECABLE_API int alecable_model_memory(alecable_model *m, alecable_memory_report *r);
/** The memory an integrator holds, by part (since 0.3); the model fields
 * stay 0 (its problem's model reports them: alecable_model_memory()).
 * Steps after the first allocate nothing, with one exception: the band
 * solver allocates its LU storage (about 1.6 KB per ANCF element) the first
 * time a matrix is not symmetric positive definite enough for its LDL^T (a
 * model with joints' multipliers, friction, an ALE mesh), and keeps it; a
 * failed allocation there fails the step with #ALECABLE_ENOMEM and restores
 * its state.  So the figures hold for the run once such a step was taken.
 * \param it the integrator.
 * \param[out] r filled; its struct_size must be set (alecable_memory_report_init()).
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL it or r is NULL
 * \retval ALECABLE_EINVAL r->struct_size is too small */
ALECABLE_API int alecable_integrator_memory(const alecable_integrator *it, alecable_memory_report *r);

/* ------------------------------------------------------------------------ */
/* The sea: waves and current for hydrodynamic loads (since 0.3)            */
/* ------------------------------------------------------------------------ */
/** A sea (since 0.3): mean water level, depth, fluid density, linear waves
 * and a current profile, owned by its model (freed with it).  Created by
 * alecable_sea_create(); hydrodynamic loads use it after
 * alecable_load_hydro_set_sea().
 *
 * Frame: the vertical unit vector up = -g/|g| and g = |g| come from the
 * model's gravity when the sea is created (later changes of gravity do not
 * move the sea).  A point x has the vertical coordinate Z = up.x; the mean
 * surface is Z = level, the seabed Z = level - depth.  The horizontal axes:
 * e1 the global x axis projected on the horizontal plane (the global y axis
 * when x is within 45 degrees of the vertical), e2 = up x e1; with gravity
 * along -z they are x and y.  Waves of heading beta travel along
 * e_k = cos(beta) e1 + sin(beta) e2.
 *
 * Waves are linear (Airy) components j of amplitude A_j, frequency w_j, wave
 * number k_j from w^2 = g k tanh(k d) (solved to machine precision) and phase
 * p_j: with theta_j = k_j e_k.x - w_j t + p_j and z = Z - level,
 * eta = sum A_j cos(theta_j), and the fluid velocity and local acceleration
 * du/dt (linear theory: no convective term)
 *     u = sum A_j w_j (C_j cos(theta_j) e_k + S_j sin(theta_j) up),
 *     a = sum A_j w_j^2 (C_j sin(theta_j) e_k - S_j cos(theta_j) up),
 * C_j = cosh(k_j (z + d))/sinh(k_j d), S_j = sinh(k_j (z + d))/sinh(k_j d).
 * Above the mean level, stretching NONE evaluates the waves at z = 0 (the
 * mean level's kinematics up to the surface); WHEELER at
 * z' = d (z - eta)/(d + eta), so that the surface has the mean level's
 * kinematics of linear theory.  Below the seabed, the seabed's.  Above the
 * surface (z > eta) the fluid velocity and acceleration are zero (dry).
 *
 * The ramp multiplies the waves by R(t) = (1 - cos(pi t/ramp_time))/2 for
 * 0 <= t < ramp_time (0 before, 1 after): eta and u by R, a by R plus R' times
 * the velocity.  The current is not ramped.
 *
 * JONSWAP components: the spectrum of DNV-RP-C205 sec. 3.5.5 (sigma 0.07
 * below the peak and 0.09 above) normalized exactly, so that its integral over
 * all frequencies is Hs^2/16:
 * S(w) = Hs^2 / (16 w_p) F(w/w_p) / int_0^inf F, F(x) = x^-5 exp(-5/4 x^-4) gamma^r,
 * r = exp(-(x - 1)^2 / (2 sigma^2)), w_p = 2 pi/Tp.  The range [omega_min,
 * omega_max] is cut into n_components equal bins of width dw; component j
 * (j = 0 ..) has w_j = omega_min + (j + 1/2) dw, A_j = sqrt(2 S(w_j) dw) and
 * p_j = 2 pi u_j, u_j the j-th draw of splitmix64 seeded with seed (the state
 * advances by 0x9e3779b97f4a7c15, the output is mixed with the constants
 * 0xbf58476d1ce4e5b9 and 0x94d049bb133111eb by shifts of 30, 27 and 31, and
 * u = (output >> 11) 2^-53).  The record repeats after 2 pi/dw.
 * alecable_sea_component() returns each component. */
typedef struct alecable_sea alecable_sea;
/** Waves of a sea (alecable_sea_params.waves). */
enum {
    ALECABLE_WAVES_NONE = 0,   /**< still water (a current may flow) */
    ALECABLE_WAVES_AIRY = 1,   /**< a regular linear wave: height, period, heading, phase */
    ALECABLE_WAVES_JONSWAP = 2 /**< an irregular long-crested sea: Hs, Tp, gamma, heading, components */
};
/** Kinematics above the mean level (alecable_sea_params.stretching). */
enum {
    ALECABLE_STRETCH_NONE = 0,   /**< linear theory: the mean level's kinematics up to the surface */
    ALECABLE_STRETCH_WHEELER = 1 /**< Wheeler: z' = d (z - eta)/(d + eta) */
};
/** Parameters of a sea (alecable_sea_create(), since 0.3); see alecable_sea. */
typedef struct alecable_sea_params {
    size_t struct_size;   /**< sizeof(alecable_sea_params) (set by alecable_sea_params_init()) */
    double level;         /**< Z = up.x of the mean water surface [m] (default 0) */
    double depth;         /**< water depth d below the mean level [m] (> 0, default 100) */
    double rho_f;         /**< fluid density [kg/m^3] (> 0, default 1025); a hydrodynamic load on the
                               sea uses it in place of its own */
    int waves;            /**< ALECABLE_WAVES_* (default NONE) */
    double height;        /**< AIRY: wave height H = 2 A [m] (>= 0, < 2 depth; default 0) */
    double period;        /**< AIRY: period [s] (> 0, default 10) */
    double heading;       /**< AIRY, JONSWAP: direction of travel beta [rad] from e1 towards e2 (default 0) */
    double phase;         /**< AIRY: phase p [rad] (default 0): eta = A cos(k e_k.x - w t + p) */
    double Hs;            /**< JONSWAP: significant wave height [m] (>= 0, default 0) */
    double Tp;            /**< JONSWAP: peak period [s] (> 0, default 10) */
    double gamma;         /**< JONSWAP: peak enhancement factor in [1, 20] (default 3.3; 1: Pierson-Moskowitz) */
    /**@{*/
    double omega_min, omega_max; /**< JONSWAP: frequency range [rad/s] (both 0, the default: 0.5 and 5
                                      times 2 pi/Tp) */
    /**@}*/
    int n_components;     /**< JONSWAP: components (1 .. 100000, default 200) */
    unsigned long long seed; /**< JONSWAP: seed of the phases (default 1) */
    double ramp_time;     /**< ramp of the waves [s] (>= 0, default 0: none) */
    int stretching;       /**< ALECABLE_STRETCH_* (default NONE) */
    int n_current;        /**< rows of the current table (default 0: none) */
    const double *current; /**< n_current rows (Z, U_x, U_y, U_z) [m, m/s], Z strictly increasing, copied:
                                U(Z) piecewise linear, constant above the top and below the bottom row;
                                added to a hydrodynamic load's uniform current */
} alecable_sea_params;
/** Fills the defaults above and struct_size (since 0.3).
 *  \param p the struct to fill; NULL is ignored. */
ALECABLE_API void alecable_sea_params_init(alecable_sea_params *p);
/** Creates a sea owned by a model (since 0.3); the model's gravity must be
 * set (it gives the vertical and g).  The fields a wave kind does not use
 * are not checked.
 * \param[out] out receives the sea, valid until m is destroyed.
 * \param m the model.
 * \param p the parameters, copied (the current table too).
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL m, out or p is NULL, or p->current with n_current > 0
 * \retval ALECABLE_EHANDLE m is not a model
 * \retval ALECABLE_EINVAL a bad struct_size or value (the message names it), a
 *         current table whose Z does not increase, or the model's gravity is zero
 * \retval ALECABLE_ENOMEM an allocation failed */
ALECABLE_API int alecable_sea_create(alecable_sea **out, alecable_model *m, const alecable_sea_params *p);
/** The sea's kinematics at a point and time (since 0.3): what a hydrodynamic
 * load on the sea sees, its current profile included (not a load's uniform
 * current).  Above the surface u = a = 0.
 * \param sea the sea.
 * \param t the time [s].
 * \param x the point [m].
 * \param[out] eta surface elevation above the mean level at x's horizontal position [m] (may be NULL).
 * \param[out] u fluid velocity [m/s] (may be NULL).
 * \param[out] a fluid local acceleration du/dt [m/s^2] (may be NULL).
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL sea or x is NULL
 * \retval ALECABLE_EHANDLE sea is not a sea
 * \retval ALECABLE_EINVAL t or x is not finite */
ALECABLE_API int alecable_sea_kinematics(const alecable_sea *sea, double t, const double x[3], double *eta,
                                         double u[3], double a[3]);
/** The number of wave components of a sea (0 NONE, 1 AIRY, n_components JONSWAP; since 0.3).
 * \param sea the sea.
 * \param[out] n the count.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL sea or n is NULL
 * \retval ALECABLE_EHANDLE sea is not a sea */
ALECABLE_API int alecable_sea_n_components(const alecable_sea *sea, int *n);
/** One wave component of a sea (since 0.3); outputs may be NULL.
 * \param sea the sea.
 * \param i the component, 0 .. count - 1.
 * \param[out] omega its frequency [rad/s].
 * \param[out] k its wave number [1/m].
 * \param[out] amplitude its amplitude A [m].
 * \param[out] phase its phase p [rad].
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL sea is NULL
 * \retval ALECABLE_EHANDLE sea is not a sea
 * \retval ALECABLE_ERANGE i is out of range */
ALECABLE_API int alecable_sea_component(const alecable_sea *sea, int i, double *omega, double *k,
                                        double *amplitude, double *phase);
/** Puts a hydrodynamic load in a sea (since 0.3), or back into still water of
 * its own density without a surface (sea NULL, as created).  In a sea the
 * load's fluid velocity is its uniform current plus the sea's (waves and
 * current profile), its density the sea's, and per unit length
 *     f = f_D(w) - rho_f A_d g - C_an rho_f A_d a_n + (1 + C_an) rho_f A_d a_f,n
 * with w = u_f - u the relative velocity, a_n the particle's normal
 * acceleration and a_f,n the fluid's (Froude-Krylov plus added mass, under
 * #ALECABLE_HYDRO_ADDED_MASS).  Each Gauss point (five per element) above the
 * surface gets no force at all (no drag, no buoyancy, no added mass): a cable
 * crossing the surface is wet up to the Gauss point resolution, and its force
 * jumps as a point crosses (the Jacobian holds between jumps).
 * \param l a hydrodynamic load (alecable_load_hydro()).
 * \param sea a sea of the same model, or NULL.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL l is NULL
 * \retval ALECABLE_EHANDLE l is not a load, sea not a sea or of another model
 * \retval ALECABLE_EINVAL l is not a hydrodynamic load */
ALECABLE_API int alecable_load_hydro_set_sea(alecable_load *l, const alecable_sea *sea);

/* ------------------------------------------------------------------------ */
/* Seabed contact (since 0.3)                                                */
/* ------------------------------------------------------------------------ */

/** Shapes of a seabed (alecable_seabed_params.shape). */
enum {
    ALECABLE_SEABED_PLANE = 0, /**< a flat or sloped plane: point and normal */
    ALECABLE_SEABED_GRID = 1   /**< a bathymetry grid of heights z = h(x, y), bilinear in each cell */
};
/** Parameters of seabed contact (alecable_load_seabed(), since 0.3).  Per unit
 * material (unstretched) length s, like the cable's weight, with g the
 * signed distance of a particle above the bottom and delta = max(0, -g) its
 * penetration: the energy 1/2 k delta^2 (part of the model's potential
 * energy: statics and the energy balance see it), its normal force
 * k delta n, the damping -clamp(c u.n, -k delta, k delta) n (u the
 * particle velocity, n the bottom's unit normal: held within the penalty
 * force, so it vanishes where the cable lands and never pulls a lifting
 * cable down), and regularized Coulomb friction
 * -mu_d k delta phi(u.e_d) e_d along e_a (the cable's tangent in the
 * bottom's plane) and e_l = n x e_a, phi the law of
 * alecable_friction_plane_params.  A plane's g is n.(r - point); a grid's
 * (z - h(x, y)) / sqrt(1 + |grad h|^2), the distance along the cell's local
 * normal (z is up; the edge cells extend beyond the grid).  A cable resting
 * on a flat bottom under its weight w per unit length sinks by w/k. */
typedef struct alecable_seabed_params {
    size_t struct_size;         /**< sizeof(alecable_seabed_params) (set by alecable_seabed_params_init()) */
    int shape;                  /**< ALECABLE_SEABED_* (default PLANE) */
    /**@{*/
    double point[3], normal[3]; /**< plane: a point and the normal out of the seabed (default origin, +z) */
    /**@}*/
    /**@{*/
    int nx, ny;                 /**< grid: points along x and y (>= 2 each) */
    /**@}*/
    double origin[2];           /**< grid: (x, y) of heights[0] [m] */
    double spacing[2];          /**< grid: dx, dy > 0 [m] */
    const double *heights;      /**< grid: nx * ny heights, heights[j * nx + i] at
                                     (origin[0] + i dx, origin[1] + j dy) [m]; copied */
    double stiffness;           /**< k per unit length > 0 [N/m^2] (required) */
    double damping;             /**< c per unit length >= 0 [N s/m^2] (default 0) */
    double mu_axial;            /**< friction coefficient along the cable >= 0 (default 0) */
    double mu_lateral;          /**< friction coefficient across the cable >= 0 (default 0) */
    double eps;                 /**< friction regularization velocity > 0 [m/s] (default 1e-3) */
    int law;                    /**< ALECABLE_FRICTION_* (default SQRT: smooth for Newton) */
    /**@{*/
    int first_element, n_elements; /**< elements in contact (n_elements <= 0: all from first_element) */
    /**@}*/
    int stiff;                  /**< 1 (default): damping and friction in the Jacobian also under
                                     #ALECABLE_JAC_STIFF_ONLY; 0: explicit under IMEX */
} alecable_seabed_params;
/** Fills the defaults above and struct_size (stiffness = 0 must then be given).
 *  \param p the struct to fill; NULL is ignored. */
ALECABLE_API void alecable_seabed_params_init(alecable_seabed_params *p);
/** Adds seabed contact to a cable (since 0.3): every element kind (an SE(3)
 * beam through its chord).  The penalty is not ramped by the load factor.
 * \param[out] out receives the load, owned by m (may be NULL); give it to
 *        alecable_seabed_state().
 * \param m the model.
 * \param c a cable of m.
 * \param p the parameters, copied (the grid's heights too).
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL m, c, p or a grid's heights is NULL
 * \retval ALECABLE_EHANDLE a bad handle, or c of another model
 * \retval ALECABLE_EINVAL a bad struct_size, shape, stiffness <= 0, a negative
 *         or non-finite coefficient, eps <= 0, a bad law, a zero normal, a
 *         grid smaller than 2 x 2, a spacing <= 0, a non-finite height
 * \retval ALECABLE_ERANGE the element range is outside the cable
 * \retval ALECABLE_ENOMEM an allocation failed */
ALECABLE_API int alecable_load_seabed(alecable_load **out, alecable_model *m, alecable_cable *c,
                                      const alecable_seabed_params *p);
/** Contact state of a seabed load (alecable_seabed_state(), since 0.3).  The
 * gap is sampled along the load's elements in material order at each
 * element's first end, its 5 Gauss points and the last element's second end,
 * and taken as linear in s between samples: the touchdown point is its
 * first crossing met from the given end between a sample in contact
 * (gap <= 0: an anchor held on the bottom is in contact) and one above, so
 * it is resolved to the spacing of the samples there (at most 0.24 of the
 * element's length). */
typedef struct alecable_seabed_contact {
    size_t struct_size;      /**< sizeof(alecable_seabed_contact) (set by alecable_seabed_contact_init()) */
    int touchdown;           /**< 1: a contact boundary was found (the fields below are set), 0: none */
    double s;                /**< material coordinate of the touchdown point [m] */
    double position[3];      /**< its position [m] */
    double tension;          /**< bottom tension: the axial force of the element holding the touchdown
                                  point, by the element's law (alecable_element_axial_force(): the
                                  force at its middle; near the touchdown the tension hardly varies
                                  along the line, which leaves the bottom tangentially) [N] */
    double grounded_length;  /**< material length in contact [m] */
    double max_penetration;  /**< largest penetration at a sample [m] */
} alecable_seabed_contact;
/** Zeroes the struct and sets struct_size.
 *  \param s the struct to fill; NULL is ignored. */
ALECABLE_API void alecable_seabed_contact_init(alecable_seabed_contact *s);
/** Reads the contact state of a seabed load at the model's current state.
 * \param l a load made by alecable_load_seabed().
 * \param end 0: the touchdown nearest to the cable's first node; 1: to its last.
 * \param[out] s filled; its struct_size must be set (alecable_seabed_contact_init()).
 * \retval ALECABLE_OK success (s->touchdown says whether a boundary exists)
 * \retval ALECABLE_ENULL l or s is NULL
 * \retval ALECABLE_EHANDLE l is not a seabed load
 * \retval ALECABLE_EINVAL a bad struct_size or end */
ALECABLE_API int alecable_seabed_state(const alecable_load *l, int end, alecable_seabed_contact *s);
/** Makes a node of an ALE cable the touchdown node of a line resting on a
 * plane seabed (since 0.3): the nodes from the cable's end (excluded: the
 * anchor, which the caller holds) to \p node are held on the plane
 * (bilateral and frictionless: one linear constraint n.x = n.p each;
 * alecable_seabed_friction() adds stick/slip along the line on them), the
 * touchdown node's material coordinate s stays free, and every other node
 * between the ends gets its s tied to s_node in the current proportions of
 * its part, the part's end s taken as it is now (so the grounded and the
 * suspended part each keep their element spacing as the touchdown moves).  Where the line
 * leaves the bottom is then an unknown: statics places it where the
 * potential is stationary in s_node.  The contact boundary lies on a node,
 * never inside an element, so the discretization's error is smooth in the
 * element length (order 2 for axial elements: examples/mooring_line.c
 * --seabed node) and two meshes extrapolate; alecable_load_seabed()'s
 * penalty at Gauss points has no such expansion.  Use it on the part of a
 * line that lies on the bottom, without a seabed load on that part; after a
 * solve check that the contact is unilateral: every \p bottom multiplier
 * <= 0 (the support's force -lambda pushes out of the bottom) and every
 * node beyond the touchdown above the plane, else choose another node.
 * The cable's end nodes' s are not held here: hold them where they are
 * (alecable_fix() of #ALECABLE_DOF_S).  Every s is then held, so solve
 * with alecable_quasistatic_options.regularization = #ALECABLE_REG_NONE:
 * the two-stage regularization has no ALE direction to find, and its rank
 * detection on this tangent (the ties make it non-banded) is a dense QR in
 * a GPL-free build.  A failed call adds nothing.
 * \param[out] bottom receives the |node - end node| constraints holding the
 *        grounded nodes, in order from the end (may be NULL).
 * \param m the model.
 * \param c an ALE cable of m (not Lagrangian), its nodes from the end to
 *        \p node on the plane already.
 * \param point a point of the plane [m].
 * \param normal the plane's normal (any length but zero).
 * \param end 0: the grounded part starts at the cable's first node; 1: at
 *        its last.
 * \param node the touchdown node's index, between the ends (1 .. n - 1 of
 *        n + 1 nodes).
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL m, point or normal is NULL
 * \retval ALECABLE_EHANDLE a bad handle, or c of another model
 * \retval ALECABLE_EINVAL a value not finite, a zero normal, a Lagrangian
 *         cable, end neither 0 nor 1, or a grounded node off the plane
 * \retval ALECABLE_ERANGE node not between the cable's ends
 * \retval ALECABLE_ENOMEM an allocation failed */
ALECABLE_API int alecable_seabed_touchdown(alecable_constraint *bottom[], alecable_model *m, alecable_cable *c,
                                           const double point[3], const double normal[3], int end, int node);
/** Coulomb stick/slip friction along the line on a touchdown node's bottom
 * (since 0.3): paper 004's Alart-Curnier law (as alecable_sleeve()) at each
 * grounded node held by a \p bottom row of alecable_seabed_touchdown().
 * The normal force is the row's pressing force -lambda (never below 0: a
 * node the bottom pulls on has no friction), the tangent the cable's
 * direction at the node projected on the bottom, fixed at this call (axial
 * friction: the line keeps its course on the bottom), and the slip of a
 * step the material's travel along it since the last converged step,
 * c (s - s_n) - t . (x - x_n) (c = t . dx/ds): a stuck contact holds the
 * material point where it lies, whether the node or the material moves.
 * The force acts on the material point (on the node's s and x); the ground
 * takes its reaction.  Stick keeps the tension a pull left behind at rest
 * (statics holds it), and a line pulled out along a path on which every
 * grounded point slides towards the fairlead reaches the fully mobilized
 * state, the tension falling by mu w per unit length from the touchdown
 * (examples/mooring_line.c --seabed node --friction).  The contacts are
 * read with alecable_friction_contacts() and alecable_friction_contact().
 * A failed call adds nothing.
 * \param[out] out the friction joint (may be NULL).
 * \param m the model.
 * \param bottom rows made by alecable_seabed_touchdown() (a subset, any
 *        order; each node once).
 * \param count how many, >= 1.
 * \param p mu and augmentation (alecable_friction_params_init()); its
 *        surface must be NULL (the ground's).
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL m, bottom, a bottom[i] or p is NULL
 * \retval ALECABLE_EHANDLE a bottom[i] of another model or not a constraint
 * \retval ALECABLE_EINVAL count < 1, p's values out of range or its struct_size
 *         unset, a row not a touchdown bottom row, a node repeated or in
 *         another friction contact, or a cable normal to the bottom there
 * \retval ALECABLE_ENOMEM an allocation failed */
ALECABLE_API int alecable_seabed_friction(alecable_joint **out, alecable_model *m, alecable_constraint *const bottom[],
                                          int count, const alecable_friction_params *p);

/* ------------------------------------------------------------------------ */
/* Multi-segment lines and point bodies (since 0.3)                          */
/* ------------------------------------------------------------------------ */

/** Gives elements first_element .. first_element + n_elements - 1 of a cable
 * their own section (since 0.3): a chain-wire-chain mooring line is one cable
 * whose ranges differ.  The elements' axial stiffness E A, mass per unit
 * length rho A (weight and inertia) and bending stiffness E I are the
 * range's; on a Kirchhoff or SE(3) cable, the bending stiffnesses that
 * alecable_beam_params leaves at 0 are the range's E I and the rotary inertia
 * follows its rho and I, while GJ and the shear stiffnesses stay the cable's.
 * A node between two sections stays one node.  A later range over an
 * element replaces an earlier one; elements added to the cable afterwards
 * take the cable's own section.  Sections belong to the mesh's elements:
 * finalize refuses a cable with ranges whose material coordinates are free
 * (make it Lagrangian, alecable_cable_set_lagrangian(), or fix each node's
 * s).  The cable's inertia is on when its own section has rho > 0, so a range
 * with rho > 0 needs that.  Loads along a cable take element ranges
 * (alecable_load_hydro_set_elements(), alecable_friction_plane_params,
 * alecable_load_distributed_range()): give each segment its own hydrodynamic
 * load (its diameter, coefficients and buoyancy) over its range.  On ANCF
 * and Kirchhoff cables the stretch is continuous at a node, so the jump of
 * the stretch where E A changes is smeared over the neighbouring elements
 * (in a hanging chain's length some 2e-3 of its elongation at 20 elements
 * a section) unless the node is split (alecable_node_split_stretch(),
 * statics).  Like alecable_cable_set_beam(), it may be called after
 * finalize (the model is finalized again).
 * \param c the cable.
 * \param first_element index of the range's first element.
 * \param n_elements number of elements, >= 1, within the cable.
 * \param section the section (E, A > 0, rho, I >= 0), copied.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL c or section is NULL
 * \retval ALECABLE_EHANDLE c is not a cable
 * \retval ALECABLE_EINVAL a bad struct_size or value (the message names it),
 *         rho > 0 on a cable whose own section has rho = 0, or I = 0 where
 *         the cable's beam takes E I of the section
 * \retval ALECABLE_ERANGE the range runs outside the cable's elements
 * \retval ALECABLE_ENOMEM an allocation failed */
ALECABLE_API int alecable_cable_set_section_range(alecable_cable *c, int first_element, int n_elements,
                                                  const alecable_section *section);

/** Restricts a hydrodynamic load (alecable_load_hydro()) to the elements
 * first_element .. first_element + n_elements - 1 of its cable (since 0.3;
 * n_elements <= 0: all from first_element on), read at each evaluation: one
 * load per segment of a multi-segment line gives each its own diameter,
 * coefficients and buoyancy (as created, a load acts on the whole cable).
 * \param l a hydrodynamic load.
 * \param first_element index of the first element acted on.
 * \param n_elements number of elements (<= 0: to the cable's end).
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL l is NULL
 * \retval ALECABLE_EHANDLE l is not a load
 * \retval ALECABLE_EINVAL l is not a hydrodynamic load
 * \retval ALECABLE_ERANGE the range runs outside the cable's elements */
ALECABLE_API int alecable_load_hydro_set_elements(alecable_load *l, int first_element, int n_elements);

/** A point body at a cable node (since 0.3): a clump weight or a buoy. */
typedef struct alecable_point_mass alecable_point_mass;
/** Parameters of a point body (alecable_node_point_mass(), since 0.3).  With
 * m the mass, V the displaced volume and m_a the added mass, the body puts
 * on its node's position x the constant force (m - rho_f V) g (weight and
 * buoyancy, g the model's gravity, scaled by the load factor as the cables'
 * weight), with the potential -(m - rho_f V) g.x in the model's energy; in
 * dynamics the inertia (m + m_a) x'' and the drag -1/2 rho_f C_d A |x'| x'
 * (still water: no current or waves).  The body is always submerged, unless
 * put in a sea (alecable_point_mass_set_sea()). */
typedef struct alecable_point_mass_params {
    size_t struct_size; /**< sizeof(alecable_point_mass_params) (set by alecable_point_mass_params_init()) */
    double mass;        /**< mass m [kg] (>= 0, default 0) */
    double volume;      /**< displaced volume V [m^3] (>= 0, default 0) */
    double rho_f;       /**< fluid density [kg/m^3] (>= 0, default 1025) */
    double drag_area;   /**< C_d A, drag coefficient times area [m^2] (>= 0, default 0) */
    double added_mass;  /**< added mass m_a [kg] (>= 0, default 0) */
} alecable_point_mass_params;
/** Fills the defaults above and struct_size (since 0.3).
 *  \param p the struct to fill; NULL is ignored. */
ALECABLE_API void alecable_point_mass_params_init(alecable_point_mass_params *p);
/** Puts a point body at a node of a cable of any element kind (since 0.3; an
 * SE(3) node's position).  On an ALE cable whose node's material coordinate
 * is free the body stays with the node, not with a material particle: it
 * slides along the line like a ring (fix the node's s, or make the cable
 * Lagrangian, for a clump clamped to the line).  The model's kinetic energy
 * (alecable_model_kinetic_energy()) and potential energy include it.
 * \param[out] out receives the body, owned by the node's model (may be NULL).
 * \param n a cable's node (not a body's).
 * \param p the parameters, copied.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL n or p is NULL
 * \retval ALECABLE_EHANDLE n is not a node
 * \retval ALECABLE_EINVAL a bad struct_size or value (the message names it),
 *         mass, volume and added mass all 0, or a body's node
 * \retval ALECABLE_ENOMEM an allocation failed */
ALECABLE_API int alecable_node_point_mass(alecable_point_mass **out, alecable_node *n,
                                          const alecable_point_mass_params *p);
/** Puts a point body in a sea (since 0.3), or back into still water of its
 * params.rho_f without a surface (sea NULL, as created).  In a sea the fluid
 * is the sea's at the node's position and time (alecable_sea_kinematics():
 * waves and current profile), its density the sea's, and below the surface
 * the body feels, with w = u_f - v its velocity relative to the fluid and
 * a_f the fluid's local acceleration,
 *     f = (m - rho_f V) g + 1/2 rho_f C_d A |w| w + (rho_f V + m_a) a_f - m_a v'
 * (Morison's body terms: buoyancy, drag, Froude-Krylov and added mass, as
 * the hydrodynamic loads in a sea), above it the weight m g alone, without
 * added mass: its force jumps as the node crosses the surface, which a
 * static equilibrium at the surface cannot take (a surface buoy needs a
 * waterplane stiffness: alecable_point_mass_set_waterplane()).  The forces
 * then have no potential: a model with a body in a sea offers no energy callback
 * (alecable_problem.energy), and alecable_model_energy() counts its
 * buoyancy as if submerged.  Changing whether the body is in a sea needs a
 * new finalize.  A surface buoy: alecable_point_mass_set_waterplane().
 * \param pm the point body.
 * \param sea a sea of the same model, or NULL.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL pm is NULL
 * \retval ALECABLE_EHANDLE pm is not a point body, sea not a sea or of another model */
ALECABLE_API int alecable_point_mass_set_sea(alecable_point_mass *pm, const alecable_sea *sea);
/** Makes a point body a surface-piercing buoy (since 0.3): a vertical
 * cylinder of waterplane area A and height h whose keel is the node.  In a
 * sea (alecable_point_mass_set_sea(); in still water it has no effect) its
 * displaced volume is A clamp(d, 0, h) in place of params.volume, d = eta -
 * zeta the keel's depth below the surface (eta the sea's elevation at the
 * node's horizontal position, alecable_sea_kinematics(); zeta the keel's
 * height above the mean level): the buoyancy rho_f g A clamp(d, 0, h) and
 * the Froude-Krylov force take that volume, drag and added mass act while
 * d > 0.  The buoyancy's derivative, the waterplane stiffness rho_f g A
 * (with the surface's slope in waves), is in the Jacobian, in statics too;
 * its potential rho_f g A int_0^d clamp(s, 0, h) ds is in the model's
 * energy (alecable_model_energy()): in a sea without waves and current the
 * body's forces then have a potential, so statics' checks and the energy
 * balance see it (the model has an energy callback); in waves it is counted
 * at the mean level.  A free buoy of mass M floats at the draft M/(rho_f A)
 * and heaves with the period 2 pi sqrt((M + m_a)/(rho_f g A)).  Changing
 * whether the body has a waterplane needs a new finalize.
 * \param pm the point body.
 * \param area the waterplane area A [m^2] (>= 0; 0: no waterplane, the
 *        body's volume again).
 * \param height the cylinder's height h [m] (> 0 when area > 0).
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL pm is NULL
 * \retval ALECABLE_EHANDLE pm is not a point body
 * \retval ALECABLE_EINVAL area negative or not finite, height <= 0 or not
 *         finite (the message names it); nothing changed */
ALECABLE_API int alecable_point_mass_set_waterplane(alecable_point_mass *pm, double area, double height);
/** The node a point body sits at (since 0.3).
 * \param pm the point body.
 * \param[out] node receives the node.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL pm or node is NULL
 * \retval ALECABLE_EHANDLE pm is not a point body */
ALECABLE_API int alecable_point_mass_node(const alecable_point_mass *pm, alecable_node **node);

/* ------------------------------------------------------------------------ */
/* Internal damping of cables (since 0.3)                                    */
/* ------------------------------------------------------------------------ */
/** Parameters of a cable's internal (structural) Kelvin-Voigt damping
 * (alecable_load_damping(); since 0.3). */
typedef struct alecable_damping_params {
    size_t struct_size; /**< sizeof(alecable_damping_params) (set by alecable_damping_params_init()) */
    double axial;       /**< c_a >= 0 [N s]: axial force c_a d(eps)/dt (default 0) */
    double bending;     /**< c_b >= 0 [N m^2 s]: bending moment c_b dk/dt, k the curvature vector
                             (ANCF and Kirchhoff cables; 0 on an axial cable; default 0) */
    /**@{*/
    int first_element, n_elements; /**< elements damped (n_elements <= 0: all from first_element) */
    /**@}*/
    int stiff;          /**< 1 (default): in the Jacobian also under IMEX (ALECABLE_JAC_STIFF_ONLY); 0: explicit */
} alecable_damping_params;
/** Fills the defaults above and struct_size.
 *  \param p the struct to fill; NULL is ignored. */
ALECABLE_API void alecable_damping_params_init(alecable_damping_params *p);
/** Adds internal (Kelvin-Voigt) damping to a Lagrangian cable (since 0.3): the
 * dissipation potential
 *     D(q, v) = int [1/2 c_a (d eps/dt)^2 + 1/2 c_b |dk/dt|^2] ds
 * over the damped elements, eps and k the axial strain and curvature vector
 * of the element's own strain energy (axial and ANCF: Green-Lagrange eps;
 * Kirchhoff: |r'| - 1 and k = r' x r''/|r'|^2, its torsion undamped), their
 * rates at fixed material particles.  The damping force is dD/dv, so its power
 * v.f_d = 2 D >= 0 is exactly what the mechanical energy loses to it; the
 * Jacobian holds both its q and v parts.  The first mode of a bar of
 * stiffness EA decays with the damping ratio zeta = c_a omega / (2 EA).
 * \param[out] out receives the load, owned by m (may be NULL).
 * \param m the model.
 * \param c a Lagrangian cable of m (alecable_cable_set_lagrangian()), axial,
 *        ANCF or Kirchhoff.
 * \param p the parameters, copied.
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL m, c or p is NULL
 * \retval ALECABLE_EHANDLE a bad handle, or c of another model
 * \retval ALECABLE_EINVAL a bad struct_size, a negative or non-finite
 *         coefficient, bending on an axial cable, an SE(3) or ALE cable
 * \retval ALECABLE_ERANGE a bad element range
 * \retval ALECABLE_ENOMEM an allocation failed
 *
 * A cable made ALE after this call makes alecable_model_finalize() fail
 * (ALECABLE_ESTATE). */
ALECABLE_API int alecable_load_damping(alecable_load **out, alecable_model *m, alecable_cable *c,
                                       const alecable_damping_params *p);
/** A damping load's dissipation at the model's state (its q and the
 * velocities of alecable_model_pull_state(); since 0.3).
 * \param l a damping load (alecable_load_damping()).
 * \param[out] D the dissipation potential D(q, v) [W], half the power (may be NULL).
 * \param[out] power the power of the damping forces v.f_d = 2 D [W] (may be NULL).
 * \retval ALECABLE_OK success
 * \retval ALECABLE_ENULL l is NULL
 * \retval ALECABLE_EHANDLE l is not a load
 * \retval ALECABLE_EINVAL l is not a damping load
 * \return or an error of alecable_model_finalize() */
ALECABLE_API int alecable_load_damping_dissipation(alecable_load *l, double *D, double *power);

#ifdef __cplusplus
}
#endif
#endif
