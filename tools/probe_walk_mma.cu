/* A probe, not part of vfview (meson does not build it), for the twenty-seventh session
 * (BENCHMARKS.md): would gaussian 15 on the tensor cores run faster as a walk down strips, the
 * shape of fast_box.cu, than as fast_mma.cu's tiles? Tiles read 2r rows and 16 columns a side
 * around each 64x128 tile, and a tile's loads wait on the one wave of blocks; a walk reads each
 * row once per strip. Each block walks one segment of one strip of 512 input columns down in
 * steps of 16 output rows:
 *  - 16 new rows a step come into a ring in shared memory, 4 rows of one column a word (the
 *    layout of an m16n8k32 B fragment), loaded a step ahead into registers;
 *  - down: V = Bv x ring, one m16n8k32 (u8 x u8 -> s32) for 16 rows x 8 columns; V < 2^18 goes
 *    to shared memory as 3 byte planes;
 *  - across: Out^T = Bh^T x V^T per plane, 3 m16n8k32 for 16 columns x 8 rows, added shifted;
 *    rounded as vfview does for a divisor of 2^20 and staged for 16-byte stores.
 * Rows outside the frame are clamped (vfview's clamp border); columns outside it read zeros, so
 * only outputs 8 or more columns from the left and right edges are checked, against a CPU sum
 * on a random frame. Build and run on the GPU machine (PROBE_THREADS: 128 or 256 a block):
 *
 *   nvcc -O3 -std=c++17 -gencode arch=compute_90,code=sm_90 -Itools -DPROBE_THREADS=256 \
 *       tools/probe_walk_mma.cu -o probe_walk_mma
 *   ./probe_walk_mma [rows a segment ...]
 *
 * Timing as tools/probe_shapes.cu's (the copy floor first). What it found (H100): 40.3-40.9 us
 * at best against fast_mma.cu's 33.9, since the walk makes as many instructions a pixel as the
 * tiles (BENCHMARKS.md, twenty-seventh session). */
#include "probe_common.cuh"

#include <cmath>
#include <cstdlib>

namespace
{

constexpr int R = 7, NT = 2 * R + 1, LOG2_SUM = 10; /* gaussian 15: taps sum to 1024 */
#ifndef PROBE_THREADS
#define PROBE_THREADS 128
#endif
constexpr int THREADS = PROBE_THREADS, WARPS = THREADS / 32;
constexpr int LINE = 512; /* input columns of a strip */
/* a chunk of 16 rows: each thread loads 4 of them, COLS columns of each */
constexpr int COLS = LINE / (THREADS / 4), VECS = COLS / 4;
static_assert(COLS == 16 || COLS == 8, "16 or 8 columns a thread");
constexpr int OUT_COLS = 480;        /* its outputs: strip columns 16 .. 495 */
constexpr int STEP = 16;             /* output rows a step */
constexpr int SLOTS = 12;            /* ring words (4 rows each) a column: 8 read, 4 being filled */
constexpr int SLOT_WORDS = LINE + 8; /* +8: the 4 slots one B fragment reads in other banks */
constexpr int V_PITCH = LINE + 16;   /* bytes a row of a V plane: 8 rows in other banks */
constexpr int OUT_PITCH = OUT_COLS + 16;
constexpr size_t SMEM = SLOTS * SLOT_WORDS * 4 + 3 * STEP * V_PITCH + STEP * OUT_PITCH;

struct Taps {
    int c[NT];
};

__device__ __forceinline__ void mma(int (&d)[4], const uint32_t (&a)[4], uint32_t b0, uint32_t b1)
{
    asm("mma.sync.aligned.m16n8k32.row.col.s32.u8.u8.s32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, "
        "{%8,%9}, {%0,%1,%2,%3};"
        : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3])
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1));
}

/* The lane's A fragment of the band whose row m holds tap k - m - 1 at column k (both passes:
 * 16 outputs from the 32 inputs that start 8 before the first) */
__device__ void band_fragment(const int *c, uint32_t (&a)[4])
{
    const int lane = threadIdx.x % 32;
    for (int i = 0; i < 4; i++) {
        const int m = lane / 4 + 8 * (i & 1), k0 = (lane % 4) * 4 + 16 * (i >> 1);
        uint32_t w = 0;
        for (int j = 0; j < 4; j++) {
            const int t = k0 + j - m - 1;
            w |= (uint32_t)(t >= 0 && t < NT ? c[t] : 0) << (8 * j);
        }
        a[i] = w;
    }
}

/* 4 rows of 16 columns (a uint4 a row) -> 16 words of 4 rows of one column each */
__device__ __forceinline__ void transpose(const uint32_t r0, const uint32_t r1, const uint32_t r2,
                                          const uint32_t r3, uint32_t (&col)[4])
{
    const uint32_t t0 = __byte_perm(r0, r1, 0x5140), t1 = __byte_perm(r0, r1, 0x7362);
    const uint32_t t2 = __byte_perm(r2, r3, 0x5140), t3 = __byte_perm(r2, r3, 0x7362);
    col[0] = __byte_perm(t0, t2, 0x5410);
    col[1] = __byte_perm(t0, t2, 0x7632);
    col[2] = __byte_perm(t1, t3, 0x5410);
    col[3] = __byte_perm(t1, t3, 0x7632);
}

struct Walk {
    const uint8_t *src;
    int xb, y_first; /* the strip's first column; frame row of ring row 0 (chunk 0's first) */
};

/* chunk c: the 16 rows from y_first + 16c; thread t loads rows 4 (t / (LINE / COLS)) .. + 3,
 * COLS columns of each */
struct Chunk {
    uint32_t w[4][VECS];
};

__device__ __forceinline__ void load_chunk(const Walk &k, int c, Chunk &px)
{
    const int per_row = LINE / COLS, group = threadIdx.x / per_row;
    const int x = k.xb + COLS * (threadIdx.x % per_row);
#pragma unroll
    for (int j = 0; j < 4; j++) {
        const int y = min(max(k.y_first + 16 * c + 4 * group + j, 0), H - 1);
        const uint8_t *at = k.src + (size_t)y * PITCH + x;
        if constexpr (COLS == 16) {
            const uint4 v = x >= 0 && x < W ? __ldg(reinterpret_cast<const uint4 *>(at))
                                            : make_uint4(0, 0, 0, 0);
            px.w[j][0] = v.x, px.w[j][1] = v.y, px.w[j][2] = v.z, px.w[j][3] = v.w;
        } else {
            const uint2 v =
                x >= 0 && x < W ? __ldg(reinterpret_cast<const uint2 *>(at)) : make_uint2(0, 0);
            px.w[j][0] = v.x, px.w[j][1] = v.y;
        }
    }
}

__device__ __forceinline__ void store_chunk(uint32_t *ring, int c, const Chunk &px)
{
    const int per_row = LINE / COLS, group = threadIdx.x / per_row;
    uint32_t *at = ring + ((4 * c + group) % SLOTS) * SLOT_WORDS + COLS * (threadIdx.x % per_row);
#pragma unroll
    for (int q = 0; q < VECS; q++) {
        uint32_t col[4];
        transpose(px.w[0][q], px.w[1][q], px.w[2][q], px.w[3][q], col);
        *reinterpret_cast<uint4 *>(at + 4 * q) = make_uint4(col[0], col[1], col[2], col[3]);
    }
}

__global__ void __launch_bounds__(THREADS) walk_kernel(Frame f, int seg_rows, Taps taps)
{
    extern __shared__ __align__(16) uint8_t smem[];
    uint32_t *ring = reinterpret_cast<uint32_t *>(smem);
    uint8_t *v = smem + SLOTS * SLOT_WORDS * 4; /* 3 planes of STEP rows */
    uint8_t *out = v + 3 * STEP * V_PITCH;
    const int lane = threadIdx.x % 32, w = threadIdx.x / 32, plane = blockIdx.z;
    const int y0 = blockIdx.y * seg_rows, rows = min(seg_rows, H - y0);
    if (rows <= 0)
        return;
    Walk k;
    k.src = f.src + (size_t)plane * PLANE;
    k.xb = blockIdx.x * OUT_COLS - 16;
    k.y_first = y0 - 8;
    uint8_t *dst = f.dst + (size_t)plane * PLANE;
    uint32_t band[4];
    band_fragment(taps.c, band);

    Chunk px;
    load_chunk(k, 0, px);
    store_chunk(ring, 0, px);
    load_chunk(k, 1, px);
    store_chunk(ring, 1, px);
    load_chunk(k, 2, px);
    const int steps = (rows + STEP - 1) / STEP;
    for (int s = 0; s < steps; s++) {
        __syncthreads(); /* chunks s and s + 1 in the ring; V and the staging free */
        /* down: output rows 16s .. 16s + 15 read ring words 4s .. 4s + 7 */
        const int slot0 = (4 * s) % SLOTS;
        const uint32_t *b0_at = ring + (slot0 + lane % 4) * SLOT_WORDS + lane / 4;
        const uint32_t *b1_at = ring + ((slot0 + 4 + lane % 4) % SLOTS) * SLOT_WORDS + lane / 4;
#pragma unroll 4
        for (int i = 0; i < LINE / 8 / WARPS; i++) {
            const int n0 = 8 * (w * (LINE / 8 / WARPS) + i);
            int d[4] = {0, 0, 0, 0};
            mma(d, band, b0_at[n0], b1_at[n0]);
            const int c = n0 + 2 * (lane % 4), r = lane / 4;
#pragma unroll
            for (int p = 0; p < 3; p++) {
                const uint32_t sel = (uint32_t)((4 + p) << 4 | p);
                uint8_t *vp = v + p * STEP * V_PITCH + c;
                *reinterpret_cast<uint16_t *>(vp + r * V_PITCH) =
                    (uint16_t)__byte_perm(d[0], d[1], sel);
                *reinterpret_cast<uint16_t *>(vp + (r + 8) * V_PITCH) =
                    (uint16_t)__byte_perm(d[2], d[3], sel);
            }
        }
        /* chunk s + 2 into the slots chunk s - 1 left; chunk s + 3 asked for */
        store_chunk(ring, s + 2, px);
        if (s + 1 < steps)
            load_chunk(k, s + 3, px);
        __syncthreads(); /* V complete */
        /* across: 30 groups of 16 output columns x 2 halves of 8 rows, a warp every 4th */
        for (int item = w; item < 2 * (OUT_COLS / 16); item += WARPS) {
            const int g = item >> 1, h = item & 1;
            int d[3][4] = {};
#pragma unroll
            for (int p = 0; p < 3; p++) {
                const uint8_t *row = v + p * STEP * V_PITCH + (8 * h + lane / 4) * V_PITCH +
                                     16 * g + 8 + 4 * (lane % 4);
                mma(d[p], band, *reinterpret_cast<const uint32_t *>(row),
                    *reinterpret_cast<const uint32_t *>(row + 16));
            }
#pragma unroll
            for (int i = 0; i < 4; i++) {
                const int total = d[0][i] + (d[1][i] << 8) + (d[2][i] << 16);
                const int m = lane / 4 + 8 * (i >> 1), n = 8 * h + 2 * (lane % 4) + (i & 1);
                out[n * OUT_PITCH + 16 * g + m] =
                    (uint8_t)((total + (1 << (2 * LOG2_SUM - 1))) >> (2 * LOG2_SUM));
            }
        }
        __syncthreads(); /* the staging complete */
        for (int i = threadIdx.x; i < STEP * (OUT_COLS / 16); i += THREADS) {
            const int r = i / (OUT_COLS / 16), ch = i % (OUT_COLS / 16);
            const int y = y0 + STEP * s + r, x = blockIdx.x * OUT_COLS + 16 * ch;
            if (STEP * s + r < rows && x < W)
                *reinterpret_cast<uint4 *>(dst + (size_t)y * PITCH + x) =
                    *reinterpret_cast<const uint4 *>(out + r * OUT_PITCH + 16 * ch);
        }
    }
}

/* vfview's gaussian taps for size 15 (src/filter.c: OpenCV's sigma, taps summing to 1024) */
Taps gaussian15()
{
    const double sigma = 0.3 * ((NT - 1) * 0.5 - 1) + 0.8;
    double g[NT], total = 0;
    for (int i = 0; i < NT; i++)
        total += g[i] = std::exp(-(double)((i - R) * (i - R)) / (2 * sigma * sigma));
    Taps t;
    int acc = 0;
    for (int i = 0; i < NT; i++)
        acc += t.c[i] = (int)std::lround(g[i] * (1 << LOG2_SUM) / total);
    t.c[R] += (1 << LOG2_SUM) - acc;
    return t;
}

/* the outputs 8 or more columns from the frame's sides, against a CPU sum; mismatches counted */
long check(const std::vector<uint8_t> &in, const std::vector<uint8_t> &out, const Taps &t)
{
    long bad = 0;
    std::vector<int> down(W);
    for (int plane = 0; plane < 3; plane++)
        for (int y = 0; y < H; y++) {
            const uint8_t *p = in.data() + (size_t)plane * PLANE;
            for (int x = 0; x < W; x++) {
                int s = 0;
                for (int i = 0; i < NT; i++)
                    s += t.c[i] * p[(size_t)std::min(std::max(y + i - R, 0), H - 1) * PITCH + x];
                down[x] = s;
            }
            for (int x = 8; x < W - 8; x++) {
                long s = 0;
                for (int j = 0; j < NT; j++)
                    s += (long)t.c[j] * down[x + j - R];
                const int want = (int)((s + (1L << (2 * LOG2_SUM - 1))) >> (2 * LOG2_SUM));
                const int got = out[(size_t)plane * PLANE + (size_t)y * PITCH + x];
                if (want != got && bad++ < 5)
                    printf("plane %d (%d, %d): %d, want %d\n", plane, x, y, got, want);
            }
        }
    return bad;
}

} // namespace

int main(int argc, char **argv)
{
    uint8_t *in[4];
    Frame frames[4];
    float floor_us = 0;
    if (open_frames(in, frames, &floor_us))
        return 1;
    const Taps taps = gaussian15();
    CHECK(
        cudaFuncSetAttribute(walk_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)SMEM));
    int per_sm = 0, sms = 0;
    CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, walk_kernel, THREADS, SMEM));
    CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    const int strips = (W + OUT_COLS - 1) / OUT_COLS;
    printf("%zu bytes of shared memory a block, %d blocks an SM\n", SMEM, per_sm);

    std::vector<uint8_t> host(FRAME_BYTES), back(FRAME_BYTES);
    srand(27);
    for (auto &b : host)
        b = (uint8_t)(rand() >> 7);
    CHECK(cudaMemcpy(in[0], host.data(), FRAME_BYTES, cudaMemcpyHostToDevice));

    std::vector<int> rows_list;
    for (int i = 1; i < argc; i++)
        rows_list.push_back(atoi(argv[i]));
    if (rows_list.empty()) /* one wave: the blocks the GPU holds, over the strips */
        rows_list.push_back((H * strips * 3 + per_sm * sms - 1) / (per_sm * sms) / STEP * STEP +
                            STEP);
    for (int seg_rows : rows_list) {
        if (seg_rows < STEP || seg_rows % STEP) {
            fprintf(stderr, "rows a segment: a multiple of %d\n", STEP);
            return 1;
        }
        const dim3 grid(strips, (H + seg_rows - 1) / seg_rows, 3);
        CHECK(cudaMemset(frames[0].dst, 0xee, FRAME_BYTES));
        walk_kernel<<<grid, THREADS, SMEM>>>(frames[0], seg_rows, taps);
        CHECK(cudaDeviceSynchronize());
        CHECK(cudaMemcpy(back.data(), frames[0].dst, FRAME_BYTES, cudaMemcpyDeviceToHost));
        const long bad = check(host, back, taps);
        char label[96];
        snprintf(label, sizeof label, "walk, %d rows a segment, %d blocks%s", seg_rows,
                 grid.x * grid.y * grid.z, bad ? " WRONG" : "");
        time_it(
            label, frames,
            [&](Frame fr) { walk_kernel<<<grid, THREADS, SMEM>>>(fr, seg_rows, taps); }, floor_us);
    }
    return 0;
}
