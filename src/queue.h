/* A bounded blocking FIFO of pointers between two threads. Closing it wakes everyone: the
 * producer stops putting, the consumer drains what is left and then sees the end. */
#ifndef VF_QUEUE_H
#define VF_QUEUE_H

#include <stdbool.h>

struct vf_queue;

/* NULL when out of memory or capacity < 1. */
struct vf_queue *vf_queue_create(int capacity);
/* The queue must be empty or its remaining items owned elsewhere (see vf_queue_drain). */
void vf_queue_destroy(struct vf_queue *q);

/* Blocks while full. Returns 0, or -1 when the queue was closed (the item is not taken). */
int vf_queue_put(struct vf_queue *q, void *item);
/* Blocks while empty and open. Returns the oldest item, or NULL when closed and empty. */
void *vf_queue_get(struct vf_queue *q);
/* Like vf_queue_get but never blocks: NULL when nothing is waiting. */
void *vf_queue_try_get(struct vf_queue *q);

/* Waits at most timeout_ms: 1 with *item set, 0 on timeout, -1 when closed and empty. Lets a
 * consumer notice signals and redraw progress while nothing arrives. */
int vf_queue_get_timed(struct vf_queue *q, int timeout_ms, void **item);

void vf_queue_close(struct vf_queue *q);
bool vf_queue_closed(struct vf_queue *q);
int vf_queue_length(struct vf_queue *q);
/* Removes every waiting item, handing each to `release`. */
void vf_queue_drain(struct vf_queue *q, void (*release)(void *item, void *ctx), void *ctx);

#endif
