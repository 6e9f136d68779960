#include "record_container.h"

#include <string.h>

bool vf_container_writes_images(const AVOutputFormat *container)
{
    return strcmp(container->name, "image2") == 0;
}

/* Codecs that containers hold although FFmpeg cannot say so (avformat_query_codec: unknown):
 * MPEG-TS as broadcasts and HLS use it. */
static const struct {
    const char *container;
    enum AVCodecID codec;
} KNOWN_TO_HOLD[] = {
    {"mpegts", AV_CODEC_ID_H264}, {"mpegts", AV_CODEC_ID_HEVC}, {"mpegts", AV_CODEC_ID_AAC},
    {"mpegts", AV_CODEC_ID_MP3},  {"mpegts", AV_CODEC_ID_AC3},  {"mpegts", AV_CODEC_ID_EAC3},
    {"mpegts", AV_CODEC_ID_OPUS},
};

bool vf_container_accepts(const AVOutputFormat *container, enum AVCodecID id, int fallback,
                          bool named)
{
    int answer = avformat_query_codec(container, id, FF_COMPLIANCE_NORMAL);
    if (answer >= 0)
        return answer == 1;
    if ((int)id == fallback || named)
        return true;
    for (size_t i = 0; i < sizeof(KNOWN_TO_HOLD) / sizeof(KNOWN_TO_HOLD[0]); i++)
        if (KNOWN_TO_HOLD[i].codec == id && !strcmp(container->name, KNOWN_TO_HOLD[i].container))
            return true;
    return false;
}

bool vf_container_counts_frames(const AVOutputFormat *container)
{
    static const char *const names[] = {"yuv4mpegpipe", "avi", "ogg", "ogv"};
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
        if (!strcmp(container->name, names[i]))
            return true;
    return (container->flags & AVFMT_NOTIMESTAMPS) != 0;
}

/* Containers that take sound at one sample rate only (but a codec that sets its own), which
 * neither they nor their encoders say: MXF, DV and GXF hold 48 kHz, FLV 44.1 kHz besides AAC. */
static const struct {
    const char *container;
    int rate;
    enum AVCodecID any_rate;
} CONTAINER_AUDIO_RATE[] = {
    {"mxf", 48000, AV_CODEC_ID_NONE},
    {"dv", 48000, AV_CODEC_ID_NONE},
    {"gxf", 48000, AV_CODEC_ID_NONE},
    {"flv", 44100, AV_CODEC_ID_AAC},
};

int vf_container_audio_rate(const AVOutputFormat *container, enum AVCodecID id)
{
    for (size_t i = 0; i < sizeof(CONTAINER_AUDIO_RATE) / sizeof(CONTAINER_AUDIO_RATE[0]); i++)
        if (!strcmp(container->name, CONTAINER_AUDIO_RATE[i].container) &&
            id != CONTAINER_AUDIO_RATE[i].any_rate)
            return CONTAINER_AUDIO_RATE[i].rate;
    return 0;
}

const AVCodec *vf_container_audio_encoder(const AVOutputFormat *container)
{
    static const enum AVCodecID usual[] = {
        AV_CODEC_ID_AAC, AV_CODEC_ID_OPUS, AV_CODEC_ID_VORBIS, AV_CODEC_ID_MP3,
        AV_CODEC_ID_MP2, AV_CODEC_ID_AC3,  AV_CODEC_ID_FLAC,   AV_CODEC_ID_PCM_S16LE};
    const AVCodec *codec = container->audio_codec != AV_CODEC_ID_NONE
                               ? avcodec_find_encoder(container->audio_codec)
                               : NULL;
    for (size_t i = 0; !codec && i < sizeof(usual) / sizeof(usual[0]); i++)
        if (avformat_query_codec(container, usual[i], FF_COMPLIANCE_NORMAL) == 1)
            codec = avcodec_find_encoder(usual[i]);
    return codec;
}
