# Sourced by test_viewer.sh, after the parts before it (whose files and helpers it may use).
# Where playback is: chapters, Shift+Q's kept positions and settings, the status line, 'L', and
# several inputs in turn.

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
