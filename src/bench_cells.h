/* The bench's results: one cell per measured (or skipped) configuration, the rows of the
 * tables and of bench.csv. Shared by the suites, the report and the plots. */
#ifndef VF_BENCH_CELLS_H
#define VF_BENCH_CELLS_H

#include <stdbool.h>

#include "bench_gpu.h"

enum { VF_BENCH_NAME = 24 };

struct bench_cell {
    char suite[VF_BENCH_NAME];
    char engine[VF_BENCH_NAME];  /* cpu, gpu, npp, floor, pipeline */
    char variant[VF_BENCH_NAME]; /* ref, fast, naive..., or a pipeline stage */
    /* how the frames reach the engine: "device" (already there), "host" (CPU engines),
     * "pinned"/"pageable" (one frame at a time), "streamed" (the vf_gpu ring) */
    char transfer[VF_BENCH_NAME];
    char filter[VF_BENCH_NAME];
    int size;
    enum vf_border border;
    int width, height, block, streams, threads;
    int runs;                 /* timed frames behind the median */
    struct vf_stats ms;       /* per frame */
    double ms_with_transfers; /* per frame with host<->device copies; 0: not measured */
    double speedup_vs_ref;    /* cpu ref's ms / ms; 0: no reference */
    bool skipped;
    char note[160]; /* why it was skipped, or a remark */
};

struct bench_results {
    struct bench_cell *cell;
    int count, capacity;
};

/* A zeroed cell at the end; NULL when out of memory. */
struct bench_cell *bench_results_add(struct bench_results *r);
void bench_results_free(struct bench_results *r);

/* Fills the configuration fields of `c` from cfg (suite and names are the caller's). */
void bench_cell_describe(struct bench_cell *c, const struct vf_bench_config *cfg);
/* A new cell at the end, described from cfg and named; NULL when out of memory. */
struct bench_cell *bench_cell_new(struct bench_results *r, const char *suite,
                                  const struct vf_bench_config *cfg, const char *engine,
                                  const char *variant, const char *transfer);
/* Measures `c` (engine, variant and transfer set) with cfg; skipped with a note on failure. */
void bench_measure(struct bench_cell *c, const struct vf_bench_config *cfg);
/* The median ms of a cpu ref cell with the same filter, border and frame size, or 0. */
double bench_ref_ms(const struct bench_results *r, const struct bench_cell *like);

double bench_mpix_per_s(const struct bench_cell *c);

#endif
