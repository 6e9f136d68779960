/* `vfview --no-window`: decode → filter → record at full speed, the three stages on their own
 * threads, progress on stderr, a one-line summary at the end. */
#ifndef VF_HEADLESS_H
#define VF_HEADLESS_H

#include "options.h"

/* The process exit status: 0, 1 on any error (one line on stderr), 130/143 after SIGINT/SIGTERM
 * (the recording is still closed properly). */
int vf_headless_run(const struct vf_options *opts);
/* With -o naming a folder (opts->output): each of the inputs filtered and recorded in turn to
 * FOLDER/its own name (clip.mp4 to FOLDER/clip.mp4, in the container its name says; a name met
 * before in the run numbered, clip-2.mp4, so that no recording replaces another). Every input
 * is tried: 0, 1 where one failed; SIGINT or SIGTERM stops the rest, with its status. */
int vf_headless_run_each(const struct vf_options *opts, const char *const *inputs, int count);

#endif
