/* A probe, not part of vfview (meson does not build it): how close to the copy floor can each
 * way of walking a 4K planar RGB frame get when the "filter" is a few byte permutes and adds?
 * It tells how much of the small kernels' time is their memory shape and how much their
 * arithmetic (BENCHMARKS.md, eighth session), and with "halo", where the tile's extra time goes
 * and what wider tiles save (ninth session), and with "cluster", whether tiles that share their
 * halo through a cluster's distributed shared memory save it (twelfth session). Build and run on
 * the GPU machine:
 *
 *   nvcc -O3 -std=c++17 -gencode arch=compute_90,code=sm_90 tools/probe_shapes.cu -o probe
 *   ./probe          # the eighth session's table
 *   ./probe halo     # the ninth session's
 *   ./probe cluster  # the twelfth session's
 *
 * Inputs rotate over 4 frames (100 MB, twice the L2); median of 100 launches after 10. The
 * outputs are not checked, only the loads and stores are meant to be the kernels', except in
 * "cluster": there each cluster kernel's output must equal the wide tile's on random bytes. */
#include "probe_common.cuh"

/* plain copy, 16 bytes a thread */
__global__ void copy16(Frame f)
{
    size_t i = ((size_t)blockIdx.x * blockDim.x + threadIdx.x) * 16;
    if (i < 3 * (size_t)PLANE)
        *reinterpret_cast<uint4 *>(f.dst + i) = __ldg(reinterpret_cast<const uint4 *>(f.src + i));
}

/* the small kernel's shape: a 128 x TH tile (+R rows each side, +16 columns each side) into
 * shared memory with 16-byte loads, a barrier, then each thread TH/TY rows of one 4-byte column.
 * Work: the shuffle kernels' arithmetic (below), its neighbours read from the tile */
template <int R, int TH, int TY, bool Work = false>
__global__ void __launch_bounds__(32 * TY) tile_kernel(Frame f)
{
    constexpr int PITCH_T = 160, ROWS = TH + 2 * R, VECS = 10, THREADS = 32 * TY;
    constexpr int STEP = THREADS / VECS, PY = TH / TY;
    __shared__ __align__(16) uint8_t tile[ROWS * PITCH_T];
    const int plane = blockIdx.z, x0 = blockIdx.x * 128, y0 = blockIdx.y * TH;
    const uint8_t *src = f.src + (size_t)plane * PLANE;
    const int tid = threadIdx.y * 32 + threadIdx.x, vec = tid % VECS, row0 = tid / VECS;
    if (row0 < STEP) {
        const int gx = x0 - 16 + 16 * vec;
        for (int r = row0; r < ROWS; r += STEP) {
            int y = min(max(y0 - R + r, 0), H - 1);
            uint4 v = gx >= 0 && gx < W
                          ? __ldg(reinterpret_cast<const uint4 *>(src + (size_t)y * PITCH + gx))
                          : make_uint4(0, 0, 0, 0);
            reinterpret_cast<uint4 *>(tile)[r * VECS + vec] = v;
        }
    }
    __syncthreads();
    const int cx = threadIdx.x * 4, ry = threadIdx.y * PY;
    tile_outputs<R, PY, PITCH_T, Work>(
        tile, ry, cx, f.dst + (size_t)plane * PLANE + (size_t)(y0 + ry) * PITCH + x0 + cx,
        H - y0 - ry);
}

/* Rows y_first .. y_first + N - 1 of one column, clamped to the frame, one load each. */
template <typename Word, int N>
__device__ __forceinline__ void load_rows(const uint8_t *column, int y_first, Word (&w)[N])
{
#pragma unroll
    for (int i = 0; i < N; i++) {
        const int y = min(max(y_first + i, 0), H - 1);
        w[i] = __ldg(reinterpret_cast<const Word *>(column + (size_t)y * PITCH));
    }
}

/* no shared memory: each thread loads its own word of every row it needs straight from global
 * (its neighbours' words come through L1) */
template <int R, int PY> __global__ void direct_kernel(Frame f)
{
    const int plane = blockIdx.z, x = (blockIdx.x * blockDim.x + threadIdx.x) * 4;
    const int y0 = (blockIdx.y * blockDim.y + threadIdx.y) * PY;
    if (x >= W || y0 >= H)
        return;
    const uint8_t *src = f.src + (size_t)plane * PLANE + x;
    uint8_t *dst = f.dst + (size_t)plane * PLANE + (size_t)y0 * PITCH + x;
    uint32_t w[PY + 2 * R];
    load_rows(src, y0 - R, w);
#pragma unroll
    for (int a = 0; a < PY; a++)
        if (y0 + a < H)
            *reinterpret_cast<uint32_t *>(dst + (size_t)a * PITCH) = w[a] + w[a + R] + w[a + 2 * R];
}

/* the small kernel's direct loads: each lane loads its own word of a row, lanes 0 and 31 also
 * the word beyond the warp's, neighbours by shuffles; a byte-shifted sum so the words matter */
template <int R, int PY> __global__ void shuffle_kernel(Frame f)
{
    const int plane = blockIdx.z, lane = threadIdx.x, x = (blockIdx.x * 32 + lane) * 4;
    const int y0 = (blockIdx.y * blockDim.y + threadIdx.y) * PY;
    const uint8_t *src = f.src + (size_t)plane * PLANE + x;
    uint8_t *dst = f.dst + (size_t)plane * PLANE + (size_t)y0 * PITCH + x;
    const int step = lane == 0 ? (x > 0 ? -4 : 0) : (x + 4 < W ? 4 : 0);
    uint32_t own[PY + 2 * R], beyond[PY + 2 * R];
#pragma unroll
    for (int i = 0; i < PY + 2 * R; i++) {
        int y = min(max(y0 - R + i, 0), H - 1);
        const uint8_t *row = src + (size_t)y * PITCH;
        own[i] = __ldg(reinterpret_cast<const uint32_t *>(row));
        beyond[i] =
            lane == 0 || lane == 31 ? __ldg(reinterpret_cast<const uint32_t *>(row + step)) : 0;
    }
#pragma unroll
    for (int a = 0; a < PY; a++) {
        uint32_t sum = 0;
#pragma unroll
        for (int k = 0; k <= 2 * R; k++) {
            uint32_t l = __shfl_up_sync(~0u, own[a + k], 1),
                     r = __shfl_down_sync(~0u, own[a + k], 1);
            l = lane == 0 ? beyond[a + k] : l;
            r = lane == 31 ? beyond[a + k] : r;
            sum += __byte_perm(l, own[a + k], 0x6543) + __byte_perm(own[a + k], r, 0x5432);
        }
        if (y0 + a < H)
            *reinterpret_cast<uint32_t *>(dst + (size_t)a * PITCH) = sum;
    }
}

/* the same, 8 pixels a lane (one 8-byte load a row): the loads beyond the warp's are a quarter
 * as many per pixel. Beyond = false: no such loads (lanes 0 and 31 use their own words; wrong
 * at those lanes, to measure what the loads cost) */
template <int R, int PY, bool Beyond> __global__ void shuffle8_kernel(Frame f)
{
    const int plane = blockIdx.z, lane = threadIdx.x, x = (blockIdx.x * 32 + lane) * 8;
    const int y0 = (blockIdx.y * blockDim.y + threadIdx.y) * PY;
    const uint8_t *src = f.src + (size_t)plane * PLANE + x;
    uint8_t *dst = f.dst + (size_t)plane * PLANE + (size_t)y0 * PITCH + x;
    const int step = lane == 0 ? (x > 0 ? -4 : 0) : (x + 8 < W ? 8 : 0);
    uint2 own[PY + 2 * R];
    uint32_t beyond[PY + 2 * R];
#pragma unroll
    for (int i = 0; i < PY + 2 * R; i++) {
        int y = min(max(y0 - R + i, 0), H - 1);
        const uint8_t *row = src + (size_t)y * PITCH;
        own[i] = __ldg(reinterpret_cast<const uint2 *>(row));
        beyond[i] = Beyond && (lane == 0 || lane == 31)
                        ? __ldg(reinterpret_cast<const uint32_t *>(row + step))
                        : (lane == 0 ? own[i].x : own[i].y);
    }
#pragma unroll
    for (int a = 0; a < PY; a++) {
        uint32_t sum0 = 0, sum1 = 0;
#pragma unroll
        for (int k = 0; k <= 2 * R; k++) {
            const uint2 o = own[a + k];
            uint32_t l = __shfl_up_sync(~0u, o.y, 1), r = __shfl_down_sync(~0u, o.x, 1);
            l = lane == 0 ? beyond[a + k] : l;
            r = lane == 31 ? beyond[a + k] : r;
            sum0 += __byte_perm(l, o.x, 0x6543) + __byte_perm(o.x, o.y, 0x5432);
            sum1 += __byte_perm(o.x, o.y, 0x6543) + __byte_perm(o.y, r, 0x5432);
        }
        if (y0 + a < H)
            *reinterpret_cast<uint2 *>(dst + (size_t)a * PITCH) = make_uint2(sum0, sum1);
    }
}

/* warps that overlap: a warp loads 32 lanes' words starting one lane's width left of its
 * outputs, and lanes 1..30 make outputs, so no lane loads beyond its own (P = 4 or 8 pixels) */
template <int R, int PY, int P> __global__ void overlap_kernel(Frame f)
{
    typedef typename std::conditional<P == 4, uint32_t, uint2>::type Word;
    constexpr int OUT = 30 * P;
    const int plane = blockIdx.z, lane = threadIdx.x;
    const int x = min(max(blockIdx.x * OUT - P + lane * P, 0), W - P);
    const int y0 = (blockIdx.y * blockDim.y + threadIdx.y) * PY;
    const uint8_t *src = f.src + (size_t)plane * PLANE + x;
    uint8_t *dst = f.dst + (size_t)plane * PLANE + (size_t)y0 * PITCH + x;
    Word own[PY + 2 * R];
    load_rows(src, y0 - R, own);
    const bool outputs = lane > 0 && lane < 31 && blockIdx.x * OUT - P + lane * P < W;
#pragma unroll
    for (int a = 0; a < PY; a++) {
        uint32_t sum0 = 0, sum1 = 0;
#pragma unroll
        for (int k = 0; k <= 2 * R; k++) {
            const Word o = own[a + k];
            if constexpr (P == 4) {
                const uint32_t l = __shfl_up_sync(~0u, o, 1), r = __shfl_down_sync(~0u, o, 1);
                sum0 += __byte_perm(l, o, 0x6543) + __byte_perm(o, r, 0x5432);
            } else {
                const uint32_t l = __shfl_up_sync(~0u, o.y, 1), r = __shfl_down_sync(~0u, o.x, 1);
                sum0 += __byte_perm(l, o.x, 0x6543) + __byte_perm(o.x, o.y, 0x5432);
                sum1 += __byte_perm(o.x, o.y, 0x6543) + __byte_perm(o.y, r, 0x5432);
            }
        }
        if (outputs && y0 + a < H) {
            if constexpr (P == 4)
                *reinterpret_cast<uint32_t *>(dst + (size_t)a * PITCH) = sum0;
            else
                *reinterpret_cast<uint2 *>(dst + (size_t)a * PITCH) = make_uint2(sum0, sum1);
        }
    }
}

/* the wide tile again, but the blocks of a cluster of CL side by side share their columns of
 * halo through distributed shared memory: each block loads only its own TW columns (the
 * cluster's outer two halos come from global memory), then copies the 16 columns each side
 * from its neighbours' tiles. Two cluster barriers, split: the first so that the neighbours'
 * tiles are there, the second (waited on at the end) so that no block leaves while its tile is
 * still being read. */
__device__ __forceinline__ void cluster_arrive()
{
    asm volatile("barrier.cluster.arrive.release.aligned;" ::: "memory");
}
__device__ __forceinline__ void cluster_wait()
{
    asm volatile("barrier.cluster.wait.acquire.aligned;" ::: "memory");
}
/* a 16-byte vector of block `rank`'s shared memory at the same offset as `local` */
__device__ __forceinline__ uint4 remote_load(const void *local, unsigned rank)
{
    uint32_t addr = (uint32_t)__cvta_generic_to_shared(local), remote;
    asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(remote) : "r"(addr), "r"(rank));
    uint4 v;
    asm volatile("ld.shared::cluster.v4.u32 {%0,%1,%2,%3}, [%4];"
                 : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
                 : "r"(remote)
                 : "memory");
    return v;
}

template <int R, int TW, int TH, int TY, int CL, bool Work>
__global__ void __launch_bounds__(TW / 4 * TY) cluster_tile_kernel(Frame f)
{
    constexpr int PITCH_T = TW + 32, ROWS = TH + 2 * R, OWN = TW / 16, THREADS = TW / 4 * TY,
                  PY = TH / TY;
    __shared__ __align__(16) uint8_t tile[ROWS * PITCH_T];
    const int plane = blockIdx.z, x0 = blockIdx.x * TW, y0 = blockIdx.y * TH;
    const unsigned rank = blockIdx.x % CL;
    const uint8_t *src = f.src + (size_t)plane * PLANE;
    const int tid = threadIdx.y * blockDim.x + threadIdx.x;
    auto fetch = [&](int r, int gx) {
        const int y = min(max(y0 - R + r, 0), H - 1);
        return gx >= 0 && gx < W
                   ? __ldg(reinterpret_cast<const uint4 *>(src + (size_t)y * PITCH + gx))
                   : make_uint4(0, 0, 0, 0);
    };
    for (int i = tid; i < ROWS * OWN; i += THREADS) {
        const int r = i / OWN, vec = i % OWN;
        reinterpret_cast<uint4 *>(tile + r * PITCH_T + 16)[vec] = fetch(r, x0 + 16 * vec);
    }
    /* the cluster's outer halos from global memory */
    for (int r = tid; r < ROWS; r += THREADS) {
        if (rank == 0)
            *reinterpret_cast<uint4 *>(tile + r * PITCH_T) = fetch(r, x0 - 16);
        if (rank == CL - 1)
            *reinterpret_cast<uint4 *>(tile + r * PITCH_T + 16 + TW) = fetch(r, x0 + TW);
    }
    cluster_arrive();
    cluster_wait();
    for (int r = tid; r < ROWS; r += THREADS) {
        uint8_t *line = tile + r * PITCH_T;
        if (rank > 0) /* the left neighbour's last 16 own columns */
            *reinterpret_cast<uint4 *>(line) = remote_load(line + TW, rank - 1);
        if (rank < CL - 1) /* the right neighbour's first 16 */
            *reinterpret_cast<uint4 *>(line + 16 + TW) = remote_load(line + 16, rank + 1);
    }
    cluster_arrive();
    __syncthreads();
    wide_tile_outputs<R, PY, PITCH_T, Work>(tile, f, plane, x0, y0);
    cluster_wait();
}

template <int R, int TW, int TH, int TY, int CL, bool Work>
void cluster(const char *name, Frame *frames, float floor_us)
{
    char label[96];
    snprintf(label, sizeof label, "%s %dx%d, %d threads, cluster %d%s", name, TW, TH, TW / 4 * TY,
             CL, Work ? ", work" : "");
    auto kernel = cluster_tile_kernel<R, TW, TH, TY, CL, Work>;
    const int tiles = (W + TW - 1) / TW;
    cudaLaunchConfig_t config = {};
    config.gridDim = dim3((tiles + CL - 1) / CL * CL, (H + TH - 1) / TH, 3);
    config.blockDim = dim3(TW / 4, TY);
    cudaLaunchAttribute attribute[1];
    attribute[0].id = cudaLaunchAttributeClusterDimension;
    attribute[0].val.clusterDim.x = CL;
    attribute[0].val.clusterDim.y = 1;
    attribute[0].val.clusterDim.z = 1;
    config.attrs = attribute;
    config.numAttrs = 1;
    time_it(
        label, frames, [&](Frame f) { cudaLaunchKernelEx(&config, kernel, f); }, floor_us);
    /* the same bytes as the wide tile's (frames[0] holds random bytes in this mode) */
    const size_t bytes = 3 * (size_t)PLANE;
    std::vector<uint8_t> a(bytes), b(bytes);
    const dim3 grid(tiles, (H + TH - 1) / TH, 3), block(TW / 4, TY);
    wide_tile_kernel<R, TW, TH, TY, Work><<<grid, block>>>(frames[0]);
    cudaMemcpy(a.data(), frames[0].dst, bytes, cudaMemcpyDeviceToHost);
    cudaLaunchKernelEx(&config, kernel, frames[0]);
    cudaMemcpy(b.data(), frames[0].dst, bytes, cudaMemcpyDeviceToHost);
    if (a != b)
        printf("    MISMATCH against the wide tile\n");
}

/* walking down: a block owns 128 columns and ROWS_PER_BLOCK rows; chunks of CH rows (+2R halo)
 * are fetched with cp.async into one of STAGES buffers while the block works on an earlier one */
template <int R, int CH, int STAGES, int TY>
__global__ void __launch_bounds__(32 * TY) walk_kernel(Frame f, int rows_per_block)
{
    constexpr int PITCH_T = 160, ROWS = CH + 2 * R, VECS = 10, THREADS = 32 * TY;
    constexpr int STEP = THREADS / VECS, PY = CH / TY;
    __shared__ __align__(16) uint8_t buf[STAGES][ROWS * PITCH_T];
    const int plane = blockIdx.z, x0 = blockIdx.x * 128, yb = blockIdx.y * rows_per_block;
    const int ye = min(yb + rows_per_block, H);
    const uint8_t *src = f.src + (size_t)plane * PLANE;
    const int tid = threadIdx.y * 32 + threadIdx.x, vec = tid % VECS, row0 = tid / VECS;
    const int gx = x0 - 16 + 16 * vec;
    const bool loads = row0 < STEP && gx >= 0 && gx < W;
    const int chunks = (ye - yb + CH - 1) / CH;
    auto fetch = [&](int c) {
        if (c < chunks && loads) {
            uint8_t *b = buf[c % STAGES];
            for (int r = row0; r < ROWS; r += STEP) {
                int y = min(max(yb + c * CH - R + r, 0), H - 1);
                cp_async16(b + r * PITCH_T + 16 * vec, src + (size_t)y * PITCH + gx);
            }
        }
        cp_commit();
    };
#pragma unroll
    for (int c = 0; c < STAGES - 1; c++)
        fetch(c);
    const int cx = threadIdx.x * 4;
    for (int c = 0; c < chunks; c++) {
        fetch(c + STAGES - 1);
        cp_wait<STAGES - 1>();
        __syncthreads();
        const uint8_t *b = buf[c % STAGES];
        const int ry = threadIdx.y * PY, y = yb + c * CH + ry;
        tile_outputs<R, PY, PITCH_T, false>(
            b, ry, cx, f.dst + (size_t)plane * PLANE + (size_t)y * PITCH + x0 + cx, ye - y);
        __syncthreads(); /* buffer c % STAGES is refilled next */
    }
}

/* walking down with the tensor memory accelerator: one thread asks for each chunk's whole tile
 * (128 + 2 HX bytes x CH + 2R rows, columns left of the frame zero-filled by the hardware) into one
 * of STAGES buffers, completion counted on an mbarrier; no thread spends registers on loads */
template <int R, int CH, int STAGES, int TY, bool Work, int HX>
__global__ void __launch_bounds__(32 * TY)
    tma_kernel(const __grid_constant__ CUtensorMap map, Frame f, int rows_per_block)
{
    constexpr int PITCH_T = 128 + 2 * HX, ROWS = CH + 2 * R, BYTES = ROWS * PITCH_T,
                  STRIDE = (BYTES + 127) / 128 * 128, PY = CH / TY;
    extern __shared__ __align__(128) uint8_t buf[];
    __shared__ uint64_t full[STAGES];
    const int plane = blockIdx.z, x0 = blockIdx.x * 128, yb = blockIdx.y * rows_per_block;
    const int ye = min(yb + rows_per_block, H);
    const int chunks = (ye - yb + CH - 1) / CH;
    const bool leader = threadIdx.x == 0 && threadIdx.y == 0;
    auto fetch = [&](int c) {
        if (c < chunks) {
            namespace ptx = cuda::ptx;
            ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared,
                                           &full[c % STAGES], BYTES);
            const int32_t at[2] = {x0 - HX, plane * H + yb + c * CH - R};
            ptx::cp_async_bulk_tensor(ptx::space_shared, ptx::space_global,
                                      buf + (c % STAGES) * STRIDE, &map, at, &full[c % STAGES]);
        }
    };
    if (leader) {
        for (int s = 0; s < STAGES; s++)
            cuda::ptx::mbarrier_init(&full[s], 1);
        cuda::ptx::fence_mbarrier_init(cuda::ptx::sem_release, cuda::ptx::scope_cluster);
    }
    __syncthreads();
    if (leader)
        for (int c = 0; c < STAGES; c++)
            fetch(c);
    const int cx = threadIdx.x * 4, ry = threadIdx.y * PY;
    for (int c = 0; c < chunks; c++) {
        while (!cuda::ptx::mbarrier_try_wait_parity(&full[c % STAGES], (c / STAGES) & 1))
            ;
        const int y = yb + c * CH + ry;
        tile_outputs<R, PY, PITCH_T, Work, HX>(
            buf + (c % STAGES) * STRIDE, ry, cx,
            f.dst + (size_t)plane * PLANE + (size_t)y * PITCH + x0 + cx, ye - y);
        __syncthreads(); /* every warp is done with this buffer: refill it */
        if (leader)
            fetch(c + STAGES);
    }
}

template <int R, int CH, int STAGES, int TY>
void walk(const char *name, Frame *frames, float floor_us, int blocks_down)
{
    int rows = (H + blocks_down - 1) / blocks_down;
    rows = (rows + CH - 1) / CH * CH;
    int down = (H + rows - 1) / rows;
    char label[96];
    snprintf(label, sizeof label, "%s, %d rows/block", name, rows);
    time_it(
        label, frames,
        [&](Frame f) {
            walk_kernel<R, CH, STAGES, TY><<<dim3(W / 128, down, 3), dim3(32, TY)>>>(f, rows);
        },
        floor_us);
}

/* The frame's 3 planes as one 2-D tensor of bytes (W x 3H) for the tensor memory accelerator;
 * rows of the tile past a plane's edge come from the next plane (the outputs are not checked) */
template <int R, int CH, int STAGES, int TY, bool Work, int HX = 16>
void tma(const char *name, Frame *frames, float floor_us, int blocks_down)
{
    static PFN_cuTensorMapEncodeTiled_v12000 encode = nullptr;
    cudaDriverEntryPointQueryResult found;
    if (!encode && (cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled", (void **)&encode,
                                                     12000, cudaEnableDefault, &found) ||
                    found != cudaDriverEntryPointSuccess)) {
        printf("%-48s skipped: no cuTensorMapEncodeTiled\n", name);
        encode = nullptr;
        return;
    }
    CUtensorMap maps[4];
    const cuuint64_t dims[2] = {W, 3 * (cuuint64_t)H}, strides[1] = {PITCH};
    const cuuint32_t box[2] = {128 + 2 * HX, CH + 2 * R}, step[2] = {1, 1};
    for (int i = 0; i < 4; i++)
        if (encode(&maps[i], CU_TENSOR_MAP_DATA_TYPE_UINT8, 2, (void *)frames[i].src, dims, strides,
                   box, step, CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE,
                   CU_TENSOR_MAP_L2_PROMOTION_L2_128B,
                   CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE) != CUDA_SUCCESS) {
            printf("%-48s skipped: cuTensorMapEncodeTiled failed\n", name);
            return;
        }
    const int smem = STAGES * (((128 + 2 * HX) * (CH + 2 * R) + 127) / 128 * 128);
    auto kernel = tma_kernel<R, CH, STAGES, TY, Work, HX>;
    if (cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, smem)) {
        printf("%-48s skipped: cudaFuncSetAttribute\n", name);
        return;
    }
    int rows = (H + blocks_down - 1) / blocks_down;
    rows = (rows + CH - 1) / CH * CH;
    const int down = (H + rows - 1) / rows;
    char label[96];
    snprintf(label, sizeof label, "%s, %d rows/block", name, rows);
    time_it(
        label, frames,
        [&](Frame f) {
            int i = 0; /* the map of the frame time_it hands over */
            while (frames[i].src != f.src)
                i++;
            kernel<<<dim3(W / 128, down, 3), dim3(32, TY), smem>>>(maps[i], f, rows);
        },
        floor_us);
}

/* One row of the table: Kernel on blocks of `warps` warps, each making cols x rows outputs.
 * blocks_per_sm < 16 adds dynamic shared memory that leaves room for only that many blocks. */
template <auto Kernel>
void shape(const char *name, Frame *frames, float floor_us, int cols, int rows, int warps,
           int blocks_per_sm = 16)
{
    const size_t smem = blocks_per_sm >= 16 ? 0 : (size_t)(220 * 1024 / blocks_per_sm);
    const cudaError_t e =
        cudaFuncSetAttribute(Kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, 64 * 1024);
    if (e != cudaSuccess) {
        printf("%-48s skipped: cudaFuncSetAttribute: %s\n", name, cudaGetErrorString(e));
        return;
    }
    char label[96];
    snprintf(label, sizeof label, blocks_per_sm >= 16 ? "%s" : "%s, <= %d blocks/SM", name,
             blocks_per_sm);
    const dim3 grid((W + cols - 1) / cols, (H + rows - 1) / rows, 3), block(32, warps);
    time_it(
        label, frames, [&](Frame f) { Kernel<<<grid, block, smem>>>(f); }, floor_us);
}

int main(int argc, char **argv)
{
    const size_t bytes = FRAME_BYTES;
    uint8_t *in[4];
    Frame frames[4];
    float fl = 0;
    if (open_frames(in, frames, &fl))
        return 1;
    if (argc > 1 && !strcmp(argv[1], "cluster")) { /* the twelfth session's table */
        std::vector<uint8_t> noise(bytes);
        uint32_t state = 12345;
        for (auto &v : noise)
            v = (uint8_t)((state = state * 1664525u + 1013904223u) >> 24);
        CHECK(cudaMemcpy(in[0], noise.data(), bytes, cudaMemcpyHostToDevice));
        for (int round = 0; round < 2; round++) {
            wide<2, 128, 32, 4, true>("wide tile R2", frames, fl);
            cluster<2, 128, 32, 4, 2, true>("cluster tile R2", frames, fl);
            cluster<2, 128, 32, 4, 3, true>("cluster tile R2", frames, fl);
            cluster<2, 128, 32, 4, 6, true>("cluster tile R2", frames, fl);
            wide<2, 256, 32, 2, true>("wide tile R2", frames, fl);
            wide<2, 256, 64, 4, true>("wide tile R2", frames, fl);
            wide<2, 512, 32, 2, true>("wide tile R2", frames, fl);
            cluster<2, 512, 32, 2, 2, true>("cluster tile R2", frames, fl);
            cluster<2, 512, 32, 2, 4, true>("cluster tile R2", frames, fl);
            cluster<2, 512, 32, 2, 8, true>("cluster tile R2", frames, fl);
            wide<1, 512, 32, 2, true>("wide tile R1", frames, fl);
            cluster<1, 512, 32, 2, 2, true>("cluster tile R1", frames, fl);
            cluster<1, 512, 32, 2, 4, true>("cluster tile R1", frames, fl);
            cluster<1, 128, 32, 4, 2, true>("cluster tile R1", frames, fl);
            cluster<1, 128, 32, 4, 6, true>("cluster tile R1", frames, fl);
        }
        return 0;
    }
    if (argc > 1 && !strcmp(argv[1], "halo")) { /* the ninth session's table */
        shape<tile_kernel<2, 32, 4>>("tile R2 128x32, 4 warps (small kernel)", frames, fl, 128, 32,
                                     4);
        shape<direct_kernel<2, 8>>("direct R2, 4 px x 8 rows a thread", frames, fl, 128, 32, 4);
        for (int down : {68, 34}) {
            tma<2, 32, 2, 4, false>("tma R2, 16 columns each side", frames, fl, down);
            tma<0, 32, 2, 4, false, 0>("tma no halo at all", frames, fl, down);
            tma<2, 32, 2, 4, false, 0>("tma rows' halo only", frames, fl, down);
            tma<0, 32, 2, 4, false, 16>("tma columns' halo only (16 each side)", frames, fl, down);
            tma<2, 32, 3, 4, true>("tma R2, 3 stages, work", frames, fl, down);
        }
        wide<2, 128, 32, 4, true>("wide tile R2", frames, fl);
        wide<2, 128, 64, 4, true>("wide tile R2", frames, fl);
        wide<2, 256, 32, 2, true>("wide tile R2", frames, fl);
        wide<2, 256, 64, 4, true>("wide tile R2", frames, fl);
        wide<2, 512, 16, 2, true>("wide tile R2", frames, fl);
        wide<2, 512, 32, 2, true>("wide tile R2", frames, fl);
        wide<2, 512, 32, 1, true>("wide tile R2", frames, fl);
        wide<2, 512, 64, 4, true>("wide tile R2", frames, fl);
        wide<2, 960, 16, 1, true>("wide tile R2", frames, fl);
        wide<2, 960, 32, 2, true>("wide tile R2", frames, fl);
        wide<2, 1920, 16, 1, true>("wide tile R2", frames, fl);
        wide<1, 128, 32, 4, true>("wide tile R1", frames, fl);
        wide<1, 512, 32, 2, true>("wide tile R1", frames, fl);
        return 0;
    }
    time_it(
        "copy kernel, 16 B a thread", frames,
        [&](Frame f) { copy16<<<(unsigned)((bytes / 16 + 255) / 256), 256>>>(f); }, fl);
    shape<tile_kernel<1, 32, 4>>("tile R1 128x32, 4 warps (small kernel)", frames, fl, 128, 32, 4);
    shape<tile_kernel<2, 32, 4>>("tile R2 128x32, 4 warps (small kernel)", frames, fl, 128, 32, 4);
    shape<tile_kernel<2, 64, 8>>("tile R2 128x64, 8 warps", frames, fl, 128, 64, 8);
    shape<tile_kernel<2, 16, 2>>("tile R2 128x16, 2 warps", frames, fl, 128, 16, 2);
    shape<direct_kernel<1, 8>>("direct R1, 4 px x 8 rows a thread", frames, fl, 128, 32, 4);
    shape<direct_kernel<2, 8>>("direct R2, 4 px x 8 rows a thread", frames, fl, 128, 32, 4);
    shape<direct_kernel<2, 16>>("direct R2, 4 px x 16 rows a thread", frames, fl, 128, 64, 4);
    shape<overlap_kernel<2, 8, 4>>("overlap R2 4 px, 8 rows", frames, fl, 120, 32, 4);
    shape<overlap_kernel<1, 8, 4>>("overlap R1 4 px, 8 rows", frames, fl, 120, 32, 4);
    shape<overlap_kernel<2, 8, 8>>("overlap R2 8 px, 8 rows", frames, fl, 240, 32, 4);
    shape<overlap_kernel<2, 4, 8>>("overlap R2 8 px, 4 rows", frames, fl, 240, 16, 4);
    shape<overlap_kernel<1, 8, 8>>("overlap R1 8 px, 8 rows", frames, fl, 240, 32, 4);
    shape<overlap_kernel<2, 8, 4>>("overlap R2 4 px, 8 rows, 2 warps", frames, fl, 120, 16, 2);
    shape<tile_kernel<2, 32, 4, true>>("tile R2 + the shuffle kernel's arithmetic", frames, fl, 128,
                                       32, 4);
    shape<tile_kernel<1, 32, 4, true>>("tile R1 + the shuffle kernel's arithmetic", frames, fl, 128,
                                       32, 4);
    shape<shuffle8_kernel<2, 8, true>>("shuffle8 R2 8 rows, beyond loads", frames, fl, 256, 32, 4);
    shape<shuffle8_kernel<2, 8, false>>("shuffle8 R2 8 rows, no beyond loads (wrong)", frames, fl,
                                        256, 32, 4);
    shape<shuffle8_kernel<1, 8, true>>("shuffle8 R1 8 rows, beyond loads", frames, fl, 256, 32, 4);
    shape<shuffle8_kernel<2, 4, true>>("shuffle8 R2 4 rows, beyond loads", frames, fl, 256, 16, 4);
    shape<shuffle8_kernel<2, 16, true>>("shuffle8 R2 16 rows, beyond loads", frames, fl, 256, 64,
                                        4);
    for (int blocks : {16, 12, 10, 8}) {
        shape<direct_kernel<2, 8>>("direct R2 8 rows", frames, fl, 128, 32, 4, blocks);
        shape<shuffle_kernel<2, 8>>("shuffle R2 8 rows", frames, fl, 128, 32, 4, blocks);
        shape<shuffle_kernel<1, 8>>("shuffle R1 8 rows", frames, fl, 128, 32, 4, blocks);
        shape<tile_kernel<2, 32, 4>>("tile R2 128x32", frames, fl, 128, 32, 4, blocks);
    }
    shape<shuffle_kernel<2, 4>>("shuffle R2, 4 rows a thread", frames, fl, 128, 16, 4);
    shape<shuffle_kernel<2, 16>>("shuffle R2, 16 rows a thread", frames, fl, 128, 64, 4);
    for (int down : {8, 34}) {
        walk<2, 32, 2, 4>("walk R2 chunks 32, 2 stages, 4 warps", frames, fl, down);
        walk<2, 32, 3, 4>("walk R2 chunks 32, 3 stages, 4 warps", frames, fl, down);
        walk<2, 16, 3, 2>("walk R2 chunks 16, 3 stages, 2 warps", frames, fl, down);
    }
    return 0;
}
