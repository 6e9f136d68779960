#include "recording.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

#include "media_item.h"
#include "queue.h"
#include "threadpool.h"

enum { QUEUE_DEPTH = 8 };

struct vf_recording {
    struct vf_recorder *recorder;
    struct vf_item_pool *pool;
    struct vf_queue *queue;
    pthread_t thread;
    atomic_bool failed;
    char path[1024];
    char error[1024];
    /* closing: on the closer thread when there is one */
    pthread_t closer;
    bool closer_running;
    atomic_bool closed;
    int close_status;
    long written;
    char close_error[1024];
};

static void *writer(void *arg)
{
    struct vf_recording *r = arg;
    struct vf_media_item *item;
    vf_thread_background();
    while ((item = vf_queue_get(r->queue))) {
        int rc = 0;
        if (!atomic_load(&r->failed))
            rc = item->kind == VF_ITEM_PACKET
                     ? vf_recorder_write_packet(r->recorder, item->packet, item->serial, r->error,
                                                sizeof(r->error))
                     : vf_recorder_write_picture(r->recorder, &item->picture, item->pts,
                                                 item->serial, r->error, sizeof(r->error));
        if (rc)
            atomic_store(&r->failed, true);
        vf_item_release(item);
    }
    return NULL;
}

static void destroy(struct vf_recording *r)
{
    vf_queue_destroy(r->queue);
    vf_item_pool_destroy(r->pool);
    free(r);
}

struct vf_recording *vf_recording_start(const struct vf_record_config *cfg, char *err,
                                        size_t errlen)
{
    struct vf_recording *r = calloc(1, sizeof(*r));
    if (!r) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    snprintf(r->path, sizeof(r->path), "%s", cfg->path);
    r->pool = vf_item_pool_create(cfg->width, cfg->height, NULL);
    r->queue = vf_queue_create(QUEUE_DEPTH);
    if (!r->pool || !r->queue) {
        snprintf(err, errlen, "out of memory");
        goto fail;
    }
    r->recorder = vf_recorder_open(cfg, err, errlen);
    if (!r->recorder)
        goto fail;
    if (pthread_create(&r->thread, NULL, writer, r)) {
        snprintf(err, errlen, "cannot start the recording thread");
        vf_recorder_close(r->recorder, NULL, NULL, 0);
        goto fail;
    }
    return r;
fail:
    destroy(r);
    return NULL;
}

static int push(struct vf_recording *r, struct vf_media_item *item)
{
    if (!item)
        return -1;
    if (vf_queue_put(r->queue, item)) {
        vf_item_release(item);
        return -1;
    }
    return atomic_load(&r->failed) ? -1 : 0;
}

int vf_recording_push_picture(struct vf_recording *r, const struct vf_frame *picture, int64_t pts,
                              unsigned serial)
{
    if (atomic_load(&r->failed))
        return -1;
    struct vf_media_item *item = vf_item_take(r->pool, VF_ITEM_VIDEO);
    if (item) {
        vf_frame_copy(&item->picture, picture);
        item->pts = pts;
        item->serial = serial;
    }
    return push(r, item);
}

int vf_recording_push_packet(struct vf_recording *r, const AVPacket *packet, unsigned serial)
{
    if (atomic_load(&r->failed))
        return -1;
    struct vf_media_item *item = vf_item_take(r->pool, VF_ITEM_PACKET);
    if (item && !(item->packet = av_packet_clone(packet))) {
        vf_item_release(item);
        item = NULL;
    }
    if (item)
        item->serial = serial;
    return push(r, item);
}

/* Drains the queue, closes the file, keeps the outcome in r. */
static void close_file(struct vf_recording *r)
{
    vf_queue_close(r->queue); /* the writer drains what is queued, then ends */
    pthread_join(r->thread, NULL);
    char err[1024] = "";
    int status = vf_recorder_close(r->recorder, &r->written, err, sizeof(err));
    if (atomic_load(&r->failed))
        snprintf(r->close_error, sizeof(r->close_error), "%s", r->error);
    else if (status)
        snprintf(r->close_error, sizeof(r->close_error), "%s", err);
    r->close_status = status || atomic_load(&r->failed) ? -1 : 0;
    atomic_store(&r->closed, true);
}

static void *closer(void *arg)
{
    vf_thread_background();
    close_file(arg);
    return NULL;
}

void vf_recording_stop_async(struct vf_recording *r)
{
    r->closer_running = pthread_create(&r->closer, NULL, closer, r) == 0;
    if (!r->closer_running) /* no thread: close here, the caller waits this once */
        close_file(r);
}

bool vf_recording_closed(struct vf_recording *r)
{
    return atomic_load(&r->closed);
}

int vf_recording_close_finish(struct vf_recording *r, char *msg, size_t len)
{
    if (r->closer_running)
        pthread_join(r->closer, NULL);
    if (r->close_status)
        snprintf(msg, len, "%s", r->close_error);
    else
        snprintf(msg, len, "%ld frame%s written to %s", r->written, r->written == 1 ? "" : "s",
                 r->path);
    int status = r->close_status;
    destroy(r);
    return status;
}

const char *vf_recording_path(const struct vf_recording *r)
{
    return r->path;
}

const char *vf_recording_describe(const struct vf_recording *r)
{
    return vf_recorder_describe(r->recorder); /* set at open, never written after */
}
