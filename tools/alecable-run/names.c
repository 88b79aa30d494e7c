/* alecable-run: the model file's names (cables, nodes, bodies, joints,
 * constraints) and references to them ("rope.3", "rope.-1", "rope.2..20",
 * "mid", "pulley").
 *
 * The first pass declares every name and checks every reference; the second
 * finds the same entries again and fills in the library's handles.
 *
 * SPDX-License-Identifier: BSD-3-Clause */
#include "runner.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *dup(const char *s)
{
    char *d = (char *)malloc(strlen(s) + 1);
    if (d) strcpy(d, s);
    return d;
}

rn_cable *rn_cable_find(rn_ctx *ctx, const char *name)
{
    int i;
    for (i = 0; i < ctx->n_cables; i++)
        if (!strcmp(ctx->cables[i].name, name)) return &ctx->cables[i];
    return NULL;
}

rn_object *rn_object_find(rn_ctx *ctx, const char *name)
{
    int i;
    for (i = 0; i < ctx->n_objs; i++)
        if (!strcmp(ctx->objs[i].name, name)) return &ctx->objs[i];
    return NULL;
}

static int named_node(rn_ctx *ctx, const char *name, rn_cable **c, int *index)
{
    int i, j;
    for (i = 0; i < ctx->n_cables; i++)
        for (j = 0; j < ctx->cables[i].n_names; j++)
            if (!strcmp(ctx->cables[i].names[j].name, name)) {
                *c = &ctx->cables[i];
                *index = ctx->cables[i].names[j].index;
                return 1;
            }
    return 0;
}

/* where a name is already used (line), or 0 */
int rn_name_used(rn_ctx *ctx, const char *name, unsigned long *line)
{
    rn_cable *c;
    rn_object *o;
    int idx;
    if ((c = rn_cable_find(ctx, name))) {
        *line = (unsigned long)c->mark.line + 1;
        return 1;
    }
    if ((o = rn_object_find(ctx, name))) {
        *line = (unsigned long)o->mark.line + 1;
        return 1;
    }
    if (named_node(ctx, name, &c, &idx)) {
        *line = 0;
        return 1;
    }
    return 0;
}

/* a new name must be a word that cannot be read as a node reference */
int rn_check_name(rn_ctx *ctx, const yaml_node_t *n)
{
    const char *s = rn_scalar(n), *p;
    unsigned long line;
    if (!s || !*s) {
        rn_error(ctx, n, "a name", NULL);
        return -1;
    }
    for (p = s; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9' && p > s) || *p == '_')) {
            rn_error(ctx, n, "a name of letters, digits and '_' (not starting with a digit)", NULL);
            return -1;
        }
    if (!strcmp(s, "pi")) {
        rn_error(ctx, n, "a name other than pi", NULL);
        return -1;
    }
    if (rn_name_used(ctx, s, &line)) {
        if (line) rn_error(ctx, n, "a new name", "'%s', already used at line %lu", s, line);
        else rn_error(ctx, n, "a new name", "'%s', already a node's name", s);
        return -1;
    }
    return 0;
}

rn_object *rn_declare(rn_ctx *ctx, const yaml_node_t *name_node, const char *name, int what, int type)
{
    rn_object *o;
    if (ctx->build) {
        o = name ? rn_object_find(ctx, name) : NULL;
        return o;
    }
    if (name && rn_check_name(ctx, name_node)) return NULL;
    if (!name) return NULL;
    if (ctx->n_objs == ctx->cap_objs) {
        int cap = ctx->cap_objs ? 2 * ctx->cap_objs : 16;
        rn_object *no = (rn_object *)realloc(ctx->objs, (size_t)cap * sizeof *no);
        if (!no) return NULL;
        ctx->objs = no;
        ctx->cap_objs = cap;
    }
    o = &ctx->objs[ctx->n_objs++];
    memset(o, 0, sizeof *o);
    o->name = dup(name);
    o->what = what;
    o->type = type;
    o->mark = name_node->start_mark;
    return o;
}

int rn_add_cable(rn_ctx *ctx, const yaml_node_t *name_node, const char *name)
{
    rn_cable *nc;
    if (rn_check_name(ctx, name_node)) return -1;
    nc = (rn_cable *)realloc(ctx->cables, (size_t)(ctx->n_cables + 1) * sizeof *nc);
    if (!nc) return -1;
    ctx->cables = nc;
    nc = &ctx->cables[ctx->n_cables++];
    memset(nc, 0, sizeof *nc);
    nc->name = dup(name);
    nc->mark = name_node->start_mark;
    return 0;
}

int rn_add_node_name(rn_ctx *ctx, rn_cable *c, const yaml_node_t *name_node, int index)
{
    rn_named_node *nn;
    if (rn_check_name(ctx, name_node)) return -1;
    nn = (rn_named_node *)realloc(c->names, (size_t)(c->n_names + 1) * sizeof *nn);
    if (!nn) return -1;
    c->names = nn;
    c->names[c->n_names].name = dup(rn_scalar(name_node));
    c->names[c->n_names].index = index;
    c->n_names++;
    return 0;
}

/* "cable.i" with i counted from the end when negative */
static int split_ref(const char *s, char *cable, size_t len, const char **rest)
{
    const char *dot = strchr(s, '.');
    size_t n;
    if (!dot) return 0;
    n = (size_t)(dot - s);
    if (n == 0 || n + 1 > len) return 0;
    memcpy(cable, s, n);
    cable[n] = '\0';
    *rest = dot + 1;
    return 1;
}

static int parse_index(const char *s, const char **end, int *v)
{
    char *e;
    long x = strtol(s, &e, 10);
    if (e == s) return -1;
    *end = e;
    *v = (int)x;
    return 0;
}

static const char *const REF_EXPECT =
    "a node: CABLE.INDEX (from 0; -1 the last), a node's name or a body's name";

int rn_node_ref(rn_ctx *ctx, const yaml_node_t *n, alecable_node **out)
{
    const char *s = rn_scalar(n), *rest, *end;
    char cname[128];
    rn_cable *c;
    rn_object *o;
    int index;
    if (out) *out = NULL;
    if (n && n->type == YAML_MAPPING_NODE) { /* {cable: C, index: EXPR}: an index computed from the parameters */
        static const char *const keys[] = {"cable", "index", NULL};
        double v = 0;
        if (rn_map(ctx, n, "a node {cable, index}", keys)) return -1;
        if (!(c = rn_cable_ref(ctx, rn_get(ctx, n, "cable")))) return -1;
        if (rn_num(ctx, n, "index", &v, RN_REQ) < 0) return -1;
        if (v != floor(v) || fabs(v) > 1e9) {
            rn_error(ctx, rn_get(ctx, n, "index"), "an integer node index", "%.17g", v);
            return -1;
        }
        index = (int)v;
    } else if (!s || !*s) {
        rn_error(ctx, n, REF_EXPECT, NULL);
        return -1;
    } else if (split_ref(s, cname, sizeof cname, &rest)) {
        c = rn_cable_find(ctx, cname);
        if (!c) {
            rn_error(ctx, n, "the name of a cable defined above before '.'", "'%s'", cname);
            return -1;
        }
        if (parse_index(rest, &end, &index) || *end) {
            rn_error(ctx, n, REF_EXPECT, NULL);
            return -1;
        }
    } else if (named_node(ctx, s, &c, &index)) {
        /* a node's name */
    } else if ((o = rn_object_find(ctx, s)) && o->what == RN_BODY) {
        if (ctx->build) return rn_lib(ctx, n, alecable_body_node(out, (alecable_body *)o->handle), "body_node");
        return 0;
    } else {
        rn_error(ctx, n, REF_EXPECT, "'%s', which names no node or body defined above", s);
        return -1;
    }
    if (c->unknown_mesh) return -1; /* already reported at its mesh */
    if (index < 0) index += c->n_nodes;
    if (index < 0 || index >= c->n_nodes) {
        char exp[160];
        snprintf(exp, sizeof exp, "a node index of cable %s from %d to %d", c->name, -c->n_nodes, c->n_nodes - 1);
        rn_error(ctx, n, exp, NULL);
        return -1;
    }
    if (ctx->build) return rn_lib(ctx, n, alecable_cable_node(out, c->c, index), "cable_node");
    return 0;
}

/* The nodes a..b of cable c (negative: from the end), for rn_node_list:
 * a range outside the cable is reported at n (show: with the indices as
 * evaluated; else the entry's own text); *bad is set when the library
 * refuses a node.  0, or -1 with nothing allocated. */
static int node_range(rn_ctx *ctx, const yaml_node_t *n, const rn_cable *c, int a, int b, int show,
                      alecable_node ***list, int *cnt, int *bad)
{
    int i;
    if (a < 0) a += c->n_nodes;
    if (b < 0) b += c->n_nodes;
    if (a < 0 || b >= c->n_nodes || b < a) {
        char exp[160];
        snprintf(exp, sizeof exp, "a range of cable %s's nodes 0..%d", c->name, c->n_nodes - 1);
        if (show) rn_error(ctx, n, exp, "%d..%d", a, b);
        else rn_error(ctx, n, exp, NULL);
        return -1;
    }
    *cnt = b - a + 1;
    *list = (alecable_node **)calloc((size_t)*cnt, sizeof **list);
    if (!*list) return -1;
    for (i = 0; i < *cnt && ctx->build; i++)
        if (rn_lib(ctx, n, alecable_cable_node(&(*list)[i], c->c, a + i), "cable_node")) *bad = 1;
    return 0;
}

int rn_node_list(rn_ctx *ctx, const yaml_node_t *n, alecable_node ***out, int *count)
{
    alecable_node **list = NULL;
    int i, cnt = 0, bad = 0;
    *out = NULL;
    *count = 0;
    if (rn_is_seq(n)) {
        cnt = rn_seq_len(n);
        if (cnt == 0) {
            rn_error(ctx, n, "at least one node", NULL);
            return -1;
        }
        list = (alecable_node **)calloc((size_t)cnt, sizeof *list);
        if (!list) return -1;
        for (i = 0; i < cnt; i++)
            if (rn_node_ref(ctx, rn_seq_item(ctx, n, i), &list[i])) bad = 1;
    } else if (n && n->type == YAML_MAPPING_NODE) {
        /* {cable: NAME, first: EXPR, last: EXPR}: a range whose ends are
         * expressions of the parameters (negative: from the end) */
        static const char *const keys[] = {"cable", "first", "last", NULL};
        rn_cable *c;
        int a = 0, b = -1;
        if (rn_map(ctx, n, "a range of nodes", keys)) return -1;
        if (!(c = rn_cable_ref(ctx, rn_get(ctx, n, "cable")))) return -1;
        /* first defaults to 0, last to first (one node) */
        if (rn_int(ctx, n, "first", &a, 0, -1000000000) < 0) return -1;
        b = a;
        if (rn_int(ctx, n, "last", &b, 0, -1000000000) < 0) return -1;
        if (c->unknown_mesh) return -1; /* already reported at its mesh */
        if (node_range(ctx, n, c, a, b, 1, &list, &cnt, &bad)) return -1;
    } else {
        /* CABLE.A..B (inclusive) or CABLE.* */
        const char *s = rn_scalar(n), *rest, *end;
        char cname[128];
        rn_cable *c;
        int a, b;
        static const char *const expect = "a list of nodes, CABLE.FIRST..LAST, CABLE.* or {cable, first, last}";
        if (!s || !split_ref(s, cname, sizeof cname, &rest)) {
            rn_error(ctx, n, expect, NULL);
            return -1;
        }
        if (!(c = rn_cable_find(ctx, cname))) {
            rn_error(ctx, n, "the name of a cable defined above before '.'", "'%s'", cname);
            return -1;
        }
        if (c->unknown_mesh) return -1; /* already reported at its mesh */
        if (!strcmp(rest, "*")) {
            a = 0;
            b = c->n_nodes - 1;
        } else if (parse_index(rest, &end, &a) || strncmp(end, "..", 2) || parse_index(end + 2, &end, &b) || *end) {
            rn_error(ctx, n, expect, NULL);
            return -1;
        }
        if (node_range(ctx, n, c, a, b, 0, &list, &cnt, &bad)) return -1;
    }
    if (bad) {
        free(list);
        return -1;
    }
    *out = list;
    *count = cnt;
    return 0;
}

/* a body by name */
int rn_body_ref(rn_ctx *ctx, const yaml_node_t *n, alecable_body **out)
{
    const char *s = rn_scalar(n);
    rn_object *o = s ? rn_object_find(ctx, s) : NULL;
    if (out) *out = NULL;
    if (!o || o->what != RN_BODY) {
        rn_error(ctx, n, "the name of a body defined above", NULL);
        return -1;
    }
    if (out) *out = (alecable_body *)o->handle;
    return 0;
}

rn_object *rn_joint_ref(rn_ctx *ctx, const yaml_node_t *n, int type, const char *what)
{
    const char *s = rn_scalar(n);
    rn_object *o = s ? rn_object_find(ctx, s) : NULL;
    if (!o || o->what != RN_JOINT || (type >= 0 && o->type != type)) {
        char exp[128];
        snprintf(exp, sizeof exp, "the name of %s defined above", what);
        rn_error(ctx, n, exp, NULL);
        return NULL;
    }
    return o;
}

rn_cable *rn_cable_ref(rn_ctx *ctx, const yaml_node_t *n)
{
    const char *s = rn_scalar(n);
    rn_cable *c = s ? rn_cable_find(ctx, s) : NULL;
    if (!c) rn_error(ctx, n, "the name of a cable defined above", NULL);
    return c;
}

int rn_lib(rn_ctx *ctx, const yaml_node_t *n, int st, const char *call)
{
    if (st == ALECABLE_OK) return 0;
    rn_error_at(ctx, n ? n->start_mark : (yaml_mark_t){0, 0, 0}, "expected an entry the library accepts, got %s from %s: %s",
                alecable_strerror(st), call, ctx->m ? alecable_model_errmsg(ctx->m) : "");
    return -1;
}

void rn_free(rn_ctx *ctx)
{
    int i, j;
    for (i = 0; i < ctx->n_vars; i++) free(ctx->vars[i].name);
    free(ctx->vars);
    for (i = 0; i < ctx->n_cables; i++) {
        for (j = 0; j < ctx->cables[i].n_names; j++) free(ctx->cables[i].names[j].name);
        free(ctx->cables[i].names);
        free(ctx->cables[i].name);
    }
    free(ctx->cables);
    free(ctx->normals);
    for (i = 0; i < ctx->n_objs; i++) {
        free(ctx->objs[i].name);
        free(ctx->objs[i].rows);
    }
    free(ctx->objs);
    alecable_model_destroy(ctx->m);
    rn_free_fns(ctx); /* after the model, which calls them until it is gone */
    if (ctx->have_doc) yaml_document_delete(&ctx->doc);
    memset(ctx, 0, sizeof *ctx);
}
