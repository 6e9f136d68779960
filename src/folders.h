/* Folders made where a file is to go (mkdir -p), for the bench's --out, Shift+Q's state and the
 * window's --screenshot-dir. */
#ifndef VF_FOLDERS_H
#define VF_FOLDERS_H

#include <stddef.h>

/* path and every folder above it made where missing, with mode (less the umask). 0, or -1 with
 * errno set and a message naming the folder that could not be made, or saying that path is
 * there but is no folder. */
int vf_make_folders(const char *path, unsigned mode, char *err, size_t len);

#endif
