"$1" --frames 400 2>vfview.err &
pid=$!
timeout 30 xdotool search --sync --name "^vfview" >/dev/null || { kill $pid; exit 3; }
sleep 1
for key in v v v v d; do xdotool key $key; sleep 0.3; done
xdotool key s
sleep 0.3
xdotool key d v 3 s
wait $pid
