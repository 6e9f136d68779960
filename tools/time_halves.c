/* The window's work on one picture (playback.c, filter_picture), timed on a GPU machine three
 * ways: as it was until the forty-seventh session, the CPU half and then the GPU half from
 * ordinary memory, waited for; the GPU half's copies from and to pinned memory
 * (vf_gpu_frame_alloc) under way while the CPU makes its half; and that again with the
 * comparison of the halves (the window's "identical" mark, inside every time here) on the CPU
 * engine's threads instead of one (vf_frame_equal). Prints, per filter and size, the mean
 * and median milliseconds a picture and the GPU half's own time (CUDA events, what the overlay
 * shows), 60 pictures after 5 (BENCHMARKS.md, "The window's two halves at once").
 *   meson setup build-dev -Dviewer=disabled -Dmedia=disabled && ninja -C build-dev
 *   cc -O2 -std=c11 -D_GNU_SOURCE -Isrc tools/time_halves.c build-dev/src/libvfgpu.a \
 *      build-dev/src/libvfkernels.a build-dev/src/libvfcore.a -L/usr/local/cuda/lib64 \
 *      -lcudart -lnppif -lnppc -lstdc++ -lpthread -lm -o /tmp/time_halves && /tmp/time_halves
 * (-lnppif -lnppc only where the build has NPP, as the GPU machine's does) */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "cpu.h"
#include "gpu.h"
#include "timing.h"
#include "variants.h"

enum { WARMUP = 5, RUNS = 60 };

struct halves {
    struct vf_frame in, cpu_out, gpu_out;
};

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* One way of making a picture's two halves; returns the GPU half's own ms, < 0 on failure. */
typedef float (*picture_fn)(struct vf_cpu_fast *cpu, struct vf_gpu *g, const struct vf_gpu_job *job,
                            struct halves *h);

static float one_after_the_other(struct vf_cpu_fast *cpu, struct vf_gpu *g,
                                 const struct vf_gpu_job *job, struct halves *h)
{
    struct vf_gpu_timing t;
    char err[256];
    vf_cpu_fast_run(cpu, job->filter, job->border, &h->in, &h->cpu_out);
    if (vf_gpu_run(g, job, &h->in, &h->gpu_out, &t, err, sizeof(err))) {
        fprintf(stderr, "time_halves: %s\n", err);
        return -1;
    }
    return t.total_ms;
}

static float at_once(struct vf_cpu_fast *cpu, struct vf_gpu *g, const struct vf_gpu_job *job,
                     struct halves *h)
{
    struct vf_gpu_timing t;
    const struct vf_frame *made;
    char err[256];
    if (vf_gpu_submit_frames(g, job, &h->in, &h->gpu_out, err, sizeof(err)))
        goto fail;
    vf_cpu_fast_run(cpu, job->filter, job->border, &h->in, &h->cpu_out);
    if (vf_gpu_collect(g, &made, &t, err, sizeof(err)))
        goto fail;
    vf_gpu_release(g);
    return t.total_ms;
fail:
    fprintf(stderr, "time_halves: %s\n", err);
    return -1;
}

/* pooled: the halves compared on the CPU engine's threads (vf_frame_equal), else on one */
static int time_way(const char *name, picture_fn make, bool pooled, struct vf_cpu_fast *cpu,
                    struct vf_gpu *g, const struct vf_gpu_job *job, struct halves *h)
{
    double ms[RUNS], gpu_ms = 0;
    for (int i = 0; i < WARMUP + RUNS; i++) {
        double started = vf_now_ms();
        float gpu = make(cpu, g, job, h);
        if (gpu < 0)
            return -1;
        if (pooled ? !vf_frame_equal(&h->cpu_out, &h->gpu_out, vf_cpu_fast_pool(cpu))
                   : vf_frame_compare(&h->cpu_out, &h->gpu_out, NULL, NULL, NULL) >= 0) {
            fprintf(stderr, "time_halves: %s: the halves differ\n", name);
            return -1;
        }
        if (i >= WARMUP) {
            ms[i - WARMUP] = vf_now_ms() - started;
            gpu_ms += gpu;
        }
    }
    double mean = 0;
    for (int i = 0; i < RUNS; i++)
        mean += ms[i] / RUNS;
    qsort(ms, RUNS, sizeof(ms[0]), compare_doubles);
    printf("  %-38s picture %6.2f ms mean, %6.2f median; GPU half %5.2f ms\n", name, mean,
           ms[RUNS / 2], gpu_ms / RUNS);
    return 0;
}

static int run_size(struct vf_cpu_fast *cpu, int w, int h_px, const char *const *specs, int count)
{
    char err[256];
    struct vf_gpu *g = vf_gpu_open(w, h_px, 1, err, sizeof(err));
    struct halves plain = {0}, pinned = {0};
    int status = -1;
    if (!g) {
        fprintf(stderr, "time_halves: %s\n", err);
        return -1;
    }
    if (vf_frame_alloc(&plain.in, w, h_px) || vf_frame_alloc(&plain.cpu_out, w, h_px) ||
        vf_frame_alloc(&plain.gpu_out, w, h_px) || vf_gpu_frame_alloc(&pinned.in, w, h_px) ||
        vf_frame_alloc(&pinned.cpu_out, w, h_px) || vf_gpu_frame_alloc(&pinned.gpu_out, w, h_px) ||
        !vf_gpu_frame_pinned(&pinned.in) || !vf_gpu_frame_pinned(&pinned.gpu_out)) {
        fprintf(stderr, "time_halves: no pinned memory\n");
        goto done;
    }
    vf_frame_fill_random(&plain.in, 7);
    vf_frame_copy(&pinned.in, &plain.in);
    for (int i = 0; i < count; i++) {
        struct vf_filter f;
        if (vf_filter_parse(specs[i], &f, err, sizeof(err))) {
            fprintf(stderr, "time_halves: %s\n", err);
            goto done;
        }
        struct vf_gpu_job job = {&f, VF_BORDER_CLAMP, VF_GPU_FAST, 16, false};
        printf("%dx%d %s, CPU on %d threads:\n", w, h_px, specs[i], vf_cpu_fast_threads(cpu));
        if (time_way("CPU, then GPU from ordinary memory", one_after_the_other, false, cpu, g, &job,
                     &plain) ||
            time_way("GPU from pinned memory during the CPU", at_once, false, cpu, g, &job,
                     &pinned) ||
            time_way("the same, halves compared on the pool", at_once, true, cpu, g, &job, &pinned))
            goto done;
    }
    status = 0;
done:
    vf_frame_free(&plain.in);
    vf_frame_free(&plain.cpu_out);
    vf_frame_free(&plain.gpu_out);
    vf_frame_free(&pinned.in);
    vf_frame_free(&pinned.cpu_out);
    vf_frame_free(&pinned.gpu_out);
    vf_gpu_close(g);
    return status;
}

int main(void)
{
    static const char *const specs[] = {"sharpen", "gaussian:size=5", "box:size=15"};
    struct vf_cpu_fast *cpu = vf_cpu_fast_create(0);
    if (!cpu)
        return 1;
    int status = run_size(cpu, 1920, 1080, specs, 3) || run_size(cpu, 3840, 2160, specs, 3);
    vf_cpu_fast_destroy(cpu);
    return status;
}
