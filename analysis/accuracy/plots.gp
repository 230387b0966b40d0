# analysis/accuracy/plots.gp - `make accuracy`'s plots (docs/accuracy.md),
# run by run.sh in OUT/plots from the data table.py wrote there (vars.gp
# names it), each as PNG and SVG:
#   freq-cdf       the CDF of the frequency error weighted by CYCLES
#                  samples, every estimator and period on the same axes
#   cpi-scatter    estimated against true CPI per instruction (log-log,
#                  the line y = x), one panel per estimator
#   breakdown-NAME where NAME's cycles went: each estimator's dcpiwhatcg
#                  categories (the range's middle, the range as a bar)
#                  beside the truth's
load "vars.gp"
nest = words(ests)
nper = words(periods)
lo = 0.05
hi = 2000
clamp(v) = v < lo ? lo : v > hi ? hi : v

do for [fmt in "png svg"] {
	if (fmt eq "png") {
		set terminal pngcairo size 1000,650 noenhanced font ",10"
	} else {
		set terminal svg size 1000,650 noenhanced font ",10"
	}

	# ---- the frequency error's CDF ------------------------------------------
	set output "freq-cdf." . fmt
	set title "Frequency error: share of CYCLES samples at instructions whose estimated executions are within x of the truth\n(make accuracy: every workload and seed, each run weighing the same)"
	set logscale x
	set xrange [0.001:10]
	set yrange [0:1]
	set format x "%g"
	set xlabel "|estimated / true executions - 1|"
	set ylabel "share of CYCLES samples"
	set grid
	set arrow 1 from 0.1, graph 0 to 0.1, graph 1 nohead dt 2 lc rgb "gray40"
	set arrow 2 from 0.25, graph 0 to 0.25, graph 1 nohead dt 2 lc rgb "gray40"
	set key outside right top
	plot for [i=1:words(cdfests)] for [j=1:nper] \
		sprintf("cdf.%s.%s.dat", word(cdfests, i), word(periods, j)) using 1:2 \
		with lines lc i dt j lw 2 \
		title sprintf("%s, period %s", word(cdfests, i), word(periods, j))
	unset arrow 1
	unset arrow 2

	# ---- estimated against true CPI ---------------------------------------------
	set output "cpi-scatter." . fmt
	unset key
	set multiplot layout (nest + 2) / 3, (nest < 3 ? nest : 3) title sprintf("CPI per instruction with CYCLES samples, period %s, every workload and seed (make accuracy)\nvalues beyond %g..%g drawn at the edge; the line: y = x", refperiod, lo, hi)
	set logscale xy
	set xrange [lo:hi]
	set yrange [lo:hi]
	set format y "%g"
	set size ratio 1
	# no key: it sat on the points; each panel's title names its
	# estimator and the figure's title the line
	unset key
	set xlabel "true CPI"
	set ylabel "estimated CPI"
	do for [i=1:nest] {
		set title word(ests, i)
		plot sprintf("scatter.%s.dat", word(ests, i)) using (clamp($1)):(clamp($2)) \
			with points pt 7 ps 0.3 lc i title word(ests, i), \
			x with lines lc rgb "black" title "y = x"
	}
	unset multiplot
	unset logscale
	set size noratio
	set autoscale

	# ---- the cycle breakdowns -------------------------------------------------------
	set style data histogram
	set style histogram errorbars gap 1 lw 1
	set style fill solid 0.6 border -1
	set xtics rotate by -40 scale 0
	set yrange [0:*]
	set xrange [*:*]
	set key inside top left Left reverse noautotitle
	set grid y
	set xlabel ""
	set ylabel "percent of the image's cycles"
	do for [name in names] {
		set output sprintf("breakdown-%s.%s", name, fmt)
		set title sprintf("Where the cycles of %s went (dcpiwhatcg, period %s; make accuracy)\neach estimate (bar: the middle of its range; whiskers: the range) beside the truth", name, refperiod)
		f = sprintf("breakdown.%s.dat", name)
		plot for [i=1:nest] f using (column(3*i-1)):(column(3*i)):(column(3*i+1)):xtic(1) \
			title word(ests, i), \
			f using (column(3*nest+2)):(column(3*nest+2)):(column(3*nest+2)) \
			title "truth" lc rgb "black"
	}
	unset xtics
	set xtics
	set style data points
}
