/* `vfview bench`: times engines on synthetic random frames and prints a table and a CSV.
 * Each configuration: warm-up frames, then the median (and min/max) of timed frames, with
 * inputs rotated over several buffers so caches do not flatter the result. */
#include "bench.h"
#include "bench_gpu.h"
#include "cpu.h"
#include "options.h"
#include "timing.h"
#include "variants.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { INPUT_BUFFERS = 3, MAX_ROWS = 64 };

struct bench_row {
    char engine[16], variant[16];
    int block, streams, threads;
    struct vf_stats kernel, with_transfers;
    const char *skipped; /* reason, or NULL when measured */
};

struct bench_run {
    struct vf_bench_config cfg;
    const char *engine, *variants, *csv;
    struct bench_row rows[MAX_ROWS];
    int count;
};

static void usage(FILE *out)
{
    fprintf(out, "usage: vfview bench [options]\n"
                 "  --engine E       cpu, gpu, npp, floor or all (comma-separated; default all)\n"
                 "  --variant V      cpu: ref|fast; gpu: naive|tiled|tiled-const|fast; "
                 "comma-separated or all\n"
                 "  --filter SPEC    filter to time (default: sharpen)\n"
                 "  --border MODE    clamp (default), zero or mirror\n"
                 "  --res WxH        frame size (default: 3840x2160)\n"
                 "  --threads N      CPU threads (default: all cores)\n"
                 "  --frames N       timed frames per row (default: 20)\n"
                 "  --warmup N       untimed frames first (default: 3)\n"
                 "  --block N        GPU block side for naive/tiled: 8, 16 or 32 (default 16)\n"
                 "  --streams N      GPU frames in flight for the transfer timing (default 4)\n"
                 "  --csv FILE       also write the rows as CSV\n");
}

static int parse_int_arg(const char *opt, const char *s, long lo, long hi, int *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (end == s || *end || errno || v < lo || v > hi) {
        fprintf(stderr, "vfview bench: %s: '%s' is not an integer from %ld to %ld\n", opt, s, lo,
                hi);
        return -1;
    }
    *out = (int)v;
    return 0;
}

static int parse_args(int argc, char **argv, struct bench_run *run)
{
    static const struct option longopts[] = {{"engine", required_argument, NULL, 'e'},
                                             {"variant", required_argument, NULL, 'v'},
                                             {"filter", required_argument, NULL, 'f'},
                                             {"border", required_argument, NULL, 'b'},
                                             {"res", required_argument, NULL, 'r'},
                                             {"threads", required_argument, NULL, 't'},
                                             {"frames", required_argument, NULL, 'n'},
                                             {"warmup", required_argument, NULL, 'w'},
                                             {"block", required_argument, NULL, 'B'},
                                             {"streams", required_argument, NULL, 'S'},
                                             {"csv", required_argument, NULL, 'c'},
                                             {"help", no_argument, NULL, 'h'},
                                             {NULL, 0, NULL, 0}};
    struct vf_bench_config *cfg = &run->cfg;
    char err[256];
    vf_filter_default(&cfg->filter, VF_SHARPEN);
    snprintf(cfg->filter_spec, sizeof(cfg->filter_spec), "sharpen");
    cfg->width = 3840;
    cfg->height = 2160;
    cfg->frames = 20;
    cfg->warmup = 3;
    cfg->block = 16;
    cfg->streams = 4;
    run->engine = "all";
    run->variants = "all";
    opterr = 0;
    optind = 0;
    for (int c; (c = getopt_long(argc, argv, ":hf:", longopts, NULL)) != -1;) {
        switch (c) {
        case 'e':
            run->engine = optarg;
            break;
        case 'v':
            run->variants = optarg;
            break;
        case 'f':
            if (vf_filter_parse(optarg, &cfg->filter, err, sizeof(err))) {
                fprintf(stderr, "vfview bench: --filter: %s\n", err);
                return -1;
            }
            snprintf(cfg->filter_spec, sizeof(cfg->filter_spec), "%s", optarg);
            break;
        case 'b':
            if (vf_border_parse(optarg, &cfg->border)) {
                fprintf(stderr, "vfview bench: --border: '%s' is not clamp, zero or mirror\n",
                        optarg);
                return -1;
            }
            break;
        case 'r':
            if (sscanf(optarg, "%dx%d%s", &cfg->width, &cfg->height, err) != 2 || cfg->width < 1 ||
                cfg->height < 1 || cfg->width > 16384 || cfg->height > 16384) {
                fprintf(stderr, "vfview bench: --res: '%s' is not WxH (1..16384 each)\n", optarg);
                return -1;
            }
            break;
        case 't':
            if (parse_int_arg("--threads", optarg, 1, 1024, &cfg->threads))
                return -1;
            break;
        case 'n':
            if (parse_int_arg("--frames", optarg, 1, 100000, &cfg->frames))
                return -1;
            break;
        case 'w':
            if (parse_int_arg("--warmup", optarg, 0, 1000, &cfg->warmup))
                return -1;
            break;
        case 'B':
            if (parse_int_arg("--block", optarg, 8, 32, &cfg->block) ||
                (cfg->block != 8 && cfg->block != 16 && cfg->block != 32)) {
                fprintf(stderr, "vfview bench: --block: must be 8, 16 or 32\n");
                return -1;
            }
            break;
        case 'S':
            if (parse_int_arg("--streams", optarg, 1, 64, &cfg->streams))
                return -1;
            break;
        case 'c':
            run->csv = optarg;
            break;
        case 'h':
            usage(stdout);
            return 1;
        case ':':
            fprintf(stderr, "vfview bench: option '%s' needs a value\n", argv[optind - 1]);
            return -1;
        default:
            fprintf(stderr, "vfview bench: unknown option '%s' (see vfview bench --help)\n",
                    argv[optind - 1]);
            return -1;
        }
    }
    if (optind < argc) {
        fprintf(stderr, "vfview bench: unexpected argument '%s'\n", argv[optind]);
        return -1;
    }
    return 0;
}

/* Is `name` in the comma-separated `list` ("all" matches everything)? */
static int listed(const char *list, const char *name)
{
    if (!strcmp(list, "all"))
        return 1;
    size_t n = strlen(name);
    for (const char *p = list; *p;) {
        size_t m = strcspn(p, ",");
        if (m == n && !strncmp(p, name, n))
            return 1;
        p += m;
        p += *p == ',';
    }
    return 0;
}

static struct bench_row *add_row(struct bench_run *run, const char *engine, const char *variant)
{
    if (run->count == MAX_ROWS)
        return NULL;
    struct bench_row *row = &run->rows[run->count++];
    memset(row, 0, sizeof(*row));
    snprintf(row->engine, sizeof(row->engine), "%s", engine);
    snprintf(row->variant, sizeof(row->variant), "%s", variant);
    row->block = run->cfg.block;
    row->streams = run->cfg.streams;
    return row;
}

static int time_cpu(struct bench_run *run, struct bench_row *row, int fast)
{
    const struct vf_bench_config *cfg = &run->cfg;
    struct vf_frame in[INPUT_BUFFERS], out;
    struct vf_cpu_fast *engine = NULL;
    double *ms = calloc((size_t)cfg->frames, sizeof(*ms));
    int allocated = 0, rc = -1;
    memset(&out, 0, sizeof(out));
    for (; allocated < INPUT_BUFFERS; allocated++) {
        if (vf_frame_alloc(&in[allocated], cfg->width, cfg->height))
            goto done;
        vf_frame_fill_random(&in[allocated], (uint64_t)allocated + 1);
    }
    if (!ms || vf_frame_alloc(&out, cfg->width, cfg->height))
        goto done;
    if (fast && !(engine = vf_cpu_fast_create(cfg->threads)))
        goto done;
    row->threads = fast ? vf_cpu_fast_threads(engine) : 1;
    for (int i = -cfg->warmup; i < cfg->frames; i++) {
        const struct vf_frame *src = &in[(i + cfg->warmup) % INPUT_BUFFERS];
        double t0 = vf_now_ms();
        if (fast) {
            if (vf_cpu_fast_run(engine, &cfg->filter, cfg->border, src, &out))
                goto done;
        } else {
            vf_cpu_ref(&cfg->filter, cfg->border, src, &out);
        }
        if (i >= 0)
            ms[i] = vf_now_ms() - t0;
    }
    row->kernel = vf_stats_of(ms, cfg->frames);
    row->with_transfers = row->kernel;
    rc = 0;
done:
    if (rc)
        row->skipped = "out of memory";
    vf_cpu_fast_destroy(engine);
    vf_frame_free(&out);
    while (allocated-- > 0)
        vf_frame_free(&in[allocated]);
    free(ms);
    return rc;
}

static void collect(struct bench_run *run)
{
    static const char *const cpu_variants[] = {"ref", "fast"};
    if (listed(run->engine, "cpu"))
        for (int v = 0; v < 2; v++)
            if (listed(run->variants, cpu_variants[v])) {
                struct bench_row *row = add_row(run, "cpu", cpu_variants[v]);
                if (row)
                    time_cpu(run, row, v);
            }
    if (listed(run->engine, "floor") || listed(run->engine, "gpu")) {
        struct bench_row *row = add_row(run, "floor", "d2d-copy");
        if (row)
            row->skipped = vf_bench_floor(&run->cfg, &row->kernel, &row->with_transfers);
    }
    if (listed(run->engine, "gpu"))
        for (int v = 0; v < VF_GPU_VARIANT_COUNT; v++) {
            const char *name = vf_gpu_variant_names[v];
            struct bench_row *row = listed(run->variants, name) ? add_row(run, "gpu", name) : NULL;
            if (row)
                row->skipped = vf_bench_gpu(&run->cfg, v, &row->kernel, &row->with_transfers);
        }
    if (listed(run->engine, "npp")) {
        struct bench_row *row = add_row(run, "npp", "filterborder");
        if (row)
            row->skipped = vf_bench_npp(&run->cfg, &row->kernel, &row->with_transfers);
    }
}

static double mpix_per_s(const struct bench_run *run, double ms)
{
    return ms > 0 ? (double)run->cfg.width * run->cfg.height / (ms * 1e3) : 0;
}

static double ref_ms(const struct bench_run *run)
{
    for (int i = 0; i < run->count; i++)
        if (!strcmp(run->rows[i].engine, "cpu") && !strcmp(run->rows[i].variant, "ref") &&
            !run->rows[i].skipped)
            return run->rows[i].kernel.median;
    return 0;
}

static void print_table(const struct bench_run *run)
{
    char desc[96];
    vf_filter_describe(&run->cfg.filter, desc, sizeof(desc));
    printf("%s, border %s, %dx%d RGB planar, median of %d frames after %d warm-up\n", desc,
           vf_border_names[run->cfg.border], run->cfg.width, run->cfg.height, run->cfg.frames,
           run->cfg.warmup);
    printf("%-6s %-12s %7s %10s %10s %10s %12s %10s %9s\n", "engine", "variant", "threads",
           "ms/frame", "min", "max", "ms+transfer", "Mpix/s", "vs ref");
    double ref = ref_ms(run);
    for (int i = 0; i < run->count; i++) {
        const struct bench_row *r = &run->rows[i];
        if (r->skipped) {
            printf("%-6s %-12s skipped: %s\n", r->engine, r->variant, r->skipped);
            continue;
        }
        char speedup[32] = "-";
        if (ref > 0)
            snprintf(speedup, sizeof(speedup), "%.1fx", ref / r->kernel.median);
        printf("%-6s %-12s %7d %10.4f %10.4f %10.4f %12.4f %10.1f %9s\n", r->engine, r->variant,
               r->threads, r->kernel.median, r->kernel.min, r->kernel.max, r->with_transfers.median,
               mpix_per_s(run, r->kernel.median), speedup);
    }
}

static int write_csv(const struct bench_run *run)
{
    FILE *f = fopen(run->csv, "w");
    if (!f) {
        fprintf(stderr, "vfview bench: cannot write %s: %s\n", run->csv, strerror(errno));
        return -1;
    }
    fprintf(f, "suite,engine,variant,filter,size,border,width,height,block,streams,threads,"
               "ms_per_frame,ms_min,ms_max,ms_with_transfers,mpix_per_s,speedup_vs_ref,note\n");
    double ref = ref_ms(run);
    for (int i = 0; i < run->count; i++) {
        const struct bench_row *r = &run->rows[i];
        fprintf(f, "single,%s,%s,%s,%d,%s,%d,%d,%d,%d,%d,", r->engine, r->variant,
                vf_presets[run->cfg.filter.preset].name, run->cfg.filter.size,
                vf_border_names[run->cfg.border], run->cfg.width, run->cfg.height, r->block,
                r->streams, r->threads);
        if (r->skipped)
            fprintf(f, ",,,,,,skipped: %s\n", r->skipped);
        else
            fprintf(f, "%.6f,%.6f,%.6f,%.6f,%.3f,%.3f,\n", r->kernel.median, r->kernel.min,
                    r->kernel.max, r->with_transfers.median, mpix_per_s(run, r->kernel.median),
                    ref > 0 ? ref / r->kernel.median : 0.0);
    }
    int rc = ferror(f) ? -1 : 0;
    if (fclose(f) || rc) {
        fprintf(stderr, "vfview bench: writing %s failed\n", run->csv);
        return -1;
    }
    return 0;
}

int vf_bench_main(int argc, char **argv)
{
    struct bench_run *run = calloc(1, sizeof(*run));
    int rc = 2;
    if (!run) {
        fprintf(stderr, "vfview bench: out of memory\n");
        return 1;
    }
    int parsed = parse_args(argc, argv, run);
    if (parsed) {
        rc = parsed > 0 ? 0 : 2;
        goto done;
    }
    collect(run);
    if (run->count == 0) {
        fprintf(stderr, "vfview bench: no engine/variant matches --engine %s --variant %s\n",
                run->engine, run->variants);
        goto done;
    }
    print_table(run);
    rc = run->csv && write_csv(run) ? 1 : 0;
done:
    free(run);
    return rc;
}
