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
# part (viewer/sound.sh) writes it to a file
export SDL_AUDIODRIVER=dummy

# runs a session's script under Xvfb (a screen of $2, or 1600x900); the screenshots it took,
# oldest first, in shots
session() {
    rm -f vfview-*.png
    in_xvfb 60 "${2:-1600x900x24}" bash "$1"
    shots=(vfview-*.png)
}

# the checks in parts of one job each, run in this order in this shell: a part may use the files
# and helpers of the parts before it; the log says how long each took
for part in session pictures subtitles positions files inputs loops sound keys; do
    started=$SECONDS
    . "$here/viewer/$part.sh"
    echo "viewer/$part.sh: $((SECONDS - started)) s"
done

finish viewer
