#!/bin/sh
# On the GPU machine: build without viewer/media, run every test, compute-sanitizer on the GPU
# test, then the GPU benchmarks of BENCHMARKS.md. Logs go to $OUT (or ./out).
set -u
out="${OUT:-out}"
mkdir -p "$out"
meson setup build-dev -Dviewer=disabled -Dmedia=disabled >"$out/setup.log" 2>&1 || { tail -30 "$out/setup.log"; exit 1; }
grep -A8 "vfview features" "$out/setup.log"
ninja -C build-dev >"$out/build.log" 2>&1 || { grep -E "error|warning" "$out/build.log" | head -30; exit 1; }
grep -E "warning" "$out/build.log" | head
meson test -C build-dev --print-errorlogs >"$out/test.log" 2>&1
grep -E "^ *[0-9]+/[0-9]+ |^Ok:|^Fail:|^Skipped:|device:|checks" "$out/test.log" build-dev/meson-logs/testlog.txt | head -20
if [ "${SANITIZE:-1}" = 1 ]; then
    for tool in memcheck racecheck synccheck; do
        VF_TEST_QUICK=1 compute-sanitizer --tool $tool --error-exitcode 9 build-dev/tests/test_gpu >"$out/sanitizer-$tool.log" 2>&1
        echo "compute-sanitizer $tool: exit $? ($(tail -1 "$out/sanitizer-$tool.log"))"
    done
fi
