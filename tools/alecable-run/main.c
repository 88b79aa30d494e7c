/* alecable-run: runs a model file (YAML) with libalecable.
 *
 *     alecable-run [--set NAME=VALUE]... [--out DIR] [--history FILE] [--check] MODEL.yaml
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
            "and nothing is run (exit status 2).  The format: doc/model-format.md; the manual:\n"
            "alecable-run(1) (doc/alecable-run.1).\n"
            "\n"
            "options (--NAME VALUE and --NAME=VALUE are the same; a unique prefix of a name\n"
            "will do; options may follow the file; -- ends them):\n"
            "  --set NAME=VALUE   override a parameter of the file's parameters section\n"
            "                     (VALUE may be an expression of the parameters above it);\n"
            "                     may be given many times\n"
            "  --out DIR          write the outputs with relative paths into DIR (must exist)\n"
            "  --history FILE     write the history CSV (t, then every printed channel at every\n"
            "                     sample) to FILE, in place of the file's output.history\n"
            "  --check            check the file only (build nothing, run nothing)\n"
            "  --progress         show the progress line even when stderr is not a terminal\n"
            "  --no-progress      never show it (the default on a terminal is to show it)\n"
            "  --version          print the library's version\n"
            "  --help             print this help\n"
            "\n"
            "exit status: 0 done, 1 a solve failed (the result line has its status),\n"
            "2 a mistake in the model file or on the command line.\n"
            "\n"
            "example:\n"
            "  alecable-run --set n=40 --out=/tmp --history=/tmp/h.csv examples/models/capstan.yaml\n");
}

int rn_load(rn_ctx *ctx)
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

/* the options, getopt_long's way: --NAME VALUE or --NAME=VALUE, a unique prefix of a
 * name (--no-p), options before or after the file, -- ends them */
enum { O_HELP, O_VERSION, O_SET, O_OUT, O_HISTORY, O_CHECK, O_PROGRESS, O_NO_PROGRESS };
static const struct {
    const char *name;
    int has_arg;
} options[] = {{"help", 0},    {"version", 0}, {"set", 1},      {"out", 1},
               {"history", 1}, {"check", 0},   {"progress", 0}, {"no-progress", 0}};
#define N_OPTIONS ((int)(sizeof options / sizeof options[0]))

/* the option of "--NAME[=VALUE]" (arg without the dashes): its index, or -1 with a
 * message (unknown or ambiguous); *value points after '=' or is NULL */
static int find_option(const char *arg, const char **value)
{
    const char *eq = strchr(arg, '=');
    size_t len = eq ? (size_t)(eq - arg) : strlen(arg);
    int i, found = -1, matches = 0;
    *value = eq ? eq + 1 : NULL;
    for (i = 0; i < N_OPTIONS; i++) {
        if (strncmp(options[i].name, arg, len)) continue;
        if (strlen(options[i].name) == len) return i; /* exact */
        found = i;
        matches++;
    }
    if (matches == 1 && len > 0) return found;
    fprintf(stderr, "alecable-run: %s option '--%.*s'\n", matches > 1 ? "ambiguous" : "unknown", (int)len, arg);
    return -1;
}

/* reads the command line into ctx; returns -1 to exit 0 (--help, --version), 0 to
 * run, 2 on a mistake (reported) */
static int parse_args(rn_ctx *ctx, int argc, char **argv, int *check_only, int *progress)
{
    int a, only_files = 0;
    for (a = 1; a < argc; a++) {
        const char *arg = argv[a], *value = NULL;
        int o;
        if (only_files || arg[0] != '-' || !strcmp(arg, "-")) {
            if (ctx->file) {
                fprintf(stderr, "alecable-run: one model file only, got '%s' after '%s'\n", arg, ctx->file);
                return 2;
            }
            ctx->file = arg;
            continue;
        }
        if (!strcmp(arg, "--")) {
            only_files = 1;
            continue;
        }
        if (!strcmp(arg, "-h")) o = O_HELP;
        else if (arg[1] != '-') {
            fprintf(stderr, "alecable-run: unknown option '%s'\n", arg);
            return 2;
        } else if ((o = find_option(arg + 2, &value)) < 0) return 2;
        if (!options[o].has_arg && value) {
            fprintf(stderr, "alecable-run: option '--%s' takes no value, got '%s'\n", options[o].name, arg);
            return 2;
        }
        if (options[o].has_arg && !value) {
            if (a + 1 >= argc) {
                fprintf(stderr, "alecable-run: option '--%s' needs a value\n", options[o].name);
                return 2;
            }
            value = argv[++a];
        }
        switch (o) {
        case O_HELP: usage(stdout); return -1;
        case O_VERSION: printf("alecable-run (libalecable %s)\n", alecable_version()); return -1;
        case O_SET:
            if (!strchr(value, '=') || value[0] == '=') {
                fprintf(stderr, "alecable-run: --set needs NAME=VALUE, got '%s'\n", value);
                return 2;
            }
            ctx->overrides[ctx->n_overrides++] = (char *)value;
            break;
        case O_OUT: ctx->outdir = value; break;
        case O_HISTORY: ctx->history = value; break;
        case O_CHECK: *check_only = 1; break;
        case O_PROGRESS: *progress = 1; break;
        default: *progress = 0; break;
        }
    }
    if (!ctx->file) {
        fprintf(stderr, "alecable-run: no model file\n");
        return 2;
    }
    return 0;
}

int main(int argc, char **argv)
{
    static const char *const top[] = {"title", "parameters", "gravity", "sea", "cables", "bodies", "constraints",
                                      "joints", "friction", "loads", "start", "analysis", "output", NULL};
    rn_ctx ctx;
    int a, check_only = 0, progress = -1, st;
    yaml_node_t *root;
    memset(&ctx, 0, sizeof ctx);
    ctx.overrides = (char **)calloc((size_t)argc + 1, sizeof *ctx.overrides);
    if (!ctx.overrides) return 2;
    a = parse_args(&ctx, argc, argv, &check_only, &progress);
    if (a) {
        if (a > 0) usage(stderr);
        free(ctx.overrides);
        return a > 0 ? a : 0;
    }
    ctx.progress = progress >= 0 ? progress : isatty(STDERR_FILENO);
    if (rn_load(&ctx)) goto fail;
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
