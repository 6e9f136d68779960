#include "snapshot.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <libavcodec/avcodec.h>

/* One of rgb (packed) and gbr (planes) gives the pixels. */
static int write_png(const char *path, const uint8_t *rgb, const struct vf_frame *gbr, int width,
                     int height, AVRational sar, char *err, size_t errlen)
{
    const AVCodec *png = avcodec_find_encoder(AV_CODEC_ID_PNG);
    AVCodecContext *c = png ? avcodec_alloc_context3(png) : NULL;
    AVFrame *frame = av_frame_alloc();
    AVPacket *packet = av_packet_alloc();
    FILE *out = NULL;
    int status = -1, ret;
    char reason[AV_ERROR_MAX_STRING_SIZE] = "out of memory";
    if (!png) {
        snprintf(err, errlen, "%s: this FFmpeg has no PNG encoder", path);
        goto done;
    }
    if (!c || !frame || !packet)
        goto fail;
    c->width = frame->width = width;
    c->height = frame->height = height;
    c->pix_fmt = AV_PIX_FMT_RGB24;
    frame->format = AV_PIX_FMT_RGB24;
    c->time_base = (AVRational){1, 1};
    if (sar.num > 0 && sar.den > 0 && sar.num != sar.den)
        c->sample_aspect_ratio = sar;
    if ((ret = avcodec_open2(c, png, NULL)) < 0 || (ret = av_frame_get_buffer(frame, 0)) < 0)
        goto averror;
    for (int y = 0; y < height; y++) {
        uint8_t *row = frame->data[0] + (ptrdiff_t)y * frame->linesize[0];
        if (rgb) {
            memcpy(row, rgb + (size_t)y * width * 3, (size_t)width * 3);
            continue;
        }
        const uint8_t *g = gbr->plane[0] + y * gbr->stride, *b = gbr->plane[1] + y * gbr->stride,
                      *r = gbr->plane[2] + y * gbr->stride;
        for (int x = 0; x < width; x++) {
            row[3 * x] = r[x];
            row[3 * x + 1] = g[x];
            row[3 * x + 2] = b[x];
        }
    }
    if ((ret = avcodec_send_frame(c, frame)) < 0 || (ret = avcodec_receive_packet(c, packet)) < 0)
        goto averror;
    out = fopen(path, "wb");
    bool written =
        out && fwrite(packet->data, 1, (size_t)packet->size, out) == (size_t)packet->size;
    if (out && fclose(out) != 0)
        written = false;
    out = NULL;
    if (!written) {
        snprintf(err, errlen, "%s: cannot write the screenshot: %s", path, strerror(errno));
        remove(path);
        goto done;
    }
    status = 0;
    goto done;
averror:
    av_strerror(ret, reason, sizeof(reason));
fail:
    snprintf(err, errlen, "%s: PNG encoding failed: %s", path, reason);
done:
    if (out)
        fclose(out);
    av_packet_free(&packet);
    av_frame_free(&frame);
    avcodec_free_context(&c);
    return status;
}

int vf_write_png(const char *path, const uint8_t *rgb, int width, int height, char *err,
                 size_t errlen)
{
    return write_png(path, rgb, NULL, width, height, (AVRational){0, 0}, err, errlen);
}

int vf_write_png_frame(const char *path, const struct vf_frame *gbr, AVRational sar, char *err,
                       size_t errlen)
{
    return write_png(path, NULL, gbr, gbr->width, gbr->height, sar, err, errlen);
}
