/* alecable-run: a stage's changes to the loads (analysis[i].loads).
 *
 * A stage may set a named load's vector, scale it or release it (set it to
 * zero) before it runs: a payload laid out under load and released, a load
 * doubled for a second stage.  Each change is one alecable_load_set() call;
 * the runner keeps the vector it last gave each load (the library has no
 * getter), so a scale multiplies what the file set, not a value read back.
 *
 * SPDX-License-Identifier: BSD-3-Clause */
#include "runner.h"

#include <stdio.h>
#include <string.h>

#define B (ctx->build)

/* one change: {load: NAME, set: [x, y, z]} | {load: NAME, scale: EXPR} | {load: NAME, release: true} */
static int change(rn_ctx *ctx, const yaml_node_t *n)
{
    static const char *const keys[] = {"load", "set", "scale", "release", NULL};
    static const char *const ways[] = {"set", "scale", "release"};
    const yaml_node_t *ln;
    const char *name = NULL;
    rn_object *o;
    double v[3] = {0, 0, 0}, scale = 1;
    int i, given = 0, way = -1, release = 0, bad = 0;
    if (!n || n->type != YAML_MAPPING_NODE) {
        rn_error(ctx, n, "a mapping {load: NAME, set: [x, y, z] | scale: FACTOR | release: true} for a change of a load",
                 NULL);
        return -1;
    }
    rn_map(ctx, n, "a change of a load", keys);
    if (rn_str(ctx, n, "load", &name, RN_REQ) != 1) return -1;
    ln = rn_get(ctx, n, "load");
    o = rn_object_find(ctx, name);
    if (!o || o->what != RN_LOAD) {
        rn_error(ctx, ln, "the name of a load (a loads entry with a name, above)", NULL);
        return -1;
    }
    if (!o->settable) {
        rn_error(ctx, ln,
                 "a load with one vector (node, material_point, distributed, node_moment, body_force, body_torque)",
                 "'%s', a load of another type", name);
        return -1;
    }
    for (i = 0; i < 3; i++)
        if (rn_get(ctx, n, ways[i])) {
            given++;
            way = i;
        }
    if (given != 1) {
        rn_error(ctx, n, "one of set, scale and release in a change of a load",
                 given ? "%d of them" : "none of them", given);
        return -1;
    }
    if (way == 0 && rn_vec(ctx, n, "set", v, 3, RN_REQ) < 0) bad = 1;
    if (way == 1 && rn_num(ctx, n, "scale", &scale, RN_REQ) < 0) bad = 1;
    if (way == 2) {
        if (rn_bool(ctx, n, "release", &release, RN_REQ) < 0) bad = 1;
        else if (!release) {
            rn_error(ctx, rn_get(ctx, n, "release"), "release: true (leave the entry out to keep the load)", NULL);
            bad = 1;
        }
    }
    if (bad || !B) return bad ? -1 : 0;
    if (way == 1)
        for (i = 0; i < 3; i++) v[i] = scale * o->vec[i];
    /* release: v stays zero */
    if (rn_lib(ctx, n, alecable_load_set((alecable_load *)o->handle, v), "load_set")) return -1;
    memcpy(o->vec, v, sizeof v);
    return 0;
}

int rn_stage_loads(rn_ctx *ctx, const yaml_node_t *stage)
{
    const yaml_node_t *list = rn_get(ctx, stage, "loads");
    int i, bad = 0;
    if (!list) return 0;
    if (!rn_is_seq(list)) {
        rn_error(ctx, list, "a list of changes of loads ({load: NAME, set|scale|release: ...}) under a stage's loads",
                 NULL);
        return -1;
    }
    for (i = 0; i < rn_seq_len(list); i++) {
        yaml_node_t *c = rn_seq_item(ctx, list, i);
        if (rn_skip(ctx, c)) continue;
        if (change(ctx, c)) bad = 1;
        if (bad && B) return -1;
    }
    return bad ? -1 : 0;
}
