/* End of a region opened by isa_v3_begin.h. */
#if defined(__clang__)
#pragma clang attribute pop
#else
#pragma GCC pop_options
#endif
