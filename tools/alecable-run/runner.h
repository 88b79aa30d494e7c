/* alecable-run: the state shared by the runner's parts.
 *
 * The model file is read twice from the same YAML document: a first pass
 * (ctx.build = 0) checks every entry, collects the names of cables, nodes,
 * bodies, joints and constraints and reports every mistake with its line;
 * only when it found none does the second pass (ctx.build = 1) read the same
 * entries again and call the library.  One reader per entry serves both
 * passes, so the checks and the building cannot drift apart.
 *
 * SPDX-License-Identifier: BSD-3-Clause */
#ifndef ALECABLE_RUN_RUNNER_H
#define ALECABLE_RUN_RUNNER_H

#include <alecable.h>
#include <yaml.h>

#define RN_MAX_ERRORS 50

/* a named value: parameters, then channels as they are evaluated */
typedef struct rn_var {
    char *name;
    double value;
    double d, dd; /* its first and second derivatives in t (t itself: 1, 0; the rest 0) */
} rn_var;

/* a value with its first and second derivatives in t: expressions of t
 * evaluated in forward mode, for the exact velocities and accelerations of a
 * kinematic chain (callbacks.c, chain.c) */
typedef struct rn_jet {
    double v, d, dd;
} rn_jet;

typedef struct rn_named_node {
    char *name;
    int index;
} rn_named_node;

typedef struct rn_cable {
    char *name;
    int kind;             /* ALECABLE_ELEMENT_* */
    int n_nodes;          /* counted in the first pass */
    int lagrangian;
    int unknown_mesh;     /* its mesh has a mistake: references to its nodes are not checked */
    rn_named_node *names; /* nodes named in the mesh */
    int n_names;
    alecable_cable *c;    /* second pass */
    yaml_mark_t mark;
} rn_cable;

/* bodies, joints, constraints, loads: named objects of the model */
enum { RN_BODY, RN_JOINT, RN_CONSTRAINT, RN_LOAD };
/* a load's type (rn_object.type): its index in model.c's list of load types */
enum { RN_LOAD_SEABED = 9 };
typedef struct rn_object {
    char *name;
    int what;    /* RN_BODY ... */
    int type;    /* joints: RN_J_* */
    int count;   /* wrap and sleeve: nodes; friction joints: contacts */
    void *handle;
    yaml_mark_t mark;
    int settable;   /* loads: one vector that alecable_load_set changes (a stage's loads) */
    double vec[3];  /* loads: that vector as the runner last gave it (pass 2) */
    int has_motion; /* clamps and drives with a motion: its frame (frame, frame_user in pass 2) */
    alecable_frame_fn frame;
    void *frame_user;
    /* a seabed_touchdown constraint (type RN_C_TOUCHDOWN): its bottom rows, count of
     * them from the grounded end (pass 2; handle is the touchdown node's, the last) */
    alecable_constraint **rows;
} rn_object;

/* a constraint's type (rn_object.type): 0 a fix, prescribe or linear constraint */
enum { RN_C_TOUCHDOWN = 1 };

enum { RN_J_ATTACH, RN_J_WRAP, RN_J_REVOLUTE, RN_J_PRISMATIC, RN_J_SPHERICAL, RN_J_FIXED, RN_J_CLAMP,
       RN_J_SLEEVE, RN_J_FRICTION, RN_J_DRIVE };

typedef struct rn_fn rn_fn; /* a host function from expressions (callbacks.c) */

typedef struct rn_ctx {
    const char *file;
    yaml_document_t doc;
    int have_doc;
    int build;   /* 0: checking pass, 1: building pass */
    int errors;
    int progress; /* a progress line on a terminal */
    const char *outdir; /* --out: prefix of relative output paths */
    const char *history; /* --history FILE: the history CSV, whatever output.history says */
    const yaml_node_t *entry; /* the list entry being read: where a missing key is reported */
    alecable_model *m;

    rn_var *vars;
    int n_vars, cap_vars;
    int n_params;         /* vars[0 .. n_params-1] are the parameters */
    char **overrides;     /* --set NAME=EXPR */
    int n_overrides;

    rn_cable *cables;
    int n_cables;
    rn_object *objs;
    int n_objs, cap_objs;
    rn_fn **fns;
    int n_fns, cap_fns;
    /* Kirchhoff nodes whose roll is given as a direction (mesh 'normal'): the roll
     * is measured from the frame finalize builds, so it is set after it */
    struct rn_normal {
        alecable_node *node;
        double d[3];
        const yaml_node_t *at;
    } *normals;
    int n_normals, cap_normals;
    int stage; /* the analysis stage running (1, 2, ...; 0 before the first): a motion's
                  frame of that stage (callbacks.c) */
    alecable_sea *sea; /* the file's sea (sea.c), owned by the model; NULL without one */
} rn_ctx;

/* ---- the sea (sea.c) ---------------------------------------------------------------- */
/* the top-level 'sea' section, after gravity: checks it (pass 1), creates ctx->sea (pass 2) */
int rn_sea(rn_ctx *ctx);
/* a load's or body's 'sea: true': 1, 0 without it, -1 on a mistake (no sea section) */
int rn_in_sea(rn_ctx *ctx, const yaml_node_t *map);

/* ---- a seabed load's shape (seabed.c) ----------------------------------------------- */
/* shape: plane (point, normal) or grid (nx, ny, origin, spacing, heights or heights_file)
 * into *sp; a grid's heights in *heights (malloc'd, sp->heights points at them: free after
 * alecable_load_seabed); -1 on a mistake, reported */
int rn_seabed_shape(rn_ctx *ctx, const yaml_node_t *n, alecable_seabed_params *sp, double **heights);

/* ---- diagnostics (yaml_util.c) ---------------------------------------------------- */
/* FILE:LINE:COL: expected WHAT, got GOT-of-node; counts the error */
void rn_error(rn_ctx *ctx, const yaml_node_t *n, const char *expected, const char *fmt_got, ...);
/* the same at a mark, with a free-form message after "expected" */
void rn_error_at(rn_ctx *ctx, yaml_mark_t mark, const char *fmt, ...);
/* a description of what a node holds, for "got ..." */
const char *rn_describe(const yaml_node_t *n, char *buf, size_t len);

/* ---- reading the document (yaml_util.c) ------------------------------------------- */
yaml_node_t *rn_node(rn_ctx *ctx, int id);
yaml_node_t *rn_root(rn_ctx *ctx);
/* checks that n is a mapping whose keys are in allowed (NULL-terminated),
 * each once; what names the entry for the messages.  Returns 0 when n is a
 * mapping (unknown keys are reported but do not make it fail). */
int rn_map(rn_ctx *ctx, const yaml_node_t *n, const char *what, const char *const allowed[]);
/* the value of key in mapping n, or NULL */
yaml_node_t *rn_get(rn_ctx *ctx, const yaml_node_t *n, const char *key);
int rn_is_seq(const yaml_node_t *n);
int rn_seq_len(const yaml_node_t *n);
yaml_node_t *rn_seq_item(rn_ctx *ctx, const yaml_node_t *n, int i);
const char *rn_scalar(const yaml_node_t *n); /* NULL unless a scalar */

/* flags of the typed readers */
enum {
    RN_REQ = 1,    /* the key must be there */
    RN_POS = 2,    /* > 0 */
    RN_NONNEG = 4, /* >= 0 */
    RN_NOT0 = 8    /* != 0 */
};
/* Each reads key of mapping map into *v when it is there (else leaves *v),
 * reports a missing required key, a wrong type or a value out of range;
 * returns 1 when the key was read, 0 when absent, -1 on an error. */
int rn_num(rn_ctx *ctx, const yaml_node_t *map, const char *key, double *v, int flags);
int rn_int(rn_ctx *ctx, const yaml_node_t *map, const char *key, int *v, int flags, int min);
int rn_bool(rn_ctx *ctx, const yaml_node_t *map, const char *key, int *v, int flags);
int rn_vec(rn_ctx *ctx, const yaml_node_t *map, const char *key, double *v, int n, int flags);
int rn_str(rn_ctx *ctx, const yaml_node_t *map, const char *key, const char **v, int flags);
/* one of names[] (NULL-terminated), *v = values[i] */
int rn_enum(rn_ctx *ctx, const yaml_node_t *map, const char *key, int *v, const char *const names[],
            const int values[], int flags);
/* 1 when entry n has an 'if: EXPR' that gives 0: the entry is left out */
int rn_skip(rn_ctx *ctx, const yaml_node_t *n);
/* a dof's name (x, y, z, s, dx, dy, dz, rx, ry, rz, roll) as ALECABLE_DOF_* */
int rn_dof(rn_ctx *ctx, const yaml_node_t *n, int *dof);
/* the index in names of the value of entry n's 'type' key (n must be a mapping) */
int rn_entry_type(rn_ctx *ctx, const yaml_node_t *n, const char *what, const char *const names[]);
/* a number from a scalar node (plain number or expression) */
int rn_value(rn_ctx *ctx, const yaml_node_t *n, double *v);

/* ---- expressions (expr.c) ---------------------------------------------------------- */
/* Evaluates an arithmetic expression (+ - * / ^, parentheses, pi, sqrt, sin,
 * cos, tan, exp, log, abs, and the variables of ctx).  Returns 0, or -1 with
 * a message in err. */
int rn_eval(const rn_ctx *ctx, const char *text, double *v, char *err, size_t len);
/* the same with the derivatives in t (the variables' d and dd): *v.v is what rn_eval gives */
int rn_eval_jet(const rn_ctx *ctx, const char *text, rn_jet *v, char *err, size_t len);
/* adds a variable with derivatives (t: value t, d 1, dd 0) */
int rn_var_push_jet(rn_ctx *ctx, const char *name, double value, double d, double dd);
int rn_var_set(rn_ctx *ctx, const char *name, double value);   /* sets, or adds */
int rn_var_push(rn_ctx *ctx, const char *name, double value);  /* adds (shadows one of the same name) */
const rn_var *rn_var_find(const rn_ctx *ctx, const char *name);

/* ---- names (model.c) --------------------------------------------------------------- */
rn_cable *rn_cable_find(rn_ctx *ctx, const char *name);
rn_object *rn_object_find(rn_ctx *ctx, const char *name);
/* a library call's status: reports it at node n with the model's message */
int rn_lib(rn_ctx *ctx, const yaml_node_t *n, int st, const char *call);
int rn_name_used(rn_ctx *ctx, const char *name, unsigned long *line);
int rn_check_name(rn_ctx *ctx, const yaml_node_t *n);
/* pass 1: a new named object (name may be NULL: nothing recorded); pass 2: the same entry */
rn_object *rn_declare(rn_ctx *ctx, const yaml_node_t *name_node, const char *name, int what, int type);
int rn_add_cable(rn_ctx *ctx, const yaml_node_t *name_node, const char *name);
int rn_add_node_name(rn_ctx *ctx, rn_cable *c, const yaml_node_t *name_node, int index);
/* references; in pass 1 the outputs are NULL */
int rn_node_ref(rn_ctx *ctx, const yaml_node_t *n, alecable_node **out);
int rn_node_list(rn_ctx *ctx, const yaml_node_t *n, alecable_node ***out, int *count); /* *out: free() */
int rn_body_ref(rn_ctx *ctx, const yaml_node_t *n, alecable_body **out);
rn_object *rn_joint_ref(rn_ctx *ctx, const yaml_node_t *n, int type, const char *what); /* type -1: any */
rn_cable *rn_cable_ref(rn_ctx *ctx, const yaml_node_t *n);

/* ---- host functions from expressions (callbacks.c) ---------------------------------- */
/* motion: {value, rate, accel} of t; motor: {torque, dtorque_dangle, dtorque_drate} of
 * t, angle, rate.  Pass 1 checks; pass 2 sets *fn and *user (freed by rn_free). */
int rn_motion(rn_ctx *ctx, const yaml_node_t *n, alecable_motion_fn *fn, void **user);
int rn_motor(rn_ctx *ctx, const yaml_node_t *n, alecable_torque_fn *fn, void **user);
/* frame: {position (3), rotation (9, row-major), velocity, omega, accel, alpha (3 each)},
 * lists of expressions of t (rotation defaults to identity, the rates to 0) */
int rn_frame(rn_ctx *ctx, const yaml_node_t *n, alecable_frame_fn *fn, void **user);
void rn_free_fns(rn_ctx *ctx);

/* the key stage of entry n: N or [FIRST, LAST] (1 <= FIRST <= LAST <= the stages): 1 and
 * *a, *b; 0 when n has none; -1 on a mistake, reported (channels.c) */
int rn_stage_range(rn_ctx *ctx, const yaml_node_t *n, int *a, int *b);

/* ---- kinematic chains (chain.c) ------------------------------------------------------ */
/* checks a chain: list of {translate: [3]}, {rotate: x|y|z|[3], angle: E}, {rotation: [9]},
 * {dh: [alpha, d, theta, r]}, expressions of t (reports mistakes; -1) */
int rn_chain_check(rn_ctx *ctx, const yaml_node_t *chain);
/* the chain's last frame at t, from the world frame moved to base: axes A (row-major,
 * columns the axes) and origin p, with their first two derivatives in t */
int rn_chain_eval(rn_ctx *ctx, const yaml_node_t *chain, double t, const double base[3], rn_jet A[9], rn_jet p[3]);
/* angular velocity and acceleration (world components) of the axes A */
void rn_chain_rates(const rn_jet A[9], double omega[3], double alpha[3]);

/* ---- the parts --------------------------------------------------------------------- */
int rn_parameters(rn_ctx *ctx);  /* parameters: (both passes read it first; cables.c) */
int rn_cable_entry(rn_ctx *ctx, const yaml_node_t *n); /* one entry of cables: (cables.c) */
/* pass 2, after finalize: the rolls of the nodes given a normal (cables.c) */
int rn_apply_normals(rn_ctx *ctx);
int rn_model(rn_ctx *ctx);       /* gravity, cables, bodies, constraints, loads, joints, friction */
/* pass 2, at the start of stage ctx->stage: the friction entries with 'stage: N' of that
 * stage, made on the state the stages before left (model.c) */
int rn_model_stage(rn_ctx *ctx);
int rn_analysis(rn_ctx *ctx);    /* analysis and output: check (pass 1) or run (pass 2) */
/* start: the equilibrium of a variant of the file (start.set), copied into the model
 * after finalize (pass 2); pass 1 checks the entry (start.c) */
int rn_start(rn_ctx *ctx);
/* parses ctx->file into ctx->doc (main.c) */
int rn_load(rn_ctx *ctx);
/* a stage's loads: changes of named loads (set, scale, release) made before it runs;
 * pass 1 checks, pass 2 calls alecable_load_set (stage_loads.c) */
int rn_stage_loads(rn_ctx *ctx, const yaml_node_t *stage);
void rn_free(rn_ctx *ctx);

#endif
