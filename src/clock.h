/* The window's presentation clock: the wall time at which a picture's timestamp is due, at a
 * playback speed. It is anchored at a picture, and anchored afresh where the timestamps jump (a
 * seek or a loop starts a new serial) and after a pause, so that playing on never jumps. */
#ifndef VF_CLOCK_H
#define VF_CLOCK_H

#include <stdbool.h>

#define VF_SPEED_MIN (1.0 / 16)
#define VF_SPEED_MAX 16.0

struct vf_clock {
    bool anchored;
    unsigned serial;  /* of the pictures the anchor belongs to */
    double anchor_ms; /* wall time at which anchor_s is due */
    double anchor_s;  /* a picture's time in the media, seconds */
    double speed;     /* media seconds per wall second */
};

/* Unanchored, at speed 1. */
void vf_clock_init(struct vf_clock *c);
/* Anchors at a picture (media_s due at now_ms) unless anchored on its serial already. */
void vf_clock_follow(struct vf_clock *c, unsigned serial, double media_s, double now_ms);
/* The next picture anchors the clock (after a pause: it shows at once, later ones follow). */
void vf_clock_unanchor(struct vf_clock *c);
/* When the picture at media_s is due. The clock must be anchored. */
double vf_clock_due_ms(const struct vf_clock *c, double media_s);
/* The media time due at now_ms. The clock must be anchored. */
double vf_clock_media_s(const struct vf_clock *c, double now_ms);
/* Plays on at `speed` from now_ms: the media time due now stays due now. */
void vf_clock_set_speed(struct vf_clock *c, double speed, double now_ms);

/* One press of a speed key: step 0 resets to 1; a step above 0 multiplies the speed by
 * step/100, below 0 divides it by -step/100. The result stays within VF_SPEED_MIN..MAX, and
 * lands on 1 exactly when the steps cancel (x1.1 then /1.1). */
double vf_speed_step(double speed, int step);

#endif
