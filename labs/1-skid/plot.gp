# plot.gp - lab 1's pictures, from analyse.py's plot/*.dat (run from the
# output directory; `ext`, `delays` and `events` are set by ./run).
set key top right
set grid
set style data linespoints

# each panel's x axis spans the distances holding at least 0.5% of its
# samples, one more on each side (analyse.py writes every distance from
# -8 to 40, most of them 0): the skid of each delay at its own scale
set output 'skid-insns.'.ext
set key below horizontal
set multiplot layout 1, words(delays) title "Where do samples land? (samples in the program, not deferred;\neach panel's x axis spans the distances with 0.5% of its samples or more)"
set yrange [0:1]
set xlabel '(delivered PC - cause PC) / 4'
set ylabel 'share of the samples'
do for [d in delays] {
	xmin = 0; xmax = 1
	do for [e in events] {
		stats 'plot/insns-'.d.'-'.e.'.dat' \
			using ($2 >= 0.005 ? (xmin = $1 < xmin ? $1 : xmin, xmax = $1 > xmax ? $1 : xmax) : 0) \
			nooutput
	}
	set xrange [xmin - 1:xmax + 1]
	set title 'pmu\_delay = '.d
	plot for [e in events] 'plot/insns-'.d.'-'.e.'.dat' title e
}
unset multiplot

# one row of panels per event, so that no event's spikes hide another's
set output 'skid-cycles.'.ext
set multiplot layout words(events), words(delays) title 'Cycles from the overflow to the interrupt (every sample)'
set key inside top right
set xrange [-4:200]
set yrange [0.8:*]
set logscale y
do for [i = 1:words(events)] {
	e = word(events, i)
	do for [d in delays] {
		set title (i == 1 ? 'pmu\_delay = '.d : '')
		set xlabel (i == words(events) ? 'deliver\_cycle - overflow\_cycle' : '')
		set ylabel 'samples'
		plot 'plot/cycles-'.d.'-'.e.'.dat' with impulses lw 2 lc i title e
	}
}
unset multiplot
