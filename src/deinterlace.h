/* Interlaced video (DVDs, 1080i and 576i broadcasts) made progressive before the filters, the
 * window and the recorder see it: taken as stored, every moving edge combs, and an edge filter
 * draws the combs. FFmpeg's bwdif, one picture out for each picture in, on the pictures the
 * decoder flags interlaced only (progressive ones pass as they are). It looks at the picture
 * after, so it holds one back: it sits between the video decoder and the rest of decode.c,
 * which takes its pictures from vf_deinterlace_receive instead of avcodec_receive_frame. */
#ifndef VF_DEINTERLACE_H
#define VF_DEINTERLACE_H

#include <stdbool.h>

#include <libavcodec/avcodec.h>

struct vf_deinterlace;

/* For pictures in `time_base`, its filter on `threads` threads (0: one per core). NULL: out of
 * memory. */
struct vf_deinterlace *vf_deinterlace_new(AVRational time_base, int threads);
/* As avcodec_receive_frame(codec, out): 0 with a picture, AVERROR(EAGAIN) when the decoder
 * wants packets, AVERROR_EOF once the decoder and the filter have given everything, or another
 * negative AVERROR (a picture that did not decode, or the filter failing). */
int vf_deinterlace_receive(struct vf_deinterlace *di, AVCodecContext *codec, AVFrame *out);
/* After a seek (with avcodec_flush_buffers): the picture held back is dropped. */
void vf_deinterlace_reset(struct vf_deinterlace *di);
/* Whether interlaced pictures have come, and go through bwdif. */
bool vf_deinterlace_active(const struct vf_deinterlace *di);
void vf_deinterlace_free(struct vf_deinterlace *di);

#endif
