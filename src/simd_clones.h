/* Loops the compiler vectorises, built twice in one binary on x86-64: with AVX2 for the CPUs
 * that have it, and for the baseline (32-bit multiplies need SSE4.1+). */
#ifndef VF_SIMD_CLONES_H
#define VF_SIMD_CLONES_H

#if defined(VF_HAVE_TARGET_CLONES)
#define VF_SIMD_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define VF_SIMD_CLONES
#endif

#endif
