#include "options.h"
#include "build_config.h"
#include "clock.h"
#include "folders.h"
#include "keys.h"
#include "parse.h"
#include "variants.h"

#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

enum {
    OPT_WEBCAM = 256,
    OPT_WEBCAM_FORMAT,
    OPT_WEBCAM_SIZE,
    OPT_WEBCAM_FPS,
    OPT_WEBCAM_OPTION,
    OPT_BORDER,
    OPT_ENGINE,
    OPT_VARIANT,
    OPT_CODEC,
    OPT_FORMAT,
    OPT_NO_WINDOW,
    OPT_FRAMES,
    OPT_START,
    OPT_END,
    OPT_LENGTH,
    OPT_LOOP,
    OPT_LOOP_PLAYLIST,
    OPT_KEEP_OPEN,
    OPT_PLAYLIST,
    OPT_IMAGE_DURATION,
    OPT_PAUSE,
    OPT_FULLSCREEN,
    OPT_GEOMETRY,
    OPT_AUTOFIT,
    OPT_AUTOFIT_LARGER,
    OPT_NO_RESUME,
    OPT_AS_STORED,
    OPT_NO_TONEMAP,
    OPT_NO_DEINTERLACE,
    OPT_ROTATE,
    OPT_MIRROR,
    OPT_SPEED,
    OPT_NO_AUDIO,
    OPT_NO_SUB,
    OPT_AID,
    OPT_SID,
    OPT_SUB_FILE,
    OPT_VOLUME,
    OPT_MUTE,
    OPT_THREADS,
    OPT_INPUT_CONF,
    OPT_SCREENSHOT_DIR,
    OPT_NO_CONFIG,
    OPT_QUIET,
    OPT_VERSION,
    OPT_END_OF_IDS
};

struct cli_option {
    const char *name;
    int has_arg;
    int id;
    const char *arg;
    const char *help;
};

static const struct cli_option cli_options[] = {
    {"input", required_argument, 'i', "URL", "file, image, - (stdin) or any URL FFmpeg opens"},
    {"webcam", optional_argument, OPT_WEBCAM, "[=DEV]", "V4L2 camera, default /dev/video0"},
    {"webcam-size", required_argument, OPT_WEBCAM_SIZE, "WxH",
     "the camera's picture size, e.g. 1280x720 (its input's video_size)"},
    {"webcam-fps", required_argument, OPT_WEBCAM_FPS, "N", "the camera's frame rate (framerate)"},
    {"webcam-option", required_argument, OPT_WEBCAM_OPTION, "KEY=VAL",
     "any option of the camera's input, e.g. input_format=mjpeg (again for more)"},
    {"webcam-format", required_argument, OPT_WEBCAM_FORMAT, "NAME",
     "the camera's FFmpeg input device (default v4l2; lavfi: DEV is a filter graph)"},
    {"filter", required_argument, 'f', "SPEC", "NAME[:key=value...], see FILTERS"},
    {"border", required_argument, OPT_BORDER, "MODE", "clamp (default), zero or mirror"},
    {"engine", required_argument, OPT_ENGINE, "E",
     "both|cpu|gpu: window halves, or the engine that makes headless output"},
    {"variant", required_argument, OPT_VARIANT, "V",
     "GPU kernel: naive|naive-const|tiled|tiled-const|fast"},
    {"output", required_argument, 'o', "FILE",
     "record the filtered video (- = stdout; out%04d.png: images; DIR/: one file an input)"},
    {"codec", required_argument, OPT_CODEC, "NAME", "encoder (default H.264; ffv1 = lossless)"},
    {"format", required_argument, OPT_FORMAT, "NAME",
     "container for --output when its name has none (nut, matroska, mp4...)"},
    {"no-window", no_argument, OPT_NO_WINDOW, "", "headless run at full speed"},
    {"start", required_argument, OPT_START, "TIME",
     "begin this far into the input (seconds, MM:SS or HH:MM:SS; -TIME: before its end; P%; "
     "#N: chapter N)"},
    {"end", required_argument, OPT_END, "TIME",
     "end there, as if the input ended (a loop: back to --start; #N: where chapter N starts)"},
    {"length", required_argument, OPT_LENGTH, "TIME", "end this long after --start"},
    {"loop", no_argument, OPT_LOOP, "",
     "start again at the end, from --start (the bundled sample always does)"},
    {"playlist", required_argument, OPT_PLAYLIST, "FILE",
     "the inputs a playlist lists (one a line, as an .m3u), after any given"},
    {"image-display-duration", required_argument, OPT_IMAGE_DURATION, "S",
     "an image among several inputs shows S seconds, then the next plays (default inf: until "
     "a key moves on)"},
    {"loop-playlist", no_argument, OPT_LOOP_PLAYLIST, "",
     "the window goes on from the last input to the first (it plays them in turn)"},
    {"keep-open", required_argument, OPT_KEEP_OPEN, "WHEN",
     "yes: the window holds the last input's last picture (default); no: it closes there; "
     "always: every input holds its last picture (none plays on to the next)"},
    {"pause", no_argument, OPT_PAUSE, "", "open the window paused on the first picture"},
    {"fs", no_argument, OPT_FULLSCREEN, "", "open the window fullscreen (f: leave it)"},
    {"geometry", required_argument, OPT_GEOMETRY, "GEOM",
     "the window's size and place, as mpv's: W[xH][+-X+-Y] or X:Y, pixels or N% of the "
     "screen (50%: half its width, 1280x720-0-0: at the bottom right)"},
    {"autofit", required_argument, OPT_AUTOFIT, "W[xH]",
     "the window made as large as fits in W x H, its shape kept (pixels or N% of the screen)"},
    {"autofit-larger", required_argument, OPT_AUTOFIT_LARGER, "W[xH]",
     "the same, but only made smaller (default 90%x90%)"},
    {"no-resume-playback", no_argument, OPT_NO_RESUME, "",
     "start at the beginning (or --start) where Shift+Q kept a position, and keep it"},
    {"no-autorotate", no_argument, OPT_AS_STORED, "",
     "pictures as stored, not turned as the file says (phones' portrait video)"},
    {"no-tonemap", no_argument, OPT_NO_TONEMAP, "",
     "HDR video (PQ, HLG) as stored, not mapped to SDR as players show it"},
    {"no-deinterlace", no_argument, OPT_NO_DEINTERLACE, "",
     "interlaced video (DVD, 1080i) as stored, its fields not made into pictures"},
    {"rotate", required_argument, OPT_ROTATE, "DEG",
     "turn the pictures 90, 180 or 270 degrees clockwise, after the file's own turn"},
    {"mirror", no_argument, OPT_MIRROR, "", "mirror the pictures left to right (a selfie camera)"},
    {"speed", required_argument, OPT_SPEED, "X", "window playback speed, 1/16 to 16 (default 1)"},
    {"no-audio", no_argument, OPT_NO_AUDIO, "",
     "no sound: the window plays none and recordings carry none"},
    {"no-sub", no_argument, OPT_NO_SUB, "",
     "no subtitles: the window shows none and recordings carry none"},
    {"aid", required_argument, OPT_AID, "N",
     "audio track N (1: the first) played, and alone recorded; no: as --no-audio"},
    {"sid", required_argument, OPT_SID, "N",
     "subtitle track N (1: the first) shown, and alone recorded; no: as --no-sub"},
    {"sub-file", required_argument, OPT_SUB_FILE, "FILE",
     "one more subtitle track, shown and recorded, once per file (the window also finds "
     "film.srt and film.en.srt beside film.mkv)"},
    {"volume", required_argument, OPT_VOLUME, "N", "the window's sound, 0 to 100 (default 100)"},
    {"mute", no_argument, OPT_MUTE, "", "open the window with its sound muted (m: on / off)"},
    {"frames", required_argument, OPT_FRAMES, "N", "stop after N frames"},
    {"threads", required_argument, OPT_THREADS, "N",
     "CPU engine, decoder and conversion threads (default: all cores)"},
    {"input-conf", required_argument, OPT_INPUT_CONF, "FILE",
     "window keys (default: ~/.config/vfview/input.conf if there is one)"},
    {"screenshot-dir", required_argument, OPT_SCREENSHOT_DIR, "DIR",
     "where the window's screenshots (s, S) go, made if missing (default: the current folder)"},
    {"no-config", no_argument, OPT_NO_CONFIG, "",
     "leave the options file unread (~/.config/vfview/vfview.conf: NAME=VALUE a line)"},
    {"quiet", no_argument, OPT_QUIET, "",
     "no status line on a terminal (the window's position and times, a headless run's "
     "progress)"},
    {"verbose", no_argument, 'v', "", "also show FFmpeg's own messages"},
    {"help", no_argument, 'h', "", "this text"},
    {"version", no_argument, OPT_VERSION, "", "version and built features"},
};
enum { CLI_COUNT = sizeof(cli_options) / sizeof(cli_options[0]) };

const char *vf_build_features(void)
{
    return "core" VF_FEATURE_CUDA VF_FEATURE_NPP VF_FEATURE_MEDIA VF_FEATURE_VIEWER;
}

void vf_options_usage(FILE *out)
{
    fprintf(
        out,
        "usage: vfview [options] [INPUT...]   (no INPUT: the bundled sample clip; several, or a "
        "folder: in turn, > and < switch)\n"
        "       vfview bench [options]        (vfview bench --help)\n\noptions:\n");
    for (int i = 0; i < CLI_COUNT; i++) {
        char left[64];
        const struct cli_option *c = &cli_options[i];
        const char *sep = c->has_arg == required_argument ? " " : "";
        if (c->id < 256)
            snprintf(left, sizeof(left), "-%c, --%s%s%s", c->id, c->name, sep, c->arg);
        else
            snprintf(left, sizeof(left), "    --%s%s%s", c->name, sep, c->arg);
        fprintf(out, "  %-28s %s\n", left, c->help);
    }
    fprintf(out, "\nfilters:\n");
    for (int p = 0; p < VF_PRESET_COUNT; p++)
        fprintf(out, "  %-10s %-20s %s\n", vf_presets[p].name,
                *vf_presets[p].keys ? vf_presets[p].keys : "-", vf_presets[p].description);
    fprintf(out, "  example: -f gaussian:size=7:sigma=2   -f custom:matrix=\"0 -1 0 -1 5 -1 0 -1 "
                 "0\":div=1:bias=0\n  size: odd, 3..31\n\nkeys (window):\n");
    for (size_t k = 0; k < vf_key_binding_count; k++)
        if (vf_key_bindings[k].label)
            fprintf(out, "  %-12s %s\n", vf_key_bindings[k].label, vf_key_bindings[k].help);
    fprintf(out, "  rebind them in ~/.config/vfview/input.conf or --input-conf FILE, one \"KEY "
                 "COMMAND [ARGUMENT]\" a line\n  (the defaults in that form: assets/input.conf in "
                 "the source)\n");
}

static int fail(char *err, size_t len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, len, fmt, ap);
    va_end(ap);
    return -1;
}

/* --webcam-size, --webcam-fps and --webcam-option, as KEY=VALUE options of the camera's input */
static int add_camera_option(struct vf_options *o, int id, const char *arg, char *err, size_t len)
{
    const char *name = id == OPT_WEBCAM_SIZE  ? "--webcam-size"
                       : id == OPT_WEBCAM_FPS ? "--webcam-fps"
                                              : "--webcam-option";
    if (o->camera_option_count == VF_MAX_CAMERA_OPTIONS)
        return fail(err, len, "%s: at most %d camera options", name, VF_MAX_CAMERA_OPTIONS);
    const char *option = arg;
    if (id == OPT_WEBCAM_SIZE) {
        long w, h;
        const char *x = strchr(arg, 'x');
        char width[16];
        if (!x || (size_t)(x - arg) >= sizeof(width))
            return fail(err, len, "%s: '%s' is not WIDTHxHEIGHT (1280x720)", name, arg);
        memcpy(width, arg, (size_t)(x - arg));
        width[x - arg] = '\0';
        if (vf_parse_long(width, 1, 65536, &w) || vf_parse_long(x + 1, 1, 65536, &h))
            return fail(err, len, "%s: '%s' is not WIDTHxHEIGHT (1280x720)", name, arg);
        snprintf(o->camera_text[0], sizeof(o->camera_text[0]), "video_size=%ldx%ld", w, h);
        option = o->camera_text[0];
    } else if (id == OPT_WEBCAM_FPS) {
        double fps;
        if (vf_parse_double(arg, 0.01, 1000, &fps))
            return fail(err, len, "%s: '%s' is not a frame rate from 0.01 to 1000", name, arg);
        snprintf(o->camera_text[1], sizeof(o->camera_text[1]), "framerate=%s", arg);
        option = o->camera_text[1];
    } else if (arg[0] == '=' || !strchr(arg, '=')) {
        return fail(err, len, "%s: '%s' is not KEY=VALUE (input_format=mjpeg)", name, arg);
    }
    o->camera_options[o->camera_option_count++] = option;
    return 0;
}

/* The words of the choices, in the order of their enums' values. */
static const char *const ENGINE_WORDS[] = {"both", "cpu", "gpu", NULL};
static const char *const KEEP_OPEN_WORDS[] = {"yes", "no", "always", NULL};

/* The index of arg among words (NULL at their end), or -1. */
static int word_index(const char *arg, const char *const *words)
{
    for (int i = 0; words[i]; i++)
        if (!strcmp(arg, words[i]))
            return i;
    return -1;
}

static int apply(struct vf_options *o, int id, const char *arg, char *err, size_t len)
{
    long n;
    char ferr[256];
    switch (id) {
    case 'i':
        if (o->input)
            return fail(err, len, "--input: give it once; more INPUTs follow the options");
        o->input = arg;
        break;
    case OPT_WEBCAM:
        o->webcam = arg ? arg : "/dev/video0";
        break;
    case OPT_WEBCAM_FORMAT:
        o->webcam_format = arg;
        break;
    case OPT_WEBCAM_SIZE:
    case OPT_WEBCAM_FPS:
    case OPT_WEBCAM_OPTION:
        if (add_camera_option(o, id, arg, err, len))
            return -1;
        break;
    case 'f':
        if (vf_filter_parse(arg, &o->filter, ferr, sizeof(ferr)))
            return fail(err, len, "--filter: %s", ferr);
        snprintf(o->filter_spec, sizeof(o->filter_spec), "%s", arg);
        break;
    case OPT_BORDER:
        if (vf_border_parse(arg, &o->border))
            return fail(err, len, "--border: '%s' is not clamp, zero or mirror", arg);
        break;
    case OPT_ENGINE:
        if ((n = word_index(arg, ENGINE_WORDS)) < 0)
            return fail(err, len, "--engine: '%s' is not both, cpu or gpu", arg);
        o->engine = (enum vf_engine_choice)n;
        break;
    case OPT_VARIANT:
        if (vf_gpu_variant_find(arg) < 0)
            return fail(err, len,
                        "--variant: '%s' is not naive, naive-const, tiled, tiled-const or fast",
                        arg);
        o->gpu_variant = vf_gpu_variant_find(arg);
        break;
    case 'o':
        o->output = arg;
        break;
    case OPT_CODEC:
        o->codec = arg;
        break;
    case OPT_FORMAT:
        o->output_format = arg;
        break;
    case OPT_INPUT_CONF:
        o->input_conf = arg;
        break;
    case OPT_NO_WINDOW:
        o->no_window = true;
        break;
    case OPT_FRAMES:
        if (vf_parse_long(arg, 1, 1L << 40, &n))
            return fail(err, len, "--frames: '%s' is not a positive integer", arg);
        o->frames = n;
        break;
    case OPT_START:
    case OPT_END:
        if (vf_parse_position(arg, id == OPT_START ? &o->start : &o->end))
            return fail(err, len,
                        "--%s: '%s' is not a time (seconds, MM:SS or HH:MM:SS; -TIME: before the "
                        "end; P%%: of the length; #N: where chapter N starts)",
                        id == OPT_START ? "start" : "end", arg);
        break;
    case OPT_LENGTH:
        if (vf_parse_seconds(arg, 0, 1e9, &o->length) || o->length <= 0)
            return fail(err, len,
                        "--length: '%s' is not a time above 0 (seconds, MM:SS or HH:MM:SS)", arg);
        break;
    case OPT_LOOP:
        o->loop = true;
        break;
    case OPT_LOOP_PLAYLIST:
        o->loop_playlist = true;
        break;
    case OPT_KEEP_OPEN:
        if ((n = word_index(arg, KEEP_OPEN_WORDS)) < 0)
            return fail(err, len, "--keep-open: '%s' is not yes, no or always", arg);
        o->keep_open = (enum vf_keep_open)n;
        break;
    case OPT_PLAYLIST:
        o->playlist = arg;
        break;
    case OPT_IMAGE_DURATION:
        if (!strcmp(arg, "inf"))
            o->image_duration_s = 0;
        else if (vf_parse_double(arg, 0.001, 1e6, &o->image_duration_s))
            return fail(err, len, "--image-display-duration: '%s' is not seconds above 0, or inf",
                        arg);
        break;
    case OPT_PAUSE:
        o->pause = true;
        break;
    case OPT_FULLSCREEN:
        o->fullscreen = true;
        break;
    case OPT_GEOMETRY:
        if (vf_geometry_parse(arg, &o->window.geometry))
            return fail(err, len,
                        "--geometry: '%s' is not W[xH][+-X+-Y] or X:Y (pixels, or N%% of the "
                        "screen)",
                        arg);
        break;
    case OPT_AUTOFIT:
    case OPT_AUTOFIT_LARGER:
        if (vf_autofit_parse(arg,
                             id == OPT_AUTOFIT ? &o->window.autofit : &o->window.autofit_larger))
            return fail(err, len, "--%s: '%s' is not W or WxH (pixels, or N%% of the screen)",
                        id == OPT_AUTOFIT ? "autofit" : "autofit-larger", arg);
        break;
    case OPT_NO_RESUME:
        o->no_resume = true;
        break;
    case OPT_NO_TONEMAP:
        o->keep_hdr = true;
        break;
    case OPT_NO_DEINTERLACE:
        o->keep_fields = true;
        break;
    case OPT_AS_STORED:
        o->as_stored = true;
        break;
    case OPT_ROTATE:
        if (vf_parse_long(arg, 0, 270, &n) || n % 90)
            return fail(err, len, "--rotate: '%s' is not 0, 90, 180 or 270 (degrees clockwise)",
                        arg);
        o->rotate = (int)n;
        break;
    case OPT_MIRROR:
        o->mirror = true;
        break;
    case OPT_SPEED:
        if (vf_parse_double(arg, VF_SPEED_MIN, VF_SPEED_MAX, &o->speed))
            return fail(err, len, "--speed: '%s' is not a number from 0.0625 to 16", arg);
        break;
    case OPT_NO_AUDIO:
        o->no_audio = true;
        break;
    case OPT_NO_SUB:
        o->no_subtitles = true;
        break;
    case OPT_AID:
        if (!strcmp(arg, "no"))
            o->no_audio = true;
        else if (vf_parse_long(arg, 1, 1000, &n))
            return fail(err, len, "--aid: '%s' is not a track number from 1, or no", arg);
        else
            o->audio_track = (int)n;
        break;
    case OPT_SID:
        if (!strcmp(arg, "no"))
            o->no_subtitles = true;
        else if (vf_parse_long(arg, 1, 1000, &n))
            return fail(err, len, "--sid: '%s' is not a track number from 1, or no", arg);
        else
            o->subtitle_track = (int)n;
        break;
    case OPT_SUB_FILE:
        if (o->subtitle_file_count == VF_MAX_SUBTITLE_FILES)
            return fail(err, len, "--sub-file: at most %d files", VF_MAX_SUBTITLE_FILES);
        o->subtitle_files[o->subtitle_file_count++] = arg;
        break;
    case OPT_VOLUME:
        if (vf_parse_long(arg, 0, 100, &n))
            return fail(err, len, "--volume: '%s' is not an integer from 0 to 100", arg);
        o->volume = (int)n;
        break;
    case OPT_MUTE:
        o->mute = true;
        break;
    case OPT_THREADS:
        if (vf_parse_long(arg, 1, 1024, &n))
            return fail(err, len, "--threads: '%s' is not an integer from 1 to 1024", arg);
        o->threads = (int)n;
        break;
    case 'v':
        o->verbose = true;
        break;
    case OPT_QUIET:
        o->quiet = true;
        break;
    case OPT_SCREENSHOT_DIR:
        if (!*arg)
            return fail(err, len, "--screenshot-dir: an empty name");
        o->screenshot_dir = arg;
        break;
    case OPT_NO_CONFIG: /* seen before the file was read */
        break;
    case 'h':
        o->help = true;
        break;
    case OPT_VERSION:
        o->version = true;
        break;
    }
    return 0;
}

int vf_options_file(char *path, size_t len)
{
    return vf_user_path("XDG_CONFIG_HOME", ".config", "vfview.conf", path, len);
}

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n' || s[n - 1] == '\r'))
        s[--n] = '\0';
    return s;
}

/* One line of the options file, applied; its value kept in o->config_text from *used on. */
static int apply_line(struct vf_options *o, char *line, size_t *used, bool *from_file, char *err,
                      size_t len)
{
    char *name = trim(line), *value = strchr(name, '=');
    if (!strncmp(name, "--", 2))
        name += 2;
    if (value) {
        *value = '\0';
        value = trim(value + 1);
        name = trim(name);
        size_t n = strlen(value);
        if (n >= 2 && value[0] == '"' && value[n - 1] == '"') { /* as a shell would take it */
            value[n - 1] = '\0';
            value++;
        }
    }
    const struct cli_option *c = NULL;
    for (int i = 0; i < CLI_COUNT && !c; i++)
        if (!strcmp(cli_options[i].name, name))
            c = &cli_options[i];
    if (!c)
        return fail(err, len, "unknown option '%s'", name);
    if (c->id == 'i' || c->id == OPT_WEBCAM || c->id == 'h' || c->id == OPT_VERSION ||
        c->id == OPT_NO_CONFIG)
        return fail(err, len, "--%s belongs on the command line", name);
    if (c->has_arg == no_argument && value)
        return fail(err, len, "--%s takes no value", name);
    if (c->has_arg == required_argument && (!value || !*value))
        return fail(err, len, "--%s needs a value (%s=%s)", name, name, c->arg);
    char *kept = NULL;
    if (value) {
        const size_t n = strlen(value) + 1;
        if (n > sizeof(o->config_text) - *used)
            return fail(err, len, "more values than %zu bytes", sizeof(o->config_text));
        kept = memcpy(o->config_text + *used, value, n);
        *used += n;
    }
    from_file[c->id] = true;
    return apply(o, c->id, kept, err, len);
}

/* The options file's lines applied in order: 0 (also when there is no file), or -1 with a
 * message naming the file and the line. */
static int apply_file(struct vf_options *o, bool *from_file, char *err, size_t len)
{
    FILE *f = fopen(o->config_path, "r");
    if (!f) {
        if (errno == ENOENT || errno == ENOTDIR) {
            o->config_path[0] = '\0';
            return 0;
        }
        return fail(err, len, "%s: cannot read: %s", o->config_path, strerror(errno));
    }
    char line[4096], why[512];
    size_t used = 0;
    int rc = 0;
    for (int number = 1; rc == 0 && fgets(line, sizeof(line), f); number++) {
        if (!strchr(line, '\n') && !feof(f))
            rc = fail(why, sizeof(why), "a line longer than %zu bytes", sizeof(line) - 2);
        else if (*trim(line) && *trim(line) != '#')
            rc = apply_line(o, line, &used, from_file, why, sizeof(why));
        if (rc)
            fail(err, len, "%s:%d: %s", o->config_path, number, why);
    }
    if (rc == 0 && ferror(f)) /* a folder opens, and reads fail */
        rc = fail(err, len, "%s: cannot read: %s", o->config_path, strerror(errno));
    fclose(f);
    return rc;
}

/* The long name of the option whose id is `id`. */
static const char *option_name(int id)
{
    for (int i = 0; i < CLI_COUNT; i++)
        if (cli_options[i].id == id)
            return cli_options[i].name;
    return "?";
}

/* The options that only the window has: --no-window cannot go with them. */
static const int WINDOW_ONLY[] = {OPT_PAUSE,         OPT_SPEED,          OPT_FULLSCREEN,
                                  OPT_GEOMETRY,      OPT_AUTOFIT,        OPT_AUTOFIT_LARGER,
                                  OPT_LOOP_PLAYLIST, OPT_IMAGE_DURATION, OPT_KEEP_OPEN};
enum { WINDOW_ONLY_COUNT = sizeof(WINDOW_ONLY) / sizeof(WINDOW_ONLY[0]) };

/* Whether window option `id` is set; unset: reset to its default. */
static bool window_option(struct vf_options *o, int id, bool unset)
{
    struct vf_window_request *w = &o->window;
    const struct vf_window_request none = {0};
    bool set = false;
    switch (id) {
    case OPT_PAUSE:
        set = o->pause;
        o->pause &= !unset;
        break;
    case OPT_SPEED:
        set = o->speed != 1;
        o->speed = unset ? 1 : o->speed;
        break;
    case OPT_FULLSCREEN:
        set = o->fullscreen;
        o->fullscreen &= !unset;
        break;
    case OPT_GEOMETRY:
        set = w->geometry.w.given || w->geometry.x.given;
        w->geometry = unset ? none.geometry : w->geometry;
        break;
    case OPT_AUTOFIT:
        set = w->autofit.w.given;
        w->autofit = unset ? none.autofit : w->autofit;
        break;
    case OPT_AUTOFIT_LARGER:
        set = w->autofit_larger.w.given;
        w->autofit_larger = unset ? none.autofit_larger : w->autofit_larger;
        break;
    case OPT_LOOP_PLAYLIST:
        set = o->loop_playlist;
        o->loop_playlist &= !unset;
        break;
    case OPT_KEEP_OPEN:
        set = o->keep_open != VF_KEEP_OPEN_LAST;
        o->keep_open = unset ? VF_KEEP_OPEN_LAST : o->keep_open;
        break;
    case OPT_IMAGE_DURATION:
        set = o->image_duration_s > 0;
        o->image_duration_s = unset ? 0 : o->image_duration_s;
        break;
    }
    return set;
}

/* The first window option set (by the command line only where from_file is given), or -1. */
static int window_option_set(struct vf_options *o, const bool *from_file)
{
    for (int i = 0; i < WINDOW_ONLY_COUNT; i++)
        if (window_option(o, WINDOW_ONLY[i], false) && !(from_file && from_file[WINDOW_ONLY[i]]))
            return WINDOW_ONLY[i];
    return -1;
}

/* A file's option yields where the command line's cannot go with it: dropped, as if not given. */
static void yield_to_command_line(struct vf_options *o, const bool *from_file)
{
    const struct vf_position none = {0};
    if (from_file[OPT_NO_WINDOW] && (o->input_count > 1 || window_option_set(o, from_file) >= 0))
        o->no_window = false;
    for (int i = 0; o->no_window && i < WINDOW_ONLY_COUNT; i++)
        if (from_file[WINDOW_ONLY[i]])
            window_option(o, WINDOW_ONLY[i], true);
    if (o->webcam) {
        if (from_file[OPT_LOOP])
            o->loop = false;
        if (from_file[OPT_START])
            o->start = none;
        if (from_file[OPT_SPEED])
            o->speed = 1;
    } else if (from_file[OPT_WEBCAM_FORMAT] || from_file[OPT_WEBCAM_SIZE] ||
               from_file[OPT_WEBCAM_FPS] || from_file[OPT_WEBCAM_OPTION]) {
        /* the camera's settings, for when there is one */
        o->webcam_format = NULL;
        o->camera_option_count = 0;
    }
}

int vf_options_parse(int argc, char **argv, struct vf_options *o, char *err, size_t errlen)
{
    struct option longopts[CLI_COUNT + 1];
    char shortopts[64] = ":";
    memset(o, 0, sizeof(*o));
    memset(longopts, 0, sizeof(longopts));
    vf_filter_default(&o->filter, VF_SHARPEN);
    snprintf(o->filter_spec, sizeof(o->filter_spec), "sharpen");
    o->border = VF_BORDER_CLAMP;
    o->engine = VF_USE_BOTH;
    o->gpu_variant = VF_GPU_FAST;
    o->speed = 1;
    o->volume = 100;
    for (int i = 0; i < CLI_COUNT; i++) {
        const struct cli_option *c = &cli_options[i];
        longopts[i] = (struct option){c->name, c->has_arg, NULL, c->id};
        if (c->id < 256) {
            size_t l = strlen(shortopts);
            shortopts[l] = (char)c->id;
            shortopts[l + 1] = c->has_arg == required_argument ? ':' : '\0';
        }
    }
    bool from_file[OPT_END_OF_IDS] = {false}, no_config = false;
    for (int i = 1; i < argc && strcmp(argv[i], "--"); i++)
        no_config |= !strcmp(argv[i], "--no-config");
    if (!no_config && vf_options_file(o->config_path, sizeof(o->config_path)) == 0 &&
        apply_file(o, from_file, err, errlen))
        return -1;
    opterr = 0;
    optind = 0; /* GNU: full reinitialisation, so the parser can run more than once */
    for (int c; (c = getopt_long(argc, argv, shortopts, longopts, NULL)) != -1;) {
        if (c == '?') {
            if (optopt)
                return fail(err, errlen, "unknown option '-%c' (see --help)", optopt);
            return fail(err, errlen, "unknown option '%s' (see --help)", argv[optind - 1]);
        }
        if (c == ':')
            return fail(err, errlen, "option '%s' needs a value", argv[optind - 1]);
        if (apply(o, c, optarg, err, errlen))
            return -1;
        from_file[c] = false; /* the command line's own now */
    }
    if (optind < argc) { /* getopt moved them to the end, in their order */
        if (o->input)
            return fail(err, errlen, "unexpected argument '%s': give INPUT or --input, not both",
                        argv[optind]);
        o->input = argv[optind];
        o->inputs = (const char *const *)argv + optind;
        o->input_count = argc - optind;
    } else if (o->input) {
        o->input_count = 1; /* inputs stays NULL: the one is `input` */
    }
    yield_to_command_line(o, from_file);
    /* several inputs with --no-window: one recording each into -o FOLDER/ (app.c) */
    if (o->input && o->webcam)
        return fail(err, errlen, "--webcam: give either INPUT or --webcam, not both");
    if (o->playlist && o->webcam)
        return fail(err, errlen, "--webcam: give either --playlist or --webcam, not both");
    if (o->webcam_format && !o->webcam)
        return fail(err, errlen, "--webcam-format: only with --webcam");
    if (o->camera_option_count && !o->webcam)
        return fail(err, errlen,
                    "--webcam-size, --webcam-fps, --webcam-option: only with --webcam");
    if (o->loop && o->webcam)
        return fail(err, errlen, "--loop: a camera has no end; not with --webcam");
    if (vf_position_seconds(o->start, 0, NULL, 0) != 0 && o->webcam)
        return fail(err, errlen, "--start: a camera starts now; not with --webcam");
    /* the other forms wait for the input's length (vf_decoder_open) */
    if (o->end.text && o->end.from == VF_FROM_START && o->start.from == VF_FROM_START &&
        o->end.value <= o->start.value)
        return fail(err, errlen, "--end %g s is not after --start %g s", o->end.value,
                    o->start.value);
    if (o->speed != 1 && o->webcam)
        return fail(err, errlen, "--speed: a camera plays at its own pace; not with --webcam");
    const int window_only = o->no_window ? window_option_set(o, NULL) : -1;
    if (window_only == OPT_PAUSE || window_only == OPT_SPEED)
        return fail(err, errlen, "--%s: the window's; --no-window runs at full speed",
                    o->pause ? "pause" : "speed");
    if (window_only >= 0)
        return fail(err, errlen, "--%s: the window's; not with --no-window",
                    option_name(window_only));
    return 0;
}
