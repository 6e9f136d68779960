/* Subtitle files beside a video, which the window shows as more tracks, as mpv's --sub-auto=exact
 * finds them: "film.mkv" takes "film.srt" and "film.en.srt", "film.forced.ass", in the same
 * folder (SubRip, ASS/SSA, WebVTT; VobSub's .idx and Blu-ray's .sup, drawn as pictures). */
#ifndef VF_SUBTITLE_FILES_H
#define VF_SUBTITLE_FILES_H

#include <stdbool.h>
#include <stddef.h>

enum { VF_MAX_SUBTITLE_FILES = 16 };

/* Whether `name` has a subtitle file's extension (those above, in any case). */
bool vf_subtitle_file_name(const char *name);
/* Whether `name` (a file name, no folder) is a subtitle file of the video file `video` (its
 * name, no folder); the part between the two names (the language: "en"), or "", into tag. */
bool vf_subtitle_file_matches(const char *video, const char *name, char *tag, size_t len);
struct vf_subtitle_file {
    char *path; /* allocated: vf_free_subtitle_files */
    char tag[64];
};

/* The subtitle files that go with an input, in the window (cues.h) and in its recordings
 * (record.h): those asked for (--sub-file), which must open, then those found beside it, which
 * are skipped where they do not; tracks after the input's own, in that order. Their time 0 is
 * start_s on the input's clock: its start, as players count a file's time (MPEG-TS starts at
 * 1.4 s). */
struct vf_subtitle_files {
    const char *const *asked;
    int asked_count;
    const struct vf_subtitle_file *found;
    int found_count;
    double start_s;
};

/* File i of them, asked first: its path, and its tag ("" for one asked for). */
const char *vf_subtitle_files_path(const struct vf_subtitle_files *f, int i, const char **tag);

/* The subtitle files beside the video at `path`, in the order of their names, up to `max`; how
 * many. 0 where its folder cannot be read. */
int vf_find_subtitle_files(const char *path, struct vf_subtitle_file *found, int max);
void vf_free_subtitle_files(struct vf_subtitle_file *found, int n);

#endif
