#include "overlay.h"

#include <SDL_ttf.h>
#include <fontconfig/fontconfig.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const int FONT_POINTS = 14, PAD_POINTS = 6, GRAPH_W = 240, GRAPH_H = 64;
static const SDL_Color TEXT = {235, 235, 235, 255};
static const SDL_Color SERIES[2] = {{255, 170, 60, 255}, {110, 220, 110, 255}};

struct vf_overlay {
    char font_path[1024];
    TTF_Font *font;
    float scale;
    Uint8 backdrop; /* the panels' opacity */
};

static int find_font(char *path, size_t len, char *err, size_t errlen)
{
    int found = 0;
    FcPattern *pattern = FcNameParse((const FcChar8 *)"monospace");
    if (pattern) {
        FcConfigSubstitute(NULL, pattern, FcMatchPattern);
        FcDefaultSubstitute(pattern);
        FcResult result;
        FcPattern *match = FcFontMatch(NULL, pattern, &result);
        FcChar8 *file = NULL;
        if (match && FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch && file) {
            snprintf(path, len, "%s", (const char *)file);
            found = 1;
        }
        if (match)
            FcPatternDestroy(match);
        FcPatternDestroy(pattern);
    }
    if (!found)
        snprintf(err, errlen, "fontconfig found no monospace font (install fonts-dejavu-core)");
    return found ? 0 : -1;
}

int vf_overlay_set_scale(struct vf_overlay *o, float scale, char *err, size_t errlen)
{
    if (o->font && scale == o->scale)
        return 0;
    TTF_Font *font = TTF_OpenFont(o->font_path, (int)(FONT_POINTS * scale + 0.5f));
    if (!font) {
        snprintf(err, errlen, "TTF_OpenFont %s: %s", o->font_path, TTF_GetError());
        return -1;
    }
    if (o->font)
        TTF_CloseFont(o->font);
    o->font = font;
    o->scale = scale;
    return 0;
}

struct vf_overlay *vf_overlay_open(float scale, char *err, size_t errlen)
{
    struct vf_overlay *o = calloc(1, sizeof(*o));
    if (!o) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    o->backdrop = 170; /* the picture shows through, and the text reads over it */
    if (find_font(o->font_path, sizeof(o->font_path), err, errlen) ||
        vf_overlay_set_scale(o, scale, err, errlen)) {
        vf_overlay_close(o);
        return NULL;
    }
    return o;
}

void vf_overlay_set_backdrop(struct vf_overlay *o, int opacity)
{
    o->backdrop = (Uint8)SDL_clamp(opacity, 0, 255);
}

void vf_overlay_close(struct vf_overlay *o)
{
    if (!o)
        return;
    if (o->font)
        TTF_CloseFont(o->font);
    free(o);
}

int vf_overlay_line_height(const struct vf_overlay *o)
{
    return TTF_FontLineSkip(o->font);
}

int vf_overlay_padding(const struct vf_overlay *o)
{
    return (int)(PAD_POINTS * o->scale + 0.5f);
}

int vf_overlay_text_width(const struct vf_overlay *o, const char *text)
{
    int w = 0, h = 0;
    return *text && TTF_SizeUTF8(o->font, text, &w, &h) == 0 ? w : 0;
}

const char *vf_overlay_font(const struct vf_overlay *o)
{
    return o->font_path;
}

/* SDL_FillRect's answer: 0, or negative with SDL_GetError's reason */
static int fill(SDL_Surface *s, int x, int y, int w, int h, SDL_Color c)
{
    SDL_Rect r = {x, y, w, h};
    return SDL_FillRect(s, &r, SDL_MapRGBA(s->format, c.r, c.g, c.b, c.a));
}

/* NULL with the reason when a fill failed (`failed`), else the surface */
static SDL_Surface *filled(SDL_Surface *s, bool failed, char *err, size_t errlen)
{
    if (!failed)
        return s;
    snprintf(err, errlen, "SDL_FillRect: %s", SDL_GetError());
    SDL_FreeSurface(s);
    return NULL;
}

/* Each series as a stepped line over a faint grid, scaled to the largest time shown; whether
 * a fill failed. */
static bool draw_graph(SDL_Surface *s, const struct vf_graph *g, int x0, int y0, int w, int h,
                       float scale)
{
    float top = 1;
    for (int e = 0; e < 2; e++)
        for (int i = 0; i < VF_GRAPH_SAMPLES; i++)
            if (g->ms[e][i] > top)
                top = g->ms[e][i];
    bool failed = fill(s, x0, y0, w, h, (SDL_Color){0, 0, 0, 120}) < 0;
    for (int q = 1; q < 4; q++)
        failed |= fill(s, x0, y0 + h * q / 4, w, 1, (SDL_Color){255, 255, 255, 40}) < 0;
    int thick = scale >= 2 ? 2 : 1;
    for (int e = 0; e < 2; e++) {
        int prev = -1;
        for (int i = 0; i < VF_GRAPH_SAMPLES; i++) {
            float ms = g->ms[e][i];
            if (ms < 0) {
                prev = -1;
                continue;
            }
            int x = x0 + i * w / VF_GRAPH_SAMPLES;
            int y = y0 + h - 1 - (int)((h - 1) * ms / top);
            int from = prev < 0 ? y : SDL_min(prev, y), to = prev < 0 ? y : SDL_max(prev, y);
            failed |= fill(s, x, from, SDL_max(thick, w / VF_GRAPH_SAMPLES), to - from + thick,
                           SERIES[e]) < 0;
            prev = y;
        }
    }
    return failed;
}

/* `line`, or as much of it as fits `room` pixels (0: any width) followed by an ellipsis, into
 * buf; *width: what it measures (0 when it cannot be measured). */
static const char *fitted(TTF_Font *font, const char *line, int room, char *buf, size_t len,
                          int *width)
{
    static const char ELLIPSIS[] = "\u2026";
    int h = 0, ellipsis_w = 0, extent = 0, chars = 0;
    if (TTF_SizeUTF8(font, line, width, &h))
        *width = 0;
    if (room <= 0 || *width <= room || TTF_SizeUTF8(font, ELLIPSIS, &ellipsis_w, &h) ||
        TTF_MeasureUTF8(font, line, room - ellipsis_w, &extent, &chars))
        return line;
    const char *end = line; /* `chars` characters in: step over UTF-8 continuation bytes */
    for (int c = 0; c < chars && *end; c++)
        do
            end++;
        while ((*end & 0xc0) == 0x80);
    snprintf(buf, len, "%.*s%s", (int)(end - line), line, ELLIPSIS);
    *width = extent + ellipsis_w;
    return buf;
}

SDL_Surface *vf_overlay_bar(int w, int h, double fraction, const double *marks, int n,
                            const double *chapters, int chapter_count, char *err, size_t errlen)
{
    SDL_Surface *bar = SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_RGBA32);
    if (!bar) {
        snprintf(err, errlen, "SDL_CreateRGBSurfaceWithFormat: %s", SDL_GetError());
        return NULL;
    }
    bool failed = fill(bar, 0, 0, w, h, (SDL_Color){255, 255, 255, 70}) < 0;
    failed |= fill(bar, 0, 0, (int)(w * SDL_clamp(fraction, 0.0, 1.0) + 0.5), h, SERIES[0]) < 0;
    /* a chapter's start: a dark line a pixel wide (more on a HiDPI bar), under the loop's */
    const int line = SDL_max(1, h / 4);
    for (int i = 0; i < chapter_count; i++) {
        const int x = (int)(w * SDL_clamp(chapters[i], 0.0, 1.0) + 0.5) - line / 2;
        failed |= fill(bar, SDL_clamp(x, 0, SDL_max(w - line, 0)), 0, line, h,
                       (SDL_Color){0, 0, 0, 255}) < 0;
    }
    const int tick = SDL_max(2, h / 2); /* as wide as half the bar's height, 2 pixels at least */
    for (int i = 0; i < n; i++) {
        const int x = (int)(w * SDL_clamp(marks[i], 0.0, 1.0) + 0.5) - tick / 2;
        failed |= fill(bar, SDL_clamp(x, 0, SDL_max(w - tick, 0)), 0, tick, h,
                       (SDL_Color){255, 255, 255, 255}) < 0;
    }
    return filled(bar, failed, err, errlen);
}

SDL_Surface *vf_overlay_render(struct vf_overlay *o, const char *const *lines, int count,
                               const struct vf_graph *graph, int max_width, char *err,
                               size_t errlen)
{
    if (count > VF_OVERLAY_LINES)
        count = VF_OVERLAY_LINES;
    int pad = vf_overlay_padding(o), line_h = vf_overlay_line_height(o);
    int room = max_width > 0 ? SDL_max(max_width - 2 * pad, 1) : 0;
    int width = graph ? (int)(GRAPH_W * o->scale) : 0, height = count * line_h;
    if (room && width > room)
        width = room;
    char cut[VF_OVERLAY_LINES][1024];
    const char *shown[VF_OVERLAY_LINES];
    for (int i = 0; i < count; i++) {
        int w = 0;
        shown[i] = *lines[i] ? fitted(o->font, lines[i], room, cut[i], sizeof(cut[i]), &w) : "";
        width = SDL_max(width, w);
    }
    int graph_h = graph ? (int)(GRAPH_H * o->scale) : 0;
    SDL_Surface *canvas = SDL_CreateRGBSurfaceWithFormat(
        0, width + 2 * pad, height + 2 * pad + (graph ? graph_h + pad : 0), 32,
        SDL_PIXELFORMAT_RGBA32);
    if (!canvas) {
        snprintf(err, errlen, "SDL_CreateRGBSurfaceWithFormat: %s", SDL_GetError());
        return NULL;
    }
    if (fill(canvas, 0, 0, canvas->w, canvas->h, (SDL_Color){10, 10, 12, o->backdrop}) < 0)
        return filled(canvas, true, err, errlen);
    for (int i = 0; i < count; i++) {
        if (!*shown[i])
            continue;
        SDL_Color colour = TEXT;
        for (int e = 0; graph && e < 2; e++) /* engine lines wear their graph colour */
            if (graph->names[e] && !strncmp(lines[i], graph->names[e], strlen(graph->names[e])))
                colour = SERIES[e];
        SDL_Surface *text = TTF_RenderUTF8_Blended(o->font, shown[i], colour);
        if (!text) {
            snprintf(err, errlen, "TTF_RenderUTF8_Blended: %s", TTF_GetError());
            SDL_FreeSurface(canvas);
            return NULL;
        }
        SDL_Rect at = {pad, pad + i * line_h, text->w, text->h};
        const int blit = SDL_BlitSurface(text, NULL, canvas, &at);
        SDL_FreeSurface(text);
        if (blit < 0) {
            snprintf(err, errlen, "SDL_BlitSurface: %s", SDL_GetError());
            SDL_FreeSurface(canvas);
            return NULL;
        }
    }
    const bool failed =
        graph && draw_graph(canvas, graph, pad, 2 * pad + height, width, graph_h, o->scale);
    return filled(canvas, failed, err, errlen);
}
