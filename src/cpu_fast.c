/* The fast CPU engine: row bands on a thread pool; per row, whole-row multiply-accumulate loops
 * over bordered copies of the source rows, which the compiler turns into SIMD, two taps a loop
 * and mirrored equal taps summed before their one multiply; on CPUs with AVX2 or AVX-512, loops
 * written by hand take the passes they fit (cpu_hand.c). Separable filters run a
 * horizontal then a vertical pass in exact integers, so results equal cpu_ref's; box filters run
 * as running sums (cpu_box.c). */
#include "cpu.h"
#include "cpu_box.h"
#include "cpu_terms.h"
#include "simd_clones.h"
#include "threadpool.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

enum { NO_ROW = -2, ZERO_ROW = -1, MIN_BAND_ROWS = 16, ALIGN = 64 };

/* Output rows whose vertical pass runs at once (vf_hand_rows_wide). */
enum { ROWS_AT_ONCE = VF_MAX_ROWS };

/* The element types of rows: sources (u8 pixels, horizontal sums) and accumulators. */
enum lanes { LANES_U8, LANES_I16, LANES_U16, LANES_I32 };

/* Per-worker rows: bordered source rows and horizontal-pass rows, each cached in a slot chosen
 * by source row number so consecutive output rows reuse what the previous row computed. */
struct scratch {
    void *mem;
    size_t bytes;
    int width, size;
    uint8_t *pad[VF_MAX_SIZE + 1]; /* slot `size` holds an all-zero row */
    int pad_key[VF_MAX_SIZE + 1];
    /* int16_t or int32_t (see struct job); the slots of ROWS_AT_ONCE output rows' windows, then
     * an all-zero row */
    int h_slots;
    void *hrow[VF_MAX_SIZE + ROWS_AT_ONCE];
    int h_key[VF_MAX_SIZE + ROWS_AT_ONCE];
    void *acc[ROWS_AT_ONCE];
    void *box; /* vf_box_walk's scratch */
};

struct vf_cpu_fast {
    struct vf_pool *pool;
    struct scratch *scratch;
    enum vf_hand_width hand; /* the hand-written loops' width, NONE for the compiler's loops */
};

struct job {
    const struct vf_filter *f;
    int border;
    const struct vf_frame *in;
    struct vf_frame *out;
    int bands, band_rows;
    enum lanes acc, h;       /* the accumulator's lanes, and the horizontal pass's (separable) */
    enum vf_hand_width hand; /* run_terms may use the hand-written loops of this width */
    struct scratch *scratch;
};

static size_t round_up(size_t n)
{
    return (n + ALIGN - 1) / ALIGN * ALIGN;
}

static int scratch_reserve(struct scratch *s, int width, int size)
{
    size_t pad_bytes = round_up((size_t)width + VF_MAX_SIZE);
    size_t row_bytes = round_up((size_t)width * sizeof(int32_t));
    size_t box_bytes = round_up(vf_box_scratch_bytes(width));
    int h_slots = size + ROWS_AT_ONCE - 1;
    size_t need = (size_t)(size + 1) * pad_bytes +
                  (size_t)(h_slots + 1 + ROWS_AT_ONCE) * row_bytes + box_bytes;
    if (need > s->bytes) {
        void *mem = aligned_alloc(ALIGN, need);
        if (!mem)
            return -1;
        free(s->mem);
        s->mem = mem;
        s->bytes = need;
    }
    uint8_t *p = s->mem;
    for (int k = 0; k <= size; k++, p += pad_bytes)
        s->pad[k] = p;
    for (int k = 0; k <= h_slots; k++, p += row_bytes)
        s->hrow[k] = p;
    for (int k = 0; k < ROWS_AT_ONCE; k++, p += row_bytes)
        s->acc[k] = p;
    s->box = p;
    memset(s->pad[size], 0, pad_bytes);
    memset(s->hrow[h_slots], 0, row_bytes);
    s->width = width;
    s->size = size;
    s->h_slots = h_slots;
    return 0;
}

static void scratch_forget(struct scratch *s)
{
    for (int k = 0; k <= VF_MAX_SIZE; k++)
        s->pad_key[k] = NO_ROW;
    for (int k = 0; k < VF_MAX_SIZE + ROWS_AT_ONCE; k++)
        s->h_key[k] = NO_ROW;
}

/* acc (+)= terms, two of a kind a pass (each pass loads and stores acc once), or one; the first
 * pass stores, so acc needs no clearing. */
#define DEFINE_PASS(name, acc_t, src_t, count, expr)                                               \
    VF_SIMD_CLONES static void name(void *acc_row, const struct vf_term *t, int w, bool first)     \
    {                                                                                              \
        acc_t *restrict acc = acc_row;                                                             \
        const src_t *restrict a0 = t[0].a, *restrict b0 = t[0].b;                                  \
        const src_t *restrict a1 = t[count - 1].a, *restrict b1 = t[count - 1].b;                  \
        const int32_t t0 = t[0].tap, t1 = t[count - 1].tap;                                        \
        (void)b0, (void)b1, (void)a1, (void)t1;                                                    \
        if (first)                                                                                 \
            for (int x = 0; x < w; x++)                                                            \
                acc[x] = (acc_t)(expr);                                                            \
        else                                                                                       \
            for (int x = 0; x < w; x++)                                                            \
                acc[x] = (acc_t)(acc[x] + (expr));                                                 \
    }
/* One set of passes for each (accumulator, source) width pair that the plans use. */
#define DEFINE_TERMS(name, acc_t, src_t)                                                           \
    DEFINE_PASS(name##_pairs, acc_t, src_t, 2, t0 *(a0[x] + b0[x]) + t1 * (a1[x] + b1[x]))         \
    DEFINE_PASS(name##_pair, acc_t, src_t, 1, t0 *(a0[x] + b0[x]))                                 \
    DEFINE_PASS(name##_singles, acc_t, src_t, 2, t0 *a0[x] + t1 * a1[x])                           \
    DEFINE_PASS(name##_single, acc_t, src_t, 1, t0 *a0[x])                                         \
    static const terms_fn name[4] = {name##_single, name##_singles, name##_pair, name##_pairs};

typedef void (*terms_fn)(void *acc, const struct vf_term *t, int w, bool first);
DEFINE_TERMS(terms_u8_i16, int16_t, uint8_t)
DEFINE_TERMS(terms_u8_u16, uint16_t, uint8_t)
DEFINE_TERMS(terms_u8_i32, int32_t, uint8_t)
DEFINE_TERMS(terms_i16_i16, int16_t, int16_t)
DEFINE_TERMS(terms_u16_u16, uint16_t, uint16_t)
DEFINE_TERMS(terms_i16_i32, int32_t, int16_t)
DEFINE_TERMS(terms_u16_i32, int32_t, uint16_t)
DEFINE_TERMS(terms_i32_i32, int32_t, int32_t)

/* Whether the hand-written loops of this width take a pass of these lanes, as far as the lanes
 * tell: every source into 32-bit sums, and with AVX2's vectors 8-bit sources into 16-bit sums as
 * well. On the GPU machine's Xeon the compiler's AVX-512 clones were as fast as these loops for
 * 16-bit sums, or faster (BENCHMARKS.md, "CPU engine against OpenCV"). */
static bool hand_lanes(enum vf_hand_width hand, enum lanes acc_lanes, enum lanes src)
{
    return hand != VF_HAND_NONE &&
           (acc_lanes == LANES_I32 || (hand == VF_HAND_256 && src == LANES_U8));
}

/* ... and these terms: 8-bit sources whose taps fit their products (16 bits for 32-bit sums, 8
 * for 16-bit ones), more than one multiply a pixel. A centre tap alone (unsharp, edge) stays on
 * the compiler's loop, which does it in fewer instructions (unsharp 5x5 at 720p: 4.7 M against
 * 12.5 M; development machine, fastest of five frames at 4K on two cores, 9.5 ms against 10.1). */
static bool hand_takes(enum vf_hand_width hand, enum lanes acc_lanes, enum lanes src,
                       const struct vf_term *t, int count)
{
    if (count == 0 || !hand_lanes(hand, acc_lanes, src))
        return false;
    if (src != LANES_U8)
        return true;
    if (count == 1 && !t[0].b)
        return false;
    int32_t max = acc_lanes == LANES_I32 ? VF_HAND_U8_MAX_TAP : VF_HAND_NARROW_MAX_TAP;
    for (int k = 0; k < count; k++)
        if (t[k].tap < -max || t[k].tap > max)
            return false;
    return true;
}

static enum vf_wide_source wide_source(enum lanes src)
{
    return src == LANES_I16 ? VF_WIDE_I16 : src == LANES_U16 ? VF_WIDE_U16 : VF_WIDE_I32;
}

/* acc (+)= every term: with `hand`, all at once where those loops take them; else pairs two a
 * pass, then singles. With no terms (and `first`) acc is left alone. Returns whether acc still
 * needs its first store. */
static bool run_terms(void *acc, enum lanes acc_lanes, enum lanes src, const struct vf_term *t,
                      int count, int w, bool first, enum vf_hand_width hand)
{
    if (hand_takes(hand, acc_lanes, src, t, count)) {
        if (acc_lanes != LANES_I32)
            vf_hand_terms_u8_16(acc, t, count, w, first);
        else if (src == LANES_U8)
            vf_hand_terms_u8_i32(hand, acc, t, count, w, first);
        else /* a vertical pass: count <= VF_MAX_SIZE */
            vf_hand_rows_wide(hand, (int32_t *[]){acc}, &t, &count, 1, w, first, wide_source(src));
        return false;
    }
    /* [accumulator][source]. A signed 16-bit accumulator implies 16-bit sources. An unsigned
     * one implies taps that are all non-negative (lanes_for), so its sources are non-negative
     * and read the same as unsigned whether they were stored signed or not. */
    static const terms_fn *const passes[4][4] = {
        [LANES_I16] = {[LANES_U8] = terms_u8_i16, [LANES_I16] = terms_i16_i16},
        [LANES_U16] =
            {[LANES_U8] = terms_u8_u16, [LANES_I16] = terms_u16_u16, [LANES_U16] = terms_u16_u16},
        [LANES_I32] = {terms_u8_i32, terms_i16_i32, terms_u16_i32, terms_i32_i32},
    };
    const terms_fn *pass = passes[acc_lanes][src];
    for (int pairs = 1; pairs >= 0; pairs--) {
        struct vf_term two[2];
        int held = 0;
        for (int k = 0; k < count; k++) {
            if ((t[k].b != NULL) != pairs)
                continue;
            two[held++] = t[k];
            if (held == 2) {
                pass[2 * pairs + 1](acc, two, w, first);
                first = false;
                held = 0;
            }
        }
        if (held) {
            pass[2 * pairs](acc, two, w, first);
            first = false;
        }
    }
    return first;
}

/* Appends the terms of taps[0..n) over the rows src[0..n) (NULL: a row of zeros), pairing
 * mirrored equal taps. */
static int add_terms(struct vf_term *out, int count, const int32_t *taps, const void *const *src,
                     int n)
{
    for (int j = 0; j <= n / 2; j++) {
        int k = n - 1 - j;
        if (j != k && taps[j] == taps[k] && src[j] && src[k]) {
            if (taps[j])
                out[count++] = (struct vf_term){taps[j], src[j], src[k]};
            continue;
        }
        if (taps[j] && src[j])
            out[count++] = (struct vf_term){taps[j], src[j], NULL};
        if (j != k && taps[k] && src[k])
            out[count++] = (struct vf_term){taps[k], src[k], NULL};
    }
    return count;
}

#define DEFINE_REQUANT(name, acc_t, requantize)                                                    \
    VF_SIMD_CLONES static void name(uint8_t *restrict dst, const void *acc_row, int w,             \
                                    struct vf_requant q)                                           \
    {                                                                                              \
        const acc_t *restrict acc = acc_row;                                                       \
        for (int x = 0; x < w; x++)                                                                \
            dst[x] = (uint8_t)requantize(acc[x], q);                                               \
    }
DEFINE_REQUANT(requant_i16, int16_t, vf_requantize)
DEFINE_REQUANT(requant_u16, uint16_t, vf_requantize)
DEFINE_REQUANT(requant_i32, int32_t, vf_requantize)
DEFINE_REQUANT(requant_i16_unsaturated, int16_t, vf_requantize_unsaturated)
DEFINE_REQUANT(requant_u16_unsaturated, uint16_t, vf_requantize_unsaturated)
DEFINE_REQUANT(requant_i32_unsaturated, int32_t, vf_requantize_unsaturated)

static void requant_row(uint8_t *dst, const void *acc, enum lanes lanes, int w, struct vf_requant q)
{
    typedef void (*requant_fn)(uint8_t *, const void *, int, struct vf_requant);
    static const requant_fn clamped[4] = {
        [LANES_I16] = requant_i16, [LANES_U16] = requant_u16, [LANES_I32] = requant_i32};
    static const requant_fn unclamped[4] = {[LANES_I16] = requant_i16_unsaturated,
                                            [LANES_U16] = requant_u16_unsaturated,
                                            [LANES_I32] = requant_i32_unsaturated};
    (q.saturates ? clamped : unclamped)[lanes](dst, acc, w, q);
}

/* 16-bit lanes do twice the work per instruction. Every operation is modulo 2^16 or 2^32, so a
 * pass is exact when its final sums fit the lanes: signed 16 bits where |sum| <= 255 x
 * sum|taps| <= 32767; unsigned where no tap is negative and 255 x sum <= 65535 (gaussian 5x5's
 * 256, 9x9's horizontal 256). */
static enum lanes lanes_for(const int32_t *taps, int count, int32_t abs_sum)
{
    bool negative = false;
    for (int k = 0; k < count; k++)
        negative |= taps[k] < 0;
    if (255 * abs_sum <= INT16_MAX)
        return LANES_I16;
    return !negative && 255 * abs_sum <= UINT16_MAX ? LANES_U16 : LANES_I32;
}

/* The source row `sy` with `r` bordered pixels on each side; the all-zero row for ZERO_ROW. */
static const uint8_t *padded_row(struct scratch *s, const struct job *job, int plane, int sy)
{
    if (sy == ZERO_ROW)
        return s->pad[s->size];
    int slot = sy % s->size, w = job->in->width, r = job->f->size / 2;
    uint8_t *pad = s->pad[slot];
    if (s->pad_key[slot] == sy)
        return pad;
    const uint8_t *src = job->in->plane[plane] + sy * job->in->stride;
    memcpy(pad + r, src, (size_t)w);
    for (int k = 1; k <= r; k++) {
        int left = vf_border_index(-k, w, job->border);
        int right = vf_border_index(w - 1 + k, w, job->border);
        pad[r - k] = left < 0 ? 0 : src[left];
        pad[r + w - 1 + k] = right < 0 ? 0 : src[right];
    }
    s->pad_key[slot] = sy;
    return pad;
}

static const void *horizontal_row(struct scratch *s, const struct job *job, int plane, int sy)
{
    if (sy == ZERO_ROW)
        return s->hrow[s->h_slots];
    int slot = sy % s->h_slots, n = job->f->size;
    void *h = s->hrow[slot];
    if (s->h_key[slot] == sy)
        return h;
    const uint8_t *pad = padded_row(s, job, plane, sy);
    const void *src[VF_MAX_SIZE];
    for (int j = 0; j < n; j++)
        src[j] = pad + j;
    struct vf_term terms[VF_MAX_SIZE];
    int count = add_terms(terms, 0, job->f->row, src, n);
    run_terms(h, job->h, LANES_U8, terms, count, job->in->width, true, job->hand);
    s->h_key[slot] = sy;
    return h;
}

/* The vertical terms of output row y of a separable filter, over its rows of horizontal sums.
 * The caches' slots are the row numbers modulo their count, and the rows that the windows of
 * ROWS_AT_ONCE consecutive output rows read (border rule included) lie within size +
 * ROWS_AT_ONCE - 1 consecutive numbers, so none evicts another while they are in use. */
static int vertical_terms(struct scratch *s, const struct job *job, int plane, int y,
                          struct vf_term *terms)
{
    const struct vf_filter *f = job->f;
    int n = f->size, r = n / 2;
    const void *src[VF_MAX_SIZE];
    for (int i = 0; i < n; i++) {
        int sy = vf_border_index(y + i - r, job->in->height, job->border);
        src[i] = sy == ZERO_ROW ? NULL : horizontal_row(s, job, plane, sy);
    }
    return add_terms(terms, 0, f->col, src, n);
}

/* Adds the centre tap's term (unsharp, edge) to acc and stores output row y. */
static void finish_row(struct scratch *s, const struct job *job, int plane, int y, void *acc,
                       bool first)
{
    const struct vf_filter *f = job->f;
    int w = job->in->width;
    if (f->separable && f->centre) {
        int sy = vf_border_index(y, job->in->height, job->border); /* inside the frame */
        struct vf_term centre = {f->centre, padded_row(s, job, plane, sy) + f->size / 2, NULL};
        first = run_terms(acc, job->acc, LANES_U8, &centre, 1, w, first, job->hand);
    }
    if (first)
        memset(acc, 0, (size_t)w * (job->acc == LANES_I32 ? sizeof(int32_t) : sizeof(int16_t)));
    requant_row(job->out->plane[plane] + y * job->out->stride, acc, job->acc, w, f->requant);
}

/* Every term of output row y, the rows under the filter gathered first. */
static void filter_row(struct scratch *s, const struct job *job, int plane, int y)
{
    const struct vf_filter *f = job->f;
    int n = f->size, r = n / 2, w = job->in->width, h = job->in->height;
    struct vf_term terms[VF_MAX_TAPS];
    if (f->separable) {
        int count = vertical_terms(s, job, plane, y, terms);
        bool first = run_terms(s->acc[0], job->acc, job->h, terms, count, w, true, job->hand);
        finish_row(s, job, plane, y, s->acc[0], first);
        return;
    }
    /* rows i and n-1-i pair their equal taps column by column (sharpen's top and bottom), the
     * middle row its mirrored ones */
    const uint8_t *pads[VF_MAX_SIZE];
    for (int i = 0; i < n; i++) {
        int sy = vf_border_index(y + i - r, h, job->border);
        pads[i] = sy == ZERO_ROW ? NULL : padded_row(s, job, plane, sy);
    }
    int count = 0;
    for (int i = 0; i < r; i++)
        for (int j = 0; j < n; j++) {
            const uint8_t *top = pads[i], *bottom = pads[n - 1 - i];
            int32_t t = f->taps[i * n + j], b = f->taps[(n - 1 - i) * n + j];
            if (t == b && top && bottom) {
                if (t)
                    terms[count++] = (struct vf_term){t, top + j, bottom + j};
                continue;
            }
            if (t && top)
                terms[count++] = (struct vf_term){t, top + j, NULL};
            if (b && bottom)
                terms[count++] = (struct vf_term){b, bottom + j, NULL};
        }
    const void *src[VF_MAX_SIZE];
    for (int j = 0; j < n; j++)
        src[j] = pads[r] + j; /* the middle row is always inside the frame */
    count = add_terms(terms, count, f->taps + r * n, src, n);
    bool first = run_terms(s->acc[0], job->acc, LANES_U8, terms, count, w, true, job->hand);
    finish_row(s, job, plane, y, s->acc[0], first);
}

/* Output rows y .. y + rows - 1 (rows <= ROWS_AT_ONCE). A separable filter whose vertical pass
 * makes 32-bit sums on the hand-written loops runs it for all of them at once: each row of
 * horizontal sums is then read from memory once for up to ROWS_AT_ONCE outputs. */
static void filter_rows(struct scratch *s, const struct job *job, int plane, int y, int rows)
{
    if (!(job->f->separable && job->acc == LANES_I32 && hand_lanes(job->hand, job->acc, job->h))) {
        for (int i = 0; i < rows; i++)
            filter_row(s, job, plane, y + i);
        return;
    }
    struct vf_term terms[ROWS_AT_ONCE][VF_MAX_SIZE];
    const struct vf_term *row_terms[ROWS_AT_ONCE] = {0};
    int count[ROWS_AT_ONCE] = {0};
    int32_t *acc[ROWS_AT_ONCE] = {0};
    for (int i = 0; i < rows; i++) {
        count[i] = vertical_terms(s, job, plane, y + i, terms[i]);
        row_terms[i] = terms[i];
        acc[i] = s->acc[i];
    }
    vf_hand_rows_wide(job->hand, acc, row_terms, count, rows, job->in->width, true,
                      wide_source(job->h));
    for (int i = 0; i < rows; i++)
        finish_row(s, job, plane, y + i, s->acc[i], false);
}

VF_SIMD_CLONES static void scale_row(int32_t *restrict acc, int32_t tap, int w)
{
    for (int x = 0; x < w; x++)
        acc[x] *= tap;
}

static void box_band(struct scratch *s, const struct job *job, int plane, int y0, int y1)
{
    const struct vf_filter *f = job->f;
    int w = job->in->width;
    struct vf_box_walk walk;
    vf_box_start(&walk, job->in, plane, job->border, f->size / 2, y0, s->box);
    for (int y = y0; y < y1; y++) {
        if (y > y0)
            vf_box_down(&walk);
        vf_box_row(&walk, s->acc[0]);
        if (f->flat_tap != 1)
            scale_row(s->acc[0], f->flat_tap, w);
        requant_row(job->out->plane[plane] + y * job->out->stride, s->acc[0], LANES_I32, w,
                    f->requant);
    }
}

static void run_band(void *ctx, int task, int worker)
{
    const struct job *job = ctx;
    struct scratch *s = &job->scratch[worker];
    int plane = task / job->bands, band = task % job->bands;
    int y0 = band * job->band_rows, y1 = y0 + job->band_rows;
    if (y1 > job->in->height)
        y1 = job->in->height;
    if (job->f->identity) {
        for (int y = y0; y < y1; y++)
            memcpy(job->out->plane[plane] + y * job->out->stride,
                   job->in->plane[plane] + y * job->in->stride, (size_t)job->in->width);
        return;
    }
    if (vf_box_fits(job->f)) {
        box_band(s, job, plane, y0, y1);
        return;
    }
    scratch_forget(s);
    for (int y = y0; y < y1; y += ROWS_AT_ONCE)
        filter_rows(s, job, plane, y, y1 - y < ROWS_AT_ONCE ? y1 - y : ROWS_AT_ONCE);
}

struct vf_cpu_fast *vf_cpu_fast_create(int threads)
{
    struct vf_cpu_fast *e = calloc(1, sizeof(*e));
    if (!e)
        return NULL;
    e->hand = vf_hand_widest();
    e->pool = vf_pool_create(threads);
    if (!e->pool)
        goto fail;
    e->scratch = calloc((size_t)vf_pool_threads(e->pool), sizeof(*e->scratch));
    if (!e->scratch)
        goto fail;
    return e;
fail:
    vf_cpu_fast_destroy(e);
    return NULL;
}

void vf_cpu_fast_destroy(struct vf_cpu_fast *e)
{
    if (!e)
        return;
    if (e->scratch)
        for (int i = 0; i < vf_pool_threads(e->pool); i++)
            free(e->scratch[i].mem);
    free(e->scratch);
    vf_pool_destroy(e->pool);
    free(e);
}

int vf_cpu_fast_use_hand_loops(struct vf_cpu_fast *e, int bits)
{
    enum vf_hand_width widest = vf_hand_widest();
    e->hand = bits <= 0 ? VF_HAND_NONE : widest == VF_HAND_512 && bits < 512 ? VF_HAND_256 : widest;
    return (int)e->hand;
}

int vf_cpu_fast_threads(const struct vf_cpu_fast *e)
{
    return vf_pool_threads(e->pool);
}

struct vf_pool *vf_cpu_fast_pool(struct vf_cpu_fast *e)
{
    return e->pool;
}

int vf_cpu_fast_run(struct vf_cpu_fast *e, const struct vf_filter *f, enum vf_border border,
                    const struct vf_frame *in, struct vf_frame *out)
{
    int threads = vf_pool_threads(e->pool);
    for (int i = 0; i < threads; i++)
        if (scratch_reserve(&e->scratch[i], in->width, f->size))
            return -1;
    /* about two bands per thread per plane balances load without much border warm-up */
    int bands = threads == 1 ? 1 : 2 * threads;
    int band_rows = (in->height + bands - 1) / bands;
    if (band_rows < MIN_BAND_ROWS)
        band_rows = MIN_BAND_ROWS;
    bands = (in->height + band_rows - 1) / band_rows;
    struct job job = {f,
                      border,
                      in,
                      out,
                      bands,
                      band_rows,
                      lanes_for(f->taps, f->size * f->size, f->abs_tap_sum),
                      f->separable ? lanes_for(f->row, f->size, f->abs_row_sum) : LANES_I32,
                      e->hand,
                      e->scratch};
    vf_pool_run(e->pool, bands * VF_PLANES, run_band, &job);
    return 0;
}
