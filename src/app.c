#include "app.h"
#include "build_config.h"
#include "gpu.h"
#include "headless.h"
#include "viewer.h"

#include <stdio.h>

/* The clip played when no input is given; made by tools/make_sample.sh. */
#define VF_SAMPLE_PATH VF_SOURCE_DIR "/assets/sample.mp4"

/* --engine gpu without a usable device fails up front, in one line, with CUDA's reason. */
static int gpu_unusable(void)
{
    char err[256];
    struct vf_gpu *probe = vf_gpu_open(1, 1, 1, err, sizeof(err));
    if (probe) {
        vf_gpu_close(probe);
        return 0;
    }
    fprintf(stderr, "vfview: --engine gpu: %s\n", err);
    return 1;
}

/* Says which optional part a request needs when this build lacks it. */
static int missing_feature(const struct vf_options *o)
{
    const char *need = NULL;
    if (o->engine == VF_USE_GPU && gpu_unusable())
        return 1;
    if (!VF_HAVE_MEDIA)
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
    struct vf_options run = *opts;
    if (!run.input && !run.webcam)
        run.input = VF_SAMPLE_PATH;
    if (run.no_window)
        return vf_headless_run(&run);
    /* the bundled sample loops; a file of your own stops on its last picture unless --loop */
    return vf_viewer_run(&run, opts->loop || (!opts->input && !opts->webcam));
}
