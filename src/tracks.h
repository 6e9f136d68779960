/* An input's audio and subtitle tracks as users number them: 1 for its first stream of the
 * kind, as mpv's --aid and --sid and its '#' and 'j' keys count them, whatever the stream
 * indexes in between. */
#ifndef VF_TRACKS_H
#define VF_TRACKS_H

#include <stddef.h>

#include <libavformat/avformat.h>

#include "decode.h"

/* How many streams of `type` (AVMEDIA_TYPE_AUDIO or _SUBTITLE) the input has. */
int vf_track_count(const AVFormatContext *f, enum AVMediaType type);
/* The stream index of track n (from 1) of `type`, or -1 when there is none. */
int vf_track_stream(const AVFormatContext *f, enum AVMediaType type, int n);
/* The track number of stream index `stream`, or 0 when it is no stream of `type`. */
int vf_track_of(const AVFormatContext *f, enum AVMediaType type, int stream);
/* What a user tells tracks apart by (the language and the title where the file names them):
 * "2/3 eng 'Commentary': aac, stereo, 48 kHz", "1/2 fra: subrip". */
void vf_track_describe(const AVFormatContext *f, enum AVMediaType type, int n, char *buf,
                       size_t len);
/* The same for stream `st` as track n of `count`, where the count is not the input's alone (the
 * window's subtitle files come after its own tracks). */
void vf_stream_describe(const AVStream *st, int n, int count, char *buf, size_t len);
/* 0 when the input, with `more` tracks after its own (subtitle files), has track n of `type`
 * (0: the best, which needs none), else -1 with "INPUT: --aid 3: it has 2 audio tracks" (--sid
 * for subtitles). */
int vf_check_track(const struct vf_source_info *info, enum AVMediaType type, int n, int more,
                   char *err, size_t errlen);

#endif
