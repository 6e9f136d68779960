/* A subtitle cue as the window shows it: the text of FFmpeg's ASS form of a cue, which every
 * text subtitle decoder gives ("ReadOrder,Layer,Style,Name,MarginL,MarginR,MarginV,Effect,
 * Text"), without its styling: the override blocks ({\i1}, {\pos(...)}) left out, \N and \n
 * made line breaks and \h a space. Plain C, so the core's tests check it. */
#ifndef VF_SUBTITLE_TEXT_H
#define VF_SUBTITLE_TEXT_H

#include <stddef.h>

/* The cue's plain text into out (len bytes with the terminator; cut there at a whole UTF-8
 * character), its lines apart by '\n', none empty at either end. The length written. */
size_t vf_subtitle_plain(const char *ass, char *out, size_t len);

#endif
