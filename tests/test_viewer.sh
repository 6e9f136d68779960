#!/usr/bin/env bash
# The window under Xvfb (Mesa's software OpenGL): opens on the bundled sample, draws both
# halves, takes real X key events (xdotool), records, takes screenshots, quits with status 0.
# usage: test_viewer.sh VFVIEW MEDIA_CHECK [XDND_DROP]
set -u
vfview=$(realpath "$1") check=$(realpath "$2") drop=$([ -n "${3:-}" ] && realpath "$3")
sample=$(realpath "$(dirname "$0")/../assets/sample.mp4")
here=$(realpath "$(dirname "$0")")
for tool in xvfb-run xdotool ffprobe; do
    command -v $tool >/dev/null || { echo "$tool not installed: skipping"; exit 77; }
done
. "$(dirname "$0")/lib.sh"
# in_xvfb SECONDS WxHxD COMMAND...: COMMAND under its own Xvfb with a screen of that size, for
# at most SECONDS. -noreset: an Xvfb that resets when its last client leaves signals xvfb-run
# again, and when that signal lands during xvfb-run's cleanup, its rm fails and xvfb-run exits 5
# with a line of its own in place of the command's status (about 1 run in 20 of a window that
# closes at once: the ASan build's wide-frame check failed so in CI once)
in_xvfb() {
    timeout "$1" xvfb-run -a -s "-noreset -screen 0 $2" "${@:3}"
}
xvfb_default=1280x1024x24 # xvfb-run's own screen
scratch
cd "$tmp" || exit 1
export XDG_CONFIG_HOME="$tmp/config" # the tester's own key bindings stay out of the way
export XDG_STATE_HOME="$tmp/state"   # and the positions Shift+Q keeps
# sound goes nowhere (a machine without a sound card would fail to open one); the sound's own
# session below writes it to a file
export SDL_AUDIODRIVER=dummy

echo keep >rec-2.mp4 # the second recording goes beside -o's file, never over one already there
cat >session.sh <<SCRIPT
"$vfview" -o rec.mp4 2>vfview.err &
pid=\$!
timeout 30 xdotool search --sync --name "^vfview" >window.txt || { kill \$pid; exit 3; }
xdotool getwindowname "\$(head -1 window.txt)" >title.txt
sleep 1
# every filter, sizes, border, variant, difference view, help, pause/step, seek both ways
for key in 1 2 3 4 5 6 Tab plus plus minus b v d h space period period Right Left space; do
    xdotool key \$key
    sleep 0.15
done
xdotool key s
xdotool key r
sleep 2
xdotool key r
xdotool key d h f
sleep 0.5
xdotool key s
xdotool key r
sleep 0.5
xdotool key q # quitting while recording must leave a whole file
wait \$pid
echo \$? >status.txt
SCRIPT
in_xvfb 120 1600x900x24 bash session.sh
status=$(cat status.txt 2>/dev/null)
[ "$status" = 0 ] && ok || bad "exit status '$status': $(tail -3 vfview.err)"
[ "$(cat title.txt 2>/dev/null)" = "vfview — sample.mp4" ] && ok ||
    bad "window title '$(cat title.txt 2>/dev/null)', expected 'vfview — sample.mp4'"
grep -q "frames shown" vfview.err && ok || bad "no exit summary: $(tail -3 vfview.err)"
# the UI thread's time per frame, wall clock and the part it ran on the CPU (the second cannot
# exceed the first)
ui=$(grep -o 'UI thread mean [0-9.]* ms, p99 [0-9.]* ms; of it on the CPU mean [0-9.]* ms' vfview.err)
wall=$(echo "$ui" | awk '{print $4}') cpu=$(echo "$ui" | awk '{print $15}')
[ -n "$ui" ] && awk -v w="$wall" -v c="$cpu" 'BEGIN { exit !(c > 0 && c <= w) }' && ok ||
    bad "summary lacks the UI thread's times: $(grep 'frames shown' vfview.err)"
shown=$(grep -o '[0-9]* frames shown' vfview.err | cut -d' ' -f1)
[ "${shown:-0}" -gt 20 ] && ok || bad "only ${shown:-0} frames shown"
# the keys left identity (Tab after unsharp), the zero border and the naive variant: the options
# that give them again, for a headless run
tuned="vfview: the filter at the end, as options: -f identity --border zero --variant naive"
[ "$(grep -c "the filter at the end" vfview.err)" = 1 ] && grep -qxF "$tuned" vfview.err && ok ||
    bad "the filter at the end: $(grep "the filter at the end" vfview.err || echo none)"
shots=(vfview-*.png)
[ "${#shots[@]}" -eq 2 ] && [ -f "${shots[0]}" ] && ok || bad "expected 2 screenshots: ${shots[*]}"
for shot in "${shots[@]}"; do
    size=$(ffprobe -v error -show_entries stream=width,height -of csv=p=0 "$shot" 2>/dev/null)
    [ -n "$size" ] && ok || bad "$shot is not a PNG"
done
# the difference view and both labels are drawn: the screenshot is not one flat colour
colours=$(ffmpeg -v error -i "${shots[0]}" -vf "scale=64:18,format=gray" -f rawvideo - |
    od -An -tu1 -v | tr -s ' ' '\n' | grep . | sort -u | wc -l)
[ "$colours" -gt 20 ] && ok || bad "the first screenshot looks empty ($colours grey levels)"
frames=$(ffprobe -v error -count_frames -select_streams v:0 -show_entries \
    stream=nb_read_frames -of csv=p=0 rec.mp4 2>/dev/null)
[ "${frames:-0}" -gt 10 ] && ok || bad "rec.mp4 has '${frames}' frames"
[ "$(ffprobe -v error -show_entries stream=codec_type -of csv=p=0 rec.mp4 | sort | tr '\n' ' ')" \
    = "audio video " ] && ok || bad "rec.mp4 lacks the sample's audio"
second=rec-3.mp4
[ "$(cat rec-2.mp4)" = keep ] && [ "$(ffprobe -v error -count_frames -select_streams v:0 -show_entries \
    stream=nb_read_frames -of csv=p=0 "$second")" -gt 0 ] && ok ||
    bad "quitting while recording left no playable file ('$second')"
grep -q "recording stopped: .* frames written to rec.mp4" vfview.err && ok ||
    bad "no 'recording stopped' line: $(cat vfview.err)"

# a recording across seeks forward and back: its own clock from 0, only ever growing, no gap
# where the source jumped (it used to fail, 'write failed', at the first audio packet after a
# seek back). Also with 16 decoding threads, whose decoder holds 16 pictures: the sound, read
# that far ahead of them, used to start the new clock at each seek, leaving a gap of that
# length in the pictures, and a recording's sound used to start that late. And into WebM, whose
# sound (Opus) is encoded again from the sample's AAC across the same seeks.
# steps STREAM: the gaps between successive timestamps, one a line (side data, as Opus's
# padding at the end, adds a comma and a line to its packet's)
steps() { ffprobe -v error -select_streams "$1" -show_entries packet=pts_time -of csv=p=0 \
    "$jumps" | tr -d , | grep . | sort -g | awk 'NR > 1 { print $1 - p } { p = $1 }'; }
# ends STREAM: where its last packet ends, in seconds (MP4 gives the pictures no duration: then
# the step from the one before)
ends() { ffprobe -v error -select_streams "$1" -show_entries packet=pts_time,duration_time \
    -of csv=p=0 "$jumps" | sort -t, -k1 -g | awk -F, '{ p = t; t = $1; d = $2 }
        END { print t + (d ~ /^[0-9.]+$/ ? d : t - p) }'; }
# (the window says what each file holds, and the recorder's notices, which it used to drop)
for run in ":mp4" "--threads 16:mp4" ":webm"; do
    threads=${run%:*} jumps=jumps.${run#*:}
    case $jumps in
    *.mp4) holds="libx264 yuv420p, mp4, audio copied" ;;
    *.webm) holds="libvpx-vp9 yuv420p, webm, audio encoded as opus: this container cannot hold \
H.264; recording with libvpx-vp9 instead" ;;
    esac
    cat >jumps.sh <<SCRIPT
"$vfview" $threads -o $jumps 2>jumps.err &
pid=\$!
timeout 30 xdotool search --sync --name "^vfview" >/dev/null || { kill \$pid; exit 3; }
sleep 1
xdotool key r; sleep 1.5; xdotool key Right; sleep 1; xdotool key Left; sleep 1; xdotool key r
sleep 0.5
xdotool key q
wait \$pid
SCRIPT
    rm -f "$jumps"
    in_xvfb 60 $xvfb_default bash jumps.sh
    grep -q "recording stopped: [0-9]* frames written to $jumps" jumps.err &&
        grep -qF "vfview: recording to $jumps ($holds)" jumps.err &&
        ! grep -q "recording failed" jumps.err && ok ||
        bad "recording across seeks to $jumps ${threads:-(default threads)}: $(cat jumps.err)"
    video=$(steps v:0) audio=$(steps a:0)
    [ -n "$video" ] && [ -n "$audio" ] &&
        echo "$video" | awk '{ if ($1 <= 0 || $1 > 0.25) bad = 1 } END { exit bad }' &&
        echo "$audio" | awk '{ if ($1 <= 0 || $1 > 0.25) bad = 1 } END { exit bad }' &&
        awk -v t="$(ffprobe -v error -show_entries format=start_time -of csv=p=0 "$jumps")" \
            'BEGIN { exit !(t > -0.01 && t < 0.01) }' && # (WebM: Opus's 6.5 ms of priming)
        ok || bad "$jumps ${threads:-(default threads)}: starts at $(ffprobe -v error \
            -show_entries format=start_time -of csv=p=0 "$jumps") s, video steps $(echo "$video" |
            sort -g | sed -n '1p;$p' | tr '\n' ' '), audio steps $(echo "$audio" | sort -g |
            sed -n '1p;$p' | tr '\n' ' ')"
    # the sound read ahead of the pictures (a picture a decoding thread) stops with them: it
    # used to go on for up to half a second with 16 threads after the last picture
    video_end=$(ends v:0) audio_end=$(ends a:0)
    awk -v v="$video_end" -v a="$audio_end" 'BEGIN { exit !(a > v - 0.25 && a <= v + 0.05) }' &&
        ok || bad "$jumps ${threads:-(default threads)}: sound ends at $audio_end s," \
            "pictures at $video_end s"
done

# runs a session's script under Xvfb (a screen of $2, or 1600x900); the screenshots it took,
# oldest first, in shots
session() {
    rm -f vfview-*.png
    in_xvfb 60 "${2:-1600x900x24}" bash "$1"
    shots=(vfview-*.png)
}

# a paused picture follows the settings: filtered again, not left as it was (mpv redraws too);
# a seek while paused shows the new position's picture and stays paused, as mpv does; steps
# forward and back (two keys at once: two steps) come back to the same picture; 'i' hides the
# panel
cat >paused.sh <<SCRIPT
"$vfview" 2>paused.err &
pid=\$!
timeout 30 xdotool search --sync --name "^vfview" >window.txt || { kill \$pid; exit 3; }
sleep 1
xdotool key space; sleep 0.5
xdotool key s; sleep 0.5
xdotool key 3; sleep 0.5
xdotool key s; sleep 0.5
xdotool key Right; sleep 2 # the decoder goes from a keyframe to the target
xdotool key s; sleep 1
xdotool key s; sleep 0.5
xdotool key period; sleep 0.5; xdotool key s; sleep 0.5
xdotool key comma; sleep 1.5; xdotool key s; sleep 0.5
xdotool key comma comma; sleep 2; xdotool key s; sleep 0.5
xdotool key period period; sleep 1; xdotool key s; sleep 0.5
xdotool key i; sleep 3.5; xdotool key s; sleep 0.5 # after the last screenshot's message
xdotool key A; sleep 0.3 # edge has no amount: a message, no change
xdotool key 2; sleep 0.5; xdotool key s; sleep 0.5
xdotool key g A A A A; sleep 0.5; xdotool key s; sleep 0.5 # sharpen: no sigma; amount 1 -> 2
xdotool key q
wait \$pid
echo \$? >paused-status.txt
SCRIPT
session paused.sh
# grey bytes of an area of a screenshot: by default the CPU half below its panel (sharpen
# before the key, edge after it)
below_panel=iw*0.4:ih*0.25:iw*0.02:ih*0.72
panel_area=iw*0.3:ih*0.3:iw*0.05:ih*0.15 # over the panel, only a line of its text changes
picture() {
    ffmpeg -v error -i "$1" -vf "crop=${2:-$below_panel},scale=128:32,format=gray" -f rawvideo -
}
changed() { cmp -l <(picture "$1" "${3:-}") <(picture "$2" "${3:-}") 2>/dev/null | wc -l; }
filtered=0 sought=0 still=-1 steps="no 11 screenshots" hidden=0 amount=0
if [ "${#shots[@]}" -eq 11 ]; then
    filtered=$(changed "${shots[0]}" "${shots[1]}")
    sought=$(changed "${shots[1]}" "${shots[2]}")
    still=$(changed "${shots[2]}" "${shots[3]}")
    steps=""
    for i in 4 5 6 7; do steps="$steps $(changed "${shots[3]}" "${shots[$i]}")"; done
    hidden=$(changed "${shots[7]}" "${shots[8]}" "$panel_area")
    amount=$(changed "${shots[9]}" "${shots[10]}")
fi
[ "$(cat paused-status.txt 2>/dev/null)" = 0 ] && [ "$filtered" -gt 1000 ] && ok ||
    bad "paused picture after a new filter: $filtered of 4096 grey bytes changed, status" \
        "'$(cat paused-status.txt 2>/dev/null)', ${#shots[@]} screenshots: $(tail -2 paused.err)"
[ "$sought" -gt 1000 ] && [ "$still" -eq 0 ] && ok ||
    bad "seeking while paused: $sought of 4096 grey bytes changed, then $still (expected 0)"
# after '.', ',', two ',' at once and two '.' at once: the next picture, the first one again,
# the one two before it, the first one again
echo "$steps" | awk '{ exit !($1 > 1000 && $2 == 0 && $3 > 1000 && $4 == 0) }' && ok ||
    bad "frame steps: grey bytes changed against the picture before them:$steps (expected" \
        ">1000 0 >1000 0)"
[ "$hidden" -gt 2000 ] && ok ||
    bad "'i' hid no panel: $hidden of 4096 grey bytes changed where it was (expected >2000)"
# 'A' four times: sharpen's amount from 1 to 2, the paused picture filtered again; a parameter
# the filter lacks says which filters have it
[ "$amount" -gt 1000 ] && grep -q "edge has no amount (sharpen, unsharp have)" paused.err &&
    grep -q "sharpen has no sigma (gaussian, unsharp have)" paused.err && ok ||
    bad "amount and sigma keys: $amount of 4096 grey bytes changed (expected >1000):" \
        "$(grep "has no" paused.err)"

# '0' brings back the filter vfview started with, a custom matrix (which no key picks): the
# picture one pixel to the left, then sharpen, then that matrix again; then 'k' shows its taps
cat >first.sh <<SCRIPT
"$vfview" --engine cpu --pause -f "custom:matrix=0 0 0 0 0 1 0 0 0" 2>first.err &
pid=\$!
timeout 30 xdotool search --sync --name "^vfview" >/dev/null || { kill \$pid; exit 3; }
sleep 1; xdotool key s; sleep 0.5
xdotool key 2; sleep 0.5; xdotool key s; sleep 0.5
xdotool key 0; sleep 0.5; xdotool key s; sleep 0.5
xdotool key k; sleep 0.5; xdotool key s; sleep 0.5
xdotool key q
wait \$pid
SCRIPT
session first.sh
if [ "${#shots[@]}" -eq 4 ]; then
    away=$(changed "${shots[0]}" "${shots[1]}") back=$(changed "${shots[0]}" "${shots[2]}")
    [ "$away" -gt 1000 ] && [ "$back" -eq 0 ] && ok ||
        bad "'0': $away of 4096 grey bytes changed with sharpen (expected >1000), $back back" \
            "with the first filter (expected 0)"
    # 'k': the taps over the left half's bottom left corner
    taps=$(changed "${shots[2]}" "${shots[3]}" "iw*0.06:ih*0.15:iw*0.01:ih*0.8")
    [ "$taps" -gt 500 ] && ok ||
        bad "'k': $taps of 4096 grey bytes changed where the taps show (expected >500)"
else
    bad "'0' and 'k': ${#shots[@]} screenshots (expected 4): $(tail -2 first.err)"
fi

# the seek bar along the bottom: a click at its middle shows the picture at 4 s of the 8 s
# sample; with the panel hidden ('i') the bar is too, and a click there seeks nothing; shown
# again, a drag along it from a quarter to three quarters (the button held while the picture is
# taken) ends on the picture a click at three quarters shows, not on a quarter's; the time under
# the pointer shows over the bar
cat >bar.sh <<SCRIPT
"$vfview" --engine cpu --pause 2>bar.err &
pid=\$!
w=\$(timeout 30 xdotool search --sync --name "^vfview" | head -1)
[ -n "\$w" ] || { kill \$pid; exit 3; }
sleep 0.5; xdotool windowsize \$w 1200 500; sleep 1
xdotool key s; sleep 0.5
xdotool mousemove --window \$w 600 496 click 1; sleep 1.5; xdotool key s; sleep 0.5
xdotool key i; sleep 0.3
xdotool mousemove --window \$w 900 496 click 1; sleep 1.5; xdotool key s; sleep 0.5
xdotool key i; sleep 0.3
xdotool mousemove --window \$w 300 496 mousedown 1; sleep 0.3
for x in 400 500 600 700 800 900; do xdotool mousemove --window \$w \$x 480; sleep 0.1; done
sleep 1.5; xdotool key s; sleep 0.5; xdotool mouseup 1; sleep 0.3
xdotool mousemove --window \$w 300 496 click 1; sleep 1.5; xdotool key s; sleep 0.5
xdotool mousemove --window \$w 900 496 click 1; sleep 1.5; xdotool key s; sleep 0.5
xdotool mousemove --window \$w 900 250; sleep 0.5; xdotool key s; sleep 0.3
xdotool key q
wait \$pid
SCRIPT
session bar.sh
if [ "${#shots[@]}" -eq 7 ]; then
    sought=$(changed "${shots[0]}" "${shots[1]}") hidden=$(changed "${shots[1]}" "${shots[2]}")
    [ "$sought" -gt 1000 ] && [ "$hidden" -eq 0 ] && ok ||
        bad "seek bar: $sought of 4096 grey bytes changed after a click on it (expected" \
            ">1000), $hidden after one where it hides (expected 0)"
    from=$(changed "${shots[3]}" "${shots[4]}") to=$(changed "${shots[3]}" "${shots[5]}")
    [ "$from" -gt 1000 ] && [ "$to" -eq 0 ] && ok ||
        bad "seek bar: a drag along it differs from a click where it began in $from of 4096" \
            "grey bytes (expected >1000) and from one where it ended in $to (expected 0)"
    # the time under the pointer shows above the bar, and goes when the pointer leaves it
    tip=$(changed "${shots[5]}" "${shots[6]}" "iw*0.1:ih*0.08:iw*0.7:ih*0.9")
    [ "$tip" -gt 100 ] && ok ||
        bad "seek bar: $tip of 4096 grey bytes above it changed as the pointer left (expected" \
            ">100: the time there shown, then not)"
else
    bad "seek bar: ${#shots[@]} screenshots (expected 7): $(tail -2 bar.err)"
fi

# a quarter of the speed (--speed 0.5, then { once) shows a quarter of the pictures: 3 s of 30
# fps, about 23
cat >speed.sh <<SCRIPT
"$vfview" --engine cpu --speed 0.5 2>speed.err &
pid=\$!
timeout 30 xdotool search --sync --name "^vfview" >/dev/null || { kill \$pid; exit 3; }
xdotool key shift+bracketleft; sleep 3
xdotool key q
wait \$pid
SCRIPT
in_xvfb 60 $xvfb_default bash speed.sh
shown=$(grep -o '[0-9]* frames shown' speed.err | cut -d' ' -f1)
grep -q "speed 0.25x" speed.err && [ "${shown:-0}" -ge 5 ] && [ "${shown:-99}" -le 40 ] && ok ||
    bad "quarter speed: ${shown:-no} frames shown in 3 s (expected 5-40): $(cat speed.err)"

# shift+s on an image of an odd size: the filtered picture at that size, bit for bit the CPU
# reference engine's. Then the zoom (the image is noise, so that every pixel differs from its
# neighbours): the wheel magnifies 16 times at the pointer, every picture pixel drawn as one
# square (runs of one colour 16 screen pixels or longer along a row, where smoothing gives
# runs of 1 or 2); a drag of 70 pixels moves the picture by 70 pixels; Z shows the whole
# picture as before. Last, 'o' puts the original on the left and the filtered picture on the
# right: the right half then shows what the left one did.
ffmpeg -nostdin -loglevel error -y -f lavfi -i \
    "nullsrc=size=321x241,format=rgb24,geq=r='random(1)*255':g='random(2)*255':b='random(3)*255'" \
    -frames:v 1 still.png
cat >still.sh <<SCRIPT
"$vfview" -f edge --border mirror still.png 2>still.err &
pid=\$!
w=\$(timeout 30 xdotool search --sync --name "^vfview" | head -1)
[ -n "\$w" ] || { kill \$pid; exit 3; }
sleep 1
xdotool key shift+s; sleep 0.5
xdotool windowsize \$w 1400 900; sleep 1
xdotool key s; sleep 0.5
xdotool mousemove --window \$w 200 600; sleep 0.2
xdotool click --repeat 8 --delay 30 4; sleep 0.5
xdotool key s; sleep 0.5
xdotool mousedown 1; sleep 0.1; xdotool mousemove_relative -- 70 0; sleep 0.1; xdotool mouseup 1
sleep 0.5; xdotool key s; sleep 0.5
xdotool key Z; sleep 0.5
xdotool key s; sleep 0.5
xdotool key o; sleep 0.5
xdotool key s; sleep 0.5
xdotool key q
wait \$pid
SCRIPT
session still.sh
# the lengths of the runs of one colour along a row of the left half, but the first and last
squares() {
    ffmpeg -v error -i "$1" -vf "crop=iw*0.45:1:0:ih*0.7" -f rawvideo -pix_fmt rgb24 - |
        od -An -tu1 -v -w3 | awk '{ p = $1 " " $2 " " $3
            if (NR > 1 && p != last) { if (n++) print run; run = 0 }
            run++; last = p }'
}
# 400 pixels of the row there from x = $2, as RGB bytes
row() { ffmpeg -v error -i "$1" -vf "crop=400:1:$2:ih*0.7" -f rawvideo -pix_fmt rgb24 -; }
[ "${#shots[@]}" -eq 6 ] && grep -q "picture: ${shots[0]} (\(CPU\|GPU\), 321x241)" still.err &&
    "$check" filtered still.png "${shots[0]}" edge mirror && ok ||
    bad "shift+s: ${#shots[@]} files, $(cat still.err)"
if [ "${#shots[@]}" -eq 6 ]; then
    zoomed=$(changed "${shots[1]}" "${shots[2]}") back=$(changed "${shots[1]}" "${shots[4]}")
    runs=$(squares "${shots[2]}" | sort -n | uniq -c | head -3 | tr -s ' \n' ' ')
    squares "${shots[2]}" | awk '{ n++; if ($1 < 16) short++ } END { exit !(n >= 5 && !short) }' &&
        [ "$zoomed" -gt 1000 ] && [ "$back" -eq 0 ] && ok ||
        bad "zoom: $zoomed of 4096 grey bytes changed, then $back (expected >1000, 0); the" \
            "shortest runs zoomed in (count, pixels):$runs"
    moved=$(cmp -l <(row "${shots[2]}" 100) <(row "${shots[3]}" 170) | wc -l)
    still=$(cmp -l <(row "${shots[2]}" 100) <(row "${shots[3]}" 100) | wc -l)
    [ "$moved" -eq 0 ] && [ "$still" -gt 100 ] && ok ||
        bad "a drag of 70 pixels: $moved of 1200 bytes differ 70 pixels on (expected 0)," \
            "$still where it was (expected > 100)"
    # the window is 1400 pixels wide: the right half starts at 700. With a GPU the halves are
    # equal, and the right one draws the left one's upload: the same picture
    if grep -q "GPU mean" still.err; then
        halves=$(cmp -l <(row "${shots[4]}" 100) <(row "${shots[4]}" 800) | wc -l)
        [ "$halves" -eq 0 ] && ok || bad "equal halves: $halves of 1200 bytes differ (expected 0)"
    fi
    filtered=$(cmp -l <(row "${shots[4]}" 100) <(row "${shots[5]}" 800) | wc -l)
    original=$(cmp -l <(row "${shots[4]}" 100) <(row "${shots[5]}" 100) | wc -l)
    [ "$filtered" -eq 0 ] && [ "$original" -gt 100 ] && ok ||
        bad "'o': $filtered of 1200 bytes of the right half differ from the left before" \
            "(expected 0), $original of the left half (expected > 100)"
fi

# a small window: the panel's lines end in "…" rather than run into the right half, and the
# help shrinks to fit the window instead of running past both its edges. The right half (the
# original, as there is no GPU half) shows the same as with the panel hidden ('i'), and so does
# the window's right edge with the help on
cat >narrow.sh <<SCRIPT
"$vfview" --engine cpu --pause 2>narrow.err &
pid=\$!
w=\$(timeout 30 xdotool search --sync --name "^vfview" | head -1)
[ -n "\$w" ] || { kill \$pid; exit 3; }
sleep 0.5; xdotool windowsize \$w 640 300; sleep 1
xdotool key s; sleep 0.5; xdotool key h; sleep 0.5; xdotool key s; sleep 0.5
xdotool key h i; sleep 0.5; xdotool key s; sleep 0.5
xdotool key q
wait \$pid
SCRIPT
session narrow.sh 1000x700x24
levels() { # the grey levels of an area of a screenshot, one a line
    ffmpeg -v error -i "$1" -vf "crop=$2,format=gray" -f rawvideo - | od -An -tu1 -v |
        tr -s ' ' '\n' | grep -v '^$' | sort -un
}
area() { ffmpeg -v error -i "$1" -vf "crop=$2" -f rawvideo - | cksum; }
if [ "${#shots[@]}" -eq 3 ]; then
    right_half="iw*0.46:ih*0.2:iw*0.52:ih*0.25" right_edge="iw*0.01:ih*0.6:iw*0.99:ih*0.3"
    [ "$(area "${shots[0]}" "$right_half")" = "$(area "${shots[2]}" "$right_half")" ] &&
        [ "$(area "${shots[1]}" "$right_edge")" = "$(area "${shots[2]}" "$right_edge")" ] &&
        ok || bad "a 640x300 window: the right half with the panel on, or the window's right" \
            "edge with the help on, differ from the same with both off: levels" \
            "$(levels "${shots[0]}" "$right_half" | tr '\n' ' ') / $(levels "${shots[2]}" \
                "$right_half" | tr '\n' ' '), $(levels "${shots[1]}" "$right_edge" | tr '\n' ' ')" \
            "/ $(levels "${shots[2]}" "$right_edge" | tr '\n' ' ')"
else
    bad "a 640x300 window: ${#shots[@]} screenshots (expected 3): $(tail -2 narrow.err)"
fi

# --fs opens the window as big as the screen, and 'f' makes a window so (leaving fullscreen is
# the window manager's part, and Xvfb has none: not checked)
cat >fullscreen.sh <<SCRIPT
"$vfview" --engine cpu --pause --fs 2>fs.err &
pid=\$!
timeout 30 xdotool search --sync --name "^vfview" >/dev/null || { kill \$pid; exit 3; }
sleep 1; xdotool key s; sleep 0.5; xdotool key q
wait \$pid
mv vfview-*.png fs-opened.png
"$vfview" --engine cpu --pause 2>f.err &
pid=\$!
timeout 30 xdotool search --sync --name "^vfview" >/dev/null || { kill \$pid; exit 3; }
sleep 1; xdotool key s; sleep 0.5; xdotool key f; sleep 1; xdotool key s; sleep 0.5
xdotool key q
wait \$pid
"$vfview" --engine cpu --pause --geometry 50%-0-0 2>geometry.err &
pid=\$!
timeout 30 xdotool search --sync --name "^vfview" >window.txt || { kill \$pid; exit 3; }
sleep 1; xdotool getwindowgeometry "\$(head -1 window.txt)" >geometry.txt; xdotool key q
wait \$pid
SCRIPT
session fullscreen.sh 1000x700x24
# --geometry 50%-0-0, as mpv's: half the screen's width, the height by the window's shape (1440x418
# at the sample's size), at the bottom right corner
[ "$(grep -o "Position: [0-9,]*\|Geometry: [0-9x]*" geometry.txt 2>/dev/null | tr '\n' ' ')" = \
    "Position: 500,555 Geometry: 500x145 " ] && ok ||
    bad "--geometry 50%-0-0 on a 1000x700 screen: $(cat geometry.txt geometry.err)"
size_of() { ffprobe -v error -show_entries stream=width,height -of csv=p=0:s=x "$1"; }
if [ "${#shots[@]}" -eq 2 ] && [ -f fs-opened.png ]; then
    [ "$(size_of fs-opened.png)" = 1000x700 ] && [ "$(size_of "${shots[0]}")" != 1000x700 ] &&
        [ "$(size_of "${shots[1]}")" = 1000x700 ] && ok ||
        bad "fullscreen on a 1000x700 screen: --fs $(size_of fs-opened.png), a window" \
            "$(size_of "${shots[0]}"), then after 'f' $(size_of "${shots[1]}")"
else
    bad "fullscreen: ${#shots[@]} screenshots (expected 2): $(tail -2 fs.err f.err)"
fi

# the help shows alone, over a white picture: where the panel was, its backdrop is the help's
# alone, as it is below the panel (the panel under it made that area 52 of 255, against 92
# below), and dark enough to read on (39: 225 of 255 opaque; the panels' 170 gave 92). A
# message, whose panel line is hidden then, takes the left label's place ('/' without sound).
ffmpeg -nostdin -loglevel error -y -f lavfi -i color=white:size=640x360 -frames:v 1 white.png
cat >helpalone.sh <<SCRIPT
"$vfview" --engine cpu --pause -f identity white.png 2>helpalone.err &
pid=\$!
timeout 30 xdotool search --sync --name "^vfview" >/dev/null || { kill \$pid; exit 3; }
sleep 1.5; xdotool key h; sleep 0.5; xdotool key s; sleep 3.5 # after the screenshot's message
xdotool key s; sleep 0.3; xdotool key slash; sleep 0.5; xdotool key s; sleep 0.5; xdotool key q
wait \$pid
SCRIPT
session helpalone.sh
commonest() { # the commonest grey level of an area of a screenshot (crop=W:H:X:Y)
    ffmpeg -v error -i "$1" -vf "crop=$2,format=gray" -f rawvideo - | od -An -tu1 -v |
        tr -s ' ' '\n' | grep -v '^$' | sort -n | uniq -c | sort -rn | awk 'NR == 1 {print $2}'
}
label() { ffmpeg -v error -i "$1" -vf "crop=400:22:0:0" -f rawvideo - | cksum; }
if [ "${#shots[@]}" -eq 3 ]; then
    at_panel=$(commonest "${shots[0]}" 200:40:100:190) below=$(commonest "${shots[0]}" 200:40:100:300)
    [ "$at_panel" = "$below" ] && [ "$below" -lt 60 ] && ok ||
        bad "the help over the panel: grey $at_panel where the panel is, $below below it"
    [ "$(label "${shots[1]}")" != "$(label "${shots[2]}")" ] &&
        grep -q "this input has no sound" helpalone.err && ok ||
        bad "a message with the help shown: the left label did not change"
else
    bad "the help alone: ${#shots[@]} screenshots (expected 3): $(tail -2 helpalone.err)"
fi

# a recording made in the window keeps the input's subtitles: the cue showing when 'r' is
# pressed from the recording's first picture (kept back with the sound read ahead), and those
# after it, in the same container (the cues' file is not named cues.srt, which the window would
# find beside cues.mkv as one more track)
printf '' >cue-list.srt
for i in $(seq 0 11); do
    printf '%d\n00:00:%02d,%03d --> 00:00:%02d,%03d\ncue %d\n\n' $((i + 1)) $((i / 2)) \
        $((i % 2 * 500)) $(((i + 1) / 2)) $(((i + 1) % 2 * 500)) "$i" >>cue-list.srt
done
ffmpeg -nostdin -loglevel error -y -f lavfi -i "testsrc2=size=160x120:rate=25:duration=6" \
    -i cue-list.srt -map 0 -map 1 -c:v libx264 -preset ultrafast -c:s srt cues.mkv
cat >cues.sh <<SCRIPT
"$vfview" --engine cpu -o cues-rec.mkv cues.mkv 2>cues.err &
pid=\$!
timeout 30 xdotool search --sync --name "^vfview" >/dev/null || { kill \$pid; exit 3; }
sleep 1.2; xdotool key r; sleep 2; xdotool key r; sleep 1; xdotool key q
wait \$pid
SCRIPT
session cues.sh
# the window shows the cue at the picture on screen under the pictures, 'j' hides it; an input
# without subtitles says so
cat >cueshow.sh <<SCRIPT
"$vfview" --engine cpu --pause cues.mkv 2>cueshow.err &
pid=\$!
timeout 30 xdotool search --sync --name "^vfview" >/dev/null || { kill \$pid; exit 3; }
sleep 1; xdotool key s; sleep 0.5; xdotool key j; sleep 0.5; xdotool key s; sleep 0.3
xdotool key j; sleep 0.5; xdotool key s; sleep 0.3; xdotool key q
wait \$pid
"$vfview" --engine cpu --pause white.png 2>>cueshow.err &
pid=\$!
timeout 30 xdotool search --sync --name "^vfview" >/dev/null || { kill \$pid; exit 3; }
sleep 1; xdotool key j; sleep 0.3; xdotool key q
wait \$pid
SCRIPT
# 'j' goes through the text tracks and then off (as mpv's), 'J' the other way: a second track,
# German, whose cues read otherwise; --sid 2 opens on it, and --sid 3 of 2 says why none shows
sed 's/^cue /zwei /' cue-list.srt >cues-de.srt
ffmpeg -nostdin -loglevel error -y -i cues.mkv -i cues-de.srt -map 0 -map 1 -c copy -c:s srt \
    -metadata:s:s:1 language=deu cues2.mkv
cat >cuetracks.sh <<SCRIPT
"$vfview" --engine cpu --pause cues2.mkv 2>cuetracks.err &
pid=\$!
timeout 30 xdotool search --sync --name "^vfview" >/dev/null || { kill \$pid; exit 3; }
sleep 1; xdotool key s; sleep 0.5
for key in j j j J J; do xdotool key \$key; sleep 0.5; xdotool key s; sleep 0.5; done
xdotool key q
wait \$pid
for sid in 2 3; do
    "$vfview" --engine cpu --pause --sid \$sid cues2.mkv 2>>cuetracks.err &
    pid=\$!
    timeout 30 xdotool search --sync --name "^vfview" >/dev/null || { kill \$pid; exit 3; }
    sleep 1; xdotool key s; sleep 0.5; xdotool key q
    wait \$pid
done
SCRIPT
cue_list=$(ffprobe -v error -select_streams s:0 -show_entries packet=pts_time,duration_time \
    -of csv=p=0 cues-rec.mkv 2>/dev/null | tr '\n' ' ')
# every 0.5 s a cue 0.5 s long; the first cut to begin at 0 (or beginning there), none longer
echo "$cue_list" | awk '{ n = split($0, c, " "); if (n < 3) exit 1
    for (i = 1; i <= n; i++) { split(c[i], f, ","); if (f[1] < 0 || f[2] <= 0 || f[2] > 0.5) exit 1 }
    split(c[1], f, ","); exit !(f[1] < 0.002) }' &&
    grep -q "subtitles copied" cues.err && ok ||
    bad "a recording in the window: cues '$cue_list': $(tail -3 cues.err)"
rm -f vfview-*.png
in_xvfb 60 1600x900x24 bash cueshow.sh
shots=(vfview-*.png)
cue_area() { ffmpeg -v error -i "$1" -vf "crop=40:20:154:100" -f rawvideo - | cksum; } # right of the panel
[ "${#shots[@]}" -eq 3 ] && [ "$(cue_area "${shots[0]}")" != "$(cue_area "${shots[1]}")" ] &&
    [ "$(cue_area "${shots[0]}")" = "$(cue_area "${shots[2]}")" ] &&
    grep -q "subtitles off" cueshow.err &&
    grep -q "subtitles: this input has none the window can show" cueshow.err && ok ||
    bad "the window's subtitles: ${#shots[@]} screenshots, the cue's area the same with and" \
        "without: $(cat cueshow.err)"
rm -f vfview-*.png
in_xvfb 60 1600x900x24 bash cuetracks.sh
shots=(vfview-*.png)
if [ "${#shots[@]}" -eq 8 ]; then
    first=$(cue_area "${shots[0]}") second=$(cue_area "${shots[1]}") off=$(cue_area "${shots[2]}")
    # j j j: the second, off, the first; J J: off, the second (the last); then --sid 2 and 3
    [ "$first" != "$second" ] && [ "$first" != "$off" ] && [ "$second" != "$off" ] &&
        [ "$(cue_area "${shots[3]}")" = "$first" ] && [ "$(cue_area "${shots[4]}")" = "$off" ] &&
        [ "$(cue_area "${shots[5]}")" = "$second" ] &&
        [ "$(cue_area "${shots[6]}")" = "$second" ] && [ "$(cue_area "${shots[7]}")" = "$off" ] &&
        grep -q "subtitles 2/2 deu: subrip" cuetracks.err && grep -q "subtitles off" cuetracks.err &&
        grep -q "subtitles 1/2: subrip" cuetracks.err &&
        grep -q "cues2.mkv: --sid 3: it has 2 subtitle tracks" cuetracks.err && ok ||
        bad "'j' through two subtitle tracks: $(cat cuetracks.err)"
else
    bad "'j' through two subtitle tracks: ${#shots[@]} screenshots: $(tail -3 cuetracks.err)"
fi

# a cue that began before the keyframe a seek goes back to shows after the seek: the window
# reads the file's cues ahead. One cue from 3 to 9 s, keyframes at 0, 4 and 8 s; paused at 0 no
# cue, → to 5 s (the demuxer starts at 4) the cue, ← to 0 none again. The crop: the cue's
# right end, right of the picture (the GPU half, off).
printf '1\n00:00:03,000 --> 00:00:09,000\nlong cue 3 to 9\n\n' >long-cue.srt
ffmpeg -nostdin -loglevel error -y -f lavfi -i "testsrc2=size=160x120:rate=25:duration=10" \
    -i long-cue.srt -map 0 -map 1 -c:v libx264 -preset ultrafast -g 100 -sc_threshold 0 -c:s srt long.mkv
cat >longcue.sh <<SCRIPT
"$vfview" --engine cpu --pause long.mkv 2>longcue.err &
pid=\$!
timeout 30 xdotool search --sync --name "^vfview" >/dev/null || { kill \$pid; exit 3; }
sleep 1; xdotool key s; sleep 0.5; xdotool key Right; sleep 1; xdotool key s; sleep 0.5
xdotool key Left; sleep 1; xdotool key s; sleep 0.5; xdotool key q
wait \$pid
SCRIPT
rm -f vfview-*.png
in_xvfb 60 1600x900x24 bash longcue.sh
shots=(vfview-*.png)
cue_end() { ffmpeg -v error -i "$1" -vf "crop=40:14:168:110" -f rawvideo - | cksum; }
[ "${#shots[@]}" -eq 3 ] && [ "$(cue_end "${shots[0]}")" != "$(cue_end "${shots[1]}")" ] &&
    [ "$(cue_end "${shots[0]}")" = "$(cue_end "${shots[2]}")" ] && ok ||
    bad "a cue begun before the seek's keyframe: ${#shots[@]} screenshots: $(tail -3 longcue.err)"

# subtitles drawn as pictures (DVD's, written by media_check): a white box at the bottom from 0
# to 4 s, a yellow one at the top from 4.5 to 8 s, each where it is on the 320x240 picture, as
# large, across the halves' middle. Paused at 0 the white one; 'j' off; 'j' on and → to 5 s
# (the demuxer starts at the keyframe there, after the cue began) the yellow one; 'w' (the split
# view) over the picture. The window is 640x264: the halves' pictures below the labels' 24 rows.
# Then the same cues as a subtitle file (--sub-file) beside the video alone.
ffmpeg -nostdin -loglevel error -y -f lavfi -i "testsrc2=size=320x240:rate=25:duration=10" \
    -c:v libx264 -preset ultrafast -g 25 boxes-video.mkv
"$check" picture-subs boxes.mks 320 240 &&
    ffmpeg -nostdin -loglevel error -y -i boxes-video.mkv -i boxes.mks -map 0 -map 1 -c copy \
        boxes.mkv
cat >boxes.sh <<SCRIPT
"$vfview" --engine cpu --pause boxes.mkv 2>boxes.err &
pid=\$!
timeout 30 xdotool search --sync --name "^vfview" >/dev/null || { kill \$pid; exit 3; }
sleep 1; xdotool key s; sleep 0.5; xdotool key j; sleep 0.5; xdotool key s; sleep 0.3
xdotool key j; sleep 0.3; xdotool key Right; sleep 1; xdotool key s; sleep 0.5
xdotool key w; sleep 0.5; xdotool key s; sleep 0.3; xdotool key q
wait \$pid
"$vfview" --engine cpu --pause --sub-file boxes.mks boxes-video.mkv 2>>boxes.err &
pid=\$!
timeout 30 xdotool search --sync --name "^vfview" >/dev/null || { kill \$pid; exit 3; }
sleep 1; xdotool key s; sleep 0.5; xdotool key q
wait \$pid
SCRIPT
rm -f vfview-*.png
in_xvfb 60 1600x900x24 bash boxes.sh
shots=(vfview-*.png)
# the colours inside a box's black edge, 90x20 (or W x 20) from (316, y) (or (x, y)), right of
# the panel, which ends before x = 316: "255" white, "0 255" yellow
colours() {
    ffmpeg -v error -i "$1" -vf "crop=${4:-90}:20:${3:-316}:$2" -f rawvideo -pix_fmt rgb24 - |
        od -An -v -tu1 | tr -s ' ' '\n' | sed '/^$/d' | sort -un | tr '\n' ' '
}
bottom=190 top=78 # the white box 24 + 152..200, the yellow 24 + 40..88, 4 rows of edge
# the yellow box under the panel: the panel is drawn over a cue (until it was not, the yellow hid
# its text)
under_panel() { colours "$1" $top 230 70; }
if [ "${#shots[@]}" -eq 5 ]; then
    [ "$(colours "${shots[0]}" $bottom)" = "255 " ] && [ "$(colours "${shots[1]}" $bottom)" != "255 " ] &&
        [ "$(colours "${shots[2]}" $top)" = "0 255 " ] && [ "$(under_panel "${shots[2]}")" != "0 255 " ] &&
        [ "$(colours "${shots[2]}" $bottom)" != "255 " ] &&
        [ "$(colours "${shots[3]}" $top)" = "0 255 " ] &&
        [ "$(colours "${shots[4]}" $bottom)" = "255 " ] &&
        grep -q "subtitles 1/1: dvd_subtitle" boxes.err && ok ||
        bad "subtitles drawn as pictures: the white box '$(colours "${shots[0]}" $bottom)'," \
            "off '$(colours "${shots[1]}" $bottom)', the yellow '$(colours "${shots[2]}" $top)'," \
            "under the panel '$(under_panel "${shots[2]}")'," \
            "split '$(colours "${shots[3]}" $top)', a file's '$(colours "${shots[4]}" $bottom)':" \
            "$(cat boxes.err)"
else
    bad "subtitles drawn as pictures: ${#shots[@]} screenshots: $(tail -3 boxes.err)"
fi

# zoomed in ('z': 2x at the centre, the picture's middle 160x120), the DVD cue follows the picture
# as the picture does: the part of the white box in view, twice as large, its left end (at x 60
# of 320, out of view) now past the virtual half's left edge at 160, so that the window's
# columns 170-210 are the box's inside (kept above the seek bar); 'Z', and the box is back
# where it was, from x = 220
cat >boxzoom.sh <<SCRIPT
"$vfview" --engine cpu --pause boxes.mkv 2>boxzoom.err &
pid=\$!
timeout 30 xdotool search --sync --name "^vfview" >/dev/null || { kill \$pid; exit 3; }
sleep 1; xdotool key z; sleep 0.5; xdotool key s; sleep 0.3; xdotool key Z; sleep 0.5
xdotool key s; sleep 0.3; xdotool key q
wait \$pid
SCRIPT
rm -f vfview-*.png
in_xvfb 60 1600x900x24 bash boxzoom.sh
shots=(vfview-*.png)
if [ "${#shots[@]}" -eq 2 ]; then
    [ "$(colours "${shots[0]}" 215 170 40)" = "255 " ] &&
        [ "$(colours "${shots[1]}" 215 170 40)" != "255 " ] &&
        [ "$(colours "${shots[1]}" $bottom)" = "255 " ] && ok ||
        bad "a picture cue zoomed: columns 170-210 '$(colours "${shots[0]}" 215 170 40)' zoomed," \
            "'$(colours "${shots[1]}" 215 170 40)' whole, the box '$(colours "${shots[1]}" $bottom)':" \
            "$(cat boxzoom.err)"
else
    bad "a picture cue zoomed: ${#shots[@]} screenshots: $(tail -3 boxzoom.err)"
fi

# Blu-ray's subtitles (PGS, written by make_pgs.py, as FFmpeg has no encoder for them) in a .sup
# found beside the video: made for 1920x1080 (the sizes the window must scale them by), a white
# box at the bottom from 0 s, cleared at 4 s by a display set without objects, one at the top
# from 4.5 s, cleared at 8 s. At 0 the bottom one, → to 5 s the top one, → to 10 s neither.
mkdir -p bluray
ffmpeg -nostdin -loglevel error -y -f lavfi -i "testsrc2=size=320x240:rate=25:duration=12" \
    -c:v libx264 -preset ultrafast -g 25 bluray/film.mkv
python3 "$here/make_pgs.py" bluray/film.sup
cat >pgs.sh <<SCRIPT
"$vfview" --engine cpu --pause bluray/film.mkv 2>pgs.err &
pid=\$!
timeout 30 xdotool search --sync --name "^vfview" >/dev/null || { kill \$pid; exit 3; }
sleep 1; xdotool key s; sleep 0.3; xdotool key Right; sleep 1; xdotool key s; sleep 0.3
xdotool key Right; sleep 1; xdotool key s; sleep 0.3; xdotool key q
wait \$pid
SCRIPT
rm -f vfview-*.png
in_xvfb 60 1600x900x24 bash pgs.sh
shots=(vfview-*.png)
if [ "${#shots[@]}" -eq 3 ]; then
    [ "$(colours "${shots[0]}" $bottom)" = "255 " ] && [ "$(colours "${shots[0]}" $top)" != "255 " ] &&
        [ "$(colours "${shots[1]}" $top)" = "255 " ] && [ "$(colours "${shots[1]}" $bottom)" != "255 " ] &&
        [ "$(colours "${shots[2]}" $top)" != "255 " ] && [ "$(colours "${shots[2]}" $bottom)" != "255 " ] &&
        ok || bad "Blu-ray subtitles: bottom, top at 0 s '$(colours "${shots[0]}" $bottom)'" \
        "'$(colours "${shots[0]}" $top)', at 5 s '$(colours "${shots[1]}" $bottom)'" \
        "'$(colours "${shots[1]}" $top)', at 10 s '$(colours "${shots[2]}" $bottom)'" \
        "'$(colours "${shots[2]}" $top)': $(cat pgs.err)"
else
    bad "Blu-ray subtitles: ${#shots[@]} screenshots: $(tail -3 pgs.err)"
fi

# chapters (Intro at 0, Middle at 4 s, End at 12 s of 20): PgUp to Middle, End, then none after;
# PgDn within 5 s of End's start to Middle; → and '.' (5.04 s into Middle) then PgDn to Middle's
# own start, and PgDn again (at it) to Intro: the picture the one at 0 again, the one after the
# first PgDns at 4 s another. The seek bar marks where Middle and End start (4/20 and 12/20 of
# the bar from x = 8 to 632 of the 640-pixel window: columns 133 and 382), and nothing else
# differs from the same video's bar without chapters; that video's PgUp says it has none.
printf ';FFMETADATA1\n' >chapters.txt
for c in "0 4000 Intro" "4000 12000 Middle" "12000 20000 End"; do
    set -- $c
    printf '[CHAPTER]\nTIMEBASE=1/1000\nSTART=%s\nEND=%s\ntitle=%s\n' "$1" "$2" "$3" >>chapters.txt
done
ffmpeg -nostdin -loglevel error -y -f lavfi -i "testsrc2=size=320x240:rate=25:duration=20" \
    -i chapters.txt -map_chapters 1 -c:v libx264 -preset ultrafast -g 25 chapters.mkv
ffmpeg -nostdin -loglevel error -y -i chapters.mkv -map_chapters -1 -c copy no-chapters.mkv
cat >chapters.sh <<SCRIPT
"$vfview" --engine cpu --pause chapters.mkv 2>chapters.err &
pid=\$!
timeout 30 xdotool search --sync --name "^vfview" >/dev/null || { kill \$pid; exit 3; }
sleep 1; xdotool key s; sleep 0.3
for k in Prior Prior Prior Next Right period Next; do xdotool key \$k; sleep 0.6; done
xdotool key s; sleep 0.3; xdotool key Next; sleep 0.8; xdotool key s; sleep 0.3; xdotool key q
wait \$pid
"$vfview" --engine cpu --pause no-chapters.mkv 2>>chapters.err &
pid=\$!
timeout 30 xdotool search --sync --name "^vfview" >/dev/null || { kill \$pid; exit 3; }
sleep 1; xdotool key s; sleep 0.3; xdotool key Prior; sleep 0.3; xdotool key q
wait \$pid
SCRIPT
rm -f vfview-*.png
in_xvfb 60 1600x900x24 bash chapters.sh
shots=(vfview-*.png)
below_panel() { ffmpeg -v error -i "$1" -vf "crop=300:40:10:205" -f rawvideo - | cksum; }
bar_row() { ffmpeg -v error -i "$1" -vf "crop=640:1:0:257" -f rawvideo -pix_fmt rgb24 "$2"; }
want_notes="chapter 2/3: Middle|chapter 3/3: End|no chapter after 3/3|chapter 2/3: Middle|\
chapter 2/3: Middle|chapter 1/3: Intro|chapters: this input has none|"
notes=$(grep -E "chapter" chapters.err | sed 's/^vfview: //' | tr '\n' '|')
if [ "${#shots[@]}" -eq 4 ] && bar_row "${shots[0]}" with.rgb && bar_row "${shots[3]}" without.rgb; then
    # the columns where the bars differ, as "first-last" runs
    columns=$(cmp -l with.rgb without.rgb | awk '{ c = int(($1 - 1) / 3); if (n && c == last) next
        if (!n || c != last + 1) { if (n++) printf "%d ", last; printf "%d-", c } last = c }
        END { if (n) printf "%d", last }')
    [ "$notes" = "$want_notes" ] && [ "$(below_panel "${shots[0]}")" = "$(below_panel "${shots[2]}")" ] &&
        [ "$(below_panel "${shots[0]}")" != "$(below_panel "${shots[1]}")" ] &&
        echo "$columns" | awk '{ exit !(NF == 2 && split($1, a, "-") && split($2, b, "-") &&
            a[1] >= 131 && a[2] <= 135 && b[1] >= 380 && b[2] <= 384) }' && ok ||
        bad "chapters: notes '$notes', the bar's ticks at columns '$columns': $(cat chapters.err)"
else
    bad "chapters: ${#shots[@]} screenshots: $(tail -3 chapters.err)"
fi

# the time over the seek bar names the chapter under the pointer too, as mpv's on-screen
# controller does ("0:08.0 · chapter 2/3: Middle"): where the pointer over 8 s of the bar changes
# the row of that box, a span more than 80 columns wider than over the video without chapters
cat >chapter_hover.sh <<SCRIPT
for video in chapters.mkv no-chapters.mkv; do
    "$vfview" --engine cpu --pause \$video 2>>chapter_hover.err &
    pid=\$!
    w=\$(timeout 30 xdotool search --sync --name "^vfview" | head -1)
    [ -n "\$w" ] || { kill \$pid; exit 3; }
    sleep 1; xdotool mousemove --window \$w 320 100; sleep 0.5; xdotool key s; sleep 0.5
    xdotool mousemove --window \$w 258 257; sleep 0.5; xdotool key s; sleep 0.5; xdotool key q
    wait \$pid
done
SCRIPT
rm -f vfview-*.png
in_xvfb 60 1600x900x24 bash chapter_hover.sh
shots=(vfview-*.png)
# the columns of rows 229-244 where two screenshots differ: "first last"
hover_span() {
    ffmpeg -v error -y -i "$1" -vf "crop=640:16:0:229" -f rawvideo -pix_fmt rgb24 span-a.rgb &&
        ffmpeg -v error -y -i "$2" -vf "crop=640:16:0:229" -f rawvideo -pix_fmt rgb24 span-b.rgb &&
        cmp -l span-a.rgb span-b.rgb | awk 'BEGIN { lo = 640; hi = -1 }
            { c = int(($1 - 1) / 3) % 640; if (c < lo) lo = c; if (c > hi) hi = c }
            END { print lo, hi }'
}
if [ "${#shots[@]}" -eq 4 ]; then
    named=$(hover_span "${shots[0]}" "${shots[1]}") plain=$(hover_span "${shots[2]}" "${shots[3]}")
    echo "$named $plain" | awk '{ exit !($2 - $1 > $4 - $3 + 80 && $4 - $3 > 20 &&
        $1 < 258 && $2 > 258 && $3 < 258 && $4 > 258) }' && ok ||
        bad "the chapter over the seek bar: columns $named with chapters, $plain without:" \
            "$(cat chapter_hover.err)"
else
    bad "the chapter over the seek bar: ${#shots[@]} screenshots: $(tail -3 chapter_hover.err)"
fi

# Shift+Q keeps the position (mpv's quit-watch-later): at 10 s of chapters.mkv, its file in
# $XDG_STATE_HOME/vfview/watch_later; the next opening starts there (the picture below the panel
# the one at 10 s) and takes the file. --no-resume-playback starts at 0 and leaves the file;
# --start goes first, and the file is taken all the same.
cat >resume.sh <<SCRIPT
open_paused() {
    "$vfview" --engine cpu --pause "\$@" chapters.mkv 2>>resume.err &
    pid=\$!
    timeout 30 xdotool search --sync --name "^vfview" >/dev/null || { kill \$pid; exit 3; }
    sleep 1.5
}
open_paused; xdotool key Right; sleep 0.6; xdotool key Right; sleep 0.8; xdotool key s; sleep 0.4
xdotool key Q; wait \$pid; ls state/vfview/watch_later >resume-1.ls
open_paused; xdotool key s; sleep 0.4; xdotool key Q; wait \$pid
ls state/vfview/watch_later >resume-2.ls
open_paused --no-resume-playback; xdotool key s; sleep 0.4; xdotool key q; wait \$pid
ls state/vfview/watch_later >resume-3.ls
open_paused --start 5; xdotool key q; wait \$pid; ls state/vfview/watch_later >resume-4.ls
SCRIPT
rm -f vfview-*.png resume.err
in_xvfb 60 1600x900x24 bash resume.sh
shots=(vfview-*.png)
if [ "${#shots[@]}" -eq 3 ]; then
    [ "$(grep -c . resume-1.ls)" = 1 ] && [ "$(cat resume-1.ls)" = "$(cat resume-2.ls)" ] &&
        [ "$(cat resume-1.ls)" = "$(cat resume-3.ls)" ] && [ ! -s resume-4.ls ] &&
        [ "$(grep -c "^vfview: chapters.mkv: the next time it starts at 0:10.000 (Shift+Q)$" \
            resume.err)" = 2 ] &&
        [ "$(grep -c "^vfview: resumed at 0:10.000, where Shift+Q left it$" resume.err)" = 1 ] &&
        ! grep -q "the filter at the end" resume.err &&
        [ "$(below_panel "${shots[0]}")" = "$(below_panel "${shots[1]}")" ] &&
        [ "$(below_panel "${shots[0]}")" != "$(below_panel "${shots[2]}")" ] && ok ||
        bad "Shift+Q: files '$(cat resume-[1-4].ls | tr '\n' ' ')':" \
            "$(grep -v screenshot resume.err)"
else
    bad "Shift+Q: ${#shots[@]} screenshots: $(tail -3 resume.err)"
fi

# Shift+Q also keeps the settings changed since the window opened, as mpv's watch-later options:
# gaussian 5x5 (4, +), the zero border (b) and 10% more speed (]), not the volume or the pause
# that did not change. The next opening applies them, so its picture at 5 s is the one the first
# showed, and Shift+Q there keeps them again; a bad value in the file is noted and left out, the
# rest applied; the picture at 5 s without them (sharpen, --no-resume-playback) is another.
cat >resume_settings.sh <<SCRIPT
open_paused() {
    "$vfview" --engine cpu --pause "\$@" chapters.mkv 2>>resume_settings.err &
    pid=\$!
    timeout 30 xdotool search --sync --name "^vfview" >/dev/null || { kill \$pid; exit 3; }
    sleep 1.5
}
open_paused; xdotool key 4 plus b bracketright Right; sleep 1; xdotool key s; sleep 0.4
xdotool key Q; wait \$pid; cat state/vfview/watch_later/* >kept-1.txt
open_paused; xdotool key s; sleep 0.4; xdotool key Q; wait \$pid
cat state/vfview/watch_later/* >kept-2.txt
sed -i 's/^speed=.*/speed=fast/' state/vfview/watch_later/*
open_paused; xdotool key s; sleep 0.4; xdotool key q; wait \$pid
open_paused --no-resume-playback --start 5; xdotool key s; sleep 0.4; xdotool key q; wait \$pid
open_paused; xdotool key 4 b; sleep 0.4; xdotool key Q; wait \$pid
"$vfview" --engine cpu --pause chapters.mkv "$sample" 2>file_local.err &
pid=\$!
timeout 30 xdotool search --sync --name "^vfview" >/dev/null || { kill \$pid; exit 3; }
sleep 1.5; xdotool key greater; sleep 1.5; xdotool key q; wait \$pid
SCRIPT
rm -rf vfview-*.png resume_settings.err state/vfview
in_xvfb 90 1600x900x24 bash resume_settings.sh
shots=(vfview-*.png)
kept="filter=gaussian:size=5|border=zero|speed=1.1|"
said="chapters.mkv: the next time it starts at 0:05.000, with filter, border, speed (Shift+Q)"
if [ "${#shots[@]}" -eq 4 ]; then
    [ "$(grep -v -e '^#' -e '^path=' kept-1.txt | tr '\n' '|')" = "start=5.000000|$kept" ] &&
        cmp -s kept-1.txt kept-2.txt && [ -z "$(ls state/vfview/watch_later)" ] &&
        [ "$(grep -cxF "vfview: $said" resume_settings.err)" = 2 ] &&
        grep -qxF "vfview: resumed at 0:05.000 where Shift+Q left it, with filter, border, speed" \
            resume_settings.err &&
        grep -qxF "vfview: Shift+Q's speed=fast is not a speed from 1/16 to 16" \
            resume_settings.err &&
        grep -qxF "vfview: resumed at 0:05.000 where Shift+Q left it, with filter, border" \
            resume_settings.err &&
        [ "$(grep -c "^vfview: the filter at the end, as options: -f gaussian:size=5 --border zero \
--variant fast$" resume_settings.err)" = 3 ] &&
        [ "$(below_panel "${shots[0]}")" = "$(below_panel "${shots[1]}")" ] &&
        [ "$(below_panel "${shots[0]}")" = "$(below_panel "${shots[2]}")" ] &&
        [ "$(below_panel "${shots[0]}")" != "$(below_panel "${shots[3]}")" ] && ok ||
        bad "Shift+Q's settings: kept '$(tr '\n' '|' <kept-1.txt)':" \
            "$(grep -v screenshot resume_settings.err)"
else
    bad "Shift+Q's settings: ${#shots[@]} screenshots: $(tail -3 resume_settings.err)"
fi
# and they belong to their input, as mpv's file-local options: the next input ('>') opens with the
# command line's filter and border again, so the window ends with no filter of its own to report
grep -qxF "vfview: resumed at 0:00.000 where Shift+Q left it, with filter, border" file_local.err &&
    grep -q "^vfview: 2 frames shown" file_local.err && ! grep -q "the filter at the end" file_local.err &&
    ok || bad "Shift+Q's settings on the next input: $(grep -v screenshot file_local.err)"

# in a terminal, a status line as mpv's, redrawn in place: the position, the chapter, the filter
# and the engines' times, '4' changing the filter; cleared before the lines at the end. --quiet:
# none. (script gives vfview a terminal; its columns unknown there, the line stops at 79.)
cat >status.sh <<SCRIPT
for quiet in "" --quiet; do
    script -qfec "'$vfview' --engine cpu --pause \$quiet chapters.mkv" /dev/null >status\$quiet.out &
    pid=\$!
    timeout 30 xdotool search --sync --name "^vfview" >/dev/null || { kill \$pid; exit 3; }
    sleep 1.5; xdotool key 4; sleep 0.6; xdotool key q; wait \$pid
done
SCRIPT
in_xvfb 60 1600x900x24 bash status.sh
status_lines() { tr '\r' '\n' <"$1" | grep -a "^$(printf '\033')\[K" | cut -c4- | uniq; }
first="(Paused) 0:00.000 / 0:20  chapter 1/3: Intro  sharpen 3x3 amount=1.00  CPU "
status_lines status.out | grep -aqF "$first" &&
    status_lines status.out | grep -aqF "(Paused) 0:00.000 / 0:20  chapter 1/3: Intro  gaussian 3x3" &&
    status_lines status.out | grep -aq "^vfview: [0-9]* frames\? shown" &&
    ! grep -aq "(Paused)" status--quiet.out && grep -aq "^vfview: [0-9]* frames\? shown" status--quiet.out &&
    ok || bad "the terminal's status line: '$(status_lines status.out | head -5)'," \
        "with --quiet: '$(tr '\r' '\n' <status--quiet.out | head -3)'"

# 'L' (mpv's loop-file) at the end of a 1.5 s clip held on its last picture: it starts again at
# once, and goes on looping (the third picture is taken 2.2 s after 'L', in its second pass,
# not at a pass's end); 'L' again, and it stops at its end on the last picture once more
ffmpeg -nostdin -loglevel error -y -f lavfi -i "testsrc2=size=320x240:rate=25:duration=1.5" \
    -c:v libx264 -preset ultrafast -g 25 clip15.mkv
cat >loopkey.sh <<SCRIPT
"$vfview" --engine cpu clip15.mkv 2>loopkey.err &
pid=\$!
timeout 30 xdotool search --sync --name "^vfview" >/dev/null || { kill \$pid; exit 3; }
sleep 2.5; xdotool key s; sleep 0.3; xdotool key L; sleep 0.5; xdotool key s; sleep 1.7
xdotool key s; sleep 0.2; xdotool key L; sleep 2.5; xdotool key s; sleep 0.3; xdotool key q
wait \$pid
SCRIPT
rm -f vfview-*.png
in_xvfb 60 1600x900x24 bash loopkey.sh
shots=(vfview-*.png)
if [ "${#shots[@]}" -eq 4 ]; then
    last=$(below_panel "${shots[0]}")
    [ "$(below_panel "${shots[1]}")" != "$last" ] && [ "$(below_panel "${shots[2]}")" != "$last" ] &&
        [ "$(below_panel "${shots[3]}")" = "$last" ] &&
        grep -q "^vfview: loop: the input starts again at its end$" loopkey.err &&
        grep -q "^vfview: loop off: the input stops at its end$" loopkey.err &&
        [ "$(grep -o "[0-9]* frames shown" loopkey.err | cut -d' ' -f1)" -gt 60 ] && ok ||
        bad "L: the last picture '$last', after L '$(below_panel "${shots[1]}")'," \
            "'$(below_panel "${shots[2]}")', L again '$(below_panel "${shots[3]}")':" \
            "$(grep -v screenshot loopkey.err)"
else
    bad "L: ${#shots[@]} screenshots: $(tail -3 loopkey.err)"
fi

# several inputs play in turn, as mpv's playlist: at the end of the 1.5 s clip the next opens,
# named by a note and the title, and the last holds its last picture; with --loop-playlist the
# first follows the last (in 5.5 s: the second at 1.5 s, the first again at 3); mpv's
# --keep-open=always holds the first; --keep-open=no closes the window at the end, status 0; a
# next input that does not open is said once, and the window holds
cp clip15.mkv clip15-b.mkv
cat >playlist.sh <<SCRIPT
"$vfview" --engine cpu clip15.mkv clip15-b.mkv 2>playlist.err &
pid=\$!
timeout 30 xdotool search --sync --name "^vfview" >window.txt || { kill \$pid; exit 3; }
sleep 5; xdotool getwindowname "\$(head -1 window.txt)" >playlist-title.txt; xdotool key q
wait \$pid
"$vfview" --engine cpu --loop-playlist clip15.mkv clip15-b.mkv 2>playlist-loop.err &
pid=\$!
timeout 30 xdotool search --sync --name "^vfview" >/dev/null || { kill \$pid; exit 3; }
sleep 5.5; xdotool key q; wait \$pid
"$vfview" --engine cpu --keep-open=always clip15.mkv clip15-b.mkv 2>keep-always.err &
pid=\$!
timeout 30 xdotool search --sync --name "^vfview" >window.txt || { kill \$pid; exit 3; }
sleep 3.5; xdotool getwindowname "\$(head -1 window.txt)" >>playlist-title.txt; xdotool key q
wait \$pid
timeout 20 "$vfview" --engine cpu --keep-open=no clip15.mkv 2>keep-no.err; echo \$? >keep-no.txt
"$vfview" --engine cpu clip15.mkv gone.mkv 2>gone.err &
pid=\$!
timeout 30 xdotool search --sync --name "^vfview" >/dev/null || { kill \$pid; exit 3; }
sleep 3; xdotool key q; wait \$pid
SCRIPT
in_xvfb 60 1600x900x24 bash playlist.sh
[ "$(grep -c "^vfview: playing " playlist.err)" = 1 ] &&
    grep -qxF "vfview: playing clip15-b.mkv (2/2)" playlist.err &&
    [ "$(tr '\n' '|' <playlist-title.txt 2>/dev/null)" = \
        "vfview — clip15-b.mkv|vfview — clip15.mkv|" ] && ! grep -q "playing" keep-always.err &&
    [ "$(cat keep-no.txt 2>/dev/null)" = 0 ] && grep -q "frames shown" keep-no.err &&
    [ "$(grep -c "^vfview: gone.mkv: cannot open" gone.err)" = 1 ] &&
    grep -qxF "vfview: playing clip15-b.mkv (2/2)" playlist-loop.err &&
    grep -qxF "vfview: playing clip15.mkv (1/2)" playlist-loop.err && ok ||
    bad "inputs in turn: '$(cat playlist-title.txt 2>/dev/null)', $(grep -v screenshot playlist.err)" \
        "; with --loop-playlist: $(cat playlist-loop.err); --keep-open=always:" \
        "$(cat keep-always.err); --keep-open=no: status '$(cat keep-no.txt)' $(cat keep-no.err);" \
        "an input after that does not open: $(head -3 gone.err)"

# subtitle files: one asked for with --sub-file and one found beside the input (film.en.srt)
# are tracks 2 and 3 after the input's own; 'j' goes through them and off. A file asked for
# that cannot be read, or holds no subtitles, stops vfview in one line.
cp long.mkv film.mkv
printf '1\n00:00:00,000 --> 00:00:09,000\nbeside the film\n\n' >film.en.srt
printf '1\n00:00:00,000 --> 00:00:09,000\nASKED FOR\n\n' >asked.srt
# a file's time 0 is the input's start, as players count it: MPEG-TS starts at 1.4 s, and a cue
# of its first second shows at its first picture
ffmpeg -nostdin -loglevel error -y -i long.mkv -map 0:v -c copy -f mpegts clip.ts
printf '1\n00:00:00,000 --> 00:00:01,000\nfirst second\n\n' >clip.srt
cat >subfiles.sh <<SCRIPT
"$vfview" --engine cpu --pause --sub-file asked.srt film.mkv 2>subfiles.err &
pid=\$!
timeout 30 xdotool search --sync --name "^vfview" >/dev/null || { kill \$pid; exit 3; }
sleep 1; xdotool key s; sleep 0.5
for i in 1 2 3; do xdotool key j; sleep 0.5; xdotool key s; sleep 0.5; done
xdotool key q
wait \$pid
"$vfview" --engine cpu --pause clip.ts 2>>subfiles.err &
pid=\$!
timeout 30 xdotool search --sync --name "^vfview" >/dev/null || { kill \$pid; exit 3; }
sleep 1; xdotool key s; sleep 0.5; xdotool key j; sleep 0.5; xdotool key s; sleep 0.5; xdotool key q
wait \$pid
"$vfview" --engine cpu -o film-rec.mkv film.mkv 2>film-rec.err &
pid=\$!
timeout 30 xdotool search --sync --name "^vfview" >/dev/null || { kill \$pid; exit 3; }
sleep 1; xdotool key r; sleep 1.5; xdotool key r; sleep 1; xdotool key q
wait \$pid
"$vfview" --engine cpu --sub-file nothere.srt film.mkv 2>nothere.err
echo "status \$?" >>nothere.err
"$vfview" --engine cpu --sub-file white.png film.mkv 2>notsubs.err
echo "status \$?" >>notsubs.err
SCRIPT
rm -f vfview-*.png
in_xvfb 60 1600x900x24 bash subfiles.sh
shots=(vfview-*.png)
if [ "${#shots[@]}" -eq 6 ]; then
    none=$(cue_end "${shots[0]}") asked=$(cue_end "${shots[1]}") beside=$(cue_end "${shots[2]}")
    [ "$asked" != "$none" ] && [ "$beside" != "$none" ] && [ "$asked" != "$beside" ] &&
        [ "$(cue_end "${shots[3]}")" = "$none" ] &&
        [ "$(cue_end "${shots[4]}")" != "$none" ] && [ "$(cue_end "${shots[5]}")" = "$none" ] &&
        grep -q "subtitles 2/3 'asked.srt': subrip" subfiles.err &&
        grep -q "subtitles 3/3 en 'film.en.srt': subrip" subfiles.err && ok ||
        bad "subtitle files: $(cat subfiles.err)"
else
    bad "subtitle files: ${#shots[@]} screenshots: $(tail -3 subfiles.err)"
fi
# a recording made with 'r' carries the file beside the input too, with its language, its cue
# (0 to 9 s) from the recording's first picture
film_subs=$(ffprobe -v error -select_streams s -show_entries stream=codec_name:stream_tags=language \
    -of csv=p=0 film-rec.mkv 2>/dev/null | tr '\n' ' ')
first_cue=$(ffprobe -v error -select_streams s:1 -show_entries packet=pts_time -of csv=p=0 \
    film-rec.mkv 2>/dev/null | head -1)
[ "$film_subs" = "subrip subrip,en " ] && [ "$first_cue" = 0.000000 ] && ok ||
    bad "a recording with a subtitle file beside the input: '$film_subs', first cue at" \
        "'$first_cue': $(tail -3 film-rec.err)"
[ "$(cat nothere.err)" = "$(printf 'vfview: nothere.srt: cannot open: No such file or directory\nstatus 1')" ] &&
    [ "$(cat notsubs.err)" = "$(printf 'vfview: white.png: no subtitles in it\nstatus 1')" ] && ok ||
    bad "subtitle files that cannot be read: $(cat nothere.err notsubs.err)"

# the split view ('w'): one picture, the original (white) left of a light line and the filtered
# picture (edge: black) right of it; the line follows the pointer across the picture, stays
# where it was when the pointer leaves it, and 'w' again puts the halves side by side as they
# were (the CPU's, black, and the original, white, in the half of the GPU, which made none). A
# 1280x384 window: the picture 644 wide from x = 318, the line half-way at 640.
cat >split.sh <<SCRIPT
"$vfview" --engine cpu --pause -f edge white.png 2>split.err &
pid=\$!
w=\$(timeout 30 xdotool search --sync --name "^vfview" | head -1)
[ -n "\$w" ] || { kill \$pid; exit 3; }
sleep 1; xdotool key w; sleep 0.5; xdotool key s; sleep 0.5
xdotool mousemove --window \$w 478 330; sleep 0.5; xdotool mousemove --window \$w 100 330
sleep 0.5; xdotool key s; sleep 0.5; xdotool key w; sleep 0.5; xdotool key s; sleep 0.5
xdotool key q
wait \$pid
SCRIPT
session split.sh
row_runs() { # a screenshot's row y as runs of grey levels: "count level ..."
    ffmpeg -v error -i "$1" -vf "crop=iw:1:0:$2,format=gray" -f rawvideo - | od -An -tu1 -v |
        tr -s ' ' '\n' | grep -v '^$' | uniq -c | tr -s ' \n' '  ' | sed 's/^ //; s/ $//'
}
if [ "${#shots[@]}" -eq 3 ]; then
    runs=("$(row_runs "${shots[0]}" 330)" "$(row_runs "${shots[1]}" 330)" "$(row_runs "${shots[2]}" 330)")
    [ "${runs[0]}" = "318 20 322 255 1 217 321 0 318 20" ] &&
        [ "${runs[1]}" = "318 20 160 255 1 217 483 0 318 20" ] &&
        [ "${runs[2]}" = "640 0 640 255" ] && ok ||
        bad "the split view: rows '${runs[0]}', '${runs[1]}' after the pointer, '${runs[2]}' after w"
else
    bad "the split view: ${#shots[@]} screenshots (expected 3): $(tail -2 split.err)"
fi

# the mouse's other buttons act as keys, by mpv's defaults: a right click pauses (the picture at
# the window's right stays the same for a second) and plays again, the forward button (9) opens
# the next input; bound in a keys file as keys are, the middle button (2) pauses and the right
# one, ignored, does nothing
cat >buttons.sh <<SCRIPT
play() {
    "$vfview" --engine cpu -f identity "\$@" "$sample" still.png 2>>buttons.err &
    pid=\$!
    w=\$(timeout 30 xdotool search --sync --name "^vfview" | head -1)
    [ -n "\$w" ] || { kill \$pid; exit 3; }
    sleep 1; xdotool mousemove --window \$w 300 150
}
twice() { xdotool key s; sleep 1; xdotool key s; sleep 0.3; }
play; xdotool click 3; sleep 0.5; twice; xdotool click 3; sleep 0.3; twice
xdotool click 9; sleep 1; xdotool getwindowname \$w >buttons-title.txt; xdotool key q; wait \$pid
printf 'MBTN_RIGHT ignore\\nMBTN_MID pause\\n' >buttons.conf
play --input-conf buttons.conf; xdotool click 3; sleep 0.5; twice; xdotool click 2; sleep 0.5
twice; xdotool key q; wait \$pid
SCRIPT
session buttons.sh
picture() { ffmpeg -v error -i "$1" -vf "crop=iw*0.3:ih*0.3:iw*0.6:ih*0.4" -f rawvideo - | cksum; }
if [ "${#shots[@]}" -eq 8 ]; then
    same() { [ "$(picture "${shots[$1]}")" = "$(picture "${shots[$2]}")" ]; }
    same 0 1 && ! same 2 3 && [ "$(cat buttons-title.txt)" = "vfview — still.png" ] &&
        ! same 4 5 && same 6 7 && ok ||
        bad "mouse buttons: paused $(same 0 1 && echo yes || echo no), playing again" \
            "$(same 2 3 && echo no || echo yes), after 9 '$(cat buttons-title.txt)'; right" \
            "ignored $(same 4 5 && echo no || echo yes), middle pausing" \
            "$(same 6 7 && echo yes || echo no): $(tail -3 buttons.err)"
else
    bad "mouse buttons: ${#shots[@]} screenshots (expected 8): $(tail -3 buttons.err)"
fi

# --screenshot-dir (mpv's): 's' and 'S' write into it, made where missing, none into the current
# folder; a file in its way gives a note naming what could not be made, and the window goes on
cat >shotdir.sh <<SCRIPT
shoot() {
    "$vfview" --engine cpu --pause --screenshot-dir "\$1" still.png 2>>shotdir.err &
    pid=\$!
    timeout 30 xdotool search --sync --name "^vfview" >/dev/null || { kill \$pid; exit 3; }
    sleep 1; xdotool key \$2; sleep 0.4; xdotool key q; wait \$pid
}
shoot shots/new "s S"
echo x >blocker
shoot blocker/shots s
SCRIPT
rm -rf shots shotdir.err
session shotdir.sh
made=$(ls shots/new 2>/dev/null | grep -c '^vfview-.*\.png$')
if [ "$made" = 2 ] && [ ! -e "${shots[0]}" ] &&
    grep -q "^vfview: screenshot: shots/new/vfview-[0-9-]*\.png (" shotdir.err &&
    grep -q "^vfview: picture: shots/new/vfview-[0-9-]*\.png (CPU, 321x241)" shotdir.err &&
    grep -qxF "vfview: screenshot failed: cannot create blocker/shots: Not a directory" \
        shotdir.err; then
    ok
else
    bad "--screenshot-dir: $made files made in it, '${shots[*]}' here: $(cat shotdir.err)"
fi

# -o DIR/: the window's recordings go into DIR (made where missing), named by the time as they
# are without -o
cat >recdir.sh <<SCRIPT
"$vfview" --engine cpu -o recs/new/ chapters.mkv 2>recdir.err &
pid=\$!
timeout 30 xdotool search --sync --name "^vfview" >/dev/null || { kill \$pid; exit 3; }
sleep 1; xdotool key r; sleep 1.5; xdotool key r; sleep 1; xdotool key q; wait \$pid
SCRIPT
rm -rf recs
in_xvfb 60 1600x900x24 bash recdir.sh
recs=(recs/new/vfview-*.mp4)
[ "${#recs[@]}" = 1 ] && [ -s "${recs[0]}" ] && "$check" info "${recs[0]}" >/dev/null &&
    grep -q "^vfview: recording stopped: [0-9]* frames written to recs/new/vfview-" recdir.err &&
    ok || bad "-o DIR/ in the window: '$(ls -R recs 2>&1)': $(cat recdir.err)"

# several inputs: > opens the next (skipping one that does not open, with a line saying why),
# < the one before; each in its own size, the window titled after it. An image holds, playing or
# not, until a key moves on (nothing says "playing" the next)
ffmpeg -nostdin -loglevel error -y -f lavfi -i "color=red:size=64x48" -frames:v 1 small.png
cat >inputs.sh <<SCRIPT
"$vfview" --engine cpu -f identity still.png missing.png small.png 2>inputs.err &
pid=\$!
w=\$(timeout 30 xdotool search --sync --name "^vfview" | head -1)
[ -n "\$w" ] || { kill \$pid; exit 3; }
sleep 1
xdotool key shift+period; sleep 1
xdotool getwindowname \$w >inputs-title.txt
xdotool key shift+s; sleep 0.5
xdotool key shift+comma; sleep 1
xdotool key shift+s; sleep 0.5
xdotool key shift+comma; sleep 0.3
xdotool key q
wait \$pid
echo \$? >inputs-status.txt
SCRIPT
session inputs.sh $xvfb_default
[ "$(cat inputs-status.txt 2>/dev/null)" = 0 ] && [ "${#shots[@]}" -eq 2 ] &&
    [ "$(cat inputs-title.txt)" = "vfview — small.png" ] &&
    grep -q "^vfview: missing.png: cannot open: No such file" inputs.err &&
    grep -q "picture: ${shots[0]} (CPU, 64x48)" inputs.err &&
    grep -q "picture: ${shots[1]} (CPU, 321x241)" inputs.err &&
    grep -q "no input before this one" inputs.err && ! grep -q "^vfview: playing " inputs.err && ok ||
    bad "several inputs: status '$(cat inputs-status.txt 2>/dev/null)', title" \
        "'$(cat inputs-title.txt 2>/dev/null)', ${#shots[@]} pictures: $(cat inputs.err)"
"$check" same small.png "${shots[0]}" >/dev/null && "$check" same still.png "${shots[1]}" \
    >/dev/null && ok || bad "several inputs: the saved pictures are not the inputs (identity)"

# a folder stands for the pictures in it, in name order (p2 before p10), as in mpv; each holds
# until '>', or with --image-display-duration 0.5 for half a second (a slide show)
mkdir -p pics && cp small.png pics/p10.png && cp still.png pics/p2.png && echo x >pics/notes.txt
cat >folder.sh <<SCRIPT
"$vfview" --engine cpu --pause pics 2>folder.err &
pid=\$!
w=\$(timeout 30 xdotool search --sync --name "^vfview" | head -1)
[ -n "\$w" ] || { kill \$pid; exit 3; }
sleep 1; xdotool getwindowname \$w >folder-titles.txt; xdotool key shift+period; sleep 1
xdotool getwindowname \$w >>folder-titles.txt; xdotool key q; wait \$pid
"$vfview" --engine cpu --image-display-duration 0.5 pics 2>slides.err &
pid=\$!
w=\$(timeout 30 xdotool search --sync --name "^vfview" | head -1)
[ -n "\$w" ] || { kill \$pid; exit 3; }
sleep 2.5; xdotool getwindowname \$w >>folder-titles.txt; xdotool key q; wait \$pid
SCRIPT
in_xvfb 60 1600x900x24 bash folder.sh
[ "$(tr '\n' '|' <folder-titles.txt 2>/dev/null)" = \
    "vfview — p2.png|vfview — p10.png|vfview — p10.png|" ] &&
    grep -qxF "vfview: playing pics/p10.png (2/2)" slides.err && ok ||
    bad "a folder: titles '$(cat folder-titles.txt 2>/dev/null)': $(cat folder.err slides.err)"

# a file dropped on the window (as a file manager drops it: XDND, tests/xdnd_drop.c) plays at
# once, titled after it, and joins the inputs ('<' goes back); a dropped file that does not open
# says why, and the window plays on; a dropped folder joins them with the pictures in it
if [ -n "$drop" ]; then
    echo "not a picture" >notes.txt
    cat >drop.sh <<SCRIPT
"$vfview" --engine cpu --pause still.png 2>drop.err &
pid=\$!
w=\$(timeout 30 xdotool search --sync --name "^vfview" | head -1)
[ -n "\$w" ] || { kill \$pid; exit 3; }
sleep 0.5
"$drop" \$w small.png; echo \$? >drop-status.txt; sleep 0.5
xdotool getwindowname \$w >drop-title.txt
"$drop" \$w notes.txt; echo \$? >>drop-status.txt; sleep 0.5
xdotool getwindowname \$w >>drop-title.txt
xdotool key less; sleep 0.5
xdotool getwindowname \$w >>drop-title.txt
"$drop" \$w pics; echo \$? >>drop-status.txt; sleep 0.5
xdotool getwindowname \$w >>drop-title.txt
xdotool key greater; sleep 0.5
xdotool getwindowname \$w >>drop-title.txt
xdotool key q
wait \$pid
echo \$? >>drop-status.txt
SCRIPT
    in_xvfb 60 $xvfb_default bash drop.sh
    [ "$(cat drop-status.txt 2>/dev/null | tr '\n' ' ')" = "0 0 0 0 " ] &&
        [ "$(cat drop-title.txt | tr '\n' '|')" = "vfview — small.png|vfview — small.png|vfview — still.png|vfview — p2.png|vfview — p10.png|" ] &&
        grep -q "^vfview: .*notes.txt: " drop.err && ok ||
        bad "dropped files: statuses '$(cat drop-status.txt 2>/dev/null | tr '\n' ' ')', titles" \
            "'$(cat drop-title.txt 2>/dev/null | tr '\n' '|')': $(cat drop.err)"
    # a subtitle file dropped (as in mpv) is one more track of the video playing, shown at once:
    # the band under the pictures changes, the title does not, and a recording started then
    # carries it as a subtitle stream
    cat >dropsub.sh <<SCRIPT
"$vfview" --engine cpu --pause -o dropsub.mkv chapters.mkv 2>dropsub.err &
pid=\$!
w=\$(timeout 30 xdotool search --sync --name "^vfview" | head -1)
[ -n "\$w" ] || { kill \$pid; exit 3; }
sleep 1; xdotool key s; sleep 0.4
"$drop" \$w asked.srt; echo \$? >dropsub-status.txt; sleep 0.8; xdotool key s; sleep 0.4
xdotool getwindowname \$w >dropsub-title.txt
xdotool key r; sleep 0.3; xdotool key space; sleep 1.5; xdotool key r; sleep 1; xdotool key q
wait \$pid
SCRIPT
    rm -f vfview-*.png dropsub.mkv
    in_xvfb 60 $xvfb_default bash dropsub.sh
    shots=(vfview-*.png)
    band() { ffmpeg -v error -i "$1" -vf "crop=640:45:0:200" -f rawvideo - | cksum; }
    if [ "${#shots[@]}" -eq 2 ]; then
        [ "$(cat dropsub-status.txt)" = 0 ] && [ "$(cat dropsub-title.txt)" = "vfview — chapters.mkv" ] &&
            grep -q "^vfview: subtitles 1/1 'asked.srt': subrip$" dropsub.err &&
            [ "$(band "${shots[0]}")" != "$(band "${shots[1]}")" ] &&
            [ "$(ffprobe -v error -select_streams s -show_entries stream=codec_name -of csv=p=0 \
                dropsub.mkv)" = subrip ] && ok ||
            bad "a dropped subtitle file: status $(cat dropsub-status.txt), title" \
                "'$(cat dropsub-title.txt)', bands $(band "${shots[0]}") $(band "${shots[1]}"):" \
                "$(grep -v screenshot dropsub.err)"
    else
        bad "a dropped subtitle file: ${#shots[@]} screenshots: $(tail -3 dropsub.err)"
    fi
else
    echo "no xdnd_drop (X11 headers): the drop check skipped"
fi

# the file size limit reached while recording in the window: a clear error and exit status 1,
# the window itself going on to the end, and what was written plays (SIGXFSZ used to kill
# vfview, and a recording failed before quitting left the exit status 0). Under ASan on two
# busy cores the pictures of 3 s may reach the limit only with the file's end, at the quit, and
# they may be as few as 16 (about 620 KB in CI once): 150 KB holds the first picture (about
# 100 KB with the file's head) and about three of them outgrow it.
cat >capped.sh <<SCRIPT
( ulimit -f 150; exec "$vfview" --engine cpu -o capped.mkv 2>capped.err ) &
pid=\$!
timeout 30 xdotool search --sync --name "^vfview" >/dev/null || { kill \$pid; exit 3; }
sleep 0.5; xdotool key r; sleep 3
xdotool key q
wait \$pid
echo \$? >capped-status.txt
SCRIPT
in_xvfb 60 $xvfb_default bash capped.sh
frames=$(ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames \
    -of csv=p=0 capped.mkv 2>/dev/null)
[ "$(cat capped-status.txt 2>/dev/null)" = 1 ] &&
    grep -Eq "recording failed: capped.mkv: (write failed|cannot finish the file): File too large" \
        capped.err &&
    grep -q "frames shown" capped.err && [ "${frames:-0}" -gt 0 ] && ok ||
    bad "file size limit in the window: status '$(cat capped-status.txt 2>/dev/null)'," \
        "${frames:-no} frames in capped.mkv: $(cat capped.err)"

# a pipe cannot seek: the arrows and ',' say so and playback goes on
cat >pipe.sh <<SCRIPT
"$vfview" --engine cpu - <"$sample" 2>pipe.err &
timeout 30 xdotool search --sync --name "^vfview" >/dev/null || exit 3
sleep 0.5; xdotool key Left; sleep 0.3; xdotool key comma; sleep 0.3; xdotool key q
wait
SCRIPT
in_xvfb 60 $xvfb_default bash pipe.sh
[ "$(grep -c "standard input cannot seek: it is read as a stream" pipe.err)" = 2 ] &&
    grep -q "frames shown" pipe.err && ok || bad "seeking a pipe: $(cat pipe.err)"

# a camera in the window: a live source (lavfi's test pattern standing in for V4L2, which no
# machine here has), no seeking, paced by its timestamps; --frames ends it
cat >camera.sh <<SCRIPT
"$vfview" --webcam="testsrc2=size=640x360:rate=30" --webcam-format lavfi --frames 45 2>camera.err &
pid=\$!
timeout 30 xdotool search --sync --name "^vfview" >window.txt || { kill \$pid; exit 3; }
xdotool getwindowname "\$(head -1 window.txt)" >camera-title.txt
for key in Right Left comma bracketright 4 v d; do xdotool key \$key; sleep 0.1; done
wait \$pid
echo \$? >camera-status.txt
SCRIPT
in_xvfb 60 $xvfb_default bash camera.sh
[ "$(cat camera-status.txt 2>/dev/null)" = 0 ] && grep -q "^vfview: 45 frames shown" camera.err &&
    [ "$(cat camera-title.txt)" = "vfview — testsrc2=size=640x360:rate=30" ] &&
    grep -q "a camera plays at its own pace" camera.err &&
    grep -q "a camera cannot seek" camera.err && ok ||
    bad "camera: status '$(cat camera-status.txt 2>/dev/null)', title '$(cat camera-title.txt \
        2>/dev/null)': $(tail -2 camera.err)"

# pixels twice as wide as tall (anamorphic video): a white 100x100 picture shows 200 wide, in a
# window opened for two such halves; shift+s saves it 100x100 with the shape in its PNG (pHYs)
ffmpeg -nostdin -loglevel error -y -f lavfi -i color=white:size=100x100:rate=25:duration=1 \
    -vf setsar=2 -c:v ffv1 wide_pixels.mkv
cat >sar.sh <<SCRIPT
"$vfview" --engine cpu --pause -f identity wide_pixels.mkv 2>sar.err &
pid=\$!
timeout 30 xdotool search --sync --name "^vfview" >/dev/null || { kill \$pid; exit 3; }
sleep 1; xdotool key i; sleep 0.5; xdotool key s; sleep 0.5; xdotool key shift+s; sleep 0.5
xdotool key q
wait \$pid
SCRIPT
session sar.sh
white() { # the white pixels along a line of a screenshot (crop=W:H:X:Y)
    ffmpeg -v error -i "$1" -vf "crop=$2" -f rawvideo -pix_fmt rgb24 - | od -An -tu1 -v -w3 |
        awk '$1 > 250 && $2 > 250 && $3 > 250 { n++ } END { print n + 0 }'
}
phys() { # a PNG's pHYs chunk as "X:Y UNIT", or nothing
    python3 -c 'import struct, sys
d = open(sys.argv[1], "rb").read()
i = 8
while i + 8 <= len(d):
    n, t = struct.unpack(">I4s", d[i:i + 8])
    if t == b"pHYs":
        print("%d:%d %d" % struct.unpack(">IIB", d[i + 8:i + 17]))
    i += 12 + n' "$1"
}
if [ "${#shots[@]}" -eq 2 ]; then
    across=$(white "${shots[0]}" "iw/2:1:0:ih/2") down=$(white "${shots[0]}" "1:ih:iw/4:0")
    [ "$((across * 20))" -ge "$((down * 39))" ] && [ "$((across * 20))" -le "$((down * 41))" ] &&
        grep -q "(400x124)" sar.err && ok ||
        bad "2:1 pixels: the picture $across across by $down down (expected twice as wide);" \
            "$(grep screenshot sar.err)"
    grep -q "picture: ${shots[1]} (CPU, 100x100)" sar.err && [ "$(phys "${shots[1]}")" = "2:1 0" ] &&
        ok || bad "2:1 pixels saved: pHYs '$(phys "${shots[1]}")' (expected '2:1 0'): $(cat sar.err)"
else
    bad "2:1 pixels: ${#shots[@]} files (expected a screenshot and a picture): $(tail -2 sar.err)"
fi

# an A-B loop: A at the first picture, B five steps on (0.2 s); played for 2.5 s, the picture
# on screen is one of the first five again, not one from 2.5 s in
ffmpeg -nostdin -loglevel error -y -f lavfi -i testsrc2=size=96x60:rate=25:duration=4 \
    -pix_fmt gbrp -c:v ffv1 ab.mkv
ffmpeg -nostdin -loglevel error -y -i ab.mkv -frames:v 8 ab%d.png
cat >ab.sh <<SCRIPT
"$vfview" --engine cpu --pause -f identity ab.mkv 2>ab.err &
pid=\$!
timeout 30 xdotool search --sync --name "^vfview" >/dev/null || { kill \$pid; exit 3; }
sleep 1; xdotool key l; sleep 0.3
for i in 1 2 3 4 5; do xdotool key period; sleep 0.3; done
xdotool key l; sleep 0.3
xdotool key space; sleep 2.5; xdotool key space; sleep 0.5
xdotool key shift+s; sleep 0.5
xdotool key q
wait \$pid
SCRIPT
session ab.sh
looped=none
for i in 1 2 3 4 5 6 7 8; do
    [ "${#shots[@]}" -eq 1 ] && "$check" same "ab$i.png" "${shots[0]}" >/dev/null 2>&1 && looped=$i
done
grep -q "A-B loop: 0:00.000 - 0:00.200" ab.err && [ "$looped" != none ] && [ "$looped" -le 6 ] &&
    ok || bad "A-B loop: the picture after 2.5 s is frame $looped (expected 1-6): $(cat ab.err)"
# the loop's points are white ticks on the seek bar (over a black clip: the only white there)
ffmpeg -nostdin -loglevel error -y -f lavfi -i color=black:size=320x240:rate=25:duration=4 \
    -c:v ffv1 black.mkv
cat >ticks.sh <<SCRIPT
"$vfview" --engine cpu --pause -f identity black.mkv 2>ticks.err &
pid=\$!
timeout 30 xdotool search --sync --name "^vfview" >/dev/null || { kill \$pid; exit 3; }
sleep 1; xdotool key s; sleep 0.3; xdotool key l
for i in 1 2 3 4 5 6 7 8 9 10; do xdotool key period; sleep 0.2; done
xdotool key l; sleep 0.5; xdotool key s; sleep 0.3
xdotool key q
wait \$pid
SCRIPT
session ticks.sh
if [ "${#shots[@]}" -eq 2 ]; then
    before=$(white "${shots[0]}" "iw:12:0:ih-12") after=$(white "${shots[1]}" "iw:12:0:ih-12")
    [ "$before" -eq 0 ] && [ "$after" -ge 8 ] && ok ||
        bad "A-B ticks: $before white pixels along the bar before, $after with A and B set"
else
    bad "A-B ticks: ${#shots[@]} screenshots (expected 2): $(tail -2 ticks.err)"
fi
# the same in MPEG-TS, whose clock starts at 1.4 s: positions count from the input's start, as in
# mpv (the loop read 0:01.400 - 0:01.800 there, and its ticks stood a third of the way along)
ffmpeg -nostdin -loglevel error -y -i black.mkv -c:v libx264 -preset ultrafast -pix_fmt yuv420p \
    -f mpegts black.ts
sed 's/black\.mkv/black.ts/; s/ticks\.err/tsticks.err/' ticks.sh >tsticks.sh
session tsticks.sh
if [ "${#shots[@]}" -eq 2 ]; then
    left=$(white "${shots[1]}" "iw/5:12:0:ih-12") right=$(white "${shots[1]}" "iw*4/5:12:iw/5:ih-12")
    grep -q "A-B loop: 0:00.000 - 0:00.400" tsticks.err && [ "$left" -ge 8 ] && [ "$right" -eq 0 ] &&
        ok || bad "A-B loop in MPEG-TS: $left white pixels in the bar's first fifth (expected 8 or" \
        "more), $right after it (expected 0): $(grep A-B tsticks.err)"
else
    bad "A-B ticks in MPEG-TS: ${#shots[@]} screenshots (expected 2): $(tail -2 tsticks.err)"
fi

# The window's sound, written by SDL's disk driver: a clip of 1 s tones at 300, 600, ... 1800 Hz
# started at 1.5 s plays 600 Hz for 0.5 s first; a pause is silent and play resumes where it
# paused (the 900 Hz second plays 1 s in all); '/' five times: volume 50%, a gain of 1/8 (a peak
# of 0.0625); 'm' mutes. Without a sound device the pictures play on.
ffmpeg -nostdin -loglevel error -y -f lavfi -i testsrc=size=160x120:rate=25:duration=6 -f lavfi \
    -i "aevalsrc=0.5*sin(2*PI*300*(1+floor(t))*t):s=48000:c=stereo:d=6" -c:v libx264 \
    -pix_fmt yuv420p -c:a aac tones.mp4
cat >sound.sh <<SCRIPT
SDL_AUDIODRIVER=disk SDL_DISKAUDIOFILE=sound.raw "$vfview" --start 1.5 tones.mp4 2>sound.err &
pid=\$!
timeout 30 xdotool search --sync --name "^vfview" >/dev/null || { kill \$pid; exit 3; }
sleep 0.8; xdotool key space; sleep 1; xdotool key space; sleep 0.8
for i in 1 2 3 4 5; do xdotool key slash; done
sleep 1; xdotool key m; sleep 0.5; xdotool key q
wait \$pid
SDL_AUDIODRIVER=disk SDL_DISKAUDIOFILE=quiet.raw "$vfview" --volume 50 --frames 30 tones.mp4 \
    2>quiet.err
SDL_AUDIODRIVER=disk SDL_DISKAUDIOFILE=none.raw "$vfview" --no-audio --frames 10 tones.mp4 \
    2>none.err
SCRIPT
session sound.sh
# a stream whose sound changes format mid-way, as a broadcast's can between programmes: 1.5 s of
# 300 Hz mono at 44.1 kHz, then 600 Hz stereo at 48 kHz (two MPEG-TS files end to end)
ts_part() { # HZ RATE CHANNELS START
    ffmpeg -nostdin -loglevel error -y -f lavfi -i testsrc=size=160x120:rate=25:duration=1.5 \
        -f lavfi -i "sine=f=$1:r=$2:d=1.5" -ac "$3" -c:v libx264 -pix_fmt yuv420p -c:a mp2 \
        -output_ts_offset "$4" -f mpegts "part$1.ts"
}
ts_part 300 44100 1 0 && ts_part 600 48000 2 1.5 && cat part300.ts part600.ts >change.ts
# the same with the second part's clock 30 s on, as a broadcast that restarts its clock: the
# window stood still and silent for 28.5 s between them
ts_part 600 44100 1 30 && cat part300.ts part600.ts >leap.ts
# sound with a gap of a second (its 900 Hz second cut out, the timestamps kept), as a broadcast's
# dropout leaves one
ffmpeg -nostdin -loglevel error -y -i tones.mp4 -c:v copy -af "aselect='not(between(t,2,3))'" \
    -c:a aac gap.mkv
cat >speeds.sh <<SCRIPT
SDL_AUDIODRIVER=disk SDL_DISKAUDIOFILE=change.raw "$vfview" --frames 70 change.ts 2>change.err
SDL_AUDIODRIVER=disk SDL_DISKAUDIOFILE=leap.raw "$vfview" --frames 70 leap.ts 2>leap.err
SDL_AUDIODRIVER=nosuch "$vfview" --frames 10 tones.mp4 2>nodevice.err
SDL_AUDIODRIVER=disk SDL_DISKAUDIOFILE=gap.raw "$vfview" --frames 125 gap.mkv 2>gap.err
SDL_AUDIODRIVER=disk SDL_DISKAUDIOFILE=fast.raw "$vfview" --speed 2 --frames 60 tones.mp4 \
    2>fast.err
SDL_AUDIODRIVER=disk SDL_DISKAUDIOFILE=faster.raw "$vfview" --speed 8 --loop --frames 60 \
    tones.mp4 2>faster.err
SCRIPT
session speeds.sh
# --end: the pictures and the sound end there (the sound used to play on to the input's end while
# the last picture stayed), and with --loop both start again at --start
cat >cut.sh <<SCRIPT
SDL_AUDIODRIVER=disk SDL_DISKAUDIOFILE=cut.raw "$vfview" --start 1.5 --end 2.5 tones.mp4 \
    2>cut.err &
pid=\$!
timeout 30 xdotool search --sync --name "^vfview" >/dev/null || { kill \$pid; exit 3; }
sleep 3.5; xdotool key q
wait \$pid
SDL_AUDIODRIVER=disk SDL_DISKAUDIOFILE=cutloop.raw "$vfview" --start 1.5 --length 1 --loop \
    --frames 50 tones.mp4 2>cutloop.err
SCRIPT
session cut.sh
# two audio tracks, 300 Hz, and 600 Hz for half a second then 900 Hz: the first plays; '#'
# (a second in) goes to the second on the same device, from the clock's time (900 Hz only),
# with no gap (SDL's disk driver would start its file again had the device been opened again,
# as it was), and a recording started then carries the second alone; --aid 2 plays the second
# from the start
ffmpeg -nostdin -loglevel error -y -f lavfi -i testsrc=size=160x120:rate=25:duration=4 \
    -f lavfi -i "sine=f=300:r=48000:d=4" \
    -f lavfi -i "aevalsrc=0.125*sin(2*PI*t*if(lt(t\,0.5)\,600\,900)):s=48000:d=4" -map 0 -map 1 \
    -map 2 -ac 2 -c:v libx264 -pix_fmt yuv420p -c:a aac twotracks.mkv
cat >tracks.sh <<SCRIPT
SDL_AUDIODRIVER=disk SDL_DISKAUDIOFILE=tracks.raw "$vfview" -o tracks-rec.mkv twotracks.mkv \
    2>tracks.err &
pid=\$!
timeout 30 xdotool search --sync --name "^vfview" >/dev/null || { kill \$pid; exit 3; }
sleep 1; xdotool key numbersign; sleep 0.5; xdotool key r; sleep 1; xdotool key r; sleep 0.5
xdotool key q
wait \$pid
SDL_AUDIODRIVER=disk SDL_DISKAUDIOFILE=aid1.raw "$vfview" --frames 25 twotracks.mkv 2>aid1.err
SDL_AUDIODRIVER=disk SDL_DISKAUDIOFILE=aid2.raw "$vfview" --aid 2 --frames 25 twotracks.mkv \
    2>aid2.err
SCRIPT
session tracks.sh
runs() { python3 "$here/sound_runs.py" "$1" 2>&1; }
runs sound.raw >sound.runs
# the runs of 0.15 s or more: the windows where a tone starts or ends are runs of their own
# (half a window of 900 Hz, at the pause, counts as 450: label 2, so 600 Hz is counted in runs
# longer than one window)
awk '$2 >= 0.15' sound.runs >sound.long
[ "$(awk '$1 != "." {print $1; exit}' sound.long)" = 2 ] &&
    awk '$1 == 2 && $2 > 0.05 {t += $2} END {exit !(t >= 0.35 && t <= 0.65)}' sound.runs && ok ||
    bad "sound: 0.5 s at 600 Hz first: $(tr '\n' ' ' <sound.runs) $(tail -2 sound.err)"
awk '$1 == "." && $2 >= 0.6 && prev != "" && prev != "." {gap = NR; before = prev}
     NR == gap + 1 && gap {after = $1} {prev = $1}
     END {exit !(gap && before == after)}' sound.long && ok ||
    bad "sound: no silent pause between the same tone: $(tr '\n' ' ' <sound.runs)"
awk '$1 == 3 {t += $2} END {exit !(t >= 0.8 && t <= 1.2)}' sound.runs && ok ||
    bad "sound: 900 Hz plays 1 s across the pause: $(tr '\n' ' ' <sound.runs)"
# after the first sound at 1/8, none louder
awk '$1 == "." {next} quiet && $3 > 0.09 {louder = 1} $3 >= 0.4 {loud = 1}
     $2 >= 0.15 && $3 >= 0.04 && $3 <= 0.09 {quiet = 1} END {exit !(loud && quiet && !louder)}' \
    sound.runs && ok ||
    bad "sound: volume 50% is not a peak of 1/8 the full one: $(tr '\n' ' ' <sound.runs)"
[ "$(tail -1 sound.runs | cut -d' ' -f1)" = . ] && ok ||
    bad "sound: not silent after m: $(tr '\n' ' ' <sound.runs)"
awk '$1 != "." && $2 >= 0.15 {n++; if ($3 < 0.04 || $3 > 0.09) wrong = 1}
     END {exit !(n && !wrong)}' <(runs quiet.raw) && ok ||
    bad "sound: --volume 50: $(runs quiet.raw | tr '\n' ' ') $(tail -2 quiet.err)"
[ ! -e none.raw ] && grep -q "10 frames shown" none.err && ok ||
    bad "sound: --no-audio opened a sound device, or failed: $(tail -2 none.err)"
# at speed 2 each tone lasts 0.5 s at its own pitch (300 Hz, then 600: not 600, then 1200);
# beyond 4x, silence
awk '$2 >= 0.15 && $1 != "." {tones = tones $1} $1 == 1 {one += $2} $1 == 2 {two += $2}
     END {exit !(tones ~ /^12/ && one >= 0.35 && one <= 0.6 && two >= 0.35 && two <= 0.6)}' \
    <(runs fast.raw) && ok || bad "sound at 2x: $(runs fast.raw | tr '\n' ' ') $(tail -2 fast.err)"
[ "$(runs faster.raw | cut -d' ' -f1 | sort -u)" = . ] && grep -q "60 frames shown" faster.err &&
    ok || bad "sound at 8x is not silent: $(runs faster.raw | tr '\n' ' ') $(tail -2 faster.err)"
# the device stays as the first sound opened it (44.1 kHz mono): 300 Hz, then 600 Hz to the end
awk '$2 >= 0.15 && $1 != "." {tones = tones $1} $1 == 1 {one += $2} $1 == 2 {two += $2}
     END {exit !(tones == "12" && one >= 1.2 && two >= 0.8)}' \
    <(python3 "$here/sound_runs.py" change.raw 44100 1) && ! grep -q sound: change.err && ok ||
    bad "sound that changes format: $(python3 "$here/sound_runs.py" change.raw 44100 1 |
        tr '\n' ' ') $(tail -2 change.err)"
# across the leap, pictures and sound play on: 300 Hz, then 600 Hz with no silence between (the
# silence before the first tone is longer under ASan)
awk '$2 >= 0.15 {tones = tones $1} $1 == 1 {one += $2} $1 == 2 {two += $2}
     END {exit !(tones ~ /^\.?12$/ && one >= 1.2 && two >= 0.8)}' \
    <(python3 "$here/sound_runs.py" leap.raw 44100 1) && grep -q "70 frames shown" leap.err && ok ||
    bad "sound across a leap of the clock: $(python3 "$here/sound_runs.py" leap.raw 44100 1 |
        tr '\n' ' ') $(tail -2 leap.err)"
# the gap is a second of silence, and 1200 Hz plays in its second: the sound used to go on with
# it at once, and stayed a second ahead of the pictures to the end
awk '$2 < 0.15 {next} $1 == "." && prev == 2 {gap = $2} {tones = tones $1; prev = $1}
     END {exit !(tones ~ /^\.?12\.4/ && gap >= 0.8 && gap <= 1.2)}' <(runs gap.raw) && ok ||
    bad "sound with a gap: $(runs gap.raw | tr '\n' ' ') $(tail -2 gap.err)"
# --start 1.5 --end 2.5: 600 Hz for 0.5 s, 900 Hz for 0.5 s, then silence to the end; with
# --loop, 50 pictures are those twice
awk '$2 >= 0.15 {tones = tones $1} $1 == 2 {two += $2} $1 == 3 {three += $2} {last = $1; t = $2}
     END {exit !(tones ~ /^\.?23\.$/ && last == "." && t >= 1 && two >= 0.35 && two <= 0.65 &&
            three >= 0.35 && three <= 0.65) }' <(runs cut.raw) && grep -q "frames shown" cut.err &&
    ok || bad "--end in the window: $(runs cut.raw | tr '\n' ' ') $(tail -2 cut.err)"
awk '$2 >= 0.15 {tones = tones $1} END {exit !(tones ~ /^\.?2323\.?$/)}' <(runs cutloop.raw) &&
    grep -q "50 frames shown" cutloop.err && ok ||
    bad "--end with --loop in the window: $(runs cutloop.raw | tr '\n' ' ') $(tail -2 cutloop.err)"
awk '$2 >= 0.15 {tones = tones $1} $1 == "3" {second = 1}
     first && !second && $1 == "." {gap += $2} $1 == "1" {first = 1}
     END {exit !(tones ~ /^\.?13\.?$/ && gap <= 0.1)}' <(runs tracks.raw) &&
    grep -q "audio track 2/2: aac, stereo, 48 kHz" tracks.err && ok ||
    bad "'#' in the window: $(runs tracks.raw | tr '\n' ' ') $(tail -2 tracks.err)"
ffmpeg -nostdin -v error -i tracks-rec.mkv -map 0:a:0 -ac 2 -ar 48000 -f f32le -y tracks-rec.raw
[ "$(ffprobe -v error -select_streams a -show_entries stream=index -of csv=p=0 tracks-rec.mkv |
    grep -c .)" = 1 ] && [ "$(runs tracks-rec.raw | awk '$2 >= 0.15 {printf "%s", $1}')" = 3 ] &&
    ok || bad "a recording after '#': $(runs tracks-rec.raw | tr '\n' ' ') $(tail -2 tracks.err)"
for track in 1 2; do
    awk -v want=$([ $track = 1 ] && echo 1 || echo 23) '$2 >= 0.15 {tones = tones $1}
        END {exit !(tones == want || tones == "." want)}' <(runs aid$track.raw) &&
        grep -q "25 frames shown" aid$track.err && ok ||
        bad "track $track in the window: $(runs aid$track.raw | tr '\n' ' ') $(tail -2 aid$track.err)"
done
# no sound device: one line says why, and the pictures play on
grep -q "^vfview: tones.mp4: sound: SDL_InitSubSystem: Audio target 'nosuch' not available" \
    nodevice.err && grep -q "10 frames shown" nodevice.err && ok ||
    bad "sound: without a device: $(tail -2 nodevice.err)"

# key bindings from the user's file (XDG_CONFIG_HOME) over the built-in ones: q unbound, x quits
# (in a window opened with --pause: one picture shown); a bad line of --input-conf FILE fails
# before any window, in one line naming the line
mkdir -p config/vfview && printf 'x quit # quits\nq ignore\n' >config/vfview/input.conf
cat >keys.sh <<SCRIPT
"$vfview" --engine cpu --pause 2>keys.err &
pid=\$!
timeout 30 xdotool search --sync --name "^vfview" >/dev/null || { kill \$pid; exit 3; }
xdotool key q; sleep 1
kill -0 \$pid && echo running >keys-after-q.txt
xdotool key x
wait \$pid
echo \$? >keys-status.txt
SCRIPT
in_xvfb 60 $xvfb_default bash keys.sh
[ "$(cat keys-after-q.txt 2>/dev/null)" = running ] && [ "$(cat keys-status.txt)" = 0 ] &&
    grep -q "^vfview: 1 frame shown" keys.err && ok ||
    bad "input.conf: after q '$(cat keys-after-q.txt 2>/dev/null)', status after x" \
        "'$(cat keys-status.txt 2>/dev/null)': $(tail -2 keys.err)"
printf 'x quit\nx jump\n' >bad-keys.conf
in_xvfb 60 $xvfb_default "$vfview" --input-conf bad-keys.conf 2>bad-keys.err
status=$?
[ $status -eq 1 ] &&
    [ "$(cat bad-keys.err)" = "vfview: bad-keys.conf:2: unknown command 'jump' for key x" ] &&
    ok || bad "a bad key binding: status $status, $(cat bad-keys.err)"

# keys act by the characters they type on the user's layout: on a German keyboard '>' is
# shift+'<' (the next input), ']' is AltGr+9 (10% faster), and a file can bind 'ä' (quit)
layout_check() {
    printf '\xc3\xa4 quit\n' >de.conf
    cat >layout.sh <<SCRIPT
setxkbmap de || exit 4
"$vfview" --engine cpu --pause --input-conf de.conf still.png small.png 2>layout.err &
pid=\$!
w=\$(timeout 30 xdotool search --sync --name "^vfview" | head -1)
[ -n "\$w" ] || { kill \$pid; exit 3; }
sleep 0.5; xdotool key greater; sleep 0.5
xdotool getwindowname \$w >layout-title.txt
xdotool key bracketright; sleep 0.3
xdotool key adiaeresis
wait \$pid
echo \$? >layout-status.txt
SCRIPT
    in_xvfb 60 $xvfb_default bash layout.sh
    [ "$(cat layout-status.txt 2>/dev/null)" = 0 ] &&
        [ "$(cat layout-title.txt 2>/dev/null)" = "vfview — small.png" ] &&
        grep -q "speed 1.10x" layout.err && ok ||
        bad "a German layout: status '$(cat layout-status.txt 2>/dev/null)', title after '>'" \
            "'$(cat layout-title.txt 2>/dev/null)': $(cat layout.err)"
}
if command -v setxkbmap >/dev/null; then layout_check; else
    echo "setxkbmap not installed: the keyboard layout check skipped"
fi

# --frames ends the window by itself; a bad input fails before any window, in one line
in_xvfb 60 $xvfb_default "$vfview" --engine cpu --frames 15 2>frames.err
[ $? -eq 0 ] && grep -q "^vfview: 15 frames shown" frames.err && ok ||
    bad "--frames 15: $(cat frames.err)"
in_xvfb 60 $xvfb_default "$vfview" nonexistent.mp4 2>missing.err
[ $? -eq 1 ] && [ "$(grep -c . missing.err)" -eq 1 ] &&
    grep -q "nonexistent.mp4: cannot open: No such file" missing.err && ok ||
    bad "missing input: $(cat missing.err)"
# wider than any OpenGL's textures (Mesa's take 16384 pixels a side): one line, before a frame
ffmpeg -nostdin -loglevel error -y -f lavfi -i color=red:size=65000x8 -frames:v 1 wide.png
in_xvfb 60 $xvfb_default "$vfview" wide.png 2>wide.err
[ $? -eq 1 ] && [ "$(grep -c . wide.err)" -eq 1 ] &&
    grep -q "^vfview: 65000x8 frames are larger than this OpenGL's textures" wide.err && ok ||
    bad "frames wider than a texture: $(cat wide.err)"

finish viewer
