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
    cudaEvent_t *start, *stop, *filter_start, *filter_stop;
    int events;
};

/* `what`, and CUDA's reason: `e`, or when that is cudaSuccess the last runtime call's error
 * (which this clears); valid until the next call */
static const char *cuda_why(const char *what, cudaError_t e)
{
    static _Thread_local char why[256];
    if (e == cudaSuccess)
        e = cudaGetLastError();
    if (e == cudaSuccess)
        return what;
    snprintf(why, sizeof(why), "%s: %s", what, cudaGetErrorString(e));
    return why;
}

static void set_free(struct device_set *d)
{
    for (int i = 0; i < ROTATE; i++)
        cudaFree(d->in[i]);
    cudaFree(d->out);
    cudaEvent_t *sets[] = {d->start, d->stop, d->filter_start, d->filter_stop};
    for (int k = 0; k < 4; k++) {
        for (int i = 0; i < d->events && sets[k]; i++)
            if (sets[k][i])
                cudaEventDestroy(sets[k][i]);
        free(sets[k]);
    }
    if (d->stream)
        cudaStreamDestroy(d->stream);
    memset(d, 0, sizeof(*d));
}

static const char *set_alloc(struct device_set *d, const struct vf_bench_config *cfg)
{
    int count = 0;
    memset(d, 0, sizeof(*d));
    const cudaError_t e = cudaGetDeviceCount(&count);
    if (e != cudaSuccess || count == 0)
        return cuda_why("no CUDA device", e);
    d->w = cfg->width;
    d->h = cfg->height;
    d->events = cfg->warmup + cfg->frames;
    d->start = calloc((size_t)d->events, sizeof(*d->start));
    d->stop = calloc((size_t)d->events, sizeof(*d->stop));
    d->filter_start = calloc((size_t)d->events, sizeof(*d->filter_start));
    d->filter_stop = calloc((size_t)d->events, sizeof(*d->filter_stop));
    if (!d->start || !d->stop || !d->filter_start || !d->filter_stop ||
        cudaStreamCreateWithFlags(&d->stream, cudaStreamNonBlocking))
        goto fail;
    for (int i = 0; i < d->events; i++)
        if (cudaEventCreate(&d->start[i]) || cudaEventCreate(&d->stop[i]) ||
            cudaEventCreate(&d->filter_start[i]) || cudaEventCreate(&d->filter_stop[i]))
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
fail:;
    const char *why = cuda_why("CUDA setup failed", cudaSuccess);
    set_free(d);
    cudaGetLastError();
    return why;
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

/* Median/min/max of the timed (post-warm-up) intervals between two event series. */
static const char *stats_between(const struct vf_bench_config *cfg, cudaEvent_t *from,
                                 cudaEvent_t *to, struct vf_stats *stats)
{
    double *ms = calloc((size_t)cfg->frames, sizeof(*ms));
    if (!ms)
        return "out of memory";
    for (int i = 0; i < cfg->frames; i++) {
        float t = 0;
        if (cudaEventElapsedTime(&t, from[cfg->warmup + i], to[cfg->warmup + i]) != cudaSuccess) {
            free(ms);
            return cuda_why("cudaEventElapsedTime", cudaSuccess);
        }
        ms[i] = t;
    }
    *stats = vf_stats_of(ms, cfg->frames);
    free(ms);
    return NULL;
}

/* Times `work` once per frame with an event pair each (back to back, or each waited for: then
 * every frame pays the launch and the GPU filling up, as one frame alone does); the warm-up
 * frames are dropped. */
static const char *time_device(struct device_set *d, const struct vf_bench_config *cfg,
                               device_work work, void *ctx, struct vf_stats *stats)
{
    for (int i = 0; i < d->events; i++) {
        struct vf_device_planes p = planes_of(d, i);
        if (cudaEventRecord(d->start[i], d->stream) != cudaSuccess)
            return cuda_why("cudaEventRecord", cudaSuccess);
        if (work(d, &p, ctx))
            return cuda_why("launch failed", cudaSuccess);
        if (cudaEventRecord(d->stop[i], d->stream) != cudaSuccess)
            return cuda_why("cudaEventRecord", cudaSuccess);
        if (cfg->wait_each && cudaStreamSynchronize(d->stream) != cudaSuccess)
            return cuda_why("kernel failed", cudaSuccess);
    }
    if (cudaStreamSynchronize(d->stream) != cudaSuccess)
        return cuda_why("kernel failed", cudaSuccess);
    return stats_between(cfg, d->start, d->stop, stats);
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
    /* One linear copy of as many bytes as the frame has pixels: the cheapest way to read and
     * write them once. Not pitch x rows: the rows' padding (a 4096-byte pitch for 3840 pixels)
     * would add 7% of bytes no kernel touches, and a pitched cudaMemcpy2DAsync of the same
     * pixels takes nearly twice as long (BENCHMARKS.md), so neither is the floor. */
    return cudaMemcpyAsync(p->dst[0], p->src[0], (size_t)d->w * (size_t)d->h * 3,
                           cudaMemcpyDeviceToDevice, d->stream);
}

/* Steady-state period of the streamed pipeline, pinned host -> device -> pinned host, and the
 * median of its per-frame kernel events. */
static const char *time_pipeline(const struct vf_bench_config *cfg, int variant, bool transfer_only,
                                 struct vf_stats *kernel, struct vf_stats *period)
{
    char err[256];
    static _Thread_local char reason[256];
    /* Steady state needs the ring to have turned over: the frames submitted at once at the
     * start finish in a burst that would flatter the period. */
    int warmup = cfg->warmup > 2 * cfg->streams ? cfg->warmup : 2 * cfg->streams;
    int frames = cfg->frames > 4 * cfg->streams ? cfg->frames : 4 * cfg->streams;
    double *kernel_ms = calloc((size_t)frames, sizeof(*kernel_ms));
    struct vf_gpu *g =
        kernel_ms ? vf_gpu_open(cfg->width, cfg->height, cfg->streams, err, sizeof(err)) : NULL;
    if (!g) {
        snprintf(reason, sizeof(reason), "%s", kernel_ms ? err : "out of memory");
        free(kernel_ms);
        return reason;
    }
    struct vf_gpu_job job = {&cfg->filter, cfg->border, variant, cfg->block, transfer_only};
    const char *result = NULL;
    for (int s = 0; s < cfg->streams; s++) {
        struct vf_frame *in = vf_gpu_input(g, err, sizeof(err));
        if (!in)
            goto failed;
        vf_frame_fill_random(in, (uint64_t)s + 3);
        if (vf_gpu_submit(g, &job, err, sizeof(err)))
            goto failed;
    }
    double t0 = 0;
    for (int i = 0; i < warmup + frames; i++) {
        const struct vf_frame *out;
        struct vf_gpu_timing timing;
        if (i == warmup)
            t0 = vf_now_ms();
        if (vf_gpu_collect(g, &out, &timing, err, sizeof(err)))
            goto failed;
        if (i >= warmup)
            kernel_ms[i - warmup] = timing.kernel_ms;
        vf_gpu_release(g);
        if (!vf_gpu_input(g, err, sizeof(err)) || vf_gpu_submit(g, &job, err, sizeof(err)))
            goto failed;
    }
    double ms = (vf_now_ms() - t0) / frames;
    period->median = period->min = period->max = ms;
    if (kernel)
        *kernel = vf_stats_of(kernel_ms, frames);
    goto done;
failed:
    snprintf(reason, sizeof(reason), "%s", err);
    result = reason;
done:
    vf_gpu_close(g);
    free(kernel_ms);
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
        why = cuda_why("loading taps failed", cudaSuccess);
    struct kernel_ctx ctx = {cfg, variant};
    if (!why)
        why = time_device(&d, cfg, run_kernel, &ctx, kernel);
    set_free(&d);
    if (!why)
        why = time_pipeline(cfg, variant, false, NULL, with_transfers);
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
        why = time_pipeline(cfg, VF_GPU_FAST, true, NULL, transfers);
    return why;
}

const char *vf_bench_streamed(const struct vf_bench_config *cfg, int variant,
                              struct vf_stats *kernel, struct vf_stats *period)
{
    int count = 0;
    const cudaError_t e = cudaGetDeviceCount(&count);
    if (e != cudaSuccess || count == 0)
        return cuda_why("no CUDA device", e);
    return time_pipeline(cfg, variant, false, kernel, period);
}

/* One frame at a time: upload, filter, download, then wait. The host frame is one block of
 * three planes (width x 3*height), like a decoder's planar output. */
const char *vf_bench_sync_transfers(const struct vf_bench_config *cfg, int variant, bool pinned,
                                    struct vf_stats *kernel, struct vf_stats *total)
{
    struct device_set d;
    const char *why = set_alloc(&d, cfg);
    if (why)
        return why;
    size_t w = (size_t)cfg->width, rows = (size_t)cfg->height * 3, bytes = w * rows;
    uint8_t *host_in = NULL, *host_out = NULL;
    if (pinned) {
        if (cudaMallocHost((void **)&host_in, bytes) || cudaMallocHost((void **)&host_out, bytes))
            why = cuda_why("cudaMallocHost", cudaSuccess);
    } else if (!(host_in = malloc(bytes)) || !(host_out = malloc(bytes))) {
        why = "out of memory";
    }
    if (!why && variant != VF_GPU_FAST && vf_cuda_load_taps(&cfg->filter, d.stream))
        why = cuda_why("loading taps failed", cudaSuccess);
    for (size_t k = 0; !why && k < bytes; k++)
        host_in[k] = (uint8_t)(k * 2654435761u >> 13);
    struct kernel_ctx ctx = {cfg, variant};
    for (int i = 0; !why && i < d.events; i++) {
        struct vf_device_planes p = planes_of(&d, i);
        if (cudaEventRecord(d.start[i], d.stream) ||
            cudaMemcpy2DAsync(d.in[i % ROTATE], d.pitch, host_in, w, w, rows,
                              cudaMemcpyHostToDevice, d.stream) ||
            cudaEventRecord(d.filter_start[i], d.stream) || run_kernel(&d, &p, &ctx) ||
            cudaEventRecord(d.filter_stop[i], d.stream) ||
            cudaMemcpy2DAsync(host_out, w, d.out, d.pitch, w, rows, cudaMemcpyDeviceToHost,
                              d.stream) ||
            cudaEventRecord(d.stop[i], d.stream) || cudaStreamSynchronize(d.stream))
            why = cuda_why("CUDA copy or kernel failed", cudaSuccess);
    }
    if (!why)
        why = stats_between(cfg, d.filter_start, d.filter_stop, kernel);
    if (!why)
        why = stats_between(cfg, d.start, d.stop, total);
    if (pinned) {
        cudaFreeHost(host_in);
        cudaFreeHost(host_out);
    } else {
        free(host_in);
        free(host_out);
    }
    set_free(&d);
    cudaGetLastError();
    return why;
}

const char *vf_bench_gpu_probe(char *desc, size_t len)
{
    int count = 0, driver = 0, runtime = 0;
    struct cudaDeviceProp prop;
    cudaError_t e = cudaGetDeviceCount(&count);
    if (e == cudaSuccess && count > 0)
        e = cudaGetDeviceProperties(&prop, 0);
    if (e != cudaSuccess || count == 0) {
        static char missing[256]; /* the bench's reason for every GPU row it skips */
        snprintf(missing, sizeof(missing), "%s", cuda_why("no CUDA device", e));
        snprintf(desc, len, "none (%s)", missing);
        return missing;
    }
    if (cudaDriverGetVersion(&driver) != cudaSuccess ||
        cudaRuntimeGetVersion(&runtime) != cudaSuccess)
        cudaGetLastError(); /* the versions stay 0.0 in the description */
    snprintf(desc, len, "%s, sm_%d%d, %d SMs, %.0f GiB, driver %d.%d, runtime %d.%d%s", prop.name,
             prop.major, prop.minor, prop.multiProcessorCount,
             (double)prop.totalGlobalMem / (1 << 30), driver / 1000, driver % 1000 / 10,
             runtime / 1000, runtime % 1000 / 10, VF_HAVE_NPP ? ", NPP" : "");
    return NULL;
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

const char *vf_bench_npp(const struct vf_bench_config *cfg, struct vf_stats *kernel)
{
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
        why = cuda_why("cudaStreamGetFlags", cudaSuccess);
    n.size = f->size;
    n.divisor = f->divisor;
    int taps = f->size * f->size;
    Npp32s reversed[VF_MAX_TAPS];
    for (int k = 0; k < taps; k++)
        reversed[k] = f->taps[taps - 1 - k];
    if (!why &&
        (cudaMalloc((void **)&n.taps, sizeof(Npp32s) * (size_t)taps) ||
         cudaMemcpy(n.taps, reversed, sizeof(Npp32s) * (size_t)taps, cudaMemcpyHostToDevice)))
        why = cuda_why("cudaMalloc for NPP taps", cudaSuccess);
    if (!why)
        why = time_device(&d, cfg, run_npp, &n, kernel);
    cudaFree(n.taps);
    set_free(&d);
    return why;
}
#else
const char *vf_bench_npp(const struct vf_bench_config *cfg, struct vf_stats *kernel)
{
    (void)cfg, (void)kernel;
    return "built without NPP";
}
#endif
