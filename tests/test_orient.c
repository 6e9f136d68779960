/* Orientation: display matrices to quarter turns and mirrors, and pictures turned by them,
 * against hand-written pictures and against the definition in orient.h pixel by pixel. */
#include <math.h>
#include <string.h>

#include "check.h"
#include "orient.h"
#include "threadpool.h"

enum { ONE = 1 << 16 };

/* a display matrix as FFmpeg's av_display_rotation_set makes it: `degrees` counterclockwise */
static void rotation_matrix(int32_t m[9], double degrees)
{
    const double r = degrees * acos(-1.0) / 180;
    memset(m, 0, 9 * sizeof(*m));
    m[0] = (int32_t)lrint(cos(r) * ONE);
    m[1] = (int32_t)lrint(-sin(r) * ONE);
    m[3] = (int32_t)lrint(sin(r) * ONE);
    m[4] = (int32_t)lrint(cos(r) * ONE);
    m[8] = 1 << 30;
}

static struct vf_orientation make(bool transpose, bool flip_x, bool flip_y)
{
    struct vf_orientation o = {transpose, flip_x, flip_y};
    return o;
}

static bool same(struct vf_orientation a, struct vf_orientation b)
{
    return a.transpose == b.transpose && a.flip_x == b.flip_x && a.flip_y == b.flip_y;
}

static void matrices(void)
{
    static const struct {
        double degrees;
        bool mirror; /* av_display_matrix_flip(m, 1, 0) after the rotation */
        struct vf_orientation want;
        const char *name;
    } cases[] = {
        {0, false, {false, false, false}, ""},
        /* what FFmpeg writes for a phone held upright; ffmpeg -i shows it turned left */
        {90, false, {true, false, true}, "rotated 90° counterclockwise"},
        {-90, false, {true, true, false}, "rotated 90° clockwise"},
        {270, false, {true, true, false}, "rotated 90° clockwise"},
        {180, false, {false, true, true}, "rotated 180°"},
        {-180, false, {false, true, true}, "rotated 180°"},
        {0, true, {false, true, false}, "mirrored"},
        {180, true, {false, false, true}, "flipped upside down"},
        {90, true, {true, true, true}, "mirrored, then rotated 90° clockwise"},
        {-90, true, {true, false, false}, "mirrored, then rotated 90° counterclockwise"},
        /* not a quarter turn: the nearest one */
        {30, false, {false, false, false}, ""},
        {60, false, {true, false, true}, "rotated 90° counterclockwise"},
        {-134.5, false, {true, true, false}, "rotated 90° clockwise"},
        {150, false, {false, true, true}, "rotated 180°"},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        int32_t m[9];
        rotation_matrix(m, cases[i].degrees);
        if (cases[i].mirror)
            m[0] = -m[0], m[3] = -m[3], m[6] = -m[6];
        const struct vf_orientation o = vf_orientation_from_matrix(m);
        CHECK(same(o, cases[i].want), "%g degrees%s: got %d%d%d", cases[i].degrees,
              cases[i].mirror ? " mirrored" : "", o.transpose, o.flip_x, o.flip_y);
        CHECK(strcmp(vf_orientation_name(o), cases[i].name) == 0, "%g: named '%s', not '%s'",
              cases[i].degrees, vf_orientation_name(o), cases[i].name);
    }
    CHECK(vf_orientation_is_identity(make(false, false, false)), "identity");
    CHECK(!vf_orientation_is_identity(make(false, true, false)), "a mirror is no identity");
}

/* a 3x2 picture 1 2 3 / 4 5 6 (plane p: + 10p) turned every way, written out by hand */
static void by_hand(void)
{
    static const struct {
        struct vf_orientation o;
        int w, h;
        unsigned char px[6];
    } cases[] = {
        {{false, false, false}, 3, 2, {1, 2, 3, 4, 5, 6}},
        {{false, true, false}, 3, 2, {3, 2, 1, 6, 5, 4}},
        {{false, false, true}, 3, 2, {4, 5, 6, 1, 2, 3}},
        {{false, true, true}, 3, 2, {6, 5, 4, 3, 2, 1}},
        {{true, true, false}, 2, 3, {4, 1, 5, 2, 6, 3}}, /* clockwise */
        {{true, false, true}, 2, 3, {3, 6, 2, 5, 1, 4}}, /* counterclockwise */
        {{true, false, false}, 2, 3, {1, 4, 2, 5, 3, 6}},
        {{true, true, true}, 2, 3, {6, 3, 5, 2, 4, 1}},
    };
    struct vf_frame src, dst;
    if (vf_frame_alloc(&src, 3, 2)) {
        CHECK(0, "out of memory");
        return;
    }
    for (int p = 0; p < VF_PLANES; p++)
        for (int i = 0; i < 6; i++)
            src.plane[p][i / 3 * src.stride + i % 3] = (uint8_t)(1 + i + 10 * p);
    for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
        int w, h;
        vf_orientation_size(cases[c].o, 3, 2, &w, &h);
        CHECK(w == cases[c].w && h == cases[c].h, "case %zu: %dx%d", c, w, h);
        if (vf_frame_alloc(&dst, w, h)) {
            CHECK(0, "out of memory");
            break;
        }
        vf_frame_fill(&dst, 0xEE);
        vf_frame_orient(&dst, &src, cases[c].o, NULL);
        for (int p = 0; p < VF_PLANES; p++)
            for (int i = 0; i < 6; i++) {
                const int got = dst.plane[p][i / w * dst.stride + i % w];
                CHECK(got == cases[c].px[i] + 10 * p, "case %zu (%s) plane %d pixel %d: %d", c,
                      vf_orientation_name(cases[c].o), p, i, got);
            }
        vf_frame_free(&dst);
    }
    vf_frame_free(&src);
}

/* every orientation of a random w x h picture against orient.h's definition, pixel by pixel,
 * on the caller's thread or (bands of rows) on a pool's */
static void against_definition(int w, int h, uint64_t seed, struct vf_pool *pool)
{
    struct vf_frame src;
    if (vf_frame_alloc(&src, w, h)) {
        CHECK(0, "out of memory");
        return;
    }
    vf_frame_fill_random(&src, seed);
    for (int k = 0; k < 8; k++) {
        const struct vf_orientation o = make(k & 4, k & 2, k & 1);
        int sw, sh;
        vf_orientation_size(o, w, h, &sw, &sh);
        struct vf_frame dst;
        if (vf_frame_alloc(&dst, sw, sh)) {
            CHECK(0, "out of memory");
            break;
        }
        vf_frame_fill(&dst, 0x5A);
        vf_frame_orient(&dst, &src, o, pool);
        long wrong = 0;
        for (int p = 0; p < VF_PLANES; p++)
            for (int y = 0; y < sh; y++)
                for (int x = 0; x < sw; x++) {
                    int sx, sy;
                    if (o.transpose) {
                        sy = o.flip_x ? h - 1 - x : x;
                        sx = o.flip_y ? w - 1 - y : y;
                    } else {
                        sx = o.flip_x ? w - 1 - x : x;
                        sy = o.flip_y ? h - 1 - y : y;
                    }
                    wrong += dst.plane[p][y * dst.stride + x] != src.plane[p][sy * src.stride + sx];
                }
        CHECK(wrong == 0, "%dx%d %s%s: %ld pixels wrong", w, h, vf_orientation_name(o),
              pool ? " (threads)" : "", wrong);
        vf_frame_free(&dst);
    }
    vf_frame_free(&src);
}

/* a quarter turn one way and then the other gives the picture back */
static void round_trip(int w, int h, struct vf_pool *pool)
{
    struct vf_frame src, turned, back;
    if (vf_frame_alloc(&src, w, h) || vf_frame_alloc(&turned, h, w) ||
        vf_frame_alloc(&back, w, h)) {
        CHECK(0, "out of memory");
        return;
    }
    vf_frame_fill_random(&src, 7);
    vf_frame_orient(&turned, &src, make(true, true, false), pool);
    vf_frame_orient(&back, &turned, make(true, false, true), pool);
    int p, x, y;
    CHECK(vf_frame_compare(&src, &back, &p, &x, &y) < 0, "%dx%d: differs at plane %d (%d,%d)", w, h,
          p, x, y);
    vf_frame_free(&src);
    vf_frame_free(&turned);
    vf_frame_free(&back);
}

/* the user's turns, by hand: degrees clockwise, then a mirror */
static void user_turns(void)
{
    static const struct {
        int degrees;
        bool mirror;
        const char *name;
    } cases[] = {
        {0, false, ""},
        {90, false, "rotated 90° clockwise"},
        {180, false, "rotated 180°"},
        {270, false, "rotated 90° counterclockwise"},
        {0, true, "mirrored"},
        /* turned right, then mirrored: the same as mirrored, then turned left */
        {90, true, "mirrored, then rotated 90° counterclockwise"},
        {180, true, "flipped upside down"},
        {270, true, "mirrored, then rotated 90° clockwise"},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        const char *got =
            vf_orientation_name(vf_orientation_user(cases[i].degrees, cases[i].mirror));
        CHECK(strcmp(got, cases[i].name) == 0, "%d%s: '%s', not '%s'", cases[i].degrees,
              cases[i].mirror ? " mirrored" : "", got, cases[i].name);
    }
    /* a file turned left, then the user's turn right: as stored */
    CHECK(vf_orientation_is_identity(
              vf_orientation_then(make(true, false, true), vf_orientation_user(90, false))),
          "left then right");
}

/* every pair of orientations: turning by one and then the other is turning by their
 * composition once (on a picture with no symmetry: random bytes, 5x3) */
static void compositions(void)
{
    struct vf_frame src, mid[2], once, twice;
    if (vf_frame_alloc(&src, 5, 3) || vf_frame_alloc(&mid[0], 5, 3) ||
        vf_frame_alloc(&mid[1], 3, 5)) {
        CHECK(0, "out of memory");
        return;
    }
    vf_frame_fill_random(&src, 11);
    for (int i = 0; i < 8; i++)
        for (int j = 0; j < 8; j++) {
            const struct vf_orientation a = make(i & 4, i & 2, i & 1),
                                        b = make(j & 4, j & 2, j & 1);
            const struct vf_orientation ab = vf_orientation_then(a, b);
            struct vf_frame *m = &mid[a.transpose];
            vf_frame_orient(m, &src, a, NULL);
            int w, h;
            vf_orientation_size(ab, 5, 3, &w, &h);
            if (vf_frame_alloc(&once, w, h) || vf_frame_alloc(&twice, w, h)) {
                CHECK(0, "out of memory");
                return;
            }
            vf_frame_orient(&twice, m, b, NULL);
            vf_frame_orient(&once, &src, ab, NULL);
            CHECK(vf_frame_compare(&once, &twice, NULL, NULL, NULL) < 0,
                  "'%s' then '%s' is not '%s'", vf_orientation_name(a), vf_orientation_name(b),
                  vf_orientation_name(ab));
            vf_frame_free(&once);
            vf_frame_free(&twice);
        }
    vf_frame_free(&src);
    vf_frame_free(&mid[0]);
    vf_frame_free(&mid[1]);
}

int main(void)
{
    user_turns();
    compositions();
    matrices();
    by_hand();
    /* and the bands of 64 shown rows a task turns: one band; a last band of only the edge's
     * pixels (rows 64..70 turned), of 8x8 blocks and pixels (64..96 and 96..100), of blocks */
    static const int sizes[][2] = {{1, 1},   {2, 3},    {17, 9},   {31, 33},    {64, 1},
                                   {70, 70}, {100, 66}, {136, 72}, {1921, 1081}};
    struct vf_pool *pool = vf_pool_create(3);
    CHECK(pool != NULL, "cannot start 3 threads");
    for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
        against_definition(sizes[i][0], sizes[i][1], i + 1, NULL);
        if (pool)
            against_definition(sizes[i][0], sizes[i][1], i + 1, pool);
    }
    round_trip(1921, 1081, NULL);
    if (pool)
        round_trip(1921, 1081, pool);
    vf_pool_destroy(pool);
    return check_done("test_orient");
}
