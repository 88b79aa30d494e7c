/* Regularized Coulomb friction of a cable on a support plane (paper 001,
 * section 4.3, eq. 29), as a force per unit material length on the particles
 * in contact; see field_loads.h for the law and the contact band.
 *
 * Paper 001 eq. 29 is scalar: f = -mu rho g sgn(v) for |v| > eps and
 * -mu rho g v/eps for |v| <= eps, v the sliding velocity, rho g the weight
 * per unit length (rho the mass per unit length there), eps = 1e-3 m/s.  Its
 * vector form in the plane is  f = -mu N v_t / max(|v_t|, eps)  (law
 * SATURATED, the default): the friction force opposes the sliding velocity
 * v_t, grows linearly below eps and saturates at mu N above.  Law SQRT,
 * f = -mu N v_t / sqrt(|v_t|^2 + eps^2), is the smooth (C-infinity)
 * alternative for implicit Newton solvers; both tend to Coulomb's law as
 * eps -> 0.  The Jacobian of SATURATED jumps at |v_t| = eps (the force is
 * continuous).
 *
 * Normal load: the paper's sliding tether lies on a table, gravity acts on the
 * hanging part and the friction force on the part on the table uses the weight
 * per unit length.  Here N = rhoA max(0, -g.n) + normal_load per unit material
 * length: the component of the weight pressing the particle onto the support
 * plus an optional constant.  It does not depend on the state; no penalty
 * normal force is computed (the caller keeps the cable on the support, e.g. by
 * constraints, and gravity acts everywhere through the model).
 *
 * Contact is decided per quadrature point from the particle's signed distance
 * (band -depth <= n.(r - point) <= gap); the switching of that indicator is
 * not differentiated (it changes r and the Jacobian on a set of measure zero).
 *
 * The particle velocity u is the ALE one at fixed s (material flow included),
 * so the force depends on q (through the material-flow terms of u and through
 * the shape functions moving with s_A, s_B) and on v: both Jacobian blocks
 * are exact; there is no dependence on the acceleration. */
#include "field_loads.h"
#include "loads.h"
#include "load_ops.h"
#include "../core/vec3.h"

#include <math.h>
#include <string.h>

void friction_params_init(friction_params *p)
{
    memset(p, 0, sizeof *p);
    p->normal[2] = 1.0;
    p->mu = 0.0;
    p->eps = 1e-3;
    p->law = FRICTION_LAW_SATURATED;
    p->normal_load = 0.0;
    p->gap = 1e-6;
    p->depth = HUGE_VAL;
    p->stiff = 0;
}

/* f = -muN phi(v_t) and Au = df/du (3 x 3) */
static void friction_force(const friction_params *fp, double muN, const double n[3], const double u[3], double f[3],
                           double *Au)
{
    double vt[3], un = ac_dot3(u, n), nv, den;
    int i, j;
    for (i = 0; i < 3; i++) vt[i] = u[i] - un * n[i];
    nv = sqrt(ac_dot3(vt, vt));
    if (fp->law == FRICTION_LAW_SQRT) den = sqrt(nv * nv + fp->eps * fp->eps);
    else den = nv > fp->eps ? nv : fp->eps;
    if (!(den > 0.0)) { /* eps = 0 and no sliding: the zero element of the sign */
        f[0] = f[1] = f[2] = 0.0;
        if (Au)
            for (i = 0; i < 9; i++) Au[i] = 0.0;
        return;
    }
    for (i = 0; i < 3; i++) f[i] = -muN * vt[i] / den;
    if (!Au) return;
    /* d phi / d v_t: SQRT (I - v_t v_t^T/den^2)/den; SATURATED below eps I/eps,
     * above (I - e e^T)/|v_t|; then d v_t/du = P = I - n n^T, and v_t.n = 0 */
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++) {
            double pij = (i == j ? 1.0 : 0.0) - n[i] * n[j], k;
            if (fp->law == FRICTION_LAW_SQRT) k = (pij - vt[i] * vt[j] / (den * den)) / den;
            else if (nv > fp->eps) k = (pij - vt[i] * vt[j] / (nv * nv)) / nv;
            else k = pij / fp->eps;
            Au[i * 3 + j] = -muN * k;
        }
}

int friction_element(const friction_params *fp, const el_ops *ops, const el_params *par, const double *qe,
                     const double *ve, const double *ae, double *re, double cq, double cv, double ca, double *ke)
{
    fl_point P;
    double n[3], nn, gn, muN, f[3], Au[9], M[3 * EL_MAX_DOF], DF[3 * EL_MAX_DOF];
    int g, nd = fl_ndof(ops), i, j, k, jac = ke != NULL;
    (void)ae; /* friction does not depend on the acceleration */
    (void)ca;
    if (nd < 0) return -1;
    if (re) memset(re, 0, (size_t)nd * sizeof(double));
    if (ke) memset(ke, 0, (size_t)(nd * nd) * sizeof(double));
    nn = sqrt(ac_dot3(fp->normal, fp->normal));
    if (!(nn > 0.0) || !ve) return 0; /* no plane, or no velocity: no friction */
    for (i = 0; i < 3; i++) n[i] = fp->normal[i] / nn;
    gn = ac_dot3(fp->g, n);
    muN = fp->mu * ((par->rhoA > 0.0 && gn < 0.0 ? -par->rhoA * gn : 0.0) + fp->normal_load);
    if (muN == 0.0) return 0;
    for (g = 0; g < FL_NGAUSS; g++) {
        double w = fl_gauss_w[g], dist, d[3];
        fl_point_eval(ops, fl_gauss_xi[g], qe, ve, NULL, jac, &P);
        for (i = 0; i < 3; i++) d[i] = P.r[i] - fp->point[i];
        dist = ac_dot3(n, d);
        if (!(dist <= fp->gap && dist >= -fp->depth)) continue;
        friction_force(fp, muN, n, P.u, f, jac ? Au : NULL);
        fl_point_load(&P, w, f, cq, re, ke);
        if (!jac) continue;
        /* DF = Au (cq du/dq + cv J) */
        for (k = 0; k < 3 * nd; k++) M[k] = cq * P.du_dq[k] + cv * P.J[k];
        memset(DF, 0, (size_t)(3 * nd) * sizeof(double));
        for (i = 0; i < 3; i++)
            for (j = 0; j < 3; j++)
                for (k = 0; k < nd; k++) DF[i * nd + k] += Au[i * 3 + j] * M[j * nd + k];
        fl_point_jac(&P, w, DF, ke);
    }
    return 0;
}

/* ---- as a load of the model (alecable_load_friction_plane, field_api.c) -- */

/* the normal load's weight part takes the model's gravity at evaluation time */
static int friction_load_element(const alecable_model *m, const alecable_load *l, const alecable_element *e, double t,
                                 const double *qe, const double *ve, const double *ae, double *re, double cq,
                                 double cv, double ca, double *ke)
{
    friction_params fp = l->fp;
    (void)t;
    if (l->weight) memcpy(fp.g, m->gravity, sizeof fp.g);
    return friction_element(&fp, e->ops, &e->par, qe, ve, ae, re, cq, cv, ca, ke);
}

static int friction_stiff(const alecable_load *l) { return l->fp.stiff; }

const load_ops load_friction_ops = {LOAD_FRICTION, "friction", LOAD_ON_CABLE, LOAD_NO_VECTOR, NULL, NULL, NULL, NULL,
                                    NULL, friction_load_element, friction_stiff};
