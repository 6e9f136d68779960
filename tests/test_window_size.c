/* --geometry, --autofit and --autofit-larger: the forms mpv takes, those it does not, and the
 * window each gives for a 640x264 window's worth of pictures (two 320x240 halves and the labels)
 * on a screen whose usable area is 1600x900 from (0, 30), below a panel. */
#include <string.h>

#include "check.h"
#include "window_size.h"

static const struct vf_rect SCREEN = {0, 30, 1600, 900};

static struct vf_rect geometry(const char *spec)
{
    struct vf_window_request r = {0};
    CHECK(vf_geometry_parse(spec, &r.geometry) == 0, "--geometry %s refused", spec);
    return vf_window_place(640, 264, SCREEN, &r);
}

static struct vf_rect autofit(const char *spec, bool larger)
{
    struct vf_window_request r = {0};
    CHECK(vf_autofit_parse(spec, larger ? &r.autofit_larger : &r.autofit) == 0,
          "--autofit %s refused", spec);
    return vf_window_place(640, 264, SCREEN, &r);
}

static void expect(const char *what, struct vf_rect got, int x, int y, int w, int h)
{
    CHECK(got.x == x && got.y == y && got.w == w && got.h == h,
          "%s: %dx%d at (%d, %d), want %dx%d at (%d, %d)", what, got.w, got.h, got.x, got.y, w, h,
          x, y);
}

static void test_forms(void)
{
    const int C = VF_WINDOW_CENTERED;
    /* sizes: pixels, a share of the screen, the height by the window's shape (264/640) */
    expect("800x300", geometry("800x300"), C, C, 800, 300);
    expect("800", geometry("800"), C, C, 800, 330);
    expect("50%", geometry("50%"), C, C, 800, 330);
    expect("50%x50%", geometry("50%x50%"), C, C, 800, 450);
    expect("100x10%", geometry("100x10%"), C, C, 100, 90);
    /* places: from the top left (+), from the bottom right (-), shares of the room left */
    expect("+10+20", geometry("+10+20"), 10, 50, 640, 264);
    expect("800x300+10+20", geometry("800x300+10+20"), 10, 50, 800, 300);
    expect("640x360-0-0", geometry("640x360-0-0"), 960, 570, 640, 360);
    expect("-5+0", geometry("-5+0"), 955, 30, 640, 264);
    expect("50%:50%", geometry("50%:50%"), 480, 348, 640, 264);
    expect("0%:100%", geometry("0%:100%"), 0, 666, 640, 264);
    expect("+100%-0%", geometry("+100%-0%"), 960, 666, 640, 264);
    expect("10:20", geometry("10:20"), 10, 50, 640, 264);
    /* autofit: as large as fits, larger or smaller, the shape kept; -larger only shrinks */
    expect("autofit 50%x50%", autofit("50%x50%", false), C, C, 800, 330);
    expect("autofit 320", autofit("320", false), C, C, 320, 132);
    expect("autofit 1600x132", autofit("1600x132", false), C, C, 320, 132);
    expect("autofit-larger 400", autofit("400", true), C, C, 400, 165);
    expect("autofit-larger 2000", autofit("2000", true), C, C, 640, 264);
    /* by default the window is shrunk to 90% of the screen where it is larger: a 4K picture */
    struct vf_window_request none = {0};
    expect("default, small", vf_window_place(640, 264, SCREEN, &none), C, C, 640, 264);
    expect("default, 4K", vf_window_place(7680, 2184, SCREEN, &none), C, C, 1440, 410);
    /* a geometry's size goes after autofit's */
    struct vf_window_request both = {0};
    CHECK(vf_autofit_parse("320", &both.autofit) == 0 &&
              vf_geometry_parse("1000x500", &both.geometry) == 0,
          "autofit 320 and geometry 1000x500 refused");
    expect("autofit and geometry", vf_window_place(640, 264, SCREEN, &both), C, C, 1000, 500);
    /* a screen not known: shares of it, and places from its far edges, are not applied */
    struct vf_window_request share = {0};
    CHECK(vf_geometry_parse("50%-10+20", &share.geometry) == 0, "50%%-10+20 refused");
    expect("unknown screen", vf_window_place(640, 264, (struct vf_rect){0}, &share), C, 20, 640,
           264);
}

static void test_bad_forms(void)
{
    static const char *const bad_geometry[] = {
        "",      "x300", "800x",           "800x300+10", "+10",       "0x300", "800x0",
        "16385", "101%", "50%:",           ":50%",       "50%:50%:1", "800 ",  "800x300+-10+0",
        "a",     "-1",   "800x300+10+20x", "50%%"};
    struct vf_geometry g = {0};
    for (size_t i = 0; i < sizeof(bad_geometry) / sizeof(bad_geometry[0]); i++)
        CHECK(vf_geometry_parse(bad_geometry[i], &g) == -1, "--geometry '%s' taken",
              bad_geometry[i]);
    static const char *const bad_autofit[] = {"",  "+10+10", "50%:50%", "x500",
                                              "0", "800x",   "120%",    "800x300+1+1"};
    struct vf_autofit a = {0};
    for (size_t i = 0; i < sizeof(bad_autofit) / sizeof(bad_autofit[0]); i++)
        CHECK(vf_autofit_parse(bad_autofit[i], &a) == -1, "--autofit '%s' taken", bad_autofit[i]);
}

int main(void)
{
    test_forms();
    test_bad_forms();
    return check_done("window_size");
}
