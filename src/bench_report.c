/* Tables, CSV and the machine description of a bench run. */
#include "bench_report.h"
#include "build_config.h"
#include "options.h"

#include <errno.h>
#include <stdbool.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

static void print_header(FILE *out)
{
    fprintf(out, "%-6s %-12s %-8s %-9s %4s %11s %5s %4s %4s %10s %10s %10s %10s %9s %8s\n",
            "engine", "variant", "transfer", "filter", "size", "WxH", "block", "str", "thr",
            "ms/frame", "min", "max", "ms+xfer", "Mpix/s", "vs ref");
}

void bench_print_table(FILE *out, const struct bench_results *r, const char *suite,
                       const char *title)
{
    bool header = false;
    for (int i = 0; i < r->count; i++) {
        const struct bench_cell *c = &r->cell[i];
        if (suite && strcmp(c->suite, suite))
            continue;
        if (!header) {
            if (title)
                fprintf(out, "\n== %s: %s ==\n", c->suite, title);
            print_header(out);
            header = true;
        }
        char wxh[24], block[8] = "-", streams[8] = "-", threads[8] = "-";
        snprintf(wxh, sizeof(wxh), "%dx%d", c->width, c->height);
        if (c->block)
            snprintf(block, sizeof(block), "%d", c->block);
        if (c->streams)
            snprintf(streams, sizeof(streams), "%d", c->streams);
        if (c->threads)
            snprintf(threads, sizeof(threads), "%d", c->threads);
        fprintf(out, "%-6s %-12s %-8s %-9s %4d %11s %5s %4s %4s ", c->engine, c->variant,
                c->transfer, c->filter, c->size, wxh, block, streams, threads);
        if (c->skipped) {
            fprintf(out, "skipped: %s\n", c->note);
            continue;
        }
        char xfer[24] = "-", speedup[24] = "-";
        if (c->ms_with_transfers > 0)
            snprintf(xfer, sizeof(xfer), "%.3f", c->ms_with_transfers);
        if (c->speedup_vs_ref > 0)
            snprintf(speedup, sizeof(speedup), "%.1fx", c->speedup_vs_ref);
        fprintf(out, "%10.3f %10.3f %10.3f %10s %9.1f %8s%s%s\n", c->ms.median, c->ms.min,
                c->ms.max, xfer, bench_mpix_per_s(c), speedup, *c->note ? "  " : "", c->note);
    }
}

int bench_file_close(FILE *f, const char *path)
{
    int failed = ferror(f);
    if (fclose(f) || failed) {
        fprintf(stderr, "vfview bench: writing %s failed\n", path);
        return -1;
    }
    return 0;
}

/* A CSV field that may hold commas or quotes. */
static void put_quoted(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

int bench_write_csv(const struct bench_results *r, const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "vfview bench: cannot write %s: %s\n", path, strerror(errno));
        return -1;
    }
    fprintf(f, "suite,engine,variant,transfer,filter,size,border,width,height,block,streams,"
               "threads,runs,ms_per_frame,ms_min,ms_max,ms_with_transfers,mpix_per_s,"
               "speedup_vs_ref,note\n");
    for (int i = 0; i < r->count; i++) {
        const struct bench_cell *c = &r->cell[i];
        fprintf(f, "%s,%s,%s,%s,%s,%d,%s,%d,%d,%d,%d,%d,%d,", c->suite, c->engine, c->variant,
                c->transfer, c->filter, c->size, vf_border_names[c->border], c->width, c->height,
                c->block, c->streams, c->threads, c->runs);
        if (c->skipped) {
            char note[sizeof(c->note) + 16];
            snprintf(note, sizeof(note), "skipped: %s", c->note);
            fprintf(f, ",,,,,,");
            put_quoted(f, note);
            fputc('\n', f);
            continue;
        }
        fprintf(f, "%.6f,%.6f,%.6f,", c->ms.median, c->ms.min, c->ms.max);
        if (c->ms_with_transfers > 0)
            fprintf(f, "%.6f", c->ms_with_transfers);
        fprintf(f, ",%.3f,", bench_mpix_per_s(c));
        if (c->speedup_vs_ref > 0)
            fprintf(f, "%.3f", c->speedup_vs_ref);
        fputc(',', f);
        put_quoted(f, c->note);
        fputc('\n', f);
    }
    return bench_file_close(f, path);
}

/* The first "key : value" line of a /proc file whose key starts with `key`. */
static void proc_field(const char *file, const char *key, char *out, size_t len)
{
    char line[512];
    FILE *f = fopen(file, "r");
    snprintf(out, len, "unknown");
    if (!f)
        return;
    while (fgets(line, sizeof(line), f)) {
        char *colon = strchr(line, ':');
        if (strncmp(line, key, strlen(key)) || !colon)
            continue;
        colon += 1 + strspn(colon + 1, " \t");
        colon[strcspn(colon, "\n")] = 0;
        snprintf(out, len, "%s", colon);
        break;
    }
    fclose(f);
}

int bench_write_machine(const char *path, int argc, char **argv)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "vfview bench: cannot write %s: %s\n", path, strerror(errno));
        return -1;
    }
    char cpu[256], memory[64], gpu[512], when[64];
    struct utsname os;
    time_t now = time(NULL);
    proc_field("/proc/cpuinfo", "model name", cpu, sizeof(cpu));
    proc_field("/proc/meminfo", "MemTotal", memory, sizeof(memory));
    vf_bench_gpu_probe(gpu, sizeof(gpu));
    strftime(when, sizeof(when), "%Y-%m-%d %H:%M:%S UTC", gmtime(&now));
    fprintf(f, "date: %s\n", when);
    fprintf(f, "cpu: %s\n", cpu);
    fprintf(f, "cores: %ld online\n", sysconf(_SC_NPROCESSORS_ONLN));
    fprintf(f, "memory: %s\n", memory);
    if (uname(&os) == 0)
        fprintf(f, "os: %s %s %s\n", os.sysname, os.release, os.machine);
    fprintf(f, "gpu: %s\n", gpu);
    fprintf(f, "vfview: %s (%s)\n", VF_VERSION, vf_build_features());
    fprintf(f, "command:");
    for (int i = 0; i < argc; i++)
        fprintf(f, " %s", argv[i]);
    fputc('\n', f);
    return bench_file_close(f, path);
}
