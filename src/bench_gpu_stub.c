/* Built when CUDA is not: the GPU rows of the bench say why they are missing. */
#include "bench_gpu.h"

const char *vf_bench_gpu(const struct vf_bench_config *cfg, int variant, struct vf_stats *kernel,
                         struct vf_stats *with_transfers)
{
    (void)cfg, (void)variant, (void)kernel, (void)with_transfers;
    return "built without CUDA";
}

const char *vf_bench_npp(const struct vf_bench_config *cfg, struct vf_stats *kernel,
                         struct vf_stats *with_transfers)
{
    (void)cfg, (void)kernel, (void)with_transfers;
    return "built without NPP";
}

const char *vf_bench_floor(const struct vf_bench_config *cfg, struct vf_stats *copy,
                           struct vf_stats *transfers)
{
    (void)cfg, (void)copy, (void)transfers;
    return "built without CUDA";
}
