/* The seeds' CUDA kernels (naive, tiled, their constant-memory twins: one output per thread),
 * the identity's copy, and the dispatch to every variant; fast.cu holds the production kernel.
 * The seeds' kernels use vf_border_index and vf_requantize. */
#include <atomic>

#include "kernel_common.cuh"

extern "C" {
#include "convolve.h"
#include "variants.h"
}

namespace
{
using vf::plane_dst;
using vf::plane_src;
using vf::Planes;

__device__ int32_t g_taps[VF_MAX_TAPS];   /* naive, tiled: taps in global memory */
__constant__ int32_t c_taps[VF_MAX_TAPS]; /* naive-const, tiled-const */

__device__ __forceinline__ int load_pixel(const uint8_t *src, int pitch, int x, int y, int w, int h,
                                          int border)
{
    int sx = vf_border_index(x, w, border), sy = vf_border_index(y, h, border);
    return sx < 0 || sy < 0 ? 0 : __ldg(src + (size_t)sy * pitch + sx);
}

/* ---- naive: every pixel read straight from global memory ----------------------------- */
template <bool ConstTaps> __global__ void naive_kernel(Planes p, int size, vf_requant q, int border)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= p.w || y >= p.h)
        return;
    const uint8_t *src = plane_src(p);
    int r = size / 2;
    int32_t sum = 0;
    for (int i = 0; i < size; i++)
        for (int j = 0; j < size; j++)
            sum += (ConstTaps ? c_taps[i * size + j] : g_taps[i * size + j]) *
                   load_pixel(src, p.pitch, x + j - r, y + i - r, p.w, p.h, border);
    plane_dst(p)[(size_t)y * p.pitch + x] = (uint8_t)vf_requantize(sum, q);
}

/* ---- tiled: block x block outputs from a (block + 2r)^2 shared tile ------------------- */
template <bool ConstTaps> __global__ void tiled_kernel(Planes p, int size, vf_requant q, int border)
{
    extern __shared__ uint8_t tile[];
    int r = size / 2, bw = blockDim.x, side = bw + 2 * r;
    int x0 = blockIdx.x * bw - r, y0 = blockIdx.y * blockDim.y - r;
    const uint8_t *src = plane_src(p);
    int tid = threadIdx.y * bw + threadIdx.x, threads = bw * blockDim.y;
    for (int k = tid; k < side * side; k += threads)
        tile[k] = (uint8_t)load_pixel(src, p.pitch, x0 + k % side, y0 + k / side, p.w, p.h, border);
    __syncthreads();
    int x = blockIdx.x * bw + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= p.w || y >= p.h)
        return;
    int32_t sum = 0;
    for (int i = 0; i < size; i++)
        for (int j = 0; j < size; j++)
            sum += (ConstTaps ? c_taps[i * size + j] : g_taps[i * size + j]) *
                   tile[(threadIdx.y + i) * side + threadIdx.x + j];
    plane_dst(p)[(size_t)y * p.pitch + x] = (uint8_t)vf_requantize(sum, q);
}

/* ---- identity: each plane copied as one run of 16-byte vectors ------------------------- */
/* `vecs` vectors from each plane's start: every row's pixels and padding but the last row's
 * padding past the width rounded up to 16, all inside the pitch x height allocation. One launch
 * for the three planes: 20.3-20.4 us at 4K on the H100 against the copy floor's 18.8-18.9;
 * three cudaMemcpyAsync calls took 33.5, a pitched cudaMemcpy2DAsync of the pixels 41.5
 * (BENCHMARKS.md). */
__global__ void copy_kernel(Planes p, size_t vecs)
{
    const uint4 *src = reinterpret_cast<const uint4 *>(plane_src(p));
    uint4 *dst = reinterpret_cast<uint4 *>(plane_dst(p));
    const size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < vecs)
        dst[i] = __ldg(src + i);
}

int copy_planes(const Planes &p, cudaStream_t s)
{
    if (p.w <= 0 || p.h <= 0)
        return cudaSuccess;
    if (p.pitch % 16 != 0) { /* no whole vectors: the pixels row by row */
        for (int k = 0; k < 3; k++) {
            cudaError_t e = cudaMemcpy2DAsync(p.dst[k], p.pitch, p.src[k], p.pitch, p.w, p.h,
                                              cudaMemcpyDeviceToDevice, s);
            if (e != cudaSuccess)
                return (int)e;
        }
        return cudaSuccess;
    }
    const size_t vecs = ((size_t)p.pitch * (size_t)(p.h - 1) + (size_t)p.w + 15) / 16;
    const unsigned threads = 256;
    copy_kernel<<<dim3((unsigned)((vecs + threads - 1) / threads), 1, 3), threads, 0, s>>>(p, vecs);
    return (int)cudaGetLastError();
}

} // namespace

static std::atomic<bool> copy_engine_on{true};

bool vf::copy_engine_allowed()
{
    return copy_engine_on.load();
}

extern "C" void vf_cuda_allow_copy_engine(int allow)
{
    copy_engine_on.store(allow != 0);
}

extern "C" int vf_cuda_load_taps(const struct vf_filter *f, void *stream)
{
    cudaStream_t s = (cudaStream_t)stream;
    size_t bytes = sizeof(int32_t) * (size_t)f->size * (size_t)f->size;
    cudaError_t e = cudaMemcpyToSymbolAsync(g_taps, f->taps, bytes, 0, cudaMemcpyHostToDevice, s);
    if (e == cudaSuccess)
        e = cudaMemcpyToSymbolAsync(c_taps, f->taps, bytes, 0, cudaMemcpyHostToDevice, s);
    return (int)e;
}

extern "C" int vf_cuda_convolve(const struct vf_filter *f, int border, int variant, int block,
                                const struct vf_device_planes *dp, void *stream)
{
    cudaStream_t s = (cudaStream_t)stream;
    Planes p;
    p.w = dp->width;
    p.h = dp->height;
    p.pitch = dp->pitch;
    for (int k = 0; k < 3; k++) {
        p.src[k] = dp->src[k];
        p.dst[k] = dp->dst[k];
    }
    if (f->identity) /* every variant: a copy is the exact result */
        return copy_planes(p, s);
    if (variant == VF_GPU_FAST)
        return (int)vf::launch_fast(f, border, p, s);
    dim3 threads(block, block), grid((p.w + block - 1) / block, (p.h + block - 1) / block, 3);
    size_t smem = (size_t)(block + f->size - 1) * (block + f->size - 1);
    switch (variant) {
    case VF_GPU_NAIVE:
        naive_kernel<false><<<grid, threads, 0, s>>>(p, f->size, f->requant, border);
        break;
    case VF_GPU_NAIVE_CONST:
        naive_kernel<true><<<grid, threads, 0, s>>>(p, f->size, f->requant, border);
        break;
    case VF_GPU_TILED:
        tiled_kernel<false><<<grid, threads, smem, s>>>(p, f->size, f->requant, border);
        break;
    case VF_GPU_TILED_CONST:
        tiled_kernel<true><<<grid, threads, smem, s>>>(p, f->size, f->requant, border);
        break;
    default:
        return (int)cudaErrorInvalidValue;
    }
    return (int)cudaGetLastError();
}
