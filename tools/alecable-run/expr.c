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

static double sum(parser *ps);
static double cmp(parser *ps);

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

static double call(parser *ps, const char *name, double x)
{
    static const struct {
        const char *n;
        double (*f)(double);
    } fn[] = {{"sqrt", sqrt}, {"sin", sin}, {"cos", cos}, {"tan", tan}, {"exp", exp},
              {"log", log},   {"abs", fabs}, {"asin", asin}, {"acos", acos}, {"atan", atan},
              {"floor", floor}, {"ceil", ceil}};
    size_t i;
    for (i = 0; i < sizeof fn / sizeof fn[0]; i++)
        if (!strcmp(name, fn[i].n)) return fn[i].f(x);
    fail(ps, "unknown function", name);
    return 0.0;
}

static double atom(parser *ps)
{
    skip(ps);
    if (*ps->p == '(') {
        double v;
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
        return v;
    }
    if (isalpha((unsigned char)*ps->p) || *ps->p == '_') {
        char name[64];
        size_t n = 0;
        const char *start = ps->p;
        const rn_var *var;
        while ((isalnum((unsigned char)*ps->p) || *ps->p == '_') && n + 1 < sizeof name) name[n++] = *ps->p++;
        name[n] = '\0';
        skip(ps);
        if (*ps->p == '(') {
            double arg[3];
            int n = 0;
            ps->p++;
            for (;;) {
                double v = cmp(ps);
                if (n < 3) arg[n] = v;
                n++;
                skip(ps);
                if (*ps->p != ',') break;
                ps->p++;
            }
            if (*ps->p != ')') fail(ps, "missing ')'", ps->p);
            else ps->p++;
            if (n == 1) return call(ps, name, arg[0]);
            if (n == 2 && !strcmp(name, "min")) return arg[0] < arg[1] ? arg[0] : arg[1];
            if (n == 2 && !strcmp(name, "max")) return arg[0] > arg[1] ? arg[0] : arg[1];
            if (n == 2 && !strcmp(name, "atan2")) return atan2(arg[0], arg[1]);
            if (n == 2 && !strcmp(name, "stretch")) return stretch(arg[0], arg[1]);
            if (n == 3 && !strcmp(name, "cond")) return arg[0] != 0.0 ? arg[1] : arg[2];
            fail(ps, "unknown function of that many arguments", start);
            return 0.0;
        }
        if (!strcmp(name, "pi")) return M_PI;
        var = rn_var_find(ps->ctx, name);
        if (!var) {
            char msg[128];
            snprintf(msg, sizeof msg, "unknown name '%s' (not a parameter defined above)", name);
            fail(ps, msg, start);
            return 0.0;
        }
        return var->value;
    }
    fail(ps, "expected a number, a name or '('", ps->p);
    return 0.0;
}

static double unary(parser *ps);

static double power(parser *ps)
{
    double b = atom(ps);
    skip(ps);
    if (*ps->p == '^') {
        ps->p++;
        return pow(b, unary(ps));
    }
    return b;
}

static double unary(parser *ps)
{
    skip(ps);
    if (*ps->p == '-') {
        ps->p++;
        return -unary(ps);
    }
    if (*ps->p == '+') {
        ps->p++;
        return unary(ps);
    }
    return power(ps);
}

static double prod(parser *ps)
{
    double v = unary(ps);
    for (;;) {
        skip(ps);
        if (*ps->p == '*') {
            ps->p++;
            v *= unary(ps);
        } else if (*ps->p == '/') {
            ps->p++;
            v /= unary(ps);
        } else {
            return v;
        }
    }
}

static double sum(parser *ps)
{
    double v = prod(ps);
    for (;;) {
        skip(ps);
        if (*ps->p == '+') {
            ps->p++;
            v += prod(ps);
        } else if (*ps->p == '-') {
            ps->p++;
            v -= prod(ps);
        } else {
            return v;
        }
    }
}

static double cmp(parser *ps)
{
    static const char *const ops[] = {"<=", ">=", "==", "!=", "<", ">"};
    double a = sum(ps), b;
    size_t i;
    skip(ps);
    if (!*ps->p || !strchr("<>=!", *ps->p)) return a;
    for (i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (!strncmp(ps->p, ops[i], strlen(ops[i]))) break;
    if (i == sizeof ops / sizeof ops[0]) return a;
    ps->p += strlen(ops[i]);
    b = sum(ps);
    switch (i) {
    case 0: return a <= b;
    case 1: return a >= b;
    case 2: return a == b;
    case 3: return a != b;
    case 4: return a < b;
    default: return a > b;
    }
}

int rn_eval(const rn_ctx *ctx, const char *text, double *v, char *err, size_t len)
{
    parser ps;
    double x;
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
    ctx->n_vars++;
    return 0;
}
