#!/usr/bin/env bash
# On the GPU machine, after tools/device_viewer.sh has unpacked the viewer's closure into
# /tmp/vfclosure and put Xvfb's files in place: headless and window runs of a 4K file, an
# older viewer build copied there as bin/vfview-old against the closure's own, alternating
# (BENCHMARKS.md, "The window's two halves at once"). Logs go to $OUT/ab4k (or out/ab4k).
root=/tmp/vfclosure
cuda_lib=$(dirname "$(find /usr/local/cuda/ -name 'libcudart.so.1*' | head -1)")
export PATH="$root/bin:$PATH"
export LD_LIBRARY_PATH="$root/lib:$cuda_lib"
export LIBGL_DRIVERS_PATH="$root/dri" __GLX_VENDOR_LIBRARY_NAME=mesa
export FONTCONFIG_FILE="$root/fonts/fonts.conf"
out="${OUT:-out}"
mkdir -p "$out/ab4k" && cd "$out/ab4k" || exit 1
ffmpeg -v error -f lavfi -i testsrc2=size=3840x2160:rate=30 -t 12 -c:v libx264 -preset ultrafast \
    -pix_fmt yuv420p /tmp/4k.mp4 || exit 1
for round in 1 2; do
    for b in vfview-old vfview; do
        for engine in gpu both; do
            "$root/bin/$b" --no-window --engine $engine -f gaussian:size=5 --frames 200 /tmp/4k.mp4 \
                2>"hl-$b-$engine-$round.err"
            echo "headless $b $engine round $round: $(grep -E 'frames in|identical|differs' "hl-$b-$engine-$round.err" | tr '\n' ' ')"
        done
    done
done
for round in 1 2; do
    for b in vfview-old vfview; do
        timeout 100 xvfb-run -a -s "-screen 0 1920x1080x24" "$root/bin/$b" --frames 150 \
            -f gaussian:size=5 /tmp/4k.mp4 2>"win-$b-$round.err"
        echo "window $b round $round: exit $? $(grep 'frames shown' "win-$b-$round.err")"
    done
done
