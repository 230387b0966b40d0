# plot.gp - lab 3's pictures, from analyse.py's profile.dat and
# error.csv (run from the output directory; `ext`, `spreads` and
# `period` are set by ./run).
set grid
set datafile separator whitespace

set output 'period-profile.'.ext
set title sprintf('Samples per instruction of the loop against the truth (period %s)', period)
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set boxwidth 0.9
set xlabel 'instruction of main and work (by address)'
set ylabel 'share of the cycles or samples'
set xtics rotate by -60 font ',7'
set yrange [0:*]
# beside the fixed period: DCPI's spread scaled (P/16, 1024 here) if
# it was run, else the last
shown = words(spreads)
do for [i = 1:words(spreads)] { if (word(spreads, i) eq '1024') { shown = i } }
plot 'profile.dat' using 3:xtic(2) title 'truth (head cycles)', \
     '' using 4 title 'fixed period', \
     '' using (column(3 + shown)) title 'spread '.word(spreads, shown)

set output 'period-error.'.ext
set title 'Profile error against the spread of the period'
set style data linespoints
unset style
set xtics norotate font ',11'
set datafile separator ','
set key off
set xlabel 'spread of the period (cycles; the period is uniform in P - spread/2 .. P + spread/2)'
set ylabel 'error (half the sum of |sample share - cycle share|)'
set yrange [0:1]
plot 'error.csv' every ::1 using 0:3:xtic(1) with linespoints lw 2 pt 7
