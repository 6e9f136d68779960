/* `vfview bench`: frame-time measurements of every engine on synthetic frames. */
#ifndef VF_BENCH_H
#define VF_BENCH_H

/* argv[0] is "bench". Returns the process exit code. */
int vf_bench_main(int argc, char **argv);

#endif
