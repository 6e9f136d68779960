/* engine.c: results come back in push order and equal the CPU reference, whichever engine makes
 * them; on a GPU, a CUDA failure mid-stream hands the frames in flight to the CPU with a notice
 * and nothing is lost or reordered; --engine both checks the GPU against the CPU. The GPU half
 * runs only where a device is present (the CPU half always runs). */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "cpu.h"
#include "engine.h"
#include "gpu.h"

enum { FRAMES = 40 };

struct stream {
    struct vf_frame src[FRAMES], dst[FRAMES];
    int emitted[FRAMES], count;
    char notices[1024];
};

static int on_emit(void *tag, double ms, void *ctx)
{
    struct stream *s = ctx;
    CHECK(ms >= 0, "negative time");
    if (s->count < FRAMES)
        s->emitted[s->count++] = (int)(long)tag;
    return 0;
}

static void on_notice(const char *line, void *ctx)
{
    struct stream *s = ctx;
    size_t used = strlen(s->notices);
    snprintf(s->notices + used, sizeof(s->notices) - used, "%s\n", line);
}

/* What goes wrong on the GPU during a stream. */
struct faults {
    int fail_at;      /* the push on which CUDA fails (0: none) */
    int pinned_slots; /* the ring slots whose own frames pinned memory holds (-1: all) */
};

/* Pushes FRAMES random frames, making the GPU fail as `faults` says, and checks the results.
 * The frames come from `allocate`: the GPU copies pinned ones (vf_gpu_frame_alloc) straight. */
static void run_faulty(enum vf_engine_choice choice, struct faults faults,
                       const char *expect_notice, int w, int h, vf_frame_allocator allocate,
                       const char *spec)
{
    struct stream *s = calloc(1, sizeof(*s));
    struct vf_filter f;
    char err[256];
    vf_filter_parse(spec, &f, err, sizeof(err));
    struct vf_engine_config cfg = {.choice = choice,
                                   .threads = 2,
                                   .gpu_variant = 3,
                                   .width = w,
                                   .height = h,
                                   .ring = 4,
                                   .notice = on_notice,
                                   .notice_ctx = s};
    struct vf_engine *e = vf_engine_open(&cfg, err, sizeof(err));
    CHECK(e != NULL, "open: %s", err);
    if (!e) {
        free(s);
        return;
    }
    if (faults.fail_at)
        vf_engine_inject_gpu_failure(e, faults.fail_at);
    if (faults.pinned_slots >= 0)
        vf_engine_limit_gpu_pinned(e, (size_t)faults.pinned_slots * 2 * vf_frame_bytes(w, h));
    for (int i = 0; i < FRAMES; i++) {
        CHECK(allocate(&s->src[i], w, h) == 0 && allocate(&s->dst[i], w, h) == 0, "frame %d", i);
        vf_frame_fill_random(&s->src[i], (uint64_t)i + 1);
        vf_frame_fill(&s->dst[i], 0xA5);
        int rc = vf_engine_push(e, &f, VF_BORDER_MIRROR, &s->src[i], &s->dst[i], (void *)(long)i,
                                on_emit, s, err, sizeof(err));
        CHECK(rc == 0, "push %d: %s", i, err);
    }
    CHECK(vf_engine_flush(e, on_emit, s, err, sizeof(err)) == 0, "flush: %s", err);
    CHECK(s->count == FRAMES, "%d of %d frames came back", s->count, FRAMES);
    struct vf_frame want;
    vf_frame_alloc(&want, w, h);
    int misplaced = 0, wrong = 0;
    for (int i = 0; i < s->count; i++) {
        misplaced += s->emitted[i] != i;
        vf_cpu_ref(&f, VF_BORDER_MIRROR, &s->src[i], &want);
        wrong += vf_frame_compare(&want, &s->dst[i], NULL, NULL, NULL) >= 0;
    }
    CHECK(misplaced == 0 && wrong == 0,
          "%s, choice %d, fail at %d, pinned slots %d: %d out of order, %d wrong", spec, choice,
          faults.fail_at, faults.pinned_slots, misplaced, wrong);
    if (expect_notice)
        CHECK(strstr(s->notices, expect_notice) != NULL, "notice '%s' missing; got '%s'",
              expect_notice, s->notices);
    else
        CHECK(s->notices[0] == '\0', "unexpected notice '%s'", s->notices);
    long checked, mismatches, first;
    vf_engine_check_result(e, &checked, &mismatches, &first);
    if (choice == VF_USE_BOTH && !expect_notice)
        CHECK(checked == FRAMES && mismatches == 0 && first == -1, "both: %ld checked, %ld differ",
              checked, mismatches);
    char what[64];
    vf_engine_describe(e, what, sizeof(what));
    if (choice == VF_USE_GPU)
        CHECK(!strncmp(what, expect_notice ? "cpu" : "gpu", 3), "after the run the engine is '%s'",
              what);
    vf_frame_free(&want);
    for (int i = 0; i < FRAMES; i++) {
        vf_frame_free(&s->src[i]);
        vf_frame_free(&s->dst[i]);
    }
    vf_engine_close(e);
    free(s);
}

static void run_stream(enum vf_engine_choice choice, int fail_at, const char *expect_notice, int w,
                       int h, vf_frame_allocator allocate, const char *spec)
{
    run_faulty(choice, (struct faults){fail_at, -1}, expect_notice, w, h, allocate, spec);
}

int main(void)
{
    run_stream(VF_USE_CPU, 0, NULL, 17, 9, vf_frame_alloc, "gaussian:size=5");
    char err[256];
    struct vf_gpu *probe = vf_gpu_open(1, 1, 1, err, sizeof(err));
    if (!probe) {
        /* frames meant for the GPU are ordinary ones here, and serve the CPU as well */
        run_stream(VF_USE_CPU, 0, NULL, 17, 9, vf_gpu_frame_alloc, "gaussian:size=5");
        struct vf_frame f;
        CHECK(vf_gpu_frame_alloc(&f, 3, 2) == 0 && !vf_gpu_frame_pinned(&f), "without a GPU");
        vf_frame_free(&f);
        run_stream(VF_USE_BOTH, 0, "no GPU check", 17, 9, vf_frame_alloc, "gaussian:size=5");
        struct vf_engine_config cfg = {.choice = VF_USE_GPU, .width = 8, .height = 8};
        CHECK(vf_engine_open(&cfg, err, sizeof(err)) == NULL && strstr(err, "--engine gpu: "),
              "--engine gpu without a device: '%s'", err);
        printf("engine: GPU part skipped: %s\n", err);
        return check_done("engine");
    }
    vf_gpu_close(probe);
    /* each GPU case with frames of both kinds: through the ring's pinned frames, and straight */
    const vf_frame_allocator kinds[] = {vf_frame_alloc, vf_gpu_frame_alloc};
    for (int k = 0; k < 2; k++) {
        /* each of the fast variant's kernels: small, tensor cores, running sums */
        static const char *const specs[] = {"gaussian:size=5", "gaussian:size=15", "box:size=15"};
        for (int i = 0; i < 3; i++) {
            run_stream(VF_USE_GPU, 0, NULL, 257, 131, kinds[k], specs[i]);
            run_stream(VF_USE_BOTH, 0, NULL, 257, 131, kinds[k], specs[i]);
        }
        /* CUDA fails on the 1st, 3rd and 13th push: with nothing, one and several frames in
         * flight */
        run_stream(VF_USE_GPU, 1, "GPU failed after 0 frames", 33, 17, kinds[k], "gaussian:size=5");
        run_stream(VF_USE_GPU, 3, "continuing on the CPU", 33, 17, kinds[k], "gaussian:size=5");
        run_stream(VF_USE_GPU, 13, "continuing on the CPU", 257, 131, kinds[k], "gaussian:size=5");
    }
    /* pinned memory runs out: ordinary frames need the ring's own, and the third slot finds
     * none, on the third push (the two frames in flight go to the CPU); pinned frames never
     * need them */
    run_faulty(VF_USE_GPU, (struct faults){0, 2},
               "GPU failed after 0 frames (CUDA: cudaHostAlloc: out of pinned host memory)", 33, 17,
               vf_frame_alloc, "gaussian:size=5");
    run_faulty(VF_USE_GPU, (struct faults){0, 0}, NULL, 33, 17, vf_gpu_frame_alloc, "box:size=15");
    run_faulty(VF_USE_BOTH, (struct faults){0, 0}, NULL, 33, 17, vf_gpu_frame_alloc, "box:size=15");
    return check_done("engine");
}
