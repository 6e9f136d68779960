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
