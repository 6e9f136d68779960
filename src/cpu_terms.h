/* The fast CPU engine's unit of work: a term of a pass, tap * (a[x] + b[x]) over a row, and the
 * hand-written vector loops that add many terms at once (cpu_hand.c). cpu_fast.c builds the
 * terms and picks the loops. */
#ifndef VF_CPU_TERMS_H
#define VF_CPU_TERMS_H

#include <stdbool.h>
#include <stdint.h>

#include "filter.h"

/* A 2-D filter's terms: one a tap at most. */
#define VF_MAX_TERMS VF_MAX_TAPS

/* tap * (a[x] + b[x]), or tap * a[x] where b is NULL. Taps that mirror each other (every
 * symmetric filter: gaussian, box, unsharp, sharpen's rows) share a term, so that one multiply
 * serves two sources. */
struct vf_term {
    int32_t tap;
    const void *a, *b;
};

/* The vectors of the loops below, in bits: AVX2's or AVX-512's (F and BW). */
enum vf_hand_width { VF_HAND_NONE = 0, VF_HAND_256 = 256, VF_HAND_512 = 512 };

/* The widest loops below that were built and this CPU runs; NONE where there are none or they
 * are not the engine's best (AVX-512 CPUs in a build without the 512-bit loops, where the
 * compiler's AVX-512 clones run). The functions below that take a width take one up to this
 * one, not NONE. */
enum vf_hand_width vf_hand_widest(void);

/* The largest |tap| vf_hand_terms_u8_i32 takes: its products are 16-bit by 16-bit. */
#define VF_HAND_U8_MAX_TAP 32767

/* acc[0..w) = (first) or += the sum of every term, 8-bit sources, 32-bit sums. Exact when the
 * final sums fit 32 bits (every operation wraps modulo 2^32). count >= 1. */
void vf_hand_terms_u8_i32(enum vf_hand_width width, int32_t *acc, const struct vf_term *t,
                          int count, int w, bool first);
/* The rows that passes into 32-bit sums read besides 8-bit ones: a separable filter's horizontal
 * sums. */
enum vf_wide_source { VF_WIDE_I32, VF_WIDE_I16, VF_WIDE_U16 };

/* The same with such sources, for several output rows at once (rows <= VF_MAX_ROWS, count[row]
 * <= VF_MAX_SIZE): acc[row] (+)= the sum of t[row][0..count[row]). The rows below one another
 * share most of their sources (a vertical pass), which this reads once a block. 32-bit sources
 * take a `vpmulld` each; 16-bit ones two taps a `vpmaddwd` where every tap fits 16 bits, else a
 * `vpmulld` each on AVX2's vectors whatever the width. */
#define VF_MAX_ROWS 8
void vf_hand_rows_wide(enum vf_hand_width width, int32_t *const *acc,
                       const struct vf_term *const *t, const int *count, int rows, int w,
                       bool first, enum vf_wide_source source);

/* The largest |tap| vf_hand_terms_u8_16 takes: `vpmaddubsw` multiplies 8-bit pixels by 8-bit
 * taps and adds two products in 16 bits with saturation, which 255 x (64 + 64) never reaches. */
#define VF_HAND_NARROW_MAX_TAP 64

/* Passes of 8-bit sources whose sums fit 16 bits (signed or not: every operation wraps modulo
 * 2^16, so the final sums are exact when they fit): acc[0..w) = (first) or += the sum of every
 * term. count >= 1. AVX2's vectors only, where vf_hand_widest() is not NONE. (For 16-bit
 * sources into 16-bit sums the compiler's loops are as fast as any tried by hand.) */
void vf_hand_terms_u8_16(uint16_t *acc, const struct vf_term *t, int count, int w, bool first);

#endif
