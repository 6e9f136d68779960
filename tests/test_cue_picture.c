/* cue_picture.c: a decoded subtitle picture kept as runs and painted back as RGBA, on rects
 * written here by hand, every byte of the canvas checked. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "cue_picture.h"

/* rect with palette `palette` (colors words) over indices of `stride` bytes a row */
static AVSubtitleRect bitmap(int x, int y, int w, int h, uint8_t *indices, int stride,
                             uint32_t *palette, int colors)
{
    AVSubtitleRect r = {
        .x = x, .y = y, .w = w, .h = h, .nb_colors = colors, .type = SUBTITLE_BITMAP};
    r.data[0] = indices;
    r.linesize[0] = stride;
    r.data[1] = (uint8_t *)palette;
    return r;
}

/* The canvas's pixel (x, y) as 0xRRGGBBAA. */
static uint32_t pixel(const struct vf_cue_picture *p, int x, int y)
{
    const uint8_t *at = p->rgba + 4 * ((size_t)y * (size_t)p->w + (size_t)x);
    return (uint32_t)at[0] << 24 | (uint32_t)at[1] << 16 | (uint32_t)at[2] << 8 | at[3];
}

static int paint(AVSubtitleRect **rects, unsigned n, struct vf_cue_picture *p)
{
    AVSubtitle sub = {.num_rects = n, .rects = rects};
    struct vf_kept_picture *k = vf_picture_keep(&sub, 720, 576);
    int status = k ? vf_picture_paint(k, p) : -1;
    vf_picture_free(k);
    return status;
}

/* one rect: colours with their alpha, an index past the palette left clear, the row padding
 * (stride 4 for 3 pixels) not read */
static void one_rect(void)
{
    uint32_t palette[3] = {0x00000000u, 0xff112233u, 0x80ffffffu};
    uint8_t indices[8] = {1, 1, 2, 9, 0, 5, 1, 9};
    AVSubtitleRect r = bitmap(10, 20, 3, 2, indices, 4, palette, 3);
    AVSubtitleRect *rects[1] = {&r};
    struct vf_cue_picture p;
    CHECK(paint(rects, 1, &p) == 0, "painted");
    CHECK(p.x == 10 && p.y == 20 && p.w == 3 && p.h == 2, "at %d,%d %dx%d", p.x, p.y, p.w, p.h);
    CHECK(p.frame_w == 720 && p.frame_h == 576, "for %dx%d", p.frame_w, p.frame_h);
    const uint32_t want[6] = {0x112233ff, 0x112233ff, 0xffffff80, 0, 0, 0x112233ff};
    for (int i = 0; p.rgba && i < 6; i++)
        CHECK(pixel(&p, i % 3, i / 3) == want[i], "pixel %d: %08x, want %08x", i,
              pixel(&p, i % 3, i / 3), want[i]);
    free(p.rgba);
}

/* two rects on one canvas: their bounding box, what lies between them clear */
static void two_rects(void)
{
    uint32_t grey[2] = {0, 0xff808080u}, blue[1] = {0xff0000ffu};
    uint8_t a[6] = {1, 1, 1, 1, 1, 1}, b[1] = {0};
    AVSubtitleRect ra = bitmap(10, 20, 3, 2, a, 3, grey, 2),
                   rb = bitmap(14, 19, 1, 1, b, 1, blue, 1);
    AVSubtitleRect *rects[2] = {&ra, &rb};
    struct vf_cue_picture p;
    CHECK(paint(rects, 2, &p) == 0, "painted");
    CHECK(p.x == 10 && p.y == 19 && p.w == 5 && p.h == 3, "at %d,%d %dx%d", p.x, p.y, p.w, p.h);
    for (int y = 0; p.rgba && y < 3; y++)
        for (int x = 0; x < 5; x++) {
            const uint32_t want = x == 4 && y == 0 ? 0x0000ffffu : y > 0 && x < 3 ? 0x808080ffu : 0;
            CHECK(pixel(&p, x, y) == want, "(%d,%d): %08x, want %08x", x, y, pixel(&p, x, y), want);
        }
    free(p.rgba);
}

/* a row longer than a run holds (255), with a change of colour at its end */
static void long_row(void)
{
    enum { W = 700 };
    uint32_t palette[2] = {0xff000000u, 0xffffffffu};
    uint8_t row[W];
    memset(row, 1, sizeof(row));
    row[W - 1] = 0;
    AVSubtitleRect r = bitmap(0, 0, W, 1, row, W, palette, 2);
    AVSubtitleRect *rects[1] = {&r};
    struct vf_cue_picture p;
    CHECK(paint(rects, 1, &p) == 0 && p.w == W && p.h == 1, "painted %dx%d", p.w, p.h);
    int wrong = 0;
    for (int x = 0; p.rgba && x < W; x++)
        wrong += pixel(&p, x, 0) != (x == W - 1 ? 0x000000ffu : 0xffffffffu);
    CHECK(p.rgba && wrong == 0, "%d pixels wrong of %d", wrong, W);
    free(p.rgba);
}

/* what draws nothing: text, a bitmap without size or palette, none at all */
static void nothing_drawn(void)
{
    uint32_t palette[1] = {0xffffffffu};
    uint8_t index[1] = {0};
    AVSubtitleRect text = {.type = SUBTITLE_TEXT, .text = "a line"};
    AVSubtitleRect empty = bitmap(0, 0, 0, 4, index, 1, palette, 1);
    AVSubtitleRect no_palette = bitmap(0, 0, 1, 1, index, 1, NULL, 1);
    AVSubtitleRect one = bitmap(0, 0, 1, 1, index, 1, palette, 1);
    AVSubtitleRect *rects[4] = {&text, &empty, &no_palette, &one};
    CHECK(!vf_picture_cue_drawn(&(AVSubtitle){.num_rects = 3, .rects = rects}), "nothing drawn");
    CHECK(!vf_picture_cue_drawn(&(AVSubtitle){.num_rects = 0}), "no rects");
    CHECK(vf_picture_cue_drawn(&(AVSubtitle){.num_rects = 4, .rects = rects}), "one drawn");
    struct vf_cue_picture p;
    CHECK(paint(rects, 4, &p) == 0 && p.w == 1 && p.h == 1 && pixel(&p, 0, 0) == 0xffffffffu,
          "the one drawn alone: %dx%d", p.w, p.h);
    free(p.rgba);
}

int main(void)
{
    one_rect();
    two_rects();
    long_row();
    nothing_drawn();
    return check_done("cue_picture");
}
