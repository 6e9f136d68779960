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

# the checks in parts of one job each, run in this order in this shell: a part may use the files
# and helpers of the parts before it; the log says how long each took
for part in recording images audio subtitles pictures failures; do
    started=$SECONDS
    . "$here/media/$part.sh"
    echo "media/$part.sh: $((SECONDS - started)) s"
done

finish media
