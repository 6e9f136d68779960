/* A recording's chapters: the input's, as the pictures recorded came from them. The recording's
 * clock goes on where the input's jumps (a seek, a loop: record.c's segments), so each segment
 * takes the chapters of the part of the input it holds, at its own place, and a chapter goes on
 * across a jump that lands in it again (a seek within it) rather than being cut in two. */
#include <stdlib.h>

#include "record_internal.h"

int vf_recorder_add_segment(struct vf_recorder *r, int64_t start_us, int64_t shift_us)
{
    if (r->segment_count == r->segment_capacity) {
        const int capacity = r->segment_capacity ? 2 * r->segment_capacity : 8;
        struct vf_record_segment *more = realloc(r->segments, (size_t)capacity * sizeof(*more));
        if (!more)
            return -1;
        r->segments = more;
        r->segment_capacity = capacity;
    }
    r->segments[r->segment_count++] = (struct vf_record_segment){start_us, shift_us};
    return 0;
}

/* One more chapter of the recording, from `from` to `to` (µs), input chapter c's: the last one
 * made longer where it is c's too and ends there. 0, or -1 out of memory. */
static int add_chapter(AVFormatContext *mux, const AVChapter *c, const AVChapter **made_from,
                       int64_t from, int64_t to)
{
    const unsigned n = mux->nb_chapters;
    if (n > 0 && made_from[n - 1] == c && mux->chapters[n - 1]->end == from) {
        mux->chapters[n - 1]->end = to;
        return 0;
    }
    AVChapter *out = av_mallocz(sizeof(*out));
    if (!out || av_dict_copy(&out->metadata, c->metadata, 0) < 0) {
        if (out)
            av_dict_free(&out->metadata);
        av_free(out);
        return -1;
    }
    out->id = n + 1; /* a chapter of the input's can come more than once (a loop) */
    out->time_base = AV_TIME_BASE_Q;
    out->start = from;
    out->end = to;
    mux->chapters[n] = out;
    made_from[n] = c;
    mux->nb_chapters = n + 1;
    return 0;
}

/* By start on the input's clock. */
static int by_start(const void *a, const void *b)
{
    const AVChapter *x = *(const AVChapter *const *)a, *y = *(const AVChapter *const *)b;
    return av_compare_ts(x->start, x->time_base, y->start, y->time_base);
}

int vf_recorder_add_chapters(struct vf_recorder *r, const struct vf_record_segment *segments,
                             int count, int64_t end_us)
{
    const AVFormatContext *in = r->cfg.source;
    if (!in || in->nb_chapters == 0 || r->chapters_added || count == 0)
        return 0;
    r->chapters_added = true;
    const unsigned per_segment = in->nb_chapters;
    /* at most each input chapter once a segment */
    const size_t most = (size_t)per_segment * (size_t)count;
    const AVChapter **sorted = malloc(per_segment * sizeof(*sorted));
    const AVChapter **made_from = malloc(most * sizeof(*made_from));
    AVChapter **kept = av_calloc(most, sizeof(*kept));
    int status = sorted && made_from && kept ? 0 : -1;
    if (status == 0) {
        r->mux->chapters = kept; /* freed with the muxer */
        r->mux->nb_chapters = 0;
        kept = NULL;
        for (unsigned i = 0; i < per_segment; i++)
            sorted[i] = in->chapters[i];
        qsort(sorted, per_segment, sizeof(*sorted), by_start);
    }
    for (int s = 0; status == 0 && s < count; s++) {
        const int64_t from = s == 0 ? 0 : segments[s].start_us;
        const int64_t to = s + 1 < count ? segments[s + 1].start_us : end_us;
        for (unsigned i = 0; status == 0 && i < per_segment && from < to; i++) {
            const AVChapter *c = sorted[i];
            int64_t start = av_rescale_q(c->start, c->time_base, AV_TIME_BASE_Q);
            int64_t end = av_rescale_q(c->end, c->time_base, AV_TIME_BASE_Q);
            start = start + segments[s].shift_us < from ? from : start + segments[s].shift_us;
            end = end + segments[s].shift_us > to ? to : end + segments[s].shift_us;
            if (start < end)
                status = add_chapter(r->mux, c, made_from, start, end);
        }
    }
    free(sorted);
    free(made_from);
    av_free(kept);
    return status;
}
