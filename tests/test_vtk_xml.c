/* VTK XML output (lib/io/vtp.c, pvd.c): the structure of a .vtp against the
 * counts the model gives (points, lines, polygons, the length of every
 * array), a body's box against the box whose inertia it was given, the
 * .pvd's and the legacy .vtk.series' entries, and the refusals (NULL, a path that cannot be written, a
 * legacy .vtk or a NaN time in a collection) that leave no file behind.
 * scripts/vtk-read-check.py reads the examples' files with VTK's own readers. */
#define _XOPEN_SOURCE 700 /* mkdtemp, M_PI */
#include "suites.h"

#include <alecable.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct scene {
    alecable_model *m;
    alecable_body *box, *sheave;
    char dir[64], vtp[128], pvd[128];
} scene;

/* the principal axes of the box body, in its frame (columns) */
static void principal_axes(double Q[9])
{
    double c = cos(40.0 * M_PI / 180.0), s = sin(40.0 * M_PI / 180.0);
    const double q[9] = {1, 0, 0, 0, c, -s, 0, s, c};
    memcpy(Q, q, sizeof q);
}

/* A cable of 5 nodes (4 elements) whose middle three lie on a pulley of a
 * massless fixed body; a free body of mass 12 kg with the inertia of a 1 x 2
 * x 3 m box on axes turned 40 degrees about x, the body turned 30 degrees
 * about z, its centre of mass at (0.5, 0, 0) in
 * its frame. */
static void build(scene *s)
{
    alecable_section sec;
    alecable_cable *c;
    alecable_node *nd[5];
    alecable_body_params bp;
    alecable_pulley_params pp;
    double x[3] = {0, 0, 0}, ang[3], ca = cos(M_PI / 6), sa = sin(M_PI / 6);
    int i;
    strcpy(s->dir, "/tmp/alecable_vtkxml_XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(s->dir));
    snprintf(s->vtp, sizeof s->vtp, "%s/f.vtp", s->dir);
    snprintf(s->pvd, sizeof s->pvd, "%s/s.pvd", s->dir);
    ck_assert_int_eq(alecable_model_create(&s->m, NULL), 0);
    alecable_section_init(&sec);
    sec.E = 1e9;
    sec.A = 1e-4;
    ck_assert_int_eq(alecable_cable_create(&c, s->m, ALECABLE_ELEMENT_AXIAL, &sec), 0);
    for (i = 0; i < 5; i++) {
        double th = M_PI - M_PI * (i - 1) / 2.0;
        if (i == 0 || i == 4) {
            x[0] = i == 0 ? -1.0 : 1.0;
            x[1] = -2.0;
        } else {
            x[0] = cos(th);
            x[1] = sin(th);
            ang[i - 1] = th;
        }
        ck_assert_int_eq(alecable_cable_add_node(&nd[i], c, x, (double)i), 0);
    }
    alecable_body_params_init(&bp);
    ck_assert_int_eq(alecable_body_create(&s->sheave, s->m, &bp), 0);
    ck_assert_int_eq(alecable_body_fix(s->m, s->sheave), 0);
    alecable_pulley_params_init(&pp);
    pp.radius = 1.0;
    ck_assert_int_eq(alecable_pulley_wrap(NULL, s->m, s->sheave, &pp, 3, nd + 1, ang), 0);
    alecable_body_params_init(&bp);
    bp.position[0] = 5.0;
    bp.rotation[0] = bp.rotation[4] = ca;
    bp.rotation[1] = -sa;
    bp.rotation[3] = sa;
    bp.mass = 12.0;
    bp.com[0] = 0.5;
    { /* widths 1, 2, 3 along the columns of Q, a turn of 40 degrees about x: J = Q D Q^T */
        double D[3] = {12.0 / 12.0 * (4.0 + 9.0), 12.0 / 12.0 * (1.0 + 9.0), 12.0 / 12.0 * (1.0 + 4.0)}, Q[9];
        int r, k, j;
        principal_axes(Q);
        for (r = 0; r < 3; r++)
            for (k = 0; k < 3; k++)
                for (j = 0, bp.inertia[3 * r + k] = 0.0; j < 3; j++) bp.inertia[3 * r + k] += Q[3 * r + j] * D[j] * Q[3 * k + j];
    }
    ck_assert_int_eq(alecable_body_create(&s->box, s->m, &bp), 0);
    ck_assert_int_eq(alecable_model_finalize(s->m), 0);
}

static void teardown_scene(scene *s)
{
    remove(s->vtp);
    remove(s->pvd);
    rmdir(s->dir);
    alecable_model_destroy(s->m);
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    long n;
    char *buf;
    ck_assert_ptr_nonnull(f);
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    rewind(f);
    buf = (char *)malloc((size_t)n + 1);
    ck_assert_ptr_nonnull(buf);
    ck_assert_int_eq((long)fread(buf, 1, (size_t)n, f), n);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

/* the text of the k-th DataArray named name after section (e.g. "<Lines>"),
 * its values read into v (at most cap; returns how many there are) */
static int array_values(const char *xml, const char *section, const char *name, double *v, int cap)
{
    char key[96];
    const char *p = section ? strstr(xml, section) : xml, *end;
    int n = 0;
    ck_assert_ptr_nonnull(p);
    snprintf(key, sizeof key, "Name=\"%s\"", name);
    p = strstr(p, key);
    ck_assert_msg(p != NULL, "no array %s", name);
    p = strchr(p, '>') + 1;
    end = strstr(p, "</DataArray>");
    ck_assert_ptr_nonnull(end);
    while (p < end) {
        char *q;
        double x = strtod(p, &q);
        if (q == p) break;
        if (n < cap) v[n] = x;
        n++;
        p = q;
    }
    while (p < end && (*p == ' ' || *p == '\n')) p++;
    ck_assert_msg(p == end, "array %s: text that is no number", name);
    return n;
}

static int count_of(const char *xml, const char *s)
{
    int n = 0;
    for (xml = strstr(xml, s); xml; xml = strstr(xml + 1, s)) n++;
    return n;
}

static int attr_int(const char *xml, const char *attr)
{
    char key[64];
    const char *p;
    snprintf(key, sizeof key, " %s=\"", attr);
    p = strstr(xml, key);
    ck_assert_msg(p != NULL, "no attribute %s", attr);
    return atoi(p + strlen(key));
}

enum { NP = 5 + 2 * 12 + 48, NL = 4 + 2 * 3 + 1, NPOLY = 2 * 6 + 1 };

START_TEST(vtp_structure_matches_the_model)
{
    static const char *const cell_arrays[] = {"strain", "axial_force", "twist", "torque", "bending_moment", "kind",
                                              "index"};
    scene s;
    char *xml;
    double v[1024];
    int i, n, last;
    build(&s);
    ck_assert_int_eq(alecable_write_vtp(s.m, s.vtp), 0);
    xml = slurp(s.vtp);
    ck_assert_ptr_nonnull(strstr(xml, "<VTKFile type=\"PolyData\""));
    /* well formed enough for a reader: every element closed once */
    ck_assert_int_eq(count_of(xml, "<DataArray"), count_of(xml, "</DataArray>"));
    ck_assert_int_eq(count_of(xml, "<DataArray"), 1 + 3 + 7 + 1 + 4);
    ck_assert_int_eq(count_of(xml, "<Piece"), 1);
    ck_assert_int_eq(count_of(xml, "</Piece>"), 1);
    ck_assert_ptr_nonnull(strstr(xml, "</VTKFile>\n"));
    ck_assert_int_eq(attr_int(xml, "NumberOfPoints"), NP);
    ck_assert_int_eq(attr_int(xml, "NumberOfLines"), NL);
    ck_assert_int_eq(attr_int(xml, "NumberOfPolys"), NPOLY);
    ck_assert_int_eq(array_values(xml, "<Points>", "Points", v, 1024), 3 * NP);
    ck_assert_int_eq(array_values(xml, "<PointData", "material_coordinate", v, 1024), NP);
    for (i = 0; i < 5; i++) ck_assert_double_eq(v[i], (double)i);
    ck_assert_int_eq(array_values(xml, "<PointData", "section_axis_2", v, 1024), 3 * NP);
    ck_assert_int_eq(array_values(xml, "<PointData", "section_axis_3", v, 1024), 3 * NP);
    for (i = 0; i < 7; i++)
        ck_assert_int_eq(array_values(xml, "<CellData", cell_arrays[i], v, 1024), NL + NPOLY);
    array_values(xml, "<CellData", "kind", v, 1024);
    {
        static const int kind[NL + NPOLY] = {0, 0, 0, 0, 1, 2, 3, 1, 2, 3, 4, 5, 5, 5, 5, 5, 5,
                                             5, 5, 5, 5, 5, 5, 6};
        for (i = 0; i < NL + NPOLY; i++) ck_assert_int_eq((int)v[i], kind[i]);
    }
    /* offsets end at the connectivity's length, and every index is a point */
    n = array_values(xml, "<Lines>", "connectivity", v, 1024);
    ck_assert_int_eq(n, 2 * (4 + 6) + 49);
    for (i = 0; i < n; i++) ck_assert(v[i] >= 0 && v[i] < NP);
    ck_assert_int_eq(array_values(xml, "<Lines>", "offsets", v, 1024), NL);
    ck_assert_int_eq((int)v[NL - 1], n);
    n = array_values(xml, "<Polys>", "connectivity", v, 1024);
    ck_assert_int_eq(n, 4 * 12 + 48);
    for (i = 0; i < n; i++) ck_assert(v[i] >= 0 && v[i] < NP);
    last = array_values(xml, "<Polys>", "offsets", v, 1024);
    ck_assert_int_eq(last, NPOLY);
    ck_assert_int_eq((int)v[NPOLY - 1], n);
    ck_assert_int_eq(array_values(xml, "<FieldData>", "TimeValue", v, 1024), 1);
    ck_assert_double_eq(v[0], 0.0);
    free(xml);
    teardown_scene(&s);
}
END_TEST

/* The 12 kg body's box: its corners are the 1 x 2 x 3 m box about the centre
 * of mass on the principal axes the inertia was given on, turned with the
 * body (1e-12 m: the eigen-solver's rounding). */
START_TEST(vtp_body_box_has_the_given_inertia)
{
    scene s;
    char *xml;
    double v[3 * NP], ca = cos(M_PI / 6), sa = sin(M_PI / 6), c[3];
    int k, d, first = 3 * (5 + 12 + 4); /* the box body: second; its corners after its 4 axis points */
    build(&s);
    ck_assert_int_eq(alecable_write_vtp(s.m, s.vtp), 0);
    xml = slurp(s.vtp);
    ck_assert_int_eq(array_values(xml, "<Points>", "Points", v, 3 * NP), 3 * NP);
    c[0] = 5.0 + 0.5 * ca;
    c[1] = 0.5 * sa;
    c[2] = 0.0;
    for (k = 0; k < 8; k++) {
        double p[3], body[3], Q[9], a;
        for (d = 0; d < 3; d++) p[d] = v[first + 3 * k + d] - c[d];
        body[0] = ca * p[0] + sa * p[1]; /* back to the body frame: R^T p */
        body[1] = -sa * p[0] + ca * p[1];
        body[2] = p[2];
        principal_axes(Q);
        for (d = 0; d < 3; d++) { /* on the principal axes: Q^T body */
            a = Q[d] * body[0] + Q[3 + d] * body[1] + Q[6 + d] * body[2];
            ck_assert_double_eq_tol(fabs(a), 0.5 * (d + 1), 1e-12);
        }
    }
    /* the massless sheave, whose joints hold nothing off its origin: a cube of
     * half the axis length (a tenth of the cables' 3 m extent) about it */
    for (k = 0; k < 8; k++)
        for (d = 0; d < 3; d++) ck_assert_double_eq_tol(fabs(v[3 * (5 + 4 + k) + d]), 0.25 * 0.3, 1e-15);
    free(xml);
    teardown_scene(&s);
}
END_TEST

START_TEST(vtp_refuses_bad_arguments)
{
    scene s;
    char bad[160];
    FILE *f;
    build(&s);
    ck_assert_int_eq(alecable_write_vtp(NULL, s.vtp), ALECABLE_ENULL);
    ck_assert_int_eq(alecable_write_vtp(s.m, NULL), ALECABLE_ENULL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(s.m), "path"));
    snprintf(bad, sizeof bad, "%s/no/such/dir/f.vtp", s.dir);
    ck_assert_int_eq(alecable_write_vtp(s.m, bad), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(s.m), bad));
    ck_assert_int_eq(alecable_write_vtp(s.m, ""), ALECABLE_EINVAL);
    f = fopen(s.vtp, "r");
    ck_assert_ptr_null(f);
    teardown_scene(&s);
}
END_TEST

START_TEST(pvd_lists_xml_files_with_their_times)
{
    static const char *const files[] = {"a_00000.vtp", "a&b_00001.vtu"};
    static const double times[] = {0.0, 0.125};
    scene s;
    char *xml;
    build(&s);
    ck_assert_int_eq(alecable_write_pvd(s.m, s.pvd, 2, files, times), 0);
    xml = slurp(s.pvd);
    ck_assert_ptr_nonnull(strstr(xml, "<VTKFile type=\"Collection\""));
    ck_assert_ptr_nonnull(strstr(xml, "<DataSet timestep=\"0\" part=\"0\" file=\"a_00000.vtp\"/>"));
    ck_assert_ptr_nonnull(strstr(xml, "<DataSet timestep=\"0.125\" part=\"0\" file=\"a&amp;b_00001.vtu\"/>"));
    ck_assert_ptr_nonnull(strstr(xml, "</Collection>\n</VTKFile>\n"));
    free(xml);
    teardown_scene(&s);
}
END_TEST

/* A legacy .vtk, a NULL name or a NaN time is refused and writes nothing. */
START_TEST(pvd_refuses_legacy_files_and_bad_times)
{
    static const char *const legacy[] = {"a_00000.vtp", "a_00001.vtk"};
    static const char *const holes[] = {"a_00000.vtp", NULL};
    static const char *const good[] = {"a_00000.vtp", "a_00001.vtp"};
    const double times[] = {0.0, 1.0}, nan_times[] = {0.0, NAN};
    scene s;
    build(&s);
    ck_assert_int_eq(alecable_write_pvd(s.m, s.pvd, 2, legacy, times), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(s.m), "files[1] = \"a_00001.vtk\""));
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(s.m), "alecable_write_vtp"));
    ck_assert_int_eq(alecable_write_pvd(s.m, s.pvd, 2, holes, times), ALECABLE_ENULL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(s.m), "files[1]"));
    ck_assert_int_eq(alecable_write_pvd(s.m, s.pvd, 2, good, nan_times), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(s.m), "times[1]"));
    ck_assert_int_eq(alecable_write_pvd(s.m, s.pvd, -1, good, times), ALECABLE_EINVAL);
    ck_assert_ptr_null(fopen(s.pvd, "r"));
    teardown_scene(&s);
}
END_TEST

/* The legacy files' list: ParaView's file-series JSON, names escaped. */
START_TEST(vtk_series_lists_legacy_files_with_their_times)
{
    static const char *const files[] = {"a_00000.vtk", "q\"b\\_00001.vtk"};
    static const char *const empty[] = {"a_00000.vtk", ""};
    const double times[] = {0.0, 2.5}, nan_times[] = {0.0, NAN};
    scene s;
    char *json;
    build(&s);
    ck_assert_int_eq(alecable_write_vtk_series(s.m, s.pvd, 2, files, nan_times), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(s.m), "times[1]"));
    ck_assert_int_eq(alecable_write_vtk_series(s.m, s.pvd, 2, empty, times), ALECABLE_EINVAL);
    ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(s.m), "files[1]"));
    ck_assert_int_eq(alecable_write_vtk_series(s.m, NULL, 2, files, times), ALECABLE_ENULL);
    ck_assert_ptr_null(fopen(s.pvd, "r"));
    ck_assert_int_eq(alecable_write_vtk_series(s.m, s.pvd, 2, files, times), 0);
    json = slurp(s.pvd);
    ck_assert_ptr_nonnull(strstr(json, "\"file-series-version\" : \"1.0\""));
    ck_assert_ptr_nonnull(strstr(json, "{ \"name\" : \"a_00000.vtk\", \"time\" : 0 },\n"));
    ck_assert_ptr_nonnull(strstr(json, "{ \"name\" : \"q\\\"b\\\\_00001.vtk\", \"time\" : 2.5 }\n  ]\n}\n"));
    free(json);
    teardown_scene(&s);
}
END_TEST

Suite *suite_vtk_xml(void)
{
    Suite *s = suite_create("vtk_xml");
    TCase *tc = tcase_create("vtk_xml");
    tcase_add_test(tc, vtp_structure_matches_the_model);
    tcase_add_test(tc, vtp_body_box_has_the_given_inertia);
    tcase_add_test(tc, vtp_refuses_bad_arguments);
    tcase_add_test(tc, pvd_lists_xml_files_with_their_times);
    tcase_add_test(tc, pvd_refuses_legacy_files_and_bad_times);
    tcase_add_test(tc, vtk_series_lists_legacy_files_with_their_times);
    suite_add_tcase(s, tc);
    return s;
}
