#include "chapter_list.h"

#include <stdlib.h>

static int by_start(const void *a, const void *b)
{
    const double x = ((const struct vf_chapter *)a)->start;
    const double y = ((const struct vf_chapter *)b)->start;
    return (x > y) - (x < y);
}

struct vf_chapters vf_chapters_read(const AVFormatContext *f)
{
    const int n = f ? (int)f->nb_chapters : 0;
    struct vf_chapters c = {0};
    /* the starts after the list, which keeps them aligned (a chapter is a double and a pointer) */
    c.list = n ? malloc((sizeof(*c.list) + sizeof(*c.starts)) * (size_t)n) : NULL;
    if (!c.list)
        return c;
    c.n = n;
    c.starts = (double *)(c.list + n);
    for (int i = 0; i < n; i++)
        c.list[i] = (struct vf_chapter){f->chapters[i]->start * av_q2d(f->chapters[i]->time_base),
                                        f->chapters[i]};
    qsort(c.list, (size_t)n, sizeof(*c.list), by_start);
    for (int i = 0; i < n; i++)
        c.starts[i] = c.list[i].start;
    return c;
}

void vf_chapters_free(struct vf_chapters *c)
{
    free(c->list);
    *c = (struct vf_chapters){0};
}
