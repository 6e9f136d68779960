/* Test helper: decodes files with vfview's own decoder and compares their pictures.
 *   media_check info FILE                  prints "FRAMES WIDTHxHEIGHT"
 *   media_check same A B                   every picture identical
 *   media_check filtered IN OUT SPEC BORDER  OUT == the CPU reference engine run on IN
 *   media_check near A B TOL MARGIN        pictures within TOL, MARGIN pixels from the edge
 *   media_check numbered PATH N            prints the name of the N-th recording to PATH
 *   media_check picture-subs OUT W H       writes DVD subtitle cues for W x H (picture_subs.c)
 * Exit 0 when the claim holds, 1 with one line saying where it does not. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libavutil/log.h>

#include "cpu.h"
#include "decode.h"
#include "picture_subs.h"
#include "record.h"

static struct vf_decoder *open_or_die(const char *path)
{
    char err[512];
    struct vf_decoder_config cfg = {.url = path};
    struct vf_decoder *d = vf_decoder_open(&cfg, err, sizeof(err));
    if (!d || vf_decoder_start(d, err, sizeof(err))) {
        fprintf(stderr, "media_check: %s\n", err);
        exit(1);
    }
    return d;
}

/* Largest |a - b| over the pictures' area `margin` pixels in from every edge. */
static int max_difference(const struct vf_frame *a, const struct vf_frame *b, int margin, int *px,
                          int *py, int *pp)
{
    int worst = 0;
    for (int p = 0; p < VF_PLANES; p++)
        for (int y = margin; y < a->height - margin; y++)
            for (int x = margin; x < a->width - margin; x++) {
                int d = abs(a->plane[p][y * a->stride + x] - b->plane[p][y * b->stride + x]);
                if (d > worst) {
                    worst = d;
                    *px = x;
                    *py = y;
                    *pp = p;
                }
            }
    return worst;
}

static int compare(const char *pa, const char *pb, int tolerance, int margin,
                   const struct vf_filter *filter, enum vf_border border)
{
    struct vf_decoder *a = open_or_die(pa), *b = open_or_die(pb);
    const struct vf_source_info *ia = vf_decoder_info(a), *ib = vf_decoder_info(b);
    int status = 1;
    long n = 0;
    struct vf_frame expected = {0};
    if (ia->width != ib->width || ia->height != ib->height) {
        fprintf(stderr, "media_check: %dx%d vs %dx%d\n", ia->width, ia->height, ib->width,
                ib->height);
        goto done;
    }
    if (filter && vf_frame_alloc(&expected, ia->width, ia->height))
        goto done;
    for (;; n++) {
        struct vf_media_item *x = vf_decoder_next(a), *y = vf_decoder_next(b);
        if (!x || !y) {
            if (x || y)
                fprintf(stderr, "media_check: %s has more pictures than %s (%ld in common)\n",
                        x ? pa : pb, x ? pb : pa, n);
            else
                status = 0;
            vf_item_release(x);
            vf_item_release(y);
            break;
        }
        const struct vf_frame *want = &x->picture;
        if (filter) {
            vf_cpu_ref(filter, border, &x->picture, &expected);
            want = &expected;
        }
        int px = 0, py = 0, pp = 0;
        int worst = max_difference(want, &y->picture, margin, &px, &py, &pp);
        vf_item_release(x);
        vf_item_release(y);
        if (worst > tolerance) {
            fprintf(stderr, "media_check: picture %ld plane %d (%d,%d) differs by %d (> %d)\n", n,
                    pp, px, py, worst, tolerance);
            break;
        }
    }
    if (status == 0)
        printf("%ld pictures match\n", n);
done:
    vf_frame_free(&expected);
    vf_decoder_close(a);
    vf_decoder_close(b);
    return status;
}

static int info(const char *path)
{
    struct vf_decoder *d = open_or_die(path);
    const struct vf_source_info *i = vf_decoder_info(d);
    long n = 0;
    struct vf_media_item *item;
    while ((item = vf_decoder_next(d))) {
        n += item->kind == VF_ITEM_VIDEO;
        vf_item_release(item);
    }
    printf("%ld %dx%d\n", n, i->width, i->height);
    int status = vf_decoder_error(d) ? 1 : 0;
    vf_decoder_close(d);
    return status;
}

int main(int argc, char **argv)
{
    av_log_set_level(AV_LOG_QUIET);
    if (argc == 3 && !strcmp(argv[1], "info"))
        return info(argv[2]);
    if (argc == 4 && !strcmp(argv[1], "same"))
        return compare(argv[2], argv[3], 0, 0, NULL, VF_BORDER_CLAMP);
    if (argc == 6 && !strcmp(argv[1], "near"))
        return compare(argv[2], argv[3], atoi(argv[4]), atoi(argv[5]), NULL, VF_BORDER_CLAMP);
    if (argc == 4 && !strcmp(argv[1], "numbered")) {
        char name[64];
        if (vf_record_numbered_path(argv[2], atoi(argv[3]), name, sizeof(name)))
            return 1;
        printf("%s\n", name);
        return 0;
    }
    if (argc == 6 && !strcmp(argv[1], "filtered")) {
        struct vf_filter f;
        enum vf_border border;
        char err[256];
        if (vf_filter_parse(argv[4], &f, err, sizeof(err)) || vf_border_parse(argv[5], &border)) {
            fprintf(stderr, "media_check: bad filter or border\n");
            return 2;
        }
        return compare(argv[2], argv[3], 0, 0, &f, border);
    }
    if (argc == 5 && !strcmp(argv[1], "picture-subs"))
        return write_picture_subs(argv[2], atoi(argv[3]), atoi(argv[4]));
    fprintf(stderr, "usage: media_check info FILE | same A B | near A B TOL MARGIN | numbered PATH "
                    "N | filtered IN OUT SPEC BORDER | picture-subs OUT W H\n");
    return 2;
}
