/* Every Check suite of the one test runner. */
#ifndef ALECABLE_TEST_SUITES_H
#define ALECABLE_TEST_SUITES_H

#include <check.h>

Suite *suite_sparse(void);
Suite *suite_band_kkt(void);
Suite *suite_band_sym(void);
Suite *suite_bodies(void);
Suite *suite_bodies_dynamic(void);
Suite *suite_pulley(void);
Suite *suite_finger(void);
Suite *suite_axial(void);
Suite *suite_axial_inertia(void);
Suite *suite_ancf(void);
Suite *suite_ancf_model(void);
Suite *suite_kirchhoff(void);
Suite *suite_kirchhoff_model(void);
Suite *suite_kirchhoff_kernel(void);
Suite *suite_lagrangian(void);
Suite *suite_field_loads(void);
Suite *suite_seabed(void);
Suite *suite_seabed_dynamics(void);
Suite *suite_model(void);
Suite *suite_model_dynamic(void);
Suite *suite_api(void);
Suite *suite_paper000(void);
Suite *suite_paper001(void);
Suite *suite_quasistatic(void);
Suite *suite_dynamic(void);
Suite *suite_history(void);
Suite *suite_wraps_dynamic(void);
Suite *suite_friction(void);
Suite *suite_rollback(void);
Suite *suite_threads(void);
Suite *suite_bad_calls(void);
Suite *suite_handles(void);
Suite *suite_statics(void);
Suite *suite_clock(void);
Suite *suite_ale_dynamics(void);
Suite *suite_divergence(void);
Suite *suite_energy_balance(void);
Suite *suite_ok_statics(void);
Suite *suite_point_loads(void);
Suite *suite_vtk_xml(void);
Suite *suite_clamp_stretch(void);
Suite *suite_si_paper(void);
Suite *suite_se3(void);
Suite *suite_se3_model(void);
Suite *suite_se3_dynamics(void);
Suite *suite_se3_joints(void);
Suite *suite_se3_greenhill(void);
Suite *suite_sleeve_split(void);
Suite *suite_se3_loads(void);
Suite *suite_se3_wraps(void);
Suite *suite_se3_ale_dynamics(void);
Suite *suite_embedding(void);
Suite *suite_cosim(void);
Suite *suite_sheave(void);
Suite *suite_sheave_friction(void);
Suite *suite_sheave_mesh(void);
Suite *suite_sheave_lift(void);
Suite *suite_sheave_c1(void);
Suite *suite_batch(void);
Suite *suite_isa(void);
Suite *suite_memory(void);
Suite *suite_qs_regularization(void);
Suite *suite_statics_scale(void);
Suite *suite_waves(void);
Suite *suite_segments(void);
Suite *suite_damping(void);
/* the threads suite's case of 8 co-simulation hosts in 8 threads (tests/test_cosim_threads.c) */
TCase *tcase_cosim_threads(void);
/* the threads suite's case of a batch of 3 threads (tests/test_batch.c) */
TCase *tcase_batch_threads(void);

#endif
