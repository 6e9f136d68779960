#include "cues.h"

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "subtitle_decode.h"
#include "subtitle_text.h"

/* cues kept: those around the picture on screen, read a little ahead of it */
enum { CUES_KEPT = 32, CUE_TEXT = 512 };

struct cue {
    double start, end; /* seconds on the input's clock; end INFINITY: until the next cue */
    unsigned serial;
    char text[CUE_TEXT];
};

struct vf_cues {
    AVCodecContext *decoder;
    int stream;
    AVRational tb;
    pthread_mutex_t lock;
    struct cue kept[CUES_KEPT];
    int next, count; /* the ring: kept[next] is the oldest once it is full */
};

/* the input's best subtitle track if it is text, else its first text one; -1: none */
static int text_track(const AVFormatContext *format)
{
    int best =
        av_find_best_stream((AVFormatContext *)format, AVMEDIA_TYPE_SUBTITLE, -1, -1, NULL, 0);
    for (int i = best >= 0 ? -1 : 0; i < (int)format->nb_streams; i++) {
        const int s = i < 0 ? best : i;
        if (vf_subtitle_is_text(format->streams[s]->codecpar->codec_id))
            return s;
    }
    return -1;
}

struct vf_cues *vf_cues_open(const AVFormatContext *format)
{
    const int stream = text_track(format);
    int averr;
    AVCodecContext *decoder =
        stream >= 0 ? vf_subtitle_decoder_open(format->streams[stream]->codecpar,
                                               format->streams[stream]->time_base, &averr)
                    : NULL;
    struct vf_cues *c = decoder ? calloc(1, sizeof(*c)) : NULL;
    if (!c) {
        avcodec_free_context(&decoder);
        return NULL;
    }
    c->decoder = decoder;
    c->stream = stream;
    c->tb = format->streams[stream]->time_base;
    pthread_mutex_init(&c->lock, NULL);
    return c;
}

void vf_cues_free(struct vf_cues *c)
{
    if (!c)
        return;
    avcodec_free_context(&c->decoder);
    pthread_mutex_destroy(&c->lock);
    free(c);
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
    if (!c || packet->stream_index != c->stream || packet->pts == AV_NOPTS_VALUE)
        return;
    AVSubtitle sub;
    if (vf_subtitle_decode(c->decoder, packet, &sub) <= 0)
        return; /* nothing to show, or lost to memory pressure */
    struct cue cue = {.start = packet->pts * av_q2d(c->tb), .serial = serial};
    cue.end = packet->duration > 0 ? cue.start + packet->duration * av_q2d(c->tb)
              : sub.end_display_time != UINT32_MAX && sub.end_display_time > 0
                  ? cue.start + sub.end_display_time / 1000.0
                  : INFINITY;
    cue_text(&sub, cue.text, sizeof(cue.text));
    avsubtitle_free(&sub);
    pthread_mutex_lock(&c->lock);
    for (int i = 0; i < c->count; i++) { /* a cue without an end ends where the next begins */
        struct cue *k = &c->kept[i];
        if (k->serial == serial && isinf(k->end) && k->start < cue.start)
            k->end = cue.start;
    }
    if (cue.text[0]) { /* an empty one (MP4's) only ends the one before */
        c->kept[c->next] = cue;
        c->next = (c->next + 1) % CUES_KEPT;
        if (c->count < CUES_KEPT)
            c->count++;
    }
    pthread_mutex_unlock(&c->lock);
}

bool vf_cues_at(struct vf_cues *c, double seconds, unsigned serial, char *text, size_t len)
{
    size_t n = 0;
    text[0] = '\0';
    pthread_mutex_lock(&c->lock);
    for (int i = 0; i < c->count && n + 1 < len; i++) { /* oldest first */
        const struct cue *k = &c->kept[(c->next - c->count + i + CUES_KEPT) % CUES_KEPT];
        if (k->serial != serial || seconds < k->start || seconds >= k->end)
            continue;
        n += (size_t)snprintf(text + n, len - n, "%s%s", n ? "\n" : "", k->text);
        n = n < len ? n : len - 1;
    }
    pthread_mutex_unlock(&c->lock);
    return n > 0;
}
