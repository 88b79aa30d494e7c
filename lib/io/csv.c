/* CSV output of a cable: one row per element with its material interval,
 * strain and axial force, and the positions of its end nodes; a Kirchhoff
 * cable adds, at the element's middle, its twist, curvatures, torque and
 * bending moments (alecable_element_section), after the common columns. */
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
    fprintf(f, "element,s_a,s_b,s_mid,strain,axial_force,xa,ya,za,xb,yb,zb%s\n",
            c->ops->section ? ",twist,curvature2,curvature3,torque,moment2,moment3" : "");
    for (i = 0; i < c->n_el; i++) {
        const alecable_element *e = c->el[i];
        alecable_beam_section_state sec;
        double eps, N;
        alecable_element_strain(e, &eps);
        alecable_element_axial_force(e, &N);
        fprintf(f, "%d,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g,%.17g", i, node_s(e->a),
                node_s(e->b), 0.5 * (node_s(e->a) + node_s(e->b)), eps, N, e->a->q[0], e->a->q[1], e->a->q[2],
                e->b->q[0], e->b->q[1], e->b->q[2]);
        alecable_beam_section_state_init(&sec);
        if (c->ops->section && alecable_element_section(e, 0.5, &sec) == ALECABLE_OK)
            fprintf(f, ",%.17g,%.17g,%.17g,%.17g,%.17g,%.17g", sec.twist, sec.curvature[0], sec.curvature[1],
                    sec.torque, sec.moment[0], sec.moment[1]);
        else if (c->ops->section)
            fprintf(f, ",,,,,,");
        fprintf(f, "\n");
    }
    ok = !ferror(f);
    if (fclose(f) != 0) ok = 0;
    if (!ok) return ac_fail(c->model, ALECABLE_EINVAL, "path \"%s\": write error", path);
    return ALECABLE_OK;
}
