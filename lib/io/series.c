/* ParaView's file-series JSON (NAME.vtk.series, ParaView 5.5 and later):
 * the time series of legacy .vtk files, which a .pvd cannot list.  ParaView
 * opens it with File > Open and takes each file's time from it. */
#include "io.h"

#include <errno.h>
#include <math.h>
#include <string.h>

/* s as the body of a JSON string */
static void put_json(FILE *f, const char *s)
{
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\') fprintf(f, "\\%c", ch);
        else if (ch < 0x20) fprintf(f, "\\u%04x", ch);
        else fputc(ch, f);
    }
}

ALECABLE_API int alecable_write_vtk_series(alecable_model *m, const char *path, int count, const char *const files[],
                                           const double times[])
{
    FILE *f;
    int st, i;
    if ((st = ac_check_model(m))) return st;
    if (!path || !files || !times) return ac_fail(m, ALECABLE_ENULL, "path, files or times is NULL");
    if (count < 0) return ac_fail(m, ALECABLE_EINVAL, "count = %d must be >= 0", count);
    for (i = 0; i < count; i++) {
        if (!files[i]) return ac_fail(m, ALECABLE_ENULL, "files[%d] is NULL", i);
        if (!files[i][0]) return ac_fail(m, ALECABLE_EINVAL, "files[%d] is empty", i);
        if (!isfinite(times[i])) return ac_fail(m, ALECABLE_EINVAL, "times[%d] = %g is not finite", i, times[i]);
    }
    f = fopen(path, "w");
    if (!f) return ac_fail(m, ALECABLE_EINVAL, "path \"%s\": cannot open for writing (%s)", path, strerror(errno));
    fprintf(f, "{\n  \"file-series-version\" : \"1.0\",\n  \"files\" : [\n");
    for (i = 0; i < count; i++) {
        fprintf(f, "    { \"name\" : \"");
        put_json(f, files[i]);
        fprintf(f, "\", \"time\" : %.17g }%s\n", times[i], i + 1 < count ? "," : "");
    }
    fprintf(f, "  ]\n}\n");
    return io_close_checked(m, f, path);
}
