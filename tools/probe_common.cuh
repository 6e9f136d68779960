/* What the probes (tools/probe_shapes.cu, probe_tiles.cu, probe_strips.cu) share: the frame
 * and its buffers, the timing as vfview bench times its rows (the copy floor first), cp.async,
 * and the wide tile (TW columns and 16 more each side in shared memory) that the first two time.
 * Not part of vfview; see any probe for how to build it. */
#pragma once

#include <cuda.h>
#include <cuda/ptx>
#include <cudaTypedefs.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <type_traits>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#define CHECK(call)                                                                                \
    do {                                                                                           \
        cudaError_t e_ = (call);                                                                   \
        if (e_ != cudaSuccess) {                                                                   \
            fprintf(stderr, "%s: %s\n", #call, cudaGetErrorString(e_));                            \
            return 1;                                                                              \
        }                                                                                          \
    } while (0)

constexpr int W = 3840, H = 2160, PITCH = 3840, PLANE = PITCH * H;

struct Frame {
    const uint8_t *src; /* 3 planes back to back */
    uint8_t *dst;
};

/* As vfview bench times its rows: every launch queued back to back on one stream, an event pair
 * around each, one synchronisation at the end; the first 10 dropped, the median printed. */
template <typename Launch>
float time_it(const char *name, Frame *frames, Launch launch, float floor_us)
{
    constexpr int RUNS = 110, WARMUP = 10;
    cudaEvent_t start[RUNS], stop[RUNS];
    for (int i = 0; i < RUNS; i++) {
        cudaEventCreate(&start[i]);
        cudaEventCreate(&stop[i]);
    }
    for (int i = 0; i < RUNS; i++) {
        cudaEventRecord(start[i]);
        launch(frames[i % 4]);
        cudaEventRecord(stop[i]);
    }
    cudaError_t e = cudaDeviceSynchronize();
    if (e == cudaSuccess)
        e = cudaGetLastError();
    std::vector<float> t;
    for (int i = WARMUP; i < RUNS; i++) {
        float ms = 0;
        cudaEventElapsedTime(&ms, start[i], stop[i]);
        t.push_back(ms * 1000);
    }
    for (int i = 0; i < RUNS; i++) {
        cudaEventDestroy(start[i]);
        cudaEventDestroy(stop[i]);
    }
    std::sort(t.begin(), t.end());
    const float median = t[t.size() / 2];
    printf("%-48s %7.1f us  %5.2fx floor%s%s\n", name, median,
           floor_us > 0 ? median / floor_us : 1.0, e ? "  ERROR " : "",
           e ? cudaGetErrorString(e) : "");
    return median;
}

constexpr size_t FRAME_BYTES = 3 * (size_t)PLANE;

/* 16 bytes global -> shared by cp.async (through the L2 only), past `valid` bytes zeros; then
 * the group of copies committed, and waited for until at most N groups are in flight */
__device__ __forceinline__ void cp_async16(void *smem, const void *gmem, int valid = 16)
{
    const unsigned s = (unsigned)__cvta_generic_to_shared(smem);
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" ::"r"(s), "l"(gmem), "r"(valid)
                 : "memory");
}
__device__ __forceinline__ void cp_commit()
{
    asm volatile("cp.async.commit_group;" ::: "memory");
}
template <int N> __device__ __forceinline__ void cp_wait()
{
    asm volatile("cp.async.wait_group %0;" ::"n"(N) : "memory");
}

/* Four input frames (more than the L2 holds) of 0x5a bytes and one output, in frames[i] = {in[i],
 * out}; prints the GPU and times the copy floor. Non-zero on a CUDA error. */
inline int open_frames(uint8_t *(&in)[4], Frame (&frames)[4], float *floor_us)
{
    uint8_t *out = nullptr;
    for (auto &p : in) {
        CHECK(cudaMalloc(&p, FRAME_BYTES));
        CHECK(cudaMemset(p, 0x5a, FRAME_BYTES));
    }
    CHECK(cudaMalloc(&out, FRAME_BYTES));
    for (int i = 0; i < 4; i++)
        frames[i] = {in[i], out};
    cudaDeviceProp prop;
    CHECK(cudaGetDeviceProperties(&prop, 0));
    printf("%s, %d SMs\n", prop.name, prop.multiProcessorCount);
    *floor_us = time_it(
        "floor: cudaMemcpyAsync D2D", frames,
        [&](Frame f) { cudaMemcpyAsync(f.dst, f.src, FRAME_BYTES, cudaMemcpyDeviceToDevice); }, 0);
    return 0;
}

/* Each thread's PY output rows of one 4-byte column of a tile in shared memory (16 bytes of
 * halo left of column 0 unless HX says otherwise, rows apart by PITCH_T), rows >= limit not stored.
 * Work: probe_shapes.cu's shuffle kernels' arithmetic with its neighbours read from the tile;
 * else a sum of 3 rows. */
template <int R, int PY, int PITCH_T, bool Work, int HX = 16>
__device__ __forceinline__ void tile_outputs(const uint8_t *tile, int ry, int cx, uint8_t *dst,
                                             int limit)
{
    if constexpr (Work) {
#pragma unroll
        for (int a = 0; a < PY; a++) {
            uint32_t sum = 0;
#pragma unroll
            for (int k = 0; k <= 2 * R; k++) {
                const uint32_t *w =
                    reinterpret_cast<const uint32_t *>(tile + (ry + a + k) * PITCH_T + HX + cx);
                sum += __byte_perm(w[-1], w[0], 0x6543) + __byte_perm(w[0], w[1], 0x5432);
            }
            if (a < limit)
                *reinterpret_cast<uint32_t *>(dst + (size_t)a * PITCH) = sum;
        }
    } else {
        uint32_t w[PY + 2 * R];
#pragma unroll
        for (int i = 0; i < PY + 2 * R; i++)
            w[i] = *reinterpret_cast<const uint32_t *>(tile + (ry + i) * PITCH_T + HX + cx);
#pragma unroll
        for (int a = 0; a < PY; a++)
            if (a < limit)
                *reinterpret_cast<uint32_t *>(dst + (size_t)a * PITCH) =
                    w[a] + w[a + R] + w[a + 2 * R];
    }
}

/* the outputs of a tile whose rows are PITCH_T bytes apart, threads (x, y) making PY rows of
 * one 4-byte column, columns at or past W not stored */
template <int R, int PY, int PITCH_T, bool Work>
__device__ __forceinline__ void wide_tile_outputs(const uint8_t *tile, const Frame &f, int plane,
                                                  int x0, int y0)
{
    const int cx = threadIdx.x * 4, ry = threadIdx.y * PY;
    if (x0 + cx < W)
        tile_outputs<R, PY, PITCH_T, Work>(
            tile, ry, cx, f.dst + (size_t)plane * PLANE + (size_t)(y0 + ry) * PITCH + x0 + cx,
            H - y0 - ry);
}

/* Rows y_top .. y_top + ROWS - 1 of a plane (clamped to the frame), VECS 16-byte vectors of each
 * from column x_first (those outside the frame zero), into a tile of VECS * 16-byte rows; the
 * block's THREADS threads share the vectors. */
template <int ROWS, int VECS, int THREADS>
__device__ __forceinline__ void load_tile(uint8_t *tile, const uint8_t *src, int x_first, int y_top)
{
    const int tid = threadIdx.y * blockDim.x + threadIdx.x;
    for (int i = tid; i < ROWS * VECS; i += THREADS) {
        const int r = i / VECS, vec = i % VECS, gx = x_first + 16 * vec;
        const int y = min(max(y_top + r, 0), H - 1);
        const uint4 v = gx >= 0 && gx < W
                            ? __ldg(reinterpret_cast<const uint4 *>(src + (size_t)y * PITCH + gx))
                            : make_uint4(0, 0, 0, 0);
        reinterpret_cast<uint4 *>(tile)[i] = v;
    }
}

/* the tile shape again, TW columns wide: a tile's columns of halo (16 bytes each side) are read
 * twice, once by each tile they border, so wider tiles read fewer of them per pixel */
template <int R, int TW, int TH, int TY, bool Work>
__global__ void __launch_bounds__(TW / 4 * TY) wide_tile_kernel(Frame f)
{
    constexpr int PITCH_T = TW + 32, ROWS = TH + 2 * R, VECS = PITCH_T / 16, THREADS = TW / 4 * TY,
                  PY = TH / TY;
    __shared__ __align__(16) uint8_t tile[ROWS * PITCH_T];
    const int plane = blockIdx.z, x0 = blockIdx.x * TW, y0 = blockIdx.y * TH;
    const uint8_t *src = f.src + (size_t)plane * PLANE;
    load_tile<ROWS, VECS, THREADS>(tile, src, x0 - 16, y0 - R);
    __syncthreads();
    wide_tile_outputs<R, PY, PITCH_T, Work>(tile, f, plane, x0, y0);
}

template <int R, int TW, int TH, int TY, bool Work>
void wide(const char *name, Frame *frames, float floor_us)
{
    char label[96];
    snprintf(label, sizeof label, "%s %dx%d, %d threads%s", name, TW, TH, TW / 4 * TY,
             Work ? ", work" : "");
    const dim3 grid((W + TW - 1) / TW, (H + TH - 1) / TH, 3), block(TW / 4, TY);
    time_it(
        label, frames, [&](Frame f) { wide_tile_kernel<R, TW, TH, TY, Work><<<grid, block>>>(f); },
        floor_us);
}
