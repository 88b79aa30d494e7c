/* alecable-run: the parameters and the cables of a model file: sections,
 * beam properties, and meshes (node, nodes, line and arc entries), onto
 * alecable_cable_create, _add_node, _line, _set_beam, _set_lagrangian and
 * _set_natural_shape.
 *
 * The first pass counts every cable's nodes (so that references to them can
 * be checked) and records their names; the second builds the cables.
 *
 * SPDX-License-Identifier: BSD-3-Clause */
#include "runner.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define B (ctx->build)

/* ---- parameters ---------------------------------------------------------------- */
int rn_parameters(rn_ctx *ctx)
{
    yaml_node_t *n = rn_get(ctx, rn_root(ctx), "parameters");
    yaml_node_pair_t *p;
    int i;
    /* the second pass starts afresh: the first left the channels' names too */
    for (i = 0; i < ctx->n_vars; i++) free(ctx->vars[i].name);
    ctx->n_vars = 0;
    if (n && n->type != YAML_MAPPING_NODE) {
        rn_error(ctx, n, "a mapping of NAME: value under parameters", NULL);
        return -1;
    }
    for (p = n ? n->data.mapping.pairs.start : NULL; n && p < n->data.mapping.pairs.top; p++) {
        yaml_node_t *k = rn_node(ctx, p->key), *v = rn_node(ctx, p->value);
        const char *name = rn_scalar(k), *over = NULL;
        double x = 0.0;
        if (!name || rn_var_find(ctx, name) || !strcmp(name, "pi")) {
            rn_error(ctx, k, "a new parameter name", NULL);
            continue;
        }
        for (i = 0; i < ctx->n_overrides; i++) {
            size_t len = strcspn(ctx->overrides[i], "=");
            if (strlen(name) == len && !strncmp(ctx->overrides[i], name, len)) over = ctx->overrides[i] + len + 1;
        }
        if (over) {
            char err[256];
            if (rn_eval(ctx, over, &x, err, sizeof err)) {
                rn_error(ctx, k, "a number or an expression after --set", "'%s' (%s)", over, err);
                continue;
            }
        } else if (rn_value(ctx, v, &x)) {
            continue;
        }
        rn_var_set(ctx, name, x);
    }
    ctx->n_params = ctx->n_vars;
    if (!ctx->build)
        for (i = 0; i < ctx->n_overrides; i++) {
            size_t len = strcspn(ctx->overrides[i], "=");
            int j, found = 0;
            for (j = 0; j < ctx->n_vars; j++)
                if (strlen(ctx->vars[j].name) == len && !strncmp(ctx->overrides[i], ctx->vars[j].name, len)) found = 1;
            if (!found) {
                fprintf(stderr, "%s: --set %s: no such parameter in the model file\n", ctx->file, ctx->overrides[i]);
                ctx->errors++;
            }
        }
    return 0;
}

/* ---- cables --------------------------------------------------------------------- */
typedef struct mesh_state {
    int have_last;
    double last_x[3], last_s;
} mesh_state;

static int add_node(rn_ctx *ctx, rn_cable *c, mesh_state *ms, const yaml_node_t *at, const double x[3], double s,
                    alecable_node **out)
{
    if (ms->have_last && !(s > ms->last_s)) {
        char exp[128];
        snprintf(exp, sizeof exp, "material coordinates that increase along the cable (last s = %.17g)", ms->last_s);
        rn_error(ctx, at, exp, "s = %.17g", s);
        return -1;
    }
    if (B && rn_lib(ctx, at, alecable_cable_add_node(out, c->c, x, s), "cable_add_node")) return -1;
    if (!B) c->n_nodes++;
    ms->have_last = 1;
    memcpy(ms->last_x, x, sizeof ms->last_x);
    ms->last_s = s;
    return 0;
}

/* a node's roll given as a direction: recorded in pass 2, set by rn_apply_normals */
static int add_normal(rn_ctx *ctx, alecable_node *nd, const double d[3], const yaml_node_t *at)
{
    if (!B) return 0;
    if (ctx->n_normals == ctx->cap_normals) {
        int cap = ctx->cap_normals ? 2 * ctx->cap_normals : 16;
        struct rn_normal *nn = (struct rn_normal *)realloc(ctx->normals, (size_t)cap * sizeof *nn);
        if (!nn) return -1;
        ctx->normals = nn;
        ctx->cap_normals = cap;
    }
    ctx->normals[ctx->n_normals].node = nd;
    memcpy(ctx->normals[ctx->n_normals].d, d, 3 * sizeof *d);
    ctx->normals[ctx->n_normals].at = at;
    ctx->n_normals++;
    return 0;
}

int rn_apply_normals(rn_ctx *ctx)
{
    int i;
    for (i = 0; i < ctx->n_normals; i++) {
        const double *d = ctx->normals[i].d;
        double R[9], ang;
        if (rn_lib(ctx, ctx->normals[i].at, alecable_node_frame(ctx->normals[i].node, R), "node_frame")) return -1;
        /* the angle from the section's t2 (R's second column) to the normal, about t1 */
        ang = atan2(d[0] * R[2] + d[1] * R[5] + d[2] * R[8], d[0] * R[1] + d[1] * R[4] + d[2] * R[7]);
        if (rn_lib(ctx, ctx->normals[i].at, alecable_node_set_roll(ctx->normals[i].node, ang), "node_set_roll"))
            return -1;
    }
    return 0;
}

static int mesh_item(rn_ctx *ctx, rn_cable *c, mesh_state *ms, const yaml_node_t *it)
{
    static const char *const types[] = {"node", "line", "arc", "nodes", NULL};
    static const char *const k_nodes[] = {"type", "count", "first", "x", "s", "ds", "slope", "normal", NULL};
    static const char *const k_node[] = {"type", "name", "x", "s", "slope", "roll", "normal", NULL};
    static const char *const k_line[] = {"type", "from", "to", "s", "elements", NULL};
    static const char *const k_arc[] = {"type", "centre", "radius", "angles", "s", "spacing", "elements", NULL};
    int t = rn_entry_type(ctx, it, "mesh", types), bad = 0;
    if (t < 0) return -1;
    if (t == 0) {
        double x[3] = {0, 0, 0}, s = 0, d[3], roll = 0, nrm[3];
        int has_slope, has_roll, has_normal;
        yaml_node_t *name = rn_get(ctx, it, "name");
        alecable_node *nd = NULL;
        rn_map(ctx, it, "a mesh node", k_node);
        if (rn_vec(ctx, it, "x", x, 3, RN_REQ) < 0) bad = 1;
        if (rn_num(ctx, it, "s", &s, RN_REQ) < 0) bad = 1;
        if ((has_slope = rn_vec(ctx, it, "slope", d, 3, 0)) < 0) bad = 1;
        if ((has_roll = rn_num(ctx, it, "roll", &roll, 0)) < 0) bad = 1;
        if ((has_normal = rn_vec(ctx, it, "normal", nrm, 3, 0)) < 0) bad = 1;
        if (has_normal == 1 && (c->kind != ALECABLE_ELEMENT_KIRCHHOFF || has_roll == 1)) {
            rn_error(ctx, rn_get(ctx, it, "normal"), "normal on a Kirchhoff cable's node without roll", NULL);
            bad = 1;
        }
        if (has_slope == 1 && c->kind == ALECABLE_ELEMENT_AXIAL) {
            rn_error(ctx, rn_get(ctx, it, "slope"), "slope on an ANCF or Kirchhoff cable only", "an axial cable's node");
            bad = 1;
        }
        if (has_roll == 1 && c->kind != ALECABLE_ELEMENT_KIRCHHOFF) {
            rn_error(ctx, rn_get(ctx, it, "roll"), "roll on a Kirchhoff cable only", "a node of another kind");
            bad = 1;
        }
        if (bad) return -1;
        if (name && !B && rn_add_node_name(ctx, c, name, c->n_nodes)) return -1;
        if (add_node(ctx, c, ms, it, x, s, &nd)) return -1;
        if (B && has_slope == 1 && rn_lib(ctx, it, alecable_node_set_slope(nd, d), "node_set_slope")) return -1;
        if (B && has_roll == 1 && rn_lib(ctx, it, alecable_node_set_roll(nd, roll), "node_set_roll")) return -1;
        if (has_normal == 1 && add_normal(ctx, nd, nrm, it)) return -1;
        return 0;
    }
    if (t == 3) {
        /* count nodes from expressions of their index i (first, first + 1, ...)
         * and, in x, of their s: the arithmetic of a program's loop, written
         * as it is there */
        static const char *const xyz[] = {"x", "y", "z", "px", "py", "pz"};
        yaml_node_t *xn = rn_get(ctx, it, "x"), *sn = rn_get(ctx, it, "s"), *dsn = rn_get(ctx, it, "ds");
        yaml_node_t *dn = rn_get(ctx, it, "slope"), *nn = rn_get(ctx, it, "normal");
        int cnt = 0, first = 0, i, k, base = ctx->n_vars;
        rn_map(ctx, it, "a list of nodes", k_nodes);
        /* slope and normal: lists of 3 expressions of i and s, as x */
        if (dn && (!rn_is_seq(dn) || rn_seq_len(dn) != 3 || c->kind == ALECABLE_ELEMENT_AXIAL)) {
            rn_error(ctx, dn, "slope: a list of 3 expressions of i and s, on an ANCF or Kirchhoff cable", NULL);
            bad = 1;
        }
        if (nn && (!rn_is_seq(nn) || rn_seq_len(nn) != 3 || c->kind != ALECABLE_ELEMENT_KIRCHHOFF)) {
            rn_error(ctx, nn, "normal: a list of 3 expressions of i and s, on a Kirchhoff cable", NULL);
            bad = 1;
        }
        if (rn_int(ctx, it, "count", &cnt, RN_REQ, 1) < 0) bad = 1;
        if (rn_int(ctx, it, "first", &first, 0, -1000000000) < 0) bad = 1;
        if (!xn || !rn_is_seq(xn) || rn_seq_len(xn) != 3) {
            rn_error(ctx, xn ? xn : it, "x: a list of 3 expressions of i and s", NULL);
            bad = 1;
        }
        /* s: the material coordinate; ds: its increment from the node before
         * (the cable's last, 0 for the first of the cable), summed as a
         * program's loop sums it */
        if (!sn == !dsn) {
            rn_error(ctx, it, "either 's' or 'ds' (an expression of i)", sn ? "both" : "neither");
            bad = 1;
        }
        /* i and s shadow parameters of the same names while they are read;
         * with ds, x is read first and ds sees the node's x, y, z and the
         * previous node's px, py, pz (a chord's length) */
        if (!bad && (rn_var_push(ctx, "i", 0) || rn_var_push(ctx, "s", 0))) bad = 1;
        if (!bad && dsn)
            for (k = 0; k < 6 && !bad; k++)
                if (rn_var_push(ctx, xyz[k], 0)) bad = 1;
        for (i = 0; i < cnt && !bad; i++) {
            double x[3], sv = 0.0;
            ctx->vars[base].value = first + i;
            if (dsn) {
                double d = 0.0;
                for (k = 0; k < 3 && !bad; k++)
                    if (rn_value(ctx, rn_seq_item(ctx, xn, k), &x[k])) bad = 1;
                for (k = 0; k < 3 && !bad; k++) {
                    ctx->vars[base + 2 + k].value = x[k];
                    ctx->vars[base + 5 + k].value = ms->have_last ? ms->last_x[k] : x[k];
                }
                if (!bad && rn_value(ctx, dsn, &d)) bad = 1;
                sv = (ms->have_last ? ms->last_s : 0.0) + d;
                ctx->vars[base + 1].value = sv;
            } else {
                if (rn_value(ctx, sn, &sv)) bad = 1;
                ctx->vars[base + 1].value = sv;
                for (k = 0; k < 3 && !bad; k++)
                    if (rn_value(ctx, rn_seq_item(ctx, xn, k), &x[k])) bad = 1;
            }
            {
                double d[3], nv[3];
                alecable_node *nd = NULL;
                for (k = 0; k < 3 && !bad && dn; k++)
                    if (rn_value(ctx, rn_seq_item(ctx, dn, k), &d[k])) bad = 1;
                for (k = 0; k < 3 && !bad && nn; k++)
                    if (rn_value(ctx, rn_seq_item(ctx, nn, k), &nv[k])) bad = 1;
                if (!bad && add_node(ctx, c, ms, it, x, sv, &nd)) bad = 1;
                if (!bad && B && dn && rn_lib(ctx, it, alecable_node_set_slope(nd, d), "node_set_slope")) bad = 1;
                if (!bad && nn && add_normal(ctx, nd, nv, it)) bad = 1;
            }
        }
        /* i and s were only for these expressions */
        while (ctx->n_vars > base) free(ctx->vars[--ctx->n_vars].name);
        return bad ? -1 : 0;
    }
    if (t == 1) {
        double a[3], b[3], s[2];
        int ne = 0, k;
        rn_map(ctx, it, "a mesh line", k_line);
        if (rn_vec(ctx, it, "from", a, 3, RN_REQ) < 0) bad = 1;
        if (rn_vec(ctx, it, "to", b, 3, RN_REQ) < 0) bad = 1;
        if (rn_vec(ctx, it, "s", s, 2, RN_REQ) < 0) bad = 1;
        if (rn_int(ctx, it, "elements", &ne, RN_REQ, 1) < 0) bad = 1;
        if (bad) return -1;
        if (!(s[1] > s[0])) {
            rn_error(ctx, rn_get(ctx, it, "s"), "s: [s_a, s_b] with s_b > s_a", "[%.17g, %.17g]", s[0], s[1]);
            return -1;
        }
        if (a[0] == b[0] && a[1] == b[1] && a[2] == b[2]) {
            rn_error(ctx, rn_get(ctx, it, "to"), "a line of nonzero length (to != from)", NULL);
            return -1;
        }
        /* the library reuses the cable's last node when the line starts there */
        k = ms->have_last && ms->last_s == s[0] && !memcmp(ms->last_x, a, sizeof a);
        if (ms->have_last && !k && !(s[0] > ms->last_s)) {
            char exp[128];
            snprintf(exp, sizeof exp, "s_a above the cable's last s = %.17g (or the last node as the start)", ms->last_s);
            rn_error(ctx, rn_get(ctx, it, "s"), exp, "s_a = %.17g", s[0]);
            return -1;
        }
        if (B && rn_lib(ctx, it, alecable_cable_line(c->c, a, b, s[0], s[1], ne), "cable_line")) return -1;
        if (!B) c->n_nodes += ne + 1 - k;
        ms->have_last = 1;
        memcpy(ms->last_x, b, sizeof ms->last_x);
        ms->last_s = s[1];
        return 0;
    }
    {
        /* arc in the xy-plane about centre: node i at angle a0 + (a1 - a0) i / n */
        double ctr[3] = {0, 0, 0}, R = 0, ang[2], s0 = 0, ds;
        int ne = 0, i, spacing = 0;
        static const char *const sp_names[] = {"arc", "chord", NULL};
        static const int sp_values[] = {0, 1};
        rn_map(ctx, it, "a mesh arc", k_arc);
        if (rn_vec(ctx, it, "centre", ctr, 3, 0) < 0) bad = 1;
        if (rn_num(ctx, it, "radius", &R, RN_REQ | RN_POS) < 0) bad = 1;
        if (rn_vec(ctx, it, "angles", ang, 2, RN_REQ) < 0) bad = 1;
        if (rn_num(ctx, it, "s", &s0, RN_REQ) < 0) bad = 1;
        if (rn_enum(ctx, it, "spacing", &spacing, sp_names, sp_values, 0) < 0) bad = 1;
        if (rn_int(ctx, it, "elements", &ne, RN_REQ, 1) < 0) bad = 1;
        if (bad) return -1;
        if (ang[0] == ang[1]) {
            rn_error(ctx, rn_get(ctx, it, "angles"), "two different angles", NULL);
            return -1;
        }
        ds = spacing ? 2.0 * R * sin(0.5 * fabs(ang[1] - ang[0]) / ne) : R * fabs(ang[1] - ang[0]) / ne;
        for (i = 0; i <= ne; i++) {
            double th = ang[0] + (ang[1] - ang[0]) * i / ne, x[3];
            x[0] = ctr[0] + R * cos(th);
            x[1] = ctr[1] + R * sin(th);
            x[2] = ctr[2];
            if (i == 0 && ms->have_last && ms->last_s == s0 && !memcmp(ms->last_x, x, sizeof x)) continue;
            if (add_node(ctx, c, ms, it, x, s0 + ds * i, NULL)) return -1;
        }
        return 0;
    }
}

/* sections: a list of {elements: [first, count], section: {E, A, rho, I}}:
 * a range of the cable's elements with its own section
 * (alecable_cable_set_section_range: a chain-wire-chain line), in order
 * (a later range wins where two overlap) */
static int section_ranges(rn_ctx *ctx, rn_cable *c, const yaml_node_t *list, const char *const k_sec[])
{
    static const char *const keys[] = {"elements", "section", NULL};
    int i, bad = 0;
    if (!list) return 0;
    if (!rn_is_seq(list)) {
        rn_error(ctx, list, "a list of {elements: [first, count], section: {E, A, rho, I}} under sections", NULL);
        return -1;
    }
    for (i = 0; i < rn_seq_len(list); i++) {
        yaml_node_t *e = rn_seq_item(ctx, list, i), *sn;
        alecable_section sec;
        double r[2];
        int b = 0;
        if (rn_skip(ctx, e)) continue;
        if (rn_map(ctx, e, "a section range", keys)) {
            bad = 1;
            continue;
        }
        if (rn_vec(ctx, e, "elements", r, 2, RN_REQ) < 0) b = 1;
        alecable_section_init(&sec);
        sn = rn_get(ctx, e, "section");
        if (!sn) {
            rn_error(ctx, e, "the key 'section' (E, A, rho, I)", "a range without it");
            b = 1;
        } else if (!rn_map(ctx, sn, "a section", k_sec)) {
            if (rn_num(ctx, sn, "E", &sec.E, RN_REQ | RN_POS) < 0) b = 1;
            if (rn_num(ctx, sn, "A", &sec.A, RN_REQ | RN_POS) < 0) b = 1;
            if (rn_num(ctx, sn, "rho", &sec.rho, RN_NONNEG) < 0) b = 1;
            if (rn_num(ctx, sn, "I", &sec.I, RN_NONNEG) < 0) b = 1;
        } else {
            b = 1;
        }
        if (!b && B &&
            rn_lib(ctx, e, alecable_cable_set_section_range(c->c, (int)r[0], (int)r[1], &sec), "cable_set_section_range"))
            b = 1;
        bad |= b;
    }
    return bad ? -1 : 0;
}

int rn_cable_entry(rn_ctx *ctx, const yaml_node_t *n)
{
    static const char *const keys[] = {"name",          "kind",  "section", "beam", "shear", "lagrangian",
                                       "mesh",          "natural_shape", "sections", NULL};
    static const char *const k_sec[] = {"E", "A", "rho", "I", NULL};
    static const char *const k_beam[] = {"GJ", "EI2", "EI3", "kappa2", "kappa3", "twist", "t2", NULL};
    static const char *const k_shear[] = {"GA2", "GA3", NULL};
    static const char *const kinds[] = {"axial", "ancf", "kirchhoff", "se3", NULL};
    static const int kind_v[] = {ALECABLE_ELEMENT_AXIAL, ALECABLE_ELEMENT_ANCF, ALECABLE_ELEMENT_KIRCHHOFF,
                                 ALECABLE_ELEMENT_SE3};
    const char *name = NULL;
    yaml_node_t *sec_n, *beam_n, *mesh_n, *name_n, *shear_n;
    double GA2 = 0, GA3 = 0;
    alecable_section sec;
    alecable_beam_params bp;
    rn_cable *c;
    mesh_state ms;
    int kind = 0, bad = 0, lag = 0, i;
    if (rn_map(ctx, n, "a cable", keys)) return -1;
    if (rn_str(ctx, n, "name", &name, RN_REQ) < 0) bad = 1;
    if (rn_enum(ctx, n, "kind", &kind, kinds, kind_v, RN_REQ) < 0) bad = 1;
    if (rn_bool(ctx, n, "lagrangian", &lag, 0) < 0) bad = 1;
    alecable_section_init(&sec);
    sec_n = rn_get(ctx, n, "section");
    if (!sec_n) {
        rn_error(ctx, n, "the key 'section' (E, A, rho, I)", "a cable without it");
        bad = 1;
    } else if (!rn_map(ctx, sec_n, "a section", k_sec)) {
        if (rn_num(ctx, sec_n, "E", &sec.E, RN_REQ | RN_POS) < 0) bad = 1;
        if (rn_num(ctx, sec_n, "A", &sec.A, RN_REQ | RN_POS) < 0) bad = 1;
        if (rn_num(ctx, sec_n, "rho", &sec.rho, RN_NONNEG) < 0) bad = 1;
        if (rn_num(ctx, sec_n, "I", &sec.I, RN_NONNEG) < 0) bad = 1;
        if (rn_get(ctx, sec_n, "I") && kind == ALECABLE_ELEMENT_AXIAL) {
            rn_error(ctx, rn_get(ctx, sec_n, "I"), "I on an ANCF, Kirchhoff or SE(3) cable only (an axial cable has no bending)",
                     "kind axial");
            bad = 1;
        }
    } else {
        bad = 1;
    }
    alecable_beam_params_init(&bp);
    beam_n = rn_get(ctx, n, "beam");
    if (beam_n && kind != ALECABLE_ELEMENT_KIRCHHOFF && kind != ALECABLE_ELEMENT_SE3) {
        rn_error(ctx, beam_n, "beam on a Kirchhoff or SE(3) cable only", "a cable of kind %s", kinds[kind]);
        bad = 1;
    } else if (!beam_n && (kind == ALECABLE_ELEMENT_KIRCHHOFF || kind == ALECABLE_ELEMENT_SE3)) {
        rn_error(ctx, n, "the key 'beam' (GJ, ...) on a Kirchhoff or SE(3) cable", "a cable without it");
        bad = 1;
    } else if (beam_n && !rn_map(ctx, beam_n, "beam", k_beam)) {
        if (rn_num(ctx, beam_n, "GJ", &bp.GJ, RN_REQ | RN_POS) < 0) bad = 1;
        if (rn_num(ctx, beam_n, "EI2", &bp.EI2, RN_NONNEG) < 0) bad = 1;
        if (rn_num(ctx, beam_n, "EI3", &bp.EI3, RN_NONNEG) < 0) bad = 1;
        if (rn_num(ctx, beam_n, "kappa2", &bp.kappa2, 0) < 0) bad = 1;
        if (rn_num(ctx, beam_n, "kappa3", &bp.kappa3, 0) < 0) bad = 1;
        if (rn_num(ctx, beam_n, "twist", &bp.twist, 0) < 0) bad = 1;
        if (rn_vec(ctx, beam_n, "t2", bp.t2, 3, 0) < 0) bad = 1;
    }
    /* an SE(3) cable's shear stiffnesses (alecable_cable_set_shear); the library's default without */
    shear_n = rn_get(ctx, n, "shear");
    if (shear_n && kind != ALECABLE_ELEMENT_SE3) {
        rn_error(ctx, shear_n, "shear on an SE(3) cable only", "a cable of kind %s", kinds[kind]);
        bad = 1;
    } else if (shear_n && !rn_map(ctx, shear_n, "shear", k_shear)) {
        if (rn_num(ctx, shear_n, "GA2", &GA2, RN_REQ | RN_POS) < 0) bad = 1;
        if (rn_num(ctx, shear_n, "GA3", &GA3, RN_REQ | RN_POS) < 0) bad = 1;
    } else if (shear_n) {
        bad = 1;
    }
    name_n = rn_get(ctx, n, "name");
    if (!name) return -1;
    if (!B) {
        if (rn_add_cable(ctx, name_n, name)) return -1;
    }
    c = rn_cable_find(ctx, name);
    if (!c) return -1;
    c->kind = kind;
    c->lagrangian = lag;
    /* a cable with a mistake in its section still counts its mesh in the
     * first pass, so that references to its nodes are checked, not reported
     * as out of range for want of nodes */
    if (bad && B) return -1;
    if (B) {
        if (rn_lib(ctx, n, alecable_cable_create(&c->c, ctx->m, kind, &sec), "cable_create")) return -1;
        if (beam_n && rn_lib(ctx, beam_n, alecable_cable_set_beam(c->c, &bp), "cable_set_beam")) return -1;
        if (shear_n && rn_lib(ctx, shear_n, alecable_cable_set_shear(c->c, GA2, GA3), "cable_set_shear")) return -1;
        if (lag && rn_lib(ctx, rn_get(ctx, n, "lagrangian"), alecable_cable_set_lagrangian(c->c, 1), "cable_set_lagrangian"))
            return -1;
    }
    mesh_n = rn_get(ctx, n, "mesh");
    if (!mesh_n) {
        rn_error(ctx, n, "the key 'mesh' (a list of node, nodes, line and arc entries)", "a cable without it");
        c->unknown_mesh = 1;
        return -1;
    }
    if (!rn_is_seq(mesh_n) || rn_seq_len(mesh_n) == 0) {
        rn_error(ctx, mesh_n, "a list of node, nodes, line and arc entries under mesh", NULL);
        c->unknown_mesh = 1;
        return -1;
    }
    memset(&ms, 0, sizeof ms);
    if (!B) c->n_nodes = 0;
    for (i = 0; i < rn_seq_len(mesh_n); i++)
        if (!rn_skip(ctx, rn_seq_item(ctx, mesh_n, i)) && mesh_item(ctx, c, &ms, rn_seq_item(ctx, mesh_n, i))) {
            bad = 1;
            c->unknown_mesh = 1;
        }
    ctx->entry = n; /* the mesh entries were the entry being read: back to the cable */
    if (!bad && !B && c->n_nodes < 2) {
        rn_error(ctx, mesh_n, "a mesh of at least two nodes", "%d node", c->n_nodes);
        bad = 1;
    }
    {
        yaml_node_t *ns = rn_get(ctx, n, "natural_shape");
        if (ns) {
            int cnt = rn_seq_len(ns), j;
            double *vals;
            if (kind != ALECABLE_ELEMENT_KIRCHHOFF) {
                rn_error(ctx, ns, "natural_shape on a Kirchhoff cable only", "a cable of kind %s", kinds[kind]);
                return -1;
            }
            if (!rn_is_seq(ns) || cnt != c->n_nodes - 1) {
                char exp[128];
                snprintf(exp, sizeof exp, "a list of %d [kappa2, kappa3, twist] (one per element)", c->n_nodes - 1);
                rn_error(ctx, ns, exp, NULL);
                return -1;
            }
            vals = (double *)calloc((size_t)cnt * 3 + 1, sizeof *vals);
            if (!vals) return -1;
            for (j = 0; j < cnt; j++) {
                yaml_node_t *row = rn_seq_item(ctx, ns, j);
                int k;
                if (!rn_is_seq(row) || rn_seq_len(row) != 3) {
                    rn_error(ctx, row, "[kappa2, kappa3, twist]", NULL);
                    bad = 1;
                    continue;
                }
                for (k = 0; k < 3; k++)
                    if (rn_value(ctx, rn_seq_item(ctx, row, k), &vals[3 * j + k])) bad = 1;
            }
            if (!bad && B && rn_lib(ctx, ns, alecable_cable_set_natural_shape(c->c, cnt, vals), "cable_set_natural_shape"))
                bad = 1;
            free(vals);
        }
    }
    if (!bad && section_ranges(ctx, c, rn_get(ctx, n, "sections"), k_sec)) bad = 1;
    return bad ? -1 : 0;
}
