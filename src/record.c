#include "record.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
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
#include "notice.h"

/* audio packets that can wait for the pictures to reach them: about 5 s of AAC */
enum { AUDIO_WAITING = 256 };

struct vf_recorder {
    struct vf_record_config cfg;
    char path[1024];
    AVFormatContext *mux;
    AVCodecContext *encoder;
    AVStream *video;
    AVFrame *frame;
    AVPacket *packet;
    struct vf_converter *converter;
    int *audio_map;      /* source stream index → output stream index, -1 when dropped */
    int64_t *audio_last; /* by source stream index: the last dts written, in its output tb */
    int audio_map_size, audio_kept;
    int64_t last_pts;
    /* The recording's own clock: it starts at 0, and where the source's clock jumps (a seek,
     * a loop: a new serial) the recording goes on from where it ends, so its timestamps only
     * ever grow. recording time = source time + shift_us. */
    bool anchored;
    unsigned serial;
    int64_t shift_us, end_us;
    /* where the pictures of this serial start on the recording's clock; INT64_MIN for the
     * recording's first, whose sound keeps the input's own lead over its first picture */
    int64_t serial_start_us;
    /* Audio read but not written yet, oldest first. The demuxer reads sound ahead of the
     * pictures, by the video decoder's delay (a frame a decoding thread) and the queues, so
     * sound waits until the pictures reach its time: a new serial then starts where the
     * pictures end and with its own first picture, and the sound of the serial left, beyond
     * its last picture, is dropped. (Anchored on sound, the pictures had a gap of that delay
     * at every seek.) */
    AVPacket *waiting[AUDIO_WAITING];
    unsigned waiting_serial[AUDIO_WAITING];
    int waiting_count;
    long pictures; /* sent to the encoder */
    long written;  /* video packets the muxer accepted */
    int file_opened, header_written;
    int failed; /* the first error is kept in error */
    char error[1600];
    char description[256];
};

/* Records the first error as "PATH: what: reason"; returns -1. */
static int fail(struct vf_recorder *r, char *err, size_t errlen, const char *what, int averr)
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

/* pictures written as image files, one file each or one overwritten (.png, .jpg, .bmp, ...) */
static bool is_image_file(const AVOutputFormat *container)
{
    return strcmp(container->name, "image2") == 0;
}

/* Codecs that containers hold although FFmpeg cannot say so (avformat_query_codec: unknown):
 * MPEG-TS as broadcasts and HLS use it. */
static const struct {
    const char *container;
    enum AVCodecID codec;
} KNOWN_TO_HOLD[] = {
    {"mpegts", AV_CODEC_ID_H264}, {"mpegts", AV_CODEC_ID_HEVC}, {"mpegts", AV_CODEC_ID_AAC},
    {"mpegts", AV_CODEC_ID_MP3},  {"mpegts", AV_CODEC_ID_AC3},  {"mpegts", AV_CODEC_ID_EAC3},
    {"mpegts", AV_CODEC_ID_OPUS},
};

/* Whether the container takes the codec. Where FFmpeg cannot say: its default codec, those that
 * KNOWN_TO_HOLD names, and a codec the user named (writing the header says if it was wrong). */
static bool container_accepts(const AVOutputFormat *container, enum AVCodecID id, int fallback,
                              bool named)
{
    int answer = avformat_query_codec(container, id, FF_COMPLIANCE_NORMAL);
    if (answer >= 0)
        return answer == 1;
    if ((int)id == fallback || named)
        return true;
    for (size_t i = 0; i < sizeof(KNOWN_TO_HOLD) / sizeof(KNOWN_TO_HOLD[0]); i++)
        if (KNOWN_TO_HOLD[i].codec == id && !strcmp(container->name, KNOWN_TO_HOLD[i].container))
            return true;
    return false;
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
        if (!container_accepts(container, enc->id, usual, true)) {
            snprintf(err, errlen, "%s: the %s container cannot hold %s video", r->path,
                     container->name, avcodec_get_name(enc->id));
            return NULL;
        }
        return enc;
    }
    enc = avcodec_find_encoder_by_name("libx264");
    if (enc && container_accepts(container, enc->id, usual, false))
        return enc;
    const AVCodec *fallback = avcodec_find_encoder(usual);
    if (!fallback) {
        snprintf(err, errlen, "%s: no video encoder available for the %s container", r->path,
                 container->name);
        return NULL;
    }
    if (!is_image_file(container)) /* a .png or .jpg names its codec: nothing to explain */
        vf_notify(r->cfg.notice, r->cfg.notice_ctx, "%s: %s; recording with %s instead", r->path,
                  enc ? "this container cannot hold H.264" : "libx264 is not available",
                  fallback->name);
    return fallback;
}

/* Planar or packed 8-bit RGB when the encoder takes it (lossless codecs then keep the planes
 * exactly: ffv1 takes bgr0), else 4:2:0 that every player handles, else the format closest to
 * RGB. */
static enum AVPixelFormat choose_pixel_format(const AVCodec *enc, const AVOutputFormat *container,
                                              int width, int height)
{
    const enum AVPixelFormat *list = enc->pix_fmts;
    if (!list) /* any: raw frames, where Y4M holds YUV and grey only */
        return strcmp(container->name, "yuv4mpegpipe") ? AV_PIX_FMT_GBRP : AV_PIX_FMT_YUV444P;
    enum AVPixelFormat exact = AV_PIX_FMT_NONE;
    enum AVPixelFormat yuv420 = AV_PIX_FMT_NONE;
    for (const enum AVPixelFormat *p = list; *p != AV_PIX_FMT_NONE; p++) {
        if (*p == AV_PIX_FMT_GBRP)
            return AV_PIX_FMT_GBRP;
        if (exact == AV_PIX_FMT_NONE && *p != AV_PIX_FMT_PAL8 && vf_convert_is_exact(*p))
            exact = *p;
        /* MJPEG lists full-range 4:2:0 first and refuses the limited range as non-standard */
        if (yuv420 == AV_PIX_FMT_NONE && (*p == AV_PIX_FMT_YUV420P || *p == AV_PIX_FMT_YUVJ420P))
            yuv420 = *p;
    }
    if (exact != AV_PIX_FMT_NONE)
        return exact;
    if (yuv420 != AV_PIX_FMT_NONE && width % 2 == 0 && height % 2 == 0)
        return yuv420;
    return avcodec_find_best_pix_fmt_of_list(list, AV_PIX_FMT_GBRP, 0, NULL);
}

/* Whether the container counts time in pictures and takes the frame rate from the time base:
 * those without timestamps (raw H.264), Y4M's header, AVI (its index held an empty chunk for
 * each tick of the input's clock between pictures, and said 600 frames a second) and Ogg
 * (Theora's positions count pictures: at the input's 1/12800 two of 25 could be read back). */
static bool counts_frames(const AVOutputFormat *container)
{
    static const char *const names[] = {"yuv4mpegpipe", "avi", "ogg", "ogv"};
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
        if (!strcmp(container->name, names[i]))
            return true;
    return (container->flags & AVFMT_NOTIMESTAMPS) != 0;
}

static int open_encoder(struct vf_recorder *r, const AVCodec *enc, char *err, size_t errlen)
{
    AVCodecContext *c = avcodec_alloc_context3(enc);
    r->encoder = c;
    if (!c)
        return fail(r, err, errlen, "out of memory", 0);
    c->width = r->cfg.width;
    c->height = r->cfg.height;
    c->pix_fmt = choose_pixel_format(enc, r->mux->oformat, c->width, c->height);
    /* the source's, so that players show the picture as wide as the source was */
    const AVRational sar = r->cfg.sample_aspect;
    c->sample_aspect_ratio = sar.num > 0 && sar.den > 0 ? sar : (AVRational){1, 1};
    c->framerate = r->cfg.frame_rate;
    /* keep the source's clock so variable frame rates survive; MPEG-4 style encoders cap the
     * denominator, and fall back to the nominal frame rate */
    c->time_base = r->cfg.time_base;
    if (c->time_base.den > 65535 && strcmp(enc->name, "libx264") && strcmp(enc->name, "ffv1"))
        c->time_base = av_inv_q(r->cfg.frame_rate);
    if (counts_frames(r->mux->oformat))
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
    if (!strcmp(enc->name, "libx264") || !strcmp(enc->name, "libx264rgb")) {
        av_dict_set(&opts, "preset", "veryfast", 0);
        av_dict_set(&opts, "crf", "18", 0);
    } else if (!strcmp(enc->name, "ffv1")) {
        av_dict_set(&opts, "level", "3", 0); /* slices: encodes on every core */
        av_dict_set(&opts, "slicecrc", "1", 0);
    }
    int ret = avcodec_open2(c, enc, &opts);
    av_dict_free(&opts);
    if (ret < 0) {
        char what[128];
        snprintf(what, sizeof(what), "cannot open the %s encoder", enc->name);
        return fail(r, err, errlen, what, ret);
    }
    r->video = avformat_new_stream(r->mux, NULL);
    if (!r->video)
        return fail(r, err, errlen, "out of memory", 0);
    r->video->time_base = c->time_base;
    r->video->avg_frame_rate = r->cfg.frame_rate;
    r->video->sample_aspect_ratio = c->sample_aspect_ratio; /* muxers check both agree */
    ret = avcodec_parameters_from_context(r->video->codecpar, c);
    if (ret < 0)
        return fail(r, err, errlen, "cannot set the stream parameters", ret);
    r->frame = av_frame_alloc();
    r->packet = av_packet_alloc();
    r->converter = vf_converter_create(r->cfg.threads);
    if (!r->frame || !r->packet || !r->converter)
        return fail(r, err, errlen, "out of memory", 0);
    r->frame->format = c->pix_fmt;
    r->frame->width = c->width;
    r->frame->height = c->height;
    ret = av_frame_get_buffer(r->frame, 0);
    if (ret < 0)
        return fail(r, err, errlen, "cannot allocate a picture", ret);
    return 0;
}

static int add_audio_streams(struct vf_recorder *r, char *err, size_t errlen)
{
    const AVFormatContext *src = r->cfg.audio_source;
    if (!src || is_image_file(r->mux->oformat)) /* pictures alone, as asked: no notice */
        return 0;
    r->audio_map_size = (int)src->nb_streams;
    r->audio_map = malloc(sizeof(int) * src->nb_streams);
    r->audio_last = malloc(sizeof(int64_t) * src->nb_streams);
    if (!r->audio_map || !r->audio_last)
        return fail(r, err, errlen, "out of memory", 0);
    for (unsigned i = 0; i < src->nb_streams; i++) {
        const AVCodecParameters *par = src->streams[i]->codecpar;
        r->audio_map[i] = -1;
        r->audio_last[i] = AV_NOPTS_VALUE;
        if (par->codec_type != AVMEDIA_TYPE_AUDIO)
            continue;
        const AVOutputFormat *container = r->mux->oformat;
        if (!container_accepts(container, par->codec_id, container->audio_codec, false)) {
            vf_notify(r->cfg.notice, r->cfg.notice_ctx,
                      "%s: audio stream %u (%s) dropped: the %s container cannot hold it", r->path,
                      i, avcodec_get_name(par->codec_id), container->name);
            continue;
        }
        AVStream *out = avformat_new_stream(r->mux, NULL);
        if (!out)
            return fail(r, err, errlen, "out of memory", 0);
        int ret = avcodec_parameters_copy(out->codecpar, par);
        if (ret < 0)
            return fail(r, err, errlen, "cannot copy the audio parameters", ret);
        out->codecpar->codec_tag = 0;
        out->time_base = src->streams[i]->time_base;
        r->audio_map[i] = out->index;
        r->audio_kept++;
    }
    return 0;
}

static const AVOutputFormat *choose_container(const struct vf_recorder *r, char *err, size_t errlen)
{
    const char *name = r->cfg.format;
    if (!name) {
        const AVOutputFormat *by_path = av_guess_format(NULL, r->path, NULL);
        if (!by_path)
            snprintf(err, errlen,
                     "%s: cannot tell the container from the file name (use .mkv, .mp4, .mov, "
                     ".avi or .nut, or name one with --format)",
                     r->path);
        return by_path;
    }
    const AVOutputFormat *container = av_guess_format(name, NULL, NULL);
    if (!container) { /* an extension names one too: mkv, ts */
        char file[80];
        snprintf(file, sizeof(file), "x.%s", name);
        container = av_guess_format(NULL, file, NULL);
    }
    if (!container)
        snprintf(err, errlen,
                 "%s: --format: no container named '%s' in this FFmpeg (see ffmpeg "
                 "-muxers)",
                 r->path, name);
    return container;
}

/* Whether the recorder made the file it writes: standard output and other protocols' targets
 * are never removed. */
static bool writes_local_file(const char *path)
{
    const char *protocol = avio_find_protocol_name(path);
    return strcmp(path, "-") && protocol && !strcmp(protocol, "file");
}

void vf_record_ignore_write_signals(void)
{
    signal(SIGXFSZ, SIG_IGN);
    signal(SIGPIPE, SIG_IGN);
}

static const char *file_name_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

int vf_record_numbered_path(const char *path, int n, char *buf, size_t len)
{
    if (!writes_local_file(path))
        return -1;
    const char *name = file_name_of(path);
    const char *dot = strrchr(name, '.');
    if (!dot || dot == name) /* ".notes" is a name, not an extension */
        dot = name + strlen(name);
    int n_chars = snprintf(buf, len, "%.*s-%d%s", (int)(dot - path), path, n, dot);
    return n_chars < 0 || (size_t)n_chars >= len ? -1 : 0;
}

static int open_file(struct vf_recorder *r, char *err, size_t errlen)
{
    AVFormatContext *mux = r->mux;
    int ret;
    if (!(mux->oformat->flags & AVFMT_NOFILE)) {
        ret = avio_open(&mux->pb, strcmp(r->path, "-") ? r->path : "pipe:", AVIO_FLAG_WRITE);
        if (ret < 0)
            return fail(r, err, errlen, "cannot open for writing", ret);
        r->file_opened = 1;
    }
    mux->flush_packets = 1; /* every packet reaches the file: a killed run loses little */
    AVDictionary *opts = NULL;
    const char *name = mux->oformat->name;
    if (strstr(name, "mp4") || strstr(name, "mov") || strstr(name, "ipod") || strstr(name, "ismv"))
        /* delay_moov: the header waits for the first fragment, so that it can say where each
         * stream starts (an edit list); without one the pictures started later by the encoder's
         * B-frame delay and the sound did not (0.08 s apart in test_media) */
        av_dict_set(&opts, "movflags", "+frag_keyframe+empty_moov+delay_moov+default_base_moof", 0);
    if (strstr(name, "matroska") || strstr(name, "webm"))
        av_dict_set(&opts, "cluster_time_limit", "1000", 0);
    char numbered[sizeof(r->path) + 16]; /* the name with a number in place of %d */
    if (is_image_file(mux->oformat) &&
        av_get_frame_filename(numbered, sizeof(numbered), r->path, 1) < 0)
        av_dict_set(&opts, "update", "1", 0); /* no %d in the name: one file, the last picture */
    ret = avformat_write_header(mux, &opts);
    av_dict_free(&opts);
    if (ret < 0 && r->cfg.codec &&
        avformat_query_codec(mux->oformat, r->encoder->codec_id, FF_COMPLIANCE_NORMAL) < 0) {
        char what[160]; /* a codec named by --codec that FFmpeg could not vouch for */
        snprintf(what, sizeof(what), "cannot write the header (can %s hold %s video?)",
                 mux->oformat->name, avcodec_get_name(r->encoder->codec_id));
        return fail(r, err, errlen, what, ret);
    }
    if (ret < 0)
        return fail(r, err, errlen, "cannot write the header", ret);
    if (mux->pb) {           /* image files have none: the muxer opens one a picture */
        avio_flush(mux->pb); /* a full disk or a dead pipe shows now, before any work */
        if (mux->pb->error < 0)
            return fail(r, err, errlen, "write failed", mux->pb->error);
    }
    r->header_written = 1;
    return 0;
}

/* Whether two paths name one existing file (hard links and other spellings included). */
static bool same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
           sa.st_ino == sb.st_ino;
}

/* Whether an image pattern ("img%03d.png") names the file at `path`: the pattern with one of
 * the numbers in path's file name written in, as the image2 formats write them, is that file. */
static bool pattern_names(const char *pattern, const char *path)
{
    char file[4096];
    for (const char *p = file_name_of(path); *p;) {
        if (!isdigit((unsigned char)*p)) {
            p++;
            continue;
        }
        char *end;
        long number = strtol(p, &end, 10);
        if (number <= INT_MAX &&
            av_get_frame_filename2(file, sizeof(file), pattern, (int)number, 0) == 0 &&
            same_file(file, path))
            return true;
        p = end;
    }
    return false;
}

/* Whether an existing file in the output pattern's directory is one that both patterns name:
 * "seq%03d.png" spelt "./seq%03d.png", or "seq00%d.png", writes over the input's pictures. */
static bool patterns_share_a_file(const char *input, const char *output)
{
    char dir[4096], path[8192];
    snprintf(dir, sizeof(dir), "%.*s", (int)(file_name_of(output) - output), output);
    DIR *d = opendir(*dir ? dir : ".");
    if (!d)
        return false; /* then the recording cannot write there either */
    bool shared = false;
    const struct dirent *e;
    while (!shared && (e = readdir(d))) {
        snprintf(path, sizeof(path), "%s%s", dir, e->d_name);
        shared = pattern_names(output, path) && pattern_names(input, path);
    }
    closedir(d);
    return shared;
}

/* Whether recording to `output` would write over the input's files: one file under two names,
 * or where either is an image pattern (the output's when its container writes image files; the
 * input's when no file has its very name), a file that both patterns name, or a pattern naming
 * the other's file. */
static bool overwrites_input(const char *input, const char *output, bool output_pattern)
{
    struct stat st;
    const bool input_pattern = strchr(input, '%') && stat(input, &st) != 0;
    if (!strcmp(input, output) || same_file(input, output))
        return true;
    return (input_pattern && output_pattern && patterns_share_a_file(input, output)) ||
           (input_pattern && pattern_names(input, output)) ||
           (output_pattern && pattern_names(output, input));
}

struct vf_recorder *vf_recorder_open(const struct vf_record_config *cfg, char *err, size_t errlen)
{
    struct vf_recorder *r = calloc(1, sizeof(*r));
    if (!r) {
        snprintf(err, errlen, "%s: out of memory", cfg->path);
        return NULL;
    }
    r->cfg = *cfg;
    snprintf(r->path, sizeof(r->path), "%s", cfg->path);
    r->cfg.path = r->path;
    r->last_pts = AV_NOPTS_VALUE;
    const AVOutputFormat *container = choose_container(r, err, errlen);
    if (!container)
        goto fail;
    if (is_image_file(container) && !writes_local_file(r->path)) { /* it names files itself */
        snprintf(err, errlen,
                 "%s: image files need a file name (a stream of pictures: --format "
                 "image2pipe)",
                 r->path);
        goto fail;
    }
    const char *input = cfg->audio_source ? cfg->audio_source->url : NULL;
    if (input && writes_local_file(r->path) &&
        overwrites_input(input, r->path, is_image_file(container))) {
        snprintf(err, errlen, "%s: is the input too; recording there would destroy it", r->path);
        goto fail;
    }
    int ret = avformat_alloc_output_context2(&r->mux, container, NULL, r->path);
    if (ret < 0) {
        fail(r, err, errlen, "cannot create the container", ret);
        goto fail;
    }
    const AVCodec *enc = choose_encoder(r, container, err, errlen);
    if (!enc || open_encoder(r, enc, err, errlen) || add_audio_streams(r, err, errlen) ||
        open_file(r, err, errlen))
        goto fail;
    snprintf(r->description, sizeof(r->description), "%s %s, %s%s", enc->name,
             av_get_pix_fmt_name(r->encoder->pix_fmt), container->name,
             r->audio_kept ? ", audio copied" : "");
    return r;
fail:
    vf_recorder_close(r, NULL, NULL, 0);
    return NULL;
}

/* Hands every packet the encoder has ready to the muxer. */
static int drain_encoder(struct vf_recorder *r, char *err, size_t errlen)
{
    for (;;) {
        int ret = avcodec_receive_packet(r->encoder, r->packet);
        if (ret == AVERROR(EAGAIN) || ret == AVERROR_EOF)
            return 0;
        if (ret < 0)
            return fail(r, err, errlen, "encoding failed", ret);
        av_packet_rescale_ts(r->packet, r->encoder->time_base, r->video->time_base);
        r->packet->stream_index = r->video->index;
        ret = av_interleaved_write_frame(r->mux, r->packet); /* takes the reference */
        if (ret < 0)
            return fail(r, err, errlen, "write failed", ret);
        r->written++;
    }
}

/* The first picture of the recording, and the first of each new serial, starts where the
 * pictures so far end: recording time = source time + shift_us from then on. */
static void anchor(struct vf_recorder *r, int64_t pts, unsigned serial)
{
    r->shift_us = r->end_us - av_rescale_q(pts, r->cfg.time_base, AV_TIME_BASE_Q);
    r->serial_start_us = r->anchored ? r->end_us : INT64_MIN;
    r->serial = serial;
    r->anchored = true;
}

static bool anchored_for(const struct vf_recorder *r, unsigned serial)
{
    return r->anchored && r->serial == serial;
}

/* the pictures reach `end` (in tb) on the recording's clock */
static void extend_to(struct vf_recorder *r, int64_t end, AVRational tb)
{
    int64_t us = av_rescale_q(end, tb, AV_TIME_BASE_Q);
    if (us > r->end_us)
        r->end_us = us;
}

static int write_audio_now(struct vf_recorder *r, const AVPacket *packet, char *err, size_t errlen);

/* serial a came after serial b (serials only grow, and may wrap) */
static bool later_serial(unsigned a, unsigned b)
{
    return (int)(a - b) > 0;
}

/* Writes the waiting sound of the current serial that starts before `until_us` on the
 * recording's clock (all of it where until_us is INT64_MAX) and drops that of serials left;
 * keeps the rest, in order. */
static int write_waiting(struct vf_recorder *r, int64_t until_us, char *err, size_t errlen)
{
    int status = 0, kept = 0;
    for (int i = 0; i < r->waiting_count; i++) {
        AVPacket *packet = r->waiting[i];
        const unsigned serial = r->waiting_serial[i];
        if (!r->anchored || later_serial(serial, r->serial)) {
            r->waiting[kept] = packet;
            r->waiting_serial[kept++] = serial;
            continue;
        }
        if (serial == r->serial) {
            const AVRational tb = r->cfg.audio_source->streams[packet->stream_index]->time_base;
            const int64_t start = packet->pts != AV_NOPTS_VALUE ? packet->pts : packet->dts;
            if (start != AV_NOPTS_VALUE &&
                av_rescale_q(start, tb, AV_TIME_BASE_Q) + r->shift_us >= until_us) {
                r->waiting[kept] = packet;
                r->waiting_serial[kept++] = serial;
                continue;
            }
            if (status == 0)
                status = write_audio_now(r, packet, err, errlen);
        }
        av_packet_free(&packet);
    }
    r->waiting_count = kept;
    return status;
}

/* Sound waits for the pictures; when too much waits, the oldest goes in (or is dropped, if
 * its serial has no picture yet). */
static int keep_waiting(struct vf_recorder *r, const AVPacket *packet, unsigned serial, char *err,
                        size_t errlen)
{
    AVPacket *copy = av_packet_clone(packet);
    if (!copy)
        return fail(r, err, errlen, "out of memory", 0);
    int status = 0;
    if (r->waiting_count == AUDIO_WAITING) {
        if (anchored_for(r, r->waiting_serial[0]))
            status = write_audio_now(r, r->waiting[0], err, errlen);
        av_packet_free(&r->waiting[0]);
        memmove(r->waiting, r->waiting + 1, sizeof(r->waiting[0]) * (AUDIO_WAITING - 1));
        memmove(r->waiting_serial, r->waiting_serial + 1,
                sizeof(r->waiting_serial[0]) * (AUDIO_WAITING - 1));
        r->waiting_count--;
    }
    r->waiting[r->waiting_count] = copy;
    r->waiting_serial[r->waiting_count++] = serial;
    return status;
}

int vf_recorder_write_picture(struct vf_recorder *r, const struct vf_frame *picture, int64_t pts,
                              unsigned serial, char *err, size_t errlen)
{
    if (r->failed)
        return fail(r, err, errlen, "", 0);
    int ret = av_frame_make_writable(r->frame); /* the encoder may still hold the last one */
    if (ret < 0)
        return fail(r, err, errlen, "cannot allocate a picture", ret);
    char why[256];
    if (vf_convert_from_planar(r->converter, picture, r->frame, why, sizeof(why)))
        return fail(r, err, errlen, why, 0);
    if (!anchored_for(r, serial))
        anchor(r, pts, serial);
    AVRational tb = r->encoder->time_base;
    int64_t t =
        av_rescale_q(pts, r->cfg.time_base, tb) + av_rescale_q(r->shift_us, AV_TIME_BASE_Q, tb);
    if (r->last_pts != AV_NOPTS_VALUE && t <= r->last_pts)
        t = r->last_pts + 1;
    r->frame->pts = r->last_pts = t;
    /* the picture lasts a frame period: a segment after a jump starts after it */
    extend_to(r, t + av_rescale_q(1, av_inv_q(r->cfg.frame_rate), tb), tb);
    ret = avcodec_send_frame(r->encoder, r->frame);
    if (ret < 0)
        return fail(r, err, errlen, "encoding failed", ret);
    r->pictures++;
    if (drain_encoder(r, err, errlen))
        return -1;
    return write_waiting(r, r->end_us, err, errlen); /* the sound up to this picture's end */
}

static int write_audio_now(struct vf_recorder *r, const AVPacket *packet, char *err, size_t errlen)
{
    int index = packet->stream_index;
    AVPacket *copy = av_packet_clone(packet);
    if (!copy)
        return fail(r, err, errlen, "out of memory", 0);
    AVStream *out = r->mux->streams[r->audio_map[index]];
    av_packet_rescale_ts(copy, r->cfg.audio_source->streams[index]->time_base, out->time_base);
    int64_t start = copy->pts != AV_NOPTS_VALUE ? copy->pts : copy->dts;
    if (start != AV_NOPTS_VALUE) {
        int64_t shift = av_rescale_q(r->shift_us, AV_TIME_BASE_Q, out->time_base);
        /* sound from before the serial's first picture goes with pictures not recorded */
        if (r->serial_start_us != INT64_MIN &&
            start + shift < av_rescale_q(r->serial_start_us, AV_TIME_BASE_Q, out->time_base)) {
            av_packet_free(&copy);
            return 0;
        }
        copy->pts = copy->pts != AV_NOPTS_VALUE ? copy->pts + shift : AV_NOPTS_VALUE;
        copy->dts = copy->dts != AV_NOPTS_VALUE ? copy->dts + shift : AV_NOPTS_VALUE;
    }
    int64_t *last = &r->audio_last[index];
    if (copy->dts != AV_NOPTS_VALUE && *last != AV_NOPTS_VALUE && copy->dts <= *last) {
        av_packet_free(&copy); /* audio from before a jump's new start, dropped */
        return 0;
    }
    if (copy->dts != AV_NOPTS_VALUE)
        *last = copy->dts;
    copy->stream_index = out->index;
    copy->pos = -1;
    int ret = av_interleaved_write_frame(r->mux, copy);
    av_packet_free(&copy);
    return ret < 0 ? fail(r, err, errlen, "write failed", ret) : 0;
}

int vf_recorder_write_audio(struct vf_recorder *r, const AVPacket *packet, unsigned serial,
                            char *err, size_t errlen)
{
    int index = packet->stream_index;
    if (r->failed)
        return fail(r, err, errlen, "", 0);
    if (!r->audio_map || index < 0 || index >= r->audio_map_size || r->audio_map[index] < 0)
        return 0;
    if (keep_waiting(r, packet, serial, err, errlen))
        return -1;
    return r->anchored ? write_waiting(r, r->end_us, err, errlen) : 0;
}

static void remove_if_regular(const char *path)
{
    struct stat st;
    if (lstat(path, &st) == 0 && (S_ISREG(st.st_mode) || S_ISLNK(st.st_mode)))
        unlink(path);
}

int vf_recorder_close(struct vf_recorder *r, long *written, char *err, size_t errlen)
{
    if (!r)
        return 0;
    if (r->header_written) {
        if (!r->failed) /* the sound after the last picture, where it belongs */
            write_waiting(r, r->cfg.sound_ends_with_pictures ? r->end_us : INT64_MAX, NULL, 0);
        if (!r->failed) {
            int ret = avcodec_send_frame(r->encoder, NULL);
            if (ret < 0 && ret != AVERROR_EOF)
                fail(r, NULL, 0, "encoding failed", ret);
            else
                drain_encoder(r, NULL, 0);
        }
        /* after a failure too: a trailer keeps what was written playable */
        int ret = r->written > 0 ? av_write_trailer(r->mux) : 0;
        if (ret < 0)
            fail(r, NULL, 0, "cannot finish the file", ret);
    }
    if (r->file_opened) {
        int ret = avio_closep(&r->mux->pb);
        if (ret < 0)
            fail(r, NULL, 0, "cannot finish the file", ret);
        if (r->written == 0 && writes_local_file(r->path))
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
    avcodec_free_context(&r->encoder);
    avformat_free_context(r->mux);
    free(r->audio_map);
    free(r->audio_last);
    for (int i = 0; i < r->waiting_count; i++) /* sound whose pictures never came */
        av_packet_free(&r->waiting[i]);
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
