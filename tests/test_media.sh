#!/usr/bin/env bash
# Decoding, conversion, recording and headless runs end to end. Inputs are made here with the
# ffmpeg CLI from its lavfi sources (a test-only dependency); pictures are compared with
# media_check, which decodes with vfview's own decoder.
# usage: test_media.sh VFVIEW MEDIA_CHECK
set -u
vfview=$(realpath "$1")
check=$(realpath "$2")
here=$(realpath "$(dirname "$0")")
command -v ffmpeg >/dev/null && command -v ffprobe >/dev/null || {
    echo "ffmpeg/ffprobe not installed: skipping"
    exit 77
}
. "$(dirname "$0")/lib.sh"
scratch
cd "$tmp" || exit 1
ff() { ffmpeg -nostdin -hide_banner -loglevel error -y "$@"; }
frames_of() { ffprobe -v error -count_frames -select_streams v:0 \
    -show_entries stream=nb_read_frames -of csv=p=0 "$1"; }

# run NAME EXPECTED_STATUS ARGS...: vfview's status must match; stderr kept in NAME.err
run() {
    local name=$1 want=$2
    shift 2
    "$vfview" --no-window --engine cpu "$@" 2>"$name.err"
    local got=$?
    if [ "$got" -ne "$want" ]; then
        bad "$name: exit $got, expected $want: $(tail -2 "$name.err")"
        return 1
    fi
    return 0
}

# ---- inputs -------------------------------------------------------------------------------
# one lossless 97x61 clip (odd on purpose) that every other input is made from
ff -f lavfi -i "testsrc2=size=96x60:rate=25:duration=2" -vf scale=97:61 -c:v ffv1 base.mkv
one_second() { ff -i base.mkv -t 1 "$@"; }
one_picture() { ff -i base.mkv -frames:v 1 "$@"; }
one_second -pix_fmt gbrp -c:v ffv1 gbrp.mkv
ff -f lavfi -i "testsrc2=size=96x60:rate=25:duration=1" -f lavfi -i "sine=frequency=440:duration=1" \
    -pix_fmt yuv420p -c:v libx264 -preset ultrafast -c:a aac -shortest h264.mp4
one_second -pix_fmt yuv422p10le -c:v ffv1 yuv422p10.mkv
one_second -pix_fmt yuv444p -c:v ffv1 yuv444p.mkv
one_second -pix_fmt yuv420p -c:v ffv1 odd420.mkv
one_picture -pix_fmt gray gray.png
one_picture -pix_fmt rgb24 rgb24.png
one_picture -pix_fmt rgba rgba.png
one_picture -pix_fmt pal8 pal8.png
one_picture -q:v 3 photo.jpg
ff -i base.mkv -frames:v 5 seq%03d.png
ff -i base.mkv -f lavfi -i "sine=duration=1" -t 1 -c:v ffv1 -c:a pcm_s16le pcm.mkv
# variable frame rate: 25 fps with pictures dropped irregularly, timestamps kept as they are
vfr_select="select='not(eq(mod(n\,5)\,1))*not(eq(mod(n\,7)\,3))'"
ff -i base.mkv -vf "$vfr_select" -fps_mode passthrough -c:v ffv1 vfr.mkv 2>/dev/null ||
    ff -i base.mkv -vf "$vfr_select" -vsync vfr -c:v ffv1 vfr.mkv

# ---- round trip: ffv1 keeps the filtered planes exactly -----------------------------------
run roundtrip 0 -i gbrp.mkv -f identity -o id.mkv --codec ffv1 &&
    { "$check" same gbrp.mkv id.mkv >/dev/null && ok || bad "identity round trip differs"; }
for spec in sharpen edge "gaussian:size=5" "box:size=7" "unsharp:size=5:amount=1.5" \
    "custom:matrix=1 2 1 0 0 0 -1 -2 -1:div=1:bias=128"; do
    for border in clamp zero mirror; do
        name="f_${spec%%:*}_$border"
        run "$name" 0 -i gbrp.mkv -f "$spec" --border "$border" -o "$name.mkv" --codec ffv1 &&
            { "$check" filtered gbrp.mkv "$name.mkv" "$spec" "$border" >/dev/null && ok ||
                bad "$spec/$border: recording differs from the CPU reference"; }
    done
done

# ---- exact RGB conversion, checked against FFmpeg's own unscaled conversion to rgb24 -------
for img in rgb24.png rgba.png pal8.png; do
    run "exact_$img" 0 -i "$img" -f identity -o "exact_$img.mkv" --codec ffv1 &&
        ff -i "$img" -f rawvideo -pix_fmt rgb24 want.raw &&
        ff -i "exact_$img.mkv" -f rawvideo -pix_fmt rgb24 got.raw &&
        { cmp -s want.raw got.raw && ok || bad "$img: RGB not converted exactly"; }
done

# ---- every input class: right size and frame count ----------------------------------------
classes="gbrp.mkv:25:97x61 h264.mp4:25:96x60 yuv422p10.mkv:25:97x61 yuv444p.mkv:25:97x61
odd420.mkv:25:97x61 gray.png:1:97x61 rgb24.png:1:97x61 rgba.png:1:97x61 pal8.png:1:97x61
photo.jpg:1:97x61 seq%03d.png:5:97x61 vfr.mkv:$(frames_of vfr.mkv):97x61"
for c in $classes; do
    IFS=: read -r file want_frames want_size <<<"$c"
    name="class_${file%%.*}"
    run "$name" 0 -i "$file" -f sharpen -o "$name.mkv" &&
        { got=$("$check" info "$name.mkv"); [ "$got" = "$want_frames $want_size" ] && ok ||
            bad "$file: recorded '$got', expected '$want_frames $want_size'"; }
done
# --start: from the picture showing at that time, the recording's clock from 0
ff -i gbrp.mkv -vf trim=start_frame=10 -c:v ffv1 from10.mkv
for at in 0.4 0.43; do # picture 10 begins at 0.4 s and shows until 0.44
    run "start_$at" 0 -i gbrp.mkv --start "$at" -f identity --codec ffv1 -o "start_$at.mkv" &&
        { "$check" same from10.mkv "start_$at.mkv" >/dev/null &&
            [ "$(ffprobe -v error -show_entries format=start_time -of csv=p=0 "start_$at.mkv")" = \
                0.000000 ] && ok || bad "--start $at: not pictures 10-24 from 0 s"; }
done
# --start in MPEG-TS, whose clock starts at 1.4 s (--start counts from the input's start; it was
# taken as the clock's time, so 0.4 s gave every picture) and whose demuxer seeks by time, not
# to a keyframe: with one keyframe, every seek lands after it and the decoder found nothing
# ('no picture from there on'); now it seeks again from further back
ff -f lavfi -i "testsrc2=size=96x60:rate=25:duration=2" -c:v libx264 -preset ultrafast -g 250 \
    -pix_fmt yuv420p -f mpegts onekey.ts
run ts_all 0 -i onekey.ts -f identity --codec ffv1 -o ts_all.mkv &&
    ff -i ts_all.mkv -vf trim=start_frame=10 -c:v ffv1 ts_from10.mkv
for case in 0.4:40 1.5:13 1.95:2; do # pictures 10, 37 and 48 on
    at=${case%:*} want=${case#*:}
    run "ts_start_$at" 0 -i onekey.ts --start "$at" -f identity --codec ffv1 -o "ts_$at.mkv" &&
        { [ "$(frames_of "ts_$at.mkv")" = "$want" ] && ok ||
            bad "MPEG-TS --start $at: $(frames_of "ts_$at.mkv") pictures, expected $want"; }
done
"$check" same ts_from10.mkv ts_0.4.mkv >/dev/null && ok ||
    bad "MPEG-TS --start 0.4: not the pictures from the tenth on"
# --loop: the pictures again from the first, on a clock that goes straight on
ff -stream_loop 2 -i gbrp.mkv -frames:v 60 -c:v ffv1 looped.mkv
run loop 0 -i gbrp.mkv --loop --frames 60 -f identity --codec ffv1 -o loop.mkv &&
    { "$check" same looped.mkv loop.mkv >/dev/null &&
        ffprobe -v error -select_streams v:0 -show_entries packet=pts_time -of csv=p=0 loop.mkv |
        sort -g | awk 'NR > 1 { d = $1 - p; if (d < 0.039 || d > 0.041) bad = 1 } { p = $1 }
            END { exit bad || NR != 60 }' && ok || bad "--loop: not 60 pictures 0.04 s apart"; }
# --end and --length: the pictures that begin before the end (mpv's and ffmpeg's), so 0.4 to 0.6 s
# is pictures 10-14; with both, the earlier end; with --loop, again from --start
ff -i gbrp.mkv -vf trim=start_frame=10:end_frame=15 -c:v ffv1 from10to15.mkv
ff -i gbrp.mkv -vf "trim=start_frame=10:end_frame=15,setpts=N/25/TB,loop=loop=2:size=5" \
    -frames:v 12 -c:v ffv1 loop10to15.mkv
for case in "end:--start 0.4 --end 0.6" "length:--start 0:00.4 --length 0.2" \
    "both:--start 0.4 --end 0:01 --length 0.2" "earlier:--start 0.4 --end 0.6 --length 1" \
    "from_end:--start -0.6 --end -0:00.4" "percent:--start 40% --end 60%"; do
    name=${case%%:*}
    # shellcheck disable=SC2086 # the options are words
    run "cut_$name" 0 -i gbrp.mkv ${case#*:} -f identity --codec ffv1 -o "cut_$name.mkv" &&
        { "$check" same from10to15.mkv "cut_$name.mkv" >/dev/null && ok ||
            bad "${case#*:}: $(frames_of "cut_$name.mkv") pictures, not pictures 10-14"; }
done
run cut_loop 0 -i gbrp.mkv --start 0.4 --end 0.6 --loop --frames 12 -f identity --codec ffv1 \
    -o cut_loop.mkv &&
    { "$check" same loop10to15.mkv cut_loop.mkv >/dev/null && ok ||
        bad "--start 0.4 --end 0.6 --loop: not pictures 10-14 twice, then 10 and 11"; }
# the sound of a cut ends with its pictures (at most an AAC frame, 23 ms, later): it went on
# by the packets read ahead of the pictures
last_end() { ffprobe -v error -select_streams "$2" -show_entries packet=pts_time,duration_time \
    -of csv=p=0 "$1" | awk -F, '{ e = $1 + $2; if (e > m) m = e } END { print m }'; }
for case in "end:--end 0.48" "frames:--frames 12"; do
    name=${case%%:*}
    # shellcheck disable=SC2086
    run "sound_cut_$name" 0 -i h264.mp4 ${case#*:} --threads 8 -o "sound_cut_$name.mkv" &&
        { v=$(last_end "sound_cut_$name.mkv" v:0) a=$(last_end "sound_cut_$name.mkv" a:0)
            [ "$(frames_of "sound_cut_$name.mkv")" = 12 ] &&
                awk -v v="$v" -v a="$a" 'BEGIN { exit !(a > v - 0.03 && a < v + 0.024) }' && ok ||
                bad "${case#*:}: $(frames_of "sound_cut_$name.mkv") pictures ending at $v s," \
                    "sound at $a s"; }
done
# before the end and in percent need the input's length: a pipe has none; an end before the
# start is refused once both are known
ff -i gbrp.mkv -pix_fmt yuv420p gbrp.y4m
"$vfview" --no-window -i - --end -0.5 -o piped_end.mkv <gbrp.y4m 2>piped_end.err
[ $? = 1 ] && [ "$(cat piped_end.err)" = "vfview: -: --end -0.5: its length is unknown" ] &&
    [ ! -e piped_end.mkv ] && ok || bad "--end -0.5 of a pipe: $(cat piped_end.err)"
run end_before 1 -i gbrp.mkv --start 50% --end -0.6 -o end_before.mkv &&
    { [ "$(cat end_before.err)" = \
        "vfview: gbrp.mkv: --end -0.6 (0.4 s) is not after --start 50% (0.5 s)" ] && ok ||
        bad "--end before --start: $(cat end_before.err)"; }
run start_late 1 -i gbrp.mkv --start 5 -o late.mkv &&
    { [ "$(grep -c . start_late.err)" -eq 1 ] && [ ! -e late.mkv ] &&
        grep -q "^vfview: gbrp.mkv: --start 5: no picture from there on (the input lasts 1 s)$" \
            start_late.err && ok || bad "--start past the end: $(cat start_late.err)"; }
# the output naming the input's file: refused before anything is written (it was destroyed)
cp gbrp.mkv victim.mkv
ln -f victim.mkv victim_link.mkv
for out in ./victim.mkv victim_link.mkv; do
    run "victim_${out#./}" 1 -i victim.mkv -o "$out" &&
        { cmp -s gbrp.mkv victim.mkv && [ "$(grep -c . "victim_${out#./}.err")" -eq 1 ] &&
            grep -q "^vfview: $out: is the input too" "victim_${out#./}.err" && ok ||
            bad "-o $out over its own input: $(cat "victim_${out#./}.err")"; }
done
# with --no-audio too (the recorder was told of its input only to keep its sound, and destroyed
# it: two seconds became 0.68)
run victim_no_audio 1 -i victim.mkv --no-audio -o victim.mkv &&
    { cmp -s gbrp.mkv victim.mkv && grep -q "^vfview: victim.mkv: is the input too" \
        victim_no_audio.err && ok || bad "--no-audio over its own input: $(cat victim_no_audio.err)"; }
# image files: the input's pattern spelt another way, a file the input's pattern names, a
# pattern that names the input's file (the image2 muxer numbers from 1: seq001.png), and another
# pattern that names the input's files
sums() { cat seq00[1-5].png | cksum; }
before=$(sums)
n=0
for pair in "seq%03d.png ./seq%03d.png" "seq%03d.png seq002.png" "seq001.png seq%03d.png" \
    "seq%03d.png seq00%d.png"; do
    set -- $pair
    n=$((n + 1))
    run "victim_image_$n" 1 -i "$1" -o "$2" &&
        { [ "$(sums)" = "$before" ] && [ "$(grep -c . "victim_image_$n.err")" -eq 1 ] &&
            grep -qF "vfview: $2: is the input too" "victim_image_$n.err" && ok ||
            bad "-i $1 -o $2: $(cat "victim_image_$n.err")"; }
done
run frames_limit 0 -i gbrp.mkv --frames 7 -o limit.mkv &&
    { [ "$(frames_of limit.mkv)" = 7 ] && ok || bad "--frames 7 recorded $(frames_of limit.mkv)"; }
run mp4_default 0 -i h264.mp4 -o default.mp4 &&
    { grep -q "libx264 yuv420p" mp4_default.err && [ "$(frames_of default.mp4)" = 25 ] && ok ||
        bad "default recording is not 25 frames of libx264 yuv420p: $(cat mp4_default.err)"; }
# other containers by their extension: MPEG-TS holds H.264 and AAC (FFmpeg cannot say so, and
# vfview used to fall back to MPEG-2, refuse --codec libx264 and drop the sound); MPEG-1/2
# video counts time in frames (the input's 1/12800 made them fail to open), as Y4M's header does
# (it said 12800 frames a second), and Y4M holds YUV, not RGB (it failed to write its header);
# AVI and Ogg count time in pictures too (AVI said 600 a second, and two of Ogg's 25 Theora
# pictures could be read back)
# (MPEG-TS lists each stream twice, in its program too; MXF adds side data)
stream_list() { ffprobe -v error -show_entries stream=codec_name,avg_frame_rate -of csv=p=0 "$1" |
    cut -d, -f1,2 | grep . | sort -u | tr '\n' ' '; }
frames_once() { frames_of "$1" | head -1 | cut -d, -f1; }
for want in "ts:aac,0/0 h264,25/1 " "mpg:mp2,0/0 mpeg1video,25/1 " \
    "mxf:mpeg2video,25/1 pcm_s16le,0/0 " "y4m:rawvideo,25/1 " "ogv:theora,0/0 vorbis,0/0 " \
    "avi:aac,0/0 h264,25/1 "; do
    ext=${want%%:*}
    run "container_$ext" 0 -i h264.mp4 -o "out.$ext" &&
        { [ "$(frames_once "out.$ext")" = 25 ] && [ "$(stream_list "out.$ext")" = "${want#*:}" ] &&
            ok || bad "out.$ext: $(frames_once "out.$ext") frames, streams $(stream_list "out.$ext")" \
            "(expected 25, ${want#*:}): $(cat "container_$ext.err")"; }
done
grep -q "^YUV4MPEG2 W96 H60 F25:1 " out.y4m && ok || bad "out.y4m: $(head -c 40 out.y4m | head -1)"
run named_ts 0 -i h264.mp4 --codec libx264 -o named.ts &&
    { [ "$(frames_once named.ts)" = 25 ] && ok ||
        bad "--codec libx264 into MPEG-TS: $(cat named_ts.err)"; }

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

# ---- audio kept, or dropped with a notice; timestamps of a VFR input kept -----------------
run audio 0 -i h264.mp4 -o audio.mkv &&
    { [ "$(ffprobe -v error -show_entries stream=codec_name -of csv=p=0 audio.mkv | sort |
        tr '\n' ' ')" = "aac h264 " ] && ok || bad "audio stream not copied"; }
# all of it, from where it starts against the first picture (the audio read before the video
# decoder gives its first picture was lost: the recording's sound began 0.09 s late)
packet_times() { # side data adds a comma and a line to the priming packet's
    ffprobe -v error -select_streams "$1" -show_entries packet=pts_time -of csv=p=0 "$2" |
        tr -d , | grep .
}
first_of() { packet_times "$1" "$2" | sort -g | head -1; }
audio_lead() { awk -v a="$(first_of a:0 "$1")" -v v="$(first_of v:0 "$1")" 'BEGIN { print a - v }'; }
packets() { packet_times a:0 "$1" | wc -l; }
[ -f audio.mkv ] && [ "$(packets audio.mkv)" = "$(packets h264.mp4)" ] &&
    awk -v o="$(audio_lead audio.mkv)" -v i="$(audio_lead h264.mp4)" \
        'BEGIN { exit !(o - i < 0.002 && i - o < 0.002) }' && ok ||
    bad "recorded audio: $(packets audio.mkv) packets from $(audio_lead audio.mkv) s of the" \
        "first picture; the input's $(packets h264.mp4) from $(audio_lead h264.mp4) s"
# the same into MP4, whose fragments say where each stream starts by an edit list, written with
# the first fragment: without it the pictures started later by the encoder's B-frame delay (two
# frames, 0.08 s here) while the sound did not, and played that far behind it
run audio_mp4 0 -i h264.mp4 -o audio.mp4 &&
    { awk -v o="$(audio_lead audio.mp4)" -v i="$(audio_lead h264.mp4)" \
        'BEGIN { exit !(o - i < 0.002 && i - o < 0.002) }' && ok ||
        bad "audio.mp4: sound from $(audio_lead audio.mp4) s of the first picture; the" \
            "input's from $(audio_lead h264.mp4) s"; }
# AAC from MPEG-TS comes in ADTS frames, which MP4 and MOV hold bare with one configuration: in
# the fragmented MP4 the recorder writes, FFmpeg refused the first packet ('Malformed AAC
# bitstream') and the recording ended after two pictures. Each packet is kept, and decodes.
ff -i h264.mp4 -c copy adts.ts
for ext in mp4 mov m4a; do
    run "adts_$ext" 0 -i adts.ts -o "adts.$ext" &&
        { [ "$(frames_of "adts.$ext")" = 25 ] && [ "$(packets "adts.$ext")" = "$(packets adts.ts)" ] &&
            [ -z "$(ff -i "adts.$ext" -map 0:a -f null - 2>&1)" ] && ok ||
            bad "ADTS sound into adts.$ext: $(frames_of "adts.$ext") pictures, $(packets \
                "adts.$ext") audio packets of $(packets adts.ts); $(ff -i "adts.$ext" -map 0:a \
                -f null - 2>&1 | head -1)"; }
done
# a packet whose ADTS header is damaged is skipped, as a player skips it, not the recording's end
ff -i adts.ts -c copy -bsf:a noise=amount=50 -f mpegts adts_damaged.ts
run adts_damaged 0 -i adts_damaged.ts -o adts_damaged.mp4 &&
    { [ "$(frames_of adts_damaged.mp4)" = 25 ] &&
        [ "$(packets adts_damaged.mp4)" -gt $(($(packets adts_damaged.ts) * 3 / 4)) ] && ok ||
        bad "damaged ADTS sound into MP4: $(frames_of adts_damaged.mp4) pictures, $(packets \
            adts_damaged.mp4) audio packets of $(packets adts_damaged.ts)"; }
# MPEG-TS files joined end to end, each with its clock from 1.4 s (a DVR's parts): the clock steps
# back 1 s at the join, and the recording dropped the second part's sound. With the second
# part's clock 30 s on (a broadcast's restart) the recording held a 30 s picture. Both now run on,
# pictures and sound, as with the ffmpeg CLI.
ts_part() { # NAME HZ CLOCK_OFFSET
    ff -f lavfi -i "testsrc2=size=96x60:rate=25:duration=1" -f lavfi -i "sine=f=$2:d=1" \
        -pix_fmt yuv420p -c:v libx264 -preset ultrafast -c:a mp2 -output_ts_offset "$3" \
        -f mpegts "$1"
}
ts_part joined1.ts 440 0 && ts_part joined2.ts 880 0 && ts_part leap2.ts 880 30
cat joined1.ts joined2.ts >joined.ts && cat joined1.ts leap2.ts >leap.ts
last_of() { packet_times "$1" "$2" | sort -g | tail -1; }
for name in joined leap; do
    run "$name" 0 -i "$name.ts" -o "$name.mkv" &&
        { [ "$(frames_of "$name.mkv")" = 50 ] &&
            [ "$(packets "$name.mkv")" -ge $(($(packets "$name.ts") - 1)) ] &&
            awk -v v="$(last_of v:0 "$name.mkv")" -v a="$(last_of a:0 "$name.mkv")" \
                'BEGIN { exit !(v > 1.9 && v < 2.0 && a > 1.9 && a < 2.05) }' && ok ||
            bad "$name.ts recorded: $(frames_of "$name.mkv") pictures (expected 50), the last at" \
                "$(last_of v:0 "$name.mkv") s; $(packets "$name.mkv") of $(packets "$name.ts")" \
                "audio packets, the last at $(last_of a:0 "$name.mkv") s (expected 1.9-2.05)"; }
done
# its sound starts 0.023 s before its first picture (the AAC priming), and so does the file;
# --start counts from the first picture: 0.4 s is picture 10 of 25, not picture 9
run start_primed 0 -i audio.mp4 --start 0.4 -o start_primed.mkv &&
    { [ "$(frames_of start_primed.mkv)" = 15 ] && ok ||
        bad "--start 0.4 in audio.mp4: $(frames_of start_primed.mkv) pictures (expected 15)"; }
# sound a second ahead of the pictures: the recording starts with the first picture (and the
# audio packet just before it, which an AAC decoder needs), not with a second of sound alone
ff -itsoffset 1 -i h264.mp4 -i h264.mp4 -map 0:v -map 1:a -c copy lead.mkv
run audio_lead 0 -i lead.mkv -o lead_out.mkv &&
    { awk -v l="$(audio_lead lead_out.mkv)" 'BEGIN { exit !(l > -0.05 && l <= 0) }' && ok ||
        bad "sound ahead of the pictures: recorded from $(audio_lead lead_out.mkv) s of the" \
            "first picture (expected -0.05 to 0)"; }
run no_audio 0 --no-audio -i h264.mp4 -o no_audio.mkv &&
    { [ "$(ffprobe -v error -show_entries stream=codec_name -of csv=p=0 no_audio.mkv)" = h264 ] &&
        ok || bad "--no-audio: the recording has $(ffprobe -v error -show_entries \
            stream=codec_name -of csv=p=0 no_audio.mkv | tr '\n' ' ')"; }
# sound the container cannot hold is encoded with the container's own codec, as the ffmpeg CLI
# does (it was dropped: WebM, Ogg and MPEG recordings of a phone's video had no sound), in step
# with the pictures: a tone that starts 0.5 s into the input starts as far from the first
# picture, also on the loop's second pass (--loop: the recording's clock splices the input)
ff -f lavfi -i "testsrc2=size=96x60:rate=25:duration=1" \
    -f lavfi -i "sine=frequency=440:duration=1,volume=enable='lt(t,0.5)':volume=0" \
    -pix_fmt yuv420p -c:v libx264 -preset ultrafast -c:a aac -shortest beep.mp4
ff -i beep.mp4 -c:v ffv1 -c:a pcm_s16le beep_pcm.mkv
first_frame() { ffprobe -v error -select_streams "$1" -show_entries frame=pts_time -of csv=p=0 \
    "$2" | tr -d , | grep . | head -1; }
# where the tone starts (each time), in seconds from the first picture
onsets() {
    ffmpeg -nostdin -hide_banner -copyts -i "$1" -map 0:a:0 -af silencedetect=n=-30dB:d=0.05 \
        -f null - 2>&1 | sed -n 's/.*silence_end: \([-0-9.]*\).*/\1/p' |
        awk -v v="$(first_frame v:0 "$1")" '{ printf "%.4f ", $1 - v }'
}
audio_of() { ffprobe -v error -select_streams a:0 -show_entries stream=codec_name,sample_rate \
    -of csv=p=0 "$1"; }
tone_at=$(onsets beep.mp4 | cut -d' ' -f1)
for case in beep.mp4:webm:opus,48000 beep.mp4:mpg:mp2,44100 beep.mp4:ogv:vorbis,44100 \
    beep.mp4:mxf:pcm_s16le,48000 beep_pcm.mkv:mp4:aac,44100; do
    IFS=: read -r in ext want <<<"$case"
    run "encoded_$ext" 0 -i "$in" -o "encoded.$ext" &&
        run "encoded_loop_$ext" 0 -i "$in" --loop --frames 60 -o "encoded_loop.$ext" &&
        { [ "$(audio_of "encoded.$ext")" = "$want" ] &&
            grep -q "(.*, audio encoded as ${want%,*})$" "encoded_$ext.err" &&
            onsets "encoded_loop.$ext" | awk -v t="$tone_at" -v f="$(onsets "encoded.$ext")" \
                'function off(x, y) { return x - y > 0.008 || y - x > 0.008 }
                 { if (off($1, t) || off($2, t + 1) || off(f + 0, t)) exit 1 }' && ok ||
            bad "$in into .$ext: sound $(audio_of "encoded.$ext") (expected $want), the tone" \
                "from $(onsets "encoded.$ext")/ $(onsets "encoded_loop.$ext")s (expected" \
                "$tone_at and, looped, $tone_at + 1): $(tail -1 "encoded_$ext.err")"; }
done
# damaged sound (bytes of the AAC changed) is encoded as far as it can be read: a packet the
# decoder refuses is skipped (it ended the recording, "sound: decoding: Operation not permitted")
audio_seconds() { ffprobe -v error -select_streams a:0 -show_entries frame=nb_samples -of csv=p=0 \
    "$1" | awk -v r="$(audio_of "$1" | cut -d, -f2)" '{ s += $1 } END { print s / r }'; }
ff -i beep.mp4 -c copy -bsf:a noise=amount=50 damaged.mkv
run damaged_audio 0 -i damaged.mkv -o damaged.webm &&
    { [ "$(frames_of damaged.webm)" = 25 ] &&
        awk -v s="$(audio_seconds damaged.webm)" 'BEGIN { exit !(s > 0.95 && s < 1.1) }' && ok ||
        bad "damaged AAC into WebM: $(frames_of damaged.webm) pictures," \
            "$(audio_seconds damaged.webm) s of sound: $(cat damaged_audio.err)"; }
# sound that changes format mid-stream (44.1 kHz mono, then 48 kHz stereo, as a broadcast's can
# between programmes), encoded again: the second part overlapped the first's last frame by 15 ms,
# Vorbis's timestamps stepped back, and the Ogg muxer ended the recording ('write failed')
change_part() { # NAME HZ RATE CHANNELS CLOCK_OFFSET
    ff -f lavfi -i "testsrc2=size=96x60:rate=25:duration=1.5" -f lavfi -i "sine=f=$2:r=$3:d=1.5" \
        -ac "$4" -pix_fmt yuv420p -c:v libx264 -preset ultrafast -c:a mp2 -output_ts_offset "$5" \
        -f mpegts "$1"
}
change_part change1.ts 440 44100 1 0 && change_part change2.ts 880 48000 2 1.5
cat change1.ts change2.ts >change.ts
run change_ogv 0 -i change.ts -o change.ogv &&
    { [ "$(frames_of change.ogv)" = "$(frames_once change.ts)" ] &&
        [ -z "$(ff -i change.ogv -f null - 2>&1)" ] &&
        awk -v s="$(audio_seconds change.ogv)" 'BEGIN { exit !(s > 2.9 && s < 3.1) }' && ok ||
        bad "sound that changes format into Ogg: $(frames_of change.ogv) of" \
            "$(frames_once change.ts) pictures," \
            "$(audio_seconds change.ogv) s of sound: $(tail -1 change_ogv.err)"; }
# lossy encoders record 4:2:0, which players and hardware decoders play: VP9 took planar RGB
# (profile 1), which few play, and which made files twice as big
grep -q "(libvpx-vp9 yuv420p, webm, audio encoded as opus)$" encoded_webm.err && ok ||
    bad "WebM: $(tail -1 encoded_webm.err)"
# 3GP's own codec is AMR, which Debian's FFmpeg cannot encode: AAC, which it holds too
run encoded_3gp 0 -i beep_pcm.mkv -o encoded.3gp &&
    { case "$(audio_of encoded.3gp)" in aac,44100 | amr_nb,8000) ok ;;
        *) bad "pcm into 3gp: sound '$(audio_of encoded.3gp)': $(cat encoded_3gp.err)" ;; esac; }
# GXF holds 48 kHz mono only (which FFmpeg says when the header is written): mono is encoded at
# 48 kHz, and stereo, refused, is dropped with a notice and the pictures recorded alone
ff -f lavfi -i "testsrc2=size=720x576:rate=25:duration=0.4" -f lavfi -i "sine=duration=0.4" \
    -af aformat=channel_layouts=stereo -c:v ffv1 -c:a aac pal_stereo.mkv
ff -i pal_stereo.mkv -c:v copy -ac 1 -c:a aac pal_mono.mkv
run gxf_mono 0 -i pal_mono.mkv -o mono.gxf &&
    { [ "$(audio_of mono.gxf)" = pcm_s16le,48000 ] && [ "$(frames_once mono.gxf)" = 10 ] && ok ||
        bad "mono into GXF: sound '$(audio_of mono.gxf)': $(cat gxf_mono.err)"; }
run gxf_stereo 0 -i pal_stereo.mkv -o stereo.gxf &&
    { grep -q "^vfview: stereo.gxf: the gxf container refused the sound encoded as pcm_s16le (.*);\
 recording the pictures without it$" gxf_stereo.err &&
        [ -z "$(audio_of stereo.gxf)" ] && [ "$(frames_once stereo.gxf)" = 10 ] &&
        [ "$(grep -c "recording with mpeg2video instead" gxf_stereo.err)" = 1 ] && ok ||
        bad "stereo into GXF: sound '$(audio_of stereo.gxf)': $(cat gxf_stereo.err)"; }
# FLAC into MP4 is experimental in FFmpeg 5, whose muxer refuses it only when writing the
# header (the recording failed): then it is encoded as AAC, in step
ff -i beep.mp4 -c:v ffv1 -c:a flac beep_flac.mkv
run flac_mp4 0 -i beep_flac.mkv -o flac.mp4 &&
    { case "$(audio_of flac.mp4)" in
        flac,44100) ! grep -q refused flac_mp4.err ;;
        aac,44100) grep -q "^vfview: flac.mp4: the mp4 container refused the sound copied (.*);\
 encoding it with the container's own codec$" flac_mp4.err ;;
        *) false ;;
        esac && onsets flac.mp4 | awk -v t="$tone_at" '{ exit !($1 - t < 0.008 && t - $1 < 0.008) }' &&
        ok || bad "FLAC into MP4: sound '$(audio_of flac.mp4)', the tone from $(onsets flac.mp4)s" \
            "(expected $tone_at): $(cat flac_mp4.err)"; }
# a container that holds no sound: dropped, with a notice
run audio_drop 0 -i pcm.mkv -o nopcm.y4m &&
    { grep -q "audio stream 1 (pcm_s16le) dropped: the yuv4mpegpipe container cannot hold it" \
        audio_drop.err && [ "$(frames_of nopcm.y4m)" = 25 ] && ok ||
        bad "pcm into y4m: no drop notice: $(cat audio_drop.err)"; }
# --aid N: the input's Nth audio track alone (the second: 900 Hz, not the first's 300); by
# default every one; --aid no: none; a track the input lacks: one line, no file
ff -i base.mkv -f lavfi -i "sine=f=300:d=1" -f lavfi -i "sine=f=900:d=1" -map 0:v -map 1 -map 2 \
    -t 1 -c:v ffv1 -c:a pcm_s16le two.mkv
audio_streams() { ffprobe -v error -select_streams a -show_entries stream=index -of csv=p=0 "$1" |
    grep -c .; }
tones() { # the tones of an output's first audio stream, in steps of 300 Hz (sound_runs.py)
    ffmpeg -nostdin -v error -i "$1" -map 0:a:0 -ac 1 -ar 48000 -f f32le -y tones.raw &&
        python3 "$here/sound_runs.py" tones.raw 48000 1 | awk '$2 >= 0.15 {print $1}' | tr -d '\n'
}
run aid_all 0 -i two.mkv -o aid_all.mkv &&
    { [ "$(audio_streams aid_all.mkv)" = 2 ] && ok ||
        bad "two audio tracks: $(audio_streams aid_all.mkv) recorded"; }
run aid_2 0 -i two.mkv --aid 2 -o aid_2.mkv &&
    { [ "$(audio_streams aid_2.mkv)" = 1 ] && [ "$(tones aid_2.mkv)" = 3 ] && ok ||
        bad "--aid 2: $(audio_streams aid_2.mkv) audio streams, tones '$(tones aid_2.mkv)'"; }
run aid_no 0 -i two.mkv --aid no -o aid_no.mkv &&
    { [ "$(audio_streams aid_no.mkv)" = 0 ] && ok || bad "--aid no: audio recorded"; }
run aid_3 1 -i two.mkv --aid 3 -o aid_3.mkv &&
    { [ ! -e aid_3.mkv ] && [ "$(cat aid_3.err)" = "vfview: two.mkv: --aid 3: it has 2 audio tracks" ] &&
        ok || bad "--aid 3 of 2: $(cat aid_3.err)"; }
run aid_none 1 -i gbrp.mkv --aid 1 -o aid_none.mkv &&
    { [ "$(cat aid_none.err)" = "vfview: gbrp.mkv: --aid 1: it has no audio" ] && ok ||
        bad "--aid 1 of none: $(cat aid_none.err)"; }
pts() { ffprobe -v error -select_streams v:0 -show_entries frame=pts_time -of csv=p=0 "$1" |
    tr -d , | grep .; }
run vfr 0 -i vfr.mkv -f edge -o vfr_out.mkv &&
    { [ "$(pts vfr.mkv)" = "$(pts vfr_out.mkv)" ] && [ "$(pts vfr.mkv | wc -l)" -lt 50 ] && ok ||
        bad "VFR timestamps changed: $(pts vfr.mkv | head -5 | tr '\n' ' ') vs $(pts vfr_out.mkv |
            head -5 | tr '\n' ' ')"; }

# ---- subtitles kept where the container holds them, or dropped with a notice ---------------
# four cues (two beginning together), French, in Matroska with sound; recorded, each keeps its
# time against the first picture and its length; from --start 1 the cue showing then (0.5-1.2 s)
# shows from the first picture for what is left of it (0.2 s), and the rest move 1 s earlier
printf '1\n00:00:00,500 --> 00:00:01,200\none\n\n2\n00:00:01,500 --> 00:00:02,000\ntwo\n\n3\n00:00:01,500 --> 00:00:02,500\ntwo too\n\n4\n00:00:02,500 --> 00:00:03,500\nthree\n' >cues.srt
ff -f lavfi -i "testsrc2=size=96x60:rate=10:duration=4" -f lavfi -i "sine=duration=4" -i cues.srt \
    -map 0 -map 1 -map 2 -c:v libx264 -preset ultrafast -c:a aac -c:s srt \
    -metadata:s:s:0 language=fra subtitled.mkv
cue_times() { # "start+length" of each cue, from the first picture's time, in ms
    local v
    v=$(first_of v:0 "$1")
    ffprobe -v error -select_streams s:0 -show_entries packet=pts_time,duration_time -of csv=p=0 \
        "$1" | awk -F, -v v="$v" '{ printf "%d+%d ", ($1 - v) * 1000 + 0.5, $2 * 1000 + 0.5 }'
}
streams_of() { ffprobe -v error -show_entries stream=codec_name -of csv=p=0 "$1" | tr '\n' ' '; }
run subtitles 0 -i subtitled.mkv -f edge -o subtitled-out.mkv &&
    { [ "$(cue_times subtitled-out.mkv)" = "500+700 1500+500 1500+1000 2500+1000 " ] &&
        [ "$(streams_of subtitled-out.mkv)" = "h264 aac subrip " ] &&
        [ "$(ffprobe -v error -select_streams s:0 -show_entries stream_tags=language -of csv=p=0 \
            subtitled-out.mkv)" = fra ] &&
        grep -q "(libx264 yuv420p, matroska, audio copied, subtitles copied)" subtitles.err && ok ||
        bad "subtitles: cues '$(cue_times subtitled-out.mkv)', streams" \
            "'$(streams_of subtitled-out.mkv)': $(cat subtitles.err)"; }
run subtitles_start 0 -i subtitled.mkv --start 1 -o subtitled-cut.mkv &&
    { [ "$(cue_times subtitled-cut.mkv)" = "0+200 500+500 500+1000 1500+1000 " ] && ok ||
        bad "subtitles from --start 1: cues '$(cue_times subtitled-cut.mkv)'"; }
# --no-sub leaves them out, --no-audio leaves them in
run no_sub 0 -i subtitled.mkv --no-sub -o no-sub.mkv && [ "$(streams_of no-sub.mkv)" = "h264 aac " ] &&
    run sub_no_audio 0 -i subtitled.mkv --no-audio -o sub-no-audio.mkv &&
    [ "$(streams_of sub-no-audio.mkv)" = "h264 subrip " ] && ok ||
    bad "--no-sub: '$(streams_of no-sub.mkv)'; --no-audio: '$(streams_of sub-no-audio.mkv)'"
# --sid N: the input's Nth subtitle track alone (the second: German, 'eins' where the French
# has 'one'); by default every one; --sid no: none; a track the input lacks: one line, no file
sed 's/one$/eins/' cues.srt >cues-de.srt
ff -i subtitled.mkv -i cues-de.srt -map 0 -map 1 -c copy -c:s srt -metadata:s:s:1 language=deu \
    two-subs.mkv
sub_languages() { ffprobe -v error -select_streams s -show_entries stream_tags=language -of csv=p=0 "$1" | tr '\n' ' '; }
run sid_all 0 -i two-subs.mkv -o sid_all.mkv &&
    { [ "$(sub_languages sid_all.mkv)" = "fra deu " ] && ok ||
        bad "two subtitle tracks: '$(sub_languages sid_all.mkv)' recorded"; }
run sid_2 0 -i two-subs.mkv --sid 2 -o sid_2.mkv &&
    { [ "$(sub_languages sid_2.mkv)" = "deu " ] && [ "$(streams_of sid_2.mkv)" = "h264 aac subrip " ] &&
        [ "$(ff -i sid_2.mkv -map 0:s:0 -f srt - | grep -c '^eins$')" = 1 ] && ok ||
        bad "--sid 2: '$(sub_languages sid_2.mkv)', '$(streams_of sid_2.mkv)'"; }
run sid_no 0 -i two-subs.mkv --sid no -o sid_no.mkv &&
    { [ "$(streams_of sid_no.mkv)" = "h264 aac " ] && ok || bad "--sid no: '$(streams_of sid_no.mkv)'"; }
run sid_3 1 -i two-subs.mkv --sid 3 -o sid_3.mkv &&
    { [ ! -e sid_3.mkv ] && [ "$(cat sid_3.err)" = "vfview: two-subs.mkv: --sid 3: it has 2 subtitle tracks" ] &&
        ok || bad "--sid 3 of 2: $(cat sid_3.err)"; }
run sid_none 1 -i gbrp.mkv --sid 1 -o sid_none.mkv &&
    { [ "$(cat sid_none.err)" = "vfview: gbrp.mkv: --sid 1: it has no subtitles" ] && ok ||
        bad "--sid 1 of none: $(cat sid_none.err)"; }
# --sub-file: a subtitle file recorded as one more track, after the input's own, its cues at
# their times from the first picture, copied into Matroska and made mov_text in MP4; --sid 2
# keeps it alone; from MPEG-TS, whose clock starts at 1.4 s, its times count from the input's
# start, as players show it; a file that cannot be read stops vfview in one line, no file left
# (the file's cues at the times of the input's own, which the file repeats)
sub_pts() { ffprobe -v error -select_streams "$1" -show_entries packet=pts_time -of csv=p=0 "$2" | tr '\n' ' '; }
run sub_file 0 -i subtitled.mkv --sub-file cues-de.srt -o sub-file.mkv &&
    { [ "$(streams_of sub-file.mkv)" = "h264 aac subrip subrip " ] &&
        [ "$(ff -i sub-file.mkv -map 0:s:1 -f srt - | grep -c '^eins$')" = 1 ] &&
        [ "$(sub_pts s:1 sub-file.mkv)" = "$(sub_pts s:0 sub-file.mkv)" ] &&
        [ "$(sub_pts s:1 sub-file.mkv | wc -w)" = 4 ] && ok ||
        bad "--sub-file into Matroska: '$(streams_of sub-file.mkv)': $(cat sub_file.err)"; }
# looped (60 pictures of a 40-picture input), the file's cues come again with the input's own
run sub_file_loop 0 -i subtitled.mkv --loop --frames 60 --sub-file cues-de.srt -o sub-file-loop.mkv &&
    { [ "$(sub_pts s:1 sub-file-loop.mkv)" = "$(sub_pts s:0 sub-file-loop.mkv)" ] &&
        [ "$(sub_pts s:1 sub-file-loop.mkv | wc -w)" = 7 ] && ok ||
        bad "--sub-file looped: '$(sub_pts s:1 sub-file-loop.mkv)' against the input's" \
            "'$(sub_pts s:0 sub-file-loop.mkv)'"; }
run sub_file_mp4 0 -i subtitled.mkv --sub-file cues-de.srt -o sub-file.mp4 &&
    { [ "$(streams_of sub-file.mp4)" = "h264 aac mov_text mov_text " ] && ok ||
        bad "--sub-file into MP4: '$(streams_of sub-file.mp4)': $(cat sub_file_mp4.err)"; }
run sub_file_sid 0 -i subtitled.mkv --sub-file cues-de.srt --sid 2 -o sub-file-sid.mkv &&
    { [ "$(streams_of sub-file-sid.mkv)" = "h264 aac subrip " ] &&
        [ "$(ff -i sub-file-sid.mkv -map 0:s:0 -f srt - | grep -c '^eins$')" = 1 ] && ok ||
        bad "--sub-file --sid 2: '$(streams_of sub-file-sid.mkv)': $(cat sub_file_sid.err)"; }
run sub_file_ts 0 -i onekey.ts --sub-file cues-de.srt -o sub-file-ts.mkv &&
    { [ "$(cue_times sub-file-ts.mkv)" = "500+700 1500+500 1500+1000 2500+1000 " ] && ok ||
        bad "--sub-file beside MPEG-TS: cues '$(cue_times sub-file-ts.mkv)'"; }
# a file of cues drawn as pictures (DVD's, written by media_check: at 0 and 4.5 s, from the
# input's start, 23 ms) is copied as it is into Matroska; WebM holds no such cues: dropped, with
# a line saying so
"$check" picture-subs boxes.mks 320 240
run sub_file_pictures 0 -i subtitled.mkv --sub-file boxes.mks -o sub-file-pictures.mkv &&
    { [ "$(streams_of sub-file-pictures.mkv)" = "h264 aac subrip dvd_subtitle " ] &&
        sub_pts s:1 sub-file-pictures.mkv |
        awk '{ exit !(NF == 2 && $1 < 0.05 && $2 - $1 > 4.499 && $2 - $1 < 4.501) }' && ok ||
        bad "--sub-file of pictures into Matroska: '$(streams_of sub-file-pictures.mkv)'," \
            "cues at '$(sub_pts s:1 sub-file-pictures.mkv)': $(cat sub_file_pictures.err)"; }
run sub_file_pictures_webm 0 -i subtitled.mkv --sub-file boxes.mks -o sub-file-pictures.webm &&
    { [ "$(streams_of sub-file-pictures.webm)" = "vp9 opus webvtt " ] &&
        grep -q "subtitle file boxes.mks (dvd_subtitle) dropped: the webm container cannot hold it" \
            sub_file_pictures_webm.err && ok ||
        bad "--sub-file of pictures into WebM: '$(streams_of sub-file-pictures.webm)':" \
            "$(cat sub_file_pictures_webm.err)"; }
run sub_file_missing 1 -i subtitled.mkv --sub-file nothere.srt -o sub-file-missing.mkv &&
    { [ ! -e sub-file-missing.mkv ] &&
        [ "$(cat sub_file_missing.err)" = "vfview: nothere.srt: cannot open: No such file or directory" ] &&
        ok || bad "--sub-file nothere.srt: $(cat sub_file_missing.err)"; }

# chapters (Intro 0-4 s, Middle 4-12, End 12-20): a recording into Matroska of 6 to 15 s keeps
# those it holds on its own clock, Middle 0-6 and End 6-9, titles and all
printf ';FFMETADATA1\n' >chapters.txt
for c in "0 4000 Intro" "4000 12000 Middle" "12000 20000 End"; do
    set -- $c
    printf '[CHAPTER]\nTIMEBASE=1/1000\nSTART=%s\nEND=%s\ntitle=%s\n' "$1" "$2" "$3" >>chapters.txt
done
ff -f lavfi -i "testsrc2=size=64x48:rate=25:duration=20" -i chapters.txt -map_chapters 1 \
    -c:v libx264 -preset ultrafast -g 25 chapters.mkv
chapters_of() { ffprobe -v error -show_chapters -of csv=p=0 "$1" | cut -d, -f4,6,7 | tr '\n' ' '; }
run chapters 0 -i chapters.mkv --start 6 --end 15 -o chapters-out.mkv &&
    { [ "$(chapters_of chapters-out.mkv)" = "0.000000,6.000000,Middle 6.000000,9.000000,End " ] &&
        ok || bad "chapters recorded from 6 to 15 s: '$(chapters_of chapters-out.mkv)'"; }
# MP4 and MOV (written in fragments) and Matroska on a pipe take chapters only with the header:
# a headless run knows there where its pictures begin and end, so they get the same; with
# --frames it does not, and MP4 gets none, while Matroska files still get theirs at the end
for out in chapters-out.mp4 chapters-out.mov; do
    run chapters_header 0 -i chapters.mkv --start 6 --end 15 -o $out &&
        { [ "$(chapters_of $out)" = "0.000000,6.000000,Middle 6.000000,9.000000,End " ] &&
            ok || bad "chapters recorded into $out: '$(chapters_of $out)'"; }
done
run chapters_pipe 0 -i chapters.mkv --start 6 --end 15 -o - --format matroska >chapters-pipe.mkv &&
    { [ "$(chapters_of chapters-pipe.mkv)" = "0.000000,6.000000,Middle 6.000000,9.000000,End " ] &&
        ok || bad "chapters recorded into a pipe: '$(chapters_of chapters-pipe.mkv)'"; }
run chapters_frames 0 -i chapters.mkv --start 6 --frames 100 -o chapters-frames.mp4 &&
    run chapters_frames_mkv 0 -i chapters.mkv --start 6 --frames 100 -o chapters-frames.mkv &&
    { [ -z "$(chapters_of chapters-frames.mp4)" ] &&
        [ "$(chapters_of chapters-frames.mkv)" = "0.000000,4.000000,Middle " ] && ok ||
        bad "--frames 100 from 6 s: MP4 '$(chapters_of chapters-frames.mp4)'," \
            "Matroska '$(chapters_of chapters-frames.mkv)'"; }
# a loop (--loop, --start 10 --end 14: two passes of 4 s in 200 pictures) holds the chapters of
# each pass where the pass is: Middle 0-2, End 2-4, Middle again 4-6, End 6-8 (the first pass's
# chapters alone used to go on to the end: Middle 0-2, End 2-8); and one within a chapter (5 to
# 9 s, twice) goes on across the jump: Middle 0-8
run chapters_loop 0 -i chapters.mkv --start 10 --end 14 --loop --frames 200 -o chapters-loop.mkv &&
    run chapters_loop_within 0 -i chapters.mkv --start 5 --end 9 --loop --frames 200 \
        -o chapters-loop-within.mkv &&
    { [ "$(chapters_of chapters-loop.mkv)" = "0.000000,2.000000,Middle 2.000000,4.000000,End \
4.000000,6.000000,Middle 6.000000,8.000000,End " ] &&
        [ "$(chapters_of chapters-loop-within.mkv)" = "0.000000,8.000000,Middle " ] && ok ||
        bad "chapters of a loop: '$(chapters_of chapters-loop.mkv)'," \
            "within one: '$(chapters_of chapters-loop-within.mkv)'"; }
# several inputs headless (a folder here) with -o FOLDER/: each filtered and recorded in turn to
# FOLDER/its own name, in the container the name says (the picture the CPU reference's); into
# the inputs' own folder, each is refused as the input itself, and the inputs stay as they were
mkdir -p batch && cp gbrp.mkv batch/clip.mkv && one_picture batch/still.png
run batch 0 -f edge batch -o batch-out/ &&
    { [ "$(ls batch-out | tr '\n' ' ')" = "clip.mkv still.png " ] &&
        "$check" filtered batch/still.png batch-out/still.png edge clamp >/dev/null &&
        [ "$(frames_of batch-out/clip.mkv)" = 25 ] &&
        [ "$(grep -c " written to batch-out/" batch.err)" = 2 ] && ok ||
        bad "-o FOLDER/ over a folder: '$(ls batch-out)': $(cat batch.err)"; }
# inputs of one name (folders batch, batch2 and batch3): the later recordings are numbered past
# every name taken, an input that is itself named still-2.png included (it used to take the
# name of batch2's numbered still.png, and replace that recording)
mkdir -p batch2 batch3 && cp batch/still.png batch2/still.png && cp batch/still.png batch3/still.png &&
    cp batch/still.png batch3/still-2.png
run batch_names 0 batch batch2 batch3 -o batch-names/ &&
    { [ "$(LC_ALL=C ls batch-names | tr '\n' ' ')" = \
        "clip.mkv still-2-2.png still-2.png still-3.png still.png " ] &&
        [ "$(grep -c " written to batch-names/" batch_names.err)" = 5 ] && ok ||
        bad "inputs named still.png and still-2.png into one folder: '$(ls batch-names)':" \
            "$(cat batch_names.err)"; }
cp batch/still.png still-before.png
run batch_onto_inputs 1 -f edge batch -o batch &&
    { [ "$(grep -c "is the input too; recording there would destroy it" batch_onto_inputs.err)" = 2 ] &&
        cmp -s batch/still.png still-before.png && ok ||
        bad "-o onto the inputs' folder: $(cat batch_onto_inputs.err)"; }
# --start '#2' --end '#3' (as mpv's): Middle alone, 4 to 12 s, 200 pictures at 25 fps; '#4', the
# end of the last, is the input's end; a chapter the input lacks stops vfview in one line
run chapter_cut 0 -i chapters.mkv --start '#2' --end '#3' -o chapter-cut.mkv &&
    { [ "$(chapters_of chapter-cut.mkv)" = "0.000000,8.000000,Middle " ] &&
        [ "$(frames_of chapter-cut.mkv)" = 200 ] && ok ||
        bad "--start #2 --end #3: chapters '$(chapters_of chapter-cut.mkv)'," \
            "$(frames_of chapter-cut.mkv) pictures: $(cat chapter_cut.err)"; }
run chapter_last 0 -i chapters.mkv --start '#3' --end '#4' -o chapter-last.mkv &&
    { [ "$(frames_of chapter-last.mkv)" = 200 ] && ok ||
        bad "--start #3 --end #4: $(frames_of chapter-last.mkv) pictures: $(cat chapter_last.err)"; }
run chapter_missing 1 -i chapters.mkv --start '#5' -o chapter-missing.mkv &&
    { [ ! -e chapter-missing.mkv ] &&
        [ "$(cat chapter_missing.err)" = "vfview: chapters.mkv: --start #5: it has 3 chapters" ] &&
        ok || bad "--start #5 of 3: $(cat chapter_missing.err)"; }
run chapter_none 1 -i gbrp.mkv --end '#1' -o chapter-none.mkv &&
    { [ "$(cat chapter_none.err)" = "vfview: gbrp.mkv: --end #1: it has no chapters" ] && ok ||
        bad "--end #1 of none: $(cat chapter_none.err)"; }

# SubRip into MP4 and MOV becomes their own mov_text (the ffmpeg CLI's way), whose cue shows
# until the next sample: an empty one ends each cue where it ended (FFmpeg's muxer left that out
# between fragments: 'one' showed 1 s, not 0.7), and the second of two that begin together
# begins a millisecond later (at the same time, the muxer put 'three' a second late); MPEG-TS
# holds no text: dropped, with a line saying so
cue_pts() { ffprobe -v error -select_streams s:0 -show_entries packet=pts_time -of csv=p=0 "$1" | tr '\n' ' '; }
for out in subtitled.mp4 subtitled.mov; do
    run "sub_${out#*.}" 0 -i subtitled.mkv -o "$out" &&
        { [ "$(streams_of "$out")" = "h264 aac mov_text " ] &&
            [ "$(cue_pts "$out")" = "0.000000 0.500000 1.200000 1.500000 1.501000 2.500000 3.500000 " ] &&
            grep -q "(libx264 yuv420p, ${out#*.}, audio copied, subtitles encoded as mov_text)" \
                "sub_${out#*.}.err" && ok ||
            bad "SubRip into $out: '$(streams_of "$out")', cues at '$(cue_pts "$out")': $(cat "sub_${out#*.}.err")"; }
done
run sub_ts 0 -i subtitled.mkv -o subtitled.ts &&
    { ! streams_of subtitled.ts | grep -q subrip && grep -q "^vfview: subtitled.ts: subtitle stream 2 (subrip) dropped: the mpegts container cannot hold it$" sub_ts.err && ok ||
        bad "SubRip into MPEG-TS: '$(streams_of subtitled.ts)': $(cat sub_ts.err)"; }
# MP4's own mov_text into MP4 is copied (FFmpeg 5.1 reads no packet durations back from
# fragmented MP4, so the cues' starts and texts are compared, as its SubRip writer gives them)
ff -i subtitled.mkv -map 0 -c:v copy -c:a copy -c:s mov_text subtitled-tx3g.mp4
cue_starts() { ff -i "$1" -map 0:s:0 -f srt - | sed 's/ --> .*//' | grep . | tr '\n' ' '; }
run mov_text 0 -i subtitled-tx3g.mp4 -o mov-text.mp4 &&
    { [ "$(streams_of mov-text.mp4)" = "h264 aac mov_text " ] &&
        [ "$(cue_starts mov-text.mp4)" = "$(cue_starts subtitled-tx3g.mp4)" ] &&
        [ "$(cue_starts mov-text.mp4)" = "1 00:00:00,523 one 2 00:00:01,523 two 3 00:00:01,523 two too 4 00:00:02,523 three " ] &&
        ok || bad "mov_text into MP4: '$(streams_of mov-text.mp4)', cues '$(cue_starts mov-text.mp4)': $(cat mov_text.err)"; }

# and MP4's mov_text into Matroska becomes ASS, each cue with its time and length again (the
# empty ones that ended the cues in MP4 left out; the ffmpeg CLI had made 'two' 1 us long)
run mov_text_mkv 0 -i subtitled-tx3g.mp4 -o from-tx3g.mkv &&
    { [ "$(streams_of from-tx3g.mkv)" = "h264 aac ass " ] &&
        [ "$(cue_times from-tx3g.mkv)" = "500+700 1500+0 1500+1000 2500+1000 " ] &&
        grep -q "subtitles encoded as ass)" mov_text_mkv.err && ok ||
        bad "mov_text into Matroska: '$(streams_of from-tx3g.mkv)', cues '$(cue_times from-tx3g.mkv)': $(cat mov_text_mkv.err)"; }

# ---- HDR (PQ, HLG) mapped to SDR as FFmpeg's zscale and tonemap map it ---------------------
# taken as stored, such pictures came out grey and washed out; --no-tonemap still does that
tonemap="zscale=t=linear:npl=100,format=gbrpf32le,zscale=p=bt709,tonemap=tonemap=hable:desat=0"
tonemap="$tonemap,zscale=t=bt709,format=gbrp"
for trc in smpte2084 arib-std-b67; do
    ff -f lavfi -i testsrc2=size=96x60:rate=25:duration=0.4 -vf "zscale=tin=bt709:pin=bt709:\
min=bt709:rin=tv:t=$trc:p=bt2020:m=bt2020nc:r=tv:npl=203,format=yuv420p10le" -color_trc "$trc" \
        -color_primaries bt2020 -colorspace bt2020nc -color_range tv -c:v ffv1 "hdr_$trc.mkv"
    ff -i "hdr_$trc.mkv" -vf "$tonemap" -c:v ffv1 "hdr_want_$trc.mkv"
    kind=$([ $trc = smpte2084 ] && echo PQ || echo HLG)
    run "hdr_$trc" 0 -i "hdr_$trc.mkv" -f identity --codec ffv1 -o "hdr_got_$trc.mkv" &&
        { "$check" same "hdr_want_$trc.mkv" "hdr_got_$trc.mkv" >/dev/null &&
            grep -q "^vfview: hdr_$trc.mkv: HDR ($kind) mapped to SDR" "hdr_$trc.err" && ok ||
            bad "HDR $kind: not mapped as zscale and tonemap map it: $(cat "hdr_$trc.err")"; }
    run "hdr_kept_$trc" 0 -i "hdr_$trc.mkv" --no-tonemap -f identity --codec ffv1 \
        -o "hdr_kept_$trc.mkv" &&
        { ! "$check" same "hdr_want_$trc.mkv" "hdr_kept_$trc.mkv" >/dev/null 2>&1 &&
            ! grep -q HDR "hdr_kept_$trc.err" && ok || bad "--no-tonemap: $kind mapped anyway"; }
done

# ---- interlaced video made progressive as FFmpeg's bwdif makes it -------------------------
# (its fields combed every moving edge; --no-deinterlace still keeps them); a loop starts the
# filter again, as three runs end to end would
ff -f lavfi -i testsrc2=size=96x60:rate=50:duration=1 -vf "tinterlace=mode=interleave_top" \
    -c:v mpeg2video -flags +ilme+ildct -top 1 -q:v 2 fields.ts
ff -i fields.ts -vf "bwdif=mode=send_frame:parity=auto:deint=interlaced" -c:v ffv1 fields_want.mkv
ff -stream_loop 2 -i fields_want.mkv -frames:v 60 -c:v ffv1 fields_want_loop.mkv
run fields 0 -i fields.ts -f identity --codec ffv1 -o fields_got.mkv &&
    { "$check" same fields_want.mkv fields_got.mkv >/dev/null &&
        grep -q "^vfview: fields.ts: interlaced: made progressive with bwdif" fields.err && ok ||
        bad "interlaced: not made progressive as bwdif makes it: $(cat fields.err)"; }
run fields_loop 0 -i fields.ts --loop --frames 60 -f identity --codec ffv1 -o fields_loop.mkv &&
    { "$check" same fields_want_loop.mkv fields_loop.mkv >/dev/null && ok ||
        bad "interlaced, looped: not bwdif's pictures three times"; }
run fields_kept 0 -i fields.ts --no-deinterlace -f identity --codec ffv1 -o fields_kept.mkv &&
    { ! "$check" same fields_want.mkv fields_kept.mkv >/dev/null 2>&1 &&
        ! grep -q interlaced fields_kept.err && ok || bad "--no-deinterlace: made progressive"; }
# a new size mid-stream: the picture bwdif held of the old size comes out, as at an input's
# end, before the new size starts (it was lost). The joined stream decodes to 11 + 12 pictures.
ff -f lavfi -i testsrc2=size=80x48:rate=50:duration=0.5 -vf "tinterlace=mode=interleave_top" \
    -c:v mpeg2video -flags +ilme+ildct -top 1 -q:v 2 fields_small.ts
ff -i fields.ts -frames:v 12 -c copy fields_part.ts
cat fields_part.ts fields_small.ts >fields_resized.ts
ff -i fields_resized.ts -frames:v 11 -c copy fields_first.ts
ff -i fields_first.ts -vf "bwdif=mode=send_frame:parity=auto:deint=interlaced" -c:v ffv1 \
    fields_first_want.mkv
run fields_resized 0 -i fields_resized.ts -f identity --codec ffv1 -o fields_resized.mkv &&
    ff -i fields_resized.mkv -frames:v 11 -c copy fields_first_got.mkv &&
    { [ "$(frames_once fields_resized.mkv)" = "$(frames_once fields_resized.ts)" ] &&
        "$check" same fields_first_want.mkv fields_first_got.mkv >/dev/null && ok ||
        bad "interlaced, resized mid-stream: $(frames_once fields_resized.mkv) pictures of" \
            "$(frames_once fields_resized.ts), or the old size's last one not bwdif's"; }

# ---- a display matrix turns the pictures as FFmpeg's own autorotation does ----------------
one_second -c:v png -pix_fmt rgb24 stored.mov
matrix_of() { ffprobe -v error -show_entries stream_side_data=rotation -of csv=p=0 "$1"; }
# turned_copy IN TURN OUT: IN by stream copy with a matrix that ffmpeg shows as IN turned TURN
# degrees counterclockwise (what FFmpeg 5's rotate tag writes). From FFmpeg 6 on the tag is gone
# and -display_rotation writes the matrix; its sign is taken as the one ffmpeg then shows so.
turned_copy() {
    local in=$1 turn=$2 out=$3 sign
    ff -i "$in" -c copy -metadata:s:v:0 rotate="$turn" "$out"
    [ -n "$(matrix_of "$out")" ] && return 0
    local shown=(x transpose=cclock hflip,vflip transpose=clock)
    ff -i "$in" -vf "${shown[turn / 90]}" -pix_fmt gbrp -c:v ffv1 "$out.want.mkv"
    for sign in "" -; do
        ff -display_rotation "$sign$turn" -i "$in" -c copy "$out"
        ff -i "$out" -pix_fmt gbrp -c:v ffv1 "$out.shown.mkv"
        "$check" same "$out.want.mkv" "$out.shown.mkv" >/dev/null 2>&1 && return 0
    done
    return 1
}
for turn in 90 180 270; do
    turned_copy stored.mov $turn "rot$turn.mov" && [ -n "$(matrix_of "rot$turn.mov")" ] ||
        { bad "rot$turn.mov: no display matrix made"; continue; }
    ff -i "rot$turn.mov" -pix_fmt gbrp -c:v ffv1 "want$turn.mkv" # the CLI turns it
    run "rotate$turn" 0 -i "rot$turn.mov" -f identity --codec ffv1 -o "turned$turn.mkv" &&
        { "$check" same "want$turn.mkv" "turned$turn.mkv" >/dev/null && ok ||
            bad "rotation $turn: not the picture ffmpeg shows: $("$check" info "turned$turn.mkv")"; }
done
run as_stored 0 -i rot90.mov --no-autorotate -f identity --codec ffv1 -o as_stored.mkv &&
    { "$check" same stored.mov as_stored.mkv >/dev/null && ok ||
        bad "--no-autorotate: not the stored pictures"; }
# the user's turns: clockwise as ffmpeg's transpose=clock, the mirror as hflip, and after the
# file's own turn (rot90.mov is turned left: turned right again, it is as stored)
ff -i stored.mov -vf transpose=clock -pix_fmt gbrp -c:v ffv1 clock.mkv
ff -i stored.mov -vf transpose=clock,hflip -pix_fmt gbrp -c:v ffv1 clock_mirrored.mkv
run user_rotate 0 -i stored.mov --rotate 90 -f identity --codec ffv1 -o user90.mkv &&
    run user_mirror 0 -i stored.mov --rotate 90 --mirror -f identity --codec ffv1 -o user90m.mkv &&
    run user_undo 0 -i rot90.mov --rotate 90 -f identity --codec ffv1 -o undone.mkv &&
    { "$check" same clock.mkv user90.mkv >/dev/null && "$check" same clock_mirrored.mkv user90m.mkv \
        >/dev/null && "$check" same stored.mov undone.mkv >/dev/null && ok ||
        bad "--rotate 90 / --mirror: $("$check" same clock.mkv user90.mkv 2>&1)," \
            "$("$check" same clock_mirrored.mkv user90m.mkv 2>&1), $("$check" same stored.mov undone.mkv 2>&1)"; }
# a phone's photo: EXIF orientation 6 (turn right to show) in the JPEG, which the decoder gives
# as the picture's display matrix
python3 - photo.jpg exif6.jpg <<'PY'
import struct, sys
entry = struct.pack(">HHII", 0x0112, 3, 1, 6 << 16)  # Orientation, SHORT, 1, value 6
tiff = b"MM" + struct.pack(">HI", 42, 8) + struct.pack(">H", 1) + entry + struct.pack(">I", 0)
app1 = b"Exif\0\0" + tiff
jpeg = open(sys.argv[1], "rb").read()
open(sys.argv[2], "wb").write(jpeg[:2] + b"\xff\xe1" + struct.pack(">H", len(app1) + 2) + app1 + jpeg[2:])
PY
run exif 0 -i exif6.jpg -f identity -o exif_shown.png &&
    run exif_ref 0 -i photo.jpg --rotate 90 -f identity -o exif_want.png &&
    run exif_stored 0 -i exif6.jpg --no-autorotate -f identity -o exif_stored.png &&
    { "$check" same exif_want.png exif_shown.png >/dev/null &&
        [ "$("$check" info exif_stored.png)" = "1 97x61" ] && ok ||
        bad "EXIF orientation 6: $("$check" info exif_shown.png), stored $("$check" info exif_stored.png)"; }
# a recording holds the turned pictures, with no matrix to turn them again
run rotate_mp4 0 -i rot90.mov -f sharpen -o turned.mp4 &&
    { [ "$("$check" info turned.mp4)" = "25 61x97" ] && [ -z "$(matrix_of turned.mp4)" ] && ok ||
        bad "recording of a turned input: $("$check" info turned.mp4), matrix '$(matrix_of turned.mp4)'"; }
# pixels that are not square (anamorphic video) keep their shape in a recording; turned a
# quarter, they are as much taller than wide
sar_of() { ffprobe -v error -select_streams v:0 -show_entries stream=sample_aspect_ratio \
    -of csv=p=0 "$1"; }
one_second -vf setsar=32/27 -c:v png -pix_fmt rgb24 anamorphic.mov
turned_copy anamorphic.mov 90 anamorphic90.mov
for out in sar.mp4 sar.mkv; do
    run "sar_$out" 0 -i anamorphic.mov -o "$out" &&
        { [ "$(sar_of "$out")" = 32:27 ] && ok || bad "$out: pixels $(sar_of "$out"), not 32:27"; }
done
run sar_turned 0 -i anamorphic90.mov -o sar_turned.mkv &&
    { [ "$(sar_of sar_turned.mkv)" = 27:32 ] && [ "$("$check" info sar_turned.mkv)" = "25 61x97" ] &&
        ok || bad "turned 32:27 pixels: $(sar_of sar_turned.mkv), $("$check" info sar_turned.mkv)"; }

# ---- FFmpeg's own convolution filter agrees within 1 on interior pixels -------------------
peer() { # NAME MATRIX RDIV VFVIEW_SPEC
    local m="$2"
    ff -i gbrp.mkv -vf "convolution=$m:$m:$m:$m:$3:$3:$3:$3" -c:v ffv1 "peer_$1.mkv" &&
        run "peer_$1" 0 -i gbrp.mkv -f "$4" -o "ours_$1.mkv" --codec ffv1 &&
        { r=$(radius "$m"); "$check" near "peer_$1.mkv" "ours_$1.mkv" 1 "$r" >/dev/null && ok ||
            bad "$1 differs from ffmpeg's convolution by more than 1"; }
}
radius() { local n; n=$(echo "$1" | wc -w); [ "$n" -eq 9 ] && echo 1 || echo 2; }
peer sharpen "0 -1 0 -1 5 -1 0 -1 0" 1 sharpen
peer gauss5 "1 4 6 4 1 4 16 24 16 4 6 24 36 24 6 4 16 24 16 4 1 4 6 4 1" 0.00390625 \
    "custom:matrix=1 4 6 4 1 4 16 24 16 4 6 24 36 24 6 4 16 24 16 4 1 4 6 4 1:div=256"
peer box3 "1 1 1 1 1 1 1 1 1" 0.1111111 "box:size=3"

# ---- SIGINT mid-recording: the file decodes to exactly the frames reported written --------
ff -f lavfi -i "testsrc2=size=160x90:rate=25" -t 20 -c:v ffv1 -f nut live.nut
mkfifo live.fifo
ffmpeg -nostdin -loglevel quiet -re -i live.nut -c copy -f nut -y live.fifo &
feeder=$!
"$vfview" --no-window --engine cpu -i live.fifo -o sigint.mkv 2>sigint.err &
pid=$!
sleep 2.5
kill -INT "$pid"
wait "$pid"
kill -KILL "$feeder" 2>/dev/null # it may still be blocked opening the fifo
wait "$feeder" 2>/dev/null
written=$(grep -o '[0-9]* written' sigint.err | cut -d' ' -f1)
if grep -q "interrupted by SIGINT" sigint.err && [ -n "$written" ] && [ "$written" -gt 0 ] &&
    [ "$(frames_of sigint.mkv)" = "$written" ]; then ok; else
    bad "SIGINT: '$(tail -2 sigint.err)', file has $(frames_of sigint.mkv) frames"
fi

# ---- bad inputs and outputs: one line naming the file, exit 1, no file left ---------------
: >empty.mp4
# fixed bytes: /dev/urandom's now and then probed as some format holding a picture
python3 -c 'import random, sys; random.seed(1); sys.stdout.buffer.write(random.randbytes(65536))' \
    >random.mp4
echo "not a video" >text.mp4
head -c 3000 h264.mp4 >truncated.mp4
ff -f lavfi -i "sine=duration=1" audio_only.m4a
mkdir -p folder.mkv
# a stream whose codec this FFmpeg cannot decode: an AVI with an unknown FourCC
one_picture -c:v rawvideo -pix_fmt bgr24 raw.avi &&
    sed 's/\x00\x00\x00\x00DIB \|DIB /VFVW/g' raw.avi | LC_ALL=C sed 's/RGB /VFVW/' >unknown.avi
python3 - raw.avi unknown.avi <<'PY' 2>/dev/null || cp raw.avi unknown.avi
import sys
data = bytearray(open(sys.argv[1], 'rb').read())
strf = data.find(b'strf')
# BITMAPINFOHEADER: biCompression at offset 16 of the header that follows 'strf' + size
data[strf + 8 + 16:strf + 8 + 20] = b'VFVW'
strh = data.find(b'strh')
data[strh + 12:strh + 16] = b'VFVW'
open(sys.argv[2], 'wb').write(bytes(data))
PY
bad_input() { # FILE REASON
    rm -f bad_out.mkv
    if run "bad_$1" 1 -i "$1" -o bad_out.mkv; then
        if [ "$(wc -l <"bad_$1.err")" -eq 1 ] && grep -q "^vfview: $1: .*$2" "bad_$1.err" &&
            [ ! -e bad_out.mkv ]; then ok; else bad "$1: '$(cat "bad_$1.err")'"; fi
    fi
}
bad_input nonexistent.mp4 "No such file"
bad_input empty.mp4 "Invalid data"
bad_input random.mp4 "Invalid data\|no video\|cannot"
bad_input text.mp4 "Invalid data"
bad_input truncated.mp4 "Invalid data\|no picture"
bad_input audio_only.m4a "no video stream"
bad_input folder.mkv "no videos or images in this folder" # a folder stands for its pictures
bad_input unknown.avi "unsupported video codec"
ff -f lavfi -i color=red:size=70000x2 -frames:v 1 too_wide.png
bad_input too_wide.png "70000x2 pictures: vfview takes at most 65536 pixels a side"
# damage in the middle of a file (issue 7): the run goes on past it (saying how much was
# skipped) or stops with one line; never a crash, and what was recorded plays
damage() { # IN OUT: 3 kB of a fixed pattern over the middle of IN
    python3 - "$1" "$2" <<'PY'
import sys
data = bytearray(open(sys.argv[1], 'rb').read())
mid = len(data) // 2
data[mid:mid + 3072] = bytes((i * 37 + 11) % 256 for i in range(3072))
open(sys.argv[2], 'wb').write(bytes(data))
PY
}
ff -i base.mkv -vf scale=96:60 -c:v libx264 -g 5 -pix_fmt yuv420p mid_src.ts &&
    damage mid_src.ts mid_damaged.ts
ff -i base.mkv -c:v ffv1 -slicecrc 1 mid_src.mkv && damage mid_src.mkv mid_damaged.mkv
for damaged in mid_damaged.ts mid_damaged.mkv; do
    rm -f mid_out.mkv
    [ -s "$damaged" ] || { bad "$damaged was not made"; continue; }
    "$vfview" --no-window --engine cpu -i "$damaged" -o mid_out.mkv 2>"$damaged.err"
    status=$?
    if [ $status -eq 0 ] && [ "$(frames_of mid_out.mkv)" -gt 0 ] &&
        grep -q "damaged packets\? or pictures\? skipped\|frames\? in" "$damaged.err"; then ok
    elif [ $status -eq 1 ] && [ "$(grep -c . "$damaged.err")" -ge 1 ] &&
        grep -q "^vfview: $damaged: " "$damaged.err"; then ok
    else bad "$damaged: exit $status: '$(tail -2 "$damaged.err")'"; fi
done
# a camera that is not there: one line naming the device
"$vfview" --no-window --webcam=/dev/video-vfview-none -o cam.mkv 2>cam.err
[ $? -eq 1 ] && [ "$(grep -c . cam.err)" -eq 1 ] &&
    grep -q "^vfview: /dev/video-vfview-none: cannot open the camera: " cam.err && [ ! -e cam.mkv ] &&
    ok || bad "missing camera: '$(cat cam.err)'"
# the camera's input takes options (lavfi's test pattern standing in for V4L2, as in
# test_viewer): its graph as an option makes 64x48 pictures; an option it lacks, or a misspelt
# one, stops in one line instead of being dropped unsaid (V4L2's video_size is not lavfi's)
run cam_option 0 --webcam=unused --webcam-format lavfi \
    --webcam-option "graph=testsrc2=size=64x48:rate=25" --length 0.2 -o cam_option.mkv &&
    { [ "$("$check" info cam_option.mkv)" = "5 64x48" ] && ok ||
        bad "--webcam-option graph=...: $("$check" info cam_option.mkv)"; }
run cam_size 1 --webcam=testsrc2 --webcam-format lavfi --webcam-size 320x240 -o cam_size.mkv &&
    { [ "$(cat cam_size.err)" = \
        "vfview: testsrc2: the camera's input (lavfi) has no option 'video_size'" ] &&
        [ ! -e cam_size.mkv ] && ok || bad "an option the camera lacks: $(cat cam_size.err)"; }
bad_output() { # NAME REASON ARGS...
    local name=$1 reason=$2
    shift 2
    if run "$name" 1 -i gbrp.mkv "$@"; then
        grep -q "$reason" "$name.err" && [ "$(grep -c . "$name.err")" -eq 1 ] && ok ||
            bad "$name: '$(cat "$name.err")'"
    fi
}
bad_output unwritable "cannot open for writing" -o /nonexistent-dir/out.mkv
bad_output no_extension "cannot tell the container" -o out.unknownext
bad_output no_codec "no video encoder named 'nosuch'" -o out.mkv --codec nosuch
bad_output wrong_container "cannot hold" -o out.webm --codec ffv1
# a named codec where FFmpeg cannot say: the header's writing says no, with a question
bad_output unvouched "out.ogg: cannot write the header (can ogg hold h264 video?)" -o out.ogg \
    --codec libx264
[ ! -e out.ogg ] && ok || bad "a recording whose header failed was left behind"
ln -s /dev/full full.mkv
bad_output disk_full "No space left on device" -o full.mkv
[ ! -e full.mkv ] && ok || bad "a recording that never got a picture was left behind"
# the disk fills up mid-recording: a clear error, and what was written still plays
ff -f lavfi -i "testsrc2=size=320x240:rate=25:duration=1" -c:v ffv1 big.mkv
( ulimit -f 256; "$vfview" --no-window --engine cpu -i big.mkv -f edge -o capped.mkv \
    --codec ffv1 2>capped.err )
status=$?
n=$(frames_of capped.mkv 2>/dev/null)
[ "$status" -eq 1 ] && grep -q "File too large" capped.err && [ -n "$n" ] && [ "$n" -gt 0 ] &&
    [ "$n" -lt 25 ] && ok || bad "full disk mid-file: status $status, $n frames, $(cat capped.err)"

# the names of the window's later recordings beside -o's file (test_viewer records them)
for case in "take.mkv 2 take-2.mkv" "dir.v1/take 3 dir.v1/take-3" "out%04d.png 2 out%04d-2.png" \
    ".notes 2 .notes-2" "a/b.c.mp4 12 a/b.c-12.mp4" "file:x.nut 2 file:x-2.nut"; do
    set -- $case
    got=$("$check" numbered "$1" "$2")
    [ "$got" = "$3" ] && ok || bad "recording $2 to $1: '$got', expected '$3'"
done
for path in - udp://127.0.0.1:1234 "$(printf 'x%.0s' {1..60}).mkv"; do
    "$check" numbered "$path" 2 >/dev/null && bad "recording 2 to '$path' was named" || ok
done

finish media
