/* Subtitle files kept in a recording as more subtitle tracks (record.h's subtitle_files): each
 * file's packets are read when the recording opens, and handed to the recorder as the pictures
 * reach their time, as if the input had read them, so that they take the same way as its own
 * subtitles (copied or converted, moved onto the recording's clock, cut at a jump). They go by
 * the stream indexes after the input's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "record_internal.h"
#include "subtitle_decode.h"

struct vf_subtitle_source {
    AVFormatContext *format;
    int stream; /* its first subtitle stream, text or pictures */
    AVPacket **packets;
    int count, room, next; /* next: the first not handed over yet */
};

/* File i's subtitle packets, their times moved by the files' start. 0; 1 when the file
 * is skipped (one found beside the input that cannot be read); -1 with a message. */
static int read_file(struct vf_recorder *r, int i, char *err, size_t errlen)
{
    const struct vf_subtitle_files *files = &r->cfg.subtitle_files;
    struct vf_subtitle_source *s = &r->subtitle_sources[i];
    const char *tag, *path = vf_subtitle_files_path(files, i, &tag);
    const bool asked = i < files->asked_count;
    char why[1200];
    s->stream = vf_subtitle_file_open(path, &s->format, why, sizeof(why));
    if (s->stream < 0) {
        if (asked)
            snprintf(err, errlen, "%s", why);
        return asked ? -1 : 1;
    }
    AVStream *st = s->format->streams[s->stream];
    if (*tag && !av_dict_get(st->metadata, "language", NULL, 0))
        av_dict_set(&st->metadata, "language", tag, 0); /* the output stream copies it */
    const int64_t shift =
        av_rescale_q(llrint(files->start_s * AV_TIME_BASE), AV_TIME_BASE_Q, st->time_base);
    AVPacket *packet = av_packet_alloc();
    while (packet && av_read_frame(s->format, packet) >= 0) {
        const bool kept = packet->stream_index == s->stream && packet->pts != AV_NOPTS_VALUE;
        if (kept && s->count == s->room) {
            const int room = s->room ? 2 * s->room : 64;
            AVPacket **grown = realloc(s->packets, sizeof(*grown) * (size_t)room);
            if (grown) {
                s->packets = grown;
                s->room = room;
            }
        }
        if (kept && s->count < s->room) {
            packet->pts += shift;
            packet->dts = packet->pts;
            packet->stream_index = r->cfg.source->nb_streams + i;
            s->packets[s->count++] = packet;
            packet = av_packet_alloc();
        } else {
            av_packet_unref(packet);
        }
    }
    av_packet_free(&packet);
    return 0;
}

int vf_recorder_read_subtitle_files(struct vf_recorder *r, char *err, size_t errlen)
{
    const int n = r->cfg.subtitle_files.asked_count + r->cfg.subtitle_files.found_count;
    if (n == 0 || r->cfg.no_subtitles)
        return 0;
    r->subtitle_sources = calloc((size_t)n, sizeof(r->subtitle_sources[0]));
    if (!r->subtitle_sources)
        return vf_recorder_fail(r, err, errlen, "out of memory", 0);
    r->subtitle_source_count = n;
    for (int i = 0; i < n; i++)
        if (read_file(r, i, err, errlen) < 0)
            return -1;
    return 0;
}

const AVStream *vf_recorder_source_stream(const struct vf_recorder *r, int index)
{
    const int own = (int)r->cfg.source->nb_streams;
    if (index < own)
        return r->cfg.source->streams[index];
    const struct vf_subtitle_source *s = &r->subtitle_sources[index - own];
    return s->stream >= 0 ? s->format->streams[s->stream] : NULL;
}

/* the packet's start and end on the input's clock, in microseconds */
static int64_t start_us(const AVPacket *p, AVRational tb)
{
    return av_rescale_q(p->pts, tb, AV_TIME_BASE_Q);
}

static int64_t end_us(const AVPacket *p, AVRational tb)
{
    return av_rescale_q(p->pts + (p->duration > 0 ? p->duration : 0), tb, AV_TIME_BASE_Q);
}

int vf_recorder_feed_subtitle_files(struct vf_recorder *r, int64_t at_us, bool jumped, char *err,
                                    size_t errlen)
{
    for (int i = 0; i < r->subtitle_source_count; i++) {
        struct vf_subtitle_source *s = &r->subtitle_sources[i];
        const int index = (int)r->cfg.source->nb_streams + i;
        if (s->stream < 0 || r->stream_map[index] < 0)
            continue;
        const AVRational tb = s->format->streams[s->stream]->time_base;
        /* at a jump, from the first cue still showing there on */
        for (s->next = jumped ? 0 : s->next;
             jumped && s->next < s->count && end_us(s->packets[s->next], tb) <= at_us;)
            s->next++;
        /* the cues that begin within a second: the recorder holds them until the pictures
         * reach their time */
        const int64_t until = at_us > INT64_MAX - AV_TIME_BASE ? INT64_MAX : at_us + AV_TIME_BASE;
        for (; s->next < s->count && start_us(s->packets[s->next], tb) <= until; s->next++)
            if (vf_recorder_write_packet(r, s->packets[s->next], r->serial, err, errlen))
                return -1;
    }
    return 0;
}

void vf_recorder_free_subtitle_files(struct vf_recorder *r)
{
    for (int i = 0; i < r->subtitle_source_count; i++) {
        struct vf_subtitle_source *s = &r->subtitle_sources[i];
        for (int k = 0; k < s->count; k++)
            av_packet_free(&s->packets[k]);
        free(s->packets);
        avformat_close_input(&s->format);
    }
    free(r->subtitle_sources);
    r->subtitle_sources = NULL;
    r->subtitle_source_count = 0;
}
