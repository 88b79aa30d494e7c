/* A host allocator that counts its allocations, for the tests that check
 * that a time step allocates nothing after the first. */
#ifndef ALECABLE_TEST_COUNTING_ALLOC_H
#define ALECABLE_TEST_COUNTING_ALLOC_H

#include <alecable.h>

/* malloc and realloc calls since the last reset */
extern long counting_alloc_calls;
/* an allocator whose malloc and realloc increment counting_alloc_calls */
void counting_alloc_init(alecable_allocator *a);

#endif
