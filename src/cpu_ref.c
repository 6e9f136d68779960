/* The seeds' sequential loop, kept plain on purpose: every other engine is tested against it. */
#include "cpu.h"

void vf_cpu_ref(const struct vf_filter *f, enum vf_border border, const struct vf_frame *in,
                struct vf_frame *out)
{
    int n = f->size, r = n / 2, w = in->width, h = in->height;
    for (int p = 0; p < VF_PLANES; p++)
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                int32_t sum = 0;
                for (int i = 0; i < n; i++) {
                    int sy = vf_border_index(y + i - r, h, border);
                    for (int j = 0; j < n; j++) {
                        int sx = vf_border_index(x + j - r, w, border);
                        int pixel = sy < 0 || sx < 0 ? 0 : in->plane[p][sy * in->stride + sx];
                        sum += f->taps[i * n + j] * pixel;
                    }
                }
                out->plane[p][y * out->stride + x] = (uint8_t)vf_requantize(sum, f->requant);
            }
}
