# Sourced by test_viewer.sh, after the parts before it (whose files and helpers it may use).
# Subtitle files, the split view and the mouse's buttons (cue_end: subtitles.sh).

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
