/* Wall-clock helpers and robust summaries of repeated timings. */
#ifndef VF_TIMING_H
#define VF_TIMING_H

double vf_now_ms(void);
/* CPU time the calling thread has used: with vf_now_ms, how much of a span it actually ran. */
double vf_thread_cpu_ms(void);

struct vf_stats {
    double median, min, max;
};
/* Sorts `ms` in place. */
struct vf_stats vf_stats_of(double *ms, int n);

#endif
