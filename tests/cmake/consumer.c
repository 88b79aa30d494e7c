/* A CMake consumer of the installed libalecable (tests/cmake/CMakeLists.txt): the version
 * CMake found, the header's macros and the linked library's functions must agree, and a
 * small model must solve: a steel wire of 1.99 m material length (10 Lagrangian elements),
 * stretched between two points 2 m apart and sagging under gravity.  Its horizontal tension is the same in every element (no horizontal load),
 * which the consumer checks to 1e-8 relative, with a status code and its name on the way. */
#include <alecable.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#ifndef CMAKE_FOUND_VERSION
#error "CMAKE_FOUND_VERSION (alecable_VERSION from find_package) must be defined"
#endif

#define STR_(x) #x
#define STR(x) STR_(x)
#define HEADER_VERSION STR(ALECABLE_VERSION_MAJOR) "." STR(ALECABLE_VERSION_MINOR) "." STR(ALECABLE_VERSION_PATCH)

#define TRY(call)                                                                          \
    do {                                                                                   \
        int st_ = (call);                                                                  \
        if (st_ != ALECABLE_OK) {                                                          \
            fprintf(stderr, "consumer: %s: %s: %s\n", #call, alecable_strerror(st_),       \
                    m ? alecable_model_errmsg(m) : "");                                    \
            return 1;                                                                      \
        }                                                                                  \
    } while (0)

static alecable_model *m; /* the model, global so that TRY can print its message */

static int versions(void)
{
    int ok = 1;
    printf("consumer: CMake found %s, header %s (%d), library %s (%d)\n", CMAKE_FOUND_VERSION, HEADER_VERSION,
           ALECABLE_VERSION_NUMBER, alecable_version(), alecable_version_number());
    if (strcmp(CMAKE_FOUND_VERSION, HEADER_VERSION) != 0) ok = 0;
    if (strcmp(alecable_version(), HEADER_VERSION) != 0) ok = 0;
    if (alecable_version_number() != ALECABLE_VERSION_NUMBER) ok = 0;
    if (ALECABLE_VERSION_NUMBER != ALECABLE_VERSION_MAJOR * 10000 + ALECABLE_VERSION_MINOR * 100 + ALECABLE_VERSION_PATCH)
        ok = 0;
    if (!ok) fprintf(stderr, "consumer: the versions disagree\n");
    return ok ? 0 : 1;
}

int main(void)
{
    alecable_section sec;
    alecable_cable *c;
    alecable_node *first, *last;
    alecable_quasistatic_options o;
    alecable_solve_report rep;
    double xa[3] = {0, 0, 0}, xb[3] = {2.0, 0, 0}, g[3] = {0, -9.81, 0}, H0 = 0, Hmax_dev = 0;
    int ne, e, d;

    if (versions()) return 1;
    if (alecable_strerror(ALECABLE_OK) == NULL) return 1;

    TRY(alecable_model_create(&m, NULL));
    alecable_section_init(&sec);
    sec.E = 1e9;
    sec.A = 1e-6;
    sec.rho = 7800;
    TRY(alecable_cable_create(&c, m, ALECABLE_ELEMENT_AXIAL, &sec));
    TRY(alecable_cable_set_lagrangian(c, 1));
    TRY(alecable_cable_line(c, xa, xb, 0.0, 1.99, 10));
    TRY(alecable_cable_node(&first, c, 0));
    TRY(alecable_cable_node(&last, c, 10));
    for (d = ALECABLE_DOF_X; d <= ALECABLE_DOF_Z; d++) { /* s is no unknown on a Lagrangian cable */
        TRY(alecable_fix(NULL, m, first, d));
        TRY(alecable_fix(NULL, m, last, d));
    }
    TRY(alecable_model_set_gravity(m, g));
    alecable_quasistatic_options_init(&o);
    o.load_steps = 4;
    alecable_solve_report_init(&rep);
    TRY(alecable_solve_quasistatic(m, &o, &rep));

    TRY(alecable_cable_counts(c, NULL, &ne));
    for (e = 0; e < ne; e++) {
        alecable_element *el;
        alecable_node *a, *b;
        double N, xa_[3], xb_[3], dx, dy, H;
        TRY(alecable_cable_element(&el, c, e));
        TRY(alecable_element_axial_force(el, &N));
        TRY(alecable_cable_node(&a, c, e));
        TRY(alecable_cable_node(&b, c, e + 1));
        alecable_node_position(a, xa_);
        alecable_node_position(b, xb_);
        dx = xb_[0] - xa_[0];
        dy = xb_[1] - xa_[1];
        H = N * dx / sqrt(dx * dx + dy * dy);
        if (e == 0) H0 = H;
        else if (fabs(H - H0) > Hmax_dev) Hmax_dev = fabs(H - H0);
    }
    printf("consumer: %d elements, horizontal tension %.9g N, largest deviation %.3g N, %d Newton iterations\n",
           ne, H0, Hmax_dev, rep.iterations_stage1 + rep.iterations_stage2);
    alecable_model_destroy(m);
    if (!(H0 > 0) || Hmax_dev > 1e-8 * H0) {
        fprintf(stderr, "consumer: the horizontal tension is not constant\n");
        return 1;
    }
    printf("consumer: ok\n");
    return 0;
}
