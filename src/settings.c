#include "settings.h"

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
