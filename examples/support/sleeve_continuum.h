/* The continuum solution of the beam sleeve (examples/beam_sleeve.c) that a
 * refined mesh converges to: the closed form a Kirchhoff sleeve's refinement
 * study is measured against (tests/test_sleeve_split.c). */
#ifndef ALECABLE_EXAMPLES_SLEEVE_CONTINUUM_H
#define ALECABLE_EXAMPLES_SLEEVE_CONTINUUM_H

/* A straight bar of material length L, clamped (and no flow) at x = 0,
 * pulled along its axis at its material end s = L by F; a fixed sleeve over
 * the spatial interval [0, L] presses it with p per unit (spatial) length
 * and holds it by Coulomb friction mu p per unit length.  The limit of
 * beam_sleeve's mesh: its n - 1 interior nodes, each with the share L/n of
 * the sleeve, fill [0, L] as n grows.  Axial law of the Kirchhoff element:
 * stretch lam = 1 + T/EA (T the tension, s the material coordinate).
 *
 * Monotonic loading from rest.  The material moves out of the sleeve
 * (towards the pulled end), so where it slips friction holds it back by
 * mu p per unit length: from the exit x = L inwards
 *     T(x) = F - mu p (L - x)   for x* < x < L,  x* = max(L - F/(mu p), 0),
 * and the part before x* never moved (stick): it carries what equilibrium
 * gives there, T = 0 (or, once the whole sleeve slips, F > mu p L, the
 * clamp takes T0 = F - mu p L).  The segment that left the sleeve, [L, L +
 * u], carries F.  The material in [0, L] is int dx / lam:
 *     s_exit = x* + EA/(mu p) ln((EA + F)/(EA + T0)),
 * and the rest, L - s_exit (the outflow), is stretched by lam_F:
 *     u = (1 + F/EA) (L - s_exit)
 * is the pulled end's displacement.  mu p = 0: s_exit = L EA/(EA + F),
 * u = F L/EA.  Returns u; s_exit and the slip front x* through the
 * pointers (either may be NULL). */
double sleeve_continuum_u(double L, double EA, double p, double mu, double F, double *s_exit, double *x_front);

/* T(x) of the same solution, x in [0, L] (F beyond). */
double sleeve_continuum_tension(double L, double p, double mu, double F, double x);

/* The same sleeve on n elements whose nodes carry the tension jump (split
 * Kirchhoff nodes, or paper 004's SE(3) element): beam_sleeve's model.
 * Nodes 1..n-1 sit in the sleeve at x_i = i L/n, each with the normal force
 * p l, l = L/n, and slip once the tension step across it reaches mu p l.
 * Under monotonic loading the k = min(floor(F/(mu p l)), n - 1) nodes next
 * to the pulled end slip, each taking mu p l; the next one (if any) sticks
 * and carries the rest, F - k mu p l, and the elements before it never
 * moved (T = 0); if every node slips the clamp takes the rest.  Element e
 * (1..n) holds the material d_e / (1 + T_e/EA) of its spatial length d_e
 * (L/n, the last one L/n + u), and the material is L in all:
 *     u = (1 + F/EA) (L - sum_{e<n} (L/n) / (1 + T_e/EA)) - L/n.
 * Returns u; the stuck node's force through stick (0 when every node slips;
 * may be NULL).  It converges to sleeve_continuum_u at O(1/n). */
double sleeve_lumped_u(double L, double EA, double p, double mu, double F, int n, double *stick);

#endif
