/* The model's clock: the load factor of a quasistatic solve ramps the
 * loads, time moves the motions (prescribed motions and their callbacks,
 * driven bodies, clamp frames, motors, wrench callbacks).  The problem's t
 * is a load factor in statics and a time in dynamics; the model maps it
 * (ac_motion_time, model.h) so that a static pre-solve at the model's time
 * hands its state to dynamics starting at that time without moving a
 * motion. */
#include "model.h"

#include <math.h>
#include <stddef.h>

/* 0.2's statics, kept for a caller built against 0.2 (its shorter options):
 * motions at the load factor, the clock untouched */
enum { CLOCK_V02 = -1 };

int ac_clock_mode(alecable_model *m, const alecable_quasistatic_options *o, const alecable_quasistatic_options *opt,
                  int *mode)
{
    if (o && o->struct_size < offsetof(alecable_quasistatic_options, clock) + sizeof o->clock) {
        *mode = CLOCK_V02;
        return ALECABLE_OK;
    }
    if (opt->clock != ALECABLE_CLOCK_HOLD && opt->clock != ALECABLE_CLOCK_LOAD_FACTOR)
        return ac_fail(m, ALECABLE_EINVAL, "options.clock = %d is not an ALECABLE_CLOCK_* value", opt->clock);
    *mode = opt->clock;
    return ALECABLE_OK;
}

void ac_clock_begin(alecable_model *m, int mode) { m->hold_clock = mode == ALECABLE_CLOCK_HOLD; }

/* after the load steps (converged or not): m->t is the load factor of the
 * returned state */
void ac_clock_end(alecable_model *m, int mode)
{
    m->hold_clock = 0;
    m->motions_at_t = mode == CLOCK_V02;
    if (mode == ALECABLE_CLOCK_LOAD_FACTOR) m->time = m->t;
}

ALECABLE_API int alecable_model_time(const alecable_model *m, double *t)
{
    int st = ac_check_model(m);
    if (st) return st;
    if (!t) return ac_fail((alecable_model *)m, ALECABLE_ENULL, "t is NULL");
    *t = m->time;
    return ALECABLE_OK;
}

ALECABLE_API int alecable_model_set_time(alecable_model *m, double t)
{
    int st = ac_check_model(m);
    if (st) return st;
    if (!isfinite(t)) return ac_fail(m, ALECABLE_EINVAL, "t = %g is not finite", t);
    m->time = t;
    m->motions_at_t = 0;
    return ALECABLE_OK;
}
