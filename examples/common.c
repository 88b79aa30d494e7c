#define _POSIX_C_SOURCE 200809L
#include "common.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void usage(FILE *f, const char *prog, const ex_opt *opts, const char *summary)
{
    int i;
    fprintf(f, "usage: %s [options]\n%s\n\noptions:\n", prog, summary);
    for (i = 0; opts[i].name; i++) {
        char def[64] = "";
        switch (opts[i].type) {
        case 'd': snprintf(def, sizeof def, " (default %g)", *(double *)opts[i].value); break;
        case 'i': snprintf(def, sizeof def, " (default %d)", *(int *)opts[i].value); break;
        case 's':
            if (*(const char **)opts[i].value) snprintf(def, sizeof def, " (default %s)", *(const char **)opts[i].value);
            break;
        default: break;
        }
        fprintf(f, "  %-22s %s%s\n", opts[i].name, opts[i].help, def);
    }
    fprintf(f, "  %-22s %s\n", "--help", "print this help");
}

int ex_parse(int argc, char **argv, const ex_opt *opts, const char *summary)
{
    int a, i;
    for (a = 1; a < argc; a++) {
        if (!strcmp(argv[a], "--help") || !strcmp(argv[a], "-h")) {
            usage(stdout, argv[0], opts, summary);
            return 1;
        }
        for (i = 0; opts[i].name; i++)
            if (!strcmp(argv[a], opts[i].name)) break;
        if (!opts[i].name) {
            fprintf(stderr, "%s: unknown option %s\n", argv[0], argv[a]);
            usage(stderr, argv[0], opts, summary);
            return -1;
        }
        if (opts[i].type == 'f') {
            *(int *)opts[i].value = 1;
            continue;
        }
        if (a + 1 >= argc) {
            fprintf(stderr, "%s: option %s needs a value\n", argv[0], argv[a]);
            return -1;
        }
        a++;
        {
            char *end = NULL;
            switch (opts[i].type) {
            case 'd': *(double *)opts[i].value = strtod(argv[a], &end); break;
            case 'i': *(int *)opts[i].value = (int)strtol(argv[a], &end, 10); break;
            case 's': *(const char **)opts[i].value = argv[a]; end = argv[a] + strlen(argv[a]); break;
            default: break;
            }
            if (!end || *end != '\0' || end == argv[a]) {
                fprintf(stderr, "%s: bad value '%s' for %s\n", argv[0], argv[a], opts[i].name);
                return -1;
            }
        }
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
