/* Which way up a picture is meant to be shown. Phones store portrait video as landscape
 * pictures and say in the file (a display matrix) how to turn them; players turn them, and so
 * does vfview, before filtering, so that what is filtered, shown and recorded is upright. Only
 * quarter turns and mirrors: the eight ways a grid of pixels maps onto itself. */
#ifndef VF_ORIENT_H
#define VF_ORIENT_H

#include <stdbool.h>
#include <stdint.h>

#include "frame.h"

/* Shown pixel (x, y) is stored pixel (sx, sy), where for a stored w x h picture:
 *   !transpose: sx = flip_x ? w-1-x : x, sy = flip_y ? h-1-y : y   (shown w x h)
 *    transpose: sy = flip_x ? h-1-x : x, sx = flip_y ? w-1-y : y   (shown h x w) */
struct vf_orientation {
    bool transpose, flip_x, flip_y;
};

/* From a display matrix as FFmpeg and ISO BMFF give it: 9 int32 in row order, a b u / c d v /
 * x y w, mapping stored (p, q) to shown (a p + c q + x, b p + d q + y). A matrix that is not a
 * quarter turn (a 30 degree rotation) gets the nearest one. */
struct vf_orientation vf_orientation_from_matrix(const int32_t matrix[9]);
bool vf_orientation_is_identity(struct vf_orientation o);
/* `first`, then `then` on what it shows: a file's own turn followed by the user's. */
struct vf_orientation vf_orientation_then(struct vf_orientation first, struct vf_orientation then);
/* The user's turn: `degrees` clockwise (0, 90, 180 or 270), then mirrored left to right. */
struct vf_orientation vf_orientation_user(int degrees, bool mirror);
/* For messages: "rotated 90° clockwise", "mirrored"...; "" for the identity. */
const char *vf_orientation_name(struct vf_orientation o);
/* The shown size of a stored w x h picture. */
void vf_orientation_size(struct vf_orientation o, int w, int h, int *shown_w, int *shown_h);
struct vf_pool;
/* dst (already of the shown size) = src as `o` shows it, every plane; on the pool's threads
 * (bands of rows) when `pool` is not NULL. */
void vf_frame_orient(struct vf_frame *dst, const struct vf_frame *src, struct vf_orientation o,
                     struct vf_pool *pool);

#endif
