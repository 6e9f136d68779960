#!/usr/bin/env bash
# Headless throughput against the ffmpeg CLI, in one run, with the same encoder settings:
# a 1080p H.264 file, sharpen 3x3, libx264 veryfast crf 18 yuv420p, keyframe every second.
# usage: tools/bench_headless.sh [BUILD_DIR] [RUNS] [clean|noisy]
# clean: testsrc2 as it is; noisy: film grain added, which makes x264 the bottleneck of both.
set -eu
build=${1:-build}
runs=${2:-3}
content=${3:-clean}
grain=null
[ "$content" = noisy ] && grain="noise=alls=12:allf=t"
vfview=$(realpath "$build/src/vfview")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
input=$work/in1080.mp4
ffmpeg -nostdin -loglevel error -y -f lavfi -i "testsrc2=size=1920x1080:rate=30:duration=10" \
    -f lavfi -i "anoisesrc=duration=10:amplitude=0.1" -vf "$grain" \
    -c:v libx264 -preset veryfast -crf 20 -pix_fmt yuv420p -c:a aac -shortest "$input"
m="0 -1 0 -1 5 -1 0 -1 0"
seconds() { /usr/bin/time -f %e "$@" 2>&1 >/dev/null | tail -1; }
echo "input: 1920x1080 H.264 ($content), 300 frames; $(nproc) cores: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
ours=()
theirs=()
for i in $(seq "$runs"); do
    t_ff=$(seconds ffmpeg -nostdin -loglevel error -y -i "$input" \
        -vf "format=gbrp,convolution=$m:$m:$m:$m" -c:v libx264 -preset veryfast -crf 18 -g 30 \
        -pix_fmt yuv420p -c:a copy "$work/ffmpeg.mp4")
    t_vf=$(seconds "$vfview" --no-window --engine cpu -f sharpen -i "$input" -o "$work/vfview.mp4")
    echo "run $i: vfview ${t_vf}s, ffmpeg ${t_ff}s"
    ours+=("$t_vf")
    theirs+=("$t_ff")
done
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
mo=$(median "${ours[@]}")
mt=$(median "${theirs[@]}")
echo "median: vfview ${mo}s ($(echo "300 / $mo" | bc -l | xargs printf '%.1f') fps), ffmpeg ${mt}s ($(echo "300 / $mt" | bc -l | xargs printf '%.1f') fps): $(echo "$mt / $mo" | bc -l | xargs printf '%.2f')x"
