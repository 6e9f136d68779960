/* Shift+Q's positions (watch_later.c): kept, read back once, only for their own input, in the
 * folder XDG_STATE_HOME or HOME names; bad files and folders give a clear message. */
#include "check.h"
#include "watch_later.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char root[256];

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    CHECK(f && fputs(text, f) >= 0, "cannot write %s", path);
    if (f)
        fclose(f);
}

static bool exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

static void round_trips(void)
{
    char err[512] = "", path[1024], want[1024];
    double at = -1;
    CHECK(vf_watch_later_save("film.mkv", 83.25, NULL, err, sizeof(err)) == 0, "save: %s", err);
    CHECK(vf_watch_later_file("film.mkv", path, sizeof(path), err, sizeof(err)) == 0, "%s", err);
    snprintf(want, sizeof(want), "%s/state/vfview/watch_later/", root);
    CHECK(!strncmp(path, want, strlen(want)) && strlen(path) == strlen(want) + 16,
          "the file is named by 16 hex digits in the state folder: %s", path);
    CHECK(exists(path), "%s written", path);
    char part[1100];
    snprintf(part, sizeof(part), "%s.%ld.part", path, (long)getpid());
    CHECK(!exists(part), "no part file left beside it");
    CHECK(vf_watch_later_take("film.mkv", &at, NULL, 0, err, sizeof(err)) == 1 && at == 83.25,
          "taken: %f (%s)", at, err);
    CHECK(!exists(path), "taken once: the file is gone");
    at = -1;
    CHECK(vf_watch_later_take("film.mkv", &at, NULL, 0, err, sizeof(err)) == 0 && at == -1,
          "nothing the second time");

    /* two inputs, two files; the later save of one replaces its earlier */
    CHECK(!vf_watch_later_save("a.mkv", 10, NULL, err, sizeof(err)), "%s", err);
    CHECK(!vf_watch_later_save("b.mkv", 20.5, NULL, err, sizeof(err)), "%s", err);
    CHECK(!vf_watch_later_save("a.mkv", 12, NULL, err, sizeof(err)), "%s", err);
    CHECK(vf_watch_later_take("b.mkv", &at, NULL, 0, err, sizeof(err)) == 1 && at == 20.5, "b: %f",
          at);
    CHECK(vf_watch_later_take("a.mkv", &at, NULL, 0, err, sizeof(err)) == 1 && at == 12, "a: %f",
          at);

    /* "x.mkv" from its folder and its absolute path are one input; a URL is kept as given */
    char absolute[600];
    snprintf(absolute, sizeof(absolute), "%s/x.mkv", root);
    write_file(absolute, "");
    CHECK(!vf_watch_later_save("x.mkv", 7.5, NULL, err, sizeof(err)), "%s", err);
    CHECK(vf_watch_later_take(absolute, &at, NULL, 0, err, sizeof(err)) == 1 && at == 7.5,
          "x.mkv taken by its absolute path: %f", at);
    CHECK(!vf_watch_later_save("https://example.com/talk.mp4", 99, NULL, err, sizeof(err)), "%s",
          err);
    CHECK(vf_watch_later_take("https://example.com/talk.mp4", &at, NULL, 0, err, sizeof(err)) ==
                  1 &&
              at == 99,
          "a URL: %f", at);
    /* a position before the start is kept as the start */
    CHECK(!vf_watch_later_save("c.mkv", -3, NULL, err, sizeof(err)), "%s", err);
    CHECK(vf_watch_later_take("c.mkv", &at, NULL, 0, err, sizeof(err)) == 1 && at == 0, "-3: %f",
          at);
}

static void foreign_and_bad_files(void)
{
    char err[512] = "", path[1024];
    double at = -1;
    /* the file of a.mkv's name holding another input's position (two paths that hash alike):
     * not a.mkv's, and left for its own */
    CHECK(!vf_watch_later_file("a.mkv", path, sizeof(path), err, sizeof(err)), "%s", err);
    write_file(path, "path=/elsewhere/other.mkv\nstart=5\n");
    CHECK(vf_watch_later_take("a.mkv", &at, NULL, 0, err, sizeof(err)) == 0 && at == -1,
          "another input's position taken: %f", at);
    CHECK(exists(path), "another input's file left");
    /* a.mkv's own with no number to start at: nothing, and the file goes */
    char text[1200];
    snprintf(text, sizeof(text), "# note\npath=%s/a.mkv\nstart=soon\n", root);
    write_file(path, text);
    CHECK(vf_watch_later_take("a.mkv", &at, NULL, 0, err, sizeof(err)) == 0 && at == -1,
          "start=soon taken: %f", at);
    CHECK(!exists(path), "a bad file of its own removed");
    snprintf(text, sizeof(text), "path=%s/a.mkv\nstart=nan\n", root);
    write_file(path, text);
    CHECK(vf_watch_later_take("a.mkv", &at, NULL, 0, err, sizeof(err)) == 0 && at == -1, "nan: %f",
          at);
    snprintf(text, sizeof(text), "path=%s/a.mkv\nstart=41.5\n", root);
    write_file(path, text);
    CHECK(vf_watch_later_take("a.mkv", &at, NULL, 0, err, sizeof(err)) == 1 && at == 41.5,
          "41.5: %f", at);

    /* standard input and nothing have no position */
    CHECK(!vf_watch_later_applies("-") && !vf_watch_later_applies(NULL) &&
              !vf_watch_later_applies("") && !vf_watch_later_applies("a\nb.mkv") &&
              vf_watch_later_applies("a.mkv"),
          "which inputs apply");
    CHECK(vf_watch_later_save("-", 3, NULL, err, sizeof(err)) == -1 &&
              !strcmp(err, "-: no position can be kept for it"),
          "save of -: '%s'", err);
    CHECK(vf_watch_later_take("-", &at, NULL, 0, err, sizeof(err)) == 0, "take of -");
}

/* the settings kept beside the position: set and get, written and read back, and what a file
 * may hold that is no setting */
static void settings(void)
{
    char text[VF_WATCH_LATER_SETTINGS] = "", value[64] = "", err[512] = "";
    CHECK(!vf_watch_later_set(text, sizeof(text), "speed", "1.5") &&
              !vf_watch_later_set(text, sizeof(text), "filter", "custom:matrix=1,2,1:div=4") &&
              !vf_watch_later_set(text, sizeof(text), "ab-loop-a", "3.25") &&
              !strcmp(text, "speed=1.5\nfilter=custom:matrix=1,2,1:div=4\nab-loop-a=3.25\n"),
          "set: '%s'", text);
    static const char *const bad[][2] = {{"", "1"},         {"Speed", "1"},  {"path", "/x"},
                                         {"start", "1"},    {"a b", "1"},    {"a=b", "1"},
                                         {"volume", "5\n"}, {"mute", "a\rb"}};
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
        CHECK(vf_watch_later_set(text, sizeof(text), bad[i][0], bad[i][1]) == -1, "'%s' = '%s' set",
              bad[i][0], bad[i][1]);
    char small[16] = "volume=5\n";
    CHECK(vf_watch_later_set(small, sizeof(small), "speed", "1.25") == -1 &&
              !strcmp(small, "volume=5\n"),
          "no room: '%s'", small);
    CHECK(vf_watch_later_get(text, "filter", value, sizeof(value)) &&
              !strcmp(value, "custom:matrix=1,2,1:div=4"),
          "get filter: '%s'", value);
    CHECK(vf_watch_later_get(text, "ab-loop-a", value, sizeof(value)) && !strcmp(value, "3.25"),
          "get the last: '%s'", value);
    CHECK(!vf_watch_later_get(text, "ab-loop", value, sizeof(value)) &&
              !vf_watch_later_get(text, "volume", value, sizeof(value)) &&
              !vf_watch_later_get(text, "filter", value, 8),
          "a prefix, a missing name, a value too long for its buffer");

    /* written and taken back whole; an old file of a position alone has none */
    char back[VF_WATCH_LATER_SETTINGS] = "junk";
    double at = -1;
    CHECK(!vf_watch_later_save("s.mkv", 4, text, err, sizeof(err)), "%s", err);
    CHECK(vf_watch_later_take("s.mkv", &at, back, sizeof(back), err, sizeof(err)) == 1 && at == 4 &&
              !strcmp(back, text),
          "taken: %f, '%s'", at, back);
    CHECK(!vf_watch_later_save("s.mkv", 5, NULL, err, sizeof(err)), "%s", err);
    CHECK(vf_watch_later_take("s.mkv", &at, back, sizeof(back), err, sizeof(err)) == 1 && at == 5 &&
              !strcmp(back, ""),
          "no settings: '%s'", back);

    /* by hand: comments, lines that are no setting, and one longer than any written (its
     * filter= must not come back cut short) are left out; the rest come in their order */
    char path[1024];
    CHECK(!vf_watch_later_file("s.mkv", path, sizeof(path), err, sizeof(err)), "%s", err);
    const size_t long_line = VF_WATCH_LATER_SETTINGS + 9000;
    char *file = malloc(long_line + 2048);
    if (!file)
        return;
    int n = snprintf(file, 2048, "# kept\nvolume=40\nno setting\nBig=1\npath=%s/s.mkv\n", root);
    memcpy(file + n, "filter=", 7);
    memset(file + n + 7, '1', long_line);
    snprintf(file + n + 7 + long_line, 2048 - (size_t)n - 7, "\nstart=9.5\nspeed=2\nmute=yes");
    write_file(path, file);
    free(file);
    CHECK(vf_watch_later_take("s.mkv", &at, back, sizeof(back), err, sizeof(err)) == 1 &&
              at == 9.5 && !strcmp(back, "volume=40\nspeed=2\nmute=yes\n"),
          "by hand: %f, '%s'", at, back);
    /* into a smaller buffer: those that fit */
    CHECK(!vf_watch_later_save("s.mkv", 1, "volume=40\nfilter=gaussian:size=31\nmute=yes\n", err,
                               sizeof(err)),
          "%s", err);
    char little[24];
    CHECK(vf_watch_later_take("s.mkv", &at, little, sizeof(little), err, sizeof(err)) == 1 &&
              !strcmp(little, "volume=40\nmute=yes\n"),
          "a small buffer: '%s'", little);
    /* another input's file: its settings are not handed out */
    CHECK(!vf_watch_later_file("s.mkv", path, sizeof(path), err, sizeof(err)), "%s", err);
    write_file(path, "path=/elsewhere/s.mkv\nstart=5\nspeed=3\n");
    strcpy(back, "junk");
    CHECK(vf_watch_later_take("s.mkv", &at, back, sizeof(back), err, sizeof(err)) == 0 && !*back,
          "another input's settings: '%s'", back);
    unlink(path);
}

static void folders(void)
{
    char err[512] = "", path[1024], want[1024], blocker[600];
    double at = -1;
    /* without XDG_STATE_HOME, under HOME as mpv's are */
    unsetenv("XDG_STATE_HOME");
    CHECK(!vf_watch_later_file("a.mkv", path, sizeof(path), err, sizeof(err)), "%s", err);
    snprintf(want, sizeof(want), "%s/home/.local/state/vfview/watch_later/", root);
    CHECK(!strncmp(path, want, strlen(want)), "under HOME: %s", path);
    CHECK(!vf_watch_later_save("a.mkv", 1, NULL, err, sizeof(err)), "%s", err);
    CHECK(vf_watch_later_take("a.mkv", &at, NULL, 0, err, sizeof(err)) == 1 && at == 1, "home: %f",
          at);
    /* neither */
    unsetenv("HOME");
    CHECK(vf_watch_later_save("a.mkv", 1, NULL, err, sizeof(err)) == -1 &&
              !strcmp(err, "no folder to keep positions in (neither XDG_STATE_HOME nor HOME)"),
          "no folder: '%s'", err);
    CHECK(vf_watch_later_take("a.mkv", &at, NULL, 0, err, sizeof(err)) == 0, "no folder to read");
    /* a file where a folder must go */
    snprintf(blocker, sizeof(blocker), "%s/blocker", root);
    write_file(blocker, "");
    setenv("XDG_STATE_HOME", blocker, 1);
    err[0] = '\0';
    CHECK(vf_watch_later_save("a.mkv", 1, NULL, err, sizeof(err)) == -1 &&
              strstr(err, "/blocker/vfview/watch_later/") &&
              strstr(err, ": cannot make its folder: Not a directory"),
          "a file in the way: '%s'", err);
}

int main(void)
{
    snprintf(root, sizeof(root), "%s/vfview-watch-later-XXXXXX",
             getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    char made[PATH_MAX];
    if (!mkdtemp(root) || !realpath(root, made) || strlen(made) >= sizeof(root)) {
        perror("mkdtemp");
        return 1;
    }
    snprintf(root, sizeof(root), "%.255s", made); /* the names the module resolves to */
    char state[300], home[300];
    snprintf(state, sizeof(state), "%s/state", root);
    snprintf(home, sizeof(home), "%s/home", root);
    setenv("XDG_STATE_HOME", state, 1);
    setenv("HOME", home, 1);
    if (chdir(root)) {
        perror(root);
        return 1;
    }
    round_trips();
    foreign_and_bad_files();
    settings();
    folders();
    char command[400];
    snprintf(command, sizeof(command), "rm -rf '%s'", root);
    if (system(command) != 0)
        fprintf(stderr, "could not remove %s\n", root);
    return check_done("watch_later");
}
