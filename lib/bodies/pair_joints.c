/* Joints between two bodies A and B: revolute, spherical, fixed and
 * prismatic, with a spring, a damper and a host's motor on the joint's
 * coordinate (the revolute's angle, the prismatic's slide).  Derivatives
 * along the body update follow rotation.h's two rules.
 *
 * Body-frame data, taken at creation: the joint point p_A, p_B; the axis
 * a_A, a_B; u_A, u_B orthogonal to it and equal in space; w = a x u.
 * Equations, in this order (rows):
 *     point (revolute, spherical, fixed; 3)   x_A + R_A p_A - x_B - R_B p_B = 0
 *     slide (prismatic; 2)                    (R_A e).(x_B + R_B p_B - x_A) - e.p_A = 0, e = u_A, w_A
 *     rotation pairs (revolute 2, fixed and prismatic 3)
 *         (R_A a_A).(R_B u_B), (R_A a_A).(R_B w_B), (R_A u_A).(R_B w_B) = 0
 * The coordinate: theta = atan2((R_A w_A).(R_B u_B), (R_A u_A).(R_B u_B))
 * (revolute), the slide along a_A (prismatic); both 0 at creation.  Spring
 * W = 1/2 k c^2, damper force -c dc/dt, motor force tau(t, c, dc/dt).
 * Everything rotational is a bilinear form h = (R_A al).(R_B be)
 * (bilinear()); the slide is one with B's point (slide()). */
#include "bodies.h"
#include "rotation.h"

#include <math.h>
#include <string.h>

enum { NL_MAX = 18 }; /* local block: two bodies (12) and up to 6 rows */

static int has_point(const alecable_joint *j) { return j->kind != JOINT_PRISMATIC; }
static int slide_rows(const alecable_joint *j) { return j->kind == JOINT_PRISMATIC ? 2 : 0; }
static int rotation_rows(const alecable_joint *j) { return j->neq - 3 * has_point(j) - slide_rows(j); }
static int has_coordinate(const alecable_joint *j) { return j->kind == JOINT_REVOLUTE || j->kind == JOINT_PRISMATIC; }

static int pair_joint(alecable_joint **out, alecable_model *m, int kind, alecable_body *a, alecable_body *b,
                      const double point[3], const double axis[3], double k)
{
    static const int neq[8] = {[JOINT_REVOLUTE] = 5, [JOINT_SPHERICAL] = 3, [JOINT_FIXED] = 6, [JOINT_PRISMATIC] = 5};
    alecable_joint *j;
    double RA[9], RB[9], ax[3], u[3], d[3], na;
    int st, i;
    if ((st = ac_check_model(m))) return st;
    if (out) *out = NULL;
    if ((st = body_check(m, a, "a")) || (st = body_check(m, b, "b"))) return st;
    if (a == b) return ac_fail(m, ALECABLE_EINVAL, "a and b are the same body: a joint needs two bodies");
    if (!point || !axis) return ac_fail(m, ALECABLE_ENULL, "point or axis is NULL");
    if (!ac_is_finite3(point) || !ac_is_finite3(axis))
        return ac_fail(m, ALECABLE_EINVAL, "point or axis has a NaN or infinite component");
    if (!(k >= 0.0) || !isfinite(k)) return ac_fail(m, ALECABLE_EINVAL, "k = %g must be finite and >= 0", k);
    if (!((na = ac_direction_norm(axis)) > 0.0))
        return ac_fail(m, ALECABLE_EINVAL,
                       "axis = (%g, %g, %g): its length is zero or out of range (1e-150 .. 1e150): give a direction",
                       axis[0], axis[1], axis[2]);
    for (i = 0; i < 3; i++) ax[i] = axis[i] / na;
    /* a unit vector orthogonal to the axis */
    i = fabs(ax[0]) < 0.6 ? 0 : fabs(ax[1]) < 0.6 ? 1 : 2;
    d[0] = d[1] = d[2] = 0.0;
    d[i] = 1.0;
    cross3(ax, d, u);
    na = sqrt(dot3v(u, u));
    for (i = 0; i < 3; i++) u[i] /= na;
    if (!(j = joint_new(m, kind, 0, neq[kind]))) return ac_fail(m, ALECABLE_ENOMEM, "out of memory");
    j->a = a;
    j->b = b;
    j->k = k;
    body_rotation(a, NULL, RA);
    body_rotation(b, NULL, RB);
    for (i = 0; i < 3; i++) d[i] = point[i] - a->node.q[i];
    rot_tmul(RA, d, j->pa);
    for (i = 0; i < 3; i++) d[i] = point[i] - b->node.q[i];
    rot_tmul(RB, d, j->pb);
    rot_tmul(RA, ax, j->axis_a);
    rot_tmul(RB, ax, j->axis_b);
    rot_tmul(RA, u, j->u_a);
    rot_tmul(RB, u, j->u_b);
    cross3(j->axis_a, j->u_a, j->w_a);
    cross3(j->axis_b, j->u_b, j->w_b);
    if ((st = joint_push(m, j, out))) return ac_fail(m, st, "out of memory");
    return ALECABLE_OK;
}

ALECABLE_API int alecable_revolute(alecable_joint **out, alecable_model *m, alecable_body *a, alecable_body *b,
                                   const double point[3], const double axis[3], double k)
{
    return pair_joint(out, m, JOINT_REVOLUTE, a, b, point, axis, k);
}

ALECABLE_API int alecable_prismatic(alecable_joint **out, alecable_model *m, alecable_body *a, alecable_body *b,
                                    const double point[3], const double axis[3], double k)
{
    return pair_joint(out, m, JOINT_PRISMATIC, a, b, point, axis, k);
}

ALECABLE_API int alecable_spherical(alecable_joint **out, alecable_model *m, alecable_body *a, alecable_body *b,
                                    const double point[3])
{
    static const double z[3] = {0.0, 0.0, 1.0};
    return pair_joint(out, m, JOINT_SPHERICAL, a, b, point, z, 0.0);
}

ALECABLE_API int alecable_fixed_joint(alecable_joint **out, alecable_model *m, alecable_body *a, alecable_body *b,
                                      const double point[3])
{
    static const double z[3] = {0.0, 0.0, 1.0};
    return pair_joint(out, m, JOINT_FIXED, a, b, point, z, 0.0);
}

/* ---- the bilinear form h = (R_A al).(R_B be) -------------------------------- */

typedef struct bilin {
    double h, gA[3], gB[3];                /* right-trivialized gradient */
    double JAA[9], JAB[9], JBA[9], JBB[9]; /* its derivative (rows: gradient, columns: increment) */
} bilin;

static void bilinear(const double RA[9], const double RB[9], const double al[3], const double be[3], bilin *o)
{
    double aS[3], bS[3], yA[3], yB[3], Al[9], Be[9], YA[9], YB[9], RAtRB[9], RBtRA[9], T[9], RAt[9], RBt[9];
    int i;
    rot_mul(RA, al, aS);
    rot_mul(RB, be, bS);
    rot_tmul(RA, bS, yA);
    rot_tmul(RB, aS, yB);
    o->h = dot3v(aS, bS);
    cross3(al, yA, o->gA);
    cross3(be, yB, o->gB);
    rot_hat(al, Al);
    rot_hat(be, Be);
    rot_hat(yA, YA);
    rot_hat(yB, YB);
    mat3_mul(Al, YA, o->JAA);
    mat3_mul(Be, YB, o->JBB);
    for (i = 0; i < 9; i++) {
        RAt[i] = RA[(i % 3) * 3 + i / 3];
        RBt[i] = RB[(i % 3) * 3 + i / 3];
    }
    mat3_mul(RAt, RB, RAtRB);
    mat3_mul(RBt, RA, RBtRA);
    mat3_mul(Al, RAtRB, T);
    mat3_mul(T, Be, o->JAB);
    mat3_mul(Be, RBtRA, T);
    mat3_mul(T, Al, o->JBA);
    for (i = 0; i < 9; i++) {
        o->JAB[i] = -o->JAB[i];
        o->JBA[i] = -o->JBA[i];
    }
}

/* A scalar of the pair's local dofs (x_A, psi_A, x_B, psi_B): its value,
 * gradient g and the derivative J of g along the update (12 x 12, rows:
 * gradient) */
typedef struct scalar12 {
    double h, g[12], J[144];
} scalar12;

/* a bilinear form as such a scalar (no x dependence) */
static void bilinear12(const double RA[9], const double RB[9], const double al[3], const double be[3], scalar12 *s)
{
    static const int off[2] = {3, 9};
    const double *Jb[2][2];
    bilin b;
    int a, c, x, y;
    bilinear(RA, RB, al, be, &b);
    memset(s, 0, sizeof *s);
    s->h = b.h;
    Jb[0][0] = b.JAA;
    Jb[0][1] = b.JAB;
    Jb[1][0] = b.JBA;
    Jb[1][1] = b.JBB;
    for (a = 0; a < 3; a++) {
        s->g[3 + a] = b.gA[a];
        s->g[9 + a] = b.gB[a];
    }
    for (x = 0; x < 2; x++)
        for (y = 0; y < 2; y++)
            for (a = 0; a < 3; a++)
                for (c = 0; c < 3; c++) s->J[(off[x] + a) * 12 + off[y] + c] = Jb[x][y][3 * a + c];
}

/* The slide s = (R_A e).d - e.p_A, d = x_B + R_B p_B - x_A: with E = R_A e,
 * y = R_A^T d and z = R_B^T E,
 *     g = (-E, e x y, E, p_B x z),
 *     J: (x_A, psi_A) = R_A e^, (x_B, psi_A) = -R_A e^, (psi_A, x_A) = -e^ R_A^T,
 *        (psi_A, x_B) = e^ R_A^T, (psi_A, psi_A) = e^ y^, (psi_A, psi_B) = -e^ R_A^T R_B p_B^,
 *        (psi_B, psi_A) = -p_B^ R_B^T R_A e^, (psi_B, psi_B) = p_B^ z^. */
static void slide(const alecable_joint *j, const double *xa, const double *xb, const double RA[9], const double RB[9],
                  const double e[3], scalar12 *s)
{
    double E[3], d[3], y[3], z[3], Rp[3], Eh[9], Ph[9], RAe[9], eRAt[9], T[9], M[9], Yh[9], Zh[9];
    int a, c;
    rot_mul(RA, e, E);
    rot_mul(RB, j->pb, Rp);
    for (a = 0; a < 3; a++) d[a] = xb[a] + Rp[a] - xa[a];
    rot_tmul(RA, d, y);
    rot_tmul(RB, E, z);
    memset(s, 0, sizeof *s);
    s->h = dot3v(E, d) - dot3v(e, j->pa);
    cross3(e, y, s->g + 3);
    cross3(j->pb, z, s->g + 9);
    rot_hat(e, Eh);
    rot_hat(j->pb, Ph);
    rot_hat(y, Yh);
    rot_hat(z, Zh);
    mat3_mul(RA, Eh, RAe);
    for (a = 0; a < 3; a++)
        for (c = 0; c < 3; c++) eRAt[3 * a + c] = -RAe[3 * c + a]; /* e^ R_A^T = -(R_A e^)^T */
    for (a = 0; a < 3; a++) {
        s->g[a] = -E[a];
        s->g[6 + a] = E[a];
        for (c = 0; c < 3; c++) {
            s->J[a * 12 + 3 + c] = RAe[3 * a + c];
            s->J[(6 + a) * 12 + 3 + c] = -RAe[3 * a + c];
            s->J[(3 + a) * 12 + c] = -eRAt[3 * a + c];
            s->J[(3 + a) * 12 + 6 + c] = eRAt[3 * a + c];
        }
    }
    mat3_mul(Eh, Yh, T);
    for (a = 0; a < 9; a++) s->J[(3 + a / 3) * 12 + 3 + a % 3] = T[a];
    mat3_mul(Ph, Zh, T);
    for (a = 0; a < 9; a++) s->J[(9 + a / 3) * 12 + 9 + a % 3] = T[a];
    mat3_mul(eRAt, RB, M);
    mat3_mul(M, Ph, T); /* e^ R_A^T R_B p_B^ */
    for (a = 0; a < 3; a++)
        for (c = 0; c < 3; c++) {
            s->J[(3 + a) * 12 + 9 + c] = -T[3 * a + c];
            s->J[(9 + c) * 12 + 3 + a] = -T[3 * a + c]; /* its transpose: p_B^ R_B^T R_A e^ */
        }
}

/* the revolute's angle, from the two bilinear forms c = (R_A u_A).(R_B u_B)
 * and s = (R_A w_A).(R_B u_B): theta = atan2(s, c) */
static void joint_angle(const alecable_joint *j, const double RA[9], const double RB[9], scalar12 *o)
{
    scalar12 c, s;
    double rho2;
    int a, b;
    bilinear12(RA, RB, j->u_a, j->u_b, &c);
    bilinear12(RA, RB, j->w_a, j->u_b, &s);
    o->h = atan2(s.h, c.h);
    rho2 = c.h * c.h + s.h * s.h;
    for (a = 0; a < 12; a++) o->g[a] = (c.h * s.g[a] - s.h * c.g[a]) / rho2;
    for (a = 0; a < 12; a++)
        for (b = 0; b < 12; b++)
            o->J[a * 12 + b] = (s.g[a] * c.g[b] - c.g[a] * s.g[b] + c.h * s.J[a * 12 + b] - s.h * c.J[a * 12 + b]) / rho2 -
                               o->g[a] * (2.0 * c.h * c.g[b] + 2.0 * s.h * s.g[b]) / rho2;
}

/* the bodies' coordinates in q (NULL: the current state) */
static const double *coords(const alecable_body *b, const double *q) { return q ? q + b->node.dof0 : b->node.q; }

static void coordinate(const alecable_joint *j, const double *q, scalar12 *o)
{
    const double *xa = coords(j->a, q), *xb = coords(j->b, q);
    double RA[9], RB[9];
    rot_exp(xa + 3, RA);
    rot_exp(xb + 3, RB);
    if (j->kind == JOINT_REVOLUTE) joint_angle(j, RA, RB, o);
    else slide(j, xa, xb, RA, RB, j->axis_a, o);
}

/* ---- queries ---------------------------------------------------------------- */

static int coordinate_state(const alecable_joint *j, int kind, const char *what, double *c, double *spring)
{
    scalar12 s;
    int st = joint_check(j);
    if (st) return st;
    if (j->kind != kind) return ac_fail(j->model, ALECABLE_EINVAL, "the joint is not a %s joint", what);
    coordinate(j, NULL, &s);
    if (c) *c = s.h;
    if (spring) *spring = -j->k * s.h;
    return ALECABLE_OK;
}

ALECABLE_API int alecable_revolute_state(const alecable_joint *j, double *angle, double *spring_moment)
{
    return coordinate_state(j, JOINT_REVOLUTE, "revolute", angle, spring_moment);
}

ALECABLE_API int alecable_prismatic_state(const alecable_joint *j, double *slide, double *spring_force)
{
    return coordinate_state(j, JOINT_PRISMATIC, "prismatic", slide, spring_force);
}

/* ---- residual and Jacobian ---------------------------------------------------- */

static void pair_dofs(const alecable_joint *j, int nq, int d[NL_MAX])
{
    int k;
    for (k = 0; k < 6; k++) {
        d[k] = j->a->node.dof0 + k;
        d[6 + k] = j->b->node.dof0 + k;
    }
    for (k = 0; k < j->neq; k++) d[12 + k] = nq + j->row0 + k;
}

static int pair_pattern(const alecable_joint *j, sp_builder *bld, int nq)
{
    int d[NL_MAX];
    pair_dofs(j, nq, d);
    return sp_builder_add_block(bld, d, 12 + j->neq);
}

static int pair_maps(alecable_model *m, alecable_joint *j, const sp_pattern *p, int nq)
{
    int d[NL_MAX];
    pair_dofs(j, nq, d);
    return joint_map_block(m, j, p, d, 12 + j->neq);
}

/* an equation h = 0 at local row `row`, its multiplier l: r += l g, and the
 * Jacobian's G and G^T entries and the geometric term cq l J */
static void add_row(const scalar12 *s, int row, double l, double cq, double *rl, double *K, int nl)
{
    int a, b;
    rl[row] = s->h;
    for (a = 0; a < 12; a++) {
        rl[a] += l * s->g[a];
        K[row * nl + a] = s->g[a];
        K[a * nl + row] = s->g[a];
        for (b = 0; b < 12; b++) K[a * nl + b] += cq * l * s->J[a * 12 + b];
    }
}

/* The spring, the damper and the motor on the coordinate c: with g its
 * gradient, J the derivative of g along the update and V the local
 * velocities (the origins' in space, Omega in the body frames: the rates of
 * the increments), dc/dt = g.V, and the generalized force is
 * k c g - (tau - damping dc/dt) g.  Only the spring has a potential. */
static void coordinate_forces(const alecable_joint *j, double t, const double *q, const double *v, double *rl,
                              double *K, int nl, double cq, double cv)
{
    scalar12 c;
    double V[12], dc[12], rate = 0.0, tau = 0.0, dtau_c = 0.0, dtau_rate = 0.0, f;
    int a, b, k;
    coordinate(j, q, &c);
    for (a = 0; a < 6; a++) {
        V[a] = v ? v[j->a->node.dof0 + a] : 0.0;
        V[6 + a] = v ? v[j->b->node.dof0 + a] : 0.0;
    }
    for (a = 0; a < 12; a++) rate += c.g[a] * V[a];
    for (b = 0; b < 12; b++) { /* d rate / d q_b along the update */
        dc[b] = 0.0;
        for (a = 0; a < 12; a++) dc[b] += V[a] * c.J[a * 12 + b];
    }
    if (j->motor && (k = j->motor(j->motor_user, t, c.h, rate, &tau, &dtau_c, &dtau_rate)) != 0) {
        ac_callback_failed(j->model, k, t, "joint %d: the motor callback", ac_list_index(&j->model->joints, j));
        tau = NAN;
    }
    f = tau - j->damping * rate - j->k * c.h; /* the generalized force's magnitude along g */
    for (a = 0; a < 12; a++) {
        rl[a] -= f * c.g[a];
        for (b = 0; b < 12; b++) {
            double dfq = (dtau_c - j->k) * c.g[b] + (dtau_rate - j->damping) * dc[b];
            K[a * nl + b] -= cq * (dfq * c.g[a] + f * c.J[a * 12 + b]) + cv * (dtau_rate - j->damping) * c.g[a] * c.g[b];
        }
    }
}

/* The constraint part at the local block, the bodies' coordinates xa and
 * xb: rl (12 + neq) and K (nl x nl) zeroed by the caller */
static void pair_constraints(const alecable_joint *j, const double *xa, const double *xb, const double *lam, double cq,
                             double *rl, double *K)
{
    static const int pairs[3][2] = {{0, 1}, {0, 2}, {1, 2}}; /* (a, u, w)_A . (u, w)_B */
    const double *va[3] = {j->axis_a, j->u_a, j->w_a}, *vb[3] = {j->axis_b, j->u_b, j->w_b};
    double RA[9], RB[9];
    int a, b, k, row = 12, nl = 12 + j->neq;
    scalar12 s;
    rot_exp(xa + 3, RA);
    rot_exp(xb + 3, RB);
    if (has_point(j)) { /* g = x_A + R_A p_A - x_B - R_B p_B; G = [I, -R_A p_A^, -I, R_B p_B^] */
        double PA[9], PB[9], GA[9], GB[9], Ra[3], Rb[3], y[3], Y[9], T[9];
        rot_mul(RA, j->pa, Ra);
        rot_mul(RB, j->pb, Rb);
        rot_hat(j->pa, PA);
        rot_hat(j->pb, PB);
        mat3_mul(RA, PA, GA);
        mat3_mul(RB, PB, GB);
        for (a = 0; a < 3; a++) {
            rl[12 + a] = xa[a] + Ra[a] - xb[a] - Rb[a];
            rl[a] += lam[a];
            rl[6 + a] -= lam[a];
            for (b = 0; b < 3; b++) {
                rl[3 + a] -= GA[3 * b + a] * lam[b];
                rl[9 + a] += GB[3 * b + a] * lam[b];
                K[(12 + a) * nl + 3 + b] = -GA[3 * a + b];
                K[(12 + a) * nl + 9 + b] = GB[3 * a + b];
                K[(3 + b) * nl + 12 + a] = -GA[3 * a + b];
                K[(9 + b) * nl + 12 + a] = GB[3 * a + b];
            }
            K[(12 + a) * nl + a] = 1.0;
            K[(12 + a) * nl + 6 + a] = -1.0;
            K[a * nl + 12 + a] = 1.0;
            K[(6 + a) * nl + 12 + a] = -1.0;
        }
        /* d/dpsi_A of (-R_A p_A^)^T lambda = p_A^ R_A^T lambda: p_A^ (R_A^T lambda)^ */
        rot_tmul(RA, lam, y);
        rot_hat(y, Y);
        mat3_mul(PA, Y, T);
        for (a = 0; a < 3; a++)
            for (b = 0; b < 3; b++) K[(3 + a) * nl + 3 + b] += cq * T[3 * a + b];
        rot_tmul(RB, lam, y);
        rot_hat(y, Y);
        mat3_mul(PB, Y, T);
        for (a = 0; a < 3; a++)
            for (b = 0; b < 3; b++) K[(9 + a) * nl + 9 + b] -= cq * T[3 * a + b];
        row += 3;
    }
    for (k = 0; k < slide_rows(j); k++, row++) {
        slide(j, xa, xb, RA, RB, k == 0 ? j->u_a : j->w_a, &s);
        add_row(&s, row, lam[row - 12], cq, rl, K, nl);
    }
    for (k = 0; k < rotation_rows(j); k++, row++) {
        bilinear12(RA, RB, va[pairs[k][0]], vb[pairs[k][1]], &s);
        add_row(&s, row, lam[row - 12], cq, rl, K, nl);
    }
}

static void pair_eval(const alecable_joint *j, double t, const double *q, const double *v, const double *lambda,
                      double *r, int nq, double cq, double cv, double *values)
{
    double K[NL_MAX * NL_MAX], rl[NL_MAX];
    int a, d[NL_MAX], nl = 12 + j->neq;
    memset(K, 0, sizeof K);
    memset(rl, 0, sizeof rl);
    pair_constraints(j, coords(j->a, q), coords(j->b, q), lambda + j->row0, cq, rl, K);
    if (has_coordinate(j) && (j->k > 0.0 || j->damping > 0.0 || j->motor))
        coordinate_forces(j, t, q, v, rl, K, nl, cq, cv);
    if (r) {
        pair_dofs(j, nq, d);
        for (a = 0; a < 12; a++) r[d[a]] += rl[a];
        for (a = 12; a < nl; a++) r[d[a]] = rl[a];
    }
    if (values)
        for (a = 0; a < nl * nl; a++) values[j->map[a]] += K[a];
}

static double pair_energy(const alecable_joint *j, const double *q)
{
    scalar12 c;
    if (!has_coordinate(j) || j->k == 0.0) return 0.0;
    coordinate(j, q, &c);
    return 0.5 * j->k * c.h * c.h;
}

/* From b's rows of the constraint part: the joint's force on b is -(G^T
 * lambda) on x_B and its moment about B's origin R_B (-(G^T lambda) on
 * psi_B); moved to the joint point P = x_B + R_B p_B. */
ALECABLE_API int alecable_revolute_reaction(const alecable_joint *j, double force[3], double moment[3])
{
    double K[NL_MAX * NL_MAX], rl[NL_MAX], RB[9], F[3], Mb[3], M[3], Rp[3], c[3];
    int st = joint_check(j), a;
    if (st) return st;
    if (j->kind != JOINT_REVOLUTE && j->kind != JOINT_SPHERICAL && j->kind != JOINT_FIXED &&
        j->kind != JOINT_PRISMATIC)
        return ac_fail(j->model, ALECABLE_EINVAL, "the joint is not a revolute, prismatic, spherical or fixed joint");
    memset(K, 0, sizeof K);
    memset(rl, 0, sizeof rl);
    pair_constraints(j, j->a->node.q, j->b->node.q, j->lambda, 0.0, rl, K);
    for (a = 0; a < 3; a++) {
        F[a] = -rl[6 + a];
        Mb[a] = -rl[9 + a];
    }
    body_rotation(j->b, NULL, RB);
    rot_mul(RB, Mb, M);
    rot_mul(RB, j->pb, Rp);
    cross3(Rp, F, c);
    if (force) memcpy(force, F, sizeof F);
    if (moment)
        for (a = 0; a < 3; a++) moment[a] = M[a] - c[a];
    return ALECABLE_OK;
}

/* Constraint rates (problem.h: gdot = dg/dt, gamma = d2g/dt2 - G a) with the
 * bodies' velocities (rotation.h's body_point_rates). */

/* h = (R_A al).(R_B be): with a1 = R_A (W_A x al), a2 = R_A (W_A x (W_A x
 * al)) and the same for B,
 *     dh/dt = a1.(R_B be) + (R_A al).b1,  gamma = a2.(R_B be) + 2 a1.b1 + (R_A al).b2 */
static void bilinear_rates(const double RA[9], const double RB[9], const double WA[3], const double WB[3],
                           const double al[3], const double be[3], double *hd, double *hg)
{
    double a0[3], b0[3], a1[3], a2[3], b1[3], b2[3];
    rot_mul(RA, al, a0);
    rot_mul(RB, be, b0);
    body_point_rates(RA, WA, al, a1, a2);
    body_point_rates(RB, WB, be, b1, b2);
    *hd = dot3v(a1, b0) + dot3v(a0, b1);
    *hg = dot3v(a2, b0) + 2.0 * dot3v(a1, b1) + dot3v(a0, b2);
}

static void pair_rates(const alecable_joint *j, double t, const double *q, const double *v, double *gdot,
                       double *gamma)
{
    static const int pairs[3][2] = {{0, 1}, {0, 2}, {1, 2}};
    const double *va[3] = {j->axis_a, j->u_a, j->w_a}, *vb[3] = {j->axis_b, j->u_b, j->w_b};
    const double *WA = v + j->a->node.dof0 + 3, *WB = v + j->b->node.dof0 + 3;
    const double *xa = coords(j->a, q), *xb = coords(j->b, q);
    const double *vxa = v + j->a->node.dof0, *vxb = v + j->b->node.dof0;
    double RA[9], RB[9], a1[3], a2[3], b1[3], b2[3];
    int k, row = j->row0;
    (void)t;
    rot_exp(xa + 3, RA);
    rot_exp(xb + 3, RB);
    body_point_rates(RB, WB, j->pb, b1, b2);
    if (has_point(j)) {
        body_point_rates(RA, WA, j->pa, a1, a2);
        for (k = 0; k < 3; k++) {
            gdot[row + k] = vxa[k] + a1[k] - vxb[k] - b1[k];
            gamma[row + k] = a2[k] - b2[k];
        }
        row += 3;
    }
    /* s = E.d: ds/dt = E'.d + E.d', gamma = E''.d + 2 E'.d' + E.d'' (the
     * parts without accelerations) */
    for (k = 0; k < slide_rows(j); k++, row++) {
        const double *e = k == 0 ? j->u_a : j->w_a;
        double E[3], e1[3], e2[3], d[3], dd[3], Rp[3];
        int i;
        rot_mul(RA, e, E);
        rot_mul(RB, j->pb, Rp);
        body_point_rates(RA, WA, e, e1, e2);
        for (i = 0; i < 3; i++) {
            d[i] = xb[i] + Rp[i] - xa[i];
            dd[i] = vxb[i] + b1[i] - vxa[i];
        }
        gdot[row] = dot3v(e1, d) + dot3v(E, dd);
        gamma[row] = dot3v(e2, d) + 2.0 * dot3v(e1, dd) + dot3v(E, b2);
    }
    for (k = 0; k < rotation_rows(j); k++, row++)
        bilinear_rates(RA, RB, WA, WB, va[pairs[k][0]], vb[pairs[k][1]], &gdot[row], &gamma[row]);
}

const joint_ops joint_pair_ops = {pair_pattern, pair_maps, pair_eval, pair_energy, pair_rates, NULL, NULL, NULL,
                                  NULL};

static int check_coordinate_joint(const alecable_joint *j)
{
    int st = joint_check(j);
    if (st) return st;
    if (!has_coordinate(j)) return ac_fail(j->model, ALECABLE_EINVAL, "the joint is not a revolute or prismatic joint");
    return ALECABLE_OK;
}

ALECABLE_API int alecable_joint_set_damping(alecable_joint *j, double c)
{
    int st = check_coordinate_joint(j);
    if (st) return st;
    if (!(isfinite(c) && c >= 0.0)) return ac_fail(j->model, ALECABLE_EINVAL, "c = %g must be finite and >= 0", c);
    j->damping = c;
    return ALECABLE_OK;
}

ALECABLE_API int alecable_joint_set_motor(alecable_joint *j, alecable_torque_fn fn, void *user)
{
    int st = check_coordinate_joint(j);
    if (st) return st;
    j->motor = fn;
    j->motor_user = user;
    return ALECABLE_OK;
}
