/* vfview: options → the run; nothing else lives here. */
#include <stdio.h>
#include <string.h>

#include "app.h"
#include "bench.h"
#include "build_config.h"
#include "options.h"

int main(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "bench"))
        return vf_bench_main(argc - 1, argv + 1);
    struct vf_options opts;
    char err[512];
    if (vf_options_parse(argc, argv, &opts, err, sizeof(err))) {
        fprintf(stderr, "vfview: %s\n", err);
        return 2;
    }
    if (opts.help) {
        vf_options_usage(stdout);
        return 0;
    }
    if (opts.version) {
        printf("vfview %s (%s)\n", VF_VERSION, vf_build_features());
        return 0;
    }
    return vf_app_run(&opts);
}
