/* The window's subtitles: the cues of each of the input's subtitle tracks, as text or drawn as
 * pictures (DVD, Blu-ray, DVB), decoded as their packets are read and kept a while, or (text
 * ones) all of them read ahead from a local file, found by the time of the picture on screen.
 * Every track is decoded, so that 'j' shows another at once. The processing thread adds, the UI
 * thread asks; a lock of its own keeps them apart. Tracks are numbered as tracks.h has them. */
#ifndef VF_CUES_H
#define VF_CUES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>

#include "cue_picture.h"
#include "subtitle_files.h"

struct vf_cues;

struct vf_cues_config {
    const AVFormatContext *format; /* the input's: its subtitle tracks */
    /* a local file that a thread of its own reads the cues of from start to end, so that a cue
     * that began before the keyframe a seek went back to shows too; NULL: only the cues read
     * with the pictures show */
    const char *preload_url;
    struct vf_subtitle_files files; /* read whole, as tracks after the input's own */
};

/* The cues of the input's subtitle tracks (those with a decoder here) and of the files, none
 * at all too (a file may come later: vf_cues_add_file). 0, or -1 with a line naming a file
 * asked for that cannot be read (out of memory: *cues NULL). */
int vf_cues_open(struct vf_cues **cues, const struct vf_cues_config *cfg, char *err, size_t errlen);
/* One more subtitle file (one dropped on the window), read whole as the track after the last,
 * its time 0 at start_s on the input's clock; from the UI thread, which alone asks for cues.
 * Its track's number, or -1 with a line naming the file. */
int vf_cues_add_file(struct vf_cues *c, const char *path, double start_s, char *err, size_t errlen);
void vf_cues_free(struct vf_cues *c);
/* The track shown unless the user picks one: the one FFmpeg finds best where it can be shown,
 * else the first that can. */
int vf_cues_default_track(const struct vf_cues *c);
/* The next track that can be shown after `track` (step 1; from 0: the first), or 0 after the
 * last; the one before it (step -1; from 0: the last), or 0 before the first. */
int vf_cues_step_track(const struct vf_cues *c, int track, int step);
/* Whether `track` is one whose cues are kept (text or pictures, with a decoder here). */
bool vf_cues_has_track(const struct vf_cues *c, int track);
/* The subtitle tracks: the input's, text or not, and the files'. */
int vf_cues_track_count(const struct vf_cues *c);
/* "2/3 fra: subrip", "3/3 en 'film.en.srt': subrip" (tracks.h). */
void vf_cues_describe(const struct vf_cues *c, int track, char *buf, size_t len);
/* A packet read from the input (those of other streams are ignored), with the serial of the
 * pictures it goes with (vf_media_item's). */
void vf_cues_add(struct vf_cues *c, const AVPacket *packet, unsigned serial);
/* The text of `track` showing at `seconds` on the input's clock among the cues of `serial`,
 * the lines of cues showing together one after the other, apart by '\n'; "" and false when
 * none shows (and for a track of pictures). */
bool vf_cues_at(struct vf_cues *c, int track, double seconds, unsigned serial, char *text,
                size_t len);

/* The picture of `track`'s cue showing at `seconds` among the cues of `serial` (the latest to
 * begin, where several show). *shown: on entry the cue the caller shows (0: none), on return
 * the one showing (0: none, also for a text track); *p filled (rgba set) only where that
 * changed to a cue. 0, or -1 out of memory (*shown 0, so that a later call tries again). */
int vf_cues_picture_at(struct vf_cues *c, int track, double seconds, unsigned serial,
                       uint64_t *shown, struct vf_cue_picture *p);

#endif
