/* alecable-run: the host functions of the API (prescribed motions, joint
 * motors, frames moved by the host for clamps and driven bodies) given as
 * expressions in the model file.
 *
 * The library calls them inside its solves with the time (the load factor in
 * quasistatics) and, for a motor, the joint's coordinate and rate; each
 * evaluates its expressions with those bound to t, angle and rate.  A value
 * that is not finite fails the evaluation, which the library reports as a
 * failed step (its state unchanged).
 *
 * SPDX-License-Identifier: BSD-3-Clause */
#include "runner.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct rn_fn {
    rn_ctx *ctx;
    const yaml_node_t *expr[3]; /* motion: value, rate, accel; motor: torque, d/dangle, d/drate (NULL: 0) */
    const yaml_node_t *frame[6]; /* frame: the lists position, rotation, velocity, omega, accel, alpha */
};

/* evaluates e with t, angle, rate bound; NULL gives 0 */
static int eval3(rn_ctx *ctx, const yaml_node_t *e, double t, double angle, double rate, double *v)
{
    int base = ctx->n_vars, st = 0;
    char err[256];
    *v = 0.0;
    if (!e) return 0;
    if (rn_var_push(ctx, "t", t) || rn_var_push(ctx, "angle", angle) || rn_var_push(ctx, "rate", rate)) st = -1;
    if (!st && (rn_eval(ctx, rn_scalar(e), v, err, sizeof err) || !isfinite(*v))) st = -1;
    while (ctx->n_vars > base) free(ctx->vars[--ctx->n_vars].name);
    return st;
}

static int motion_fn(void *user, double t, double *value, double *rate, double *accel)
{
    const rn_fn *f = (const rn_fn *)user;
    if (eval3(f->ctx, f->expr[0], t, 0, 0, value) || eval3(f->ctx, f->expr[1], t, 0, 0, rate) ||
        eval3(f->ctx, f->expr[2], t, 0, 0, accel))
        return 1;
    return 0;
}

static int motor_fn(void *user, double t, double angle, double rate, double *torque, double *dtorque_dangle,
                    double *dtorque_drate)
{
    const rn_fn *f = (const rn_fn *)user;
    if (eval3(f->ctx, f->expr[0], t, angle, rate, torque) || eval3(f->ctx, f->expr[1], t, angle, rate, dtorque_dangle) ||
        eval3(f->ctx, f->expr[2], t, angle, rate, dtorque_drate))
        return 1;
    return 0;
}

/* A zeroed callback record owned by ctx (freed with it), or NULL when out
 * of memory. */
static rn_fn *fn_new(rn_ctx *ctx)
{
    rn_fn *f = (rn_fn *)calloc(1, sizeof *f);
    if (!f) return NULL;
    if (ctx->n_fns == ctx->cap_fns) {
        int cap = ctx->cap_fns ? 2 * ctx->cap_fns : 8;
        rn_fn **nf = (rn_fn **)realloc(ctx->fns, (size_t)cap * sizeof *nf);
        if (!nf) {
            free(f);
            return NULL;
        }
        ctx->fns = nf;
        ctx->cap_fns = cap;
    }
    ctx->fns[ctx->n_fns++] = f;
    f->ctx = ctx;
    return f;
}

/* reads the mapping n with the keys names[0..2] (names[0] required) as
 * expressions, checks them at t = angle = rate = 0 in the first pass, and in
 * the second gives a function record that lives as long as ctx */
static int read_fn(rn_ctx *ctx, const yaml_node_t *n, const char *what, const char *const names[4], rn_fn **out)
{
    rn_fn *f;
    int i, bad = 0;
    *out = NULL;
    if (rn_map(ctx, n, what, names)) return -1;
    if (!rn_get(ctx, n, names[0])) {
        char exp[128];
        snprintf(exp, sizeof exp, "the key '%s' (an expression of t)", names[0]);
        rn_error(ctx, n, exp, "a mapping without it");
        return -1;
    }
    for (i = 0; i < 3; i++) {
        const yaml_node_t *e = rn_get(ctx, n, names[i]);
        double v;
        if (!e) continue;
        if (!rn_scalar(e)) {
            rn_error(ctx, e, "an expression", NULL);
            bad = 1;
        } else if (eval3(ctx, e, 0, 0, 0, &v)) {
            char err[256];
            int base = ctx->n_vars;
            rn_var_push(ctx, "t", 0);
            rn_var_push(ctx, "angle", 0);
            rn_var_push(ctx, "rate", 0);
            if (rn_eval(ctx, rn_scalar(e), &v, err, sizeof err))
                rn_error(ctx, e, "an expression of t (and angle, rate for a motor) and the parameters", "'%s' (%s)",
                         rn_scalar(e), err);
            else
                rn_error(ctx, e, "an expression with a finite value at t = 0", "'%s' = %g", rn_scalar(e), v);
            while (ctx->n_vars > base) free(ctx->vars[--ctx->n_vars].name);
            bad = 1;
        }
    }
    if (bad) return -1;
    if (!ctx->build) return 0;
    if (!(f = fn_new(ctx))) return -1;
    for (i = 0; i < 3; i++) f->expr[i] = rn_get(ctx, n, names[i]);
    *out = f;
    return 0;
}

int rn_motion(rn_ctx *ctx, const yaml_node_t *n, alecable_motion_fn *fn, void **user)
{
    static const char *const names[] = {"value", "rate", "accel", NULL};
    rn_fn *f;
    if (read_fn(ctx, n, "a motion (value, rate, accel: expressions of t)", names, &f)) return -1;
    *fn = motion_fn;
    *user = f;
    return 0;
}

int rn_motor(rn_ctx *ctx, const yaml_node_t *n, alecable_torque_fn *fn, void **user)
{
    static const char *const names[] = {"torque", "dtorque_dangle", "dtorque_drate", NULL};
    rn_fn *f;
    if (read_fn(ctx, n, "a motor (torque, dtorque_dangle, dtorque_drate: expressions of t, angle, rate)", names, &f))
        return -1;
    *fn = motor_fn;
    *user = f;
    return 0;
}

/* a list of n expressions of t (NULL: the default d, n values) */
static int eval_list(rn_ctx *ctx, const yaml_node_t *l, int n, const double *d, double t, double *v)
{
    int i;
    for (i = 0; i < n; i++) {
        if (!l) {
            v[i] = d[i];
            continue;
        }
        if (eval3(ctx, rn_seq_item(ctx, l, i), t, 0, 0, &v[i])) return 1;
    }
    return 0;
}

static const char *const FRAME_KEYS[] = {"position", "rotation", "velocity", "omega", "accel", "alpha", NULL};
static const int FRAME_N[] = {3, 9, 3, 3, 3, 3};

static int frame_fn(void *user, double t, double x[3], double R[9], double v[3], double w[3], double a[3],
                    double alpha[3])
{
    static const double zero[9] = {0, 0, 0, 0, 0, 0, 0, 0, 0}, eye[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
    const rn_fn *f = (const rn_fn *)user;
    double *out[6];
    int k;
    out[0] = x;
    out[1] = R;
    out[2] = v;
    out[3] = w;
    out[4] = a;
    out[5] = alpha;
    for (k = 0; k < 6; k++)
        if (eval_list(f->ctx, f->frame[k], FRAME_N[k], k == 1 ? eye : zero, t, out[k])) return 1;
    return 0;
}

int rn_frame(rn_ctx *ctx, const yaml_node_t *n, alecable_frame_fn *fn, void **user)
{
    rn_fn *f;
    int k, i, bad = 0;
    *fn = NULL;
    *user = NULL;
    if (rn_map(ctx, n, "a frame moved in time (position, rotation, velocity, omega, accel, alpha: lists of "
                       "expressions of t)", FRAME_KEYS))
        return -1;
    if (!rn_get(ctx, n, "position")) {
        rn_error(ctx, n, "the key 'position' (3 expressions of t)", "a mapping without it");
        return -1;
    }
    for (k = 0; k < 6; k++) {
        const yaml_node_t *l = rn_get(ctx, n, FRAME_KEYS[k]);
        if (!l) continue;
        if (!rn_is_seq(l) || rn_seq_len(l) != FRAME_N[k]) {
            char exp[128];
            snprintf(exp, sizeof exp, "%s: a list of %d expressions of t", FRAME_KEYS[k], FRAME_N[k]);
            rn_error(ctx, l, exp, NULL);
            bad = 1;
            continue;
        }
        for (i = 0; i < FRAME_N[k]; i++) {
            const yaml_node_t *e = rn_seq_item(ctx, l, i);
            double v;
            if (!rn_scalar(e) || eval3(ctx, e, 0, 0, 0, &v)) {
                char err[256] = "not an expression";
                int base = ctx->n_vars;
                rn_var_push(ctx, "t", 0);
                if (rn_scalar(e)) rn_eval(ctx, rn_scalar(e), &v, err, sizeof err);
                while (ctx->n_vars > base) free(ctx->vars[--ctx->n_vars].name);
                rn_error(ctx, e, "an expression of t and the parameters with a finite value at t = 0", "%s (%s)",
                         rn_scalar(e) ? rn_scalar(e) : "a list or mapping", err);
                bad = 1;
            }
        }
    }
    if (bad) return -1;
    if (!ctx->build) return 0;
    if (!(f = fn_new(ctx))) return -1;
    for (k = 0; k < 6; k++) f->frame[k] = rn_get(ctx, n, FRAME_KEYS[k]);
    *fn = frame_fn;
    *user = f;
    return 0;
}

void rn_free_fns(rn_ctx *ctx)
{
    int i;
    for (i = 0; i < ctx->n_fns; i++) free(ctx->fns[i]);
    free(ctx->fns);
    ctx->fns = NULL;
    ctx->n_fns = ctx->cap_fns = 0;
}
