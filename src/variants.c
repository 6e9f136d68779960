#include "variants.h"

#include <string.h>

const char *const vf_gpu_variant_names[VF_GPU_VARIANT_COUNT] = {"naive", "naive-const", "tiled",
                                                                "tiled-const", "fast"};

int vf_gpu_variant_find(const char *name)
{
    for (int v = 0; v < VF_GPU_VARIANT_COUNT; v++)
        if (!strcmp(name, vf_gpu_variant_names[v]))
            return v;
    return -1;
}
