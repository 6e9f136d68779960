/* Times vf_frame_orient on a random 3840x2160 frame against a plain copy of it, every
 * orientation, mean of 20 after 3 warm-up runs (BENCHMARKS.md, "Turning pictures").
 *   cc -O3 -std=c11 -D_GNU_SOURCE -Isrc tools/time_orient.c src/orient.c src/frame.c \
 *      -o /tmp/time_orient && /tmp/time_orient */
#include <stdio.h>
#include <time.h>

#include "orient.h"

enum { WIDTH = 3840, HEIGHT = 2160, WARMUP = 3, RUNS = 20 };

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

int main(void)
{
    struct vf_frame src, wide, tall;
    if (vf_frame_alloc(&src, WIDTH, HEIGHT) || vf_frame_alloc(&wide, WIDTH, HEIGHT) ||
        vf_frame_alloc(&tall, HEIGHT, WIDTH)) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }
    vf_frame_fill_random(&src, 1);
    for (int k = -1; k < 8; k++) { /* -1: the copy */
        const struct vf_orientation o = {k >= 4, k >= 0 && (k & 2), k >= 0 && (k & 1)};
        struct vf_frame *dst = o.transpose ? &tall : &wide;
        double started = 0;
        for (int i = 0; i < WARMUP + RUNS; i++) {
            if (i == WARMUP)
                started = now_ms();
            if (k < 0)
                vf_frame_copy(dst, &src);
            else
                vf_frame_orient(dst, &src, o);
        }
        printf("%-46s %6.2f ms\n",
               k < 0    ? "copy"
               : k == 0 ? "as stored"
                        : vf_orientation_name(o),
               (now_ms() - started) / RUNS);
    }
    vf_frame_free(&src);
    vf_frame_free(&wide);
    vf_frame_free(&tall);
    return 0;
}
