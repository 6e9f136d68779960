/* Any FFmpeg picture to vfview's planar 8-bit RGB and back. Planes are in GBRP order (G, B, R).
 * 8-bit RGB inputs (packed, planar, paletted) are rearranged exactly, without swscale's
 * detour through YUV; everything else goes through swscale with the source's colour matrix. */
#ifndef VF_CONVERT_H
#define VF_CONVERT_H

#include <stddef.h>

#include <libavutil/frame.h>
#include <libavutil/pixfmt.h>

#include "frame.h"

struct vf_converter;

/* threads: how many swscale may split a picture's rows among (0: one per core; fewer for
 * pictures of few rows). The result is the same with any number. NULL when out of memory. */
struct vf_converter *vf_converter_create(int threads);
void vf_converter_destroy(struct vf_converter *c);

/* Converts (and rescales when the sizes differ) src into dst. 0, or -1 with a message. */
int vf_convert_to_planar(struct vf_converter *c, const AVFrame *src, struct vf_frame *dst,
                         char *err, size_t errlen);
/* Converts src into dst, whose format, size and buffers are already set (av_frame_get_buffer).
 * YUV outputs use vf_convert_colorspace(height), limited range. 0, or -1 with a message. */
int vf_convert_from_planar(struct vf_converter *c, const struct vf_frame *src, AVFrame *dst,
                           char *err, size_t errlen);

/* The matrix used when a source does not say: BT.709 from 720 lines up, BT.601 below. */
enum AVColorSpace vf_convert_colorspace(int height);
/* True when to_planar (and from_planar, except for paletted) is an exact rearrangement. */
int vf_convert_is_exact(enum AVPixelFormat format);

#endif
