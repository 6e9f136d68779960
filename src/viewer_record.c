/* The window's recordings ('r'): where each goes (-o's file, then numbered files beside it;
 * -o DIR/: named by the time in DIR; no -o: named by the time here), and how each ended. */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "folders.h"
#include "record_path.h"
#include "viewer_ui.h"

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

void ui_toggle_recording(struct ui *u)
{
    char msg[1200];
    if (vf_playback_recording(u->playback)) {
        vf_playback_record_stop(u->playback); /* ui_report_recordings says how it ended */
        ui_note(u, "finishing the recording...");
        return;
    }
    char path[1024], name[64];
    const char *format = u->opts->output_format; /* -o's container, and its numbered files' */
    const char *folder = vf_names_folder(u->opts->output) ? u->opts->output : NULL;
    if (folder) { /* -o DIR/: the recordings go there under the names they get without -o */
        ui_timestamped_name(name, sizeof(name), "mp4", u->recordings);
        snprintf(path, sizeof(path), "%s%s%s", folder, folder[strlen(folder) - 1] == '/' ? "" : "/",
                 name);
        if (vf_make_folders(folder, 0777, msg, sizeof(msg))) {
            ui_note(u, "cannot record: -o: %s", msg);
            return;
        }
        format = NULL;
    } else if (u->opts->output && u->recordings == 0) {
        snprintf(path, sizeof(path), "%s", u->opts->output);
    } else if (!u->opts->output || next_numbered(u->opts->output, path, sizeof(path))) {
        ui_timestamped_name(path, sizeof(path), "mp4", u->recordings);
        format = NULL;
    }
    u->recordings++;
    if (vf_playback_record_start(u->playback, path, u->opts->codec, format, u->audio_track, msg,
                                 sizeof(msg)))
        ui_note(u, "cannot record: %s", msg);
    else
        ui_note(u, "recording to %s (%s)", path, msg);
}

/* Says how stopped recordings ended once their files are closed; wait (quitting, or leaving
 * an input): for all of them. A failure makes the exit status 1. */
void ui_report_recordings(struct ui *u, bool wait)
{
    char msg[1200];
    int rc;
    while ((rc = vf_playback_record_result(u->playback, wait, msg, sizeof(msg)))) {
        const char *how = rc < 0 ? "recording failed: " : "recording stopped: ";
        if (wait)
            ui_say(u, "%s%s", how, msg);
        else
            ui_note(u, "%s%s", how, msg);
        u->failed |= rc < 0;
    }
}
