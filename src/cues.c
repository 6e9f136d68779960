#include "cues.h"

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "subtitle_decode.h"
#include "subtitle_text.h"
#include "tracks.h"

/* cues kept a track as they are read: those around the picture on screen, a little ahead */
enum { CUES_KEPT = 32, CUE_TEXT = 512 };
/* cues a track preloaded at most (a film has a few thousand) */
enum { PRELOADED_MAX = 1 << 20 };

struct cue {
    double start, end; /* seconds on the input's clock; end INFINITY: until the next cue */
    unsigned serial;   /* the pictures' it goes with (read: preloaded cues go with all) */
    char *text;        /* plain lines; "" for an empty cue, which only ends the one before */
};

/* One text track: its decoder, its latest cues read with the pictures (a ring, kept[next] the
 * oldest once full), and every cue of the file once the preload read them, by start. */
struct cue_track {
    AVCodecContext *decoder;
    int number; /* as tracks.h counts them */
    int stream;
    AVRational tb;
    struct cue kept[CUES_KEPT];
    int next, count;
    struct cue *all;
    int all_count, all_room;
};

struct vf_cues {
    pthread_mutex_t lock;
    int best;                  /* the default track's number */
    int count;                 /* of tracks below */
    struct cue_track **stream; /* by stream index; NULL: no text track */
    int streams;
    /* The preload: a thread that reads the file's text cues from its start to its end, so that
     * a cue that began before the keyframe a seek went back to still shows. Until it reaches
     * the picture on screen (covered: the latest cue it read begins there), the ring answers. */
    char *url;
    pthread_t preload;
    bool preloading;
    atomic_bool stop;
    double covered; /* under the lock, as is done */
    bool done;
    struct cue_track tracks[];
};

static void free_text(struct cue *k)
{
    free(k->text);
    k->text = NULL;
}

/* The decoded cue's lines, plain, one rect after another. */
static void cue_text(const AVSubtitle *sub, char *text, size_t len)
{
    size_t n = 0;
    text[0] = '\0';
    for (unsigned i = 0; i < sub->num_rects && n + 1 < len; i++) {
        const AVSubtitleRect *r = sub->rects[i];
        const char *from = r->type == SUBTITLE_ASS    ? r->ass
                           : r->type == SUBTITLE_TEXT ? r->text
                                                      : NULL;
        if (!from)
            continue;
        if (n > 0)
            text[n++] = '\n';
        n += vf_subtitle_plain(from, text + n, len - n);
    }
}

/* One packet of t's stream as a cue (its text allocated); false when it holds none, or memory
 * ran out (skipped, as players skip a cue they cannot read). */
static bool decode_cue(const struct cue_track *t, AVCodecContext *decoder, const AVPacket *packet,
                       unsigned serial, struct cue *cue)
{
    AVSubtitle sub;
    if (packet->pts == AV_NOPTS_VALUE || vf_subtitle_decode(decoder, packet, &sub) <= 0)
        return false;
    *cue = (struct cue){.start = packet->pts * av_q2d(t->tb), .serial = serial};
    cue->end = packet->duration > 0 ? cue->start + packet->duration * av_q2d(t->tb)
               : sub.end_display_time != UINT32_MAX && sub.end_display_time > 0
                   ? cue->start + sub.end_display_time / 1000.0
                   : INFINITY;
    char text[CUE_TEXT];
    cue_text(&sub, text, sizeof(text));
    avsubtitle_free(&sub);
    cue->text = strdup(text);
    return cue->text != NULL;
}

/* A cue without an end ends where the next of its serial begins. */
static void end_open_cues(struct cue *cues, int n, const struct cue *next)
{
    for (int i = 0; i < n; i++)
        if (cues[i].serial == next->serial && isinf(cues[i].end) && cues[i].start < next->start)
            cues[i].end = next->start;
}

/* A preloaded cue into t->all, which stays in the order of the starts (the file's order, but
 * for a muxer's slips); the lock held. */
static void keep_preloaded(struct cue_track *t, struct cue *cue)
{
    enum { OPEN_ENDS = 8 }; /* the latest cues, where one without an end can be */
    const int from = t->all_count > OPEN_ENDS ? t->all_count - OPEN_ENDS : 0;
    end_open_cues(t->all + from, t->all_count - from, cue);
    if (!cue->text[0] || t->all_count == PRELOADED_MAX) {
        free_text(cue);
        return;
    }
    if (t->all_count == t->all_room) {
        const int room = t->all_room ? 2 * t->all_room : 64;
        struct cue *grown = realloc(t->all, sizeof(*grown) * (size_t)room);
        if (!grown) {
            free_text(cue);
            return;
        }
        t->all = grown;
        t->all_room = room;
    }
    int at = t->all_count++;
    for (; at > 0 && t->all[at - 1].start > cue->start; at--)
        t->all[at] = t->all[at - 1];
    t->all[at] = *cue;
}

static int preload_interrupted(void *opaque)
{
    return atomic_load(&((struct vf_cues *)opaque)->stop);
}

/* Whether the preload's demuxer has the input's text tracks where the input has them. */
static bool same_tracks(const struct vf_cues *c, const AVFormatContext *f)
{
    if ((int)f->nb_streams != c->streams)
        return false;
    for (int i = 0; i < c->count; i++) {
        const struct cue_track *t = &c->tracks[i];
        if (f->streams[t->stream]->codecpar->codec_id != t->decoder->codec_id)
            return false;
    }
    return true;
}

static void *preload_thread(void *arg)
{
    struct vf_cues *c = arg;
    AVFormatContext *f = avformat_alloc_context();
    AVCodecContext **decoders = calloc((size_t)c->count, sizeof(*decoders));
    AVPacket *packet = av_packet_alloc();
    if (!f || !decoders || !packet)
        goto done;
    f->interrupt_callback.callback = preload_interrupted;
    f->interrupt_callback.opaque = c;
    if (avformat_open_input(&f, c->url, NULL, NULL) < 0 || !same_tracks(c, f))
        goto done; /* (avformat_open_input freed f) */
    for (unsigned i = 0; i < f->nb_streams; i++)
        f->streams[i]->discard = c->stream[i] ? AVDISCARD_DEFAULT : AVDISCARD_ALL;
    for (int i = 0; i < c->count; i++) {
        const AVStream *st = f->streams[c->tracks[i].stream];
        int averr;
        decoders[i] = vf_subtitle_decoder_open(st->codecpar, st->time_base, &averr);
        if (!decoders[i])
            goto done;
    }
    int ret = 0;
    while (!atomic_load(&c->stop) && (ret = av_read_frame(f, packet)) >= 0) {
        struct cue_track *t =
            packet->stream_index < c->streams ? c->stream[packet->stream_index] : NULL;
        struct cue cue;
        if (t && decode_cue(t, decoders[t - c->tracks], packet, 0, &cue)) {
            pthread_mutex_lock(&c->lock);
            keep_preloaded(t, &cue);
            c->covered = fmax(c->covered, cue.start);
            pthread_mutex_unlock(&c->lock);
        }
        av_packet_unref(packet);
    }
    if (ret == AVERROR_EOF) {
        pthread_mutex_lock(&c->lock);
        c->done = true;
        pthread_mutex_unlock(&c->lock);
    }
done:
    for (int i = 0; decoders && i < c->count; i++)
        avcodec_free_context(&decoders[i]);
    free(decoders);
    av_packet_free(&packet);
    avformat_close_input(&f);
    return NULL;
}

struct vf_cues *vf_cues_open(const AVFormatContext *format, const char *preload_url)
{
    const unsigned n = format->nb_streams;
    struct vf_cues *c = calloc(1, sizeof(*c) + n * sizeof(c->tracks[0]));
    struct cue_track **by_stream = calloc(n ? n : 1, sizeof(*by_stream));
    if (!c || !by_stream) {
        free(c);
        free(by_stream);
        return NULL;
    }
    c->stream = by_stream;
    c->streams = (int)n;
    c->covered = -INFINITY;
    pthread_mutex_init(&c->lock, NULL);
    for (unsigned i = 0; i < n; i++) {
        const AVStream *st = format->streams[i];
        int averr;
        if (st->codecpar->codec_type != AVMEDIA_TYPE_SUBTITLE ||
            !vf_subtitle_is_text(st->codecpar->codec_id))
            continue;
        struct cue_track *t = &c->tracks[c->count];
        t->decoder = vf_subtitle_decoder_open(st->codecpar, st->time_base, &averr);
        if (!t->decoder)
            continue; /* no decoder for it here: not shown */
        t->number = vf_track_of(format, AVMEDIA_TYPE_SUBTITLE, (int)i);
        t->stream = (int)i;
        t->tb = st->time_base;
        c->stream[i] = t;
        c->count++;
    }
    if (c->count == 0) {
        vf_cues_free(c);
        return NULL;
    }
    const int best =
        av_find_best_stream((AVFormatContext *)format, AVMEDIA_TYPE_SUBTITLE, -1, -1, NULL, 0);
    c->best = best >= 0 && c->stream[best] ? c->stream[best]->number : c->tracks[0].number;
    /* without the preload (no memory, no thread) the cues read with the pictures still show */
    c->url = preload_url ? strdup(preload_url) : NULL;
    c->preloading = c->url && pthread_create(&c->preload, NULL, preload_thread, c) == 0;
    return c;
}

void vf_cues_free(struct vf_cues *c)
{
    if (!c)
        return;
    atomic_store(&c->stop, true);
    if (c->preloading)
        pthread_join(c->preload, NULL);
    for (int i = 0; i < c->count; i++) {
        struct cue_track *t = &c->tracks[i];
        avcodec_free_context(&t->decoder);
        for (int k = 0; k < t->count; k++)
            free_text(&t->kept[k]);
        for (int k = 0; k < t->all_count; k++)
            free_text(&t->all[k]);
        free(t->all);
    }
    pthread_mutex_destroy(&c->lock);
    free(c->url);
    free(c->stream);
    free(c);
}

int vf_cues_default_track(const struct vf_cues *c)
{
    return c->best;
}

int vf_cues_next_track(const struct vf_cues *c, int track)
{
    for (int i = 0; i < c->count; i++) /* in the order of their numbers */
        if (c->tracks[i].number > track)
            return c->tracks[i].number;
    return 0;
}

static struct cue_track *track_of(struct vf_cues *c, int track)
{
    for (int i = 0; i < c->count; i++)
        if (c->tracks[i].number == track)
            return &c->tracks[i];
    return NULL;
}

bool vf_cues_has_track(const struct vf_cues *c, int track)
{
    return track_of((struct vf_cues *)c, track) != NULL;
}

void vf_cues_add(struct vf_cues *c, const AVPacket *packet, unsigned serial)
{
    if (!c || packet->stream_index < 0 || packet->stream_index >= c->streams ||
        !c->stream[packet->stream_index])
        return;
    struct cue_track *t = c->stream[packet->stream_index];
    struct cue cue;
    if (!decode_cue(t, t->decoder, packet, serial, &cue))
        return;
    pthread_mutex_lock(&c->lock);
    end_open_cues(t->kept, t->count, &cue);
    if (cue.text[0]) {
        free_text(&t->kept[t->next]); /* the oldest, once the ring is full */
        t->kept[t->next] = cue;
        t->next = (t->next + 1) % CUES_KEPT;
        if (t->count < CUES_KEPT)
            t->count++;
    } else {
        free_text(&cue);
    }
    pthread_mutex_unlock(&c->lock);
}

/* The texts of the cues among `cues` (a ring of `ring` from `first`, or an array: ring 0) that
 * show at `seconds` (and go with `serial`, unless NULL), oldest first; the text's length. */
static size_t showing(const struct cue *cues, int n, int first, int ring, double seconds,
                      const unsigned *serial, char *text, size_t len)
{
    size_t used = 0;
    for (int i = 0; i < n && used + 1 < len; i++) {
        const struct cue *k = &cues[ring ? (first + i) % ring : i];
        if ((serial && k->serial != *serial) || seconds < k->start || seconds >= k->end)
            continue;
        used += (size_t)snprintf(text + used, len - used, "%s%s", used ? "\n" : "", k->text);
        used = used < len ? used : len - 1;
    }
    return used;
}

bool vf_cues_at(struct vf_cues *c, int track, double seconds, unsigned serial, char *text,
                size_t len)
{
    text[0] = '\0';
    struct cue_track *t = track_of(c, track);
    if (!t)
        return false;
    size_t n;
    pthread_mutex_lock(&c->lock);
    if (c->done || seconds < c->covered) /* the preload read every cue up to here */
        n = showing(t->all, t->all_count, 0, 0, seconds, NULL, text, len);
    else
        n = showing(t->kept, t->count, (t->next - t->count + CUES_KEPT) % CUES_KEPT, CUES_KEPT,
                    seconds, &serial, text, len);
    pthread_mutex_unlock(&c->lock);
    return n > 0;
}
