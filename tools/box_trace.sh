#!/bin/sh
# On the GPU machine: the box kernel's blocks, traced (tools/box_trace.py). Copies the tree to
# a temporary folder, patches the copy's cuda/fast_box.cu, builds it without viewer or media,
# and reports one launch of each box size at 4K. SIZES overrides the sizes; the raw traces go
# to $OUT (or ./out).
set -u
out="${OUT:-out}"
mkdir -p "$out"
out=$(cd "$out" && pwd)
copy=$(mktemp -d)
trap 'rm -rf "$copy"' EXIT
cp -r cuda src tests bench fuzz shaders assets tools meson.build meson_options.txt "$copy"/ || exit 1
python3 tools/box_trace.py patch "$copy/cuda/fast_box.cu" || exit 1
(cd "$copy" && meson setup build -Dviewer=disabled -Dmedia=disabled >"$out/trace-setup.log" 2>&1 &&
    ninja -C build src/vfview >"$out/trace-build.log" 2>&1) ||
    { tail -20 "$out/trace-build.log"; exit 1; }
for n in ${SIZES:-7 15 21 31}; do
    echo "== box $n"
    "$copy/build/src/vfview" bench --engine gpu --variant fast --filter "box:size=$n" \
        --res 3840x2160 --frames 60 --warmup 10 >"$out/trace-box$n.txt" 2>&1 || exit 1
    python3 tools/box_trace.py report "$out/trace-box$n.txt"
done
