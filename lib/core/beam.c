/* Kirchhoff cables on the model's side: their bending and twisting
 * parameters, the checks finalize makes, the section frames of nodes and
 * elements for output, and the roll charts.
 *
 * Roll charts.  A Kirchhoff node measures its roll from a chart (t1_ref,
 * t2_ref) it keeps (lib/elements/kirchhoff.c): its frame is t2 = the chart's
 * axis carried to the tangent t1 by the smallest rotation, turned by the
 * roll.  The smallest rotation is singular at t1 = -t1_ref, so a chart is
 * re-based once a node's tangent has turned more than 60 degrees from t1_ref:
 * t1_ref becomes the tangent and t2_ref the zero-roll axis there, which keeps
 * the node's frame for the same roll.  This happens only in the problem's
 * history_commit, at converged states (alecable_problem): within a load or
 * time step a tangent would have to turn a further 120 degrees to reach the
 * singularity.  The element energy depends on the nodal frames and the
 * curve only, not on the charts, so a re-based state has the same energy
 * and stays converged.  Nodes whose roll a constraint holds by its value
 * (a fix or prescribed roll) keep their chart: re-basing would change what
 * the held value means. */
#include "model.h"
#include "hd.h"
#include "../bodies/bodies.h"
#include "../bodies/rotation.h"

#include <math.h>
#include <string.h>

#define REBASE_COS 0.5 /* cos 60 degrees */

ALECABLE_API void alecable_beam_params_init(alecable_beam_params *p)
{
    if (!p) return;
    memset(p, 0, sizeof *p);
    p->struct_size = sizeof *p;
}

static int check_kirchhoff(const alecable_cable *c)
{
    if (!c) return ALECABLE_ENULL;
    if (c->magic != MAGIC_CABLE) return ALECABLE_EHANDLE;
    if (c->kind != ALECABLE_ELEMENT_KIRCHHOFF && c->kind != ALECABLE_ELEMENT_SE3)
        return ac_fail(c->model, ALECABLE_EINVAL, "the cable is not a Kirchhoff cable nor an SE(3) one (element kind %d)",
                       c->kind);
    return ALECABLE_OK;
}

/* a cable whose nodes carry a section frame */
static int is_beam(const alecable_cable *c)
{
    return c->kind == ALECABLE_ELEMENT_KIRCHHOFF || c->kind == ALECABLE_ELEMENT_SE3;
}

static int finite_ge0(double x) { return isfinite(x) && x >= 0.0; }

ALECABLE_API int alecable_cable_set_beam(alecable_cable *c, const alecable_beam_params *p)
{
    alecable_model *m;
    int st = check_kirchhoff(c);
    if (st) return st;
    m = c->model;
    if (!p) return ac_fail(m, ALECABLE_ENULL, "params is NULL");
    if (p->struct_size < sizeof *p)
        return ac_fail(m, ALECABLE_EINVAL, "params: struct_size %zu, call alecable_beam_params_init", p->struct_size);
    if (!(isfinite(p->GJ) && p->GJ > 0.0))
        return ac_fail(m, ALECABLE_EINVAL, "params.GJ = %g: torsional stiffness must be finite and > 0", p->GJ);
    if (!finite_ge0(p->EI2) || !finite_ge0(p->EI3))
        return ac_fail(m, ALECABLE_EINVAL, "params.EI2 = %g, EI3 = %g: bending stiffnesses must be finite and >= 0 "
                                           "(0: E I of the section)", p->EI2, p->EI3);
    if ((p->EI2 == 0.0 || p->EI3 == 0.0) && !(c->section.I > 0.0))
        return ac_fail(m, ALECABLE_EINVAL, "params.EI%d = 0 takes E I of the section, but section.I = 0: give the "
                                           "bending stiffness", p->EI2 == 0.0 ? 2 : 3);
    if (!isfinite(p->kappa2) || !isfinite(p->kappa3) || !isfinite(p->twist))
        return ac_fail(m, ALECABLE_EINVAL, "params.kappa2, kappa3 and twist must be finite");
    if (!ac_is_finite3(p->t2)) return ac_fail(m, ALECABLE_EINVAL, "params.t2 has a NaN or infinite component");
    if ((p->t2[0] != 0.0 || p->t2[1] != 0.0 || p->t2[2] != 0.0) && !(ac_direction_norm(p->t2) > 0.0))
        return ac_fail(m, ALECABLE_EINVAL, "params.t2 = (%g, %g, %g): its length is out of range (1e-150 .. 1e150)",
                       p->t2[0], p->t2[1], p->t2[2]);
    c->beam = *p;
    c->beam.struct_size = sizeof c->beam;
    c->has_beam = 1;
    ac_model_changed(m, "the beam parameters changed");
    return ALECABLE_OK;
}

ALECABLE_API int alecable_cable_set_shear(alecable_cable *c, double GA2, double GA3)
{
    if (!c) return ALECABLE_ENULL;
    if (c->magic != MAGIC_CABLE) return ALECABLE_EHANDLE;
    if (c->kind != ALECABLE_ELEMENT_SE3)
        return ac_fail(c->model, ALECABLE_EINVAL, "the cable is not an SE(3) cable (element kind %d)", c->kind);
    if (!(isfinite(GA2) && GA2 > 0.0) || !(isfinite(GA3) && GA3 > 0.0))
        return ac_fail(c->model, ALECABLE_EINVAL, "GA2 = %g, GA3 = %g: shear stiffnesses must be finite and > 0", GA2,
                       GA3);
    c->GA[0] = GA2;
    c->GA[1] = GA3;
    c->has_shear = 1;
    ac_model_changed(c->model, "the shear stiffnesses changed");
    return ALECABLE_OK;
}

ALECABLE_API int alecable_cable_set_natural_shape(alecable_cable *c, int count, const double *values)
{
    alecable_model *m;
    double *copy;
    int i, st = check_kirchhoff(c);
    if (st) return st;
    m = c->model;
    if (!values) return ac_fail(m, ALECABLE_ENULL, "values is NULL");
    if (count != c->n_el)
        return ac_fail(m, ALECABLE_ERANGE, "count = %d: the cable has %d elements (3 values each)", count, c->n_el);
    for (i = 0; i < 3 * count; i++)
        if (!isfinite(values[i])) return ac_fail(m, ALECABLE_EINVAL, "values[%d] = %g is not finite", i, values[i]);
    copy = (double *)ac_malloc(&m->alloc, (size_t)(3 * count) * sizeof(double));
    if (!copy) return ac_fail(m, ALECABLE_ENOMEM, "out of memory");
    memcpy(copy, values, (size_t)(3 * count) * sizeof(double));
    ac_free(&m->alloc, c->shape);
    c->shape = copy;
    c->n_shape = count;
    ac_model_changed(m, "the natural shape changed");
    return ALECABLE_OK;
}

/* ---------------------------------------------------------------------------
 * Frames in plain numbers */

/* t1 and t2 of slope rp, roll th and chart (values only) */
static void node_frame(const double rp[3], double th, const double chart[6], double t1[3], double t2[3])
{
    hd_ctx c = hd_context(0, 0);
    hd r[3], h, a[3], b[3];
    int i;
    for (i = 0; i < 3; i++) hd_const(&c, &r[i], rp[i]);
    hd_const(&c, &h, th);
    el_kirchhoff_node_frame(&c, r, &h, chart, a, b);
    for (i = 0; i < 3; i++) {
        t1[i] = a[i].v;
        t2[i] = b[i].v;
    }
}

static void frame_matrix(const double t1[3], const double t2[3], double R[9])
{
    int i;
    for (i = 0; i < 3; i++) {
        R[3 * i] = t1[i];
        R[3 * i + 1] = t2[i];
    }
    R[2] = t1[1] * t2[2] - t1[2] * t2[1];
    R[5] = t1[2] * t2[0] - t1[0] * t2[2];
    R[8] = t1[0] * t2[1] - t1[1] * t2[0];
}

static int check_beam_node(const alecable_node *n)
{
    if (!n) return ALECABLE_ENULL;
    if (n->magic != MAGIC_NODE) return ALECABLE_EHANDLE;
    if (!n->cable || !is_beam(n->cable))
        return ac_fail(n->model, ALECABLE_ERANGE, "the node has no section frame (not a Kirchhoff or SE(3) node)");
    if (!n->chart_set)
        return ac_fail(n->model, ALECABLE_ESTATE, "the node's frame is built at finalize: call alecable_model_finalize");
    return ALECABLE_OK;
}

ALECABLE_API int alecable_node_frame(const alecable_node *n, double R[9])
{
    double t1[3], t2[3];
    int st = check_beam_node(n);
    if (st) return st;
    if (!R) return ac_fail(n->model, ALECABLE_ENULL, "R is NULL");
    if (ac_node_is_se3(n)) { /* R = R_ref exp(psi^) */
        el_se3_node_rotation(ac_node_chart(n), n->q + 3, R);
        return ALECABLE_OK;
    }
    node_frame(n->q + 3, n->q[6], ac_node_chart(n), t1, t2);
    frame_matrix(t1, t2, R);
    return ALECABLE_OK;
}

ALECABLE_API int alecable_node_set_frame(alecable_node *n, const double R[9])
{
    alecable_model *m;
    int k;
    if (!n) return ALECABLE_ENULL;
    if (n->magic != MAGIC_NODE) return ALECABLE_EHANDLE;
    m = n->model;
    if (!R) return ac_fail(m, ALECABLE_ENULL, "R is NULL");
    if (!ac_node_is_se3(n)) return ac_fail(m, ALECABLE_ERANGE, "the node is not an SE(3) node");
    if (!(rot_error(R) <= 1e-9))
        return ac_fail(m, ALECABLE_EINVAL, "R is not a rotation (orthonormal to 1e-9, determinant +1)");
    for (k = 0; k < 3; k++) {
        ac_node_chart(n)[k] = R[3 * k];
        ac_node_chart(n)[3 + k] = R[3 * k + 1];
        n->q[3 + k] = 0.0;
    }
    n->chart_set = 1;
    if (!m->dirty && n->dof0 >= 0) memcpy(m->q + n->dof0, n->q, (size_t)n->nfree * sizeof(double));
    return ALECABLE_OK;
}

ALECABLE_API int alecable_node_roll(const alecable_node *n, double *theta)
{
    if (!n) return ALECABLE_ENULL;
    if (n->magic != MAGIC_NODE) return ALECABLE_EHANDLE;
    if (!theta) return ac_fail(n->model, ALECABLE_ENULL, "theta is NULL");
    if (!n->cable || n->cable->kind != ALECABLE_ELEMENT_KIRCHHOFF)
        return ac_fail(n->model, ALECABLE_ERANGE, "the node has no roll (not a Kirchhoff node)");
    *theta = n->q[6];
    return ALECABLE_OK;
}

ALECABLE_API int alecable_node_set_roll(alecable_node *n, double theta)
{
    alecable_model *m;
    if (!n) return ALECABLE_ENULL;
    if (n->magic != MAGIC_NODE) return ALECABLE_EHANDLE;
    m = n->model;
    if (!n->cable || n->cable->kind != ALECABLE_ELEMENT_KIRCHHOFF)
        return ac_fail(m, ALECABLE_ERANGE, "the node has no roll (not a Kirchhoff node)");
    if (!isfinite(theta)) return ac_fail(m, ALECABLE_EINVAL, "theta = %g is not finite", theta);
    n->q[6] = theta;
    if (!m->dirty && n->dof0 >= 0) m->q[n->dof0 + 6] = theta;
    return ALECABLE_OK;
}

ALECABLE_API void alecable_beam_section_state_init(alecable_beam_section_state *s)
{
    if (!s) return;
    memset(s, 0, sizeof *s);
    s->struct_size = sizeof *s;
}

ALECABLE_API int alecable_element_section(const alecable_element *e, double xi, alecable_beam_section_state *s)
{
    double qe[EL_MAX_DOF];
    el_section sec;
    alecable_model *m;
    if (!e) return ALECABLE_ENULL;
    if (e->magic != MAGIC_ELEMENT) return ALECABLE_EHANDLE;
    if (!s) return ac_fail(e->cable->model, ALECABLE_ENULL, "s is NULL");
    m = e->cable->model;
    if (s->struct_size < sizeof *s)
        return ac_fail(m, ALECABLE_EINVAL, "s: struct_size %zu, call alecable_beam_section_state_init", s->struct_size);
    if (!e->ops->section) return ac_fail(m, ALECABLE_ERANGE, "the element has no section frame (not a Kirchhoff element)");
    if (!(xi >= 0.0 && xi <= 1.0)) return ac_fail(m, ALECABLE_EINVAL, "xi = %g is outside [0, 1]", xi);
    /* an element added after finalize has neither (its node's chart, its parameters) */
    if (!e->a->chart_set || !e->b->chart_set || !e->par.chart_a)
        return ac_fail(m, ALECABLE_ESTATE, "frames are built at finalize: call alecable_model_finalize");
    memcpy(qe, e->a->q, (size_t)e->a->ndof * sizeof(double));
    memcpy(qe + e->a->ndof, e->b->q, (size_t)e->b->ndof * sizeof(double));
    ac_split_output(e, qe);
    e->ops->section(&e->par, qe, xi, &sec);
    memcpy(s->position, sec.x, sizeof s->position);
    memcpy(s->frame, sec.frame, sizeof s->frame);
    s->stretch = sec.stretch;
    s->curvature[0] = sec.curvature[0];
    s->curvature[1] = sec.curvature[1];
    s->twist = sec.twist;
    s->tension = sec.force;
    s->moment[0] = sec.moment[0];
    s->moment[1] = sec.moment[1];
    s->torque = sec.torque;
    return ALECABLE_OK;
}

/* ---------------------------------------------------------------------------
 * Finalize */

static int roll_held(const alecable_model *m, const alecable_cable *c)
{
    int i, k;
    for (i = 0; i < c->n_nodes; i++) {
        if (ac_node_dof_constrained(m, c->nodes[i], ALECABLE_DOF_ROLL)) return 1;
        for (k = 0; k < m->joints.n; k++) {
            const alecable_joint *j = (const alecable_joint *)m->joints.p[k];
            if (j->ops->holds && j->ops->holds(j, c->nodes[i], ALECABLE_DOF_ROLL)) return 1;
        }
    }
    return 0;
}

static int any_s_free(const alecable_model *m, const alecable_cable *c)
{
    int i;
    if (c->lagrangian) return 0;
    for (i = 0; i < c->n_nodes; i++)
        if (ac_node_s_is_free(m, c->nodes[i])) return 1;
    return 0;
}

static int shape_uniform(const alecable_cable *c)
{
    int i, k;
    for (i = 1; i < c->n_shape; i++)
        for (k = 0; k < 3; k++)
            if (c->shape[3 * i + k] != c->shape[k]) return 0;
    return 1;
}

static int rotation_held(const alecable_model *m, const alecable_cable *c)
{
    int i;
    for (i = 0; i < c->n_nodes; i++) {
        int k;
        if (ac_node_dof_constrained(m, c->nodes[i], ALECABLE_DOF_RX) &&
            ac_node_dof_constrained(m, c->nodes[i], ALECABLE_DOF_RY) &&
            ac_node_dof_constrained(m, c->nodes[i], ALECABLE_DOF_RZ))
            return 1;
        for (k = 0; k < m->joints.n; k++) { /* a clamp holding the whole frame */
            const alecable_joint *j = (const alecable_joint *)m->joints.p[k];
            if (j->ops->holds && j->ops->holds(j, c->nodes[i], ALECABLE_DOF_RX)) return 1;
        }
    }
    return 0;
}

/* a section range's E I stands for a bending stiffness the beam leaves at 0 */
static int check_range_I(alecable_model *m, int index, const alecable_cable *c)
{
    int k;
    if (c->beam.EI2 > 0.0 && c->beam.EI3 > 0.0) return ALECABLE_OK;
    for (k = 0; k < c->n_ranges; k++)
        if (!(c->ranges[k].s.I > 0.0))
            return ac_fail(m, ALECABLE_ESTATE, "cable %d: its section range %d (elements %d ..) has I = 0, but "
                                               "alecable_beam_params.EI%d = 0 takes E I of the section: give I or "
                                               "the bending stiffness", index, k, c->ranges[k].first,
                           c->beam.EI2 > 0.0 ? 3 : 2);
    return ALECABLE_OK;
}

static int check_se3(alecable_model *m, int index, const alecable_cable *c)
{
    int st;
    if (!c->has_beam)
        return ac_fail(m, ALECABLE_ESTATE, "cable %d is an SE(3) cable without its torsional stiffness: call "
                                           "alecable_cable_set_beam", index);
    if (!c->has_shear)
        return ac_fail(m, ALECABLE_ESTATE, "cable %d is an SE(3) cable without its shear stiffnesses: call "
                                           "alecable_cable_set_shear", index);
    if ((st = check_range_I(m, index, c))) return st;
    if (c->n_nodes < 2) return ac_fail(m, ALECABLE_ESTATE, "cable %d: an SE(3) cable needs two nodes at least", index);
    if (c->shape && c->n_shape != c->n_el)
        return ac_fail(m, ALECABLE_ESTATE, "cable %d: its natural shape has %d elements, the cable %d (set it again)",
                       index, c->n_shape, c->n_el);
    if (c->shape && !shape_uniform(c) && any_s_free(m, c))
        return ac_fail(m, ALECABLE_ESTATE, "cable %d: a natural shape that varies along the cable needs fixed material "
                                           "coordinates (material flowing through the elements would not carry it)",
                       index);
    if (!rotation_held(m, c) && !(c->section.rho > 0.0))
        return ac_fail(m, ALECABLE_ESTATE, "cable %d: its rotation is held nowhere (and it has no rotary inertia: "
                                           "a cable with rho > 0 has, in dynamics); fix ALECABLE_DOF_RX, "
                                           "RY and RZ of one node", index);
    return ALECABLE_OK;
}

static int check_beam(alecable_model *m, int index, const alecable_cable *c)
{
    int st;
    if (!c->has_beam)
        return ac_fail(m, ALECABLE_ESTATE, "cable %d is a Kirchhoff cable without its torsional stiffness: call "
                                           "alecable_cable_set_beam", index);
    if ((st = check_range_I(m, index, c))) return st;
    if (c->shape && c->n_shape != c->n_el)
        return ac_fail(m, ALECABLE_ESTATE, "cable %d: its natural shape has %d elements, the cable %d (set it again)",
                       index, c->n_shape, c->n_el);
    if (c->shape && !shape_uniform(c) && any_s_free(m, c))
        return ac_fail(m, ALECABLE_ESTATE, "cable %d: a natural shape that varies along the cable needs fixed material "
                                           "coordinates (material flowing through the elements would not carry it)",
                       index);
    {
        /* every node needs a tangent to carry its frame (a cable of one
         * node, or a slope set to zero or to a non-finite value, has none) */
        int i;
        for (i = 0; i < c->n_nodes; i++) {
            const double *d = c->nodes[i]->q + 3, nd = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
            if (!(nd > 0.0) || !isfinite(nd))
                return ac_fail(m, ALECABLE_ESTATE,
                               "cable %d, node %d: its slope r' = (%g, %g, %g) gives no tangent (a cable needs two "
                               "nodes at least; alecable_node_set_slope sets it)", index, i, d[0], d[1], d[2]);
        }
    }
    if (!roll_held(m, c))
        return ac_fail(m, ALECABLE_ESTATE, "cable %d: its roll is held nowhere; the roll has no inertia and takes its "
                                           "equilibrium, defined only up to a rigid turn: clamp one node "
                                           "(alecable_clamp with ALECABLE_CLAMP_ROLL) or fix ALECABLE_DOF_ROLL of one",
                       index);
    return ALECABLE_OK;
}

/* t2 of the first node: the projection of the hint, or of the axis least
 * aligned with the tangent */
static void first_axis(const double t1[3], const double hint[3], double t2[3])
{
    double d, n;
    int i, k = 0;
    int tries;
    for (i = 0; i < 3; i++) t2[i] = hint[i];
    for (tries = 0;; tries++) {
        d = t2[0] * t1[0] + t2[1] * t1[1] + t2[2] * t1[2];
        for (i = 0; i < 3; i++) t2[i] -= d * t1[i];
        n = sqrt(t2[0] * t2[0] + t2[1] * t2[1] + t2[2] * t2[2]);
        if (n > 1e-6 || tries == 2) break; /* the axis least aligned with a unit t1 always works */
        for (i = 1; i < 3; i++)
            if (fabs(t1[i]) < fabs(t1[k])) k = i;
        t2[0] = t2[1] = t2[2] = 0.0;
        t2[k] = 1.0;
    }
    for (i = 0; i < 3; i++) t2[i] /= n;
}

/* Charts for nodes that have none: the first node from the hint, every
 * further one the previous node's zero-roll frame carried by the smallest
 * rotation: the frame the cable is built with is untwisted (with zero rolls
 * every element's relative roll is 0), and rolls set before finalize turn
 * it. */
static void build_charts(alecable_cable *c)
{
    int i;
    for (i = 0; i < c->n_nodes; i++) {
        alecable_node *n = c->nodes[i];
        double t1[3], t2[3], nr;
        int k;
        if (n->chart_set) continue;
        if (i == 0) {
            nr = sqrt(n->q[3] * n->q[3] + n->q[4] * n->q[4] + n->q[5] * n->q[5]);
            for (k = 0; k < 3; k++) t1[k] = n->q[3 + k] / nr;
            first_axis(t1, c->beam.t2, t2);
        } else {
            double prev[6], pt1[3], pt2[3];
            const alecable_node *p = c->nodes[i - 1];
            node_frame(p->q + 3, 0.0, ac_node_chart(p), pt1, pt2);
            memcpy(prev, pt1, sizeof pt1);
            memcpy(prev + 3, pt2, sizeof pt2);
            node_frame(n->q + 3, 0.0, prev, t1, t2);
        }
        memcpy(ac_node_chart(n), t1, sizeof t1);
        memcpy(ac_node_chart(n) + 3, t2, sizeof t2);
        n->chart_set = 1;
    }
}

/* unit chord of element e of c */
static void unit_chord(const alecable_cable *c, int e, double u[3])
{
    const double *xa = c->nodes[e]->q, *xb = c->nodes[e + 1]->q;
    double n;
    int k;
    for (k = 0; k < 3; k++) u[k] = xb[k] - xa[k];
    n = sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]);
    for (k = 0; k < 3; k++) u[k] /= n;
}

/* The tangent of an SE(3) node in the mesh as built: at an interior node
 * the bisector of its two unit chords (on a circular arc, the arc's tangent
 * whatever the chords' lengths); at an end the neighbour's tangent
 * reflected about the end chord (a chord of an arc bisects the tangents at
 * its ends); the chord of a one-element cable. */
static void se3_tangent(const alecable_cable *c, int i, double t[3])
{
    double u0[3], u1[3], n, d;
    int k, last = c->n_nodes - 1;
    if (c->n_nodes == 2) {
        unit_chord(c, 0, t);
        return;
    }
    if (i == 0 || i == last) {
        unit_chord(c, i == 0 ? 0 : last - 1, u0);
        se3_tangent(c, i == 0 ? 1 : last - 1, u1);
        d = u0[0] * u1[0] + u0[1] * u1[1] + u0[2] * u1[2];
        for (k = 0; k < 3; k++) t[k] = 2.0 * d * u0[k] - u1[k];
    } else {
        unit_chord(c, i - 1, u0);
        unit_chord(c, i, u1);
        for (k = 0; k < 3; k++) t[k] = u0[k] + u1[k];
        if (!(sqrt(t[0] * t[0] + t[1] * t[1] + t[2] * t[2]) > 1e-12)) memcpy(t, u1, sizeof u1); /* a reversal */
    }
    n = sqrt(t[0] * t[0] + t[1] * t[1] + t[2] * t[2]);
    for (k = 0; k < 3; k++) t[k] /= n;
}

/* SE(3) nodes: the frame at finalize, t1 the node's tangent in the mesh,
 * t2 from the hint at the first node and carried to every further one by
 * the smallest rotation (an untwisted start, stress-free on a straight or
 * circular mesh with the matching natural curvature and material lengths);
 * the rotation dofs are measured from it (they compose, so never reach the
 * rotation vector's singularity) */
static void build_se3_charts(alecable_cable *c)
{
    int i;
    for (i = 0; i < c->n_nodes; i++) {
        alecable_node *n = c->nodes[i];
        double t1[3], t2[3], d[3];
        if (n->chart_set) continue;
        se3_tangent(c, i, d);
        if (i == 0) {
            memcpy(t1, d, sizeof d);
            first_axis(t1, c->beam.t2, t2);
        } else
            node_frame(d, 0.0, ac_node_chart(c->nodes[i - 1]), t1, t2);
        memcpy(ac_node_chart(n), t1, sizeof t1);
        memcpy(ac_node_chart(n) + 3, t2, sizeof t2);
        n->chart_set = 1;
    }
}

static void element_params(alecable_cable *c)
{
    int i;
    for (i = 0; i < c->n_el; i++) {
        el_params *p = &c->el[i]->par;
        const double *k = c->shape ? c->shape + 3 * i : NULL;
        const alecable_section *sec = ac_element_section(c, i); /* (the cable's but in a section range) */
        double EI2 = c->beam.EI2 > 0.0 ? c->beam.EI2 : sec->E * sec->I;
        double EI3 = c->beam.EI3 > 0.0 ? c->beam.EI3 : sec->E * sec->I;
        p->EI = EI2;
        p->EI3 = EI3;
        p->GJ = c->beam.GJ;
        p->k0[0] = k ? k[0] : c->beam.kappa2;
        p->k0[1] = k ? k[1] : c->beam.kappa3;
        p->k0[2] = k ? k[2] : c->beam.twist;
        p->chart_a = ac_node_chart(c->el[i]->a);
        p->chart_b = ac_node_chart(c->el[i]->b);
        p->GA[0] = c->GA[0];
        p->GA[1] = c->GA[1];
        /* the sections' mass moments from the bending stiffnesses' second
         * moments I2 = EI2 / E, I3 = EI3 / E: a solid section's, polar
         * I2 + I3 (what GJ says is the torsion constant, not the mass's) */
        p->rhoJ[1] = sec->rho * EI2 / sec->E;
        p->rhoJ[2] = sec->rho * EI3 / sec->E;
        p->rhoJ[0] = p->rhoJ[1] + p->rhoJ[2];
    }
}

int ac_beams_prepare(alecable_model *m)
{
    int c, i, st;
    if ((st = ac_split_check(m))) return st;
    for (c = 0; c < m->cables.n; c++) {
        const alecable_cable *cb = (const alecable_cable *)m->cables.p[c];
        if (cb->kind == ALECABLE_ELEMENT_KIRCHHOFF && (st = check_beam(m, c, cb))) return st;
        if (cb->kind == ALECABLE_ELEMENT_SE3 && (st = check_se3(m, c, cb))) return st;
    }
    for (c = 0; c < m->cables.n; c++) {
        alecable_cable *cb = (alecable_cable *)m->cables.p[c];
        if (cb->kind == ALECABLE_ELEMENT_SE3) {
            build_se3_charts(cb);
            element_params(cb);
            continue;
        }
        if (cb->kind != ALECABLE_ELEMENT_KIRCHHOFF) continue;
        build_charts(cb);
        element_params(cb);
        for (i = 0; i < cb->n_nodes; i++)
            cb->nodes[i]->chart_set = ac_node_dof_constrained(m, cb->nodes[i], ALECABLE_DOF_ROLL) ? 2 : 1;
    }
    return ALECABLE_OK;
}

/* ---------------------------------------------------------------------------
 * The charts as the problem's history (6 values per Kirchhoff node, cable
 * by cable) */

int ac_beam_history_size(const alecable_model *m)
{
    int c, n = 0;
    for (c = 0; c < m->cables.n; c++) {
        const alecable_cable *cb = (const alecable_cable *)m->cables.p[c];
        if (cb->kind == ALECABLE_ELEMENT_KIRCHHOFF) n += 6 * cb->n_nodes;
    }
    return n;
}

/* copies every Kirchhoff node's chart out to hist and/or in from hist_in (6 values each) */
static void each_chart(alecable_model *m, double *hist, const double *hist_in)
{
    int c, i, k = 0;
    for (c = 0; c < m->cables.n; c++) {
        alecable_cable *cb = (alecable_cable *)m->cables.p[c];
        if (cb->kind != ALECABLE_ELEMENT_KIRCHHOFF) continue;
        for (i = 0; i < cb->n_nodes; i++, k += 6) {
            if (hist) memcpy(hist + k, ac_node_chart(cb->nodes[i]), 6 * sizeof(double));
            if (hist_in) memcpy(ac_node_chart(cb->nodes[i]), hist_in + k, 6 * sizeof(double));
        }
    }
}

int ac_beam_history_get(void *ctx, double *hist)
{
    each_chart((alecable_model *)ctx, hist, NULL);
    return ALECABLE_OK;
}

int ac_beam_history_set(void *ctx, const double *hist)
{
    each_chart((alecable_model *)ctx, NULL, hist);
    return ALECABLE_OK;
}

int ac_beam_history_commit(void *ctx, double t, const double *q, const double *v, const double *lambda)
{
    alecable_model *m = (alecable_model *)ctx;
    int c, i;
    (void)t;
    (void)v;
    (void)lambda;
    for (c = 0; c < m->cables.n; c++) {
        const alecable_cable *cb = (const alecable_cable *)m->cables.p[c];
        if (cb->kind != ALECABLE_ELEMENT_KIRCHHOFF) continue;
        for (i = 0; i < cb->n_nodes; i++) {
            alecable_node *n = cb->nodes[i];
            double *chart = ac_node_chart(n);
            const double *rp = q + n->dof0 + 3;
            double nr = sqrt(rp[0] * rp[0] + rp[1] * rp[1] + rp[2] * rp[2]), t1[3], b[3];
            if (n->chart_set == 2 || !(nr > 0.0)) continue;
            if ((rp[0] * chart[0] + rp[1] * chart[1] + rp[2] * chart[2]) >= REBASE_COS * nr) continue;
            node_frame(rp, 0.0, chart, t1, b);
            memcpy(chart, t1, sizeof t1);
            memcpy(chart + 3, b, sizeof b);
        }
    }
    return ALECABLE_OK;
}
