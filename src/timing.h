/* Wall-clock helpers and robust summaries of repeated timings. */
#ifndef VF_TIMING_H
#define VF_TIMING_H

#include <stdbool.h>
#include <stddef.h>

double vf_now_ms(void);
/* CPU time the calling thread has used: with vf_now_ms, how much of a span it actually ran. */
double vf_thread_cpu_ms(void);

struct vf_stats {
    double median, min, max;
};
/* Sorts `ms` in place. */
struct vf_stats vf_stats_of(double *ms, int n);

/* A playback position as the viewer's panel shows it: "1:05.3 / 2:00", or "1:05.3" where the
 * duration is unknown (<= 0); in milliseconds ("1:05.250") where `fine` (paused, stepping
 * frames). Negative positions show as 0. */
void vf_describe_position(double at_s, double duration_s, bool fine, char *buf, size_t len);

#endif
