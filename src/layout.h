/* Where things go in the window, as plain arithmetic the tests can check: two letterboxed
 * halves side by side (CPU left, GPU right), or both in one place split by a line, in drawable
 * pixels, whatever the HiDPI scale. */
#ifndef VF_LAYOUT_H
#define VF_LAYOUT_H

#include <stdbool.h>

struct vf_rect {
    int x, y, w, h; /* pixels, origin top-left */
};

struct vf_layout {
    float scale; /* drawable pixels per window point (2 on a Retina display) */
    int drawable_w, drawable_h;
    struct vf_rect half[2]; /* the video in each half, aspect kept, centred */
    struct vf_rect label[2];
    int margin; /* pixels, scaled */
    /* vf_layout_split: both halves are the same rect, the left one drawn left of the line and
     * the right one right of it; label[1]'s text goes at its right end */
    bool split;
};

/* window_w/h: in points (SDL_GetWindowSize); drawable_w/h: in pixels (SDL_GL_GetDrawableSize);
 * video_w/h: the picture. sar: sample aspect ratio (1 for square pixels). `halves`: 1 or 2. */
struct vf_layout vf_layout_compute(int window_w, int window_h, int drawable_w, int drawable_h,
                                   int video_w, int video_h, double sar, int halves);
/* The split view: one picture as large as the window holds it, each half's picture drawn on
 * its side of a line across it (vf_layout_split_x), so that the two meet pixel to pixel; the
 * labels over the window's left and right halves. */
struct vf_layout vf_layout_split(int window_w, int window_h, int drawable_w, int drawable_h,
                                 int video_w, int video_h, double sar);
/* The split line's pixel column: `at` (0..1, clamped) of the way across the picture. */
int vf_layout_split_x(const struct vf_layout *l, double at);
/* The scale to draw text at, in drawable pixels per point: the HiDPI scale, shrunk in windows
 * narrower than 1200 points, down to 3/4 of it, in steps of 1/16 (a font is opened a step). */
float vf_layout_text_scale(const struct vf_layout *l);
/* Where the information panel goes: its top-left corner in the left half's picture, and the
 * widest it may be (w) without running into the right half; h: the height below its top. */
struct vf_rect vf_layout_panel(const struct vf_layout *l);
/* The seek bar, a thin line along the window's bottom edge between the margins. A click
 * within a margin of it, or below it, seeks: vf_layout_on_bar says whether pixel (x, y) is
 * there, vf_layout_bar_fraction which part of the input it asks for (0..1). */
struct vf_rect vf_layout_seek_bar(const struct vf_layout *l);
bool vf_layout_on_bar(const struct vf_layout *l, double x, double y);
double vf_layout_bar_fraction(const struct vf_layout *l, double x);
/* The largest rect of the video's aspect that fits in `box`, centred. */
struct vf_rect vf_letterbox(struct vf_rect box, int video_w, int video_h, double sar);

/* The part of the picture that fills each half, in picture fractions (0..1 both ways, origin
 * top-left): the whole picture, or a zoomed-in window onto it that stays inside it. Both
 * halves show the same part, so that the engines compare pixel for pixel. */
struct vf_view {
    double x0, y0, x1, y1;
};

#define VF_ZOOM_MAX 64.0

struct vf_view vf_view_whole(void);
/* Magnified by `factor` (below 1: back out), the picture point at (fx, fy) of the half (its
 * fractions) staying where it is; the magnification stays within 1..VF_ZOOM_MAX. */
struct vf_view vf_view_zoom(struct vf_view v, double factor, double fx, double fy);
/* Moved with the pointer: the picture follows a drag of (dx, dy) fractions of the half. */
struct vf_view vf_view_pan(struct vf_view v, double dx, double dy);
/* The picture pixel (of a w x h picture) at (fx, fy) of a half, as the halves draw it. */
void vf_view_pixel(struct vf_view v, double fx, double fy, int w, int h, int *x, int *y);
/* The magnification: 1 for the whole picture. */
double vf_view_zoom_level(struct vf_view v);

enum { VF_FOLD_WIDTH = 256 };
/* Lines of text (of a monospace font) folded into as few columns as make at most `fit` rows,
 * each column padded to its longest line and a gap: out[0..returned count) are the rows. Lines
 * are cut to fit VF_FOLD_WIDTH bytes a row; at most `out_rows` rows are made. */
int vf_fold_columns(const char *const *lines, int n, int fit, char (*out)[VF_FOLD_WIDTH],
                    int out_rows);

#endif
