#define _POSIX_C_SOURCE 200809L
#include "common.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* The shortest %g form that reads back as x, so that --help shows a default
 * a script can pass back unchanged. */
static void format_double(char *buf, size_t n, double x)
{
    int prec;
    for (prec = 6; prec < 17; prec++) {
        snprintf(buf, n, "%.*g", prec, x);
        if (strtod(buf, NULL) == x) return;
    }
    snprintf(buf, n, "%.17g", x);
}

static const char *placeholder(char type)
{
    switch (type) {
    case 'd': return " NUM";
    case 'i': return " INT";
    case 's': return " TEXT";
    default: return "";
    }
}

static void usage(FILE *f, const char *prog, const ex_opt *opts, const char *summary)
{
    int i;
    fprintf(f, "usage: %s [options]\n%s\n\noptions (--name VALUE or --name=VALUE):\n", prog, summary);
    for (i = 0; opts[i].name; i++) {
        char def[80], num[40], left[64];
        switch (opts[i].type) {
        case 'd':
            format_double(num, sizeof num, *(double *)opts[i].value);
            snprintf(def, sizeof def, "default %s", num);
            break;
        case 'i': snprintf(def, sizeof def, "default %d", *(int *)opts[i].value); break;
        case 's':
            if (*(const char **)opts[i].value)
                snprintf(def, sizeof def, "default %s", *(const char **)opts[i].value);
            else
                snprintf(def, sizeof def, "default unset");
            break;
        default: snprintf(def, sizeof def, "default %s", *(int *)opts[i].value ? "on" : "off"); break;
        }
        snprintf(left, sizeof left, "%s%s", opts[i].name, placeholder(opts[i].type));
        /* a long name gets its own line rather than a ragged column */
        if (strlen(left) > 22)
            fprintf(f, "  %s\n  %-22s %s (%s)\n", left, "", opts[i].help, def);
        else
            fprintf(f, "  %-22s %s (%s)\n", left, opts[i].help, def);
    }
    fprintf(f, "  %-22s %s\n", "--help, -h", "print this help and exit");
    fprintf(f, "  %-22s %s\n", "--", "end of the options");
}

/* A mistake on the command line: what is wrong, then the usage, on stderr. */
static int refuse(const char *prog, const ex_opt *opts, const char *summary, const char *what)
{
    fprintf(stderr, "%s: %s\n", prog, what);
    usage(stderr, prog, opts, summary);
    return -1;
}

/* getopt_long's rules for long options, without its abbreviations (an
 * abbreviation that works today would change meaning when an option is added):
 * --name=VALUE and --name VALUE (the next argument, even if it starts with a
 * dash), flags without a value, "--" ends the options.  The examples take no
 * operands, so anything after the options is refused. */
int ex_parse(int argc, char **argv, const ex_opt *opts, const char *summary)
{
    const char *prog = argc > 0 && argv[0] ? argv[0] : "example";
    char msg[512];
    int a, i;
    for (a = 1; a < argc; a++) {
        const char *arg = argv[a], *eq, *val;
        size_t len;
        char *end = NULL;
        if (!strcmp(arg, "--")) {
            a++;
            break;
        }
        if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
            usage(stdout, prog, opts, summary);
            return 1;
        }
        if (strncmp(arg, "--", 2) != 0) {
            if (arg[0] == '-' && arg[1])
                snprintf(msg, sizeof msg, "unknown option '%s'", arg);
            else
                snprintf(msg, sizeof msg, "unexpected argument '%s' (this program takes only options)", arg);
            return refuse(prog, opts, summary, msg);
        }
        eq = strchr(arg, '=');
        len = eq ? (size_t)(eq - arg) : strlen(arg);
        for (i = 0; opts[i].name; i++)
            if (strlen(opts[i].name) == len && !strncmp(arg, opts[i].name, len)) break;
        if (!opts[i].name) {
            if (len == 6 && !strncmp(arg, "--help", 6))
                snprintf(msg, sizeof msg, "option --help takes no value");
            else
                snprintf(msg, sizeof msg, "unknown option '%.*s'", (int)len, arg);
            return refuse(prog, opts, summary, msg);
        }
        if (opts[i].type == 'f') {
            if (eq) {
                snprintf(msg, sizeof msg, "option %s takes no value (got '%s')", opts[i].name, eq + 1);
                return refuse(prog, opts, summary, msg);
            }
            *(int *)opts[i].value = 1;
            continue;
        }
        if (eq)
            val = eq + 1;
        else if (a + 1 < argc)
            val = argv[++a];
        else {
            snprintf(msg, sizeof msg, "option %s needs a value (%s%s)", opts[i].name, opts[i].name,
                     placeholder(opts[i].type));
            return refuse(prog, opts, summary, msg);
        }
        switch (opts[i].type) {
        case 'd': {
            double x = strtod(val, &end);
            if (end != val && *end == '\0') *(double *)opts[i].value = x;
            break;
        }
        case 'i': {
            long x;
            errno = 0;
            x = strtol(val, &end, 10);
            if (errno || x < INT_MIN || x > INT_MAX) end = NULL;
            else if (end != val && *end == '\0') *(int *)opts[i].value = (int)x;
            break;
        }
        default:
            *(const char **)opts[i].value = val;
            end = (char *)val + strlen(val);
            break;
        }
        if (!end || *end != '\0' || (end == val && opts[i].type != 's')) {
            snprintf(msg, sizeof msg, "bad value '%s' for %s (%s expected)", val, opts[i].name,
                     placeholder(opts[i].type) + 1);
            return refuse(prog, opts, summary, msg);
        }
    }
    if (a < argc) {
        snprintf(msg, sizeof msg, "unexpected argument '%s' (this program takes only options)", argv[a]);
        return refuse(prog, opts, summary, msg);
    }
    return 0;
}

void ex_check(alecable_model *m, int st, const char *what)
{
    if (st == ALECABLE_OK) return;
    fprintf(stderr, "error: %s: %s: %s\n", what, alecable_strerror(st), m ? alecable_model_errmsg(m) : "");
    printf("result: status=%d\n", st);
    exit(1);
}

double ex_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

double ex_status_mb(const char *field)
{
    char line[256];
    double kb = -1.0;
    size_t n = strlen(field);
    FILE *f = fopen("/proc/self/status", "r");
    if (!f) return -1.0;
    while (fgets(line, sizeof line, f))
        if (strncmp(line, field, n) == 0 && line[n] == ':' && sscanf(line + n + 1, "%lf", &kb) != 1) kb = -1.0;
    fclose(f);
    return kb >= 0.0 ? kb / 1024.0 : -1.0;
}

int ex_method(const char *name)
{
    static const struct {
        const char *n;
        int id;
    } tab[] = {{"newmark", ALECABLE_METHOD_NEWMARK},      {"hht", ALECABLE_METHOD_HHT},
               {"bossak", ALECABLE_METHOD_BOSSAK},        {"genalpha", ALECABLE_METHOD_GENALPHA},
               {"si-be", ALECABLE_METHOD_SI_BE},          {"si-bdf2", ALECABLE_METHOD_SI_BDF2},
               {"si-newmark", ALECABLE_METHOD_SI_NEWMARK}, {"si-hht", ALECABLE_METHOD_SI_HHT}};
    size_t i;
    for (i = 0; i < sizeof tab / sizeof tab[0]; i++)
        if (!strcmp(name, tab[i].n)) return tab[i].id;
    return -1;
}

int ex_si_scheme(const char *name)
{
    if (!strcmp(name, "library")) return ALECABLE_SI_SCHEME_LIBRARY;
    if (!strcmp(name, "paper")) return ALECABLE_SI_SCHEME_PAPER;
    return -1;
}

void ex_vtk_begin(ex_vtk_series *s, const char *dir, const char *base, int legacy)
{
    memset(s, 0, sizeof *s);
    s->dir = dir;
    s->base = base;
    s->legacy = legacy;
}

void ex_vtk_write(alecable_model *m, const char *path, int legacy)
{
    if (legacy) ex_check(m, alecable_write_vtk(m, path), "write_vtk");
    else ex_check(m, alecable_write_vtp(m, path), "write_vtp");
}

void ex_vtk_frame(ex_vtk_series *s, alecable_model *m, double t)
{
    char path[1024];
    if (!s->dir) return;
    if (s->n == s->cap) {
        int cap = s->cap ? 2 * s->cap : 64;
        char(*names)[64] = realloc(s->names, (size_t)cap * sizeof *names);
        double *times = realloc(s->times, (size_t)cap * sizeof *times);
        if (!names || !times) {
            fprintf(stderr, "out of memory for the VTK series\n");
            exit(1);
        }
        s->names = names;
        s->times = times;
        s->cap = cap;
    }
    snprintf(s->names[s->n], sizeof s->names[s->n], "%s_%05d.%s", s->base, s->n, s->legacy ? "vtk" : "vtp");
    snprintf(path, sizeof path, "%s/%s", s->dir, s->names[s->n]);
    ex_vtk_write(m, path, s->legacy);
    s->times[s->n++] = t;
}

void ex_vtk_end(ex_vtk_series *s, alecable_model *m)
{
    char path[1024];
    const char **list;
    int k;
    if (!s->dir) return;
    list = (const char **)calloc((size_t)s->n + 1, sizeof *list);
    if (!list) {
        fprintf(stderr, "out of memory for the VTK series\n");
        exit(1);
    }
    for (k = 0; k < s->n; k++) list[k] = s->names[k];
    if (s->legacy) {
        snprintf(path, sizeof path, "%s/%s.vtk.series", s->dir, s->base);
        ex_check(m, alecable_write_vtk_series(m, path, s->n, list, s->times), "write_vtk_series");
    } else {
        snprintf(path, sizeof path, "%s/%s.pvd", s->dir, s->base);
        ex_check(m, alecable_write_pvd(m, path, s->n, list, s->times), "write_pvd");
    }
    free(list);
    printf("  wrote %d VTK files and %s\n", s->n, path);
    free(s->names);
    free(s->times);
    memset(s, 0, sizeof *s);
}

void ex_pulley_build(ex_pulley *pc, double E, double A, double R, double top, double L, double s_M, int n)
{
    alecable_section sec;
    alecable_body_params bp;
    alecable_pulley_params pp;
    double *ang, xa[3] = {-top, R, 0}, s_K = top + R * M_PI, x[3] = {0, 0, 0};
    int i;
    memset(pc, 0, sizeof *pc);
    pc->n = n;
    pc->iM = s_M > 0.0 ? n + 2 : -1;
    pc->iN = s_M > 0.0 ? n + 3 : n + 2;
    pc->nd = (alecable_node **)calloc((size_t)n + 4, sizeof *pc->nd);
    ang = (double *)calloc((size_t)n + 1, sizeof *ang);
    if (!pc->nd || !ang) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    ex_check(NULL, alecable_model_create(&pc->m, NULL), "model_create");
    alecable_section_init(&sec);
    sec.E = E;
    sec.A = A;
    ex_check(pc->m, alecable_cable_create(&pc->c, pc->m, ALECABLE_ELEMENT_AXIAL, &sec), "cable_create");
    ex_check(pc->m, alecable_cable_add_node(&pc->nd[0], pc->c, xa, 0.0), "cable_add_node A");
    for (i = 0; i <= n; i++) {
        double th = 0.5 * M_PI - M_PI * i / n;
        x[0] = R * cos(th);
        x[1] = R * sin(th);
        ang[i] = th;
        ex_check(pc->m, alecable_cable_add_node(&pc->nd[1 + i], pc->c, x, top + R * M_PI * i / n),
                 "cable_add_node wrap");
    }
    x[1] = -R;
    if (pc->iM >= 0) {
        x[0] = -(s_M - s_K);
        ex_check(pc->m, alecable_cable_add_node(&pc->nd[pc->iM], pc->c, x, s_M), "cable_add_node M");
    }
    x[0] = -(L - s_K);
    ex_check(pc->m, alecable_cable_add_node(&pc->nd[pc->iN], pc->c, x, L), "cable_add_node N");
    /* the pulley: a fixed body; the wrap holds x, y, z of B..K (do not also
     * fix their z: a duplicate constraint makes the system singular) */
    alecable_body_params_init(&bp);
    ex_check(pc->m, alecable_body_create(&pc->pulley, pc->m, &bp), "body_create");
    ex_check(pc->m, alecable_body_fix(pc->m, pc->pulley), "body_fix");
    alecable_pulley_params_init(&pp);
    pp.radius = R;
    ex_check(pc->m, alecable_pulley_wrap(&pc->wrap, pc->m, pc->pulley, &pp, n + 1, pc->nd + 1, ang), "pulley_wrap");
    free(ang);
}

void ex_pulley_free(ex_pulley *pc)
{
    alecable_model_destroy(pc->m);
    free(pc->nd);
    memset(pc, 0, sizeof *pc);
}

int ex_report_reference(int status, const char *msg, const alecable_step_stats *st, double wall)
{
    if (status) {
        printf("  reference failed: %s: %s\n", alecable_strerror(status), msg);
        return status;
    }
    printf("  reference (adaptive Newmark, atol 1e-6): %ld steps (%ld rejected), wall %.3f s\n", st->steps,
           st->rejected, wall);
    return 0;
}

int ex_load_step(alecable_model *m, double t0, double t1, double tol, int *iterations)
{
    alecable_quasistatic_options o;
    alecable_solve_report rep;
    int st;
    alecable_quasistatic_options_init(&o);
    o.clock = ALECABLE_CLOCK_LOAD_FACTOR; /* a load step moves the prescribed motions too */
    o.t0 = t0;
    o.t1 = t1;
    o.load_steps = 1;
    o.tol_residual = tol;
    alecable_solve_report_init(&rep);
    st = alecable_solve_quasistatic(m, &o, &rep);
    if (iterations) *iterations = rep.iterations_stage1 + rep.iterations_stage2;
    return st;
}
