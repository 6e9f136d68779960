/* Text and the frame-time graph, rendered on the CPU with SDL2_ttf into RGBA surfaces that the
 * display blends over the video. The font is whatever fontconfig calls "monospace": nothing
 * is committed or downloaded. */
#ifndef VF_OVERLAY_H
#define VF_OVERLAY_H

#include <stddef.h>

#include <SDL.h>

enum { VF_GRAPH_SAMPLES = 120, VF_OVERLAY_LINES = 64 /* lines a panel holds */ };

/* The last VF_GRAPH_SAMPLES frame times of each engine, oldest first; < 0: no value. */
struct vf_graph {
    float ms[2][VF_GRAPH_SAMPLES];
    const char *names[2];
};

struct vf_overlay;

/* scale: drawable pixels per point, so text keeps its size on HiDPI screens. */
struct vf_overlay *vf_overlay_open(float scale, char *err, size_t errlen);
void vf_overlay_close(struct vf_overlay *o);
/* How opaque the panels it renders are, 0..255 (170 unless set). */
void vf_overlay_set_backdrop(struct vf_overlay *o, int opacity);
/* Reopens the font when the window moved to a screen of another scale. */
int vf_overlay_set_scale(struct vf_overlay *o, float scale, char *err, size_t errlen);
/* Lines of text on a translucent panel, with the graph under them when graph is non-NULL.
 * max_width > 0: the panel is at most that wide, and a line too long for it ends in "…".
 * An RGBA32 surface to SDL_FreeSurface, or NULL with a message. */
SDL_Surface *vf_overlay_render(struct vf_overlay *o, const char *const *lines, int count,
                               const struct vf_graph *graph, int max_width, char *err,
                               size_t errlen);
/* A seek bar w x h pixels, the part played (fraction 0..1) brighter, white ticks at the
 * fractions in marks[0..n) (an A-B loop's points), and dark lines at those in
 * chapters[0..chapter_count) (where chapters start). An RGBA32 surface to SDL_FreeSurface, or
 * NULL with a message. */
SDL_Surface *vf_overlay_bar(int w, int h, double fraction, const double *marks, int n,
                            const double *chapters, int chapter_count, char *err, size_t errlen);
/* The height of a line of text, in drawable pixels, and the panel's padding around lines. */
int vf_overlay_line_height(const struct vf_overlay *o);
int vf_overlay_padding(const struct vf_overlay *o);
/* The width of a line of text, in drawable pixels (0 when it cannot be measured). */
int vf_overlay_text_width(const struct vf_overlay *o, const char *text);
/* The font file fontconfig chose. */
const char *vf_overlay_font(const struct vf_overlay *o);

#endif
