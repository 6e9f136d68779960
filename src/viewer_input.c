/* The window's input: keys (by the character they type), the mouse (zoom, pan, the seek bar,
 * fullscreen) and files dropped on it, turned into the viewer's commands (viewer.c). */
#include "viewer_ui.h"

#include <math.h>
#include <stdlib.h>

#include "keymap.h"
#include "keys.h"
#include "subtitle_files.h"

_Static_assert(VF_KEY_LEFT == SDLK_LEFT && VF_KEY_RIGHT == SDLK_RIGHT && VF_KEY_UP == SDLK_UP &&
                   VF_KEY_DOWN == SDLK_DOWN && VF_KEY_TAB == SDLK_TAB &&
                   VF_KEY_BACKSPACE == SDLK_BACKSPACE && VF_KEY_ENTER == SDLK_RETURN &&
                   VF_KEY_ESCAPE == SDLK_ESCAPE && VF_KEY_KP_PLUS == SDLK_KP_PLUS &&
                   VF_KEY_KP_MINUS == SDLK_KP_MINUS && VF_KEY_PAGEUP == SDLK_PAGEUP &&
                   VF_KEY_PAGEDOWN == SDLK_PAGEDOWN,
               "keys.h codes must be SDL's");

static const double ZOOM_PER_NOTCH = 1.41421356; /* two notches of the wheel: twice the size */

/* The seek bar's point x (drawable pixels) in seconds into the input. */
static double bar_seconds(const struct ui *u, const struct vf_layout *l, double x)
{
    return vf_layout_bar_fraction(l, x) * vf_playback_info(u->playback)->duration_s;
}

/* The same on the input's clock, where seeks go. */
static double bar_clock_s(const struct ui *u, const struct vf_layout *l, double x)
{
    return bar_seconds(u, l, x) + vf_playback_info(u->playback)->start_s;
}

/* Over the seek bar (or dragging along it), the time at the pointer shows above it. */
static void hover(struct ui *u, const struct vf_layout *l, double x, double y)
{
    double was = u->hover_s;
    u->hover_s =
        ui_has_bar(u) && (u->scrubbing || vf_layout_on_bar(l, x, y)) ? bar_seconds(u, l, x) : -1;
    u->hover_x = (int)x;
    u->redraw |= u->hover_s != was;
}

/* In the split view, the line follows the pointer across the picture (not along the seek bar,
 * and not in a drag, which moves the picture). */
static void move_split(struct ui *u, const struct vf_layout *l, double x, double y)
{
    const struct vf_rect p = l->half[0];
    if (!l->split || p.w <= 0 || y < p.y || y >= p.y + p.h || x < p.x || x > p.x + p.w ||
        (ui_has_bar(u) && vf_layout_on_bar(l, x, y)))
        return;
    u->split_at = (x - p.x) / p.w;
    u->redraw = true;
}

static void key_command(struct ui *u, int key);

/* The mouse: the wheel zooms at the pointer, a drag moves the picture, a click on the seek bar
 * seeks and a drag along it scrubs, a double click toggles fullscreen (as in mpv); in the split
 * view the line follows the pointer. */
static void mouse(struct ui *u, const SDL_Event *ev)
{
    const struct vf_layout l = ui_layout(u);
    if (ev->type == SDL_MOUSEMOTION)
        hover(u, &l, ev->motion.x * l.scale, ev->motion.y * l.scale);
    if (ev->type == SDL_MOUSEMOTION && !ev->motion.state)
        move_split(u, &l, ev->motion.x * l.scale, ev->motion.y * l.scale);
    if (ev->type == SDL_MOUSEBUTTONDOWN)
        u->scrubbing = false; /* a release outside the window may never have come */
    if (ev->type == SDL_MOUSEWHEEL && ev->wheel.y != 0) {
        double fx, fy;
        ui_pointer_in_half(u, &fx, &fy);
        int notches = ev->wheel.direction == SDL_MOUSEWHEEL_FLIPPED ? -ev->wheel.y : ev->wheel.y;
        u->view = vf_view_zoom(u->view, pow(ZOOM_PER_NOTCH, notches), fx, fy);
        u->last_panel = 0;
        u->redraw = true;
    } else if (ev->type == SDL_MOUSEBUTTONDOWN && ev->button.button == SDL_BUTTON_LEFT &&
               ui_has_bar(u) &&
               vf_layout_on_bar(&l, ev->button.x * l.scale, ev->button.y * l.scale)) {
        if (ui_can_seek(u)) { /* to the picture showing at that point of the bar */
            double to = bar_clock_s(u, &l, ev->button.x * l.scale);
            ui_seek(u, to, to);
            u->scrubbing = true;
            u->scrub_pending = false;
        }
    } else if (ev->type == SDL_MOUSEBUTTONDOWN && ev->button.button == SDL_BUTTON_LEFT &&
               ev->button.clicks == 2) {
        ui_toggle_fullscreen(u);
    } else if (ev->type == SDL_MOUSEBUTTONDOWN && ev->button.button != SDL_BUTTON_LEFT) {
        /* the other buttons act as keys do, by the user's bindings (MBTN_RIGHT: pause) */
        static const int buttons[][2] = {{SDL_BUTTON_MIDDLE, VF_KEY_MBTN_MID},
                                         {SDL_BUTTON_RIGHT, VF_KEY_MBTN_RIGHT},
                                         {SDL_BUTTON_X1, VF_KEY_MBTN_BACK},
                                         {SDL_BUTTON_X2, VF_KEY_MBTN_FORWARD}};
        for (size_t i = 0; i < sizeof(buttons) / sizeof(buttons[0]); i++)
            if (ev->button.button == buttons[i][0])
                key_command(u, buttons[i][1]);
    } else if (ev->type == SDL_MOUSEBUTTONUP && ev->button.button == SDL_BUTTON_LEFT) {
        u->scrubbing = false; /* a seek still pending goes on (ui_handle_events) */
    } else if (ev->type == SDL_MOUSEMOTION && (ev->motion.state & SDL_BUTTON_LMASK) &&
               u->scrubbing) {
        /* along the bar, wherever the pointer is above or below it */
        u->scrub_to = bar_clock_s(u, &l, ev->motion.x * l.scale);
        u->scrub_pending = true;
    } else if (ev->type == SDL_MOUSEMOTION && (ev->motion.state & SDL_BUTTON_LMASK)) {
        /* a drag; a pointer only passing by draws nothing */
        if (l.half[0].w > 0 && l.half[0].h > 0)
            u->view = vf_view_pan(u->view, ev->motion.xrel * l.scale / l.half[0].w,
                                  ev->motion.yrel * l.scale / l.half[0].h);
        u->redraw = true;
    }
}

static void key_command(struct ui *u, int key)
{
    const struct vf_key_binding *b = vf_keymap_lookup(&u->keys, key);
    if (b)
        ui_command(u, b);
}

/* Keys that type a character act by that character, which the text event after the key names
 * as the user's layout and modifiers make it: '>' is shift+'.' on one keyboard and shift+'<' on
 * another, and '[' is AltGr+8 on a third (Option+5 on a Mac's). So a character key held with
 * a modifier that types nothing (ctrl) does nothing. The other keys (arrows, escape, enter,
 * the keypad's) act here by SDL's code; the text that a keypad key also types is then let go,
 * so that it does not act twice. */
static void key_down(struct ui *u, const SDL_Keysym *k)
{
    const bool types = k->sym >= ' ' && k->sym != SDLK_DELETE && !(k->sym & SDLK_SCANCODE_MASK) &&
                       SDL_IsTextInputActive();
    u->drop_text = !types;
    if (!types)
        key_command(u, k->sym);
}

static void text_typed(struct ui *u, const char *text)
{
    if (u->drop_text) {
        u->drop_text = false;
        return;
    }
    int c;
    while ((c = vf_utf8_next(&text)) > 0)
        key_command(u, c);
}

/* A file dropped on the window (SDL's string, given back here): the input after the last,
 * opened at once (a folder or a playlist: the inputs it stands for, from its first); one that
 * does not open says why and is forgotten. A subtitle file (by its name: film.srt) is one more
 * subtitle track of the input playing instead, shown at once, as mpv adds one. */
static void dropped_file(struct ui *u, char *file)
{
    char err[1024];
    const int had = u->drops.count;
    if (u->playback && vf_subtitle_file_name(file))
        ui_add_subtitle_file(u, file);
    else if (vf_input_list_add(&u->drops, file, false, err, sizeof(err)))
        ui_note(u, "%s", err);
    else if (ui_open_input(u, ui_input_count(u) - (u->drops.count - had), err, sizeof(err))) {
        ui_note(u, "%s", err);
        vf_input_list_truncate(&u->drops, had);
    }
    SDL_free(file);
}

void ui_handle_events(struct ui *u, int timeout_ms)
{
    SDL_Event ev;
    int got = timeout_ms > 0 ? SDL_WaitEventTimeout(&ev, timeout_ms) : SDL_PollEvent(&ev);
    while (got) {
        if (ev.type == SDL_QUIT) {
            u->quit = true;
        } else if (ev.type == SDL_KEYDOWN) {
            key_down(u, &ev.key.keysym);
        } else if (ev.type == SDL_TEXTINPUT) {
            text_typed(u, ev.text.text);
        } else if (ev.type == SDL_DROPFILE) {
            dropped_file(u, ev.drop.file);
        } else if (ev.type == SDL_DROPTEXT) {
            SDL_free(ev.drop.file); /* dragged text: SDL's copy, which the event hands over */
        } else if (ev.type == SDL_MOUSEWHEEL || ev.type == SDL_MOUSEBUTTONDOWN ||
                   ev.type == SDL_MOUSEBUTTONUP || ev.type == SDL_MOUSEMOTION) {
            mouse(u, &ev);
        } else if (ev.type == SDL_WINDOWEVENT) {
            if (ev.window.event == SDL_WINDOWEVENT_LEAVE)
                u->hover_s = -1;
            u->redraw = true;
            u->last_panel = 0;
        }
        got = SDL_PollEvent(&ev);
    }
    /* A drag along the seek bar asks for the next position once the last one's picture has
     * come: a seek decodes from a keyframe, and one asked for at every move of the pointer
     * would replace the last before it showed anything. */
    if (u->scrub_pending && !u->discarding) {
        u->scrub_pending = false;
        ui_seek(u, u->scrub_to, u->scrub_to);
    }
}
