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
set multiplot layout 3, 1 title 'Samples against the truth''s cycles per instruction'
set xtics rotate by -45 font ',8'
set title 'around the system calls: main() (the instructions after each callsys)'
plot 'window-syscall.dat' using 2:xtic(1) title 'samples', '' using 3 title 'cycles'
set title 'code run at IPL 7 (under the scheduler''s spin lock), by function: where its overflows came from, and where they landed'
set xtics norotate font ',9'
plot 'window-ipl.dat' using 2:xtic(1) title 'samples', '' using 3 title 'cycles'
set title 'the counter interrupt''s handler (driver/, __dcpi_intr_start..end): no samples at all'
unset xtics
set xlabel 'instructions of the handler with cycles'
plot 'window-handler.dat' using 2 title 'samples', '' using 3 title 'cycles'
unset multiplot
