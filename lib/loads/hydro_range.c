/* The elements a hydrodynamic load acts on (alecable_load_hydro_set_elements):
 * a multi-segment line (alecable_cable_set_section_range) gives each segment
 * its own diameter and coefficients by one load per segment.  The range is
 * read at each evaluation (field_api.c's field_range), as plane friction's. */
#include "loads.h"

ALECABLE_API int alecable_load_hydro_set_elements(alecable_load *l, int first_element, int n_elements)
{
    alecable_model *m;
    int n;
    if (!l) return ALECABLE_ENULL;
    if (l->magic != MAGIC_LOAD) return ALECABLE_EHANDLE;
    m = l->model;
    if (l->kind != LOAD_HYDRO) return ac_fail(m, ALECABLE_EINVAL, "l is not a hydrodynamic load");
    n = l->cable->n_el;
    if (first_element < 0 || first_element >= n)
        return ac_fail(m, ALECABLE_ERANGE, "first_element = %d out of range [0, %d)", first_element, n);
    if (n_elements > n - first_element) /* (no first + n: it may overflow) */
        return ac_fail(m, ALECABLE_ERANGE, "n_elements = %d runs past the cable's %d elements", n_elements, n);
    l->first_el = first_element;
    l->n_el = n_elements > 0 ? n_elements : -1;
    return ALECABLE_OK;
}
