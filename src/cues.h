/* The window's subtitles: the cues of each of the input's text subtitle tracks, decoded as
 * their packets are read and kept a while, or all of them read ahead from a local file, found
 * by the time of the picture on screen. Every text track is decoded, so that 'j' shows another
 * at once. The processing thread adds, the UI thread asks; a lock of its own keeps them apart.
 * Tracks are numbered as tracks.h has them. */
#ifndef VF_CUES_H
#define VF_CUES_H

#include <stdbool.h>
#include <stddef.h>

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>

struct vf_cues;

/* The input's text subtitle tracks (cues drawn as pictures are not shown). preload_url: a local
 * file that a thread of its own reads the cues of from start to end, so that a cue that began
 * before the keyframe a seek went back to shows too; NULL: only the cues read with the pictures
 * show. NULL when the input has no text tracks, or their decoders are missing. */
struct vf_cues *vf_cues_open(const AVFormatContext *format, const char *preload_url);
void vf_cues_free(struct vf_cues *c);
/* The track shown unless the user picks one: the one FFmpeg finds best where it is text, else
 * the first text one. */
int vf_cues_default_track(const struct vf_cues *c);
/* The next text track after `track` (0: the first), or 0 after the last. */
int vf_cues_next_track(const struct vf_cues *c, int track);
/* Whether `track` is a text track whose cues are kept. */
bool vf_cues_has_track(const struct vf_cues *c, int track);
/* A packet read from the input (those of other streams are ignored), with the serial of the
 * pictures it goes with (vf_media_item's). */
void vf_cues_add(struct vf_cues *c, const AVPacket *packet, unsigned serial);
/* The text of `track` showing at `seconds` on the input's clock among the cues of `serial`,
 * the lines of cues showing together one after the other, apart by '\n'; "" and false when
 * none shows. */
bool vf_cues_at(struct vf_cues *c, int track, double seconds, unsigned serial, char *text,
                size_t len);

#endif
