/* C-callable entry points of the CUDA kernels. Every variant computes exactly what
 * vf_cpu_ref computes (same border and rounding rules from filter.h). */
#ifndef VF_CONVOLVE_H
#define VF_CONVOLVE_H

#include <stddef.h>
#include <stdint.h>

#include "filter.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Three planes on the device; src and dst share the pitch, a multiple of 16 (cudaMallocPitch's
 * are) that the fast kernel reads whole. The fast kernel also writes whole words at the right
 * edge, and the identity filter (every variant) copies each plane as one run of bytes: the bytes
 * of a dst row between the width and the pitch (its padding) may change. */
struct vf_device_planes {
    int width, height;
    int pitch;
    const uint8_t *src[3];
    uint8_t *dst[3];
};

/* Loads the taps that naive/tiled (global memory) and tiled-const (__constant__) read. The
 * caller must have no kernel of those variants in flight. Returns a cudaError_t. */
int vf_cuda_load_taps(const struct vf_filter *f, void *stream);

/* Filters all three planes with `variant` (enum vf_gpu_variant) on `stream` (a cudaStream_t).
 * block: 8, 16 or 32 for naive/tiled/tiled-const, ignored by fast. Returns a cudaError_t
 * (launch errors only: execution errors surface at the next synchronisation). */
int vf_cuda_convolve(const struct vf_filter *f, int border, int variant, int block,
                     const struct vf_device_planes *planes, void *stream);

/* Whether the fast kernel may use the copy engine of sm_90 where the driver offers it (on by
 * default); off, its blocks copy their tiles themselves, as on older GPUs. */
void vf_cuda_allow_copy_engine(int allow);

#ifdef __cplusplus
}
#endif

#endif
