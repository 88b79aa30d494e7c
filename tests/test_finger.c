/* (filled in by the finger examples' work) */
#include "suites.h"

Suite *suite_finger(void)
{
    Suite *s = suite_create("finger");
    return s;
}
