/* Opening an input for the decoder (decode.c): its demuxer (a file, an image pattern, standard
 * input, a camera), its video decoder, what it says about itself (vf_source_info), and where
 * --start and --end put its beginning and end. Each error is one line naming the input. */
#ifndef VF_SOURCE_H
#define VF_SOURCE_H

#include <stddef.h>

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>

#include "decode.h"
#include "orient.h"

/* "WHAT: REASON" for an FFmpeg error code */
void vf_source_say(char *err, size_t errlen, const char *what, int averr);
/* A timestamp in seconds; 0 for none. */
double vf_seconds_of(int64_t ts, AVRational tb);
/* The demuxer of cfg's url or camera, its streams read. 0, or -1 with a message. */
int vf_source_open_format(AVFormatContext **format, const struct vf_decoder_config *cfg,
                          const char *name, char *err, size_t errlen);
/* The decoder of the best video stream, and info's stream, time base, frame rate, start,
 * duration, frame estimate and codec name. 0, or -1 with a message. */
int vf_source_open_video(AVFormatContext *format, const struct vf_decoder_config *cfg,
                         const char *name, AVCodecContext **codec, struct vf_source_info *info,
                         char *err, size_t errlen);
/* The stream's display matrix, or else the first picture's (some codecs say it in the
 * bitstream), as a quarter turn or mirror; none when neither says. */
struct vf_orientation vf_source_orientation(const AVStream *stream, const AVFrame *first);
/* info's from_s and until_s from cfg's start, end and length, once info's duration is known
 * (and format's chapters, for #N). 0, or -1 with a message (an end before the start, a length
 * needed and unknown, a chapter the input lacks). */
int vf_source_place_cut(const struct vf_decoder_config *cfg, const AVFormatContext *format,
                        const char *name, struct vf_source_info *info, char *err, size_t errlen);

#endif
