/* Built without FFmpeg: the pipeline suite has no file to read. */
#include "bench_suites.h"

#include <stdio.h>

void vf_bench_pipeline(struct bench_context *c, const char *suite)
{
    struct bench_cell *cell = bench_results_add(&c->results);
    if (!cell) {
        c->out_of_memory = true;
        return;
    }
    bench_cell_describe(cell, &c->base);
    snprintf(cell->suite, sizeof(cell->suite), "%s", suite);
    snprintf(cell->engine, sizeof(cell->engine), "all");
    snprintf(cell->variant, sizeof(cell->variant), "all");
    snprintf(cell->transfer, sizeof(cell->transfer), "-");
    cell->skipped = true;
    snprintf(cell->note, sizeof(cell->note), "built without FFmpeg (the media feature is off)");
}
