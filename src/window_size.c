#include "window_size.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { MOST_PIXELS = 16384 };

/* A number of pixels, or a share of the screen with '%', from *s; *s moved past it. */
static int parse_length(const char **s, int lowest, struct vf_length *out)
{
    char *end;
    if (**s < '0' || **s > '9')
        return -1;
    const long v = strtol(*s, &end, 10);
    const bool percent = *end == '%';
    if (v < lowest || v > (percent ? 100 : MOST_PIXELS))
        return -1;
    *out = (struct vf_length){(int)v, percent, true};
    *s = end + percent;
    return 0;
}

/* [W[xH]] from *s: 0, or -1 when there is a size and it is bad. */
static int parse_size(const char **s, struct vf_length *w, struct vf_length *h)
{
    if (**s < '0' || **s > '9')
        return 0;
    if (parse_length(s, 1, w))
        return -1;
    if (**s != 'x')
        return 0;
    ++*s;
    return parse_length(s, 1, h);
}

int vf_geometry_parse(const char *s, struct vf_geometry *g)
{
    struct vf_geometry p = {0};
    if (strchr(s, ':')) { /* X:Y */
        if (parse_length(&s, 0, &p.x) || *s++ != ':' || parse_length(&s, 0, &p.y) || *s)
            return -1;
        *g = p;
        return 0;
    }
    if (parse_size(&s, &p.w, &p.h))
        return -1;
    if (*s == '+' || *s == '-') {
        p.from_right = *s++ == '-';
        if (parse_length(&s, 0, &p.x) || (*s != '+' && *s != '-'))
            return -1;
        p.from_bottom = *s++ == '-';
        if (parse_length(&s, 0, &p.y))
            return -1;
    }
    if (*s || (!p.w.given && !p.x.given))
        return -1;
    *g = p;
    return 0;
}

int vf_autofit_parse(const char *s, struct vf_autofit *a)
{
    struct vf_autofit p = {0};
    if (parse_size(&s, &p.w, &p.h) || *s || !p.w.given)
        return -1;
    *a = p;
    return 0;
}

/* A length in pixels along a screen side of `side` pixels; 0 where not given, or a share of a
 * side not known. */
static double pixels(struct vf_length l, int side)
{
    if (!l.given || (l.percent && side <= 0))
        return 0;
    return l.percent ? side * l.value / 100.0 : l.value;
}

/* Where a window `size` long goes along a screen side from `start`, `side` long. */
static int place(struct vf_length at, bool from_far_end, int size, int start, int side)
{
    if (!at.given || ((at.percent || from_far_end) && side <= 0))
        return VF_WINDOW_CENTERED;   /* the far edge, or a share of the room, not known */
    const double room = side - size; /* percentages share what the window leaves */
    const double from_near = at.percent ? room * (from_far_end ? 100 - at.value : at.value) / 100.0
                                        : (from_far_end ? side - size - at.value : at.value);
    return start + (int)lround(from_near);
}

struct vf_rect vf_window_place(int natural_w, int natural_h, struct vf_rect screen,
                               const struct vf_window_request *r)
{
    const struct vf_autofit default_larger = {{90, true, true}, {90, true, true}};
    double w = natural_w > 0 ? natural_w : 1, h = natural_h > 0 ? natural_h : 1;
    const bool fit_exactly = r->autofit.w.given;
    const struct vf_autofit *fit = fit_exactly                 ? &r->autofit
                                   : r->autofit_larger.w.given ? &r->autofit_larger
                                                               : &default_larger;
    const double fit_w = pixels(fit->w, screen.w), fit_h = pixels(fit->h, screen.h);
    double scale = fit_w > 0 ? fit_w / w : 0;
    if (fit_h > 0 && (scale == 0 || fit_h / h < scale))
        scale = fit_h / h;
    if (scale > 0 && (fit_exactly || scale < 1)) {
        w *= scale;
        h *= scale;
    }
    const double size_w = pixels(r->geometry.w, screen.w);
    if (size_w > 0) {
        const double size_h = pixels(r->geometry.h, screen.h);
        h = size_h > 0 ? size_h : h * size_w / w;
        w = size_w;
    }
    struct vf_rect out = {0, 0, (int)lround(w), (int)lround(h)};
    out.w = out.w < 1 ? 1 : out.w > MOST_PIXELS ? MOST_PIXELS : out.w;
    out.h = out.h < 1 ? 1 : out.h > MOST_PIXELS ? MOST_PIXELS : out.h;
    out.x = place(r->geometry.x, r->geometry.from_right, out.w, screen.x, screen.w);
    out.y = place(r->geometry.y, r->geometry.from_bottom, out.h, screen.y, screen.h);
    return out;
}
