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
expect 2 "--loop-playlist: the window's; not with --no-window" --no-window --loop-playlist
expect 2 "--geometry: the window's; not with --no-window" --no-window --geometry 50%
expect 2 "--autofit-larger: the window's; not with --no-window" --no-window --autofit-larger 50%
expect 2 "--image-display-duration: the window's; not with --no-window" --no-window \
    --image-display-duration 2
expect 2 "--image-display-duration: '0' is not seconds above 0, or inf" --image-display-duration 0
expect 2 "--keep-open: 'maybe' is not yes, no or always" --keep-open maybe
expect 2 "--keep-open: the window's; not with --no-window" --no-window --keep-open=no
expect 2 "--geometry: '800x' is not W[xH][+-X+-Y] or X:Y (pixels, or N% of the screen)" \
    --geometry 800x
expect 2 "--autofit: '+10+10' is not W or WxH (pixels, or N% of the screen)" --autofit +10+10
expect 2 "--autofit-larger: '101%' is not W or WxH" --autofit-larger 101%
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
expect 2 "--screenshot-dir: an empty name" --screenshot-dir ""
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

# the options file (mpv's mpv.conf): NAME or NAME=VALUE a line, its options before the command
# line's; a bad line stops vfview naming the file and the line, --no-config leaves it unread
conf="$tmp/config/vfview/vfview.conf"
mkdir -p "$tmp/config/vfview"
conf_fails() { # conf_fails NEEDLE LINES...: the file of those lines fails --help with NEEDLE
    needle="$1"
    shift
    printf '%s\n' "$@" >"$conf"
    expect 2 "vfview: $conf:$needle" --help
}
conf_fails "3: unknown option 'bogus'" "# mine" "" "bogus=1"
conf_fails "1: --filter: unknown filter 'blur'" "filter=blur"
conf_fails "2: --input belongs on the command line" "border=mirror" "input=a.mp4"
conf_fails "1: --webcam belongs on the command line" "webcam=/dev/video1"
conf_fails "1: --pause takes no value" "pause=yes"
conf_fails "1: --speed needs a value (speed=X)" "speed"
conf_fails "1: --volume: '101' is not an integer from 0 to 100" '--volume = "101"'
expect 0 "usage: vfview" --no-config --help
printf 'f=1\n' >"$conf"
expect 2 "vfview: $conf:1: unknown option 'f'" --help # long names only, as the command line's
rm "$conf" && mkdir "$conf"
expect 2 "vfview: $conf: cannot read: Is a directory" --help
rmdir "$conf"
# a window's options yield to --no-window, and the camera's and --loop wait for a camera: the
# file's are dropped where the command line's would fail (these runs fail later, at the input)
printf 'pause\nspeed=2\nfs\ngeometry=50%%\nautofit=800\nautofit-larger=90%%\nloop-playlist\n' >"$conf"
printf 'image-display-duration=3\n' >>"$conf"
printf 'loop\nwebcam-fps=30\nwebcam-format=lavfi\n' >>"$conf"
out=$("$vfview" --no-window --frames 1 -i "$tmp/missing.mp4" 2>&1)
status=$?
[ "$status" = 1 ] && ok || bad "the file's window options with --no-window: exit $status: $out"
out=$("$vfview" --webcam=/nonexistent/video9 --no-window --frames 1 2>&1)
status=$?
[ "$status" = 1 ] && ok || bad "the file's --loop with --webcam: exit $status: $out"
expect 2 "--speed: the window's; --no-window runs at full speed" --no-window --speed 2 # the command line's own
if "$vfview" --version | grep -q media; then
    # the filter and border from the file, the frames and the engine from the command line; the
    # command line's filter over the file's
    printf 'filter = gaussian:size=5\n--border=mirror\nframes=2\n' >"$conf"
    run() { "$vfview" --no-window --engine cpu --frames 1 -o "$@" 2>>"$tmp/conf.err"; }
    run "$tmp/file.png" && run "$tmp/line.png" --no-config -f gaussian:size=5 --border mirror &&
        run "$tmp/other.png" --no-config && cmp -s "$tmp/file.png" "$tmp/line.png" &&
        ! cmp -s "$tmp/file.png" "$tmp/other.png" && ok ||
        bad "the file's filter and border: $(cat "$tmp/conf.err")"
    run "$tmp/edge.png" -f edge && run "$tmp/edge-line.png" --no-config -f edge --border mirror &&
        cmp -s "$tmp/edge.png" "$tmp/edge-line.png" && ok ||
        bad "-f over the file's filter: $(cat "$tmp/conf.err")"
fi
rm -f "$conf"

# folders and playlists as inputs (the window plays what they hold in turn; a headless run takes
# one input, or one at a time into -o FOLDER/ (test_media), and a line saying why otherwise)
expect 2 "--webcam: give either --playlist or --webcam, not both" --webcam --playlist x.m3u
if "$vfview" --version | grep -q media && command -v ffmpeg >/dev/null; then
    mkdir -p "$tmp/one" "$tmp/two" "$tmp/none"
    ffmpeg -nostdin -loglevel error -f lavfi -i "color=red:size=16x8" -frames:v 1 "$tmp/one/a.png"
    cp "$tmp/one/a.png" "$tmp/two/b2.png" && cp "$tmp/one/a.png" "$tmp/two/b10.png"
    printf '# mine\nb10.png\n' >"$tmp/two/list.txt"
    expect 0 "1 written to $tmp/from-folder.png" --no-window --engine cpu "$tmp/one" \
        -o "$tmp/from-folder.png"
    expect 0 "1 written to $tmp/from-list.png" --no-window --engine cpu \
        --playlist "$tmp/two/list.txt" -o "$tmp/from-list.png"
    expect 1 "vfview: --no-window: 2 inputs: one at a time, or -o FOLDER/ for a recording of each" \
        --no-window "$tmp/two"
    expect 1 "vfview: --no-window: 2 inputs: one at a time, or -o FOLDER/ for a recording of each" \
        --no-window "$tmp/one/a.png" "$tmp/two/b2.png"
    expect 1 "vfview: $tmp/none: no videos or images in this folder" "$tmp/none"
    expect 1 "vfview: $tmp/nope.m3u: cannot read: No such file or directory" --no-window \
        --playlist "$tmp/nope.m3u"
fi

# a tiny bench really runs and writes its CSV
csv="$tmp/bench.csv"
expect 0 "cpu    fast" bench --engine cpu --res 31x17 --frames 2 --warmup 1 --threads 2 --csv "$csv"
head -1 "$csv" | grep -q '^suite,engine,variant,transfer,filter,size,border,width,height,block,streams,threads,runs,ms_per_frame,ms_min,ms_max,ms_with_transfers,mpix_per_s,speedup_vs_ref,note$' &&
    ok || bad "CSV header: $(head -1 "$csv")"
[ "$(grep -c '^single,cpu,' "$csv")" -eq 2 ] && ok || bad "CSV should have the ref and fast rows: $(cat "$csv")"
expect 1 "cannot write /nonexistent-dir/x.csv" bench --engine cpu --variant fast --res 8x8 --frames 1 --csv /nonexistent-dir/x.csv

finish cli
