/* What the fast kernels share (fast.cu; fast_mma.cu): the tile geometry, the tile of one
 * plane in shared memory with the border rule applied, and how a sum becomes a byte. */
#ifndef VF_FAST_TILE_CUH
#define VF_FAST_TILE_CUH

#include <string.h>

#include <atomic>

#include "kernel_common.cuh"

namespace vf
{
namespace
{

constexpr int TX = 32;      /* threads across; down: SMALL_TY or BIG_TY */
constexpr int PX = 4;       /* columns per thread: one 32-bit word of pixels */
constexpr int TW = TX * PX; /* 128 columns per tile */
constexpr int APRON = 16;   /* >= VF_MAX_RADIUS, keeps tile loads 16-byte aligned */
constexpr int TILE_PITCH = TW + 2 * APRON;
constexpr int BIG_TY = 8; /* warps of the kernels with tall tiles */

/* The tile of this block: blockIdx.x across, blockIdx.y down, blockIdx.z the plane. */
struct TileAt {
    int plane, x0, y0;
};

__device__ __forceinline__ const uint8_t *plane_src(const Planes &p, int plane)
{
    return plane == 0 ? p.src[0] : plane == 1 ? p.src[1] : p.src[2];
}

__device__ __forceinline__ uint8_t *plane_dst(const Planes &p, int plane)
{
    return plane == 0 ? p.dst[0] : plane == 1 ? p.dst[1] : p.dst[2];
}

/* 16 bytes global -> shared without passing through registers; past `valid` bytes, zeros */
__device__ __forceinline__ void copy16(void *to, const void *from, int valid)
{
    const unsigned at = (unsigned)__cvta_generic_to_shared(to);
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" ::"r"(at), "l"(from), "r"(valid)
                 : "memory");
}

__device__ __forceinline__ void copies_commit()
{
    asm volatile("cp.async.commit_group;" ::: "memory");
}

template <int Pending> __device__ __forceinline__ void copies_wait()
{
    asm volatile("cp.async.wait_group %0;" ::"n"(Pending) : "memory");
}

/* Column k (k < 2R) of the columns outside the frame that some output reads (-R <= x < 0, then
 * w <= x < w + R) in a line of `width` columns whose first is the frame's column x0: it lies at
 * `to` and takes the border rule's value, the line's column `from` (-1: a zero). `to` is -1 for
 * k >= 2R and for a column not in the line. Worked out once, outside the loops over rows. */
struct ColumnFix {
    int to, from;

    template <int R>
    static __device__ __forceinline__ ColumnFix make(int k, int x0, int width, int w, int border)
    {
        ColumnFix f = {-1, -1};
        const int x = k < R ? k - R : w + k - R, at = x - x0;
        if (k >= 2 * R || at < 0 || at >= width)
            return f;
        const int sx = vf_border_index(x, w, border);
        f.to = at;
        f.from = sx < 0 ? -1 : sx - x0;
        return f;
    }
};

/* Rows y0-R .. y0+Rows+R-1, columns x0-APRON .. x0+WIDTH+APRON-1 of one plane (WIDTH = Tx * PX
 * for blocks of Tx x Ty threads), border rule applied: fetch() issues the loads into registers and
 * put() stores them to shared memory, so a block could have the next tile in flight while it works
 * on this one. Each thread owns one 16-byte column of the tile and every STEP-th row (a warp reads
 * whole rows). Rows follow the border rule as they load; columns are loaded 16 aligned bytes at a
 * time wherever the frame has any (the pitch is a multiple of 16, so the last ones stay inside the
 * row), and on the tiles at the frame's left and right edges fix_columns() then rewrites the R
 * columns each side outside the frame from the columns inside it, already in shared memory.
 * Rows lie Pitch bytes apart (LOADED, or more to move a kernel's reads onto other banks). */
template <int R, int Rows, int Ty, int Pitch = TILE_PITCH, int Tx = TX> struct TileLoader {
    static constexpr int WIDTH = Tx * PX, LOADED = WIDTH + 2 * APRON; /* bytes of a tile row */
    static_assert(Pitch % 16 == 0 && Pitch >= LOADED, "rows of 16-byte vectors");
    static constexpr int THREADS = Tx * Ty;
    static constexpr int ROWS = Rows + 2 * R, VECS = LOADED / 16, STEP = THREADS / VECS;
    static constexpr int PASSES = (ROWS + STEP - 1) / STEP;
    uint4 v[PASSES];
    int vec, row0;

    __device__ __forceinline__ TileLoader()
    {
        const int tid = threadIdx.y * Tx + threadIdx.x;
        vec = tid % VECS;
        row0 = tid / VECS; /* >= STEP for the threads left over: they load nothing */
    }

    __device__ __forceinline__ bool has(int it) const
    {
        return row0 < STEP && row0 + it * STEP < ROWS;
    }

    __device__ __forceinline__ void fetch(const Planes &p, const TileAt &at, int border)
    {
        const uint8_t *src = plane_src(p, at.plane);
        const int gx = at.x0 - APRON + 16 * vec, y = at.y0 - R + row0;
        const bool any_x = gx >= 0 && gx < p.w;
        if (at.y0 - R >= 0 && at.y0 + Rows + R <= p.h) {
            /* one predicate and a pointer step a pass: no branches to reconverge */
            const uint8_t *line = src + (size_t)y * p.pitch + gx;
            const size_t step = (size_t)STEP * p.pitch;
#pragma unroll
            for (int it = 0; it < PASSES; it++) {
                uint4 t = make_uint4(0, 0, 0, 0);
                if (any_x && has(it))
                    t = __ldg(reinterpret_cast<const uint4 *>(line));
                v[it] = t;
                line += step;
            }
        } else {
#pragma unroll
            for (int it = 0; it < PASSES; it++) {
                const int sy = vf_border_index(y + it * STEP, p.h, border);
                if (has(it))
                    v[it] = any_x && sy >= 0 ? __ldg(reinterpret_cast<const uint4 *>(
                                                   src + (size_t)sy * p.pitch + gx))
                                             : make_uint4(0, 0, 0, 0);
            }
        }
    }

    __device__ __forceinline__ void put(uint8_t *tile) const
    {
#pragma unroll
        for (int it = 0; it < PASSES; it++)
            if (has(it))
                reinterpret_cast<uint4 *>(tile)[(row0 + it * STEP) * (Pitch / 16) + vec] = v[it];
    }

    /* fetch() and put() in one, by asynchronous copies (copy16): nothing is held in registers
     * while the tile is in flight, so a block can load its next tile as it works on this one.
     * It walks the rows as fetch() does, and keeps its own copy of that walk: with one walk for
     * both (a lambda per row, the pointer kept valid outside the frame), the small kernels were
     * 0.2-0.7 us slower (H100, 4K: gaussian 5x5 21.0 -> 21.7, unsharp 21.8 -> 22.4). */
    __device__ __forceinline__ void copy(uint8_t *tile, const Planes &p, const TileAt &at,
                                         int border) const
    {
        const uint8_t *src = plane_src(p, at.plane);
        const int gx = at.x0 - APRON + 16 * vec, y = at.y0 - R + row0;
        const bool any_x = gx >= 0 && gx < p.w;
        uint8_t *to = tile + row0 * Pitch + 16 * vec;
        if (at.y0 - R >= 0 && at.y0 + Rows + R <= p.h) {
            const uint8_t *line = any_x ? src + (size_t)y * p.pitch + gx : src;
            const size_t step = any_x ? (size_t)STEP * p.pitch : 0;
#pragma unroll
            for (int it = 0; it < PASSES; it++) {
                if (has(it))
                    copy16(to + it * STEP * Pitch, line, any_x ? 16 : 0);
                line += step;
            }
        } else {
#pragma unroll
            for (int it = 0; it < PASSES; it++) {
                const int sy = vf_border_index(y + it * STEP, p.h, border);
                const bool any = any_x && sy >= 0;
                if (has(it))
                    copy16(to + it * STEP * Pitch, any ? src + (size_t)sy * p.pitch + gx : src,
                           any ? 16 : 0);
            }
        }
    }

    static __device__ __forceinline__ bool needs_columns(const Planes &p, const TileAt &at)
    {
        return at.x0 - APRON < 0 || at.x0 + WIDTH + APRON > p.w;
    }

    /* The columns outside the frame that some output reads (-R <= x < 0, or w <= x < w + R)
     * take the border rule's value; their sources lie inside the tile. The other columns
     * outside the frame keep what they loaded (zeros, or a row's padding right of the frame):
     * only taps of 0 meet them. Each of 2R groups of threads mends one column, its source
     * worked out once. Out of line: inlined, it moved the tensor-core kernel's register
     * allocation and cost gaussian 11-31 up to 3 us at 4K (H100 A/B, BENCHMARKS.md). */
    static __device__ __noinline__ void fix_columns(uint8_t *tile, const Planes &p,
                                                    const TileAt &at, int border)
    {
        constexpr int SIDE = R > 0 ? 2 * R : 1, GROUPS = THREADS / SIDE;
        static_assert(GROUPS > 0, "a thread for every column to mend");
        const int t = threadIdx.y * Tx + threadIdx.x;
        const ColumnFix f = ColumnFix::make<R>(t % SIDE, at.x0 - APRON, LOADED, p.w, border);
        if (t >= GROUPS * SIDE || f.to < 0)
            return; /* no column, or not in this tile */
        uint8_t *to = tile + f.to;
        const uint8_t *from = tile + f.from;
        /* 4 rows' loads before their stores, so that they are in flight together (the
         * compiler cannot tell that a store never meets a later row's load; gaussian 31 has 94
         * rows in 8 groups) */
        constexpr int UNROLL = 4;
        for (int row = t / SIDE; row < ROWS; row += UNROLL * GROUPS) {
            uint8_t v[UNROLL];
#pragma unroll
            for (int u = 0; u < UNROLL; u++) {
                const int r = row + u * GROUPS;
                v[u] = f.from >= 0 && r < ROWS ? from[r * Pitch] : 0;
            }
#pragma unroll
            for (int u = 0; u < UNROLL; u++) {
                const int r = row + u * GROUPS;
                if (r < ROWS)
                    to[r * Pitch] = v[u];
            }
        }
    }
};

/* The small kernels' start: their tile into shared memory, then compute(at) on it. (A
 * persistent grid that fetched the next tile into registers during compute measured slower on
 * the H100 for them: static tile shares left SMs idle and the held registers cut occupancy.
 * fast_mma.cu's kernel loads its next tile by TileLoader::copy instead.) */
template <int R, int Rows, int Ty, int Pitch = TILE_PITCH, int Tx = TX, typename Compute>
__device__ __forceinline__ void run_tile(uint8_t *tile, const Planes &p, int border,
                                         Compute compute)
{
    typedef TileLoader<R, Rows, Ty, Pitch, Tx> Loader;
    const TileAt at = {(int)blockIdx.z, (int)blockIdx.x * Loader::WIDTH, (int)blockIdx.y * Rows};
    Loader loader;
    loader.fetch(p, at, border);
    loader.put(tile);
    __syncthreads();
    if (Loader::needs_columns(p, at)) {
        Loader::fix_columns(tile, p, at, border);
        __syncthreads();
    }
    compute(at);
}

/* How a sum becomes a byte (struct vf_requant): d == 1, a power of two, a multiply-high alone
 * (magic_shift 0: d <= 4096) or with a shift, clamped first unless the taps cannot leave the
 * range (requant.saturates); or, where they cannot, a fused multiply-add by 1/d rounded up with
 * the result rounded down (DIV_FLOAT, filter.h's vf_divide_by_float, two instructions; DIV_GRID,
 * one, vf_divide_by_grid, for every d filter.c found a lift for): their sums start at FLOAT_BIAS
 * + offset (+ grid_lift), so that their bits are the float 2^23 (+ grid_lift) + n. */
enum Divide { DIV_ONE, DIV_SHIFT, DIV_MULHI, DIV_MAGIC, DIV_MAGIC_CLAMP, DIV_FLOAT, DIV_GRID };
constexpr int32_t FLOAT_BIAS = 0x4b000000; /* 2^23 */

inline Divide divide_of(const vf_requant &q)
{
    if (q.shift == 0)
        return DIV_ONE;
    if (q.shift > 0)
        return DIV_SHIFT;
    if (q.saturates)
        return DIV_MAGIC_CLAMP;
    return q.magic_shift == 0 ? DIV_MULHI : DIV_MAGIC;
}

/* The small and box kernels' choice: a float add and a fused multiply-add instead of the
 * multiply-high, which cost the 3x3 2-D path ~2 us of its ~22 (H100, 4K: box 3x3 24.1 -> 23.6 us
 * on its separable path, box 5x5 24.5 -> 24.0, box 31x31 37.8 -> 37.3); below d = 256 the
 * multiply-add alone (box 3x3 22.7 -> 22.4 us, box 5x5 24.2 -> 24.0, box 15 29.6 -> 29.3). Sums
 * that need clamping keep the integer path: FLOAT_BIAS leaves room for sums up to 2^23, and
 * theirs can be larger. */
inline Divide fma_divide_of(const vf_requant &q)
{
    const Divide d = divide_of(q);
    if (d != DIV_MULHI && d != DIV_MAGIC)
        return d;
    return q.inv_grid > 0 ? DIV_GRID : DIV_FLOAT;
}

/* The requant constants of a kernel that divides by d: the float divisions' sums start at the
 * bias (and the lift). */
inline vf_requant requant_for(vf_requant q, Divide d)
{
    if (d == DIV_FLOAT || d == DIV_GRID)
        q.offset += FLOAT_BIAS + (d == DIV_GRID ? q.grid_lift : 0);
    return q;
}

/* Four int32 saturated to 0..255 and packed, v[0] in the low byte: two instructions. */
__device__ __forceinline__ uint32_t pack_saturated(const int32_t (&v)[PX])
{
    uint32_t high, packed;
    asm("cvt.pack.sat.u8.s32.b32 %0, %1, %2, %3;" : "=r"(high) : "r"(v[3]), "r"(v[2]), "r"(0));
    asm("cvt.pack.sat.u8.s32.b32 %0, %1, %2, %3;" : "=r"(packed) : "r"(v[1]), "r"(v[0]), "r"(high));
    return packed;
}

/* n holds sum + offset; the result still needs saturating to 0..255. Shifting before
 * saturating is the same as vf_requantize's clamp to 0..limit then shift: an arithmetic shift
 * floors, and limit >> shift == 255. */
template <Divide D> __device__ __forceinline__ int32_t divided(int32_t n, const vf_requant &q)
{
    if (D == DIV_ONE)
        return n;
    if (D == DIV_SHIFT)
        return n >> q.shift;
    if (D == DIV_MULHI)
        return (int32_t)__umulhi((uint32_t)n, q.magic);
    if (D == DIV_FLOAT) { /* returns FLOAT_BIAS + the quotient: its low byte is the output */
        const float sum = __int_as_float(n) - 8388608.0f; /* exact */
        return __float_as_int(__fmaf_rd(sum, q.inv_up, 8388608.0f));
    }
    if (D == DIV_GRID) /* the same from 2^23 + grid_lift + n itself (filter.c) */
        return __float_as_int(__fmaf_rd(__int_as_float(n), q.inv_grid, q.grid_base));
    return (int32_t)vf_divide_by_magic(
        (uint32_t)(D == DIV_MAGIC_CLAMP ? min(max(n, 0), q.limit) : n), q);
}

template <Divide D>
__device__ __forceinline__ uint32_t requant4(const int32_t (&n)[PX], const vf_requant &q)
{
    int32_t v[PX];
#pragma unroll
    for (int b = 0; b < PX; b++)
        v[b] = divided<D>(n[b], q);
    if (D == DIV_FLOAT || D == DIV_GRID) /* in range already: the low bytes */
        return __byte_perm(__byte_perm(v[0], v[1], 0x40), __byte_perm(v[2], v[3], 0x40), 0x5410);
    return pack_saturated(v);
}

__device__ __forceinline__ uint32_t requant4(const int32_t (&n)[PX], const vf_requant &q)
{
    if (q.shift >= 0)
        return requant4<DIV_SHIFT>(n, q);
    return q.saturates ? requant4<DIV_MAGIC_CLAMP>(n, q) : requant4<DIV_MAGIC>(n, q);
}

/* ---- host side ---- */
inline bool fits(const int32_t *taps, int count, int lo, int hi)
{
    for (int k = 0; k < count; k++)
        if (taps[k] < lo || taps[k] > hi)
            return false;
    return true;
}

/* More than 48 KB of dynamic shared memory needs the kernel's attribute raised, once per device
 * and size (a host call per frame otherwise). */
template <auto Kernel> cudaError_t allow_shared_bytes(size_t smem)
{
    static std::atomic<long long> raised{-1}; /* device << 32 | bytes */
    if (smem <= 48 * 1024)
        return cudaSuccess;
    int device = 0;
    cudaError_t e = cudaGetDevice(&device);
    const long long want = (long long)device << 32 | (long long)smem;
    const long long had = raised.load();
    if (e == cudaSuccess && (had >> 32 != device || (had & 0xffffffff) < (long long)smem)) {
        e = cudaFuncSetAttribute(Kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem);
        if (e == cudaSuccess) /* as many blocks as the shared memory holds */
            e = cudaFuncSetAttribute(Kernel, cudaFuncAttributePreferredSharedMemoryCarveout,
                                     cudaSharedmemCarveoutMaxShared);
        if (e == cudaSuccess)
            raised.store(want);
    }
    return e;
}

/* The kernel's preferred share of the SM's L1 and shared memory that goes to shared memory, in
 * percent, set once per device (before resident_blocks: the blocks an SM holds depend on it). */
template <auto Kernel> cudaError_t prefer_shared_percent(int percent)
{
    static std::atomic<int> set_on{-1}; /* the device it was last set on */
    int device = 0;
    cudaError_t e = cudaGetDevice(&device);
    if (e == cudaSuccess && set_on.load() != device) {
        e = cudaFuncSetAttribute(Kernel, cudaFuncAttributePreferredSharedMemoryCarveout, percent);
        if (e == cudaSuccess)
            set_on.store(device);
    }
    return e;
}

/* Blocks of Kernel (each `threads` threads and `smem` bytes of dynamic shared memory, the same
 * at every call) that one GPU holds at once, SMs x blocks per SM, asked once per device. */
template <auto Kernel> cudaError_t resident_blocks(int threads, size_t smem, int *blocks)
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
        e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, Kernel, threads, smem);
    if (e != cudaSuccess)
        return e;
    *blocks = sms * per_sm > 0 ? sms * per_sm : 1;
    known.store((long long)device << 32 | *blocks);
    return cudaSuccess;
}

/* One block per tile of `rows` x Tx * PX outputs, per plane. */
template <auto Kernel, int Ty, int Tx = TX, typename P>
cudaError_t launch_tiles(const Planes &p, int rows, size_t smem, const P &params,
                         cudaStream_t stream)
{
    const cudaError_t e = allow_shared_bytes<Kernel>(smem);
    if (e != cudaSuccess)
        return e;
    dim3 grid((p.w + Tx * PX - 1) / (Tx * PX), (p.h + rows - 1) / rows, 3);
    Kernel<<<grid, dim3(Tx, Ty), smem, stream>>>(p, params);
    return cudaGetLastError();
}

} // namespace

/* fast_mma.cu: separable filters with non-negative byte taps on the tensor cores. */
bool fast_mma_fits(const vf_filter *f);
cudaError_t launch_fast_mma(const vf_filter *f, int border, const Planes &p, cudaStream_t stream);

/* fast_box.cu: box filters (every tap 1) as running sums. */
bool fast_box_fits(const vf_filter *f);
cudaError_t launch_fast_box(const vf_filter *f, int border, const Planes &p, cudaStream_t stream);

} // namespace vf

#endif
