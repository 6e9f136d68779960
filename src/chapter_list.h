/* An input's chapters in the order they start (a container may list them otherwise), for the
 * window's chapter keys and for --start/--end #N. */
#ifndef VF_CHAPTER_LIST_H
#define VF_CHAPTER_LIST_H

#include <libavformat/avformat.h>

struct vf_chapter {
    double start; /* seconds on the input's clock */
    const AVChapter *of;
};

struct vf_chapters {
    struct vf_chapter *list;
    double *starts; /* list's starts alone (chapters.h's arithmetic takes them) */
    int n;          /* 0, with NULLs, when none (or out of memory) */
};

/* f's chapters by start, in one allocation: vf_chapters_free. */
struct vf_chapters vf_chapters_read(const AVFormatContext *f);
void vf_chapters_free(struct vf_chapters *c);

#endif
