/* Checkpoints of an integrator's whole state (problem.h): what a step
 * reads of the integrator lives in its current dyn_state and in the
 * problem's history, everything else being set at set_state (the watch's
 * scales) or being workspace and counters.  So a copy of cur with its
 * arrays, put back with the history it carries, makes the integrator step
 * on bit for bit as it did from there (given a linear solver that does not
 * carry pivots over: KLU's reuse is not rewound). */
#include "dynamic_internal.h"

#include <string.h>

struct dyn_checkpoint {
    ac_alloc alloc;
    int nq, nlam, nhist, saved, has_state;
    dyn_state s;
};

/* An array the integrator's method never reads is NULL there (dynamic.c):
 * nothing to restore into it, zeros to save from it. */
static void copy_array(double *to, const double *from, size_t n)
{
    if (!to) return;
    if (from) memcpy(to, from, n);
    else memset(to, 0, n);
}

static void copy_state(dyn_state *to, const dyn_state *from, int nq, int nlam, int nhist)
{
    dyn_state keep = *to; /* the arrays stay the destination's own */
    size_t n = (size_t)nq * sizeof(double), m = (size_t)(nlam > 0 ? nlam : 1) * sizeof(double);
    *to = *from;
    to->q = keep.q;
    to->v = keep.v;
    to->a = keep.a;
    to->A = keep.A;
    to->lam = keep.lam;
    to->dq_old = keep.dq_old;
    to->v_old = keep.v_old;
    to->fc = keep.fc;
    to->w1 = keep.w1;
    to->w2 = keep.w2;
    to->phist = keep.phist;
    memcpy(to->q, from->q, n);
    memcpy(to->v, from->v, n);
    memcpy(to->a, from->a, n);
    memcpy(to->lam, from->lam, m);
    copy_array(to->A, from->A, n);
    copy_array(to->dq_old, from->dq_old, n);
    copy_array(to->v_old, from->v_old, n);
    copy_array(to->fc, from->fc, n);
    copy_array(to->w1, from->w1, n);
    copy_array(to->w2, from->w2, n);
    if (nhist > 0) memcpy(to->phist, from->phist, (size_t)nhist * sizeof(double));
}

void dyn_checkpoint_destroy(dyn_checkpoint *c)
{
    ac_alloc a;
    double **arr[11];
    int k;
    if (!c) return;
    a = c->alloc;
    arr[0] = &c->s.q, arr[1] = &c->s.v, arr[2] = &c->s.a, arr[3] = &c->s.A, arr[4] = &c->s.lam;
    arr[5] = &c->s.dq_old, arr[6] = &c->s.v_old, arr[7] = &c->s.fc, arr[8] = &c->s.w1, arr[9] = &c->s.w2;
    arr[10] = &c->s.phist;
    for (k = 0; k < 11; k++) ac_free(&a, *arr[k]);
    ac_free(&a, c);
}

int dyn_checkpoint_create(dyn_checkpoint **out, const alecable_integrator *it)
{
    dyn_checkpoint *c;
    ac_alloc a = it->alloc;
    size_t n = (size_t)it->nq, m = (size_t)(it->nlam > 0 ? it->nlam : 1);
    *out = NULL;
    if (!(c = (dyn_checkpoint *)ac_calloc(&a, 1, sizeof *c))) return ALECABLE_ENOMEM;
    c->alloc = it->alloc;
    c->nq = it->nq;
    c->nlam = it->nlam;
    c->nhist = it->p.nhist;
    c->s.q = (double *)ac_calloc(&a, n, sizeof(double));
    c->s.v = (double *)ac_calloc(&a, n, sizeof(double));
    c->s.a = (double *)ac_calloc(&a, n, sizeof(double));
    c->s.A = (double *)ac_calloc(&a, n, sizeof(double));
    c->s.lam = (double *)ac_calloc(&a, m, sizeof(double));
    c->s.dq_old = (double *)ac_calloc(&a, n, sizeof(double));
    c->s.v_old = (double *)ac_calloc(&a, n, sizeof(double));
    c->s.fc = (double *)ac_calloc(&a, n, sizeof(double));
    c->s.w1 = (double *)ac_calloc(&a, n, sizeof(double));
    c->s.w2 = (double *)ac_calloc(&a, n, sizeof(double));
    c->s.phist = (double *)ac_calloc(&a, (size_t)(c->nhist > 0 ? c->nhist : 1), sizeof(double));
    if (!(c->s.q && c->s.v && c->s.a && c->s.A && c->s.lam && c->s.dq_old && c->s.v_old && c->s.fc && c->s.w1 &&
          c->s.w2 && c->s.phist)) {
        dyn_checkpoint_destroy(c);
        return ALECABLE_ENOMEM;
    }
    *out = c;
    return ALECABLE_OK;
}

int dyn_checkpoint_save(dyn_checkpoint *c, const alecable_integrator *it)
{
    if (!it->has_state || it->nq != c->nq || it->nlam != c->nlam || it->p.nhist != c->nhist) return ALECABLE_ESTATE;
    copy_state(&c->s, it->cur, c->nq, c->nlam, c->nhist);
    c->saved = 1;
    return ALECABLE_OK;
}

int dyn_checkpoint_restore(const dyn_checkpoint *c, alecable_integrator *it)
{
    int st;
    if (!c->saved || it->nq != c->nq || it->nlam != c->nlam || it->p.nhist != c->nhist) return ALECABLE_ESTATE;
    /* the history first: if the problem refuses it, nothing is restored */
    if (c->nhist > 0 && (st = it->p.history_set(it->p.ctx, c->s.phist))) {
        it->p.history_set(it->p.ctx, it->cur->phist);
        return st;
    }
    copy_state(it->cur, &c->s, c->nq, c->nlam, c->nhist);
    it->can_undo = 0;
    return ALECABLE_OK;
}
