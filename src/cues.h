/* The window's subtitles: the cues of the input's text subtitle track, decoded as its packets
 * are read and kept a while, found by the time of the picture on screen. The processing thread
 * adds, the UI thread asks; a lock of its own keeps them apart. */
#ifndef VF_CUES_H
#define VF_CUES_H

#include <stdbool.h>
#include <stddef.h>

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>

struct vf_cues;

/* The input's text subtitle track (the one FFmpeg finds best, else the first; cues drawn as
 * pictures are not shown). NULL when it has none, or its decoder is missing. */
struct vf_cues *vf_cues_open(const AVFormatContext *format);
void vf_cues_free(struct vf_cues *c);
/* A packet read from the input (those of other streams are ignored), with the serial of the
 * pictures it goes with (vf_media_item's). */
void vf_cues_add(struct vf_cues *c, const AVPacket *packet, unsigned serial);
/* The text showing at `seconds` on the input's clock among the cues of `serial`, the lines of
 * cues showing together one after the other, apart by '\n'; "" and false when none shows. */
bool vf_cues_at(struct vf_cues *c, double seconds, unsigned serial, char *text, size_t len);

#endif
