/* The window's screenshots ('s': the window as shown) and saved pictures ('S': the filtered
 * picture at its own size), named by the time, in --screenshot-dir (viewer_ui.h). */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "folders.h"
#include "snapshot.h"
#include "viewer_ui.h"

void ui_timestamped_name(char *buf, size_t len, const char *ext, long n)
{
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    char stamp[32];
    strftime(stamp, sizeof(stamp), "%Y%m%d-%H%M%S", &tm);
    snprintf(buf, len, "vfview-%s-%ld.%s", stamp, n, ext);
}

/* The next PNG's name, in --screenshot-dir (made where missing, as mpv's is): 0, or -1 with a
 * message. */
static int png_path(struct ui *u, char *path, size_t len, char *err, size_t errlen)
{
    char name[64];
    ui_timestamped_name(name, sizeof(name), "png", u->screenshots++);
    const char *dir = u->opts->screenshot_dir;
    if (dir && vf_make_folders(dir, 0777, err, errlen))
        return -1;
    int n = dir ? snprintf(path, len, "%s/%s", dir, name) : snprintf(path, len, "%s", name);
    if (n < 0 || (size_t)n >= len) {
        snprintf(err, errlen, "--screenshot-dir %s: the name is too long", dir);
        return -1;
    }
    return 0;
}

void ui_take_screenshot(struct ui *u)
{
    uint8_t *rgb;
    int w, h;
    char err[512], path[1200];
    if (png_path(u, path, sizeof(path), err, sizeof(err)) == 0 &&
        vf_display_capture(u->display, &rgb, &w, &h, err, sizeof(err)) == 0) {
        int failed = vf_write_png(path, rgb, w, h, err, sizeof(err));
        free(rgb);
        if (!failed) {
            ui_note(u, "screenshot: %s (%dx%d)", path, w, h);
            return;
        }
    }
    ui_note(u, "screenshot failed: %s", err);
}

void ui_save_picture(struct ui *u)
{
    char err[512], path[1200];
    const struct vf_shown *s = u->current;
    if (!s || !(s->have_cpu || s->have_gpu)) {
        ui_note(u, "no filtered picture to save yet");
        return;
    }
    int half = s->have_gpu ? VF_HALF_GPU : VF_HALF_CPU;
    if (png_path(u, path, sizeof(path), err, sizeof(err)) ||
        vf_write_png_frame(path, &s->out[half], vf_playback_info(u->playback)->sample_aspect, err,
                           sizeof(err)))
        ui_note(u, "saving the picture failed: %s", err);
    else
        ui_note(u, "picture: %s (%s, %dx%d)", path, half == VF_HALF_GPU ? "GPU" : "CPU",
                s->out[half].width, s->out[half].height);
}
