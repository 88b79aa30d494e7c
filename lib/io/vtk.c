/* VTK output for ParaView: one legacy-format polydata file per state (every
 * cable as a polyline through its nodes, with the material coordinate as
 * point data and strain and axial force as cell data; Kirchhoff cables add
 * their section axes t2, t3 at the nodes (glyphs show the torsion) and
 * twist, torque and bending moment per element; every rigid body as
 * its three axes, and every pulley wrap as its circle, marked by the cell
 * data "kind").  A .pvd collection cannot list these (ParaView reads only
 * VTK XML files from one): vtp.c writes those. */
#include "io.h"

#include <math.h>

#include <errno.h>
#include <stdio.h>
#include <string.h>

int io_close_checked(alecable_model *m, FILE *f, const char *path)
{
    int ok = !ferror(f);
    if (fclose(f) != 0) ok = 0;
    return ok ? ALECABLE_OK : ac_fail(m, ALECABLE_EINVAL, "path \"%s\": write error", path);
}

double io_axis_length(const alecable_model *m)
{
    double lo[3] = {INFINITY, INFINITY, INFINITY}, hi[3] = {-INFINITY, -INFINITY, -INFINITY}, d = 0.0;
    int c, i, k;
    for (c = 0; c < m->cables.n; c++) {
        const alecable_cable *cb = (const alecable_cable *)m->cables.p[c];
        for (i = 0; i < cb->n_nodes; i++)
            for (k = 0; k < 3; k++) {
                if (cb->nodes[i]->q[k] < lo[k]) lo[k] = cb->nodes[i]->q[k];
                if (cb->nodes[i]->q[k] > hi[k]) hi[k] = cb->nodes[i]->q[k];
            }
    }
    for (k = 0; k < 3; k++)
        if (hi[k] - lo[k] > d) d = hi[k] - lo[k];
    return d > 0.0 ? 0.1 * d : 1.0;
}

void io_body_point(const alecable_body *b, const double R[9], const double p[3], double x[3])
{
    x[0] = b->node.q[0] + R[0] * p[0] + R[1] * p[1] + R[2] * p[2];
    x[1] = b->node.q[1] + R[3] * p[0] + R[4] * p[1] + R[5] * p[2];
    x[2] = b->node.q[2] + R[6] * p[0] + R[7] * p[1] + R[8] * p[2];
}

ALECABLE_API int alecable_write_vtk(alecable_model *m, const char *path)
{
    FILE *f;
    double L;
    int st, c, i, k, n_pts = 0, n_el = 0, base = 0, n_body_lines, n_wraps = 0, n_cells;
    if ((st = ac_check_model(m))) return st;
    if (!path) return ac_fail(m, ALECABLE_ENULL, "path is NULL");
    for (c = 0; c < m->cables.n; c++) {
        const alecable_cable *cb = (const alecable_cable *)m->cables.p[c];
        n_pts += cb->n_nodes;
        n_el += cb->n_el;
    }
    for (i = 0; i < m->joints.n; i++)
        if (((const alecable_joint *)m->joints.p[i])->kind == JOINT_WRAP ||
            ((const alecable_joint *)m->joints.p[i])->kind == JOINT_SHEAVE) n_wraps++; /* a circle each */
    n_body_lines = 3 * m->bodies.n;
    n_cells = n_el + n_body_lines + n_wraps;
    L = io_axis_length(m);
    f = fopen(path, "w");
    if (!f) return ac_fail(m, ALECABLE_EINVAL, "path \"%s\": cannot open for writing (%s)", path, strerror(errno));
    fprintf(f, "# vtk DataFile Version 3.0\nlibalecable t = %.17g\nASCII\nDATASET POLYDATA\nPOINTS %d double\n", m->t,
            n_pts + 4 * m->bodies.n + CIRCLE * n_wraps);
    for (c = 0; c < m->cables.n; c++) {
        const alecable_cable *cb = (const alecable_cable *)m->cables.p[c];
        for (i = 0; i < cb->n_nodes; i++)
            fprintf(f, "%.17g %.17g %.17g\n", cb->nodes[i]->q[0], cb->nodes[i]->q[1], cb->nodes[i]->q[2]);
    }
    for (i = 0; i < m->bodies.n; i++) { /* origin and the three axis tips */
        const alecable_body *b = (const alecable_body *)m->bodies.p[i];
        double R[9], x[3];
        body_rotation(b, NULL, R);
        fprintf(f, "%.17g %.17g %.17g\n", b->node.q[0], b->node.q[1], b->node.q[2]);
        for (k = 0; k < 3; k++) {
            double e[3] = {0, 0, 0};
            e[k] = L;
            io_body_point(b, R, e, x);
            fprintf(f, "%.17g %.17g %.17g\n", x[0], x[1], x[2]);
        }
    }
    for (i = 0; i < m->joints.n; i++) {
        const alecable_joint *j = (const alecable_joint *)m->joints.p[i];
        double R[9], v[3], x[3], p[3];
        if (j->kind != JOINT_WRAP && j->kind != JOINT_SHEAVE) continue;
        body_rotation(j->b, NULL, R);
        v[0] = j->axis[1] * j->ref[2] - j->axis[2] * j->ref[1];
        v[1] = j->axis[2] * j->ref[0] - j->axis[0] * j->ref[2];
        v[2] = j->axis[0] * j->ref[1] - j->axis[1] * j->ref[0];
        for (c = 0; c < CIRCLE; c++) {
            double a = 2.0 * 3.14159265358979323846 * c / CIRCLE;
            for (k = 0; k < 3; k++) p[k] = j->centre[k] + j->radius * (cos(a) * j->ref[k] + sin(a) * v[k]);
            io_body_point(j->b, R, p, x);
            fprintf(f, "%.17g %.17g %.17g\n", x[0], x[1], x[2]);
        }
    }
    fprintf(f, "LINES %d %d\n", n_cells, 3 * (n_el + n_body_lines) + n_wraps * (CIRCLE + 2));
    for (c = 0; c < m->cables.n; c++) {
        const alecable_cable *cb = (const alecable_cable *)m->cables.p[c];
        for (i = 0; i < cb->n_el; i++) fprintf(f, "2 %d %d\n", base + i, base + i + 1);
        base += cb->n_nodes;
    }
    for (i = 0; i < m->bodies.n; i++)
        for (k = 1; k <= 3; k++) fprintf(f, "2 %d %d\n", base + 4 * i, base + 4 * i + k);
    base += 4 * m->bodies.n;
    for (i = 0; i < n_wraps; i++) {
        fprintf(f, "%d", CIRCLE + 1);
        for (c = 0; c <= CIRCLE; c++) fprintf(f, " %d", base + i * CIRCLE + c % CIRCLE);
        fprintf(f, "\n");
    }
    fprintf(f, "POINT_DATA %d\nSCALARS material_coordinate double 1\nLOOKUP_TABLE default\n",
            n_pts + 4 * m->bodies.n + CIRCLE * n_wraps);
    for (c = 0; c < m->cables.n; c++) {
        const alecable_cable *cb = (const alecable_cable *)m->cables.p[c];
        for (i = 0; i < cb->n_nodes; i++) fprintf(f, "%.17g\n", node_s(cb->nodes[i]));
    }
    for (i = 0; i < 4 * m->bodies.n + CIRCLE * n_wraps; i++) fprintf(f, "0\n");
    for (k = 1; k <= 2; k++) {
        fprintf(f, "VECTORS section_axis_%d double\n", k + 1);
        for (c = 0; c < m->cables.n; c++) {
            const alecable_cable *cb = (const alecable_cable *)m->cables.p[c];
            for (i = 0; i < cb->n_nodes; i++) {
                double R[9] = {0, 0, 0, 0, 0, 0, 0, 0, 0};
                if ((cb->kind == ALECABLE_ELEMENT_KIRCHHOFF || cb->kind == ALECABLE_ELEMENT_SE3) && cb->nodes[i]->chart_set)
                    alecable_node_frame(cb->nodes[i], R);
                fprintf(f, "%.17g %.17g %.17g\n", R[k], R[3 + k], R[6 + k]);
            }
        }
        for (i = 0; i < 4 * m->bodies.n + CIRCLE * n_wraps; i++) fprintf(f, "0 0 0\n");
    }
    fprintf(f, "CELL_DATA %d\nSCALARS strain double 1\nLOOKUP_TABLE default\n", n_cells);
    for (c = 0; c < m->cables.n; c++) {
        const alecable_cable *cb = (const alecable_cable *)m->cables.p[c];
        for (i = 0; i < cb->n_el; i++) {
            double eps;
            alecable_element_strain(cb->el[i], &eps);
            fprintf(f, "%.17g\n", eps);
        }
    }
    for (i = 0; i < n_body_lines + n_wraps; i++) fprintf(f, "0\n");
    fprintf(f, "SCALARS axial_force double 1\nLOOKUP_TABLE default\n");
    for (c = 0; c < m->cables.n; c++) {
        const alecable_cable *cb = (const alecable_cable *)m->cables.p[c];
        for (i = 0; i < cb->n_el; i++) {
            double N;
            alecable_element_axial_force(cb->el[i], &N);
            fprintf(f, "%.17g\n", N);
        }
    }
    for (i = 0; i < n_body_lines + n_wraps; i++) fprintf(f, "0\n");
    for (k = 0; k < 3; k++) { /* twist, torque, |bending moment| of Kirchhoff elements, at the middle */
        fprintf(f, "SCALARS %s double 1\nLOOKUP_TABLE default\n", k == 0 ? "twist" : k == 1 ? "torque" : "bending_moment");
        for (c = 0; c < m->cables.n; c++) {
            const alecable_cable *cb = (const alecable_cable *)m->cables.p[c];
            for (i = 0; i < cb->n_el; i++) {
                alecable_beam_section_state s;
                double x = 0.0;
                alecable_beam_section_state_init(&s);
                if (cb->ops->section && alecable_element_section(cb->el[i], 0.5, &s) == ALECABLE_OK)
                    x = k == 0 ? s.twist : k == 1 ? s.torque : hypot(s.moment[0], s.moment[1]);
                fprintf(f, "%.17g\n", x);
            }
        }
        for (i = 0; i < n_body_lines + n_wraps; i++) fprintf(f, "0\n");
    }
    /* kind: 0 cable element, 1 body x axis, 2 y axis, 3 z axis, 4 pulley */
    fprintf(f, "SCALARS kind int 1\nLOOKUP_TABLE default\n");
    for (i = 0; i < n_el; i++) fprintf(f, "0\n");
    for (i = 0; i < n_body_lines; i++) fprintf(f, "%d\n", 1 + i % 3);
    for (i = 0; i < n_wraps; i++) fprintf(f, "4\n");
    return io_close_checked(m, f, path);
}
