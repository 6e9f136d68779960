#include "layout.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

static const int MARGIN_POINTS = 8, LABEL_POINTS = 22;

struct vf_rect vf_letterbox(struct vf_rect box, int video_w, int video_h, double sar)
{
    struct vf_rect r = {box.x, box.y, 0, 0};
    if (box.w <= 0 || box.h <= 0 || video_w <= 0 || video_h <= 0)
        return r;
    double aspect = (double)video_w * (sar > 0 ? sar : 1) / video_h;
    if ((double)box.w / box.h > aspect) { /* box is wider: bars left and right */
        r.h = box.h;
        r.w = (int)(box.h * aspect + 0.5);
    } else {
        r.w = box.w;
        r.h = (int)(box.w / aspect + 0.5);
    }
    if (r.w < 1)
        r.w = 1;
    if (r.h < 1)
        r.h = 1;
    r.x = box.x + (box.w - r.w) / 2;
    r.y = box.y + (box.h - r.h) / 2;
    return r;
}

struct vf_layout vf_layout_compute(int window_w, int window_h, int drawable_w, int drawable_h,
                                   int video_w, int video_h, double sar, int halves)
{
    struct vf_layout l = {0};
    l.drawable_w = drawable_w;
    l.drawable_h = drawable_h;
    l.scale = window_w > 0 ? (float)drawable_w / (float)window_w : 1.0f;
    if (l.scale <= 0)
        l.scale = 1;
    (void)window_h;
    l.margin = (int)(MARGIN_POINTS * l.scale + 0.5f);
    int label_h = (int)(LABEL_POINTS * l.scale + 0.5f);
    if (halves < 1)
        halves = 1;
    if (halves > 2)
        halves = 2;
    int slot_w = drawable_w / halves;
    for (int i = 0; i < halves; i++) {
        struct vf_rect box = {i * slot_w, label_h, slot_w, drawable_h - label_h};
        if (i == halves - 1) /* the last slot takes the odd pixel */
            box.w = drawable_w - i * slot_w;
        l.half[i] = vf_letterbox(box, video_w, video_h, sar);
        l.label[i] = (struct vf_rect){box.x + l.margin, 0, box.w - 2 * l.margin, label_h};
    }
    return l;
}

struct vf_layout vf_layout_split(int window_w, int window_h, int drawable_w, int drawable_h,
                                 int video_w, int video_h, double sar)
{
    struct vf_layout l =
        vf_layout_compute(window_w, window_h, drawable_w, drawable_h, video_w, video_h, sar, 1);
    l.split = true;
    l.half[1] = l.half[0];
    /* the labels as over two halves side by side: the same room for the same text */
    const int slot_w = drawable_w / 2, label_h = l.label[0].h;
    for (int i = 0; i < 2; i++)
        l.label[i] = (struct vf_rect){i * slot_w + l.margin, 0,
                                      (i ? drawable_w - slot_w : slot_w) - 2 * l.margin, label_h};
    return l;
}

int vf_layout_split_x(const struct vf_layout *l, double at)
{
    return l->half[0].x + (int)lround(fmin(1, fmax(0, at)) * l->half[0].w);
}

float vf_layout_text_scale(const struct vf_layout *l)
{
    static const double FULL_POINTS = 1200, LEAST = 0.75, STEPS = 16;
    double points = l->scale > 0 ? l->drawable_w / l->scale : l->drawable_w;
    double fit = floor(fmin(1, fmax(LEAST, points / FULL_POINTS)) * STEPS) / STEPS;
    return (float)(l->scale * fit);
}

struct vf_rect vf_layout_panel(const struct vf_layout *l)
{
    /* the left half's slot ends where its label does, a margin before the right half */
    struct vf_rect p = {l->half[0].x + l->margin, l->half[0].y + l->margin, 0, 0};
    p.w = l->label[0].x + l->label[0].w - p.x;
    p.h = l->drawable_h - p.y - l->margin;
    if (p.w < 1)
        p.w = 1;
    if (p.h < 1)
        p.h = 1;
    return p;
}

struct vf_rect vf_layout_seek_bar(const struct vf_layout *l)
{
    int h = (int)(5 * l->scale + 0.5f);
    struct vf_rect bar = {l->margin, l->drawable_h - h - l->margin / 2,
                          l->drawable_w - 2 * l->margin, h};
    if (bar.w < 1)
        bar.w = 1;
    return bar;
}

bool vf_layout_on_bar(const struct vf_layout *l, double x, double y)
{
    struct vf_rect bar = vf_layout_seek_bar(l);
    return x >= bar.x && x < bar.x + bar.w && y >= bar.y - l->margin && y < l->drawable_h;
}

double vf_layout_bar_fraction(const struct vf_layout *l, double x)
{
    struct vf_rect bar = vf_layout_seek_bar(l);
    return fmin(1, fmax(0, (x - bar.x) / bar.w));
}

struct vf_view vf_view_whole(void)
{
    return (struct vf_view){0, 0, 1, 1};
}

/* Moves [*a, *b] inside [0, 1] without changing its length (at most 1). */
static void keep_inside(double *a, double *b)
{
    double length = *b - *a;
    if (*a < 0) {
        *a = 0;
        *b = length;
    }
    if (*b > 1) {
        *b = 1;
        *a = 1 - length;
    }
}

struct vf_view vf_view_zoom(struct vf_view v, double factor, double fx, double fy)
{
    double level = fmin(fmax(vf_view_zoom_level(v) * factor, 1), VF_ZOOM_MAX);
    if (level == 1) /* exactly the whole picture, not one rounded a hair off */
        return vf_view_whole();
    double w = 1 / level, px = v.x0 + fx * (v.x1 - v.x0), py = v.y0 + fy * (v.y1 - v.y0);
    struct vf_view z = {px - fx * w, py - fy * w, px + (1 - fx) * w, py + (1 - fy) * w};
    keep_inside(&z.x0, &z.x1);
    keep_inside(&z.y0, &z.y1);
    return z;
}

struct vf_view vf_view_pan(struct vf_view v, double dx, double dy)
{
    double sx = dx * (v.x1 - v.x0), sy = dy * (v.y1 - v.y0);
    struct vf_view p = {v.x0 - sx, v.y0 - sy, v.x1 - sx, v.y1 - sy};
    keep_inside(&p.x0, &p.x1);
    keep_inside(&p.y0, &p.y1);
    return p;
}

static int pixel_at(double fraction, int size)
{
    int i = (int)floor(fraction * size); /* as the shader's squares: floor(uv * size) */
    return i < 0 ? 0 : i >= size ? size - 1 : i;
}

void vf_view_pixel(struct vf_view v, double fx, double fy, int w, int h, int *x, int *y)
{
    *x = pixel_at(v.x0 + fx * (v.x1 - v.x0), w);
    *y = pixel_at(v.y0 + fy * (v.y1 - v.y0), h);
}

double vf_view_zoom_level(struct vf_view v)
{
    return v.x1 > v.x0 ? 1 / (v.x1 - v.x0) : 1;
}

int vf_fold_columns(const char *const *lines, int n, int fit, char (*out)[VF_FOLD_WIDTH],
                    int out_rows)
{
    if (fit < 1)
        fit = 1;
    int rows = n < fit ? n : fit, columns = rows ? (n + rows - 1) / rows : 0;
    if (rows > out_rows)
        rows = out_rows;
    for (int r = 0; r < rows; r++)
        out[r][0] = '\0';
    for (int c = 0; c < columns; c++) {
        int width = 0;
        for (int r = 0; r < rows && c * rows + r < n; r++)
            width = (int)fmax(width, strlen(lines[c * rows + r]));
        for (int r = 0; r < rows && c * rows + r < n; r++) {
            size_t used = strlen(out[r]);
            bool last = c == columns - 1 || (c + 1) * rows + r >= n;
            snprintf(out[r] + used, VF_FOLD_WIDTH - used, "%-*s", last ? 0 : width + 3,
                     lines[c * rows + r]);
        }
    }
    return rows;
}
