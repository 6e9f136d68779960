# shared look of the plots: PNG (cairo where available), legend outside
if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
    set terminal pngcairo size 1100,650 font ',11'
} else {
    set terminal png size 1100,650
}
set datafile missing '?'
set key outside right top
set grid
