#include "deinterlace.h"

#include <stdio.h>
#include <stdlib.h>

#include <libavfilter/buffersink.h>
#include <libavfilter/buffersrc.h>

#include "filter_graph.h"

struct vf_deinterlace {
    AVRational time_base;
    int threads;
    AVFrame *decoded;
    AVFilterGraph *graph; /* NULL until an interlaced picture comes */
    AVFilterContext *source, *sink;
    int width, height, format; /* of the pictures the graph was made for */
    bool flushed;              /* the decoder ended, and the graph was told */
    bool waiting; /* `decoded` waits for a new graph while the old one gives what it holds */
    bool active;
};

/* a picture out for each picture in, each field's parity as the picture says, the progressive
 * pictures passed as they are */
static const char *const CHAIN = "bwdif=mode=send_frame:parity=auto:deint=interlaced";

static bool interlaced(const AVFrame *f)
{
#if LIBAVUTIL_VERSION_INT >= AV_VERSION_INT(58, 7, 100)
    return f->flags & AV_FRAME_FLAG_INTERLACED;
#else
    return f->interlaced_frame;
#endif
}

struct vf_deinterlace *vf_deinterlace_new(AVRational time_base, int threads)
{
    struct vf_deinterlace *di = calloc(1, sizeof(*di));
    if (di && !(di->decoded = av_frame_alloc())) {
        free(di);
        return NULL;
    }
    if (di) {
        di->time_base = time_base;
        di->threads = threads;
    }
    return di;
}

void vf_deinterlace_reset(struct vf_deinterlace *di)
{
    if (!di)
        return;
    avfilter_graph_free(&di->graph);
    av_frame_unref(di->decoded);
    di->flushed = false;
    di->waiting = false;
}

bool vf_deinterlace_active(const struct vf_deinterlace *di)
{
    return di && di->active;
}

void vf_deinterlace_free(struct vf_deinterlace *di)
{
    if (!di)
        return;
    avfilter_graph_free(&di->graph);
    av_frame_free(&di->decoded);
    free(di);
}

/* The graph for pictures like f. */
static int open_graph(struct vf_deinterlace *di, const AVFrame *f)
{
    int ret = vf_video_chain_open(&di->graph, &di->source, &di->sink, f, di->time_base, CHAIN,
                                  di->threads);
    if (ret >= 0) {
        di->width = f->width;
        di->height = f->height;
        di->format = f->format;
        di->active = true;
    }
    return ret;
}

static bool same_shape(const struct vf_deinterlace *di, const AVFrame *f)
{
    return f->width == di->width && f->height == di->height && f->format == di->format;
}

int vf_deinterlace_receive(struct vf_deinterlace *di, AVCodecContext *codec, AVFrame *out)
{
    int ret;
    for (;;) {
        if (di->graph) {
            ret = av_buffersink_get_frame(di->sink, out);
            if (ret == AVERROR_EOF) { /* everything out, at the decoder's end or a new shape */
                avfilter_graph_free(&di->graph);
                if (!di->waiting)
                    return AVERROR_EOF;
            } else if (ret != AVERROR(EAGAIN)) {
                return ret;
            }
        }
        if (!di->waiting) {
            ret = avcodec_receive_frame(codec, di->decoded);
            if (ret == AVERROR_EOF && di->graph && !di->flushed) {
                di->flushed = true;
                ret = av_buffersrc_add_frame(di->source, NULL); /* the picture held back, out */
                if (ret < 0)
                    return ret;
                continue;
            }
            if (ret < 0)
                return ret;
            if (di->graph && !same_shape(di, di->decoded)) {
                /* a new size or format mid-stream (a DVD's menu to its film, say): the old
                 * graph ends as at the end of the input, giving the picture it held, and a new
                 * one starts with this picture */
                di->waiting = true;
                ret = av_buffersrc_add_frame(di->source, NULL);
                if (ret < 0)
                    goto fail;
                continue;
            }
        }
        di->waiting = false;
        if (!di->graph && !interlaced(di->decoded)) {
            av_frame_move_ref(out, di->decoded);
            return 0;
        }
        if (!di->graph && (ret = open_graph(di, di->decoded)) < 0)
            goto fail;
        ret = av_buffersrc_add_frame(di->source, di->decoded); /* takes the picture */
        if (ret < 0)
            goto fail;
    }
fail:
    di->waiting = false;
    av_frame_unref(di->decoded);
    return ret;
}
