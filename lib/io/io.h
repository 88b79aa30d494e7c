/* What the VTK writers (legacy vtk.c, XML vtp.c) share: the scale of the
 * drawn bodies, body-frame points in space and the checked close. */
#ifndef ALECABLE_IO_H
#define ALECABLE_IO_H

#include "../core/model.h"
#include "../bodies/bodies.h"

#include <stdio.h>

enum { CIRCLE = 48 }; /* segments of a drawn pulley */

/* length of the drawn body axes: a tenth of the cables' extent (1 without cables) */
double io_axis_length(const alecable_model *m);
/* x = the point p of body b's frame in space, R its rotation (body_rotation) */
void io_body_point(const alecable_body *b, const double R[9], const double p[3], double x[3]);
/* fclose(f), and the error (set on m, naming path) when writing or closing failed */
int io_close_checked(alecable_model *m, FILE *f, const char *path);

#endif
