/* libFuzzer harness over what vfview reads as text: filter specs (each must be written back by
 * vf_filter_spec to one that reads as the same integer filter, as the window's last line and
 * Shift+Q's settings need), the keys' input.conf lines, times and positions (--start), the
 * window's --geometry and --autofit (placed on a screen, within its bounds), the command line
 * and the options file (vfview.conf), playlists, Shift+Q's watch_later files, the text of
 * subtitle cues and the names of subtitle files. The bytes are each of these whole, and each of
 * their lines. Files go to a folder of the harness's own, which XDG_CONFIG_HOME and
 * XDG_STATE_HOME point to. Build: meson setup build-fuzz -Dfuzz=enabled (clang); run:
 * build-fuzz/fuzz/fuzz_text CORPUS fuzz/text-seeds */
#include "filter.h"
#include "input_list.h"
#include "keymap.h"
#include "options.h"
#include "parse.h"
#include "subtitle_files.h"
#include "subtitle_text.h"
#include "watch_later.h"
#include "window_size.h"

#include <ftw.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { MAX_TEXT = 16384, MAX_ARGS = 48 };

static char folder[64];                      /* the harness's own, made once */
static char config[128];                     /* folder/vfview/vfview.conf */
static char playlist[128];                   /* folder/list.m3u */
static char keys_file[128];                  /* folder/vfview/input.conf */
static const char *input = "/fuzz/clip.mkv"; /* the input whose watch_later file is read */

static void die(const char *what, const char *text)
{
    fprintf(stderr, "fuzz_text: %s: '%s'\n", what, text);
    abort();
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (!f || fputs(text, f) < 0 || fclose(f))
        die("cannot write", path);
}

/* A spec that parses is written back, and what is written reads as the same integer filter. */
static void filter_round_trip(const char *spec)
{
    static struct vf_filter f, g;
    static char written[VF_FILTER_SPEC_MAX], again[VF_FILTER_SPEC_MAX];
    char err[512];
    if (vf_filter_parse(spec, &f, err, sizeof(err)))
        return;
    if (vf_filter_spec(&f, written, sizeof(written)))
        die("a parsed filter's spec does not fit", spec);
    if (vf_filter_parse(written, &g, err, sizeof(err)))
        die("a written spec does not parse", written);
    const size_t taps = sizeof(f.taps[0]) * (size_t)f.size * (size_t)f.size;
    if (f.size != g.size || f.divisor != g.divisor || f.bias != g.bias ||
        memcmp(f.taps, g.taps, taps))
        die("a written spec reads as another filter", written);
    if (vf_filter_spec(&g, again, sizeof(again)) || strcmp(written, again))
        die("a spec written twice differs", written);
    /* the keys' steps on it keep it a filter that can be written */
    for (int step = -1; step <= 1; step += 2) {
        g = f;
        vf_filter_resize(&g, step);
        vf_filter_adjust(&g, "amount", step);
        vf_filter_adjust(&g, "sigma", step);
        if (vf_filter_spec(&g, again, sizeof(again)))
            die("a stepped filter's spec does not fit", spec);
    }
}

static void positions(const char *text)
{
    struct vf_position p;
    const double chapters[3] = {0, 4, 12};
    double seconds;
    long n;
    if (vf_parse_position(text, &p) == 0)
        vf_position_seconds(p, 20, chapters, 3);
    vf_parse_seconds(text, -1e9, 1e9, &seconds);
    vf_parse_double(text, -1e9, 1e9, &seconds);
    vf_parse_long(text, LONG_MIN, LONG_MAX, &n);
}

/* A geometry or autofit that parses places a window on the screen with a size in bounds. */
static void window_sizes(const char *text)
{
    struct vf_window_request r;
    memset(&r, 0, sizeof(r));
    const bool geometry = vf_geometry_parse(text, &r.geometry) == 0;
    const bool autofit = vf_autofit_parse(text, &r.autofit) == 0;
    if (!geometry && !autofit)
        return;
    const struct vf_rect screens[2] = {{0, 0, 1600, 900}, {0, 0, 0, 0}};
    for (int s = 0; s < 2; s++) {
        const struct vf_rect w = vf_window_place(16384, 7, screens[s], &r);
        if (w.w < 1 || w.h < 1 || w.w > 16384 || w.h > 16384)
            die("a window placed out of bounds", text);
    }
}

/* The bytes, split at '\n' into words, as a command line after the program's name; then as the
 * options file, on its own and under a command line of no options. */
static void options(const char *text)
{
    static char copy[MAX_TEXT + 1];
    static struct vf_options o;
    char *argv[MAX_ARGS + 3] = {"vfview", "--no-config"};
    int argc = 2;
    char err[1024];
    snprintf(copy, sizeof(copy), "%s", text);
    for (char *word = copy; word && argc < MAX_ARGS + 2;) {
        char *end = strchr(word, '\n');
        if (end)
            *end = '\0';
        argv[argc++] = word;
        word = end ? end + 1 : NULL;
    }
    argv[argc] = NULL;
    vf_options_parse(argc, argv, &o, err, sizeof(err));
    write_file(config, text);
    char *alone[] = {"vfview", NULL};
    vf_options_parse(1, alone, &o, err, sizeof(err));
}

static void playlists(const char *text)
{
    struct vf_input_list list = {0};
    char err[1024];
    write_file(playlist, text);
    vf_input_list_add(&list, playlist, true, err, sizeof(err));
    vf_input_list_free(&list);
}

/* The bytes as Shift+Q's file for `input`, read back; and as its settings, looked up. */
static void watch_later(const char *text)
{
    static char settings[VF_WATCH_LATER_SETTINGS];
    char path[1024], err[1024], value[VF_FILTER_SPEC_MAX];
    double start_s;
    if (vf_watch_later_file(input, path, sizeof(path), err, sizeof(err)) == 0) {
        FILE *f = fopen(path, "w");
        if (!f) { /* its folders are made at the first save */
            vf_watch_later_save(input, 1, NULL, err, sizeof(err));
            f = fopen(path, "w");
        }
        if (f) {
            fputs(text, f);
            fclose(f);
        }
        if (vf_watch_later_take(input, &start_s, settings, sizeof(settings), err, sizeof(err)) == 1)
            vf_watch_later_get(settings, "filter", value, sizeof(value));
    }
    vf_watch_later_get(text, "filter", value, sizeof(value));
    snprintf(settings, sizeof(settings), "speed=2\n");
    vf_watch_later_set(settings, sizeof(settings), text, "1");
    vf_watch_later_set(settings, sizeof(settings), "filter", text);
}

/* A cue's plain text (the window's subtitles): as long as it says, within its room, with no
 * empty line at either end; and a subtitle file's name matched against a video's. */
static void subtitles(const char *text)
{
    static char plain[4096];
    const size_t rooms[2] = {sizeof(plain), 16};
    for (int i = 0; i < 2; i++) {
        const size_t n = vf_subtitle_plain(text, plain, rooms[i]);
        if (n != strlen(plain) || n >= rooms[i] ||
            (n && (plain[0] == '\n' || plain[n - 1] == '\n')))
            die("a cue's plain text is not as vf_subtitle_plain says", text);
    }
    char tag[64];
    if (vf_subtitle_file_matches("clip.mkv", text, tag, sizeof(tag)) && strlen(tag) >= sizeof(tag))
        die("a subtitle file's tag overran", text);
}

/* A line that binds a key binds the same key when written with the name the help gives it. */
static void key_line(const char *line)
{
    struct vf_key_binding b, again;
    char err[512], name[64], written[128];
    if (vf_keymap_parse_line(line, &b, err, sizeof(err)) != 1)
        return;
    vf_key_name(b.key, name, sizeof(name));
    snprintf(written, sizeof(written), "%s ignore", name);
    if (vf_keymap_parse_line(written, &again, err, sizeof(err)) != 1 || again.key != b.key)
        die("a key's name does not bind it again", line);
}

/* The bytes as an input.conf, loaded over the built-in keys, and the help's rows listed. */
static void keys(const char *text)
{
    static struct vf_keymap m;
    const struct vf_key_binding *rows[VF_HELP_ROWS_MAX];
    char err[1024];
    write_file(keys_file, text);
    if (vf_keymap_load(&m, keys_file, err, sizeof(err)) == 0)
        vf_keymap_help_rows(&m, rows, VF_HELP_ROWS_MAX);
}

static void each_line(const char *text)
{
    static char line[MAX_TEXT + 1];
    for (const char *at = text; *at;) {
        const size_t n = strcspn(at, "\n");
        memcpy(line, at, n);
        line[n] = '\0';
        key_line(line);
        filter_round_trip(line);
        positions(line);
        window_sizes(line);
        subtitles(line);
        at += n + (at[n] == '\n');
    }
}

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st;
    (void)flag;
    (void)ftw;
    return remove(path);
}

/* The harness's folder, and what the runs left in it, removed when the fuzzer exits. */
static void remove_folder(void)
{
    nftw(folder, remove_one, 8, FTW_DEPTH | FTW_PHYS);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    snprintf(folder, sizeof(folder), "/tmp/fuzz_text.XXXXXX");
    if (!mkdtemp(folder))
        die("cannot make a folder", folder);
    char vfview[128];
    snprintf(vfview, sizeof(vfview), "%s/vfview", folder);
    snprintf(config, sizeof(config), "%s/vfview.conf", vfview);
    snprintf(playlist, sizeof(playlist), "%s/list.m3u", folder);
    snprintf(keys_file, sizeof(keys_file), "%s/input.conf", vfview);
    if (mkdir(vfview, 0700) || setenv("XDG_CONFIG_HOME", folder, 1) ||
        setenv("XDG_STATE_HOME", folder, 1) || atexit(remove_folder))
        die("cannot set up", folder);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char text[MAX_TEXT + 1];
    if (size > MAX_TEXT)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0'; /* a zero byte ends the text early, as it would a file read as a string */
    filter_round_trip(text);
    positions(text);
    window_sizes(text);
    each_line(text);
    options(text);
    playlists(text);
    watch_later(text);
    subtitles(text);
    keys(text);
    return 0;
}
