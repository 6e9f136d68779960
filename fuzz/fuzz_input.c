/* libFuzzer harness over vfview's input path: bytes -> demux -> decode -> convert to planar RGB
 * -> filter (CPU reference and fast engines, which must agree) -> convert back -> encode to
 * memory (FFV1, packets dropped); text subtitles -> decoded and encoded again as mov_text, as a
 * recording into MP4 converts them (subtitle_convert.c); every subtitle track's cues kept as the
 * window keeps them, text or pictures, and looked up and painted (cues.c, cue_picture.c); and
 * the bytes as a subtitle file
 * (--sub-file), read whole into the window's cues and looked up (cues.c). The bytes reach vfview's
 * own decoder (decode.c, its thread and queue included) through a memfd, as a file would. Build:
 * meson setup build-fuzz -Dfuzz=enabled (clang); run: build-fuzz/fuzz/fuzz_input CORPUS */
#include "convert.h"
#include "cpu.h"
#include "cues.h"
#include "decode.h"
#include "filter.h"
#include "subtitle_convert.h"

#include <libavcodec/avcodec.h>
#include <libavutil/log.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

enum { MAX_PICTURES = 4, MAX_PIXELS = 256 * 256, MAX_STREAMS = 16, MAX_CUE_TIMES = 8 };

struct harness {
    struct vf_cpu_fast *fast;
    struct vf_converter *converter;
    AVCodecContext *encoder;
    AVFrame *yuv;
    AVPacket *packet;
    struct vf_frame ref, out;
    struct vf_subtitle_converter *cues[MAX_STREAMS]; /* by stream; opened at the first cue */
    struct vf_cues *window_cues;                     /* the window's, of every track */
    double cue_times[MAX_CUE_TIMES];                 /* where cues were added */
    int cue_time_count;
};

static int drop_cue(AVPacket *packet, void *ctx)
{
    (void)ctx;
    av_packet_unref(packet);
    return 0;
}

/* A packet of sound or subtitles: a cue goes through the converter to mov_text. */
static void convert_cue(struct harness *h, const AVFormatContext *format, const AVPacket *packet)
{
    const int i = packet->stream_index;
    if (i < 0 || i >= MAX_STREAMS || (unsigned)i >= format->nb_streams ||
        format->streams[i]->codecpar->codec_type != AVMEDIA_TYPE_SUBTITLE)
        return;
    char err[512];
    if (!h->cues[i])
        h->cues[i] =
            vf_subtitle_converter_open(format->streams[i]->codecpar, format->streams[i]->time_base,
                                       AV_CODEC_ID_MOV_TEXT, err, sizeof(err));
    if (h->cues[i])
        vf_subtitle_convert(h->cues[i], packet, drop_cue, NULL, err, sizeof(err));
    vf_cues_add(h->window_cues, packet, 0);
    if (h->cue_time_count < MAX_CUE_TIMES && packet->pts != AV_NOPTS_VALUE)
        h->cue_times[h->cue_time_count++] = packet->pts * av_q2d(format->streams[i]->time_base);
}

/* The window's lookups of every track at the times cues were added, and a little after. */
static void look_up_cues(struct harness *h)
{
    char text[512];
    for (int track = 1; h->window_cues && track <= vf_cues_track_count(h->window_cues); track++)
        for (int i = 0; i < 2 * h->cue_time_count; i++) {
            const double at = h->cue_times[i / 2] + (i % 2) * 0.5;
            uint64_t shown = 0;
            struct vf_cue_picture picture;
            vf_cues_at(h->window_cues, track, at, 0, text, sizeof(text));
            if (vf_cues_picture_at(h->window_cues, track, at, 0, &shown, &picture) == 0)
                free(picture.rgba);
        }
}

static void drain(AVCodecContext *enc, AVPacket *packet)
{
    while (avcodec_receive_packet(enc, packet) == 0)
        av_packet_unref(packet);
}

static int open_encoder(struct harness *h, int width, int height)
{
    const AVCodec *codec = avcodec_find_encoder(AV_CODEC_ID_FFV1);
    if (!codec || !(h->encoder = avcodec_alloc_context3(codec)) || !(h->yuv = av_frame_alloc()) ||
        !(h->packet = av_packet_alloc()))
        return -1;
    h->encoder->width = width;
    h->encoder->height = height;
    h->encoder->pix_fmt = AV_PIX_FMT_YUV420P;
    h->encoder->time_base = (AVRational){1, 25};
    h->yuv->format = AV_PIX_FMT_YUV420P;
    h->yuv->width = width;
    h->yuv->height = height;
    if (avcodec_open2(h->encoder, codec, NULL) < 0 || av_frame_get_buffer(h->yuv, 0) < 0)
        return -1;
    return 0;
}

/* One picture: both CPU engines (which must produce the same bytes), then the encoder. */
static void filter_and_encode(struct harness *h, const struct vf_filter *f, enum vf_border border,
                              const struct vf_frame *picture, int64_t pts)
{
    char err[256];
    vf_cpu_ref(f, border, picture, &h->ref);
    if (vf_cpu_fast_run(h->fast, f, border, picture, &h->out))
        abort();
    int plane, x, y;
    if (vf_frame_compare(&h->ref, &h->out, &plane, &x, &y) >= 0) {
        fprintf(stderr, "fuzz: fast != ref at plane %d (%d,%d)\n", plane, x, y);
        abort();
    }
    if (av_frame_make_writable(h->yuv) < 0 ||
        vf_convert_from_planar(h->converter, &h->out, h->yuv, err, sizeof(err)))
        return;
    h->yuv->pts = pts;
    if (avcodec_send_frame(h->encoder, h->yuv) == 0)
        drain(h->encoder, h->packet);
}

static void run(const char *url, const uint8_t *data, size_t size)
{
    struct harness h;
    memset(&h, 0, sizeof(h));
    struct vf_filter f;
    vf_filter_default(&f, (enum vf_preset)(data[size - 1] % VF_CUSTOM));
    enum vf_border border = (enum vf_border)(data[size - 1] / VF_CUSTOM % 3);
    /* one codec thread: a thread pool per input would be most of the time spent */
    struct vf_decoder_config dc = {.url = url,
                                   .queue_depth = 2,
                                   .threads = 1,
                                   .max_pixels = MAX_PIXELS,
                                   .want_audio = true,
                                   .want_subtitles = true};
    char err[512];
    struct vf_decoder *d = vf_decoder_open(&dc, err, sizeof(err));
    if (!d)
        return;
    const struct vf_source_info *info = vf_decoder_info(d);
    if (vf_decoder_start(d, err, sizeof(err)))
        goto done;
    const struct vf_cues_config cc = {.format = info->format};
    if (vf_cues_open(&h.window_cues, &cc, err, sizeof(err)))
        goto done;
    if (vf_frame_alloc(&h.ref, info->width, info->height) ||
        vf_frame_alloc(&h.out, info->width, info->height) || !(h.fast = vf_cpu_fast_create(1)) ||
        !(h.converter = vf_converter_create(1)) || open_encoder(&h, info->width, info->height))
        goto done;
    struct vf_media_item *item;
    for (int n = 0; n < MAX_PICTURES && (item = vf_decoder_next(d)); n++) {
        if (item->kind == VF_ITEM_VIDEO)
            filter_and_encode(&h, &f, border, &item->picture, item->index);
        else
            convert_cue(&h, info->format, item->packet);
        vf_item_release(item);
    }
    if (avcodec_send_frame(h.encoder, NULL) == 0)
        drain(h.encoder, h.packet);
    look_up_cues(&h);
done:
    vf_cues_free(h.window_cues);
    vf_decoder_close(d);
    av_packet_free(&h.packet);
    av_frame_free(&h.yuv);
    avcodec_free_context(&h.encoder);
    vf_converter_destroy(h.converter);
    vf_cpu_fast_destroy(h.fast);
    vf_frame_free(&h.ref);
    vf_frame_free(&h.out);
    for (int i = 0; i < MAX_STREAMS; i++)
        vf_subtitle_converter_free(h.cues[i]);
}

/* The bytes as a subtitle file beside an input of no streams: its cues, looked up at the times
 * the byte after the first gives. */
static void read_as_subtitles(const char *url, const uint8_t *data, size_t size)
{
    AVFormatContext *none = avformat_alloc_context();
    const char *files[1] = {url};
    const struct vf_cues_config cc = {.format = none, .files = {.asked = files, .asked_count = 1}};
    struct vf_cues *cues = NULL;
    char err[512], text[512];
    if (none && vf_cues_open(&cues, &cc, err, sizeof(err)) == 0 && cues) {
        vf_cues_describe(cues, 1, text, sizeof(text));
        for (int i = 0; i < 8; i++)
            vf_cues_at(cues, 1, (size > 1 ? data[1] : 0) * 0.1 * i, 0, text, sizeof(text));
    }
    vf_cues_free(cues);
    /* and as a file dropped on the window: added to cues of no track */
    const struct vf_cues_config empty = {.format = none};
    cues = NULL;
    int track = -1;
    if (none && vf_cues_open(&cues, &empty, err, sizeof(err)) == 0 && cues &&
        (track = vf_cues_add_file(cues, url, 0, err, sizeof(err))) > 0)
        vf_cues_at(cues, track, size > 1 ? data[1] * 0.1 : 0, 0, text, sizeof(text));
    vf_cues_free(cues);
    avformat_free_context(none);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int fd = -1;
    if (size == 0)
        return 0;
    if (fd < 0) {
        av_log_set_level(AV_LOG_QUIET);
        fd = memfd_create("vfview-fuzz", 0);
        if (fd < 0)
            abort();
    }
    if (ftruncate(fd, 0) || pwrite(fd, data, size, 0) != (ssize_t)size)
        abort();
    char url[64];
    snprintf(url, sizeof(url), "/proc/self/fd/%d", fd);
    run(url, data, size);
    read_as_subtitles(url, data, size);
    return 0;
}
