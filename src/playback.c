#include "playback.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cpu.h"
#include "cues.h"
#include "gpu.h"
#include "threadpool.h"
#include "queue.h"
#include "recording.h"
#include "timing.h"

enum { SHOWN_COUNT = 4, READY_DEPTH = 2, RECENT_PACKETS = 128 /* about 2.5 s of AAC */ };

struct vf_playback {
    struct vf_decoder *decoder;
    const struct vf_source_info *info;
    struct vf_cpu_fast *cpu;
    struct vf_gpu *gpu;
    struct vf_shown shown[SHOWN_COUNT];
    struct vf_queue *free_shown, *ready;
    pthread_t thread;
    bool thread_running;
    atomic_bool stop, ended;
    pthread_mutex_t lock; /* guards settings, gpu_status, recording */
    /* held while cpu or gpu runs: by the processing thread, or by vf_playback_refilter */
    pthread_mutex_t engines;
    struct vf_settings settings;
    char gpu_status[320];
    struct vf_recording *recording;
    struct closing *closing; /* stopped recordings still being finished, oldest first */
    bool cpu_failed_once;
    bool no_audio, no_subtitles; /* recordings without the input's audio, or its subtitles */
    int subtitle_track;          /* the only one recordings carry; 0: all */
    struct vf_cues *cues;        /* the subtitles the window shows; NULL: none */
    /* the subtitle files the window shows, which its recordings carry too */
    struct vf_subtitle_files subtitle_files;
    struct vf_subtitle_file found[VF_MAX_SUBTITLE_FILES];
    int found_count;
    /* The last packets of sound and subtitles read, oldest at recent_next: the demuxer reads
     * them ahead of the picture on screen (by the video decoder's delay and the queues), so a
     * new recording gets those that go with its first picture and after, just before that
     * picture. */
    AVPacket *recent_packets[RECENT_PACKETS];
    unsigned recent_serial[RECENT_PACKETS];
    int recent_next;
    bool recording_fresh; /* no picture yet: its sound is still only kept in recent_packets */
    int threads;          /* for the recordings' conversions (0: one per core) */
};

/* A stopped recording whose file a thread of its own finishes (UI thread only, no lock). */
struct closing {
    struct closing *next;
    struct vf_recording *recording;
};

/* Where the window's cues can be read ahead from (cues.h): a file on this machine, which a
 * second reader costs little; not a stream, a pipe or a camera. */
static const char *preload_url(const struct vf_playback_config *cfg,
                               const struct vf_source_info *info)
{
    const AVIOContext *io = info->format->pb;
    const char *protocol = cfg->url ? avio_find_protocol_name(cfg->url) : NULL;
    return !cfg->webcam && io && (io->seekable & AVIO_SEEKABLE_NORMAL) && protocol &&
                   !strcmp(protocol, "file") && strcmp(cfg->url, "-")
               ? cfg->url
               : NULL;
}

/* The window's subtitles: the input's tracks, the files asked for, and those beside a
 * local file (mpv's --sub-auto=exact). */
static int open_cues(struct vf_playback *p, const struct vf_playback_config *cfg, char *err,
                     size_t errlen)
{
    const char *url = preload_url(cfg, p->info);
    p->found_count = url ? vf_find_subtitle_files(url, p->found, VF_MAX_SUBTITLE_FILES) : 0;
    p->subtitle_files = (struct vf_subtitle_files){.asked = cfg->subtitle_files,
                                                   .asked_count = cfg->subtitle_file_count,
                                                   .found = p->found,
                                                   .found_count = p->found_count,
                                                   .start_s = p->info->start_s};
    const struct vf_cues_config cc = {
        .format = p->info->format, .preload_url = url, .files = p->subtitle_files};
    return vf_cues_open(&p->cues, &cc, err, errlen);
}

static void put_packet(struct vf_playback *p, struct vf_media_item *item)
{
    vf_cues_add(p->cues, item->packet, item->serial);
    pthread_mutex_lock(&p->lock);
    if (p->recording && !p->recording_fresh)
        vf_recording_push_packet(p->recording, item->packet, item->serial);
    AVPacket **slot = &p->recent_packets[p->recent_next];
    av_packet_free(slot);
    *slot = av_packet_clone(item->packet); /* NULL when out of memory: a packet less kept */
    p->recent_serial[p->recent_next] = item->serial;
    p->recent_next = (p->recent_next + 1) % RECENT_PACKETS;
    pthread_mutex_unlock(&p->lock);
}

/* A CUDA error: the CPU half goes on, the right half says why. */
static void stop_gpu(struct vf_playback *p, const char *why)
{
    pthread_mutex_lock(&p->lock);
    snprintf(p->gpu_status, sizeof(p->gpu_status), "GPU stopped: %s", why);
    pthread_mutex_unlock(&p->lock);
    vf_gpu_close(p->gpu);
    p->gpu = NULL;
}

/* The GPU's half goes up, through the kernel and back while the CPU makes its own half. */
static bool start_gpu(struct vf_playback *p, const struct vf_media_item *src, struct vf_shown *s)
{
    struct vf_gpu_job job = {.filter = &s->settings.filter,
                             .border = s->settings.border,
                             .variant = s->settings.variant,
                             .block = 16};
    char err[256];
    if (vf_gpu_submit_frames(p->gpu, &job, &src->picture, &s->out[VF_HALF_GPU], err, sizeof(err)) ==
        0)
        return true;
    stop_gpu(p, err);
    return false;
}

static void finish_gpu(struct vf_playback *p, struct vf_shown *s)
{
    const struct vf_frame *made;
    struct vf_gpu_timing timing;
    char err[256];
    if (vf_gpu_collect(p->gpu, &made, &timing, err, sizeof(err))) {
        stop_gpu(p, err);
        return;
    }
    vf_gpu_release(p->gpu);
    s->have_gpu = true;
    s->ms[VF_HALF_GPU] = timing.total_ms;
}

/* Both engines on src with the settings set last; the caller holds p->engines. */
static void filter_picture(struct vf_playback *p, const struct vf_media_item *src,
                           struct vf_shown *s)
{
    pthread_mutex_lock(&p->lock);
    s->settings = p->settings;
    pthread_mutex_unlock(&p->lock);
    s->have_cpu = s->have_gpu = false;
    s->ms[0] = s->ms[1] = 0;
    const bool gpu_started = p->gpu && start_gpu(p, src, s);
    if (p->cpu) {
        double started = vf_now_ms();
        s->have_cpu = vf_cpu_fast_run(p->cpu, &s->settings.filter, s->settings.border,
                                      &src->picture, &s->out[VF_HALF_CPU]) == 0;
        s->ms[VF_HALF_CPU] = vf_now_ms() - started;
        if (!s->have_cpu && !p->cpu_failed_once) { /* the left half stays dark until it works */
            p->cpu_failed_once = true;
            fprintf(stderr, "vfview: CPU engine: out of memory for its scratch rows\n");
        }
    }
    if (gpu_started)
        finish_gpu(p, s);
    s->identical = s->have_cpu && s->have_gpu &&
                   vf_frame_equal(&s->out[0], &s->out[1], vf_cpu_fast_pool(p->cpu));
}

/* A new recording's first picture is `first`: before it go the kept packets of its serial that
 * sound with it or after it, or (subtitles) still show then, oldest first, and from then on
 * the packets as they are read. The caller holds p->lock. */
static void push_recent_packets(struct vf_playback *p, const struct vf_media_item *first)
{
    for (int i = 0; i < RECENT_PACKETS; i++) {
        const AVPacket *packet = p->recent_packets[(p->recent_next + i) % RECENT_PACKETS];
        const unsigned serial = p->recent_serial[(p->recent_next + i) % RECENT_PACKETS];
        if (!packet || serial != first->serial)
            continue;
        const AVStream *stream = p->info->format->streams[packet->stream_index];
        const int64_t start = packet->pts != AV_NOPTS_VALUE ? packet->pts : packet->dts;
        const int64_t last = stream->codecpar->codec_type == AVMEDIA_TYPE_SUBTITLE
                                 ? start + packet->duration - 1 /* its last tick on screen */
                                 : start;
        if (start != AV_NOPTS_VALUE &&
            av_compare_ts(last, stream->time_base, first->pts, p->info->time_base) >= 0)
            vf_recording_push_packet(p->recording, packet, serial);
    }
    p->recording_fresh = false;
}

/* Makes s from src, which s keeps (the one it kept before goes back to the decoder's pool). */
static void process(struct vf_playback *p, struct vf_media_item *src, struct vf_shown *s)
{
    vf_item_release(s->source);
    s->source = src;
    pthread_mutex_lock(&p->engines);
    filter_picture(p, src, s);
    pthread_mutex_unlock(&p->engines);
    s->pts = src->pts;
    s->serial = src->serial;
    s->index = src->index;
    pthread_mutex_lock(&p->lock);
    if (p->recording && (s->have_cpu || s->have_gpu)) {
        if (p->recording_fresh)
            push_recent_packets(p, src);
        vf_recording_push_picture(p->recording, &s->out[s->have_cpu ? VF_HALF_CPU : VF_HALF_GPU],
                                  src->pts, src->serial);
    }
    pthread_mutex_unlock(&p->lock);
}

static void *processing_thread(void *arg)
{
    struct vf_playback *p = arg;
    struct vf_media_item *src;
    vf_thread_background();
    while (!atomic_load(&p->stop) && (src = vf_decoder_next(p->decoder))) {
        if (src->kind == VF_ITEM_PACKET) {
            put_packet(p, src);
            vf_item_release(src);
            continue;
        }
        struct vf_shown *s = vf_queue_get(p->free_shown);
        if (!s) {
            vf_item_release(src);
            break;
        }
        process(p, src, s);
        if (vf_queue_put(p->ready, s))
            break;
    }
    atomic_store(&p->ended, true);
    return NULL;
}

static int open_engines(struct vf_playback *p, const struct vf_playback_config *cfg, char *err,
                        size_t errlen)
{
    int w = p->info->width, h = p->info->height;
    if (cfg->use_cpu && !(p->cpu = vf_cpu_fast_create(cfg->threads))) {
        snprintf(err, errlen, "cannot start the CPU engine's threads");
        return -1;
    }
    if (cfg->use_gpu) {
        char why[256];
        p->gpu = vf_gpu_open(w, h, 1, why, sizeof(why));
        if (!p->gpu && !cfg->use_cpu) {
            snprintf(err, errlen, "--engine gpu: %s", why);
            return -1;
        }
        if (!p->gpu)
            snprintf(p->gpu_status, sizeof(p->gpu_status), "%s", why);
    } else {
        snprintf(p->gpu_status, sizeof(p->gpu_status), "GPU half off (--engine cpu)");
    }
    for (int i = 0; i < SHOWN_COUNT; i++) {
        struct vf_shown *s = &p->shown[i];
        if (vf_frame_alloc(&s->out[VF_HALF_CPU], w, h) ||
            (p->gpu ? vf_gpu_frame_alloc : vf_frame_alloc)(&s->out[VF_HALF_GPU], w, h) ||
            vf_queue_put(p->free_shown, s)) {
            snprintf(err, errlen, "out of memory");
            return -1;
        }
    }
    return 0;
}

struct vf_playback *vf_playback_open(const struct vf_playback_config *cfg, char *err, size_t errlen)
{
    struct vf_playback *p = calloc(1, sizeof(*p));
    if (!p) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    pthread_mutex_init(&p->lock, NULL);
    pthread_mutex_init(&p->engines, NULL);
    p->settings = cfg->settings;
    p->free_shown = vf_queue_create(SHOWN_COUNT);
    p->ready = vf_queue_create(READY_DEPTH);
    if (!p->free_shown || !p->ready) {
        snprintf(err, errlen, "out of memory");
        goto fail;
    }
    struct vf_decoder_config dc = {.url = cfg->url,
                                   .webcam = cfg->webcam,
                                   .webcam_format = cfg->webcam_format,
                                   .camera_options = cfg->camera_options,
                                   .camera_option_count = cfg->camera_option_count,
                                   .start = cfg->start,
                                   .end = cfg->end,
                                   .length = cfg->length,
                                   .loop = cfg->loop,
                                   .as_stored = cfg->as_stored,
                                   .keep_hdr = cfg->keep_hdr,
                                   .keep_fields = cfg->keep_fields,
                                   .turn = cfg->turn,
                                   /* a loop turned off ('L') holds there too */
                                   .hold_at_end = !cfg->webcam,
                                   .want_audio = !cfg->no_audio,
                                   .want_subtitles = !cfg->no_subtitles,
                                   .threads = cfg->threads,
                                   .queue_depth = 3,
                                   /* the GPU half copies them by DMA (gpu.h) */
                                   .allocate_picture = cfg->use_gpu ? vf_gpu_frame_alloc : NULL};
    p->decoder = vf_decoder_open(&dc, err, errlen);
    if (!p->decoder)
        goto fail;
    p->info = vf_decoder_info(p->decoder);
    p->no_audio = cfg->no_audio;
    p->no_subtitles = cfg->no_subtitles;
    p->subtitle_track = cfg->subtitle_track;
    if (!cfg->no_subtitles && open_cues(p, cfg, err, errlen))
        goto fail;
    p->threads = cfg->threads;
    if (open_engines(p, cfg, err, errlen) || vf_decoder_start(p->decoder, err, errlen))
        goto fail;
    if (pthread_create(&p->thread, NULL, processing_thread, p)) {
        snprintf(err, errlen, "cannot start the processing thread");
        goto fail;
    }
    p->thread_running = true;
    return p;
fail:
    vf_playback_close(p);
    return NULL;
}

void vf_playback_close(struct vf_playback *p)
{
    if (!p)
        return;
    char msg[1200];
    if (p->recording)
        vf_playback_record_stop(p);
    while (vf_playback_record_result(p, true, msg, sizeof(msg)))
        continue; /* whoever wanted the results took them before closing */
    atomic_store(&p->stop, true);
    if (p->free_shown)
        vf_queue_close(p->free_shown);
    if (p->ready)
        vf_queue_close(p->ready);
    if (p->decoder)
        vf_decoder_interrupt(p->decoder);
    if (p->thread_running)
        pthread_join(p->thread, NULL);
    for (int i = 0; i < SHOWN_COUNT; i++) {
        vf_item_release(p->shown[i].source); /* before its pool goes with the decoder */
        vf_frame_free(&p->shown[i].out[0]);
        vf_frame_free(&p->shown[i].out[1]);
    }
    vf_cues_free(p->cues);
    vf_free_subtitle_files(p->found, p->found_count);
    vf_decoder_close(p->decoder);
    vf_queue_destroy(p->free_shown);
    vf_queue_destroy(p->ready);
    vf_gpu_close(p->gpu);
    vf_cpu_fast_destroy(p->cpu);
    for (int i = 0; i < RECENT_PACKETS; i++)
        av_packet_free(&p->recent_packets[i]);
    pthread_mutex_destroy(&p->lock);
    pthread_mutex_destroy(&p->engines);
    free(p);
}

const struct vf_source_info *vf_playback_info(const struct vf_playback *p)
{
    return p->info;
}

struct vf_cues *vf_playback_cues(struct vf_playback *p)
{
    return p->cues;
}

int vf_playback_add_subtitle_file(struct vf_playback *p, const char *path, char *err, size_t errlen)
{
    if (!p->cues) {
        snprintf(err, errlen, "%s: subtitles off (--no-sub)", path);
        return -1;
    }
    if (p->found_count == VF_MAX_SUBTITLE_FILES) {
        snprintf(err, errlen, "%s: no room for more subtitle files", path);
        return -1;
    }
    struct vf_subtitle_file *kept = &p->found[p->found_count];
    *kept = (struct vf_subtitle_file){.path = strdup(path)};
    if (!kept->path) {
        snprintf(err, errlen, "%s: out of memory", path);
        return -1;
    }
    const int track = vf_cues_add_file(p->cues, path, p->info->start_s, err, errlen);
    if (track < 0) {
        free(kept->path);
        kept->path = NULL;
        return -1;
    }
    /* after the others, as the window numbers it: recordings started from now on carry it */
    p->subtitle_files.found_count = ++p->found_count;
    return track;
}

const char *vf_playback_gpu_status(struct vf_playback *p, char *buf, size_t len)
{
    pthread_mutex_lock(&p->lock);
    snprintf(buf, len, "%s", p->gpu_status);
    pthread_mutex_unlock(&p->lock);
    return buf[0] ? buf : NULL;
}

void vf_playback_set(struct vf_playback *p, const struct vf_settings *s)
{
    pthread_mutex_lock(&p->lock);
    p->settings = *s;
    pthread_mutex_unlock(&p->lock);
}

int vf_playback_refilter(struct vf_playback *p, struct vf_shown *s)
{
    if (!s || !s->source)
        return -1;
    pthread_mutex_lock(&p->engines);
    filter_picture(p, s->source, s);
    pthread_mutex_unlock(&p->engines);
    return s->have_cpu || s->have_gpu ? 0 : -1;
}

struct vf_shown *vf_playback_take(struct vf_playback *p)
{
    return vf_queue_try_get(p->ready);
}

void vf_playback_give_back(struct vf_playback *p, struct vf_shown *s)
{
    if (s)
        vf_queue_put(p->free_shown, s);
}

bool vf_playback_ended(struct vf_playback *p, const char **error)
{
    *error = vf_decoder_error(p->decoder);
    return (atomic_load(&p->ended) || vf_decoder_at_end(p->decoder)) &&
           vf_queue_length(p->ready) == 0;
}

unsigned vf_playback_seek(struct vf_playback *p, double seconds)
{
    return vf_decoder_seek(p->decoder, seconds);
}

void vf_playback_set_loop(struct vf_playback *p, bool loop)
{
    vf_decoder_set_loop(p->decoder, loop);
}

struct recorder_notes {
    const char *path;
    char text[768];
};

/* a notice of the recorder's, after the others, without the path that the window says already */
static void keep_note(const char *line, void *ctx)
{
    struct recorder_notes *notes = ctx;
    const size_t path_len = strlen(notes->path), used = strlen(notes->text);
    if (!strncmp(line, notes->path, path_len) && !strncmp(line + path_len, ": ", 2))
        line += path_len + 2;
    snprintf(notes->text + used, sizeof(notes->text) - used, "%s%s", used ? "; " : "", line);
}

int vf_playback_record_start(struct vf_playback *p, const char *path, const char *codec,
                             const char *format, int audio_track, char *msg, size_t len)
{
    struct recorder_notes notes = {.path = path};
    struct vf_record_config rc = {.path = path,
                                  .codec = codec,
                                  .format = format,
                                  .width = p->info->width,
                                  .height = p->info->height,
                                  .sample_aspect = p->info->sample_aspect,
                                  .time_base = p->info->time_base,
                                  .frame_rate = p->info->frame_rate,
                                  .source = p->info->format,
                                  .no_audio = p->no_audio,
                                  .no_subtitles = p->no_subtitles,
                                  .audio_track = audio_track,
                                  .subtitle_track = p->subtitle_track,
                                  .subtitle_files = p->subtitle_files,
                                  .sound_ends_with_pictures = true,
                                  .threads = p->threads,
                                  .notice = keep_note,
                                  .notice_ctx = &notes};
    struct vf_recording *r = vf_recording_start(&rc, msg, len);
    if (!r)
        return -1;
    snprintf(msg, len, "%s%s%s", vf_recording_describe(r), *notes.text ? ": " : "", notes.text);
    pthread_mutex_lock(&p->lock);
    p->recording = r;
    p->recording_fresh = true;
    pthread_mutex_unlock(&p->lock);
    return 0;
}

void vf_playback_record_stop(struct vf_playback *p)
{
    pthread_mutex_lock(&p->lock);
    struct vf_recording *r = p->recording;
    p->recording = NULL;
    pthread_mutex_unlock(&p->lock);
    if (!r)
        return;
    vf_recording_stop_async(r);
    struct closing *node = calloc(1, sizeof(*node));
    if (!node) { /* out of memory: wait for the file here, its message lost */
        char msg[1200];
        vf_recording_close_finish(r, msg, sizeof(msg));
        return;
    }
    node->recording = r;
    struct closing **tail = &p->closing;
    while (*tail)
        tail = &(*tail)->next;
    *tail = node;
}

int vf_playback_record_result(struct vf_playback *p, bool wait, char *msg, size_t len)
{
    struct closing *node = p->closing;
    if (!node || (!wait && !vf_recording_closed(node->recording)))
        return 0;
    p->closing = node->next;
    int status = vf_recording_close_finish(node->recording, msg, len);
    free(node);
    return status ? -1 : 1;
}

bool vf_playback_record_closing(struct vf_playback *p)
{
    return p->closing != NULL;
}

bool vf_playback_recording(struct vf_playback *p)
{
    pthread_mutex_lock(&p->lock);
    bool on = p->recording != NULL;
    pthread_mutex_unlock(&p->lock);
    return on;
}
