/* The one test runner: every suite, Check's summary line at the end. */
#include "suites.h"

#include <stdlib.h>

int main(void)
{
    SRunner *sr = srunner_create(suite_sparse());
    srunner_add_suite(sr, suite_band_kkt());
    srunner_add_suite(sr, suite_bodies());
    srunner_add_suite(sr, suite_bodies_dynamic());
    srunner_add_suite(sr, suite_wraps_dynamic());
    srunner_add_suite(sr, suite_friction());
    srunner_add_suite(sr, suite_rollback());
    srunner_add_suite(sr, suite_statics());
    srunner_add_suite(sr, suite_ok_statics());
    srunner_add_suite(sr, suite_point_loads());
    srunner_add_suite(sr, suite_threads());
    srunner_add_suite(sr, suite_bad_calls());
    srunner_add_suite(sr, suite_clock());
    srunner_add_suite(sr, suite_handles());
    srunner_add_suite(sr, suite_pulley());
    srunner_add_suite(sr, suite_finger());
    int failed;
    srunner_add_suite(sr, suite_axial());
    srunner_add_suite(sr, suite_axial_inertia());
    srunner_add_suite(sr, suite_ancf());
    srunner_add_suite(sr, suite_ancf_model());
    srunner_add_suite(sr, suite_kirchhoff());
    srunner_add_suite(sr, suite_kirchhoff_model());
    srunner_add_suite(sr, suite_lagrangian());
    srunner_add_suite(sr, suite_field_loads());
    srunner_add_suite(sr, suite_model());
    srunner_add_suite(sr, suite_model_dynamic());
    srunner_add_suite(sr, suite_api());
    srunner_add_suite(sr, suite_quasistatic());
    srunner_add_suite(sr, suite_dynamic());
    srunner_add_suite(sr, suite_history());
    srunner_add_suite(sr, suite_paper000());
    srunner_add_suite(sr, suite_paper001());
    srunner_add_suite(sr, suite_ale_dynamics());
    srunner_add_suite(sr, suite_divergence());
    srunner_add_suite(sr, suite_energy_balance());
    srunner_add_suite(sr, suite_vtk_xml());
    srunner_add_suite(sr, suite_clamp_stretch());
    srunner_add_suite(sr, suite_si_paper());
    srunner_add_suite(sr, suite_se3());
    srunner_add_suite(sr, suite_se3_model());
    srunner_add_suite(sr, suite_se3_dynamics());
    srunner_add_suite(sr, suite_se3_joints());
    srunner_add_suite(sr, suite_se3_greenhill());
    srunner_add_suite(sr, suite_sleeve_split());
    srunner_add_suite(sr, suite_se3_loads());
    srunner_add_suite(sr, suite_se3_wraps());
    srunner_add_suite(sr, suite_se3_ale_dynamics());
    srunner_add_suite(sr, suite_embedding());
    srunner_add_suite(sr, suite_cosim());
    srunner_add_suite(sr, suite_sheave());
    srunner_add_suite(sr, suite_sheave_friction());
    srunner_add_suite(sr, suite_sheave_mesh());
    srunner_add_suite(sr, suite_sheave_lift());
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
