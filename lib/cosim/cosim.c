/* Co-simulation (alecable_cosim_*): a host integrates its own bodies and
 * hands the library, per macro-step, the kinematics of the bodies the
 * cables hang from; the model's integrator sub-steps the cables over the
 * macro-step with those bodies driven (alecable_body_prescribe(), the
 * frame supplied here), and the drives' generalized forces are the
 * wrenches handed back.
 *
 * Undo of a macro-step of many sub-steps: a checkpoint of the whole
 * integrator state (integrators/problem.h) is taken at the macro-step's
 * start; the model's state is always the integrator's pulled at the end of
 * the last macro-step, so restoring the checkpoint and pulling again gives
 * the model back bit for bit.  The Jacobians re-run the macro-step from the
 * same checkpoint with perturbed end kinematics (a second checkpoint holds
 * the nominal end meanwhile). */
#include "cosim.h"
#include "../core/model.h"
#include "../bodies/bodies.h"
#include "../bodies/rotation.h"
#include "../integrators/problem.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define MAGIC_COSIM 0x43534d31u

/* what the drives' frames follow: the start kinematics moved with their
 * twist (after init: statics at t0 see the initial pose), the
 * interpolation over the macro-step, or the host's callback */
enum { CS_HOLD = 0, CS_INTERP = 1, CS_HOST = 2 };

typedef struct cs_slot {
    alecable_cosim *c;
    int i;
    alecable_body *body;
    alecable_joint *drive;
    int dof[6];
    cs_ends e, e_undo; /* the macro-step's ends; before the last macro-step */
} cs_slot;

struct alecable_cosim {
    unsigned magic;
    alecable_model *m;
    ac_alloc alloc;
    int nb, interp, jacobians;
    double jac_step;
    alecable_dynamic_options dyn;
    alecable_quasistatic_options qs;
    cs_slot *slot;
    alecable_integrator *it;
    dyn_checkpoint *ck0, *ck1; /* the macro-step's start; its nominal end while the Jacobians run */
    int inited, can_undo;
    /* the frames' mode, the macro-step's start and length, and their values
     * before the last macro-step (undo) */
    int mode, mode_undo;
    double t, tm0, H, t_undo, tm0_undo, H_undo;
    alecable_cosim_kinematics_fn fn;
    void *user;
    double *wp, *wm; /* 6 nb: the Jacobians' perturbed wrenches */
    char msg[512];
};

static int fail(alecable_cosim *c, int st, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static int fail(alecable_cosim *c, int st, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->msg, sizeof c->msg, fmt, ap);
    va_end(ap);
    return st;
}

static int check(const alecable_cosim *c)
{
    if (!c) return ALECABLE_ENULL;
    if (c->magic != MAGIC_COSIM) return ALECABLE_EHANDLE;
    return ALECABLE_OK;
}

ALECABLE_API void alecable_cosim_options_init(alecable_cosim_options *o)
{
    if (!o) return;
    memset(o, 0, sizeof *o);
    o->struct_size = sizeof *o;
    o->interpolation = ALECABLE_COSIM_LINEAR;
    o->jacobian_step = 1e-6;
}

ALECABLE_API const char *alecable_cosim_errmsg(const alecable_cosim *c)
{
    if (!c) return "cosim is NULL";
    if (c->magic != MAGIC_COSIM) return "not a cosim handle";
    return c->msg;
}

/* The drives' frame (alecable_frame_fn), user = the slot */
static int frame(void *user, double t, double x[3], double R[9], double v[3], double w[3], double a[3],
                 double al[3])
{
    cs_slot *s = (cs_slot *)user;
    alecable_cosim *c = s->c;
    int k, rc;
    if (c->mode == CS_HOLD) {
        cs_extrapolate(&s->e, c->tm0, t, x, R, v, w, a, al);
        return 0;
    }
    if (c->mode == CS_INTERP) {
        cs_interpolate(&s->e, c->interp, c->tm0, c->H, t, x, R, v, w, a, al);
        return 0;
    }
    memset(a, 0, 3 * sizeof(double));
    memset(al, 0, 3 * sizeof(double));
    if ((rc = c->fn(c->user, s->i, t, x, R, v, w, a, al)) != 0) return rc;
    for (k = 0; k < 3; k++)
        if (!isfinite(x[k]) || !isfinite(v[k]) || !isfinite(w[k]) || !isfinite(a[k]) || !isfinite(al[k])) {
            fail(c, ALECABLE_ECALLBACK, "the kinematics callback gave a non-finite value for body %d at t = %.9g",
                 s->i, t);
            return ALECABLE_ECALLBACK;
        }
    return 0;
}

/* The drives' frame once their co-simulation is gone: the model's solves
 * fail with ALECABLE_ECALLBACK naming the drive instead of reading freed
 * memory */
static int orphan_frame(void *user, double t, double x[3], double R[9], double v[3], double w[3], double a[3],
                        double al[3])
{
    (void)user, (void)t, (void)x, (void)R, (void)v, (void)w, (void)a, (void)al;
    return -1;
}

ALECABLE_API void alecable_cosim_destroy(alecable_cosim *c)
{
    ac_alloc a;
    int i;
    if (check(c)) return;
    a = c->alloc;
    for (i = 0; c->slot && i < c->nb; i++)
        if (c->slot[i].drive) {
            c->slot[i].drive->motion = orphan_frame;
            c->slot[i].drive->motion_user = NULL;
        }
    alecable_integrator_destroy(c->it);
    dyn_checkpoint_destroy(c->ck0);
    dyn_checkpoint_destroy(c->ck1);
    ac_free(&a, c->slot);
    ac_free(&a, c->wp);
    ac_free(&a, c->wm);
    c->magic = 0;
    ac_free(&a, c);
}

static int copy_options(alecable_cosim *c, alecable_model *m, const alecable_cosim_options *o)
{
    alecable_quasistatic_options qdef;
    char msg[400];
    int st;
    alecable_quasistatic_options_init(&qdef);
    alecable_dynamic_options_init(&c->dyn);
    c->interp = ALECABLE_COSIM_LINEAR;
    c->jac_step = 1e-6;
    if (!o) return qs_options(&qdef, &c->qs, msg, sizeof msg) ? ac_fail(m, ALECABLE_EINVAL, "%s", msg) : 0;
    if (o->struct_size < sizeof *o)
        return ac_fail(m, ALECABLE_EINVAL, "options.struct_size = %zu is too small (alecable_cosim_options_init())",
                       o->struct_size);
    if (o->interpolation != ALECABLE_COSIM_LINEAR && o->interpolation != ALECABLE_COSIM_HERMITE)
        return ac_fail(m, ALECABLE_EINVAL, "options.interpolation = %d is not an ALECABLE_COSIM_* value",
                       o->interpolation);
    if (o->jacobians != 0 && o->jacobians != 1)
        return ac_fail(m, ALECABLE_EINVAL, "options.jacobians = %d is not 0 or 1", o->jacobians);
    if (!isfinite(o->jacobian_step) || o->jacobian_step <= 0.0 || o->jacobian_step > 0.1)
        return ac_fail(m, ALECABLE_EINVAL, "options.jacobian_step = %g is not in (0, 0.1]", o->jacobian_step);
    if (o->dynamic) {
        size_t n = o->dynamic->struct_size < sizeof c->dyn ? o->dynamic->struct_size : sizeof c->dyn;
        if ((st = dyn_check_options(o->dynamic, msg, sizeof msg)))
            return ac_fail(m, st, "options.dynamic: %s", msg);
        memcpy(&c->dyn, o->dynamic, n);
        c->dyn.struct_size = sizeof c->dyn;
    }
    if ((st = qs_options(o->settle ? o->settle : &qdef, &c->qs, msg, sizeof msg)))
        return ac_fail(m, st, "options.settle: %s", msg);
    c->interp = o->interpolation;
    c->jacobians = o->jacobians;
    c->jac_step = o->jacobian_step;
    return ALECABLE_OK;
}

/* The coupled bodies' places in q (after finalize) */
static int body_dofs(alecable_cosim *c)
{
    int i, k, st;
    for (i = 0; i < c->nb; i++) {
        alecable_node *n;
        if ((st = alecable_body_node(&n, c->slot[i].body))) return st;
        for (k = 0; k < 6; k++)
            if ((st = alecable_node_dof_index(n, k < 3 ? ALECABLE_DOF_X + k : ALECABLE_DOF_RX + k - 3,
                                              &c->slot[i].dof[k])))
                return st;
    }
    return ALECABLE_OK;
}

ALECABLE_API int alecable_cosim_create(alecable_cosim **out, alecable_model *m, int nbodies,
                                       alecable_body *const bodies[], const alecable_cosim_options *o)
{
    alecable_cosim *c;
    ac_alloc a;
    int st, i, j;
    if ((st = ac_check_model(m))) return st;
    if (!out) return ac_fail(m, ALECABLE_ENULL, "out is NULL");
    *out = NULL;
    if (!bodies) return ac_fail(m, ALECABLE_ENULL, "bodies is NULL");
    if (nbodies < 1) return ac_fail(m, ALECABLE_EINVAL, "nbodies = %d: at least one coupled body", nbodies);
    for (i = 0; i < nbodies; i++) {
        char arg[32];
        snprintf(arg, sizeof arg, "bodies[%d]", i);
        if ((st = body_check(m, bodies[i], arg))) return st;
        for (j = 0; j < i; j++)
            if (bodies[j] == bodies[i]) return ac_fail(m, ALECABLE_EINVAL, "bodies[%d] repeats bodies[%d]", i, j);
    }
    a = m->alloc;
    if (!(c = (alecable_cosim *)ac_calloc(&a, 1, sizeof *c))) return ac_fail(m, ALECABLE_ENOMEM, "out of memory");
    c->alloc = a;
    c->magic = MAGIC_COSIM;
    c->m = m;
    c->nb = nbodies;
    if ((st = copy_options(c, m, o))) {
        alecable_cosim_destroy(c);
        return st;
    }
    c->slot = (cs_slot *)ac_calloc(&c->alloc, (size_t)nbodies, sizeof *c->slot);
    c->wp = (double *)ac_calloc(&c->alloc, 6 * (size_t)nbodies, sizeof(double));
    c->wm = (double *)ac_calloc(&c->alloc, 6 * (size_t)nbodies, sizeof(double));
    if (!c->slot || !c->wp || !c->wm) {
        alecable_cosim_destroy(c);
        return ac_fail(m, ALECABLE_ENOMEM, "out of memory");
    }
    for (i = 0; i < nbodies; i++) { /* the frames hold the bodies where they are until init */
        cs_slot *s = &c->slot[i];
        s->c = c;
        s->i = i;
        s->body = bodies[i];
        alecable_body_pose(s->body, s->e.x0, s->e.R0);
        memcpy(s->e.x1, s->e.x0, sizeof s->e.x1);
        memcpy(s->e.R1, s->e.R0, sizeof s->e.R1);
        cs_ends_prepare(&s->e);
    }
    alecable_model_time(m, &c->tm0);
    c->mode = CS_HOLD;
    c->H = 1.0;
    for (i = 0; i < nbodies; i++)
        if ((st = alecable_body_prescribe(&c->slot[i].drive, m, bodies[i], frame, &c->slot[i]))) {
            alecable_cosim_destroy(c);
            return st;
        }
    if ((st = alecable_model_finalize(m))) {
        alecable_cosim_destroy(c);
        return st;
    }
    if ((st = body_dofs(c))) {
        alecable_cosim_destroy(c);
        return st;
    }
    *out = c;
    return ALECABLE_OK;
}

/* poses (12 nb) and twists (6 nb, may be NULL): finite, rotations */
static int check_kinematics(alecable_cosim *c, const double *poses, const double *twists)
{
    int i, k;
    double e;
    for (i = 0; i < c->nb; i++) {
        for (k = 0; k < 12; k++)
            if (!isfinite(poses[12 * i + k]))
                return fail(c, ALECABLE_EINVAL, "poses[%d] = %g (body %d) is not finite", 12 * i + k,
                            poses[12 * i + k], i);
        if ((e = rot_error(poses + 12 * i + 3)) > ROT_HOST_TOL)
            return fail(c, ALECABLE_EINVAL, "poses[%d..%d] (body %d's rotation) is not a rotation: |R^T R - I| = %.3g "
                        "(or a reflection)", 12 * i + 3, 12 * i + 11, i, e);
        if (twists)
            for (k = 0; k < 6; k++)
                if (!isfinite(twists[6 * i + k]))
                    return fail(c, ALECABLE_EINVAL, "twists[%d] = %g (body %d) is not finite", 6 * i + k,
                                twists[6 * i + k], i);
    }
    return ALECABLE_OK;
}

/* The wrenches at the model's state (pulled) at time t: the drives'
 * G^T lambda, force lambda_x; moment R_b G_r^T lambda_r with
 * G_r = d g_r / d psi = (tr(M) I - M^T) / 2, M = R_d^T R_b (drive.c's g_r) */
static int wrenches_at(alecable_cosim *c, double t, double *W)
{
    int i, j, k, st;
    for (i = 0; i < c->nb; i++) {
        cs_slot *s = &c->slot[i];
        double lam[6], xb[3], Rb[9], xd[3], Rd[9], v[3], w[3], a[3], al[3], M[9], tr, mb[3];
        if ((st = alecable_joint_multipliers(s->drive, lam))) return fail(c, st, "the drive's multipliers: %s",
                                                                          alecable_model_errmsg(c->m));
        alecable_body_pose(s->body, xb, Rb);
        if ((st = frame(s, t, xd, Rd, v, w, a, al)))
            return fail(c, ALECABLE_ECALLBACK, "the kinematics callback failed (%d) for body %d at t = %.9g", st, i, t);
        for (j = 0; j < 3; j++)
            for (k = 0; k < 3; k++)
                M[3 * j + k] = Rd[j] * Rb[k] + Rd[3 + j] * Rb[3 + k] + Rd[6 + j] * Rb[6 + k];
        tr = M[0] + M[4] + M[8];
        for (j = 0; j < 3; j++)
            mb[j] = 0.5 * (tr * lam[3 + j] - (M[3 * j] * lam[3] + M[3 * j + 1] * lam[4] + M[3 * j + 2] * lam[5]));
        if (W) {
            for (j = 0; j < 3; j++) W[6 * i + j] = lam[j];
            rot_mul(Rb, mb, W + 6 * i + 3);
        }
    }
    return ALECABLE_OK;
}

/* Sub-steps [tm0, tm0 + H] from the integrator's state, then pulls it
 * into the model.  On failure the caller restores. */
static int run_macro(alecable_cosim *c)
{
    double t_end = c->tm0 + c->H, h;
    int st = ALECABLE_OK, n, k = 0;
    if (c->dyn.adaptive) {
        st = alecable_integrator_advance(c->it, t_end);
        n = 1;
    } else {
        double r = c->H / c->dyn.h;
        n = r > 1e9 ? 1000000000 : (int)ceil(r - 1e-9);
        if (n < 1) n = 1;
        h = c->H / n;
        for (k = 0; k < n && !st; k++) st = alecable_integrator_step(c->it, h);
    }
    if (st) {
        if (c->mode == CS_HOST && st == ALECABLE_ECALLBACK && c->msg[0]) return st; /* frame() said why */
        return fail(c, st, "macro-step [%.9g, %.9g]: sub-step %d of %d failed (%s): %s%s%s", c->tm0, t_end, k, n,
                    alecable_strerror(st), alecable_integrator_errmsg(c->it),
                    st == ALECABLE_ECALLBACK ? "; model: " : "",
                    st == ALECABLE_ECALLBACK ? alecable_model_errmsg(c->m) : "");
    }
    if ((st = alecable_model_pull_state(c->m, c->it)))
        return fail(c, st, "pulling the state: %s", alecable_model_errmsg(c->m));
    return ALECABLE_OK;
}

/* Back to the macro-step's start after a failure: the checkpoint, the
 * ends, the mode, the model's state */
static void back_to_start(alecable_cosim *c)
{
    int i;
    dyn_checkpoint_restore(c->ck0, c->it);
    for (i = 0; i < c->nb; i++) c->slot[i].e = c->slot[i].e_undo;
    c->mode = c->mode_undo;
    c->tm0 = c->tm0_undo;
    c->H = c->H_undo;
    c->t = c->t_undo;
    alecable_model_pull_state(c->m, c->it);
}

ALECABLE_API int alecable_cosim_init(alecable_cosim *c, double t0, const double *poses, const double *twists,
                                     int settle, double *wrenches)
{
    alecable_model *m;
    alecable_integrator *it = NULL;
    dyn_checkpoint *ck0 = NULL, *ck1 = NULL;
    double *q = NULL, *v = NULL, *lam = NULL, *q0 = NULL, *v0 = NULL, *lam0 = NULL, lf = 0.0, time0 = 0.0;
    cs_ends *ends0 = NULL;
    int st, nq, nlam, i, k, mode0 = c ? c->mode : 0;
    double tm00 = c ? c->tm0 : 0.0;
    if ((st = check(c))) return st;
    c->msg[0] = '\0';
    m = c->m;
    if (!poses) return fail(c, ALECABLE_ENULL, "poses is NULL");
    if (!isfinite(t0)) return fail(c, ALECABLE_EINVAL, "t0 = %g is not finite", t0);
    if (settle != 0 && settle != 1) return fail(c, ALECABLE_EINVAL, "settle = %d is not 0 or 1", settle);
    if ((st = check_kinematics(c, poses, twists))) return st;
    if ((st = alecable_model_finalize(m)) || (st = alecable_model_sizes(m, &nq, &nlam)) || (st = body_dofs(c)))
        return fail(c, st, "the model: %s", alecable_model_errmsg(m));
    q = (double *)ac_calloc(&c->alloc, (size_t)nq, sizeof(double));
    v = (double *)ac_calloc(&c->alloc, (size_t)nq, sizeof(double));
    q0 = (double *)ac_calloc(&c->alloc, (size_t)nq, sizeof(double));
    v0 = (double *)ac_calloc(&c->alloc, (size_t)nq, sizeof(double));
    lam = (double *)ac_calloc(&c->alloc, (size_t)(nlam > 0 ? nlam : 1), sizeof(double));
    lam0 = (double *)ac_calloc(&c->alloc, (size_t)(nlam > 0 ? nlam : 1), sizeof(double));
    ends0 = (cs_ends *)ac_calloc(&c->alloc, (size_t)c->nb, sizeof *ends0);
    if (!q || !v || !q0 || !v0 || !lam || !lam0 || !ends0) {
        st = fail(c, ALECABLE_ENOMEM, "out of memory");
        goto done;
    }
    /* the model as it is, to put back on failure */
    alecable_model_get_state(m, q0, lam0, &lf);
    alecable_model_get_velocity(m, v0);
    alecable_model_time(m, &time0);
    for (i = 0; i < c->nb; i++) ends0[i] = c->slot[i].e;
    memcpy(q, q0, (size_t)nq * sizeof(double));
    memcpy(lam, lam0, (size_t)(nlam > 0 ? nlam : 1) * sizeof(double));
    if (!settle) memcpy(v, v0, (size_t)nq * sizeof(double)); /* settled cables start at rest */
    for (i = 0; i < c->nb; i++) {
        cs_slot *s = &c->slot[i];
        const double *P = poses + 12 * i;
        double psi[3], W[3];
        memcpy(s->e.x0, P, 3 * sizeof(double));
        memcpy(s->e.R0, P + 3, 9 * sizeof(double));
        if (twists) {
            memcpy(s->e.v0, twists + 6 * i, 3 * sizeof(double));
            memcpy(s->e.w0, twists + 6 * i + 3, 3 * sizeof(double));
        } else {
            memset(s->e.v0, 0, sizeof s->e.v0);
            memset(s->e.w0, 0, sizeof s->e.w0);
        }
        memcpy(s->e.x1, s->e.x0, sizeof s->e.x1);
        memcpy(s->e.R1, s->e.R0, sizeof s->e.R1);
        memcpy(s->e.v1, s->e.v0, sizeof s->e.v1);
        memcpy(s->e.w1, s->e.w0, sizeof s->e.w1);
        cs_ends_prepare(&s->e);
        rot_log(s->e.R0, psi);
        rot_tmul(s->e.R0, s->e.w0, W);
        for (k = 0; k < 3; k++) {
            q[s->dof[k]] = s->e.x0[k];
            q[s->dof[3 + k]] = psi[k];
            v[s->dof[k]] = s->e.v0[k];
            v[s->dof[3 + k]] = W[k];
        }
    }
    c->mode = CS_HOLD;
    c->tm0 = t0;
    if ((st = alecable_model_set_time(m, t0)) || (st = alecable_model_set_state(m, q, lam, lf)) ||
        (st = alecable_model_set_velocity(m, v))) {
        st = fail(c, st, "setting the initial state: %s", alecable_model_errmsg(m));
        goto restore;
    }
    if (settle && (st = alecable_solve_quasistatic(m, &c->qs, NULL))) {
        st = fail(c, st, "settle: the cables' statics with the bodies held at the initial poses failed: %s",
                  alecable_model_errmsg(m));
        goto restore;
    }
    if (settle && ((st = alecable_model_set_velocity(m, v)) || (st = alecable_model_set_time(m, t0)))) {
        st = fail(c, st, "after settle: %s", alecable_model_errmsg(m));
        goto restore;
    }
    if ((st = alecable_model_integrator(&it, m, &c->dyn))) {
        st = fail(c, st, "the sub-steps' integrator: %s", alecable_model_errmsg(m));
        goto restore;
    }
    if ((st = dyn_checkpoint_create(&ck0, it)) || (st = dyn_checkpoint_create(&ck1, it))) {
        st = fail(c, st, "out of memory");
        goto restore;
    }
    if ((st = alecable_model_pull_state(m, it))) {
        st = fail(c, st, "pulling the initial state: %s", alecable_model_errmsg(m));
        goto restore;
    }
    /* committed */
    alecable_integrator_destroy(c->it);
    dyn_checkpoint_destroy(c->ck0);
    dyn_checkpoint_destroy(c->ck1);
    c->it = it;
    c->ck0 = ck0;
    c->ck1 = ck1;
    it = NULL;
    ck0 = ck1 = NULL;
    c->inited = 1;
    c->can_undo = 0;
    c->t = t0;
    c->H = 1.0;
    st = wrenches_at(c, t0, wrenches);
    goto done;
restore:
    alecable_model_set_state(m, q0, lam0, lf);
    alecable_model_set_velocity(m, v0);
    alecable_model_set_time(m, time0);
    for (i = 0; i < c->nb; i++) c->slot[i].e = ends0[i];
    c->mode = mode0;
    c->tm0 = tm00;
done:
    alecable_integrator_destroy(it);
    dyn_checkpoint_destroy(ck0);
    dyn_checkpoint_destroy(ck1);
    ac_free(&c->alloc, q);
    ac_free(&c->alloc, v);
    ac_free(&c->alloc, q0);
    ac_free(&c->alloc, v0);
    ac_free(&c->alloc, lam);
    ac_free(&c->alloc, lam0);
    ac_free(&c->alloc, ends0);
    return st;
}

static int check_stepping(alecable_cosim *c, double H)
{
    int st;
    if (!c->inited) return fail(c, ALECABLE_ESTATE, "not initialized: call alecable_cosim_init() first");
    if (!isfinite(H) || H <= 0.0) return fail(c, ALECABLE_EINVAL, "H = %g is not finite and > 0", H);
    if ((st = alecable_integrator_sizes(c->it, NULL, NULL))) return fail(c, st, "no integrator");
    return ALECABLE_OK;
}

/* Saves the macro-step's start (checkpoint, ends, clock) for undo */
static int begin_macro(alecable_cosim *c, double H, int mode)
{
    int i, st;
    if ((st = dyn_checkpoint_save(c->ck0, c->it)))
        return fail(c, st, "the model changed since alecable_cosim_init(): initialize again");
    for (i = 0; i < c->nb; i++) c->slot[i].e_undo = c->slot[i].e;
    c->mode_undo = c->mode;
    c->tm0_undo = c->tm0;
    c->H_undo = c->H;
    c->t_undo = c->t;
    c->mode = mode;
    c->tm0 = c->t;
    c->H = H;
    return ALECABLE_OK;
}

/* The integrator's time after a macro-step (the sub-steps' sum) */
static double integrator_time(const alecable_cosim *c)
{
    double t = c->tm0 + c->H;
    alecable_integrator_get_state(c->it, &t, NULL, NULL, NULL, NULL);
    return t;
}

/* pose / twist component k (0-5 pose: dx, dtheta in space; 6-11 twist) of
 * the end kinematics moved by d */
static void perturb(cs_ends *e, int k, double d)
{
    double r[3] = {0.0, 0.0, 0.0};
    if (k < 3) e->x1[k] += d;
    else if (k < 6) {
        r[k - 3] = d;
        cs_rotate_space(e->R1, r);
    } else if (k < 9) e->v1[k - 6] += d;
    else e->w1[k - 9] += d;
    cs_ends_prepare(e);
}

static double inf3(const double *x) { return fmax(fabs(x[0]), fmax(fabs(x[1]), fabs(x[2]))); }

/* Central differences of re-run macro-steps from ck0 (see the header) */
static int jacobians(alecable_cosim *c, double *jac_pose, double *jac_twist)
{
    int n6 = 6 * c->nb, j, k, r, kmax = c->interp == ALECABLE_COSIM_HERMITE && jac_twist ? 12 : 6, st;
    double t_end;
    if ((st = dyn_checkpoint_save(c->ck1, c->it))) return fail(c, st, "checkpoint of the macro-step's end failed");
    if (jac_twist) memset(jac_twist, 0, sizeof(double) * (size_t)n6 * (size_t)n6);
    for (j = 0; j < c->nb; j++) {
        cs_slot *s = &c->slot[j];
        cs_ends nominal = s->e;
        for (k = 0; k < kmax; k++) {
            double d, *J = k < 6 ? jac_pose : jac_twist;
            int col = 6 * j + k % 6;
            if (!J) continue;
            d = c->jac_step * (k < 3 ? fmax(1.0, inf3(nominal.x1)) : k < 6 ? 1.0 : k < 9 ? fmax(1.0, inf3(nominal.v1))
                                                                                          : fmax(1.0, inf3(nominal.w1)));
            s->e = nominal;
            perturb(&s->e, k, d);
            if ((st = dyn_checkpoint_restore(c->ck0, c->it)) || (st = run_macro(c)) ||
                (st = wrenches_at(c, t_end = integrator_time(c), c->wp))) {
                s->e = nominal;
                return st;
            }
            s->e = nominal;
            perturb(&s->e, k, -d);
            if ((st = dyn_checkpoint_restore(c->ck0, c->it)) || (st = run_macro(c)) ||
                (st = wrenches_at(c, t_end = integrator_time(c), c->wm))) {
                s->e = nominal;
                return st;
            }
            s->e = nominal;
            for (r = 0; r < n6; r++) J[(size_t)r * (size_t)n6 + (size_t)col] = (c->wp[r] - c->wm[r]) / (2.0 * d);
        }
    }
    if ((st = dyn_checkpoint_restore(c->ck1, c->it)) || (st = alecable_model_pull_state(c->m, c->it)))
        return fail(c, st, "restoring the macro-step's end failed");
    return ALECABLE_OK;
}

ALECABLE_API int alecable_cosim_step(alecable_cosim *c, double H, const double *poses, const double *twists,
                                     double *wrenches, double *jac_pose, double *jac_twist)
{
    int st, i;
    if ((st = check(c))) return st;
    c->msg[0] = '\0';
    if ((st = check_stepping(c, H))) return st;
    if (!poses) return fail(c, ALECABLE_ENULL, "poses is NULL");
    if (!twists && c->interp == ALECABLE_COSIM_HERMITE)
        return fail(c, ALECABLE_ENULL, "twists is NULL: Hermite interpolation needs them");
    if ((jac_pose || jac_twist) && !c->jacobians)
        return fail(c, ALECABLE_EINVAL, "jac_pose or jac_twist given, but the co-simulation was created without "
                                        "options.jacobians");
    if ((st = check_kinematics(c, poses, twists))) return st;
    if ((st = begin_macro(c, H, CS_INTERP))) return st;
    for (i = 0; i < c->nb; i++) {
        cs_ends *e = &c->slot[i].e;
        memcpy(e->x0, e->x1, sizeof e->x0);
        memcpy(e->R0, e->R1, sizeof e->R0);
        memcpy(e->v0, e->v1, sizeof e->v0);
        memcpy(e->w0, e->w1, sizeof e->w0);
        memcpy(e->x1, poses + 12 * i, sizeof e->x1);
        memcpy(e->R1, poses + 12 * i + 3, sizeof e->R1);
        if (twists) {
            memcpy(e->v1, twists + 6 * i, sizeof e->v1);
            memcpy(e->w1, twists + 6 * i + 3, sizeof e->w1);
        } else {
            memset(e->v1, 0, sizeof e->v1);
            memset(e->w1, 0, sizeof e->w1);
        }
        cs_ends_prepare(e);
    }
    if ((st = run_macro(c)) || (st = wrenches_at(c, integrator_time(c), wrenches)) ||
        ((jac_pose || jac_twist) && (st = jacobians(c, jac_pose, jac_twist)))) {
        back_to_start(c);
        return st;
    }
    c->t = integrator_time(c);
    c->can_undo = 1;
    return ALECABLE_OK;
}

ALECABLE_API int alecable_cosim_step_callback(alecable_cosim *c, double H, alecable_cosim_kinematics_fn fn,
                                              void *user, double *wrenches)
{
    int st, i;
    double t_end;
    if ((st = check(c))) return st;
    c->msg[0] = '\0';
    if ((st = check_stepping(c, H))) return st;
    if (!fn) return fail(c, ALECABLE_ENULL, "fn is NULL");
    if ((st = begin_macro(c, H, CS_HOST))) return st;
    c->fn = fn;
    c->user = user;
    if ((st = run_macro(c)) || (st = wrenches_at(c, t_end = integrator_time(c), wrenches))) {
        back_to_start(c);
        c->fn = NULL;
        return st;
    }
    /* the next macro-step starts from the host's kinematics at its end */
    for (i = 0; i < c->nb; i++) {
        cs_ends *e = &c->slot[i].e;
        double a[3], al[3];
        if ((st = frame(&c->slot[i], t_end, e->x1, e->R1, e->v1, e->w1, a, al))) {
            back_to_start(c);
            c->fn = NULL;
            return fail(c, ALECABLE_ECALLBACK, "the kinematics callback failed (%d) for body %d at t = %.9g", st, i,
                        t_end);
        }
        memcpy(e->x0, e->x1, sizeof e->x0);
        memcpy(e->R0, e->R1, sizeof e->R0);
        memcpy(e->v0, e->v1, sizeof e->v0);
        memcpy(e->w0, e->w1, sizeof e->w0);
        cs_ends_prepare(e);
    }
    c->fn = NULL;
    c->mode = CS_HOLD;
    c->t = c->tm0 = t_end;
    c->can_undo = 1;
    return ALECABLE_OK;
}

ALECABLE_API int alecable_cosim_undo(alecable_cosim *c)
{
    int st;
    if ((st = check(c))) return st;
    c->msg[0] = '\0';
    if (!c->inited || !c->can_undo)
        return fail(c, ALECABLE_ESTATE, "nothing to undo: no macro-step since alecable_cosim_init() or the last undo");
    if ((st = dyn_checkpoint_save(c->ck1, c->it)) || (st = dyn_checkpoint_restore(c->ck0, c->it)))
        return fail(c, st, "restoring the macro-step's start failed (%s): the model changed since "
                    "alecable_cosim_init()?", alecable_strerror(st));
    if ((st = alecable_model_pull_state(c->m, c->it))) {
        dyn_checkpoint_restore(c->ck1, c->it);
        return fail(c, st, "the model changed since alecable_cosim_init(): %s", alecable_model_errmsg(c->m));
    }
    back_to_start(c);
    c->can_undo = 0;
    return ALECABLE_OK;
}

ALECABLE_API int alecable_cosim_state(const alecable_cosim *c, double *t, const alecable_integrator **it)
{
    int st;
    if ((st = check(c))) return st;
    if (t) *t = c->t;
    if (it) *it = c->it;
    return ALECABLE_OK;
}
