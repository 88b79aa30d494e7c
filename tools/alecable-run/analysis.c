/* alecable-run: the analysis stages (quasistatic load steps, time
 * integration), the outputs (cable CSV, VTK files and series, a history CSV)
 * and the progress line.
 *
 * In the first pass only the entries are checked; the second runs them.
 * Channels (channels.c) are sampled after every load step of a split
 * quasistatic stage and every sample of a dynamic one (for aggregates, stage
 * and event values and the history), and once at the end for the result
 * line.
 *
 * SPDX-License-Identifier: BSD-3-Clause */
#define _POSIX_C_SOURCE 200809L
#include "analysis.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define B (ctx->build)

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static const char *out_path(const run_state *rs, const char *path, char *buf, size_t len)
{
    int k;
    if (!rs->outdir || path[0] == '/') return path;
    k = snprintf(buf, len, "%s/%s", rs->outdir, path);
    return k < 0 || (size_t)k >= len ? path : buf; /* too long for the buffer: as given */
}

/* ---- VTK series and progress ---------------------------------------------------------- */
static int vtk_frame(rn_ctx *ctx, run_state *rs, const yaml_node_t *at, double t)
{
    char path[2048], full[2048];
    if (!rs->vtk_dir) return 0;
    if (rs->sample_no++ % rs->vtk_every) return 0;
    if (rs->vtk_n == rs->vtk_cap) {
        int cap = rs->vtk_cap ? 2 * rs->vtk_cap : 64;
        char **names = (char **)realloc(rs->vtk_names, (size_t)cap * sizeof *names);
        double *times;
        if (!names) return -1;
        rs->vtk_names = names;
        times = (double *)realloc(rs->vtk_times, (size_t)cap * sizeof *times);
        if (!times) return -1;
        rs->vtk_times = times;
        rs->vtk_cap = cap;
    }
    rs->vtk_names[rs->vtk_n] = (char *)malloc(strlen(rs->vtk_base) + 16);
    if (!rs->vtk_names[rs->vtk_n]) return -1;
    sprintf(rs->vtk_names[rs->vtk_n], "%s_%05d.%s", rs->vtk_base, rs->vtk_n, rs->vtk_legacy ? "vtk" : "vtp");
    snprintf(path, sizeof path, "%s/%s", rs->vtk_dir, rs->vtk_names[rs->vtk_n]);
    rs->vtk_times[rs->vtk_n++] = t;
    if (rs->vtk_legacy)
        return rn_lib(ctx, at, alecable_write_vtk(ctx->m, out_path(rs, path, full, sizeof full)), "write_vtk");
    return rn_lib(ctx, at, alecable_write_vtp(ctx->m, out_path(rs, path, full, sizeof full)), "write_vtp");
}

/* "stage 2/3 load step 12 of 40 (load factor 0.3)" or "stage 1/1 t = 1.25 of 10 s",
 * at most five times a second, on stderr when it is a terminal */
static void progress(rn_ctx *ctx, int stage, int n_stages, long done, long total, const char *what, double value,
                     double *last)
{
    double w;
    if (!ctx->progress) return;
    w = now();
    if (w - *last < 0.2 && done < total) return;
    *last = w;
    if (!strcmp(what, "t"))
        fprintf(stderr, "\r  stage %d/%d: t = %.6g s, sample %ld of %ld (%3.0f%%)   ", stage, n_stages, value, done, total,
                100.0 * (double)done / (double)total);
    else
        fprintf(stderr, "\r  stage %d/%d: load step %ld of %ld, load factor %.6g (%3.0f%%)   ", stage, n_stages, done,
                total, value, 100.0 * (double)done / (double)total);
    fflush(stderr);
}

static void progress_end(rn_ctx *ctx)
{
    if (ctx->progress) fprintf(stderr, "\r%78s\r", "");
}

/* ---- stages ------------------------------------------------------------------------------ */
static const char *const LINSOLVE_NAMES[] = {"umfpack", "spqr", "klu", "band", "auto", NULL};
static const int LINSOLVE_V[] = {ALECABLE_LINSOLVE_UMFPACK, ALECABLE_LINSOLVE_SPQR, ALECABLE_LINSOLVE_KLU,
                                 ALECABLE_LINSOLVE_BAND, ALECABLE_LINSOLVE_AUTO};

static int quasistatic(rn_ctx *ctx, run_state *rs, const yaml_node_t *n, int stage, int n_stages)
{
    static const char *const keys[] = {"type", "steps", "t0", "t1", "split", "max_iterations", "tol_residual",
                                       "tol_increment", "regularization", "alpha", "rank_tol", "linear_solver",
                                       "globalization", "ptc_shift", "first", "last", "load_factor", "clock", "loads",
                                       "time", NULL};
    static const char *const regs[] = {"none", "two_stage", NULL};
    static const char *const clocks[] = {"hold", "load_factor", NULL};
    static const int clock_v[] = {ALECABLE_CLOCK_HOLD, ALECABLE_CLOCK_LOAD_FACTOR};
    static const int reg_v[] = {ALECABLE_REG_NONE, ALECABLE_REG_TWO_STAGE};
    static const char *const globs[] = {"auto", "none", "ptc", NULL};
    static const int glob_v[] = {ALECABLE_GLOBAL_AUTO, ALECABLE_GLOBAL_NONE, ALECABLE_GLOBAL_PTC};
    alecable_quasistatic_options o;
    int bad = 0, split = 0, k, st = 0, first = 1, last = -1;
    long it0[3];
    double t0, t1, shown = 0;
    rn_map(ctx, n, "a quasistatic stage", keys);
    alecable_quasistatic_options_init(&o);
    if (rn_int(ctx, n, "steps", &o.load_steps, 0, 1) < 0) bad = 1;
    if (rn_num(ctx, n, "t0", &o.t0, 0) < 0) bad = 1;
    if (rn_num(ctx, n, "t1", &o.t1, 0) < 0) bad = 1;
    if (rn_bool(ctx, n, "split", &split, 0) < 0) bad = 1;
    if (rn_int(ctx, n, "max_iterations", &o.max_iterations, 0, 1) < 0) bad = 1;
    if (rn_num(ctx, n, "tol_residual", &o.tol_residual, RN_POS) < 0) bad = 1;
    if (rn_num(ctx, n, "tol_increment", &o.tol_increment, RN_POS) < 0) bad = 1;
    if (rn_enum(ctx, n, "regularization", &o.regularization, regs, reg_v, 0) < 0) bad = 1;
    if (rn_num(ctx, n, "alpha", &o.alpha, RN_POS) < 0) bad = 1;
    if (rn_num(ctx, n, "rank_tol", &o.rank_tol, RN_NONNEG) < 0) bad = 1;
    if (rn_enum(ctx, n, "linear_solver", &o.linear_solver, LINSOLVE_NAMES, LINSOLVE_V, 0) < 0) bad = 1;
    if (rn_enum(ctx, n, "globalization", &o.globalization, globs, glob_v, 0) < 0) bad = 1;
    if (rn_num(ctx, n, "ptc_shift", &o.ptc_shift, RN_POS) < 0) bad = 1;
    /* clock: hold (motions at the model's time t) or load_factor (they move
     * with the load steps: a quasistatic pull) */
    if (rn_enum(ctx, n, "clock", &o.clock, clocks, clock_v, 0) < 0) bad = 1;
    /* first, last: only these load steps of the ramp (split), e.g. a first
     * step with another linear solver in a stage of its own */
    if (rn_int(ctx, n, "first", &first, 0, 1) < 0) bad = 1;
    if (rn_int(ctx, n, "last", &last, 0, 1) < 0) bad = 1;
    if (!bad && (rn_get(ctx, n, "first") || rn_get(ctx, n, "last")) && !split) {
        rn_error(ctx, rn_get(ctx, n, "first") ? rn_get(ctx, n, "first") : rn_get(ctx, n, "last"),
                 "first and last with split: true", "a stage without split");
        bad = 1;
    }
    /* load_factor: an expression of the step number k giving the load factor
     * at the end of step k (k = 0 its start), for a ramp written as a
     * program writes it */
    if (!bad && rn_get(ctx, n, "load_factor")) {
        int base = ctx->n_vars;
        double tk;
        if (!split) {
            rn_error(ctx, rn_get(ctx, n, "load_factor"), "load_factor with split: true", "a stage without split");
            bad = 1;
        } else if (rn_var_push(ctx, "k", 0) || rn_value(ctx, rn_get(ctx, n, "load_factor"), &tk)) {
            bad = 1;
        }
        while (ctx->n_vars > base) free(ctx->vars[--ctx->n_vars].name);
    }
    /* time: with split, an expression of k setting the model's time before
     * step k (alecable_model_set_time): with clock: hold the motions move
     * with it while the loads stay where load_factor puts them (a mounting
     * under the full weight) */
    if (!bad && rn_get(ctx, n, "time")) {
        int base = ctx->n_vars;
        double tk;
        if (!split) {
            rn_error(ctx, rn_get(ctx, n, "time"), "time with split: true", "a stage without split");
            bad = 1;
        } else if (rn_var_push(ctx, "k", 0) || rn_value(ctx, rn_get(ctx, n, "time"), &tk)) {
            bad = 1;
        }
        while (ctx->n_vars > base) free(ctx->vars[--ctx->n_vars].name);
    }
    if (last < 0) last = o.load_steps;
    if (!bad && (last > o.load_steps || first > last)) {
        rn_error(ctx, n, "1 <= first <= last <= steps", "first = %d, last = %d, steps = %d", first, last, o.load_steps);
        bad = 1;
    }
    if (bad || !B) return bad ? -1 : 0;
    t0 = o.t0;
    t1 = o.t1;
    /* split: one solve call per load step (the examples that write a frame
     * or print a line after each step), else one call for all of them */
    it0[0] = rs->qs_it1;
    it0[1] = rs->qs_it2;
    it0[2] = rs->qs_steps;
    if (!split) first = last = 1;
    for (k = first; k <= last; k++) {
        alecable_quasistatic_options oc = o;
        alecable_solve_report rep;
        if (split && rn_get(ctx, n, "load_factor")) {
            int base = ctx->n_vars;
            rn_var_push(ctx, "k", k - 1);
            rn_value(ctx, rn_get(ctx, n, "load_factor"), &oc.t0);
            ctx->vars[base].value = k;
            rn_value(ctx, rn_get(ctx, n, "load_factor"), &oc.t1);
            while (ctx->n_vars > base) free(ctx->vars[--ctx->n_vars].name);
            oc.load_steps = 1;
            if (k == last) t1 = oc.t1;
        } else if (split) {
            oc.t0 = t0 + (t1 - t0) * (double)(k - 1) / o.load_steps;
            oc.t1 = t0 + (t1 - t0) * (double)k / o.load_steps;
            oc.load_steps = 1;
        }
        if (split && rn_get(ctx, n, "time")) {
            int base = ctx->n_vars;
            double tk = 0;
            rn_var_push(ctx, "k", k);
            rn_value(ctx, rn_get(ctx, n, "time"), &tk);
            while (ctx->n_vars > base) free(ctx->vars[--ctx->n_vars].name);
            if (rn_lib(ctx, rn_get(ctx, n, "time"), alecable_model_set_time(ctx->m, tk), "model_set_time")) return -1;
        }
        alecable_solve_report_init(&rep);
        st = alecable_solve_quasistatic(ctx->m, &oc, &rep);
        rs->qs_it1 += rep.iterations_stage1;
        rs->qs_it2 += rep.iterations_stage2;
        rs->qs_steps += rep.steps_completed;
        rs->qs_shifted += rep.shifted_iterations;
        rs->qs_damped += rep.damped_iterations;
        rs->last = rep;
        rs->t = rep.load_factor;
        if (st) {
            progress_end(ctx);
            fprintf(stderr, "%s:%lu:%lu: the quasistatic stage failed at load factor %.6g: %s: %s\n", ctx->file,
                    (unsigned long)n->start_mark.line + 1, (unsigned long)n->start_mark.column + 1, rep.load_factor,
                    alecable_strerror(st), alecable_model_errmsg(ctx->m));
            return st;
        }
        if (split) {
            if (rn_sample_channels(ctx, rs) || vtk_frame(ctx, rs, n, oc.t1)) return -1;
            progress(ctx, stage, n_stages, k - first + 1, last - first + 1, "load factor", oc.t1, &shown);
        }
    }
    if (!split && (rn_sample_channels(ctx, rs) || vtk_frame(ctx, rs, n, t1))) return -1;
    progress_end(ctx);
    printf("  stage %d quasistatic: %ld load steps, Newton iterations %ld + %ld (stages 1, 2), residual %.3g\n", stage,
           rs->qs_steps - it0[2], rs->qs_it1 - it0[0], rs->qs_it2 - it0[1], rs->last.final_residual);
    return 0;
}

static int dynamic(rn_ctx *ctx, run_state *rs, const yaml_node_t *n, int stage, int n_stages)
{
    static const char *const keys[] = {"type", "method", "h", "t_end", "sample", "adaptive", "atol", "rtol", "h_min",
                                       "h_max", "beta", "gamma", "alpha", "rho_inf", "max_iterations", "tol_residual",
                                       "tol_increment", "baumgarte_a1", "baumgarte_a2", "imex", "linear_solver",
                                       "hht_history", "steps", "loads", "t0", "every", "si_scheme", NULL};
    static const char *const methods[] = {"newmark", "hht", "bossak", "genalpha", "si-be", "si-bdf2", "si-newmark",
                                          "si-hht", NULL};
    static const int method_v[] = {ALECABLE_METHOD_NEWMARK, ALECABLE_METHOD_HHT, ALECABLE_METHOD_BOSSAK,
                                   ALECABLE_METHOD_GENALPHA, ALECABLE_METHOD_SI_BE, ALECABLE_METHOD_SI_BDF2,
                                   ALECABLE_METHOD_SI_NEWMARK, ALECABLE_METHOD_SI_HHT};
    static const char *const hist[] = {"auto", "evaluate", NULL};
    static const int hist_v[] = {ALECABLE_HHT_HISTORY_AUTO, ALECABLE_HHT_HISTORY_EVALUATE};
    static const char *const schemes[] = {"library", "paper", NULL};
    static const int scheme_v[] = {ALECABLE_SI_SCHEME_LIBRARY, ALECABLE_SI_SCHEME_PAPER};
    alecable_dynamic_options o;
    alecable_integrator *it = NULL;
    double t_end = 0, sample = 0, last = 0, w0, t_start = 0, t0 = 0;
    int bad = 0, k, n_out, st, n_steps = 0, every = 1, have_t0;
    rn_map(ctx, n, "a dynamic stage", keys);
    alecable_dynamic_options_init(&o);
    if (rn_enum(ctx, n, "method", &o.method, methods, method_v, 0) < 0) bad = 1;
    if (rn_num(ctx, n, "h", &o.h, RN_POS) < 0) bad = 1;
    /* t_end: advance to the sample times; steps: that many steps of size h
     * (alecable_integrator_step), a sample after each */
    if (rn_get(ctx, n, "t_end") && rn_get(ctx, n, "steps")) {
        rn_error(ctx, rn_get(ctx, n, "steps"), "t_end or steps, not both", "both");
        bad = 1;
    } else if (rn_get(ctx, n, "steps")) {
        if (rn_int(ctx, n, "steps", &n_steps, RN_REQ, 1) < 0) bad = 1;
        if (rn_get(ctx, n, "sample")) {
            rn_error(ctx, rn_get(ctx, n, "sample"), "sample with t_end (steps sample every step)", "steps");
            bad = 1;
        }
        if (rn_get(ctx, n, "adaptive")) {
            rn_error(ctx, rn_get(ctx, n, "adaptive"), "adaptive with t_end (steps are fixed steps of size h)", "steps");
            bad = 1;
        }
        if (rn_int(ctx, n, "every", &every, 0, 1) < 0) bad = 1;
    } else if (rn_get(ctx, n, "every")) {
        rn_error(ctx, rn_get(ctx, n, "every"), "every with steps (t_end samples every 'sample')", "t_end");
        bad = 1;
    } else if (rn_num(ctx, n, "t_end", &t_end, RN_REQ | RN_POS) < 0) {
        bad = 1;
    }
    if (rn_num(ctx, n, "sample", &sample, RN_POS) < 0) bad = 1;
    if (rn_bool(ctx, n, "adaptive", &o.adaptive, 0) < 0) bad = 1;
    if (rn_num(ctx, n, "atol", &o.atol, RN_POS) < 0) bad = 1;
    if (rn_num(ctx, n, "rtol", &o.rtol, RN_NONNEG) < 0) bad = 1;
    if (rn_num(ctx, n, "h_min", &o.h_min, RN_POS) < 0) bad = 1;
    if (rn_num(ctx, n, "h_max", &o.h_max, RN_NONNEG) < 0) bad = 1;
    if (rn_num(ctx, n, "beta", &o.beta, RN_NONNEG) < 0) bad = 1;
    if (rn_num(ctx, n, "gamma", &o.gamma, RN_NONNEG) < 0) bad = 1;
    if (rn_num(ctx, n, "alpha", &o.alpha, 0) < 0) bad = 1;
    if (rn_num(ctx, n, "rho_inf", &o.rho_inf, RN_NONNEG) < 0) bad = 1;
    if (rn_int(ctx, n, "max_iterations", &o.max_iterations, 0, 1) < 0) bad = 1;
    if (rn_num(ctx, n, "tol_residual", &o.tol_residual, RN_POS) < 0) bad = 1;
    if (rn_num(ctx, n, "tol_increment", &o.tol_increment, RN_POS) < 0) bad = 1;
    if (rn_num(ctx, n, "baumgarte_a1", &o.baumgarte_a1, RN_NONNEG) < 0) bad = 1;
    if (rn_num(ctx, n, "baumgarte_a2", &o.baumgarte_a2, RN_NONNEG) < 0) bad = 1;
    if (rn_bool(ctx, n, "imex", &o.imex, 0) < 0) bad = 1;
    if (rn_enum(ctx, n, "linear_solver", &o.linear_solver, LINSOLVE_NAMES, LINSOLVE_V, 0) < 0) bad = 1;
    if (rn_enum(ctx, n, "hht_history", &o.hht_history, hist, hist_v, 0) < 0) bad = 1;
    if (rn_enum(ctx, n, "si_scheme", &o.si_scheme, schemes, scheme_v, 0) < 0) bad = 1;
    if ((have_t0 = rn_num(ctx, n, "t0", &t0, 0)) < 0) bad = 1;
    if (bad || !B) return bad ? -1 : 0;
    /* t0: the stage starts at this time (alecable_model_set_time), e.g. 0 after a
     * quasistatic stage whose clock was its load factor */
    if (have_t0 == 1 && rn_lib(ctx, rn_get(ctx, n, "t0"), alecable_model_set_time(ctx->m, t0), "model_set_time"))
        return -1;
    rs->max_step_iterations = 0;
    if (sample <= 0) sample = o.h;
    n_out = n_steps > 0 ? n_steps : (int)floor(t_end / sample + 0.5);
    if (n_out < 1) n_out = 1;
    if (n_steps > 0) t_end = n_steps * o.h;
    if (rn_lib(ctx, n, alecable_model_integrator(&it, ctx->m, &o), "model_integrator")) return -1;
    if (rn_lib(ctx, n, alecable_model_pull_state(ctx->m, it), "model_pull_state")) {
        alecable_integrator_destroy(it);
        return -1;
    }
    /* the integrator starts at the model's time (0 unless a stage before
     * moved the clock) */
    alecable_model_time(ctx->m, &t_start);
    rs->t = t_start;
    alecable_integrator_get_state(it, NULL, NULL, rs->vel, NULL, NULL);
    /* the state the stage starts from is a sample (an energy range includes it) */
    if (rn_sample_channels(ctx, rs) || vtk_frame(ctx, rs, n, t_start)) {
        alecable_integrator_destroy(it);
        return -1;
    }
    w0 = now();
    for (k = 1; k <= n_out; k++) {
        /* the sample times k * sample, as a program's loop takes them: t_end
         * is rounded to a whole number of samples */
        double tk = t_start + k * sample;
        if (n_steps > 0) {
            st = alecable_integrator_step(it, o.h);
            alecable_integrator_get_state(it, &tk, NULL, NULL, NULL, NULL);
        } else {
            st = alecable_integrator_advance(it, tk);
        }
        if (!st) {
            /* the largest Newton count of one step: every step's with steps, the
             * last of each sample's with t_end */
            alecable_step_stats_init(&rs->stats);
            alecable_integrator_stats(it, &rs->stats);
            if (rs->stats.last_iterations > rs->max_step_iterations) rs->max_step_iterations = rs->stats.last_iterations;
            /* every: a sample after every every-th step and the last */
            if (n_steps > 0 && k % every != 0 && k != n_out) continue;
        }
        if (st) {
            progress_end(ctx);
            fprintf(stderr, "%s:%lu:%lu: the dynamic stage failed at t = %.6g: %s: %s\n", ctx->file,
                    (unsigned long)n->start_mark.line + 1, (unsigned long)n->start_mark.column + 1, tk,
                    alecable_strerror(st), alecable_integrator_errmsg(it));
            alecable_step_stats_init(&rs->stats);
            alecable_integrator_stats(it, &rs->stats);
            alecable_integrator_destroy(it);
            return st;
        }
        alecable_model_pull_state(ctx->m, it);
        alecable_integrator_get_state(it, NULL, NULL, rs->vel, NULL, NULL);
        rs->t = tk;
        alecable_step_stats_init(&rs->stats);
        alecable_integrator_stats(it, &rs->stats);
        if (rn_sample_channels(ctx, rs) || vtk_frame(ctx, rs, n, tk)) {
            alecable_integrator_destroy(it);
            return -1;
        }
        progress(ctx, stage, n_stages, k, n_out, "t", tk, &last);
    }
    progress_end(ctx);
    printf("  stage %d dynamic: t = %g s, %ld steps (%ld rejected), %ld Newton iterations, wall %.3f s\n", stage, t_start + t_end,
           rs->stats.steps, rs->stats.rejected, rs->stats.newton_iterations, now() - w0);
    alecable_integrator_destroy(it);
    return 0;
}

/* ---- outputs at the end --------------------------------------------------------------------- */
/* s, x, y, z of every node of a cable, 17 significant digits (the whole
 * state of an axial cable, for a comparison at any precision) */
static int write_nodes_csv(const rn_cable *c, const char *path)
{
    FILE *f = fopen(path, "w");
    int i, st = 0;
    if (!f) return ALECABLE_EINVAL;
    fprintf(f, "s,x,y,z\n");
    for (i = 0; i < c->n_nodes && !st; i++) {
        alecable_node *nd;
        double x[3], s;
        st = alecable_cable_node(&nd, c->c, i);
        if (!st) st = alecable_node_position(nd, x);
        if (!st) st = alecable_node_material(nd, &s);
        if (!st) fprintf(f, "%.17g,%.17g,%.17g,%.17g\n", s, x[0], x[1], x[2]);
    }
    if (fclose(f) && !st) st = ALECABLE_EINVAL;
    return st;
}

static int final_outputs(rn_ctx *ctx, run_state *rs, const yaml_node_t *out)
{
    yaml_node_t *csv = rn_get(ctx, out, "cable_csv"), *vtk = rn_get(ctx, out, "vtk");
    static const char *const k_csv[] = {"cable", "path", NULL};
    char buf[2048];
    int i, n = csv ? (rn_is_seq(csv) ? rn_seq_len(csv) : 1) : 0;
    for (i = 0; i < n; i++) {
        yaml_node_t *e = rn_is_seq(csv) ? rn_seq_item(ctx, csv, i) : csv;
        const char *path = NULL;
        rn_cable *c;
        if (rn_map(ctx, e, "a cable CSV (cable, path)", k_csv)) continue;
        c = rn_cable_ref(ctx, rn_get(ctx, e, "cable"));
        if (rn_str(ctx, e, "path", &path, RN_REQ) != 1 || !c) continue;
        if (B) {
            if (rn_lib(ctx, e, alecable_write_cable_csv(c->c, out_path(rs, path, buf, sizeof buf)), "write_cable_csv"))
                return -1;
            printf("  wrote %s\n", out_path(rs, path, buf, sizeof buf));
        }
    }
    csv = rn_get(ctx, out, "nodes_csv");
    n = csv ? (rn_is_seq(csv) ? rn_seq_len(csv) : 1) : 0;
    for (i = 0; i < n; i++) {
        yaml_node_t *e = rn_is_seq(csv) ? rn_seq_item(ctx, csv, i) : csv;
        const char *path = NULL;
        rn_cable *c;
        if (rn_map(ctx, e, "a nodes CSV (cable, path)", k_csv)) continue;
        c = rn_cable_ref(ctx, rn_get(ctx, e, "cable"));
        if (rn_str(ctx, e, "path", &path, RN_REQ) != 1 || !c) continue;
        if (B) {
            if (write_nodes_csv(c, out_path(rs, path, buf, sizeof buf))) {
                rn_error_at(ctx, e->start_mark, "expected a file that can be written, got %s",
                            out_path(rs, path, buf, sizeof buf));
                return -1;
            }
            printf("  wrote %s\n", out_path(rs, path, buf, sizeof buf));
        }
    }
    if (vtk) {
        const char *path = rn_scalar(vtk);
        if (!path || !*path) rn_error(ctx, vtk, "a file name for output.vtk", NULL);
        else if (B) { /* the format by the name: a .vtk is legacy, anything else VTK XML PolyData */
            size_t len = strlen(path);
            int legacy = len >= 4 && !strcmp(path + len - 4, ".vtk");
            const char *full = out_path(rs, path, buf, sizeof buf);
            if (legacy ? rn_lib(ctx, vtk, alecable_write_vtk(ctx->m, full), "write_vtk")
                       : rn_lib(ctx, vtk, alecable_write_vtp(ctx->m, full), "write_vtp"))
                return -1;
            printf("  wrote %s\n", full);
        }
    }
    if (B && rs->vtk_dir && rs->vtk_n > 0) {
        char path[2048];
        const char *const *names = (const char *const *)rs->vtk_names;
        snprintf(path, sizeof path, "%s/%s.%s", rs->vtk_dir, rs->vtk_base, rs->vtk_legacy ? "vtk.series" : "pvd");
        if (rs->vtk_legacy ? rn_lib(ctx, rn_get(ctx, out, "vtk_series"),
                                    alecable_write_vtk_series(ctx->m, out_path(rs, path, buf, sizeof buf), rs->vtk_n,
                                                              names, rs->vtk_times),
                                    "write_vtk_series")
                           : rn_lib(ctx, rn_get(ctx, out, "vtk_series"),
                                    alecable_write_pvd(ctx->m, out_path(rs, path, buf, sizeof buf), rs->vtk_n, names,
                                                       rs->vtk_times),
                                    "write_pvd"))
            return -1;
        printf("  wrote %d VTK files and %s\n", rs->vtk_n, out_path(rs, path, buf, sizeof buf));
    }
    return 0;
}

static void free_run(run_state *rs)
{
    int i;
    for (i = 0; i < rs->vtk_n; i++) free(rs->vtk_names[i]);
    free(rs->vtk_names);
    free(rs->vtk_times);
    free(rs->acc);
    free(rs->vel);
    if (rs->history) fclose(rs->history);
}

int rn_analysis(rn_ctx *ctx)
{
    static const char *const k_out[] = {"channels", "cable_csv", "nodes_csv", "vtk", "vtk_series", "history", NULL};
    static const char *const k_series[] = {"dir", "base", "every", "format", NULL};
    static const char *const formats[] = {"xml", "legacy", NULL};
    static const int format_v[] = {0, 1};
    static const char *const types[] = {"quasistatic", "dynamic", NULL};
    static const int type_v[] = {0, 1};
    yaml_node_t *root = rn_root(ctx), *an = rn_get(ctx, root, "analysis"), *out = rn_get(ctx, root, "output"), *vs;
    run_state rs;
    int i, n, st = 0, nq = 0, nlam = 0;
    double w0 = now();
    memset(&rs, 0, sizeof rs);
    rs.outdir = ctx->outdir;
    if (out) rn_map(ctx, out, "output", k_out);
    if (!an) {
        rn_error(ctx, root, "the key 'analysis' (a list of quasistatic and dynamic stages)", "a model without it");
        return -1;
    }
    if (!rn_is_seq(an) || rn_seq_len(an) == 0) {
        rn_error(ctx, an, "a list of quasistatic and dynamic stages under analysis", NULL);
        return -1;
    }
    n = rn_seq_len(an);
    if (!B) {
        for (i = 0; i < n; i++) {
            yaml_node_t *s = rn_seq_item(ctx, an, i);
            int t = -1;
            if (rn_skip(ctx, s)) continue;
            if (!s || s->type != YAML_MAPPING_NODE) {
                rn_error(ctx, s, "a mapping for a stage of analysis", NULL);
                continue;
            }
            if (rn_enum(ctx, s, "type", &t, types, type_v, RN_REQ) != 1) continue;
            ctx->entry = s;
            rn_stage_loads(ctx, s);
            if (t == 0) quasistatic(ctx, &rs, s, i + 1, n);
            else dynamic(ctx, &rs, s, i + 1, n);
        }
        if ((vs = rn_get(ctx, out, "vtk_series")) && !rn_map(ctx, vs, "vtk_series", k_series)) {
            const char *d;
            int every;
            rn_str(ctx, vs, "dir", &d, RN_REQ);
            rn_str(ctx, vs, "base", &d, 0);
            rn_int(ctx, vs, "every", &every, 0, 1);
            rn_enum(ctx, vs, "format", &every, formats, format_v, 0);
        }
        if ((vs = rn_get(ctx, out, "history")) && !rn_scalar(vs)) rn_error(ctx, vs, "a file name for output.history", NULL);
        ctx->entry = NULL;
        rn_start(ctx);
        rn_check_channels(ctx);
        final_outputs(ctx, &rs, out);
        return ctx->errors ? -1 : 0;
    }
    /* pass 2: run */
    rs.n_channels = rn_seq_len(rn_channels_node(ctx));
    rs.acc = (channel_acc *)calloc((size_t)rs.n_channels + 1, sizeof *rs.acc);
    if (!rs.acc) return -1;
    if ((vs = rn_get(ctx, out, "vtk_series"))) {
        rs.vtk_every = 1;
        rs.vtk_base = "frame";
        rn_str(ctx, vs, "dir", &rs.vtk_dir, RN_REQ);
        rn_str(ctx, vs, "base", &rs.vtk_base, 0);
        rn_int(ctx, vs, "every", &rs.vtk_every, 0, 1);
        rn_enum(ctx, vs, "format", &rs.vtk_legacy, formats, format_v, 0);
    }
    vs = rn_get(ctx, out, "history");
    if (vs || ctx->history) {
        char buf[2048];
        /* --history FILE (a command-line path, as given) replaces output.history */
        const char *path = ctx->history ? ctx->history : out_path(&rs, rn_scalar(vs), buf, sizeof buf);
        const yaml_node_t *cs = rn_channels_node(ctx);
        rs.history = fopen(path, "w");
        if (!rs.history) {
            if (ctx->history) fprintf(stderr, "alecable-run: --history: cannot write %s\n", path);
            else rn_error_at(ctx, vs->start_mark, "expected a file that can be written for output.history, got %s", path);
            free_run(&rs);
            return -1;
        }
        fprintf(rs.history, "t");
        for (i = 0; i < rn_seq_len(cs); i++) {
            yaml_node_t *ch = rn_seq_item(ctx, cs, i);
            int pr = 1;
            rn_bool(ctx, ch, "print", &pr, 0);
            if (pr && !rn_skip(ctx, ch)) fprintf(rs.history, ",%s", rn_scalar(rn_get(ctx, ch, "name")));
        }
        fputc('\n', rs.history);
    }
    if (rn_lib(ctx, root, alecable_model_finalize(ctx->m), "model_finalize") || rn_apply_normals(ctx)) {
        free_run(&rs);
        return -1;
    }
    alecable_model_sizes(ctx->m, &nq, &nlam);
    rs.nq = nq;
    rs.vel = (double *)calloc((size_t)nq + 1, sizeof *rs.vel);
    if (!rs.vel) {
        free_run(&rs);
        return -1;
    }
    printf("alecable-run %s: %d cable(s), %d coordinates, %d constraint equations, %d stage(s)\n", ctx->file,
           ctx->n_cables, nq, nlam, n);
    if (rn_start(ctx)) {
        free_run(&rs);
        return -1;
    }
    for (i = 0; i < n && !st; i++) {
        yaml_node_t *s = rn_seq_item(ctx, an, i);
        int t = 0;
        if (rn_skip(ctx, s)) continue;
        rs.stage = i + 1;
        ctx->stage = i + 1; /* a motion given per stage follows this stage's frame */
        rn_enum(ctx, s, "type", &t, types, type_v, RN_REQ);
        /* the friction made at this stage's start, then its changes of loads */
        if (rn_model_stage(ctx) || rn_stage_loads(ctx, s)) {
            st = -1;
            break;
        }
        if (t == 0) memset(rs.vel, 0, (size_t)rs.nq * sizeof *rs.vel); /* statics: at rest */
        st = t == 0 ? quasistatic(ctx, &rs, s, i + 1, n) : dynamic(ctx, &rs, s, i + 1, n);
    }
    if (!st) st = final_outputs(ctx, &rs, out);
    rs.wall = now() - w0;
    if (!st) printf("  done in %.3f s\n", rs.wall);
    if (rn_final_channels(ctx, &rs, st ? (st < 0 ? st : 1) : 0)) st = -1;
    free_run(&rs);
    return st;
}
