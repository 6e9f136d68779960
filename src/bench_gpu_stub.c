/* Built when CUDA is not: the GPU rows of the bench say why they are missing. */
#include "bench_gpu.h"

#include <stdio.h>

static const char no_cuda[] = "built without CUDA";

const char *vf_bench_gpu_probe(char *desc, size_t len)
{
    snprintf(desc, len, "none (%s)", no_cuda);
    return no_cuda;
}

const char *vf_bench_gpu(const struct vf_bench_config *cfg, int variant, struct vf_stats *kernel,
                         struct vf_stats *with_transfers)
{
    (void)cfg, (void)variant, (void)kernel, (void)with_transfers;
    return no_cuda;
}

const char *vf_bench_npp(const struct vf_bench_config *cfg, struct vf_stats *kernel)
{
    (void)cfg, (void)kernel;
    return "built without NPP";
}

const char *vf_bench_floor(const struct vf_bench_config *cfg, struct vf_stats *copy,
                           struct vf_stats *transfers)
{
    (void)cfg, (void)copy, (void)transfers;
    return no_cuda;
}

const char *vf_bench_sync_transfers(const struct vf_bench_config *cfg, int variant, bool pinned,
                                    struct vf_stats *kernel, struct vf_stats *total)
{
    (void)cfg, (void)variant, (void)pinned, (void)kernel, (void)total;
    return no_cuda;
}

const char *vf_bench_streamed(const struct vf_bench_config *cfg, int variant,
                              struct vf_stats *kernel, struct vf_stats *period)
{
    (void)cfg, (void)variant, (void)kernel, (void)period;
    return no_cuda;
}
