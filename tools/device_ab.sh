#!/bin/sh
# On the GPU machine: the fast kernels of several builds timed side by side in one call, the way
# BENCHMARKS.md's A/B tables were made. Each variant is a folder of files that replace the
# tree's own (for example ab/rows/cuda/fast_box.cu); "kept" is the tree as it is. Every build is
# a copy of the tree (no viewer or media), built in parallel; test_gpu's quick mode runs on each
# variant but "kept" before anything is timed, and a failed build or test stops the call. Then
# two rounds of every filter at every resolution: the floor and the fast kernel, µs.
#   VARIANTS="kept ab/rows" SPECS="box:size=17 box:size=31" sh tools/device_ab.sh
# RES overrides the resolutions (3840x2160), ROUNDS the rounds (2); logs go to $OUT (or ./out).
# NOTEST=1 skips the tests, for probes that give wrong outputs on purpose (an upper bound).
set -u
out="${OUT:-out}"
mkdir -p "$out"
out=$(cd "$out" && pwd)
variants="${VARIANTS:-kept}"
root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
name() { if [ "$1" = kept ]; then echo kept; else basename "$1"; fi; }
# each build lives under its folder's name, so two variants may not share one
names=$(for v in $variants; do name "$v"; done)
[ "$(echo "$names" | sort | uniq -d)" = "" ] || { echo "variant names repeat:" $names; exit 1; }
for v in $variants; do
    d="$root/$(name "$v")"
    mkdir -p "$d"
    cp -r cuda src tests bench fuzz shaders assets tools meson.build meson_options.txt "$d"/ ||
        exit 1
    if [ "$v" != kept ]; then
        [ -d "$v" ] || { echo "no variant folder $v"; exit 1; }
        cp -r "$v"/. "$d"/ || exit 1
    fi
    (cd "$d" && meson setup b -Dviewer=disabled -Dmedia=disabled >"$out/setup-$(name "$v").log" 2>&1 &&
        ninja -C b src/vfview tests/test_gpu >"$out/build-$(name "$v").log" 2>&1) &
done
wait
for v in $variants; do
    n=$(name "$v")
    [ -x "$root/$n/b/src/vfview" ] || { echo "$n: build failed ($out/build-$n.log)"; exit 1; }
    [ "$v" = kept ] && continue
    [ "${NOTEST:-0}" = 1 ] && continue
    VF_TEST_QUICK=1 "$root/$n/b/tests/test_gpu" >"$out/test-$n.log" 2>&1 ||
        { echo "$n: test_gpu failed ($out/test-$n.log)"; exit 1; }
    echo "$n: $(tail -1 "$out/test-$n.log")"
done
echo "floor and fast, us, per build"
for res in ${RES:-3840x2160}; do
    for round in $(seq "${ROUNDS:-2}"); do
        for spec in ${SPECS:-box:size=17 box:size=31 gaussian:size=15}; do
            printf '%s %-16s' "$res" "$spec"
            for v in $variants; do
                n=$(name "$v")
                printf '  %s' "$n"
                "$root/$n/b/src/vfview" bench --engine floor,gpu --variant fast --filter "$spec" \
                    --res "$res" --frames 100 --warmup 10 --csv /dev/stdout |
                    awk -F, 'NR > 1 && ($2 == "gpu" || $2 == "floor") { printf " %.1f", $14 * 1000 }'
            done
            echo
        done
    done
done
