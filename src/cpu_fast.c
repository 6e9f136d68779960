/* The fast CPU engine: row bands on a thread pool; per row, whole-row multiply-accumulate loops
 * over bordered copies of the source rows, which the compiler turns into SIMD. Separable filters
 * run a horizontal then a vertical pass in exact integers, so results equal cpu_ref's; box
 * filters from 5x5 run as running sums (cpu_box.c). */
#include "cpu.h"
#include "cpu_box.h"
#include "simd_clones.h"
#include "threadpool.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

enum { NO_ROW = -2, ZERO_ROW = -1, MIN_BAND_ROWS = 16, ALIGN = 64 };

/* Per-worker rows: bordered source rows and horizontal-pass rows, each cached in a slot chosen
 * by source row number so consecutive output rows reuse what the previous row computed. */
struct scratch {
    void *mem;
    size_t bytes;
    int width, size;
    uint8_t *pad[VF_MAX_SIZE + 1]; /* slot `size` holds an all-zero row */
    int pad_key[VF_MAX_SIZE + 1];
    void *hrow[VF_MAX_SIZE + 1]; /* int16_t or int32_t, see struct job */
    int h_key[VF_MAX_SIZE + 1];
    void *acc;
    void *box; /* vf_box_walk's scratch */
};

struct vf_cpu_fast {
    struct vf_pool *pool;
    struct scratch *scratch;
};

struct job {
    const struct vf_filter *f;
    int border;
    const struct vf_frame *in;
    struct vf_frame *out;
    int bands, band_rows;
    bool acc16, h16; /* accumulator and horizontal-pass widths */
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
    size_t need = (size_t)(size + 1) * (pad_bytes + row_bytes) + row_bytes + box_bytes;
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
    for (int k = 0; k <= size; k++, p += row_bytes)
        s->hrow[k] = p;
    s->acc = p;
    s->box = p + row_bytes;
    memset(s->pad[size], 0, pad_bytes);
    memset(s->hrow[size], 0, row_bytes);
    s->width = width;
    s->size = size;
    return 0;
}

static void scratch_forget(struct scratch *s)
{
    for (int k = 0; k <= VF_MAX_SIZE; k++)
        s->pad_key[k] = s->h_key[k] = NO_ROW;
}

/* acc (+)= tap * src over a row. Taps of +-1 skip the multiply; the first tap stores, so acc
 * needs no clearing. One body for each (accumulator, source) width pair that the plans use. */
#define DEFINE_MAC(name, acc_t, src_t)                                                             \
    VF_SIMD_CLONES static void name(acc_t *restrict acc, const src_t *restrict src, int32_t tap,   \
                                    int w, bool first)                                             \
    {                                                                                              \
        if (first)                                                                                 \
            for (int x = 0; x < w; x++)                                                            \
                acc[x] = (acc_t)(tap * src[x]);                                                    \
        else if (tap == 1)                                                                         \
            for (int x = 0; x < w; x++)                                                            \
                acc[x] = (acc_t)(acc[x] + src[x]);                                                 \
        else if (tap == -1)                                                                        \
            for (int x = 0; x < w; x++)                                                            \
                acc[x] = (acc_t)(acc[x] - src[x]);                                                 \
        else                                                                                       \
            for (int x = 0; x < w; x++)                                                            \
                acc[x] = (acc_t)(acc[x] + tap * src[x]);                                           \
    }
DEFINE_MAC(mac_u8_i16, int16_t, uint8_t)
DEFINE_MAC(mac_u8_i32, int32_t, uint8_t)
DEFINE_MAC(mac_i16_i16, int16_t, int16_t)
DEFINE_MAC(mac_i16_i32, int32_t, int16_t)
DEFINE_MAC(mac_i32_i32, int32_t, int32_t)

#define DEFINE_REQUANT(name, acc_t, requantize)                                                    \
    VF_SIMD_CLONES static void name(uint8_t *restrict dst, const acc_t *restrict acc, int w,       \
                                    struct vf_requant q)                                           \
    {                                                                                              \
        for (int x = 0; x < w; x++)                                                                \
            dst[x] = (uint8_t)requantize(acc[x], q);                                               \
    }
DEFINE_REQUANT(requant_i16, int16_t, vf_requantize)
DEFINE_REQUANT(requant_i32, int32_t, vf_requantize)
DEFINE_REQUANT(requant_i16_unsaturated, int16_t, vf_requantize_unsaturated)
DEFINE_REQUANT(requant_i32_unsaturated, int32_t, vf_requantize_unsaturated)

static void requant_row(uint8_t *dst, const void *acc, bool acc16, int w, struct vf_requant q)
{
    if (acc16)
        (q.saturates ? requant_i16 : requant_i16_unsaturated)(dst, acc, w, q);
    else
        (q.saturates ? requant_i32 : requant_i32_unsaturated)(dst, acc, w, q);
}

/* 16-bit lanes do twice the work per instruction; they are used wherever every partial sum of
 * a pass provably fits (|sum| <= 255 * sum|taps|). */
static bool fits_i16(int32_t abs_tap_sum)
{
    return 255 * abs_tap_sum <= INT16_MAX;
}

static void mac_pixels(void *acc, bool acc16, const uint8_t *src, int32_t tap, int w, bool first)
{
    if (acc16)
        mac_u8_i16(acc, src, tap, w, first);
    else
        mac_u8_i32(acc, src, tap, w, first);
}

static void mac_hrow(void *acc, bool acc16, const void *h, bool h16, int32_t tap, int w, bool first)
{
    if (acc16)
        mac_i16_i16(acc, h, tap, w, first); /* acc16 implies h16 */
    else if (h16)
        mac_i16_i32(acc, h, tap, w, first);
    else
        mac_i32_i32(acc, h, tap, w, first);
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
        return s->hrow[s->size];
    int slot = sy % s->size;
    void *h = s->hrow[slot];
    if (s->h_key[slot] == sy)
        return h;
    const uint8_t *pad = padded_row(s, job, plane, sy);
    bool first = true;
    for (int j = 0; j < job->f->size; j++)
        if (job->f->row[j]) {
            mac_pixels(h, job->h16, pad + j, job->f->row[j], job->in->width, first);
            first = false;
        }
    s->h_key[slot] = sy;
    return h;
}

static void filter_row(struct scratch *s, const struct job *job, int plane, int y)
{
    const struct vf_filter *f = job->f;
    int n = f->size, r = n / 2, w = job->in->width, h = job->in->height;
    bool first = true;
    for (int i = 0; i < n; i++) {
        int sy = vf_border_index(y + i - r, h, job->border);
        if (sy == ZERO_ROW)
            continue; /* contributes nothing */
        if (f->separable) {
            if (f->centre && i == r) {
                mac_pixels(s->acc, job->acc16, padded_row(s, job, plane, sy) + r, f->centre, w,
                           first);
                first = false;
            }
            if (f->col[i]) {
                mac_hrow(s->acc, job->acc16, horizontal_row(s, job, plane, sy), job->h16, f->col[i],
                         w, first);
                first = false;
            }
            continue;
        }
        const uint8_t *pad = NULL;
        for (int j = 0; j < n; j++) {
            int32_t tap = f->taps[i * n + j];
            if (!tap)
                continue;
            if (!pad)
                pad = padded_row(s, job, plane, sy);
            mac_pixels(s->acc, job->acc16, pad + j, tap, w, first);
            first = false;
        }
    }
    if (first)
        memset(s->acc, 0, (size_t)w * (job->acc16 ? sizeof(int16_t) : sizeof(int32_t)));
    requant_row(job->out->plane[plane] + y * job->out->stride, s->acc, job->acc16, w, f->requant);
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
        vf_box_row(&walk, s->acc);
        if (f->flat_tap != 1)
            scale_row(s->acc, f->flat_tap, w);
        requant_row(job->out->plane[plane] + y * job->out->stride, s->acc, false, w, f->requant);
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
    for (int y = y0; y < y1; y++)
        filter_row(s, job, plane, y);
}

struct vf_cpu_fast *vf_cpu_fast_create(int threads)
{
    struct vf_cpu_fast *e = calloc(1, sizeof(*e));
    if (!e)
        return NULL;
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

int vf_cpu_fast_threads(const struct vf_cpu_fast *e)
{
    return vf_pool_threads(e->pool);
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
                      fits_i16(f->abs_tap_sum),
                      f->separable && fits_i16(f->abs_row_sum),
                      e->scratch};
    vf_pool_run(e->pool, bands * VF_PLANES, run_band, &job);
    return 0;
}
