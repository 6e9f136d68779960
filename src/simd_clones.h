/* Loops the compiler vectorises, built more than once in one binary on x86-64 and picked at run
 * time: for AVX-512 (x86-64-v4) where the compiler can, for AVX2 (32-bit multiplies need
 * SSE4.1+), and for the baseline; meson.build says which. On the GPU machine's Xeon host the
 * AVX-512 clones took a quarter to a third off the gaussian and sharpen filters (BENCHMARKS.md,
 * "CPU engine against OpenCV"). */
#ifndef VF_SIMD_CLONES_H
#define VF_SIMD_CLONES_H

#if defined(VF_HAVE_TARGET_CLONES) && VF_HAVE_TARGET_CLONES >= 2
#define VF_SIMD_CLONES __attribute__((target_clones("arch=x86-64-v4", "avx2", "default")))
#elif defined(VF_HAVE_TARGET_CLONES)
#define VF_SIMD_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define VF_SIMD_CLONES
#endif

#endif
