/* Internal allocator: every allocation of libalecable goes through one of these,
 * so a host can substitute its own functions per model and a test can count
 * allocations (e.g. prove that a Newton iteration allocates nothing). */
#ifndef ALECABLE_CORE_ALLOC_H
#define ALECABLE_CORE_ALLOC_H

#include <stddef.h>

typedef struct ac_alloc {
    void *(*malloc_fn)(void *user, size_t size);
    void *(*realloc_fn)(void *user, void *ptr, size_t size);
    void (*free_fn)(void *user, void *ptr);
    void *user;
    size_t n_malloc;   /* successful malloc/calloc calls */
    size_t n_realloc;  /* successful realloc calls */
    size_t n_free;     /* free calls with a non-NULL pointer */
    size_t live_bytes; /* bytes handed out and not freed (headers not counted) */
    size_t peak_bytes; /* the largest live_bytes so far */
} ac_alloc;

/* Fills *a with the C library's functions (used when the host passes none). */
void ac_alloc_default(ac_alloc *a);

/* All return NULL on failure (or on size 0 for malloc/calloc) and count only
 * successful calls. ac_calloc zero-fills and checks n*size for overflow. */
void *ac_malloc(ac_alloc *a, size_t size);
void *ac_calloc(ac_alloc *a, size_t n, size_t size);
void *ac_realloc(ac_alloc *a, void *ptr, size_t size);
void ac_free(ac_alloc *a, void *ptr);

/* Sets *a from a host's alecable_allocator (NULL: the C library's).
 * Returns 0, or -1 when the host struct is too small or lacks a function. */
struct alecable_allocator;
int ac_alloc_from_host(ac_alloc *a, const struct alecable_allocator *host);

/* Total number of allocating calls so far (malloc + realloc). */
size_t ac_alloc_events(const ac_alloc *a);

#endif
