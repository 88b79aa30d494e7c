/* Strings in statics: a cable without bending stiffness cannot carry
 * compression.  The quasistatic solver asks the model (ac_string_accept,
 * through qs_set_accept) before it calls a state converged, and
 * alecable_cable_lay_slack() gives such a cable an unstressed start. */
#include "model.h"
#include "../elements/element.h"
#include "vec3.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* Bending-free: the axial element, an ANCF cable with I = 0, a Kirchhoff or
 * SE(3) beam given neither bending stiffness.  An axial or ANCF element has
 * no EI3 at all (ac_element_bytes: it is allocated without the parameters
 * from EI3 on), so only the two beam kinds may read it. */
static int string_like(const alecable_element *e)
{
    switch (e->cable->kind) {
    case ALECABLE_ELEMENT_AXIAL: return 1;
    case ALECABLE_ELEMENT_KIRCHHOFF:
    case ALECABLE_ELEMENT_SE3: return e->par.EI == 0.0 && e->par.EI3 == 0.0;
    default: return e->par.EI == 0.0;
    }
}

/* A node that cannot leave the element's line: every axis held by a fix, or
 * all but the one the chord t lies along.  An element with two such nodes
 * is a bar held in its line (paper 000's clamped bar of sec. 4.2, its y and
 * z fixed at every node: half of it compressed, legitimately), not a string
 * that could fold or sag. */
static int on_line(const alecable_node *n, const unsigned char *held, const double t[3])
{
    int d, free_d = -1, nfree = 0;
    double tl = sqrt(t[0] * t[0] + t[1] * t[1] + t[2] * t[2]);
    if (!held || n->dof0 < 0) return 0;
    for (d = 0; d < 3; d++)
        if (!held[n->dof0 + d]) {
            nfree++;
            free_d = d;
        }
    if (nfree == 0) return 1;
    if (nfree > 1) return 0;
    for (d = 0; d < 3; d++)
        if (d != free_d && fabs(t[d]) > 1e-12 * tl) return 0;
    return 1;
}

/* Compressed beyond round-off: the stretch F = |dx/ds| (at the element's
 * middle) below 1 by more than tau = max(1e-8 |F - 1|max, 64 eps (|x_A| +
 * |x_B| + |s_A| + |s_B|) / (s_B - s_A)).  The second term is what F carries
 * at all: differences of coordinates of that size over the element's
 * material length.  The first is the converged solve's own accuracy, taken
 * relative to the cable's largest strain: Newton stops at tol_residual
 * (1e-10 by default) of the force scale, which leaves strains right to
 * about that fraction of the largest, so 1e-8 of it is no noise; a fold's
 * reversed element is compressed by a fraction of the line's tension (the
 * 110 m mooring line's: -0.2 of its largest). */
int ac_string_accept(const void *ctx, const double *q, const unsigned char *held, char *msg, size_t len)
{
    const alecable_model *m = (const alecable_model *)ctx;
    int ic, i, worst_c = -1, worst_e = -1;
    double worst = 0.0, worst_F = 1.0, worst_N = 0.0, worst_sa = 0.0, worst_sb = 0.0;
    for (ic = 0; ic < m->cables.n; ic++) {
        const alecable_cable *c = (const alecable_cable *)m->cables.p[ic];
        double emax = 0.0;
        int pass;
        /* pass 0: the cable's largest |F - 1|; pass 1: its compressed elements */
        for (pass = 0; pass < 2; pass++)
            for (i = 0; i < c->n_el; i++) {
                const alecable_element *e = c->el[i];
                double qe[EL_MAX_DOF], eps, F, N, sa, sb, xa, xb, tau;
                int d, nd = e->ops->node_ndof;
                if (!string_like(e)) continue;
                ac_gather(e, q, qe);
                e->ops->strain(&e->par, qe, &eps, &F, &N);
                if (!isfinite(F)) continue;
                if (pass == 0) {
                    emax = fmax(emax, fabs(F - 1.0));
                    continue;
                }
                sa = qe[e->ops->s_offset];
                sb = qe[nd + e->ops->s_offset];
                for (xa = xb = 0.0, d = 0; d < 3; d++) {
                    xa = fmax(xa, fabs(qe[d]));
                    xb = fmax(xb, fabs(qe[nd + d]));
                }
                tau = fmax(1e-8 * emax, 64.0 * DBL_EPSILON * (xa + xb + fabs(sa) + fabs(sb)) / fabs(sb - sa));
                if (F - 1.0 < -tau && F - 1.0 < worst) {
                    double t[3];
                    for (d = 0; d < 3; d++) t[d] = qe[nd + d] - qe[d];
                    if (on_line(e->a, held, t) && on_line(e->b, held, t)) continue;
                    worst = F - 1.0;
                    worst_F = F;
                    worst_N = N;
                    worst_c = ic;
                    worst_e = i;
                    worst_sa = sa;
                    worst_sb = sb;
                }
            }
    }
    if (worst_c < 0) return ALECABLE_OK;
    snprintf(msg, len,
             "cable %d element %d (s %.6g .. %.6g m) is compressed (stretch %.9g, axial force %.6g N): a cable "
             "without bending stiffness cannot carry compression, so this is a fold or a buckled line (held by the "
             "seabed or other loads), not its equilibrium; lay it slack first (alecable_cable_lay_slack()) or give "
             "it bending stiffness; the last converged state is kept",
             worst_c, worst_e, worst_sa, worst_sb, worst_F, worst_N);
    return ALECABLE_EUNSTABLE;
}

/* The slack shape's corners: the lowest point P of the ellipse with foci A,
 * B and major axis Lp (|AP| + |PB| = Lp), then the part of A-P-B below the
 * plane replaced by the plane: A, Q1, Q2, B (Q1 = Q2 = P above it).
 * Returns the polyline's length. */
static double corners(const double A[3], const double B[3], const double u[3], double Lp, const double *p0,
                      const double *nrm, double X[4][3])
{
    double d[3], e[3], C[3], w[3], P[3], dn, a, b2, ut, ww, den, hA, hB, hP, len = 0.0;
    int k, j;
    for (k = 0; k < 3; k++) d[k] = B[k] - A[k];
    dn = sqrt(ac_dot3(d, d));
    a = 0.5 * Lp;
    b2 = fmax(a * a - 0.25 * dn * dn, 0.0);
    for (k = 0; k < 3; k++) {
        e[k] = dn > 0.0 ? d[k] / dn : 0.0;
        C[k] = 0.5 * (A[k] + B[k]);
    }
    ut = ac_dot3(u, e);
    for (k = 0; k < 3; k++) w[k] = u[k] - ut * e[k];
    ww = ac_dot3(w, w);
    den = sqrt(a * a * ut * ut + b2 * ww);
    for (k = 0; k < 3; k++) P[k] = C[k] + (den > 0.0 ? (a * a * ut * e[k] + b2 * w[k]) / den : 0.0);
    memcpy(X[0], A, sizeof X[0]);
    memcpy(X[1], P, sizeof X[1]);
    memcpy(X[2], P, sizeof X[2]);
    memcpy(X[3], B, sizeof X[3]);
    if (p0) {
        double t1, t2, dA[3], dB[3], dP[3];
        for (k = 0; k < 3; k++) {
            dA[k] = A[k] - p0[k];
            dB[k] = B[k] - p0[k];
            dP[k] = P[k] - p0[k];
        }
        hA = ac_dot3(dA, nrm);
        hB = ac_dot3(dB, nrm);
        hP = ac_dot3(dP, nrm);
        if (hP < 0.0) {
            t1 = hA > hP ? fmin(fmax(hA / (hA - hP), 0.0), 1.0) : 0.0;
            t2 = hB > hP ? fmin(fmax(hB / (hB - hP), 0.0), 1.0) : 0.0;
            for (k = 0; k < 3; k++) {
                X[1][k] = A[k] + t1 * (P[k] - A[k]);
                X[2][k] = B[k] + t2 * (P[k] - B[k]);
            }
        }
    }
    for (j = 0; j < 3; j++) {
        double s[3];
        for (k = 0; k < 3; k++) s[k] = X[j + 1][k] - X[j][k];
        len += sqrt(ac_dot3(s, s));
    }
    return len;
}

ALECABLE_API int alecable_cable_lay_slack(alecable_cable *c, const double point[3], const double normal[3])
{
    alecable_model *m;
    alecable_node *na, *nb;
    double A[3], B[3], u[3], nrm[3], gn, nn, L, dn, d[3], X[4][3], seg[3], cum[4];
    int i, k, j;
    if (!c) return ALECABLE_ENULL;
    if (c->magic != MAGIC_CABLE) return ALECABLE_EHANDLE;
    m = c->model;
    if (c->kind != ALECABLE_ELEMENT_AXIAL && c->kind != ALECABLE_ELEMENT_ANCF)
        return ac_fail(m, ALECABLE_ERANGE, "c: an axial or ANCF cable (a beam's frames are not laid)");
    if (c->n_nodes < 2) return ac_fail(m, ALECABLE_ESTATE, "c has %d node(s): no ends to lay it between", c->n_nodes);
    if ((point == NULL) != (normal == NULL))
        return ac_fail(m, ALECABLE_ENULL, "%s is NULL: give both point and normal (a plane), or neither",
                       point ? "normal" : "point");
    if (point && (!ac_is_finite3(point) || !ac_is_finite3(normal)))
        return ac_fail(m, ALECABLE_EINVAL, "point or normal has a NaN or infinite component");
    nn = normal ? sqrt(ac_dot3(normal, normal)) : 1.0;
    if (!(nn > 0.0)) return ac_fail(m, ALECABLE_EINVAL, "normal is zero");
    gn = sqrt(ac_dot3(m->gravity, m->gravity));
    if (!(gn > 0.0))
        return ac_fail(m, ALECABLE_ESTATE,
                       "the model has no gravity (alecable_model_set_gravity): nothing says where c sags");
    for (k = 0; k < 3; k++) {
        u[k] = m->gravity[k] / gn;
        if (normal) nrm[k] = normal[k] / nn;
    }
    na = c->nodes[0];
    nb = c->nodes[c->n_nodes - 1];
    memcpy(A, na->q, sizeof A);
    memcpy(B, nb->q, sizeof B);
    L = node_s(nb) - node_s(na);
    for (k = 0; k < 3; k++) d[k] = B[k] - A[k];
    dn = sqrt(ac_dot3(d, d));
    if (L <= dn) { /* taut: the chord, stretched alike */
        memcpy(X[0], A, sizeof X[0]);
        memcpy(X[1], A, sizeof X[1]);
        memcpy(X[2], A, sizeof X[2]);
        memcpy(X[3], B, sizeof X[3]);
    } else if (corners(A, B, u, L, normal ? point : NULL, nrm, X) < L * (1.0 - 1e-14)) {
        /* the plane cut the V: a longer V whose cut polyline is L long */
        double lo = L, hi = 2.0 * L;
        while (corners(A, B, u, hi, point, nrm, X) < L) {
            lo = hi;
            hi *= 2.0;
            if (hi > 1e6 * L)
                return ac_fail(m, ALECABLE_EINVAL,
                               "c's material length %.6g m is more than reaches down to the plane and back along "
                               "gravity: it cannot lie there unfolded",
                               L);
        }
        for (i = 0; i < 200 && hi - lo > 4.0 * DBL_EPSILON * hi; i++) {
            double mid = 0.5 * (lo + hi);
            if (corners(A, B, u, mid, point, nrm, X) < L) lo = mid;
            else hi = mid;
        }
        corners(A, B, u, hi, point, nrm, X);
    }
    cum[0] = 0.0;
    for (j = 0; j < 3; j++) {
        for (k = 0; k < 3; k++) seg[k] = X[j + 1][k] - X[j][k];
        cum[j + 1] = cum[j] + sqrt(ac_dot3(seg, seg));
    }
    /* the interior nodes at their material distance from A along the shape
     * (the taut chord: at their fraction of it), slopes along it */
    for (i = 1; i < c->n_nodes - 1; i++) {
        alecable_node *n = c->nodes[i];
        double sig = node_s(n) - node_s(na), x[3], t[3], f, tl;
        int st;
        if (L <= dn) sig = sig / L * cum[3];
        for (j = 0; j < 2 && (sig > cum[j + 1] || cum[j + 1] == cum[j]); j++) {}
        for (k = 0; k < 3; k++) t[k] = X[j + 1][k] - X[j][k];
        tl = sqrt(ac_dot3(t, t));
        f = tl > 0.0 ? (sig - cum[j]) / tl : 0.0;
        for (k = 0; k < 3; k++) {
            x[k] = X[j][k] + f * t[k];
            t[k] = tl > 0.0 ? t[k] / tl : 0.0;
        }
        if ((st = alecable_node_set(n, x, node_s(n)))) return st;
        if (c->kind == ALECABLE_ELEMENT_ANCF && tl > 0.0 && (st = alecable_node_set_slope(n, t))) return st;
    }
    return ALECABLE_OK;
}
