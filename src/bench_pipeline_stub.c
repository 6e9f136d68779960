/* Built without FFmpeg: the pipeline suite has no file to read. */
#include "bench_suites.h"

#include <stdio.h>

void vf_bench_pipeline(struct bench_context *c, const char *suite)
{
    struct bench_cell *cell = bench_cell_new(&c->results, suite, &c->base, "all", "all", "-");
    if (!cell) {
        c->out_of_memory = true;
        return;
    }
    cell->skipped = true;
    snprintf(cell->note, sizeof(cell->note), "built without FFmpeg (the media feature is off)");
}
