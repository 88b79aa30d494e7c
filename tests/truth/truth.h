/* The truth campaign (issue 20 item 9): random valid models built through
 * the public API only, and an independent verdict on every ALECABLE_OK.
 * gen.c draws a model's description from a seed and builds it; verdict.c
 * judges a returned state by paths of its own (finite differences of the
 * energy, the constraints, curvature, a refined solve, energy balance, an
 * h/4 rerun); truth.c runs each model in a forked child and counts. */
#ifndef ALECABLE_TRUTH_H
#define ALECABLE_TRUTH_H

#include <alecable.h>
#include <stddef.h>

#define TRUTH_MAX_LOADS 4

/* scenes: what the model is (gen.c builds each) */
enum {
    SCENE_HANG = 0,     /* cable between two supports under gravity / distributed load */
    SCENE_CANTILEVER,   /* ANCF / Kirchhoff clamped at one end, tip load */
    SCENE_PULLEY,       /* cable over a fixed pulley (wrap), hanging load, friction */
    SCENE_LEVER,        /* cable holding a lever body on a revolute joint to ground */
    SCENE_PENDULUM,     /* cable fixed at one end, free or a body at the other */
    SCENE_COUNT
};

/* support of the far end (node n) */
enum { END_FIX = 0, END_PRESCRIBE, END_FREE, END_BODY, END_CLAMP };

typedef struct truth_spec {
    unsigned long seed;
    int scene, kind, n, ale;     /* ale: 0 Lagrangian, 1 every interior s free, 2 wrap nodes only */
    double L, span, EA, EI, rho_A, g;
    double b0[3];                /* distributed load [N/m] */
    int nloads;                  /* point loads at nodes */
    int load_node[TRUTH_MAX_LOADS];
    double load_f[TRUTH_MAX_LOADS][3];
    int start_clamp;             /* HANG: clamp at node 0 (ANCF/Kirchhoff) */
    int end;                     /* END_* */
    double delta;                /* END_PRESCRIBE: x change per unit load factor */
    double body_mass;            /* END_BODY, LEVER */
    double tilt;                 /* PENDULUM: angle of the start below horizontal [rad] */
    double pulley_R, mu;         /* PULLEY */
    int friction;                /* 0 none, 1 slip (pulley_friction), 2 stick/slip (wrap_friction) */
    int n_arc;                   /* PULLEY: elements on the wrap */
    /* the solve */
    int dynamic;                 /* 0 statics, 1 dynamics */
    int steps;                   /* statics: load steps */
    int method, nsteps;          /* dynamics */
    double h;
} truth_spec;

/* A built model, with what the verdict needs to know about it. */
typedef struct truth_model {
    alecable_model *m;
    alecable_cable *c;
    int n_nodes;
    alecable_node **nodes;
    unsigned char *held;         /* per cable node: 1 when a constraint or joint involves it */
    alecable_body *body;         /* END_BODY / LEVER body (or NULL) */
    double f_ref;                /* applied-load scale [N] */
    double l_ref;                /* length scale [m] */
    int conservative;            /* every force has a potential (no friction) */
    int stick_slip;              /* stick/slip friction rows (not holonomic) */
    int friction_s_skip;         /* slip friction acts on the wrap's interior s equations */
    int *wrap_nodes, n_wrap;     /* cable node indices on the wrap */
    double x_fix[2][3];          /* where nodes 0 and n were held */
    int fixed_end[2];            /* node 0 / n held in place (all three spatial dofs, t-independent) */
    double motion;               /* dynamics: largest displacement of any node */
    double *xmean;               /* dynamics: each node's mean position over the run's last quarter (3 n) */
} truth_model;

/* gen.c */
void truth_draw(truth_spec *s, unsigned long seed, int small);
int truth_build(truth_model *tm, const truth_spec *s, char *why, size_t len);
void truth_free(truth_model *tm);
void truth_describe(const truth_spec *s, char *buf, size_t len);
const char *truth_method_name(int method);

/* verdict.c: 0 right, 1 wrong (why says which check and what it saw) */
int truth_judge_statics(truth_model *tm, const truth_spec *s, char *why, size_t len, char *note, size_t nlen);
int truth_judge_dynamics(truth_model *tm, const truth_spec *s, alecable_integrator *it,
                         double e_created, double e_scale, char *why, size_t len, char *note, size_t nlen);
/* runs the dynamic solve of s on tm; fills the energy bookkeeping */
int truth_run_dynamics(truth_model *tm, const truth_spec *s, double h, alecable_integrator **it_out,
                       double *e_created, double *e_scale, char *why, size_t len);

/* small random numbers (splitmix64) */
typedef struct truth_rng { unsigned long long s; } truth_rng;
double truth_unif(truth_rng *r);
int truth_int(truth_rng *r, int lo, int hi); /* lo .. hi inclusive */

#endif
