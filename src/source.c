#include "source.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include <libavdevice/avdevice.h>

#include "chapter_list.h"

void vf_source_say(char *err, size_t errlen, const char *what, int averr)
{
    char reason[AV_ERROR_MAX_STRING_SIZE];
    av_strerror(averr, reason, sizeof(reason));
    snprintf(err, errlen, "%s: %s", what, reason);
}

double vf_seconds_of(int64_t ts, AVRational tb)
{
    return ts == AV_NOPTS_VALUE ? 0 : (double)ts * av_q2d(tb);
}

/* The camera's KEY=VALUE options (--webcam-size...), for its input device. */
static int camera_options(const struct vf_decoder_config *cfg, AVDictionary **options)
{
    int ret = 0;
    for (int i = 0; cfg->webcam && i < cfg->camera_option_count && ret >= 0; i++) {
        const char *option = cfg->camera_options[i], *eq = strchr(option, '=');
        char key[128];
        snprintf(key, sizeof(key), "%.*s", eq ? (int)(eq - option) : 0, option);
        ret = eq ? av_dict_set(options, key, eq + 1, 0) : AVERROR(EINVAL);
    }
    return ret;
}

int vf_source_open_format(AVFormatContext **format, const struct vf_decoder_config *cfg,
                          const char *name, char *err, size_t errlen)
{
    const AVInputFormat *input_format = NULL;
    const char *url = cfg->url;
    if (cfg->webcam) {
        avdevice_register_all();
        const char *device = cfg->webcam_format ? cfg->webcam_format : "v4l2";
        input_format = av_find_input_format(device);
        if (!input_format) {
            snprintf(err, errlen, "%s: this FFmpeg has no '%s' input device", name, device);
            return -1;
        }
        url = cfg->webcam;
    } else if (!strcmp(url, "-")) {
        url = "pipe:"; /* standard input, as the ffmpeg tool reads "-" */
    } else {
        struct stat st;
        if (stat(url, &st) == 0 && S_ISDIR(st.st_mode)) {
            snprintf(err, errlen, "%s: is a directory, not a video or image", name);
            return -1;
        }
    }
    AVDictionary *options = NULL;
    int ret = camera_options(cfg, &options);
    if (ret >= 0)
        ret = avformat_open_input(format, url, input_format, &options);
    if (ret < 0) {
        char what[600];
        snprintf(what, sizeof(what), "%s: cannot open%s", name, cfg->webcam ? " the camera" : "");
        vf_source_say(err, errlen, what, ret);
        av_dict_free(&options);
        return -1;
    }
    /* what the device did not take: a misspelt option, or one another device has */
    const AVDictionaryEntry *left = av_dict_get(options, "", NULL, AV_DICT_IGNORE_SUFFIX);
    if (left) {
        snprintf(err, errlen, "%s: the camera's input (%s) has no option '%s'", name,
                 input_format ? input_format->name : "?", left->key);
        av_dict_free(&options);
        return -1;
    }
    av_dict_free(&options);
    ret = avformat_find_stream_info(*format, NULL);
    if (ret < 0) {
        char what[600];
        snprintf(what, sizeof(what), "%s: cannot read the stream parameters", name);
        vf_source_say(err, errlen, what, ret);
        return -1;
    }
    return 0;
}

int vf_source_open_video(AVFormatContext *format, const struct vf_decoder_config *cfg,
                         const char *name, AVCodecContext **codec, struct vf_source_info *info,
                         char *err, size_t errlen)
{
    const AVCodec *decoder = NULL;
    int index = av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, &decoder, 0);
    if (index == AVERROR_STREAM_NOT_FOUND) {
        snprintf(err, errlen, "%s: no video stream in this file (%s)", name,
                 format->nb_streams ? "only audio or data" : "no streams at all");
        return -1;
    }
    if (index < 0 || !decoder) {
        int video = av_find_best_stream(format, AVMEDIA_TYPE_VIDEO, -1, -1, NULL, 0);
        enum AVCodecID id =
            video >= 0 ? format->streams[video]->codecpar->codec_id : AV_CODEC_ID_NONE;
        snprintf(err, errlen, "%s: unsupported video codec '%s': this FFmpeg has no decoder for it",
                 name, id == AV_CODEC_ID_NONE ? "unknown" : avcodec_get_name(id));
        return -1;
    }
    AVStream *stream = format->streams[index];
    (*codec) = avcodec_alloc_context3(decoder);
    if (!(*codec)) {
        snprintf(err, errlen, "%s: out of memory", name);
        return -1;
    }
    int ret = avcodec_parameters_to_context((*codec), stream->codecpar);
    if (ret >= 0) {
        (*codec)->pkt_timebase = stream->time_base;
        (*codec)->thread_count = cfg->threads; /* 0: one per core */
        /* frame threads add a frame of latency per thread: fine for files, not for a camera */
        (*codec)->thread_type = cfg->webcam ? FF_THREAD_SLICE : FF_THREAD_FRAME | FF_THREAD_SLICE;
        ret = avcodec_open2((*codec), decoder, NULL);
    }
    if (ret < 0) {
        char what[600];
        snprintf(what, sizeof(what), "%s: cannot open the %s decoder", name, decoder->name);
        vf_source_say(err, errlen, what, ret);
        return -1;
    }
    info->video_stream = index;
    info->time_base = stream->time_base;
    info->frame_rate = av_guess_frame_rate(format, stream, NULL);
    if (info->frame_rate.num <= 0 || info->frame_rate.den <= 0)
        info->frame_rate = (AVRational){25, 1};
    /* the first picture's time, not the format's (its AAC priming starts 21 ms earlier) */
    if (stream->start_time != AV_NOPTS_VALUE)
        info->start_s = vf_seconds_of(stream->start_time, stream->time_base);
    else if (format->start_time != AV_NOPTS_VALUE)
        info->start_s = (double)format->start_time / AV_TIME_BASE;
    if (format->duration > 0 && format->duration != AV_NOPTS_VALUE)
        info->duration_s = (double)format->duration / AV_TIME_BASE;
    else if (stream->duration > 0)
        info->duration_s = vf_seconds_of(stream->duration, stream->time_base);
    info->frame_estimate = stream->nb_frames > 0
                               ? (long)stream->nb_frames
                               : (long)(info->duration_s * av_q2d(info->frame_rate) + 0.5);
    info->codec_name = decoder->name;
    return 0;
}

struct vf_orientation vf_source_orientation(const AVStream *stream, const AVFrame *first)
{
    const uint8_t *matrix = NULL;
#if LIBAVCODEC_VERSION_INT >= AV_VERSION_INT(60, 31, 100)
    const AVPacketSideData *sd =
        av_packet_side_data_get(stream->codecpar->coded_side_data,
                                stream->codecpar->nb_coded_side_data, AV_PKT_DATA_DISPLAYMATRIX);
    if (sd && sd->size >= 9 * sizeof(int32_t))
        matrix = sd->data;
#else
    size_t size = 0;
    const uint8_t *data = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &size);
    if (data && size >= 9 * sizeof(int32_t))
        matrix = data;
#endif
    const AVFrameSideData *fsd = av_frame_get_side_data(first, AV_FRAME_DATA_DISPLAYMATRIX);
    if (!matrix && fsd && fsd->size >= 9 * sizeof(int32_t))
        matrix = fsd->data;
    struct vf_orientation none = {0};
    if (!matrix)
        return none;
    int32_t m[9];
    memcpy(m, matrix, sizeof(m)); /* side data need not be aligned for int32_t */
    return vf_orientation_from_matrix(m);
}

int vf_source_place_cut(const struct vf_decoder_config *cfg, const AVFormatContext *format,
                        const char *name, struct vf_source_info *info, char *err, size_t errlen)
{
    const struct vf_position *start = &cfg->start, *end = &cfg->end;
    /* #N: where chapter N starts, seconds into the input as the other forms count */
    struct vf_chapters chapters = vf_chapters_read(format);
    for (int i = 0; i < chapters.n; i++)
        chapters.starts[i] -= info->start_s;
    const double from =
        start->text ? vf_position_seconds(*start, info->duration_s, chapters.starts, chapters.n)
                    : 0;
    const double until =
        end->text ? vf_position_seconds(*end, info->duration_s, chapters.starts, chapters.n) : 0;
    const int chapter_count = chapters.n;
    vf_chapters_free(&chapters);
    const struct vf_position *unknown = from < 0 ? start : until < 0 ? end : NULL;
    /* (the chapter after the last is the input's end: unknown, it is the length that is) */
    if (unknown && unknown->from == VF_FROM_CHAPTER &&
        !(chapter_count > 0 && (int)unknown->value == chapter_count + 1)) {
        char has[48] = "no chapters";
        if (chapter_count)
            snprintf(has, sizeof(has), "%d chapter%s", chapter_count,
                     chapter_count == 1 ? "" : "s");
        snprintf(err, errlen, "%s: --%s %s: it has %s", name, unknown == start ? "start" : "end",
                 unknown->text, has);
        return -1;
    }
    if (unknown) {
        snprintf(err, errlen, "%s: --%s %s: its length is unknown", name,
                 unknown == start ? "start" : "end", unknown->text);
        return -1;
    }
    if (end->text && until <= from) {
        snprintf(err, errlen, "%s: --end %s (%g s) is not after --start %s (%g s)", name, end->text,
                 until, start->text ? start->text : "0", from);
        return -1;
    }
    info->from_s = from;
    info->until_s = until;
    /* both: whichever comes first, as mpv does */
    if (cfg->length > 0 && (until == 0 || from + cfg->length < until))
        info->until_s = from + cfg->length;
    return 0;
}
