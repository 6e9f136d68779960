/* Hand-written AVX2 loops for the fast CPU engine's passes. The compiler's own loops (cpu_fast.c)
 * run a pass two terms at a time, storing the sums between, and widen every pixel before its
 * multiply. Here a block of 32 outputs keeps its sums in registers over every term, and 8-bit
 * sources take two taps an instruction: into 32-bit sums (gaussian from 11x11, large custom
 * filters) `vpmaddwd` multiplies two terms' sources, interleaved as 16-bit pairs, by a pair of
 * taps; into 16-bit sums (gaussian 5x5 and 7x7, sharpen, edge) `vpmaddubsw` does the same with
 * bytes. A vertical pass into 32-bit sums (gaussian from 7x7, unsharp) runs several output rows
 * block by block, so that the rows they share stay in the L1 cache. Where AVX-512 runs, the
 * compiler's clones do as well (vf_avx2_available). */
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

#define AVX2 __attribute__((target("avx2")))

bool vf_avx2_available(void)
{
#if defined(VF_HAVE_TARGET_CLONES) && VF_HAVE_TARGET_CLONES >= 2
    /* Where the compiler's loops run as their AVX-512 (x86-64-v4) clones, these were no faster
     * (gaussian 15 and 31) or slower (gaussian 9, unsharp 15: a quarter to a half) on the GPU
     * machine's Xeon; BENCHMARKS.md, "CPU engine against OpenCV". */
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
        __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq") &&
        __builtin_cpu_supports("avx512cd"))
        return false;
#endif
    return __builtin_cpu_supports("avx2");
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

/* 16 pixels of an 8-bit row from column x, as 16-bit lanes. */
AVX2 static inline __m256i widen(const void *row, int x)
{
    return _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)((const uint8_t *)row + x)));
}

/* The sources of 16 * `halves` outputs from column x: a term's pixel, or its two pixels' sum
 * (<= 510). */
#define U8_SOURCE(term, x, pair)                                                                   \
    ((pair) ? _mm256_add_epi16(widen((term).a, x), widen((term).b, x)) : widen((term).a, x))

/* sums += two terms' taps (16 bits each, packed in `taps`) times their sources s and u: vpmaddwd
 * on the sources interleaved. Unpacking interleaves within each 128-bit half, so sums[2h] holds
 * outputs 0-3 and 8-11 of the h-th 16, sums[2h+1] outputs 4-7 and 12-15. */
AVX2 static inline void add_products(__m256i *sums, const __m256i *s, const __m256i *u,
                                     __m256i taps, int halves)
{
    for (int h = 0; h < halves; h++) {
        sums[2 * h] = _mm256_add_epi32(sums[2 * h],
                                       _mm256_madd_epi16(_mm256_unpacklo_epi16(s[h], u[h]), taps));
        sums[2 * h + 1] = _mm256_add_epi32(
            sums[2 * h + 1], _mm256_madd_epi16(_mm256_unpackhi_epi16(s[h], u[h]), taps));
    }
}

/* One block of 16 * halves outputs at column x; terms two by two, `pairs` of them with two
 * sources first, taps[i] packing the taps of terms 2i and 2i+1. */
AVX2 static inline void u8_block(int32_t *acc, const struct vf_term *t, int count, int pairs,
                                 const int32_t *taps, int x, bool first, int halves)
{
    __m256i sums[4] = {_mm256_setzero_si256(), _mm256_setzero_si256(), _mm256_setzero_si256(),
                       _mm256_setzero_si256()};
    __m256i s[2], u[2];
    int k = 0;
    for (; k + 1 < pairs; k += 2) {
        for (int h = 0; h < halves; h++) {
            s[h] = U8_SOURCE(t[k], x + 16 * h, 1);
            u[h] = U8_SOURCE(t[k + 1], x + 16 * h, 1);
        }
        add_products(sums, s, u, _mm256_set1_epi32(taps[k / 2]), halves);
    }
    for (; k < count; k += 2) {
        /* the one term with two sources left, then those with one; a last odd term pairs with
         * itself, its partner's tap 0 */
        for (int h = 0; h < halves; h++) {
            s[h] = U8_SOURCE(t[k], x + 16 * h, k < pairs);
            u[h] = k + 1 < count ? U8_SOURCE(t[k + 1], x + 16 * h, 0) : s[h];
        }
        add_products(sums, s, u, _mm256_set1_epi32(taps[k / 2]), halves);
    }
    for (int h = 0; h < halves; h++) {
        __m256i *out = (__m256i *)(acc + x + 16 * h);
        __m256i first8 = _mm256_permute2x128_si256(sums[2 * h], sums[2 * h + 1], 0x20);
        __m256i last8 = _mm256_permute2x128_si256(sums[2 * h], sums[2 * h + 1], 0x31);
        if (!first) {
            first8 = _mm256_add_epi32(first8, _mm256_loadu_si256(out));
            last8 = _mm256_add_epi32(last8, _mm256_loadu_si256(out + 1));
        }
        _mm256_storeu_si256(out, first8);
        _mm256_storeu_si256(out + 1, last8);
    }
}

AVX2 void vf_avx2_terms_u8_i32(int32_t *acc, const struct vf_term *t, int count, int w, bool first)
{
    struct vf_term sorted[VF_MAX_TERMS];
    int pairs = pairs_first(t, count, sorted);
    int32_t taps[(VF_MAX_TERMS + 1) / 2];
    for (int k = 0; k < count; k += 2) {
        int32_t high = k + 1 < count ? sorted[k + 1].tap : 0;
        taps[k / 2] = (int32_t)(((uint32_t)sorted[k].tap & 0xFFFF) | ((uint32_t)high << 16));
    }
    int x = 0;
    for (; x + 32 <= w; x += 32)
        u8_block(acc, sorted, count, pairs, taps, x, first, 2);
    if (x + 16 <= w) {
        u8_block(acc, sorted, count, pairs, taps, x, first, 1);
        x += 16;
    }
    tail_u8_i32(acc, sorted, count, x, w, first);
}

/* 8 sources of a row from column x as 32-bit lanes. */
AVX2 static inline __m256i wide_load(const void *row, int x, enum vf_wide_source source)
{
    switch (source) {
    case VF_WIDE_I16:
        return _mm256_cvtepi16_epi32(_mm_loadu_si128((const __m128i *)((const int16_t *)row + x)));
    case VF_WIDE_U16:
        return _mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)((const uint16_t *)row + x)));
    default:
        return _mm256_loadu_si256((const __m256i *)((const int32_t *)row + x));
    }
}

/* 8 * vectors outputs of one row at column x; `pairs` terms with two sources first. */
AVX2 static inline void wide_block(int32_t *acc, const struct vf_term *t, int count, int pairs,
                                   int x, bool first, int vectors, enum vf_wide_source source)
{
    __m256i sums[4] = {_mm256_setzero_si256(), _mm256_setzero_si256(), _mm256_setzero_si256(),
                       _mm256_setzero_si256()};
    for (int k = 0; k < count; k++) {
        __m256i tap = _mm256_set1_epi32(t[k].tap);
        for (int v = 0; v < vectors; v++) {
            __m256i sources = wide_load(t[k].a, x + 8 * v, source);
            if (k < pairs)
                sources = _mm256_add_epi32(sources, wide_load(t[k].b, x + 8 * v, source));
            sums[v] = _mm256_add_epi32(sums[v], _mm256_mullo_epi32(sources, tap));
        }
    }
    for (int v = 0; v < vectors; v++) {
        __m256i *out = (__m256i *)(acc + x + 8 * v);
        if (!first)
            sums[v] = _mm256_add_epi32(sums[v], _mm256_loadu_si256(out));
        _mm256_storeu_si256(out, sums[v]);
    }
}

AVX2 static inline void wide_rows(int32_t *const *acc, struct vf_term (*t)[VF_MAX_SIZE],
                                  const int *count, const int *pairs, int rows, int w, bool first,
                                  enum vf_wide_source source)
{
    int x = 0;
    /* all rows' outputs of a block before the next block: the rows they share are read from
     * memory once and then from the L1 cache */
    for (; x + 32 <= w; x += 32)
        for (int row = 0; row < rows; row++)
            wide_block(acc[row], t[row], count[row], pairs[row], x, first, 4, source);
    for (; x + 8 <= w; x += 8)
        for (int row = 0; row < rows; row++)
            wide_block(acc[row], t[row], count[row], pairs[row], x, first, 1, source);
    for (int row = 0; row < rows; row++)
        tail_wide(acc[row], t[row], count[row], x, w, first, source);
}

AVX2 void vf_avx2_rows_wide(int32_t *const *acc, const struct vf_term *const *t, const int *count,
                            int rows, int w, bool first, enum vf_wide_source source)
{
    struct vf_term sorted[VF_MAX_ROWS][VF_MAX_SIZE];
    int pairs[VF_MAX_ROWS];
    for (int row = 0; row < rows; row++)
        pairs[row] = pairs_first(t[row], count[row], sorted[row]);
    /* one copy of the loops for each kind of source */
    switch (source) {
    case VF_WIDE_I16:
        wide_rows(acc, sorted, count, pairs, rows, w, first, VF_WIDE_I16);
        break;
    case VF_WIDE_U16:
        wide_rows(acc, sorted, count, pairs, rows, w, first, VF_WIDE_U16);
        break;
    default:
        wide_rows(acc, sorted, count, pairs, rows, w, first, VF_WIDE_I32);
    }
}

/* Two sources and their taps as `vpmaddubsw` takes them: a's tap in the low byte, b's in the
 * high one. */
struct byte_pair {
    const uint8_t *a, *b;
    uint16_t taps;
};

static uint16_t byte_taps(int32_t a, int32_t b)
{
    return (uint16_t)((uint8_t)a | (uint16_t)((uint8_t)b << 8));
}

/* A term of two sources is a pair with its tap twice; terms of one source pair up, and a last
 * one pairs with itself and a tap of 0. Returns the number of pairs. */
static int byte_pairs(const struct vf_term *t, int count, struct byte_pair *pairs)
{
    int n = 0;
    const struct vf_term *single = NULL;
    for (int k = 0; k < count; k++) {
        if (t[k].b)
            pairs[n++] = (struct byte_pair){t[k].a, t[k].b, byte_taps(t[k].tap, t[k].tap)};
        else if (single) {
            pairs[n++] = (struct byte_pair){single->a, t[k].a, byte_taps(single->tap, t[k].tap)};
            single = NULL;
        } else
            single = &t[k];
    }
    if (single)
        pairs[n++] = (struct byte_pair){single->a, single->a, byte_taps(single->tap, 0)};
    return n;
}

AVX2 static inline __m256i load32(const void *p)
{
    return _mm256_loadu_si256((const __m256i *)p);
}

/* 32 outputs from column x into out[0..32), added to what is there unless `first`. Unpacking
 * interleaves within each 128-bit half: `lo` holds outputs 0-7 and 16-23, `hi` 8-15 and 24-31. */
AVX2 static inline void u8_16_block(uint16_t *out, const struct byte_pair *p, int n, int x,
                                    bool first)
{
    __m256i lo = _mm256_setzero_si256(), hi = _mm256_setzero_si256();
    for (int i = 0; i < n; i++) {
        __m256i a = load32(p[i].a + x), b = load32(p[i].b + x);
        __m256i taps = _mm256_set1_epi16((short)p[i].taps);
        lo = _mm256_add_epi16(lo, _mm256_maddubs_epi16(_mm256_unpacklo_epi8(a, b), taps));
        hi = _mm256_add_epi16(hi, _mm256_maddubs_epi16(_mm256_unpackhi_epi8(a, b), taps));
    }
    __m256i first16 = _mm256_permute2x128_si256(lo, hi, 0x20);
    __m256i last16 = _mm256_permute2x128_si256(lo, hi, 0x31);
    if (!first) {
        first16 = _mm256_add_epi16(first16, load32(out));
        last16 = _mm256_add_epi16(last16, load32(out + 16));
    }
    _mm256_storeu_si256((__m256i *)out, first16);
    _mm256_storeu_si256((__m256i *)(out + 16), last16);
}

/* The columns from x to w < x + 32 of a row whose sums come 32 at a time: the last 32 columns
 * made into `block` (first), then those not done yet taken from it. */
static void last_columns(uint16_t *acc, const uint16_t *block, int x, int w, bool first)
{
    for (; x < w; x++)
        acc[x] = (uint16_t)((first ? 0 : acc[x]) + block[x - (w - 32)]);
}

AVX2 void vf_avx2_terms_u8_16(uint16_t *acc, const struct vf_term *t, int count, int w, bool first)
{
    struct byte_pair pairs[VF_MAX_TERMS];
    int n = byte_pairs(t, count, pairs), x = 0;
    for (; x + 32 <= w; x += 32)
        u8_16_block(acc + x, pairs, n, x, first);
    if (x < w && w >= 32) {
        uint16_t block[32];
        u8_16_block(block, pairs, n, w - 32, true);
        last_columns(acc, block, x, w, first);
    } else
        tail_u8_16(acc, t, count, x, w, first);
}

#else

bool vf_avx2_available(void)
{
    return false;
}

void vf_avx2_terms_u8_i32(int32_t *acc, const struct vf_term *t, int count, int w, bool first)
{
    tail_u8_i32(acc, t, count, 0, w, first);
}

void vf_avx2_rows_wide(int32_t *const *acc, const struct vf_term *const *t, const int *count,
                       int rows, int w, bool first, enum vf_wide_source source)
{
    for (int row = 0; row < rows; row++)
        tail_wide(acc[row], t[row], count[row], 0, w, first, source);
}

void vf_avx2_terms_u8_16(uint16_t *acc, const struct vf_term *t, int count, int w, bool first)
{
    tail_u8_16(acc, t, count, 0, w, first);
}

#endif
