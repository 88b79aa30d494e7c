/* The model seen as a problem: residual, weighted Jacobian and energy,
 * assembled through the scatter maps built at finalize (no allocation). */
#include "model.h"
#include "../constraints/constraints.h"
#include "../constraints/mesh_motion.h"
#include "../loads/load_ops.h"
#include "../loads/loads.h"
#include "../bodies/bodies.h"
#include "../bodies/rotation.h"
#include "../friction/friction.h"

#include "../integrators/problem.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include "isa.h"
#if AC_HAVE_ISA_V3
#include <immintrin.h>
#endif

static double load_scale(const alecable_model *m, double t) { return m->ramp_loads ? t : 1.0; }

/* The problem's t scales the loads (load_scale) and is the time of the
 * motions (ac_motion_time: the model's clock while a quasistatic solve holds
 * it).  A friction joint's t is the load path's parameter (the sense in which
 * the load goes on, contact.c), not a time: it keeps the problem's t. */
static double joint_time(const alecable_joint *j, double t, double tm) { return j->kind == JOINT_FRICTION ? t : tm; }

/* Inertia enters only when the caller passes velocities and accelerations
 * (dynamics); quasistatic solvers pass NULL. */
static int has_inertia(const alecable_cable *cb, const double *v, const double *a)
{
    return v && a && cb->ops->inertia && cb->section.rho > 0.0;
}

/* ac_gather and ac_gather_rate (finalize.c) with the Lagrangian ANCF and
 * Kirchhoff elements' case inline (nk: two nodes of 7 or 8 dofs, gather_nk
 * below, else 0; s fixed: two runs of 6 or 7 and the nodes' s, or zero
 * rates): the same copies without a call per gather, ten a step per element
 * (finalize.c's copies of a Kirchhoff node's 7 had a variable length: a
 * call of memcpy each) */
static int gather_nk(const el_ops *ops)
{
    return ops->nnodes == 2 && (ops->node_ndof == 7 || ops->node_ndof == 8) ? ops->node_ndof : 0;
}

static inline void gather_q(const alecable_element *e, int nk, const double *q, double *qe)
{
    if (nk == 7 && e->par.fixed_s) {
        memcpy(qe, q + e->a->dof0, 6 * sizeof(double));
        memcpy(qe + 7, q + e->b->dof0, 6 * sizeof(double));
        qe[6] = node_s(e->a);
        qe[13] = node_s(e->b);
        return;
    }
    if (nk == 8 && e->par.fixed_s) {
        memcpy(qe, q + e->a->dof0, 7 * sizeof(double));
        memcpy(qe + 8, q + e->b->dof0, 7 * sizeof(double));
        qe[7] = node_s(e->a);
        qe[15] = node_s(e->b);
        return;
    }
    ac_gather(e, q, qe);
}

static inline void gather_rate(const alecable_element *e, int nk, const double *v, double *ve)
{
    if (nk == 7 && e->par.fixed_s) {
        memcpy(ve, v + e->a->dof0, 6 * sizeof(double));
        memcpy(ve + 7, v + e->b->dof0, 6 * sizeof(double));
        ve[6] = ve[13] = 0.0;
        return;
    }
    if (nk == 8 && e->par.fixed_s) {
        memcpy(ve, v + e->a->dof0, 7 * sizeof(double));
        memcpy(ve + 8, v + e->b->dof0, 7 * sizeof(double));
        ve[7] = ve[15] = 0.0;
        return;
    }
    ac_gather_rate(e, v, ve);
}

/* r += an element's force over its dofs; a Lagrangian element whose
 * nodes' dofs are consecutive (e->runs) adds two runs (s is not scattered) */
static inline void force_runs(const alecable_element *e, int nd, const double *fe, double *r)
{
    int k, h = nd / 2;
    double *ra = r + e->a->dof0, *rb = r + e->b->dof0;
    for (k = 0; k < h - 1; k++) ra[k] += fe[k];
    for (k = 0; k < h - 1; k++) rb[k] += fe[h + k];
}

#if defined(__SSE2__)
/* force_runs for ANCF in pairs (gcc keeps the runs' adds scalar: r may
 * alias fe): three 2-wide additions per node instead of six, each entry
 * its same one addition */
static inline void ancf_force_runs(const alecable_element *e, const double *fe, double *r)
{
    double *ra = r + e->a->dof0, *rb = r + e->b->dof0;
    int k;
    for (k = 0; k < 6; k += 2) _mm_storeu_pd(ra + k, _mm_add_pd(_mm_loadu_pd(ra + k), _mm_loadu_pd(fe + k)));
    for (k = 0; k < 6; k += 2) _mm_storeu_pd(rb + k, _mm_add_pd(_mm_loadu_pd(rb + k), _mm_loadu_pd(fe + 7 + k)));
}
#endif

static inline void scatter_force(const alecable_element *e, int nd, const double *fe, double *r)
{
    int k;
    if (e->runs) { /* constant run lengths for the kinds with runs: unrolled adds */
#if defined(__SSE2__)
        if (nd == 14) ancf_force_runs(e, fe, r); /* ANCF */
#else
        if (nd == 14) force_runs(e, 14, fe, r); /* ANCF */
#endif
        else if (nd == 8) force_runs(e, 8, fe, r); /* axial */
        else if (nd == 16) force_runs(e, 16, fe, r); /* Kirchhoff */
        else force_runs(e, nd, fe, r);
        return;
    }
    for (k = 0; k < nd; k++) {
        int d = ac_element_dof(e, k);
        if (d >= 0) r[d] += fe[k];
    }
}

/* The part of the residual's q-rows linear in a, M(q) a: the inertia forces
 * are M(q) a plus convective terms quadratic in v, so this is their value at
 * v = 0; field loads (added mass) give theirs as the difference between a
 * and a = 0 at v = 0.  Gravity, stiffness and constraints do not enter. */
static int ac_inertia(void *ctx, double t, const double *q, const double *v, const double *a, double *r)
{
    alecable_model *m = ac_ctx_model(ctx);
    double qe[EL_MAX_DOF], ve[EL_MAX_DOF], ae[EL_MAX_DOF], fx[EL_MAX_DOF], sc = load_scale(m, t);
    int c, i;
    (void)v;
    if (!m) return ALECABLE_ESTATE;
    m->cb_rc = 0;
    memset(r, 0, (size_t)m->nq * sizeof(double));
    memset(ve, 0, sizeof ve);
    for (c = 0; c < m->cables.n; c++) {
        const alecable_cable *cb = (const alecable_cable *)m->cables.p[c];
        int nd = el_ndof(cb->ops), nk = gather_nk(cb->ops);
        if (!has_inertia(cb, a, a)) continue; /* v is 0 (ve below): any non-NULL v does */
        for (i = 0; i < cb->n_el; i++) {
            const alecable_element *e = cb->el[i];
            gather_q(e, nk, q, qe);
            gather_rate(e, nk, a, ae);
            cb->ops->inertia(&e->par, qe, ve, ae, fx);
            scatter_force(e, nd, fx, r);
        }
    }
    if (m->bodies.n) bodies_inertia_residual(m, q, m->zero_q, a, r);
    if (m->point_masses.n) point_masses_inertia(m, ac_motion_time(m, t), q, a, r);
    for (i = 0; i < m->loads.n; i++) {
        const alecable_load *l = (const alecable_load *)m->loads.p[i];
        if (!(l->ops->flags & LOAD_INERTIA)) continue; /* added mass: the part of a load that reads a */
        field_load_residual(m, l, ac_motion_time(m, t), q, m->zero_q, a, sc, r);
        field_load_residual(m, l, ac_motion_time(m, t), q, m->zero_q, m->zero_q, -sc, r);
    }
    if (m->cb_rc) return ALECABLE_ECALLBACK;
    return sp_all_finite(r, m->nq) ? ALECABLE_OK : ALECABLE_ENAN;
}

/* fe += fx over an element's dofs, with a constant length for the common
 * kinds (unrolled vector adds; the same additions) */
static inline void add_run(double *restrict fe, const double *restrict fx, int nd)
{
    int k;
    for (k = 0; k < nd; k++) fe[k] += fx[k];
}

static inline void add_force(double *fe, const double *fx, int nd)
{
    if (nd == 14) add_run(fe, fx, 14); /* ANCF */
    else if (nd == 8) add_run(fe, fx, 8); /* axial */
    else if (nd == 16) add_run(fe, fx, 16); /* Kirchhoff */
    else add_run(fe, fx, nd);
}

/* ke += w kx: the fallback of element kinds without accumulating forms */
static void add_scaled(double *ke, const double *kx, double w, int nn)
{
    int k;
    for (k = 0; k < nn; k++) ke[k] += w * kx[k];
}

/* scale += |fe| over the element's dofs (the residual's scale, scale.c) */
static inline void scale_element(const alecable_element *e, int nd, const double *fe, double *scale)
{
    int k;
    for (k = 0; k < nd; k++) {
        int d = ac_element_dof(e, k);
        if (d >= 0) scale[d] += fabs(fe[k]);
    }
}

/* An element of a Lagrangian cable has no s rows and columns: s is the last
 * dof of each node, so every other row is two runs of nd/2 - 1 entries.
 * Called with a constant nd (below), the runs have fixed lengths. */
static inline void scatter_runs(const int *map, int nd, const double *ke, double *values)
{
    int h = nd / 2, r, c;
    for (r = 0; r < nd - 1; r++) {
        const double *row = ke + r * nd;
        const int *mp = map + r * nd;
        if (r == h - 1) continue;
        for (c = 0; c < h - 1; c++) values[mp[c]] += row[c];
        for (c = h; c < nd - 1; c++) values[mp[c]] += row[c];
    }
}

/* The same when each node's rows are consecutive in every column (e->runs,
 * finalize.c): two runs per column from the map's run form (model.h), its
 * two first positions.  Every entry still gets this element's one addition,
 * so the sums are the same.  One node's h - 1 columns (ke from its first
 * column, run from its pairs): as_a, as_b assign the blocks of a's, b's rows. */
static inline void scatter_node_columns(const int *run, int nd, const double *ke, double *values, int as_a, int as_b)
{
    int h = nd / 2, c, k;
    for (c = 0; c < h - 1; c++) {
        double *d0 = values + run[2 * c], *d1 = values + run[2 * c + 1];
        if (as_a)
            for (k = 0; k < h - 1; k++) d0[k] = ke[k * nd + c];
        else
            for (k = 0; k < h - 1; k++) d0[k] += ke[k * nd + c];
        if (as_b)
            for (k = 0; k < h - 1; k++) d1[k] = ke[(h + k) * nd + c];
        else
            for (k = 0; k < h - 1; k++) d1[k] += ke[(h + k) * nd + c];
    }
}

#if defined(__SSE2__)
/* One 6x6 block of an ANCF element (nd = 14, row stride 14 in ke) into the
 * columns at d[0..5] (six column runs of six rows each), in 2x2 tiles: two
 * rows' pairs of columns read as vectors and transposed into two columns'
 * pairs of rows, so that both sides move two entries at a time.  Each entry
 * still gets the same single assignment or addition. */
static inline void ancf_block(double *const d[6], const double *ke, int assign)
{
    int c, k;
    for (c = 0; c < 6; c += 2)
        for (k = 0; k < 6; k += 2) {
            const __m128d r0 = _mm_loadu_pd(ke + k * 14 + c), r1 = _mm_loadu_pd(ke + (k + 1) * 14 + c);
            __m128d x0 = _mm_unpacklo_pd(r0, r1), x1 = _mm_unpackhi_pd(r0, r1);
            if (!assign) {
                x0 = _mm_add_pd(_mm_loadu_pd(d[c] + k), x0);
                x1 = _mm_add_pd(_mm_loadu_pd(d[c + 1] + k), x1);
            }
            _mm_storeu_pd(d[c] + k, x0);
            _mm_storeu_pd(d[c + 1] + k, x1);
        }
}

/* scatter_columns for ANCF (below): its four 6x6 blocks through ancf_block */
static void ancf_columns(const int *run, const double *ke, double *values, int assign)
{
    int n, c;
    for (n = 0; n < 2; n++) { /* the columns of node a, then of node b */
        const int *rn = run + 12 * n;
        double *da[6], *db[6];
        for (c = 0; c < 6; c++) {
            da[c] = values + rn[2 * c];
            db[c] = values + rn[2 * c + 1];
        }
        ancf_block(da, ke + 7 * n, assign & (1 << (2 * n)));
        ancf_block(db, ke + 7 * 14 + 7 * n, assign & (2 << (2 * n)));
    }
}
#endif

#if AC_HAVE_ISA_V3
#define AC_V3 __attribute__((target("avx2")))
/* ancf_block with AVX2 where ac_isa() chose that copy: the 6x6 block as a
 * 4x4 transpose (rows and columns 0-3), rows 4-5 of columns 0-3 and rows
 * 0-3 of columns 4-5 as pairs of 4-wide unpacks, and the last 2x2 tile as
 * before.  Each entry still gets the same single assignment or addition. */
static inline AC_V3 void put4(double *d, __m256d x, int assign)
{
    if (!assign) x = _mm256_add_pd(_mm256_loadu_pd(d), x);
    _mm256_storeu_pd(d, x);
}

static inline AC_V3 void put2(double *d, __m128d x, int assign)
{
    if (!assign) x = _mm_add_pd(_mm_loadu_pd(d), x);
    _mm_storeu_pd(d, x);
}

static inline AC_V3 void ancf_block_v3(double *const d[6], const double *ke, int assign)
{
    const __m256d r0 = _mm256_loadu_pd(ke), r1 = _mm256_loadu_pd(ke + 14), r2 = _mm256_loadu_pd(ke + 28),
                  r3 = _mm256_loadu_pd(ke + 42), r4 = _mm256_loadu_pd(ke + 56), r5 = _mm256_loadu_pd(ke + 70);
    const __m256d t0 = _mm256_unpacklo_pd(r0, r1), t1 = _mm256_unpackhi_pd(r0, r1);
    const __m256d t2 = _mm256_unpacklo_pd(r2, r3), t3 = _mm256_unpackhi_pd(r2, r3);
    const __m256d u0 = _mm256_unpacklo_pd(r4, r5), u1 = _mm256_unpackhi_pd(r4, r5);
    const __m256d a = _mm256_insertf128_pd(_mm256_castpd128_pd256(_mm_loadu_pd(ke + 4)), _mm_loadu_pd(ke + 32), 1);
    const __m256d b = _mm256_insertf128_pd(_mm256_castpd128_pd256(_mm_loadu_pd(ke + 18)), _mm_loadu_pd(ke + 46), 1);
    const __m128d x4 = _mm_loadu_pd(ke + 60), x5 = _mm_loadu_pd(ke + 74);
    put4(d[0], _mm256_permute2f128_pd(t0, t2, 0x20), assign);
    put4(d[1], _mm256_permute2f128_pd(t1, t3, 0x20), assign);
    put4(d[2], _mm256_permute2f128_pd(t0, t2, 0x31), assign);
    put4(d[3], _mm256_permute2f128_pd(t1, t3, 0x31), assign);
    put2(d[0] + 4, _mm256_castpd256_pd128(u0), assign);
    put2(d[1] + 4, _mm256_castpd256_pd128(u1), assign);
    put2(d[2] + 4, _mm256_extractf128_pd(u0, 1), assign);
    put2(d[3] + 4, _mm256_extractf128_pd(u1, 1), assign);
    put4(d[4], _mm256_unpacklo_pd(a, b), assign);
    put4(d[5], _mm256_unpackhi_pd(a, b), assign);
    put2(d[4] + 4, _mm_unpacklo_pd(x4, x5), assign);
    put2(d[5] + 4, _mm_unpackhi_pd(x4, x5), assign);
}

static AC_V3 void ancf_columns_v3(const int *run, const double *ke, double *values, int assign)
{
    int n, c;
    for (n = 0; n < 2; n++) {
        const int *rn = run + 12 * n;
        double *da[6], *db[6];
        for (c = 0; c < 6; c++) {
            da[c] = values + rn[2 * c];
            db[c] = values + rn[2 * c + 1];
        }
        ancf_block_v3(da, ke + 7 * n, assign & (1 << (2 * n)));
        ancf_block_v3(db, ke + 7 * 14 + 7 * n, assign & (2 << (2 * n)));
    }
}

/* The Kirchhoff element's block (nd = 16, s the last of each node's 8
 * dofs) by the same transposes: a column group's 4 x 4 tile from four rows
 * of ke (or three and a zero row), nc of its columns stored, each entry
 * with the single assignment or addition of scatter_node_columns */
static inline AC_V3 void kh_tile_v3(double *const *d, int nc, const double *ke, int r0, int nr, int assign)
{
    const __m256d z = _mm256_setzero_pd(), r_0 = _mm256_loadu_pd(ke + r0 * 16),
                  r_1 = _mm256_loadu_pd(ke + (r0 + 1) * 16), r_2 = _mm256_loadu_pd(ke + (r0 + 2) * 16),
                  r_3 = nr == 4 ? _mm256_loadu_pd(ke + (r0 + 3) * 16) : z;
    const __m256d t0 = _mm256_unpacklo_pd(r_0, r_1), t1 = _mm256_unpackhi_pd(r_0, r_1);
    const __m256d t2 = _mm256_unpacklo_pd(r_2, r_3), t3 = _mm256_unpackhi_pd(r_2, r_3);
    __m256d c[4];
    int k;
    c[0] = _mm256_permute2f128_pd(t0, t2, 0x20);
    c[1] = _mm256_permute2f128_pd(t1, t3, 0x20);
    c[2] = _mm256_permute2f128_pd(t0, t2, 0x31);
    c[3] = _mm256_permute2f128_pd(t1, t3, 0x31);
    for (k = 0; k < nc; k++) {
        if (nr == 4) {
            put4(d[k] + r0, c[k], assign);
        } else {
            double *x = d[k] + r0 + 2;
            const double e = _mm_cvtsd_f64(_mm256_extractf128_pd(c[k], 1));
            put2(d[k] + r0, _mm256_castpd256_pd128(c[k]), assign);
            *x = assign ? e : *x + e;
        }
    }
}

/* one node's 7 x 7 block (ke its top left entry, row stride 16) into the
 * columns at d[0..6] */
static inline AC_V3 void kh_block_v3(double *const d[7], const double *ke, int assign)
{
    kh_tile_v3(d, 4, ke, 0, 4, assign);
    kh_tile_v3(d, 4, ke, 4, 3, assign);
    kh_tile_v3(d + 4, 3, ke + 4, 0, 4, assign);
    kh_tile_v3(d + 4, 3, ke + 4, 4, 3, assign);
}

static AC_V3 void kh_columns_v3(const int *run, const double *ke, double *values, int assign)
{
    int n, c;
    for (n = 0; n < 2; n++) {
        const int *rn = run + 14 * n;
        double *da[7], *db[7];
        for (c = 0; c < 7; c++) {
            da[c] = values + rn[2 * c];
            db[c] = values + rn[2 * c + 1];
        }
        kh_block_v3(da, ke + 8 * n, assign & (1 << (2 * n)));
        kh_block_v3(db, ke + 8 * 16 + 8 * n, assign & (2 << (2 * n)));
    }
}

/* an element block's zeros before its kernels add into it: for the ANCF
 * (14 x 14) and Kirchhoff (16 x 16) blocks AVX2 stores in runs of seven
 * and eight (a call of memset there costs twice the instructions, and the
 * Kirchhoff block's 2 KB reach libc's string-instruction path) */
static AC_V3 void zero_196_v3(double *ke)
{
    const __m256d z = _mm256_setzero_pd();
    int k;
    for (k = 0; k < 196; k += 28) {
        _mm256_storeu_pd(ke + k, z);
        _mm256_storeu_pd(ke + k + 4, z);
        _mm256_storeu_pd(ke + k + 8, z);
        _mm256_storeu_pd(ke + k + 12, z);
        _mm256_storeu_pd(ke + k + 16, z);
        _mm256_storeu_pd(ke + k + 20, z);
        _mm256_storeu_pd(ke + k + 24, z);
    }
}

static AC_V3 void zero_256_v3(double *ke)
{
    const __m256d z = _mm256_setzero_pd();
    int k;
    for (k = 0; k < 256; k += 32) {
        _mm256_storeu_pd(ke + k, z);
        _mm256_storeu_pd(ke + k + 4, z);
        _mm256_storeu_pd(ke + k + 8, z);
        _mm256_storeu_pd(ke + k + 12, z);
        _mm256_storeu_pd(ke + k + 16, z);
        _mm256_storeu_pd(ke + k + 20, z);
        _mm256_storeu_pd(ke + k + 24, z);
        _mm256_storeu_pd(ke + k + 28, z);
    }
}
#endif

static inline void zero_block(double *ke, int nn, int v3)
{
#if AC_HAVE_ISA_V3
    if (v3 && nn == 196) {
        zero_196_v3(ke);
        return;
    }
    if (v3 && nn == 256) {
        zero_256_v3(ke);
        return;
    }
#else
    (void)v3;
#endif
    memset(ke, 0, (size_t)nn * sizeof(double));
}

static inline void scatter_columns(const int *run, int nd, const double *ke, double *values, int assign)
{
    int h = nd / 2;
    scatter_node_columns(run, nd, ke, values, assign & 1, assign & 2);
    scatter_node_columns(run + 2 * (h - 1), nd, ke + h, values, assign & 4, assign & 8);
}

/* assign: the assign plan is in force (start_values), so e->assign's
 * blocks are written, not added to */
static void scatter_without_s(const alecable_element *e, int nd, const double *ke, double *values, int assign, int v3)
{
    if (e->runs) {
        int as = assign ? e->assign : 0;
#if AC_HAVE_ISA_V3
        if (nd == 14 && v3) ancf_columns_v3(e->map, ke, values, as);
        else if (nd == 16 && v3) kh_columns_v3(e->map, ke, values, as);
        else
#else
        (void)v3;
#endif
#if defined(__SSE2__)
        if (nd == 14) ancf_columns(e->map, ke, values, as); /* ANCF */
#else
        if (nd == 14) scatter_columns(e->map, 14, ke, values, as); /* ANCF */
#endif
        else if (nd == 8) scatter_columns(e->map, 8, ke, values, as); /* axial */
        else if (nd == 16) scatter_columns(e->map, 16, ke, values, as); /* Kirchhoff */
        else scatter_columns(e->map, nd, ke, values, as);
        return;
    }
    if (nd == 14) scatter_runs(e->map, 14, ke, values); /* ANCF */
    else if (nd == 8) scatter_runs(e->map, 8, ke, values); /* axial */
    else scatter_runs(e->map, nd, ke, values);
}

/* An element after a split node (lib/core/split.c): its force, the work of
 * gravity and their Hessian with the split, scattered over its dofs and rho */
static void split_element(const alecable_element *e, const double *q, const double *b, double cq, double *r,
                          double *values)
{
    double fe[EL_MAX_DOF + 2], ke[(EL_MAX_DOF + 2) * (EL_MAX_DOF + 2)];
    int xd[EL_MAX_DOF + 2], k;
    const int nb = ac_element_block(e), *dofs = ac_split_dofs(e, xd);
    ac_split_eval(e, q, b, r ? fe : NULL, values ? ke : NULL);
    if (values)
        for (k = 0; k < nb * nb; k++)
            if (e->map[k] >= 0) values[e->map[k]] += cq * ke[k];
    if (r)
        for (k = 0; k < nb; k++)
            if (dofs[k] >= 0) r[dofs[k]] += fe[k];
}

/* The Jacobian's values before the assembly: zero where no element writes
 * first (finalize.c's assign plan), and 1 when the element loop is to
 * assign its first-written blocks; with loads (they write before the
 * elements) every value is zeroed and every block added, as before.  The
 * sums are the same either way (an assigned x is 0 + x), but for the sign
 * of a zero. */
static int start_values(const alecable_model *m, double *values)
{
    int k;
    if (!m->assign_ok || m->loads.n > 0) {
        memset(values, 0, (size_t)m->pat.nnz * sizeof(double));
        return 0;
    }
    for (k = 0; k < m->n_zero_pos; k++) values[m->zero_pos[k]] = 0.0;
    return 1;
}

/* What follows an element's kernel call in element_loop and cable_pairs
 * (one text, so the pair loop keeps element_loop's bits): the tangent's
 * gravity and inertia terms and the block's scatter, then the force's
 * gravity and inertia (each scaled by the residual scale's element factors
 * when scale is given) and its scatter.  Always inlined: the loops' own
 * code, as before. */
#if defined(__GNUC__)
#define ASSEMBLE_INLINE static inline __attribute__((always_inline))
#else
#define ASSEMBLE_INLINE static inline
#endif
ASSEMBLE_INLINE void element_tangent_rest(const el_ops *ops, const alecable_element *e, const double *qe,
                                          const double *ve, const double *ae, const double b[3], int grav, int inertia,
                                          double cq, double cv, double ca, double *ke, double *kx, double *values,
                                          int assign, int v3)
{
    const int nd = el_ndof(ops), nn = nd * nd;
    int k;
    /* gravity's tangent lives in the material rows and columns only
     * (element.h): nothing to add when s is fixed */
    if (grav && !e->par.fixed_s) {
        if (ops->dist_tangent_acc) ops->dist_tangent_acc(b, qe, cq, ke);
        else {
            ops->dist_tangent(b, qe, kx);
            add_scaled(ke, kx, cq, nn);
        }
    }
    if (inertia && ops->inertia_jac_acc) ops->inertia_jac_acc(&e->par, qe, ve, ae, cq, cv, ca, ke);
    else if (inertia) {
        ops->inertia_jac(&e->par, qe, ve, ae, cq, cv, ca, kx);
        add_scaled(ke, kx, 1.0, nn);
    }
    if (e->par.fixed_s) scatter_without_s(e, nd, ke, values, assign, v3);
    else
        for (k = 0; k < nn; k++) values[e->map[k]] += ke[k];
}

ASSEMBLE_INLINE void element_force_rest(const el_ops *ops, const alecable_element *e, const double *qe,
                                        const double *ve, const double *ae, const double b[3], int grav, int inertia,
                                        double *fe, double *fx, double *scale, double *r)
{
    const int nd = el_ndof(ops);
    if (grav) {
        ops->dist_force(b, qe, fx);
        if (scale) scale_element(e, nd, fx, scale);
        add_force(fe, fx, nd);
    }
    if (inertia) {
        ops->inertia(&e->par, qe, ve, ae, fx);
        if (scale) scale_element(e, nd, fx, scale);
        add_force(fe, fx, nd);
    }
    scatter_force(e, nd, fe, r);
}

/* element_loop for a cable whose kind has the pair form of the fused kernel
 * (el_ops.force_tangent_acc2), both outputs and no residual scale: two
 * consecutive elements without a split node per kernel call, then each
 * element's gravity, inertia and scatter in element order by element_loop's
 * operations (fused, scale NULL: keep the two in step), so the results are
 * element_loop's bits.  A loop of its own: the pair's bookkeeping stays out
 * of the other kinds' loop (ANCF's per-element cost). */
static void cable_pairs(const alecable_cable *cb, const double *q, const double *v, const double *a, double cq,
                        double cv, double ca, double *r, double *values, int assign, int v3, int inertia, int grav,
                        const double b[3])
{
    const el_ops *ops = cb->ops;
    const int nd = el_ndof(ops), nn = nd * nd, nk = gather_nk(ops);
    double qb[2][EL_MAX_DOF], fb[2][EL_MAX_DOF], ve[EL_MAX_DOF], ae[EL_MAX_DOF], fx[EL_MAX_DOF];
    double kb[2][EL_MAX_DOF * EL_MAX_DOF], kx[EL_MAX_DOF * EL_MAX_DOF];
    int i, j, n;
    for (i = 0; i < cb->n_el; i += n) {
        const alecable_element *el[2];
        el[0] = cb->el[i];
        el[1] = i + 1 < cb->n_el ? cb->el[i + 1] : NULL;
        n = 1;
        if (el[0]->xdof >= 0) { /* statics only */
            split_element(el[0], q, grav ? b : NULL, cq, r, values);
            continue;
        }
        gather_q(el[0], nk, q, qb[0]);
        zero_block(kb[0], nn, v3);
        if (el[1] && el[1]->xdof < 0) {
            gather_q(el[1], nk, q, qb[1]);
            zero_block(kb[1], nn, v3);
            ops->force_tangent_acc2(&el[0]->par, qb[0], fb[0], kb[0], &el[1]->par, qb[1], fb[1], kb[1], cq);
            n = 2;
        } else
            ops->force_tangent_acc(&el[0]->par, qb[0], fb[0], cq, kb[0]);
        for (j = 0; j < n; j++) {
            const alecable_element *e = el[j];
            const double *qe = qb[j];
            double *fe = fb[j], *ke = kb[j];
            if (inertia) {
                gather_rate(e, nk, v, ve);
                gather_rate(e, nk, a, ae);
            }
            element_tangent_rest(ops, e, qe, ve, ae, b, grav, inertia, cq, cv, ca, ke, kx, values, assign, v3);
            element_force_rest(ops, e, qe, ve, ae, b, grav, inertia, fe, fx, NULL, r);
        }
    }
}

/* The element loop of the residual (r != NULL) and of the weighted Jacobian
 * (values != NULL), or of both at one point: internal forces, gravity and
 * inertia of one element are summed before a single scatter, and with both
 * outputs the element kind's fused kernel computes force and tangent from one
 * pass over its quadrature (two elements per call where the kind has the
 * pair form: cable_pairs). */
static void element_loop(alecable_model *m, double sc, const double *q, const double *v, const double *a, double cq,
                         double cv, double ca, double *r, double *values, double *scale, int assign)
{
    double qe[EL_MAX_DOF], ve[EL_MAX_DOF], ae[EL_MAX_DOF], fe[EL_MAX_DOF], fx[EL_MAX_DOF];
    double ke[EL_MAX_DOF * EL_MAX_DOF], kx[EL_MAX_DOF * EL_MAX_DOF];
    int c, i;
    for (c = 0; c < m->cables.n; c++) {
        const alecable_cable *cb = (const alecable_cable *)m->cables.p[c];
        const el_ops *ops = cb->ops;
        double b[3];
        int nd = el_ndof(ops), nn = nd * nd, inertia = has_inertia(cb, v, a), grav = gravity_density(m, cb, sc, b);
        int nk = gather_nk(ops), v3 = m->scatter_v3;
        if (r && values && !scale && ops->force_tangent_acc && ops->force_tangent_acc2) {
            cable_pairs(cb, q, v, a, cq, cv, ca, r, values, assign, v3, inertia, grav, b);
            continue;
        }
        for (i = 0; i < cb->n_el; i++) {
            const alecable_element *e = cb->el[i];
            int fused = r && values && ops->force_tangent_acc;
            if (e->xdof >= 0) { /* statics only: integrators refuse split nodes (dynamics.c) */
                split_element(e, q, grav ? b : NULL, cq, r, values);
                if (scale) ac_scale_split(e, q, grav ? b : NULL, scale);
                continue;
            }
            gather_q(e, nk, q, qe);
            if (inertia) {
                gather_rate(e, nk, v, ve);
                gather_rate(e, nk, a, ae);
            }
            if (values) {
                zero_block(ke, nn, v3);
                if (fused) ops->force_tangent_acc(&e->par, qe, fe, cq, ke);
                else if (ops->tangent_acc) ops->tangent_acc(&e->par, qe, cq, ke);
                else {
                    ops->tangent(&e->par, qe, kx);
                    add_scaled(ke, kx, cq, nn);
                }
                element_tangent_rest(ops, e, qe, ve, ae, b, grav, inertia, cq, cv, ca, ke, kx, values, assign, v3);
            }
            if (!r) continue;
            if (!fused) ops->force(&e->par, qe, fe);
            if (scale) scale_element(e, nd, fe, scale);
            element_force_rest(ops, e, qe, ve, ae, b, grav, inertia, fe, fx, scale, r);
        }
    }
}

/* Residual terms outside the element loop: loads, constraints, bodies, joints */
static void residual_rest(alecable_model *m, double t, double sc, const double *q, const double *v, const double *a,
                          const double *lambda, double *r)
{
    int i;
    double tm = ac_motion_time(m, t);
    for (i = 0; i < m->loads.n; i++) {
        load_residual(m, (const alecable_load *)m->loads.p[i], q, sc, r);
        field_load_residual(m, (const alecable_load *)m->loads.p[i], tm, q, v, a, sc, r);
    }
    for (i = 0; i < m->constraints.n; i++)
        con_residual((const alecable_constraint *)m->constraints.p[i], q, lambda, tm, r, m->nq);
    mesh_residual(m, q, lambda, r);
    if (m->bodies.n) bodies_residual(m, q, sc, r);
    if (m->bodies.n && v && a) bodies_inertia_residual(m, q, v, a, r);
    if (m->point_masses.n) point_masses_residual(m, tm, q, v, a, sc, r);
    ac_segments_residual(m, q, sc, r);
    for (i = 0; i < m->joints.n; i++) {
        const alecable_joint *j = (const alecable_joint *)m->joints.p[i];
        j->ops->eval(j, joint_time(j, t, tm), q, v, lambda, r, m->nq, 0.0, 0.0, NULL);
    }
    for (i = 0; i < m->loads.n; i++) {
        const alecable_load *l = (const alecable_load *)m->loads.p[i];
        if (l->kind == LOAD_PULLEY_FRICTION) pulley_friction_residual(l, q, lambda, r);
    }
}

/* Point and distributed loads give dr/dq: weighted by cq before the
 * pre-weighted element blocks are added */
static void jacobian_loads_first(alecable_model *m, double sc, const double *q, double cq, double *values)
{
    int i, k;
    if (m->loads.n == 0) return;
    for (i = 0; i < m->loads.n; i++) load_jacobian(m, (const alecable_load *)m->loads.p[i], q, sc, values, m->ework);
    if (cq != 1.0)
        for (k = 0; k < m->pat.nnz; k++) values[k] *= cq;
}

/* Jacobian terms after the element loop: field loads, constraints, bodies, joints */
static void jacobian_rest(alecable_model *m, double t, double sc, const double *q, const double *v, const double *a,
                          const double *lambda, double cq, double cv, double ca, int flags, double *values)
{
    int i;
    double tm = ac_motion_time(m, t);
    for (i = 0; i < m->loads.n; i++)
        field_load_jacobian(m, (const alecable_load *)m->loads.p[i], tm, q, v, a, sc, cq, cv, ca, flags, values,
                            m->ework);
    for (i = 0; i < m->constraints.n; i++) con_jacobian((const alecable_constraint *)m->constraints.p[i], values);
    mesh_jacobian(m, values);
    if (m->bodies.n) bodies_jacobian(m, q, sc, cq, values);
    if (m->bodies.n && v && a) bodies_inertia_jacobian(m, q, v, a, cq, cv, ca, values);
    if (m->point_masses.n) point_masses_jacobian(m, tm, q, v, a, sc, cq, cv, ca, values);
    ac_segments_jacobian(m, q, sc, cq, values);
    for (i = 0; i < m->joints.n; i++) {
        const alecable_joint *j = (const alecable_joint *)m->joints.p[i];
        j->ops->eval(j, joint_time(j, t, tm), q, v, lambda, NULL, m->nq, cq, cv, values);
    }
    for (i = 0; i < m->loads.n; i++) {
        const alecable_load *l = (const alecable_load *)m->loads.p[i];
        if (l->kind == LOAD_PULLEY_FRICTION) pulley_friction_jacobian(l, q, lambda, cq, values);
    }
}

int ac_residual(void *ctx, double t, const double *q, const double *v, const double *a,
                const double *lambda, double *r)
{
    alecable_model *m = ac_ctx_model(ctx);
    double sc;
    if (!m) return ALECABLE_ESTATE;
    sc = load_scale(m, t);
    m->cb_rc = 0;
    memset(r, 0, (size_t)m->n * sizeof(double));
    element_loop(m, sc, q, v, a, 0.0, 0.0, 0.0, r, NULL, NULL, 0);
    residual_rest(m, t, sc, q, v, a, lambda, r);
    if (m->cb_rc) return ALECABLE_ECALLBACK;
    return sp_all_finite(r, m->n) ? ALECABLE_OK : ALECABLE_ENAN;
}

int ac_jacobian(void *ctx, double t, const double *q, const double *v, const double *a,
                const double *lambda, double cq, double cv, double ca, int flags, double *values)
{
    alecable_model *m = ac_ctx_model(ctx);
    double sc;
    int as;
    if (!m) return ALECABLE_ESTATE;
    sc = load_scale(m, t);
    m->cb_rc = 0;
    as = start_values(m, values);
    jacobian_loads_first(m, sc, q, cq, values);
    element_loop(m, sc, q, v, a, cq, cv, ca, NULL, values, NULL, as);
    jacobian_rest(m, t, sc, q, v, a, lambda, cq, cv, ca, flags, values);
    if (m->cb_rc) return ALECABLE_ECALLBACK;
    return sp_all_finite(values, m->pat.nnz) ? ALECABLE_OK : ALECABLE_ENAN;
}

/* The residual and its scale (ac_residual_scale) at one point, from one
 * element loop: each element's force, weight and inertia are evaluated once
 * for both, and each sum is the one the two callbacks make on their own,
 * in the same order (bit for bit).  The residual's status is returned; the
 * scale's goes to *scale_st. */
static int residual_and_scale(alecable_model *m, double t, const double *q, const double *v, const double *a,
                              const double *lambda, double *r, double *scale, int *scale_st)
{
    double sc = load_scale(m, t);
    m->cb_rc = 0;
    memset(r, 0, (size_t)m->n * sizeof(double));
    memset(scale, 0, (size_t)m->n * sizeof(double));
    element_loop(m, sc, q, v, a, 0.0, 0.0, 0.0, r, NULL, scale, 0);
    residual_rest(m, t, sc, q, v, a, lambda, r);
    *scale_st = ALECABLE_ESTATE;
    if (m->cb_rc) return ALECABLE_ECALLBACK;
    if (!sp_all_finite(r, m->n)) return ALECABLE_ENAN;
    *scale_st = ac_scale_rest(m, t, q, v, a, lambda, scale);
    return ALECABLE_OK;
}

/* alecable_problem.residual_with_scale: one element loop where p's residual
 * and residual_scale are the model's (then ctx is the model's too: its
 * callbacks read it); a problem that wraps them (a copy with a host's ctx or
 * callbacks) gets its own called, and no ctx beside them is read */
static int ac_residual_with_scale(const alecable_problem *p, double t, const double *q, const double *v,
                                  const double *a, const double *lambda, double *r, double *scale, int *scale_st)
{
    alecable_model *m;
    int st, i, n = p->nq + p->nlam;
    *scale_st = ALECABLE_ESTATE;
    if (p->residual == ac_residual && p->residual_scale == ac_residual_scale) {
        if (!(m = ac_ctx_model(p->ctx))) return ALECABLE_ESTATE; /* what ac_residual says then */
        return residual_and_scale(m, t, q, v, a, lambda, r, scale, scale_st);
    }
    if ((st = p->residual(p->ctx, t, q, v, a, lambda, r))) return st;
    for (i = 0; i < n; i++)
        if (!isfinite(r[i])) return ALECABLE_OK; /* the caller's finiteness test reports it */
    *scale_st = p->residual_scale ? p->residual_scale(p->ctx, t, q, v, a, lambda, scale) : ALECABLE_ESTATE;
    return ALECABLE_OK;
}

/* The elements' energies at q: the strain energies into *w_int (the order
 * of ac_energy's sum), the weights' potential into *w_grav (gravity_energy's
 * sum: its load density, cables and elements in order) and, with v, the
 * kinetic energies of the cables with mass into *tkin, from one gather of q
 * per element. */
static void element_energies(alecable_model *m, const double *q, double sc, const double *v, double *w_int,
                             double *w_grav, double *tkin)
{
    double qe[EL_MAX_DOF], ve[EL_MAX_DOF], b[3], wi = 0.0, wg = 0.0, tk = 0.0;
    int c, i;
    for (c = 0; c < m->cables.n; c++) {
        const alecable_cable *cb = (const alecable_cable *)m->cables.p[c];
        int kin = v && has_inertia(cb, v, v), grav = gravity_density(m, cb, sc, b), nk = gather_nk(cb->ops);
        for (i = 0; i < cb->n_el; i++) {
            const alecable_element *e = cb->el[i];
            if (e->xdof >= 0) {
                wi += ac_split_energy(e, q);
                if (kin || grav) ac_gather(e, q, qe);
            } else {
                gather_q(e, nk, q, qe);
                wi += cb->ops->energy(&e->par, qe);
            }
            if (grav) wg += cb->ops->dist_energy(b, qe);
            if (kin) {
                gather_rate(e, nk, v, ve);
                tk += cb->ops->kinetic(&e->par, qe, ve);
            }
        }
    }
    *w_int = wi;
    *w_grav = wg;
    if (tkin) *tkin = tk;
}

static double model_energies(alecable_model *m, const double *q, double t, const double *v, double *tkin,
                             double *w_int, double *w_ext);

/* The elements give the kinetic energy 1/2 v.M(q) v from kinetic() where
 * every cable with mass is of ANCF or Kirchhoff elements (the quadratic form
 * of its inertia at v = 0, which ac_inertia evaluates: a Kirchhoff element's
 * inertia is its curve's, ANCF's, the roll without any) and nothing else has
 * mass: no bodies, no added mass (hydrodynamic loads). */
static int kinetic_from_elements(const alecable_model *m)
{
    int c, i;
    if (m->bodies.n || m->point_masses.n) return 0; /* (their T is in ac_inertia's M a) */
    for (i = 0; i < m->loads.n; i++)
        if (((const alecable_load *)m->loads.p[i])->ops->flags & LOAD_INERTIA) return 0;
    for (c = 0; c < m->cables.n; c++) {
        const alecable_cable *cb = (const alecable_cable *)m->cables.p[c];
        if (cb->ops->inertia && cb->section.rho > 0.0 &&
            ((cb->kind != ALECABLE_ELEMENT_ANCF && cb->kind != ALECABLE_ELEMENT_KIRCHHOFF) || !cb->ops->kinetic))
            return 0;
    }
    return 1;
}

/* alecable_problem.kinetic_energy: T from the elements' kinetic() without
 * the scattered M v where p's inertia is the model's and kinetic_from_elements,
 * and with w_int the energies (ac_energy_cb's to the bit) from the same
 * gathers where p's energy is the model's too; whatever p wraps is called
 * through p (T as the integrators sum it without this callback) */
static int ac_kinetic_energy(const alecable_problem *p, double t, const double *q, const double *v, double *work,
                             double *T, double *w_int, double *w_ext)
{
    alecable_model *m = NULL;
    double wi, we, e = 0.0;
    int i, st, own = p->inertia == ac_inertia;
    *T = 0.0;
    if (w_int && !p->energy) return ALECABLE_EINVAL; /* energies asked of a problem without them */
    if (own && !(m = ac_ctx_model(p->ctx))) return ALECABLE_ESTATE; /* what ac_inertia says then */
    if (own && kinetic_from_elements(m)) {
        if (w_int && p->energy == ac_energy_cb) {
            model_energies(m, q, t, v, T, &wi, &we);
            *w_int = wi;
            *w_ext = we;
            return isfinite(*T) ? ALECABLE_OK : ALECABLE_ENAN;
        }
        element_energies(m, q, 0.0, v, &wi, &we, T);
        if (!isfinite(*T)) return ALECABLE_ENAN;
    } else if (p->inertia) {
        if ((st = p->inertia(p->ctx, t, q, v, v, work))) return st;
        for (i = 0; i < p->nq; i++) e += v[i] * work[i];
        *T = 0.5 * e;
    } else {
        return ALECABLE_EINVAL; /* no inertia to take T from */
    }
    return w_int ? p->energy(p->ctx, t, q, w_int, w_ext) : ALECABLE_OK;
}

/* Both at one point (the semi-implicit methods' linearization point) */
static int ac_residual_jacobian(void *ctx, double t, const double *q, const double *v, const double *a,
                                const double *lambda, double cq, double cv, double ca, int flags, double *r,
                                double *values)
{
    alecable_model *m = ac_ctx_model(ctx);
    double sc;
    int as;
    if (!m) return ALECABLE_ESTATE;
    sc = load_scale(m, t);
    m->cb_rc = 0;
    memset(r, 0, (size_t)m->n * sizeof(double));
    as = start_values(m, values);
    jacobian_loads_first(m, sc, q, cq, values);
    element_loop(m, sc, q, v, a, cq, cv, ca, r, values, NULL, as);
    residual_rest(m, t, sc, q, v, a, lambda, r);
    jacobian_rest(m, t, sc, q, v, a, lambda, cq, cv, ca, flags, values);
    if (m->cb_rc) return ALECABLE_ECALLBACK;
    return sp_all_finite(r, m->n) && sp_all_finite(values, m->pat.nnz) ? ALECABLE_OK : ALECABLE_ENAN;
}

static int ac_constraint_rates(void *ctx, double t, const double *q, const double *v, double *gdot, double *gamma)
{
    alecable_model *m = ac_ctx_model(ctx);
    int i;
    double tm = ac_motion_time(m, t);
    (void)q;
    if (!m) return ALECABLE_ESTATE;
    m->cb_rc = 0;
    for (i = 0; i < m->constraints.n; i++)
        con_rates((const alecable_constraint *)m->constraints.p[i], tm, v, gdot, gamma);
    mesh_rates(m, v, gdot, gamma);
    for (i = 0; i < m->joints.n; i++) {
        const alecable_joint *j = (const alecable_joint *)m->joints.p[i];
        j->ops->rates(j, joint_time(j, t, tm), q, v, gdot, gamma);
    }
    return m->cb_rc ? ALECABLE_ECALLBACK : ALECABLE_OK;
}

/* alecable_problem.reaction_power: the joints' reactions that are not
 * G^T lambda (a sheave's tangent mesh reactions) supply lambda . (G - W) v */
static int ac_reaction_power(void *ctx, double t, const double *q, const double *v, const double *lambda,
                             double *power)
{
    alecable_model *m = ac_ctx_model(ctx);
    double P = 0.0;
    int i;
    (void)t;
    if (!m) return ALECABLE_ESTATE;
    for (i = 0; i < m->joints.n; i++) {
        const alecable_joint *j = (const alecable_joint *)m->joints.p[i];
        if (j->ops->power) P += j->ops->power(j, q, v, lambda);
    }
    *power = P;
    return ALECABLE_OK;
}

/* 1 when a joint's reactions may be non-ideal (its kind has the power op):
 * which of them are is a choice that may change without finalizing
 * (alecable_sheave_set_mesh_reaction()), so the op is asked each time */
static int has_reaction_power(const alecable_model *m)
{
    int i;
    for (i = 0; i < m->joints.n; i++)
        if (((const alecable_joint *)m->joints.p[i])->ops->power) return 1;
    return 0;
}

/* ac_energy; with v also the cables' kinetic energy into *tkin */
static double model_energies(alecable_model *m, const double *q, double t, const double *v, double *tkin,
                             double *w_int, double *w_ext)
{
    double wi, we, sc = load_scale(m, t);
    int i;
    element_energies(m, q, sc, v, &wi, &we, tkin);
    we += bodies_energy(m, q, sc);
    we += point_masses_energy(m, q, sc) + ac_segments_energy(m, q, sc);
    for (i = 0; i < m->loads.n; i++) we += load_energy(m, (const alecable_load *)m->loads.p[i], q, sc);
    for (i = 0; i < m->joints.n; i++) {
        const alecable_joint *j = (const alecable_joint *)m->joints.p[i];
        if (j->ops->energy) wi += j->ops->energy(j, q);
    }
    if (w_int) *w_int = wi;
    if (w_ext) *w_ext = we;
    return wi + we;
}

double ac_energy(alecable_model *m, const double *q, double t, double *w_int, double *w_ext)
{
    return model_energies(m, q, t, NULL, NULL, w_int, w_ext);
}

ALECABLE_API int alecable_model_energy(alecable_model *m, double *w_int, double *w_ext)
{
    int st = ac_check_model(m);
    if (st) return st;
    if (m->dirty && (st = ac_finalize(m))) return st;
    ac_energy(m, m->q, m->t, w_int, w_ext);
    return ALECABLE_OK;
}

/* Operation counts of one residual and one Jacobian evaluation (element
 * kernels and their scatter; loads other than gravity are not counted). */
static void count_flops(const alecable_model *m, double *fr, double *fj, double *fm, double *frj)
{
    double r = 0.0, j = 0.0, mi = 0.0, saved = 0.0, g3[3];
    int c, i;
    for (c = 0; c < m->cables.n; c++) {
        const alecable_cable *cb = (const alecable_cable *)m->cables.p[c];
        const el_flops *f = &cb->ops->flops;
        int nd = el_ndof(cb->ops), grav = gravity_density(m, cb, 1.0, g3), mass = cb->section.rho > 0.0;
        for (i = 0; i < cb->n_el; i++) {
            const alecable_element *e = cb->el[i];
            int lag = !ac_node_s_is_free(m, e->a) && !ac_node_s_is_free(m, e->b), fx = e->par.fixed_s;
            double ns = fx ? nd - 2 : nd; /* entries scattered */
            if (cb->ops->force_tangent_acc) /* the fused kernel shares curve and density */
                saved += (fx && f->force_fixed > 0.0 ? f->force_fixed : f->force) - f->fused_force;
            r += (fx && f->force_fixed > 0.0 ? f->force_fixed : f->force) + ns +
                 (grav ? f->dist_force + ns : 0.0);
            j += (fx && f->tangent_fixed > 0.0 ? f->tangent_fixed : f->tangent) + ns * ns +
                 (grav && !fx ? f->dist_tangent : 0.0);
            if (mass && fx) {
                r += (f->inertia_fixed > 0.0 ? f->inertia_fixed : f->inertia_lag) + ns;
                j += f->inertia_jac_fixed > 0.0 ? f->inertia_jac_fixed : f->inertia_jac_lag;
                mi += (f->inertia_fixed > 0.0 ? f->inertia_fixed : f->inertia_lag) + ns;
            } else if (mass) {
                r += (lag ? f->inertia_lag : f->inertia_ale) + nd;
                j += lag ? f->inertia_jac_lag : f->inertia_jac_ale;
                mi += (lag ? f->inertia_lag : f->inertia_ale) + nd;
            }
        }
    }
    *fr = r;
    *fj = j;
    *fm = mi;
    *frj = r + j - saved;
}

/* q <- q (+) scale dq: addition for the cables' coordinates (numbered
 * first) except the rotations of SE(3) nodes, which compose as the bodies'
 * do (R <- R exp(dpsi^), elements/se3.c), and the bodies' own update for
 * theirs (numbered last). */
static int ac_update(void *ctx, double *q, const double *dq, double scale)
{
    alecable_model *m = ac_ctx_model(ctx);
    int i, c, n_cable;
    if (!m) return ALECABLE_ESTATE;
    n_cable = m->bodies.n ? ((const alecable_body *)m->bodies.p[0])->node.dof0 : m->nq;
    for (i = 0; i < n_cable; i++) q[i] += scale * dq[i];
    for (c = 0; c < m->cables.n; c++) {
        const alecable_cable *cb = (const alecable_cable *)m->cables.p[c];
        if (cb->kind != ALECABLE_ELEMENT_SE3) continue;
        for (i = 0; i < cb->n_nodes; i++) {
            int k, r0 = cb->nodes[i]->dof0 + 3;
            double d[3];
            for (k = 0; k < 3; k++) {
                d[k] = scale * dq[r0 + k];
                q[r0 + k] -= d[k];
            }
            rot_compose(q + r0, d);
        }
    }
    bodies_update(m, q, dq, scale);
    return ALECABLE_OK;
}

static int has_se3(const alecable_model *m)
{
    int c;
    for (c = 0; c < m->cables.n; c++)
        if (((const alecable_cable *)m->cables.p[c])->kind == ALECABLE_ELEMENT_SE3) return 1;
    return 0;
}

/* A Newton step may shrink no element below a quarter of its material
 * length: nodes whose s is free never pass their neighbours, and a mesh
 * cannot collapse in one step where the energy is flat along the flow. */
#define SHRINK_MAX 0.75
static int ac_step_limit(void *ctx, const double *q, const double *dq, double *a_max)
{
    const alecable_model *m = ac_ctx_model(ctx);
    double a = 1.0;
    int c, i;
    if (!m) return ALECABLE_ESTATE;
    /* no material coordinate in q (every cable Lagrangian: finalize.c made
     * no dof classes), no element's s can move: the loop's a = 1 without
     * visiting them, at every step of the semi-implicit methods' watch */
    for (c = 0; m->dof_class && c < m->cables.n; c++) {
        const alecable_cable *cb = (const alecable_cable *)m->cables.p[c];
        for (i = 0; i < cb->n_el; i++) {
            const alecable_element *e = cb->el[i];
            int ia = node_sdof(e->a), ib = node_sdof(e->b);
            double l, dl;
            if (ia < 0 && ib < 0) continue;
            l = node_s_at(e->b, q) - node_s_at(e->a, q);
            dl = (ib >= 0 ? dq[ib] : 0.0) - (ia >= 0 ? dq[ia] : 0.0);
            if (dl < 0.0 && SHRINK_MAX * l < -dl * a) a = SHRINK_MAX * l / -dl;
        }
    }
    *a_max = a;
    return ALECABLE_OK;
}

ALECABLE_API int alecable_model_problem(alecable_problem *p, alecable_model *m)
{
    int st = ac_check_model(m);
    if (st) return st;
    if (!p) return ac_fail(m, ALECABLE_ENULL, "p is NULL");
    if (m->dirty && (st = ac_finalize(m))) return st;
    memset(p, 0, sizeof *p);
    p->struct_size = sizeof *p;
    if (!(p->ctx = ac_stamp_current(m))) return ac_fail(m, ALECABLE_ENOMEM, "out of memory");
    p->nq = m->nq;
    p->nlam = m->nlam;
    p->nnz = m->pat.nnz;
    p->colptr = m->pat.colptr;
    p->rowidx = m->pat.rowidx;
    p->dof_class = m->dof_class;
    p->partner = m->partner;
    p->residual = ac_residual;
    p->jacobian = ac_jacobian;
    p->update = m->bodies.n || has_se3(m) ? ac_update : NULL; /* other cable coordinates are additive */
    p->constraint_rates = ac_constraint_rates;
    p->inertia = ac_inertia;
    p->residual_jacobian = ac_residual_jacobian;
    p->step_limit = ac_step_limit;
    p->residual_scale = ac_residual_scale;
    p->residual_with_scale = ac_residual_with_scale;
    if (kinetic_from_elements(m)) p->kinetic_energy = ac_kinetic_energy;
    if (ac_energy_complete(m)) p->energy = ac_energy_cb;
    if (has_reaction_power(m)) p->reaction_power = ac_reaction_power;
    p->nhist = ac_history_size(m);
    if (p->nhist > 0) {
        p->history_get = ac_history_get;
        p->history_set = ac_history_set;
        p->history_commit = ac_history_commit;
    }
    count_flops(m, &p->flops_residual, &p->flops_jacobian, &p->flops_inertia, &p->flops_residual_jacobian);
    return ALECABLE_OK;
}

int problem_stale(const alecable_problem *p, char *msg, size_t len)
{
    alecable_model *m;
    if (p->residual != ac_residual || !p->ctx) return ALECABLE_OK; /* not a model's problem */
    if ((m = ac_ctx_model(p->ctx))) return ALECABLE_OK;
    snprintf(msg, len, "%s", ((const ac_stamp *)p->ctx)->m->errmsg);
    return ALECABLE_ESTATE;
}
