/* Private to the time integrators (dynamic.c, implicit.c, semi_implicit.c):
 * the integrator object, its states and the one-attempt step functions of
 * the two method families.  Written against alecable_problem only. */
#ifndef ALECABLE_INTEGRATORS_DYNAMIC_INTERNAL_H
#define ALECABLE_INTEGRATORS_DYNAMIC_INTERNAL_H

#include "problem.h"
#include "../sparse/kkt.h"

#include <stddef.h>

/* One time level.  A is the acceleration-like variable of Arnold & Bruls
 * (equal to a for Newmark and HHT).  SI-BDF2 history: dq_old = q_n (-) q_{n-1},
 * v_old = v_{n-1}, h_old = h_{n-1}; hist says whether it exists (none right
 * after set_state).  Error-estimate history of the implicit methods: the
 * mean velocities w1, w2 of the last two steps, (q_k (-) q_{k-1}) / h_{k-1},
 * sampled at the steps' midpoints tau1, tau2 (set_state's v counts as a
 * sample at t); nw samples are valid.  h_next is the adaptive controller's
 * proposal, part of the state so that undo reproduces the step sequence. */
typedef struct dyn_state {
    double t;
    double *q, *v, *a, *A, *lam;
    double *dq_old, *v_old;
    double h_old;
    int hist;
    /* SI-HHT: the force history F_n carried from the step that made this
     * state (valid when fc_ok; see semi_implicit.c) */
    double *fc;
    int fc_ok;
    double *w1, *w2;
    double tau1, tau2;
    int nw;
    double h_next;
    /* the implicit methods' Newton predictor for the step from this state
     * (DYN_PRED_*, implicit.c): TAYLOR after set_state, HOLD once a Taylor
     * start has failed and the held one converged */
    int pred;
    /* the problem's history (alecable_problem.nhist values) that goes with
     * this state: the one in force while it is cur (dynamic.c) */
    double *phist;
    /* divergence watch (dynamic.c): this state's kinetic energy and the
     * largest of the states since set_state */
    double tkin, tmax;
    /* the energy balance (dynamic.c, problems with an energy callback):
     * this state's potential V = w_int + w_ext, the power lambda . g_t its
     * constraints' motions supply, their work W since set_state
     * (trapezoidal), the energy created T + V - E0 - W, and the energy
     * exchanged so far (max of T, |w_int - w_int0|, |w_ext - w_ext0|, |W|);
     * wslack: the bound of the trapezoidal rule's error in W, the sum of
     * h/2 |P_{n+1} - P_n| */
    double pot, pot_int, power, work, created, exch, wslack;
    /* what the projections at constraint switches did to T + V (T alone
     * without an energy callback) since set_state (dynamic.c) */
    double eswitch;
    /* the implicit methods' fallback force scale of the stop test, taken
     * from this state when a step starts from it (implicit.c); valid when
     * fscale_ok */
    double fscale;
    int fscale_ok;
} dyn_state;

enum { DYN_PRED_TAYLOR = 0, DYN_PRED_HOLD = 1 };

typedef struct dyn_params {
    int method;
    int semi;            /* 1: one linear solve per step (paper 001 sec. 3) */
    int hht;             /* forces weighted (1 + alpha) at n+1 and -alpha at n */
    double beta, gamma;
    double alpha_m, alpha_f, alpha_hht;
    double err_coef;     /* local error of q = err_coef h^3 q''' */
} dyn_params;

struct alecable_integrator {
    alecable_problem p;      /* copy: the callbacks, pattern and ctx are the host's */
    ac_alloc alloc;
    alecable_dynamic_options o;
    dyn_params par;
    int n, nq, nlam;
    int v3;                  /* the semi-implicit passes' AVX2 copies (semi_implicit.c): ac_isa() at create */
    sp_pattern pat;          /* colptr/rowidx borrowed from the problem */
    sp_kkt *lin;             /* single-dof constraints condensed out (sparse/kkt.c) */
    dyn_state st[3];
    dyn_state *cur, *prev, *trial;
    int has_state, can_undo;
    /* workspaces (all allocated at create) */
    double *r, *z, *rhs, *vals, *fn, *dq, *zero;
    double *vals_k;          /* stiffness Jacobian for massless rows (consistent accelerations); NULL until
                                needed (dynamic.c's need_vals_k) */
    unsigned char *massive;  /* per q-row: 1 when the row has mass or constraint forces */
    double *gdot, *gam, *ga;
    int ng, *g_pos, *g_row, *g_col; /* entries of G (constraint rows, q-columns) */
    /* outcome of the last attempt; res_hist: the force residual ||r_q||_inf
     * of each Newton iteration of an implicit attempt (max_iterations + 1) */
    double *res_hist;
    int n_res_hist;
    int iters;
    double err, err_tol;
    alecable_step_stats stats;
    size_t alloc_mark, allocs_last_step;
    /* bytes of the parts at create (alecable_integrator_memory): the three
     * states, the work vectors (the struct itself included, the Jacobian's
     * values not), and the linear solver (condensation and backend) */
    size_t mem_history, mem_vectors, mem_solver;
    /* 1 while a failure may still be retried (a Taylor start): a singular
     * matrix is then not probed for its free dof */
    int quiet_singular;
    /* 1 inside step_once (a singular matrix there is the step's, not the
     * problem's: the consistent start factored the constraints) */
    int stepping;
    /* the q index the last singular matrix left free (dynamic.c's probe), or -1;
     * namer: the host's names of q's
     * entries for the message (dyn_set_dof_namer), or NULL */
    int null_dof;
    /* the last history_commit returned ALECABLE_CONTACT_CLOSED (dynamic.c's after_switch) */
    int closed;
    int (*namer)(const void *ctx, int k, char *buf, size_t len);
    const void *namer_ctx;
    /* divergence watch: the length and energy scales taken at set_state;
     * the last attempt's step increment q_{n+1} (-) q_n (dstep, nq) and, for
     * the semi-implicit methods, its constraint drift max |g| at the
     * linearization point (drift); it->err is the error estimate of every
     * attempt, adaptive or not.  scale: n values for residual_scale. */
    double len_scale, energy_scale;
    double energy_ref0;      /* max(energy_scale, the initial kinetic energy): 0 turns the energy indicator off */
    /* the energy balance: on when the problem has an energy callback (and
     * constraint_rates where it has constraints) and watch_work > 0; e0 =
     * T0 + V0 at set_state; e_floor: the rounding of V's sums */
    int balance;
    double e0, v0, vint0, e_floor;
    double *dstep, *scale;   /* dstep: the semi-implicit methods' is dq (semi_implicit.c); scale: implicit
                                methods only (NULL for the semi-implicit ones) */
    /* implicit methods on a model's problem: scale_here when it->scale
     * holds the residual_scale that scaled_residual computed with the
     * residual of the current iterate (implicit.c), with its status scale_st */
    int scale_here, scale_st;
    double scale_floor;      /* implicit.c: the floor of the q rows' residual_scale in the current step */
    int *lam_alg;            /* nlam: the row fixes its multipliers (dynamic.c's consistent start) */
    double drift;
    double znorm_q;          /* dyn_factor_solve: max |z_i| over the q rows of the last solution */
    /* stop test of the last attempt: max |r_i| / scale_i at its end, and 1
     * when the scale was the problem's residual_scale */
    double last_ratio;
    int scale_src;
    char msg[512];
};

/* One attempt of a step of size h from cur into trial (cur is never
 * touched).  On success trial holds the new state at t1 and, for adaptive
 * implicit methods, it->err / it->err_tol the error estimate.  Returns
 * ALECABLE_OK or an error with it->msg set; ALECABLE_ENOCONV and
 * ALECABLE_ENAN mean a smaller step may succeed. */
int dyn_implicit_attempt(alecable_integrator *it, double h, double t1);
int dyn_semi_attempt(alecable_integrator *it, double h, double t1);

/* Shared helpers (dynamic.c). */
double dyn_norm_inf(const double *x, int n);
double dyn_norm(const alecable_integrator *it, const double *x, int n);
/* q <- q (+) scale * dq through the problem's update (plain addition when NULL). */
int dyn_update(alecable_integrator *it, double *q, const double *dq, double scale);
/* Factorizes it->vals and solves for it->z from it->rhs, counting the solve;
 * a failure message names `what` (e.g. "step at t = 0.5"). */
int dyn_factor_solve(alecable_integrator *it, const char *what, double t);
/* Residual / Jacobian through the problem, counted, with a message on failure. */
int dyn_residual(alecable_integrator *it, double t, const double *q, const double *v, const double *a,
                 const double *lam, double *r);
int dyn_jacobian(alecable_integrator *it, double t, const double *q, const double *v, const double *a,
                 const double *lam, double cq, double cv, double ca, int flags);
/* residual into r and Jacobian into it->vals at one point: the problem's
 * residual_jacobian when it has one, else the two calls */
int dyn_residual_jacobian(alecable_integrator *it, double t, const double *q, const double *v, const double *a,
                          const double *lam, double cq, double cv, double ca, int flags, double *r);

/* Allocation events of the integrator's allocator during the last
 * alecable_integrator_step / advance call (tests: zero after the first). */
size_t dyn_allocs_last_step(const alecable_integrator *it);

#endif
