/* The suites of `vfview bench --suite`: which configurations each one measures. The seeds'
 * experiments (image size, block size, kernel size, constant vs global taps, transfers,
 * streams) redone on any machine, plus CPU threads, the peers and a real file's pipeline. */
#include "bench_suites.h"
#include "variants.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

bool vf_bench_listed(const char *list, const char *name)
{
    return !strcmp(list, "all") || vf_bench_in_list(list, name);
}

bool vf_bench_in_list(const char *list, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = list; *p;) {
        size_t m = strcspn(p, ",");
        if (m == n && !strncmp(p, name, n))
            return true;
        p += m;
        p += *p == ',';
    }
    return false;
}

static bool needs_gpu(const char *engine)
{
    return strcmp(engine, "cpu") != 0;
}

/* Without a GPU, one skipped cell per suite, engine and variant says so. */
static bool already_skipped(const struct bench_context *c, const char *suite, const char *engine,
                            const char *variant)
{
    for (int i = 0; i < c->results.count; i++) {
        const struct bench_cell *x = &c->results.cell[i];
        if (x->skipped && !strcmp(x->suite, suite) && !strcmp(x->engine, engine) &&
            !strcmp(x->variant, variant))
            return true;
    }
    return false;
}

struct bench_cell *bench_run_cell(struct bench_context *c, const char *suite,
                                  const struct vf_bench_config *cfg, const char *engine,
                                  const char *variant, const char *transfer)
{
    /* --variant picks among cpu's and gpu's variants; npp and floor have one each */
    bool has_variants = !strcmp(engine, "cpu") || !strcmp(engine, "gpu");
    if (!vf_bench_listed(c->engines, engine) ||
        (has_variants && !vf_bench_listed(c->variants, variant)))
        return NULL;
    bool no_gpu = needs_gpu(engine) && c->gpu_missing;
    if (no_gpu && already_skipped(c, suite, engine, variant))
        return NULL;
    struct bench_cell *cell = bench_cell_new(&c->results, suite, cfg, engine, variant, transfer);
    if (!cell) {
        c->out_of_memory = true;
        return NULL;
    }
    if (no_gpu) {
        cell->skipped = true;
        snprintf(cell->note, sizeof(cell->note), "%s", c->gpu_missing);
        return cell;
    }
    if (isatty(2))
        fprintf(stderr, "\r\033[K  %s: %s %s %dx%d size %d ...", suite, engine, variant, cfg->width,
                cfg->height, cfg->filter.size);
    bench_measure(cell, cfg);
    bool is_ref = !strcmp(engine, "cpu") && !strcmp(variant, "ref");
    double ref = is_ref ? cell->ms.median : bench_ref_ms(&c->results, cell);
    if (!cell->skipped && ref > 0 && cell->ms.median > 0)
        cell->speedup_vs_ref = ref / cell->ms.median;
    if (isatty(2))
        fprintf(stderr, "\r\033[K");
    return cell;
}

static struct vf_bench_config sized(const struct bench_context *c, int width, int height)
{
    struct vf_bench_config cfg = c->base;
    int scale = c->scale > 0 ? c->scale : 1;
    cfg.width = width / scale > 0 ? width / scale : 1;
    cfg.height = height / scale > 0 ? height / scale : 1;
    return cfg;
}

static void with_filter(struct vf_bench_config *cfg, const char *preset, int size)
{
    char spec[64], err[256];
    snprintf(spec, sizeof(spec), "%s:size=%d", preset, size);
    if (vf_filter_parse(spec, &cfg->filter, err, sizeof(err)))
        fprintf(stderr, "vfview bench: internal: %s: %s\n", spec, err);
}

/* The reference row first, so every later row of the same configuration has a speedup. */
static void reference(struct bench_context *c, const char *suite, const struct vf_bench_config *cfg)
{
    struct bench_cell like;
    memset(&like, 0, sizeof(like));
    bench_cell_describe(&like, cfg);
    if (bench_ref_ms(&c->results, &like) == 0)
        bench_run_cell(c, suite, cfg, "cpu", "ref", "host");
}

/* Every engine and variant on one configuration. */
static void every_engine(struct bench_context *c, const char *suite,
                         const struct vf_bench_config *cfg, bool with_floor)
{
    bench_run_cell(c, suite, cfg, "cpu", "ref", "host");
    bench_run_cell(c, suite, cfg, "cpu", "fast", "host");
    for (int v = 0; v < VF_GPU_VARIANT_COUNT; v++)
        bench_run_cell(c, suite, cfg, "gpu", vf_gpu_variant_names[v], "device");
    bench_run_cell(c, suite, cfg, "npp", "filterborder", "device");
    if (with_floor)
        bench_run_cell(c, suite, cfg, "floor", "d2d-copy", "device");
}

struct size2 {
    int w, h;
};
static const struct size2 video_sizes[] = {{640, 360},   {1280, 720},  {1920, 1080},
                                           {2560, 1440}, {3840, 2160}, {7680, 4320}};
enum { VIDEO_SIZES = sizeof(video_sizes) / sizeof(video_sizes[0]), QUICK_VIDEO_SIZES = 3 };

static void suite_single(struct bench_context *c, const char *suite)
{
    every_engine(c, suite, &c->base, true);
}

static void suite_resolution(struct bench_context *c, const char *suite)
{
    if (c->square) {
        /* seed 000, table 1: square random images */
        for (int side = 256; side <= (c->quick ? 1024 : 8192); side *= 2) {
            struct vf_bench_config cfg = sized(c, side, side);
            every_engine(c, suite, &cfg, true);
        }
        return;
    }
    for (int i = 0; i < (c->quick ? QUICK_VIDEO_SIZES : VIDEO_SIZES); i++) {
        struct vf_bench_config cfg = sized(c, video_sizes[i].w, video_sizes[i].h);
        every_engine(c, suite, &cfg, true);
    }
}

static void suite_kernel(struct bench_context *c, const char *suite)
{
    static const int quick_sizes[] = {3, 7, 15, 31};
    static const char *const presets[] = {"gaussian", "box"};
    int w = c->quick ? 640 : 1280, h = c->quick ? 360 : 720;
    for (int p = 0; p < 2; p++)
        for (int k = 0; k < (c->quick ? 4 : (VF_MAX_SIZE - 1) / 2); k++) {
            struct vf_bench_config cfg = sized(c, w, h);
            with_filter(&cfg, presets[p], c->quick ? quick_sizes[k] : 3 + 2 * k);
            every_engine(c, suite, &cfg, false);
        }
}

/* The seeds' own kernels: taps in global or constant memory, with or without a shared tile. */
static const char *const seed_variants[] = {"naive", "naive-const", "tiled", "tiled-const"};

static void suite_block(struct bench_context *c, const char *suite)
{
    struct vf_bench_config cfg = c->quick ? sized(c, 1920, 1080) : sized(c, 3840, 2160);
    if (!c->gpu_missing)
        reference(c, suite, &cfg);
    for (int block = 8; block <= 32; block *= 2) {
        cfg.block = block;
        for (int v = 0; v < 4; v++)
            bench_run_cell(c, suite, &cfg, "gpu", seed_variants[v], "device");
    }
}

static void suite_memory(struct bench_context *c, const char *suite)
{
    static const int sizes[] = {3, 5, 7, 9, 15, 31};
    for (int k = 0; k < (c->quick ? 2 : 6); k++) {
        struct vf_bench_config cfg = sized(c, 1920, 1080);
        with_filter(&cfg, "gaussian", c->quick ? sizes[3 * k] : sizes[k]);
        if (!c->gpu_missing)
            reference(c, suite, &cfg);
        for (int v = 0; v < 4; v++)
            bench_run_cell(c, suite, &cfg, "gpu", seed_variants[v], "device");
    }
}

static void suite_transfers(struct bench_context *c, const char *suite)
{
    static const char *const modes[] = {"device", "pinned", "pageable", "streamed"};
    for (int i = c->quick ? 2 : 1; i < (c->quick ? 3 : 5); i++) {
        if (i == 3)
            continue; /* 1440p adds little between 1080p and 2160p */
        struct vf_bench_config cfg = sized(c, video_sizes[i].w, video_sizes[i].h);
        if (!c->gpu_missing)
            reference(c, suite, &cfg);
        for (int m = 0; m < 4; m++)
            bench_run_cell(c, suite, &cfg, "gpu", "fast", modes[m]);
    }
}

static void suite_streams(struct bench_context *c, const char *suite)
{
    for (int i = 2; i < (c->quick ? 3 : 5); i += 2) {
        struct vf_bench_config cfg = sized(c, video_sizes[i].w, video_sizes[i].h);
        if (!c->gpu_missing)
            reference(c, suite, &cfg);
        for (int streams = 1; streams <= 32; streams *= c->quick ? 4 : 2) {
            cfg.streams = streams;
            bench_run_cell(c, suite, &cfg, "gpu", "fast", "streamed");
        }
    }
}

static void suite_threads(struct bench_context *c, const char *suite)
{
    struct vf_bench_config cfg = c->quick ? sized(c, 1280, 720) : sized(c, 1920, 1080);
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    if (cores < 1)
        cores = 1;
    reference(c, suite, &cfg);
    for (long t = 1;; t = t * 2 < cores ? t * 2 : cores) {
        cfg.threads = (int)t;
        bench_run_cell(c, suite, &cfg, "cpu", "fast", "host");
        if (t == cores)
            break;
    }
}

static void suite_peers(struct bench_context *c, const char *suite)
{
    for (int i = 2; i < (c->quick ? 3 : 5); i += 2) {
        struct vf_bench_config cfg = sized(c, video_sizes[i].w, video_sizes[i].h);
        bench_run_cell(c, suite, &cfg, "cpu", "ref", "host");
        bench_run_cell(c, suite, &cfg, "cpu", "fast", "host");
        bench_run_cell(c, suite, &cfg, "gpu", "fast", "device");
        bench_run_cell(c, suite, &cfg, "npp", "filterborder", "device");
        bench_run_cell(c, suite, &cfg, "floor", "d2d-copy", "device");
    }
}

const struct bench_suite vf_bench_suites[] = {
    {"single", "one configuration", suite_single},
    {"resolution", "speedup vs frame size", suite_resolution},
    {"kernel", "speedup vs kernel size", suite_kernel},
    {"block", "speedup vs CUDA block size (seed 000 5.2)", suite_block},
    {"memory", "taps in constant vs global memory, tiled vs naive (seed 000 5.4)", suite_memory},
    {"transfers", "kernel only vs with host<->device copies (seed 001)", suite_transfers},
    {"streams", "frames in flight on CUDA streams (seed 003)", suite_streams},
    {"threads", "CPU engine vs threads", suite_threads},
    {"peers", "NPP, the sequential CPU engine and the copy floor", suite_peers},
    {"pipeline", "per-stage times on a real file", vf_bench_pipeline},
};
const int vf_bench_suite_count = sizeof(vf_bench_suites) / sizeof(vf_bench_suites[0]);

int vf_bench_suite_find(const char *name)
{
    for (int i = 0; i < vf_bench_suite_count; i++)
        if (!strcmp(vf_bench_suites[i].name, name))
            return i;
    return -1;
}
