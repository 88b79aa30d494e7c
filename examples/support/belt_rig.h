/* A belt drive for examples/belt_drive.c and the friction tests: an open
 * belt (a closed loop of axial elements) over a driving pulley D (radius
 * R1, centre at the origin) and a driven pulley P (radius R2 >= R1, centre
 * (C, 0, 0)), both wheels on frictionless axles along z; Coulomb stick/slip
 * between the belt and each rim (alecable_wrap_friction, the wheel as the
 * surface).
 *
 * With sin(beta) = (R2 - R1) / C the belt touches D over the angle
 * theta1 = pi - 2 beta and P over theta2 = pi + 2 beta.  Every belt node is
 * held in space: the wraps' on their circles (n1 and n2 elements), the
 * spans' on the common tangents, so the material flows through a fixed
 * mesh.  The belt runs counterclockwise with increasing s: from the middle
 * of the upper span, where the loop closes (two nodes at one point, s_end -
 * s_start = the belt's material length), over D, along the lower span,
 * over P and back.  It starts at rest under the pretension T0 (its material
 * coordinates set from it), every contact stuck.
 *
 * P's axle has a torsional spring k2 (the load).  D is driven
 * counterclockwise: its rotation prescribed, phi1 = t Phi (t the load
 * factor), so the torque on it follows and the upper span is the tight one.
 * Below the slip limit both wheels turn together (apart from the creep);
 * the driver's wrap, the shorter one, slips first, at the discrete
 * Euler-Eytelwein ratio T1/T2 = ((1 + b)/(1 - b))^(n1 - 1), b = mu
 * sin(theta1 / n1) / 2 (the capstan's law with the node spacing theta1/n1). */
#ifndef ALECABLE_EXAMPLES_BELT_RIG_H
#define ALECABLE_EXAMPLES_BELT_RIG_H

#include <alecable.h>

typedef struct belt_params {
    double R1, R2, C;   /* radii and centre distance [m] */
    double E, A, T0;    /* belt: Young's modulus, section, pretension */
    double mu, aug;     /* friction; aug: alecable_friction_params.augmentation */
    double k2;          /* driven axle's spring [N m/rad] */
    double Phi;         /* the driver's rotation at load factor 1 [rad] */
    int n1, n2;         /* elements on the wraps (3 .. BELT_MAX_N) */
    const alecable_allocator *allocator;
    /* dynamics: torque_rate > 0 drives D by a motor torque rising at that
     * rate [N m/s] instead of the prescribed rotation; the wheels' moments
     * of inertia, P's axle damper and the belt's density then count */
    double torque_rate, J1, J2, c2, rho;
} belt_params;

enum { BELT_MAX_N = 200 };

typedef struct belt_rig {
    alecable_model *m;
    alecable_cable *c;
    alecable_body *driver, *driven;
    alecable_joint *fr1, *fr2, *axle2;
    alecable_constraint *drive; /* D's prescribed rotation: its multiplier is the torque (NULL with a motor) */
    double torque_rate;         /* the motor's: torque = torque_rate t */
    int e_tight, e_slack;       /* elements of the upper (tight) and lower span next to D */
    int k1, k2;                 /* cable indices of the middle nodes of D's and P's wraps */
    double theta1, theta2, limit1, stretch0;
} belt_rig;

/* R1 = 0.05, R2 = 0.1, C = 0.3 m, E = 1e10 Pa, A = 1e-4 m^2, T0 = 100 N,
 * mu = 0.3, the library's augmentation, k2 = 2000 N m/rad, Phi = 0.012 rad
 * (D's wrap slips from about 0.008 on), n1 = n2 = 16; for dynamics
 * (torque_rate 0 here) J1 = 0.01, J2 = 0.05 kg m^2, c2 = 10 N m s/rad,
 * rho = 1000 kg/m^3 */
void belt_params_default(belt_params *p);
int belt_build(belt_rig *r, const belt_params *p);
/* torque the drive exerts on D about +z: the prescribed rotation's
 * multiplier, or the motor's torque_rate t at the model's time t */
double belt_driver_torque(const belt_rig *r);
/* rotation of P about +z and the moment its spring takes */
void belt_driven(const belt_rig *r, double *phi2, double *moment);
/* (the tensions: rig_tension(r->c, e_tight or e_slack); the stuck contacts:
 * rig_stuck(fr1 or fr2), support/rig.h) */

#endif
