/* The window's first size and place, as mpv's --geometry, --autofit and --autofit-larger give
 * them: what the user wrote, parsed, and the arithmetic against the screen, which the tests
 * check without a display. */
#ifndef VF_WINDOW_SIZE_H
#define VF_WINDOW_SIZE_H

#include <limits.h>
#include <stdbool.h>

#include "layout.h"

struct vf_length {
    int value;    /* 0: not given (a position of 0 is given: `given`) */
    bool percent; /* of the screen's usable area; a position: of the room the window leaves */
    bool given;
};

/* --geometry: [W[xH]][+-X+-Y] or X:Y. W alone: the height follows the window's shape. X from the
 * left edge (+) or the right (-), Y from the top or the bottom. */
struct vf_geometry {
    struct vf_length w, h, x, y;
    bool from_right, from_bottom;
};

/* --autofit (the window made to fit WxH, larger or smaller) and --autofit-larger (only made
 * smaller to fit): W[xH], H unbounded where not given. */
struct vf_autofit {
    struct vf_length w, h;
};

struct vf_window_request {
    struct vf_geometry geometry;
    struct vf_autofit autofit, autofit_larger; /* autofit_larger not given: 90%x90% */
};

/* 0, or -1 when s is not of the form (sizes 1..16384 pixels or 1..100%, positions 0..16384
 * pixels or 0..100%). */
int vf_geometry_parse(const char *s, struct vf_geometry *g);
int vf_autofit_parse(const char *s, struct vf_autofit *a);

/* x or y of a window the window manager places (centred) */
#define VF_WINDOW_CENTERED INT_MIN

/* The window for natural_w x natural_h (the halves and labels at the pictures' size) on a
 * screen whose usable area is `screen` (w or h 0: not known; then shares of it are not
 * applied): autofit, else autofit_larger, shapes it; a geometry's size then replaces it, and
 * its position places it, where given. */
struct vf_rect vf_window_place(int natural_w, int natural_h, struct vf_rect screen,
                               const struct vf_window_request *r);

#endif
