/* The fast kernel for flat filters (box, and custom matrices whose taps are all one value): the
 * sum under a (2r+1)^2 window, kept as running sums so that a pixel costs the same few
 * instructions at every radius.
 *  - Each warp walks down a strip of 256 input columns (8 per lane, one 8-byte load per row)
 *    for `rows` output rows, keeping the sum of its 2r+1 input rows per column: each row adds
 *    the row entering the window and subtracts the one leaving it (two columns per register,
 *    16 bits each: 31 rows of 255 stay below 2^13).
 *  - Across, the window sum of column c is P[c+r] - P[c-r-1] over the prefix sums P of those
 *    column sums: a prefix within the lane, a warp scan of the lanes' totals (5 shuffles), and
 *    the two prefixes each output needs shuffled in from the lanes r columns either side.
 *  - A strip's outputs are its middle 256 - 2A columns (A = 8 or 16, >= r, keeps loads aligned);
 *    neighbouring strips overlap by 2A input columns, which come from L2.
 * Taps all 1 (box; row and column taps both 1 or both -1), so the window sum is the filter's
 * sum and the rounding offset can ride on the prefix sums. */
#include <stdlib.h>

#include "fast_tile.cuh"

namespace vf
{
namespace
{

constexpr int BOX_WARPS = 4;  /* warps per block: vertically neighbouring chunks of one strip */
constexpr int BOX_LANE_COLS = 8;
constexpr int BOX_STRIP = TX * BOX_LANE_COLS; /* input columns per warp */
constexpr int BOX_ROWS = 32;                  /* output rows per warp, a multiple of 2 groups */
constexpr int BOX_GROUP = 4; /* rows whose loads are in flight together */

struct BoxParams {
    vf_requant q;
    int border;
    int rows; /* output rows per warp */
};

template <int R> struct BoxStrip {
    static constexpr int APRON = R <= 8 ? 8 : 16;
    static constexpr int OUT = BOX_STRIP - 2 * APRON;
    static constexpr int FAR = R / BOX_LANE_COLS, NEAR = R % BOX_LANE_COLS;
};

/* A lane's 8 pixels of successive rows. Inside: the strip and every row it reads lie in the
 * frame, one 8-byte load from a pointer that steps a row. Otherwise the border rule, pixel by
 * pixel where the lane's columns leave the frame (the strips at the frame's edges). */
template <bool Inside> struct RowCursor;

template <> struct RowCursor<true> {
    const uint8_t *at;
    int pitch;
    __device__ __forceinline__ RowCursor(const Planes &p, const uint8_t *src, int x, int y, int)
        : at(src + (ptrdiff_t)y * p.pitch + x), pitch(p.pitch)
    {
    }
    __device__ __forceinline__ uint2 next(const Planes &)
    {
        const uint2 v = __ldg(reinterpret_cast<const uint2 *>(at));
        at += pitch;
        return v;
    }
};

template <> struct RowCursor<false> {
    const uint8_t *src;
    int x, y, border;
    __device__ __forceinline__ RowCursor(const Planes &, const uint8_t *src_, int x_, int y_,
                                         int border_)
        : src(src_), x(x_), y(y_), border(border_)
    {
    }
    __device__ __forceinline__ uint2 next(const Planes &p)
    {
        const int sy = vf_border_index(y++, p.h, border);
        if (sy < 0)
            return make_uint2(0, 0);
        const uint8_t *line = src + (size_t)sy * p.pitch;
        if (x >= 0 && x + BOX_LANE_COLS <= p.w)
            return __ldg(reinterpret_cast<const uint2 *>(line + x));
        uint64_t bytes = 0;
#pragma unroll
        for (int j = 0; j < BOX_LANE_COLS; j++) {
            const int sx = vf_border_index(x + j, p.w, border);
            if (sx >= 0)
                bytes |= (uint64_t)__ldg(line + sx) << (8 * j);
        }
        return make_uint2((uint32_t)bytes, (uint32_t)(bytes >> 32));
    }
};

/* column sums, two 16-bit halves per register: (col 0, col 1), (2, 3), ... */
typedef uint32_t ColumnSums[BOX_LANE_COLS / 2];

__device__ __forceinline__ uint32_t spread(uint2 pixels, int k)
{
    return __byte_perm(k < 2 ? pixels.x : pixels.y, 0, k % 2 ? 0x4342 : 0x4140);
}

/* The window moves down a row: one row enters, one leaves. Every half stays in
 * 0..(2r+1)*255 afterwards, so no carry or borrow crosses into the other half. */
__device__ __forceinline__ void slide(ColumnSums &sums, uint2 entering, uint2 leaving)
{
#pragma unroll
    for (int k = 0; k < 4; k++)
        sums[k] = sums[k] + spread(entering, k) - spread(leaving, k);
}

__device__ __forceinline__ int32_t shuffle_down(int32_t v, int lanes)
{
    return lanes == 0 ? v : __shfl_down_sync(0xffffffffu, v, lanes);
}

__device__ __forceinline__ int32_t shuffle_up(int32_t v, int lanes)
{
    return lanes == 0 ? v : __shfl_up_sync(0xffffffffu, v, lanes);
}

/* v + the v of the lane `lanes` below, where there is one: the shuffle's own predicate says
 * so, which saves a select per step */
__device__ __forceinline__ int32_t scan_step(int32_t v, int lanes)
{
    asm("{\n\t.reg .s32 t;\n\t.reg .pred p;\n\t"
        "shfl.sync.up.b32 t|p, %0, %1, 0, -1;\n\t"
        "@p add.s32 %0, %0, t;\n\t}"
        : "+r"(v)
        : "r"(lanes));
    return v;
}

/* offset + the 8 window sums of this lane's columns, from the column sums of the whole warp */
template <int R>
__device__ __forceinline__ void window_sums(const ColumnSums &sums, int32_t offset,
                                            int32_t (&window)[BOX_LANE_COLS])
{
    typedef BoxStrip<R> S;
    /* prefix within the lane: 8 column sums stay below 2^16, so two per register: (P0, P1) =
     * s0 * 0x10001, then each pair adds the last prefix to both halves */
    uint32_t pairs[4];
    pairs[0] = sums[0] * 0x10001u;
#pragma unroll
    for (int k = 1; k < 4; k++)
        pairs[k] = sums[k] * 0x10001u + __byte_perm(pairs[k - 1], 0, 0x3232);
    int32_t incl[BOX_LANE_COLS]; /* P[c] */
#pragma unroll
    for (int k = 0; k < 4; k++) {
        incl[2 * k] = (int32_t)(pairs[k] & 0xffff);
        incl[2 * k + 1] = (int32_t)(pairs[k] >> 16);
    }
    int32_t scan = incl[BOX_LANE_COLS - 1];
#pragma unroll
    for (int d = 1; d < TX; d *= 2)
        scan = scan_step(scan, d);
    const int32_t before = scan - incl[BOX_LANE_COLS - 1];
    int32_t excl[BOX_LANE_COLS]; /* P[c-1] */
    excl[0] = before;
#pragma unroll
    for (int j = 1; j < BOX_LANE_COLS; j++)
        excl[j] = incl[j - 1] + before;
#pragma unroll
    for (int j = 0; j < BOX_LANE_COLS; j++)
        incl[j] += before + offset;
    /* window(c) = P[c+r] - P[c-r-1]: lane + FAR (+1) holds the first, lane - FAR (-1) the second */
#pragma unroll
    for (int j = 0; j < BOX_LANE_COLS; j++) {
        const int right = j + S::NEAR, left = j - S::NEAR;
        const int32_t hi = right < BOX_LANE_COLS
                               ? shuffle_down(incl[right], S::FAR)
                               : shuffle_down(incl[right - BOX_LANE_COLS], S::FAR + 1);
        const int32_t lo = left >= 0 ? shuffle_up(excl[left], S::FAR)
                                     : shuffle_up(excl[left + BOX_LANE_COLS], S::FAR + 1);
        window[j] = hi - lo;
    }
}

template <Divide D>
__device__ __forceinline__ uint2 requant8(const int32_t (&n)[BOX_LANE_COLS], const vf_requant &q)
{
    int32_t v[2][PX];
#pragma unroll
    for (int j = 0; j < BOX_LANE_COLS; j++)
        v[j / PX][j % PX] = divided<D>(n[j], q);
    return make_uint2(pack_saturated(v[0]), pack_saturated(v[1]));
}

/* One output row from the column sums: window sums, division, store. */
template <int R, Divide D>
__device__ __forceinline__ void box_row(const Planes &p, const BoxParams &s,
                                        const ColumnSums &sums, uint8_t *line, int x, bool store)
{
    int32_t n[BOX_LANE_COLS];
    window_sums<R>(sums, s.q.offset, n);
    const uint2 out = requant8<D>(n, s.q);
    /* predicated stores, no branches: the shuffles of the next row need the whole warp */
    const bool whole = x + BOX_LANE_COLS <= p.w;
    if (store && whole)
        *reinterpret_cast<uint2 *>(line) = out;
    const uint64_t bytes = out.x | (uint64_t)out.y << 32;
#pragma unroll
    for (int j = 0; j < BOX_LANE_COLS; j++) /* the frame's last columns: not a byte past them */
        if (store && !whole && x + j < p.w)
            line[j] = (uint8_t)(bytes >> (8 * j));
}

/* Output rows y0..y1-1 of this lane's strip, two groups of rows per turn: the loads of one
 * group are in flight while the other is summed. */
template <int R, Divide D, bool Inside>
__device__ __forceinline__ void box_rows(const Planes &p, const BoxParams &s, const uint8_t *src,
                                         uint8_t *dst, int x, int y0, int y1, bool outputs)
{
    RowCursor<Inside> entering(p, src, x, y0 - R - 1, s.border);
    ColumnSums sums = {0, 0, 0, 0};
    /* the window of row y0 - 1 */
#pragma unroll 4
    for (int k = 0; k < 2 * R + 1; k++)
        slide(sums, entering.next(p), make_uint2(0, 0));
    RowCursor<Inside> leaving(p, src, x, y0 - R - 1, s.border);
    uint2 in_a[BOX_GROUP], out_a[BOX_GROUP], in_b[BOX_GROUP], out_b[BOX_GROUP];
#pragma unroll
    for (int g = 0; g < BOX_GROUP; g++) {
        in_a[g] = entering.next(p);
        out_a[g] = leaving.next(p);
    }
    uint8_t *line = dst + (ptrdiff_t)y0 * p.pitch + x;
    for (int y = y0; y < y1; y += 2 * BOX_GROUP) {
#pragma unroll
        for (int g = 0; g < BOX_GROUP; g++) {
            in_b[g] = entering.next(p);
            out_b[g] = leaving.next(p);
        }
#pragma unroll
        for (int g = 0; g < BOX_GROUP; g++) {
            slide(sums, in_a[g], out_a[g]);
            box_row<R, D>(p, s, sums, line, x, outputs && y + g < y1);
            line += p.pitch;
        }
#pragma unroll
        for (int g = 0; g < BOX_GROUP; g++) {
            in_a[g] = entering.next(p);
            out_a[g] = leaving.next(p);
        }
#pragma unroll
        for (int g = 0; g < BOX_GROUP; g++) {
            slide(sums, in_b[g], out_b[g]);
            box_row<R, D>(p, s, sums, line, x, outputs && y + BOX_GROUP + g < y1);
            line += p.pitch;
        }
    }
}

template <int R, Divide D>
__global__ void __launch_bounds__(TX *BOX_WARPS) box_kernel(Planes p, BoxParams s)
{
    typedef BoxStrip<R> S;
    const int lane = threadIdx.x;
    const int y0 = (blockIdx.y * BOX_WARPS + threadIdx.y) * s.rows;
    if (y0 >= p.h)
        return;
    const int y1 = min(y0 + s.rows, p.h);
    const int strip = (int)blockIdx.x * S::OUT - S::APRON;
    const int x = strip + BOX_LANE_COLS * lane;
    const bool outputs = lane >= S::APRON / BOX_LANE_COLS &&
                         lane < (S::APRON + S::OUT) / BOX_LANE_COLS && x < p.w;
    const uint8_t *src = plane_src(p, blockIdx.z);
    uint8_t *dst = plane_dst(p, blockIdx.z);
    /* every row read (the loads run up to 3 groups past y1) and every column in the frame */
    const bool inside = strip >= 0 && strip + BOX_STRIP <= p.w && y0 - R - 1 >= 0 &&
                        y1 + R + 3 * BOX_GROUP <= p.h;
    if (inside)
        box_rows<R, D, true>(p, s, src, dst, x, y0, y1, outputs);
    else
        box_rows<R, D, false>(p, s, src, dst, x, y0, y1, outputs);
}

template <int R, Divide D>
cudaError_t launch_box(const Planes &p, const BoxParams &s, cudaStream_t stream)
{
    const int chunks = (p.h + s.rows - 1) / s.rows;
    dim3 grid((p.w + BoxStrip<R>::OUT - 1) / BoxStrip<R>::OUT,
              (chunks + BOX_WARPS - 1) / BOX_WARPS, 3);
    box_kernel<R, D><<<grid, dim3(TX, BOX_WARPS), 0, stream>>>(p, s);
    return cudaGetLastError();
}

template <int R>
cudaError_t launch_box_radius(const vf_filter *f, int border, const Planes &p, cudaStream_t stream)
{
    BoxParams s = {};
    s.q = f->requant;
    s.border = border;
    static const int rows_env = getenv("VF_BOX_ROWS") ? atoi(getenv("VF_BOX_ROWS")) : 0; /* EXPERIMENT */
    s.rows = rows_env > 0 ? rows_env : BOX_ROWS;
    switch (divide_of(f->requant)) {
    case DIV_ONE:
    case DIV_SHIFT:
        return launch_box<R, DIV_SHIFT>(p, s, stream);
    case DIV_MAGIC:
        return launch_box<R, DIV_MAGIC>(p, s, stream);
    case DIV_MAGIC_CLAMP:
        break;
    }
    return launch_box<R, DIV_MAGIC_CLAMP>(p, s, stream);
}

bool all_equal(const int32_t *v, int n)
{
    for (int k = 1; k < n; k++)
        if (v[k] != v[0])
            return false;
    return true;
}

} // namespace

bool fast_box_fits(const vf_filter *f)
{
    const int n = f->size;
    return f->separable && f->centre == 0 && n / 2 >= 1 && f->row[0] * f->col[0] == 1 &&
           all_equal(f->row, n) && all_equal(f->col, n);
}

cudaError_t launch_fast_box(const vf_filter *f, int border, const Planes &p, cudaStream_t stream)
{
    typedef cudaError_t (*launcher)(const vf_filter *, int, const Planes &, cudaStream_t);
    static const launcher table[VF_MAX_RADIUS + 1] = {
        nullptr,                launch_box_radius<1>,  launch_box_radius<2>,
        launch_box_radius<3>,   launch_box_radius<4>,  launch_box_radius<5>,
        launch_box_radius<6>,   launch_box_radius<7>,  launch_box_radius<8>,
        launch_box_radius<9>,   launch_box_radius<10>, launch_box_radius<11>,
        launch_box_radius<12>,  launch_box_radius<13>, launch_box_radius<14>,
        launch_box_radius<15>};
    if (!fast_box_fits(f))
        return cudaErrorNotSupported;
    return table[f->size / 2](f, border, p, stream);
}

} // namespace vf
