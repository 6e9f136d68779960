/* One-line notices (a fallback taken, a stream dropped) handed to whoever asked for them. */
#ifndef VF_NOTICE_H
#define VF_NOTICE_H

typedef void (*vf_notice_fn)(const char *line, void *ctx);

/* Formats the line and calls fn(line, ctx); does nothing when fn is NULL. */
void vf_notify(vf_notice_fn fn, void *ctx, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif
