/* The window's sound: opening the input's audio track, its volume, and the '#' key that goes
 * to the next track (viewer_ui.h). */
#include <stdio.h>

#include "viewer_ui.h"

static const char *why_no_sound(const struct ui *u)
{
    return u->opts->no_audio ? "no sound: --no-audio"
           : u->no_sound[0]  ? u->no_sound
                             : "this input has no sound";
}

void ui_open_sound(struct ui *u, const char *url, double end_s)
{
    char err[1024];
    struct vf_sound_config sc = {.url = url,
                                 .track = u->audio_track,
                                 .volume = u->volume,
                                 .muted = u->muted,
                                 .end_s = end_s};
    u->sound_url = url;
    u->sound_end_s = end_s;
    u->sound = vf_sound_open(&sc, err, sizeof(err));
    snprintf(u->no_sound, sizeof(u->no_sound), "%s", err);
    if (!u->sound && err[0])
        ui_note(u, "%s", err);
}

void ui_check_sound(struct ui *u)
{
    const char *error = u->sound ? vf_sound_error(u->sound) : NULL;
    if (error) {
        ui_note(u, "%s", error);
        snprintf(u->no_sound, sizeof(u->no_sound), "%s", error);
        vf_sound_close(u->sound);
        u->sound = NULL;
    }
}

void ui_change_volume(struct ui *u, int points)
{
    if (points) {
        int volume = u->volume + points;
        u->volume = volume < 0 ? 0 : volume > VF_VOLUME_MAX ? VF_VOLUME_MAX : volume;
    } else {
        u->muted = !u->muted;
    }
    vf_sound_set_volume(u->sound, u->volume, u->muted);
    if (!u->sound)
        ui_note(u, "%s", why_no_sound(u));
    else if (points)
        ui_note(u, "volume %d%%%s", u->volume, u->muted ? " (muted: m)" : "");
    else if (u->muted)
        ui_note(u, "sound off");
    else
        ui_note(u, "sound on, volume %d%%", u->volume);
}

void ui_cycle_audio(struct ui *u)
{
    /* an input without the track --aid or '#' chose plays none: '#' starts again at the first */
    const bool retry = !u->sound && u->audio_track > 1 && u->sound_url;
    if (!u->sound && !retry) {
        ui_note(u, "%s", why_no_sound(u));
        return;
    }
    int count = 0;
    const int track = u->sound ? vf_sound_track(u->sound, &count) : 0;
    if (u->sound && count < 2) {
        ui_note(u, "audio track %s, the only one", vf_sound_track_name(u->sound));
        return;
    }
    if (retry) {
        u->audio_track = 1;
        ui_open_sound(u, u->sound_url, u->sound_end_s); /* from the picture on screen */
        if (u->sound)
            ui_note(u, "audio track %s", vf_sound_track_name(u->sound));
        else if (!u->no_sound[0]) /* ui_open_sound noted why, if it knew */
            ui_note(u, "%s", why_no_sound(u));
        return;
    }
    /* the same device plays on (reopening it left a gap, and some devices click) */
    char err[1024];
    if (vf_sound_switch_track(u->sound, track % count + 1, err, sizeof(err)) == 0) {
        u->audio_track = track % count + 1;
        ui_note(u, "audio track %s", vf_sound_track_name(u->sound));
    } else {
        ui_note(u, "%s", err);
    }
    ui_check_sound(u); /* a sound that stopped for good is closed, and the panel says why */
}
