#include "gpu.h"
#include "convolve.h"
#include "variants.h"

#include <cuda_runtime.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { EV_START, EV_UPLOADED, EV_FILTERED, EV_DONE, EV_COUNT };

struct slot {
    struct vf_frame host_in, host_out; /* pinned, made when vf_gpu_input first asks for them */
    struct vf_frame *result;           /* host_out, or the caller's (vf_gpu_submit_frames) */
    uint8_t *dev_in, *dev_out;
    cudaStream_t stream;
    cudaEvent_t ev[EV_COUNT];
    bool filtered; /* false for transfer-only frames */
};

struct vf_gpu {
    int width, height, ring;
    size_t pitch;
    struct slot *slots; /* ring slots, then one for synchronous runs */
    int next_fill, next_collect, in_flight;
    bool held;
    struct vf_filter loaded; /* taps currently in global/constant memory */
    bool loaded_valid;
    int fail_after;
    size_t pinned_limit; /* test hook: the most the slots' own frames may hold */
    char description[320];
};

static int report(char *err, size_t len, const char *fmt, ...)
{
    if (err && len) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, len, fmt, ap);
        va_end(ap);
    }
    return -1;
}

static int cuda_check(cudaError_t e, const char *call, char *err, size_t len)
{
    if (e == cudaSuccess)
        return 0;
    return report(err, len, "CUDA: %s: %s", call, cudaGetErrorString(e));
}

static void *pinned_bytes(size_t bytes)
{
    void *mem;
    if (cudaHostAlloc(&mem, bytes, cudaHostAllocDefault) == cudaSuccess)
        return mem;
    cudaGetLastError(); /* a later launch's check must not read this failure as its own */
    return NULL;
}

static void release_pinned(void *storage)
{
    cudaFreeHost(storage);
}

int vf_gpu_frame_alloc(struct vf_frame *f, int width, int height)
{
    if (vf_frame_alloc_from(f, width, height, pinned_bytes, release_pinned) == 0)
        return 0;
    return vf_frame_alloc(f, width, height);
}

bool vf_gpu_frame_pinned(const struct vf_frame *f)
{
    return f->storage && f->release == release_pinned;
}

static void free_slot(struct slot *s)
{
    vf_frame_free(&s->host_in);
    vf_frame_free(&s->host_out);
    cudaFree(s->dev_in);
    cudaFree(s->dev_out);
    for (int e = 0; e < EV_COUNT; e++)
        if (s->ev[e])
            cudaEventDestroy(s->ev[e]);
    if (s->stream)
        cudaStreamDestroy(s->stream);
    memset(s, 0, sizeof(*s));
}

static int init_slot(struct vf_gpu *g, struct slot *s, char *err, size_t len)
{
    size_t pitch;
    if (cuda_check(cudaStreamCreateWithFlags(&s->stream, cudaStreamNonBlocking),
                   "cudaStreamCreateWithFlags", err, len))
        return -1;
    for (int e = 0; e < EV_COUNT; e++)
        if (cuda_check(cudaEventCreate(&s->ev[e]), "cudaEventCreate", err, len))
            return -1;
    if (cuda_check(cudaMallocPitch((void **)&s->dev_in, &pitch, (size_t)g->width,
                                   (size_t)g->height * VF_PLANES),
                   "cudaMallocPitch", err, len) ||
        cuda_check(cudaMallocPitch((void **)&s->dev_out, &g->pitch, (size_t)g->width,
                                   (size_t)g->height * VF_PLANES),
                   "cudaMallocPitch", err, len))
        return -1;
    return 0;
}

struct vf_gpu *vf_gpu_open(int width, int height, int ring, char *err, size_t errlen)
{
    int count = 0, driver = 0;
    struct cudaDeviceProp prop;
    struct vf_gpu *g = NULL;
    if (width <= 0 || height <= 0 || ring < 1 || ring > 64) {
        report(err, errlen, "GPU: bad frame size %dx%d or ring %d", width, height, ring);
        return NULL;
    }
    cudaError_t e = cudaGetDeviceCount(&count);
    if (e != cudaSuccess || count == 0) {
        report(err, errlen, "no CUDA device: %s",
               e != cudaSuccess ? cudaGetErrorString(e) : "none found");
        return NULL;
    }
    if (cuda_check(cudaSetDevice(0), "cudaSetDevice", err, errlen) ||
        cuda_check(cudaGetDeviceProperties(&prop, 0), "cudaGetDeviceProperties", err, errlen))
        return NULL;
    if (cudaDriverGetVersion(&driver) != cudaSuccess)
        driver = 0; /* only used in the description */
    g = calloc(1, sizeof(*g));
    if (!g || !(g->slots = calloc((size_t)ring + 1, sizeof(*g->slots)))) {
        report(err, errlen, "GPU: out of host memory");
        goto fail;
    }
    g->width = width;
    g->height = height;
    g->ring = ring;
    g->pinned_limit = SIZE_MAX;
    snprintf(g->description, sizeof(g->description), "%.200s (sm_%d%d, driver %d.%d)", prop.name,
             prop.major, prop.minor, driver / 1000, driver % 1000 / 10);
    for (int i = 0; i <= ring; i++)
        if (init_slot(g, &g->slots[i], err, errlen))
            goto fail;
    return g;
fail:
    vf_gpu_close(g);
    return NULL;
}

void vf_gpu_close(struct vf_gpu *g)
{
    if (!g)
        return;
    if (g->slots) {
        cudaDeviceSynchronize();
        for (int i = 0; i <= g->ring; i++)
            free_slot(&g->slots[i]);
    }
    free(g->slots);
    free(g);
}

const char *vf_gpu_describe(const struct vf_gpu *g)
{
    return g->description;
}

void vf_gpu_inject_failure(struct vf_gpu *g, int after)
{
    g->fail_after = after;
}

void vf_gpu_limit_pinned(struct vf_gpu *g, size_t bytes)
{
    g->pinned_limit = bytes;
}

void vf_gpu_allow_copy_engine(int allow)
{
    vf_cuda_allow_copy_engine(allow);
}

static int poison(struct vf_gpu *g, bool outputs, int value, char *err, size_t errlen)
{
    for (int i = 0; i <= g->ring; i++)
        if (cuda_check(cudaMemset2D(outputs ? g->slots[i].dev_out : g->slots[i].dev_in, g->pitch,
                                    value, g->pitch, (size_t)g->height * VF_PLANES),
                       "cudaMemset2D", err, errlen))
            return -1;
    return cuda_check(cudaDeviceSynchronize(), "cudaDeviceSynchronize", err, errlen);
}

int vf_gpu_poison_padding(struct vf_gpu *g, int value, char *err, size_t errlen)
{
    return poison(g, false, value, err, errlen);
}

int vf_gpu_poison_outputs(struct vf_gpu *g, int value, char *err, size_t errlen)
{
    return poison(g, true, value, err, errlen);
}

/* every variant but fast reads taps from device memory shared by every stream, so a new
 * filter waits for the frames in flight before it replaces them. */
static int ensure_taps(struct vf_gpu *g, const struct vf_filter *f, char *err, size_t len)
{
    if (g->loaded_valid && g->loaded.size == f->size &&
        !memcmp(g->loaded.taps, f->taps, sizeof(f->taps[0]) * (size_t)(f->size * f->size)))
        return 0;
    if (cuda_check(cudaDeviceSynchronize(), "cudaDeviceSynchronize", err, len) ||
        cuda_check((cudaError_t)vf_cuda_load_taps(f, NULL), "cudaMemcpyToSymbolAsync", err, len) ||
        cuda_check(cudaDeviceSynchronize(), "cudaDeviceSynchronize", err, len))
        return -1;
    g->loaded = *f;
    g->loaded_valid = true;
    return 0;
}

static struct vf_device_planes device_planes(const struct vf_gpu *g, const struct slot *s)
{
    struct vf_device_planes p;
    p.width = g->width;
    p.height = g->height;
    p.pitch = (int)g->pitch;
    for (int k = 0; k < VF_PLANES; k++) {
        p.src[k] = s->dev_in + g->pitch * (size_t)g->height * (size_t)k;
        p.dst[k] = s->dev_out + g->pitch * (size_t)g->height * (size_t)k;
    }
    return p;
}

/* Enqueues upload, filter and download of one frame on the slot's stream. */
static int enqueue(struct vf_gpu *g, struct slot *s, const struct vf_gpu_job *job,
                   const struct vf_frame *in, struct vf_frame *out, char *err, size_t len)
{
    if (g->fail_after > 0 && --g->fail_after == 0)
        return report(err, len, "CUDA: vf_cuda_convolve: injected failure (test hook)");
    if (in->width != g->width || in->height != g->height)
        return report(err, len, "GPU: frame is %dx%d, the engine was opened for %dx%d", in->width,
                      in->height, g->width, g->height);
    if (out->width != g->width || out->height != g->height)
        return report(err, len, "GPU: output frame is %dx%d, the engine was opened for %dx%d",
                      out->width, out->height, g->width, g->height);
    bool filter = !job->transfer_only;
    if (filter && job->variant != VF_GPU_FAST && ensure_taps(g, job->filter, err, len))
        return -1;
    struct vf_device_planes p = device_planes(g, s);
    if (cuda_check(cudaEventRecord(s->ev[EV_START], s->stream), "cudaEventRecord", err, len))
        return -1;
    for (int k = 0; k < VF_PLANES; k++)
        if (cuda_check(cudaMemcpy2DAsync((void *)p.src[k], g->pitch, in->plane[k],
                                         (size_t)in->stride, (size_t)g->width, (size_t)g->height,
                                         cudaMemcpyHostToDevice, s->stream),
                       "cudaMemcpy2DAsync (upload)", err, len))
            return -1;
    if (cuda_check(cudaEventRecord(s->ev[EV_UPLOADED], s->stream), "cudaEventRecord", err, len))
        return -1;
    if (filter && cuda_check((cudaError_t)vf_cuda_convolve(job->filter, job->border, job->variant,
                                                           job->block, &p, s->stream),
                             "vf_cuda_convolve", err, len))
        return -1;
    if (cuda_check(cudaEventRecord(s->ev[EV_FILTERED], s->stream), "cudaEventRecord", err, len))
        return -1;
    for (int k = 0; k < VF_PLANES; k++)
        if (cuda_check(cudaMemcpy2DAsync(out->plane[k], (size_t)out->stride,
                                         filter ? p.dst[k] : p.src[k], g->pitch, (size_t)g->width,
                                         (size_t)g->height, cudaMemcpyDeviceToHost, s->stream),
                       "cudaMemcpy2DAsync (download)", err, len))
            return -1;
    s->filtered = filter;
    return cuda_check(cudaEventRecord(s->ev[EV_DONE], s->stream), "cudaEventRecord", err, len);
}

static int finish(struct slot *s, struct vf_gpu_timing *t, char *err, size_t len)
{
    if (cuda_check(cudaEventSynchronize(s->ev[EV_DONE]), "kernel or copy", err, len))
        return -1;
    if (t) {
        memset(t, 0, sizeof(*t));
        if (s->filtered)
            cudaEventElapsedTime(&t->kernel_ms, s->ev[EV_UPLOADED], s->ev[EV_FILTERED]);
        cudaEventElapsedTime(&t->upload_ms, s->ev[EV_START], s->ev[EV_UPLOADED]);
        cudaEventElapsedTime(&t->download_ms, s->ev[EV_FILTERED], s->ev[EV_DONE]);
        cudaEventElapsedTime(&t->total_ms, s->ev[EV_START], s->ev[EV_DONE]);
    }
    return 0;
}

int vf_gpu_run(struct vf_gpu *g, const struct vf_gpu_job *job, const struct vf_frame *in,
               struct vf_frame *out, struct vf_gpu_timing *timing, char *err, size_t errlen)
{
    struct slot *s = &g->slots[g->ring];
    if (enqueue(g, s, job, in, out, err, errlen))
        return -1;
    return finish(s, timing, err, errlen);
}

bool vf_gpu_slot_free(const struct vf_gpu *g)
{
    return g->in_flight + (g->held ? 1 : 0) < g->ring;
}

/* a slot's own two frames */
static size_t slot_pinned_bytes(const struct vf_gpu *g)
{
    return 2 * vf_frame_bytes(g->width, g->height);
}

size_t vf_gpu_pinned_bytes(const struct vf_gpu *g)
{
    size_t bytes = 0;
    for (int i = 0; i < g->ring; i++)
        if (g->slots[i].host_in.storage)
            bytes += slot_pinned_bytes(g);
    return bytes;
}

/* A slot's own frames are made on first demand: callers whose frames are all pinned
 * (vf_gpu_submit_frames) never need them, and at 4K they are 50 MB of pinned memory a slot. */
struct vf_frame *vf_gpu_input(struct vf_gpu *g, char *err, size_t errlen)
{
    if (!vf_gpu_slot_free(g)) {
        report(err, errlen, "GPU: every slot is in flight; collect a frame first");
        return NULL;
    }
    struct slot *s = &g->slots[g->next_fill];
    if (!s->host_in.storage &&
        (vf_gpu_pinned_bytes(g) + slot_pinned_bytes(g) > g->pinned_limit ||
         vf_frame_alloc_from(&s->host_in, g->width, g->height, pinned_bytes, release_pinned) ||
         vf_frame_alloc_from(&s->host_out, g->width, g->height, pinned_bytes, release_pinned))) {
        vf_frame_free(&s->host_in);
        report(err, errlen, "CUDA: cudaHostAlloc: out of pinned host memory");
        return NULL;
    }
    return &s->host_in;
}

int vf_gpu_submit_frames(struct vf_gpu *g, const struct vf_gpu_job *job, const struct vf_frame *in,
                         struct vf_frame *out, char *err, size_t errlen)
{
    if (!vf_gpu_slot_free(g))
        return report(err, errlen, "GPU: every slot is in flight; collect a frame first");
    struct slot *s = &g->slots[g->next_fill];
    if (enqueue(g, s, job, in, out, err, errlen))
        return -1;
    s->result = out;
    g->next_fill = (g->next_fill + 1) % g->ring;
    g->in_flight++;
    return 0;
}

int vf_gpu_submit(struct vf_gpu *g, const struct vf_gpu_job *job, char *err, size_t errlen)
{
    struct slot *s = &g->slots[g->next_fill];
    if (!s->host_in.storage)
        return report(err, errlen, "GPU: vf_gpu_submit without vf_gpu_input");
    return vf_gpu_submit_frames(g, job, &s->host_in, &s->host_out, err, errlen);
}

int vf_gpu_in_flight(const struct vf_gpu *g)
{
    return g->in_flight;
}

int vf_gpu_collect(struct vf_gpu *g, const struct vf_frame **out, struct vf_gpu_timing *timing,
                   char *err, size_t errlen)
{
    if (g->held)
        vf_gpu_release(g);
    if (g->in_flight == 0)
        return report(err, errlen, "GPU: no frame in flight");
    struct slot *s = &g->slots[g->next_collect];
    g->in_flight--;
    g->held = true;
    *out = s->result;
    return finish(s, timing, err, errlen);
}

void vf_gpu_release(struct vf_gpu *g)
{
    if (!g->held)
        return;
    g->held = false;
    g->next_collect = (g->next_collect + 1) % g->ring;
}
