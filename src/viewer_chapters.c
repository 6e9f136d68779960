/* The window's chapters: PgUp and PgDn step through the input's as mpv's keys do (chapters.h),
 * the panel names the one showing, and the seek bar marks where each starts. */
#include "viewer_ui.h"

#include <stdlib.h>

#include "chapters.h"

struct chapter {
    double start; /* seconds on the input's clock (ui_seconds_of's) */
    const AVChapter *of;
};

/* The input's chapters by start (a container may list them otherwise), and their starts alone
 * (chapters.h's arithmetic takes those), in one allocation: free(list). */
struct chapters {
    struct chapter *list;
    double *starts;
    int n; /* 0, with NULLs, when none (or out of memory) */
};

static int by_start(const void *a, const void *b)
{
    const double x = ((const struct chapter *)a)->start, y = ((const struct chapter *)b)->start;
    return (x > y) - (x < y);
}

static struct chapters read_chapters(const struct ui *u)
{
    const AVFormatContext *f = vf_playback_info(u->playback)->format;
    const int n = f ? (int)f->nb_chapters : 0;
    struct chapters c = {0};
    /* the starts after the list, which keeps them aligned (a chapter is a double and a pointer) */
    c.list = n ? malloc((sizeof(*c.list) + sizeof(*c.starts)) * (size_t)n) : NULL;
    if (!c.list)
        return c;
    c.n = n;
    c.starts = (double *)(c.list + n);
    for (int i = 0; i < n; i++)
        c.list[i] = (struct chapter){f->chapters[i]->start * av_q2d(f->chapters[i]->time_base),
                                     f->chapters[i]};
    qsort(c.list, (size_t)n, sizeof(*c.list), by_start);
    for (int i = 0; i < n; i++)
        c.starts[i] = c.list[i].start;
    return c;
}

/* Half a picture: a start between two pictures counts as reached by the one showing there. */
static double slack(const struct ui *u)
{
    const AVRational rate = vf_playback_info(u->playback)->frame_rate;
    return rate.num > 0 && rate.den > 0 ? 0.5 / av_q2d(rate) : 0.02;
}

/* "2/3: Middle", or "2/3" for a chapter without a title */
static void describe(const struct chapters *c, int i, char *buf, size_t len)
{
    const AVDictionaryEntry *title = av_dict_get(c->list[i].of->metadata, "title", NULL, 0);
    snprintf(buf, len, "%d/%d%s%s", i + 1, c->n, title && *title->value ? ": " : "",
             title ? title->value : "");
}

void ui_step_chapter(struct ui *u, double at, int step)
{
    const struct chapters c = read_chapters(u);
    const int to = vf_chapter_step(c.starts, c.n, at, step, slack(u));
    char name[256];
    if (c.n == 0) {
        ui_note(u, "chapters: this input has none");
    } else if (to < 0) {
        const int in = vf_chapter_at(c.starts, c.n, at, slack(u));
        if (in < 0)
            ui_note(u, "no chapter before the first (1/%d)", c.n);
        else
            ui_note(u, "no chapter %s %d/%d", step > 0 ? "after" : "before", in + 1, c.n);
    } else {
        describe(&c, to, name, sizeof(name));
        ui_note(u, "chapter %s", name);
        ui_seek(u, c.starts[to], c.starts[to]);
    }
    free(c.list);
}

void ui_chapter_showing(const struct ui *u, double at, char *buf, size_t len)
{
    const struct chapters c = read_chapters(u);
    const int in = vf_chapter_at(c.starts, c.n, at, slack(u));
    buf[0] = '\0';
    if (in >= 0)
        describe(&c, in, buf, len);
    free(c.list);
}

int ui_chapter_marks(const struct ui *u, double duration_s, double *marks, int max)
{
    const struct chapters c = read_chapters(u);
    int count = 0;
    for (int i = 0; i < c.n && count < max; i++) {
        const double at = ui_into_input(u, c.starts[i]) / duration_s;
        if (at > 0 && at < 1) /* none at the bar's very start, nor past its end */
            marks[count++] = at;
    }
    free(c.list);
    return count;
}
