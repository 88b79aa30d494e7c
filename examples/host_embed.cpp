/* smoke-test: --t-end 0.6 */
/* A host simulator in C++17 that embeds a libalecable cable monolithically
 * (issue 23): the host owns its rigid bodies, its joint, its integrator
 * (Newmark's trapezoidal rule on the rotation group, Newton), its sparse
 * storage and its dense LU; the library's ANCF cable joins the host's one
 * system through a DOF map (alecable_model_embedding()).
 *
 * The system, in the x-y plane under gravity -y: an arm (a rod of the host)
 * turns about the z axis at the origin (the host's revolute joint, five
 * rows), an ANCF cable of the library hangs from the arm's tip and carries a
 * payload (a block of the host) at its lower end.  Released at rest, the arm
 * turned from the vertical, the cable straight down and unstretched.  Both
 * host bodies are shared with the cable model as model bodies of mass 0
 * whose six coordinates the map sends to the host's: the host carries their
 * inertia and weight, the library adds the cable's forces on them and its
 * Jacobian blocks into the host's rows.
 *
 * The host's conventions for a body are the library's (alecable.h,
 * "Embedding in a host's own system"): coordinates are the centre of mass x
 * and the rotation vector psi (R = exp(psi^)), velocities are x' and the
 * angular velocity Omega in the body frame, and a rotation increment dpsi
 * composes, R <- R exp(dpsi^).
 *
 * Figures: jac_fd_err, the host's whole Jacobian (the q-, v- and a-parts
 * apart, constraint blocks included) against central differences of its
 * whole residual, the largest difference in a column over that column's
 * largest entry (floor: 1e-6 of the matrix's largest); energy_drift_rel,
 * the largest change of the total energy (host bodies' kinetic and
 * gravitational, the cable's kinetic, strain and gravitational from
 * alecable_model_kinetic_energy() and alecable_model_energy()) over the
 * largest kinetic energy reached: the trapezoidal rule has no numerical
 * damping, so the energy stays within O(h^2) of its start (no drift);
 * lib_dev, the largest distance of the bodies' centres of mass from those
 * of the same system built wholly in the library (bodies with the host's
 * mass and inertia, the library's revolute joint) and run by the library's
 * Newmark integrator step for step: the same scheme on the same equations,
 * so the two agree to the Newton tolerance (status 4 beyond 1e-8 m);
 * glue_lines, the lines of the host's coupling code (between the two
 * __LINE__ markers below).  status: 0, 1 a failure (Newton, the library),
 * 3 jac_fd_err > 1e-7, 4 lib_dev > 1e-8 m. */
#include <alecable.h>
extern "C" {
#include "common.h"
}

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace {

using Vec3 = std::array<double, 3>;
using Mat3 = std::array<double, 9>; /* row-major */

/* ---- the host's own small rotation algebra ----------------------------------- */

Mat3 hat(const Vec3 &v) { return {0, -v[2], v[1], v[2], 0, -v[0], -v[1], v[0], 0}; }
Mat3 mul(const Mat3 &A, const Mat3 &B)
{
    Mat3 C{};
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            for (int k = 0; k < 3; k++) C[3 * i + j] += A[3 * i + k] * B[3 * k + j];
    return C;
}
Vec3 mul(const Mat3 &A, const Vec3 &x)
{
    return {A[0] * x[0] + A[1] * x[1] + A[2] * x[2], A[3] * x[0] + A[4] * x[1] + A[5] * x[2],
            A[6] * x[0] + A[7] * x[1] + A[8] * x[2]};
}
Mat3 transpose(const Mat3 &A) { return {A[0], A[3], A[6], A[1], A[4], A[7], A[2], A[5], A[8]}; }
Vec3 cross(const Vec3 &a, const Vec3 &b)
{
    return {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
}

/* R = exp(psi^) (Rodrigues, with the series near 0) */
Mat3 rot_exp(const double *psi)
{
    const Vec3 p{psi[0], psi[1], psi[2]};
    const double t2 = p[0] * p[0] + p[1] * p[1] + p[2] * p[2], t = std::sqrt(t2);
    const double a = t < 1e-4 ? 1 - t2 / 6 : std::sin(t) / t, b = t < 1e-4 ? 0.5 - t2 / 24 : (1 - std::cos(t)) / t2;
    const Mat3 H = hat(p), H2 = mul(H, H);
    Mat3 R{};
    for (int i = 0; i < 9; i++) R[i] = (i % 4 == 0) + a * H[i] + b * H2[i];
    return R;
}

/* psi = log(R), |psi| <= pi */
Vec3 rot_log(const Mat3 &R)
{
    const Vec3 w{0.5 * (R[7] - R[5]), 0.5 * (R[2] - R[6]), 0.5 * (R[3] - R[1])}; /* sin(t) n */
    const double s = std::sqrt(w[0] * w[0] + w[1] * w[1] + w[2] * w[2]), c = 0.5 * (R[0] + R[4] + R[8] - 1);
    const double t = std::atan2(s, c);
    if (c > -0.9) {
        const double f = s < 1e-12 ? 1.0 : t / s;
        return {f * w[0], f * w[1], f * w[2]};
    }
    /* near pi: (R + R^T)/2 - c I = (1 - c) n n^T, n from its largest column */
    int k = 0;
    for (int i = 1; i < 3; i++)
        if (R[4 * i] > R[4 * k]) k = i;
    Vec3 n{};
    for (int i = 0; i < 3; i++) n[i] = 0.5 * (R[3 * i + k] + R[3 * k + i]) - (i == k) * c;
    const double nn = std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
    const double sg = n[0] * w[0] + n[1] * w[1] + n[2] * w[2] < 0 ? -1.0 : 1.0;
    return {sg * t * n[0] / nn, sg * t * n[1] / nn, sg * t * n[2] / nn};
}

/* ---- the host's own linear algebra -------------------------------------------- */

/* A compressed-column matrix of a fixed pattern (rows sorted in a column) */
struct Csc {
    int n = 0;
    std::vector<int> colptr, rowidx;
    std::vector<double> values;
    void build(int order, std::vector<std::pair<int, int>> entries) /* (row, col) */
    {
        n = order;
        for (int i = 0; i < n; i++) entries.emplace_back(i, i);
        std::sort(entries.begin(), entries.end(), [](auto &a, auto &b) {
            return a.second != b.second ? a.second < b.second : a.first < b.first;
        });
        entries.erase(std::unique(entries.begin(), entries.end()), entries.end());
        colptr.assign(n + 1, 0);
        rowidx.clear();
        for (auto &e : entries) colptr[e.second + 1]++, rowidx.push_back(e.first);
        for (int j = 0; j < n; j++) colptr[j + 1] += colptr[j];
        values.assign(rowidx.size(), 0.0);
    }
    double &at(int i, int j)
    {
        auto b = rowidx.begin() + colptr[j], e = rowidx.begin() + colptr[j + 1];
        auto p = std::lower_bound(b, e, i);
        if (p == e || *p != i) throw std::logic_error("entry outside the host's pattern");
        return values[p - rowidx.begin()];
    }
};

/* Dense LU with partial pivoting of a Csc matrix: z <- A^-1 z */
class DenseLu {
    int n_ = 0;
    std::vector<double> a_;
    std::vector<int> piv_;

public:
    void factor(const Csc &A)
    {
        n_ = A.n;
        a_.assign((size_t)n_ * n_, 0.0);
        piv_.assign(n_, 0);
        for (int j = 0; j < n_; j++)
            for (int k = A.colptr[j]; k < A.colptr[j + 1]; k++) a_[(size_t)A.rowidx[k] * n_ + j] = A.values[k];
        for (int k = 0; k < n_; k++) {
            int p = k;
            for (int i = k + 1; i < n_; i++)
                if (std::fabs(a_[(size_t)i * n_ + k]) > std::fabs(a_[(size_t)p * n_ + k])) p = i;
            if (a_[(size_t)p * n_ + k] == 0.0) throw std::runtime_error("singular host matrix");
            piv_[k] = p;
            if (p != k) std::swap_ranges(&a_[(size_t)k * n_], &a_[(size_t)k * n_] + n_, &a_[(size_t)p * n_]);
            const double d = a_[(size_t)k * n_ + k];
            for (int i = k + 1; i < n_; i++) {
                double &l = a_[(size_t)i * n_ + k];
                if (l == 0.0) continue;
                l /= d;
                for (int j = k + 1; j < n_; j++) a_[(size_t)i * n_ + j] -= l * a_[(size_t)k * n_ + j];
            }
        }
    }
    void solve(std::vector<double> &z) const
    {
        for (int k = 0; k < n_; k++) std::swap(z[k], z[piv_[k]]); /* whole rows were swapped */
        for (int k = 0; k < n_; k++)
            for (int i = k + 1; i < n_; i++) z[i] -= a_[(size_t)i * n_ + k] * z[k];
        for (int k = n_ - 1; k >= 0; k--) {
            for (int j = k + 1; j < n_; j++) z[k] -= a_[(size_t)k * n_ + j] * z[j];
            z[k] /= a_[(size_t)k * n_ + k];
        }
    }
};

/* ---- the host's mechanics ------------------------------------------------------- */

/* A rigid body: coordinates (x, psi) of its centre of mass at host index dof */
struct Body {
    double mass;
    Vec3 J; /* principal moments about the centre of mass, body axes [kg m^2] */
    int dof;
};

/* A revolute joint to the ground about space z at anchor: the body point p
 * stays at the anchor (3 rows), the body's z axis stays along space z
 * (2 rows: ex.R ez = ey.R ez = 0); multipliers at host index row */
struct Revolute {
    int body;
    Vec3 p, anchor;
    int row;
};

/* What the host's system is assembled from besides its bodies and joints
 * (force elements, other codes' subsystems): its extra unknowns, its pattern
 * entries, and its terms of r = M a + f + G^T lambda and of the weighted
 * Jacobian at the host's vectors; update moves its own extra unknowns only. */
struct Subsystem {
    virtual ~Subsystem() = default;
    virtual int extra_unknowns() const = 0;
    virtual void place(int offset, int n_host) = 0;
    virtual void start(double *x) = 0;
    virtual void pattern(std::vector<std::pair<int, int>> &entries) const = 0;
    virtual void bind(const Csc &A) = 0;
    virtual void mark_multipliers(std::vector<char> &is_lambda) const = 0;
    virtual void residual(double t, const double *x, const double *v, const double *a, double *r) = 0;
    virtual void jacobian(double t, const double *x, const double *v, const double *a, double cq, double cv, double ca,
                          double *values) = 0;
    virtual void update(double *x, const double *dx, double s) = 0;
    virtual void commit(double t, const double *x, const double *v) = 0;
    virtual double energy(const double *x, const double *v) = 0;
};

class Host {
public:
    Vec3 g{0, -9.81, 0};
    std::vector<Body> bodies;
    std::vector<Revolute> joints;
    std::vector<std::unique_ptr<Subsystem>> subs;
    int n = 0; /* unknowns */
    std::vector<char> is_lambda;
    Csc A;

    int add_body(const Body &b)
    {
        bodies.push_back(b);
        bodies.back().dof = n;
        n += 6;
        return (int)bodies.size() - 1;
    }
    void add_revolute(int body, const Vec3 &p, const Vec3 &anchor)
    {
        joints.push_back({body, p, anchor, n});
        n += 5;
    }
    /* the subsystems' unknowns after the host's, then the pattern */
    void finish()
    {
        int offset = n;
        for (auto &s : subs) n += s->extra_unknowns();
        for (auto &s : subs) s->place(offset, n), offset += s->extra_unknowns();
        std::vector<std::pair<int, int>> ij;
        for (auto &b : bodies)
            for (int i = 0; i < 6; i++)
                for (int j = 0; j < 6; j++) ij.emplace_back(b.dof + i, b.dof + j);
        for (auto &jt : joints)
            for (int i = 0; i < 5; i++)
                for (int j = 0; j < 6; j++)
                    ij.emplace_back(jt.row + i, bodies[jt.body].dof + j),
                        ij.emplace_back(bodies[jt.body].dof + j, jt.row + i);
        for (auto &s : subs) s->pattern(ij);
        A.build(n, ij);
        for (auto &s : subs) s->bind(A);
        is_lambda.assign(n, 0);
        for (auto &jt : joints)
            for (int i = 0; i < 5; i++) is_lambda[jt.row + i] = 1;
        for (auto &s : subs) s->mark_multipliers(is_lambda);
    }

    void residual(double t, const double *x, const double *v, const double *a, double *r)
    {
        std::fill(r, r + n, 0.0);
        for (auto &b : bodies) {
            const Vec3 W{v[b.dof + 3], v[b.dof + 4], v[b.dof + 5]}, JW{b.J[0] * W[0], b.J[1] * W[1], b.J[2] * W[2]};
            const Vec3 WJW = cross(W, JW);
            for (int i = 0; i < 3; i++) {
                r[b.dof + i] += b.mass * (a[b.dof + i] - g[i]);
                r[b.dof + 3 + i] += b.J[i] * a[b.dof + 3 + i] + WJW[i];
            }
        }
        for (auto &jt : joints) {
            const Body &b = bodies[jt.body];
            const Mat3 R = rot_exp(x + b.dof + 3), Rt = transpose(R);
            const Vec3 Rp = mul(R, jt.p), lam{x[jt.row], x[jt.row + 1], x[jt.row + 2]};
            const Vec3 y{x[jt.row + 3], x[jt.row + 4], 0.0};
            const Vec3 m1 = cross(jt.p, mul(Rt, lam)), m2 = cross(Vec3{0, 0, 1}, mul(Rt, y));
            for (int i = 0; i < 3; i++) {
                r[jt.row + i] += x[b.dof + i] + Rp[i] - jt.anchor[i];
                r[b.dof + i] += lam[i];
                r[b.dof + 3 + i] += m1[i] + m2[i];
            }
            r[jt.row + 3] += R[2]; /* ex.R ez */
            r[jt.row + 4] += R[5]; /* ey.R ez */
        }
        for (auto &s : subs) s->residual(t, x, v, a, r);
    }

    /* cq dr/dq (along the update) + cv dr/dv + ca dr/da, G and G^T plain */
    void jacobian(double t, const double *x, const double *v, const double *a, double cq, double cv, double ca)
    {
        std::fill(A.values.begin(), A.values.end(), 0.0);
        for (auto &b : bodies) {
            const Vec3 W{v[b.dof + 3], v[b.dof + 4], v[b.dof + 5]}, JW{b.J[0] * W[0], b.J[1] * W[1], b.J[2] * W[2]};
            const Mat3 Wh = hat(W), JWh = hat(JW);
            for (int i = 0; i < 3; i++) {
                A.at(b.dof + i, b.dof + i) += ca * b.mass;
                for (int j = 0; j < 3; j++) /* d(W x J W)/dW = W^ J - (J W)^ */
                    A.at(b.dof + 3 + i, b.dof + 3 + j) +=
                        ca * (i == j) * b.J[i] + cv * (Wh[3 * i + j] * b.J[j] - JWh[3 * i + j]);
            }
        }
        for (auto &jt : joints) {
            const Body &b = bodies[jt.body];
            const Mat3 R = rot_exp(x + b.dof + 3), Rt = transpose(R), ez = hat(Vec3{0, 0, 1});
            const Vec3 lam{x[jt.row], x[jt.row + 1], x[jt.row + 2]}, y{x[jt.row + 3], x[jt.row + 4], 0.0};
            const Mat3 P = hat(jt.p), Gp = mul(R, P), Ga = mul(R, ez), PRt = mul(P, Rt), ZRt = mul(ez, Rt);
            const Mat3 K = mul(P, hat(mul(Rt, lam))), Kz = mul(ez, hat(mul(Rt, y)));
            for (int i = 0; i < 3; i++) {
                A.at(jt.row + i, b.dof + i) += 1.0;
                A.at(b.dof + i, jt.row + i) += 1.0;
                for (int j = 0; j < 3; j++) {
                    A.at(jt.row + i, b.dof + 3 + j) -= Gp[3 * i + j];           /* d(R p)/dpsi = -R p^ */
                    A.at(b.dof + 3 + i, jt.row + j) += PRt[3 * i + j];          /* p^ R^T */
                    A.at(b.dof + 3 + i, b.dof + 3 + j) += cq * (K[3 * i + j] + Kz[3 * i + j]);
                }
                for (int k = 0; k < 2; k++) { /* row ek.R ez: -ek^T R ez^; column: ez^ R^T ek */
                    A.at(jt.row + 3 + k, b.dof + 3 + i) -= Ga[3 * k + i];
                    A.at(b.dof + 3 + i, jt.row + 3 + k) += ZRt[3 * i + k];
                }
            }
        }
        for (auto &s : subs) s->jacobian(t, x, v, a, cq, cv, ca, A.values.data());
    }

    /* x <- x (+) s dx: the host's bodies compose, its multipliers add, the
     * subsystems move theirs */
    void update(double *x, const double *dx, double s)
    {
        for (auto &b : bodies) {
            const Vec3 d{s * dx[b.dof + 3], s * dx[b.dof + 4], s * dx[b.dof + 5]};
            const Vec3 psi = rot_log(mul(rot_exp(x + b.dof + 3), rot_exp(d.data())));
            for (int i = 0; i < 3; i++) x[b.dof + i] += s * dx[b.dof + i], x[b.dof + 3 + i] = psi[i];
        }
        for (auto &jt : joints)
            for (int i = 0; i < 5; i++) x[jt.row + i] += s * dx[jt.row + i];
        for (auto &s2 : subs) s2->update(x, dx, s);
    }

    /* an accepted step: the subsystems' history advances */
    void commit(double t, const double *x, const double *v)
    {
        for (auto &s : subs) s->commit(t, x, v);
    }

    /* the host bodies' kinetic and gravitational energy, and the subsystems' */
    double energy(const double *x, const double *v, double *kinetic = nullptr)
    {
        double T = 0.0, V = 0.0;
        for (auto &b : bodies)
            for (int i = 0; i < 3; i++) {
                T += 0.5 * b.mass * v[b.dof + i] * v[b.dof + i] + 0.5 * b.J[i] * v[b.dof + 3 + i] * v[b.dof + 3 + i];
                V -= b.mass * g[i] * x[b.dof + i];
            }
        if (kinetic) *kinetic = T;
        for (auto &s : subs) T += s->energy(x, v);
        return T + V;
    }
};

/* ---- the coupling: everything the host writes for the library's cable -------- */

/* a failed call of the library: its code and message (the embedding's, or the model's when the embedding has
 * none) as the host's exception */
void ok(int st, alecable_model *m, alecable_embedding *e)
{
    if (!st) return;
    const char *msg = e && *alecable_embedding_errmsg(e) ? alecable_embedding_errmsg(e) : alecable_model_errmsg(m);
    throw std::runtime_error(std::string(alecable_strerror(st)) + ": " + msg);
}

const int glue_begin = __LINE__;
/* A host body as a model body of mass 0 at its pose: a proxy, whose coordinates the map sends to the host body's */
alecable_body *proxy_body(alecable_model *m, const double *pose)
{
    alecable_body_params bp;
    alecable_body *b = nullptr;
    alecable_body_params_init(&bp);
    const Mat3 R = rot_exp(pose + 3);
    std::copy(pose, pose + 3, bp.position), std::copy(R.begin(), R.end(), bp.rotation);
    return ok(alecable_body_create(&b, m, &bp), m, nullptr), b;
}
/* The model as a subsystem: its unknowns (q, then lambda) at host indices, a proxy's six at its host body's */
class LibraryModel final : public Subsystem {
    alecable_model *m_;
    alecable_embedding *e_ = nullptr;
    std::vector<int> index_, shared_;
    int nq_ = 0;
    void ok(int st) const { ::ok(st, m_, e_); }

public:
    LibraryModel(alecable_model *m, const std::vector<std::pair<alecable_body *, int>> &proxies) : m_(m)
    {
        alecable_problem p;
        alecable_node *nd;
        ok(alecable_model_set_load_ramp(m, 0)), ok(alecable_model_problem(&p, m)); /* loads in full: t is a time */
        nq_ = p.nq, index_.assign(p.nq + p.nlam, -1);
        for (auto &[body, dof] : proxies)
            for (int d = 0, k = 0; d < 6; d++) {
                ok(alecable_body_node(&nd, body)), ok(alecable_node_dof_index(nd, d < 3 ? d : ALECABLE_DOF_RX + d - 3, &k));
                index_[k] = dof + d, shared_.push_back(dof + d);
            }
    }
    ~LibraryModel() override { alecable_embedding_destroy(e_); }
    int extra_unknowns() const override { return (int)(index_.size() - shared_.size()); }
    void place(int offset, int n_host) override
    {
        for (int &i : index_) i = i < 0 ? offset++ : i;
        ok(alecable_model_embedding(&e_, m_, n_host, index_.data(), 0));
        ok(alecable_embedding_host_moves(e_, (int)shared_.size(), shared_.data())); /* the host moves its bodies */
    }
    void start(double *x) override /* the model's state into the host's */
    {
        std::vector<double> q(index_.size());
        ok(alecable_model_get_state(m_, q.data(), q.data() + nq_, nullptr));
        ok(alecable_embedding_scatter(e_, q.data(), q.data() + nq_, x));
    }
    void pattern(std::vector<std::pair<int, int>> &ij) const override
    {
        int nnz = 0;
        ok(alecable_embedding_pattern(e_, &nnz, nullptr, nullptr));
        std::vector<int> r(nnz), c(nnz);
        ok(alecable_embedding_pattern(e_, nullptr, r.data(), c.data()));
        for (int k = 0; k < nnz; k++) ij.emplace_back(r[k], c[k]);
    }
    void bind(const Csc &A) override { ok(alecable_embedding_bind(e_, 0, A.n, A.colptr.data(), A.rowidx.data())); }
    void mark_multipliers(std::vector<char> &lam) const override
    {
        for (size_t k = nq_; k < index_.size(); k++) lam[index_[k]] = 1;
    }
    void residual(double t, const double *x, const double *v, const double *a, double *r) override
    {
        ok(alecable_embedding_residual(e_, t, x, v, a, r));
    }
    void jacobian(double t, const double *x, const double *v, const double *a, double cq, double cv, double ca,
                  double *values) override
    {
        ok(alecable_embedding_jacobian(e_, t, x, v, a, cq, cv, ca, ALECABLE_JAC_FULL, values));
    }
    void update(double *x, const double *dx, double s) override { ok(alecable_embedding_update(e_, x, dx, s)); }
    void commit(double t, const double *x, const double *v) override { ok(alecable_embedding_commit(e_, t, x, v)); }
    double energy(const double *x, const double *v) override /* kinetic, strain and the loads' potential */
    {
        double T = 0, wi = 0, we = 0;
        ok(alecable_model_pull_embedded(m_, e_, 0.0, x, v));
        ok(alecable_model_kinetic_energy(m_, &T)), ok(alecable_model_energy(m_, &wi, &we));
        return T + wi + we;
    }
};
const int glue_end = __LINE__;

/* ---- the model: the cable between the two bodies ------------------------------- */

/* the start: the arm turned th from the vertical, the cable straight down from its tip */
void poses(double th, double length, double arm[6], double pay[6])
{
    const double sn = std::sin(th), cs = std::cos(th), a[6] = {0.5 * sn, -0.5 * cs, 0, 0, 0, th - M_PI / 2};
    const double p[6] = {sn, -cs - length - 0.1, 0, 0, 0, 0};
    std::copy(a, a + 6, arm), std::copy(p, p + 6, pay);
}

struct Setup {
    int elements;
    double E, length, th;
    Body arm, pay;
};

/* The library's model: the ANCF cable from the arm's tip to the payload's top point.  The host's
 * run: the two bodies are proxies (mass 0, the host carries them).  The reference: the whole
 * system in the library, the bodies with the host's mass and inertia, the arm on a revolute joint
 * to a fixed ground body, for the library's own Newmark integrator. */
alecable_model *build(const Setup &su, bool reference, alecable_body **arm_b, alecable_body **pay_b)
{
    alecable_model *m = nullptr;
    alecable_cable *c;
    alecable_section sec;
    alecable_node *n0, *n1;
    double arm_pose[6], pay_pose[6];
    poses(su.th, su.length, arm_pose, pay_pose);
    const double tip[3] = {std::sin(su.th), -std::cos(su.th), 0}, end[3] = {tip[0], tip[1] - su.length, 0};
    const double g[3] = {0, -9.81, 0}, p_arm[3] = {0.5, 0, 0}, p_pay[3] = {0, 0.1, 0};
    ok(alecable_model_create(&m, nullptr), m, nullptr);
    alecable_section_init(&sec);
    sec.E = su.E, sec.A = 1e-4, sec.I = 1e-10, sec.rho = 1500.0;
    ok(alecable_cable_create(&c, m, ALECABLE_ELEMENT_ANCF, &sec), m, nullptr);
    ok(alecable_cable_line(c, tip, end, 0.0, su.length, su.elements), m, nullptr);
    ok(alecable_cable_set_lagrangian(c, 1), m, nullptr);
    ok(alecable_cable_node(&n0, c, 0), m, nullptr);
    ok(alecable_cable_node(&n1, c, su.elements), m, nullptr);
    ok(alecable_model_set_gravity(m, g), m, nullptr);
    if (!reference) {
        *arm_b = proxy_body(m, arm_pose), *pay_b = proxy_body(m, pay_pose);
    } else {
        const Body *hb[2] = {&su.arm, &su.pay};
        const double *pose[2] = {arm_pose, pay_pose}, z[3] = {0, 0, 1}, o[3] = {0, 0, 0};
        alecable_body **out[2] = {arm_b, pay_b}, *ground;
        alecable_body_params bp;
        for (int k = 0; k < 2; k++) {
            alecable_body_params_init(&bp);
            const Mat3 R = rot_exp(pose[k] + 3);
            std::copy(pose[k], pose[k] + 3, bp.position), std::copy(R.begin(), R.end(), bp.rotation);
            bp.mass = hb[k]->mass;
            for (int i = 0; i < 3; i++) bp.inertia[4 * i] = hb[k]->J[i];
            ok(alecable_body_create(out[k], m, &bp), m, nullptr);
        }
        alecable_body_params_init(&bp);
        ok(alecable_body_create(&ground, m, &bp), m, nullptr);
        ok(alecable_body_fix(m, ground), m, nullptr);
        ok(alecable_revolute(nullptr, m, ground, *arm_b, o, z, 0.0), m, nullptr);
    }
    ok(alecable_attach(nullptr, m, n0, *arm_b, p_arm, 0), m, nullptr);
    ok(alecable_attach(nullptr, m, n1, *pay_b, p_pay, 0), m, nullptr);
    ok(alecable_model_finalize(m), m, nullptr);
    return m;
}

/* The reference run alongside: the library's Newmark on the whole system (build(), reference) */
class Reference {
    alecable_model *m_ = nullptr;
    alecable_integrator *it_ = nullptr;
    int arm_ = 0, pay_ = 0;
    std::vector<double> q_;

public:
    explicit Reference(const Setup &su, double h)
    {
        alecable_body *arm, *pay;
        alecable_node *na, *np;
        alecable_dynamic_options o;
        int nq, nl;
        m_ = build(su, true, &arm, &pay);
        ok(alecable_body_node(&na, arm), m_, nullptr), ok(alecable_body_node(&np, pay), m_, nullptr);
        ok(alecable_node_dof_index(na, ALECABLE_DOF_X, &arm_), m_, nullptr);
        ok(alecable_node_dof_index(np, ALECABLE_DOF_X, &pay_), m_, nullptr);
        alecable_dynamic_options_init(&o);
        o.method = ALECABLE_METHOD_NEWMARK, o.h = h, o.tol_residual = 1e-13, o.tol_increment = 1e-14;
        ok(alecable_model_integrator(&it_, m_, &o), m_, nullptr);
        ok(alecable_integrator_sizes(it_, &nq, &nl), m_, nullptr);
        q_.resize(nq);
    }
    ~Reference()
    {
        alecable_integrator_destroy(it_);
        alecable_model_destroy(m_);
    }
    /* one step; the largest distance of the bodies' centres of mass from the host's */
    double step(double h, const double *arm, const double *pay)
    {
        ok(alecable_integrator_step(it_, h), m_, nullptr);
        ok(alecable_integrator_get_state(it_, nullptr, q_.data(), nullptr, nullptr, nullptr), m_, nullptr);
        double d = 0.0;
        for (int i = 0; i < 3; i++)
            d = std::max({d, std::fabs(q_[arm_ + i] - arm[i]), std::fabs(q_[pay_ + i] - pay[i])});
        return d;
    }
};

/* ---- the host's integrator ------------------------------------------------------ */

/* Newmark's trapezoidal rule (beta = 1/4, gamma = 1/2) in Arnold and Bruls'
 * form for coordinates on a group: q_{n+1} = q_n (+) h [v_n + h/4 (a_n +
 * a_{n+1})], v_{n+1} = v_n + h/2 (a_n + a_{n+1}), Newton on a_{n+1} and the
 * multipliers with J = dr/dq + 2/h dr/dv + 4/h^2 dr/da (the solution's q
 * part is then a position increment). */
class Newmark {
    Host &H_;
    double h_, tol_;
    std::vector<double> base_, inc_, an_, vv_, r_, x0_;
    DenseLu lu_;

    static constexpr double beta = 0.25, gamma = 0.5;
    /* x = base (+) [h v + h^2 ((1/2 - beta) a + beta an)], vv = v + h ((1 - gamma) a + gamma an) */
    void predict(std::vector<double> &x, const std::vector<double> &v, const std::vector<double> &a)
    {
        for (int i = 0; i < H_.n; i++) {
            inc_[i] = H_.is_lambda[i] ? 0.0 : h_ * v[i] + h_ * h_ * ((0.5 - beta) * a[i] + beta * an_[i]);
            vv_[i] = H_.is_lambda[i] ? 0.0 : v[i] + h_ * ((1 - gamma) * a[i] + gamma * an_[i]);
        }
        x = base_;
        H_.update(x.data(), inc_.data(), 1.0);
    }

public:
    long iterations = 0, steps = 0;
    Newmark(Host &H, double h, double tol) : H_(H), h_(h), tol_(tol)
    {
        base_.resize(H.n), inc_.resize(H.n), an_.resize(H.n), vv_.resize(H.n), r_.resize(H.n);
    }
    /* consistent accelerations and multipliers at rest: [M G^T; G 0] [a; lambda] = -[f; g] */
    void start(double t, std::vector<double> &x, std::vector<double> &v, std::vector<double> &a)
    {
        std::fill(a.begin(), a.end(), 0.0);
        H_.residual(t, x.data(), v.data(), a.data(), r_.data());
        H_.jacobian(t, x.data(), v.data(), a.data(), 0.0, 0.0, 1.0);
        lu_.factor(H_.A);
        for (auto &z : r_) z = -z;
        lu_.solve(r_);
        for (int i = 0; i < H_.n; i++) (H_.is_lambda[i] ? x[i] : a[i]) += r_[i];
    }
    /* one step to t1; false when Newton does not converge (the state unchanged) */
    bool step(double t1, std::vector<double> &x, std::vector<double> &v, std::vector<double> &a)
    {
        base_ = x0_ = x;
        an_ = a;
        for (int it = 0; it < 25; it++) {
            predict(x, v, a);
            H_.residual(t1, x.data(), vv_.data(), an_.data(), r_.data());
            H_.jacobian(t1, x.data(), vv_.data(), an_.data(), 1.0, gamma / (beta * h_), 1.0 / (beta * h_ * h_));
            lu_.factor(H_.A);
            for (auto &z : r_) z = -z;
            lu_.solve(r_);
            double dq = 0.0;
            for (int i = 0; i < H_.n; i++) {
                if (H_.is_lambda[i]) base_[i] += r_[i];
                else an_[i] += r_[i] / (beta * h_ * h_), dq = std::max(dq, std::fabs(r_[i]));
            }
            iterations++;
            if (dq < tol_) {
                predict(x, v, a); /* with the last correction; base_ holds the multipliers */
                v = vv_;
                a = an_;
                steps++;
                H_.commit(t1, x.data(), v.data());
                return true;
            }
        }
        x = x0_;
        return false;
    }
};

/* The host's Jacobian, its q-, v- and a-parts apart, against central
 * differences of its residual (fourth order, the coordinates moved by the
 * host's update), near the given state:
 * the largest difference in a column over the column's largest entry,
 * floored at 1e-6 of the part's largest. */
double jacobian_check(Host &H, double t, std::vector<double> x, std::vector<double> v, std::vector<double> a)
{
    const int n = H.n;
    /* off the plane and off the solution: a fixed pseudo-random perturbation of every value, so that no
     * term hides behind a zero (the out-of-plane moments, the gyroscopic terms of a planar motion) */
    unsigned seed = 12345u;
    auto rnd = [&seed]() {
        seed = seed * 1103515245u + 12345u;
        return (double)((seed >> 8) & 0xffff) / 32768.0 - 1.0;
    };
    std::vector<double> dq(n, 0.0);
    for (int i = 0; i < n; i++) {
        if (H.is_lambda[i]) x[i] += 0.1 * rnd() * (1.0 + std::fabs(x[i]));
        else dq[i] = 1e-3 * rnd(), v[i] += 0.5 * rnd(), a[i] += 2.0 * rnd();
    }
    H.update(x.data(), dq.data(), 1.0);
    std::vector<double> J0((size_t)n * n), Jk((size_t)n * n), fd((size_t)n * n);
    std::vector<double> dx(n, 0.0), rp(n), rm(n), rp2(n), rm2(n);
    auto dense = [&](std::vector<double> &D) {
        std::fill(D.begin(), D.end(), 0.0);
        for (int j = 0; j < n; j++)
            for (int k = H.A.colptr[j]; k < H.A.colptr[j + 1]; k++) D[(size_t)H.A.rowidx[k] * n + j] = H.A.values[k];
    };
    H.jacobian(t, x.data(), v.data(), a.data(), 0.0, 0.0, 0.0); /* the constraint blocks alone */
    dense(J0);
    double worst = 0.0;
    for (int part = 0; part < 3; part++) {
        H.jacobian(t, x.data(), v.data(), a.data(), part == 0, part == 1, part == 2);
        dense(Jk);
        if (part > 0)
            for (size_t k = 0; k < Jk.size(); k++) Jk[k] -= J0[k];
        for (int c = 0; c < n; c++) {
            std::vector<double> &z = part == 0 ? x : part == 1 ? v : a;
            /* r is at most quadratic in v and linear in a: larger steps there cost no truncation */
            const double d = (part == 0 ? 1e-5 : 1e-1) * (1.0 + std::fabs(z[c]));
            auto r_at = [&](double s, std::vector<double> &r) { /* the residual at z + s e_c, z restored */
                const std::vector<double> z0 = z;
                if (part == 0) dx[c] = 1.0, H.update(x.data(), dx.data(), s), dx[c] = 0.0;
                else z[c] += s;
                H.residual(t, x.data(), v.data(), a.data(), r.data());
                z = z0;
            };
            r_at(d, rp), r_at(-d, rm), r_at(2 * d, rp2), r_at(-2 * d, rm2);
            for (int i = 0; i < n; i++) fd[(size_t)i * n + c] = (8 * (rp[i] - rm[i]) - (rp2[i] - rm2[i])) / (12 * d);
        }
        double big = 0.0;
        for (double f : fd) big = std::max(big, std::fabs(f));
        for (int c = 0; c < n; c++) {
            double diff = 0.0, scale = 1e-6 * big;
            for (int i = 0; i < n; i++) {
                diff = std::max(diff, std::fabs(Jk[(size_t)i * n + c] - fd[(size_t)i * n + c]));
                scale = std::max(scale, std::fabs(fd[(size_t)i * n + c]));
            }
            worst = std::max(worst, diff / scale);
        }
    }
    return worst;
}

} // namespace

int main(int argc, char **argv)
{
    double h = 2e-3, t_end = 2.0, E = 1e8, tol = 1e-12, length = 1.0, angle = 40.0;
    int elements = 8, every = 10;
    const char *csv = nullptr;
    ex_opt opts[] = {
        {"--elements", 'i', &elements, "ANCF elements of the cable"},
        {"--h", 'd', &h, "time step of the host's integrator [s]"},
        {"--t-end", 'd', &t_end, "end time [s]"},
        {"--E", 'd', &E, "the cable's Young's modulus [Pa] (section 1e-4 m^2)"},
        {"--length", 'd', &length, "the cable's length [m]"},
        {"--angle", 'd', &angle, "the arm's start angle from the vertical [deg], released at rest"},
        {"--tol", 'd', &tol, "Newton tolerance on the position increment [m, rad]"},
        {"--csv", 's', &csv, "write t, energy and the bodies' positions to this file"},
        {"--every", 'i', &every, "with --csv: a row every this many steps"},
        {nullptr, 0, nullptr, nullptr},
    };
    int rc = ex_parse(argc, argv, opts,
                      "A C++ host with its own rigid bodies, joint and Newmark integrator that embeds a "
                      "libalecable ANCF cable monolithically through the DOF map (alecable_model_embedding()): "
                      "an arm on a revolute joint, the cable from its tip, a payload at the cable's end.");
    if (rc) return rc > 0 ? 0 : 2;
    if (!(h > 0) || !(t_end > 0) || elements < 1 || every < 1 || !(E > 0) || !(tol > 0) || !(length > 0)) {
        std::fprintf(stderr, "host_embed: --h, --t-end, --E, --tol and --length must be > 0, --elements and "
                             "--every >= 1\n");
        return 2;
    }
    alecable_model *m = nullptr;
    int status = 0;
    try {
        Host host;
        /* the host's bodies: an arm (rod of 1 m, 2 kg) and a payload (1 kg) */
        const int arm = host.add_body({2.0, {1e-3, 2.0 / 12, 2.0 / 12}, 0});
        const int pay = host.add_body({1.0, {0.01, 0.01, 0.01}, 0});
        host.add_revolute(arm, {-0.5, 0, 0}, {0, 0, 0});
        const double th = angle * M_PI / 180;
        double arm_pose[6], pay_pose[6];
        poses(th, length, arm_pose, pay_pose);

        /* the library's cable from the arm's tip to the payload's top, the bodies proxies */
        Setup su{elements, E, length, th, host.bodies[arm], host.bodies[pay]};
        alecable_body *arm_proxy, *pay_proxy;
        m = build(su, false, &arm_proxy, &pay_proxy);
        host.subs.push_back(std::make_unique<LibraryModel>(
            m, std::vector<std::pair<alecable_body *, int>>{{arm_proxy, host.bodies[arm].dof},
                                                            {pay_proxy, host.bodies[pay].dof}}));
        host.finish();

        std::vector<double> x(host.n, 0.0), v(host.n, 0.0), a(host.n, 0.0);
        for (auto &s : host.subs) s->start(x.data());
        std::copy(arm_pose, arm_pose + 6, &x[host.bodies[arm].dof]);
        std::copy(pay_pose, pay_pose + 6, &x[host.bodies[pay].dof]);
        Newmark nm(host, h, tol);
        nm.start(0.0, x, v, a);
        Reference ref(su, h);

        FILE *out = csv ? std::fopen(csv, "w") : nullptr;
        if (csv && !out) throw std::runtime_error(std::string("cannot write ") + csv);
        auto row = [&](double t, double energy) {
            if (!out) return;
            const double *xa = &x[host.bodies[arm].dof], *xp = &x[host.bodies[pay].dof];
            std::fprintf(out, "%.6f,%.12g,%.9f,%.9f,%.9f,%.9f,%.9f,%.9f,%.9f\n", t, energy, xa[0], xa[1], xa[2], xa[5],
                         xp[0], xp[1], xp[2]);
        };
        if (out) std::fprintf(out, "t,energy,arm_x,arm_y,arm_z,arm_psi_z,payload_x,payload_y,payload_z\n");
        const double E0 = host.energy(x.data(), v.data());
        double lib_dev = 0.0, drift = 0.0, T_max = 0.0, T_now = 0.0, t = 0.0, wall = 0.0;
        double y_min = x[host.bodies[pay].dof + 1];
        row(0.0, E0);
        const long nsteps = std::lround(t_end / h);
        for (long k = 1; k <= nsteps; k++) {
            const double w0 = ex_now();
            if (!nm.step(k * h, x, v, a)) {
                std::fprintf(stderr, "host_embed: Newton did not converge at t = %g\n", k * h);
                status = 1;
                break;
            }
            wall += ex_now() - w0;
            t = k * h;
            lib_dev = std::max(lib_dev, ref.step(h, &x[host.bodies[arm].dof], &x[host.bodies[pay].dof]));
            const double En = host.energy(x.data(), v.data(), &T_now); /* T_now: the host bodies' kinetic */
            T_max = std::max(T_max, T_now);
            drift = std::max(drift, std::fabs(En - E0));
            y_min = std::min(y_min, x[host.bodies[pay].dof + 1]);
            if (k % every == 0) row(t, En);
        }
        if (out) std::fclose(out);
        const double jac_err = jacobian_check(host, t, x, v, a);
        const double drift_rel = T_max > 0 ? drift / T_max : drift;
        const int glue_lines = glue_end - glue_begin - 1;
        if (jac_err > 1e-7 && status == 0) status = 3;
        if (lib_dev > 1e-8 && status == 0) status = 4;
        std::printf("host: %d unknowns (%zu bodies, %zu joint, the cable's %d), %ld steps of %g s, %.2f Newton "
                    "iterations a step\n",
                    host.n, host.bodies.size(), host.joints.size(), host.subs[0]->extra_unknowns(), nm.steps, h,
                    nm.steps ? (double)nm.iterations / nm.steps : 0.0);
        std::printf("arm at %.4f deg from the vertical, payload at (%.6f, %.6f) m at t = %g s (lowest y %.6f m)\n",
                    (x[host.bodies[arm].dof + 5] + M_PI / 2) * 180 / M_PI, x[host.bodies[pay].dof],
                    x[host.bodies[pay].dof + 1], t, y_min);
        std::printf("energy: start %.9f J, largest change %.3g J = %.3g of the largest kinetic energy %.6f J "
                    "(O(h^2))\n",
                    E0, drift, drift_rel, T_max);
        std::printf("the library's own Newmark on the same system (its bodies, its revolute joint): the bodies "
                    "within %.3g m of the host's\n",
                    lib_dev);
        std::printf("Jacobian against central differences: %.3g (relative, column-wise); coupling code: %d lines\n",
                    jac_err, glue_lines);
        std::printf("result: status=%d jac_fd_err=%.3g energy_drift_rel=%.3g glue_lines=%d h=%g steps=%ld "
                    "newton_per_step=%.3f n_host=%d payload_y=%.9f lib_dev=%.3g wall_s=%.3f step_wall_us=%.1f\n",
                    status, jac_err, drift_rel, glue_lines, h, nm.steps,
                    nm.steps ? (double)nm.iterations / nm.steps : 0.0, host.n, x[host.bodies[pay].dof + 1], lib_dev,
                    wall,
                    nm.steps ? 1e6 * wall / nm.steps : 0.0);
    } catch (const std::exception &ex) {
        std::fprintf(stderr, "host_embed: %s\n", ex.what());
        std::printf("result: status=1\n");
        status = 1;
    }
    alecable_model_destroy(m);
    return status;
}
