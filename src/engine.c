#include "engine.h"

#include <stdio.h>
#include <stdlib.h>

#include "cpu.h"
#include "gpu.h"
#include "notice.h"
#include "timing.h"
#include "variants.h"

enum { MAX_RING = 16 };

struct in_flight {
    const struct vf_frame *src;
    struct vf_frame *dst;
    void *tag;
    const struct vf_filter *filter;
    enum vf_border border;
};

struct vf_engine {
    struct vf_engine_config cfg;
    struct vf_cpu_fast *cpu;
    struct vf_gpu *gpu;
    bool gpu_output; /* the GPU produces output; else the CPU */
    bool gpu_check;  /* both: the GPU redoes every CPU frame for comparison */
    struct vf_frame check;
    long checked, mismatches, first_mismatch, pushed;
    struct in_flight pending[MAX_RING];
    int head, count;
};

struct vf_engine *vf_engine_open(const struct vf_engine_config *cfg, char *err, size_t errlen)
{
    struct vf_engine *e = calloc(1, sizeof(*e));
    if (!e) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    e->cfg = *cfg;
    if (e->cfg.ring < 1 || e->cfg.ring > MAX_RING)
        e->cfg.ring = 4;
    e->first_mismatch = -1;
    char why[256];
    if (cfg->choice == VF_USE_GPU) {
        e->gpu = vf_gpu_open(cfg->width, cfg->height, e->cfg.ring, why, sizeof(why));
        if (!e->gpu) {
            snprintf(err, errlen, "--engine gpu: %s", why);
            goto fail;
        }
        e->gpu_output = true;
        return e;
    }
    e->cpu = vf_cpu_fast_create(cfg->threads);
    if (!e->cpu) {
        snprintf(err, errlen, "cannot start the CPU engine's threads");
        goto fail;
    }
    if (cfg->choice == VF_USE_BOTH) {
        e->gpu = vf_gpu_open(cfg->width, cfg->height, 1, why, sizeof(why));
        if (e->gpu && vf_gpu_frame_alloc(&e->check, cfg->width, cfg->height) == 0)
            e->gpu_check = true;
        else
            vf_notify(e->cfg.notice, e->cfg.notice_ctx, "no GPU check (%s); CPU only",
                      e->gpu ? "out of memory" : why);
    }
    return e;
fail:
    vf_engine_close(e);
    return NULL;
}

void vf_engine_close(struct vf_engine *e)
{
    if (!e)
        return;
    vf_gpu_close(e->gpu);
    vf_cpu_fast_destroy(e->cpu);
    vf_frame_free(&e->check);
    free(e);
}

static void stop_checking(struct vf_engine *e, const char *why)
{
    vf_notify(e->cfg.notice, e->cfg.notice_ctx, "GPU check stopped after %ld frames: %s",
              e->checked, why);
    e->gpu_check = false;
}

/* The GPU makes its copy of the frame while the CPU makes the frame itself. */
static bool start_check(struct vf_engine *e, const struct in_flight *job)
{
    char err[256];
    struct vf_gpu_job gj = {
        .filter = job->filter, .border = job->border, .variant = e->cfg.gpu_variant, .block = 16};
    if (vf_gpu_submit_frames(e->gpu, &gj, job->src, &e->check, err, sizeof(err)) == 0)
        return true;
    stop_checking(e, err);
    return false;
}

/* cpu_made: whether job->dst holds the CPU's frame to compare with (else the GPU's is dropped) */
static void finish_check(struct vf_engine *e, const struct in_flight *job, bool cpu_made)
{
    const struct vf_frame *made;
    char err[256];
    if (vf_gpu_collect(e->gpu, &made, NULL, err, sizeof(err))) {
        stop_checking(e, err);
        return;
    }
    if (cpu_made) {
        if (!vf_frame_equal(made, job->dst, vf_cpu_fast_pool(e->cpu)) && e->mismatches++ == 0)
            e->first_mismatch = e->checked;
        e->checked++;
    }
    vf_gpu_release(e->gpu);
}

static int cpu_run(struct vf_engine *e, const struct in_flight *job, vf_engine_emit emit, void *ctx,
                   char *err, size_t errlen)
{
    const bool checking = e->gpu_check && start_check(e, job);
    double started = vf_now_ms();
    int failed = vf_cpu_fast_run(e->cpu, job->filter, job->border, job->src, job->dst);
    double ms = vf_now_ms() - started;
    if (checking)
        finish_check(e, job, !failed);
    if (failed) {
        snprintf(err, errlen, "CPU engine: out of memory");
        return -1;
    }
    if (emit(job->tag, ms, ctx)) {
        snprintf(err, errlen, "stopped");
        return -1;
    }
    return 0;
}

/* Takes the oldest pending frame off the ring and makes it on the CPU. */
static int cpu_run_oldest(struct vf_engine *e, vf_engine_emit emit, void *ctx, char *err,
                          size_t errlen)
{
    struct in_flight job = e->pending[e->head];
    e->head = (e->head + 1) % MAX_RING;
    e->count--;
    return cpu_run(e, &job, emit, ctx, err, errlen);
}

/* CUDA failed: say so once, then redo the frames the GPU held on the CPU, in order. */
static int fall_back_to_cpu(struct vf_engine *e, const char *why, vf_engine_emit emit, void *ctx,
                            char *err, size_t errlen)
{
    vf_notify(e->cfg.notice, e->cfg.notice_ctx,
              "GPU failed after %ld frames (%s); continuing on the CPU", e->pushed - e->count, why);
    vf_gpu_close(e->gpu);
    e->gpu = NULL;
    e->gpu_output = false;
    if (!e->cpu && !(e->cpu = vf_cpu_fast_create(e->cfg.threads))) {
        snprintf(err, errlen, "GPU failed (%s) and the CPU engine cannot start", why);
        return -1;
    }
    while (e->count) {
        if (cpu_run_oldest(e, emit, ctx, err, errlen))
            return -1;
    }
    return 0;
}

static int gpu_collect_one(struct vf_engine *e, vf_engine_emit emit, void *ctx, char *err,
                           size_t errlen)
{
    const struct vf_frame *result;
    struct vf_gpu_timing timing;
    char why[256];
    if (vf_gpu_collect(e->gpu, &result, &timing, why, sizeof(why)))
        return fall_back_to_cpu(e, why, emit, ctx, err, errlen);
    struct in_flight job = e->pending[e->head];
    e->head = (e->head + 1) % MAX_RING;
    e->count--;
    if (result != job.dst)
        vf_frame_copy(job.dst, result);
    vf_gpu_release(e->gpu);
    if (emit(job.tag, timing.total_ms, ctx)) {
        snprintf(err, errlen, "stopped");
        return -1;
    }
    return 0;
}

int vf_engine_push(struct vf_engine *e, const struct vf_filter *f, enum vf_border border,
                   const struct vf_frame *src, struct vf_frame *dst, void *tag, vf_engine_emit emit,
                   void *ctx, char *err, size_t errlen)
{
    struct in_flight job = {src, dst, tag, f, border};
    e->pushed++;
    while (e->gpu_output && !vf_gpu_slot_free(e->gpu))
        if (gpu_collect_one(e, emit, ctx, err, errlen))
            return -1;
    if (!e->gpu_output)
        return cpu_run(e, &job, emit, ctx, err, errlen);
    e->pending[(e->head + e->count) % MAX_RING] = job;
    e->count++;
    struct vf_gpu_job gj = {
        .filter = f, .border = border, .variant = e->cfg.gpu_variant, .block = 16};
    char why[256];
    int failed;
    /* pinned frames go to the GPU and back as they are; others through the ring's own */
    if (vf_gpu_frame_pinned(src) && vf_gpu_frame_pinned(dst)) {
        failed = vf_gpu_submit_frames(e->gpu, &gj, src, dst, why, sizeof(why));
    } else {
        struct vf_frame *staging = vf_gpu_input(e->gpu, why, sizeof(why));
        if (staging)
            vf_frame_copy(staging, src);
        failed = !staging || vf_gpu_submit(e->gpu, &gj, why, sizeof(why));
    }
    if (failed)
        return fall_back_to_cpu(e, why, emit, ctx, err, errlen);
    return 0;
}

int vf_engine_flush(struct vf_engine *e, vf_engine_emit emit, void *ctx, char *err, size_t errlen)
{
    /* after a fallback that was stopped half-way, frames may wait here for the CPU */
    while (e->count) {
        if (e->gpu_output) {
            if (gpu_collect_one(e, emit, ctx, err, errlen))
                return -1;
            continue;
        }
        if (cpu_run_oldest(e, emit, ctx, err, errlen))
            return -1;
    }
    return 0;
}

void vf_engine_describe(const struct vf_engine *e, char *buf, size_t len)
{
    if (e->gpu_output) {
        snprintf(buf, len, "gpu %s", vf_gpu_variant_names[e->cfg.gpu_variant]);
        return;
    }
    const int threads = vf_cpu_fast_threads(e->cpu);
    snprintf(buf, len, "cpu fast, %d thread%s", threads, threads == 1 ? "" : "s");
}

void vf_engine_check_result(const struct vf_engine *e, long *checked, long *mismatches, long *first)
{
    *checked = e->checked;
    *mismatches = e->mismatches;
    *first = e->first_mismatch;
}

void vf_engine_inject_gpu_failure(struct vf_engine *e, int after)
{
    if (e->gpu)
        vf_gpu_inject_failure(e->gpu, after);
}

void vf_engine_limit_gpu_pinned(struct vf_engine *e, size_t bytes)
{
    if (e->gpu)
        vf_gpu_limit_pinned(e->gpu, bytes);
}
