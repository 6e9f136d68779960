#!/bin/sh
# On the GPU machine: build without viewer/media, run every test, then compute-sanitizer on the
# GPU tests and a streamed bench. Logs go to $OUT (or ./out). build-dev is reused when it is
# there, so a second call can take up where one that ran out of time stopped: on the H100 a
# fresh build and the tests take 2-3 minutes and the sanitizers about 8 (racecheck over test_gpu
# alone 390-440 s), more than one 600 s call, so run `SANITIZE=0` and then `TESTS=0`.
set -u
out="${OUT:-out}"
mkdir -p "$out"
if [ ! -f build-dev/build.ninja ]; then
    meson setup build-dev -Dviewer=disabled -Dmedia=disabled >"$out/setup.log" 2>&1 ||
        { tail -30 "$out/setup.log"; exit 1; }
    grep -A8 "vfview features" "$out/setup.log"
fi
ninja -C build-dev >"$out/build.log" 2>&1 || { grep -E "error|warning" "$out/build.log" | head -30; exit 1; }
grep -E "warning" "$out/build.log" | head
# every kernel must be rebuilt when a header it reads changes (src/meson.build asks nvcc for
# the list); the header's time is put back after the dry run, so nothing is rebuilt for real
cp -p src/filter.h "$out/filter.h.time"
touch src/filter.h
rebuilt=$(ninja -C build-dev -n | grep -c "Compiling Cuda")
touch -r "$out/filter.h.time" src/filter.h
rm -f "$out/filter.h.time"
echo "kernels a changed src/filter.h rebuilds: $rebuilt of 4"
if [ "${TESTS:-1}" = 1 ]; then
    meson test -C build-dev --print-errorlogs >"$out/test.log" 2>&1
    grep -E "^ *[0-9]+/[0-9]+ |^Ok:|^Fail:|^Skipped:|device:|checks" "$out/test.log" \
        build-dev/meson-logs/testlog.txt | head -20
fi
# SANITIZE=0 skips the sanitizers; SANITIZE_TESTS picks the programs (default: both GPU tests)
if [ "${SANITIZE:-1}" = 1 ]; then
    for test in ${SANITIZE_TESTS:-test_gpu test_engine}; do
        for tool in memcheck racecheck synccheck; do
            log="$out/sanitizer-$test-$tool.log"
            start=$(date +%s)
            VF_TEST_QUICK=1 compute-sanitizer --tool $tool --error-exitcode 9 "build-dev/tests/$test" >"$log" 2>&1
            echo "compute-sanitizer $tool $test: exit $?, $(($(date +%s) - start)) s ($(tail -1 "$log"))"
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
