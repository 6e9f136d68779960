/* The host side of the CUDA engine: device selection, a ring of pinned host buffers and device
 * buffers with one stream each, several frames in flight, per-frame CUDA event timings.
 * Nothing here exits or aborts: every failure comes back as -1/NULL with one line in err,
 * the CUDA message included, so callers can fall back to the CPU and say why. */
#ifndef VF_GPU_H
#define VF_GPU_H

#include <stdbool.h>
#include <stddef.h>

#include "filter.h"
#include "frame.h"

struct vf_gpu;

struct vf_gpu_job {
    const struct vf_filter *filter;
    enum vf_border border;
    int variant;        /* enum vf_gpu_variant */
    int block;          /* 8, 16 or 32 for naive/tiled/tiled-const */
    bool transfer_only; /* bench: upload and download, no kernel */
};

struct vf_gpu_timing {
    float upload_ms;   /* host to device (CUDA events) */
    float kernel_ms;   /* the filter itself */
    float download_ms; /* device to host */
    float total_ms;    /* upload + filter + download of this frame */
};

/* Opens the first CUDA device for frames of width x height with `ring` frames in flight
 * (1..64). NULL with a message when there is no device, the driver is too old, or memory
 * runs out; "built without CUDA" when the cuda feature is off. */
struct vf_gpu *vf_gpu_open(int width, int height, int ring, char *err, size_t errlen);
void vf_gpu_close(struct vf_gpu *g);
/* "NVIDIA H100 80GB HBM3 (sm_90, driver 13.0)" */
const char *vf_gpu_describe(const struct vf_gpu *g);

/* Frames that go to the GPU: in page-locked (pinned) host memory where CUDA gives it, which the
 * GPU copies by DMA while the CPU works on (from ordinary memory CUDA copies through a staging
 * buffer at a fraction of the speed, and the caller waits); else in ordinary memory, which
 * every call here takes too. Returns what vf_frame_alloc does; vf_frame_free frees either. */
int vf_gpu_frame_alloc(struct vf_frame *f, int width, int height);
/* Whether f's memory is pinned memory from vf_gpu_frame_alloc. */
bool vf_gpu_frame_pinned(const struct vf_frame *f);

/* Synchronous: filter `in` into `out` (any host memory). */
int vf_gpu_run(struct vf_gpu *g, const struct vf_gpu_job *job, const struct vf_frame *in,
               struct vf_frame *out, struct vf_gpu_timing *timing, char *err, size_t errlen);

/* Whether a slot is free for one more frame (else collect one first). */
bool vf_gpu_slot_free(const struct vf_gpu *g);
/* Streamed: fill the pinned frame that vf_gpu_input returns, then submit it. NULL with a
 * message when every slot is busy or pinned memory ran out. Frames come out of vf_gpu_collect
 * in submission order; the returned frame stays valid until vf_gpu_release. */
struct vf_frame *vf_gpu_input(struct vf_gpu *g, char *err, size_t errlen);
int vf_gpu_submit(struct vf_gpu *g, const struct vf_gpu_job *job, char *err, size_t errlen);
/* The same with the caller's frames: uploads `in` and downloads into `out`, which must stay as
 * they are until vf_gpu_collect returns `out` for them. With pinned frames this returns at
 * once; with others CUDA holds the caller until their copies are done. Needs a free slot. */
int vf_gpu_submit_frames(struct vf_gpu *g, const struct vf_gpu_job *job, const struct vf_frame *in,
                         struct vf_frame *out, char *err, size_t errlen);
int vf_gpu_in_flight(const struct vf_gpu *g);
/* The pinned host memory the slots' own frames hold: none until vf_gpu_input asks for them. */
size_t vf_gpu_pinned_bytes(const struct vf_gpu *g);
int vf_gpu_collect(struct vf_gpu *g, const struct vf_frame **out, struct vf_gpu_timing *timing,
                   char *err, size_t errlen);
void vf_gpu_release(struct vf_gpu *g);

/* Test hook: makes the n-th following submit or run fail as a CUDA error would (0: off). */
void vf_gpu_inject_failure(struct vf_gpu *g, int after);
/* Test hook: the slots' own frames may hold at most `bytes` of pinned memory, as if CUDA had no
 * more to give (SIZE_MAX: no limit, the default). */
void vf_gpu_limit_pinned(struct vf_gpu *g, size_t bytes);

/* Test hook: fills every device input buffer with `value`, the bytes between each row's width
 * and the pitch included. Uploads write only the frame's bytes, so the kernels then run with
 * that padding, which none of their outputs may depend on. */
int vf_gpu_poison_padding(struct vf_gpu *g, int value, char *err, size_t errlen);

/* Test hook: fills every device output buffer with `value`, so that an output a kernel fails to
 * write shows instead of what the run before left there. */
int vf_gpu_poison_outputs(struct vf_gpu *g, int value, char *err, size_t errlen);

/* Test hook: whether the fast kernel may use the GPU's copy engine (on by default), so that the
 * tests see the kernels' own copies too on a GPU that has one. */
void vf_gpu_allow_copy_engine(int allow);

#endif
