/* Morison hydrodynamics on cable elements (drag, buoyancy, added mass), and
 * the particle kinematics shared with friction.c.  See field_loads.h for the
 * force laws and the generalized force -int S^T f ds (paper 001 eq. 18).
 *
 * Conventions and references.
 *  - Paper 001 (section 4.2, submerged tether) applies "hydrodynamic drag and
 *    added mass forces" and refers to its ref. [8] (Westin and Irani 2021) for
 *    the model, which is not among ../shared/papers: the paper prints no form,
 *    so none takes precedence here.
 *  - Drag: Morison's quadratic drag split into the normal and tangential parts
 *    of the relative velocity, the usual cable form (e.g. Buckham, Driscoll and
 *    Nahon 2004, ref. [5] of paper 001):
 *        f_D = 1/2 rho_f d C_dn |w_n| w_n + 1/2 rho_f (pi d) C_dt |w_t| w_t.
 *    The tangential coefficient refers to the wetted perimeter pi d (skin
 *    friction), the normal one to the projected width d.  A C_dt quoted per
 *    projected width d must be divided by pi.
 *  - Buoyancy f_B = -rho_f A_d g, A_d = pi d^2/4: the weight of the displaced
 *    fluid, opposite to gravity.
 *  - Added mass f_A = -C_an rho_f A_d (a - (a.t) t): the normal part of the
 *    particle acceleration (no tangential added mass, still fluid: no
 *    Froude-Krylov term for a uniform steady current).  It contributes
 *    C_an rho_f A_d int S^T (I - t t^T) S ds to dr/da and, through t(q) and
 *    the acceleration's dependence on q and v (material flow), to dr/dq and
 *    dr/dv: all these terms are included.
 *  - In a sea (waves.c) the fluid velocity is U + u_f(r, t) and the fluid
 *    accelerates: Morison's inertia term (1 + C_an) rho_f A_d a_f,n, the
 *    Froude-Krylov force rho_f A_d a_f,n of the undisturbed pressure
 *    gradient plus the added mass C_an rho_f A_d a_f,n, on the normal part
 *    (as the particle's added mass; the usual slender-cable form, e.g.
 *    MoorDyn, Hall and Goupee 2015).  u_f and a_f depend on the particle's
 *    position r(q): dr/dq enters the Jacobian through their spatial
 *    gradients (closed forms, waves.c).  A Gauss point above the surface
 *    gets no force at all (buoyancy included); the force jumps as a point
 *    crosses the surface, which the Jacobian (exact between jumps) ignores.
 *  - Everything is per unit material length with the diameter of the
 *    unstretched cable (like gravity rho A per unit material length): the
 *    O(strain) change of the wetted length |r_s| ds and of the diameter under
 *    stretch is neglected, so that buoyancy integrates to rho_f g V with V
 *    the cable's volume.
 *
 * The non-smooth parts |w_n| w_n and |w.t| (w.t) are C^1: their derivatives
 * are continuous, with the value 0 where w_n = 0 (resp. w.t = 0). */
#include "field_loads.h"
#include "waves.h"
#include "loads.h"
#include "load_ops.h"
#include "../core/vec3.h"

#include <math.h>
#include <string.h>

/* 5-point Gauss-Legendre on [0, 1] */
#define GX(t) (0.5 + 0.5 * (t))
const double fl_gauss_xi[FL_NGAUSS] = {GX(-0.9061798459386639927976269), GX(-0.5384693101056830910363144), 0.5,
                                       GX(0.5384693101056830910363144), GX(0.9061798459386639927976269)};
const double fl_gauss_w[FL_NGAUSS] = {0.5 * 0.2369268850561890875142640, 0.5 * 0.4786286704993664680412915,
                                      0.5 * 0.5688888888888888888888889, 0.5 * 0.4786286704993664680412915,
                                      0.5 * 0.2369268850561890875142640};

/* ---------------------------------------------------------------------------
 * Kinematics */

typedef struct fl_layout {
    int nd, nb, sa, sb, boff[4], bpow[4];
} fl_layout;

static const fl_layout lay_axial = {8, 2, 3, 7, {0, 4, 0, 0}, {0, 0, 0, 0}};
static const fl_layout lay_ancf = {14, 4, 6, 13, {0, 3, 7, 10}, {0, 1, 0, 1}};
static const fl_layout lay_kirchhoff = {16, 4, 7, 15, {0, 3, 8, 11}, {0, 1, 0, 1}}; /* roll at 6, 14 */
/* SE(3) beam: the straight chord between the nodes' x, as its own distributed
 * loads and translational inertia (se3.c); the rotations (3..5, 10..12) do
 * not enter, so their rows and columns stay zero */
static const fl_layout lay_se3 = {14, 2, 6, 13, {0, 7, 0, 0}, {0, 0, 0, 0}};

/* polynomials P_b(xi) and their first two derivatives; NULL for an unknown kind */
static const fl_layout *layout(const el_ops *ops, double x, double p[4], double dp[4], double ddp[4])
{
    if (!ops) return NULL;
    switch (ops->kind) {
    case 0: /* axial: linear */
    case 3: /* SE(3): its chord, linear too */
        p[0] = 1.0 - x;
        p[1] = x;
        dp[0] = -1.0;
        dp[1] = 1.0;
        ddp[0] = ddp[1] = 0.0;
        if (ops->kind == 3) return el_ndof(ops) == lay_se3.nd ? &lay_se3 : NULL;
        return el_ndof(ops) == lay_axial.nd ? &lay_axial : NULL;
    case 1: /* ANCF: cubic Hermite (ancf.c) */
    case 2: /* Kirchhoff: the same curve (kirchhoff.c) */
        p[0] = 1.0 - 3.0 * x * x + 2.0 * x * x * x;
        p[1] = x - 2.0 * x * x + x * x * x;
        p[2] = 3.0 * x * x - 2.0 * x * x * x;
        p[3] = -x * x + x * x * x;
        dp[0] = -6.0 * x + 6.0 * x * x;
        dp[1] = 1.0 - 4.0 * x + 3.0 * x * x;
        dp[2] = 6.0 * x - 6.0 * x * x;
        dp[3] = -2.0 * x + 3.0 * x * x;
        ddp[0] = -6.0 + 12.0 * x;
        ddp[1] = -4.0 + 6.0 * x;
        ddp[2] = 6.0 - 12.0 * x;
        ddp[3] = -2.0 + 6.0 * x;
        if (ops->kind == 2) return el_ndof(ops) == lay_kirchhoff.nd ? &lay_kirchhoff : NULL;
        return el_ndof(ops) == lay_ancf.nd ? &lay_ancf : NULL;
    default: return NULL;
    }
}

int fl_ndof(const el_ops *ops)
{
    double p[4], dp[4], ddp[4];
    const fl_layout *L = layout(ops, 0.0, p, dp, ddp);
    return L ? L->nd : -1;
}

/* Derivatives of N = l^d P(xi) with respect to the material coordinates
 * m = A, B at fixed s (xi_m = c_m/l, l_m = e_m with c_A = xi - 1, c_B = -xi,
 * e_A = -1, e_B = 1):
 *     d_m N     = l^(d-1) (c_m P' + d e_m P)
 *     d_m d_n N = l^(d-2) (c_m c_n P'' + (d-1)(c_m e_n + c_n e_m) P' + d (d-1) e_m e_n P).
 * A term l^e Q(xi) has the l-derivative (e/l) l^e Q at fixed xi. */
#define PM(c, e, d, P, D) ((c) * (D) + (d) * (e) * (P))
#define PMN(cm, em, cn, en, d, P, D, E) \
    ((cm) * (cn) * (E) + ((d) - 1.0) * ((cm) * (en) + (cn) * (em)) * (D) + (d) * ((d) - 1.0) * (em) * (en) * (P))

int fl_point_eval(const el_ops *ops, double xi, const double *qe, const double *ve, const double *ae, int jac,
                  fl_point *P)
{
    static const double zero[3] = {0.0, 0.0, 0.0};
    const double c[2] = {xi - 1.0, -xi}, e[2] = {-1.0, 1.0};
    double p[4], dp[4], ddp[4], l, il, sd[2] = {0, 0}, sdd[2] = {0, 0};
    double rl[3] = {0, 0, 0}, rsl[3] = {0, 0, 0}, ul[3] = {0, 0, 0}, accl[3] = {0, 0, 0};
    double V[2][3] = {{0, 0, 0}, {0, 0, 0}}, ndb[4], qb[4];
    const fl_layout *L = layout(ops, xi, p, dp, ddp);
    int b, i, m, k, nd;
    if (!L) return -1;
    nd = P->nd = L->nd;
    P->nb = L->nb;
    P->sa = L->sa;
    P->sb = L->sb;
    for (b = 0; b < 4; b++) {
        P->boff[b] = L->boff[b];
        P->bpow[b] = L->bpow[b];
    }
    l = qe[L->sb] - qe[L->sa];
    il = 1.0 / l;
    P->xi = xi;
    P->l = l;
    P->s = qe[L->sa] + xi * l;
    if (ve) {
        sd[0] = ve[L->sa];
        sd[1] = ve[L->sb];
    }
    if (ae) {
        sdd[0] = ae[L->sa];
        sdd[1] = ae[L->sb];
    }
    for (i = 0; i < 3; i++) P->r[i] = P->rs[i] = P->u[i] = P->acc[i] = P->R[0][i] = P->R[1][i] = P->Rl[0][i] =
        P->Rl[1][i] = 0.0;
    for (b = 0; b < L->nb; b++) {
        double d = L->bpow[b], lp0 = d > 0 ? l : 1.0, lp1 = d > 0 ? 1.0 : il, lp2 = d > 0 ? il : il * il;
        double N = lp0 * p[b], Ns = lp1 * dp[b], nm[2], nmn[3], q1, q2;
        const double *Y = qe + L->boff[b], *Yd = ve ? ve + L->boff[b] : zero, *Ydd = ae ? ae + L->boff[b] : zero;
        for (m = 0; m < 2; m++) nm[m] = lp1 * PM(c[m], e[m], d, p[b], dp[b]);
        nmn[0] = lp2 * PMN(c[0], e[0], c[0], e[0], d, p[b], dp[b], ddp[b]);
        nmn[1] = lp2 * PMN(c[0], e[0], c[1], e[1], d, p[b], dp[b], ddp[b]);
        nmn[2] = lp2 * PMN(c[1], e[1], c[1], e[1], d, p[b], dp[b], ddp[b]);
        ndb[b] = nm[0] * sd[0] + nm[1] * sd[1];
        q1 = nm[0] * sdd[0] + nm[1] * sdd[1];
        q2 = nmn[0] * sd[0] * sd[0] + 2.0 * nmn[1] * sd[0] * sd[1] + nmn[2] * sd[1] * sd[1];
        qb[b] = q1 + q2;
        P->N[b] = N;
        P->nm[b][0] = nm[0];
        P->nm[b][1] = nm[1];
        for (i = 0; i < 3; i++) {
            P->r[i] += N * Y[i];
            P->rs[i] += Ns * Y[i];
            P->R[0][i] += nm[0] * Y[i];
            P->R[1][i] += nm[1] * Y[i];
            P->Rl[0][i] += (d - 1.0) * il * nm[0] * Y[i];
            P->Rl[1][i] += (d - 1.0) * il * nm[1] * Y[i];
            P->u[i] += N * Yd[i] + ndb[b] * Y[i];
            P->acc[i] += N * Ydd[i] + 2.0 * ndb[b] * Yd[i] + qb[b] * Y[i];
            if (jac) {
                rl[i] += d * il * N * Y[i];
                rsl[i] += (d - 1.0) * il * Ns * Y[i];
                ul[i] += d * il * N * Yd[i] + (d - 1.0) * il * ndb[b] * Y[i];
                accl[i] += il * (d * N * Ydd[i] + 2.0 * (d - 1.0) * ndb[b] * Yd[i] +
                                 ((d - 1.0) * q1 + (d - 2.0) * q2) * Y[i]);
                /* V_m = d acc / d sdot_m = 2 (d_m N Yd + sum_n d_m d_n N sdot_n Y) */
                for (m = 0; m < 2; m++)
                    V[m][i] += 2.0 * (nm[m] * Yd[i] + (nmn[m] * sd[0] + nmn[m + 1] * sd[1]) * Y[i]);
            }
        }
    }
    P->nrs = sqrt(ac_dot3(P->rs, P->rs));
    for (i = 0; i < 3; i++) P->t[i] = P->nrs > 0.0 ? P->rs[i] / P->nrs : 0.0;

    /* J = dr/dq at fixed s */
    memset(P->J, 0, (size_t)(3 * nd) * sizeof(double));
    for (i = 0; i < 3; i++) {
        for (b = 0; b < L->nb; b++) P->J[i * nd + L->boff[b] + i] = P->N[b];
        P->J[i * nd + L->sa] = P->R[0][i];
        P->J[i * nd + L->sb] = P->R[1][i];
    }
    if (!jac) return 0;

    /* fixed-xi derivatives: a block column is linear in Y_b; the s_A and s_B
     * columns are -/+ the l-derivative (the velocity dofs of s go elsewhere) */
    {
        double drs[3 * EL_MAX_DOF];
        memset(P->dr_dq, 0, (size_t)(3 * nd) * sizeof(double));
        memset(drs, 0, (size_t)(3 * nd) * sizeof(double));
        memset(P->du_dq, 0, (size_t)(3 * nd) * sizeof(double));
        memset(P->dacc_dq, 0, (size_t)(3 * nd) * sizeof(double));
        memset(P->dacc_dv, 0, (size_t)(3 * nd) * sizeof(double));
        for (i = 0; i < 3; i++) {
            for (b = 0; b < L->nb; b++) {
                double d = L->bpow[b], Ns = (d > 0 ? 1.0 : il) * dp[b];
                int col = i * nd + L->boff[b] + i;
                P->dr_dq[col] = P->N[b];
                drs[col] = Ns;
                P->du_dq[col] = ndb[b];
                P->dacc_dq[col] = qb[b];
                P->dacc_dv[col] = 2.0 * ndb[b];
            }
            P->dr_dq[i * nd + L->sa] = -rl[i];
            P->dr_dq[i * nd + L->sb] = rl[i];
            drs[i * nd + L->sa] = -rsl[i];
            drs[i * nd + L->sb] = rsl[i];
            P->du_dq[i * nd + L->sa] = -ul[i];
            P->du_dq[i * nd + L->sb] = ul[i];
            P->dacc_dq[i * nd + L->sa] = -accl[i];
            P->dacc_dq[i * nd + L->sb] = accl[i];
            P->dacc_dv[i * nd + L->sa] = V[0][i];
            P->dacc_dv[i * nd + L->sb] = V[1][i];
        }
        /* dt = (I - t t^T) drs / |r_s| */
        for (k = 0; k < nd; k++) {
            double tc = 0.0;
            for (i = 0; i < 3; i++) tc += P->t[i] * drs[i * nd + k];
            for (i = 0; i < 3; i++)
                P->dt_dq[i * nd + k] = P->nrs > 0.0 ? (drs[i * nd + k] - P->t[i] * tc) / P->nrs : 0.0;
        }
    }
    return 0;
}

/* re_i += -w l f.J_i.  The q-derivative at fixed xi of -w l f.J_i with f held
 * fixed: l and the N_b depend on q through l only, R_m through Y and l:
 *     d/ds_A = -psi_i, d/ds_B = +psi_i,  psi_i = d(l f.J_i)/dl,
 *     d(l f.R_m)/dY_(c,k) = l d_m N_c f_k. */
void fl_point_load(const fl_point *P, double w, const double f[3], double cq, double *re, double *ke)
{
    int nd = P->nd, b, i, m, k;
    double wl = w * P->l;
    if (re) {
        for (b = 0; b < P->nb; b++)
            for (i = 0; i < 3; i++) re[P->boff[b] + i] -= wl * P->N[b] * f[i];
        re[P->sa] -= wl * ac_dot3(f, P->R[0]);
        re[P->sb] -= wl * ac_dot3(f, P->R[1]);
    }
    if (ke && cq != 0.0) {
        const int sdof[2] = {P->sa, P->sb};
        double c = cq * w;
        for (b = 0; b < P->nb; b++)
            for (i = 0; i < 3; i++) {
                int row = P->boff[b] + i;
                double psi = (1.0 + P->bpow[b]) * P->N[b] * f[i];
                ke[row * nd + P->sa] += c * psi;
                ke[row * nd + P->sb] -= c * psi;
            }
        for (m = 0; m < 2; m++) {
            int row = sdof[m];
            double psi = ac_dot3(f, P->R[m]) + P->l * ac_dot3(f, P->Rl[m]);
            ke[row * nd + P->sa] += c * psi;
            ke[row * nd + P->sb] -= c * psi;
            for (b = 0; b < P->nb; b++)
                for (k = 0; k < 3; k++) ke[row * nd + P->boff[b] + k] -= c * P->l * P->nm[b][m] * f[k];
        }
    }
}

void fl_point_jac(const fl_point *P, double w, const double *DF, double *ke)
{
    int nd = P->nd, a, k;
    double wl = w * P->l;
    for (a = 0; a < nd; a++) {
        double j0 = P->J[a], j1 = P->J[nd + a], j2 = P->J[2 * nd + a];
        if (j0 == 0.0 && j1 == 0.0 && j2 == 0.0) continue;
        for (k = 0; k < nd; k++) ke[a * nd + k] -= wl * (j0 * DF[k] + j1 * DF[nd + k] + j2 * DF[2 * nd + k]);
    }
}

/* ---------------------------------------------------------------------------
 * Hydrodynamics */

void hydro_params_init(hydro_params *p)
{
    memset(p, 0, sizeof *p);
    p->terms = HYDRO_ALL;
    p->rho_f = 1025.0;
    p->d = 0.0;
    p->C_dn = 1.2;
    p->C_dt = 0.008;
    p->C_an = 1.0;
    p->stiff = 0;
    p->sea = NULL;
    p->time = 0.0;
}

/* out (3 x nd) += A (3 x 3) M (3 x nd) */
static void mat3_mul_add(const double A[9], const double *M, int nd, double *out)
{
    int i, j, k;
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++) {
            double a = A[i * 3 + j];
            if (a == 0.0) continue;
            for (k = 0; k < nd; k++) out[i * nd + k] += a * M[j * nd + k];
        }
}

/* Force per unit material length at one particle in fluid of velocity U
 * and acceleration af, and its partial derivatives with respect to the
 * particle velocity u (df/dU = -Au), the tangent t, the acceleration acc and
 * af (3 x 3 row-major; NULL to skip). */
static void hydro_force(const hydro_params *hp, const double U[3], const double af[3], const double u[3],
                        const double t[3], const double acc[3], double f[3], double Au[9], double At[9], double Aa[9],
                        double Af[9])
{
    const double pi = 3.14159265358979323846;
    double Ad = 0.25 * pi * hp->d * hp->d, kn = 0.5 * hp->rho_f * hp->d * hp->C_dn;
    double kt = 0.5 * hp->rho_f * pi * hp->d * hp->C_dt, ma = hp->C_an * hp->rho_f * Ad;
    double fb = hp->rho_f * Ad, w[3], wn[3], at, nwn, aa = ac_dot3(acc, t), mf = ma + hp->rho_f * Ad, fa = ac_dot3(af, t);
    int i, j;
    if (!(hp->terms & HYDRO_DRAG)) kn = kt = 0.0;
    if (!(hp->terms & HYDRO_BUOYANCY)) fb = 0.0;
    if (!(hp->terms & HYDRO_ADDED_MASS)) ma = mf = 0.0;
    for (i = 0; i < 3; i++) w[i] = U[i] - u[i];
    at = ac_dot3(w, t);
    for (i = 0; i < 3; i++) wn[i] = w[i] - at * t[i];
    nwn = sqrt(ac_dot3(wn, wn));
    for (i = 0; i < 3; i++)
        f[i] = kn * nwn * wn[i] + kt * fabs(at) * at * t[i] - fb * hp->g[i] - ma * (acc[i] - aa * t[i]) +
               mf * (af[i] - fa * t[i]);
    if (!Au) return;
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++) {
            double dij = i == j ? 1.0 : 0.0, pn = dij - t[i] * t[j], wnn = nwn > 0.0 ? wn[i] * wn[j] / nwn : 0.0;
            /* df/dw: kn (|w_n| P_n + w_n w_n^T/|w_n|) + 2 kt |w.t| t t^T; u enters as -w */
            Au[i * 3 + j] = -(kn * (nwn * pn + wnn) + 2.0 * kt * fabs(at) * t[i] * t[j]);
            /* df/dt: drag -kn (|w_n| (w.t) I + |w_n| t w^T + (w.t) w_n w_n^T/|w_n|)
             *        + kt (|w.t| (w.t) I + 2 |w.t| t w^T); added mass ma ((a.t) I + t a^T) */
            At[i * 3 + j] = -kn * (nwn * at * dij + nwn * t[i] * w[j] + at * wnn) +
                            kt * (fabs(at) * at * dij + 2.0 * fabs(at) * t[i] * w[j]) + ma * (aa * dij + t[i] * acc[j]) -
                            mf * (fa * dij + t[i] * af[j]);
            Aa[i * 3 + j] = -ma * pn;
            Af[i * 3 + j] = mf * pn;
        }
}

int hydro_element(const hydro_params *hp, const el_ops *ops, const el_params *par, const double *qe,
                  const double *ve, const double *ae, double *re, double cq, double cv, double ca, double *ke)
{
    static const double still[3] = {0.0, 0.0, 0.0};
    fl_point P;
    wave_kin K;
    double f[3], U[3], Au[9], At[9], Aa[9], Af[9], G[9], M[3 * EL_MAX_DOF], DF[3 * EL_MAX_DOF];
    int g, nd = fl_ndof(ops), k, jac = ke != NULL;
    (void)par;
    if (nd < 0) return -1;
    if (re) memset(re, 0, (size_t)nd * sizeof(double));
    if (ke) memset(ke, 0, (size_t)(nd * nd) * sizeof(double));
    for (g = 0; g < FL_NGAUSS; g++) {
        double w = fl_gauss_w[g];
        fl_point_eval(ops, fl_gauss_xi[g], qe, ve, ae, jac, &P);
        if (hp->sea) {
            wave_sea_eval(hp->sea, hp->time, P.r, jac, &K);
            if (!K.wet) continue;
            for (k = 0; k < 3; k++) U[k] = hp->U[k] + K.u[k];
        } else {
            memcpy(U, hp->U, sizeof U);
        }
        hydro_force(hp, U, hp->sea ? K.a : still, P.u, P.t, P.acc, f, jac ? Au : NULL, At, Aa, Af);
        fl_point_load(&P, w, f, cq, re, ke);
        if (!jac) continue;
        /* DF = Au (cq du/dq + cv J) + At cq dt/dq + Aa (cq dacc/dq + cv dacc/dv + ca J) */
        memset(DF, 0, (size_t)(3 * nd) * sizeof(double));
        for (k = 0; k < 3 * nd; k++) M[k] = cq * P.du_dq[k] + cv * P.J[k];
        mat3_mul_add(Au, M, nd, DF);
        if (cq != 0.0) {
            for (k = 0; k < 3 * nd; k++) M[k] = cq * P.dt_dq[k];
            mat3_mul_add(At, M, nd, DF);
        }
        for (k = 0; k < 3 * nd; k++) M[k] = cq * P.dacc_dq[k] + cv * P.dacc_dv[k] + ca * P.J[k];
        mat3_mul_add(Aa, M, nd, DF);
        if (hp->sea && cq != 0.0) { /* the fluid's u_f(r), a_f(r): G = -Au grad(u_f) + Af grad(a_f) */
            int i, j, l;
            for (i = 0; i < 3; i++)
                for (j = 0; j < 3; j++) {
                    double gij = 0.0;
                    for (l = 0; l < 3; l++) gij += -Au[i * 3 + l] * K.du[l * 3 + j] + Af[i * 3 + l] * K.da[l * 3 + j];
                    G[i * 3 + j] = gij;
                }
            for (k = 0; k < 3 * nd; k++) M[k] = cq * P.dr_dq[k];
            mat3_mul_add(G, M, nd, DF);
        }
        fl_point_jac(&P, w, DF, ke);
    }
    return 0;
}

/* ---- as a load of the model (alecable_load_hydro, field_api.c) ---------- */

/* gravity and the sea's time and density are read at evaluation time, so a
 * change of gravity or the sea later is seen */
static int hydro_load_element(const alecable_model *m, const alecable_load *l, const alecable_element *e, double t,
                              const double *qe, const double *ve, const double *ae, double *re, double cq, double cv,
                              double ca, double *ke)
{
    hydro_params hp = l->hp;
    memcpy(hp.g, m->gravity, sizeof hp.g);
    if (hp.sea) {
        hp.time = t;
        hp.rho_f = hp.sea->rho_f;
    }
    return hydro_element(&hp, e->ops, &e->par, qe, ve, ae, re, cq, cv, ca, ke);
}

static int hydro_stiff(const alecable_load *l) { return l->hp.stiff; }

/* alecable_load_set: the load's vector is the current */
static void hydro_set(alecable_load *l, const double f[3]) { memcpy(l->hp.U, f, sizeof l->hp.U); }

/* a current supplies work: no potential */
const load_ops load_hydro_ops = {LOAD_HYDRO, "hydrodynamic", LOAD_ON_CABLE, LOAD_WORKS | LOAD_INERTIA, hydro_set,
                                 NULL, NULL, NULL, NULL, hydro_load_element, hydro_stiff};
