/* alecable-run: runs a model file (YAML) with libalecable.
 *
 *     alecable-run [--set NAME=VALUE]... [--out DIR] [--check] MODEL.yaml
 *
 * The whole file is checked before anything is built; every mistake is
 * reported as FILE:LINE:COL: expected ..., got ... and nothing runs.  See
 * doc/model-format.md for the format.
 *
 * SPDX-License-Identifier: BSD-3-Clause */
#include "runner.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void usage(FILE *f)
{
    fprintf(f,
            "usage: alecable-run [options] MODEL.yaml\n"
            "Runs a libalecable model file: builds the cables, bodies, constraints, joints,\n"
            "friction and loads it describes, runs its analysis stages (quasistatic load\n"
            "steps, time integration), writes its outputs and prints a summary and a last line\n"
            "  result: status=0 NAME=VALUE ...\n"
            "with the channels of output.channels.  A mistake in the file is reported as\n"
            "  MODEL.yaml:LINE:COLUMN: expected ..., got ...\n"
            "and nothing is run (exit status 2).  The format: doc/model-format.md.\n"
            "\n"
            "options:\n"
            "  --set NAME=VALUE   override a parameter of the file's parameters section\n"
            "                     (VALUE may be an expression of the parameters above it)\n"
            "  --out DIR          write the outputs with relative paths into DIR (must exist)\n"
            "  --check            check the file only (build nothing, run nothing)\n"
            "  --progress         show the progress line even when stderr is not a terminal\n"
            "  --no-progress      never show it (the default on a terminal is to show it)\n"
            "  --version          print the library's version\n"
            "  --help             print this help\n"
            "\n"
            "exit status: 0 done, 1 a solve failed (the result line has its status),\n"
            "2 a mistake in the model file or on the command line.\n");
}

static int load(rn_ctx *ctx)
{
    FILE *f = fopen(ctx->file, "rb");
    yaml_parser_t parser;
    int ok;
    if (!f) {
        perror(ctx->file);
        return -1;
    }
    if (!yaml_parser_initialize(&parser)) {
        fclose(f);
        fprintf(stderr, "%s: cannot initialize the YAML parser\n", ctx->file);
        return -1;
    }
    yaml_parser_set_input_file(&parser, f);
    ok = yaml_parser_load(&parser, &ctx->doc);
    if (!ok) {
        yaml_mark_t mk = parser.problem_mark;
        fprintf(stderr, "%s:%lu:%lu: expected valid YAML, got a syntax error: %s%s%s\n", ctx->file,
                (unsigned long)mk.line + 1, (unsigned long)mk.column + 1, parser.problem ? parser.problem : "?",
                parser.context ? " " : "", parser.context ? parser.context : "");
        ctx->errors++;
    } else {
        ctx->have_doc = 1;
    }
    yaml_parser_delete(&parser);
    fclose(f);
    return ok ? 0 : -1;
}

int main(int argc, char **argv)
{
    static const char *const top[] = {"title", "parameters", "gravity", "cables", "bodies", "constraints",
                                      "joints", "friction", "loads", "analysis", "output", NULL};
    rn_ctx ctx;
    int a, check_only = 0, progress = -1, st;
    yaml_node_t *root;
    memset(&ctx, 0, sizeof ctx);
    ctx.overrides = (char **)calloc((size_t)argc + 1, sizeof *ctx.overrides);
    if (!ctx.overrides) return 2;
    for (a = 1; a < argc; a++) {
        if (!strcmp(argv[a], "--help") || !strcmp(argv[a], "-h")) {
            usage(stdout);
            free(ctx.overrides);
            return 0;
        } else if (!strcmp(argv[a], "--version")) {
            printf("alecable-run (libalecable %s)\n", alecable_version());
            free(ctx.overrides);
            return 0;
        } else if (!strcmp(argv[a], "--set") && a + 1 < argc && strchr(argv[a + 1], '=')) {
            ctx.overrides[ctx.n_overrides++] = argv[++a];
        } else if (!strcmp(argv[a], "--out") && a + 1 < argc) {
            ctx.outdir = argv[++a];
        } else if (!strcmp(argv[a], "--check")) {
            check_only = 1;
        } else if (!strcmp(argv[a], "--progress")) {
            progress = 1;
        } else if (!strcmp(argv[a], "--no-progress")) {
            progress = 0;
        } else if (argv[a][0] == '-' || ctx.file) {
            fprintf(stderr, "alecable-run: unexpected argument '%s' (--set needs NAME=VALUE)\n", argv[a]);
            usage(stderr);
            free(ctx.overrides);
            return 2;
        } else {
            ctx.file = argv[a];
        }
    }
    if (!ctx.file) {
        usage(stderr);
        free(ctx.overrides);
        return 2;
    }
    ctx.progress = progress >= 0 ? progress : isatty(STDERR_FILENO);
    if (load(&ctx)) goto fail;
    root = rn_root(&ctx);
    if (!root) {
        fprintf(stderr, "%s:1:1: expected a mapping of model sections (cables, analysis, ...), got an empty file\n",
                ctx.file);
        goto fail;
    }
    /* pass 1: check everything, build nothing */
    if (rn_map(&ctx, root, "the model file", top) == 0) {
        rn_parameters(&ctx);
        rn_model(&ctx);
        rn_analysis(&ctx);
    }
    if (ctx.errors) {
        fprintf(stderr, "%s: %d error%s: nothing was run\n", ctx.file, ctx.errors, ctx.errors > 1 ? "s" : "");
        goto fail;
    }
    if (check_only) {
        char **ov = ctx.overrides;
        printf("%s: no errors\n", ctx.file);
        rn_free(&ctx);
        free(ov);
        return 0;
    }
    /* pass 2: build and run */
    ctx.build = 1;
    rn_parameters(&ctx);
    if (rn_model(&ctx)) {
        fprintf(stderr, "%s: the library refused the model: nothing was run\n", ctx.file);
        goto fail;
    }
    st = rn_analysis(&ctx);
    a = ctx.errors;
    {
        char **ov = ctx.overrides;
        rn_free(&ctx);
        free(ov);
    }
    if (a && st < 0) return 2;
    return st ? 1 : 0;
fail : {
    char **ov = ctx.overrides;
    rn_free(&ctx);
    free(ov);
}
    return 2;
}
