# plot.gp - lab 2's picture, from analyse.py's window-*.dat (run from
# the output directory; `ext` is set by ./run).
set output 'blind.'.ext
set termoption noenhanced
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set grid y
set key top right
set ylabel 'share of all'
set yrange [0:*]
set multiplot layout 2, 2 title 'Samples against the truth''s cycles'
set xtics rotate by -45 font ',8'
set title 'around the two system calls in main()'
plot 'window-syscall.dat' using 2:xtic(1) title 'samples', '' using 3 title 'cycles'
set title 'walk(): a load that misses the DTB, filled in PAL code'
plot 'window-walk.dat' using 2:xtic(1) title 'samples', '' using 3 title 'cycles'
set title 'code run at IPL 7, by function'
set xtics rotate by -30 font ',9'
plot 'window-ipl.dat' using 2:xtic(1) title 'samples', '' using 3 title 'cycles'
set title 'the counter interrupt''s handler: no samples'
unset xtics
set xlabel 'instructions of the handler with cycles'
plot 'window-handler.dat' using 2 title 'samples', '' using 3 title 'cycles'
unset multiplot
