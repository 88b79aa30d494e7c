/* DOF numbering, the fixed sparsity pattern and the scatter maps.  Everything
 * allocated here is allocated once per model layout, never during a solve. */
#include "model.h"
#include "../constraints/constraints.h"
#include "../constraints/mesh_motion.h"
#include "../loads/loads.h"
#include "../loads/load_ops.h"
#include "../integrators/problem.h"
#include "../bodies/bodies.h"
#include "../friction/friction.h"
#include "isa.h"

#include <string.h>

/* The two nodes' runs of q into an element vector: len values from each
 * node, the second node's at qe + nd.  A call per element and evaluation
 * (several per step) made the library's memcpy calls a few percent of a
 * 1000-element SI-HHT step: the kinds' node sizes (ANCF 7, axial 4, and
 * one less on a Lagrangian cable) get copies of a constant size, which the
 * compiler turns into moves. */
#define COPY_RUNS(qe, qa, qb, len, nd)                       \
    do {                                                     \
        memcpy((qe), (qa), (len) * sizeof(double));          \
        memcpy((qe) + (nd), (qb), (len) * sizeof(double));   \
    } while (0)

static inline void gather_runs(double *qe, const double *qa, const double *qb, int len, int nd)
{
    if (nd == 7 && len == 6) COPY_RUNS(qe, qa, qb, 6, 7);
    else if (nd == 7 && len == 7) COPY_RUNS(qe, qa, qb, 7, 7);
    else if (nd == 4 && len == 3) COPY_RUNS(qe, qa, qb, 3, 4);
    else if (nd == 4 && len == 4) COPY_RUNS(qe, qa, qb, 4, 4);
    else COPY_RUNS(qe, qa, qb, (size_t)len, nd);
}

/* s is the last dof of a cable node, so a Lagrangian node's dofs in q are
 * its first nd - 1 */
void ac_gather(const alecable_element *e, const double *q, double *qe)
{
    int nd = e->ops->node_ndof;
    if (e->par.fixed_s) {
        gather_runs(qe, q + e->a->dof0, q + e->b->dof0, nd - 1, nd);
        qe[nd - 1] = node_s(e->a);
        qe[2 * nd - 1] = node_s(e->b);
        return;
    }
    gather_runs(qe, q + e->a->dof0, q + e->b->dof0, nd, nd);
}

/* A Lagrangian element's block (nd = 2 nodes of h dofs, s last and not
 * scattered): in each scattered column, are the rows 0 .. h-2 and h .. nd-2
 * at consecutive value positions?  They are when each node's dofs are
 * numbered consecutively (CSC rows are sorted and the block holds them all). */
static int map_has_runs(const int *map, int nd)
{
    int h = nd / 2, c, k;
    for (c = 0; c < nd - 1; c++) {
        if (c == h - 1) continue;
        for (k = 1; k < h - 1; k++)
            if (map[k * nd + c] != map[c] + k || map[(h + k) * nd + c] != map[h * nd + c] + k) return 0;
    }
    return 1;
}

static int map_ints(int nb, int runs) { return runs ? 2 * (nb - 2) : nb * nb; }
#define MAP_SLAB ((size_t)65536) /* the largest slab of scatter maps: the most a finalize can leave unused */

int ac_element_map_ints(const alecable_element *e) { return e->map ? map_ints(ac_element_block(e), e->runs) : 0; }

/* the run form (model.h) of a runs element's full map */
static void runs_of_map(const int *full, int nd, int *run)
{
    int h = nd / 2, c, j = 0;
    for (c = 0; c < nd - 1; c++) {
        if (c == h - 1) continue;
        run[j++] = full[c];
        run[j++] = full[h * nd + c];
    }
}

void ac_element_add(const alecable_element *e, double w, const double *ke, double *values)
{
    int nd = el_ndof(e->ops), nb = ac_element_block(e), r, c, k;
    if (e->runs) {
        int h = nd / 2;
        for (c = 0; c < nd - 1; c++) {
            const int *p = e->map + 2 * (c - c / h);
            if (c == h - 1) continue;
            for (k = 0; k < h - 1; k++) values[p[0] + k] += w * ke[k * nd + c];
            for (k = 0; k < h - 1; k++) values[p[1] + k] += w * ke[(h + k) * nd + c];
        }
        return;
    }
    for (r = 0; r < nd; r++)
        for (c = 0; c < nd; c++) {
            int p = e->map[r * nb + c];
            if (p >= 0) values[p] += w * ke[r * nd + c];
        }
}

/* The assign plan (model.h): walking the elements in the order of the
 * assembly (assemble.c's element_loop), a runs element's block whose
 * positions no earlier element wrote is assigned, one whose positions all
 * were is added to; anything else (a block written in part, elements
 * without runs, positions no element writes: constraints, bodies, joints)
 * is zeroed before the evaluation.  Pass 1 (list NULL) counts the zeroed
 * positions, pass 2 lists them; t: nnz flags, cleared by the caller. */
static int plan_pass(alecable_model *m, unsigned char *t, int *list)
{
    int c, i, k, n = 0;
    for (c = 0; c < m->cables.n; c++) {
        const alecable_cable *cb = (const alecable_cable *)m->cables.p[c];
        for (i = 0; i < cb->n_el; i++) {
            alecable_element *e = cb->el[i];
            int nb = ac_element_block(e);
            e->assign = 0;
            if (e->runs) {
                int h = nb / 2, blk;
                for (blk = 0; blk < 4; blk++) {
                    int c0 = blk & 2 ? h : 0, r0 = blk & 1 ? h : 0, cc, rr, fresh = 0, old = 0;
                    for (cc = c0; cc < c0 + h - 1; cc++)
                        for (rr = r0; rr < r0 + h - 1; rr++) {
                            if (t[ac_element_pos(e, rr, cc)]) old++;
                            else fresh++;
                        }
                    if (old == 0) e->assign |= 1 << blk;
                    for (cc = c0; cc < c0 + h - 1; cc++)
                        for (rr = r0; rr < r0 + h - 1; rr++) {
                            int p = ac_element_pos(e, rr, cc);
                            if (!t[p] && old > 0) {
                                if (list) list[n] = p;
                                n++;
                            }
                            t[p] = 1;
                        }
                    (void)fresh;
                }
                continue;
            }
            for (k = 0; k < nb * nb; k++) {
                int p = e->map[k];
                if (p < 0 || t[p]) continue;
                if (list) list[n] = p;
                n++;
                t[p] = 1;
            }
        }
    }
    for (k = 0; k < m->pat.nnz; k++)
        if (!t[k]) {
            if (list) list[n] = k;
            n++;
        }
    return n;
}

static int assign_plan(alecable_model *m)
{
    unsigned char *t = (unsigned char *)ac_calloc(&m->alloc, (size_t)m->pat.nnz, 1);
    int n;
    m->assign_ok = 0;
    m->scatter_v3 = ac_isa() == AC_ISA_V3;
    if (!t) return -1;
    n = plan_pass(m, t, NULL);
    if (n > m->pat.nnz / 4) { /* few runs elements (ALE cables, other kinds): a memset is cheaper than the list */
        ac_free(&m->alloc, t);
        return 0;
    }
    m->zero_pos = (int *)ac_malloc(&m->alloc, (size_t)(n > 0 ? n : 1) * sizeof(int));
    if (!m->zero_pos) {
        ac_free(&m->alloc, t);
        return -1;
    }
    memset(t, 0, (size_t)m->pat.nnz);
    m->n_zero_pos = plan_pass(m, t, m->zero_pos);
    ac_free(&m->alloc, t);
    m->assign_ok = 1;
    return 0;
}

/* m->zero_q is read as a state vector only by the bodies' and added-mass
 * (hydrodynamic) loads' parts of ac_inertia (assemble.c): without them it
 * is not kept */
static int needs_zero_q(const alecable_model *m)
{
    int i;
    if (m->bodies.n > 0) return 1;
    for (i = 0; i < m->loads.n; i++)
        if (((const alecable_load *)m->loads.p[i])->ops->flags & LOAD_INERTIA) return 1;
    return 0;
}

int ac_element_block(const alecable_element *e) { return el_ndof(e->ops) + (e->xdof >= 0 ? 2 : 0); }

const int *ac_split_dofs(const alecable_element *e, int *xd)
{
    const int nd = el_ndof(e->ops);
    int k;
    for (k = 0; k < nd; k++) xd[k] = ac_element_dof(e, k);
    if (e->xdof < 0) return xd;
    xd[nd] = e->xdof;
    xd[nd + 1] = -1;
    return xd;
}

double ac_split_rho(const alecable_element *e, const double *q, double rho[2])
{
    rho[0] = e->xdof >= 0 ? (q ? q[e->xdof] : e->a->rho) : 0.0;
    rho[1] = 0.0;
    return rho[0];
}

void ac_gather_rate(const alecable_element *e, const double *v, double *ve)
{
    int nd = e->ops->node_ndof;
    if (e->par.fixed_s) {
        gather_runs(ve, v + e->a->dof0, v + e->b->dof0, nd - 1, nd);
        ve[nd - 1] = ve[2 * nd - 1] = 0.0;
        return;
    }
    gather_runs(ve, v + e->a->dof0, v + e->b->dof0, nd, nd);
}

void ac_free_solution_space(alecable_model *m)
{
    int c, i;
    if (m->qs) {
        qs_destroy((qs_ws *)m->qs);
        m->qs = NULL;
    }
    sp_pattern_free(&m->pat, &m->alloc);
    mesh_free(m);
    ac_free(&m->alloc, m->q);
    ac_free(&m->alloc, m->v);
    ac_free(&m->alloc, m->lam);
    ac_free(&m->alloc, m->dof_class);
    ac_free(&m->alloc, m->partner);
    ac_free(&m->alloc, m->ework);
    ac_free(&m->alloc, m->scale_work);
    m->scale_work = NULL;
    ac_free(&m->alloc, m->zero_q);
    ac_free(&m->alloc, m->zero_pos);
    m->zero_pos = NULL;
    m->n_zero_pos = m->assign_ok = 0;
    m->q = m->lam = m->v = m->ework = m->zero_q = NULL;
    m->dof_class = m->partner = NULL;
    for (c = 0; c < m->cables.n; c++) {
        alecable_cable *cb = (alecable_cable *)m->cables.p[c];
        for (i = 0; i < cb->n_el; i++) cb->el[i]->map = NULL;
    }
    ac_slab_free_all(&m->alloc, &m->maps);
    for (i = 0; i < m->loads.n; i++) {
        alecable_load *l = (alecable_load *)m->loads.p[i];
        ac_free(&m->alloc, l->map);
        l->map = NULL;
    }
    for (i = 0; i < m->bodies.n; i++) {
        alecable_body *b = (alecable_body *)m->bodies.p[i];
        ac_free(&m->alloc, b->map);
        b->map = NULL;
    }
    for (i = 0; i < m->joints.n; i++) {
        alecable_joint *j = (alecable_joint *)m->joints.p[i];
        ac_free(&m->alloc, j->map);
        j->map = NULL;
    }
    m->nq = m->nlam = m->n = 0;
}

int ac_node_s_is_free(const alecable_model *m, const alecable_node *n)
{
    int i, j;
    for (i = 0; i < m->constraints.n; i++) {
        const alecable_constraint *k = (const alecable_constraint *)m->constraints.p[i];
        if (k->kind == CON_LINEAR) continue;
        for (j = 0; j < k->count; j++)
            if (k->nodes[j] == n && k->ndof[j] == ALECABLE_DOF_S) return 0;
    }
    return 1;
}

int ac_node_dof_constrained(const alecable_model *m, const alecable_node *n, int dof)
{
    int i, j;
    for (i = 0; i < m->constraints.n; i++) {
        const alecable_constraint *k = (const alecable_constraint *)m->constraints.p[i];
        for (j = 0; j < k->count; j++)
            if (k->nodes[j] == n && k->ndof[j] == dof) return 1;
    }
    return 0;
}

void ac_sync_nodes(alecable_model *m)
{
    int c, i;
    for (c = 0; c < m->cables.n; c++) {
        alecable_cable *cb = (alecable_cable *)m->cables.p[c];
        for (i = 0; i < cb->n_nodes; i++) {
            memcpy(cb->nodes[i]->q, m->q + cb->nodes[i]->dof0, (size_t)cb->nodes[i]->nfree * sizeof(double));
            if (cb->nodes[i]->xdof >= 0) cb->nodes[i]->rho = m->q[cb->nodes[i]->xdof];
        }
    }
    for (i = 0; i < m->bodies.n; i++) {
        alecable_body *b = (alecable_body *)m->bodies.p[i];
        memcpy(b->node.q, m->q + b->node.dof0, 6 * sizeof(double));
    }
    for (i = 0; i < m->constraints.n; i++) {
        alecable_constraint *k = (alecable_constraint *)m->constraints.p[i];
        k->lambda = m->lam[k->row];
    }
    for (i = 0; i < m->joints.n; i++) {
        alecable_joint *j = (alecable_joint *)m->joints.p[i];
        memcpy(j->lambda, m->lam + j->row0, (size_t)j->neq * sizeof(double));
    }
}

static int nomem(alecable_model *m)
{
    ac_free_solution_space(m);
    return ac_fail(m, ALECABLE_ENOMEM, "out of memory while finalizing the model");
}

/* What the model as it stands cannot take, refused before anything is
 * allocated (so a refusal changes nothing): what acts on the s of a
 * Lagrangian cable (material flow needs s unknowns), and each joint's own
 * check (joint_ops.check). */
static int check_objects(alecable_model *m)
{
    int i, j;
    for (i = 0; i < m->constraints.n; i++) {
        const alecable_constraint *k = (const alecable_constraint *)m->constraints.p[i];
        for (j = 0; j < k->count; j++)
            if (k->ndof[j] == ALECABLE_DOF_S && k->nodes[j]->cable && k->nodes[j]->cable->lagrangian)
                return ac_fail(m, ALECABLE_ESTATE,
                               "constraint %d acts on s of node %d of a Lagrangian cable (s is not an unknown there; "
                               "alecable_cable_set_lagrangian(c, 0) makes it one)", i, k->nodes[j]->index);
    }
    for (i = 0; i < m->loads.n; i++) {
        const alecable_load *l = (const alecable_load *)m->loads.p[i];
        int st;
        if (l->ops->check && (st = l->ops->check(m, l, i)) != ALECABLE_OK) return st;
    }
    for (i = 0; i < m->joints.n; i++) {
        const alecable_joint *j = (const alecable_joint *)m->joints.p[i];
        int st;
        if (j->ops->check && (st = j->ops->check(m, j)) != ALECABLE_OK) return st;
    }
    return ALECABLE_OK;
}

int ac_finalize(alecable_model *m)
{
    sp_builder b;
    int c, i, nq = 0, st, n_el = 0, left, classes;
    double t = m->t;

    if (m->cables.n == 0) return ac_fail(m, ALECABLE_ESTATE, "the model has no cable");
    if ((st = check_objects(m))) return st;
    if ((st = ac_beams_prepare(m))) return st;
    if ((st = ac_segments_check(m))) return st;
    /* the pattern and sizes that problems and integrators hold go away */
    if (!m->dirty && m->q) ac_model_changed(m, "the model was finalized again");
    ac_free_solution_space(m);
    m->t = t;

    /* numbering: node dofs first (cable by cable), then one multiplier per constraint */
    for (c = 0; c < m->cables.n; c++) {
        alecable_cable *cb = (alecable_cable *)m->cables.p[c];
        if (cb->n_el < 1) return ac_fail(m, ALECABLE_ESTATE, "cable %d has fewer than two nodes", c);
        n_el += cb->n_el;
        for (i = 0; i < cb->n_nodes; i++) {
            alecable_node *n = cb->nodes[i];
            n->nfree = n->ndof - (cb->lagrangian ? 1 : 0); /* s is last (sidx = ndof - 1) */
            n->dof0 = nq;
            nq += n->nfree;
        }
        for (i = 0; i < cb->n_nodes; i++) /* the stretch splits after the cable's nodes */
            cb->nodes[i]->xdof = cb->nodes[i]->split ? nq++ : -1;
        for (i = 0; i < cb->n_el; i++) {
            alecable_element *e = cb->el[i];
            e->par.fixed_s = cb->lagrangian;
            e->xdof = e->a->xdof;
        }
    }
    for (i = 0; i < m->bodies.n; i++) { /* bodies after the cables */
        alecable_body *bd = (alecable_body *)m->bodies.p[i];
        bd->node.dof0 = nq;
        nq += 6;
    }
    for (i = 0; i < m->constraints.n; i++) {
        alecable_constraint *k = (alecable_constraint *)m->constraints.p[i];
        k->row = i;
        con_number(k);
    }
    m->nq = nq;
    m->nlam = m->constraints.n;
    for (i = 0; i < m->joints.n; i++) { /* joint equations after the constraints */
        alecable_joint *j = (alecable_joint *)m->joints.p[i];
        j->row0 = m->nlam;
        m->nlam += j->neq;
    }
    if (mesh_build(m)) return nomem(m); /* the mesh-motion rows of dynamics, last */
    if ((m->unplaced_load = ac_place_loads(m)) == -2) return nomem(m);
    m->n = nq + m->nlam;

    m->q = (double *)ac_calloc(&m->alloc, (size_t)nq, sizeof(double));
    m->v = (double *)ac_calloc(&m->alloc, (size_t)nq, sizeof(double));
    m->lam = (double *)ac_calloc(&m->alloc, (size_t)(m->nlam > 0 ? m->nlam : 1), sizeof(double));
    /* the classes say which dofs are material ones and whose: a model
     * whose cables are all Lagrangian has none (every class OTHER, every
     * partner -1), and its problem says so with NULL (alecable_problem
     * allows it): 48 bytes per ANCF element less */
    for (c = 0, classes = 0; c < m->cables.n; c++) classes |= !((alecable_cable *)m->cables.p[c])->lagrangian;
    if (classes) {
        m->dof_class = (int *)ac_calloc(&m->alloc, (size_t)nq, sizeof(int));
        m->partner = (int *)ac_calloc(&m->alloc, (size_t)nq, sizeof(int));
        if (!m->dof_class || !m->partner) return nomem(m);
    }
    m->ework = (double *)ac_calloc(&m->alloc, (size_t)AC_EWORK_ELEMENT, sizeof(double));
    if (needs_zero_q(m) && !(m->zero_q = (double *)ac_calloc(&m->alloc, (size_t)(nq > 0 ? nq : 1), sizeof(double))))
        return nomem(m);
    if (!m->q || !m->v || !m->lam || !m->ework) return nomem(m);

    for (c = 0; c < m->cables.n; c++) {
        alecable_cable *cb = (alecable_cable *)m->cables.p[c];
        for (i = 0; i < cb->n_nodes; i++) {
            alecable_node *n = cb->nodes[i];
            int s = node_sdof(n), a;
            memcpy(m->q + n->dof0, n->q, (size_t)n->nfree * sizeof(double));
            if (!classes) continue;
            for (a = 0; a < n->nfree; a++) {
                m->dof_class[n->dof0 + a] = ALECABLE_PROBLEM_DOF_OTHER;
                m->partner[n->dof0 + a] = -1;
            }
            for (a = 0; a < 3; a++) {
                m->dof_class[n->dof0 + a] = ALECABLE_PROBLEM_DOF_SPATIAL;
                m->partner[n->dof0 + a] = s;
            }
            if (s < 0) { /* Lagrangian: no material partner */
                for (a = 0; a < 3; a++) {
                    m->dof_class[n->dof0 + a] = ALECABLE_PROBLEM_DOF_OTHER;
                    m->partner[n->dof0 + a] = -1;
                }
                continue;
            }
            m->dof_class[s] = ac_node_s_is_free(m, n) ? ALECABLE_PROBLEM_DOF_MATERIAL
                                                      : ALECABLE_PROBLEM_DOF_MATERIAL_FIXED;
            m->partner[s] = -1;
        }
        for (i = 0; i < cb->n_nodes; i++) {
            const alecable_node *n = cb->nodes[i];
            if (n->xdof < 0) continue;
            m->q[n->xdof] = n->rho;
            if (!classes) continue;
            m->dof_class[n->xdof] = ALECABLE_PROBLEM_DOF_OTHER;
            m->partner[n->xdof] = -1;
        }
    }
    for (i = 0; i < m->bodies.n; i++) {
        alecable_body *bd = (alecable_body *)m->bodies.p[i];
        int a;
        memcpy(m->q + bd->node.dof0, bd->node.q, 6 * sizeof(double));
        memcpy(m->v + bd->node.dof0, bd->v0, 6 * sizeof(double)); /* the initial velocities */
        for (a = 0; a < 6 && classes; a++) {
            m->dof_class[bd->node.dof0 + a] = ALECABLE_PROBLEM_DOF_OTHER;
            m->partner[bd->node.dof0 + a] = -1;
        }
    }
    for (i = 0; i < m->constraints.n; i++) {
        alecable_constraint *k = (alecable_constraint *)m->constraints.p[i];
        m->lam[i] = k->lambda;
    }
    for (i = 0; i < m->joints.n; i++) {
        alecable_joint *j = (alecable_joint *)m->joints.p[i];
        memcpy(m->lam + j->row0, j->lambda, (size_t)j->neq * sizeof(double));
    }

    /* pattern: element blocks (they also hold every load coupling), constraint
     * blocks, diagonal */
    if (sp_builder_init(&b, m->n, &m->alloc)) return nomem(m);
    st = 0;
    for (c = 0; c < m->cables.n && !st; c++) {
        alecable_cable *cb = (alecable_cable *)m->cables.p[c];
        for (i = 0; i < cb->n_el && !st; i++) {
            int xd[EL_MAX_DOF + 2];
            st = sp_builder_add_block(&b, ac_split_dofs(cb->el[i], xd), ac_element_block(cb->el[i]));
        }
    }
    for (i = 0; i < m->constraints.n && !st; i++)
        st = con_pattern((alecable_constraint *)m->constraints.p[i], &b, nq);
    if (!st) st = mesh_pattern(m, &b);
    for (i = 0; i < m->bodies.n && !st; i++) st = body_pattern((const alecable_body *)m->bodies.p[i], &b);
    for (i = 0; i < m->joints.n && !st; i++) {
        const alecable_joint *j = (const alecable_joint *)m->joints.p[i];
        st = j->ops->pattern(j, &b, nq);
    }
    for (i = 0; i < m->loads.n && !st; i++) {
        const alecable_load *l = (const alecable_load *)m->loads.p[i];
        if (l->ops->pattern) st = l->ops->pattern(l, &b, nq);
    }
    if (st || sp_builder_finish(&b, &m->pat)) {
        sp_builder_free(&b);
        return nomem(m);
    }

    for (c = 0, left = n_el; c < m->cables.n; c++) {
        alecable_cable *cb = (alecable_cable *)m->cables.p[c];
        for (i = 0; i < cb->n_el; i++, left--) {
            alecable_element *e = cb->el[i];
            int nd = ac_element_block(e), xd[EL_MAX_DOF + 2], full[(EL_MAX_DOF + 2) * (EL_MAX_DOF + 2)];
            size_t bytes;
            sp_block_map(&m->pat, ac_split_dofs(e, xd), nd, full);
            e->runs = e->xdof < 0 && e->par.fixed_s && e->a->nfree == nd / 2 - 1 && e->b->nfree == nd / 2 - 1 &&
                      map_has_runs(full, nd);
            /* the maps in slabs of up to 64 KiB (slab.h), sized for the
             * elements left at this one's size */
            bytes = (size_t)map_ints(nd, e->runs) * sizeof(int);
            e->map = (int *)ac_slab_alloc(&m->alloc, &m->maps, bytes,
                                          (size_t)left * bytes < MAP_SLAB ? (size_t)left * bytes : MAP_SLAB);
            if (!e->map) return nomem(m);
            if (e->runs) runs_of_map(full, nd, e->map);
            else memcpy(e->map, full, (size_t)(nd * nd) * sizeof(int));
        }
    }
    for (i = 0; i < m->constraints.n; i++)
        if (con_maps(m, (alecable_constraint *)m->constraints.p[i], &m->pat, nq))
            return ac_fail(m, ALECABLE_ESTATE, "internal error: constraint entry missing from the pattern");
    if (mesh_maps(m)) return ac_fail(m, ALECABLE_ESTATE, "internal error: mesh-motion entry missing from the pattern");
    for (i = 0; i < m->bodies.n; i++)
        if (body_maps(m, (alecable_body *)m->bodies.p[i], &m->pat))
            return ac_fail(m, ALECABLE_ESTATE, "internal error: body entry missing from the pattern");
    if (point_masses_maps(m, &m->pat)) return ALECABLE_ESTATE;
    for (i = 0; i < m->joints.n; i++)
        if (((alecable_joint *)m->joints.p[i])->ops->maps(m, (alecable_joint *)m->joints.p[i], &m->pat, nq))
            return ac_fail(m, ALECABLE_ESTATE, "internal error: joint entry missing from the pattern");
    for (i = 0; i < m->loads.n; i++) {
        alecable_load *l = (alecable_load *)m->loads.p[i];
        st = l->ops->maps ? l->ops->maps(m, l, &m->pat, nq) : 0;
        if (st == -2) return nomem(m);
        if (st)
            return ac_fail(m, ALECABLE_ESTATE, "internal error: %s load entry missing from the pattern", l->ops->name);
    }
    if (assign_plan(m)) return nomem(m);
    m->dirty = 0;
    return ALECABLE_OK;
}

ALECABLE_API int alecable_model_finalize(alecable_model *m)
{
    int st = ac_check_model(m);
    if (st) return st;
    ac_clear_error(m);
    return ac_finalize(m);
}

ALECABLE_API int alecable_model_sizes(const alecable_model *m, int *nq, int *nlam)
{
    int st = ac_check_model(m);
    if (st) return st;
    if (m->dirty) return ac_fail((alecable_model *)m, ALECABLE_ESTATE, "model changed since finalize: call alecable_model_finalize");
    if (nq) *nq = m->nq;
    if (nlam) *nlam = m->nlam - m->nlam_mesh;
    return ALECABLE_OK;
}
