/* Subtitle cues drawn as pictures (DVD, Blu-ray, DVB), kept small between their decoding and
 * their showing: each rect's palette and its rows as runs of palette indices, which take about
 * the bytes the cue took in the file (a few MB a film) where RGBA would take a hundred times
 * that. Painted as RGBA when the window shows one. */
#ifndef VF_CUE_PICTURE_H
#define VF_CUE_PICTURE_H

#include <stdbool.h>
#include <stdint.h>

#include <libavcodec/avcodec.h>

/* A cue painted: its rects on one transparent canvas, RGBA bytes (straight alpha), whose top-left
 * corner is at (x, y) of the frame_w x frame_h picture the cue was made for. */
struct vf_cue_picture {
    int x, y, w, h;
    int frame_w, frame_h;
    uint8_t *rgba; /* w * h * 4 bytes; free() */
};

struct vf_kept_picture;

/* Whether the decoded cue draws anything: a bitmap rect of some size with its palette. */
bool vf_picture_cue_drawn(const AVSubtitle *sub);
/* The decoded cue's bitmap rects kept, for a frame_w x frame_h picture; NULL: out of memory. */
struct vf_kept_picture *vf_picture_keep(const AVSubtitle *sub, int frame_w, int frame_h);
void vf_picture_free(struct vf_kept_picture *k);
/* The kept cue painted into *p (p->rgba allocated). 0, or -1 out of memory. */
int vf_picture_paint(const struct vf_kept_picture *k, struct vf_cue_picture *p);

#endif
