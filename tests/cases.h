/* Models shared by the regression and API tests (built through the public API). */
#ifndef ALECABLE_TEST_CASES_H
#define ALECABLE_TEST_CASES_H

#include <alecable.h>

/* Paper 000 sec. 4.2: E = 1 GPa, A = pi mm^2, L = 10 mm, b0 = 1e5 N/m.
 * n_el elements; interior nodes uniform unless n_el == 2 and s_mid > 0
 * (initial s = x = s_mid).  lagrangian fixes every s. */
alecable_model *case_clamped(int n_el, double s_mid, int lagrangian, const alecable_allocator *al,
                             alecable_cable **cable);
/* Runs the paper's solver settings (alpha = 100, 40 steps) or plain Newton. */
int case_solve(alecable_model *m, int regularize, int steps, alecable_solve_report *rep);

#endif
