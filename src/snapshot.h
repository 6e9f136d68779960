/* Screenshots: pixels to a PNG file through libavcodec's PNG encoder. */
#ifndef VF_SNAPSHOT_H
#define VF_SNAPSHOT_H

#include <stddef.h>
#include <stdint.h>

#include <libavutil/rational.h>

#include "frame.h"

/* Packed RGB24 pixels, `width` * 3 bytes a row. 0, or -1 with a message naming the file. */
int vf_write_png(const char *path, const uint8_t *rgb, int width, int height, char *err,
                 size_t errlen);
/* A frame's planes in G, B, R order (the decoder's), at the frame's size; its pixels' shape,
 * width to height (0/0: square), goes into the PNG (pHYs) for viewers that honour it. */
int vf_write_png_frame(const char *path, const struct vf_frame *gbr, AVRational sar, char *err,
                       size_t errlen);

#endif
