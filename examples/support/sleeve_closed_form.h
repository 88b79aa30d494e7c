/* The closed form of paper 004's sleeve (sec. 3) on constant-strain
 * elements (the SE(3) beam, ALECABLE_ELEMENT_SE3) under monotonic loading:
 * examples/beam_sleeve.c --element se3 and tests/test_se3_model.c. */
#ifndef ALECABLE_EXAMPLES_SLEEVE_CLOSED_FORM_H
#define ALECABLE_EXAMPLES_SLEEVE_CLOSED_FORM_H

#define SCF_MAX_ELEMENTS 512

typedef struct scf_state {
    double u;          /* end displacement x_n - L [m] */
    double eps[SCF_MAX_ELEMENTS]; /* strain of each element */
    double lambda[SCF_MAX_ELEMENTS + 1]; /* |lambda_T| at node i (1 .. n-1) [N] */
    int slipping;      /* slipping sleeve nodes (the last ones, n-1 down) */
    double stick_max;  /* the largest |lambda_T| of a stuck node [N] */
} scf_state;

/* The straight beam of length L, axial stiffness EA, n equal elements;
 * node 0 held (position and material), node n pulled along the axis by F
 * with its material held; nodes 1 .. n-1 held in space by the sleeve (each
 * pressed by p h, h = L / n), their material free under Coulomb friction mu
 * (the friction force enters node i's material equation times the mean
 * stretch of its two elements, so the axial force jumps by it: see the
 * .c), loaded monotonically from F = 0.  Returns 0, or -1 for n outside
 * 2 .. SCF_MAX_ELEMENTS or F < 0. */
int scf_solve(double L, double EA, double p, double mu, int n, double F, scf_state *out);

/* The end displacement of the same beam in the continuum limit (n ->
 * infinity: the sleeve holds all of [0, L), the pulled end leaves at L):
 * the axial force drops by mu p per unit length from F at the exit, the
 * material in the sleeve is stretched by e = N / EA, and what has left it
 * is the end's displacement, (EA / (mu p)) [g(e_0) - g(e_1)] (1 + F / EA)
 * with g(e) = e - ln(1 + e), e_0 = F / EA, e_1 = max(F - mu p L, 0) / EA
 * (mu p > 0).  The discrete model tends to it as 1 / n. */
double scf_continuum(double L, double EA, double p, double mu, double F);

#endif
