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
/* The hand-written AVX2 loops for 32-bit sums are on by default where the CPU has AVX2 and no
 * AVX-512; off, the compiler's loops run instead (tests compare both). Returns whether they are
 * now on. */
bool vf_cpu_fast_use_avx2(struct vf_cpu_fast *engine, bool on);
/* Returns 0, or -1 when scratch memory cannot be allocated. */
int vf_cpu_fast_run(struct vf_cpu_fast *engine, const struct vf_filter *f, enum vf_border border,
                    const struct vf_frame *in, struct vf_frame *out);

#endif
