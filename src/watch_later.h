/* Where the window left an input, as mpv's quit-watch-later keeps it: Shift+Q writes the position
 * of the picture on screen, and the settings changed since the window opened (the filter, the
 * speed, the volume...), to a small file of its own, and the next time the window opens that
 * input it starts there once, with those settings (the file is taken, as mpv does). The files live
 * in $XDG_STATE_HOME/vfview/watch_later (else ~/.local/state/vfview/watch_later), named by a hash
 * of the input's absolute path, which each file also holds, so that a file is only ever read back
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
/* The room settings text needs: the longest filter spec and the rest. */
#define VF_WATCH_LATER_SETTINGS 12288
/* Settings are text, "name=value" lines (mpv's names where it has them: speed, volume, sid...);
 * this module keeps them and the window gives them their meaning. Appends one to `settings` (a
 * string of len bytes): 0, or -1, settings unchanged, when the name is not lower-case letters,
 * digits and '-' (or is path or start), the value holds a line break, or there is no room. */
int vf_watch_later_set(char *settings, size_t len, const char *name, const char *value);
/* The value of name in settings, into value: true; false when there is none or it does not fit
 * len. */
bool vf_watch_later_get(const char *settings, const char *name, char *value, size_t len);
/* Writes input's position, seconds into it as --start counts them, and settings (NULL: none) in
 * place of any before: the directories are made as needed, and the file appears whole or not at
 * all. 0, or -1 with a message naming the file. */
int vf_watch_later_save(const char *input, double start_s, const char *settings, char *err,
                        size_t errlen);
/* Reads input's position into *start_s, and its settings into `settings` (len bytes; NULL: not
 * read; those that do not fit, and lines that are no setting, are left out), and removes its file:
 * 1; 0 when there is none (or the file is another input's, or holds no position); -1 with a
 * message when it cannot be read or removed. */
int vf_watch_later_take(const char *input, double *start_s, char *settings, size_t len, char *err,
                        size_t errlen);

#endif
