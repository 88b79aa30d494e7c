/* VTK XML PolyData (.vtp, ASCII) of the model's state, the files a .pvd
 * collection lists for ParaView (which reads no legacy .vtk from a .pvd).
 * The same cables, arrays and names as the legacy writer (vtk.c), and the
 * bodies as solids: the arrays and the drawn geometry are listed in the
 * header (alecable_write_vtp) and doc/paraview.md.
 *
 * Order of the points: cable nodes (cable by cable), then per body its
 * origin, three axis tips and eight box corners, then per pulley wrap its
 * CIRCLE rim points.  Cells: the lines (cable elements, body axes, pulley
 * rims), then the polygons (box faces, pulley discs); cell data follow
 * VTK's order of lines before polygons. */
#include "io.h"

#include <errno.h>
#include <math.h>
#include <string.h>

enum { KIND_CABLE = 0, KIND_AXIS = 1 /* 1, 2, 3: x, y, z */, KIND_PULLEY = 4, KIND_BOX = 5, KIND_DISC = 6 };
enum { BODY_PTS = 12 }; /* origin, 3 axis tips, 8 box corners */

typedef struct {
    int n_cable_pts, n_el, n_bodies, n_wraps;
    int n_pts, n_lines, n_polys;
    double L; /* axis length */
} scene;

static void scene_count(const alecable_model *m, scene *sc)
{
    int c, i;
    memset(sc, 0, sizeof *sc);
    for (c = 0; c < m->cables.n; c++) {
        const alecable_cable *cb = (const alecable_cable *)m->cables.p[c];
        sc->n_cable_pts += cb->n_nodes;
        sc->n_el += cb->n_el;
    }
    for (i = 0; i < m->joints.n; i++)
        if (((const alecable_joint *)m->joints.p[i])->kind == JOINT_WRAP ||
            ((const alecable_joint *)m->joints.p[i])->kind == JOINT_SHEAVE) sc->n_wraps++;
    sc->n_bodies = m->bodies.n;
    sc->n_pts = sc->n_cable_pts + BODY_PTS * sc->n_bodies + CIRCLE * sc->n_wraps;
    sc->n_lines = sc->n_el + 3 * sc->n_bodies + sc->n_wraps;
    sc->n_polys = 6 * sc->n_bodies + sc->n_wraps;
    sc->L = io_axis_length(m);
}

/* eigenvalues w and eigenvectors (columns of V) of the symmetric A: cyclic Jacobi */
static void sym3_eigen(const double A_in[9], double w[3], double V[9])
{
    double A[9];
    int sweep, p, q, k;
    memcpy(A, A_in, sizeof A);
    for (k = 0; k < 9; k++) V[k] = k % 4 == 0 ? 1.0 : 0.0;
    for (sweep = 0; sweep < 50; sweep++) {
        double off = fabs(A[1]) + fabs(A[2]) + fabs(A[5]);
        if (off <= 1e-15 * (fabs(A[0]) + fabs(A[4]) + fabs(A[8])) || off == 0.0) break;
        for (p = 0; p < 2; p++)
            for (q = p + 1; q < 3; q++) {
                double apq = A[3 * p + q], th, t, c, s;
                if (apq == 0.0) continue;
                th = (A[3 * q + q] - A[3 * p + p]) / (2.0 * apq);
                t = (th >= 0 ? 1.0 : -1.0) / (fabs(th) + sqrt(th * th + 1.0));
                c = 1.0 / sqrt(t * t + 1.0);
                s = t * c;
                for (k = 0; k < 3; k++) { /* A <- A J (columns p, q) */
                    double akp = A[3 * k + p], akq = A[3 * k + q];
                    A[3 * k + p] = c * akp - s * akq;
                    A[3 * k + q] = s * akp + c * akq;
                }
                for (k = 0; k < 3; k++) { /* A <- J^T A (rows p, q) */
                    double apk = A[3 * p + k], aqk = A[3 * q + k];
                    A[3 * p + k] = c * apk - s * aqk;
                    A[3 * q + k] = s * apk + c * aqk;
                }
                for (k = 0; k < 3; k++) {
                    double vkp = V[3 * k + p], vkq = V[3 * k + q];
                    V[3 * k + p] = c * vkp - s * vkq;
                    V[3 * k + q] = s * vkp + c * vkq;
                }
            }
    }
    for (k = 0; k < 3; k++) w[k] = A[4 * k];
}

static void grow_box(double lo[3], double hi[3], const double p[3])
{
    int k;
    for (k = 0; k < 3; k++) {
        if (p[k] < lo[k]) lo[k] = p[k];
        if (p[k] > hi[k]) hi[k] = p[k];
    }
}

/* The box drawn for body b, in its frame: centre c, axes (columns of E),
 * half-widths h.  With mass and inertia: the uniform box of that mass and
 * inertia about the centre of mass, on the principal axes (half-width h1 =
 * sqrt(3 (J2 + J3 - J1) / (2 m)), ...).  A point mass: a cube of side L / 2
 * at the centre of mass.  A massless body: the bounding box of its origin and
 * the points where joints hold cables or bodies on it (attachments, pulley
 * centres, pair joints).  No half-width is smaller than a twentieth of the
 * largest (and than L / 20), so that rods and plates stay visible. */
static void body_box(const alecable_model *m, const alecable_body *b, double L, double c[3], double E[9], double h[3])
{
    double hmax = 0.0, hmin;
    int k, i, u;
    for (k = 0; k < 9; k++) E[k] = k % 4 == 0 ? 1.0 : 0.0;
    if (b->mass > 0.0) {
        double Jc[9], w[3], c2 = b->com[0] * b->com[0] + b->com[1] * b->com[1] + b->com[2] * b->com[2];
        for (i = 0; i < 3; i++)
            for (k = 0; k < 3; k++) /* parallel axes: back from the origin to the centre of mass */
                Jc[3 * i + k] = b->Jo[3 * i + k] - b->mass * ((i == k ? c2 : 0.0) - b->com[i] * b->com[k]);
        memcpy(c, b->com, 3 * sizeof *c);
        sym3_eigen(Jc, w, E);
        for (k = 0; k < 3; k++) {
            double s = w[(k + 1) % 3] + w[(k + 2) % 3] - w[k];
            h[k] = s > 0.0 ? sqrt(1.5 * s / b->mass) : 0.0;
        }
    } else {
        double lo[3] = {0, 0, 0}, hi[3] = {0, 0, 0};
        for (i = 0; i < m->joints.n; i++) {
            const alecable_joint *j = (const alecable_joint *)m->joints.p[i];
            if (j->kind == JOINT_ATTACH && j->b == b && j->pts)
                for (u = 0; u < j->count; u++) grow_box(lo, hi, j->pts + 3 * u);
            else if ((j->kind == JOINT_WRAP || j->kind == JOINT_SHEAVE) && j->b == b) grow_box(lo, hi, j->centre);
            else if (j->kind == JOINT_REVOLUTE || j->kind == JOINT_SPHERICAL || j->kind == JOINT_FIXED ||
                     j->kind == JOINT_PRISMATIC) {
                if (j->a == b) grow_box(lo, hi, j->pa);
                if (j->b == b) grow_box(lo, hi, j->pb);
            }
        }
        for (k = 0; k < 3; k++) {
            c[k] = 0.5 * (lo[k] + hi[k]);
            h[k] = 0.5 * (hi[k] - lo[k]);
        }
    }
    for (k = 0; k < 3; k++)
        if (h[k] > hmax) hmax = h[k];
    if (!(hmax > 0.0) || !isfinite(hmax)) { /* a point mass or a lone body */
        for (k = 0; k < 3; k++) h[k] = 0.25 * L;
        return;
    }
    hmin = 0.05 * fmax(hmax, L);
    for (k = 0; k < 3; k++)
        if (!(h[k] >= hmin)) h[k] = hmin;
}

/* point k of wrap j's rim in space (R: the rotation of its body) */
static void rim_point(const alecable_joint *j, const double R[9], int k, double x[3])
{
    double v[3], p[3], a = 2.0 * 3.14159265358979323846 * k / CIRCLE;
    int i;
    v[0] = j->axis[1] * j->ref[2] - j->axis[2] * j->ref[1];
    v[1] = j->axis[2] * j->ref[0] - j->axis[0] * j->ref[2];
    v[2] = j->axis[0] * j->ref[1] - j->axis[1] * j->ref[0];
    for (i = 0; i < 3; i++) p[i] = j->centre[i] + j->radius * (cos(a) * j->ref[i] + sin(a) * v[i]);
    io_body_point(j->b, R, p, x);
}

static void write_points(FILE *f, const alecable_model *m, const scene *sc)
{
    int c, i, k;
    fprintf(f, "      <Points>\n        <DataArray type=\"Float64\" Name=\"Points\" NumberOfComponents=\"3\" "
               "format=\"ascii\">\n");
    for (c = 0; c < m->cables.n; c++) {
        const alecable_cable *cb = (const alecable_cable *)m->cables.p[c];
        for (i = 0; i < cb->n_nodes; i++)
            fprintf(f, "%.17g %.17g %.17g\n", cb->nodes[i]->q[0], cb->nodes[i]->q[1], cb->nodes[i]->q[2]);
    }
    for (i = 0; i < m->bodies.n; i++) {
        const alecable_body *b = (const alecable_body *)m->bodies.p[i];
        double R[9], x[3], bc[3], E[9], h[3];
        body_rotation(b, NULL, R);
        fprintf(f, "%.17g %.17g %.17g\n", b->node.q[0], b->node.q[1], b->node.q[2]);
        for (k = 0; k < 3; k++) {
            double e[3] = {0, 0, 0};
            e[k] = sc->L;
            io_body_point(b, R, e, x);
            fprintf(f, "%.17g %.17g %.17g\n", x[0], x[1], x[2]);
        }
        body_box(m, b, sc->L, bc, E, h);
        for (k = 0; k < 8; k++) { /* corner k: bit d set = + along axis d */
            double p[3];
            int d, r;
            for (r = 0; r < 3; r++) {
                p[r] = bc[r];
                for (d = 0; d < 3; d++) p[r] += ((k >> d) & 1 ? h[d] : -h[d]) * E[3 * r + d];
            }
            io_body_point(b, R, p, x);
            fprintf(f, "%.17g %.17g %.17g\n", x[0], x[1], x[2]);
        }
    }
    for (i = 0; i < m->joints.n; i++) {
        const alecable_joint *j = (const alecable_joint *)m->joints.p[i];
        double R[9], x[3];
        if (j->kind != JOINT_WRAP && j->kind != JOINT_SHEAVE) continue;
        body_rotation(j->b, NULL, R);
        for (k = 0; k < CIRCLE; k++) {
            rim_point(j, R, k, x);
            fprintf(f, "%.17g %.17g %.17g\n", x[0], x[1], x[2]);
        }
    }
    fprintf(f, "        </DataArray>\n      </Points>\n");
}

static void write_cells(FILE *f, const alecable_model *m, const scene *sc)
{
    static const int face[6][4] = {{0, 4, 6, 2}, {1, 3, 7, 5}, {0, 1, 5, 4}, {2, 6, 7, 3}, {0, 2, 3, 1}, {4, 5, 7, 6}};
    long off = 0;
    int c, i, k, base = 0, body0 = sc->n_cable_pts, rim0 = sc->n_cable_pts + BODY_PTS * sc->n_bodies;
    fprintf(f, "      <Lines>\n        <DataArray type=\"Int64\" Name=\"connectivity\" format=\"ascii\">\n");
    for (c = 0; c < m->cables.n; c++) {
        const alecable_cable *cb = (const alecable_cable *)m->cables.p[c];
        for (i = 0; i < cb->n_el; i++) fprintf(f, "%d %d\n", base + i, base + i + 1);
        base += cb->n_nodes;
    }
    for (i = 0; i < sc->n_bodies; i++)
        for (k = 1; k <= 3; k++) fprintf(f, "%d %d\n", body0 + BODY_PTS * i, body0 + BODY_PTS * i + k);
    for (i = 0; i < sc->n_wraps; i++) {
        for (k = 0; k <= CIRCLE; k++) fprintf(f, "%d ", rim0 + CIRCLE * i + k % CIRCLE);
        fprintf(f, "\n");
    }
    fprintf(f, "        </DataArray>\n        <DataArray type=\"Int64\" Name=\"offsets\" format=\"ascii\">\n");
    for (i = 0; i < sc->n_el + 3 * sc->n_bodies; i++) fprintf(f, "%ld\n", off += 2);
    for (i = 0; i < sc->n_wraps; i++) fprintf(f, "%ld\n", off += CIRCLE + 1);
    fprintf(f, "        </DataArray>\n      </Lines>\n");
    fprintf(f, "      <Polys>\n        <DataArray type=\"Int64\" Name=\"connectivity\" format=\"ascii\">\n");
    for (i = 0; i < sc->n_bodies; i++)
        for (k = 0; k < 6; k++) {
            int b0 = body0 + BODY_PTS * i + 4;
            fprintf(f, "%d %d %d %d\n", b0 + face[k][0], b0 + face[k][1], b0 + face[k][2], b0 + face[k][3]);
        }
    for (i = 0; i < sc->n_wraps; i++) {
        for (k = 0; k < CIRCLE; k++) fprintf(f, "%d ", rim0 + CIRCLE * i + k);
        fprintf(f, "\n");
    }
    off = 0;
    fprintf(f, "        </DataArray>\n        <DataArray type=\"Int64\" Name=\"offsets\" format=\"ascii\">\n");
    for (i = 0; i < 6 * sc->n_bodies; i++) fprintf(f, "%ld\n", off += 4);
    for (i = 0; i < sc->n_wraps; i++) fprintf(f, "%ld\n", off += CIRCLE);
    fprintf(f, "        </DataArray>\n      </Polys>\n");
}

static void zeros(FILE *f, int n, const char *zero)
{
    int i;
    for (i = 0; i < n; i++) fputs(zero, f);
}

static void write_point_data(FILE *f, const alecable_model *m, const scene *sc)
{
    int c, i, k, rest = sc->n_pts - sc->n_cable_pts;
    fprintf(f, "      <PointData Scalars=\"material_coordinate\">\n"
               "        <DataArray type=\"Float64\" Name=\"material_coordinate\" format=\"ascii\">\n");
    for (c = 0; c < m->cables.n; c++) {
        const alecable_cable *cb = (const alecable_cable *)m->cables.p[c];
        for (i = 0; i < cb->n_nodes; i++) fprintf(f, "%.17g\n", node_s(cb->nodes[i]));
    }
    zeros(f, rest, "0\n");
    fprintf(f, "        </DataArray>\n");
    for (k = 1; k <= 2; k++) {
        fprintf(f, "        <DataArray type=\"Float64\" Name=\"section_axis_%d\" NumberOfComponents=\"3\" "
                   "format=\"ascii\">\n", k + 1);
        for (c = 0; c < m->cables.n; c++) {
            const alecable_cable *cb = (const alecable_cable *)m->cables.p[c];
            for (i = 0; i < cb->n_nodes; i++) {
                double R[9] = {0, 0, 0, 0, 0, 0, 0, 0, 0};
                if ((cb->kind == ALECABLE_ELEMENT_KIRCHHOFF || cb->kind == ALECABLE_ELEMENT_SE3) && cb->nodes[i]->chart_set)
                    alecable_node_frame(cb->nodes[i], R);
                fprintf(f, "%.17g %.17g %.17g\n", R[k], R[3 + k], R[6 + k]);
            }
        }
        zeros(f, rest, "0 0 0\n");
        fprintf(f, "        </DataArray>\n");
    }
    fprintf(f, "      </PointData>\n");
}

/* value v (0 strain, 1 axial force, 2 twist, 3 torque, 4 bending moment) of element e */
static double element_value(const alecable_cable *cb, int e, int v)
{
    alecable_beam_section_state s;
    double x = 0.0;
    if (v == 0) alecable_element_strain(cb->el[e], &x);
    else if (v == 1) alecable_element_axial_force(cb->el[e], &x);
    else {
        alecable_beam_section_state_init(&s);
        if (cb->ops->section && alecable_element_section(cb->el[e], 0.5, &s) == ALECABLE_OK)
            x = v == 2 ? s.twist : v == 3 ? s.torque : hypot(s.moment[0], s.moment[1]);
    }
    return x;
}

static void write_cell_data(FILE *f, const alecable_model *m, const scene *sc)
{
    static const char *const names[] = {"strain", "axial_force", "twist", "torque", "bending_moment"};
    int c, i, k, v, rest = sc->n_lines - sc->n_el + sc->n_polys;
    fprintf(f, "      <CellData Scalars=\"axial_force\">\n");
    for (v = 0; v < 5; v++) {
        fprintf(f, "        <DataArray type=\"Float64\" Name=\"%s\" format=\"ascii\">\n", names[v]);
        for (c = 0; c < m->cables.n; c++) {
            const alecable_cable *cb = (const alecable_cable *)m->cables.p[c];
            for (i = 0; i < cb->n_el; i++) fprintf(f, "%.17g\n", element_value(cb, i, v));
        }
        zeros(f, rest, "0\n");
        fprintf(f, "        </DataArray>\n");
    }
    fprintf(f, "        <DataArray type=\"Int32\" Name=\"kind\" format=\"ascii\">\n");
    zeros(f, sc->n_el, "0\n");
    for (i = 0; i < sc->n_bodies; i++) fprintf(f, "%d\n%d\n%d\n", KIND_AXIS, KIND_AXIS + 1, KIND_AXIS + 2);
    for (i = 0; i < sc->n_wraps; i++) fprintf(f, "%d\n", KIND_PULLEY);
    for (i = 0; i < 6 * sc->n_bodies; i++) fprintf(f, "%d\n", KIND_BOX);
    for (i = 0; i < sc->n_wraps; i++) fprintf(f, "%d\n", KIND_DISC);
    fprintf(f, "        </DataArray>\n        <DataArray type=\"Int32\" Name=\"index\" format=\"ascii\">\n");
    for (c = 0; c < m->cables.n; c++)
        for (i = 0; i < ((const alecable_cable *)m->cables.p[c])->n_el; i++) fprintf(f, "%d\n", c);
    for (i = 0; i < sc->n_bodies; i++) fprintf(f, "%d\n%d\n%d\n", i, i, i);
    for (i = 0; i < sc->n_wraps; i++) fprintf(f, "%d\n", i);
    for (i = 0; i < sc->n_bodies; i++)
        for (k = 0; k < 6; k++) fprintf(f, "%d\n", i);
    for (i = 0; i < sc->n_wraps; i++) fprintf(f, "%d\n", i);
    fprintf(f, "        </DataArray>\n      </CellData>\n");
}

ALECABLE_API int alecable_write_vtp(alecable_model *m, const char *path)
{
    FILE *f;
    scene sc;
    int st;
    if ((st = ac_check_model(m))) return st;
    if (!path) return ac_fail(m, ALECABLE_ENULL, "path is NULL");
    scene_count(m, &sc);
    f = fopen(path, "w");
    if (!f) return ac_fail(m, ALECABLE_EINVAL, "path \"%s\": cannot open for writing (%s)", path, strerror(errno));
    fprintf(f, "<?xml version=\"1.0\"?>\n<!-- libalecable %s: model time %.17g, load factor %.17g -->\n"
               "<VTKFile type=\"PolyData\" version=\"0.1\" byte_order=\"LittleEndian\">\n  <PolyData>\n"
               "    <FieldData>\n      <DataArray type=\"Float64\" Name=\"TimeValue\" NumberOfTuples=\"1\" "
               "format=\"ascii\">%.17g</DataArray>\n    </FieldData>\n"
               "    <Piece NumberOfPoints=\"%d\" NumberOfVerts=\"0\" NumberOfLines=\"%d\" NumberOfStrips=\"0\" "
               "NumberOfPolys=\"%d\">\n",
            alecable_version(), m->time, m->t, m->time, sc.n_pts, sc.n_lines, sc.n_polys);
    write_point_data(f, m, &sc);
    write_cell_data(f, m, &sc);
    write_points(f, m, &sc);
    write_cells(f, m, &sc);
    fprintf(f, "    </Piece>\n  </PolyData>\n</VTKFile>\n");
    return io_close_checked(m, f, path);
}
