/* alecable-run: what the analysis stages (analysis.c) and the channels
 * (channels.c) share: the run's state and the channels' entry points.
 *
 * SPDX-License-Identifier: BSD-3-Clause */
#ifndef ALECABLE_RUN_ANALYSIS_H
#define ALECABLE_RUN_ANALYSIS_H

#include "runner.h"

#include <stdio.h>

/* what the stages leave for the channels */
enum { AGG_NONE, AGG_MAX, AGG_MIN, AGG_RANGE, AGG_MEAN, AGG_ABSMAX, AGG_FIRST, AGG_PERIOD, AGG_CROSSINGS,
       AGG_SIGN_CHANGES, AGG_HALF_PERIOD, AGG_AMPLITUDE };
typedef struct channel_acc {
    double min, max, sum, absmax, last, first;
    double sum_c, sum_s;        /* sums of v cos(w t), v sin(w t): over: amplitude */
    double t_last_sample;       /* time of the sample before (upward zero crossings) */
    double t_first_up, t_last_up; /* the first and last upward zero crossing, interpolated */
    double t_first_zero, t_last_zero; /* the first and last zero crossing either way */
    long n, ups, zeros;
    int fired; /* when: the condition held at a sample (the value is frozen) */
} channel_acc;

typedef struct run_state {
    int stage;      /* the stage running (from 1) */
    /* quasistatic: totals over every solve call of the run, the last report */
    long qs_it1, qs_it2, qs_steps, qs_shifted, qs_damped;
    alecable_solve_report last;
    /* dynamics: the last integrator's counters */
    alecable_step_stats stats;
    int max_step_iterations; /* the largest last_iterations seen in the dynamic stage */
    double t;       /* time of the current stage (0 at its start; the load factor in quasistatics) */
    channel_acc *acc;
    int n_channels;
    FILE *history;
    /* VTK series */
    const char *vtk_dir, *vtk_base;
    int vtk_every, vtk_n, vtk_cap, sample_no;
    int vtk_legacy; /* vtk_series format: legacy (.vtk and a .vtk.series), else VTK XML (.vtp and a .pvd) */
    char **vtk_names;
    double *vtk_times;
    double wall;
    const char *outdir;
    /* the velocities of the last sample of a dynamic stage (zero in statics):
     * a body's velocity channels */
    double *vel;
    int nq;
} run_state;

/* pass 1: checks every channel of output.channels and declares its name */
int rn_check_channels(rn_ctx *ctx);
/* pass 2: samples every channel (instantaneous values, aggregates, the history row) */
int rn_sample_channels(rn_ctx *ctx, run_state *rs);
/* pass 2: prints the result line (status, then the channels' final values) */
int rn_final_channels(rn_ctx *ctx, run_state *rs, int status);
/* output.channels, or NULL */
const yaml_node_t *rn_channels_node(rn_ctx *ctx);

#endif
