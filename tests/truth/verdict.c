/* Independent verdicts on a returned ALECABLE_OK.
 *
 * Statics (the state q, lambda at load factor t the solver returned):
 *  (a) residual by a separate path: central differences of the Lagrangian
 *      L(q) = W_int + W_ext + lambda . g(q) (alecable_model_energy(), the
 *      constraint rows of the problem), along the problem's own update so
 *      that body rotations are perturbed on their group: dL/dq_j must
 *      vanish to TOL_RES of the applied-load scale (per unit of the dof:
 *      N for positions and s, N m for slopes, roll and rotations), plus
 *      the difference's own error, measured by a second step 2 delta.
 *      Pulley slip friction (no potential) acts on the wrap's interior s
 *      equations: those rows, and every row of a stick/slip model, are
 *      judged by the problem's residual recomputed at the returned state.
 *  (b) constraints: every g_i within TOL_G (1 + L); the fixed ends where
 *      they were put (at x0 + t delta for a prescribed one), the wrap's
 *      nodes on the circle, the attached end on its body.
 *  (c) curvature: L along smooth random fields of the free nodes
 *      (positions, slopes consistent), which leave every constraint alone:
 *      a second difference below zero (beyond the rounding) is a saddle.
 *  (d) a refined solve (more load steps) of the same model: a different
 *      equilibrium with a lower energy means the returned one is not the
 *      minimum the load path reaches; with slip friction, any difference.
 * Dynamics (truth_run_dynamics records the energy at every step):
 *  (a) energy balance: T + W_int + W_ext may not grow beyond TOL_EGROW of
 *      the energy exchanged (the loads are constant and conservative, the
 *      supports do no work, friction only takes energy);
 *  (b) constraints at the end (index-3 methods to TOL_G, semi-implicit
 *      ones, whose Baumgarte term lets them drift, to TOL_G_SI);
 *  (c) an h/4 rerun: the end positions agree within TOL_H4 of the motion, or
 *      else an h/2 run lies nearer to the h/4 one than the h run does
 *      (TOL_H2_RATIO): the answers converge as h shrinks. */
#include "truth.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

#define TOL_RES 1e-4   /* residual / applied-load scale */
#define TOL_G 1e-7     /* constraint violation / (1 + L) */
#define TOL_G_SI 1e-3  /* the same for the semi-implicit methods' drift */
#define TOL_NEG 1e-3   /* negative second difference / first differences */
#define TOL_REF_X 1e-6 /* refined solve: positions differ by this share of L */
#define TOL_REF_E 1e-6 /* refined solve: energy higher by this share of F L */
#define TOL_EGROW 0.05 /* dynamics: energy created / energy exchanged */
#define TOL_H4 0.25    /* dynamics: h vs h/4 end positions / largest motion */
#define TOL_H2_RATIO 0.7 /* dynamics: |x_h/2 - x_h/4| / |x_h - x_h/4| beyond which h decides the answer */
#define MAX_FD_DOFS 240

typedef struct lag_ctx {
    alecable_model *m;
    alecable_problem p;
    int nq, nlam;
    double t, *lam, *r, *qw;
    double w_int, w_ext;
} lag_ctx;

static int lag_eval(lag_ctx *c, const double *q, double *L)
{
    double wi, we, lg = 0.0;
    int i, st = alecable_model_set_state(c->m, q, NULL, c->t);
    if (st) return st;
    if ((st = alecable_model_energy(c->m, &wi, &we))) return st;
    if (c->nlam) {
        if ((st = c->p.residual(c->p.ctx, c->t, q, NULL, NULL, c->lam, c->r))) return st;
        for (i = 0; i < c->nlam; i++) lg += c->lam[i] * c->r[c->nq + i];
    }
    c->w_int = wi;
    c->w_ext = we;
    *L = wi + we + lg;
    return 0;
}

/* L at q0 (+) eps e_j */
static int lag_dof(lag_ctx *c, const double *q0, int j, double eps, double *L)
{
    double *dq = c->r; /* reused below: residual overwrites it after the update */
    int st;
    memcpy(c->qw, q0, sizeof(double) * (size_t)c->nq);
    memset(dq, 0, sizeof(double) * (size_t)c->nq);
    dq[j] = 1.0;
    if (c->p.update) {
        if ((st = c->p.update(c->p.ctx, c->qw, dq, eps))) return st;
    } else {
        c->qw[j] += eps;
    }
    return lag_eval(c, c->qw, L);
}

/* what each q entry is: 0 position / s (N), 1 slope or roll (N m per unit), 2 rotation (N m) */
static void dof_kinds(truth_model *tm, int nq, int *kind)
{
    static const int cable_dofs[] = {ALECABLE_DOF_X, ALECABLE_DOF_Y, ALECABLE_DOF_Z, ALECABLE_DOF_S,
                                     ALECABLE_DOF_DX, ALECABLE_DOF_DY, ALECABLE_DOF_DZ, ALECABLE_DOF_ROLL};
    int i, k, idx;
    for (i = 0; i < nq; i++) kind[i] = 2; /* bodies (numbered last) until a cable node claims it */
    for (i = 0; i < tm->n_nodes; i++)
        for (k = 0; k < 8; k++)
            if (!alecable_node_dof_index(tm->nodes[i], cable_dofs[k], &idx) && idx >= 0 && idx < nq)
                kind[idx] = cable_dofs[k] <= ALECABLE_DOF_S ? 0 : 1;
    /* body translations are forces */
    (void)0;
}

static void body_translation_kinds(alecable_model *m, alecable_body *b, int nq, int *kind)
{
    alecable_node *bn;
    int d, idx;
    (void)m;
    if (!b || alecable_body_node(&bn, b)) return;
    for (d = 0; d < 3; d++)
        if (!alecable_node_dof_index(bn, d, &idx) && idx >= 0 && idx < nq) kind[idx] = 0;
}

static double maxabs(const double *v, int n)
{
    double a = 0.0;
    int i;
    for (i = 0; i < n; i++)
        if (fabs(v[i]) > a) a = fabs(v[i]);
    return a;
}

static void material_point(const truth_model *tm, double s, double x[3]);

static int solve_refined(const truth_spec *s, truth_model *ref, int steps, char *why, size_t len)
{
    alecable_quasistatic_options o;
    int st = truth_build(ref, s, why, len);
    if (st) return st;
    alecable_quasistatic_options_init(&o);
    o.load_steps = steps;
    o.clock = ALECABLE_CLOCK_LOAD_FACTOR;
    return alecable_solve_quasistatic(ref->m, &o, NULL);
}

int truth_judge_statics(truth_model *tm, const truth_spec *s, char *why, size_t len, char *note, size_t nlen)
{
    alecable_model *m = tm->m;
    lag_ctx c;
    truth_rng rng;
    double *q0 = NULL, *lib_r = NULL, he = s->L / (s->n > 0 ? s->n : 1), xmax, noise, lam_abs = 0.0, L0;
    double worst = 0.0, worst_val = 0.0, worst_tol = 0.0, gmax, gtol;
    int *kind = NULL, nq, nlam, st, i, j, worst_j = -1, wrong = 0, nfd, lib_path;
    note[0] = 0;
    why[0] = 0;
    memset(&c, 0, sizeof c);
    if ((st = alecable_model_sizes(m, &nq, &nlam))) {
        snprintf(why, len, "verdict: model_sizes %s", alecable_strerror(st));
        return 1;
    }
    q0 = (double *)calloc((size_t)nq + 1, sizeof *q0);
    c.lam = (double *)calloc((size_t)nlam + 1, sizeof(double));
    c.r = (double *)calloc((size_t)(nq + nlam) + 1, sizeof(double));
    lib_r = (double *)calloc((size_t)(nq + nlam) + 1, sizeof(double));
    c.qw = (double *)calloc((size_t)nq + 1, sizeof(double));
    kind = (int *)calloc((size_t)nq + 1, sizeof(int));
    if (!q0 || !c.lam || !c.r || !lib_r || !c.qw || !kind) {
        snprintf(why, len, "verdict: out of memory");
        wrong = 1;
        goto out;
    }
    c.m = m;
    c.nq = nq;
    c.nlam = nlam;
    if ((st = alecable_model_get_state(m, q0, c.lam, &c.t)) || (st = alecable_model_problem(&c.p, m))) {
        snprintf(why, len, "verdict: get_state/problem %s", alecable_strerror(st));
        wrong = 1;
        goto out;
    }
    if (fabs(c.t - 1.0) > 1e-12) {
        snprintf(why, len, "returned load factor %.17g, not 1", c.t);
        wrong = 1;
        goto out;
    }
    dof_kinds(tm, nq, kind);
    body_translation_kinds(m, tm->body, nq, kind);
    for (i = 0; i < nlam; i++) lam_abs += fabs(c.lam[i]);
    xmax = maxabs(q0, nq) + tm->l_ref;
    if ((st = c.p.residual(c.p.ctx, c.t, q0, NULL, NULL, c.lam, lib_r))) {
        snprintf(why, len, "verdict: residual at the returned state failed: %s", alecable_strerror(st));
        wrong = 1;
        goto out;
    }
    if ((st = lag_eval(&c, q0, &L0))) {
        snprintf(why, len, "verdict: energy at the returned state: %s", alecable_strerror(st));
        wrong = 1;
        goto out;
    }
    if (getenv("TRUTH_DEBUG")) {
        double emin = 1e300, emax = -1e300, e;
        alecable_element *el;
        for (i = 0; i + 1 < tm->n_nodes; i++)
            if (!alecable_cable_element(&el, tm->c, i) && !alecable_element_strain(el, &e)) {
                if (e < emin) emin = e;
                if (e > emax) emax = e;
            }
        fprintf(stderr, "returned state: strain %.3g .. %.3g, W_int %.6g J, W_ext %.6g J\n", emin, emax, c.w_int,
                c.w_ext);
    }
    /* rounding of one evaluation of L: the terms it sums, not their sum */
    noise = 64.0 * DBL_EPSILON * (fabs(c.w_int) + (tm->f_ref + lam_abs) * xmax);

    /* (b) constraints */
    gmax = 0.0;
    for (i = 0; i < nlam; i++)
        if (fabs(lib_r[nq + i]) > gmax) gmax = fabs(lib_r[nq + i]);
    gtol = TOL_G * (1.0 + tm->l_ref);
    if (!tm->stick_slip && gmax > gtol) {
        snprintf(why, len, "constraints: |g|max %.3g > %.3g", gmax, gtol);
        wrong = 1;
        goto out;
    }
    for (i = 0; i < 2; i++) {
        double x[3], e[3], d;
        if (!tm->fixed_end[i]) continue;
        alecable_node_position(tm->nodes[i ? tm->n_nodes - 1 : 0], x);
        memcpy(e, tm->x_fix[i], sizeof e);
        if (i && s->end == END_PRESCRIBE) e[0] += c.t * s->delta;
        d = sqrt((x[0] - e[0]) * (x[0] - e[0]) + (x[1] - e[1]) * (x[1] - e[1]) + (x[2] - e[2]) * (x[2] - e[2]));
        if (d > 1e-9 * (1.0 + tm->l_ref)) {
            snprintf(why, len, "constraints: node %d is %.3g m from its support", i ? tm->n_nodes - 1 : 0, d);
            wrong = 1;
            goto out;
        }
    }
    for (i = 0; i < tm->n_wrap; i++) {
        double x[3], d;
        alecable_node_position(tm->nodes[tm->wrap_nodes[i]], x);
        d = fabs(sqrt(x[0] * x[0] + x[1] * x[1]) - s->pulley_R) + fabs(x[2]);
        if (d > gtol) {
            snprintf(why, len, "constraints: wrap node %d is %.3g m off the pulley", tm->wrap_nodes[i], d);
            wrong = 1;
            goto out;
        }
    }

    /* (a) residual by differences of L (or the library's residual where L has no potential) */
    rng.s = s->seed * 7919ULL + 17u;
    nfd = nq <= MAX_FD_DOFS ? nq : MAX_FD_DOFS;
    lib_path = tm->stick_slip;
    for (i = 0; i < nfd; i++) {
        double scale, eps, lp, lm, lp2, lm2, d1, d2, tol, val;
        int is_s = 0;
        j = nq <= MAX_FD_DOFS ? i : (i < 8 ? (i < 4 ? i : nq - 8 + i) : truth_int(&rng, 0, nq - 1));
        if (j < 0 || j >= nq) continue;
        scale = tm->f_ref * (kind[j] == 0 ? 1.0 : kind[j] == 1 ? he : tm->l_ref);
        if (tm->friction_s_skip) {
            int k;
            for (k = 1; k + 1 < tm->n_wrap; k++) {
                int idx;
                if (!alecable_node_dof_index(tm->nodes[tm->wrap_nodes[k]], ALECABLE_DOF_S, &idx) && idx == j) is_s = 1;
            }
        }
        if (s->ale) { /* a load at a mesh node does configurational work on its s (paper 000 eq. 47): no potential */
            int k, idx;
            for (k = 0; k < s->nloads; k++) {
                int nn = s->load_node[k] >= tm->n_nodes ? tm->n_nodes - 1 : s->load_node[k];
                if (!alecable_node_dof_index(tm->nodes[nn], ALECABLE_DOF_S, &idx) && idx == j) is_s = 1;
            }
        }
        if (lib_path || is_s) {
            val = fabs(lib_r[j]);
            tol = TOL_RES * scale;
        } else {
            eps = kind[j] == 0 ? 1e-7 * he : 1e-7;
            if ((st = lag_dof(&c, q0, j, eps, &lp)) || (st = lag_dof(&c, q0, j, -eps, &lm)) ||
                (st = lag_dof(&c, q0, j, 2 * eps, &lp2)) || (st = lag_dof(&c, q0, j, -2 * eps, &lm2))) {
                snprintf(note, nlen, "fd: a perturbed state was refused (%s) at q[%d]", alecable_strerror(st), j);
                continue;
            }
            d1 = (lp - lm) / (2 * eps);
            d2 = (lp2 - lm2) / (4 * eps);
            val = fabs(d1);
            tol = TOL_RES * scale + fabs(d1 - d2) + noise / eps;
        }
        if (getenv("TRUTH_DEBUG"))
            fprintf(stderr, "fd q[%d] kind %d: |dL/dq| %.6g tol %.3g library residual %.6g\n", j, kind[j], val, tol,
                    lib_r[j]);
        if (val / tol > worst) {
            worst = val / tol;
            worst_j = j;
            worst_val = val;
            worst_tol = tol;
        }
    }
    alecable_model_set_state(m, q0, NULL, c.t);
    if (worst > 1.0) {
        snprintf(why, len, "residual: |dL/dq[%d]| = %.3g > tol %.3g (%s; load scale %.3g N; solver's own "
                 "residual there %.3g)", worst_j, worst_val, worst_tol,
                 lib_path ? "library residual" : "energy differences", tm->f_ref, fabs(lib_r[worst_j]));
        wrong = 1;
        goto out;
    }

    /* (c) curvature along smooth fields of the free nodes */
    if (tm->conservative) {
        double *d = c.qw, dmax;
        int dir, have = 0;
        double *qp = (double *)malloc(sizeof(double) * (size_t)nq), *qm = (double *)malloc(sizeof(double) * (size_t)nq);
        if (!qp || !qm) {
            free(qp);
            free(qm);
            snprintf(why, len, "verdict: out of memory");
            wrong = 1;
            goto out;
        }
        for (dir = 0; dir < 4 && !wrong; dir++) {
            double a[3][3], Lp, Lm, ln = tm->l_ref, eps;
            int k;
            memset(d, 0, sizeof(double) * (size_t)nq);
            for (k = 0; k < 3; k++)
                for (i = 0; i < 3; i++) a[k][i] = truth_unif(&rng) - 0.5;
            have = 0;
            for (i = 0; i < tm->n_nodes; i++) {
                double sm, ph = 0.0, dp = 0.0;
                int comp, idx;
                if (tm->held[i]) continue;
                alecable_node_material(tm->nodes[i], &sm);
                for (comp = 0; comp < 3; comp++) {
                    ph = dp = 0.0;
                    for (k = 0; k < 3; k++) {
                        double w = (k + 1) * M_PI / ln;
                        if (dir == 3) { /* white noise */
                            ph = truth_unif(&rng) - 0.5;
                            dp = 0.0;
                            break;
                        }
                        ph += a[k][comp] * sin(w * sm);
                        dp += a[k][comp] * w * cos(w * sm);
                    }
                    if (!alecable_node_dof_index(tm->nodes[i], comp, &idx) && idx >= 0) {
                        d[idx] = ph;
                        have = 1;
                    }
                    if (dir < 3 && !alecable_node_dof_index(tm->nodes[i], ALECABLE_DOF_DX + comp, &idx) && idx >= 0)
                        d[idx] = dp;
                }
            }
            if (!have) break;
            dmax = maxabs(d, nq);
            if (dmax <= 0.0) continue;
            eps = (dir == 3 ? 1e-3 * he : 1e-4 * tm->l_ref) / dmax;
            memcpy(qp, q0, sizeof(double) * (size_t)nq);
            memcpy(qm, q0, sizeof(double) * (size_t)nq);
            for (i = 0; i < nq; i++) {
                qp[i] += eps * d[i];
                qm[i] -= eps * d[i];
            }
            if (lag_eval(&c, qp, &Lp) || lag_eval(&c, qm, &Lm)) continue;
            {
                double d2 = Lp + Lm - 2.0 * L0;
                if (getenv("TRUTH_DEBUG"))
                    fprintf(stderr, "curvature dir %d: L+ - L0 %.6g, L- - L0 %.6g, d2 %.6g, noise %.3g\n", dir, Lp - L0,
                            Lm - L0, d2, noise);
                if (d2 < -(TOL_NEG * (fabs(Lp - L0) + fabs(Lm - L0)) + 4.0 * noise)) {
                    snprintf(why, len, "curvature: L(+)+L(-)-2L = %.3g J along a %s field of the free nodes "
                             "(|dx| %.2g m): a saddle, not a minimum", d2, dir == 3 ? "random" : "smooth",
                             eps * dmax);
                    wrong = 1;
                }
            }
        }
        free(qp);
        free(qm);
        alecable_model_set_state(m, q0, NULL, c.t);
        if (wrong) goto out;
    }

    /* (d) a refined solve: more load steps */
    {
        truth_model ref;
        char rwhy[256];
        int steps = s->steps * 4 < 20 ? 20 : s->steps * 4;
        if (s->n >= 1000 && steps > 40) steps = 40;
        if (steps > 200) steps = 200;
        st = tm->stick_slip ? -100 : solve_refined(s, &ref, steps, rwhy, sizeof rwhy);
        if (st == 0) {
            double dx = 0.0, e0w, e0x, erw, erx, e_ret, e_ref;
            for (i = 0; i < tm->n_nodes && i < ref.n_nodes; i++) {
                double x[3], y[3], dd, si;
                alecable_node_position(tm->nodes[i], x);
                /* an ALE mesh may slide along the cable without moving any material: compare the
                 * material points, the refined cable's point at this node's s */
                if (s->ale && alecable_node_material(tm->nodes[i], &si) == ALECABLE_OK) material_point(&ref, si, y);
                else alecable_node_position(ref.nodes[i], y);
                dd = sqrt((x[0] - y[0]) * (x[0] - y[0]) + (x[1] - y[1]) * (x[1] - y[1]) + (x[2] - y[2]) * (x[2] - y[2]));
                if (dd > dx) dx = dd;
            }
            alecable_model_energy(m, &e0w, &e0x);
            alecable_model_energy(ref.m, &erw, &erx);
            e_ret = e0w + e0x;
            e_ref = erw + erx;
            if (getenv("TRUTH_DEBUG"))
            {
                fprintf(stderr, "refined (%d steps): positions differ by %.6g m, energy %.10g J, returned %.10g J\n",
                        steps, dx, e_ref, e_ret);
                for (i = 0; i < tm->n_wrap; i++) {
                    double sa, sb;
                    alecable_node_material(tm->nodes[tm->wrap_nodes[i]], &sa);
                    alecable_node_material(ref.nodes[tm->wrap_nodes[i]], &sb);
                    fprintf(stderr, "wrap node %d: s returned %.9g, refined %.9g\n", tm->wrap_nodes[i], sa, sb);
                }
            }
            if (dx > TOL_REF_X * tm->l_ref) {
                if (!tm->conservative) {
                    snprintf(why, len, "refined solve (%d steps) ends %.3g m away (slip friction: one equilibrium)",
                             steps, dx);
                    wrong = 1;
                } else if (e_ret - e_ref > TOL_REF_E * tm->f_ref * tm->l_ref + 1e-9 * fabs(e_ref)) {
                    snprintf(why, len, "refined solve (%d steps) ends %.3g m away with energy %.6g J below the "
                             "returned %.6g J: not the minimum", steps, dx, e_ref, e_ret);
                    wrong = 1;
                } else {
                    snprintf(note, nlen, "refined solve (%d steps) ends %.3g m away, its energy %.6g J not below "
                             "the returned %.6g J", steps, dx, e_ref, e_ret);
                }
            }
        } else if (st != -100) {
            snprintf(note, nlen, "refined solve (%d steps) refused: %s", steps, alecable_strerror(st));
        }
        if (st != -100) truth_free(&ref);
    }
out:
    if (q0 && !wrong) alecable_model_set_state(m, q0, NULL, c.t);
    free(q0);
    free(c.lam);
    free(c.r);
    free(lib_r);
    free(c.qw);
    free(kind);
    return wrong;
}

/* ---- dynamics ---------------------------------------------------------------- */

static double node_dist(alecable_node *n, const double x0[3])
{
    double x[3];
    alecable_node_position(n, x);
    return sqrt((x[0] - x0[0]) * (x[0] - x0[0]) + (x[1] - x0[1]) * (x[1] - x0[1]) + (x[2] - x0[2]) * (x[2] - x0[2]));
}

/* The position of the material point s of a model's cable: the cubic Hermite interpolant in s of
 * the element holding it (ANCF and Kirchhoff: the nodes' r and r' = dr/ds), linear for axial
 * elements (straight); clamped to the ends. */
static void material_point(const truth_model *tm, double s, double x[3])
{
    double sa, sb, xa[3], xb[3], da[3], db[3];
    int k = 0, d, slopes;
    alecable_node_material(tm->nodes[0], &sa);
    for (k = 0; k + 2 < tm->n_nodes; k++) {
        alecable_node_material(tm->nodes[k + 1], &sb);
        if (s < sb) break;
    }
    alecable_node_material(tm->nodes[k], &sa);
    alecable_node_material(tm->nodes[k + 1], &sb);
    alecable_node_position(tm->nodes[k], xa);
    alecable_node_position(tm->nodes[k + 1], xb);
    slopes = alecable_node_slope(tm->nodes[k], da) == ALECABLE_OK && alecable_node_slope(tm->nodes[k + 1], db) == ALECABLE_OK;
    {
        double l = sb - sa, u = l > 0.0 ? (s - sa) / l : 0.0;
        if (u < 0.0) u = 0.0;
        if (u > 1.0) u = 1.0;
        for (d = 0; d < 3; d++) {
            if (slopes) {
                double h00 = (1 + 2 * u) * (1 - u) * (1 - u), h10 = u * (1 - u) * (1 - u), h01 = u * u * (3 - 2 * u),
                       h11 = u * u * (u - 1);
                x[d] = h00 * xa[d] + h10 * l * da[d] + h01 * xb[d] + h11 * l * db[d];
            } else {
                x[d] = (1 - u) * xa[d] + u * xb[d];
            }
        }
    }
}

int truth_run_dynamics(truth_model *tm, const truth_spec *s, double h, alecable_integrator **it_out,
                       double *e_created, double *e_scale, char *why, size_t len)
{
    alecable_dynamic_options o;
    alecable_integrator *it = NULL;
    double wi0, we0, e0, *x0, motion = 0.0;
    int st, k, i, nmean = 0, nsteps = (int)floor(s->nsteps * s->h / h + 0.5);
    *it_out = NULL;
    *e_created = 0.0;
    *e_scale = 0.0;
    alecable_dynamic_options_init(&o);
    o.method = s->method;
    o.h = h;
    if (getenv("TRUTH_WATCH_WORK")) o.watch_work = atof(getenv("TRUTH_WATCH_WORK")); /* debugging: the balance */
    if ((st = alecable_model_integrator(&it, tm->m, &o))) {
        snprintf(why, len, "%s: %s", alecable_strerror(st), alecable_model_errmsg(tm->m));
        return st;
    }
    if ((st = alecable_model_pull_state(tm->m, it)) || (st = alecable_model_energy(tm->m, &wi0, &we0))) {
        snprintf(why, len, "%s: %s", alecable_strerror(st), alecable_model_errmsg(tm->m));
        alecable_integrator_destroy(it);
        return st;
    }
    e0 = wi0 + we0;
    /* the motion: the largest displacement of any node (a point load's node may move far more than the
     * middle one), the scale of the h/4 comparison */
    if (!(x0 = (double *)malloc(3 * (size_t)tm->n_nodes * sizeof *x0))) {
        snprintf(why, len, "verdict: out of memory");
        alecable_integrator_destroy(it);
        return ALECABLE_ENOMEM;
    }
    for (i = 0; i < tm->n_nodes; i++) alecable_node_position(tm->nodes[i], x0 + 3 * i);
    free(tm->xmean);
    if (!(tm->xmean = (double *)calloc(3 * (size_t)tm->n_nodes, sizeof *tm->xmean))) {
        free(x0);
        snprintf(why, len, "verdict: out of memory");
        alecable_integrator_destroy(it);
        return ALECABLE_ENOMEM;
    }
    for (k = 0; k < nsteps; k++) {
        double wi, we, T, e, dm;
        st = alecable_integrator_step(it, h);
        if (st) {
            snprintf(why, len, "%s at step %d (t = %.4g): %s", alecable_strerror(st), k + 1, k * h,
                     alecable_integrator_errmsg(it));
            break;
        }
        if ((st = alecable_model_pull_state(tm->m, it)) || (st = alecable_model_energy(tm->m, &wi, &we)) ||
            (st = alecable_model_kinetic_energy(tm->m, &T))) {
            snprintf(why, len, "%s after step %d: %s", alecable_strerror(st), k + 1, alecable_model_errmsg(tm->m));
            break;
        }
        e = T + wi + we;
        if (getenv("TRUTH_DEBUG"))
            fprintf(stderr, "step %d t %.5g: T %.6g W_int %.6g W_ext %.6g E-E0 %.3g\n", k + 1, (k + 1) * h, T, wi, we,
                    e - e0);
        if (e - e0 > *e_created) *e_created = e - e0;
        if (T > *e_scale) *e_scale = T;
        if (fabs(wi - wi0) > *e_scale) *e_scale = fabs(wi - wi0);
        if (fabs(we - we0) > *e_scale) *e_scale = fabs(we - we0);
        for (i = 0; i < tm->n_nodes; i++) {
            dm = node_dist(tm->nodes[i], x0 + 3 * i);
            if (dm > motion) motion = dm;
        }
        /* the mean over the last quarter of the run: what a step of h resolves, without the phase
         * of vibrations faster than 1/h (which HHT, generalized-alpha, Bossak and BDF damp by design) */
        if (4 * (k + 1) > 3 * nsteps) {
            for (i = 0; i < tm->n_nodes; i++) {
                double x[3];
                alecable_node_position(tm->nodes[i], x);
                tm->xmean[3 * i] += x[0];
                tm->xmean[3 * i + 1] += x[1];
                tm->xmean[3 * i + 2] += x[2];
            }
            nmean++;
        }
        if (!isfinite(e)) {
            *e_created = INFINITY;
            break;
        }
    }
    free(x0);
    for (i = 0; nmean > 0 && i < 3 * tm->n_nodes; i++) tm->xmean[i] /= nmean;
    *it_out = it;
    *e_scale += 1e-12 * (fabs(wi0) + fabs(we0)) + 1e-300;
    tm->motion = motion;
    return st;
}

/* the largest distance between two runs' mean node positions over their last quarter */
static double mean_dist(const truth_model *a, const truth_model *b)
{
    double d = 0.0;
    int i, k;
    if (!a->xmean || !b->xmean) return INFINITY;
    for (i = 0; i < a->n_nodes && i < b->n_nodes; i++) {
        double dd = 0.0;
        for (k = 0; k < 3; k++) dd += (a->xmean[3 * i + k] - b->xmean[3 * i + k]) * (a->xmean[3 * i + k] - b->xmean[3 * i + k]);
        if (sqrt(dd) > d) d = sqrt(dd);
    }
    return d;
}

static int is_si(int method) { return method >= ALECABLE_METHOD_SI_BE; }

int truth_judge_dynamics(truth_model *tm, const truth_spec *s, alecable_integrator *it, double e_created,
                         double e_scale, char *why, size_t len, char *note, size_t nlen)
{
    alecable_problem p;
    double *q = NULL, *v = NULL, *a = NULL, *lam = NULL, *r = NULL, t, gmax = 0.0, gtol;
    int nq, nlam, st, i, wrong = 0;
    note[0] = 0;
    why[0] = 0;
    /* (a) energy */
    if (!(e_created <= TOL_EGROW * e_scale)) {
        snprintf(why, len, "energy %s: %.3g J created (T + W grew), against %.3g J exchanged",
                 e_created > 0.9 * e_scale ? "blow-up" : "growth", e_created, e_scale);
        return 1;
    }
    /* (b) constraints at the end */
    /* the integrator's sizes: a model's integrator may carry the mesh-motion
     * law's multipliers on top of the model's own */
    if ((st = alecable_integrator_sizes(it, &nq, &nlam)) || (st = alecable_model_problem(&p, tm->m))) {
        snprintf(why, len, "verdict: sizes/problem %s", alecable_strerror(st));
        return 1;
    }
    q = (double *)calloc((size_t)nq + 1, sizeof(double));
    v = (double *)calloc((size_t)nq + 1, sizeof(double));
    a = (double *)calloc((size_t)nq + 1, sizeof(double));
    lam = (double *)calloc((size_t)nlam + 1, sizeof(double));
    r = (double *)calloc((size_t)(nq + nlam) + 1, sizeof(double));
    if (!q || !v || !a || !lam || !r) {
        snprintf(why, len, "verdict: out of memory");
        wrong = 1;
        goto out;
    }
    if ((st = alecable_integrator_get_state(it, &t, q, v, a, lam)) ||
        (st = p.residual(p.ctx, t, q, v, a, lam, r))) {
        snprintf(why, len, "verdict: state/residual at the end: %s", alecable_strerror(st));
        wrong = 1;
        goto out;
    }
    if (!tm->stick_slip)
        for (i = 0; i < nlam; i++)
            if (fabs(r[nq + i]) > gmax) gmax = fabs(r[nq + i]);
    gtol = (is_si(s->method) ? TOL_G_SI : TOL_G * 10.0) * (1.0 + tm->l_ref);
    if (gmax > gtol) {
        snprintf(why, len, "constraints at t = %.4g: |g|max %.3g > %.3g", t, gmax, gtol);
        wrong = 1;
        goto out;
    }
    for (i = 0; i < 2; i++)
        if (tm->fixed_end[i]) {
            double d = node_dist(tm->nodes[i ? tm->n_nodes - 1 : 0], tm->x_fix[i]);
            if (d > gtol) {
                snprintf(why, len, "constraints at t = %.4g: fixed node %d moved %.3g m", t,
                         i ? tm->n_nodes - 1 : 0, d);
                wrong = 1;
                goto out;
            }
        }
    /* (c) the h/4 rerun; where it ends far away, an h/2 run says whether the answers converge as
     * h shrinks (x_h/2 nearer to x_h/4 than x_h is: e2/e1 ~ 1/3 at first order, 1/5 at second)
     * or not (an answer that h decides, not the equations) */
    {
        truth_model fine, half;
        alecable_integrator *it4 = NULL, *it2 = NULL;
        char fwhy[512];
        double ec4, es4, ec2, es2;
        int st2;
        memset(&half, 0, sizeof half);
        st = truth_build(&fine, s, fwhy, sizeof fwhy);
        if (!st) st = truth_run_dynamics(&fine, s, s->h / 4.0, &it4, &ec4, &es4, fwhy, sizeof fwhy);
        if (!st && ec4 <= TOL_EGROW * es4) {
            double e1 = 0.0, e2 = 0.0, motion = fine.motion > tm->motion ? fine.motion : tm->motion;
            for (i = 0; i < tm->n_nodes; i++) {
                double y[3], dd;
                alecable_node_position(fine.nodes[i], y);
                dd = node_dist(tm->nodes[i], y);
                if (dd > e1) e1 = dd;
            }
            if (e1 > TOL_H4 * motion + 1e-6 * tm->l_ref) {
                st2 = truth_build(&half, s, fwhy, sizeof fwhy);
                if (!st2) st2 = truth_run_dynamics(&half, s, s->h / 2.0, &it2, &ec2, &es2, fwhy, sizeof fwhy);
                if (!st2) {
                    double m1 = mean_dist(tm, &fine), m2 = mean_dist(&half, &fine);
                    for (i = 0; i < tm->n_nodes; i++) {
                        double y[3], dd;
                        alecable_node_position(fine.nodes[i], y);
                        dd = node_dist(half.nodes[i], y);
                        if (dd > e2) e2 = dd;
                    }
                    /* the ends far apart and not converging: a vibration faster than the step (its
                     * phase, which the damped methods remove) or a wrong answer; the means over the
                     * run's last quarter tell them apart */
                    if (e2 > TOL_H2_RATIO * e1 &&
                        (m1 > TOL_H4 * motion + 1e-6 * tm->l_ref && m2 > TOL_H2_RATIO * m1)) {
                        snprintf(why, len, "h/4 rerun: ends %.3g m away (largest motion %.3g m), and h/2 %.3g m: "
                                 "no convergence as h shrinks; the means over the last quarter too (%.3g, %.3g m)",
                                 e1, motion, e2, m1, m2);
                        wrong = 1;
                    } else if (e2 > TOL_H2_RATIO * e1) {
                        snprintf(note, nlen, "h/4: ends %.2g of the motion apart, h/2 %.2g, not converging; their "
                                 "means over the last quarter %.2g of it%s (a vibration faster than the step)",
                                 e1 / motion, e2 / motion, m1 / motion,
                                 m1 > TOL_H4 * motion + 1e-6 * tm->l_ref ? ", converging" : "");
                    } else {
                        snprintf(note, nlen, "h/4: %.2g of the motion, converging (h/2: %.2g of it)", e1 / motion,
                                 e2 / motion);
                    }
                } else {
                    snprintf(note, nlen, "h/4: %.2g of the motion; h/2 rerun refused: %.160s", e1 / motion, fwhy);
                }
            } else {
                snprintf(note, nlen, "h/4: %.2g of the motion", motion > 0 ? e1 / motion : 0.0);
            }
        } else if (!st) {
            snprintf(note, nlen, "h/4 rerun created energy %.3g J: no comparison", ec4);
        } else {
            snprintf(note, nlen, "h/4 rerun refused: %.200s", fwhy);
        }
        if (it4) alecable_integrator_destroy(it4);
        if (it2) alecable_integrator_destroy(it2);
        truth_free(&fine);
        truth_free(&half);
    }
out:
    free(q);
    free(v);
    free(a);
    free(lam);
    free(r);
    return wrong;
}
