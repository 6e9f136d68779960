/* Built without SDL2/OpenGL: no window. */
#include "viewer.h"

#include <stdio.h>

int vf_viewer_run(const struct vf_options *opts, int loop)
{
    (void)opts;
    (void)loop;
    fprintf(stderr, "vfview: the window needs the viewer feature (SDL2 + OpenGL), which this "
                    "build lacks; use --no-window\n");
    return 1;
}
