/* The window's choice of subtitles: the track an input opens with, and the 'j' and 'J' keys that
 * go through the input's tracks and off, as mpv's do. */
#include "viewer_ui.h"

#include "cues.h"
#include "playback.h"
#include "tracks.h"

void ui_choose_subtitles(struct ui *u)
{
    const struct vf_cues *cues = vf_playback_cues(u->playback);
    const int wanted = u->opts->subtitle_track;
    u->subtitle_track = !cues ? 0 : wanted ? wanted : vf_cues_default_track(cues);
    if (!wanted || u->opts->no_subtitles || (cues && vf_cues_has_track(cues, wanted)))
        return;
    /* --sid named a track this input lacks, or one without a decoder here */
    const struct vf_source_info *info = vf_playback_info(u->playback);
    const int count =
        cues ? vf_cues_track_count(cues) : vf_track_count(info->format, AVMEDIA_TYPE_SUBTITLE);
    char track[512];
    vf_track_describe(info->format, AVMEDIA_TYPE_SUBTITLE, wanted, track, sizeof(track));
    if (count == 0)
        ui_note(u, "%s: --sid %d: it has no subtitles", info->name, wanted);
    else if (wanted > count)
        ui_note(u, "%s: --sid %d: it has %d subtitle track%s", info->name, wanted, count,
                count == 1 ? "" : "s");
    else
        ui_note(u, "%s: subtitle track %s cannot be shown here", info->name, track);
    u->subtitle_track = 0;
}

void ui_cycle_subtitles(struct ui *u, int step)
{
    const struct vf_cues *cues = u->playback ? vf_playback_cues(u->playback) : NULL;
    if (u->opts->no_subtitles) {
        ui_note(u, "subtitles off: --no-sub");
        return;
    }
    if (!cues || !vf_cues_step_track(cues, 0, 1)) {
        ui_note(u, "subtitles: this input has none the window can show");
        return;
    }
    /* off: the first (last) track; on: the next (previous), and off after the last */
    u->subtitle_track = vf_cues_step_track(cues, u->subtitles ? u->subtitle_track : 0, step);
    u->subtitles = u->subtitle_track != 0;
    u->redraw = true;
    if (!u->subtitles) {
        ui_note(u, "subtitles off");
        return;
    }
    char track[512];
    vf_cues_describe(cues, u->subtitle_track, track, sizeof(track));
    ui_note(u, "subtitles %s", track);
}

void ui_add_subtitle_file(struct ui *u, const char *path)
{
    char err[1200], track[512];
    const int added = u->opts->no_subtitles
                          ? -1
                          : vf_playback_add_subtitle_file(u->playback, path, err, sizeof(err));
    if (added < 0) {
        ui_note(u, "%s", u->opts->no_subtitles ? "subtitles off: --no-sub" : err);
        return;
    }
    u->subtitle_track = added;
    u->subtitles = true;
    u->redraw = true;
    vf_cues_describe(vf_playback_cues(u->playback), added, track, sizeof(track));
    ui_note(u, "subtitles %s", track);
}
