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

/* Parses argv against opts (terminated by a zeroed entry) with getopt_long's
 * rules for long options, names given in full: --name=VALUE or --name VALUE,
 * flags without a value, "--" ends the options (no operands are taken).
 * Prints the usage (every option with its default) with --help or -h and
 * returns 1 then (caller exits 0); -1 on a mistake (an unknown option, a
 * missing or bad value, an operand: the message naming it, then the usage, on
 * stderr); 0 otherwise. */
int ex_parse(int argc, char **argv, const ex_opt *opts, const char *summary);
/* Exits with a message if st is not ALECABLE_OK. */
void ex_check(alecable_model *m, int st, const char *what);
double ex_now(void); /* monotonic seconds */
/* A memory figure of this process [MB] from Linux's /proc/self/status: field
 * "VmHWM" (peak resident set) or "VmRSS" (resident set now); -1 where it
 * cannot be read (another system) */
double ex_status_mb(const char *field);
/* Prints the outcome of an adaptive implicit Newmark reference run (the
 * paper's, atol 1e-6); returns its status. */
int ex_report_reference(int status, const char *msg, const alecable_step_stats *st, double wall);
/* One quasistatic load step from load factor t0 to t1 (Newton tolerance
 * tol); *iterations receives both stages' Newton iterations.  Returns the
 * solver's status. */
int ex_load_step(alecable_model *m, double t0, double t1, double tol, int *iterations);
/* ALECABLE_METHOD_* of a name (newmark, hht, bossak, genalpha, si-be, si-bdf2,
 * si-newmark, si-hht), or -1 */
int ex_method(const char *name);
/* ALECABLE_SI_SCHEME_* of a name (library, paper), or -1 */
int ex_si_scheme(const char *name);

/* A VTK time series for ParaView: ex_vtk_frame writes dir/base_NNNNN.vtp
 * (VTK XML, frames numbered from 0) and records its time; ex_vtk_end writes
 * dir/base.pvd listing them with their times (File > Open in ParaView),
 * prints a line and frees the series.  With legacy set the frames are
 * legacy dir/base_NNNNN.vtk files and the list is dir/base.vtk.series
 * (ParaView's file-series JSON, which gives legacy files their times: a
 * .pvd cannot list them).  With dir NULL every call does nothing.  dir must
 * exist.  EX_VTK_LEGACY_HELP is the --vtk-legacy option's help. */
#define EX_VTK_LEGACY_HELP "with --vtk: legacy .vtk files and a .vtk.series instead of .vtp files and a .pvd"
typedef struct ex_vtk_series {
    const char *dir, *base;
    int n, cap, legacy;
    char (*names)[64];
    double *times;
} ex_vtk_series;
void ex_vtk_begin(ex_vtk_series *s, const char *dir, const char *base, int legacy);
void ex_vtk_frame(ex_vtk_series *s, alecable_model *m, double t);
/* one file of the current state: VTK XML PolyData, or legacy VTK with legacy set */
void ex_vtk_write(alecable_model *m, const char *path, int legacy);
void ex_vtk_end(ex_vtk_series *s, alecable_model *m);

/* The cable over a pulley of paper 000 sec. 4.3: a fixed pulley of radius R
 * at the origin, node A at distance top from the top tangent point B = (0, R)
 * in -x, n elements B..K on the circle from angle pi/2 to -pi/2 through the
 * +x side (material coordinates spaced by arc length, so that the cable's
 * length is L = top + pi R + the bottom span), then, leaving K = (0, -R) in
 * -x, node M at s_M (when s_M > 0) and the end N at s = L.  The wrap holds
 * x, y, z of B..K (their s free); everything else is left to the caller. */
typedef struct ex_pulley {
    alecable_model *m;
    alecable_cable *c;
    alecable_body *pulley;
    alecable_joint *wrap;
    alecable_node **nd; /* A, B..K (n + 1), [M], N */
    int n, iM, iN;      /* iM = -1 without M */
} ex_pulley;
void ex_pulley_build(ex_pulley *pc, double E, double A, double R, double top, double L, double s_M, int n);
void ex_pulley_free(ex_pulley *pc); /* the model too */

#endif
