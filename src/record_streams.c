/* The input's streams kept beside the pictures in a recording, the sound and the subtitles:
 * copied where the container holds their codec, else encoded again with the container's own
 * (text subtitles only), and written on the recording's clock once the pictures reach them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notice.h"
#include "record_container.h"
#include "record_internal.h"
#include "tracks.h"

/* Source stream i encoded again with the container's own audio codec (it cannot hold the
 * stream's codec or rate, or refused it); 0 when its stream was added, 1 when it is dropped
 * (with a notice saying why), -1 on an error. */
static int add_encoded_audio(struct vf_recorder *r, unsigned i, char *err, size_t errlen)
{
    const AVOutputFormat *container = r->mux->oformat;
    const AVStream *in = r->cfg.source->streams[i];
    const AVCodec *codec = vf_container_audio_encoder(container);
    char why[512] = "";
    struct vf_audio_encoder *e = NULL;
    if (codec)
        e = vf_audio_encoder_open(in->codecpar, in->time_base, codec,
                                  vf_container_audio_rate(container, codec->id),
                                  container->flags & AVFMT_GLOBALHEADER, why, sizeof(why));
    else if (container->audio_codec != AV_CODEC_ID_NONE)
        snprintf(why, sizeof(why), "no %s encoder in this FFmpeg",
                 avcodec_get_name(container->audio_codec));
    if (!e) {
        vf_notify(r->cfg.notice, r->cfg.notice_ctx,
                  "%s: audio stream %u (%s) dropped: the %s container cannot hold it%s%s", r->path,
                  i, avcodec_get_name(in->codecpar->codec_id), container->name, *why ? "; " : "",
                  why);
        return 1;
    }
    r->audio_encoders[i] = e;
    r->audio_encoder = codec;
    AVStream *out = avformat_new_stream(r->mux, NULL);
    if (!out)
        return vf_recorder_fail(r, err, errlen, "out of memory", 0);
    const AVCodecContext *c = vf_audio_encoder_context(e);
    int ret = avcodec_parameters_from_context(out->codecpar, c);
    if (ret < 0)
        return vf_recorder_fail(r, err, errlen, "cannot set the audio parameters", ret);
    out->time_base = c->time_base;
    r->stream_map[i] = out->index;
    r->audio_encoded++;
    return 0;
}

/* Source stream i, subtitles, copied where the container holds their codec (Matroska most,
 * MP4 its own mov_text, WebM WebVTT), else text encoded again with the container's own text
 * codec; else dropped with a notice, on the first try only. */
static int add_subtitles(struct vf_recorder *r, unsigned i, char *err, size_t errlen)
{
    const AVOutputFormat *container = r->mux->oformat;
    const AVStream *in = vf_recorder_source_stream(r, (int)i);
    const unsigned inputs = r->cfg.source->nb_streams; /* the files' come after */
    const int track =
        i < inputs ? vf_track_of(r->cfg.source, AVMEDIA_TYPE_SUBTITLE, (int)i)
                   : vf_track_count(r->cfg.source, AVMEDIA_TYPE_SUBTITLE) + (int)(i - inputs) + 1;
    if (!in || r->cfg.no_subtitles || !r->subtitles ||
        (r->cfg.subtitle_track && track != r->cfg.subtitle_track))
        return 0;
    const enum AVCodecID own = vf_container_text_subtitles(container);
    const bool copied = vf_container_accepts(container, in->codecpar->codec_id, (int)own, false);
    char why[512] = "";
    if (!copied && own != AV_CODEC_ID_NONE)
        r->subtitle_converters[i] =
            vf_subtitle_converter_open(in->codecpar, in->time_base, own, why, sizeof(why));
    if (!copied && !r->subtitle_converters[i]) {
        char what[1100];
        const char *tag;
        if (i < inputs)
            snprintf(what, sizeof(what), "stream %u", i);
        else
            snprintf(what, sizeof(what), "file %s",
                     vf_subtitle_files_path(&r->cfg.subtitle_files, (int)(i - inputs), &tag));
        if (r->plan == SOUND_COPY_OR_ENCODE)
            vf_notify(r->cfg.notice, r->cfg.notice_ctx,
                      "%s: subtitle %s (%s) dropped: the %s container cannot hold it%s%s", r->path,
                      what, avcodec_get_name(in->codecpar->codec_id), container->name,
                      *why ? "; " : "", why);
        return 0;
    }
    AVStream *out = avformat_new_stream(r->mux, NULL);
    if (!out)
        return vf_recorder_fail(r, err, errlen, "out of memory", 0);
    int ret = copied ? avcodec_parameters_copy(out->codecpar, in->codecpar)
                     : avcodec_parameters_from_context(
                           out->codecpar, vf_subtitle_converter_context(r->subtitle_converters[i]));
    if (ret < 0)
        return vf_recorder_fail(r, err, errlen, "cannot set the subtitles' parameters", ret);
    out->codecpar->codec_tag = 0;
    out->time_base = copied ? in->time_base : AV_TIME_BASE_Q;
    /* a language or a title tells the tracks apart in players' menus */
    ret = av_dict_copy(&out->metadata, in->metadata, 0);
    if (ret < 0)
        return vf_recorder_fail(r, err, errlen, "out of memory", ret);
    out->disposition = in->disposition;
    r->stream_map[i] = out->index;
    if (copied)
        r->subtitles_copied++;
    else
        r->subtitles_converted = vf_subtitle_converter_context(r->subtitle_converters[i])->codec;
    return 0;
}

int vf_recorder_add_streams(struct vf_recorder *r, char *err, size_t errlen)
{
    const AVFormatContext *src = r->cfg.source;
    /* pictures alone: as asked, or after the notice that said why */
    if (!src || vf_container_writes_images(r->mux->oformat))
        return 0;
    if (vf_recorder_read_subtitle_files(r, err, errlen))
        return -1;
    /* the input's streams, then the subtitle files' */
    const size_t n = src->nb_streams + (size_t)r->subtitle_source_count;
    r->stream_map_size = (int)n;
    r->stream_map = malloc(sizeof(int) * n);
    r->stream_last = malloc(sizeof(int64_t) * n);
    r->audio_encoders = calloc(n, sizeof(r->audio_encoders[0]));
    r->audio_copies = calloc(n, sizeof(r->audio_copies[0]));
    r->subtitle_converters = calloc(n, sizeof(r->subtitle_converters[0]));
    if (!r->stream_map || !r->stream_last || !r->audio_encoders || !r->audio_copies ||
        !r->subtitle_converters)
        return vf_recorder_fail(r, err, errlen, "out of memory", 0);
    for (unsigned i = 0; i < n; i++) {
        r->stream_map[i] = -1;
        r->stream_last[i] = AV_NOPTS_VALUE;
        if (i >= src->nb_streams) { /* a subtitle file's */
            if (add_subtitles(r, i, err, errlen))
                return -1;
            continue;
        }
        const AVCodecParameters *par = src->streams[i]->codecpar;
        if (par->codec_type == AVMEDIA_TYPE_SUBTITLE && add_subtitles(r, i, err, errlen))
            return -1;
        if (par->codec_type != AVMEDIA_TYPE_AUDIO || r->cfg.no_audio || r->plan == SOUND_NONE ||
            (r->cfg.audio_track &&
             vf_track_of(src, AVMEDIA_TYPE_AUDIO, (int)i) != r->cfg.audio_track))
            continue;
        const AVOutputFormat *container = r->mux->oformat;
        const int rate = vf_container_audio_rate(container, par->codec_id);
        if (!vf_container_accepts(container, par->codec_id, container->audio_codec, false) ||
            (rate && par->sample_rate != rate) || r->plan == SOUND_ENCODE) {
            if (add_encoded_audio(r, i, err, errlen) < 0)
                return -1;
            continue;
        }
        AVStream *out = avformat_new_stream(r->mux, NULL);
        if (!out)
            return vf_recorder_fail(r, err, errlen, "out of memory", 0);
        int ret = avcodec_parameters_copy(out->codecpar, par);
        if (ret < 0)
            return vf_recorder_fail(r, err, errlen, "cannot copy the audio parameters", ret);
        out->codecpar->codec_tag = 0;
        out->time_base = src->streams[i]->time_base;
        char why[512] = "";
        if (vf_audio_copy_open(&r->audio_copies[i], par, out->time_base, container, why,
                               sizeof(why)))
            return vf_recorder_fail(r, err, errlen, why, 0);
        r->stream_map[i] = out->index;
        r->audio_copied++;
    }
    return 0;
}

static int write_packet_now(struct vf_recorder *r, const AVPacket *packet, char *err,
                            size_t errlen);

/* serial a came after serial b (serials only grow, and may wrap) */
static bool later_serial(unsigned a, unsigned b)
{
    return (int)(a - b) > 0;
}

/* Writes the waiting sound of the current serial that starts before `until_us` on the
 * recording's clock (all of it where until_us is INT64_MAX) and drops that of serials left;
 * keeps the rest, in order. */
int vf_recorder_write_waiting(struct vf_recorder *r, int64_t until_us, char *err, size_t errlen)
{
    int status = 0, kept = 0;
    for (int i = 0; i < r->waiting_count; i++) {
        AVPacket *packet = r->waiting[i];
        const unsigned serial = r->waiting_serial[i];
        if (!r->anchored || later_serial(serial, r->serial)) {
            r->waiting[kept] = packet;
            r->waiting_serial[kept++] = serial;
            continue;
        }
        if (serial == r->serial) {
            const AVRational tb = vf_recorder_source_stream(r, packet->stream_index)->time_base;
            const int64_t start = packet->pts != AV_NOPTS_VALUE ? packet->pts : packet->dts;
            if (start != AV_NOPTS_VALUE &&
                av_rescale_q(start, tb, AV_TIME_BASE_Q) + r->shift_us >= until_us) {
                r->waiting[kept] = packet;
                r->waiting_serial[kept++] = serial;
                continue;
            }
            if (status == 0)
                status = write_packet_now(r, packet, err, errlen);
        }
        av_packet_free(&packet);
    }
    r->waiting_count = kept;
    return status;
}

/* Sound waits for the pictures; when too much waits, the oldest goes in (or is dropped, if
 * its serial has no picture yet). */
static int keep_waiting(struct vf_recorder *r, const AVPacket *packet, unsigned serial, char *err,
                        size_t errlen)
{
    AVPacket *copy = av_packet_clone(packet);
    if (!copy)
        return vf_recorder_fail(r, err, errlen, "out of memory", 0);
    int status = 0;
    if (r->waiting_count == PACKETS_WAITING) {
        if (vf_recorder_anchored_for(r, r->waiting_serial[0]))
            status = write_packet_now(r, r->waiting[0], err, errlen);
        av_packet_free(&r->waiting[0]);
        memmove(r->waiting, r->waiting + 1, sizeof(r->waiting[0]) * (PACKETS_WAITING - 1));
        memmove(r->waiting_serial, r->waiting_serial + 1,
                sizeof(r->waiting_serial[0]) * (PACKETS_WAITING - 1));
        r->waiting_count--;
    }
    r->waiting[r->waiting_count] = copy;
    r->waiting_serial[r->waiting_count++] = serial;
    return status;
}

/* A subtitle that begins `early` ticks before the pictures: shown from their start for the rest
 * of its time, or dropped (false) if it ends by then. */
static bool shorten_subtitle(AVPacket *p, int64_t early)
{
    if (p->duration <= early)
        return false;
    p->duration -= early;
    p->pts = p->pts != AV_NOPTS_VALUE ? p->pts + early : AV_NOPTS_VALUE;
    p->dts = p->dts != AV_NOPTS_VALUE ? p->dts + early : AV_NOPTS_VALUE;
    return true;
}

/* Moves a packet of source stream `index`, timestamps in tb, onto the recording's clock;
 * false where it is to be dropped. */
static bool onto_recording_clock(struct vf_recorder *r, int index, AVPacket *p, AVRational tb)
{
    const bool subtitle =
        vf_recorder_source_stream(r, index)->codecpar->codec_type == AVMEDIA_TYPE_SUBTITLE;
    int64_t start = p->pts != AV_NOPTS_VALUE ? p->pts : p->dts;
    if (start != AV_NOPTS_VALUE) {
        int64_t shift = av_rescale_q(r->shift_us, AV_TIME_BASE_Q, tb);
        /* sound from before the serial's first picture goes with pictures not recorded; the
         * recording's first keeps the input's lead (the priming of AAC), but a subtitle begins
         * with the pictures */
        const int64_t first = r->serial_start_us != INT64_MIN ? r->serial_start_us : 0;
        const int64_t early = av_rescale_q(first, AV_TIME_BASE_Q, tb) - (start + shift);
        if (early > 0 && (subtitle ? !shorten_subtitle(p, early) : r->serial_start_us != INT64_MIN))
            return false;
        p->pts = p->pts != AV_NOPTS_VALUE ? p->pts + shift : AV_NOPTS_VALUE;
        p->dts = p->dts != AV_NOPTS_VALUE ? p->dts + shift : AV_NOPTS_VALUE;
    }
    int64_t *last = &r->stream_last[index];
    /* Two subtitles may begin together where the container allows it (Matroska); elsewhere a
     * cue that begins with or before the last one written begins a tick after it and ends as it
     * did, as the ffmpeg CLI has it (MP4's muxer, given two at once, put the cues after them a
     * second late), or is dropped if it has ended by then */
    const bool together = subtitle && (r->mux->oformat->flags & AVFMT_TS_NONSTRICT);
    if (subtitle && !together && p->dts != AV_NOPTS_VALUE && *last != AV_NOPTS_VALUE &&
        p->dts <= *last && !shorten_subtitle(p, *last + 1 - p->dts))
        return false;
    /* sound from before a jump's new start */
    if (p->dts != AV_NOPTS_VALUE && *last != AV_NOPTS_VALUE &&
        (together ? p->dts < *last : p->dts <= *last))
        return false;
    if (p->dts != AV_NOPTS_VALUE)
        *last = p->dts;
    return true;
}

struct encoded_for {
    struct vf_recorder *r;
    AVStream *out;
    AVRational tb; /* the encoder's */
};

/* a packet of sound encoded again, into the file */
static int write_encoded(AVPacket *packet, void *ctx)
{
    const struct encoded_for *to = ctx;
    av_packet_rescale_ts(packet, to->tb, to->out->time_base);
    packet->stream_index = to->out->index;
    int ret = av_interleaved_write_frame(to->r->mux, packet); /* takes the reference */
    return ret < 0 ? vf_recorder_fail(to->r, NULL, 0, "write failed", ret) : 0;
}

/* Everything the encoders and reframers of sound hold, into the file. */
int vf_recorder_flush_streams(struct vf_recorder *r)
{
    for (int i = 0; i < r->stream_map_size; i++) {
        struct vf_audio_encoder *e = r->audio_encoders[i];
        struct vf_audio_copy *c = r->audio_copies[i];
        if (!e && !c)
            continue;
        char why[512] = "";
        AVStream *out = r->mux->streams[r->stream_map[i]];
        struct encoded_for to = {r, out,
                                 e ? vf_audio_encoder_context(e)->time_base : out->time_base};
        if (e ? vf_audio_encoder_send(e, NULL, write_encoded, &to, why, sizeof(why))
              : vf_audio_copy_send(c, NULL, write_encoded, &to, why, sizeof(why)))
            return vf_recorder_fail(r, NULL, 0, why, 0);
    }
    return 0;
}

static int write_packet_now(struct vf_recorder *r, const AVPacket *packet, char *err, size_t errlen)
{
    int index = packet->stream_index;
    AVPacket *copy = av_packet_clone(packet);
    if (!copy)
        return vf_recorder_fail(r, err, errlen, "out of memory", 0);
    AVStream *out = r->mux->streams[r->stream_map[index]];
    struct vf_audio_encoder *encoder = r->audio_encoders[index];
    struct vf_subtitle_converter *converter = r->subtitle_converters[index];
    /* copied: on the output stream's clock; encoded again: on the input's, the decoder's */
    const AVRational in_tb = vf_recorder_source_stream(r, index)->time_base;
    const AVRational tb = encoder || converter ? in_tb : out->time_base;
    av_packet_rescale_ts(copy, in_tb, tb);
    int ret = 0;
    if (!onto_recording_clock(r, index, copy, tb)) {
        av_packet_free(&copy);
        return 0;
    }
    if (encoder) {
        char why[512] = "";
        struct encoded_for to = {r, out, vf_audio_encoder_context(encoder)->time_base};
        ret = vf_audio_encoder_send(encoder, copy, write_encoded, &to, why, sizeof(why));
        av_packet_free(&copy);
        return ret ? vf_recorder_fail(r, err, errlen, why, 0) : 0;
    }
    if (converter) {
        char why[512] = "";
        struct encoded_for to = {r, out, in_tb};
        ret = vf_subtitle_convert(converter, copy, write_encoded, &to, why, sizeof(why));
        av_packet_free(&copy);
        return ret ? vf_recorder_fail(r, err, errlen, why, 0) : 0;
    }
    copy->stream_index = out->index;
    copy->pos = -1;
    struct vf_audio_copy *reframe = r->audio_copies[index];
    if (reframe) {
        char why[512] = "";
        struct encoded_for to = {r, out, out->time_base};
        ret = vf_audio_copy_send(reframe, copy, write_encoded, &to, why, sizeof(why));
        av_packet_free(&copy);
        return ret ? vf_recorder_fail(r, err, errlen, why, 0) : 0;
    }
    ret = av_interleaved_write_frame(r->mux, copy);
    av_packet_free(&copy);
    return ret < 0 ? vf_recorder_fail(r, err, errlen, "write failed", ret) : 0;
}

int vf_recorder_write_packet(struct vf_recorder *r, const AVPacket *packet, unsigned serial,
                             char *err, size_t errlen)
{
    int index = packet->stream_index;
    if (r->failed)
        return vf_recorder_fail(r, err, errlen, "", 0);
    if (!r->stream_map || index < 0 || index >= r->stream_map_size || r->stream_map[index] < 0)
        return 0;
    if (keep_waiting(r, packet, serial, err, errlen))
        return -1;
    return r->anchored ? vf_recorder_write_waiting(r, r->end_us, err, errlen) : 0;
}

void vf_recorder_free_streams(struct vf_recorder *r)
{
    for (int i = 0; r->audio_encoders && i < r->stream_map_size; i++)
        vf_audio_encoder_free(r->audio_encoders[i]);
    free(r->audio_encoders);
    for (int i = 0; r->audio_copies && i < r->stream_map_size; i++)
        vf_audio_copy_free(r->audio_copies[i]);
    free(r->audio_copies);
    for (int i = 0; r->subtitle_converters && i < r->stream_map_size; i++)
        vf_subtitle_converter_free(r->subtitle_converters[i]);
    free(r->subtitle_converters);
    free(r->stream_map);
    free(r->stream_last);
    for (int i = 0; i < r->waiting_count; i++) /* sound whose pictures never came */
        av_packet_free(&r->waiting[i]);
    vf_recorder_free_subtitle_files(r);
}
