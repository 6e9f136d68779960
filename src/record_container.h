/* What the containers FFmpeg writes hold, and how, where FFmpeg cannot say or says it only
 * when the header fails: the codecs, the sample rates of sound, and whether time counts in
 * pictures. */
#ifndef VF_RECORD_CONTAINER_H
#define VF_RECORD_CONTAINER_H

#include <stdbool.h>

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>

/* Whether it writes pictures as image files, one file each or one overwritten (.png, .jpg,
 * .bmp, ...). */
bool vf_container_writes_images(const AVOutputFormat *container);
/* Whether the container takes the codec. Where FFmpeg cannot say: its default codec, those that
 * vfview knows it holds (MPEG-TS: H.264, HEVC, AAC, MP3, AC-3, Opus), and a codec the user
 * named, `named` (writing the header says if it was wrong). */
bool vf_container_accepts(const AVOutputFormat *container, enum AVCodecID id, int fallback,
                          bool named);
/* Whether the container counts time in pictures and takes the frame rate from the time base:
 * those without timestamps (raw H.264), Y4M's header, AVI (its index held an empty chunk for
 * each tick of the input's clock between pictures, and said 600 frames a second) and Ogg
 * (Theora's positions count pictures: at the input's 1/12800 two of 25 could be read back). */
bool vf_container_counts_frames(const AVOutputFormat *container);
/* Whether the recorder writes it as fragmented MP4 (MP4, MOV, M4A, ISMV: record.c says why),
 * which changes what libavformat does on its own (audio_copy.h). */
bool vf_container_is_fragmented(const AVOutputFormat *container);
/* The one sample rate the container takes sound of codec `id` at (MXF, DV and GXF: 48 kHz;
 * FLV: 44.1 kHz but for AAC); 0: any. */
int vf_container_audio_rate(const AVOutputFormat *container, enum AVCodecID id);
/* The encoder of sound for the container: its own codec's, else the first of these that it
 * holds (3GP's own is AMR, whose encoder Debian's FFmpeg lacks, and it holds AAC). */
const AVCodec *vf_container_audio_encoder(const AVOutputFormat *container);
/* The container's own text subtitle codec (MP4 and MOV name none, but hold mov_text);
 * AV_CODEC_ID_NONE where it holds no text. */
enum AVCodecID vf_container_text_subtitles(const AVOutputFormat *container);
/* The container for `path` by its extension, or the one `name` names (a muxer or an
 * extension); NULL with a one-line message naming the path. */
const AVOutputFormat *vf_container_for(const char *path, const char *name, char *err,
                                       size_t errlen);
/* The pictures' format for the encoder: for lossless codecs, planar or packed 8-bit RGB when
 * the encoder takes it (they then keep the planes exactly: ffv1 takes bgr0); else 4:2:0, which
 * every player and hardware decoder handles (VP9, AV1 and HEVC take RGB too, which few play:
 * VP9's was also three times as big and half as fast to encode), else the format closest to
 * RGB. GIF: PAL8, with a palette made for each picture (gif_palette.h); raw frames: planar RGB,
 * or 4:4:4 YUV for Y4M, which holds no RGB. */
enum AVPixelFormat vf_container_pixel_format(const AVCodec *enc, const AVOutputFormat *container,
                                             int width, int height);
/* The options vfview asks an encoder for beyond FFmpeg's defaults (x264: veryfast at CRF 18;
 * VP9: real time at CRF 30; FFV1: slices), put in *opts; 0, or FFmpeg's error. */
int vf_encoder_options(const AVCodec *enc, AVDictionary **opts);

#endif
