/* A probe, not part of vfview (meson does not build it), for the twenty-first session
 * (BENCHMARKS.md): would box filters and the tensor-core kernel's gaussians get closer to the copy
 * floor as tiles? "boxtile" times box filters as one tile a block, the frame read once a tile
 * with its 2r rows above and below, instead of fast_box.cu's strips walking down; "wide7"
 * times the wide tile's shapes at radius 7, the tensor-core kernel's 128 x 64 among them. Build
 * and run on the GPU machine:
 *
 *   nvcc -O3 -std=c++17 -gencode arch=compute_90,code=sm_90 tools/probe_tiles.cu -o probe_tiles
 *   ./probe_tiles boxtile
 *   ./probe_tiles wide7
 *
 * Timing as tools/probe_shapes.cu's; the outputs are not checked. */
#include "probe_common.cuh"

/* Box filters as tiles: a block loads 512 columns (480 of outputs and 16 each side) of TH + 2R
 * rows into shared memory in one go, like the wide tile, and its threads walk down their 4
 * columns with running sums, TY groups of TH/TY rows, each group starting with the 2R+1 rows
 * above its first. Each output is its column sum's low byte: the shape and the sums down,
 * without the sums across (fast_box.cu's diagnostic build "neither" prices the same part of
 * the strips, BENCHMARKS.md). */
template <int R, int TH, int TY>
__global__ void __launch_bounds__(128 * TY) box_tile_kernel(Frame f)
{
    constexpr int LINE = 512, ROWS = TH + 2 * R, VECS = LINE / 16, THREADS = 128 * TY, PY = TH / TY,
                  OUT = 480;
    extern __shared__ __align__(16) uint8_t tile[];
    const int plane = blockIdx.z, xb = blockIdx.x * OUT - 16, y0 = blockIdx.y * TH;
    const uint8_t *src = f.src + (size_t)plane * PLANE;
    load_tile<ROWS, VECS, THREADS>(tile, src, xb, y0 - R);
    __syncthreads();
    const int t = threadIdx.x, cx = 4 * t, ry = threadIdx.y * PY;
    const uint8_t *col = tile + ry * LINE + cx;
    uint32_t lo = 0, hi = 0; /* the 4 columns' sums as 16-bit halves */
#pragma unroll
    for (int i = 0; i <= 2 * R; i++) {
        const uint32_t w = *reinterpret_cast<const uint32_t *>(col + i * LINE);
        lo += __byte_perm(w, 0, 0x4140);
        hi += __byte_perm(w, 0, 0x4342);
    }
    const int x = xb + cx;
    const bool outputs = t >= 4 && t < 124 && x < W;
    uint8_t *dst = f.dst + (size_t)plane * PLANE + (size_t)(y0 + ry) * PITCH + x;
#pragma unroll
    for (int a = 0; a < PY; a++) {
        if (a > 0) {
            const uint32_t in = *reinterpret_cast<const uint32_t *>(col + (a + 2 * R) * LINE),
                           out = *reinterpret_cast<const uint32_t *>(col + (a - 1) * LINE);
            lo = lo + __byte_perm(in, 0, 0x4140) - __byte_perm(out, 0, 0x4140);
            hi = hi + __byte_perm(in, 0, 0x4342) - __byte_perm(out, 0, 0x4342);
        }
        if (outputs && y0 + ry + a < H)
            *reinterpret_cast<uint32_t *>(dst + (size_t)a * PITCH) = __byte_perm(lo, hi, 0x6420);
    }
}

template <int R, int TH, int TY> void box_tile(Frame *frames, float floor_us)
{
    constexpr auto kernel = box_tile_kernel<R, TH, TY>;
    const size_t smem = (size_t)(TH + 2 * R) * 512;
    cudaError_t e =
        cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem);
    int blocks = 0;
    if (e == cudaSuccess)
        e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, kernel, 128 * TY, smem);
    char label[96];
    snprintf(label, sizeof label, "box tile R%d 480x%d, %d warps (%d/SM)", R, TH, 4 * TY, blocks);
    if (e != cudaSuccess) {
        printf("%-48s skipped: %s\n", label, cudaGetErrorString(e));
        return;
    }
    const dim3 grid(W / 480, (H + TH - 1) / TH, 3), block(128, TY);
    time_it(
        label, frames, [&](Frame f) { kernel<<<grid, block, smem>>>(f); }, floor_us);
}

int main(int argc, char **argv)
{
    uint8_t *in[4];
    Frame frames[4];
    float fl = 0;
    if (open_frames(in, frames, &fl))
        return 1;
    if (argc > 1 && !strcmp(argv[1], "boxtile")) {
        for (int round = 0; round < 2; round++) {
            box_tile<7, 32, 1>(frames, fl);
            box_tile<7, 32, 2>(frames, fl);
            box_tile<7, 64, 2>(frames, fl);
            box_tile<7, 64, 4>(frames, fl);
            box_tile<7, 128, 4>(frames, fl);
            box_tile<15, 32, 1>(frames, fl);
            box_tile<15, 64, 2>(frames, fl);
            box_tile<15, 64, 4>(frames, fl);
            box_tile<15, 128, 4>(frames, fl);
            box_tile<15, 128, 8>(frames, fl);
        }
        return 0;
    }
    if (argc > 1 && !strcmp(argv[1], "wide7")) {
        for (int round = 0; round < 2; round++) {
            wide<7, 128, 64, 8, false>("wide tile R7", frames, fl);
            wide<7, 128, 64, 4, false>("wide tile R7", frames, fl);
            wide<7, 256, 64, 4, false>("wide tile R7", frames, fl);
            wide<7, 256, 32, 4, false>("wide tile R7", frames, fl);
            wide<7, 256, 32, 2, false>("wide tile R7", frames, fl);
            wide<7, 512, 32, 2, false>("wide tile R7", frames, fl);
            wide<7, 512, 64, 4, false>("wide tile R7", frames, fl);
            wide<7, 512, 64, 2, false>("wide tile R7", frames, fl);
            wide<2, 128, 64, 8, false>("wide tile R2", frames, fl);
            wide<2, 512, 32, 2, false>("wide tile R2", frames, fl);
        }
        return 0;
    }
    fprintf(stderr, "usage: %s boxtile|wide7\n", argv[0]);
    return 2;
}
