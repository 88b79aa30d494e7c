/* Second-order forward automatic differentiation: a value with its gradient
 * and Hessian with respect to n independent variables (n <= HD_MAX), the
 * Hessian packed as its upper triangle row by row.
 *
 * Why: the Kirchhoff beam's energy goes through unit tangents, the smallest
 * rotation between two of them and an atan2 (lib/elements/kirchhoff.c); its
 * exact Hessian by hand would be pages of algebra with many ways to be
 * slightly wrong.  Writing the energy once in these numbers gives the force
 * and the tangent as its exact derivatives, by construction.
 *
 * The same code serves three modes, chosen by the context: values only
 * (n = 0), value and gradient (hess = 0), or all three.  Results may alias
 * operands.  Pure functions: no allocation, no state. */
#ifndef ALECABLE_CORE_HD_H
#define ALECABLE_CORE_HD_H

#include <math.h>

/* Built with -DHD_COUNT, every operation adds its floating-point operations
 * to hd_flops (a global the counting program defines): how the element's
 * flop counts in kirchhoff.c were measured.  Off in the library. */
#ifdef HD_COUNT
extern double hd_flops;
#define HD_FLOPS(x) (hd_flops += (double)(x))
#else
#define HD_FLOPS(x) ((void)0)
#endif

#define HD_MAX 12
#define HD_HMAX (HD_MAX * (HD_MAX + 1) / 2)

typedef struct hd {
    double v;
    double g[HD_MAX];
    double h[HD_HMAX];
} hd;

/* n: variables carried (0: values only); hess: 1 to carry the Hessian;
 * nh = n (n + 1) / 2 when hess, else 0 */
typedef struct hd_ctx {
    int n, nh;
} hd_ctx;

static inline hd_ctx hd_context(int n, int hess)
{
    hd_ctx c;
    c.n = n;
    c.nh = hess ? n * (n + 1) / 2 : 0;
    return c;
}

/* position of H[i][j], i <= j, in the packed upper triangle */
static inline int hd_idx(int n, int i, int j) { return i * n - i * (i - 1) / 2 + (j - i); }

static inline void hd_const(const hd_ctx *c, hd *r, double x)
{
    int k;
    r->v = x;
    for (k = 0; k < c->n; k++) r->g[k] = 0.0;
    for (k = 0; k < c->nh; k++) r->h[k] = 0.0;
}

/* independent variable i with value x */
static inline void hd_var(const hd_ctx *c, hd *r, double x, int i)
{
    hd_const(c, r, x);
    if (i < c->n) r->g[i] = 1.0;
}

/* r = a + s b */
static inline void hd_axpy(const hd_ctx *c, hd *r, const hd *a, double s, const hd *b)
{
    int k;
    HD_FLOPS(2 * (1 + c->n + c->nh));
    r->v = a->v + s * b->v;
    for (k = 0; k < c->n; k++) r->g[k] = a->g[k] + s * b->g[k];
    for (k = 0; k < c->nh; k++) r->h[k] = a->h[k] + s * b->h[k];
}
static inline void hd_add(const hd_ctx *c, hd *r, const hd *a, const hd *b) { hd_axpy(c, r, a, 1.0, b); }
static inline void hd_sub(const hd_ctx *c, hd *r, const hd *a, const hd *b) { hd_axpy(c, r, a, -1.0, b); }

/* r = s a + x */
static inline void hd_scale(const hd_ctx *c, hd *r, double s, const hd *a, double x)
{
    int k;
    HD_FLOPS(2 + c->n + c->nh);
    r->v = s * a->v + x;
    for (k = 0; k < c->n; k++) r->g[k] = s * a->g[k];
    for (k = 0; k < c->nh; k++) r->h[k] = s * a->h[k];
}

/* r = a b.  The Hessian is updated first: it reads the operands' gradients,
 * which r may alias. */
static inline void hd_mul(const hd_ctx *c, hd *r, const hd *a, const hd *b)
{
    double av = a->v, bv = b->v;
    int i, j, k;
    HD_FLOPS(1 + 3 * c->n + 7 * c->nh);
    if (c->nh)
        for (i = 0, k = 0; i < c->n; i++) {
            double ai = a->g[i], bi = b->g[i];
            for (j = i; j < c->n; j++, k++) r->h[k] = av * b->h[k] + bv * a->h[k] + ai * b->g[j] + bi * a->g[j];
        }
    for (k = 0; k < c->n; k++) r->g[k] = av * b->g[k] + bv * a->g[k];
    r->v = av * bv;
}

/* r += s a b (r must not alias a or b): the sums of products of dot and
 * cross products in one pass, with no temporary */
static inline void hd_fma(const hd_ctx *c, hd *r, double s, const hd *a, const hd *b)
{
    double av = s * a->v, bv = s * b->v;
    int i, j, k;
    HD_FLOPS(3 + 4 * c->n + 8 * c->nh);
    if (c->nh)
        for (i = 0, k = 0; i < c->n; i++) {
            double ai = s * a->g[i], bi = s * b->g[i];
            for (j = i; j < c->n; j++, k++) r->h[k] += av * b->h[k] + bv * a->h[k] + ai * b->g[j] + bi * a->g[j];
        }
    for (k = 0; k < c->n; k++) r->g[k] += av * b->g[k] + bv * a->g[k];
    r->v += av * b->v;
}

/* r = f(a) from f(a.v) = f0, f' = f1, f'' = f2 (chain rule) */
static inline void hd_chain(const hd_ctx *c, hd *r, const hd *a, double f0, double f1, double f2)
{
    int i, j, k;
    HD_FLOPS(2 * c->n + 3 * c->nh + 10); /* the 10: f0, f1, f2 themselves */
    if (c->nh)
        for (i = 0, k = 0; i < c->n; i++) {
            double ai = f2 * a->g[i];
            for (j = i; j < c->n; j++, k++) r->h[k] = f1 * a->h[k] + ai * a->g[j];
        }
    for (k = 0; k < c->n; k++) r->g[k] = f1 * a->g[k];
    r->v = f0;
}

static inline void hd_inv(const hd_ctx *c, hd *r, const hd *a)
{
    double x = 1.0 / a->v;
    hd_chain(c, r, a, x, -x * x, 2.0 * x * x * x);
}

static inline void hd_div(const hd_ctx *c, hd *r, const hd *a, const hd *b)
{
    hd t;
    hd_inv(c, &t, b);
    hd_mul(c, r, a, &t);
}

static inline void hd_sqrt(const hd_ctx *c, hd *r, const hd *a)
{
    double s = sqrt(a->v);
    hd_chain(c, r, a, s, 0.5 / s, -0.25 / (s * a->v));
}

static inline void hd_sin(const hd_ctx *c, hd *r, const hd *a)
{
    double s = sin(a->v);
    hd_chain(c, r, a, s, cos(a->v), -s);
}

static inline void hd_cos(const hd_ctx *c, hd *r, const hd *a)
{
    double co = cos(a->v);
    hd_chain(c, r, a, co, -sin(a->v), -co);
}

/* atan2(y, x): through atan of the ratio whose magnitude is at most 1, so
 * the derivatives stay well conditioned at every angle; the value is
 * atan2's own. */
static inline void hd_atan2(const hd_ctx *c, hd *r, const hd *y, const hd *x)
{
    double ang = atan2(y->v, x->v), q, d;
    hd t;
    if (fabs(x->v) >= fabs(y->v)) {
        hd_div(c, &t, y, x);
        q = t.v;
        d = 1.0 / (1.0 + q * q);
        hd_chain(c, r, &t, ang, d, -2.0 * q * d * d);
    } else {
        hd_div(c, &t, x, y);
        q = t.v;
        d = 1.0 / (1.0 + q * q);
        hd_chain(c, r, &t, ang, -d, 2.0 * q * d * d);
    }
}

/* 3-vectors of hd numbers */
static inline void hd_dot3(const hd_ctx *c, hd *r, const hd a[3], const hd b[3])
{
    hd_mul(c, r, &a[0], &b[0]);
    hd_fma(c, r, 1.0, &a[1], &b[1]);
    hd_fma(c, r, 1.0, &a[2], &b[2]);
}

/* r = a x b (r must not alias a or b) */
static inline void hd_cross3(const hd_ctx *c, hd r[3], const hd a[3], const hd b[3])
{
    int i;
    for (i = 0; i < 3; i++) {
        int j = (i + 1) % 3, k = (i + 2) % 3;
        hd_mul(c, &r[i], &a[j], &b[k]);
        hd_fma(c, &r[i], -1.0, &a[k], &b[j]);
    }
}

/* r = s a (s an hd scalar; r may alias a) */
static inline void hd_smul3(const hd_ctx *c, hd r[3], const hd *s, const hd a[3])
{
    hd t = *s; /* s may be a component of r */
    hd_mul(c, &r[0], &t, &a[0]);
    hd_mul(c, &r[1], &t, &a[1]);
    hd_mul(c, &r[2], &t, &a[2]);
}

/* fe = W's gradient, ke += wt times its Hessian, expanded from the context's
 * variables z to an element's ndof dofs, where z_i = sum_a sgn[i][a] q[dof[i][a]]
 * (dof -1: no term): the beam elements' energies are written in such
 * differences of nodal coordinates (kirchhoff.c, se3.c) */
static inline void hd_expand(const hd_ctx *c, const hd *W, const int (*dof)[2], const double (*sgn)[2], int ndof,
                             double *fe, double wt, double *ke)
{
    int i, j, k, a, b;
    if (fe) {
        for (i = 0; i < ndof; i++) fe[i] = 0.0;
        for (i = 0; i < c->n; i++)
            for (a = 0; a < 2; a++)
                if (dof[i][a] >= 0) fe[dof[i][a]] += sgn[i][a] * W->g[i];
    }
    if (!ke || !c->nh) return;
    for (i = 0, k = 0; i < c->n; i++)
        for (j = i; j < c->n; j++, k++) {
            double x = wt * W->h[k];
            if (x == 0.0) continue;
            for (a = 0; a < 2; a++)
                for (b = 0; b < 2; b++) {
                    int r = dof[i][a], s = dof[j][b];
                    double v;
                    if (r < 0 || s < 0) continue;
                    v = sgn[i][a] * sgn[j][b] * x;
                    ke[r * ndof + s] += v;
                    if (i != j) ke[s * ndof + r] += v;
                }
        }
}

#endif
