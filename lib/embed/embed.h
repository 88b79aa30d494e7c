/* Embedding a problem in a host's system (monolithic.c).  The public
 * functions are alecable_embedding_*; the model's constructor
 * (core/embed_model.c) creates one on its own problem and reports failures
 * in the model's message, which a handle that was not created cannot. */
#ifndef ALECABLE_EMBED_H
#define ALECABLE_EMBED_H

#include "alecable.h"

#include <stddef.h>

/* alecable_embedding_create() with its failure's message in msg */
int embed_create(alecable_embedding **out, const alecable_problem *p, int n_host, const int *index, int offset,
                 char *msg, size_t len);

#endif
