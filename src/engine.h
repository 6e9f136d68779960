/* The engine that produces output for a stream of frames, independent of where frames come
 * from: the CPU fast engine; or the GPU's streamed pipeline, which falls back to the CPU (and
 * says why) when CUDA fails mid-stream; or both, the GPU checked byte for byte against the CPU.
 * Results come back in the order frames went in, through a callback. */
#ifndef VF_ENGINE_H
#define VF_ENGINE_H

#include <stdbool.h>
#include <stddef.h>

#include "filter.h"
#include "frame.h"
#include "options.h"

struct vf_engine_config {
    enum vf_engine_choice choice;
    int threads;     /* CPU engine; 0 = all cores */
    int gpu_variant; /* enum vf_gpu_variant */
    int width, height;
    int ring;                                    /* GPU frames in flight (default 4) */
    void (*notice)(const char *line, void *ctx); /* a fallback or a skipped check, one line */
    void *notice_ctx;
};

/* Called once per pushed frame, in push order, when `dst` holds the result. `ms`: the time the
 * engine spent on it (the GPU: upload + kernel + download from CUDA events). Returning non-zero
 * stops the stream (push/flush then return -1). */
typedef int (*vf_engine_emit)(void *tag, double ms, void *ctx);

struct vf_engine;

/* NULL with a message when the engine cannot start (--engine gpu without a device included). */
struct vf_engine *vf_engine_open(const struct vf_engine_config *cfg, char *err, size_t errlen);
void vf_engine_close(struct vf_engine *e);

/* Filters src into dst. Both must stay untouched by the caller until emit(tag) has been called
 * for them (the GPU path keeps src to redo it on the CPU if CUDA fails). The GPU copies frames
 * from vf_gpu_frame_alloc straight to and from its own memory, others through its ring's
 * pinned frames. 0, or -1 with a message. */
int vf_engine_push(struct vf_engine *e, const struct vf_filter *f, enum vf_border border,
                   const struct vf_frame *src, struct vf_frame *dst, void *tag, vf_engine_emit emit,
                   void *ctx, char *err, size_t errlen);
/* Emits every frame still in flight (call it again after a -1 to hand back the rest). */
int vf_engine_flush(struct vf_engine *e, vf_engine_emit emit, void *ctx, char *err, size_t errlen);

/* "cpu fast, 2 threads" or "gpu fast" (what is producing output now) */
void vf_engine_describe(const struct vf_engine *e, char *buf, size_t len);
/* --engine both: frames checked, frames that differed, the first that did (-1: none). */
void vf_engine_check_result(const struct vf_engine *e, long *checked, long *mismatches,
                            long *first);
/* Test hook: the GPU fails as CUDA would on the n-th following push. */
void vf_engine_inject_gpu_failure(struct vf_engine *e, int after);
/* Test hook: vf_gpu_limit_pinned on the engine's GPU, if it has one. */
void vf_engine_limit_gpu_pinned(struct vf_engine *e, size_t bytes);

#endif
