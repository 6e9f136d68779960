#include "timeline.h"

#include <stdlib.h>

/* How far a stream's timestamps may leap ahead before it counts as a new segment: a gap in a
 * broadcast's sound or pictures up to this long stays a gap (the ffmpeg CLI's
 * dts_delta_threshold) */
static const int64_t LEAP_US = 10 * (int64_t)AV_TIME_BASE;
/* and step back: a stream's packets come in order of dts, but for a little rounding */
static const int64_t STEP_BACK_US = AV_TIME_BASE / 10;

int vf_timeline_init(struct vf_timeline *t, const AVFormatContext *f)
{
    *t = (struct vf_timeline){.segment_start = AV_NOPTS_VALUE};
    t->mends = (f->iformat->flags & AVFMT_TS_DISCONT) != 0;
    if (!t->mends || f->nb_streams == 0)
        return 0;
    t->streams = (int)f->nb_streams;
    t->last = malloc(sizeof(int64_t) * f->nb_streams);
    t->next = malloc(sizeof(int64_t) * f->nb_streams);
    if (!t->last || !t->next) {
        vf_timeline_free(t);
        return -1;
    }
    vf_timeline_sought(t, 0);
    return 0;
}

void vf_timeline_free(struct vf_timeline *t)
{
    free(t->last);
    free(t->next);
    t->last = t->next = NULL;
    t->streams = 0;
}

static bool in_segment(const struct vf_timeline *t, int64_t target)
{
    return t->segment_start != AV_NOPTS_VALUE && target >= t->segment_start;
}

int64_t vf_timeline_file_time(const struct vf_timeline *t, int64_t target)
{
    return in_segment(t, target) ? target - t->offset : target;
}

void vf_timeline_sought(struct vf_timeline *t, int64_t target)
{
    for (int i = 0; i < t->streams; i++)
        t->last[i] = t->next[i] = AV_NOPTS_VALUE;
    t->latest = AV_NOPTS_VALUE;
    if (!in_segment(t, target)) {
        t->offset = 0;
        t->segment_start = AV_NOPTS_VALUE;
    }
}

/* the packet's length in AV_TIME_BASE units, or a picture's period where the demuxer gives
 * none (MPEG-TS pictures), so that a new segment starts after the last packet, not on it */
static int64_t length_of(const AVStream *st, const AVPacket *packet)
{
    if (packet->duration > 0)
        return av_rescale_q(packet->duration, st->time_base, AV_TIME_BASE_Q);
    AVRational rate = st->avg_frame_rate.num > 0 ? st->avg_frame_rate : st->r_frame_rate;
    if (st->codecpar->codec_type == AVMEDIA_TYPE_VIDEO && rate.num > 0 && rate.den > 0)
        return av_rescale_q(1, av_inv_q(rate), AV_TIME_BASE_Q);
    return 0;
}

void vf_timeline_mend(struct vf_timeline *t, const AVFormatContext *f, AVPacket *packet)
{
    const int i = packet->stream_index;
    if (!t->mends || i < 0 || (unsigned)i >= f->nb_streams)
        return;
    const AVStream *st = f->streams[i];
    const enum AVMediaType type = st->codecpar->codec_type;
    /* a picture's pts steps back wherever B-frames come after the picture they precede: only
     * its dts tells a jump (sound is never reordered) */
    const int64_t stamp =
        packet->dts != AV_NOPTS_VALUE || type != AVMEDIA_TYPE_AUDIO ? packet->dts : packet->pts;
    /* streams that appear after the start (MPEG-TS adds them as it finds them) only follow */
    if (i < t->streams && stamp != AV_NOPTS_VALUE &&
        (type == AVMEDIA_TYPE_AUDIO || type == AVMEDIA_TYPE_VIDEO)) {
        int64_t at = av_rescale_q(stamp, st->time_base, AV_TIME_BASE_Q) + t->offset;
        /* A leap is measured from where the input as a whole has got to, not from the
         * stream's own last packet: a stream that had no packets for a while (a sparse
         * track) comes back where the others are, and that is no restart. */
        if (t->next[i] != AV_NOPTS_VALUE &&
            (at - t->latest > LEAP_US || at + STEP_BACK_US < t->last[i])) {
            const int64_t shift = t->next[i] - at;
            t->offset += shift;
            at += shift;
            t->segment_start = at;
        }
        t->last[i] = at;
        t->next[i] = at + length_of(st, packet);
        if (t->latest == AV_NOPTS_VALUE || t->next[i] > t->latest)
            t->latest = t->next[i];
    }
    if (t->offset == 0)
        return;
    const int64_t by = av_rescale_q(t->offset, AV_TIME_BASE_Q, st->time_base);
    if (packet->pts != AV_NOPTS_VALUE)
        packet->pts += by;
    if (packet->dts != AV_NOPTS_VALUE)
        packet->dts += by;
}
