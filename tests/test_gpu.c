/* Every GPU variant equals the CPU reference byte for byte (every preset, border and size, on
 * awkward frame sizes, outputs poisoned first on the host and on the device, the device input
 * rows' padding poisoned too: the fast kernels read whole words past the width); the streamed
 * pipeline returns 64 different frames complete and in order, and the caller's own frames,
 * pinned or not, among the ring's; errors come back as messages.
 * Exits 77 without a CUDA device. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "cpu.h"
#include "gpu.h"
#include "variants.h"

static struct vf_cpu_fast *cpu;

/* The oracle: cpu_ref on small frames; on large ones the fast CPU engine, which test_cpu proves
 * equal to cpu_ref, because the reference would take minutes there. */
static void expected(const struct vf_filter *f, int border, const struct vf_frame *in,
                     struct vf_frame *out)
{
    if ((long)in->width * in->height <= 64 * 64)
        vf_cpu_ref(f, (enum vf_border)border, in, out);
    else
        vf_cpu_fast_run(cpu, f, (enum vf_border)border, in, out);
}

static void compare_variants(struct vf_gpu *g, const char *spec, const struct vf_filter *f,
                             int border, const struct vf_frame *in, struct vf_frame *want,
                             struct vf_frame *got)
{
    expected(f, border, in, want);
    for (int v = 0; v < VF_GPU_VARIANT_COUNT; v++) {
        static const int blocks[] = {8, 16, 32};
        int block = blocks[(v + f->size) % 3];
        struct vf_gpu_job job = {f, (enum vf_border)border, v, block, false};
        char err[256];
        vf_frame_fill(got, 0xA5);
        /* the device outputs too: otherwise an output the kernel skips keeps the byte the
         * variant before wrote there, which is the right one */
        CHECK(vf_gpu_poison_outputs(g, 0x5A, err, sizeof(err)) == 0, "poison: %s", err);
        int rc = vf_gpu_run(g, &job, in, got, NULL, err, sizeof(err));
        CHECK(rc == 0, "%s: %s", spec, err);
        int p, x, y;
        long at = vf_frame_compare(want, got, &p, &x, &y);
        CHECK(at < 0, "%s %s %s block %d %dx%d: plane %d (%d,%d) got %d want %d", spec,
              vf_gpu_variant_names[v], vf_border_names[border], block, in->width, in->height, p, x,
              y, at < 0 ? 0 : got->plane[p][y * got->stride + x],
              at < 0 ? 0 : want->plane[p][y * want->stride + x]);
    }
}

enum { CUSTOM_COUNT = 39, CUSTOM_LEN = 8192 };

/* "custom:matrix=..." of n x n taps col[i]*row[j] (+ centre in the middle), or of taps drawn
 * from lo..hi when col is NULL */
static void matrix_spec(char *spec, int n, const int *col, const int *row, int centre, int lo,
                        int hi, uint64_t seed, const char *tail)
{
    int len = snprintf(spec, CUSTOM_LEN, "custom:matrix=");
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            int t;
            if (col) {
                t = col[i] * row[j] + (i == n / 2 && j == n / 2 ? centre : 0);
            } else {
                seed = seed * 6364136223846793005u + 1442695040888963407u;
                t = lo + (int)((seed >> 33) % (uint64_t)(hi - lo + 1));
            }
            len += snprintf(spec + len, CUSTOM_LEN - len, "%s%d", i + j ? " " : "", t);
        }
    snprintf(spec + len, CUSTOM_LEN - len, "%s", tail);
}

/* The fast kernel picks its path from the taps (cuda/fast.cu); one filter for each, beyond the
 * presets: small 2-D (radius <= 4, taps in a signed byte), wide 2-D (larger radius or taps),
 * small separable with an asymmetric column, tall separable with unsigned-byte, wider-than-byte
 * and signed-byte row taps, a uniform column other than 1 (running sums), the packed 16-bit
 * path off the gaussian, all-one matrices with other divisors than box's, equal taps other
 * than 1, biases, and the packed unsharp path (a multiple of the pixel less a blur). */
static void custom_specs(char out[CUSTOM_COUNT][CUSTOM_LEN])
{
    static const int one3[] = {1, 1, 1}, ramp3[] = {1, 2, 3}, wide_row3[] = {1, 200, 1},
                     huge_row3[] = {1, 300, 1}, bin3[] = {1, 2, 1}, dip3[] = {-1, -3, -1},
                     row3[] = {2, 5, 2}, dip5[] = {-1, -4, -6, -4, -1}, bin5[] = {1, 4, 6, 4, 1},
                     twos5[] = {2, 2, 2, 2, 2}, odd_row5[] = {1, 3, 5, 3, 1},
                     threes5[] = {3, 3, 3, 3, 3}, signed_row5[] = {1, -2, 5, 7, -1},
                     big_row3[] = {50, 1, -40}, twos3[] = {2, 2, 2}, peak3[] = {1, 5, 1},
                     peak5[] = {1, 2, 4, 2, 1}, tens5[] = {10, 10, 11, 10, 10},
                     hill5[] = {2, 3, 4, 3, 2}, dip_hill5[] = {-2, -3, -4, -3, -2};
    int twos11[11], row11[11], ramp11[11], bytes11[11], col19[19], row19[19], col31[31], row31[31];
    int wide_col19[19], wide_row19[19], wide_col11[11], less11[11], less19[19];
    int flat[29], minus_two[9];
    for (int k = 0; k < 29; k++)
        flat[k] = 1;
    for (int k = 0; k < 9; k++)
        minus_two[k] = -2;
    for (int k = 0; k < 11; k++) {
        twos11[k] = 2;
        row11[k] = k % 3 == 0 ? -7 * k : 9 + k;
        ramp11[k] = k + 1;
        bytes11[k] = (k * 89 + 13) % 256;
    }
    for (int k = 0; k < 19; k++) {
        col19[k] = k + 1;
        row19[k] = k % 4;
        wide_col19[k] = 110 + k;
        wide_row19[k] = (k * 37 + 5) % 140;
    }
    for (int k = 0; k < 11; k++) {
        wide_col11[k] = 200;
        less11[k] = -(k % 4 + 1);
    }
    for (int k = 0; k < 19; k++)
        less19[k] = -(k % 3 + 1);
    for (int k = 0; k < 31; k++) {
        col31[k] = k % 3;
        row31[k] = k * 11 % 31;
    }
    snprintf(out[0], CUSTOM_LEN, "custom:matrix=-1 0 2 -3 1 4 0 0 1:div=3:bias=-10");
    snprintf(
        out[1], CUSTOM_LEN,
        "custom:matrix=1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25:div=97");
    snprintf(out[2], CUSTOM_LEN, "custom:matrix=0 0 0 1 2 1 0 0 0:bias=17");
    snprintf(out[3], CUSTOM_LEN, "custom:matrix=3:div=2");
    matrix_spec(out[4], 9, NULL, NULL, 0, -128, 127, 9, ":div=1000");        /* small 2-D, r=4 */
    matrix_spec(out[5], 11, NULL, NULL, 0, -20, 60, 11, ":div=3000");        /* wide, r=5 */
    matrix_spec(out[6], 3, NULL, NULL, 0, -300, 300, 3, ":div=512:bias=9");  /* wide, big taps */
    matrix_spec(out[7], 3, ramp3, one3, 0, 0, 0, 0, ":div=18");              /* asymmetric column */
    matrix_spec(out[8], 3, bin3, wide_row3, 0, 0, 0, 0, ":div=808");         /* unsigned bytes */
    matrix_spec(out[9], 3, one3, huge_row3, 5, 0, 0, 0, ":div=911:bias=-2"); /* wider than byte */
    matrix_spec(out[10], 11, twos11, row11, 0, 0, 0, 0, ":div=4096:bias=40"); /* uniform col 2 */
    matrix_spec(out[11], 11, row11, twos11, 30, 0, 0, 0, ":div=999");         /* tall, centre */
    matrix_spec(out[12], 3, bin3, bin3, 0, 0, 0, 0, ":div=256"); /* packed 16-bit, dark */
    /* tensor cores (fast_mma.cu): asymmetric non-negative taps, so a band laid the wrong way
     * round shows; sums across from 2^18 (3 planes), clamped magic division */
    matrix_spec(out[13], 11, ramp11, bytes11, 0, 0, 0, 0, ":div=1000");
    matrix_spec(out[14], 19, col19, row19, 0, 0, 0, 0, ":div=4096:bias=5"); /* 2 planes, shift */
    matrix_spec(out[15], 31, col31, row31, 0, 0, 0, 0, ":div=14000");       /* r=15, no clamp */
    /* all-one taps with other divisors than box's, all on the box kernel (fast_box.cu): a shift
     * with a negative bias (r=2), clamped magic division (r=14, and r=1 at the end of the list),
     * magic division with a bias (r=7) */
    matrix_spec(out[16], 5, flat, flat, 0, 0, 0, 0, ":div=16:bias=-20");
    matrix_spec(out[17], 29, flat, flat, 0, 0, 0, 0, ":div=100");
    matrix_spec(out[18], 15, flat, flat, 0, 0, 0, 0, ":div=2000:bias=-3");
    /* every tap -2: not the box kernel (taps of 1 only), a divisor beyond one multiply-high */
    matrix_spec(out[19], 9, flat, minus_two, 0, 0, 0, 0, ":div=5000:bias=60");
    /* packed unsharp path: k times the pixel less a blur, k = 3 and 5; the 5x5 blur's sums reach
     * the 16-bit limit (255 x 256 + 127) */
    matrix_spec(out[20], 3, dip3, row3, 768, 0, 0, 0, ":div=256");
    matrix_spec(out[21], 5, dip5, bin5, 1280, 0, 0, 0, ":div=256");
    /* the small box-column path (a uniform column): divided on the FMA; clamped, with negative
     * taps; and at radius 1, taps beyond the 2-D path's signed bytes */
    matrix_spec(out[22], 5, twos5, odd_row5, 0, 0, 0, 0, ":div=131");
    matrix_spec(out[23], 5, threes5, signed_row5, 0, 0, 0, 0, ":div=29:bias=3");
    matrix_spec(out[24], 3, threes5, big_row3, 0, 0, 0, 0, ":div=7");
    /* packed unsharp again: k = 127, the largest whose k p + 255 fits a signed 16-bit half, and k =
     * 128, which must leave the packed path (its bright pixels would wrap to negative there) */
    matrix_spec(out[25], 3, dip3, row3, 127 * 256, 0, 0, 0, ":div=256");
    matrix_spec(out[26], 3, dip3, row3, 128 * 256, 0, 0, 0, ":div=256");
    /* box kernel (fast_box.cu): all-one taps, a divisor beyond one multiply-high, a bias */
    matrix_spec(out[27], 9, flat, flat, 0, 0, 0, 0, ":div=5000:bias=60");
    /* the small box-column path again: a shift clamped, with a bias; the float division of
     * divisors from 256 (two instructions); at radius 1, clamped magic division */
    matrix_spec(out[28], 5, threes5, peak5, 0, 0, 0, 0, ":div=64:bias=7");
    matrix_spec(out[29], 5, flat, tens5, 0, 0, 0, 0, ":div=300");
    matrix_spec(out[30], 3, twos3, peak3, 0, 0, 0, 0, ":div=10");
    /* the packed paths with an outermost column tap other than 1 or -1 (gaussian and unsharp
     * 5x5 have it built in) */
    matrix_spec(out[31], 5, hill5, bin5, 0, 0, 0, 0, ":div=256");
    matrix_spec(out[32], 5, dip_hill5, bin5, 512, 0, 0, 0, ":div=256");
    /* tensor cores below radius 9 with sums of 2 planes, clamped */
    matrix_spec(out[33], 11, ramp11, flat, 0, 0, 0, 0, ":div=700");
    /* tensor cores with sums of 3 planes: sums across from 2^18 at radius 9 (two chunks each
     * way) with column taps adding up to 2261; and at radius 5, small sums across but column
     * taps adding up to 2200, beyond the 2049 that the 2 planes' start leaves room for */
    matrix_spec(out[34], 19, wide_col19, wide_row19, 0, 0, 0, 0, ":div=4194304");
    matrix_spec(out[35], 11, wide_col11, ramp11, 0, 0, 0, 0, ":div=1048576");
    /* the box kernel at radius 1 (box 3x3 runs there since the thirty-fifth session), clamped */
    matrix_spec(out[36], 3, flat, flat, 0, 0, 0, 0, ":div=7");
    /* the tensor cores' centre tap less the products (unsharp's shape: column taps of 0 or
     * below): clamped magic division with a bias on 2 planes; a shift on 3 */
    matrix_spec(out[37], 11, less11, ramp11, 4000, 0, 0, 0, ":div=3001:bias=7");
    matrix_spec(out[38], 19, less19, wide_row19, 100000, 0, 0, 0, ":div=16384");
}

/* Every preset (or only `only`, and then no custom matrices) at every size up to max_size
 * (all_sizes) or at its default and max_size, every border, every variant. */
static void sweep(int w, int h, int max_size, int all_sizes, const char *only)
{
    char err[256];
    struct vf_gpu *g = vf_gpu_open(w, h, 1, err, sizeof(err));
    CHECK(g != NULL, "open %dx%d: %s", w, h, err);
    struct vf_frame in, want, got;
    if (!g || vf_frame_alloc(&in, w, h) || vf_frame_alloc(&want, w, h) ||
        vf_frame_alloc(&got, w, h)) {
        CHECK(0, "setup %dx%d", w, h);
        return;
    }
    vf_frame_fill_random(&in, (uint64_t)w * 31 + (uint64_t)h);
    CHECK(vf_gpu_poison_padding(g, 0xA5, err, sizeof(err)) == 0, "poison %dx%d: %s", w, h, err);
    for (int p = 0; p < VF_PRESET_COUNT; p++) {
        if (p == VF_CUSTOM || (only && strcmp(vf_presets[p].name, only) != 0))
            continue;
        for (int size = 3; size <= max_size; size += 2) {
            bool resizable = vf_presets[p].resizable;
            if (!resizable && size != vf_presets[p].default_size)
                continue;
            if (resizable && !all_sizes && size != vf_presets[p].default_size && size != max_size)
                continue;
            char spec[64];
            snprintf(spec, sizeof(spec), resizable ? "%s:size=%d" : "%s", vf_presets[p].name, size);
            struct vf_filter f;
            CHECK(vf_filter_parse(spec, &f, NULL, 0) == 0, "%s", spec);
            for (int b = 0; b < VF_BORDER_COUNT; b++)
                compare_variants(g, spec, &f, b, &in, &want, &got);
        }
    }
    /* custom matrices: non-separable, asymmetric, with bias, and one for each path of the fast
     * kernel (see custom_specs), every border */
    static char customs[CUSTOM_COUNT][CUSTOM_LEN];
    custom_specs(customs);
    for (int c = 0; c < (only ? 0 : CUSTOM_COUNT); c++) {
        struct vf_filter f;
        CHECK(vf_filter_parse(customs[c], &f, err, sizeof(err)) == 0, "%.60s: %s", customs[c], err);
        for (int b = 0; b < VF_BORDER_COUNT; b++)
            compare_variants(g, customs[c], &f, b, &in, &want, &got);
    }
    vf_gpu_close(g);
    vf_frame_free(&in);
    vf_frame_free(&want);
    vf_frame_free(&got);
}

/* 64 different frames, 5 in flight, the filter changing half-way (naive reads taps from device
 * memory, so a change must wait for the frames in flight). */
static void pipeline(void)
{
    enum { W = 321, H = 123, FRAMES = 64, RING = 5 };
    char err[256];
    struct vf_gpu *g = vf_gpu_open(W, H, RING, err, sizeof(err));
    CHECK(g != NULL, "open: %s", err);
    if (!g)
        return;
    struct vf_filter sharpen, gauss;
    vf_filter_parse("sharpen", &sharpen, NULL, 0);
    vf_filter_parse("gaussian:size=7", &gauss, NULL, 0);
    struct vf_frame src, want;
    vf_frame_alloc(&src, W, H);
    vf_frame_alloc(&want, W, H);
    int submitted = 0, collected = 0;
    while (collected < FRAMES) {
        struct vf_frame *in;
        while (submitted < FRAMES && vf_gpu_slot_free(g)) {
            in = vf_gpu_input(g, err, sizeof(err));
            CHECK(in != NULL, "input %d: %s", submitted, err);
            if (!in)
                break;
            vf_frame_fill_random(in, (uint64_t)submitted + 100);
            struct vf_gpu_job job = {submitted < FRAMES / 2 ? &sharpen : &gauss, VF_BORDER_MIRROR,
                                     submitted % 2 ? VF_GPU_NAIVE : VF_GPU_FAST, 16, false};
            CHECK(vf_gpu_submit(g, &job, err, sizeof(err)) == 0, "submit %d: %s", submitted, err);
            submitted++;
        }
        CHECK(vf_gpu_in_flight(g) <= RING, "in flight %d", vf_gpu_in_flight(g));
        if (submitted < FRAMES)
            CHECK(!vf_gpu_input(g, err, sizeof(err)) && strstr(err, "every slot is in flight"),
                  "input beyond the ring: %s", err);
        const struct vf_frame *out;
        struct vf_gpu_timing t;
        CHECK(vf_gpu_collect(g, &out, &t, err, sizeof(err)) == 0, "collect: %s", err);
        CHECK(t.total_ms >= t.kernel_ms && t.kernel_ms > 0, "timings %f %f", t.kernel_ms,
              t.total_ms);
        vf_frame_fill_random(&src, (uint64_t)collected + 100);
        expected(collected < FRAMES / 2 ? &sharpen : &gauss, VF_BORDER_MIRROR, &src, &want);
        CHECK(vf_frame_compare(&want, out, NULL, NULL, NULL) < 0, "frame %d out of order or wrong",
              collected);
        vf_gpu_release(g);
        collected++;
    }
    CHECK(vf_gpu_collect(g, &(const struct vf_frame *){NULL}, NULL, err, sizeof(err)) == -1 &&
              strstr(err, "no frame in flight"),
          "collect on empty: %s", err);
    vf_frame_free(&src);
    vf_frame_free(&want);
    vf_gpu_close(g);
}

/* vf_gpu_submit_frames: the caller's frames, pinned (vf_gpu_frame_alloc) or not, in flight
 * together with the ring's own (vf_gpu_submit), come back in order into the caller's outputs. */
static void caller_frames(void)
{
    enum { W = 199, H = 67, FRAMES = 24, RING = 3 };
    char err[256];
    struct vf_gpu *g = vf_gpu_open(W, H, RING, err, sizeof(err));
    CHECK(g != NULL, "open: %s", err);
    if (!g)
        return;
    /* each of the fast variant's kernels: running sums, tensor cores, small */
    struct vf_filter filters[3];
    vf_filter_parse("box:size=9", &filters[0], NULL, 0);
    vf_filter_parse("gaussian:size=15", &filters[1], NULL, 0);
    vf_filter_parse("sharpen", &filters[2], NULL, 0);
    struct vf_frame in[FRAMES], out[FRAMES], want;
    vf_frame_alloc(&want, W, H);
    for (int i = 0; i < FRAMES; i++) {
        /* pinned in and out, pinned in only, pinned out only, neither */
        CHECK((i % 4 < 2 ? vf_gpu_frame_alloc : vf_frame_alloc)(&in[i], W, H) == 0 &&
                  (i % 2 == 0 ? vf_gpu_frame_alloc : vf_frame_alloc)(&out[i], W, H) == 0,
              "frames %d", i);
        CHECK(vf_gpu_frame_pinned(&in[i]) == (i % 4 < 2) &&
                  vf_gpu_frame_pinned(&out[i]) == !(i % 2),
              "frame %d: pinned in %d, out %d", i, vf_gpu_frame_pinned(&in[i]),
              vf_gpu_frame_pinned(&out[i]));
        vf_frame_fill_random(&in[i], (uint64_t)i + 500);
        vf_frame_fill(&out[i], 0x5A);
    }
    struct vf_gpu_job job = {NULL, VF_BORDER_ZERO, VF_GPU_FAST, 16, false};
    int submitted = 0, collected = 0;
    bool own[FRAMES] = {false}; /* every fifth through the ring's own frames */
    CHECK(vf_gpu_submit(g, &job, err, sizeof(err)) == -1 && strstr(err, "without vf_gpu_input"),
          "submit with no frame: %s", err);
    while (collected < FRAMES) {
        while (submitted < FRAMES && vf_gpu_slot_free(g)) {
            job.filter = &filters[submitted % 3];
            int rc;
            if ((own[submitted] = submitted % 5 == 4)) {
                struct vf_frame *ring_in = vf_gpu_input(g, err, sizeof(err));
                CHECK(ring_in != NULL, "input %d: %s", submitted, err);
                if (!ring_in)
                    break;
                vf_frame_copy(ring_in, &in[submitted]);
                rc = vf_gpu_submit(g, &job, err, sizeof(err));
            } else {
                rc = vf_gpu_submit_frames(g, &job, &in[submitted], &out[submitted], err,
                                          sizeof(err));
            }
            CHECK(rc == 0, "submit %d: %s", submitted, err);
            submitted++;
            /* the slots' own frames come with the first frame that needs them */
            const size_t slot_bytes = 2 * vf_frame_bytes(W, H);
            size_t want_bytes = slot_bytes * (size_t)(submitted < 5 ? 0 : submitted < 10 ? 1 : 2);
            if (submitted >= 15)
                want_bytes = slot_bytes * RING; /* frames 4, 9 and 14 took slots 1, 0 and 2 */
            CHECK(vf_gpu_pinned_bytes(g) == want_bytes,
                  "after %d frames: %zu pinned bytes, not %zu", submitted, vf_gpu_pinned_bytes(g),
                  want_bytes);
        }
        if (submitted < FRAMES)
            CHECK(vf_gpu_submit_frames(g, &job, &in[0], &out[0], err, sizeof(err)) == -1 &&
                      strstr(err, "every slot is in flight"),
                  "submit beyond the ring: %s", err);
        const struct vf_frame *made;
        CHECK(vf_gpu_collect(g, &made, NULL, err, sizeof(err)) == 0, "collect: %s", err);
        CHECK(own[collected] ? made != &out[collected] : made == &out[collected],
              "frame %d came back in the wrong frame", collected);
        expected(&filters[collected % 3], VF_BORDER_ZERO, &in[collected], &want);
        CHECK(vf_frame_compare(&want, made, NULL, NULL, NULL) < 0, "frame %d wrong or out of order",
              collected);
        vf_gpu_release(g);
        collected++;
    }
    struct vf_frame small;
    vf_frame_alloc(&small, W - 1, H);
    CHECK(vf_gpu_submit_frames(g, &job, &in[0], &small, err, sizeof(err)) == -1 &&
              strstr(err, "output frame is 198x67"),
          "small output: %s", err);
    CHECK(vf_gpu_in_flight(g) == 0, "a refused frame is in flight");
    vf_frame_free(&small);
    for (int i = 0; i < FRAMES; i++) {
        vf_frame_free(&in[i]);
        vf_frame_free(&out[i]);
    }
    vf_frame_free(&want);
    vf_gpu_close(g);
}

static void errors(void)
{
    char err[256] = "";
    CHECK(vf_gpu_open(0, 10, 1, err, sizeof(err)) == NULL && strstr(err, "bad frame size"),
          "zero width: %s", err);
    struct vf_gpu *g = vf_gpu_open(16, 16, 1, err, sizeof(err));
    struct vf_frame small, out;
    vf_frame_alloc(&small, 8, 8);
    vf_frame_alloc(&out, 16, 16);
    struct vf_filter f;
    vf_filter_default(&f, VF_SHARPEN);
    struct vf_gpu_job job = {&f, VF_BORDER_CLAMP, VF_GPU_FAST, 16, false};
    CHECK(vf_gpu_run(g, &job, &small, &out, NULL, err, sizeof(err)) == -1 &&
              strstr(err, "opened for 16x16"),
          "size mismatch: %s", err);
    vf_gpu_inject_failure(g, 1);
    vf_frame_fill_random(&out, 1);
    CHECK(vf_gpu_run(g, &job, &out, &out, NULL, err, sizeof(err)) == -1 && strstr(err, "CUDA: "),
          "injected: %s", err);
    vf_frame_free(&small);
    vf_frame_free(&out);
    vf_gpu_close(g);
}

int main(void)
{
    char err[256];
    struct vf_gpu *probe = vf_gpu_open(1, 1, 1, err, sizeof(err));
    if (!probe) {
        printf("test_gpu: skipped: %s\n", err);
        return 77;
    }
    printf("device: %s\n", vf_gpu_describe(probe));
    vf_gpu_close(probe);
    cpu = vf_cpu_fast_create(0);
    sweep(1, 1, VF_MAX_SIZE, 1, NULL);
    sweep(2, 3, VF_MAX_SIZE, 1, NULL);
    sweep(17, 9, VF_MAX_SIZE, 1, NULL);
    /* The box kernel's blocks whose rows reach outside the frame ask a batch of 4 rows at a time
     * whether it lies inside (fast_box.cu, walk_strip). On frames this small its blocks are 8
     * rows tall, so 8 heights in a row put the frame's edge at every place in a batch, with both
     * an even and an odd number of blocks (the last walking down or up). */
    for (int h = 24; h < 32; h++)
        sweep(40, h, VF_MAX_SIZE, 1, "box");
    /* The last frame of each branch is far taller than wide: one box strip walked by dozens to
     * hundreds of blocks, the tile kernels' grids one column of blocks, the frame's right edge
     * inside every tile. */
    if (getenv("VF_TEST_QUICK")) {
        /* under compute-sanitizer, which slows kernels 10-100x: tall enough that the tensor-core
         * kernel has tiles whose rows all lie inside (the copy engine loads those, fast_mma.cu) */
        sweep(257, 211, VF_MAX_SIZE, 0, NULL);
        sweep(13, 517, VF_MAX_SIZE, 0, NULL);
    } else {
        sweep(1921, 1081, VF_MAX_SIZE, 1, NULL);
        sweep(3840, 2160, VF_MAX_SIZE, 0, NULL);
        sweep(29, 2311, VF_MAX_SIZE, 0, NULL);
    }
    /* the tensor-core kernel's blocks copying their own tiles in and out, as on GPUs without
     * the copy engine (every gaussian from 11x11 takes that kernel) */
    vf_gpu_allow_copy_engine(0);
    if (getenv("VF_TEST_QUICK"))
        sweep(257, 211, VF_MAX_SIZE, 1, "gaussian");
    else
        sweep(1921, 1081, VF_MAX_SIZE, 1, "gaussian");
    vf_gpu_allow_copy_engine(1);
    pipeline();
    caller_frames();
    errors();
    vf_cpu_fast_destroy(cpu);
    return check_done("test_gpu");
}
