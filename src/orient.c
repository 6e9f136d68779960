#include "orient.h"

#include <stdlib.h>
#include <string.h>

/* Tiles of a transposition: a tile's source rows stay in the cache while its columns are read. */
enum { TILE = 32 };

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

static void flip_plane(uint8_t *dst, ptrdiff_t dst_stride, const uint8_t *src, ptrdiff_t src_stride,
                       int w, int h, struct vf_orientation o)
{
    for (int y = 0; y < h; y++) {
        const uint8_t *from = src + (o.flip_y ? h - 1 - y : y) * src_stride;
        uint8_t *to = dst + y * dst_stride;
        if (!o.flip_x) {
            memcpy(to, from, (size_t)w);
            continue;
        }
        for (int x = 0; x < w; x++)
            to[x] = from[w - 1 - x];
    }
}

/* shown w x h = stored h x w: shown row y is stored column sx, read down (or up) the rows */
static void transpose_plane(uint8_t *dst, ptrdiff_t dst_stride, const uint8_t *src,
                            ptrdiff_t src_stride, int stored_w, int stored_h,
                            struct vf_orientation o)
{
    const int w = stored_h, h = stored_w;
    const ptrdiff_t step = o.flip_x ? -src_stride : src_stride;
    for (int y0 = 0; y0 < h; y0 += TILE)
        for (int x0 = 0; x0 < w; x0 += TILE) {
            const int y1 = y0 + TILE < h ? y0 + TILE : h, x1 = x0 + TILE < w ? x0 + TILE : w;
            for (int y = y0; y < y1; y++) {
                const int sx = o.flip_y ? stored_w - 1 - y : y;
                const int sy = o.flip_x ? stored_h - 1 - x0 : x0;
                const uint8_t *from = src + sy * src_stride + sx;
                uint8_t *to = dst + y * dst_stride;
                for (int x = x0; x < x1; x++, from += step)
                    to[x] = *from;
            }
        }
}

void vf_frame_orient(struct vf_frame *dst, const struct vf_frame *src, struct vf_orientation o)
{
    for (int p = 0; p < VF_PLANES; p++) {
        if (o.transpose)
            transpose_plane(dst->plane[p], dst->stride, src->plane[p], src->stride, src->width,
                            src->height, o);
        else
            flip_plane(dst->plane[p], dst->stride, src->plane[p], src->stride, src->width,
                       src->height, o);
    }
}
