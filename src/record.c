#include "record.h"

#include <errno.h>
#include <stdbool.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>

#include "convert.h"
#include "gif_palette.h"
#include "notice.h"
#include "record_container.h"
#include "record_internal.h"
#include "record_path.h"

int vf_recorder_fail(struct vf_recorder *r, char *err, size_t errlen, const char *what, int averr)
{
    if (!r->failed) {
        char reason[AV_ERROR_MAX_STRING_SIZE] = "";
        if (averr)
            av_strerror(averr, reason, sizeof(reason));
        snprintf(r->error, sizeof(r->error), "%s: %s%s%s", r->path, what, averr ? ": " : "",
                 reason);
        r->failed = 1;
    }
    if (err)
        snprintf(err, errlen, "%s", r->error);
    return -1;
}

static const AVCodec *choose_encoder(struct vf_recorder *r, const AVOutputFormat *container,
                                     char *err, size_t errlen)
{
    /* the file name's codec where the container has one per extension (image2: .png, .jpg) */
    enum AVCodecID usual = av_guess_codec(container, NULL, r->path, NULL, AVMEDIA_TYPE_VIDEO);
    const AVCodec *enc;
    if (r->cfg.codec) {
        enc = avcodec_find_encoder_by_name(r->cfg.codec);
        if (!enc) {
            const AVCodecDescriptor *desc = avcodec_descriptor_get_by_name(r->cfg.codec);
            enc = desc ? avcodec_find_encoder(desc->id) : NULL;
        }
        if (!enc || enc->type != AVMEDIA_TYPE_VIDEO) {
            snprintf(err, errlen,
                     "%s: no video encoder named '%s' in this FFmpeg (see ffmpeg "
                     "-encoders)",
                     r->path, r->cfg.codec);
            return NULL;
        }
        if (!vf_container_accepts(container, enc->id, usual, true)) {
            snprintf(err, errlen, "%s: the %s container cannot hold %s video", r->path,
                     container->name, avcodec_get_name(enc->id));
            return NULL;
        }
        return enc;
    }
    enc = avcodec_find_encoder_by_name("libx264");
    if (enc && vf_container_accepts(container, enc->id, usual, false))
        return enc;
    const AVCodec *fallback = avcodec_find_encoder(usual);
    if (!fallback) {
        snprintf(err, errlen, "%s: no video encoder available for the %s container", r->path,
                 container->name);
        return NULL;
    }
    /* a .png or .jpg names its codec: nothing to explain; a second try said it already */
    if (!vf_container_writes_images(container) && r->plan == SOUND_COPY_OR_ENCODE)
        vf_notify(r->cfg.notice, r->cfg.notice_ctx, "%s: %s; recording with %s instead", r->path,
                  enc ? "this container cannot hold H.264" : "libx264 is not available",
                  fallback->name);
    return fallback;
}

static int open_encoder(struct vf_recorder *r, const AVCodec *enc, char *err, size_t errlen)
{
    AVCodecContext *c = avcodec_alloc_context3(enc);
    r->encoder = c;
    if (!c)
        return vf_recorder_fail(r, err, errlen, "out of memory", 0);
    c->width = r->cfg.width;
    c->height = r->cfg.height;
    c->pix_fmt = vf_container_pixel_format(enc, r->mux->oformat, c->width, c->height);
    /* the source's, so that players show the picture as wide as the source was */
    const AVRational sar = r->cfg.sample_aspect;
    c->sample_aspect_ratio = sar.num > 0 && sar.den > 0 ? sar : (AVRational){1, 1};
    c->framerate = r->cfg.frame_rate;
    /* keep the source's clock so variable frame rates survive; MPEG-4 style encoders cap the
     * denominator, and fall back to the nominal frame rate */
    c->time_base = r->cfg.time_base;
    if (c->time_base.den > 65535 && strcmp(enc->name, "libx264") && strcmp(enc->name, "ffv1"))
        c->time_base = av_inv_q(r->cfg.frame_rate);
    if (vf_container_counts_frames(r->mux->oformat))
        c->time_base = av_inv_q(r->cfg.frame_rate);
    /* MPEG-1 and MPEG-2 know a few frame rates only, and count time in frames of one */
    if (enc->supported_framerates) {
        const AVRational *rates = enc->supported_framerates;
        c->framerate = rates[av_find_nearest_q_idx(r->cfg.frame_rate, rates)];
        c->time_base = av_inv_q(c->framerate);
    }
    int fps = (int)(av_q2d(r->cfg.frame_rate) + 0.5);
    c->gop_size = fps < 1 ? 1 : fps > 250 ? 250 : fps; /* a keyframe a second: seeking, fragments */
    c->thread_count = 0;
    const AVPixFmtDescriptor *desc = av_pix_fmt_desc_get(c->pix_fmt);
    if (desc && (desc->flags & AV_PIX_FMT_FLAG_RGB)) {
        c->colorspace = AVCOL_SPC_RGB;
        c->color_range = AVCOL_RANGE_JPEG;
    } else {
        c->colorspace = vf_convert_colorspace(c->height);
        c->color_range = AVCOL_RANGE_MPEG;
    }
    if (r->mux->oformat->flags & AVFMT_GLOBALHEADER)
        c->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
    AVDictionary *opts = NULL;
    int ret = vf_encoder_options(enc, &opts);
    if (!strcmp(enc->name, "libvpx-vp9"))
        c->bit_rate = 0; /* constant quality: its crf alone */
    if (ret >= 0)
        ret = avcodec_open2(c, enc, &opts);
    av_dict_free(&opts);
    if (ret < 0) {
        char what[128];
        snprintf(what, sizeof(what), "cannot open the %s encoder", enc->name);
        return vf_recorder_fail(r, err, errlen, what, ret);
    }
    r->video = avformat_new_stream(r->mux, NULL);
    if (!r->video)
        return vf_recorder_fail(r, err, errlen, "out of memory", 0);
    r->video->time_base = c->time_base;
    r->video->avg_frame_rate = r->cfg.frame_rate;
    r->video->sample_aspect_ratio = c->sample_aspect_ratio; /* muxers check both agree */
    ret = avcodec_parameters_from_context(r->video->codecpar, c);
    if (ret < 0)
        return vf_recorder_fail(r, err, errlen, "cannot set the stream parameters", ret);
    r->frame = av_frame_alloc();
    r->packet = av_packet_alloc();
    r->converter = vf_converter_create(r->cfg.threads);
    if (!r->frame || !r->packet || !r->converter)
        return vf_recorder_fail(r, err, errlen, "out of memory", 0);
    r->frame->format = c->pix_fmt;
    if (c->pix_fmt == AV_PIX_FMT_PAL8 && enc->id == AV_CODEC_ID_GIF) {
        char why[256];
        r->frame->format = AV_PIX_FMT_RGB24;
        r->palette = vf_gif_palette_open(c->width, c->height, c->time_base, r->cfg.threads, why,
                                         sizeof(why));
        r->paletted = av_frame_alloc();
        if (!r->palette || !r->paletted)
            return vf_recorder_fail(r, err, errlen, r->palette ? "out of memory" : why, 0);
    }
    r->frame->width = c->width;
    r->frame->height = c->height;
    ret = av_frame_get_buffer(r->frame, 0);
    if (ret < 0)
        return vf_recorder_fail(r, err, errlen, "cannot allocate a picture", ret);
    return 0;
}

void vf_record_ignore_write_signals(void)
{
    signal(SIGXFSZ, SIG_IGN);
    signal(SIGPIPE, SIG_IGN);
}

/* The containers that take chapters only with their header get them now, where the run knows
 * where its pictures begin and end; the rest get them at the trailer, from the pictures that
 * came (vf_recorder_close). */
static int add_planned_chapters(struct vf_recorder *r)
{
    const AVFormatContext *mux = r->mux;
    const bool only_with_header = vf_container_is_fragmented(mux->oformat) ||
                                  (mux->pb && !(mux->pb->seekable & AVIO_SEEKABLE_NORMAL));
    if (!r->cfg.plan.known || !only_with_header)
        return 0;
    const int64_t shift = -av_rescale_q(r->cfg.plan.first_pts, r->cfg.time_base, AV_TIME_BASE_Q);
    const int64_t end =
        r->cfg.plan.end_pts == INT64_MAX
            ? INT64_MAX
            : av_rescale_q(r->cfg.plan.end_pts, r->cfg.time_base, AV_TIME_BASE_Q) + shift;
    const struct vf_record_segment whole = {0, shift};
    return vf_recorder_add_chapters(r, &whole, 1, end);
}

static int open_file(struct vf_recorder *r, char *err, size_t errlen)
{
    AVFormatContext *mux = r->mux;
    int ret;
    if (!(mux->oformat->flags & AVFMT_NOFILE)) {
        ret = avio_open(&mux->pb, strcmp(r->path, "-") ? r->path : "pipe:", AVIO_FLAG_WRITE);
        if (ret < 0)
            return vf_recorder_fail(r, err, errlen, "cannot open for writing", ret);
        r->file_opened = 1;
    }
    mux->flush_packets = 1; /* every packet reaches the file: a killed run loses little */
    AVDictionary *opts = NULL;
    const char *name = mux->oformat->name;
    ret = 0;
    if (vf_container_is_fragmented(mux->oformat))
        /* delay_moov: the header waits for the first fragment, so that it can say where each
         * stream starts (an edit list); without one the pictures started later by the encoder's
         * B-frame delay and the sound did not (0.08 s apart in test_media) */
        ret = av_dict_set(&opts, "movflags",
                          "+frag_keyframe+empty_moov+delay_moov+default_base_moof", 0);
    if (ret >= 0 && (strstr(name, "matroska") || strstr(name, "webm")))
        ret = av_dict_set(&opts, "cluster_time_limit", "1000", 0);
    char numbered[sizeof(r->path) + 16]; /* the name with a number in place of %d */
    if (ret >= 0 && vf_container_writes_images(mux->oformat) &&
        av_get_frame_filename(numbered, sizeof(numbered), r->path, 1) < 0)
        ret = av_dict_set(&opts, "update", "1", 0); /* no %d in the name: one file, the last one */
    if (ret < 0) {
        av_dict_free(&opts);
        return vf_recorder_fail(r, err, errlen, "cannot set the muxer's options", ret);
    }
    if (add_planned_chapters(r)) {
        av_dict_free(&opts);
        return vf_recorder_fail(r, err, errlen, "out of memory", 0);
    }
    ret = avformat_write_header(mux, &opts);
    av_dict_free(&opts);
    if (ret < 0 && r->cfg.codec &&
        avformat_query_codec(mux->oformat, r->encoder->codec_id, FF_COMPLIANCE_NORMAL) < 0) {
        char what[160]; /* a codec named by --codec that FFmpeg could not vouch for */
        snprintf(what, sizeof(what), "cannot write the header (can %s hold %s video?)",
                 mux->oformat->name, avcodec_get_name(r->encoder->codec_id));
        return vf_recorder_fail(r, err, errlen, what, ret);
    }
    char reason[AV_ERROR_MAX_STRING_SIZE] = "";
    const bool nothing_out = !mux->pb || avio_tell(mux->pb) == 0;
    if (ret < 0)
        av_strerror(ret, reason, sizeof(reason));
    if (ret < 0 && (r->subtitles_copied > 0 || r->subtitles_converted) && nothing_out) {
        r->next_plan = r->plan; /* the next try: no subtitles */
        snprintf(r->refused, sizeof(r->refused),
                 "%s: the %s container refused the subtitles (%s); recording without them", r->path,
                 mux->oformat->name, reason);
    } else if (ret < 0 && r->audio_copied + r->audio_encoded > 0 && nothing_out) {
        char as[64] = "copied"; /* the next try, with another plan for the sound */
        r->next_plan = r->audio_copied ? SOUND_ENCODE : SOUND_NONE;
        r->next_subtitles = r->subtitles;
        if (!r->audio_copied)
            snprintf(as, sizeof(as), "encoded as %s", avcodec_get_name(r->audio_encoder->id));
        snprintf(r->refused, sizeof(r->refused),
                 "%s: the %s container refused the sound %s (%s); %s", r->path, mux->oformat->name,
                 as, reason,
                 r->next_plan == SOUND_ENCODE ? "encoding it with the container's own codec"
                                              : "recording the pictures without it");
    }
    if (ret < 0)
        return vf_recorder_fail(r, err, errlen, "cannot write the header", ret);
    if (mux->pb) {           /* image files have none: the muxer opens one a picture */
        avio_flush(mux->pb); /* a full disk or a dead pipe shows now, before any work */
        if (mux->pb->error < 0)
            return vf_recorder_fail(r, err, errlen, "write failed", mux->pb->error);
    }
    r->header_written = 1;
    return 0;
}

/* One try with the sound's `plan`, and the subtitles or not. Where the header refused either
 * before any byte went out, *next and *next_subtitles are the next try's and `refused` the
 * notice saying so; else `refused` is "". */
static struct vf_recorder *open_recorder(const struct vf_record_config *cfg, enum sound_plan plan,
                                         bool subtitles, enum sound_plan *next,
                                         bool *next_subtitles, char *refused, size_t refused_len,
                                         char *err, size_t errlen)
{
    struct vf_recorder *r = calloc(1, sizeof(*r));
    if (!r) {
        snprintf(err, errlen, "%s: out of memory", cfg->path);
        return NULL;
    }
    r->plan = plan;
    r->subtitles = subtitles;
    r->cfg = *cfg;
    snprintf(r->path, sizeof(r->path), "%s", cfg->path);
    r->cfg.path = r->path;
    r->last_pts = AV_NOPTS_VALUE;
    const AVOutputFormat *container = vf_container_for(r->path, r->cfg.format, err, errlen);
    if (!container)
        goto fail;
    /* image files: the muxer names each file itself */
    if (vf_container_writes_images(container) && !vf_record_writes_local_file(r->path)) {
        snprintf(err, errlen,
                 "%s: image files need a file name (a stream of pictures: --format "
                 "image2pipe)",
                 r->path);
        goto fail;
    }
    const char *input = cfg->source ? cfg->source->url : NULL;
    if (input && vf_record_writes_local_file(r->path) &&
        vf_record_overwrites_input(input, r->path, vf_container_writes_images(container))) {
        snprintf(err, errlen, "%s: is the input too; recording there would destroy it", r->path);
        goto fail;
    }
    int ret = avformat_alloc_output_context2(&r->mux, container, NULL, r->path);
    if (ret < 0) {
        vf_recorder_fail(r, err, errlen, "cannot create the container", ret);
        goto fail;
    }
    const AVCodec *enc = choose_encoder(r, container, err, errlen);
    if (!enc || open_encoder(r, enc, err, errlen) || vf_recorder_add_streams(r, err, errlen) ||
        open_file(r, err, errlen))
        goto fail;
    int n = snprintf(r->description, sizeof(r->description), "%s %s, %s%s", enc->name,
                     av_get_pix_fmt_name(r->encoder->pix_fmt), container->name,
                     r->audio_copied ? ", audio copied" : "");
    if (r->audio_encoded && n > 0 && (size_t)n < sizeof(r->description))
        n += snprintf(r->description + n, sizeof(r->description) - (size_t)n,
                      ", audio encoded as %s", avcodec_get_name(r->audio_encoder->id));
    if (r->subtitles_copied && n > 0 && (size_t)n < sizeof(r->description))
        n += snprintf(r->description + n, sizeof(r->description) - (size_t)n, ", subtitles copied");
    if (r->subtitles_converted && n > 0 && (size_t)n < sizeof(r->description))
        snprintf(r->description + n, sizeof(r->description) - (size_t)n,
                 ", subtitles encoded as %s", r->subtitles_converted->name);
    return r;
fail:
    snprintf(refused, refused_len, "%s", r->refused);
    *next = r->next_plan;
    *next_subtitles = r->next_subtitles;
    vf_recorder_close(r, NULL, NULL, 0);
    return NULL;
}

struct vf_recorder *vf_recorder_open(const struct vf_record_config *cfg, char *err, size_t errlen)
{
    enum sound_plan plan = SOUND_COPY_OR_ENCODE;
    bool subtitles = true;
    /* each refusal drops the subtitles or moves to a later plan, and SOUND_NONE without
     * subtitles has nothing to refuse */
    for (;;) {
        char refused[1600] = "";
        struct vf_recorder *r = open_recorder(cfg, plan, subtitles, &plan, &subtitles, refused,
                                              sizeof(refused), err, errlen);
        if (r || !*refused)
            return r;
        vf_notify(cfg->notice, cfg->notice_ctx, "%s", refused);
    }
}

/* Hands every packet the encoder has ready to the muxer. */
static int drain_encoder(struct vf_recorder *r, char *err, size_t errlen)
{
    for (;;) {
        int ret = avcodec_receive_packet(r->encoder, r->packet);
        if (ret == AVERROR(EAGAIN) || ret == AVERROR_EOF)
            return 0;
        if (ret < 0)
            return vf_recorder_fail(r, err, errlen, "encoding failed", ret);
        av_packet_rescale_ts(r->packet, r->encoder->time_base, r->video->time_base);
        r->packet->stream_index = r->video->index;
        ret = av_interleaved_write_frame(r->mux, r->packet); /* takes the reference */
        if (ret < 0)
            return vf_recorder_fail(r, err, errlen, "write failed", ret);
        r->written++;
    }
}

/* A picture (NULL: the end) to the encoder, and what it has ready to the muxer. */
static int send_to_encoder(struct vf_recorder *r, const AVFrame *picture, char *err, size_t errlen)
{
    int ret = avcodec_send_frame(r->encoder, picture);
    if (ret < 0 && !(ret == AVERROR_EOF && !picture))
        return vf_recorder_fail(r, err, errlen, "encoding failed", ret);
    return drain_encoder(r, err, errlen);
}

/* A picture (NULL: the end) to the encoder, through the GIF palette where there is one. */
static int encode_picture(struct vf_recorder *r, const AVFrame *picture, char *err, size_t errlen)
{
    if (!r->palette)
        return send_to_encoder(r, picture, err, errlen);
    char why[256];
    if (vf_gif_palette_send(r->palette, picture, why, sizeof(why)))
        return vf_recorder_fail(r, err, errlen, why, 0);
    for (;;) {
        int got = vf_gif_palette_receive(r->palette, r->paletted, why, sizeof(why));
        if (got < 0)
            return vf_recorder_fail(r, err, errlen, why, 0);
        if (!got)
            break;
        int ret = send_to_encoder(r, r->paletted, err, errlen);
        av_frame_unref(r->paletted);
        if (ret)
            return -1;
    }
    return picture ? 0 : send_to_encoder(r, NULL, err, errlen);
}

/* The first picture of the recording, and the first of each new serial, starts where the
 * pictures so far end: recording time = source time + shift_us from then on. */
static int anchor(struct vf_recorder *r, int64_t pts, unsigned serial)
{
    r->shift_us = r->end_us - av_rescale_q(pts, r->cfg.time_base, AV_TIME_BASE_Q);
    r->serial_start_us = r->anchored ? r->end_us : INT64_MIN;
    r->serial = serial;
    r->anchored = true;
    return vf_recorder_add_segment(r, r->end_us, r->shift_us);
}

/* the pictures reach `end` (in tb) on the recording's clock */
static void extend_to(struct vf_recorder *r, int64_t end, AVRational tb)
{
    int64_t us = av_rescale_q(end, tb, AV_TIME_BASE_Q);
    if (us > r->end_us)
        r->end_us = us;
}

int vf_recorder_write_picture(struct vf_recorder *r, const struct vf_frame *picture, int64_t pts,
                              unsigned serial, char *err, size_t errlen)
{
    if (r->failed)
        return vf_recorder_fail(r, err, errlen, "", 0);
    int ret = av_frame_make_writable(r->frame); /* the encoder may still hold the last one */
    if (ret < 0)
        return vf_recorder_fail(r, err, errlen, "cannot allocate a picture", ret);
    char why[256];
    if (vf_convert_from_planar(r->converter, picture, r->frame, why, sizeof(why)))
        return vf_recorder_fail(r, err, errlen, why, 0);
    const bool jumped = !vf_recorder_anchored_for(r, serial);
    if (jumped && anchor(r, pts, serial))
        return vf_recorder_fail(r, err, errlen, "out of memory", 0);
    AVRational tb = r->encoder->time_base;
    int64_t t =
        av_rescale_q(pts, r->cfg.time_base, tb) + av_rescale_q(r->shift_us, AV_TIME_BASE_Q, tb);
    if (r->last_pts != AV_NOPTS_VALUE && t <= r->last_pts)
        t = r->last_pts + 1;
    r->frame->pts = r->last_pts = t;
    /* the picture lasts a frame period: a segment after a jump starts after it */
    extend_to(r, t + av_rescale_q(1, av_inv_q(r->cfg.frame_rate), tb), tb);
    if (encode_picture(r, r->frame, err, errlen))
        return -1;
    r->pictures++;
    if (vf_recorder_feed_subtitle_files(r, av_rescale_q(pts, r->cfg.time_base, AV_TIME_BASE_Q),
                                        jumped, err, errlen))
        return -1;
    return vf_recorder_write_waiting(r, r->end_us, err,
                                     errlen); /* the sound up to this picture's end */
}

static void remove_if_regular(const char *path)
{
    struct stat st;
    if (lstat(path, &st) == 0 && (S_ISREG(st.st_mode) || S_ISLNK(st.st_mode)))
        unlink(path);
}

void vf_recorder_end_sound_with_pictures(struct vf_recorder *r)
{
    r->cfg.sound_ends_with_pictures = true;
}

int vf_recorder_close(struct vf_recorder *r, long *written, char *err, size_t errlen)
{
    if (!r)
        return 0;
    if (r->header_written) {
        /* the subtitle files' cues after the last picture, as the input's own are read */
        if (!r->failed && !r->cfg.sound_ends_with_pictures)
            vf_recorder_feed_subtitle_files(r, INT64_MAX, false, NULL, 0);
        if (!r->failed) /* the sound after the last picture, where it belongs */
            vf_recorder_write_waiting(r, r->cfg.sound_ends_with_pictures ? r->end_us : INT64_MAX,
                                      NULL, 0);
        if (!r->failed)
            vf_recorder_flush_streams(r);
        if (!r->failed)
            encode_picture(r, NULL, NULL, 0);
        if (!r->failed && vf_recorder_add_chapters(r, r->segments, r->segment_count, r->end_us))
            vf_recorder_fail(r, NULL, 0, "out of memory", 0);
        /* after a failure too: a trailer keeps what was written playable */
        int ret = r->written > 0 ? av_write_trailer(r->mux) : 0;
        if (ret < 0)
            vf_recorder_fail(r, NULL, 0, "cannot finish the file", ret);
    }
    if (r->file_opened) {
        int ret = avio_closep(&r->mux->pb);
        if (ret < 0)
            vf_recorder_fail(r, NULL, 0, "cannot finish the file", ret);
        if (r->written == 0 && vf_record_writes_local_file(r->path))
            remove_if_regular(r->path);
    }
    int status = r->failed ? -1 : 0;
    if (written)
        *written = r->written;
    if (status && err)
        snprintf(err, errlen, "%s", r->error);
    vf_converter_destroy(r->converter);
    av_packet_free(&r->packet);
    av_frame_free(&r->frame);
    av_frame_free(&r->paletted);
    vf_gif_palette_free(r->palette);
    avcodec_free_context(&r->encoder);
    avformat_free_context(r->mux);
    vf_recorder_free_streams(r);
    free(r->segments);
    free(r);
    return status;
}

long vf_recorder_pictures(const struct vf_recorder *r)
{
    return r->written;
}

const char *vf_recorder_describe(const struct vf_recorder *r)
{
    return r->description;
}
