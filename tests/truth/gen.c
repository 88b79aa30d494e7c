/* Random valid models of the truth campaign: a description drawn from a
 * seed (truth_draw), built through the public API (truth_build).  The same
 * seed always gives the same model, so a verdict can rebuild it for a
 * refined solve and a finding is reproduced by its seed alone.
 *
 * Every scene has a unique, stable equilibrium under its loads (cables in
 * tension, a cantilever without compression, a lever held by a cable), so
 * that a refined solve that disagrees means one of the two is wrong. */
#include "truth.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

static unsigned long long mix(unsigned long long *s)
{
    unsigned long long z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}
double truth_unif(truth_rng *r) { return (double)(mix(&r->s) >> 11) * (1.0 / 9007199254740992.0); }
int truth_int(truth_rng *r, int lo, int hi) { return lo + (int)(truth_unif(r) * (hi - lo + 1)); }
static double logu(truth_rng *r, double lo, double hi) { return lo * pow(hi / lo, truth_unif(r)); }

static const char *kind_name(int k) { return k == 0 ? "axial" : k == 1 ? "ancf" : "kirchhoff"; }
static const char *scene_name(int s)
{
    static const char *n[] = {"hang", "cantilever", "pulley", "lever", "pendulum"};
    return s >= 0 && s < SCENE_COUNT ? n[s] : "?";
}
const char *truth_method_name(int method)
{
    switch (method) {
    case ALECABLE_METHOD_NEWMARK: return "newmark";
    case ALECABLE_METHOD_HHT: return "hht";
    case ALECABLE_METHOD_BOSSAK: return "bossak";
    case ALECABLE_METHOD_GENALPHA: return "genalpha";
    case ALECABLE_METHOD_SI_BE: return "si-be";
    case ALECABLE_METHOD_SI_BDF2: return "si-bdf2";
    case ALECABLE_METHOD_SI_NEWMARK: return "si-newmark";
    case ALECABLE_METHOD_SI_HHT: return "si-hht";
    default: return "?";
    }
}

/* Element counts log-uniform in 1 .. 5000, capped per kind (a Kirchhoff
 * element costs ~10 axial ones) and lower in dynamics (h/4 reruns) and in
 * the small set of make check. */
static int draw_n(truth_rng *r, int kind, int dynamic, int small, int lo)
{
    int cap = kind == ALECABLE_ELEMENT_AXIAL ? 5000 : kind == ALECABLE_ELEMENT_ANCF ? 2000 : 400;
    int n;
    if (dynamic) cap = kind == ALECABLE_ELEMENT_AXIAL ? 1000 : kind == ALECABLE_ELEMENT_ANCF ? 500 : 100;
    if (small) cap = cap < 40 ? cap : 40;
    n = (int)floor(logu(r, 1.0, cap + 1.0));
    if (n > cap) n = cap;
    return n < lo ? lo : n;
}

void truth_draw(truth_spec *s, unsigned long seed, int small)
{
    truth_rng r;
    double u, w;
    int i;
    memset(s, 0, sizeof *s);
    r.s = (unsigned long long)seed * 0x2545f4914f6cdd1dULL + 12345u;
    s->seed = seed;
    s->dynamic = truth_unif(&r) < 0.35;
    u = truth_unif(&r);
    s->scene = u < 0.34 ? SCENE_HANG : u < 0.52 ? SCENE_CANTILEVER : u < 0.70 ? SCENE_PULLEY
               : u < 0.80 ? SCENE_LEVER : SCENE_PENDULUM;
    u = truth_unif(&r);
    s->kind = u < 0.4 ? ALECABLE_ELEMENT_AXIAL : u < 0.75 ? ALECABLE_ELEMENT_ANCF : ALECABLE_ELEMENT_KIRCHHOFF;
    if (s->scene == SCENE_CANTILEVER && s->kind == ALECABLE_ELEMENT_AXIAL) s->kind = ALECABLE_ELEMENT_ANCF;
    if (s->scene == SCENE_PULLEY && s->kind == ALECABLE_ELEMENT_KIRCHHOFF) s->kind = ALECABLE_ELEMENT_ANCF;
    s->L = logu(&r, 0.5, 50.0);
    s->EA = logu(&r, 1e3, 1e8);
    s->rho_A = logu(&r, 0.1, 10.0);
    s->g = truth_unif(&r) < 0.5 ? 9.81 : logu(&r, 1.0, 20.0);
    w = s->rho_A * s->g;
    s->EI = w * s->L * s->L * s->L * pow(10.0, -4.0 + 5.0 * truth_unif(&r));
    s->ale = truth_unif(&r) < 0.35;
    s->end = END_FIX;
    s->span = s->L;
    switch (s->scene) {
    case SCENE_HANG:
        s->n = draw_n(&r, s->kind, s->dynamic, small, 1);
        s->span = truth_unif(&r) < 0.3 ? s->L : s->L / (1.0 + 0.3 * truth_unif(&r));
        /* a compressed straight start is an unstable equilibrium: in dynamics it buckles one way
         * or another with the rounding, and no rerun can agree with it */
        if (s->dynamic) s->span = s->L;
        if (s->kind != ALECABLE_ELEMENT_AXIAL) s->start_clamp = truth_unif(&r) < 0.3;
        u = truth_unif(&r);
        s->end = u < 0.5 ? END_FIX : u < 0.7 ? END_PRESCRIBE : u < 0.9 ? END_BODY : END_CLAMP;
        if (s->end == END_CLAMP && s->kind == ALECABLE_ELEMENT_AXIAL) s->end = END_FIX;
        if (s->end == END_PRESCRIBE) s->delta = s->span * (-0.05 + 0.1 * truth_unif(&r));
        if (s->end == END_BODY) s->body_mass = w * s->L * logu(&r, 0.1, 10.0);
        if (truth_unif(&r) < 0.3)
            for (i = 0; i < 3; i++) s->b0[i] = w * (truth_unif(&r) - 0.5);
        s->nloads = s->n > 1 ? truth_int(&r, 0, 2) : 0;
        for (i = 0; i < s->nloads; i++) {
            s->load_node[i] = truth_int(&r, 1, s->n - 1);
            s->load_f[i][0] = w * s->L * (truth_unif(&r) - 0.5) * 0.5;
            s->load_f[i][1] = w * s->L * (truth_unif(&r) - 0.5) * 0.5;
            s->load_f[i][2] = -w * s->L * truth_unif(&r);
        }
        break;
    case SCENE_CANTILEVER: {
        double P = w * s->L * logu(&r, 0.1, 10.0), k = logu(&r, 0.1, 20.0);
        s->n = draw_n(&r, s->kind, s->dynamic, small, 1);
        s->EI = P * s->L * s->L / k;
        s->EA = P * logu(&r, 1e3, 1e7);
        if (truth_unif(&r) < 0.5) s->g = 0.0;
        s->end = END_FREE;
        s->nloads = 1;
        s->load_node[0] = s->n;
        s->load_f[0][0] = 0.5 * P * truth_unif(&r);
        s->load_f[0][1] = truth_unif(&r) < 0.3 ? 0.3 * P * (truth_unif(&r) - 0.5) : 0.0;
        s->load_f[0][2] = -P;
        break;
    }
    case SCENE_PULLEY:
        s->ale = truth_unif(&r) < 0.5 ? 1 : 2;
        s->n_arc = truth_int(&r, 3, 12);
        s->n = draw_n(&r, s->kind, s->dynamic, small, s->n_arc + 2);
        s->pulley_R = s->L * logu(&r, 0.02, 0.2);
        s->end = truth_unif(&r) < 0.7 ? END_FREE : END_BODY;
        if (s->end == END_BODY) s->body_mass = w * s->L * logu(&r, 0.5, 10.0);
        s->nloads = s->end == END_FREE ? 1 : 0;
        s->load_node[0] = s->n;
        s->load_f[0][1] = -w * s->L * logu(&r, 0.5, 10.0);
        u = truth_unif(&r);
        s->friction = u < 0.5 ? 0 : u < 0.8 ? 1 : 2;
        s->mu = s->friction ? 0.5 * truth_unif(&r) : 0.0;
        /* slip friction keeps one flow direction for a whole solve (alecable_pulley_friction()): in
         * dynamics the flow turns with the motion, so stick/slip is the law there */
        if (s->dynamic && s->friction == 1) s->friction = 2;
        break;
    case SCENE_LEVER:
        s->n = draw_n(&r, s->kind, s->dynamic, small, 1);
        s->body_mass = w * s->L * logu(&r, 0.5, 20.0);
        break;
    default: /* pendulum */
        s->n = draw_n(&r, s->kind, s->dynamic, small, 1);
        s->tilt = 0.5 * M_PI * truth_unif(&r);
        s->end = truth_unif(&r) < 0.6 ? END_FREE : END_BODY;
        if (s->end == END_BODY) s->body_mass = w * s->L * logu(&r, 0.1, 10.0);
        break;
    }
    if (s->dynamic) {
        static const int methods[8] = {ALECABLE_METHOD_NEWMARK, ALECABLE_METHOD_HHT, ALECABLE_METHOD_BOSSAK,
                                       ALECABLE_METHOD_GENALPHA, ALECABLE_METHOD_SI_BE, ALECABLE_METHOD_SI_BDF2,
                                       ALECABLE_METHOD_SI_NEWMARK, ALECABLE_METHOD_SI_HHT};
        s->method = methods[truth_int(&r, 0, 7)];
        s->h = logu(&r, 1e-4, 1e-2);
        s->nsteps = truth_int(&r, 10, small ? 30 : 100);
        if (s->end == END_PRESCRIBE) s->end = END_FIX; /* a drive's work is not in the energy balance */
    } else {
        s->steps = (int)floor(logu(&r, 1.0, 51.0));
        if (s->steps > 50) s->steps = 50;
    }
}

void truth_describe(const truth_spec *s, char *buf, size_t len)
{
    static const char *ends[] = {"fix", "prescribe", "free", "body", "clamp"};
    int k = snprintf(buf, len, "%s %s n=%d %s L=%.3g EA=%.3g", scene_name(s->scene), kind_name(s->kind), s->n,
                     s->ale == 0 ? "lagrangian" : s->ale == 1 ? "ale" : "ale-wrap", s->L, s->EA);
    if (k < 0 || (size_t)k >= len) return;
    if (s->kind != ALECABLE_ELEMENT_AXIAL) k += snprintf(buf + k, len - k, " EI=%.3g", s->EI);
    if ((size_t)k >= len) return;
    if (s->scene == SCENE_HANG) k += snprintf(buf + k, len - k, " span=%.3g%s end=%s", s->span,
                                             s->start_clamp ? " clamp0" : "", ends[s->end]);
    else if (s->scene == SCENE_PULLEY)
        k += snprintf(buf + k, len - k, " R=%.3g arc=%d end=%s friction=%s mu=%.2f", s->pulley_R, s->n_arc,
                      ends[s->end], s->friction == 0 ? "none" : s->friction == 1 ? "slip" : "stick", s->mu);
    else if (s->scene == SCENE_PENDULUM) k += snprintf(buf + k, len - k, " tilt=%.2f end=%s", s->tilt, ends[s->end]);
    if ((size_t)k >= len) return;
    if (s->dynamic) snprintf(buf + k, len - k, " | dynamics %s h=%.3g steps=%d", truth_method_name(s->method), s->h,
                             s->nsteps);
    else snprintf(buf + k, len - k, " | statics steps=%d", s->steps);
}

/* ---- building ------------------------------------------------------------ */

#define TRY(call, what)                                                                                   \
    do {                                                                                                  \
        int st_ = (call);                                                                                 \
        if (st_) {                                                                                        \
            snprintf(why, len, "build: %s: %s: %s", what, alecable_strerror(st_), alecable_model_errmsg(m)); \
            return st_;                                                                                   \
        }                                                                                                 \
    } while (0)

static int fix_xyz(alecable_model *m, alecable_node *n, char *why, size_t len)
{
    int d;
    for (d = 0; d < 3; d++) TRY(alecable_fix(NULL, m, n, d), "fix");
    return 0;
}

/* the applied-load scale: every force the loads put on the model, in N */
static double load_scale(const truth_spec *s)
{
    double f = s->rho_A * s->g * s->L + s->body_mass * s->g;
    int i;
    f += s->L * sqrt(s->b0[0] * s->b0[0] + s->b0[1] * s->b0[1] + s->b0[2] * s->b0[2]);
    for (i = 0; i < s->nloads; i++)
        f += sqrt(s->load_f[i][0] * s->load_f[i][0] + s->load_f[i][1] * s->load_f[i][1] +
                  s->load_f[i][2] * s->load_f[i][2]);
    if (s->end == END_PRESCRIBE) f += s->EA * fabs(s->delta) / s->L;
    return f;
}

int truth_build(truth_model *tm, const truth_spec *s, char *why, size_t len)
{
    alecable_model *m = NULL;
    alecable_section sec;
    alecable_node *nd;
    double grav[3] = {0, 0, 0};
    int i, st, n_nodes, last;
    memset(tm, 0, sizeof *tm);
    st = alecable_model_create(&tm->m, NULL);
    if (st) {
        snprintf(why, len, "build: model_create: %s", alecable_strerror(st));
        return st;
    }
    m = tm->m;
    if (s->scene == SCENE_PULLEY) grav[1] = -s->g;
    else grav[2] = -s->g;
    TRY(alecable_model_set_gravity(m, grav), "set_gravity");
    alecable_section_init(&sec);
    sec.E = s->EA;
    sec.A = 1.0;
    sec.rho = s->rho_A;
    sec.I = s->kind == ALECABLE_ELEMENT_AXIAL ? 0.0 : s->EI / s->EA;
    TRY(alecable_cable_create(&tm->c, m, s->kind, &sec), "cable_create");
    if (s->kind == ALECABLE_ELEMENT_KIRCHHOFF) {
        alecable_beam_params bp;
        alecable_beam_params_init(&bp);
        bp.GJ = s->EI;
        TRY(alecable_cable_set_beam(tm->c, &bp), "set_beam");
    }
    if (!s->ale) TRY(alecable_cable_set_lagrangian(tm->c, 1), "set_lagrangian");
    tm->l_ref = s->L;
    tm->conservative = 1;

    /* geometry */
    if (s->scene == SCENE_PULLEY) {
        double R = s->pulley_R, arc = M_PI * R, rest = s->L - arc, a, b;
        int na, nb;
        if (rest < 0.2 * s->L) rest = 0.2 * s->L;
        a = rest * 0.3;
        b = rest - a;
        na = (int)floor((s->n - s->n_arc) * 0.3);
        if (na < 1) na = 1;
        nb = s->n - s->n_arc - na;
        if (nb < 1) {
            nb = 1;
            na = s->n - s->n_arc - 1;
        }
        {
            double xa[3] = {-R, -a, 0}, xb[3] = {-R, 0, 0};
            TRY(alecable_cable_line(tm->c, xa, xb, 0.0, a, na), "cable_line");
        }
        for (i = 1; i <= s->n_arc; i++) { /* the last one exactly where the right segment starts */
            double th = i == s->n_arc ? 0.0 : M_PI - M_PI * i / s->n_arc, x[3] = {R * cos(th), R * sin(th), 0};
            TRY(alecable_cable_add_node(NULL, tm->c, x, i == s->n_arc ? a + arc : a + arc * i / s->n_arc),
                "add_node");
        }
        {
            double xa[3] = {R, 0, 0}, xb[3] = {R, -b, 0};
            TRY(alecable_cable_line(tm->c, xa, xb, a + arc, a + arc + b, nb), "cable_line");
        }
        tm->l_ref = a + arc + b;
    } else if (s->scene == SCENE_LEVER) {
        double xa[3] = {0.5 * s->L, 0, s->L}, xb[3] = {0.5 * s->L, 0, 0};
        TRY(alecable_cable_line(tm->c, xa, xb, 0.0, s->L, s->n), "cable_line");
    } else if (s->scene == SCENE_PENDULUM) {
        double xa[3] = {0, 0, 0}, xb[3] = {s->L * cos(s->tilt), 0, -s->L * sin(s->tilt)};
        TRY(alecable_cable_line(tm->c, xa, xb, 0.0, s->L, s->n), "cable_line");
    } else {
        double xa[3] = {0, 0, 0}, xb[3] = {s->span, 0, 0};
        TRY(alecable_cable_line(tm->c, xa, xb, 0.0, s->L, s->n), "cable_line");
    }
    TRY(alecable_cable_counts(tm->c, &n_nodes, NULL), "cable_counts");
    tm->n_nodes = n_nodes;
    last = n_nodes - 1;
    tm->nodes = (alecable_node **)calloc((size_t)n_nodes, sizeof *tm->nodes);
    tm->held = (unsigned char *)calloc((size_t)n_nodes, 1);
    if (!tm->nodes || !tm->held) {
        snprintf(why, len, "build: out of memory");
        return ALECABLE_ENOMEM;
    }
    for (i = 0; i < n_nodes; i++) TRY(alecable_cable_node(&tm->nodes[i], tm->c, i), "cable_node");
    tm->f_ref = load_scale(s);

    /* node 0: fixed (or clamped); the roll of a Kirchhoff cable held there */
    if (s->scene != SCENE_PULLEY && s->kind != ALECABLE_ELEMENT_AXIAL &&
        (s->scene == SCENE_CANTILEVER || s->start_clamp)) {
        alecable_clamp_params cp;
        alecable_clamp_params_init(&cp);
        cp.hold = s->kind == ALECABLE_ELEMENT_KIRCHHOFF ? ALECABLE_CLAMP_ALL
                                                        : ALECABLE_CLAMP_POSITION | ALECABLE_CLAMP_DIRECTION;
        TRY(alecable_clamp(NULL, m, tm->nodes[0], &cp), "clamp");
    } else {
        if (fix_xyz(m, tm->nodes[0], why, len)) return ALECABLE_EINVAL;
        if (s->kind == ALECABLE_ELEMENT_KIRCHHOFF) TRY(alecable_fix(NULL, m, tm->nodes[0], ALECABLE_DOF_ROLL), "fix roll");
    }
    TRY(alecable_node_position(tm->nodes[0], tm->x_fix[0]), "node_position");
    tm->fixed_end[0] = 1;
    tm->held[0] = 1;
    if (s->ale) TRY(alecable_fix(NULL, m, tm->nodes[0], ALECABLE_DOF_S), "fix s");

    /* the far end */
    nd = tm->nodes[last];
    TRY(alecable_node_position(nd, tm->x_fix[1]), "node_position");
    if (s->scene == SCENE_LEVER) {
        alecable_body_params bp;
        alecable_body *ground, *lever;
        double pt[3] = {0, 0, 0}, ax[3] = {0, 1, 0}, ap[3] = {0.5 * s->L, 0, 0};
        alecable_body_params_init(&bp);
        TRY(alecable_body_create(&ground, m, &bp), "body_create");
        TRY(alecable_body_fix(m, ground), "body_fix");
        bp.mass = s->body_mass;
        bp.com[0] = 0.8 * s->L;
        bp.inertia[0] = bp.inertia[4] = bp.inertia[8] = 0.01 * s->body_mass * s->L * s->L;
        TRY(alecable_body_create(&lever, m, &bp), "body_create");
        TRY(alecable_revolute(NULL, m, ground, lever, pt, ax, 0.0), "revolute");
        TRY(alecable_attach(NULL, m, nd, lever, ap, s->ale ? 1 : 0), "attach");
        tm->body = lever;
        tm->held[last] = 1;
    } else if (s->end == END_FIX || s->end == END_PRESCRIBE) {
        if (s->end == END_PRESCRIBE) {
            TRY(alecable_prescribe(NULL, m, nd, ALECABLE_DOF_X, s->delta), "prescribe");
            TRY(alecable_fix(NULL, m, nd, ALECABLE_DOF_Y), "fix");
            TRY(alecable_fix(NULL, m, nd, ALECABLE_DOF_Z), "fix");
        } else if (fix_xyz(m, nd, why, len)) {
            return ALECABLE_EINVAL;
        }
        tm->fixed_end[1] = 1;
        tm->held[last] = 1;
        if (s->ale) TRY(alecable_fix(NULL, m, nd, ALECABLE_DOF_S), "fix s");
    } else if (s->end == END_CLAMP) {
        alecable_clamp_params cp;
        alecable_clamp_params_init(&cp);
        cp.hold = ALECABLE_CLAMP_POSITION | ALECABLE_CLAMP_DIRECTION;
        TRY(alecable_clamp(NULL, m, nd, &cp), "clamp");
        tm->fixed_end[1] = 1;
        tm->held[last] = 1;
        if (s->ale) TRY(alecable_fix(NULL, m, nd, ALECABLE_DOF_S), "fix s");
    } else if (s->end == END_BODY) {
        alecable_body_params bp;
        alecable_node *bn;
        double p0[3] = {0, 0, 0};
        int d;
        alecable_body_params_init(&bp);
        memcpy(bp.position, tm->x_fix[1], sizeof bp.position);
        bp.mass = s->body_mass;
        TRY(alecable_body_create(&tm->body, m, &bp), "body_create");
        TRY(alecable_body_node(&bn, tm->body), "body_node");
        for (d = ALECABLE_DOF_RX; d <= ALECABLE_DOF_RZ; d++) TRY(alecable_fix(NULL, m, bn, d), "fix body rotation");
        TRY(alecable_attach(NULL, m, nd, tm->body, p0, s->ale ? 1 : 0), "attach");
        tm->held[last] = 1;
    } else { /* free end: its material coordinate stays the cable's end */
        if (s->ale) TRY(alecable_fix(NULL, m, nd, ALECABLE_DOF_S), "fix s");
    }
    /* pulley: a fixed body carrying the circle; friction on the wrap */
    if (s->scene == SCENE_PULLEY) {
        alecable_body_params bp;
        alecable_pulley_params pp;
        alecable_body *wheel;
        alecable_joint *wrap;
        alecable_node **wn;
        double *ang;
        int na = (int)floor((s->n - s->n_arc) * 0.3), k;
        if (na < 1) na = 1;
        if (s->n - s->n_arc - na < 1) na = s->n - s->n_arc - 1;
        alecable_body_params_init(&bp);
        TRY(alecable_body_create(&wheel, m, &bp), "body_create");
        TRY(alecable_body_fix(m, wheel), "body_fix");
        alecable_pulley_params_init(&pp);
        pp.radius = s->pulley_R;
        tm->n_wrap = s->n_arc + 1;
        tm->wrap_nodes = (int *)calloc((size_t)tm->n_wrap, sizeof(int));
        wn = (alecable_node **)calloc((size_t)tm->n_wrap, sizeof *wn);
        ang = (double *)calloc((size_t)tm->n_wrap, sizeof *ang);
        if (!tm->wrap_nodes || !wn || !ang) {
            free(wn);
            free(ang);
            snprintf(why, len, "build: out of memory");
            return ALECABLE_ENOMEM;
        }
        for (k = 0; k <= s->n_arc; k++) {
            tm->wrap_nodes[k] = na + k;
            wn[k] = tm->nodes[na + k];
            ang[k] = k == s->n_arc ? 0.0 : M_PI - M_PI * k / s->n_arc;
            tm->held[na + k] = 1;
        }
        st = alecable_pulley_wrap(&wrap, m, wheel, &pp, tm->n_wrap, wn, ang);
        free(wn);
        free(ang);
        TRY(st, "pulley_wrap");
        if (s->ale == 2) /* material flows only through the wrap */
            for (k = 1; k < last; k++)
                if (k < na || k > na + s->n_arc) TRY(alecable_fix(NULL, m, tm->nodes[k], ALECABLE_DOF_S), "fix s");
        if (s->friction == 1) {
            TRY(alecable_pulley_friction(NULL, m, wrap, s->mu, +1), "pulley_friction");
            tm->conservative = 0;
            tm->friction_s_skip = 1;
        } else if (s->friction == 2) {
            alecable_friction_params fp;
            alecable_friction_params_init(&fp);
            fp.mu = s->mu;
            TRY(alecable_wrap_friction(NULL, m, wrap, &fp), "wrap_friction");
            tm->conservative = 0;
            tm->stick_slip = 1;
        }
    }

    /* loads */
    if (s->b0[0] != 0.0 || s->b0[1] != 0.0 || s->b0[2] != 0.0)
        TRY(alecable_load_distributed(NULL, m, tm->c, s->b0), "load_distributed");
    for (i = 0; i < s->nloads; i++) {
        int k = s->load_node[i] > last ? last : s->load_node[i];
        if (s->end == END_BODY && k == last) continue;
        TRY(alecable_load_node(NULL, m, tm->nodes[k], s->load_f[i]), "load_node");
        /* statics cannot place a load on a node whose s and x are both free (the library refuses
         * it): three seeds in four hold the node's s, so the load pulls a particle, and the
         * fourth checks the refusal.  No random draw: the seeds' other models stay as they were. */
        if (s->ale && !s->dynamic && s->seed % 4 != 0) {
            int rc = alecable_fix(NULL, m, tm->nodes[k], ALECABLE_DOF_S);
            if (rc != ALECABLE_OK && rc != ALECABLE_EINVAL) /* EINVAL: held already */
                TRY(rc, "fix s of a loaded node");
        }
    }
    return 0;
}

void truth_free(truth_model *tm)
{
    if (tm->m) alecable_model_destroy(tm->m);
    free(tm->nodes);
    free(tm->held);
    free(tm->wrap_nodes);
    free(tm->xmean);
    memset(tm, 0, sizeof *tm);
}
