/* Times convert.c's swscale conversions of a random 3840x2160 picture with 1, 2, 4... threads
 * up to the cores: yuv420p to planar RGB (the decoder's) and back (the recorder's), mean of 20
 * after 3 warm-up runs, and checks that every thread count gives the bytes one thread gives
 * (BENCHMARKS.md, "Conversions on several threads").
 *   cc -O2 -std=c11 -D_GNU_SOURCE -Isrc tools/time_convert.c src/convert.c src/frame.c \
 *      src/threadpool.c $(pkg-config --cflags --libs libswscale libavutil) -lpthread \
 *      -o /tmp/time_convert && /tmp/time_convert
 * Optional arguments: WIDTH HEIGHT. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <libavutil/cpu.h>
#include <libavutil/log.h>

#include "convert.h"

enum { WARMUP = 3, RUNS = 20 };

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static AVFrame *yuv420p(int w, int h)
{
    AVFrame *f = av_frame_alloc();
    if (!f)
        return NULL;
    f->format = AV_PIX_FMT_YUV420P;
    f->width = w;
    f->height = h;
    if (av_frame_get_buffer(f, 0) < 0) {
        av_frame_free(&f);
        return NULL;
    }
    unsigned state = 1;
    for (int i = 0; i < AV_NUM_DATA_POINTERS && f->buf[i]; i++)
        for (size_t k = 0; k < f->buf[i]->size; k++)
            f->buf[i]->data[k] = (uint8_t)((state = state * 1103515245u + 12345u) >> 16);
    return f;
}

/* mean ms of one conversion: to planar (`back` NULL) or back to yuv420p */
static double time_one(struct vf_converter *c, AVFrame *yuv, struct vf_frame *rgb, int back)
{
    char err[256];
    double started = 0;
    for (int i = 0; i < WARMUP + RUNS; i++) {
        if (i == WARMUP)
            started = now_ms();
        if (back ? vf_convert_from_planar(c, rgb, yuv, err, sizeof(err))
                 : vf_convert_to_planar(c, yuv, rgb, err, sizeof(err))) {
            fprintf(stderr, "%s\n", err);
            return -1;
        }
    }
    return (now_ms() - started) / RUNS;
}

int main(int argc, char **argv)
{
    const int w = argc > 2 ? atoi(argv[1]) : 3840, h = argc > 2 ? atoi(argv[2]) : 2160;
    const int cores = av_cpu_count();
    av_log_set_level(AV_LOG_ERROR);
    AVFrame *source = yuv420p(w, h), *one_back = yuv420p(w, h), *back = yuv420p(w, h);
    struct vf_frame one_rgb, rgb;
    if (!source || !one_back || !back || vf_frame_alloc(&one_rgb, w, h) ||
        vf_frame_alloc(&rgb, w, h)) {
        fprintf(stderr, "out of memory\n");
        return 1;
    }
    printf("%dx%d, %d cores: threads, ms yuv420p -> planar RGB, ms planar RGB -> yuv420p\n", w, h,
           cores);
    int status = 0;
    for (int threads = 1;; threads = threads * 2 < cores ? threads * 2 : cores) {
        struct vf_converter *c = vf_converter_create(threads);
        struct vf_frame *to = threads == 1 ? &one_rgb : &rgb;
        AVFrame *yuv = threads == 1 ? one_back : back;
        double in = c ? time_one(c, source, to, 0) : -1;
        double out = in >= 0 ? time_one(c, yuv, to, 1) : -1;
        vf_converter_destroy(c);
        if (in < 0 || out < 0)
            return 1;
        int same = threads == 1 ||
                   (vf_frame_compare(&one_rgb, &rgb, NULL, NULL, NULL) < 0 &&
                    !memcmp(one_back->buf[0]->data, back->buf[0]->data, one_back->buf[0]->size));
        printf("%3d %8.2f %8.2f%s\n", threads, in, out, same ? "" : "  DIFFERS from 1 thread");
        status |= !same;
        if (threads == cores)
            break;
    }
    av_frame_free(&source);
    av_frame_free(&one_back);
    av_frame_free(&back);
    vf_frame_free(&one_rgb);
    vf_frame_free(&rgb);
    return status;
}
