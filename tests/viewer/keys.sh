# Sourced by test_viewer.sh, after the parts before it (whose files and helpers it may use).
# Key bindings and layouts, --frames, and inputs that fail before a window.

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
