/* The bench suites: each one a sweep of one parameter, the seeds' experiments and more. */
#ifndef VF_BENCH_SUITES_H
#define VF_BENCH_SUITES_H

#include <stdbool.h>

#include "bench_cells.h"

struct bench_context {
    struct vf_bench_config base; /* filter, border, threads, frames, warm-up, block, streams */
    bool quick, square;
    int scale;               /* every frame side divided by this (smoke runs) */
    const char *engines;     /* comma-separated engines to keep, or "all" */
    const char *variants;    /* same for variants */
    const char *input;       /* pipeline: the file to decode; NULL: the bundled sample */
    long pipeline_frames;    /* pipeline: at most this many pictures */
    const char *out_dir;     /* pipeline writes its temporary recordings here */
    const char *gpu_missing; /* why GPU rows are skipped, or NULL */
    struct bench_results results;
    bool out_of_memory;
    char error[640]; /* a suite that could not run at all (a bad --input): one line */
};

struct bench_suite {
    const char *name;
    const char *title; /* for the table heading */
    void (*run)(struct bench_context *c, const char *suite);
};

extern const struct bench_suite vf_bench_suites[];
extern const int vf_bench_suite_count;
/* -1 when unknown. */
int vf_bench_suite_find(const char *name);

/* Is `name` in the comma-separated `list` ("all" matches everything)? */
bool vf_bench_listed(const char *list, const char *name);
/* Is `name` itself one of the comma-separated names in `list`? */
bool vf_bench_in_list(const char *list, const char *name);

/* Adds and measures one cell (when its engine and variant are wanted), with its speedup. */
struct bench_cell *bench_run_cell(struct bench_context *c, const char *suite,
                                  const struct vf_bench_config *cfg, const char *engine,
                                  const char *variant, const char *transfer);

/* The pipeline suite (bench_pipeline.c, or a stub without FFmpeg). */
void vf_bench_pipeline(struct bench_context *c, const char *suite);

#endif
