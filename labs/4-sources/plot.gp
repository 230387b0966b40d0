# plot.gp - lab 4's picture, from analyse.py's sources.dat (run from the
# output directory; `ext` is set by ./run).
set output 'sources.'.ext
set termoption noenhanced
set title 'Where three ways of sampling put the D-cache misses, against the truth'
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set grid y
set key top right
set ylabel 'share of the program''s D-cache misses'
set yrange [0:1.05]
plot 'sources.dat' using 2:xtic(1) title 'truth', '' using 3 title 'DMISS overflows', \
     '' using 4 title 'read at CYCLES overflows', '' using 5 title 'read at the clock (1024 Hz)'
