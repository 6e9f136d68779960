#include "keys.h"

#include "filter.h"

const struct vf_key_binding vf_key_bindings[] = {
    {'1', VF_CMD_FILTER, VF_IDENTITY, "1-6", "identity, sharpen, edge, gaussian, box, unsharp"},
    {'2', VF_CMD_FILTER, VF_SHARPEN, NULL, NULL},
    {'3', VF_CMD_FILTER, VF_EDGE, NULL, NULL},
    {'4', VF_CMD_FILTER, VF_GAUSSIAN, NULL, NULL},
    {'5', VF_CMD_FILTER, VF_BOX, NULL, NULL},
    {'6', VF_CMD_FILTER, VF_UNSHARP, NULL, NULL},
    {VF_KEY_TAB, VF_CMD_NEXT_FILTER, 0, "tab", "next filter"},
    {'0', VF_CMD_FIRST_FILTER, 0, "0", "the filter vfview started with (-f; a custom one too)"},
    {'+', VF_CMD_SIZE, +1, "+ / -", "kernel size up / down"},
    {'=', VF_CMD_SIZE, +1, NULL, NULL},
    {VF_KEY_KP_PLUS, VF_CMD_SIZE, +1, NULL, NULL},
    {'-', VF_CMD_SIZE, -1, NULL, NULL},
    {VF_KEY_KP_MINUS, VF_CMD_SIZE, -1, NULL, NULL},
    {'a', VF_CMD_AMOUNT, -1, "a / A", "amount down / up a quarter (sharpen, unsharp)"},
    {'A', VF_CMD_AMOUNT, +1, NULL, NULL},
    {'g', VF_CMD_SIGMA, -1, "g / G", "sigma down / up, 4 steps a factor of 2 (gaussian, unsharp)"},
    {'G', VF_CMD_SIGMA, +1, NULL, NULL},
    {'b', VF_CMD_BORDER, 0, "b", "border mode: clamp, zero, mirror"},
    {'v', VF_CMD_VARIANT, 0, "v", "GPU variant: naive, naive-const, tiled, tiled-const, fast"},
    {' ', VF_CMD_PAUSE, 0, "space", "pause / play"},
    {'.', VF_CMD_STEP, 0, ".", "step one frame (pauses)"},
    {',', VF_CMD_STEP_BACK, 0, ",", "step one frame back (pauses; files)"},
    {VF_KEY_LEFT, VF_CMD_SEEK, -5, "left / right", "seek 5 s back / forward (files)"},
    {VF_KEY_RIGHT, VF_CMD_SEEK, +5, NULL, NULL},
    {VF_KEY_DOWN, VF_CMD_SEEK, -60, "down / up", "seek 60 s back / forward (files)"},
    {VF_KEY_UP, VF_CMD_SEEK, +60, NULL, NULL},
    {VF_KEY_PAGEUP, VF_CMD_CHAPTER, +1, "pgup / pgdn",
     "the next chapter / back to this one's start, or the one before (files)"},
    {VF_KEY_PAGEDOWN, VF_CMD_CHAPTER, -1, NULL, NULL},
    {'l', VF_CMD_AB_LOOP, 0, "l", "A-B loop: set A, then B (A to B repeats), then clear (files)"},
    {'L', VF_CMD_LOOP, 0, "L", "loop: the input starts again at its end, on / off (as --loop)"},
    {'[', VF_CMD_SPEED, -110, "[ / ]", "playback speed down / up 10%"},
    {']', VF_CMD_SPEED, +110, NULL, NULL},
    {'{', VF_CMD_SPEED, -200, "{ / }", "playback speed halved / doubled"},
    {'}', VF_CMD_SPEED, +200, NULL, NULL},
    {VF_KEY_BACKSPACE, VF_CMD_SPEED, 0, "backspace", "normal speed"},
    {'m', VF_CMD_MUTE, 0, "m", "sound off / on"},
    {'/', VF_CMD_VOLUME, -10, "/ and *", "volume down / up 10 (of 100)"},
    {'*', VF_CMD_VOLUME, +10, NULL, NULL},
    {'#', VF_CMD_AUDIO_TRACK, 0, "#", "the next audio track (recordings then carry it alone)"},
    {'>', VF_CMD_INPUT, +1, "> / <",
     "the next / previous input (vfview a.mp4 b.png ..., files dropped here)"},
    {'<', VF_CMD_INPUT, -1, NULL, NULL},
    {VF_KEY_ENTER, VF_CMD_INPUT, +1, NULL, NULL},
    {'f', VF_CMD_FULLSCREEN, 0, "f", "fullscreen"},
    {'s', VF_CMD_SCREENSHOT, 0, "s", "screenshot (PNG of the window)"},
    {'S', VF_CMD_SAVE_PICTURE, 0, "S", "the filtered picture at its own size (PNG)"},
    {'r', VF_CMD_RECORD, 0, "r", "recording on / off"},
    {'d', VF_CMD_DIFFERENCE, 0, "d", "difference view |CPU - GPU|, amplified"},
    {'o', VF_CMD_ORIGINAL, 0, "o", "the original on the left, the filtered picture on the right"},
    {'w', VF_CMD_SPLIT, 0, "w",
     "split view: the original left of a line that follows the pointer, the filtered picture "
     "right of it (o: the engines)"},
    {'j', VF_CMD_SUBTITLES, 0, "j / J",
     "the input's next / previous subtitle track (off after the last)"},
    {'J', VF_CMD_SUBTITLES, -1, NULL, NULL},
    {'z', VF_CMD_ZOOM, 2, "z / Z", "zoom in 2x / the whole picture (wheel: zoom, drag: move)"},
    {'Z', VF_CMD_ZOOM, 0, NULL, NULL},
    {'h', VF_CMD_HELP, 0, "h", "this help"},
    {'i', VF_CMD_PANEL, 0, "i", "information panel and seek bar on / off (messages still show)"},
    {'k', VF_CMD_TAPS, 0, "k", "the filter's integer taps and divisor on / off"},
    {'Q', VF_CMD_QUIT_WATCH_LATER, 0, "Q",
     "quit, and the next time this input starts where and as it was left (files; as mpv's)"},
    {'q', VF_CMD_QUIT, 0, "q / esc", "quit"},
    {VF_KEY_ESCAPE, VF_CMD_QUIT, 0, NULL, NULL},
};
const size_t vf_key_binding_count = sizeof(vf_key_bindings) / sizeof(vf_key_bindings[0]);

const struct vf_key_binding *vf_key_lookup(int key)
{
    for (size_t i = 0; i < vf_key_binding_count; i++)
        if (vf_key_bindings[i].key == key)
            return &vf_key_bindings[i];
    return NULL;
}
