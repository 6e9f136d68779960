# Sourced by test_viewer.sh, after the parts before it (whose files and helpers it may use).
# The first session: every filter key, the recording it makes, and recordings across seeks.

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
