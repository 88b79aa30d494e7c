/* The sleeve of paper 004, sec. 3, on constant-strain elements: a closed
 * form of the discrete model under monotonic loading.
 *
 * Element e joins nodes e and e + 1 with the spatial chord h (both held by
 * the sleeve or the clamp; the last element's free end excepted) and the
 * material length l_e = s_{e+1} - s_e: its strain is e_e = u_e / l_e - 1,
 * its axial force N_e = EA e_e and its energy W_e = l_e EA e_e^2 / 2.
 * Equilibrium:
 *  - the pulled end's position: dW/du = EA e_{n-1} = F;
 *  - the material coordinate of sleeve node i: dW/ds_i = G(e_i) - G(e_{i-1})
 *    with G(e) = -dW_e/dl_e = EA (e + e^2 / 2) (the element's flux of
 *    energy-momentum), balanced by the friction force lambda_i times the
 *    node's mean stretch c_i = (1 + e_{i-1} + 1 + e_i) / 2 (the contact's
 *    t . dx/ds, lib/friction/contact.c, with the SE(3) element's dx/ds);
 *    as G(e_i) - G(e_{i-1}) = EA (e_i - e_{i-1}) c_i exactly, this is
 *        N_i - N_{i-1} = lambda_i:
 *    the axial force jumps by the friction force;
 *  - |lambda_i| <= mu N, N = p h; a stuck node keeps its s.
 * Under monotonic loading a node, once slipping, keeps slipping: the slip
 * starts at node n - 1 and moves towards the clamp.  Going from the pulled
 * end, N_{n-1} = F; at node i, were it stuck, every element left of it
 * would still be unstrained (its nodes never moved in s), so it would carry
 * lambda_i = N_i; if N_i > mu N the node slips and N_{i-1} = N_i - mu N,
 * else it sticks with lambda_i = N_i and the nodes before it carry
 * nothing.  Positions follow: l_e = h / (1 + e_e) for e < n - 1, l_{n-1} =
 * L - the sum of the others, x_n = (n - 1) h + l_{n-1} (1 + e_{n-1}). */
#include "sleeve_closed_form.h"

#include <math.h>
#include <string.h>

double scf_continuum(double L, double EA, double p, double mu, double F)
{
    double e0 = F / EA, e1 = (F > mu * p * L ? F - mu * p * L : 0.0) / EA;
    return EA / (mu * p) * ((e0 - log1p(e0)) - (e1 - log1p(e1))) * (1.0 + e0);
}

int scf_solve(double L, double EA, double p, double mu, int n, double F, scf_state *out)
{
    const double h = L / n, lim = mu * p * h;
    double N = F, sum = 0.0, ln;
    int i, e;
    if (n < 2 || n > SCF_MAX_ELEMENTS || !(F >= 0.0)) return -1;
    memset(out, 0, sizeof *out);
    out->eps[n - 1] = F / EA;
    for (i = n - 1; i >= 1; i--) {
        if (N <= lim) {
            out->lambda[i] = N;
            out->stick_max = N;
            break;
        }
        out->lambda[i] = lim;
        out->slipping++;
        N -= lim;
        out->eps[i - 1] = N / EA;
    }
    for (e = 0; e < n - 1; e++) sum += h / (1.0 + out->eps[e]);
    ln = L - sum;
    out->u = (n - 1) * h + ln * (1.0 + out->eps[n - 1]) - L;
    return 0;
}
