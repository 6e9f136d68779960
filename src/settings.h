/* What a picture is filtered with, and how the viewer's panel names it. */
#ifndef VF_SETTINGS_H
#define VF_SETTINGS_H

#include <stddef.h>

#include "filter.h"

struct vf_settings {
    struct vf_filter filter;
    enum vf_border border;
    int variant;         /* GPU kernel */
    unsigned generation; /* the viewer counts its changes: a picture's tells which made it */
};

/* "FILTER  border B  variant V" of the picture on screen; each part chosen since that differs
 * follows an arrow ("sharpen 3x3 amount=1.00 → box 3x3"), until a picture made with it shows. */
void vf_settings_describe(const struct vf_settings *on_screen, const struct vf_settings *chosen,
                          char *buf, size_t len);

enum { VF_TAPS_LINE = 256, VF_TAPS_SHOWN_SIZE = 9 };
/* The integer filter every engine runs, as lines of text (for the window's 'k'): the matrix a
 * row a line up to VF_TAPS_SHOWN_SIZE wide, else a separable filter's column and row taps (and
 * its centre tap), else a line saying the matrix is too wide to show; then "÷ D", "+ B" where
 * there is a bias. Returns the lines written, at most `max`. */
int vf_filter_taps_text(const struct vf_filter *f, char (*lines)[VF_TAPS_LINE], int max);

#endif
