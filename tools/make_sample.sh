#!/bin/sh
# Makes assets/sample.mp4, the clip vfview plays when given no input: 8 s of 1280x720 at 30 fps
# from FFmpeg's lavfi sources, so nothing third-party is committed. The left half is a
# Mandelbrot zoom (fine detail for sharpen, edge and the blurs), the right half testsrc2
# (flat colours, sharp edges, moving text). The sound is a soft 660 Hz chime as each second
# starts (a check by ear that the window's sound keeps step), not a steady tone that the
# window would play on and on; recordings carry it too.
set -eu
out=${1:-"$(dirname "$0")/../assets/sample.mp4"}
ffmpeg -nostdin -hide_banner -loglevel error -y \
    -f lavfi -i "mandelbrot=size=640x720:rate=30:start_scale=2:end_scale=0.02:end_pts=240" \
    -f lavfi -i "testsrc2=size=640x720:rate=30" \
    -f lavfi -i "aevalsrc=0.3*sin(2*PI*660*t)*exp(-8*mod(t\\,1)):s=48000" \
    -filter_complex "[0:v][1:v]hstack=inputs=2,format=yuv420p[v]" -map "[v]" -map 2:a \
    -t 8 -c:v libx264 -preset slow -crf 32 -g 60 -c:a aac -b:a 64k -movflags +faststart \
    -metadata title="vfview sample (lavfi mandelbrot + testsrc2)" "$out"
ls -l "$out"
