# plot.gp - lab 1's pictures, from analyse.py's plot/*.dat (run from the
# output directory; `ext`, `delays` and `events` are set by ./run).
set key top right
set grid
set style data linespoints

set output 'skid-insns.'.ext
set multiplot layout 1, words(delays) title 'Where do samples land? (samples in the program, not deferred)'
set xrange [-4:40]
set yrange [0:1]
set xlabel '(delivered PC - cause PC) / 4'
set ylabel 'share of the samples'
do for [d in delays] {
	set title 'pmu\_delay = '.d
	plot for [e in events] 'plot/insns-'.d.'-'.e.'.dat' title e
}
unset multiplot

set output 'skid-cycles.'.ext
set multiplot layout 1, words(delays) title 'Cycles from the overflow to the interrupt (every sample)'
set xrange [0:200]
set yrange [0.8:*]
set logscale y
set xlabel 'deliver\_cycle - overflow\_cycle'
set ylabel 'samples'
do for [d in delays] {
	set title 'pmu\_delay = '.d
	plot for [e in events] 'plot/cycles-'.d.'-'.e.'.dat' with impulses lw 2 title e
}
unset multiplot
