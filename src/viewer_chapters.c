/* The window's chapters: PgUp and PgDn step through the input's as mpv's keys do (chapters.h),
 * the panel names the one showing, and the seek bar marks where each starts. */
#include "viewer_ui.h"

#include "chapter_list.h"
#include "chapters.h"

static struct vf_chapters read_chapters(const struct ui *u)
{
    return vf_chapters_read(vf_playback_info(u->playback)->format);
}

/* Half a picture: a start between two pictures counts as reached by the one showing there. */
static double slack(const struct ui *u)
{
    const AVRational rate = vf_playback_info(u->playback)->frame_rate;
    return rate.num > 0 && rate.den > 0 ? 0.5 / av_q2d(rate) : 0.02;
}

/* "2/3: Middle", or "2/3" for a chapter without a title */
static void describe(const struct vf_chapters *c, int i, char *buf, size_t len)
{
    const AVDictionaryEntry *title = av_dict_get(c->list[i].of->metadata, "title", NULL, 0);
    snprintf(buf, len, "%d/%d%s%s", i + 1, c->n, title && *title->value ? ": " : "",
             title ? title->value : "");
}

void ui_step_chapter(struct ui *u, double at, int step)
{
    struct vf_chapters c = read_chapters(u);
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
    vf_chapters_free(&c);
}

void ui_chapter_showing(const struct ui *u, double at, char *buf, size_t len)
{
    struct vf_chapters c = read_chapters(u);
    const int in = vf_chapter_at(c.starts, c.n, at, slack(u));
    buf[0] = '\0';
    if (in >= 0)
        describe(&c, in, buf, len);
    vf_chapters_free(&c);
}

int ui_chapter_marks(const struct ui *u, double duration_s, double *marks, int max)
{
    struct vf_chapters c = read_chapters(u);
    int count = 0;
    for (int i = 0; i < c.n && count < max; i++) {
        const double at = ui_into_input(u, c.starts[i]) / duration_s;
        if (at > 0 && at < 1) /* none at the bar's very start, nor past its end */
            marks[count++] = at;
    }
    vf_chapters_free(&c);
    return count;
}
