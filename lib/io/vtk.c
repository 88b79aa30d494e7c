/* VTK output for ParaView: one legacy-format polydata file per state (every
 * cable as a polyline through its nodes, with the material coordinate as
 * point data and strain and axial force as cell data), and a .pvd collection
 * that makes a time series of such files. */
#include "../core/model.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

static int close_checked(alecable_model *m, FILE *f, const char *path)
{
    int ok = !ferror(f);
    if (fclose(f) != 0) ok = 0;
    return ok ? ALECABLE_OK : ac_fail(m, ALECABLE_EINVAL, "path \"%s\": write error", path);
}

ALECABLE_API int alecable_write_vtk(alecable_model *m, const char *path)
{
    FILE *f;
    int st, c, i, n_pts = 0, n_el = 0, base = 0;
    if ((st = ac_check_model(m))) return st;
    if (!path) return ac_fail(m, ALECABLE_ENULL, "path is NULL");
    for (c = 0; c < m->cables.n; c++) {
        const alecable_cable *cb = (const alecable_cable *)m->cables.p[c];
        n_pts += cb->n_nodes;
        n_el += cb->n_el;
    }
    f = fopen(path, "w");
    if (!f) return ac_fail(m, ALECABLE_EINVAL, "path \"%s\": cannot open for writing (%s)", path, strerror(errno));
    fprintf(f, "# vtk DataFile Version 3.0\nlibalecable t = %.17g\nASCII\nDATASET POLYDATA\nPOINTS %d double\n", m->t,
            n_pts);
    for (c = 0; c < m->cables.n; c++) {
        const alecable_cable *cb = (const alecable_cable *)m->cables.p[c];
        for (i = 0; i < cb->n_nodes; i++)
            fprintf(f, "%.17g %.17g %.17g\n", cb->nodes[i]->q[0], cb->nodes[i]->q[1], cb->nodes[i]->q[2]);
    }
    fprintf(f, "LINES %d %d\n", n_el, 3 * n_el);
    for (c = 0; c < m->cables.n; c++) {
        const alecable_cable *cb = (const alecable_cable *)m->cables.p[c];
        for (i = 0; i < cb->n_el; i++) fprintf(f, "2 %d %d\n", base + i, base + i + 1);
        base += cb->n_nodes;
    }
    fprintf(f, "POINT_DATA %d\nSCALARS material_coordinate double 1\nLOOKUP_TABLE default\n", n_pts);
    for (c = 0; c < m->cables.n; c++) {
        const alecable_cable *cb = (const alecable_cable *)m->cables.p[c];
        for (i = 0; i < cb->n_nodes; i++) fprintf(f, "%.17g\n", node_s(cb->nodes[i]));
    }
    fprintf(f, "CELL_DATA %d\nSCALARS strain double 1\nLOOKUP_TABLE default\n", n_el);
    for (c = 0; c < m->cables.n; c++) {
        const alecable_cable *cb = (const alecable_cable *)m->cables.p[c];
        for (i = 0; i < cb->n_el; i++) {
            double eps;
            alecable_element_strain(cb->el[i], &eps);
            fprintf(f, "%.17g\n", eps);
        }
    }
    fprintf(f, "SCALARS axial_force double 1\nLOOKUP_TABLE default\n");
    for (c = 0; c < m->cables.n; c++) {
        const alecable_cable *cb = (const alecable_cable *)m->cables.p[c];
        for (i = 0; i < cb->n_el; i++) {
            double N;
            alecable_element_axial_force(cb->el[i], &N);
            fprintf(f, "%.17g\n", N);
        }
    }
    return close_checked(m, f, path);
}

ALECABLE_API int alecable_write_pvd(alecable_model *m, const char *path, int count, const char *const files[],
                                    const double times[])
{
    FILE *f;
    int st, i;
    if ((st = ac_check_model(m))) return st;
    if (!path || !files || !times) return ac_fail(m, ALECABLE_ENULL, "path, files or times is NULL");
    if (count < 0) return ac_fail(m, ALECABLE_EINVAL, "count = %d must be >= 0", count);
    f = fopen(path, "w");
    if (!f) return ac_fail(m, ALECABLE_EINVAL, "path \"%s\": cannot open for writing (%s)", path, strerror(errno));
    fprintf(f, "<?xml version=\"1.0\"?>\n<VTKFile type=\"Collection\" version=\"0.1\">\n  <Collection>\n");
    for (i = 0; i < count; i++)
        fprintf(f, "    <DataSet timestep=\"%.17g\" part=\"0\" file=\"%s\"/>\n", times[i], files[i] ? files[i] : "");
    fprintf(f, "  </Collection>\n</VTKFile>\n");
    return close_checked(m, f, path);
}
