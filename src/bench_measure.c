/* Measuring one bench cell: the CPU engines timed here (warm-up, then repeated frames with
 * inputs rotated over several buffers so caches do not flatter them), the GPU ones through
 * bench_gpu.c. */
#include "bench_cells.h"
#include "cpu.h"
#include "variants.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { INPUT_BUFFERS = 3, MIN_RUNS = 3 };

struct bench_cell *bench_results_add(struct bench_results *r)
{
    if (r->count == r->capacity) {
        int capacity = r->capacity ? 2 * r->capacity : 64;
        struct bench_cell *grown = realloc(r->cell, sizeof(*grown) * (size_t)capacity);
        if (!grown)
            return NULL;
        r->cell = grown;
        r->capacity = capacity;
    }
    struct bench_cell *c = &r->cell[r->count++];
    memset(c, 0, sizeof(*c));
    return c;
}

void bench_results_free(struct bench_results *r)
{
    free(r->cell);
    memset(r, 0, sizeof(*r));
}

void bench_cell_describe(struct bench_cell *c, const struct vf_bench_config *cfg)
{
    snprintf(c->filter, sizeof(c->filter), "%s", vf_presets[cfg->filter.preset].name);
    c->size = cfg->filter.size;
    c->border = cfg->border;
    c->width = cfg->width;
    c->height = cfg->height;
    c->block = cfg->block;
    c->streams = cfg->streams;
    c->threads = cfg->threads;
}

struct bench_cell *bench_cell_new(struct bench_results *r, const char *suite,
                                  const struct vf_bench_config *cfg, const char *engine,
                                  const char *variant, const char *transfer)
{
    struct bench_cell *c = bench_results_add(r);
    if (!c)
        return NULL;
    bench_cell_describe(c, cfg);
    snprintf(c->suite, sizeof(c->suite), "%s", suite);
    snprintf(c->engine, sizeof(c->engine), "%s", engine);
    snprintf(c->variant, sizeof(c->variant), "%s", variant);
    snprintf(c->transfer, sizeof(c->transfer), "%s", transfer);
    return c;
}

double bench_mpix_per_s(const struct bench_cell *c)
{
    return c->ms.median > 0 ? (double)c->width * c->height / (c->ms.median * 1e3) : 0;
}

/* A ref cell of the same suite first: the CPU's state drifts over a long run, and a
 * suite's speedups should share the reference its table shows. */
double bench_ref_ms(const struct bench_results *r, const struct bench_cell *like)
{
    double any = 0;
    for (int i = 0; i < r->count; i++) {
        const struct bench_cell *c = &r->cell[i];
        if (c->skipped || strcmp(c->engine, "cpu") || strcmp(c->variant, "ref") ||
            strcmp(c->filter, like->filter) || c->size != like->size || c->border != like->border ||
            c->width != like->width || c->height != like->height)
            continue;
        if (!strcmp(c->suite, like->suite))
            return c->ms.median;
        if (any == 0)
            any = c->ms.median;
    }
    return any;
}

/* Repeats until cfg->frames are timed, or past the time budget once MIN_RUNS are (or one,
 * when that one alone took twice the budget). */
static const char *time_cpu(struct bench_cell *c, const struct vf_bench_config *cfg, bool fast)
{
    struct vf_frame in[INPUT_BUFFERS], out;
    struct vf_cpu_fast *engine = NULL;
    double *ms = calloc((size_t)cfg->frames, sizeof(*ms));
    const char *why = "out of memory";
    int allocated = 0, runs = 0;
    memset(&out, 0, sizeof(out));
    for (; allocated < INPUT_BUFFERS; allocated++) {
        if (vf_frame_alloc(&in[allocated], cfg->width, cfg->height))
            goto done;
        vf_frame_fill_random(&in[allocated], (uint64_t)allocated + 1);
    }
    if (!ms || vf_frame_alloc(&out, cfg->width, cfg->height))
        goto done;
    if (fast && !(engine = vf_cpu_fast_create(cfg->threads)))
        goto done;
    c->threads = fast ? vf_cpu_fast_threads(engine) : 1;
    vf_frame_fill(&out, 0); /* page the output in before timing */
    /* One warm-up frame is enough for the sequential engine (no threads to start), and at 8K
     * or 31x31 taps one of its frames takes seconds. */
    double warm_started = vf_now_ms();
    for (int i = 0; i < (fast ? cfg->warmup : cfg->warmup > 0); i++) {
        if (fast ? vf_cpu_fast_run(engine, &cfg->filter, cfg->border, &in[i % INPUT_BUFFERS], &out)
                 : (vf_cpu_ref(&cfg->filter, cfg->border, &in[i % INPUT_BUFFERS], &out), 0))
            goto failed;
        if (cfg->budget_ms > 0 && vf_now_ms() - warm_started > cfg->budget_ms / 4)
            break;
    }
    double started = vf_now_ms();
    for (; runs < cfg->frames; runs++) {
        double elapsed = vf_now_ms() - started;
        if (runs > 0 && cfg->budget_ms > 0 && elapsed > cfg->budget_ms &&
            (runs >= MIN_RUNS || elapsed > 2 * cfg->budget_ms))
            break;
        const struct vf_frame *src = &in[runs % INPUT_BUFFERS];
        double t0 = vf_now_ms();
        if (fast) {
            if (vf_cpu_fast_run(engine, &cfg->filter, cfg->border, src, &out))
                goto failed;
        } else {
            vf_cpu_ref(&cfg->filter, cfg->border, src, &out);
        }
        ms[runs] = vf_now_ms() - t0;
    }
    c->ms = vf_stats_of(ms, runs);
    c->runs = runs;
    c->ms_with_transfers = c->ms.median; /* nothing to transfer */
    why = NULL;
    goto done;
failed:
    why = "the CPU engine failed";
done:
    vf_cpu_fast_destroy(engine);
    vf_frame_free(&out);
    while (allocated-- > 0)
        vf_frame_free(&in[allocated]);
    free(ms);
    return why;
}

static const char *time_gpu(struct bench_cell *c, const struct vf_bench_config *cfg)
{
    struct vf_stats with_transfers = {0, 0, 0};
    const char *why;
    int variant = vf_gpu_variant_find(c->variant);
    if (variant < 0)
        return "unknown GPU variant";
    if (!strcmp(c->transfer, "pinned") || !strcmp(c->transfer, "pageable"))
        why = vf_bench_sync_transfers(cfg, variant, !strcmp(c->transfer, "pinned"), &c->ms,
                                      &with_transfers);
    else if (!strcmp(c->transfer, "streamed"))
        why = vf_bench_streamed(cfg, variant, &c->ms, &with_transfers);
    else
        why = vf_bench_gpu(cfg, variant, &c->ms, &with_transfers);
    c->ms_with_transfers = with_transfers.median;
    return why;
}

void bench_measure(struct bench_cell *c, const struct vf_bench_config *cfg)
{
    const char *why;
    struct vf_stats transfers = {0, 0, 0};
    bench_cell_describe(c, cfg);
    c->runs = cfg->frames;
    if (!strcmp(c->engine, "cpu")) {
        c->block = c->streams = 0;
        why = time_cpu(c, cfg, !strcmp(c->variant, "fast"));
    } else if (!strcmp(c->engine, "gpu")) {
        c->threads = 0;
        why = time_gpu(c, cfg);
    } else if (!strcmp(c->engine, "npp")) {
        c->threads = c->block = c->streams = 0;
        why = vf_bench_npp(cfg, &c->ms);
    } else if (!strcmp(c->engine, "floor")) {
        c->threads = c->block = 0;
        why = vf_bench_floor(cfg, &c->ms, &transfers);
        c->ms_with_transfers = transfers.median;
    } else {
        why = "unknown engine";
    }
    if (why) {
        c->skipped = true;
        c->runs = 0;
        snprintf(c->note, sizeof(c->note), "%s", why);
    }
}
