/* A whole run from parsed options: headless batch or the window. */
#ifndef VF_APP_H
#define VF_APP_H

#include "options.h"

/* Returns the process exit code; errors are reported on stderr in one line. */
int vf_app_run(const struct vf_options *opts);

#endif
