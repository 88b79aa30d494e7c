/* Slabs (slab.h): blocks that hand out zeroed pieces in order. */
#include "slab.h"

#include <string.h>

/* the header rounded up so that the pieces start 16-byte aligned */
#define SLAB_HEADER ((sizeof(ac_slab) + 15u) & ~(size_t)15u)

static size_t round8(size_t n) { return (n + 7u) & ~(size_t)7u; }

ac_slab *ac_slab_new(ac_alloc *a, ac_slab **head, size_t cap)
{
    ac_slab *s;
    cap = round8(cap);
    if (cap > (size_t)-1 - SLAB_HEADER) return NULL;
    s = (ac_slab *)ac_calloc(a, 1, SLAB_HEADER + cap);
    if (!s) return NULL;
    s->cap = cap;
    s->next = *head;
    *head = s;
    return s;
}

void *ac_slab_take(ac_slab *head, size_t size)
{
    void *p;
    size = round8(size);
    if (!head || size > head->cap - head->used) return NULL;
    p = (char *)head + SLAB_HEADER + head->used;
    head->used += size;
    return p;
}

int ac_slab_is_last(const ac_slab *s, const void *p, size_t size)
{
    size = round8(size);
    return s->used >= size && (const char *)p == (const char *)s + SLAB_HEADER + (s->used - size);
}

void ac_slab_untake(ac_slab *head, size_t size)
{
    size = round8(size);
    head->used -= size;
    memset((char *)head + SLAB_HEADER + head->used, 0, size);
}

void *ac_slab_alloc(ac_alloc *a, ac_slab **head, size_t size, size_t chunk)
{
    void *p = ac_slab_take(*head, size);
    if (p) return p;
    if (!ac_slab_new(a, head, chunk > size ? chunk : size)) return NULL;
    return ac_slab_take(*head, size);
}

void ac_slab_free_all(ac_alloc *a, ac_slab **head)
{
    while (*head) {
        ac_slab *next = (*head)->next;
        ac_free(a, *head);
        *head = next;
    }
}
