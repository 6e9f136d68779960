/* Sound copied into a recording as it came, but in the framing its container wants. AAC read
 * from MPEG-TS or from .aac files comes as ADTS frames, each with a header of its own; MP4 and
 * MOV hold the bare frames and one AudioSpecificConfig. libavformat converts them on its own,
 * but not in the fragmented MP4 the recorder writes: FFmpeg 5.1 then refused the first packet
 * ("Malformed AAC bitstream detected"), which ended the recording of any broadcast's .ts in
 * .mp4, .mov and .m4a after two pictures. */
#ifndef VF_AUDIO_COPY_H
#define VF_AUDIO_COPY_H

#include <stddef.h>

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>

#include "audio_encode.h"

struct vf_audio_copy;

/* The conversion that stream `par` (packets in time base tb) needs in `container`: 0 with *copy
 * NULL where the packets go in as they are, 0 with a converter, or -1 with the reason. */
int vf_audio_copy_open(struct vf_audio_copy **copy, const AVCodecParameters *par, AVRational tb,
                       const AVOutputFormat *container, char *err, size_t errlen);
/* One packet (NULL: the end), converted, to `deliver`, which takes its reference. A packet
 * that cannot be converted (a damaged header) is skipped, as a player skips it. 0, or -1 with
 * a message (or -1 from deliver). */
int vf_audio_copy_send(struct vf_audio_copy *copy, const AVPacket *packet,
                       vf_audio_packet_fn deliver, void *ctx, char *err, size_t errlen);
void vf_audio_copy_free(struct vf_audio_copy *copy);

#endif
