#include "record_container.h"

#include <stdio.h>
#include <string.h>

#include <libavutil/pixdesc.h>

#include "convert.h"
#include "subtitle_decode.h"

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

enum AVCodecID vf_container_text_subtitles(const AVOutputFormat *container)
{
    static const enum AVCodecID text[] = {AV_CODEC_ID_MOV_TEXT, AV_CODEC_ID_ASS, AV_CODEC_ID_SUBRIP,
                                          AV_CODEC_ID_WEBVTT};
    if (vf_subtitle_is_text(container->subtitle_codec))
        return container->subtitle_codec;
    for (size_t i = 0; i < sizeof(text) / sizeof(text[0]); i++)
        if (avformat_query_codec(container, text[i], FF_COMPLIANCE_NORMAL) == 1)
            return text[i];
    return AV_CODEC_ID_NONE;
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

enum AVPixelFormat vf_container_pixel_format(const AVCodec *enc, const AVOutputFormat *container,
                                             int width, int height)
{
    const enum AVPixelFormat *list = enc->pix_fmts;
    if (enc->id == AV_CODEC_ID_GIF) /* the palette made for each picture (gif_palette.h) */
        return AV_PIX_FMT_PAL8;
    if (!list) /* any: raw frames, where Y4M holds YUV and grey only */
        return strcmp(container->name, "yuv4mpegpipe") ? AV_PIX_FMT_GBRP : AV_PIX_FMT_YUV444P;
    const AVCodecDescriptor *codec = avcodec_descriptor_get(enc->id);
    const bool lossy = !codec || (codec->props & AV_CODEC_PROP_LOSSY);
    enum AVPixelFormat exact = AV_PIX_FMT_NONE;
    enum AVPixelFormat yuv420 = AV_PIX_FMT_NONE;
    for (const enum AVPixelFormat *p = list; *p != AV_PIX_FMT_NONE; p++) {
        if (*p == AV_PIX_FMT_GBRP && !lossy)
            return AV_PIX_FMT_GBRP;
        if (exact == AV_PIX_FMT_NONE && *p != AV_PIX_FMT_PAL8 && vf_convert_is_exact(*p))
            exact = *p;
        /* MJPEG lists full-range 4:2:0 first and refuses the limited range as non-standard */
        if (yuv420 == AV_PIX_FMT_NONE && (*p == AV_PIX_FMT_YUV420P || *p == AV_PIX_FMT_YUVJ420P))
            yuv420 = *p;
    }
    if (exact != AV_PIX_FMT_NONE && !lossy)
        return exact;
    if (yuv420 != AV_PIX_FMT_NONE && width % 2 == 0 && height % 2 == 0)
        return yuv420;
    if (exact != AV_PIX_FMT_NONE)
        return exact;
    return avcodec_find_best_pix_fmt_of_list(list, AV_PIX_FMT_GBRP, 0, NULL);
}

const AVOutputFormat *vf_container_for(const char *path, const char *name, char *err, size_t errlen)
{
    if (!name) {
        const AVOutputFormat *by_path = av_guess_format(NULL, path, NULL);
        if (!by_path)
            snprintf(err, errlen,
                     "%s: cannot tell the container from the file name (use .mkv, .mp4, .mov, "
                     ".avi or .nut, or name one with --format)",
                     path);
        return by_path;
    }
    const AVOutputFormat *container = av_guess_format(name, NULL, NULL);
    if (!container) { /* an extension names one too: mkv, ts */
        char file[80];
        snprintf(file, sizeof(file), "x.%s", name);
        container = av_guess_format(NULL, file, NULL);
    }
    if (!container)
        snprintf(err, errlen,
                 "%s: --format: no container named '%s' in this FFmpeg (see ffmpeg "
                 "-muxers)",
                 path, name);
    return container;
}

bool vf_container_is_fragmented(const AVOutputFormat *container)
{
    const char *name = container->name;
    return strstr(name, "mp4") || strstr(name, "mov") || strstr(name, "ipod") ||
           strstr(name, "ismv");
}

/* What each encoder is asked for beyond FFmpeg's defaults, by its name. */
static const struct {
    const char *encoder, *key, *value;
} ENCODER_OPTIONS[] = {
    {"libx264", "preset", "veryfast"},
    {"libx264", "crf", "18"},
    {"libx264rgb", "preset", "veryfast"},
    {"libx264rgb", "crf", "18"},
    /* fast enough to record in real time, as x264's veryfast: its defaults made 5 pictures a
     * second of 720p on two cores, these 64, at constant quality */
    {"libvpx-vp9", "deadline", "realtime"},
    {"libvpx-vp9", "cpu-used", "8"},
    {"libvpx-vp9", "row-mt", "1"},
    {"libvpx-vp9", "crf", "30"},
    {"ffv1", "level", "3"}, /* slices: encodes on every core */
    {"ffv1", "slicecrc", "1"},
};

int vf_encoder_options(const AVCodec *enc, AVDictionary **opts)
{
    int ret = 0;
    for (size_t i = 0; i < sizeof(ENCODER_OPTIONS) / sizeof(ENCODER_OPTIONS[0]) && ret >= 0; i++)
        if (!strcmp(enc->name, ENCODER_OPTIONS[i].encoder))
            ret = av_dict_set(opts, ENCODER_OPTIONS[i].key, ENCODER_OPTIONS[i].value, 0);
    return ret;
}
