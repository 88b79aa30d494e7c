/* alecable-run: the channels of a model file (output.channels): the values
 * the result line prints, read from the library's queries (nodes, elements,
 * bodies, constraints, joints and their friction contacts, seabed loads'
 * touchdown, energies, solver counts) or computed from the channels above them, sampled during the run
 * for aggregates, stage and event values and the history CSV.
 *
 * SPDX-License-Identifier: BSD-3-Clause */
#include "analysis.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define B (ctx->build)

static const char *const CH_KEYS[] = {"name", "node", "element", "body", "constraint", "joint", "energy",
                                      "report", "stats", "time", "expr", "value", "index", "xi", "scale",
                                      "over", "print", "of", "stage", "after", "before", "when", "to", "frequency",
                                      "seabed", "end", NULL};
/* a channel's source is the index of the key it has (source_value's cases) */
static const char *const SOURCES[] = {"node", "element", "body", "constraint", "joint", "energy", "report",
                                      "stats", "time", "expr", "seabed", NULL};
enum { SRC_SEABED = 10 };

static int pick(rn_ctx *ctx, const yaml_node_t *n, const char *key, const char *const names[], int *v)
{
    /* as many as the longest list of names (joint_vals: 33) */
    static const int idx[] = {0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15, 16,
                              17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33};
    return rn_enum(ctx, n, key, v, names, idx, RN_REQ);
}

/* elements CABLE.INDEX, CABLE.FIRST..LAST or CABLE.* (indices from 0, negative
 * from the end): the cable and the range [*a, *b] */
static int element_range(rn_ctx *ctx, const yaml_node_t *n, rn_cable **cable, int *a, int *b)
{
    static const char *const expect = "elements: CABLE.INDEX, CABLE.FIRST..LAST or CABLE.* (from 0; -1 the last)";
    const char *s = rn_scalar(n), *dot;
    char cname[128], *end;
    rn_cable *c;
    int ne;
    if (n && n->type == YAML_MAPPING_NODE) {
        /* {cable: NAME, first: EXPR, last: EXPR (default first)} */
        static const char *const keys[] = {"cable", "first", "last", NULL};
        if (rn_map(ctx, n, "a range of elements", keys)) return -1;
        if (!(c = rn_cable_ref(ctx, rn_get(ctx, n, "cable")))) return -1;
        if (rn_int(ctx, n, "first", a, RN_REQ, -1000000000) < 0) return -1;
        *b = *a;
        if (rn_int(ctx, n, "last", b, 0, -1000000000) < 0) return -1;
        if (c->unknown_mesh) return -1;
        ne = c->n_nodes - 1;
        if (*a < 0) *a += ne;
        if (*b < 0) *b += ne;
        if (*a < 0 || *b >= ne || *b < *a) {
            char exp[128];
            snprintf(exp, sizeof exp, "element indices of cable %s from %d to %d", c->name, -ne, ne - 1);
            rn_error(ctx, n, exp, "%d..%d", *a, *b);
            return -1;
        }
        *cable = c;
        return 0;
    }
    if (!s || !(dot = strchr(s, '.')) || dot == s || (size_t)(dot - s) >= sizeof cname) {
        rn_error(ctx, n, expect, NULL);
        return -1;
    }
    memcpy(cname, s, (size_t)(dot - s));
    cname[dot - s] = '\0';
    if (!(c = rn_cable_find(ctx, cname))) {
        rn_error(ctx, n, "the name of a cable defined above before '.'", "'%s'", cname);
        return -1;
    }
    if (c->unknown_mesh) return -1; /* already reported at its mesh */
    ne = c->n_nodes - 1;
    if (!strcmp(dot + 1, "*")) {
        *a = 0;
        *b = ne - 1;
    } else {
        *a = (int)strtol(dot + 1, &end, 10);
        if (end == dot + 1) {
            rn_error(ctx, n, expect, NULL);
            return -1;
        }
        if (!strncmp(end, "..", 2)) {
            const char *q = end + 2;
            *b = (int)strtol(q, &end, 10);
            if (end == q) {
                rn_error(ctx, n, expect, NULL);
                return -1;
            }
        } else {
            *b = *a;
        }
        if (*end) {
            rn_error(ctx, n, expect, NULL);
            return -1;
        }
        if (*a < 0) *a += ne;
        if (*b < 0) *b += ne;
    }
    if (*a < 0 || *b >= ne || *b < *a) {
        char exp[128];
        snprintf(exp, sizeof exp, "element indices of cable %s from %d to %d", c->name, -ne, ne - 1);
        rn_error(ctx, n, exp, NULL);
        return -1;
    }
    *cable = c;
    return 0;
}

static int node_value(alecable_node *nd, int which, double *v)
{
    double x[3];
    int st;
    if (which < 3) st = alecable_node_position(nd, x), *v = x[which];
    else if (which == 3) st = alecable_node_material(nd, v);
    else if (which == 4) st = alecable_node_roll(nd, v);
    else st = alecable_node_slope(nd, x), *v = x[which - 5];
    return st;
}

static int element_value(alecable_element *e, int which, double xi, double *v)
{
    double a, b;
    int st;
    if (which == 0) st = alecable_element_strain(e, v);
    else if (which == 1 || which == 4) st = alecable_element_axial_force(e, v);
    else if (which <= 3) st = alecable_element_interval(e, &a, &b), *v = which == 2 ? a : b;
    else {
        alecable_beam_section_state ss;
        alecable_beam_section_state_init(&ss);
        st = alecable_element_section(e, xi, &ss);
        *v = which == 5 ? ss.twist : which == 6 ? ss.torque : which == 7 ? ss.moment[0] : which == 8 ? ss.moment[1]
             : which == 9 ? ss.curvature[0] : which == 10 ? ss.curvature[1] : ss.stretch;
    }
    return st;
}

/* reduction of a range of nodes or elements */
enum { OF_NONE, OF_MAX, OF_MIN, OF_ABSMAX, OF_SUM, OF_MEAN };
static void reduce(int of, int i, double x, double *acc)
{
    if (i == 0) *acc = of == OF_ABSMAX ? fabs(x) : x;
    else if (of == OF_MAX) *acc = x > *acc ? x : *acc;
    else if (of == OF_MIN) *acc = x < *acc ? x : *acc;
    else if (of == OF_ABSMAX) *acc = fabs(x) > *acc ? fabs(x) : *acc;
    else *acc += x;
}

static const char *const node_vals[] = {"x", "y", "z", "s", "roll", "dx", "dy", "dz", "distance", NULL};

/* value: distance: the node's distance from the point 'to' (3 expressions of the node's
 * material coordinate s: a reference curve, e.g. a helix); pass 1 checks the entry */
static int node_distance(rn_ctx *ctx, const yaml_node_t *ch, alecable_node *nd, double *v)
{
    const yaml_node_t *to = rn_get(ctx, ch, "to");
    double x[3] = {0, 0, 0}, r[3], sv = 0.0;
    int k, st = 0, base = ctx->n_vars, bad = 0;
    if (!to || !rn_is_seq(to) || rn_seq_len(to) != 3) {
        rn_error(ctx, to ? to : ch, "to: a list of 3 expressions of s (the point a node's distance is from)", NULL);
        return -1;
    }
    if (B) {
        st = alecable_node_position(nd, x);
        if (!st) st = alecable_node_material(nd, &sv);
        if (st) return rn_lib(ctx, ch, st, "node query");
    }
    if (rn_var_push(ctx, "s", sv)) return -1;
    for (k = 0; k < 3 && !bad; k++)
        if (rn_value(ctx, rn_seq_item(ctx, to, k), &r[k])) bad = 1;
    while (ctx->n_vars > base) free(ctx->vars[--ctx->n_vars].name);
    if (bad) return -1;
    *v = sqrt((x[0] - r[0]) * (x[0] - r[0]) + (x[1] - r[1]) * (x[1] - r[1]) + (x[2] - r[2]) * (x[2] - r[2]));
    return 0;
}
static const char *const el_vals[] = {"strain", "axial_force", "s_a", "s_b", "tension", "twist", "torque",
                                          "moment2", "moment3", "curvature2", "curvature3", "stretch",
                                          "force_x", "force_y", "force_z", NULL};
/* force_x, force_y, force_z: the axial force along the element's chord, from
 * its first node to its second (a line's horizontal and vertical tension) */
static int element_chord_force(alecable_cable *c, alecable_element *e, int i, int k, double *v)
{
    alecable_node *na, *nb;
    double xa[3], xb[3], d[3], l, N;
    int st = alecable_element_axial_force(e, &N), j;
    if (!st) st = alecable_cable_node(&na, c, i);
    if (!st) st = alecable_cable_node(&nb, c, i + 1);
    if (!st) st = alecable_node_position(na, xa);
    if (!st) st = alecable_node_position(nb, xb);
    if (st) return st;
    for (j = 0; j < 3; j++) d[j] = xb[j] - xa[j];
    l = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
    *v = N * d[k] / l;
    return 0;
}
static const char *const body_vals[] = {"x", "y", "z", "angle_z", "vx", "vy", "vz", "omega_x", "omega_y",
                                            "omega_z", NULL};
static const char *const con_vals[] = {"multiplier", "reaction", NULL};
static const char *const joint_vals[] = {"normal_force", "multiplier", "angle", "slide", "spring", "force_x",
                                             "force_y", "force_z", "moment_x", "moment_y", "moment_z", "lambda_t",
                                             "lambda_n", "slip", "slip_total", "work", "stuck", "slipping",
                                             /* 18..32: the frame a clamp's or drive's motion gives the library */
                                             "motion_x", "motion_y", "motion_z", "motion_vx", "motion_vy", "motion_vz",
                                             "motion_ax", "motion_ay", "motion_az", "motion_omega_x", "motion_omega_y",
                                             "motion_omega_z", "motion_alpha_x", "motion_alpha_y", "motion_alpha_z",
                                             NULL};
static const char *const energy_vals[] = {"internal", "external", "potential", "kinetic", "total", NULL};
static const char *const report_vals[] = {"iterations_stage1", "iterations_stage2", "iterations",
                                              "avg_iterations_stage1", "avg_iterations_stage2", "load_steps",
                                              "final_residual", "load_factor", "shifted", "damped", "max_shift",
                                              "dependent_lines", NULL};
static const char *const stats_vals[] = {"steps", "rejected", "newton_iterations", "linear_solves",
                                             "model_flops", "linear_flops", "flops_per_step", "max_step_iterations",
                                             NULL};
static int source_value(rn_ctx *ctx, run_state *rs, const yaml_node_t *ch, int src, int index, double scale, int of,
                        double *v);

static const char *const seabed_vals[] = {"touchdown", "s", "x", "y", "z", "tension", "grounded_length",
                                          "max_penetration", NULL};
/* {seabed: LOAD, end: 0|1, value: V}: alecable_seabed_state of a named seabed
 * load, the touchdown met from the cable's first (0) or last (1) node.
 * Without a touchdown (value touchdown 0) its s, x, y, z and tension are not
 * a number: a 0 would read as a place and a tension; the aggregates leave
 * such samples out (rn_sample_channels).  Pass 1 checks the entry. */
static int seabed_value(rn_ctx *ctx, const yaml_node_t *ch, double *v)
{
    const yaml_node_t *ln = rn_get(ctx, ch, "seabed");
    const char *name = rn_scalar(ln);
    rn_object *o = name ? rn_object_find(ctx, name) : NULL;
    alecable_seabed_contact sc;
    int end = 0, which = 0, st;
    if (!o || o->what != RN_LOAD) {
        rn_error(ctx, ln, "the name of a seabed load (a loads entry of type seabed with a name, above)", NULL);
        return -1;
    }
    if (o->type != RN_LOAD_SEABED) {
        rn_error(ctx, ln, "the name of a seabed load", "'%s', a load of another type", name);
        return -1;
    }
    if (rn_int(ctx, ch, "end", &end, RN_REQ, -1000000000) < 0) return -1;
    if (end != 0 && end != 1) {
        rn_error(ctx, rn_get(ctx, ch, "end"), "end: 0 (the touchdown met from the cable's first node) or 1 (from its last)",
                 "%d", end);
        return -1;
    }
    if (pick(ctx, ch, "value", seabed_vals, &which) != 1) return -1;
    if (!B) return 0;
    alecable_seabed_contact_init(&sc);
    st = alecable_seabed_state((const alecable_load *)o->handle, end, &sc);
    if (st) return rn_lib(ctx, ch, st, "seabed_state");
    switch (which) {
    case 0: *v = sc.touchdown; break;
    case 1: *v = sc.s; break;
    case 2: case 3: case 4: *v = sc.position[which - 2]; break;
    case 5: *v = sc.tension; break;
    case 6: *v = sc.grounded_length; break;
    default: *v = sc.max_penetration; break;
    }
    if (!sc.touchdown && which >= 1 && which <= 5) *v = NAN;
    return 0;
}

/* The instantaneous value of a channel; in pass 1 it checks the entry and
 * gives 1. */
static int channel_value(rn_ctx *ctx, run_state *rs, const yaml_node_t *ch, double *v)
{
    static const char *const of_names[] = {"max", "min", "absmax", "sum", "mean", NULL};
    static const int of_v[] = {OF_MAX, OF_MIN, OF_ABSMAX, OF_SUM, OF_MEAN};
    int src = -1, i, index = 0, of = 0;
    double scale = 1;
    for (i = 0; SOURCES[i]; i++)
        if (rn_get(ctx, ch, SOURCES[i])) {
            if (src >= 0) {
                rn_error(ctx, rn_get(ctx, ch, SOURCES[i]), "one source in a channel", "'%s' after '%s'", SOURCES[i],
                         SOURCES[src]);
                return -1;
            }
            src = i;
        }
    if (src < 0) {
        rn_error(ctx, ch,
                 "a channel source: node, element, body, constraint, joint, seabed, energy, report, stats, time or expr",
                 "a channel without one");
        return -1;
    }
    if (src != SRC_SEABED && rn_get(ctx, ch, "end")) {
        rn_error(ctx, rn_get(ctx, ch, "end"), "'end' in a seabed channel only", "a channel of another source");
        return -1;
    }
    if (rn_int(ctx, ch, "index", &index, 0, 0) < 0) return -1;
    if (rn_num(ctx, ch, "scale", &scale, 0) < 0) return -1;
    if (rn_enum(ctx, ch, "of", &of, of_names, of_v, 0) < 0) return -1;
    if (of && src > 1 && src != 4) {
        rn_error(ctx, rn_get(ctx, ch, "of"), "'of' with a range of nodes or elements, or a joint's contacts",
                 "a channel of another source");
        return -1;
    }
    *v = 1.0;
    if (src <= 1) return source_value(ctx, rs, ch, src, index, scale, of, v);
    if (source_value(ctx, rs, ch, src, index, scale, of, v)) return -1;
    *v *= scale;
    return 0;
}

static int source_value(rn_ctx *ctx, run_state *rs, const yaml_node_t *ch, int src, int index, double scale, int of,
                        double *v)
{
    int which = 0, st = 0;
    switch (src) {
    case 0: { /* node(s) */
        alecable_node **list = NULL;
        yaml_node_t *nn = rn_get(ctx, ch, "node");
        const char *txt = rn_scalar(nn);
        int cnt = 0, i;
        if ((txt && (strstr(txt, "..") || strstr(txt, ".*"))) || (nn && nn->type == YAML_MAPPING_NODE)) {
            if (rn_node_list(ctx, nn, &list, &cnt)) return -1;
            if (!of && cnt > 1) {
                free(list);
                rn_error(ctx, ch, "the key 'of' (max, min, absmax, sum, mean) with a range of nodes", "a channel without it");
                return -1;
            }
        } else {
            list = (alecable_node **)calloc(1, sizeof *list);
            if (!list) return -1;
            cnt = 1;
            if (rn_node_ref(ctx, nn, &list[0])) {
                free(list);
                return -1;
            }
        }
        if (pick(ctx, ch, "value", node_vals, &which) != 1) {
            free(list);
            return -1;
        }
        if (which != 8 && rn_get(ctx, ch, "to")) {
            free(list);
            rn_error(ctx, rn_get(ctx, ch, "to"), "'to' with value: distance only", NULL);
            return -1;
        }
        if (which == 8 && !B) { /* check 'to' once */
            double d;
            free(list);
            return node_distance(ctx, ch, NULL, &d);
        }
        if (!B) {
            free(list);
            return 0;
        }
        for (i = 0; i < cnt && !st; i++) {
            double x = 0.0;
            if (which == 8) {
                if (node_distance(ctx, ch, list[i], &x)) {
                    free(list);
                    return -1;
                }
            } else {
                st = node_value(list[i], which, &x);
            }
            reduce(of, i, scale * x, v);
        }
        free(list);
        if (of == OF_MEAN) *v /= cnt;
        return rn_lib(ctx, ch, st, "node query");
    }
    case 1: { /* element(s) */
        double xi = 0.5;
        rn_cable *c = NULL;
        int a = 0, b = 0, i;
        yaml_node_t *en = rn_get(ctx, ch, "element");
        if (element_range(ctx, en, &c, &a, &b) || pick(ctx, ch, "value", el_vals, &which) != 1) return -1;
        if (b > a && !of) {
            rn_error(ctx, ch, "the key 'of' (max, min, absmax, sum, mean) with a range of elements", "a channel without it");
            return -1;
        }
        if (rn_num(ctx, ch, "xi", &xi, 0) < 0) return -1;
        if (!B) return 0;
        for (i = a; i <= b && !st; i++) {
            alecable_element *e = NULL;
            double x = 0.0;
            st = alecable_cable_element(&e, c->c, i);
            if (!st) st = which >= 12 ? element_chord_force(c->c, e, i, which - 12, &x) : element_value(e, which, xi, &x);
            reduce(of, i - a, scale * x, v);
        }
        if (of == OF_MEAN) *v /= b - a + 1;
        return rn_lib(ctx, ch, st, "element query");
    }
    case 2: { /* body */
        alecable_body *b = NULL;
        double x[3];
        if (rn_body_ref(ctx, rn_get(ctx, ch, "body"), &b) || pick(ctx, ch, "value", body_vals, &which) != 1) return -1;
        if (!B) return 0;
        if (which >= 4) {
            /* the velocity of the frame's origin (space) and the angular velocity
             * (body frame) of the last dynamic sample, from its node's dofs */
            alecable_node *bn = NULL;
            int d = 0;
            st = alecable_body_node(&bn, b);
            if (st) return rn_lib(ctx, ch, st, "body_node");
            /* a body without dofs (held: alecable_body_fix) is at rest */
            if (alecable_node_dof_index(bn, ALECABLE_DOF_X, &d) || d < 0 || d + 5 >= rs->nq || !rs->vel) *v = 0.0;
            else *v = rs->vel[d + which - 4];
            return 0;
        }
        {
            double R[9];
            st = alecable_body_pose(b, x, R);
            /* angle_z: the rotation about z of a body turning in the xy-plane */
            *v = which < 3 ? x[which] : atan2(R[3], R[0]);
        }
        return rn_lib(ctx, ch, st, "body_pose");
    }
    case 3: { /* constraint */
        const char *s = rn_scalar(rn_get(ctx, ch, "constraint"));
        rn_object *o = s ? rn_object_find(ctx, s) : NULL;
        if (!o || o->what != RN_CONSTRAINT) {
            rn_error(ctx, rn_get(ctx, ch, "constraint"), "the name of a constraint defined above", NULL);
            return -1;
        }
        if (pick(ctx, ch, "value", con_vals, &which) != 1) return -1;
        if (!B) return 0;
        st = alecable_constraint_multiplier((alecable_constraint *)o->handle, v);
        if (which == 1) *v = -*v;
        return rn_lib(ctx, ch, st, "constraint_multiplier");
    }
    case 4: { /* joint */
        rn_object *o = rn_joint_ref(ctx, rn_get(ctx, ch, "joint"), -1, "a joint or friction joint");
        alecable_joint *j;
        double f[3], m[3], lam[64];
        if (!o || pick(ctx, ch, "value", joint_vals, &which) != 1) return -1;
        if (which == 0 && o->type != RN_J_WRAP) {
            rn_error(ctx, rn_get(ctx, ch, "value"), "normal_force on a wrap joint", "a joint of another type");
            return -1;
        }
        if ((which == 2 && o->type != RN_J_REVOLUTE) || (which == 3 && o->type != RN_J_PRISMATIC) ||
            (which == 4 && o->type != RN_J_REVOLUTE && o->type != RN_J_PRISMATIC)) {
            rn_error(ctx, rn_get(ctx, ch, "value"), "angle on a revolute, slide on a prismatic joint", "a joint of another type");
            return -1;
        }
        if (which >= 18) {
            /* the frame the runner gives the library at the model's time (a check of
             * a chain's exact rates against closed forms) */
            double t = 0, x[3], R[9], fr[12];
            if (!o->has_motion) {
                rn_error(ctx, rn_get(ctx, ch, "value"), "a motion value on a clamp or drive with a motion",
                         "a joint without one");
                return -1;
            }
            if (!B) return 0;
            alecable_model_time(ctx->m, &t);
            if (o->frame(o->frame_user, t, x, R, fr, fr + 6, fr + 3, fr + 9)) {
                rn_error(ctx, ch, "a motion the runner can evaluate at the channel's time", "t = %g", t);
                return -1;
            }
            *v = which <= 20 ? x[which - 18] : fr[which - 21];
            return 0;
        }
        if (which >= 11 && o->type != RN_J_FRICTION && o->type != RN_J_SLEEVE) {
            rn_error(ctx, rn_get(ctx, ch, "value"), "a contact value on a friction joint or a sleeve", "a joint of another type");
            return -1;
        }
        if (!B) return 0;
        j = (alecable_joint *)o->handle;
        if (!j && o->type == RN_J_FRICTION) { /* made at a later stage's start (stage: N): no contacts yet */
            *v = 0;
            return 0;
        }
        if (which == 0) st = alecable_pulley_normal_force(j, index, v);
        else if (which == 1) {
            int cnt = 0;
            st = alecable_joint_equations(j, &cnt);
            if (!st && (index >= cnt || cnt > 64)) {
                rn_error(ctx, rn_get(ctx, ch, "index"), "an index below the joint's number of equations", "%d of %d", index, cnt);
                return -1;
            }
            if (!st) st = alecable_joint_multipliers(j, lam);
            *v = lam[index];
        } else if (which == 2 || which == 4) {
            double a, sp;
            st = o->type == RN_J_REVOLUTE ? alecable_revolute_state(j, &a, &sp) : alecable_prismatic_state(j, &a, &sp);
            *v = which == 4 ? sp : a;
        } else if (which == 3) {
            double sp;
            st = alecable_prismatic_state(j, v, &sp);
        } else if (which <= 10) {
            st = o->type == RN_J_CLAMP ? alecable_clamp_reaction(j, f, m) : alecable_revolute_reaction(j, f, m);
            *v = which <= 7 ? f[which - 5] : m[which - 8];
        } else {
            int cnt = 0, k;
            alecable_contact c;
            st = alecable_friction_contacts(j, &cnt);
            if (!st && which >= 16) {
                *v = 0;
                for (k = 0; k < cnt && !st; k++) {
                    alecable_contact_init(&c);
                    st = alecable_friction_contact(j, k, &c);
                    if (c.state == (which == 16 ? ALECABLE_CONTACT_STICK : ALECABLE_CONTACT_SLIP)) *v += 1;
                }
            } else if (!st) {
                /* one contact (index), or all of them reduced by 'of' */
                int k0 = of ? 0 : index, k1 = of ? cnt - 1 : index;
                if (!of && index >= cnt) {
                    rn_error(ctx, rn_get(ctx, ch, "index"), "a contact index below the joint's number of contacts",
                             "%d of %d", index, cnt);
                    return -1;
                }
                for (k = k0; k <= k1 && !st; k++) {
                    double x;
                    alecable_contact_init(&c);
                    st = alecable_friction_contact(j, k, &c);
                    x = which == 11 ? c.lambda_t : which == 12 ? c.lambda_n : which == 13 ? c.slip
                        : which == 14 ? c.slip_total : c.work;
                    reduce(of, k - k0, x, v);
                }
                if (of == OF_MEAN && cnt > 0) *v /= cnt;
            }
        }
        return rn_lib(ctx, ch, st, "joint query");
    }
    case 5: { /* energy */
        double wi, we, T = 0;
        if (pick(ctx, ch, "energy", energy_vals, &which) != 1) return -1;
        if (!B) return 0;
        st = alecable_model_energy(ctx->m, &wi, &we);
        if (!st && which >= 3) st = alecable_model_kinetic_energy(ctx->m, &T);
        *v = which == 0 ? wi : which == 1 ? we : which == 2 ? wi + we : which == 3 ? T : wi + we + T;
        return rn_lib(ctx, ch, st, "energy");
    }
    case 6: /* report */
        if (pick(ctx, ch, "report", report_vals, &which) != 1) return -1;
        if (!B) return 0;
        switch (which) {
        case 0: *v = (double)rs->qs_it1; break;
        case 1: *v = (double)rs->qs_it2; break;
        case 2: *v = (double)(rs->qs_it1 + rs->qs_it2); break;
        case 3: *v = rs->qs_steps ? (double)rs->qs_it1 / (double)rs->qs_steps : 0; break;
        case 4: *v = rs->qs_steps ? (double)rs->qs_it2 / (double)rs->qs_steps : 0; break;
        case 5: *v = (double)rs->qs_steps; break;
        case 6: *v = rs->last.final_residual; break;
        case 7: *v = rs->last.load_factor; break;
        case 8: *v = (double)rs->qs_shifted; break;
        case 9: *v = (double)rs->qs_damped; break;
        case 10: *v = rs->last.max_shift; break;
        default: *v = rs->last.dependent_lines; break;
        }
        return 0;
    case 7: /* stats */
        if (pick(ctx, ch, "stats", stats_vals, &which) != 1) return -1;
        if (!B) return 0;
        *v = which == 0 ? (double)rs->stats.steps : which == 1 ? (double)rs->stats.rejected
             : which == 2 ? (double)rs->stats.newton_iterations : which == 3 ? (double)rs->stats.linear_solves
             : which == 4 ? rs->stats.model_flops : which == 5 ? rs->stats.linear_flops
             : which == 7 ? (double)rs->max_step_iterations
             /* flops_per_step: model and linear-solver operations per accepted step */
             : rs->stats.steps > 0 ? (rs->stats.model_flops + rs->stats.linear_flops) / (double)rs->stats.steps : 0.0;
        return 0;
    case 8: /* time */
        *v = rs ? rs->t : 1.0;
        return 0;
    case SRC_SEABED:
        return seabed_value(ctx, ch, v);
    default: { /* expr */
        char err[256];
        const char *s = rn_scalar(rn_get(ctx, ch, "expr"));
        if (!s || rn_eval(ctx, s, v, err, sizeof err)) {
            rn_error(ctx, rn_get(ctx, ch, "expr"), "an expression of parameters and the channels above", "'%s' (%s)",
                     s ? s : "", s ? err : "not text");
            return -1;
        }
        return 0;
    }
    }
}

const yaml_node_t *rn_channels_node(rn_ctx *ctx)
{
    return rn_get(ctx, rn_get(ctx, rn_root(ctx), "output"), "channels");
}

/* stage: N or [FIRST, LAST]: the channel counts the samples of those stages
 * only, and its value is the last of them (or their aggregate); 0 when the
 * channel has no stage key, -1 on a mistake */
int rn_stage_range(rn_ctx *ctx, const yaml_node_t *ch, int *a, int *b)
{
    yaml_node_t *sn = rn_get(ctx, ch, "stage");
    int n_stages = rn_seq_len(rn_get(ctx, rn_root(ctx), "analysis"));
    double v[2];
    if (!sn) return 0;
    if (rn_is_seq(sn)) {
        if (rn_vec(ctx, ch, "stage", v, 2, 0) < 0) return -1;
    } else if (rn_value(ctx, sn, &v[0])) {
        return -1;
    } else {
        v[1] = v[0];
    }
    if (v[0] != floor(v[0]) || v[1] != floor(v[1]) || v[0] < 1 || v[1] < v[0] || v[1] > n_stages) {
        char exp[128];
        snprintf(exp, sizeof exp, "stage: N or [FIRST, LAST], stages numbered 1..%d", n_stages);
        rn_error(ctx, sn, exp, NULL);
        return -1;
    }
    *a = (int)v[0];
    *b = (int)v[1];
    return 1;
}

/* pass 1: checks every channel and declares its name */
int rn_check_channels(rn_ctx *ctx)
{
    static const char *const aggs[] = {"max", "min", "range", "mean", "absmax", "first", "period", "crossings",
                                       "sign_changes", "half_period", "amplitude", NULL};
    static const int agg_v[] = {AGG_MAX, AGG_MIN, AGG_RANGE, AGG_MEAN, AGG_ABSMAX, AGG_FIRST, AGG_PERIOD, AGG_CROSSINGS,
                                AGG_SIGN_CHANGES, AGG_HALF_PERIOD, AGG_AMPLITUDE};
    const yaml_node_t *cs = rn_channels_node(ctx);
    int i, n = rn_seq_len(cs);
    if (!cs) return 0;
    if (!rn_is_seq(cs)) {
        rn_error(ctx, cs, "a list of channels under output.channels", NULL);
        return -1;
    }
    for (i = 0; i < n; i++) {
        yaml_node_t *ch = rn_seq_item(ctx, cs, i), *nn;
        const char *name = NULL;
        double v, scale = 1;
        int agg = 0, pr = 1;
        if (rn_map(ctx, ch, "a channel", CH_KEYS) || rn_skip(ctx, ch)) continue;
        ctx->entry = ch;
        if (rn_str(ctx, ch, "name", &name, RN_REQ) != 1) continue;
        nn = rn_get(ctx, ch, "name");
        rn_num(ctx, ch, "scale", &scale, 0);
        rn_enum(ctx, ch, "over", &agg, aggs, agg_v, 0);
        rn_bool(ctx, ch, "print", &pr, 0);
        /* over: amplitude needs the angular frequency of its harmonic, and only it takes one */
        if (agg == AGG_AMPLITUDE) rn_num(ctx, ch, "frequency", &v, RN_REQ | RN_POS);
        else if (rn_get(ctx, ch, "frequency"))
            rn_error(ctx, rn_get(ctx, ch, "frequency"), "'frequency' with over: amplitude only", NULL);
        {
            int a, b;
            double after;
            rn_stage_range(ctx, ch, &a, &b);
            rn_num(ctx, ch, "after", &after, 0);
            rn_num(ctx, ch, "when", &after, 0);
            rn_num(ctx, ch, "before", &after, 0);
        }
        channel_value(ctx, NULL, ch, &v);
        if (rn_var_find(ctx, name) || !strcmp(name, "status")) {
            rn_error(ctx, nn, "a channel name not used by a parameter or another channel", NULL);
            continue;
        }
        /* the channels above are names for the expressions below */
        rn_var_set(ctx, name, 1.0);
    }
    return 0;
}

/* pass 2: samples every channel (instantaneous values), updates the aggregates */
int rn_sample_channels(rn_ctx *ctx, run_state *rs)
{
    const yaml_node_t *cs = rn_channels_node(ctx);
    int i, n = rn_seq_len(cs), pr;
    if (rs->history) fprintf(rs->history, "%.17g", rs->t);
    for (i = 0; i < n; i++) {
        yaml_node_t *ch = rn_seq_item(ctx, cs, i);
        const char *name = rn_scalar(rn_get(ctx, ch, "name"));
        double v = 0;
        channel_acc *a = &rs->acc[i];
        int s0, s1;
        if (rn_skip(ctx, ch)) continue;
        if (channel_value(ctx, rs, ch, &v)) return -1;
        rn_var_set(ctx, name, v);
        /* the history has every printed channel's sampled value at every sample,
         * whatever the stage, after, before or when filters below keep for the
         * aggregates: a row that left a filtered channel out would shift the
         * values after it under the wrong names */
        pr = 1;
        rn_bool(ctx, ch, "print", &pr, 0);
        if (rs->history && pr) fprintf(rs->history, ",%.17g", v);
        if (rn_stage_range(ctx, ch, &s0, &s1) == 1 && (rs->stage < s0 || rs->stage > s1)) continue;
        /* after: only the samples later than that time (of their stage) */
        if (rn_get(ctx, ch, "after")) {
            double after = 0;
            rn_num(ctx, ch, "after", &after, 0);
            if (!(rs->t > after)) continue;
        }
        /* before: only the samples at or before that time */
        if (rn_get(ctx, ch, "before")) {
            double before = 0;
            rn_num(ctx, ch, "before", &before, 0);
            if (!(rs->t <= before)) continue;
        }
        /* when: the value at the first sample where the condition holds */
        if (rn_get(ctx, ch, "when")) {
            double c = 0;
            if (a->fired) continue;
            if (rn_num(ctx, ch, "when", &c, 0) < 0) return -1;
            if (c == 0.0) continue;
            a->fired = 1;
        }
        /* a sample that is not a number (a seabed channel without a touchdown) has no
         * place in an extreme, a mean or a crossing: the aggregates leave it out, a
         * stage's or an event's last value is it */
        if (isnan(v)) {
            a->last = v;
            continue;
        }
        /* an upward zero crossing between the sample before and this one, its
         * time interpolated linearly (the period of an oscillation) */
        if (a->n > 0 && a->last < 0.0 && v >= 0.0) {
            double tc = a->t_last_sample + (rs->t - a->t_last_sample) * (-a->last) / (v - a->last);
            if (a->ups == 0) a->t_first_up = tc;
            a->t_last_up = tc;
            a->ups++;
        }
        /* a zero crossing either way (a sign change from a nonzero value), its time
         * interpolated linearly: sign_changes and half_period (a flip's time) */
        if (a->n > 0 && (a->last < 0.0 ? v >= 0.0 : a->last > 0.0 && v <= 0.0)) {
            double tz = a->t_last_sample + (rs->t - a->t_last_sample) * a->last / (a->last - v);
            if (a->zeros == 0) a->t_first_zero = tz;
            a->t_last_zero = tz;
            a->zeros++;
        }
        a->t_last_sample = rs->t;
        if (a->n == 0) a->first = v;
        a->last = v;
        if (a->n == 0 || v < a->min) a->min = v;
        if (a->n == 0 || v > a->max) a->max = v;
        if (fabs(v) > a->absmax) a->absmax = fabs(v);
        a->sum += v;
        if (rn_get(ctx, ch, "frequency")) { /* over: amplitude: the harmonic's sums */
            double w = 0;
            if (rn_num(ctx, ch, "frequency", &w, 0) < 0) return -1;
            a->sum_c += v * cos(w * rs->t);
            a->sum_s += v * sin(w * rs->t);
        }
        a->n++;
    }
    if (rs->history) fputc('\n', rs->history);
    return 0;
}

/* the result line: final values, aggregates where asked */
int rn_final_channels(rn_ctx *ctx, run_state *rs, int status)
{
    static const char *const aggs[] = {"max", "min", "range", "mean", "absmax", "first", "period", "crossings",
                                       "sign_changes", "half_period", "amplitude", NULL};
    static const int agg_v[] = {AGG_MAX, AGG_MIN, AGG_RANGE, AGG_MEAN, AGG_ABSMAX, AGG_FIRST, AGG_PERIOD, AGG_CROSSINGS,
                                AGG_SIGN_CHANGES, AGG_HALF_PERIOD, AGG_AMPLITUDE};
    const yaml_node_t *cs = rn_channels_node(ctx);
    int i, n = rn_seq_len(cs);
    printf("result: status=%d", status);
    for (i = 0; i < n && status == 0; i++) {
        yaml_node_t *ch = rn_seq_item(ctx, cs, i);
        const char *name = rn_scalar(rn_get(ctx, ch, "name"));
        double v = 0;
        int agg = AGG_NONE, pr = 1, s0, s1;
        channel_acc *a = &rs->acc[i];
        if (rn_skip(ctx, ch)) continue;
        rn_enum(ctx, ch, "over", &agg, aggs, agg_v, 0);
        rn_bool(ctx, ch, "print", &pr, 0);
        if (rn_stage_range(ctx, ch, &s0, &s1) == 1 || rn_get(ctx, ch, "after") || rn_get(ctx, ch, "before") ||
            rn_get(ctx, ch, "when")) {
            /* the last sample of its stages (none: not a number) */
            v = a->n > 0 ? a->last : NAN;
        } else if (agg == AGG_NONE) {
            /* expressions see the aggregates of the channels above */
            if (channel_value(ctx, rs, ch, &v)) {
                printf("\n");
                return -1;
            }
        }
        /* an aggregate of no sample (every one not a number: a seabed channel that
         * never found a touchdown) is not a number either */
        if (agg != AGG_NONE && a->n == 0) v = NAN;
        else if (agg != AGG_NONE)
            v = agg == AGG_MAX ? a->max : agg == AGG_MIN ? a->min : agg == AGG_RANGE ? a->max - a->min
                : agg == AGG_MEAN ? a->sum / (double)a->n : agg == AGG_FIRST ? a->first
                : agg == AGG_CROSSINGS ? (double)a->ups
                : agg == AGG_AMPLITUDE ? 2.0 / (double)a->n * sqrt(a->sum_c * a->sum_c + a->sum_s * a->sum_s)
                : agg == AGG_SIGN_CHANGES ? (double)a->zeros
                : agg == AGG_HALF_PERIOD ? (a->zeros > 1 ? (a->t_last_zero - a->t_first_zero) / (double)(a->zeros - 1) : NAN)
                : agg == AGG_PERIOD ? (a->ups > 1 ? (a->t_last_up - a->t_first_up) / (double)(a->ups - 1) : NAN)
                                    : a->absmax;
        rn_var_set(ctx, name, v);
        if (pr) printf(" %s=%.17g", name, v);
    }
    printf("\n");
    return 0;
}
