#include "orient.h"

#include <stdlib.h>
#include <string.h>

#include "threadpool.h"

/* Tiles of a transposition, a multiple of 8: a tile's stored rows stay in the L1 while their
 * columns are read. A pool's task turns one row of tiles of one plane. */
enum { TILE = 64 };

struct vf_orientation vf_orientation_from_matrix(const int32_t matrix[9])
{
    const long long a = matrix[0], b = matrix[1], c = matrix[3], d = matrix[4];
    struct vf_orientation o = {0};
    o.transpose = llabs(b) + llabs(c) > llabs(a) + llabs(d);
    /* shown x grows with stored p (a) or q (c); shown y with q (d) or p (b) */
    o.flip_x = (o.transpose ? c : a) < 0;
    o.flip_y = (o.transpose ? b : d) < 0;
    return o;
}

bool vf_orientation_is_identity(struct vf_orientation o)
{
    return !o.transpose && !o.flip_x && !o.flip_y;
}

/* An orientation as the signed permutation matrix taking a shown pixel's offset from the
 * centre to the stored one's: (sx, sy) = (m[0][0] x + m[0][1] y, m[1][0] x + m[1][1] y). */
typedef int turn_matrix[2][2];

static void matrix_of(struct vf_orientation o, turn_matrix m)
{
    const int fx = o.flip_x ? -1 : 1, fy = o.flip_y ? -1 : 1;
    m[0][0] = o.transpose ? 0 : fx;
    m[0][1] = o.transpose ? fy : 0;
    m[1][0] = o.transpose ? fx : 0;
    m[1][1] = o.transpose ? 0 : fy;
}

struct vf_orientation vf_orientation_then(struct vf_orientation first, struct vf_orientation then)
{
    /* stored = first's matrix (then's matrix (shown)) */
    turn_matrix a, b, m;
    matrix_of(first, a);
    matrix_of(then, b);
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++)
            m[i][j] = a[i][0] * b[0][j] + a[i][1] * b[1][j];
    struct vf_orientation o;
    o.transpose = m[0][0] == 0;
    o.flip_x = (o.transpose ? m[1][0] : m[0][0]) < 0;
    o.flip_y = (o.transpose ? m[0][1] : m[1][1]) < 0;
    return o;
}

struct vf_orientation vf_orientation_user(int degrees, bool mirror)
{
    static const struct vf_orientation quarter[4] = {
        {false, false, false}, {true, true, false}, {false, true, true}, {true, false, true}};
    const struct vf_orientation mirrored = {false, true, false}, none = {0};
    return vf_orientation_then(quarter[((degrees / 90) % 4 + 4) % 4], mirror ? mirrored : none);
}

const char *vf_orientation_name(struct vf_orientation o)
{
    static const char *const names[2][2][2] = {
        /* [transpose][flip_x][flip_y] */
        {{"", "flipped upside down"}, {"mirrored", "rotated 180°"}},
        {{"mirrored, then rotated 90° counterclockwise", "rotated 90° counterclockwise"},
         {"rotated 90° clockwise", "mirrored, then rotated 90° clockwise"}},
    };
    return names[o.transpose][o.flip_x][o.flip_y];
}

void vf_orientation_size(struct vf_orientation o, int w, int h, int *shown_w, int *shown_h)
{
    *shown_w = o.transpose ? h : w;
    *shown_h = o.transpose ? w : h;
}

/* 8 bytes as a word whose low byte is the first in memory, on any machine */
static uint64_t load8(const uint8_t *at)
{
    uint64_t v;
    memcpy(&v, at, sizeof(v));
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap64(v);
#endif
    return v;
}

static void store8(uint8_t *at, uint64_t v)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap64(v);
#endif
    memcpy(at, &v, sizeof(v));
}

struct turn {
    uint8_t *dst;
    const uint8_t *src;
    ptrdiff_t dst_stride, src_stride;
    int stored_w, stored_h;
    struct vf_orientation o;
};

/* shown rows y0..y1 of a picture that is not transposed */
static void flip_rows(const struct turn *t, int y0, int y1)
{
    const int w = t->stored_w, h = t->stored_h;
    for (int y = y0; y < y1; y++) {
        const uint8_t *from = t->src + (t->o.flip_y ? h - 1 - y : y) * t->src_stride;
        uint8_t *to = t->dst + y * t->dst_stride;
        if (!t->o.flip_x) {
            memcpy(to, from, (size_t)w);
            continue;
        }
        int x = 0;
        for (; x + 8 <= w; x += 8) /* 8 bytes at once, reversed */
            store8(to + x, __builtin_bswap64(load8(from + w - 8 - x)));
        for (; x < w; x++)
            to[x] = from[w - 1 - x];
    }
}

/* rows r[0..7] of an 8x8 byte matrix become its columns: swaps of 1, 2 and 4 bytes across
 * rows 1, 2 and 4 apart */
static void transpose8(uint64_t r[8])
{
    for (int i = 0; i < 8; i += 2) {
        const uint64_t t = ((r[i] >> 8) ^ r[i + 1]) & 0x00FF00FF00FF00FFull;
        r[i + 1] ^= t;
        r[i] ^= t << 8;
    }
    static const int pairs2[4] = {0, 1, 4, 5};
    for (int k = 0; k < 4; k++) {
        const int i = pairs2[k];
        const uint64_t t = ((r[i] >> 16) ^ r[i + 2]) & 0x0000FFFF0000FFFFull;
        r[i + 2] ^= t;
        r[i] ^= t << 16;
    }
    for (int i = 0; i < 4; i++) {
        const uint64_t t = ((r[i] >> 32) ^ r[i + 4]) & 0x00000000FFFFFFFFull;
        r[i + 4] ^= t;
        r[i] ^= t << 32;
    }
}

/* shown pixels x0..x1, y0..y1 one by one (the edges the 8x8 blocks leave) */
static void turn_pixels(const struct turn *t, int x0, int x1, int y0, int y1)
{
    for (int y = y0; y < y1; y++) {
        const int sx = t->o.flip_y ? t->stored_w - 1 - y : y;
        for (int x = x0; x < x1; x++) {
            const int sy = t->o.flip_x ? t->stored_h - 1 - x : x;
            t->dst[y * t->dst_stride + x] = t->src[sy * t->src_stride + sx];
        }
    }
}

/* the shown 8x8 block at `to`: 8 bytes of 8 stored rows from `from`, `step` apart, reversed
 * first when the stored columns run backwards */
static inline void turn_block(uint8_t *to, ptrdiff_t to_stride, const uint8_t *from, ptrdiff_t step,
                              bool reverse)
{
    uint64_t r[8];
    for (int i = 0; i < 8; i++) {
        const uint64_t v = load8(from + i * step);
        r[i] = reverse ? __builtin_bswap64(v) : v;
    }
    transpose8(r);
    for (int k = 0; k < 8; k++)
        store8(to + k * to_stride, r[k]);
}

/* shown rows y_begin (a multiple of 8) .. y_end of a transposed picture: shown w x h = stored h
 * x w, in 8x8 blocks within tiles whose stored rows stay in the L1 */
static void transpose_rows(const struct turn *t, int y_begin, int y_end)
{
    const int w = t->stored_h, h = t->stored_w;
    const int w8 = w / 8 * 8, h8 = h / 8 * 8, blocks_end = y_end < h8 ? y_end : h8;
    const bool flip_x = t->o.flip_x, flip_y = t->o.flip_y;
    uint8_t *const dst = t->dst;
    const ptrdiff_t dst_stride = t->dst_stride, src_stride = t->src_stride;
    /* shown column x is stored row x, or stored_h-1-x walking up */
    const ptrdiff_t step = flip_x ? -src_stride : src_stride;
    const uint8_t *const row0 = flip_x ? t->src + (t->stored_h - 1) * src_stride : t->src;
    for (int ty = y_begin; ty < blocks_end; ty += TILE)
        for (int tx = 0; tx < w8; tx += TILE)
            for (int y0 = ty; y0 < ty + TILE && y0 < blocks_end; y0 += 8) {
                const int column = flip_y ? t->stored_w - 8 - y0 : y0;
                for (int x0 = tx; x0 < tx + TILE && x0 < w8; x0 += 8)
                    turn_block(dst + y0 * dst_stride + x0, dst_stride, row0 + x0 * step + column,
                               step, flip_y);
            }
    turn_pixels(t, w8, w, y_begin, blocks_end);
    turn_pixels(t, 0, w, h8, y_end); /* the last band's (y_begin <= h8, a multiple of 8) */
}

struct orient_job {
    struct vf_frame *dst;
    const struct vf_frame *src;
    struct vf_orientation o;
    int bands; /* of TILE shown rows, a plane */
};

static void orient_band(void *ctx, int task, int worker)
{
    (void)worker;
    const struct orient_job *j = ctx;
    const int p = task / j->bands, y0 = task % j->bands * TILE;
    const int y1 = y0 + TILE < j->dst->height ? y0 + TILE : j->dst->height;
    const struct turn t = {.dst = j->dst->plane[p],
                           .src = j->src->plane[p],
                           .dst_stride = j->dst->stride,
                           .src_stride = j->src->stride,
                           .stored_w = j->src->width,
                           .stored_h = j->src->height,
                           .o = j->o};
    if (j->o.transpose)
        transpose_rows(&t, y0, y1);
    else
        flip_rows(&t, y0, y1);
}

void vf_frame_orient(struct vf_frame *dst, const struct vf_frame *src, struct vf_orientation o,
                     struct vf_pool *pool)
{
    struct orient_job job = {dst, src, o, (dst->height + TILE - 1) / TILE};
    const int tasks = VF_PLANES * job.bands;
    if (pool)
        vf_pool_run(pool, tasks, orient_band, &job);
    else
        for (int k = 0; k < tasks; k++)
            orient_band(&job, k, 0);
}
