/* CSV output of a cable: one row per element with its material interval,
 * strain and axial force, and the positions of its end nodes. */
#include "../core/model.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

ALECABLE_API int alecable_write_cable_csv(const alecable_cable *c, const char *path)
{
    FILE *f;
    int i, ok;
    if (!c) return ALECABLE_ENULL;
    if (c->magic != MAGIC_CABLE) return ALECABLE_EHANDLE;
    if (!path) return ac_fail(c->model, ALECABLE_ENULL, "path is NULL");
    f = fopen(path, "w");
    if (!f) return ac_fail(c->model, ALECABLE_EINVAL, "path \"%s\": cannot open for writing (%s)", path, strerror(errno));
    fprintf(f, "element,s_a,s_b,s_mid,strain,axial_force,xa,ya,za,xb,yb,zb\n");
    for (i = 0; i < c->n_el; i++) {
        const alecable_element *e = c->el[i];
        double eps, N;
        alecable_element_strain(e, &eps);
        alecable_element_axial_force(e, &N);
        fprintf(f, "%d,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g\n", i, node_s(e->a),
                node_s(e->b), 0.5 * (node_s(e->a) + node_s(e->b)), eps, N, e->a->q[0], e->a->q[1], e->a->q[2],
                e->b->q[0], e->b->q[1], e->b->q[2]);
    }
    ok = !ferror(f);
    if (fclose(f) != 0) ok = 0;
    if (!ok) return ac_fail(c->model, ALECABLE_EINVAL, "path \"%s\": write error", path);
    return ALECABLE_OK;
}
