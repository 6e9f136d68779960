/* What flows between the media stages: a converted picture with its timestamp, or a packet of
 * another stream (sound, subtitles) passed through untouched. Items come from a pool so that frames
 * are not allocated, page-faulted and zeroed again for every picture. */
#ifndef VF_MEDIA_ITEM_H
#define VF_MEDIA_ITEM_H

#include <stdint.h>

#include <libavcodec/avcodec.h>

#include "frame.h"

enum vf_item_kind { VF_ITEM_VIDEO, VF_ITEM_PACKET };

struct vf_item_pool;

struct vf_media_item {
    enum vf_item_kind kind;
    struct vf_frame picture; /* video: planes in GBRP order (G, B, R) */
    int64_t pts;             /* video: in the source stream's time base, never AV_NOPTS_VALUE */
    int64_t duration;        /* video: same time base, 0 when unknown */
    long index;              /* video: 0, 1, 2... in decoding order */
    unsigned serial;         /* bumped by every seek or loop restart */
    double stage_ms;         /* time the producing stage spent on this item */
    double convert_ms;       /* video from the decoder: the part of stage_ms spent converting */
    AVPacket *packet;        /* a packet's: owned by the item */
    struct vf_media_item *source; /* while a stage makes this item: the item it comes from */
    struct vf_item_pool *pool;
    struct vf_media_item *next_free;
};

/* Pictures of width x height, made by `allocate` (NULL: vf_frame_alloc). NULL when out of
 * memory. */
struct vf_item_pool *vf_item_pool_create(int width, int height, vf_frame_allocator allocate);
/* Every item taken must have been released first. */
void vf_item_pool_destroy(struct vf_item_pool *pool);
/* A recycled item or a new one (thread-safe); NULL when out of memory. Picture contents are
 * whatever the previous user left. */
struct vf_media_item *vf_item_take(struct vf_item_pool *pool, enum vf_item_kind kind);
/* Returns the item to its pool (thread-safe), dropping its packet. NULL is fine. */
void vf_item_release(struct vf_media_item *item);
/* For vf_queue_drain. */
void vf_item_release_cb(void *item, void *unused);

#endif
