/* Folders: the user's own for vfview (the XDG base directories), and folders made where a file is
 * to go (mkdir -p) for the bench's --out, Shift+Q's state and the window's --screenshot-dir. */
#ifndef VF_FOLDERS_H
#define VF_FOLDERS_H

#include <stdbool.h>
#include <stddef.h>

/* $variable/vfview/name, else $HOME/home_part/vfview/name: XDG_CONFIG_HOME with ".config" (the
 * keys file, the options file), XDG_STATE_HOME with ".local/state" (Shift+Q's positions). 0, or
 * -1 when neither variable is set or the path does not fit len. */
int vf_user_path(const char *variable, const char *home_part, const char *name, char *buf,
                 size_t len);
/* path and every folder above it made where missing, with mode (less the umask). 0, or -1 with
 * errno set and a message naming the folder that could not be made, or saying that path is
 * there but is no folder. */
int vf_make_folders(const char *path, unsigned mode, char *err, size_t len);
/* Whether path names a folder: one that is there, or a name ending in '/' (-o DIR/). */
bool vf_names_folder(const char *path);

#endif
