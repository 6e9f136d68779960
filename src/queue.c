#include "queue.h"

#include <pthread.h>
#include <stdlib.h>
#include <time.h>

struct vf_queue {
    pthread_mutex_t lock;
    pthread_cond_t changed; /* an item came or went, or the queue closed */
    void **items;
    int capacity, head, count;
    bool closed;
};

struct vf_queue *vf_queue_create(int capacity)
{
    if (capacity < 1)
        return NULL;
    struct vf_queue *q = calloc(1, sizeof(*q));
    if (!q)
        return NULL;
    q->items = calloc((size_t)capacity, sizeof(*q->items));
    if (!q->items) {
        free(q);
        return NULL;
    }
    q->capacity = capacity;
    pthread_mutex_init(&q->lock, NULL);
    pthread_cond_init(&q->changed, NULL);
    return q;
}

void vf_queue_destroy(struct vf_queue *q)
{
    if (!q)
        return;
    pthread_cond_destroy(&q->changed);
    pthread_mutex_destroy(&q->lock);
    free(q->items);
    free(q);
}

int vf_queue_put(struct vf_queue *q, void *item)
{
    pthread_mutex_lock(&q->lock);
    while (q->count == q->capacity && !q->closed)
        pthread_cond_wait(&q->changed, &q->lock);
    int status = -1;
    if (!q->closed) {
        q->items[(q->head + q->count) % q->capacity] = item;
        q->count++;
        status = 0;
        pthread_cond_broadcast(&q->changed);
    }
    pthread_mutex_unlock(&q->lock);
    return status;
}

static void *take_locked(struct vf_queue *q)
{
    void *item = q->items[q->head];
    q->head = (q->head + 1) % q->capacity;
    q->count--;
    pthread_cond_broadcast(&q->changed);
    return item;
}

void *vf_queue_get(struct vf_queue *q)
{
    pthread_mutex_lock(&q->lock);
    while (q->count == 0 && !q->closed)
        pthread_cond_wait(&q->changed, &q->lock);
    void *item = q->count ? take_locked(q) : NULL;
    pthread_mutex_unlock(&q->lock);
    return item;
}

void *vf_queue_try_get(struct vf_queue *q)
{
    pthread_mutex_lock(&q->lock);
    void *item = q->count ? take_locked(q) : NULL;
    pthread_mutex_unlock(&q->lock);
    return item;
}

int vf_queue_get_timed(struct vf_queue *q, int timeout_ms, void **item)
{
    struct timespec deadline;
    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += timeout_ms / 1000;
    deadline.tv_nsec += (long)(timeout_ms % 1000) * 1000000L;
    if (deadline.tv_nsec >= 1000000000L) {
        deadline.tv_sec++;
        deadline.tv_nsec -= 1000000000L;
    }
    pthread_mutex_lock(&q->lock);
    int timed_out = 0;
    while (q->count == 0 && !q->closed && !timed_out)
        timed_out = pthread_cond_timedwait(&q->changed, &q->lock, &deadline) != 0;
    int status = q->count ? 1 : q->closed ? -1 : 0;
    *item = q->count ? take_locked(q) : NULL;
    pthread_mutex_unlock(&q->lock);
    return status;
}

void vf_queue_close(struct vf_queue *q)
{
    pthread_mutex_lock(&q->lock);
    q->closed = true;
    pthread_cond_broadcast(&q->changed);
    pthread_mutex_unlock(&q->lock);
}

bool vf_queue_closed(struct vf_queue *q)
{
    pthread_mutex_lock(&q->lock);
    bool closed = q->closed;
    pthread_mutex_unlock(&q->lock);
    return closed;
}

int vf_queue_length(struct vf_queue *q)
{
    pthread_mutex_lock(&q->lock);
    int count = q->count;
    pthread_mutex_unlock(&q->lock);
    return count;
}

void vf_queue_drain(struct vf_queue *q, void (*release)(void *item, void *ctx), void *ctx)
{
    void *item;
    while ((item = vf_queue_try_get(q)))
        release(item, ctx);
}
