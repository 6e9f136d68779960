#!/bin/sh
# On the GPU machine, after tools/device_check.sh built build-dev: `vfview bench --suite all`
# (the results committed under bench/), the same with --quick timed, seed 000's square sizes,
# and OpenCV's CPU filter in the same run for the peers table. Logs go to $OUT (or ./out).
set -u
out="${OUT:-out}"
mkdir -p "$out"
vf=build-dev/src/vfview
seconds() { date +%s; }
t0=$(seconds)
$vf bench --suite all --quick --out "$out/quick" >"$out/quick.txt" 2>"$out/quick.err"
echo "bench --suite all --quick: exit $?, $(($(seconds) - t0)) s"
t0=$(seconds)
$vf bench --suite all --out "$out/full" >"$out/full.txt" 2>"$out/full.err"
echo "bench --suite all: exit $?, $(($(seconds) - t0)) s"
if [ "${SQUARE:-1}" = 1 ]; then
    t0=$(seconds)
    $vf bench --suite resolution --square --out "$out/square" >"$out/square.txt" 2>"$out/square.err"
    echo "bench --suite resolution --square: exit $?, $(($(seconds) - t0)) s"
fi
for t in 1 $(nproc); do
    for res in 1920x1080 3840x2160; do python3 tools/peer_opencv.py "$t" $res; done
done >"$out/opencv.txt" 2>&1
tail -3 "$out/full.err"
