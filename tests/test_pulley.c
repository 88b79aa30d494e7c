/* (filled in by the pulley examples' work) */
#include "suites.h"

Suite *suite_pulley(void)
{
    Suite *s = suite_create("pulley");
    return s;
}
