#include "audio_encode.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include <libavfilter/buffersink.h>
#include <libavfilter/buffersrc.h>
#include <libavutil/channel_layout.h>
#include <libavutil/samplefmt.h>

#include "filter_graph.h"

struct vf_audio_encoder {
    AVCodecContext *decoder, *encoder;
    AVRational in_tb;
    /* decoded frames to the encoder's format, rate, channels and frame size; timestamps
     * followed to the sample (gaps filled, overlaps dropped) from 20 ms off, where players
     * would hear the sound drift from the pictures */
    struct vf_audio_graph graph;
    char formats[400]; /* the encoder's format, rate and channels, as aformat's options */
    /* where the last frame given to the encoder ends, in its time base; AV_NOPTS_VALUE before
     * the first */
    int64_t next_pts;
    AVFrame *decoded, *converted;
    AVPacket *packet;
    bool ended;
};

int vf_audio_say(char *err, size_t errlen, const char *what, int averr)
{
    char reason[AV_ERROR_MAX_STRING_SIZE] = "";
    if (averr)
        av_strerror(averr, reason, sizeof(reason));
    snprintf(err, errlen, "sound: %s%s%s", what, averr ? ": " : "", reason);
    return -1;
}

/* the input's sample format where the encoder takes it, else the same in the other layout
 * (packed or planar), else the encoder's first */
static enum AVSampleFormat choose_format(const AVCodec *codec, enum AVSampleFormat want)
{
    const enum AVSampleFormat *list = codec->sample_fmts;
    if (!list)
        return want != AV_SAMPLE_FMT_NONE ? want : AV_SAMPLE_FMT_S16;
    const enum AVSampleFormat alternatives[] = {want, av_get_packed_sample_fmt(want),
                                                av_get_planar_sample_fmt(want)};
    for (size_t a = 0; a < sizeof(alternatives) / sizeof(alternatives[0]); a++)
        for (const enum AVSampleFormat *p = list; *p != AV_SAMPLE_FMT_NONE; p++)
            if (*p == alternatives[a] && *p != AV_SAMPLE_FMT_NONE)
                return *p;
    return list[0];
}

/* `want` where the encoder takes it, else the lowest rate above it (nothing lost), else the
 * highest it has */
static int choose_rate(const AVCodec *codec, int want)
{
    const int *list = codec->supported_samplerates;
    if (!list)
        return want;
    int above = 0, highest = 0;
    for (const int *p = list; *p; p++) {
        if (*p == want)
            return want;
        if (*p > want && (!above || *p < above))
            above = *p;
        if (*p > highest)
            highest = *p;
    }
    return above ? above : highest;
}

/* the input's channels where the encoder takes them, else as many in another order, else
 * stereo, else the encoder's first */
static int choose_layout(const AVCodec *codec, const AVChannelLayout *in, AVChannelLayout *out)
{
    AVChannelLayout want = {0};
    if (in->order == AV_CHANNEL_ORDER_UNSPEC || !av_channel_layout_check(in) ||
        av_channel_layout_copy(&want, in) < 0)
        av_channel_layout_default(&want, in->nb_channels > 0 ? in->nb_channels : 2);
    const AVChannelLayout *list = codec->ch_layouts, *pick = NULL;
    const AVChannelLayout stereo = AV_CHANNEL_LAYOUT_STEREO;
    for (const AVChannelLayout *p = list; p && p->nb_channels && !pick; p++)
        if (!av_channel_layout_compare(p, &want))
            pick = p;
    for (const AVChannelLayout *p = list; p && p->nb_channels && !pick; p++)
        if (p->nb_channels == want.nb_channels)
            pick = p;
    for (const AVChannelLayout *p = list; p && p->nb_channels && !pick; p++)
        if (!av_channel_layout_compare(p, &stereo))
            pick = p;
    int ret = av_channel_layout_copy(out, pick ? pick : list ? list : &want);
    av_channel_layout_uninit(&want);
    return ret;
}

static int open_decoder(struct vf_audio_encoder *e, const AVCodecParameters *in, char *err,
                        size_t errlen)
{
    const AVCodec *codec = avcodec_find_decoder(in->codec_id);
    if (!codec) {
        snprintf(err, errlen, "sound: no %s decoder in this FFmpeg",
                 avcodec_get_name(in->codec_id));
        return -1;
    }
    e->decoder = avcodec_alloc_context3(codec);
    if (!e->decoder)
        return vf_audio_say(err, errlen, "out of memory", 0);
    int ret = avcodec_parameters_to_context(e->decoder, in);
    if (ret < 0)
        return vf_audio_say(err, errlen, "cannot set the decoder's parameters", ret);
    e->decoder->pkt_timebase = e->in_tb;
    ret = avcodec_open2(e->decoder, codec, NULL);
    if (ret < 0) {
        char what[128];
        snprintf(what, sizeof(what), "cannot open the %s decoder", codec->name);
        return vf_audio_say(err, errlen, what, ret);
    }
    return 0;
}

static int open_encoder(struct vf_audio_encoder *e, const AVCodecParameters *in,
                        const AVCodec *codec, int rate, bool global_header, char *err,
                        size_t errlen)
{
    AVCodecContext *c = avcodec_alloc_context3(codec);
    e->encoder = c;
    if (!c)
        return vf_audio_say(err, errlen, "out of memory", 0);
    c->sample_fmt = choose_format(codec, in->format);
    c->sample_rate = choose_rate(codec, rate > 0              ? rate
                                        : in->sample_rate > 0 ? in->sample_rate
                                                              : 48000);
    int ret = choose_layout(codec, &in->ch_layout, &c->ch_layout);
    if (ret < 0)
        return vf_audio_say(err, errlen, "cannot choose the channels", ret);
    c->time_base = (AVRational){1, c->sample_rate};
    if (global_header)
        c->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
    ret = avcodec_open2(c, codec, NULL);
    if (ret < 0) {
        char what[128];
        snprintf(what, sizeof(what), "cannot open the %s encoder", codec->name);
        return vf_audio_say(err, errlen, what, ret);
    }
    char layout[128];
    vf_audio_layout_name(&c->ch_layout, layout, sizeof(layout));
    snprintf(e->formats, sizeof(e->formats), "sample_fmts=%s:sample_rates=%d:channel_layouts=%s",
             av_get_sample_fmt_name(c->sample_fmt), c->sample_rate, layout);
    return 0;
}

struct vf_audio_encoder *vf_audio_encoder_open(const AVCodecParameters *in, AVRational in_tb,
                                               const AVCodec *encoder, int rate, bool global_header,
                                               char *err, size_t errlen)
{
    struct vf_audio_encoder *e = calloc(1, sizeof(*e));
    if (!e) {
        vf_audio_say(err, errlen, "out of memory", 0);
        return NULL;
    }
    e->in_tb = in_tb;
    e->next_pts = AV_NOPTS_VALUE;
    if (open_decoder(e, in, err, errlen) ||
        open_encoder(e, in, encoder, rate, global_header, err, errlen))
        goto fail;
    e->decoded = av_frame_alloc();
    e->converted = av_frame_alloc();
    e->packet = av_packet_alloc();
    if (!e->decoded || !e->converted || !e->packet) {
        vf_audio_say(err, errlen, "out of memory", 0);
        goto fail;
    }
    return e;
fail:
    vf_audio_encoder_free(e);
    return NULL;
}

const AVCodecContext *vf_audio_encoder_context(const struct vf_audio_encoder *e)
{
    return e->encoder;
}

/* frame (NULL: the end) into the encoder, and every packet it has ready out */
static int encode(struct vf_audio_encoder *e, const AVFrame *frame, vf_audio_packet_fn deliver,
                  void *ctx, char *err, size_t errlen)
{
    int ret = avcodec_send_frame(e->encoder, frame);
    if (ret < 0 && !(ret == AVERROR_EOF && !frame))
        return vf_audio_say(err, errlen, "encoding", ret);
    for (;;) {
        ret = avcodec_receive_packet(e->encoder, e->packet);
        if (ret == AVERROR(EAGAIN) || ret == AVERROR_EOF)
            return 0;
        if (ret < 0)
            return vf_audio_say(err, errlen, "encoding", ret);
        ret = deliver(e->packet, ctx);
        av_packet_unref(e->packet);
        if (ret)
            return -1;
    }
}

/* The graph from frames like `frame` to the encoder's format. One opened where the format
 * changed mid-stream starts where the sound encoded so far ends: aresample's first_pts (in
 * the input's samples) drops what overlaps it and fills a gap with silence. Without it, a
 * broadcast's change from 44.1 kHz mono to 48 kHz stereo overlapped the last frame by a few
 * ms, and the Vorbis encoder's timestamps stepped back, which the Ogg muxer refused. */
static int open_graph(struct vf_audio_encoder *e, const AVFrame *frame)
{
    char first[64] = "", chain[600];
    if (e->next_pts != AV_NOPTS_VALUE && frame->sample_rate > 0)
        snprintf(
            first, sizeof(first), ":first_pts=%" PRId64,
            av_rescale_rnd(e->next_pts, frame->sample_rate, e->encoder->sample_rate, AV_ROUND_UP));
    snprintf(chain, sizeof(chain), "aresample=async=1:min_hard_comp=0.02%s,aformat=%s", first,
             e->formats);
    return vf_audio_graph_open(&e->graph, frame, e->in_tb, chain);
}

/* frame (NULL: the end) through the graph, and what comes out encoded */
static int convert(struct vf_audio_encoder *e, AVFrame *frame, vf_audio_packet_fn deliver,
                   void *ctx, char *err, size_t errlen)
{
    if (frame && !vf_audio_graph_takes(&e->graph, frame)) {
        /* a new format mid-stream: what the old graph holds (less than a frame of the
         * encoder's) is dropped, since only an encoder's last frame may be short */
        int ret = open_graph(e, frame);
        if (ret < 0)
            return vf_audio_say(err, errlen, "cannot convert the samples (filters)", ret);
        if (!(e->encoder->codec->capabilities & AV_CODEC_CAP_VARIABLE_FRAME_SIZE) &&
            e->encoder->frame_size > 0)
            av_buffersink_set_frame_size(e->graph.sink, (unsigned)e->encoder->frame_size);
    }
    if (!e->graph.graph)
        return 0; /* the end of an input that had no sound */
    int ret = av_buffersrc_add_frame_flags(e->graph.source, frame, AV_BUFFERSRC_FLAG_KEEP_REF);
    if (ret < 0)
        return vf_audio_say(err, errlen, "converting the samples", ret);
    const AVRational tb = av_buffersink_get_time_base(e->graph.sink);
    for (;;) {
        ret = av_buffersink_get_frame(e->graph.sink, e->converted);
        if (ret == AVERROR(EAGAIN) || ret == AVERROR_EOF)
            return 0;
        if (ret < 0)
            return vf_audio_say(err, errlen, "converting the samples", ret);
        if (e->converted->pts != AV_NOPTS_VALUE) {
            e->converted->pts = av_rescale_q(e->converted->pts, tb, e->encoder->time_base);
            e->next_pts = e->converted->pts + e->converted->nb_samples;
        }
        ret = encode(e, e->converted, deliver, ctx, err, errlen);
        av_frame_unref(e->converted);
        if (ret)
            return -1;
    }
}

int vf_audio_encoder_send(struct vf_audio_encoder *e, const AVPacket *packet,
                          vf_audio_packet_fn deliver, void *ctx, char *err, size_t errlen)
{
    if (e->ended)
        return 0;
    /* a packet the decoder cannot read is skipped, as players skip it (a damaged AAC frame
     * gave "Operation not permitted"), rather than end the recording; only running out of
     * memory does */
    int ret = avcodec_send_packet(e->decoder, packet);
    if (ret == AVERROR(ENOMEM))
        return vf_audio_say(err, errlen, "decoding", ret);
    if (ret < 0 && packet)
        return 0;
    for (;;) {
        ret = avcodec_receive_frame(e->decoder, e->decoded);
        if (ret == AVERROR(ENOMEM))
            return vf_audio_say(err, errlen, "decoding", ret);
        if (ret < 0)
            break;
        e->decoded->pts = e->decoded->best_effort_timestamp;
        ret = convert(e, e->decoded, deliver, ctx, err, errlen);
        av_frame_unref(e->decoded);
        if (ret)
            return -1;
    }
    if (packet)
        return 0;
    e->ended = true;
    if (convert(e, NULL, deliver, ctx, err, errlen))
        return -1;
    return encode(e, NULL, deliver, ctx, err, errlen);
}

void vf_audio_encoder_free(struct vf_audio_encoder *e)
{
    if (!e)
        return;
    vf_audio_graph_close(&e->graph);
    avcodec_free_context(&e->decoder);
    avcodec_free_context(&e->encoder);
    av_frame_free(&e->decoded);
    av_frame_free(&e->converted);
    av_packet_free(&e->packet);
    free(e);
}
