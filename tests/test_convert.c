/* convert.c: 8-bit RGB inputs rearranged exactly (component positions written here by hand,
 * not taken from FFmpeg's descriptors), YUV inputs with the right matrix and range, odd sizes,
 * and the way back to the encoder's format. */
#include <stdlib.h>
#include <string.h>

#include <libavutil/frame.h>
#include <libavutil/common.h>
#include <libavutil/log.h>
#include <libavutil/pixdesc.h>

#include "check.h"
#include "convert.h"

enum { G, B, R }; /* GBRP plane order */

static const int sizes[][2] = {{1, 1}, {2, 3}, {17, 9}, {64, 1}};

static AVFrame *new_frame(enum AVPixelFormat format, int w, int h)
{
    AVFrame *f = av_frame_alloc();
    f->format = format;
    f->width = w;
    f->height = h;
    if (av_frame_get_buffer(f, 0) < 0) {
        av_frame_free(&f);
        return f;
    }
    /* the padding too: libswscale's vector code reads past the width, and memcheck follows
     * those bytes into the outputs it approximates */
    for (int i = 0; i < AV_NUM_DATA_POINTERS && f->buf[i]; i++)
        memset(f->buf[i]->data, 0, f->buf[i]->size);
    return f;
}

static uint8_t byte_at(unsigned *state)
{
    *state = *state * 1103515245u + 12345u;
    return (uint8_t)(*state >> 16);
}

struct packed_case {
    enum AVPixelFormat format;
    int step, r, g, b; /* byte offsets of each colour inside one pixel */
};

static const struct packed_case packed[] = {
    {AV_PIX_FMT_RGB24, 3, 0, 1, 2}, {AV_PIX_FMT_BGR24, 3, 2, 1, 0}, {AV_PIX_FMT_RGBA, 4, 0, 1, 2},
    {AV_PIX_FMT_BGRA, 4, 2, 1, 0},  {AV_PIX_FMT_ARGB, 4, 1, 2, 3},  {AV_PIX_FMT_ABGR, 4, 3, 2, 1},
    {AV_PIX_FMT_RGB0, 4, 0, 1, 2},  {AV_PIX_FMT_BGR0, 4, 2, 1, 0},  {AV_PIX_FMT_0RGB, 4, 1, 2, 3},
    {AV_PIX_FMT_0BGR, 4, 3, 2, 1},
};

static void test_packed_rgb(struct vf_converter *c)
{
    for (size_t k = 0; k < sizeof(packed) / sizeof(packed[0]); k++)
        for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
            const struct packed_case *pc = &packed[k];
            int w = sizes[s][0], h = sizes[s][1];
            AVFrame *src = new_frame(pc->format, w, h);
            struct vf_frame dst;
            vf_frame_alloc(&dst, w, h);
            unsigned state = (unsigned)(k * 31 + s);
            for (int y = 0; y < h; y++)
                for (int x = 0; x < w * pc->step; x++)
                    src->data[0][y * src->linesize[0] + x] = byte_at(&state);
            char err[256];
            CHECK(vf_convert_is_exact(pc->format), "format %d should convert exactly", pc->format);
            CHECK(vf_convert_to_planar(c, src, &dst, err, sizeof(err)) == 0, "%s", err);
            int bad = 0;
            for (int y = 0; y < h; y++)
                for (int x = 0; x < w; x++) {
                    const uint8_t *px = src->data[0] + y * src->linesize[0] + x * pc->step;
                    bad += dst.plane[R][y * dst.stride + x] != px[pc->r];
                    bad += dst.plane[G][y * dst.stride + x] != px[pc->g];
                    bad += dst.plane[B][y * dst.stride + x] != px[pc->b];
                }
            CHECK(bad == 0, "format %d %dx%d: %d wrong bytes", pc->format, w, h, bad);
            av_frame_free(&src);
            vf_frame_free(&dst);
        }
}

static void test_pal8_and_gbrp(struct vf_converter *c)
{
    int w = 17, h = 9;
    AVFrame *pal = new_frame(AV_PIX_FMT_PAL8, w, h);
    AVFrame *gbrp = new_frame(AV_PIX_FMT_GBRP, w, h);
    struct vf_frame a, b;
    vf_frame_alloc(&a, w, h);
    vf_frame_alloc(&b, w, h);
    unsigned state = 7;
    uint32_t *palette = (uint32_t *)pal->data[1];
    for (int i = 0; i < 256; i++)
        palette[i] = 0xff000000u | (uint32_t)byte_at(&state) << 16 |
                     (uint32_t)byte_at(&state) << 8 | byte_at(&state);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            pal->data[0][y * pal->linesize[0] + x] = byte_at(&state);
            for (int p = 0; p < 3; p++)
                gbrp->data[p][y * gbrp->linesize[p] + x] = byte_at(&state);
        }
    char err[256];
    CHECK(vf_convert_to_planar(c, pal, &a, err, sizeof(err)) == 0, "%s", err);
    CHECK(vf_convert_to_planar(c, gbrp, &b, err, sizeof(err)) == 0, "%s", err);
    int bad_pal = 0, bad_gbrp = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            uint32_t colour = palette[pal->data[0][y * pal->linesize[0] + x]];
            bad_pal += a.plane[R][y * a.stride + x] != (uint8_t)(colour >> 16);
            bad_pal += a.plane[G][y * a.stride + x] != (uint8_t)(colour >> 8);
            bad_pal += a.plane[B][y * a.stride + x] != (uint8_t)colour;
            for (int p = 0; p < 3; p++)
                bad_gbrp +=
                    b.plane[p][y * b.stride + x] != gbrp->data[p][y * gbrp->linesize[p] + x];
        }
    CHECK(bad_pal == 0, "pal8: %d wrong bytes", bad_pal);
    CHECK(bad_gbrp == 0, "gbrp: %d wrong bytes", bad_gbrp);
    av_frame_free(&pal);
    av_frame_free(&gbrp);
    vf_frame_free(&a);
    vf_frame_free(&b);
}

/* Fills a planar YUV frame with one colour (values at the frame's bit depth). */
static AVFrame *flat_yuv(enum AVPixelFormat format, int w, int h, int y, int u, int v, int wide)
{
    AVFrame *f = new_frame(format, w, h);
    for (int p = 0; p < 3; p++) {
        int value = p == 0 ? y : p == 1 ? u : v;
        int half_height = format == AV_PIX_FMT_YUV420P || format == AV_PIX_FMT_YUV420P10LE;
        int rows = p > 0 && half_height ? (h + 1) / 2 : h;
        int cols = p == 0 || format == AV_PIX_FMT_YUV444P ? w : (w + 1) / 2;
        for (int r = 0; r < rows; r++)
            for (int x = 0; x < cols; x++) {
                if (wide)
                    ((uint16_t *)(f->data[p] + r * f->linesize[p]))[x] = (uint16_t)value;
                else
                    f->data[p][r * f->linesize[p] + x] = (uint8_t)value;
            }
    }
    return f;
}

static int near(int got, int want, int tol)
{
    return got >= want - tol && got <= want + tol;
}

static void expect_colour(struct vf_converter *c, AVFrame *src, int r, int g, int b,
                          const char *what)
{
    struct vf_frame dst;
    vf_frame_alloc(&dst, src->width, src->height);
    char err[256];
    CHECK(vf_convert_to_planar(c, src, &dst, err, sizeof(err)) == 0, "%s: %s", what, err);
    int bad = 0;
    for (int y = 0; y < dst.height; y++)
        for (int x = 0; x < dst.width; x++)
            bad += !near(dst.plane[R][y * dst.stride + x], r, 2) ||
                   !near(dst.plane[G][y * dst.stride + x], g, 2) ||
                   !near(dst.plane[B][y * dst.stride + x], b, 2);
    CHECK(bad == 0, "%s: %d pixels not near (%d,%d,%d); first is (%d,%d,%d)", what, bad, r, g, b,
          dst.plane[R][0], dst.plane[G][0], dst.plane[B][0]);
    vf_frame_free(&dst);
    av_frame_free(&src);
}

static void test_yuv(struct vf_converter *c)
{
    /* limited range: 16 is black, 235 white, 126 is (126-16)*255/219 = 128 */
    expect_colour(c, flat_yuv(AV_PIX_FMT_YUV420P, 17, 9, 16, 128, 128, 0), 0, 0, 0, "420 black");
    expect_colour(c, flat_yuv(AV_PIX_FMT_YUV420P, 17, 9, 235, 128, 128, 0), 255, 255, 255,
                  "420 white");
    expect_colour(c, flat_yuv(AV_PIX_FMT_YUV422P, 3, 5, 126, 128, 128, 0), 128, 128, 128,
                  "422 grey");
    AVFrame *full = flat_yuv(AV_PIX_FMT_YUV444P, 5, 3, 200, 128, 128, 0);
    full->color_range = AVCOL_RANGE_JPEG;
    expect_colour(c, full, 200, 200, 200, "444 full range");
    expect_colour(c, flat_yuv(AV_PIX_FMT_YUV420P10LE, 9, 7, 940, 512, 512, 1), 255, 255, 255,
                  "10-bit white");
    /* pure red: BT.601 (Y 81, Cb 90, Cr 240) below 720 lines, BT.709 (63, 102, 240) above */
    expect_colour(c, flat_yuv(AV_PIX_FMT_YUV444P, 16, 16, 81, 90, 240, 0), 255, 0, 0, "601 red");
    expect_colour(c, flat_yuv(AV_PIX_FMT_YUV444P, 4, 720, 63, 102, 240, 0), 255, 0, 0, "709 red");
    AVFrame *tagged = flat_yuv(AV_PIX_FMT_YUV444P, 16, 16, 63, 102, 240, 0);
    tagged->colorspace = AVCOL_SPC_BT709; /* the source's own tag wins over the size rule */
    expect_colour(c, tagged, 255, 0, 0, "tagged 709 red");
    AVFrame *gray = new_frame(AV_PIX_FMT_GRAY8, 3, 2);
    for (int y = 0; y < 2; y++)
        memset(gray->data[0] + y * gray->linesize[0], 235, 3);
    expect_colour(c, gray, 255, 255, 255, "gray8 white");
}

static void test_back_to_encoder(struct vf_converter *c)
{
    int w = 17, h = 9;
    struct vf_frame src, back;
    vf_frame_alloc(&src, w, h);
    vf_frame_alloc(&back, w, h);
    vf_frame_fill_random(&src, 5);
    AVFrame *out = new_frame(AV_PIX_FMT_GBRP, w, h);
    char err[256];
    CHECK(vf_convert_from_planar(c, &src, out, err, sizeof(err)) == 0, "%s", err);
    CHECK(vf_convert_to_planar(c, out, &back, err, sizeof(err)) == 0, "%s", err);
    CHECK(vf_frame_compare(&src, &back, NULL, NULL, NULL) < 0, "gbrp -> gbrp is not exact");
    av_frame_free(&out);

    for (size_t k = 0; k < sizeof(packed) / sizeof(packed[0]); k++) {
        out = new_frame(packed[k].format, w, h);
        CHECK(vf_convert_from_planar(c, &src, out, err, sizeof(err)) == 0, "%s", err);
        const uint8_t *px = out->data[0] + 4 * out->linesize[0] + 3 * packed[k].step;
        CHECK(px[packed[k].r] == src.plane[R][4 * src.stride + 3] &&
                  px[packed[k].g] == src.plane[G][4 * src.stride + 3] &&
                  px[packed[k].b] == src.plane[B][4 * src.stride + 3],
              "format %d: pixel (3,4) packed wrongly", packed[k].format);
        CHECK(vf_convert_to_planar(c, out, &back, err, sizeof(err)) == 0, "%s", err);
        CHECK(vf_frame_compare(&src, &back, NULL, NULL, NULL) < 0, "format %d: not exact",
              packed[k].format);
        av_frame_free(&out);
    }

    vf_frame_fill(&src, 100); /* a flat grey survives 4:2:0 within rounding */
    out = new_frame(AV_PIX_FMT_YUV420P, 16, 8);
    struct vf_frame grey16;
    vf_frame_alloc(&grey16, 16, 8);
    vf_frame_fill(&grey16, 100);
    CHECK(vf_convert_from_planar(c, &grey16, out, err, sizeof(err)) == 0, "%s", err);
    CHECK(near(out->data[0][0], 16 + 100 * 219 / 255, 1) && near(out->data[1][0], 128, 1),
          "grey 100 became Y %d U %d", out->data[0][0], out->data[1][0]);
    expect_colour(c, out, 100, 100, 100, "grey through yuv420p");
    vf_frame_free(&grey16);
    vf_frame_free(&src);
    vf_frame_free(&back);
}

/* Every byte of the frame's buffers random; 16-bit samples within their 10 bits. */
static AVFrame *random_frame(enum AVPixelFormat format, int w, int h, unsigned seed)
{
    AVFrame *f = new_frame(format, w, h);
    int ten_bit = format == AV_PIX_FMT_YUV420P10LE;
    for (int i = 0; f && i < AV_NUM_DATA_POINTERS && f->buf[i]; i++)
        for (size_t k = 0; k < f->buf[i]->size; k++)
            f->buf[i]->data[k] = (uint8_t)(byte_at(&seed) & (ten_bit && k % 2 ? 3 : 255));
    return f;
}

static int planes_differ(const struct vf_frame *a, const struct vf_frame *b)
{
    return vf_frame_compare(a, b, NULL, NULL, NULL) >= 0;
}

static int frames_differ(const AVFrame *a, const AVFrame *b)
{
    const AVPixFmtDescriptor *d = av_pix_fmt_desc_get(a->format);
    for (int p = 0; p < 4 && a->data[p]; p++) {
        int components = 0; /* stored in this plane: NV12's second plane has two */
        for (int i = 0; i < d->nb_components; i++)
            components += d->comp[i].plane == p;
        int chroma = p == 1 || p == 2;
        int rows = chroma ? AV_CEIL_RSHIFT(a->height, d->log2_chroma_h) : a->height;
        int cols = chroma ? AV_CEIL_RSHIFT(a->width, d->log2_chroma_w) : a->width;
        size_t bytes = (size_t)cols * (size_t)components * (size_t)((d->comp[0].depth + 7) / 8);
        for (int y = 0; y < rows; y++)
            if (memcmp(a->data[p] + y * a->linesize[p], b->data[p] + y * b->linesize[p], bytes))
                return 1;
    }
    return 0;
}

/* One picture converted by one thread, by 4 and by one per core; variant 1 is full range,
 * variant 2 tagged BT.709 and shown at another size. Variant 0 goes back to its format too. */
static void threads_case(struct vf_converter *const by[3], enum AVPixelFormat format, int w, int h,
                         int variant, unsigned seed)
{
    const char *name = av_get_pix_fmt_name(format);
    const int dw = variant == 2 ? w / 2 + 1 : w, dh = variant == 2 ? h * 2 - 1 : h;
    AVFrame *src = random_frame(format, w, h, seed), *x = NULL, *y = NULL;
    struct vf_frame out[3] = {{0}};
    char err[256];
    if (!src || vf_frame_alloc(&out[0], dw, dh) || vf_frame_alloc(&out[1], dw, dh) ||
        vf_frame_alloc(&out[2], dw, dh)) {
        CHECK(0, "out of memory");
        goto done;
    }
    src->color_range = variant == 1 ? AVCOL_RANGE_JPEG : AVCOL_RANGE_MPEG;
    src->colorspace = variant == 2 ? AVCOL_SPC_BT709 : AVCOL_SPC_UNSPECIFIED;
    vf_frame_fill(&out[1], 1); /* a band left unwritten shows */
    for (int i = 0; i < 3; i++)
        CHECK(vf_convert_to_planar(by[i], src, &out[i], err, sizeof(err)) == 0, "%s", err);
    CHECK(!planes_differ(&out[0], &out[1]) && !planes_differ(&out[0], &out[2]),
          "%s %dx%d -> %dx%d variant %d: 4 threads or one per core differ from one", name, w, h, dw,
          dh, variant);
    if (variant != 0 || format == AV_PIX_FMT_GRAY8)
        goto done;
    x = new_frame(format, w, h);
    y = new_frame(format, w, h);
    if (!x || !y) {
        CHECK(0, "out of memory");
        goto done;
    }
    for (int i = 0; i < AV_NUM_DATA_POINTERS && y->buf[i]; i++)
        memset(y->buf[i]->data, 1, y->buf[i]->size);
    CHECK(vf_convert_from_planar(by[0], &out[0], x, err, sizeof(err)) == 0, "%s", err);
    CHECK(vf_convert_from_planar(by[1], &out[0], y, err, sizeof(err)) == 0, "%s", err);
    CHECK(!frames_differ(x, y), "%s %dx%d: back with 4 threads differs", name, w, h);
done:
    av_frame_free(&src);
    av_frame_free(&x);
    av_frame_free(&y);
    for (int i = 0; i < 3; i++)
        vf_frame_free(&out[i]);
}

/* swscale's threads each make a band of output rows; the bands must come out as one thread
 * makes them: every size (one band when the picture has few rows), YUV layout, matrix and
 * range, rescaled too, both ways. */
static void test_threads_agree(void)
{
    static const int shapes[][2] = {{1, 1}, {2, 3}, {17, 9}, {33, 70}, {640, 97}, {1921, 1081}};
    static const enum AVPixelFormat yuv[] = {AV_PIX_FMT_YUV420P,     AV_PIX_FMT_YUV422P,
                                             AV_PIX_FMT_YUV444P,     AV_PIX_FMT_NV12,
                                             AV_PIX_FMT_YUV420P10LE, AV_PIX_FMT_GRAY8};
    struct vf_converter *by[3] = {vf_converter_create(1), vf_converter_create(4),
                                  vf_converter_create(0)}; /* 0: one per core */
    CHECK(by[0] && by[1] && by[2], "out of memory");
    for (size_t s = 0; by[0] && by[1] && by[2] && s < sizeof(shapes) / sizeof(shapes[0]); s++)
        for (size_t k = 0; k < sizeof(yuv) / sizeof(yuv[0]); k++)
            for (int variant = 0; variant < 3; variant++)
                threads_case(by, yuv[k], shapes[s][0], shapes[s][1], variant,
                             (unsigned)(s * 17 + k * 3 + (size_t)variant));
    for (int i = 0; i < 3; i++)
        vf_converter_destroy(by[i]);
}

int main(void)
{
    av_log_set_level(AV_LOG_ERROR);
    /* the exact cases and the colours with one thread and with swscale's threads */
    for (int threads = 1; threads <= 3; threads += 2) {
        struct vf_converter *c = vf_converter_create(threads);
        test_packed_rgb(c);
        test_pal8_and_gbrp(c);
        test_yuv(c);
        test_back_to_encoder(c);
        vf_converter_destroy(c);
    }
    test_threads_agree();
    CHECK(!vf_convert_is_exact(AV_PIX_FMT_YUV420P), "yuv420p is not a rearrangement");
    return check_done("convert");
}
