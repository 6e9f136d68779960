/* Text subtitles for a container that cannot hold the input's subtitle codec (SubRip into MP4,
 * MP4's mov_text into Matroska): each cue is decoded to FFmpeg's ASS form and encoded again with
 * the container's own text codec, as the ffmpeg CLI does. Pictures cannot become text, so
 * subtitles drawn as bitmaps (DVD, Blu-ray) are not converted. */
#ifndef VF_SUBTITLE_CONVERT_H
#define VF_SUBTITLE_CONVERT_H

#include <stdbool.h>
#include <stddef.h>

#include <libavcodec/avcodec.h>

#include "audio_encode.h"

struct vf_subtitle_converter;

/* A decoder for `in` (its packets' timestamps in tb) and an encoder of `to`. NULL with the
 * reason: not text, or no such decoder or encoder in this FFmpeg. */
struct vf_subtitle_converter *vf_subtitle_converter_open(const AVCodecParameters *in, AVRational tb,
                                                         enum AVCodecID to, char *err,
                                                         size_t errlen);
/* The opened encoder: the output stream's parameters. */
const AVCodecContext *vf_subtitle_converter_context(const struct vf_subtitle_converter *c);
/* One cue (timestamps in the open's tb, which they keep), encoded again, to `deliver`, which
 * takes its reference; its duration is in's, or its display time where in has none. A cue
 * with nothing to show (an empty one ends the one before in MP4) or that cannot be read is
 * skipped, as a player skips it. mov_text has no durations of its own (a cue shows until the
 * next sample), so where the last cue ended before this one begins an empty cue goes first:
 * FFmpeg's MP4 muxer means to write it, but does not across the fragments vfview writes. 0, or
 * -1 with a message (or -1 from deliver). */
int vf_subtitle_convert(struct vf_subtitle_converter *c, const AVPacket *in,
                        vf_audio_packet_fn deliver, void *ctx, char *err, size_t errlen);
void vf_subtitle_converter_free(struct vf_subtitle_converter *c);

#endif
