/* placeholder, filled below */
#include "suites.h"
Suite *suite_se3_wraps(void)
{
    Suite *s = suite_create("se3_wraps");
    return s;
}
