/* The six-axis Puma-type arm of paper 003, section 7.1, for the examples.
 *
 * Geometry in the modified Denavit-Hartenberg notation of Khalil and
 * Kleinfinger (the paper's: frame j follows from frame j-1 by
 * Rot(x, alpha_j) Trans(x, d_j) Rot(z, theta_j) Trans(z, r_j)).  The paper
 * gives r1 = d4 = 1 m and r5 = r7 = 0.3 m; the rest is completed as the
 * PUMA table of Khalil and Dombre (Modeling, Identification and Control of
 * Robots, 2002: alpha = 0, -pi/2, 0, -pi/2, pi/2, -pi/2), every other
 * length zero, and a tool frame 7 on the flange:
 *     j   alpha_j   d_j    theta_j   r_j
 *     1   0         0      theta1    1.0    base column
 *     2   -pi/2     0      theta2    0      shoulder
 *     3   0         0      theta3    0      elbow (on the shoulder's axis: no upper arm is given)
 *     4   -pi/2     1.0    theta4    0      the 1 m arm, then the forearm roll
 *     5   pi/2      0      theta5    0.3    wrist bend, 0.3 m on
 *     6   -pi/2     0      theta6    0      flange roll
 *     7   0         0      0         0.3    tool frame O7, 0.3 m out of the flange
 * Joint motions (Table 1): theta1 = pi/6 sin(pi t), theta4 = -pi/2 +
 * pi/6 sin(pi t), theta5 = pi/6 sin(pi t), the others 0.  World: z up
 * (gravity -z), the base frame given by the caller. */
#ifndef ALECABLE_EXAMPLES_PUMA_ARM_H
#define ALECABLE_EXAMPLES_PUMA_ARM_H

/* Table 1's joint angles at t with their first and second time derivatives
 * (7 entries each, the seventh the tool's 0). */
void puma_joint_angles(double t, double theta[7], double dtheta[7], double ddtheta[7]);

/* The tool frame O7 at t in the world, the base at base_pos with rotation
 * base_rot (row-major, columns the base axes): position, rotation (row-major,
 * columns the frame's axes), the origin's velocity and acceleration, and the
 * frame's angular velocity and acceleration (world components), exact
 * (second-order Taylor arithmetic in t through the chain).  Any output but
 * pos and R may be NULL. */
void puma_tool_pose(const double base_pos[3], const double base_rot[9], double t, double pos[3], double R[9],
                    double vel[3], double omega[3], double acc[3], double alpha[3]);

/* Largest relative difference between the rates above and central
 * differences of the pose over t in [0, 2]; a few 1e-8 when all is well. */
double puma_self_check(void);

#endif
