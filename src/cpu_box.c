/* Running sums for box filters. Down: each column's sum over the window's rows moves one row a
 * step, a row entering and one leaving, in 16-bit lanes (at most 31 x 255 = 7905). Across:
 * windows of 3 to 7 columns are added at once in 16 bits; wider ones step 8 outputs at a time,
 * each the one 8 to its left plus the 8 columns entering and less the 8 leaving, from sums of 8
 * neighbouring columns. Every loop is one the compiler vectorises, and the sums are exact
 * integers, which keeps the outputs equal to cpu_ref's. */
#include "cpu_box.h"
#include "simd_clones.h"

#include <string.h>

bool vf_box_fits(const struct vf_filter *f)
{
    return f->flat_tap != 0 && f->size >= 3; /* a custom 1x1 matrix is a plain scale */
}

static size_t columns(int width)
{
    return (size_t)width + 2 * VF_MAX_RADIUS;
}

size_t vf_box_scratch_bytes(int width)
{
    return 3 * columns(width) * sizeof(uint16_t);
}

/* Source row y under the border rule; NULL for a row of zeros. */
static const uint8_t *source_row(const struct vf_box_walk *walk, int y)
{
    int sy = vf_border_index(y, walk->in->height, walk->border);
    return sy < 0 ? NULL : walk->in->plane[walk->plane] + (ptrdiff_t)sy * walk->in->stride;
}

VF_SIMD_CLONES static void add_row(uint16_t *restrict sums, const uint8_t *restrict row, int w)
{
    for (int x = 0; x < w; x++)
        sums[x] = (uint16_t)(sums[x] + row[x]);
}

VF_SIMD_CLONES static void sub_row(uint16_t *restrict sums, const uint8_t *restrict row, int w)
{
    for (int x = 0; x < w; x++)
        sums[x] = (uint16_t)(sums[x] - row[x]);
}

/* The 16-bit arithmetic wraps in between and is exact at the end, as each sum lands in
 * 0..7905. */
VF_SIMD_CLONES static void swap_row(uint16_t *restrict sums, const uint8_t *restrict in,
                                    const uint8_t *restrict out, int w)
{
    for (int x = 0; x < w; x++)
        sums[x] = (uint16_t)(sums[x] + in[x] - out[x]);
}

/* The sums of the columns left and right of the frame, as the border rule maps them. */
static void border_columns(struct vf_box_walk *walk)
{
    int r = walk->radius, w = walk->in->width;
    uint16_t *mid = walk->sums + r;
    for (int k = 1; k <= r; k++) {
        int left = vf_border_index(-k, w, walk->border);
        int right = vf_border_index(w - 1 + k, w, walk->border);
        mid[-k] = left < 0 ? 0 : mid[left];
        mid[w - 1 + k] = right < 0 ? 0 : mid[right];
    }
}

void vf_box_start(struct vf_box_walk *walk, const struct vf_frame *in, int plane, int border,
                  int radius, int y, void *scratch)
{
    size_t cols = columns(in->width);
    uint16_t *sums = scratch;
    *walk = (struct vf_box_walk){in, plane, border, radius, y, sums, sums + cols, sums + 2 * cols};
    uint16_t *mid = sums + radius;
    memset(mid, 0, (size_t)in->width * sizeof(*mid));
    for (int i = y - radius; i <= y + radius; i++) {
        const uint8_t *row = source_row(walk, i);
        if (row)
            add_row(mid, row, in->width);
    }
    border_columns(walk);
}

void vf_box_down(struct vf_box_walk *walk)
{
    const uint8_t *in = source_row(walk, walk->y + walk->radius + 1);
    const uint8_t *out = source_row(walk, walk->y - walk->radius);
    uint16_t *mid = walk->sums + walk->radius;
    int w = walk->in->width;
    if (in && out)
        swap_row(mid, in, out, w);
    else if (in)
        add_row(mid, in, w);
    else if (out)
        sub_row(mid, out, w);
    walk->y++;
    border_columns(walk);
}

/* out[i] = in[i] + in[i + step] for i < count: sums of 2, 4 and 8 neighbours, each from the one
 * before (8 x 7905 still fits 16 bits). */
VF_SIMD_CLONES static void pair_sums(uint16_t *restrict out, const uint16_t *restrict in, int step,
                                     int count)
{
    for (int i = 0; i < count; i++)
        out[i] = (uint16_t)(in[i] + in[i + step]);
}

/* window[x] = window[x - 8] + (the 8 columns entering) - (the 8 leaving): a chain that steps 8
 * outputs at a time, so the compiler runs it 8 lanes wide. */
VF_SIMD_CLONES static void slide_eights(int32_t *restrict window, const uint16_t *restrict eights,
                                        int n, int w)
{
    for (int x = 8; x < w; x++)
        window[x] = window[x - 8] + eights[x + n - 8] - eights[x - 8];
}

/* Windows of up to 8 columns fit 16 bits and take few enough loads to add at once. */
#define DEFINE_DIRECT(name, n)                                                                     \
    VF_SIMD_CLONES static void name(int32_t *restrict window, const uint16_t *restrict sums,       \
                                    int w)                                                         \
    {                                                                                              \
        for (int x = 0; x < w; x++) {                                                              \
            uint16_t sum = 0;                                                                      \
            for (int k = 0; k < (n); k++)                                                          \
                sum = (uint16_t)(sum + sums[x + k]);                                               \
            window[x] = sum;                                                                       \
        }                                                                                          \
    }
DEFINE_DIRECT(direct_3, 3)
DEFINE_DIRECT(direct_5, 5)
DEFINE_DIRECT(direct_7, 7)

void vf_box_row(const struct vf_box_walk *walk, int32_t *window)
{
    const uint16_t *sums = walk->sums; /* sums[x .. x + n - 1] make window[x] */
    int w = walk->in->width, n = 2 * walk->radius + 1, columns = w + n - 1;
    if (n <= 7) {
        (n == 3 ? direct_3 : n == 5 ? direct_5 : direct_7)(window, sums, w);
        return;
    }
    for (int x = 0; x < w && x < 8; x++) {
        window[x] = 0;
        for (int k = 0; k < n; k++)
            window[x] += sums[x + k];
    }
    if (w <= 8)
        return;
    pair_sums(walk->pairs, sums, 1, columns - 1);
    pair_sums(walk->quads, walk->pairs, 2, columns - 3);
    pair_sums(walk->pairs, walk->quads, 4, columns - 7); /* eights, in the pairs' place */
    slide_eights(window, walk->pairs, n, w);
}
