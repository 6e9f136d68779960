/* The fast kernel for box filters (separable, every row tap 1 and every column tap 1, or both
 * -1, no centre tap): running sums, so the work per pixel hardly grows with the radius.
 *  - rows: a block of 64 threads walks a strip of 512 columns. Its rows come into a ring
 *    in shared memory by asynchronous copies (cp.async, 16 bytes a thread), the next batch of
 *    4 rows in flight while one is summed; the ring holds the 2r+1 rows of the window and the
 *    batch that enters it, so each row is read from global memory once per block.
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
 * Rows outside the frame follow the border rule as they are copied; the sums of columns outside
 * it are copied in shared memory (ColumnFix). Besides those first rows, what made the kernel
 * faster was more blocks an SM (the ring as small as it can be, one batch ahead, no scaled-tap
 * path) and fewer instructions. H100, 4K, walking down: box 31x31 32.4 us, 33.0 with each copy's
 * address worked out from its row, 37.4 when every block read its rows into registers, 50 on
 * fast_mma.cu's tensor cores (BENCHMARKS.md). */
#include "fast_tile.cuh"

namespace vf
{
namespace
{

constexpr int BOX_THREADS = 64;
constexpr int BOX_CPT = 8;   /* columns per thread */
constexpr int BOX_BATCH = 4; /* rows between barriers */
constexpr int BOX_WORDS = BOX_CPT / 2;
/* threads at each end of the strip whose sums only feed their neighbours' windows: 16 columns,
 * so that a strip starts on a 16-byte boundary */
constexpr int BOX_HALO = 2;
constexpr int BOX_OUT_COLS = BOX_CPT * (BOX_THREADS - 2 * BOX_HALO); /* 480: 4K is 8 strips */
constexpr int BOX_LINE = BOX_THREADS * BOX_CPT;                      /* bytes of a ring row */
constexpr int BOX_CHUNKS = BOX_LINE / 16;                            /* 16-byte copies a row */
constexpr int BOX_ROWS_AT_ONCE = BOX_THREADS / BOX_CHUNKS; /* rows the block copies at once */
/* From radius 3: at radius 2 fast.cu's small kernel is as fast (H100, 4K box 5x5: 24.4-24.7 us
 * here, 24.0-24.6 there) and at radius 1 faster. */
constexpr int BOX_MIN_RADIUS = 3;
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

/* Rows of the ring: the window of n and the batch entering it (the next batch's copies go to
 * the rows that left). */
constexpr int box_ring_rows(int n)
{
    return n + BOX_BATCH;
}
static_assert(BOX_BATCH % BOX_ROWS_AT_ONCE == 0, "every thread copies the same rows a batch");

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

/* One block's strip: `rows` output rows from y0 on, down (dir 1) or up (-1), BOX_BATCH rows
 * between barriers. RowsInside: every row the block reads lies in the frame, so a copy needs no
 * border rule (the top and bottom blocks take the other instantiation, which keeps the rule's loop
 * out of the others' code). */
template <int R, Divide D, bool RowsInside>
__device__ __forceinline__ void walk_strip(const Planes &p, const BoxParams &s, int y0, int dir,
                                           int rows, uint8_t *ring,
                                           uint4 (&sums)[BOX_BATCH][BOX_THREADS])
{
    constexpr int N = 2 * R + 1, ROWS = box_ring_rows(N);
    const int t = threadIdx.x, plane = blockIdx.z;
    const int xb = blockIdx.x * BOX_OUT_COLS - BOX_CPT * BOX_HALO; /* the strip's first column */
    const int x = xb + BOX_CPT * t;
    const bool edges = xb < 0 || xb + BOX_LINE > p.w;
    const ColumnFix fix = ColumnFix::make<R>(t, xb, BOX_LINE, p.w, s.border);
    const bool outputs = t >= BOX_HALO && t < BOX_THREADS - BOX_HALO && x < p.w;
    /* This thread copies 16 bytes of every BOX_ROWS_AT_ONCE-th ring row. Bytes outside the
     * frame come as zeros: xb is a multiple of 16 and so is the pitch, so a copy that starts
     * inside the frame stays inside its row. */
    const int chunk = t % BOX_CHUNKS, first = t / BOX_CHUNKS;
    const int xc = xb + 16 * chunk;
    const int valid = xc < 0 ? 0 : min(16, max(0, p.w - xc));
    const uint8_t *src = plane_src(p, plane);
    const int batches = (rows + BOX_BATCH - 1) / BOX_BATCH;
    uint8_t *chunk_at = ring + 16 * chunk;
    auto copy_row = [&](int slot, int y) {
        const int sy = RowsInside ? y : vf_border_index(y, p.h, s.border);
        const bool any = valid > 0 && sy >= 0;
        copy16(chunk_at + slot * BOX_LINE,
               any ? src + (size_t)(unsigned)sy * (unsigned)p.pitch + xc : src, any ? valid : 0);
    };
    /* Inside the frame the batches' rows follow one another: the thread's next copy is a
     * pointer that steps BOX_ROWS_AT_ONCE rows (a chunk outside the frame copies nothing and
     * stays at the plane's first byte). Worked out per copy, the address, the border rule and
     * the loop over a runtime first row cost ~35 instructions a copy (SASS, box 31). In a strip
     * of one batch the first such row is never copied and may lie outside the frame, above it
     * when walking up: signed arithmetic. */
    constexpr int COPIES = BOX_BATCH / BOX_ROWS_AT_ONCE; /* rows a thread copies a batch */
    const ptrdiff_t step = valid > 0 ? (ptrdiff_t)dir * BOX_ROWS_AT_ONCE * p.pitch : 0;
    const uint8_t *next = RowsInside && valid > 0
                              ? src + (ptrdiff_t)(y0 + dir * (R + BOX_BATCH + first)) * p.pitch + xc
                              : src;
    /* the window of the row before y0 in the walk (rows y0-R-1 .. y0+R-1 walking down) in ring
     * rows 0 .. 2R, and the first batch's entering rows after them */
    for (int i = first; i < N; i += BOX_ROWS_AT_ONCE)
        copy_row(i, y0 + dir * (i - R - 1));
    copies_commit();
#pragma unroll
    for (int k = first; k < BOX_BATCH; k += BOX_ROWS_AT_ONCE)
        copy_row(N + k, y0 + dir * (R + k));
    copies_commit();
    copies_wait<1>();
    __syncthreads();
    const uint8_t *mine = ring + BOX_CPT * t;
    uint32_t col[BOX_WORDS] = {0, 0, 0, 0};
#pragma unroll
    for (int i = 0; i < N; i++) {
        uint32_t h[BOX_WORDS];
        widen(*reinterpret_cast<const uint2 *>(mine + i * BOX_LINE), h);
#pragma unroll
        for (int k = 0; k < BOX_WORDS; k++)
            col[k] += h[k];
    }

    /* the thread's next output row: a pointer stepped a row at a time */
    uint8_t *out = plane_dst(p, plane) + (size_t)(unsigned)y0 * (unsigned)p.pitch + x;
    const ptrdiff_t out_step = (ptrdiff_t)dir * p.pitch;
    int leaving = 0; /* ring row of the row that leaves the window next */
    for (int j = 0; j < batches; j++) {
        copies_wait<0>();
        __syncthreads();
        const int freed = leaving;
#pragma unroll
        for (int k = 0; k < BOX_BATCH; k++) {
            const int entering = leaving + N < ROWS ? leaving + N : leaving + N - ROWS;
            uint32_t a[BOX_WORDS], b[BOX_WORDS];
            widen(*reinterpret_cast<const uint2 *>(mine + entering * BOX_LINE), a);
            widen(*reinterpret_cast<const uint2 *>(mine + leaving * BOX_LINE), b);
#pragma unroll
            for (int w = 0; w < BOX_WORDS; w++)
                col[w] = col[w] + a[w] - b[w]; /* every half stays in 0..7905: no borrow */
            sums[k][t] = make_uint4(col[0], col[1], col[2], col[3]);
            leaving = leaving + 1 < ROWS ? leaving + 1 : 0;
        }
        __syncthreads();
        /* the rows that just left the window make room for the next batch */
        if (j + 1 < batches) {
#pragma unroll
            for (int c = 0; c < COPIES; c++) {
                const int k = first + c * BOX_ROWS_AT_ONCE;
                const int slot = freed + k < ROWS ? freed + k : freed + k - ROWS;
                if (RowsInside)
                    copy16(chunk_at + slot * BOX_LINE, next, valid);
                else
                    copy_row(slot, y0 + dir * (R + BOX_BATCH * (j + 1) + k));
                next += step;
            }
        }
        copies_commit();
        if (edges) {
#pragma unroll
            for (int k = 0; k < BOX_BATCH; k++)
                mend(fix, reinterpret_cast<uint16_t *>(sums[k]));
            __syncthreads();
        }
        if (!outputs)
            continue;
        const int row = BOX_BATCH * j;
#pragma unroll
        for (int k = 0; k < BOX_BATCH; k++) {
            if (row + k >= rows)
                break;
            store_outputs<R, D>(sums[k], s, out);
            out += out_step;
        }
    }
}

template <int R, Divide D>
__global__ void __launch_bounds__(BOX_THREADS, 8) box_kernel(Planes p, BoxParams s)
{
    __shared__ __align__(16) uint8_t ring[box_ring_rows(2 * R + 1) * BOX_LINE];
    __shared__ __align__(16) uint4 sums[BOX_BATCH][BOX_THREADS];
    const int top = blockIdx.y * s.rows, rows = min(s.rows, p.h - top);
    const int dir = blockIdx.y & 1 ? -1 : 1; /* odd strips walk up: see the top of the file */
    const int y0 = dir > 0 ? top : top + rows - 1;
    /* the rows read: from R + 1 behind y0 to `ahead` rows ahead of it, in the walk's direction */
    const int ahead = (rows + BOX_BATCH - 1) / BOX_BATCH * BOX_BATCH - 1 + R;
    const int lowest = dir > 0 ? y0 - R - 1 : y0 - ahead,
              highest = dir > 0 ? y0 + ahead : y0 + R + 1;
    if (lowest >= 0 && highest < p.h)
        walk_strip<R, D, true>(p, s, y0, dir, rows, ring, sums);
    else
        walk_strip<R, D, false>(p, s, y0, dir, rows, ring, sums);
}

/* Rows per block: as few as keep the blocks within 4/5 of what the GPU holds at once, so they
 * all run in one wave; a multiple of the batch. Measured on the H100 (box 7/15/31, us, with
 * the kernel before the ring): 4K with 32 rows (0.77 of a wave) 26/29/37, with 28 rows (0.89)
 * 26/33/41, with 16 rows (1.5 waves) 29/34/40; 1080p best with 8 rows (0.77 of a wave)
 * 10/12/17, 32 rows 15/17/19. */
template <int R, Divide D> cudaError_t launch_box(BoxParams s, const Planes &p, cudaStream_t stream)
{
    constexpr auto kernel = box_kernel<R, D>;
    int resident = 0;
    cudaError_t e = resident_blocks<kernel>(BOX_THREADS, 0, &resident);
    if (e != cudaSuccess)
        return e;
    const int strips = 3 * ((p.w + BOX_OUT_COLS - 1) / BOX_OUT_COLS);
    const int per_strip = max(1, resident * 4 / 5 / strips);
    const int rows = (p.h + per_strip - 1) / per_strip;
    s.rows = max(BOX_MIN_ROWS, (rows + BOX_BATCH - 1) / BOX_BATCH * BOX_BATCH);
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

bool uniform(const int32_t *taps, int n)
{
    for (int k = 1; k < n; k++)
        if (taps[k] != taps[0])
            return false;
    return true;
}

} // namespace

bool fast_box_fits(const vf_filter *f)
{
    const int n = f->size;
    /* every tap 1 (row and column taps both 1 or both -1): box filters. Other uniform taps go to
     * the other kernels, which keeps a multiply and a second copy of the outputs' code out of
     * this one. */
    return f->separable && f->centre == 0 && n / 2 >= BOX_MIN_RADIUS && uniform(f->row, n) &&
           uniform(f->col, n) && f->row[0] * f->col[0] == 1;
}

cudaError_t launch_fast_box(const vf_filter *f, int border, const Planes &p, cudaStream_t stream)
{
    typedef cudaError_t (*launcher)(const BoxParams &, const Planes &, cudaStream_t);
    static const launcher table[VF_MAX_RADIUS + 1] = {nullptr,
                                                      nullptr,
                                                      nullptr,
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
    static_assert(BOX_MIN_RADIUS == 3, "the table starts at radius 3");
    if (!fast_box_fits(f))
        return cudaErrorNotSupported;
    BoxParams s = {};
    s.q = f->requant;
    s.border = border;
    return table[f->size / 2](s, p, stream);
}

} // namespace vf
