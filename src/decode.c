#include "decode.h"

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <libavutil/pixdesc.h>

#include "convert.h"
#include "deinterlace.h"
#include "queue.h"
#include "source.h"
#include "threadpool.h"
#include "timeline.h"
#include "timing.h"
#include "tonemap.h"

/* Consecutive undecodable packets after which the input counts as unreadable. */
enum { MAX_CONSECUTIVE_ERRORS = 64 };
/* Packets of sound and subtitles kept from before the first picture: a bound for inputs whose
 * sound starts long before their video (1024 AAC packets are 20 s or more). */
enum { MAX_EARLY_PACKETS = 1024 };
/* How far before a seek's target the decoder looks for the keyframe it missed (overshot) */
static const double MAX_SEEK_BACK_S = 64;

enum step { STEP_PICTURE, STEP_PACKET, STEP_END, STEP_ERROR };

struct vf_decoder {
    struct vf_decoder_config cfg;
    char name[512];
    struct vf_source_info info;
    AVFormatContext *format;
    struct vf_timeline timeline; /* the format's clock, continuous where it jumps */
    AVCodecContext *codec;
    AVPacket *packet;
    AVFrame *picture;
    struct vf_converter *converter;
    struct vf_tonemap *tonemap;         /* HDR pictures mapped to SDR, into `mapped` */
    struct vf_deinterlace *deinterlace; /* between the codec and the rest; NULL: fields kept */
    AVFrame *mapped;
    struct vf_frame stored;    /* a picture as stored, before it is turned (info.orientation) */
    struct vf_pool *turn_pool; /* the threads that turn it */
    struct vf_item_pool *pool;
    struct vf_queue *queue;
    struct vf_media_item *first; /* decoded by open, queued by start */
    int64_t first_pts;           /* its time */
    int64_t end_pts;             /* pictures from this time on are past end_s; INT64_MAX: none */
    atomic_bool cut;             /* the input ended at end_s */
    /* sound and subtitles read by open before the first picture, queued after it: a ring,
     * oldest first */
    AVPacket *early_packets[MAX_EARLY_PACKETS];
    int early_first, early_count;
    pthread_t thread;
    bool thread_running;
    bool flushing; /* the demuxer ended: the decoder is being drained */
    atomic_bool stop;
    pthread_mutex_t seek_lock; /* over seek_to, seek_serial and last_serial */
    double seek_to;            /* seconds; < 0 when no seek is pending */
    unsigned seek_serial;      /* the pending seek's pictures will carry it */
    unsigned last_serial;      /* the latest one handed out, to a seek or a loop */
    int64_t drop_until; /* after a seek, pictures that end by this pts are decoded, not shown */
    /* the last seek, until its first picture: its target in seconds, and how far before it the
     * demuxer was asked to go (see overshot) */
    double seek_target_s, seek_back_s;
    bool seek_unsettled;
    unsigned serial; /* of the items made now */
    int64_t next_pts;
    long pictures, skipped;
    bool ever_decoded; /* looping needs an input that gave at least one picture */
    atomic_bool at_end;
    atomic_bool loop; /* cfg.loop, or as vf_decoder_set_loop turned it since */
    int consecutive_errors;
    char error[512];
    bool failed;
};

/* One step of demux/decode: a picture in d->picture, an audio packet in d->packet, the end,
 * or an error in d->error. */
static enum step next_step(struct vf_decoder *d)
{
    for (;;) {
        int ret = d->deinterlace ? vf_deinterlace_receive(d->deinterlace, d->codec, d->picture)
                                 : avcodec_receive_frame(d->codec, d->picture);
        if (ret == 0) {
            d->consecutive_errors = 0;
            return STEP_PICTURE;
        }
        if (ret == AVERROR_EOF)
            return STEP_END;
        if (ret != AVERROR(EAGAIN)) {
            /* a damaged picture: skip it, but give up on an input that never decodes */
            d->skipped++;
            if (++d->consecutive_errors >= MAX_CONSECUTIVE_ERRORS) {
                vf_source_say(d->error, sizeof(d->error), "cannot decode the video", ret);
                return STEP_ERROR;
            }
            continue;
        }
        if (d->flushing)
            return STEP_END; /* nothing more will come */
        ret = av_read_frame(d->format, d->packet);
        if (ret == AVERROR(EAGAIN)) { /* a live source with nothing yet */
            usleep(1000);
            continue;
        }
        if (ret == AVERROR_EOF) {
            d->flushing = true;
            ret = avcodec_send_packet(d->codec, NULL); /* the pictures it holds come out */
            if (ret < 0 && ret != AVERROR_EOF) {
                vf_source_say(d->error, sizeof(d->error), "cannot decode the video", ret);
                return STEP_ERROR;
            }
            continue;
        }
        if (ret < 0) {
            vf_source_say(d->error, sizeof(d->error), "read error", ret);
            return STEP_ERROR;
        }
        vf_timeline_mend(&d->timeline, d->format, d->packet);
        int index = d->packet->stream_index;
        if (index == d->info.video_stream) {
            ret = avcodec_send_packet(d->codec, d->packet);
            av_packet_unref(d->packet);
            if (ret < 0 && ret != AVERROR(EAGAIN)) {
                d->skipped++;
                if (++d->consecutive_errors >= MAX_CONSECUTIVE_ERRORS) {
                    vf_source_say(d->error, sizeof(d->error), "cannot decode the video", ret);
                    return STEP_ERROR;
                }
            }
            continue;
        }
        const enum AVMediaType type = d->format->streams[index]->codecpar->codec_type;
        if ((d->cfg.want_audio && type == AVMEDIA_TYPE_AUDIO) ||
            (d->cfg.want_subtitles && type == AVMEDIA_TYPE_SUBTITLE))
            return STEP_PACKET;
        av_packet_unref(d->packet);
    }
}

/* in the stream's time base; 0 or below when unknown */
static int64_t picture_duration(const AVFrame *p)
{
#if LIBAVUTIL_VERSION_INT >= AV_VERSION_INT(58, 2, 100)
    return p->duration;
#else
    return p->pkt_duration;
#endif
}

/* Converts d->picture into a pool item with a timestamp that is never missing and always
 * increases. NULL with d->error set on failure. */
static struct vf_media_item *make_picture_item(struct vf_decoder *d, double started_ms)
{
    struct vf_media_item *item = vf_item_take(d->pool, VF_ITEM_VIDEO);
    if (!item) {
        snprintf(d->error, sizeof(d->error), "out of memory");
        return NULL;
    }
    char err[256];
    double convert_started = vf_now_ms();
    const bool turned = d->stored.storage != NULL;
    const AVFrame *shown = d->picture;
    if (!d->cfg.keep_hdr && vf_tonemap_kind(d->picture)) {
        if (vf_tonemap_run(&d->tonemap, d->cfg.threads, d->picture, d->mapped, err, sizeof(err))) {
            snprintf(d->error, sizeof(d->error), "%s", err);
            vf_item_release(item);
            return NULL;
        }
        shown = d->mapped;
    }
    if (vf_convert_to_planar(d->converter, shown, turned ? &d->stored : &item->picture, err,
                             sizeof(err))) {
        snprintf(d->error, sizeof(d->error), "%s", err);
        vf_item_release(item);
        return NULL;
    }
    if (turned)
        vf_frame_orient(&item->picture, &d->stored, d->info.orientation, d->turn_pool);
    AVFrame *p = d->picture;
    int64_t pts = p->best_effort_timestamp;
    if (pts == AV_NOPTS_VALUE || (d->pictures > 0 && pts < d->next_pts))
        pts = d->next_pts;
    int64_t duration = picture_duration(p);
    int64_t nominal = av_rescale_q(1, av_inv_q(d->info.frame_rate), d->info.time_base);
    item->pts = pts;
    item->duration = duration > 0 ? duration : 0;
    item->index = d->pictures++;
    d->ever_decoded = true;
    item->serial = d->serial;
    d->next_pts = pts + (duration > 0 ? duration : nominal > 0 ? nominal : 1);
    double now = vf_now_ms();
    item->stage_ms = now - started_ms;
    item->convert_ms = now - convert_started;
    return item;
}

/* Serials are handed out in order under the lock, so that the one a seek request gets is
 * known to the asking thread at once and no item made before that seek carries it or a later
 * one. */
static unsigned new_serial(struct vf_decoder *d)
{
    pthread_mutex_lock(&d->seek_lock);
    unsigned serial = ++d->last_serial;
    pthread_mutex_unlock(&d->seek_lock);
    return serial;
}

/* Asks the demuxer for `back` seconds before the target, then decodes from there. */
static int seek_from(struct vf_decoder *d, double target_s, double back_s)
{
    const int64_t target = (int64_t)((target_s - back_s) * AV_TIME_BASE);
    const int64_t ts = vf_timeline_file_time(&d->timeline, target);
    int ret = avformat_seek_file(d->format, -1, INT64_MIN, ts, ts, 0);
    if (ret < 0)
        return ret;
    vf_timeline_sought(&d->timeline, target);
    avcodec_flush_buffers(d->codec);
    vf_deinterlace_reset(d->deinterlace);
    d->flushing = false;
    d->drop_until =
        av_rescale_q((int64_t)(target_s * AV_TIME_BASE), AV_TIME_BASE_Q, d->info.time_base);
    d->pictures = 0;
    d->seek_target_s = target_s;
    d->seek_back_s = back_s;
    d->seek_unsettled = true;
    return 0;
}

static int seek_to(struct vf_decoder *d, double seconds, unsigned serial)
{
    int ret = seek_from(d, seconds, 0);
    if (ret == 0)
        d->serial = serial;
    return ret;
}

/* Whether the last seek went past its target: its first picture (or the end, with none)
 * comes after it. Demuxers that seek by time rather than by keyframe (MPEG-TS) land between
 * keyframes, and the decoder then starts at the next one: a GOP late, or nowhere when no
 * keyframe follows. Then the demuxer is asked again from further back (1 s, 2 s, 4 s...)
 * until a picture before the target comes, the input's start is reached or MAX_SEEK_BACK_S
 * (no keyframes further apart); the pictures before the target are decoded and dropped as
 * after any seek. A target past the input's end is not looked for. `pts`: the first picture's,
 * AV_NOPTS_VALUE at the end. */
static bool overshot(struct vf_decoder *d, int64_t pts)
{
    if (!d->seek_unsettled)
        return false;
    d->seek_unsettled = false;
    const bool late = pts == AV_NOPTS_VALUE || pts > d->drop_until;
    const double back = d->seek_back_s > 0 ? 2 * d->seek_back_s : 1;
    const double into = d->seek_target_s - d->info.start_s;
    if (!late || d->drop_until == AV_NOPTS_VALUE || into - d->seek_back_s <= 0 ||
        back > MAX_SEEK_BACK_S || (d->info.duration_s > 0 && into >= d->info.duration_s))
        return false; /* on time, past the end, or it asked for the start or far enough */
    return seek_from(d, d->seek_target_s, back) == 0;
}

/* Returns true when a seek was asked for (and tried: an unseekable input just plays on). */
static bool take_seek_request(struct vf_decoder *d)
{
    pthread_mutex_lock(&d->seek_lock);
    double target = d->seek_to;
    unsigned serial = d->seek_serial;
    d->seek_to = -1;
    pthread_mutex_unlock(&d->seek_lock);
    if (target >= 0)
        seek_to(d, target, serial);
    return target >= 0;
}

/* hold_at_end: sleeps until a seek request, the loop turned on (it then starts again) or a
 * stop. */
static bool wait_for_seek(struct vf_decoder *d)
{
    const bool looped = atomic_load(&d->loop); /* on already: its seek failed, no second try */
    atomic_store(&d->at_end, true);
    while (!atomic_load(&d->stop)) {
        if (take_seek_request(d) || (!looped && atomic_load(&d->loop))) {
            atomic_store(&d->at_end, false);
            return true;
        }
        usleep(10000);
    }
    return false;
}

/* Whether the decoded picture ends by the time a seek or --start asked for: the one shown is
 * the picture showing at that time. */
static bool ends_before_target(const struct vf_decoder *d)
{
    int64_t pts = d->picture->best_effort_timestamp;
    if (d->drop_until == AV_NOPTS_VALUE || pts == AV_NOPTS_VALUE)
        return false;
    int64_t duration = picture_duration(d->picture);
    if (duration <= 0)
        duration = av_rescale_q(1, av_inv_q(d->info.frame_rate), d->info.time_base);
    return pts + duration <= d->drop_until;
}

/* The same for a packet of sound or subtitles: the demuxer seeks to the keyframe before the
 * target, and the sound from there on would play before the first picture shown. */
static bool packet_ends_before_target(const struct vf_decoder *d, const AVPacket *packet)
{
    if (d->drop_until == AV_NOPTS_VALUE || packet->pts == AV_NOPTS_VALUE)
        return false;
    AVRational tb = d->format->streams[packet->stream_index]->time_base;
    return av_compare_ts(packet->pts + packet->duration, tb, d->drop_until, d->info.time_base) <= 0;
}

/* A packet of sound or subtitles read before the first picture came out of the video decoder
 * (which holds a few packets back, more with threads or B-frames): kept, for the thread to queue
 * after the first picture those that play with it and after it. Those that end before a --start
 * target are not kept; past MAX_EARLY_PACKETS packets the oldest goes. */
static void keep_early_packet(struct vf_decoder *d)
{
    AVPacket *kept = packet_ends_before_target(d, d->packet) ? NULL : av_packet_alloc();
    if (kept) { /* if not, lost to memory pressure: not worth failing the input for */
        av_packet_move_ref(kept, d->packet);
        if (d->early_count == MAX_EARLY_PACKETS) {
            av_packet_free(&d->early_packets[d->early_first]);
            d->early_first = (d->early_first + 1) % MAX_EARLY_PACKETS;
            d->early_count--;
        }
        d->early_packets[(d->early_first + d->early_count++) % MAX_EARLY_PACKETS] = kept;
    }
    av_packet_unref(d->packet);
}

/* The i-th oldest of the packets kept by open. */
static AVPacket **early_packet(struct vf_decoder *d, int i)
{
    return &d->early_packets[(d->early_first + i) % MAX_EARLY_PACKETS];
}

static void free_early_packets(struct vf_decoder *d)
{
    for (int i = 0; i < d->early_count; i++)
        av_packet_free(early_packet(d, i));
    d->early_first = d->early_count = 0;
}

/* Whether a packet sounds (or shows) with the first picture or after it, or is the one just
 * before (an AAC decoder needs the packet before the first it plays: the source's priming). The
 * recording starts with the first picture, as it does after a seek, and trims subtitles that
 * began before it. */
static bool plays_from_first_picture(const struct vf_decoder *d, const AVPacket *packet)
{
    if (packet->pts == AV_NOPTS_VALUE)
        return true;
    AVRational tb = d->format->streams[packet->stream_index]->time_base;
    return av_compare_ts(packet->pts + 2 * packet->duration, tb, d->first_pts, d->info.time_base) >
           0;
}

/* --end: whether the decoded picture comes at or after the end */
static bool picture_past_end(const struct vf_decoder *d)
{
    int64_t pts = d->picture->best_effort_timestamp;
    return pts != AV_NOPTS_VALUE && pts >= d->end_pts;
}

/* The same for a packet of sound or subtitles: not heard, nor recorded. */
static bool packet_past_end(const struct vf_decoder *d, const AVPacket *packet)
{
    if (d->end_pts == INT64_MAX || packet->pts == AV_NOPTS_VALUE)
        return false;
    AVRational tb = d->format->streams[packet->stream_index]->time_base;
    return av_compare_ts(packet->pts, tb, d->end_pts, d->info.time_base) >= 0;
}

/* Queues the packets that open read before the first picture; false if the consumer stopped. */
static bool queue_early_packets(struct vf_decoder *d)
{
    bool consumer_there = true;
    for (int i = 0; i < d->early_count && consumer_there; i++) {
        if (!plays_from_first_picture(d, *early_packet(d, i)) ||
            packet_past_end(d, *early_packet(d, i)))
            continue;
        struct vf_media_item *item = vf_item_take(d->pool, VF_ITEM_PACKET);
        if (!item)
            continue;
        item->packet = *early_packet(d, i);
        *early_packet(d, i) = NULL;
        item->serial = d->serial;
        if (vf_queue_put(d->queue, item)) {
            vf_item_release(item);
            consumer_there = false;
        }
    }
    free_early_packets(d);
    return consumer_there;
}

/* Where a loop starts again: at --start (as mpv's loop-file does), else the input's start. */
static double loop_start(const struct vf_decoder *d)
{
    return d->info.from_s > 0 ? d->info.from_s + d->info.start_s : 0;
}

static void *decode_thread(void *arg)
{
    struct vf_decoder *d = arg;
    vf_thread_background();
    if (!queue_early_packets(d)) {
        vf_queue_close(d->queue);
        return NULL;
    }
    while (!atomic_load(&d->stop)) {
        take_seek_request(d);
        double started = vf_now_ms();
        enum step step = next_step(d);
        struct vf_media_item *item = NULL;
        if (step == STEP_END && overshot(d, AV_NOPTS_VALUE))
            continue;
        if (step == STEP_PICTURE && overshot(d, d->picture->best_effort_timestamp)) {
            av_frame_unref(d->picture);
            continue;
        }
        if (step == STEP_PICTURE && picture_past_end(d)) { /* --end: as if the input ended */
            av_frame_unref(d->picture);
            atomic_store(&d->cut, true);
            step = STEP_END;
        }
        if (step == STEP_END && atomic_load(&d->loop) && d->ever_decoded &&
            seek_to(d, loop_start(d), new_serial(d)) == 0)
            continue;
        if (step == STEP_END && d->cfg.hold_at_end && wait_for_seek(d))
            continue;
        if (step == STEP_END)
            break;
        if (step == STEP_ERROR) {
            d->failed = true;
            break;
        }
        if (step == STEP_PACKET &&
            (packet_ends_before_target(d, d->packet) || packet_past_end(d, d->packet))) {
            av_packet_unref(d->packet); /* from the keyframe before the target, or past --end */
            continue;
        }
        if (step == STEP_PACKET) {
            item = vf_item_take(d->pool, VF_ITEM_PACKET);
            if (item) {
                item->packet = av_packet_clone(d->packet);
                item->serial = d->serial; /* a recording follows the pictures' clock jumps */
            }
            av_packet_unref(d->packet);
            if (!item || !item->packet) {
                vf_item_release(item);
                continue; /* a packet lost to memory pressure is not worth stopping */
            }
        } else {
            if (ends_before_target(d)) {
                av_frame_unref(d->picture);
                continue;
            }
            d->drop_until = AV_NOPTS_VALUE;
            item = make_picture_item(d, started);
            av_frame_unref(d->picture);
            if (!item) {
                d->failed = true;
                break;
            }
        }
        if (vf_queue_put(d->queue, item)) { /* the consumer stopped */
            vf_item_release(item);
            break;
        }
    }
    vf_queue_close(d->queue);
    return NULL;
}

/* Decodes the first picture now, so that undecodable inputs fail in open and the size of
 * every later picture is known before anything downstream is set up. */
static int decode_first(struct vf_decoder *d, char *err, size_t errlen)
{
    double started = vf_now_ms();
    const double from = d->info.from_s;
    const double start = from + d->info.start_s;          /* --start counts from the start */
    if (from > 0 && seek_to(d, start, new_serial(d)) < 0) /* a pipe: decode up to it */
        d->drop_until =
            av_rescale_q((int64_t)(start * AV_TIME_BASE), AV_TIME_BASE_Q, d->info.time_base);
    enum step step;
    for (;;) {
        step = next_step(d);
        if (step == STEP_PACKET) {
            keep_early_packet(d);
            continue;
        }
        if ((step == STEP_PICTURE || step == STEP_END) &&
            overshot(d,
                     step == STEP_PICTURE ? d->picture->best_effort_timestamp : AV_NOPTS_VALUE)) {
            if (step == STEP_PICTURE)
                av_frame_unref(d->picture);
            free_early_packets(d); /* read again from further back */
            continue;
        }
        /* the picture showing at the start time is the last one that begins by then */
        if (step != STEP_PICTURE || !ends_before_target(d))
            break;
        av_frame_unref(d->picture);
    }
    d->drop_until = AV_NOPTS_VALUE;
    if (step == STEP_END && from > 0) {
        char lasts[64] = "";
        if (d->info.duration_s > 0)
            snprintf(lasts, sizeof(lasts), " (the input lasts %g s)", d->info.duration_s);
        snprintf(err, errlen, "%s: --start %s: no picture from there on%s", d->name,
                 d->cfg.start.text, lasts);
        return -1;
    }
    if (step != STEP_PICTURE) {
        snprintf(err, errlen, "%s: %s", d->name,
                 step == STEP_ERROR ? d->error
                                    : "no picture could be decoded (empty or truncated)");
        return -1;
    }
    AVFrame *p = d->picture;
    if (p->width > VF_MAX_SIDE || p->height > VF_MAX_SIDE) {
        snprintf(err, errlen, "%s: %dx%d pictures: vfview takes at most %d pixels a side", d->name,
                 p->width, p->height, VF_MAX_SIDE);
        return -1;
    }
    if (d->cfg.max_pixels > 0 && (long)p->width * p->height > d->cfg.max_pixels) {
        snprintf(err, errlen, "%s: %dx%d pictures are larger than the %ld pixels allowed", d->name,
                 p->width, p->height, d->cfg.max_pixels);
        return -1;
    }
    AVStream *stream = d->format->streams[d->info.video_stream];
    const struct vf_orientation none = {0};
    d->info.orientation = vf_orientation_then(
        d->cfg.as_stored ? none : vf_source_orientation(stream, p), d->cfg.turn);
    vf_orientation_size(d->info.orientation, p->width, p->height, &d->info.width, &d->info.height);
    AVRational sar = av_guess_sample_aspect_ratio(d->format, stream, p);
    if (sar.num <= 0 || sar.den <= 0)
        sar = (AVRational){1, 1};
    av_reduce(&sar.num, &sar.den, sar.num, sar.den, VF_MAX_SIDE);
    d->info.sample_aspect = d->info.orientation.transpose ? av_inv_q(sar) : sar;
    d->info.pixel_format = av_get_pix_fmt_name(p->format);
    if (!d->info.pixel_format)
        d->info.pixel_format = "unknown";
    d->info.hdr = vf_tonemap_kind(p);
    d->info.deinterlaced = vf_deinterlace_active(d->deinterlace);
    d->pool = vf_item_pool_create(d->info.width, d->info.height, d->cfg.allocate_picture);
    d->converter = vf_converter_create(d->cfg.threads);
    const bool turns = !vf_orientation_is_identity(d->info.orientation);
    if (!d->pool || !d->converter || (turns && vf_frame_alloc(&d->stored, p->width, p->height))) {
        snprintf(err, errlen, "%s: out of memory", d->name);
        return -1;
    }
    if (turns && !(d->turn_pool = vf_pool_create(d->cfg.threads))) {
        snprintf(err, errlen, "%s: cannot start the threads that turn its pictures", d->name);
        return -1;
    }
    d->first = make_picture_item(d, started);
    d->first_pts = d->first ? d->first->pts : 0;
    if (d->info.until_s > 0) {
        /* counted from the input's start as --start is; a camera's clock starts anywhere */
        const double zero =
            d->cfg.webcam ? vf_seconds_of(d->first_pts, d->info.time_base) : d->info.start_s;
        d->end_pts = av_rescale_q(llround((zero + d->info.until_s) * AV_TIME_BASE), AV_TIME_BASE_Q,
                                  d->info.time_base);
    }
    d->info.first_pts = d->first_pts;
    d->info.end_pts = d->end_pts;
    av_frame_unref(p);
    if (!d->first) {
        snprintf(err, errlen, "%s: %s", d->name, d->error);
        return -1;
    }
    d->error[0] = '\0';
    return 0;
}

struct vf_decoder *vf_decoder_open(const struct vf_decoder_config *cfg, char *err, size_t errlen)
{
    struct vf_decoder *d = calloc(1, sizeof(*d));
    if (!d) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    d->cfg = *cfg;
    if (d->cfg.queue_depth <= 0)
        d->cfg.queue_depth = 4;
    snprintf(d->name, sizeof(d->name), "%s", cfg->webcam ? cfg->webcam : cfg->url ? cfg->url : "");
    d->info.name = d->name;
    d->seek_to = -1;
    d->drop_until = AV_NOPTS_VALUE;
    d->end_pts = INT64_MAX;
    atomic_init(&d->loop, cfg->loop);
    pthread_mutex_init(&d->seek_lock, NULL);
    if (!cfg->url && !cfg->webcam) {
        snprintf(err, errlen, "no input given");
        goto fail;
    }
    d->packet = av_packet_alloc();
    d->picture = av_frame_alloc();
    d->mapped = av_frame_alloc();
    d->queue = vf_queue_create(d->cfg.queue_depth);
    if (!d->packet || !d->picture || !d->mapped || !d->queue) {
        snprintf(err, errlen, "%s: out of memory", d->name);
        goto fail;
    }
    if (vf_source_open_format(&d->format, &d->cfg, d->name, err, errlen))
        goto fail;
    if (vf_timeline_init(&d->timeline, d->format)) {
        snprintf(err, errlen, "%s: out of memory", d->name);
        goto fail;
    }
    if (vf_source_open_video(d->format, &d->cfg, d->name, &d->codec, &d->info, err, errlen) ||
        vf_source_place_cut(&d->cfg, d->format, d->name, &d->info, err, errlen))
        goto fail;
    if (!d->cfg.keep_fields &&
        !(d->deinterlace = vf_deinterlace_new(d->info.time_base, d->cfg.threads))) {
        snprintf(err, errlen, "%s: out of memory", d->name);
        goto fail;
    }
    if (decode_first(d, err, errlen))
        goto fail;
    d->info.format = d->format;
    return d;
fail:
    vf_decoder_close(d);
    return NULL;
}

const struct vf_source_info *vf_decoder_info(const struct vf_decoder *d)
{
    return &d->info;
}

int vf_decoder_start(struct vf_decoder *d, char *err, size_t errlen)
{
    if (d->thread_running)
        return 0;
    if (d->first && vf_queue_put(d->queue, d->first) == 0)
        d->first = NULL;
    int ret = pthread_create(&d->thread, NULL, decode_thread, d);
    if (ret) {
        snprintf(err, errlen, "%s: cannot start the decoding thread: %s", d->name, strerror(ret));
        return -1;
    }
    d->thread_running = true;
    return 0;
}

struct vf_media_item *vf_decoder_next(struct vf_decoder *d)
{
    return vf_queue_get(d->queue);
}

const char *vf_decoder_error(const struct vf_decoder *d)
{
    return d->failed ? d->error : NULL;
}

bool vf_decoder_cut(const struct vf_decoder *d)
{
    return atomic_load(&d->cut);
}

void vf_decoder_set_loop(struct vf_decoder *d, bool loop)
{
    atomic_store(&d->loop, loop);
}

bool vf_decoder_at_end(const struct vf_decoder *d)
{
    return atomic_load(&d->at_end);
}

long vf_decoder_skipped(const struct vf_decoder *d)
{
    return d->skipped;
}

unsigned vf_decoder_seek(struct vf_decoder *d, double seconds)
{
    pthread_mutex_lock(&d->seek_lock);
    d->seek_to = seconds < 0 ? 0 : seconds;
    unsigned serial = d->seek_serial = ++d->last_serial;
    pthread_mutex_unlock(&d->seek_lock);
    return serial;
}

void vf_decoder_interrupt(struct vf_decoder *d)
{
    atomic_store(&d->stop, true);
    vf_queue_close(d->queue);
}

void vf_decoder_close(struct vf_decoder *d)
{
    if (!d)
        return;
    if (d->thread_running) {
        atomic_store(&d->stop, true);
        vf_queue_close(d->queue); /* unblocks a thread waiting to put */
        pthread_join(d->thread, NULL);
    }
    if (d->queue) {
        vf_queue_drain(d->queue, vf_item_release_cb, NULL);
        vf_queue_destroy(d->queue);
    }
    vf_item_release(d->first);
    free_early_packets(d);
    vf_item_pool_destroy(d->pool);
    vf_converter_destroy(d->converter);
    vf_tonemap_free(d->tonemap);
    vf_deinterlace_free(d->deinterlace);
    av_frame_free(&d->mapped);
    vf_frame_free(&d->stored);
    vf_pool_destroy(d->turn_pool);
    av_frame_free(&d->picture);
    av_packet_free(&d->packet);
    avcodec_free_context(&d->codec);
    avformat_close_input(&d->format);
    vf_timeline_free(&d->timeline);
    pthread_mutex_destroy(&d->seek_lock);
    free(d);
}
