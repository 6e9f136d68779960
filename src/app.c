#include "app.h"
#include "build_config.h"

#include <stdio.h>

/* Says which optional part a request needs when this build lacks it. */
static int missing_feature(const struct vf_options *o)
{
    const char *need = NULL;
    if (o->engine == VF_USE_GPU && !VF_HAVE_CUDA)
        need = "--engine gpu needs the cuda feature: this build is without CUDA";
    else if (!VF_HAVE_MEDIA)
        need = o->webcam ? "--webcam needs the media feature (FFmpeg), which this build lacks"
                         : "reading video needs the media feature (FFmpeg), which this build lacks";
    else if (!o->no_window && !VF_HAVE_VIEWER)
        need = "the window needs the viewer feature (SDL2 + OpenGL), which this build lacks; "
               "use --no-window";
    if (!need)
        return 0;
    fprintf(stderr, "vfview: %s\n", need);
    return 1;
}

int vf_app_run(const struct vf_options *opts)
{
    if (missing_feature(opts))
        return 1;
    fprintf(stderr, "vfview: playback is not implemented in this build yet\n");
    return 1;
}
