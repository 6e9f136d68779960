# Sourced by test_viewer.sh, after the parts before it (whose files and helpers it may use).
# Where screenshots and recordings go, several inputs, folders, dropped files, a full disk, a
# pipe and a camera.

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
