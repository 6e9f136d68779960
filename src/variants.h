/* The GPU kernel variants, named once: bench, CLI, viewer and the CUDA dispatch index this. */
#ifndef VF_VARIANTS_H
#define VF_VARIANTS_H

enum vf_gpu_variant {
    VF_GPU_NAIVE,       /* global memory, one output per thread (the seeds' kernel) */
    VF_GPU_NAIVE_CONST, /* naive, taps in __constant__ memory */
    VF_GPU_TILED,       /* shared-memory input tile with halo */
    VF_GPU_TILED_CONST, /* tiled, taps in __constant__ memory */
    VF_GPU_FAST,        /* production kernel */
    VF_GPU_VARIANT_COUNT
};

extern const char *const vf_gpu_variant_names[VF_GPU_VARIANT_COUNT];
/* Index of `name`, or -1. */
int vf_gpu_variant_find(const char *name);

#endif
