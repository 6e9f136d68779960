/* Subtitle files beside a video, which the window shows as more tracks, as mpv's --sub-auto=exact
 * finds them: "film.mkv" takes "film.srt" and "film.en.srt", "film.forced.ass", in the same
 * folder (SubRip, ASS/SSA, WebVTT). */
#ifndef VF_SUBTITLE_FILES_H
#define VF_SUBTITLE_FILES_H

#include <stdbool.h>
#include <stddef.h>

enum { VF_MAX_SUBTITLE_FILES = 16 };

/* Whether `name` (a file name, no folder) is a subtitle file of the video file `video` (its
 * name, no folder); the part between the two names (the language: "en"), or "", into tag. */
bool vf_subtitle_file_matches(const char *video, const char *name, char *tag, size_t len);
struct vf_subtitle_file {
    char *path; /* allocated: vf_free_subtitle_files */
    char tag[64];
};

/* The subtitle files beside the video at `path`, in the order of their names, up to `max`; how
 * many. 0 where its folder cannot be read. */
int vf_find_subtitle_files(const char *path, struct vf_subtitle_file *found, int max);
void vf_free_subtitle_files(struct vf_subtitle_file *found, int n);

#endif
