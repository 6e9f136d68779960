/* HDR video (PQ: HDR10 and most streaming; HLG: phones and broadcast) mapped to SDR BT.709
 * before the filters, the window and the recorder see it, as players do: taken as stored, its
 * values look grey and washed out. FFmpeg's zscale (to linear light, to BT.709's primaries,
 * back to BT.709's curve) and tonemap (hable, the curve mpv and most guides use). */
#ifndef VF_TONEMAP_H
#define VF_TONEMAP_H

#include <stddef.h>

#include <libavutil/frame.h>

/* "PQ" or "HLG" for a picture whose transfer is one of those; else NULL. */
const char *vf_tonemap_kind(const AVFrame *picture);

struct vf_tonemap;

/* Maps `in` (HDR: vf_tonemap_kind) into `out`, planar RGB 8-bit (AV_PIX_FMT_GBRP), out's
 * buffers replaced, on `threads` threads (0: one per core); the filters are made for the first
 * picture and made again when the size or format changes (*t: NULL at first). 0, or -1 with a
 * message. */
int vf_tonemap_run(struct vf_tonemap **t, int threads, const AVFrame *in, AVFrame *out, char *err,
                   size_t errlen);
void vf_tonemap_free(struct vf_tonemap *t);

#endif
