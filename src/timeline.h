/* An input's clock made continuous where the file's own clock jumps. MPEG-TS and MPEG-PS
 * (FFmpeg's AVFMT_TS_DISCONT) may restart their clock anywhere: recordings of a broadcast, and
 * .ts files joined end to end, where each part starts at 1.4 s again. A stream's timestamps
 * that step back, or leap more than 10 s ahead of the input's other streams, start a new
 * segment whose timestamps are moved to go on from where the stream was, as the ffmpeg CLI
 * does. Without it the window stood still
 * for a leap's length, and a recording dropped the sound after a step back. The decoder and the
 * window's sound each read the file with a demuxer of their own; both mend it by this one rule,
 * so their packets agree. */
#ifndef VF_TIMELINE_H
#define VF_TIMELINE_H

#include <stdbool.h>
#include <stdint.h>

#include <libavcodec/packet.h>
#include <libavformat/avformat.h>

struct vf_timeline {
    bool mends;            /* the container's clock may jump */
    int64_t offset;        /* added to every timestamp, in AV_TIME_BASE units */
    int64_t segment_start; /* where the offset last changed, mended; AV_NOPTS_VALUE: never */
    int streams;
    int64_t *last, *next; /* by stream: the last dts, and the one expected next (mended) */
    int64_t latest;       /* the latest of the next ones */
};

/* For the input f; 0, or -1 when out of memory. */
int vf_timeline_init(struct vf_timeline *t, const AVFormatContext *f);
/* Moves the packet's timestamps onto the continuous clock, first noting a jump where this
 * packet of an audio or video stream makes one. */
void vf_timeline_mend(struct vf_timeline *t, const AVFormatContext *f, AVPacket *packet);
/* For a seek to `target` on the continuous clock (AV_TIME_BASE units): the time the demuxer is
 * to seek to. Within the segment being read (or after it) the offset stays; before it, the
 * file's own clock holds again, since the segments before are not known by their position. */
int64_t vf_timeline_file_time(const struct vf_timeline *t, int64_t target);
/* After the demuxer sought to vf_timeline_file_time(t, target): the packets from there on are
 * moved as that said. (Where the seek failed, the demuxer reads on and so does the mend.) */
void vf_timeline_sought(struct vf_timeline *t, int64_t target);
void vf_timeline_free(struct vf_timeline *t);

#endif
