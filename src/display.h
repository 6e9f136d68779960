/* The window: SDL2 + OpenGL 3.3 core through libepoxy. Each half of the window is three
 * single-channel textures (the planes) drawn by a shader; text and graphs are RGBA sprites
 * blended on top. Only the UI thread calls this. */
#ifndef VF_DISPLAY_H
#define VF_DISPLAY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <SDL.h>

#include "frame.h"
#include "layout.h"
#include "window_size.h"

/* drawn in this order: the cue first, so that what vfview itself says is never hidden by it,
 * as mpv draws its OSD over the subtitles (a DVD cue at the top of the picture covered the
 * panel) */
enum vf_sprite_id {
    VF_SPRITE_SUBTITLE, /* the input's cue showing: text under the pictures, or a picture on them */
    VF_SPRITE_PANEL,    /* figures + frame-time graph, top left */
    VF_SPRITE_LABEL_L,  /* "CPU fast · 4.1 ms" */
    VF_SPRITE_LABEL_R,
    VF_SPRITE_MESSAGE,   /* centred in the right half: why there is no GPU picture */
    VF_SPRITE_HELP,      /* centred: the key table */
    VF_SPRITE_TAPS,      /* bottom left: the filter's integer taps */
    VF_SPRITE_SEEK,      /* along the bottom: the seek bar */
    VF_SPRITE_SEEK_TIME, /* over the seek bar at the pointer: the time there */
    VF_SPRITE_COUNT
};

struct vf_draw_request {
    bool half_visible[2];
    bool difference; /* right half shows |left - right| * gain */
    float gain;
    struct vf_view view; /* the part of the picture each half shows */
    double split_at;     /* split view: the line's place across the picture, 0..1 */
    bool sprite_visible[VF_SPRITE_COUNT];
    int sprite_x[VF_SPRITE_COUNT], sprite_y[VF_SPRITE_COUNT]; /* drawable pixels, top-left */
};

struct vf_display;

/* Opens a resizable HiDPI-aware window sized for two video_w x video_h halves, whose pixels
 * are `sar` times as wide as tall (1: square), as `size` asks (window_size.h), or fullscreen,
 * that size kept for leaving it. SDL video must be initialised. NULL with a message (SDL's or
 * GL's reason). */
struct vf_display *vf_display_open(const char *title, int video_w, int video_h, double sar,
                                   const struct vf_window_request *size, bool fullscreen, char *err,
                                   size_t errlen);
void vf_display_close(struct vf_display *d);
/* 0 when video_w x video_h pictures fit this OpenGL's textures; else -1 with a message. */
int vf_display_fits(const struct vf_display *d, int video_w, int video_h, char *err, size_t errlen);
/* Another input: the window's title, and textures for its pictures' size and the shape of
 * their pixels (the window keeps its own size). 0, or -1 with a message. */
int vf_display_set_video(struct vf_display *d, const char *title, int video_w, int video_h,
                         double sar, char *err, size_t errlen);
/* Uploads the halves' pictures (GBRP planes; NULL: that half keeps what it had). `equal`: the
 * two are equal byte for byte, so only the left goes up and the right half draws it too. */
void vf_display_upload_halves(struct vf_display *d, const struct vf_frame *left,
                              const struct vf_frame *right, bool equal);
/* Replaces a sprite's image with an RGBA32 surface (NULL hides it for good). */
int vf_display_set_sprite(struct vf_display *d, enum vf_sprite_id id, SDL_Surface *rgba, char *err,
                          size_t errlen);
void vf_display_sprite_size(const struct vf_display *d, enum vf_sprite_id id, int *w, int *h);
/* The window's layout now: the halves side by side, or in one place split by a line. */
struct vf_layout vf_display_layout(const struct vf_display *d, bool split);
/* Draws into the back buffer; vf_display_present shows it. 0, or -1 with GL's error. */
int vf_display_draw(struct vf_display *d, const struct vf_layout *l,
                    const struct vf_draw_request *r, char *err, size_t errlen);
void vf_display_present(struct vf_display *d);
/* The back buffer as packed RGB24, top row first (for screenshots); free() the result. */
int vf_display_capture(struct vf_display *d, uint8_t **rgb, int *w, int *h, char *err,
                       size_t errlen);
/* 0, or -1 with SDL's reason; the window stays as it was then. */
int vf_display_toggle_fullscreen(struct vf_display *d, char *err, size_t errlen);
/* The scale of drawable pixels per window point (2 on HiDPI). */
float vf_display_scale(const struct vf_display *d);

#endif
