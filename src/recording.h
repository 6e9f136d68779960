/* A recording that runs on its own thread, so that encoding never holds up the caller:
 * pictures and audio packets are copied into a bounded queue and written behind it. */
#ifndef VF_RECORDING_H
#define VF_RECORDING_H

#include "record.h"

struct vf_recording;

/* Opens the file (see vf_recorder_open) and starts the writer. NULL with a message. */
struct vf_recording *vf_recording_start(const struct vf_record_config *cfg, char *err,
                                        size_t errlen);
/* Copies the picture; blocks only while the queue is full. -1 once writing has failed. */
int vf_recording_push_picture(struct vf_recording *r, const struct vf_frame *picture, int64_t pts);
int vf_recording_push_audio(struct vf_recording *r, const AVPacket *packet);
/* Writes what is queued, closes the file properly, frees r. *written: pictures in the file.
 * 0, or -1 with the recorder's message. */
int vf_recording_stop(struct vf_recording *r, long *written, char *err, size_t errlen);
const char *vf_recording_path(const struct vf_recording *r);

#endif
