/* The CUDA kernels. naive, tiled and tiled-const follow the seeds (one output per thread);
 * fast computes 4x4 outputs per thread from a shared-memory tile, runs separable filters as a
 * horizontal then a vertical pass in exact integers, and adds a centre tap for filters that are
 * "separable + identity" (unsharp, edge). All use vf_border_index and vf_requant. */
#include <cuda_runtime.h>

extern "C" {
#include "convolve.h"
#include "variants.h"
}

namespace
{

__device__ int32_t g_taps[VF_MAX_TAPS];   /* naive, tiled: taps in global memory */
__constant__ int32_t c_taps[VF_MAX_TAPS]; /* naive-const, tiled-const */

struct Planes {
    int w, h, pitch;
    const uint8_t *src[3];
    uint8_t *dst[3];
};

/* blockIdx.z picks the plane; selecting without indexing keeps Planes out of local memory */
__device__ __forceinline__ const uint8_t *plane_src(const Planes &p)
{
    return blockIdx.z == 0 ? p.src[0] : blockIdx.z == 1 ? p.src[1] : p.src[2];
}

__device__ __forceinline__ uint8_t *plane_dst(const Planes &p)
{
    return blockIdx.z == 0 ? p.dst[0] : blockIdx.z == 1 ? p.dst[1] : p.dst[2];
}

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

/* ---- fast ---------------------------------------------------------------------------- */
constexpr int FAST_TX = 32, FAST_TY = 8; /* threads */
constexpr int PX = 4, PY = 4;            /* outputs per thread */
constexpr int TW = FAST_TX * PX, TH = FAST_TY * PY;
constexpr int APRON = 16; /* >= VF_MAX_RADIUS, keeps tile loads 4-byte aligned */
constexpr int TILE_PITCH = TW + 2 * APRON;

struct SepParams {
    int32_t row[VF_MAX_SIZE], col[VF_MAX_SIZE];
    int32_t centre; /* extra weight on the centre pixel: taps = col x row + centre*identity */
    vf_requant q;
    int border;
};

struct Params2D {
    int32_t taps[VF_MAX_TAPS];
    vf_requant q;
    int border;
};

/* Loads rows y0-R .. y0+TH+R-1, columns x0-APRON .. x0+TW+APRON-1 of one plane into smem,
 * applying the border rule. Interior tiles go as aligned 16-byte loads, all issued before the
 * first smem store so that their latencies overlap (a load-store loop waits for each load). */
template <int R>
__device__ __forceinline__ void load_tile(uint8_t *tile, const uint8_t *src, const Planes &p,
                                          int x0, int y0, int border)
{
    constexpr int ROWS = TH + 2 * R, VECS = TILE_PITCH / 16, TOTAL = ROWS * VECS;
    constexpr int THREADS = FAST_TX * FAST_TY, ITERS = (TOTAL + THREADS - 1) / THREADS;
    int tid = threadIdx.y * FAST_TX + threadIdx.x;
    bool inside_x = x0 - APRON >= 0 && x0 + TW + APRON <= p.w;
    uint4 v[ITERS];
#pragma unroll
    for (int it = 0; it < ITERS; it++) {
        int k = tid + it * THREADS;
        if (k >= TOTAL)
            break;
        int row = k / VECS, vec = k % VECS;
        int sy = vf_border_index(y0 - R + row, p.h, border);
        int gx = x0 - APRON + 16 * vec;
        v[it] = make_uint4(0, 0, 0, 0);
        if (sy < 0)
            continue;
        const uint8_t *line = src + (size_t)sy * p.pitch;
        if (inside_x) {
            v[it] = __ldg(reinterpret_cast<const uint4 *>(line + gx));
        } else {
            uint32_t w[4] = {0, 0, 0, 0};
#pragma unroll
            for (int b = 0; b < 16; b++) {
                int sx = vf_border_index(gx + b, p.w, border);
                w[b / 4] |= (uint32_t)(sx < 0 ? 0 : __ldg(line + sx)) << (8 * (b % 4));
            }
            v[it] = make_uint4(w[0], w[1], w[2], w[3]);
        }
    }
#pragma unroll
    for (int it = 0; it < ITERS; it++) {
        int k = tid + it * THREADS;
        if (k < TOTAL)
            reinterpret_cast<uint4 *>(tile)[k] = v[it];
    }
}

__device__ __forceinline__ void store4(uint8_t *line, int x, int w, const int32_t *acc,
                                       const vf_requant &q)
{
    uint32_t packed = 0;
#pragma unroll
    for (int b = 0; b < PX; b++)
        packed |= (uint32_t)vf_requantize(acc[b], q) << (8 * b);
    if (x + PX <= w) {
        *reinterpret_cast<uint32_t *>(line + x) = packed;
    } else {
        for (int b = 0; b < PX && x + b < w; b++)
            line[x + b] = (uint8_t)(packed >> (8 * b));
    }
}

template <int R>
__global__ void __launch_bounds__(FAST_TX *FAST_TY) fast_separable_kernel(Planes p, SepParams s)
{
    constexpr int N = 2 * R + 1, ROWS = TH + 2 * R;
    __shared__ __align__(16) uint8_t tile[ROWS * TILE_PITCH];
    __shared__ __align__(16) int32_t hbuf[ROWS * TW];
    int x0 = blockIdx.x * TW, y0 = blockIdx.y * TH;
    load_tile<R>(tile, plane_src(p), p, x0, y0, s.border);
    __syncthreads();

    int cx = threadIdx.x * PX;
    for (int row = threadIdx.y; row < ROWS; row += FAST_TY) {
        const uint8_t *t = tile + row * TILE_PITCH + APRON - R + cx;
        uint8_t px[PX + 2 * R];
#pragma unroll
        for (int k = 0; k < PX + 2 * R; k++)
            px[k] = t[k];
        int32_t o[PX];
#pragma unroll
        for (int b = 0; b < PX; b++) {
            int32_t sum = 0;
#pragma unroll
            for (int j = 0; j < N; j++)
                sum += s.row[j] * px[b + j];
            o[b] = sum;
        }
        *reinterpret_cast<int4 *>(hbuf + row * TW + cx) = make_int4(o[0], o[1], o[2], o[3]);
    }
    __syncthreads();

    int ry = threadIdx.y * PY;
    int32_t acc[PY][PX] = {};
#pragma unroll
    for (int i = 0; i < PY + 2 * R; i++) {
        int4 v = *reinterpret_cast<const int4 *>(hbuf + (ry + i) * TW + cx);
        const int32_t h[PX] = {v.x, v.y, v.z, v.w};
#pragma unroll
        for (int a = 0; a < PY; a++) {
            int k = i - a;
            if (k >= 0 && k < N) {
#pragma unroll
                for (int b = 0; b < PX; b++)
                    acc[a][b] += s.col[k] * h[b];
            }
        }
    }
    uint8_t *dst = plane_dst(p);
#pragma unroll
    for (int a = 0; a < PY; a++) {
        int y = y0 + ry + a, x = x0 + cx;
        if (y >= p.h || x >= p.w)
            continue;
        if (s.centre) {
            const uint8_t *c = tile + (ry + a + R) * TILE_PITCH + APRON + cx;
#pragma unroll
            for (int b = 0; b < PX; b++)
                acc[a][b] += s.centre * c[b];
        }
        store4(dst + (size_t)y * p.pitch, x, p.w, acc[a], s.q);
    }
}

template <int R>
__global__ void __launch_bounds__(FAST_TX *FAST_TY) fast_2d_kernel(Planes p, Params2D s)
{
    constexpr int N = 2 * R + 1, ROWS = TH + 2 * R;
    __shared__ __align__(16) uint8_t tile[ROWS * TILE_PITCH];
    int x0 = blockIdx.x * TW, y0 = blockIdx.y * TH;
    load_tile<R>(tile, plane_src(p), p, x0, y0, s.border);
    __syncthreads();

    int cx = threadIdx.x * PX, ry = threadIdx.y * PY;
    int32_t acc[PY][PX] = {};
    for (int i = 0; i < N; i++) {
#pragma unroll(R <= 2 ? N : 1)
        for (int j = 0; j < N; j++) {
            int32_t t = s.taps[i * N + j];
            if (!t)
                continue; /* uniform across the block: sharpen's zero corners cost nothing */
            const uint8_t *base = tile + (ry + i) * TILE_PITCH + APRON - R + cx + j;
#pragma unroll
            for (int a = 0; a < PY; a++)
#pragma unroll
                for (int b = 0; b < PX; b++)
                    acc[a][b] += t * base[a * TILE_PITCH + b];
        }
    }
    uint8_t *dst = plane_dst(p);
#pragma unroll
    for (int a = 0; a < PY; a++) {
        int y = y0 + ry + a, x = x0 + cx;
        if (y < p.h && x < p.w)
            store4(dst + (size_t)y * p.pitch, x, p.w, acc[a], s.q);
    }
}

template <int R>
cudaError_t launch_fast(const vf_filter *f, int border, const Planes &p, cudaStream_t stream)
{
    dim3 block(FAST_TX, FAST_TY), grid((p.w + TW - 1) / TW, (p.h + TH - 1) / TH, 3);
    if (f->separable) {
        SepParams sep;
        for (int k = 0; k < f->size; k++) {
            sep.row[k] = f->row[k];
            sep.col[k] = f->col[k];
        }
        sep.centre = f->centre;
        sep.q = f->requant;
        sep.border = border;
        fast_separable_kernel<R><<<grid, block, 0, stream>>>(p, sep);
    } else {
        Params2D s2;
        for (int k = 0; k < f->size * f->size; k++)
            s2.taps[k] = f->taps[k];
        s2.q = f->requant;
        s2.border = border;
        fast_2d_kernel<R><<<grid, block, 0, stream>>>(p, s2);
    }
    return cudaGetLastError();
}

typedef cudaError_t (*fast_launcher)(const vf_filter *, int, const Planes &, cudaStream_t);

cudaError_t launch_fast_any(const vf_filter *f, int border, const Planes &p, cudaStream_t s)
{
    static const fast_launcher table[VF_MAX_RADIUS + 1] = {
        launch_fast<0>,  launch_fast<1>,  launch_fast<2>,  launch_fast<3>,
        launch_fast<4>,  launch_fast<5>,  launch_fast<6>,  launch_fast<7>,
        launch_fast<8>,  launch_fast<9>,  launch_fast<10>, launch_fast<11>,
        launch_fast<12>, launch_fast<13>, launch_fast<14>, launch_fast<15>};
    return table[f->size / 2](f, border, p, s);
}

} // namespace

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
    if (f->identity) {
        /* every variant: a copy is the exact result */
        for (int k = 0; k < 3; k++) {
            cudaError_t e = cudaMemcpy2DAsync(p.dst[k], p.pitch, p.src[k], p.pitch, p.w, p.h,
                                              cudaMemcpyDeviceToDevice, s);
            if (e != cudaSuccess)
                return (int)e;
        }
        return cudaSuccess;
    }
    if (variant == VF_GPU_FAST)
        return (int)launch_fast_any(f, border, p, s);
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
