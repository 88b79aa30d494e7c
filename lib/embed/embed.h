/* Embedding a problem in a host's system (monolithic.c).  The public
 * functions are alecable_embedding_*; the model's constructor
 * (core/embed_model.c) creates one on its own problem and reports failures
 * in the model's message, which a handle that was not created cannot. */
#ifndef ALECABLE_EMBED_H
#define ALECABLE_EMBED_H

#include "alecable.h"

#include <stddef.h>

#include "../core/alloc.h"

/* alecable_embedding_create() with its failure's message in msg, allocating
 * with the functions of `with` (a model's host allocator; NULL: the C
 * library's) */
int embed_create(alecable_embedding **out, const alecable_problem *p, int n_host, const int *index, int offset,
                 const ac_alloc *with, char *msg, size_t len);

/* The embedded problem's context (a model's problem: its stamp) and a
 * scratch vector of n = nq + nlam values (q, then lambda) filled from the
 * host's x, and one of nq values from v (zeros for v NULL); NULL for a bad
 * handle.  For the model's alecable_model_pull_embedded(). */
const void *embed_ctx(const alecable_embedding *e);
int embed_gather_state(alecable_embedding *e, const double *x, const double *v, double **qlam, double **vq);

#endif
