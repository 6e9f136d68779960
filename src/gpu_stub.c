/* Built when CUDA is not: every entry point says so. */
#include "gpu.h"

#include <stdio.h>

struct vf_gpu *vf_gpu_open(int width, int height, int ring, char *err, size_t errlen)
{
    (void)width, (void)height, (void)ring;
    snprintf(err, errlen, "built without CUDA");
    return NULL;
}

void vf_gpu_close(struct vf_gpu *g)
{
    (void)g;
}

const char *vf_gpu_describe(const struct vf_gpu *g)
{
    (void)g;
    return "none";
}

int vf_gpu_run(struct vf_gpu *g, const struct vf_gpu_job *job, const struct vf_frame *in,
               struct vf_frame *out, struct vf_gpu_timing *timing, char *err, size_t errlen)
{
    (void)g, (void)job, (void)in, (void)out, (void)timing;
    snprintf(err, errlen, "built without CUDA");
    return -1;
}

bool vf_gpu_slot_free(const struct vf_gpu *g)
{
    (void)g;
    return false;
}

struct vf_frame *vf_gpu_input(struct vf_gpu *g, char *err, size_t errlen)
{
    (void)g;
    snprintf(err, errlen, "built without CUDA");
    return NULL;
}

size_t vf_gpu_pinned_bytes(const struct vf_gpu *g)
{
    (void)g;
    return 0;
}

int vf_gpu_submit(struct vf_gpu *g, const struct vf_gpu_job *job, char *err, size_t errlen)
{
    (void)g, (void)job;
    snprintf(err, errlen, "built without CUDA");
    return -1;
}

int vf_gpu_submit_frames(struct vf_gpu *g, const struct vf_gpu_job *job, const struct vf_frame *in,
                         struct vf_frame *out, char *err, size_t errlen)
{
    (void)in, (void)out;
    return vf_gpu_submit(g, job, err, errlen);
}

int vf_gpu_frame_alloc(struct vf_frame *f, int width, int height)
{
    return vf_frame_alloc(f, width, height);
}

bool vf_gpu_frame_pinned(const struct vf_frame *f)
{
    (void)f;
    return false;
}

int vf_gpu_in_flight(const struct vf_gpu *g)
{
    (void)g;
    return 0;
}

int vf_gpu_collect(struct vf_gpu *g, const struct vf_frame **out, struct vf_gpu_timing *timing,
                   char *err, size_t errlen)
{
    (void)g, (void)out, (void)timing;
    snprintf(err, errlen, "built without CUDA");
    return -1;
}

void vf_gpu_release(struct vf_gpu *g)
{
    (void)g;
}

void vf_gpu_inject_failure(struct vf_gpu *g, int after)
{
    (void)g, (void)after;
}

void vf_gpu_limit_pinned(struct vf_gpu *g, size_t bytes)
{
    (void)g, (void)bytes;
}

void vf_gpu_allow_copy_engine(int allow)
{
    (void)allow;
}

int vf_gpu_poison_padding(struct vf_gpu *g, int value, char *err, size_t errlen)
{
    (void)g, (void)value;
    snprintf(err, errlen, "built without CUDA");
    return -1;
}

int vf_gpu_poison_outputs(struct vf_gpu *g, int value, char *err, size_t errlen)
{
    return vf_gpu_poison_padding(g, value, err, errlen);
}
