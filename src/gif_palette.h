/* Pictures for GIF, which holds 256 colours a picture: a palette made for each picture and
 * the picture mapped onto it with dithering (FFmpeg's palettegen and paletteuse). Given RGB,
 * the GIF encoder maps every picture onto one fixed palette of 8 reds, 8 greens and 4 blues,
 * which bands skies and skin. */
#ifndef VF_GIF_PALETTE_H
#define VF_GIF_PALETTE_H

#include <stddef.h>

#include <libavutil/frame.h>
#include <libavutil/rational.h>

struct vf_gif_palette;

/* For RGB24 pictures of that size, timestamps in tb, made on `threads` threads (0: one per
 * core) a picture each. NULL with a one-line reason. */
struct vf_gif_palette *vf_gif_palette_open(int width, int height, AVRational tb, int threads,
                                           char *err, size_t errlen);
/* One RGB24 picture in (its pts kept; NULL: the end, after which the last pictures come out).
 * Pictures are made a batch of one per thread at a time: take what is ready after each. 0, or
 * -1 with a message. */
int vf_gif_palette_send(struct vf_gif_palette *p, const AVFrame *rgb, char *err, size_t errlen);
/* The next PAL8 picture (its palette in data[1]) into out: 1, or 0 when none is ready, or -1
 * with a message. */
int vf_gif_palette_receive(struct vf_gif_palette *p, AVFrame *out, char *err, size_t errlen);
void vf_gif_palette_free(struct vf_gif_palette *p);

#endif
