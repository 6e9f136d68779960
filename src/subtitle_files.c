#include "subtitle_files.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* text (SubRip, ASS/SSA, WebVTT), and pictures: VobSub's index (FFmpeg reads the .sub beside it
 * through it) and Blu-ray's PGS */
static const char *const EXTENSIONS[] = {"srt", "ass", "ssa", "vtt", "idx", "sup"};

bool vf_subtitle_file_name(const char *name)
{
    const char *ext = strrchr(name, '.');
    bool known = false; /* the extension, whatever its case */
    for (size_t i = 0; ext && i < sizeof(EXTENSIONS) / sizeof(EXTENSIONS[0]); i++)
        known = known || !strcasecmp(ext + 1, EXTENSIONS[i]);
    return known;
}

bool vf_subtitle_file_matches(const char *video, const char *name, char *tag, size_t len)
{
    const char *dot = strrchr(video, '.');
    const size_t base = dot && dot != video ? (size_t)(dot - video) : strlen(video);
    const char *ext = strrchr(name, '.');
    if (strncmp(name, video, base) || name[base] != '.' || !vf_subtitle_file_name(name))
        return false;
    /* between them: nothing, or one word without a dot (a language, "forced") */
    const char *middle = name + base + 1;
    const size_t between = ext > middle ? (size_t)(ext - middle) : 0;
    if (ext != name + base && (between == 0 || memchr(middle, '.', between)))
        return false;
    snprintf(tag, len, "%.*s", (int)between, middle);
    return true;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(((const struct vf_subtitle_file *)a)->path,
                  ((const struct vf_subtitle_file *)b)->path);
}

int vf_find_subtitle_files(const char *path, struct vf_subtitle_file *found, int max)
{
    const char *slash = strrchr(path, '/');
    const char *video = slash ? slash + 1 : path;
    char folder[4096];
    snprintf(folder, sizeof(folder), "%.*s", slash ? (int)(slash - path) + 1 : 1,
             slash ? path : ".");
    DIR *dir = opendir(folder);
    int n = 0;
    for (struct dirent *e; dir && n < max && (e = readdir(dir));) {
        struct vf_subtitle_file *f = &found[n];
        if (!vf_subtitle_file_matches(video, e->d_name, f->tag, sizeof(f->tag)))
            continue;
        const size_t size = strlen(folder) + strlen(e->d_name) + 1;
        f->path = malloc(size);
        if (f->path)
            snprintf(found[n++].path, size, "%s%s", slash ? folder : "", e->d_name);
    }
    if (dir)
        closedir(dir);
    qsort(found, (size_t)n, sizeof(found[0]), by_name);
    return n;
}

void vf_free_subtitle_files(struct vf_subtitle_file *found, int n)
{
    for (int i = 0; i < n; i++) {
        free(found[i].path);
        found[i].path = NULL;
    }
}

const char *vf_subtitle_files_path(const struct vf_subtitle_files *f, int i, const char **tag)
{
    const bool asked = i < f->asked_count;
    *tag = asked ? "" : f->found[i - f->asked_count].tag;
    return asked ? f->asked[i] : f->found[i - f->asked_count].path;
}
