/* Plots of a bench run: one data file per plot (series in columns), plots.gp for gnuplot, and
 * the PNGs when gnuplot is installed. */
#ifndef VF_BENCH_PLOT_H
#define VF_BENCH_PLOT_H

#include "bench_cells.h"

/* Writes DIR/<plot>.dat and DIR/plots.gp, then runs gnuplot in DIR. 0 when the plots were
 * drawn; 1 when gnuplot is missing or failed (a note on stderr, the script is left to run
 * later); -1 when the files could not be written (a message on stderr). */
int bench_plot(const struct bench_results *r, const char *dir);

#endif
