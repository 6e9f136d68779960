#include "settings.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "variants.h"

static void shown_and_chosen(const char *shown, const char *chosen, char *buf, size_t len)
{
    if (strcmp(shown, chosen))
        snprintf(buf, len, "%s → %s", shown, chosen);
    else
        snprintf(buf, len, "%s", shown);
}

void vf_settings_describe(const struct vf_settings *on_screen, const struct vf_settings *chosen,
                          char *buf, size_t len)
{
    char a[128], b[128], filter[260], border[64], variant[64];
    vf_filter_describe(&on_screen->filter, a, sizeof(a));
    vf_filter_describe(&chosen->filter, b, sizeof(b));
    shown_and_chosen(a, b, filter, sizeof(filter));
    shown_and_chosen(vf_border_names[on_screen->border], vf_border_names[chosen->border], border,
                     sizeof(border));
    shown_and_chosen(vf_gpu_variant_names[on_screen->variant],
                     vf_gpu_variant_names[chosen->variant], variant, sizeof(variant));
    snprintf(buf, len, "%s  border %s  variant %s", filter, border, variant);
}

/* values, each right-aligned to the widest, after a label */
static void tap_line(char *buf, const char *label, const int32_t *v, int n, int width)
{
    int used = snprintf(buf, VF_TAPS_LINE, "%s", label);
    for (int i = 0; i < n && used >= 0 && used < VF_TAPS_LINE; i++)
        used += snprintf(buf + used, (size_t)(VF_TAPS_LINE - used), " %*d", width, (int)v[i]);
}

static int digits(const int32_t *v, int n)
{
    int width = 1;
    for (int i = 0; i < n; i++) {
        char s[16];
        int w = snprintf(s, sizeof(s), "%d", (int)v[i]);
        width = w > width ? w : width;
    }
    return width;
}

int vf_filter_taps_text(const struct vf_filter *f, char (*lines)[VF_TAPS_LINE], int max)
{
    const int n = f->size;
    int count = 0;
    if (n <= VF_TAPS_SHOWN_SIZE) {
        int width = digits(f->taps, n * n);
        for (int r = 0; r < n && count < max; r++)
            tap_line(lines[count++], "", f->taps + r * n, n, width);
    } else if (f->separable) {
        int width = digits(f->col, n) > digits(f->row, n) ? digits(f->col, n) : digits(f->row, n);
        if (count < max)
            tap_line(lines[count++], "column", f->col, n, width);
        if (count < max)
            tap_line(lines[count++], "x row ", f->row, n, width);
        if (f->centre && count < max)
            snprintf(lines[count++], VF_TAPS_LINE, "+ %d at the centre", (int)f->centre);
    } else if (count < max) {
        snprintf(lines[count++], VF_TAPS_LINE, "%dx%d taps, not separable: too many to show", n, n);
    }
    if (count < max) {
        int used = snprintf(lines[count], VF_TAPS_LINE, "÷ %d", (int)f->divisor);
        if (f->bias)
            snprintf(lines[count] + used, (size_t)(VF_TAPS_LINE - used), "  bias %+d",
                     (int)f->bias);
        count++;
    }
    return count;
}
