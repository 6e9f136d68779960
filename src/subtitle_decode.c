#include "subtitle_decode.h"

#include <stdio.h>

static bool subtitles_with(enum AVCodecID id, int prop)
{
    const AVCodecDescriptor *d = avcodec_descriptor_get(id);
    return d && d->type == AVMEDIA_TYPE_SUBTITLE && (d->props & prop);
}

bool vf_subtitle_is_text(enum AVCodecID id)
{
    return subtitles_with(id, AV_CODEC_PROP_TEXT_SUB);
}

bool vf_subtitle_is_picture(enum AVCodecID id)
{
    return subtitles_with(id, AV_CODEC_PROP_BITMAP_SUB);
}

AVCodecContext *vf_subtitle_decoder_open(const AVCodecParameters *par, AVRational tb, int *averr)
{
    const AVCodec *codec = avcodec_find_decoder(par->codec_id);
    AVCodecContext *c = codec ? avcodec_alloc_context3(codec) : NULL;
    *averr = 0;
    if (!c)
        return NULL;
    int ret = avcodec_parameters_to_context(c, par);
    c->pkt_timebase = tb; /* SubRip and the rest time their cues by the packets */
    if (ret >= 0)
        ret = avcodec_open2(c, codec, NULL);
    if (ret < 0) {
        *averr = ret;
        avcodec_free_context(&c);
    }
    return c;
}

int vf_subtitle_decode(AVCodecContext *decoder, const AVPacket *packet, AVSubtitle *cue)
{
    int got = 0;
    AVPacket *readable = av_packet_clone(packet); /* FFmpeg 5's decoder takes no const packet */
    if (!readable)
        return -1;
    int ret = avcodec_decode_subtitle2(decoder, cue, &got, readable);
    av_packet_free(&readable);
    return ret >= 0 && got ? 1 : 0;
}

int vf_subtitle_file_open(const char *path, AVFormatContext **format, char *err, size_t errlen)
{
    int ret = avformat_open_input(format, path, NULL, NULL);
    if (ret < 0) {
        char reason[AV_ERROR_MAX_STRING_SIZE];
        av_strerror(ret, reason, sizeof(reason));
        snprintf(err, errlen, "%s: cannot open: %s", path, reason);
        return -1;
    }
    for (unsigned i = 0; i < (*format)->nb_streams; i++) {
        const enum AVCodecID id = (*format)->streams[i]->codecpar->codec_id;
        if (vf_subtitle_is_text(id) || vf_subtitle_is_picture(id))
            return (int)i;
    }
    snprintf(err, errlen, "%s: no subtitles in it", path);
    avformat_close_input(format);
    return -1;
}
