/* Bad input, systematically (issue 12): one table of bad calls across the
 * public API.  For each: a negative code (the expected one where the API
 * names it), a message naming the argument (in the model that owns the
 * handle; a NULL model handle has nowhere to put one), and a model that
 * then solves bit for bit as one that never saw the call.
 *
 * Every entry starts from a fresh copy of the same small model: an axial
 * cable pulled along its axis, a fixed body and a second body on a
 * revolute joint with a spring, a load and a constraint; beside it another
 * model whose handles the calls pass by mistake. */
#include "suites.h"

#include <alecable.h>
#include <check.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct fixture {
    alecable_model *m, *o;          /* the model; another one */
    alecable_cable *c, *oc, *oempty;
    alecable_node *n[5], *on;
    alecable_element *e;
    alecable_body *b, *b2, *ob;
    alecable_joint *rev;
    alecable_constraint *k;
    alecable_load *l;
} fixture;

static void build(fixture *f)
{
    alecable_section sec;
    alecable_body_params bp;
    const double a[3] = {0, 0, 0}, z[3] = {0, 0, 1}, F[3] = {100, 0, 0};
    double b[3] = {1, 0, 0};
    int i, d;
    memset(f, 0, sizeof *f);
    ck_assert_int_eq(alecable_model_create(&f->m, NULL), 0);
    ck_assert_int_eq(alecable_model_create(&f->o, NULL), 0);
    alecable_section_init(&sec);
    sec.E = 1e9;
    sec.A = 1e-6;
    ck_assert_int_eq(alecable_cable_create(&f->c, f->m, ALECABLE_ELEMENT_AXIAL, &sec), 0);
    ck_assert_int_eq(alecable_cable_line(f->c, a, b, 0.0, 1.0, 4), 0);
    for (i = 0; i <= 4; i++) {
        ck_assert_int_eq(alecable_cable_node(&f->n[i], f->c, i), 0);
        for (d = ALECABLE_DOF_Y; d <= ALECABLE_DOF_S; d++) ck_assert_int_eq(alecable_fix(NULL, f->m, f->n[i], d), 0);
    }
    ck_assert_int_eq(alecable_fix(&f->k, f->m, f->n[0], ALECABLE_DOF_X), 0);
    ck_assert_int_eq(alecable_load_node(&f->l, f->m, f->n[4], F), 0);
    ck_assert_int_eq(alecable_cable_element(&f->e, f->c, 1), 0);
    alecable_body_params_init(&bp);
    ck_assert_int_eq(alecable_body_create(&f->b, f->m, &bp), 0);
    ck_assert_int_eq(alecable_body_fix(f->m, f->b), 0);
    bp.position[1] = 1.0;
    ck_assert_int_eq(alecable_body_create(&f->b2, f->m, &bp), 0);
    ck_assert_int_eq(alecable_revolute(&f->rev, f->m, f->b, f->b2, bp.position, z, 10.0), 0);
    /* the other model */
    ck_assert_int_eq(alecable_cable_create(&f->oc, f->o, ALECABLE_ELEMENT_AXIAL, &sec), 0);
    ck_assert_int_eq(alecable_cable_line(f->oc, a, b, 0.0, 1.0, 2), 0);
    ck_assert_int_eq(alecable_cable_node(&f->on, f->oc, 1), 0);
    ck_assert_int_eq(alecable_cable_create(&f->oempty, f->o, ALECABLE_ELEMENT_AXIAL, &sec), 0);
    alecable_body_params_init(&bp);
    ck_assert_int_eq(alecable_body_create(&f->ob, f->o, &bp), 0);
    b[0] = 2.0;
    (void)b;
}

static void destroy(fixture *f)
{
    alecable_model_destroy(f->m);
    alecable_model_destroy(f->o);
}

/* the model's equilibrium (two load steps): q and lambda, malloc'd */
static double *solved(alecable_model *m, int *n)
{
    alecable_quasistatic_options o;
    int nq, nl;
    double *x;
    alecable_quasistatic_options_init(&o);
    o.load_steps = 2;
    ck_assert_msg(alecable_solve_quasistatic(m, &o, NULL) == 0, "solve: %s", alecable_model_errmsg(m));
    ck_assert_int_eq(alecable_model_sizes(m, &nq, &nl), 0);
    *n = nq + nl;
    x = (double *)malloc((size_t)*n * sizeof *x);
    ck_assert_ptr_nonnull(x);
    ck_assert_int_eq(alecable_model_get_state(m, x, x + nq, NULL), 0);
    return x;
}

enum { ANY = 1 };      /* any negative code */
enum { IN_M = 0, IN_O = 1, NOWHERE = 2 }; /* where the message goes */

/* Bad call i on f: *code the expected status (ANY: any negative), *arg a
 * word the message must hold, *where whose message.  Returns the status,
 * or 1 past the end of the table. */
static int bad_call(int i, fixture *f, int *code, const char **arg, int *where)
{
    const double nan3[3] = {NAN, 0, 0}, inf3[3] = {0, INFINITY, 0}, v3[3] = {1, 0, 0}, zero3[3] = {0, 0, 0};
    const double big3[3] = {1e308, 1e308, 0};
    alecable_model *mo = NULL;
    alecable_cable *co = NULL;
    alecable_node *no = NULL, *nodes[2];
    alecable_element *eo = NULL;
    alecable_constraint *ko = NULL;
    alecable_load *lo = NULL;
    alecable_body *bo = NULL;
    alecable_joint *jo = NULL;
    alecable_section sec;
    alecable_body_params bp;
    alecable_hydro_params hp;
    alecable_friction_plane_params fpp;
    alecable_pulley_params pp;
    alecable_clamp_params cp;
    alecable_sleeve_params sp;
    alecable_friction_params fp;
    alecable_quasistatic_options qo;
    alecable_dynamic_options dopt;
    alecable_allocator al;
    alecable_contact ct;
    alecable_beam_section_state bs;
    alecable_integrator *it = NULL;
    double x, y[9], ang[2] = {0, 1};
    int k, dofs[2] = {ALECABLE_DOF_X, ALECABLE_DOF_X};
    const double coef_nan[2] = {1, NAN}, coef[2] = {1, -1};
    *code = ANY;
    *arg = NULL;
    *where = IN_M;
    alecable_section_init(&sec);
    sec.E = 1e9;
    sec.A = 1e-6;
    alecable_body_params_init(&bp);
    alecable_hydro_params_init(&hp);
    hp.diameter = 0.01;
    alecable_friction_plane_params_init(&fpp);
    alecable_pulley_params_init(&pp);
    pp.radius = 0.1;
    alecable_clamp_params_init(&cp);
    alecable_sleeve_params_init(&sp);
    alecable_friction_params_init(&fp);
    alecable_quasistatic_options_init(&qo);
    alecable_dynamic_options_init(&dopt);
    alecable_allocator_init(&al);
    alecable_contact_init(&ct);
    alecable_beam_section_state_init(&bs);
    nodes[0] = f->n[1];
    nodes[1] = f->n[2];
#define CASE(n, c, a, w, call)                                                                                       \
    case n:                                                                                                          \
        *code = (c);                                                                                                 \
        *arg = (a);                                                                                                  \
        *where = (w);                                                                                                \
        return (call)
    switch (i) {
        /* the model */
        CASE(0, ALECABLE_ENULL, NULL, NOWHERE, alecable_model_create(NULL, NULL));
        CASE(1, ALECABLE_EINVAL, NULL, NOWHERE, (al.malloc_fn = NULL, alecable_model_create(&mo, &al)));
        CASE(2, ALECABLE_EINVAL, NULL, NOWHERE, (al.struct_size = 0, alecable_model_create(&mo, &al)));
        CASE(3, ALECABLE_ENULL, "g", IN_M, alecable_model_set_gravity(f->m, NULL));
        CASE(4, ALECABLE_EINVAL, "g", IN_M, alecable_model_set_gravity(f->m, nan3));
        CASE(5, ALECABLE_EINVAL, "g", IN_M, alecable_model_set_gravity(f->m, inf3));
        CASE(6, ALECABLE_EINVAL, "on", IN_M, alecable_model_set_load_ramp(f->m, -1));
        CASE(7, ALECABLE_ENULL, NULL, NOWHERE, alecable_model_sizes(NULL, &k, &k));
        CASE(8, ALECABLE_ENULL, NULL, NOWHERE, alecable_model_finalize(NULL));
        CASE(9, ALECABLE_ESTATE, "finalize", IN_M, alecable_model_set_state(f->m, y, NULL, 0.0));
        CASE(10, ALECABLE_ENULL, NULL, NOWHERE, alecable_model_energy(NULL, &x, &x));
        /* cables */
        CASE(11, ALECABLE_ENULL, "out", IN_M, alecable_cable_create(NULL, f->m, ALECABLE_ELEMENT_AXIAL, &sec));
        CASE(12, ALECABLE_EINVAL, "kind", IN_M, alecable_cable_create(&co, f->m, 99, &sec));
        CASE(13, ALECABLE_ENULL, "section", IN_M, alecable_cable_create(&co, f->m, ALECABLE_ELEMENT_AXIAL, NULL));
        CASE(14, ALECABLE_EINVAL, "E", IN_M, (sec.E = -1.0, alecable_cable_create(&co, f->m, 0, &sec)));
        CASE(15, ALECABLE_EINVAL, "A", IN_M, (sec.A = 0.0, alecable_cable_create(&co, f->m, 0, &sec)));
        CASE(16, ALECABLE_EINVAL, "rho", IN_M, (sec.rho = NAN, alecable_cable_create(&co, f->m, 0, &sec)));
        CASE(17, ALECABLE_ENULL, NULL, NOWHERE, alecable_cable_create(&co, NULL, 0, &sec));
        CASE(18, ANY, "length", IN_O, alecable_cable_line(f->oempty, zero3, zero3, 0.0, 1.0, 4));
        CASE(19, ALECABLE_EINVAL, "n_elements", IN_O, alecable_cable_line(f->oempty, zero3, v3, 0.0, 1.0, 0));
        CASE(20, ALECABLE_EINVAL, "s_b", IN_O, alecable_cable_line(f->oempty, zero3, v3, 1.0, 1.0, 2));
        CASE(21, ALECABLE_ENULL, "x", IN_M, alecable_cable_add_node(&no, f->c, NULL, 2.0));
        CASE(22, ALECABLE_EINVAL, "x", IN_M, alecable_cable_add_node(&no, f->c, nan3, 2.0));
        CASE(23, ALECABLE_EINVAL, "s", IN_M, alecable_cable_add_node(&no, f->c, v3, 0.5));
        CASE(24, ALECABLE_ERANGE, "index", IN_M, alecable_cable_node(&no, f->c, 99));
        CASE(25, ALECABLE_ERANGE, "index", IN_M, alecable_cable_node(&no, f->c, -1));
        CASE(26, ALECABLE_ENULL, "out", IN_M, alecable_cable_node(NULL, f->c, 0));
        CASE(27, ALECABLE_ERANGE, "index", IN_M, alecable_cable_element(&eo, f->c, 4));
        CASE(28, ALECABLE_ENULL, NULL, NOWHERE, alecable_cable_counts(NULL, &k, &k));
        CASE(29, ALECABLE_EINVAL, "Kirchhoff", IN_M, alecable_cable_set_natural_shape(f->c, 1, y));
        CASE(30, ALECABLE_EINVAL, "on", IN_M, alecable_cable_set_lagrangian(f->c, 2));
        CASE(31, ALECABLE_EHANDLE, NULL, NOWHERE, alecable_cable_node(&no, (const alecable_cable *)f->n[0], 0));
        /* nodes and elements */
        CASE(32, ALECABLE_ENULL, NULL, NOWHERE, alecable_node_position(NULL, y));
        CASE(33, ALECABLE_ENULL, "x", IN_M, alecable_node_position(f->n[0], NULL));
        CASE(34, ALECABLE_EINVAL, "x", IN_M, alecable_node_set(f->n[1], nan3, 0.25));
        CASE(35, ALECABLE_EINVAL, "s", IN_M, alecable_node_set(f->n[1], v3, NAN));
        CASE(36, ANY, "slope", IN_M, alecable_node_set_slope(f->n[1], v3));
        CASE(37, ANY, "roll", IN_M, alecable_node_set_roll(f->n[1], 0.1));
        CASE(38, ALECABLE_ERANGE, "dof", IN_M, alecable_node_dof_index(f->n[0], 99, &k));
        CASE(39, ALECABLE_ENULL, "index", IN_M, alecable_node_dof_index(f->n[0], ALECABLE_DOF_X, NULL));
        CASE(40, ALECABLE_ENULL, NULL, NOWHERE, alecable_element_strain(NULL, &x));
        CASE(41, ANY, "Kirchhoff", IN_M, alecable_element_section(f->e, 0.5, &bs));
        CASE(42, ALECABLE_ENULL, "force", IN_M, alecable_element_axial_force(f->e, NULL));
        CASE(43, ALECABLE_EHANDLE, NULL, NOWHERE, alecable_element_strain((const alecable_element *)f->c, &x));
        /* constraints */
        CASE(44, ALECABLE_ENULL, "n", IN_M, alecable_fix(&ko, f->m, NULL, ALECABLE_DOF_X));
        CASE(45, ALECABLE_ERANGE, "dof", IN_M, alecable_fix(&ko, f->m, f->n[1], 99));
        CASE(46, ALECABLE_EHANDLE, "another model", IN_M, alecable_fix(&ko, f->m, f->on, ALECABLE_DOF_X));
        CASE(47, ALECABLE_EINVAL, "delta", IN_M, alecable_prescribe(&ko, f->m, f->n[4], ALECABLE_DOF_X, NAN));
        CASE(48, ALECABLE_ENULL, "fn", IN_M, alecable_prescribe_motion(&ko, f->m, f->n[4], ALECABLE_DOF_X, NULL, NULL));
        CASE(49, ALECABLE_EINVAL, "count", IN_M, alecable_linear_constraint(&ko, f->m, 0, nodes, dofs, coef, 0, 0));
        CASE(50, ALECABLE_EINVAL, "coef", IN_M, alecable_linear_constraint(&ko, f->m, 2, nodes, dofs, coef_nan, 0, 0));
        CASE(51, ALECABLE_ENULL, "nodes", IN_M, alecable_linear_constraint(&ko, f->m, 2, NULL, dofs, coef, 0, 0));
        CASE(52, ALECABLE_EINVAL, "rhs", IN_M, alecable_linear_constraint(&ko, f->m, 2, nodes, dofs, coef, INFINITY, 0));
        CASE(53, ALECABLE_ENULL, "lambda", IN_M, alecable_constraint_multiplier(f->k, NULL));
        CASE(54, ALECABLE_EHANDLE, NULL, NOWHERE, alecable_constraint_multiplier((const alecable_constraint *)f->l, &x));
        /* loads */
        CASE(55, ALECABLE_ENULL, "f", IN_M, alecable_load_node(&lo, f->m, f->n[4], NULL));
        CASE(56, ALECABLE_EINVAL, "f", IN_M, alecable_load_node(&lo, f->m, f->n[4], inf3));
        CASE(57, ALECABLE_EHANDLE, "another model", IN_M, alecable_load_node(&lo, f->m, f->on, v3));
        CASE(58, ALECABLE_EINVAL, "s", IN_M, alecable_load_material_point(&lo, f->m, f->c, NAN, v3));
        CASE(59, ALECABLE_ENULL, "b0", IN_M, alecable_load_distributed(&lo, f->m, f->c, NULL));
        CASE(60, ALECABLE_ERANGE, "element", IN_M, alecable_load_distributed_range(&lo, f->m, f->c, 3, 5, v3));
        CASE(61, ALECABLE_ENULL, "params", IN_M, alecable_load_hydro(&lo, f->m, f->c, NULL));
        CASE(62, ALECABLE_EINVAL, "struct_size", IN_M, (hp.struct_size = 0, alecable_load_hydro(&lo, f->m, f->c, &hp)));
        CASE(63, ALECABLE_EINVAL, "C_dn", IN_M, (hp.C_dn = -1.0, alecable_load_hydro(&lo, f->m, f->c, &hp)));
        CASE(64, ALECABLE_EINVAL, "diameter", IN_M, (hp.diameter = 0.0, alecable_load_hydro(&lo, f->m, f->c, &hp)));
        CASE(65, ALECABLE_EINVAL, "struct_size", IN_M,
             (fpp.struct_size = 1, alecable_load_friction_plane(&lo, f->m, f->c, &fpp)));
        CASE(66, ALECABLE_EINVAL, "mu", IN_M, (fpp.mu = -1.0, alecable_load_friction_plane(&lo, f->m, f->c, &fpp)));
        CASE(67, ANY, "Kirchhoff", IN_M, alecable_load_node_moment(&lo, f->m, f->n[4], v3, 0));
        CASE(68, ANY, "Kirchhoff", IN_M, alecable_load_wrench(&lo, f->m, f->c, v3, v3));
        CASE(69, ALECABLE_ENULL, "fn", IN_M, alecable_load_wrench_callback(&lo, f->m, f->c, NULL, NULL));
        CASE(70, ALECABLE_ENULL, "f", IN_M, alecable_load_set(f->l, NULL));
        CASE(71, ALECABLE_EINVAL, "f", IN_M, alecable_load_set(f->l, nan3));
        /* bodies */
        CASE(72, ALECABLE_ENULL, "params", IN_M, alecable_body_create(&bo, f->m, NULL));
        CASE(73, ALECABLE_EINVAL, "struct_size", IN_M, (bp.struct_size = 0, alecable_body_create(&bo, f->m, &bp)));
        CASE(74, ALECABLE_EINVAL, "mass", IN_M, (bp.mass = -1.0, alecable_body_create(&bo, f->m, &bp)));
        CASE(75, ALECABLE_EINVAL, "rotation", IN_M, (bp.rotation[0] = 2.0, alecable_body_create(&bo, f->m, &bp)));
        CASE(76, ALECABLE_EINVAL, "inertia", IN_M, (bp.inertia[1] = 1.0, alecable_body_create(&bo, f->m, &bp)));
        CASE(77, ALECABLE_EINVAL, "position", IN_M, (bp.position[2] = NAN, alecable_body_create(&bo, f->m, &bp)));
        CASE(78, ALECABLE_ENULL, "out", IN_M, alecable_body_node(NULL, f->b));
        CASE(79, ALECABLE_EHANDLE, "another model", IN_M, alecable_body_fix(f->m, f->ob));
        CASE(80, ALECABLE_EINVAL, "f", IN_M, alecable_load_body_force(&lo, f->m, f->b2, zero3, nan3));
        CASE(81, ALECABLE_EHANDLE, "another model", IN_M, alecable_load_body_torque(&lo, f->m, f->ob, v3));
        CASE(82, ALECABLE_EHANDLE, NULL, NOWHERE, alecable_body_pose((const alecable_body *)f->c, y, NULL));
        /* joints */
        CASE(83, ALECABLE_EINVAL, "hold_s", IN_M, alecable_attach(&jo, f->m, f->n[2], f->b2, zero3, 2));
        CASE(84, ALECABLE_EHANDLE, "another model", IN_M, alecable_attach(&jo, f->m, f->n[2], f->ob, zero3, 0));
        CASE(85, ALECABLE_EINVAL, "axis", IN_M, alecable_revolute(&jo, f->m, f->b, f->b2, zero3, zero3, 0.0));
        CASE(86, ALECABLE_EINVAL, "k", IN_M, alecable_revolute(&jo, f->m, f->b, f->b2, zero3, v3, -1.0));
        CASE(87, ANY, "b", IN_M, alecable_revolute(&jo, f->m, f->b2, f->b2, zero3, v3, 0.0));
        CASE(88, ALECABLE_EINVAL, "axis", IN_M, alecable_prismatic(&jo, f->m, f->b, f->b2, zero3, nan3, 0.0));
        CASE(89, ALECABLE_ENULL, "b", IN_M, alecable_spherical(&jo, f->m, f->b, NULL, zero3));
        CASE(90, ALECABLE_EHANDLE, "another model", IN_M, alecable_fixed_joint(&jo, f->m, f->b, f->ob, zero3));
        CASE(91, ALECABLE_EINVAL, "c", IN_M, alecable_joint_set_damping(f->rev, -1.0));
        CASE(92, ALECABLE_EINVAL, "c", IN_M, alecable_joint_set_damping(f->rev, NAN));
        CASE(93, ALECABLE_EINVAL, "prismatic", IN_M, alecable_prismatic_state(f->rev, &x, &x));
        CASE(94, ALECABLE_EINVAL, "radius", IN_M,
             (pp.radius = 0.0, alecable_pulley_wrap(&jo, f->m, f->b, &pp, 2, nodes, ang)));
        CASE(95, ALECABLE_EINVAL, "count", IN_M, alecable_pulley_wrap(&jo, f->m, f->b, &pp, 0, nodes, ang));
        CASE(96, ALECABLE_EINVAL, "wrap", IN_M, alecable_pulley_normal_force(f->rev, 0, &x));
        CASE(97, ALECABLE_EINVAL, "struct_size", IN_M, (cp.struct_size = 0, alecable_clamp(&jo, f->m, f->n[2], &cp)));
        CASE(98, ALECABLE_ENULL, "fn", IN_M, alecable_body_prescribe(&jo, f->m, f->b2, NULL, NULL));
        CASE(99, ALECABLE_EINVAL, "wrap", IN_M, alecable_pulley_friction(&lo, f->m, f->rev, 0.3, 1));
        CASE(100, ALECABLE_ENULL, "wrap", IN_M, alecable_pulley_friction(&lo, f->m, NULL, 0.3, 1));
        CASE(101, ALECABLE_EINVAL, "pressure", IN_M, (sp.pressure = -1.0, alecable_sleeve(&jo, f->m, &sp, 2, nodes)));
        CASE(102, ALECABLE_EINVAL, "augmentation", IN_M,
             (sp.friction.augmentation = 0.0, alecable_sleeve(&jo, f->m, &sp, 2, nodes)));
        CASE(103, ALECABLE_EINVAL, "wrap", IN_M, alecable_wrap_friction(&jo, f->m, f->rev, &fp));
        CASE(104, ALECABLE_EINVAL, "friction", IN_M, alecable_friction_contact(f->rev, 0, &ct));
        CASE(105, ALECABLE_EHANDLE, NULL, NOWHERE, alecable_joint_equations((const alecable_joint *)f->b, &k));
        /* solvers and output */
        CASE(106, ALECABLE_EINVAL, "struct_size", IN_M, (qo.struct_size = 0, alecable_solve_quasistatic(f->m, &qo, NULL)));
        CASE(107, ALECABLE_EINVAL, "load_steps", IN_M, (qo.load_steps = 0, alecable_solve_quasistatic(f->m, &qo, NULL)));
        CASE(108, ALECABLE_EINVAL, "tol_residual", IN_M,
             (qo.tol_residual = -1.0, alecable_solve_quasistatic(f->m, &qo, NULL)));
        CASE(109, ALECABLE_EINVAL, "regularization", IN_M,
             (qo.regularization = 7, alecable_solve_quasistatic(f->m, &qo, NULL)));
        CASE(110, ANY, "solve", IN_M, alecable_report_step(f->m, 5, &k, &k, &k));
        CASE(111, ALECABLE_EINVAL, "h", IN_M, (dopt.h = 0.0, alecable_model_integrator(&it, f->m, &dopt)));
        CASE(112, ALECABLE_EINVAL, "method", IN_M, (dopt.method = 99, alecable_model_integrator(&it, f->m, &dopt)));
        CASE(113, ALECABLE_EINVAL, "struct_size", IN_M, (dopt.struct_size = 3, alecable_model_integrator(&it, f->m, &dopt)));
        CASE(114, ALECABLE_ENULL, "path", IN_M, alecable_write_vtk(f->m, NULL));
        CASE(115, ANY, "/no/such/folder", IN_M, alecable_write_cable_csv(f->c, "/no/such/folder/x.csv"));
        CASE(116, ALECABLE_ENULL, "files", IN_M, alecable_write_pvd(f->m, "x.pvd", 1, NULL, NULL));
        /* issue 20: messages for every ENULL, directions, inertias, holds, sizes */
        CASE(117, ALECABLE_ENULL, "count", IN_M, alecable_joint_equations(f->rev, NULL));
        CASE(118, ALECABLE_ENULL, "lambda", IN_M, alecable_joint_multipliers(f->rev, NULL));
        CASE(119, ALECABLE_ENULL, "NULL", IN_M, alecable_model_alloc_stats(f->m, NULL));
        CASE(120, ALECABLE_EINVAL, "axis", IN_M, alecable_revolute(&jo, f->m, f->b, f->b2, zero3, big3, 0.0));
        CASE(121, ALECABLE_EINVAL, "axis", IN_M, alecable_prismatic(&jo, f->m, f->b, f->b2, zero3, big3, 0.0));
        CASE(122, ALECABLE_EINVAL, "inertia", IN_M,
             (bp.inertia[0] = bp.inertia[4] = 1.0, bp.inertia[8] = 2.5, alecable_body_create(&bo, f->m, &bp)));
        CASE(123, ALECABLE_EINVAL, "constraint", IN_M, alecable_fix(&ko, f->m, f->n[0], ALECABLE_DOF_X));
        CASE(124, ALECABLE_ERANGE, "ALECABLE_DOF_RX", IN_M, alecable_fix(&ko, f->m, f->n[2], ALECABLE_DOF_RX));
        CASE(125, ALECABLE_EINVAL, "n_elements", IN_O, alecable_cable_line(f->oempty, zero3, v3, 0.0, 1.0, INT_MAX));
        CASE(126, ALECABLE_ERANGE, "n_elements", IN_M, alecable_load_distributed_range(&lo, f->m, f->c, 1, INT_MAX, v3));
        CASE(127, ALECABLE_EINVAL, "count", IN_M, alecable_linear_constraint(&ko, f->m, INT_MAX, nodes, dofs, coef, 0, 0));
        CASE(128, ALECABLE_EINVAL, "count", IN_M, alecable_pulley_wrap(&jo, f->m, f->b, &pp, INT_MAX, nodes, ang));
    default:
        return 1;
    }
#undef CASE
}

/* every entry is tried; the failures are listed together */
START_TEST(every_bad_call_is_refused_and_changes_nothing)
{
    fixture ref;
    double *x_ref;
    char report[8192] = "";
    int n_ref, i, n_calls = 0, n_fail = 0;
    build(&ref);
    x_ref = solved(ref.m, &n_ref);
    for (i = 0;; i++) {
        fixture f;
        int code, where, st, n;
        const char *arg, *msg = "";
        char line[512] = "";
        double *x;
        build(&f);
        st = bad_call(i, &f, &code, &arg, &where);
        if (st == 1) {
            destroy(&f);
            break;
        }
        n_calls++;
        if (where != NOWHERE) msg = alecable_model_errmsg(where == IN_M ? f.m : f.o);
        if (st >= 0) snprintf(line, sizeof line, "call %d: status %d, not an error\n", i, st);
        else if (code != ANY && st != code)
            snprintf(line, sizeof line, "call %d: status %d (%s), expected %d\n", i, st, alecable_strerror(st), code);
        else if (where != NOWHERE && !(arg && strstr(msg, arg)))
            snprintf(line, sizeof line, "call %d: the message \"%s\" does not name \"%s\"\n", i, msg, arg ? arg : "?");
        x = solved(f.m, &n);
        if (!line[0] && !(n == n_ref && memcmp(x, x_ref, (size_t)n * sizeof *x) == 0))
            snprintf(line, sizeof line, "call %d: the model no longer solves as before\n", i);
        if (line[0]) {
            n_fail++;
            if (strlen(report) + strlen(line) < sizeof report) strcat(report, line);
        }
        free(x);
        destroy(&f);
    }
    ck_assert_msg(n_fail == 0, "%d of %d bad calls:\n%s", n_fail, n_calls, report);
    ck_assert_int_ge(n_calls, 80);
    free(x_ref);
    destroy(&ref);
}
END_TEST

/* Findings of the API fuzzer (tests/fuzz), each kept as a seed in
 * tests/fuzz/corpus too.  A Kirchhoff cable of one node has no tangent
 * there: finalize hung building the roll charts; it now refuses the model,
 * naming the node.  A slope set to zero is refused when it is set. */
START_TEST(fuzz_findings)
{
    alecable_model *m;
    alecable_cable *c;
    alecable_section sec;
    alecable_beam_params bp;
    alecable_node *n;
    const double x0[3] = {0, 0, 0}, x1[3] = {1, 0, 0}, zero[3] = {0, 0, 0};
    int k;
    for (k = 0; k < 2; k++) {
        ck_assert_int_eq(alecable_model_create(&m, NULL), 0);
        alecable_section_init(&sec);
        sec.E = 1e9;
        sec.A = 1e-4;
        sec.I = 1e-9;
        ck_assert_int_eq(alecable_cable_create(&c, m, ALECABLE_ELEMENT_KIRCHHOFF, &sec), 0);
        alecable_beam_params_init(&bp);
        bp.GJ = 1.0;
        ck_assert_int_eq(alecable_cable_set_beam(c, &bp), 0);
        ck_assert_int_eq(alecable_cable_add_node(&n, c, x0, 0.0), 0);
        if (k == 1) {
            ck_assert_int_eq(alecable_cable_add_node(NULL, c, x1, 1.0), 0);
            ck_assert_int_eq(alecable_node_set_slope(n, zero), ALECABLE_EINVAL);
            ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "d = 0"));
            alecable_model_destroy(m);
            continue;
        }
        ck_assert_int_eq(alecable_fix(NULL, m, n, ALECABLE_DOF_ROLL), 0);
        ck_assert_int_eq(alecable_model_finalize(m), ALECABLE_ESTATE);
        ck_assert_ptr_nonnull(strstr(alecable_model_errmsg(m), "node 0: its slope"));
        alecable_model_destroy(m);
    }
}
END_TEST

Suite *suite_bad_calls(void)
{
    Suite *s = suite_create("bad calls");
    TCase *tc = tcase_create("the whole API");
    tcase_add_test(tc, every_bad_call_is_refused_and_changes_nothing);
    tcase_add_test(tc, fuzz_findings);
    suite_add_tcase(s, tc);
    return s;
}
