#include "audio_copy.h"

#include <stdlib.h>

#include <libavcodec/bsf.h>

#include "record_container.h"

struct vf_audio_copy {
    AVBSFContext *filter;
    AVPacket *packet;
};

void vf_audio_copy_free(struct vf_audio_copy *copy)
{
    if (!copy)
        return;
    av_bsf_free(&copy->filter);
    av_packet_free(&copy->packet);
    free(copy);
}

int vf_audio_copy_open(struct vf_audio_copy **copy, const AVCodecParameters *par, AVRational tb,
                       const AVOutputFormat *container, char *err, size_t errlen)
{
    *copy = NULL;
    /* The filter passes bare frames through, so AAC from MP4 or Matroska is left as it is. */
    if (par->codec_id != AV_CODEC_ID_AAC || !vf_container_is_fragmented(container))
        return 0;
    const AVBitStreamFilter *kind = av_bsf_get_by_name("aac_adtstoasc");
    if (!kind)
        return vf_audio_say(err, errlen, "no aac_adtstoasc bitstream filter in this FFmpeg", 0);
    struct vf_audio_copy *c = calloc(1, sizeof(*c));
    int ret = AVERROR(ENOMEM);
    if (!c || !(c->packet = av_packet_alloc()))
        goto fail;
    ret = av_bsf_alloc(kind, &c->filter);
    if (ret < 0)
        goto fail;
    ret = avcodec_parameters_copy(c->filter->par_in, par);
    if (ret < 0)
        goto fail;
    c->filter->time_base_in = tb;
    ret = av_bsf_init(c->filter);
    if (ret < 0)
        goto fail;
    *copy = c;
    return 0;
fail:
    vf_audio_copy_free(c);
    return vf_audio_say(err, errlen, "cannot set up aac_adtstoasc", ret);
}

int vf_audio_copy_send(struct vf_audio_copy *copy, const AVPacket *packet,
                       vf_audio_packet_fn deliver, void *ctx, char *err, size_t errlen)
{
    int ret = 0;
    if (packet) {
        ret = av_packet_ref(copy->packet, packet);
        if (ret < 0)
            return vf_audio_say(err, errlen, "out of memory", ret);
    }
    ret = av_bsf_send_packet(copy->filter, packet ? copy->packet : NULL);
    av_packet_unref(copy->packet);
    if (ret < 0 && ret != AVERROR_EOF)
        return vf_audio_say(err, errlen, "cannot convert a packet", ret);
    for (;;) {
        ret = av_bsf_receive_packet(copy->filter, copy->packet);
        if (ret == AVERROR(EAGAIN) || ret == AVERROR_EOF)
            return 0;
        if (ret == AVERROR(ENOMEM))
            return vf_audio_say(err, errlen, "out of memory", ret);
        if (ret < 0)
            return 0; /* this packet's header was damaged: one in, none out */
        ret = deliver(copy->packet, ctx);
        av_packet_unref(copy->packet);
        if (ret)
            return -1;
    }
}
