/* Coulomb stick/slip on the material flow by Alart and Curnier's augmented
 * Lagrangian (paper 004 eq. 2, its ref. [5]): the terms of a friction joint.
 *
 * Contact i holds node n (in space, on the joint's body b or the ground)
 * while its material flows.  With t = R t0 the contact tangent and
 *     c = t . dx/ds   (node_config: averaged over the node's elements),
 * the friction force lambda_T t on the cable does the virtual work
 * lambda_T t . (dx_n - dx/ds ds) on the material point at the node.  Its
 * reaction on the body, at the point that holds the node, does
 * -lambda_T t . dx_n: the spatial parts cancel, and only the material
 * equation takes the force, r_s(n) += lambda_T c (the slip-only law's
 * form).  The holding force is then the cable's pull on the body, which
 * is what a body must feel (an eyelet on a moving phalanx).  The slip
 * of the step, in length, is w = c (s - s_n), s_n the node's s at the last
 * converged step (the history), and the row of lambda_T is
 *     C = (P(lambda_T + eps w) - lambda_T) / eps,   P = proj_[-L, L],
 * L = mu max(N, 0): stick (|lambda_T + eps w| <= L) gives C = w, slip
 * C = (L sigma - lambda_T) / eps with sigma = sign(lambda_T + eps w).  Its
 * generalized Jacobian is that of the branch the iterate is in: stick
 *     dC/dq = (s - s_n) dc/dq + c e_s,
 * slip dC/dlambda_T = -1/eps, dC/d(N's arguments) = mu sigma dN / eps.
 * Stick has the sign of G^T in the node's s row, so the stuck block is
 * symmetric, and slip's diagonal is that of a regularized constraint.
 *
 * Rows of the constraint block are plain derivatives; the derivatives of
 * C in multipliers (lambda_T's own, the holding force's) are divided by cq,
 * which is 1 in quasistatics: an implicit integrator's Newton unknown for
 * lambda is s c dlambda with s c its cq (implicit.c); a system at the
 * acceleration level (cq = 0: the consistent initial accelerations) keeps
 * them unscaled.
 *
 * A seabed's grounded node (FR_BOTTOM, alecable_seabed_friction) is held
 * by one linear row n . x = n . p of alecable_seabed_touchdown(), whose
 * multiplier gives N = -lambda; the ground is its surface (fr_data.ground):
 * fixed, so the slip is the material's own travel along t,
 * w = c (s - s_n) - t . (x - x_n), and the force acts on the material
 * point, lambda_T c on s and -lambda_T t on x (the ground takes the
 * reaction), with the same branches as above (stuck: dw/dx = -t).
 *
 * Derivatives in b's rotation follow rotation.h: d(R v)/dpsi_k = R (e_k x v). */
#include "contact.h"
#include "friction.h"
#include "../bodies/bodies.h"
#include "../bodies/rotation.h"
#include "../loads/loads.h"

#include <math.h>
#include <string.h>

/* positions of one contact's Jacobian entries in j->map */
enum {
    E2 = 2 * EL_MAX_DOF,
    O_SE = 0,            /* s row x the two elements' dofs */
    O_SP = E2,           /* s row x psi_b (3) */
    O_SR = E2 + 3,       /* s row x lambda_T */
    O_RE = E2 + 4,       /* lambda_T row x the elements' dofs */
    O_RP = 2 * E2 + 4,   /* x psi_b (3) */
    O_RH = 2 * E2 + 7,   /* x the holding force's rows (3) */
    O_RR = 2 * E2 + 10,  /* x lambda_T */
    /* a turning surface S: blocks in the node's x (X), S's origin (Y) and
     * rotation (Q), lambda_T (R) and the holder's rotation (B) */
    O_XR = 2 * E2 + 11,  /* X rows x lambda_T (3) */
    O_YR = O_XR + 3,     /* Y rows x lambda_T (3) */
    O_QR = O_YR + 3,     /* Q rows x lambda_T (3) */
    O_RX = O_QR + 3,     /* lambda_T row x X (3) */
    O_RY = O_RX + 3,     /* x Y (3) */
    O_RQ = O_RY + 3,     /* x Q (3) */
    O_QQ = O_RQ + 3,     /* Q rows x Q (9) */
    O_XB = O_QQ + 9,     /* X rows x B (9) */
    O_YB = O_XB + 9,     /* Y rows x B (9) */
    O_QB = O_YB + 9,     /* Q rows x B (9) */
    O_QX = O_QB + 9,     /* Q rows x X (9) */
    O_QY = O_QX + 9,     /* Q rows x Y (9) */
    O_SZ = O_QY + 9,     /* a split node (split_config): s row x rho */
    O_RZ = O_SZ + 1,     /* lambda_T row x rho */
    /* a sheave's node (friction.h: the columns SX_*) */
    O_SX = O_RZ + 1,     /* s row x SX */
    O_RS = O_SX + SX_N,  /* lambda_T row x SX */
    O_PS = O_RS + SX_N,  /* the spatial pair's rows (x_i, x_b, psi_b) x SX */
    O_PR = O_PS + 9 * SX_N, /* and x lambda_T */
    PER = O_PR + 9
};

void fr_surface_point(const alecable_body *S, const double *q, const double p[3], double y[3])
{
    const double *xs = q ? q + S->node.dof0 : S->node.q;
    double R[9], v[3];
    int k;
    body_rotation(S, q, R);
    rot_mul(R, p, v);
    for (k = 0; k < 3; k++) y[k] = xs[k] + v[k];
}

static const double *node_x_at(const alecable_node *n, const double *q) { return q ? q + n->dof0 : n->q; }

/* The contact's tangent in space at q (NULL: the current state) */
static void contact_tangent(const alecable_joint *j, const fr_contact *c, const double *q, double t[3])
{
    if (j->b) {
        double R[9];
        body_rotation(j->b, q, R);
        rot_mul(R, c->t0, t);
    } else
        memcpy(t, c->t0, 3 * sizeof(double));
}

/* kappa = c / stretch at the node: c = t . dx/ds as the material equation
 * sees it (node_config: the mean of the elements' dx/dxi times the mean of
 * their dxi/ds), the stretch the mean of |dx/ds| over the node's elements.
 * On a polygon that follows a circle the mean chord is shorter than the
 * chords by cos(half the angle between them): c = kappa |dx/ds|.  The slip
 * on a turning surface weights the surface's motion by kappa, so that
 * sticking makes the material speed |dx/ds| ds/dt equal to the rim's
 * (rolling without slip, whatever the mesh), and its force on the surface
 * by the same kappa, so the torque on the wheel is R (T1 - T2) exactly. */
static double contact_kappa(const fr_contact *c, const double t[3], const double *q)
{
    const alecable_element *e[2];
    double gm[3] = {0, 0, 0}, jm = 0.0, stretch = 0.0, qe[EL_MAX_DOF], g[3], jinv;
    int ne = node_elements(c->node, e), k, i;
    for (k = 0; k < ne; k++) {
        const int nd = e[k]->ops->node_ndof;
        if (q) ac_gather(e[k], q, qe);
        else {
            memcpy(qe, e[k]->a->q, (size_t)nd * sizeof(double));
            memcpy(qe + nd, e[k]->b->q, (size_t)nd * sizeof(double));
        }
        e[k]->ops->end_gradient(&e[k]->par, qe, e[k]->b == c->node, g, &jinv, NULL, NULL);
        for (i = 0; i < 3; i++) gm[i] += g[i] / ne;
        jm += jinv / ne;
        stretch += sqrt(dot3v(g, g)) * fabs(jinv) / ne;
    }
    return stretch > 0.0 ? dot3v(t, gm) * jm / stretch : 1.0;
}

void fr_surface_start(const alecable_joint *j, fr_contact *c, const double *q)
{
    const fr_data *d = fr_of(j);
    const double *xn = node_x_at(c->node, q), *xs;
    double R[9], v[3], t[3];
    int k;
    if (d->ground) { /* the node's place then; the ground does not move */
        memcpy(c->hist + FH_X, xn, 3 * sizeof(double));
        c->hist[FH_K] = 1.0;
        return;
    }
    if (d->mode == FR_SHEAVE) { /* the node's place on the sheave, in its body's frame */
        fr_sheave g;
        fr_sheave_eval(c->hj, c->hunit, q, NULL, &g);
        memcpy(c->hist + FH_P, g.u[1], 3 * sizeof(double));
        rot_mul(g.R, g.t, t);
        c->hist[FH_K] = contact_kappa(c, t, q);
        return;
    }
    if (!d->surface) return;
    xs = q ? q + d->surface->node.dof0 : d->surface->node.q;
    body_rotation(d->surface, q, R);
    for (k = 0; k < 3; k++) v[k] = xn[k] - xs[k];
    rot_tmul(R, v, c->hist + FH_P);
    fr_surface_point(d->surface, q, c->hist + FH_P, c->hist + FH_Y);
    memcpy(c->hist + FH_X, xn, 3 * sizeof(double));
    contact_tangent(j, c, q, t);
    c->hist[FH_K] = contact_kappa(c, t, q);
}

int fr_hold_rows(const fr_contact *c, int rows[3])
{
    int k;
    if (c->hj && c->hj->kind == JOINT_SHEAVE) return 0; /* its normal force: fr_sheave */
    if (c->hc[0] && !c->hc[1]) { /* FR_BOTTOM: one row */
        rows[0] = c->hc[0]->row;
        return 1;
    }
    if (c->hj) {
        for (k = 0; k < 3; k++) rows[k] = c->hj->row0 + 3 * c->hunit + k;
        return 3;
    }
    if (c->hc[0]) {
        for (k = 0; k < 3; k++) rows[k] = c->hc[k]->row;
        return 3;
    }
    return 0;
}

/* the entries of contact i, added to the pattern (bld) or looked up (mp) */
static int contact_entries(const alecable_joint *j, int i, int nq, sp_builder *bld, const sp_pattern *p, int *mp)
{
    const fr_data *d = fr_of(j);
    const fr_contact *c = d->c + i;
    const alecable_element *e[2];
    int ne = node_elements(c->node, e), sd = node_sdof(c->node), R = nq + j->row0 + i, hr[3], k, b, st;
    int have_h = d->mode != FR_GIVEN ? fr_hold_rows(c, hr) : 0, psi = j->b ? j->b->node.dof0 + 3 : -1;
    /* (row, col) -> slot */
#define ENTRY(slot, row, col)                                                                                        \
    do {                                                                                                             \
        if (bld && (st = sp_builder_add(bld, (row), (col)))) return st;                                              \
        if (mp && (mp[slot] = sp_find(p, (row), (col))) < 0) return -1;                                              \
    } while (0)
    if (mp)
        for (k = 0; k < PER; k++) mp[k] = -1;
    for (k = 0; k < ne; k++)
        for (b = 0; b < el_ndof(e[k]->ops); b++) {
            if (ac_element_dof(e[k], b) < 0) continue;
            ENTRY(O_SE + k * EL_MAX_DOF + b, sd, ac_element_dof(e[k], b));
            ENTRY(O_RE + k * EL_MAX_DOF + b, R, ac_element_dof(e[k], b));
        }
    ENTRY(O_SR, sd, R);
    ENTRY(O_RR, R, R);
    if (c->node->xdof >= 0) {
        ENTRY(O_SZ, sd, c->node->xdof);
        ENTRY(O_RZ, R, c->node->xdof);
    }
    if (psi >= 0)
        for (k = 0; k < 3; k++) {
            ENTRY(O_SP + k, sd, psi + k);
            ENTRY(O_RP + k, R, psi + k);
        }
    for (k = 0; k < have_h; k++) ENTRY(O_RH + k, R, nq + hr[k]);
    if (d->ground)
        for (k = 0; k < 3; k++) {
            ENTRY(O_XR + k, c->node->dof0 + k, R);
            ENTRY(O_RX + k, R, c->node->dof0 + k);
        }
    if (d->mode == FR_SHEAVE) {
        int cols[SX_N];
        const alecable_joint *sh = c->hj;
        int prow[9];
        fr_sheave_cols(sh, c->hunit, nq, cols);
        for (k = 0; k < 3; k++) {
            prow[k] = c->node->dof0 + k;
            prow[3 + k] = sh->b->node.dof0 + k;
            prow[6 + k] = sh->b->node.dof0 + 3 + k;
        }
        for (k = 0; k < SX_N; k++)
            if (cols[k] >= 0) {
                ENTRY(O_SX + k, sd, cols[k]);
                ENTRY(O_RS + k, R, cols[k]);
                for (b = 0; b < 9; b++) ENTRY(O_PS + b * SX_N + k, prow[b], cols[k]);
            }
        for (b = 0; b < 9; b++) ENTRY(O_PR + b, prow[b], R);
    }
    if (d->surface) {
        const int X = c->node->dof0, Y = d->surface->node.dof0, Q = Y + 3;
        for (k = 0; k < 3; k++) {
            ENTRY(O_XR + k, X + k, R);
            ENTRY(O_YR + k, Y + k, R);
            ENTRY(O_QR + k, Q + k, R);
            ENTRY(O_RX + k, R, X + k);
            ENTRY(O_RY + k, R, Y + k);
            ENTRY(O_RQ + k, R, Q + k);
            for (b = 0; b < 3; b++) {
                ENTRY(O_QQ + 3 * k + b, Q + k, Q + b);
                ENTRY(O_QX + 3 * k + b, Q + k, X + b);
                ENTRY(O_QY + 3 * k + b, Q + k, Y + b);
                if (psi >= 0) {
                    ENTRY(O_XB + 3 * k + b, X + k, psi + b);
                    ENTRY(O_YB + 3 * k + b, Y + k, psi + b);
                    ENTRY(O_QB + 3 * k + b, Q + k, psi + b);
                }
            }
        }
    }
#undef ENTRY
    return 0;
}

static int friction_pattern(const alecable_joint *j, sp_builder *bld, int nq)
{
    int i, st;
    for (i = 0; i < fr_of(j)->count; i++)
        if ((st = contact_entries(j, i, nq, bld, NULL, NULL))) return st;
    return 0;
}

static int friction_maps(alecable_model *m, alecable_joint *j, const sp_pattern *p, int nq)
{
    int i, n = fr_of(j)->count;
    j->map = (int *)ac_malloc(&m->alloc, (size_t)(n > 0 ? n : 1) * PER * sizeof(int));
    if (!j->map) return -1;
    for (i = 0; i < n; i++)
        if (contact_entries(j, i, nq, NULL, p, j->map + i * PER)) return -1;
    return 0;
}

/* What the terms of contact i are made of at (q, lambda) */
typedef struct contact_eval {
    const alecable_element *e[2];
    int ne;
    double t[3], dt[3][3];          /* tangent in space; dt[k] = dt/dpsi_k */
    double c, grad[E2], dc_psi[3];  /* t . dx/ds and its derivatives */
    double dc_rho;                  /* and in a split node's rho */
    double N, dN_h[3], dN_psi[3];   /* normal force and its derivatives */
    double u[3], kap;               /* turning surface: its point's motion less the node's; kappa */
    double RS[9];                   /* S's rotation */
    double d[3], mo[3];             /* x - x_S; the moment of kappa t about x_S, in S's frame */
    double g[3];                    /* dw/dpsi_S = kappa t . R_S (e_k x p) */
    double w, tau, L;               /* slip, augmented force, slip limit */
    int slip, sigma;
    /* a sheave's node: the derivatives of c, w and N over its columns SX_* */
    double sdc[SX_N], sdw[SX_N], sdN[SX_N];
    /* and the friction force's spatial pair per unit lambda_T (kappa t on
     * the body, its moment, -kappa t on the node: fr_sheave_pair) */
    double pr[9], pJ[9][SX_N];
} contact_eval;

/* A split node (lib/core/split.c) has two stretches: the material factor
 * is the mean of the two sides' t . dx/ds,
 *     c = t . (r' + (1 + rho) r')/2 = (1 + rho/2) t . r',
 * with which a stuck node of an element of constant strain carries exactly
 * the tension jump (EA/2 (lam_R^2 - lam_L^2) / ((lam_L + lam_R)/2) =
 * EA (lam_R - lam_L)): the configurational force of the split over the
 * mean stretch.  Derivatives in r' (the element before the node holds it:
 * the node is its end B) and in rho. */
static double split_c(const alecable_node *n, const double *q, const double t[3], double dr[3], double *drho)
{
    const double *rp = (q ? q + n->dof0 : n->q) + 3, rho = q ? q[n->xdof] : n->rho, f = 1.0 + 0.5 * rho;
    int k;
    if (dr)
        for (k = 0; k < 3; k++) dr[k] = f * t[k];
    if (drho) *drho = 0.5 * dot3v(t, rp);
    return f * dot3v(t, rp);
}

static void split_config(const alecable_node *n, const double *q, const double t[3], contact_eval *x, int grad)
{
    double dr[3];
    int k, i;
    x->c = split_c(n, q, t, dr, &x->dc_rho);
    if (!grad) return;
    memset(x->grad, 0, sizeof x->grad);
    for (k = 0; k < x->ne; k++)
        if (x->e[k]->b == n) {
            const int nd = x->e[k]->ops->node_ndof;
            for (i = 0; i < 3; i++) x->grad[k * EL_MAX_DOF + nd + 3 + i] = dr[i];
            break;
        }
}

/* A sheave's node (friction.h's fr_sheave): t = R t_b follows the node
 * around the circle and the body's rotation, N is the normal part of the
 * sheave rows' force on the node, and the slip counts the node's own
 * travel: the point p of the sheave (its body's frame) under the node at
 * the last converged step is now at y = x_b + R p, the node at x, so the
 * material passed the sheave by c (s - s_n) + kappa t . (y - x) (kappa of
 * that step, as on a turning surface: sticking makes the material ride
 * with the sheave).  The sheave's rows carry no torque about its axis
 * (its equations are lengths and angles in the body's frame), so the
 * friction force also acts in space, as on a turning surface: -lambda_T
 * kappa t on the node (its tangential part, which the mesh multipliers
 * would otherwise take to the free spans' nodes) and its reaction on the
 * body at the node, whose moment turns the sheave by R (T1 - T2). */
static void sheave_state(const alecable_joint *j, const fr_contact *c, const double *q, const double *lambda,
                         int grad, contact_eval *x)
{
    const alecable_joint *sh = c->hj;
    const double *xn = node_x_at(c->node, q), *xb = q ? q + sh->b->node.dof0 : sh->b->node.q, *p = c->hist + FH_P;
    fr_sheave g;
    double gs[3], y[3], yx[3], pt[3], ds;
    int k;
    (void)j;
    fr_sheave_eval(sh, c->hunit, q, lambda, &g);
    rot_mul(g.R, g.t, x->t);
    node_config(c->node, q, x->t, &x->c, grad ? x->grad : NULL, x->e, &x->ne);
    for (k = 0; k < 3; k++) { /* dx/ds as node_config sees it: c = gs . t */
        double ek[3] = {0.0, 0.0, 0.0};
        ek[k] = 1.0;
        node_config(c->node, q, ek, gs + k, NULL, x->e, &x->ne);
    }
    x->N = c->fn + g.N;
    fr_sheave_dN(&g, 1.0, x->sdN);
    fr_sheave_dt(&g, sh->axis, gs, 1.0, x->sdc);
    ds = node_s_at(c->node, q) - c->hist[FH_S];
    rot_mul(g.R, p, y);
    for (k = 0; k < 3; k++) {
        y[k] += xb[k];
        yx[k] = y[k] - xn[k];
    }
    x->kap = c->hist[FH_K];
    x->w = x->c * ds + x->kap * dot3v(x->t, yx);
    /* dw = ds dc + kappa (t . dy - t . dx + (y - x) . dt), dy = dx_b + R (dpsi x p) */
    for (k = 0; k < SX_N; k++) x->sdw[k] = ds * x->sdc[k];
    cross3(p, g.t, pt);
    for (k = 0; k < 3; k++) {
        x->sdw[SX_XB + k] += x->kap * x->t[k];
        x->sdw[SX_XI + k] -= x->kap * x->t[k];
        x->sdw[SX_PB + k] += x->kap * pt[k];
    }
    fr_sheave_dt(&g, sh->axis, yx, x->kap, x->sdw);
    fr_sheave_pair(&g, sh->axis, x->kap, NULL, x->pr, x->pJ);
}

static void contact_state(const alecable_joint *j, int i, const double *q, const double *lambda, int grad,
                          contact_eval *x)
{
    const fr_data *d = fr_of(j);
    const fr_contact *c = d->c + i;
    const double lamT = lambda[j->row0 + i];
    double R[9], v[3], tmp;
    int k, hr[3];
    memset(x, 0, sizeof *x);
    if (d->mode == FR_SHEAVE) {
        sheave_state(j, c, q, lambda, grad, x);
        goto limit;
    }
    if (j->b) {
        body_rotation(j->b, q, R);
        rot_mul(R, c->t0, x->t);
        for (k = 0; k < 3; k++) {
            double ek[3] = {0.0, 0.0, 0.0};
            ek[k] = 1.0;
            cross3(ek, c->t0, v);
            rot_mul(R, v, x->dt[k]);
        }
    } else
        memcpy(x->t, c->t0, sizeof x->t);
    node_config(c->node, q, x->t, &x->c, grad ? x->grad : NULL, x->e, &x->ne);
    if (j->b)
        for (k = 0; k < 3; k++) node_config(c->node, q, x->dt[k], &x->dc_psi[k], NULL, x->e, &x->ne);
    if (c->node->xdof >= 0) {
        split_config(c->node, q, x->t, x, grad);
        if (j->b)
            for (k = 0; k < 3; k++) x->dc_psi[k] = split_c(c->node, q, x->dt[k], NULL, NULL);
    }
    x->N = c->fn;
    if (d->mode == FR_BOTTOM) { /* the row's force on the node is coef lambda = n lambda (con_residual) */
        fr_hold_rows(c, hr);
        x->N -= lambda[hr[0]];
        x->dN_h[0] = -1.0;
    } else if (d->mode != FR_GIVEN && fr_hold_rows(c, hr)) {
        double lh[3] = {lambda[hr[0]], lambda[hr[1]], lambda[hr[2]]};
        if (d->mode == FR_WRAP) {
            double nn[3];
            if (j->b) rot_mul(R, c->n0, nn);
            else memcpy(nn, c->n0, sizeof nn);
            x->N -= dot3v(lh, nn);
            for (k = 0; k < 3; k++) {
                x->dN_h[k] = -nn[k];
                if (j->b) {
                    double ek[3] = {0.0, 0.0, 0.0}, dn[3];
                    ek[k] = 1.0;
                    cross3(ek, c->n0, v);
                    rot_mul(R, v, dn);
                    x->dN_psi[k] = -dot3v(lh, dn);
                }
            }
        } else {
            double lt = dot3v(lh, x->t), h[3], nh;
            for (k = 0; k < 3; k++) h[k] = lh[k] - lt * x->t[k];
            nh = sqrt(dot3v(h, h));
            x->N += nh;
            if (nh > 0.0)
                for (k = 0; k < 3; k++) {
                    x->dN_h[k] = h[k] / nh;
                    x->dN_psi[k] = j->b ? -lt * dot3v(h, x->dt[k]) / nh : 0.0;
                }
        }
    }
    tmp = node_s_at(c->node, q) - c->hist[FH_S];
    x->w = x->c * tmp;
    if (d->ground) {
        /* the material point that was at the node at the last converged
         * step is now at x - (dx/ds)(s - s_n): it moved along t by
         * t . (x - x_n) - c (s - s_n), the slip's opposite (no kappa: the
         * ground's point does not move, nothing to weight) */
        const double *xn = node_x_at(c->node, q);
        for (k = 0; k < 3; k++) x->u[k] = -(xn[k] - c->hist[FH_X + k]);
        x->kap = 1.0;
        x->w += dot3v(x->t, x->u);
    }
    if (d->surface) {
        /* the slip relative to the surface: the point p of S that was under
         * the node at the last converged step moved by y - y_n, the node by
         * x - x_n; the material's slip past the surface gains t . (the
         * difference).  y is computed as y_n was, so w = 0 exactly there. */
        const double *xn = node_x_at(c->node, q), *p = c->hist + FH_P;
        double y[3];
        fr_surface_point(d->surface, q, p, y);
        for (k = 0; k < 3; k++) x->u[k] = (y[k] - c->hist[FH_Y + k]) - (xn[k] - c->hist[FH_X + k]);
        x->kap = c->hist[FH_K];
        x->w += x->kap * dot3v(x->t, x->u);
        body_rotation(d->surface, q, x->RS);
        for (k = 0; k < 3; k++) {
            double ek[3] = {0.0, 0.0, 0.0}, a[3];
            ek[k] = 1.0;
            cross3(ek, p, v);
            rot_mul(x->RS, v, a);
            x->g[k] = x->kap * dot3v(x->t, a);
        }
        {
            const double *xs = q ? q + d->surface->node.dof0 : d->surface->node.q;
            double dxt[3];
            for (k = 0; k < 3; k++) x->d[k] = xn[k] - xs[k];
            cross3(x->d, x->t, dxt);
            rot_tmul(x->RS, dxt, x->mo);
            for (k = 0; k < 3; k++) x->mo[k] *= x->kap;
        }
    }
limit:
    x->tau = lamT + c->eps * x->w;
    x->L = d->mu * (x->N > 0.0 ? x->N : 0.0);
    /* a contact without normal force has nothing to stick with: slip,
     * lambda_T = 0 (at an unloaded start every contact is there, and a stick
     * guess would freeze the unstressed material it should let tension in) */
    x->slip = fabs(x->tau) > x->L || x->L <= 0.0;
    x->sigma = x->tau >= 0.0 ? 1 : -1;
}

double fr_normal(const alecable_joint *j, int i, const double *q, const double *lambda)
{
    contact_eval x;
    contact_state(j, i, q, lambda, 0, &x);
    return x.N;
}

/* The terms of a turning surface S (contact_state): the force
 * -lambda_T kappa t on the node's position, lambda_T kappa t on S's origin
 * and its moment about it on S's rotation (at the contact point, so that
 * the torque on a wheel is exactly R times the tension difference), and,
 * stuck, the row's dw/d(x, x_S, psi_S, psi_b).  Derivatives of the moment
 * m = R_S^T ((x - x_S) x kappa t): in psi_S, m x e_l (rotation.h); in x
 * and x_S, +-R_S^T (e_j x kappa t); in psi_b, R_S^T ((x - x_S) x kappa dt). */
static void surface_jacobian(const alecable_joint *j, const contact_eval *x, double lamT, double cq, const int *mp,
                             double *values)
{
    const double kp = x->kap, w = cq * lamT;
    int k, l;
    for (l = 0; l < 3; l++) {
        double el[3] = {0.0, 0.0, 0.0}, v[3], Rv[3];
        el[l] = 1.0;
        cross3(x->mo, el, v);
        for (k = 0; k < 3; k++) values[mp[O_QQ + 3 * k + l]] += w * v[k];
        cross3(el, x->t, v);
        rot_tmul(x->RS, v, Rv);
        for (k = 0; k < 3; k++) {
            values[mp[O_QX + 3 * k + l]] += w * kp * Rv[k];
            values[mp[O_QY + 3 * k + l]] -= w * kp * Rv[k];
        }
        if (j->b) {
            cross3(x->d, x->dt[l], v);
            rot_tmul(x->RS, v, Rv);
            for (k = 0; k < 3; k++) {
                values[mp[O_QB + 3 * k + l]] += w * kp * Rv[k];
                values[mp[O_XB + 3 * k + l]] -= w * kp * x->dt[l][k];
                values[mp[O_YB + 3 * k + l]] += w * kp * x->dt[l][k];
            }
        }
    }
    for (k = 0; k < 3; k++) {
        values[mp[O_XR + k]] -= kp * x->t[k];
        values[mp[O_YR + k]] += kp * x->t[k];
        values[mp[O_QR + k]] += x->mo[k];
        if (!x->slip) {
            values[mp[O_RX + k]] -= kp * x->t[k];
            values[mp[O_RY + k]] += kp * x->t[k];
            values[mp[O_RQ + k]] += x->g[k];
            if (j->b) values[mp[O_RP + k]] += kp * dot3v(x->dt[k], x->u);
        }
    }
}

static void friction_eval(const alecable_joint *j, double t, const double *q, const double *v, const double *lambda,
                          double *r, int nq, double cq, double cv, double *values)
{
    const fr_data *d = fr_of(j);
    int i, k, b;
    (void)v;
    (void)cv;
    for (i = 0; i < d->count; i++) {
        const fr_contact *c = d->c + i;
        const double lamT = lambda[j->row0 + i], eps = c->eps;
        const int sd = node_sdof(c->node);
        contact_eval x;
        contact_state(j, i, q, lambda, values != NULL, &x);
        /* A slip that reverses between two Newton iterates passes through
         * stick: when the last Jacobian slipped one way, the law now says
         * the other and lambda_T still points the first, the iterate is
         * taken on the stick branch (residual and Jacobian).  Without this,
         * a contact whose slip moves a soft body (a wheel on a weak spring,
         * or free) overshoots: lambda_T flips between +L and -L and the
         * body swings back and forth with it.  The rule cannot hold a
         * converged point off the law: there w = 0, so the law's sign is
         * lambda_T's own. */
        if (x.slip && x.L > 0.0 && c->last == -x.sigma && lamT * x.sigma < 0.0) x.slip = 0;
        if (r) {
            r[sd] += lamT * x.c;
            r[nq + j->row0 + i] = x.slip ? (x.L * x.sigma - lamT) / eps : x.w;
            if (d->mode == FR_SHEAVE) { /* the force's spatial part: on the node, its reaction on the sheave */
                const alecable_joint *sh = c->hj;
                for (k = 0; k < 3; k++) {
                    r[c->node->dof0 + k] += lamT * x.pr[k];
                    r[sh->b->node.dof0 + k] += lamT * x.pr[3 + k];
                    r[sh->b->node.dof0 + 3 + k] += lamT * x.pr[6 + k];
                }
            }
            if (d->ground) /* the force's spatial part on the cable; the ground takes the reaction */
                for (k = 0; k < 3; k++) r[c->node->dof0 + k] -= lamT * x.t[k];
            if (d->surface) /* the force's spatial part: on the cable at the node, its reaction on S */
                for (k = 0; k < 3; k++) {
                    r[c->node->dof0 + k] -= lamT * x.kap * x.t[k];
                    r[d->surface->node.dof0 + k] += lamT * x.kap * x.t[k];
                    r[d->surface->node.dof0 + 3 + k] += lamT * x.mo[k];
                }
        }
        /* The first iteration of a step starts at the converged state (w = 0
         * exactly), where a contact that slipped in the last step is at
         * |lambda_T| = L of the old N.  When the load goes on in the same
         * sense, the stick branch's Jacobian would free the contacts one per
         * iteration (the stuck neighbour of each slipping node holds the load
         * back); there, as a return mapping takes the last converged tangent,
         * the slip branch's is used.  When the load turns back, the stick
         * branch is the right guess (the friction has to reverse).  The
         * residual is the law's, so only that one step is inexact.  A seabed's
         * line is pulled by its host between solves at the same load factor
         * (no sense to read): there a contact that slipped is guessed to go
         * on slipping. */
        if (values && !x.slip && x.w == 0.0 && c->hist[FH_STATE] == ALECABLE_CONTACT_SLIP && x.L > 0.0 &&
            ((t - d->hist[FJ_T]) * d->hist[FJ_DIR] > 0.0 || (d->ground && t == d->hist[FJ_T]))) {
            x.slip = 1;
            x.sigma = lamT >= 0.0 ? 1 : -1;
        }
        if (values) {
            const int *mp = j->map + i * PER;
            ((fr_contact *)c)->last = x.slip ? x.sigma : 2;
            const double ds = node_s_at(c->node, q) - c->hist[FH_S];
            const double cl = cq > 0.0 ? cq : 1.0; /* at the acceleration level (cq = 0) lambda is unscaled */
            for (k = 0; k < x.ne; k++)
                for (b = 0; b < el_ndof(x.e[k]->ops); b++)
                    if (mp[O_SE + k * EL_MAX_DOF + b] >= 0) {
                        values[mp[O_SE + k * EL_MAX_DOF + b]] += cq * lamT * x.grad[k * EL_MAX_DOF + b];
                        if (!x.slip) values[mp[O_RE + k * EL_MAX_DOF + b]] += ds * x.grad[k * EL_MAX_DOF + b];
                    }
            values[mp[O_SR]] += x.c;
            if (c->node->xdof >= 0) {
                values[mp[O_SZ]] += cq * lamT * x.dc_rho;
                if (!x.slip) values[mp[O_RZ]] += ds * x.dc_rho;
            }
            if (j->b)
                for (k = 0; k < 3; k++) {
                    values[mp[O_SP + k]] += cq * lamT * x.dc_psi[k];
                    if (!x.slip) values[mp[O_RP + k]] += ds * x.dc_psi[k];
                    else if (x.N > 0.0) values[mp[O_RP + k]] += d->mu * x.sigma * x.dN_psi[k] / eps;
                }
            if (!x.slip) {
                /* c e_s: s appears in both elements; its entry is the same position */
                for (k = 0; k < x.ne; k++) {
                    for (b = 0; b < el_ndof(x.e[k]->ops); b++)
                        if (ac_element_dof(x.e[k], b) == sd) break;
                    if (b < el_ndof(x.e[k]->ops)) {
                        values[mp[O_RE + k * EL_MAX_DOF + b]] += x.c;
                        break;
                    }
                }
            } else {
                values[mp[O_RR]] -= 1.0 / (eps * cl);
                if (x.N > 0.0)
                    for (k = 0; k < 3; k++)
                        if (mp[O_RH + k] >= 0) values[mp[O_RH + k]] += d->mu * x.sigma * x.dN_h[k] / (eps * cl);
            }
            if (d->ground)
                for (k = 0; k < 3; k++) {
                    values[mp[O_XR + k]] -= x.t[k];
                    if (!x.slip) values[mp[O_RX + k]] -= x.t[k];
                }
            if (d->surface) surface_jacobian(j, &x, lamT, cq, mp, values);
            if (d->mode == FR_SHEAVE)
                for (k = 0; k < SX_N; k++) {
                    if (mp[O_SX + k] < 0) continue;
                    values[mp[O_SX + k]] += cq * lamT * x.sdc[k];
                    if (!x.slip) values[mp[O_RS + k]] += x.sdw[k];
                    else if (x.N > 0.0)
                        values[mp[O_RS + k]] += d->mu * x.sigma * x.sdN[k] / (k >= SX_L1 ? eps * cl : eps);
                    for (b = 0; b < 9; b++) values[mp[O_PS + b * SX_N + k]] += cq * lamT * x.pJ[b][k];
                }
            if (d->mode == FR_SHEAVE)
                for (b = 0; b < 9; b++) values[mp[O_PR + b]] += x.pr[b];
        }
    }
}

/* Friction rows are not holonomic: no rates to stabilize */
static void friction_rates(const alecable_joint *j, double t, const double *q, const double *v, double *gdot,
                           double *gamma)
{
    int i;
    (void)t;
    (void)q;
    (void)v;
    for (i = 0; i < fr_of(j)->count; i++) gdot[j->row0 + i] = gamma[j->row0 + i] = 0.0;
}

/* The law acts on material flow: every node needs its s free */
static int friction_check(alecable_model *m, const alecable_joint *j)
{
    const fr_data *d = fr_of(j);
    int i;
    for (i = 0; i < d->count; i++) {
        const alecable_node *n = d->c[i].node;
        if (n->cable->lagrangian)
            return ac_fail(m, ALECABLE_ESTATE,
                           "friction contact %d: node %d is on a Lagrangian cable, whose material does not flow", i,
                           n->index);
        if (!ac_node_s_is_free(m, n))
            return ac_fail(m, ALECABLE_ESTATE,
                           "friction contact %d: the s of node %d is held (no flow to resist): free it or drop the "
                           "contact", i, n->index);
    }
    return ALECABLE_OK;
}

static int friction_history(alecable_joint *j, int op, double *buf, const double *q, const double *lambda, double t)
{
    fr_data *d = fr_of(j);
    int i;
    if (op == HIST_SIZE) return FJ_N + FH_N * d->count;
    if (op == HIST_GET) memcpy(buf, d->hist, sizeof d->hist);
    else if (op == HIST_SET) memcpy(d->hist, buf, sizeof d->hist);
    for (i = 0; i < d->count; i++) {
        fr_contact *c = d->c + i;
        c->last = 0; /* a step starts (or restarts) without memory */
        if (op == HIST_GET) memcpy(buf + FJ_N + FH_N * i, c->hist, sizeof c->hist);
        else if (op == HIST_SET) memcpy(c->hist, buf + FJ_N + FH_N * i, sizeof c->hist);
        else if (op == HIST_COMMIT) {
            contact_eval x;
            contact_state(j, i, q, lambda, 0, &x);
            /* slip: the law's branch, and the material moved past the
             * surface (by more than changes the augmented force by 1e-9 of
             * the limit); a contact at |lambda_T| = mu N that did not move
             * is stuck at the limit */
            c->hist[FH_STATE] = x.slip && c->eps * fabs(x.w) > 1e-9 * x.L ? ALECABLE_CONTACT_SLIP
                                                                            : ALECABLE_CONTACT_STICK;
            c->hist[FH_SLIP] = x.w;
            c->hist[FH_TOTAL] += fabs(x.w);
            c->hist[FH_WORK] += lambda[j->row0 + i] * x.w;
            c->hist[FH_S] = node_s_at(c->node, q);
            fr_surface_start(j, c, q);
        }
    }
    if (op == HIST_COMMIT) {
        d->hist[FJ_DIR] = t > d->hist[FJ_T] ? 1.0 : t < d->hist[FJ_T] ? -1.0 : 0.0;
        d->hist[FJ_T] = t;
    }
    return ALECABLE_OK;
}

const joint_ops joint_friction_ops = {friction_pattern, friction_maps, friction_eval, NULL,
                                      friction_rates,   NULL,          friction_check, friction_history,
                                      NULL};
