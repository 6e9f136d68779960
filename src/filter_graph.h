/* Chains of FFmpeg filters between a source that takes decoded frames and a sink: the
 * window's sound (tempo, the device's format), the recorder's sound encoded again (the
 * encoder's format, its frame size) and its GIF pictures (a palette each) go through one. */
#ifndef VF_FILTER_GRAPH_H
#define VF_FILTER_GRAPH_H

#include <stdbool.h>
#include <stddef.h>

#include <libavfilter/avfilter.h>
#include <libavutil/channel_layout.h>
#include <libavutil/frame.h>

/* Makes *graph: a source ("buffer" for video, "abuffer" for audio, with `source_args`) →
 * `chain` (an FFmpeg filter chain, e.g. "aresample,aformat=...") → a sink, its filters on
 * `threads` threads (0: FFmpeg's choice, one per core). 0, or a negative AVERROR with nothing
 * left to free. */
int vf_filter_chain_open(AVFilterGraph **graph, AVFilterContext **source, AVFilterContext **sink,
                         bool video, const char *source_args, const char *chain, int threads);

/* The same for video frames like f (size, pixel format, pixel shape), timestamps in tb. */
int vf_video_chain_open(AVFilterGraph **graph, AVFilterContext **source, AVFilterContext **sink,
                        const AVFrame *f, AVRational tb, const char *chain, int threads);

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
/* Makes g (closing the one it held) for audio frames like f, timestamps in tb, through
 * `chain`. 0, or a negative AVERROR. */
int vf_audio_graph_open(struct vf_audio_graph *g, const AVFrame *f, AVRational tb,
                        const char *chain);
/* Whether g takes frames like f (a stream may change its format mid-way: a broadcast between
 * programmes). */
bool vf_audio_graph_takes(const struct vf_audio_graph *g, const AVFrame *f);
/* Frees the graph and the samples its filters hold; g can be opened again. */
void vf_audio_graph_close(struct vf_audio_graph *g);

#endif
