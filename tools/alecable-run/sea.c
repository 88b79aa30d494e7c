/* alecable-run: the sea of a model file (alecable_sea_create): its level,
 * depth and density, regular Airy or JONSWAP waves, stretching and a
 * current profile; hydrodynamic loads and point bodies put in it with
 * `sea: true`.  Built after gravity (the sea's vertical is opposite it).
 *
 * SPDX-License-Identifier: BSD-3-Clause */
#include "runner.h"

#include <stdlib.h>
#include <string.h>

#define B (ctx->build)

/* current: a list of rows [Z, Ux, Uy, Uz]; *rows is malloc'd (NULL when none) */
static int current_table(rn_ctx *ctx, const yaml_node_t *n, double **rows, int *count)
{
    int i, j, len, bad = 0;
    *rows = NULL;
    *count = 0;
    if (!n) return 0;
    if (!rn_is_seq(n) || (len = rn_seq_len(n)) < 1) {
        rn_error(ctx, n, "current: a list of rows [Z, Ux, Uy, Uz] (Z increasing)", NULL);
        return -1;
    }
    if (!(*rows = (double *)malloc((size_t)len * 4 * sizeof(double)))) {
        rn_error(ctx, n, "memory for the current table", NULL);
        return -1;
    }
    for (i = 0; i < len; i++) {
        yaml_node_t *r = rn_seq_item(ctx, n, i);
        if (!rn_is_seq(r) || rn_seq_len(r) != 4) {
            rn_error(ctx, r, "a row [Z, Ux, Uy, Uz]", NULL);
            bad = 1;
            continue;
        }
        for (j = 0; j < 4; j++)
            if (rn_value(ctx, rn_seq_item(ctx, r, j), &(*rows)[4 * i + j])) bad = 1;
    }
    if (bad) {
        free(*rows);
        *rows = NULL;
        return -1;
    }
    *count = len;
    return 0;
}

int rn_sea(rn_ctx *ctx)
{
    static const char *const keys[] = {"level", "depth", "rho_f", "waves", "height", "period", "heading", "phase",
                                       "Hs", "Tp", "gamma", "omega_min", "omega_max", "components", "seed",
                                       "ramp", "stretching", "current", NULL};
    static const char *const waves[] = {"none", "airy", "jonswap", NULL};
    static const int waves_v[] = {ALECABLE_WAVES_NONE, ALECABLE_WAVES_AIRY, ALECABLE_WAVES_JONSWAP};
    static const char *const stretch[] = {"none", "wheeler", NULL};
    static const int stretch_v[] = {ALECABLE_STRETCH_NONE, ALECABLE_STRETCH_WHEELER};
    yaml_node_t *n = rn_get(ctx, rn_root(ctx), "sea");
    alecable_sea_params sp;
    double *rows = NULL, seed = 0;
    int bad = 0, st = 0;
    if (!n) return 0;
    if (rn_map(ctx, n, "the sea (a mapping)", keys)) return -1;
    alecable_sea_params_init(&sp);
    if (rn_num(ctx, n, "level", &sp.level, 0) < 0) bad = 1;
    if (rn_num(ctx, n, "depth", &sp.depth, RN_REQ | RN_POS) < 0) bad = 1;
    if (rn_num(ctx, n, "rho_f", &sp.rho_f, RN_POS) < 0) bad = 1;
    if (rn_enum(ctx, n, "waves", &sp.waves, waves, waves_v, 0) < 0) bad = 1;
    if (rn_num(ctx, n, "height", &sp.height, RN_NONNEG) < 0) bad = 1;
    if (rn_num(ctx, n, "period", &sp.period, RN_POS) < 0) bad = 1;
    if (rn_num(ctx, n, "heading", &sp.heading, 0) < 0) bad = 1;
    if (rn_num(ctx, n, "phase", &sp.phase, 0) < 0) bad = 1;
    if (rn_num(ctx, n, "Hs", &sp.Hs, RN_NONNEG) < 0) bad = 1;
    if (rn_num(ctx, n, "Tp", &sp.Tp, RN_POS) < 0) bad = 1;
    if (rn_num(ctx, n, "gamma", &sp.gamma, RN_POS) < 0) bad = 1;
    if (rn_num(ctx, n, "omega_min", &sp.omega_min, RN_NONNEG) < 0) bad = 1;
    if (rn_num(ctx, n, "omega_max", &sp.omega_max, RN_NONNEG) < 0) bad = 1;
    if (rn_int(ctx, n, "components", &sp.n_components, 0, 1) < 0) bad = 1;
    if (rn_num(ctx, n, "seed", &seed, RN_NONNEG) == 1) sp.seed = (unsigned long long)seed;
    if (rn_num(ctx, n, "ramp", &sp.ramp_time, RN_NONNEG) < 0) bad = 1;
    if (rn_enum(ctx, n, "stretching", &sp.stretching, stretch, stretch_v, 0) < 0) bad = 1;
    if (current_table(ctx, rn_get(ctx, n, "current"), &rows, &sp.n_current)) bad = 1;
    sp.current = rows;
    if (!bad && B) st = alecable_sea_create(&ctx->sea, ctx->m, &sp);
    free(rows);
    if (bad || rn_lib(ctx, n, st, "sea_create")) return -1;
    return 0;
}

/* `sea: true` of a hydrodynamic load or a point body: the model's sea, which
 * the file must have; 1 when asked, 0 when not, -1 on a mistake */
int rn_in_sea(rn_ctx *ctx, const yaml_node_t *map)
{
    int on = 0;
    if (rn_bool(ctx, map, "sea", &on, 0) < 0) return -1;
    if (on && !rn_get(ctx, rn_root(ctx), "sea")) {
        rn_error(ctx, rn_get(ctx, map, "sea"), "a top-level 'sea' section for 'sea: true'", "a model without one");
        return -1;
    }
    return on;
}
