/* The viewer's work off the UI thread: the decoder feeds a processing thread that runs the CPU
 * engine and the GPU engine on the same picture and queues both results together, so the two
 * halves of the window always show the same frame. The UI only ever polls. */
#ifndef VF_PLAYBACK_H
#define VF_PLAYBACK_H

#include <stdbool.h>
#include <stddef.h>

#include "decode.h"
#include "filter.h"
#include "media_item.h"
#include "settings.h"

enum { VF_HALF_CPU, VF_HALF_GPU };

struct vf_shown {
    struct vf_frame out[2]; /* VF_HALF_CPU, VF_HALF_GPU */
    bool have_cpu;          /* out[VF_HALF_CPU] holds this frame */
    bool have_gpu;          /* out[VF_HALF_GPU] holds this frame */
    bool identical;         /* both halves equal byte for byte */
    double ms[2];           /* each engine's time on this frame */
    int64_t pts;
    unsigned serial;
    long index;
    struct vf_settings settings;  /* what made it */
    struct vf_media_item *source; /* the picture it was made from (vf_playback_refilter) */
};

struct vf_playback_config {
    const char *url, *webcam, *webcam_format;
    const char *const *camera_options; /* KEY=VALUE, as vf_decoder_config's */
    int camera_option_count;
    /* where the input begins, and a loop starts again, and where it ends (vf_decoder_config) */
    struct vf_position start, end;
    double length;
    bool loop;
    bool as_stored;             /* ignore the input's display matrix */
    bool keep_hdr;              /* HDR pictures as stored, not mapped to SDR */
    bool keep_fields;           /* interlaced pictures as stored */
    struct vf_orientation turn; /* the user's, after the input's own */
    bool no_audio;              /* recordings without the input's audio */
    bool no_subtitles;          /* and without its subtitles, which the window does not show */
    int subtitle_track;         /* the only subtitle track recordings carry (tracks.h); 0: all */
    const char *const *subtitle_files; /* shown after the input's own tracks (cues.h) */
    int subtitle_file_count;
    bool use_cpu, use_gpu;
    int threads;
    struct vf_settings settings;
};

struct vf_playback;

/* Opens the input and the engines and starts the threads. NULL with a one-line message.
 * A missing GPU is not an error: vf_playback_gpu_status says why. */
struct vf_playback *vf_playback_open(const struct vf_playback_config *cfg, char *err,
                                     size_t errlen);
void vf_playback_close(struct vf_playback *p);
const struct vf_source_info *vf_playback_info(const struct vf_playback *p);
/* The input's subtitles for the window (cues.h), perhaps of no track; NULL where no_subtitles
 * says so. */
struct vf_cues *vf_playback_cues(struct vf_playback *p);
/* A subtitle file dropped on the window: one more track of the window's, after the others
 * (vf_cues_add_file), which recordings started from now on carry too. Its number, or -1 with a
 * line naming the file. */
int vf_playback_add_subtitle_file(struct vf_playback *p, const char *path, char *err,
                                  size_t errlen);
/* NULL while the GPU works; else why there is no GPU picture (copied into buf). */
const char *vf_playback_gpu_status(struct vf_playback *p, char *buf, size_t len);
/* Applies from the next picture processed. */
void vf_playback_set(struct vf_playback *p, const struct vf_settings *s);
/* Filters the picture behind s again with the settings set last, on the calling thread (the UI,
 * on a picture it holds that stays on screen); waits while the processing thread has the engines.
 * Returns -1 when no engine made a picture. */
int vf_playback_refilter(struct vf_playback *p, struct vf_shown *s);
/* The next processed picture, or NULL when none is ready. Never blocks. */
struct vf_shown *vf_playback_take(struct vf_playback *p);
void vf_playback_give_back(struct vf_playback *p, struct vf_shown *s);
/* The input ended (no loop) and every picture was taken; *error: why, when it failed. */
bool vf_playback_ended(struct vf_playback *p, const char **error);
/* See vf_decoder_seek: the serial that the pictures from there on carry. */
unsigned vf_playback_seek(struct vf_playback *p, double seconds);
/* See vf_decoder_set_loop ('L'). */
void vf_playback_set_loop(struct vf_playback *p, bool loop);

/* Records the CPU half (and the input's audio, unless no_audio) from the next picture on. 0 with
 * msg what the file holds and the recorder's notices ("libvpx-vp9 yuv420p, webm, audio encoded
 * as opus: this container cannot hold H.264; recording with libvpx-vp9 instead"), or -1 with
 * msg the error. */
int vf_playback_record_start(struct vf_playback *p, const char *path, const char *codec,
                             const char *format, int audio_track, char *msg, size_t len);
/* Stops recording from the next picture and returns at once: the file is finished (encoder
 * flush, trailer) on a thread of its own. These three: the thread that starts and stops. */
void vf_playback_record_stop(struct vf_playback *p);
/* The oldest stopped recording's result once its file is closed: 1 with msg "N frames written to
 * PATH", -1 with the error, 0 when none is finished (wait: blocks until the oldest is, 0 when
 * none is closing). */
int vf_playback_record_result(struct vf_playback *p, bool wait, char *msg, size_t len);
bool vf_playback_record_closing(struct vf_playback *p);
bool vf_playback_recording(struct vf_playback *p);

#endif
