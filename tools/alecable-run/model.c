/* alecable-run: the model sections of a model file (gravity, bodies,
 * constraints, joints, friction, loads; cables in cables.c) onto the public
 * API.
 *
 * Every reader runs in both passes (see runner.h): in the first it only
 * reads and checks, in the second it also calls the library, reporting a
 * refusal at the line of the entry that caused it.
 *
 * SPDX-License-Identifier: BSD-3-Clause */
#include "runner.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define B (ctx->build)

static const yaml_node_t *section_list(rn_ctx *ctx, const char *key)
{
    yaml_node_t *n = rn_get(ctx, rn_root(ctx), key);
    if (!n) return NULL;
    if (!rn_is_seq(n)) {
        char exp[128];
        snprintf(exp, sizeof exp, "a list ('- ' entries) under %s", key);
        rn_error(ctx, n, exp, NULL);
        return NULL;
    }
    return n;
}

/* ---- bodies ----------------------------------------------------------------------- */
static int body(rn_ctx *ctx, const yaml_node_t *n)
{
    static const char *const keys[] = {"name", "position", "rotation", "mass", "com", "inertia", "velocity",
                                       "omega", "fixed", "fix", NULL};
    alecable_body_params bp;
    const char *name = NULL;
    rn_object *o;
    int bad = 0, fixed = 0, fix[6], nfix = 0;
    alecable_body *b = NULL;
    yaml_node_t *fn;
    if (rn_map(ctx, n, "a body", keys)) return -1;
    alecable_body_params_init(&bp);
    if (rn_str(ctx, n, "name", &name, RN_REQ) < 0) bad = 1;
    if (rn_vec(ctx, n, "position", bp.position, 3, 0) < 0) bad = 1;
    if (rn_vec(ctx, n, "rotation", bp.rotation, 9, 0) < 0) bad = 1;
    if (rn_num(ctx, n, "mass", &bp.mass, RN_NONNEG) < 0) bad = 1;
    if (rn_vec(ctx, n, "com", bp.com, 3, 0) < 0) bad = 1;
    if (rn_vec(ctx, n, "inertia", bp.inertia, 9, 0) < 0) bad = 1;
    if (rn_vec(ctx, n, "velocity", bp.velocity, 3, 0) < 0) bad = 1;
    if (rn_vec(ctx, n, "omega", bp.omega, 3, 0) < 0) bad = 1;
    if (rn_bool(ctx, n, "fixed", &fixed, 0) < 0) bad = 1;
    /* fix: dofs of the body's node held (e.g. [z, rx, ry] keeps it in the xy-plane) */
    if ((fn = rn_get(ctx, n, "fix"))) {
        if (!rn_is_seq(fn) || rn_seq_len(fn) < 1 || rn_seq_len(fn) > 6) {
            rn_error(ctx, fn, "fix: a list of the body's dofs (x, y, z, rx, ry, rz)", NULL);
            bad = 1;
        } else {
            for (nfix = 0; nfix < rn_seq_len(fn); nfix++) {
                yaml_node_t *d = rn_seq_item(ctx, fn, nfix);
                if (rn_dof(ctx, d, &fix[nfix])) bad = 1;
                else if (fix[nfix] == ALECABLE_DOF_S || (fix[nfix] >= ALECABLE_DOF_DX && fix[nfix] <= ALECABLE_DOF_DZ) ||
                         fix[nfix] == ALECABLE_DOF_ROLL) {
                    rn_error(ctx, d, "a body's dof: x, y, z, rx, ry or rz", NULL);
                    bad = 1;
                }
            }
        }
    }
    if (!name) return -1;
    o = rn_declare(ctx, rn_get(ctx, n, "name"), name, RN_BODY, 0);
    if (bad || !o) return -1;
    if (B) {
        if (rn_lib(ctx, n, alecable_body_create(&b, ctx->m, &bp), "body_create")) return -1;
        o->handle = b;
        if (fixed && rn_lib(ctx, rn_get(ctx, n, "fixed"), alecable_body_fix(ctx->m, b), "body_fix")) return -1;
        if (fn) {
            alecable_node *bn = NULL;
            int k;
            if (rn_lib(ctx, fn, alecable_body_node(&bn, b), "body_node")) return -1;
            for (k = 0; k < nfix; k++)
                if (rn_lib(ctx, rn_seq_item(ctx, fn, k), alecable_fix(NULL, ctx->m, bn, fix[k]), "fix")) return -1;
        }
    }
    return 0;
}

/* seabed_touchdown: alecable_seabed_touchdown, the touchdown node method on an
 * ALE cable: the nodes from the end to 'node' held on the plane, node's s free,
 * the others' tied.  Its bottom rows (one per held node, from the end) are kept
 * under its name: a seabed_friction entry names them, and its channel
 * (constraint: NAME) is the touchdown node's row. */
static int touchdown(rn_ctx *ctx, const yaml_node_t *n, const char *name)
{
    double point[3] = {0, 0, 0}, normal[3] = {0, 0, 1}, v;
    int end = 0, node = 0, bad = 0, rows = 0;
    rn_cable *c = rn_cable_ref(ctx, rn_get(ctx, n, "cable"));
    yaml_node_t *nn = rn_get(ctx, n, "node");
    alecable_constraint **r = NULL;
    rn_object *o;
    if (!c) bad = 1;
    if (rn_vec(ctx, n, "point", point, 3, 0) < 0) bad = 1;
    if (rn_vec(ctx, n, "normal", normal, 3, 0) < 0) bad = 1;
    else if (normal[0] == 0 && normal[1] == 0 && normal[2] == 0) {
        rn_error(ctx, rn_get(ctx, n, "normal"), "normal: the plane's normal, not zero", "[0, 0, 0]");
        bad = 1;
    }
    if (rn_int(ctx, n, "end", &end, 0, 0) < 0) bad = 1;
    else if (end != 0 && end != 1) {
        rn_error(ctx, rn_get(ctx, n, "end"), "end: 0 (the grounded part starts at the first node) or 1 (at the last)",
                 "%d", end);
        bad = 1;
    }
    if (c && c->lagrangian) {
        rn_error(ctx, rn_get(ctx, n, "cable"), "an ALE cable (the touchdown node's s is free)", "a lagrangian cable");
        bad = 1;
    }
    if (!nn) {
        rn_error(ctx, n, "the key 'node' (the touchdown node's index)", "a mapping without it");
        bad = 1;
    } else if (rn_value(ctx, nn, &v)) {
        bad = 1;
    } else if (c && !c->unknown_mesh && (v != floor(v) || v < 1 || v > c->n_nodes - 2)) {
        char exp[128];
        snprintf(exp, sizeof exp, "node: the touchdown node's index between cable %s's ends, 1 .. %d", c->name,
                 c->n_nodes - 2);
        rn_error(ctx, nn, exp, "%g", v);
        bad = 1;
    } else {
        node = (int)v;
    }
    o = rn_declare(ctx, rn_get(ctx, n, "name"), name, RN_CONSTRAINT, RN_C_TOUCHDOWN);
    if (bad || !B) return bad ? -1 : 0;
    rows = end ? c->n_nodes - 1 - node : node;
    if (!(r = (alecable_constraint **)malloc((size_t)rows * sizeof *r))) {
        rn_error(ctx, n, "memory for the touchdown's bottom rows", NULL);
        return -1;
    }
    if (rn_lib(ctx, n, alecable_seabed_touchdown(r, ctx->m, c->c, point, normal, end, node), "seabed_touchdown")) {
        free(r);
        return -1;
    }
    if (!o) {
        free(r);
        return 0;
    }
    o->rows = r;
    o->count = rows;
    o->handle = r[rows - 1];
    return 0;
}

/* ---- constraints ------------------------------------------------------------------ */
static int constraint(rn_ctx *ctx, const yaml_node_t *n)
{
    static const char *const types[] = {"fix", "prescribe", "linear", "seabed_touchdown", NULL};
    static const char *const k_fix[] = {"type", "name", "node", "nodes", "dof", "dofs", NULL};
    static const char *const k_pre[] = {"type", "name", "node", "dof", "delta", "motion", NULL};
    static const char *const k_lin[] = {"type", "name", "terms", "rhs", "rhs_rate", NULL};
    static const char *const k_td[] = {"type", "name", "cable", "point", "normal", "end", "node", NULL};
    static const char *const k_term[] = {"node", "dof", "coef", NULL};
    int t = rn_entry_type(ctx, n, "constraints", types), bad = 0;
    const char *name = NULL;
    rn_object *o = NULL;
    alecable_constraint *k = NULL;
    if (t < 0) return -1;
    rn_map(ctx, n, t == 0 ? "a fix" : t == 1 ? "a prescribe" : t == 2 ? "a linear constraint" : "a seabed_touchdown",
           t == 0 ? k_fix : t == 1 ? k_pre : t == 2 ? k_lin : k_td);
    if (rn_str(ctx, n, "name", &name, 0) < 0) return -1;
    if (t == 3) return touchdown(ctx, n, name);
    if (t == 0) {
        yaml_node_t *nn = rn_get(ctx, n, "node"), *ns = rn_get(ctx, n, "nodes"), *d1 = rn_get(ctx, n, "dof"),
                    *ds = rn_get(ctx, n, "dofs");
        alecable_node **list = NULL, *one = NULL;
        int cnt = 0, dofs[16], nd = 0, i, j;
        if (!!nn == !!ns) {
            rn_error(ctx, n, "either 'node' or 'nodes' in a fix", nn ? "both" : "neither");
            return -1;
        }
        if (!!d1 == !!ds) {
            rn_error(ctx, n, "either 'dof' or 'dofs' in a fix", d1 ? "both" : "neither");
            return -1;
        }
        if (d1) {
            if (rn_dof(ctx, d1, &dofs[0])) bad = 1;
            nd = 1;
        } else if (!rn_is_seq(ds) || rn_seq_len(ds) < 1 || rn_seq_len(ds) > 16) {
            rn_error(ctx, ds, "a list of dofs ([x, y, z, s, ...])", NULL);
            bad = 1;
        } else {
            nd = rn_seq_len(ds);
            for (i = 0; i < nd; i++)
                if (rn_dof(ctx, rn_seq_item(ctx, ds, i), &dofs[i])) bad = 1;
        }
        if (nn) {
            if (rn_node_ref(ctx, nn, &one)) bad = 1;
            list = &one;
            cnt = 1;
        } else if (rn_node_list(ctx, ns, &list, &cnt)) {
            bad = 1;
        }
        if (!bad && name && cnt * nd != 1) {
            rn_error(ctx, rn_get(ctx, n, "name"), "a name on a fix of one node and one dof (its multiplier is a channel)",
                     "%d constraints", cnt * nd);
            bad = 1;
        }
        o = rn_declare(ctx, rn_get(ctx, n, "name"), name, RN_CONSTRAINT, 0);
        if (!bad && B)
            for (i = 0; i < cnt && !bad; i++)
                for (j = 0; j < nd && !bad; j++)
                    if (rn_lib(ctx, n, alecable_fix(&k, ctx->m, list[i], dofs[j]), "fix")) bad = 1;
        if (ns) free(list);
    } else if (t == 1) {
        alecable_node *nd = NULL;
        double delta = 0;
        int dof = 0;
        yaml_node_t *dn = rn_get(ctx, n, "dof");
        if (rn_node_ref(ctx, rn_get(ctx, n, "node"), &nd)) bad = 1;
        if (!dn) {
            rn_error(ctx, n, "the key 'dof'", "a mapping without it");
            bad = 1;
        } else if (rn_dof(ctx, dn, &dof)) {
            bad = 1;
        }
        /* delta: q0 + t delta; motion: value(t) given by expressions (a host's function) */
        if (rn_get(ctx, n, "motion")) {
            alecable_motion_fn fn = NULL;
            void *user = NULL;
            if (rn_get(ctx, n, "delta")) {
                rn_error(ctx, rn_get(ctx, n, "delta"), "delta or motion, not both", "both");
                bad = 1;
            }
            if (rn_motion(ctx, rn_get(ctx, n, "motion"), &fn, &user)) bad = 1;
            o = rn_declare(ctx, rn_get(ctx, n, "name"), name, RN_CONSTRAINT, 0);
            if (!bad && B && rn_lib(ctx, n, alecable_prescribe_motion(&k, ctx->m, nd, dof, fn, user), "prescribe_motion"))
                bad = 1;
        } else {
            if (rn_num(ctx, n, "delta", &delta, RN_REQ) < 0) bad = 1;
            o = rn_declare(ctx, rn_get(ctx, n, "name"), name, RN_CONSTRAINT, 0);
            if (!bad && B && rn_lib(ctx, n, alecable_prescribe(&k, ctx->m, nd, dof, delta), "prescribe")) bad = 1;
        }
    } else {
        yaml_node_t *tn = rn_get(ctx, n, "terms");
        double rhs = 0, rate = 0, coef[64];
        alecable_node *nodes[64];
        int dofs[64], cnt = rn_seq_len(tn), i, rhs_now;
        if (!rn_is_seq(tn) || cnt < 1 || cnt > 64) {
            rn_error(ctx, tn ? tn : n, "terms: a list of 1 to 64 {node, dof, coef}", NULL);
            return -1;
        }
        for (i = 0; i < cnt; i++) {
            yaml_node_t *e = rn_seq_item(ctx, tn, i), *dn;
            if (rn_map(ctx, e, "a term", k_term)) {
                bad = 1;
                continue;
            }
            if (rn_node_ref(ctx, rn_get(ctx, e, "node"), &nodes[i])) bad = 1;
            dn = rn_get(ctx, e, "dof");
            if (!dn) {
                rn_error(ctx, e, "the key 'dof'", "a term without it");
                bad = 1;
            } else if (rn_dof(ctx, dn, &dofs[i])) {
                bad = 1;
            }
            if (rn_num(ctx, e, "coef", &coef[i], RN_REQ) < 0) bad = 1;
        }
        /* rhs: current holds the combination at its value when the constraint
         * is made (e.g. the material length between a closed loop's ends) */
        rhs_now = rn_scalar(rn_get(ctx, n, "rhs")) && !strcmp(rn_scalar(rn_get(ctx, n, "rhs")), "current");
        if (!rhs_now && rn_num(ctx, n, "rhs", &rhs, 0) < 0) bad = 1;
        if (!bad && B && rhs_now)
            for (i = 0; i < cnt && !bad; i++) {
                double x[3], q;
                int st = dofs[i] == ALECABLE_DOF_S ? alecable_node_material(nodes[i], &q)
                                                   : alecable_node_position(nodes[i], x);
                if (dofs[i] != ALECABLE_DOF_S) {
                    if (dofs[i] > ALECABLE_DOF_Z) {
                        rn_error(ctx, rn_get(ctx, n, "rhs"), "rhs: current with x, y, z and s terms only", "another dof");
                        bad = 1;
                        break;
                    }
                    q = x[dofs[i]];
                }
                if (rn_lib(ctx, n, st, "node query")) bad = 1;
                rhs += coef[i] * q;
            }
        if (rn_num(ctx, n, "rhs_rate", &rate, 0) < 0) bad = 1;
        o = rn_declare(ctx, rn_get(ctx, n, "name"), name, RN_CONSTRAINT, 0);
        if (!bad && B &&
            rn_lib(ctx, n, alecable_linear_constraint(&k, ctx->m, cnt, nodes, dofs, coef, rhs, rate), "linear_constraint"))
            bad = 1;
    }
    if (!bad && B && o) o->handle = k;
    return bad ? -1 : 0;
}

/* ---- joints ------------------------------------------------------------------------ */
static int joint(rn_ctx *ctx, const yaml_node_t *n)
{
    static const char *const types[] = {"attach", "wrap", "revolute", "prismatic", "spherical", "fixed",
                                        "clamp", "sleeve", "drive", NULL};
    static const int jt[] = {RN_J_ATTACH, RN_J_WRAP, RN_J_REVOLUTE, RN_J_PRISMATIC, RN_J_SPHERICAL, RN_J_FIXED,
                             RN_J_CLAMP, RN_J_SLEEVE, RN_J_DRIVE};
    static const char *const k_att[] = {"type", "name", "node", "body", "point", "hold_s", NULL};
    static const char *const k_wrap[] = {"type", "name", "body", "nodes", "angles", "angle", "radius", "centre", "axis", "ref", NULL};
    static const char *const k_rev[] = {"type", "name", "a", "b", "point", "axis", "stiffness", "damping", "motor", NULL};
    static const char *const k_sph[] = {"type", "name", "a", "b", "point", NULL};
    static const char *const k_clamp[] = {"type", "name", "node", "hold", "body", "position", "rotation", "penalty",
                                          "motion", NULL};
    static const char *const k_drive[] = {"type", "name", "body", "motion", NULL};
    static const char *const k_sleeve[] = {"type", "name", "nodes", "body", "pressure", "normal_from_reaction", "mu",
                                           "augmentation", "surface", NULL};
    int t = rn_entry_type(ctx, n, "joints", types), bad = 0, count = 0;
    const char *name = NULL;
    alecable_joint *j = NULL;
    alecable_frame_fn mfn = NULL; /* a clamp's or drive's motion: its frame is a channel */
    void *muser = NULL;
    rn_object *o;
    if (t < 0) return -1;
    rn_map(ctx, n, types[t],
           t == 0 ? k_att : t == 1 ? k_wrap : t <= 3 ? k_rev : t <= 5 ? k_sph : t == 6 ? k_clamp : t == 7 ? k_sleeve : k_drive);
    if (rn_str(ctx, n, "name", &name, 0) < 0) bad = 1;
    if (t == 0) {
        alecable_node *nd = NULL;
        alecable_body *b = NULL;
        double p[3] = {0, 0, 0};
        int hold = 0;
        if (rn_node_ref(ctx, rn_get(ctx, n, "node"), &nd)) bad = 1;
        if (rn_body_ref(ctx, rn_get(ctx, n, "body"), &b)) bad = 1;
        if (rn_vec(ctx, n, "point", p, 3, 0) < 0) bad = 1;
        if (rn_bool(ctx, n, "hold_s", &hold, RN_REQ) < 0) bad = 1;
        if (!bad && B && rn_lib(ctx, n, alecable_attach(&j, ctx->m, nd, b, p, hold), "attach")) bad = 1;
    } else if (t == 1) {
        alecable_pulley_params pp;
        alecable_body *b = NULL;
        alecable_node **list = NULL;
        yaml_node_t *an = rn_get(ctx, n, "angles");
        double *ang = NULL;
        int i;
        alecable_pulley_params_init(&pp);
        if (rn_body_ref(ctx, rn_get(ctx, n, "body"), &b)) bad = 1;
        if (rn_num(ctx, n, "radius", &pp.radius, RN_REQ | RN_POS) < 0) bad = 1;
        if (rn_vec(ctx, n, "centre", pp.centre, 3, 0) < 0) bad = 1;
        if (rn_vec(ctx, n, "axis", pp.axis, 3, 0) < 0) bad = 1;
        if (rn_vec(ctx, n, "ref", pp.ref, 3, 0) < 0) bad = 1;
        if (!rn_get(ctx, n, "nodes")) {
            rn_error(ctx, n, "the key 'nodes'", "a wrap without it");
            bad = 1;
        } else if (rn_node_list(ctx, rn_get(ctx, n, "nodes"), &list, &count)) {
            bad = 1;
        }
        if (!bad && count < 2) {
            rn_error(ctx, rn_get(ctx, n, "nodes"), "at least two nodes on a wrap", "%d", count);
            bad = 1;
        }
        if (!bad) {
            ang = (double *)calloc((size_t)count, sizeof *ang);
            if (!ang) bad = 1;
        }
        /* angle: an expression of the node's index i in the wrap (from 0);
         * angles: [first, last] spaced evenly, or one per node */
        if (!bad && rn_get(ctx, n, "angle")) {
            int base = ctx->n_vars;
            if (an) {
                rn_error(ctx, an, "angle or angles, not both", "both");
                bad = 1;
            } else if (rn_var_push(ctx, "i", 0)) {
                bad = 1;
            }
            for (i = 0; i < count && !bad; i++) {
                ctx->vars[base].value = i;
                if (rn_value(ctx, rn_get(ctx, n, "angle"), &ang[i])) bad = 1;
            }
            while (ctx->n_vars > base) free(ctx->vars[--ctx->n_vars].name);
        } else if (!bad && (!rn_is_seq(an) || (rn_seq_len(an) != 2 && rn_seq_len(an) != count))) {
            char exp[128];
            snprintf(exp, sizeof exp, "angles: [first, last] or a list of %d angles (one per node)", count);
            rn_error(ctx, an ? an : n, exp, NULL);
            bad = 1;
        } else if (!bad && rn_seq_len(an) == count) {
            for (i = 0; i < count; i++)
                if (rn_value(ctx, rn_seq_item(ctx, an, i), &ang[i])) bad = 1;
        } else if (!bad) {
            double a0, a1;
            if (rn_value(ctx, rn_seq_item(ctx, an, 0), &a0) || rn_value(ctx, rn_seq_item(ctx, an, 1), &a1)) bad = 1;
            for (i = 0; i < count && !bad; i++) ang[i] = a0 + (a1 - a0) * i / (count - 1);
        }
        if (!bad && B && rn_lib(ctx, n, alecable_pulley_wrap(&j, ctx->m, b, &pp, count, list, ang), "pulley_wrap"))
            bad = 1;
        free(ang);
        free(list);
    } else if (t <= 5) {
        alecable_body *a = NULL, *b = NULL;
        double p[3] = {0, 0, 0}, ax[3] = {0, 0, 1}, k = 0, c = 0;
        alecable_torque_fn motor = NULL;
        void *motor_user = NULL;
        if (rn_body_ref(ctx, rn_get(ctx, n, "a"), &a)) bad = 1;
        if (rn_body_ref(ctx, rn_get(ctx, n, "b"), &b)) bad = 1;
        if (rn_vec(ctx, n, "point", p, 3, RN_REQ) < 0) bad = 1;
        if (t <= 3) {
            if (rn_vec(ctx, n, "axis", ax, 3, RN_REQ) < 0) bad = 1;
            if (rn_num(ctx, n, "stiffness", &k, RN_NONNEG) < 0) bad = 1;
            if (rn_num(ctx, n, "damping", &c, RN_NONNEG) < 0) bad = 1;
            if (rn_get(ctx, n, "motor") && rn_motor(ctx, rn_get(ctx, n, "motor"), &motor, &motor_user)) bad = 1;
        }
        if (!bad && B) {
            int st = t == 2 ? alecable_revolute(&j, ctx->m, a, b, p, ax, k)
                     : t == 3 ? alecable_prismatic(&j, ctx->m, a, b, p, ax, k)
                     : t == 4 ? alecable_spherical(&j, ctx->m, a, b, p)
                              : alecable_fixed_joint(&j, ctx->m, a, b, p);
            if (rn_lib(ctx, n, st, types[t])) bad = 1;
            if (!bad && c > 0 && rn_lib(ctx, rn_get(ctx, n, "damping"), alecable_joint_set_damping(j, c), "joint_set_damping"))
                bad = 1;
            if (!bad && motor && rn_lib(ctx, rn_get(ctx, n, "motor"), alecable_joint_set_motor(j, motor, motor_user), "joint_set_motor"))
                bad = 1;
        }
    } else if (t == 6) {
        static const char *const holds[] = {"position", "direction", "roll", "stretch", NULL};
        static const int hold_v[] = {ALECABLE_CLAMP_POSITION, ALECABLE_CLAMP_DIRECTION, ALECABLE_CLAMP_ROLL,
                                     ALECABLE_CLAMP_STRETCH};
        alecable_clamp_params cp;
        alecable_node *nd = NULL;
        yaml_node_t *hn = rn_get(ctx, n, "hold"), *bn = rn_get(ctx, n, "body");
        int i, pos, rot;
        alecable_clamp_params_init(&cp);
        if (rn_node_ref(ctx, rn_get(ctx, n, "node"), &nd)) bad = 1;
        if (hn) {
            if (!rn_is_seq(hn) || rn_seq_len(hn) < 1) {
                rn_error(ctx, hn, "hold: a list of position, direction, roll, stretch", NULL);
                bad = 1;
            } else {
                cp.hold = 0;
                for (i = 0; i < rn_seq_len(hn); i++) {
                    yaml_node_t *h = rn_seq_item(ctx, hn, i);
                    const char *s = rn_scalar(h);
                    int q, v = -1;
                    for (q = 0; s && holds[q]; q++)
                        if (!strcmp(s, holds[q])) v = hold_v[q];
                    if (v < 0) {
                        rn_error(ctx, h, "position, direction, roll or stretch", NULL);
                        bad = 1;
                    } else {
                        cp.hold |= v;
                    }
                }
            }
        }
        if (bn && rn_body_ref(ctx, bn, &cp.body)) bad = 1;
        if ((pos = rn_vec(ctx, n, "position", cp.position, 3, 0)) < 0) bad = 1;
        if ((rot = rn_vec(ctx, n, "rotation", cp.rotation, 9, 0)) < 0) bad = 1;
        if (pos == 1 || rot == 1) {
            cp.frame_given = 1;
            if (pos != 1 || rot != 1) {
                rn_error(ctx, n, "both position and rotation of the clamp frame (or neither)", "only one");
                bad = 1;
            }
        }
        if (rn_num(ctx, n, "penalty", &cp.penalty, RN_NONNEG) < 0) bad = 1;
        /* motion: the clamp frame moved by the host (expressions of t) */
        if (rn_get(ctx, n, "motion")) {
            if (pos == 1 || rot == 1 || bn) {
                rn_error(ctx, rn_get(ctx, n, "motion"), "motion without position, rotation or body", "both");
                bad = 1;
            } else if (rn_frame(ctx, rn_get(ctx, n, "motion"), &cp.motion, &cp.motion_user)) {
                bad = 1;
            }
            mfn = cp.motion;
            muser = cp.motion_user;
        }
        if (!bad && B && rn_lib(ctx, n, alecable_clamp(&j, ctx->m, nd, &cp), "clamp")) bad = 1;
    } else if (t == 8) {
        /* a body driven by the host along a frame (alecable_body_prescribe) */
        alecable_body *b = NULL;
        alecable_frame_fn fn = NULL;
        void *user = NULL;
        if (rn_body_ref(ctx, rn_get(ctx, n, "body"), &b)) bad = 1;
        if (!rn_get(ctx, n, "motion")) {
            rn_error(ctx, n, "the key 'motion' (the frame the body follows)", "a drive without it");
            bad = 1;
        } else if (rn_frame(ctx, rn_get(ctx, n, "motion"), &fn, &user)) {
            bad = 1;
        }
        mfn = fn;
        muser = user;
        if (!bad && B && rn_lib(ctx, n, alecable_body_prescribe(&j, ctx->m, b, fn, user), "body_prescribe")) bad = 1;
    } else {
        alecable_sleeve_params sp;
        alecable_node **list = NULL;
        yaml_node_t *bn = rn_get(ctx, n, "body"), *sn = rn_get(ctx, n, "surface");
        alecable_sleeve_params_init(&sp);
        if (bn && rn_body_ref(ctx, bn, &sp.body)) bad = 1;
        if (sn && rn_body_ref(ctx, sn, &sp.friction.surface)) bad = 1;
        if (rn_num(ctx, n, "pressure", &sp.pressure, RN_NONNEG) < 0) bad = 1;
        if (rn_bool(ctx, n, "normal_from_reaction", &sp.normal_from_reaction, 0) < 0) bad = 1;
        if (rn_num(ctx, n, "mu", &sp.friction.mu, RN_NONNEG) < 0) bad = 1;
        if (rn_num(ctx, n, "augmentation", &sp.friction.augmentation, RN_POS) < 0) bad = 1;
        if (!rn_get(ctx, n, "nodes")) {
            rn_error(ctx, n, "the key 'nodes'", "a sleeve without it");
            bad = 1;
        } else if (rn_node_list(ctx, rn_get(ctx, n, "nodes"), &list, &count)) {
            bad = 1;
        }
        if (!bad && B && rn_lib(ctx, n, alecable_sleeve(&j, ctx->m, &sp, count, list), "sleeve")) bad = 1;
        free(list);
    }
    /* the name is declared even when the entry has a mistake (pass 1), so
     * that its uses below are not reported too */
    o = rn_declare(ctx, rn_get(ctx, n, "name"), name, RN_JOINT, jt[t]);
    if (bad) return -1;
    if (o) {
        o->count = count;
        o->has_motion = rn_get(ctx, n, "motion") != NULL;
        o->frame = mfn;
        o->frame_user = muser;
        if (B) o->handle = j;
    }
    return (name && !o) ? -1 : 0;
}

/* ---- friction -------------------------------------------------------------------- */
/* seabed_friction: alecable_seabed_friction on a seabed_touchdown's bottom rows */
static int seabed_friction(rn_ctx *ctx, const yaml_node_t *n, const char *name, int make)
{
    const char *td = rn_scalar(rn_get(ctx, n, "touchdown"));
    rn_object *t = td ? rn_object_find(ctx, td) : NULL, *o;
    alecable_friction_params fp;
    alecable_joint *j = NULL;
    int bad = 0;
    if (!t || t->what != RN_CONSTRAINT || t->type != RN_C_TOUCHDOWN) {
        rn_error(ctx, rn_get(ctx, n, "touchdown"), "touchdown: the name of a seabed_touchdown constraint defined above",
                 rn_get(ctx, n, "touchdown") ? NULL : "an entry without it");
        bad = 1;
    }
    alecable_friction_params_init(&fp);
    if (rn_num(ctx, n, "mu", &fp.mu, RN_REQ | RN_NONNEG) < 0) bad = 1;
    if (rn_num(ctx, n, "augmentation", &fp.augmentation, RN_POS) < 0) bad = 1;
    if (!bad && make &&
        rn_lib(ctx, n, alecable_seabed_friction(&j, ctx->m, t->rows, t->count, &fp), "seabed_friction"))
        bad = 1;
    o = rn_declare(ctx, rn_get(ctx, n, "name"), name, RN_JOINT, RN_J_FRICTION);
    if (bad) return -1;
    if (o && make) o->handle = j;
    return 0;
}

static int friction(rn_ctx *ctx, const yaml_node_t *n)
{
    static const char *const types[] = {"pulley_slip", "wrap", "eyelet", "seabed_friction", NULL};
    static const char *const k_slip[] = {"type", "name", "wrap", "mu", "flow", "stage", NULL};
    static const char *const k_fr[] = {"type", "name", "wrap", "joint", "mu", "augmentation", "surface", "stage", NULL};
    static const char *const k_sb[] = {"type", "name", "touchdown", "mu", "augmentation", "stage", NULL};
    int t = rn_entry_type(ctx, n, "friction", types), bad = 0, at = 0, make;
    const char *name = NULL;
    rn_object *w = NULL, *o;
    alecable_joint *j = NULL;
    if (t < 0) return -1;
    rn_map(ctx, n, types[t], t == 0 ? k_slip : t == 3 ? k_sb : k_fr);
    if (rn_str(ctx, n, "name", &name, 0) < 0) bad = 1;
    /* stage: N makes the entry at the start of stage N, on the state the stages
     * before left (its contacts stuck there): friction that acts from a
     * frictionless equilibrium on, along the path of the stages after it */
    if (rn_get(ctx, n, "stage")) {
        yaml_node_t *sn = rn_get(ctx, n, "stage");
        int n_stages = rn_seq_len(rn_get(ctx, rn_root(ctx), "analysis"));
        double v = 0;
        char exp[128];
        snprintf(exp, sizeof exp, "stage: one stage N, 1 .. %d (the entry is made at its start)", n_stages);
        if (rn_is_seq(sn)) {
            rn_error(ctx, sn, exp, "a list");
            bad = 1;
        } else if (rn_value(ctx, sn, &v)) {
            bad = 1;
        } else if (v != floor(v) || v < 1 || v > n_stages) {
            rn_error(ctx, sn, exp, "%g", v);
            bad = 1;
        } else {
            at = (int)v;
        }
    }
    make = B && at == ctx->stage;
    if (t == 3) return seabed_friction(ctx, n, name, make && !bad) || bad ? -1 : 0;
    if (t == 0 || t == 1) {
        if (!(w = rn_joint_ref(ctx, rn_get(ctx, n, "wrap"), RN_J_WRAP, "a wrap joint"))) bad = 1;
        if (rn_get(ctx, n, "joint")) {
            rn_error(ctx, rn_get(ctx, n, "joint"), "'wrap' naming the wrap", "'joint'");
            bad = 1;
        }
    } else {
        if (!(w = rn_joint_ref(ctx, rn_get(ctx, n, "joint"), RN_J_ATTACH, "an attach joint (an eyelet)"))) bad = 1;
    }
    if (t == 0) {
        double mu = 0;
        int flow = 1;
        alecable_load *l = NULL;
        if (rn_num(ctx, n, "mu", &mu, RN_REQ | RN_NONNEG) < 0) bad = 1;
        if (rn_int(ctx, n, "flow", &flow, RN_REQ, -1) < 0) bad = 1;
        else if (flow != 1 && flow != -1) {
            rn_error(ctx, rn_get(ctx, n, "flow"), "flow: 1 or -1", NULL);
            bad = 1;
        }
        if (!bad && make &&
            rn_lib(ctx, n, alecable_pulley_friction(&l, ctx->m, (alecable_joint *)w->handle, mu, flow), "pulley_friction"))
            bad = 1;
        o = rn_declare(ctx, rn_get(ctx, n, "name"), name, RN_LOAD, 0);
        if (bad) return -1;
        if (o && make) o->handle = l;
        return 0;
    } else {
        alecable_friction_params fp;
        yaml_node_t *sn = rn_get(ctx, n, "surface");
        alecable_friction_params_init(&fp);
        if (rn_num(ctx, n, "mu", &fp.mu, RN_REQ | RN_NONNEG) < 0) bad = 1;
        if (rn_num(ctx, n, "augmentation", &fp.augmentation, RN_POS) < 0) bad = 1;
        if (sn && rn_body_ref(ctx, sn, &fp.surface)) bad = 1;
        if (!bad && make) {
            int st = t == 1 ? alecable_wrap_friction(&j, ctx->m, (alecable_joint *)w->handle, &fp)
                            : alecable_eyelet_friction(&j, ctx->m, (alecable_joint *)w->handle, &fp);
            if (rn_lib(ctx, n, st, t == 1 ? "wrap_friction" : "eyelet_friction")) bad = 1;
        }
        o = rn_declare(ctx, rn_get(ctx, n, "name"), name, RN_JOINT, RN_J_FRICTION);
        if (bad) return -1;
        if (o && make) o->handle = j;
        return 0;
    }
}

int rn_model_stage(rn_ctx *ctx)
{
    const yaml_node_t *list = rn_get(ctx, rn_root(ctx), "friction");
    int i;
    for (i = 0; list && rn_is_seq(list) && i < rn_seq_len(list); i++) {
        yaml_node_t *e = rn_seq_item(ctx, list, i);
        if (!rn_get(ctx, e, "stage") || rn_skip(ctx, e)) continue;
        ctx->entry = e;
        if (friction(ctx, e)) return -1;
        ctx->entry = NULL;
    }
    return 0;
}

/* ---- loads ------------------------------------------------------------------------- */
static int load(rn_ctx *ctx, const yaml_node_t *n)
{
    static const char *const types[] = {"node", "material_point", "distributed", "hydro", "friction_plane",
                                        "node_moment", "wrench", "body_force", "body_torque", "seabed",
                                        "damping", "point_mass", NULL};
    static const char *const k_node[] = {"type", "name", "node", "force", NULL};
    static const char *const k_mat[] = {"type", "name", "cable", "s", "force", NULL};
    static const char *const k_dist[] = {"type", "name", "cable", "force", "elements", NULL};
    static const char *const k_hydro[] = {"type", "name", "cable", "rho_f", "diameter", "C_dn", "C_dt", "C_an",
                                          "current", "terms", "stiff", "sea", "elements", NULL};
    static const char *const k_fp[] = {"type", "name", "cable", "point", "normal", "mu", "eps", "law", "weight",
                                       "normal_load", "gap", "depth", "elements", "stiff", NULL};
    static const char *const k_mom[] = {"type", "name", "node", "moment", "follower", NULL};
    static const char *const k_wr[] = {"type", "name", "cable", "force", "moment", NULL};
    static const char *const k_bf[] = {"type", "name", "body", "point", "force", NULL};
    static const char *const k_bt[] = {"type", "name", "body", "torque", NULL};
    static const char *const k_sb[] = {"type", "name", "cable", "shape", "point", "normal", "nx", "ny", "origin",
                                       "spacing", "heights", "heights_file", "stiffness", "damping", "mu_axial",
                                       "mu_lateral", "eps", "law", "elements", "stiff", NULL};
    static const char *const k_damp[] = {"type", "name", "cable", "axial", "bending", "elements", "stiff", NULL};
    static const char *const k_pm[] = {"type", "node", "mass", "volume", "rho_f", "drag_area", "added_mass", "sea",
                                       "waterplane", NULL};
    static const char *const *const keys[] = {k_node, k_mat, k_dist, k_hydro, k_fp, k_mom, k_wr, k_bf, k_bt, k_sb,
                                               k_damp, k_pm};
    int t = rn_entry_type(ctx, n, "loads", types), bad = 0, st = 0;
    const char *name = NULL;
    alecable_load *l = NULL;
    alecable_node *nd = NULL;
    alecable_body *b = NULL;
    rn_cable *c = NULL;
    rn_object *o;
    double f[3] = {0, 0, 0}, mvec[3] = {0, 0, 0}, p[3] = {0, 0, 0};
    if (t < 0) return -1;
    rn_map(ctx, n, "a load", keys[t]);
    if (rn_str(ctx, n, "name", &name, 0) < 0) bad = 1;
    if (t == 0 || t == 5 || t == 11) {
        if (rn_node_ref(ctx, rn_get(ctx, n, "node"), &nd)) bad = 1;
    } else if (t <= 4 || t == 6 || t == 9 || t == 10) {
        if (!(c = rn_cable_ref(ctx, rn_get(ctx, n, "cable")))) bad = 1;
    } else if (rn_body_ref(ctx, rn_get(ctx, n, "body"), &b)) {
        bad = 1;
    }
    switch (t) {
    case 0:
        if (rn_vec(ctx, n, "force", f, 3, RN_REQ) < 0) bad = 1;
        if (!bad && B) st = alecable_load_node(&l, ctx->m, nd, f);
        break;
    case 1: {
        double s = 0;
        if (rn_num(ctx, n, "s", &s, RN_REQ) < 0) bad = 1;
        if (rn_vec(ctx, n, "force", f, 3, RN_REQ) < 0) bad = 1;
        if (!bad && B) st = alecable_load_material_point(&l, ctx->m, c->c, s, f);
        break;
    }
    case 2: {
        double r[2];
        int has_r;
        if (rn_vec(ctx, n, "force", f, 3, RN_REQ) < 0) bad = 1;
        if ((has_r = rn_vec(ctx, n, "elements", r, 2, 0)) < 0) bad = 1;
        if (!bad && B)
            st = has_r == 1 ? alecable_load_distributed_range(&l, ctx->m, c->c, (int)r[0], (int)r[1], f)
                            : alecable_load_distributed(&l, ctx->m, c->c, f);
        break;
    }
    case 3: {
        static const char *const terms[] = {"drag", "buoyancy", "added_mass", NULL};
        static const int term_v[] = {ALECABLE_HYDRO_DRAG, ALECABLE_HYDRO_BUOYANCY, ALECABLE_HYDRO_ADDED_MASS};
        alecable_hydro_params hp;
        yaml_node_t *tn = rn_get(ctx, n, "terms");
        double r[2];
        int has_r, in_sea;
        alecable_hydro_params_init(&hp);
        if (rn_num(ctx, n, "rho_f", &hp.rho_f, RN_NONNEG) < 0) bad = 1;
        if (rn_num(ctx, n, "diameter", &hp.diameter, RN_REQ | RN_POS) < 0) bad = 1;
        if (rn_num(ctx, n, "C_dn", &hp.C_dn, RN_NONNEG) < 0) bad = 1;
        if (rn_num(ctx, n, "C_dt", &hp.C_dt, RN_NONNEG) < 0) bad = 1;
        if (rn_num(ctx, n, "C_an", &hp.C_an, RN_NONNEG) < 0) bad = 1;
        if (rn_vec(ctx, n, "current", hp.current, 3, 0) < 0) bad = 1;
        if (rn_bool(ctx, n, "stiff", &hp.stiff, 0) < 0) bad = 1;
        if (tn) {
            int i, q;
            if (!rn_is_seq(tn)) {
                rn_error(ctx, tn, "terms: a list of drag, buoyancy, added_mass", NULL);
                bad = 1;
            } else {
                hp.terms = 0;
                for (i = 0; i < rn_seq_len(tn); i++) {
                    const char *s = rn_scalar(rn_seq_item(ctx, tn, i));
                    int v = 0;
                    for (q = 0; s && terms[q]; q++)
                        if (!strcmp(s, terms[q])) v = term_v[q];
                    if (!v) {
                        rn_error(ctx, rn_seq_item(ctx, tn, i), "drag, buoyancy or added_mass", NULL);
                        bad = 1;
                    }
                    hp.terms |= v;
                }
            }
        }
        if ((in_sea = rn_in_sea(ctx, n)) < 0) bad = 1;
        if ((has_r = rn_vec(ctx, n, "elements", r, 2, 0)) < 0) bad = 1;
        if (!bad && B) st = alecable_load_hydro(&l, ctx->m, c->c, &hp);
        /* in the sea (alecable_load_hydro_set_sea), on a range of elements (a segment's diameter) */
        if (!bad && B && !st && in_sea == 1) st = alecable_load_hydro_set_sea(l, ctx->sea);
        if (!bad && B && !st && has_r == 1) st = alecable_load_hydro_set_elements(l, (int)r[0], (int)r[1]);
        break;
    }
    case 4: {
        static const char *const laws[] = {"saturated", "sqrt", NULL};
        static const int law_v[] = {ALECABLE_FRICTION_SATURATED, ALECABLE_FRICTION_SQRT};
        alecable_friction_plane_params fp;
        double r[2];
        int has_r;
        alecable_friction_plane_params_init(&fp);
        if (rn_vec(ctx, n, "point", fp.point, 3, 0) < 0) bad = 1;
        if (rn_vec(ctx, n, "normal", fp.normal, 3, 0) < 0) bad = 1;
        if (rn_num(ctx, n, "mu", &fp.mu, RN_NONNEG) < 0) bad = 1;
        if (rn_num(ctx, n, "eps", &fp.eps, RN_POS) < 0) bad = 1;
        if (rn_enum(ctx, n, "law", &fp.law, laws, law_v, 0) < 0) bad = 1;
        if (rn_bool(ctx, n, "weight", &fp.weight, 0) < 0) bad = 1;
        if (rn_num(ctx, n, "normal_load", &fp.normal_load, RN_NONNEG) < 0) bad = 1;
        if (rn_num(ctx, n, "gap", &fp.gap, RN_NONNEG) < 0) bad = 1;
        if (rn_num(ctx, n, "depth", &fp.depth, RN_NONNEG) < 0) bad = 1;
        if (rn_bool(ctx, n, "stiff", &fp.stiff, 0) < 0) bad = 1;
        if ((has_r = rn_vec(ctx, n, "elements", r, 2, 0)) < 0) bad = 1;
        if (has_r == 1) {
            fp.first_element = (int)r[0];
            fp.n_elements = (int)r[1];
        }
        if (!bad && B) st = alecable_load_friction_plane(&l, ctx->m, c->c, &fp);
        break;
    }
    case 5: {
        int fol = 0;
        if (rn_vec(ctx, n, "moment", mvec, 3, RN_REQ) < 0) bad = 1;
        if (rn_bool(ctx, n, "follower", &fol, 0) < 0) bad = 1;
        if (!bad && B) st = alecable_load_node_moment(&l, ctx->m, nd, mvec, fol);
        break;
    }
    case 6:
        if (rn_vec(ctx, n, "force", f, 3, 0) < 0) bad = 1;
        if (rn_vec(ctx, n, "moment", mvec, 3, 0) < 0) bad = 1;
        if (!bad && c && c->kind != ALECABLE_ELEMENT_KIRCHHOFF) {
            rn_error(ctx, rn_get(ctx, n, "cable"), "a Kirchhoff cable for a wrench load", "'%s', a cable of another kind",
                     c->name);
            bad = 1;
        }
        if (!bad && B) st = alecable_load_wrench(&l, ctx->m, c->c, f, mvec);
        break;
    case 7:
        if (rn_vec(ctx, n, "point", p, 3, 0) < 0) bad = 1;
        if (rn_vec(ctx, n, "force", f, 3, RN_REQ) < 0) bad = 1;
        if (!bad && B) st = alecable_load_body_force(&l, ctx->m, b, p, f);
        break;
    case 10: {
        alecable_damping_params dp;
        double r[2];
        int has_r;
        alecable_damping_params_init(&dp);
        if (rn_num(ctx, n, "axial", &dp.axial, RN_NONNEG) < 0) bad = 1;
        if (rn_num(ctx, n, "bending", &dp.bending, RN_NONNEG) < 0) bad = 1;
        if (rn_bool(ctx, n, "stiff", &dp.stiff, 0) < 0) bad = 1;
        if ((has_r = rn_vec(ctx, n, "elements", r, 2, 0)) < 0) bad = 1;
        if (has_r == 1) {
            dp.first_element = (int)r[0];
            dp.n_elements = (int)r[1];
        }
        if (!bad && B) st = alecable_load_damping(&l, ctx->m, c->c, &dp);
        break;
    }
    case 11: { /* a point body at a node: a clump weight, a buoy (not an alecable_load: no name) */
        alecable_point_mass_params pp;
        alecable_point_mass *pm = NULL;
        double wp[2] = {0, 0};
        int in_sea, has_wp;
        alecable_point_mass_params_init(&pp);
        if (rn_num(ctx, n, "mass", &pp.mass, RN_NONNEG) < 0) bad = 1;
        if (rn_num(ctx, n, "volume", &pp.volume, RN_NONNEG) < 0) bad = 1;
        if (rn_num(ctx, n, "rho_f", &pp.rho_f, RN_NONNEG) < 0) bad = 1;
        if (rn_num(ctx, n, "drag_area", &pp.drag_area, RN_NONNEG) < 0) bad = 1;
        if (rn_num(ctx, n, "added_mass", &pp.added_mass, RN_NONNEG) < 0) bad = 1;
        if ((in_sea = rn_in_sea(ctx, n)) < 0) bad = 1;
        /* waterplane: [area, height], a surface-piercing buoy (its surface is the sea's) */
        if ((has_wp = rn_vec(ctx, n, "waterplane", wp, 2, 0)) < 0) bad = 1;
        if (has_wp == 1 && in_sea != 1) {
            rn_error(ctx, rn_get(ctx, n, "waterplane"), "'sea: true' with a waterplane (the sea's surface)",
                     "a body in still water");
            bad = 1;
        } else if (has_wp == 1 && (!(wp[0] > 0) || !(wp[1] > 0))) {
            rn_error(ctx, rn_get(ctx, n, "waterplane"), "waterplane: [area, height], each > 0", "[%g, %g]", wp[0], wp[1]);
            bad = 1;
        }
        if (!bad && B) st = alecable_node_point_mass(&pm, nd, &pp);
        if (!bad && B && !st && in_sea == 1) st = alecable_point_mass_set_sea(pm, ctx->sea);
        if (!bad && B && !st && has_wp == 1) st = alecable_point_mass_set_waterplane(pm, wp[0], wp[1]);
        break;
    }
    case 8:
        if (rn_vec(ctx, n, "torque", mvec, 3, RN_REQ) < 0) bad = 1;
        if (!bad && B) st = alecable_load_body_torque(&l, ctx->m, b, mvec);
        break;
    default: { /* RN_LOAD_SEABED: a plane or a bathymetry grid (seabed.c) */
        static const char *const laws[] = {"saturated", "sqrt", NULL};
        static const int law_v[] = {ALECABLE_FRICTION_SATURATED, ALECABLE_FRICTION_SQRT};
        alecable_seabed_params sp;
        double r[2], *heights = NULL;
        int has_r;
        alecable_seabed_params_init(&sp);
        if (rn_seabed_shape(ctx, n, &sp, &heights)) bad = 1;
        if (rn_num(ctx, n, "stiffness", &sp.stiffness, RN_REQ | RN_POS) < 0) bad = 1;
        if (rn_num(ctx, n, "damping", &sp.damping, RN_NONNEG) < 0) bad = 1;
        if (rn_num(ctx, n, "mu_axial", &sp.mu_axial, RN_NONNEG) < 0) bad = 1;
        if (rn_num(ctx, n, "mu_lateral", &sp.mu_lateral, RN_NONNEG) < 0) bad = 1;
        if (rn_num(ctx, n, "eps", &sp.eps, RN_POS) < 0) bad = 1;
        if (rn_enum(ctx, n, "law", &sp.law, laws, law_v, 0) < 0) bad = 1;
        if (rn_bool(ctx, n, "stiff", &sp.stiff, 0) < 0) bad = 1;
        if ((has_r = rn_vec(ctx, n, "elements", r, 2, 0)) < 0) bad = 1;
        if (has_r == 1) {
            sp.first_element = (int)r[0];
            sp.n_elements = (int)r[1];
        }
        if (!bad && B) st = alecable_load_seabed(&l, ctx->m, c->c, &sp);
        free(heights); /* the library copied them */
        break;
    }
    }
    o = rn_declare(ctx, rn_get(ctx, n, "name"), name, RN_LOAD, t);
    if (o) /* one vector alecable_load_set changes: a stage's loads may set, scale, release it */
        o->settable = t == 0 || t == 1 || t == 2 || t == 5 || t == 7 || t == 8;
    if (bad || rn_lib(ctx, n, st, types[t])) return -1;
    if (o && B) {
        o->handle = l;
        memcpy(o->vec, t == 5 || t == 8 ? mvec : f, sizeof o->vec);
    }
    return 0;
}

int rn_model(rn_ctx *ctx)
{
    yaml_node_t *root = rn_root(ctx), *g;
    const yaml_node_t *list;
    yaml_node_pair_t *p;
    int i;
    static const struct {
        const char *key;
        int (*fn)(rn_ctx *, const yaml_node_t *);
    } sections[] = {{"cables", rn_cable_entry},     {"bodies", body}, {"constraints", constraint},
                    {"joints", joint},     {"friction", friction}, {"loads", load}};
    size_t s;
    if (B && rn_lib(ctx, root, alecable_model_create(&ctx->m, NULL), "model_create")) return -1;
    if ((g = rn_get(ctx, root, "gravity"))) {
        double gv[3];
        if (rn_vec(ctx, root, "gravity", gv, 3, 0) == 1 && B &&
            rn_lib(ctx, g, alecable_model_set_gravity(ctx->m, gv), "model_set_gravity"))
            return -1;
    }
    if (rn_sea(ctx) && B) return -1;
    /* the sections in the order of the file: it is the order of the library's
     * calls, hence of the unknowns and multipliers (a program's order is
     * reproduced to the last bit), and a name is used below its definition */
    for (p = root->data.mapping.pairs.start; p < root->data.mapping.pairs.top; p++) {
        const char *key = rn_scalar(rn_node(ctx, p->key));
        for (s = 0; key && s < sizeof sections / sizeof sections[0]; s++) {
            if (strcmp(key, sections[s].key)) continue;
            list = section_list(ctx, key);
            for (i = 0; list && i < rn_seq_len(list); i++) {
                if (rn_skip(ctx, rn_seq_item(ctx, list, i))) continue;
                ctx->entry = rn_seq_item(ctx, list, i);
                sections[s].fn(ctx, rn_seq_item(ctx, list, i));
                ctx->entry = NULL;
                if (B && ctx->errors) return -1; /* the library refused: stop building */
            }
        }
    }
    if (!B && !rn_get(ctx, root, "cables")) rn_error(ctx, root, "the key 'cables' (a model has at least one cable)", "a model without it");
    return ctx->errors ? -1 : 0;
}
