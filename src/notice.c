#include "notice.h"

#include <stdarg.h>
#include <stdio.h>

void vf_notify(vf_notice_fn fn, void *ctx, const char *fmt, ...)
{
    if (!fn)
        return;
    char line[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof(line), fmt, ap);
    va_end(ap);
    fn(line, ctx);
}
