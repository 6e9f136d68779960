/* The window's chapters: PgUp and PgDn step through the input's as mpv's keys do (chapters.h),
 * the panel names the one showing, and the seek bar marks where each starts. */
#include "viewer_ui.h"

#include <stdlib.h>

#include "chapters.h"

struct chapter {
    double start; /* seconds on the input's clock (ui_seconds_of's) */
    const AVChapter *of;
};

static int by_start(const void *a, const void *b)
{
    const double x = ((const struct chapter *)a)->start, y = ((const struct chapter *)b)->start;
    return (x > y) - (x < y);
}

/* The input's chapters by start (a container may list them otherwise), and their starts alone:
 * the count, 0 with NULLs when none (or out of memory). */
static int read_chapters(const struct ui *u, struct chapter **chapters, double **starts)
{
    const AVFormatContext *f = vf_playback_info(u->playback)->format;
    const int n = f ? (int)f->nb_chapters : 0;
    *chapters = n ? malloc(sizeof(**chapters) * (size_t)n) : NULL;
    *starts = n ? malloc(sizeof(**starts) * (size_t)n) : NULL;
    if (!*chapters || !*starts) {
        free(*chapters);
        free(*starts);
        *chapters = NULL;
        *starts = NULL;
        return 0;
    }
    for (int i = 0; i < n; i++)
        (*chapters)[i] = (struct chapter){f->chapters[i]->start * av_q2d(f->chapters[i]->time_base),
                                          f->chapters[i]};
    qsort(*chapters, (size_t)n, sizeof(**chapters), by_start);
    for (int i = 0; i < n; i++)
        (*starts)[i] = (*chapters)[i].start;
    return n;
}

/* Half a picture: a start between two pictures counts as reached by the one showing there. */
static double slack(const struct ui *u)
{
    const AVRational rate = vf_playback_info(u->playback)->frame_rate;
    return rate.num > 0 && rate.den > 0 ? 0.5 / av_q2d(rate) : 0.02;
}

/* "2/3: Middle", or "2/3" for a chapter without a title */
static void describe(const struct chapter *c, int i, int n, char *buf, size_t len)
{
    const AVDictionaryEntry *title = av_dict_get(c[i].of->metadata, "title", NULL, 0);
    snprintf(buf, len, "%d/%d%s%s", i + 1, n, title && *title->value ? ": " : "",
             title ? title->value : "");
}

void ui_step_chapter(struct ui *u, double at, int step)
{
    struct chapter *chapters;
    double *starts;
    const int n = read_chapters(u, &chapters, &starts);
    const int to = vf_chapter_step(starts, n, at, step, slack(u));
    char name[256];
    if (n == 0) {
        ui_note(u, "chapters: this input has none");
    } else if (to < 0) {
        const int in = vf_chapter_at(starts, n, at, slack(u));
        if (in < 0)
            ui_note(u, "no chapter before the first (1/%d)", n);
        else
            ui_note(u, "no chapter %s %d/%d", step > 0 ? "after" : "before", in + 1, n);
    } else {
        describe(chapters, to, n, name, sizeof(name));
        ui_note(u, "chapter %s", name);
        ui_seek(u, starts[to], starts[to]);
    }
    free(chapters);
    free(starts);
}

void ui_chapter_showing(const struct ui *u, double at, char *buf, size_t len)
{
    struct chapter *chapters;
    double *starts;
    const int n = read_chapters(u, &chapters, &starts);
    const int in = vf_chapter_at(starts, n, at, slack(u));
    buf[0] = '\0';
    if (in >= 0)
        describe(chapters, in, n, buf, len);
    free(chapters);
    free(starts);
}

int ui_chapter_marks(const struct ui *u, double duration_s, double *marks, int max)
{
    struct chapter *chapters;
    double *starts;
    const int n = read_chapters(u, &chapters, &starts);
    int count = 0;
    for (int i = 0; i < n && count < max; i++) {
        const double at = ui_into_input(u, starts[i]) / duration_s;
        if (at > 0 && at < 1) /* none at the bar's very start, nor past its end */
            marks[count++] = at;
    }
    free(chapters);
    free(starts);
    return count;
}
