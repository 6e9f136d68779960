/* A probe, not part of vfview (meson does not build it), for the twenty-second session
 * (BENCHMARKS.md): how should fast_box.cu's strips get their rows? Every kernel here walks
 * strips of 8 columns a thread as fast_box.cu does (16 columns each side only feed
 * neighbours, odd strips walk up) and keeps running column sums, but stores each column sum's
 * low byte instead of making the sums across: the memory shape and the sums down alone, like
 * the nineteenth session's diagnostic build "neither". "ring" times rows copied into a ring in
 * shared memory by cp.async (fast_box.cu's kernel until this session) or by the tensor memory
 * accelerator, with more or fewer copies in flight, against plain copies of the strips' shape;
 * "direct" times rows loaded by each thread straight into registers. Build and run on the GPU
 * machine:
 *
 *   nvcc -O3 -std=c++17 -gencode arch=compute_90,code=sm_90 tools/probe_strips.cu -o probe_strips
 *   ./probe_strips ring
 *   ./probe_strips direct
 *
 * Timing as tools/probe_shapes.cu's; the outputs are not checked. */
#include "probe_common.cuh"

/* Where a block's strip lies: THREADS threads of 8 columns, the first 2 and last 2 only
 * feeding their neighbours; `rows` rows a block, walked from y0 in direction dir. */
template <int THREADS> struct Strip {
    static constexpr int LINE = 8 * THREADS, OUT = LINE - 32;
    int t, plane, xb, x, n, dir, y0;
    bool outputs;

    __device__ Strip(int rows, bool pairs)
    {
        t = threadIdx.x;
        plane = blockIdx.z;
        xb = blockIdx.x * OUT - 16;
        x = xb + 8 * t;
        const int top = blockIdx.y * rows;
        n = min(rows, H - top);
        dir = pairs && (blockIdx.y & 1) ? -1 : 1;
        y0 = dir > 0 ? top : top + n - 1;
        outputs = t >= 2 && t < THREADS - 2 && x < W;
    }

    /* frame row of walk row i: the window before output 0 is i < 2R + 1 */
    template <int R> __device__ int walk_row(int i) const
    {
        return min(max(y0 + dir * (i - R - 1), 0), H - 1);
    }

    /* output j of the walk: the thread's 8 column sums' low bytes */
    __device__ void store(const Frame &f, int j, const uint32_t (&col)[4]) const
    {
        if (outputs && j < n)
            *reinterpret_cast<uint2 *>(f.dst + (size_t)plane * PLANE +
                                       (size_t)(y0 + dir * j) * PITCH + x) =
                make_uint2(__byte_perm(col[0], col[1], 0x6420),
                           __byte_perm(col[2], col[3], 0x6420));
    }
};

/* a row's 8 pixels in and another's out of the column sums (16-bit halves of col) */
__device__ __forceinline__ void slide(uint32_t (&col)[4], uint2 in, uint2 out)
{
    col[0] = col[0] + __byte_perm(in.x, 0, 0x4140) - __byte_perm(out.x, 0, 0x4140);
    col[1] = col[1] + __byte_perm(in.x, 0, 0x4342) - __byte_perm(out.x, 0, 0x4342);
    col[2] = col[2] + __byte_perm(in.y, 0, 0x4140) - __byte_perm(out.y, 0, 0x4140);
    col[3] = col[3] + __byte_perm(in.y, 0, 0x4342) - __byte_perm(out.y, 0, 0x4342);
}

/* the column sums of the first window, from rows ring slot i % RING holds for walk row i */
template <int N, int RING, int LINE>
__device__ __forceinline__ void first_window(const uint8_t *mine, uint32_t (&col)[4])
{
    for (int i = 0; i < N; i++)
        slide(col, *reinterpret_cast<const uint2 *>(mine + (i % RING) * LINE), make_uint2(0, 0));
}

/* the outputs of walk rows b * BATCH .. from a ring (slot i % RING holds walk row i) */
template <int N, int RING, int LINE, int BATCH, int THREADS>
__device__ __forceinline__ void ring_batch(const Frame &f, const Strip<THREADS> &s,
                                           const uint8_t *mine, int b, uint32_t (&col)[4])
{
#pragma unroll
    for (int k = 0; k < BATCH; k++) {
        const int j = b * BATCH + k;
        slide(col, *reinterpret_cast<const uint2 *>(mine + ((j + N) % RING) * LINE),
              *reinterpret_cast<const uint2 *>(mine + (j % RING) * LINE));
        s.store(f, j, col);
    }
}

/* Rows coming into a ring in shared memory by cp.async (16 bytes a thread), DEPTH batches of
 * BATCH rows in flight while one is summed. The ring holds one batch more than the window and
 * the batches in flight, so the copies issued after a batch's barrier go to rows that every
 * thread had finished with before it: one barrier a batch. */
template <int R, int THREADS, int BATCH, int DEPTH>
__global__ void __launch_bounds__(THREADS) box_ring_kernel(Frame f, int rows)
{
    using S = Strip<THREADS>;
    constexpr int N = 2 * R + 1, CHUNKS = S::LINE / 16, AT_ONCE = THREADS / CHUNKS,
                  RING = N + (DEPTH + 1) * BATCH;
    static_assert(BATCH % AT_ONCE == 0, "every thread copies the same rows of a batch");
    extern __shared__ __align__(16) uint8_t ring[];
    const S s(rows, true);
    const int chunk = s.t % CHUNKS, first = s.t / CHUNKS, xc = s.xb + 16 * chunk;
    const int valid = xc < 0 ? 0 : min(16, max(0, W - xc));
    const uint8_t *src = f.src + (size_t)s.plane * PLANE;
    auto copy_row = [&](int i) {
        cp_async16(ring + (i % RING) * S::LINE + 16 * chunk,
                   valid ? src + (size_t)s.template walk_row<R>(i) * PITCH + xc : src, valid);
    };
    const int batches = (s.n + BATCH - 1) / BATCH;
    for (int i = first; i < N; i += AT_ONCE)
        copy_row(i);
    for (int b = 0; b < DEPTH; b++) {
        if (b < batches)
            for (int k = first; k < BATCH; k += AT_ONCE)
                copy_row(N + b * BATCH + k);
        cp_commit();
    }
    uint32_t col[4] = {0, 0, 0, 0};
    const uint8_t *mine = ring + 8 * s.t;
    for (int b = 0; b < batches; b++) {
        cp_wait<DEPTH - 1>();
        __syncthreads();
        if (b == 0)
            first_window<N, RING, S::LINE>(mine, col);
        ring_batch<N, RING, S::LINE, BATCH>(f, s, mine, b, col);
        /* the batch DEPTH ahead goes to the rows that left the window a batch ago */
        if (b + DEPTH < batches)
            for (int k = first; k < BATCH; k += AT_ONCE)
                copy_row(N + (b + DEPTH) * BATCH + k);
        cp_commit();
    }
}

/* The same ring filled by the tensor memory accelerator (cp.async.bulk: one thread asks for
 * each row's bytes inside the frame; completion counted on an mbarrier a batch), so no thread
 * issues a copy per 16 bytes. Columns outside the frame hold stale bytes. */
template <int R, int THREADS, int BATCH, int DEPTH>
__global__ void __launch_bounds__(THREADS) box_bulk_kernel(Frame f, int rows)
{
    namespace ptx = cuda::ptx;
    using S = Strip<THREADS>;
    constexpr int N = 2 * R + 1, RING = N + (DEPTH + 1) * BATCH, BARS = DEPTH + 1;
    extern __shared__ __align__(16) uint8_t ring[];
    __shared__ uint64_t full[BARS + 1]; /* a barrier a batch in flight, and the first window's */
    const S s(rows, true);
    const int from = max(s.xb, 0), bytes = min(s.xb + S::LINE, W) - from;
    const uint8_t *src = f.src + (size_t)s.plane * PLANE + from;
    const int batches = (s.n + BATCH - 1) / BATCH;
    auto copy_rows = [&](int i0, int count, uint64_t *bar) {
        ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, bar,
                                       count * bytes);
        for (int i = i0; i < i0 + count; i++)
            ptx::cp_async_bulk(
                ptx::space_cluster, ptx::space_global, ring + (i % RING) * S::LINE + (from - s.xb),
                src + (size_t)s.template walk_row<R>(i) * PITCH, (uint32_t)bytes, bar);
    };
    if (s.t == 0) {
        for (int b = 0; b <= BARS; b++)
            ptx::mbarrier_init(&full[b], 1);
        ptx::fence_mbarrier_init(ptx::sem_release, ptx::scope_cluster);
    }
    __syncthreads();
    if (s.t == 0) {
        copy_rows(0, N, &full[BARS]);
        for (int b = 0; b < DEPTH && b < batches; b++)
            copy_rows(N + b * BATCH, BATCH, &full[b % BARS]);
    }
    while (!ptx::mbarrier_try_wait_parity(&full[BARS], 0))
        ;
    uint32_t col[4] = {0, 0, 0, 0};
    const uint8_t *mine = ring + 8 * s.t;
    first_window<N, RING, S::LINE>(mine, col);
    for (int b = 0; b < batches; b++) {
        while (!ptx::mbarrier_try_wait_parity(&full[b % BARS], (b / BARS) & 1))
            ;
        __syncthreads(); /* batch b - 1's leaving rows and barrier are free */
        if (s.t == 0 && b + DEPTH < batches)
            copy_rows(N + (b + DEPTH) * BATCH, BATCH, &full[(b + DEPTH) % BARS]);
        ring_batch<N, RING, S::LINE, BATCH>(f, s, mine, b, col);
    }
}

/* The strips' shape as a plain copy: each thread loads its own 8 bytes of U rows into
 * registers, then stores them. */
template <int THREADS, int U>
__global__ void __launch_bounds__(THREADS) strip_copy_kernel(Frame f, int rows)
{
    const Strip<THREADS> s(rows, false);
    if (!s.outputs)
        return;
    const size_t at = (size_t)s.plane * PLANE + (size_t)s.y0 * PITCH + s.x;
    for (int j = 0; j < s.n; j += U) {
        uint2 v[U];
#pragma unroll
        for (int u = 0; u < U; u++)
            if (j + u < s.n)
                v[u] = __ldg(reinterpret_cast<const uint2 *>(f.src + at + (size_t)(j + u) * PITCH));
#pragma unroll
        for (int u = 0; u < U; u++)
            if (j + u < s.n)
                *reinterpret_cast<uint2 *>(f.dst + at + (size_t)(j + u) * PITCH) = v[u];
    }
}

/* the thread's 8 bytes of frame row y (zeros outside the frame's columns) */
template <int THREADS>
__device__ __forceinline__ uint2 own_row(const Frame &f, const Strip<THREADS> &s, int y)
{
    return s.x >= 0 && s.x < W ? __ldg(reinterpret_cast<const uint2 *>(
                                     f.src + (size_t)s.plane * PLANE + (size_t)y * PITCH + s.x))
                               : make_uint2(0, 0);
}

/* the first window's 2R + 1 rows, each thread its own 8 bytes of them, and their column sums */
template <int R, int THREADS>
__device__ __forceinline__ void load_window(const Frame &f, const Strip<THREADS> &s,
                                            uint2 (&rows)[2 * R + 1], uint32_t (&col)[4])
{
#pragma unroll
    for (int i = 0; i <= 2 * R; i++)
        rows[i] = own_row(f, s, s.template walk_row<R>(i));
#pragma unroll
    for (int i = 0; i <= 2 * R; i++)
        slide(col, rows[i], make_uint2(0, 0));
}

/* No shared memory for the rows: each thread loads its own 8 bytes of the U rows entering its
 * window and of the U rows leaving it (loaded 2R + 1 rows before by the same thread) at once.
 * 64 threads a block; odd strips walk up if Pairs. */
template <int R, int U, bool Pairs>
__global__ void __launch_bounds__(64) box_direct_kernel(Frame f, int rows)
{
    constexpr int N = 2 * R + 1;
    const Strip<64> s(rows, Pairs);
    uint32_t col[4] = {0, 0, 0, 0};
    {
        uint2 window[N];
        load_window<R>(f, s, window, col);
    }
    for (int j = 0; j < s.n; j += U) {
        uint2 a[U], d[U];
#pragma unroll
        for (int u = 0; u < U; u++) {
            a[u] = own_row(f, s, s.template walk_row<R>(j + u + N));
            d[u] = own_row(f, s, s.template walk_row<R>(j + u));
        }
#pragma unroll
        for (int u = 0; u < U; u++) {
            slide(col, a[u], d[u]);
            s.store(f, j + u, col);
        }
    }
}

/* As box_direct, but the window's 2R + 1 rows stay in registers (a batch is 2R + 1 rows, so
 * each row's slot is known at compile time): every row is loaded once. */
template <int R, int THREADS>
__global__ void __launch_bounds__(THREADS) box_regring_kernel(Frame f, int rows)
{
    constexpr int N = 2 * R + 1;
    const Strip<THREADS> s(rows, true);
    uint32_t col[4] = {0, 0, 0, 0};
    uint2 ring[N];
    load_window<R>(f, s, ring, col);
    for (int j = 0; j < s.n; j += N) {
        uint2 a[N];
#pragma unroll
        for (int k = 0; k < N; k++)
            a[k] = own_row(f, s, s.template walk_row<R>(j + k + N));
#pragma unroll
        for (int k = 0; k < N; k++) {
            slide(col, a[k], ring[k]);
            ring[k] = a[k];
            s.store(f, j + k, col);
        }
    }
}

/* One row of a table: `kernel` on strips of THREADS threads, `rows` rows a block (0: as many
 * as keep the blocks within 4/5 of what the GPU holds, fast_box.cu's rule, in multiples of
 * `batch`), with `smem` bytes of dynamic shared memory. */
template <int THREADS>
void strips(const char *name, Frame *frames, float floor_us, void (*kernel)(Frame, int), int rows,
            int batch = 1, size_t smem = 0)
{
    constexpr int OUT = Strip<THREADS>::OUT;
    cudaError_t e =
        cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem);
    int per_sm = 0, sms = 0;
    if (e == cudaSuccess)
        e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, THREADS, smem);
    if (e == cudaSuccess)
        e = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
    const int columns = (W + OUT - 1) / OUT;
    if (rows == 0) {
        const int per_strip = std::max(1, per_sm * sms * 4 / 5 / (3 * columns));
        rows = ((H + per_strip - 1) / per_strip + batch - 1) / batch * batch;
    }
    const dim3 grid(columns, (H + rows - 1) / rows, 3);
    char label[96];
    snprintf(label, sizeof label, "%s, rows %d (%d/SM, %.2f waves)", name, rows, per_sm,
             per_sm ? (double)grid.x * grid.y * grid.z / (per_sm * sms) : 0.0);
    if (e != cudaSuccess) {
        printf("%-48s skipped: %s\n", label, cudaGetErrorString(e));
        return;
    }
    time_it(
        label, frames, [&](Frame f) { kernel<<<grid, THREADS, smem>>>(f, rows); }, floor_us);
}

template <int R, int THREADS, int BATCH, int DEPTH, bool Bulk>
void ring(Frame *frames, float floor_us, int rows)
{
    char name[64];
    snprintf(name, sizeof name, "%s R%d %dt %dx%d rows", Bulk ? "bulk" : "cp.async", R, THREADS,
             DEPTH, BATCH);
    const size_t smem = (size_t)(2 * R + 1 + (DEPTH + 1) * BATCH) * Strip<THREADS>::LINE;
    strips<THREADS>(name, frames, floor_us,
                    Bulk ? box_bulk_kernel<R, THREADS, BATCH, DEPTH>
                         : box_ring_kernel<R, THREADS, BATCH, DEPTH>,
                    rows, BATCH, smem);
}

template <int THREADS, int U> void copy(Frame *frames, float floor_us, int rows)
{
    char name[64];
    snprintf(name, sizeof name, "copy %dt, %d rows at once", THREADS, U);
    strips<THREADS>(name, frames, floor_us, strip_copy_kernel<THREADS, U>, rows);
}

template <int R, int U, bool Pairs> void direct(Frame *frames, float floor_us, int rows)
{
    char name[64];
    snprintf(name, sizeof name, "direct R%d, %d rows at once%s", R, U, Pairs ? ", pairs" : "");
    strips<64>(name, frames, floor_us, box_direct_kernel<R, U, Pairs>, rows);
}

template <int R, int THREADS> void regring(Frame *frames, float floor_us, int rows)
{
    char name[64];
    snprintf(name, sizeof name, "register ring R%d %dt", R, THREADS);
    strips<THREADS>(name, frames, floor_us, box_regring_kernel<R, THREADS>, rows);
}

int main(int argc, char **argv)
{
    uint8_t *in[4];
    Frame frames[4];
    float fl = 0;
    if (open_frames(in, frames, &fl))
        return 1;
    if (argc > 1 && !strcmp(argv[1], "ring")) {
        for (int round = 0; round < 2; round++) {
            for (int rows : {8, 24, 36, 72}) {
                copy<64, 4>(frames, fl, rows);
                copy<64, 8>(frames, fl, rows);
            }
            ring<0, 64, 4, 1, false>(frames, fl, 0);
            ring<0, 64, 4, 1, false>(frames, fl, 8);
            ring<0, 64, 16, 2, false>(frames, fl, 0);
            ring<0, 64, 8, 3, true>(frames, fl, 72);
            ring<0, 128, 8, 2, true>(frames, fl, 0);
            ring<7, 64, 4, 1, false>(frames, fl, 0); /* fast_box.cu's kernel before */
            ring<7, 64, 4, 3, false>(frames, fl, 0);
            ring<7, 64, 8, 3, false>(frames, fl, 72);
            ring<7, 64, 8, 3, false>(frames, fl, 144);
            ring<7, 64, 4, 2, true>(frames, fl, 0);
            ring<7, 64, 8, 3, true>(frames, fl, 72);
            ring<7, 128, 8, 3, true>(frames, fl, 72);
            ring<15, 64, 4, 1, false>(frames, fl, 0);
            ring<15, 128, 8, 3, false>(frames, fl, 144);
            ring<15, 128, 8, 3, true>(frames, fl, 144);
        }
        return 0;
    }
    if (argc > 1 && !strcmp(argv[1], "direct")) {
        for (int round = 0; round < 2; round++) {
            copy<64, 4>(frames, fl, 24);
            for (int rows : {16, 32, 48}) {
                direct<7, 4, false>(frames, fl, rows);
                direct<7, 4, true>(frames, fl, rows);
            }
            for (int rows : {32, 48, 64, 96}) {
                direct<7, 8, true>(frames, fl, rows);
                direct<7, 16, true>(frames, fl, rows);
                direct<15, 8, true>(frames, fl, rows);
                direct<15, 16, true>(frames, fl, rows);
            }
            for (int rows : {30, 45, 60})
                regring<7, 64>(frames, fl, rows);
            for (int rows : {31, 62, 93})
                regring<15, 64>(frames, fl, rows);
        }
        return 0;
    }
    fprintf(stderr, "usage: %s ring|direct\n", argv[0]);
    return 2;
}
