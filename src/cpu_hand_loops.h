/* The hand-written loops of cpu_hand.c, once for each vector width: that file defines the
 * vector type and operations below and includes this file once for AVX2 (256 bits) and once
 * for AVX-512 (512 bits). The operations act within each 128-bit part of a vector, as both
 * instruction sets do, except V_ORDER, which puts the outputs of two unpacked vectors back in
 * column order.
 *
 * Expected: LOOPS (the target attribute), VEC, V_BYTES, HAND(name) (the width's name for a
 * function), V_ZERO, V_SET1_32, V_SET1_16, V_LOAD, V_STORE, V_ADD32, V_ADD16, V_MULLO32,
 * V_MADD16, V_UNPACKLO16, V_UNPACKHI16, V_XOR, V_WIDEN_U8 (V_BYTES / 2 bytes into 16-bit lanes),
 * V_ORDER(lo, hi, part); and for AVX2's loops alone (V_BYTES 32), which also take 16-bit
 * sources and make 16-bit sums, V_MADDUBS, V_UNPACKLO8, V_UNPACKHI8, V_WIDEN_I16 and V_WIDEN_U16
 * (V_BYTES / 4 16-bit lanes into 32-bit ones). This file undefines them at its end. */

/* Outputs of one unpacked half: a vector of bytes widened to 16-bit lanes. */
#define HALF_OUTPUTS (V_BYTES / 2)

/* The sources of HALF_OUTPUTS outputs from column x: a term's pixel, or its two pixels' sum
 * (<= 510). */
#define HAND_U8_SOURCE(term, x, pair)                                                              \
    ((pair) ? V_ADD16(V_WIDEN_U8((term).a, x), V_WIDEN_U8((term).b, x)) : V_WIDEN_U8((term).a, x))

/* sums += two terms' taps (16 bits each, packed in `taps`) times their sources s and u: vpmaddwd
 * on the sources interleaved. Unpacking interleaves within each 128-bit part, so sums[2h] and
 * sums[2h+1] hold the h-th half's outputs in the order V_ORDER undoes. */
LOOPS static inline void HAND(add_products)(VEC *sums, const VEC *s, const VEC *u, VEC taps,
                                            int halves)
{
    for (int h = 0; h < halves; h++) {
        sums[2 * h] = V_ADD32(sums[2 * h], V_MADD16(V_UNPACKLO16(s[h], u[h]), taps));
        sums[2 * h + 1] = V_ADD32(sums[2 * h + 1], V_MADD16(V_UNPACKHI16(s[h], u[h]), taps));
    }
}

/* The outputs of one half at `out` from its two unpacked sums plus `lift` (the same in every
 * lane), in column order, stored (first) or added to what is there. */
LOOPS static inline void HAND(store_half)(int32_t *out, VEC lo, VEC hi, VEC lift, bool first)
{
    VEC before = V_ADD32(V_ORDER(lo, hi, 0), lift), after = V_ADD32(V_ORDER(lo, hi, 1), lift);
    if (!first) {
        before = V_ADD32(before, V_LOAD(out));
        after = V_ADD32(after, V_LOAD(out + V_BYTES / 4));
    }
    V_STORE(out, before);
    V_STORE(out + V_BYTES / 4, after);
}

/* One block of HALF_OUTPUTS * halves outputs at column x; terms two by two, `pairs` of them with
 * two sources first, taps[i] packing the taps of terms 2i and 2i+1. */
LOOPS static inline void HAND(u8_block)(int32_t *acc, const struct vf_term *t, int count, int pairs,
                                        const int32_t *taps, int x, bool first, int halves)
{
    VEC sums[4] = {V_ZERO(), V_ZERO(), V_ZERO(), V_ZERO()};
    VEC s[2], u[2];
    int k = 0;
    for (; k + 1 < pairs; k += 2) {
        for (int h = 0; h < halves; h++) {
            s[h] = HAND_U8_SOURCE(t[k], x + HALF_OUTPUTS * h, 1);
            u[h] = HAND_U8_SOURCE(t[k + 1], x + HALF_OUTPUTS * h, 1);
        }
        HAND(add_products)(sums, s, u, V_SET1_32(taps[k / 2]), halves);
    }
    for (; k < count; k += 2) {
        /* the one term with two sources left, then those with one; a last odd term pairs with
         * itself, its partner's tap 0 */
        for (int h = 0; h < halves; h++) {
            s[h] = HAND_U8_SOURCE(t[k], x + HALF_OUTPUTS * h, k < pairs);
            u[h] = k + 1 < count ? HAND_U8_SOURCE(t[k + 1], x + HALF_OUTPUTS * h, 0) : s[h];
        }
        HAND(add_products)(sums, s, u, V_SET1_32(taps[k / 2]), halves);
    }
    for (int h = 0; h < halves; h++)
        HAND(store_half)(acc + x + HALF_OUTPUTS * h, sums[2 * h], sums[2 * h + 1], V_ZERO(), first);
}

LOOPS static void HAND(terms_u8_i32)(int32_t *acc, const struct vf_term *sorted, int count,
                                     int pairs, const int32_t *taps, int w, bool first)
{
    int x = 0;
    for (; x + 2 * HALF_OUTPUTS <= w; x += 2 * HALF_OUTPUTS)
        HAND(u8_block)(acc, sorted, count, pairs, taps, x, first, 2);
    if (x + HALF_OUTPUTS <= w) {
        HAND(u8_block)(acc, sorted, count, pairs, taps, x, first, 1);
        x += HALF_OUTPUTS;
    }
    tail_u8_i32(acc, sorted, count, x, w, first);
}

/* V_BYTES / 4 sources of a row from column x as 32-bit lanes. */
LOOPS static inline VEC HAND(wide_load)(const void *row, int x, enum vf_wide_source source)
{
#if V_BYTES == 32 /* 16-bit sources on AVX2's vectors only (vf_hand_rows_wide) */
    if (source == VF_WIDE_I16)
        return V_WIDEN_I16(row, x);
    if (source == VF_WIDE_U16)
        return V_WIDEN_U16(row, x);
#else
    (void)source;
#endif
    return V_LOAD((const int32_t *)row + x);
}

/* V_BYTES / 4 * vectors outputs of one row at column x; `pairs` terms with two sources first. */
LOOPS static inline void HAND(wide_block)(int32_t *acc, const struct vf_term *t, int count,
                                          int pairs, int x, bool first, int vectors,
                                          enum vf_wide_source source)
{
    VEC sums[4] = {V_ZERO(), V_ZERO(), V_ZERO(), V_ZERO()};
    for (int k = 0; k < count; k++) {
        VEC tap = V_SET1_32(t[k].tap);
        for (int v = 0; v < vectors; v++) {
            VEC sources = HAND(wide_load)(t[k].a, x + V_BYTES / 4 * v, source);
            if (k < pairs)
                sources = V_ADD32(sources, HAND(wide_load)(t[k].b, x + V_BYTES / 4 * v, source));
            sums[v] = V_ADD32(sums[v], V_MULLO32(sources, tap));
        }
    }
    for (int v = 0; v < vectors; v++) {
        int32_t *out = acc + x + V_BYTES / 4 * v;
        if (!first)
            sums[v] = V_ADD32(sums[v], V_LOAD(out));
        V_STORE(out, sums[v]);
    }
}

LOOPS static inline void HAND(wide_rows)(int32_t *const *acc, struct vf_term (*t)[VF_MAX_SIZE],
                                         const int *count, const int *pairs, int rows, int w,
                                         bool first, enum vf_wide_source source)
{
    int x = 0;
    /* all rows' outputs of a block before the next block: the rows they share are read from
     * memory once and then from the L1 cache */
    for (; x + V_BYTES <= w; x += V_BYTES)
        for (int row = 0; row < rows; row++)
            HAND(wide_block)(acc[row], t[row], count[row], pairs[row], x, first, 4, source);
    for (; x + V_BYTES / 4 <= w; x += V_BYTES / 4)
        for (int row = 0; row < rows; row++)
            HAND(wide_block)(acc[row], t[row], count[row], pairs[row], x, first, 1, source);
    for (int row = 0; row < rows; row++)
        tail_wide(acc[row], t[row], count[row], x, w, first, source);
}

/* HALF_OUTPUTS * halves outputs of one row at column x from 16-bit sources (a vertical pass over
 * 16-bit sums), two sources a `vpmaddwd`: a mirrored pair's with its tap twice, or two terms'.
 * Unsigned sources are read 32768 less (their top bit flipped), which `bias` gives back. */
LOOPS static inline void HAND(word_block)(int32_t *acc, const struct source_pair *p, int n,
                                          int32_t bias, int x, bool first, int halves, bool flip)
{
    VEC sums[4] = {V_ZERO(), V_ZERO(), V_ZERO(), V_ZERO()};
    const VEC top = V_SET1_16((short)0x8000);
    for (int i = 0; i < n; i++) {
        VEC taps = V_SET1_32(p[i].taps);
        for (int h = 0; h < halves; h++) {
            VEC a = V_LOAD((const int16_t *)p[i].a + x + HALF_OUTPUTS * h);
            VEC b = V_LOAD((const int16_t *)p[i].b + x + HALF_OUTPUTS * h);
            if (flip) {
                a = V_XOR(a, top);
                b = V_XOR(b, top);
            }
            HAND(add_products)(sums + 2 * h, &a, &b, taps, 1);
        }
    }
    const VEC lift = V_SET1_32(bias);
    for (int h = 0; h < halves; h++)
        HAND(store_half)(acc + x + HALF_OUTPUTS * h, sums[2 * h], sums[2 * h + 1], lift, first);
}

/* Several rows' word_block outputs, block by block as wide_rows does. */
LOOPS static void HAND(word_rows)(int32_t *const *acc, struct source_pair (*p)[VF_MAX_SIZE],
                                  const int *n, const int32_t *bias, const struct vf_term *const *t,
                                  const int *count, int rows, int w, bool first, bool flip)
{
    int x = 0;
    for (; x + 2 * HALF_OUTPUTS <= w; x += 2 * HALF_OUTPUTS)
        for (int row = 0; row < rows; row++)
            HAND(word_block)(acc[row], p[row], n[row], bias[row], x, first, 2, flip);
    if (x + HALF_OUTPUTS <= w) {
        for (int row = 0; row < rows; row++)
            HAND(word_block)(acc[row], p[row], n[row], bias[row], x, first, 1, flip);
        x += HALF_OUTPUTS;
    }
    for (int row = 0; row < rows; row++)
        tail_wide(acc[row], t[row], count[row], x, w, first, flip ? VF_WIDE_U16 : VF_WIDE_I16);
}

#if V_BYTES == 32 /* 16-bit sums on AVX2's vectors only: hand_takes in cpu_fast.c says why */
/* V_BYTES outputs from column x into out[0..V_BYTES), added to what is there unless `first`.
 * Unpacking interleaves within each 128-bit part; V_ORDER puts the outputs back in order. */
LOOPS static inline void HAND(u8_16_block)(uint16_t *out, const struct source_pair *p, int n, int x,
                                           bool first)
{
    VEC lo = V_ZERO(), hi = V_ZERO();
    for (int i = 0; i < n; i++) {
        VEC a = V_LOAD((const uint8_t *)p[i].a + x), b = V_LOAD((const uint8_t *)p[i].b + x);
        VEC taps = V_SET1_16((short)p[i].taps);
        lo = V_ADD16(lo, V_MADDUBS(V_UNPACKLO8(a, b), taps));
        hi = V_ADD16(hi, V_MADDUBS(V_UNPACKHI8(a, b), taps));
    }
    VEC before = V_ORDER(lo, hi, 0), after = V_ORDER(lo, hi, 1);
    if (!first) {
        before = V_ADD16(before, V_LOAD(out));
        after = V_ADD16(after, V_LOAD(out + V_BYTES / 2));
    }
    V_STORE(out, before);
    V_STORE(out + V_BYTES / 2, after);
}

LOOPS static void HAND(terms_u8_16)(uint16_t *acc, const struct vf_term *t, int count,
                                    const struct source_pair *pairs, int n, int w, bool first)
{
    int x = 0;
    for (; x + V_BYTES <= w; x += V_BYTES)
        HAND(u8_16_block)(acc + x, pairs, n, x, first);
    if (x < w && w >= V_BYTES) {
        uint16_t block[V_BYTES];
        HAND(u8_16_block)(block, pairs, n, w - V_BYTES, true);
        last_columns(acc, block, x, w, V_BYTES, first);
    } else
        tail_u8_16(acc, t, count, x, w, first);
}
#endif

#undef HALF_OUTPUTS
#undef HAND_U8_SOURCE
/* the width's definitions, so that the next width can give its own */
#undef LOOPS
#undef VEC
#undef V_BYTES
#undef HAND
#undef V_ZERO
#undef V_SET1_32
#undef V_SET1_16
#undef V_LOAD
#undef V_STORE
#undef V_ADD32
#undef V_ADD16
#undef V_MULLO32
#undef V_MADD16
#undef V_MADDUBS
#undef V_UNPACKLO8
#undef V_UNPACKHI8
#undef V_UNPACKLO16
#undef V_UNPACKHI16
#undef V_XOR
#undef V_WIDEN_U8
#undef V_WIDEN_I16
#undef V_WIDEN_U16
#undef V_ORDER
