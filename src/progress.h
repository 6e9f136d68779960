/* Progress of a headless run on stderr: a bar redrawn in place on a terminal, a plain line
 * every few seconds otherwise (logs, CI). */
#ifndef VF_PROGRESS_H
#define VF_PROGRESS_H

#include <stdbool.h>
#include <stdio.h>

struct vf_progress {
    FILE *out;
    bool terminal;
    long total; /* 0 when unknown */
    double started_ms, last_draw_ms;
    bool drawn; /* a bar is on screen and needs clearing */
};

void vf_progress_start(struct vf_progress *p, FILE *out, long total);
/* Redraws when enough time passed since the last time. */
void vf_progress_update(struct vf_progress *p, long done);
/* Clears the bar so that the next line starts clean. */
void vf_progress_finish(struct vf_progress *p);
/* "1:02:03" or "2:03" */
void vf_format_duration(double seconds, char *buf, size_t len);

#endif
