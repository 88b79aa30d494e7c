/* Slabs: many small objects of a model in one block each, where the count
 * is known or the objects live and die together (a cable line's nodes and
 * elements, the elements' scatter maps).  One block instead of one per
 * object saves the library's header (16 bytes) and the C library's
 * overhead (8 to 16 bytes) of each; at 10^5 elements that is some 70 bytes
 * per element of resident memory.  Blocks never move: what is taken from
 * them stays where it is until the whole list is freed. */
#ifndef ALECABLE_CORE_SLAB_H
#define ALECABLE_CORE_SLAB_H

#include "alloc.h"

#include <stddef.h>

typedef struct ac_slab {
    struct ac_slab *next; /* the list's older blocks */
    size_t used, cap;     /* bytes taken and held after the block's header */
    /* the cable's objects in the block (lib/core/cable.c): nodes node0 ..
     * node0 + n_nodes - 1 and elements el0 .. el0 + n_el - 1 of its cable */
    int node0, n_nodes, el0, n_el;
} ac_slab;

/* A new zeroed block of cap bytes at the head of *head (NULL: out of memory). */
ac_slab *ac_slab_new(ac_alloc *a, ac_slab **head, size_t cap);
/* size bytes (rounded up to 8) from the head block, zeroed; NULL when it has no room */
void *ac_slab_take(ac_slab *head, size_t size);
/* 1 when p is the last piece (of size bytes) taken from the block */
int ac_slab_is_last(const ac_slab *s, const void *p, size_t size);
/* gives back the last size bytes taken from the head block (zeroed again) */
void ac_slab_untake(ac_slab *head, size_t size);
/* size bytes from the head block, or from a new block of at least chunk
 * bytes when it has no room (NULL: out of memory) */
void *ac_slab_alloc(ac_alloc *a, ac_slab **head, size_t size, size_t chunk);
/* frees every block of the list; *head becomes NULL */
void ac_slab_free_all(ac_alloc *a, ac_slab **head);

#endif
