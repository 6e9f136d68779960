#!/bin/sh
# On the GPU machine, after tools/device_check.sh: the 4K GPU table of BENCHMARKS.md (floor,
# every variant, NPP, in one run per filter) and the CPU engine against OpenCV. GPU=0 or CPU=0
# leaves a half out; VF=path times another build's vfview.
set -u
out="${OUT:-out}"
mkdir -p "$out"
vf=${VF:-build-dev/src/vfview}
[ "${GPU:-1}" = 1 ] && for spec in sharpen edge gaussian:size=5 unsharp box:size=3 box:size=5 box:size=15 box:size=31 \
            gaussian:size=15 gaussian:size=31; do
    $vf bench --engine floor,gpu,npp --filter "$spec" --res 3840x2160 --frames ${FRAMES:-60} \
        --warmup 10 --streams 4 --csv "$out/gpu-$(echo "$spec" | tr ':=' '__').csv"
    echo
done 2>&1 | tee "$out/gpu-bench.txt"
if [ "${CPU:-1}" = 1 ]; then
    for t in 1 16; do
        for spec in sharpen gaussian:size=5 box:size=5 box:size=15 box:size=31 gaussian:size=15 \
                    gaussian:size=31; do
            $vf bench --engine cpu --variant fast --filter $spec --threads $t --frames 20 | tail -1
        done
        python3 tools/peer_opencv.py $t
    done 2>&1 | tee "$out/cpu-bench.txt"
fi
