/* A model placed in a host's system (alecable_model_embedding): the
 * embedding of the model's own problem, with failures in the model's
 * message. */
#include "model.h"
#include "../embed/embed.h"

#include <math.h>
#include <string.h>

ALECABLE_API int alecable_model_embedding(alecable_embedding **out, alecable_model *m, int n_host, const int *index,
                                          int offset)
{
    alecable_problem p;
    char msg[512];
    int st = ac_check_model(m);
    if (st) return st;
    if (!out) return ac_fail(m, ALECABLE_ENULL, "out is NULL");
    *out = NULL;
    if ((st = alecable_model_problem(&p, m))) return st;
    if ((st = embed_create(out, &p, n_host, index, offset, &m->alloc, msg, sizeof msg))) return ac_fail(m, st, "%s", msg);
    return ALECABLE_OK;
}

ALECABLE_API int alecable_model_pull_embedded(alecable_model *m, alecable_embedding *e, double t, const double *x,
                                              const double *v)
{
    const ac_stamp *stamp;
    double *qlam, *vq;
    int st = ac_check_model(m);
    if (st) return st;
    if (!e || !x) return ac_fail(m, ALECABLE_ENULL, "%s is NULL", e ? "x" : "e");
    stamp = (const ac_stamp *)embed_ctx(e);
    if (!stamp) return ac_fail(m, ALECABLE_EHANDLE, "e is not an embedding");
    if (stamp->magic != MAGIC_STAMP || stamp->m != m)
        return ac_fail(m, ALECABLE_EHANDLE, "e embeds another model's problem (or a host's)");
    if (stamp->gen != m->gen || m->dirty)
        return ac_fail(m, ALECABLE_ESTATE, "the model changed since the embedding was made: make a new one");
    if (!isfinite(t)) return ac_fail(m, ALECABLE_EINVAL, "t is not finite");
    if ((st = embed_gather_state(e, x, v, &qlam, &vq)))
        return ac_fail(m, st, "%s", alecable_embedding_errmsg(e));
    /* set_state's checks (finite, no element inverted) before anything changes */
    if ((st = alecable_model_set_state(m, qlam, qlam + m->nq, m->t))) return st;
    memcpy(m->lam, qlam + m->nq, (size_t)m->nlam * sizeof(double)); /* the mesh-motion multipliers too */
    memcpy(m->v, vq, (size_t)m->nq * sizeof(double));
    m->time = t;
    return ALECABLE_OK;
}
