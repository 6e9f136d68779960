/* Progress of a headless run on stderr: a bar redrawn in place on a terminal, a plain line
 * every few seconds otherwise (logs, CI). */
#ifndef VF_PROGRESS_H
#define VF_PROGRESS_H

#include <stdbool.h>
#include <stdio.h>

struct vf_progress {
    FILE *out;
    bool terminal;
    bool quiet; /* --quiet: nothing drawn, nothing logged */
    long total; /* 0 when unknown */
    double started_ms, last_draw_ms;
    bool drawn;     /* a bar is on screen and needs clearing */
    char line[512]; /* the last line vf_progress_line drew */
};

void vf_progress_start(struct vf_progress *p, FILE *out, long total, bool quiet);
/* A status line redrawn in place on a terminal where it changed (the window's, as mpv's),
 * shortened to the terminal's width; nothing elsewhere. vf_progress_finish clears it. */
void vf_progress_line(struct vf_progress *p, const char *text);
/* Redraws when enough time passed since the last time. */
void vf_progress_update(struct vf_progress *p, long done);
/* Clears the bar so that the next line starts clean. */
void vf_progress_finish(struct vf_progress *p);
/* "1:02:03" or "2:03" */
void vf_format_duration(double seconds, char *buf, size_t len);

#endif
