/* Demux + decode on a thread of its own: files, images, image sequences, URLs, V4L2 cameras.
 * Pictures arrive converted to planar RGB (convert.h) through a small bounded queue, audio
 * packets (when asked for) in demuxing order beside them. The consumer may stop at any time. */
#ifndef VF_DECODE_H
#define VF_DECODE_H

#include <stdbool.h>
#include <stddef.h>

#include <libavformat/avformat.h>

#include "media_item.h"
#include "orient.h"
#include "parse.h"

struct vf_decoder_config {
    const char *url;                   /* a file, image, pattern (img%03d.png) or URL */
    const char *webcam;                /* instead of url: a V4L2 device such as /dev/video0 */
    const char *webcam_format;         /* the camera's input device; NULL: v4l2 */
    const char *const *camera_options; /* KEY=VALUE options of that device (video_size=...) */
    int camera_option_count;           /* of them */
    int queue_depth;                   /* pictures decoded ahead (default 4) */
    int threads;     /* the codec's and the conversion's threads; 0: one per core */
    long max_pixels; /* larger pictures are refused in open; 0: no limit of our own */
    /* the first picture is the one showing at `start` (not given: the first); the input ends
     * for vfview at `end` or `length` after `start`, the earlier (counted as start is; a
     * camera's from its first picture): pictures from then on are not shown, nor audio played
     * (neither given: at its end) */
    struct vf_position start, end;
    double length;
    bool want_audio;     /* pass audio packets through as VF_ITEM_PACKET */
    bool want_subtitles; /* and subtitle packets (recordings keep them, the window shows them) */
    bool loop;           /* restart at the end (serial is bumped), from start_s */
    bool hold_at_end;    /* at the end, wait for a seek (or close) instead of ending */
    bool as_stored;   /* pictures as the file stores them, not turned as its display matrix says */
    bool keep_hdr;    /* HDR pictures' values as stored, not mapped to SDR (tonemap.h) */
    bool keep_fields; /* interlaced pictures as stored, not made progressive (deinterlace.h) */
    struct vf_orientation turn; /* the user's, after the file's (vf_orientation_user) */
    /* makes the pictures handed out; NULL: vf_frame_alloc (vf_gpu_frame_alloc when they go to
     * the GPU, which then copies them by DMA while the CPU works on) */
    vf_frame_allocator allocate_picture;
};

struct vf_source_info {
    const char *name;  /* for messages: the path or device */
    int width, height; /* of every picture, as shown (later size changes are rescaled) */
    /* how the stored pictures are turned to be shown: the file's display matrix (unless
     * as_stored), then the user's turn */
    struct vf_orientation orientation;
    /* of the shown pictures' pixels, width to height: 1:1 but for anamorphic video (DVD) */
    AVRational sample_aspect;
    AVRational time_base;  /* of the pts of pictures */
    AVRational frame_rate; /* nominal; 25/1 when the source does not say */
    double duration_s;     /* 0 when unknown (cameras, some streams) */
    /* the time of the input's first picture: positions shown and asked for count from it
     * (MPEG-TS starts at 1.4 s, a broadcast's recording anywhere) */
    double start_s;
    /* where start and end (vf_decoder_config) put the input's beginning and end, seconds into
     * it; until_s 0: its own end */
    double from_s, until_s;
    /* the pts of the first picture it gives (the one showing at --start), and of the end that
     * --end or --length put (pictures from then on are left out; INT64_MAX: its own end) */
    int64_t first_pts, end_pts;
    long frame_estimate;      /* 0 when unknown */
    const char *codec_name;   /* "h264" */
    const char *pixel_format; /* of the decoded pictures: "yuv420p" */
    /* "PQ" or "HLG" when its first picture is HDR: mapped to SDR unless keep_hdr; else NULL */
    const char *hdr;
    bool deinterlaced;             /* its first picture was interlaced, and made progressive */
    const AVFormatContext *format; /* the demuxer: stream parameters for audio passthrough */
    int video_stream;
};

struct vf_decoder;

/* Opens the input and decodes its first picture, so every "cannot read this" error surfaces
 * here as one line (without the "vfview:" prefix) and NULL. */
struct vf_decoder *vf_decoder_open(const struct vf_decoder_config *cfg, char *err, size_t errlen);
const struct vf_source_info *vf_decoder_info(const struct vf_decoder *d);
/* Starts the decoding thread. 0, or -1 with a message. */
int vf_decoder_start(struct vf_decoder *d, char *err, size_t errlen);
/* The next picture or audio packet, blocking; NULL at the end. Release items with
 * vf_item_release. */
struct vf_media_item *vf_decoder_next(struct vf_decoder *d);
/* After NULL from next: why it ended early, or NULL for a normal end of input. */
const char *vf_decoder_error(const struct vf_decoder *d);
/* Whether the input ended at end_s rather than at its own end (pictures were left out). */
bool vf_decoder_cut(const struct vf_decoder *d);
/* hold_at_end: the input is at its end and the thread waits for a seek. */
bool vf_decoder_at_end(const struct vf_decoder *d);
/* Turns the loop on or off from now on; on while held at the end, the input starts again. */
void vf_decoder_set_loop(struct vf_decoder *d, bool loop);
/* Pictures that could not be decoded and were skipped. */
long vf_decoder_skipped(const struct vf_decoder *d);
/* Asks the thread to continue from `seconds` (files only). Returns the serial that the items
 * from there on carry: serials only grow, and items made before the seek carry a smaller one.
 * A seek asked for before the last was done replaces it. */
unsigned vf_decoder_seek(struct vf_decoder *d, double seconds);
/* Makes the thread stop soon and vf_decoder_next return NULL once the queue is empty; safe
 * from any thread. */
void vf_decoder_interrupt(struct vf_decoder *d);
/* Stops the thread and frees everything; items still held by the caller must be released
 * before. NULL is fine. */
void vf_decoder_close(struct vf_decoder *d);

#endif
