/* Shift+Q and what it gives back (viewer_ui.h): as mpv's quit-watch-later, the position of the
 * picture on screen and the settings changed since the window opened, kept for the next time
 * the input opens. Only what changed is kept, so that an input resumed later takes the rest from
 * its command line. The names are mpv's where it has them (speed, volume, mute, pause,
 * loop-file, aid, sid, ab-loop-a, ab-loop-b) and vfview's options' otherwise (filter, border,
 * variant). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "parse.h"
#include "timing.h"
#include "variants.h"
#include "viewer_ui.h"
#include "watch_later.h"

/* the subtitle track showing, as --sid counts them; 0: none */
static int subtitles_showing(const struct ui *u)
{
    return u->subtitles ? u->subtitle_track : 0;
}

static void keep(char *settings, const char *name, const char *value, bool *whole)
{
    *whole &= vf_watch_later_set(settings, VF_WATCH_LATER_SETTINGS, name, value) == 0;
}

static void keep_number(char *settings, const char *name, double value, bool *whole)
{
    char text[32];
    vf_format_exact(value, text, sizeof(text));
    keep(settings, name, text, whole);
}

/* The settings that differ from the window's start, into settings ("" where none); false where
 * one did not fit (it is left out). */
static bool changed_settings(struct ui *u, char *settings)
{
    const struct vf_options *o = u->opts;
    char spec[VF_FILTER_SPEC_MAX], started[VF_FILTER_SPEC_MAX];
    bool whole = true;
    settings[0] = '\0';
    if (vf_filter_spec(&u->settings.filter, spec, sizeof(spec)))
        whole = false;
    else if (vf_filter_spec(&o->filter, started, sizeof(started)) || strcmp(spec, started))
        keep(settings, "filter", spec, &whole);
    if (u->settings.border != o->border)
        keep(settings, "border", vf_border_names[u->settings.border], &whole);
    if (u->settings.variant != o->gpu_variant)
        keep(settings, "variant", vf_gpu_variant_names[u->settings.variant], &whole);
    if (u->clock.speed != o->speed)
        keep_number(settings, "speed", u->clock.speed, &whole);
    if (u->volume != o->volume)
        keep_number(settings, "volume", u->volume, &whole);
    if (u->muted != o->mute)
        keep(settings, "mute", u->muted ? "yes" : "no", &whole);
    if (u->paused != o->pause)
        keep(settings, "pause", u->paused ? "yes" : "no", &whole);
    if (u->loop != u->loop_at_start)
        keep(settings, "loop-file", u->loop ? "yes" : "no", &whole);
    if (u->audio_track != o->audio_track && u->audio_track > 0)
        keep_number(settings, "aid", u->audio_track, &whole);
    if (subtitles_showing(u) != u->subtitles_at_open) {
        if (subtitles_showing(u))
            keep_number(settings, "sid", subtitles_showing(u), &whole);
        else
            keep(settings, "sid", "no", &whole);
    }
    if (u->loop_a >= 0)
        keep_number(settings, "ab-loop-a", ui_into_input(u, u->loop_a), &whole);
    if (u->loop_b >= 0)
        keep_number(settings, "ab-loop-b", ui_into_input(u, u->loop_b), &whole);
    return whole;
}

void ui_keep_for_later(struct ui *u)
{
    const char *url = u->playback && u->current ? ui_input_url(u, u->input) : NULL;
    char err[1024], at[32], settings[VF_WATCH_LATER_SETTINGS];
    if (!url || u->opts->webcam || !vf_watch_later_applies(url) || !ui_seekable(u)) {
        ui_say(u, "no position kept: %s",
               u->opts->webcam ? "a camera cannot seek"
               : !u->current   ? "no picture shown yet"
                               : "this input cannot seek");
        return;
    }
    const double into = ui_into_input(u, ui_position_s(u));
    vf_describe_position(into, 0, true, at, sizeof(at));
    const bool whole = changed_settings(u, settings);
    if (vf_watch_later_save(url, into, settings, err, sizeof(err))) {
        ui_say(u, "no position kept: %s", err);
        return;
    }
    char names[256] = "";
    for (const char *line = settings; *line; line = strchr(line, '\n') + 1)
        snprintf(names + strlen(names), sizeof(names) - strlen(names), "%s%.*s",
                 *names ? ", " : ", with ", (int)strcspn(line, "="), line);
    ui_say(u, "%s: the next time it starts at %s%s (Shift+Q)%s", url, at, names,
           whole ? "" : "; some settings did not fit and were left out");
}

/* The settings Shift+Q can replace, for ui_replaced.which. */
enum {
    UI_KEPT_FILTER = 1 << 0,
    UI_KEPT_BORDER = 1 << 1,
    UI_KEPT_VARIANT = 1 << 2,
    UI_KEPT_SPEED = 1 << 3,
    UI_KEPT_VOLUME = 1 << 4,
    UI_KEPT_MUTE = 1 << 5,
    UI_KEPT_PAUSE = 1 << 6,
    UI_KEPT_LOOP = 1 << 7,
    UI_KEPT_AID = 1 << 8,
};

/* Before a kept setting replaces one: the window's settings as they were before the first (the
 * kept ones are applied together as the input opens, so none has changed them yet), and which
 * are replaced. */
static void note_replaced(struct ui *u, unsigned what)
{
    struct ui_replaced *r = &u->replaced;
    if (!r->which)
        *r = (struct ui_replaced){.settings = u->settings,
                                  .speed = u->clock.speed,
                                  .volume = u->volume,
                                  .audio_track = u->audio_track,
                                  .muted = u->muted,
                                  .paused = u->paused,
                                  .loop = u->loop};
    r->which |= what;
}

void ui_settings_back(const struct ui *u, struct vf_settings *settings, bool *loop)
{
    const struct ui_replaced *r = &u->replaced;
    *settings = u->settings;
    *loop = r->which & UI_KEPT_LOOP ? r->loop : u->loop;
    if (r->which & UI_KEPT_FILTER)
        settings->filter = r->settings.filter;
    if (r->which & UI_KEPT_BORDER)
        settings->border = r->settings.border;
    if (r->which & UI_KEPT_VARIANT)
        settings->variant = r->settings.variant;
}

void ui_put_back(struct ui *u)
{
    const struct ui_replaced *r = &u->replaced;
    ui_settings_back(u, &u->settings, &u->loop);
    if (r->which & UI_KEPT_SPEED)
        vf_clock_set_speed(&u->clock, r->speed, vf_now_ms());
    if (r->which & UI_KEPT_VOLUME)
        u->volume = r->volume;
    if (r->which & UI_KEPT_MUTE)
        u->muted = r->muted;
    if (r->which & UI_KEPT_PAUSE)
        u->paused = r->paused;
    if (r->which & UI_KEPT_AID)
        u->audio_track = r->audio_track;
    u->replaced.which = 0;
}

/* The yes or no of a kept setting into *out: true; false (and a note) when it is neither. */
static bool yes_or_no(struct ui *u, const char *name, const char *value, bool *out)
{
    if (strcmp(value, "yes") && strcmp(value, "no")) {
        ui_note(u, "Shift+Q's %s=%s is neither yes nor no: left as it was", name, value);
        return false;
    }
    *out = !strcmp(value, "yes");
    return true;
}

/* One kept setting applied: true when it was; false, with a note, when its value is bad or the
 * window has no such setting (a later vfview's file, or one edited by hand). */
static bool apply_one(struct ui *u, const char *name, const char *value)
{
    const struct vf_cues *cues = vf_playback_cues(u->playback);
    char err[512];
    double number;
    long whole;
    bool yes;
    int index;
    if (!strcmp(name, "filter")) {
        struct vf_filter f;
        if (vf_filter_parse(value, &f, err, sizeof(err))) {
            ui_note(u, "Shift+Q's filter: %s", err);
            return false;
        }
        note_replaced(u, UI_KEPT_FILTER);
        u->settings.filter = f;
        ui_apply_settings(u);
    } else if (!strcmp(name, "border")) {
        enum vf_border border;
        if (vf_border_parse(value, &border)) {
            ui_note(u, "Shift+Q's border=%s is no border (clamp, zero, mirror)", value);
            return false;
        }
        note_replaced(u, UI_KEPT_BORDER);
        u->settings.border = border;
        ui_apply_settings(u);
    } else if (!strcmp(name, "variant")) {
        if ((index = vf_gpu_variant_find(value)) < 0) {
            ui_note(u, "Shift+Q's variant=%s is no GPU variant", value);
            return false;
        }
        note_replaced(u, UI_KEPT_VARIANT);
        u->settings.variant = index;
        ui_apply_settings(u);
    } else if (!strcmp(name, "speed")) {
        if (u->opts->webcam || vf_parse_double(value, VF_SPEED_MIN, VF_SPEED_MAX, &number)) {
            ui_note(u, "Shift+Q's speed=%s is not a speed from 1/16 to 16", value);
            return false;
        }
        note_replaced(u, UI_KEPT_SPEED);
        vf_clock_set_speed(&u->clock, number, vf_now_ms());
    } else if (!strcmp(name, "volume")) {
        if (vf_parse_long(value, 0, VF_VOLUME_MAX, &whole)) {
            ui_note(u, "Shift+Q's volume=%s is not a volume from 0 to %d", value, VF_VOLUME_MAX);
            return false;
        }
        note_replaced(u, UI_KEPT_VOLUME);
        u->volume = (int)whole;
    } else if (!strcmp(name, "mute")) {
        if (!yes_or_no(u, name, value, &yes))
            return false;
        note_replaced(u, UI_KEPT_MUTE);
        u->muted = yes;
    } else if (!strcmp(name, "pause")) {
        if (!yes_or_no(u, name, value, &yes))
            return false;
        note_replaced(u, UI_KEPT_PAUSE);
        u->paused = yes;
        u->steps = yes; /* its picture shows, and there it waits */
        vf_clock_unanchor(&u->clock);
    } else if (!strcmp(name, "loop-file")) {
        if (!yes_or_no(u, name, value, &yes))
            return false;
        note_replaced(u, UI_KEPT_LOOP);
        u->loop = yes;
        vf_playback_set_loop(u->playback, yes);
    } else if (!strcmp(name, "aid")) {
        if (u->opts->no_audio || vf_parse_long(value, 1, 1000, &whole)) {
            ui_note(u, "Shift+Q's aid=%s: %s", value,
                    u->opts->no_audio ? "no sound: --no-audio" : "not a track number");
            return false;
        }
        note_replaced(u, UI_KEPT_AID);
        u->audio_track = (int)whole; /* a track the input lacks: the sound says so */
    } else if (!strcmp(name, "sid")) {
        if (!strcmp(value, "no")) {
            u->subtitles = false;
        } else if (u->opts->no_subtitles || vf_parse_long(value, 1, 1000, &whole) || !cues ||
                   !vf_cues_has_track(cues, (int)whole)) {
            ui_note(u, "Shift+Q's sid=%s: %s", value,
                    u->opts->no_subtitles ? "no subtitles: --no-sub"
                                          : "no subtitle track the window can show");
            return false;
        } else {
            u->subtitle_track = (int)whole;
            u->subtitles = true;
        }
        u->redraw = true;
    } else if (strcmp(name, "ab-loop-a") && strcmp(name, "ab-loop-b")) {
        ui_note(u, "Shift+Q kept %s, which this window does not have", name);
        return false;
    } /* the loop's points wait for the seek (ui_resume_kept) */
    return true;
}

bool ui_take_kept(struct ui *u, int i, struct ui_kept *k)
{
    const char *url = ui_input_url(u, i);
    char err[1024];
    if (u->opts->no_resume || !url || (ui_input_given(u, i) && u->opts->webcam))
        return false;
    k->applied[0] = '\0';
    int taken =
        vf_watch_later_take(url, &k->start_s, k->settings, sizeof(k->settings), err, sizeof(err));
    if (taken < 0)
        ui_note(u, "%s", err);
    if (taken <= 0)
        return false;
    char name[32], value[VF_FILTER_SPEC_MAX];
    for (const char *line = k->settings; *line; line = strchr(line, '\n') + 1) {
        const size_t n = strcspn(line, "=");
        snprintf(name, sizeof(name), "%.*s", (int)(n < sizeof(name) ? n : 0), line);
        if (*name && vf_watch_later_get(line, name, value, sizeof(value)) &&
            apply_one(u, name, value))
            snprintf(k->applied + strlen(k->applied), sizeof(k->applied) - strlen(k->applied),
                     "%s%s", *k->applied ? ", " : "", name);
    }
    return true;
}

void ui_resume_kept(struct ui *u, const struct ui_kept *k)
{
    const struct vf_source_info *info = vf_playback_info(u->playback);
    /* a seek after the opening rather than a start there: a loop goes back to the start. A
     * --start on the command line goes first, as in mpv */
    char at[32] = "", a[32], b[32];
    const bool seek = ui_seekable(u) && !(ui_input_given(u, u->input) && u->opts->start.text);
    if (seek) {
        vf_describe_position(k->start_s, 0, true, at, sizeof(at));
        ui_seek(u, info->start_s + k->start_s, info->start_s + k->start_s);
    }
    double loop_a = -1, loop_b = -1;
    if (ui_seekable(u) && vf_watch_later_get(k->settings, "ab-loop-a", a, sizeof(a)) &&
        vf_parse_double(a, 0, INFINITY, &loop_a) == 0) {
        u->loop_a = info->start_s + loop_a;
        if (vf_watch_later_get(k->settings, "ab-loop-b", b, sizeof(b)) &&
            vf_parse_double(b, loop_a, INFINITY, &loop_b) == 0 && loop_b > loop_a)
            u->loop_b = info->start_s + loop_b;
    }
    if (seek && *k->applied)
        ui_note(u, "resumed at %s where Shift+Q left it, with %s", at, k->applied);
    else if (seek)
        ui_note(u, "resumed at %s, where Shift+Q left it", at);
    else if (*k->applied)
        ui_note(u, "%s as Shift+Q left them", k->applied);
}

void ui_print_tuned_filter(struct ui *u)
{
    const struct vf_options *o = u->opts;
    const struct vf_settings *s = &u->settings;
    char spec[VF_FILTER_SPEC_MAX], started[VF_FILTER_SPEC_MAX];
    if (vf_filter_spec(&s->filter, spec, sizeof(spec)) ||
        vf_filter_spec(&o->filter, started, sizeof(started)))
        return;
    if (!strcmp(spec, started) && s->border == o->border && s->variant == o->gpu_variant)
        return;
    /* the spec needs no quotes in a shell: names, numbers, ':', '=', ',' and '-' */
    ui_say(u, "the filter at the end, as options: -f %s --border %s --variant %s", spec,
           vf_border_names[s->border], vf_gpu_variant_names[s->variant]);
}
