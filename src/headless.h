/* `vfview --no-window`: decode → filter → record at full speed, the three stages on their own
 * threads, progress on stderr, a one-line summary at the end. */
#ifndef VF_HEADLESS_H
#define VF_HEADLESS_H

#include "options.h"

/* The process exit status: 0, 1 on any error (one line on stderr), 130/143 after SIGINT/SIGTERM
 * (the recording is still closed properly). */
int vf_headless_run(const struct vf_options *opts);

#endif
