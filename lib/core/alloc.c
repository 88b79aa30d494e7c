/* The counting allocator behind every allocation of libalecable.
 *
 * Every block carries a header of AC_HEADER bytes in front of what the
 * caller gets, holding the block's size, so that a free knows what it
 * returns without asking the host's allocator (whose free has no size):
 * live_bytes is then exact at any moment and a part's memory is the
 * difference of two readings (alecable_integrator_memory).  The header is
 * 16 bytes so the caller's block keeps malloc's alignment. */
#include "alloc.h"

#include "alecable.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The C library's functions behind the ac_alloc signature; user is unused. */
static void *std_malloc(void *user, size_t size)
{
    (void)user;
    return malloc(size);
}

static void *std_realloc(void *user, void *ptr, size_t size)
{
    (void)user;
    return realloc(ptr, size);
}

static void std_free(void *user, void *ptr)
{
    (void)user;
    free(ptr);
}

void ac_alloc_default(ac_alloc *a)
{
    a->malloc_fn = std_malloc;
    a->realloc_fn = std_realloc;
    a->free_fn = std_free;
    a->user = NULL;
    a->n_malloc = 0;
    a->n_realloc = 0;
    a->n_free = 0;
    a->live_bytes = 0;
    a->peak_bytes = 0;
}

#define AC_HEADER 16

static void *to_user(void *base, size_t size)
{
    memcpy(base, &size, sizeof size);
    return (char *)base + AC_HEADER;
}

static void *to_base(void *user) { return (char *)user - AC_HEADER; }

static size_t size_of(void *user)
{
    size_t size;
    memcpy(&size, to_base(user), sizeof size);
    return size;
}

static void grew(ac_alloc *a, size_t size)
{
    a->live_bytes += size;
    if (a->live_bytes > a->peak_bytes) a->peak_bytes = a->live_bytes;
}

void *ac_malloc(ac_alloc *a, size_t size)
{
    void *p;
    /* malloc(0) may return a unique pointer or NULL; refusing it keeps the
     * behaviour the same under every C library and user allocator. */
    if (size == 0 || size > SIZE_MAX - AC_HEADER)
        return NULL;
    p = a->malloc_fn(a->user, size + AC_HEADER);
    if (!p)
        return NULL;
    a->n_malloc++;
    grew(a, size);
    return to_user(p, size);
}

void *ac_calloc(ac_alloc *a, size_t n, size_t size)
{
    void *p;
    if (n == 0 || size == 0 || n > SIZE_MAX / size)
        return NULL;
    /* User allocators have no calloc, so zero-fill here. */
    p = ac_malloc(a, n * size);
    if (p)
        memset(p, 0, n * size);
    return p;
}

void *ac_realloc(ac_alloc *a, void *ptr, size_t size)
{
    void *p;
    size_t old;
    /* realloc(p, 0) is implementation-defined; make it an explicit free so a
     * shrink to nothing never leaks and never returns a dangling block. */
    if (size == 0) {
        ac_free(a, ptr);
        return NULL;
    }
    if (size > SIZE_MAX - AC_HEADER)
        return NULL;
    old = ptr ? size_of(ptr) : 0;
    p = a->realloc_fn(a->user, ptr ? to_base(ptr) : NULL, size + AC_HEADER);
    if (!p)
        return NULL;
    a->n_realloc++;
    a->live_bytes -= old;
    grew(a, size);
    return to_user(p, size);
}

void ac_free(ac_alloc *a, void *ptr)
{
    if (!ptr)
        return;
    a->live_bytes -= size_of(ptr);
    a->free_fn(a->user, to_base(ptr));
    a->n_free++;
}

size_t ac_alloc_events(const ac_alloc *a)
{
    return a->n_malloc + a->n_realloc;
}

int ac_alloc_from_host(ac_alloc *a, const struct alecable_allocator *host)
{
    ac_alloc_default(a);
    if (!host) return 0;
    if (host->struct_size < sizeof *host || !host->malloc_fn || !host->realloc_fn || !host->free_fn) return -1;
    a->malloc_fn = host->malloc_fn;
    a->realloc_fn = host->realloc_fn;
    a->free_fn = host->free_fn;
    a->user = host->user;
    return 0;
}
