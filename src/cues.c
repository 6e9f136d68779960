#include "cues.h"

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cue_picture.h"
#include "subtitle_decode.h"
#include "subtitle_text.h"
#include "tracks.h"

/* cues kept a track as they are read: those around the picture on screen, a little ahead */
enum { CUES_KEPT = 32, CUE_TEXT = 512 };
/* cues a track preloaded at most (a film has a few thousand) */
enum { PRELOADED_MAX = 1 << 20 };
/* subtitle files dropped on the window, as tracks after those of the opening */
enum { DROPPED_ROOM = 8 };
/* the cues' ids, apart from those of every input before: the window holds the last it painted */
static atomic_uint_fast64_t cue_ids;

/* A cue with neither text nor picture (or text "") only ends the one before: Blu-ray and DVB
 * subtitles end a cue by one that clears the screen. */
struct cue {
    double start, end; /* seconds on the input's clock; end INFINITY: until the next cue */
    unsigned serial;   /* the pictures' it goes with (read: preloaded cues go with all) */
    char *text;        /* a text track's: plain lines */
    struct vf_kept_picture *picture; /* a track of pictures' */
    uint64_t id; /* its own, apart from every other: the window paints a picture once */
};

/* One track: its decoder, its latest cues read with the pictures (a ring, kept[next] the
 * oldest once full), and every cue of the file once the preload read them, by start. */
struct cue_track {
    AVCodecContext *decoder; /* the cues read with the pictures'; NULL for a file's */
    int number;              /* as tracks.h counts them; a file's after the input's own */
    int stream;              /* the input's; -1: a subtitle file's, read whole (all) */
    bool pictures;           /* cues drawn as pictures */
    int frame_w, frame_h;    /* the picture they are placed on, where the decoder says not */
    char *file;              /* a file's: " en 'film.en.srt': subrip", as tracks.h says */
    AVRational tb;
    struct cue kept[CUES_KEPT];
    int next, count;
    struct cue *all;
    int all_count, all_room;
};

struct vf_cues {
    pthread_mutex_t lock;
    const AVFormatContext *format;
    const AVCodecParameters *video; /* the input's best video stream's; NULL: none */
    int best;                       /* the default track's number */
    int own;                        /* the input's subtitle tracks, text or not */
    int count;                      /* of tracks below: the input's kept, then the files' */
    int files_before;               /* the input's tracks kept: tracks[files_before] is a file's */
    int room;                       /* of tracks: those kept at the opening and DROPPED_ROOM more */
    struct cue_track **stream;      /* by stream index; NULL: no track kept */
    int streams;
    /* The preload: a thread that reads the file's cues from its start to its end, so that
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

static void free_cue(struct cue *k)
{
    free(k->text);
    k->text = NULL;
    vf_picture_free(k->picture);
    k->picture = NULL;
}

static bool cue_empty(const struct cue *k)
{
    return !k->picture && (!k->text || !k->text[0]);
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

/* A cue of a track of pictures kept, or none (an empty cue, which clears the screen); false out
 * of memory. */
static bool keep_picture(const struct cue_track *t, const AVCodecContext *decoder, AVSubtitle *sub,
                         struct cue *cue)
{
    /* Blu-ray's say the size of the picture they were made for; DVD's may not */
    const bool sized = decoder->width > 0 && decoder->height > 0, drawn = vf_picture_cue_drawn(sub);
    if (drawn)
        cue->picture = vf_picture_keep(sub, sized ? decoder->width : t->frame_w,
                                       sized ? decoder->height : t->frame_h);
    avsubtitle_free(sub);
    return cue->picture || !drawn;
}

/* One packet of t's stream as a cue (its text or picture allocated); false when it holds none,
 * or memory ran out (skipped, as players skip a cue they cannot read). */
static bool decode_cue(const struct cue_track *t, AVCodecContext *decoder, const AVPacket *packet,
                       unsigned serial, struct cue *cue)
{
    AVSubtitle sub;
    if (packet->pts == AV_NOPTS_VALUE || vf_subtitle_decode(decoder, packet, &sub) <= 0)
        return false;
    *cue = (struct cue){.start = packet->pts * av_q2d(t->tb),
                        .serial = serial,
                        .id = atomic_fetch_add(&cue_ids, 1) + 1};
    cue->end = packet->duration > 0 ? cue->start + packet->duration * av_q2d(t->tb)
               : sub.end_display_time != UINT32_MAX && sub.end_display_time > 0
                   ? cue->start + sub.end_display_time / 1000.0
                   : INFINITY;
    if (t->pictures)
        return keep_picture(t, decoder, &sub, cue);
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
    if (t->all) /* none yet: no pointer to step from */
        end_open_cues(t->all + from, t->all_count - from, cue);
    if (cue_empty(cue) || t->all_count == PRELOADED_MAX) {
        free_cue(cue);
        return;
    }
    if (t->all_count == t->all_room) {
        const int room = t->all_room ? 2 * t->all_room : 64;
        struct cue *grown = realloc(t->all, sizeof(*grown) * (size_t)room);
        if (!grown) {
            free_cue(cue);
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

/* Whether the preload's demuxer has the input's tracks kept where the input has them. */
static bool same_tracks(const struct vf_cues *c, const AVFormatContext *f)
{
    if ((int)f->nb_streams != c->streams)
        return false;
    for (int i = 0; i < c->files_before; i++) {
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
    /* the input's own tracks, tracks[0..files_before): the window adds files' after them while
     * this runs (vf_cues_add_file), which it leaves alone */
    const int own = c->files_before;
    AVCodecContext **decoders = calloc((size_t)own, sizeof(*decoders));
    AVPacket *packet = av_packet_alloc();
    if (!f || !decoders || !packet)
        goto done;
    f->interrupt_callback.callback = preload_interrupted;
    f->interrupt_callback.opaque = c;
    if (avformat_open_input(&f, c->url, NULL, NULL) < 0 || !same_tracks(c, f))
        goto done; /* (avformat_open_input freed f) */
    for (unsigned i = 0; i < f->nb_streams; i++)
        f->streams[i]->discard = c->stream[i] ? AVDISCARD_DEFAULT : AVDISCARD_ALL;
    for (int i = 0; i < own; i++) {
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
    for (int i = 0; decoders && i < own; i++)
        avcodec_free_context(&decoders[i]);
    free(decoders);
    av_packet_free(&packet);
    avformat_close_input(&f);
    return NULL;
}

/* Whether t's cues (of a stream of `par`) are pictures, and the size of the picture they are
 * placed on: the stream's own (a DVD track's), else the video's (DVB's default is PAL's). */
static void set_kind(const struct vf_cues *c, struct cue_track *t, const AVCodecParameters *par)
{
    t->pictures = vf_subtitle_is_picture(par->codec_id);
    t->frame_w = par->width > 0 ? par->width : c->video ? c->video->width : 0;
    t->frame_h = par->height > 0 ? par->height : c->video ? c->video->height : 0;
}

/* A subtitle file's first track, read whole, as the track after the last one, its times
 * moved by offset_s. 0, or -1 with a line naming the file. */
static int load_file(struct vf_cues *c, const char *path, const char *tag, double offset_s,
                     char *err, size_t errlen)
{
    AVFormatContext *f = NULL;
    AVCodecContext *decoder = NULL;
    AVPacket *packet = av_packet_alloc();
    struct cue_track *t = &c->tracks[c->count];
    int ret, result = -1;
    const int stream = packet ? vf_subtitle_file_open(path, &f, err, errlen) : -1;
    if (!packet)
        snprintf(err, errlen, "%s: out of memory", path);
    if (stream < 0)
        goto fail;
    const AVStream *st = f->streams[stream];
    decoder = vf_subtitle_decoder_open(st->codecpar, st->time_base, &ret);
    if (!decoder) {
        snprintf(err, errlen, "%s: this FFmpeg cannot read its %s subtitles", path,
                 avcodec_get_name(st->codecpar->codec_id));
        goto fail;
    }
    const char *slash = strrchr(path, '/');
    char described[600];
    snprintf(described, sizeof(described), "%s%s '%s': %s", *tag ? " " : "", tag,
             slash ? slash + 1 : path, avcodec_get_name(st->codecpar->codec_id));
    *t = (struct cue_track){.number = c->own + (c->count - c->files_before) + 1,
                            .stream = -1,
                            .tb = st->time_base,
                            .file = strdup(described)};
    set_kind(c, t, st->codecpar);
    while ((ret = av_read_frame(f, packet)) >= 0) {
        struct cue cue;
        if (packet->stream_index == stream && decode_cue(t, decoder, packet, 0, &cue)) {
            cue.start += offset_s;
            cue.end += offset_s;
            keep_preloaded(t, &cue);
        }
        av_packet_unref(packet);
    }
    c->count++;
    result = 0;
fail:
    avcodec_free_context(&decoder);
    avformat_close_input(&f);
    av_packet_free(&packet);
    return result;
}

int vf_cues_open(struct vf_cues **out, const struct vf_cues_config *cfg, char *err, size_t errlen)
{
    const AVFormatContext *format = cfg->format;
    const unsigned n = format->nb_streams;
    const int files = cfg->files.asked_count + cfg->files.found_count;
    const unsigned room = n + (unsigned)files + DROPPED_ROOM;
    struct vf_cues *c = calloc(1, sizeof(*c) + room * sizeof(c->tracks[0]));
    struct cue_track **by_stream = calloc(n ? n : 1, sizeof(*by_stream));
    *out = NULL;
    if (!c || !by_stream) {
        free(c);
        free(by_stream);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    c->format = format;
    c->room = (int)room;
    c->stream = by_stream;
    c->streams = (int)n;
    c->covered = -INFINITY;
    c->own = vf_track_count(format, AVMEDIA_TYPE_SUBTITLE);
    pthread_mutex_init(&c->lock, NULL);
    const int video =
        av_find_best_stream((AVFormatContext *)format, AVMEDIA_TYPE_VIDEO, -1, -1, NULL, 0);
    c->video = video >= 0 ? format->streams[video]->codecpar : NULL;
    for (unsigned i = 0; i < n; i++) {
        const AVStream *st = format->streams[i];
        const enum AVCodecID id = st->codecpar->codec_id;
        int averr;
        if (st->codecpar->codec_type != AVMEDIA_TYPE_SUBTITLE ||
            (!vf_subtitle_is_text(id) && !vf_subtitle_is_picture(id)))
            continue;
        struct cue_track *t = &c->tracks[c->count];
        t->decoder = vf_subtitle_decoder_open(st->codecpar, st->time_base, &averr);
        if (!t->decoder)
            continue; /* no decoder for it here: not shown */
        t->number = vf_track_of(format, AVMEDIA_TYPE_SUBTITLE, (int)i);
        t->stream = (int)i;
        t->tb = st->time_base;
        set_kind(c, t, st->codecpar);
        c->stream[i] = t;
        c->count++;
    }
    c->files_before = c->count;
    /* the files asked for must open; those found beside the input are skipped if they do not */
    for (int i = 0; i < files; i++) {
        const char *tag, *path = vf_subtitle_files_path(&cfg->files, i, &tag);
        char why[1200];
        if (load_file(c, path, tag, cfg->files.start_s, why, sizeof(why)) &&
            i < cfg->files.asked_count) {
            snprintf(err, errlen, "%s", why);
            vf_cues_free(c);
            return -1;
        }
    }
    const int best =
        av_find_best_stream((AVFormatContext *)format, AVMEDIA_TYPE_SUBTITLE, -1, -1, NULL, 0);
    c->best = best >= 0 && c->stream[best] ? c->stream[best]->number
              : c->count                   ? c->tracks[0].number
                                           : 0;
    /* without the preload (no memory, no thread) the cues read with the pictures still show */
    c->url = cfg->preload_url && c->files_before > 0 ? strdup(cfg->preload_url) : NULL;
    c->preloading = c->url && pthread_create(&c->preload, NULL, preload_thread, c) == 0;
    *out = c;
    return 0;
}

int vf_cues_add_file(struct vf_cues *c, const char *path, double start_s, char *err, size_t errlen)
{
    if (c->count == c->room) {
        snprintf(err, errlen, "%s: no room for more subtitle files", path);
        return -1;
    }
    /* the UI thread alone reads the files' tracks and the count (the preload reads the input's
     * own, the processing thread those of c->stream): the new track is made in its slot, then
     * counted */
    return load_file(c, path, "", start_s, err, errlen) ? -1 : c->tracks[c->count - 1].number;
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
            free_cue(&t->kept[k]);
        for (int k = 0; k < t->all_count; k++)
            free_cue(&t->all[k]);
        free(t->all);
        free(t->file);
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

int vf_cues_step_track(const struct vf_cues *c, int track, int step)
{
    /* the tracks are in the order of their numbers */
    for (int k = 0; k < c->count; k++) {
        const int number = c->tracks[step > 0 ? k : c->count - 1 - k].number;
        if (step > 0 ? number > track : track == 0 || number < track)
            return number;
    }
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

int vf_cues_track_count(const struct vf_cues *c)
{
    return c->own + (c->count - c->files_before);
}

void vf_cues_describe(const struct vf_cues *c, int track, char *buf, size_t len)
{
    const struct cue_track *t = track_of((struct vf_cues *)c, track);
    const int stream = vf_track_stream(c->format, AVMEDIA_TYPE_SUBTITLE, track);
    if (t && t->file)
        snprintf(buf, len, "%d/%d%s", track, vf_cues_track_count(c), t->file);
    else if (stream >= 0)
        vf_stream_describe(c->format->streams[stream], track, vf_cues_track_count(c), buf, len);
    else
        snprintf(buf, len, "%d/%d: none", track, vf_cues_track_count(c));
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
    if (!cue_empty(&cue)) {
        free_cue(&t->kept[t->next]); /* the oldest, once the ring is full */
        t->kept[t->next] = cue;
        t->next = (t->next + 1) % CUES_KEPT;
        if (t->count < CUES_KEPT)
            t->count++;
    } else {
        free_cue(&cue);
    }
    pthread_mutex_unlock(&c->lock);
}

/* Some of a track's cues: its ring, or its list read whole */
struct cue_list {
    const struct cue *cues;
    int n, first, ring;     /* a ring of `ring` from `first`, or an array: ring 0 */
    const unsigned *serial; /* NULL: every serial */
};

/* The cues of t that answer for `seconds`: every one of the file, where the preload has read
 * up to there (or t is a file's), else the ring's of `serial`. */
static struct cue_list cues_for(const struct vf_cues *c, const struct cue_track *t, double seconds,
                                const unsigned *serial)
{
    if (t->stream < 0 || c->done || seconds < c->covered) /* every cue up to here is read */
        return (struct cue_list){.cues = t->all, .n = t->all_count};
    return (struct cue_list){.cues = t->kept,
                             .n = t->count,
                             .first = (t->next - t->count + CUES_KEPT) % CUES_KEPT,
                             .ring = CUES_KEPT,
                             .serial = serial};
}

/* The i-th of l's cues, whether it shows at `seconds`. */
static const struct cue *cue_showing(const struct cue_list *l, int i, double seconds)
{
    const struct cue *k = &l->cues[l->ring ? (l->first + i) % l->ring : i];
    return (l->serial && k->serial != *l->serial) || seconds < k->start || seconds >= k->end ? NULL
                                                                                             : k;
}

bool vf_cues_at(struct vf_cues *c, int track, double seconds, unsigned serial, char *text,
                size_t len)
{
    text[0] = '\0';
    struct cue_track *t = track_of(c, track);
    if (!t || t->pictures)
        return false;
    size_t used = 0;
    pthread_mutex_lock(&c->lock);
    const struct cue_list l = cues_for(c, t, seconds, &serial);
    /* the lines of every cue showing, oldest first */
    for (int i = 0; i < l.n && used + 1 < len; i++) {
        const struct cue *k = cue_showing(&l, i, seconds);
        if (!k)
            continue;
        used += (size_t)snprintf(text + used, len - used, "%s%s", used ? "\n" : "", k->text);
        used = used < len ? used : len - 1;
    }
    pthread_mutex_unlock(&c->lock);
    return used > 0;
}

int vf_cues_picture_at(struct vf_cues *c, int track, double seconds, unsigned serial,
                       uint64_t *shown, struct vf_cue_picture *p)
{
    const uint64_t had = *shown;
    struct cue_track *t = track_of(c, track);
    int result = 0;
    *shown = 0;
    *p = (struct vf_cue_picture){0};
    if (!t || !t->pictures)
        return 0;
    pthread_mutex_lock(&c->lock);
    const struct cue_list l = cues_for(c, t, seconds, &serial);
    const struct cue *latest = NULL;
    for (int i = 0; i < l.n; i++) {
        const struct cue *k = cue_showing(&l, i, seconds);
        if (k && (!latest || k->start >= latest->start))
            latest = k;
    }
    if (latest && latest->id != had && vf_picture_paint(latest->picture, p)) {
        *p = (struct vf_cue_picture){0};
        result = -1;
    } else if (latest) {
        *shown = latest->id;
    }
    pthread_mutex_unlock(&c->lock);
    return result;
}
