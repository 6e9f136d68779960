/* A planar 8-bit RGB frame: the one picture type passed between modules. */
#ifndef VF_FRAME_H
#define VF_FRAME_H

#include <stddef.h>
#include <stdint.h>

#define VF_PLANES   3
#define VF_MAX_SIDE 65536 /* the widest and tallest frame vf_frame_alloc makes */

struct vf_frame {
    int width, height;
    ptrdiff_t stride;          /* bytes between rows, the same for every plane */
    uint8_t *plane[VF_PLANES]; /* G, B, R order is the caller's business; engines treat all alike */
    void *storage;             /* owned allocation, NULL when the planes are borrowed */
};

/* Allocates three planes with rows aligned to 64 bytes. Returns 0, or -1 when out of memory
 * or a side is not in 1..VF_MAX_SIDE. */
int vf_frame_alloc(struct vf_frame *f, int width, int height);
void vf_frame_free(struct vf_frame *f);

/* Fills every byte of the visible area from a xorshift generator seeded by `seed`. */
void vf_frame_fill_random(struct vf_frame *f, uint64_t seed);
/* Sets every byte of every row, padding included, to `value` (tests poison outputs this way). */
void vf_frame_fill(struct vf_frame *f, uint8_t value);
/* Index of the first differing byte in row-major plane order, or -1 when equal. */
long vf_frame_compare(const struct vf_frame *a, const struct vf_frame *b, int *plane, int *x,
                      int *y);
void vf_frame_copy(struct vf_frame *dst, const struct vf_frame *src);

#endif
