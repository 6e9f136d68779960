/* The fast kernel for box filters (every tap 1, vf_filter.flat_tap): running sums, so the work
 * per pixel hardly grows with the radius.
 *  - rows: a block of 64 threads walks a strip of 512 columns, 8 columns a thread. Each thread
 *    loads its own 8 bytes of each row entering its window straight into registers, 4 rows at
 *    once, the next 4 while the block makes the outputs of the last, and keeps them in its own
 *    column of a ring of the window's 2r+1 rows in shared memory, where it finds them again as
 *    they leave the window. Each row is read from global memory once a block.
 *  - down: each thread keeps the column sums of its 8 columns over the window as 16-bit halves
 *    of 4 registers (at most 31 x 255 = 7905): a row comes in and one leaves with a byte
 *    permute per two columns and one three-input add per register.
 *  - across: every 4 rows the sums go to shared memory; each thread adds the window of its
 *    first output (runs of 16-bit halves added as whole words while no half can overflow, then
 *    folded with dp2a) and slides it along its other 7 outputs, two dp2a an output. The 2
 *    threads at each end of the strip only feed sums to their neighbours.
 * Each block makes BoxParams::rows output rows (launch_box picks them so that every block runs
 * in one wave) and starts with the 2r+1 rows above its first. Odd strips walk up from their
 * bottom row instead, so two blocks start at every other boundary between strips, reading the
 * same rows at the same time, and two end at the others: each row comes from memory once. When
 * every block walked down, the rows a block starts with were read again at the end by the block
 * above, after the L2 had dropped some of them, on top of all blocks waiting on their first rows
 * at once (H100, 4K: 6-8 MB more read; box 15 27.8 -> 25.9 us, box 31 32.3 -> 30.2).
 * Rows outside the frame follow the border rule as they are loaded; the sums of columns outside
 * it are copied in shared memory (ColumnFix). What else made the kernel faster: more blocks an
 * SM (up to 16 of 2 warps, 64 registers), no scaled-tap path, fewer instructions, the rows
 * loaded by the threads that sum them rather than copied by cp.async, and (twenty-fourth
 * session) the leaving rows kept on chip instead of read again from the L2, with the L1 left
 * room for the loads in flight (launch_box). Timed with the leaving rows not read at all and
 * no window to start with, the kernel took 1.00-1.08x the copy at box 7/15/31: the rows read a
 * second time, not the sums, were what it waited on (BENCHMARKS.md, twenty-fourth session). */
#include "fast_tile.cuh"

namespace vf
{
namespace
{

constexpr int BOX_THREADS = 64;
constexpr int BOX_CPT = 8; /* columns per thread */
/* Rows loaded at once, and between barriers; and the blocks an SM must hold, which caps the
 * registers at 64. One H100, 4K, box 7/15/31, us: 4 rows and 16 blocks 22.9/25.6/30.0; 4 rows and
 * 12 blocks (80 registers) 22.9/26.6/31.0; 8 rows and 8 blocks 24.8/26.5/31.7; 4 rows and 20
 * blocks (48 registers, spills) 22.7/27.0/32.1. */
constexpr int BOX_BATCH = 4;
constexpr int BOX_BLOCKS_PER_SM = 16;
/* The window's first 2r+1 rows are loaded this many at once: each block waits on them before
 * its first output, all blocks at the same time (H100, 4K, in the kernel before the ring: box 15
 * 25.6-25.8 -> 24.4-24.7 us against 4 at once, box 31 29.9-30.0 -> 29.3-29.5). */
constexpr int BOX_FIRST_BATCH = 16;
/* Up to 19 rows (box 17 and 19) all at once, so that no block waits on a second round for one
 * to three rows. 64 registers a thread hold 19 rows without spilling (23 spill at box 23). H100,
 * 4K, thirty-fifth session, six rounds: box 17 22.2-22.5 -> 22.0-22.2 us, box 19 23.8-24.1 ->
 * 23.7-24.0; box 21 with its 21 rows at once stayed at 24.1. */
constexpr int first_batch(int rows)
{
    return rows <= 19 ? rows : BOX_FIRST_BATCH;
}
/* The share of the SM's 256 KB of L1 and shared memory that goes to shared memory, in percent.
 * Left to itself, the driver takes as much as the most blocks need (up to 228 KB at box 15),
 * and the L1 left over is too small for the rows in flight (H100, 4K, ring kernel with the
 * driver's choice / 86 / 72 percent: box 7 20.2 / 22.6 / 20.1 us, box 15 24.5 / 24.5 / 22.7,
 * box 31 29.9 / 29.8 / 27.7). At 72 the larger radii run fewer blocks an SM, each more rows. */
constexpr int BOX_SHARED_PERCENT = 72;
constexpr int BOX_WORDS = BOX_CPT / 2;
/* threads at each end of the strip whose sums only feed their neighbours' windows: 16 columns,
 * so that a strip starts on a 16-byte boundary */
constexpr int BOX_HALO = 2;
constexpr int BOX_OUT_COLS = BOX_CPT * (BOX_THREADS - 2 * BOX_HALO); /* 480: 4K is 8 strips */
constexpr int BOX_LINE = BOX_THREADS * BOX_CPT;                      /* columns of a strip */
/* Every box from 3x3. Until the thirty-fifth session box 3x3 and 5x5 ran on fast.cu's small
 * kernel, which had been as fast at radius 2 and faster at radius 1 when this kernel was young.
 * This one is now the faster: H100, 4K, six rounds in two calls, box 3x3 20.7-21.0 -> 18.9-19.0
 * us, box 5x5 21.8-22.0 -> 19.2-19.3 (one more round read 32.8 once: BENCHMARKS.md), against a
 * copy floor of 19.0-19.3; at 1080p box 5x5 8.9-9.0 -> 8.0-8.6 and box 3x3 7.5-8.7 -> 7.9-8.5,
 * within that floor's noise. */
constexpr int BOX_MIN_RADIUS = 1;
constexpr int BOX_MIN_ROWS = 8; /* below, the 2r+1 rows each block starts with dominate */
/* what the kernel's layout takes for granted at every radius the filters allow */
static_assert(BOX_CPT * BOX_HALO >= VF_MAX_RADIUS, "the halo threads hold every column read");
static_assert(2 * VF_MAX_RADIUS <= BOX_THREADS, "one thread per column outside the frame");
static_assert(VF_MAX_SIZE * 255 <= 65535, "a column sum fits a 16-bit half");

/* column sums of a window of n added as whole words before a 16-bit half could overflow */
constexpr int box_run(int n)
{
    return 65535 / (255 * n);
}

struct BoxParams {
    vf_requant q;
    int border;
    int rows; /* output rows per block */
};

/* c + the 16-bit halves of a weighted by the bytes of b (low two bytes; signed) */
__device__ __forceinline__ int32_t dp2a(uint32_t a, uint32_t b, int32_t c)
{
    int32_t d;
    asm("dp2a.lo.u32.s32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    return d;
}

/* 16-bit half `lane` of a word, with weight +1 or -1, as dp2a's byte pair */
__host__ __device__ constexpr uint32_t half_weight(int lane, bool minus)
{
    return (minus ? 0xffu : 0x01u) << (8 * lane);
}

/* The column sums outside the frame that an output reads are the sums of the columns the
 * border rule maps them to (it maps columns and rows independently), so the strip's row of
 * sums is mended in shared memory rather than copying pixels column by column: thread k < 2R
 * mends one such column of each row (ColumnFix, fast_tile.cuh). */
__device__ __forceinline__ void mend(const ColumnFix &f, uint16_t *line)
{
    if (f.to >= 0)
        line[f.to] = f.from >= 0 ? line[f.from] : 0;
}

/* The 8 pixels as 16-bit halves: columns 0,1 | 2,3 | 4,5 | 6,7. */
__device__ __forceinline__ void widen(uint2 px, uint32_t (&h)[BOX_WORDS])
{
    h[0] = __byte_perm(px.x, 0, 0x4140);
    h[1] = __byte_perm(px.x, 0, 0x4342);
    h[2] = __byte_perm(px.y, 0, 0x4140);
    h[3] = __byte_perm(px.y, 0, 0x4342);
}

/* The 8 window sums of this thread's outputs, from `start`, out of the strip's column sums.
 * win[m] is the word of column sums 8t + 2m - 8*BOX_HALO and the next. */
template <int R>
__device__ __forceinline__ void window_sums(const uint32_t *win, int32_t start,
                                            int32_t (&sum)[BOX_CPT])
{
    constexpr int RUN = box_run(2 * R + 1);
    constexpr int BASE = BOX_WORDS * BOX_HALO; /* win index of the thread's own first column */
    /* output 0's window: columns -R .. R; the one that shares a word with a column outside the
     * window comes alone, the R whole words in runs */
    int32_t acc;
    int first;
    if (R & 1) {
        acc = dp2a(win[BASE + ((-R) >> 1)], half_weight(1, false), start);
        first = -R + 1;
    } else {
        acc = dp2a(win[BASE + (R >> 1)], half_weight(0, false), start);
        first = -R;
    }
#pragma unroll
    for (int k = 0; k < R; k += RUN) {
        uint32_t run = 0;
#pragma unroll
        for (int j = k; j < R && j < k + RUN; j++)
            run += win[BASE + ((first >> 1) + j)];
        acc = dp2a(run, 0x0101, acc);
    }
    sum[0] = acc;
#pragma unroll
    for (int i = 1; i < BOX_CPT; i++) {
        const int in = i + R, out = i - 1 - R;
        acc = dp2a(win[BASE + (in >> 1)], half_weight(in & 1, false), acc);
        acc = dp2a(win[BASE + (out >> 1)], half_weight(out & 1, true), acc);
        sum[i] = acc;
    }
}

/* The thread's 8 outputs of one row from the column sums of one strip row, stored at `at`. */
template <int R, Divide D>
__device__ __forceinline__ void store_outputs(const uint4 *line, const BoxParams &s, uint8_t *at)
{
    uint32_t win[BOX_WORDS * (2 * BOX_HALO + 1)];
#pragma unroll
    for (int m = 0; m < 2 * BOX_HALO + 1; m++) {
        const uint4 v = line[threadIdx.x - BOX_HALO + m];
        win[4 * m] = v.x;
        win[4 * m + 1] = v.y;
        win[4 * m + 2] = v.z;
        win[4 * m + 3] = v.w;
    }
    int32_t sum[BOX_CPT];
    window_sums<R>(win, s.q.offset, sum); /* every tap is 1: the offset starts the sums */
    int32_t lo[PX], hi[PX];
#pragma unroll
    for (int b = 0; b < PX; b++) {
        lo[b] = sum[b];
        hi[b] = sum[b + PX];
    }
    /* whole at the frame's right edge too: x < w is a multiple of 8 and the pitch of 16, so the
     * bytes past the frame are the row's padding (convolve.h) */
    *reinterpret_cast<uint2 *>(at) = make_uint2(requant4<D>(lo, s.q), requant4<D>(hi, s.q));
}

/* 8 bytes read once: not kept in the L1, whose room the loads in flight need (the ring keeps
 * the rows for their second use). */
__device__ __forceinline__ uint2 load_once(const uint8_t *at)
{
    uint2 v;
    asm("ld.global.nc.L1::no_allocate.v2.u32 {%0, %1}, [%2];" : "=r"(v.x), "=r"(v.y) : "l"(at));
    return v;
}

/* The thread's 8 pixels of frame rows, loaded straight into registers (not through shared
 * memory: see the top of the file). Columns outside the frame read zeros; their sums are mended
 * later (ColumnFix). */
struct ColumnLoader {
    const uint8_t *column; /* the thread's 8 bytes of row 0 (the plane's first if !loads) */
    int pitch, h, border;
    bool loads;

    /* the thread's 8 bytes at `at`, in a row inside the frame. Once: the rows entering the
     * window after the first 2r+1 (with those loaded this way too, ptxas spilled 12 bytes at
     * box 31) */
    template <bool Once = false> __device__ __forceinline__ uint2 inside(const uint8_t *at) const
    {
        return !loads ? make_uint2(0, 0)
               : Once ? load_once(at)
                      : __ldg(reinterpret_cast<const uint2 *>(at));
    }
    /* frame row y, inside or outside the frame (the border rule) */
    __device__ __forceinline__ uint2 any(int y) const
    {
        const int sy = vf_border_index(y, h, border);
        return loads && sy >= 0 ? __ldg(reinterpret_cast<const uint2 *>(
                                      column + (size_t)(unsigned)sy * (unsigned)pitch))
                                : make_uint2(0, 0);
    }
    /* whether the rows from y to y + dir * (n - 1) all lie in the frame */
    __device__ __forceinline__ bool all_inside(int y, int dir, int n) const
    {
        const int last = y + dir * (n - 1);
        return min(y, last) >= 0 && max(y, last) < h;
    }
    /* where the thread's 8 bytes of frame row y are (a row inside the frame) */
    __device__ __forceinline__ const uint8_t *at(int y) const
    {
        return loads ? column + (ptrdiff_t)y * pitch : column;
    }
};

/* The window before a block's first output: walk rows 0 .. 2r (frame rows from y_first on, in
 * the walk's direction) into the thread's column of the ring, and their column sums. */
template <int R, bool RowsInside>
__device__ __forceinline__ void
start_window(const ColumnLoader &load, int y_first, int dir, ptrdiff_t step,
             uint2 (&window)[2 * R + 1][BOX_THREADS], uint32_t (&col)[BOX_WORDS])
{
    constexpr int N = 2 * R + 1, FB = first_batch(N);
    const int t = threadIdx.x;
    const bool inside = RowsInside || load.all_inside(y_first, dir, N);
    const uint8_t *first = load.at(inside ? y_first : 0);
#pragma unroll
    for (int w = 0; w < BOX_WORDS; w++)
        col[w] = 0;
#pragma unroll
    for (int i0 = 0; i0 < N; i0 += FB) {
        uint2 px[FB];
#pragma unroll
        for (int k = 0; k < FB && i0 + k < N; k++)
            px[k] =
                inside ? load.inside(first + (i0 + k) * step) : load.any(y_first + dir * (i0 + k));
#pragma unroll
        for (int k = 0; k < FB && i0 + k < N; k++) {
            window[i0 + k][t] = px[k];
            uint32_t h[BOX_WORDS];
            widen(px[k], h);
#pragma unroll
            for (int w = 0; w < BOX_WORDS; w++)
                col[w] += h[w];
        }
    }
}

/* One block's strip: `rows` output rows from y0 on, down (dir 1) or up (-1). Each batch of
 * BOX_BATCH rows, every thread loads the rows entering its 8 columns' window, takes the rows
 * leaving it from its column of the ring (`window`: walk row i in ring row i mod 2r+1; only the
 * thread itself reads its column, so the ring needs no barrier), updates its column sums and
 * puts them in shared memory, where the outputs' sums across read them. RowsInside: every row
 * the block reads lies in the frame, and the rows are found by a pointer step. The blocks at the
 * frame's top and bottom (the other instantiation) ask a batch at a time whether its rows are
 * all inside, and take the border rule's way only for the batches that are not: when they took
 * it for every row, they finished last (H100, 4K, box 15: 17.3 and 18.6 us into the kernel,
 * the median block 15.8; box 11 21.8 -> 20.7 us, box 15 22.7 -> 21.6, box 31 27.5 -> 26.6). */
template <int R, Divide D, bool RowsInside>
__device__ __forceinline__ void walk_strip(const Planes &p, const BoxParams &s, int y0, int dir,
                                           int rows, uint4 (&sums)[BOX_BATCH][BOX_THREADS],
                                           uint2 (&window)[2 * R + 1][BOX_THREADS])
{
    constexpr int N = 2 * R + 1;
    const int t = threadIdx.x, plane = blockIdx.z;
    const int xb = blockIdx.x * BOX_OUT_COLS - BOX_CPT * BOX_HALO; /* the strip's first column */
    const int x = xb + BOX_CPT * t;
    const bool edges = xb < 0 || xb + BOX_LINE > p.w;
    const ColumnFix fix = ColumnFix::make<R>(t, xb, BOX_LINE, p.w, s.border);
    const bool outputs = t >= BOX_HALO && t < BOX_THREADS - BOX_HALO && x < p.w;
    /* whole 8 bytes at the frame's right edge too: x < w is a multiple of 8 and the pitch of 16,
     * so the bytes past the frame are the row's padding, whose sums no output reads */
    ColumnLoader load;
    load.loads = x >= 0 && x < p.w;
    load.column = plane_src(p, plane) + (load.loads ? x : 0);
    load.pitch = p.pitch;
    load.h = p.h;
    load.border = s.border;
    /* walk row i is frame row y0 + dir * (i - R - 1): the window before output 0 is i < N, and
     * output j takes in row j + N and lets row j go */
    const ptrdiff_t step = load.loads ? (ptrdiff_t)dir * p.pitch : 0;
    uint32_t col[BOX_WORDS];
    start_window<R, RowsInside>(load, y0 - dir * (R + 1), dir, step, window, col);
    int slot = 0; /* the ring row of the next row to leave */

    /* the thread's next output row: a pointer stepped a row at a time */
    uint8_t *out = plane_dst(p, plane) + (size_t)(unsigned)y0 * (unsigned)p.pitch + x;
    const ptrdiff_t out_step = (ptrdiff_t)dir * p.pitch;
    /* a batch's rows are loaded while the block makes the outputs of the batch before */
    uint2 in[BOX_BATCH];
    auto load_batch = [&](int j) {
        const int y = y0 + dir * (j + R); /* the batch's first row */
        if (RowsInside || load.all_inside(y, dir, BOX_BATCH)) {
            const uint8_t *at = load.at(y);
#pragma unroll
            for (int k = 0; k < BOX_BATCH; k++)
                in[k] = load.template inside<true>(at + k * step);
        } else {
#pragma unroll
            for (int k = 0; k < BOX_BATCH; k++)
                in[k] = load.any(y + dir * k);
        }
    };
    load_batch(0);
    for (int j = 0; j < rows; j += BOX_BATCH) {
#pragma unroll
        for (int k = 0; k < BOX_BATCH; k++) {
            uint32_t a[BOX_WORDS], b[BOX_WORDS];
            uint2 &ring_row = window[slot][t]; /* the row leaving; the row entering goes there */
            widen(in[k], a);
            widen(ring_row, b);
            ring_row = in[k];
            slot = slot + 1 == N ? 0 : slot + 1;
#pragma unroll
            for (int w = 0; w < BOX_WORDS; w++)
                col[w] = col[w] + a[w] - b[w]; /* every half stays in 0..7905: no borrow */
            sums[k][t] = make_uint4(col[0], col[1], col[2], col[3]);
        }
        if (j + BOX_BATCH < rows)
            load_batch(j + BOX_BATCH);
        __syncthreads();
        if (edges) {
#pragma unroll
            for (int k = 0; k < BOX_BATCH; k++)
                mend(fix, reinterpret_cast<uint16_t *>(sums[k]));
            __syncthreads();
        }
        if (outputs) {
#pragma unroll
            for (int k = 0; k < BOX_BATCH; k++) {
                if (j + k >= rows)
                    break;
                store_outputs<R, D>(sums[k], s, out);
                out += out_step;
            }
        }
        __syncthreads(); /* the next batch's sums go where these were */
    }
}

template <int R, Divide D>
__global__ void __launch_bounds__(BOX_THREADS, BOX_BLOCKS_PER_SM) box_kernel(Planes p, BoxParams s)
{
    __shared__ __align__(16) uint4 sums[BOX_BATCH][BOX_THREADS];
    __shared__ __align__(16) uint2 window[2 * R + 1][BOX_THREADS];
    const int top = blockIdx.y * s.rows, rows = min(s.rows, p.h - top);
    const int dir = blockIdx.y & 1 ? -1 : 1; /* odd strips walk up: see the top of the file */
    const int y0 = dir > 0 ? top : top + rows - 1;
    /* the rows read: from R + 1 behind y0 to `ahead` rows ahead of it, in the walk's direction */
    const int ahead = (rows + BOX_BATCH - 1) / BOX_BATCH * BOX_BATCH - 1 + R;
    const int lowest = dir > 0 ? y0 - R - 1 : y0 - ahead,
              highest = dir > 0 ? y0 + ahead : y0 + R + 1;
    if (lowest >= 0 && highest < p.h)
        walk_strip<R, D, true>(p, s, y0, dir, rows, sums, window);
    else
        walk_strip<R, D, false>(p, s, y0, dir, rows, sums, window);
}

/* Segments of 10 batches or more are given an odd number of batches (launch_box). In two sweeps
 * on the H100 at 4K (twenty-sixth and thirty-fourth sessions), segments of an even number were
 * slower than an odd count a batch away at every radius where both were timed. In us, box 19
 * with 40 / 36 / 44 rows: 24.3-24.4 / 23.8 / 23.5-23.6; box 23 with 48 / 44 / 52: 25.7-25.8 /
 * 24.4 / 24.7-24.8; box 25 the same: 26.3-26.4 / 25.0-25.1 / 24.9-25.0; box 31 with 56 / 52 /
 * 60: 26.5-26.6 / 26.0-26.1 / 27.1-27.2. Traces at box 25 and 31 put the gain in the busiest
 * SMs, which walk fewer or shorter full segments with the odd counts; no model of that ordered
 * every radius. Shorter segments showed no such pattern: at 4K box 7-13 moved within 0.3 either
 * way from 32 rows to 36; at 1080p (8 -> 12 rows at box 7-13, 16 -> 12 at box 27-29, 16 -> 20 at
 * box 31) box 11 and 13 gained 0.1-0.4 and box 7 and 31 lost 0.3-0.4 (BENCHMARKS.md,
 * thirty-fourth session). */
constexpr int BOX_ODD_FROM = 10 * BOX_BATCH;
static_assert(BOX_ODD_FROM - BOX_BATCH >= BOX_MIN_ROWS, "a batch fewer is still a segment");

/* From a count `rows` with an even number of batches: of the counts a batch fewer and a batch
 * more, the one whose blocks come nearer 4/5 of the `resident` ones, but at most 7/8 of them
 * (at 0.89 of a wave the walk slowed: below). */
int odd_batches(int rows, int h, int strips, int resident)
{
    const long long target = resident * 4LL / 5;
    const int fewer = rows - BOX_BATCH, more = rows + BOX_BATCH;
    const long long more_blocks = (long long)strips * ((h + more - 1) / more);
    const long long fewer_blocks = (long long)strips * ((h + fewer - 1) / fewer);
    const bool fits = fewer_blocks * 8 <= resident * 7LL;
    return fits && fewer_blocks - target <= target - more_blocks ? fewer : more;
}

/* Rows per block: as few as keep the blocks within 4/5 of what the GPU holds at once, so they
 * all run in one wave; a multiple of the batch. Measured on the H100 (box 7/15/31, us, with
 * an early kernel): 4K with 32 rows (0.77 of a wave) 26/29/37, with 28 rows (0.89) 26/33/41,
 * with 16 rows (1.5 waves) 29/34/40; 1080p best with 8 rows (0.77 of a wave) 10/12/17, 32 rows
 * 15/17/19. With the rows loaded into registers, 1/2 of a wave instead of 4/5 took 26.6/28.0/31.8
 * and all of it 23.4/26.4/31.8 against 22.9/25.6/30.0. */
template <int R, Divide D> cudaError_t launch_box(BoxParams s, const Planes &p, cudaStream_t stream)
{
    constexpr auto kernel = box_kernel<R, D>;
    int resident = 0;
    cudaError_t e = prefer_shared_percent<kernel>(BOX_SHARED_PERCENT);
    if (e == cudaSuccess) /* after the preference, which the count depends on */
        e = resident_blocks<kernel>(BOX_THREADS, 0, &resident);
    if (e != cudaSuccess)
        return e;
    const int strips = 3 * ((p.w + BOX_OUT_COLS - 1) / BOX_OUT_COLS);
    const int per_strip = max(1, resident * 4 / 5 / strips);
    const int rows = (p.h + per_strip - 1) / per_strip;
    s.rows = max(BOX_MIN_ROWS, (rows + BOX_BATCH - 1) / BOX_BATCH * BOX_BATCH);
    if (s.rows >= BOX_ODD_FROM && s.rows / BOX_BATCH % 2 == 0)
        s.rows = odd_batches(s.rows, p.h, strips, resident);
    dim3 grid(strips / 3, (p.h + s.rows - 1) / s.rows, 3);
    kernel<<<grid, BOX_THREADS, 0, stream>>>(p, s);
    return cudaGetLastError();
}

template <int R>
cudaError_t launch_box_radius(const BoxParams &s, const Planes &p, cudaStream_t stream)
{
    const Divide d = fma_divide_of(s.q);
    switch (d) {
    case DIV_ONE:
    case DIV_SHIFT:
        return launch_box<R, DIV_SHIFT>(s, p, stream);
    case DIV_FLOAT:
    case DIV_GRID: {
        BoxParams biased = s;
        biased.q = requant_for(s.q, d);
        return d == DIV_GRID ? launch_box<R, DIV_GRID>(biased, p, stream)
                             : launch_box<R, DIV_FLOAT>(biased, p, stream);
    }
    case DIV_MULHI: /* fma_divide_of gives DIV_FLOAT or DIV_GRID instead */
    case DIV_MAGIC:
    case DIV_MAGIC_CLAMP:
        break;
    }
    return launch_box<R, DIV_MAGIC_CLAMP>(s, p, stream);
}

} // namespace

bool fast_box_fits(const vf_filter *f)
{
    /* every tap 1: box filters. Other flat taps go to the other kernels, which keeps a multiply
     * and a second copy of the outputs' code out of this one. */
    return f->flat_tap == 1 && f->size / 2 >= BOX_MIN_RADIUS;
}

cudaError_t launch_fast_box(const vf_filter *f, int border, const Planes &p, cudaStream_t stream)
{
    typedef cudaError_t (*launcher)(const BoxParams &, const Planes &, cudaStream_t);
    static const launcher table[VF_MAX_RADIUS + 1] = {nullptr,
                                                      launch_box_radius<1>,
                                                      launch_box_radius<2>,
                                                      launch_box_radius<3>,
                                                      launch_box_radius<4>,
                                                      launch_box_radius<5>,
                                                      launch_box_radius<6>,
                                                      launch_box_radius<7>,
                                                      launch_box_radius<8>,
                                                      launch_box_radius<9>,
                                                      launch_box_radius<10>,
                                                      launch_box_radius<11>,
                                                      launch_box_radius<12>,
                                                      launch_box_radius<13>,
                                                      launch_box_radius<14>,
                                                      launch_box_radius<15>};
    static_assert(BOX_MIN_RADIUS == 1, "the table starts at radius 1");
    if (!fast_box_fits(f))
        return cudaErrorNotSupported;
    BoxParams s = {};
    s.q = f->requant;
    s.border = border;
    return table[f->size / 2](s, p, stream);
}

} // namespace vf
