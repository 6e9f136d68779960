#include "convert.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libavutil/error.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>
#include <libswscale/swscale.h>

#include "threadpool.h"

/* GBRP plane order of the R, G, B components */
enum { PLANE_G, PLANE_B, PLANE_R };

/* Rows each of swscale's threads takes at least, so that small pictures keep to fewer threads:
 * handing rows to threads costs tens of microseconds (development machine: a 17x9 picture took
 * 0.05 ms on 2 threads, under 0.01 on one), while 16 rows of a 1080p picture take about 0.07. */
enum { ROWS_PER_THREAD = 16 };
/* The scaling swscale does (none when the sizes agree): bilinear, chroma at full resolution. */
static const int SWS_FLAGS = SWS_BILINEAR | SWS_FULL_CHR_H_INT | SWS_FULL_CHR_H_INP;

struct sws_shape {
    int sw, sh, dw, dh;
    enum AVPixelFormat sf, df;
};

struct sws_direction {
    struct SwsContext *sws;
    struct sws_shape shape;     /* what `sws` converts */
    int colorspace, full_range; /* what was last applied to `sws` */
};

struct vf_converter {
    struct sws_direction in, out;
    int threads;
};

struct vf_converter *vf_converter_create(int threads)
{
    struct vf_converter *c = calloc(1, sizeof(struct vf_converter));
    if (c)
        c->threads = threads > 0 ? threads : vf_online_cores(); /* as the engines count them */
    return c;
}

void vf_converter_destroy(struct vf_converter *c)
{
    if (!c)
        return;
    sws_freeContext(c->in.sws);
    sws_freeContext(c->out.sws);
    free(c);
}

enum AVColorSpace vf_convert_colorspace(int height)
{
    return height >= 720 ? AVCOL_SPC_BT709 : AVCOL_SPC_BT470BG;
}

/* Packed 8-bit RGB with every colour in plane 0 at a fixed step: rgb24, bgra, 0rgb... */
static int is_packed_rgb8(const AVPixFmtDescriptor *d)
{
    if (!(d->flags & AV_PIX_FMT_FLAG_RGB) ||
        (d->flags & (AV_PIX_FMT_FLAG_PLANAR | AV_PIX_FMT_FLAG_PAL | AV_PIX_FMT_FLAG_BITSTREAM)))
        return 0;
    if (d->nb_components < 3 || d->log2_chroma_w || d->log2_chroma_h)
        return 0;
    for (int i = 0; i < 3; i++) {
        const AVComponentDescriptor *comp = &d->comp[i];
        if (comp->plane != 0 || comp->depth != 8 || comp->shift != 0 ||
            (comp->step != 3 && comp->step != 4) || comp->step != d->comp[0].step)
            return 0;
    }
    return 1;
}

static int is_planar_rgb8(enum AVPixelFormat format)
{
    return format == AV_PIX_FMT_GBRP || format == AV_PIX_FMT_GBRAP;
}

int vf_convert_is_exact(enum AVPixelFormat format)
{
    const AVPixFmtDescriptor *d = av_pix_fmt_desc_get(format);
    return d && (is_packed_rgb8(d) || is_planar_rgb8(format) || format == AV_PIX_FMT_PAL8);
}

static void unpack_rgb8(const AVFrame *src, const AVPixFmtDescriptor *d, struct vf_frame *dst)
{
    int step = d->comp[0].step;
    int off_r = d->comp[0].offset, off_g = d->comp[1].offset, off_b = d->comp[2].offset;
    for (int y = 0; y < dst->height; y++) {
        const uint8_t *row = src->data[0] + (ptrdiff_t)y * src->linesize[0];
        uint8_t *g = dst->plane[PLANE_G] + y * dst->stride;
        uint8_t *b = dst->plane[PLANE_B] + y * dst->stride;
        uint8_t *r = dst->plane[PLANE_R] + y * dst->stride;
        for (int x = 0; x < dst->width; x++, row += step) {
            r[x] = row[off_r];
            g[x] = row[off_g];
            b[x] = row[off_b];
        }
    }
}

/* The way back for lossless RGB encoders (ffv1 takes bgr0): exact, any alpha or padding 255. */
static void pack_rgb8(const struct vf_frame *src, const AVPixFmtDescriptor *d, AVFrame *dst)
{
    int step = d->comp[0].step;
    int off_r = d->comp[0].offset, off_g = d->comp[1].offset, off_b = d->comp[2].offset;
    for (int y = 0; y < src->height; y++) {
        uint8_t *row = dst->data[0] + (ptrdiff_t)y * dst->linesize[0];
        const uint8_t *g = src->plane[PLANE_G] + y * src->stride;
        const uint8_t *b = src->plane[PLANE_B] + y * src->stride;
        const uint8_t *r = src->plane[PLANE_R] + y * src->stride;
        for (int x = 0; x < src->width; x++, row += step) {
            if (step == 4)
                row[0] = row[1] = row[2] = row[3] = 255;
            row[off_r] = r[x];
            row[off_g] = g[x];
            row[off_b] = b[x];
        }
    }
}

static void unpack_pal8(const AVFrame *src, struct vf_frame *dst)
{
    const uint32_t *palette = (const uint32_t *)src->data[1]; /* 0xAARRGGBB, native order */
    for (int y = 0; y < dst->height; y++) {
        const uint8_t *row = src->data[0] + (ptrdiff_t)y * src->linesize[0];
        uint8_t *g = dst->plane[PLANE_G] + y * dst->stride;
        uint8_t *b = dst->plane[PLANE_B] + y * dst->stride;
        uint8_t *r = dst->plane[PLANE_R] + y * dst->stride;
        for (int x = 0; x < dst->width; x++) {
            uint32_t c = palette[row[x]];
            r[x] = (uint8_t)(c >> 16);
            g[x] = (uint8_t)(c >> 8);
            b[x] = (uint8_t)c;
        }
    }
}

static void copy_planes(uint8_t *const dst[3], const int dst_stride[3], const uint8_t *const src[3],
                        const int src_stride[3], int width, int height)
{
    for (int p = 0; p < 3; p++)
        for (int y = 0; y < height; y++)
            memcpy(dst[p] + (ptrdiff_t)y * dst_stride[p], src[p] + (ptrdiff_t)y * src_stride[p],
                   (size_t)width);
}

/* A context for `shape` that splits its output rows among up to `threads` threads. swscale
 * threads only through sws_scale_frame (sws_scale runs one slice on the caller's thread), and
 * each thread's rows come out as they would from one thread (test_convert). NULL on failure. */
static struct SwsContext *new_sws(const struct sws_shape *shape, int threads)
{
    struct SwsContext *sws = sws_alloc_context();
    if (!sws)
        return NULL;
    int rows_cap = shape->dh / ROWS_PER_THREAD;
    int n = threads < rows_cap ? threads : rows_cap > 1 ? rows_cap : 1;
    if (av_opt_set_int(sws, "srcw", shape->sw, 0) < 0 ||
        av_opt_set_int(sws, "srch", shape->sh, 0) < 0 ||
        av_opt_set_pixel_fmt(sws, "src_format", shape->sf, 0) < 0 ||
        av_opt_set_int(sws, "dstw", shape->dw, 0) < 0 ||
        av_opt_set_int(sws, "dsth", shape->dh, 0) < 0 ||
        av_opt_set_pixel_fmt(sws, "dst_format", shape->df, 0) < 0 ||
        av_opt_set_int(sws, "sws_flags", SWS_FLAGS, 0) < 0 ||
        av_opt_set_int(sws, "threads", n, 0) < 0 || sws_init_context(sws, NULL, NULL) < 0) {
        sws_freeContext(sws);
        return NULL;
    }
    return sws;
}

/* (Re)creates the context for these sizes and formats and applies the YUV matrix/range. */
static int prepare_sws(struct sws_direction *dir, const struct sws_shape *shape, int threads,
                       int colorspace, int yuv_full_range, int yuv_is_source, char *err,
                       size_t errlen)
{
    if (!dir->sws || memcmp(&dir->shape, shape, sizeof(*shape))) {
        sws_freeContext(dir->sws);
        dir->sws = new_sws(shape, threads);
        if (!dir->sws) {
            const char *sf = av_get_pix_fmt_name(shape->sf), *df = av_get_pix_fmt_name(shape->df);
            snprintf(err, errlen, "swscale cannot convert %s %dx%d to %s %dx%d", sf ? sf : "?",
                     shape->sw, shape->sh, df ? df : "?", shape->dw, shape->dh);
            return -1;
        }
        dir->shape = *shape;
        dir->colorspace = -1; /* nothing applied to the new context yet */
    }
    if (dir->colorspace == colorspace && dir->full_range == yuv_full_range)
        return 0;
    const int *coefficients = sws_getCoefficients(colorspace);
    int src_range = yuv_is_source ? yuv_full_range : 1;
    int dst_range = yuv_is_source ? 1 : yuv_full_range;
    /* fails harmlessly (-1) when neither side is YUV: nothing to set then */
    sws_setColorspaceDetails(dir->sws, coefficients, src_range, coefficients, dst_range, 0, 1 << 16,
                             1 << 16);
    dir->colorspace = colorspace;
    dir->full_range = yuv_full_range;
    return 0;
}

static void keep_planes(void *opaque, uint8_t *data)
{
    (void)opaque;
    (void)data;
}

/* vfview's planes as an AVFrame: sws_scale_frame takes references to both of its frames, and
 * would copy planes that no buffer owns. The buffer it references frees nothing. */
static int borrow_planes(AVFrame *f, uint8_t *const planes[3], int stride, int width, int height)
{
    f->buf[0] = av_buffer_create(planes[0], 1, keep_planes, NULL, 0);
    if (!f->buf[0])
        return AVERROR(ENOMEM);
    for (int p = 0; p < 3; p++) {
        f->data[p] = planes[p];
        f->linesize[p] = stride;
    }
    f->format = AV_PIX_FMT_GBRP;
    f->width = width;
    f->height = height;
    return 0;
}

/* Converts src into dst, one of which is vfview's (planes, in GBRP order). */
static int scale(struct SwsContext *sws, const AVFrame *src, AVFrame *dst, uint8_t *const planes[3],
                 int stride, int width, int height, int planes_are_source)
{
    AVFrame *borrowed = av_frame_alloc();
    int ret = borrowed ? borrow_planes(borrowed, planes, stride, width, height) : AVERROR(ENOMEM);
    if (ret >= 0)
        ret = planes_are_source ? sws_scale_frame(sws, dst, borrowed)
                                : sws_scale_frame(sws, borrowed, src);
    av_frame_free(&borrowed);
    return ret;
}

static int source_full_range(const AVFrame *src)
{
    switch (src->format) {
    case AV_PIX_FMT_YUVJ420P:
    case AV_PIX_FMT_YUVJ422P:
    case AV_PIX_FMT_YUVJ444P:
    case AV_PIX_FMT_YUVJ440P:
    case AV_PIX_FMT_YUVJ411P:
        return 1;
    default:
        return src->color_range == AVCOL_RANGE_JPEG;
    }
}

int vf_convert_to_planar(struct vf_converter *c, const AVFrame *src, struct vf_frame *dst,
                         char *err, size_t errlen)
{
    const AVPixFmtDescriptor *d = av_pix_fmt_desc_get(src->format);
    if (!d) {
        snprintf(err, errlen, "unknown pixel format %d", src->format);
        return -1;
    }
    int same_size = src->width == dst->width && src->height == dst->height;
    if (same_size && is_packed_rgb8(d)) {
        unpack_rgb8(src, d, dst);
        return 0;
    }
    if (same_size && src->format == AV_PIX_FMT_PAL8) {
        unpack_pal8(src, dst);
        return 0;
    }
    uint8_t *planes[4] = {dst->plane[PLANE_G], dst->plane[PLANE_B], dst->plane[PLANE_R], NULL};
    int strides[4] = {(int)dst->stride, (int)dst->stride, (int)dst->stride, 0};
    if (same_size && is_planar_rgb8(src->format)) {
        copy_planes(planes, strides, (const uint8_t *const *)src->data, src->linesize, dst->width,
                    dst->height);
        return 0;
    }
    int colorspace = src->colorspace == AVCOL_SPC_UNSPECIFIED || src->colorspace == AVCOL_SPC_RGB
                         ? (int)vf_convert_colorspace(src->height)
                         : (int)src->colorspace;
    const struct sws_shape shape = {.sw = src->width,
                                    .sh = src->height,
                                    .sf = src->format,
                                    .dw = dst->width,
                                    .dh = dst->height,
                                    .df = AV_PIX_FMT_GBRP};
    if (prepare_sws(&c->in, &shape, c->threads, colorspace, source_full_range(src), 1, err, errlen))
        return -1;
    int ret = scale(c->in.sws, src, NULL, planes, strides[0], dst->width, dst->height, 0);
    if (ret < 0) {
        snprintf(err, errlen, "swscale failed on a %s frame: %s", d->name, av_err2str(ret));
        return -1;
    }
    return 0;
}

int vf_convert_from_planar(struct vf_converter *c, const struct vf_frame *src, AVFrame *dst,
                           char *err, size_t errlen)
{
    const uint8_t *planes[4] = {src->plane[PLANE_G], src->plane[PLANE_B], src->plane[PLANE_R],
                                NULL};
    int strides[4] = {(int)src->stride, (int)src->stride, (int)src->stride, 0};
    const AVPixFmtDescriptor *d = av_pix_fmt_desc_get(dst->format);
    int same_size = dst->width == src->width && dst->height == src->height;
    if (same_size && is_planar_rgb8(dst->format)) {
        copy_planes(dst->data, dst->linesize, planes, strides, src->width, src->height);
        return 0;
    }
    if (same_size && d && is_packed_rgb8(d)) {
        pack_rgb8(src, d, dst);
        return 0;
    }
    const struct sws_shape shape = {.sw = src->width,
                                    .sh = src->height,
                                    .sf = AV_PIX_FMT_GBRP,
                                    .dw = dst->width,
                                    .dh = dst->height,
                                    .df = dst->format};
    if (prepare_sws(&c->out, &shape, c->threads, vf_convert_colorspace(dst->height), 0, 0, err,
                    errlen))
        return -1;
    uint8_t *const mutable_planes[3] = {src->plane[PLANE_G], src->plane[PLANE_B],
                                        src->plane[PLANE_R]};
    int ret = scale(c->out.sws, NULL, dst, mutable_planes, strides[0], src->width, src->height, 1);
    if (ret < 0) {
        snprintf(err, errlen, "swscale failed converting to %s: %s",
                 av_get_pix_fmt_name(dst->format), av_err2str(ret));
        return -1;
    }
    return 0;
}
