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
    di->flushed = false;
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

/* The graph for pictures like f. A change of size or format mid-stream drops the picture the
 * old one held (a DVD's menu to its film, say). */
static int open_graph(struct vf_deinterlace *di, const AVFrame *f)
{
    avfilter_graph_free(&di->graph);
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

int vf_deinterlace_receive(struct vf_deinterlace *di, AVCodecContext *codec, AVFrame *out)
{
    for (;;) {
        if (di->graph) {
            int ret = av_buffersink_get_frame(di->sink, out);
            if (ret == AVERROR_EOF) { /* everything out after the decoder's end */
                avfilter_graph_free(&di->graph);
                return AVERROR_EOF;
            }
            if (ret != AVERROR(EAGAIN))
                return ret;
        }
        int ret = avcodec_receive_frame(codec, di->decoded);
        if (ret == AVERROR_EOF && di->graph && !di->flushed) {
            di->flushed = true;
            ret = av_buffersrc_add_frame(di->source, NULL); /* the picture held back, out */
            if (ret < 0)
                return ret;
            continue;
        }
        if (ret < 0)
            return ret;
        if (!di->graph && !interlaced(di->decoded)) {
            av_frame_move_ref(out, di->decoded);
            return 0;
        }
        if ((!di->graph || di->decoded->width != di->width || di->decoded->height != di->height ||
             di->decoded->format != di->format) &&
            (ret = open_graph(di, di->decoded)) < 0) {
            av_frame_unref(di->decoded);
            return ret;
        }
        ret = av_buffersrc_add_frame(di->source, di->decoded); /* takes the picture */
        if (ret < 0) {
            av_frame_unref(di->decoded);
            return ret;
        }
    }
}
