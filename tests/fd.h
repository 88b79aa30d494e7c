/* Finite-difference helpers for the tests: central differences with a step
 * relative to the coordinate's scale, compared in a scaled max-norm. */
#ifndef ALECABLE_TEST_FD_H
#define ALECABLE_TEST_FD_H

#include <math.h>

/* deterministic pseudo-random numbers in [-1, 1] */
static inline double fd_rand(unsigned *state)
{
    *state = *state * 1664525u + 1013904223u;
    return 2.0 * ((*state >> 8) & 0xffffff) / (double)0xffffff - 1.0;
}

/* max |a - b| / max(max |b|, floor) */
static inline double fd_relerr(const double *a, const double *b, int n, double floor)
{
    double num = 0.0, den = floor;
    int i;
    for (i = 0; i < n; i++) {
        if (fabs(a[i] - b[i]) > num) num = fabs(a[i] - b[i]);
        if (fabs(b[i]) > den) den = fabs(b[i]);
    }
    return num / den;
}

#endif
