/* alecable-run: a seabed load's shape (alecable_seabed_params): a plane
 * (point, normal) or a bathymetry grid (shape: grid; nx, ny, origin,
 * spacing, and the heights inline or from a CSV file).
 *
 * The heights are heights[j * nx + i] at (origin[0] + i dx, origin[1] + j dy),
 * as the library takes them, written as
 *   heights: [h00, h10, ..., h(nx-1)(ny-1)]     nx * ny numbers or expressions, or
 *   heights: [[h00, h10, ...], [h01, ...], ...]  ny rows of nx (row j: y = origin[1] + j dy), or
 *   heights: "EXPR"                              an expression of x and y, sampled at the grid's points, or
 *   heights_file: PATH                           a CSV file of ny rows of nx numbers (row j as above; lines
 *                                                empty or starting with '#' skipped), PATH relative to the
 *                                                model file's folder unless absolute.
 * Both passes read them: the first reports every mistake at its key's line.
 *
 * SPDX-License-Identifier: BSD-3-Clause */
#include "runner.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* heights: a list (flat or rows) or an expression of x and y */
static int inline_heights(rn_ctx *ctx, const yaml_node_t *hn, const alecable_seabed_params *sp, double *h)
{
    int i, j, bad = 0, n = sp->nx * sp->ny;
    if (rn_scalar(hn)) { /* an expression of x and y */
        int base = ctx->n_vars;
        if (rn_var_push(ctx, "x", 0) || rn_var_push(ctx, "y", 0)) bad = 1;
        for (j = 0; j < sp->ny && !bad; j++)
            for (i = 0; i < sp->nx && !bad; i++) {
                ctx->vars[base].value = sp->origin[0] + i * sp->spacing[0];
                ctx->vars[base + 1].value = sp->origin[1] + j * sp->spacing[1];
                if (rn_value(ctx, hn, &h[j * sp->nx + i])) bad = 1;
            }
        while (ctx->n_vars > base) free(ctx->vars[--ctx->n_vars].name);
        return bad ? -1 : 0;
    }
    if (rn_is_seq(hn) && rn_seq_len(hn) == n && !rn_is_seq(rn_seq_item(ctx, hn, 0))) {
        for (i = 0; i < n; i++)
            if (rn_value(ctx, rn_seq_item(ctx, hn, i), &h[i])) bad = 1;
        return bad ? -1 : 0;
    }
    if (rn_is_seq(hn) && rn_seq_len(hn) == sp->ny && rn_is_seq(rn_seq_item(ctx, hn, 0))) {
        for (j = 0; j < sp->ny; j++) {
            yaml_node_t *row = rn_seq_item(ctx, hn, j);
            if (!rn_is_seq(row) || rn_seq_len(row) != sp->nx) {
                char exp[96];
                snprintf(exp, sizeof exp, "a row of nx = %d heights", sp->nx);
                rn_error(ctx, row, exp, NULL);
                bad = 1;
                continue;
            }
            for (i = 0; i < sp->nx; i++)
                if (rn_value(ctx, rn_seq_item(ctx, row, i), &h[j * sp->nx + i])) bad = 1;
        }
        return bad ? -1 : 0;
    }
    {
        char exp[160];
        snprintf(exp, sizeof exp, "heights: nx * ny = %d numbers, ny = %d rows of nx = %d, or an expression of x and y",
                 n, sp->ny, sp->nx);
        rn_error(ctx, hn, exp, NULL);
    }
    return -1;
}

/* heights_file: the CSV's rows; a mistake is reported at the key with the CSV's line */
static int file_heights(rn_ctx *ctx, const yaml_node_t *fn, const alecable_seabed_params *sp, double *h)
{
    const char *name = rn_scalar(fn), *slash = strrchr(ctx->file, '/');
    char path[4096], line[65536], exp[160];
    FILE *f;
    int row = 0, lineno = 0, bad = 0;
    if (!name || !*name) {
        rn_error(ctx, fn, "heights_file: the path of a CSV file", NULL);
        return -1;
    }
    if (name[0] == '/' || !slash) snprintf(path, sizeof path, "%s", name);
    else snprintf(path, sizeof path, "%.*s/%s", (int)(slash - ctx->file), ctx->file, name);
    if (!(f = fopen(path, "r"))) {
        rn_error(ctx, fn, "heights_file: a readable CSV file", "'%s' (%s)", path, strerror(errno));
        return -1;
    }
    snprintf(exp, sizeof exp, "heights_file: ny = %d rows of nx = %d numbers", sp->ny, sp->nx);
    while (!bad && fgets(line, sizeof line, f)) {
        char *p = line, *end;
        int i = 0;
        lineno++;
        while (*p == ' ' || *p == '\t') p++;
        if (*p == '#' || *p == '\n' || *p == '\r' || !*p) continue;
        if (row == sp->ny) {
            rn_error(ctx, fn, exp, "more rows (%s:%d)", path, lineno);
            bad = 1;
            break;
        }
        for (;;) {
            double v = strtod(p, &end);
            if (i == sp->nx) {
                rn_error(ctx, fn, exp, "more than %d numbers on %s:%d", sp->nx, path, lineno);
                bad = 1;
                break;
            }
            if (end == p || !isfinite(v)) {
                rn_error(ctx, fn, exp, "not a finite number at %s:%d, column %d", path, lineno, (int)(p - line) + 1);
                bad = 1;
                break;
            }
            h[row * sp->nx + i++] = v;
            p = end;
            while (*p == ' ' || *p == '\t') p++;
            if (*p == ',') {
                p++;
                continue;
            }
            if (*p == '\n' || *p == '\r' || !*p) break;
            rn_error(ctx, fn, exp, "'%c' after a number at %s:%d", *p, path, lineno);
            bad = 1;
            break;
        }
        if (!bad && i != sp->nx) {
            rn_error(ctx, fn, exp, "%d numbers on %s:%d", i, path, lineno);
            bad = 1;
        }
        row++;
    }
    fclose(f);
    if (!bad && row != sp->ny) {
        rn_error(ctx, fn, exp, "%d rows in %s", row, path);
        bad = 1;
    }
    return bad ? -1 : 0;
}

int rn_seabed_shape(rn_ctx *ctx, const yaml_node_t *n, alecable_seabed_params *sp, double **heights)
{
    static const char *const shapes[] = {"plane", "grid", NULL};
    static const int shape_v[] = {ALECABLE_SEABED_PLANE, ALECABLE_SEABED_GRID};
    static const char *const grid_keys[] = {"nx", "ny", "origin", "spacing", "heights", "heights_file", NULL};
    static const char *const plane_keys[] = {"point", "normal", NULL};
    yaml_node_t *hn = rn_get(ctx, n, "heights"), *fn = rn_get(ctx, n, "heights_file");
    int bad = 0, k;
    *heights = NULL;
    if (rn_enum(ctx, n, "shape", &sp->shape, shapes, shape_v, 0) < 0) return -1;
    /* the other shape's keys: a mistake, named */
    for (k = 0; sp->shape == ALECABLE_SEABED_PLANE && grid_keys[k]; k++)
        if (rn_get(ctx, n, grid_keys[k])) {
            rn_error(ctx, rn_get(ctx, n, grid_keys[k]), "'shape: grid' with a grid's keys", "'%s' on a plane",
                     grid_keys[k]);
            bad = 1;
        }
    for (k = 0; sp->shape == ALECABLE_SEABED_GRID && plane_keys[k]; k++)
        if (rn_get(ctx, n, plane_keys[k])) {
            rn_error(ctx, rn_get(ctx, n, plane_keys[k]), "'shape: plane' (the default) with a plane's keys",
                     "'%s' on a grid", plane_keys[k]);
            bad = 1;
        }
    if (bad) return -1;
    if (sp->shape == ALECABLE_SEABED_PLANE) {
        if (rn_vec(ctx, n, "point", sp->point, 3, 0) < 0) bad = 1;
        if (rn_vec(ctx, n, "normal", sp->normal, 3, 0) < 0) bad = 1;
        return bad ? -1 : 0;
    }
    if (rn_int(ctx, n, "nx", &sp->nx, RN_REQ, 2) < 0) bad = 1;
    if (rn_int(ctx, n, "ny", &sp->ny, RN_REQ, 2) < 0) bad = 1;
    if (rn_vec(ctx, n, "origin", sp->origin, 2, 0) < 0) bad = 1;
    if (rn_vec(ctx, n, "spacing", sp->spacing, 2, RN_REQ) < 0) bad = 1;
    for (k = 0; k < 2 && !bad; k++)
        if (!(sp->spacing[k] > 0)) {
            rn_error(ctx, rn_get(ctx, n, "spacing"), "spacing: [dx, dy], each > 0", "%s = %g", k ? "dy" : "dx",
                     sp->spacing[k]);
            bad = 1;
        }
    if (!hn == !fn) {
        rn_error(ctx, hn ? fn : NULL, "either 'heights' or 'heights_file' for a grid",
                 hn ? "both" : ctx->entry ? "an entry with neither" : "neither");
        bad = 1;
    }
    if (bad) return -1;
    if ((size_t)sp->nx * (size_t)sp->ny > (size_t)100000000) {
        rn_error(ctx, rn_get(ctx, n, "nx"), "a grid of at most 1e8 points", "%d x %d", sp->nx, sp->ny);
        return -1;
    }
    if (!(*heights = (double *)malloc((size_t)sp->nx * (size_t)sp->ny * sizeof(double)))) {
        rn_error(ctx, hn ? hn : fn, "memory for the grid's heights", NULL);
        return -1;
    }
    if (hn ? inline_heights(ctx, hn, sp, *heights) : file_heights(ctx, fn, sp, *heights)) {
        free(*heights);
        *heights = NULL;
        return -1;
    }
    sp->heights = *heights;
    return 0;
}
