# Sourced by test_viewer.sh, after the parts before it (whose files and helpers it may use).
# The pictures shown: paused and filtered again, the seek bar, the speed, the zoom, small and
# full-screen windows, --geometry, the help.

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
