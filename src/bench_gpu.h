/* The GPU side of the bench: CUDA variants, NPP and the device-copy floor. Each returns NULL
 * when it measured, or the reason it could not ("built without CUDA", "no CUDA device"). */
#ifndef VF_BENCH_GPU_H
#define VF_BENCH_GPU_H

#include "filter.h"
#include "timing.h"

struct vf_bench_config {
    struct vf_filter filter;
    char filter_spec[1024];
    enum vf_border border;
    int width, height;
    int threads, frames, warmup;
    int block, streams;
};

const char *vf_bench_gpu(const struct vf_bench_config *cfg, int variant, struct vf_stats *kernel,
                         struct vf_stats *with_transfers);
const char *vf_bench_npp(const struct vf_bench_config *cfg, struct vf_stats *kernel,
                         struct vf_stats *with_transfers);
/* copy: device-to-device copy of one frame's bytes; transfers: the streamed pipeline with
 * uploads and downloads only. */
const char *vf_bench_floor(const struct vf_bench_config *cfg, struct vf_stats *copy,
                           struct vf_stats *transfers);

#endif
