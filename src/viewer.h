/* `vfview [INPUT]`: the window. CPU result left, GPU result right, from the same source frame,
 * with live keys, an overlay of figures and a frame-time graph, and live recording. */
#ifndef VF_VIEWER_H
#define VF_VIEWER_H

#include "options.h"

/* The process exit status: 0 after q/esc/close (or --frames pictures shown), 1 with one line on
 * stderr when the input, the window or OpenGL cannot be opened. */
int vf_viewer_run(const struct vf_options *opts, int loop);

#endif
