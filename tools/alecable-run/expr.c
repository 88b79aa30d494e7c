/* alecable-run: arithmetic in model files.
 *
 * A value may be an expression of numbers, the parameters defined above it
 * and, in channels, the channels before it ("R*pi/2", "1e3*s_mid - 5"):
 * the examples derive their geometry from a few parameters, and a model file
 * that repeats their arithmetic reproduces their figures without a copy of
 * each derived number.  Recursive descent over
 *     sum   = prod { (+|-) prod }
 *     prod  = unary { (*|/) unary }
 *     unary = (+|-) unary | power
 *     power = atom [ ^ unary ]
 *     atom  = number | name | name ( cmp {, cmp} ) | ( cmp )
 * with the functions of one argument below, min(a, b), max(a, b),
 * atan2(y, x), cond(c, a, b) (a where c != 0, else b) and stretch(T, EA), the
 * stretch F of the library's axial element under the tension T,
 * EA F (F^2 - 1) / 2 = T (Green-Lagrange strain: not 1 + T/EA), for a cable
 * laid out prestressed.
 *
 * Every value is carried as a jet: the value with its first and second
 * derivatives in t (forward-mode automatic differentiation; a variable brings
 * its own, t its 1 and 0, the parameters 0).  The value is computed by the
 * same operations in the same order whether or not the derivatives are asked
 * for, so rn_eval's doubles are those of a plain evaluator; the derivatives
 * give a kinematic chain's velocities and accelerations exactly (no finite
 * differences).  Where a function has no derivative (floor, ceil, the
 * comparisons) the jet's derivatives are 0; cond, min and max pass on the
 * chosen argument's.
 *
 * SPDX-License-Identifier: BSD-3-Clause */
#include "runner.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

typedef struct parser {
    const rn_ctx *ctx;
    const char *p;
    char *err;
    size_t len;
    int failed;
} parser;

typedef rn_jet jet;

static jet sum(parser *ps);
static jet cmp(parser *ps);

static jet jconst(double x)
{
    jet r;
    r.v = x;
    r.d = r.dd = 0.0;
    return r;
}

/* f(a) from f(a.v), f'(a.v) and f''(a.v) (the chain rule to second order) */
static jet jchain(jet a, double f, double f1, double f2)
{
    jet r;
    r.v = f;
    r.d = a.d != 0.0 || a.dd != 0.0 ? f1 * a.d : 0.0;
    r.dd = a.d != 0.0 || a.dd != 0.0 ? f2 * a.d * a.d + f1 * a.dd : 0.0;
    return r;
}

static int jvar(jet a)
{
    return a.d != 0.0 || a.dd != 0.0;
}

static jet jmul(jet a, jet b)
{
    jet r;
    r.v = a.v * b.v;
    r.d = a.d * b.v + a.v * b.d;
    r.dd = a.dd * b.v + 2.0 * a.d * b.d + a.v * b.dd;
    return r;
}

static jet jdiv(jet a, jet b)
{
    jet r;
    r.v = a.v / b.v;
    if (!jvar(a) && !jvar(b)) {
        r.d = r.dd = 0.0;
        return r;
    }
    r.d = (a.d - r.v * b.d) / b.v;
    r.dd = (a.dd - 2.0 * r.d * b.d - r.v * b.dd) / b.v;
    return r;
}

static jet jpow(jet a, jet b)
{
    jet r;
    r.v = pow(a.v, b.v);
    if (!jvar(b)) {
        /* a constant exponent: a^b of a negative a with a whole b too */
        if (!jvar(a)) return jconst(r.v);
        return jchain(a, r.v, b.v * pow(a.v, b.v - 1.0), b.v * (b.v - 1.0) * pow(a.v, b.v - 2.0));
    }
    {
        /* a^b = exp(b log a), a > 0 */
        jet l = jchain(a, log(a.v), 1.0 / a.v, -1.0 / (a.v * a.v)), u = jmul(b, l);
        r.d = r.v * u.d;
        r.dd = r.v * (u.dd + u.d * u.d);
    }
    return r;
}

/* F with EA F (F^2 - 1) / 2 = T, by Newton's method from F = 1 (the energy is
 * convex in F > 1/sqrt(3), where it stays for T >= 0); a fixed number of
 * iterations, so that the same T gives the same F wherever it is computed */
static double stretch(double T, double EA)
{
    double F = 1.0;
    int k;
    for (k = 0; k < 50; k++) F -= (0.5 * EA * F * (F * F - 1.0) - T) / (0.5 * EA * (3.0 * F * F - 1.0));
    return F;
}

static void fail(parser *ps, const char *msg, const char *at)
{
    if (ps->failed) return;
    ps->failed = 1;
    if (*at) snprintf(ps->err, ps->len, "%s at '%.20s'", msg, at);
    else snprintf(ps->err, ps->len, "%s at the end", msg);
}

static void skip(parser *ps)
{
    while (isspace((unsigned char)*ps->p)) ps->p++;
}

/* the functions of one argument with their first two derivatives */
static jet call(parser *ps, const char *name, jet a)
{
    double x = a.v;
    if (!strcmp(name, "sqrt")) {
        double r = sqrt(x);
        return jchain(a, r, 0.5 / r, -0.25 / (r * x));
    }
    if (!strcmp(name, "sin")) return jchain(a, sin(x), cos(x), -sin(x));
    if (!strcmp(name, "cos")) return jchain(a, cos(x), -sin(x), -cos(x));
    if (!strcmp(name, "tan")) {
        double r = tan(x);
        return jchain(a, r, 1.0 + r * r, 2.0 * r * (1.0 + r * r));
    }
    if (!strcmp(name, "exp")) {
        double r = exp(x);
        return jchain(a, r, r, r);
    }
    if (!strcmp(name, "log")) return jchain(a, log(x), 1.0 / x, -1.0 / (x * x));
    if (!strcmp(name, "abs")) return jchain(a, fabs(x), x < 0.0 ? -1.0 : 1.0, 0.0);
    if (!strcmp(name, "asin") || !strcmp(name, "acos")) {
        double q = 1.0 - x * x, f1 = 1.0 / sqrt(q), f2 = x / (q * sqrt(q));
        if (name[1] == 's') return jchain(a, asin(x), f1, f2);
        return jchain(a, acos(x), -f1, -f2);
    }
    if (!strcmp(name, "atan")) {
        double q = 1.0 + x * x;
        return jchain(a, atan(x), 1.0 / q, -2.0 * x / (q * q));
    }
    if (!strcmp(name, "floor")) return jconst(floor(x));
    if (!strcmp(name, "ceil")) return jconst(ceil(x));
    fail(ps, "unknown function", name);
    return jconst(0.0);
}

/* atan2(y, x) with d = (x y' - y x') / (x^2 + y^2) and its derivative */
static jet jatan2(jet y, jet x)
{
    jet r;
    double D, N, N1, D1;
    r.v = atan2(y.v, x.v);
    if (!jvar(y) && !jvar(x)) {
        r.d = r.dd = 0.0;
        return r;
    }
    D = x.v * x.v + y.v * y.v;
    N = x.v * y.d - y.v * x.d;
    N1 = x.v * y.dd - y.v * x.dd;
    D1 = 2.0 * (x.v * x.d + y.v * y.d);
    r.d = N / D;
    r.dd = (N1 * D - N * D1) / (D * D);
    return r;
}

static jet atom(parser *ps)
{
    skip(ps);
    if (*ps->p == '(') {
        jet v;
        ps->p++;
        v = cmp(ps);
        skip(ps);
        if (*ps->p != ')') fail(ps, "missing ')'", ps->p);
        else ps->p++;
        return v;
    }
    if (isdigit((unsigned char)*ps->p) || *ps->p == '.') {
        char *end;
        double v = strtod(ps->p, &end);
        if (end == ps->p) fail(ps, "bad number", ps->p);
        ps->p = end;
        return jconst(v);
    }
    if (isalpha((unsigned char)*ps->p) || *ps->p == '_') {
        char name[64];
        size_t n = 0;
        const char *start = ps->p;
        const rn_var *var;
        jet r;
        while ((isalnum((unsigned char)*ps->p) || *ps->p == '_') && n + 1 < sizeof name) name[n++] = *ps->p++;
        name[n] = '\0';
        skip(ps);
        if (*ps->p == '(') {
            jet arg[3];
            int n = 0;
            ps->p++;
            for (;;) {
                jet v = cmp(ps);
                if (n < 3) arg[n] = v;
                n++;
                skip(ps);
                if (*ps->p != ',') break;
                ps->p++;
            }
            if (*ps->p != ')') fail(ps, "missing ')'", ps->p);
            else ps->p++;
            if (n == 1) return call(ps, name, arg[0]);
            if (n == 2 && !strcmp(name, "min")) return arg[0].v < arg[1].v ? arg[0] : arg[1];
            if (n == 2 && !strcmp(name, "max")) return arg[0].v > arg[1].v ? arg[0] : arg[1];
            if (n == 2 && !strcmp(name, "atan2")) return jatan2(arg[0], arg[1]);
            if (n == 2 && !strcmp(name, "stretch")) {
                /* F(T) with EA fixed: g(F) = EA F (F^2 - 1)/2 = T, F' = T'/g'(F),
                 * F'' = (T'' - g''(F) F'^2)/g'(F) */
                double F = stretch(arg[0].v, arg[1].v), g1, g2;
                if (jvar(arg[1])) {
                    fail(ps, "stretch(T, EA) of an EA that changes in t", start);
                    return jconst(0.0);
                }
                g1 = 0.5 * arg[1].v * (3.0 * F * F - 1.0);
                g2 = 3.0 * arg[1].v * F;
                r.v = F;
                r.d = jvar(arg[0]) ? arg[0].d / g1 : 0.0;
                r.dd = jvar(arg[0]) ? (arg[0].dd - g2 * r.d * r.d) / g1 : 0.0;
                return r;
            }
            if (n == 3 && !strcmp(name, "cond")) return arg[0].v != 0.0 ? arg[1] : arg[2];
            fail(ps, "unknown function of that many arguments", start);
            return jconst(0.0);
        }
        if (!strcmp(name, "pi")) return jconst(M_PI);
        var = rn_var_find(ps->ctx, name);
        if (!var) {
            char msg[128];
            snprintf(msg, sizeof msg, "unknown name '%s' (not a parameter defined above)", name);
            fail(ps, msg, start);
            return jconst(0.0);
        }
        r.v = var->value;
        r.d = var->d;
        r.dd = var->dd;
        return r;
    }
    fail(ps, "expected a number, a name or '('", ps->p);
    return jconst(0.0);
}

static jet unary(parser *ps);

static jet power(parser *ps)
{
    jet b = atom(ps);
    skip(ps);
    if (*ps->p == '^') {
        ps->p++;
        return jpow(b, unary(ps));
    }
    return b;
}

static jet unary(parser *ps)
{
    skip(ps);
    if (*ps->p == '-') {
        jet v;
        ps->p++;
        v = unary(ps);
        v.v = -v.v;
        v.d = -v.d;
        v.dd = -v.dd;
        return v;
    }
    if (*ps->p == '+') {
        ps->p++;
        return unary(ps);
    }
    return power(ps);
}

static jet prod(parser *ps)
{
    jet v = unary(ps);
    for (;;) {
        skip(ps);
        if (*ps->p == '*') {
            ps->p++;
            v = jmul(v, unary(ps));
        } else if (*ps->p == '/') {
            ps->p++;
            v = jdiv(v, unary(ps));
        } else {
            return v;
        }
    }
}

static jet sum(parser *ps)
{
    jet v = prod(ps);
    for (;;) {
        skip(ps);
        if (*ps->p == '+' || *ps->p == '-') {
            int minus = *ps->p == '-';
            jet b;
            ps->p++;
            b = prod(ps);
            if (minus) {
                v.v -= b.v;
                v.d -= b.d;
                v.dd -= b.dd;
            } else {
                v.v += b.v;
                v.d += b.d;
                v.dd += b.dd;
            }
        } else {
            return v;
        }
    }
}

static jet cmp(parser *ps)
{
    static const char *const ops[] = {"<=", ">=", "==", "!=", "<", ">"};
    jet a = sum(ps);
    double b;
    size_t i;
    skip(ps);
    if (!*ps->p || !strchr("<>=!", *ps->p)) return a;
    for (i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (!strncmp(ps->p, ops[i], strlen(ops[i]))) break;
    if (i == sizeof ops / sizeof ops[0]) return a;
    ps->p += strlen(ops[i]);
    b = sum(ps).v;
    switch (i) {
    case 0: return jconst(a.v <= b);
    case 1: return jconst(a.v >= b);
    case 2: return jconst(a.v == b);
    case 3: return jconst(a.v != b);
    case 4: return jconst(a.v < b);
    default: return jconst(a.v > b);
    }
}

int rn_eval_jet(const rn_ctx *ctx, const char *text, rn_jet *v, char *err, size_t len)
{
    parser ps;
    jet x;
    ps.ctx = ctx;
    ps.p = text;
    ps.err = err;
    ps.len = len;
    ps.failed = 0;
    x = cmp(&ps);
    skip(&ps);
    if (!ps.failed && *ps.p) fail(&ps, "unexpected text", ps.p);
    if (ps.failed) return -1;
    *v = x;
    return 0;
}

int rn_eval(const rn_ctx *ctx, const char *text, double *v, char *err, size_t len)
{
    jet x;
    if (rn_eval_jet(ctx, text, &x, err, len)) return -1;
    *v = x.v;
    return 0;
}

const rn_var *rn_var_find(const rn_ctx *ctx, const char *name)
{
    int i;
    /* the first character first: motions and motors are evaluated at every
     * call of the library, and the search is most of their cost */
    for (i = ctx->n_vars - 1; i >= 0; i--)
        if (ctx->vars[i].name[0] == name[0] && !strcmp(ctx->vars[i].name, name)) return &ctx->vars[i];
    return NULL;
}

int rn_var_set(rn_ctx *ctx, const char *name, double value)
{
    int i;
    for (i = 0; i < ctx->n_vars; i++)
        if (!strcmp(ctx->vars[i].name, name)) {
            ctx->vars[i].value = value;
            return 0;
        }
    return rn_var_push(ctx, name, value);
}

int rn_var_push(rn_ctx *ctx, const char *name, double value)
{
    return rn_var_push_jet(ctx, name, value, 0.0, 0.0);
}

int rn_var_push_jet(rn_ctx *ctx, const char *name, double value, double d, double dd)
{
    if (ctx->n_vars == ctx->cap_vars) {
        int cap = ctx->cap_vars ? 2 * ctx->cap_vars : 32;
        rn_var *nv = (rn_var *)realloc(ctx->vars, (size_t)cap * sizeof *nv);
        if (!nv) return -1;
        ctx->vars = nv;
        ctx->cap_vars = cap;
    }
    ctx->vars[ctx->n_vars].name = (char *)malloc(strlen(name) + 1);
    if (!ctx->vars[ctx->n_vars].name) return -1;
    strcpy(ctx->vars[ctx->n_vars].name, name);
    ctx->vars[ctx->n_vars].value = value;
    ctx->vars[ctx->n_vars].d = d;
    ctx->vars[ctx->n_vars].dd = dd;
    ctx->n_vars++;
    return 0;
}
