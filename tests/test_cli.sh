#!/bin/sh
# Command line: good options parse, bad ones exit non-zero with a message naming the option.
vfview="$1"
. "$(dirname "$0")/lib.sh"
scratch

# expect STATUS NEEDLE ARGS...: exit status and a stderr/stdout line containing NEEDLE
expect() {
    want_status="$1"; needle="$2"; shift 2
    out=$("$vfview" "$@" 2>&1)
    status=$?
    if [ "$status" -ne "$want_status" ]; then
        bad "vfview $*: exit $status, want $want_status ($out)"; return
    fi
    case "$out" in
        *"$needle"*) ok ;;
        *) bad "vfview $*: output lacks '$needle': $out" ;;
    esac
}

expect 0 "usage: vfview" --help
expect 0 "unsharp" --help
expect 0 "custom" -h
expect 0 "difference view" --help
expect 0 "vfview 0." --version
expect 2 "unknown option '--bogus'" --bogus
expect 2 "unknown option '-Z'" -Z
expect 2 "--filter: unknown filter 'blur'" -f blur
expect 2 "--filter: gaussian: size '4'" --filter gaussian:size=4
expect 2 "--start: '--1' is not a time (seconds, MM:SS or HH:MM:SS; -TIME: before the end; P%: of the length; #N: where chapter N starts)" --start=--1
expect 2 "--start: '#0' is not a time" --start '#0'
expect 2 "--end: '#2.5' is not a time" --end '#2.5'
expect 2 "--start: a camera starts now; not with --webcam" --webcam --start '#1'
expect 2 "--start: '1:75' is not a time" --start 1:75
expect 2 "--start: '120%' is not a time" --start 120%
expect 2 "--end 0 s is not after --start 0 s" --end 0
expect 2 "--end: 'later' is not a time" --end later
expect 2 "--length: '0:00' is not a time above 0" --length 0:00
expect 2 "--end 90 s is not after --start 90 s" --start 1:30 --end 90
expect 2 "--end 60 s is not after --start 3723.5 s" --start 1:02:03.5 --end 1:00
expect 2 "--rotate: '45' is not 0, 90, 180 or 270 (degrees clockwise)" --rotate 45
expect 2 "--rotate: '-90' is not 0, 90, 180 or 270" --rotate -90
expect 2 "--volume: '101' is not an integer from 0 to 100" --volume 101
expect 2 "--volume: 'loud' is not an integer from 0 to 100" --volume loud
expect 2 "--start: 'soon' is not a time" --start soon
expect 2 "--start: a camera starts now; not with --webcam" --webcam --start 3
expect 2 "--loop: a camera has no end; not with --webcam" --webcam --loop
expect 2 "--speed: '0.05' is not a number from 0.0625 to 16" --speed 0.05
expect 2 "--speed: 'fast' is not a number from 0.0625 to 16" --speed fast
expect 2 "--speed: a camera plays at its own pace; not with --webcam" --webcam --speed 2
expect 2 "--speed: the window's; --no-window runs at full speed" --no-window --speed 2
expect 2 "--pause: the window's; --no-window runs at full speed" --no-window --pause
expect 2 "--fs: the window's; not with --no-window" --no-window --fs
expect 2 "--filter: custom: div must be a positive" -f "custom:matrix=1 2 3 4 5 6 7 8 9:div=0"
expect 2 "--border: 'wrap'" --border wrap
expect 2 "--engine: 'tpu'" --engine tpu
expect 2 "--variant: 'fastest'" --variant fastest
expect 2 "--frames: 'many'" --frames many
expect 2 "--aid: '0' is not a track number from 1, or no" --aid 0
expect 2 "--aid: 'english' is not a track number" --aid english
expect 2 "--sid: '0' is not a track number from 1, or no" --sid 0
expect 2 "--sid: '-1' is not a track number" --sid -1
expect 2 "--sub-file: at most 16 files" $(for i in $(seq 17); do printf -- '--sub-file s%d.srt ' "$i"; done)
expect 2 "--frames: '0'" --frames 0
expect 2 "--threads: '0'" --threads 0
expect 2 "needs a value" --filter
expect 2 "--no-window: one INPUT at a time (the window takes several)" --no-window a.mp4 b.mp4
expect 2 "unexpected argument 'b.mp4': give INPUT or --input, not both" -i a.mp4 b.mp4
expect 2 "--input: give it once" -i a.mp4 -i b.mp4
expect 2 "either INPUT or --webcam" a.mp4 --webcam
expect 2 "--webcam-format: only with --webcam" --webcam-format lavfi
expect 2 "--webcam-size, --webcam-fps, --webcam-option: only with --webcam" --webcam-fps 30
expect 2 "--webcam-size: '1280' is not WIDTHxHEIGHT (1280x720)" --webcam --webcam-size 1280
expect 2 "--webcam-size: '0x720' is not WIDTHxHEIGHT" --webcam --webcam-size 0x720
expect 2 "--webcam-fps: 'fast' is not a frame rate from 0.01 to 1000" --webcam --webcam-fps fast
expect 2 "--webcam-option: 'mjpeg' is not KEY=VALUE (input_format=mjpeg)" --webcam \
    --webcam-option mjpeg
expect 2 "vfview bench: --res: '12'" bench --res 12
expect 2 "vfview bench: --filter: unknown filter 'x'" bench --filter x
expect 2 "vfview bench: --block: must be 8, 16 or 32" bench --block 12
expect 2 "vfview bench: unknown option '--nope'" bench --nope
expect 0 "usage: vfview bench" bench --help

# without a device (CI) or without CUDA, --engine gpu fails in one line before anything else
if ! nvidia-smi -L >/dev/null 2>&1; then
    expect 1 "vfview: --engine gpu: " --engine gpu --no-window --frames 1
fi

# a tiny bench really runs and writes its CSV
csv="$tmp/bench.csv"
expect 0 "cpu    fast" bench --engine cpu --res 31x17 --frames 2 --warmup 1 --threads 2 --csv "$csv"
head -1 "$csv" | grep -q '^suite,engine,variant,transfer,filter,size,border,width,height,block,streams,threads,runs,ms_per_frame,ms_min,ms_max,ms_with_transfers,mpix_per_s,speedup_vs_ref,note$' &&
    ok || bad "CSV header: $(head -1 "$csv")"
[ "$(grep -c '^single,cpu,' "$csv")" -eq 2 ] && ok || bad "CSV should have the ref and fast rows: $(cat "$csv")"
expect 1 "cannot write /nonexistent-dir/x.csv" bench --engine cpu --variant fast --res 8x8 --frames 1 --csv /nonexistent-dir/x.csv

finish cli
