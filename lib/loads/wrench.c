/* Follower wrench densities on Kirchhoff elements (alecable.h,
 * alecable_load_wrench; paper 003 eqs. 16 and 19).
 *
 * Per element, with the section frame T = [t1 t2 t3] at xi (hd numbers over
 * the element's reduced variables z, el_kirchhoff_frame_at), the force and
 * moment densities n = N_i t_i, m = M_i t_i do the virtual work
 *     dW = l sum_g w_g [n.dr(xi_g) + m.dphi(xi_g)],
 * dr the variation of the mesh point r = h1 r_A + l h2 r'_A + h3 r_B +
 * l h4 r'_B (with its l-dependence through the slopes' scaling) and dphi
 * the rotation of the section, dphi = 1/2 sum_m t_m x dt_m.  The generalized
 * forces Q are written as hd numbers of first order, whose gradients are
 * their exact derivatives: the frame's own derivatives come from a second
 * order evaluation, and dt_m/dz_k as first-order numbers is the frame's
 * gradient entry k with row k of its Hessian as gradient. */
#include "loads.h"
#include "load_ops.h"
#include "../core/hd.h"

#include <math.h>
#include <string.h>

enum { NDOF = 16, NZ = 12, ZL = 11, NG = 5, SA = 7, SB = 15 };

#define GX(t) (0.5 + 0.5 * (t))
static const double gxi[NG] = {GX(-0.9061798459386639927976269), GX(-0.5384693101056830910363144), 0.5,
                               GX(0.5384693101056830910363144), GX(0.9061798459386639927976269)};
static const double gw[NG] = {0.5 * 0.2369268850561890875142640, 0.5 * 0.4786286704993664680412915,
                              0.5 * 0.5688888888888888888888889, 0.5 * 0.4786286704993664680412915,
                              0.5 * 0.2369268850561890875142640};

static int check_beam_cable(alecable_model *m, const alecable_cable *c)
{
    int st = ac_check_cable(m, c, "cable");
    if (st) return st;
    if (c->kind != ALECABLE_ELEMENT_KIRCHHOFF)
        return ac_fail(m, ALECABLE_EINVAL, "cable: wrench densities need a section frame (a Kirchhoff cable)");
    return ALECABLE_OK;
}

/* registers a wrench load with its per-element values (NULL: none) */
static int push_wrench(alecable_load **out, alecable_model *m, alecable_cable *c, double *values,
                       alecable_wrench_fn fn, void *user)
{
    alecable_load *l = ac_load_alloc(m, &load_wrench_ops);
    int st;
    if (!l) {
        ac_free(&m->alloc, values);
        return ALECABLE_ENOMEM;
    }
    l->cable = c;
    l->first_el = 0;
    l->n_el = -1;
    l->wrench = values;
    l->wrench_fn = fn;
    l->wrench_user = user;
    if ((st = ac_load_push(m, l, out))) ac_free(&m->alloc, values);
    return st;
}

ALECABLE_API int alecable_load_wrench(alecable_load **out, alecable_model *m, alecable_cable *c,
                                      const double force[3], const double moment[3])
{
    int st;
    if ((st = ac_check_model(m))) return st;
    if (out) *out = NULL;
    if ((st = check_beam_cable(m, c))) return st;
    if (!force || !moment) return ac_fail(m, ALECABLE_ENULL, "%s is NULL", force ? "moment" : "force");
    if (!ac_is_finite3(force) || !ac_is_finite3(moment))
        return ac_fail(m, ALECABLE_EINVAL, "force or moment has a NaN or infinite component");
    if ((st = push_wrench(out, m, c, NULL, NULL, NULL))) return st;
    {
        alecable_load *l = (alecable_load *)m->loads.p[m->loads.n - 1];
        memcpy(l->f, force, sizeof l->f);
        memcpy(l->p, moment, sizeof l->p);
    }
    return ALECABLE_OK;
}

ALECABLE_API int alecable_load_wrench_elements(alecable_load **out, alecable_model *m, alecable_cable *c,
                                               int count, const double *values)
{
    double *copy;
    int st, i;
    if ((st = ac_check_model(m))) return st;
    if (out) *out = NULL;
    if ((st = check_beam_cable(m, c))) return st;
    if (!values) return ac_fail(m, ALECABLE_ENULL, "values is NULL");
    if (count != c->n_el)
        return ac_fail(m, ALECABLE_ERANGE, "count = %d: the cable has %d elements (6 values each)", count, c->n_el);
    for (i = 0; i < 6 * count; i++)
        if (!isfinite(values[i])) return ac_fail(m, ALECABLE_EINVAL, "values[%d] = %g is not finite", i, values[i]);
    copy = (double *)ac_malloc(&m->alloc, (size_t)(6 * count) * sizeof(double));
    if (!copy) return ac_fail(m, ALECABLE_ENOMEM, "out of memory");
    memcpy(copy, values, (size_t)(6 * count) * sizeof(double));
    return push_wrench(out, m, c, copy, NULL, NULL);
}

ALECABLE_API int alecable_load_wrench_callback(alecable_load **out, alecable_model *m, alecable_cable *c,
                                               alecable_wrench_fn fn, void *user)
{
    int st;
    if ((st = ac_check_model(m))) return st;
    if (out) *out = NULL;
    if (!fn) return ac_fail(m, ALECABLE_ENULL, "fn is NULL");
    if ((st = check_beam_cable(m, c))) return st;
    return push_wrench(out, m, c, NULL, fn, user);
}

/* dt/dz_k of an hd number of second order, as one of first order */
static void partial(const hd_ctx *c2, const hd *x, int k, hd *out)
{
    int j;
    out->v = x->g[k];
    for (j = 0; j < c2->n; j++) out->g[j] = j >= k ? x->h[hd_idx(c2->n, k, j)] : x->h[hd_idx(c2->n, j, k)];
}

/* the densities at a point, in the section frame */
static int densities(const alecable_load *l, const alecable_element *e, double t, double xi, const double *qe,
                     const double *ve, hd T[3][3], double N[3], double M[3])
{
    double x[3], R[9], v[3] = {0, 0, 0}, h[4], l_ = qe[SB] - qe[SA];
    int i;
    if (l->wrench) {
        memcpy(N, l->wrench + 6 * e->index, 3 * sizeof(double));
        memcpy(M, l->wrench + 6 * e->index + 3, 3 * sizeof(double));
        return 0;
    }
    if (!l->wrench_fn) {
        memcpy(N, l->f, 3 * sizeof(double));
        memcpy(M, l->p, 3 * sizeof(double));
        return 0;
    }
    h[0] = 1.0 - 3.0 * xi * xi + 2.0 * xi * xi * xi;
    h[1] = l_ * (xi - 2.0 * xi * xi + xi * xi * xi);
    h[2] = 3.0 * xi * xi - 2.0 * xi * xi * xi;
    h[3] = l_ * (-xi * xi + xi * xi * xi);
    for (i = 0; i < 3; i++) {
        x[i] = h[0] * qe[i] + h[1] * qe[3 + i] + h[2] * qe[8 + i] + h[3] * qe[11 + i];
        if (ve) v[i] = h[0] * ve[i] + h[1] * ve[3 + i] + h[2] * ve[8 + i] + h[3] * ve[11 + i];
        R[3 * i] = T[0][i].v;
        R[3 * i + 1] = T[1][i].v;
        R[3 * i + 2] = T[2][i].v;
    }
    if ((i = l->wrench_fn(l->wrench_user, t, e->index, xi, x, R, v, N, M)) != 0) {
        ac_callback_failed(l->model, i, t, "load %d: the wrench callback (element %d, xi = %g)",
                           ac_list_index(&l->model->loads, l), e->index, xi);
        return -1;
    }
    return 0;
}

/* adds s times the first-order hd number Q, standing for element dof
 * `dof`, to re and its gradient (times cq) to the dof's row of ke */
static void add_row(const hd_ctx *c1, const hd *Q, int dof, double s, double cq, double *re, double *ke)
{
    int j, k;
    re[dof] += s * Q->v;
    if (!ke) return;
    for (j = 0; j < c1->n; j++)
        for (k = 0; k < 2; k++) {
            double sg;
            int col = el_kirchhoff_reduced_dof(j, k, &sg);
            if (col >= 0) ke[dof * NDOF + col] += cq * s * sg * Q->g[j];
        }
}

/* Follower wrench densities on a Kirchhoff element: re = the residual's
 * element vector (minus the generalized forces), ke = cq times its
 * q-derivative (NULL: none); -1 when a host callback failed */
static int wrench_element(const alecable_model *model, const alecable_load *l, const alecable_element *e, double t,
                          const double *qe, const double *ve, const double *ae, double *re, double cq, double cv,
                          double ca, double *ke)
{
    const el_params *p = &e->par;
    int n = p->fixed_s ? ZL : NZ, g, i, k, m, a;
    hd_ctx c2 = hd_context(n, 1), c1 = hd_context(n, 0);
    hd T[3][3], L, rpA[3], rpB[3];
    (void)model;
    (void)ae;
    (void)cv;
    (void)ca;
    memset(re, 0, NDOF * sizeof(double));
    if (ke) memset(ke, 0, NDOF * NDOF * sizeof(double));
    hd_var(&c1, &L, qe[SB] - qe[SA], ZL);
    for (i = 0; i < 3; i++) {
        hd_var(&c1, &rpA[i], qe[3 + i], 3 + i);
        hd_var(&c1, &rpB[i], qe[11 + i], 6 + i);
    }
    for (g = 0; g < NG; g++) {
        double xi = gxi[g], N[3], M[3];
        double h1 = 1.0 - 3.0 * xi * xi + 2.0 * xi * xi * xi, h2 = xi - 2.0 * xi * xi + xi * xi * xi;
        double h3 = 3.0 * xi * xi - 2.0 * xi * xi * xi, h4 = -xi * xi + xi * xi * xi;
        hd nb[3], lw, l2w, Q, tmp, dt[3], w[3], s;
        el_kirchhoff_frame_at(p, qe, xi, &c2, T[0], T[1], T[2]);
        if (densities(l, e, t, xi, qe, ve, T, N, M)) return -1;
        /* n = N_i t_i; the weights l w and l^2 w */
        for (i = 0; i < 3; i++) {
            hd_scale(&c1, &nb[i], N[0], &T[0][i], 0.0);
            hd_axpy(&c1, &nb[i], &nb[i], N[1], &T[1][i]);
            hd_axpy(&c1, &nb[i], &nb[i], N[2], &T[2][i]);
        }
        hd_scale(&c1, &lw, gw[g], &L, 0.0);
        hd_mul(&c1, &l2w, &lw, &L);
        /* force on the positions (r_A, r_B), the slopes (r'_A, r'_B) and l */
        for (i = 0; i < 3; i++) {
            hd_mul(&c1, &Q, &lw, &nb[i]);
            add_row(&c1, &Q, i, -h1, cq, re, ke);
            add_row(&c1, &Q, 8 + i, -h3, cq, re, ke);
            hd_mul(&c1, &Q, &l2w, &nb[i]);
            add_row(&c1, &Q, 3 + i, -h2, cq, re, ke);
            add_row(&c1, &Q, 11 + i, -h4, cq, re, ke);
        }
        if (!p->fixed_s) { /* dr/dl = h2 r'_A + h4 r'_B */
            hd_const(&c1, &s, 0.0);
            for (i = 0; i < 3; i++) {
                hd_scale(&c1, &tmp, h2, &rpA[i], 0.0);
                hd_axpy(&c1, &tmp, &tmp, h4, &rpB[i]);
                hd_fma(&c1, &s, 1.0, &tmp, &nb[i]);
            }
            hd_mul(&c1, &Q, &lw, &s);
            add_row(&c1, &Q, SA, 1.0, cq, re, ke);
            add_row(&c1, &Q, SB, -1.0, cq, re, ke);
        }
        /* the moment: Q_k = l w M_i t_i . w_k, w_k = 1/2 sum_m t_m x dt_m/dz_k */
        if (M[0] == 0.0 && M[1] == 0.0 && M[2] == 0.0) continue;
        for (k = 0; k < n; k++) {
            hd mt[3];
            for (i = 0; i < 3; i++) hd_const(&c1, &w[i], 0.0);
            for (m = 0; m < 3; m++) {
                hd cr[3];
                for (i = 0; i < 3; i++) partial(&c2, &T[m][i], k, &dt[i]);
                hd_cross3(&c1, cr, T[m], dt);
                for (i = 0; i < 3; i++) hd_axpy(&c1, &w[i], &w[i], 0.5, &cr[i]);
            }
            for (i = 0; i < 3; i++) {
                hd_scale(&c1, &mt[i], M[0], &T[0][i], 0.0);
                hd_axpy(&c1, &mt[i], &mt[i], M[1], &T[1][i]);
                hd_axpy(&c1, &mt[i], &mt[i], M[2], &T[2][i]);
            }
            hd_dot3(&c1, &tmp, mt, w);
            hd_mul(&c1, &Q, &lw, &tmp);
            for (a = 0; a < 2; a++) {
                double sg;
                int dof = el_kirchhoff_reduced_dof(k, a, &sg);
                if (dof >= 0) add_row(&c1, &Q, dof, -sg, cq, re, ke);
            }
        }
    }
    return 0;
}

const load_ops load_wrench_ops = {LOAD_WRENCH, "wrench", LOAD_ON_CABLE, LOAD_WORKS, NULL, NULL, NULL, NULL, NULL,
                                  wrench_element, NULL};
