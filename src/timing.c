#include "timing.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double clock_ms(clockid_t clock)
{
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

double vf_now_ms(void)
{
    return clock_ms(CLOCK_MONOTONIC);
}

double vf_thread_cpu_ms(void)
{
    return clock_ms(CLOCK_THREAD_CPUTIME_ID);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

struct vf_stats vf_stats_of(double *ms, int n)
{
    struct vf_stats s = {0, 0, 0};
    if (n <= 0)
        return s;
    qsort(ms, (size_t)n, sizeof(*ms), cmp_double);
    s.min = ms[0];
    s.max = ms[n - 1];
    s.median = n % 2 ? ms[n / 2] : 0.5 * (ms[n / 2 - 1] + ms[n / 2]);
    return s;
}

void vf_describe_position(double at_s, double duration_s, bool fine, char *buf, size_t len)
{
    /* rounded once, so that 59.96 s reads 1:00.0 and not 0:60.0 */
    const long per_s = fine ? 1000 : 10;
    const long parts = at_s > 0 ? (long)(at_s * per_s + 0.5) : 0;
    const long whole = duration_s > 0 ? (long)(duration_s + 0.5) : 0;
    int n = snprintf(buf, len, "%ld:%02ld.%0*ld", parts / (60 * per_s),
                     parts % (60 * per_s) / per_s, fine ? 3 : 1, parts % per_s);
    if (duration_s > 0 && n > 0 && (size_t)n < len)
        snprintf(buf + n, len - (size_t)n, " / %ld:%02ld", whole / 60, whole % 60);
}
