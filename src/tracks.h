/* An input's audio tracks as users number them: 1 for its first audio stream, as mpv's --aid
 * and its '#' key count them, whatever the stream indexes in between. */
#ifndef VF_TRACKS_H
#define VF_TRACKS_H

#include <stddef.h>

#include <libavformat/avformat.h>

#include "decode.h"

/* How many audio streams the input has. */
int vf_audio_track_count(const AVFormatContext *f);
/* The stream index of audio track n (from 1), or -1 when there is none. */
int vf_audio_track_stream(const AVFormatContext *f, int n);
/* The track number of stream index `stream`, or 0 when it is no audio stream. */
int vf_audio_track_of(const AVFormatContext *f, int stream);
/* What a user tells tracks apart by: "2/3 eng 'Commentary': aac, stereo, 48 kHz" (the language
 * and the title where the file names them). */
void vf_audio_track_describe(const AVFormatContext *f, int n, char *buf, size_t len);
/* 0 when the input has audio track n (0: the best, which needs none), else -1 with "INPUT: --aid
 * 3: it has 2 audio tracks". */
int vf_check_audio_track(const struct vf_source_info *info, int n, char *err, size_t errlen);

#endif
