/* The fast kernel for separable filters with non-negative byte taps at the big radii (gaussian;
 * box has its own, fast_box.cu): both passes are banded matrix products of bytes on the tensor
 * cores, with the exact int32 sums the CPU makes (mma.sync m16n8k32, u8 x u8 -> s32).
 *  - across: S^T = Bh^T x In^T per 16 output columns. Output column m takes input column
 *    m - r + j times row tap j, so the band Bh^T is the same for every group of 16 columns and
 *    each thread builds its fragment once; In^T's fragment is 4 neighbouring pixels of one tile
 *    row, one 32-bit shared load.
 *  - the sums (below 2^21: 31 taps of 255 on pixels of 255) are split into bytes, one plane each,
 *    stored column by column so that 4 rows of one column are one 32-bit word again.
 *  - down: Out = Bv x S for each byte plane; the planes' results are added shifted by 8 bits.
 * From radius 9 a group's 16 + 2r bytes of K take a k32 and a k16 product (Band::PIECES), and
 * the down pass loads each 16 rows of sums once for the row tiles that share them. A 64x128
 * tile of a 31x31 gaussian costs 288 k32 and 288 k16 mma instructions; the dp4a/multiply-add
 * path issues about 80 instructions per pixel for it. A block makes several tiles, each loaded
 * by asynchronous copies while the block finishes the one before (mma_kernel). */
#include "fast_tile.cuh"

namespace vf
{
namespace
{

constexpr int MMA_TH = 64; /* output rows per tile */
/* Tile rows 44 words apart: the 8 rows of one fragment load fall in different banks (at
 * TILE_PITCH, 40 words, rows 4 apart shared them). */
constexpr int MMA_TILE_PITCH = TILE_PITCH + 16;
constexpr int OUT_PITCH = 144; /* staged output rows: 16-byte aligned, 8 rows in other banks */

template <int R> struct Band {
    static constexpr int N = 2 * R + 1;
    /* input columns one 16-column group reads: 32 from 8 left of it, or 64 from 16 left */
    static constexpr int ACROSS_CHUNKS = R <= 8 ? 1 : 2;
    static constexpr int ACROSS_LEFT = ACROSS_CHUNKS == 1 ? 8 : 16;
    /* sum rows one 16-row group reads: 16 + 2r of them, from its own first row */
    static constexpr int DOWN_CHUNKS = 16 + 2 * R <= 32 ? 1 : 2;
    /* With two chunks either way (radius 9 and up), the 16 + 2r <= 46 bytes of K that a group
     * reads end before the second chunk's last 16, whose taps are all zero: that chunk is one
     * k16 product, and a thread loads 3 words of K instead of 4. */
    static_assert(ACROSS_CHUNKS == DOWN_CHUNKS && 16 + 2 * R <= 48,
                  "both passes read 2 or 3 pieces of 16 bytes of K");
    static constexpr int PIECES = DOWN_CHUNKS + 1; /* 16-byte pieces of K a group reads */
    static constexpr int IN_ROWS = MMA_TH + 2 * R;
    static constexpr int ROW_GROUPS = (IN_ROWS + 7) / 8; /* 8 tile rows per across product */
    static constexpr int TILE_BYTES = ROW_GROUPS * 8 * MMA_TILE_PITCH;
    /* Bytes per column of a sum plane: at least the rows the down pass reads (48 + 16 x
     * PIECES: 80 or 96), and 20 or 28 words, so that the 8 columns of one fragment load fall
     * in different banks (96 bytes, 24 words, would put columns 4 apart in one): 80 or 112. */
    static constexpr int SUM_PITCH = 16 * (3 + 2 * DOWN_CHUNKS);
    static constexpr int PLANE_BYTES = TW * SUM_PITCH;
    /* blocks per SM the registers must allow (ptxas spills below 80 registers for 2 chunks) */
    static constexpr int MIN_BLOCKS = DOWN_CHUNKS == 1 ? 4 : 3;
    static_assert(R <= 16, "the across band reaches 16 columns each side");
};

struct MmaParams {
    vf_requant q;
    int border;
    int tiles_x, tiles_y; /* of a plane */
    TileAt step;          /* from a block's tile to its next, gridDim.x tiles on */
    int32_t row[VF_MAX_SIZE], col[VF_MAX_SIZE];
};

/* Tile k: across the frame, then down, then the next plane. */
__host__ __device__ __forceinline__ TileAt tile_at(const MmaParams &s, int k)
{
    const int across = k % s.tiles_x, rest = k / s.tiles_x;
    return {rest / s.tiles_y, across * TW, rest % s.tiles_y * MMA_TH};
}

/* The tile gridDim.x tiles after `at` (plane 3 past the last): carried digit by digit, since
 * tile_at's runtime divisions cost ~20 instructions each (H100, 4K: gaussian 15 37.5 us with
 * tile_at three times a tile, 34.8 with this). */
__device__ __forceinline__ TileAt tile_after(const MmaParams &s, const TileAt &at)
{
    TileAt next = {at.plane + s.step.plane, at.x0 + s.step.x0, at.y0 + s.step.y0};
    if (next.x0 >= s.tiles_x * TW) {
        next.x0 -= s.tiles_x * TW;
        next.y0 += MMA_TH;
    }
    if (next.y0 >= s.tiles_y * MMA_TH) {
        next.y0 -= s.tiles_y * MMA_TH;
        next.plane++;
    }
    return next;
}

__device__ __forceinline__ void mma_u8(int32_t (&d)[4], const uint32_t (&a)[4], uint32_t b0,
                                       uint32_t b1)
{
#if __CUDA_ARCH__ >= 800
    asm("mma.sync.aligned.m16n8k32.row.col.s32.u8.u8.s32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, "
        "{%8,%9}, {%0,%1,%2,%3};"
        : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1));
#else
    __trap(); /* the host never launches this kernel below sm_80 (fast_mma_fits) */
#endif
}

/* A k16 product: the first half of mma_u8's (A registers 0 and 1 hold K 0..15 of rows g and
 * g + 8, b0 K 0..15 of column g). */
__device__ __forceinline__ void mma_u8_k16(int32_t (&d)[4], uint32_t a0, uint32_t a1, uint32_t b0)
{
#if __CUDA_ARCH__ >= 800
    asm("mma.sync.aligned.m16n8k16.row.col.s32.u8.u8.s32 {%0,%1,%2,%3}, {%4,%5}, {%6}, "
        "{%0,%1,%2,%3};"
        : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3])
        : "r"(a0), "r"(a1), "r"(b0));
#else
    __trap();
#endif
}

/* The row and column taps as bytes in shared memory with zeros around them, so that the
 * fragments below are built with two loads and a byte permute a word. (Reading the kernel
 * parameters at a different index in every lane serialises the constant cache: 10x slower.) */
constexpr int BAND_PAD = 32, BAND_BYTES = 128;
struct BandTaps {
    uint8_t row[BAND_BYTES], col[BAND_BYTES];
};

template <int N> __device__ __forceinline__ void put_band_taps(BandTaps &b, const MmaParams &s)
{
    for (int k = threadIdx.y * TX + threadIdx.x; k < BAND_BYTES; k += TX * BIG_TY) {
        const int j = k - BAND_PAD;
        const bool tap = j >= 0 && j < N;
        b.row[k] = tap ? (uint8_t)s.row[tap ? j : 0] : 0;
        b.col[k] = tap ? (uint8_t)s.col[tap ? j : 0] : 0;
    }
}

/* Taps j .. j+3 of a band row as 4 bytes (zero outside the taps). */
__device__ __forceinline__ uint32_t band_word(const uint8_t *taps, int j)
{
    const int at = j + BAND_PAD, o = at & 3;
    const uint32_t *w = reinterpret_cast<const uint32_t *>(taps + (at - o));
    return __byte_perm(w[0], w[1], 0x3210 + 0x1111 * o);
}

/* The thread's A fragment of a band whose row m has tap j at column m + shift + j. A fragment
 * register r holds row g + 8 (r & 1), columns 16 (r >> 1) + 4t .. + 3 of each 32-column chunk. */
template <int CHUNKS>
__device__ __forceinline__ void band_fragment(const uint8_t *taps, int shift,
                                              uint32_t (&a)[CHUNKS][4])
{
    const int g = threadIdx.x >> 2, t = threadIdx.x & 3;
#pragma unroll
    for (int c = 0; c < CHUNKS; c++)
#pragma unroll
        for (int r = 0; r < 4; r++)
            a[c][r] = band_word(taps, 32 * c + 16 * (r >> 1) + 4 * t - (g + 8 * (r & 1)) - shift);
}

__device__ __forceinline__ uint32_t load_word(const uint8_t *at)
{
    return *reinterpret_cast<const uint32_t *>(at);
}

/* SumPlanes: bytes of the largest sum, 2 or 3, a template parameter: read from the kernel
 * parameters, each row tile's third plane was a branch that the compiler joined with register
 * moves and zeroed accumulators (H100, 4K: gaussian 21 47.3 -> 43.3 us, gaussian 31 48.4 -> 45.0;
 * gaussian 11 and 15, on the plain loads, 0-0.3 us). */
template <int R, int SumPlanes>
__device__ __forceinline__ void across(const MmaParams &s, const BandTaps &band,
                                       const uint8_t *tile, uint8_t *sums)
{
    typedef Band<R> B;
    const int g = threadIdx.x >> 2, t = threadIdx.x & 3, col0 = 16 * threadIdx.y;
    uint32_t a[B::ACROSS_CHUNKS][4];
    band_fragment<B::ACROSS_CHUNKS>(band.row, B::ACROSS_LEFT - R, a);
    const uint8_t *in = tile + g * MMA_TILE_PITCH + APRON - B::ACROSS_LEFT + col0 + 4 * t;
    uint8_t *out = sums + (col0 + g) * B::SUM_PITCH + 2 * t;
    /* every load before the first store: the compiler cannot tell the tile from the sums */
    uint32_t b[B::ROW_GROUPS][B::PIECES];
#pragma unroll
    for (int rows = 0; rows < B::ROW_GROUPS; rows++)
#pragma unroll
        for (int k = 0; k < B::PIECES; k++)
            b[rows][k] = load_word(in + rows * 8 * MMA_TILE_PITCH + 16 * k);
#pragma unroll
    for (int rows = 0; rows < B::ROW_GROUPS; rows++) {
        int32_t h[4] = {0, 0, 0, 0};
        mma_u8(h, a[0], b[rows][0], b[rows][1]);
        if (B::PIECES == 3)
            mma_u8_k16(h, a[B::ACROSS_CHUNKS - 1][0], a[B::ACROSS_CHUNKS - 1][1], b[rows][2]);
            /* h: column col0+g rows 8*rows + 2t and +1, then column col0+g+8 the same rows */
#pragma unroll
        for (int plane = 0; plane < 3; plane++) {
            if (plane >= SumPlanes)
                break;
            const uint32_t pick = plane | (4 + plane) << 4;
            uint8_t *at = out + plane * B::PLANE_BYTES + 8 * rows;
            *reinterpret_cast<uint16_t *>(at) = (uint16_t)__byte_perm(h[0], h[1], pick);
            *reinterpret_cast<uint16_t *>(at + 8 * B::SUM_PITCH) =
                (uint16_t)__byte_perm(h[2], h[3], pick);
        }
    }
}

template <Divide D>
__device__ __forceinline__ uint16_t requant2(int32_t n0, int32_t n1, const vf_requant &q)
{
    uint32_t packed;
    asm("cvt.pack.sat.u8.s32.b32 %0, %1, %2, %3;"
        : "=r"(packed)
        : "r"(divided<D>(n1, q)), "r"(divided<D>(n0, q)), "r"(0));
    return (uint16_t)packed;
}

template <int R, Divide D, int SumPlanes>
__device__ __forceinline__ void down(const MmaParams &s, const BandTaps &band, const uint8_t *sums,
                                     uint8_t *staged)
{
    typedef Band<R> B;
    const int g = threadIdx.x >> 2, t = threadIdx.x & 3;
    uint32_t a[B::DOWN_CHUNKS][4];
    band_fragment<B::DOWN_CHUNKS>(band.col, 0, a);
    /* every sum before the first store, as in across() */
    int32_t n[2][MMA_TH / 16][4];
#pragma unroll
    for (int half = 0; half < 2; half++) {
        const uint8_t *in = sums + (16 * threadIdx.y + 8 * half + g) * B::SUM_PITCH + 4 * t;
        /* Three words of K (radius 9 and up): row tile rt reads words rt .. rt + 2 of 16 rows
         * each, two of them shared with tile rt - 1, so each is loaded once and the band's part
         * for its place multiplies it. (Two words slid the same way cost radius 5 and 7 5-7%
         * on the H100, BENCHMARKS.md: they keep the plain loads.) */
        uint32_t piece[3][3];
        if (B::PIECES == 3)
#pragma unroll
            for (int plane = 0; plane < 3; plane++)
#pragma unroll
                for (int k = 0; k < 2; k++)
                    if (plane < SumPlanes)
                        piece[plane][k] = load_word(in + plane * B::PLANE_BYTES + 16 * k);
#pragma unroll
        for (int rt = 0; rt < MMA_TH / 16; rt++) {
            int32_t part[3][4] = {};
#pragma unroll
            for (int plane = 0; plane < 3; plane++) {
                if (plane >= SumPlanes)
                    break;
                const uint8_t *at = in + plane * B::PLANE_BYTES + 16 * rt;
                if (B::PIECES == 3) {
                    uint32_t(&w)[3] = piece[plane];
                    w[2] = load_word(at + 32);
                    mma_u8(part[plane], a[0], w[0], w[1]);
                    mma_u8_k16(part[plane], a[B::DOWN_CHUNKS - 1][0], a[B::DOWN_CHUNKS - 1][1],
                               w[2]);
                    w[0] = w[1];
                    w[1] = w[2];
                } else {
                    mma_u8(part[plane], a[0], load_word(at), load_word(at + 16));
                }
            }
#pragma unroll
            for (int i = 0; i < 4; i++)
                n[half][rt][i] = s.q.offset + part[0][i] + (part[1][i] << 8) + (part[2][i] << 16);
        }
    }
    /* n[half][rt]: row 16rt+g columns col+2t and +1, then row 16rt+g+8 the same columns */
#pragma unroll
    for (int half = 0; half < 2; half++)
#pragma unroll
        for (int rt = 0; rt < MMA_TH / 16; rt++) {
            uint8_t *at = staged + (16 * rt + g) * OUT_PITCH + 16 * threadIdx.y + 8 * half + 2 * t;
            const int32_t *v = n[half][rt];
            *reinterpret_cast<uint16_t *>(at) = requant2<D>(v[0], v[1], s.q);
            *reinterpret_cast<uint16_t *>(at + 8 * OUT_PITCH) = requant2<D>(v[2], v[3], s.q);
        }
}

/* The staged 64x128 bytes to the frame, 16 at a time: at the frame's right edge too, since x
 * and the pitch are multiples of 16 and the bytes past the frame are the row's padding
 * (convolve.h). */
__device__ __forceinline__ void write_tile(const Planes &p, const TileAt &at, const uint8_t *staged)
{
    constexpr int VECS = TW / 16;
    uint8_t *dst = plane_dst(p, at.plane);
    for (int k = threadIdx.y * TX + threadIdx.x; k < MMA_TH * VECS; k += TX * BIG_TY) {
        const int row = k / VECS, x = at.x0 + 16 * (k % VECS), y = at.y0 + row;
        if (y >= p.h)
            break;
        if (x < p.w)
            *reinterpret_cast<uint4 *>(dst + (size_t)y * p.pitch + x) =
                *reinterpret_cast<const uint4 *>(staged + row * OUT_PITCH + 16 * (k % VECS));
    }
}

/* Each block makes every gridDim.x-th tile. The next tile's copies go out once the sums
 * across have read this one, so they are in flight during the down pass and the write-back,
 * which stages the output past the sums (9 KB more shared memory; staged over the sums, with a
 * barrier more, two runs differed by +-0.6 us at 4K, and 1080p gaussian 31 lost 0.9 us).
 * H100, 4K, against one tile a block loaded into registers: gaussian 11 34.4 -> 34.3 us, 15
 * 34.7 -> 33.6, 21 43.0 -> 40.0, 31 44.8 -> 41.6. At 1080p, where a block makes one tile, it is
 * 0.5-1.1 us slower than that kernel: ncu counts 11% more instructions there, of which the 3
 * predicated-off shared loads that ptxas puts before each copy explain ~2% (BENCHMARKS.md). */
template <int R, Divide D, int SumPlanes>
__global__ void __launch_bounds__(TX *BIG_TY, Band<R>::MIN_BLOCKS) mma_kernel(Planes p, MmaParams s)
{
    typedef Band<R> B;
    typedef TileLoader<R, MMA_TH, BIG_TY, MMA_TILE_PITCH> Loader;
    extern __shared__ __align__(16) uint8_t smem[];
    __shared__ __align__(16) BandTaps band;
    uint8_t *tile = smem, *sums = tile + B::TILE_BYTES, *staged = sums + SumPlanes * B::PLANE_BYTES;
    put_band_taps<B::N>(band, s); /* visible after the first barrier */
    const Loader loader;
    TileAt at = tile_at(s, blockIdx.x); /* the grid has at most one block a tile */
    loader.copy(tile, p, at, s.border);
    copies_commit();
    while (at.plane < 3) {
        copies_wait<0>();
        __syncthreads();
        if (Loader::needs_columns(p, at)) {
            Loader::fix_columns(tile, p, at, s.border);
            __syncthreads();
        }
        across<R, SumPlanes>(s, band, tile, sums);
        __syncthreads();
        const TileAt next = tile_after(s, at);
        if (next.plane < 3)
            loader.copy(tile, p, next, s.border);
        copies_commit();
        down<R, D, SumPlanes>(s, band, sums, staged);
        __syncthreads();
        write_tile(p, at, staged);
        at = next;
    }
}

template <int R, Divide D, int SumPlanes>
cudaError_t launch_mma_kernel(MmaParams s, const Planes &p, cudaStream_t stream)
{
    constexpr auto kernel = mma_kernel<R, D, SumPlanes>;
    const size_t smem = Band<R>::TILE_BYTES + SumPlanes * Band<R>::PLANE_BYTES + MMA_TH * OUT_PITCH;
    int resident = 0;
    cudaError_t e = allow_shared_bytes<kernel>(smem);
    if (e == cudaSuccess)
        e = resident_blocks<kernel>(TX * BIG_TY, smem, &resident);
    if (e != cudaSuccess)
        return e;
    /* Twice the blocks the GPU holds at once, each making every grid-th tile: with what it holds
     * once, the blocks that make one tile more keep some SMs busy at the end (H100, 4K, gaussian
     * 15: 34.8 us once, 34.2-34.4 1.5 times, 34.0-34.1 twice, 34.2 three times). */
    s.tiles_x = (p.w + TW - 1) / TW;
    s.tiles_y = (p.h + MMA_TH - 1) / MMA_TH;
    const int grid = min(3 * s.tiles_x * s.tiles_y, 2 * resident);
    s.step = tile_at(s, grid);
    kernel<<<grid, dim3(TX, BIG_TY), smem, stream>>>(p, s);
    return cudaGetLastError();
}

template <int R, Divide D>
cudaError_t launch_mma_as(const MmaParams &s, int sum_planes, const Planes &p, cudaStream_t stream)
{
    return sum_planes == 2 ? launch_mma_kernel<R, D, 2>(s, p, stream)
                           : launch_mma_kernel<R, D, 3>(s, p, stream);
}

template <int R>
cudaError_t launch_mma_radius(const vf_filter *f, int border, const Planes &p, cudaStream_t stream)
{
    MmaParams s = {};
    s.q = f->requant;
    s.border = border;
    memcpy(s.row, f->row, sizeof(s.row));
    memcpy(s.col, f->col, sizeof(s.col));
    const int sum_planes = 255 * (int64_t)f->abs_row_sum < 65536 ? 2 : 3;
    switch (divide_of(f->requant)) {
    case DIV_ONE:
    case DIV_SHIFT:
        return launch_mma_as<R, DIV_SHIFT>(s, sum_planes, p, stream);
    case DIV_MULHI:
        return launch_mma_as<R, DIV_MULHI>(s, sum_planes, p, stream);
    case DIV_MAGIC:
        return launch_mma_as<R, DIV_MAGIC>(s, sum_planes, p, stream);
    case DIV_MAGIC_CLAMP:
    case DIV_FLOAT:
    case DIV_GRID:
        break;
    }
    return launch_mma_as<R, DIV_MAGIC_CLAMP>(s, sum_planes, p, stream);
}

} // namespace

/* From radius 5: below it fast.cu's dp4a paths are faster (H100, 4K: gaussian 5x5 25.8 us
 * there, 37.7 us here, where a tile's fixed costs dominate). */
constexpr int MMA_MIN_RADIUS = 5;

bool fast_mma_fits(const vf_filter *f)
{
    const int n = f->size;
    return VF_GPU_ARCH >= 80 && f->separable && f->centre == 0 && n / 2 >= MMA_MIN_RADIUS &&
           fits(f->row, n, 0, 255) && fits(f->col, n, 0, 255);
}

cudaError_t launch_fast_mma(const vf_filter *f, int border, const Planes &p, cudaStream_t stream)
{
    typedef cudaError_t (*launcher)(const vf_filter *, int, const Planes &, cudaStream_t);
    static const launcher table[VF_MAX_RADIUS + 1] = {nullptr,
                                                      nullptr,
                                                      nullptr,
                                                      nullptr,
                                                      nullptr,
                                                      launch_mma_radius<5>,
                                                      launch_mma_radius<6>,
                                                      launch_mma_radius<7>,
                                                      launch_mma_radius<8>,
                                                      launch_mma_radius<9>,
                                                      launch_mma_radius<10>,
                                                      launch_mma_radius<11>,
                                                      launch_mma_radius<12>,
                                                      launch_mma_radius<13>,
                                                      launch_mma_radius<14>,
                                                      launch_mma_radius<15>};
    if (!fast_mma_fits(f))
        return cudaErrorNotSupported;
    return table[f->size / 2](f, border, p, stream);
}

} // namespace vf
