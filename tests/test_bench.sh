#!/bin/bash
# `vfview bench --suite all`: every suite runs at tiny sizes, the CSV, machine.txt and plots are
# right (check_bench.py), GPU rows are measured on a GPU machine and skipped with a reason
# elsewhere, and bad arguments give one clear line. No timing is asserted.
vfview="$1"
checker="$2"
. "$(dirname "$0")/lib.sh"
scratch

# expect STATUS NEEDLE ARGS...
expect() {
    local want="$1" needle="$2"; shift 2
    local out status
    out=$("$vfview" bench "$@" 2>&1); status=$?
    [ "$status" -eq "$want" ] || { bad "bench $*: exit $status, want $want ($out)"; return; }
    [[ "$out" == *"$needle"* ]] && ok || bad "bench $*: output lacks '$needle': $out"
}

features=$("$vfview" --version)
media=0; [[ "$features" == *media* ]] && media=1
gpu=0; command -v nvidia-smi >/dev/null && nvidia-smi -L 2>/dev/null | grep -q GPU &&
    [[ "$features" == *cuda* ]] && gpu=1
gnuplot=0; command -v gnuplot >/dev/null && gnuplot=1
cores=$(getconf _NPROCESSORS_ONLN)

input=()
if [ $media -eq 1 ]; then
    ffmpeg -v error -f lavfi -i testsrc2=size=64x36:rate=10 -frames:v 10 -pix_fmt yuv420p \
        "$tmp/tiny.mp4" || bad "ffmpeg could not make the tiny input"
    input=(--input "$tmp/tiny.mp4")
fi

"$vfview" bench --suite all --quick --scale 64 --frames 2 --warmup 0 "${input[@]}" \
    --out "$tmp/out" >"$tmp/stdout" 2>"$tmp/stderr" && ok ||
    bad "bench --suite all: exit $? ($(cat "$tmp/stderr"))"
for suite in resolution kernel block memory transfers streams threads peers pipeline; do
    grep -q "^== $suite: " "$tmp/stdout" && ok || bad "no table for suite $suite"
done
if [ $gpu -eq 0 ]; then
    grep -q "skipped: " "$tmp/stdout" && ok || bad "GPU rows not reported as skipped"
fi
if [ $gnuplot -eq 0 ]; then
    grep -q "gnuplot not found" "$tmp/stderr" && ok || bad "missing gnuplot not reported"
fi
python3 "$checker" "$tmp/out" $gpu $media $gnuplot "$cores" && ok || bad "check_bench.py"

# one suite, the CSV alone, and a second run into the same directory
expect 0 "== threads: CPU engine vs threads" --suite threads --quick --scale 64 --frames 1 --out "$tmp/out"
[ "$(cut -d, -f1 "$tmp/out/bench.csv" | sort -u | tr '\n' ' ')" = "suite threads " ] && ok ||
    bad "a threads-only run left other suites in bench.csv"

# --wait-each: the header says the GPU rows wait for each frame; on a GPU they are measured so
expect 0 "after 0 warm-up, GPU frames each waited for" --engine cpu --variant ref --res 17x9 \
    --frames 1 --warmup 0 --wait-each
if [ $gpu -eq 1 ]; then
    out=$("$vfview" bench --engine gpu,floor --variant fast --res 17x9 --frames 3 --wait-each 2>&1)
    [ "$(grep -E '^(gpu +fast|floor +d2d-copy) +device ' <<<"$out" | grep -vc skipped)" = 2 ] && ok ||
        bad "bench --wait-each: no gpu and floor rows measured: $out"
fi

# bad arguments: one line, non-zero
expect 2 "vfview bench: --suite: unknown suite 'nope'" --suite nope
expect 2 "vfview bench: --suite: unknown suite 'x'" --suite resolution,x
expect 2 "vfview bench: --engine: unknown engine 'gpus' (cpu, gpu, npp, floor, all)" --engine cpu,gpus
expect 2 "vfview bench: --variant: unknown variant 'tiles'" --engine gpu --variant fast,tiles
expect 2 "vfview bench: --variant: unknown variant 'd2d-copy'" --variant d2d-copy
expect 2 "vfview bench: no engine/variant matches --engine cpu --variant naive" --engine cpu \
    --variant naive --res 8x8 --frames 1
expect 2 "vfview bench: --scale: '0' is not an integer" --suite threads --scale 0
touch "$tmp/file"
expect 1 "vfview bench: --out: $tmp/file is not a directory" --suite threads --quick --out "$tmp/file"
expect 1 "vfview bench: --out: cannot create /proc/nope" --suite threads --quick --out /proc/nope/x
if [ $media -eq 1 ]; then
    expect 1 "vfview bench: pipeline: $tmp/none.mp4" --suite pipeline --input "$tmp/none.mp4" --out "$tmp/p"
    head -c 5000 /dev/urandom >"$tmp/junk.mp4"
    expect 1 "vfview bench: pipeline: " --suite pipeline --input "$tmp/junk.mp4" --out "$tmp/p"
fi

finish bench
