#include "frame.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "threadpool.h"

enum { ROW_ALIGN = 64, EQUAL_BAND_ROWS = 64 };

static void *aligned_bytes(size_t bytes)
{
    return aligned_alloc(ROW_ALIGN, bytes);
}

static ptrdiff_t row_stride(int width)
{
    return ((ptrdiff_t)width + ROW_ALIGN - 1) / ROW_ALIGN * ROW_ALIGN;
}

size_t vf_frame_bytes(int width, int height)
{
    return (size_t)row_stride(width) * (size_t)height * VF_PLANES;
}

int vf_frame_alloc_from(struct vf_frame *f, int width, int height, void *(*get_bytes)(size_t),
                        void (*release)(void *storage))
{
    memset(f, 0, sizeof(*f));
    if (width <= 0 || height <= 0 || width > VF_MAX_SIDE || height > VF_MAX_SIDE)
        return -1;
    ptrdiff_t stride = row_stride(width);
    size_t plane_bytes = (size_t)stride * (size_t)height;
    uint8_t *mem = get_bytes(vf_frame_bytes(width, height));
    if (!mem)
        return -1;
    f->width = width;
    f->height = height;
    f->stride = stride;
    f->storage = mem;
    f->release = release;
    for (int p = 0; p < VF_PLANES; p++)
        f->plane[p] = mem + plane_bytes * (size_t)p;
    return 0;
}

int vf_frame_alloc(struct vf_frame *f, int width, int height)
{
    return vf_frame_alloc_from(f, width, height, aligned_bytes, NULL);
}

void vf_frame_free(struct vf_frame *f)
{
    if (f->release)
        f->release(f->storage);
    else
        free(f->storage);
    memset(f, 0, sizeof(*f));
}

void vf_frame_fill_random(struct vf_frame *f, uint64_t seed)
{
    uint64_t s = seed * 0x9E3779B97F4A7C15ull + 1;
    for (int p = 0; p < VF_PLANES; p++)
        for (int y = 0; y < f->height; y++) {
            uint8_t *row = f->plane[p] + y * f->stride;
            for (int x = 0; x < f->width; x++) {
                s ^= s << 13;
                s ^= s >> 7;
                s ^= s << 17;
                row[x] = (uint8_t)(s >> 24);
            }
        }
}

void vf_frame_fill(struct vf_frame *f, uint8_t value)
{
    for (int p = 0; p < VF_PLANES; p++)
        memset(f->plane[p], value, (size_t)f->stride * (size_t)f->height);
}

long vf_frame_compare(const struct vf_frame *a, const struct vf_frame *b, int *plane, int *x,
                      int *y)
{
    size_t row = (size_t)a->width;
    for (int p = 0; p < VF_PLANES; p++)
        for (int r = 0; r < a->height; r++) {
            const uint8_t *ra = a->plane[p] + r * a->stride, *rb = b->plane[p] + r * b->stride;
            if (memcmp(ra, rb, row) == 0) /* the common case, at memory speed */
                continue;
            int c = 0;
            while (ra[c] == rb[c])
                c++;
            if (plane)
                *plane = p;
            if (x)
                *x = c;
            if (y)
                *y = r;
            return ((long)p * a->height + r) * a->width + c;
        }
    return -1;
}

void vf_frame_copy(struct vf_frame *dst, const struct vf_frame *src)
{
    for (int p = 0; p < VF_PLANES; p++)
        for (int y = 0; y < src->height; y++)
            memcpy(dst->plane[p] + y * dst->stride, src->plane[p] + y * src->stride,
                   (size_t)src->width);
}

struct equal_job {
    const struct vf_frame *a, *b;
    int bands_a_plane;
    atomic_bool differ;
};

static void equal_band(void *ctx, int task, int worker)
{
    (void)worker;
    struct equal_job *job = ctx;
    if (atomic_load_explicit(&job->differ, memory_order_relaxed))
        return; /* another band has answered */
    const int p = task / job->bands_a_plane, first = task % job->bands_a_plane * EQUAL_BAND_ROWS;
    const int end =
        first + EQUAL_BAND_ROWS < job->a->height ? first + EQUAL_BAND_ROWS : job->a->height;
    for (int r = first; r < end; r++)
        if (memcmp(job->a->plane[p] + r * job->a->stride, job->b->plane[p] + r * job->b->stride,
                   (size_t)job->a->width)) {
            atomic_store_explicit(&job->differ, true, memory_order_relaxed);
            return;
        }
}

bool vf_frame_equal(const struct vf_frame *a, const struct vf_frame *b, struct vf_pool *pool)
{
    struct equal_job job = {.a = a, .b = b};
    job.bands_a_plane = (a->height + EQUAL_BAND_ROWS - 1) / EQUAL_BAND_ROWS;
    atomic_init(&job.differ, false);
    const int tasks = job.bands_a_plane * VF_PLANES;
    if (pool)
        vf_pool_run(pool, tasks, equal_band, &job);
    else
        for (int t = 0; t < tasks; t++)
            equal_band(&job, t, 0);
    return !atomic_load(&job.differ);
}
