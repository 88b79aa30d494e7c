/* Two-node axial ALE cable element (paper 000, section 3).
 *
 * Element dofs: [x_A (3), s_A, x_B (3), s_B].  With u = x_B - x_A and the
 * material length d = s_B - s_A, the stretch is F = |u|/d, the Green-Lagrange
 * strain eps = (F^2 - 1)/2 and the discrete potential
 *     W = 1/2 EA eps^2 d.
 * Force and tangent are its exact gradient and Hessian; they agree with the
 * paper's eq. (66) and the symmetric tangent of eqs. (34)-(37). */
#include "element.h"

#include <math.h>
#include <stddef.h>

enum { NDOF = 8 };

/* Position of element dof a in the reduced variables y = (u, d): component
 * and the sign of the dof in u = x_B - x_A, d = s_B - s_A. */
static int comp(int a) { return a & 3; }
static double sgn(int a) { return a < 4 ? -1.0 : 1.0; }

static void kin(const double *qe, double u[3], double *d)
{
    u[0] = qe[4] - qe[0];
    u[1] = qe[5] - qe[1];
    u[2] = qe[6] - qe[2];
    *d = qe[7] - qe[3];
}

static double dot3(const double a[3], const double b[3])
{
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

/* Expands a gradient g (4) and Hessian h (4x4) in y = (u, d) to element dofs. */
static void expand_grad(const double g[4], double *fe)
{
    int a;
    for (a = 0; a < NDOF; a++) fe[a] = sgn(a) * g[comp(a)];
}

static void expand_hess(const double h[16], double *ke)
{
    int a, b;
    for (a = 0; a < NDOF; a++)
        for (b = 0; b < NDOF; b++) ke[a * NDOF + b] = sgn(a) * sgn(b) * h[comp(a) * 4 + comp(b)];
}

static double axial_energy(const el_params *p, const double *qe)
{
    double u[3], d, F2, eps;
    kin(qe, u, &d);
    F2 = dot3(u, u) / (d * d);
    eps = 0.5 * (F2 - 1.0);
    return 0.5 * p->EA * eps * eps * d;
}

static void axial_force(const el_params *p, const double *qe, double *fe)
{
    double u[3], d, F2, eps, g[4];
    int i;
    kin(qe, u, &d);
    F2 = dot3(u, u) / (d * d);
    eps = 0.5 * (F2 - 1.0);
    for (i = 0; i < 3; i++) g[i] = p->EA * eps * u[i] / d;
    g[3] = 0.5 * p->EA * (eps * eps - 2.0 * F2 * eps);
    expand_grad(g, fe);
}

static void axial_tangent(const el_params *p, const double *qe, double *ke)
{
    double u[3], d, F2, eps, h[16];
    int i, j;
    kin(qe, u, &d);
    F2 = dot3(u, u) / (d * d);
    eps = 0.5 * (F2 - 1.0);
    for (i = 0; i < 3; i++) {
        for (j = 0; j < 3; j++)
            h[i * 4 + j] = p->EA / d * ((i == j ? eps : 0.0) + u[i] * u[j] / (d * d));
        h[i * 4 + 3] = h[3 * 4 + i] = -p->EA * u[i] * (F2 + eps) / (d * d);
    }
    h[15] = p->EA / d * (eps * F2 + F2 * F2);
    expand_hess(h, ke);
}

static void axial_strain(const double *qe, double *eps, double *stretch)
{
    double u[3], d, F;
    kin(qe, u, &d);
    F = sqrt(dot3(u, u)) / d;
    *eps = 0.5 * (F * F - 1.0);
    *stretch = F;
}

/* Uniform load b per unit material length: W = -d b.(x_A + x_B)/2 (eqs. 67-68). */
static double dist_energy(const double b[3], const double *qe)
{
    double d = qe[7] - qe[3];
    return -0.5 * d * (dot3(b, qe) + dot3(b, qe + 4));
}

static void dist_force(const double b[3], const double *qe, double *fe)
{
    double d = qe[7] - qe[3];
    double bx = 0.5 * (dot3(b, qe) + dot3(b, qe + 4));
    int i;
    for (i = 0; i < 3; i++) fe[i] = fe[4 + i] = -0.5 * d * b[i];
    fe[3] = bx;
    fe[7] = -bx;
}

static void dist_tangent(const double b[3], const double *qe, double *ke)
{
    int a, i;
    (void)qe;
    for (a = 0; a < NDOF * NDOF; a++) ke[a] = 0.0;
    for (i = 0; i < 3; i++) {
        int xa = i, xb = 4 + i;
        ke[xa * NDOF + 3] = ke[3 * NDOF + xa] = 0.5 * b[i];
        ke[xb * NDOF + 3] = ke[3 * NDOF + xb] = 0.5 * b[i];
        ke[xa * NDOF + 7] = ke[7 * NDOF + xa] = -0.5 * b[i];
        ke[xb * NDOF + 7] = ke[7 * NDOF + xb] = -0.5 * b[i];
    }
}

/* Force f on the material particle s: W = -f.x(s), x(s) = N_A x_A + N_B x_B
 * with N_B = (s - s_A)/d; the shape functions move with the nodes' s. */
static void point_shape(double s, const double *qe, double *na, double *nb, double *d)
{
    *d = qe[7] - qe[3];
    *nb = (s - qe[3]) / *d;
    *na = 1.0 - *nb;
}

static double point_energy(const double f[3], double s, const double *qe)
{
    double na, nb, d;
    point_shape(s, qe, &na, &nb, &d);
    return -(na * dot3(f, qe) + nb * dot3(f, qe + 4));
}

static void point_force(const double f[3], double s, const double *qe, double *fe)
{
    double na, nb, d, u[3], phi;
    int i;
    point_shape(s, qe, &na, &nb, &d);
    kin(qe, u, &d);
    phi = dot3(f, u);
    for (i = 0; i < 3; i++) {
        fe[i] = -na * f[i];
        fe[4 + i] = -nb * f[i];
    }
    fe[3] = na * phi / d;
    fe[7] = nb * phi / d;
}

static void point_tangent(const double f[3], double s, const double *qe, double *ke)
{
    double na, nb, d, u[3], phi;
    int a, i;
    point_shape(s, qe, &na, &nb, &d);
    kin(qe, u, &d);
    phi = dot3(f, u);
    for (a = 0; a < NDOF * NDOF; a++) ke[a] = 0.0;
    for (i = 0; i < 3; i++) {
        ke[i * NDOF + 3] = ke[3 * NDOF + i] = -na * f[i] / d;
        ke[i * NDOF + 7] = ke[7 * NDOF + i] = -nb * f[i] / d;
        ke[(4 + i) * NDOF + 3] = ke[3 * NDOF + 4 + i] = na * f[i] / d;
        ke[(4 + i) * NDOF + 7] = ke[7 * NDOF + 4 + i] = nb * f[i] / d;
    }
    ke[3 * NDOF + 3] = 2.0 * na * phi / (d * d);
    ke[7 * NDOF + 7] = -2.0 * nb * phi / (d * d);
    ke[3 * NDOF + 7] = ke[7 * NDOF + 3] = (nb - na) * phi / (d * d);
}

/* Linear interpolation: dx/dxi = u/L_xi and 1/(ds/dxi) = L_xi/d are constant
 * over the element, so both ends give the same values. */
static void end_gradient(const el_params *p, const double *qe, int end, double g[3], double *jinv,
                         double *dg, double *djinv)
{
    double u[3], d, L = p->ref_len;
    int i, a;
    (void)end;
    kin(qe, u, &d);
    for (i = 0; i < 3; i++) g[i] = u[i] / L;
    *jinv = L / d;
    if (dg) {
        for (a = 0; a < 3 * NDOF; a++) dg[a] = 0.0;
        for (i = 0; i < 3; i++) {
            dg[i * NDOF + i] = -1.0 / L;
            dg[i * NDOF + 4 + i] = 1.0 / L;
        }
    }
    if (djinv) {
        for (a = 0; a < NDOF; a++) djinv[a] = 0.0;
        djinv[3] = L / (d * d);
        djinv[7] = -L / (d * d);
    }
}

const el_ops el_axial_ops = {
    0, 2, 4, 3,
    axial_energy, axial_force, axial_tangent, axial_strain,
    dist_energy, dist_force, dist_tangent,
    point_energy, point_force, point_tangent,
    end_gradient,
    NULL, NULL, NULL
};
