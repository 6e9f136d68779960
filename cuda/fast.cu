/* The production kernel ("fast"): as few instructions per output pixel as stay exact.
 *
 * A block copies a tile of one plane, halo and border rule included, to shared memory with
 * 16-byte loads; each thread then makes a column of outputs 4 pixels wide. Four outputs of one
 * tap row are 4-way byte dot products (dp4a) of the thread's aligned pixel words with the taps,
 * which the host lays out pre-shifted for each of the 4 outputs (TapWords): no byte is unpacked
 * and the sums are exact int32, as on the CPU.
 *  - small (radius <= 4, taps that fit a signed byte): the thread walks down its column. For a
 *    separable filter it keeps the horizontal sums of the last 2r+1 rows in registers and
 *    combines them down (symmetric columns add the mirrored rows first: r+1 multiplies, not
 *    2r+1); for a 2-D filter (and a separable 3x3 divided by a shift or not at all) each tap
 *    row's dot products go straight into the output rows.
 *  - tall (separable with radius > 4, or row taps beyond a byte): the horizontal sums of a
 *    64-row tile go to shared memory (dp4a, or plain multiply-adds when the taps do not fit a
 *    byte), then down: multiply-adds, or a running sum when every column tap is equal (box),
 *    two adds per pixel at any size.
 *  - wide (2-D with radius > 4 or taps beyond a signed byte): multiply-adds on bytes, 4x4
 *    outputs per thread.
 * Box filters (every tap 1) go to fast_box.cu's running sums, separable filters with
 * non-negative byte taps, or unsharp's (column taps of 0 or below and a centre tap), from radius 4
 * to fast_mma.cu's tensor cores.
 * Requantisation: the accumulators start at the offset, the clamp is left out when the taps
 * cannot leave 0..255 (requant.saturates), and the division is filter.h's shift, multiply-high or
 * fused multiply-add (vf_divide_by_*), never a conversion; four results leave as one store. */
#include <string.h>

#include <type_traits>

#include "fast_tile.cuh"

namespace vf
{
namespace
{

constexpr int SMALL_MAX_R = 4;
constexpr int PY = 8; /* rows per thread, small (narrow tiles) and tall */
/* small: 4 warps on 128x32 outputs (or the wide tiles below), short blocks so that the last
 * wave stays short; tall and wide: 8 warps, taller tiles that re-read less halo */
constexpr int SMALL_TY = 4;
constexpr int TALL_TH = BIG_TY * PY;
constexpr int WIDE_PY = 4, WIDE_TH = BIG_TY * WIDE_PY;

/* whole words of pixels each side of a thread's own word that radius r reaches */
__host__ __device__ constexpr int side_words(int r)
{
    return (r + 3) / 4;
}
constexpr int MAX_WORDS = 2 * side_words(VF_MAX_RADIUS) + 1;

/* One row of taps for dp4a: w[b][k] multiplies pixel word k (word 0 lies side_words(r) words
 * left of the thread's own) to make output b of the thread's 4. */
struct TapWords {
    uint32_t w[PX][MAX_WORDS];
};

enum Across { ACROSS_SIGNED, ACROSS_UNSIGNED, ACROSS_BYTES };

struct Params {
    vf_requant q;
    int border;
    int across_mode; /* enum Across, tall kernel */
    int32_t centre;
    int32_t packed_start; /* packed paths: what each 16-bit half of the sums starts at */
    bool symmetric_col;   /* col[k] == col[n-1-k] */
    bool uniform_col;     /* every col tap equal: running sums down */
    int32_t row[VF_MAX_SIZE], col[VF_MAX_SIZE];
    TapWords across;                      /* separable: the row taps */
    TapWords rows2d[2 * SMALL_MAX_R + 1]; /* small 2-D: every tap row */
};

template <bool Signed>
__device__ __forceinline__ int32_t dp4a(uint32_t pixels, uint32_t taps, int32_t acc)
{
    int32_t d;
    if (Signed)
        asm("dp4a.u32.s32 %0, %1, %2, %3;" : "=r"(d) : "r"(pixels), "r"(taps), "r"(acc));
    else
        asm("dp4a.u32.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(pixels), "r"(taps), "r"(acc));
    return d;
}

__device__ __forceinline__ int32_t byte_of(uint32_t word, int b)
{
    return (int32_t)((word >> (8 * b)) & 0xff);
}

/* The thread's pixel words of one tile row: its own and side_words(R) each side. */
template <int R>
__device__ __forceinline__ void load_words(const uint8_t *line, int cx,
                                           uint32_t (&px)[2 * side_words(R) + 1])
{
    constexpr int A = side_words(R);
    const uint32_t *w = reinterpret_cast<const uint32_t *>(line + APRON + cx) - A;
#pragma unroll
    for (int k = 0; k < 2 * A + 1; k++)
        px[k] = w[k];
}

/* acc[b] += one tap row applied at output b: only the words the row reaches cost a dp4a. */
template <int R, bool Signed>
__device__ __forceinline__ void dot_row(const uint32_t (&px)[2 * side_words(R) + 1],
                                        const TapWords &t, int32_t (&acc)[PX])
{
    constexpr int A = side_words(R);
#pragma unroll
    for (int b = 0; b < PX; b++) {
#pragma unroll
        for (int k = (4 * A + b - R) / 4; k <= (4 * A + b + R) / 4; k++)
            acc[b] = dp4a<Signed>(px[k], t.w[b][k], acc[b]);
    }
}

/* Where a thread's column of outputs goes: `rows` rows down from `at` (none for a thread right
 * of the frame, fewer at its bottom). Every row leaves as one 32-bit word, at the frame's right
 * edge too: a word that starts inside the frame ends by the pitch (a multiple of 16), and its
 * bytes past the frame lie in the row's padding, which the fast kernel may overwrite
 * (convolve.h). One predicated store a row; a branch to byte stores for the edge threads cost
 * every thread a branch and its reconvergence on every row. */
struct OutColumn {
    uint8_t *at;
    int rows, pitch;
};

__device__ __forceinline__ OutColumn out_column(const Planes &p, int plane, int x, int y, int rows)
{
    OutColumn o;
    o.at = plane_dst(p, plane) + (size_t)y * p.pitch + x;
    o.pitch = p.pitch;
    o.rows = x < p.w ? min(rows, p.h - y) : 0;
    return o;
}

/* Stores row a of the column (rows in order) and moves down. */
__device__ __forceinline__ void store_next(OutColumn &o, int a, uint32_t packed)
{
    if (a < o.rows)
        *reinterpret_cast<uint32_t *>(o.at) = packed;
    o.at += o.pitch;
}

/* ---- small: radius <= 4, taps in -128..127 ----------------------------------------------- */
/* What the small kernel does down the column. */
enum Shape {
    SHAPE_2D,         /* every tap row's dot products straight into the outputs */
    SHAPE_SEPARABLE,  /* multiply-adds on the horizontal sums (mirrored rows paired first) */
    SHAPE_BOX_COLUMN, /* all column taps equal: add the rows, one multiply */
    /* non-negative taps, d = 256, every sum below 2^16 (gaussian 5x5): two pixels per
     * 32-bit register down the column, and the output byte is the high byte of each half */
    SHAPE_PACKED16,
    /* the same sums G of a blur with the column taps negated, subtracted from k times the centre
     * pixel, k = centre / 256 (unsharp 5x5; 3x3 takes the 2-D path): floor((256k p + offset - G) /
     * 256) is k p - floor((G + 255 - offset) / 256). The halves start at 0xff00 + offset and take
     * the column taps as they are (negative), so each holds 0xffff - (G + 255 - offset), whose
     * high byte is 255 minus that second term: what the output needs, with no subtraction */
    SHAPE_PACKED16_UNSHARP
};

/* The small kernel's tiles: Tx * PX columns by Ty * Py rows, Tx x Ty threads, registers capped
 * so that an SM holds MinBlocks of them. */
template <int Tx, int Ty, int Py, int MinBlocks = 1> struct SmallTiles {
    static constexpr int TX = Tx, TY = Ty, PY = Py, TH = Ty * Py, PITCH = Tx * PX + 2 * APRON;
    static constexpr int MIN_BLOCKS = MinBlocks;
};
/* Every tile reads 16 columns of halo each side, read again by its neighbour: 25% more than
 * its own columns at 128 wide, 7% at 480. The wide tiles are 480x24 (240 threads, 12 rows
 * each), which tile 3840x2160 and 1920x1080 with no partial tile (at 512x32 the last column and
 * row of 4K tiles were half empty), capped at 40 registers a thread so that an SM holds 6 of
 * them: a 5x5 box column's sums take 48 uncapped, and spill nothing at 40 (H100 A/B, BENCHMARKS.md,
 * thirteenth session). The separable path's heavier arithmetic keeps the narrow tiles (ninth
 * session), and box columns wider than 5 (custom filters only; box itself goes to fast_box.cu)
 * would spill. The 3x3 2-D path fits 32 registers with nothing spilled, so an SM holds 8 of its
 * tiles (H100, 4K: sharpen 21.0-21.3 us against 21.4-21.6, edge 21.0-21.3 against 21.5-21.7, box
 * 3x3 the same); the 5x5 paths fit 32 too since their stores are whole words, but ran no faster
 * on 8 tiles an SM (A/B, BENCHMARKS.md, fifteenth and seventeenth sessions). */
typedef SmallTiles<TX, SMALL_TY, PY> NarrowTiles;
typedef SmallTiles<120, 2, 12, 6> WideTiles;
typedef SmallTiles<120, 2, 12, 8> WideTiles3x3;
template <int R, Shape S>
using SmallTilesOf = typename std::conditional<
    S == SHAPE_2D && R == 1, WideTiles3x3,
    typename std::conditional<S == SHAPE_PACKED16 || S == SHAPE_PACKED16_UNSHARP ||
                                  (S == SHAPE_BOX_COLUMN && R <= 2),
                              WideTiles, NarrowTiles>::type>::type;

/* Outer: the packed paths' outermost column tap when it is 1 or -1 (gaussian and unsharp 5x5),
 * an add or a subtract of the mirrored pair of rows instead of a multiply-add (H100, 4K: unsharp
 * 21.8-21.9 us against 22.0-22.3), or 0 for any tap. */
template <int R, Shape S, Divide D, int Outer = 0, typename G = SmallTilesOf<R, S>>
__global__ void __launch_bounds__(G::TX *G::TY, G::MIN_BLOCKS) small_kernel(Planes p, Params s)
{
    constexpr int N = 2 * R + 1, IN_ROWS = G::PY + 2 * R, A = side_words(R);
    __shared__ __align__(16) uint8_t tile[(G::TH + 2 * R) * G::PITCH];
    run_tile<R, G::TH, G::TY, G::PITCH, G::TX>(tile, p, s.border, [&](const TileAt &at) {
        const int cx = threadIdx.x * PX, ry = threadIdx.y * G::PY;
        const uint8_t *lines = tile + ry * G::PITCH;
        OutColumn out = out_column(p, at.plane, at.x0 + cx, at.y0 + ry, G::PY);
        /* separable: horizontal sums of input row i; 2-D: the sums of output row i */
        int32_t h[IN_ROWS][PX];
        uint32_t pairs[IN_ROWS][2]; /* packed16: h[i][0] | h[i][1] << 16, h[i][2] | h[i][3] << 16 */
        uint32_t own[IN_ROWS];      /* the thread's own pixel word of input row i (centre tap) */
#pragma unroll
        for (int i = 0; i < IN_ROWS; i++) {
            uint32_t px[2 * A + 1];
            load_words<R>(lines + i * G::PITCH, cx, px);
            if (S == SHAPE_2D) {
                /* 3 taps: the words starting one byte left and two right of the thread's own
                 * make every output one dp4a (2 byte permutes per input row, shared by the 3 tap
                 * rows, instead of 6 dp4a per tap row) */
#pragma unroll
                for (int k = 0; k < N; k++) {
                    const int a = i - k; /* input row i is tap row k of output row a */
                    if (a < 0 || a >= G::PY)
                        continue;
                    if (k == 0)
#pragma unroll
                        for (int b = 0; b < PX; b++)
                            h[a][b] = s.q.offset;
                    if constexpr (R == 1) { /* the compiler shares the permutes across k */
                        const uint32_t left = __byte_perm(px[0], px[1], 0x6543);
                        const uint32_t right = __byte_perm(px[1], px[2], 0x5432);
                        const TapWords &t = s.rows2d[k];
                        h[a][0] = dp4a<true>(left, t.w[1][1], h[a][0]);
                        h[a][1] = dp4a<true>(px[1], t.w[1][1], h[a][1]);
                        h[a][2] = dp4a<true>(px[1], t.w[2][1], h[a][2]);
                        h[a][3] = dp4a<true>(right, t.w[1][1], h[a][3]);
                    } else {
                        dot_row<R, true>(px, s.rows2d[k], h[a]);
                    }
                }
            } else {
                own[i] = px[A];
#pragma unroll
                for (int b = 0; b < PX; b++)
                    h[i][b] = 0;
                dot_row<R, true>(px, s.across, h[i]);
                if (S == SHAPE_PACKED16 || S == SHAPE_PACKED16_UNSHARP) {
                    pairs[i][0] = (uint32_t)h[i][0] + ((uint32_t)h[i][1] << 16);
                    pairs[i][1] = (uint32_t)h[i][2] + ((uint32_t)h[i][3] << 16);
                }
            }
            const int a = i - 2 * R; /* output row a has all its input rows now */
            if (a < 0)
                continue;
            if constexpr (S == SHAPE_PACKED16 || S == SHAPE_PACKED16_UNSHARP) {
                uint32_t sum[2];
#pragma unroll
                for (int j = 0; j < 2; j++) {
                    sum[j] = (uint32_t)s.packed_start * 0x10001u + s.col[R] * pairs[a + R][j];
#pragma unroll
                    for (int k = 0; k < R; k++) {
                        const uint32_t mirrored = pairs[a + k][j] + pairs[a + N - 1 - k][j];
                        if (k == 0 && Outer == 1)
                            sum[j] += mirrored;
                        else if (k == 0 && Outer == -1)
                            sum[j] -= mirrored;
                        else
                            sum[j] += s.col[k] * mirrored;
                    }
                }
                if (S == SHAPE_PACKED16) {
                    store_next(out, a, __byte_perm(sum[0], sum[1], 0x7531));
                } else {
                    /* each 16-bit half: w = k p + 255 - blur, in 0 .. 255 (k + 1) < 2^15 with
                     * no borrow between the halves, then one Hopper min-max instruction (DPX)
                     * makes max(min(w - 255, 255), 0), the saturated k p - blur; the halves'
                     * low bytes are the 4 outputs (H100, 4K: 24.7-25.0 us, against 25.2-25.4
                     * with the bytes unpacked, multiplied and packed saturated; BENCHMARKS.md) */
                    uint32_t half[2];
#pragma unroll
                    for (int j = 0; j < 2; j++) {
                        const uint32_t pixels = __byte_perm(own[a + R], 0, 0x4140 + 0x0202 * j);
                        const uint32_t w =
                            (uint32_t)s.centre * pixels + __byte_perm(sum[j], 0, 0x4341);
                        half[j] = __viaddmin_s16x2_relu(w, 0xff01ff01u /* -255 */, 0x00ff00ffu);
                    }
                    store_next(out, a, __byte_perm(half[0], half[1], 0x6420));
                }
            } else {
                int32_t n[PX];
#pragma unroll
                for (int b = 0; b < PX; b++) {
                    if (S == SHAPE_2D) {
                        n[b] = h[a][b];
                    } else if (S == SHAPE_BOX_COLUMN) {
                        int32_t rows = h[a][b];
#pragma unroll
                        for (int k = 1; k < N; k++)
                            rows += h[a + k][b];
                        n[b] = s.q.offset + s.col[0] * rows;
                    } else if (s.symmetric_col) {
                        n[b] = s.q.offset + s.col[R] * h[a + R][b];
#pragma unroll
                        for (int k = 0; k < R; k++)
                            n[b] += s.col[k] * (h[a + k][b] + h[a + N - 1 - k][b]);
                    } else {
                        n[b] = s.q.offset;
#pragma unroll
                        for (int k = 0; k < N; k++)
                            n[b] += s.col[k] * h[a + k][b];
                    }
                }
                if (S != SHAPE_2D && s.centre)
#pragma unroll
                    for (int b = 0; b < PX; b++)
                        n[b] += s.centre * byte_of(own[a + R], b);
                store_next(out, a, requant4<D>(n, s.q));
            }
        }
    });
}

/* ---- tall: separable, horizontal sums through shared memory --------------------------- */
template <int R> constexpr size_t tall_smem_bytes()
{
    return (size_t)(TALL_TH + 2 * R) * (TILE_PITCH + TW * sizeof(int32_t));
}

template <int R> __global__ void __launch_bounds__(TX *BIG_TY) tall_kernel(Planes p, Params s)
{
    constexpr int N = 2 * R + 1, ROWS = TALL_TH + 2 * R, A = side_words(R);
    extern __shared__ __align__(16) uint8_t smem[];
    uint8_t *tile = smem;
    int32_t *across = reinterpret_cast<int32_t *>(smem + ROWS * TILE_PITCH); /* ROWS x TW */
    run_tile<R, TALL_TH, BIG_TY>(tile, p, s.border, [&](const TileAt &at) {
        const int x0 = at.x0, y0 = at.y0;

        const int cx = threadIdx.x * PX;
        for (int row = threadIdx.y; row < ROWS; row += BIG_TY) {
            const uint8_t *line = tile + row * TILE_PITCH;
            int32_t o[PX] = {0, 0, 0, 0};
            if (s.across_mode == ACROSS_BYTES) {
                uint8_t px[PX + 2 * R];
#pragma unroll
                for (int k = 0; k < PX + 2 * R; k++)
                    px[k] = line[APRON - R + cx + k];
#pragma unroll
                for (int b = 0; b < PX; b++)
#pragma unroll
                    for (int j = 0; j < N; j++)
                        o[b] += s.row[j] * px[b + j];
            } else {
                uint32_t px[2 * A + 1];
                load_words<R>(line, cx, px);
                if (s.across_mode == ACROSS_SIGNED)
                    dot_row<R, true>(px, s.across, o);
                else
                    dot_row<R, false>(px, s.across, o);
            }
            *reinterpret_cast<int4 *>(across + row * TW + cx) = make_int4(o[0], o[1], o[2], o[3]);
        }
        __syncthreads();

        const int ry = threadIdx.y * PY;
        const int32_t *sums = across + ry * TW + cx;
        int32_t acc[PY][PX];
        if (s.uniform_col) {
            int4 run = make_int4(0, 0, 0, 0);
#pragma unroll
            for (int k = 0; k < N; k++) {
                int4 v = *reinterpret_cast<const int4 *>(sums + k * TW);
                run = make_int4(run.x + v.x, run.y + v.y, run.z + v.z, run.w + v.w);
            }
#pragma unroll
            for (int a = 0; a < PY; a++) {
                if (a > 0) {
                    int4 in = *reinterpret_cast<const int4 *>(sums + (a + N - 1) * TW);
                    int4 out = *reinterpret_cast<const int4 *>(sums + (a - 1) * TW);
                    run = make_int4(run.x + in.x - out.x, run.y + in.y - out.y,
                                    run.z + in.z - out.z, run.w + in.w - out.w);
                }
                const int32_t r4[PX] = {run.x, run.y, run.z, run.w};
#pragma unroll
                for (int b = 0; b < PX; b++)
                    acc[a][b] = s.q.offset + s.col[0] * r4[b];
            }
        } else {
#pragma unroll
            for (int a = 0; a < PY; a++)
#pragma unroll
                for (int b = 0; b < PX; b++)
                    acc[a][b] = s.q.offset;
#pragma unroll
            for (int i = 0; i < PY + 2 * R; i++) {
                int4 v = *reinterpret_cast<const int4 *>(sums + i * TW);
                const int32_t h[PX] = {v.x, v.y, v.z, v.w};
#pragma unroll
                for (int a = 0; a < PY; a++) {
                    const int k = i - a;
                    if (k >= 0 && k < N)
#pragma unroll
                        for (int b = 0; b < PX; b++)
                            acc[a][b] += s.col[k] * h[b];
                }
            }
        }
        OutColumn out = out_column(p, at.plane, x0 + cx, y0 + ry, PY);
#pragma unroll
        for (int a = 0; a < PY; a++) {
            if (s.centre) {
                uint32_t w = *reinterpret_cast<const uint32_t *>(tile + (ry + a + R) * TILE_PITCH +
                                                                 APRON + cx);
#pragma unroll
                for (int b = 0; b < PX; b++)
                    acc[a][b] += s.centre * byte_of(w, b);
            }
            store_next(out, a, requant4(acc[a], s.q));
        }
    });
}

/* ---- wide: 2-D multiply-adds on bytes, 4x4 outputs a thread -------------------------------- */
struct WideParams {
    int32_t taps[VF_MAX_TAPS];
    vf_requant q;
    int border;
};

template <int R> __global__ void __launch_bounds__(TX *BIG_TY) wide_kernel(Planes p, WideParams s)
{
    constexpr int N = 2 * R + 1, ROWS = WIDE_TH + 2 * R;
    __shared__ __align__(16) uint8_t tile[ROWS * TILE_PITCH];
    run_tile<R, WIDE_TH, BIG_TY>(tile, p, s.border, [&](const TileAt &at) {
        const int x0 = at.x0, y0 = at.y0;

        int cx = threadIdx.x * PX, ry = threadIdx.y * WIDE_PY;
        int32_t acc[WIDE_PY][PX];
#pragma unroll
        for (int a = 0; a < WIDE_PY; a++)
#pragma unroll
            for (int b = 0; b < PX; b++)
                acc[a][b] = s.q.offset;
        for (int i = 0; i < N; i++) {
#pragma unroll(R <= 2 ? N : 1)
            for (int j = 0; j < N; j++) {
                int32_t t = s.taps[i * N + j];
                if (!t)
                    continue; /* uniform across the block */
                const uint8_t *base = tile + (ry + i) * TILE_PITCH + APRON - R + cx + j;
#pragma unroll
                for (int a = 0; a < WIDE_PY; a++)
#pragma unroll
                    for (int b = 0; b < PX; b++)
                        acc[a][b] += t * base[a * TILE_PITCH + b];
            }
        }
        OutColumn out = out_column(p, at.plane, x0 + cx, y0 + ry, WIDE_PY);
#pragma unroll
        for (int a = 0; a < WIDE_PY; a++)
            store_next(out, a, requant4(acc[a], s.q));
    });
}

/* ---- host side ----------------------------------------------------------------------------- */

void make_tap_words(const int32_t *taps, int n, TapWords *t)
{
    int r = n / 2, a = side_words(r);
    memset(t, 0, sizeof(*t));
    for (int b = 0; b < PX; b++)
        for (int j = 0; j < n; j++) {
            int at = 4 * a + b - r + j; /* byte position of tap j's pixel in the word window */
            t->w[b][at / 4] |= (uint32_t)(uint8_t)taps[j] << (8 * (at % 4));
        }
}

template <int R, Shape S, Divide D, int Outer = 0>
cudaError_t launch_small_as(const Params &s, const Planes &p, cudaStream_t stream)
{
    typedef SmallTilesOf<R, S> G;
    return launch_tiles<small_kernel<R, S, D, Outer>, G::TY, G::TX>(p, G::TH, 0, s, stream);
}

template <int R, Shape S>
cudaError_t launch_small(const Params &s, const Planes &p, cudaStream_t stream)
{
    const Divide d = fma_divide_of(s.q);
    switch (d) {
    case DIV_ONE:
        return launch_small_as<R, S, DIV_ONE>(s, p, stream);
    case DIV_SHIFT:
        return launch_small_as<R, S, DIV_SHIFT>(s, p, stream);
    case DIV_FLOAT:
    case DIV_GRID: {
        Params biased = s;
        biased.q = requant_for(s.q, d);
        return d == DIV_GRID ? launch_small_as<R, S, DIV_GRID>(biased, p, stream)
                             : launch_small_as<R, S, DIV_FLOAT>(biased, p, stream);
    }
    case DIV_MULHI: /* fma_divide_of gives DIV_FLOAT or DIV_GRID instead */
    case DIV_MAGIC:
    case DIV_MAGIC_CLAMP:
        break;
    }
    return launch_small_as<R, S, DIV_MAGIC_CLAMP>(s, p, stream);
}

/* A packed shape, with its outermost column tap built in where it is `Unit` (1 or -1). */
template <int R, Shape S, int Unit>
cudaError_t launch_packed(const Params &s, const Planes &p, cudaStream_t stream)
{
    if constexpr (R > 0)
        if (s.col[0] == Unit)
            return launch_small_as<R, S, DIV_SHIFT, Unit>(s, p, stream);
    return launch_small_as<R, S, DIV_SHIFT>(s, p, stream);
}

/* Every sum of a separable filter fits the low 16 bits of its half, never negative, and the
 * divisor is 256: the packed path's conditions. */
bool packs_in_16_bits(const vf_filter *f, const Params &s)
{
    int n = f->size;
    return fits(f->row, n, 0, 255) && fits(f->col, n, 0, 1 << 16) && s.symmetric_col &&
           f->centre == 0 && f->requant.shift == 8 && f->requant.offset >= 0 &&
           255 * (int64_t)f->abs_sep_sum + f->requant.offset < 65536;
}

/* The unsharp shape's: the blur (column taps negated) has non-negative sums that fit 16 bits
 * with 255 - offset added, and the centre tap is a whole multiple k of the divisor 256 with
 * k p + 255 < 2^15 for every pixel (the signed halves of the kernel's min-max). */
bool unsharp_packs_in_16_bits(const vf_filter *f, const Params &s)
{
    int n = f->size;
    int64_t col_sum = 0;
    for (int k = 0; k < n; k++)
        col_sum -= f->col[k];
    const int64_t start = 255 - (int64_t)f->requant.offset;
    return fits(f->row, n, 0, 255) && fits(f->col, n, -(1 << 16), 0) && col_sum > 0 &&
           s.symmetric_col && f->requant.shift == 8 && f->centre > 0 && f->centre % 256 == 0 &&
           f->centre / 256 <= 127 && start >= 0 &&
           255 * (int64_t)f->abs_row_sum * col_sum + start < 65536;
}

template <int R>
cudaError_t launch_radius(const vf_filter *f, int border, const Planes &p, cudaStream_t stream)
{
    constexpr int N = 2 * R + 1;
    const bool small_2d = R <= SMALL_MAX_R && fits(f->taps, N * N, -128, 127);
    /* 3x3 with byte taps and no clamped division: the 2-D path's one dp4a per output and tap
     * row, on wide tiles, beats the separable ones (H100, 4K: edge 22.9-23.5 us against
     * 23.9-24.0, gaussian 3x3 23.1-23.4 against 24.0; box 3x3, divided by 9 on the FMA, 22.7
     * against 23.6, before box went to fast_box.cu) */
    if (!f->separable || (R == 1 && small_2d && fma_divide_of(f->requant) != DIV_MAGIC_CLAMP)) {
        if constexpr (R <= SMALL_MAX_R) {
            if (small_2d) {
                Params s = {};
                s.q = f->requant;
                s.border = border;
                for (int k = 0; k < N; k++)
                    make_tap_words(f->taps + k * N, N, &s.rows2d[k]);
                return launch_small<R, SHAPE_2D>(s, p, stream);
            }
        }
        WideParams w;
        memcpy(w.taps, f->taps, sizeof(int32_t) * N * N);
        w.q = f->requant;
        w.border = border;
        return launch_tiles<wide_kernel<R>, BIG_TY>(p, WIDE_TH, 0, w, stream);
    }
    Params s = {};
    s.q = f->requant;
    s.border = border;
    s.centre = f->centre;
    s.symmetric_col = s.uniform_col = true;
    for (int k = 0; k < N; k++) {
        s.row[k] = f->row[k];
        s.col[k] = f->col[k];
        s.symmetric_col = s.symmetric_col && f->col[k] == f->col[N - 1 - k];
        s.uniform_col = s.uniform_col && f->col[k] == f->col[0];
    }
    make_tap_words(f->row, N, &s.across);
    bool signed_bytes = fits(f->row, N, -128, 127);
    if constexpr (R <= SMALL_MAX_R) {
        if (signed_bytes && packs_in_16_bits(f, s)) {
            s.packed_start = f->requant.offset;
            return launch_packed<R, SHAPE_PACKED16, 1>(s, p, stream);
        }
        if (signed_bytes && unsharp_packs_in_16_bits(f, s)) {
            s.packed_start = 0xff00 + f->requant.offset;
            s.centre = f->centre / 256;
            return launch_packed<R, SHAPE_PACKED16_UNSHARP, -1>(s, p, stream);
        }
        if (signed_bytes && s.uniform_col)
            return launch_small<R, SHAPE_BOX_COLUMN>(s, p, stream);
        if (signed_bytes)
            return launch_small<R, SHAPE_SEPARABLE>(s, p, stream);
    }
    s.across_mode = signed_bytes              ? ACROSS_SIGNED
                    : fits(f->row, N, 0, 255) ? ACROSS_UNSIGNED
                                              : ACROSS_BYTES;
    return launch_tiles<tall_kernel<R>, BIG_TY>(p, TALL_TH, tall_smem_bytes<R>(), s, stream);
}

typedef cudaError_t (*radius_launcher)(const vf_filter *, int, const Planes &, cudaStream_t);

} // namespace

cudaError_t launch_fast(const vf_filter *f, int border, const Planes &p, cudaStream_t stream)
{
    if (p.pitch % 16 != 0 || p.pitch < p.w)
        return cudaErrorInvalidPitchValue; /* rows are read 16 aligned bytes at a time */
    if (fast_box_fits(f))
        return launch_fast_box(f, border, p, stream);
    if (fast_mma_fits(f))
        return launch_fast_mma(f, border, p, stream);
    static const radius_launcher table[VF_MAX_RADIUS + 1] = {
        launch_radius<0>,  launch_radius<1>,  launch_radius<2>,  launch_radius<3>,
        launch_radius<4>,  launch_radius<5>,  launch_radius<6>,  launch_radius<7>,
        launch_radius<8>,  launch_radius<9>,  launch_radius<10>, launch_radius<11>,
        launch_radius<12>, launch_radius<13>, launch_radius<14>, launch_radius<15>};
    return table[f->size / 2](f, border, p, stream);
}

} // namespace vf
