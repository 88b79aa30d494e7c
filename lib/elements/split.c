/* The stretch split of a C1 element's end (Kirchhoff, ANCF): the contact
 * node of issue 22, item 2.
 *
 * A Kirchhoff or ANCF node shares its slope r' = dx/ds between its two
 * elements, so the stretch |r'| is continuous there and the axial force
 * EA (|r'| - 1) cannot jump at a node: a stuck or slipping friction contact,
 * whose force is a jump of the tension, has nowhere to put it.  A split end
 * takes the node's slope scaled by its own factor,
 *     r'_end = (1 + rho) r'_node,
 * rho one extra unknown per split node and side: the unit tangent t1 =
 * r'/|r'| stays the node's (the section frame, the roll and with them the
 * bending and the torsion stay C1 across the node), only the stretch of that
 * side is its own.  The element itself is unchanged: its energy with the
 * split is its plain energy at the end slopes above,
 *     W_split(q, rho) = W(phi(q, rho)),
 * and the force and tangent are the exact derivatives by the chain rule:
 * phi is linear in r' at fixed rho and in rho at fixed r', so
 *     f = J^T f(phi),   K = J^T K(phi) J + (d^2 phi) . f(phi),
 * with J = d phi/d(q, rho) (diagonal 1 + rho on the end's r', r'_node in
 * rho's column) and the only second derivative d^2 r'_end,i / dr'_i drho =
 * 1, which puts f(phi) at r'_i into the (r'_i, rho) entries.
 *
 * Layout: the element's dofs (ndof), then rho_A, rho_B. */
#include "element.h"

#include <string.h>

enum { RP = 3 }; /* r' inside a node's dofs, for the kinds with a slope */

/* the kinds whose nodes carry r' at dofs 3..5: ANCF and Kirchhoff
 * (ALECABLE_ELEMENT_ANCF, _KIRCHHOFF) */
int el_split_supported(const el_ops *ops) { return ops && (ops->kind == 1 || ops->kind == 2); }

void el_split_apply(const el_ops *ops, const double *qe, const double rho[2], double *qs)
{
    const int nd = ops->node_ndof;
    int k, i;
    memcpy(qs, qe, (size_t)el_ndof(ops) * sizeof(double));
    for (k = 0; k < 2; k++)
        for (i = 0; i < 3; i++) qs[k * nd + RP + i] = (1.0 + rho[k]) * qe[k * nd + RP + i];
}

double el_split_energy(const el_ops *ops, const el_params *p, const double *qe, const double rho[2])
{
    double qs[EL_MAX_DOF];
    el_split_apply(ops, qe, rho, qs);
    return ops->energy(p, qs);
}

void el_split_pull(const el_ops *ops, const double *qe, const double rho[2], const double *fs, const double *ks,
                   double *fe, double *ke)
{
    const int nd = ops->node_ndof, n = el_ndof(ops), N = n + 2;
    double jd[EL_MAX_DOF];    /* J's diagonal over the element's dofs */
    double jr[2][EL_MAX_DOF]; /* J's rho columns: d phi / d rho_k */
    int a, b, k, i;
    for (a = 0; a < n; a++) jd[a] = 1.0;
    memset(jr, 0, sizeof jr);
    for (k = 0; k < 2; k++)
        for (i = 0; i < 3; i++) {
            jd[k * nd + RP + i] = 1.0 + rho[k];
            jr[k][k * nd + RP + i] = qe[k * nd + RP + i];
        }
    if (fe) {
        for (a = 0; a < n; a++) fe[a] = jd[a] * fs[a];
        for (k = 0; k < 2; k++) {
            fe[n + k] = 0.0;
            for (i = 0; i < 3; i++) fe[n + k] += fs[k * nd + RP + i] * jr[k][k * nd + RP + i];
        }
    }
    if (!ke) return;
    /* J^T K J: J = diag(jd) beside the two rho columns jr */
    for (a = 0; a < n; a++)
        for (b = 0; b < n; b++) ke[a * N + b] = jd[a] * ks[a * n + b] * jd[b];
    for (k = 0; k < 2; k++) {
        for (a = 0; a < n; a++) {
            double t = 0.0;
            for (b = 0; b < n; b++) t += ks[a * n + b] * jr[k][b];
            ke[a * N + n + k] = jd[a] * t;
            ke[(n + k) * N + a] = jd[a] * t; /* K is symmetric */
        }
        for (b = 0; b < 2; b++) {
            double t = 0.0;
            for (a = 0; a < n; a++) {
                double u = 0.0;
                for (i = 0; i < n; i++) u += ks[a * n + i] * jr[b][i];
                t += jr[k][a] * u;
            }
            ke[(n + k) * N + n + b] = t;
        }
        /* the second derivative of r'_end = (1 + rho) r' */
        for (i = 0; i < 3; i++) {
            a = k * nd + RP + i;
            ke[a * N + n + k] += fs[a];
            ke[(n + k) * N + a] += fs[a];
        }
    }
}

void el_split_force(const el_ops *ops, const el_params *p, const double *qe, const double rho[2], double *fe)
{
    double qs[EL_MAX_DOF], fs[EL_MAX_DOF];
    el_split_apply(ops, qe, rho, qs);
    ops->force(p, qs, fs);
    el_split_pull(ops, qe, rho, fs, NULL, fe, NULL);
}

void el_split_tangent(const el_ops *ops, const el_params *p, const double *qe, const double rho[2], double *ke)
{
    double qs[EL_MAX_DOF], fs[EL_MAX_DOF], ks[EL_MAX_DOF * EL_MAX_DOF];
    el_split_apply(ops, qe, rho, qs);
    ops->force(p, qs, fs);
    ops->tangent(p, qs, ks);
    el_split_pull(ops, qe, rho, fs, ks, NULL, ke);
}
