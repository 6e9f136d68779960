/* A folder and a playlist as the window's inputs (input_list.c): what they stand for, in what
 * order, and the clear line where they stand for nothing. Built in a scratch folder. */
#include "check.h"
#include "input_list.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    CHECK(f && fputs(text, f) >= 0, "cannot write %s", path);
    if (f)
        fclose(f);
}

/* The list's items joined by spaces. */
static const char *joined(const struct vf_input_list *l)
{
    static char text[4096];
    text[0] = '\0';
    for (int i = 0; i < l->count; i++)
        snprintf(text + strlen(text), sizeof(text) - strlen(text), "%s%s", i ? " " : "",
                 l->items[i]);
    return text;
}

/* What `input` stands for, or "error: ..." */
static const char *expanded(const char *input, bool as_playlist)
{
    static char text[4096];
    struct vf_input_list l = {0};
    char err[1024];
    if (vf_input_list_add(&l, input, as_playlist, err, sizeof(err)))
        snprintf(text, sizeof(text), "error: %s", err);
    else
        snprintf(text, sizeof(text), "%s", joined(&l));
    vf_input_list_free(&l);
    return text;
}

static void expect(const char *input, bool as_playlist, const char *want)
{
    const char *got = expanded(input, as_playlist);
    CHECK(!strcmp(got, want), "%s%s: '%s', want '%s'", as_playlist ? "--playlist " : "", input, got,
          want);
}

static void names(void)
{
    static const char *const media[] = {"a.mkv", "A.MP4", "x.tar.png", "shot.JPEG", "clip.y4m"};
    static const char *const other[] = {"a.srt", "notes.txt", "mkv", ".png", "a.png.bak", ""};
    for (size_t i = 0; i < sizeof(media) / sizeof(media[0]); i++)
        CHECK(vf_input_media_name(media[i]), "%s is a video or an image", media[i]);
    for (size_t i = 0; i < sizeof(other) / sizeof(other[0]); i++)
        CHECK(!vf_input_media_name(other[i]), "'%s' is no video or image", other[i]);
}

static void folders(void)
{
    mkdir("shots", 0777);
    mkdir("shots/sub.png", 0777); /* a folder, whatever its name says */
    mkdir("empty", 0777);
    static const char *const files[] = {"shots/img10.png",  "shots/img2.png",    "shots/img1.png",
                                        "shots/img02b.png", "shots/.hidden.png", "shots/a.srt",
                                        "shots/clip.MKV",   "empty/readme.txt"};
    for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++)
        write_file(files[i], "x");
    /* name order with numbers by value (img2 before img02b: equal numbers, then '.' before 'b');
     * hidden files, subtitles, subfolders left out */
    expect("shots", false,
           "shots/clip.MKV shots/img1.png shots/img2.png shots/img02b.png shots/img10.png");
    expect("shots/", false,
           "shots/clip.MKV shots/img1.png shots/img2.png shots/img02b.png shots/img10.png");
    expect("empty", false, "error: empty: no videos or images in this folder");
    /* anything else stands for itself, found or not: opening it says what is wrong */
    expect("shots/img2.png", false, "shots/img2.png");
    expect("missing.mkv", false, "missing.mkv");
    expect("https://example.com/a.m3u", false, "https://example.com/a.m3u");
    expect("-", false, "-");
}

static void playlists(void)
{
    mkdir("lists", 0777);
    write_file("lists/one.mkv", "x");
    write_file("lists/films.m3u", "#EXTM3U\n#EXTINF:10,One\none.mkv\n\n  /abs/two.mp4  \r\n"
                                  "http://host/three.ts\n../shots/img1.png\n../empty/../shots\n");
    expect("lists/films.m3u", false,
           "lists/one.mkv /abs/two.mp4 http://host/three.ts lists/../shots/img1.png "
           "lists/../empty/../shots/clip.MKV lists/../empty/../shots/img1.png "
           "lists/../empty/../shots/img2.png lists/../empty/../shots/img02b.png "
           "lists/../empty/../shots/img10.png");
    /* HLS is a stream for FFmpeg, not a list */
    write_file("lists/live.m3u8", "#EXTM3U\n#EXT-X-TARGETDURATION:4\nseg0.ts\n");
    expect("lists/live.m3u8", false, "lists/live.m3u8");
    /* --playlist reads any file so; a list of nothing, one that is not there, one that lists
     * itself: a line each */
    write_file("lists/plain.txt", "one.mkv\n");
    expect("lists/plain.txt", true, "lists/one.mkv");
    expect("lists/plain.txt", false, "lists/plain.txt");
    write_file("lists/none.m3u", "#EXTM3U\n\n# nothing\n");
    expect("lists/none.m3u", false, "error: lists/none.m3u: the playlist lists nothing to play");
    expect("lists/gone.txt", true, "error: lists/gone.txt: cannot read: No such file or directory");
    write_file("lists/self.m3u", "self.m3u\n");
    expect("lists/self.m3u", false,
           "error: lists/self.m3u: playlists nested too deep (one lists itself?)");
    write_file("lists/bad.m3u", "one.mkv\n../empty\n");
    expect("lists/bad.m3u", false, "error: lists/../empty: no videos or images in this folder");
    /* a failed add leaves the list as it was, not with the entries before the bad one */
    struct vf_input_list l = {0};
    char err[512];
    CHECK(vf_input_list_add(&l, "first.mkv", false, err, sizeof(err)) == 0 &&
              vf_input_list_add(&l, "lists/bad.m3u", false, err, sizeof(err)) == -1 &&
              !strcmp(joined(&l), "first.mkv"),
          "after a bad playlist: '%s'", joined(&l));
    vf_input_list_truncate(&l, 0);
    CHECK(l.count == 0, "truncated to 0: %d left", l.count);
    vf_input_list_free(&l);
}

int main(void)
{
    char root[PATH_MAX];
    snprintf(root, sizeof(root), "%s/vfview-input-list-XXXXXX",
             getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    if (!mkdtemp(root) || chdir(root)) {
        perror(root);
        return 1;
    }
    names();
    folders();
    playlists();
    char command[PATH_MAX + 16];
    snprintf(command, sizeof(command), "rm -rf '%s'", root);
    if (system(command) != 0)
        fprintf(stderr, "could not remove %s\n", root);
    return check_done("input_list");
}
