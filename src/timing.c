#include "timing.h"

#include <stdlib.h>
#include <time.h>

double vf_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

double vf_thread_cpu_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
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
