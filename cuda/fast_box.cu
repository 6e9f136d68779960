/* The fast kernel for box filters (separable, every row tap equal and every column tap equal,
 * no centre tap): running sums, so the work per pixel hardly grows with the radius.
 *  - down: a block of 64 threads walks down a strip of 512 columns, 8 per thread (one 8-byte
 *    load a row). Each thread keeps its 8 column sums of the last 2r+1 rows as 16-bit halves of
 *    4 registers (at most 31 x 255 = 7905): a row comes in and one leaves with a byte permute
 *    per two columns and one three-input add per register.
 *  - across: every 4 rows (one barrier) the sums go to shared memory; each thread adds the
 *    window of its first output (runs of 16-bit halves added as whole words while no half can
 *    overflow, then folded with dp2a) and slides it along its other 7 outputs, two dp2a an
 *    output. The threads at the strip's two ends only feed sums to their neighbours.
 * Each block makes BoxParams::rows output rows (launch_box picks them so that every block runs
 * in one wave) and starts with the 2r+1 rows above its first. Rows outside the frame follow the
 * border rule as they load (the top and bottom blocks only); the sums of columns outside it are
 * copied in shared memory (ColumnFix). H100, 4K: box 31x31 37 us where fast_mma.cu's tensor
 * cores took 50 (BENCHMARKS.md). */
#include "fast_tile.cuh"

namespace vf
{
namespace
{

constexpr int BOX_THREADS = 64;
constexpr int BOX_CPT = 8;   /* columns per thread */
constexpr int BOX_BATCH = 4; /* rows between barriers */
constexpr int BOX_WORDS = BOX_CPT / 2;
/* From radius 3: at radius 2 fast.cu's small kernel is as fast (H100, 4K box 5x5: 24.4-24.7 us
 * here, 24.0-24.6 there) and at radius 1 faster. */
constexpr int BOX_MIN_RADIUS = 3;
constexpr int BOX_MIN_ROWS = 8; /* below, the 2r+1 rows each block starts with dominate */
/* what the kernel's layout takes for granted at every radius the filters allow */
static_assert(2 * VF_MAX_RADIUS <= BOX_THREADS, "one thread per column outside the frame");
static_assert(VF_MAX_SIZE * 255 <= 65535, "a column sum fits a 16-bit half");

template <int R> struct BoxStrip {
    static constexpr int N = 2 * R + 1;
    /* threads each side whose sums only feed the window of their neighbours */
    static constexpr int HALO = (R + BOX_CPT - 1) / BOX_CPT;
    static constexpr int OUT_COLS = BOX_CPT * (BOX_THREADS - 2 * HALO);
    /* column sums added as whole words before a 16-bit half could overflow */
    static constexpr int RUN = 65535 / (255 * N);
};

struct BoxParams {
    vf_requant q;
    int border;
    int32_t scale; /* every tap: the row tap times the column tap */
    int rows;      /* output rows per block */
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

/* The column sums outside the frame that an output reads (-R <= x < 0, w <= x < w + R) are the
 * sums of the columns the border rule maps them to (it maps columns and rows independently), so
 * the strip's row of sums is mended in shared memory rather than loading pixels column by
 * column. Thread k < 2R mends one such column of each row: which one and from where is worked
 * out once (the border rule's loop stays out of the rows' loop). */
struct ColumnFix {
    int to;   /* strip column to write, or -1 */
    int from; /* strip column to copy, or -1 for a zero */

    template <int R> static __device__ __forceinline__ ColumnFix make(int xb, int w, int border)
    {
        ColumnFix f = {-1, -1};
        const int k = threadIdx.x, x = k < R ? k - R : w + k - R, at = x - xb;
        if (k >= 2 * R || at < 0 || at >= BOX_THREADS * BOX_CPT || (x >= 0 && x < w))
            return f;
        const int sx = vf_border_index(x, w, border);
        f.to = at;
        f.from = sx < 0 ? -1 : sx - xb;
        return f;
    }

    __device__ __forceinline__ void apply(uint16_t *line) const
    {
        if (to >= 0)
            line[to] = from >= 0 ? line[from] : 0;
    }
};

/* The 8 pixels as 16-bit halves: columns 0,1 | 2,3 | 4,5 | 6,7. */
__device__ __forceinline__ void widen(uint2 px, uint32_t (&h)[BOX_WORDS])
{
    h[0] = __byte_perm(px.x, 0, 0x4140);
    h[1] = __byte_perm(px.x, 0, 0x4342);
    h[2] = __byte_perm(px.y, 0, 0x4140);
    h[3] = __byte_perm(px.y, 0, 0x4342);
}

/* The 8 window sums of this thread's outputs from the strip's column sums in shared memory.
 * win[m] is the word of column sums 8t + 2m - 8*HALO and the next. */
template <int R>
__device__ __forceinline__ void window_sums(const uint32_t *win, int32_t start,
                                            int32_t (&sum)[BOX_CPT])
{
    typedef BoxStrip<R> S;
    constexpr int BASE = BOX_WORDS * S::HALO; /* win index of the thread's own first column */
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
    for (int k = 0; k < R; k += S::RUN) {
        uint32_t run = 0;
#pragma unroll
        for (int j = k; j < R && j < k + S::RUN; j++)
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

/* The 8 outputs of row y from the column sums of one strip row, stored. UnitTaps: every tap is
 * 1 (box), so the offset starts the sums and no multiply is left. */
template <int R, Divide D, bool UnitTaps>
__device__ __forceinline__ void store_outputs(const uint4 *line, const Planes &p,
                                              const BoxParams &s, uint8_t *at, int x)
{
    constexpr int HALO = BoxStrip<R>::HALO;
    uint32_t win[BOX_WORDS * (2 * HALO + 1)];
#pragma unroll
    for (int m = 0; m < 2 * HALO + 1; m++) {
        const uint4 v = line[threadIdx.x - HALO + m];
        win[4 * m] = v.x;
        win[4 * m + 1] = v.y;
        win[4 * m + 2] = v.z;
        win[4 * m + 3] = v.w;
    }
    int32_t sum[BOX_CPT];
    window_sums<R>(win, UnitTaps ? s.q.offset : 0, sum);
    int32_t lo[PX], hi[PX];
#pragma unroll
    for (int b = 0; b < PX; b++) {
        lo[b] = UnitTaps ? sum[b] : s.q.offset + s.scale * sum[b];
        hi[b] = UnitTaps ? sum[b + PX] : s.q.offset + s.scale * sum[b + PX];
    }
    const uint2 packed = make_uint2(requant4<D>(lo, s.q), requant4<D>(hi, s.q));
    if (x + BOX_CPT <= p.w) {
        *reinterpret_cast<uint2 *>(at) = packed;
    } else {
        for (int b = 0; b < BOX_CPT && x + b < p.w; b++)
            at[b] = (uint8_t)((b < 4 ? packed.x : packed.y) >> (8 * (b % 4)));
    }
}

/* One block's strip: BoxParams::rows output rows from y0. RowsInside: every row the block reads
 * lies in the frame, so a row's address needs no border rule. */
template <int R, Divide D, bool RowsInside>
__device__ __forceinline__ void walk_strip(const Planes &p, const BoxParams &s, int y0, int rows,
                                           uint4 (&sums)[2][BOX_BATCH][BOX_THREADS])
{
    typedef BoxStrip<R> S;
    const int t = threadIdx.x, plane = blockIdx.z;
    const int xb = blockIdx.x * S::OUT_COLS - BOX_CPT * S::HALO; /* the strip's first column */
    const int x = xb + BOX_CPT * t;
    /* x is a multiple of 8 and the pitch of 16: a word that starts inside the frame ends inside
     * the row; words wholly outside it load zeros and ColumnFix mends their sums */
    const bool inside = x >= 0 && x < p.w;
    const bool edges = xb < 0 || xb + BOX_THREADS * BOX_CPT > p.w;
    const ColumnFix fix = ColumnFix::make<R>(xb, p.w, s.border);
    const bool outputs = t >= S::HALO && t < BOX_THREADS - S::HALO && x < p.w;
    const uint8_t *column = plane_src(p, plane) + x;
    auto load = [&](int y) {
        const int sy = RowsInside ? y : vf_border_index(y, p.h, s.border);
        if (!inside || (!RowsInside && sy < 0))
            return make_uint2(0, 0);
        /* sy >= 0: one wide multiply-add makes the address */
        return __ldg(
            reinterpret_cast<const uint2 *>(column + (size_t)(unsigned)sy * (unsigned)p.pitch));
    };

    /* the window of the row above y0, rows y0-R-1 .. y0+R-1 */
    uint32_t col[BOX_WORDS] = {0, 0, 0, 0};
#pragma unroll 8
    for (int y = y0 - R - 1; y < y0 + R; y++) {
        uint32_t h[BOX_WORDS];
        widen(load(y), h);
#pragma unroll
        for (int k = 0; k < BOX_WORDS; k++)
            col[k] += h[k];
    }

    /* rows entering and leaving the window; inside the frame they walk down by the pitch (a
     * 64-bit add a row instead of an address from the row number) */
    uint2 in[BOX_BATCH], out[BOX_BATCH];
    const uint8_t *entering = column + (size_t)(unsigned)max(y0 + R, 0) * (unsigned)p.pitch;
    const uint8_t *leaving = column + (size_t)(unsigned)max(y0 - R - 1, 0) * (unsigned)p.pitch;
    auto fetch = [&](int row) {
#pragma unroll
        for (int k = 0; k < BOX_BATCH; k++) {
            if (RowsInside) {
                in[k] =
                    inside ? __ldg(reinterpret_cast<const uint2 *>(entering)) : make_uint2(0, 0);
                out[k] =
                    inside ? __ldg(reinterpret_cast<const uint2 *>(leaving)) : make_uint2(0, 0);
                entering += p.pitch;
                leaving += p.pitch;
            } else {
                in[k] = load(y0 + row + k + R);
                out[k] = load(y0 + row + k - R - 1);
            }
        }
    };
    fetch(0);
    uint8_t *dst = plane_dst(p, plane) + x;
    for (int row = 0, buffer = 0; row < rows; row += BOX_BATCH, buffer ^= 1) {
#pragma unroll
        for (int k = 0; k < BOX_BATCH; k++) {
            uint32_t a[BOX_WORDS], b[BOX_WORDS];
            widen(in[k], a);
            widen(out[k], b);
#pragma unroll
            for (int j = 0; j < BOX_WORDS; j++)
                col[j] = col[j] + a[j] - b[j]; /* every half stays in 0..7905: no borrow */
            sums[buffer][k][t] = make_uint4(col[0], col[1], col[2], col[3]);
        }
        if (row + BOX_BATCH < rows)
            fetch(row + BOX_BATCH);
        __syncthreads();
        if (edges) {
#pragma unroll
            for (int k = 0; k < BOX_BATCH; k++)
                fix.apply(reinterpret_cast<uint16_t *>(sums[buffer][k]));
            __syncthreads();
        }
        if (!outputs)
            continue;
#pragma unroll
        for (int k = 0; k < BOX_BATCH; k++) {
            if (row + k >= rows)
                break;
            uint8_t *at = dst + (size_t)(unsigned)(y0 + row + k) * (unsigned)p.pitch;
            if (s.scale == 1)
                store_outputs<R, D, true>(sums[buffer][k], p, s, at, x);
            else
                store_outputs<R, D, false>(sums[buffer][k], p, s, at, x);
        }
    }
}

template <int R, Divide D>
__global__ void __launch_bounds__(BOX_THREADS, 16) box_kernel(Planes p, BoxParams s)
{
    __shared__ __align__(16) uint4 sums[2][BOX_BATCH][BOX_THREADS];
    const int y0 = blockIdx.y * s.rows, rows = min(s.rows, p.h - y0);
    const int last_read = y0 + (rows + BOX_BATCH - 1) / BOX_BATCH * BOX_BATCH - 1 + R;
    if (y0 - R - 1 >= 0 && last_read < p.h)
        walk_strip<R, D, true>(p, s, y0, rows, sums);
    else
        walk_strip<R, D, false>(p, s, y0, rows, sums);
}

/* Blocks of Kernel that one GPU holds at once (SMs x blocks per SM), asked once per device. */
template <auto Kernel> cudaError_t resident_blocks(int *blocks)
{
    static std::atomic<long long> known{-1}; /* device << 32 | blocks */
    int device = 0, sms = 0, per_sm = 0;
    cudaError_t e = cudaGetDevice(&device);
    const long long had = known.load();
    if (e == cudaSuccess && had >= 0 && had >> 32 == device) {
        *blocks = (int)(had & 0xffffffff);
        return cudaSuccess;
    }
    if (e == cudaSuccess)
        e = cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
    if (e == cudaSuccess)
        e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, Kernel, BOX_THREADS, 0);
    if (e != cudaSuccess)
        return e;
    *blocks = sms * per_sm > 0 ? sms * per_sm : 1;
    known.store((long long)device << 32 | *blocks);
    return cudaSuccess;
}

/* Rows per block: as few as keep the blocks within 4/5 of what the GPU holds at once, so they
 * all run in one wave; a multiple of the batch. Measured on the H100 (box 7/15/31, us): 4K with
 * 32 rows (0.77 of a wave) 26/29/37, with 28 rows (0.89) 26/33/41, with 16 rows (1.5 waves)
 * 29/34/40; 1080p best with 8 rows (0.77 of a wave) 10/12/17, 32 rows 15/17/19. */
template <auto Kernel, int R>
cudaError_t launch_box(BoxParams s, const Planes &p, cudaStream_t stream)
{
    int resident = 0;
    cudaError_t e = resident_blocks<Kernel>(&resident);
    if (e != cudaSuccess)
        return e;
    const int strips = 3 * ((p.w + BoxStrip<R>::OUT_COLS - 1) / BoxStrip<R>::OUT_COLS);
    const int per_strip = max(1, resident * 4 / 5 / strips);
    const int rows = (p.h + per_strip - 1) / per_strip;
    s.rows = max(BOX_MIN_ROWS, (rows + BOX_BATCH - 1) / BOX_BATCH * BOX_BATCH);
    dim3 grid(strips / 3, (p.h + s.rows - 1) / s.rows, 3);
    Kernel<<<grid, BOX_THREADS, 0, stream>>>(p, s);
    return cudaGetLastError();
}

template <int R>
cudaError_t launch_box_radius(const BoxParams &s, const Planes &p, cudaStream_t stream)
{
    const Divide d = fma_divide_of(s.q);
    switch (d) {
    case DIV_ONE:
    case DIV_SHIFT:
        return launch_box<box_kernel<R, DIV_SHIFT>, R>(s, p, stream);
    case DIV_FLOAT:
    case DIV_GRID: {
        BoxParams biased = s;
        biased.q = requant_for(s.q, d);
        return d == DIV_GRID ? launch_box<box_kernel<R, DIV_GRID>, R>(biased, p, stream)
                             : launch_box<box_kernel<R, DIV_FLOAT>, R>(biased, p, stream);
    }
    case DIV_MULHI: /* fma_divide_of gives DIV_FLOAT or DIV_GRID instead */
    case DIV_MAGIC:
    case DIV_MAGIC_CLAMP:
        break;
    }
    return launch_box<box_kernel<R, DIV_MAGIC_CLAMP>, R>(s, p, stream);
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
    return f->separable && f->centre == 0 && n / 2 >= BOX_MIN_RADIUS && uniform(f->row, n) &&
           uniform(f->col, n);
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
    s.scale = f->row[0] * f->col[0];
    return table[f->size / 2](s, p, stream);
}

} // namespace vf
