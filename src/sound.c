#include "sound.h"

#include <SDL.h>
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavfilter/buffersink.h>
#include <libavfilter/buffersrc.h>
#include <libavutil/channel_layout.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "filter_graph.h"
#include "timeline.h"
#include "timing.h"
#include "tracks.h"

/* Seconds of sound queued ahead of the device: enough to ride over a busy moment of the thread,
 * little enough that the volume and mute keys act at once. */
static const double LEAD_S = 0.12;
/* Sound this far off the clock is moved back into step by dropping samples or queueing
 * silence; this far, started again at the clock's time. */
static const double NUDGE_S = 0.04, RESTART_S = 0.3;
/* A restart seeks this far before the clock's time, so that the decoder has its overlap with
 * the frame before (AAC) by the time the samples that play come out. */
static const double PREROLL_S = 0.2;
static const int DEVICE_SAMPLES = 1024;
/* atempo's factors are kept within this range, several in a row for the speeds outside it */
static const double TEMPO_MIN = 0.5, TEMPO_MAX = 2;

struct vf_sound {
    char name[512];
    AVFormatContext *format;
    struct vf_timeline timeline; /* mended as the pictures' decoder mends it (timeline.h) */
    AVCodecContext *codec;
    /* the decoded frames to the device's format, at the clock's speed with the pitch kept:
     * made from the first frame after each restart */
    struct vf_audio_graph graph;
    AVFrame *filtered;
    double graph_speed;
    double graph_s; /* the media time of the graph's next sample out */
    AVPacket *packet;
    AVFrame *frame;
    int stream;
    int track, track_count;
    char track_name[512];
    AVRational time_base;
    double end_s; /* the media time where the sound ends (--end); INFINITY: the input's end */
    SDL_AudioDeviceID device;
    int rate, channels; /* the device's */
    double device_s;    /* the device's own buffer: what it plays before a sample queued now */
    float *samples;     /* a filtered frame's, times the gain */
    int capacity;       /* of samples */
    pthread_t thread;
    bool thread_started;
    pthread_mutex_t lock;
    pthread_cond_t wake;
    /* under the lock */
    struct vf_clock clock;
    bool running, stop, muted;
    unsigned generation; /* grows when the clock or running changes */
    int volume;
    char error[1024]; /* the thread gave up */
    /* the thread's own */
    bool playing, at_end, starting;
    bool held;         /* s->frame holds samples not queued yet */
    unsigned followed; /* the generation the queued sound follows */
    double next_s;     /* the media time of the sample after the last one queued */
    double fed_end_s;  /* the media time where the last frame given to the graph ends */
    double drop_to_s;  /* while starting: the media time the next sample queued plays at */
    double off_s;      /* how far the sound playing is ahead of the clock, on average */
    int looks;         /* the measures in that average */
    int bad_packets;   /* in a row that did not decode */
};

static void say(char *err, size_t len, const char *name, const char *what, int averr)
{
    char reason[AV_ERROR_MAX_STRING_SIZE] = "";
    av_strerror(averr, reason, sizeof(reason));
    snprintf(err, len, "%s: sound: %s: %s", name, what, reason);
}

static double queued_s(const struct vf_sound *s)
{
    return SDL_GetQueuedAudioSize(s->device) / (4.0 * s->channels * s->rate);
}

static float gain_of(int volume, bool muted)
{
    double v = muted ? 0 : volume / (double)VF_VOLUME_MAX;
    return (float)(v * v * v);
}

/* The decoder's next frame of samples: 1, 0 at the end of the input, or a negative AVERROR.
 * Packets that do not decode are skipped, as the picture decoder skips pictures, unless none
 * of the last MAX_BAD_PACKETS did. */
static int next_frame(struct vf_sound *s)
{
    enum { MAX_BAD_PACKETS = 100 };
    for (;;) {
        int ret = avcodec_receive_frame(s->codec, s->frame);
        if (ret == 0) {
            s->bad_packets = 0;
            return 1;
        }
        if (ret == AVERROR_EOF)
            return 0;
        if (ret != AVERROR(EAGAIN) && ret != AVERROR_INVALIDDATA)
            return ret;
        ret = av_read_frame(s->format, s->packet);
        if (ret == AVERROR_EOF) {
            /* drains the decoder; asked again after that, it says EOF, which changes nothing */
            ret = avcodec_send_packet(s->codec, NULL);
            if (ret < 0 && ret != AVERROR_EOF)
                return ret;
            continue;
        }
        if (ret < 0)
            return ret;
        vf_timeline_mend(&s->timeline, s->format, s->packet);
        if (s->packet->stream_index == s->stream) {
            ret = avcodec_send_packet(s->codec, s->packet);
            if (ret < 0 && ret != AVERROR(EAGAIN) && ++s->bad_packets >= MAX_BAD_PACKETS) {
                av_packet_unref(s->packet);
                return ret;
            }
        }
        av_packet_unref(s->packet);
    }
}

static int queue_silence(struct vf_sound *s, double seconds)
{
    static const float zeros[1024];
    long n = lround(seconds * s->rate) * s->channels;
    while (n > 0) {
        long part = n < 1024 ? n : 1024;
        if (SDL_QueueAudio(s->device, zeros, (Uint32)(part * sizeof(float))))
            return -1;
        n -= part;
    }
    return 0;
}

/* the media time of the held frame's first sample */
static double frame_start(const struct vf_sound *s)
{
    int64_t pts = s->frame->best_effort_timestamp;
    return pts != AV_NOPTS_VALUE ? pts * av_q2d(s->time_base) : s->next_s;
}

/* The filter graph for frames like f, at `speed`: atempo factors (pitch kept) and the
 * device's format, rate and channels. */
static int build_graph(struct vf_sound *s, const AVFrame *f, double speed, char *err, size_t len)
{
    char layout[128], chain[512];
    int n = 0;
    double tempo = speed;
    for (; tempo > TEMPO_MAX; tempo /= TEMPO_MAX)
        n += snprintf(chain + n, sizeof(chain) - (size_t)n, "atempo=%g,", TEMPO_MAX);
    for (; tempo < TEMPO_MIN; tempo /= TEMPO_MIN)
        n += snprintf(chain + n, sizeof(chain) - (size_t)n, "atempo=%g,", TEMPO_MIN);
    if (tempo != 1)
        n += snprintf(chain + n, sizeof(chain) - (size_t)n, "atempo=%.9f,", tempo);
    AVChannelLayout channels;
    av_channel_layout_default(&channels, s->channels);
    vf_audio_layout_name(&channels, layout, sizeof(layout));
    av_channel_layout_uninit(&channels);
    snprintf(chain + n, sizeof(chain) - (size_t)n,
             "aformat=sample_fmts=flt:sample_rates=%d:channel_layouts=%s", s->rate, layout);
    int ret = vf_audio_graph_open(&s->graph, f, s->time_base, chain);
    if (ret < 0) {
        say(err, len, s->name, "cannot convert its samples (filters)", ret);
        return -1;
    }
    s->graph_speed = speed;
    s->graph_s = frame_start(s);
    return 0;
}

/* A frame out of the graph, queued; while starting, from the clock's time on (the samples
 * before it dropped, silence before a frame that starts after it). Each sample out stands for
 * speed/rate seconds of the input. */
static int queue_filtered(struct vf_sound *s, float gain, char *err, size_t len)
{
    const AVFrame *f = s->filtered;
    const double start = s->graph_s, per_sample = s->graph_speed / s->rate;
    s->graph_s += f->nb_samples * per_sample;
    s->next_s = s->graph_s;
    int skip = 0;
    if (s->starting) {
        if (s->next_s <= s->drop_to_s)
            return 0;
        if (start < s->drop_to_s)
            skip = (int)((s->drop_to_s - start) / per_sample);
        else if (queue_silence(s, (start - s->drop_to_s) / s->graph_speed))
            goto sdl_failed;
        s->starting = false;
    }
    const int count = (f->nb_samples - skip) * s->channels;
    if (count > s->capacity) {
        float *grown = realloc(s->samples, (size_t)count * sizeof(float));
        if (!grown) {
            snprintf(err, len, "%s: sound: out of memory", s->name);
            return -1;
        }
        s->samples = grown;
        s->capacity = count;
    }
    const float *first = (const float *)f->extended_data[0] + (size_t)skip * s->channels;
    for (int i = 0; i < count; i++)
        s->samples[i] = first[i] * gain;
    if (SDL_QueueAudio(s->device, s->samples, (Uint32)((size_t)count * sizeof(float))))
        goto sdl_failed;
    return 0;
sdl_failed:
    snprintf(err, len, "%s: sound: SDL_QueueAudio: %s", s->name, SDL_GetError());
    return -1;
}

/* The held frame (NULL: the end of the input) through the graph, and what comes out queued. */
static int filter_frame(struct vf_sound *s, AVFrame *frame, float gain, char *err, size_t len)
{
    int ret = av_buffersrc_add_frame(s->graph.source, frame);
    while (ret >= 0) {
        ret = av_buffersink_get_frame(s->graph.sink, s->filtered);
        if (ret >= 0) {
            ret = queue_filtered(s, gain, err, len);
            av_frame_unref(s->filtered);
            if (ret)
                return -1;
        }
    }
    if (ret != AVERROR(EAGAIN) && ret != AVERROR_EOF) {
        say(err, len, s->name, "filtering", ret);
        return -1;
    }
    return 0;
}

/* Silence, and the next sound from the clock's time: the input read again from a little before
 * it, the samples before it dropped as they come. */
static void restart(struct vf_sound *s, const struct vf_clock *c)
{
    SDL_PauseAudioDevice(s->device, 1);
    SDL_ClearQueuedAudio(s->device);
    s->playing = false;
    av_frame_unref(s->frame);
    s->held = false;
    vf_audio_graph_close(&s->graph); /* and the samples atempo holds */
    double target = vf_clock_media_s(c, vf_now_ms());
    const int64_t from = (int64_t)(fmax(target - PREROLL_S, 0) * AV_TIME_BASE);
    const int64_t ts = vf_timeline_file_time(&s->timeline, from);
    /* an input that cannot seek plays on from where its sound is */
    if (avformat_seek_file(s->format, -1, INT64_MIN, ts, ts, 0) >= 0) {
        vf_timeline_sought(&s->timeline, from);
        avcodec_flush_buffers(s->codec);
        s->at_end = false;
    }
    s->starting = true;
    s->looks = 0;
}

/* Queues sound up to LEAD_S ahead. While starting, the next sample queued plays at the clock's
 * time once the queue and the device's buffer have played: the samples before it are dropped,
 * and a first frame that starts later waits its turn (a stream whose sound starts after its
 * pictures). */
static int fill(struct vf_sound *s, const struct vf_clock *c, float gain, char *err, size_t len)
{
    while (!s->at_end && (s->starting || queued_s(s) < LEAD_S)) {
        if (!s->held) {
            int ret = next_frame(s);
            if (ret < 0) {
                say(err, len, s->name, "decoding", ret);
                return -1;
            }
            if (ret == 1 && frame_start(s) >= s->end_s) { /* --end: as if the input ended */
                av_frame_unref(s->frame);
                ret = 0;
            }
            if (ret == 0) {
                s->at_end = true; /* and the graph's last samples out */
                if (s->graph.graph && filter_frame(s, NULL, gain, err, len))
                    return -1;
                break;
            }
            s->held = true;
        }
        if (s->starting) {
            s->drop_to_s =
                vf_clock_media_s(c, vf_now_ms()) + (queued_s(s) + s->device_s) * c->speed;
            if (!s->graph.graph && frame_start(s) - s->drop_to_s > LEAD_S * c->speed)
                break;
        }
        /* a gap in the input's sound (a broadcast's dropout, packets that did not decode): the
         * graph counts samples, not timestamps, and played what came after the gap that much
         * early, to the end. Its last samples out, the sound starts again at the frame's time,
         * as after a nudge: silence until then. */
        const bool gap = s->graph.graph && !s->starting && frame_start(s) - s->fed_end_s >= NUDGE_S;
        if (s->graph.graph && (gap || !vf_audio_graph_takes(&s->graph, s->frame))) {
            if (filter_frame(s, NULL, gain, err, len)) /* the old graph's last samples out first */
                return -1;
            vf_audio_graph_close(&s->graph);
            if (gap) {
                s->starting = true;
                continue;
            }
        }
        if (!s->graph.graph && build_graph(s, s->frame, c->speed, err, len))
            return -1;
        s->held = false; /* the graph takes the frame's samples */
        s->fed_end_s = frame_start(s) + s->frame->nb_samples / (double)s->frame->sample_rate;
        if (filter_frame(s, s->frame, gain, err, len))
            return -1;
    }
    if (!s->starting && !s->playing) {
        SDL_PauseAudioDevice(s->device, 0);
        s->playing = true;
    }
    return 0;
}

/* Keeps the sound playing now at the clock's time: off by a little, samples are dropped or
 * silence queued; by more, the sound starts again there. */
static void keep_in_step(struct vf_sound *s, const struct vf_clock *c)
{
    if (s->at_end || !s->playing)
        return;
    double queued = queued_s(s);
    if (queued <= 0)
        return; /* ran dry (a slow disk): the next samples show where it is */
    double off = s->next_s - (queued + s->device_s) * c->speed - vf_clock_media_s(c, vf_now_ms());
    if (fabs(off) >= RESTART_S) {
        restart(s, c);
        return;
    }
    /* one look jitters by up to the device's buffer, which it takes from the queue at once:
     * the average of the last ~16 decides */
    s->off_s = s->looks ? s->off_s + (off - s->off_s) / 16 : off;
    if (++s->looks >= 16 && fabs(s->off_s) >= NUDGE_S) {
        s->starting = true; /* fill drops samples or queues silence up to the clock's time */
        s->looks = 0;
    }
}

static void wait_ms(struct vf_sound *s, int ms)
{
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_nsec += ms * 1000000L;
    until.tv_sec += until.tv_nsec / 1000000000L;
    until.tv_nsec %= 1000000000L;
    pthread_cond_timedwait(&s->wake, &s->lock, &until);
}

static void *sound_thread(void *arg)
{
    struct vf_sound *s = arg;
    char err[1024] = "";
    pthread_mutex_lock(&s->lock);
    while (!s->stop) {
        const struct vf_clock clock = s->clock;
        const bool running = s->running && clock.anchored && vf_sound_plays_at(clock.speed);
        const unsigned generation = s->generation;
        const float gain = gain_of(s->volume, s->muted);
        pthread_mutex_unlock(&s->lock);
        if (!running) {
            if (s->playing) {
                SDL_PauseAudioDevice(s->device, 1);
                SDL_ClearQueuedAudio(s->device);
                s->playing = false;
            }
            s->followed = generation - 1; /* when it runs again, it starts there */
        } else if (generation != s->followed) {
            s->followed = generation;
            restart(s, &clock);
        } else {
            keep_in_step(s, &clock);
        }
        int ret = running ? fill(s, &clock, gain, err, sizeof(err)) : 0;
        pthread_mutex_lock(&s->lock);
        if (ret) {
            snprintf(s->error, sizeof(s->error), "%s", err);
            break;
        }
        if (!s->stop && s->generation == generation)
            wait_ms(s, running ? 10 : 100);
    }
    pthread_mutex_unlock(&s->lock);
    SDL_PauseAudioDevice(s->device, 1);
    return NULL;
}

/* The input's container, and what decoding any of its tracks needs; 1 when it has no audio. */
static int open_input(struct vf_sound *s, const char *url, char *err, size_t len)
{
    int ret = avformat_open_input(&s->format, url, NULL, NULL);
    if (ret < 0) {
        say(err, len, s->name, "cannot open", ret);
        return -1;
    }
    ret = avformat_find_stream_info(s->format, NULL);
    if (ret < 0) {
        say(err, len, s->name, "cannot read the stream parameters", ret);
        return -1;
    }
    s->track_count = vf_track_count(s->format, AVMEDIA_TYPE_AUDIO);
    if (s->track_count == 0)
        return 1;
    if (vf_timeline_init(&s->timeline, s->format)) {
        snprintf(err, len, "%s: sound: out of memory", s->name);
        return -1;
    }
    s->packet = av_packet_alloc();
    s->frame = av_frame_alloc();
    s->filtered = av_frame_alloc();
    if (!s->packet || !s->frame || !s->filtered) {
        snprintf(err, len, "%s: sound: out of memory", s->name);
        return -1;
    }
    return 0;
}

/* A decoder for audio track `track` (tracks.h; 0: the best) in place of the one there is; on
 * failure, the one there is stays. */
static int open_track(struct vf_sound *s, int track, char *err, size_t len)
{
    if (track > s->track_count) {
        snprintf(err, len, "%s: sound: no audio track %d (it has %d)", s->name, track,
                 s->track_count);
        return -1;
    }
    const AVCodec *decoder = NULL;
    const int wanted = track > 0 ? vf_track_stream(s->format, AVMEDIA_TYPE_AUDIO, track) : -1;
    const int stream = av_find_best_stream(s->format, AVMEDIA_TYPE_AUDIO, wanted, -1, &decoder, 0);
    if (stream < 0 || !decoder) {
        int any = wanted >= 0 ? wanted
                              : av_find_best_stream(s->format, AVMEDIA_TYPE_AUDIO, -1, -1, NULL, 0);
        enum AVCodecID id =
            any >= 0 ? s->format->streams[any]->codecpar->codec_id : AV_CODEC_ID_NONE;
        snprintf(err, len, "%s: sound: this FFmpeg has no decoder for '%s'", s->name,
                 avcodec_get_name(id));
        return -1;
    }
    const AVStream *st = s->format->streams[stream];
    AVCodecContext *codec = avcodec_alloc_context3(decoder);
    int ret = codec ? avcodec_parameters_to_context(codec, st->codecpar) : AVERROR(ENOMEM);
    if (ret >= 0) {
        codec->pkt_timebase = st->time_base;
        ret = avcodec_open2(codec, decoder, NULL);
    }
    if (ret < 0) {
        char what[64];
        snprintf(what, sizeof(what), "cannot open the %s decoder", decoder->name);
        say(err, len, s->name, what, ret);
        avcodec_free_context(&codec);
        return -1;
    }
    avcodec_free_context(&s->codec);
    s->codec = codec;
    s->stream = stream;
    s->time_base = st->time_base;
    s->track = vf_track_of(s->format, AVMEDIA_TYPE_AUDIO, stream);
    vf_track_describe(s->format, AVMEDIA_TYPE_AUDIO, s->track, s->track_name,
                      sizeof(s->track_name));
    return 0;
}

/* An SDL device, in float samples at the stream's rate and at most 2 channels (SDL may choose
 * others: the filter graph converts to what it takes). */
static int open_device(struct vf_sound *s, char *err, size_t len)
{
    if (SDL_InitSubSystem(SDL_INIT_AUDIO)) {
        snprintf(err, len, "%s: sound: SDL_InitSubSystem: %s", s->name, SDL_GetError());
        return -1;
    }
    const AVCodecContext *c = s->codec;
    SDL_AudioSpec want = {.freq = c->sample_rate > 0 ? c->sample_rate : 48000,
                          .format = AUDIO_F32SYS,
                          .channels = c->ch_layout.nb_channels == 1 ? 1 : 2,
                          .samples = DEVICE_SAMPLES},
                  have;
    s->device = SDL_OpenAudioDevice(
        NULL, 0, &want, &have, SDL_AUDIO_ALLOW_FREQUENCY_CHANGE | SDL_AUDIO_ALLOW_CHANNELS_CHANGE);
    if (!s->device) {
        snprintf(err, len, "%s: sound: SDL_OpenAudioDevice: %s", s->name, SDL_GetError());
        SDL_QuitSubSystem(SDL_INIT_AUDIO);
        return -1;
    }
    s->rate = have.freq;
    s->channels = have.channels;
    s->device_s = (double)have.samples / have.freq;
    return 0;
}

static int start_thread(struct vf_sound *s, char *err, size_t len)
{
    s->stop = false;
    if (pthread_create(&s->thread, NULL, sound_thread, s)) {
        snprintf(err, len, "%s: sound: cannot start its thread", s->name);
        return -1;
    }
    s->thread_started = true;
    return 0;
}

static void stop_thread(struct vf_sound *s)
{
    if (!s->thread_started)
        return;
    pthread_mutex_lock(&s->lock);
    s->stop = true;
    pthread_cond_signal(&s->wake);
    pthread_mutex_unlock(&s->lock);
    pthread_join(s->thread, NULL);
    s->thread_started = false;
}

struct vf_sound *vf_sound_open(const struct vf_sound_config *cfg, char *err, size_t errlen)
{
    const char *url = cfg->url;
    err[0] = '\0';
    if (!strcmp(url, "-"))
        return NULL; /* the pictures' decoder reads standard input; it cannot be read twice */
    struct vf_sound *s = calloc(1, sizeof(*s));
    if (!s) {
        snprintf(err, errlen, "%s: sound: out of memory", url);
        return NULL;
    }
    snprintf(s->name, sizeof(s->name), "%s", url);
    pthread_mutex_init(&s->lock, NULL);
    pthread_cond_init(&s->wake, NULL);
    vf_clock_init(&s->clock);
    s->volume = cfg->volume;
    s->muted = cfg->muted;
    s->end_s = cfg->end_s > 0 ? cfg->end_s : INFINITY;
    int ret = open_input(s, url, err, errlen);
    if (ret)
        goto fail; /* 1: no audio, err stays "" */
    if (open_track(s, cfg->track, err, errlen) || open_device(s, err, errlen) ||
        start_thread(s, err, errlen))
        goto fail;
    return s;
fail:
    vf_sound_close(s);
    return NULL;
}

int vf_sound_track(const struct vf_sound *s, int *count)
{
    *count = s->track_count;
    return s->track;
}

const char *vf_sound_track_name(const struct vf_sound *s)
{
    return s->track_name;
}

int vf_sound_switch_track(struct vf_sound *s, int track, char *err, size_t errlen)
{
    stop_thread(s); /* what follows is the thread's own */
    if (s->error[0]) {
        snprintf(err, errlen, "%s", s->error);
        return -1;
    }
    int ret = open_track(s, track, err, errlen); /* on failure the old track plays on */
    if (ret == 0) {
        /* the device stays open in its format, which the next graph converts to; the old
         * track's queued sound goes, and the new one starts at the clock's time */
        vf_audio_graph_close(&s->graph);
        av_frame_unref(s->frame);
        s->held = false;
        s->bad_packets = 0;
        s->followed = s->generation - 1;
    }
    char why[sizeof(s->error)];
    if (start_thread(s, why, sizeof(why))) {
        snprintf(s->error, sizeof(s->error), "%s", why); /* vf_sound_error says it */
        snprintf(err, errlen, "%s", why);
        ret = -1;
    }
    return ret;
}

void vf_sound_follow(struct vf_sound *s, const struct vf_clock *clock, bool running)
{
    if (!s)
        return;
    pthread_mutex_lock(&s->lock);
    const struct vf_clock *o = &s->clock;
    bool same =
        running == s->running && clock->anchored == o->anchored &&
        (!clock->anchored || (clock->serial == o->serial && clock->anchor_ms == o->anchor_ms &&
                              clock->anchor_s == o->anchor_s && clock->speed == o->speed));
    if (!same) {
        s->clock = *clock;
        s->running = running;
        s->generation++;
        pthread_cond_signal(&s->wake);
    }
    pthread_mutex_unlock(&s->lock);
}

void vf_sound_set_volume(struct vf_sound *s, int volume, bool muted)
{
    if (!s)
        return;
    pthread_mutex_lock(&s->lock);
    s->volume = volume;
    s->muted = muted;
    pthread_mutex_unlock(&s->lock);
}

bool vf_sound_plays_at(double speed)
{
    return speed >= VF_SOUND_SPEED_MIN && speed <= VF_SOUND_SPEED_MAX;
}

const char *vf_sound_error(struct vf_sound *s)
{
    pthread_mutex_lock(&s->lock);
    const char *error = s->error[0] ? s->error : NULL; /* set once, as the thread ends */
    pthread_mutex_unlock(&s->lock);
    return error;
}

void vf_sound_close(struct vf_sound *s)
{
    if (!s)
        return;
    stop_thread(s);
    if (s->device) {
        SDL_CloseAudioDevice(s->device);
        SDL_QuitSubSystem(SDL_INIT_AUDIO);
    }
    vf_audio_graph_close(&s->graph);
    av_frame_free(&s->filtered);
    av_frame_free(&s->frame);
    av_packet_free(&s->packet);
    avcodec_free_context(&s->codec);
    avformat_close_input(&s->format);
    vf_timeline_free(&s->timeline);
    free(s->samples);
    pthread_cond_destroy(&s->wake);
    pthread_mutex_destroy(&s->lock);
    free(s);
}
