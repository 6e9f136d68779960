#include "app.h"
#include "build_config.h"
#include "gpu.h"
#include "headless.h"
#include "viewer.h"

#include "folders.h"
#include "input_list.h"

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

/* The inputs given and --playlist's, folders and playlists among them expanded (input_list.h)
 * into list. 0, or 1 with a line saying why not. */
static int expand_inputs(const struct vf_options *o, struct vf_input_list *list)
{
    char err[4200];
    const char *const *given = o->input_count > 1 ? o->inputs : &o->input;
    for (int i = 0; o->input && i < o->input_count; i++)
        if (vf_input_list_add(list, given[i], false, err, sizeof(err)))
            goto fail;
    if (o->playlist && vf_input_list_add(list, o->playlist, true, err, sizeof(err)))
        goto fail;
    return 0;
fail:
    fprintf(stderr, "vfview: %s\n", err);
    return 1;
}

int vf_app_run(const struct vf_options *opts)
{
    if (missing_feature(opts))
        return 1;
    struct vf_options run = *opts;
    struct vf_input_list inputs = {0};
    int status = 1;
    if (!run.webcam && (run.input || run.playlist)) {
        if (expand_inputs(opts, &inputs))
            goto done;
        run.inputs = (const char *const *)inputs.items;
        run.input = inputs.items[0];
        run.input_count = inputs.count;
    }
    if (!run.input && !run.webcam)
        run.input = VF_SAMPLE_PATH;
    if (run.no_window && vf_names_folder(run.output) && run.webcam)
        fprintf(stderr, "vfview: -o %s: a folder; a camera's recording needs a file's name\n",
                run.output);
    else if (run.no_window && vf_names_folder(run.output) &&
             (inputs.count || vf_input_list_add(&inputs, run.input, false, NULL, 0) == 0))
        status = vf_headless_run_each(&run, (const char *const *)inputs.items, inputs.count);
    else if (run.no_window && run.input_count > 1)
        fprintf(stderr,
                "vfview: --no-window: %d inputs: one at a time, or -o FOLDER/ for a recording of "
                "each\n",
                run.input_count);
    else if (run.no_window)
        status = vf_headless_run(&run);
    else /* the bundled sample loops; a file of your own stops on its last picture unless --loop */
        status = vf_viewer_run(&run, opts->loop || (!run.input_count && !opts->webcam));
done:
    vf_input_list_free(&inputs);
    return status;
}
