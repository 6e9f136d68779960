/* A recording that runs on its own thread, so that encoding never holds up the caller:
 * pictures and audio packets are copied into a bounded queue and written behind it. */
#ifndef VF_RECORDING_H
#define VF_RECORDING_H

#include <stdbool.h>

#include "record.h"

struct vf_recording;

/* Opens the file (see vf_recorder_open) and starts the writer. NULL with a message. */
struct vf_recording *vf_recording_start(const struct vf_record_config *cfg, char *err,
                                        size_t errlen);
/* Copies the picture; blocks only while the queue is full. -1 once writing has failed. */
int vf_recording_push_picture(struct vf_recording *r, const struct vf_frame *picture, int64_t pts,
                              unsigned serial);
int vf_recording_push_packet(struct vf_recording *r, const AVPacket *packet, unsigned serial);
const char *vf_recording_path(const struct vf_recording *r);
/* what the file holds: vf_recorder_describe's */
const char *vf_recording_describe(const struct vf_recording *r);

/* Stopping: what is queued is written and the file closed properly (encoder flush, trailer)
 * on a thread of its own, seconds for a long queue or a slow codec, so that a window's UI
 * thread goes on at once. r stays valid until vf_recording_close_finish, which waits for the
 * file, frees r, and returns 0 with msg "N frames written to PATH", or -1 with the error
 * (the recording's first). */
void vf_recording_stop_async(struct vf_recording *r);
bool vf_recording_closed(struct vf_recording *r);
int vf_recording_close_finish(struct vf_recording *r, char *msg, size_t len);

#endif
