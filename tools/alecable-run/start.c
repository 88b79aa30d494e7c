/* alecable-run: a model's start from the equilibrium of a variant of it (start:).
 *
 *     start: {set: {hold: 1}, steps: 10}
 *
 * builds the same file a second time with the parameters of `set` changed (after
 * the command line's --set), solves it quasistatically (the library's default
 * options, `steps` load steps) and copies its coordinates into the model before
 * the first stage (alecable_model_get_state, alecable_model_set_state at t = 0):
 * a start found with an end held that the model itself leaves free, as a
 * program that builds two models does (examples/sliding_tether.c).  The two
 * must have the same coordinates (the variant may add or drop constraints,
 * which only add multipliers, and loads).
 *
 * SPDX-License-Identifier: BSD-3-Clause */
#include "runner.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define B (ctx->build)

static void free_sets(char **sets, int n)
{
    int i;
    for (i = 0; i < n; i++) free(sets[i]);
    free(sets);
}

int rn_start(rn_ctx *ctx)
{
    static const char *const keys[] = {"set", "steps", NULL};
    const yaml_node_t *sn = rn_get(ctx, rn_root(ctx), "start"), *set;
    yaml_node_pair_t *p;
    rn_ctx sub;
    char **sets = NULL;
    int steps = 10, n_sets = 0, i, st, nq = 0, nq_sub = 0;
    double *q;
    alecable_quasistatic_options o;
    alecable_solve_report rep;
    if (!sn) return 0;
    if (rn_map(ctx, sn, "start (set: {NAME: VALUE}, steps)", keys)) return -1;
    if (rn_int(ctx, sn, "steps", &steps, 0, 1) < 0) return -1;
    set = rn_get(ctx, sn, "set");
    if (!set || set->type != YAML_MAPPING_NODE || set->data.mapping.pairs.top == set->data.mapping.pairs.start) {
        rn_error(ctx, set ? set : sn, "set: a mapping NAME: VALUE of the parameters the start's variant changes",
                 NULL);
        return -1;
    }
    for (p = set->data.mapping.pairs.start; p < set->data.mapping.pairs.top; p++) {
        const yaml_node_t *k = rn_node(ctx, p->key), *v = rn_node(ctx, p->value);
        const char *name = rn_scalar(k), *val = rn_scalar(v);
        const rn_var *var = name ? rn_var_find(ctx, name) : NULL;
        if (!var || var - ctx->vars >= ctx->n_params) {
            rn_error(ctx, k, "the name of a parameter (start.set)", NULL);
            return -1;
        }
        if (!val || !*val) {
            rn_error(ctx, v, "a value or an expression for the parameter", NULL);
            return -1;
        }
        {
            double x; /* an expression of the parameters (reported here, not in the variant) */
            if (rn_value(ctx, v, &x)) return -1;
        }
        n_sets++;
    }
    if (!B) return 0;
    /* the variant: the same file, the command line's --set, then start.set */
    memset(&sub, 0, sizeof sub);
    sub.file = ctx->file;
    sub.outdir = ctx->outdir;
    sub.overrides = (char **)calloc((size_t)(ctx->n_overrides + n_sets + 1), sizeof *sub.overrides);
    sets = (char **)calloc((size_t)n_sets + 1, sizeof *sets);
    if (!sub.overrides || !sets) {
        free(sub.overrides);
        free(sets);
        return -1;
    }
    for (i = 0; i < ctx->n_overrides; i++) sub.overrides[sub.n_overrides++] = ctx->overrides[i];
    for (i = 0, p = set->data.mapping.pairs.start; p < set->data.mapping.pairs.top; p++, i++) {
        const char *name = rn_scalar(rn_node(ctx, p->key)), *val = rn_scalar(rn_node(ctx, p->value));
        size_t len = strlen(name) + strlen(val) + 2;
        if (!(sets[i] = (char *)malloc(len))) break;
        snprintf(sets[i], len, "%s=%s", name, val);
        sub.overrides[sub.n_overrides++] = sets[i];
    }
    st = i < n_sets ? -1 : rn_load(&sub);
    /* pass 1 collects the variant's names (its 'if' entries may differ), pass 2 builds it */
    if (!st) {
        rn_parameters(&sub);
        rn_model(&sub);
        if (sub.errors) st = -1;
    }
    if (!st) {
        sub.build = 1;
        rn_parameters(&sub);
        st = rn_model(&sub);
    }
    if (st) {
        rn_error_at(ctx, sn->start_mark, "expected a start variant the library builds, got the errors above");
        goto done;
    }
    alecable_quasistatic_options_init(&o);
    o.load_steps = steps;
    alecable_solve_report_init(&rep);
    st = alecable_solve_quasistatic(sub.m, &o, &rep);
    if (st) {
        rn_error_at(ctx, sn->start_mark, "expected a start variant that solves, got %s: %s", alecable_strerror(st),
                    alecable_model_errmsg(sub.m));
        goto done;
    }
    alecable_model_sizes(sub.m, &nq_sub, NULL);
    alecable_model_sizes(ctx->m, &nq, NULL);
    if (nq != nq_sub) {
        rn_error_at(ctx, sn->start_mark,
                    "expected a start variant with the model's coordinates, got %d coordinates for the model's %d",
                    nq_sub, nq);
        st = -1;
        goto done;
    }
    q = (double *)malloc((size_t)nq * sizeof *q + 1);
    st = q ? alecable_model_get_state(sub.m, q, NULL, NULL) : ALECABLE_ENOMEM;
    if (!st) st = rn_lib(ctx, sn, alecable_model_set_state(ctx->m, q, NULL, 0.0), "model_set_state");
    else rn_lib(ctx, sn, st, "model_get_state (the start variant)");
    free(q);
    if (!st)
        printf("  start: its variant (%d parameter%s changed) solved in %d load steps (%d Newton iterations); its "
               "state copied\n",
               n_sets, n_sets > 1 ? "s" : "", rep.steps_completed, rep.iterations_stage1 + rep.iterations_stage2);
done : {
    char **ov = sub.overrides; /* rn_free clears sub */
    rn_free(&sub);
    free(ov);
}
    free_sets(sets, n_sets);
    return st ? -1 : 0;
}
