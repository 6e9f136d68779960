/* What the bench leaves behind: aligned tables on stdout, bench.csv, machine.txt. */
#ifndef VF_BENCH_REPORT_H
#define VF_BENCH_REPORT_H

#include <stdio.h>

#include "bench_cells.h"

/* The rows of one suite (all rows when suite is NULL) as an aligned table. */
void bench_print_table(FILE *out, const struct bench_results *r, const char *suite,
                       const char *title);
/* 0, or -1 with a message on stderr naming the file. */
int bench_write_csv(const struct bench_results *r, const char *path);
/* fclose with the stream's error state: 0, or -1 with a message naming the file. */
int bench_file_close(FILE *f, const char *path);
/* CPU, memory, OS, GPU, build and the command line. */
int bench_write_machine(const char *path, int argc, char **argv);

#endif
