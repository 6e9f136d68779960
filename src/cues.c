#include "cues.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "subtitle_decode.h"
#include "subtitle_text.h"
#include "tracks.h"

/* cues kept a track: those around the picture on screen, read a little ahead of it */
enum { CUES_KEPT = 32, CUE_TEXT = 512 };

struct cue {
    double start, end; /* seconds on the input's clock; end INFINITY: until the next cue */
    unsigned serial;
    char text[CUE_TEXT];
};

/* One text track's decoder and its latest cues: a ring, kept[next] the oldest once full. */
struct cue_track {
    AVCodecContext *decoder;
    int number; /* as tracks.h counts them */
    AVRational tb;
    struct cue kept[CUES_KEPT];
    int next, count;
};

struct vf_cues {
    pthread_mutex_t lock;
    int best;                  /* the default track's number */
    int count;                 /* of tracks below */
    struct cue_track **stream; /* by stream index; NULL: no text track */
    int streams;
    struct cue_track tracks[];
};

struct vf_cues *vf_cues_open(const AVFormatContext *format)
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
    return c;
}

void vf_cues_free(struct vf_cues *c)
{
    if (!c)
        return;
    for (int i = 0; i < c->count; i++)
        avcodec_free_context(&c->tracks[i].decoder);
    pthread_mutex_destroy(&c->lock);
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

void vf_cues_add(struct vf_cues *c, const AVPacket *packet, unsigned serial)
{
    if (!c || packet->stream_index < 0 || packet->stream_index >= c->streams ||
        !c->stream[packet->stream_index] || packet->pts == AV_NOPTS_VALUE)
        return;
    struct cue_track *t = c->stream[packet->stream_index];
    AVSubtitle sub;
    if (vf_subtitle_decode(t->decoder, packet, &sub) <= 0)
        return; /* nothing to show, or lost to memory pressure */
    struct cue cue = {.start = packet->pts * av_q2d(t->tb), .serial = serial};
    cue.end = packet->duration > 0 ? cue.start + packet->duration * av_q2d(t->tb)
              : sub.end_display_time != UINT32_MAX && sub.end_display_time > 0
                  ? cue.start + sub.end_display_time / 1000.0
                  : INFINITY;
    cue_text(&sub, cue.text, sizeof(cue.text));
    avsubtitle_free(&sub);
    pthread_mutex_lock(&c->lock);
    for (int i = 0; i < t->count; i++) { /* a cue without an end ends where the next begins */
        struct cue *k = &t->kept[i];
        if (k->serial == serial && isinf(k->end) && k->start < cue.start)
            k->end = cue.start;
    }
    if (cue.text[0]) { /* an empty one (MP4's) only ends the one before */
        t->kept[t->next] = cue;
        t->next = (t->next + 1) % CUES_KEPT;
        if (t->count < CUES_KEPT)
            t->count++;
    }
    pthread_mutex_unlock(&c->lock);
}

bool vf_cues_at(struct vf_cues *c, int track, double seconds, unsigned serial, char *text,
                size_t len)
{
    size_t n = 0;
    text[0] = '\0';
    struct cue_track *t = track_of(c, track);
    if (!t)
        return false;
    pthread_mutex_lock(&c->lock);
    for (int i = 0; i < t->count && n + 1 < len; i++) { /* oldest first */
        const struct cue *k = &t->kept[(t->next - t->count + i + CUES_KEPT) % CUES_KEPT];
        if (k->serial != serial || seconds < k->start || seconds >= k->end)
            continue;
        n += (size_t)snprintf(text + n, len - n, "%s%s", n ? "\n" : "", k->text);
        n = n < len ? n : len - 1;
    }
    pthread_mutex_unlock(&c->lock);
    return n > 0;
}
