/* Where the window left an input, as mpv's quit-watch-later keeps it: Shift+Q writes the position
 * of the picture on screen to a small file of its own, and the next time the window opens that
 * input it starts there once (the file is taken, as mpv does). The files live in
 * $XDG_STATE_HOME/vfview/watch_later (else ~/.local/state/vfview/watch_later), named by a hash of
 * the input's absolute path, which each file also holds, so that a file is only ever read back
 * for its own input. */
#ifndef VF_WATCH_LATER_H
#define VF_WATCH_LATER_H

#include <stdbool.h>
#include <stddef.h>

/* Whether an input can be resumed: a file or a URL, not standard input ("-") or NULL. */
bool vf_watch_later_applies(const char *input);
/* The file that holds input's position (the directory need not exist). 0, or -1 with a message
 * (neither XDG_STATE_HOME nor HOME set, or a path too long). */
int vf_watch_later_file(const char *input, char *path, size_t len, char *err, size_t errlen);
/* Writes input's position, seconds into it as --start counts them, in place of any before: the
 * directories are made as needed, and the file appears whole or not at all. 0, or -1 with a
 * message naming the file. */
int vf_watch_later_save(const char *input, double start_s, char *err, size_t errlen);
/* Reads input's position into *start_s and removes its file: 1; 0 when there is none (or the
 * file is another input's, or holds no position); -1 with a message when it cannot be read or
 * removed. */
int vf_watch_later_take(const char *input, double *start_s, char *err, size_t errlen);

#endif
