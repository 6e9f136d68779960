/* Wall-clock helpers and robust summaries of repeated timings. */
#ifndef VF_TIMING_H
#define VF_TIMING_H

double vf_now_ms(void);

struct vf_stats {
    double median, min, max;
};
/* Sorts `ms` in place. */
struct vf_stats vf_stats_of(double *ms, int n);

#endif
