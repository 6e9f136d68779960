/* The fast CPU engine equals the reference byte for byte: every preset, border, size 3..31,
 * thread counts 1..4, on random frames of awkward shapes. Outputs are poisoned first. Odd thread
 * counts run the hand-written loops where the CPU has AVX2 (1 thread on its widest vectors, 3 on
 * AVX2's), even ones the compiler's loops, so every case checks each. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "cpu.h"

static struct vf_cpu_fast *engines[5];

static void compare(const char *spec, const struct vf_filter *f, int border, int w, int h,
                    uint64_t seed)
{
    struct vf_frame in, want, got;
    if (vf_frame_alloc(&in, w, h) || vf_frame_alloc(&want, w, h) || vf_frame_alloc(&got, w, h)) {
        CHECK(0, "out of memory at %dx%d", w, h);
        return;
    }
    vf_frame_fill_random(&in, seed);
    vf_frame_fill(&want, 0x5A);
    vf_cpu_ref(f, (enum vf_border)border, &in, &want);
    for (int threads = 1; threads <= 4; threads++) {
        vf_frame_fill(&got, 0xA5);
        CHECK(vf_cpu_fast_run(engines[threads], f, (enum vf_border)border, &in, &got) == 0,
              "run failed");
        int p, x, y;
        long at = vf_frame_compare(&want, &got, &p, &x, &y);
        CHECK(at < 0, "%s %s %dx%d threads %d%s: plane %d (%d,%d) got %d want %d", spec,
              vf_border_names[border], w, h, threads, threads % 2 ? "" : " (compiler's loops)", p,
              x, y, at < 0 ? 0 : got.plane[p][y * got.stride + x],
              at < 0 ? 0 : want.plane[p][y * want.stride + x]);
    }
    vf_frame_free(&in);
    vf_frame_free(&want);
    vf_frame_free(&got);
}

/* Every preset at every size it accepts. */
static void sweep(int w, int h, int max_size)
{
    for (int p = 0; p < VF_PRESET_COUNT; p++) {
        if (p == VF_CUSTOM)
            continue;
        for (int size = 3; size <= max_size; size += 2) {
            if (!vf_presets[p].resizable && size != vf_presets[p].default_size)
                continue;
            char spec[64];
            snprintf(spec, sizeof(spec), "%s:size=%d", vf_presets[p].name, size);
            if (!vf_presets[p].resizable)
                snprintf(spec, sizeof(spec), "%s", vf_presets[p].name);
            struct vf_filter f;
            CHECK(vf_filter_parse(spec, &f, NULL, 0) == 0, "%s", spec);
            for (int b = 0; b < VF_BORDER_COUNT; b++)
                compare(spec, &f, b, w, h, (uint64_t)(w * 131 + h * 7 + size));
        }
    }
}

/* Random custom matrices: non-separable, asymmetric, with divisors and biases. */
static void random_customs(int w, int h, int count)
{
    uint64_t s = 12345;
    for (int k = 0; k < count; k++) {
        char spec[4096];
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        int size = 1 + 2 * (int)((s >> 33) % 8);
        int n = snprintf(spec, sizeof(spec), "custom:matrix=");
        for (int t = 0; t < size * size; t++) {
            s = s * 6364136223846793005ull + 1442695040888963407ull;
            n += snprintf(spec + n, sizeof(spec) - (size_t)n, "%d ", (int)((s >> 40) % 41) - 20);
        }
        snprintf(spec + n, sizeof(spec) - (size_t)n, ":div=%d:bias=%d", 1 + (int)((s >> 20) % 97),
                 (int)((s >> 10) % 61) - 30);
        struct vf_filter f;
        char err[256];
        CHECK(vf_filter_parse(spec, &f, err, sizeof(err)) == 0, "%s: %s", spec, err);
        compare(spec, &f, k % VF_BORDER_COUNT, w, h, s);
    }
}

/* Matrices of one tap repeated (running sums in the fast engine), scaled and negative, which
 * saturate at both ends. */
static void flat_customs(int w, int h)
{
    static const struct {
        int size, tap, div, bias;
    } cases[] = {
        {3, 2, 7, -3}, {5, 2, 7, -3}, {9, -1, 1, 255}, {15, 3, 500, 10}, {31, -1, 900, 200}};
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        char spec[4096];
        int n = snprintf(spec, sizeof(spec), "custom:matrix=");
        for (int t = 0; t < cases[i].size * cases[i].size; t++)
            n += snprintf(spec + n, sizeof(spec) - (size_t)n, "%d ", cases[i].tap);
        snprintf(spec + n, sizeof(spec) - (size_t)n, ":div=%d:bias=%d", cases[i].div,
                 cases[i].bias);
        struct vf_filter f;
        char err[256];
        CHECK(vf_filter_parse(spec, &f, err, sizeof(err)) == 0, "%s: %s", spec, err);
        CHECK(f.flat_tap == cases[i].tap, "flat tap %d want %d", f.flat_tap, cases[i].tap);
        compare(spec, &f, (int)i % VF_BORDER_COUNT, w, h, (uint64_t)(w + h + cases[i].size));
    }
}

/* 2-D matrices whose rows mirror each other wholly or in part, and whose middle rows mirror
 * themselves: the fast engine pairs those taps (two pixels summed, one multiply). The last three
 * have no negative tap: sums of 180 and 257 fit unsigned 16-bit lanes, 362 does not. */
static void customs_2d(int w, int h)
{
    static const char *const specs[] = {
        "custom:matrix=1 2 3 2 1 4 5 6 5 4 7 8 -9 8 7 4 5 6 5 4 1 2 3 2 1:div=9:bias=-20",
        "custom:matrix=1 -2 3 0 5 0 1 -2 4:div=2:bias=3",
        "custom:matrix=0 -1 0 -1 9 -1 0 -1 0:div=5",
        "custom:matrix=1 2 3 40 50 60 7 8 9:div=1:bias=-40",
        "custom:matrix=9 8 7 40 50 60 7 8 68:div=257",
        "custom:matrix=3 2 1 100 150 100 1 2 3:div=362",
    };
    for (size_t i = 0; i < sizeof(specs) / sizeof(specs[0]); i++) {
        struct vf_filter f;
        char err[256];
        CHECK(vf_filter_parse(specs[i], &f, err, sizeof(err)) == 0, "%s: %s", specs[i], err);
        CHECK(!f.separable, "%s: meant to run as 2-D", specs[i]);
        for (int b = 0; b < VF_BORDER_COUNT; b++)
            compare(specs[i], &f, b, w, h, (uint64_t)(w * 7 + h + b + i));
    }
}

/* Sums that the presets do not make: taps at and beyond the 16-bit (32-bit sums) and 8-bit
 * (16-bit sums) products of the hand-written loops for 8-bit sources (beyond them the compiler's
 * loops run), 2-D and separable; and a separable filter whose horizontal sums are negative 16-bit
 * numbers. */
static void lane_limits(int w, int h)
{
    static const struct {
        const char *spec;
        bool separable;
    } cases[] = {
        {"custom:matrix=32767 -32767 32767 1 2 3 -32767 5 7:div=16384:bias=9", false},
        {"custom:matrix=40000 1 -1 2 3 4 5 6 -40000:div=9000:bias=-3", false},
        {"custom:matrix=32767 1 32767 65534 2 65534 32767 1 32767:div=16384", true},
        {"custom:matrix=-1 40000 -1 -2 80000 -2 -1 40000 -1:div=16383:bias=-200", true},
        {"custom:matrix=100 -200 100 300 -600 300 100 -200 100:div=1000:bias=128", true},
        /* 16-bit sums: taps at the limit of the hand-written loops' 8-bit products, and beyond */
        {"custom:matrix=64 -64 0 0 0 0 0 0 0:div=2:bias=100", true},
        {"custom:matrix=64 0 0 0 0 0 0 0 -64:div=2:bias=128", false},
        {"custom:matrix=100 100 0 0 0 0 0 0 57:div=257", false},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        struct vf_filter f;
        char err[256];
        CHECK(vf_filter_parse(cases[i].spec, &f, err, sizeof(err)) == 0, "%s: %s", cases[i].spec,
              err);
        CHECK(f.separable == cases[i].separable, "%s: separable %d", cases[i].spec, f.separable);
        for (int b = 0; b < VF_BORDER_COUNT; b++)
            compare(cases[i].spec, &f, b, w, h, (uint64_t)(w * 5 + h + b + i));
    }
}

int main(void)
{
    for (int t = 1; t <= 4; t++) {
        engines[t] = vf_cpu_fast_create(t);
        if (!engines[t]) {
            fprintf(stderr, "cannot start %d threads\n", t);
            return 1;
        }
        vf_cpu_fast_use_hand_loops(engines[t], t % 2 == 0 ? 0 : t == 3 ? 256 : 512);
    }
    int widest = vf_cpu_fast_use_hand_loops(engines[1], 512);
    if (widest)
        printf("test_cpu: hand-written loops of %d bits with 1 thread, %d with 3\n", widest,
               vf_cpu_fast_use_hand_loops(engines[3], 256));
    else
        printf("test_cpu: no hand-written loops on this CPU or build\n");
    /* 100 columns: a whole block of the widest loops (64 outputs), a half one and a tail */
    static const int small[][2] = {{1, 1}, {2, 3}, {17, 9}, {64, 1}, {1, 64}, {33, 40}, {100, 7}};
    for (size_t i = 0; i < sizeof(small) / sizeof(small[0]); i++) {
        sweep(small[i][0], small[i][1], VF_MAX_SIZE);
        random_customs(small[i][0], small[i][1], 12);
        flat_customs(small[i][0], small[i][1]);
        customs_2d(small[i][0], small[i][1]);
        lane_limits(small[i][0], small[i][1]);
    }
    /* Large frames: the reference costs size^2 per pixel, so the largest sizes run on a
     * mid-size awkward frame and the 1921x1081 frame gets sizes 3..7 and random customs. */
    /* VF_TEST_QUICK (sanitizer builds, several times slower): fewer large cases; bounds are
     * at the edges, which the small frames already cover at every size. */
    bool quick = getenv("VF_TEST_QUICK") != NULL;
    sweep(257, 131, quick ? 9 : VF_MAX_SIZE);
    sweep(1921, 1081, quick ? 3 : 7);
    random_customs(1921, 1081, quick ? 1 : 4);
    /* the running sums at full HD width with the largest windows, on few rows */
    flat_customs(1921, 41);
    customs_2d(1921, 41);
    lane_limits(1921, 41);
    for (int b = 0; b < VF_BORDER_COUNT; b++) {
        struct vf_filter f;
        CHECK(vf_filter_parse("box:size=31", &f, NULL, 0) == 0, "box:size=31");
        compare("box:size=31", &f, b, 1921, 41, 31u + (uint64_t)b);
    }
    for (int t = 1; t <= 4; t++)
        vf_cpu_fast_destroy(engines[t]);
    return check_done("test_cpu");
}
