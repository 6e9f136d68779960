/* The command line: one table of options turned into one struct. */
#ifndef VF_OPTIONS_H
#define VF_OPTIONS_H

#include <stdbool.h>
#include <stdio.h>

#include "filter.h"
#include "parse.h"
#include "subtitle_files.h"
#include "window_size.h"

enum vf_engine_choice { VF_USE_BOTH, VF_USE_CPU, VF_USE_GPU };

#define VF_MAX_CAMERA_OPTIONS 16

/* mpv's --keep-open: at the end of the last input the window holds its last picture (yes, the
 * default: the zero value), or closes (no); always: every input holds, none plays on. */
enum vf_keep_open { VF_KEEP_OPEN_LAST, VF_KEEP_OPEN_NO, VF_KEEP_OPEN_ALWAYS };

struct vf_options {
    const char *input;         /* NULL: the bundled sample; of several, the first */
    const char *const *inputs; /* several (argv's): the window plays one at a time, > and < */
    int input_count;
    const char *webcam;        /* device path when --webcam was given */
    const char *webcam_format; /* its libavdevice input; NULL: v4l2 */
    /* KEY=VALUE options of that input (--webcam-option; --webcam-size and --webcam-fps add
     * video_size= and framerate=, written in camera_text) */
    const char *camera_options[VF_MAX_CAMERA_OPTIONS];
    int camera_option_count;
    char camera_text[2][64];
    char filter_spec[1024];
    struct vf_filter filter;
    enum vf_border border;
    enum vf_engine_choice engine;
    int gpu_variant; /* enum vf_gpu_variant */
    const char *output;
    const char *codec;
    const char *output_format; /* container for --output; NULL: from its name */
    bool no_window;
    long frames;                 /* 0: all */
    struct vf_position start;    /* where the input begins for vfview; not given: its beginning */
    struct vf_position end;      /* and ends; with --length, the earlier; not given: its end */
    double length;               /* --length, seconds; 0: none */
    bool loop;                   /* start again at the end */
    bool loop_playlist;          /* the window: after the last input, the first again */
    enum vf_keep_open keep_open; /* the window at an input's end (mpv's --keep-open) */
    const char *playlist;        /* --playlist: its entries are inputs after the given ones */
    double image_duration_s; /* the window: a still among several shows this long; 0: for good */
    bool pause;              /* the window opens paused */
    bool fullscreen;         /* --fs: the window opens fullscreen */
    struct vf_window_request window; /* --geometry, --autofit, --autofit-larger */
    bool no_resume;                  /* --no-resume-playback: Shift+Q's positions left unread */
    bool as_stored;                  /* --no-autorotate: ignore the input's display matrix */
    bool keep_hdr;                   /* --no-tonemap: HDR pictures' values as stored */
    bool keep_fields;                /* --no-deinterlace: interlaced pictures as stored */
    int rotate;         /* degrees clockwise, after the input's own turn: 0, 90, 180, 270 */
    bool mirror;        /* left to right, after the turns */
    double speed;       /* the window's playback speed; 1: real time */
    bool no_audio;      /* the window plays no sound */
    bool no_subtitles;  /* --no-sub: the window shows none, recordings carry none */
    int audio_track;    /* --aid: 1 for the input's first audio stream...; 0: the best */
    int subtitle_track; /* --sid: the same for subtitles; 0: the best text one, all kept */
    const char *subtitle_files[VF_MAX_SUBTITLE_FILES]; /* --sub-file: more subtitle tracks */
    int subtitle_file_count;
    int volume;                 /* the window's sound, 0..100 */
    bool mute;                  /* the window opens muted */
    int threads;                /* 0: all cores */
    const char *input_conf;     /* key bindings over the built-in ones; NULL: the user's, if any */
    const char *screenshot_dir; /* where the window's screenshots go; NULL: the current folder */
    bool verbose;               /* FFmpeg's own log lines on stderr */
    bool quiet;                 /* no status line or progress on stderr */
    bool help;
    bool version;
    char config_path[1024]; /* the options file read, "" for none */
    char config_text[8192]; /* its values, which the options above may point into */
};

/* The options file, as mpv's mpv.conf: "NAME" or "NAME=VALUE" a line (the command line's long
 * names; '#' comments). $XDG_CONFIG_HOME/vfview/vfview.conf, else ~/.config/vfview/vfview.conf:
 * 0, or -1 when neither variable is set. */
int vf_options_file(char *path, size_t len);
/* The options file's options (vf_options_file; none with --no-config, or where there is no such
 * file), then argv's, which go after them: the command line's win, and a file's that cannot go
 * with the command line's (--pause with --no-window, --loop with --webcam...) are dropped.
 * Returns 0, or -1 with a one-line message in err that names the offending option (and the
 * file's line). */
int vf_options_parse(int argc, char **argv, struct vf_options *o, char *err, size_t errlen);
void vf_options_usage(FILE *out);
/* What this build can do, for --version and error messages: "core cuda media". */
const char *vf_build_features(void);

#endif
