/* Sound for a container that cannot hold the input's audio codec (AAC into WebM, Ogg or MPEG
 * program streams, PCM into MP4): the packets are decoded, converted to what the container's
 * own encoder takes and encoded again, as the ffmpeg CLI does. The timestamps carry through:
 * where they jump ahead (a gap in the input, a splice of the recording's clock) silence fills
 * the gap, and where they step back the samples already covered are dropped, so the sound
 * stays with the pictures. */
#ifndef VF_AUDIO_ENCODE_H
#define VF_AUDIO_ENCODE_H

#include <stdbool.h>
#include <stddef.h>

#include <libavcodec/avcodec.h>

struct vf_audio_encoder;

/* Receives each encoded packet (timestamps in the encoder's time base) and takes its
 * reference; 0, or -1 to stop. */
typedef int (*vf_audio_packet_fn)(AVPacket *packet, void *ctx);

/* A decoder for `in` (its packets' timestamps in in_tb) and `encoder`, opened at the input's
 * sample rate and channels where it takes them, else the nearest it does; rate > 0 asks for
 * that rate (a container's own). NULL with the reason, e.g. "no aac decoder". */
struct vf_audio_encoder *vf_audio_encoder_open(const AVCodecParameters *in, AVRational in_tb,
                                               const AVCodec *encoder, int rate, bool global_header,
                                               char *err, size_t errlen);
/* The opened encoder: the output stream's parameters and its packets' time base. */
const AVCodecContext *vf_audio_encoder_context(const struct vf_audio_encoder *e);
/* One input packet (NULL: the end: everything held is encoded); what is encoded goes to
 * `deliver`. A packet the decoder cannot read is skipped, its frames silence once the sound
 * goes on. 0, or -1 with a message (or -1 from deliver). */
int vf_audio_encoder_send(struct vf_audio_encoder *e, const AVPacket *packet,
                          vf_audio_packet_fn deliver, void *ctx, char *err, size_t errlen);
void vf_audio_encoder_free(struct vf_audio_encoder *e);
/* "sound: WHAT: REASON" (the reason from averr, none when 0) into err; returns -1. */
int vf_audio_say(char *err, size_t errlen, const char *what, int averr);

#endif
