/* timeline.c: the rule that makes an MPEG-TS clock continuous, on packets written here by hand
 * (90 kHz, as MPEG-TS counts): what is a new segment and what is not, where it goes on, and
 * where a seek lands. */
#include <libavformat/avformat.h>

#include "check.h"
#include "timeline.h"

enum { VIDEO, AUDIO, TICKS_PER_S = 90000, FRAME = 3600 /* 25 fps */, AAC = 2089 /* 1024/44.1k */ };

static AVFormatContext *input(const char *format)
{
    AVFormatContext *f = avformat_alloc_context();
    if (!f)
        return NULL;
    f->iformat = av_find_input_format(format);
    const enum AVMediaType types[] = {AVMEDIA_TYPE_VIDEO, AVMEDIA_TYPE_AUDIO};
    for (int i = 0; i < 2; i++) {
        AVStream *st = avformat_new_stream(f, NULL);
        if (!st || !f->iformat) {
            avformat_free_context(f);
            return NULL;
        }
        st->codecpar->codec_type = types[i];
        st->time_base = (AVRational){1, TICKS_PER_S};
        if (types[i] == AVMEDIA_TYPE_VIDEO)
            st->avg_frame_rate = (AVRational){25, 1};
    }
    return f;
}

/* a packet of stream `index` at dts = pts = `at` ticks, of `duration` (0: unknown), mended;
 * its dts then */
static int64_t mend(struct vf_timeline *t, AVFormatContext *f, int index, int64_t at,
                    int64_t duration)
{
    AVPacket p = {.stream_index = index, .pts = at, .dts = at, .duration = duration};
    vf_timeline_mend(t, f, &p);
    CHECK(p.pts == p.dts, "pts %lld and dts %lld moved apart", (long long)p.pts, (long long)p.dts);
    return p.dts;
}

static void joined_parts(void)
{
    AVFormatContext *f = input("mpegts");
    struct vf_timeline t;
    CHECK(f && vf_timeline_init(&t, f) == 0, "no input");
    if (!f)
        return;
    const int64_t start = 126000; /* 1.4 s */
    /* part one: pictures without a duration (a period of 25 fps is assumed), sound with one */
    for (int i = 0; i < 25; i++)
        CHECK(mend(&t, f, VIDEO, start + i * FRAME, 0) == start + i * FRAME, "picture %d moved", i);
    for (int i = 0; i < 43; i++)
        CHECK(mend(&t, f, AUDIO, start + i * AAC, AAC) == start + i * AAC, "sound %d moved", i);
    /* a little back, within a stream's rounding, and a gap of 9 s: left as they are */
    CHECK(mend(&t, f, AUDIO, start + 42 * AAC - 9000 + 1, AAC) == start + 42 * AAC - 8999,
          "0.1 s back made a new segment");
    /* a picture with a pts only (B-frames reordered: it steps back 0.2 s) says nothing */
    AVPacket reordered = {.stream_index = VIDEO, .pts = start + 20 * FRAME, .dts = AV_NOPTS_VALUE};
    vf_timeline_mend(&t, f, &reordered);
    CHECK(reordered.pts == start + 20 * FRAME && reordered.dts == AV_NOPTS_VALUE,
          "a reordered picture's pts made a new segment");
    CHECK(mend(&t, f, VIDEO, start + 25 * FRAME + 9 * TICKS_PER_S, 0) ==
              start + 25 * FRAME + 9 * TICKS_PER_S,
          "a 9 s gap made a new segment");
    const int64_t end = start + 26 * FRAME + 9 * TICKS_PER_S; /* where the next picture is due */
    /* part two from 1.4 s again: goes on where the pictures were due */
    CHECK(mend(&t, f, VIDEO, start, 0) == end, "the step back was not mended");
    CHECK(mend(&t, f, AUDIO, start - 2000, AAC) == end - 2000, "the sound kept its own clock");
    CHECK(mend(&t, f, VIDEO, start + FRAME, 0) == end + FRAME, "the next picture");
    /* a seek asked for that the demuxer could not make (a stream): the demuxer reads on, and
     * the mend goes on as before */
    CHECK(vf_timeline_file_time(&t, AV_TIME_BASE) == AV_TIME_BASE &&
              mend(&t, f, VIDEO, start + 2 * FRAME, 0) == end + 2 * FRAME,
          "asking where a seek lands moved the clock");
    /* a seek within the second part: the file's own clock is the continuous one less the shift;
     * packets after it keep the shift */
    const int64_t shift_us = av_rescale(end - start, AV_TIME_BASE, TICKS_PER_S);
    CHECK(vf_timeline_file_time(&t, shift_us + 2 * AV_TIME_BASE) == 2 * AV_TIME_BASE,
          "a seek into the second part");
    vf_timeline_sought(&t, shift_us + 2 * AV_TIME_BASE);
    CHECK(mend(&t, f, VIDEO, start + 3 * FRAME, 0) == end + 3 * FRAME, "after a seek in part 2");
    /* a leap of more than 10 s ahead, then a seek before the second part: the file's clock */
    CHECK(mend(&t, f, VIDEO, start + 4 * FRAME + 11 * TICKS_PER_S, 0) == end + 4 * FRAME,
          "an 11 s leap was not mended");
    CHECK(vf_timeline_file_time(&t, AV_TIME_BASE) == AV_TIME_BASE, "a seek into the first part");
    vf_timeline_sought(&t, AV_TIME_BASE);
    CHECK(mend(&t, f, VIDEO, start, 0) == start, "after a seek into part 1");
    vf_timeline_free(&t);
    avformat_free_context(f);
}

/* A track without packets for 20 s while the pictures go on (a sparse one) comes back where the
 * pictures are: no restart, and its gap stays. Measured from its own last packet, it leapt,
 * and the pictures then stepped back: each stream moved the clock in turn. */
static void sparse_track(void)
{
    AVFormatContext *f = input("mpegts");
    struct vf_timeline t;
    CHECK(f && vf_timeline_init(&t, f) == 0, "no input");
    if (!f)
        return;
    CHECK(mend(&t, f, AUDIO, 0, AAC) == 0, "the first sound moved");
    for (int i = 0; i <= 20 * 25; i++)
        CHECK(mend(&t, f, VIDEO, i * FRAME, 0) == i * FRAME, "picture %d moved", i);
    CHECK(mend(&t, f, AUDIO, 20 * TICKS_PER_S, AAC) == 20 * TICKS_PER_S,
          "the sound after 20 s without any moved");
    CHECK(mend(&t, f, VIDEO, 501 * FRAME, 0) == 501 * FRAME, "the picture after it moved");
    vf_timeline_free(&t);
    avformat_free_context(f);
}

/* Matroska's clock does not restart: its timestamps are left alone, even where they step back
 * (a damaged file) */
static void steady_clock(void)
{
    AVFormatContext *f = input("matroska");
    struct vf_timeline t;
    CHECK(f && vf_timeline_init(&t, f) == 0, "no input");
    if (!f)
        return;
    CHECK(mend(&t, f, VIDEO, 90000, FRAME) == 90000 && mend(&t, f, VIDEO, 0, FRAME) == 0 &&
              mend(&t, f, VIDEO, 9000000, FRAME) == 9000000,
          "Matroska's timestamps moved");
    CHECK(vf_timeline_file_time(&t, 5) == 5, "a seek in Matroska");
    vf_timeline_free(&t);
    avformat_free_context(f);
}

int main(void)
{
    joined_parts();
    sparse_track();
    steady_clock();
    return check_done("timeline");
}
