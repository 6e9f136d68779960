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
# SANITIZE=0 skips the sanitizers; SANITIZE_TESTS picks the programs (default: both GPU tests)
if [ "${SANITIZE:-1}" = 1 ]; then
    for test in ${SANITIZE_TESTS:-test_gpu test_engine}; do
        for tool in memcheck racecheck synccheck; do
            log="$out/sanitizer-$test-$tool.log"
            VF_TEST_QUICK=1 compute-sanitizer --tool $tool --error-exitcode 9 "build-dev/tests/$test" >"$log" 2>&1
            echo "compute-sanitizer $tool $test: exit $? ($(tail -1 "$log"))"
        done
    done
    # a streamed run outside the tests: the bench's streams and transfers suites, small frames
    for tool in memcheck racecheck synccheck; do
        log="$out/sanitizer-bench-streamed-$tool.log"
        compute-sanitizer --tool $tool --error-exitcode 9 build-dev/src/vfview bench \
            --suite streams,transfers --quick --scale 8 --frames 3 --out "$out/sanitized-bench" >"$log" 2>&1
        echo "compute-sanitizer $tool bench streams,transfers: exit $? ($(tail -1 "$log"))"
    done
fi
