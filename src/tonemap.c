#include "tonemap.h"

#include <stdio.h>
#include <stdlib.h>

#include <libavfilter/buffersink.h>
#include <libavfilter/buffersrc.h>

#include "filter_graph.h"

struct vf_tonemap {
    AVFilterGraph *graph;
    AVFilterContext *source, *sink;
    int width, height, format; /* of the pictures the graph was made for */
};

/* To linear light with PQ's 10000 nits over 100 (zscale's nominal peak for SDR white), in
 * float, onto BT.709's primaries; hable's curve without desaturation (FFmpeg's default of 2
 * greys bright colours); back to BT.709's curve, 8 bits a plane. */
static const char *const CHAIN = "zscale=t=linear:npl=100,format=gbrpf32le,zscale=p=bt709,"
                                 "tonemap=tonemap=hable:desat=0,zscale=t=bt709,format=gbrp";

const char *vf_tonemap_kind(const AVFrame *picture)
{
    switch (picture->color_trc) {
    case AVCOL_TRC_SMPTE2084:
        return "PQ";
    case AVCOL_TRC_ARIB_STD_B67:
        return "HLG";
    default:
        return NULL;
    }
}

static int say(char *err, size_t errlen, const char *what, int averr)
{
    char reason[AV_ERROR_MAX_STRING_SIZE];
    av_strerror(averr, reason, sizeof(reason));
    snprintf(err, errlen, "HDR to SDR: %s: %s", what, reason);
    return -1;
}

void vf_tonemap_free(struct vf_tonemap *t)
{
    if (t)
        avfilter_graph_free(&t->graph);
    free(t);
}

static int open_graph(struct vf_tonemap *t, const AVFrame *in, int threads, char *err,
                      size_t errlen)
{
    avfilter_graph_free(&t->graph);
    /* the frames' timestamps are not used: the decoder keeps its own */
    int ret = vf_video_chain_open(&t->graph, &t->source, &t->sink, in, (AVRational){1, 1}, CHAIN,
                                  threads);
    if (ret < 0)
        return say(err, errlen, "cannot make FFmpeg's zscale and tonemap filters", ret);
    t->width = in->width;
    t->height = in->height;
    t->format = in->format;
    return 0;
}

int vf_tonemap_run(struct vf_tonemap **tp, int threads, const AVFrame *in, AVFrame *out, char *err,
                   size_t errlen)
{
    if (!*tp && !(*tp = calloc(1, sizeof(**tp)))) {
        snprintf(err, errlen, "HDR to SDR: out of memory");
        return -1;
    }
    struct vf_tonemap *t = *tp;
    if ((!t->graph || in->width != t->width || in->height != t->height ||
         in->format != t->format) &&
        open_graph(t, in, threads, err, errlen))
        return -1;
    av_frame_unref(out);
    int ret = av_buffersrc_add_frame_flags(t->source, (AVFrame *)in, AV_BUFFERSRC_FLAG_KEEP_REF);
    if (ret >= 0)
        ret = av_buffersink_get_frame(t->sink, out);
    return ret < 0 ? say(err, errlen, "filtering", ret) : 0;
}
