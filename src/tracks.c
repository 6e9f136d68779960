#include "tracks.h"

#include <stdio.h>

#include "filter_graph.h"

static int is_audio(const AVFormatContext *f, unsigned i)
{
    return f->streams[i]->codecpar->codec_type == AVMEDIA_TYPE_AUDIO;
}

int vf_audio_track_count(const AVFormatContext *f)
{
    int n = 0;
    for (unsigned i = 0; i < f->nb_streams; i++)
        n += is_audio(f, i);
    return n;
}

int vf_audio_track_stream(const AVFormatContext *f, int n)
{
    for (unsigned i = 0; i < f->nb_streams && n > 0; i++)
        if (is_audio(f, i) && --n == 0)
            return (int)i;
    return -1;
}

int vf_audio_track_of(const AVFormatContext *f, int stream)
{
    if (stream < 0 || (unsigned)stream >= f->nb_streams || !is_audio(f, (unsigned)stream))
        return 0;
    int n = 0;
    for (int i = 0; i <= stream; i++)
        n += is_audio(f, (unsigned)i);
    return n;
}

void vf_audio_track_describe(const AVFormatContext *f, int n, char *buf, size_t len)
{
    const int stream = vf_audio_track_stream(f, n);
    if (stream < 0) {
        snprintf(buf, len, "%d/%d: none", n, vf_audio_track_count(f));
        return;
    }
    const AVStream *st = f->streams[stream];
    const AVDictionaryEntry *language = av_dict_get(st->metadata, "language", NULL, 0);
    const AVDictionaryEntry *title = av_dict_get(st->metadata, "title", NULL, 0);
    char channels[128];
    vf_audio_layout_name(&st->codecpar->ch_layout, channels, sizeof(channels));
    snprintf(buf, len, "%d/%d%s%s%s%s%s: %s, %s, %g kHz", n, vf_audio_track_count(f),
             language ? " " : "", language ? language->value : "", title ? " '" : "",
             title ? title->value : "", title ? "'" : "", avcodec_get_name(st->codecpar->codec_id),
             channels, st->codecpar->sample_rate / 1000.0);
}

int vf_check_audio_track(const struct vf_source_info *info, int n, char *err, size_t errlen)
{
    const int count = vf_audio_track_count(info->format);
    if (n <= count)
        return 0;
    if (count == 0)
        snprintf(err, errlen, "%s: --aid %d: it has no audio", info->name, n);
    else
        snprintf(err, errlen, "%s: --aid %d: it has %d audio track%s", info->name, n, count,
                 count == 1 ? "" : "s");
    return -1;
}
