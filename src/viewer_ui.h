/* The window's state, shared by viewer.c (the loop, the keys, the mouse, playback) and
 * viewer_screen.c (what the halves, labels, panel and help show). Private to the viewer. */
#ifndef VF_VIEWER_UI_H
#define VF_VIEWER_UI_H

#include <SDL.h>
#include <stdbool.h>
#include <stdint.h>

#include "clock.h"
#include "cues.h"
#include "display.h"
#include "input_list.h"
#include "keymap.h"
#include "options.h"
#include "overlay.h"
#include "playback.h"
#include "progress.h"
#include "sound.h"
#include "watch_later.h"

struct series { /* every frame time of one engine, for the exit summary */
    double *ms;
    size_t count, capacity;
};

struct ui {
    const struct vf_options *opts;
    struct vf_playback *playback;
    struct vf_sound *sound; /* the input's sound; NULL: none, or --no-audio */
    int volume;             /* 0..VF_VOLUME_MAX */
    bool muted;
    char no_sound[1024]; /* why the input plays no sound although it has some; "": it does */
    /* the audio track chosen (--aid, '#'; tracks.h), which recordings then carry alone; 0: the
     * best, and recordings carry every one */
    int audio_track;
    const char *sound_url; /* what the sound was opened from, and where it ends (--end) */
    double sound_end_s;
    struct vf_display *display;
    struct vf_overlay *overlay;
    struct vf_overlay *help_overlay; /* the help's, smaller in a narrow window */
    struct {
        int w, h;    /* the window (drawable pixels) the help's size was found for */
        float text;  /* and the text's scale then */
        float scale; /* the size, for help_overlay */
    } help_fit;
    struct vf_settings settings;
    struct vf_keymap keys; /* the user's bindings over the built-in ones */
    struct vf_shown *current, *pending;
    int input; /* which of the inputs plays: the command line's, then the dropped */
    struct vf_input_list drops; /* files dropped on the window, folders and lists expanded */
    bool loop;                  /* each input starts again at its end */
    bool loop_at_start; /* as the window opened (--loop, the sample): Shift+Q keeps a change */
    bool paused, difference, original, help, panel_hidden, taps, quit, upload, redraw, ended;
    bool split;                 /* the halves in one place, split by a line ('w') */
    bool original_before_split; /* 'o' as it was before, for when the split view ends */
    double split_at;       /* the line's place across the picture, 0..1: it follows the pointer */
    bool subtitles;        /* the input's subtitles show ('j'; --no-sub: never) */
    int subtitle_track;    /* which (tracks.h): --sid's, else the best one; 0: none shows */
    int subtitles_at_open; /* the one showing when the input opened: Shift+Q keeps a change */
    /* what Shift+Q's settings replaced as the input playing opened, and which (UI_KEPT_*):
     * back when another input opens, as mpv's file-local options (viewer_resume.c) */
    struct ui_replaced {
        unsigned which;
        struct vf_settings settings; /* filter, border, variant */
        double speed;
        int volume, audio_track;
        bool muted, paused, loop;
    } replaced;
    char cue[512]; /* the cue the subtitle sprite shows, where it is text */
    /* where the sprite shows a cue drawn as a picture (cues.h: its id, its canvas), and the
     * part of it the sprite has, at the size it is over the pictures: both follow the pictures'
     * size and the zoom (viewer_screen.c) */
    uint64_t cue_picture_id;
    struct vf_cue_picture cue_picture;
    struct ui_cue_place {
        int sx, sy, sw, sh; /* the part of the cue inside the view, in its own pixels */
        int x, y, w, h;     /* where it is drawn, from the top left of a half's pictures */
    } cue_place;
    bool drop_text; /* the next text event is a key's that acted as a key (viewer.c, key_down) */
    int steps;      /* paused: pictures to show one by one (keys pressed faster than they come) */
    struct vf_clock clock;
    struct vf_view view;   /* the part of the picture both halves show */
    bool discarding;       /* after a seek: the pictures from before it are dropped */
    unsigned seek_serial;  /* the latest seek's pictures carry it, or a later one */
    double discard_until;  /* an unseekable input plays on with the serial it had */
    double seek_base_s;    /* while discarding: the position the seek will show */
    double loop_a, loop_b; /* the A-B loop's points, seconds; < 0: not set */
    bool scrubbing;        /* the left button went down on the seek bar and is held */
    bool scrub_pending;    /* a drag along the bar moved on while the last seek was under way */
    double scrub_to;       /* where to, in seconds */
    double hover_s;        /* the seek bar's time under the pointer; < 0: not over the bar */
    int hover_x;           /* the pointer's x then, drawable pixels */
    char hover_text[192];  /* what the time sprite shows */
    double hover_text_s;   /* for the pointer there */
    long shown, dropped, screenshots, recordings;
    long shown_at_open;        /* `shown` as the input playing opened: a still shows one picture */
    double ended_ms;           /* when the input playing came to its end (a still: at once) */
    bool play_on;              /* the end came, and what follows it is still to be done (play_on) */
    struct vf_progress status; /* the terminal's status line (ui_update_overlay) */
    bool failed;            /* a recording, or the textures of a switch of input: exit status 1 */
    struct series times[4]; /* CPU, GPU, the UI thread's own work: wall clock, then its CPU time */
    struct vf_graph graph;
    double fps_since, display_fps, last_panel, ui_ms;
    long fps_frames;
    char message[512];
    double message_until;
};

/* A message for the panel's last line, for a few seconds, and on stderr. */
void ui_note(struct ui *u, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A line on stderr alone, "vfview: " and the message, the status line cleared first. */
void ui_say(struct ui *u, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Where things are in the window now (side by side or split). */
struct vf_layout ui_layout(const struct ui *u);
/* Fullscreen on or off, or a message saying why not. */
void ui_toggle_fullscreen(struct ui *u);
/* The inputs: the command line's, then the files dropped on the window. */
int ui_input_count(const struct ui *u);
/* Whether the window shows a seek bar: a picture of an input with a duration, not a camera,
 * and the panel on ('i' hides both). */
bool ui_has_bar(const struct ui *u);
/* The viewer's commands (viewer.c), for the input (viewer_input.c): a binding's command; a seek
 * to target_s whose picture the panel names as shows_s until it comes; whether the input can
 * seek (if not, a note says why); input i opened in place of the one playing (0, or -1 with a
 * message, the one playing playing on). */
void ui_command(struct ui *u, const struct vf_key_binding *b);
void ui_seek(struct ui *u, double target_s, double shows_s);
bool ui_can_seek(struct ui *u);
int ui_open_input(struct ui *u, int i, char *err, size_t errlen);
/* Input i's file or URL (NULL: the camera); whether it is one of the command line's (not a file
 * dropped on the window). */
const char *ui_input_url(const struct ui *u, int i);
bool ui_input_given(const struct ui *u, int i);
/* Whether the input playing can seek, without a note (ui_can_seek notes why not). */
bool ui_seekable(const struct ui *u);
/* Where a relative seek starts: the picture on screen, or the one a seek is on its way to. */
double ui_position_s(const struct ui *u);
/* The filter, border and variant of u->settings, for the pictures from now on. */
void ui_apply_settings(struct ui *u);
/* The window's recordings (viewer_record.c): 'r' starts one (-o's file, numbered files beside
 * it after, or in -o's folder) or stops the one running; ui_report_recordings says how stopped
 * ones ended once their files are closed (wait: quitting, or leaving an input: for all of them),
 * a failure making the exit status 1. */
void ui_toggle_recording(struct ui *u);
void ui_report_recordings(struct ui *u, bool wait);
/* Shift+Q and the resume (viewer_resume.c). ui_keep_for_later writes the position and the
 * settings changed since the window opened, for the next time the input opens, and says so on
 * stderr. ui_take_kept, as input i opens (before its sound), takes what was kept for it and
 * applies the settings (a bad one is noted and left out): false when there was nothing.
 * ui_resume_kept then seeks there (unless --start says where), sets the A-B loop, and notes it. */
struct ui_kept {
    double start_s;
    char settings[VF_WATCH_LATER_SETTINGS];
    char applied[256]; /* the names of the settings applied, for the note */
};
void ui_keep_for_later(struct ui *u);
bool ui_take_kept(struct ui *u, int i, struct ui_kept *k);
void ui_resume_kept(struct ui *u, const struct ui_kept *k);
/* As the next input opens, the settings Shift+Q gave the one playing go back to what they
 * replaced (mpv's file-local options), whatever the keys did to them since: ui_settings_back
 * gives the filter's settings and the loop the next input opens with, and ui_put_back, once the
 * input playing is closed, sets them all. A subtitle track and an A-B loop belong to their input
 * anyway. */
void ui_settings_back(const struct ui *u, struct vf_settings *settings, bool *loop);
void ui_put_back(struct ui *u);
/* At the end, where the keys changed the filter, its border or the GPU variant: the options that
 * give them again (a headless run's), on stderr. */
void ui_print_tuned_filter(struct ui *u);
/* Screenshots (viewer_shots.c): "vfview-YYYYmmdd-HHMMSS-N.ext"; 's', the window as shown, and
 * 'S', the filtered picture at its own size (the GPU's where there is one), as PNGs in
 * --screenshot-dir, with a note naming the file or why none was written. */
void ui_timestamped_name(char *buf, size_t len, const char *ext, long n);
void ui_take_screenshot(struct ui *u);
void ui_save_picture(struct ui *u);
/* The window's events since the last call, waiting up to timeout_ms for the first. */
void ui_handle_events(struct ui *u, int timeout_ms);
/* A picture's time in seconds. */
double ui_seconds_of(const struct ui *u, int64_t pts);
/* A time on the input's clock (ui_seconds_of; seeks go there) as the user sees it: seconds into
 * the input, which may not start at 0. */
double ui_into_input(const struct ui *u, double seconds);
/* The pictures the halves show: the CPU's and the GPU's, or (original) the source and the
 * filtered picture, the GPU's where there is one. NULL: that half is empty. */
void ui_halves(const struct ui *u, const struct vf_frame *half[2]);
/* Whether the halves' pictures are equal byte for byte (the CPU's and the GPU's, identical). */
bool ui_halves_equal(const struct ui *u);
/* Where the pointer is over the pictures, as fractions of the half it is over (the centre when
 * it is over neither: false). */
bool ui_pointer_in_half(struct ui *u, double *fx, double *fy);
/* The sound (viewer_sound.c): the input's audio track opened, from url, ending at end_s (the
 * media time of --end; 0: at its end), or a note why none plays while the pictures play on; the
 * sound's thread giving up; m (points 0) or a step of the volume, for the sound playing and the
 * inputs after it; '#': the input's next audio track. */
void ui_open_sound(struct ui *u, const char *url, double end_s);
void ui_check_sound(struct ui *u);
void ui_change_volume(struct ui *u, int points);
void ui_cycle_audio(struct ui *u);
/* The subtitles (viewer_subtitles.c): the track a new input shows (--sid's, else the best one;
 * one the window cannot show is noted); 'j' (step 1) and 'J' (-1): the input's next or
 * previous track, off after the last (before the first). */
void ui_choose_subtitles(struct ui *u);
void ui_cycle_subtitles(struct ui *u, int step);
/* A subtitle file dropped on the window: a track of the input playing, shown at once (or a
 * note why not). */
void ui_add_subtitle_file(struct ui *u, const char *path);
/* The chapters (viewer_chapters.c): PgUp (step 1) and PgDn (-1) from `at` (seconds on the
 * input's clock), a note naming where to or why nowhere; the chapter showing at `at` ("2/3:
 * Middle"; "": none); where each starts, as fractions of the seek bar (up to max). */
void ui_step_chapter(struct ui *u, double at, int step);
void ui_chapter_showing(const struct ui *u, double at, char *buf, size_t len);
int ui_chapter_marks(const struct ui *u, double duration_s, double *marks, int max);
/* The panel, the labels over the halves, the GPU's message and the help, rendered again. */
void ui_update_overlay(struct ui *u, double now, char *gpu_status);
/* The halves and the overlays, into the back buffer. */
void ui_draw(struct ui *u, bool gpu_missing, double now);

#endif
