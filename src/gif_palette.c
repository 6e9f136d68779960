#include "gif_palette.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include <libavfilter/buffersink.h>
#include <libavfilter/buffersrc.h>

#include "filter_graph.h"
#include "threadpool.h"

/* pictures a lane may hold made (paletteuse gives one as the next comes) */
enum { LANE_HELD = 4 };

/* One filter graph, which takes every lanes-th picture: the pictures' palettes do not depend
 * on each other, and one graph makes 6 pictures a second of 720p on a core. */
struct lane {
    AVFilterGraph *graph;
    AVFilterContext *source, *sink;
    AVFrame *in; /* the picture for the next run; none: the lane has none this time */
    bool has_in;
    AVFrame *made[LANE_HELD]; /* oldest first */
    int made_count;
    int status;         /* of the last run: 0, or a negative AVERROR */
    const char *failed; /* what failed */
};

struct vf_gif_palette {
    struct lane *lanes;
    int count;
    int filled;    /* lanes given a picture since the last run */
    int next_lane; /* whose picture comes out next */
    bool ending;   /* the end was sent: every graph is being flushed */
    struct vf_pool *pool;
};

static int say(char *err, size_t errlen, const char *what, int averr)
{
    char reason[AV_ERROR_MAX_STRING_SIZE];
    av_strerror(averr, reason, sizeof(reason));
    snprintf(err, errlen, "GIF palette: %s: %s", what, reason);
    return -1;
}

void vf_gif_palette_free(struct vf_gif_palette *p)
{
    if (!p)
        return;
    for (int i = 0; p->lanes && i < p->count; i++) {
        struct lane *l = &p->lanes[i];
        avfilter_graph_free(&l->graph);
        av_frame_free(&l->in);
        for (int k = 0; k < l->made_count; k++)
            av_frame_free(&l->made[k]);
    }
    free(p->lanes);
    vf_pool_destroy(p->pool);
    free(p);
}

struct vf_gif_palette *vf_gif_palette_open(int width, int height, AVRational tb, int threads,
                                           char *err, size_t errlen)
{
    struct vf_gif_palette *p = calloc(1, sizeof(*p));
    if (p)
        p->pool = vf_pool_create(threads);
    if (p && p->pool) {
        p->count = vf_pool_threads(p->pool);
        p->lanes = calloc((size_t)p->count, sizeof(p->lanes[0]));
    }
    if (!p || !p->lanes) {
        snprintf(err, errlen, "GIF palette: out of memory or threads");
        vf_gif_palette_free(p);
        return NULL;
    }
    char args[256];
    snprintf(args, sizeof(args), "video_size=%dx%d:pix_fmt=rgb24:time_base=%d/%d:pixel_aspect=1/1",
             width, height, tb.num, tb.den);
    /* a palette of each picture's own colours (no slot kept for transparency), and the
     * picture mapped onto it */
    const char *chain = "split[picture][colours];"
                        "[colours]palettegen=stats_mode=single:reserve_transparent=0[palette];"
                        "[picture][palette]paletteuse=new=1";
    for (int i = 0; i < p->count; i++) {
        struct lane *l = &p->lanes[i];
        int ret = vf_filter_chain_open(&l->graph, &l->source, &l->sink, true, args, chain, 0);
        l->in = av_frame_alloc();
        if (ret < 0 || !l->in) {
            say(err, errlen, "cannot make the filters", ret < 0 ? ret : AVERROR(ENOMEM));
            vf_gif_palette_free(p);
            return NULL;
        }
    }
    return p;
}

/* A lane's picture in (or the end, when ending), and what its graph makes kept. */
static void run_lane(void *ctx, int task, int worker)
{
    (void)worker;
    struct vf_gif_palette *p = ctx;
    struct lane *l = &p->lanes[task];
    l->status = 0;
    l->failed = "filtering";
    if (l->has_in) /* the source takes the picture's reference */
        l->status = av_buffersrc_add_frame(l->source, l->in);
    l->has_in = false;
    if (l->status >= 0 && p->ending) /* and what the graph holds comes out */
        l->status = av_buffersrc_add_frame(l->source, NULL);
    while (l->status >= 0) {
        if (l->made_count == LANE_HELD) {
            l->status = AVERROR_BUG;
            l->failed = "more pictures out than expected";
            return;
        }
        AVFrame *out = av_frame_alloc();
        int ret = out ? av_buffersink_get_frame(l->sink, out) : AVERROR(ENOMEM);
        if (ret < 0) {
            av_frame_free(&out);
            if (ret != AVERROR(EAGAIN) && ret != AVERROR_EOF)
                l->status = ret;
            return;
        }
        l->made[l->made_count++] = out;
    }
}

static int run_lanes(struct vf_gif_palette *p, char *err, size_t errlen)
{
    vf_pool_run(p->pool, p->count, run_lane, p);
    p->filled = 0;
    for (int i = 0; i < p->count; i++)
        if (p->lanes[i].status < 0)
            return say(err, errlen, p->lanes[i].failed, p->lanes[i].status);
    return 0;
}

int vf_gif_palette_send(struct vf_gif_palette *p, const AVFrame *rgb, char *err, size_t errlen)
{
    if (!rgb) {
        if (p->ending)
            return 0;
        p->ending = true;
        return run_lanes(p, err, errlen);
    }
    struct lane *l = &p->lanes[p->filled];
    av_frame_unref(l->in);
    int ret = av_frame_ref(l->in, rgb);
    if (ret < 0)
        return say(err, errlen, "keeping a picture", ret);
    l->has_in = true;
    return ++p->filled == p->count ? run_lanes(p, err, errlen) : 0;
}

int vf_gif_palette_receive(struct vf_gif_palette *p, AVFrame *out, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    struct lane *l = &p->lanes[p->next_lane];
    if (l->made_count == 0)
        return 0; /* its next picture is not made yet: the ones after it wait */
    av_frame_move_ref(out, l->made[0]);
    av_frame_free(&l->made[0]);
    l->made_count--;
    for (int k = 0; k < l->made_count; k++)
        l->made[k] = l->made[k + 1];
    p->next_lane = (p->next_lane + 1) % p->count;
    return 1;
}
