/* A chain of FFmpeg audio filters between a source that takes decoded frames and a sink:
 * the window's sound (tempo, the device's format) and the recorder's sound encoded again
 * (the encoder's format, its frame size) both convert through one. */
#ifndef VF_AUDIO_GRAPH_H
#define VF_AUDIO_GRAPH_H

#include <stdbool.h>
#include <stddef.h>

#include <libavfilter/avfilter.h>
#include <libavutil/channel_layout.h>
#include <libavutil/frame.h>

struct vf_audio_graph {
    AVFilterGraph *graph; /* NULL: none yet */
    AVFilterContext *source, *sink;
    /* the sample format, rate and channels of the frames it was made for: its source fails on
     * others */
    int format, rate;
    AVChannelLayout layout;
};

/* Writes the name FFmpeg's filters take for the channels (a default layout for their count
 * where the stream did not say which they are). */
void vf_audio_layout_name(const AVChannelLayout *channels, char *buf, size_t len);
/* Makes g (closing the one it held) for frames like f, timestamps in tb: source → `chain` (an
 * FFmpeg filter chain, e.g. "aresample,aformat=...") → sink. 0, or a negative AVERROR. */
int vf_audio_graph_open(struct vf_audio_graph *g, const AVFrame *f, AVRational tb,
                        const char *chain);
/* Whether g takes frames like f (a stream may change its format mid-way: a broadcast between
 * programmes). */
bool vf_audio_graph_takes(const struct vf_audio_graph *g, const AVFrame *f);
/* Frees the graph and the samples its filters hold; g can be opened again. */
void vf_audio_graph_close(struct vf_audio_graph *g);

#endif
