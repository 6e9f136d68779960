/* The CPU engines. Both read `in` and write `out` (same size, separate buffers) and produce
 * identical bytes; `ref` is the obviously-right loop, `fast` the one worth timing. */
#ifndef VF_CPU_H
#define VF_CPU_H

#include <stdbool.h>

#include "filter.h"
#include "frame.h"

void vf_cpu_ref(const struct vf_filter *f, enum vf_border border, const struct vf_frame *in,
                struct vf_frame *out);

struct vf_cpu_fast;
/* threads <= 0: all cores. NULL when out of memory or threads cannot start. */
struct vf_cpu_fast *vf_cpu_fast_create(int threads);
void vf_cpu_fast_destroy(struct vf_cpu_fast *engine);
int vf_cpu_fast_threads(const struct vf_cpu_fast *engine);
/* Its threads, idle between runs: for the same caller's other work on pictures
 * (vf_frame_equal). */
struct vf_pool *vf_cpu_fast_pool(struct vf_cpu_fast *engine);
/* The loops written by hand (cpu_hand.c) run by default where the CPU has AVX2, on the widest
 * vectors it has (AVX-512's or AVX2's). bits <= 0 turns them off, so that the compiler's loops
 * run; 256 keeps them to AVX2's vectors; 512 and up lets them take the widest again. Tests
 * compare every choice. Returns the width now used in bits, 0 for none. */
int vf_cpu_fast_use_hand_loops(struct vf_cpu_fast *engine, int bits);
/* Returns 0, or -1 when scratch memory cannot be allocated. */
int vf_cpu_fast_run(struct vf_cpu_fast *engine, const struct vf_filter *f, enum vf_border border,
                    const struct vf_frame *in, struct vf_frame *out);

#endif
