/* The one test runner: every suite, Check's summary line at the end.
 *
 * ALECABLE_TEST_SHARD=k/n runs only the suites whose place in the list is
 * k modulo n, so make check can run the slow sanitizer build's suites in n
 * processes at once (one a core); unset, every suite runs. */
#include "suites.h"

#include <stdio.h>
#include <stdlib.h>

static int shard_k = 0, shard_n = 1, place = 0;

/* adds the suite fn makes when it falls in this process's shard */
static void add(SRunner **sr, Suite *(*fn)(void))
{
    if (place++ % shard_n != shard_k) return;
    if (!*sr) *sr = srunner_create(fn());
    else srunner_add_suite(*sr, fn());
}

int main(void)
{
    const char *shard = getenv("ALECABLE_TEST_SHARD");
    SRunner *sr = NULL;
    int failed;
    if (shard && (sscanf(shard, "%d/%d", &shard_k, &shard_n) != 2 || shard_n < 1 || shard_k < 0 || shard_k >= shard_n)) {
        fprintf(stderr, "ALECABLE_TEST_SHARD=%s: give k/n with 0 <= k < n\n", shard);
        return EXIT_FAILURE;
    }
    add(&sr, suite_sparse);
    add(&sr, suite_band_kkt);
    add(&sr, suite_band_sym);
    add(&sr, suite_bodies);
    add(&sr, suite_wraps_dynamic);
    add(&sr, suite_bodies_dynamic);
    add(&sr, suite_friction);
    add(&sr, suite_rollback);
    add(&sr, suite_statics);
    add(&sr, suite_ok_statics);
    add(&sr, suite_point_loads);
    add(&sr, suite_threads);
    add(&sr, suite_bad_calls);
    add(&sr, suite_clock);
    add(&sr, suite_handles);
    add(&sr, suite_pulley);
    add(&sr, suite_finger);
    add(&sr, suite_axial);
    add(&sr, suite_axial_inertia);
    add(&sr, suite_ancf);
    add(&sr, suite_ancf_model);
    add(&sr, suite_kirchhoff);
    add(&sr, suite_kirchhoff_model);
    add(&sr, suite_kirchhoff_kernel);
    add(&sr, suite_lagrangian);
    add(&sr, suite_field_loads);
    add(&sr, suite_seabed);
    add(&sr, suite_slack_start);
    add(&sr, suite_model);
    add(&sr, suite_model_dynamic);
    add(&sr, suite_api);
    add(&sr, suite_quasistatic);
    add(&sr, suite_dynamic);
    add(&sr, suite_history);
    add(&sr, suite_paper000);
    add(&sr, suite_paper001);
    add(&sr, suite_ale_dynamics);
    add(&sr, suite_divergence);
    add(&sr, suite_energy_balance);
    add(&sr, suite_vtk_xml);
    add(&sr, suite_clamp_stretch);
    add(&sr, suite_si_paper);
    add(&sr, suite_se3);
    add(&sr, suite_se3_model);
    add(&sr, suite_se3_joints);
    add(&sr, suite_se3_dynamics);
    add(&sr, suite_se3_greenhill);
    add(&sr, suite_sleeve_split);
    add(&sr, suite_se3_loads);
    add(&sr, suite_se3_wraps);
    add(&sr, suite_se3_ale_dynamics);
    add(&sr, suite_embedding);
    add(&sr, suite_cosim);
    add(&sr, suite_sheave);
    add(&sr, suite_sheave_friction);
    add(&sr, suite_sheave_mesh);
    add(&sr, suite_sheave_lift);
    add(&sr, suite_sheave_c1);
    add(&sr, suite_batch);
    add(&sr, suite_isa);
    add(&sr, suite_memory);
    add(&sr, suite_qs_regularization);
    add(&sr, suite_statics_scale);
    add(&sr, suite_waves);
    add(&sr, suite_segments);
    add(&sr, suite_damping);
    if (!sr) return EXIT_SUCCESS; /* a shard past the last suite */
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
