# Sourced by test_viewer.sh, after the parts before it (whose files and helpers it may use).
# Subtitles in the window and in its recordings: text cues, tracks, DVD and Blu-ray pictures.

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
