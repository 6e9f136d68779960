/* Test helper: subtitles drawn as pictures (DVD's), which FFmpeg's tool cannot make from text,
 * written with FFmpeg's own DVD subtitle encoder into a Matroska file of that one stream, to be
 * muxed beside a video for the window's tests. */
#include "picture_subs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>

/* The cues: a box with a black edge, its inside in DVD palette colour `inside` (ARGB), 5/8 of the
 * picture wide and 1/5 high, 1/6 of the height from its top or bottom (320x240: 200x48, 40 from
 * the edge, as test_viewer.sh expects). */
struct picture_cue {
    int start_ms, end_ms;
    int top; /* 1: near the picture's top, 0: near its bottom */
    uint32_t inside;
};

static const struct picture_cue cues[] = {
    {0, 4000, 0, 0xffffffffu},    /* white, at the bottom */
    {4500, 8000, 1, 0xffffff00u}, /* yellow, at the top */
};

/* One cue encoded into packet p (pts and duration in milliseconds), its box's indices drawn in
 * `indices`. 0, or -1 with a message. */
static int encode_cue(AVCodecContext *enc, const struct picture_cue *cue, uint8_t *indices,
                      AVPacket *p)
{
    const int w = enc->width * 5 / 8, h = enc->height / 5, margin = enc->height / 6;
    const int edge = h > 16 ? 4 : 1;
    uint32_t palette[4] = {0x00000000u, 0xff000000u, cue->inside, 0};
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            indices[y * w + x] = x < edge || y < edge || x >= w - edge || y >= h - edge ? 1 : 2;
    AVSubtitleRect rect = {
        .x = (enc->width - w) / 2,
        .y = cue->top ? margin : enc->height - h - margin,
        .w = w,
        .h = h,
        .nb_colors = 3,
        .type = SUBTITLE_BITMAP,
    };
    rect.data[0] = indices;
    rect.linesize[0] = w;
    rect.data[1] = (uint8_t *)palette;
    rect.linesize[1] = 4;
    AVSubtitleRect *rects[1] = {&rect};
    AVSubtitle sub = {.num_rects = 1,
                      .rects = rects,
                      .end_display_time = (uint32_t)(cue->end_ms - cue->start_ms),
                      .pts = av_rescale(cue->start_ms, AV_TIME_BASE, 1000)};
    enum { ROOM = 1 << 16 };
    if (av_new_packet(p, ROOM) < 0) {
        fprintf(stderr, "picture_subs: out of memory\n");
        return -1;
    }
    const int size = avcodec_encode_subtitle(enc, p->data, ROOM, &sub);
    if (size <= 0) {
        fprintf(stderr, "picture_subs: avcodec_encode_subtitle failed (%d)\n", size);
        return -1;
    }
    av_shrink_packet(p, size);
    p->pts = p->dts = cue->start_ms;
    p->duration = cue->end_ms - cue->start_ms;
    p->flags |= AV_PKT_FLAG_KEY;
    return 0;
}

int write_picture_subs(const char *path, int width, int height)
{
    const AVCodec *codec = avcodec_find_encoder(AV_CODEC_ID_DVD_SUBTITLE);
    AVCodecContext *enc = codec ? avcodec_alloc_context3(codec) : NULL;
    AVFormatContext *out = NULL;
    AVPacket *p = av_packet_alloc();
    uint8_t *indices = width >= 8 && height >= 8 ? malloc((size_t)width * (size_t)height) : NULL;
    int status = 1;
    if (!enc || !p || !indices) {
        fprintf(stderr,
                "picture_subs: %dx%d: no DVD subtitle encoder, or no memory, or smaller "
                "than 8x8\n",
                width, height);
        goto done;
    }
    enc->width = width;
    enc->height = height;
    enc->time_base = (AVRational){1, 1000};
    int ret = avcodec_open2(enc, codec, NULL);
    if (ret >= 0)
        ret = avformat_alloc_output_context2(&out, NULL, "matroska", path);
    AVStream *st = ret >= 0 ? avformat_new_stream(out, NULL) : NULL;
    if (st) {
        st->time_base = (AVRational){1, 1000};
        ret = avcodec_parameters_from_context(st->codecpar, enc);
    }
    if (ret >= 0 && st)
        ret = avio_open(&out->pb, path, AVIO_FLAG_WRITE);
    if (ret >= 0 && st)
        ret = avformat_write_header(out, NULL);
    if (ret < 0 || !st) {
        fprintf(stderr, "picture_subs: %s: cannot write (%d)\n", path, ret);
        goto done;
    }
    for (size_t i = 0; i < sizeof(cues) / sizeof(cues[0]); i++) {
        if (encode_cue(enc, &cues[i], indices, p))
            goto done;
        av_packet_rescale_ts(p, (AVRational){1, 1000}, st->time_base);
        if ((ret = av_interleaved_write_frame(out, p)) < 0) {
            fprintf(stderr, "picture_subs: %s: cannot write a cue (%d)\n", path, ret);
            goto done;
        }
    }
    if ((ret = av_write_trailer(out)) < 0)
        fprintf(stderr, "picture_subs: %s: cannot end the file (%d)\n", path, ret);
    else
        status = 0;
done:
    if (out)
        avio_closep(&out->pb);
    avformat_free_context(out);
    avcodec_free_context(&enc);
    av_packet_free(&p);
    free(indices);
    return status;
}
