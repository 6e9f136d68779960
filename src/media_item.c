#include "media_item.h"

#include <pthread.h>
#include <stdlib.h>

struct vf_item_pool {
    pthread_mutex_t lock;
    int width, height;
    vf_frame_allocator allocate;
    struct vf_media_item *free_list;
};

struct vf_item_pool *vf_item_pool_create(int width, int height, vf_frame_allocator allocate)
{
    struct vf_item_pool *pool = calloc(1, sizeof(*pool));
    if (!pool)
        return NULL;
    pool->width = width;
    pool->height = height;
    pool->allocate = allocate ? allocate : vf_frame_alloc;
    pthread_mutex_init(&pool->lock, NULL);
    return pool;
}

void vf_item_pool_destroy(struct vf_item_pool *pool)
{
    if (!pool)
        return;
    struct vf_media_item *item = pool->free_list;
    while (item) {
        struct vf_media_item *next = item->next_free;
        vf_frame_free(&item->picture);
        free(item);
        item = next;
    }
    pthread_mutex_destroy(&pool->lock);
    free(pool);
}

struct vf_media_item *vf_item_take(struct vf_item_pool *pool, enum vf_item_kind kind)
{
    pthread_mutex_lock(&pool->lock);
    struct vf_media_item *item = pool->free_list;
    if (item)
        pool->free_list = item->next_free;
    pthread_mutex_unlock(&pool->lock);
    if (!item) {
        item = calloc(1, sizeof(*item));
        if (!item)
            return NULL;
        item->pool = pool;
    }
    /* audio items need no picture; a recycled video picture is kept for later reuse */
    if (kind == VF_ITEM_VIDEO && !item->picture.storage &&
        pool->allocate(&item->picture, pool->width, pool->height)) {
        free(item);
        return NULL;
    }
    item->kind = kind;
    item->pts = item->duration = 0;
    item->index = 0;
    item->serial = 0;
    item->stage_ms = 0;
    item->convert_ms = 0;
    item->next_free = NULL;
    item->source = NULL;
    return item;
}

void vf_item_release(struct vf_media_item *item)
{
    if (!item)
        return;
    av_packet_free(&item->packet);
    struct vf_item_pool *pool = item->pool;
    pthread_mutex_lock(&pool->lock);
    item->next_free = pool->free_list;
    pool->free_list = item;
    pthread_mutex_unlock(&pool->lock);
}

void vf_item_release_cb(void *item, void *unused)
{
    (void)unused;
    vf_item_release(item);
}
