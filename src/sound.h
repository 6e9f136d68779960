/* The window's sound: an input's audio decoded on a thread of its own and played through SDL,
 * in step with the window's presentation clock (clock.h), which stays the master: the sound
 * follows the pictures, never the other way round.
 *
 * The audio is read by a demuxer of its own on the same file rather than taken from the picture
 * decoder's packets: those arrive only a few pictures ahead of the screen, and files that
 * interleave sound and pictures by the second would deliver the sound late. A second demuxer
 * also seeks on its own, so the sound restarts where the clock is after every seek, loop, pause
 * and switch of input. At other speeds than 1 it plays faster or slower at the same pitch
 * (FFmpeg's atempo, as mpv's scaletempo), from 1/4 to 4 times; beyond, paused and while stepping
 * it is silent. */
#ifndef VF_SOUND_H
#define VF_SOUND_H

#include <stdbool.h>
#include <stddef.h>

#include "clock.h"

#define VF_VOLUME_MAX      100
#define VF_SOUND_SPEED_MIN 0.25
#define VF_SOUND_SPEED_MAX 4.0

struct vf_sound;

struct vf_sound_config {
    const char *url;
    int track;  /* the audio track played (tracks.h: 1 for the first); 0: the best */
    int volume; /* 0..VF_VOLUME_MAX, a cubic gain as mpv's */
    bool muted;
    double end_s; /* the media time (the clock's) where the sound ends, as the pictures do at
                   * --end; 0: at the input's end */
};

/* Opens the input's audio track and an SDL audio device for it, paused. NULL with err set to
 * "" when the input has no audio (or is standard input, which cannot be read twice); NULL with
 * a one-line message (without the "vfview:" prefix) when it has audio that cannot be played,
 * or not the track asked for. */
struct vf_sound *vf_sound_open(const struct vf_sound_config *cfg, char *err, size_t errlen);
/* The track playing (tracks.h) and how many the input has; its description for the user
 * ("2/3 eng: aac, stereo, 48 kHz"). */
int vf_sound_track(const struct vf_sound *s, int *count);
const char *vf_sound_track_name(const struct vf_sound *s);
/* Plays audio track `track` (tracks.h) from the clock's time on, through the same device:
 * 0, or -1 with a one-line message (the track before plays on, unless the sound stopped for
 * good: vf_sound_error). */
int vf_sound_switch_track(struct vf_sound *s, int track, char *err, size_t errlen);
/* The clock to follow, and whether it runs (not paused, stepping or waiting on a seek). Cheap:
 * call it every time the window's loop comes round. */
void vf_sound_follow(struct vf_sound *s, const struct vf_clock *clock, bool running);
void vf_sound_set_volume(struct vf_sound *s, int volume, bool muted);
/* Whether the sound plays at this speed (else it is silent). */
bool vf_sound_plays_at(double speed);
/* NULL while the sound plays (or waits for the clock); else why it stopped for good: a one-line
 * message. */
const char *vf_sound_error(struct vf_sound *s);
/* Stops the thread and closes the device. NULL is fine. */
void vf_sound_close(struct vf_sound *s);

#endif
