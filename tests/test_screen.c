/* What the window shows, worked out without one: the presentation clock and its speeds, the
 * layout math (letterbox, halves, HiDPI, resize, zoom), subtitle text and files, the panel's
 * settings, taps and position lines, and chapters. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "chapters.h"
#include "check.h"
#include "clock.h"
#include "filter.h"
#include "layout.h"
#include "settings.h"
#include "subtitle_files.h"
#include "subtitle_text.h"
#include "timing.h"
#include "variants.h"

static bool near(double a, double b)
{
    return fabs(a - b) < 1e-9;
}

static void test_clock(void)
{
    struct vf_clock c;
    vf_clock_init(&c);
    CHECK(!c.anchored && c.speed == 1, "a new clock: anchored %d, speed %g", c.anchored, c.speed);
    /* anchored at the picture of 2.0 s shown at wall 1000 ms: 2.5 s is due at 1500 */
    vf_clock_follow(&c, 0, 2.0, 1000);
    CHECK(near(vf_clock_due_ms(&c, 2.5), 1500), "1x: %g", vf_clock_due_ms(&c, 2.5));
    /* the same serial does not move the anchor; a new one (a seek) does */
    vf_clock_follow(&c, 0, 9.0, 5000);
    CHECK(near(vf_clock_due_ms(&c, 2.5), 1500), "same serial moved the anchor");
    vf_clock_follow(&c, 1, 9.0, 5000);
    CHECK(near(vf_clock_due_ms(&c, 9.04), 5040), "new serial: %g", vf_clock_due_ms(&c, 9.04));
    /* half speed from wall 5200 ms: 9.2 s is due then, and 9.3 s 200 ms later */
    vf_clock_set_speed(&c, 0.5, 5200);
    CHECK(near(vf_clock_due_ms(&c, 9.2), 5200) && near(vf_clock_due_ms(&c, 9.3), 5400),
          "0.5x: 9.2 s at %g, 9.3 s at %g", vf_clock_due_ms(&c, 9.2), vf_clock_due_ms(&c, 9.3));
    /* double speed from 5400 (9.3 s then): 9.5 s due 100 ms later */
    vf_clock_set_speed(&c, 2, 5400);
    CHECK(near(vf_clock_due_ms(&c, 9.5), 5500), "2x: %g", vf_clock_due_ms(&c, 9.5));
    /* unanchored (a pause), the next picture anchors it at once, at the speed chosen */
    vf_clock_unanchor(&c);
    vf_clock_set_speed(&c, 4, 7000);
    vf_clock_follow(&c, 1, 12.0, 8000);
    CHECK(near(vf_clock_due_ms(&c, 12.4), 8100), "4x after a pause: %g", vf_clock_due_ms(&c, 12.4));
    /* the media time due at a wall time, which the sound follows: the inverse of due_ms */
    CHECK(near(vf_clock_media_s(&c, 8100), 12.4) && near(vf_clock_media_s(&c, 7900), 12.0 - 0.4),
          "media time at 4x: %g at 8100 ms, %g at 7900", vf_clock_media_s(&c, 8100),
          vf_clock_media_s(&c, 7900));

    double speed = vf_speed_step(1, 110);
    CHECK(near(speed, 1.1), "1 x 1.1: %.17g", speed);
    speed = vf_speed_step(speed, -110);
    CHECK(speed == 1, "x1.1 then /1.1 lands on 1: %.17g", speed);
    speed = 1;
    for (int i = 0; i < 7; i++)
        speed = vf_speed_step(speed, 110);
    for (int i = 0; i < 7; i++)
        speed = vf_speed_step(speed, -110);
    CHECK(speed == 1, "seven steps up and down: %.17g", speed);
    CHECK(vf_speed_step(0.5, 200) == 1 && vf_speed_step(3, -200) == 1.5, "doubled, halved");
    CHECK(vf_speed_step(7.25, 0) == 1, "reset");
    CHECK(vf_speed_step(12, 200) == VF_SPEED_MAX && vf_speed_step(0.1, -200) == VF_SPEED_MIN &&
              vf_speed_step(VF_SPEED_MIN, -110) == VF_SPEED_MIN,
          "limits");
}

static int same_rect(struct vf_rect a, int x, int y, int w, int h)
{
    return a.x == x && a.y == y && a.w == w && a.h == h;
}

/* a cue's text as the window shows it, from FFmpeg's ASS form */
static void test_subtitle_text(void)
{
    static const struct {
        const char *ass;
        size_t len;
        const char *plain;
    } cases[] = {
        {"0,0,Default,,0,0,0,,Hello\\Nworld", 64, "Hello\nworld"},
        {"3,0,Default,,0,0,0,,{\\i1}one{\\i0} two\\hthree", 64, "one two three"},
        {"0,0,Default,,0,0,0,,a, b, c", 64, "a, b, c"}, /* commas in the text stay */
        {"plain text", 64, "plain text"},               /* not the ASS form */
        {"0,0,D,,0,0,0,,\\N\\nx\\N \r\n", 64, "x"},     /* no empty lines at the ends */
        {"0,0,D,,0,0,0,,a\\N\\Nb", 64, "a\nb"},         /* nor between */
        {"0,0,D,,0,0,0,,{\\pos(1,2)}{unclosed", 64, ""},
        {"0,0,D,,0,0,0,,a}b", 64, "a}b"},
        {"0,0,D,,0,0,0,,\xc3\xa9\xc3\xa9\xc3\xa9", 6, "\xc3\xa9\xc3\xa9"}, /* cut: whole */
        {"0,0,D,,0,0,0,,\xe2\x82\xac\xe2\x82\xac", 6, "\xe2\x82\xac"},
        {"0,0,D,,0,0,0,,abc", 1, ""},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        char out[64];
        size_t n = vf_subtitle_plain(cases[i].ass, out, cases[i].len);
        CHECK(!strcmp(out, cases[i].plain) && n == strlen(cases[i].plain),
              "cue %zu: '%s' (%zu), expected '%s'", i, out, n, cases[i].plain);
    }
}

/* subtitle files beside a video, as mpv's --sub-auto=exact finds them */
static void test_subtitle_files(void)
{
    static const struct {
        const char *video, *name, *tag; /* tag NULL: no match */
    } cases[] = {
        {"film.mkv", "film.srt", ""},
        {"film.mkv", "film.en.srt", "en"},
        {"film.mkv", "film.forced.ASS", "forced"},
        {"film.mkv", "film.ssa", ""},
        {"film.mkv", "film.vtt", ""},
        {"film.mkv", "film.idx", ""},       /* VobSub, through its index */
        {"film.mkv", "film.en.sup", "en"},  /* Blu-ray's PGS */
        {"film.mkv", "film.sub", NULL},     /* VobSub's pictures: read through the .idx */
        {"film.mkv", "film.mkv", NULL},     /* not subtitles */
        {"film.mkv", "film.en.txt", NULL},  /* nor this */
        {"film.mkv", "film2.srt", NULL},    /* another film's */
        {"film.mkv", "fil.srt", NULL},      /* shorter */
        {"film.mkv", "Film.srt", NULL},     /* names are exact */
        {"film.mkv", "film..srt", NULL},    /* an empty tag */
        {"film.mkv", "film.a.b.srt", NULL}, /* two words */
        {"film.mkv", "film.srt.bak", NULL}, /* the extension is the last */
        {"film", "film.srt", ""},           /* a video without an extension */
        {"a.b.mkv", "a.b.de.srt", "de"},    /* the video's last dot only */
        {"a.b.mkv", "a.srt", NULL},
        {".mkv", ".mkv.srt", ""}, /* a name that is all extension */
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        char tag[16] = "?";
        const bool match =
            vf_subtitle_file_matches(cases[i].video, cases[i].name, tag, sizeof(tag));
        CHECK(match == (cases[i].tag != NULL) && (!match || !strcmp(tag, cases[i].tag)),
              "subtitle file %zu: %s beside %s: %s '%s'", i, cases[i].name, cases[i].video,
              match ? "matched" : "no match", tag);
    }
    /* a folder: the matches, by name, with the folder; up to the most asked */
    char dir[] = "/tmp/vfview-subs-XXXXXX";
    CHECK(mkdtemp(dir) != NULL, "mkdtemp");
    const char *names[] = {"v.mp4", "v.srt", "v.en.srt", "v.de.vtt", "w.srt", "v.en.srt.part"};
    char path[256];
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
        snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
        FILE *f = fopen(path, "w");
        CHECK(f != NULL, "cannot create %s", path);
        if (f)
            fclose(f);
    }
    snprintf(path, sizeof(path), "%s/v.mp4", dir);
    struct vf_subtitle_file found[VF_MAX_SUBTITLE_FILES];
    int n = vf_find_subtitle_files(path, found, VF_MAX_SUBTITLE_FILES);
    char want[3][256];
    snprintf(want[0], sizeof(want[0]), "%s/v.de.vtt", dir);
    snprintf(want[1], sizeof(want[1]), "%s/v.en.srt", dir);
    snprintf(want[2], sizeof(want[2]), "%s/v.srt", dir);
    CHECK(n == 3 && !strcmp(found[0].path, want[0]) && !strcmp(found[1].path, want[1]) &&
              !strcmp(found[2].path, want[2]) && !strcmp(found[0].tag, "de") &&
              !strcmp(found[1].tag, "en") && !strcmp(found[2].tag, ""),
          "subtitle files beside %s: %d, the first %s", path, n, n > 0 ? found[0].path : "-");
    vf_free_subtitle_files(found, n);
    n = vf_find_subtitle_files(path, found, 2);
    CHECK(n == 2, "at most 2 asked: %d", n);
    vf_free_subtitle_files(found, n);
    CHECK(vf_find_subtitle_files("/nonexistent-vfview/v.mp4", found, 4) == 0, "no folder: none");
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
        snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
        remove(path);
    }
    remove(dir);
}

static void test_layout(void)
{
    struct vf_rect box = {0, 0, 400, 400};
    struct vf_rect r = vf_letterbox(box, 1920, 1080, 1);
    CHECK(same_rect(r, 0, 87, 400, 225), "16:9 in a square: %d,%d %dx%d", r.x, r.y, r.w, r.h);
    r = vf_letterbox((struct vf_rect){10, 0, 1000, 100}, 4, 3, 1);
    CHECK(same_rect(r, 443, 0, 133, 100), "4:3 in a wide box: %d,%d %dx%d", r.x, r.y, r.w, r.h);
    r = vf_letterbox(box, 720, 576, 64.0 / 45); /* anamorphic PAL 16:9 */
    CHECK(r.w == 400 && r.h == 225, "sar 64:45: %dx%d", r.w, r.h);
    r = vf_letterbox((struct vf_rect){0, 0, 0, 10}, 5, 5, 1);
    CHECK(r.w == 0 && r.h == 0, "empty box gives an empty rect");
    r = vf_letterbox((struct vf_rect){0, 0, 1, 1}, 10000, 1, 1);
    CHECK(r.w == 1 && r.h == 1, "never smaller than a pixel");

    /* two halves of a 1280x720 window under a 22-point label row: 640x360 each, centred in the
     * 698 rows left, so y = 22 + (698 - 360) / 2; at 2x (HiDPI) the same, doubled */
    struct vf_layout a = vf_layout_compute(1280, 720, 1280, 720, 1920, 1080, 1, 2);
    struct vf_layout b = vf_layout_compute(1280, 720, 2560, 1440, 1920, 1080, 1, 2);
    CHECK(a.scale == 1 && b.scale == 2, "scale %g %g", a.scale, b.scale);
    CHECK(same_rect(a.half[0], 0, 191, 640, 360) && same_rect(a.half[1], 640, 191, 640, 360),
          "1x halves: %d,%d %dx%d | %d,%d %dx%d", a.half[0].x, a.half[0].y, a.half[0].w,
          a.half[0].h, a.half[1].x, a.half[1].y, a.half[1].w, a.half[1].h);
    CHECK(b.half[1].x == 2 * a.half[1].x && b.half[1].w == 2 * a.half[1].w &&
              b.label[0].h == 2 * a.label[0].h && b.margin == 2 * a.margin,
          "2x is the 1x layout doubled");
    for (int i = 0; i < 2; i++)
        CHECK(a.half[i].y >= a.label[i].y + a.label[i].h, "label %d overlaps the picture", i);
    /* an odd width: the right half takes the spare pixel, nothing leaves the window */
    struct vf_layout o = vf_layout_compute(1001, 300, 1001, 300, 4, 3, 1, 2);
    CHECK(o.half[1].x + o.half[1].w <= 1001 && o.half[0].x + o.half[0].w <= o.half[1].x,
          "odd width overlaps");
    /* resize to something tiny or tall: still inside, still the right aspect */
    struct vf_layout t = vf_layout_compute(200, 900, 200, 900, 1920, 1080, 1, 2);
    CHECK(t.half[0].w == 100 && t.half[0].h == 56, "tall window: %dx%d", t.half[0].w, t.half[0].h);
    struct vf_layout one = vf_layout_compute(800, 600, 800, 600, 1920, 1080, 1, 1);
    CHECK(one.half[0].w == 800 && one.half[0].h == 450, "single half: %dx%d", one.half[0].w,
          one.half[0].h);

    /* text: full size from 1200 points wide, at 2x too; 960 points: 0.8 down to a step of
     * 1/16, 0.75; 640 points and below: 0.75, the least */
    struct vf_layout wide = vf_layout_compute(1600, 900, 3200, 1800, 1920, 1080, 1, 2);
    struct vf_layout mid = vf_layout_compute(960, 540, 960, 540, 1920, 1080, 1, 2);
    struct vf_layout small = vf_layout_compute(640, 300, 1280, 600, 1920, 1080, 1, 2);
    struct vf_layout fits = vf_layout_compute(1100, 600, 1100, 600, 1920, 1080, 1, 2);
    CHECK(vf_layout_text_scale(&a) == 1 && vf_layout_text_scale(&wide) == 2 &&
              vf_layout_text_scale(&mid) == 0.75f && vf_layout_text_scale(&small) == 1.5f &&
              vf_layout_text_scale(&fits) == 0.875f,
          "text scales %g %g %g %g %g", vf_layout_text_scale(&a), vf_layout_text_scale(&wide),
          vf_layout_text_scale(&mid), vf_layout_text_scale(&small), vf_layout_text_scale(&fits));
    /* the panel: a margin into the left picture, as wide as the left half's label row (the
     * slot less a margin each side); with one half, the window's width */
    struct vf_rect p = vf_layout_panel(&a);
    CHECK(same_rect(p, 8, 199, 624, 513), "1280x720 panel: %d,%d %dx%d", p.x, p.y, p.w, p.h);
    p = vf_layout_panel(&t); /* the tall window: the picture 100 wide, the panel 84 */
    CHECK(p.x == 8 && p.w == 84 && p.x + p.w <= t.half[1].x, "tall window's panel: %d, %d wide",
          p.x, p.w);
    p = vf_layout_panel(&one);
    CHECK(p.x == 8 && p.w == 784, "single half's panel: %d, %d wide", p.x, p.w);
    /* the seek bar: 5 points tall, between the margins, half a margin off the bottom; a click
     * within a margin above it or below it counts, at its fraction of the bar's width */
    struct vf_rect bar = vf_layout_seek_bar(&a);
    CHECK(same_rect(bar, 8, 711, 1264, 5), "1280x720 bar: %d,%d %dx%d", bar.x, bar.y, bar.w, bar.h);
    bar = vf_layout_seek_bar(&b);
    CHECK(same_rect(bar, 16, 1422, 2528, 10), "2x bar: %d,%d %dx%d", bar.x, bar.y, bar.w, bar.h);
    CHECK(vf_layout_on_bar(&a, 8, 703) && vf_layout_on_bar(&a, 1271, 719) &&
              !vf_layout_on_bar(&a, 8, 702) && !vf_layout_on_bar(&a, 7, 715) &&
              !vf_layout_on_bar(&a, 1272, 715) && !vf_layout_on_bar(&a, 640, 720),
          "where clicks on the bar count");
    CHECK(vf_layout_bar_fraction(&a, 8) == 0 && vf_layout_bar_fraction(&a, 640) == 0.5 &&
              vf_layout_bar_fraction(&a, 1272) == 1 && vf_layout_bar_fraction(&a, 0) == 0 &&
              vf_layout_bar_fraction(&a, 2000) == 1,
          "bar fractions %g %g %g", vf_layout_bar_fraction(&a, 8), vf_layout_bar_fraction(&a, 640),
          vf_layout_bar_fraction(&a, 1272));
    /* the split view: one 16:9 picture in the 1280x698 below the labels, so 698 tall and
     * 1241 wide, 19 in; both halves there, the labels over the window's halves, the line
     * half-way at 19 + 620.5 rounded up; the panel a margin into the picture */
    struct vf_layout s = vf_layout_split(1280, 720, 1280, 720, 1920, 1080, 1);
    CHECK(s.split && !a.split && same_rect(s.half[0], 19, 22, 1241, 698) &&
              same_rect(s.half[1], 19, 22, 1241, 698),
          "split picture: %d,%d %dx%d", s.half[0].x, s.half[0].y, s.half[0].w, s.half[0].h);
    CHECK(same_rect(s.label[0], 8, 0, 624, 22) && same_rect(s.label[1], 648, 0, 624, 22),
          "split labels: %d,%d %dx%d | %d,%d %dx%d", s.label[0].x, s.label[0].y, s.label[0].w,
          s.label[0].h, s.label[1].x, s.label[1].y, s.label[1].w, s.label[1].h);
    CHECK(vf_layout_split_x(&s, 0.5) == 640 && vf_layout_split_x(&s, 0) == 19 &&
              vf_layout_split_x(&s, 1) == 1260 && vf_layout_split_x(&s, -3) == 19 &&
              vf_layout_split_x(&s, 7) == 1260 && vf_layout_split_x(&s, 0.25) == 329,
          "split line at %d %d %d", vf_layout_split_x(&s, 0), vf_layout_split_x(&s, 0.5),
          vf_layout_split_x(&s, 1));
    p = vf_layout_panel(&s);
    CHECK(same_rect(p, 27, 30, 605, 682), "split panel: %d,%d %dx%d", p.x, p.y, p.w, p.h);
    s = vf_layout_split(1001, 600, 1001, 600, 4, 3, 1); /* an odd width: the right label */
    CHECK(s.label[1].x + s.label[1].w == 1001 - s.margin && s.label[0].w == 484 && /* has it */
              s.label[1].w == 485 && same_rect(s.half[0], 115, 22, 771, 578),
          "odd split: labels %d %d wide, picture %dx%d", s.label[0].w, s.label[1].w, s.half[0].w,
          s.half[0].h);
    struct vf_layout tiny = vf_layout_compute(10, 10, 10, 10, 1920, 1080, 1, 2);
    p = vf_layout_panel(&tiny);
    CHECK(p.w == 1 && p.h == 1, "a 10x10 window's panel: %dx%d", p.w, p.h);
}

static bool same_view(struct vf_view v, double x0, double y0, double x1, double y1)
{
    return near(v.x0, x0) && near(v.y0, y0) && near(v.x1, x1) && near(v.y1, y1);
}

static void test_view(void)
{
    struct vf_view whole = vf_view_whole(), v;
    CHECK(same_view(whole, 0, 0, 1, 1) && vf_view_zoom_level(whole) == 1, "the whole picture");
    v = vf_view_zoom(whole, 2, 0.5, 0.5);
    CHECK(same_view(v, 0.25, 0.25, 0.75, 0.75), "2x at the centre: %g %g %g %g", v.x0, v.y0, v.x1,
          v.y1);
    v = vf_view_zoom(whole, 2, 0, 0);
    CHECK(same_view(v, 0, 0, 0.5, 0.5), "2x at the top-left corner");
    /* the picture point under the pointer stays under it: 0.25 of the half, then 0.125 + 0.25
     * * 0.5 */
    v = vf_view_zoom(whole, 2, 0.25, 0.5);
    CHECK(same_view(v, 0.125, 0.25, 0.625, 0.75), "2x at (0.25, 0.5): %g %g %g %g", v.x0, v.y0,
          v.x1, v.y1);
    v = vf_view_zoom(v, 4, 0.75, 0.5);
    CHECK(near(v.x0 + 0.75 * (v.x1 - v.x0), 0.5) && near(vf_view_zoom_level(v), 8),
          "8x: the point at 0.75 of the half is picture x %g, expected 0.5",
          v.x0 + 0.75 * (v.x1 - v.x0));
    /* zooming out near an edge keeps the view inside the picture */
    v = vf_view_zoom((struct vf_view){0.85, 0.85, 0.95, 0.95}, 0.5, 0, 0);
    CHECK(same_view(v, 0.8, 0.8, 1, 1), "out at an edge: %g %g %g %g", v.x0, v.y0, v.x1, v.y1);
    v = vf_view_zoom(vf_view_zoom(whole, 3, 0.3, 0.6), 1 / 3.0 * 0.999, 0.7, 0.1);
    CHECK(same_view(v, 0, 0, 1, 1), "back out past 1: exactly the whole picture");
    CHECK(near(vf_view_zoom_level(vf_view_zoom(whole, 1000, 0.5, 0.5)), VF_ZOOM_MAX), "at most %gx",
          VF_ZOOM_MAX);
    /* a drag right by a tenth of the half moves a 2x view a twentieth of the picture left */
    v = vf_view_pan(vf_view_zoom(whole, 2, 0.5, 0.5), 0.1, -0.2);
    CHECK(same_view(v, 0.2, 0.35, 0.7, 0.85), "pan: %g %g %g %g", v.x0, v.y0, v.x1, v.y1);
    v = vf_view_pan(v, 5, -5);
    CHECK(same_view(v, 0, 0.5, 0.5, 1), "pan to the corner: %g %g %g %g", v.x0, v.y0, v.x1, v.y1);
    CHECK(same_view(vf_view_pan(whole, 0.3, 0.3), 0, 0, 1, 1), "the whole picture does not move");
    /* the pixel under the pointer, as the shader's squares take it: floor(fraction * size) */
    int x, y;
    vf_view_pixel(whole, 0.5, 0.9999, 321, 241, &x, &y);
    CHECK(x == 160 && y == 240, "whole picture: pixel %d,%d", x, y);
    vf_view_pixel(whole, 1, -0.1, 321, 241, &x, &y);
    CHECK(x == 320 && y == 0, "at and past the edges: pixel %d,%d", x, y);
    vf_view_pixel((struct vf_view){0.5, 0.25, 0.75, 0.5}, 0, 0.5, 320, 240, &x, &y);
    CHECK(x == 160 && y == 90, "zoomed 4x: pixel %d,%d", x, y);
}

static void test_fold(void)
{
    const char *lines[] = {"a", "bb", "ccc", "d", "eeeee"};
    char out[8][VF_FOLD_WIDTH];
    int n = vf_fold_columns(lines, 5, 10, out, 8);
    CHECK(n == 5 && !strcmp(out[0], "a") && !strcmp(out[4], "eeeee"), "all fit: %d rows", n);
    /* 3 rows: two columns, the first padded to its longest line and a gap of 3 */
    n = vf_fold_columns(lines, 5, 3, out, 8);
    CHECK(n == 3 && !strcmp(out[0], "a     d") && !strcmp(out[1], "bb    eeeee") &&
              !strcmp(out[2], "ccc"),
          "3 rows: %d '%s' '%s' '%s'", n, out[0], out[1], out[2]);
    n = vf_fold_columns(lines, 5, 2, out, 8);
    CHECK(n == 2 && !strcmp(out[0], "a    ccc   eeeee") && !strcmp(out[1], "bb   d"),
          "2 rows: %d '%s' '%s'", n, out[0], out[1]);
    n = vf_fold_columns(lines, 5, 0, out, 8);
    CHECK(n == 1 && !strcmp(out[0], "a   bb   ccc   d   eeeee"), "no room: one row '%s'", out[0]);
    CHECK(vf_fold_columns(lines, 0, 3, out, 8) == 0, "nothing to fold");
}

static void test_settings_line(void)
{
    struct vf_settings shown = {.border = VF_BORDER_CLAMP, .variant = VF_GPU_FAST}, chosen;
    char err[256], line[600];
    CHECK(vf_filter_parse("sharpen", &shown.filter, err, sizeof(err)) == 0, "%s", err);
    chosen = shown;
    vf_settings_describe(&shown, &chosen, line, sizeof(line));
    CHECK(!strcmp(line, "sharpen 3x3 amount=1.00  border clamp  variant fast"), "same: %s", line);
    CHECK(vf_filter_parse("box:size=5", &chosen.filter, err, sizeof(err)) == 0, "%s", err);
    chosen.border = VF_BORDER_MIRROR;
    vf_settings_describe(&shown, &chosen, line, sizeof(line));
    CHECK(!strcmp(line, "sharpen 3x3 amount=1.00 → box 5x5  border clamp → mirror  variant fast"),
          "filter and border chosen since: %s", line);
    chosen = shown;
    chosen.variant = VF_GPU_NAIVE;
    vf_settings_describe(&shown, &chosen, line, sizeof(line));
    CHECK(!strcmp(line, "sharpen 3x3 amount=1.00  border clamp  variant fast → naive"),
          "variant chosen since: %s", line);
}

static void test_position(void)
{
    static const struct {
        double at, duration;
        const char *text;
    } cases[] = {
        {0, 8, "0:00.0 / 0:08"},       {6.44, 8.02, "0:06.4 / 0:08"},     {59.96, 0, "1:00.0"},
        {65.25, 120, "1:05.3 / 2:00"}, {-0.04, 3599.6, "0:00.0 / 60:00"}, {3725, -1, "62:05.0"},
    };
    char line[64];
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        vf_describe_position(cases[i].at, cases[i].duration, false, line, sizeof(line));
        CHECK(!strcmp(line, cases[i].text), "%.2f s of %.2f: '%s', expected '%s'", cases[i].at,
              cases[i].duration, line, cases[i].text);
    }
    static const struct {
        double at;
        const char *text;
    } fine[] = {{0, "0:00.000 / 0:08"},
                {6.0333333, "0:06.033 / 0:08"},
                {59.9996, "1:00.000 / 0:08"},
                {125.0125, "2:05.013 / 0:08"}};
    for (size_t i = 0; i < sizeof(fine) / sizeof(fine[0]); i++) {
        vf_describe_position(fine[i].at, 8, true, line, sizeof(line));
        CHECK(!strcmp(line, fine[i].text), "%.4f s in ms: '%s', expected '%s'", fine[i].at, line,
              fine[i].text);
    }
    vf_describe_position(65.25, 120, false, line, 6); /* cut short, still terminated */
    CHECK(!strcmp(line, "1:05."), "short buffer: '%s'", line);
}

/* the 'k' overlay's text: matrices up to 9x9 as they are, wider separable ones as column and
 * row taps, the divisor and the bias last */
static void test_taps_text(void)
{
    static const struct {
        const char *spec;
        int count;
        const char *lines[6];
    } cases[] = {
        {"sharpen", 4, {"  0 -1  0", " -1  5 -1", "  0 -1  0", "÷ 1"}},
        {"gaussian:size=5",
         6,
         {"  1  4  6  4  1", "  4 16 24 16  4", "  6 24 36 24  6", "  4 16 24 16  4",
          "  1  4  6  4  1", "÷ 256"}},
        {"box:size=11",
         3,
         {"column 1 1 1 1 1 1 1 1 1 1 1", "x row  1 1 1 1 1 1 1 1 1 1 1", "÷ 121"}},
        {"custom:matrix=0 0 0 0 1 0 0 0 0:bias=-7",
         4,
         {" 0 0 0", " 0 1 0", " 0 0 0", "÷ 1  bias -7"}},
        {"custom:matrix=1", 2, {" 1", "÷ 1"}},
    };
    struct vf_filter f;
    char lines[VF_MAX_SIZE + 4][VF_TAPS_LINE], err[256];
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        CHECK(vf_filter_parse(cases[i].spec, &f, err, sizeof(err)) == 0, "%s", err);
        int n = vf_filter_taps_text(&f, lines, VF_MAX_SIZE + 4);
        CHECK(n == cases[i].count, "%s: %d lines, expected %d", cases[i].spec, n, cases[i].count);
        for (int k = 0; k < n && k < cases[i].count; k++)
            CHECK(!strcmp(lines[k], cases[i].lines[k]), "%s line %d: '%s', expected '%s'",
                  cases[i].spec, k, lines[k], cases[i].lines[k]);
    }
    /* unsharp 11x11: separable with a centre tap, which gets its own line */
    vf_filter_parse("unsharp:size=11", &f, NULL, 0);
    int n = vf_filter_taps_text(&f, lines, VF_MAX_SIZE + 4);
    CHECK(n == 4 && !strncmp(lines[0], "column", 6) && !strncmp(lines[1], "x row ", 6) &&
              !strncmp(lines[2], "+ ", 2) && strstr(lines[2], "at the centre") &&
              !strncmp(lines[3], "÷ ", strlen("÷ ")),
          "unsharp 11x11: %d lines: '%s' '%s' '%s'", n, lines[0], lines[1], lines[2]);
    /* an 11x11 matrix that is not separable (its default divisor, the tap sum: 119 + 2 + 5): one
     * line says so */
    char spec[1024] = "custom:matrix=";
    for (int k = 0; k < 121; k++)
        strcat(spec, k == 0 ? "2 " : k == 60 ? "5 " : "1 ");
    CHECK(vf_filter_parse(spec, &f, err, sizeof(err)) == 0, "%s", err);
    n = vf_filter_taps_text(&f, lines, VF_MAX_SIZE + 4);
    CHECK(n == 2 && !strcmp(lines[0], "11x11 taps, not separable: too many to show") &&
              !strcmp(lines[1], "÷ 126"),
          "11x11 custom: %d lines, '%s' '%s'", n, lines[0], n > 1 ? lines[1] : "");
    /* no more lines than asked for */
    vf_filter_parse("gaussian:size=9", &f, NULL, 0);
    CHECK(vf_filter_taps_text(&f, lines, 3) == 3, "max 3 lines");
}

/* chapters as mpv steps through them: three starting at 0, 3 and 10 s */
static void test_chapters(void)
{
    const double starts[3] = {0, 3, 10};
    static const struct {
        double at;
        int step, want;
    } cases[] = {
        {0, 1, 1},     /* from the first's start: the second */
        {2.99, 1, 2},  /* a start within the slack (0.02) after: reached */
        {2.97, 1, 1},  /* beyond the slack: not yet */
        {9.5, 1, 2},   /* the next */
        {10, 1, -1},   /* after the last: none */
        {12, -1, 1},   /* 2 s into the last: the one before */
        {15.5, -1, 2}, /* 5.5 s into it: its own start */
        {15, -1, 1},   /* 5 s into it: still the one before */
        {3, -1, 0},    /* at a start: the one before */
        {1, -1, -1},   /* in the first, near its start: none before */
        {8.5, -1, 1},  /* 5.5 s into the second: its start */
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        const int got = vf_chapter_step(starts, 3, cases[i].at, cases[i].step, 0.02);
        CHECK(got == cases[i].want, "chapter step %+d from %.2f s: %d, want %d", cases[i].step,
              cases[i].at, got, cases[i].want);
    }
    /* chapters that start after the input does: before the first, none back, the first next */
    const double late[2] = {4, 8};
    CHECK(vf_chapter_at(late, 2, 1, 0) == -1, "before the first: in none");
    CHECK(vf_chapter_step(late, 2, 1, -1, 0) == -1, "before the first: none back");
    CHECK(vf_chapter_step(late, 2, 1, 1, 0) == 0, "before the first: the first next");
    CHECK(vf_chapter_at(late, 2, 8, 0) == 1 && vf_chapter_at(late, 2, 7.9, 0) == 0,
          "a start belongs to the chapter it starts");
    CHECK(vf_chapter_step(late, 0, 5, 1, 0) == -1 && vf_chapter_at(late, 0, 5, 0) == -1,
          "no chapters");
}

int main(void)
{
    test_clock();
    test_layout();
    test_subtitle_text();
    test_subtitle_files();
    test_view();
    test_fold();
    test_settings_line();
    test_taps_text();
    test_position();
    test_chapters();
    return check_done("screen");
}
