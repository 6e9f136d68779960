# Sourced by test_media.sh, after the parts before it (whose files and helpers it may use).
# Image files and sequences, GIF, standard input and output, --format.

# ---- image files: a numbered sequence, or one file that keeps the last picture; JPEG -------
run img_seq 0 -i seq%03d.png -f sharpen -o out%03d.png &&
    { "$check" filtered seq%03d.png out%03d.png sharpen clamp >/dev/null && [ ! -e out006.png ] &&
        ! grep -q "instead\|dropped" img_seq.err && ok ||
        bad "PNG sequence: $(cat img_seq.err; "$check" filtered seq%03d.png out%03d.png sharpen clamp 2>&1)"; }
run img_one 0 -i rgb24.png -f edge --border mirror -o edge.png &&
    { "$check" filtered rgb24.png edge.png edge mirror >/dev/null &&
        grep -q "^vfview: 1 frame in .*; 1 written to edge.png (png rgb24, image2)$" img_one.err &&
        ok ||
        bad "one PNG: $(cat img_one.err)"; }
run img_last 0 -i gbrp.mkv --frames 3 -f box --threads 1 -o last.png &&
    run img_third 0 -i gbrp.mkv --frames 3 -f box --threads 3 -o third%d.png &&
    { "$check" same last.png third3.png >/dev/null && [ ! -e third4.png ] && ok ||
        bad "last.png is not the third picture: $(ls third*)"; }
grep -q "(cpu fast, 1 thread)," img_last.err && grep -q "(cpu fast, 3 threads)," img_third.err &&
    ok || bad "the engine's threads in the summary: $(tail -1 img_last.err) / $(tail -1 img_third.err)"
run img_jpeg 0 -i h264.mp4 --frames 2 -o still.jpg &&
    { [ "$("$check" info still.jpg)" = "1 96x60" ] && ! grep -q "dropped" img_jpeg.err && ok ||
        bad "JPEG from a clip with audio: $(cat img_jpeg.err)"; }
# GIF: a palette of 256 colours made for each picture, dithered (the encoder alone mapped every
# picture onto 8 reds, 8 greens and 4 blues: 25 dB against the filtered picture here)
psnr_of_picture() { # FILE REFERENCE N: the N-th pictures' PSNR in dB
    ffmpeg -nostdin -hide_banner -i "$1" -i "$2" -lavfi "[0:v]format=rgb24,select=eq(n\,$3)[a];\
[1:v]format=rgb24,select=eq(n\,$3)[b];[a][b]psnr" -f null - 2>&1 |
        sed -n 's/.*PSNR.* average:\([0-9.]*\).*/\1/p'
}
run gif 0 -i gbrp.mkv -f sharpen -o sharp.gif &&
    run gif_reference 0 -i gbrp.mkv -f sharpen --codec ffv1 -o sharp_ref.mkv &&
    { [ "$(frames_of sharp.gif)" = 25 ] && grep -q "(gif pal8, gif)$" gif.err &&
        awk -v p="$(psnr_of_picture sharp.gif sharp_ref.mkv 10)" 'BEGIN { exit !(p > 32) }' && ok ||
        bad "GIF: $(frames_of sharp.gif) pictures, the tenth at" \
            "$(psnr_of_picture sharp.gif sharp_ref.mkv 10) dB (expected 25, over 32): $(cat gif.err)"; }
# the palettes are made a picture a thread, in batches: the same file on 1 and 3 threads
run gif_threads 0 -i gbrp.mkv -f sharpen --threads 1 -o sharp1.gif &&
    run gif_threads3 0 -i gbrp.mkv -f sharpen --threads 3 -o sharp3.gif &&
    { cmp -s sharp1.gif sharp3.gif && cmp -s sharp.gif sharp1.gif && ok ||
        bad "GIF on 1 and 3 threads differ"; }
run mjpeg 0 -i gbrp.mkv -o mjpeg.avi --codec mjpeg &&
    { [ "$("$check" info mjpeg.avi)" = "25 97x61" ] && grep -q "mjpeg yuvj" mjpeg.err && ok ||
        bad "MJPEG in AVI: $(cat mjpeg.err)"; }

# ---- standard input and output ("-"), the container named by --format ---------------------
run piped 0 -i - -f edge --border zero -o - --format nut --codec ffv1 <gbrp.mkv >piped.nut &&
    { "$check" filtered gbrp.mkv piped.nut edge zero >/dev/null &&
        grep -q "25 written to standard output (ffv1 bgr0, nut)" piped.err && ok ||
        bad "stdin to stdout: $(cat piped.err)"; }
run format_ext 0 -i gbrp.mkv --frames 4 -o by_ext.out --format mkv &&
    { [ "$(ffprobe -v error -show_entries format=format_name -of default=nw=1:nk=1 \
        by_ext.out)" = "matroska,webm" ] && [ "$("$check" info by_ext.out)" = "4 97x61" ] && ok ||
        bad "--format mkv: $(cat format_ext.err)"; }
run no_format 1 -i gbrp.mkv -o - >no_format.out &&
    { [ ! -s no_format.out ] && [ "$(grep -c . no_format.err)" -eq 1 ] &&
        grep -q "^vfview: -: cannot tell the container .* or name one with --format" no_format.err &&
        ok || bad "-o - without --format: $(cat no_format.err)"; }
run stdout_images 1 -i gbrp.mkv -o - --format image2 >stdout_images.out &&
    { [ ! -s stdout_images.out ] && [ ! -e ./- ] &&
        grep -q "^vfview: -: image files need a file name" stdout_images.err && ok ||
        bad "-o - --format image2: $(cat stdout_images.err)"; }
run stdout_pngs 0 -i rgb24.png -f edge -o - --format image2pipe --codec png >piped.png &&
    { "$check" filtered rgb24.png piped.png edge clamp >/dev/null && ok ||
        bad "a PNG to stdout: $(cat stdout_pngs.err)"; }
run bad_format 1 -i gbrp.mkv -o x.out --format nope &&
    { grep -q "^vfview: x.out: --format: no container named 'nope'" bad_format.err && [ ! -e x.out ] &&
        ok || bad "--format nope: $(cat bad_format.err)"; }
