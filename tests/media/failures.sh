# Sourced by test_media.sh, after the parts before it (whose files and helpers it may use).
# SIGINT mid-recording, bad inputs and outputs, a full disk, recordings' names.

# ---- SIGINT mid-recording: the file decodes to exactly the frames reported written --------
ff -f lavfi -i "testsrc2=size=160x90:rate=25" -t 20 -c:v ffv1 -f nut live.nut
mkfifo live.fifo
ffmpeg -nostdin -loglevel quiet -re -i live.nut -c copy -f nut -y live.fifo &
feeder=$!
"$vfview" --no-window --engine cpu -i live.fifo -o sigint.mkv 2>sigint.err &
pid=$!
sleep 2.5
kill -INT "$pid"
wait "$pid"
kill -KILL "$feeder" 2>/dev/null # it may still be blocked opening the fifo
wait "$feeder" 2>/dev/null
written=$(grep -o '[0-9]* written' sigint.err | cut -d' ' -f1)
if grep -q "interrupted by SIGINT" sigint.err && [ -n "$written" ] && [ "$written" -gt 0 ] &&
    [ "$(frames_of sigint.mkv)" = "$written" ]; then ok; else
    bad "SIGINT: '$(tail -2 sigint.err)', file has $(frames_of sigint.mkv) frames"
fi

# ---- bad inputs and outputs: one line naming the file, exit 1, no file left ---------------
: >empty.mp4
# fixed bytes: /dev/urandom's now and then probed as some format holding a picture
python3 -c 'import random, sys; random.seed(1); sys.stdout.buffer.write(random.randbytes(65536))' \
    >random.mp4
echo "not a video" >text.mp4
head -c 3000 h264.mp4 >truncated.mp4
ff -f lavfi -i "sine=duration=1" audio_only.m4a
mkdir -p folder.mkv
# a stream whose codec this FFmpeg cannot decode: an AVI with an unknown FourCC
one_picture -c:v rawvideo -pix_fmt bgr24 raw.avi &&
    sed 's/\x00\x00\x00\x00DIB \|DIB /VFVW/g' raw.avi | LC_ALL=C sed 's/RGB /VFVW/' >unknown.avi
python3 - raw.avi unknown.avi <<'PY' 2>/dev/null || cp raw.avi unknown.avi
import sys
data = bytearray(open(sys.argv[1], 'rb').read())
strf = data.find(b'strf')
# BITMAPINFOHEADER: biCompression at offset 16 of the header that follows 'strf' + size
data[strf + 8 + 16:strf + 8 + 20] = b'VFVW'
strh = data.find(b'strh')
data[strh + 12:strh + 16] = b'VFVW'
open(sys.argv[2], 'wb').write(bytes(data))
PY
bad_input() { # FILE REASON
    rm -f bad_out.mkv
    if run "bad_$1" 1 -i "$1" -o bad_out.mkv; then
        if [ "$(wc -l <"bad_$1.err")" -eq 1 ] && grep -q "^vfview: $1: .*$2" "bad_$1.err" &&
            [ ! -e bad_out.mkv ]; then ok; else bad "$1: '$(cat "bad_$1.err")'"; fi
    fi
}
bad_input nonexistent.mp4 "No such file"
bad_input empty.mp4 "Invalid data"
bad_input random.mp4 "Invalid data\|no video\|cannot"
bad_input text.mp4 "Invalid data"
bad_input truncated.mp4 "Invalid data\|no picture"
bad_input audio_only.m4a "no video stream"
bad_input folder.mkv "no videos or images in this folder" # a folder stands for its pictures
bad_input unknown.avi "unsupported video codec"
ff -f lavfi -i color=red:size=70000x2 -frames:v 1 too_wide.png
bad_input too_wide.png "70000x2 pictures: vfview takes at most 65536 pixels a side"
# damage in the middle of a file (issue 7): the run goes on past it (saying how much was
# skipped) or stops with one line; never a crash, and what was recorded plays
damage() { # IN OUT: 3 kB of a fixed pattern over the middle of IN
    python3 - "$1" "$2" <<'PY'
import sys
data = bytearray(open(sys.argv[1], 'rb').read())
mid = len(data) // 2
data[mid:mid + 3072] = bytes((i * 37 + 11) % 256 for i in range(3072))
open(sys.argv[2], 'wb').write(bytes(data))
PY
}
ff -i base.mkv -vf scale=96:60 -c:v libx264 -g 5 -pix_fmt yuv420p mid_src.ts &&
    damage mid_src.ts mid_damaged.ts
ff -i base.mkv -c:v ffv1 -slicecrc 1 mid_src.mkv && damage mid_src.mkv mid_damaged.mkv
for damaged in mid_damaged.ts mid_damaged.mkv; do
    rm -f mid_out.mkv
    [ -s "$damaged" ] || { bad "$damaged was not made"; continue; }
    "$vfview" --no-window --engine cpu -i "$damaged" -o mid_out.mkv 2>"$damaged.err"
    status=$?
    if [ $status -eq 0 ] && [ "$(frames_of mid_out.mkv)" -gt 0 ] &&
        grep -q "damaged packets\? or pictures\? skipped\|frames\? in" "$damaged.err"; then ok
    elif [ $status -eq 1 ] && [ "$(grep -c . "$damaged.err")" -ge 1 ] &&
        grep -q "^vfview: $damaged: " "$damaged.err"; then ok
    else bad "$damaged: exit $status: '$(tail -2 "$damaged.err")'"; fi
done
# a camera that is not there: one line naming the device
"$vfview" --no-window --webcam=/dev/video-vfview-none -o cam.mkv 2>cam.err
[ $? -eq 1 ] && [ "$(grep -c . cam.err)" -eq 1 ] &&
    grep -q "^vfview: /dev/video-vfview-none: cannot open the camera: " cam.err && [ ! -e cam.mkv ] &&
    ok || bad "missing camera: '$(cat cam.err)'"
# the camera's input takes options (lavfi's test pattern standing in for V4L2, as in
# test_viewer): its graph as an option makes 64x48 pictures; an option it lacks, or a misspelt
# one, stops in one line instead of being dropped unsaid (V4L2's video_size is not lavfi's)
run cam_option 0 --webcam=unused --webcam-format lavfi \
    --webcam-option "graph=testsrc2=size=64x48:rate=25" --length 0.2 -o cam_option.mkv &&
    { [ "$("$check" info cam_option.mkv)" = "5 64x48" ] && ok ||
        bad "--webcam-option graph=...: $("$check" info cam_option.mkv)"; }
run cam_size 1 --webcam=testsrc2 --webcam-format lavfi --webcam-size 320x240 -o cam_size.mkv &&
    { [ "$(cat cam_size.err)" = \
        "vfview: testsrc2: the camera's input (lavfi) has no option 'video_size'" ] &&
        [ ! -e cam_size.mkv ] && ok || bad "an option the camera lacks: $(cat cam_size.err)"; }
bad_output() { # NAME REASON ARGS...
    local name=$1 reason=$2
    shift 2
    if run "$name" 1 -i gbrp.mkv "$@"; then
        grep -q "$reason" "$name.err" && [ "$(grep -c . "$name.err")" -eq 1 ] && ok ||
            bad "$name: '$(cat "$name.err")'"
    fi
}
bad_output unwritable "cannot open for writing" -o /nonexistent-dir/out.mkv
bad_output no_extension "cannot tell the container" -o out.unknownext
bad_output no_codec "no video encoder named 'nosuch'" -o out.mkv --codec nosuch
bad_output wrong_container "cannot hold" -o out.webm --codec ffv1
# a named codec where FFmpeg cannot say: the header's writing says no, with a question
bad_output unvouched "out.ogg: cannot write the header (can ogg hold h264 video?)" -o out.ogg \
    --codec libx264
[ ! -e out.ogg ] && ok || bad "a recording whose header failed was left behind"
ln -s /dev/full full.mkv
bad_output disk_full "No space left on device" -o full.mkv
[ ! -e full.mkv ] && ok || bad "a recording that never got a picture was left behind"
# the disk fills up mid-recording: a clear error, and what was written still plays
ff -f lavfi -i "testsrc2=size=320x240:rate=25:duration=1" -c:v ffv1 big.mkv
( ulimit -f 256; "$vfview" --no-window --engine cpu -i big.mkv -f edge -o capped.mkv \
    --codec ffv1 2>capped.err )
status=$?
n=$(frames_of capped.mkv 2>/dev/null)
[ "$status" -eq 1 ] && grep -q "File too large" capped.err && [ -n "$n" ] && [ "$n" -gt 0 ] &&
    [ "$n" -lt 25 ] && ok || bad "full disk mid-file: status $status, $n frames, $(cat capped.err)"

# the names of the window's later recordings beside -o's file (test_viewer records them)
for case in "take.mkv 2 take-2.mkv" "dir.v1/take 3 dir.v1/take-3" "out%04d.png 2 out%04d-2.png" \
    ".notes 2 .notes-2" "a/b.c.mp4 12 a/b.c-12.mp4" "file:x.nut 2 file:x-2.nut"; do
    set -- $case
    got=$("$check" numbered "$1" "$2")
    [ "$got" = "$3" ] && ok || bad "recording $2 to $1: '$got', expected '$3'"
done
for path in - udp://127.0.0.1:1234 "$(printf 'x%.0s' {1..60}).mkv"; do
    "$check" numbered "$path" 2 >/dev/null && bad "recording 2 to '$path' was named" || ok
done
