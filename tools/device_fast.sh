#!/bin/sh
# On the GPU machine: the fast kernel's loop of work in one call. Builds (build-dev, no viewer or
# media), runs test_gpu (every variant == cpu/ref), times the issue's filters at 4K against the
# copy floor and NPP, profiles the fast kernel of a few filters with ncu and keeps its SASS.
# Logs go to $OUT (or ./out); the last lines are the table: filter, floor, fast, NPP, ratios.
# NCU=0 skips the profiles, TEST=0 the test, FILTERS overrides the list, BENCH_ARGS adds to
# the bench (--wait-each).
set -u
out="${OUT:-out}"
mkdir -p "$out"
if [ ! -d build-dev ]; then
    meson setup build-dev -Dviewer=disabled -Dmedia=disabled >"$out/setup.log" 2>&1 ||
        { tail -30 "$out/setup.log"; exit 1; }
fi
ninja -C build-dev >"$out/build.log" 2>&1 || { grep -E "error" "$out/build.log" | head -30; exit 1; }
grep -E "warning" "$out/build.log" | head
if [ "${TEST:-1}" = 1 ]; then
    build-dev/tests/test_gpu >"$out/test_gpu.log" 2>&1
    echo "test_gpu: exit $? ($(tail -1 "$out/test_gpu.log"))"
    grep -m5 "failed:" "$out/test_gpu.log"
fi
vf=build-dev/src/vfview
filters="${FILTERS:-sharpen edge gaussian:size=5 unsharp box:size=3 box:size=5 box:size=15 box:size=31 gaussian:size=15 gaussian:size=31}"
i=0
rm -f "$out/bench.csv"
for spec in $filters; do
    i=$((i + 1))
    $vf bench --engine floor,gpu,npp --variant fast --filter "$spec" --res 3840x2160 \
        --frames "${FRAMES:-60}" --warmup 10 ${BENCH_ARGS:-} --csv "$out/run-$i.csv"
    if [ $i -gt 1 ]; then tail -n +2 "$out/run-$i.csv"; else cat "$out/run-$i.csv"; fi \
        >>"$out/bench.csv"
    rm -f "$out/run-$i.csv"
done >"$out/bench.txt" 2>&1
if [ "${NCU:-1}" = 1 ] && command -v ncu >/dev/null; then
    for spec in ${NCU_FILTERS:-sharpen gaussian:size=5 box:size=31 gaussian:size=31}; do
        echo "== $spec"
        ncu --clock-control none -k regex:"small_kernel|tall_kernel|wide_kernel|mma_kernel|box_kernel" --launch-skip 2 \
            --launch-count 1 --section SpeedOfLight --section ComputeWorkloadAnalysis \
            --section Occupancy --section WarpStateStats --section InstructionStats \
            --section MemoryWorkloadAnalysis \
            $vf bench --engine gpu --variant fast --filter "$spec" --res 3840x2160 --frames 3 \
            --warmup 1
    done >"$out/ncu.txt" 2>&1
    lib=$(find build-dev -name 'libvfkernels.a' | head -1)
    cuobjdump -sass "$lib" 2>&1 | xz -6 >"$out/sass.txt.xz"
fi
# the table: one line per filter (ms columns from the CSV, microseconds here)
python3 - "$out/bench.csv" <<'PY'
import csv, sys
rows = {}
for r in csv.DictReader(open(sys.argv[1])):
    rows.setdefault((r["filter"], r["size"]), {})[r["engine"]] = float(r["ms_per_frame"]) * 1000
print("filter          floor_us  fast_us   npp_us  fast/floor  npp/fast")
for (name, size), e in rows.items():
    fl, fa, npp = e.get("floor", 0), e.get("gpu", 0), e.get("npp", 0)
    print(f"{name + ' ' + size:15s} {fl:8.1f} {fa:8.1f} {npp:8.1f}  {fa / fl if fl else 0:10.2f}"
          f"  {npp / fa if fa else 0:8.2f}")
PY
