/* The fast kernel for separable filters with non-negative byte taps at the big radii (gaussian;
 * box has its own, fast_box.cu), and for those with column taps of 0 or below and a centre tap
 * (unsharp: the centre tap's term less the products, `Less`): both passes are banded matrix
 * products on the tensor cores, with the exact int32 sums the CPU makes. A warp makes 16 columns
 * of a 64x128 tile:
 *  - across: S^T = Bh^T x In^T per 16 output columns and 8 tile rows (mma m16n8k32, u8 x u8 ->
 *    s32). Output column m takes input column m - r + j times row tap j, so the band Bh^T is the
 *    same for every group of 16 columns; In^T's fragment is 4 neighbouring pixels of one tile
 *    row, one 32-bit shared load. From radius 9 a group's 16 + 2r bytes of K take a k32 and a k16
 *    product (Band::PIECES).
 *  - the sums (below 2^21: 31 taps of 255 on pixels of 255) become 2 or 3 planes of small
 *    integers v (Planes2or3), each as the fp16 1024 + v, whose bits are 0x6400 | v. The sums
 *    across start from a constant that puts 0x64 in the right bytes, so each plane of two rows
 *    of a column is one byte permute, and it is already the fragment that the product down takes
 *    in the same thread: the sums never leave the registers.
 *  - down: Out = Bv x S per plane (mma m16n8k16, fp16 x fp16 -> fp32): taps x (1024 + v) from a
 *    start that keeps every partial sum an integer below 2^24, which fp32 holds exactly, and the
 *    result at least 2^23, whose bits are then 0x4b000000 + the result (Planes2or3). The
 *    planes' bits are added shifted by 8 bits, less what they hold besides the sums.
 * The band fragments are made once a block (BandFragments). A block makes several tiles, each
 * copied into the other of two tile buffers while the block works on the one before: on sm_90
 * by the copy engine (TileFeed, copy_engine.cuh), which also stores the staged outputs.
 * History (BENCHMARKS.md, twenty-eighth and twenty-ninth sessions): the sums went through byte
 * planes in shared memory until the twenty-eighth, and the band fragments were rebuilt every
 * tile (H100, 4K: gaussian 15 33.9 -> 28.6 us, gaussian 31 42.2 -> 34.4); the warps copied the
 * tiles in and out until the twenty-ninth (the sessions' final tables: gaussian 15 28.7 -> 26.3,
 * gaussian 31 34.3 -> 30.9, with one block per resident slot instead of two). */
#include <cuda_fp16.h>

#include "copy_engine.cuh"
#include "fast_tile.cuh"

namespace vf
{
namespace
{

constexpr int MMA_TH = 64; /* output rows per tile */
/* Tile rows 44 words apart: the 8 rows of one fragment load fall in different banks (at
 * TILE_PITCH, 40 words, rows 4 apart shared them). */
constexpr int MMA_TILE_PITCH = TILE_PITCH + 16;
/* The staged outputs: rows of 128 bytes whose 16-byte pieces lie as the copy engine's 128-byte
 * swizzle has them (piece c of row r at c ^ (r & 7)), so that the 8 rows of one fragment store
 * fall in other banks and the engine can store the tile as it is. */
constexpr int STAGED_BYTES = MMA_TH * TW;

__host__ __device__ constexpr int staged_at(int row, int col)
{
    return row * TW + (((col >> 4) ^ (row & 7)) << 4) + (col & 15);
}

template <int R> struct Band {
    static constexpr int N = 2 * R + 1;
    /* input columns one 16-column group reads across: 32 from 8 left of it, or 48 from 16 left
     * (the last 16 of a second chunk of 32 have only zero taps: a k16 product) */
    static constexpr int ACROSS_CHUNKS = R <= 8 ? 1 : 2;
    static constexpr int ACROSS_LEFT = ACROSS_CHUNKS == 1 ? 8 : 16;
    static constexpr int PIECES = ACROSS_CHUNKS + 1; /* 16-byte pieces of K across */
    static_assert(16 + 2 * R <= 16 * PIECES, "the band fits the pieces");
    /* k16 products down: the 16 + 2r sum rows of a 16-row group */
    static constexpr int DOWN_CHUNKS = (16 + 2 * R + 15) / 16;
    /* 8-row groups of sums that the tile's 4 groups of 16 output rows read */
    static constexpr int GROUPS = 2 * (MMA_TH / 16 - 1) + 2 * DOWN_CHUNKS;
    static_assert(GROUPS * 8 >= MMA_TH + 2 * R, "the groups cover the tile's rows");
    static constexpr int TILE_BYTES = GROUPS * 8 * MMA_TILE_PITCH;
    static_assert(R <= 16, "the across band reaches 16 columns each side");
};

struct MmaParams {
    vf_requant q;
    int border;
    int tiles_x, tiles_y; /* of a plane */
    TileAt step;          /* from a block's tile to its next, gridDim.x tiles on */
    float down_start;     /* 3 planes: 2^23 - 1024 x the column taps' sum */
    int32_t base;         /* offset (Less: -offset) less the planes' bits without their sums */
    int engine;           /* whether TileMaps hold the planes (else the block copies its tiles) */
    int32_t centre;       /* Less: the centre tap, times the pixel the output sits on */
    int32_t row[VF_MAX_SIZE], col[VF_MAX_SIZE]; /* col as magnitudes when Less */
};

/* Planes of the sums across: 2 when they lie below 2^18 (the low byte and the rest, below 1024)
 * and the column taps add up to at most 2049 (every gaussian), else 3 bytes. */
template <int P> struct Planes2or3 {
    static_assert(P == 2 || P == 3, "2 or 3 planes");
    /* The sums down start at 1.5 x 2^23 with 2 planes: 2047 x 2049 more stays below 2^24. With 3,
     * at 2^23 - 1024 x (the column taps' sum), a kernel parameter: 255 x 7905 more stays below
     * 2^24. (As a parameter with 2 planes too, ptxas spilled at radius 9 and up, and gaussian
     * 11 to 31 lost 0.6-1.4 us on the H100.) */
    static __device__ __forceinline__ float down_start(const MmaParams &s)
    {
        return P == 2 ? 12582912.0f : s.down_start;
    }
    /* blocks per SM the registers must allow: with 2 planes 64 registers, or 80 from radius 9;
     * with 3, 80 or 128 (fewer spilled 8-32 bytes) */
    template <int R> static constexpr int min_blocks()
    {
        return (Band<R>::DOWN_CHUNKS == 2 ? 4 : 3) - (P == 3);
    }
    /* the sums across start here: 0x64 in the top byte, and with 2 planes in the third too
     * (the sum's third byte is at most 3 then, so the add is an or) */
    static constexpr int32_t START = P == 2 ? 0x64640000 : 0x64000000;
    /* the byte permute that takes plane k of rows 2t (h0) and 2t + 1 (h1) as an fp16 pair:
     * bytes k of each under their top bytes (0x64), or with 2 planes, bytes 1 and 2 of each */
    static __host__ __device__ constexpr uint32_t pick(int k)
    {
        return k == 0 ? 0x7430u : P == 2 ? 0x6521u : k == 1 ? 0x7531u : 0x7632u;
    }
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

/* d = A x B + c in every element (u8 x u8 -> s32, k32), C and D apart so that c stays put */
__device__ __forceinline__ void mma_u8_from(int32_t (&d)[4], const uint32_t (&a)[4], uint32_t b0,
                                            uint32_t b1, int32_t c)
{
#if __CUDA_ARCH__ >= 800
    asm("mma.sync.aligned.m16n8k32.row.col.s32.u8.u8.s32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, "
        "{%8,%9}, {%10,%10,%10,%10};"
        : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1), "r"(c));
#else
    __trap(); /* the host never launches this kernel below sm_80 (fast_mma_fits) */
#endif
}

/* d += A x B, k16 (A registers 0 and 1 hold K 0..15 of rows g and g + 8, b0 K 0..15 of
 * column g) */
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

/* d = A x B + c (fp16 x fp16 -> fp32, k16), c a start value in every element */
__device__ __forceinline__ void mma_f16_from(float (&d)[4], const uint32_t (&a)[4], uint32_t b0,
                                             uint32_t b1, float c)
{
#if __CUDA_ARCH__ >= 800
    asm("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, "
        "{%8,%9}, {%10,%10,%10,%10};"
        : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1), "f"(c));
#else
    __trap();
#endif
}

/* d += A x B (fp16 x fp16 -> fp32, k16) */
__device__ __forceinline__ void mma_f16(float (&d)[4], const uint32_t (&a)[4], uint32_t b0,
                                        uint32_t b1)
{
#if __CUDA_ARCH__ >= 800
    asm("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, "
        "{%8,%9}, {%0,%1,%2,%3};"
        : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1));
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

/* two column taps j and j + 1 as an fp16 pair (below 256: exact) */
__device__ __forceinline__ uint32_t half_pair(const uint8_t *taps, int j)
{
    return (uint32_t)__half_as_ushort(__int2half_rn(taps[BAND_PAD + j])) |
           (uint32_t)__half_as_ushort(__int2half_rn(taps[BAND_PAD + j + 1])) << 16;
}

/* Every lane's fragments of both bands, made once a block; word w of lane l at [w][l], so that
 * a warp loads each without bank conflicts. Across (u8): register r of chunk c holds row g + 8 (r
 * & 1), columns 16 (r >> 1) + 4t .. + 3 of the chunk's 32, for output column m taking input
 * column m + ACROSS_LEFT - R + j with tap j. Down (fp16): register r of chunk c holds row g + 8
 * (r & 1), K 2t and 2t + 1 (+ 8 for r >= 2) of the chunk's 16, for output row m taking sum row
 * k with tap k - m. (Made in every tile they cost ~15% of the kernel's instructions.) */
template <int R> struct BandFragments {
    typedef Band<R> B;
    static constexpr int ACROSS = 4 * B::ACROSS_CHUNKS, WORDS = ACROSS + 4 * B::DOWN_CHUNKS;
    uint32_t word[WORDS][TX];

    /* by one warp, after the taps are in shared memory */
    __device__ __forceinline__ void make(const BandTaps &band)
    {
        const int g = threadIdx.x >> 2, t = threadIdx.x & 3;
        for (int c = 0; c < B::ACROSS_CHUNKS; c++)
            for (int r = 0; r < 4; r++)
                word[4 * c + r][threadIdx.x] =
                    band_word(band.row, 32 * c + 16 * (r >> 1) + 4 * t - (g + 8 * (r & 1)) -
                                            B::ACROSS_LEFT + R);
        for (int c = 0; c < B::DOWN_CHUNKS; c++)
            for (int r = 0; r < 4; r++)
                word[ACROSS + 4 * c + r][threadIdx.x] =
                    half_pair(band.col, 16 * c + 2 * t + 8 * (r >> 1) - (g + 8 * (r & 1)));
    }

    __device__ __forceinline__ void across(uint32_t (&a)[B::ACROSS_CHUNKS][4]) const
    {
#pragma unroll
        for (int c = 0; c < B::ACROSS_CHUNKS; c++)
#pragma unroll
            for (int r = 0; r < 4; r++)
                a[c][r] = word[4 * c + r][threadIdx.x];
    }

    __device__ __forceinline__ void down(uint32_t (&a)[B::DOWN_CHUNKS][4]) const
    {
#pragma unroll
        for (int c = 0; c < B::DOWN_CHUNKS; c++)
#pragma unroll
            for (int r = 0; r < 4; r++)
                a[c][r] = word[ACROSS + 4 * c + r][threadIdx.x];
    }
};

__device__ __forceinline__ uint32_t load_word(const uint8_t *at)
{
    return *reinterpret_cast<const uint32_t *>(at);
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

/* One warp's 16 columns of a tile, across then down, the sums in registers. */
template <int R, Divide D, int P, bool Less>
__device__ __forceinline__ void columns(const MmaParams &s, const BandFragments<R> &f,
                                        const uint8_t *tile, uint8_t *staged)
{
    typedef Band<R> B;
    typedef Planes2or3<P> PL;
    const int g = threadIdx.x >> 2, t = threadIdx.x & 3, col0 = 16 * threadIdx.y;
    uint32_t across_band[B::ACROSS_CHUNKS][4], down_band[B::DOWN_CHUNKS][4];
    f.across(across_band);
    f.down(down_band);
    const uint8_t *in = tile + g * MMA_TILE_PITCH + APRON - B::ACROSS_LEFT + col0 + 4 * t;
    /* sums[q][half][k]: plane k of rows 8q + 2t and +1, column col0 + g + 8 half */
    uint32_t sums[B::GROUPS][2][P];
    auto sum_across = [&](int q) {
        uint32_t b[B::PIECES];
#pragma unroll
        for (int k = 0; k < B::PIECES; k++)
            b[k] = load_word(in + q * 8 * MMA_TILE_PITCH + 16 * k);
        int32_t h[4]; /* column col0+g rows 8q + 2t and +1, then column col0+g+8 the same */
        mma_u8_from(h, across_band[0], b[0], b[1], PL::START);
        if (B::PIECES == 3)
            mma_u8_k16(h, across_band[B::ACROSS_CHUNKS - 1][0],
                       across_band[B::ACROSS_CHUNKS - 1][1], b[2]);
#pragma unroll
        for (int k = 0; k < P; k++) {
            sums[q][0][k] = __byte_perm(h[0], h[1], PL::pick(k));
            sums[q][1][k] = __byte_perm(h[2], h[3], PL::pick(k));
        }
    };
    /* a group of 16 output rows reads 2 x DOWN_CHUNKS groups of 8 sum rows from its own first:
     * the next 2 of them are made before each */
#pragma unroll
    for (int q = 0; q < 2 * B::DOWN_CHUNKS - 2; q++)
        sum_across(q);
#pragma unroll
    for (int rt = 0; rt < MMA_TH / 16; rt++) {
        sum_across(2 * rt + 2 * B::DOWN_CHUNKS - 2);
        sum_across(2 * rt + 2 * B::DOWN_CHUNKS - 1);
#pragma unroll
        for (int half = 0; half < 2; half++) {
            float plane[P][4];
#pragma unroll
            for (int k = 0; k < P; k++) {
                mma_f16_from(plane[k], down_band[0], sums[2 * rt][half][k],
                             sums[2 * rt + 1][half][k], PL::down_start(s));
#pragma unroll
                for (int c = 1; c < B::DOWN_CHUNKS; c++)
                    mma_f16(plane[k], down_band[c], sums[2 * rt + 2 * c][half][k],
                            sums[2 * rt + 2 * c + 1][half][k]);
            }
            /* n: row 16rt+g columns col0+8half+2t and +1, then row 16rt+g+8 the same columns */
            int32_t n[4];
#pragma unroll
            for (int i = 0; i < 4; i++) {
                uint32_t bits = (uint32_t)__float_as_int(plane[P - 1][i]);
#pragma unroll
                for (int k = P - 2; k >= 0; k--)
                    bits = (bits << 8) + (uint32_t)__float_as_int(plane[k][i]);
                n[i] = (int32_t)(bits + (uint32_t)s.base);
            }
            /* the centre tap's term less the products (unsharp; launch_mma_radius says why) */
            if (Less) {
                const uint8_t *pixel =
                    tile + (16 * rt + g + R) * MMA_TILE_PITCH + APRON + col0 + 8 * half + 2 * t;
#pragma unroll
                for (int i = 0; i < 4; i++)
                    n[i] = s.centre * pixel[(i >> 1) * 8 * MMA_TILE_PITCH + (i & 1)] - n[i];
            }
            uint8_t *at = staged + staged_at(16 * rt + g, col0 + 8 * half + 2 * t);
            static_assert(staged_at(8, 0) == 8 * TW, "rows g and g + 8 share their swizzle");
            *reinterpret_cast<uint16_t *>(at) = requant2<D>(n[0], n[1], s.q);
            *reinterpret_cast<uint16_t *>(at + 8 * TW) = requant2<D>(n[2], n[3], s.q);
        }
    }
}

/* The planes as the copy engine sees them: the input's boxes one tile with its apron
 * (MMA_TILE_PITCH columns from APRON left of the tile, so that its rows land as the fragments want
 * them, by 64 + 2r rows), the output's the staged 64x128 bytes. */
struct TileMaps {
    CUtensorMap in[3], out[3];
};

template <int R> bool make_tile_maps(const Planes &p, TileMaps *maps)
{
    for (int k = 0; k < 3; k++)
        if (!encode_plane_box(&maps->in[k], p.src[k], p.w, p.h, p.pitch, MMA_TILE_PITCH,
                              MMA_TH + 2 * R, false) ||
            !encode_plane_box(&maps->out[k], p.dst[k], p.w, p.h, p.pitch, TW, MMA_TH, true))
            return false;
    return true;
}

/* How a block's tiles come in, into two buffers each with its Landing. From sm_90 with the maps,
 * one thread asks the copy engine for the whole tile, so that the warps spend no instruction on
 * it (16 bytes a thread by TileLoader::copy cost each warp ~60 of its ~530 a tile, and the
 * tile's time on the H100: gaussian 15 at 4K took 25.7 us with no tile loaded at all, 28.7
 * with them). The engine lands zeros outside the plane: the columns there are mended by
 * fix_columns as before, but tiles with rows outside the frame (the border rule) still come by
 * TileLoader::copy, with an arrival of no bytes so that each tile completes one phase. */
template <int R> struct TileFeed {
    typedef TileLoader<R, MMA_TH, BIG_TY, MMA_TILE_PITCH> Loader;
    Landing landed[2];

    __device__ __forceinline__ void init()
    {
        landed[0].init();
        landed[1].init();
    }

    /* tile `at` into buffer b at `tile`: by every thread */
    __device__ __forceinline__ void copy(uint8_t *tile, int b, const Planes &p, const TileAt &at,
                                         const MmaParams &s, const TileMaps &maps)
    {
        const bool first = threadIdx.x == 0 && threadIdx.y == 0;
        if (VF_COPY_ENGINE && s.engine && at.y0 - R >= 0 && at.y0 + MMA_TH + R <= p.h) {
            if (first) {
                landed[b].arrive(MMA_TILE_PITCH * (MMA_TH + 2 * R));
                engine_load(tile, maps.in[at.plane], at.x0 - APRON, at.y0 - R, landed[b]);
            }
        } else {
            Loader().copy(tile, p, at, s.border);
            if (first)
                landed[b].arrive(0);
        }
        copies_commit();
    }

    /* by every thread: tile k of the block, in buffer k & 1, has landed */
    __device__ __forceinline__ void wait(unsigned k)
    {
        copies_wait<0>();
        landed[k & 1].wait(k >> 1 & 1);
    }
};

/* The staged tile to the frame, 16 bytes a thread (where the copy engine does not store it): at
 * the frame's right edge too, since x and the pitch are multiples of 16 and the bytes past the
 * frame are the row's padding (convolve.h). */
__device__ __forceinline__ void write_tile(const Planes &p, const TileAt &at, const uint8_t *staged)
{
    constexpr int VECS = TW / 16, STEP = TX * BIG_TY / VECS; /* rows a pass */
    static_assert(MMA_TH % STEP == 0 && STEP % 8 == 0, "whole passes, the same swizzle");
    const int k = threadIdx.y * TX + threadIdx.x, row = k / VECS, x = at.x0 + 16 * (k % VECS);
    if (x >= p.w)
        return;
    const int rows = min(MMA_TH, p.h - at.y0);
    uint8_t *to = plane_dst(p, at.plane) + (size_t)(at.y0 + row) * p.pitch + x;
    const uint8_t *from = staged + staged_at(row, 16 * (k % VECS));
#pragma unroll
    for (int r = row; r < MMA_TH; r += STEP) {
        if (r >= rows)
            break;
        *reinterpret_cast<uint4 *>(to) = *reinterpret_cast<const uint4 *>(from);
        to += (size_t)STEP * p.pitch;
        from += STEP * TW;
    }
}

/* Each block makes every gridDim.x-th tile, into one of two buffers while it works on the other:
 * each warp reads only its own columns' part of the tile and keeps its sums, so a tile needs no
 * barrier between its passes. With the copy engine, the staged outputs are stored by it too,
 * which the thread that asked waits on before the next tile's outputs are staged. */
template <int R, Divide D, int P, bool Less>
__global__ void __launch_bounds__(TX *BIG_TY, Planes2or3<P>::template min_blocks<R>())
    mma_kernel(Planes p, MmaParams s, const __grid_constant__ TileMaps maps)
{
    typedef Band<R> B;
    typedef TileLoader<R, MMA_TH, BIG_TY, MMA_TILE_PITCH> Loader;
    extern __shared__ __align__(16) uint8_t smem[];
    __shared__ __align__(16) BandTaps band;
    __shared__ BandFragments<R> fragments;
    __shared__ TileFeed<R> feed;
    /* 1024-byte aligned for the swizzle (the launch asks for 1024 bytes more), the tiles after */
    uint8_t *const staged = smem + (-shared_address(smem) & 1023u);
    uint8_t *tile = staged + STAGED_BYTES, *spare = tile + B::TILE_BYTES;
    const bool first = threadIdx.x == 0 && threadIdx.y == 0;
    const bool engine_stores = VF_COPY_ENGINE && s.engine;
    put_band_taps<B::N>(band, s);
    if (first)
        feed.init();
    __syncthreads();                    /* the taps and the landings */
    TileAt at = tile_at(s, blockIdx.x); /* the grid has at most one block a tile */
    feed.copy(tile, 0, p, at, s, maps);
    if (threadIdx.y == 0)
        fragments.make(band); /* seen after the loop's first barrier */
    for (unsigned k = 0; at.plane < 3; k++) {
        feed.wait(k);
        if (engine_stores && first)
            engine_stored();
        __syncthreads(); /* the tile is in; the spare buffer and the staged rows are free */
        if (Loader::needs_columns(p, at)) {
            Loader::fix_columns(tile, p, at, s.border);
            __syncthreads();
        }
        const TileAt next = tile_after(s, at);
        if (next.plane < 3)
            feed.copy(spare, ~k & 1, p, next, s, maps);
        columns<R, D, P, Less>(s, fragments, tile, staged);
        if (engine_stores)
            engine_fence();
        __syncthreads();
        if (!engine_stores)
            write_tile(p, at, staged);
        else if (first)
            engine_store(maps.out[at.plane], at.x0, at.y0, staged);
        at = next;
        uint8_t *const done = tile;
        tile = spare;
        spare = done;
    }
    if (engine_stores && first)
        engine_stored(); /* before the block's shared memory goes */
}

template <int R, Divide D, int P, bool Less>
cudaError_t launch_mma_kernel(MmaParams s, const Planes &p, cudaStream_t stream)
{
    constexpr auto kernel = mma_kernel<R, D, P, Less>;
    const size_t smem = 1024 + STAGED_BYTES + 2 * Band<R>::TILE_BYTES;
    int resident = 0;
    cudaError_t e = allow_shared_bytes<kernel>(smem);
    if (e == cudaSuccess)
        e = resident_blocks<kernel>(TX * BIG_TY, smem, &resident);
    if (e != cudaSuccess)
        return e;
    TileMaps maps;
    memset(&maps, 0, sizeof(maps));
    s.engine = make_tile_maps<R>(p, &maps);
    /* With the copy engine as many blocks as the GPU holds at once, each making every grid-th
     * tile; with the warps copying the tiles, twice as many, each what was faster that way (H100,
     * 4K: gaussian 15 before the twenty-eighth session 34.8 us once, 34.0-34.1 twice; with the
     * engine, gaussian 11 27.1 -> 25.7-25.8 us once, 15 27.3-27.5 -> 26.2-26.3, 31 31.0-31.2 ->
     * 30.9-31.1; not profiled: half as many blocks start, each with its taps, fragments and first
     * tile). */
    s.tiles_x = (p.w + TW - 1) / TW;
    s.tiles_y = (p.h + MMA_TH - 1) / MMA_TH;
    const int grid = min(3 * s.tiles_x * s.tiles_y, (s.engine ? 1 : 2) * resident);
    s.step = tile_at(s, grid);
    kernel<<<grid, dim3(TX, BIG_TY), smem, stream>>>(p, s, maps);
    return cudaGetLastError();
}

template <int R, Divide D, bool Less = false>
cudaError_t launch_mma_as(const MmaParams &s, int planes, const Planes &p, cudaStream_t stream)
{
    return planes == 2 ? launch_mma_kernel<R, D, 2, Less>(s, p, stream)
                       : launch_mma_kernel<R, D, 3, Less>(s, p, stream);
}

/* non-negative column taps in a byte and no centre tap: the products are the output's sum */
bool plain_taps(const vf_filter *f)
{
    return f->centre == 0 && fits(f->col, f->size, 0, 255);
}

template <int R>
cudaError_t launch_mma_radius(const vf_filter *f, int border, const Planes &p, cudaStream_t stream)
{
    MmaParams s = {};
    s.q = f->requant;
    s.border = border;
    memcpy(s.row, f->row, sizeof(s.row));
    /* Less (unsharp, fast_mma_fits): the column taps are 0 or below, so the products are summed
     * with their magnitudes, S, and the kernel makes centre x pixel - S + offset as centre x pixel
     * - (S - offset): the base takes the offset off instead of adding it. */
    const bool less = !plain_taps(f);
    s.centre = f->centre;
    int32_t col_sum = 0;
    for (int k = 0; k < f->size; k++) {
        s.col[k] = less ? -f->col[k] : f->col[k];
        col_sum += s.col[k];
    }
    const int planes = 255 * (int64_t)f->abs_row_sum < (1 << 18) && col_sum <= 2049 ? 2 : 3;
    /* each plane's bits: its start's, plus 1024 for each unit of tap (the fp16 1024 + v), plus
     * its sum; with 3 planes the start takes the 1024s off (the taps add up to at most 7905) */
    s.down_start = (float)(8388608 - 1024 * col_sum);
    const uint32_t without_sum =
        planes == 2 ? 257u * (0x4b400000u + 1024u * (uint32_t)col_sum) : 65793u * 0x4b000000u;
    const uint32_t offset = (uint32_t)f->requant.offset;
    s.base = (int32_t)((less ? 0u - offset : offset) - without_sum);
    if (less) /* such sums leave the range (requant.saturates): a shift, or the clamped division */
        return f->requant.shift >= 0
                   ? launch_mma_as<R, DIV_SHIFT, true>(s, planes, p, stream)
                   : launch_mma_as<R, DIV_MAGIC_CLAMP, true>(s, planes, p, stream);
    switch (divide_of(f->requant)) {
    case DIV_ONE:
    case DIV_SHIFT:
        return launch_mma_as<R, DIV_SHIFT>(s, planes, p, stream);
    case DIV_MULHI:
        return launch_mma_as<R, DIV_MULHI>(s, planes, p, stream);
    case DIV_MAGIC:
        return launch_mma_as<R, DIV_MAGIC>(s, planes, p, stream);
    case DIV_MAGIC_CLAMP:
    case DIV_FLOAT:
    case DIV_GRID:
        break;
    }
    return launch_mma_as<R, DIV_MAGIC_CLAMP>(s, planes, p, stream);
}

} // namespace

/* From radius 4: below it fast.cu's dp4a paths are faster, where a tile's fixed costs dominate.
 * The line was radius 5 until the thirty-fifth session, when this kernel had become the faster at
 * radius 4 (H100, 4K, two rounds against fast.cu in the same call: gaussian 9x9 29.1-29.2
 * -> 25.3-25.5 us; gaussian 7x7 25.0 there, 25.2-25.3 here; gaussian 5x5 21.0-21.2 there, 25.2-25.3
 * here; at 1080p gaussian 9x9 10.6 both ways and gaussian 7x7 10.0 there, 10.5-10.7 here). */
constexpr int MMA_MIN_RADIUS = 4;

/* Row taps in a byte and either column taps in a byte with no centre tap (gaussian), or column
 * taps of 0 or below with any centre tap (unsharp: launch_mma_radius's Less). */
bool fast_mma_fits(const vf_filter *f)
{
    const int n = f->size;
    return VF_GPU_ARCH >= 80 && f->separable && n / 2 >= MMA_MIN_RADIUS &&
           fits(f->row, n, 0, 255) && (plain_taps(f) || fits(f->col, n, -255, 0));
}

cudaError_t launch_fast_mma(const vf_filter *f, int border, const Planes &p, cudaStream_t stream)
{
    typedef cudaError_t (*launcher)(const vf_filter *, int, const Planes &, cudaStream_t);
    static const launcher table[VF_MAX_RADIUS + 1] = {nullptr,
                                                      nullptr,
                                                      nullptr,
                                                      nullptr,
                                                      launch_mma_radius<4>,
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
