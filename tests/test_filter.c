/* Filter model: hand-checked outputs on a 5x4 image for every preset and border (corners
 * included), the preset matrices, the border and rounding rules, and the spec parser; and the
 * frames' memory. */
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "cpu.h"
#include "filter.h"
#include "parse.h"
#include "threadpool.h"

static const uint8_t image_5x4[20] = {12,  200, 37, 90,  255, 0, 64,  128, 180, 33,
                                      250, 17,  99, 140, 71,  5, 222, 46,  160, 111};

/* From tests/expected_5x4.py (numpy padding modes, integer floor division). Two worked by hand:
 * custom, clamp, (1,0): rows 0,0,1 under taps -1 0 2 / -3 1 4 / 0 0 1:
 *   (-12 + 0*200 + 2*37) + (-3*12 + 200 + 4*37) + 128 = 62 + 312 + 128 = 502;
 *   floor((502 + 1) / 3) - 10 = 157.
 * sharpen, zero, (4,3): 5*111 - 71 (up) - 160 (left) - 0 - 0 = 324 -> 255. */
static const struct {
    const char *spec, *border;
    uint8_t out[20];
} expected[] = {
    {"identity", "clamp", {12,  200, 37, 90,  255, 0, 64,  128, 180, 33,
                           250, 17,  99, 140, 71,  5, 222, 46,  160, 111}},
    {"identity", "zero", {12,  200, 37, 90,  255, 0, 64,  128, 180, 33,
                          250, 17,  99, 140, 71,  5, 222, 46,  160, 111}},
    {"identity", "mirror", {12,  200, 37, 90,  255, 0, 64,  128, 180, 33,
                            250, 17,  99, 140, 71,  5, 222, 46,  160, 111}},
    {"sharpen", "clamp", {0,   255, 0,   0,   255, 0, 0,   255, 255, 0,
                          255, 0,   164, 190, 0,   0, 255, 0,   255, 102}},
    {"sharpen", "zero", {0,   255, 0,   0,   255, 0, 0,   255, 255, 0,
                         255, 0,   164, 190, 71,  0, 255, 0,   255, 255}},
    {"sharpen", "mirror", {0,   255, 0,   0,   255, 0, 0,   255, 255, 0,
                           255, 0,   164, 190, 0,   0, 255, 0,   255, 93}},
    {"edge", "clamp", {0, 255, 0, 0, 255, 0, 0, 197, 255, 0, 255, 0, 0, 255, 0, 0, 255, 0, 255, 0}},
    {"edge", "zero", {0,   255, 0, 87,  255, 0, 0,   197, 255, 0,
                      255, 0,   0, 255, 0,   0, 255, 0,   255, 255}},
    {"edge", "mirror", {0,   255, 0, 0,   255, 0, 0,   197, 255, 0,
                        255, 0,   0, 255, 0,   0, 255, 0,   255, 0}},
    {"gaussian", "clamp", {48,  100, 100, 121, 178, 71, 84,  107, 123, 110,
                           115, 95,  105, 119, 92,  92, 117, 111, 118, 115}},
    {"gaussian", "zero", {32, 72, 77,  92,  90, 54, 84, 107, 123, 86,
                          83, 95, 105, 119, 75, 61, 86, 81,  88,  65}},
    {"gaussian", "mirror", {69,  88, 108, 124, 140, 76,  84,  107, 123, 123,
                            103, 95, 105, 119, 113, 124, 110, 104, 116, 121}},
    {"box", "clamp", {57, 77, 114, 123, 161, 89,  90,  106, 115, 125,
                      90, 92, 117, 108, 101, 109, 101, 124, 105, 116}},
    {"box", "zero", {31, 49, 78,  80,  62, 60, 90, 106, 115, 85,
                     62, 92, 117, 108, 77, 55, 71, 76,  70,  54}},
    {"box", "mirror", {74, 70, 119, 118, 136, 92,  90,  106, 115, 131,
                       96, 92, 117, 108, 131, 113, 112, 104, 104, 126}},
    {"unsharp", "clamp", {0,   255, 0,  52,  255, 0, 37,  151, 242, 0,
                          255, 0,   90, 168, 40,  0, 255, 0,   205, 113}},
    {"unsharp", "zero", {0,   255, 2,  101, 255, 0, 47,  157, 255, 0,
                         255, 0,   98, 180, 72,  0, 255, 16,  247, 169}},
    {"unsharp", "mirror", {0,   255, 0,  59,  255, 0, 37,  150, 241, 0,
                           255, 0,   92, 165, 24,  0, 255, 0,   206, 105}},
    {"custom:matrix=-1 0 2 -3 1 4 0 0 1:div=3:bias=-10",
     "clamp",
     {255, 157, 0, 255, 255, 210, 236, 249, 147, 29, 0, 0, 255, 49, 0, 255, 118, 138, 197, 53}},
    {"custom:matrix=-1 0 2 -3 1 4 0 0 1:div=3:bias=-10",
     "zero",
     {255, 137, 0, 255, 0, 214, 236, 249, 147, 0, 213, 0, 255, 49, 0, 255, 103, 84, 160, 0}},
    {"custom:matrix=-1 0 2 -3 1 4 0 0 1:div=3:bias=-10",
     "mirror",
     {103, 222, 81,  255, 225, 84, 236, 249, 147, 138,
      174, 0,   255, 49,  174, 77, 136, 131, 183, 174}},
};

static void test_hand_computed(void)
{
    struct vf_frame in, out;
    vf_frame_alloc(&in, 5, 4);
    vf_frame_alloc(&out, 5, 4);
    for (int p = 0; p < VF_PLANES; p++)
        for (int y = 0; y < 4; y++)
            memcpy(in.plane[p] + y * in.stride, image_5x4 + 5 * y, 5);
    for (size_t t = 0; t < sizeof(expected) / sizeof(expected[0]); t++) {
        struct vf_filter f;
        enum vf_border b;
        char err[256];
        CHECK(vf_filter_parse(expected[t].spec, &f, err, sizeof(err)) == 0, "%s: %s",
              expected[t].spec, err);
        CHECK(vf_border_parse(expected[t].border, &b) == 0, "%s", expected[t].border);
        vf_frame_fill(&out, 0xA5);
        vf_cpu_ref(&f, b, &in, &out);
        for (int p = 0; p < VF_PLANES; p++)
            for (int i = 0; i < 20; i++) {
                int got = out.plane[p][(i / 5) * out.stride + i % 5];
                CHECK(got == expected[t].out[i], "%s %s plane %d (%d,%d): got %d want %d",
                      expected[t].spec, expected[t].border, p, i % 5, i / 5, got,
                      expected[t].out[i]);
            }
    }
    vf_frame_free(&in);
    vf_frame_free(&out);
}

static void expect_taps(const char *spec, const int32_t *taps, int size, int32_t divisor,
                        int separable)
{
    struct vf_filter f;
    char err[256];
    CHECK(vf_filter_parse(spec, &f, err, sizeof(err)) == 0, "%s: %s", spec, err);
    CHECK(f.size == size, "%s: size %d want %d", spec, f.size, size);
    CHECK(f.divisor == divisor, "%s: divisor %d want %d", spec, f.divisor, divisor);
    CHECK(f.separable == separable, "%s: separable %d want %d", spec, f.separable, separable);
    if (taps)
        for (int k = 0; k < size * size; k++)
            CHECK(f.taps[k] == taps[k], "%s: tap %d is %d want %d", spec, k, f.taps[k], taps[k]);
    if (f.separable)
        for (int i = 0; i < size; i++)
            for (int j = 0; j < size; j++) {
                int centre = i == size / 2 && j == size / 2 ? f.centre : 0;
                CHECK(f.col[i] * f.row[j] + centre == f.taps[i * size + j],
                      "%s: col x row + centre != taps", spec);
            }
}

static void test_presets(void)
{
    static const int32_t sharpen[9] = {0, -1, 0, -1, 5, -1, 0, -1, 0};
    static const int32_t sharpen_half[9] = {0, -1, 0, -1, 6, -1, 0, -1, 0};
    static const int32_t edge[9] = {-1, -1, -1, -1, 8, -1, -1, -1, -1};
    static const int32_t gauss3[9] = {1, 2, 1, 2, 4, 2, 1, 2, 1};
    static const int32_t unsharp[25] = {-1,  -4, -6, -4,  -1,  -4,  -16, -24, -16, -4, -6, -24, 476,
                                        -24, -6, -4, -16, -24, -16, -4,  -1,  -4,  -6, -4, -1};
    int32_t gauss5[25], box5[25];
    static const int32_t binomial5[5] = {1, 4, 6, 4, 1};
    for (int k = 0; k < 25; k++) {
        gauss5[k] = binomial5[k / 5] * binomial5[k % 5];
        box5[k] = 1;
    }
    expect_taps("sharpen", sharpen, 3, 1, 0);
    expect_taps("sharpen:amount=0.5", sharpen_half, 3, 2, 0);
    expect_taps("edge", edge, 3, 1, 1); /* -ones + 9*identity */
    expect_taps("gaussian", gauss3, 3, 16, 1);
    expect_taps("gaussian:size=5", gauss5, 5, 256, 1);
    expect_taps("box:size=5", box5, 5, 25, 1);
    expect_taps("unsharp", unsharp, 5, 256, 1); /* -G + 512*identity */
    expect_taps("custom:matrix=1,2,1,2,4,2,1,2,1", gauss3, 3, 16, 1);
    expect_taps("custom:matrix=-1 0 2 -3 1 4 0 0 1:div=3", NULL, 3, 3, 0);
    expect_taps("custom:matrix=0 0 0 1 2 1 0 0 0", NULL, 3, 4, 1);  /* one row only */
    expect_taps("custom:matrix=1 2 1 2 9 2 1 2 1", NULL, 3, 21, 1); /* 1 2 1 outer + 5*id */
    for (int size = 3; size <= VF_MAX_SIZE; size += 2) {
        char spec[64];
        snprintf(spec, sizeof(spec), "gaussian:size=%d", size);
        struct vf_filter f;
        CHECK(vf_filter_parse(spec, &f, NULL, 0) == 0, "%s", spec);
        int64_t sum = 0;
        for (int k = 0; k < size * size; k++)
            sum += f.taps[k];
        CHECK(sum == f.divisor && f.requant.shift >= 0, "%s: taps sum %lld, divisor %d", spec,
              (long long)sum, f.divisor);
        CHECK(f.taps[(size / 2) * size + size / 2] >= f.taps[0], "%s: centre not largest", spec);
        snprintf(spec, sizeof(spec), "unsharp:size=%d:amount=3", size);
        CHECK(vf_filter_parse(spec, &f, NULL, 0) == 0, "%s", spec);
        snprintf(spec, sizeof(spec), "box:size=%d", size);
        CHECK(vf_filter_parse(spec, &f, NULL, 0) == 0 && f.divisor == size * size, "%s", spec);
    }
    struct vf_filter id;
    CHECK(vf_filter_parse("identity", &id, NULL, 0) == 0 && id.identity, "identity flag");
    CHECK(vf_filter_parse("custom:matrix=0 0 0 0 3 0 0 0 0:div=3", &id, NULL, 0) == 0 &&
              id.identity,
          "a scaled identity is still identity");
    CHECK(vf_filter_parse("sharpen", &id, NULL, 0) == 0 && !id.identity, "sharpen not identity");
    /* saturates: whether the sum can leave 0..limit (engines may skip the clamp when it cannot) */
    static const struct {
        const char *spec;
        bool saturates;
    } ranges[] = {{"gaussian:size=5", false},
                  {"gaussian:size=31", false},
                  {"box:size=7", false},
                  {"identity", false},
                  {"sharpen", true},
                  {"edge", true},
                  {"unsharp", true},
                  {"custom:matrix=1 1 1 1 1 1 1 1 1:div=9:bias=1", true},
                  {"custom:matrix=1 1 1 1 1 1 1 1 1:div=8", true},
                  {"custom:matrix=0 1 0 1 4 1 0 1 0:div=8", false}};
    for (size_t k = 0; k < sizeof(ranges) / sizeof(ranges[0]); k++) {
        struct vf_filter f;
        CHECK(vf_filter_parse(ranges[k].spec, &f, NULL, 0) == 0 &&
                  f.requant.saturates == ranges[k].saturates,
              "%s: saturates should be %d", ranges[k].spec, ranges[k].saturates);
    }
}

/* Filters whose taps are all one value, which engines may run as running sums. */
static void test_flat_taps(void)
{
    static const struct {
        const char *spec;
        int32_t flat_tap;
    } cases[] = {
        {"box", 1},
        {"box:size=31", 1},
        {"custom:matrix=2 2 2 2 2 2 2 2 2:div=7:bias=-3", 2},
        {"custom:matrix=-3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 -3 "
         "-3:div=1:bias=255",
         -3},
        {"custom:matrix=1 1 1 1 2 1 1 1 1", 0},
        {"custom:matrix=0 0 0 0 0 0 0 0 0", 0},
        {"gaussian:size=31", 0},
        {"identity", 0},
        {"edge", 0},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        struct vf_filter f;
        char err[256];
        CHECK(vf_filter_parse(cases[i].spec, &f, err, sizeof(err)) == 0, "%s: %s", cases[i].spec,
              err);
        CHECK(f.flat_tap == cases[i].flat_tap, "%s: flat tap %d want %d", cases[i].spec, f.flat_tap,
              cases[i].flat_tap);
    }
}

static void test_border_rule(void)
{
    /* reflect-101 on 0..4: ... 2 1 | 0 1 2 3 4 | 3 2 ... */
    static const int mirror5[] = {3, 4, 3, 2, 1, 0, 1, 2, 3, 4, 3, 2, 1, 0};
    for (int i = -5; i <= 8; i++) {
        CHECK(vf_border_index(i, 5, VF_BORDER_MIRROR) == mirror5[i + 5], "mirror(%d,5) = %d", i,
              vf_border_index(i, 5, VF_BORDER_MIRROR));
        CHECK(vf_border_index(i, 5, VF_BORDER_CLAMP) == (i < 0   ? 0
                                                         : i > 4 ? 4
                                                                 : i),
              "clamp(%d,5)", i);
        CHECK(vf_border_index(i, 5, VF_BORDER_ZERO) == (i < 0 || i > 4 ? -1 : i), "zero(%d,5)", i);
    }
    for (int i = -15; i <= 15; i++) {
        CHECK(vf_border_index(i, 1, VF_BORDER_MIRROR) == 0, "mirror(%d,1)", i);
        CHECK(vf_border_index(i, 2, VF_BORDER_MIRROR) == (i % 2 != 0), "mirror(%d,2)", i);
    }
}

static void test_rounding_rule(void)
{
    /* every divisor the float path can meet at small sizes, exhaustively, and big ones */
    int divisors[320], count = 0;
    for (int d = 1; d <= 256; d++)
        divisors[count++] = d;
    /* the box filters' from 17x17 on (289 ... 961), and others up to the largest */
    int big[] = {289,  361,  441,  529,  625,  729,   841,   961,  1000,
                 3001, 4093, 4095, 4097, 9999, 12289, 16383, 16384};
    for (size_t i = 0; i < sizeof(big) / sizeof(big[0]); i++)
        divisors[count++] = big[i];
    for (int k = 0; k < count; k++) {
        struct vf_filter f;
        char spec[64];
        int d = divisors[k];
        snprintf(spec, sizeof(spec), "custom:matrix=1:div=%d:bias=%d", d, (k % 7) - 3);
        CHECK(vf_filter_parse(spec, &f, NULL, 0) == 0, "%s", spec);
        /* up to 4096 the integer division is one multiply-high, no shift */
        if (f.requant.shift < 0)
            CHECK((f.requant.magic_shift == 0) == (d <= 4096), "div %d: magic shift %d", d,
                  f.requant.magic_shift);
        /* the one-FMA division for every d not a power of two: below 256 with no lift and the
         * addend 2^23 - 2^23 inv_grid; from 256 a lift that keeps 2^23 + lift + n below 2^24 */
        const struct vf_requant *q = &f.requant;
        const double grid = q->inv_grid;
        CHECK((grid > 0) == (q->shift < 0), "div %d: inv_grid %g", d, grid);
        CHECK(grid == 0 ||
                  (d < 256 ? q->grid_lift == 0 && grid * d >= 1 && grid * d < 1 + 0x1p-24 * d &&
                                 q->grid_base == 0x1p23 - 0x1p23 * grid
                           : grid == q->inv_up && q->grid_lift >= 0 &&
                                 q->grid_lift + (int64_t)q->limit < (1 << 23)),
              "div %d: inv_grid %.10g, lift %d, base %.3f", d, grid, q->grid_lift,
              (double)q->grid_base);
        int bad = 0;
        for (int64_t s = -2 * (int64_t)d; s < 260 * (int64_t)d && bad < 3; s++) {
            int64_t want = (s + d / 2);
            want = (want >= 0 ? want / d : -((-want + d - 1) / d)) + f.bias;
            want = want < 0 ? 0 : want > 255 ? 255 : want;
            int got = vf_requantize((int32_t)s, f.requant);
            int64_t n = s + f.requant.offset;
            if (n >= 0 && n <= f.requant.limit) {
                int unclamped = vf_requantize_unsaturated((int32_t)s, f.requant);
                if (unclamped != got && bad++ < 3)
                    CHECK(unclamped == got, "div %d: sum %lld unsaturated gave %d, clamped %d", d,
                          (long long)s, unclamped, got);
                /* the GPU's integer division, on every n it can see */
                int64_t quotient = vf_requant_divide((uint32_t)n, f.requant);
                if (quotient != n / d && bad++ < 3)
                    CHECK(quotient == n / d, "div %d: %lld / d gave %lld", d, (long long)n,
                          (long long)quotient);
                quotient = vf_divide_by_float((uint32_t)n, f.requant);
                if (f.requant.shift < 0 && quotient != n / d && bad++ < 3)
                    CHECK(quotient == n / d, "div %d: %lld * inv_up gave %lld", d, (long long)n,
                          (long long)quotient);
                quotient = vf_divide_by_grid((uint32_t)n, f.requant);
                if (f.requant.inv_grid > 0 && quotient != n / d && bad++ < 3)
                    CHECK(quotient == n / d, "div %d: %lld * inv_grid gave %lld", d, (long long)n,
                          (long long)quotient);
            }
            if (got != want) {
                bad++;
                CHECK(got == want, "div %d bias %d sum %lld: got %d want %lld", d, f.bias,
                      (long long)s, got, (long long)want);
            }
        }
    }
    struct vf_filter f;
    vf_filter_parse("custom:matrix=1:div=2", &f, NULL, 0);
    CHECK(vf_requantize(1, f.requant) == 1 && vf_requantize(-1, f.requant) == 0 &&
              vf_requantize(3, f.requant) == 2,
          "half rounds up: 1/2 -> 1, -1/2 -> 0, 3/2 -> 2");
}

/* Every divisor up to the largest divides in one multiply-add on the GPU (filter.c's search for a
 * lift finds one), with 2^23 + lift + n a float for every n it sees; the quotients at the ends
 * of the range and on both sides of each multiple of d near them are right. */
static void test_grid_every_divisor(void)
{
    int missing = 0;
    for (int d = 3; d <= VF_MAX_DIVISOR; d++) {
        struct vf_filter f;
        char spec[64];
        snprintf(spec, sizeof(spec), "custom:matrix=1:div=%d", d);
        CHECK(vf_filter_parse(spec, &f, NULL, 0) == 0, "%s", spec);
        const struct vf_requant *q = &f.requant;
        if (q->shift >= 0)
            continue;
        if (q->inv_grid == 0 || q->grid_lift < 0 || q->grid_lift + (int64_t)q->limit >= 1 << 23) {
            if (missing++ < 3)
                CHECK(0, "div %d: no one-FMA division (lift %d)", d, q->grid_lift);
            continue;
        }
        const int64_t ends[] = {
            0, d - 1, d, 2 * (int64_t)d - 1, q->limit - d, q->limit - d + 1, q->limit};
        for (size_t i = 0; i < sizeof(ends) / sizeof(ends[0]); i++)
            CHECK(vf_divide_by_grid((uint32_t)ends[i], *q) == ends[i] / d, "div %d: n %lld", d,
                  (long long)ends[i]);
    }
}

static void expect_error(const char *spec, const char *needle)
{
    struct vf_filter f;
    char err[256] = "";
    int rc = vf_filter_parse(spec, &f, err, sizeof(err));
    CHECK(rc == -1, "'%s' should fail", spec);
    CHECK(strstr(err, needle) != NULL, "'%s': message '%s' lacks '%s'", spec, err, needle);
    CHECK(strchr(err, '\n') == NULL, "'%s': message is not one line", spec);
}

static void test_parser(void)
{
    static const char *const valid[] = {"identity",
                                        "sharpen",
                                        "sharpen:amount=2.5",
                                        "edge",
                                        "gaussian",
                                        "gaussian:size=7",
                                        "gaussian:size=31:sigma=6",
                                        "gaussian:sigma=0.5:size=5",
                                        "box",
                                        "box:size=3",
                                        "box:size=31",
                                        "unsharp",
                                        "unsharp:size=9:amount=0.75:sigma=2",
                                        "custom:matrix=0 -1 0 -1 5 -1 0 -1 0:div=1:bias=0",
                                        "custom:matrix=0,-1,0,-1,5,-1,0,-1,0",
                                        "custom:matrix=7",
                                        "custom:matrix=1 1 1 1 1 1 1 1 1:bias=-255",
                                        "custom:matrix=1 2 3 4 5 6 7 8 9:div=16384",
                                        "custom:matrix=1:div=4194304"};
    for (size_t i = 0; i < sizeof(valid) / sizeof(valid[0]); i++) {
        struct vf_filter f;
        char err[256] = "";
        CHECK(vf_filter_parse(valid[i], &f, err, sizeof(err)) == 0, "'%s': %s", valid[i], err);
    }
    struct vf_filter f;
    vf_filter_parse("gaussian:size=7:sigma=2", &f, NULL, 0);
    CHECK(f.preset == VF_GAUSSIAN && f.size == 7 && fabs(f.sigma - 2) < 1e-9, "gaussian fields");
    vf_filter_parse("custom:matrix=1 1 1 1 1 1 1 1 1", &f, NULL, 0);
    CHECK(f.divisor == 9 && f.bias == 0, "custom div defaults to the tap sum, got %d", f.divisor);
    vf_filter_parse("custom:matrix=-1 -1 -1 -1 8 -1 -1 -1 -1", &f, NULL, 0);
    CHECK(f.divisor == 1, "custom div is 1 when taps sum to 0, got %d", f.divisor);

    expect_error("blur", "unknown filter 'blur'");
    expect_error("", "unknown filter");
    expect_error("gaussian:sise=5", "unknown key 'sise'");
    expect_error("edge:size=5", "unknown key 'size'");
    expect_error("gaussian:size=4", "size '4' must be an odd integer");
    expect_error("box:size=33", "size '33'");
    expect_error("box:size=1", "size '1'");
    expect_error("box:size=abc", "size 'abc'");
    expect_error("gaussian:sigma=wide", "sigma 'wide'");
    expect_error("sharpen:amount=x", "amount 'x'");
    expect_error("sharpen:amount=17", "amount '17'");
    expect_error("custom:matrix=1 2 3 4 5 6 7 8", "has 8 values");
    expect_error("custom:matrix=1 2 3 4", "has 4 values");
    expect_error("custom:matrix=1 2 x 4 5 6 7 8 9", "matrix value 'x'");
    expect_error("custom:matrix=1 2 3 4 5 6 7 8 9:div=0", "div must be a positive");
    expect_error("custom:matrix=1 2 3 4 5 6 7 8 9:div=-4", "div must be a positive");
    expect_error("custom:matrix=1 2 3 4 5 6 7 8 9:div=two", "div 'two'");
    expect_error("custom:matrix=1 2 3 4 5 6 7 8 9:div=16385", "div 16385 out of range");
    expect_error("custom:matrix=1:bias=300", "bias '300'");
    expect_error("custom:div=3", "matrix=... is required");
    expect_error("gaussian:size", "'size' is not key=value");
    expect_error("custom:matrix=4194304 4194304 0 0 0 0 0 0 0", "taps too large");
    expect_error("box:size=7x", "size '7x'");
    expect_error("box:size=", "size ''");
    expect_error("box:size=99999999999999999999", "size '99999999999999999999'");
    expect_error("gaussian:sigma=nan", "sigma 'nan'");
    expect_error("sharpen:amount=1e400", "amount '1e400'");
}

/* the whole-string number rule every option and spec value goes through */
static void test_numbers(void)
{
    long n = 42;
    CHECK(!vf_parse_long("-17", -17, 17, &n) && n == -17, "-17 in -17..17, got %ld", n);
    CHECK(!vf_parse_long("+17", -17, 17, &n) && n == 17, "+17 in -17..17, got %ld", n);
    n = 42;
    const char *bad[] = {"18", "-18", "", " ", "1 7", "17 ", " 17", "0x11", "9223372036854775808"};
    for (size_t k = 0; k < sizeof(bad) / sizeof(bad[0]); k++)
        CHECK(vf_parse_long(bad[k], -17, 17, &n) == -1 && n == 42, "'%s' refused, *out kept",
              bad[k]);
    double d = 0.5;
    CHECK(!vf_parse_double("0.05", 0.05, 100, &d) && d == 0.05, "0.05 is the low end, got %g", d);
    CHECK(!vf_parse_double("1e2", 0.05, 100, &d) && d == 100, "1e2 is the high end, got %g", d);
    d = 0.5;
    const char *bad_reals[] = {"0.0499", "100.01", "nan", "inf", "", "2,5", " 2", "1e400"};
    for (size_t k = 0; k < sizeof(bad_reals) / sizeof(bad_reals[0]); k++)
        CHECK(vf_parse_double(bad_reals[k], 0.05, 100, &d) == -1 && d == 0.5,
              "'%s' refused, *out kept", bad_reals[k]);
    /* numbers written to be read again: the shortest form that reads back exactly */
    static const struct {
        double v;
        const char *text;
    } exact[] = {{1.1, "1.1"},
                 {2, "2"},
                 {0.1 + 0.2, "0.30000000000000004"},
                 {1.0 / 3, "0.3333333333333333"},
                 {-2.5e-7, "-2.5e-07"},
                 {1e21, "1e+21"}};
    for (size_t k = 0; k < sizeof(exact) / sizeof(exact[0]); k++) {
        char text[32];
        vf_format_exact(exact[k].v, text, sizeof(text));
        CHECK(!strcmp(text, exact[k].text) && strtod(text, NULL) == exact[k].v,
              "%.17g written '%s', expected '%s'", exact[k].v, text, exact[k].text);
    }

    /* times: seconds, MM:SS, HH:MM:SS, as mpv and ffmpeg take them */
    const struct {
        const char *text;
        double seconds;
    } times[] = {
        {"90", 90},           {"90.5", 90.5},       {"1:30", 90},          {"01:30.25", 90.25},
        {"0:00", 0},          {"1:02:03", 3723},    {"1:02:03.5", 3723.5}, {"90:00", 5400},
        {"0:59.999", 59.999}, {"100:00:00", 360000}};
    for (size_t k = 0; k < sizeof(times) / sizeof(times[0]); k++) {
        d = -1;
        CHECK(!vf_parse_seconds(times[k].text, 0, 1e9, &d) && d == times[k].seconds,
              "time '%s' is %g s, got %g", times[k].text, times[k].seconds, d);
    }
    const char *bad_times[] = {"",
                               ":",
                               "1:",
                               ":30",
                               "1:60",
                               "1:60:00",
                               "1:2:3:4",
                               "-1:30",
                               "1:-30",
                               "1: 30",
                               " 1:30",
                               "1:30 ",
                               "1:30.",
                               "1:.5",
                               "1:3e1",
                               "1.5:30",
                               "a:30",
                               "1:30s",
                               "99999999999999999999:00",
                               "soon",
                               "-1"};
    for (size_t k = 0; k < sizeof(bad_times) / sizeof(bad_times[0]); k++) {
        d = 7;
        CHECK(vf_parse_seconds(bad_times[k], 0, 1e9, &d) == -1 && d == 7,
              "time '%s' refused, *out kept", bad_times[k]);
    }
    CHECK(vf_parse_seconds("2:00", 0, 100, &d) == -1 && d == 7, "2:00 is past 100 s");
    CHECK(!vf_parse_seconds("1:40", 0, 100, &d) && d == 100, "1:40 is the high end, got %g", d);

    /* positions (--start, --end): from the start, before the end, a share of the length */
    const struct {
        const char *text;
        double in_10s, unknown; /* seconds into a 10 s input, and into one of unknown length */
    } positions[] = {{"4", 4, 4},      {"+4", 4, 4},       {"1:05", 65, 65}, {"-4", 6, -1},
                     {"-0:04", 6, -1}, {"-12", 0, -1},     {"25%", 2.5, -1}, {"0%", 0, -1},
                     {"100%", 10, -1}, {"12.5%", 1.25, -1}};
    for (size_t k = 0; k < sizeof(positions) / sizeof(positions[0]); k++) {
        struct vf_position p = {0};
        CHECK(!vf_parse_position(positions[k].text, &p) && p.text == positions[k].text &&
                  vf_position_seconds(p, 10, NULL, 0) == positions[k].in_10s &&
                  vf_position_seconds(p, 0, NULL, 0) == positions[k].unknown,
              "position '%s': %g s into 10 s (want %g), %g into an unknown length (want %g)",
              positions[k].text, vf_position_seconds(p, 10, NULL, 0), positions[k].in_10s,
              vf_position_seconds(p, 0, NULL, 0), positions[k].unknown);
    }
    /* chapters (#N, as mpv's --start '#2'): three starting 0, 4 and 12 s into a 20 s input; #4,
     * after the last, is its end (mpv's --end '#4' plays up to the 3rd); an input of unknown
     * length has no end to give; one without chapters none at all */
    const double starts[3] = {0, 4, 12};
    const struct {
        const char *text;
        double in_20s, unknown, none;
    } chapters[] = {{"#1", 0, 0, -1},
                    {"#2", 4, 4, -1},
                    {"#3", 12, 12, -1},
                    {"#4", 20, -1, -1},
                    {"#5", -1, -1, -1}};
    for (size_t k = 0; k < sizeof(chapters) / sizeof(chapters[0]); k++) {
        struct vf_position p = {0};
        CHECK(!vf_parse_position(chapters[k].text, &p) && p.from == VF_FROM_CHAPTER &&
                  vf_position_seconds(p, 20, starts, 3) == chapters[k].in_20s &&
                  vf_position_seconds(p, 0, starts, 3) == chapters[k].unknown &&
                  vf_position_seconds(p, 20, NULL, 0) == chapters[k].none,
              "position '%s': %g s into 20 s (want %g), %g unknown length (want %g), %g without "
              "chapters (want %g)",
              chapters[k].text, vf_position_seconds(p, 20, starts, 3), chapters[k].in_20s,
              vf_position_seconds(p, 0, starts, 3), chapters[k].unknown,
              vf_position_seconds(p, 20, NULL, 0), chapters[k].none);
    }
    const char *bad_positions[] = {"",    "-",   "--4",  "-+4", "%",    "101%",  "-5%",  "1:00%",
                                   "5 %", " 5%", "5%%",  "x%",  "1:75", "-1:75", "soon", "#",
                                   "#0",  "#-1", "#1.5", "#x",  "# 2",  "#2%",   "##2"};
    for (size_t k = 0; k < sizeof(bad_positions) / sizeof(bad_positions[0]); k++) {
        struct vf_position p = {.value = 7};
        CHECK(vf_parse_position(bad_positions[k], &p) == -1 && p.value == 7 && !p.text,
              "position '%s' refused, *out kept", bad_positions[k]);
    }
}

static void test_resize(void)
{
    struct vf_filter f;
    vf_filter_parse("gaussian:size=29", &f, NULL, 0);
    CHECK(vf_filter_resize(&f, 1) == 0 && f.size == 31, "29 -> 31");
    CHECK(vf_filter_resize(&f, 1) == -1 && f.size == 31, "31 stays");
    vf_filter_parse("box", &f, NULL, 0);
    CHECK(vf_filter_resize(&f, -1) == -1 && f.size == 3, "3 stays");
    vf_filter_parse("sharpen", &f, NULL, 0);
    CHECK(vf_filter_resize(&f, 1) == -1, "sharpen has a fixed size");
    char desc[96];
    vf_filter_parse("gaussian:size=5", &f, NULL, 0);
    vf_filter_describe(&f, desc, sizeof(desc));
    CHECK(!strcmp(desc, "gaussian 5x5 sigma=1.10"), "describe: '%s'", desc);
    vf_filter_parse("unsharp:size=7:amount=0.5", &f, NULL, 0);
    vf_filter_describe(&f, desc, sizeof(desc));
    CHECK(!strcmp(desc, "unsharp 7x7 sigma=1.40 amount=0.50"), "describe: '%s'", desc);
}

/* the window's amount and sigma keys: a step to the next quarter, four steps of sigma double
 * it; presets without the parameter and steps out of range leave the filter as it was */
static void test_adjust(void)
{
    struct vf_filter f;
    vf_filter_parse("sharpen", &f, NULL, 0);
    /* amount 5/4: 0 -20 0 / -20 96 -20 / ... over 16, reduced by 4 */
    CHECK(vf_filter_adjust(&f, "amount", 1) == 0 && f.amount == 1.25 && f.taps[1] == -5 &&
              f.taps[4] == 24 && f.divisor == 4,
          "sharpen amount 1 + a quarter: %g, taps %d %d / %d", f.amount, f.taps[1], f.taps[4],
          f.divisor);
    vf_filter_parse("sharpen:amount=0.3", &f, NULL, 0);
    CHECK(vf_filter_adjust(&f, "amount", 1) == 0 && f.amount == 0.5, "0.3 up: %g", f.amount);
    vf_filter_parse("sharpen:amount=0.3", &f, NULL, 0);
    CHECK(vf_filter_adjust(&f, "amount", -1) == 0 && f.amount == 0.25, "0.3 down: %g", f.amount);
    CHECK(vf_filter_adjust(&f, "amount", -1) == 0 && f.amount == 0 && f.identity,
          "0.25 down: %g, identity %d", f.amount, f.identity);
    CHECK(vf_filter_adjust(&f, "amount", -1) == -1 && f.amount == 0, "0 stays");
    vf_filter_parse("unsharp:amount=16", &f, NULL, 0);
    CHECK(vf_filter_adjust(&f, "amount", 1) == -1 && f.amount == 16, "16 stays");
    CHECK(vf_filter_adjust(&f, "amount", -2) == 0 && f.amount == 15.5, "16 - 2 quarters");

    vf_filter_parse("gaussian:size=5", &f, NULL, 0); /* its own sigma: 1.1 */
    struct vf_filter g;
    vf_filter_parse("gaussian:size=5:sigma=2.2", &g, NULL, 0);
    CHECK(vf_filter_adjust(&f, "sigma", 4) == 0 && fabs(f.sigma - 2.2) < 1e-12 &&
              !memcmp(f.row, g.row, sizeof(f.row)) && f.divisor == g.divisor,
          "gaussian 5x5 sigma, four steps up: %g, the taps of sigma=2.2", f.sigma);
    CHECK(vf_filter_adjust(&f, "sigma", -8) == 0 && fabs(f.sigma - 0.55) < 1e-12,
          "eight steps down: %g", f.sigma);
    vf_filter_parse("gaussian:sigma=100", &f, NULL, 0);
    CHECK(vf_filter_adjust(&f, "sigma", 1) == -1 && f.sigma == 100, "sigma 100 stays");
    vf_filter_parse("unsharp:sigma=0.05", &f, NULL, 0);
    CHECK(vf_filter_adjust(&f, "sigma", -1) == -1 && f.sigma == 0.05, "sigma 0.05 stays");

    static const char *const without[][2] = {
        {"box", "amount"},      {"box", "sigma"},
        {"edge", "sigma"},      {"sharpen", "sigma"},
        {"identity", "amount"}, {"gaussian", "amount"},
        {"sharpen", "size"},    {"custom:matrix=1 2 1 2 4 2 1 2 1", "sigma"},
    };
    for (size_t i = 0; i < sizeof(without) / sizeof(without[0]); i++) {
        vf_filter_parse(without[i][0], &f, NULL, 0);
        struct vf_filter before = f;
        CHECK(vf_filter_adjust(&f, without[i][1], 1) == -1 && !memcmp(&f, &before, sizeof(f)),
              "%s has no %s to adjust", without[i][0], without[i][1]);
    }
    char takers[128];
    vf_presets_taking("amount", takers, sizeof(takers));
    CHECK(!strcmp(takers, "sharpen, unsharp"), "amount: %s", takers);
    vf_presets_taking("sigma", takers, sizeof(takers));
    CHECK(!strcmp(takers, "gaussian, unsharp"), "sigma: %s", takers);
    vf_presets_taking("size", takers, sizeof(takers));
    CHECK(!strcmp(takers, "gaussian, box, unsharp"), "size: %s", takers);
}

/* f's spec read back: the same integer filter, and the same spec again */
static void expect_round_trip(const struct vf_filter *f, const char *what)
{
    char spec[VF_FILTER_SPEC_MAX], again[VF_FILTER_SPEC_MAX], err[256] = "";
    struct vf_filter g;
    const bool written = vf_filter_spec(f, spec, sizeof(spec)) == 0;
    const bool parsed = written && vf_filter_parse(spec, &g, err, sizeof(err)) == 0;
    const int n = f->size * f->size;
    CHECK(parsed && g.preset == f->preset && g.size == f->size && g.divisor == f->divisor &&
              g.bias == f->bias && !memcmp(g.taps, f->taps, sizeof(f->taps[0]) * (size_t)n) &&
              vf_filter_spec(&g, again, sizeof(again)) == 0 && !strcmp(spec, again),
          "%s: spec '%.200s' (%s) does not read back as the same filter", what,
          written ? spec : "not written", err);
}

/* vf_filter_spec: what the window's exit line and Shift+Q keep of a filter tuned by keys */
static void test_spec(void)
{
    static const char *const given[][2] = {
        {"identity", "identity"},
        {"edge", "edge"},
        {"box", "box:size=3"},
        {"box:size=31", "box:size=31"},
        {"gaussian", "gaussian:size=3"},
        {"gaussian:size=7:sigma=2", "gaussian:size=7:sigma=2"},
        {"gaussian:sigma=0.1", "gaussian:size=3:sigma=0.1"},
        {"sharpen", "sharpen:amount=1"},
        {"sharpen:amount=0.3", "sharpen:amount=0.3"},
        {"unsharp:size=9:amount=2.75:sigma=3.5", "unsharp:size=9:sigma=3.5:amount=2.75"},
        {"custom:matrix=\"0 -1 0 -1 5 -1 0 -1 0\"", ""}, /* quotes are the shell's: refused */
        {"custom:matrix=0 -1 0 -1 5 -1 0 -1 0", "custom:matrix=0,-1,0,-1,5,-1,0,-1,0:div=1"},
        {"custom:matrix=1 2 1 2 4 2 1 2 1:bias=-7",
         "custom:matrix=1,2,1,2,4,2,1,2,1:div=16:bias=-7"},
        {"custom:matrix=7", "custom:matrix=7:div=7"},
    };
    for (size_t i = 0; i < sizeof(given) / sizeof(given[0]); i++) {
        struct vf_filter f;
        char spec[256];
        if (!*given[i][1]) {
            CHECK(vf_filter_parse(given[i][0], &f, NULL, 0) == -1, "'%s' parsed", given[i][0]);
            continue;
        }
        CHECK(vf_filter_parse(given[i][0], &f, NULL, 0) == 0 &&
                  vf_filter_spec(&f, spec, sizeof(spec)) == 0 && !strcmp(spec, given[i][1]),
              "'%s': spec '%s', expected '%s'", given[i][0], spec, given[i][1]);
        expect_round_trip(&f, given[i][0]);
    }

    /* every preset at every size, moved by the window's keys */
    for (int p = 0; p < VF_CUSTOM; p++)
        for (int size = 3; size <= VF_MAX_SIZE; size += 2)
            for (int step = -9; step <= 9; step++) {
                struct vf_filter f;
                vf_filter_default(&f, (enum vf_preset)p);
                while (f.size < size && vf_filter_resize(&f, 1) == 0)
                    ;
                vf_filter_adjust(&f, "sigma", step);
                vf_filter_adjust(&f, "amount", step / 3);
                char what[64];
                snprintf(what, sizeof(what), "%s %d, step %d", vf_presets[p].name, size, step);
                expect_round_trip(&f, what);
            }

    /* custom matrices of every odd size, random taps within the bounds, any divisor and bias */
    srand(11);
    for (int trial = 0; trial < 200; trial++) {
        struct vf_filter f;
        vf_filter_default(&f, VF_CUSTOM);
        f.size = 1 + 2 * (trial % 16);
        const int n = f.size * f.size, bound = (1 << 22) / n;
        for (int k = 0; k < n; k++)
            f.taps[k] = rand() % (2 * bound + 1) - bound;
        f.divisor = trial % 3 ? 1 + rand() % VF_MAX_DIVISOR : 1 << (rand() % 23);
        f.bias = rand() % 511 - 255;
        char what[64];
        snprintf(what, sizeof(what), "custom %dx%d, trial %d", f.size, f.size, trial);
        CHECK(vf_filter_build(&f, NULL, 0) == 0, "%s: not built", what);
        expect_round_trip(&f, what);
    }

    /* the widest matrix of the longest taps the bounds allow still fits */
    struct vf_filter wide;
    vf_filter_default(&wide, VF_CUSTOM);
    wide.size = VF_MAX_SIZE;
    for (int k = 0; k < VF_MAX_TAPS; k++)
        wide.taps[k] = -((1 << 22) / VF_MAX_TAPS);
    wide.divisor = VF_MAX_DIVISOR - 1;
    wide.bias = -255;
    CHECK(vf_filter_build(&wide, NULL, 0) == 0 && wide.taps[0] == -4364, "wide taps %d",
          wide.taps[0]);
    expect_round_trip(&wide, "31x31 of -4364");

    char small[12] = "unchanged";
    struct vf_filter f;
    vf_filter_parse("gaussian:size=7:sigma=2", &f, NULL, 0);
    CHECK(vf_filter_spec(&f, small, sizeof(small)) == -1 && !*small, "a short buffer: '%s'", small);
}

/* vf_frame_alloc_from: the layout of vf_frame_alloc in memory of another kind, given back to
 * its own release by vf_frame_free (gpu.h's pinned frames are made this way). */
static struct {
    unsigned char bytes[128 * 3 * 3];
    size_t asked;
    int gets, releases;
    void *released;
    bool refuse;
} memory;

static void *counted_bytes(size_t n)
{
    memory.gets++;
    memory.asked = n;
    return memory.refuse || n > sizeof(memory.bytes) ? NULL : memory.bytes;
}

static void counted_release(void *storage)
{
    memory.releases++;
    memory.released = storage;
}

static void test_frame_memory(void)
{
    struct vf_frame f;
    CHECK(vf_frame_alloc_from(&f, 65, 3, counted_bytes, counted_release) == 0, "65x3");
    CHECK(memory.gets == 1 && memory.asked == 128 * 3 * 3 && vf_frame_bytes(65, 3) == 128 * 3 * 3 &&
              vf_frame_bytes(64, 1) == 64 * 3 && vf_frame_bytes(1, 1) == 64 * 3,
          "asked %zu bytes in %d calls; vf_frame_bytes 65x3 %zu", memory.asked, memory.gets,
          vf_frame_bytes(65, 3));
    CHECK(f.stride == 128 && f.storage == memory.bytes && f.plane[0] == memory.bytes &&
              f.plane[1] == memory.bytes + 384 && f.plane[2] == memory.bytes + 768,
          "layout: stride %td, planes at %td %td %td", f.stride, f.plane[0] - memory.bytes,
          f.plane[1] - memory.bytes, f.plane[2] - memory.bytes);
    vf_frame_free(&f);
    CHECK(memory.releases == 1 && memory.released == memory.bytes && !f.storage && !f.release,
          "released %d times", memory.releases);
    memory.gets = 0;
    CHECK(vf_frame_alloc_from(&f, 0, 3, counted_bytes, counted_release) == -1 &&
              vf_frame_alloc_from(&f, VF_MAX_SIDE + 1, 1, counted_bytes, counted_release) == -1 &&
              memory.gets == 0,
          "bad sizes asked for memory %d times", memory.gets);
    memory.refuse = true;
    CHECK(vf_frame_alloc_from(&f, 2, 2, counted_bytes, counted_release) == -1 && !f.storage &&
              !f.plane[0],
          "refused memory");
    vf_frame_free(&f); /* nothing to give back */
    CHECK(memory.releases == 1, "a failed frame was released");
    CHECK(vf_frame_alloc(&f, 2, 2) == 0 && f.release == NULL, "vf_frame_alloc's own");
    vf_frame_free(&f);
}

/* vf_frame_equal against vf_frame_compare, on one thread and on a pool: one changed byte at
 * the first and last place of a frame, of a plane and of a band of rows, and elsewhere at
 * random; a change in a row's padding alone is no difference. */
static void test_frame_equal(void)
{
    static const int sizes[][2] = {{1, 1}, {2, 3}, {17, 9}, {70, 64}, {131, 200}};
    struct vf_pool *pool = vf_pool_create(3);
    CHECK(pool != NULL, "pool");
    uint64_t seed = 99;
    for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
        const int w = sizes[i][0], h = sizes[i][1];
        struct vf_frame a, b;
        vf_frame_alloc(&a, w, h);
        vf_frame_alloc(&b, w, h);
        vf_frame_fill_random(&a, i);
        vf_frame_fill(&b, 0);
        vf_frame_copy(&b, &a);
        CHECK(vf_frame_equal(&a, &b, NULL) && vf_frame_equal(&a, &b, pool), "%dx%d equal", w, h);
        if (b.stride > w) {
            b.plane[2][(h - 1) * b.stride + w] ^= 1;
            CHECK(vf_frame_equal(&a, &b, pool), "%dx%d: padding compared", w, h);
        }
        const int places[][3] = {{0, 0, 0},         {2, h - 1, w - 1},   {1, 0, 0},
                                 {0, h - 1, w - 1}, {1, h / 2, w / 2},   {2, 63 % h, w - 1},
                                 {0, 64 % h, 0},    {1, (h - 1) / 2, 0}, {-1, 0, 0}};
        for (size_t k = 0; k < sizeof(places) / sizeof(places[0]); k++) {
            int p = places[k][0], y = places[k][1], x = places[k][2];
            if (p < 0) { /* one at random */
                seed = seed * 6364136223846793005ull + 1442695040888963407ull;
                p = (int)(seed >> 60) % VF_PLANES;
                y = (int)((seed >> 20) % (uint64_t)h);
                x = (int)((seed >> 40) % (uint64_t)w);
            }
            vf_frame_copy(&b, &a);
            b.plane[p][y * b.stride + x] ^= 0x10;
            const bool expected = vf_frame_compare(&a, &b, NULL, NULL, NULL) < 0;
            CHECK(!expected && !vf_frame_equal(&a, &b, NULL) && !vf_frame_equal(&a, &b, pool),
                  "%dx%d: byte %d,%d of plane %d changed, not seen", w, h, x, y, p);
        }
        vf_frame_free(&a);
        vf_frame_free(&b);
    }
    vf_pool_destroy(pool);
}

int main(void)
{
    test_hand_computed();
    test_frame_memory();
    test_frame_equal();
    test_adjust();
    test_presets();
    test_flat_taps();
    test_border_rule();
    test_rounding_rule();
    test_grid_every_divisor();
    test_parser();
    test_numbers();
    test_resize();
    test_spec();
    return check_done("test_filter");
}
