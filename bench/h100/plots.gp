# vfview bench plots: run `gnuplot plots.gp` in this directory

reset session
load 'style.gp'
set output 'resolution.png'
set title "Speedup over the sequential CPU engine vs frame size"
set xlabel "frame size (megapixels)"
set ylabel "speedup over cpu/ref (x)"
set logscale xy
plot for [i=3:10] 'resolution.dat' using 1:i with linespoints title columnheader(i)

reset session
load 'style.gp'
set output 'kernel_gaussian.png'
set title "Speedup vs kernel size: gaussian"
set xlabel "kernel side (taps)"
set ylabel "speedup over cpu/ref (x)"
set logscale y
plot for [i=3:9] 'kernel_gaussian.dat' using 1:i with linespoints title columnheader(i)

reset session
load 'style.gp'
set output 'kernel_box.png'
set title "Speedup vs kernel size: box"
set xlabel "kernel side (taps)"
set ylabel "speedup over cpu/ref (x)"
set logscale y
plot for [i=3:9] 'kernel_box.dat' using 1:i with linespoints title columnheader(i)

reset session
load 'style.gp'
set output 'block.png'
set title "Speedup vs CUDA block size (block x block threads)"
set xlabel "block side (threads)"
set ylabel "speedup over cpu/ref (x)"
set logscale x 2
plot for [i=3:6] 'block.dat' using 1:i with linespoints title columnheader(i)

reset session
load 'style.gp'
set output 'memory.png'
set title "Taps in constant vs global memory, tiled vs naive"
set xlabel "kernel side (taps)"
set ylabel "speedup over cpu/ref (x)"
set logscale y
plot for [i=3:6] 'memory.dat' using 1:i with linespoints title columnheader(i)

reset session
load 'style.gp'
set output 'transfers.png'
set title "Frame time with host<->device copies (gpu/fast)"
set xlabel "frame size"
set ylabel "ms per frame"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set yrange [0:*]
plot for [i=3:6] 'transfers.dat' using i:xtic(2) title columnheader(i)

reset session
load 'style.gp'
set output 'streams.png'
set title "Streamed pipeline: throughput vs frames in flight"
set xlabel "CUDA streams (frames in flight)"
set ylabel "speedup over 1 stream (x)"
set logscale x 2
plot for [i=3:4] 'streams.dat' using 1:i with linespoints title columnheader(i)

reset session
load 'style.gp'
set output 'threads.png'
set title "CPU engine (fast) vs threads"
set xlabel "threads"
set ylabel "speedup over 1 thread (x)"
plot for [i=3:3] 'threads.dat' using 1:i with linespoints title columnheader(i), x with lines dashtype 2 title 'ideal'

reset session
load 'style.gp'
set output 'peers.png'
set title "vfview against NPP, the sequential CPU engine and a plain copy"
set xlabel "frame size"
set ylabel "ms per frame (log scale)"
set logscale y
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set yrange [*:*]
plot for [i=3:7] 'peers.dat' using i:xtic(2) title columnheader(i)
