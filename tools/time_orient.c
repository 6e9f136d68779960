/* Times vf_frame_orient on a random 3840x2160 frame against a plain copy of it, every
 * orientation, on one thread and on a pool of one per core, mean of 20 after 3 warm-up runs
 * (BENCHMARKS.md, "Turning pictures").
 *   cc -O3 -std=c11 -D_GNU_SOURCE -Isrc tools/time_orient.c src/orient.c src/frame.c \
 *      src/threadpool.c -lpthread -o /tmp/time_orient && /tmp/time_orient */
#include <stdio.h>
#include <time.h>

#include "orient.h"
#include "threadpool.h"

enum { WIDTH = 3840, HEIGHT = 2160, WARMUP = 3, RUNS = 20 };

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* mean ms of one copy (k < 0) or turn by orientation k */
static double time_one(int k, struct vf_frame *dst, const struct vf_frame *src,
                       struct vf_pool *pool)
{
    const struct vf_orientation o = {k >= 4, k >= 0 && (k & 2), k >= 0 && (k & 1)};
    double started = 0;
    for (int i = 0; i < WARMUP + RUNS; i++) {
        if (i == WARMUP)
            started = now_ms();
        if (k < 0)
            vf_frame_copy(dst, src);
        else
            vf_frame_orient(dst, src, o, pool);
    }
    return (now_ms() - started) / RUNS;
}

int main(void)
{
    struct vf_frame src, wide, tall;
    struct vf_pool *pool = vf_pool_create(0);
    if (!pool || vf_frame_alloc(&src, WIDTH, HEIGHT) || vf_frame_alloc(&wide, WIDTH, HEIGHT) ||
        vf_frame_alloc(&tall, HEIGHT, WIDTH)) {
        fprintf(stderr, "out of memory, or no threads\n");
        return 1;
    }
    vf_frame_fill_random(&src, 1);
    printf("%-46s %9s %9s (%d threads)\n", "4K frame, ms", "1 thread", "pool",
           vf_pool_threads(pool));
    for (int k = -1; k < 8; k++) { /* -1: the copy */
        const struct vf_orientation o = {k >= 4, k >= 0 && (k & 2), k >= 0 && (k & 1)};
        struct vf_frame *dst = o.transpose ? &tall : &wide;
        const double one = time_one(k, dst, &src, NULL);
        printf("%-46s %9.2f", k < 0 ? "copy" : k == 0 ? "as stored" : vf_orientation_name(o), one);
        if (k >= 0)
            printf(" %9.2f", time_one(k, dst, &src, pool));
        printf("\n");
    }
    vf_frame_free(&src);
    vf_frame_free(&wide);
    vf_frame_free(&tall);
    vf_pool_destroy(pool);
    return 0;
}
