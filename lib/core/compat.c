/* Functions kept for programs built against an earlier release (doc/abi.md).
 *
 * 0.2 appended members to four structs of 0.1 (alecable_body_params, alecable_problem,
 * alecable_quasistatic_options, alecable_solve_report).  Where the library reads such a
 * struct it goes by the caller's struct_size.  But a function that fills one before the
 * caller could set struct_size (the _init functions, alecable_model_problem) cannot learn
 * the caller's size: the 0.2 function writes the 0.2 struct, up to 120 bytes past a 0.1
 * caller's.  Programs linked against 0.1 reference these functions at the version
 * ALECABLE_0, which is bound here with .symver to functions that write 0.1's part only
 * (0.1's defaults, struct_size = 0.1's sizeof), so the library then reads 0.1's fields
 * only.  Programs linked against 0.2 bind to the ALECABLE_0.2 versions (lib/alecable.map).
 * tests/abi/release_0_1.c checks each against guard bytes. */
#include "model.h"

#include <stddef.h>
#include <string.h>

/* 0.1's sizeof of each, i.e. where its first 0.2 member starts (for the quasistatic
 * options: globalization went into 0.1's tail padding, so 0.1's size is where
 * ptc_shift starts) */
#define BODY_PARAMS_0_1 offsetof(alecable_body_params, inertia)
#define PROBLEM_0_1 offsetof(alecable_problem, nhist)
#define QS_OPTIONS_0_1 offsetof(alecable_quasistatic_options, ptc_shift)
#define SOLVE_REPORT_0_1 offsetof(alecable_solve_report, shifted_iterations)

/* 0.2's sizeof of each struct that 0.3 grew: where its first 0.3 member starts */
#define PROBLEM_0_2 offsetof(alecable_problem, residual_scale)
#define QS_OPTIONS_0_2 offsetof(alecable_quasistatic_options, clock)
/* the watch's first int went into 0.2's tail padding (0.2's struct ended with an
 * int): 0.2's size is its offset rounded up to the struct's alignment (8) */
#define DYN_OPTIONS_0_2 ((offsetof(alecable_dynamic_options, watch) + 7u) / 8u * 8u)
#define STEP_STATS_0_2 offsetof(alecable_step_stats, last_scaled_residual)
#define SOLVE_REPORT_0_2 offsetof(alecable_solve_report, scaled_residual)

/* f is exported as name@ALECABLE_0 (and its own name stays local through the map) */
#if defined(__GNUC__) || defined(__clang__)
#define COMPAT_0_1(f, name) \
    __asm__(".symver " #f ", " #name "@ALECABLE_0"); \
    __attribute__((visibility("default")))
/* f is exported as name@ALECABLE_0.2 */
#define COMPAT_0_2(f, name) \
    __asm__(".symver " #f ", " #name "@ALECABLE_0.2"); \
    __attribute__((visibility("default")))
#else
#define COMPAT_0_1(f, name)
#define COMPAT_0_2(f, name)
#endif

COMPAT_0_1(ac_body_params_init_0_1, alecable_body_params_init)
void ac_body_params_init_0_1(alecable_body_params *p);
void ac_body_params_init_0_1(alecable_body_params *p)
{
    alecable_body_params full;
    if (!p) return;
    alecable_body_params_init(&full);
    full.struct_size = BODY_PARAMS_0_1;
    memcpy(p, &full, BODY_PARAMS_0_1);
}

COMPAT_0_1(ac_problem_init_0_1, alecable_problem_init)
void ac_problem_init_0_1(alecable_problem *p);
void ac_problem_init_0_1(alecable_problem *p)
{
    alecable_problem full;
    if (!p) return;
    alecable_problem_init(&full);
    full.struct_size = PROBLEM_0_1;
    memcpy(p, &full, PROBLEM_0_1);
}

COMPAT_0_1(ac_quasistatic_options_init_0_1, alecable_quasistatic_options_init)
void ac_quasistatic_options_init_0_1(alecable_quasistatic_options *o);
void ac_quasistatic_options_init_0_1(alecable_quasistatic_options *o)
{
    alecable_quasistatic_options full;
    if (!o) return;
    alecable_quasistatic_options_init(&full);
    full.struct_size = QS_OPTIONS_0_1;
    memcpy(o, &full, QS_OPTIONS_0_1);
}

COMPAT_0_1(ac_solve_report_init_0_1, alecable_solve_report_init)
void ac_solve_report_init_0_1(alecable_solve_report *r);
void ac_solve_report_init_0_1(alecable_solve_report *r)
{
    alecable_solve_report full;
    if (!r) return;
    alecable_solve_report_init(&full);
    full.struct_size = SOLVE_REPORT_0_1;
    memcpy(r, &full, SOLVE_REPORT_0_1);
}

/* 0.1's model problem: without the history and the step limit, as 0.1 had neither */
COMPAT_0_1(ac_model_problem_0_1, alecable_model_problem)
int ac_model_problem_0_1(alecable_problem *p, alecable_model *m);
int ac_model_problem_0_1(alecable_problem *p, alecable_model *m)
{
    alecable_problem full;
    int st;
    if (!p) return alecable_model_problem(NULL, m); /* the same check and message */
    if ((st = alecable_model_problem(&full, m))) return st;
    full.struct_size = PROBLEM_0_1;
    memcpy(p, &full, PROBLEM_0_1);
    return ALECABLE_OK;
}

/* 0.3 appended residual_scale to alecable_problem: 0.2's programs get 0.2's struct */
COMPAT_0_2(ac_problem_init_0_2, alecable_problem_init)
void ac_problem_init_0_2(alecable_problem *p);
void ac_problem_init_0_2(alecable_problem *p)
{
    alecable_problem full;
    if (!p) return;
    alecable_problem_init(&full);
    full.struct_size = PROBLEM_0_2;
    memcpy(p, &full, PROBLEM_0_2);
}

COMPAT_0_2(ac_model_problem_0_2, alecable_model_problem)
int ac_model_problem_0_2(alecable_problem *p, alecable_model *m);
int ac_model_problem_0_2(alecable_problem *p, alecable_model *m)
{
    alecable_problem full;
    int st;
    if (!p) return alecable_model_problem(NULL, m);
    if ((st = alecable_model_problem(&full, m))) return st;
    full.struct_size = PROBLEM_0_2;
    memcpy(p, &full, PROBLEM_0_2);
    return ALECABLE_OK;
}

/* 0.3 appended the clock (and the stability check) to the quasistatic options */
COMPAT_0_2(ac_quasistatic_options_init_0_2, alecable_quasistatic_options_init)
void ac_quasistatic_options_init_0_2(alecable_quasistatic_options *o);
void ac_quasistatic_options_init_0_2(alecable_quasistatic_options *o)
{
    alecable_quasistatic_options full;
    if (!o) return;
    alecable_quasistatic_options_init(&full);
    full.struct_size = QS_OPTIONS_0_2;
    memcpy(o, &full, QS_OPTIONS_0_2);
}

/* 0.3 appended the divergence watch to the dynamic options and the stop test's
 * figures to the step statistics: both were 0.1's structs until then, so 0.1's
 * and 0.2's programs reference their _init at ALECABLE_0.  They get the current
 * defaults of the fields they have (the default method is HHT since 0.3). */
COMPAT_0_1(ac_dynamic_options_init_0_2, alecable_dynamic_options_init)
void ac_dynamic_options_init_0_2(alecable_dynamic_options *o);
void ac_dynamic_options_init_0_2(alecable_dynamic_options *o)
{
    alecable_dynamic_options full;
    if (!o) return;
    alecable_dynamic_options_init(&full);
    full.struct_size = DYN_OPTIONS_0_2;
    memcpy(o, &full, DYN_OPTIONS_0_2);
}

COMPAT_0_1(ac_step_stats_init_0_2, alecable_step_stats_init)
void ac_step_stats_init_0_2(alecable_step_stats *s);
void ac_step_stats_init_0_2(alecable_step_stats *s)
{
    alecable_step_stats full;
    if (!s) return;
    alecable_step_stats_init(&full);
    full.struct_size = STEP_STATS_0_2;
    memcpy(s, &full, STEP_STATS_0_2);
}

/* 0.3 appended the scaled residual and the stability check to the solve report */
COMPAT_0_2(ac_solve_report_init_0_2, alecable_solve_report_init)
void ac_solve_report_init_0_2(alecable_solve_report *r);
void ac_solve_report_init_0_2(alecable_solve_report *r)
{
    alecable_solve_report full;
    if (!r) return;
    alecable_solve_report_init(&full);
    full.struct_size = SOLVE_REPORT_0_2;
    memcpy(r, &full, SOLVE_REPORT_0_2);
}
