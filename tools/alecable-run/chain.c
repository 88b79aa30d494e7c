/* alecable-run: a frame moved by a kinematic chain (a robot's tool, a crane's
 * hook block on its boom), for a clamp's or a driven body's motion.
 *
 * A chain is a list of transforms applied in order from the world frame, each
 * in the frame the ones before it left: a translation, a rotation about a
 * fixed axis by an angle, a fixed rotation, or a modified Denavit-Hartenberg
 * step (Khalil and Kleinfinger: Rot(x, alpha) Trans(x, d) Rot(z, theta)
 * Trans(z, r)).  Every number is an expression of t, evaluated with its first
 * two derivatives (expr.c's jets), and the products are taken on jets too, so
 * the frame's velocity and acceleration, and its angular velocity and
 * acceleration (w^ = R' R^T, alpha^ = R'' R^T - w^ w^), are exact: a
 * constraint that follows the frame gets the rates of the motion itself, not
 * of a finite difference (whose error would act as a force).
 *
 * SPDX-License-Identifier: BSD-3-Clause */
#include "runner.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef rn_jet jet;

static const char *const ENTRY_KEYS[] = {"translate", "rotate", "angle", "rotation", "dh", NULL};
enum { E_TRANSLATE, E_ROTATE, E_ROTATION, E_DH };

static jet jc(double x)
{
    jet r;
    r.v = x;
    r.d = r.dd = 0.0;
    return r;
}

static jet jmul(jet a, jet b)
{
    jet r;
    r.v = a.v * b.v;
    r.d = a.d * b.v + a.v * b.d;
    r.dd = a.dd * b.v + 2.0 * a.d * b.d + a.v * b.dd;
    return r;
}

static jet jadd(jet a, jet b)
{
    jet r;
    r.v = a.v + b.v;
    r.d = a.d + b.d;
    r.dd = a.dd + b.dd;
    return r;
}

static jet jneg(jet a)
{
    a.v = -a.v;
    a.d = -a.d;
    a.dd = -a.dd;
    return a;
}

static void jcossin(jet th, jet *c, jet *s)
{
    double co = cos(th.v), si = sin(th.v);
    c->v = co;
    c->d = -si * th.d;
    c->dd = -co * th.d * th.d - si * th.dd;
    s->v = si;
    s->d = co * th.d;
    s->dd = -si * th.d * th.d + co * th.dd;
}

/* expression e at t, with t's derivatives 1 and 0 */
static int ev(rn_ctx *ctx, const yaml_node_t *e, double t, jet *v, char *err, size_t len)
{
    int base = ctx->n_vars, st = 0;
    const char *s = rn_scalar(e);
    if (!s) {
        snprintf(err, len, "not an expression");
        return -1;
    }
    if (rn_var_push_jet(ctx, "t", t, 1.0, 0.0)) st = -1;
    if (!st && rn_eval_jet(ctx, s, v, err, len)) st = -1;
    if (!st && !(isfinite(v->v) && isfinite(v->d) && isfinite(v->dd))) {
        snprintf(err, len, "value %g, rates %g, %g: not finite", v->v, v->d, v->dd);
        st = -1;
    }
    while (ctx->n_vars > base) free(ctx->vars[--ctx->n_vars].name);
    return st;
}

/* the kind of entry n (pass 1 reports a mistake; -1) */
static int entry_kind(rn_ctx *ctx, const yaml_node_t *n)
{
    static const char *const kinds[] = {"translate", "rotate", "rotation", "dh"};
    int k, found = -1;
    if (rn_map(ctx, n, "a chain entry (translate, rotate with angle, rotation or dh)", ENTRY_KEYS)) return -1;
    for (k = 0; k < 4; k++)
        if (rn_get(ctx, n, kinds[k])) {
            if (found >= 0) {
                rn_error(ctx, n, "one of translate, rotate, rotation, dh per chain entry", "%s and %s", kinds[found],
                         kinds[k]);
                return -1;
            }
            found = k;
        }
    if (found < 0) rn_error(ctx, n, "a chain entry: translate, rotate (with angle), rotation or dh", "none of them");
    else if ((found == E_ROTATE) != (rn_get(ctx, n, "angle") != NULL))
        rn_error(ctx, n, "rotate and angle together", found == E_ROTATE ? "rotate without angle" : "angle without rotate");
    else return found;
    return -1;
}

/* the axis of a rotate entry: x, y, z or [ax, ay, az] (normalized) */
static int axis_of(rn_ctx *ctx, const yaml_node_t *a, double ax[3])
{
    const char *s = rn_scalar(a);
    ax[0] = ax[1] = ax[2] = 0.0;
    if (s && !s[1] && s[0] >= 'x' && s[0] <= 'z') {
        ax[s[0] - 'x'] = 1.0;
        return 0;
    }
    if (rn_is_seq(a) && rn_seq_len(a) == 3) {
        int i, bad = 0;
        double nrm;
        for (i = 0; i < 3; i++)
            if (rn_value(ctx, rn_seq_item(ctx, a, i), &ax[i])) bad = 1;
        nrm = sqrt(ax[0] * ax[0] + ax[1] * ax[1] + ax[2] * ax[2]);
        if (bad) return -1;
        if (nrm > 0 && isfinite(nrm)) {
            for (i = 0; i < 3; i++) ax[i] /= nrm;
            return 0;
        }
    }
    rn_error(ctx, a, "rotate: x, y, z or a nonzero axis [ax, ay, az] (fixed: numbers or expressions of the parameters)",
             NULL);
    return -1;
}

/* the local transform of entry n at t: rotation M and translation q (in the
 * frame before it); returns -1 (with a message when report) on a mistake */
static int local(rn_ctx *ctx, const yaml_node_t *n, int kind, double t, jet M[9], jet q[3], int report)
{
    static const int NUM[] = {3, 0, 9, 4};
    static const char *const KEY[] = {"translate", "angle", "rotation", "dh"};
    const yaml_node_t *l = rn_get(ctx, n, KEY[kind]);
    jet x[9];
    char err[256];
    int i, cnt = NUM[kind];
    if (kind == E_ROTATE) {
        cnt = 1;
        if (ev(ctx, l, t, &x[0], err, sizeof err)) {
            if (report)
                rn_error(ctx, l, "an angle: an expression of t and the parameters, finite with its rates at t = 0", "%s (%s)",
                         rn_scalar(l) ? rn_scalar(l) : "a list or mapping", err);
            return -1;
        }
    } else {
        if (!rn_is_seq(l) || rn_seq_len(l) != cnt) {
            if (report) {
                char exp[96];
                snprintf(exp, sizeof exp, "%s: a list of %d expressions of t", KEY[kind], cnt);
                rn_error(ctx, l, exp, NULL);
            }
            return -1;
        }
        for (i = 0; i < cnt; i++) {
            const yaml_node_t *e = rn_seq_item(ctx, l, i);
            if (ev(ctx, e, t, &x[i], err, sizeof err)) {
                if (report)
                    rn_error(ctx, e, "an expression of t and the parameters, finite with its rates at t = 0", "%s (%s)",
                             rn_scalar(e) ? rn_scalar(e) : "a list or mapping", err);
                return -1;
            }
        }
    }
    for (i = 0; i < 9; i++) M[i] = jc(i % 4 == 0 ? 1.0 : 0.0);
    for (i = 0; i < 3; i++) q[i] = jc(0.0);
    switch (kind) {
    case E_TRANSLATE:
        for (i = 0; i < 3; i++) q[i] = x[i];
        break;
    case E_ROTATION:
        for (i = 0; i < 9; i++) M[i] = x[i];
        break;
    case E_ROTATE: {
        double a[3];
        jet c, s;
        int j;
        if (axis_of(ctx, rn_get(ctx, n, "rotate"), a)) return -1;
        jcossin(x[0], &c, &s);
        if (a[0] == 1.0 || a[1] == 1.0 || a[2] == 1.0) {
            /* a coordinate axis k: the plain rotation matrix (no round-off of sums) */
            int k = a[0] == 1.0 ? 0 : a[1] == 1.0 ? 1 : 2, u = (k + 1) % 3, w = (k + 2) % 3;
            for (i = 0; i < 9; i++) M[i] = jc(0.0);
            M[4 * k] = jc(1.0);
            M[4 * u] = c;
            M[4 * w] = c;
            M[3 * u + w] = jneg(s);
            M[3 * w + u] = s;
            break;
        }
        /* Rodrigues: c I + s [a]x + (1 - c) a a^T */
        for (i = 0; i < 3; i++)
            for (j = 0; j < 3; j++) {
                jet m = jmul(jc(a[i] * a[j]), jadd(jc(1.0), jneg(c)));
                M[3 * i + j] = i == j ? jadd(c, m) : m;
            }
        M[1] = jadd(M[1], jmul(jc(-a[2]), s));
        M[2] = jadd(M[2], jmul(jc(a[1]), s));
        M[3] = jadd(M[3], jmul(jc(a[2]), s));
        M[5] = jadd(M[5], jmul(jc(-a[0]), s));
        M[6] = jadd(M[6], jmul(jc(-a[1]), s));
        M[7] = jadd(M[7], jmul(jc(a[0]), s));
        break;
    }
    default: {
        /* dh: [alpha, d, theta, r]: Rot(x, alpha) Rot(z, theta); the origin moves by
         * d e_x + r Rot(x, alpha) e_z */
        jet ca, sa, c, s;
        jcossin(x[0], &ca, &sa);
        jcossin(x[2], &c, &s);
        M[0] = c;
        M[1] = jneg(s);
        M[2] = jc(0.0);
        M[3] = jmul(ca, s);
        M[4] = jmul(ca, c);
        M[5] = jneg(sa);
        M[6] = jmul(sa, s);
        M[7] = jmul(sa, c);
        M[8] = ca;
        q[0] = x[1];
        q[1] = jmul(jneg(sa), x[3]);
        q[2] = jmul(ca, x[3]);
        break;
    }
    }
    return 0;
}

int rn_chain_check(rn_ctx *ctx, const yaml_node_t *chain)
{
    int i, bad = 0;
    if (!rn_is_seq(chain) || rn_seq_len(chain) < 1) {
        rn_error(ctx, chain, "chain: a list of transforms (translate, rotate with angle, rotation, dh)", NULL);
        return -1;
    }
    for (i = 0; i < rn_seq_len(chain); i++) {
        const yaml_node_t *n = rn_seq_item(ctx, chain, i);
        jet M[9], q[3];
        int kind = entry_kind(ctx, n);
        if (kind < 0 || local(ctx, n, kind, 0.0, M, q, 1)) bad = 1;
    }
    return bad ? -1 : 0;
}

int rn_chain_eval(rn_ctx *ctx, const yaml_node_t *chain, double t, const double base[3], rn_jet A[9], rn_jet p[3])
{
    int e, i, j, k;
    for (i = 0; i < 9; i++) A[i] = jc(i % 4 == 0 ? 1.0 : 0.0);
    for (i = 0; i < 3; i++) p[i] = jc(base[i]);
    for (e = 0; e < rn_seq_len(chain); e++) {
        const yaml_node_t *n = rn_seq_item(ctx, chain, e);
        jet M[9], q[3], B[9], np[3];
        int kind = entry_kind(ctx, n);
        if (kind < 0 || local(ctx, n, kind, t, M, q, 0)) return -1;
        /* the new origin p + A q, the new axes A M */
        for (i = 0; i < 3; i++) {
            jet s = jmul(A[3 * i], q[0]);
            s = jadd(s, jmul(A[3 * i + 1], q[1]));
            s = jadd(s, jmul(A[3 * i + 2], q[2]));
            np[i] = jadd(p[i], s);
        }
        for (i = 0; i < 3; i++)
            for (j = 0; j < 3; j++) {
                jet s = jc(0.0);
                for (k = 0; k < 3; k++) s = jadd(s, jmul(A[3 * i + k], M[3 * k + j]));
                B[3 * i + j] = s;
            }
        memcpy(A, B, sizeof B);
        memcpy(p, np, sizeof np);
    }
    return 0;
}

/* axial vector of the skew part of S */
static void axial(const double S[9], double w[3])
{
    w[0] = 0.5 * (S[7] - S[5]);
    w[1] = 0.5 * (S[2] - S[6]);
    w[2] = 0.5 * (S[3] - S[1]);
}

void rn_chain_rates(const rn_jet A[9], double omega[3], double alpha[3])
{
    double R[9], Rd[9], Rdd[9], W[9], S[9], WW[9];
    int i, j, k;
    for (i = 0; i < 9; i++) {
        R[i] = A[i].v;
        Rd[i] = A[i].d;
        Rdd[i] = A[i].dd;
    }
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++) {
            double a = 0.0, b = 0.0;
            for (k = 0; k < 3; k++) {
                a += Rd[3 * i + k] * R[3 * j + k];
                b += Rdd[3 * i + k] * R[3 * j + k];
            }
            W[3 * i + j] = a;
            S[3 * i + j] = b;
        }
    axial(W, omega);
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++) {
            double a = 0.0;
            for (k = 0; k < 3; k++) a += W[3 * i + k] * W[3 * k + j];
            WW[3 * i + j] = a;
        }
    for (i = 0; i < 9; i++) S[i] -= WW[i];
    axial(S, alpha);
}
