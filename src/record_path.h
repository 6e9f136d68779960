/* The files a recording writes: whether a path is a local file, the names of a window's
 * second and later recordings, and whether a recording would write over its own input. */
#ifndef VF_RECORD_PATH_H
#define VF_RECORD_PATH_H

#include <stdbool.h>
#include <stddef.h>

/* Whether the recorder made the file it writes: standard output and other protocols' targets
 * are never removed. */
bool vf_record_writes_local_file(const char *path);
/* The name of the n-th recording to `path`'s file: "take.mkv" gives "take-2.mkv" at n = 2,
 * "out%04d.png" "out%04d-2.png", "notes" "notes-2" (the number goes before the extension of
 * the file's name, never into a folder's). 0, or -1 when `path` names no local file (standard
 * output, another protocol's URL) or the name does not fit. */
int vf_record_numbered_path(const char *path, int n, char *buf, size_t len);
/* Whether recording to `output` would write over the input's files: one file under two names,
 * or where either is an image pattern (the output's when its container writes image files; the
 * input's when no file has its very name), a file that both patterns name, or a pattern naming
 * the other's file. */
bool vf_record_overwrites_input(const char *input, const char *output, bool output_pattern);

#endif
