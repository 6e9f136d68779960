#!/bin/bash
# Long run (issue 7): SECONDS (default 600) of headless processing with recording of an endless
# 1280x720 stream (FFmpeg's testsrc2 as YUV4MPEG through a pipe), then SIGINT. Prints vfview's
# RSS every 30 s, at the start and at the end, and checks that the recording plays to the frame
# count vfview reported. YUV4MPEG because FFmpeg's NUT demuxer keeps an index entry per frame
# of a pipe (12 MB a minute at 720p), which would hide ours. usage: tools/long_run.sh [SECONDS] [BUILD]
set -u
duration="${1:-600}"
vfview="${2:-build}/src/vfview"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
ffmpeg -v error -f lavfi -i "testsrc2=size=1280x720:rate=30" -pix_fmt yuv420p \
    -f yuv4mpegpipe - 2>"$dir/ffmpeg.log" |
    "$vfview" -i pipe:0 --no-window -f sharpen -o "$dir/long.mkv" 2>"$dir/vfview.log" &
sleep 1
pid=$(pgrep -n -f "$vfview -i pipe:0 --no-window") || { echo "vfview did not start"; cat "$dir/vfview.log"; exit 1; }
rss() { awk '/^VmRSS/ {print $2}' "/proc/$pid/status" 2>/dev/null; }
hwm() { awk '/^VmHWM/ {print $2}' "/proc/$pid/status" 2>/dev/null; }
start_rss="" start_hwm=""
for ((t = 30; t <= duration; t += 30)); do
    sleep 30
    kill -0 "$pid" 2>/dev/null || { echo "vfview died at ${t}s"; tail -3 "$dir/vfview.log"; exit 1; }
    echo "t=${t}s rss=$(rss) kB peak=$(hwm) kB"
    if [ -z "$start_rss" ]; then start_rss=$(rss); start_hwm=$(hwm); fi
done
end_rss=$(rss); end_hwm=$(hwm)
kill -INT "$pid"
wait
tail -c 600 "$dir/vfview.log" | tr '\r' '\n' | tail -2
written=$(grep -o '[0-9]* written' "$dir/vfview.log" | tail -1 | awk '{print $1}')
decoded=$(ffprobe -v error -count_frames -select_streams v:0 -show_entries stream=nb_read_frames \
    -of csv=p=0 "$dir/long.mkv")
echo "RSS after 30 s: ${start_rss} kB (peak ${start_hwm} kB); at ${duration} s: ${end_rss} kB (peak ${end_hwm} kB)"
echo "recording: vfview wrote ${written:-?} frames, ffprobe decodes ${decoded:-?}"
[ -n "$written" ] && [ "$written" = "$decoded" ]
