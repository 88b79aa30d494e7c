/* Small helpers shared by the example programs: option parsing, checks,
 * timing.  Not part of the library. */
#ifndef ALECABLE_EXAMPLES_COMMON_H
#define ALECABLE_EXAMPLES_COMMON_H

#include <alecable.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

typedef struct ex_opt {
    const char *name;  /* "--elements" */
    char type;         /* 'd' double, 'i' int, 's' string, 'f' flag */
    void *value;
    const char *help;
} ex_opt;

/* Parses argv against opts (terminated by a zeroed entry); prints usage with
 * --help and returns 1 then (caller exits 0), -1 on a bad option (usage on
 * stderr), 0 otherwise. */
int ex_parse(int argc, char **argv, const ex_opt *opts, const char *summary);
/* Exits with a message if st is not ALECABLE_OK. */
void ex_check(alecable_model *m, int st, const char *what);
double ex_now(void); /* monotonic seconds */
/* ALECABLE_METHOD_* of a name (newmark, hht, bossak, genalpha, si-be, si-bdf2,
 * si-newmark, si-hht), or -1 */
int ex_method(const char *name);

/* A VTK time series for ParaView: ex_vtk_frame writes dir/base_NNNNN.vtk
 * (frames numbered from 0) and records its time; ex_vtk_end writes
 * dir/base.pvd listing them, prints a line and frees the series.  With dir
 * NULL every call does nothing.  dir must exist. */
typedef struct ex_vtk_series {
    const char *dir, *base;
    int n, cap;
    char (*names)[64];
    double *times;
} ex_vtk_series;
void ex_vtk_begin(ex_vtk_series *s, const char *dir, const char *base);
void ex_vtk_frame(ex_vtk_series *s, alecable_model *m, double t);
void ex_vtk_end(ex_vtk_series *s, alecable_model *m);

#endif
