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
 * Derivatives in b's rotation follow rotation.h: d(R v)/dpsi_k = R (e_k x v). */
#include "contact.h"
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
    PER = 2 * E2 + 11
};

int fr_hold_rows(const fr_contact *c, int rows[3])
{
    int k;
    if (c->hj) {
        for (k = 0; k < 3; k++) rows[k] = c->hj->row0 + 3 * c->hunit + k;
        return 1;
    }
    if (c->hc[0]) {
        for (k = 0; k < 3; k++) rows[k] = c->hc[k]->row;
        return 1;
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
    int have_h = d->mode != FR_GIVEN && fr_hold_rows(c, hr), psi = j->b ? j->b->node.dof0 + 3 : -1;
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
            if (e[k]->dofs[b] < 0) continue;
            ENTRY(O_SE + k * EL_MAX_DOF + b, sd, e[k]->dofs[b]);
            ENTRY(O_RE + k * EL_MAX_DOF + b, R, e[k]->dofs[b]);
        }
    ENTRY(O_SR, sd, R);
    ENTRY(O_RR, R, R);
    if (psi >= 0)
        for (k = 0; k < 3; k++) {
            ENTRY(O_SP + k, sd, psi + k);
            ENTRY(O_RP + k, R, psi + k);
        }
    if (have_h)
        for (k = 0; k < 3; k++) ENTRY(O_RH + k, R, nq + hr[k]);
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
    double N, dN_h[3], dN_psi[3];   /* normal force and its derivatives */
    double w, tau, L;               /* slip, augmented force, slip limit */
    int slip, sigma;
} contact_eval;

static void contact_state(const alecable_joint *j, int i, const double *q, const double *lambda, int grad,
                          contact_eval *x)
{
    const fr_data *d = fr_of(j);
    const fr_contact *c = d->c + i;
    const double lamT = lambda[j->row0 + i];
    double R[9], v[3], tmp;
    int k, hr[3];
    memset(x, 0, sizeof *x);
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
    x->N = c->fn;
    if (d->mode != FR_GIVEN && fr_hold_rows(c, hr)) {
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
        if (r) {
            r[sd] += lamT * x.c;
            r[nq + j->row0 + i] = x.slip ? (x.L * x.sigma - lamT) / eps : x.w;
        }
        /* The first iteration of a step starts at the converged state (w = 0
         * exactly), where a contact that slipped in the last step is at
         * |lambda_T| = L of the old N.  When the load goes on in the same
         * sense, the stick branch's Jacobian would free the contacts one per
         * iteration (the stuck neighbour of each slipping node holds the load
         * back); there, as a return mapping takes the last converged tangent,
         * the slip branch's is used.  When the load turns back, the stick
         * branch is the right guess (the friction has to reverse).  The
         * residual is the law's, so only that one step is inexact. */
        if (values && !x.slip && x.w == 0.0 && c->hist[FH_STATE] == ALECABLE_CONTACT_SLIP && x.L > 0.0 &&
            (t - d->hist[FJ_T]) * d->hist[FJ_DIR] > 0.0) {
            x.slip = 1;
            x.sigma = lamT >= 0.0 ? 1 : -1;
        }
        if (values) {
            const int *mp = j->map + i * PER;
            const double ds = node_s_at(c->node, q) - c->hist[FH_S];
            const double cl = cq > 0.0 ? cq : 1.0; /* at the acceleration level (cq = 0) lambda is unscaled */
            for (k = 0; k < x.ne; k++)
                for (b = 0; b < el_ndof(x.e[k]->ops); b++)
                    if (mp[O_SE + k * EL_MAX_DOF + b] >= 0) {
                        values[mp[O_SE + k * EL_MAX_DOF + b]] += cq * lamT * x.grad[k * EL_MAX_DOF + b];
                        if (!x.slip) values[mp[O_RE + k * EL_MAX_DOF + b]] += ds * x.grad[k * EL_MAX_DOF + b];
                    }
            values[mp[O_SR]] += x.c;
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
                        if (x.e[k]->dofs[b] == sd) break;
                    if (b < el_ndof(x.e[k]->ops)) {
                        values[mp[O_RE + k * EL_MAX_DOF + b]] += x.c;
                        break;
                    }
                }
            } else {
                values[mp[O_RR]] -= 1.0 / (eps * cl);
                if (x.N > 0.0 && mp[O_RH] >= 0)
                    for (k = 0; k < 3; k++) values[mp[O_RH + k]] += d->mu * x.sigma * x.dN_h[k] / (eps * cl);
            }
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
        if (op == HIST_GET) memcpy(buf + FJ_N + FH_N * i, c->hist, sizeof c->hist);
        else if (op == HIST_SET) memcpy(c->hist, buf + FJ_N + FH_N * i, sizeof c->hist);
        else if (op == HIST_COMMIT) {
            contact_eval x;
            contact_state(j, i, q, lambda, 0, &x);
            c->hist[FH_STATE] = x.slip ? ALECABLE_CONTACT_SLIP : ALECABLE_CONTACT_STICK;
            c->hist[FH_SLIP] = x.w;
            c->hist[FH_TOTAL] += fabs(x.w);
            c->hist[FH_WORK] += lambda[j->row0 + i] * x.w;
            c->hist[FH_S] = node_s_at(c->node, q);
        }
    }
    if (op == HIST_COMMIT) {
        d->hist[FJ_DIR] = t > d->hist[FJ_T] ? 1.0 : t < d->hist[FJ_T] ? -1.0 : 0.0;
        d->hist[FJ_T] = t;
    }
    return ALECABLE_OK;
}

const joint_ops joint_friction_ops = {friction_pattern, friction_maps, friction_eval, NULL,
                                      friction_rates,   NULL,          friction_check, friction_history};
