/* alecable-run: the analysis stages (quasistatic load steps, time
 * integration), the outputs (cable CSV, VTK files and series, a history CSV)
 * and the channels printed on the result line.
 *
 * In the first pass only the entries are checked; the second runs them.
 * Channels are sampled after every load step of a split quasistatic stage
 * and every sample time of a dynamic one (for 'over' aggregates and the
 * history), and once at the end for the result line.
 *
 * SPDX-License-Identifier: BSD-3-Clause */
#define _POSIX_C_SOURCE 200809L
#include "runner.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define B (ctx->build)

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* ---- what the stages leave for the channels ------------------------------------- */
enum { AGG_NONE, AGG_MAX, AGG_MIN, AGG_RANGE, AGG_MEAN, AGG_ABSMAX, AGG_FIRST };
typedef struct channel_acc {
    double min, max, sum, absmax, last, first;
    long n;
    int fired; /* when: the condition held at a sample (the value is frozen) */
} channel_acc;

typedef struct run_state {
    int stage;      /* the stage running (from 1) */
    /* quasistatic: totals over every solve call of the run, the last report */
    long qs_it1, qs_it2, qs_steps, qs_calls, qs_shifted, qs_damped;
    alecable_solve_report last;
    int have_report;
    /* dynamics: the last integrator's counters */
    alecable_step_stats stats;
    double t;       /* time of the current stage (0 at its start; the load factor in quasistatics) */
    channel_acc *acc;
    int n_channels;
    FILE *history;
    /* VTK series */
    const char *vtk_dir, *vtk_base;
    int vtk_every, vtk_n, vtk_cap, sample_no;
    char **vtk_names;
    double *vtk_times;
    double wall;
    const char *outdir;
} run_state;

static const char *out_path(const run_state *rs, const char *path, char *buf, size_t len)
{
    int k;
    if (!rs->outdir || path[0] == '/') return path;
    k = snprintf(buf, len, "%s/%s", rs->outdir, path);
    return k < 0 || (size_t)k >= len ? path : buf; /* too long for the buffer: as given */
}

/* ---- channels --------------------------------------------------------------------- */
static const char *const CH_KEYS[] = {"name", "node", "element", "body", "constraint", "joint", "energy",
                                      "report", "stats", "time", "expr", "value", "index", "xi", "scale",
                                      "over", "print", "of", "stage", "after", "before", "when", NULL};
static const char *const SOURCES[] = {"node", "element", "body", "constraint", "joint", "energy", "report",
                                      "stats", "time", "expr", NULL};

static int pick(rn_ctx *ctx, const yaml_node_t *n, const char *key, const char *const names[], int *v)
{
    int i;
    static const int idx[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19};
    for (i = 0; names[i]; i++) {}
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

static const char *const node_vals[] = {"x", "y", "z", "s", "roll", "dx", "dy", "dz", NULL};
static const char *const el_vals[] = {"strain", "axial_force", "s_a", "s_b", "tension", "twist", "torque",
                                          "moment2", "moment3", "curvature2", "curvature3", "stretch", NULL};
static const char *const body_vals[] = {"x", "y", "z", "angle_z", NULL};
static const char *const con_vals[] = {"multiplier", "reaction", NULL};
static const char *const joint_vals[] = {"normal_force", "multiplier", "angle", "slide", "spring", "force_x",
                                             "force_y", "force_z", "moment_x", "moment_y", "moment_z", "lambda_t",
                                             "lambda_n", "slip", "slip_total", "work", "stuck", "slipping", NULL};
static const char *const energy_vals[] = {"internal", "external", "potential", "kinetic", "total", NULL};
static const char *const report_vals[] = {"iterations_stage1", "iterations_stage2", "iterations",
                                              "avg_iterations_stage1", "avg_iterations_stage2", "load_steps",
                                              "final_residual", "load_factor", "shifted", "damped", "max_shift",
                                              "dependent_lines", NULL};
static const char *const stats_vals[] = {"steps", "rejected", "newton_iterations", "linear_solves", NULL};
static int source_value(rn_ctx *ctx, run_state *rs, const yaml_node_t *ch, int src, int index, double scale, int of,
                        double *v);

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
        rn_error(ctx, ch, "a channel source: node, element, body, constraint, joint, energy, report, stats, time or expr",
                 "a channel without one");
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
        if (pick(ctx, ch, "value", node_vals, &which) != 1 || !B) {
            free(list);
            return B ? -1 : 0;
        }
        for (i = 0; i < cnt && !st; i++) {
            double x = 0.0;
            st = node_value(list[i], which, &x);
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
            if (!st) st = element_value(e, which, xi, &x);
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
        if (which >= 11 && o->type != RN_J_FRICTION && o->type != RN_J_SLEEVE) {
            rn_error(ctx, rn_get(ctx, ch, "value"), "a contact value on a friction joint or a sleeve", "a joint of another type");
            return -1;
        }
        if (!B) return 0;
        j = (alecable_joint *)o->handle;
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
             : which == 2 ? (double)rs->stats.newton_iterations : (double)rs->stats.linear_solves;
        return 0;
    case 8: /* time */
        *v = rs ? rs->t : 1.0;
        return 0;
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

static const yaml_node_t *channels_node(rn_ctx *ctx)
{
    return rn_get(ctx, rn_get(ctx, rn_root(ctx), "output"), "channels");
}

/* stage: N or [FIRST, LAST]: the channel counts the samples of those stages
 * only, and its value is the last of them (or their aggregate); 0 when the
 * channel has no stage key, -1 on a mistake */
static int stage_range(rn_ctx *ctx, const yaml_node_t *ch, int *a, int *b)
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
static int check_channels(rn_ctx *ctx)
{
    static const char *const aggs[] = {"max", "min", "range", "mean", "absmax", "first", NULL};
    static const int agg_v[] = {AGG_MAX, AGG_MIN, AGG_RANGE, AGG_MEAN, AGG_ABSMAX, AGG_FIRST};
    const yaml_node_t *cs = channels_node(ctx);
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
        if (rn_str(ctx, ch, "name", &name, RN_REQ) != 1) continue;
        nn = rn_get(ctx, ch, "name");
        rn_num(ctx, ch, "scale", &scale, 0);
        rn_enum(ctx, ch, "over", &agg, aggs, agg_v, 0);
        rn_bool(ctx, ch, "print", &pr, 0);
        {
            int a, b;
            double after;
            stage_range(ctx, ch, &a, &b);
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
static int sample_channels(rn_ctx *ctx, run_state *rs)
{
    const yaml_node_t *cs = channels_node(ctx);
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
        if (stage_range(ctx, ch, &s0, &s1) == 1 && (rs->stage < s0 || rs->stage > s1)) continue;
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
        if (a->n == 0) a->first = v;
        a->last = v;
        if (a->n == 0 || v < a->min) a->min = v;
        if (a->n == 0 || v > a->max) a->max = v;
        if (fabs(v) > a->absmax) a->absmax = fabs(v);
        a->sum += v;
        a->n++;
        pr = 1;
        rn_bool(ctx, ch, "print", &pr, 0);
        if (rs->history && pr) fprintf(rs->history, ",%.17g", v);
    }
    if (rs->history) fputc('\n', rs->history);
    return 0;
}

/* the result line: final values, aggregates where asked */
static int final_channels(rn_ctx *ctx, run_state *rs, int status)
{
    static const char *const aggs[] = {"max", "min", "range", "mean", "absmax", "first", NULL};
    static const int agg_v[] = {AGG_MAX, AGG_MIN, AGG_RANGE, AGG_MEAN, AGG_ABSMAX, AGG_FIRST};
    const yaml_node_t *cs = channels_node(ctx);
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
        if (stage_range(ctx, ch, &s0, &s1) == 1 || rn_get(ctx, ch, "after") || rn_get(ctx, ch, "before") ||
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
        if (agg != AGG_NONE && a->n > 0)
            v = agg == AGG_MAX ? a->max : agg == AGG_MIN ? a->min : agg == AGG_RANGE ? a->max - a->min
                : agg == AGG_MEAN ? a->sum / (double)a->n : agg == AGG_FIRST ? a->first : a->absmax;
        rn_var_set(ctx, name, v);
        if (pr) printf(" %s=%.17g", name, v);
    }
    printf("\n");
    return 0;
}

/* ---- VTK series and progress ---------------------------------------------------------- */
static int vtk_frame(rn_ctx *ctx, run_state *rs, const yaml_node_t *at, double t)
{
    char path[2048], full[2048];
    if (!rs->vtk_dir) return 0;
    if (rs->sample_no++ % rs->vtk_every) return 0;
    if (rs->vtk_n == rs->vtk_cap) {
        int cap = rs->vtk_cap ? 2 * rs->vtk_cap : 64;
        char **names = (char **)realloc(rs->vtk_names, (size_t)cap * sizeof *names);
        double *times;
        if (!names) return -1;
        rs->vtk_names = names;
        times = (double *)realloc(rs->vtk_times, (size_t)cap * sizeof *times);
        if (!times) return -1;
        rs->vtk_times = times;
        rs->vtk_cap = cap;
    }
    rs->vtk_names[rs->vtk_n] = (char *)malloc(strlen(rs->vtk_base) + 16);
    if (!rs->vtk_names[rs->vtk_n]) return -1;
    sprintf(rs->vtk_names[rs->vtk_n], "%s_%05d.vtk", rs->vtk_base, rs->vtk_n);
    snprintf(path, sizeof path, "%s/%s", rs->vtk_dir, rs->vtk_names[rs->vtk_n]);
    rs->vtk_times[rs->vtk_n++] = t;
    return rn_lib(ctx, at, alecable_write_vtk(ctx->m, out_path(rs, path, full, sizeof full)), "write_vtk");
}

/* "stage 2/3 load step 12 of 40 (load factor 0.3)" or "stage 1/1 t = 1.25 of 10 s",
 * at most five times a second, on stderr when it is a terminal */
static void progress(rn_ctx *ctx, int stage, int n_stages, long done, long total, const char *what, double value,
                     double *last)
{
    double w;
    if (!ctx->progress) return;
    w = now();
    if (w - *last < 0.2 && done < total) return;
    *last = w;
    if (!strcmp(what, "t"))
        fprintf(stderr, "\r  stage %d/%d: t = %.6g s, sample %ld of %ld (%3.0f%%)   ", stage, n_stages, value, done, total,
                100.0 * (double)done / (double)total);
    else
        fprintf(stderr, "\r  stage %d/%d: load step %ld of %ld, load factor %.6g (%3.0f%%)   ", stage, n_stages, done,
                total, value, 100.0 * (double)done / (double)total);
    fflush(stderr);
}

static void progress_end(rn_ctx *ctx)
{
    if (ctx->progress) fprintf(stderr, "\r%78s\r", "");
}

/* ---- stages ------------------------------------------------------------------------------ */
static const char *const LINSOLVE_NAMES[] = {"umfpack", "spqr", "klu", "band", "auto", NULL};
static const int LINSOLVE_V[] = {ALECABLE_LINSOLVE_UMFPACK, ALECABLE_LINSOLVE_SPQR, ALECABLE_LINSOLVE_KLU,
                                 ALECABLE_LINSOLVE_BAND, ALECABLE_LINSOLVE_AUTO};

static int quasistatic(rn_ctx *ctx, run_state *rs, const yaml_node_t *n, int stage, int n_stages)
{
    static const char *const keys[] = {"type", "steps", "t0", "t1", "split", "max_iterations", "tol_residual",
                                       "tol_increment", "regularization", "alpha", "rank_tol", "linear_solver",
                                       "globalization", "ptc_shift", "first", "last", "load_factor", NULL};
    static const char *const regs[] = {"none", "two_stage", NULL};
    static const int reg_v[] = {ALECABLE_REG_NONE, ALECABLE_REG_TWO_STAGE};
    static const char *const globs[] = {"auto", "none", "ptc", NULL};
    static const int glob_v[] = {ALECABLE_GLOBAL_AUTO, ALECABLE_GLOBAL_NONE, ALECABLE_GLOBAL_PTC};
    alecable_quasistatic_options o;
    int bad = 0, split = 0, k, st = 0, first = 1, last = -1;
    long it0[3];
    double t0, t1, shown = 0;
    rn_map(ctx, n, "a quasistatic stage", keys);
    alecable_quasistatic_options_init(&o);
    if (rn_int(ctx, n, "steps", &o.load_steps, 0, 1) < 0) bad = 1;
    if (rn_num(ctx, n, "t0", &o.t0, 0) < 0) bad = 1;
    if (rn_num(ctx, n, "t1", &o.t1, 0) < 0) bad = 1;
    if (rn_bool(ctx, n, "split", &split, 0) < 0) bad = 1;
    if (rn_int(ctx, n, "max_iterations", &o.max_iterations, 0, 1) < 0) bad = 1;
    if (rn_num(ctx, n, "tol_residual", &o.tol_residual, RN_POS) < 0) bad = 1;
    if (rn_num(ctx, n, "tol_increment", &o.tol_increment, RN_POS) < 0) bad = 1;
    if (rn_enum(ctx, n, "regularization", &o.regularization, regs, reg_v, 0) < 0) bad = 1;
    if (rn_num(ctx, n, "alpha", &o.alpha, RN_POS) < 0) bad = 1;
    if (rn_num(ctx, n, "rank_tol", &o.rank_tol, RN_NONNEG) < 0) bad = 1;
    if (rn_enum(ctx, n, "linear_solver", &o.linear_solver, LINSOLVE_NAMES, LINSOLVE_V, 0) < 0) bad = 1;
    if (rn_enum(ctx, n, "globalization", &o.globalization, globs, glob_v, 0) < 0) bad = 1;
    if (rn_num(ctx, n, "ptc_shift", &o.ptc_shift, RN_POS) < 0) bad = 1;
    /* first, last: only these load steps of the ramp (split), e.g. a first
     * step with another linear solver in a stage of its own */
    if (rn_int(ctx, n, "first", &first, 0, 1) < 0) bad = 1;
    if (rn_int(ctx, n, "last", &last, 0, 1) < 0) bad = 1;
    if (!bad && (rn_get(ctx, n, "first") || rn_get(ctx, n, "last")) && !split) {
        rn_error(ctx, rn_get(ctx, n, "first") ? rn_get(ctx, n, "first") : rn_get(ctx, n, "last"),
                 "first and last with split: true", "a stage without split");
        bad = 1;
    }
    /* load_factor: an expression of the step number k giving the load factor
     * at the end of step k (k = 0 its start), for a ramp written as a
     * program writes it */
    if (!bad && rn_get(ctx, n, "load_factor")) {
        int base = ctx->n_vars;
        double tk;
        if (!split) {
            rn_error(ctx, rn_get(ctx, n, "load_factor"), "load_factor with split: true", "a stage without split");
            bad = 1;
        } else if (rn_var_push(ctx, "k", 0) || rn_value(ctx, rn_get(ctx, n, "load_factor"), &tk)) {
            bad = 1;
        }
        while (ctx->n_vars > base) free(ctx->vars[--ctx->n_vars].name);
    }
    if (last < 0) last = o.load_steps;
    if (!bad && (last > o.load_steps || first > last)) {
        rn_error(ctx, n, "1 <= first <= last <= steps", "first = %d, last = %d, steps = %d", first, last, o.load_steps);
        bad = 1;
    }
    if (bad || !B) return bad ? -1 : 0;
    t0 = o.t0;
    t1 = o.t1;
    /* split: one solve call per load step (the examples that write a frame
     * or print a line after each step), else one call for all of them */
    it0[0] = rs->qs_it1;
    it0[1] = rs->qs_it2;
    it0[2] = rs->qs_steps;
    if (!split) first = last = 1;
    for (k = first; k <= last; k++) {
        alecable_quasistatic_options oc = o;
        alecable_solve_report rep;
        if (split && rn_get(ctx, n, "load_factor")) {
            int base = ctx->n_vars;
            rn_var_push(ctx, "k", k - 1);
            rn_value(ctx, rn_get(ctx, n, "load_factor"), &oc.t0);
            ctx->vars[base].value = k;
            rn_value(ctx, rn_get(ctx, n, "load_factor"), &oc.t1);
            while (ctx->n_vars > base) free(ctx->vars[--ctx->n_vars].name);
            oc.load_steps = 1;
            if (k == last) t1 = oc.t1;
        } else if (split) {
            oc.t0 = t0 + (t1 - t0) * (double)(k - 1) / o.load_steps;
            oc.t1 = t0 + (t1 - t0) * (double)k / o.load_steps;
            oc.load_steps = 1;
        }
        alecable_solve_report_init(&rep);
        st = alecable_solve_quasistatic(ctx->m, &oc, &rep);
        rs->qs_it1 += rep.iterations_stage1;
        rs->qs_it2 += rep.iterations_stage2;
        rs->qs_steps += rep.steps_completed;
        rs->qs_shifted += rep.shifted_iterations;
        rs->qs_damped += rep.damped_iterations;
        rs->qs_calls++;
        rs->last = rep;
        rs->have_report = 1;
        rs->t = rep.load_factor;
        if (st) {
            progress_end(ctx);
            fprintf(stderr, "%s:%lu:%lu: the quasistatic stage failed at load factor %.6g: %s: %s\n", ctx->file,
                    (unsigned long)n->start_mark.line + 1, (unsigned long)n->start_mark.column + 1, rep.load_factor,
                    alecable_strerror(st), alecable_model_errmsg(ctx->m));
            return st;
        }
        if (split) {
            if (sample_channels(ctx, rs) || vtk_frame(ctx, rs, n, oc.t1)) return -1;
            progress(ctx, stage, n_stages, k - first + 1, last - first + 1, "load factor", oc.t1, &shown);
        }
    }
    if (!split && (sample_channels(ctx, rs) || vtk_frame(ctx, rs, n, t1))) return -1;
    progress_end(ctx);
    printf("  stage %d quasistatic: %ld load steps, Newton iterations %ld + %ld (stages 1, 2), residual %.3g\n", stage,
           rs->qs_steps - it0[2], rs->qs_it1 - it0[0], rs->qs_it2 - it0[1], rs->last.final_residual);
    return 0;
}

static int dynamic(rn_ctx *ctx, run_state *rs, const yaml_node_t *n, int stage, int n_stages)
{
    static const char *const keys[] = {"type", "method", "h", "t_end", "sample", "adaptive", "atol", "rtol", "h_min",
                                       "h_max", "beta", "gamma", "alpha", "rho_inf", "max_iterations", "tol_residual",
                                       "tol_increment", "baumgarte_a1", "baumgarte_a2", "imex", "linear_solver",
                                       "hht_history", "steps", NULL};
    static const char *const methods[] = {"newmark", "hht", "bossak", "genalpha", "si-be", "si-bdf2", "si-newmark",
                                          "si-hht", NULL};
    static const int method_v[] = {ALECABLE_METHOD_NEWMARK, ALECABLE_METHOD_HHT, ALECABLE_METHOD_BOSSAK,
                                   ALECABLE_METHOD_GENALPHA, ALECABLE_METHOD_SI_BE, ALECABLE_METHOD_SI_BDF2,
                                   ALECABLE_METHOD_SI_NEWMARK, ALECABLE_METHOD_SI_HHT};
    static const char *const hist[] = {"auto", "evaluate", NULL};
    static const int hist_v[] = {ALECABLE_HHT_HISTORY_AUTO, ALECABLE_HHT_HISTORY_EVALUATE};
    alecable_dynamic_options o;
    alecable_integrator *it = NULL;
    double t_end = 0, sample = 0, last = 0, w0;
    int bad = 0, k, n_out, st, n_steps = 0;
    rn_map(ctx, n, "a dynamic stage", keys);
    alecable_dynamic_options_init(&o);
    if (rn_enum(ctx, n, "method", &o.method, methods, method_v, 0) < 0) bad = 1;
    if (rn_num(ctx, n, "h", &o.h, RN_POS) < 0) bad = 1;
    /* t_end: advance to the sample times; steps: that many steps of size h
     * (alecable_integrator_step), a sample after each */
    if (rn_get(ctx, n, "t_end") && rn_get(ctx, n, "steps")) {
        rn_error(ctx, rn_get(ctx, n, "steps"), "t_end or steps, not both", "both");
        bad = 1;
    } else if (rn_get(ctx, n, "steps")) {
        if (rn_int(ctx, n, "steps", &n_steps, RN_REQ, 1) < 0) bad = 1;
        if (rn_get(ctx, n, "sample")) {
            rn_error(ctx, rn_get(ctx, n, "sample"), "sample with t_end (steps sample every step)", "steps");
            bad = 1;
        }
        if (rn_get(ctx, n, "adaptive")) {
            rn_error(ctx, rn_get(ctx, n, "adaptive"), "adaptive with t_end (steps are fixed steps of size h)", "steps");
            bad = 1;
        }
    } else if (rn_num(ctx, n, "t_end", &t_end, RN_REQ | RN_POS) < 0) {
        bad = 1;
    }
    if (rn_num(ctx, n, "sample", &sample, RN_POS) < 0) bad = 1;
    if (rn_bool(ctx, n, "adaptive", &o.adaptive, 0) < 0) bad = 1;
    if (rn_num(ctx, n, "atol", &o.atol, RN_POS) < 0) bad = 1;
    if (rn_num(ctx, n, "rtol", &o.rtol, RN_NONNEG) < 0) bad = 1;
    if (rn_num(ctx, n, "h_min", &o.h_min, RN_POS) < 0) bad = 1;
    if (rn_num(ctx, n, "h_max", &o.h_max, RN_NONNEG) < 0) bad = 1;
    if (rn_num(ctx, n, "beta", &o.beta, RN_NONNEG) < 0) bad = 1;
    if (rn_num(ctx, n, "gamma", &o.gamma, RN_NONNEG) < 0) bad = 1;
    if (rn_num(ctx, n, "alpha", &o.alpha, 0) < 0) bad = 1;
    if (rn_num(ctx, n, "rho_inf", &o.rho_inf, RN_NONNEG) < 0) bad = 1;
    if (rn_int(ctx, n, "max_iterations", &o.max_iterations, 0, 1) < 0) bad = 1;
    if (rn_num(ctx, n, "tol_residual", &o.tol_residual, RN_POS) < 0) bad = 1;
    if (rn_num(ctx, n, "tol_increment", &o.tol_increment, RN_POS) < 0) bad = 1;
    if (rn_num(ctx, n, "baumgarte_a1", &o.baumgarte_a1, RN_NONNEG) < 0) bad = 1;
    if (rn_num(ctx, n, "baumgarte_a2", &o.baumgarte_a2, RN_NONNEG) < 0) bad = 1;
    if (rn_bool(ctx, n, "imex", &o.imex, 0) < 0) bad = 1;
    if (rn_enum(ctx, n, "linear_solver", &o.linear_solver, LINSOLVE_NAMES, LINSOLVE_V, 0) < 0) bad = 1;
    if (rn_enum(ctx, n, "hht_history", &o.hht_history, hist, hist_v, 0) < 0) bad = 1;
    if (bad || !B) return bad ? -1 : 0;
    if (sample <= 0) sample = o.h;
    n_out = n_steps > 0 ? n_steps : (int)floor(t_end / sample + 0.5);
    if (n_out < 1) n_out = 1;
    if (n_steps > 0) t_end = n_steps * o.h;
    if (rn_lib(ctx, n, alecable_model_integrator(&it, ctx->m, &o), "model_integrator")) return -1;
    if (rn_lib(ctx, n, alecable_model_pull_state(ctx->m, it), "model_pull_state")) {
        alecable_integrator_destroy(it);
        return -1;
    }
    rs->t = 0;
    /* the state the stage starts from is a sample (an energy range includes it) */
    if (sample_channels(ctx, rs) || vtk_frame(ctx, rs, n, 0.0)) {
        alecable_integrator_destroy(it);
        return -1;
    }
    w0 = now();
    for (k = 1; k <= n_out; k++) {
        /* the sample times k * sample, as a program's loop takes them: t_end
         * is rounded to a whole number of samples */
        double tk = k * sample;
        if (n_steps > 0) {
            st = alecable_integrator_step(it, o.h);
            alecable_integrator_get_state(it, &tk, NULL, NULL, NULL, NULL);
        } else {
            st = alecable_integrator_advance(it, tk);
        }
        if (st) {
            progress_end(ctx);
            fprintf(stderr, "%s:%lu:%lu: the dynamic stage failed at t = %.6g: %s: %s\n", ctx->file,
                    (unsigned long)n->start_mark.line + 1, (unsigned long)n->start_mark.column + 1, tk,
                    alecable_strerror(st), alecable_integrator_errmsg(it));
            alecable_step_stats_init(&rs->stats);
            alecable_integrator_stats(it, &rs->stats);
            alecable_integrator_destroy(it);
            return st;
        }
        alecable_model_pull_state(ctx->m, it);
        rs->t = tk;
        alecable_step_stats_init(&rs->stats);
        alecable_integrator_stats(it, &rs->stats);
        if (sample_channels(ctx, rs) || vtk_frame(ctx, rs, n, tk)) {
            alecable_integrator_destroy(it);
            return -1;
        }
        progress(ctx, stage, n_stages, k, n_out, "t", tk, &last);
    }
    progress_end(ctx);
    printf("  stage %d dynamic: t = %g s, %ld steps (%ld rejected), %ld Newton iterations, wall %.3f s\n", stage, t_end,
           rs->stats.steps, rs->stats.rejected, rs->stats.newton_iterations, now() - w0);
    alecable_integrator_destroy(it);
    return 0;
}

/* ---- outputs at the end --------------------------------------------------------------------- */
static int final_outputs(rn_ctx *ctx, run_state *rs, const yaml_node_t *out)
{
    yaml_node_t *csv = rn_get(ctx, out, "cable_csv"), *vtk = rn_get(ctx, out, "vtk");
    static const char *const k_csv[] = {"cable", "path", NULL};
    char buf[2048];
    int i, n = csv ? (rn_is_seq(csv) ? rn_seq_len(csv) : 1) : 0;
    for (i = 0; i < n; i++) {
        yaml_node_t *e = rn_is_seq(csv) ? rn_seq_item(ctx, csv, i) : csv;
        const char *path = NULL;
        rn_cable *c;
        if (rn_map(ctx, e, "a cable CSV (cable, path)", k_csv)) continue;
        c = rn_cable_ref(ctx, rn_get(ctx, e, "cable"));
        if (rn_str(ctx, e, "path", &path, RN_REQ) != 1 || !c) continue;
        if (B) {
            if (rn_lib(ctx, e, alecable_write_cable_csv(c->c, out_path(rs, path, buf, sizeof buf)), "write_cable_csv"))
                return -1;
            printf("  wrote %s\n", out_path(rs, path, buf, sizeof buf));
        }
    }
    if (vtk) {
        const char *path = rn_scalar(vtk);
        if (!path || !*path) rn_error(ctx, vtk, "a file name for output.vtk", NULL);
        else if (B) {
            if (rn_lib(ctx, vtk, alecable_write_vtk(ctx->m, out_path(rs, path, buf, sizeof buf)), "write_vtk")) return -1;
            printf("  wrote %s\n", out_path(rs, path, buf, sizeof buf));
        }
    }
    if (B && rs->vtk_dir && rs->vtk_n > 0) {
        char path[2048];
        snprintf(path, sizeof path, "%s/%s.pvd", rs->vtk_dir, rs->vtk_base);
        if (rn_lib(ctx, rn_get(ctx, out, "vtk_series"),
                   alecable_write_pvd(ctx->m, out_path(rs, path, buf, sizeof buf), rs->vtk_n,
                                      (const char *const *)rs->vtk_names, rs->vtk_times),
                   "write_pvd"))
            return -1;
        printf("  wrote %d VTK files and %s\n", rs->vtk_n, out_path(rs, path, buf, sizeof buf));
    }
    return 0;
}

static void free_run(run_state *rs)
{
    int i;
    for (i = 0; i < rs->vtk_n; i++) free(rs->vtk_names[i]);
    free(rs->vtk_names);
    free(rs->vtk_times);
    free(rs->acc);
    if (rs->history) fclose(rs->history);
}

int rn_analysis(rn_ctx *ctx)
{
    static const char *const k_out[] = {"channels", "cable_csv", "vtk", "vtk_series", "history", NULL};
    static const char *const k_series[] = {"dir", "base", "every", NULL};
    static const char *const types[] = {"quasistatic", "dynamic", NULL};
    static const int type_v[] = {0, 1};
    yaml_node_t *root = rn_root(ctx), *an = rn_get(ctx, root, "analysis"), *out = rn_get(ctx, root, "output"), *vs;
    run_state rs;
    int i, n, st = 0, nq = 0, nlam = 0;
    double w0 = now();
    memset(&rs, 0, sizeof rs);
    rs.outdir = ctx->outdir;
    if (out) rn_map(ctx, out, "output", k_out);
    if (!an) {
        rn_error(ctx, root, "the key 'analysis' (a list of quasistatic and dynamic stages)", "a model without it");
        return -1;
    }
    if (!rn_is_seq(an) || rn_seq_len(an) == 0) {
        rn_error(ctx, an, "a list of quasistatic and dynamic stages under analysis", NULL);
        return -1;
    }
    n = rn_seq_len(an);
    if (!B) {
        for (i = 0; i < n; i++) {
            yaml_node_t *s = rn_seq_item(ctx, an, i);
            int t = -1;
            if (rn_skip(ctx, s)) continue;
            if (!s || s->type != YAML_MAPPING_NODE) {
                rn_error(ctx, s, "a mapping for a stage of analysis", NULL);
                continue;
            }
            if (rn_enum(ctx, s, "type", &t, types, type_v, RN_REQ) != 1) continue;
            if (t == 0) quasistatic(ctx, &rs, s, i + 1, n);
            else dynamic(ctx, &rs, s, i + 1, n);
        }
        if ((vs = rn_get(ctx, out, "vtk_series")) && !rn_map(ctx, vs, "vtk_series", k_series)) {
            const char *d;
            int every;
            rn_str(ctx, vs, "dir", &d, RN_REQ);
            rn_str(ctx, vs, "base", &d, 0);
            rn_int(ctx, vs, "every", &every, 0, 1);
        }
        if ((vs = rn_get(ctx, out, "history")) && !rn_scalar(vs)) rn_error(ctx, vs, "a file name for output.history", NULL);
        check_channels(ctx);
        final_outputs(ctx, &rs, out);
        return ctx->errors ? -1 : 0;
    }
    /* pass 2: run */
    rs.n_channels = rn_seq_len(channels_node(ctx));
    rs.acc = (channel_acc *)calloc((size_t)rs.n_channels + 1, sizeof *rs.acc);
    if (!rs.acc) return -1;
    if ((vs = rn_get(ctx, out, "vtk_series"))) {
        rs.vtk_every = 1;
        rs.vtk_base = "frame";
        rn_str(ctx, vs, "dir", &rs.vtk_dir, RN_REQ);
        rn_str(ctx, vs, "base", &rs.vtk_base, 0);
        rn_int(ctx, vs, "every", &rs.vtk_every, 0, 1);
    }
    if ((vs = rn_get(ctx, out, "history"))) {
        char buf[2048];
        const char *path = out_path(&rs, rn_scalar(vs), buf, sizeof buf);
        const yaml_node_t *cs = channels_node(ctx);
        rs.history = fopen(path, "w");
        if (!rs.history) {
            rn_error_at(ctx, vs->start_mark, "expected a file that can be written for output.history, got %s", path);
            free_run(&rs);
            return -1;
        }
        fprintf(rs.history, "t");
        for (i = 0; i < rn_seq_len(cs); i++) {
            yaml_node_t *ch = rn_seq_item(ctx, cs, i);
            int pr = 1;
            rn_bool(ctx, ch, "print", &pr, 0);
            if (pr && !rn_skip(ctx, ch)) fprintf(rs.history, ",%s", rn_scalar(rn_get(ctx, ch, "name")));
        }
        fputc('\n', rs.history);
    }
    if (rn_lib(ctx, root, alecable_model_finalize(ctx->m), "model_finalize")) {
        free_run(&rs);
        return -1;
    }
    alecable_model_sizes(ctx->m, &nq, &nlam);
    printf("alecable-run %s: %d cable(s), %d coordinates, %d constraint equations, %d stage(s)\n", ctx->file,
           ctx->n_cables, nq, nlam, n);
    for (i = 0; i < n && !st; i++) {
        yaml_node_t *s = rn_seq_item(ctx, an, i);
        int t = 0;
        if (rn_skip(ctx, s)) continue;
        rs.stage = i + 1;
        rn_enum(ctx, s, "type", &t, types, type_v, RN_REQ);
        st = t == 0 ? quasistatic(ctx, &rs, s, i + 1, n) : dynamic(ctx, &rs, s, i + 1, n);
    }
    if (!st) st = final_outputs(ctx, &rs, out);
    rs.wall = now() - w0;
    if (!st) printf("  done in %.3f s\n", rs.wall);
    if (final_channels(ctx, &rs, st ? (st < 0 ? st : 1) : 0)) st = -1;
    free_run(&rs);
    return st;
}
