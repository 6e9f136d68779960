/* Hand-written vector loops for the fast CPU engine's passes, for AVX2 (256 bits) and AVX-512
 * (512 bits): cpu_hand_loops.h once for each. The compiler's own loops (cpu_fast.c) run a pass
 * two terms at a time, storing the sums between, and widen every pixel before its multiply. Here
 * a block of 32 outputs (64 with AVX-512) keeps its sums in registers over every term, and 8-bit
 * sources take two taps an instruction: into 32-bit sums (gaussian from 11x11, large custom
 * filters) `vpmaddwd` multiplies two terms' sources, interleaved as 16-bit pairs, by a pair of
 * taps; into 16-bit sums (gaussian 5x5 and 7x7, sharpen, edge) `vpmaddubsw` does the same with
 * bytes. A vertical pass into 32-bit sums (gaussian from 7x7, unsharp) runs several output rows
 * block by block, so that the rows they share stay in the L1 cache; over 16-bit sums (gaussian 7
 * and 9, unsharp) it takes two taps a `vpmaddwd` as well. */
#include "cpu_terms.h"

#include <stddef.h>

/* The columns the vector loops leave, and the whole row where they were not built. */
static void tail_u8_i32(int32_t *acc, const struct vf_term *t, int count, int x, int w, bool first)
{
    for (; x < w; x++) {
        int32_t sum = first ? 0 : acc[x];
        for (int k = 0; k < count; k++) {
            const uint8_t *a = t[k].a, *b = t[k].b;
            /* unsigned: the exact sums wrap as the vector lanes do */
            sum = (int32_t)((uint32_t)sum + (uint32_t)t[k].tap * (uint32_t)(a[x] + (b ? b[x] : 0)));
        }
        acc[x] = sum;
    }
}

static uint32_t wide_source(const void *row, int x, enum vf_wide_source source)
{
    switch (source) {
    case VF_WIDE_I16:
        return (uint32_t)((const int16_t *)row)[x];
    case VF_WIDE_U16:
        return ((const uint16_t *)row)[x];
    default:
        return (uint32_t)((const int32_t *)row)[x];
    }
}

static void tail_wide(int32_t *acc, const struct vf_term *t, int count, int x, int w, bool first,
                      enum vf_wide_source source)
{
    for (; x < w; x++) {
        uint32_t sum = first ? 0 : (uint32_t)acc[x];
        for (int k = 0; k < count; k++)
            sum += (uint32_t)t[k].tap *
                   (wide_source(t[k].a, x, source) + (t[k].b ? wide_source(t[k].b, x, source) : 0));
        acc[x] = (int32_t)sum;
    }
}

static void tail_u8_16(uint16_t *acc, const struct vf_term *t, int count, int x, int w, bool first)
{
    for (; x < w; x++) {
        uint32_t sum = first ? 0 : acc[x];
        for (int k = 0; k < count; k++) {
            const uint8_t *a = t[k].a, *b = t[k].b;
            sum += (uint32_t)t[k].tap * (uint32_t)(a[x] + (b ? b[x] : 0));
        }
        acc[x] = (uint16_t)sum;
    }
}

#ifdef VF_HAVE_AVX2_LOOPS
#include <immintrin.h>

static bool cpu_has_avx512(void)
{
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw");
}

enum vf_hand_width vf_hand_widest(void)
{
    if (cpu_has_avx512()) {
#ifdef VF_HAVE_AVX512_LOOPS
        return VF_HAND_512;
#elif defined(VF_HAVE_TARGET_CLONES) && VF_HAVE_TARGET_CLONES >= 2
        /* Where the compiler's loops run as their AVX-512 (x86-64-v4) clones, the AVX2 loops
         * were no faster (gaussian 15 and 31) or slower (gaussian 9, unsharp 15: a quarter to a
         * half) on the GPU machine's Xeon; BENCHMARKS.md, "CPU engine against OpenCV". */
        return VF_HAND_NONE;
#endif
    }
    return __builtin_cpu_supports("avx2") ? VF_HAND_256 : VF_HAND_NONE;
}

/* The terms with two sources, then those with one, so that the loops need not test b. Returns
 * how many have two. */
static int pairs_first(const struct vf_term *t, int count, struct vf_term *sorted)
{
    int pairs = 0, n = 0;
    for (int k = 0; k < count; k++)
        pairs += t[k].b != NULL;
    for (int k = 0; k < count; k++)
        sorted[t[k].b ? n++ : pairs + k - n] = t[k];
    return pairs;
}

/* Two sources and their taps as one `vpmaddubsw` (8-bit taps) or `vpmaddwd` (16-bit taps) takes
 * them: a's tap in the low byte or half, b's in the high one. */
struct source_pair {
    const void *a, *b;
    int32_t taps;
};

static int32_t pack_taps(int32_t a, int32_t b, int bits)
{
    uint32_t mask = (1u << bits) - 1;
    return (int32_t)(((uint32_t)a & mask) | (((uint32_t)b & mask) << bits));
}

/* A term of two sources is a pair with its tap twice; terms of one source pair up, and a last
 * one pairs with itself and a tap of 0. Taps of `bits` bits. Returns the number of pairs. */
static int pair_terms(const struct vf_term *t, int count, int bits, struct source_pair *pairs)
{
    int n = 0;
    const struct vf_term *single = NULL;
    for (int k = 0; k < count; k++) {
        if (t[k].b)
            pairs[n++] = (struct source_pair){t[k].a, t[k].b, pack_taps(t[k].tap, t[k].tap, bits)};
        else if (single) {
            pairs[n++] =
                (struct source_pair){single->a, t[k].a, pack_taps(single->tap, t[k].tap, bits)};
            single = NULL;
        } else
            single = &t[k];
    }
    if (single)
        pairs[n++] = (struct source_pair){single->a, single->a, pack_taps(single->tap, 0, bits)};
    return n;
}

/* What 16-bit sources read 32768 less (their top bit flipped) take from the terms' sum, to be
 * given back: 32768 times every source's tap, modulo 2^32 as the sums are. */
static int32_t flipped_bias(const struct vf_term *t, int count)
{
    uint32_t taps = 0;
    for (int k = 0; k < count; k++)
        taps += (uint32_t)t[k].tap * (t[k].b ? 2u : 1u);
    return (int32_t)(taps * 32768u);
}

/* The columns from x to w < x + size of a row whose sums come `size` at a time: the last `size`
 * columns made into `block` (first), then those not done yet taken from it. */
static void last_columns(uint16_t *acc, const uint16_t *block, int x, int w, int size, bool first)
{
    for (; x < w; x++)
        acc[x] = (uint16_t)((first ? 0 : acc[x]) + block[x - (w - size)]);
}

#define HAND_NAME(name, width)  name##_##width
#define HAND_NAMED(name, width) HAND_NAME(name, width)

/* AVX2: 256 bits */
#define LOOPS         __attribute__((target("avx2")))
#define VEC           __m256i
#define V_BYTES       32
#define HAND(name)    HAND_NAMED(name, 256)
#define V_ZERO()      _mm256_setzero_si256()
#define V_SET1_32(v)  _mm256_set1_epi32(v)
#define V_SET1_16(v)  _mm256_set1_epi16(v)
#define V_LOAD(p)     _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define V_STORE(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), v)
#define V_ADD32       _mm256_add_epi32
#define V_ADD16       _mm256_add_epi16
#define V_MULLO32     _mm256_mullo_epi32
#define V_MADD16      _mm256_madd_epi16
#define V_MADDUBS     _mm256_maddubs_epi16
#define V_UNPACKLO8   _mm256_unpacklo_epi8
#define V_UNPACKHI8   _mm256_unpackhi_epi8
#define V_UNPACKLO16  _mm256_unpacklo_epi16
#define V_UNPACKHI16  _mm256_unpackhi_epi16
#define V_XOR         _mm256_xor_si256
#define V_WIDEN_U8(row, x)                                                                         \
    _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)((const uint8_t *)(row) + (x))))
#define V_WIDEN_I16(row, x)                                                                        \
    _mm256_cvtepi16_epi32(_mm_loadu_si128((const __m128i *)((const int16_t *)(row) + (x))))
#define V_WIDEN_U16(row, x)                                                                        \
    _mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)((const uint16_t *)(row) + (x))))
/* lo holds the first and third quarters of the outputs, hi the second and fourth */
#define V_ORDER(lo, hi, part) _mm256_permute2x128_si256(lo, hi, (part) ? 0x31 : 0x20)
#include "cpu_hand_loops.h"

#ifdef VF_HAVE_AVX512_LOOPS
/* AVX-512 (F and BW): 512 bits */
#define LOOPS         __attribute__((target("avx512f,avx512bw")))
#define VEC           __m512i
#define V_BYTES       64
#define HAND(name)    HAND_NAMED(name, 512)
#define V_ZERO()      _mm512_setzero_si512()
#define V_SET1_32(v)  _mm512_set1_epi32(v)
#define V_SET1_16(v)  _mm512_set1_epi16(v)
#define V_LOAD(p)     _mm512_loadu_si512((const void *)(p))
#define V_STORE(p, v) _mm512_storeu_si512((void *)(p), v)
#define V_ADD32       _mm512_add_epi32
#define V_ADD16       _mm512_add_epi16
#define V_MULLO32     _mm512_mullo_epi32
#define V_MADD16      _mm512_madd_epi16
#define V_UNPACKLO16  _mm512_unpacklo_epi16
#define V_UNPACKHI16  _mm512_unpackhi_epi16
#define V_XOR         _mm512_xor_si512
#define V_WIDEN_U8(row, x)                                                                         \
    _mm512_cvtepu8_epi16(_mm256_loadu_si256((const __m256i *)((const uint8_t *)(row) + (x))))
/* the 128-bit parts of lo and hi alternate in column order: lo0 hi0 lo1 hi1, then lo2 hi2 lo3 hi3
 * (in 64-bit indices; 8 and up name hi's) */
#define V_ORDER(lo, hi, part)                                                                      \
    _mm512_permutex2var_epi64(lo,                                                                  \
                              (part) ? _mm512_set_epi64(15, 14, 7, 6, 13, 12, 5, 4)                \
                                     : _mm512_set_epi64(11, 10, 3, 2, 9, 8, 1, 0),                 \
                              hi)
#include "cpu_hand_loops.h"
#endif

void vf_hand_terms_u8_i32(enum vf_hand_width width, int32_t *acc, const struct vf_term *t,
                          int count, int w, bool first)
{
    struct vf_term sorted[VF_MAX_TERMS];
    int pairs = pairs_first(t, count, sorted);
    int32_t taps[(VF_MAX_TERMS + 1) / 2];
    for (int k = 0; k < count; k += 2) {
        taps[k / 2] = pack_taps(sorted[k].tap, k + 1 < count ? sorted[k + 1].tap : 0, 16);
    }
#ifdef VF_HAVE_AVX512_LOOPS
    if (width == VF_HAND_512) {
        terms_u8_i32_512(acc, sorted, count, pairs, taps, w, first);
        return;
    }
#endif
    (void)width;
    terms_u8_i32_256(acc, sorted, count, pairs, taps, w, first);
}

/* Whether every tap of these rows lies within +-max. */
static bool taps_fit(const struct vf_term *const *t, const int *count, int rows, int32_t max)
{
    for (int row = 0; row < rows; row++)
        for (int k = 0; k < count[row]; k++)
            if (t[row][k].tap < -max || t[row][k].tap > max)
                return false;
    return true;
}

void vf_hand_rows_wide(enum vf_hand_width width, int32_t *const *acc,
                       const struct vf_term *const *t, const int *count, int rows, int w,
                       bool first, enum vf_wide_source source)
{
    if (source != VF_WIDE_I32 && taps_fit(t, count, rows, VF_HAND_U8_MAX_TAP)) {
        /* 16-bit sources, two a vpmaddwd */
        struct source_pair words[VF_MAX_ROWS][VF_MAX_SIZE];
        int n[VF_MAX_ROWS];
        int32_t bias[VF_MAX_ROWS];
        for (int row = 0; row < rows; row++) {
            n[row] = pair_terms(t[row], count[row], 16, words[row]);
            bias[row] = source == VF_WIDE_U16 ? flipped_bias(t[row], count[row]) : 0;
        }
#ifdef VF_HAVE_AVX512_LOOPS
        if (width == VF_HAND_512) {
            word_rows_512(acc, words, n, bias, t, count, rows, w, first, source == VF_WIDE_U16);
            return;
        }
#endif
        word_rows_256(acc, words, n, bias, t, count, rows, w, first, source == VF_WIDE_U16);
        return;
    }
    struct vf_term sorted[VF_MAX_ROWS][VF_MAX_SIZE];
    int pairs[VF_MAX_ROWS];
    for (int row = 0; row < rows; row++)
        pairs[row] = pairs_first(t[row], count[row], sorted[row]);
    /* one copy of the loops for each kind of source; at 512 bits, 32-bit sources only
     * (hand_takes in cpu_fast.c) */
    switch (source) {
    case VF_WIDE_I16:
        wide_rows_256(acc, sorted, count, pairs, rows, w, first, VF_WIDE_I16);
        break;
    case VF_WIDE_U16:
        wide_rows_256(acc, sorted, count, pairs, rows, w, first, VF_WIDE_U16);
        break;
    default:
#ifdef VF_HAVE_AVX512_LOOPS
        if (width == VF_HAND_512) {
            wide_rows_512(acc, sorted, count, pairs, rows, w, first, VF_WIDE_I32);
            break;
        }
#endif
        wide_rows_256(acc, sorted, count, pairs, rows, w, first, VF_WIDE_I32);
    }
    (void)width;
}

void vf_hand_terms_u8_16(uint16_t *acc, const struct vf_term *t, int count, int w, bool first)
{
    struct source_pair pairs[VF_MAX_TERMS];
    int n = pair_terms(t, count, 8, pairs);
    terms_u8_16_256(acc, t, count, pairs, n, w, first);
}

#else

enum vf_hand_width vf_hand_widest(void)
{
    return VF_HAND_NONE;
}

void vf_hand_terms_u8_i32(enum vf_hand_width width, int32_t *acc, const struct vf_term *t,
                          int count, int w, bool first)
{
    (void)width;
    tail_u8_i32(acc, t, count, 0, w, first);
}

void vf_hand_rows_wide(enum vf_hand_width width, int32_t *const *acc,
                       const struct vf_term *const *t, const int *count, int rows, int w,
                       bool first, enum vf_wide_source source)
{
    (void)width;
    for (int row = 0; row < rows; row++)
        tail_wide(acc[row], t[row], count[row], 0, w, first, source);
}

void vf_hand_terms_u8_16(uint16_t *acc, const struct vf_term *t, int count, int w, bool first)
{
    tail_u8_16(acc, t, count, 0, w, first);
}

#endif
