/* Decoding the input's subtitles, for the recorder's text converter (subtitle_convert.h) and the
 * window's cues (cues.h); and opening a subtitle file, for both. */
#ifndef VF_SUBTITLE_DECODE_H
#define VF_SUBTITLE_DECODE_H

#include <stdbool.h>

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>

/* Whether codec `id` is subtitles as text (SubRip, ASS, mov_text, WebVTT...), not pictures. */
bool vf_subtitle_is_text(enum AVCodecID id);
/* Whether codec `id` is subtitles drawn as pictures (DVD, Blu-ray's PGS, DVB, XSUB). */
bool vf_subtitle_is_picture(enum AVCodecID id);
/* A decoder of the subtitle stream `par`, whose packets' timestamps are in tb; NULL with
 * FFmpeg's error in *averr (0: it has no such decoder, or no memory). */
AVCodecContext *vf_subtitle_decoder_open(const AVCodecParameters *par, AVRational tb, int *averr);
/* One packet: 1 with *cue filled (avsubtitle_free it), 0 when it holds no cue or cannot be read
 * (skipped, as players skip it), -1 out of memory. */
int vf_subtitle_decode(AVCodecContext *decoder, const AVPacket *packet, AVSubtitle *cue);

/* A subtitle file (--sub-file) opened in *format: the index of its first subtitle stream, text
 * or pictures, or -1 with "PATH: cannot open: REASON" or "PATH: no subtitles in it" (*format
 * closed). */
int vf_subtitle_file_open(const char *path, AVFormatContext **format, char *err, size_t errlen);

#endif
