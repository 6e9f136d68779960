/* Pivots bench cells into gnuplot data (x, x label, one column per series) and writes a
 * gnuplot script with titled axes, units and legends. The pivot is done here rather than in
 * gnuplot so that plots.gp stays readable and can be rerun by hand. */
#include "bench_plot.h"
#include "bench_report.h"

#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

enum { MAX_X = 64, MAX_SERIES = 32, NAME = 48 };

struct plot {
    const char *name; /* file stem */
    const char *suite;
    const char *filter; /* keep only this preset, or NULL */
    const char *title, *xlabel, *ylabel;
    const char *style; /* "lines", "clustered" or "rowstacked" */
    const char *scale; /* gnuplot logscale axes, or "" */
    double (*x)(const struct bench_cell *c);
    void (*series)(const struct bench_cell *c, char *buf, size_t len);
    double (*y)(const struct bench_cell *c, const struct bench_results *r); /* <= 0: missing */
    bool ideal;                                                             /* draw y = x */
};

static double x_megapixels(const struct bench_cell *c)
{
    return (double)c->width * c->height / 1e6;
}
static double x_size(const struct bench_cell *c)
{
    return c->size;
}
static double x_block(const struct bench_cell *c)
{
    return c->block;
}
static double x_streams(const struct bench_cell *c)
{
    return c->streams;
}
static double x_threads(const struct bench_cell *c)
{
    return c->threads;
}
static double x_engine(const struct bench_cell *c)
{
    return strcmp(c->engine, "cpu") ? 2 : 1;
}

static void s_engine_variant(const struct bench_cell *c, char *buf, size_t len)
{
    snprintf(buf, len, "%s/%s", c->engine, c->variant);
}
static void s_variant(const struct bench_cell *c, char *buf, size_t len)
{
    snprintf(buf, len, "%s", c->variant);
}
static void s_transfer(const struct bench_cell *c, char *buf, size_t len)
{
    snprintf(buf, len, "%s", c->transfer);
}
static void s_frame_size(const struct bench_cell *c, char *buf, size_t len)
{
    snprintf(buf, len, "%dx%d", c->width, c->height);
}

static double y_speedup(const struct bench_cell *c, const struct bench_results *r)
{
    (void)r;
    return strcmp(c->variant, "ref") ? c->speedup_vs_ref : 0;
}
static double y_ms(const struct bench_cell *c, const struct bench_results *r)
{
    (void)r;
    return strcmp(c->variant, "end-to-end") ? c->ms.median : 0;
}
static double y_ms_transferred(const struct bench_cell *c, const struct bench_results *r)
{
    (void)r;
    return strcmp(c->transfer, "device") ? c->ms_with_transfers : c->ms.median;
}

/* Speedup over the cell of the same suite and frame size with one stream or one thread. */
static double y_over_one(const struct bench_cell *c, const struct bench_results *r)
{
    bool streams = !strcmp(c->suite, "streams");
    for (int i = 0; i < r->count; i++) {
        const struct bench_cell *o = &r->cell[i];
        if (o->skipped || strcmp(o->suite, c->suite) || strcmp(o->variant, c->variant) ||
            o->width != c->width || o->height != c->height ||
            (streams ? o->streams : o->threads) != 1)
            continue;
        double base = streams ? o->ms_with_transfers : o->ms.median;
        double mine = streams ? c->ms_with_transfers : c->ms.median;
        return mine > 0 ? base / mine : 0;
    }
    return 0;
}

static const struct plot plots[] = {
    {"resolution", "resolution", NULL, "Speedup over the sequential CPU engine vs frame size",
     "frame size (megapixels)", "speedup over cpu/ref (x)", "lines", "xy", x_megapixels,
     s_engine_variant, y_speedup, false},
    {"kernel_gaussian", "kernel", "gaussian", "Speedup vs kernel size: gaussian",
     "kernel side (taps)", "speedup over cpu/ref (x)", "lines", "y", x_size, s_engine_variant,
     y_speedup, false},
    {"kernel_box", "kernel", "box", "Speedup vs kernel size: box", "kernel side (taps)",
     "speedup over cpu/ref (x)", "lines", "y", x_size, s_engine_variant, y_speedup, false},
    {"block", "block", NULL, "Speedup vs CUDA block size (block x block threads)",
     "block side (threads)", "speedup over cpu/ref (x)", "lines", "x 2", x_block, s_variant,
     y_speedup, false},
    {"memory", "memory", NULL, "Taps in constant vs global memory, tiled vs naive",
     "kernel side (taps)", "speedup over cpu/ref (x)", "lines", "y", x_size, s_variant, y_speedup,
     false},
    {"transfers", "transfers", NULL, "Frame time with host<->device copies (gpu/fast)",
     "frame size", "ms per frame", "clustered", "", x_megapixels, s_transfer, y_ms_transferred,
     false},
    {"streams", "streams", NULL, "Streamed pipeline: throughput vs frames in flight",
     "CUDA streams (frames in flight)", "speedup over 1 stream (x)", "lines", "x 2", x_streams,
     s_frame_size, y_over_one, false},
    {"threads", "threads", NULL, "CPU engine (fast) vs threads", "threads",
     "speedup over 1 thread (x)", "lines", "", x_threads, s_frame_size, y_over_one, true},
    {"peers", "peers", NULL, "vfview against NPP, the sequential CPU engine and a plain copy",
     "frame size", "ms per frame (log scale)", "clustered", "y", x_megapixels, s_engine_variant,
     y_ms, false},
    {"pipeline", "pipeline", NULL, "Time per frame in each stage of a real file", "engine",
     "ms per frame", "rowstacked", "", x_engine, s_variant, y_ms, false},
};

struct pivot_row {
    double x;
    char label[NAME];
    double y[MAX_SERIES]; /* <= 0: missing */
};

struct pivot {
    int nx, ns;
    struct pivot_row row[MAX_X];
    char series[MAX_SERIES][NAME];
};

static int index_of_x(struct pivot *p, double x, const struct bench_cell *c)
{
    for (int i = 0; i < p->nx; i++)
        if (p->row[i].x == x)
            return i;
    if (p->nx == MAX_X)
        return -1;
    struct pivot_row *row = &p->row[p->nx];
    row->x = x;
    if (!strcmp(c->suite, "pipeline"))
        snprintf(row->label, NAME, "%s", c->engine);
    else
        snprintf(row->label, NAME, "%dx%d", c->width, c->height);
    return p->nx++;
}

static int index_of_series(struct pivot *p, const char *name)
{
    for (int s = 0; s < p->ns; s++)
        if (!strcmp(p->series[s], name))
            return s;
    if (p->ns == MAX_SERIES)
        return -1;
    snprintf(p->series[p->ns], NAME, "%s", name);
    return p->ns++;
}

static int by_x(const void *a, const void *b)
{
    double x = ((const struct pivot_row *)a)->x, y = ((const struct pivot_row *)b)->x;
    return (x > y) - (x < y);
}

static void build_pivot(const struct plot *pl, const struct bench_results *r, struct pivot *p)
{
    memset(p, 0, sizeof(*p));
    for (int i = 0; i < r->count; i++) {
        const struct bench_cell *c = &r->cell[i];
        if (c->skipped || strcmp(c->suite, pl->suite) ||
            (pl->filter && strcmp(c->filter, pl->filter)))
            continue;
        double y = pl->y(c, r);
        if (y <= 0)
            continue;
        char name[NAME];
        pl->series(c, name, sizeof(name));
        int xi = index_of_x(p, pl->x(c), c), si = index_of_series(p, name);
        if (xi >= 0 && si >= 0)
            p->row[xi].y[si] = y;
    }
    qsort(p->row, (size_t)p->nx, sizeof(p->row[0]), by_x);
}

static FILE *open_in(const char *dir, const char *name, char *path, size_t len)
{
    snprintf(path, len, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    if (!f)
        fprintf(stderr, "vfview bench: cannot write %s: %s\n", path, strerror(errno));
    return f;
}

static int write_data(const char *dir, const struct plot *pl, const struct pivot *p)
{
    char name[96], path[4200];
    snprintf(name, sizeof(name), "%s.dat", pl->name);
    FILE *f = open_in(dir, name, path, sizeof(path));
    if (!f)
        return -1;
    fprintf(f, "x label");
    for (int s = 0; s < p->ns; s++)
        fprintf(f, " \"%s\"", p->series[s]);
    fputc('\n', f);
    for (int i = 0; i < p->nx; i++) {
        const struct pivot_row *row = &p->row[i];
        fprintf(f, "%g \"%s\"", row->x, row->label);
        for (int s = 0; s < p->ns; s++) {
            if (row->y[s] > 0)
                fprintf(f, " %.6g", row->y[s]);
            else /* a stage an engine does not have adds nothing to its stack */
                fputs(strcmp(pl->style, "rowstacked") ? " ?" : " 0", f);
        }
        fputc('\n', f);
    }
    return bench_file_close(f, path);
}

static void write_script_entry(FILE *gp, const struct plot *pl, const struct pivot *p)
{
    fprintf(gp, "\nreset session\nload 'style.gp'\nset output '%s.png'\n", pl->name);
    fprintf(gp, "set title \"%s\"\nset xlabel \"%s\"\nset ylabel \"%s\"\n", pl->title, pl->xlabel,
            pl->ylabel);
    if (*pl->scale)
        fprintf(gp, "set logscale %s\n", pl->scale);
    if (!strcmp(pl->style, "lines")) {
        fprintf(gp, "plot for [i=3:%d] '%s.dat' using 1:i with linespoints title columnheader(i)",
                p->ns + 2, pl->name);
        if (pl->ideal)
            fprintf(gp, ", x with lines dashtype 2 title 'ideal'");
        fputc('\n', gp);
        return;
    }
    fprintf(gp,
            "set style data histograms\nset style histogram %s\n"
            "set style fill solid 0.85 border -1\nset boxwidth 0.9\nset yrange [%s:*]\n",
            !strcmp(pl->style, "clustered") ? "clustered gap 1" : "rowstacked",
            *pl->scale ? "*" : "0");
    fprintf(gp, "plot for [i=3:%d] '%s.dat' using i:xtic(2) title columnheader(i)\n", p->ns + 2,
            pl->name);
}

static int write_scripts(const struct bench_results *r, const char *dir)
{
    char path[4200];
    FILE *style = open_in(dir, "style.gp", path, sizeof(path));
    if (!style)
        return -1;
    fprintf(style, "# shared look of the plots: PNG (cairo where available), legend outside\n"
                   "if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {\n"
                   "    set terminal pngcairo size 1100,650 font ',11'\n"
                   "} else {\n"
                   "    set terminal png size 1100,650\n"
                   "}\n"
                   "set datafile missing '?'\nset key outside right top\nset grid\n");
    if (bench_file_close(style, path))
        return -1;
    FILE *gp = open_in(dir, "plots.gp", path, sizeof(path));
    if (!gp)
        return -1;
    fprintf(gp, "# vfview bench plots: run `gnuplot plots.gp` in this directory\n");
    int rc = 0;
    struct pivot *p = malloc(sizeof(*p));
    for (size_t i = 0; p && i < sizeof(plots) / sizeof(plots[0]) && rc == 0; i++) {
        build_pivot(&plots[i], r, p);
        if (p->nx == 0 || p->ns == 0)
            continue;
        rc = write_data(dir, &plots[i], p);
        write_script_entry(gp, &plots[i], p);
    }
    if (!p)
        rc = -1;
    free(p);
    return bench_file_close(gp, path) || rc ? -1 : 0;
}

/* gnuplot plots.gp in dir, its output in dir/gnuplot.log. The exit status, 127 when missing. */
static int run_gnuplot(const char *dir)
{
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        int log = -1;
        if (chdir(dir) == 0)
            log = open("gnuplot.log", O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (log >= 0) {
            dup2(log, 1);
            dup2(log, 2);
            close(log);
            execlp("gnuplot", "gnuplot", "plots.gp", (char *)NULL);
        }
        _exit(127);
    }
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

int bench_plot(const struct bench_results *r, const char *dir)
{
    if (write_scripts(r, dir))
        return -1;
    int status = run_gnuplot(dir);
    if (status == 0)
        return 0;
    if (status == 127)
        fprintf(stderr,
                "vfview bench: gnuplot not found: no PNGs (run `gnuplot plots.gp` in %s "
                "once it is installed)\n",
                dir);
    else
        fprintf(stderr, "vfview bench: gnuplot failed (see %s/gnuplot.log)\n", dir);
    return 1;
}
