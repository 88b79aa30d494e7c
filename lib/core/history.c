/* The problem's history (alecable_problem.nhist): the Kirchhoff cables' roll
 * charts (beam.c) first, then what each joint keeps between converged steps
 * (joint_ops.history: the friction contacts' stick points), in the order the
 * joints were created.  The integrators save, restore and advance it through
 * these four callbacks only; a problem made before the model changed gets
 * ALECABLE_ESTATE (its history no longer fits). */
#include "model.h"
#include "../bodies/bodies.h"

int ac_history_size(const alecable_model *m)
{
    int i, n = ac_beam_history_size(m);
    for (i = 0; i < m->joints.n; i++) {
        alecable_joint *j = (alecable_joint *)m->joints.p[i];
        if (j->ops->history) n += j->ops->history(j, HIST_SIZE, NULL, NULL, NULL, 0.0);
    }
    return n;
}

/* the joints' part after the charts: each joint's block in turn */
static int each_joint(alecable_model *m, int op, double *buf, const double *q, const double *lambda, double t)
{
    int i, k = ac_beam_history_size(m), st;
    for (i = 0; i < m->joints.n; i++) {
        alecable_joint *j = (alecable_joint *)m->joints.p[i];
        if (!j->ops->history) continue;
        if ((st = j->ops->history(j, op, buf ? buf + k : NULL, q, lambda, t)) != ALECABLE_OK) return st;
        k += j->ops->history(j, HIST_SIZE, NULL, NULL, NULL, 0.0);
    }
    return ALECABLE_OK;
}

int ac_history_get(void *ctx, double *hist)
{
    alecable_model *m = ac_ctx_model(ctx);
    int st = m ? ac_beam_history_get(m, hist) : ALECABLE_ESTATE;
    return st ? st : each_joint(m, HIST_GET, hist, NULL, NULL, 0.0);
}

int ac_history_set(void *ctx, const double *hist)
{
    alecable_model *m = ac_ctx_model(ctx);
    int st = m ? ac_beam_history_set(m, hist) : ALECABLE_ESTATE;
    return st ? st : each_joint(m, HIST_SET, (double *)hist, NULL, NULL, 0.0);
}

/* ALECABLE_CONTACT_CLOSED when a sheave's landing node has taken its first
 * step on the circle (the integrators restart from there) */
int ac_history_commit(void *ctx, double t, const double *q, const double *v, const double *lambda)
{
    alecable_model *m = ac_ctx_model(ctx);
    int i, st = m ? ac_beam_history_commit(m, t, q, v, lambda) : ALECABLE_ESTATE;
    if (st || (st = each_joint(m, HIST_COMMIT, NULL, q, lambda, t))) return st;
    for (i = 0; i < m->joints.n; i++)
        if (sheave_switched((const alecable_joint *)m->joints.p[i])) return ALECABLE_CONTACT_CLOSED;
    return ALECABLE_OK;
}

