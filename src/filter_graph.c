#include "filter_graph.h"

#include <stdio.h>

#include <libavfilter/buffersink.h>
#include <libavfilter/buffersrc.h>
#include <libavutil/pixdesc.h>
#include <libavutil/samplefmt.h>

void vf_audio_layout_name(const AVChannelLayout *channels, char *buf, size_t len)
{
    AVChannelLayout known = {0};
    if (channels->order == AV_CHANNEL_ORDER_UNSPEC || !av_channel_layout_check(channels) ||
        av_channel_layout_copy(&known, channels) < 0)
        av_channel_layout_default(&known, channels->nb_channels);
    if (av_channel_layout_describe(&known, buf, len) < 0 && len > 0)
        snprintf(buf, len, "stereo");
    av_channel_layout_uninit(&known);
}

int vf_filter_chain_open(AVFilterGraph **graph, AVFilterContext **source, AVFilterContext **sink,
                         bool video, const char *source_args, const char *chain, int threads)
{
    const AVFilter *in = avfilter_get_by_name(video ? "buffer" : "abuffer"),
                   *out = avfilter_get_by_name(video ? "buffersink" : "abuffersink");
    AVFilterInOut *ins = avfilter_inout_alloc(), *outs = avfilter_inout_alloc();
    *graph = avfilter_graph_alloc();
    int ret = in && out ? 0 : AVERROR_FILTER_NOT_FOUND;
    if (ret == 0 && (!ins || !outs || !*graph))
        ret = AVERROR(ENOMEM);
    if (ret == 0)
        (*graph)->nb_threads = threads;
    if (ret == 0)
        ret = avfilter_graph_create_filter(source, in, "in", source_args, NULL, *graph);
    if (ret >= 0)
        ret = avfilter_graph_create_filter(sink, out, "out", NULL, NULL, *graph);
    if (ret >= 0) {
        /* the chain's open ends: the source's output, the sink's input */
        outs->name = av_strdup("in");
        outs->filter_ctx = *source;
        ins->name = av_strdup("out");
        ins->filter_ctx = *sink;
        ret = outs->name && ins->name ? avfilter_graph_parse_ptr(*graph, chain, &ins, &outs, NULL)
                                      : AVERROR(ENOMEM);
    }
    if (ret >= 0)
        ret = avfilter_graph_config(*graph, NULL);
    avfilter_inout_free(&ins);
    avfilter_inout_free(&outs);
    if (ret < 0) {
        avfilter_graph_free(graph);
        *source = *sink = NULL;
    }
    return ret;
}

int vf_video_chain_open(AVFilterGraph **graph, AVFilterContext **source, AVFilterContext **sink,
                        const AVFrame *f, AVRational tb, const char *chain, int threads)
{
    const char *format = av_get_pix_fmt_name((enum AVPixelFormat)f->format);
    const AVRational aspect =
        f->sample_aspect_ratio.num > 0 ? f->sample_aspect_ratio : (AVRational){1, 1};
    char args[256];
    snprintf(args, sizeof(args), "video_size=%dx%d:pix_fmt=%s:time_base=%d/%d:pixel_aspect=%d/%d",
             f->width, f->height, format ? format : "none", tb.num, tb.den, aspect.num, aspect.den);
    return vf_filter_chain_open(graph, source, sink, true, args, chain, threads);
}

int vf_audio_graph_open(struct vf_audio_graph *g, const AVFrame *f, AVRational tb,
                        const char *chain)
{
    vf_audio_graph_close(g);
    char layout[128], args[512];
    vf_audio_layout_name(&f->ch_layout, layout, sizeof(layout));
    snprintf(args, sizeof(args), "time_base=%d/%d:sample_rate=%d:sample_fmt=%s:channel_layout=%s",
             tb.num, tb.den, f->sample_rate, av_get_sample_fmt_name(f->format), layout);
    int ret = vf_filter_chain_open(&g->graph, &g->source, &g->sink, false, args, chain, 0);
    if (ret >= 0)
        ret = av_channel_layout_copy(&g->layout, &f->ch_layout);
    if (ret < 0) {
        vf_audio_graph_close(g);
        return ret;
    }
    g->format = f->format;
    g->rate = f->sample_rate;
    return 0;
}

bool vf_audio_graph_takes(const struct vf_audio_graph *g, const AVFrame *f)
{
    return g->graph && f->format == g->format && f->sample_rate == g->rate &&
           !av_channel_layout_compare(&f->ch_layout, &g->layout);
}

void vf_audio_graph_close(struct vf_audio_graph *g)
{
    avfilter_graph_free(&g->graph);
    av_channel_layout_uninit(&g->layout);
    g->source = g->sink = NULL;
}
