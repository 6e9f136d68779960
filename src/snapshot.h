/* Screenshots: packed RGB24 pixels to a PNG file through libavcodec's PNG encoder. */
#ifndef VF_SNAPSHOT_H
#define VF_SNAPSHOT_H

#include <stddef.h>
#include <stdint.h>

int vf_write_png(const char *path, const uint8_t *rgb, int width, int height, char *err,
                 size_t errlen);

#endif
