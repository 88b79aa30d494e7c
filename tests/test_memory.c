/* Memory reports (issue 25 item 3: alecable_model_memory,
 * alecable_integrator_memory) against readings the library does not make:
 *  - a host allocator that keeps its own books (a size in front of every
 *    block it hands out): what it holds for a model and its integrator is
 *    the reports' totals plus the library's block header (16 bytes) per
 *    live block, exactly;
 *  - glibc's mallinfo2 (default allocator): the heap's growth over the
 *    creation of a model and its integrator is the reports' totals plus the
 *    allocators' overhead per block, within 10 % and 64 KiB (skipped where
 *    malloc is not glibc's: sanitizers, valgrind);
 *  - the parts that have a closed form: the pattern is (2n + 1 + nnz) ints
 *    and the Jacobian's values nnz doubles (alecable_model_problem's sizes);
 *  - steps after the first allocate nothing and the reports stay the same;
 *  - bad input: NULL, a struct_size too small. */
#include "suites.h"

#include <alecable.h>
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#define LIB_HEADER 16 /* lib/core/alloc.c's per-block header */

/* ---- a host allocator with its own books: 16 bytes in front of each
 * block hold its size ---- */
typedef struct books {
    size_t live, blocks, calls;
} books;

static void *bk_malloc(void *u, size_t n)
{
    books *b = (books *)u;
    char *p = malloc(n + 16);
    if (!p) return NULL;
    memcpy(p, &n, sizeof n);
    b->live += n;
    b->blocks++;
    b->calls++;
    return p + 16;
}

static void bk_free(void *u, void *q)
{
    books *b = (books *)u;
    size_t n;
    if (!q) return;
    memcpy(&n, (char *)q - 16, sizeof n);
    b->live -= n;
    b->blocks--;
    free((char *)q - 16);
}

static void *bk_realloc(void *u, void *q, size_t n)
{
    books *b = (books *)u;
    size_t old = 0;
    char *p;
    if (!q) return bk_malloc(u, n);
    memcpy(&old, (char *)q - 16, sizeof old);
    p = realloc((char *)q - 16, n + 16);
    if (!p) return NULL;
    memcpy(p, &n, sizeof n);
    b->live += n;
    b->live -= old;
    b->calls++;
    return p + 16;
}

/* the pendulum of bench_memory: N Lagrangian ANCF elements, pinned */
static alecable_model *pendulum(int elements, const alecable_allocator *al)
{
    alecable_model *m;
    alecable_cable *c;
    alecable_section sec;
    alecable_node *n;
    double a[3] = {0, 0, 0}, b[3] = {1, 0, 0}, g[3] = {0, -9.81, 0};
    ck_assert_int_eq(alecable_model_create(&m, al), ALECABLE_OK);
    alecable_section_init(&sec);
    sec.E = 1e8;
    sec.A = 7.85e-5;
    sec.rho = 5000;
    sec.I = 1e-8;
    ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_ANCF, &sec), ALECABLE_OK);
    ck_assert_int_eq(alecable_cable_line(c, a, b, 0, 1, elements), ALECABLE_OK);
    ck_assert_int_eq(alecable_cable_set_lagrangian(c, 1), ALECABLE_OK);
    ck_assert_int_eq(alecable_cable_node(&n, c, 0), ALECABLE_OK);
    ck_assert_int_eq(alecable_fix(NULL, m, n, ALECABLE_DOF_X), ALECABLE_OK);
    ck_assert_int_eq(alecable_fix(NULL, m, n, ALECABLE_DOF_Y), ALECABLE_OK);
    ck_assert_int_eq(alecable_fix(NULL, m, n, ALECABLE_DOF_Z), ALECABLE_OK);
    ck_assert_int_eq(alecable_model_set_gravity(m, g), ALECABLE_OK);
    return m;
}

static alecable_integrator *integrator(alecable_model *m, int method, double h)
{
    alecable_integrator *it;
    alecable_dynamic_options o;
    alecable_dynamic_options_init(&o);
    o.method = method;
    o.h = h;
    ck_assert_int_eq(alecable_model_integrator(&it, m, &o), ALECABLE_OK);
    return it;
}

static size_t parts(const alecable_memory_report *r)
{
    return r->pattern + r->scatter + r->model_other + r->history + r->vectors + r->jacobian + r->condensation +
           r->factor;
}

/* the host's books hold the reports' totals plus a header per block, for
 * SI-HHT and implicit HHT (whose solver is the band's, through our
 * allocator), before and after steps; steps after the first allocate
 * nothing */
START_TEST(test_memory_books)
{
    static const int methods[2] = {ALECABLE_METHOD_SI_HHT, ALECABLE_METHOD_HHT};
    int k, i;
    for (k = 0; k < 2; k++) {
        books bk = {0, 0, 0};
        alecable_allocator al;
        alecable_model *m;
        alecable_integrator *it;
        alecable_memory_report mm, im, im2;
        size_t calls;
        alecable_allocator_init(&al);
        al.malloc_fn = bk_malloc;
        al.realloc_fn = bk_realloc;
        al.free_fn = bk_free;
        al.user = &bk;
        m = pendulum(200, &al);
        it = integrator(m, methods[k], 1e-4);
        alecable_memory_report_init(&mm);
        alecable_memory_report_init(&im);
        ck_assert_int_eq(alecable_model_memory(m, &mm), ALECABLE_OK);
        ck_assert_int_eq(alecable_integrator_memory(it, &im), ALECABLE_OK);
        ck_assert_uint_eq(mm.total + im.total + LIB_HEADER * bk.blocks, bk.live);
        ck_assert_uint_eq(parts(&mm), mm.total);
        ck_assert_uint_eq(parts(&im), im.total);
        ck_assert_int_eq(mm.elements, 200);
        ck_assert(mm.peak >= mm.total && im.peak >= im.total);
        ck_assert_int_eq(alecable_integrator_step(it, 1e-4), ALECABLE_OK);
        calls = bk.calls;
        for (i = 0; i < 20; i++) ck_assert_int_eq(alecable_integrator_step(it, 1e-4), ALECABLE_OK);
        ck_assert_uint_eq(bk.calls, calls);
        alecable_memory_report_init(&im2);
        ck_assert_int_eq(alecable_integrator_memory(it, &im2), ALECABLE_OK);
        ck_assert_uint_eq(im2.total, im.total);
        ck_assert_uint_eq(im2.factor, im.factor);
        alecable_integrator_destroy(it);
        alecable_model_destroy(m);
        ck_assert_uint_eq(bk.live, 0);
        ck_assert_uint_eq(bk.blocks, 0);
    }
}
END_TEST

/* closed forms: the pattern's ints and the Jacobian's doubles; the
 * integrator's report leaves the model's fields 0 and the other way round */
START_TEST(test_memory_closed_forms)
{
    alecable_model *m = pendulum(50, NULL);
    alecable_integrator *it = integrator(m, ALECABLE_METHOD_SI_HHT, 1e-3);
    alecable_problem p;
    alecable_memory_report mm, im;
    size_t n;
    ck_assert_int_eq(alecable_model_problem(&p, m), ALECABLE_OK);
    n = (size_t)(p.nq + p.nlam);
    alecable_memory_report_init(&mm);
    alecable_memory_report_init(&im);
    ck_assert_int_eq(alecable_model_memory(m, &mm), ALECABLE_OK);
    ck_assert_int_eq(alecable_integrator_memory(it, &im), ALECABLE_OK);
    ck_assert_uint_eq(mm.pattern, (2 * n + 1 + (size_t)p.nnz) * sizeof(int));
    ck_assert_uint_eq(im.jacobian, (size_t)p.nnz * sizeof(double));
    /* a Lagrangian ANCF element's map in run form: two positions per column
     * but its two s columns (lib/core/model.h) */
    ck_assert_uint_eq(mm.scatter, 50 * 2 * (14 - 2) * sizeof(int));
    ck_assert(mm.history == 0 && mm.vectors == 0 && mm.jacobian == 0 && mm.condensation == 0 && mm.factor == 0);
    ck_assert(im.pattern == 0 && im.scatter == 0 && im.model_other == 0 && im.elements == 0);
    ck_assert(im.history > 0 && im.vectors > 0 && im.factor > 0);
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
    { /* an ALE cable (s unknowns, rows not in runs): the full 14 x 14 maps */
        alecable_cable *c;
        alecable_section sec;
        double a[3] = {0, 0, 0}, b[3] = {1, 0, 0};
        ck_assert_int_eq(alecable_model_create(&m, NULL), ALECABLE_OK);
        alecable_section_init(&sec);
        sec.E = 1e8;
        sec.A = 7.85e-5;
        sec.rho = 5000;
        sec.I = 1e-8;
        ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_ANCF, &sec), ALECABLE_OK);
        ck_assert_int_eq(alecable_cable_line(c, a, b, 0, 1, 7), ALECABLE_OK);
        alecable_memory_report_init(&mm);
        ck_assert_int_eq(alecable_model_memory(m, &mm), ALECABLE_OK);
        ck_assert_uint_eq(mm.scatter, 7 * 14 * 14 * sizeof(int));
        alecable_model_destroy(m);
    }
}
END_TEST

/* glibc's own view of the heap: the growth over creating a model of 2000
 * elements and its integrator against the reports' totals */
START_TEST(test_memory_mallinfo)
{
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
    struct mallinfo2 a, b;
    alecable_model *m;
    /* under a sanitizer's or valgrind's allocator mallinfo2 does not see
     * malloc: a probe block of 1 MiB tells */
    {
        char *probe;
        a = mallinfo2();
        probe = malloc(1 << 20);
        ck_assert_ptr_nonnull(probe);
        probe[0] = 1;
        b = mallinfo2();
        free(probe);
        if ((double)(b.uordblks + b.hblkhd) - (double)(a.uordblks + a.hblkhd) < (double)(1 << 20)) return;
    }
    a = mallinfo2();
    m = pendulum(2000, NULL);
    alecable_integrator *it = integrator(m, ALECABLE_METHOD_SI_HHT, 1e-5);
    alecable_memory_report mm, im;
    double grown, reported;
    ck_assert_int_eq(alecable_integrator_step(it, 1e-5), ALECABLE_OK);
    b = mallinfo2();
    alecable_memory_report_init(&mm);
    alecable_memory_report_init(&im);
    ck_assert_int_eq(alecable_model_memory(m, &mm), ALECABLE_OK);
    ck_assert_int_eq(alecable_integrator_memory(it, &im), ALECABLE_OK);
    grown = (double)(b.uordblks + b.hblkhd) - (double)(a.uordblks + a.hblkhd);
    reported = (double)(mm.total + im.total);
    ck_assert_msg(grown >= reported && grown <= 1.10 * reported + 65536.0,
                  "heap grew by %.0f bytes, the reports say %.0f", grown, reported);
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
#endif
}
END_TEST

START_TEST(test_memory_bad_input)
{
    alecable_model *m = pendulum(4, NULL);
    alecable_integrator *it = integrator(m, ALECABLE_METHOD_SI_HHT, 1e-3);
    alecable_memory_report r;
    alecable_memory_report_init(NULL);
    ck_assert_int_eq(alecable_model_memory(NULL, &r), ALECABLE_ENULL);
    ck_assert_int_eq(alecable_model_memory(m, NULL), ALECABLE_ENULL);
    ck_assert_int_eq(alecable_integrator_memory(NULL, &r), ALECABLE_ENULL);
    ck_assert_int_eq(alecable_integrator_memory(it, NULL), ALECABLE_ENULL);
    alecable_memory_report_init(&r);
    r.struct_size = 8;
    ck_assert_int_eq(alecable_model_memory(m, &r), ALECABLE_EINVAL);
    ck_assert_int_eq(alecable_integrator_memory(it, &r), ALECABLE_EINVAL);
    ck_assert_uint_eq(r.total, 0);
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
}
END_TEST

Suite *suite_memory(void)
{
    Suite *s = suite_create("memory");
    TCase *tc = tcase_create("memory");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_memory_books);
    tcase_add_test(tc, test_memory_closed_forms);
    tcase_add_test(tc, test_memory_mallinfo);
    tcase_add_test(tc, test_memory_bad_input);
    suite_add_tcase(s, tc);
    return s;
}
