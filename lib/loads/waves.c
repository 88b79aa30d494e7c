/* The sea: linear waves (Airy, JONSWAP components), Wheeler stretching and a
 * current profile; see waves.h for the frame and the component formulas.
 *
 * References: Airy (linear) wave theory and the JONSWAP spectrum as in
 * DNV-RP-C205 (2010) sections 3.2 and 3.5.5 (sigma_a = 0.07, sigma_b =
 * 0.09); Wheeler stretching, Wheeler (1970), J. Petroleum Technology 22.
 * The spectrum here is normalized exactly (its integral is Hs^2/16) instead
 * of by DNV's approximate factor 1 - 0.287 ln(gamma).
 *
 * C and S are written with exponentials, stable for every k d:
 *     C = (e^(k z) + e^(-k (z + 2d))) / (1 - e^(-2 k d)),
 *     S = -e^(k z) expm1(-2 k (z + d)) / (1 - e^(-2 k d)),
 * which tend to e^(k z) in deep water and to 1/(k d) and (z + d)/d in
 * shallow water. */
#include "waves.h"
#include "../core/model.h"
#include "../core/vec3.h"

#include <math.h>
#include <string.h>

static const double PI = 3.14159265358979323846;
#define WAVE_CACHE 256 /* components whose phase functions one evaluation keeps (on the stack) */

/* ---------------------------------------------------------------------------
 * Dispersion, random numbers, spectrum */

double wave_dispersion_kd(double K)
{
    /* y tanh(y) = K by Newton from Eckart's approximation K / sqrt(tanh K)
     * (within 5 %); f is convex increasing for y > 0, so Newton converges
     * monotonically after the first step */
    double y = K / sqrt(tanh(K)), dy;
    int it;
    if (!(K > 0.0)) return 0.0;
    for (it = 0; it < 100; it++) {
        double th = tanh(y), ch = cosh(y), f = y * th - K, fp = th + (ch < 1e150 ? y / (ch * ch) : 0.0);
        dy = f / fp;
        y -= dy;
        if (fabs(dy) <= 4e-16 * y) break;
    }
    return y;
}

unsigned long long wave_splitmix64(unsigned long long *state)
{
    unsigned long long z = (*state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

double wave_uniform(unsigned long long *state) { return (double)(wave_splitmix64(state) >> 11) * 0x1.0p-53; }

double wave_jonswap_shape(double x, double gamma)
{
    double sig = x <= 1.0 ? 0.07 : 0.09, r;
    if (!(x > 0.05)) return 0.0; /* exp(-5/4 x^-4) < 1e-200 */
    r = exp(-(x - 1.0) * (x - 1.0) / (2.0 * sig * sig));
    return exp(-1.25 / (x * x * x * x) - 5.0 * log(x)) * pow(gamma, r);
}

/* the peak's share F - F_PM on either side of x = 1 out to 12 sigma (beyond,
 * gamma^r - 1 < 1e-31 ln gamma), Simpson's rule on 2000 intervals a side */
static double peak_share(double a, double b, double gamma)
{
    const int n = 2000;
    double h = (b - a) / n, sum = 0.0;
    int i;
    for (i = 0; i <= n; i++) {
        double x = a + i * h, f = wave_jonswap_shape(x, gamma) - wave_jonswap_shape(x, 1.0);
        sum += (i == 0 || i == n ? 1.0 : i % 2 ? 4.0 : 2.0) * f;
    }
    return sum * h / 3.0;
}

double wave_jonswap_norm(double gamma)
{
    /* int_0^inf x^-5 exp(-5/4 x^-4) dx = [exp(-5/4 x^-4) / 5]_0^inf = 1/5 */
    if (gamma == 1.0) return 0.2;
    return 0.2 + peak_share(1.0 - 12.0 * 0.07, 1.0, gamma) + peak_share(1.0, 1.0 + 12.0 * 0.09, gamma);
}

/* ---------------------------------------------------------------------------
 * Kinematics */

static void ramp(double T, double t, double *R, double *Rd)
{
    if (!(T > 0.0) || t >= T) {
        *R = 1.0;
        *Rd = 0.0;
    } else if (t <= 0.0) {
        *R = *Rd = 0.0;
    } else {
        *R = 0.5 * (1.0 - cos(PI * t / T));
        *Rd = 0.5 * PI / T * sin(PI * t / T);
    }
}

/* current profile at Z: U and dU/dZ (0 outside the table and without one) */
static void current_at(const wave_sea *s, double Z, double U[3], double dU[3])
{
    int lo = 0, hi = s->ncur - 1, i;
    const double *c = s->cur;
    for (i = 0; i < 3; i++) U[i] = dU[i] = 0.0;
    if (s->ncur <= 0) return;
    if (Z <= c[0] || s->ncur == 1) {
        memcpy(U, c + 1, 3 * sizeof(double));
        return;
    }
    if (Z >= c[4 * hi]) {
        memcpy(U, c + 4 * hi + 1, 3 * sizeof(double));
        return;
    }
    while (hi - lo > 1) { /* c[4 lo] <= Z < c[4 hi] */
        int mid = (lo + hi) / 2;
        if (c[4 * mid] <= Z) lo = mid;
        else hi = mid;
    }
    {
        double z0 = c[4 * lo], z1 = c[4 * hi], w = (Z - z0) / (z1 - z0);
        for (i = 0; i < 3; i++) {
            U[i] = (1.0 - w) * c[4 * lo + 1 + i] + w * c[4 * hi + 1 + i];
            dU[i] = (c[4 * hi + 1 + i] - c[4 * lo + 1 + i]) / (z1 - z0);
        }
    }
}

/* out (3x3) += s a b^T */
static void outer_add(double *out, double s, const double a[3], const double b[3])
{
    int i, j;
    for (i = 0; i < 3; i++)
        for (j = 0; j < 3; j++) out[i * 3 + j] += s * a[i] * b[j];
}

void wave_sea_eval(const wave_sea *s, double t, const double x[3], int grad, wave_kin *K)
{
    const double d = s->depth;
    double Z = ac_dot3(s->up, x), zeta = Z - s->level, X = ac_dot3(s->ek, x), R, Rd, eta = 0.0, deta = 0.0;
    double ze, dze = 1.0, dzh = 0.0, gz[3], Uc[3], dUc[3];
    double U1 = 0, U2 = 0, A1 = 0, A2 = 0, U1x = 0, U2x = 0, U1z = 0, U2z = 0, A1x = 0, A2x = 0, A1z = 0, A2z = 0;
    double cs[2 * WAVE_CACHE]; /* the first components' cos and sin, for the second pass */
    int j, i;
    memset(K, 0, sizeof *K);
    ramp(s->ramp, t, &R, &Rd);
    for (j = 0; j < s->nc; j++) {
        double th = s->k[j] * X - s->omega[j] * t + s->phase[j], c = cos(th), sn = sin(th);
        eta += s->amp[j] * c;
        deta -= s->amp[j] * s->k[j] * sn;
        if (j < WAVE_CACHE) {
            cs[2 * j] = c;
            cs[2 * j + 1] = sn;
        }
    }
    eta *= R;
    deta *= R;
    K->eta = eta;
    for (i = 0; i < 3; i++) K->grad_eta[i] = deta * s->ek[i];
    if (zeta > eta || !(d + eta > 0.0)) return;
    K->wet = 1;
    if (s->stretching == ALECABLE_STRETCH_WHEELER) {
        ze = d * (zeta - eta) / (d + eta);
        dze = d / (d + eta);
        dzh = -d * (d + zeta) / ((d + eta) * (d + eta)) * deta;
    } else if (zeta < 0.0) {
        ze = zeta;
    } else { /* linear theory above the mean level: the mean level's kinematics */
        ze = 0.0;
        dze = 0.0;
    }
    if (ze < -d) { /* below the seabed: the seabed's kinematics */
        ze = -d;
        dze = dzh = 0.0;
    }
    for (j = 0; j < s->nc; j++) {
        double k = s->k[j], w = s->omega[j], A = s->amp[j], th = k * X - w * t + s->phase[j];
        double c = j < WAVE_CACHE ? cs[2 * j] : cos(th), sn = j < WAVE_CACHE ? cs[2 * j + 1] : sin(th), den = -expm1(-2.0 * k * d), e1 = exp(k * ze);
        double C = (e1 + exp(-k * (ze + 2.0 * d))) / den, S = -e1 * expm1(-2.0 * k * (ze + d)) / den;
        double Aw = A * w, Aww = Aw * w;
        U1 += Aw * C * c;
        U2 += Aw * S * sn;
        A1 += Aww * C * sn;
        A2 -= Aww * S * c;
        if (!grad) continue;
        U1x -= Aw * k * C * sn;
        U2x += Aw * k * S * c;
        U1z += Aw * k * S * c;
        U2z += Aw * k * C * sn;
        A1x += Aww * k * C * c;
        A2x += Aww * k * S * sn;
        A1z += Aww * k * S * sn;
        A2z -= Aww * k * C * c;
    }
    current_at(s, Z, Uc, dUc);
    for (i = 0; i < 3; i++) {
        K->u[i] = R * (U1 * s->ek[i] + U2 * s->up[i]) + Uc[i];
        K->a[i] = R * (A1 * s->ek[i] + A2 * s->up[i]) + Rd * (U1 * s->ek[i] + U2 * s->up[i]);
    }
    if (!grad) return;
    /* u = R u_lin(X(x), ze(x)): grad = R (du_lin/dX ek^T + du_lin/dze grad(ze)^T) */
    for (i = 0; i < 3; i++) gz[i] = dze * s->up[i] + dzh * s->ek[i];
    {
        double ux[3], uz[3], ax[3], az[3];
        for (i = 0; i < 3; i++) {
            ux[i] = U1x * s->ek[i] + U2x * s->up[i];
            uz[i] = U1z * s->ek[i] + U2z * s->up[i];
            ax[i] = A1x * s->ek[i] + A2x * s->up[i];
            az[i] = A1z * s->ek[i] + A2z * s->up[i];
        }
        outer_add(K->du, R, ux, s->ek);
        outer_add(K->du, R, uz, gz);
        outer_add(K->da, R, ax, s->ek);
        outer_add(K->da, R, az, gz);
        outer_add(K->da, Rd, ux, s->ek);
        outer_add(K->da, Rd, uz, gz);
        outer_add(K->du, 1.0, dUc, s->up);
    }
}

/* ---------------------------------------------------------------------------
 * Public API */

ALECABLE_API void alecable_sea_params_init(alecable_sea_params *p)
{
    if (!p) return;
    memset(p, 0, sizeof *p);
    p->struct_size = sizeof *p;
    p->depth = 100.0;
    p->rho_f = 1025.0;
    p->waves = ALECABLE_WAVES_NONE;
    p->period = 10.0;
    p->Tp = 10.0;
    p->gamma = 3.3;
    p->n_components = 200;
    p->seed = 1;
    p->stretching = ALECABLE_STRETCH_NONE;
}

#define FIN(v, name) \
    if (!isfinite(v)) return ac_fail(m, ALECABLE_EINVAL, "params.%s = %g is not finite", name, v)
#define POS(v, name) \
    if (!isfinite(v) || !((v) > 0.0)) return ac_fail(m, ALECABLE_EINVAL, "params.%s = %g must be finite and > 0", name, v)
#define NONNEG(v, name) \
    if (!isfinite(v) || !((v) >= 0.0)) \
    return ac_fail(m, ALECABLE_EINVAL, "params.%s = %g must be finite and >= 0", name, v)

static int check_params(alecable_model *m, const alecable_sea_params *p)
{
    int i;
    if (p->struct_size < sizeof *p)
        return ac_fail(m, ALECABLE_EINVAL, "params: struct_size %zu, call alecable_sea_params_init", p->struct_size);
    FIN(p->level, "level");
    POS(p->depth, "depth");
    POS(p->rho_f, "rho_f");
    NONNEG(p->ramp_time, "ramp_time");
    if (p->stretching != ALECABLE_STRETCH_NONE && p->stretching != ALECABLE_STRETCH_WHEELER)
        return ac_fail(m, ALECABLE_EINVAL, "params.stretching = %d is not an ALECABLE_STRETCH_* value", p->stretching);
    switch (p->waves) {
    case ALECABLE_WAVES_NONE: break;
    case ALECABLE_WAVES_AIRY:
        NONNEG(p->height, "height");
        if (!(p->height < 2.0 * p->depth))
            return ac_fail(m, ALECABLE_EINVAL, "params.height = %g reaches the seabed (depth %g)", p->height,
                           p->depth);
        POS(p->period, "period");
        FIN(p->heading, "heading");
        FIN(p->phase, "phase");
        break;
    case ALECABLE_WAVES_JONSWAP:
        NONNEG(p->Hs, "Hs");
        POS(p->Tp, "Tp");
        if (!isfinite(p->gamma) || !(p->gamma >= 1.0 && p->gamma <= 20.0))
            return ac_fail(m, ALECABLE_EINVAL, "params.gamma = %g must lie in [1, 20]", p->gamma);
        FIN(p->heading, "heading");
        if (p->omega_min != 0.0 || p->omega_max != 0.0) {
            POS(p->omega_min, "omega_min");
            if (!isfinite(p->omega_max) || !(p->omega_max > p->omega_min))
                return ac_fail(m, ALECABLE_EINVAL, "params.omega_max = %g must be finite and > omega_min = %g",
                               p->omega_max, p->omega_min);
        }
        if (p->n_components < 1 || p->n_components > 100000)
            return ac_fail(m, ALECABLE_EINVAL, "params.n_components = %d out of range [1, 100000]", p->n_components);
        break;
    default: return ac_fail(m, ALECABLE_EINVAL, "params.waves = %d is not an ALECABLE_WAVES_* value", p->waves);
    }
    if (p->n_current < 0 || p->n_current > 1000000)
        return ac_fail(m, ALECABLE_EINVAL, "params.n_current = %d out of range [0, 1000000]", p->n_current);
    if (p->n_current > 0 && !p->current)
        return ac_fail(m, ALECABLE_ENULL, "params.current is NULL with n_current = %d", p->n_current);
    for (i = 0; i < 4 * p->n_current; i++)
        if (!isfinite(p->current[i]))
            return ac_fail(m, ALECABLE_EINVAL, "params.current[%d] = %g is not finite", i, p->current[i]);
    for (i = 1; i < p->n_current; i++)
        if (!(p->current[4 * i] > p->current[4 * i - 4]))
            return ac_fail(m, ALECABLE_EINVAL, "params.current: z of row %d (%g) is not above row %d's (%g)", i,
                           p->current[4 * i], i - 1, p->current[4 * i - 4]);
    return ALECABLE_OK;
}

/* up, e1, e2 from the model's gravity (waves.h) */
static void frame(const double g[3], double gn, wave_sea *w)
{
    double ax[3] = {1.0, 0.0, 0.0}, n;
    int i;
    for (i = 0; i < 3; i++) w->up[i] = -g[i] / gn;
    if (fabs(w->up[0]) > sqrt(0.5)) { /* x within 45 degrees of the vertical: y instead */
        ax[0] = 0.0;
        ax[1] = 1.0;
    }
    n = ac_dot3(ax, w->up);
    for (i = 0; i < 3; i++) w->e1[i] = ax[i] - n * w->up[i];
    n = sqrt(ac_dot3(w->e1, w->e1));
    for (i = 0; i < 3; i++) w->e1[i] /= n;
    w->e2[0] = w->up[1] * w->e1[2] - w->up[2] * w->e1[1];
    w->e2[1] = w->up[2] * w->e1[0] - w->up[0] * w->e1[2];
    w->e2[2] = w->up[0] * w->e1[1] - w->up[1] * w->e1[0];
    w->g = gn;
}

ALECABLE_API int alecable_sea_create(alecable_sea **out, alecable_model *m, const alecable_sea_params *p)
{
    alecable_sea *sea;
    wave_sea *w;
    double gn, beta;
    int st, nc, i;
    size_t bytes;
    if ((st = ac_check_model(m))) return st;
    if (!out) return ac_fail(m, ALECABLE_ENULL, "out is NULL");
    *out = NULL;
    if (!p) return ac_fail(m, ALECABLE_ENULL, "params is NULL");
    if ((st = check_params(m, p))) return st;
    if (!((gn = ac_direction_norm(m->gravity)) > 0.0))
        return ac_fail(m, ALECABLE_EINVAL, "the model's gravity is zero: set it (alecable_model_set_gravity) before "
                       "creating a sea, it gives the vertical and g");
    nc = p->waves == ALECABLE_WAVES_AIRY ? 1 : p->waves == ALECABLE_WAVES_JONSWAP ? p->n_components : 0;
    bytes = sizeof *sea + (size_t)(4 * nc + 4 * p->n_current) * sizeof(double);
    if (!(sea = (alecable_sea *)ac_calloc(&m->alloc, 1, bytes))) return ac_fail(m, ALECABLE_ENOMEM, "out of memory");
    sea->magic = MAGIC_SEA;
    sea->model = m;
    w = &sea->w;
    frame(m->gravity, gn, w);
    w->level = p->level;
    w->depth = p->depth;
    w->rho_f = p->rho_f;
    w->waves = p->waves;
    w->stretching = p->stretching;
    w->ramp = p->ramp_time;
    w->nc = nc;
    w->omega = (double *)(sea + 1);
    w->k = w->omega + nc;
    w->amp = w->k + nc;
    w->phase = w->amp + nc;
    w->ncur = p->n_current;
    w->cur = w->phase + nc;
    if (p->n_current) memcpy(w->cur, p->current, (size_t)(4 * p->n_current) * sizeof(double));
    beta = p->waves == ALECABLE_WAVES_NONE ? 0.0 : p->heading;
    for (i = 0; i < 3; i++) w->ek[i] = cos(beta) * w->e1[i] + sin(beta) * w->e2[i];
    if (p->waves == ALECABLE_WAVES_AIRY) {
        w->omega[0] = 2.0 * PI / p->period;
        w->amp[0] = 0.5 * p->height;
        w->phase[0] = p->phase;
    } else if (p->waves == ALECABLE_WAVES_JONSWAP) {
        double wp = 2.0 * PI / p->Tp, w0 = p->omega_min, w1 = p->omega_max, dw, norm;
        unsigned long long state = p->seed;
        if (w0 == 0.0 && w1 == 0.0) { /* the default range */
            w0 = 0.5 * wp;
            w1 = 5.0 * wp;
        }
        dw = (w1 - w0) / nc;
        norm = wave_jonswap_norm(p->gamma);
        for (i = 0; i < nc; i++) {
            double om = w0 + (i + 0.5) * dw, S = p->Hs * p->Hs / (16.0 * wp) * wave_jonswap_shape(om / wp, p->gamma) / norm;
            w->omega[i] = om;
            w->amp[i] = sqrt(2.0 * S * dw);
            w->phase[i] = 2.0 * PI * wave_uniform(&state);
        }
    }
    for (i = 0; i < nc; i++) w->k[i] = wave_dispersion_kd(w->omega[i] * w->omega[i] * w->depth / w->g) / w->depth;
    if ((st = ac_list_push(m, &m->seas, sea))) {
        ac_free(&m->alloc, sea);
        return st;
    }
    *out = sea;
    return ALECABLE_OK;
}

/* 0, or an error (recorded on the sea's model when it has one) */
int ac_check_sea(alecable_model *m, const alecable_sea *sea, const char *arg)
{
    if (!sea) return m ? ac_fail(m, ALECABLE_ENULL, "%s is NULL", arg) : ALECABLE_ENULL;
    if (sea->magic != MAGIC_SEA) return m ? ac_fail(m, ALECABLE_EHANDLE, "%s is not a sea handle", arg) : ALECABLE_EHANDLE;
    if (m && sea->model != m) return ac_fail(m, ALECABLE_EHANDLE, "%s belongs to another model", arg);
    return ALECABLE_OK;
}

ALECABLE_API int alecable_sea_kinematics(const alecable_sea *sea, double t, const double x[3], double *eta, double u[3],
                                         double a[3])
{
    wave_kin K;
    int st;
    if ((st = ac_check_sea(NULL, sea, "sea"))) return st;
    if (!x) return ac_fail(sea->model, ALECABLE_ENULL, "x is NULL");
    if (!isfinite(t)) return ac_fail(sea->model, ALECABLE_EINVAL, "t = %g is not finite", t);
    if (!ac_is_finite3(x)) return ac_fail(sea->model, ALECABLE_EINVAL, "x has a NaN or infinite component");
    wave_sea_eval(&sea->w, t, x, 0, &K);
    if (eta) *eta = K.eta;
    if (u) memcpy(u, K.u, sizeof K.u);
    if (a) memcpy(a, K.a, sizeof K.a);
    return ALECABLE_OK;
}

ALECABLE_API int alecable_sea_n_components(const alecable_sea *sea, int *n)
{
    int st;
    if ((st = ac_check_sea(NULL, sea, "sea"))) return st;
    if (!n) return ac_fail(sea->model, ALECABLE_ENULL, "n is NULL");
    *n = sea->w.nc;
    return ALECABLE_OK;
}

ALECABLE_API int alecable_sea_component(const alecable_sea *sea, int i, double *omega, double *k, double *amplitude,
                                        double *phase)
{
    int st;
    if ((st = ac_check_sea(NULL, sea, "sea"))) return st;
    if (i < 0 || i >= sea->w.nc)
        return ac_fail(sea->model, ALECABLE_ERANGE, "i = %d out of range [0, %d)", i, sea->w.nc);
    if (omega) *omega = sea->w.omega[i];
    if (k) *k = sea->w.k[i];
    if (amplitude) *amplitude = sea->w.amp[i];
    if (phase) *phase = sea->w.phase[i];
    return ALECABLE_OK;
}
