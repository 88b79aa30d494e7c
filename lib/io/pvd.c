/* A .pvd collection: the time series ParaView opens in one go.  Its reader
 * (vtkPVDReader) picks a VTK XML reader by each listed file's extension and
 * reads nothing else, so a legacy .vtk in the list makes ParaView refuse the
 * whole collection ("Could not determine the data type for the first
 * dataset"): such names are refused here, before anything is written. */
#include "io.h"

#include <errno.h>
#include <math.h>
#include <string.h>

/* the file types of VTK's XML readers, by extension */
static int xml_vtk_name(const char *name)
{
    static const char *const ext[] = {".vtp", ".vtu", ".vts", ".vtr", ".vti", ".vtm", ".vthb",
                                      ".pvtp", ".pvtu", ".pvts", ".pvtr", ".pvti", NULL};
    size_t n = strlen(name), k;
    int i;
    for (i = 0; ext[i]; i++) {
        k = strlen(ext[i]);
        if (n > k && !strcmp(name + n - k, ext[i])) return 1;
    }
    return 0;
}

/* name with XML's five special characters escaped, for an attribute */
static void put_attr(FILE *f, const char *s)
{
    for (; *s; s++) switch (*s) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        case '\'': fputs("&apos;", f); break;
        default: fputc(*s, f); break;
        }
}

ALECABLE_API int alecable_write_pvd(alecable_model *m, const char *path, int count, const char *const files[],
                                    const double times[])
{
    FILE *f;
    int st, i;
    if ((st = ac_check_model(m))) return st;
    if (!path || !files || !times) return ac_fail(m, ALECABLE_ENULL, "path, files or times is NULL");
    if (count < 0) return ac_fail(m, ALECABLE_EINVAL, "count = %d must be >= 0", count);
    for (i = 0; i < count; i++) {
        if (!files[i]) return ac_fail(m, ALECABLE_ENULL, "files[%d] is NULL", i);
        if (!xml_vtk_name(files[i]))
            return ac_fail(m, ALECABLE_EINVAL,
                           "files[%d] = \"%s\": a .pvd lists VTK XML files (.vtp, .vtu, .vts, .vtr, .vti, .vtm, "
                           ".vthb or their parallel .pvt*): ParaView reads no legacy .vtk from a .pvd "
                           "(write the frames with alecable_write_vtp, or list legacy files with alecable_write_vtk_series)",
                           i, files[i]);
        if (!isfinite(times[i])) return ac_fail(m, ALECABLE_EINVAL, "times[%d] = %g is not finite", i, times[i]);
    }
    f = fopen(path, "w");
    if (!f) return ac_fail(m, ALECABLE_EINVAL, "path \"%s\": cannot open for writing (%s)", path, strerror(errno));
    fprintf(f, "<?xml version=\"1.0\"?>\n<VTKFile type=\"Collection\" version=\"0.1\">\n  <Collection>\n");
    for (i = 0; i < count; i++) {
        fprintf(f, "    <DataSet timestep=\"%.17g\" part=\"0\" file=\"", times[i]);
        put_attr(f, files[i]);
        fprintf(f, "\"/>\n");
    }
    fprintf(f, "  </Collection>\n</VTKFile>\n");
    return io_close_checked(m, f, path);
}
