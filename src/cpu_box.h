/* Box filters on the fast CPU engine. Every tap is the same (f->flat_tap), so an output is that
 * tap times the sum of its window, and running sums make that sum in a few operations a pixel
 * at any size, as OpenCV's blur does. cpu_fast.c walks one band of one plane with it. */
#ifndef VF_CPU_BOX_H
#define VF_CPU_BOX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "filter.h"
#include "frame.h"

struct vf_box_walk {
    const struct vf_frame *in;
    int plane, border, radius;
    int y;          /* the output row whose window the column sums hold */
    uint16_t *sums; /* radius + width + radius: the window's column sums, bordered both sides */
    /* as many again, twice: the sums of 2, then 4, then 8 neighbouring column sums */
    uint16_t *pairs, *quads;
};

bool vf_box_fits(const struct vf_filter *f);
/* Bytes of scratch memory a walk over rows `width` wide needs. */
size_t vf_box_scratch_bytes(int width);
/* Starts a walk at output row y in `scratch` (vf_box_scratch_bytes of it, 2-byte aligned). */
void vf_box_start(struct vf_box_walk *walk, const struct vf_frame *in, int plane, int border,
                  int radius, int y, void *scratch);
/* Moves the window one row down. */
void vf_box_down(struct vf_box_walk *walk);
/* The sums of the current row's windows, one a pixel, into window[0..width). */
void vf_box_row(const struct vf_box_walk *walk, int32_t *window);

#endif
