/* Built without FFmpeg: nothing to decode or record. */
#include "headless.h"

#include <stdio.h>

int vf_headless_run(const struct vf_options *opts)
{
    (void)opts;
    fprintf(stderr, "vfview: reading video needs the media feature (FFmpeg), which this build "
                    "lacks\n");
    return 1;
}

int vf_headless_run_each(const struct vf_options *opts, const char *const *inputs, int count)
{
    (void)inputs;
    (void)count;
    return vf_headless_run(opts);
}
