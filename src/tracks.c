#include "tracks.h"

#include <stdio.h>

#include "filter_graph.h"

static int is_type(const AVFormatContext *f, enum AVMediaType type, unsigned i)
{
    return f->streams[i]->codecpar->codec_type == type;
}

int vf_track_count(const AVFormatContext *f, enum AVMediaType type)
{
    int n = 0;
    for (unsigned i = 0; i < f->nb_streams; i++)
        n += is_type(f, type, i);
    return n;
}

int vf_track_stream(const AVFormatContext *f, enum AVMediaType type, int n)
{
    for (unsigned i = 0; i < f->nb_streams && n > 0; i++)
        if (is_type(f, type, i) && --n == 0)
            return (int)i;
    return -1;
}

int vf_track_of(const AVFormatContext *f, enum AVMediaType type, int stream)
{
    if (stream < 0 || (unsigned)stream >= f->nb_streams || !is_type(f, type, (unsigned)stream))
        return 0;
    int n = 0;
    for (int i = 0; i <= stream; i++)
        n += is_type(f, type, (unsigned)i);
    return n;
}

void vf_stream_describe(const AVStream *st, int n, int count, char *buf, size_t len)
{
    const AVDictionaryEntry *language = av_dict_get(st->metadata, "language", NULL, 0);
    const AVDictionaryEntry *title = av_dict_get(st->metadata, "title", NULL, 0);
    char sound[160] = "";
    if (st->codecpar->codec_type == AVMEDIA_TYPE_AUDIO) {
        char channels[128];
        vf_audio_layout_name(&st->codecpar->ch_layout, channels, sizeof(channels));
        snprintf(sound, sizeof(sound), ", %s, %g kHz", channels,
                 st->codecpar->sample_rate / 1000.0);
    }
    snprintf(buf, len, "%d/%d%s%s%s%s%s: %s%s", n, count, language ? " " : "",
             language ? language->value : "", title ? " '" : "", title ? title->value : "",
             title ? "'" : "", avcodec_get_name(st->codecpar->codec_id), sound);
}

void vf_track_describe(const AVFormatContext *f, enum AVMediaType type, int n, char *buf,
                       size_t len)
{
    const int stream = vf_track_stream(f, type, n);
    if (stream < 0)
        snprintf(buf, len, "%d/%d: none", n, vf_track_count(f, type));
    else
        vf_stream_describe(f->streams[stream], n, vf_track_count(f, type), buf, len);
}

int vf_check_track(const struct vf_source_info *info, enum AVMediaType type, int n, int more,
                   char *err, size_t errlen)
{
    const int count = vf_track_count(info->format, type) + more;
    if (n <= count)
        return 0;
    const bool audio = type == AVMEDIA_TYPE_AUDIO;
    if (count == 0)
        snprintf(err, errlen, "%s: --%s %d: it has no %s", info->name, audio ? "aid" : "sid", n,
                 audio ? "audio" : "subtitles");
    else
        snprintf(err, errlen, "%s: --%s %d: it has %d %s track%s", info->name,
                 audio ? "aid" : "sid", n, count, audio ? "audio" : "subtitle",
                 count == 1 ? "" : "s");
    return -1;
}
