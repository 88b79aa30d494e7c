/* What integrators see: the alecable_problem interface of the public header
 * (residual, weighted Jacobian on a fixed CSC pattern, group update) and the
 * sparse backends.  No integrator includes model internals, so the same code
 * runs a host code's own problem. */
#ifndef ALECABLE_INTEGRATORS_PROBLEM_H
#define ALECABLE_INTEGRATORS_PROBLEM_H

#include "alecable.h"
#include "../sparse/sparse.h"

#include <stddef.h>
#include <string.h>

/* Quasistatic solver workspace: vectors, factorization, rank detection and the
 * per-step history of the last solve.  Created once per problem layout. */
typedef struct qs_ws qs_ws;

int  qs_create(qs_ws **out, const alecable_problem *p, ac_alloc *alloc);
void qs_destroy(qs_ws *ws);
/* Load steps from o->t0 to o->t1 starting at (q, lambda).  On success q,
 * lambda hold the solution at t1; on failure the last converged step.  *t
 * receives the load factor of the returned state.  A message is written to
 * msg on failure. */
int  qs_solve(qs_ws *ws, const alecable_problem *p, const alecable_quasistatic_options *o,
              double *q, double *lambda, double *t, alecable_solve_report *rep, char *msg,
              size_t msg_len);

/* The owner's check of the last load step's converged state, after the
 * stability check (NULL: none): accept(ctx, q, held, msg, len), held[i]
 * nonzero where a constraint holds q[i] alone (a fix), returns 0, or a
 * status with msg saying why the state is refused; the solve then fails
 * with that status and the last converged state.  A model's workspace
 * refuses a compressed string (lib/core/slack.c); a host's problem has
 * none. */
void qs_set_accept(qs_ws *ws,
                   int (*accept)(const void *ctx, const double *q, const unsigned char *held, char *msg, size_t len),
                   const void *ctx);

/* The unknown (index in q) a singular tangent left without stiffness in the
 * last solve, or -1 when there was none or it could not be told. */
int  qs_null_dof(const qs_ws *ws);
int  qs_step_info(const qs_ws *ws, int step, int *it1, int *it2, int *ndep);
int  qs_residuals(const qs_ws *ws, int step, int stage, const double **values, int *count);
int  qs_dependent(const qs_ws *ws, int step, const int **lines, int *count);
/* Allocation events of the workspace's allocator between the end of the first
 * Newton iteration and the end of the last one in the last solve. */
size_t qs_allocs_after_first_iteration(const qs_ws *ws);

/* The sparse backend of a public ALECABLE_LINSOLVE_* value, or -1. */
static inline int sp_kind_of(int linear_solver)
{
    switch (linear_solver) {
    case ALECABLE_LINSOLVE_UMFPACK: return SP_UMFPACK;
    case ALECABLE_LINSOLVE_SPQR: return SP_SPQR;
    case ALECABLE_LINSOLVE_KLU: return SP_KLU;
    case ALECABLE_LINSOLVE_BAND: return SP_BAND;
    case ALECABLE_LINSOLVE_AUTO: return SP_AUTO;
    default: return -1;
    }
}

/* A host built against 0.1 or 0.2 passes the struct as it was then,
 * without the history (0.1) or 0.3's members (the scale, the energy, the
 * fused callbacks); the solvers work on a copy where the later fields are
 * zero, so that no callback beyond the caller's struct_size is called.
 * 0 on success, -1 when p is too short to be a problem at all. */
static inline int problem_normalize(const alecable_problem *p, alecable_problem *out)
{
    size_t n = p->struct_size, min = offsetof(alecable_problem, nhist);
    if (n < min) return -1;
    memset(out, 0, sizeof *out);
    memcpy(out, p, n < sizeof *out ? n : sizeof *out);
    out->struct_size = sizeof *out;
    return 0;
}

/* A problem's history (alecable_problem.nhist) is none, or whole: all
 * three callbacks set. */
static inline int problem_history_ok(const alecable_problem *p)
{
    return p->nhist == 0 || (p->nhist > 0 && p->history_get && p->history_set && p->history_commit);
}

/* A caller's options (0.1's shorter struct too) as the current struct with
 * defaults for what it lacks, then checked: 0 or ALECABLE_EINVAL with msg. */
int  qs_options(const alecable_quasistatic_options *in, alecable_quasistatic_options *out, char *msg, size_t len);
/* A report struct the solver may fill (NULL, or 0.1's size or more), and
 * the filling of as much of it as the caller's struct_size holds. */
int  qs_report_ok(const alecable_solve_report *r);
void qs_report_out(alecable_solve_report *out, const alecable_solve_report *rep);
/* Validates dynamic options (sizes, ranges, combinations): ALECABLE_OK or
 * ALECABLE_EINVAL with a message naming the field (alecable_integrator_create
 * and alecable_model_integrator) */
int  dyn_check_options(const alecable_dynamic_options *o, char *msg, size_t len);
/* The integrator's names for q's entries in its failure messages: name(ctx,
 * k, buf, len) writes what q[k] is and returns 0 (anything else: q[k] is
 * named by its index).  ctx must outlive the integrator.  A model's
 * integrator names them in the model's terms (lib/core/dynamics.c). */
void dyn_set_dof_namer(alecable_integrator *it, int (*name)(const void *ctx, int k, char *buf, size_t len),
                       const void *ctx);

/* A model's problem (alecable_model_problem) whose model changed since it
 * was made: ALECABLE_ESTATE with msg naming the change (its sizes and
 * pattern are gone); ALECABLE_OK for a current one and for every other
 * problem.  Every integrator entry checks it first (lib/core/assemble.c). */
int problem_stale(const alecable_problem *p, char *msg, size_t len);
/* The ctx of an integrator's problem (a model checks that an integrator is
 * its own: lib/core/dynamics.c) */
const void *dyn_problem_ctx(const alecable_integrator *it);

/* A copy of an integrator's whole state (the state in force, with the
 * problem's history that goes with it, the SI-BDF2 and SI-HHT histories,
 * the error estimate's samples, the adaptive proposal and the watch's
 * balance), for a caller that rewinds more than one step
 * (lib/integrators/checkpoint.c; co-simulation's macro-step undo).
 * Restoring sets the problem's history first and leaves nothing to undo;
 * the work counters are not rewound, as with undo. */
typedef struct dyn_checkpoint dyn_checkpoint;
/* Allocates a checkpoint for it's sizes through it's allocator (empty until saved). */
int  dyn_checkpoint_create(dyn_checkpoint **out, const alecable_integrator *it);
void dyn_checkpoint_destroy(dyn_checkpoint *c);
/* ALECABLE_ESTATE when it has no state yet, or its sizes are not c's */
int  dyn_checkpoint_save(dyn_checkpoint *c, const alecable_integrator *it);
/* ALECABLE_ESTATE when c was never saved, or the problem's history_set's error (nothing restored) */
int  dyn_checkpoint_restore(const dyn_checkpoint *c, alecable_integrator *it);

#endif
