/* What every kernel file shares: the three planes of one launch (blockIdx.z picks the plane)
 * and the fast kernel's entry point, which convolve.cu's dispatch calls. */
#ifndef VF_KERNEL_COMMON_CUH
#define VF_KERNEL_COMMON_CUH

#include <cuda_runtime.h>

extern "C" {
#include "filter.h"
}

namespace vf
{

struct Planes {
    int w, h, pitch;
    const uint8_t *src[3];
    uint8_t *dst[3];
};

/* selecting without indexing keeps Planes out of local memory */
__device__ __forceinline__ const uint8_t *plane_src(const Planes &p)
{
    return blockIdx.z == 0 ? p.src[0] : blockIdx.z == 1 ? p.src[1] : p.src[2];
}

__device__ __forceinline__ uint8_t *plane_dst(const Planes &p)
{
    return blockIdx.z == 0 ? p.dst[0] : blockIdx.z == 1 ? p.dst[1] : p.dst[2];
}

/* The production kernel (fast.cu) on all three planes; a non-identity filter. */
cudaError_t launch_fast(const vf_filter *f, int border, const Planes &p, cudaStream_t stream);

/* vf_cuda_allow_copy_engine's switch (convolve.cu; copy_engine.cuh) */
bool copy_engine_allowed();

} // namespace vf

#endif
