/* The window's keys, as data: one table that the viewer dispatches from and that --help and
 * the help overlay print. A key is the character it types, as a Unicode code point ('+' is
 * 43 whichever keys type it on the user's layout), or for a key that types none SDL's key code
 * (the arrows carry SDL's scancode bit), so this module needs no SDL header and the core can
 * print it. */
#ifndef VF_KEYS_H
#define VF_KEYS_H

#include <stddef.h>

enum vf_command {
    VF_CMD_NONE,
    VF_CMD_FILTER, /* arg: the preset */
    VF_CMD_NEXT_FILTER,
    VF_CMD_FIRST_FILTER, /* the filter the window opened with (-f), custom ones too */
    VF_CMD_SIZE,         /* arg: +1 / -1 */
    VF_CMD_AMOUNT,       /* arg: steps of vf_filter_adjust, +1 / -1 */
    VF_CMD_SIGMA,        /* the same */
    VF_CMD_BORDER,
    VF_CMD_VARIANT,
    VF_CMD_PAUSE,
    VF_CMD_STEP,
    VF_CMD_SEEK,    /* arg: seconds */
    VF_CMD_CHAPTER, /* arg: +1 the next chapter, -1 back (chapters.h) */
    VF_CMD_STEP_BACK,
    VF_CMD_AB_LOOP, /* A, then B, then neither */
    VF_CMD_LOOP,    /* the input starts again at its end, on / off */
    VF_CMD_SPEED,   /* arg: a step of vf_speed_step() */
    VF_CMD_INPUT,   /* arg: +1 the next input, -1 the one before */
    VF_CMD_MUTE,
    VF_CMD_VOLUME, /* arg: percentage points, + or - */
    VF_CMD_AUDIO_TRACK,
    VF_CMD_FULLSCREEN,
    VF_CMD_SCREENSHOT,
    VF_CMD_SAVE_PICTURE,
    VF_CMD_RECORD,
    VF_CMD_DIFFERENCE,
    VF_CMD_ORIGINAL,
    VF_CMD_SPLIT,
    VF_CMD_SUBTITLES,
    VF_CMD_ZOOM, /* arg: 2 zooms in twice at the centre, 0 shows the whole picture */
    VF_CMD_HELP,
    VF_CMD_PANEL,
    VF_CMD_TAPS,
    VF_CMD_QUIT_WATCH_LATER, /* quit, the input to start where it was left next time */
    VF_CMD_QUIT,             /* the last: tests size their tables by it */
};

#define VF_KEY_ESCAPE    27
#define VF_KEY_TAB       9
#define VF_KEY_BACKSPACE 8
#define VF_KEY_ENTER     13
#define VF_KEY_RIGHT     0x4000004F /* SDLK_RIGHT */
#define VF_KEY_LEFT      0x40000050 /* SDLK_LEFT */
#define VF_KEY_DOWN      0x40000051 /* SDLK_DOWN */
#define VF_KEY_UP        0x40000052 /* SDLK_UP */
#define VF_KEY_PAGEUP    0x4000004B /* SDLK_PAGEUP */
#define VF_KEY_PAGEDOWN  0x4000004E /* SDLK_PAGEDOWN */
#define VF_KEY_KP_MINUS  0x40000056
#define VF_KEY_KP_PLUS   0x40000057
/* mouse buttons, bound as keys are (mpv's names), by codes beyond any key's; the left button
 * and the wheel keep their own work (seek bar, drag, zoom) */
#define VF_KEY_MBTN_MID     0x50000002
#define VF_KEY_MBTN_RIGHT   0x50000003
#define VF_KEY_MBTN_BACK    0x50000008
#define VF_KEY_MBTN_FORWARD 0x50000009

struct vf_key_binding {
    int key;
    enum vf_command command;
    int arg;
    const char *label; /* for help; NULL: an alias of the line above, not listed again */
    const char *help;
};

extern const struct vf_key_binding vf_key_bindings[];
extern const size_t vf_key_binding_count;

/* The binding for a key, or NULL. */
const struct vf_key_binding *vf_key_lookup(int key);

#endif
