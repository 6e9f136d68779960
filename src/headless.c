#include "headless.h"

#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libavutil/log.h>

#include "decode.h"
#include "engine.h"
#include "folders.h"
#include "gpu.h"
#include "media_item.h"
#include "progress.h"
#include "queue.h"
#include "record.h"
#include "record_path.h"
#include "threadpool.h"
#include "timing.h"
#include "tracks.h"
#include "variants.h"

enum { FILTERED_DEPTH = 4 };

static volatile sig_atomic_t interrupted_by;

static void on_signal(int sig)
{
    interrupted_by = sig;
}

/* SIGINT/SIGTERM end the run cleanly (a second one kills: SA_RESETHAND). */
static void install_signal_handlers(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_signal;
    sa.sa_flags = SA_RESETHAND;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
    vf_record_ignore_write_signals();
}

struct stage_time {
    double ms;
    long count;
};

struct run {
    const struct vf_options *opts;
    struct vf_decoder *decoder;
    const struct vf_source_info *info;
    struct vf_recorder *recorder;
    struct vf_engine *engine;
    struct vf_item_pool *out_pool;
    struct vf_queue *filtered;
    pthread_t filter_thread;
    atomic_bool stop;
    atomic_bool cut; /* --frames left pictures out */
    struct stage_time decode, filter, encode;
    char filter_error[512];
    char engine_note[512]; /* a fallback or a skipped check, for the summary */
};

static void print_notice(const char *line, void *ctx)
{
    (void)ctx;
    fprintf(stderr, "vfview: %s\n", line);
}

/* Engine notices wait for the summary, so that progress lines stay readable. */
static void keep_engine_note(const char *line, void *ctx)
{
    struct run *r = ctx;
    if (!r->engine_note[0])
        snprintf(r->engine_note, sizeof(r->engine_note), "%s", line);
    if (strstr(line, "GPU failed")) /* worth knowing at once */
        print_notice(line, NULL);
}

static int emit(struct run *r, struct vf_media_item *item)
{
    if (vf_queue_put(r->filtered, item) == 0)
        return 0;
    vf_item_release(item); /* the consumer stopped */
    return -1;
}

/* The engine finished `out`: give it its source's timestamps and pass it on. */
static int on_filtered(void *tag, double ms, void *ctx)
{
    struct run *r = ctx;
    struct vf_media_item *out = tag, *src = out->source;
    out->pts = src->pts;
    out->duration = src->duration;
    out->index = src->index;
    out->serial = src->serial;
    out->stage_ms = ms;
    out->source = NULL;
    r->filter.ms += ms;
    r->filter.count++;
    vf_item_release(src);
    return emit(r, out);
}

static int filter_one(struct run *r, struct vf_media_item *src)
{
    struct vf_media_item *out = vf_item_take(r->out_pool, VF_ITEM_VIDEO);
    if (!out) {
        vf_item_release(src);
        snprintf(r->filter_error, sizeof(r->filter_error), "out of memory");
        return -1;
    }
    out->source = src;
    char err[256];
    if (vf_engine_push(r->engine, &r->opts->filter, r->opts->border, &src->picture, &out->picture,
                       out, on_filtered, r, err, sizeof(err))) {
        if (strcmp(err, "stopped"))
            snprintf(r->filter_error, sizeof(r->filter_error), "%s", err);
        return -1; /* items the engine still holds are released by drain_engine */
    }
    return 0;
}

static int drop_filtered(void *tag, double ms, void *ctx)
{
    (void)ms;
    (void)ctx;
    struct vf_media_item *out = tag;
    vf_item_release(out->source);
    vf_item_release(out);
    return 0;
}

static void *filter_thread(void *arg)
{
    struct run *r = arg;
    long limit = r->opts->frames, pictures = 0;
    struct vf_media_item *src;
    vf_thread_background();
    int failed = 0;
    while (!failed && !atomic_load(&r->stop) && !(limit && pictures >= limit) &&
           (src = vf_decoder_next(r->decoder))) {
        if (src->kind == VF_ITEM_PACKET) {
            failed = emit(r, src);
            continue;
        }
        pictures++;
        r->decode.ms += src->stage_ms;
        r->decode.count++;
        failed = filter_one(r, src);
    }
    if (limit && pictures >= limit)
        atomic_store(&r->cut, true);
    char err[256];
    if (!failed && !atomic_load(&r->stop) &&
        vf_engine_flush(r->engine, on_filtered, r, err, sizeof(err)) && strcmp(err, "stopped"))
        snprintf(r->filter_error, sizeof(r->filter_error), "%s", err);
    vf_engine_flush(r->engine, drop_filtered, r, err, sizeof(err)); /* after a stop */
    vf_queue_close(r->filtered);
    return NULL;
}

static double stage_fps(struct stage_time t)
{
    return t.ms > 0 ? t.count * 1000.0 / t.ms : 0;
}

static void print_summary(const struct run *r, long written, const char *recording, double seconds)
{
    char engine[64];
    vf_engine_describe(r->engine, engine, sizeof(engine));
    fprintf(stderr,
            "vfview: %ld frame%s in %.2f s (%.1f fps); decode %.0f fps, filter %.0f fps (%s)",
            r->filter.count, r->filter.count == 1 ? "" : "s", seconds,
            seconds > 0 ? r->filter.count / seconds : 0, stage_fps(r->decode), stage_fps(r->filter),
            engine);
    if (r->opts->output)
        fprintf(stderr, ", encode %.0f fps; %ld written to %s (%s)", stage_fps(r->encode), written,
                strcmp(r->opts->output, "-") ? r->opts->output : "standard output", recording);
    fprintf(stderr, "\n");
    if (r->engine_note[0])
        fprintf(stderr, "vfview: %s\n", r->engine_note);
    long checked, mismatches, first;
    vf_engine_check_result(r->engine, &checked, &mismatches, &first);
    const char *variant = vf_gpu_variant_names[r->opts->gpu_variant];
    if (checked && !mismatches)
        fprintf(stderr, "vfview: GPU %s output identical to the CPU on all %ld frames\n", variant,
                checked);
    else if (mismatches)
        fprintf(stderr,
                "vfview: GPU %s output differs from the CPU on %ld of %ld frames "
                "(first: frame %ld)\n",
                variant, mismatches, checked, first);
}

/* Writes what the filter stage produces until it ends, an error, or a signal. */
static int consume(struct run *r, struct vf_progress *progress, char *err, size_t errlen)
{
    for (;;) {
        void *next;
        int status = vf_queue_get_timed(r->filtered, 100, &next);
        struct vf_media_item *item = next;
        if (interrupted_by) {
            vf_item_release(item);
            return 0;
        }
        if (status < 0)
            return 0;
        if (status == 0) {
            vf_progress_update(progress, r->encode.count);
            continue;
        }
        int failed = 0;
        double started = vf_now_ms();
        if (item->kind == VF_ITEM_PACKET) {
            failed = r->recorder &&
                     vf_recorder_write_packet(r->recorder, item->packet, item->serial, err, errlen);
        } else {
            failed = r->recorder && vf_recorder_write_picture(r->recorder, &item->picture,
                                                              item->pts, item->serial, err, errlen);
            r->encode.ms += vf_now_ms() - started;
            r->encode.count++;
        }
        vf_item_release(item);
        if (failed)
            return -1;
        vf_progress_update(progress, r->encode.count);
    }
}

static void close_run(struct run *r)
{
    if (r->filtered) {
        vf_queue_drain(r->filtered, vf_item_release_cb, NULL);
        vf_queue_destroy(r->filtered);
    }
    vf_engine_close(r->engine);
    vf_decoder_close(r->decoder);
    vf_item_pool_destroy(r->out_pool);
}

int vf_headless_run(const struct vf_options *opts)
{
    struct run r = {.opts = opts};
    char err[1024];
    int status = 1;
    install_signal_handlers();
    /* pictures the GPU reads go there and back without a copy of ours (engine.h) */
    const vf_frame_allocator gpu_frames = opts->engine == VF_USE_CPU ? NULL : vf_gpu_frame_alloc;
    /* errors reach the user as vfview's own one-line messages; FFmpeg's log only on request */
    av_log_set_level(opts->verbose ? AV_LOG_INFO : AV_LOG_QUIET);
    struct vf_decoder_config dc = {.url = opts->input,
                                   .webcam = opts->webcam,
                                   .webcam_format = opts->webcam_format,
                                   .camera_options = opts->camera_options,
                                   .camera_option_count = opts->camera_option_count,
                                   .start = opts->start,
                                   .end = opts->end,
                                   .length = opts->length,
                                   .loop = opts->loop,
                                   .as_stored = opts->as_stored,
                                   .keep_hdr = opts->keep_hdr,
                                   .keep_fields = opts->keep_fields,
                                   .turn = vf_orientation_user(opts->rotate, opts->mirror),
                                   .want_audio = opts->output && !opts->no_audio,
                                   .want_subtitles = opts->output && !opts->no_subtitles,
                                   .allocate_picture = gpu_frames};
    r.decoder = vf_decoder_open(&dc, err, sizeof(err));
    if (!r.decoder)
        goto fail;
    r.info = vf_decoder_info(r.decoder);
    if (vf_check_track(r.info, AVMEDIA_TYPE_AUDIO, opts->audio_track, 0, err, sizeof(err)) ||
        vf_check_track(r.info, AVMEDIA_TYPE_SUBTITLE, opts->subtitle_track,
                       opts->subtitle_file_count, err, sizeof(err)))
        goto fail;
    if (r.info->deinterlaced)
        fprintf(stderr,
                "vfview: %s: interlaced: made progressive with bwdif (--no-deinterlace: "
                "as stored)\n",
                r.info->name);
    if (r.info->hdr && !opts->keep_hdr)
        fprintf(stderr,
                "vfview: %s: HDR (%s) mapped to SDR, as players show it (--no-tonemap: as "
                "stored)\n",
                r.info->name, r.info->hdr);
    r.out_pool = vf_item_pool_create(r.info->width, r.info->height,
                                     opts->engine == VF_USE_GPU ? vf_gpu_frame_alloc : NULL);
    r.filtered = vf_queue_create(FILTERED_DEPTH);
    if (!r.out_pool || !r.filtered) {
        snprintf(err, sizeof(err), "out of memory");
        goto fail;
    }
    struct vf_engine_config ec = {.choice = opts->engine,
                                  .threads = opts->threads,
                                  .gpu_variant = opts->gpu_variant,
                                  .width = r.info->width,
                                  .height = r.info->height,
                                  .notice = keep_engine_note,
                                  .notice_ctx = &r};
    r.engine = vf_engine_open(&ec, err, sizeof(err));
    if (!r.engine)
        goto fail;
    if (opts->output) {
        struct vf_record_config rc = {.path = opts->output,
                                      .codec = opts->codec,
                                      .format = opts->output_format,
                                      .width = r.info->width,
                                      .height = r.info->height,
                                      .sample_aspect = r.info->sample_aspect,
                                      .time_base = r.info->time_base,
                                      .frame_rate = r.info->frame_rate,
                                      .source = r.info->format,
                                      .no_audio = opts->no_audio,
                                      .no_subtitles = opts->no_subtitles,
                                      .audio_track = opts->audio_track,
                                      .subtitle_track = opts->subtitle_track,
                                      .subtitle_files = {.asked = opts->subtitle_files,
                                                         .asked_count = opts->subtitle_file_count,
                                                         .start_s = r.info->start_s},
                                      .threads = opts->threads,
                                      .plan = {.known = !opts->frames && !opts->loop,
                                               .first_pts = r.info->first_pts,
                                               .end_pts = r.info->end_pts},
                                      .notice = print_notice};
        r.recorder = vf_recorder_open(&rc, err, sizeof(err));
        if (!r.recorder)
            goto fail;
    }
    if (vf_decoder_start(r.decoder, err, sizeof(err)))
        goto fail;
    if (pthread_create(&r.filter_thread, NULL, filter_thread, &r)) {
        snprintf(err, sizeof(err), "cannot start the filter thread");
        goto fail;
    }
    long total = r.info->frame_estimate;
    if (r.info->until_s > 0) {
        const long until_end =
            lround((r.info->until_s - r.info->from_s) * av_q2d(r.info->frame_rate));
        if (until_end > 0 && (!total || until_end < total))
            total = until_end;
    }
    if (opts->frames && (!total || opts->frames < total))
        total = opts->frames;
    struct vf_progress progress;
    vf_progress_start(&progress, stderr, total, opts->quiet);
    int write_failed = consume(&r, &progress, err, sizeof(err));
    vf_progress_finish(&progress);

    atomic_store(&r.stop, true);
    vf_queue_close(r.filtered);
    vf_decoder_interrupt(r.decoder);
    pthread_join(r.filter_thread, NULL);
    vf_queue_drain(r.filtered, vf_item_release_cb, NULL);
    double seconds = (vf_now_ms() - progress.started_ms) / 1000;

    const char *decode_error = vf_decoder_error(r.decoder);
    long written = 0;
    char close_err[1024] = "", description[256] = "";
    /* cut short: the input's sound goes no further than its pictures */
    if (r.recorder && (atomic_load(&r.cut) || vf_decoder_cut(r.decoder)))
        vf_recorder_end_sound_with_pictures(r.recorder);
    if (r.recorder)
        snprintf(description, sizeof(description), "%s", vf_recorder_describe(r.recorder));
    int close_failed =
        r.recorder && vf_recorder_close(r.recorder, &written, close_err, sizeof(close_err));
    r.recorder = NULL;
    print_summary(&r, written, description, seconds);
    status = 0;
    if (write_failed || close_failed) {
        fprintf(stderr, "vfview: %s\n", write_failed ? err : close_err);
        status = 1;
    } else if (r.filter_error[0]) {
        fprintf(stderr, "vfview: %s\n", r.filter_error);
        status = 1;
    } else if (decode_error && !interrupted_by) {
        fprintf(stderr, "vfview: %s: stopped after %ld frames: %s\n", r.info->name, r.decode.count,
                decode_error);
        status = 1;
    }
    long skipped = vf_decoder_skipped(r.decoder);
    if (skipped)
        fprintf(stderr, "vfview: %s: %ld damaged packet%s or picture%s skipped\n", r.info->name,
                skipped, skipped == 1 ? "" : "s", skipped == 1 ? "" : "s");
    long checked, mismatches, first;
    vf_engine_check_result(r.engine, &checked, &mismatches, &first);
    if (mismatches)
        status = 1;
    if (interrupted_by) {
        fprintf(stderr, "vfview: interrupted by %s; %s\n",
                interrupted_by == SIGINT ? "SIGINT" : "SIGTERM",
                opts->output ? "the recording was closed properly" : "stopped");
        status = 128 + interrupted_by;
    }
    close_run(&r);
    return status;
fail:
    fprintf(stderr, "vfview: %s\n", err);
    vf_recorder_close(r.recorder, NULL, NULL, 0);
    close_run(&r);
    return status;
}

/* The file name part of a path or URL ("dir/clip.mp4": "clip.mp4"). */
static const char *name_of(const char *input)
{
    const char *slash = strrchr(input, '/');
    return slash && slash[1] ? slash + 1 : input;
}

static bool taken(const char *path, char *const *outputs, int count)
{
    for (int i = 0; i < count; i++)
        if (!strcmp(outputs[i], path))
            return true;
    return false;
}

/* Where an input's recording goes: FOLDER/its name, numbered (clip-2.mkv, clip-3.mkv, ...) past
 * every path an earlier input of the run took, so that no recording replaces another, even where
 * an input is itself named as a numbered one (a third still-2.png). */
static const char *output_for(const char *path, char *const *outputs, int count, char *buf,
                              size_t len)
{
    if (!taken(path, outputs, count))
        return path;
    /* of count + 1 numbers, at most count are taken */
    for (int n = 2; n <= count + 2; n++)
        if (vf_record_numbered_path(path, n, buf, len) == 0 && !taken(buf, outputs, count))
            return buf;
    return path; /* not a local file, or no room for a number: as the recorder would have it */
}

int vf_headless_run_each(const struct vf_options *opts, const char *const *inputs, int count)
{
    const char *folder = opts->output;
    const bool slash = folder[strlen(folder) - 1] == '/';
    char path[4200], numbered[4300], err[600];
    int status = 1, done_count = 0;
    char **outputs =
        calloc(count > 0 ? (size_t)count : 1, sizeof(*outputs)); /* the paths taken so far */
    if (!outputs) {
        fprintf(stderr, "vfview: -o: out of memory\n");
        return 1;
    }
    if (vf_make_folders(folder, 0777, err, sizeof(err))) {
        fprintf(stderr, "vfview: -o: %s\n", err);
        goto finish;
    }
    struct vf_options one = *opts;
    status = 0;
    for (int i = 0; i < count && status < 128; i++) {
        snprintf(path, sizeof(path), "%s%s%s", folder, slash ? "" : "/", name_of(inputs[i]));
        one.input = inputs[i];
        one.inputs = NULL;
        one.input_count = 1;
        one.output = output_for(path, outputs, done_count, numbered, sizeof(numbered));
        outputs[done_count] = strdup(one.output);
        if (!outputs[done_count]) {
            fprintf(stderr, "vfview: -o: out of memory\n");
            status = 1;
            goto finish;
        }
        done_count++;
        const int done = vf_headless_run(&one);
        status = done >= 128 ? done : status | (done != 0);
    }
finish:
    for (int i = 0; i < done_count; i++)
        free(outputs[i]);
    free(outputs);
    return status;
}
