# vfview bench plots: run `gnuplot plots.gp` in this directory

reset session
load 'style.gp'
set output 'resolution.png'
set title "Speedup over the sequential CPU engine vs frame size"
set xlabel "frame size (megapixels)"
set ylabel "speedup over cpu/ref (x)"
set logscale xy
plot for [i=3:10] 'resolution.dat' using 1:i with linespoints title columnheader(i)
