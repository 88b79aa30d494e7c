/* Coulomb slip friction of a cable on a pulley (paper 000 sec. 4.3.2).
 *
 * At an interior node i of a wrap (held on the pulley, material free) the
 * normal contact force is N_i = -lambda_i . n_i (lambda_i: the node's three
 * multipliers, the force of the cable on the pulley; n_i: the outward
 * normal).  The friction force on the cable is T = mu N_i along the pulley's
 * tangent t_i (oriented towards increasing s), against the material flow:
 *     f_i = -flow mu N_i t_i = flow mu (lambda_i . n_i) t_i.
 * The node is held in space, so f_i does no spatial work; it enters the
 * material equation as the configurational point load of eq. 47 (eq. 70,
 * averaged over the node's two elements, node_config):
 *     r_s(i) += (f_i . x_xi) xi_s.
 * Derivatives: with respect to the two elements' dofs (node_config's
 * gradient, weighted by cq like every dr/dq) and to lambda_i (plain, like
 * G^T): flow mu (t_i . x_xi) xi_s n_i.  The pulley's rotation moves n_i and
 * t_i; that derivative is left out (the cases here hold the pulley's
 * rotation; a free pulley would converge linearly in that direction).
 *
 * Limits of this slip-only law: the direction is given (flow), not found;
 * it holds when the cable slides on the whole wrap at the slip limit (the
 * capstan case); stick, and a change of the sliding direction during a
 * solve, are not modelled (paper 004's augmented-Lagrangian law is).
 *
 * On a sheave (lib/bodies/sheave.c) the nodes move along the circle: the
 * normal and tangent are the node's own (sheave_frame.c), with their
 * derivatives in the positions and the body's pose, and the flow check
 * counts the node's travel (pulley_friction_flow).  A sheave's equations
 * carry no torque about its axis, so the friction force acts in space too,
 * on the node and, reversed, on the sheave's body at the node: the pair of
 * the stick/slip law (contact.c, fr_sheave_pair), the force -flow mu N_i
 * kappa_i (node_kappa: the sheave's torque R (T1 - T2) on the chord
 * polygon), instead of reaching the free spans' nodes through the mesh
 * rows. */
#include "friction.h"
#include "../bodies/bodies.h"
#include "../bodies/rotation.h"
#include "../loads/loads.h"
#include "../loads/load_ops.h"

#include <math.h>
#include <string.h>

/* Per interior node, the Jacobian's positions: the two elements' dofs, then
 * the extra columns: a wrap's three multipliers of the node; a sheave's
 * (friction.h: SX_*). */
enum { NX = SX_N, E2 = 2 * EL_MAX_DOF, O_PAIR = E2 + NX, O_PE = O_PAIR + 9 * NX, PER_NODE = O_PE + 9 * E2 };

static int is_sheave(const alecable_joint *j) { return j->kind == JOINT_SHEAVE; }

ALECABLE_API int alecable_pulley_friction(alecable_load **out, alecable_model *m, alecable_joint *wrap, double mu,
                                          int flow)
{
    alecable_load *l;
    int st;
    if ((st = ac_check_model(m))) return st;
    if (out) *out = NULL;
    if (wrap && wrap->magic == MAGIC_JOINT && wrap->model == m && wrap->kind == JOINT_SHEAVE) {
        if (wrap->count < 3)
            return ac_fail(m, ALECABLE_EINVAL, "the sheave has %d nodes: friction acts on interior ones (3 at least)",
                           wrap->count);
    } else if ((st = joint_check_kind(m, wrap, JOINT_WRAP, "wrap", "a pulley wrap or a sheave")))
        return st;
    if (!(mu >= 0.0) || !isfinite(mu)) return ac_fail(m, ALECABLE_EINVAL, "mu = %g must be finite and >= 0", mu);
    if (flow != 1 && flow != -1) return ac_fail(m, ALECABLE_EINVAL, "flow = %d must be +1 or -1", flow);
    if (!(l = ac_load_alloc(m, &load_pulley_friction_ops))) return ALECABLE_ENOMEM;
    l->joint = wrap;
    l->mu = mu;
    l->flow = flow;
    if ((st = ac_load_push(m, l, out))) return st;
    if (wrap->kind == JOINT_SHEAVE) wrap->friction_users++;
    return ALECABLE_OK;
}

/* a sheave's rows of the friction force's spatial pair (fr_sheave_pair):
 * x_i, x_b, psi_b */
static void pair_rows(const alecable_joint *j, int i, int *rows)
{
    int k;
    for (k = 0; k < 3; k++) {
        rows[k] = j->nodes[i]->dof0 + k;
        rows[3 + k] = j->b->node.dof0 + k;
        rows[6 + k] = j->b->node.dof0 + 3 + k;
    }
}

/* the extra columns of interior node i (-1: none) */
static void extra_cols(const alecable_joint *j, int i, int nq, int *c)
{
    int k;
    if (is_sheave(j)) {
        fr_sheave_cols(j, i, nq, c);
        return;
    }
    for (k = 0; k < NX; k++) c[k] = -1;
    for (k = 0; k < 3; k++) c[k] = nq + j->row0 + 3 * i + k;
}

static int pulley_friction_pattern(const alecable_load *l, sp_builder *b, int nq)
{
    const alecable_joint *j = l->joint;
    int i, k, a, st, c[NX], rows[9];
    for (i = 1; i + 1 < j->count; i++) {
        extra_cols(j, i, nq, c);
        for (k = 0; k < NX; k++)
            if (c[k] >= 0 && (st = sp_builder_add(b, node_sdof(j->nodes[i]), c[k]))) return st;
        if (!is_sheave(j)) continue;
        pair_rows(j, i, rows);
        for (a = 0; a < 9; a++) {
            const alecable_node *n = j->nodes[i];
            const alecable_element *e[2] = {ac_node_left(n), ac_node_right(n)};
            int m, d;
            for (k = 0; k < NX; k++)
                if (c[k] >= 0 && (st = sp_builder_add(b, rows[a], c[k]))) return st;
            for (m = 0; m < 2; m++)
                if (e[m])
                    for (d = 0; d < el_ndof(e[m]->ops); d++)
                        if (ac_element_dof(e[m], d) >= 0 &&
                            (st = sp_builder_add(b, rows[a], ac_element_dof(e[m], d))))
                            return st;
        }
    }
    return 0;
}

static int pulley_friction_maps(alecable_model *m, alecable_load *l, const sp_pattern *p, int nq)
{
    const alecable_joint *j = l->joint;
    int i, k, b, c[NX];
    l->map = (int *)ac_malloc(&m->alloc, (size_t)(j->count > 0 ? j->count : 1) * PER_NODE * sizeof(int));
    if (!l->map) return -1;
    for (i = 0; i < j->count * PER_NODE; i++) l->map[i] = -1;
    for (i = 1; i + 1 < j->count; i++) {
        const alecable_node *n = j->nodes[i];
        const alecable_element *e[2];
        int ne = 0, row = node_sdof(n), *mp = l->map + i * PER_NODE;
        if (ac_node_left(n)) e[ne++] = ac_node_left(n);
        if (ac_node_right(n)) e[ne++] = ac_node_right(n);
        for (k = 0; k < ne; k++)
            for (b = 0; b < el_ndof(e[k]->ops); b++)
                if ((mp[k * EL_MAX_DOF + b] = sp_find(p, row, ac_element_dof(e[k], b))) < 0) return -1;
        extra_cols(j, i, nq, c);
        for (k = 0; k < NX; k++)
            if (c[k] >= 0 && (mp[2 * EL_MAX_DOF + k] = sp_find(p, row, c[k])) < 0) return -1;
        if (is_sheave(j)) {
            int rows[9], a;
            pair_rows(j, i, rows);
            for (a = 0; a < 9; a++) {
                for (k = 0; k < NX; k++)
                    if (c[k] >= 0 && (mp[O_PAIR + a * NX + k] = sp_find(p, rows[a], c[k])) < 0) return -1;
                for (k = 0; k < ne; k++)
                    for (b = 0; b < el_ndof(e[k]->ops); b++)
                        if (ac_element_dof(e[k], b) >= 0 &&
                            (mp[O_PE + a * E2 + k * EL_MAX_DOF + b] = sp_find(p, rows[a], ac_element_dof(e[k], b))) < 0)
                            return -1;
            }
        }
    }
    return 0;
}

/* normal force N_i and tangent t_i in space of interior node i */
static void node_frame(const alecable_load *l, int i, const double *q, const double *lambda, double *N, double t[3])
{
    const alecable_joint *j = l->joint;
    if (is_sheave(j)) {
        fr_sheave g;
        fr_sheave_eval(j, i, q, lambda, &g);
        *N = g.N;
        rot_mul(g.R, g.t, t);
    } else {
        const double *lam = lambda + j->row0 + 3 * i;
        double n[3];
        wrap_frame(j, i, q, n, t);
        *N = -(lam[0] * n[0] + lam[1] * n[1] + lam[2] * n[2]);
    }
}

/* kappa = c / stretch at node n (contact.c's contact_kappa: c = t . gs,
 * gs = node_config's dx/ds, the stretch the mean |dx/ds| of its elements),
 * and, when dk is given, its derivatives in the elements' dofs at fixed t
 * (node_config's layout; dc: c's, from node_config).  The spatial force
 * lambda kappa t makes the sheave's torque R (T1 - T2) on the chord polygon
 * exactly (contact.c). */
static double node_kappa(const alecable_node *n, const double *q, const double t[3], const double gs[3],
                         const double *dc, double *dk)
{
    const alecable_element *e[2];
    double stretch = 0.0, ds[E2], c = dot3v(t, gs);
    int ne = node_elements(n, e), k, b, a;
    memset(ds, 0, sizeof ds);
    for (k = 0; k < ne; k++) {
        double qe[EL_MAX_DOF], g[3], jinv, dg[3 * EL_MAX_DOF], dj[EL_MAX_DOF], ng;
        const int nd = el_ndof(e[k]->ops);
        ac_gather(e[k], q, qe);
        e[k]->ops->end_gradient(&e[k]->par, qe, e[k]->b == n, g, &jinv, dg, dj);
        ng = sqrt(dot3v(g, g));
        stretch += ng * fabs(jinv) / ne;
        if (dk && ng > 0.0)
            for (b = 0; b < nd; b++) {
                double gd = 0.0;
                for (a = 0; a < 3; a++) gd += g[a] * dg[a * nd + b];
                ds[k * EL_MAX_DOF + b] += (gd / ng * fabs(jinv) + ng * (jinv >= 0.0 ? 1.0 : -1.0) * dj[b]) / ne;
            }
    }
    if (!(stretch > 0.0)) {
        if (dk) memset(dk, 0, E2 * sizeof(double));
        return 1.0;
    }
    if (dk)
        for (b = 0; b < E2; b++) dk[b] = dc[b] / stretch - c * ds[b] / (stretch * stretch);
    return c / stretch;
}

void pulley_friction_residual(const alecable_load *l, const double *q, const double *lambda, double *r)
{
    const alecable_joint *j = l->joint;
    int i, k;
    for (i = 1; i + 1 < j->count; i++) {
        const alecable_element *e[2];
        double f[3], t[3], N, v;
        int ne;
        node_frame(l, i, q, lambda, &N, t);
        for (k = 0; k < 3; k++) f[k] = -l->flow * l->mu * N * t[k];
        node_config(j->nodes[i], q, f, &v, NULL, e, &ne);
        r[node_sdof(j->nodes[i])] += v;
        if (is_sheave(j)) { /* the force's spatial pair: on the node, and on the sheave's body (its torque) */
            fr_sheave g;
            double pr[9], pj[9][SX_N], gs[3], kap;
            int rows[9];
            for (k = 0; k < 3; k++) {
                double ek[3] = {0.0, 0.0, 0.0};
                ek[k] = 1.0;
                node_config(j->nodes[i], q, ek, gs + k, NULL, e, &ne);
            }
            kap = node_kappa(j->nodes[i], q, t, gs, NULL, NULL);
            fr_sheave_eval(j, i, q, lambda, &g);
            fr_sheave_pair(&g, j->axis, -l->flow * l->mu * g.N * kap, NULL, pr, pj);
            pair_rows(j, i, rows);
            for (k = 0; k < 9; k++) r[rows[k]] += pr[k];
        }
    }
}

/* A sheave's extra columns of v = -flow mu N h, h = t . g (g = node_config's
 * dx/ds, so that h = node_config(t)): dv = -flow mu (h dN + N g . dt). */
static void sheave_extra(const alecable_load *l, int i, const double *q, const double *lambda, const double gs[3],
                         double h, double *dv)
{
    const double c = -l->flow * l->mu;
    fr_sheave g;
    int k;
    fr_sheave_eval(l->joint, i, q, lambda, &g);
    for (k = 0; k < NX; k++) dv[k] = 0.0;
    fr_sheave_dN(&g, c * h, dv);
    fr_sheave_dt(&g, l->joint->axis, gs, c * g.N, dv);
}

void pulley_friction_jacobian(const alecable_load *l, const double *q, const double *lambda, double cq,
                              double *values)
{
    const alecable_joint *j = l->joint;
    int i, k, b;
    for (i = 1; i + 1 < j->count; i++) {
        const alecable_element *e[2];
        const int *mp = l->map + i * PER_NODE;
        double f[3], t[3], N, v, vt, grad[2 * EL_MAX_DOF];
        int ne;
        node_frame(l, i, q, lambda, &N, t);
        for (k = 0; k < 3; k++) f[k] = -l->flow * l->mu * N * t[k];
        node_config(j->nodes[i], q, f, &v, grad, e, &ne);
        for (k = 0; k < ne; k++)
            for (b = 0; b < el_ndof(e[k]->ops); b++) values[mp[k * EL_MAX_DOF + b]] += cq * grad[k * EL_MAX_DOF + b];
        node_config(j->nodes[i], q, t, &vt, NULL, e, &ne);
        if (is_sheave(j)) {
            /* multiplier columns plain (like G^T), position columns weighted by cq */
            double gs[3], dv[NX];
            for (k = 0; k < 3; k++) {
                double ek[3] = {0.0, 0.0, 0.0};
                ek[k] = 1.0;
                node_config(j->nodes[i], q, ek, gs + k, NULL, e, &ne);
            }
            fr_sheave g;
            double dl[NX], pr[9], pu[9], pj[9][SX_N], dc[E2], dk[E2], gk[3], kap, lam;
            int a;
            sheave_extra(l, i, q, lambda, gs, vt, dv);
            for (k = 0; k < NX; k++)
                if (mp[2 * EL_MAX_DOF + k] >= 0) values[mp[2 * EL_MAX_DOF + k]] += (k >= SX_L1 ? 1.0 : cq) * dv[k];
            /* the pair lam t, lam = -flow mu N kappa: dlam over the columns through N and t (kappa =
             * t . gs / stretch), and over the elements' dofs through kappa at fixed t */
            node_config(j->nodes[i], q, t, &vt, dc, e, &ne);
            kap = node_kappa(j->nodes[i], q, t, gs, dc, dk);
            fr_sheave_eval(j, i, q, lambda, &g);
            lam = -l->flow * l->mu * g.N;
            for (k = 0; k < NX; k++) dl[k] = 0.0;
            fr_sheave_dN(&g, -l->flow * l->mu * kap, dl);
            for (k = 0; k < 3; k++) gk[k] = kap * gs[k] / vt; /* gs / stretch (vt = c = kappa stretch) */
            if (vt != 0.0) fr_sheave_dt(&g, j->axis, gk, lam, dl);
            fr_sheave_pair(&g, j->axis, 1.0, NULL, pu, pj); /* the pair per unit force */
            fr_sheave_pair(&g, j->axis, lam * kap, dl, pr, pj);
            for (a = 0; a < 9; a++) {
                for (k = 0; k < NX; k++)
                    if (mp[O_PAIR + a * NX + k] >= 0)
                        values[mp[O_PAIR + a * NX + k]] += (k >= SX_L1 ? 1.0 : cq) * pj[a][k];
                for (k = 0; k < E2; k++)
                    if (mp[O_PE + a * E2 + k] >= 0) values[mp[O_PE + a * E2 + k]] += cq * lam * dk[k] * pu[a];
            }
        } else {
            /* d v / d lambda_i: v is linear in f, f linear in lambda_i */
            double n[3];
            wrap_frame(j, i, q, n, NULL);
            for (k = 0; k < 3; k++) values[mp[2 * EL_MAX_DOF + k]] += l->flow * l->mu * vt * n[k];
        }
    }
}

/* The material's travel past the surface at interior node k over the
 * solve, in units of s (flow +1 carries it towards increasing s past the
 * node: the node's s falls): on a wrap the node is held, so that is the
 * change of its s; a sheave's node moves along the circle too (its mesh),
 * and the material point now at the node was t . (x - x0) / |dx/ds| further
 * along when the solve began, so it moved by ds - t . dx / |dx/ds| in s. */
int pulley_friction_flow(const alecable_load *l, const double *q0, const double *q, int *node, double *ds)
{
    const alecable_joint *j = l->joint;
    int k, i;
    for (k = 1; k + 1 < j->count; k++) {
        int d = node_sdof(j->nodes[k]);
        double dk;
        if (d < 0) continue;
        dk = q[d] - q0[d];
        if (is_sheave(j)) {
            const alecable_element *e[2];
            const double *x = q + j->nodes[k]->dof0, *x0 = q0 + j->nodes[k]->dof0;
            double t[3], c, dx[3];
            fr_sheave g;
            int ne;
            fr_sheave_eval(j, k, q, NULL, &g);
            rot_mul(g.R, g.t, t);
            node_config(j->nodes[k], q, t, &c, NULL, e, &ne);
            for (i = 0; i < 3; i++) dx[i] = x[i] - x0[i];
            if (c > 0.0) dk -= dot3v(t, dx) / c;
        }
        if (l->flow * dk > 1e-8 * (1.0 + fabs(q0[d]))) {
            *node = k;
            *ds = dk;
            return 0;
        }
    }
    return 1;
}

/* paper 000's slip law acts on the material equations */
static int pulley_friction_check(alecable_model *m, const alecable_load *l, int i)
{
    if (l->joint->count > 0 && l->joint->nodes[0]->cable->lagrangian)
        return ac_fail(m, ALECABLE_ESTATE,
                       "load %d: pulley friction acts on the material equations, which a Lagrangian cable has not", i);
    return ALECABLE_OK;
}

const load_ops load_pulley_friction_ops = {LOAD_PULLEY_FRICTION, "pulley friction", LOAD_ON_JOINT, 0, NULL,
                                           pulley_friction_check, pulley_friction_pattern, pulley_friction_maps,
                                           NULL, NULL, NULL};
