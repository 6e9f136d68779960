/* GPU rows of the bench, data already on the device: each kernel (or NPP, or a plain
 * device-to-device copy: the floor) timed with CUDA events after warm-up, inputs rotated over
 * several buffers so the 50 MB L2 does not hold them; and the streamed pipeline from pinned host
 * memory and back, whose steady-state period is the "with transfers" time. */
#include "bench_gpu.h"
#include "build_config.h"
#include "convolve.h"
#include "gpu.h"
#include "variants.h"

#include <cuda_runtime.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if VF_HAVE_NPP
#include <nppi_filtering_functions.h>
#endif

enum { ROTATE = 4 };

struct device_set {
    int w, h;
    size_t pitch;
    uint8_t *in[ROTATE], *out;
    cudaStream_t stream;
    cudaEvent_t *start, *stop;
    int events;
};

static void set_free(struct device_set *d)
{
    for (int i = 0; i < ROTATE; i++)
        cudaFree(d->in[i]);
    cudaFree(d->out);
    for (int i = 0; i < d->events && d->start && d->stop; i++) {
        if (d->start[i])
            cudaEventDestroy(d->start[i]);
        if (d->stop[i])
            cudaEventDestroy(d->stop[i]);
    }
    free(d->start);
    free(d->stop);
    if (d->stream)
        cudaStreamDestroy(d->stream);
    memset(d, 0, sizeof(*d));
}

static const char *set_alloc(struct device_set *d, const struct vf_bench_config *cfg)
{
    int count = 0;
    memset(d, 0, sizeof(*d));
    if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0)
        return "no CUDA device";
    d->w = cfg->width;
    d->h = cfg->height;
    d->events = cfg->warmup + cfg->frames;
    d->start = calloc((size_t)d->events, sizeof(*d->start));
    d->stop = calloc((size_t)d->events, sizeof(*d->stop));
    if (!d->start || !d->stop || cudaStreamCreateWithFlags(&d->stream, cudaStreamNonBlocking))
        goto fail;
    for (int i = 0; i < d->events; i++)
        if (cudaEventCreate(&d->start[i]) || cudaEventCreate(&d->stop[i]))
            goto fail;
    struct vf_frame host;
    if (vf_frame_alloc(&host, d->w, d->h))
        goto fail;
    bool uploaded = true;
    for (int i = 0; i < ROTATE && uploaded; i++) {
        if (cudaMallocPitch((void **)&d->in[i], &d->pitch, (size_t)d->w, (size_t)d->h * 3))
            break;
        vf_frame_fill_random(&host, (uint64_t)i + 7);
        for (int p = 0; p < 3 && uploaded; p++)
            uploaded = cudaMemcpy2D(d->in[i] + d->pitch * (size_t)d->h * (size_t)p, d->pitch,
                                    host.plane[p], (size_t)host.stride, (size_t)d->w, (size_t)d->h,
                                    cudaMemcpyHostToDevice) == cudaSuccess;
    }
    vf_frame_free(&host);
    if (!uploaded || !d->in[ROTATE - 1] ||
        cudaMallocPitch((void **)&d->out, &d->pitch, (size_t)d->w, (size_t)d->h * 3))
        goto fail;
    if (cudaDeviceSynchronize() == cudaSuccess)
        return NULL;
fail:
    set_free(d);
    cudaGetLastError();
    return "CUDA setup failed (out of device memory?)";
}

static struct vf_device_planes planes_of(const struct device_set *d, int frame)
{
    struct vf_device_planes p;
    p.width = d->w;
    p.height = d->h;
    p.pitch = (int)d->pitch;
    for (int k = 0; k < 3; k++) {
        p.src[k] = d->in[frame % ROTATE] + d->pitch * (size_t)d->h * (size_t)k;
        p.dst[k] = d->out + d->pitch * (size_t)d->h * (size_t)k;
    }
    return p;
}

typedef int (*device_work)(const struct device_set *d, const struct vf_device_planes *p, void *ctx);

/* Times `work` once per frame with an event pair each; the warm-up frames are dropped. */
static const char *time_device(struct device_set *d, const struct vf_bench_config *cfg,
                               device_work work, void *ctx, struct vf_stats *stats)
{
    for (int i = 0; i < d->events; i++) {
        struct vf_device_planes p = planes_of(d, i);
        cudaEventRecord(d->start[i], d->stream);
        if (work(d, &p, ctx))
            return "launch failed";
        cudaEventRecord(d->stop[i], d->stream);
    }
    if (cudaStreamSynchronize(d->stream) != cudaSuccess)
        return "kernel failed";
    double *ms = calloc((size_t)cfg->frames, sizeof(*ms));
    if (!ms)
        return "out of memory";
    for (int i = 0; i < cfg->frames; i++) {
        float t = 0;
        cudaEventElapsedTime(&t, d->start[cfg->warmup + i], d->stop[cfg->warmup + i]);
        ms[i] = t;
    }
    *stats = vf_stats_of(ms, cfg->frames);
    free(ms);
    return NULL;
}

struct kernel_ctx {
    const struct vf_bench_config *cfg;
    int variant;
};

static int run_kernel(const struct device_set *d, const struct vf_device_planes *p, void *ctx)
{
    const struct kernel_ctx *k = ctx;
    return vf_cuda_convolve(&k->cfg->filter, k->cfg->border, k->variant, k->cfg->block, p,
                            d->stream);
}

static int run_copy(const struct device_set *d, const struct vf_device_planes *p, void *ctx)
{
    (void)ctx;
    /* one linear copy of the frame's bytes: the cheapest way to read and write them once */
    return cudaMemcpyAsync(p->dst[0], p->src[0], d->pitch * (size_t)d->h * 3,
                           cudaMemcpyDeviceToDevice, d->stream);
}

/* Steady-state period of the streamed pipeline, pinned host -> device -> pinned host. */
static const char *time_pipeline(const struct vf_bench_config *cfg, int variant, bool transfer_only,
                                 struct vf_stats *stats)
{
    char err[256];
    static char reason[256];
    struct vf_gpu *g = vf_gpu_open(cfg->width, cfg->height, cfg->streams, err, sizeof(err));
    if (!g) {
        snprintf(reason, sizeof(reason), "%s", err);
        return reason;
    }
    struct vf_gpu_job job = {&cfg->filter, cfg->border, variant, cfg->block, transfer_only};
    const char *result = NULL;
    struct vf_frame *in;
    for (int s = 0; (in = vf_gpu_input(g)) && s < cfg->streams; s++) {
        vf_frame_fill_random(in, (uint64_t)s + 3);
        if (vf_gpu_submit(g, &job, err, sizeof(err)))
            goto failed;
    }
    double t0 = 0;
    int total = cfg->warmup + cfg->frames;
    for (int i = 0; i < total; i++) {
        const struct vf_frame *out;
        if (i == cfg->warmup)
            t0 = vf_now_ms();
        if (vf_gpu_collect(g, &out, NULL, err, sizeof(err)))
            goto failed;
        vf_gpu_release(g);
        if (vf_gpu_input(g) && vf_gpu_submit(g, &job, err, sizeof(err)))
            goto failed;
    }
    double period = (vf_now_ms() - t0) / cfg->frames;
    stats->median = stats->min = stats->max = period;
    goto done;
failed:
    snprintf(reason, sizeof(reason), "%s", err);
    result = reason;
done:
    vf_gpu_close(g);
    return result;
}

const char *vf_bench_gpu(const struct vf_bench_config *cfg, int variant, struct vf_stats *kernel,
                         struct vf_stats *with_transfers)
{
    struct device_set d;
    const char *why = set_alloc(&d, cfg);
    if (why)
        return why;
    if (variant != VF_GPU_FAST && vf_cuda_load_taps(&cfg->filter, d.stream) != cudaSuccess)
        why = "loading taps failed";
    struct kernel_ctx ctx = {cfg, variant};
    if (!why)
        why = time_device(&d, cfg, run_kernel, &ctx, kernel);
    set_free(&d);
    if (!why)
        why = time_pipeline(cfg, variant, false, with_transfers);
    return why;
}

const char *vf_bench_floor(const struct vf_bench_config *cfg, struct vf_stats *copy,
                           struct vf_stats *transfers)
{
    struct device_set d;
    const char *why = set_alloc(&d, cfg);
    if (why)
        return why;
    why = time_device(&d, cfg, run_copy, NULL, copy);
    set_free(&d);
    if (!why)
        why = time_pipeline(cfg, VF_GPU_FAST, true, transfers);
    return why;
}

#if VF_HAVE_NPP
struct npp_ctx {
    NppStreamContext stream;
    Npp32s *taps; /* device, reversed: NPP convolves, vfview correlates */
    int size, divisor, border_ok;
};

static int run_npp(const struct device_set *d, const struct vf_device_planes *p, void *ctx)
{
    const struct npp_ctx *n = ctx;
    NppiSize size = {d->w, d->h}, ksize = {n->size, n->size};
    NppiPoint origin = {0, 0}, anchor = {n->size / 2, n->size / 2};
    for (int k = 0; k < 3; k++)
        if (nppiFilterBorder_8u_C1R_Ctx(p->src[k], (Npp32s)d->pitch, size, origin, p->dst[k],
                                        (Npp32s)d->pitch, size, n->taps, ksize, anchor, n->divisor,
                                        NPP_BORDER_REPLICATE, n->stream) != NPP_SUCCESS)
            return -1;
    return 0;
}

const char *vf_bench_npp(const struct vf_bench_config *cfg, struct vf_stats *kernel,
                         struct vf_stats *with_transfers)
{
    (void)with_transfers;
    const struct vf_filter *f = &cfg->filter;
    if (f->bias)
        return "NPP has no bias";
    struct device_set d;
    const char *why = set_alloc(&d, cfg);
    if (why)
        return why;
    struct npp_ctx n;
    memset(&n, 0, sizeof(n));
    struct cudaDeviceProp prop;
    if (cudaGetDeviceProperties(&prop, 0) != cudaSuccess) {
        set_free(&d);
        return "cudaGetDeviceProperties failed";
    }
    n.stream.hStream = d.stream;
    n.stream.nCudaDeviceId = 0;
    n.stream.nMultiProcessorCount = prop.multiProcessorCount;
    n.stream.nMaxThreadsPerMultiProcessor = prop.maxThreadsPerMultiProcessor;
    n.stream.nMaxThreadsPerBlock = prop.maxThreadsPerBlock;
    n.stream.nSharedMemPerBlock = prop.sharedMemPerBlock;
    n.stream.nCudaDevAttrComputeCapabilityMajor = prop.major;
    n.stream.nCudaDevAttrComputeCapabilityMinor = prop.minor;
    if (cudaStreamGetFlags(d.stream, &n.stream.nStreamFlags) != cudaSuccess)
        why = "cudaStreamGetFlags failed";
    n.size = f->size;
    n.divisor = f->divisor;
    int taps = f->size * f->size;
    Npp32s reversed[VF_MAX_TAPS];
    for (int k = 0; k < taps; k++)
        reversed[k] = f->taps[taps - 1 - k];
    if (!why &&
        (cudaMalloc((void **)&n.taps, sizeof(Npp32s) * (size_t)taps) ||
         cudaMemcpy(n.taps, reversed, sizeof(Npp32s) * (size_t)taps, cudaMemcpyHostToDevice)))
        why = "cudaMalloc for NPP taps failed";
    if (!why)
        why = time_device(&d, cfg, run_npp, &n, kernel);
    if (!why)
        *with_transfers = *kernel; /* NPP has no pipeline here: kernel time only */
    cudaFree(n.taps);
    set_free(&d);
    return why;
}
#else
const char *vf_bench_npp(const struct vf_bench_config *cfg, struct vf_stats *kernel,
                         struct vf_stats *with_transfers)
{
    (void)cfg, (void)kernel, (void)with_transfers;
    return "built without NPP";
}
#endif
