/* The sheave (issue 24): count consecutive nodes of one cable held on the
 * circle of a body, where on the circle left to the cable.
 *
 * In ALE, moving a node along the circle is (to the discretization) the
 * same motion as the material flowing through it, so where the nodes sit
 * is a choice of mesh, made by one equation per node; no unknowns are
 * added.  Per node i, in the body frame (u = R^T (x - x_b), y = u - c, the
 * circle's centre c, unit axis a and radius r):
 *   row 0: a . y_i = 0                        (in the circle's plane)
 *   row 1: (y_i . y_i - r^2) / (2 r) = 0      (on the circle; its multiplier
 *                                              is minus the normal force)
 *   row 2: the mesh: at the two boundary nodes the free span leaves along
 *          the tangent, an axial cable's chord to its free-span neighbour p
 *          perpendicular to the radius, (y_p - y_i) . y_i / r = 0, a C1
 *          cable's slope (ANCF, Kirchhoff: r'; SE(3): the frame's t1)
 *          perpendicular to it, w . y_i / r = 0; at interior nodes an even
 *          spread, (|y_(i+1) - y_i|^2 - |y_i - y_(i-1)|^2) / (2 r) = 0.
 * Written in the body frame, every equation is one function phi of a few
 * body-frame vectors u_m (node positions relative to the body, slopes,
 * frame axes), and the Jacobians come from the one rule of rotation.h:
 *   du_m = R^T dx_m - R^T dx_b + u_m^ dpsi_b     (a position)
 *   du_m = R^T dr'_m + u_m^ dpsi_b               (a slope)
 *   du_m = -R^T R_n e1^ dpsi_n + u_m^ dpsi_b     (an SE(3) frame's t1)
 * so each point has a 3 x n matrix D_m (du_m = D_m dq) and G = sum_m
 * grad_m phi^T D_m; the derivative of G^T lambda along the update adds
 * sum D_m^T H_mn D_n and the derivatives of the D_m themselves. */
#include "bodies.h"
#include "rotation.h"

#include <math.h>
#include <string.h>

#define SHEAVE_PI 3.14159265358979323846

enum { PT_POS = 0, PT_SLOPE = 1, PT_FRAME = 2 };
enum { MAXP = 3, NLOC = 3 * MAXP + 12 }; /* points, x_b, psi_b, the node's 3 rows, the s of the node and
                                             of the run's two outer neighbours (the released mesh) */

typedef struct sheave_ext {
    alecable_node *nb[2]; /* the free-span neighbours of nodes[0] and nodes[count - 1] */
    int reaction;         /* ALECABLE_SHEAVE_REACTION_*: where the mesh rows' multipliers act */
    int lift;             /* a potential contact, released and landed at the converged steps: 1 the whole run
                             together (statics only), 2 node by node (alecable_sheave_set_node_contact) */
    int active;           /* in contact (its history) */
    int dir;              /* +1 / -1: the way round of the wrap from nodes[0] */
    double allow;         /* released: the depth into the circle that does not land it (history); -1: unset */
    double *f;            /* released: each node's share of the material between nb[0] and nb[1] (history) */
    double *on;           /* node by node (history): 0 off the circle; on it 1, 2 after one pulling step, 3 landed at
                             the last commit (its first step on the circle to come) */
    int switched;         /* the last HIST_COMMIT ended a landing node's first step on the circle (not history: the
                             integrators read it right after the commit, ALECABLE_CONTACT_CLOSED from the commit) */
    int c1edge;           /* ALECABLE_SHEAVE_C1_EDGE_*: a C1 boundary's mesh reaction (c1_edge_reacts) */
} sheave_ext;

/* the points of node i's equations: P of them, kind, node */
typedef struct sheave_pts {
    int P, kind[MAXP];
    const alecable_node *node[MAXP];
} sheave_pts;

static int slope_kind(const alecable_node *n)
{
    return ac_node_is_se3(n) ? PT_FRAME : n->ndof >= 7 ? PT_SLOPE : PT_POS;
}

/* node i's points: itself, then the free-span neighbour (axial) or its own
 * slope (C1) at a boundary; its two neighbours inside */
static void node_points(const alecable_joint *j, int i, sheave_pts *s)
{
    const sheave_ext *x = (const sheave_ext *)j->ext;
    int boundary = i == 0 || i == j->count - 1;
    s->kind[0] = PT_POS;
    s->node[0] = j->nodes[i];
    if (boundary) {
        int k = slope_kind(j->nodes[i]);
        s->P = 2;
        s->kind[1] = k;
        s->node[1] = k == PT_POS ? x->nb[i == 0 ? 0 : 1] : j->nodes[i];
    } else {
        s->P = 3;
        s->kind[1] = s->kind[2] = PT_POS;
        s->node[1] = j->nodes[i - 1];
        s->node[2] = j->nodes[i + 1];
    }
}

static void local_dofs(const alecable_joint *j, int i, const sheave_pts *s, int nq, int *d)
{
    int m, k;
    for (m = 0; m < s->P; m++)
        for (k = 0; k < 3; k++) d[3 * m + k] = s->node[m]->dof0 + (s->kind[m] == PT_POS ? 0 : 3) + k;
    for (k = 0; k < 3; k++) {
        d[3 * s->P + k] = j->b->node.dof0 + k;
        d[3 * s->P + 3 + k] = j->b->node.dof0 + 3 + k;
        d[3 * s->P + 6 + k] = nq + j->row0 + 3 * i + k;
    }
    d[3 * s->P + 9] = node_sdof(j->nodes[i]);
    d[3 * s->P + 10] = node_sdof(((const sheave_ext *)j->ext)->nb[0]);
    d[3 * s->P + 11] = node_sdof(((const sheave_ext *)j->ext)->nb[1]);
}

static int nloc(const sheave_pts *s) { return 3 * s->P + 12; }

/* the equations of node i and their derivatives in the u_m: phi[e],
 * grad[e][m][3], H[e][m][n][9] (symmetric in (m, n)) */
typedef struct sheave_eq {
    double phi[3], grad[3][MAXP][3], H[3][MAXP][MAXP][9];
} sheave_eq;

static void node_equations(const alecable_joint *j, int i, const sheave_pts *s, double u[MAXP][3], sheave_eq *E)
{
    const double r = j->radius, *a = j->axis, *c = j->centre;
    double y[3];
    int k;
    memset(E, 0, sizeof *E);
    for (k = 0; k < 3; k++) y[k] = u[0][k] - c[k];
    E->phi[0] = dot3v(a, y);
    E->phi[1] = (dot3v(y, y) - r * r) / (2.0 * r);
    for (k = 0; k < 3; k++) {
        E->grad[0][0][k] = a[k];
        E->grad[1][0][k] = y[k] / r;
        E->H[1][0][0][4 * k] = 1.0 / r;
    }
    if (s->P == 2 && s->kind[1] == PT_POS) { /* (u_p - u_i) . y / r */
        double dp[3];
        for (k = 0; k < 3; k++) dp[k] = u[1][k] - u[0][k];
        E->phi[2] = dot3v(dp, y) / r;
        for (k = 0; k < 3; k++) {
            E->grad[2][0][k] = (dp[k] - y[k]) / r;
            E->grad[2][1][k] = y[k] / r;
            E->H[2][0][0][4 * k] = -2.0 / r;
            E->H[2][0][1][4 * k] = E->H[2][1][0][4 * k] = 1.0 / r;
        }
    } else if (s->P == 2) { /* w . y / r */
        E->phi[2] = dot3v(u[1], y) / r;
        for (k = 0; k < 3; k++) {
            E->grad[2][0][k] = u[1][k] / r;
            E->grad[2][1][k] = y[k] / r;
            E->H[2][0][1][4 * k] = E->H[2][1][0][4 * k] = 1.0 / r;
        }
    } else { /* (|u_+ - u_i|^2 - |u_i - u_-|^2) / (2 r), u_- = u[1], u_+ = u[2] */
        double dm[3], dp[3];
        for (k = 0; k < 3; k++) {
            dm[k] = u[0][k] - u[1][k];
            dp[k] = u[2][k] - u[0][k];
        }
        E->phi[2] = (dot3v(dp, dp) - dot3v(dm, dm)) / (2.0 * r);
        for (k = 0; k < 3; k++) {
            E->grad[2][0][k] = (-dp[k] - dm[k]) / r;
            E->grad[2][1][k] = dm[k] / r;
            E->grad[2][2][k] = dp[k] / r;
            E->H[2][0][0][4 * k] = 0.0;               /* d(-dp - dm)/du_i = I - I */
            E->H[2][0][1][4 * k] = E->H[2][1][0][4 * k] = 1.0 / r;
            E->H[2][0][2][4 * k] = E->H[2][2][0][4 * k] = -1.0 / r;
            E->H[2][1][1][4 * k] = -1.0 / r;
            E->H[2][2][2][4 * k] = 1.0 / r;
        }
    }
    (void)i;
}

/* A C1 boundary (ANCF, Kirchhoff: its slope; SE(3): its frame's t1) and
 * its mesh row w . y / r = 0.  Its own gradient (ALECABLE_SHEAVE_C1_EDGE_SLOPE)
 * holds the slope on the tangent with a moment, the bending moment's
 * jump there: the row then holds wherever the node sits on the arc (the
 * rod is tangent all along it), and the node's place is left to the
 * discretization.  A frictionless rigid sheave puts no moment on the rod:
 * at the edge of contact the slope and the curvature are continuous
 * (the configurational condition of the unilateral contact, Eshelby's
 * force on the edge zero).  With ALECABLE_SHEAVE_C1_EDGE_FREE (the
 * default) the row's reaction is a force on the node along the circle's
 * tangent, as the tangent mesh reaction's: the slope is left to the bending equilibrium
 * (the moment continuous), and the row, slope along the tangent, then
 * says where the free span's curvature meets the arc's, the edge of an
 * Euler-Bernoulli rod (its multiplier, the tangential force that holds the
 * node there, is the discretization's). */
static int c1_edge_reacts(const sheave_ext *x, const sheave_pts *s)
{
    return s->P == 2 && s->kind[1] != PT_POS && x->c1edge == ALECABLE_SHEAVE_C1_EDGE_FREE;
}

/* 1 when the mesh row of a node with points s reacts along the circle's
 * tangent instead of its gradient (node_reactions) */
static int mesh_row_tangent(const sheave_ext *x, const sheave_pts *s)
{
    return c1_edge_reacts(x, s) ||
           (x->reaction == ALECABLE_SHEAVE_REACTION_TANGENT && !(s->P == 2 && s->kind[1] != PT_POS));
}

/* The rows' reactions: rows 0 and 1 (plane, circle) are ideal, their
 * reaction is their own gradient.  The mesh row's is too by default
 * (ALECABLE_SHEAVE_REACTION_GRADIENT: an ideal constraint, the energy kept
 * exactly, but at a boundary it pushes the free-span neighbour across the
 * span, so a span of several elements is kinked at its first free node).
 * With ALECABLE_SHEAVE_REACTION_TANGENT the mesh row's reaction (at an
 * axial boundary and at interior nodes) is a force
 * on the node alone along the circle's tangent there, (a x y) / r: the one
 * direction the node can still move in, which the mesh row alone chooses,
 * so the multiplier is the force that holds the node where the mesh puts
 * it.  It enters no other node's balance (the free span stays straight and
 * leaves at its own tangent point), no material-coordinate row (the
 * tension stays uniform across a frictionless boundary), and it does no
 * work on material flowing through a node that stands still: its power is
 * lambda r dtheta/dt of the node's own travel along the circle (the chord
 * polygon's O(dtheta^2) length deficit changing with the wrap angle).
 * W holds the reactions' gradients in the u_m as E does the equations'. */
static void node_reactions(const alecable_joint *j, const sheave_pts *s, double u[MAXP][3], const sheave_eq *E,
                           sheave_eq *W)
{
    const sheave_ext *x = (const sheave_ext *)j->ext;
    const double r = j->radius, *a = j->axis, *c = j->centre;
    double y[3], t[3];
    int k;
    *W = *E;
    /* a C1 boundary's row (the node's own slope or frame) reacts on the
     * node's own dofs already: it pushes no neighbour, and its moment on
     * the slope is the bending moment's jump there (c1_edge_reacts: or a
     * tangential force on the node) */
    if (!mesh_row_tangent(x, s)) return;
    memset(W->grad[2], 0, sizeof W->grad[2]);
    memset(W->H[2], 0, sizeof W->H[2]);
    for (k = 0; k < 3; k++) y[k] = u[0][k] - c[k];
    cross3(a, y, t);
    for (k = 0; k < 3; k++) W->grad[2][0][k] = t[k] / r;
    /* d(a x y)/dy = a^ */
    W->H[2][0][0][1] = -a[2] / r, W->H[2][0][0][2] = a[1] / r;
    W->H[2][0][0][3] = a[2] / r, W->H[2][0][0][5] = -a[0] / r;
    W->H[2][0][0][6] = -a[1] / r, W->H[2][0][0][7] = a[0] / r;
}

/* the spatial vector z_m of a point (position relative to the body origin,
 * slope, frame axis t1), and R_n for a frame */
static void point_vector(const alecable_joint *j, const sheave_pts *s, int m, const double *q, double z[3], double Rn[9])
{
    const double *xn = q + s->node[m]->dof0;
    int k;
    if (s->kind[m] == PT_POS) {
        for (k = 0; k < 3; k++) z[k] = xn[k] - q[j->b->node.dof0 + k];
    } else if (s->kind[m] == PT_SLOPE) {
        for (k = 0; k < 3; k++) z[k] = xn[3 + k];
    } else {
        el_se3_node_rotation(ac_node_chart(s->node[m]), xn + 3, Rn);
        for (k = 0; k < 3; k++) z[k] = Rn[3 * k];
    }
}

/* everything node i needs: the points, u_m, D_m (3 x NLOC, row-major), R_n */
typedef struct sheave_local {
    sheave_pts s;
    int n;
    double R[9], u[MAXP][3], z[MAXP][3], Rn[MAXP][9], D[MAXP][3 * NLOC];
} sheave_local;

static void local_geometry(const alecable_joint *j, int i, const double *q, const double R[9], sheave_local *L)
{
    int m, a, b, k, pb;
    node_points(j, i, &L->s);
    L->n = nloc(&L->s);
    pb = 3 * L->s.P;
    memcpy(L->R, R, sizeof L->R);
    memset(L->D, 0, sizeof L->D);
    for (m = 0; m < L->s.P; m++) {
        double U[9];
        point_vector(j, &L->s, m, q, L->z[m], L->Rn[m]);
        rot_tmul(R, L->z[m], L->u[m]);
        rot_hat(L->u[m], U);
        for (a = 0; a < 3; a++) {
            double *row = L->D[m] + a * NLOC;
            for (b = 0; b < 3; b++) {
                row[pb + 3 + b] = U[3 * a + b];
                if (L->s.kind[m] == PT_FRAME) { /* -(R^T R_n e1^)[a][b] */
                    double Me = 0.0;
                    for (k = 0; k < 3; k++) { /* (R^T R_n)[a][k] e1^[k][b]: e1^ = [0 0 0; 0 0 -1; 0 1 0] */
                        double RtRn = R[a] * L->Rn[m][k] + R[3 + a] * L->Rn[m][3 + k] + R[6 + a] * L->Rn[m][6 + k];
                        double e1h = (k == 1 && b == 2) ? -1.0 : (k == 2 && b == 1) ? 1.0 : 0.0;
                        Me += RtRn * e1h;
                    }
                    row[3 * m + b] = -Me;
                } else {
                    row[3 * m + b] = R[3 * b + a]; /* R^T */
                    if (L->s.kind[m] == PT_POS) row[pb + b] = -R[3 * b + a];
                }
            }
        }
    }
}

/* ---- pattern and maps ---------------------------------------------------------- */

static int sheave_pattern(const alecable_joint *j, sp_builder *bld, int nq)
{
    int d[NLOC], i, st;
    for (i = 0; i < j->count; i++) {
        sheave_pts s;
        node_points(j, i, &s);
        local_dofs(j, i, &s, nq, d);
        if ((st = sp_builder_add_block(bld, d, nloc(&s)))) return st;
    }
    return 0;
}

static int sheave_maps(alecable_model *m, alecable_joint *j, const sp_pattern *p, int nq)
{
    int d[NLOC], i, k;
    j->map = (int *)ac_malloc(&m->alloc, (size_t)(j->count * NLOC * NLOC) * sizeof(int));
    if (!j->map) return -1;
    for (i = 0; i < j->count; i++) {
        sheave_pts s;
        node_points(j, i, &s);
        local_dofs(j, i, &s, nq, d);
        sp_block_map(p, d, nloc(&s), j->map + i * NLOC * NLOC);
        for (k = 0; k < nloc(&s) * nloc(&s); k++)
            if (j->map[i * NLOC * NLOC + k] < 0) return -1;
    }
    return 0;
}

/* ---- residual and Jacobian ------------------------------------------------------ */

/* G_e = sum_m grad_em^T D_m over the first 3 P + 6 local columns */
static void rows_G(const sheave_local *L, const sheave_eq *E, double G[3][NLOC])
{
    int e, m, a, k, nc = 3 * L->s.P + 6;
    memset(G, 0, 3 * NLOC * sizeof(double));
    for (e = 0; e < 3; e++)
        for (m = 0; m < L->s.P; m++)
            for (a = 0; a < 3; a++)
                if (E->grad[e][m][a] != 0.0)
                    for (k = 0; k < nc; k++) G[e][k] += E->grad[e][m][a] * L->D[m][a * NLOC + k];
}

/* Released (a potential contact out of contact): rows 0 and 1 read
 * lambda = 0, row 2 keeps the node's s at its share of the material between
 * the run's outer neighbours a, b, s_i - (1 - f) s_a - f s_b = 0, f the
 * share at the release (history): an equation in s alone (ideal: its reaction is on the
 * material coordinates only), so the mesh, not the physics, spreads the
 * released nodes along the free span */
static double share(const alecable_joint *j, int i) { return ((const sheave_ext *)j->ext)->f[i]; }

static void node_eval_released(const alecable_joint *j, int i, const double *q, const double *lam, double *r, int nq,
                               double cq, double *values, int rows01)
{
    sheave_pts s;
    int d[NLOC], nc, nl, k;
    const double f = share(j, i), c[3] = {1.0, -(1.0 - f), -f};
    node_points(j, i, &s);
    local_dofs(j, i, &s, nq, d);
    nc = 3 * s.P + 6;
    nl = nloc(&s);
    if (r) {
        if (rows01) {
            r[d[nc]] = lam[0];
            r[d[nc + 1]] = lam[1];
        }
        r[d[nc + 2]] = q[d[nc + 3]] + c[1] * q[d[nc + 4]] + c[2] * q[d[nc + 5]];
        for (k = 0; k < 3; k++) r[d[nc + 3 + k]] += c[k] * lam[2];
    }
    if (values) {
        const int *map = j->map + i * NLOC * NLOC;
        if (rows01) { /* derivatives in the multipliers divided by cq: an implicit integrator's unknown is
                       * s c dlambda, cq = s c (implicit.c; 1 in statics, 0 at the acceleration level) */
            const double dl = cq > 0.0 ? 1.0 / cq : 1.0;
            values[map[nc * nl + nc]] += dl;
            values[map[(nc + 1) * nl + nc + 1]] += dl;
        }
        for (k = 0; k < 3; k++) {
            values[map[(nc + 2) * nl + nc + 3 + k]] += c[k];
            values[map[(nc + 3 + k) * nl + nc + 2]] += c[k];
        }
    }
}

/* nrows 3: the three rows; 2: rows 0 and 1 only (a node on the circle in
 * node-by-node contact; its row 2 is the released one's, lam[2] unread) */
static void node_eval(const alecable_joint *j, int i, const double *q, const double *lam_in, const double R[9],
                      double *r, int nq, double cq, double *values, int nrows)
{
    const double lam[3] = {lam_in[0], lam_in[1], nrows == 3 ? lam_in[2] : 0.0};
    sheave_local L;
    sheave_eq E, Wr;
    double G[3][NLOC], GW[3][NLOC], Lam[MAXP][3];
    int d[NLOC], e, m, n, a, b, k, nc, pb;
    local_geometry(j, i, q, R, &L);
    node_equations(j, i, &L.s, L.u, &E);
    node_reactions(j, &L.s, L.u, &E, &Wr);
    rows_G(&L, &E, G);
    rows_G(&L, &Wr, GW);
    nc = 3 * L.s.P + 6;
    pb = 3 * L.s.P;
    local_dofs(j, i, &L.s, nq, d);
    if (r) {
        for (k = 0; k < nc; k++) r[d[k]] += lam[0] * GW[0][k] + lam[1] * GW[1][k] + lam[2] * GW[2][k];
        for (e = 0; e < nrows; e++) r[d[nc + e]] = E.phi[e];
    }
    if (values) {
        double K[NLOC * NLOC], HL[9];
        const int *map = j->map + i * NLOC * NLOC;
        int nl = L.n;
        memset(K, 0, sizeof K);
        for (m = 0; m < L.s.P; m++)
            for (a = 0; a < 3; a++)
                Lam[m][a] = lam[0] * Wr.grad[0][m][a] + lam[1] * Wr.grad[1][m][a] + lam[2] * Wr.grad[2][m][a];
        for (e = 0; e < nrows; e++)
            for (k = 0; k < nc; k++) {
                K[k * nl + nc + e] = GW[e][k];
                K[(nc + e) * nl + k] = G[e][k];
            }
        /* sum_mn D_m^T (sum_e lam_e H_emn) D_n (H_emn[3 a + c] = d grad_em[a] / d u_n[c]: the
         * tangent reaction's is not symmetric) */
        for (m = 0; m < L.s.P; m++)
            for (n = 0; n < L.s.P; n++) {
                double DH[3 * NLOC]; /* (H D_n), 3 x nc */
                int any = 0;
                for (k = 0; k < 9; k++) {
                    HL[k] = lam[0] * Wr.H[0][m][n][k] + lam[1] * Wr.H[1][m][n][k] + lam[2] * Wr.H[2][m][n][k];
                    any |= HL[k] != 0.0;
                }
                if (!any) continue;
                for (a = 0; a < 3; a++)
                    for (k = 0; k < nc; k++)
                        DH[a * NLOC + k] = HL[3 * a] * L.D[n][k] + HL[3 * a + 1] * L.D[n][NLOC + k] +
                                           HL[3 * a + 2] * L.D[n][2 * NLOC + k];
                for (k = 0; k < nc; k++)
                    for (b = 0; b < nc; b++)
                        K[k * nl + b] += cq * (L.D[m][k] * DH[b] + L.D[m][NLOC + k] * DH[NLOC + b] +
                                               L.D[m][2 * NLOC + k] * DH[2 * NLOC + b]);
            }
        /* the D_m's own derivatives, with Lambda_m fixed */
        for (m = 0; m < L.s.P; m++) {
            double Lh[9], RLh[9];
            rot_hat(Lam[m], Lh);
            /* rows psi_b: Lambda^ D_m */
            for (a = 0; a < 3; a++)
                for (k = 0; k < nc; k++)
                    K[(pb + 3 + a) * nl + k] += cq * (Lh[3 * a] * L.D[m][k] + Lh[3 * a + 1] * L.D[m][NLOC + k] +
                                                      Lh[3 * a + 2] * L.D[m][2 * NLOC + k]);
            mat3_mul(L.R, Lh, RLh);
            if (L.s.kind[m] != PT_FRAME) { /* rows m: R Lambda -> -R Lambda^ dpsi_b; rows x_b the opposite */
                for (a = 0; a < 3; a++)
                    for (b = 0; b < 3; b++) {
                        K[(3 * m + a) * nl + pb + 3 + b] -= cq * RLh[3 * a + b];
                        if (L.s.kind[m] == PT_POS) K[(pb + a) * nl + pb + 3 + b] += cq * RLh[3 * a + b];
                    }
            } else { /* rows psi_n: e1^ y, y = R_n^T R Lambda: d = e1^ (-R_n^T R Lambda^ dpsi_b + y^ dpsi_n) */
                double RL[3], y[3], Y[9], E1[9], A[9], B[9], C[9];
                const double e1[3] = {1, 0, 0};
                rot_mul(L.R, Lam[m], RL);
                rot_tmul(L.Rn[m], RL, y);
                rot_hat(y, Y);
                rot_hat(e1, E1);
                for (a = 0; a < 3; a++) /* A = R_n^T R Lambda^ */
                    for (b = 0; b < 3; b++)
                        A[3 * a + b] = L.Rn[m][a] * RLh[b] + L.Rn[m][3 + a] * RLh[3 + b] + L.Rn[m][6 + a] * RLh[6 + b];
                mat3_mul(E1, A, B);
                mat3_mul(E1, Y, C);
                for (a = 0; a < 3; a++)
                    for (b = 0; b < 3; b++) {
                        K[(3 * m + a) * nl + pb + 3 + b] -= cq * B[3 * a + b];
                        K[(3 * m + a) * nl + 3 * m + b] += cq * C[3 * a + b];
                    }
            }
        }
        for (k = 0; k < nl * nl; k++)
            if (K[k] != 0.0) values[map[k]] += K[k];
    }
}

static void sheave_eval(const alecable_joint *j, double t, const double *q, const double *v, const double *lambda,
                        double *r, int nq, double cq, double cv, double *values)
{
    double R[9];
    int i;
    (void)t;
    (void)v;
    (void)cv;
    body_rotation(j->b, q, R);
    for (i = 0; i < j->count; i++) {
        const sheave_ext *x = (const sheave_ext *)j->ext;
        const double *lam = lambda + j->row0 + 3 * i;
        if (x->lift == 2) { /* node by node: on the circle or not, row 2 the material share */
            if (x->on[i] != 0.0) node_eval(j, i, q, lam, R, r, nq, cq, values, 2);
            node_eval_released(j, i, q, lam, r, nq, cq, values, x->on[i] == 0.0);
        } else if (x->active)
            node_eval(j, i, q, lam, R, r, nq, cq, values, 3);
        else
            node_eval_released(j, i, q, lam, r, nq, cq, values, 1);
    }
}

/* gdot = G v = sum_m grad_m . du_m/dt, du_m/dt = D_m v; gamma = the part of
 * d2g/dt2 the accelerations do not carry: sum_m grad_m . kappa_m + sum_mn
 * du_m/dt^T H_mn du_n/dt, kappa_m = -Omega x (du_m/dt + R^T dz_m/dt) (plus
 * R^T R_n (w x (w x e1)) for a frame's t1, w its angular velocity) */
static void sheave_rates(const alecable_joint *j, double t, const double *q, const double *v, double *gdot,
                         double *gamma)
{
    double R[9];
    int i, nc;
    (void)t;
    body_rotation(j->b, q, R);
    for (i = 0; i < j->count; i++) {
        sheave_local L;
        sheave_eq E;
        double ud[MAXP][3], ka[MAXP][3], vl[NLOC];
        const sheave_ext *xs = (const sheave_ext *)j->ext;
        int nr = 3;
        if (xs->lift == 2 ? xs->on[i] == 0.0 : !xs->active) { /* released: rows 0, 1 none; row 2 linear in s */
            sheave_pts sp;
            int dd[NLOC];
            const double f = share(j, i);
            node_points(j, i, &sp);
            local_dofs(j, i, &sp, 0, dd);
            nc = 3 * sp.P + 6;
            gdot[j->row0 + 3 * i] = gdot[j->row0 + 3 * i + 1] = 0.0;
            gdot[j->row0 + 3 * i + 2] = v[dd[nc + 3]] - (1.0 - f) * v[dd[nc + 4]] - f * v[dd[nc + 5]];
            gamma[j->row0 + 3 * i] = gamma[j->row0 + 3 * i + 1] = gamma[j->row0 + 3 * i + 2] = 0.0;
            continue;
        }
        const double *W = v + j->b->node.dof0 + 3;
        int d[NLOC], e, m, n, a, k;
        local_geometry(j, i, q, R, &L);
        node_equations(j, i, &L.s, L.u, &E);
        local_dofs(j, i, &L.s, 0, d);
        nc = 3 * L.s.P + 6;
        for (k = 0; k < nc; k++) vl[k] = v[d[k]];
        for (m = 0; m < L.s.P; m++) {
            double zd[3], Rz[3], sum[3];
            for (a = 0; a < 3; a++) {
                ud[m][a] = 0.0;
                for (k = 0; k < nc; k++) ud[m][a] += L.D[m][a * NLOC + k] * vl[k];
            }
            if (L.s.kind[m] == PT_FRAME) { /* dz/dt = R_n (w x e1) */
                const double e1[3] = {1, 0, 0};
                double we[3], wwe[3], x2[3];
                cross3(vl + 3 * m, e1, we);
                cross3(vl + 3 * m, we, wwe);
                rot_mul(L.Rn[m], we, zd);
                rot_mul(L.Rn[m], wwe, x2);
                rot_tmul(R, x2, ka[m]);
            } else {
                for (a = 0; a < 3; a++) zd[a] = vl[3 * m + a] - (L.s.kind[m] == PT_POS ? vl[3 * L.s.P + a] : 0.0);
                ka[m][0] = ka[m][1] = ka[m][2] = 0.0;
            }
            rot_tmul(R, zd, Rz);
            for (a = 0; a < 3; a++) sum[a] = ud[m][a] + Rz[a];
            cross3(W, sum, Rz);
            for (a = 0; a < 3; a++) ka[m][a] -= Rz[a];
        }
        if (xs->lift == 2) { /* on the circle, node by node: row 2 is the material share */
            sheave_pts sp;
            int dd[NLOC];
            const double f = share(j, i);
            node_points(j, i, &sp);
            local_dofs(j, i, &sp, 0, dd);
            nc = 3 * sp.P + 6;
            gdot[j->row0 + 3 * i + 2] = v[dd[nc + 3]] - (1.0 - f) * v[dd[nc + 4]] - f * v[dd[nc + 5]];
            gamma[j->row0 + 3 * i + 2] = 0.0;
            nr = 2;
        }
        for (e = 0; e < nr; e++) {
            double gd = 0.0, ga = 0.0;
            for (m = 0; m < L.s.P; m++) {
                gd += dot3v(E.grad[e][m], ud[m]);
                ga += dot3v(E.grad[e][m], ka[m]);
                for (n = 0; n < L.s.P; n++) {
                    double Hu[3];
                    rot_mul(E.H[e][m][n], ud[n], Hu);
                    ga += dot3v(ud[m], Hu);
                }
            }
            gdot[j->row0 + 3 * i + e] = gd;
            gamma[j->row0 + 3 * i + e] = ga;
        }
    }
}

/* The power the reactions supply beyond the ideal ones, lambda . (G - W) v
 * (alecable_problem.reaction_power): only a mesh row that reacts along the
 * tangent (node_reactions) differs from its gradient, by lambda (grad phi
 * . du/dt - (a x y) / r . du_0/dt), the work lambda r dtheta/dt on the
 * node's travel less what its equation's rate holds; rows 0 and 1 are
 * ideal, and so is row 2 of a released node or of one held node by node
 * (the material share: node_eval reads no mesh multiplier there). */
static double sheave_power(const alecable_joint *j, const double *q, const double *v, const double *lambda)
{
    const sheave_ext *x = (const sheave_ext *)j->ext;
    double R[9], P = 0.0;
    int i;
    if (x->lift == 2 || !x->active) return 0.0;
    body_rotation(j->b, q, R);
    for (i = 0; i < j->count; i++) {
        sheave_local L;
        sheave_eq E, Wr;
        double G[3][NLOC], GW[3][NLOC], p = 0.0;
        int d[NLOC], k, nc;
        node_points(j, i, &L.s);
        if (!mesh_row_tangent(x, &L.s)) continue;
        local_geometry(j, i, q, R, &L);
        node_equations(j, i, &L.s, L.u, &E);
        node_reactions(j, &L.s, L.u, &E, &Wr);
        rows_G(&L, &E, G);
        rows_G(&L, &Wr, GW);
        local_dofs(j, i, &L.s, 0, d);
        nc = 3 * L.s.P + 6;
        for (k = 0; k < nc; k++) p += (G[2][k] - GW[2][k]) * v[d[k]];
        P += lambda[j->row0 + 3 * i + 2] * p;
    }
    return P;
}

/* at finalize: the mesh equations move nodes along the circle by moving
 * the material through them, which a Lagrangian cable cannot */
static int sheave_check(alecable_model *m, const alecable_joint *j)
{
    if (j->nodes[0]->cable->lagrangian)
        return ac_fail(m, ALECABLE_ESTATE, "a sheave holds nodes of a Lagrangian cable: the sheave finds the contact "
                       "region by letting material flow through its nodes (alecable_cable_set_lagrangian(c, 0))");
    return ALECABLE_OK;
}

/* ---- lift-off and landing (a potential contact) ------------------------------------ */

/* the body-frame in-plane vector from the centre to a node, at q */
static void plane_vec(const alecable_joint *j, const double *q, const double R[9], const alecable_node *n, double w[2])
{
    double z[3], y[3], e2[3];
    int k;
    for (k = 0; k < 3; k++) z[k] = q[n->dof0 + k] - q[j->b->node.dof0 + k];
    rot_tmul(R, z, y);
    for (k = 0; k < 3; k++) y[k] -= j->centre[k];
    cross3(j->axis, j->ref, e2);
    w[0] = dot3v(y, j->ref);
    w[1] = dot3v(y, e2);
}

/* the wrap angle from nodes[0] to nodes[count - 1], signed along dir */
static double signed_wrap(const alecable_joint *j, const double *q, const double R[9])
{
    double w[2], prev, sum = 0.0;
    int i;
    plane_vec(j, q, R, j->nodes[0], w);
    prev = atan2(w[1], w[0]);
    for (i = 1; i < j->count; i++) {
        double th;
        plane_vec(j, q, R, j->nodes[i], w);
        th = atan2(w[1], w[0]);
        sum += remainder(th - prev, 2.0 * SHEAVE_PI);
        prev = th;
    }
    return sum * ((const sheave_ext *)j->ext)->dir;
}

/* the least in-plane distance from the centre to the polygon a, nodes, b,
 * and (in *dir) the way the polygon turns about the axis round the centre */
static double polygon_clearance(const alecable_joint *j, const double *q, const double R[9], int *dir)
{
    const sheave_ext *x = (const sheave_ext *)j->ext;
    double p0[2], p1[2], best = INFINITY, turn = 0.0;
    int i;
    plane_vec(j, q, R, x->nb[0], p0);
    for (i = 0; i <= j->count; i++) {
        double d[2], t, c[2], dd;
        plane_vec(j, q, R, i < j->count ? j->nodes[i] : x->nb[1], p1);
        d[0] = p1[0] - p0[0], d[1] = p1[1] - p0[1];
        dd = d[0] * d[0] + d[1] * d[1];
        t = dd > 0.0 ? -(p0[0] * d[0] + p0[1] * d[1]) / dd : 0.0;
        t = t < 0.0 ? 0.0 : t > 1.0 ? 1.0 : t;
        c[0] = p0[0] + t * d[0], c[1] = p0[1] + t * d[1];
        if (hypot(c[0], c[1]) < best) best = hypot(c[0], c[1]);
        turn += p0[0] * p1[1] - p0[1] * p1[0]; /* > 0: round the centre counterclockwise, angles grow */
        p0[0] = p1[0], p0[1] = p1[1];
    }
    *dir = turn > 0.0 ? 1 : -1;
    return best;
}

/* Released when the wrap angle falls below theta_r = 1e-4 rad or the cable
 * pulls on the sheave (the normal forces' sum below zero).  The wrap
 * cannot be followed to zero: its chords and their material shrink with
 * it (with 4 chords the solves, stepped towards zero wrap, lose accuracy
 * below 1e-4 rad: the tension to 2e-8).  Released at theta_r, the span
 * straightens: its length changes by O(theta_r^2) of the span, the
 * tension by EA theta_r^2 / 2 at most, and it may pass into the circle by
 * theta_r times its length, delta_0 (measured at the first converged state
 * after the release).  Landed when the polygon a, nodes, b reaches deeper
 * than 2 delta_0 (else it would land at once again), or, once it has been
 * clear of the circle, as soon as it reaches in. */
static double release_angle(const alecable_joint *j)
{
    (void)j;
    return 1e-4;
}

static int sheave_history(alecable_joint *j, int op, double *buf, const double *q, const double *lambda, double t)
{
    sheave_ext *x = (sheave_ext *)j->ext;
    double R[9];
    (void)t;
    int i;
    if (op == HIST_SIZE) return 2 + 2 * j->count;
    if (op == HIST_GET) {
        buf[0] = x->active;
        buf[1] = x->allow;
        for (i = 0; i < j->count; i++) buf[2 + i] = x->f[i];
        for (i = 0; i < j->count; i++) buf[2 + j->count + i] = x->on[i];
        return ALECABLE_OK;
    }
    if (op == HIST_SET) {
        x->switched = 0;
        x->active = buf[0] != 0.0;
        x->allow = buf[1];
        for (i = 0; i < j->count; i++) x->f[i] = buf[2 + i];
        for (i = 0; i < j->count; i++) x->on[i] = buf[2 + j->count + i];
        return ALECABLE_OK;
    }
    x->switched = 0;
    if (!x->lift) return ALECABLE_OK;
    body_rotation(j->b, q, R);
    if (x->lift == 2) {
        x->active = 0;
        for (i = 0; i < j->count; i++) {
            if (x->on[i] != 0.0) { /* the cable pulls the node off: at two converged steps in a row */
                x->switched |= x->on[i] == 3.0; /* its first step on the circle is taken */
                if (!(lambda[j->row0 + 3 * i + 1] > 0.0)) x->on[i] = 1.0;
                else x->on[i] = x->on[i] == 2.0 ? 0.0 : 2.0;
            } else {
                double w[2];
                plane_vec(j, q, R, j->nodes[i], w);
                if (hypot(w[0], w[1]) < j->radius) x->on[i] = 3.0; /* reached into the circle: landing */
            }
            x->active |= x->on[i] != 0.0;
        }
        return ALECABLE_OK;
    }
    if (x->active) {
        double N = 0.0, sa = q[node_sdof(x->nb[0])], sb = q[node_sdof(x->nb[1])];
        for (i = 0; i < j->count; i++) N -= lambda[j->row0 + 3 * i + 1];
        if (signed_wrap(j, q, R) < release_angle(j) || N < 0.0) {
            x->active = 0;
            x->allow = -1.0;
            for (i = 0; i < j->count; i++) x->f[i] = (q[node_sdof(j->nodes[i])] - sa) / (sb - sa);
        }
    } else {
        int dir;
        double depth = j->radius - polygon_clearance(j, q, R, &dir);
        if (x->allow < 0.0)
            x->allow = depth > 0.0 ? 2.0 * depth : 0.0;
        else if (depth > x->allow && depth > 1e-9 * j->radius) { /* a span on its tangent line stays off */
            x->active = 1;
            x->dir = dir;
        } else if (depth < 0.0)
            x->allow = 0.0;
    }
    return ALECABLE_OK;
}

const joint_ops joint_sheave_ops = {sheave_pattern, sheave_maps, sheave_eval, NULL, sheave_rates, NULL, sheave_check,
                                    sheave_history, sheave_power};

/* ---- creation and queries --------------------------------------------------------- */

/* alecable_sheave(), and with initial_angles NULL alecable_sheave_potential():
 * released, the nodes left where they are, lift-off on */
static int sheave_make(alecable_joint **out, alecable_model *m, alecable_body *b, const alecable_pulley_params *p,
                       int count, alecable_node *const nodes[], const double initial_angles[])
{
    alecable_joint *j;
    alecable_cable *cb;
    sheave_ext *ext;
    double a[3], u[3], v[3], R[9], turn;
    alecable_node *nb[2];
    int st, i, k, dir;
    if ((st = ac_check_model(m))) return st;
    if (out) *out = NULL;
    if ((st = body_check(m, b, "body"))) return st;
    if (!p || !nodes) return ac_fail(m, ALECABLE_ENULL, "params or nodes is NULL");
    if ((st = pulley_circle_frame(m, p, a, u, v))) return st;
    if (count < 2) return ac_fail(m, ALECABLE_EINVAL, "count = %d: a sheave holds at least 2 nodes (its two contact "
                                  "boundaries)", count);
    for (i = 0; i < count; i++) {
        if ((st = ac_check_node(m, nodes[i], "nodes[i]"))) return st;
        if (!nodes[i]->cable) return ac_fail(m, ALECABLE_EINVAL, "nodes[%d] is a body's node, not a cable node", i);
        if (nodes[i]->cable != nodes[0]->cable)
            return ac_fail(m, ALECABLE_EINVAL, "nodes[%d] is not on the cable of nodes[0]: a sheave holds one cable", i);
        if (initial_angles && !isfinite(initial_angles[i]))
            return ac_fail(m, ALECABLE_EINVAL, "initial_angles[%d] is not finite", i);
    }
    cb = nodes[0]->cable;
    dir = nodes[1]->index - nodes[0]->index;
    if (dir != 1 && dir != -1)
        return ac_fail(m, ALECABLE_EINVAL, "nodes[1] (node %d) does not follow nodes[0] (node %d) on the cable: a "
                       "sheave holds consecutive nodes", nodes[1]->index, nodes[0]->index);
    for (i = 1; i < count; i++)
        if (nodes[i]->index != nodes[0]->index + i * dir)
            return ac_fail(m, ALECABLE_EINVAL, "nodes[%d] (node %d) is not the next node of the cable after nodes[%d] "
                           "(node %d): a sheave holds consecutive nodes", i, nodes[i]->index, i - 1,
                           nodes[i - 1]->index);
    for (k = 0; k < 2; k++) {
        int idx = k == 0 ? nodes[0]->index - dir : nodes[count - 1]->index + dir;
        if (idx < 0 || idx >= cb->n_nodes)
            return ac_fail(m, ALECABLE_EINVAL, "nodes[%d] (node %d) is an end of its cable: a contact boundary needs "
                           "the free span beyond it (a node of the cable outside the sheave)",
                           k == 0 ? 0 : count - 1, nodes[k == 0 ? 0 : count - 1]->index);
        nb[k] = cb->nodes[idx];
        for (i = 0; i < m->joints.n; i++) { /* a neighbour on this sheave or another: no free span */
            const alecable_joint *o = (const alecable_joint *)m->joints.p[i];
            int u2;
            if (o->kind != JOINT_SHEAVE && o->kind != JOINT_WRAP) continue;
            for (u2 = 0; u2 < o->count; u2++)
                if (o->nodes[u2] == nb[k] || o->nodes[u2] == nodes[k == 0 ? 0 : count - 1])
                    return ac_fail(m, ALECABLE_EINVAL, "node %d is held by %s already: a contact boundary needs a "
                                   "free span beyond it", o->nodes[u2]->index,
                                   o->kind == JOINT_SHEAVE ? "a sheave" : "a pulley wrap");
        }
    }
    for (i = 1; initial_angles && i < count; i++) { /* one way round, less than a full turn */
        double d = initial_angles[i] - initial_angles[i - 1];
        if (!(d * (initial_angles[1] - initial_angles[0]) > 0.0))
            return ac_fail(m, ALECABLE_EINVAL, "initial_angles[%d] = %g after %g: the angles must go one way around "
                           "the sheave, strictly", i, initial_angles[i], initial_angles[i - 1]);
    }
    turn = initial_angles ? fabs(initial_angles[count - 1] - initial_angles[0]) : 0.0;
    if (!(turn < 2.0 * SHEAVE_PI))
        return ac_fail(m, ALECABLE_EINVAL, "initial_angles span %g rad: a sheave's wrap is less than a full turn", turn);
    /* the neighbours must lie outside the circle, beyond the boundaries:
     * else the span would pass through the sheave */
    body_rotation(b, NULL, R);
    for (k = 0; initial_angles && k < 2; k++) {
        int e = k == 0 ? 0 : count - 1;
        double th = initial_angles[e], sgn = (initial_angles[1] - initial_angles[0]) > 0 ? 1.0 : -1.0;
        double nrm[3], tout[3], xn[3], y[3], ax, yy;
        for (i = 0; i < 3; i++) {
            nrm[i] = cos(th) * u[i] + sin(th) * v[i];
            tout[i] = (k == 0 ? -sgn : sgn) * (-sin(th) * u[i] + cos(th) * v[i]); /* out of the wrap */
            xn[i] = nb[k]->q[i] - b->node.q[i];
        }
        rot_tmul(R, xn, y);
        for (i = 0; i < 3; i++) y[i] -= p->centre[i];
        ax = dot3v(y, a);
        yy = dot3v(y, y) - ax * ax;
        if (!(yy > p->radius * p->radius * (1.0 + 1e-12)))
            return ac_fail(m, ALECABLE_EINVAL, "node %d, the free-span neighbour of nodes[%d], is inside the sheave's "
                           "circle: the cable would pass through the sheave", nb[k]->index, e);
        for (i = 0; i < 3; i++) y[i] -= p->radius * nrm[i];
        if (!(dot3v(y, tout) > 0.0))
            return ac_fail(m, ALECABLE_EINVAL, "initial_angles: node %d, the free-span neighbour of nodes[%d], lies "
                           "behind the contact boundary at %g rad (the span would leave into the wrap): give the "
                           "angles the other way round or move the boundary", nb[k]->index, e, th);
    }
    if (!(j = joint_new(m, JOINT_SHEAVE, count, 3 * count))) return ac_fail(m, ALECABLE_ENOMEM, "out of memory");
    /* one block, the shares after the struct: joint_free frees j->ext */
    if (!(ext = (sheave_ext *)ac_calloc(&m->alloc, 1, sizeof *ext + (size_t)(2 * count) * sizeof(double)))) {
        joint_free(m, j);
        return ac_fail(m, ALECABLE_ENOMEM, "out of memory");
    }
    j->ext = ext;
    ext->f = (double *)(void *)(ext + 1);
    ext->on = ext->f + count;
    for (i = 0; i < count; i++) ext->f[i] = (i + 1.0) / (count + 1.0);
    ext->nb[0] = nb[0];
    ext->nb[1] = nb[1];
    ext->active = initial_angles != NULL;
    ext->lift = initial_angles == NULL;
    ext->dir = initial_angles && initial_angles[1] < initial_angles[0] ? -1 : 1;
    ext->c1edge = ALECABLE_SHEAVE_C1_EDGE_FREE; /* a rigid sheave puts no moment on a C1 cable (c1_edge_reacts) */
    if (!initial_angles) /* released: each node keeps its share of the material between the outer neighbours */
        for (i = 0; i < count; i++)
            ext->f[i] = (node_s(nodes[i]) - node_s(nb[0])) / (node_s(nb[1]) - node_s(nb[0]));
    j->b = b;
    memcpy(j->centre, p->centre, sizeof j->centre);
    memcpy(j->axis, a, sizeof j->axis);
    memcpy(j->ref, u, sizeof j->ref);
    j->radius = p->radius;
    for (i = 0; i < count; i++) j->nodes[i] = nodes[i];
    if ((st = joint_push(m, j, out))) return ac_fail(m, st, "out of memory");
    for (i = 0; initial_angles && i < count; i++) { /* the start: on the circle at the given angles (positions only) */
        double y[3], x[3];
        for (k = 0; k < 3; k++)
            y[k] = p->centre[k] + p->radius * (cos(initial_angles[i]) * u[k] + sin(initial_angles[i]) * v[k]);
        rot_mul(R, y, x);
        for (k = 0; k < 3; k++) nodes[i]->q[k] = b->node.q[k] + x[k];
    }
    return ALECABLE_OK;
}

ALECABLE_API int alecable_sheave(alecable_joint **out, alecable_model *m, alecable_body *b,
                                 const alecable_pulley_params *p, int count, alecable_node *const nodes[],
                                 const double initial_angles[])
{
    int st;
    if ((st = ac_check_model(m))) return st;
    if (out) *out = NULL;
    if (!initial_angles) return ac_fail(m, ALECABLE_ENULL, "initial_angles is NULL");
    return sheave_make(out, m, b, p, count, nodes, initial_angles);
}

ALECABLE_API int alecable_sheave_potential(alecable_joint **out, alecable_model *m, alecable_body *b,
                                           const alecable_pulley_params *p, int count, alecable_node *const nodes[])
{
    return sheave_make(out, m, b, p, count, nodes, NULL);
}

/* node i's angle about the axis from ref, in (-pi, pi], at the model's state */
static double node_angle(const alecable_joint *j, int i)
{
    double R[9], z[3], y[3], w[3];
    int k;
    body_rotation(j->b, NULL, R);
    for (k = 0; k < 3; k++) z[k] = j->nodes[i]->q[k] - j->b->node.q[k];
    rot_tmul(R, z, y);
    for (k = 0; k < 3; k++) y[k] -= j->centre[k];
    cross3(j->axis, j->ref, w);
    return atan2(dot3v(y, w), dot3v(y, j->ref));
}

/* the public calls' handle: a live joint that is a sheave, and its out
 * argument (what: its name, NULL for none) not NULL, checked in that order */
static int sheave_handle(const alecable_joint *j, const void *out, const char *what)
{
    int st = joint_check(j);
    if (st) return st;
    if (what && !out) return ac_fail(j->model, ALECABLE_ENULL, "%s is NULL", what);
    return j->kind == JOINT_SHEAVE ? ALECABLE_OK : ac_fail(j->model, ALECABLE_EINVAL, "the joint is not a sheave");
}

/* Node i's normal force at the model's state: inside the run the normal
 * part of the whole force of the sheave's rows on it, N = -n . F
 * (sheave_node_force), which the friction laws use (with friction the mesh
 * multipliers carry the tension's jumps along the wrap, and their chords
 * have a normal part of order mu N); at the run's two ends, where no
 * friction acts, the circle's multiplier (their mesh rows hold the free
 * span's neighbour too) */
static double node_normal_force(const alecable_joint *j, int i)
{
    const double *lam = j->lambda;
    double R[9], u[3][3], F[3], n[3], l[4], ay, np;
    int use[4], m, k;
    if (i == 0 || i == j->count - 1) return -lam[3 * i + 1];
    sheave_force_rows(j, i, use);
    l[0] = use[0] ? lam[3 * i + 1] : 0.0;
    l[1] = use[1] ? lam[3 * i + 2] : 0.0;
    l[2] = use[2] ? lam[3 * (i - 1) + 2] : 0.0;
    l[3] = use[3] ? lam[3 * (i + 1) + 2] : 0.0;
    body_rotation(j->b, NULL, R);
    for (m = 0; m < 3; m++) {
        double z[3];
        for (k = 0; k < 3; k++) z[k] = j->nodes[i - 1 + m]->q[k] - j->b->node.q[k];
        rot_tmul(R, z, u[m]);
    }
    sheave_node_force(j, (const double(*)[3])u, l, F);
    for (k = 0; k < 3; k++) n[k] = u[1][k] - j->centre[k];
    ay = dot3v(j->axis, n);
    for (k = 0; k < 3; k++) n[k] -= ay * j->axis[k];
    np = sqrt(dot3v(n, n));
    return np > 0.0 ? -dot3v(n, F) / np : 0.0;
}

ALECABLE_API int alecable_sheave_node(const alecable_joint *j, int i, double *angle, double *normal_force,
                                      double *mesh_multiplier)
{
    int st = sheave_handle(j, NULL, NULL);
    if (st) return st;
    if (i < 0 || i >= j->count)
        return ac_fail(j->model, ALECABLE_ERANGE, "i = %d: the sheave holds %d nodes", i, j->count);
    if (angle) *angle = node_angle(j, i);
    if (normal_force) *normal_force = node_normal_force(j, i);
    if (mesh_multiplier) *mesh_multiplier = j->lambda[3 * i + 2];
    return ALECABLE_OK;
}

ALECABLE_API int alecable_sheave_wrap_angle(const alecable_joint *j, double *angle)
{
    double sum = 0.0, prev;
    int i, st = sheave_handle(j, angle, "angle");
    if (st) return st;
    prev = node_angle(j, 0);
    for (i = 1; i < j->count; i++) { /* each step less than a half turn */
        double th = node_angle(j, i), d = remainder(th - prev, 2.0 * SHEAVE_PI);
        sum += d;
        prev = th;
    }
    *angle = fabs(sum);
    return ALECABLE_OK;
}

ALECABLE_API int alecable_sheave_set_mesh_reaction(alecable_joint *j, int reaction)
{
    int st = sheave_handle(j, NULL, NULL);
    if (st) return st;
    if (reaction != ALECABLE_SHEAVE_REACTION_GRADIENT && reaction != ALECABLE_SHEAVE_REACTION_TANGENT)
        return ac_fail(j->model, ALECABLE_EINVAL, "reaction = %d: give ALECABLE_SHEAVE_REACTION_GRADIENT or "
                       "ALECABLE_SHEAVE_REACTION_TANGENT", reaction);
    ((sheave_ext *)j->ext)->reaction = reaction;
    return ALECABLE_OK;
}

ALECABLE_API int alecable_sheave_get_mesh_reaction(const alecable_joint *j, int *reaction)
{
    int st = sheave_handle(j, reaction, "reaction");
    if (st) return st;
    *reaction = ((const sheave_ext *)j->ext)->reaction;
    return ALECABLE_OK;
}

ALECABLE_API int alecable_sheave_set_c1_edge(alecable_joint *j, int edge)
{
    int st = sheave_handle(j, NULL, NULL);
    if (st) return st;
    if (edge != ALECABLE_SHEAVE_C1_EDGE_SLOPE && edge != ALECABLE_SHEAVE_C1_EDGE_FREE)
        return ac_fail(j->model, ALECABLE_EINVAL, "edge = %d: give ALECABLE_SHEAVE_C1_EDGE_SLOPE or "
                       "ALECABLE_SHEAVE_C1_EDGE_FREE", edge);
    ((sheave_ext *)j->ext)->c1edge = edge;
    return ALECABLE_OK;
}

ALECABLE_API int alecable_sheave_get_c1_edge(const alecable_joint *j, int *edge)
{
    int st = sheave_handle(j, edge, "edge");
    if (st) return st;
    *edge = ((const sheave_ext *)j->ext)->c1edge;
    return ALECABLE_OK;
}

ALECABLE_API int alecable_sheave_set_lift_off(alecable_joint *j, int on)
{
    int st = sheave_handle(j, NULL, NULL);
    if (st) return st;
    if (on != 0 && on != 1) return ac_fail(j->model, ALECABLE_EINVAL, "on = %d: give 0 or 1", on);
    ((sheave_ext *)j->ext)->lift = on;
    return ALECABLE_OK;
}

ALECABLE_API int alecable_sheave_in_contact(const alecable_joint *j, int *active)
{
    int st = sheave_handle(j, active, "active");
    if (st) return st;
    *active = ((const sheave_ext *)j->ext)->active;
    return ALECABLE_OK;
}

int sheave_lifts_off(const alecable_joint *j)
{
    return j->kind == JOINT_SHEAVE && j->ext && ((const sheave_ext *)j->ext)->lift == 1;
}

/* A landing node's first step takes it from inside the circle onto it with
 * the normal velocity it came with (and more, to undo the depth): the
 * integrator then projects that velocity out (the inelastic impact) and
 * restarts from the consistent state.  Not at the landing commit itself:
 * a projection there would also have to move the node onto the circle by
 * its depth, which strains its stiff chords (an axial rope's EA / l against
 * its node mass: accelerations of 5e4 m/s^2 from a 1 mm move, and the next
 * step diverged); the step with the constraint on makes that move with the
 * cable's stiffness in the balance.  A lift-off needs nothing: the node
 * leaves with a force near zero, q and v already fit the smaller set. */
int sheave_switched(const alecable_joint *j)
{
    return j->kind == JOINT_SHEAVE && j->ext && ((const sheave_ext *)j->ext)->switched;
}

/* Which of node i's multipliers (l1, l2, lm, lp) put a force on it in
 * space: the circle row while the node is on the circle (a released node's
 * rows read lambda = 0); a mesh row only as the equal-chord row of a run
 * held whole (node by node, and released, row 2 is the material share,
 * which acts on the s alone) with the default reaction (the tangent
 * reaction acts along the circle on its own node: no normal part, and
 * nothing on the neighbours) */
void sheave_force_rows(const alecable_joint *j, int i, int use[4])
{
    const sheave_ext *x = (const sheave_ext *)j->ext;
    const int held = x->lift != 2 && x->active, mesh = held && x->reaction != ALECABLE_SHEAVE_REACTION_TANGENT;
    use[0] = x->lift == 2 ? x->on[i] != 0.0 : held;
    use[1] = mesh;
    use[2] = mesh && i - 1 > 0;
    use[3] = mesh && i + 1 < j->count - 1;
}

void sheave_node_force(const alecable_joint *j, const double (*u)[3], const double lam[4], double F[3])
{
    int k;
    for (k = 0; k < 3; k++)
        F[k] = (lam[0] * (u[1][k] - j->centre[k]) + lam[1] * (u[0][k] - u[2][k]) + lam[2] * (u[1][k] - u[0][k]) +
                lam[3] * (u[2][k] - u[1][k])) / j->radius;
}

/* Node by node (issue 24 item 2 in dynamics): no event moves a node.  The
 * whole run's switch cannot be taken in a step (its nodes would collapse
 * onto the last 1e-4 rad of wrap), and a node count that varies with the
 * contact region's own mesh would still move every node by a chord at
 * each switch (a jump of the mesh, ringing in every implicit method).  So
 * each node keeps its share of the material between the run's outer
 * neighbours (row 2, as a released node), the same on and off the circle,
 * and is either on the circle (rows 0, 1) or free: a node-to-surface
 * contact.  It lands at the converged step that finds it inside the circle
 * and leaves at the second converged step in a row whose normal force
 * pulls (one alone is the ringing of an impact in the integrator); its
 * force starts and ends near zero (the chord polygon's corner force
 * T dtheta, dtheta the turn there), so the tension has no jump of the
 * switch's own, only the landing node's impact (the rope slapping onto the
 * sheave: physics).  The price: the departure lies within a chord of a
 * node, not on one. */
ALECABLE_API int alecable_sheave_set_node_contact(alecable_joint *j, int on)
{
    sheave_ext *x;
    double sa, sb, R[9], qb[3];
    int i, k, st = sheave_handle(j, NULL, NULL);
    if (st) return st;
    if (on != 0 && on != 1) return ac_fail(j->model, ALECABLE_EINVAL, "on = %d: give 0 or 1", on);
    x = (sheave_ext *)j->ext;
    if (!on) {
        if (x->lift == 2) x->lift = 0, x->active = 1;
        return ALECABLE_OK;
    }
    if (x->lift == 2) return ALECABLE_OK;
    sa = node_s(x->nb[0]), sb = node_s(x->nb[1]);
    body_rotation(j->b, NULL, R);
    for (k = 0; k < 3; k++) qb[k] = j->b->node.q[k];
    x->active = 0;
    for (i = 0; i < j->count; i++) { /* on: on the circle (to 1e-9 r) or inside it */
        double z[3], y[3], e2[3], w0, w1;
        x->f[i] = (node_s(j->nodes[i]) - sa) / (sb - sa);
        for (k = 0; k < 3; k++) z[k] = j->nodes[i]->q[k] - qb[k];
        rot_tmul(R, z, y);
        for (k = 0; k < 3; k++) y[k] -= j->centre[k];
        cross3(j->axis, j->ref, e2);
        w0 = dot3v(y, j->ref), w1 = dot3v(y, e2);
        x->on[i] = hypot(w0, w1) <= j->radius * (1.0 + 1e-9);
        x->active |= x->on[i] != 0.0;
    }
    x->lift = 2;
    return ALECABLE_OK;
}
