#include "cue_picture.h"

#include <stdlib.h>
#include <string.h>

/* One rect: its palette (ARGB words, as FFmpeg gives them) and its rows, each as pairs of a run's
 * length (1..255) and the palette index it repeats, until the row's w pixels are told. */
struct kept_rect {
    int x, y, w, h;
    int colors;
    uint32_t *palette;
    uint8_t *runs;
};

struct vf_kept_picture {
    int frame_w, frame_h;
    int count;
    struct kept_rect rect[];
};

static bool drawn(const AVSubtitleRect *r)
{
    return r->type == SUBTITLE_BITMAP && r->w > 0 && r->h > 0 && r->data[0] && r->data[1] &&
           r->nb_colors > 0;
}

bool vf_picture_cue_drawn(const AVSubtitle *sub)
{
    for (unsigned i = 0; i < sub->num_rects; i++)
        if (drawn(sub->rects[i]))
            return true;
    return false;
}

/* r's rows as runs into k (its bytes allocated, at most two a pixel). 0, or -1 out of memory. */
static int keep_rect(const AVSubtitleRect *r, struct kept_rect *k)
{
    *k = (struct kept_rect){.x = r->x, .y = r->y, .w = r->w, .h = r->h, .colors = r->nb_colors};
    k->palette = malloc(sizeof(*k->palette) * (size_t)r->nb_colors);
    uint8_t *runs = malloc(2 * (size_t)r->w * (size_t)r->h);
    if (!k->palette || !runs) {
        free(runs);
        return -1;
    }
    memcpy(k->palette, r->data[1], sizeof(*k->palette) * (size_t)r->nb_colors);
    size_t n = 0;
    for (int y = 0; y < r->h; y++) {
        const uint8_t *row = r->data[0] + (size_t)y * (size_t)r->linesize[0];
        for (int x = 0; x < r->w;) {
            int length = 1;
            while (x + length < r->w && length < 255 && row[x + length] == row[x])
                length++;
            runs[n++] = (uint8_t)length;
            runs[n++] = row[x];
            x += length;
        }
    }
    uint8_t *fitted = realloc(runs, n);
    k->runs = fitted ? fitted : runs;
    return 0;
}

void vf_picture_free(struct vf_kept_picture *k)
{
    for (int i = 0; k && i < k->count; i++) {
        free(k->rect[i].palette);
        free(k->rect[i].runs);
    }
    free(k);
}

struct vf_kept_picture *vf_picture_keep(const AVSubtitle *sub, int frame_w, int frame_h)
{
    struct vf_kept_picture *k = calloc(1, sizeof(*k) + sub->num_rects * sizeof(k->rect[0]));
    if (!k)
        return NULL;
    k->frame_w = frame_w;
    k->frame_h = frame_h;
    for (unsigned i = 0; i < sub->num_rects; i++) {
        if (!drawn(sub->rects[i]))
            continue;
        const int failed = keep_rect(sub->rects[i], &k->rect[k->count]);
        k->count++; /* freed with the rest, whole or not */
        if (failed) {
            vf_picture_free(k);
            return NULL;
        }
    }
    return k;
}

/* Rect k's pixels onto the canvas of p, whose corner is at (p->x, p->y). */
static void paint_rect(const struct kept_rect *k, struct vf_cue_picture *p)
{
    const uint8_t *run = k->runs;
    for (int y = 0; y < k->h; y++) {
        uint8_t *to =
            p->rgba + 4 * ((size_t)(k->y - p->y + y) * (size_t)p->w + (size_t)(k->x - p->x));
        for (int x = 0; x < k->w; run += 2) {
            const int length = run[0];
            /* an index past the palette (a damaged cue's) leaves its pixels clear */
            const uint32_t argb = run[1] < k->colors ? k->palette[run[1]] : 0;
            for (int i = 0; i < length; i++, to += 4) {
                to[0] = (uint8_t)(argb >> 16);
                to[1] = (uint8_t)(argb >> 8);
                to[2] = (uint8_t)argb;
                to[3] = (uint8_t)(argb >> 24);
            }
            x += length;
        }
    }
}

int vf_picture_paint(const struct vf_kept_picture *k, struct vf_cue_picture *p)
{
    int x0 = INT32_MAX, y0 = INT32_MAX, x1 = INT32_MIN, y1 = INT32_MIN;
    for (int i = 0; i < k->count; i++) {
        const struct kept_rect *r = &k->rect[i];
        x0 = r->x < x0 ? r->x : x0;
        y0 = r->y < y0 ? r->y : y0;
        x1 = r->x + r->w > x1 ? r->x + r->w : x1;
        y1 = r->y + r->h > y1 ? r->y + r->h : y1;
    }
    *p = (struct vf_cue_picture){
        .x = x0, .y = y0, .w = x1 - x0, .h = y1 - y0, .frame_w = k->frame_w, .frame_h = k->frame_h};
    p->rgba = k->count ? calloc((size_t)p->w * (size_t)p->h, 4) : NULL;
    if (!p->rgba)
        return -1;
    for (int i = 0; i < k->count; i++)
        paint_rect(&k->rect[i], p);
    return 0;
}
