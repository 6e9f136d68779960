#include "subtitle_convert.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libavutil/mem.h>

#include "subtitle_decode.h"

/* the ffmpeg CLI's bound on one encoded cue */
enum { CUE_BYTES_MAX = 1 << 20 };

struct vf_subtitle_converter {
    AVCodecContext *decoder, *encoder;
    AVRational tb; /* of the packets */
    int64_t end;   /* where the cues so far end, in tb; AV_NOPTS_VALUE: none yet */
    uint8_t *cue;  /* CUE_BYTES_MAX bytes: what the encoder writes */
};

/* "subtitles: WHAT: REASON" into err; returns NULL for open's failures */
static struct vf_subtitle_converter *say(char *err, size_t errlen, const char *what, int averr)
{
    char reason[AV_ERROR_MAX_STRING_SIZE] = "";
    if (averr)
        av_strerror(averr, reason, sizeof(reason));
    snprintf(err, errlen, "subtitles: %s%s%s", what, averr ? ": " : "", reason);
    return NULL;
}

struct vf_subtitle_converter *vf_subtitle_converter_open(const AVCodecParameters *in, AVRational tb,
                                                         enum AVCodecID to, char *err,
                                                         size_t errlen)
{
    struct vf_subtitle_converter *c = NULL;
    /* by the codec's own name first: ASS has an older encoder, "ssa", registered before */
    const AVCodec *enc = avcodec_find_encoder_by_name(avcodec_get_name(to));
    if (!enc || enc->id != to)
        enc = avcodec_find_encoder(to);
    char what[160];
    int ret = 0;
    if (!vf_subtitle_is_text(in->codec_id)) {
        snprintf(what, sizeof(what), "%s cues are pictures, not text",
                 avcodec_get_name(in->codec_id));
        goto fail;
    }
    if (!enc) {
        snprintf(what, sizeof(what), "no %s encoder in this FFmpeg", avcodec_get_name(to));
        goto fail;
    }
    c = calloc(1, sizeof(*c));
    if (!c || !(c->cue = malloc(CUE_BYTES_MAX)) || !(c->encoder = avcodec_alloc_context3(enc))) {
        snprintf(what, sizeof(what), "out of memory");
        goto fail;
    }
    c->tb = tb;
    c->end = AV_NOPTS_VALUE;
    c->decoder = vf_subtitle_decoder_open(in, tb, &ret);
    if (!c->decoder) {
        snprintf(what, sizeof(what), "cannot open a %s decoder", avcodec_get_name(in->codec_id));
        goto fail;
    }
    /* the styles the cues refer to, in the ASS form every text decoder gives */
    if (c->decoder->subtitle_header) {
        c->encoder->subtitle_header = av_mallocz((size_t)c->decoder->subtitle_header_size + 1);
        if (!c->encoder->subtitle_header) {
            snprintf(what, sizeof(what), "out of memory");
            goto fail;
        }
        memcpy(c->encoder->subtitle_header, c->decoder->subtitle_header,
               (size_t)c->decoder->subtitle_header_size);
        c->encoder->subtitle_header_size = c->decoder->subtitle_header_size;
    }
    c->encoder->time_base = AV_TIME_BASE_Q; /* the cues' own: timestamps are the packets' */
    snprintf(what, sizeof(what), "cannot open the %s encoder", enc->name);
    ret = avcodec_open2(c->encoder, enc, NULL);
    if (ret < 0)
        goto fail;
    return c;
fail:
    vf_subtitle_converter_free(c);
    return say(err, errlen, what, ret);
}

const AVCodecContext *vf_subtitle_converter_context(const struct vf_subtitle_converter *c)
{
    return c->encoder;
}

/* A cue's bytes from `start` for `duration` (in the open's tb) to deliver, as a packet of its own.
 */
static int deliver_cue(const uint8_t *bytes, int size, int64_t start, int64_t duration,
                       vf_audio_packet_fn deliver, void *ctx, char *err, size_t errlen)
{
    AVPacket *out = av_packet_alloc();
    if (!out || av_new_packet(out, size) < 0) {
        av_packet_free(&out);
        snprintf(err, errlen, "subtitles: out of memory");
        return -1;
    }
    memcpy(out->data, bytes, (size_t)size);
    out->pts = out->dts = start;
    out->duration = duration;
    out->flags |= AV_PKT_FLAG_KEY;
    int ret = deliver(out, ctx);
    av_packet_free(&out);
    return ret;
}

int vf_subtitle_convert(struct vf_subtitle_converter *c, const AVPacket *in,
                        vf_audio_packet_fn deliver, void *ctx, char *err, size_t errlen)
{
    AVSubtitle cue;
    int ret = vf_subtitle_decode(c->decoder, in, &cue);
    if (ret <= 0) {
        if (ret < 0)
            snprintf(err, errlen, "subtitles: out of memory");
        return ret;
    }
    int bytes =
        cue.num_rects > 0 ? avcodec_encode_subtitle(c->encoder, c->cue, CUE_BYTES_MAX, &cue) : 0;
    const int64_t duration = in->duration > 0
                                 ? in->duration
                                 : av_rescale_q(cue.end_display_time, (AVRational){1, 1000}, c->tb);
    avsubtitle_free(&cue);
    if (bytes < 0) {
        snprintf(err, errlen, "subtitles: cannot encode a cue as %s", c->encoder->codec->name);
        return -1;
    }
    const int64_t start = in->pts != AV_NOPTS_VALUE ? in->pts : in->dts;
    if (bytes == 0 || start == AV_NOPTS_VALUE)
        return 0;
    static const uint8_t empty[2] = {0, 0}; /* a mov_text cue of no text: its length, 0 */
    if (c->encoder->codec_id == AV_CODEC_ID_MOV_TEXT && c->end != AV_NOPTS_VALUE &&
        c->end < start &&
        deliver_cue(empty, sizeof(empty), c->end, start - c->end, deliver, ctx, err, errlen))
        return -1;
    if (c->end == AV_NOPTS_VALUE || start + duration > c->end)
        c->end = start + duration;
    return deliver_cue(c->cue, bytes, start, duration, deliver, ctx, err, errlen);
}

void vf_subtitle_converter_free(struct vf_subtitle_converter *c)
{
    if (!c)
        return;
    avcodec_free_context(&c->decoder);
    avcodec_free_context(&c->encoder);
    free(c->cue);
    free(c);
}
