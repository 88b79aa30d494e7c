/* Checks through the problem interface shared by the model suites. */
#ifndef ALECABLE_TEST_PROBLEM_FD_H
#define ALECABLE_TEST_PROBLEM_FD_H

#include <alecable.h>

/* Morison hydrodynamics with a current and regularized plane friction on c,
 * both stiff (in the Jacobian). */
void pfd_add_field_loads(alecable_model *m, alecable_cable *c);

/* The model's state with q perturbed by 0.01 and random v (0.5) and a (2.0),
 * from a deterministic seed */
void pfd_perturbed_state(alecable_model *m, int nq, unsigned seed, double *q, double *v, double *a);

/* The weighted Jacobian J = w0 dr/dq + w1 dr/dv + w2 dr/da of p at (t, q, v,
 * a, lam) against central differences of its residual: the largest
 * |J - FD| / (1 + |FD|) over the q-rows (the constraint rows are not
 * weighted) and all q-columns.  q, v, a are perturbed and restored. */
double pfd_weighted_jacobian_error(const alecable_problem *p, double t, double *q, double *v, double *a,
                                   const double *lam, const double w[3]);

/* The quasistatic Jacobian (cq = 1, cv = ca = 0) of p at (t, q, lam)
 * against fourth-order central differences of its residual over every row
 * and column, steps h (1 + |z|): q-columns perturbed through the problem's
 * update, multiplier columns directly; the largest |J - FD| / (1 + |FD|).
 * h trades truncation (h^4) against round-off (|r| eps / h). */
double pfd_full_jacobian_error(const alecable_problem *p, double t, double *q, double *lam, double h);

/* The two matrices behind pfd_full_jacobian_error, dense (row-major, n = nq +
 * nlam squared, filled): J the quasistatic Jacobian, F its fourth-order
 * central differences; q and lam are perturbed and restored. */
void pfd_dense_jacobians(const alecable_problem *p, double t, double *q, double *lam, double h, double *J,
                         double *F);

#endif
