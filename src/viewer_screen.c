#include "viewer_ui.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cues.h"
#include "settings.h"
#include "timing.h"
#include "variants.h"

static const float DIFFERENCE_GAIN = 16;

struct vf_layout ui_layout(const struct ui *u)
{
    return vf_display_layout(u->display, u->split);
}

void ui_halves(const struct ui *u, const struct vf_frame *half[2])
{
    const struct vf_shown *c = u->current;
    const struct vf_frame *cpu = c && c->have_cpu ? &c->out[VF_HALF_CPU] : NULL;
    const struct vf_frame *gpu = c && c->have_gpu ? &c->out[VF_HALF_GPU] : NULL;
    const struct vf_frame *source = c && c->source ? &c->source->picture : NULL;
    /* an engine that made no picture (no GPU, --engine cpu or gpu, a failure) leaves its half to
     * the original: a before and after, rather than a dark half */
    half[0] = u->original || !cpu ? source : cpu;
    half[1] = gpu ? gpu : u->original ? cpu : source;
}

/* What half h shows: "original", "CPU", "GPU" or (with 'o', the engines' picture) "filtered". */
static const char *half_name(const struct ui *u, int h)
{
    const struct vf_shown *c = u->current;
    if (u->original)
        return h ? "filtered" : "original";
    if (!c) /* nothing shown yet */
        return h ? "GPU" : "CPU";
    return h ? (c->have_gpu ? "GPU" : "original") : (c->have_cpu ? "CPU" : "original");
}

bool ui_halves_equal(const struct ui *u)
{
    return !u->original && u->current && u->current->identical;
}

bool ui_pointer_in_half(struct ui *u, double *fx, double *fy)
{
    struct vf_layout l = ui_layout(u);
    int x, y;
    SDL_GetMouseState(&x, &y);
    double px = x * l.scale, py = y * l.scale;
    *fx = *fy = 0.5;
    for (int h = 0; h < 2; h++) {
        struct vf_rect r = l.half[h];
        if (r.w > 0 && r.h > 0 && px >= r.x && px < r.x + r.w && py >= r.y && py < r.y + r.h) {
            *fx = (px - r.x) / r.w;
            *fy = (py - r.y) / r.h;
            return true;
        }
    }
    return false;
}

/* The pixel under the pointer and its values in both halves, for the panel: what the engines
 * made there, side by side. "" when the pointer is over neither picture. */
static void describe_pixel(struct ui *u, char *buf, size_t len)
{
    double fx, fy;
    const struct vf_frame *half[2];
    ui_halves(u, half);
    buf[0] = '\0';
    if (!(half[0] || half[1]) || !ui_pointer_in_half(u, &fx, &fy))
        return;
    const struct vf_frame *any = half[0] ? half[0] : half[1];
    int x, y, n = 0;
    vf_view_pixel(u->view, fx, fy, any->width, any->height, &x, &y);
    n = snprintf(buf, len, "pixel %d,%d  RGB", x, y);
    for (int h = 0; h < 2 && n > 0 && (size_t)n < len; h++) {
        if (!half[h])
            continue;
        const uint8_t *g = half[h]->plane[0], *b = half[h]->plane[1], *r = half[h]->plane[2];
        ptrdiff_t at = y * half[h]->stride + x;
        n += snprintf(buf + n, len - (size_t)n, "  %s %d %d %d", half_name(u, h), r[at], g[at],
                      b[at]);
    }
}

static double recent_mean(const float *ms)
{
    double sum = 0;
    int n = 0;
    for (int i = VF_GRAPH_SAMPLES - 30; i < VF_GRAPH_SAMPLES; i++)
        if (ms[i] >= 0) {
            sum += ms[i];
            n++;
        }
    return n ? sum / n : -1;
}

/* The sprite's lines rendered (by overlay o) at most max_width pixels wide; n = 0 empties it. */
static void set_sprite(struct ui *u, struct vf_overlay *o, enum vf_sprite_id id,
                       const char *const *lines, int n, const struct vf_graph *graph, int max_width)
{
    char err[512];
    SDL_Surface *s = n ? vf_overlay_render(o, lines, n, graph, max_width, err, sizeof(err)) : NULL;
    if (n && !s)
        ui_say(u, "%s", err);
    if (vf_display_set_sprite(u->display, id, s, err, sizeof(err)))
        ui_say(u, "%s", err);
    SDL_FreeSurface(s);
}

/* Help lines folded into columns where one would run off the bottom of the window, by overlay
 * o's line height: the rows, in folded. */
static int fold_help(struct vf_overlay *o, const struct vf_layout *l, const char *const *lines,
                     int n, char (*folded)[VF_FOLD_WIDTH], int rows)
{
    int line_h = vf_overlay_line_height(o), pad = vf_overlay_padding(o);
    int fit = line_h > 0 ? (l->drawable_h - l->half[0].y - 2 * l->margin - 2 * pad) / line_h : n;
    return vf_fold_columns(lines, n, fit, folded, rows);
}

/* The widest of the rows, with the panel's padding. */
static int rows_width(struct vf_overlay *o, char (*rows)[VF_FOLD_WIDTH], int count)
{
    int wide = 0;
    for (int i = 0; i < count; i++)
        wide = SDL_max(wide, vf_overlay_text_width(o, rows[i]));
    return wide + 2 * vf_overlay_padding(o);
}

/* The help: the bindings, the file's first (vf_keymap_help_rows), in columns, by u->help_overlay at
 * the text's size, or in a window too narrow for that at the largest size down to half the screen's
 * scale (in steps of 1/16, searched again only when the window's size changes) that fits; past that
 * with its lines cut. */
static void update_help(struct ui *u, const struct vf_layout *l)
{
    enum { ROWS = VF_HELP_ROWS_MAX };
    const struct vf_key_binding *bindings[ROWS];
    const char *lines[ROWS];
    char rows[ROWS][160], folded[ROWS][VF_FOLD_WIDTH];
    int n = (int)vf_keymap_help_rows(&u->keys, bindings, ROWS);
    for (int k = 0; k < n; k++) {
        snprintf(rows[k], sizeof(rows[k]), "%-13s %s", bindings[k]->label, bindings[k]->help);
        lines[k] = rows[k];
    }
    const int room = l->drawable_w - 2 * l->margin;
    const bool known = u->help_fit.w == l->drawable_w && u->help_fit.h == l->drawable_h &&
                       u->help_fit.text == vf_layout_text_scale(l);
    const float step = l->scale / 16, least = l->scale / 2;
    float scale = known ? u->help_fit.scale : vf_layout_text_scale(l);
    char err[512];
    int count = 0;
    for (;; scale -= step) {
        if (vf_overlay_set_scale(u->help_overlay, scale, err, sizeof(err))) {
            ui_say(u, "%s", err);
            return;
        }
        count = fold_help(u->help_overlay, l, lines, n, folded, ROWS);
        if (known || scale - step < least || rows_width(u->help_overlay, folded, count) <= room)
            break;
    }
    u->help_fit.w = l->drawable_w;
    u->help_fit.h = l->drawable_h;
    u->help_fit.text = vf_layout_text_scale(l);
    u->help_fit.scale = scale;
    const char *shown[ROWS];
    for (int i = 0; i < count; i++)
        shown[i] = folded[i];
    set_sprite(u, u->help_overlay, VF_SPRITE_HELP, shown, count, NULL, room);
}

bool ui_has_bar(const struct ui *u)
{
    return u->current && !u->opts->webcam && !u->panel_hidden &&
           vf_playback_info(u->playback)->duration_s > 0;
}

/* The seek bar's picture, the part played up to the picture on screen. */
static void update_bar(struct ui *u, const struct vf_layout *l)
{
    const struct vf_rect bar = vf_layout_seek_bar(l);
    const double duration = vf_playback_info(u->playback)->duration_s;
    const double loop[2] = {ui_into_input(u, u->loop_a) / duration,
                            ui_into_input(u, u->loop_b) / duration}; /* set first to last */
    const int marks = u->loop_b >= 0 ? 2 : u->loop_a >= 0 ? 1 : 0;
    enum { CHAPTER_MARKS = 256 };
    double chapters[CHAPTER_MARKS];
    const int chapter_count = ui_chapter_marks(u, duration, chapters, CHAPTER_MARKS);
    char err[512];
    const double played = ui_into_input(u, ui_seconds_of(u, u->current->pts)) / duration;
    SDL_Surface *s = vf_overlay_bar(bar.w, bar.h, played, loop, marks, chapters, chapter_count, err,
                                    sizeof(err));
    if (!s || vf_display_set_sprite(u->display, VF_SPRITE_SEEK, s, err, sizeof(err)))
        ui_say(u, "%s", err);
    SDL_FreeSurface(s);
}

void ui_update_overlay(struct ui *u, double now, char *gpu_status)
{
    const struct vf_source_info *info = vf_playback_info(u->playback);
    /* what made the picture on screen, and what was chosen since (pictures still in flight) */
    const struct vf_settings *on_screen = u->current ? &u->current->settings : &u->settings;
    const char *variant = vf_gpu_variant_names[on_screen->variant];
    double cpu = recent_mean(u->graph.ms[0]), gpu = recent_mean(u->graph.ms[1]);
    char l[8][600];
    char which[32] = ""; /* of several inputs */
    if (ui_input_count(u) > 1)
        snprintf(which, sizeof(which), "[%d/%d] ", u->input + 1, ui_input_count(u));
    /* how the stored pictures are turned and the shape of their pixels, where either is
     * unusual */
    const char *turned = vf_orientation_name(info->orientation);
    char shape[96] = "";
    const AVRational sar = info->sample_aspect;
    if (sar.num != sar.den)
        snprintf(shape, sizeof(shape), ", pixels %d:%d", sar.num, sar.den);
    char hdr[64] = "";
    if (info->hdr)
        snprintf(hdr, sizeof(hdr), ", HDR %s%s", info->hdr,
                 u->opts->keep_hdr ? " as stored" : " to SDR");
    if (info->deinterlaced)
        snprintf(hdr + strlen(hdr), sizeof(hdr) - strlen(hdr), ", deinterlaced");
    snprintf(l[0], sizeof(l[0]), "%s%s  %dx%d  %.2f fps source%s%s%s%s", which, info->name,
             info->width, info->height, av_q2d(info->frame_rate), turned[0] ? ", " : "", turned,
             shape, hdr);
    snprintf(l[1], sizeof(l[1]), "display %.1f fps  UI %.1f ms  dropped %ld", u->display_fps,
             u->ui_ms, u->dropped);
    if (cpu >= 0)
        snprintf(l[2], sizeof(l[2]), "CPU fast  %7.2f ms  (%.0f fps possible)", cpu,
                 cpu > 0 ? 1000 / cpu : 0);
    else
        snprintf(l[2], sizeof(l[2]), "CPU  off");
    if (gpu >= 0 && !gpu_status[0])
        snprintf(l[3], sizeof(l[3]), "GPU %-5s %7.2f ms  (%.0f fps possible, with transfers)",
                 variant, gpu, gpu > 0 ? 1000 / gpu : 0);
    else
        snprintf(l[3], sizeof(l[3]), "GPU  %s", gpu_status[0] ? gpu_status : "waiting");
    vf_settings_describe(on_screen, &u->settings, l[4], sizeof(l[4]));
    char position[64] = ""; /* a camera's timestamps are no position */
    if (u->current && !u->opts->webcam)
        vf_describe_position(ui_into_input(u, ui_seconds_of(u, u->current->pts)), info->duration_s,
                             u->paused, position, sizeof(position));
    char speed[48] = "", zoom[32] = "";
    if (u->clock.speed != 1)
        snprintf(speed, sizeof(speed), "speed %.2fx%s  ", u->clock.speed,
                 u->sound && !u->muted && !vf_sound_plays_at(u->clock.speed) ? " (silent)" : "");
    if (vf_view_zoom_level(u->view) > 1)
        snprintf(zoom, sizeof(zoom), "zoom %.1fx  ", vf_view_zoom_level(u->view));
    char loop[64] = "", a[24], b[24];
    vf_describe_position(ui_into_input(u, u->loop_a), 0, false, a, sizeof(a));
    vf_describe_position(ui_into_input(u, u->loop_b), 0, false, b, sizeof(b));
    if (u->loop_b >= 0)
        snprintf(loop, sizeof(loop), "A-B %s-%s  ", a, b);
    else if (u->loop_a >= 0)
        snprintf(loop, sizeof(loop), "A %s  ", a);
    char chapter[160] = "", named[140] = ""; /* the one showing: "chapter 2/3: Middle  " */
    if (u->current)
        ui_chapter_showing(u, ui_seconds_of(u, u->current->pts), named, sizeof(named));
    if (named[0])
        snprintf(chapter, sizeof(chapter), "chapter %s  ", named);
    char track[64] = ""; /* which of several audio tracks plays ('#'), subtitles show ('j') */
    int tracks = 0, playing = u->sound ? vf_sound_track(u->sound, &tracks) : 0;
    if (tracks > 1)
        snprintf(track, sizeof(track), "audio %d/%d  ", playing, tracks);
    const struct vf_cues *cues = u->playback ? vf_playback_cues(u->playback) : NULL;
    tracks = cues ? vf_cues_track_count(cues) : 0;
    if (tracks > 1 && u->subtitles && u->subtitle_track)
        snprintf(track + strlen(track), sizeof(track) - strlen(track), "sub %d/%d  ",
                 u->subtitle_track, tracks);
    if (u->loop && !u->opts->webcam && !loop[0])
        snprintf(loop, sizeof(loop), "loop  ");
    snprintf(l[5], sizeof(l[5]), "%s%s%s%s%s%s%s%s%s%s%s%s", position, position[0] ? "  " : "",
             chapter, loop, speed, track, u->sound && u->muted ? "muted  " : "", zoom,
             vf_playback_recording(u->playback) ? "● REC  " : "",
             vf_playback_record_closing(u->playback) ? "saving  " : "",
             u->paused ? "❚❚ PAUSED  " : "",
             !u->ended                          ? ""
             : u->input + 1 < ui_input_count(u) ? "end of input (←/→ seek, > next)"
                                                : "end of input (←/→ seek)");
    snprintf(l[6], sizeof(l[6]), "%s", now < u->message_until ? u->message : "h: keys");
    /* the same on the terminal's status line, as mpv's (--quiet: none) */
    char status[512], filter[96], times[64] = "";
    vf_filter_describe(&on_screen->filter, filter, sizeof(filter));
    if (cpu >= 0)
        snprintf(times, sizeof(times), "  CPU %.2f ms", cpu);
    if (gpu >= 0 && !gpu_status[0])
        snprintf(times + strlen(times), sizeof(times) - strlen(times), "  GPU %.2f ms", gpu);
    snprintf(status, sizeof(status), "%s%s%s%s%s%s%s%s%s", u->paused ? "(Paused) " : "", which,
             position, position[0] ? "  " : "", chapter, loop, speed, filter, times);
    vf_progress_line(&u->status, status);
    describe_pixel(u, l[7], sizeof(l[7]));
    const char *panel[8] = {l[0], l[1], l[2], l[3], l[4], l[5], l[6], l[7]};
    const struct vf_layout lay = ui_layout(u);
    set_sprite(u, u->overlay, VF_SPRITE_PANEL, panel, l[7][0] ? 8 : 7, &u->graph,
               vf_layout_panel(&lay).w);

    char left[sizeof(u->message)], right[160];
    const struct vf_frame *half[2];
    ui_halves(u, half);
    if (u->help && now < u->message_until) /* the panel, whose last line it is, is hidden */
        snprintf(left, sizeof(left), "%s", u->message);
    else if (!strcmp(half_name(u, 0), "CPU"))
        snprintf(left, sizeof(left), "CPU fast · %.2f ms", cpu < 0 ? 0 : cpu);
    else
        snprintf(left, sizeof(left), "original%s", u->original ? "" : " · CPU off");
    const bool engines =
        u->current && !strcmp(half_name(u, 0), "CPU") && !strcmp(half_name(u, 1), "GPU");
    if (u->difference && half[0] && half[1] && !engines)
        snprintf(right, sizeof(right), "|original − filtered| ×%.0f", DIFFERENCE_GAIN);
    else if (u->difference && engines)
        snprintf(right, sizeof(right), "|CPU − GPU| ×%.0f · %s", DIFFERENCE_GAIN,
                 u->current->identical ? "bit-identical" : "DIFFERENT");
    else if (u->original && half[1] && !u->current->have_gpu)
        snprintf(right, sizeof(right), "CPU fast · %.2f ms", cpu < 0 ? 0 : cpu);
    else if (half[1] && !strcmp(half_name(u, 1), "original"))
        snprintf(right, sizeof(right), "original · GPU off");
    else if (gpu_status[0])
        snprintf(right, sizeof(right), "GPU · off");
    else
        snprintf(right, sizeof(right), "GPU %s · %.2f ms", variant, gpu < 0 ? 0 : gpu);
    const char *one[1] = {left};
    set_sprite(u, u->overlay, VF_SPRITE_LABEL_L, one, 1, NULL, lay.label[0].w);
    one[0] = right;
    set_sprite(u, u->overlay, VF_SPRITE_LABEL_R, one, 1, NULL, lay.label[1].w);
    one[0] = gpu_status;
    set_sprite(u, u->overlay, VF_SPRITE_MESSAGE, one, gpu_status[0] ? 1 : 0, NULL, lay.label[1].w);
    if (u->help)
        update_help(u, &lay);
    if (ui_has_bar(u))
        update_bar(u, &lay);
    /* the time over the bar and the cue: rendered again at the text's size now */
    u->hover_text[0] = '\0';
    u->cue[0] = '\0';
    if (u->taps) { /* the filter chosen: the pictures follow it a moment later */
        char taps[VF_MAX_SIZE + 4][VF_TAPS_LINE];
        const char *lines[VF_MAX_SIZE + 4];
        int n = vf_filter_taps_text(&u->settings.filter, taps, VF_MAX_SIZE + 4);
        for (int i = 0; i < n; i++)
            lines[i] = taps[i];
        set_sprite(u, u->overlay, VF_SPRITE_TAPS, lines, n, NULL, vf_layout_panel(&lay).w);
    }
}

/* The time under the pointer over the seek bar, and the chapter there as mpv's on-screen
 * controller names it ("1:05.3 · chapter 2/3: Middle"), rendered again when it reads otherwise;
 * at most as wide as the window, a long title ending in "…". */
static void update_hover(struct ui *u, const struct vf_layout *l)
{
    if (u->hover_text[0] && u->hover_text_s == u->hover_s)
        return; /* the pointer has not moved: no chapters read again every frame */
    u->hover_text_s = u->hover_s;
    char at[32], named[140] = "", text[sizeof(u->hover_text)];
    vf_describe_position(u->hover_s, 0, false, at, sizeof(at));
    ui_chapter_showing(u, u->hover_s + vf_playback_info(u->playback)->start_s, named,
                       sizeof(named));
    if (named[0])
        snprintf(text, sizeof(text), "%s · chapter %s", at, named);
    else
        snprintf(text, sizeof(text), "%s", at);
    if (!strcmp(text, u->hover_text))
        return;
    snprintf(u->hover_text, sizeof(u->hover_text), "%s", text);
    const char *one[1] = {text};
    set_sprite(u, u->overlay, VF_SPRITE_SEEK_TIME, one, 1, NULL, l->drawable_w);
}

/* The size of the picture the cue drawn as a picture was made for: the cue's, else the input's. */
static void cue_frame(const struct ui *u, int *w, int *h)
{
    const struct vf_source_info *info = vf_playback_info(u->playback);
    *w = SDL_max(1, u->cue_picture.frame_w > 0 ? u->cue_picture.frame_w : info->width);
    *h = SDL_max(1, u->cue_picture.frame_h > 0 ? u->cue_picture.frame_h : info->height);
}

/* The part of the cue picture that the view (the zoom) shows, and where and how large it is
 * drawn over a half's picture: false when none of it is in view. */
static bool place_cue_picture(const struct ui *u, const struct vf_layout *l, struct ui_cue_place *p)
{
    const struct vf_cue_picture *c = &u->cue_picture;
    int frame_w, frame_h;
    cue_frame(u, &frame_w, &frame_h);
    const struct vf_view v = u->view;
    const double vx0 = v.x0 * frame_w, vx1 = v.x1 * frame_w;
    const double vy0 = v.y0 * frame_h, vy1 = v.y1 * frame_h;
    /* the cue's pixels that are at least partly in view */
    p->sx = (int)SDL_max(0, floor(vx0 - c->x));
    p->sy = (int)SDL_max(0, floor(vy0 - c->y));
    p->sw = (int)SDL_min(c->w, ceil(vx1 - c->x)) - p->sx;
    p->sh = (int)SDL_min(c->h, ceil(vy1 - c->y)) - p->sy;
    const double scale_x = l->half[0].w / (vx1 - vx0), scale_y = l->half[0].h / (vy1 - vy0);
    p->x = (int)lround((c->x + p->sx - vx0) * scale_x);
    p->y = (int)lround((c->y + p->sy - vy0) * scale_y);
    p->w = (int)lround(p->sw * scale_x);
    p->h = (int)lround(p->sh * scale_y);
    return p->sw > 0 && p->sh > 0 && p->w > 0 && p->h > 0;
}

/* The cue drawn as a picture at its size over the pictures on screen: the sprite rendered
 * again when the cue, that size or the part in view changes. */
static void update_cue_picture(struct ui *u, struct vf_cues *cues, const struct vf_layout *l)
{
    struct vf_cue_picture p = {0};
    uint64_t id = 0; /* none shows, unless one does */
    if (u->subtitles && cues && u->current) {
        id = u->cue_picture_id;
        if (vf_cues_picture_at(cues, u->subtitle_track, ui_seconds_of(u, u->current->pts),
                               u->current->serial, &id, &p))
            ui_say(u, "a subtitle picture: out of memory");
    }
    if (id != u->cue_picture_id) {
        free(u->cue_picture.rgba);
        u->cue_picture = id ? p : (struct vf_cue_picture){0};
        u->cue_picture_id = id;
        u->cue_place = (struct ui_cue_place){.w = -1}; /* drawn again */
    }
    struct vf_cue_picture *c = &u->cue_picture;
    if (!c->rgba)
        return;
    /* as large as it is over the picture in each half, and only the part in view */
    struct ui_cue_place place = {0};
    const bool shown = place_cue_picture(u, l, &place);
    if (!memcmp(&place, &u->cue_place, sizeof(place)))
        return;
    u->cue_place = place;
    char err[512];
    const int w = place.w, h = place.h;
    SDL_Rect part = {place.sx, place.sy, place.sw, place.sh};
    SDL_Surface *from = SDL_CreateRGBSurfaceWithFormatFrom(c->rgba, c->w, c->h, 32, 4 * c->w,
                                                           SDL_PIXELFORMAT_RGBA32);
    SDL_Surface *to =
        shown ? SDL_CreateRGBSurfaceWithFormat(0, w, h, 32, SDL_PIXELFORMAT_RGBA32) : NULL;
    if (shown && (!from || !to || SDL_SoftStretchLinear(from, &part, to, NULL))) {
        ui_say(u, "a subtitle picture: %s", SDL_GetError());
        SDL_FreeSurface(to);
        to = NULL; /* hidden rather than stale */
    }
    if (vf_display_set_sprite(u->display, VF_SPRITE_SUBTITLE, to, err, sizeof(err)))
        ui_say(u, "%s", err);
    SDL_FreeSurface(from);
    SDL_FreeSurface(to);
}

/* The input's cue at the picture on screen, rendered again when it reads otherwise or (drawn as
 * a picture) is another, or the pictures' size changed; whether one shows. */
static bool update_cue(struct ui *u, const struct vf_layout *l)
{
    struct vf_cues *cues = u->playback ? vf_playback_cues(u->playback) : NULL;
    char text[sizeof(u->cue)] = "";
    if (u->subtitles && cues && u->current)
        vf_cues_at(cues, u->subtitle_track, ui_seconds_of(u, u->current->pts), u->current->serial,
                   text, sizeof(text));
    update_cue_picture(u, cues, l);
    if (u->cue_picture.rgba)
        return true;
    if (strcmp(text, u->cue)) {
        enum { LINES = 8 };
        const char *lines[LINES];
        int n = 0;
        snprintf(u->cue, sizeof(u->cue), "%s", text);
        for (char *line = text; *line && n < LINES; n++) {
            lines[n] = line;
            char *end = strchr(line, '\n');
            line = end ? end + 1 : line + strlen(line);
            if (end)
                *end = '\0';
        }
        set_sprite(u, u->overlay, VF_SPRITE_SUBTITLE, lines, n, NULL,
                   l->drawable_w - 2 * l->margin);
    }
    return u->cue[0] != '\0';
}

void ui_draw(struct ui *u, bool gpu_missing, double now)
{
    struct vf_layout l = ui_layout(u);
    char err[512];
    if (vf_overlay_set_scale(u->overlay, vf_layout_text_scale(&l), err, sizeof(err)))
        ui_say(u, "%s", err);
    struct vf_draw_request r = {.gain = DIFFERENCE_GAIN};
    const struct vf_frame *half[2];
    ui_halves(u, half);
    r.half_visible[0] = half[0] != NULL;
    r.half_visible[1] = half[1] != NULL;
    r.difference = u->difference;
    r.view = u->view;
    r.split_at = u->split_at;
    int w, h;
    for (int s = 0; s < VF_SPRITE_COUNT; s++)
        r.sprite_visible[s] = true;
    r.sprite_visible[VF_SPRITE_MESSAGE] = gpu_missing && !half[1]; /* not over a CPU picture */
    r.sprite_visible[VF_SPRITE_HELP] = u->help;
    r.sprite_visible[VF_SPRITE_TAPS] = u->taps && !u->help; /* the help in front, alone */
    r.sprite_visible[VF_SPRITE_SEEK] = ui_has_bar(u);
    r.sprite_x[VF_SPRITE_SEEK] = vf_layout_seek_bar(&l).x;
    r.sprite_y[VF_SPRITE_SEEK] = vf_layout_seek_bar(&l).y;
    r.sprite_visible[VF_SPRITE_SEEK_TIME] = ui_has_bar(u) && u->hover_s >= 0;
    if (r.sprite_visible[VF_SPRITE_SEEK_TIME]) {
        update_hover(u, &l);
        vf_display_sprite_size(u->display, VF_SPRITE_SEEK_TIME, &w, &h);
        r.sprite_x[VF_SPRITE_SEEK_TIME] = SDL_max(0, SDL_min(u->hover_x - w / 2, l.drawable_w - w));
        r.sprite_y[VF_SPRITE_SEEK_TIME] = vf_layout_seek_bar(&l).y - l.margin - h;
    }
    r.sprite_visible[VF_SPRITE_PANEL] = !u->help && (!u->panel_hidden || now < u->message_until);
    const struct vf_rect panel = vf_layout_panel(&l);
    r.sprite_x[VF_SPRITE_PANEL] = panel.x;
    r.sprite_y[VF_SPRITE_PANEL] = panel.y;
    for (int i = 0; i < 2; i++) {
        r.sprite_x[VF_SPRITE_LABEL_L + i] = l.label[i].x;
        r.sprite_y[VF_SPRITE_LABEL_L + i] = l.label[i].y;
    }
    vf_display_sprite_size(u->display, VF_SPRITE_LABEL_R, &w, &h);
    if (l.split) /* over the right end of the picture, which shows the right half's */
        r.sprite_x[VF_SPRITE_LABEL_R] = l.label[1].x + SDL_max(0, l.label[1].w - w);
    /* in the middle of the right half's picture, or of its side of the line */
    const int right_from = l.split ? vf_layout_split_x(&l, u->split_at) : l.half[1].x;
    vf_display_sprite_size(u->display, VF_SPRITE_MESSAGE, &w, &h);
    r.sprite_x[VF_SPRITE_MESSAGE] = right_from + (l.half[1].x + l.half[1].w - right_from - w) / 2;
    r.sprite_y[VF_SPRITE_MESSAGE] = l.half[1].y + (l.half[1].h - h) / 2;
    /* the cue: text centred under the pictures, above the seek bar; a picture where it is on
     * the picture, across the two halves' middle (the picture's own in the split view) */
    r.sprite_visible[VF_SPRITE_SUBTITLE] = update_cue(u, &l);
    vf_display_sprite_size(u->display, VF_SPRITE_SUBTITLE, &w, &h);
    const int pictures_end = SDL_max(l.half[0].y + l.half[0].h, l.half[1].y + l.half[1].h);
    const int above =
        ui_has_bar(u) ? SDL_min(pictures_end, vf_layout_seek_bar(&l).y) : pictures_end;
    r.sprite_x[VF_SPRITE_SUBTITLE] = SDL_max(0, (l.half[0].x + l.half[1].x + l.half[1].w - w) / 2);
    r.sprite_y[VF_SPRITE_SUBTITLE] = SDL_max(0, above - l.margin - h);
    if (u->cue_picture.rgba) {
        const int left = (l.half[0].x + l.half[1].x + l.half[1].w - l.half[0].w) / 2;
        r.sprite_x[VF_SPRITE_SUBTITLE] = SDL_max(0, left + u->cue_place.x);
        r.sprite_y[VF_SPRITE_SUBTITLE] =
            SDL_max(0, SDL_min(l.half[0].y + u->cue_place.y, above - h));
    }
    vf_display_sprite_size(u->display, VF_SPRITE_TAPS, &w, &h);
    r.sprite_x[VF_SPRITE_TAPS] = panel.x;
    r.sprite_y[VF_SPRITE_TAPS] = SDL_max(panel.y, l.half[0].y + l.half[0].h - l.margin - h);
    vf_display_sprite_size(u->display, VF_SPRITE_HELP, &w, &h);
    r.sprite_x[VF_SPRITE_HELP] =
        SDL_max(l.margin, (l.half[0].x + l.half[1].x + l.half[1].w - w) / 2);
    r.sprite_y[VF_SPRITE_HELP] = l.half[0].y + l.margin;
    if (vf_display_draw(u->display, &l, &r, err, sizeof(err)))
        ui_say(u, "%s", err);
}
