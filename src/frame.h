/* A planar 8-bit RGB frame: the one picture type passed between modules. */
#ifndef VF_FRAME_H
#define VF_FRAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define VF_PLANES   3
#define VF_MAX_SIDE 65536 /* the widest and tallest frame vf_frame_alloc makes */

struct vf_frame {
    int width, height;
    ptrdiff_t stride;          /* bytes between rows, the same for every plane */
    uint8_t *plane[VF_PLANES]; /* G, B, R order is the caller's business; engines treat all alike */
    void *storage;             /* owned allocation, NULL when the planes are borrowed */
    void (*release)(void *storage); /* frees storage; NULL: free() (gpu.h's pinned frames differ) */
};

/* How a module that makes frames for others allocates them (vf_frame_alloc, or gpu.h's
 * vf_gpu_frame_alloc for frames that go to the GPU). */
typedef int (*vf_frame_allocator)(struct vf_frame *f, int width, int height);

/* Allocates three planes with rows aligned to 64 bytes. Returns 0, or -1 when out of memory
 * or a side is not in 1..VF_MAX_SIDE. */
int vf_frame_alloc(struct vf_frame *f, int width, int height);
/* The bytes such a frame takes (a side in 1..VF_MAX_SIDE). */
size_t vf_frame_bytes(int width, int height);
/* The same layout in memory from get_bytes (aligned to 64 bytes at least), which vf_frame_free
 * gives back to release: for memory of another kind, such as the GPU's pinned memory. */
int vf_frame_alloc_from(struct vf_frame *f, int width, int height, void *(*get_bytes)(size_t),
                        void (*release)(void *storage));
void vf_frame_free(struct vf_frame *f);

/* Fills every byte of the visible area from a xorshift generator seeded by `seed`. */
void vf_frame_fill_random(struct vf_frame *f, uint64_t seed);
/* Sets every byte of every row, padding included, to `value` (tests poison outputs this way). */
void vf_frame_fill(struct vf_frame *f, uint8_t value);
/* Index of the first differing byte in row-major plane order, or -1 when equal. */
long vf_frame_compare(const struct vf_frame *a, const struct vf_frame *b, int *plane, int *x,
                      int *y);
void vf_frame_copy(struct vf_frame *dst, const struct vf_frame *src);

struct vf_pool;
/* Whether the visible bytes of two frames of the same size are equal: bands of rows compared on
 * the pool's threads (NULL: the caller's alone), since one thread takes as long at 4K as the CPU
 * engine takes to filter the picture. */
bool vf_frame_equal(const struct vf_frame *a, const struct vf_frame *b, struct vf_pool *pool);

#endif
