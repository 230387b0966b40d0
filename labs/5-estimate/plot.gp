# plot.gp - lab 5's picture, from analyse.py's error.csv (run from the
# output directory; `ext` is set by ./run).
set output 'estimate-error.'.ext
set datafile separator ','
set title 'dcpicalc on kernel(): error of the estimates against the samples'
set logscale xy
set grid
set key top right
set xlabel 'CYCLES samples in the procedure'
set ylabel 'mean relative error (weighted by cycles)'
plot 'error.csv' every ::1 using 2:3 with points pt 7 ps 1.5 title 'frequency', \
     '' every ::1 using 2:4 with points pt 5 ps 1.5 title 'CPI', \
     '' every ::1 using 2:5 with points pt 9 ps 1.5 title 'CPI with --true-freq', \
     '' every ::1 using 2:6 with lines lw 2 dt 2 title 'c / sqrt(n)'
