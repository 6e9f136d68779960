/* The recorder's state, shared by record.c (the pictures, the file) and record_streams.c (the
 * input's streams kept beside them). Private to the recorder. */
#ifndef VF_RECORD_INTERNAL_H
#define VF_RECORD_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>

#include "audio_copy.h"
#include "audio_encode.h"
#include "record.h"
#include "subtitle_convert.h"

/* What a try does with the input's sound. Some containers refuse it only when the header is
 * written, FFmpeg's checks before that being partial; then, nothing having reached the output,
 * the recorder tries again with the next plan. */
enum sound_plan {
    SOUND_COPY_OR_ENCODE, /* copied where the container holds the codec, else encoded */
    SOUND_ENCODE,         /* all encoded (FFmpeg 5 writes FLAC into MP4 only as experimental) */
    SOUND_NONE,           /* the pictures alone (GXF refuses all but 48 kHz mono) */
};

/* audio packets that can wait for the pictures to reach them: about 5 s of AAC */
enum { PACKETS_WAITING = 256 };

struct vf_recorder {
    struct vf_record_config cfg;
    char path[1024];
    AVFormatContext *mux;
    AVCodecContext *encoder;
    AVStream *video;
    AVFrame *frame; /* converted for the encoder: its format, or RGB24 for the GIF palette */
    AVPacket *packet;
    struct vf_gif_palette *palette; /* GIF: a palette a picture, from RGB24 */
    AVFrame *paletted;
    struct vf_converter *converter;
    int *stream_map;      /* source stream index → output stream index, -1 when dropped */
    int64_t *stream_last; /* by source stream index: the last dts written, in its output tb
                           * (copied) or in its own (encoded again) */
    /* by source stream index: where the container cannot hold the codec, its own encoder */
    struct vf_audio_encoder **audio_encoders;
    struct vf_audio_copy **audio_copies; /* by source stream index: copied, but reframed */
    /* by source stream index: text subtitles encoded again with the container's own codec */
    struct vf_subtitle_converter **subtitle_converters;
    /* the subtitle files' packets (record_subfiles.c), source streams after the input's */
    struct vf_subtitle_source *subtitle_sources;
    int subtitle_source_count;
    const AVCodec *audio_encoder; /* theirs */
    int stream_map_size, audio_copied, audio_encoded, subtitles_copied;
    const AVCodec *subtitles_converted; /* the container's text codec, where one was */
    enum sound_plan plan;
    bool subtitles; /* this try keeps the source's subtitles (as far as cfg says) */
    /* where the header refused the sound or the subtitles before any byte went out: the
     * notice, and the plan for the next try */
    char refused[1600];
    enum sound_plan next_plan;
    bool next_subtitles;
    int64_t last_pts;
    /* The recording's own clock: it starts at 0, and where the source's clock jumps (a seek,
     * a loop: a new serial) the recording goes on from where it ends, so its timestamps only
     * ever grow. recording time = source time + shift_us. */
    bool anchored;
    unsigned serial;
    int64_t shift_us, end_us;
    /* where each serial starts on the recording's clock, and its shift_us: the input's
     * chapters go by them (record_chapters.c) */
    struct vf_record_segment *segments;
    int segment_count, segment_capacity;
    bool chapters_added;
    /* where the pictures of this serial start on the recording's clock; INT64_MIN for the
     * recording's first, whose sound keeps the input's own lead over its first picture */
    int64_t serial_start_us;
    /* Audio read but not written yet, oldest first. The demuxer reads sound ahead of the
     * pictures, by the video decoder's delay (a frame a decoding thread) and the queues, so
     * sound waits until the pictures reach its time: a new serial then starts where the
     * pictures end and with its own first picture, and the sound of the serial left, beyond
     * its last picture, is dropped. (Anchored on sound, the pictures had a gap of that delay
     * at every seek.) */
    AVPacket *waiting[PACKETS_WAITING];
    unsigned waiting_serial[PACKETS_WAITING];
    int waiting_count;
    long pictures; /* sent to the encoder */
    long written;  /* video packets the muxer accepted */
    int file_opened, header_written;
    int failed; /* the first error is kept in error */
    char error[1600];
    char description[256];
};

/* Records the first error as "PATH: what: reason"; returns -1. */
int vf_recorder_fail(struct vf_recorder *r, char *err, size_t errlen, const char *what, int averr);

static inline bool vf_recorder_anchored_for(const struct vf_recorder *r, unsigned serial)
{
    return r->anchored && r->serial == serial;
}

/* record_streams.c: the input's streams the container can hold, added to r->mux (0, or -1 with
 * a message); the packets waiting for the pictures that start before until_us on the
 * recording's clock, written (INT64_MAX: all); what the encoders and reframers still hold,
 * written; their state freed. */
int vf_recorder_add_streams(struct vf_recorder *r, char *err, size_t errlen);
/* record_subfiles.c: the subtitle files read (0, or -1 with a message naming one asked for that
 * cannot be); source stream `index`, the input's or (after them) a file's (NULL: a file skipped);
 * the files' packets that begin up to a second after the picture at at_us on the input's clock
 * handed to the recorder, from the first cue still showing there where the clock jumped; the
 * files freed. */
int vf_recorder_read_subtitle_files(struct vf_recorder *r, char *err, size_t errlen);
const AVStream *vf_recorder_source_stream(const struct vf_recorder *r, int index);
int vf_recorder_feed_subtitle_files(struct vf_recorder *r, int64_t at_us, bool jumped, char *err,
                                    size_t errlen);
void vf_recorder_free_subtitle_files(struct vf_recorder *r);
int vf_recorder_write_waiting(struct vf_recorder *r, int64_t until_us, char *err, size_t errlen);
int vf_recorder_flush_streams(struct vf_recorder *r);
/* record_chapters.c: a segment of the recording, from start_us on its clock, whose pictures
 * are the input's at recording time - shift_us, noted (0, or -1 out of memory); and the input's
 * chapters as the segments hold them, added to the muxer: each segment's part of each chapter
 * it holds, at its place in the recording (the first segment from 0, the last to end_us), a
 * chapter going on across a jump that lands in it again. Once a recording: later calls add
 * nothing. Matroska writes chapters added after the header at its trailer (to files); MP4 and
 * MOV in fragments, and containers on pipes, only with the header (record.c). 0, or -1 out of
 * memory. */
struct vf_record_segment {
    int64_t start_us, shift_us;
};
int vf_recorder_add_segment(struct vf_recorder *r, int64_t start_us, int64_t shift_us);
int vf_recorder_add_chapters(struct vf_recorder *r, const struct vf_record_segment *segments,
                             int count, int64_t end_us);
void vf_recorder_free_streams(struct vf_recorder *r);

#endif
