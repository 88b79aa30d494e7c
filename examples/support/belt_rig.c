/* The belt drive with stick/slip on two turning pulleys: belt_rig.h */
#include "belt_rig.h"
#include "rig.h"

#include <math.h>
#include <string.h>

void belt_params_default(belt_params *p)
{
    alecable_friction_params fp;
    alecable_friction_params_init(&fp);
    memset(p, 0, sizeof *p);
    p->R1 = 0.05;
    p->R2 = 0.1;
    p->C = 0.3;
    p->E = 1e10;
    p->A = 1e-4;
    p->T0 = 100.0;
    p->mu = 0.3;
    p->aug = fp.augmentation;
    p->k2 = 2000.0;
    p->Phi = 0.012;
    p->n1 = p->n2 = 16;
    p->J1 = 0.01;
    p->J2 = 0.05;
    p->c2 = 10.0;
    p->rho = 1000.0;
}

static double dist(const double a[3], const double b[3])
{
    return sqrt((a[0] - b[0]) * (a[0] - b[0]) + (a[1] - b[1]) * (a[1] - b[1]) + (a[2] - b[2]) * (a[2] - b[2]));
}

/* a wheel of radius R at centre c on an axle along z on ground (spring k),
 * its wrap of n elements from angle a0 to a1 over nodes nd, and the
 * friction on it */
static int pulley(belt_rig *r, const belt_params *p, alecable_body *ground, const double c[3], double R, double k,
                  double J, double a0, double a1, int n, alecable_node **nd, alecable_body **wheel,
                  alecable_joint **axle, alecable_joint **fr)
{
    alecable_body_params bp;
    alecable_pulley_params pp;
    alecable_friction_params fp;
    alecable_joint *wrap;
    const double z[3] = {0, 0, 1};
    double ang[BELT_MAX_N + 1];
    int i;
    for (i = 0; i <= n; i++) ang[i] = a0 + (a1 - a0) * i / n;
    alecable_pulley_params_init(&pp);
    memcpy(pp.centre, c, sizeof pp.centre);
    pp.radius = R;
    RIG_TRY(alecable_pulley_wrap(&wrap, r->m, ground, &pp, n + 1, nd, ang));
    alecable_body_params_init(&bp);
    memcpy(bp.position, c, sizeof bp.position);
    bp.mass = 1.0;
    bp.inertia[0] = bp.inertia[4] = 0.5 * J;
    bp.inertia[8] = J;
    RIG_TRY(alecable_body_create(wheel, r->m, &bp));
    RIG_TRY(alecable_revolute(axle, r->m, ground, *wheel, c, z, k));
    alecable_friction_params_init(&fp);
    fp.mu = p->mu;
    fp.augmentation = p->aug;
    fp.surface = *wheel;
    return alecable_wrap_friction(fr, r->m, wrap, &fp);
}

/* the driving motor: torque_rate t about the axle */
static int motor(void *user, double t, double angle, double rate, double *torque, double *dtorque_dangle,
                 double *dtorque_drate)
{
    (void)angle;
    (void)rate;
    *torque = *(const double *)user * t;
    *dtorque_dangle = *dtorque_drate = 0.0;
    return 0;
}

static int build(belt_rig *r, const belt_params *p)
{
    const double sb = (p->R2 - p->R1) / p->C, beta = asin(sb), cb = cos(beta), EA = p->E * p->A;
    const double a_u = 0.5 * M_PI + beta, a_l = 1.5 * M_PI - beta, o[3] = {0, 0, 0}, cP[3] = {p->C, 0, 0};
    double x[BELT_MAX_N * 2 + 4][3], s = 0.0, coef[2] = {1.0, -1.0}, L;
    alecable_node *nd[BELT_MAX_N * 2 + 4], *ends[2];
    alecable_section sec;
    alecable_body *ground;
    alecable_body_params bp;
    alecable_joint *axle1;
    alecable_node *dn;
    int dofs[2] = {ALECABLE_DOF_S, ALECABLE_DOF_S}, i, k, nn = p->n1 + p->n2 + 4;
    r->theta1 = a_l - a_u;
    r->theta2 = 2.0 * M_PI - r->theta1;
    /* J (middle of the upper span), D's wrap, P's wrap, J again */
    x[0][0] = 0.5 * (p->R1 * -sb + p->C + p->R2 * -sb);
    x[0][1] = 0.5 * (p->R1 + p->R2) * cb;
    x[0][2] = 0.0;
    for (i = 0; i <= p->n1; i++) {
        double a = a_u + r->theta1 * i / p->n1;
        x[1 + i][0] = p->R1 * cos(a);
        x[1 + i][1] = p->R1 * sin(a);
        x[1 + i][2] = 0.0;
    }
    for (i = 0; i <= p->n2; i++) {
        double a = -a_u + r->theta2 * i / p->n2;
        x[p->n1 + 2 + i][0] = p->C + p->R2 * cos(a);
        x[p->n1 + 2 + i][1] = p->R2 * sin(a);
        x[p->n1 + 2 + i][2] = 0.0;
    }
    memcpy(x[nn - 1], x[0], sizeof x[0]);
    alecable_section_init(&sec);
    sec.E = p->E;
    sec.A = p->A;
    sec.rho = p->torque_rate > 0.0 ? p->rho : 0.0;
    RIG_TRY(alecable_cable_create(&r->c, r->m, ALECABLE_ELEMENT_AXIAL, &sec));
    r->stretch0 = axial_stretch(p->T0, EA);
    for (i = 0; i < nn; i++) {
        if (i > 0) s += dist(x[i], x[i - 1]) / r->stretch0;
        RIG_TRY(alecable_cable_add_node(&nd[i], r->c, x[i], s));
    }
    L = s;
    r->e_tight = 0;
    r->e_slack = p->n1 + 1;
    r->k1 = 1 + p->n1 / 2;
    r->k2 = p->n1 + 2 + p->n2 / 2;
    alecable_body_params_init(&bp);
    RIG_TRY(alecable_body_create(&ground, r->m, &bp));
    RIG_TRY(alecable_body_fix(r->m, ground));
    RIG_TRY(pulley(r, p, ground, o, p->R1, 0.0, p->J1, a_u, a_l, p->n1, nd + 1, &r->driver, &axle1, &r->fr1));
    RIG_TRY(pulley(r, p, ground, cP, p->R2, p->k2, p->J2, -a_u, a_u, p->n2, nd + p->n1 + 2, &r->driven, &r->axle2,
               &r->fr2));
    /* the loop's two ends: one point in space, the belt's material between */
    for (k = ALECABLE_DOF_X; k <= ALECABLE_DOF_Z; k++) {
        RIG_TRY(alecable_fix(NULL, r->m, nd[0], k));
        RIG_TRY(alecable_fix(NULL, r->m, nd[nn - 1], k));
    }
    ends[0] = nd[nn - 1];
    ends[1] = nd[0];
    RIG_TRY(alecable_linear_constraint(NULL, r->m, 2, ends, dofs, coef, L, 0.0));
    if (p->torque_rate > 0.0) {
        r->torque_rate = p->torque_rate;
        RIG_TRY(alecable_joint_set_motor(axle1, motor, &r->torque_rate));
        return alecable_joint_set_damping(r->axle2, p->c2);
    }
    RIG_TRY(alecable_body_node(&dn, r->driver));
    return alecable_prescribe(&r->drive, r->m, dn, ALECABLE_DOF_RZ, p->Phi);
}

int belt_build(belt_rig *r, const belt_params *p)
{
    double b;
    int st;
    memset(r, 0, sizeof *r);
    if (p->n1 < 3 || p->n2 < 3 || p->n1 > BELT_MAX_N || p->n2 > BELT_MAX_N || !(p->R2 >= p->R1) ||
        !(p->C > p->R2 - p->R1))
        return ALECABLE_EINVAL;
    if ((st = alecable_model_create(&r->m, p->allocator))) return st;
    if ((st = build(r, p))) {
        alecable_model_destroy(r->m);
        r->m = NULL;
        return st;
    }
    b = 0.5 * p->mu * sin(r->theta1 / p->n1);
    r->limit1 = pow((1.0 + b) / (1.0 - b), p->n1 - 1);
    return 0;
}

double belt_driver_torque(const belt_rig *r)
{
    double lam = 0.0;
    if (!r->drive) {
        double t = 0.0;
        alecable_model_get_state(r->m, NULL, NULL, &t);
        return r->torque_rate * t;
    }
    alecable_constraint_multiplier(r->drive, &lam);
    return -lam;
}

void belt_driven(const belt_rig *r, double *phi2, double *moment)
{
    alecable_revolute_state(r->axle2, phi2, moment);
}
