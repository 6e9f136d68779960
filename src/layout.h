/* Where things go in the window, as plain arithmetic the tests can check: two letterboxed
 * halves side by side (CPU left, GPU right), in drawable pixels, whatever the HiDPI scale. */
#ifndef VF_LAYOUT_H
#define VF_LAYOUT_H

struct vf_rect {
    int x, y, w, h; /* pixels, origin top-left */
};

struct vf_layout {
    float scale;            /* drawable pixels per window point (2 on a Retina display) */
    struct vf_rect half[2]; /* the video in each half, aspect kept, centred */
    struct vf_rect label[2];
    int margin; /* pixels, scaled */
};

/* window_w/h: in points (SDL_GetWindowSize); drawable_w/h: in pixels (SDL_GL_GetDrawableSize);
 * video_w/h: the picture. sar: sample aspect ratio (1 for square pixels). `halves`: 1 or 2. */
struct vf_layout vf_layout_compute(int window_w, int window_h, int drawable_w, int drawable_h,
                                   int video_w, int video_h, double sar, int halves);
/* The largest rect of the video's aspect that fits in `box`, centred. */
struct vf_rect vf_letterbox(struct vf_rect box, int video_w, int video_h, double sar);

#endif
