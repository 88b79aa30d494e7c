/* The threads suite alone (make tsan): ThreadSanitizer needs only it, and
 * compiling every suite under TSan cost make check a minute of its budget. */
#include "suites.h"

#include <stdlib.h>

int main(void)
{
    SRunner *sr = srunner_create(suite_threads());
    int failed;
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
