/* smoke-test: --elements 1000 --steps 2 */
/* Memory of a dynamics run per ANCF element (issue 25, item 3): the
 * pendulum of bench_scaling (a Lagrangian ANCF cable pinned at one end,
 * under gravity) with its integrator, the bytes of each part from
 * alecable_model_memory() and alecable_integrator_memory() divided by the
 * elements, and the process's peak RSS from getrusage (--rss) beside its
 * RSS at the end (the same when the run's steady state, not a set-up
 * transient, sets the peak). */
#define _POSIX_C_SOURCE 200112L /* getrusage */
#include "common.h"
#include "support/pendulum_rig.h"

#include <stdio.h>
#include <string.h>
#include <sys/resource.h>

static alecable_model *pendulum(int elements)
{
    alecable_model *m;
    ex_check(NULL, pendulum_rig(&m, NULL, ALECABLE_ELEMENT_ANCF, elements, 1e8, 0), "pendulum_rig");
    return m;
}

/* peak resident set of the process [MB] (Linux: ru_maxrss in KiB) */
static double peak_rss_mb(void)
{
    struct rusage u;
    if (getrusage(RUSAGE_SELF, &u) != 0) return -1.0;
    return (double)u.ru_maxrss / 1024.0;
}

int main(int argc, char **argv)
{
    int elements = 100000, steps = 10, rss = 0, method, rc, i;
    double h = 0.0, budget = 3072.0, ne, total, mr_peak;
    const char *mname = "si-hht";
    alecable_model *m;
    alecable_integrator *it;
    alecable_dynamic_options o;
    alecable_memory_report mm, im;
    ex_opt opts[] = {
        {"--elements", 'i', &elements, "ANCF elements of the pendulum"},
        {"--steps", 'i', &steps, "time steps taken before the memory is read"},
        {"--method", 's', &mname, "time integrator (si-hht, hht, newmark, si-be, ...)"},
        {"--h", 'd', &h, "time step [s] (0: 1e-2 / elements, stable for SI-HHT at every mesh)"},
        {"--budget", 'd', &budget, "bytes per element the run should stay within (issue 25: 3 KB)"},
        {"--rss", 'f', &rss, "also print the process's peak RSS (getrusage) in the result: line"},
        {NULL, 0, NULL, NULL}};
    rc = ex_parse(argc, argv, opts, "Memory of a dynamics run per ANCF element, by part.");
    if (rc) return rc > 0 ? 0 : 2;
    method = ex_method(mname);
    if (elements < 1 || steps < 0 || !(h >= 0.0) || method < 0 || !(budget > 0.0)) {
        fprintf(stderr, "bench_memory: --elements >= 1, --steps >= 0, --h >= 0, --budget > 0 and a known --method\n");
        return 2;
    }
    if (h == 0.0) h = 1e-2 / elements;
    m = pendulum(elements);
    alecable_dynamic_options_init(&o);
    o.method = method;
    o.h = h;
    ex_check(m, alecable_model_integrator(&it, m, &o), "model_integrator");
    for (i = 0; i < steps; i++)
        if (alecable_integrator_step(it, h) != ALECABLE_OK) {
            fprintf(stderr, "bench_memory: step %d failed: %s\n", i + 1, alecable_integrator_errmsg(it));
            return 1;
        }
    alecable_memory_report_init(&mm);
    alecable_memory_report_init(&im);
    ex_check(m, alecable_model_memory(m, &mm), "model_memory");
    ex_check(m, alecable_integrator_memory(it, &im), "integrator_memory");
    ne = (double)elements;
    total = (double)(mm.total + im.total) / ne;
    mr_peak = (double)(mm.peak + im.peak) / ne;
    printf("bench_memory: %d ANCF elements, %s at h = %g, %d steps: bytes per element\n", elements, mname, h, steps);
    printf("  model       pattern %7.0f  scatter maps %7.0f  other %7.0f\n", mm.pattern / ne, mm.scatter / ne,
           mm.model_other / ne);
    printf("  integrator  history %7.0f  vectors %7.0f  jacobian %7.0f  condensation %7.0f  factor %7.0f\n",
           im.history / ne, im.vectors / ne, im.jacobian / ne, im.condensation / ne, im.factor / ne);
    printf("  total %.0f (budget %.0f), allocators' peak %.0f\n", total, budget, mr_peak);
    if (rss) {
        double now = ex_status_mb("VmRSS"); /* against the peak: the set-up's transients or the steady state */
        printf("  peak RSS of the process: %.1f MB", peak_rss_mb());
        if (now >= 0.0) printf(" (now %.1f MB)", now);
        printf("\n");
    }
    printf("result: status=0 elements=%d steps=%d bytes_per_element=%.0f pattern=%.0f scatter=%.0f model_other=%.0f "
           "history=%.0f vectors=%.0f jacobian=%.0f condensation=%.0f factor=%.0f peak_per_element=%.0f "
           "within_budget=%d",
           elements, steps, total, mm.pattern / ne, mm.scatter / ne, mm.model_other / ne, im.history / ne,
           im.vectors / ne, im.jacobian / ne, im.condensation / ne, im.factor / ne, mr_peak, total <= budget);
    if (rss) printf(" peak_rss_mb=%.1f", peak_rss_mb());
    printf("\n");
    alecable_integrator_destroy(it);
    alecable_model_destroy(m);
    return 0;
}
