/* Hand-written AVX2 loops for the passes whose sums need 32-bit lanes (gaussian from 11x11, its
 * vertical pass from 7x7, large custom filters). The compiler's own loops (cpu_fast.c) run such a
 * pass two terms at a time, storing the sums between, and widen every byte to 32 bits before one
 * multiply a tap. Here a block of 16 outputs keeps its sums in registers over every term, and
 * 8-bit sources take two taps an instruction: `vpmaddwd` multiplies 16-bit pairs (two terms'
 * sources, interleaved) by a pair of taps and adds each pair into 32 bits. */
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

static void tail_i32_i32(int32_t *acc, const struct vf_term *t, int count, int x, int w, bool first)
{
    for (; x < w; x++) {
        uint32_t sum = first ? 0 : (uint32_t)acc[x];
        for (int k = 0; k < count; k++) {
            const int32_t *a = t[k].a, *b = t[k].b;
            sum += (uint32_t)t[k].tap * ((uint32_t)a[x] + (b ? (uint32_t)b[x] : 0));
        }
        acc[x] = (int32_t)sum;
    }
}

#ifdef VF_HAVE_AVX2_LOOPS
#include <immintrin.h>

#define AVX2 __attribute__((target("avx2")))

bool vf_avx2_available(void)
{
    return __builtin_cpu_supports("avx2");
}

/* A term's 16 sources from column x as 16-bit lanes: a pixel, or two pixels' sum (<= 510). */
AVX2 static inline __m256i source_u8(const struct vf_term *t, int x)
{
    __m256i v = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)((const uint8_t *)t->a + x)));
    if (t->b)
        v = _mm256_add_epi16(
            v, _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)((const uint8_t *)t->b + x))));
    return v;
}

AVX2 void vf_avx2_terms_u8_i32(int32_t *acc, const struct vf_term *t, int count, int w, bool first)
{
    /* taps two by two, as the 16-bit pairs vpmaddwd multiplies: term 2i low, 2i+1 high; an odd
     * last term pairs with itself and a tap of 0 */
    int32_t pairs[(VF_MAX_TERMS + 1) / 2];
    int npairs = (count + 1) / 2;
    for (int i = 0; i < npairs; i++) {
        int32_t high = 2 * i + 1 < count ? t[2 * i + 1].tap : 0;
        pairs[i] = (int32_t)(((uint32_t)t[2 * i].tap & 0xFFFF) | ((uint32_t)high << 16));
    }
    int x = 0;
    for (; x + 16 <= w; x += 16) {
        /* unpacking interleaves within each 128-bit half: `lo` holds outputs 0-3 and 8-11,
         * `hi` 4-7 and 12-15 */
        __m256i lo = _mm256_setzero_si256(), hi = _mm256_setzero_si256();
        for (int i = 0; i < npairs; i++) {
            __m256i s0 = source_u8(&t[2 * i], x);
            __m256i s1 = 2 * i + 1 < count ? source_u8(&t[2 * i + 1], x) : s0;
            __m256i taps = _mm256_set1_epi32(pairs[i]);
            lo = _mm256_add_epi32(lo, _mm256_madd_epi16(_mm256_unpacklo_epi16(s0, s1), taps));
            hi = _mm256_add_epi32(hi, _mm256_madd_epi16(_mm256_unpackhi_epi16(s0, s1), taps));
        }
        __m256i first8 = _mm256_permute2x128_si256(lo, hi, 0x20);
        __m256i last8 = _mm256_permute2x128_si256(lo, hi, 0x31);
        __m256i *out = (__m256i *)(acc + x);
        if (!first) {
            first8 = _mm256_add_epi32(first8, _mm256_loadu_si256(out));
            last8 = _mm256_add_epi32(last8, _mm256_loadu_si256(out + 1));
        }
        _mm256_storeu_si256(out, first8);
        _mm256_storeu_si256(out + 1, last8);
    }
    tail_u8_i32(acc, t, count, x, w, first);
}

AVX2 static inline __m256i source_i32(const struct vf_term *t, int x)
{
    __m256i v = _mm256_loadu_si256((const __m256i *)((const int32_t *)t->a + x));
    if (t->b)
        v = _mm256_add_epi32(v, _mm256_loadu_si256((const __m256i *)((const int32_t *)t->b + x)));
    return v;
}

AVX2 void vf_avx2_terms_i32_i32(int32_t *acc, const struct vf_term *t, int count, int w, bool first)
{
    int x = 0;
    for (; x + 16 <= w; x += 16) {
        __m256i s0 = _mm256_setzero_si256(), s1 = _mm256_setzero_si256();
        for (int k = 0; k < count; k++) {
            __m256i tap = _mm256_set1_epi32(t[k].tap);
            s0 = _mm256_add_epi32(s0, _mm256_mullo_epi32(source_i32(&t[k], x), tap));
            s1 = _mm256_add_epi32(s1, _mm256_mullo_epi32(source_i32(&t[k], x + 8), tap));
        }
        __m256i *out = (__m256i *)(acc + x);
        if (!first) {
            s0 = _mm256_add_epi32(s0, _mm256_loadu_si256(out));
            s1 = _mm256_add_epi32(s1, _mm256_loadu_si256(out + 1));
        }
        _mm256_storeu_si256(out, s0);
        _mm256_storeu_si256(out + 1, s1);
    }
    tail_i32_i32(acc, t, count, x, w, first);
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

void vf_avx2_terms_i32_i32(int32_t *acc, const struct vf_term *t, int count, int w, bool first)
{
    tail_i32_i32(acc, t, count, 0, w, first);
}

#endif
