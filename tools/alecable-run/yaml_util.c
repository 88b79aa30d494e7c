/* alecable-run: typed reading of the YAML document with a message at the
 * line and column of every mistake.
 *
 * libyaml's document API keeps the start mark of every node, so a value that
 * is wrong is reported where it stands in the file, and a missing key at the
 * mapping that lacks it.
 *
 * SPDX-License-Identifier: BSD-3-Clause */
#include "runner.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void report_mark(rn_ctx *ctx, yaml_mark_t mark)
{
    fprintf(stderr, "%s:%lu:%lu: ", ctx->file, (unsigned long)mark.line + 1, (unsigned long)mark.column + 1);
}

void rn_error_at(rn_ctx *ctx, yaml_mark_t mark, const char *fmt, ...)
{
    va_list ap;
    ctx->errors++;
    if (ctx->errors > RN_MAX_ERRORS) return;
    report_mark(ctx, mark);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    if (ctx->errors == RN_MAX_ERRORS) fprintf(stderr, "%s: too many errors, the rest are not shown\n", ctx->file);
}

const char *rn_describe(const yaml_node_t *n, char *buf, size_t len)
{
    if (!n) {
        snprintf(buf, len, "nothing");
    } else if (n->type == YAML_SCALAR_NODE) {
        const char *s = (const char *)n->data.scalar.value;
        if (!*s) snprintf(buf, len, "an empty value");
        else snprintf(buf, len, "'%.60s%s'", s, strlen(s) > 60 ? "..." : "");
    } else if (n->type == YAML_SEQUENCE_NODE) {
        snprintf(buf, len, "a list of %d", rn_seq_len(n));
    } else {
        snprintf(buf, len, "a mapping");
    }
    return buf;
}

void rn_error(rn_ctx *ctx, const yaml_node_t *n, const char *expected, const char *fmt_got, ...)
{
    char got[256];
    ctx->errors++;
    if (ctx->errors > RN_MAX_ERRORS) return;
    if (fmt_got) {
        va_list ap;
        va_start(ap, fmt_got);
        vsnprintf(got, sizeof got, fmt_got, ap);
        va_end(ap);
    } else {
        rn_describe(n, got, sizeof got);
    }
    /* no node: a key that is missing from the entry being read */
    if (n) report_mark(ctx, n->start_mark);
    else if (ctx->entry) report_mark(ctx, ctx->entry->start_mark);
    else fprintf(stderr, "%s: ", ctx->file);
    if (!n && !fmt_got) snprintf(got, sizeof got, "%s", ctx->entry ? "an entry without it" : "nothing");
    fprintf(stderr, "expected %s, got %s\n", expected, got);
    if (ctx->errors == RN_MAX_ERRORS) fprintf(stderr, "%s: too many errors, the rest are not shown\n", ctx->file);
}

yaml_node_t *rn_node(rn_ctx *ctx, int id) { return yaml_document_get_node(&ctx->doc, id); }
yaml_node_t *rn_root(rn_ctx *ctx) { return yaml_document_get_root_node(&ctx->doc); }

const char *rn_scalar(const yaml_node_t *n)
{
    return n && n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value : NULL;
}

int rn_is_seq(const yaml_node_t *n) { return n && n->type == YAML_SEQUENCE_NODE; }

int rn_seq_len(const yaml_node_t *n)
{
    return rn_is_seq(n) ? (int)(n->data.sequence.items.top - n->data.sequence.items.start) : 0;
}

yaml_node_t *rn_seq_item(rn_ctx *ctx, const yaml_node_t *n, int i)
{
    return rn_node(ctx, n->data.sequence.items.start[i]);
}

int rn_map(rn_ctx *ctx, const yaml_node_t *n, const char *what, const char *const allowed[])
{
    yaml_node_pair_t *p, *q;
    char exp[512];
    if (!n || n->type != YAML_MAPPING_NODE) {
        snprintf(exp, sizeof exp, "a mapping (key: value lines) for %s", what);
        rn_error(ctx, n, exp, NULL);
        return -1;
    }
    for (p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
        yaml_node_t *k = rn_node(ctx, p->key);
        const char *key = rn_scalar(k);
        int i, known = 0;
        if (!key) {
            rn_error(ctx, k, "a plain key", NULL);
            continue;
        }
        /* 'if' is a key of every entry (rn_skip) */
        known = !strcmp(key, "if");
        for (i = 0; allowed[i]; i++)
            if (!strcmp(key, allowed[i])) known = 1;
        if (!known) {
            size_t len = 0;
            len += (size_t)snprintf(exp, sizeof exp, "a key of %s (", what);
            for (i = 0; allowed[i] && len < sizeof exp; i++)
                len += (size_t)snprintf(exp + len, sizeof exp - len, "%s%s", i ? ", " : "", allowed[i]);
            if (len < sizeof exp) snprintf(exp + len, sizeof exp - len, ")");
            rn_error(ctx, k, exp, "unknown key '%s'", key);
            continue;
        }
        for (q = n->data.mapping.pairs.start; q < p; q++) {
            const char *prev = rn_scalar(rn_node(ctx, q->key));
            if (prev && !strcmp(prev, key)) {
                rn_error(ctx, k, "each key once in a mapping", "'%s' a second time (first at line %lu, column %lu)", key,
                         (unsigned long)rn_node(ctx, q->key)->start_mark.line + 1,
                         (unsigned long)rn_node(ctx, q->key)->start_mark.column + 1);
                break;
            }
        }
    }
    return 0;
}

yaml_node_t *rn_get(rn_ctx *ctx, const yaml_node_t *n, const char *key)
{
    yaml_node_pair_t *p;
    if (!n || n->type != YAML_MAPPING_NODE) return NULL;
    for (p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
        const char *k = rn_scalar(rn_node(ctx, p->key));
        if (k && !strcmp(k, key)) return rn_node(ctx, p->value);
    }
    return NULL;
}

/* a missing required key is reported at its mapping */
static int missing(rn_ctx *ctx, const yaml_node_t *map, const char *key, int flags)
{
    if (flags & RN_REQ) {
        char exp[128];
        snprintf(exp, sizeof exp, "the key '%s'", key);
        rn_error(ctx, map, exp, "a mapping without it");
        return -1;
    }
    return 0;
}

int rn_value(rn_ctx *ctx, const yaml_node_t *n, double *v)
{
    const char *s = rn_scalar(n);
    char *end, err[256];
    if (!s || !*s) {
        rn_error(ctx, n, "a number", NULL);
        return -1;
    }
    *v = strtod(s, &end);
    if (end != s && *end == '\0' && isfinite(*v)) return 0;
    if (rn_eval(ctx, s, v, err, sizeof err)) {
        /* a plain scalar with an open parenthesis was most likely cut at a
         * comma of a flow list or mapping: say so */
        int cut = n->data.scalar.style == YAML_PLAIN_SCALAR_STYLE && strchr(s, '(') && !strchr(s, ')');
        rn_error(ctx, n, "a number or an expression", "'%s' (%s%s)", s, err,
                 cut ? "; in [ ] or { }, quote an expression that has commas" : "");
        return -1;
    }
    if (!isfinite(*v)) {
        rn_error(ctx, n, "a finite number", "'%s' = %g", s, *v);
        return -1;
    }
    return 0;
}

static int range(rn_ctx *ctx, const yaml_node_t *n, const char *key, double v, int flags)
{
    const char *need = (flags & RN_POS) ? "> 0" : (flags & RN_NONNEG) ? ">= 0" : (flags & RN_NOT0) ? "!= 0" : NULL;
    if (!need) return 0;
    if (((flags & RN_POS) && !(v > 0)) || ((flags & RN_NONNEG) && !(v >= 0)) || ((flags & RN_NOT0) && v == 0)) {
        char exp[160];
        snprintf(exp, sizeof exp, "%s %s", key, need);
        if (rn_scalar(n) && strtod(rn_scalar(n), NULL) == v) rn_error(ctx, n, exp, NULL); /* as written */
        else rn_error(ctx, n, exp, "'%s' = %.17g", rn_scalar(n) ? rn_scalar(n) : "", v);
        return -1;
    }
    return 0;
}

int rn_num(rn_ctx *ctx, const yaml_node_t *map, const char *key, double *v, int flags)
{
    yaml_node_t *n = rn_get(ctx, map, key);
    double x;
    if (!n) return missing(ctx, map, key, flags);
    if (rn_value(ctx, n, &x)) return -1;
    if (range(ctx, n, key, x, flags)) return -1;
    *v = x;
    return 1;
}

int rn_int(rn_ctx *ctx, const yaml_node_t *map, const char *key, int *v, int flags, int min)
{
    yaml_node_t *n = rn_get(ctx, map, key);
    double x;
    if (!n) return missing(ctx, map, key, flags);
    if (rn_value(ctx, n, &x)) return -1;
    if (x != floor(x) || fabs(x) > 1e9) {
        rn_error(ctx, n, "a whole number", NULL);
        return -1;
    }
    if (x < min) {
        char exp[160];
        snprintf(exp, sizeof exp, "%s >= %d", key, min);
        rn_error(ctx, n, exp, "%d", (int)x);
        return -1;
    }
    *v = (int)x;
    return 1;
}

int rn_bool(rn_ctx *ctx, const yaml_node_t *map, const char *key, int *v, int flags)
{
    yaml_node_t *n = rn_get(ctx, map, key);
    const char *s;
    char err[256];
    double x;
    if (!n) return missing(ctx, map, key, flags);
    s = rn_scalar(n);
    /* an expression of the parameters giving 0 or 1 (a switch set with --set) */
    if (s && *s && strcmp(s, "1") && strcmp(s, "0") && !rn_eval(ctx, s, &x, err, sizeof err) && (x == 0.0 || x == 1.0)) {
        *v = (int)x;
        return 1;
    }
    if (s && (!strcmp(s, "true") || !strcmp(s, "yes") || !strcmp(s, "on") || !strcmp(s, "1"))) {
        *v = 1;
        return 1;
    }
    if (s && (!strcmp(s, "false") || !strcmp(s, "no") || !strcmp(s, "off") || !strcmp(s, "0"))) {
        *v = 0;
        return 1;
    }
    rn_error(ctx, n, "true or false", NULL);
    return -1;
}

int rn_vec(rn_ctx *ctx, const yaml_node_t *map, const char *key, double *v, int n, int flags)
{
    yaml_node_t *s = rn_get(ctx, map, key);
    double tmp[16];
    int i, bad = 0;
    if (!s) return missing(ctx, map, key, flags);
    if (!rn_is_seq(s) || rn_seq_len(s) != n) {
        char exp[128];
        snprintf(exp, sizeof exp, "a list of %d numbers for %s", n, key);
        rn_error(ctx, s, exp, NULL);
        return -1;
    }
    for (i = 0; i < n && i < 16; i++)
        if (rn_value(ctx, rn_seq_item(ctx, s, i), &tmp[i])) bad = 1;
    if (bad) return -1;
    for (i = 0; i < n && i < 16; i++) v[i] = tmp[i];
    return 1;
}

int rn_str(rn_ctx *ctx, const yaml_node_t *map, const char *key, const char **v, int flags)
{
    yaml_node_t *n = rn_get(ctx, map, key);
    const char *s;
    if (!n) return missing(ctx, map, key, flags);
    s = rn_scalar(n);
    if (!s || !*s) {
        char exp[128];
        snprintf(exp, sizeof exp, "a name or text for %s", key);
        rn_error(ctx, n, exp, NULL);
        return -1;
    }
    *v = s;
    return 1;
}

int rn_enum(rn_ctx *ctx, const yaml_node_t *map, const char *key, int *v, const char *const names[],
            const int values[], int flags)
{
    yaml_node_t *n = rn_get(ctx, map, key);
    const char *s;
    int i;
    if (!n) return missing(ctx, map, key, flags);
    s = rn_scalar(n);
    for (i = 0; s && names[i]; i++)
        if (!strcmp(s, names[i])) {
            *v = values[i];
            return 1;
        }
    {
        char exp[512];
        size_t len = (size_t)snprintf(exp, sizeof exp, "%s: one of ", key);
        for (i = 0; names[i] && len < sizeof exp; i++)
            len += (size_t)snprintf(exp + len, sizeof exp - len, "%s%s", i ? ", " : "", names[i]);
        rn_error(ctx, n, exp, NULL);
    }
    return -1;
}

int rn_skip(rn_ctx *ctx, const yaml_node_t *n)
{
    yaml_node_t *c = rn_get(ctx, n, "if");
    double v;
    if (!c) return 0;
    if (rn_value(ctx, c, &v)) return 0;
    return v == 0.0;
}

static const char *const DOF_NAMES[] = {"x", "y", "z", "s", "dx", "dy", "dz", "rx", "ry", "rz", "roll", NULL};
static const int DOF_VALUES[] = {ALECABLE_DOF_X,  ALECABLE_DOF_Y,  ALECABLE_DOF_Z,  ALECABLE_DOF_S,
                                 ALECABLE_DOF_DX, ALECABLE_DOF_DY, ALECABLE_DOF_DZ, ALECABLE_DOF_RX,
                                 ALECABLE_DOF_RY, ALECABLE_DOF_RZ, ALECABLE_DOF_ROLL};

/* a dof's name */
int rn_dof(rn_ctx *ctx, const yaml_node_t *n, int *dof)
{
    const char *s = rn_scalar(n);
    int i;
    for (i = 0; s && DOF_NAMES[i]; i++)
        if (!strcmp(s, DOF_NAMES[i])) {
            *dof = DOF_VALUES[i];
            return 0;
        }
    rn_error(ctx, n, "a dof: x, y, z, s, dx, dy, dz, rx, ry, rz or roll", NULL);
    return -1;
}

/* the entry's type: the value of its 'type' key among names (at most 16) */
int rn_entry_type(rn_ctx *ctx, const yaml_node_t *n, const char *what, const char *const names[])
{
    int v = -1;
    static const int idx[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
    ctx->entry = n;
    if (!n || n->type != YAML_MAPPING_NODE) {
        char exp[160];
        snprintf(exp, sizeof exp, "a mapping for an entry of %s", what);
        rn_error(ctx, n, exp, NULL);
        return -1;
    }
    if (rn_enum(ctx, n, "type", &v, names, idx, RN_REQ) != 1) return -1;
    return v;
}
