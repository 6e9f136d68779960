/* The pipeline suite: a real file through every stage, one picture at a time so that each
 * stage's time is its own (decode, convert, upload, kernel, download, encode), then the real
 * threaded headless run of each engine end to end. */
#include "bench_suites.h"
#include "build_config.h"
#include "cpu.h"
#include "decode.h"
#include "gpu.h"
#include "headless.h"
#include "options.h"
#include "record.h"
#include "variants.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum {
    STAGE_DECODE,
    STAGE_CONVERT,
    STAGE_UPLOAD,
    STAGE_KERNEL,
    STAGE_DOWNLOAD,
    STAGE_ENCODE,
    STAGE_COUNT
};
static const char *const stage_names[STAGE_COUNT] = {"decode", "convert",  "upload",
                                                     "kernel", "download", "encode"};

struct stage_run {
    struct vf_decoder *decoder;
    struct vf_cpu_fast *cpu;
    struct vf_gpu *gpu;
    struct vf_recorder *recorder;
    struct vf_frame filtered, gpu_filtered;
    double cpu_ms[STAGE_COUNT], gpu_ms[STAGE_COUNT];
    long pictures;
    char recording[4200];
    char error[512];
};

static void add_stage_cell(struct bench_context *c, const char *suite, const char *engine,
                           const char *stage, const struct vf_bench_config *cfg, double ms,
                           long pictures)
{
    if (!vf_bench_listed(c->engines, engine))
        return;
    struct bench_cell *cell = bench_cell_new(&c->results, suite, cfg, engine, stage,
                                             strcmp(engine, "cpu") ? "pinned" : "host");
    if (!cell) {
        c->out_of_memory = true;
        return;
    }
    cell->block = 0;
    cell->streams = strcmp(engine, "cpu") ? 2 : 0;
    cell->runs = (int)pictures;
    cell->ms.median = cell->ms.min = cell->ms.max = ms / (double)pictures;
    snprintf(cell->note, sizeof(cell->note), "mean over %ld pictures", pictures);
}

/* One picture through every stage; the decoder thread timed its own part. */
static int process(struct stage_run *s, const struct vf_bench_config *cfg,
                   const struct vf_media_item *item)
{
    double decode = item->stage_ms - item->convert_ms;
    s->cpu_ms[STAGE_DECODE] += decode;
    s->gpu_ms[STAGE_DECODE] += decode;
    s->cpu_ms[STAGE_CONVERT] += item->convert_ms;
    s->gpu_ms[STAGE_CONVERT] += item->convert_ms;
    double t0 = vf_now_ms();
    if (vf_cpu_fast_run(s->cpu, &cfg->filter, cfg->border, &item->picture, &s->filtered)) {
        snprintf(s->error, sizeof(s->error), "the CPU engine failed");
        return -1;
    }
    s->cpu_ms[STAGE_KERNEL] += vf_now_ms() - t0;
    if (s->gpu) {
        struct vf_gpu_job job = {&cfg->filter, cfg->border, VF_GPU_FAST, cfg->block, false};
        const struct vf_frame *out;
        struct vf_gpu_timing t;
        /* from and to pinned pictures, as the engine takes the decoder's */
        if (vf_gpu_submit_frames(s->gpu, &job, &item->picture, &s->gpu_filtered, s->error,
                                 sizeof(s->error)) ||
            vf_gpu_collect(s->gpu, &out, &t, s->error, sizeof(s->error)))
            return -1;
        vf_gpu_release(s->gpu);
        s->gpu_ms[STAGE_UPLOAD] += t.upload_ms;
        s->gpu_ms[STAGE_KERNEL] += t.kernel_ms;
        s->gpu_ms[STAGE_DOWNLOAD] += t.download_ms;
    }
    t0 = vf_now_ms();
    if (vf_recorder_write_picture(s->recorder, &s->filtered, item->pts, item->serial, s->error,
                                  sizeof(s->error)))
        return -1;
    double encode = vf_now_ms() - t0;
    s->cpu_ms[STAGE_ENCODE] += encode;
    s->gpu_ms[STAGE_ENCODE] += encode;
    s->pictures++;
    return 0;
}

static int run_stages(struct bench_context *c, const char *input, struct stage_run *s,
                      struct vf_bench_config *cfg)
{
    struct vf_decoder_config dc = {.url = input,
                                   .allocate_picture = c->gpu_missing ? NULL : vf_gpu_frame_alloc};
    if (!(s->decoder = vf_decoder_open(&dc, s->error, sizeof(s->error))))
        return -1;
    const struct vf_source_info *info = vf_decoder_info(s->decoder);
    cfg->width = info->width;
    cfg->height = info->height;
    if (vf_frame_alloc(&s->filtered, info->width, info->height) ||
        !(s->cpu = vf_cpu_fast_create(cfg->threads))) {
        snprintf(s->error, sizeof(s->error), "out of memory");
        return -1;
    }
    cfg->threads = vf_cpu_fast_threads(s->cpu);
    if (!c->gpu_missing) {
        char err[256];
        s->gpu = vf_gpu_open(info->width, info->height, 2, err, sizeof(err));
        if (!s->gpu)
            fprintf(stderr, "vfview bench: pipeline: GPU stages skipped: %s\n", err);
        if (s->gpu && vf_gpu_frame_alloc(&s->gpu_filtered, info->width, info->height)) {
            snprintf(s->error, sizeof(s->error), "out of memory");
            return -1;
        }
    }
    snprintf(s->recording, sizeof(s->recording), "%s/pipeline-stages.mp4", c->out_dir);
    struct vf_record_config rc = {.path = s->recording,
                                  .width = info->width,
                                  .height = info->height,
                                  .sample_aspect = info->sample_aspect,
                                  .time_base = info->time_base,
                                  .frame_rate = info->frame_rate};
    if (!(s->recorder = vf_recorder_open(&rc, s->error, sizeof(s->error))) ||
        vf_decoder_start(s->decoder, s->error, sizeof(s->error)))
        return -1;
    struct vf_media_item *item;
    while (s->pictures < c->pipeline_frames && (item = vf_decoder_next(s->decoder))) {
        int rc2 = item->kind == VF_ITEM_VIDEO ? process(s, cfg, item) : 0;
        vf_item_release(item);
        if (rc2)
            return -1;
    }
    if (s->pictures == 0) {
        const char *why = vf_decoder_error(s->decoder);
        snprintf(s->error, sizeof(s->error), "%s: no picture decoded%s%s", input, why ? ": " : "",
                 why ? why : "");
        return -1;
    }
    double t0 = vf_now_ms();
    struct vf_recorder *r = s->recorder;
    s->recorder = NULL;
    if (vf_recorder_close(r, NULL, s->error, sizeof(s->error)))
        return -1;
    double flush = vf_now_ms() - t0; /* the encoder's delayed pictures come out here */
    s->cpu_ms[STAGE_ENCODE] += flush;
    s->gpu_ms[STAGE_ENCODE] += flush;
    return 0;
}

/* The real three-thread headless run of one engine, recording included. */
static void end_to_end(struct bench_context *c, const char *suite, const char *input,
                       const struct vf_bench_config *cfg, enum vf_engine_choice engine,
                       long pictures)
{
    const char *name = engine == VF_USE_GPU ? "gpu" : "cpu";
    if (!vf_bench_listed(c->engines, name) || (engine == VF_USE_GPU && c->gpu_missing))
        return;
    char output[4200];
    snprintf(output, sizeof(output), "%s/pipeline-%s.mp4", c->out_dir, name);
    struct vf_options o;
    memset(&o, 0, sizeof(o));
    o.input = input;
    o.filter = cfg->filter;
    o.border = cfg->border;
    o.engine = engine;
    o.gpu_variant = VF_GPU_FAST;
    o.output = output;
    o.no_window = true;
    o.frames = pictures;
    o.threads = c->base.threads;
    double t0 = vf_now_ms();
    int status = vf_headless_run(&o);
    double ms = vf_now_ms() - t0;
    unlink(output);
    struct bench_cell *cell = bench_cell_new(&c->results, suite, cfg, name, "end-to-end",
                                             engine == VF_USE_GPU ? "streamed" : "host");
    if (!cell) {
        c->out_of_memory = true;
        return;
    }
    cell->streams = engine == VF_USE_GPU ? cell->streams : 0;
    cell->block = 0;
    if (status) {
        cell->skipped = true;
        snprintf(cell->note, sizeof(cell->note), "the headless run failed (status %d)", status);
        return;
    }
    cell->runs = (int)pictures;
    cell->ms.median = cell->ms.min = cell->ms.max = ms / (double)pictures;
    snprintf(cell->note, sizeof(cell->note), "%.1f frames/s: decode, filter, encode threads",
             1e3 * (double)pictures / ms);
}

void vf_bench_pipeline(struct bench_context *c, const char *suite)
{
    const char *input = c->input ? c->input : VF_SOURCE_DIR "/assets/sample.mp4";
    struct vf_bench_config cfg = c->base;
    struct stage_run *s = calloc(1, sizeof(*s));
    if (!s) {
        c->out_of_memory = true;
        return;
    }
    av_log_set_level(AV_LOG_QUIET); /* failures come back as messages; the table is the output */
    if (run_stages(c, input, s, &cfg)) {
        snprintf(c->error, sizeof(c->error), "pipeline: %s", s->error);
        goto done;
    }
    for (int k = 0; k < STAGE_COUNT; k++) {
        bool on_gpu = k == STAGE_UPLOAD || k == STAGE_DOWNLOAD;
        if (!on_gpu)
            add_stage_cell(c, suite, "cpu", stage_names[k], &cfg, s->cpu_ms[k], s->pictures);
        if (s->gpu)
            add_stage_cell(c, suite, "gpu", stage_names[k], &cfg, s->gpu_ms[k], s->pictures);
    }
    end_to_end(c, suite, input, &cfg, VF_USE_CPU, s->pictures);
    if (s->gpu)
        end_to_end(c, suite, input, &cfg, VF_USE_GPU, s->pictures);
done:
    if (s->recorder)
        vf_recorder_close(s->recorder, NULL, s->error, sizeof(s->error));
    if (*s->recording)
        unlink(s->recording);
    vf_decoder_close(s->decoder);
    vf_gpu_close(s->gpu);
    vf_cpu_fast_destroy(s->cpu);
    vf_frame_free(&s->filtered);
    vf_frame_free(&s->gpu_filtered);
    free(s);
}
