/* A model placed in a host's system (alecable_model_embedding): the
 * embedding of the model's own problem, with failures in the model's
 * message. */
#include "model.h"
#include "../embed/embed.h"

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
    if ((st = embed_create(out, &p, n_host, index, offset, msg, sizeof msg))) return ac_fail(m, st, "%s", msg);
    return ALECABLE_OK;
}
