/* Encoder + muxer for the filtered pictures, with the source's audio beside them (copied where
 * the container holds its codec, else encoded with the container's own: audio_encode.h) and its
 * subtitles (the same, for text: subtitle_convert.h).
 * Every file it leaves is playable: the encoder is flushed and the trailer written on close,
 * MP4 is fragmented and Matroska clustered about once a second (a SIGKILL loses at most
 * that), and a recording that fails before its first picture is removed. */
#ifndef VF_RECORD_H
#define VF_RECORD_H

#include <stdbool.h>
#include <stddef.h>

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>

#include "frame.h"
#include "record_path.h"
#include "subtitle_files.h"

struct vf_record_config {
    const char *path;   /* "-": standard output */
    const char *codec;  /* encoder or codec name; NULL: H.264 (libx264) where possible */
    const char *format; /* container (muxer name or extension); NULL: from the path's extension */
    int width, height;
    AVRational sample_aspect; /* of the pixels, width to height; 0:0 or 0:1: square */
    AVRational time_base;     /* of the pts given to vf_recorder_write_picture */
    AVRational frame_rate;    /* nominal */
    int threads;              /* the conversion to the encoder's format: 0, one per core */
    /* the input: its audio and subtitle streams are kept, but as no_audio and no_subtitles
     * say, and its file is never written over; NULL: none */
    const AVFormatContext *source;
    bool no_audio, no_subtitles;
    int audio_track;    /* of the source's audio streams, the only one kept (tracks.h); 0: all */
    int subtitle_track; /* the same for its subtitle streams, and the files' after them */
    /* subtitle files kept too, as more subtitle tracks (their first text stream each) */
    struct vf_subtitle_files subtitle_files;
    /* whether the sound stops where the last picture ends: a recording stopped in the window ends
     * there, while a headless run keeps sound that outlasts the input's pictures */
    bool sound_ends_with_pictures;
    /* Where the pictures will begin and end, in time_base, when that is known before the first
     * comes (a headless run without --frames or --loop): the containers that take chapters only
     * with their header (MP4 and MOV, which vfview writes in fragments, and any container on a
     * pipe) get the input's chapters from it; without it they get none. The others get them at
     * the trailer, from the pictures that came. end_pts INT64_MAX: the input's end. */
    struct {
        bool known;
        int64_t first_pts, end_pts;
    } plan;
    void (*notice)(const char *line, void *ctx); /* one-line notices (fallbacks, drops) */
    void *notice_ctx;
};

struct vf_recorder;

/* Opens the file and writes its header. NULL with a one-line message naming the file. */
struct vf_recorder *vf_recorder_open(const struct vf_record_config *cfg, char *err, size_t errlen);
/* Encodes one picture (GBRP plane order); pts in the config's time base. The recording starts
 * at time 0; `serial` (vf_media_item's) changes where the source's clock jumps, a seek or a
 * loop, and the recording then goes on from where it ends. Timestamps that would not increase
 * are nudged forward by one tick. 0, or -1 with a message. */
int vf_recorder_write_picture(struct vf_recorder *r, const struct vf_frame *picture, int64_t pts,
                              unsigned serial, char *err, size_t errlen);
/* Writes one packet of the source's sound or subtitles (ignored when its stream was not kept),
 * on the same clock as the pictures; packets that would go back in time (just after a jump) are
 * dropped, and subtitles that began before the pictures shortened to begin with them. */
int vf_recorder_write_packet(struct vf_recorder *r, const AVPacket *packet, unsigned serial,
                             char *err, size_t errlen);
/* The pictures were cut short (--frames, --end): the sound kept for the close ends where the
 * last picture does, as sound_ends_with_pictures says. */
void vf_recorder_end_sound_with_pictures(struct vf_recorder *r);
/* Flushes the encoder, writes the trailer, closes the file; removes it when no picture
 * reached the file. *written (may be NULL): pictures in the file. 0, or -1 with a message (the
 * first error of the recording's life). Frees r. */
int vf_recorder_close(struct vf_recorder *r, long *written, char *err, size_t errlen);
/* Pictures that reached the file so far (the encoder may hold a few more until close). */
long vf_recorder_pictures(const struct vf_recorder *r);
/* A file size limit (SIGXFSZ) or a closed pipe (SIGPIPE) become write errors that end the
 * recording with a message, instead of signals that kill the process mid-file. */
void vf_record_ignore_write_signals(void);
/* "libx264 yuv420p, matroska, audio copied", "libvpx-vp9 gbrp, webm, audio encoded as opus" */
const char *vf_recorder_describe(const struct vf_recorder *r);

#endif
