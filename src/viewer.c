#include "viewer.h"

#include <SDL.h>
#include <SDL_ttf.h>
#include <libavutil/log.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "clock.h"
#include "display.h"
#include "keymap.h"
#include "keys.h"
#include "overlay.h"
#include "playback.h"
#include "record.h"
#include "snapshot.h"
#include "timing.h"
#include "variants.h"

_Static_assert(VF_KEY_LEFT == SDLK_LEFT && VF_KEY_RIGHT == SDLK_RIGHT && VF_KEY_UP == SDLK_UP &&
                   VF_KEY_DOWN == SDLK_DOWN && VF_KEY_TAB == SDLK_TAB &&
                   VF_KEY_BACKSPACE == SDLK_BACKSPACE && VF_KEY_ENTER == SDLK_RETURN &&
                   VF_KEY_ESCAPE == SDLK_ESCAPE && VF_KEY_KP_PLUS == SDLK_KP_PLUS &&
                   VF_KEY_KP_MINUS == SDLK_KP_MINUS,
               "keys.h codes must be SDL's");

static const double PANEL_PERIOD_MS = 100, MESSAGE_MS = 3000, SEEK_GRACE_MS = 1000;
static const float DIFFERENCE_GAIN = 16;
static const double ZOOM_PER_NOTCH = 1.41421356; /* two notches of the wheel: twice the size */

struct series { /* every frame time of one engine, for the exit summary */
    double *ms;
    size_t count, capacity;
};

struct ui {
    const struct vf_options *opts;
    struct vf_playback *playback;
    struct vf_display *display;
    struct vf_overlay *overlay;
    struct vf_settings settings;
    struct vf_keymap keys; /* the user's bindings over the built-in ones */
    struct vf_shown *current, *pending;
    bool paused, difference, original, help, panel_hidden, quit, upload, redraw, ended;
    int steps; /* paused: pictures to show one by one (keys pressed faster than they come) */
    struct vf_clock clock;
    struct vf_view view;  /* the part of the picture both halves show */
    bool discarding;      /* after a seek: the pictures from before it are dropped */
    unsigned seek_serial; /* the latest seek's pictures carry it, or a later one */
    double discard_until; /* an unseekable input plays on with the serial it had */
    double seek_base_s;   /* while discarding: the position the seek will show */
    long shown, dropped, screenshots, recordings;
    struct series times[4]; /* CPU, GPU, the UI thread's own work: wall clock, then its CPU time */
    struct vf_graph graph;
    double fps_since, display_fps, last_panel, ui_ms;
    long fps_frames;
    char message[512];
    double message_until;
};

static void note(struct ui *u, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void note(struct ui *u, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(u->message, sizeof(u->message), fmt, ap);
    va_end(ap);
    u->message_until = vf_now_ms() + MESSAGE_MS;
    u->last_panel = 0;
    fprintf(stderr, "vfview: %s\n", u->message);
}

static void record_time(struct series *s, double ms)
{
    if (s->count == s->capacity) {
        size_t capacity = s->capacity ? 2 * s->capacity : 1024;
        double *grown = realloc(s->ms, capacity * sizeof(double));
        if (!grown)
            return;
        s->ms = grown;
        s->capacity = capacity;
    }
    s->ms[s->count++] = ms;
}

static double seconds_of(const struct ui *u, int64_t pts)
{
    return (double)pts * av_q2d(vf_playback_info(u->playback)->time_base);
}

static void timestamped(char *buf, size_t len, const char *ext, long n)
{
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    char stamp[32];
    strftime(stamp, sizeof(stamp), "%Y%m%d-%H%M%S", &tm);
    snprintf(buf, len, "vfview-%s-%ld.%s", stamp, n, ext);
}

/* The later recordings of the window go beside -o's file, numbered from 2, never over a file
 * that is there already. -1 where they cannot (-o names standard output or a URL). */
static int next_numbered(const char *output, char *path, size_t len)
{
    struct stat st;
    for (int n = 2; n < 10000; n++) {
        if (vf_record_numbered_path(output, n, path, len))
            return -1;
        if (lstat(path, &st) != 0)
            return 0;
    }
    return -1;
}

static void apply_settings(struct ui *u)
{
    u->settings.generation++;
    vf_playback_set(u->playback, &u->settings);
    u->last_panel = 0;
}

static void toggle_recording(struct ui *u)
{
    char msg[1200];
    if (vf_playback_recording(u->playback)) {
        vf_playback_record_stop(u->playback); /* report_recordings() says how it ended */
        note(u, "finishing the recording...");
        return;
    }
    char path[1024];
    const char *format = u->opts->output_format; /* -o's container, and its numbered files' */
    if (u->opts->output && u->recordings == 0)
        snprintf(path, sizeof(path), "%s", u->opts->output);
    else if (!u->opts->output || next_numbered(u->opts->output, path, sizeof(path))) {
        timestamped(path, sizeof(path), "mp4", u->recordings);
        format = NULL;
    }
    u->recordings++;
    if (vf_playback_record_start(u->playback, path, u->opts->codec, format, msg, sizeof(msg)))
        note(u, "cannot record: %s", msg);
    else
        note(u, "recording to %s", path);
}

/* Stopped recordings whose files are now closed; wait (quitting): all of them. Returns -1 when
 * one failed. */
static int report_recordings(struct ui *u, bool wait)
{
    char msg[1200];
    int rc, status = 0;
    while ((rc = vf_playback_record_result(u->playback, wait, msg, sizeof(msg)))) {
        const char *how = rc < 0 ? "recording failed: " : "recording stopped: ";
        if (wait)
            fprintf(stderr, "vfview: %s%s\n", how, msg);
        else
            note(u, "%s%s", how, msg);
        status = rc < 0 ? -1 : status;
    }
    return status;
}

static void take_screenshot(struct ui *u)
{
    uint8_t *rgb;
    int w, h;
    char err[512], path[256];
    timestamped(path, sizeof(path), "png", u->screenshots++);
    if (vf_display_capture(u->display, &rgb, &w, &h, err, sizeof(err)) == 0) {
        int failed = vf_write_png(path, rgb, w, h, err, sizeof(err));
        free(rgb);
        if (!failed) {
            note(u, "screenshot: %s (%dx%d)", path, w, h);
            return;
        }
    }
    note(u, "screenshot failed: %s", err);
}

/* Seeks to the picture showing at target_s; `shows_s` is where that picture starts, as far as
 * is known, and the base of a seek asked for before it arrives (keys pressed in a row add up). */
static void seek(struct ui *u, double target_s, double shows_s)
{
    u->seek_serial = vf_playback_seek(u->playback, target_s < 0 ? 0 : target_s);
    u->discarding = true;
    u->discard_until = vf_now_ms() + SEEK_GRACE_MS;
    u->seek_base_s = shows_s < 0 ? 0 : shows_s;
    u->ended = false;
    u->steps = u->paused; /* paused, the new position's picture is shown (as mpv does) */
}

/* Where a relative seek starts: the picture on screen, or the one a seek is on its way to. */
static double position_s(const struct ui *u)
{
    return u->discarding ? u->seek_base_s : seconds_of(u, u->current->pts);
}

static void change_speed(struct ui *u, int step)
{
    if (u->opts->webcam) {
        note(u, "a camera plays at its own pace");
        return;
    }
    vf_clock_set_speed(&u->clock, vf_speed_step(u->clock.speed, step), vf_now_ms());
    note(u, "speed %.2fx", u->clock.speed);
}

/* The picture the engines made, at the source's size: the GPU's where it made one (the tests
 * hold it equal to the CPU's), else the CPU's. */
static void save_picture(struct ui *u)
{
    char err[512], path[256];
    const struct vf_shown *s = u->current;
    if (!s || !(s->have_cpu || s->have_gpu)) {
        note(u, "no filtered picture to save yet");
        return;
    }
    int half = s->have_gpu ? VF_HALF_GPU : VF_HALF_CPU;
    timestamped(path, sizeof(path), "png", u->screenshots++);
    if (vf_write_png_frame(path, &s->out[half], err, sizeof(err)))
        note(u, "saving the picture failed: %s", err);
    else
        note(u, "picture: %s (%s, %dx%d)", path, half == VF_HALF_GPU ? "GPU" : "CPU",
             s->out[half].width, s->out[half].height);
}

static void command(struct ui *u, const struct vf_key_binding *b)
{
    struct vf_settings *s = &u->settings;
    char err[256];
    switch (b->command) {
    case VF_CMD_FILTER:
    case VF_CMD_NEXT_FILTER: {
        int preset = b->command == VF_CMD_FILTER ? b->arg : ((int)s->filter.preset + 1) % VF_CUSTOM;
        if (preset != (int)s->filter.preset || s->filter.preset == VF_CUSTOM) {
            vf_filter_default(&s->filter, (enum vf_preset)preset);
            apply_settings(u);
        }
        break;
    }
    case VF_CMD_SIZE:
        if (vf_filter_resize(&s->filter, b->arg) == 0 &&
            vf_filter_build(&s->filter, err, sizeof(err)) == 0)
            apply_settings(u);
        break;
    case VF_CMD_BORDER:
        s->border = (enum vf_border)((s->border + 1) % VF_BORDER_COUNT);
        apply_settings(u);
        break;
    case VF_CMD_VARIANT:
        s->variant = (s->variant + 1) % VF_GPU_VARIANT_COUNT;
        apply_settings(u);
        break;
    case VF_CMD_PAUSE:
        u->paused = !u->paused;
        u->steps = 0;
        vf_clock_unanchor(&u->clock); /* playback resumes from the current picture, no jump */
        u->last_panel = 0;
        break;
    case VF_CMD_STEP:
        u->paused = true;
        u->steps++;
        break;
    case VF_CMD_SEEK:
        if (u->current && !u->opts->webcam)
            seek(u, position_s(u) + b->arg, position_s(u) + b->arg);
        break;
    case VF_CMD_STEP_BACK:
        if (u->current && !u->opts->webcam) {
            /* the picture showing half a frame before this one starts: the one before it */
            double frame_s = 1 / av_q2d(vf_playback_info(u->playback)->frame_rate);
            u->paused = true;
            seek(u, position_s(u) - frame_s / 2, position_s(u) - frame_s);
        }
        break;
    case VF_CMD_SPEED:
        change_speed(u, b->arg);
        break;
    case VF_CMD_FULLSCREEN:
        vf_display_toggle_fullscreen(u->display);
        break;
    case VF_CMD_SCREENSHOT:
        take_screenshot(u);
        break;
    case VF_CMD_SAVE_PICTURE:
        save_picture(u);
        break;
    case VF_CMD_RECORD:
        toggle_recording(u);
        break;
    case VF_CMD_DIFFERENCE:
        u->difference = !u->difference;
        break;
    case VF_CMD_ORIGINAL:
        u->original = !u->original;
        u->upload = true;
        u->last_panel = 0;
        break;
    case VF_CMD_ZOOM:
        u->view = b->arg ? vf_view_zoom(u->view, b->arg, 0.5, 0.5) : vf_view_whole();
        u->last_panel = 0;
        break;
    case VF_CMD_HELP:
        u->help = !u->help;
        u->last_panel = 0;
        break;
    case VF_CMD_PANEL:
        u->panel_hidden = !u->panel_hidden;
        break;
    case VF_CMD_QUIT:
        u->quit = true;
        break;
    case VF_CMD_NONE:
        break;
    }
    u->redraw = true;
}

/* Where the pointer is over the pictures, as fractions of the half it is over (the centre when
 * it is over neither). */
static void pointer_in_half(struct ui *u, double *fx, double *fy)
{
    struct vf_layout l = vf_display_layout(u->display);
    int x, y;
    SDL_GetMouseState(&x, &y);
    double px = x * l.scale, py = y * l.scale;
    *fx = *fy = 0.5;
    for (int h = 0; h < 2; h++) {
        struct vf_rect r = l.half[h];
        if (r.w > 0 && r.h > 0 && px >= r.x && px < r.x + r.w && py >= r.y && py < r.y + r.h) {
            *fx = (px - r.x) / r.w;
            *fy = (py - r.y) / r.h;
        }
    }
}

/* The mouse: the wheel zooms at the pointer, a drag moves the picture, a double click toggles
 * fullscreen (as in mpv). */
static void mouse(struct ui *u, const SDL_Event *ev)
{
    if (ev->type == SDL_MOUSEWHEEL && ev->wheel.y != 0) {
        double fx, fy;
        pointer_in_half(u, &fx, &fy);
        int notches = ev->wheel.direction == SDL_MOUSEWHEEL_FLIPPED ? -ev->wheel.y : ev->wheel.y;
        u->view = vf_view_zoom(u->view, pow(ZOOM_PER_NOTCH, notches), fx, fy);
        u->last_panel = 0;
        u->redraw = true;
    } else if (ev->type == SDL_MOUSEBUTTONDOWN && ev->button.button == SDL_BUTTON_LEFT &&
               ev->button.clicks == 2) {
        vf_display_toggle_fullscreen(u->display);
    } else if (ev->type == SDL_MOUSEMOTION && (ev->motion.state & SDL_BUTTON_LMASK)) {
        /* a drag; a pointer only passing by draws nothing */
        struct vf_layout l = vf_display_layout(u->display);
        if (l.half[0].w > 0 && l.half[0].h > 0)
            u->view = vf_view_pan(u->view, ev->motion.xrel * l.scale / l.half[0].w,
                                  ev->motion.yrel * l.scale / l.half[0].h);
        u->redraw = true;
    }
}

static void handle_events(struct ui *u, int timeout_ms)
{
    SDL_Event ev;
    int got = timeout_ms > 0 ? SDL_WaitEventTimeout(&ev, timeout_ms) : SDL_PollEvent(&ev);
    while (got) {
        if (ev.type == SDL_QUIT) {
            u->quit = true;
        } else if (ev.type == SDL_KEYDOWN) {
            int key = ev.key.keysym.sym;
            if (ev.key.keysym.mod & KMOD_SHIFT)
                key = vf_key_shifted(key);
            const struct vf_key_binding *b = vf_keymap_lookup(&u->keys, key);
            if (b)
                command(u, b);
        } else if (ev.type == SDL_MOUSEWHEEL || ev.type == SDL_MOUSEBUTTONDOWN ||
                   ev.type == SDL_MOUSEMOTION) {
            mouse(u, &ev);
        } else if (ev.type == SDL_WINDOWEVENT) {
            u->redraw = true;
            u->last_panel = 0;
        }
        got = SDL_PollEvent(&ev);
    }
}

/* The pictures the halves show: the CPU's and the GPU's, or (original) the source and the
 * filtered picture, the GPU's where there is one. NULL: that half is empty. */
static void halves(const struct ui *u, const struct vf_frame *half[2])
{
    const struct vf_shown *c = u->current;
    const struct vf_frame *cpu = c && c->have_cpu ? &c->out[VF_HALF_CPU] : NULL;
    const struct vf_frame *gpu = c && c->have_gpu ? &c->out[VF_HALF_GPU] : NULL;
    half[0] = u->original ? (c && c->source ? &c->source->picture : NULL) : cpu;
    half[1] = u->original && !gpu ? cpu : gpu;
}

static double due_ms(const struct ui *u, const struct vf_shown *s)
{
    return vf_clock_due_ms(&u->clock, seconds_of(u, s->pts));
}

/* Each engine's time on s, into the graph and the exit summary. */
static void record_engine_times(struct ui *u, const struct vf_shown *s)
{
    for (int e = 0; e < 2; e++) {
        memmove(u->graph.ms[e], u->graph.ms[e] + 1, (VF_GRAPH_SAMPLES - 1) * sizeof(float));
        bool ran = e == VF_HALF_CPU ? s->have_cpu : s->have_gpu;
        u->graph.ms[e][VF_GRAPH_SAMPLES - 1] = ran ? (float)s->ms[e] : -1;
        if (ran)
            record_time(&u->times[e], s->ms[e]);
    }
}

static void show(struct ui *u, struct vf_shown *s)
{
    if (!u->current || u->current->settings.generation != s->settings.generation)
        u->last_panel = 0; /* the panel names the new picture's settings at once */
    vf_playback_give_back(u->playback, u->current);
    u->current = s;
    u->upload = u->redraw = true;
    u->shown++;
    u->fps_frames++;
    record_engine_times(u, s);
}

/* A picture that stays on screen (paused, or the input's last) follows the settings, as a
 * playing one does a few pictures later: filtered again here, so that a filter can be tried on
 * one picture (and timed: the graph takes it). */
static void refilter_still(struct ui *u)
{
    if (!(u->paused || u->ended) || !u->current ||
        u->current->settings.generation == u->settings.generation)
        return;
    /* the picture takes the settings whether or not an engine manages: asked once */
    if (vf_playback_refilter(u->playback, u->current) == 0)
        record_engine_times(u, u->current);
    u->upload = u->redraw = true;
    u->last_panel = 0;
}

/* Takes the pictures that are due: the next one when its time has come (the latest one that
 * is due when several are, counting the others as dropped), or one when stepping. */
static void advance(struct ui *u, double now)
{
    if (u->paused && !u->steps)
        return;
    for (;;) {
        if (!u->pending && !(u->pending = vf_playback_take(u->playback)))
            return;
        struct vf_shown *s = u->pending;
        if (u->discarding && (int)(s->serial - u->seek_serial) < 0 && now < u->discard_until) {
            vf_playback_give_back(u->playback, s);
            u->pending = NULL;
            continue;
        }
        u->discarding = false;
        vf_clock_follow(&u->clock, s->serial, seconds_of(u, s->pts), now);
        if (!u->steps && now < due_ms(u, s))
            return;
        u->pending = NULL;
        struct vf_shown *next = u->steps ? NULL : vf_playback_take(u->playback);
        if (next && next->serial == s->serial && now >= due_ms(u, next)) {
            vf_playback_give_back(u->playback, s); /* late: the next one is due already */
            u->dropped++;
            u->pending = next;
            continue;
        }
        u->pending = next;
        show(u, s);
        if (u->steps)
            u->steps--;
        return;
    }
}

static double recent_mean(const float *ms)
{
    double sum = 0;
    int n = 0;
    for (int i = VF_GRAPH_SAMPLES - 30; i < VF_GRAPH_SAMPLES; i++)
        if (ms[i] >= 0) {
            sum += ms[i];
            n++;
        }
    return n ? sum / n : -1;
}

static void set_sprite(struct ui *u, enum vf_sprite_id id, const char *const *lines, int n,
                       const struct vf_graph *graph)
{
    char err[512];
    SDL_Surface *s = n ? vf_overlay_render(u->overlay, lines, n, graph, err, sizeof(err)) : NULL;
    if (n && !s)
        fprintf(stderr, "vfview: %s\n", err);
    if (vf_display_set_sprite(u->display, id, s, err, sizeof(err)))
        fprintf(stderr, "vfview: %s\n", err);
    SDL_FreeSurface(s);
}

static void update_overlay(struct ui *u, double now, char *gpu_status)
{
    const struct vf_source_info *info = vf_playback_info(u->playback);
    /* what made the picture on screen, and what was chosen since (pictures still in flight) */
    const struct vf_settings *on_screen = u->current ? &u->current->settings : &u->settings;
    const char *variant = vf_gpu_variant_names[on_screen->variant];
    double cpu = recent_mean(u->graph.ms[0]), gpu = recent_mean(u->graph.ms[1]);
    char l[7][600];
    snprintf(l[0], sizeof(l[0]), "%s  %dx%d  %.2f fps source", info->name, info->width,
             info->height, av_q2d(info->frame_rate));
    snprintf(l[1], sizeof(l[1]), "display %.1f fps  UI %.1f ms  dropped %ld", u->display_fps,
             u->ui_ms, u->dropped);
    if (cpu >= 0)
        snprintf(l[2], sizeof(l[2]), "CPU fast  %7.2f ms  (%.0f fps possible)", cpu,
                 cpu > 0 ? 1000 / cpu : 0);
    else
        snprintf(l[2], sizeof(l[2]), "CPU  off");
    if (gpu >= 0 && !gpu_status[0])
        snprintf(l[3], sizeof(l[3]), "GPU %-5s %7.2f ms  (%.0f fps possible, with transfers)",
                 variant, gpu, gpu > 0 ? 1000 / gpu : 0);
    else
        snprintf(l[3], sizeof(l[3]), "GPU  %s", gpu_status[0] ? gpu_status : "waiting");
    vf_settings_describe(on_screen, &u->settings, l[4], sizeof(l[4]));
    char position[64] = ""; /* a camera's timestamps are no position */
    if (u->current && !u->opts->webcam)
        vf_describe_position(seconds_of(u, u->current->pts), info->duration_s, u->paused, position,
                             sizeof(position));
    char speed[32] = "", zoom[32] = "";
    if (u->clock.speed != 1)
        snprintf(speed, sizeof(speed), "speed %.2fx  ", u->clock.speed);
    if (vf_view_zoom_level(u->view) > 1)
        snprintf(zoom, sizeof(zoom), "zoom %.1fx  ", vf_view_zoom_level(u->view));
    snprintf(l[5], sizeof(l[5]), "%s%s%s%s%s%s%s%s", position, position[0] ? "  " : "", speed, zoom,
             vf_playback_recording(u->playback) ? "● REC  " : "",
             vf_playback_record_closing(u->playback) ? "saving  " : "",
             u->paused ? "❚❚ PAUSED  " : "", u->ended ? "end of input (←/→ seek)" : "");
    snprintf(l[6], sizeof(l[6]), "%s", now < u->message_until ? u->message : "h: keys");
    const char *panel[7] = {l[0], l[1], l[2], l[3], l[4], l[5], l[6]};
    set_sprite(u, VF_SPRITE_PANEL, panel, 7, &u->graph);

    char left[128], right[160];
    const struct vf_frame *half[2];
    halves(u, half);
    if (u->original)
        snprintf(left, sizeof(left), "original");
    else
        snprintf(left, sizeof(left), "CPU fast · %.2f ms", cpu < 0 ? 0 : cpu);
    if (u->difference && u->original && half[0] && half[1])
        snprintf(right, sizeof(right), "|original − filtered| ×%.0f", DIFFERENCE_GAIN);
    else if (u->difference && u->current && u->current->have_gpu)
        snprintf(right, sizeof(right), "|CPU − GPU| ×%.0f · %s", DIFFERENCE_GAIN,
                 u->current->identical ? "bit-identical" : "DIFFERENT");
    else if (u->original && half[1] && !u->current->have_gpu)
        snprintf(right, sizeof(right), "CPU fast · %.2f ms", cpu < 0 ? 0 : cpu);
    else if (gpu_status[0])
        snprintf(right, sizeof(right), "GPU · off");
    else
        snprintf(right, sizeof(right), "GPU %s · %.2f ms", variant, gpu < 0 ? 0 : gpu);
    const char *one[1] = {left};
    set_sprite(u, VF_SPRITE_LABEL_L, one, 1, NULL);
    one[0] = right;
    set_sprite(u, VF_SPRITE_LABEL_R, one, 1, NULL);
    one[0] = gpu_status;
    set_sprite(u, VF_SPRITE_MESSAGE, one, gpu_status[0] ? 1 : 0, NULL);
    if (u->help) {
        enum { ROWS = 48 };
        const char *lines[ROWS];
        char rows[ROWS][160], folded[ROWS][VF_FOLD_WIDTH];
        int n = 0;
        for (size_t k = 0; k < u->keys.count && n < ROWS; k++) { /* the file's first */
            snprintf(rows[n], sizeof(rows[n]), "%-13s %s", u->keys.user[k].label,
                     u->keys.user[k].help);
            lines[n] = rows[n];
            n++;
        }
        for (size_t k = 0; k < vf_key_binding_count && n < ROWS; k++)
            if (vf_key_bindings[k].label) {
                snprintf(rows[n], sizeof(rows[n]), "%-13s %s", vf_key_bindings[k].label,
                         vf_key_bindings[k].help);
                lines[n] = rows[n];
                n++;
            }
        /* in columns where one would run off the bottom of the window */
        struct vf_layout l = vf_display_layout(u->display);
        int line_h = vf_overlay_line_height(u->overlay), pad = vf_overlay_padding(u->overlay);
        int fit = line_h > 0 ? (l.drawable_h - l.half[0].y - 2 * l.margin - 2 * pad) / line_h : n;
        n = vf_fold_columns(lines, n, fit, folded, ROWS);
        for (int i = 0; i < n; i++)
            lines[i] = folded[i];
        set_sprite(u, VF_SPRITE_HELP, lines, n, NULL);
    }
}

static void draw(struct ui *u, bool gpu_missing, double now)
{
    struct vf_layout l = vf_display_layout(u->display);
    char err[512];
    if (vf_overlay_set_scale(u->overlay, l.scale, err, sizeof(err)))
        fprintf(stderr, "vfview: %s\n", err);
    struct vf_draw_request r = {.gain = DIFFERENCE_GAIN};
    const struct vf_frame *half[2];
    halves(u, half);
    r.half_visible[0] = half[0] != NULL;
    r.half_visible[1] = half[1] != NULL;
    r.difference = u->difference;
    r.view = u->view;
    int w, h;
    for (int s = 0; s < VF_SPRITE_COUNT; s++)
        r.sprite_visible[s] = true;
    r.sprite_visible[VF_SPRITE_MESSAGE] = gpu_missing && !half[1]; /* not over a CPU picture */
    r.sprite_visible[VF_SPRITE_HELP] = u->help;
    r.sprite_visible[VF_SPRITE_PANEL] = !u->panel_hidden || now < u->message_until;
    r.sprite_x[VF_SPRITE_PANEL] = l.half[0].x + l.margin;
    r.sprite_y[VF_SPRITE_PANEL] = l.half[0].y + l.margin;
    for (int i = 0; i < 2; i++) {
        r.sprite_x[VF_SPRITE_LABEL_L + i] = l.label[i].x;
        r.sprite_y[VF_SPRITE_LABEL_L + i] = l.label[i].y;
    }
    vf_display_sprite_size(u->display, VF_SPRITE_MESSAGE, &w, &h);
    r.sprite_x[VF_SPRITE_MESSAGE] = l.half[1].x + (l.half[1].w - w) / 2;
    r.sprite_y[VF_SPRITE_MESSAGE] = l.half[1].y + (l.half[1].h - h) / 2;
    vf_display_sprite_size(u->display, VF_SPRITE_HELP, &w, &h);
    r.sprite_x[VF_SPRITE_HELP] = (l.half[0].x + l.half[1].x + l.half[1].w - w) / 2;
    r.sprite_y[VF_SPRITE_HELP] = l.half[0].y + l.margin;
    if (vf_display_draw(u->display, &l, &r, err, sizeof(err)))
        fprintf(stderr, "vfview: %s\n", err);
}

static double percentile(struct series *s, double p)
{
    if (!s->count)
        return 0;
    double *copy = malloc(s->count * sizeof(double));
    if (!copy)
        return 0;
    memcpy(copy, s->ms, s->count * sizeof(double));
    struct vf_stats st = vf_stats_of(copy, (int)s->count); /* sorts */
    double v = copy[(size_t)(p * (double)(s->count - 1) + 0.5)];
    (void)st;
    free(copy);
    return v;
}

static void print_summary(struct ui *u)
{
    static const char *const names[4] = {"CPU fast", "GPU", "UI thread", "of it on the CPU"};
    fprintf(stderr, "vfview: %ld frame%s shown, %ld dropped", u->shown, u->shown == 1 ? "" : "s",
            u->dropped);
    for (int e = 0; e < 4; e++) {
        struct series *s = &u->times[e];
        if (!s->count)
            continue;
        double sum = 0;
        for (size_t i = 0; i < s->count; i++)
            sum += s->ms[i];
        fprintf(stderr, "; %s mean %.2f ms, p99 %.2f ms", names[e], sum / s->count,
                percentile(s, 0.99));
    }
    fprintf(stderr, "\n");
}

static int run_loop(struct ui *u)
{
    char gpu_status[320] = "";
    while (!u->quit) {
        handle_events(u, u->redraw || u->upload ? 0 : 2);
        double started = vf_now_ms(), cpu_started = vf_thread_cpu_ms();
        advance(u, started);
        refilter_still(u);
        const char *error = NULL;
        bool ended = !u->pending && vf_playback_ended(u->playback, &error);
        if (ended != u->ended) {
            u->ended = ended;
            u->last_panel = 0;
            if (ended && error)
                note(u, "%s: stopped: %s", vf_playback_info(u->playback)->name, error);
        }
        if (u->upload) {
            const struct vf_frame *half[2];
            halves(u, half);
            for (int h = 0; h < 2; h++)
                if (half[h])
                    vf_display_upload(u->display, h, half[h]);
            u->upload = false;
        }
        if (started - u->fps_since >= 1000) {
            u->display_fps = u->fps_frames * 1000.0 / (started - u->fps_since);
            u->fps_frames = 0;
            u->fps_since = started;
        }
        report_recordings(u, false);
        if (started - u->last_panel >= PANEL_PERIOD_MS) {
            vf_playback_gpu_status(u->playback, gpu_status, sizeof(gpu_status));
            update_overlay(u, started, gpu_status);
            u->last_panel = started;
            u->redraw = true;
        }
        if (u->redraw) {
            draw(u, gpu_status[0] != '\0', started);
            double spent = vf_now_ms() - started;
            u->ui_ms = 0.9 * u->ui_ms + 0.1 * spent;
            record_time(&u->times[2], spent);
            record_time(&u->times[3], vf_thread_cpu_ms() - cpu_started);
            vf_display_present(u->display);
            u->redraw = false;
        }
        if (u->opts->frames && u->shown >= u->opts->frames)
            u->quit = true;
    }
    return 0;
}

int vf_viewer_run(const struct vf_options *opts, int loop)
{
    struct ui u = {.opts = opts};
    vf_clock_init(&u.clock);
    vf_clock_set_speed(&u.clock, opts->speed, 0);
    u.paused = opts->pause;
    u.steps = opts->pause; /* the first picture, and there it waits */
    u.view = vf_view_whole();
    char err[1024], title[1200];
    int status = 1;
    av_log_set_level(opts->verbose ? AV_LOG_INFO : AV_LOG_QUIET);
    if (SDL_Init(SDL_INIT_VIDEO) != 0) {
        fprintf(stderr, "vfview: SDL_Init: %s\n", SDL_GetError());
        return 1;
    }
    if (TTF_Init() != 0) {
        fprintf(stderr, "vfview: TTF_Init: %s\n", TTF_GetError());
        SDL_Quit();
        return 1;
    }
    char keys_path[1024];
    const char *keys_file = opts->input_conf;
    if (!keys_file && vf_keymap_user_path(keys_path, sizeof(keys_path)))
        keys_file = keys_path;
    if (keys_file && vf_keymap_load(&u.keys, keys_file, err, sizeof(err)))
        goto fail;
    u.settings.filter = opts->filter;
    u.settings.border = opts->border;
    u.settings.variant = opts->gpu_variant;
    struct vf_playback_config pc = {.url = opts->input,
                                    .webcam = opts->webcam,
                                    .webcam_format = opts->webcam_format,
                                    .start_s = opts->start,
                                    .loop = loop,
                                    .use_cpu = opts->engine != VF_USE_GPU,
                                    .use_gpu = opts->engine != VF_USE_CPU,
                                    .threads = opts->threads,
                                    .settings = u.settings};
    u.playback = vf_playback_open(&pc, err, sizeof(err));
    if (!u.playback)
        goto fail;
    const struct vf_source_info *info = vf_playback_info(u.playback);
    const char *base = strrchr(info->name, '/');
    snprintf(title, sizeof(title), "vfview — %s", base ? base + 1 : info->name);
    u.display = vf_display_open(title, info->width, info->height, err, sizeof(err));
    if (!u.display)
        goto fail;
    u.overlay = vf_overlay_open(vf_display_scale(u.display), err, sizeof(err));
    if (!u.overlay)
        goto fail;
    u.graph.names[0] = "CPU";
    u.graph.names[1] = "GPU";
    for (int e = 0; e < 2; e++)
        for (int i = 0; i < VF_GRAPH_SAMPLES; i++)
            u.graph.ms[e][i] = -1;
    u.fps_since = vf_now_ms();
    status = run_loop(&u);
    vf_playback_record_stop(u.playback); /* quitting while recording keeps a whole file */
    if (report_recordings(&u, true))
        status = 1;
    print_summary(&u);
    goto done;
fail:
    fprintf(stderr, "vfview: %s\n", err);
done:
    if (u.playback) {
        vf_playback_give_back(u.playback, u.current);
        vf_playback_give_back(u.playback, u.pending);
    }
    vf_overlay_close(u.overlay);
    vf_display_close(u.display);
    vf_playback_close(u.playback);
    for (int e = 0; e < 4; e++)
        free(u.times[e].ms);
    TTF_Quit();
    SDL_Quit();
    return status;
}
