/* AC_SANITIZED: defined in the sanitizer builds (ASan/UBSan, TSan, the
 * fuzzer).  The kernels' unrolling pragmas and forced inlining are for
 * speed only (the same operations in the same order); instrumented, they
 * made single files take minutes to compile, so these builds compile the
 * same loops plainly. */
#ifndef ALECABLE_CORE_SANITIZER_H
#define ALECABLE_CORE_SANITIZER_H

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define AC_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define AC_SANITIZED 1
#endif
#endif

#endif
