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
    CHECK(vf_watch_later_save("film.mkv", 83.25, err, sizeof(err)) == 0, "save: %s", err);
    CHECK(vf_watch_later_file("film.mkv", path, sizeof(path), err, sizeof(err)) == 0, "%s", err);
    snprintf(want, sizeof(want), "%s/state/vfview/watch_later/", root);
    CHECK(!strncmp(path, want, strlen(want)) && strlen(path) == strlen(want) + 16,
          "the file is named by 16 hex digits in the state folder: %s", path);
    CHECK(exists(path), "%s written", path);
    char part[1100];
    snprintf(part, sizeof(part), "%s.%ld.part", path, (long)getpid());
    CHECK(!exists(part), "no part file left beside it");
    CHECK(vf_watch_later_take("film.mkv", &at, err, sizeof(err)) == 1 && at == 83.25,
          "taken: %f (%s)", at, err);
    CHECK(!exists(path), "taken once: the file is gone");
    at = -1;
    CHECK(vf_watch_later_take("film.mkv", &at, err, sizeof(err)) == 0 && at == -1,
          "nothing the second time");

    /* two inputs, two files; the later save of one replaces its earlier */
    CHECK(!vf_watch_later_save("a.mkv", 10, err, sizeof(err)), "%s", err);
    CHECK(!vf_watch_later_save("b.mkv", 20.5, err, sizeof(err)), "%s", err);
    CHECK(!vf_watch_later_save("a.mkv", 12, err, sizeof(err)), "%s", err);
    CHECK(vf_watch_later_take("b.mkv", &at, err, sizeof(err)) == 1 && at == 20.5, "b: %f", at);
    CHECK(vf_watch_later_take("a.mkv", &at, err, sizeof(err)) == 1 && at == 12, "a: %f", at);

    /* "x.mkv" from its folder and its absolute path are one input; a URL is kept as given */
    char absolute[600];
    snprintf(absolute, sizeof(absolute), "%s/x.mkv", root);
    write_file(absolute, "");
    CHECK(!vf_watch_later_save("x.mkv", 7.5, err, sizeof(err)), "%s", err);
    CHECK(vf_watch_later_take(absolute, &at, err, sizeof(err)) == 1 && at == 7.5,
          "x.mkv taken by its absolute path: %f", at);
    CHECK(!vf_watch_later_save("https://example.com/talk.mp4", 99, err, sizeof(err)), "%s", err);
    CHECK(vf_watch_later_take("https://example.com/talk.mp4", &at, err, sizeof(err)) == 1 &&
              at == 99,
          "a URL: %f", at);
    /* a position before the start is kept as the start */
    CHECK(!vf_watch_later_save("c.mkv", -3, err, sizeof(err)), "%s", err);
    CHECK(vf_watch_later_take("c.mkv", &at, err, sizeof(err)) == 1 && at == 0, "-3: %f", at);
}

static void foreign_and_bad_files(void)
{
    char err[512] = "", path[1024];
    double at = -1;
    /* the file of a.mkv's name holding another input's position (two paths that hash alike):
     * not a.mkv's, and left for its own */
    CHECK(!vf_watch_later_file("a.mkv", path, sizeof(path), err, sizeof(err)), "%s", err);
    write_file(path, "path=/elsewhere/other.mkv\nstart=5\n");
    CHECK(vf_watch_later_take("a.mkv", &at, err, sizeof(err)) == 0 && at == -1,
          "another input's position taken: %f", at);
    CHECK(exists(path), "another input's file left");
    /* a.mkv's own with no number to start at: nothing, and the file goes */
    char text[1200];
    snprintf(text, sizeof(text), "# note\npath=%s/a.mkv\nstart=soon\n", root);
    write_file(path, text);
    CHECK(vf_watch_later_take("a.mkv", &at, err, sizeof(err)) == 0 && at == -1,
          "start=soon taken: %f", at);
    CHECK(!exists(path), "a bad file of its own removed");
    snprintf(text, sizeof(text), "path=%s/a.mkv\nstart=nan\n", root);
    write_file(path, text);
    CHECK(vf_watch_later_take("a.mkv", &at, err, sizeof(err)) == 0 && at == -1, "nan: %f", at);
    snprintf(text, sizeof(text), "path=%s/a.mkv\nstart=41.5\n", root);
    write_file(path, text);
    CHECK(vf_watch_later_take("a.mkv", &at, err, sizeof(err)) == 1 && at == 41.5, "41.5: %f", at);

    /* standard input and nothing have no position */
    CHECK(!vf_watch_later_applies("-") && !vf_watch_later_applies(NULL) &&
              !vf_watch_later_applies("") && !vf_watch_later_applies("a\nb.mkv") &&
              vf_watch_later_applies("a.mkv"),
          "which inputs apply");
    CHECK(vf_watch_later_save("-", 3, err, sizeof(err)) == -1 &&
              !strcmp(err, "-: no position can be kept for it"),
          "save of -: '%s'", err);
    CHECK(vf_watch_later_take("-", &at, err, sizeof(err)) == 0, "take of -");
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
    CHECK(!vf_watch_later_save("a.mkv", 1, err, sizeof(err)), "%s", err);
    CHECK(vf_watch_later_take("a.mkv", &at, err, sizeof(err)) == 1 && at == 1, "home: %f", at);
    /* neither */
    unsetenv("HOME");
    CHECK(vf_watch_later_save("a.mkv", 1, err, sizeof(err)) == -1 &&
              !strcmp(err, "no folder to keep positions in (neither XDG_STATE_HOME nor HOME)"),
          "no folder: '%s'", err);
    CHECK(vf_watch_later_take("a.mkv", &at, err, sizeof(err)) == 0, "no folder to read");
    /* a file where a folder must go */
    snprintf(blocker, sizeof(blocker), "%s/blocker", root);
    write_file(blocker, "");
    setenv("XDG_STATE_HOME", blocker, 1);
    err[0] = '\0';
    CHECK(vf_watch_later_save("a.mkv", 1, err, sizeof(err)) == -1 &&
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
    folders();
    char command[400];
    snprintf(command, sizeof(command), "rm -rf '%s'", root);
    if (system(command) != 0)
        fprintf(stderr, "could not remove %s\n", root);
    return check_done("watch_later");
}
