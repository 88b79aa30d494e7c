#include "counting_alloc.h"

#include <stdlib.h>

long counting_alloc_calls;

static void *count_malloc(void *u, size_t n)
{
    (void)u;
    counting_alloc_calls++;
    return malloc(n);
}

static void *count_realloc(void *u, void *p, size_t n)
{
    (void)u;
    counting_alloc_calls++;
    return realloc(p, n);
}

static void count_free(void *u, void *p)
{
    (void)u;
    free(p);
}

void counting_alloc_init(alecable_allocator *a)
{
    alecable_allocator_init(a);
    a->malloc_fn = count_malloc;
    a->realloc_fn = count_realloc;
    a->free_fn = count_free;
}
