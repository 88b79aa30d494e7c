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
 *  - nodes and elements in slabs: handles, books and leaks through
 *    allocations that fail one by one;
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
        /* the books again after the steps (HHT's first step made the
         * model's residual-scale workspace: lib/core/scale.c) */
        alecable_memory_report_init(&mm);
        ck_assert_int_eq(alecable_model_memory(m, &mm), ALECABLE_OK);
        ck_assert_uint_eq(mm.total + im2.total + LIB_HEADER * bk.blocks, bk.live);
        ck_assert_uint_eq(parts(&mm), mm.total);
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

/* a host allocator that fails from its n-th call on (books kept as above) */
typedef struct failing {
    books bk;
    int left;
} failing;

static void *fl_malloc(void *u, size_t n)
{
    failing *f = (failing *)u;
    if (f->left-- <= 0) return NULL;
    return bk_malloc(&f->bk, n);
}

static void *fl_realloc(void *u, void *q, size_t n)
{
    failing *f = (failing *)u;
    if (f->left-- <= 0) return NULL;
    return bk_realloc(&f->bk, q, n);
}

static void fl_free(void *u, void *q) { bk_free(&((failing *)u)->bk, q); }

/* cable lines keep their nodes and elements in one block each (lib/core
 * cable.c's slabs), single nodes have blocks of their own: handles stay
 * where they were through later lines, nodes and finalizes, the books hold
 * every byte, and destroy gives back all of it; a line or a node that runs
 * out of memory at any allocation changes nothing and leaks nothing */
START_TEST(test_memory_slabs)
{
    int fail_at, done = 0;
    for (fail_at = 0; !done; fail_at++) {
        failing fl = {{0, 0, 0}, 0};
        alecable_allocator al;
        alecable_model *m;
        alecable_cable *c[2];
        alecable_section sec;
        alecable_node *kept[4], *n;
        alecable_memory_report mm;
        double x[3] = {0, 0, 0}, y[3];
        int k, i, st, nn, ne, ok = 1;
        alecable_allocator_init(&al);
        al.malloc_fn = fl_malloc;
        al.realloc_fn = fl_realloc;
        al.free_fn = fl_free;
        al.user = &fl;
        fl.left = 1 << 30;
        ck_assert_int_eq(alecable_model_create(&m, &al), ALECABLE_OK);
        alecable_section_init(&sec);
        sec.E = 1e8;
        sec.A = 7.85e-5;
        sec.rho = 5000;
        sec.I = 1e-8;
        ck_assert_int_eq(alecable_cable_create(&c[0], m, ALECABLE_ELEMENT_ANCF, &sec), ALECABLE_OK);
        ck_assert_int_eq(alecable_cable_create(&c[1], m, ALECABLE_ELEMENT_AXIAL, &sec), ALECABLE_OK);
        fl.left = fail_at;
        /* cable 0: two single nodes, a line from the last one, a line
         * apart, a single node; cable 1: a line */
        for (k = 0; k < 2 && ok; k++) {
            x[0] = 0.1 * k;
            ok = alecable_cable_add_node(&kept[k], c[0], x, 0.1 * k) == ALECABLE_OK;
        }
        if (ok) {
            double a[3] = {0.1, 0, 0}, b[3] = {1, 0, 0};
            alecable_cable_counts(c[0], &nn, &ne);
            st = alecable_cable_line(c[0], a, b, 0.1, 1, 9);
            if (st != ALECABLE_OK) {
                ck_assert_int_eq(st, ALECABLE_ENOMEM);
                alecable_cable_counts(c[0], &k, &i);
                ck_assert(k == nn && i == ne);
                ok = 0;
            }
        }
        if (ok) {
            double a[3] = {1.5, 0, 0}, b[3] = {2, 0, 0};
            ok = alecable_cable_line(c[0], a, b, 1.5, 2, 5) == ALECABLE_OK;
        }
        if (ok) {
            x[0] = 2.5;
            ok = alecable_cable_add_node(&kept[2], c[0], x, 2.5) == ALECABLE_OK;
            if (!ok) {
                alecable_cable_counts(c[0], &k, &i);
                ck_assert(k == 17 && i == 16);
            }
        }
        if (ok) {
            double a[3] = {0, 1, 0}, b[3] = {0, 2, 0};
            ok = alecable_cable_line(c[1], a, b, 0, 1, 4) == ALECABLE_OK;
        }
        if (ok) {
            alecable_memory_report_init(&mm);
            ok = alecable_model_memory(m, &mm) == ALECABLE_OK;
        }
        if (ok) {
            done = 1;
            fl.left = 1 << 30;
            ck_assert_uint_eq(mm.total + LIB_HEADER * fl.bk.blocks, fl.bk.live);
            ck_assert_int_eq(mm.elements, 16 + 1 + 4);
            alecable_cable_counts(c[0], &nn, &ne);
            ck_assert(nn == 18 && ne == 17);
            ck_assert_int_eq(alecable_cable_node(&n, c[0], 0), ALECABLE_OK);
            ck_assert_ptr_eq(n, kept[0]);
            ck_assert_int_eq(alecable_cable_node(&n, c[0], 17), ALECABLE_OK);
            ck_assert_ptr_eq(n, kept[2]);
            for (i = 0; i < nn; i++) { /* every node where the calls put it */
                double s, want = i < 2 ? 0.1 * i : i < 11 ? 0.1 + 0.1 * (i - 1) : i < 17 ? 1.5 + 0.1 * (i - 11) : 2.5;
                ck_assert_int_eq(alecable_cable_node(&n, c[0], i), ALECABLE_OK);
                ck_assert_int_eq(alecable_node_material(n, &s), ALECABLE_OK);
                ck_assert_int_eq(alecable_node_position(n, y), ALECABLE_OK);
                ck_assert_msg(fabs(s - want) < 1e-12 && fabs(y[0] - want) < 1e-12, "node %d at s = %g, x = %g", i, s,
                              y[0]);
            }
            for (i = 0; i < ne; i++) {
                alecable_element *e;
                double sa, sb;
                ck_assert_int_eq(alecable_cable_element(&e, c[0], i), ALECABLE_OK);
                ck_assert_int_eq(alecable_element_interval(e, &sa, &sb), ALECABLE_OK);
                ck_assert(sb > sa);
            }
        }
        alecable_model_destroy(m);
        ck_assert_uint_eq(fl.bk.live, 0);
        ck_assert_uint_eq(fl.bk.blocks, 0);
    }
    ck_assert_int_gt(fail_at, 8); /* every allocation of the build failed once */
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
    tcase_add_test(tc, test_memory_slabs);
    suite_add_tcase(s, tc);
    return s;
}
