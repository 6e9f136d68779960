#include "viewer.h"
#include "viewer_ui.h"

#include <SDL.h>
#include <SDL_ttf.h>
#include <libavutil/log.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "display.h"
#include "keymap.h"
#include "keys.h"
#include "overlay.h"
#include "playback.h"
#include "record.h"
#include "sound.h"
#include "timing.h"
#include "variants.h"

static const double PANEL_PERIOD_MS = 100, MESSAGE_MS = 3000, SEEK_GRACE_MS = 1000;

void ui_note(struct ui *u, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(u->message, sizeof(u->message), fmt, ap);
    va_end(ap);
    u->message_until = vf_now_ms() + MESSAGE_MS;
    u->last_panel = 0;
    ui_say(u, "%s", u->message);
}

void ui_say(struct ui *u, const char *fmt, ...)
{
    vf_progress_finish(&u->status); /* the next panel update draws it again */
    va_list ap;
    va_start(ap, fmt);
    fputs("vfview: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

void ui_toggle_fullscreen(struct ui *u)
{
    char err[256];
    if (vf_display_toggle_fullscreen(u->display, err, sizeof(err)) < 0)
        ui_note(u, "fullscreen: %s", err);
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

double ui_seconds_of(const struct ui *u, int64_t pts)
{
    return (double)pts * av_q2d(vf_playback_info(u->playback)->time_base);
}

double ui_into_input(const struct ui *u, double seconds)
{
    return seconds - vf_playback_info(u->playback)->start_s;
}

void ui_apply_settings(struct ui *u)
{
    u->settings.generation++;
    vf_playback_set(u->playback, &u->settings);
    u->last_panel = 0;
}

/* Seeks to the picture showing at target_s; `shows_s` is where that picture starts, as far as
 * is known, and the base of a seek asked for before it arrives (keys pressed in a row add up). */
void ui_seek(struct ui *u, double target_s, double shows_s)
{
    u->seek_serial = vf_playback_seek(u->playback, target_s < 0 ? 0 : target_s);
    u->discarding = true;
    u->discard_until = vf_now_ms() + SEEK_GRACE_MS;
    u->seek_base_s = shows_s < 0 ? 0 : shows_s;
    u->ended = false;
    u->steps = u->paused; /* paused, the new position's picture is shown (as mpv does) */
}

/* A pipe or a live stream reads forward only (image files have no stream of their own: they
 * seek by opening the file again). */
bool ui_seekable(const struct ui *u)
{
    const AVIOContext *pb = vf_playback_info(u->playback)->format->pb;
    return !pb || (pb->seekable & AVIO_SEEKABLE_NORMAL);
}

/* Whether the input can seek; if not, a note says why. */
bool ui_can_seek(struct ui *u)
{
    const char *name = vf_playback_info(u->playback)->name;
    if (u->opts->webcam)
        ui_note(u, "a camera cannot seek: it shows what it sees now");
    else if (!ui_seekable(u))
        ui_note(u, "%s cannot seek: it is read as a stream",
                strcmp(name, "-") ? name : "standard input");
    return !u->opts->webcam && ui_seekable(u);
}

double ui_position_s(const struct ui *u)
{
    return u->discarding ? u->seek_base_s : ui_seconds_of(u, u->current->pts);
}

/* 'l': A at the picture on screen (not where a seek under way goes: it may find none), then B,
 * then no loop (mpv's ab-loop) */
static void set_loop_point(struct ui *u)
{
    if (!u->current || !ui_can_seek(u))
        return;
    const double at = ui_seconds_of(u, u->current->pts);
    char a[48], b[48];
    vf_describe_position(ui_into_input(u, u->loop_a), 0, true, a, sizeof(a));
    vf_describe_position(ui_into_input(u, at), 0, true, b, sizeof(b));
    if (u->loop_a < 0) {
        u->loop_a = at;
        ui_note(u, "A-B loop: A at %s (once more: B)", b);
    } else if (u->loop_b < 0 && at <= u->loop_a) {
        ui_note(u, "A-B loop: B must come after A (%s)", a);
    } else if (u->loop_b < 0) {
        u->loop_b = at;
        ui_note(u, "A-B loop: %s - %s", a, b);
    } else {
        u->loop_a = u->loop_b = -1;
        ui_note(u, "A-B loop cleared");
    }
}

/* Playing on from B, or from the input's end, starts again at A. */
static void keep_in_loop(struct ui *u)
{
    if (u->loop_b < 0 || !u->current || u->paused || u->discarding)
        return;
    if (u->ended || ui_seconds_of(u, u->current->pts) >= u->loop_b)
        ui_seek(u, u->loop_a, u->loop_a);
}

static void change_speed(struct ui *u, int step)
{
    if (u->opts->webcam) {
        ui_note(u, "a camera plays at its own pace");
        return;
    }
    vf_clock_set_speed(&u->clock, vf_speed_step(u->clock.speed, step), vf_now_ms());
    ui_note(u, "speed %.2fx", u->clock.speed);
}

/* the command line's inputs (one at least: -i's, the camera or the sample) */
static int inputs_given(const struct ui *u)
{
    return u->opts->input_count > 1 ? u->opts->input_count : 1;
}

bool ui_input_given(const struct ui *u, int i)
{
    return i < inputs_given(u);
}

int ui_input_count(const struct ui *u)
{
    return inputs_given(u) + u->drops.count;
}

static void window_title(const struct vf_source_info *info, char *buf, size_t len)
{
    const char *base = strrchr(info->name, '/');
    snprintf(buf, len, "vfview — %s", base ? base + 1 : info->name);
}

/* Ends the input playing: a recording of it is finished (its pictures' size goes with it), the
 * pictures held go back, its threads stop. */
static void close_input(struct ui *u)
{
    vf_playback_record_stop(u->playback);
    ui_report_recordings(u, true);
    vf_playback_give_back(u->playback, u->current);
    vf_playback_give_back(u->playback, u->pending);
    u->current = u->pending = NULL;
    vf_playback_close(u->playback);
    u->playback = NULL;
    vf_sound_close(u->sound);
    u->sound = NULL;
}

const char *ui_input_url(const struct ui *u, int i)
{
    const struct vf_options *o = u->opts;
    return i >= inputs_given(u) ? u->drops.items[i - inputs_given(u)]
           : o->input_count > 1 ? o->inputs[i]
                                : o->input;
}

/* Opens input i in place of the one playing, if any, with the settings of the moment. 0, or -1
 * with a message, the one playing playing on. */
int ui_open_input(struct ui *u, int i, char *err, size_t errlen)
{
    const struct vf_options *o = u->opts;
    const bool given = i < inputs_given(u); /* else a file dropped on the window, from its start */
    const struct vf_position none = {0};
    struct vf_settings settings;
    bool loop;
    ui_settings_back(u, &settings, &loop); /* Shift+Q's for the one playing are not the next's */
    struct vf_playback_config pc = {.url = ui_input_url(u, i),
                                    .webcam = given ? o->webcam : NULL,
                                    .webcam_format = o->webcam_format,
                                    .camera_options = o->camera_options,
                                    .camera_option_count = o->camera_option_count,
                                    .start = given ? o->start : none,
                                    .end = given ? o->end : none,
                                    .length = given ? o->length : 0,
                                    .loop = loop,
                                    .as_stored = o->as_stored,
                                    .keep_hdr = o->keep_hdr,
                                    .keep_fields = o->keep_fields,
                                    .no_audio = o->no_audio,
                                    .no_subtitles = o->no_subtitles,
                                    .subtitle_track = o->subtitle_track,
                                    .subtitle_files = o->subtitle_files,
                                    .subtitle_file_count = o->subtitle_file_count,
                                    .turn = vf_orientation_user(o->rotate, o->mirror),
                                    .use_cpu = o->engine != VF_USE_GPU,
                                    .use_gpu = o->engine != VF_USE_CPU,
                                    .threads = o->threads,
                                    .settings = settings};
    struct vf_playback *next = vf_playback_open(&pc, err, errlen);
    if (!next)
        return -1;
    const struct vf_source_info *info = vf_playback_info(next);
    char title[1200];
    window_title(info, title, sizeof(title));
    if (u->display && vf_display_fits(u->display, info->width, info->height, err, errlen)) {
        vf_playback_close(next);
        return -1;
    }
    if (u->playback)
        close_input(u);
    ui_put_back(u);
    u->playback = next;
    u->input = i;
    u->shown_at_open = u->shown;
    ui_choose_subtitles(u);
    u->subtitles_at_open = u->subtitles ? u->subtitle_track : 0;
    /* Shift+Q's settings for this input, before its sound opens with them */
    struct ui_kept kept;
    const bool resuming = ui_take_kept(u, i, &kept);
    if (pc.url && !o->no_audio)
        ui_open_sound(u, pc.url, info->until_s > 0 ? info->start_s + info->until_s : 0);
    u->discarding = u->ended = u->play_on = u->scrubbing = u->scrub_pending = false;
    u->hover_s = -1;            /* the bar's times are another input's now */
    u->hover_text[0] = '\0';    /* and so are its chapters */
    u->loop_a = u->loop_b = -1; /* and so would a loop's points be */
    u->steps = u->paused;       /* paused, the new input's first picture shows */
    vf_clock_unanchor(&u->clock);
    u->view = vf_view_whole();
    u->last_panel = 0;
    if (u->display && vf_display_set_video(u->display, title, info->width, info->height,
                                           av_q2d(info->sample_aspect), err, errlen)) {
        ui_note(u, "%s", err);
        u->quit = u->failed = true; /* no textures to draw in */
    }
    if (resuming)
        ui_resume_kept(u, &kept);
    return 0;
}

/* The next input in the direction `step` (+1, -1) that opens; the ones that do not are noted. */
static void switch_input(struct ui *u, int step)
{
    char err[1024];
    for (int i = u->input + step; i >= 0 && i < ui_input_count(u); i += step) {
        if (ui_open_input(u, i, err, sizeof(err)) == 0)
            return;
        ui_note(u, "%s", err);
    }
    if (ui_input_count(u) == 1)
        ui_note(u, "one input only: give several (vfview a.mp4 b.png ...) to switch");
    else
        ui_note(u, "no input %s this one", step > 0 ? "after" : "before");
}

/* At the end of an input playing (not paused, not looping), the next that opens plays, as in
 * mpv's playlist; after the last, the first again with --loop-playlist. Otherwise the window
 * holds the last picture (--keep-open=no: closes; always: holds at every input). A still (one
 * picture: an image) holds for --image-display-duration, by default for good (mpv's inf:
 * images are looked at, and gone through with '>'). False while a still's time is not up yet,
 * so that it is asked again; true once settled (the next opened, or none: each input that did
 * not open noted once). */
static bool play_on(struct ui *u, double now)
{
    const int count = ui_input_count(u), from = u->input;
    const double still_ms = 1000 * u->opts->image_duration_s;
    const bool still = u->shown - u->shown_at_open <= 1;
    char err[1024];
    if (u->opts->keep_open == VF_KEEP_OPEN_ALWAYS || (still && still_ms <= 0))
        return true;
    if (still && now - u->ended_ms < still_ms)
        return false;
    for (int k = 1; k <= count; k++) {
        if (from + k >= count && !u->opts->loop_playlist)
            break;
        const int i = (from + k) % count;
        if (ui_open_input(u, i, err, sizeof(err)) == 0) {
            ui_note(u, "playing %s (%d/%d)", vf_playback_info(u->playback)->name, i + 1, count);
            return true;
        }
        ui_note(u, "%s", err);
    }
    u->quit |= u->opts->keep_open == VF_KEEP_OPEN_NO; /* mpv's --keep-open=no */
    return true;
}

void ui_command(struct ui *u, const struct vf_key_binding *b)
{
    struct vf_settings *s = &u->settings;
    char err[256];
    switch (b->command) {
    case VF_CMD_FILTER:
    case VF_CMD_NEXT_FILTER: {
        int preset = b->command == VF_CMD_FILTER ? b->arg : ((int)s->filter.preset + 1) % VF_CUSTOM;
        if (preset != (int)s->filter.preset || s->filter.preset == VF_CUSTOM) {
            vf_filter_default(&s->filter, (enum vf_preset)preset);
            ui_apply_settings(u);
        }
        break;
    }
    case VF_CMD_FIRST_FILTER:
        if (memcmp(&s->filter, &u->opts->filter, sizeof(s->filter))) {
            s->filter = u->opts->filter;
            ui_apply_settings(u);
        }
        break;
    case VF_CMD_SIZE:
        if (vf_filter_resize(&s->filter, b->arg) == 0 &&
            vf_filter_build(&s->filter, err, sizeof(err)) == 0)
            ui_apply_settings(u);
        break;
    case VF_CMD_AMOUNT:
    case VF_CMD_SIGMA: {
        const char *param = b->command == VF_CMD_AMOUNT ? "amount" : "sigma";
        const char *name = vf_presets[s->filter.preset].name;
        char takers[128];
        vf_presets_taking(param, takers, sizeof(takers));
        if (vf_filter_adjust(&s->filter, param, b->arg) == 0)
            ui_apply_settings(u);
        else if (!vf_preset_takes(s->filter.preset, param))
            ui_note(u, "%s has no %s (%s have)", name, param, takers);
        else
            ui_note(u, "%s: %s %s", name, param, b->arg > 0 ? "at its highest" : "at its lowest");
        break;
    }
    case VF_CMD_BORDER:
        s->border = (enum vf_border)((s->border + 1) % VF_BORDER_COUNT);
        ui_apply_settings(u);
        break;
    case VF_CMD_VARIANT:
        s->variant = (s->variant + 1) % VF_GPU_VARIANT_COUNT;
        ui_apply_settings(u);
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
    case VF_CMD_STEP_BACK:
        if (!ui_can_seek(u))
            break;
        if (u->current && b->command == VF_CMD_SEEK)
            ui_seek(u, ui_position_s(u) + b->arg, ui_position_s(u) + b->arg);
        else if (u->current) {
            /* the picture showing half a frame before this one starts: the one before it */
            double frame_s = 1 / av_q2d(vf_playback_info(u->playback)->frame_rate);
            u->paused = true;
            ui_seek(u, ui_position_s(u) - frame_s / 2, ui_position_s(u) - frame_s);
        }
        break;
    case VF_CMD_CHAPTER:
        if (u->current && ui_can_seek(u))
            ui_step_chapter(u, ui_position_s(u), b->arg);
        break;
    case VF_CMD_AB_LOOP:
        set_loop_point(u);
        u->last_panel = 0;
        break;
    case VF_CMD_LOOP: /* mpv's L; held at the end, the input starts again at once */
        if (u->opts->webcam) {
            ui_note(u, "a camera has no end to start again from");
            break;
        }
        u->loop = !u->loop; /* and for the inputs opened after this one */
        vf_playback_set_loop(u->playback, u->loop);
        ui_note(u, u->loop ? "loop: the input starts again at its end"
                           : "loop off: the input stops at its end");
        u->last_panel = 0;
        break;
    case VF_CMD_SPEED:
        change_speed(u, b->arg);
        break;
    case VF_CMD_INPUT:
        if (!u->opts->webcam)
            switch_input(u, b->arg);
        break;
    case VF_CMD_MUTE:
    case VF_CMD_VOLUME:
        ui_change_volume(u, b->command == VF_CMD_MUTE ? 0 : b->arg);
        u->last_panel = 0;
        break;
    case VF_CMD_AUDIO_TRACK:
        ui_cycle_audio(u);
        u->last_panel = 0;
        break;
    case VF_CMD_FULLSCREEN:
        ui_toggle_fullscreen(u);
        break;
    case VF_CMD_SCREENSHOT:
        ui_take_screenshot(u);
        break;
    case VF_CMD_SAVE_PICTURE:
        ui_save_picture(u);
        break;
    case VF_CMD_RECORD:
        ui_toggle_recording(u);
        break;
    case VF_CMD_DIFFERENCE:
        u->difference = !u->difference;
        break;
    case VF_CMD_ORIGINAL:
        u->original = !u->original;
        u->upload = true;
        u->last_panel = 0;
        break;
    case VF_CMD_SPLIT:
        /* a before-and-after view: the original left of the line ('o' there: the engines),
         * and after it the halves as they were */
        u->split = !u->split;
        if (u->split)
            u->original_before_split = u->original;
        u->original = u->split || u->original_before_split;
        u->upload = u->redraw = true;
        u->last_panel = 0; /* the labels' room changed */
        break;
    case VF_CMD_SUBTITLES:
        ui_cycle_subtitles(u, b->arg < 0 ? -1 : 1);
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
    case VF_CMD_TAPS:
        u->taps = !u->taps;
        u->last_panel = 0;
        break;
    case VF_CMD_QUIT_WATCH_LATER:
        ui_keep_for_later(u);
        u->quit = true;
        break;
    case VF_CMD_QUIT:
        u->quit = true;
        break;
    case VF_CMD_NONE:
        break;
    }
    u->redraw = true;
}

static double due_ms(const struct ui *u, const struct vf_shown *s)
{
    return vf_clock_due_ms(&u->clock, ui_seconds_of(u, s->pts));
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
        vf_clock_follow(&u->clock, s->serial, ui_seconds_of(u, s->pts), now);
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
    vf_progress_finish(&u->status);
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
        ui_handle_events(u, u->redraw || u->upload ? 0 : 2);
        double started = vf_now_ms(), cpu_started = vf_thread_cpu_ms();
        advance(u, started);
        keep_in_loop(u);
        vf_sound_follow(u->sound, &u->clock, !u->paused && !u->steps && !u->discarding);
        refilter_still(u);
        const char *error = NULL;
        bool ended = !u->pending && vf_playback_ended(u->playback, &error);
        if (ended != u->ended) {
            u->ended = u->play_on = ended;
            u->ended_ms = started;
            u->last_panel = 0;
            if (ended && error)
                ui_note(u, "%s: stopped: %s", vf_playback_info(u->playback)->name, error);
        }
        if (u->play_on && !u->paused && play_on(u, started))
            u->play_on = false;
        if (u->upload) {
            const struct vf_frame *half[2];
            ui_halves(u, half);
            vf_display_upload_halves(u->display, half[0], half[1], ui_halves_equal(u));
            u->upload = false;
        }
        if (started - u->fps_since >= 1000) {
            u->display_fps = u->fps_frames * 1000.0 / (started - u->fps_since);
            u->fps_frames = 0;
            u->fps_since = started;
        }
        ui_report_recordings(u, false);
        if (started - u->last_panel >= PANEL_PERIOD_MS) {
            ui_check_sound(u);
            vf_playback_gpu_status(u->playback, gpu_status, sizeof(gpu_status));
            ui_update_overlay(u, started, gpu_status);
            u->last_panel = started;
            u->redraw = true;
        }
        if (u->redraw) {
            ui_draw(u, gpu_status[0] != '\0', started);
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
    struct ui u = {.opts = opts,
                   .loop = loop,
                   .loop_at_start = loop,
                   .hover_s = -1,
                   .loop_a = -1,
                   .loop_b = -1,
                   .split_at = 0.5,
                   .subtitles = !opts->no_subtitles,
                   .volume = opts->volume,
                   .muted = opts->mute,
                   .audio_track = opts->audio_track};
    vf_clock_init(&u.clock);
    vf_clock_set_speed(&u.clock, opts->speed, 0);
    u.paused = opts->pause;
    u.steps = opts->pause; /* the first picture, and there it waits */
    u.view = vf_view_whole();
    char err[1024], title[1200];
    int status = 1;
    av_log_set_level(opts->verbose ? AV_LOG_INFO : AV_LOG_QUIET);
    vf_progress_start(&u.status, stderr, 0, opts->quiet);
    vf_record_ignore_write_signals(); /* a full disk ends a recording, not the window */
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
    /* the first input that opens; each that does not says why in a line of its own */
    for (int i = 0; i < inputs_given(&u) && !u.playback; i++)
        if (ui_open_input(&u, i, err, sizeof(err)) && i + 1 < inputs_given(&u))
            ui_say(&u, "%s", err);
    if (!u.playback)
        goto fail;
    const struct vf_source_info *info = vf_playback_info(u.playback);
    window_title(info, title, sizeof(title));
    u.display = vf_display_open(title, info->width, info->height, av_q2d(info->sample_aspect),
                                &u.opts->window, u.opts->fullscreen, err, sizeof(err));
    if (!u.display)
        goto fail;
    SDL_StartTextInput(); /* the keys that type act by what they type (viewer_input.c) */
    u.overlay = vf_overlay_open(vf_display_scale(u.display), err, sizeof(err));
    if (!u.overlay)
        goto fail;
    u.help_overlay = vf_overlay_open(vf_display_scale(u.display), err, sizeof(err));
    if (!u.help_overlay)
        goto fail;
    vf_overlay_set_backdrop(u.help_overlay, 225); /* a page of text: the picture stays behind */
    u.graph.names[0] = "CPU";
    u.graph.names[1] = "GPU";
    for (int e = 0; e < 2; e++)
        for (int i = 0; i < VF_GRAPH_SAMPLES; i++)
            u.graph.ms[e][i] = -1;
    u.fps_since = vf_now_ms();
    status = run_loop(&u);
    vf_playback_record_stop(u.playback); /* quitting while recording keeps a whole file */
    ui_report_recordings(&u, true);
    if (u.failed)
        status = 1;
    print_summary(&u);
    ui_print_tuned_filter(&u);
    goto done;
fail:
    ui_say(&u, "%s", err);
done:
    if (u.playback) {
        vf_playback_give_back(u.playback, u.current);
        vf_playback_give_back(u.playback, u.pending);
    }
    vf_overlay_close(u.overlay);
    vf_overlay_close(u.help_overlay);
    free(u.cue_picture.rgba);
    vf_input_list_free(&u.drops);
    vf_display_close(u.display);
    vf_sound_close(u.sound);
    vf_playback_close(u.playback);
    for (int e = 0; e < 4; e++)
        free(u.times[e].ms);
    TTF_Quit();
    SDL_Quit();
    return status;
}
