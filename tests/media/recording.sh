# Sourced by test_media.sh, after the parts before it (whose files and helpers it may use).
# Recordings of every input class: the round trip, exact conversion, --start, --loop, --end,
# names refused, containers by extension.

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
