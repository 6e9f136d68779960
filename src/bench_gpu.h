/* The GPU side of the bench: CUDA variants, NPP, the device-copy floor and the transfer modes.
 * Each returns NULL when it measured, or the reason it could not ("built without CUDA",
 * "no CUDA device"). */
#ifndef VF_BENCH_GPU_H
#define VF_BENCH_GPU_H

#include <stdbool.h>
#include <stddef.h>

#include "filter.h"
#include "timing.h"

struct vf_bench_config {
    struct vf_filter filter;
    enum vf_border border;
    int width, height;
    int threads, frames, warmup;
    double budget_ms; /* CPU rows stop repeating past this once 3 frames are timed (0: never) */
    int block, streams;
    /* the device rows wait for each frame before the next is launched, as the window does; by
     * default they are launched back to back, as a batch runs */
    bool wait_each;
};

/* "NVIDIA H100 80GB HBM3, sm_90, 79 GiB, driver 13.0, runtime 13.0", or why there is none. */
const char *vf_bench_gpu_probe(char *desc, size_t len);

/* kernel: device-resident frames; with_transfers: the steady-state period of the streamed
 * pipeline with cfg->streams frames in flight. */
const char *vf_bench_gpu(const struct vf_bench_config *cfg, int variant, struct vf_stats *kernel,
                         struct vf_stats *with_transfers);
const char *vf_bench_npp(const struct vf_bench_config *cfg, struct vf_stats *kernel);
/* copy: device-to-device copy of one frame's bytes; transfers: the streamed pipeline with
 * uploads and downloads only. */
const char *vf_bench_floor(const struct vf_bench_config *cfg, struct vf_stats *copy,
                           struct vf_stats *transfers);
/* One frame at a time, waiting for each: upload from host memory (pinned or pageable), filter,
 * download. kernel: the filter alone; total: the three together (CUDA events). */
const char *vf_bench_sync_transfers(const struct vf_bench_config *cfg, int variant, bool pinned,
                                    struct vf_stats *kernel, struct vf_stats *total);
/* The streamed pipeline (vf_gpu ring, cfg->streams frames in flight): kernel is the median of
 * the per-frame kernel events, period the wall-clock time per frame in steady state. */
const char *vf_bench_streamed(const struct vf_bench_config *cfg, int variant,
                              struct vf_stats *kernel, struct vf_stats *period);

#endif
