/* `vfview bench`: frame times of every engine on synthetic random frames, one configuration or
 * whole suites (bench_suites.c), printed as tables and written as CSV, machine.txt and plots. */
#include "bench.h"
#include "folders.h"
#include "bench_plot.h"
#include "bench_report.h"
#include "bench_suites.h"
#include "parse.h"
#include "variants.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct bench_args {
    struct bench_context ctx;
    const char *suites; /* NULL: the single configuration */
    const char *csv;
    bool filter_given, frames_given, warmup_given;
};

static void usage(FILE *out)
{
    fprintf(out,
            "usage: vfview bench [options]\n"
            "  --suite NAME     run suites (comma-separated or all): resolution, kernel, block,\n"
            "                   memory, transfers, streams, threads, peers, pipeline; without it\n"
            "                   one configuration is timed\n"
            "  --quick          smaller sweeps and fewer frames (about a minute)\n"
            "  --out DIR        write bench.csv, machine.txt and PNG plots there (suites default:\n"
            "                   vfview-bench)\n"
            "  --square         resolution suite: square frames 256..8192 as in seed 000\n"
            "  --input FILE     pipeline suite: the file to decode (default: the bundled sample)\n"
            "  --scale N        divide every frame side by N (smoke runs)\n"
            "  --engine E       cpu, gpu, npp, floor or all (comma-separated; default all)\n"
            "  --variant V      cpu: ref|fast; gpu: naive|naive-const|tiled|tiled-const|fast;\n"
            "                   comma-separated or all (npp and floor rows are not filtered)\n"
            "  --filter SPEC    filter to time (default: sharpen; suites: gaussian:size=5)\n"
            "  --border MODE    clamp (default), zero or mirror\n"
            "  --res WxH        frame size without --suite (default: 3840x2160)\n"
            "  --threads N      CPU threads (default: all cores)\n"
            "  --frames N       timed frames per row (default: 20; --quick: 5)\n"
            "  --warmup N       untimed frames first (default: 3; --quick: 1)\n"
            "  --block N        GPU block side for the seeds' kernels: 8, 16 or 32 (default 16)\n"
            "  --streams N      GPU frames in flight for the transfer timing (default 4)\n"
            "  --wait-each      GPU rows: wait for each frame before launching the next, as the\n"
            "                   window does (default: launched back to back, as a batch runs)\n"
            "  --csv FILE       also write the rows as CSV\n");
}

static int parse_int_arg(const char *opt, const char *s, long lo, long hi, int *out)
{
    long v;
    if (vf_parse_long(s, lo, hi, &v)) {
        fprintf(stderr, "vfview bench: %s: '%s' is not an integer from %ld to %ld\n", opt, s, lo,
                hi);
        return -1;
    }
    *out = (int)v;
    return 0;
}

static int parse_args(int argc, char **argv, struct bench_args *a)
{
    enum { OPT_SUITE = 256, OPT_QUICK, OPT_OUT, OPT_SQUARE, OPT_INPUT, OPT_SCALE, OPT_WAIT_EACH };
    static const struct option longopts[] = {{"suite", required_argument, NULL, OPT_SUITE},
                                             {"quick", no_argument, NULL, OPT_QUICK},
                                             {"out", required_argument, NULL, OPT_OUT},
                                             {"square", no_argument, NULL, OPT_SQUARE},
                                             {"input", required_argument, NULL, OPT_INPUT},
                                             {"scale", required_argument, NULL, OPT_SCALE},
                                             {"engine", required_argument, NULL, 'e'},
                                             {"variant", required_argument, NULL, 'v'},
                                             {"filter", required_argument, NULL, 'f'},
                                             {"border", required_argument, NULL, 'b'},
                                             {"res", required_argument, NULL, 'r'},
                                             {"threads", required_argument, NULL, 't'},
                                             {"frames", required_argument, NULL, 'n'},
                                             {"warmup", required_argument, NULL, 'w'},
                                             {"block", required_argument, NULL, 'B'},
                                             {"streams", required_argument, NULL, 'S'},
                                             {"wait-each", no_argument, NULL, OPT_WAIT_EACH},
                                             {"csv", required_argument, NULL, 'c'},
                                             {"help", no_argument, NULL, 'h'},
                                             {NULL, 0, NULL, 0}};
    struct bench_context *c = &a->ctx;
    struct vf_bench_config *cfg = &c->base;
    char err[256];
    vf_filter_default(&cfg->filter, VF_SHARPEN);
    cfg->width = 3840;
    cfg->height = 2160;
    cfg->frames = 20;
    cfg->warmup = 3;
    cfg->block = 16;
    cfg->streams = 4;
    c->engines = "all";
    c->variants = "all";
    c->scale = 1;
    opterr = 0;
    optind = 0;
    for (int opt; (opt = getopt_long(argc, argv, ":hf:", longopts, NULL)) != -1;) {
        switch (opt) {
        case OPT_SUITE:
            a->suites = optarg;
            break;
        case OPT_QUICK:
            c->quick = true;
            break;
        case OPT_OUT:
            c->out_dir = optarg;
            break;
        case OPT_SQUARE:
            c->square = true;
            break;
        case OPT_INPUT:
            c->input = optarg;
            break;
        case OPT_SCALE:
            if (parse_int_arg("--scale", optarg, 1, 4096, &c->scale))
                return -1;
            break;
        case 'e':
            c->engines = optarg;
            break;
        case 'v':
            c->variants = optarg;
            break;
        case 'f':
            if (vf_filter_parse(optarg, &cfg->filter, err, sizeof(err))) {
                fprintf(stderr, "vfview bench: --filter: %s\n", err);
                return -1;
            }
            a->filter_given = true;
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
            a->frames_given = true;
            break;
        case 'w':
            if (parse_int_arg("--warmup", optarg, 0, 1000, &cfg->warmup))
                return -1;
            a->warmup_given = true;
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
        case OPT_WAIT_EACH:
            cfg->wait_each = true;
            break;
        case 'c':
            a->csv = optarg;
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

static bool suite_known(const char *name)
{
    return vf_bench_suite_find(name) >= 0;
}

static bool engine_known(const char *name)
{
    return vf_bench_in_list("cpu,gpu,npp,floor", name);
}

static bool variant_known(const char *name)
{
    return vf_bench_in_list("ref,fast", name) || vf_gpu_variant_find(name) >= 0;
}

/* Every comma-separated name in an option's list must be "all" or known, so that a misspelt
 * name fails instead of quietly selecting nothing ("all" for --suite is every suite but
 * "single"). `what` names one item in the error; `choices` lists the known ones. */
static int check_names(const char *option, const char *what, const char *list,
                       bool (*known)(const char *), const char *choices)
{
    for (const char *p = list; *p;) {
        size_t m = strcspn(p, ",");
        char name[64];
        snprintf(name, sizeof(name), "%.*s", (int)(m < 63 ? m : 63), p);
        if (strcmp(name, "all") && !known(name)) {
            fprintf(stderr, "vfview bench: %s: unknown %s '%s' (%s, all)\n", option, what, name,
                    choices);
            return -1;
        }
        p += m;
        p += *p == ',';
    }
    return 0;
}

/* The suite defaults: the seeds' 5x5 kernel, and fewer frames per cell in --quick. */
static void suite_defaults(struct bench_args *a)
{
    struct bench_context *c = &a->ctx;
    if (!a->filter_given)
        vf_filter_parse("gaussian:size=5", &c->base.filter, NULL, 0); /* a valid preset */
    if (!a->frames_given)
        c->base.frames = c->quick ? 5 : 20;
    if (!a->warmup_given)
        c->base.warmup = c->quick ? 1 : 3;
    c->base.budget_ms = c->quick ? 250 : 1500;
    c->pipeline_frames = c->quick ? 60 : 300;
    if (!c->out_dir)
        c->out_dir = "vfview-bench";
}

static void run_suites(struct bench_args *a)
{
    struct bench_context *c = &a->ctx;
    for (int i = 0; i < vf_bench_suite_count && !c->out_of_memory && !*c->error; i++) {
        const struct bench_suite *s = &vf_bench_suites[i];
        bool single = !strcmp(s->name, "single");
        bool wanted = !a->suites ? single
                                 : vf_bench_in_list(a->suites, s->name) ||
                                       (!single && vf_bench_in_list(a->suites, "all"));
        if (!wanted)
            continue;
        if (a->suites)
            fprintf(stderr, "vfview bench: suite %s...\n", s->name);
        s->run(c, s->name);
        if (a->suites) {
            bench_print_table(stdout, &c->results, s->name, s->title);
            fflush(stdout);
        }
    }
}

static int write_outputs(struct bench_args *a, int argc, char **argv)
{
    struct bench_context *c = &a->ctx;
    int rc = 0;
    if (a->csv && bench_write_csv(&c->results, a->csv))
        rc = 1;
    if (!c->out_dir)
        return rc;
    char path[4200];
    snprintf(path, sizeof(path), "%s/bench.csv", c->out_dir);
    if (bench_write_csv(&c->results, path))
        return 1;
    snprintf(path, sizeof(path), "%s/machine.txt", c->out_dir);
    if (bench_write_machine(path, argc, argv))
        return 1;
    if (bench_plot(&c->results, c->out_dir) < 0)
        return 1;
    fprintf(stderr, "vfview bench: results in %s (bench.csv, machine.txt, plots)\n", c->out_dir);
    return rc;
}

int vf_bench_main(int argc, char **argv)
{
    struct bench_args *a = calloc(1, sizeof(*a));
    int rc = 2;
    if (!a) {
        fprintf(stderr, "vfview bench: out of memory\n");
        return 1;
    }
    struct bench_context *c = &a->ctx;
    int parsed = parse_args(argc, argv, a);
    if (parsed) {
        rc = parsed > 0 ? 0 : 2;
        goto done;
    }
    if ((a->suites && check_names("--suite", "suite", a->suites, suite_known,
                                  "resolution, kernel, block, memory, transfers, streams, "
                                  "threads, peers, pipeline")) ||
        check_names("--engine", "engine", c->engines, engine_known, "cpu, gpu, npp, floor") ||
        check_names("--variant", "variant", c->variants, variant_known,
                    "ref, fast, naive, naive-const, tiled, tiled-const"))
        goto done;
    if (a->suites)
        suite_defaults(a);
    char folder_err[512];
    if (c->out_dir && vf_make_folders(c->out_dir, 0777, folder_err, sizeof(folder_err))) {
        fprintf(stderr, "vfview bench: --out: %s\n", folder_err);
        rc = 1;
        goto done;
    }
    char gpu[512];
    c->gpu_missing = vf_bench_gpu_probe(gpu, sizeof(gpu));
    if (!a->suites) {
        char desc[96];
        vf_filter_describe(&c->base.filter, desc, sizeof(desc));
        printf("%s, border %s, %dx%d RGB planar, median of %d frames after %d warm-up%s\n", desc,
               vf_border_names[c->base.border], c->base.width, c->base.height, c->base.frames,
               c->base.warmup, c->base.wait_each ? ", GPU frames each waited for" : "");
    }
    run_suites(a);
    rc = 1;
    if (c->out_of_memory) {
        fprintf(stderr, "vfview bench: out of memory\n");
        goto done;
    }
    if (*c->error) { /* what was measured before is still written */
        fprintf(stderr, "vfview bench: %s\n", c->error);
        if (c->results.count > 0)
            write_outputs(a, argc, argv);
        goto done;
    }
    if (c->results.count == 0) {
        fprintf(stderr, "vfview bench: no engine/variant matches --engine %s --variant %s\n",
                c->engines, c->variants);
        rc = 2;
        goto done;
    }
    if (!a->suites)
        bench_print_table(stdout, &c->results, NULL, NULL);
    rc = write_outputs(a, argc, argv);
done:
    bench_results_free(&c->results);
    free(a);
    return rc;
}
