#!/bin/sh
# Seed corpus for fuzz/fuzz_input: tiny files (a few kB) in the containers and codecs vfview
# meets most, made from FFmpeg's lavfi sources; with the tests' media_check, subtitles drawn as
# pictures too. usage: tools/make_fuzz_corpus.sh DIR [MEDIA_CHECK]
set -eu
dir="$1" check="${2:-}"
mkdir -p "$dir"
src="testsrc2=size=32x24:rate=10"
make() { # make NAME ARGS...: 3 frames of the test pattern
    name="$1"; shift
    ffmpeg -v error -y -f lavfi -i "$src" -frames:v 3 "$@" "$dir/$name"
}
make h264.mp4 -c:v libx264 -pix_fmt yuv420p
make h264.mkv -c:v libx264 -pix_fmt yuv444p
make mpeg2.ts -c:v mpeg2video
make mjpeg.avi -c:v mjpeg -pix_fmt yuvj422p
make ffv1.mkv -c:v ffv1 -pix_fmt bgr0
make vp9.webm -c:v libvpx-vp9 -deadline realtime
make raw.nut -c:v rawvideo -pix_fmt rgb24
make gray10.nut -c:v rawvideo -pix_fmt gray10le
make pal8.gif -pix_fmt pal8
make y4m.y4m -pix_fmt yuv420p
make rgba.png -frames:v 1 -pix_fmt rgba
make rgb48.png -frames:v 1 -pix_fmt rgb48be
make bmp.bmp -frames:v 1 -pix_fmt bgr24
make mpeg4.mov -c:v mpeg4
ffmpeg -v error -y -f lavfi -i "$src" -f lavfi -i sine=d=0.3 -frames:v 3 -c:v libx264 \
    -c:a aac -shortest "$dir/with-audio.mp4"
# a display matrix (a phone's portrait clip) and pixels that are not square (the decoder
# turns and shapes the pictures by them)
make anamorphic.mov -c:v mpeg4 -vf setsar=32/27
ffmpeg -v error -y -i "$dir/anamorphic.mov" -c copy -metadata:s:v:0 rotate=90 "$dir/rotated.mov"
# MPEG-TS parts joined end to end, each with its clock from 1.4 s (src/timeline.c mends it)
ffmpeg -v error -y -f lavfi -i "$src" -f lavfi -i sine=d=0.3 -frames:v 3 -c:v mpeg2video \
    -c:a mp2 -shortest "$dir/part.ts"
cat "$dir/part.ts" "$dir/part.ts" >"$dir/joined.ts" && rm "$dir/part.ts"
# HDR (PQ, 10-bit BT.2020): mapped to SDR by FFmpeg's zscale and tonemap (src/tonemap.c)
make pq.mkv -vf "zscale=tin=bt709:pin=bt709:min=bt709:t=smpte2084:p=bt2020:m=bt2020nc:npl=203" \
    -pix_fmt yuv420p10le -color_trc smpte2084 -color_primaries bt2020 -colorspace bt2020nc \
    -c:v ffv1
# interlaced (fields coded apart): made progressive by FFmpeg's bwdif (src/deinterlace.c)
make fields.ts -vf tinterlace=mode=interleave_top -c:v mpeg2video -flags +ilme+ildct -top 1
# and joined to interlaced pictures of another size: bwdif's graph ends and a new one starts
make fields-small.ts -vf scale=24:16,tinterlace=mode=interleave_top -c:v mpeg2video \
    -flags +ilme+ildct -top 1
cat "$dir/fields.ts" "$dir/fields-small.ts" >"$dir/fields-resized.ts" && rm "$dir/fields-small.ts"
# text subtitles beside the pictures (SubRip, ASS): passed on, and converted to mov_text
printf '1\n00:00:00,000 --> 00:00:00,200\n<i>one</i>\n\n2\n00:00:00,100 --> 00:00:00,300\ntwo\n' \
    >"$dir/cues.srt"
for codec in srt ass; do
    ffmpeg -v error -y -f lavfi -i "$src" -i "$dir/cues.srt" -map 0 -map 1 -frames:v 3 -c:v ffv1 \
        -c:s $codec "$dir/$codec.mkv"
done
rm "$dir/cues.srt"
# subtitles drawn as pictures (DVD's, which FFmpeg's tool cannot draw from text; DVB's made from
# them): kept and painted as the window does (src/cues.c, src/cue_picture.c)
if [ -n "$check" ]; then
    "$check" picture-subs "$dir/boxes.mks" 32 24
    ffmpeg -v error -y -f lavfi -i "$src" -i "$dir/boxes.mks" -map 0 -map 1 -frames:v 3 \
        -c:v ffv1 -c:s copy "$dir/dvdsub.mkv"
    ffmpeg -v error -y -f lavfi -i "$src" -i "$dir/boxes.mks" -map 0 -map 1 -frames:v 3 \
        -c:v mpeg2video -c:s dvbsub "$dir/dvbsub.ts"
    rm "$dir/boxes.mks"
fi
# Blu-ray's (PGS), written byte by byte by the tests' make_pgs.py: read as a subtitle file
python3 "$(dirname "$0")/../tests/make_pgs.py" "$dir/pgs.sup"
ls "$dir" | wc -l
