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
    const yaml_node_t *chain;    /* frame: a kinematic chain (chain.c) instead of the lists */
    double base[3];              /* the chain starts at the world frame moved to base (place) */
    double off[9];               /* and its last frame turned by off (place's rotation) */
    int has_off;
    /* frame given per stage: the frames of the list's entries and their stages */
    rn_fn **alt;
    int *first, *last; /* 0, 0: no stage (the default) */
    int n_alt;
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
    if (f->n_alt) {
        /* the entry of the stage running, else the first without a stage, else the first */
        const rn_fn *pick = NULL, *dflt = NULL;
        int st = f->ctx->stage;
        for (k = 0; k < f->n_alt && !pick; k++) {
            if (!f->first[k] && !dflt) dflt = f->alt[k];
            if (f->first[k] && st >= f->first[k] && st <= f->last[k]) pick = f->alt[k];
        }
        return frame_fn((void *)(pick ? pick : dflt ? dflt : f->alt[0]), t, x, R, v, w, a, alpha);
    }
    if (f->chain) {
        rn_jet A[9], p[3];
        if (rn_chain_eval(f->ctx, f->chain, t, f->base, A, p)) return 1;
        for (k = 0; k < 3; k++) {
            x[k] = p[k].v;
            v[k] = p[k].d;
            a[k] = p[k].dd;
        }
        if (f->has_off) {
            int i, j;
            for (i = 0; i < 3; i++)
                for (j = 0; j < 3; j++)
                    R[3 * i + j] = A[3 * i].v * f->off[j] + A[3 * i + 1].v * f->off[3 + j] + A[3 * i + 2].v * f->off[6 + j];
        } else {
            for (k = 0; k < 9; k++) R[k] = A[k].v;
        }
        /* the rates of the chain's own axes: off is fixed in them */
        rn_chain_rates(A, w, alpha);
        return 0;
    }
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

/* place: {t, position, rotation}: the chain's base moved (not turned) so that its last
 * frame's origin is at position at time t, and that frame turned by a fixed rotation
 * so that its axes are rotation then (a tool mounted where the thing it holds is);
 * pass 2 fills f->base and f->off */
static int place(rn_ctx *ctx, const yaml_node_t *n, const yaml_node_t *chain, rn_fn *f)
{
    static const char *const keys[] = {"t", "position", "rotation", NULL};
    double tp = 0, P[3], Rg[9];
    int rot, i, j;
    if (rn_map(ctx, n, "place (t, position, rotation)", keys)) return -1;
    if (rn_num(ctx, n, "t", &tp, 0) < 0 || rn_vec(ctx, n, "position", P, 3, RN_REQ) != 1) return -1;
    if ((rot = rn_vec(ctx, n, "rotation", Rg, 9, 0)) < 0) return -1;
    if (!f) return 0;
    {
        rn_jet A[9], p[3];
        static const double zero[3] = {0, 0, 0};
        if (rn_chain_eval(ctx, chain, tp, zero, A, p)) {
            rn_error(ctx, n, "a chain with finite values at place's t", NULL);
            return -1;
        }
        for (i = 0; i < 3; i++) f->base[i] = P[i] - p[i].v;
        if (rot == 1) {
            /* off = R(t)^T rotation */
            for (i = 0; i < 3; i++)
                for (j = 0; j < 3; j++)
                    f->off[3 * i + j] = A[i].v * Rg[j] + A[3 + i].v * Rg[3 + j] + A[6 + i].v * Rg[6 + j];
            f->has_off = 1;
        }
    }
    return 0;
}

static const char *const FRAME_ALL_KEYS[] = {"position", "rotation", "velocity", "omega", "accel", "alpha",
                                             "chain",    "place",    "stage",    NULL};

/* one frame: lists of expressions or a chain; stage allowed in an entry of a list */
static int frame_one(rn_ctx *ctx, const yaml_node_t *n, int in_list, rn_fn **out)
{
    rn_fn *f;
    const yaml_node_t *chain = rn_get(ctx, n, "chain");
    int k, i, bad = 0;
    *out = NULL;
    if (rn_map(ctx, n, "a frame moved in time (position, rotation, velocity, omega, accel, alpha: lists of "
                       "expressions of t; or chain and place)", FRAME_ALL_KEYS))
        return -1;
    if (rn_get(ctx, n, "stage") && !in_list) {
        rn_error(ctx, rn_get(ctx, n, "stage"), "stage only on an entry of a list of frames", "a single frame");
        return -1;
    }
    if (chain) {
        for (k = 0; k < 6; k++)
            if (rn_get(ctx, n, FRAME_KEYS[k])) {
                rn_error(ctx, rn_get(ctx, n, FRAME_KEYS[k]), "chain or the lists position, rotation ..., not both",
                         "%s beside chain", FRAME_KEYS[k]);
                return -1;
            }
        if (rn_chain_check(ctx, chain)) return -1;
        if (ctx->build && !(f = fn_new(ctx))) return -1;
        if (!ctx->build) f = NULL;
        if (rn_get(ctx, n, "place") && place(ctx, rn_get(ctx, n, "place"), chain, f)) return -1;
        if (f) f->chain = chain;
        *out = f;
        return 0;
    }
    if (rn_get(ctx, n, "place")) {
        rn_error(ctx, rn_get(ctx, n, "place"), "place with a chain", "a frame without chain");
        return -1;
    }
    if (!rn_get(ctx, n, "position")) {
        rn_error(ctx, n, "the key 'position' (3 expressions of t) or 'chain'", "a mapping without them");
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
    *out = f;
    return 0;
}

int rn_frame(rn_ctx *ctx, const yaml_node_t *n, alecable_frame_fn *fn, void **user)
{
    rn_fn *f = NULL;
    int i, bad = 0, cnt;
    *fn = NULL;
    *user = NULL;
    if (!rn_is_seq(n)) {
        if (frame_one(ctx, n, 0, &f)) return -1;
        *fn = frame_fn;
        *user = f;
        return 0;
    }
    /* a list: one frame per stage ('stage: N' or '[FIRST, LAST]'; none: the default) */
    cnt = rn_seq_len(n);
    if (cnt < 1) {
        rn_error(ctx, n, "a frame, or a list of frames with their stages", "an empty list");
        return -1;
    }
    if (ctx->build) {
        if (!(f = fn_new(ctx))) return -1;
        f->alt = (rn_fn **)calloc((size_t)cnt, sizeof *f->alt);
        f->first = (int *)calloc((size_t)cnt, sizeof *f->first);
        f->last = (int *)calloc((size_t)cnt, sizeof *f->last);
        if (!f->alt || !f->first || !f->last) return -1;
        f->n_alt = cnt;
    }
    for (i = 0; i < cnt; i++) {
        const yaml_node_t *e = rn_seq_item(ctx, n, i);
        rn_fn *g = NULL;
        int a = 0, b = 0;
        if (frame_one(ctx, e, 1, &g) || rn_stage_range(ctx, e, &a, &b) < 0) {
            bad = 1;
            continue;
        }
        if (f) {
            f->alt[i] = g;
            f->first[i] = a;
            f->last[i] = b;
        }
    }
    if (bad) return -1;
    *fn = frame_fn;
    *user = f;
    return 0;
}

void rn_free_fns(rn_ctx *ctx)
{
    int i;
    for (i = 0; i < ctx->n_fns; i++) {
        free(ctx->fns[i]->alt);
        free(ctx->fns[i]->first);
        free(ctx->fns[i]->last);
        free(ctx->fns[i]);
    }
    free(ctx->fns);
    ctx->fns = NULL;
    ctx->n_fns = ctx->cap_fns = 0;
}
