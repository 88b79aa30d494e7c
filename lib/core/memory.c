/* alecable_model_memory: the model's part of a memory report.  The model's
 * allocator knows its live bytes (alloc.c); the pattern and the scatter
 * maps are counted from their sizes, the rest is the difference. */
#include "model.h"

#include <string.h>

ALECABLE_API void alecable_memory_report_init(alecable_memory_report *r)
{
    if (!r) return;
    memset(r, 0, sizeof *r);
    r->struct_size = sizeof *r;
}

static size_t pattern_bytes(const sp_pattern *p)
{
    size_t k = 0;
    if (p->colptr) k += (size_t)p->n + 1;
    if (p->rowidx) k += (size_t)p->nnz;
    if (p->diag) k += (size_t)p->n;
    return k * sizeof(int);
}

ALECABLE_API int alecable_model_memory(alecable_model *m, alecable_memory_report *r)
{
    size_t scatter = 0, pattern;
    int st = ac_check_model(m), c, i, n_el = 0;
    if (st) return st;
    if (!r) return ac_fail(m, ALECABLE_ENULL, "r is NULL");
    if (r->struct_size < sizeof *r)
        return ac_fail(m, ALECABLE_EINVAL, "r: struct_size %zu, call alecable_memory_report_init", r->struct_size);
    if (m->dirty && (st = ac_finalize(m))) return st;
    for (c = 0; c < m->cables.n; c++) {
        const alecable_cable *cb = (const alecable_cable *)m->cables.p[c];
        n_el += cb->n_el;
        for (i = 0; i < cb->n_el; i++) {
            const alecable_element *e = cb->el[i];
            scatter += (size_t)ac_element_map_ints(e) * sizeof(int);
        }
    }
    pattern = pattern_bytes(&m->pat);
    alecable_memory_report_init(r);
    r->elements = n_el;
    r->pattern = pattern;
    r->scatter = scatter;
    r->total = m->alloc.live_bytes;
    r->model_other = r->total > pattern + scatter ? r->total - pattern - scatter : 0;
    r->peak = m->alloc.peak_bytes;
    return ALECABLE_OK;
}
